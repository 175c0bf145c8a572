# mutants.sh - the planted faults of the eDRAM file's blocks, sourced by verif/mutation/run.sh:
# model faults (cmodel/edram/faults.def, +mutate=NAME) caught by the lock-step comparison and by the
# block's checker alone, then faults in a copy of the generated RTL caught by the comparison. Each
# block runs in its own harness. `make mutation` runs it on the config below with these harnesses
# built.
# config: small_edram
# config: small_finereg_edram
# harnesses: rf_wire_shuffle rf_edram_crit rf_edram_nc rf_refresh_ctrl rf_edram_bank rf_top
# small_finereg_edram: FineReg's engine writing into the eDRAM banks it holds (docs/edram.md, "With
# FineReg"; the blocks' faults are small_edram's, below). The register the engine writes is precise:
# a fault that keeps the row's old flag is caught by the comparison and by rf_top's eDRAM checker
# alone (the flags against the retire rules); in the RTL, the engine's write taking the write-back
# port's flag, and the flag-update counter missing the engine's writes
if [ "$cfg" = small_finereg_edram ]; then
	expect_fail model-edram-lent-write-keeps-flag MISMATCH "$harness" "${args[@]}" +mutate=EDRAM_LENT_WRITE_KEEPS_FLAG
	expect_fail checker-edram-lent-write-keeps-flag "rf_top edram" "$harness" "${args[@]}" \
		+mutate=EDRAM_LENT_WRITE_KEEPS_FLAG +model-only
	rtl_mutant rtl-lent-write-takes-wb-flag rf_top.sv 's/(wb0_fp_i \& ~lend_wr\[b\])/(wb0_fp_i)/'
	rtl_mutant rtl-lent-write-flag-uncounted rf_top.sv "s/ + 16'(lend_wr\[1\])//"
	return 0
fi

# model faults (cmodel/edram/faults.def; cmodel/edram/blocks_edram.c)
block_model_mutant shuffle-crit-neighbour-lane rf_wire_shuffle SHUF_CRIT_NEIGHBOUR_LANE "rf_wire_shuffle golden"
block_model_mutant crit-lane-mask-ignored rf_edram_crit CRIT_LANE_MASK_IGNORED "rf_edram_crit golden"
block_model_mutant nc-refresh-clears-row rf_edram_nc NC_REFRESH_CLEARS_ROW "rf_edram_nc golden"
block_model_mutant rctl-cnt-no-wrap-step rf_refresh_ctrl RCTL_CNT_NO_WRAP_STEP "rf_refresh_ctrl golden"
block_model_mutant rctl-defer-unbounded rf_refresh_ctrl RCTL_DEFER_UNBOUNDED "rf_refresh_ctrl golden"
block_model_mutant rctl-no-stagger rf_refresh_ctrl RCTL_NO_STAGGER "rf_refresh_ctrl golden"
block_model_mutant rctl-ignores-busy rf_refresh_ctrl RCTL_IGNORES_BUSY "rf_refresh_ctrl golden"

# RTL faults (block_rtl_mutant: verif/mutation/run.sh)
# the read path: lane 1's critical bits from lane 2's columns
block_rtl_mutant rtl-shuffle-crit-neighbour-lane rf_wire_shuffle \
	's/^  assign r_row_o\[15:12\] *= r_crit_i\[7:4\];/  assign r_row_o[15:12] = r_crit_i[11:8];/'
block_rtl_mutant rtl-crit-lane-mask-ignored rf_edram_crit 's/if (w0_mask_i\[1\])/if (1'"'"'b1)/'
block_rtl_mutant rtl-nc-read-enable-ignored rf_edram_nc 's/if (r0_en_i) r0_data_q <=/r0_data_q <=/'
block_rtl_mutant rtl-rctl-cnt-no-wrap-step rf_refresh_ctrl "s/cnt_d = cnt_q + [0-9]*'d1;/cnt_d = cnt_q;/"
block_rtl_mutant rtl-rctl-never-forced rf_refresh_ctrl 's/assign issue = pending_q & (.*);/assign issue = pending_q \& ~busy;/'
block_rtl_mutant rtl-rctl-no-stagger rf_refresh_ctrl "s/Stagger = [0-9]*'((b \* Interval) \/ Banks);/Stagger = '0;/"
block_rtl_mutant rtl-rctl-ignores-busy rf_refresh_ctrl 's/assign issue = pending_q & (.*);/assign issue = pending_q;/'

