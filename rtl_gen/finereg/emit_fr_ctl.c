/* emit_fr_ctl.c - the body of rf_fr_ctl, FineReg's register management unit (model:
 * cmodel/finereg/block_ctl.c around cmodel/finereg/ctl.c; docs/finereg.md, "The controller in
 * RTL"): the state machine (idle, lookup, miss, decide, move) around the engine, the bit-vector
 * cache, the status monitor, the pointer table and the slot table, with per slot its CTA's active
 * flag and stay mark. */
#include "ctl_ports.h"
#include "rfm_finereg.h"
#include "rg.h"

/* The widths the sections use. */
typedef struct ctl_dims {
	unsigned S, W, n, lb, sb, wb, pb, cb, gb, nb, kb, eb, act; /* act: CTAs in the pipeline at most */
} ctl_dims_t;


/* The lowest set bit of an S-bit vector as (valid, index). */
static void lowest(em_t *e, unsigned S, const char *vec, const char *valid, const char *idx, unsigned sb)
{
	em_open(e, "always_comb begin");
	em_line(e, "%s = 1'b0;", valid);
	em_line(e, "%s = '0;", idx);
	em_open(e, "for (int i = %u; i >= 0; i = i - 1) begin", S - 1);
	em_open(e, "if (%s[i]) begin", vec);
	em_line(e, "%s = 1'b1;", valid);
	em_line(e, "%s = %u'(i);", idx, sb);
	em_close(e, "end");
	em_close(e, "end");
	em_close(e, "end");
}

/* A per-slot vector vec[i] = expr (of i), declared, and its lowest set bit as (valid, idx). */
static void slot_pick(em_t *e, const ctl_dims_t *d, const char *vec, const char *expr, const char *valid,
	const char *idx)
{
	em_line(e, "logic %s %s;", em_rng(e, d->S), vec);
	em_open(e, "always_comb begin");
	em_line(e, "for (int i = 0; i < %u; i = i + 1) %s[i] = %s;", d->S, vec, expr);
	em_close(e, "end");
	em_line(e, "logic %s;", valid);
	em_line(e, "logic %s %s;", em_rng(e, d->sb), idx);
	lowest(e, d->S, vec, valid, idx, d->sb);
}

