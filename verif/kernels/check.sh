#!/usr/bin/env bash
# check.sh [--selftest] - make kernels-check (docs/kernels.md, "Checks"): the kernel suite is
# complete and consistent, without a CUDA compiler:
#   files      every kernels/<name>.cu has its .ini, ptx/<name>.ptx, ptx/<name>.regs and
#              ref/<name>.expected, and no such file lacks its .cu
#   launch     every launch file parses, names its own kernel, and the PTX has that entry
#   regs       every .regs line is "name count ptxas-line" and the count is the line's
#   expected   kernel_ref reproduces every .expected
#   tolerance  for kernels with approximate operations, results perturbed within the documented
#              error bounds stay within the kernel's tolerance, and 100 times the bounds do not
#   refusals   every file of verif/kernels/bad/ is refused by its tool (bad.txt) with exit 2,
#              nothing on stdout and the expected first line
#   unit       the launch parser's CUnit tests (test_launch)
#   replay     the fuzz corpus, the refusals and the suite through the fuzz target (sanitizers on)
#   rebuild    (nvcc present) make kernels reproduces the committed PTX and .regs byte for byte
#   fmad       (nvcc present) nvcc fused no multiply-add by itself in the bit-exact kernels
#   clang      (clang-14 present) the fallback compiles every kernel to PTX with its entry
# --selftest then plants a fault for each check in a copy (build/test/kernels-check/selftest) and
# fails unless the check reports it. Binaries: $KERNEL_BIN (default build/san/bin).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1

BIN=${KERNEL_BIN:-build/san/bin}
LAUNCH=$BIN/kernel_launch REF=$BIN/kernel_ref REPLAY=$BIN/fuzz_replay_launch UNIT=$BIN/test_launch
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
CLANG=${CLANG:-clang-14}
T=build/test/kernels-check
export NVCC CLANG

