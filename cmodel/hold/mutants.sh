# mutants.sh - the planted faults of the bank holds, sourced by verif/mutation/run.sh: model faults
# (cmodel/base/faults.def: HOLD_*, in rfm_top_hold_grant and in each back end's read masking)
# caught by the lock-step comparison and by the hold part's checker alone, then faults in a copy of
# the generated RTL caught by the comparison or by the RTL's assertion. `make mutation` runs it on
# each config below (one per back end) with these harnesses built.
# config: small_hold
# config: small_virt_coalesce
# harnesses: rf_top
expect_fail model-hold-reads-pass "rf_top hold" "$harness" "${args[@]}" +mutate=HOLD_READS_PASS
expect_fail model-hold-ignores-writes MISMATCH "$harness" "${args[@]}" +mutate=HOLD_IGNORES_WRITES
expect_fail checker-hold-reads-pass "rf_top hold" "$harness" "${args[@]}" +mutate=HOLD_READS_PASS +model-only
expect_fail checker-hold-ignores-writes "rf_top hold" "$harness" "${args[@]}" +mutate=HOLD_IGNORES_WRITES +model-only

# RTL faults (rtl_mutant: verif/mutation/run.sh): the grant rule (shared), the read masking (per back end)
rtl_mutant rtl-hold-ignores-writes rf_top.sv 's/assign hold_gnt = hold_req & ~hold_wb;/assign hold_gnt = hold_req;/'
case $cfg in
*coalesce*) pass='s/assign co_c0_v = co_c0_rq & ~hold_gnt\[0\];/assign co_c0_v = co_c0_rq;/' ;;
*) pass='s/assign aq0_req = cq0_req & ~held_q\[0\];/assign aq0_req = cq0_req;/' ;;
esac
rtl_mutant rtl-hold-reads-pass rf_top.sv "$pass"
rtl_mutant assert-hold-reads-pass rf_top.sv "$pass" "rf_top bank holds" "+define+RFM_ASSERTIONS --assert"