/* State, the per-slot conditions, the exit. */
static void ctl_state(em_t *e, const ctl_dims_t *d)
{
	unsigned S = d->S, W = d->W, k;
	em_blank(e);
	em_line(e, "// %u slot%s of %u warp%s, %u CTA line%s, %u in the pipeline at most", S, S == 1 ? "" : "s", W,
		W == 1 ? "" : "s", d->n, d->n == 1 ? "" : "s", d->act);
	em_line(e, "localparam int Kb = %u;  // a stay's key: free count, the two picks, a CTA to launch", d->kb);
	em_line(e, "logic [2:0] st_q;  // 0 idle, 1 lookup, 2 miss, 3 decide, 4 move");
	em_line(e, "logic %s s_q;  // the stalled slot", em_rng(e, d->sb));
	em_line(e, "logic %s w_q;  // the warp being looked up", em_rng(e, d->wb));
	em_line(e, "logic gone_q;  // the stall ended while the miss was served");
	em_line(e, "logic [31:0] mpc_q;  // the missed PC");
	em_line(e, "logic %s act_q;  // per slot: its CTA is in the pipeline with its registers in the ACRF", em_rng(e, S));
	em_line(e, "logic %s stay_q;  // per slot: 0, 1 stayed with nothing to switch to, 2 for want of entries",
		em_rng(e, 2 * S));
	em_line(e, "logic %s key_q;  // per slot: the key its stay was decided on", em_rng(e, S * d->kb));
	em_line(e, "logic [1:0] eop_q;  // the engine's operation: 0 launch, 1 eviction, 2 restore, 3 swap");
	em_line(e, "logic %s eslot_q;", em_rng(e, d->sb));
	em_line(e, "logic %s ea_q, eb_q;  // its CTA (a swap's stalled one) and a swap's pending CTA", em_rng(e, d->lb));
	em_line(e, "logic epipe_q;  // a launch into the pipeline");
	em_line(e, "logic %s res_q, pend_q;  // resident and pending CTAs", em_rng(e, d->gb));
	for (k = 0; k < RFM_FR_CTL_NOWN; k++)
		em_line(e, "logic %s c_%s_q;", em_rng(e, d->nb), rfm_fr_ctl_cnt_names[k]);
	em_line(e, "logic st_idle, st_look, st_miss, st_dec, st_move;");
	em_line(e, "assign st_idle = st_q == 3'd0;");
	em_line(e, "assign st_look = st_q == 3'd1;");
	em_line(e, "assign st_miss = st_q == 3'd2;");
	em_line(e, "assign st_dec = st_q == 3'd3;");
	em_line(e, "assign st_move = st_q == 3'd4;");
	em_blank(e);
	em_line(e, "// ---- the blocks' signals ----");
	em_line(e, "logic lrc_hit, sw_valid, sp_valid, fl_valid, ff_valid, q_valid, l_valid;");
	em_line(e, "logic [63:0] lrc_vec;");
	em_line(e, "logic %s sw_cta, sp_cta, fl_cta, q_cta;", em_rng(e, d->lb));
	em_line(e, "logic %s pipe;", em_rng(e, d->gb));
	em_line(e, "logic %s ff_slot, l_slot;", em_rng(e, d->sb));
	em_line(e, "logic %s s_owned;  // per slot: a CTA holds it (the slot table)", em_rng(e, d->S));
	em_line(e, "logic %s r0_head, ch_head;", em_rng(e, d->pb));
	em_line(e, "logic %s r0_count, ch_count, free_cnt;", em_rng(e, d->cb));
	em_line(e, "logic %s eng_live;", em_rng(e, d->eb));
	em_line(e, "logic eng_busy, eng_done, eng_depl;");
	em_blank(e);
	em_line(e, "// per slot: active and every warp waits; its stay mark as this cycle sees it");
	em_line(e, "logic %s stl;", em_rng(e, S));
	em_line(e, "logic %s stay_eff;", em_rng(e, 2 * S));
	em_open(e, "always_comb begin");
	em_open(e, "for (int i = 0; i < %u; i = i + 1) begin", S);
	em_line(e, "stl[i] = act_q[i] && (&stall_i[i*%u +: %u]);", W, W);
	em_line(e, "stay_eff[i*2 +: 2] = stl[i] ? stay_q[i*2 +: 2] : 2'd0;");
	em_close(e, "end");
	em_close(e, "end");
	em_blank(e);
	em_line(e, "// the exit: the lowest finished slot whose CTA is active and not being moved");
	slot_pick(e, d, "exc", "exit_i[i] && act_q[i] && !(st_move && 32'(eslot_q) == i)", "ex_valid", "ex_slot");
	em_line(e, "// it waits while the decision or an operation's end takes the write ports");
	em_line(e, "logic exit_go;");
	em_line(e, "assign exit_go = ex_valid && !st_dec && !eng_done;");
}

