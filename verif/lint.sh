#!/usr/bin/env bash
# lint.sh CONFIG DIR LOGDIR - the three front ends on every generated module of DIR:
#   verilator --lint-only -Wall (each module as top), iverilog -g2012 -Wall, yosys check -assert
#   (every module, also those rf_top does not instantiate); the assertion blocks' text, which the
#   three leave out (rg_assert: inside `ifdef RFM_ASSERTIONS / FORMAL), through iverilog with
#   RFM_ASSERTIONS defined; and no line longer than 100 characters in any generated .sv (STYLE.md,
#   "Emitted Verilog").
# Any warning or error fails; tool logs are kept in LOGDIR.
# LINT_SHARED="rf_a rf_b": modules whose text (comments and blank lines aside) another config's lint
# covers (make test lints each block once per shape): not linted as Verilator's top, and read by
# Yosys as black boxes (-lib), so only their ports are checked against their instances here.
set -uo pipefail
cfg=$1 dir=$2 logs=$3 shared=" ${LINT_SHARED:-} "
mkdir -p "$logs"
mapfile -t files < <(sed "s|^|$dir/|" "$dir/files.f")
fail=0 reads="" nshared=0
for f in "${files[@]}"; do
	m=$(basename "$f" .sv)
	case $shared in *" $m "*) reads+="read_verilog -sv -lib $f; " nshared=$((nshared + 1)); continue ;; esac
	reads+="read_verilog -sv $f; "
	log=$logs/lint-verilator-$m.log
	if ! verilator --lint-only -Wall --top-module "$m" -F "$dir/files.f" >"$log" 2>&1 || [ -s "$log" ]; then
		echo "lint: verilator -Wall: $m ($cfg) is not clean:"; head -20 "$log"; fail=1
	fi
done
log=$logs/lint-iverilog.log
if ! iverilog -g2012 -Wall -o "$logs/iverilog.vvp" "${files[@]}" >"$log" 2>&1 || [ -s "$log" ]; then
	echo "lint: iverilog -g2012 -Wall ($cfg) is not clean:"; head -20 "$log"; fail=1
fi
if grep -q RFM_ASSERTIONS "${files[@]}"; then
	# the assertions' own text: Icarus's only remark on it is that $error is not synthesizable
	log=$logs/lint-iverilog-assertions.log
	if ! iverilog -g2012 -DRFM_ASSERTIONS -o "$logs/iverilog-assertions.vvp" "${files[@]}" >"$log" 2>&1 ||
		grep -v 'System task (\$error) cannot be synthesized in an always_ff process' "$log" | grep -q .; then
		echo "lint: the assertion blocks under RFM_ASSERTIONS ($cfg) are not clean:"; head -20 "$log"; fail=1
	fi
fi
log=$logs/lint-yosys.log
if ! yosys -q -l "$log" -p "$reads hierarchy -check; proc; check -assert" \
	>/dev/null 2>&1 || grep -qi "warning" "$log"; then
	echo "lint: yosys check ($cfg) is not clean:"; grep -i -m 20 "warning\|error" "$log"; fail=1
fi
long=$(awk 'length > 100 { print FILENAME ":" FNR ": " length " characters" }' "${files[@]}" "$dir"/fpga/*.sv 2>/dev/null)
if [ -n "$long" ]; then
	echo "lint: lines longer than 100 characters ($cfg):"; echo "$long" | head -20; fail=1
fi
if [ $fail = 0 ]; then
	note=""
	[ $nshared = 0 ] || note=" ($nshared of them as in another config's lint:${LINT_SHARED})"
	echo "lint: $cfg: ${#files[@]} modules clean under verilator -Wall, iverilog -Wall (and with assertions), yosys check -assert, <= 100 columns$note"
fi
exit $fail
