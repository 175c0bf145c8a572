# mutants.sh - the planted faults of the coalescing-aware register file, sourced by
# verif/mutation/run.sh: model faults (cmodel/coalescing/faults.def, +mutate=NAME) caught by the
# lock-step comparison and by the model's checkers alone, then faults in a copy of the generated RTL
# caught by the comparison or by the RTL's assertions. `make mutation` runs it on the config below
# with these harnesses built.
# config: small_coalesce
# harnesses: all
# coalescing model faults (cmodel/coalescing/faults.def; coal_width.c, coal_arbiter.c, coal_datapath.c, coal_zero.c)
block_model_mutant ti-convert-bytes-crossed rf_ti_convert TI_BYTES_CROSSED "rf_ti_convert golden"
block_model_mutant byte-swap-rotates-a-lane rf_byte_swap SWAP_ROTATES_LANE "rf_byte_swap invariant 2"
block_model_mutant width-without-thermometer rf_width_detect WIDTH_NO_THERMOMETER "rf_width_detect invariant 3/4"
block_model_mutant merge-ignores-sign-change rf_width_detect MERGE_IGNORES_SIGN_CHANGE "rf_width_detect A4"
block_model_mutant inactive-lanes-not-filled rf_width_detect INACTIVE_NOT_FILLED "rf_width_detect A4"
block_model_mutant odd-mask-not-reversed rf_width_detect ODD_PMASK_NOT_REVERSED "rf_width_detect invariant 5"
block_model_mutant sign-from-last-lane rf_width_detect SIGN_FROM_LAST_LANE "rf_width_detect invariant 3/4"
block_model_mutant mask-buffer-bypasses-update rf_mask_buffer MB_UPDATE_BYPASSED "rf_mask_buffer golden"
block_model_mutant mask-buffer-loses-port1 rf_mask_buffer MB_PORT1_LOST "rf_mask_buffer golden"
block_model_mutant arbiter-l-before-r rf_coal_arbiter ARB_L_BEFORE_R "rf_coal_arbiter invariant 13"
block_model_mutant arbiter-main-diagonals rf_coal_arbiter ARB_MAIN_DIAGONALS "rf_coal_arbiter invariant 13"
block_model_mutant arbiter-pri-stalls rf_coal_arbiter ARB_PRI_STALLS "rf_coal_arbiter invariant 17"
block_model_mutant arbiter-writes-do-not-hold rf_coal_arbiter ARB_WRITES_DO_NOT_HOLD "rf_coal_arbiter invariant 14"
block_model_mutant arbiter-memory-before-exec rf_coal_arbiter ARB_MEMORY_BEFORE_EXEC "rf_coal_arbiter invariant 13"
block_model_mutant arbiter-reads-share-sub-banks rf_coal_arbiter ARB_READS_SHARE_SUBBANKS "rf_coal_arbiter invariant 10"
block_model_mutant arbiter-slices-unchecked rf_coal_arbiter ARB_SLICES_UNCHECKED "rf_coal_arbiter invariant 11"
block_model_mutant arbiter-one-read-per-bank rf_coal_arbiter ARB_ONE_READ_PER_BANK "rf_coal_arbiter invariant 13"
block_model_mutant arbiter-writes-ignore-bank rf_coal_arbiter ARB_WRITES_IGNORE_BANK "rf_coal_arbiter invariant 13"
block_model_mutant coal-sram-ignores-byte-enables rf_coal_sram CS_BYTE_ENABLES_IGNORED "rf_coal_sram golden"
block_model_mutant dual-bank-ignores-byte-enables rf_dual_bank DB_BYTE_ENABLES_IGNORED "rf_dual_bank golden"
block_model_mutant dual-bank-output-not-held rf_dual_bank DB_OUTPUT_NOT_HELD "rf_dual_bank golden"
block_model_mutant dual-bank-writes-idle-sub-banks rf_dual_bank DB_WRITES_IDLE_SUBBANKS "rf_dual_bank golden"
block_model_mutant xbar-wrong-sub-bank rf_subbank_xbar XB_WRONG_SUBBANK "rf_subbank_xbar invariant 18"
block_model_mutant xbar-idle-slice-passes-bank0 rf_subbank_xbar XB_IDLE_SLICE_PASSES_BANK0 "rf_subbank_xbar invariant 18"
block_model_mutant collector-odd-not-unswapped rf_coal_collector CC_ODD_NOT_UNSWAPPED "rf_coal_collector golden"
block_model_mutant collector-fill-one-slice-low rf_coal_collector CC_FILL_ONE_SLICE_LOW "rf_coal_collector golden"
block_model_mutant collector-ready-without-slice3 rf_coal_collector CC_READY_WITHOUT_SLICE3 "rf_coal_collector invariant 19"
block_model_mutant collector-packed-slices-one-operand rf_coal_collector CC_PACKED_SLICES_ONE_OPERAND "rf_coal_collector invariant 19"
block_model_mutant zero-tie-goes-cross-lane rf_zero_detect ZERO_TIE_CROSS_LANE "rf_zero_detect golden"
block_model_mutant zero-slot-rule-without-fill rf_zero_detect ZERO_SLOT_RULE_WITHOUT_FILL "rf_zero_detect golden"
block_model_mutant zero-partial-group-touches-inactive rf_zero_detect ZERO_PARTIAL_GROUP_INACTIVE "rf_zero_detect golden"
block_model_mutant zero-in-lane-writes-inactive rf_zero_detect ZERO_IN_LANE_WRITES_INACTIVE "rf_zero_detect golden"
block_model_mutant zero-cross-lane-stores-in-lane-mask rf_zero_detect ZERO_CROSS_STORES_IN_LANE "rf_zero_detect golden"
block_model_mutant zero-read-gated-by-lane-bit rf_zero_read ZERO_READ_BY_LANE_BIT "rf_zero_read golden"
block_model_mutant zero-read-gated-bytes-pass rf_zero_read ZERO_READ_GATED_PASS "rf_zero_read golden"
block_model_mutant zmask-update-bypassed rf_zmask_buffer ZMASK_UPDATE_BYPASSED "rf_zmask_buffer golden"
block_model_mutant zmask-lower-port-wins rf_zmask_buffer ZMASK_LOWER_PORT_WINS "rf_zmask_buffer golden"
block_model_mutant zmask-array-read-sees-write rf_zmask_array ZMA_READ_SEES_WRITE "rf_zmask_array golden"
# rf_top with coalescing (cmodel/coalescing/top_coal.c): the lock-step run, then the rf_top checker alone
top_mutant() { # name FAULT pattern-with-RTL pattern-model-only
	expect_fail "model-top-$1" "$3" "$harness" "${args[@]}" +mutate="$2"
	expect_fail "checker-top-$1" "$4" "$harness" "${args[@]}" +mutate="$2" +model-only
}
top_mutant odd-write-not-swapped TOP_ODD_WRITE_NOT_SWAPPED MISMATCH "rf_top golden\|rf_top coalescing recount\|rf_top coalescing zero-mask buffer"  # whichever fires first
top_mutant merge-ignores-old-code TOP_MERGE_IGNORES_OLD_CODE "MISMATCH\|rf_top coalescing mask buffer" "rf_top coalescing mask buffer"  # either may fire first
top_mutant no-forwarding-at-issue TOP_NO_FORWARDING_AT_ISSUE MISMATCH "rf_top golden"
top_mutant no-unswap-on-read TOP_NO_UNSWAP_ON_READ MISMATCH "rf_top golden"
top_mutant sign-fill-always-zero TOP_SIGN_FILL_ZERO MISMATCH "rf_top golden"
top_mutant refused-write-ready TOP_REFUSED_WRITE_READY MISMATCH "rf_top coalescing wb1_ready_o"
top_mutant priority-diagonal-stuck TOP_PRIORITY_STUCK MISMATCH "rf_top coalescing collector .* waited"
top_mutant rr-counter-counts-rd-wr TOP_RR_COUNTS_RD_WR MISMATCH "rf_top coalescing recount"
top_mutant port1-mask-update-lost TOP_PORT1_MASK_UPDATE_LOST "rf_top coalescing mask buffer" "rf_top coalescing mask buffer"  # the checker fires first
top_mutant zero-read-not-gated TOP_ZERO_READ_NOT_GATED MISMATCH "rf_top golden"
top_mutant zero-write-gated-by-old-entry TOP_ZERO_WRITE_OLD_ENTRY MISMATCH "rf_top coalescing recount"
top_mutant zero-no-forwarding-at-issue TOP_ZERO_NO_FORWARDING MISMATCH "rf_top golden"
top_mutant zero-read-count-lost TOP_ZERO_READ_COUNT_LOST MISMATCH "rf_top coalescing recount"
top_mutant zero-port1-update-lost TOP_ZERO_PORT1_UPDATE_LOST "rf_top coalescing zero-mask buffer" "rf_top coalescing zero-mask buffer"  # the checker fires first
top_mutant zero-read-ignores-active-mask TOP_ZERO_READ_IGNORES_ACTIVE MISMATCH "rf_top coalescing recount"

