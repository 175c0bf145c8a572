# mutants.sh - the planted faults of FineReg's blocks, sourced by verif/mutation/run.sh: model
# faults (cmodel/finereg/faults.def, +mutate=NAME) caught by the lock-step comparison and by the
# block's checker alone, then faults in a copy of the block's RTL caught by the comparison. rf_top
# has no FineReg parts yet: `make mutation` builds the block alone from the config file below
# (rtl_gen --block).
# config: verif/finereg/small_finereg.ini
# block: rf_fr_lrc
# model faults (cmodel/finereg/faults.def; cmodel/finereg/blocks_finereg.c)
block_model_mutant lrc-tag-ignored rf_fr_lrc LRC_TAG_IGNORED "rf_fr_lrc golden"
block_model_mutant lrc-fill-next-index rf_fr_lrc LRC_FILL_NEXT_INDEX "rf_fr_lrc golden"
block_model_mutant lrc-inval-ignored rf_fr_lrc LRC_INVAL_IGNORED "rf_fr_lrc golden"

# RTL faults (block_rtl_mutant: verif/mutation/run.sh)
block_rtl_mutant rtl-lrc-tag-ignored rf_fr_lrc 's/ & (ltag_sh\[31:0\] == l_pc_i)//'
block_rtl_mutant rtl-lrc-fill-next-index rf_fr_lrc "s/assign fi = f_pc_i\[4:3\];/assign fi = f_pc_i[4:3] + 2'd1;/"
block_rtl_mutant rtl-lrc-inval-ignored rf_fr_lrc "s/      valid_d = '0;/      valid_d = valid_q;/"
block_rtl_mutant rtl-lrc-miss-reads-entry rf_fr_lrc "s/assign l_vec_o = hit ? lvec_sh\[63:0\] : '0;/assign l_vec_o = lvec_sh[63:0];/"
