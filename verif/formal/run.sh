#!/usr/bin/env bash
# run.sh CONFIG [--selftest] - prove the RTL's own assertions (rg_assert, compiled under FORMAL)
# with yosys-smtbmc and z3: bounded model checking from reset, then 1-induction (docs/verification.md,
# "Formal proofs"). Every generated block of CONFIG that carries assertions, rf_top aside, is proven
# on its own with every input free. Outputs in build/CONFIG/formal/. Exits non-zero when a proof
# fails, after writing the counterexample as a VCD and printing its path.
# --selftest also plants, for each proven block, the faults listed below in a copy of the RTL and
# fails unless each proof fails with a counterexample.
set -uo pipefail
cd "$(dirname "$0")/../.."
cfg=$1 mode=${2:-}
out=build/$cfg/formal gen=${RF_GEN_DIR:-generated/$cfg}  # RF_GEN_DIR: a user config (Makefile)
# steps 0..DEPTH-1; 10 covers rf_srp_ctrl's acquire/release cycle on small_regmutex: reset, launch,
# four cycles of two grants fill all 8 sections, a release, a re-acquire of the freed section, and
# a margin; the other blocks' assertions are on the state of one cycle (docs/verification.md).
# rf_refresh_ctrl goes to T0 + 2 steps, rf_fr_free to its entries + 4, rf_fr_port to (its in
# buffer's slots + 1) x beats + 6, rf_fr_eng to 14, bounded only (block_depth, bounded_only). DEPTH
# set by the caller applies to every block.
user_depth=${DEPTH:-}
DEPTH=${DEPTH:-10}

