#!/usr/bin/env bash
# build.sh - `make kernels`: compile every kernels/<name>.cu to PTX (kernels/ptx/<name>.ptx) and
# record ptxas's register count (kernels/ptx/<name>.regs). docs/kernels.md, "Building the PTX".
#
#   kernels/build.sh [--compiler nvcc|clang] [--out DIR] [NAME...]
#   kernels/build.sh --fmad-audit [--out DIR] [NAME...]
#
# The compiler is nvcc ($NVCC, default /usr/local/cuda/bin/nvcc) when it is there, else clang-14
# ($CLANG) without the CUDA headers and libdevice, with kernels/prelude.h. Both target $ARCH
# (default sm_75: nvcc 13 refuses anything older). ptxas ($PTXAS, default the one beside nvcc, else
# the one on PATH) assembles each PTX with -v; without it the .regs line says so. Each kernel's two
# files are written as .tmp and renamed together: an interrupted or failed build leaves the previous
# pair. The output has no paths or dates, so a rebuild is byte-identical.
#
# --fmad-audit compiles each kernel again with nvcc -fmad=false and compares it with DIR's PTX, both
# with the explicit rounding that -fmad=false adds (add.rn, sub.rn, mul.rn) taken out: equal means
# nvcc fused no multiply and add by itself. Prints one line per kernel; exit 1 if any differs.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
CLANG=${CLANG:-clang-14}
ARCH=${ARCH:-sm_75}
if [ -z "${PTXAS:-}" ]; then
	if [ -x "$(dirname "$NVCC")/ptxas" ]; then PTXAS=$(dirname "$NVCC")/ptxas
	else PTXAS=$(command -v ptxas || true); fi
fi
CLANG_FLAGS=(-x cuda --cuda-device-only -nocudainc -nocudalib --cuda-path=/nonexistent --cuda-gpu-arch="$ARCH"
	-Xclang -target-feature -Xclang +ptx64 -O3 -S -Wall -Werror -include kernels/prelude.h)

compiler="" out=kernels/ptx audit=0 names=()
while [ $# -gt 0 ]; do
	case $1 in
	--compiler) compiler=${2:-}; shift 2 ;;
	--out) out=${2:-}; shift 2 ;;
	--fmad-audit) audit=1; shift ;;
	-*) echo "usage: kernels/build.sh [--compiler nvcc|clang] [--fmad-audit] [--out DIR] [NAME...]" >&2; exit 2 ;;
	*) names+=("$1"); shift ;;
	esac
done
if [ ${#names[@]} -eq 0 ]; then
	for f in kernels/*.cu; do names+=("$(basename "$f" .cu)"); done
fi
for n in "${names[@]}"; do
	[ -f "kernels/$n.cu" ] || { echo "kernels: no kernels/$n.cu" >&2; exit 2; }
done
if [ -z "$compiler" ]; then
	if [ -x "$NVCC" ]; then compiler=nvcc
	elif command -v "$CLANG" >/dev/null; then compiler=clang
	else echo "kernels: neither $NVCC nor $CLANG found: install the CUDA toolkit or clang-14" >&2; exit 1; fi
fi
mkdir -p "$out"

if [ $audit = 1 ]; then
	[ -x "$NVCC" ] || { echo "kernels: --fmad-audit needs nvcc ($NVCC)" >&2; exit 1; }
	# the PTX without explicit round-to-nearest on add, sub and mul (the default rounding anyway)
	rn() { sed -E 's/\b(add|sub|mul)\.rn\.(f32|f64)/\1.\2/' "$1"; }
	bad=0
	for n in "${names[@]}"; do
		tmp=$out/$n.nofmad.ptx.tmp
		"$NVCC" -ptx -arch="$ARCH" -fmad=false -o "$tmp" "kernels/$n.cu" || exit 1
		if cmp -s <(rn "$tmp") <(rn "$out/$n.ptx"); then
			echo "fmad-audit: $n: no multiply-add fused by nvcc"
		else
			d=$(diff <(rn "$tmp") <(rn "$out/$n.ptx") | grep -c '^[<>]')
			echo "fmad-audit: $n: fused multiply-adds ($d lines differ from -fmad=false)"; bad=1
		fi
		rm -f "$tmp"
	done
	exit $bad
fi

case $compiler in
nvcc) [ -x "$NVCC" ] || { echo "kernels: $NVCC not found" >&2; exit 1; } ;;
clang) command -v "$CLANG" >/dev/null || { echo "kernels: $CLANG not found" >&2; exit 1; } ;;
*) echo "kernels: --compiler $compiler: unknown (legal: nvcc|clang)" >&2; exit 2 ;;
esac
[ -n "$PTXAS" ] || echo "kernels: ptxas not found: the .regs files record no register count"

for n in "${names[@]}"; do
	ptx=$out/$n.ptx.tmp regs=$out/$n.regs.tmp
	if [ "$compiler" = nvcc ]; then
		"$NVCC" -ptx -arch="$ARCH" -o "$ptx" "kernels/$n.cu" || { rm -f "$ptx"; exit 1; }
	else
		"$CLANG" "${CLANG_FLAGS[@]}" -o "$ptx" "kernels/$n.cu" || { rm -f "$ptx"; exit 1; }
	fi
	if [ -n "$PTXAS" ]; then
		log=$("$PTXAS" -v -arch="$ARCH" -o /dev/null "$ptx" 2>&1) || { echo "$log" >&2; rm -f "$ptx"; exit 1; }
		line=$(grep -m1 'Used [0-9]* registers' <<<"$log")
		r=$(sed -E 's/.*Used ([0-9]+) registers.*/\1/' <<<"$line")
		[ -n "$line" ] || { echo "kernels: $n: no register count in ptxas's output" >&2; rm -f "$ptx"; exit 1; }
		printf '%s %s %s\n' "$n" "$r" "$line" >"$regs"
	else
		printf '%s - ptxas not found: no register count\n' "$n" >"$regs"
	fi
	mv "$ptx" "$out/$n.ptx" && mv "$regs" "$out/$n.regs" || exit 1
	echo "kernels: $out/$n.ptx ($compiler, $(cut -d' ' -f2 "$out/$n.regs") registers)"
done