# rf_top's eDRAM parts (cmodel/edram/part_edram.c), model faults: the comparison catches each, and
# rf_top's eDRAM checker alone (+model-only); the last row's lost refresh also with decay on, where
# its data would go (rfm_top edram names the row first)
expect_fail model-edram-refresh-no-hold MISMATCH "$harness" "${args[@]}" +mutate=EDRAM_REFRESH_NO_HOLD
expect_fail checker-edram-refresh-no-hold "rf_top edram" "$harness" "${args[@]}" +mutate=EDRAM_REFRESH_NO_HOLD +model-only
expect_fail model-edram-mark-ignored MISMATCH "$harness" "${args[@]}" +mutate=EDRAM_MARK_IGNORED
expect_fail checker-edram-mark-ignored "rf_top edram" "$harness" "${args[@]}" +mutate=EDRAM_MARK_IGNORED +model-only
expect_fail checker-edram-refresh-skips-last-row "rf_top edram" "$harness" "${args[@]}" \
	+mutate=EDRAM_REFRESH_SKIPS_LAST_ROW +decay=retention
# the decay overlay drawing in precise rows: the checker sees lost bits in a lane precise since its
# write (invariant 3), with the RTL and alone
expect_fail edram-decay-hits-precise "rf_top edram" "$harness" "${args[@]}" +mutate=EDRAM_DECAY_HITS_PRECISE +decay=paper
expect_fail checker-edram-decay-hits-precise "rf_top edram" "$harness" "${args[@]}" \
	+mutate=EDRAM_DECAY_HITS_PRECISE +decay=paper +model-only
expect_fail model-edram-seg-ignores-flag MISMATCH "$(block rf_edram_bank)" "${args[@]}" +mutate=EDRAM_SEG_IGNORES_FLAG

# RTL faults in rf_top and its banks: a refresh that does not claim its bank (caught by the
# comparison and by the RTL's assertions alone), a segmentation gate that ignores the flag, a
# write-back's flag lost, the decay overlay told the wrong row (only a decaying run sees it)
nohold="s/assign hold_force = ref_issue;/assign hold_force = '0;/"
rtl_mutant rtl-refresh-no-hold rf_top.sv "$nohold"
# (the bank's own assertion sees the access beside its refresh in the same cycle as rf_top's)
rtl_mutant assert-refresh-no-hold rf_top.sv "$nohold" "rf_edram_bank refresh\|rf_top eDRAM refresh" \
	"+define+RFM_ASSERTIONS --assert"
rtl_mutant rtl-seg-ignores-flag rf_edram_bank.sv 's/(~ref_i | ~approx_q\[r\] | cnt_zero_i)/(~ref_i | cnt_zero_i)/'
rtl_mutant rtl-write-flag-lost rf_edram_bank.sv 's/approx_d\[w0_addr_i\] = w0_fp_i;/approx_d[w0_addr_i] = 1'"'"'b1;/'
# a late refresh: the interval timer counts one cycle more (P + 1), rows go T0 + 16 cycles unrefreshed
rtl_mutant rtl-refresh-late rf_refresh_ctrl.sv "s/if (timer_q == 3'd6) begin/if (timer_q == 3'd7) begin/"
# the RTL's own assertions alone (+rtl-only): the segmentation gate against its truth table
# (invariant 11), the refresh counter stepping off the wrap (invariant 6)
rtl_mutant assert-seg-ignores-flag rf_edram_bank.sv 's/(~ref_i | ~approx_q\[r\] | cnt_zero_i)/(~ref_i | cnt_zero_i)/' \
	"rf_edram_bank invariant 11" "+define+RFM_ASSERTIONS --assert"
rtl_mutant assert-rctl-cnt-no-wrap-step rf_refresh_ctrl.sv "s/cnt_d = cnt_q + [0-9]*'d1;/cnt_d = cnt_q;/" \
	"rf_refresh_ctrl invariant 6" "+define+RFM_ASSERTIONS --assert"