# planted faults: block|name|configs|sed program (the edit must change the block's file; configs: -
# for every config, else the configs whose text the pattern matches, the others skip the fault)
faults=(
	# port 0's grant no longer marks its section taken: port 1 can get the same section
	"rf_srp_ctrl|port1-ignores-port0-grant|-|0,/taken\\[f\\] = 1'b1;/s//taken[f] = 1'b0;/"
	# unit 0 counts as ready with its first operand still pending
	"rf_collector|dispatch-before-operand|-|s/u0_busy_q \\& ~(q0_pend_q | /u0_busy_q \\& ~(/"
	# issue port 1 ignores the unit port 0 takes: both fill one unit
	"rf_collector|two-ports-one-unit|-|s/assign iss1_cand = iss0_cand \\& ~iss0_oh;/assign iss1_cand = iss0_cand;/"
	# bank 0's even side in step 1 ignores the claims of step 0: a sub-bank goes to two collectors
	"rf_coal_arbiter|step1-ignores-step0-claims|small_coalesce|s/~|(rm_0r\\[7:4\\] \\& sb1\\[3:0\\])/~|(rm_0r[7:4] \\& sb0[3:0])/"
	# a due refresh waits one cycle more than max_defer before it is forced
	"rf_refresh_ctrl|defer-bound-off-by-one|small_edram small_regmutex_edram|/assign issue = /s/(MaxDefer)/(MaxDefer + 1)/"
	# a refresh is granted beside an access before its wait is exhausted (busy ignored)
	"rf_refresh_ctrl|refresh-beside-access|small_edram small_regmutex_edram|s/^\\( *assign issue = pending_q\\) \\& (.*);/\\1;/"
	# the row pointer stays put on a refresh: the same row is refreshed again, the others starve
	"rf_refresh_ctrl|row-pointer-stalls|-|s/rp_d = rp_q + [0-9]*'d1;/rp_d = rp_q;/"
	# the row pointer skips a row on each refresh: every other row is never refreshed
	"rf_refresh_ctrl|row-pointer-skips-row|-|s/rp_d = rp_q + \\([0-9]*\\)'d1;/rp_d = rp_q + \\1'd2;/"
	# the noncritical sub-row of an approximate row refreshed on every sweep (the flag ignored)
	"rf_edram_bank|seg-ignores-flag|-|s/(~ref_i | ~approx_q\\[r\\] | cnt_zero_i)/(~ref_i | cnt_zero_i)/"
	# allocation searches the flag after this cycle's releases: an id freed now is handed out now
	"rf_free_bitmap|grant-released-id|-|s/ffz(taken)/ffz(occ_d)/;s/rotr(taken, start)/rotr(occ_d, start)/"
	# release port 0 frees nothing (as cmodel/virtualization/mutants.sh's rtl-vt-release-not-freed)
	"rf_free_bitmap|release-not-freed|-|s/if (r0_free) occ_d\\[r0_pid_i\\] = 1'b0;/if (1'b0) occ_d[r0_pid_i] = 1'b0;/"
	# release port 1 ignores port 0 freeing the same id: one id freed, counted twice
	"rf_free_bitmap|duplicate-release-counted|-|s/ \\& ~(r0_free \\& (r0_pid_i == r1_pid_i))//"
	# port 0 is refused whenever id 0 is occupied, with other ids free
	"rf_free_bitmap|refused-with-id-free|-|s/if (a0_req_i) begin/if (a0_req_i \\& ~occ_q[0]) begin/"
	# a release empties its entry and leaves the running count as it was
	"rf_fr_free|release-uncounted|-|s/used_d = used_d - 1'b1;/used_d = used_d;/"
	# an allocation with every entry occupied still counts one more
	"rf_fr_free|alloc-when-full|-|s/if (alloc_i \\&\\& found) begin/if (alloc_i) begin/"
	# find-first-free never offers entry 0
	"rf_fr_free|skips-entry-0|-|s/ffz(occ_q)/ffz(occ_q | 1'b1)/"
	# write port 0 stores (1,3), a state that is not legal at rest
	"rf_fr_status|stores-1-3|-|s/(w0_reg_i == 2'd1 || w0_reg_i == 2'd2)/(w0_reg_i != 2'd0)/"
	# the swap pick ignores the stalled line's exclusion
	"rf_fr_status|swap-picks-stalled-line|-|s/ffz(~(is_sp \\& ready_i \\& ~self))/ffz(~(is_sp \\& ready_i))/"
	# find-first-set never shows register 0 of warp 0
	"rf_fr_live|live-skips-register-0|-|s/ffz(~vec_q)/ffz(~vec_q | 1'b1)/"
	# a load keeps the vector's bits past the kernel's registers (a row with padding: odd_finereg)
	"rf_fr_live|load-past-kernel|odd_finereg|s/assign ld_row = {[0-9]*'d0, ld_vec_i\\[[0-9]*:0\\]};/assign ld_row = ld_vec_i[RowBits-1:0];/"
	# a bank's find-first never shows its bit 0
	"rf_fr_zero|zero-skips-bit-0|-|s/ffz(~cand\\[\\(b\\*[0-9]* +: [0-9]*\\)\\])/ffz(~cand[\\1] | 1'b1)/"
	# a write past the kernel's registers is marked (a row with padding: odd_finereg)
	"rf_fr_zero|write-past-kernel|odd_finereg|s/assign wr_ok = wr_valid_i \\&\\& wr_ridx_i < 6'd[0-9]*;/assign wr_ok = wr_valid_i;/"
	# an owner write no longer checks the slots its CTA already owns
	"rf_fr_slot|accepts-second-slot|-|s/(w_has \\& ~w_at) == '0/(w_has \\& ~w_at \\& '0) == '0/"
	# a PRD starts without a free slot in the in buffer
	"rf_fr_port|prd-without-room|-|s/assign prd_ok_o = port_free \\&\\& count_q < [0-9]*'d[0-9]*;/assign prd_ok_o = port_free;/"
	# an ARD starts while the register ahead still waits in the bank's read register
	"rf_fr_eng|read-register-ignored|small_finereg|s/assign room = !rd_busy_q \\&\\& !obf_post/assign room = !obf_post/"
	# the free-space monitor never told of a PWR: the next PWR takes the same entry, still in its
	# chain (rule 4; rule 2 still holds: the entry is the monitor's lowest empty one)
	"rf_fr_eng|pwr-entry-not-allocated|small_finereg|s/\\.alloc_i *(wlast),/.alloc_i     (1'b0),/"
	# an operation's first PWR linked from the last entry of the chain before (rule 5)
	"rf_fr_eng|first-pwr-linked|small_finereg|s/assign klink = wlast \\&\\& pwc_q != '0;/assign klink = wlast;/"
	# the unit's state machine leaves MOVE a cycle into an operation, the engine still busy
	"rf_fr_ctl|move-left-early|-|s/default: if (eng_done) st_q <= 3'd0;/default: st_q <= 3'd0;/"
	# a PRD starts beside a PWR on the port
	"rf_fr_port|prd-beside-pwr|-|s/assign prd_go = prd_i \\&\\& prd_ok_o \\&\\& !pwr_go;/assign prd_go = prd_i \\&\\& prd_ok_o;/"
	# the slot a PRD takes moves with the pops instead of the PRDs
	"rf_fr_port|tail-moves-with-pops|-|s/if (prd_go) tp_q <=/if (pop_go) tp_q <=/"
)

