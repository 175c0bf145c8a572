#!/usr/bin/env bash
# lint.sh CONFIG DIR LOGDIR - the three front ends on every generated module of DIR:
#   verilator --lint-only -Wall (each module as top), iverilog -g2012 -Wall, yosys check -assert
#   (every module, also those rf_top does not instantiate); and no line longer than 100 characters
#   in any generated .sv (STYLE.md, "Emitted Verilog").
# Any warning or error fails; tool logs are kept in LOGDIR.
set -uo pipefail
cfg=$1 dir=$2 logs=$3
mkdir -p "$logs"
mapfile -t files < <(sed "s|^|$dir/|" "$dir/files.f")
fail=0
for f in "${files[@]}"; do
	m=$(basename "$f" .sv)
	log=$logs/lint-verilator-$m.log
	if ! verilator --lint-only -Wall --top-module "$m" -F "$dir/files.f" >"$log" 2>&1 || [ -s "$log" ]; then
		echo "lint: verilator -Wall: $m ($cfg) is not clean:"; head -20 "$log"; fail=1
	fi
done
log=$logs/lint-iverilog.log
if ! iverilog -g2012 -Wall -o "$logs/iverilog.vvp" "${files[@]}" >"$log" 2>&1 || [ -s "$log" ]; then
	echo "lint: iverilog -g2012 -Wall ($cfg) is not clean:"; head -20 "$log"; fail=1
fi
log=$logs/lint-yosys.log
if ! yosys -q -l "$log" -p "read_verilog -sv ${files[*]}; hierarchy -check; proc; check -assert" \
	>/dev/null 2>&1 || grep -qi "warning" "$log"; then
	echo "lint: yosys check ($cfg) is not clean:"; grep -i -m 20 "warning\|error" "$log"; fail=1
fi
long=$(awk 'length > 100 { print FILENAME ":" FNR ": " length " characters" }' "${files[@]}" "$dir"/fpga/*.sv 2>/dev/null)
if [ -n "$long" ]; then
	echo "lint: lines longer than 100 characters ($cfg):"; echo "$long" | head -20; fail=1
fi
if [ $fail = 0 ]; then
	echo "lint: $cfg: ${#files[@]} modules clean under verilator -Wall, iverilog -Wall, yosys check -assert, <= 100 columns"
fi
exit $fail
