#!/usr/bin/env bash
# replay_check.sh - make trace-replay-check (docs/trace.md, "Replay through rf_top"): register traces
# of small suite kernels replayed through rf_top's model:
#   replay     reduce_sum, stencil2d, histogram, scan_block traced with seed 1 and replayed through
#              fermi and fermi_coalesce, one CTA at a time and (--ctas 0) as many as fit: every
#              dispatched operand equals the trace's value in every active lane, rf_top's own checker
#              silent, and on fermi cnt_read/cnt_write/cnt_dispatch equal the replay's operands,
#              write-backs and instructions; the table goes to build/test/trace-replay/table.md
#   planted    each must end the run with exit 1 and its one-line message: a corrupted write-back
#              value (--plant=wb-value), a write-back moved after the next record's reads
#              (--plant=read-early), write-backs that do not wait for the instructions in flight
#              reading their register (--plant=no-war: caught by the replay's check and, with
#              --golden-only, by the checker's hazard count), the model's crossbar fault XBAR_SLOT0_NEIGHBOUR (--mutate=),
#              caught by the replay's check and, with --golden-only, by rf_top's own golden checker
#   refusals   configs with too few warps or registers per thread, a CTA that does not fit the banks,
#              other lanes, RegMutex and virtualization: exit 2, exactly the expected line on stderr,
#              nothing on stdout
# Binaries: $TRACE_BIN/ptx_trace and trace_replay (default build/bin).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1

BIN=${TRACE_BIN:-build/bin}
T=build/test/trace-replay
KERNELS="reduce_sum stencil2d histogram scan_block"
CONFIGS="fermi fermi_coalesce"
mkdir -p "$T"
fails=0

say() { echo "trace-replay-check: $*"; }
bad() { say "FAIL $*"; fails=$((fails + 1)); }
# field FILE NAME: the first count after the word NAME in FILE
field() { grep -oE "(^| )$2 [0-9]+" "$1" | head -n 1 | awk '{print $NF}'; }

# ---- replay ----
for k in $KERNELS; do
	if ! "$BIN/ptx_trace" --seed 1 -o "$T/$k.rft" "kernels/$k.ini" >"$T/$k.trace" 2>"$T/$k.err"; then
		bad "ptx_trace --seed 1 kernels/$k.ini: $(head -n 1 "$T/$k.err")"
	fi
done
{
	echo "| kernel | records | config | instructions | write-backs | cycles (1 CTA at a time) | bank reads | bank conflicts | write conflicts | CTAs at once | cycles | bank conflicts |"
	echo "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
} >"$T/table.md"
for k in $KERNELS; do
	for c in $CONFIGS; do
		one=$T/$k.$c.out
		all=$T/$k.$c.all.out
		if ! "$BIN/trace_replay" "rtl_gen/configs/$c.ini" "$T/$k.rft" >"$one" 2>"$T/$k.$c.err"; then
			bad "trace_replay $c $k: $(head -n 1 "$T/$k.$c.err")"
			continue
		fi
		if ! "$BIN/trace_replay" --ctas 0 "rtl_gen/configs/$c.ini" "$T/$k.rft" >"$all" 2>"$T/$k.$c.err"; then
			bad "trace_replay --ctas 0 $c $k: $(head -n 1 "$T/$k.$c.err")"
			continue
		fi
		if [ "$(field "$one" "lane values checked")" = 0 ] || [ -z "$(field "$one" "lane values checked")" ]; then
			bad "trace_replay $c $k checked no value"
		fi
		if [ "$c" = fermi ] && { [ "$(field "$one" read)" != "$(field "$one" operands)" ] ||
			[ "$(field "$one" write)" != "$(field "$one" write-backs)" ] ||
			[ "$(field "$one" dispatch)" != "$(field "$one" instructions)" ]; }; then
			bad "trace_replay $c $k: counters differ from the replay's counts: $(tail -n 2 "$one" | head -n 1)"
		fi
		echo "| \`$k\` | $(field "$one" records) | \`$c\` | $(field "$one" instructions) | $(field "$one" write-backs) |" \
			"$(field "$one" cycles) | $(field "$one" read) | $(field "$one" conflict) | $(field "$one" wconflict) |" \
			"$(sed -nE 's/.* ([0-9]+) at once.*/\1/p' "$all") | $(field "$all" cycles) | $(field "$all" conflict) |" >>"$T/table.md"
	done
done
[ "$fails" = 0 ] && say "replay: $(echo $KERNELS | wc -w) kernels x $(echo $CONFIGS | wc -w) configs, every operand equal to the trace ($T/table.md)"