/* IDLE, LOOKUP, MISS, DECIDE: this cycle's actions. */
static void ctl_steps(em_t *e, const ctl_dims_t *d)
{
	unsigned W = d->W;
	em_blank(e);
	em_line(e, "logic room, nl;  // a place in the pipeline; a new CTA to launch and a free line for it");
	em_line(e, "assign room = 32'(pipe) < %u;", d->act);
	em_line(e, "assign nl = new_left_i && fl_valid;");
	em_line(e, "logic [Kb-1:0] key_now;");
	em_line(e, "assign key_now = {free_cnt, sw_valid, sw_cta, sp_valid, sp_cta, nl};");
	em_blank(e);
	em_line(e, "// IDLE: resume, else restore or launch into the lowest free slot, else a lookup");
	em_line(e, "logic i_res, i_rst, i_lch, i_scan;");
	em_line(e, "assign i_res = st_idle && room && sw_valid;");
	em_line(e, "assign i_rst = st_idle && !i_res && ff_valid && room && sp_valid;");
	em_line(e, "assign i_lch = st_idle && !i_res && ff_valid && !(room && sp_valid) && nl;");
	em_line(e, "assign i_scan = st_idle && !i_res && !(ff_valid && ((room && sp_valid) || nl));");
	slot_pick(e, d, "elig", "stl[i] && !exit_i[i] && !(stay_eff[i*2 +: 2] != 2'd0 && key_q[i*Kb +: Kb] == key_now)",
		  "look_any", "look_slot");
	em_line(e, "logic look_go;");
	em_line(e, "assign look_go = i_scan && look_any;");
	em_blank(e);
	em_line(e, "// LOOKUP, MISS: one warp's vector a cycle; the stall ends when a warp issues or the CTA finishes");
	em_line(e, "logic sg;");
	em_line(e, "assign sg = !stl[s_q] || exit_i[s_q];");
	em_line(e, "logic [31:0] pc_w;");
	em_line(e, "assign pc_w = pc_i[(32'(s_q) * %u + 32'(w_q)) * 32 +: 32];", W);
	em_line(e, "logic lk, lk_hit, lk_miss, gone_now, fill_ok, f_drop, got, last_w;");
	em_line(e, "assign lk = st_look && !sg;");
	em_line(e, "assign lk_hit = lk && lrc_hit;");
	em_line(e, "assign lk_miss = lk && !lrc_hit;");
	em_line(e, "assign gone_now = gone_q || sg;");
	em_line(e, "assign fill_ok = st_miss && fill_valid_i && fill_pc_i == mpc_q;");
	em_line(e, "assign f_drop = fill_ok && gone_now;");
	em_line(e, "assign got = lk_hit || (fill_ok && !gone_now);");
	em_line(e, "assign last_w = 32'(w_q) == %u;", W - 1);
	em_blank(e);
	em_line(e, "// DECIDE: a context switch, else a swap, else an eviction, else a stay");
	em_line(e, "logic d_ok, d_csw, d_sp, d_none, d_swap, d_evict, d_drop;");
	em_line(e, "logic [1:0] d_stay;");
	em_line(e, "assign d_ok = st_dec && !sg;");
	em_line(e, "assign d_drop = st_dec && sg;");
	em_line(e, "assign d_csw = d_ok && sw_valid;");
	em_line(e, "assign d_sp = d_ok && !sw_valid && sp_valid;");
	em_line(e, "assign d_none = d_ok && !sw_valid && !sp_valid;");
	em_line(e, "assign d_swap = d_sp && 32'(free_cnt) + 32'(r0_count) >= 32'(eng_live);");
	em_line(e, "assign d_evict = d_none && nl && 32'(free_cnt) >= 32'(eng_live);");
	em_line(e, "assign d_stay = d_none && !nl ? 2'd1 : (d_sp && !d_swap) || (d_none && nl && !d_evict) ? 2'd2 : 2'd0;");
	em_blank(e);
	em_line(e, "// the engine's start");
	em_line(e, "logic go;");
	em_line(e, "logic [1:0] op;");
	em_line(e, "logic %s go_slot;", em_rng(e, d->sb));
	em_line(e, "logic %s go_a;", em_rng(e, d->lb));
	em_line(e, "assign go = i_rst || i_lch || d_swap || d_evict;");
	em_line(e, "assign op = d_evict ? 2'd1 : i_rst ? 2'd2 : d_swap ? 2'd3 : 2'd0;");
	em_line(e, "assign go_slot = st_idle ? ff_slot : s_q;");
	em_line(e, "assign go_a = i_lch ? fl_cta : i_rst ? sp_cta : q_cta;");
}

