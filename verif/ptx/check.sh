#!/usr/bin/env bash
# check.sh [--selftest] - make ptx-check (docs/ptx.md, "Checks"): the PTX parser on the kernel
# suite, its refusals and its fuzz corpus, with sanitizers on:
#   unit       the parser's CUnit tests (test_ptx)
#   golden     ptx_dump's listing of every kernels/ptx/<name>.ptx equals verif/ptx/golden/<name>.dump,
#              and every golden has its PTX file
#   source     every instruction of every listing is its source line: same line number, same text
#              (PTX syntax with the modifiers in canonical order; white space and comments aside)
#   summary    ptx_dump --check prints one line per kernel
#   refusals   every file of verif/ptx/bad/ is in verif/ptx/bad.txt and refused as it says: exit 2,
#              nothing on stdout, exactly the expected line on stderr
#   regs       ptx_regs's register allocation of every kernel equals verif/ptx/regs.expected, and a
#              kernel over the register limit is refused (exit 2, the message naming both counts)
#   replay     the fuzz corpus (verif/fuzz/corpus_ptx/, crashes verif/fuzz/crashes/ptx-*), the
#              refusals and the suite through the fuzz target's checks
# --selftest then plants a fault for each check (in build/test/ptx-check/selftest) and fails
# unless the check reports it. Binaries: $PTX_BIN (default build/san/bin).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1

BIN=${PTX_BIN:-build/san/bin}
DUMP=$BIN/ptx_dump UNIT=$BIN/test_ptx REPLAY=$BIN/fuzz_replay_ptx REGS=$BIN/ptx_regs
T=build/test/ptx-check

say() { echo "ptx-check: $*"; }
names() { for f in kernels/ptx/*.ptx; do basename "$f" .ptx; done; }

check_unit() {
	"$UNIT" >"$T/unit.log" 2>&1 || { say "the parser's unit tests fail ($T/unit.log)"; return 1; }
}

# check_golden DIR: every kernel's listing equals DIR/<name>.dump, and DIR holds no other listing
check_golden() {
	local dir=$1 n f bad=0
	for n in $(names); do
		if ! "$DUMP" "kernels/ptx/$n.ptx" >"$T/$n.dump" 2>"$T/$n.err"; then
			say "kernels/ptx/$n.ptx does not parse: $(head -n 1 "$T/$n.err")"
			bad=1
		elif ! cmp -s "$T/$n.dump" "$dir/$n.dump"; then
			say "the listing of kernels/ptx/$n.ptx differs from $dir/$n.dump (make ptx-golden rewrites it):"
			diff "$dir/$n.dump" "$T/$n.dump" | head -n 6
			bad=1
		fi
	done
	for f in "$dir"/*.dump; do
		[ -e "$f" ] || continue
		[ -f "kernels/ptx/$(basename "$f" .dump).ptx" ] || { say "$f belongs to no kernels/ptx/*.ptx"; bad=1; }
	done
	return $bad
}

# the instruction lines of a PTX file: "line text", comments and repeated white space removed
source_insns() {
	awk '{ l = $0; sub(/\/\/.*/, "", l); gsub(/[ \t\r]+/, " ", l); sub(/^ /, "", l); sub(/ $/, "", l)
	       if (l ~ /^[@a-z]/) print NR " " l }' "$1"
}

# the instruction lines of a listing: "line text", without the index and the decoded-value comment
listing_insns() {
	grep -E '^ +[0-9]+ +[0-9]+  ' "$1" | sed -E 's/^ +[0-9]+ +([0-9]+)  /\1 /; s/  \/\/ .*$//'
}

check_source() {
	local n bad=0
	for n in $(names); do
		"$DUMP" "kernels/ptx/$n.ptx" >"$T/$n.src.dump" 2>/dev/null || { say "kernels/ptx/$n.ptx does not parse"; bad=1; continue; }
		if ! diff <(source_insns "kernels/ptx/$n.ptx") <(listing_insns "$T/$n.src.dump") >"$T/$n.src.diff"; then
			say "the listing of kernels/ptx/$n.ptx does not reproduce its instructions ($T/$n.src.diff):"
			head -n 4 "$T/$n.src.diff"
			bad=1
		fi
	done
	return $bad
}

