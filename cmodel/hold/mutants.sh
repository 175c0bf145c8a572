# mutants.sh - the planted faults of the bank holds, sourced by verif/mutation/run.sh: model faults
# (cmodel/base/faults.def: HOLD_* and FORCE_LETS_WRITES, in rfm_top_hold_grant, rfm_top_wb_forced
# and in each back end's read masking and write refusal)
# caught by the lock-step comparison and by the hold part's checker alone, then faults in a copy of
# the generated RTL caught by the comparison or by the RTL's assertion. `make mutation` runs it on
# each config below (one per back end) with these harnesses built.
# config: small_hold
# config: small_virt_coalesce
# harnesses: rf_top
expect_fail model-hold-reads-pass "rf_top hold\\|MISMATCH" "$harness" "${args[@]}" +mutate=HOLD_READS_PASS
expect_fail model-hold-ignores-writes MISMATCH "$harness" "${args[@]}" +mutate=HOLD_IGNORES_WRITES
expect_fail checker-hold-reads-pass "rf_top hold" "$harness" "${args[@]}" +mutate=HOLD_READS_PASS +model-only
expect_fail checker-hold-ignores-writes "rf_top hold" "$harness" "${args[@]}" +mutate=HOLD_IGNORES_WRITES +model-only
# forced holds (both configs have hold.force on): a write-back to a force-held bank goes through
expect_fail model-force-lets-writes MISMATCH "$harness" "${args[@]}" +mutate=FORCE_LETS_WRITES
expect_fail checker-force-lets-writes "rf_top hold" "$harness" "${args[@]}" +mutate=FORCE_LETS_WRITES +model-only

# RTL faults (rtl_mutant: verif/mutation/run.sh): the grant rule (shared), the read masking (per back end)
rtl_mutant rtl-hold-ignores-writes rf_top.sv 's/assign hold_gnt = \(.*\)hold_req & ~hold_wb\(.*\);/assign hold_gnt = \1hold_req\2;/'
case $cfg in
*coalesce*) pass='s/assign co_c0_v = co_c0_rq & ~hold_gnt\[0\];/assign co_c0_v = co_c0_rq;/'
	force='s/assign co_w0_req = wb0_ok & (|wb0_mask_i) & ~co_w0_frc;/assign co_w0_req = wb0_ok \& (|wb0_mask_i);/'
	frdy='s/assign wb0_ready_o = ~co_w0_frc & (~co_w0_req | wb0_gnt);/assign wb0_ready_o = ~co_w0_req | wb0_gnt;/' ;;
*) pass='s/assign aq0_req = cq0_req & ~held_q\[0\];/assign aq0_req = cq0_req;/'
	force='s/assign wb0_done = wb0_ok & ~hold_force\[wb0_bank\];/assign wb0_done = wb0_ok;/'
	frdy='s/assign wb0_ready_o = ~(wb0_ok & hold_force\[wb0_bank\]);/assign wb0_ready_o = 1'"'"'b1;/' ;;
esac
rtl_mutant rtl-hold-reads-pass rf_top.sv "$pass"
rtl_mutant assert-hold-reads-pass rf_top.sv "$pass" "rf_top bank holds" "+define+RFM_ASSERTIONS --assert"
# a forced hold that does not refuse the write-back (it is written), or a refusal shown as ready
rtl_mutant rtl-force-lets-writes rf_top.sv "$force"
rtl_mutant rtl-force-shows-ready rf_top.sv "$frdy"
rtl_mutant assert-force-shows-ready rf_top.sv "$frdy" "rf_top bank holds" "+define+RFM_ASSERTIONS --assert"
