#!/usr/bin/env bash
# run.sh KERNEL LAUNCH - make trace (docs/trace.md, "Running it"): the register trace of one launch
# into build/trace/<kernel>.rft, then its first records as text.
#   KERNEL=kernels/<name>.ini            (or LAUNCH=... alone) the launch with its committed PTX
#   KERNEL=path.ptx LAUNCH=path.ini      the launch on another PTX file
#   KERNEL=path.cu LAUNCH=path.ini       the CUDA file compiled to build/trace/<base>.ptx first: a
#                                        kernels/<name>.cu through kernels/build.sh --out build/trace,
#                                        any other file with nvcc -ptx -arch=sm_75 when
#                                        /usr/local/cuda/bin/nvcc exists, else clang-14 with
#                                        kernels/build.sh's flags
# Binary: $TRACE_BIN/ptx_trace (default build/bin). SEED (default 1) and LIMIT_REGS (default 255)
# pass on.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
BIN=${TRACE_BIN:-build/bin}
kernel=${1:-} launch=${2:-}
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
CLANG=${CLANG:-clang-14}

usage() {
	echo "trace: usage: make trace KERNEL=kernels/<name>.ini | KERNEL=path.ptx LAUNCH=path.ini | KERNEL=path.cu LAUNCH=path.ini" >&2
	exit 2
}
case $kernel in
*.ini) [ -z "$launch" ] || usage; launch=$kernel kernel= ;;
'' | *.ptx | *.cu) ;;
*) usage ;;
esac
[ -n "$launch" ] || usage
[ -f "$launch" ] || { echo "trace: $launch: no such launch file" >&2; exit 2; }
[ -z "$kernel" ] || [ -f "$kernel" ] || { echo "trace: $kernel: no such file" >&2; exit 2; }
mkdir -p build/trace
ptx_args=()
case $kernel in
*.ptx) ptx_args=(--ptx "$kernel") ;;
*.cu)
	base=$(basename "$kernel" .cu)
	if [ "$(cd "$(dirname "$kernel")" && pwd)" = "$PWD/kernels" ]; then
		kernels/build.sh --out build/trace "$base" || exit 1
	else
		tmp=build/trace/$base.ptx.tmp
		if [ -x "$NVCC" ]; then
			"$NVCC" -ptx -arch=sm_75 -o "$tmp" "$kernel" || { rm -f "$tmp"; exit 1; }
		elif command -v "$CLANG" >/dev/null; then
			"$CLANG" -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-path=/nonexistent --cuda-gpu-arch=sm_75 \
				-Xclang -target-feature -Xclang +ptx64 -O3 -S -Wall -Werror -include kernels/prelude.h \
				-o "$tmp" "$kernel" || { rm -f "$tmp"; exit 1; }
		else
			echo "trace: neither $NVCC nor $CLANG found: install the CUDA toolkit or clang-14" >&2
			exit 1
		fi
		mv "$tmp" "build/trace/$base.ptx" || exit 1
	fi
	ptx_args=(--ptx "build/trace/$base.ptx")
	;;
esac
out=$("$BIN/ptx_trace" --seed "${SEED:-1}" --limit-regs "${LIMIT_REGS:-255}" "${ptx_args[@]}" "$launch") || exit $?
echo "$out"
rft=${out##* -> }
echo "trace: dump: $BIN/ptx_trace --dump $rft [--max N]; the first records:"
"$BIN/ptx_trace" --dump "$rft" --max 5 | grep -E '^(trace|kernel|launch|registers|#|end)' | cut -c1-160