# RTL faults (rtl_mutant, block_rtl_mutant: verif/mutation/run.sh)
block_rtl_mutant rtl-ti-convert-byte-crossed rf_ti_convert 's/assign ti_o\[39:32\] = bi_i\[15:8\];/assign ti_o[39:32] = bi_i[7:0];/'
block_rtl_mutant rtl-byte-swap-stuck rf_byte_swap "0,/sel_i ?/s//1'b0 ?/"
block_rtl_mutant rtl-width-no-thermometer rf_width_detect 's/assign lm2 = need3 | need2;/assign lm2 = need2;/'
block_rtl_mutant rtl-width-inactive-fill-missing rf_width_detect 's/assign ben1 = {Lanes{lmf\[1\]}} \& (act | {Lanes{~lmo\[1\]}});/assign ben1 = {Lanes{lmf[1]}} \& act;/'
block_rtl_mutant rtl-mask-buffer-port1-lost rf_mask_buffer "s/if (u1_valid_i) begin/if (1'b0) begin/"
block_rtl_mutant rtl-arbiter-slice-check-missing rf_coal_arbiter 's/ \& ~|(rm_0r\[11:8\] \& oc2\[11:8\])//'
block_rtl_mutant rtl-coal-sram-byte-enable-ignored rf_coal_sram 's/if (bwe_i\[1\]) //'
block_rtl_mutant rtl-coal-sram-output-not-held rf_coal_sram 's/if (en_i \& ~we_i) rdata_q/rdata_q/'
block_rtl_mutant rtl-dual-bank-sub-bank-enable-crossed rf_dual_bank 's/\.en_i    (acc\[2\])/.en_i    (acc[1])/'
block_rtl_mutant rtl-xbar-wrong-slice rf_subbank_xbar 's/oc0_s1_hit\[0\]}} \& bank0_rdata_i\[63:32\]/oc0_s1_hit[0]}} \& bank0_rdata_i[95:64]/'
block_rtl_mutant rtl-collector-fill-threshold rf_coal_collector "s/c0_o0_x2 = c0_o0_enc_q >= 2'd2/c0_o0_x2 = c0_o0_enc_q >= 2'd1/"
block_rtl_mutant rtl-collector-unswap-wrong rf_coal_collector 's/c1_o2_l0 = c1_o2_odd_q ? c1_o2_b3_q/c1_o2_l0 = c1_o2_odd_q ? c1_o2_b0_q/'
block_rtl_mutant rtl-zero-tie-goes-cross-lane rf_zero_detect 's/ > cin_o/ >= cin_o/'
block_rtl_mutant rtl-zero-read-ignores-zero-mask rf_zero_read 's/ \& need \& ~z\([0-3]\);/ \& need;/'
block_rtl_mutant rtl-zmask-buffer-never-valid rf_zmask_buffer "s/valid_q\[r\] <= 1'b1;/valid_q[r] <= 1'b0;/"
block_rtl_mutant rtl-zmask-buffer-valid-ignored rf_zmask_buffer "s/assign i0_v = valid_q\[i0_pack_i\];/assign i0_v = 1'b1;/"
block_rtl_mutant rtl-zmask-array-write-ignored rf_zmask_array "s/if (w0_en_i) mem_q\[w0_row_i\] <= w0_e_i;/if (1'b0) mem_q[w0_row_i] <= w0_e_i;/"
block_rtl_mutant rtl-zmask-array-read-enable-ignored rf_zmask_array "s/assign r3_e_o = r3_en_i ? mem_q\[r3_row_i\] : '0;/assign r3_e_o = mem_q[r3_row_i];/"
rtl_mutant rtl-top-refused-write-ready rf_top.sv "s/assign wb1_ready_o = ~co_w1_req | wb1_gnt;/assign wb1_ready_o = 1'b1;/"
rtl_mutant rtl-top-even-write-on-both-sides rf_top.sv "s/assign co_w0_hit0_r = wb0_gnt \& (wb0_bank == 1'd0) \& (co_w0_odd == 1'b0);/assign co_w0_hit0_r = wb0_gnt \& (wb0_bank == 1'd0);/"
rtl_mutant rtl-top-issue-without-forwarding rf_top.sv "$(stmt 'assign co_i0_0_enc' 'co_i0_0_menc')"
rtl_mutant rtl-top-read-not-zero-gated rf_top.sv "$(stmt 'assign co_b0_rdz' 'co_b0_rdata')"
rtl_mutant rtl-top-zero-bytes-written rf_top.sv 's/^  assign co_w0_bwz = (co_w0_bwe \& ~co_w0_zb)/  assign co_w0_bwz = (co_w0_bwe)/'
rtl_mutant rtl-top-issue-without-zero-forwarding rf_top.sv "$(stmt 'assign co_i0_0_zm' 'co_i0_0_mzm')"
rtl_mutant rtl-top-read-ignores-active-mask rf_top.sv "$(stmt 'assign co_u0_am_d' "'1")"
