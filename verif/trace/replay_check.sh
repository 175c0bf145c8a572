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
#              caught by the replay's check and, with --golden-only, by rf_top's own golden checker;
#              a pir flag on every read (--plant=pir-every-read: the compiler's planted fault) caught
#              by unm_o; warp 0's acquires left out (--plant=no-acquire) caught by xerr_o; no exit
#              (--plant=no-exit) and warp 0's releases left out (--plant=no-release) caught by the
#              balance of allocations and frees, acquires and releases
#   techniques the same four kernels and sgemm_tiled through fermi_virt (one CTA at a time; and as many as
#              fit with the paper's 1 KB renaming table, so that sgemm_tiled runs with exempt
#              registers) and fermi_regmutex (sgemm_tiled also with 200 rows per bank: 4 SRP sections
#              for 48 warps, acquires refused): every value equal, the compiler's pir flags, pbr words,
#              acquires and releases driving rf_top; virtualization reads no unmapped register and
#              frees every register it allocated; RegMutex releases every set it granted;
#              sgemm_tiled through fermi_edram with the compiler's FP classes: rows become
#              approximate and refreshes skip noncritical sub-rows (and with --plant=no-fp none do)
#   refusals   configs with too few warps or registers per thread, a CTA that does not fit the banks,
#              other lanes, a CTA that does not fit with virtualization or RegMutex, a kernel whose
#              registers RegMutex cannot renumber, a PTX file that is not the trace's: exit 2, exactly
#              the expected line on stderr, nothing on stdout
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
for k in $KERNELS sgemm_tiled; do
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

# ---- techniques: the compiler's annotations drive rf_top ----
VT=rtl_gen/configs/fermi_virt.ini
RM=rtl_gen/configs/fermi_regmutex.ini
{
	echo "| kernel | config | CTAs at once | cycles | lane values checked | technique |"
	echo "|---|---|---:|---:|---:|---|"
} >"$T/table_tech.md"
# tech NAME LABEL ARGS...: replay, every value equal; the summary into the table as LABEL
tech() {
	local name=$1 label=$2 out=$T/tech.$1.out
	shift 2
	if ! "$BIN/trace_replay" "$@" >"$out" 2>"$T/tech.$name.err"; then
		bad "trace_replay $*: $(head -n 1 "$T/tech.$name.err")"
		return 1
	fi
	if [ -z "$(field "$out" "lane values checked")" ] || [ "$(field "$out" "lane values checked")" = 0 ]; then
		bad "trace_replay $* checked no value"
		return 1
	fi
	echo "| \`$(sed -nE 's/.*kernel ([a-z0-9_]+),.*/\1/p' "$out")\` | $label |" \
		"$(sed -nE 's/.* ([0-9]+) at once.*/\1/p' "$out") | $(field "$out" cycles) | $(field "$out" "lane values checked") |" \
		"$(grep -E '^(virtualization|regmutex|edram):' "$out") |" >>"$T/table_tech.md"
}
for k in $KERNELS sgemm_tiled; do
	for v in one kb; do
		if [ $v = one ]; then
			set -- "\`fermi_virt\`" "$VT"
		else
			set -- "\`fermi_virt\`, 1 KB table" --ctas 0 -s virtualization.rt_budget_bits=8192 "$VT"
		fi
		tech "$k.virt.$v" "$@" "$T/$k.rft" || continue
		out=$T/tech.$k.virt.$v.out
		if [ "$(field "$out" unmapped)" != 0 ] || [ "$(field "$out" alloc)" != "$(field "$out" free)" ] ||
			[ "$(field "$out" alloc)" = 0 ]; then
			bad "fermi_virt $k ($v): unmapped reads, or not every allocated register freed: $(grep counters "$out")"
		fi
	done
done
if [ "$(field "$T/tech.sgemm_tiled.virt.kb.out" exempt)" = 0 ]; then
	bad "fermi_virt sgemm_tiled with a 1 KB table ran without exempt registers"
