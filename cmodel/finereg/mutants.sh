# mutants.sh - the planted faults of FineReg, sourced by verif/mutation/run.sh: model faults
# (cmodel/finereg/faults.def, +mutate=NAME) caught by the lock-step comparison and by the checker
# alone (the block's, or rf_top's), then faults in a copy of the generated RTL caught by the
# comparison. `make mutation` runs it on the config below with the harnesses named.
# config: small_finereg
# harnesses: rf_fr_lrc rf_fr_free rf_fr_tags rf_fr_status rf_fr_ptr rf_fr_dec rf_fr_live rf_fr_zero rf_fr_slot rf_fr_pcrf rf_fr_port rf_fr_eng rf_fr_ctl rf_top
# model faults (cmodel/finereg/faults.def; cmodel/finereg/blocks_finereg.c)
block_model_mutant lrc-tag-ignored rf_fr_lrc LRC_TAG_IGNORED "rf_fr_lrc golden"
block_model_mutant lrc-fill-next-index rf_fr_lrc LRC_FILL_NEXT_INDEX "rf_fr_lrc golden"
block_model_mutant lrc-inval-ignored rf_fr_lrc LRC_INVAL_IGNORED "rf_fr_lrc golden"
block_model_mutant free-highest-first rf_fr_free FREE_HIGHEST_FIRST "rf_fr_free golden"
block_model_mutant free-release-unchecked rf_fr_free FREE_RELEASE_UNCHECKED "rf_fr_free golden"
block_model_mutant free-alloc-when-full rf_fr_free FREE_ALLOC_WHEN_FULL "rf_fr_free golden"
block_model_mutant tags-clear-ignored rf_fr_tags TAGS_CLEAR_IGNORED "rf_fr_tags golden"
block_model_mutant tags-link-sets-valid rf_fr_tags TAGS_LINK_SETS_VALID "rf_fr_tags golden"
block_model_mutant status-port0-wins rf_fr_status STATUS_PORT0_WINS "rf_fr_status golden"
block_model_mutant status-swap-highest rf_fr_status STATUS_SWAP_HIGHEST "rf_fr_status golden"
block_model_mutant ptr-read1-is-read0 rf_fr_ptr PTR_READ1_IS_READ0 "rf_fr_ptr golden"
block_model_mutant ptr-count-top-bit-lost rf_fr_ptr PTR_COUNT_TOP_BIT_LOST "rf_fr_ptr golden"
block_model_mutant dec-highest-first rf_fr_dec DEC_HIGHEST_FIRST "rf_fr_dec golden"
block_model_mutant dec-mask-ignored rf_fr_dec DEC_MASK_IGNORED "rf_fr_dec golden"
block_model_mutant live-dst-ignored rf_fr_live LIVE_DST_IGNORED "rf_fr_live golden"
block_model_mutant live-take-lowest rf_fr_live LIVE_TAKE_LOWEST "rf_fr_live golden"
block_model_mutant zero-grant-ignored rf_fr_zero ZERO_GRANT_IGNORED "rf_fr_zero golden"
block_model_mutant zero-marks-next rf_fr_zero ZERO_MARKS_NEXT "rf_fr_zero golden"
block_model_mutant slot-second-slot-accepted rf_fr_slot SLOT_SECOND_SLOT_ACCEPTED "rf_fr_slot golden"
block_model_mutant slot-lookup-highest rf_fr_slot SLOT_LOOKUP_HIGHEST "rf_fr_slot golden"
block_model_mutant pcrf-read-early rf_fr_pcrf PCRF_READ_EARLY "rf_fr_pcrf golden"
block_model_mutant pcrf-write-next-row rf_fr_pcrf PCRF_WRITE_NEXT_ROW "rf_fr_pcrf golden"
block_model_mutant port-ob-early rf_fr_port PORT_OB_EARLY "rf_fr_port golden"
block_model_mutant port-ready-early rf_fr_port PORT_READY_EARLY "rf_fr_port golden"
block_model_mutant port-dst-next-slot rf_fr_port PORT_DST_NEXT_SLOT "rf_fr_port golden"
block_model_mutant eng-swap-no-dst rf_fr_eng ENG_SWAP_NO_DST "rf_fr_eng golden"
block_model_mutant eng-walk-short rf_fr_eng ENG_WALK_SHORT "rf_fr_eng golden"
block_model_mutant ctl-one-pc rf_fr_ctl CTL_ONE_PC "rf_fr_ctl golden"
block_model_mutant ctl-no-retry rf_fr_ctl CTL_NO_RETRY "rf_fr_ctl golden"
block_model_mutant ctl-stale-lookup rf_fr_ctl CTL_STALE_LOOKUP "rf_fr_ctl golden"
# rf_top's FineReg parts (cmodel/finereg/part_finereg.c); the write-back that the faulty model writes
# is judged by the checker in its cycle, a cycle before the counters show it to the comparison
expect_fail model-fr-top-wb-to-moved "rf_top FineReg\\|MISMATCH" "$harness" "${args[@]}" +mutate=FR_TOP_WB_TO_MOVED
expect_fail checker-fr-top-wb-to-moved "rf_top FineReg" "$harness" "${args[@]}" +mutate=FR_TOP_WB_TO_MOVED +model-only
expect_fail model-fr-top-wb-any-cta "rf_top FineReg\\|MISMATCH" "$harness" "${args[@]}" +mutate=FR_TOP_WB_ANY_CTA
expect_fail checker-fr-top-wb-any-cta "rf_top FineReg" "$harness" "${args[@]}" +mutate=FR_TOP_WB_ANY_CTA +model-only
expect_fail model-fr-top-stall-ungated MISMATCH "$harness" "${args[@]}" +mutate=FR_TOP_STALL_UNGATED
expect_fail checker-fr-top-stall-ungated "rf_top FineReg" "$harness" "${args[@]}" +mutate=FR_TOP_STALL_UNGATED +model-only

