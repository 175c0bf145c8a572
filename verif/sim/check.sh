#!/usr/bin/env bash
# check.sh [--selftest] - make sim-check (docs/sim.md, "Checks"): the warp-level PTX simulator on
# the kernel suite, its refusals and its directed tests:
#   suite      every kernels/<name>.ini through ptx_sim --check with seeds 1 and 2 (sanitizer build):
#              every output element within the kernel's tolerance of its C reference
#   expected   every bit-exact kernel (kernels/ref/<name>.expected says "tolerance bit-exact"):
#              ptx_sim's output lines equal the committed .expected's byte for byte
#   refusals   every launch of verif/sim/bad.txt is refused as it says: exit 2, nothing on stdout,
#              exactly the expected line on stderr; every file of verif/sim/bad/ is used by the table
#   unit       the directed CUnit tests (test_sim, sanitizer build)
# --selftest then plants a fault for each check and fails unless the check reports it: a changed
# .expected checksum, a simulator with a planted semantic bug (ptx_sim --plant=fma-unfused on the
# suite, SIM_PLANT=shfl-no-clamp and setp-ordered under the unit tests), a refusal with another
# message, a valid launch in the refusal table, and a file of verif/sim/bad/ the table does not use.
# Binaries: $SIM_BIN/ptx_sim (default build/bin), $SIM_SAN_BIN/ptx_sim and test_sim (build/san/bin).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1

SIM=${SIM_BIN:-build/bin}/ptx_sim
SAN=${SIM_SAN_BIN:-build/san/bin}
T=build/test/sim-check
mkdir -p "$T"

say() { echo "sim-check: $*"; }
names() { for f in kernels/*.ini; do basename "$f" .ini; done; }

# check_suite [PLANT]: every kernel with --check, seeds 1 and 2
check_suite() {
	local plant=${1:-} n s bad=0 args=()
	[ -n "$plant" ] && args=(--plant="$plant")
	for n in $(names); do
		for s in 1 2; do
			if ! "$SAN/ptx_sim" "${args[@]}" --seed "$s" --check "kernels/$n.ini" >"$T/$n.$s.out" 2>"$T/$n.$s.err"; then
				say "ptx_sim --seed $s --check kernels/$n.ini${plant:+ --plant=$plant}: $(head -n 1 "$T/$n.$s.err")"
				bad=1
			fi
		done
	done
	return $bad
}

# check_expected DIR: the output lines of every bit-exact kernel equal DIR/<name>.expected's
check_expected() {
	local dir=$1 n bad=0
	for n in $(names); do
		grep -q '^tolerance bit-exact$' "kernels/ref/$n.expected" || continue
		if ! "$SIM" --seed 1 "kernels/$n.ini" >"$T/$n.sim" 2>"$T/$n.sim.err"; then
			say "ptx_sim kernels/$n.ini: $(head -n 1 "$T/$n.sim.err")"
			bad=1
		elif ! diff <(grep '^output ' "$dir/$n.expected") <(grep '^output ' "$T/$n.sim") >"$T/$n.diff"; then
			say "ptx_sim kernels/$n.ini differs from $dir/$n.expected ($T/$n.diff)"
			bad=1
		fi
	done
	return $bad
}

# check_refusals TABLE DIR: every line of TABLE refused as it says; every file of DIR used
check_refusals() {
	local table=$1 dir=$2 l file args want out rc f bad=0 used
	used=$(grep -v '^#' "$table" | sed "s|BAD/|$dir/|g")
	for f in "$dir"/*; do
		grep -qF "$(basename "$f")" <<<"$used" || { say "$f is not used by $table"; bad=1; }
	done
	while IFS= read -r l; do
		case $l in '#'* | '') continue ;; esac
		l=${l//BAD\//$dir/}
		file=${l%%|*} l=${l#*|} args=${l%%|*} want=${l#*|}
		file=${file% } args=${args# } args=${args% } want=${want# }
		[ -f "$dir/$file" ] || { say "$table: no $dir/$file"; bad=1; continue; }
		# shellcheck disable=SC2086
		out=$("$SIM" $args "$dir/$file" 2>"$T/stderr")
		rc=$?
		if [ $rc != 2 ] || [ -n "$out" ] || [ "$(cat "$T/stderr")" != "$dir/$file$want" ]; then
			say "$dir/$file $args: exit $rc (want 2)$([ -n "$out" ] && echo ", wrote stdout"), stderr:"
			echo "  got:  $(cat "$T/stderr")"
			echo "  want: $dir/$file$want"
			bad=1
		fi
	done <"$table"
	return $bad
}

check_unit() {
	"$SAN/test_sim" >"$T/unit.log" 2>&1 || { say "the directed tests fail ($T/unit.log)"; return 1; }
}

run_checks() {
	local bad=0 n
	check_suite && say "suite: $(names | wc -l) kernels, seeds 1 and 2: every output within tolerance of its reference" || bad=1
	if check_expected kernels/ref; then
		n=$(grep -l '^tolerance bit-exact$' kernels/ref/*.expected | wc -l)
		say "expected: the $n bit-exact kernels reproduce kernels/ref/<name>.expected"
	else bad=1; fi
	check_refusals verif/sim/bad.txt verif/sim/bad &&
		say "refusals: $(grep -cv '^#' verif/sim/bad.txt) launches refused with their exact messages" || bad=1
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
	say "CAUGHT planted fault: $name: $(grep -m 1 -E 'sim-check|FAILED|differs' "$T/selftest.log" | sed 's/^sim-check: //' | cut -c1-160)"
}

selftest() {
	local S=$T/selftest bad=0 first
	rm -rf "$S" && mkdir -p "$S/expected" "$S/bad"
	cp kernels/ref/*.expected "$S/expected/"
	first=$(grep -l '^tolerance bit-exact$' kernels/ref/*.expected | head -n 1 | xargs basename)
	sed -i -E 's/fnv1a64 (.)/fnv1a64 x\1/' "$S/expected/$first"
	caught "a changed checksum in $first" check_expected "$S/expected" || bad=1
	caught "fma rounds its product (ptx_sim --plant=fma-unfused)" check_suite fma-unfused || bad=1
	caught "shfl.down reads 0 past the clamp (SIM_PLANT=shfl-no-clamp)" env SIM_PLANT=shfl-no-clamp "$SAN/test_sim" || bad=1
	caught "setp's unordered comparisons ordered (SIM_PLANT=setp-ordered)" env SIM_PLANT=setp-ordered "$SAN/test_sim" || bad=1
	cp verif/sim/bad/* "$S/bad/"
	sed 's/is outside every allocation$/is out of bounds/' verif/sim/bad.txt >"$S/bad.txt"
	caught "a refusal with another message" check_refusals "$S/bad.txt" "$S/bad" || bad=1
	{ cat verif/sim/bad.txt; echo "valid.ini | | : reduce_sum: refused"; } >"$S/bad2.txt"
	cp kernels/reduce_sum.ini "$S/bad/valid.ini"
	caught "a valid launch in the refusal table" check_refusals "$S/bad2.txt" "$S/bad" || bad=1
	caught "a file of the refusal folder the table does not use" check_refusals verif/sim/bad.txt "$S/bad" || bad=1
	return $bad
}

st=0
run_checks || st=1
if [ "${1:-}" = --selftest ] && [ $st = 0 ]; then
	selftest || st=1
fi
[ $st = 0 ] && say "passed" || say "FAILED"
exit $st