fi
for k in reduce_sum histogram scan_block sgemm_tiled; do # stencil2d is refused (below)
	tech "$k.regmutex" "\`fermi_regmutex\`" "$RM" "$T/$k.rft"
done
if tech sgemm_tiled.regmutex.200 "\`fermi_regmutex\`, 200 rows per bank" --ctas 0 -s rf.entries=200 "$RM" "$T/sgemm_tiled.rft"; then
	out=$T/tech.sgemm_tiled.regmutex.200.out
	if [ "$(sed -nE 's/.*refused ([0-9]+) times.*/\1/p' "$out")" = 0 ] ||
		[ "$(field "$out" acquire)" != "$(field "$out" release)" ] || [ "$(field "$out" acquire)" = 0 ]; then
		bad "fermi_regmutex sgemm_tiled with 4 sections: no acquire refused, or a set not released: $(tail -n 3 "$out" | head -n 2)"
	fi
fi
# eDRAM: the compiler's FP classes on iss<k>_fp_i / wb<p>_fp_i make rows approximate, so some
# refreshes skip the noncritical sub-row; with the flags left out (--plant=no-fp) none does
ED=rtl_gen/configs/fermi_edram.ini
edram_ok() { [ "$(field "$1" approx_rows)" != 0 ] && [ "$(field "$1" refresh_nc)" -lt "$(field "$1" refresh)" ]; }
if tech sgemm_tiled.edram "\`fermi_edram\`" "$ED" "$T/sgemm_tiled.rft" &&
	! edram_ok "$T/tech.sgemm_tiled.edram.out"; then
	bad "fermi_edram sgemm_tiled: no approximate row: $(grep counters "$T/tech.sgemm_tiled.edram.out")"
fi
if "$BIN/trace_replay" --plant=no-fp "$ED" "$T/sgemm_tiled.rft" >"$T/plant.no-fp.out" 2>&1 &&
	! edram_ok "$T/plant.no-fp.out"; then
	say "planted no-fp: caught: no approximate row without the FP flags"
else
	bad "planted no-fp not caught: $(grep counters "$T/plant.no-fp.out")"
fi
[ "$fails" = 0 ] && say "techniques: virtualization, RegMutex and eDRAM replays, every operand equal to the trace ($T/table_tech.md)"

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
expect_caught pir-every-read '^trace_replay: cycle [0-9]+: unm_o: an instruction read a register that has no physical register' \
	--plant=pir-every-read "$VT" "$T/reduce_sum.rft"
expect_caught no-acquire '^trace_replay: cycle [0-9]+: xerr_o: an access to an extended register of a warp that holds no SRP section' \
	--plant=no-acquire "$RM" "$T/sgemm_tiled.rft"
expect_caught no-exit '^trace_replay: after every warp.s exit: alloc [0-9]+ but free [0-9]+ \(physical registers left allocated\)$' \
	--plant=no-exit "$VT" "$T/reduce_sum.rft"
expect_caught no-release '^trace_replay: after every warp.s exit: acquire [0-9]+ but release [0-9]+ \(SRP sections left held\)$' \
	--plant=no-release "$RM" "$T/sgemm_tiled.rft"
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
expect_refused "trace_replay: $T/scan_block.rft: a CTA of 4 warps x 18 registers per thread does not fit $VT's register file with virtualization (warps x registers <= warp registers, warps x renamed <= table entries)" \
	-s rf.entries=16 -s sm.warps=4 "$VT" "$T/scan_block.rft"
expect_refused "trace_replay: $T/stencil2d.rft: $RM: RegMutex needs the 21 registers used or live outside the acquired regions below Bs = 18; no renumbering does that (index compaction with moves is not done)" \
	"$RM" "$T/stencil2d.rft"
expect_refused "trace_replay: $T/histogram.rft: kernels/ptx/reduce_sum.ptx: no kernel histogram (the trace's kernel)" \
	--ptx kernels/ptx/reduce_sum.ptx "$VT" "$T/histogram.rft"

if [ "$fails" != 0 ]; then
	say "$fails failure(s)"
	exit 1
fi
say "ok"