# the steps of TOP's bounded check in DIR: rf_refresh_ctrl's T0 + 2 (reset, then a retention
# period: every row of every bank refreshed once, the row pointer's wrap and the counter's step)
block_depth() {
	local top=$1 dir=$2 t0
	if [ -z "$user_depth" ] && [ "$top" = rf_refresh_ctrl ]; then
		t0=$(sed -n 's|.*P = (T0 - max_defer) / rows = (\([0-9]*\) .*|\1|p' "$dir/$top.sv")
		[ -n "$t0" ] && { echo $((t0 + 2)); return; }
	fi
	# rf_fr_free: reset, every entry allocated one a cycle (the monitor full), a margin
	if [ -z "$user_depth" ] && [ "$top" = rf_fr_free ]; then
		t0=$(sed -n 's|^ *// \([0-9]*\) occupied flags\{0,1\} (1 occupied).*|\1|p' "$dir/$top.sv")
		[ -n "$t0" ] && { echo $((t0 + 4)); return; }
	fi
	# rf_fr_port: reset, one PRD more than the in buffer's slots (each holding the port its beats),
	# a margin
	if [ -z "$user_depth" ] && [ "$top" = rf_fr_port ]; then
		local d b
		d=$(sed -n 's|^ *localparam int Depth *= \([0-9]*\);.*|\1|p' "$dir/$top.sv")
		b=$(sed -n 's|^ *localparam int BeatBits *= [0-9]*;  // \([0-9]*\) beats\{0,1\} a register|\1|p' "$dir/$top.sv")
		[ -n "$d" ] && [ -n "$b" ] && { echo $(((d + 1) * b + 6)); return; }
	fi
	# rf_fr_eng: reset, every warp's vector loaded, a start, and an eviction's first reads and beats
	if [ -z "$user_depth" ] && [ "$top" = rf_fr_eng ]; then
		echo 14; return
	fi
	# rf_fr_ctl: reset, a launch into each slot (a cycle, then the zeros of its registers), a lookup
	# of the first slot's warps, the decision
	if [ -z "$user_depth" ] && [ "$top" = rf_fr_ctl ]; then
		echo 16; return
	fi
	echo "$DEPTH"
}

# blocks proven from reset only: their assertions lean on the state of the blocks they instantiate,
# which their own rules do not state, so 1-induction cannot close (docs/verification.md)
bounded_only=" rf_fr_eng rf_fr_ctl "

# the blocks holding checks: generated files with rg_assert's FORMAL block, rf_top aside; only
# those of FORMAL_BLOCKS when it is set (make formal BLOCK=...: that block alone)
checked_blocks() {
	local f b
	for f in $(sed "s|^|$gen/|" "$gen/files.f"); do
		grep -q '^ *`define RFM_CHECKS' "$f" || continue
		b=$(basename "$f" .sv)
		[ "$b" = rf_top ] && continue
		if [ -n "${FORMAL_BLOCKS:-}" ]; then case " $FORMAL_BLOCKS " in *" $b "*) ;; *) continue ;; esac; fi
		echo "$b"
	done
}

