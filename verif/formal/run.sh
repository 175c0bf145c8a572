#!/usr/bin/env bash
# run.sh CONFIG [--selftest] - prove the RTL's own assertions (rg_assert, compiled under FORMAL) of
# CONFIG's checked module with yosys-smtbmc and z3: bounded model checking from reset, then
# 1-induction (docs/verification.md, "Formal proofs"). Outputs in build/CONFIG/formal/. Exits
# non-zero when a proof fails, after writing the counterexample as a VCD and printing its path.
# --selftest also plants a fault in a copy of the RTL (port 1 ignores port 0's grant, as in
# cmodel/regmutex/mutants.sh) and fails unless that proof fails with a counterexample.
set -uo pipefail
cd "$(dirname "$0")/../.."
cfg=$1 mode=${2:-}
out=build/$cfg/formal
# steps 0..DEPTH-1: reset, launch, four cycles of two grants fill all 8 sections, a release, a
# re-acquire of the freed section, and a margin (docs/verification.md, "Formal proofs")
DEPTH=${DEPTH:-10}

# the module holding the config's checks: the one generated file with rg_assert's FORMAL block
checked_module() {
	local f
	f=$(grep -l '^ *`define RFM_CHECKS' $(sed "s|^|generated/$cfg/|" "generated/$cfg/files.f") | head -1)
	[ -n "$f" ] && basename "$f" .sv
}

# 1-induction: a state meeting the assertions steps only to states meeting them; with the base
# case above the assertions hold in every reachable state, at any depth
induct() {
	local name=$1 smt=$2 log=$out/$1-induction.log
	if yosys-smtbmc -s z3 --unroll -i -t 2 "$smt" >"$log" 2>&1; then
		echo "formal: $name: induction PASSED, the assertions hold at every depth"
		return 0
	fi
	echo "formal: $name: induction FAILED (log $log): the invariants alone are not inductive"
	return 2
}

# prove DIR's RTL (a copy of generated/CONFIG) with top TOP; NAME labels the outputs
prove() {
	local name=$1 dir=$2 top=$3 files smt=$out/$1.smt2 log=$out/$1.log vcd=$out/$1-cex.vcd
	files=$(sed "s|^|$dir/|" "$dir/files.f" | tr '\n' ' ')
	rm -f "$vcd"
	# async2sync: the asynchronous reset as a synchronous mux (the solver has one clock); the
	# design as an AIG, since z3 4.8 is slow on the word-level encoding of the indexed writes
	if ! yosys -q -l "$out/$name-yosys.log" -p "read_verilog -formal -sv -DFORMAL $files; prep -top $top;
		async2sync; dffunmap; techmap; opt -fast; abc -g AND; opt_clean; dffunmap; write_smt2 -wires $smt" \
		>/dev/null 2>&1; then
		echo "formal: yosys failed on $name (log $out/$name-yosys.log)"; return 2
	fi
	# --unroll: smtbmc inlines the definitions itself (z3 4.8.12 stalls on nested define-funs)
	if yosys-smtbmc -s z3 --unroll -t "$DEPTH" --dump-vcd "$vcd" "$smt" >"$log" 2>&1; then
		echo "formal: $name: PASSED, $top assertions hold in steps 0..$((DEPTH - 1)) from reset"
		induct "$name" "$smt"
		return
	fi
	grep -m 3 "Assert failed\|ERROR\|rror" "$log" | sed 's/^/  /'
	if [ -s "$vcd" ]; then echo "formal: $name: FAILED, counterexample $vcd (gtkwave $vcd)"; return 1; fi
	echo "formal: $name: FAILED without a counterexample (log $log)"; return 2
}

mkdir -p "$out"
top=$(checked_module) || { echo "formal: generated/$cfg has no formal checks"; exit 1; }
t0=$(date +%s)
prove "$top" "generated/$cfg" "$top" || exit 1
if [ "$mode" = --selftest ]; then
	dir=$out/mutant-port1-ignores-port0-grant
	rm -rf "$dir" && mkdir -p "$dir" && cp -r "generated/$cfg/." "$dir/"
	sed -i '0,/taken\[f\] = 1'"'"'b1;/s//taken[f] = 1'"'"'b0;/' "$dir/rf_srp_ctrl.sv"
	if cmp -s "generated/$cfg/rf_srp_ctrl.sv" "$dir/rf_srp_ctrl.sv"; then
		echo "formal: selftest: the planted fault changed nothing (stale pattern)"; exit 1
	fi
	prove mutant-port1-ignores-port0-grant "$dir" "$top"
	case $? in
	1) echo "formal: selftest: the planted fault is caught with a counterexample" ;;
	*) echo "formal: selftest: the planted fault was NOT caught"; exit 1 ;;
	esac
fi
echo "formal: $cfg done in $(($(date +%s) - t0)) s"
