# mutants.sh - the planted faults of RegMutex, sourced by verif/mutation/run.sh: model faults
# (cmodel/regmutex/faults.def, +mutate=NAME) caught by the lock-step comparison and by the model's
# checkers alone, then faults in a copy of the generated RTL caught by the comparison or by the
# RTL's assertions. `make mutation` runs it on the config below with these harnesses built.
# config: small_regmutex
# harnesses: rf_top
# RegMutex model faults (cmodel/regmutex/faults.def; regmutex.c rfm_srp_comb)
expect_fail model-srp-highest-free-section MISMATCH "$harness" "${args[@]}" +mutate=SRP_HIGHEST_FREE_SECTION
expect_fail model-srp-release-leaks "rf_top invariant" "$harness" "${args[@]}" +mutate=SRP_RELEASE_LEAKS  # the checker fires no later than the first port difference
expect_fail model-srp-ports-share-section MISMATCH "$harness" "${args[@]}" +mutate=SRP_PORTS_SHARE_SECTION
expect_fail invariant-srp-release-leaks "rf_top invariant" "$harness" "${args[@]}" +mutate=SRP_RELEASE_LEAKS +model-only
expect_fail invariant-srp-ports-share-section "rf_top invariant" "$harness" "${args[@]}" +mutate=SRP_PORTS_SHARE_SECTION +model-only
# the precomputed translation (xlate = precomp): an acquire writes the next section's extended base
expect_fail model-srp-xbase-next-section "rf_top invariant 17" "$harness" "${args[@]}" +mutate=SRP_XBASE_NEXT_SECTION  # the checker fires at the write, before the first port difference
expect_fail invariant-srp-xbase-next-section "rf_top invariant 17" "$harness" "${args[@]}" +mutate=SRP_XBASE_NEXT_SECTION +model-only

# RTL faults (rtl_mutant, block_rtl_mutant: verif/mutation/run.sh)
# the paper's literal Y = X + B with B = SRP_offset + LUT x Es: extended registers overrun the section
# (precomputed: rf_top registers SRP_offset where its extended bases need SRP_offset - Bs)
rtl_mutant rtl-srp-offset-without-minus-bs rf_top.sv 's/assign xoff_x = srp_x - lb_x;/assign xoff_x = srp_x;/'
# an acquire writes the extended base of the section after its own into the table
rtl_mutant rtl-srp-xbase-next-section rf_top.sv 's/pick(sbase, acq\([0-9]\)_sect_o)/pick(sbase, acq\1_sect_o + 1'"'"'b1)/'
rtl_mutant assert-srp-xbase-next-section rf_top.sv 's/pick(sbase, acq\([0-9]\)_sect_o)/pick(sbase, acq\1_sect_o + 1'"'"'b1)/' \
	"rf_top invariant 17" "+define+RFM_ASSERTIONS --assert"
# the launch registers 2 Bs as warp 3's base: its base registers alias warp 2's
rtl_mutant rtl-srp-base-table-entry3 rf_top.sv 's/assign kbt3_d = srp_launch ? lbt3 : kbt3_q;/assign kbt3_d = srp_launch ? lbt2 : kbt3_q;/'
rtl_mutant assert-srp-base-table-entry3 rf_top.sv 's/assign kbt3_d = srp_launch ? lbt3 : kbt3_q;/assign kbt3_d = srp_launch ? lbt2 : kbt3_q;/' \
	"rf_top invariant 17" "+define+RFM_ASSERTIONS --assert"
rtl_mutant rtl-srp-release-keeps-section rf_srp_ctrl.sv "s/mk\\[req0_cur\\] = 1'b0;/mk[req0_cur] = 1'b1;/"
rtl_mutant rtl-srp-port1-ignores-port0-grant rf_srp_ctrl.sv '0,/taken\[f\] = 1'"'"'b1;/s//taken[f] = 1'"'"'b0;/'
rtl_mutant assert-srp-port1-ignores-port0-grant rf_srp_ctrl.sv '0,/taken\[f\] = 1'"'"'b1;/s//taken[f] = 1'"'"'b0;/' \
	"rf_srp_ctrl invariant 1" "+define+RFM_ASSERTIONS --assert"