# RTL faults (block_rtl_mutant: verif/mutation/run.sh)
block_rtl_mutant rtl-lrc-tag-ignored rf_fr_lrc 's/ & (ltag_sh\[31:0\] == l_pc_i)//'
block_rtl_mutant rtl-lrc-fill-next-index rf_fr_lrc "s/assign fi = f_pc_i\[4:3\];/assign fi = f_pc_i[4:3] + 2'd1;/"
block_rtl_mutant rtl-lrc-inval-ignored rf_fr_lrc "s/      valid_d = '0;/      valid_d = valid_q;/"
block_rtl_mutant rtl-lrc-miss-reads-entry rf_fr_lrc "s/assign l_vec_o = hit ? lvec_sh\[63:0\] : '0;/assign l_vec_o = lvec_sh[63:0];/"
block_rtl_mutant rtl-free-release-unchecked rf_fr_free 's/assign rel = rel_valid_i \&\& occ_q\[ri\];/assign rel = rel_valid_i;/'
block_rtl_mutant rtl-free-alloc-when-full rf_fr_free 's/if (alloc_i \&\& found) begin/if (alloc_i) begin/'
block_rtl_mutant rtl-free-release-uncounted rf_fr_free "s/used_d = used_d - 1'b1;/used_d = used_d;/"
block_rtl_mutant rtl-free-skips-entry-0 rf_fr_free "s/ffz(occ_q)/ffz(occ_q | 1'b1)/"
block_rtl_mutant rtl-free-index-when-full rf_fr_free "s/assign ff_idx_o = found ? ff : '0;/assign ff_idx_o = ff;/"
block_rtl_mutant rtl-tags-clear-ignored rf_fr_tags "s/if (c_ok) valid_d\[c_idx_i\] = 1'b0;/if (1'b0) valid_d[c_idx_i] = 1'b0;/"
block_rtl_mutant rtl-tags-write-before-link rf_fr_tags 's/^\(    if (k_ok) link_q\[k_idx_i\] <= .*\)$/\1\n    if (w_ok) link_q[w_idx_i] <= {w_end_i, w_next_i};/'
block_rtl_mutant rtl-tags-empty-reads-fields rf_fr_tags "s/assign {r_wid_o, r_ridx_o} = r_v ? reg_q\[r_idx_i\] : '0;/assign {r_wid_o, r_ridx_o} = reg_q[r_idx_i];/"
block_rtl_mutant rtl-tags-clear-before-write-lost rf_fr_tags "s/if (w_ok) valid_d\[w_idx_i\] = 1'b1;/if (w_ok \&\& !c_ok) valid_d[w_idx_i] = 1'b1;/"
block_rtl_mutant rtl-status-stores-1-3 rf_fr_status "s/(w0_reg_i == 2'd1 || w0_reg_i == 2'd2)/(w0_reg_i != 2'd0)/"
block_rtl_mutant rtl-status-swap-picks-stalled rf_fr_status 's/ffz(~(is_sp \& ready_i \& ~self))/ffz(~(is_sp \& ready_i))/'
block_rtl_mutant rtl-status-port0-wins rf_fr_status 's/if (w0_ok) begin/if (w0_ok \&\& !(w1_ok \&\& w1_cta_i == w0_cta_i)) begin/;s/if (w1_ok) begin  \/\/ later: wins on one line/if (w1_ok \&\& !(w0_ok \&\& w1_cta_i == w0_cta_i)) begin/'
block_rtl_mutant rtl-status-pipe-counts-saved rf_fr_status "s/assign in_pipe\[g\] = ctx_q\[2\*g +: 2\] == 2'd2;/assign in_pipe[g] = ctx_q[2*g +: 2] != 2'd0;/"
block_rtl_mutant rtl-ptr-read1-is-read0 rf_fr_ptr "s/assign r1_sh = line_q >> (\([0-9]*\)'(r1_cta_i)/assign r1_sh = line_q >> (\1'(r0_cta_i)/"
block_rtl_mutant rtl-ptr-fields-swapped rf_fr_ptr 's/+: LineBits\] = {w_count_i, w_head_i};/+: LineBits] = {w_head_i, w_count_i};/'
block_rtl_mutant rtl-ptr-write-ignored rf_fr_ptr 's/if (w_ok) line_d\[/if (1'"'"'b0) line_d[/'
block_rtl_mutant rtl-dec-take-ignored rf_fr_dec "s/else if (take_i \&\& found) vec_d\[lo\] = 1'b0;/else if (1'b0) vec_d[lo] = 1'b0;/"
block_rtl_mutant rtl-dec-take-wins rf_fr_dec "s/if (ld_valid_i) vec_d = ld_regs;/if (ld_valid_i \&\& !take_i) vec_d = ld_regs;/"
block_rtl_mutant rtl-dec-skips-register-0 rf_fr_dec "s/ffz(~vec_q)/ffz(~vec_q | 1'b1)/"
block_rtl_mutant rtl-live-dst-ignored rf_fr_live 's/assign pick = dst ? q_ix : lo;/assign pick = lo;/'
block_rtl_mutant rtl-live-take-ignored rf_fr_live "s/if (take_i \&\& found) vec_d\[pick\] = 1'b0;/if (1'b0) vec_d[pick] = 1'b0;/"
block_rtl_mutant rtl-live-load-before-take rf_fr_live 's/^\( *\)if (take_i \(.*\)$/\1if (ld_ok) vec_d[ld_ix +: RowBits] = ld_row;\n\1if (take_i \2/;/^ *if (ld_ok) vec_d\[ld_ix +: RowBits\] = ld_row;$/d'
block_rtl_mutant rtl-live-skips-register-0 rf_fr_live "s/ffz(~vec_q)/ffz(~vec_q | 1'b1)/"
block_rtl_mutant rtl-live-dst-past-kernel rf_fr_live "s/assign q_in = q_ridx_i < 6'd[0-9]*;/assign q_in = 1'b1;/"
block_rtl_mutant rtl-zero-grant-ignored rf_fr_zero "s/assign zv = en_i ? zf \& gnt_i : '0;/assign zv = en_i ? zf : '0;/"
block_rtl_mutant rtl-zero-request-ungated rf_fr_zero "s/assign req_o = en_i ? zf : '0;/assign req_o = zf;/"
block_rtl_mutant rtl-zero-write-ignored rf_fr_zero "s/if (wr_ok) done_d\[wr_ix\] = 1'b1;/if (1'b0) done_d[wr_ix] = 1'b1;/"
block_rtl_mutant rtl-zero-clear-loses rf_fr_zero "s/done_d = done_q;/done_d = clr_i ? '0 : done_q;/;/if (clr_i) done_d = '0;/d"
block_rtl_mutant rtl-zero-one-class rf_fr_zero 's/\& Class\[k\*\([0-9]*\) +:/\& Class[0 +:/'
block_rtl_mutant rtl-zero-skips-register-0 rf_fr_zero "s/ffz(~cand\[\(b\*[0-9]* +: [0-9]*\)\])/ffz(~cand[\1] | 1'b1)/"
block_rtl_mutant rtl-slot-accepts-second-slot rf_fr_slot "s/(w_has \& ~w_at) == '0/(w_has \& ~w_at \& '0) == '0/"
block_rtl_mutant rtl-slot-free-write-ignored rf_fr_slot 's/owned_d = w_own_i ? owned_q | w_at : owned_q \& ~w_at;/owned_d = owned_q | (w_own_i ? w_at : '"'"'0);/'
block_rtl_mutant rtl-slot-owners-shifted rf_fr_slot "s/assign own_cta_o = owner_q;/assign own_cta_o = owner_q >> 1;/"
block_rtl_mutant rtl-slot-owner-of-free-slot rf_fr_slot "s/assign q_cta_o = q_valid_o ? q_sh\[CtaBits-1:0\] : '0;/assign q_cta_o = q_sh[CtaBits-1:0] | 1'b1;/"
block_rtl_mutant rtl-pcrf-stage-skipped rf_fr_pcrf 's/begin d2_q <= d1_q;/begin d2_q <= d0_q;/'
block_rtl_mutant rtl-pcrf-beat-ignored rf_fr_pcrf "s/ + 5'(beat_i);/;/"
block_rtl_mutant rtl-pcrf-read-writes rf_fr_pcrf 's/if (ok \&\& we_i) mem_q\[row\]/if (ok) mem_q[row]/'
block_rtl_mutant rtl-pcrf-output-ungated rf_fr_pcrf "s/assign rdata_o = v_q\[Stages-1\] ? d2_q : '0;/assign rdata_o = d2_q;/"
block_rtl_mutant rtl-port-prd-beside-pwr rf_fr_port 's/assign prd_go = prd_i \&\& prd_ok_o \&\& !pwr_go;/assign prd_go = prd_i \&\& prd_ok_o;/'
block_rtl_mutant rtl-port-ready-ignores-beats rf_fr_port "s/assign ready = count_q != '0 \&\& done_q\[head_q\];/assign ready = count_q != '0;/"
block_rtl_mutant rtl-port-ob-free-early rf_fr_port "s/assign ob_free_o = pwr_go ? 1'b0 :/assign ob_free_o = pwr_go ? 1'b1 :/"
block_rtl_mutant rtl-port-pop-keeps-head rf_fr_port "s/head_q <= head_q == 2'd3 ? '0 : head_q + 1'b1;/head_q <= head_q;/"
block_rtl_mutant rtl-port-dst-in-fill-slot rf_fr_port 's/if (prd_go) dst_q\[tp_q\] <= prd_dst_i;/if (prd_go) dst_q[fp_q] <= prd_dst_i;/'
block_rtl_mutant rtl-eng-dst-ignored rf_fr_eng "s/\(\.q_valid_i *\)(a_ard_c)/\1(1'b0)/"
block_rtl_mutant rtl-eng-dst-from-tags rf_fr_eng "s/assign dst_k = in_count != '0 ? in_dst : tag_dst;/assign dst_k = tag_dst;/"
block_rtl_mutant rtl-eng-read-register-ignored rf_fr_eng 's/assign room = !rd_busy_q \&\& !obf_post/assign room = !obf_post/'
block_rtl_mutant rtl-eng-link-ignored rf_fr_eng "s/assign klink = wlast \&\& pwc_q != '0;/assign klink = 1'b0;/"
block_rtl_mutant rtl-eng-end-never-set rf_fr_eng "s/assign w_end = .*;/assign w_end = 1'b0;/"
block_rtl_mutant rtl-eng-depletion-unchecked rf_fr_eng 's/assign start = go_i \&\& !busy_q \&\& !depleted;/assign start = go_i \&\& !busy_q;/'
block_rtl_mutant rtl-eng-zeros-in-eviction rf_fr_eng 's/(op_l || ((op_r || op_s)/(op_l || op_e || ((op_r || op_s)/'
block_rtl_mutant rtl-eng-walk-stuck rf_fr_eng 's/walk_q <= r_next;/walk_q <= walk_q;/'
block_rtl_mutant rtl-eng-done-early rf_fr_eng 's/assign done_o = done;/assign done_o = busy_q \&\& pdone;/'
block_rtl_mutant rtl-eng-chain-head-late rf_fr_eng "s/ : pwc_q == '0 ? wlast_ent : nhead_q;/ : nhead_q;/"
block_rtl_mutant rtl-ctl-exit-in-decide rf_fr_ctl 's/assign exit_go = ex_valid \&\& !st_dec \&\& !eng_done;/assign exit_go = ex_valid \&\& !eng_done;/'
block_rtl_mutant rtl-ctl-stay-key-ignored rf_fr_ctl 's/ \&\& key_q\[i\*Kb +: Kb\] == key_now);/);/'
block_rtl_mutant rtl-ctl-swap-without-own-entries rf_fr_ctl "s/32'(free_cnt) + 32'(r0_count) >= 32'(eng_live)/32'(free_cnt) >= 32'(eng_live)/"
block_rtl_mutant rtl-ctl-resume-without-room rf_fr_ctl 's/assign i_res = st_idle \&\& room \&\& sw_valid;/assign i_res = st_idle \&\& sw_valid;/'
block_rtl_mutant rtl-ctl-fill-any-pc rf_fr_ctl 's/assign fill_ok = st_miss \&\& fill_valid_i \&\& fill_pc_i == mpc_q;/assign fill_ok = st_miss \&\& fill_valid_i;/'
block_rtl_mutant rtl-ctl-saved-launch-active rf_fr_ctl "s/eop_q == 2'd0 ? epipe_q : eop_q != 2'd1;/eop_q == 2'd0 ? 1'b1 : eop_q != 2'd1;/"
block_rtl_mutant rtl-ctl-pending-line-kept rf_fr_ctl 's/assign pw_start = i_rst || d_swap;/assign pw_start = 1'"'"'b0;/'
block_rtl_mutant rtl-ctl-gone-forgotten rf_fr_ctl 's/assign gone_now = gone_q || sg;/assign gone_now = sg;/'
block_rtl_mutant rtl-ctl-restore-before-resume rf_fr_ctl 's/assign i_rst = st_idle \&\& !i_res \&\& /assign i_rst = st_idle \&\& /'

