# mutants.sh - the planted faults of the baseline register file, sourced by verif/mutation/run.sh:
# model faults (cmodel/base/faults.def, +mutate=NAME) caught by the lock-step comparison and by the
# model's checkers alone, then faults in a copy of the generated RTL caught by the comparison or by
# the RTL's assertions. `make mutation` runs it on the config below with these harnesses built.
# config: small
# harnesses: rf_top
# 1 and 2: model faults (cmodel/base/faults.def: the arbiter in cmodel/base/arbiter.c, the crossbar in
# cmodel/base/part_base.c, the storage in cmodel/base/sram.c)
expect_fail model-arbiter-ignores-writes MISMATCH "$harness" "${args[@]}" +mutate=ARB_WRITES_BLOCK_NOTHING
expect_fail model-xbar-wrong-source MISMATCH "$harness" "${args[@]}" +mutate=XBAR_SLOT0_NEIGHBOUR
expect_fail model-bank-ignores-lane-mask MISMATCH "$harness" "${args[@]}" +mutate=SRAM_LANE_MASK_IGNORED
expect_fail golden-xbar-wrong-source "rf_top golden" "$harness" "${args[@]}" +mutate=XBAR_SLOT0_NEIGHBOUR +model-only
expect_fail golden-bank-ignores-lane-mask "rf_top golden" "$harness" "${args[@]}" +mutate=SRAM_LANE_MASK_IGNORED +model-only

# RTL faults (rtl_mutant, block_rtl_mutant: verif/mutation/run.sh)
rtl_mutant rtl-write-does-not-block-read rf_bank_arbiter.sv 's/assign b0_p0_cand = req & ~blk & b0_mine;/assign b0_p0_cand = req \& b0_mine;/'
rtl_mutant rtl-lane-mask-ignored rf_sram.sv 's/if (w0_mask_i\[1\])/if (1'"'"'b1)/'
rtl_mutant rtl-dispatch-pointer-stuck rf_collector.sv 's/dptr_q <= dptr_d;/dptr_q <= dptr_q;/'
