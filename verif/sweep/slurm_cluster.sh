#!/usr/bin/env bash
# slurm_cluster.sh start|stop DIR - a one-node Slurm cluster on this machine for make sweep-check
# (docs/sweeps.md, "The Slurm cluster of the check"): Debian's munged, slurmctld and slurmd,
# started as root without systemd, every file under DIR (a generated slurm.conf, a fresh munge key
# and its own munge socket, state, spool, logs, pid files), on ports of their own so that no
# system Slurm or munge is touched. Clients reach it with SLURM_CONF=DIR/slurm.conf.
#   start   exits 0 once the node is idle, 1 (logs printed) otherwise, 3 when not root or when
#           Slurm or munge is not installed (the reason on stdout)
#   stop    cancels the cluster's jobs and ends the three daemons by their pid files
set -uo pipefail
cmd=$1 dir=$(realpath -m "$2")
conf=$dir/slurm.conf
PORT_CTLD=${SWEEP_SLURM_PORT:-16817}

pid_of() { cat "$dir/$1.pid" 2>/dev/null; }

stop() {
	local p d
	[ -f "$conf" ] && SLURM_CONF=$conf timeout 10 scancel --partition=sweep >/dev/null 2>&1
	for d in slurmd slurmctld munged; do
		p=$(pid_of "$d")
		[ -n "$p" ] && kill -0 "$p" 2>/dev/null || continue
		kill "$p"
		for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.2; done
		kill -0 "$p" 2>/dev/null && kill -9 "$p"
		rm -f "$dir/$d.pid"
	done
	return 0
}

start() {
	local host cpus st
	[ "$(id -u)" = 0 ] || { echo "not root: the one-node Slurm cluster needs root (munged, slurmd)"; exit 3; }
	for t in munged slurmctld slurmd sbatch squeue scancel sinfo; do
		command -v "$t" >/dev/null || [ -x "/usr/sbin/$t" ] ||
			{ echo "no $t: install slurmctld slurmd munge (make deps)"; exit 3; }
	done
	export PATH=$PATH:/usr/sbin
	stop
	rm -rf "$dir"
	mkdir -p "$dir/munge" "$dir/state" "$dir/spool"
	chmod 0755 "$dir" "$dir/munge"
	head -c 1024 /dev/urandom >"$dir/munge/munge.key"
	chmod 0400 "$dir/munge/munge.key"
	munged --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
		--pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munge/munge.seed" \
		--force || { echo "munged did not start:"; tail -5 "$dir/munged.log"; exit 1; }
	host=$(hostname -s)
	cpus=$(nproc)
	touch "$dir/plugstack.conf"
	cat >"$conf" <<EOC
# slurm.conf of make sweep-check's one-node cluster (verif/sweep/slurm_cluster.sh)
ClusterName=sweepcheck
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$PORT_CTLD
SlurmdPort=$((PORT_CTLD + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
PlugStackConfig=$dir/plugstack.conf
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
InactiveLimit=0
KillWait=5
MinJobAge=300
NodeName=sweepnode NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=sweep Nodes=sweepnode Default=YES MaxTime=INFINITE State=UP
EOC
	export SLURM_CONF=$conf
	slurmctld -f "$conf" -c || { echo "slurmctld did not start:"; tail -5 "$dir/slurmctld.log"; exit 1; }
	slurmd -f "$conf" -N sweepnode || { echo "slurmd did not start:"; tail -5 "$dir/slurmd.log"; exit 1; }
	for _ in $(seq 60); do
		st=$(sinfo -h -n sweepnode -o %T 2>/dev/null)
		[ "$st" = idle ] && { echo "sweepnode idle: $(sinfo -h -o '%P %D %c' | head -1) (SLURM_CONF=$conf)"; exit 0; }
		sleep 0.5
	done
	echo "the node did not become idle (state '${st:-none}'):"
	tail -5 "$dir/slurmctld.log" "$dir/slurmd.log"
	exit 1
}

case $cmd in
start) start ;;
stop) stop ;;
*) echo "usage: verif/sweep/slurm_cluster.sh start|stop DIR" >&2; exit 2 ;;
esac
