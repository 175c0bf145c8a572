#!/usr/bin/env bash
# run.sh [--dry] [--out DIR] FILE - make sweep (docs/sweeps.md): plan the points of sweep FILE
# (refused ones listed with the configuration rule's message), run the flows of every point not
# finished yet with the sweep's runner, collect results.csv, times.csv, summary.md and plots/
# into DIR (default build/sweep/<name>/). A bad sweep file: exit 2, nothing written or submitted.
#   --dry      list the points and the refused ones; no flow runs, nothing is written
#   RUNNER     local or slurm: overrides sweep.runner
#   JOBS       points at once: local jobs, or the Slurm array's throttle (overrides sweep.jobs)
#   WAIT=0     slurm: submit the array and the collecting job, and return without waiting
# Progress: one line per finished point (local) or per change (slurm): done, failed, running,
# left, and an estimate of the time left. Run from the repository root (make sweep does).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
. sweeps/lib.sh
SW=${SWEEP_BIN:-build/bin/sweep}
RTL_GEN=${RTL_GEN:-build/bin/rtl_gen}
dry=0 out=""
while [ $# -gt 1 ]; do
	case $1 in
	--dry) dry=1; shift ;;
	--out) out=$2; shift 2 ;;
	*) break ;;
	esac
done
[ $# = 1 ] || { echo "usage: sweeps/run.sh [--dry] [--out DIR] FILE" >&2; exit 2; }
file=$1
[ -f "$file" ] || { echo "$file: no such sweep file" >&2; exit 2; }
if [ $dry = 1 ]; then
	exec "$SW" list "$file" --rtl-gen "$RTL_GEN"
fi
name=$(basename "$file" .ini)
out=${out:-build/sweep/$name}
# parse first: a bad file writes nothing
"$SW" list "$file" --rtl-gen "$RTL_GEN" >/dev/null || exit $?
"$SW" plan "$file" "$out" --rtl-gen "$RTL_GEN" || exit $?
sw_load "$out"
runner=${RUNNER:-$SW_RUNNER}
jobs=${JOBS:-$SW_JOBS}
case $runner in local | slurm) ;; *) echo "sweep: RUNNER=$runner: unknown runner (legal: local|slurm)" >&2; exit 2 ;; esac
todo=$(sw_todo "$out" | tr '\n' ' ')
ntodo=$(wc -w <<<"$todo")
nok=$(awk -F'\t' '$3 == "ok"' "$out/plan.tsv" | wc -l)
echo "sweep $name: runner $runner, $ntodo of $nok points to run ($((nok - ntodo)) finished earlier), $jobs at once: $out"

# progress DONE FAILED RUNNING LEFT ELAPSED FINISHED: one line with an estimate of the time left
progress() {
	local eta=""
	if [ "$6" -gt 0 ] && [ $(($3 + $4)) -gt 0 ]; then
		eta=", about $(($5 * ($3 + $4) / $6 / jobs + 1)) s left"
	fi
	echo "sweep $name: $1 done, $2 failed, $3 running, $4 left$eta"
}

run_local() {
	local id running=0 left=$ntodo fin=0 t0 pid
	declare -A ids=()
	t0=$(date +%s)
	for id in $todo; do
		while [ $running -ge "$jobs" ]; do
			wait -n -p pid
			running=$((running - 1)) fin=$((fin + 1))
			echo "sweep $name: ${ids[$pid]} $(cat "$out/points/${ids[$pid]}/status" 2>/dev/null || echo crashed)"
			progress "$(sw_count "$out" "done")" "$(sw_count "$out" failed)" $running $left $(($(date +%s) - t0)) $fin
		done
		sweeps/point.sh "$out" "$id" >/dev/null 2>&1 &
		ids[$!]=$id
		running=$((running + 1)) left=$((left - 1))
	done
	while [ $running -gt 0 ]; do
		wait -n -p pid
		running=$((running - 1)) fin=$((fin + 1))
		echo "sweep $name: ${ids[$pid]} $(cat "$out/points/${ids[$pid]}/status" 2>/dev/null || echo crashed)"
		progress "$(sw_count "$out" "done")" "$(sw_count "$out" failed)" $running $left $(($(date +%s) - t0)) $fin
	done
	sweeps/collect.sh "$out"
}

case $runner in
local) run_local ;;
slurm) SW_TODO=$todo JOBS=$jobs sweeps/slurm.sh "$out" ;;
esac
