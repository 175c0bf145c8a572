#!/usr/bin/env bash
# check.sh [--selftest] - make sweep-check (docs/sweeps.md, "Checks"): the sweep tool end to end.
#   refusals   every file of verif/sweep/bad/ is in verif/sweep/bad.txt and refused as it says:
#              exit 2, nothing on stdout, exactly the expected line on stderr; make sweep on a bad
#              file exits 2 with that line and writes nothing
#   named      every sweeps/*.ini validates: make sweep DRY=1 lists one line per point (the refused
#              ones with rtl_gen's message) and a count line, and writes nothing
#   replay     the fuzz corpus (verif/fuzz/corpus_sweep/) and the refusals through the fuzz
#              target's checks, sanitizers on
#   local      sweeps/small_banks.ini (small: 1, 2, 4 banks and one refused point; generation and a
#              1500-cycle co-simulation of rf_top, two seeds) under the local runner, JOBS=1:
#              results.csv row by row, summary.md, plots, progress lines; a rerun runs nothing
#              and gives the same table
#   slurm      as root with Slurm installed: a one-node cluster started for the test
#              (verif/sweep/slurm_cluster.sh, under build/test/sweep-check/cluster; stopped at the
#              end, also on failure), the same sweep with the Slurm runner (one job array and a
#              dependent collecting job): the same checks, results.csv and summary.md identical to
#              the local runner's, a resubmission submits no point; otherwise skipped with the reason
# --selftest then plants a fault for each check and fails unless the check reports it: a point
# whose co-simulation fails (the model's planted fault XBAR_SLOT0_NEIGHBOUR: the point is failed
# with its reason and log, the other points finish), a results table that differs between the
# runners, a refused point shown as done, a wrong expected refusal. Outputs: build/test/sweep-check/.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
export PATH=$PATH:/usr/sbin
unset MAKEFLAGS MAKELEVEL MFLAGS
T=build/test/sweep-check
SW=build/bin/sweep
CHECK=sweeps/small_banks.ini
CLUSTER=$T/cluster
say() { echo "sweep-check: $*"; }
fails=0
rm -rf "$T"
mkdir -p "$T"

# csv_get FILE POINT COLUMN: one field of results.csv (quoted fields as CSV quotes them)
csv_get() {
	awk -v pt="$2" -v col="$3" '
	function split_csv(s, out,    n, i, c, q, f) {
		n = 0; f = ""; q = 0
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (q && c == "\"" && substr(s, i + 1, 1) == "\"") { f = f c; i++ }
			else if (c == "\"") q = !q
			else if (c == "," && !q) { out[++n] = f; f = "" }
			else f = f c
		}
		out[++n] = f
		return n
	}
	NR == 1 { n = split_csv($0, h); for (i = 1; i <= n; i++) idx[h[i]] = i; next }
	{ split_csv($0, r); if (r[1] == pt) { print r[idx[col]]; exit } }' "$1"
}