# 1-induction: a state meeting the assertions steps only to states meeting them; with the base
# case above the assertions hold in every reachable state, at any depth
induct() {
	local name=$1 smt=$2 log=$out/$1-induction.log
	if yosys-smtbmc -s z3 --unroll -i -t 2 "$smt" >"$log" 2>&1; then
		echo "formal: $name: induction PASSED, the assertions hold at every depth"
		return 0
	fi
	echo "formal: $name: induction FAILED (log $log): the invariants alone are not inductive"
	return 2
}

# prove DIR's RTL (a copy of generated/CONFIG) with top TOP; NAME labels the outputs
prove() {
	local name=$1 dir=$2 top=$3 files smt=$out/$1.smt2 log=$out/$1.log vcd=$out/$1-cex.vcd depth
	depth=$(block_depth "$top" "$dir")
	files=$(sed "s|^|$dir/|" "$dir/files.f" | tr '\n' ' ')
	rm -f "$vcd"
	# async2sync: the asynchronous reset as a synchronous mux (the solver has one clock); the
	# design as an AIG, since z3 4.8 is slow on the word-level encoding of the indexed writes
	if ! yosys -q -l "$out/$name-yosys.log" -p "read_verilog -formal -sv -DFORMAL $files; prep -top $top;
		async2sync; dffunmap; techmap; opt -fast; abc -g AND; opt_clean; dffunmap; write_smt2 -wires $smt" \
		>/dev/null 2>&1; then
		echo "formal: yosys failed on $name (log $out/$name-yosys.log)"; return 2
	fi
	# --unroll: smtbmc inlines the definitions itself (z3 4.8.12 stalls on nested define-funs)
	if yosys-smtbmc -s z3 --unroll -t "$depth" --dump-vcd "$vcd" "$smt" >"$log" 2>&1; then
		echo "formal: $name: PASSED, $top assertions hold in steps 0..$((depth - 1)) from reset"
		case $bounded_only in *" $top "*)
			echo "formal: $name: bounded only (its rules lean on the blocks inside it; no induction)"
			return 0 ;;
		esac
		induct "$name" "$smt"
		return
	fi
	grep -m 3 "Assert failed\|ERROR\|rror" "$log" | sed 's/^/  /'
	if [ -s "$vcd" ]; then echo "formal: $name: FAILED, counterexample $vcd (gtkwave $vcd)"; return 1; fi
	echo "formal: $name: FAILED without a counterexample (log $log)"; return 2
}

mkdir -p "$out"
blocks=$(checked_blocks)
[ -n "$blocks" ] || { echo "formal: $gen has no block with formal checks"; exit 1; }
t0=$(date +%s)
for top in $blocks; do
	prove "$top" "$gen" "$top" || exit 1
done
if [ "$mode" = --selftest ]; then
	for f in "${faults[@]}"; do
		IFS='|' read -r top name cfgs expr <<<"$f"
		case " $(echo $blocks) " in *" $top "*) ;; *) continue ;; esac
		[ "$cfgs" = - ] || case " $cfgs " in *" $cfg "*) ;; *) continue ;; esac
		dir=$out/mutant-$name
		rm -rf "$dir" && mkdir -p "$dir" && cp -r "$gen/." "$dir/"
		sed -i "$expr" "$dir/$top.sv"
		if cmp -s "$gen/$top.sv" "$dir/$top.sv"; then
			echo "formal: selftest: $name: the planted fault changed nothing (stale pattern)"; exit 1
		fi
		prove "mutant-$name" "$dir" "$top"
		case $? in
		1) echo "formal: selftest: $name ($top) is caught with a counterexample" ;;
		*) echo "formal: selftest: $name ($top) was NOT caught"; exit 1 ;;
		esac
	done
fi
echo "formal: $cfg done in $(($(date +%s) - t0)) s"