# a fault in an assertion's text (lint_mutant: verif/mutation/run.sh)
lint_mutant lint-port-assertion-text rf_fr_port "s/(wact_q ? wbeat_q <= 1'd1 : wbeat_q == '0)/(wact_q ? wbeat_q <= : wbeat_q == '0)/"

# the engine's own assertions, with the comparison off (+rtl-only): an ARD that the out buffer
# cannot take (rule 1)
rtl_mutant assert-eng-read-register-ignored rf_fr_eng.sv 's/assign room = !rd_busy_q \&\& !obf_post/assign room = !obf_post/' \
	"rf_fr_eng rule 1" "+define+RFM_ASSERTIONS --assert" rf_fr_eng
# the PCRF's chains (rules 4 and 5): the free-space monitor never told of a PWR (the next PWR takes
# an entry still in a chain), an operation's first PWR linked from the chain before
rtl_mutant assert-eng-pwr-entry-not-allocated rf_fr_eng.sv "s/\.alloc_i *(wlast),/.alloc_i     (1'b0),/" \
	"rf_fr_eng rule 4" "+define+RFM_ASSERTIONS --assert" rf_fr_eng
rtl_mutant assert-eng-first-pwr-linked rf_fr_eng.sv "s/assign klink = wlast \&\& pwc_q != '0;/assign klink = wlast;/" \
	"rf_fr_eng rule 5" "+define+RFM_ASSERTIONS --assert" rf_fr_eng
