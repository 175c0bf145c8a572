#!/usr/bin/env bash
# run.sh CONFIG "SEEDS" TOP_CYCLES BLOCK_CYCLES MODULE... - run the co-simulation harness of every
# module with every seed (rf_top for TOP_CYCLES, the other blocks for BLOCK_CYCLES). With
# COVFAIL=1 (default) a coverage event never hit fails the run. rf_top of an eDRAM config runs once
# per seed in each decay mode (off, paper, retention). Logs: build/CONFIG/logs/ (rf_top's
# counters, totals and rates, also as cosim-rf_top-seedS[-decay-MODE]-counters.csv).
set -uo pipefail
cfg=$1 seeds=$2 top_cycles=$3 block_cycles=$4
shift 4
covfail=${COVFAIL:-1}
logs=build/$cfg/logs gen=${RF_GEN_DIR:-generated/$cfg}  # RF_GEN_DIR: a user config (Makefile)
mkdir -p "$logs"
# rf_top of an eDRAM config runs in every decay mode (docs/edram.md, "Decay"): one build, +decay=MODE
decays=$(verif/cosim/decay_modes.sh "$gen/config.ini")
pass=0 fail=0
for m in "$@"; do
	cycles=$block_cycles
	[ "$m" = rf_top ] && cycles=$top_cycles
	modes=-
	[ "$m" = rf_top ] && [ -n "$decays" ] && modes=$decays
	for s in $seeds; do
		for d in $modes; do
			tag=seed$s what="" args=(+config=$gen/config.ini +seed=$s +cycles=$cycles)
			[ "$d" != - ] && tag=seed$s-decay-$d what=" decay $d" args+=(+decay="$d")
			log=$logs/cosim-$m-$tag.log
			[ "$covfail" = 1 ] && args+=(+covfail)
			# the counters' totals and rates are at the end of the log, and as CSV beside it
			[ "$m" = rf_top ] && args+=(+counters="$logs/cosim-$m-$tag-counters.csv")
			if build/$cfg/cosim/$m/Vcosim "${args[@]}" >"$log" 2>&1; then
				pass=$((pass + 1))
				printf 'PASS cosim %-16s %-8s seed %-3s %7s cycles%s\n' "$m" "$cfg" "$s" "$cycles" \
					"$what"
			else
				fail=$((fail + 1))
				printf 'FAIL cosim %-16s %-8s seed %-3s (log %s)\n' "$m" "$cfg" "$s" "$log"
				grep -E "MISMATCH|CHECK|golden|recount|never hit|FAILED" "$log" | head -12
			fi
		done
	done
done
echo "cosim $cfg: $pass passed, $fail failed"
[ $fail = 0 ]
