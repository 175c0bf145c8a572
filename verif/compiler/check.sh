#!/usr/bin/env bash
# check.sh [--selftest] - make annotate-check (docs/compiler.md, "Checks"): the compiler side of
# the techniques on the kernel suite, with sanitizers on:
#   unit       the CUnit tests (test_compiler): the papers' worked examples and the suite
#   golden     ptx_annotate's output for every kernels/ptx/<name>.ptx equals
#              verif/compiler/golden/<name>.txt, and every golden has its PTX file
#   cross      ptx_annotate --check on every kernel: pir releases are not live out of their
#              instruction, pbr releases are dead at their point, the live vectors are the live-in
#              sets, acquire/release brackets every instruction above Bs
#   refusal    a kernel over 64 architected registers gets FineReg's refusal line
# --selftest then plants a fault for each check and fails unless the check reports it.
# Binaries: $AN_BIN (default build/san/bin).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1

BIN=${AN_BIN:-build/san/bin}
ANN=$BIN/ptx_annotate UNIT=$BIN/test_compiler
T=build/test/annotate-check

say() { echo "annotate-check: $*"; }
names() { for f in kernels/ptx/*.ptx; do basename "$f" .ptx; done; }

check_unit() {
	"$UNIT" >"$T/unit.log" 2>&1 || { say "the unit tests fail ($T/unit.log)"; return 1; }
}

# check_golden DIR: every kernel's annotation equals DIR/<name>.txt, and DIR holds no other file
check_golden() {
	local dir=$1 n f bad=0
	for n in $(names); do
		if ! "$ANN" "kernels/ptx/$n.ptx" >"$T/$n.txt" 2>"$T/$n.err"; then
			say "kernels/ptx/$n.ptx is not annotated: $(head -n 1 "$T/$n.err")"
			bad=1
		elif ! cmp -s "$T/$n.txt" "$dir/$n.txt"; then
			say "the annotation of kernels/ptx/$n.ptx differs from $dir/$n.txt (make annotate-golden rewrites it):"
			diff "$dir/$n.txt" "$T/$n.txt" | head -n 6
			bad=1
		fi
	done
	for f in "$dir"/*.txt; do
		[ -e "$f" ] || continue
		[ -f "kernels/ptx/$(basename "$f" .txt).ptx" ] || { say "$f belongs to no kernels/ptx/*.ptx"; bad=1; }
	done
	return $bad
}

# check_cross [ARGS]: ptx_annotate --check ARGS passes on every kernel
check_cross() {
	local n bad=0
	for n in $(names); do
		"$ANN" --check "$@" "kernels/ptx/$n.ptx" >"$T/$n.check" 2>&1 ||
			{ say "cross-check of kernels/ptx/$n.ptx: $(tail -n 1 "$T/$n.check")"; bad=1; }
	done
	return $bad
}

# a 70-register kernel: FineReg refuses it with one line, the other techniques annotate it
check_refusal() {
	local f=$T/wide.ptx i
	{
		printf '.version 7.0\n.target sm_75\n.address_size 64\n\n.visible .entry wide(\n\t.param .u64 wide_p\n)\n{\n'
		printf '\t.reg .b32 %%r<71>;\n\t.reg .b64 %%rd<2>;\n\n\tld.param.u64 %%rd1, [wide_p];\n'
		for i in $(seq 1 70); do printf '\tmov.u32 %%r%d, %d;\n' "$i" "$i"; done
		for i in $(seq 1 70); do printf '\tst.global.u32 [%%rd1+%d], %%r%d;\n' $((4 * i)) "$i"; done
		printf '\tret;\n}\n'
	} >"$f"
	"$ANN" "$f" >"$T/wide.txt" 2>&1 &&
		grep -qx 'finereg: refused: 72 architected registers per thread, the live vector holds 64' "$T/wide.txt" ||
		{ say "a 72-register kernel: $(grep finereg "$T/wide.txt" | head -n 1)"; return 1; }
}

mkdir -p "$T"
fail=0
run() {
	local what=$1
	shift
	if "$@"; then say "$what"; else fail=1; fi
}
run "the unit tests pass ($(grep -c 'CU_add_test(s, "test_' verif/compiler/test_compiler.c) tests)" check_unit
run "$(names | wc -l) kernels annotate to their goldens (verif/compiler/golden/)" check_golden verif/compiler/golden
run "$(names | wc -l) kernels pass the cross-checks against liveness" check_cross
run "a kernel over 64 registers gets FineReg's refusal" check_refusal
[ $fail = 0 ] || { say "FAIL"; exit 1; }
[ "${1:-}" = --selftest ] || exit 0

# ---- planted faults ------------------------------------------------------------------------------
S=$T/selftest
plant() {
	local what=$1 pattern=$2 out
	shift 2
	if out=$("$@" 2>&1); then say "selftest: $what was NOT reported"; fail=1
	elif ! grep -qE "$pattern" <<<"$out"; then
		say "selftest: $what failed the check for another reason:"; head -n 3 <<<"$out"; fail=1
	else say "selftest: $what is reported"; fi
}
fresh() { rm -rf "$S" && mkdir -p "$S" && cp -r verif/compiler/golden "$S/"; }
first=$(names | head -n 1)
fresh; sed -i '0,/ pir 0x/s/ pir 0x/ pir 0x1/' "$S/golden/$first.txt"
plant "a changed golden" "differs from" check_golden "$S/golden"
fresh; cp "$S/golden/$first.txt" "$S/golden/stray.txt"
plant "a golden without its PTX" "stray.txt belongs to no" check_golden "$S/golden"
plant "a pir that releases every read (--plant-fault pir-every-read)" "pir releases r[0-9]+, whose value is live out" \
	check_cross --plant-fault pir-every-read
plant "a failing unit test program" "unit tests fail" env UNIT=false \
	bash -c "$(declare -f say check_unit); T=$S; check_unit"
rm -rf "$S"
[ $fail = 0 ] || { say "FAIL"; exit 1; }