/* The blocks: the cache, the status monitor, the pointer table, the slot table, the engine. */
static void ctl_blocks(em_t *e, const ctl_dims_t *d)
{
	em_blank(e);
	em_line(e, "// ---- the blocks ----");
	{
		const char *const cn[] = {"clk_i", "clk_i", "rst_ni", "rst_ni", "inval_i", "1'b0",
			"l_valid_i", "lk", "l_pc_i", "pc_w", "l_hit_o", "lrc_hit", "l_vec_o", "lrc_vec",
			"f_valid_i", "fill_ok", "f_pc_i", "fill_pc_i", "f_vec_i", "fill_vec_i", NULL};
		rg_instance(e, "rf_fr_lrc u_lrc", cn);
	}
	em_line(e, "// status writes: port 0 an operation's end, a resume, a switch's outgoing CTA; port 1 a swap's");
	em_line(e, "// incoming CTA, a switch's incoming CTA, an exit (never two on one port in a cycle)");
	em_line(e, "logic w0_v, w1_v;");
	em_line(e, "logic %s w0_c, w1_c;", em_rng(e, d->lb));
	em_line(e, "logic [1:0] w0_x, w0_r, w1_x, w1_r;");
	em_open(e, "always_comb begin");
	em_line(e, "w0_v = 1'b1;");
	em_line(e, "w0_c = ea_q;");
	em_line(e, "w0_x = 2'd2;");
	em_line(e, "w0_r = 2'd2;");
	em_open(e, "if (eng_done) begin");
	em_line(e, "w0_x = eop_q == 2'd0 ? (epipe_q ? 2'd2 : 2'd1) : eop_q == 2'd2 ? 2'd2 : 2'd1;");
	em_line(e, "w0_r = eop_q == 2'd0 || eop_q == 2'd2 ? 2'd2 : 2'd1;");
	em_reopen(e, "end else if (i_res) begin");
	em_line(e, "w0_c = sw_cta;");
	em_reopen(e, "end else if (d_csw) begin");
	em_line(e, "w0_c = q_cta;");
	em_line(e, "w0_x = 2'd1;");
	em_reopen(e, "end else begin");
	em_line(e, "w0_v = 1'b0;");
	em_close(e, "end");
	em_line(e, "w1_v = 1'b1;");
	em_line(e, "w1_c = eb_q;");
	em_line(e, "w1_x = 2'd2;");
	em_line(e, "w1_r = 2'd2;");
	em_open(e, "if (d_csw) begin");
	em_line(e, "w1_c = sw_cta;");
	em_reopen(e, "end else if (exit_go) begin");
	em_line(e, "w1_c = q_cta;");
	em_line(e, "w1_x = 2'd0;");
	em_line(e, "w1_r = 2'd0;");
	em_reopen(e, "end else if (!(eng_done && eop_q == 2'd3)) begin");
	em_line(e, "w1_v = 1'b0;");
	em_close(e, "end");
	em_close(e, "end");
	{
		const char *const cn[] = {"clk_i", "clk_i", "rst_ni", "rst_ni", "w0_valid_i", "w0_v", "w0_cta_i", "w0_c",
			"w0_ctx_i", "w0_x", "w0_reg_i", "w0_r", "w1_valid_i", "w1_v", "w1_cta_i", "w1_c", "w1_ctx_i", "w1_x",
			"w1_reg_i", "w1_r", "ready_i", "ready_i", "s_valid_i", "st_dec", "s_cta_i", "q_cta", "r_cta_i",
			"p_cta_i", "r_ctx_o", "p_ctx_o", "r_reg_o", "p_reg_o", "sw_valid_o", "sw_valid", "sw_cta_o",
			"sw_cta", "sp_valid_o", "sp_valid", "sp_cta_o", "sp_cta", "fl_valid_o", "fl_valid", "fl_cta_o",
			"fl_cta", "pipe_o", "pipe", NULL};
		rg_instance(e, "rf_fr_status u_status", cn);
	}
	em_line(e, "// pointer writes: a restore's or a swap's pending line emptied at its start, the new chain at the end");
	em_line(e, "logic pw_v, pw_start;");
	em_line(e, "assign pw_start = i_rst || d_swap;");
	em_line(e, "assign pw_v = pw_start || (eng_done && (eop_q == 2'd1 || eop_q == 2'd3));");
	{
		const char *const cn[] = {"clk_i", "clk_i", "rst_ni", "rst_ni", "w_valid_i", "pw_v", "w_cta_i",
			"pw_start ? sp_cta : ea_q", "w_head_i", "pw_start ? '0 : ch_head", "w_count_i",
			"pw_start ? '0 : ch_count", "r0_cta_i", "sp_cta", "r0_head_o", "r0_head", "r0_count_o", "r0_count",
			"r1_cta_i", "p_cta_i", "r1_head_o", "p_head_o", "r1_count_o", "p_count_o", NULL};
		rg_instance(e, "rf_fr_ptr u_ptr", cn);
	}
	em_line(e, "// slot writes: an operation's end, an exit");
	{
		const char *const cn[] = {"clk_i", "clk_i", "rst_ni", "rst_ni", "w_valid_i", "eng_done || exit_go",
			"w_slot_i", "eng_done ? eslot_q : ex_slot", "w_own_i", "eng_done && eop_q != 2'd1", "w_cta_i",
			"eop_q == 2'd3 ? eb_q : ea_q", "ff_valid_o", "ff_valid", "ff_slot_o", "ff_slot", "q_slot_i",
			"st_dec ? s_q : ex_slot", "q_valid_o", "q_valid", "q_cta_o", "q_cta", "l_cta_i", "sw_cta",
			"l_valid_o", "l_valid", "l_slot_o", "l_slot", "own_o", "s_owned", "own_cta_o", "slot_cta_o", NULL};
		rg_instance(e, "rf_fr_slot u_slot", cn);
		em_line(e, "logic unused_owned;  // act_q says which slots hold a CTA in the pipeline");
		em_line(e, "assign unused_owned = ^s_owned;");
	}
	em_line(e, "// the engine's PCRF starts and idle tag reads: not used here");
	em_line(e, "logic eng_pwr, eng_prd, t_v, t_e;");
	em_line(e, "logic %s eng_pwre, eng_prde, t_n;", em_rng(e, d->pb));
	em_line(e, "logic %s t_w;", em_rng(e, d->wb));
	em_line(e, "logic [5:0] t_r;");
	em_line(e, "logic unused_eng;");
	em_line(e, "assign unused_eng = eng_pwr ^ eng_prd ^ t_v ^ t_e ^ (^eng_pwre) ^ (^eng_prde) ^ (^t_n) ^ (^t_w) ^ (^t_r);");
	em_open(e, "rf_fr_eng u_eng (");
	rg_conn(e, "clk_i", "clk_i");
	rg_conn(e, "rst_ni", "rst_ni");
	rg_conn(e, "go_i", "go");
	rg_conn(e, "op_i", "op");
	rg_conn(e, "slot_i", "go_slot");
	rg_conn(e, "head_i", "r0_head");
	rg_conn(e, "count_i", "r0_count");
	rg_conn(e, "ld_valid_i", "got");
	rg_conn(e, "ld_warp_i", "w_q");
	rg_conn(e, "ld_vec_i", "st_look ? lrc_vec : fill_vec_i");
	{
		static const char *const pass[] = {"hold_gnt_i", "hold_req_o", "ard_o", "ard_warp_o", "ard_ridx_o",
			"rd_data_i", "awr_o", "awr_warp_o", "awr_ridx_o", "awr_data_o", "z_o", "z_warp_o", "z_ridx_o"};
		unsigned k;
		for (k = 0; k < sizeof(pass) / sizeof(pass[0]); k++)
			rg_conn(e, pass[k], pass[k]);
		rg_conn(e, "pwr_o", "eng_pwr");
		rg_conn(e, "pwr_entry_o", "eng_pwre");
		rg_conn(e, "prd_o", "eng_prd");
		rg_conn(e, "prd_entry_o", "eng_prde");
		rg_conn(e, "busy_o", "eng_busy");
		rg_conn(e, "done_o", "eng_done");
		rg_conn(e, "live_o", "eng_live");
		rg_conn(e, "depleted_o", "eng_depl");
		rg_conn(e, "free_count_o", "free_cnt");
		rg_conn(e, "chain_head_o", "ch_head");
		rg_conn(e, "chain_count_o", "ch_count");
		rg_conn(e, "t_idx_i", em_lit(e, d->pb, 0));
		rg_conn(e, "t_valid_o", "t_v");
		rg_conn(e, "t_end_o", "t_e");
		rg_conn(e, "t_next_o", "t_n");
		rg_conn(e, "t_wid_o", "t_w");
		rg_conn(e, "t_ridx_o", "t_r");
		for (k = RFM_FR_CTL_NOWN; k < RFM_FR_CTL_NCNT; k++) /* "eng_<name>" -> rf_fr_eng's "<name>" */
			rg_conn(e, em_fmt(e, "cnt_%s_o", rfm_fr_ctl_cnt_names[k] + 4), em_fmt(e, "cnt_%s_o", rfm_fr_ctl_cnt_names[k]));
	}
	rg_conn_end(e);
}