# the controller's: the state machine leaving MOVE while the engine still moves registers (rule 2)
rtl_mutant assert-ctl-move-left-early rf_fr_ctl.sv "s/default: if (eng_done) st_q <= 3'd0;/default: st_q <= 3'd0;/" \
	"rf_fr_ctl rule 2" "+define+RFM_ASSERTIONS --assert" rf_fr_ctl
# and a new chain's count stored one too high at an eviction's end (rule 4: the free count and the
# chains' counts no longer add up to the PCRF)
rtl_mutant assert-ctl-chain-count-high rf_fr_ctl.sv "s/(pw_start ? '0 : ch_count)/(pw_start ? '0 : ch_count + 1'b1)/" \
	"rf_fr_ctl rule 4" "+define+RFM_ASSERTIONS --assert" rf_fr_ctl
# rf_top's FineReg parts (rtl_gen/finereg/part_finereg.c): a stall seen while an instruction waits
# in a collector, a finished CTA seen likewise, a write-back to a slot not active written, an issue
# of a stalled warp taken, the engine's read of the wrong row, its writes not made, the register
# it read taken from bank 0, warp 0's instructions in the collectors not counted
rtl_mutant rtl-fr-top-stall-ungated rf_top.sv "$(stmt 'assign fr_cstall\[0\]' 'fr_stall_i[0]')"
rtl_mutant rtl-fr-top-exit-ungated rf_top.sv "$(stmt 'assign fr_cexit\[0\]' 'fr_exit_i[0]')"
rtl_mutant rtl-fr-top-wb-kept rf_top.sv "$(stmt 'assign wb0_ok' 'wb0_valid_i \& ~wb0_err')"
rtl_mutant rtl-fr-top-wb-any-cta rf_top.sv "$(stmt 'assign fr_wown0\[0\]' 'fr_act[0]')"
rtl_mutant rtl-fr-top-stalled-issues rf_top.sv "$(stmt 'assign fr_blk\[0\] ' '~fr_act[0] | fr_exit_i[0]')"
rtl_mutant rtl-fr-top-lent-row rf_top.sv "$(stmt 'assign lend_rrow ' "'0")"
rtl_mutant rtl-fr-top-lent-writes rf_top.sv "$(stmt 'assign lend_wr   ' "'0")"
rtl_mutant rtl-fr-top-read-bank0 rf_top.sv 's/assign fr_rd_data = b_r0_data\[fr_ardb_q\*\([0-9]*\) +: /assign fr_rd_data = b_r0_data[0 +: /'
rtl_mutant rtl-fr-top-pend-uncounted rf_top.sv "$(stmt 'assign fr_pend0_d' "'0")"
# the engine's grant taken as its request: caught by the comparison, and by the RTL's assertion
# that the engine accesses only banks it holds and was granted (a write-back to the bank wins)
rtl_mutant rtl-fr-top-lent-ungranted rf_top.sv "$(stmt 'assign fr_gnt' 'fr_hold_req')"
rtl_mutant assert-fr-top-lent-ungranted rf_top.sv "$(stmt 'assign fr_gnt' 'fr_hold_req')" "rf_top FineReg lending" "+define+RFM_ASSERTIONS --assert"
