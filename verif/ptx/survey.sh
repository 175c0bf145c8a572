#!/usr/bin/env bash
# survey.sh - make ptx-survey SRC=DIR: other people's CUDA kernels through the front end
# (docs/ptx.md, "Public benchmark kernels"). DIR holds one folder per benchmark:
#   *.cu             compiled with nvcc -ptx -arch=sm_75 -O3: device_only.cu when present (a file of
#                    the user's that #includes the benchmark's kernel files, for sources whose host
#                    code needs libraries that are not here), else the folder's one .cu file
#   survey.cmd       optional, one line: the sources and flags to give nvcc instead (-I, -D, files)
#   *.ini            optional launch files (docs/kernels.md); each is simulated (ptx_sim --ptx),
#                    traced and its trace replayed through rtl_gen/configs/fermi.ini
# Every PTX file goes through ptx_dump --check, ptx_regs and ptx_annotate --check. The table (one row
# per benchmark, one per launch) goes to OUT/survey.md (default build/ptx-survey), the tools' output
# to OUT/<benchmark>.*. Nothing here is a pass/fail test: a refusal is a finding, with its message.
# Needs nvcc (/usr/local/cuda/bin, or NVCC=...); exit 2 without it or without DIR.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SRC=${1:-}
OUT=${2:-$ROOT/build/ptx-survey}
BIN=${PTX_BIN:-$ROOT/build/bin}
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
if [ -z "$SRC" ] || [ ! -d "$SRC" ]; then
	echo "usage: verif/ptx/survey.sh SRC_DIR [OUT_DIR] (or make ptx-survey SRC=DIR)" >&2
	exit 2
fi
if [ ! -x "$NVCC" ]; then
	echo "ptx-survey: no nvcc at $NVCC (set NVCC=...)" >&2
	exit 2
fi
SRC=$(cd "$SRC" && pwd)
mkdir -p "$OUT"
T=$OUT/survey.md
first() { head -n 1 "$1" | cut -c1-160 | sed 's/|/\\|/g'; }
{
	echo "# PTX survey of $SRC"
	echo
	echo "$("$NVCC" --version | tail -n 2 | head -n 1); $(date -u +%Y-%m-%d)"
	echo
	echo "| benchmark | nvcc | kernels | ptx_dump --check | ptx_regs | ptx_annotate --check |"
	echo "|---|---|---:|---|---|---|"
} >"$T"
sims=()
for d in "$SRC"/*/; do
	b=$(basename "$d")
	if [ -f "$d/survey.cmd" ]; then
		args=$(head -n 1 "$d/survey.cmd")
	elif [ -f "$d/device_only.cu" ]; then
		args=device_only.cu
	else
		args=$(cd "$d" && ls *.cu 2>/dev/null)
	fi
	ptx=$OUT/$b.ptx
	if [ "$(echo "$args" | wc -w)" = 0 ] || { [ ! -f "$d/survey.cmd" ] && [ "$(echo "$args" | wc -w)" != 1 ]; }; then
		echo "| $b | not run: no .cu file, or several without a survey.cmd naming what to compile | | | | |" >>"$T"
		continue
	fi
	# shellcheck disable=SC2086
	if ! (cd "$d" && "$NVCC" -ptx -arch=sm_75 -O3 $args -o "$ptx") >"$OUT/$b.nvcc" 2>&1; then
		echo "| $b | failed: $(grep -m1 -i error "$OUT/$b.nvcc" | cut -c1-120 | sed 's/|/\\|/g') | | | | |" >>"$T"
		continue
	fi
	n=$(grep -c '^\.visible \.entry\|^\.entry' "$ptx")
	r=()
	for tool in "ptx_dump --check" ptx_regs "ptx_annotate --check"; do
		log=$OUT/$b.${tool%% *}
		# shellcheck disable=SC2086
		if "$BIN"/$tool "$ptx" >"$log" 2>"$log.err"; then
			r+=("ok ($(wc -l <"$log") lines)")
		else
			r+=("exit $?: $(first "$log.err")")
		fi
	done
	echo "| $b | \`$args\` | $n | ${r[0]} | ${r[1]} | ${r[2]} |" >>"$T"
	for l in "$d"/*.ini; do
		[ -f "$l" ] && sims+=("$b|$l")
	done
done
if [ ${#sims[@]} -gt 0 ]; then
	{
		echo
		echo "| benchmark | launch | ptx_sim | ptx_trace | trace_replay fermi |"
		echo "|---|---|---|---|---|"
	} >>"$T"
	for s in "${sims[@]}"; do
		b=${s%%|*} l=${s#*|} k=$(basename "${s#*|}" .ini)
		log=$OUT/$b.$k
		res=()
		if "$BIN/ptx_sim" --ptx "$OUT/$b.ptx" "$l" >"$log.sim" 2>&1; then
			res+=("ok: $(sed -n 3p "$log.sim" | cut -c1-100)")
		else
			res+=("exit $?: $(first "$log.sim")")
		fi
		if "$BIN/ptx_trace" --seed 1 --ptx "$OUT/$b.ptx" -o "$log.rft" "$l" >"$log.trace" 2>&1; then
			res+=("ok")
			if "$BIN/trace_replay" "$ROOT/rtl_gen/configs/fermi.ini" "$log.rft" >"$log.replay" 2>&1; then
				res+=("ok: $(sed -n 2p "$log.replay" | cut -c1-100)")
			else
				res+=("exit $?: $(first "$log.replay")")
			fi
		else
			res+=("exit $?: $(first "$log.trace")" "")
		fi
		echo "| $b | $k | ${res[0]} | ${res[1]} | ${res[2]} |" >>"$T"
	done
fi
echo "ptx-survey: $T"