# ---- planted faults ----
# expect_caught NAME PATTERN ARGS...: exit 1, one line on stderr matching PATTERN
expect_caught() {
	local name=$1 pat=$2 st=0
	shift 2
	"$BIN/trace_replay" "$@" >"$T/plant.$name.out" 2>"$T/plant.$name.err" || st=$?
	if [ "$st" = 1 ] && [ "$(wc -l <"$T/plant.$name.err")" = 1 ] && grep -qE "$pat" "$T/plant.$name.err"; then
		say "planted $name: caught: $(cat "$T/plant.$name.err")"
	else
		bad "planted $name not caught (exit $st): $(head -n 1 "$T/plant.$name.err")"
	fi
}
MISMATCH='^trace_replay: record [0-9]+ \(cta [0-9]+ warp [0-9]+, model warp [0-9]+, pc [0-9]+\): source R[0-9]+ lane [0-9]+: expected 0x[0-9a-f]{8}, got 0x[0-9a-f]{8}'
for c in $CONFIGS; do
	expect_caught "wb-value.$c" "$MISMATCH" --plant=wb-value "rtl_gen/configs/$c.ini" "$T/reduce_sum.rft"
	expect_caught "read-early.$c" "$MISMATCH" --plant=read-early "rtl_gen/configs/$c.ini" "$T/stencil2d.rft"
done
expect_caught no-war "$MISMATCH" --plant=no-war rtl_gen/configs/fermi.ini "$T/reduce_sum.rft"
expect_caught no-war-golden "^trace_replay: rf_top's checker saw [0-9]+ operands written while their instruction was in flight" \
	--golden-only --plant=no-war rtl_gen/configs/fermi.ini "$T/reduce_sum.rft"
expect_caught xbar "$MISMATCH" --mutate=XBAR_SLOT0_NEIGHBOUR rtl_gen/configs/fermi.ini "$T/histogram.rft"
expect_caught xbar-golden "^trace_replay: rf_top's own checker: cycle [0-9]+: rf_top golden: " \
	--golden-only --mutate=XBAR_SLOT0_NEIGHBOUR rtl_gen/configs/fermi.ini "$T/histogram.rft"

# ---- refusals ----
# expect_refused MESSAGE ARGS...: exit 2, nothing on stdout, exactly MESSAGE on stderr
expect_refused() {
	local want=$1 st=0
	shift
	"$BIN/trace_replay" "$@" >"$T/refuse.out" 2>"$T/refuse.err" || st=$?
	if [ "$st" = 2 ] && [ ! -s "$T/refuse.out" ] && [ "$(cat "$T/refuse.err")" = "$want" ]; then
		say "refused: $want"
	else
		bad "trace_replay $* (exit $st): got '$(head -n 1 "$T/refuse.err")', want '$want'"
	fi
}
F=rtl_gen/configs/fermi.ini
expect_refused "trace_replay: $T/reduce_sum.rft: the kernel needs 4 warps per CTA, $F has 3 warps" \
	-s sm.warps=3 "$F" "$T/reduce_sum.rft"
expect_refused "trace_replay: $T/stencil2d.rft: the kernel needs 24 registers per thread, $F allows at most 20" \
	-s sm.regs_per_thread=20 "$F" "$T/stencil2d.rft"
expect_refused "trace_replay: $T/stencil2d.rft: the kernel needs 24 registers per thread, generated/small/config.ini allows at most 8" \
	generated/small/config.ini "$T/stencil2d.rft"
expect_refused "trace_replay: $T/scan_block.rft: a CTA of 4 warps x 18 registers per thread does not fit $F's register file (4 banks x 16 rows)" \
	-s rf.entries=16 -s sm.warps=4 "$F" "$T/scan_block.rft"
expect_refused "trace_replay: $T/histogram.rft: the trace has 32 lanes of 32 bits, $F has 16 lanes of 32 bits" \
	-s rf.lanes=16 "$F" "$T/histogram.rft"
expect_refused "trace_replay: $T/histogram.rft: rtl_gen/configs/fermi_regmutex.ini: the trace carries no RegMutex acquire and release instructions, which this config's launch and placement need" \
	rtl_gen/configs/fermi_regmutex.ini "$T/histogram.rft"
expect_refused "trace_replay: $T/histogram.rft: rtl_gen/configs/fermi_virt.ini: the trace carries no release flags (pir, pbr) nor exempt registers, which this config's launch and placement need" \
	rtl_gen/configs/fermi_virt.ini "$T/histogram.rft"

if [ "$fails" != 0 ]; then
	say "$fails failure(s)"
	exit 1
fi
say "ok"
