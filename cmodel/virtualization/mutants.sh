# mutants.sh - the planted faults of register file virtualization, sourced by verif/mutation/run.sh:
# model faults (cmodel/virtualization/faults.def, +mutate=NAME) caught by the lock-step comparison
# and by the model's checkers alone, then faults in a copy of the generated RTL caught by the
# comparison or by the RTL's assertions. `make mutation` runs it on the config below with these
# harnesses built.
# config: small_virt
# harnesses: rf_top rf_rt_bank
# virtualization model faults (cmodel/virtualization/faults.def; virt.c rfm_fb_comb, rfm_rt_comb, rfm_rt_clock)
expect_fail model-vt-allocation-skips-an-id MISMATCH "$harness" "${args[@]}" +mutate=VT_ALLOC_SKIPS_ID
expect_fail model-vt-no-table-bank-conflicts MISMATCH "$harness" "${args[@]}" +mutate=VT_NO_TABLE_CONFLICTS
expect_fail model-vt-release-keeps-mapping "rf_top invariant" "$harness" "${args[@]}" +mutate=VT_RELEASE_KEEPS_MAPPING
expect_fail model-vt-lookup-misses-new-mapping "rf_top golden" "$harness" "${args[@]}" +mutate=VT_LOOKUP_MISSES_NEW_MAPPING  # the golden checker fires first
expect_fail invariant-vt-release-keeps-mapping "rf_top invariant" "$harness" "${args[@]}" +mutate=VT_RELEASE_KEEPS_MAPPING +model-only
expect_fail golden-vt-lookup-misses-new-mapping "rf_top golden" "$harness" "${args[@]}" +mutate=VT_LOOKUP_MISSES_NEW_MAPPING +model-only

# the launch fit with the shape ORed to the capacity rules (an empty or oversized kernel is taken
# when the table fits): offered by the refusal reasons in turn (docs/semantics.md, "Kernel launch")
expect_fail model-vt-launch-fit-or "rf_top launch" "$harness" "${args[@]}" +mutate=VT_LAUNCH_FIT_OR  # the launch verdict fires first
expect_fail checker-vt-launch-fit-or "rf_top launch" "$harness" "${args[@]}" +mutate=VT_LAUNCH_FIT_OR +model-only
block_model_mutant rt-bank-read-sees-write rf_rt_bank RTB_READ_SEES_WRITE "rf_rt_bank golden"

# RTL faults (rtl_mutant, block_rtl_mutant: verif/mutation/run.sh)
block_rtl_mutant rtl-rt-bank-write-ignored rf_rt_bank "s/if (w0_en_i) mem_q\[w0_row_i\] <= w0_pid_i;/if (1'b0) mem_q[w0_row_i] <= w0_pid_i;/"
block_rtl_mutant rtl-rt-bank-read-enable-ignored rf_rt_bank "s/assign r3_pid_o = r3_en_i ? mem_q\[r3_row_i\] : '0;/assign r3_pid_o = mem_q[r3_row_i];/"
rtl_mutant rtl-vt-lookup-reads-another-operand rf_rename_table.sv "s/assign l1_pid = '0 | ((l1_bs == 2'd0) ? b0_r1_pid/assign l1_pid = '0 | ((l1_bs == 2'd0) ? b0_r0_pid/"
rtl_mutant rtl-vt-launch-fit-or rf_top.sv 's/^      & (le_x <= lr_x) & (need_x <= Packs)/      | (le_x <= lr_x) \& (need_x <= Packs)/'
rtl_mutant rtl-vt-lookup-without-bypass rf_rename_table.sv "0,/l0_byp = 1'b1;/s//l0_byp = 1'b0;/"
rtl_mutant rtl-vt-invalidation-ignored rf_rename_table.sv "s/if (i0_eff) valid_d\[i0_ix\] = 1'b0;/if (1'b0) valid_d[i0_ix] = 1'b0;/"
rtl_mutant rtl-vt-release-not-freed rf_free_bitmap.sv "s/if (r0_free) occ_d\[r0_pid_i\] = 1'b0;/if (1'b0) occ_d[r0_pid_i] = 1'b0;/"
rtl_mutant rtl-vt-walker-stuck rf_top.sv "s/wk_cnt_d = wk_next;/wk_cnt_d = wk_cnt_q;/"
# the optional assertion build (RFM_ASSERTIONS) catches a leak in the RTL alone (the flag's own rule 4
# sees it at the release's edge, rf_top's invariant 3 a cycle later)
rtl_mutant assert-vt-release-not-freed rf_free_bitmap.sv "s/if (r0_free) occ_d\[r0_pid_i\] = 1'b0;/if (1'b0) occ_d[r0_pid_i] = 1'b0;/" \
	"rf_free_bitmap rule 4\|rf_top invariant 3" "+define+RFM_ASSERTIONS --assert"
