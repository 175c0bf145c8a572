#!/usr/bin/env bash
# run.sh - make bench: co-simulation speed of rf_top for small and every fermi-scale config
# (Verilator alone, lock-step with the model, full loop; the lock-step overhead over Verilator
# alone is what the model costs), rtl_gen time for fermi, and virtualization's power-gating
# view (vt_power, a synthetic workload), coalescing's access reduction (coal_access, a synthetic
# workload), the eDRAM file's refresh saving and storage error (edram_error, a synthetic workload),
# FineReg's resident CTAs (finereg_ctas, a synthetic stall model).
# Medians of repeated runs;
# results in build/bench/results.txt. These are measurements, never pass/fail criteria.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=build/bench
mkdir -p "$out"
res=$out/results.txt
REPEATS=${REPEATS:-5}
# the timed harnesses are compiled with g++ (the co-simulation's default is clang++, which builds
# faster): the figures in docs/benchmarks.md were measured so; RF_CXX=clang++ to compare
export RF_CXX=${RF_CXX:-g++}
{
	echo "# make bench, $(date -u +%Y-%m-%d), $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
	echo "# $(verilator --version), harness C++ by $("$RF_CXX" --version | head -1)"
} >"$res"
fermis=$(ls generated | grep '^fermi' | sed 's/$/:200000/')
for spec in small:1000000 $fermis; do
	cfg=${spec%%:*} cycles=${spec#*:}
	dir=$out/$cfg/rf_top
	if [ ! -x "$dir/Vcosim" ] || [ "$dir/Vcosim" -ot "generated/$cfg/rf_top.sv" ] || [ "$dir/Vcosim" -ot build/lib/librfm.a ]; then
		echo "verilator: rf_top ($cfg, no tracing, for timing)"
		mkdir -p "$dir"
		verif/cosim/build.sh "generated/$cfg/cosim/rf_top_glue.h" "$dir" "$out/build-$cfg.log" \
			-O3 -Wno-fatal -fno-dfg -MAKEFLAGS "OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2" \
			--top-module rf_top -F "$PWD/generated/$cfg/files.f"
	fi
	echo "bench: rf_top $cfg, $cycles cycles x $REPEATS"
	taskset -c 0 "$dir/Vcosim" +config=generated/$cfg/config.ini +seed=1 +cycles=$cycles +bench=$REPEATS | tee -a "$res"
done
# the same lock-step overhead in instructions (callgrind), which does not move with the machine
if command -v valgrind >/dev/null; then
	verif/bench/icount.sh fermi 5000 | tee -a "$res"
fi
# generator time: fermi, REPEATS x 5 runs, median
times=()
for i in $(seq $((REPEATS * 5))); do
	t0=$(date +%s%N)
	build/bin/rtl_gen -c rtl_gen/configs/fermi.ini -o "$out/gen-fermi" >/dev/null
	times+=($(( ($(date +%s%N) - t0) / 1000 )))
done
med=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
echo "rtl_gen -c rtl_gen/configs/fermi.ini -o DIR: median $(awk -v m="$med" 'BEGIN {printf "%.1f", m/1000}') ms over ${#times[@]} runs" | tee -a "$res"
# register file virtualization: the power-gating view on a synthetic workload (docs/virtualization.md)
gcc -O2 -std=c11 -D_GNU_SOURCE -Icmodel -Icmodel/virtualization -Ibuild/gen verif/bench/vt_power.c build/lib/librfm.a -linih -o "$out/vt_power"
"$out/vt_power" rtl_gen/configs/fermi_virt.ini | tee -a "$res"
# coalescing-aware register file: bank accesses and collector writes saved on a synthetic narrow-biased
# workload (docs/coalescing.md, "Access reduction"); the same stream with every value full width
make -s build/bin/coal_access
for dist in fig3_3 full; do
	build/bin/coal_access rtl_gen/configs/fermi_coalesce.ini 200000 $dist | tee -a "$res"
done
# eDRAM approximate register file: refresh-energy saving and storage error on a synthetic FP32
# workload (docs/benchmarks.md, "eDRAM approximate register file")
gcc -O2 -std=c11 -D_GNU_SOURCE -Icmodel -Icmodel/edram -Ibuild/gen verif/bench/edram_error.c build/lib/librfm.a -linih -lm \
	-o "$out/edram_error"
"$out/edram_error" rtl_gen/configs/fermi_edram.ini | tee -a "$res"
# FineReg: resident CTAs against the baseline's on a synthetic stall model (docs/finereg.md,
# "Synthetic benchmark"): the model of the register management unit, no RTL yet
gcc -O2 -std=c11 -D_GNU_SOURCE -Icmodel -Icmodel/finereg -Ibuild/gen verif/bench/finereg_ctas.c build/lib/librfm.a \
	-linih -lm -o "$out/finereg_ctas"
# the paper's SM (verif/bench/finereg_paper.ini): short waits with 32-byte beats, long ones with 128
"$out/finereg_ctas" verif/bench/finereg_paper.ini | tee -a "$res"
"$out/finereg_ctas" --waits 1000-3000 -s finereg.beat_bytes=128 verif/bench/finereg_paper.ini | tee -a "$res"
echo "bench: results in $res"
