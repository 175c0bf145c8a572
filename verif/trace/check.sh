#!/usr/bin/env bash
# check.sh [--selftest | --golden] - make trace-check (docs/trace.md, "Checks"): register traces of
# the kernel suite, their reader, their text dump and their refusals:
#   suite      every kernels/<name>.ini traced with seed 1 (sanitizer build) into build/trace/<name>.rft
#              and replayed through a per-warp architected register file: the reader reads every
#              record back, and every source value equals the value the warp last wrote to that
#              architected register (0 before any write in the CTA)
#   steps      each trace's record count equals ptx_sim --seed 1's step count (an independent run)
#   golden     ptx_trace --dump --max 40 of the small kernels equals verif/trace/golden/<name>.txt
#   refusals   every case of verif/trace/bad.txt, made from a fresh trace of reduce_sum (truncated,
#              corrupted, wrong magic or version, data after the end) or given as arguments (over the
#              register limit), is refused: exit 2, nothing on stdout, exactly the expected line on
#              stderr, and no output file (nor .tmp) left behind
#   unit       the directed CUnit tests (test_trace, sanitizer build)
# --selftest then plants a fault for each check and fails unless the check reports it: the writer
# records a wrong destination value (ptx_trace --plant=dest-value, and TRACE_PLANT=dest-value under
# the unit tests), a changed golden, a reader that takes the end of the file for the end record
# (--plant=accept-truncated), a refusal with another message, a trace of another launch for the
# step count. --golden rewrites the goldens instead of checking.
# Binaries: $TRACE_BIN/ptx_trace and ptx_sim (default build/bin), $TRACE_SAN_BIN/ptx_trace and
# test_trace (build/san/bin). Sizes: build/test/trace-check/sizes.md.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1

BIN=${TRACE_BIN:-build/bin}
SAN=${TRACE_SAN_BIN:-build/san/bin}
T=build/test/trace-check
GOLDEN_KERNELS="reduce_sum stencil2d"
GOLDEN_MAX=40
mkdir -p "$T" build/trace

say() { echo "trace-check: $*"; }
names() { for f in kernels/*.ini; do basename "$f" .ini; done; }

# check_suite [PLANT]: trace and replay every kernel; sizes into $T/sizes.md
check_suite() {
	local plant=${1:-} n bad=0 args=() out
	[ -n "$plant" ] && args=(--plant="$plant")
	{ echo "| kernel | dynamic warp instructions | bytes |"; echo "|---|---:|---:|"; } >"$T/sizes.md"
	for n in $(names); do
		out=build/trace/$n.rft
		[ -n "$plant" ] && out=$T/$n.planted.rft
		if ! "$SAN/ptx_trace" "${args[@]}" --seed 1 -o "$out" "kernels/$n.ini" >"$T/$n.trace" 2>"$T/$n.err"; then
			say "ptx_trace --seed 1 kernels/$n.ini: $(head -n 1 "$T/$n.err")"
			bad=1
			continue
		fi
		if ! "$SAN/ptx_trace" --replay "$out" >"$T/$n.replay" 2>"$T/$n.err"; then
			say "replay of $out: $(head -n 1 "$T/$n.err")"
			bad=1
			continue
		fi
		echo "| \`$n\` | $(sed -E 's/.* records ([0-9]+) .*/\1/' "$T/$n.replay") | $(stat -c %s "$out") |" >>"$T/sizes.md"
	done
	return $bad
}

