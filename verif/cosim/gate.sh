#!/usr/bin/env bash
# gate.sh CONFIG - gate-level co-simulation: Yosys synthesizes rf_top of generated/CONFIG into
# generic cells (synth -flatten: memories become flops), and the same harness and glue run the
# netlist in lock-step against the C model, seeds 1 and 2. A fault planted in the model
# (XBAR_SLOT0_NEIGHBOUR, cmodel/base/faults.def) must still be caught. Any warning in the Yosys
# or Verilator log fails. Logs: build/CONFIG/logs/.
set -uo pipefail
cfg=${1:-small}
cycles=${GATE_CYCLES:-100000}
dir=build/$cfg/gate
logs=build/$cfg/logs
mkdir -p "$dir/cosim" "$logs"
gen=${RF_GEN_DIR:-generated/$cfg}  # RF_GEN_DIR: a user config (Makefile)
mapfile -t files < <(sed "s|^|$gen/|" "$gen/files.f")

if ! yosys -q -l "$logs/gate-synth.log" -p "read_verilog -sv ${files[*]}; hierarchy -check -top rf_top; \
	synth -top rf_top -flatten; opt_clean -purge; write_verilog -noattr $dir/rf_top.v" >/dev/null 2>&1 ||
	grep -qi warning "$logs/gate-synth.log"; then
	echo "sim-synth: yosys synthesis of rf_top ($cfg) failed or warned (log $logs/gate-synth.log)"; exit 1
fi
echo "sim-synth: rf_top ($cfg) synthesized to $(grep -c '^ *always\|^ *assign' "$dir/rf_top.v") generic-cell statements"
# -fno-const-bit-op-tree: see synth/power.sh (a Verilator 5.006 misoptimization of Yosys netlists)
if ! verif/cosim/build.sh "$gen/cosim/rf_top_glue.h" "$dir/cosim" "$logs/gate-verilator.log" \
	-O1 -fno-const-bit-op-tree -MAKEFLAGS "OPT_FAST=-O1 OPT_SLOW=-O1 OPT_GLOBAL=-O2" \
	--top-module rf_top "$PWD/$dir/rf_top.v" || grep -q "%Warning" "$logs/gate-verilator.log"; then
	echo "sim-synth: verilator build of the netlist failed or warned (log $logs/gate-verilator.log)"; exit 1
fi
pass=0 fail=0
for s in 1 2; do
	if "$dir/cosim/Vcosim" +config=$gen/config.ini +seed=$s +cycles=$cycles +quiet \
		>"$logs/gate-cosim-seed$s.log" 2>&1; then
		pass=$((pass + 1)); echo "PASS sim-synth rf_top $cfg seed $s $cycles cycles (gate-level netlist)"
	else
		fail=$((fail + 1)); echo "FAIL sim-synth rf_top $cfg seed $s (log $logs/gate-cosim-seed$s.log)"
		grep -m5 MISMATCH "$logs/gate-cosim-seed$s.log"
	fi
done
"$dir/cosim/Vcosim" +config=$gen/config.ini +seed=1 +cycles=20000 +mutate=XBAR_SLOT0_NEIGHBOUR +quiet \
	>"$logs/gate-mutation.log" 2>&1
if grep -q MISMATCH "$logs/gate-mutation.log"; then
	pass=$((pass + 1)); echo "CAUGHT planted fault XBAR_SLOT0_NEIGHBOUR against the netlist: $(grep -m1 MISMATCH "$logs/gate-mutation.log" | cut -c1-90)"
else
	fail=$((fail + 1)); echo "MISSED planted fault XBAR_SLOT0_NEIGHBOUR against the netlist (log $logs/gate-mutation.log)"
fi
echo "sim-synth $cfg: $pass passed, $fail failed"
[ $fail = 0 ]