/* The outputs, the next state, the assertions. */
static void ctl_outputs(em_t *e, const ctl_dims_t *d)
{
	unsigned S = d->S, k;
	em_blank(e);
	em_line(e, "// ---- outputs ----");
	em_line(e, "assign state_o = st_q;");
	em_line(e, "assign look_slot_o = st_look || st_miss || st_dec ? s_q : '0;");
	em_line(e, "assign miss_o = st_miss;");
	em_line(e, "assign miss_pc_o = st_miss ? mpc_q : '0;");
	em_open(e, "always_comb begin");
	em_open(e, "for (int i = 0; i < %u; i = i + 1) begin", S);
	em_line(e, "act_o[i] = act_q[i] && !(st_move && 32'(eslot_q) == i);");
	em_close(e, "end");
	em_close(e, "end");
	em_line(e, "assign acc_slot_o = st_move ? eslot_q : '0;");
	em_line(e, "assign go_o = go;");
	em_line(e, "assign op_o = go ? op : 2'd0;");
	em_line(e, "assign slot_o = go ? go_slot : '0;");
	em_line(e, "assign a_o = go ? go_a : d_csw ? q_cta : i_res ? sw_cta : '0;");
	em_line(e, "assign b_o = d_swap ? sp_cta : d_csw ? sw_cta : '0;");
	em_line(e, "assign pipe_o = i_lch && room;");
	em_line(e, "assign done_o = eng_done;");
	em_line(e, "assign csw_o = d_csw;");
	em_line(e, "assign stay_o = d_stay;");
	em_line(e, "assign resume_o = i_res;");
	em_line(e, "assign exit_o = exit_go;");
	em_line(e, "assign exit_cta_o = exit_go ? q_cta : '0;");
	em_line(e, "assign free_count_o = free_cnt;");
	em_line(e, "assign resident_o = res_q;");
	em_line(e, "assign pending_o = pend_q;");
	em_line(e, "assign active_o = pipe;");
	for (k = 0; k < RFM_FR_CTL_NOWN; k++)
		em_line(e, "assign cnt_%s_o = c_%s_q;", rfm_fr_ctl_cnt_names[k], rfm_fr_ctl_cnt_names[k]);
	em_line(e, "logic unused_ctl;");
	em_line(e, "assign unused_ctl = q_valid ^ l_valid ^ eng_busy ^ eng_depl;  // the assertions'");
	em_line(e, "logic %s ndepl;  // slots that stayed for want of entries and still stall", em_rng(e, d->nb));
	em_open(e, "always_comb begin");
	em_line(e, "ndepl = '0;");
	em_line(e, "for (int i = 0; i < %u; i = i + 1) ndepl = ndepl + %u'(stay_eff[i*2 +: 2] == 2'd2);", S, d->nb);
	em_close(e, "end");
	em_blank(e);
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	{
		static const char *const regs[] = {"st_q", "s_q", "w_q", "gone_q", "mpc_q", "act_q", "stay_q", "key_q",
						   "eop_q", "eslot_q", "ea_q", "eb_q", "epipe_q", "res_q", "pend_q"};
		for (k = 0; k < sizeof(regs) / sizeof(regs[0]); k++)
			em_line(e, "%s <= '0;", regs[k]);
	}
	for (k = 0; k < RFM_FR_CTL_NOWN; k++)
		em_line(e, "c_%s_q <= '0;", rfm_fr_ctl_cnt_names[k]);
	em_reopen(e, "end else begin");
	em_line(e, "stay_q <= stay_eff;");
	em_open(e, "case (st_q)");
	em_open(e, "3'd0: begin");
	em_open(e, "if (i_rst || i_lch) begin");
	em_line(e, "st_q <= 3'd4;");
	em_reopen(e, "end else if (look_go) begin");
	em_line(e, "st_q <= 3'd1;");
	em_line(e, "s_q <= look_slot;");
	em_line(e, "w_q <= '0;");
	em_line(e, "gone_q <= 1'b0;");
	em_close(e, "end");
	em_close(e, "end");
	em_open(e, "3'd1: begin");
	em_open(e, "if (sg) begin");
	em_line(e, "st_q <= 3'd0;");
	em_reopen(e, "end else begin");
	em_line(e, "mpc_q <= pc_w;");
	em_line(e, "if (!lrc_hit) st_q <= 3'd2;");
	em_line(e, "else if (last_w) st_q <= 3'd3;");
	em_line(e, "w_q <= lrc_hit ? w_q + 1'b1 : w_q;");
	em_close(e, "end");
	em_close(e, "end");
	em_open(e, "3'd2: begin");
	em_line(e, "gone_q <= gone_now;");
	em_open(e, "if (fill_ok) begin");
	em_line(e, "st_q <= gone_now ? 3'd0 : last_w ? 3'd3 : 3'd1;");
	em_line(e, "w_q <= w_q + 1'b1;");
	em_close(e, "end");
	em_close(e, "end");
	em_line(e, "3'd3: st_q <= go ? 3'd4 : 3'd0;");
	em_line(e, "default: if (eng_done) st_q <= 3'd0;");
	em_close(e, "endcase");
	em_open(e, "if (go) begin");
	em_line(e, "eop_q <= op;");
	em_line(e, "eslot_q <= go_slot;");
	em_line(e, "ea_q <= go_a;");
	em_line(e, "eb_q <= sp_cta;");
	em_line(e, "epipe_q <= i_lch && room;");
	em_close(e, "end");
	em_open(e, "if (d_stay != 2'd0) begin");
	em_line(e, "stay_q[32'(s_q)*2 +: 2] <= d_stay;");
	em_line(e, "key_q[32'(s_q)*Kb +: Kb] <= key_now;");
	em_close(e, "end");
	em_line(e, "// the active flags: an operation's end, a resume, a switch, an exit");
	em_line(e, "if (eng_done) act_q[eslot_q] <= eop_q == 2'd0 ? epipe_q : eop_q != 2'd1;");
	em_line(e, "if (i_res) act_q[l_slot] <= 1'b1;");
	em_open(e, "if (d_csw) begin");
	em_line(e, "act_q[s_q] <= 1'b0;");
	em_line(e, "act_q[l_slot] <= 1'b1;");
	em_close(e, "end");
	em_line(e, "if (exit_go) act_q[ex_slot] <= 1'b0;");
	em_line(e, "res_q <= res_q + %u'(eng_done && eop_q == 2'd0) - %u'(exit_go);", d->gb, d->gb);
	em_line(e, "pend_q <= pend_q + %u'(eng_done && eop_q == 2'd1) - %u'(eng_done && eop_q == 2'd2);", d->gb, d->gb);
	em_line(e, "// the counters");
	em_line(e, "c_stalls_q <= c_stalls_q + %u'(look_go);", d->nb);
	em_line(e, "c_drops_q <= c_drops_q + %u'(st_look && sg) + %u'(f_drop) + %u'(d_drop);", d->nb, d->nb, d->nb);
	em_line(e, "c_stays_q <= c_stays_q + %u'(d_stay != 2'd0);", d->nb);
	em_line(e, "c_depletion_q <= c_depletion_q + ndepl;");
	em_line(e, "c_bv_bytes_q <= c_bv_bytes_q + (fill_ok ? %u'(8) : '0);", d->nb);
	em_line(e, "c_launches_q <= c_launches_q + %u'(eng_done && eop_q == 2'd0);", d->nb);
	em_line(e, "c_exits_q <= c_exits_q + %u'(exit_go);", d->nb);
	em_line(e, "c_evictions_q <= c_evictions_q + %u'(eng_done && eop_q[0]);", d->nb);
	em_line(e, "c_restores_q <= c_restores_q + %u'(eng_done && eop_q[1]);", d->nb);
	em_line(e, "c_swaps_q <= c_swaps_q + %u'(eng_done && eop_q == 2'd3);", d->nb);
	em_line(e, "c_switches_q <= c_switches_q + %u'(d_csw);", d->nb);
	em_line(e, "c_resumes_q <= c_resumes_q + %u'(i_res);", d->nb);
	em_line(e, "c_hits_q <= c_hits_q + %u'(lk_hit);", d->nb);
	em_line(e, "c_misses_q <= c_misses_q + %u'(lk_miss);", d->nb);
	em_close(e, "end");
	em_close(e, "end");
}