# check_steps [shifted]: each trace's records equal ptx_sim --seed 1's steps (shifted: each kernel's
# trace against the next kernel's run, the planted fault)
check_steps() {
	local n bad=0 steps recs all k=0 other
	all=($(names))
	for n in "${all[@]}"; do
		other=$n
		[ "${1:-}" = shifted ] && other=${all[$(((k + 1) % ${#all[@]}))]}
		k=$((k + 1))
		steps=$("$BIN/ptx_sim" --seed 1 "kernels/$other.ini" 2>/dev/null | sed -nE 's/^sim .* steps ([0-9]+) .*/\1/p')
		recs=$(sed -nE 's/.* records ([0-9]+) .*/\1/p' "$T/$n.replay" 2>/dev/null)
		if [ -z "$steps" ] || [ "$steps" != "$recs" ]; then
			say "kernels/$n.ini: the trace holds ${recs:-no} records, ptx_sim --seed 1 kernels/$other.ini ran ${steps:-no} steps"
			bad=1
		fi
	done
	return $bad
}

# check_golden DIR: the dumps of the small kernels equal DIR/<name>.txt
check_golden() {
	local dir=$1 n bad=0
	for n in $GOLDEN_KERNELS; do
		if ! "$BIN/ptx_trace" --dump "build/trace/$n.rft" --max $GOLDEN_MAX >"$T/$n.dump" 2>"$T/$n.err"; then
			say "ptx_trace --dump build/trace/$n.rft: $(head -n 1 "$T/$n.err")"
			bad=1
		elif ! diff "$dir/$n.txt" "$T/$n.dump" >"$T/$n.diff"; then
			say "the dump of build/trace/$n.rft differs from $dir/$n.txt ($T/$n.diff; make trace-golden rewrites it)"
			bad=1
		fi
	done
	return $bad
}

# make_case NAME FILE: the refusal case NAME made from the good trace $T/good.rft into FILE
make_case() {
	local name=$1 f=$2 size
	size=$(stat -c %s "$T/good.rft")
	case $name in
	truncated-header) head -c 40 "$T/good.rft" >"$f" ;;
	truncated-record) head -c 100000 "$T/good.rft" >"$f" ;;
	truncated-end) head -c $((size - 25)) "$T/good.rft" >"$f" ;; # the 25-byte end record cut off
	checksum) cp "$T/good.rft" "$f" && printf '\x00' | dd of="$f" bs=1 seek=$((size - 1)) conv=notrunc 2>/dev/null ;;
	value) cp "$T/good.rft" "$f" && printf '\x07' | dd of="$f" bs=1 seek=150000 conv=notrunc 2>/dev/null ;;
	magic) cp "$T/good.rft" "$f" && printf 'X' | dd of="$f" bs=1 seek=0 conv=notrunc 2>/dev/null ;;
	version) cp "$T/good.rft" "$f" && printf '\x02' | dd of="$f" bs=1 seek=8 conv=notrunc 2>/dev/null ;;
	trailing) { cat "$T/good.rft"; printf 'z'; } >"$f" ;;
	none) rm -f "$f" "$f.tmp" ;;
	*) return 1 ;;
	esac
}

