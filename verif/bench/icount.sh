#!/usr/bin/env bash
# icount.sh CONFIG [CYCLES] - instructions per simulated cycle of rf_top's bench harness, counted by
# callgrind (make bench; docs/benchmarks.md). Unlike the timed figures these do not move with the
# machine's load: the lock-step overhead as instructions, (model + compare) / (Verilator + input
# copy). The harness is the one make bench builds (build/bench/CONFIG/rf_top/Vcosim).
#
# +bench=1 runs the stimulus recording (model only), then Verilator alone, lock-step and the full
# loop once each: the model's eval and tick run 3 x CYCLES times, the compare (glue_out) 2 x, the
# Verilated eval_step 2 x per cycle in 3 runs, the input copy (glue_in) once per cycle in 3 runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
cfg=${1:?usage: icount.sh CONFIG [CYCLES]}
cycles=${2:-5000}
bin=build/bench/$cfg/rf_top/Vcosim
out=build/bench/callgrind-$cfg.out
[ -x "$bin" ] || { echo "icount.sh: $bin missing (make bench builds it)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "icount.sh: valgrind not installed" >&2; exit 2; }
valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" +config="generated/$cfg/config.ini" +seed=1 \
	+cycles="$cycles" +bench=1 >/dev/null 2>&1
callgrind_annotate --inclusive=yes --auto=no --threshold=100 "$out" | awk -v n="$cycles" -v cfg="$cfg" '
	function num(s) { gsub(",", "", s); return s + 0 }
	/ \?\?\?:Vrf_top::eval_step\(\) / { rtl = num($1) }
	/ \?\?\?:glue_in\(/ { gin = num($1) }
	/ \?\?\?:glue_out\(/ { gout = num($1) }
	# the wrappers of every block model; the largest entry is the inclusive one (the others are lines
	# the compiler inlined elsewhere)
	/cmodel\/block\.c:rfm_model_eval( |$)/ { if (num($1) > ev) ev = num($1) }
	/cmodel\/block\.c:rfm_model_tick( |$)/ { if (num($1) > tk) tk = num($1) }
	END {
		if (!rtl || !gin || !gout || !ev || !tk) { print "icount.sh: a function is missing from the profile" > "/dev/stderr"; exit 2 }
		v = (rtl + gin) / (3 * n); e = ev / (3 * n); t = tk / (3 * n); c = gout / (2 * n)
		printf "ICOUNT rf_top %s cycles %d per cycle: verilator+input %.0f, model eval %.0f, tick %.0f, compare %.0f: lock-step overhead %.1f%% in instructions\n", cfg, n, v, e, t, c, 100 * (e + t + c) / v
	}'
