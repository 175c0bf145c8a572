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

# RTL faults (rtl_mutant, block_rtl_mutant: verif/mutation/run.sh)
# the paper's literal Y = X + B with B = SRP_offset + LUT x Es: extended registers overrun the section
rtl_mutant rtl-srp-offset-without-minus-bs rf_srp_xlate.sv 's/+ (x0_r - bs_x)/+ x0_r/'
rtl_mutant rtl-srp-release-keeps-section rf_srp_ctrl.sv "s/mk\\[req0_cur\\] = 1'b0;/mk[req0_cur] = 1'b1;/"
rtl_mutant rtl-srp-port1-ignores-port0-grant rf_srp_ctrl.sv '0,/taken\[f\] = 1'"'"'b1;/s//taken[f] = 1'"'"'b0;/'
rtl_mutant assert-srp-port1-ignores-port0-grant rf_srp_ctrl.sv '0,/taken\[f\] = 1'"'"'b1;/s//taken[f] = 1'"'"'b0;/' \
	"rf_srp_ctrl invariant 1" "+define+RFM_ASSERTIONS --assert"