check_summary() {
	local out lines
	out=$(for n in $(names); do "$DUMP" --check "kernels/ptx/$n.ptx" || echo "FAILED $n"; done)
	lines=$(grep -c ': entry ' <<<"$out")
	[ "$lines" = "$(names | wc -l)" ] && ! grep -q FAILED <<<"$out" ||
		{ say "ptx_dump --check: $lines summary lines for $(names | wc -l) kernels"; return 1; }
}

# check_refusals TABLE DIR: every file of DIR in TABLE and refused as it says
check_refusals() {
	local table=$1 dir=$2 file want f out rc bad=0 l listed
	listed=$(grep -v '^#' "$table" | awk -F' [|] ' '{ print $1 }')
	for f in "$dir"/*.ptx; do
		grep -qxF "$(basename "$f")" <<<"$listed" || { say "$f is not in $table"; bad=1; }
	done
	while IFS= read -r l; do
		case $l in '#'* | '') continue ;; esac
		file=${l%% | *} want=${l#* | }
		[ -f "$dir/$file" ] || { say "$table: no $dir/$file"; bad=1; continue; }
		out=$("$DUMP" "$dir/$file" 2>"$T/stderr")
		rc=$?
		if [ $rc != 2 ] || [ -n "$out" ] || [ "$(cat "$T/stderr")" != "$dir/$file$want" ]; then
			say "$dir/$file: exit $rc (want 2)$([ -n "$out" ] && echo ", wrote stdout"), stderr:"
			echo "  got:  $(cat "$T/stderr")"
			echo "  want: $dir/$file$want"
			bad=1
		fi
	done <"$table"
	return $bad
}

# check_regs FILE: every kernel's allocation line equals FILE's; sgemm_tiled over a limit of 20 is
# refused with exit 2 and its message
check_regs() {
	local f out rc
	for f in kernels/ptx/*.ptx; do "$REGS" --ptxas "${f%.ptx}.regs" "$f" || return 1; done >"$T/regs.out" 2>&1
	diff -u "$1" "$T/regs.out" >"$T/regs.diff" ||
		{ say "the register allocations differ from $1 ($T/regs.diff)"; head -n 5 "$T/regs.diff"; return 1; }
	out=$("$REGS" --limit 20 kernels/ptx/sgemm_tiled.ptx 2>&1 >/dev/null); rc=$?
	[ $rc = 2 ] && [ "$out" = "kernels/ptx/sgemm_tiled.ptx: sgemm_tiled needs 24 registers per thread, the limit is 20" ] ||
		{ say "a kernel over the register limit: exit $rc, '$out'"; return 1; }
}

check_replay() {
	local crashes=()
	for f in verif/fuzz/crashes/ptx-*; do [ -f "$f" ] && crashes+=("$f"); done
	"$REPLAY" verif/fuzz/corpus_ptx verif/ptx/bad kernels/ptx "${crashes[@]}" >"$T/replay.log" 2>&1 ||
		{ say "the fuzz replay fails ($T/replay.log)"; tail -n 3 "$T/replay.log"; return 1; }
}

mkdir -p "$T"
fail=0
run() {
	local what=$1
	shift
	if "$@"; then say "$what"; else fail=1; fi
}
run "the parser's unit tests pass ($(grep -c 'CU_add_test(s, "test_' verif/ptx/test_ptx.c) tests)" check_unit
run "$(names | wc -l) kernels parse to their golden listings (verif/ptx/golden/)" check_golden verif/ptx/golden
run "every listed instruction reproduces its source line" check_source
run "ptx_dump --check prints one summary line per kernel" check_summary
run "$(grep -vc '^#' verif/ptx/bad.txt) bad files refused with exit 2 and exactly the expected message" \
	check_refusals verif/ptx/bad.txt verif/ptx/bad
run "$(names | wc -l) kernels' register allocations as in verif/ptx/regs.expected; the limit refused" \
	check_regs verif/ptx/regs.expected
run "fuzz replay of the corpus, the crashes, the refusals and the suite: no check fails" check_replay
[ $fail = 0 ] || { say "FAIL"; exit 1; }
[ "${1:-}" = --selftest ] || exit 0

# ---- planted faults, each in a fresh copy ------------------------------------------------------
S=$T/selftest
# plant WHAT PATTERN CMD...: CMD must fail with a report matching PATTERN (the planted fault's, not
# another one)
plant() {
	local what=$1 pattern=$2 out
	shift 2
	if out=$("$@" 2>&1); then say "selftest: $what was NOT reported"; fail=1
	elif ! grep -qE "$pattern" <<<"$out"; then
		say "selftest: $what failed the check for another reason:"; head -n 3 <<<"$out"; fail=1
	else say "selftest: $what is reported"; fi
}
fresh() { rm -rf "$S" && mkdir -p "$S" && cp -r verif/ptx/golden verif/ptx/bad verif/ptx/bad.txt "$S/"; }
first=$(names | head -n 1)
dump_abs=$(cd "$(dirname "$DUMP")" && pwd)/$(basename "$DUMP")

fresh; sed -i '0,/ add\.s32 /s// sub.s32 /' "$S/golden/$first.dump"
plant "a changed golden listing" "differs from" check_golden "$S/golden"
fresh; rm "$S/golden/$first.dump"
plant "a missing golden listing" "differs from $S/golden/$first.dump" check_golden "$S/golden"
fresh; cp "$S/golden/$first.dump" "$S/golden/stray.dump"
plant "a golden listing without its PTX" "stray.dump belongs to no" check_golden "$S/golden"
# a parser that loses an operand's offset: the listing no longer matches the source
printf '#!/bin/sh\n"%s" "$@" | sed -E "s/\\+-?[0-9]+\\]/]/"\n' "$dump_abs" >"$S/dump" && chmod +x "$S/dump"
plant "a listing that drops address offsets" "does not reproduce its instructions" env DUMP="$S/dump" \
	bash -c "$(declare -f say names source_insns listing_insns check_source); T=$S; check_source"
printf '#!/bin/sh\n"%s" "$@" | head -n 0\n' "$dump_abs" >"$S/dump"
plant "a --check that prints nothing" "0 summary lines" env DUMP="$S/dump" \
	bash -c "$(declare -f say names check_summary); check_summary"
fresh; sed -i -E '0,/^[a-z_]+\.ptx \| :[0-9]+: /s//&planted /' "$S/bad.txt"
plant "a refusal with another message" "want: .*planted" check_refusals "$S/bad.txt" "$S/bad"
fresh; cp "kernels/ptx/$first.ptx" "$S/bad/valid.ptx"; echo "valid.ptx | :1: planted" >>"$S/bad.txt"
plant "a valid file in the refusal table" "valid.ptx: exit 0" check_refusals "$S/bad.txt" "$S/bad"
fresh; cp "$S/bad/binary.ptx" "$S/bad/unlisted.ptx"
plant "a bad file missing from the table" "unlisted.ptx is not in" check_refusals "$S/bad.txt" "$S/bad"
fresh; cp verif/ptx/regs.expected "$S/regs.expected"; sed -i '0,/allocated [0-9]*/s//allocated 99/' "$S/regs.expected"
plant "a changed register allocation" "register allocations differ" check_regs "$S/regs.expected"
printf '#!/bin/sh\n[ "$1" = --limit ] && exit 0\nexec "%s" "$@"\n' "$(cd "$(dirname "$REGS")" && pwd)/$(basename "$REGS")" >"$S/regs"
chmod +x "$S/regs"
plant "a register limit not enforced" "over the register limit: exit 0" env REGS="$S/regs" \
	bash -c "$(declare -f say check_regs); T=$S; check_regs verif/ptx/regs.expected"
plant "a failing unit test program" "unit tests fail" env UNIT=false \
	bash -c "$(declare -f say check_unit); T=$S; check_unit"
plant "a failing fuzz replay" "fuzz replay fails" env REPLAY=false \
	bash -c "$(declare -f say check_replay); T=$S; check_replay"
rm -rf "$S"
[ $fail = 0 ] || { say "FAIL"; exit 1; }
