#!/usr/bin/env bash
# run.sh CONFIG "SEEDS" TOP_CYCLES BLOCK_CYCLES MODULE... - run the co-simulation harness of every
# module with every seed (rf_top for TOP_CYCLES, the other blocks for BLOCK_CYCLES). With
# COVFAIL=1 (default) a coverage event never hit fails the run. Logs: build/CONFIG/logs/ (rf_top's
# counters, totals and rates, also as cosim-rf_top-seedS-counters.csv).
set -uo pipefail
cfg=$1 seeds=$2 top_cycles=$3 block_cycles=$4
shift 4
covfail=${COVFAIL:-1}
logs=build/$cfg/logs gen=${RF_GEN_DIR:-generated/$cfg}  # RF_GEN_DIR: a user config (Makefile)
mkdir -p "$logs"
pass=0 fail=0
for m in "$@"; do
	cycles=$block_cycles
	[ "$m" = rf_top ] && cycles=$top_cycles
	for s in $seeds; do
		log=$logs/cosim-$m-seed$s.log
		args=(+config=$gen/config.ini +seed=$s +cycles=$cycles)
		[ "$covfail" = 1 ] && args+=(+covfail)
		# the counters' totals and rates are at the end of the log, and as CSV beside it
		[ "$m" = rf_top ] && args+=(+counters="$logs/cosim-$m-seed$s-counters.csv")
		if build/$cfg/cosim/$m/Vcosim "${args[@]}" >"$log" 2>&1; then
			pass=$((pass + 1))
			printf 'PASS cosim %-16s %-8s seed %-3s %7s cycles\n' "$m" "$cfg" "$s" "$cycles"
		else
			fail=$((fail + 1))
			printf 'FAIL cosim %-16s %-8s seed %-3s (log %s)\n' "$m" "$cfg" "$s" "$log"
			grep -E "MISMATCH|CHECK|golden|recount|never hit|FAILED" "$log" | head -12
		fi
	done
done
echo "cosim $cfg: $pass passed, $fail failed"
[ $fail = 0 ]