static void ctl_asserts(em_t *e, const ctl_dims_t *d, unsigned entries)
{
	const char *doc = "docs/finereg.md, The controller in RTL";
	rg_assert_begin(e, "controller rules 1-4");
	rg_assert(e, "!go || !eng_depl", "rf_fr_ctl", "rule 1", doc,
		  "the engine refuses a start the decision took");
	rg_assert(e, "st_move == eng_busy", "rf_fr_ctl", "rule 2", doc,
		  "the state machine and the engine disagree on a move");
	rg_assert(e, "!st_dec || q_valid", "rf_fr_ctl", "rule 3", doc,
		  "the slot decided on has no CTA");
	em_line(e, "`ifndef FORMAL");
	em_line(e, "// rule 4 (simulation only: a hierarchical name): the entries the pending CTAs' chains hold,");
	em_line(e, "// the pointer table's live counts");
	em_line(e, "logic [31:0] pend_entries;");
	em_open(e, "always_comb begin");
	em_line(e, "pend_entries = 0;");
	em_line(e, "for (int i = 0; i < %u; i = i + 1) pend_entries = pend_entries + 32'(u_ptr.line_q[i*%u + %u +: %u]);",
		d->n, d->pb + d->cb, d->pb, d->cb);
	em_close(e, "end");
	rg_assert(e, em_fmt(e, "st_move || 32'(free_cnt) + pend_entries == %u", entries), "rf_fr_ctl", "rule 4", doc,
		  "at rest, free count plus chains' counts is not the PCRF");
	em_line(e, "`endif");
	rg_assert_end(e);
}