# check_refusals TABLE: every bad file refused as TABLE says
check_refusals() {
	local table=$1 l file want out rc bad=0 listed f
	listed=$(grep -v '^#' "$table" | awk -F' [|] ' '{ print $1 }')
	for f in verif/sweep/bad/*.ini; do
		grep -qxF "$(basename "$f")" <<<"$listed" || { say "$f is not in $table"; bad=1; }
	done
	while IFS= read -r l; do
		case $l in '#'* | '') continue ;; esac
		file=${l%% | *} want=${l#* | }
		f=verif/sweep/bad/$file
		[ -f "$f" ] || { say "$table: no $f"; bad=1; continue; }
		out=$("$SW" list "$f" 2>"$T/stderr")
		rc=$?
		if [ $rc != 2 ] || [ -n "$out" ] || [ "$(cat "$T/stderr")" != "$f$want" ]; then
			say "$f: exit $rc (want 2)$([ -n "$out" ] && echo ", wrote stdout"), stderr:"
			echo "  got:  $(cat "$T/stderr")"
			echo "  want: $f$want"
			bad=1
		fi
	done <"$table"
	return $bad
}

# check_make_refusal: make sweep on a bad file: exit 2, the exact message, nothing written
check_make_refusal() {
	local f=verif/sweep/bad/bad_key.ini out rc want
	want="$f$(sed -n 's/^bad_key.ini | //p' verif/sweep/bad.txt)"
	out=$(make -s sweep SWEEP=$f OUT=$T/bad_key 2>&1)
	rc=$?
	[ $rc = 2 ] && grep -qxF "$want" <<<"$out" && [ ! -e "$T/bad_key" ] ||
		{ say "make sweep SWEEP=$f: exit $rc, wrote $T/bad_key: $([ -e "$T/bad_key" ] && echo yes || echo no): $out"; return 1; }
}

# check_named: every named sweep lists its points and writes nothing
check_named() {
	local f n out rc bad=0 points
	for f in sweeps/*.ini; do
		n=$(basename "$f" .ini)
		out=$(make -s sweep SWEEP="$f" DRY=1 OUT="$T/named-$n" 2>&1)
		rc=$?
		points=$(grep -cE '^p[0-9]{4} (ok|refused) ' <<<"$out")
		if [ $rc != 0 ] || [ "$points" = 0 ] || ! grep -qE "^sweep $n: $points points, [0-9]+ refused" <<<"$out" ||
			[ -e "$T/named-$n" ]; then
			say "make sweep SWEEP=$f DRY=1: exit $rc, $points point lines:"
			head -n 5 <<<"$out"
			bad=1
		else
			say "$f: $(tail -n 1 <<<"$out" | sed "s/^sweep $n: //")"
		fi
	done
	return $bad
}

# check_results DIR: the check sweep's results folder
check_results() {
	local d=$1 r=$1/results.csv id want rc bad=0 s
	[ -f "$r" ] || { say "no $r"; return 1; }
	head -n 1 "$r" | grep -q '^point,rf.banks,sm.collectors,.*,rf_bytes,storage_bits,reads_per_cycle,denied_per_read,stalls_per_dispatch,dispatches_per_cycle,status,reason,log$' ||
		{ say "$r: unexpected header: $(head -n 1 "$r")"; bad=1; }
	[ "$(($(wc -l <"$r") - 1))" = 4 ] || { say "$r: $(($(wc -l <"$r") - 1)) rows, want 4"; bad=1; }
	for id in p0001 p0002 p0003; do
		s=$(csv_get "$r" $id status)
		[ "$s" = "done" ] || { say "$r: $id is '$s' ($(csv_get "$r" $id reason)), want done"; bad=1; continue; }
		for c in storage_bits reads_per_cycle denied_per_read; do
			[[ $(csv_get "$r" $id $c) =~ ^[0-9]+(\.[0-9]+)?$ ]] || { say "$r: $id has no $c"; bad=1; }
		done
		[ -f "$d/$(csv_get "$r" $id log)" ] || { say "$r: $id: no log $(csv_get "$r" $id log)"; bad=1; }
	done
	[ "$(csv_get "$r" p0001 rf.banks),$(csv_get "$r" p0003 rf.banks)" = 1,4 ] || { say "$r: the banks column is wrong"; bad=1; }
	[ "$(csv_get "$r" p0001 storage_bits)" -lt "$(csv_get "$r" p0002 storage_bits)" ] 2>/dev/null &&
		[ "$(csv_get "$r" p0002 storage_bits)" -lt "$(csv_get "$r" p0003 storage_bits)" ] 2>/dev/null ||
		{ say "$r: storage_bits does not grow with the banks"; bad=1; }
	want=$(build/bin/rtl_gen -c rtl_gen/configs/small.ini --strict -s rf.banks=2 -s sm.collectors=1 --report 2>&1 >/dev/null)
	rc=$?
	[ $rc = 2 ] && [ "$(csv_get "$r" p0004 status)" = refused ] && [ "$(csv_get "$r" p0004 reason)" = "$want" ] ||
		{ say "$r: p0004 is '$(csv_get "$r" p0004 status)' with '$(csv_get "$r" p0004 reason)', want refused with rtl_gen's '$want'"; bad=1; }
	grep -q '^4 points: 3 done, 0 failed, 1 refused by the configuration rules, 0 not run\.$' "$d/summary.md" ||
		{ say "$d/summary.md: wrong counts"; bad=1; }
	if command -v gnuplot >/dev/null; then
		for s in storage_bits reads_per_cycle denied_per_read dispatches_per_cycle; do
			grep -q '<svg' "$d/plots/$s-vs-rf.banks.svg" 2>/dev/null || { say "no plot $d/plots/$s-vs-rf.banks.svg"; bad=1; }
		done
	fi
	grep -qE '^p0001,[0-9]+,' "$d/times.csv" || { say "$d/times.csv: no wall time of p0001"; bad=1; }
	return $bad
}

# compare A B: the two runners' tables and summaries are identical (times.csv is not compared)
compare() {
	local f bad=0
	for f in results.csv summary.md; do
		cmp -s "$1/$f" "$2/$f" || { say "$1/$f and $2/$f differ:"; diff "$1/$f" "$2/$f" | head -n 6; bad=1; }
	done
	return $bad
}

step() {
	local name=$1
	shift
	if "$@"; then say "$name: passed"; else say "$name: FAILED"; fails=$((fails + 1)); fi
}

run_local() {
	local t0=$SECONDS
	JOBS=1 RUNNER=local sweeps/run.sh --out "$T/local" $CHECK >"$T/local.log" 2>&1 || { cat "$T/local.log"; return 1; }
	cat "$T/local.log"
	grep -qE '^sweep small_banks: 1 done, 0 failed, 0 running, 2 left, about [0-9]+ s left$' "$T/local.log" ||
		{ say "no progress line with an estimate in $T/local.log"; return 1; }
	check_results "$T/local" && say "local runner: $((SECONDS - t0)) s"
}

run_resume() {
	cp "$T/local/results.csv" "$T/results.first"
	JOBS=1 sweeps/run.sh --out "$T/local" $CHECK >"$T/resume.log" 2>&1 || { cat "$T/resume.log"; return 1; }
	grep -q '0 of 3 points to run (3 finished earlier)' "$T/resume.log" || { say "the rerun ran points again:"; cat "$T/resume.log"; return 1; }
	cmp -s "$T/results.first" "$T/local/results.csv" || { say "the rerun changed results.csv"; return 1; }
}

slurm_stop() { verif/sweep/slurm_cluster.sh stop "$CLUSTER"; }

run_slurm() {
	local why rc t0=$SECONDS
	why=$(verif/sweep/slurm_cluster.sh start "$CLUSTER")
	rc=$?
	if [ $rc = 3 ]; then
		say "SKIPPED the Slurm runner: $why"
		return 0
	fi
	trap slurm_stop EXIT
	[ $rc = 0 ] || { echo "$why"; return 1; }
	say "one-node Slurm cluster: $why"
	export SLURM_CONF=$PWD/$CLUSTER/slurm.conf
	JOBS=1 RUNNER=slurm timeout 600 sweeps/run.sh --out "$T/slurm" $CHECK >"$T/slurm.log" 2>&1 || { cat "$T/slurm.log"; return 1; }
	cat "$T/slurm.log"
	grep -qE '^sweep small_banks: job array [0-9]+: 3 points, at most 1 at once$' "$T/slurm.log" || { say "no job array of 3 points"; return 1; }
	grep -qE '^sweep small_banks: collecting job [0-9]+ \(after [0-9]+\)$' "$T/slurm.log" || { say "no dependent collecting job"; return 1; }
	check_results "$T/slurm" || return 1
	compare "$T/local" "$T/slurm" || return 1
	say "the local and the Slurm runner's results.csv and summary.md are identical (times.csv differs: $(paste -sd' ' "$T/slurm/times.csv" | cut -c1-60)...)"
	RUNNER=slurm timeout 300 sweeps/run.sh --out "$T/slurm" $CHECK >"$T/slurm-resubmit.log" 2>&1 || { cat "$T/slurm-resubmit.log"; return 1; }
	grep -q '0 of 3 points to run (3 finished earlier)' "$T/slurm-resubmit.log" && ! grep -q 'job array' "$T/slurm-resubmit.log" ||
		{ say "the resubmission submitted points again:"; cat "$T/slurm-resubmit.log"; return 1; }
	compare "$T/local" "$T/slurm" || return 1
	say "Slurm runner: $((SECONDS - t0)) s; resubmission skipped the 3 finished points"
	slurm_stop
	trap - EXIT
}

# ---- planted faults ----------------------------------------------------------------------------

# a point whose co-simulation fails: recorded with its reason and log, the other points finish,
# and check_results reports it
plant_cosim() {
	local r=$T/plant/results.csv reason log
	SWEEP_PLANT=p0002:XBAR_SLOT0_NEIGHBOUR JOBS=1 sweeps/run.sh --out "$T/plant" $CHECK >"$T/plant.log" 2>&1 ||
		{ say "the sweep with a failing point did not finish:"; cat "$T/plant.log"; return 1; }
	reason=$(csv_get "$r" p0002 reason)
	log=$(sed -n 's/.*(log \(build\/[^)]*\))$/\1/p' <<<"$reason")
	[ "$(csv_get "$r" p0002 status)" = failed ] && [[ $reason == "cosim: rf_top seed 1: "* ]] && [ -f "$log" ] &&
		grep -q 'planted fault' "$log" || { say "the planted co-simulation fault is not recorded: '$reason'"; return 1; }
	[ "$(csv_get "$r" p0001 status),$(csv_get "$r" p0003 status)" = done,done ] ||
		{ say "the other points did not finish"; return 1; }
	grep -q '^4 points: 2 done, 1 failed, 1 refused' "$T/plant/summary.md" || { say "summary.md does not count the failed point"; return 1; }
	if check_results "$T/plant" >"$T/plant-check.log"; then
		say "MISSED planted fault: a point whose co-simulation fails"
		return 1
	fi
	say "CAUGHT planted fault: p0002's co-simulation fails: $(grep -m1 p0002 "$T/plant-check.log")"
}

plant_compare() {
	mkdir -p "$T/differ"
	cp "$T/local/summary.md" "$T/differ/"
	sed '3s/,done,/,failed,/' "$T/local/results.csv" >"$T/differ/results.csv"
	if compare "$T/local" "$T/differ" >/dev/null; then say "MISSED planted fault: the runners' tables differ"; return 1; fi
	say "CAUGHT planted fault: a results table that differs between the runners"
}

plant_refused_done() {
	mkdir -p "$T/refdone"
	cp -r "$T/local/." "$T/refdone/"
	sed -i 's/^p0004,\(.*\),refused,/p0004,\1,done,/' "$T/refdone/results.csv"
	if check_results "$T/refdone" >/dev/null; then say "MISSED planted fault: a refused point shown as done"; return 1; fi
	say "CAUGHT planted fault: a refused point shown as done"
}

plant_refusal_table() {
	sed 's/no such configuration key/no such key/' verif/sweep/bad.txt >"$T/bad.txt"
	if check_refusals "$T/bad.txt" >/dev/null; then say "MISSED planted fault: a wrong expected refusal"; return 1; fi
	say "CAUGHT planted fault: bad_key.ini's refusal differs from the table"
}

step refusals check_refusals verif/sweep/bad.txt
step make-refusal check_make_refusal
step named check_named
step replay build/san/bin/fuzz_replay_sweep verif/fuzz/corpus_sweep verif/sweep/bad
step local run_local
step resume run_resume
step slurm run_slurm
if [ "${1:-}" = --selftest ]; then
	step plant-cosim plant_cosim
	step plant-compare plant_compare
	step plant-refused-done plant_refused_done
	step plant-refusal-table plant_refusal_table
fi
[ $fails = 0 ] || { say "$fails checks FAILED"; exit 1; }
say "passed"