# check_refusals TABLE [EXTRA...]: every case of TABLE refused as it says (EXTRA: more arguments)
check_refusals() {
	local table=$1 l name args want out rc bad=0 f
	shift
	"$BIN/ptx_trace" --seed 1 -o "$T/good.rft" kernels/reduce_sum.ini >/dev/null || { say "cannot trace reduce_sum"; return 1; }
	mkdir -p "$T/bad"
	while IFS= read -r l; do
		case $l in '#'* | '') continue ;; esac
		name=${l%%|*} l=${l#*|} args=${l%%|*} want=${l#*|}
		name=${name% } args=${args# } args=${args% } want=${want# }
		f=$T/bad/$name.rft
		make_case "$name" "$f" || { say "$table: unknown case $name"; bad=1; continue; }
		args=${args//CASE/$f} want=${want//CASE/$f}
		# shellcheck disable=SC2086
		out=$("$BIN/ptx_trace" "$@" $args 2>"$T/stderr")
		rc=$?
		if [ $rc != 2 ] || [ -n "$out" ] || [ "$(cat "$T/stderr")" != "$want" ]; then
			say "$name: ptx_trace $* $args: exit $rc (want 2)$([ -n "$out" ] && echo ", wrote stdout"), stderr:"
			echo "  got:  $(cat "$T/stderr")"
			echo "  want: $want"
			bad=1
		elif [ "$name" = none ] && { [ -e "$f" ] || [ -e "$f.tmp" ]; }; then
			say "$name: ptx_trace $args refused but left $f or $f.tmp behind"
			bad=1
		fi
	done <"$table"
	return $bad
}

check_unit() {
	"$SAN/test_trace" >"$T/unit.log" 2>&1 || { say "the directed tests fail ($T/unit.log)"; return 1; }
}

run_checks() {
	local bad=0
	if check_suite; then
		say "suite: $(names | wc -l) kernels traced (seed 1) and replayed: every record read back, every source value" \
			"equals its warp's last write ($(awk -F'|' 'NR > 2 { b += $4 } END { print b }' "$T/sizes.md") bytes in build/trace/)"
	else bad=1; fi
	check_steps && say "steps: every trace holds one record per ptx_sim step" || bad=1
	check_golden verif/trace/golden && say "golden: the dumps of $GOLDEN_KERNELS equal verif/trace/golden/" || bad=1
	check_refusals verif/trace/bad.txt &&
		say "refusals: $(grep -cv '^#' verif/trace/bad.txt) cases refused with their exact messages, nothing left behind" || bad=1
	check_unit && say "unit: $(grep -E '^ +tests' "$T/unit.log" | awk '{ print $3 }') directed tests pass" || bad=1
	return $bad
}

# caught NAME CMD...: the check CMD must fail on the planted fault NAME
caught() {
	local name=$1
	shift
	if "$@" >"$T/selftest.log" 2>&1; then
		say "MISSED planted fault: $name"
		return 1
	fi
	say "CAUGHT planted fault: $name: $(grep -m 1 -E 'trace-check|FAILED' "$T/selftest.log" | sed 's/^trace-check: //' | cut -c1-160)"
}

selftest() {
	local S=$T/selftest bad=0 n
	rm -rf "$S" && mkdir -p "$S/golden"
	caught "the writer records a wrong destination value (ptx_trace --plant=dest-value)" check_suite dest-value || bad=1
	check_suite >/dev/null 2>&1 || bad=1 # the real traces again (the planted ones went to $T)
	caught "the writer records a wrong destination value (TRACE_PLANT=dest-value)" env TRACE_PLANT=dest-value "$SAN/test_trace" || bad=1
	cp verif/trace/golden/*.txt "$S/golden/"
	n=$(echo $GOLDEN_KERNELS | cut -d' ' -f1)
	sed -i '3s/shared_bytes/shared-bytes/' "$S/golden/$n.txt"
	caught "a changed golden ($n)" check_golden "$S/golden" || bad=1
	caught "a reader that takes the end of the file for the end record (--plant=accept-truncated)" \
		check_refusals verif/trace/bad.txt --plant=accept-truncated || bad=1
	sed 's/checksum mismatch/checksum differs/' verif/trace/bad.txt >"$S/bad.txt"
	caught "a refusal with another message" check_refusals "$S/bad.txt" || bad=1
	caught "the step count of another launch (ptx_sim --seed 1 of each kernel's neighbour)" check_steps shifted || bad=1
	return $bad
}

if [ "${1:-}" = --golden ]; then
	mkdir -p verif/trace/golden
	for n in $GOLDEN_KERNELS; do
		"$BIN/ptx_trace" --seed 1 "kernels/$n.ini" >/dev/null || exit 1
		"$BIN/ptx_trace" --dump "build/trace/$n.rft" --max $GOLDEN_MAX >"verif/trace/golden/$n.txt.tmp" || exit 1
		mv "verif/trace/golden/$n.txt.tmp" "verif/trace/golden/$n.txt"
		echo "trace-golden: verif/trace/golden/$n.txt"
	done
	exit 0
fi
st=0
run_checks || st=1
if [ "${1:-}" = --selftest ] && [ $st = 0 ]; then
	selftest || st=1
fi
[ $st = 0 ] && say "passed" || say "FAILED"
exit $st