void rg_emit_rf_fr_ctl(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	ctl_dims_t d;
	rfm_fr_geom_t g;
	d.S = pt->p[rfm_ports_find(pt, "exit_i")].width;
	d.W = pt->p[rfm_ports_find(pt, "stall_i")].width / d.S;
	d.n = pt->p[rfm_ports_find(pt, "ready_i")].width;
	d.lb = pt->p[rfm_ports_find(pt, "a_o")].width;
	d.sb = pt->p[rfm_ports_find(pt, "slot_o")].width;
	d.wb = pt->p[rfm_ports_find(pt, "ard_warp_o")].width;
	d.pb = pt->p[rfm_ports_find(pt, "p_head_o")].width;
	d.cb = pt->p[rfm_ports_find(pt, "p_count_o")].width;
	d.gb = pt->p[rfm_ports_find(pt, "resident_o")].width;
	d.nb = pt->p[rfm_ports_find(pt, "cnt_stalls_o")].width;
	d.kb = d.cb + 2 * (d.lb + 1) + 1;
	rfm_finereg_geom_of(c, &g);
	d.eb = rfm_clog2((uint64_t)g.warps * g.regs + 1);
	d.act = g.active_ctas; /* the config's limit, at most the slots */
	ctl_state(e, &d);
	ctl_steps(e, &d);
	ctl_blocks(e, &d);
	ctl_outputs(e, &d);
	ctl_asserts(e, &d, g.pcrf_entries);
}