say() { echo "kernels-check: $*"; }
# the kernels of the tree at $1 (one per kernels/*.cu)
names() { for f in "$1"/kernels/*.cu; do basename "$f" .cu; done; }
# kernels of the tree at $1 whose reference has approximate operations (or, with -0, none)
approx() {
	local n
	for n in $(names "$1"); do
		if grep -q '^approximate operations 0$' "$1/kernels/ref/$n.expected" 2>/dev/null; then
			[ "${2:-}" = -0 ] && echo "$n"
		else
			[ "${2:-}" = -0 ] || echo "$n"
		fi
	done
}

check_files() {
	local r=$1 n f bad=0
	for n in $(names "$r"); do
		for f in kernels/$n.ini kernels/ptx/$n.ptx kernels/ptx/$n.regs kernels/ref/$n.expected; do
			[ -f "$r/$f" ] || { say "$r/kernels/$n.cu has no $f"; bad=1; }
		done
	done
	for f in "$r"/kernels/*.ini "$r"/kernels/ptx/*.ptx "$r"/kernels/ptx/*.regs "$r"/kernels/ref/*.expected; do
		[ -e "$f" ] || continue
		n=$(basename "$f"); n=${n%.*}
		[ -f "$r/kernels/$n.cu" ] || { say "$f belongs to no kernels/$n.cu"; bad=1; }
	done
	return $bad
}

check_launch() {
	local r=$1 n name bad=0
	for n in $(names "$r"); do
		if ! "$LAUNCH" "$r/kernels/$n.ini" >/dev/null; then
			say "$r/kernels/$n.ini does not parse"; bad=1; continue
		fi
		name=$("$LAUNCH" --echo "$r/kernels/$n.ini" | sed -n 's/^name = //p')
		[ "$name" = "$n" ] || { say "$r/kernels/$n.ini launches $name, not $n"; bad=1; }
		grep -q "^\.visible \.entry $n(" "$r/kernels/ptx/$n.ptx" 2>/dev/null ||
			{ say "$r/kernels/ptx/$n.ptx has no entry $n"; bad=1; }
	done
	return $bad
}

check_regs() {
	local r=$1 n line bad=0
	for n in $(names "$r"); do
		line=$(cat "$r/kernels/ptx/$n.regs" 2>/dev/null)
		if [ "$(wc -l <"$r/kernels/ptx/$n.regs" 2>/dev/null)" != 1 ] ||
			! [[ $line =~ ^$n\ ([0-9]+)\ ptxas\ info\ +:\ Used\ ([0-9]+)\ registers ]] ||
			[ "${BASH_REMATCH[1]}" != "${BASH_REMATCH[2]}" ]; then
			say "$r/kernels/ptx/$n.regs is not one line \"$n N ptxas info : Used N registers ...\": $line"; bad=1
		fi
	done
	return $bad
}

check_expected() {
	local r=$1 n bad=0
	for n in $(names "$r"); do
		if ! "$REF" "$r/kernels/$n.ini" 2>&1 | diff -u "$r/kernels/ref/$n.expected" - >"$T/expected-$n.diff"; then
			say "kernel_ref $r/kernels/$n.ini differs from $r/kernels/ref/$n.expected ($T/expected-$n.diff)"; bad=1
		fi
	done
	return $bad
}

check_tolerance() {
	local r=$1 n p out bad=0
	for n in $(approx "$r"); do
		for p in 1 2 3 up down; do
			out=$("$REF" --perturb=$p "$r/kernels/$n.ini" 2>&1) ||
				{ say "$n: perturbed within the error bounds ($p), outside its tolerance: $out"; bad=1; }
		done
		out=$("$REF" --perturb=1:100 "$r/kernels/$n.ini" 2>&1)
		[ $? = 1 ] || { say "$n: 100 times the error bounds stay within its tolerance: $out"; bad=1; }
	done
	return $bad
}

# check_refusals TABLE DIR: every file of DIR in TABLE and refused as it says
check_refusals() {
	local table=$1 dir=$2 tool file want f out err rc bad=0
	local listed
	listed=$(grep -v '^#' "$table" | awk -F' [|] ' '{ print $2 }')
	for f in "$dir"/*.ini; do
		grep -qx "$(basename "$f")" <<<"$listed" || { say "$f is not in $table"; bad=1; }
	done
	while IFS= read -r l; do
		case $l in '#'* | '') continue ;; esac
		tool=${l%% | *} l=${l#* | } file=${l%% | *} want=${l#* | }
		[ -f "$dir/$file" ] || { say "$table: no $dir/$file"; bad=1; continue; }
		case $tool in
		launch) out=$("$LAUNCH" "$dir/$file" 2>"$T/stderr") ;;
		ref) out=$("$REF" "$dir/$file" 2>"$T/stderr") ;;
		*) say "$table: $file: unknown tool $tool"; bad=1; continue ;;
		esac
		rc=$?
		err=$(head -n 1 "$T/stderr")
		if [ $rc != 2 ] || [ -n "$out" ] || [ "$err" != "$dir/$file$want" ]; then
			say "$dir/$file: $tool exit $rc (want 2)$([ -n "$out" ] && echo ", wrote stdout"), first line:"
			echo "  got:  $err"
			echo "  want: $dir/$file$want"
			bad=1
		fi
	done <"$table"
	return $bad
}

check_unit() {
	"$UNIT" >"$T/unit.log" 2>&1 || { say "the launch parser's unit tests fail ($T/unit.log)"; return 1; }
}

check_replay() {
	"$REPLAY" verif/fuzz/corpus_launch verif/kernels/bad kernels/*.ini >"$T/replay.log" 2>&1 ||
		{ say "the fuzz replay fails ($T/replay.log)"; tail -n 3 "$T/replay.log"; return 1; }
}

# check_rebuild ROOT [NAME...]: make kernels (nvcc) reproduces ROOT's PTX and .regs
check_rebuild() {
	local r=$1 n f bad=0
	shift
	rm -rf "$T/rebuild" && mkdir -p "$T/rebuild"
	"$r/kernels/build.sh" --compiler nvcc --out "$PWD/$T/rebuild" "$@" >"$T/rebuild.log" 2>&1 ||
		{ say "make kernels fails ($T/rebuild.log)"; return 1; }
	local ns=("$@")
	[ ${#ns[@]} -gt 0 ] || mapfile -t ns < <(names "$r")
	for n in "${ns[@]}"; do
		for f in $n.ptx $n.regs; do
			cmp -s "$T/rebuild/$f" "$r/kernels/ptx/$f" ||
				{ say "make kernels does not reproduce $r/kernels/ptx/$f"; bad=1; }
		done
	done
	return $bad
}

# check_fmad ROOT [NAME...]: no multiply-add fused by nvcc in ROOT's bit-exact kernels (or NAMEs)
check_fmad() {
	local r=$1
	shift
	local ns=("$@")
	[ ${#ns[@]} -gt 0 ] || mapfile -t ns < <(approx "$r" -0)
	rm -rf "$T/fmad" && mkdir -p "$T/fmad" && cp "$r"/kernels/ptx/*.ptx "$T/fmad/"
	"$r/kernels/build.sh" --fmad-audit --out "$PWD/$T/fmad" "${ns[@]}" >"$T/fmad.log" 2>&1 ||
		{ say "bit-exact kernels with multiply-adds nvcc fused: $(grep -v ': no multiply' "$T/fmad.log" | tr '\n' ' ')"
		  return 1; }
}

# check_clang ROOT [NAME...]: the clang-14 fallback compiles ROOT's kernels (or NAMEs)
check_clang() {
	local r=$1 n bad=0
	shift
	rm -rf "$T/clang" && mkdir -p "$T/clang"
	"$r/kernels/build.sh" --compiler clang --out "$PWD/$T/clang" "$@" >"$T/clang.log" 2>&1 ||
		{ say "the clang-14 fallback fails ($T/clang.log): $(grep -m1 error "$T/clang.log")"; return 1; }
	local ns=("$@")
	[ ${#ns[@]} -gt 0 ] || mapfile -t ns < <(names "$r")
	for n in "${ns[@]}"; do
		grep -q "^\.visible \.entry $n(" "$T/clang/$n.ptx" || { say "clang's $n.ptx has no entry $n"; bad=1; }
	done
	return $bad
}

mkdir -p "$T"
fail=0
run() {
	local what=$1
	shift
	if "$@"; then say "$what"; else fail=1; fi
}
n=$(names . | wc -l)
run "$n kernels, each with its launch file, PTX, register count and expected reference output" \
	check_files .
run "every launch file parses, names its kernel, and the PTX has that entry" check_launch .
run "every .regs line holds ptxas's register count" check_regs .
run "kernel_ref reproduces every .expected" check_expected .
run "$(approx . | wc -l) kernels with approximate operations: within tolerance when perturbed by up to \
the error bounds, outside at 100 times" check_tolerance .
run "$(grep -vc '^#' verif/kernels/bad.txt) bad files refused with exit 2 and the expected first line" \
	check_refusals verif/kernels/bad.txt verif/kernels/bad
run "the launch parser's unit tests pass" check_unit
run "fuzz replay of the corpus, the refusals and the suite's launch files: no check fails" \
	check_replay
if [ -x "$NVCC" ]; then
	run "make kernels (nvcc) reproduces the committed PTX and .regs byte for byte" check_rebuild .
	run "nvcc fused no multiply-add in the $(approx . -0 | wc -l) bit-exact kernels" check_fmad .
else
	say "nvcc not found ($NVCC): not checked that make kernels reproduces the committed PTX (skipped)"
fi
if command -v "$CLANG" >/dev/null; then
	run "the clang-14 fallback compiles every kernel" check_clang .
else
	say "$CLANG not found: the fallback path is not checked (skipped)"
fi
[ $fail = 0 ] || { say "FAIL"; exit 1; }
[ "${1:-}" = --selftest ] || exit 0

# ---- planted faults, each in a fresh copy ------------------------------------------------------
S=$T/selftest
fresh() { rm -rf "$S" && mkdir -p "$S" && cp -r kernels "$S/"; }
caught() { say "selftest: $1 is reported"; }
missed() { say "selftest: $1 was NOT reported"; fail=1; }
first=$(names . | head -n 1)
exact=$(approx . -0 | grep -x sgemm_tiled || approx . -0 | head -n 1)

fresh; rm "$S/kernels/ref/$first.expected"
if check_files "$S" >/dev/null; then missed "a missing .expected"
else caught "a missing .expected"; fi
fresh; echo "stray line" >>"$S/kernels/$first.ini"
if check_launch "$S" >/dev/null 2>&1; then missed "a launch file that does not parse"
else caught "a launch file that does not parse"; fi
fresh; sed -i -E 's/^([a-z0-9_]+) ([0-9]+) /\1 1\2 /' "$S/kernels/ptx/$first.regs"
if check_regs "$S" >/dev/null; then missed "a wrong register count"
else caught "a wrong register count"; fi
fresh; sed -i -E 's/fnv1a64 (.)/fnv1a64 x\1/' "$S/kernels/ref/$first.expected"
if check_expected "$S" >/dev/null; then missed "a changed .expected"
else caught "a changed .expected"; fi
fresh; cp -r verif/kernels/bad "$S/bad"
sed -E '0,/^launch/s/(\(legal: )/\1planted /' verif/kernels/bad.txt >"$S/bad.txt"
if check_refusals "$S/bad.txt" "$S/bad" >/dev/null; then missed "a refusal with another message"
else caught "a refusal with another message"; fi
cp "kernels/$first.ini" "$S/bad/valid.ini" && cp verif/kernels/bad.txt "$S/bad.txt"
echo "launch | valid.ini | :1: planted" >>"$S/bad.txt"
if check_refusals "$S/bad.txt" "$S/bad" >/dev/null; then missed "a valid file in the refusal table"
else caught "a valid file in the refusal table"; fi
if UNIT=false check_unit >/dev/null; then missed "a failing unit test program"
else caught "a failing unit test program"; fi
if REPLAY=false check_replay >/dev/null; then missed "a failing fuzz replay"
else caught "a failing fuzz replay"; fi
if [ -x "$NVCC" ]; then
	fresh; printf '\n' >>"$S/kernels/ptx/$first.ptx"
	if check_rebuild "$S" "$first" >/dev/null; then missed "a committed PTX that make kernels does not produce"
	else caught "a committed PTX that make kernels does not produce"; fi
	fresh; sed -i -E 's/acc = fmaf?\(([^,]+), ([^,]+), acc\);/acc = \1 * \2 + acc;/' "$S/kernels/$exact.cu"
	"$S/kernels/build.sh" --compiler nvcc "$exact" >/dev/null
	if check_fmad "$S" "$exact" >/dev/null; then missed "a multiply-add left for nvcc to fuse in $exact"
	else caught "a multiply-add left for nvcc to fuse in $exact"; fi
fi
if command -v "$CLANG" >/dev/null; then
	fresh; sed -i 's/__syncthreads();/__syncwarp();/' "$S/kernels/$first.cu"
	if check_clang "$S" "$first" >/dev/null 2>&1; then missed "a kernel the prelude cannot compile"
	else caught "a kernel the prelude cannot compile"; fi
fi
rm -rf "$S"
[ $fail = 0 ] || { say "FAIL"; exit 1; }
