#!/usr/bin/env bash
# slurm.sh OUT - the Slurm runner of a planned sweep (docs/sweeps.md, "Runners"; sweeps/run.sh
# calls it): one job array, one task per point to run (task N is point pNNNN, sweeps/point.sh),
# at most JOBS at once (--array=...%JOBS), and a job that depends on the array (afterany) and
# collects the results (sweeps/collect.sh). Every file is under OUT and the repository, so the
# cluster's nodes need the repository on a shared file system at the same path. Points finished
# earlier (status done with the same spec) are not submitted again.
#   SW_TODO   the ids of the points to run (sweeps/run.sh)
#   [slurm] partition, account, qos, time, mem, cpus, options of the sweep file become sbatch
#   options; unset ones leave sbatch's own defaults and its SBATCH_* environment variables.
#   WAIT=0    submit and return; otherwise wait for the collecting job, with progress lines
#   SLURM_CONF  as for every Slurm command (make sweep-check points it at its own cluster)
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
. sweeps/lib.sh
out=$1
sw_load "$out"
root=$(pwd)
todo=${SW_TODO:-}
jobs=${JOBS:-$SW_JOBS}
name=$SW_NAME
command -v sbatch >/dev/null || { echo "sweep $name: the slurm runner needs sbatch (Slurm's client) on PATH" >&2; exit 1; }
sd=$out/slurm
mkdir -p "$sd"
rm -f "$sd/collect.rc"

opts=(--chdir="$root" --cpus-per-task="$SW_CPUS" --export=ALL)
[ -n "$SW_PARTITION" ] && opts+=(--partition="$SW_PARTITION")
[ -n "$SW_ACCOUNT" ] && opts+=(--account="$SW_ACCOUNT")
[ -n "$SW_QOS" ] && opts+=(--qos="$SW_QOS")
[ -n "$SW_TIME" ] && opts+=(--time="$SW_TIME")
[ -n "$SW_MEM" ] && opts+=(--mem="$SW_MEM")
read -ra extra <<<"$SW_OPTIONS"
opts+=("${extra[@]}")

cat >"$sd/task.sh" <<EOS
#!/usr/bin/env bash
# one point of sweep $name (sweeps/slurm.sh): array task N runs point pNNNN
exec "$root/sweeps/point.sh" "$out" "\$(printf 'p%04d' "\$SLURM_ARRAY_TASK_ID")"
EOS
cat >"$sd/collect.sh" <<EOS
#!/usr/bin/env bash
# the results of sweep $name once its array has ended (sweeps/slurm.sh)
"$root/sweeps/collect.sh" "$out"
rc=\$?
echo \$rc >"$sd/collect.rc.tmp" && mv "$sd/collect.rc.tmp" "$sd/collect.rc"
exit \$rc
EOS
chmod +x "$sd/task.sh" "$sd/collect.sh"

jid="" dep=()
arr=$(for id in $todo; do echo $((10#${id#p})); done | paste -sd,)
if [ -n "$arr" ]; then
	jid=$(sbatch --parsable --job-name="sweep-$name" --array="$arr%$jobs" --output="$sd/task-%a.out" \
		"${opts[@]}" "$sd/task.sh") || { echo "sweep $name: sbatch of the array failed" >&2; exit 1; }
	jid=${jid%%;*}
	dep=(--dependency=afterany:"$jid")
	echo "sweep $name: job array $jid: $(wc -w <<<"$todo") points, at most $jobs at once"
fi
cid=$(sbatch --parsable --job-name="sweep-$name-collect" "${dep[@]}" --output="$sd/collect.out" "${opts[@]}" \
	"$sd/collect.sh") || { echo "sweep $name: sbatch of the collecting job failed" >&2; exit 1; }
cid=${cid%%;*}
echo "$jid $cid" >"$sd/jobs"
echo "sweep $name: collecting job $cid${jid:+ (after $jid)}"
[ "${WAIT:-1}" = 0 ] && { echo "sweep $name: submitted; results in $out/ when job $cid ends"; exit 0; }

# wait for the collecting job; a progress line whenever the counts change
t0=$(date +%s) last=""
n=$(wc -w <<<"$todo")
while [ ! -f "$sd/collect.rc" ]; do
	sleep 2
	[ -f "$sd/collect.rc" ] && break
	if [ -z "$(squeue -h -j "$cid" -o %i 2>/dev/null)" ]; then
		sleep 2
		[ -f "$sd/collect.rc" ] && break
		echo "sweep $name: the collecting job $cid left the queue without finishing ($sd/collect.out)" >&2
		exit 1
	fi
	[ -n "$jid" ] || continue
	done_=0 failed=0
	for id in $todo; do
		case $(cat "$out/points/$id/status" 2>/dev/null) in done) done_=$((done_ + 1)) ;; failed) failed=$((failed + 1)) ;; esac
	done
	running=$(squeue -h -r -j "$jid" -t RUNNING -o %i 2>/dev/null | wc -l)
	left=$((n - done_ - failed - running))
	now="$done_ $failed $running $left"
	[ "$now" = "$last" ] && continue
	last=$now
	fin=$((done_ + failed)) el=$(($(date +%s) - t0)) eta=""
	[ $fin -gt 0 ] && [ $((running + left)) -gt 0 ] && eta=", about $((el * (running + left) / fin / jobs + 1)) s left"
	echo "sweep $name: $done_ done, $failed failed, $running running, $left left$eta (Slurm)"
done
cat "$sd/collect.out"
exit "$(cat "$sd/collect.rc")"
