/* emit_fr_eng.c - the body of rf_fr_eng, FineReg's register-moving engine (model:
 * cmodel/finereg/block_eng.c around cmodel/finereg/engine.c; docs/finereg.md, "The engine in RTL").
 * The plan is not a list: each queue keeps counters over the operation's steps and takes the next
 * register from the blocks as it goes (the live set's pick, the free-space monitor's lowest entry,
 * the chain's next pointer from the tag array, the in buffer's destination). */
#include "rg.h"

static unsigned at_least1(unsigned n) { return n ? n : 1; }

/* The ACRF bank of register (w, r) of the slot in slot_q: the base mapping's for rf_top's warp
 * slot x W + w ((warp + r) mod banks under wshift, warp mod banks under wid). */
static const char *bank_expr(em_t *e, const rfm_cfg_t *c, unsigned bb, const char *w, const char *r)
{
	unsigned B = c->rf_banks, W = c->finereg_kernel_warps;
	const char *sum = c->mapping_layout == RFM_LAYOUT_WID
				  ? em_fmt(e, "32'(slot_q) * 32'd%u + 32'(%s)", W, w)
				  : em_fmt(e, "32'(slot_q) * 32'd%u + 32'(%s) + 32'(%s)", W, w, r);
	if (B <= 1)
		return "1'b0";
	if (!(B & (B - 1)))
		return em_fmt(e, "%u'(%s)", bb, sum);
	return em_fmt(e, "%u'((%s) %% 32'd%u)", bb, sum, B);
}

static void eng_asserts(em_t *e, unsigned pb)
{
	const char *doc = "docs/finereg.md, The engine in RTL";
	rg_assert_begin(e, "engine rules 1-5");
	/* rules 4 and 5 state the PCRF's chains through checker state of their own: which entries are
	 * in a chain (joined at a PWR's last beat, left at a PRD's last) and which ones the operation
	 * under way has linked */
	em_line(e, "// checker state (never synthesized): the entries in a chain, joined at a PWR's last beat and");
	em_line(e, "// left at a PRD's last, and those the operation under way linked");
	em_line(e, "logic %s in_chain_q, in_op_q;", em_rng(e, 1u << pb));
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	em_line(e, "in_chain_q <= '0;");
	em_line(e, "in_op_q <= '0;");
	em_reopen(e, "end else begin");
	em_line(e, "if (rlast) in_chain_q[rlast_ent] <= 1'b0;");
	em_line(e, "if (wlast) in_chain_q[wlast_ent] <= 1'b1;");
	em_line(e, "if (start) in_op_q <= '0;");
	em_line(e, "else if (wlast) in_op_q[wlast_ent] <= 1'b1;");
	em_close(e, "end");
	em_close(e, "end");
	rg_assert(e, "!rd_busy_q || ob_free", "rf_fr_eng", "rule 1", doc,
		  "a register read from the ACRF finds the out buffer full");
	rg_assert(e, "!wlast || (ff_valid && wlast_ent == ff_idx)", "rf_fr_eng", "rule 2", doc,
		  "a PWR's entry is not the lowest empty one");
	rg_assert(e, "!(busy_q && a_zero) || (zleft_q != '0) == zleft", "rf_fr_eng", "rule 3", doc,
		  "the zeros left by the count and by the set differ");
	rg_assert(e, "!wlast || !in_chain_q[wlast_ent]", "rf_fr_eng", "rule 4", doc,
		  "a PWR's entry is in a chain already: two chains would hold it");
	rg_assert(e, "!klink || in_op_q[prev_q]", "rf_fr_eng", "rule 5", doc,
		  "a PWR links its entry from one outside the chain being built");
	rg_assert_end(e);
}

/* The widths every section of the engine uses: the reference kernel, banks, beats, port widths. */
typedef struct eng_dims {
	unsigned W, R, B, Bt, pb, cb, wb, sb, rb, nb, lb, rcb, bb, tb, db, qb;
	const char *L, *P, *C, *WB, *T, *BR, *N; /* packed ranges of those widths */
} eng_dims_t;

static const char *const eng_cnt[] = {"busy", "wait", "ard", "awr", "prd", "pwr", "ops", "depleted"};

/* The dimensions as locals of a section (the pattern of rtl_gen/coalescing/emit_top_coal.c). */
#define ENG_DIMS(d) \
	unsigned W = (d)->W, R = (d)->R, B = (d)->B, Bt = (d)->Bt, pb = (d)->pb, cb = (d)->cb, wb = (d)->wb, \
		 sb = (d)->sb, rb = (d)->rb, nb = (d)->nb, lb = (d)->lb, rcb = (d)->rcb, bb = (d)->bb, tb = (d)->tb, \
		 db = (d)->db, qb = (d)->qb, k; \
	const char *L = (d)->L, *P = (d)->P, *C = (d)->C, *WB = (d)->WB, *T = (d)->T, *BR = (d)->BR, *N = (d)->N; \
	const char *const *cnt = eng_cnt; \
	(void)W, (void)R, (void)B, (void)Bt, (void)pb, (void)cb, (void)wb, (void)sb, (void)rb, (void)nb, (void)lb; \
	(void)rcb, (void)bb, (void)tb, (void)db, (void)qb, (void)k, (void)L, (void)P, (void)C, (void)WB, (void)T; \
	(void)BR, (void)N, (void)cnt

/* rf_fr_eng: the reference kernel, the control state, the signals between the blocks. */
static void eng_state(em_t *e, const rfm_cfg_t *c, const eng_dims_t *d)
{
	ENG_DIMS(d);
	em_blank(e);
	em_line(e, "// the reference kernel: %u warp%s of %u register%s (%u in all); %u bank%s; %u beat%s a register",
		W, W == 1 ? "" : "s", R, R == 1 ? "" : "s", W * R, B, B == 1 ? "" : "s", Bt, Bt == 1 ? "" : "s");
	em_line(e, "localparam int Regs = %u;", W * R);
	em_blank(e);
	em_line(e, "// control state: reset");
	em_line(e, "logic busy_q;  // an operation in progress");
	em_line(e, "logic [1:0] op_q;  // 0 launch, 1 eviction, 2 restore, 3 swap");
	em_line(e, "logic %s slot_q;", em_rng(e, sb));
	em_line(e, "logic %s live_q, first_q;  // live registers; those phase A moves into empty entries", L);
	em_line(e, "logic %s n_q, nbc_q;  // the pending chain's entries; those an outgoing register goes into", C);
	em_line(e, "logic %s lcnt_q;  // per warp, the live registers of its vector (%u bits each)", em_rng(e, W * rcb), rcb);
	em_line(e, "logic %s pa_q, aa_q, pwc_q, zc_q;  // PWRs and ARDs of phase A started; PWRs ended; zeros", L);
	em_line(e, "logic %s pk_q, ak_q;  // PRDs started; AWRs done", C);
	em_line(e, "logic ppend_q;  // the chain's PWR into the entry just read is next");
	em_line(e, "logic asub_q;  // the chain entry's outgoing register is read: its AWR is next");
	em_line(e, "logic %s walk_q, pent_q, prev_q, nhead_q;  // next PRD's entry; last PRD's; last PWR's; chain head", P);
	em_line(e, "logic rd_busy_q;  // an ARD's register is in its bank's read register");
	em_line(e, "logic obf_q;  // the out buffer holds a register no PWR has taken");
	em_line(e, "logic %s wrem_q;  // beats of the PWR in flight from this cycle on", em_rng(e, qb));
	em_line(e, "logic %s rdreg_q, obreg_q, pwreg_q;  // their {warp, index}", T);
	em_line(e, "logic %s zleft_q;  // zeros still to write", L);
	for (k = 0; k < 8; k++)
		em_line(e, "logic %s c_%s_q;", N, cnt[k]);
	em_blank(e);
	em_line(e, "logic op_l, op_e, op_r, op_s;");
	em_line(e, "assign op_l = op_q == 2'd0;");
	em_line(e, "assign op_e = op_q == 2'd1;");
	em_line(e, "assign op_r = op_q == 2'd2;");
	em_line(e, "assign op_s = op_q == 2'd3;");
	em_line(e, "logic %s lim_a;  // phase A's registers: every live one of an eviction, a swap's first", L);
	em_line(e, "assign lim_a = op_e ? live_q : op_s ? first_q : '0;");
	em_blank(e);
	em_line(e, "// ---- the blocks ----");
	em_line(e, "logic ff_valid, wlast, rlast, ob_free, pwr_ok, prd_ok, in_ready, r_valid, r_end, lv_valid, lv_dst;");
	em_line(e, "logic %s ff_idx, wlast_ent, rlast_ent, r_next;", P);
	em_line(e, "logic %s free_cnt;", C);
	em_line(e, "logic %s in_count;", em_rng(e, db));
	em_line(e, "logic %s in_data;", em_rng(e, rb));
	em_line(e, "logic %s in_dst, tag_dst, dst_k;", T);
	em_line(e, "logic %s r_wid, lv_warp;", WB);
	em_line(e, "logic [5:0] r_ridx, lv_ridx;");
	em_line(e, "logic %s zreq, zv;", BR);
	em_line(e, "logic %s zwarp;", em_rng(e, B * wb));
	em_line(e, "logic %s zridx;", em_rng(e, B * 6));
	em_line(e, "logic zleft;");
	(void)c;
}

/* rf_fr_eng: the two queues' heads, this cycle's ACRF access, the start and the end. */
static void eng_control(em_t *e, const rfm_cfg_t *c, const eng_dims_t *d)
{
	ENG_DIMS(d);
	em_blank(e);
	em_line(e, "// the PCRF queue's head (PWRs of phase A, then per chain entry its PRD and its PWR)");
	em_line(e, "logic p_pwr_a, p_pwr_c, p_prd, pwr_go, prd_go;");
	em_line(e, "assign p_pwr_a = busy_q && (op_e || op_s) && pa_q < lim_a;");
	em_line(e, "assign p_pwr_c = busy_q && op_s && !p_pwr_a && ppend_q;");
	em_line(e, "assign p_prd = busy_q && (op_r || op_s) && !p_pwr_a && !ppend_q && pk_q < n_q;");
	em_line(e, "assign pwr_go = (p_pwr_a || p_pwr_c) && pwr_ok;");
	em_line(e, "assign prd_go = p_prd && prd_ok;");
	em_line(e, "logic %s pwr_ent;", P);
	em_line(e, "assign pwr_ent = p_pwr_a ? ff_idx : pent_q;");
	em_line(e, "assign tag_dst = {r_wid, r_ridx};");
	em_blank(e);
	em_line(e, "// the ACRF queue's head (ARDs of phase A, then per chain entry its ARD and its AWR, then zeros)");
	em_line(e, "logic a_ard_a, a_ard_c, a_awr, a_zero;");
	em_line(e, "assign a_ard_a = busy_q && (op_e || op_s) && aa_q < lim_a;");
	em_line(e, "assign a_ard_c = busy_q && op_s && !a_ard_a && ak_q < n_q && !asub_q && ak_q < nbc_q;");
	em_line(e, "assign a_awr = busy_q && (op_r || op_s) && !a_ard_a && !a_ard_c && ak_q < n_q;");
	em_line(e, "assign a_zero = busy_q && (op_l || ((op_r || op_s) && !a_ard_a && ak_q == n_q));");
	em_line(e, "// entry k's destination: the in buffer's oldest once its PRD started, else the tag at the walk");
	em_line(e, "assign dst_k = in_count != '0 ? in_dst : tag_dst;");
	em_blank(e);
	em_line(e, "// the next PCRF head (an ARD may start a cycle before a one-beat PWR frees the out buffer)");
	em_line(e, "logic %s pa_d;", L);
	em_line(e, "logic ppend_d, hp;");
	em_line(e, "assign pa_d = pa_q + %u'(pwr_go && p_pwr_a);", lb);
	em_line(e, "assign ppend_d = (p_pwr_c && pwr_go) ? 1'b0 : prd_go ? pk_q < nbc_q : ppend_q;");
	em_line(e, "assign hp = busy_q && (((op_e || op_s) && pa_d < lim_a) || (op_s && ppend_d));");
	em_line(e, "logic obf_post;  // the out buffer holds a register after this cycle's PWR start");
	em_line(e, "assign obf_post = obf_q && !pwr_go;");
	em_line(e, "logic room;  // the out buffer can take a register at the next edge");
	if (Bt == 1) {
		em_line(e, "// one beat a register: the register ahead (in the read register or the buffer) leaves in the");
		em_line(e, "// next cycle's beat when the PCRF queue's next head is its PWR");
		em_line(e, "assign room = rd_busy_q && obf_post ? 1'b0 : rd_busy_q || obf_post ? hp : 1'b1;");
	} else {
		em_line(e, "logic %s eff;  // beats of a PWR from this cycle on", em_rng(e, qb));
		em_line(e, "assign eff = pwr_go ? %s : wrem_q;", em_lit(e, qb, Bt));
		em_line(e, "// nothing ahead, and the PWR in flight has at most one beat after this cycle's");
		em_line(e, "assign room = !rd_busy_q && !obf_post && eff <= %s;", em_lit(e, qb, 2));
	}
	if (Bt != 1) {
		em_line(e, "logic unused_hp;");
		em_line(e, "assign unused_hp = hp;  // one-beat registers only");
	}
	em_blank(e);
	em_line(e, "// this cycle's ACRF access and its bank");
	em_line(e, "logic ard_rdy, awr_rdy, ard_go, awr_go, wait_now;");
	em_line(e, "logic %s ard_bank, awr_bank;", em_rng(e, bb));
	em_line(e, "assign ard_rdy = (a_ard_a || a_ard_c) && room;");
	em_line(e, "assign awr_rdy = a_awr && in_ready;");
	em_line(e, "assign ard_bank = %s;", bank_expr(e, c, bb, "lv_warp", "lv_ridx"));
	em_line(e, "assign awr_bank = %s;", bank_expr(e, c, bb, em_fmt(e, "in_dst[%u:6]", tb - 1), "in_dst[5:0]"));
	if (B > 1) {
		em_line(e, "assign ard_go = ard_rdy && hold_gnt_i[ard_bank];");
		em_line(e, "assign awr_go = awr_rdy && hold_gnt_i[awr_bank];");
		em_line(e, "assign hold_req_o = ard_rdy ? %s << ard_bank : awr_rdy ? %s << awr_bank : zreq;", em_lit(e, B, 1),
			em_lit(e, B, 1));
	} else {
		em_line(e, "logic unused_bank;");
		em_line(e, "assign unused_bank = ard_bank ^ awr_bank;");
		em_line(e, "assign ard_go = ard_rdy && hold_gnt_i;");
		em_line(e, "assign awr_go = awr_rdy && hold_gnt_i;");
		em_line(e, "assign hold_req_o = ard_rdy || awr_rdy || zreq;");
	}
	em_line(e, "assign wait_now = (ard_rdy && !ard_go) || (awr_rdy && !awr_go) || (a_zero && zleft && zv == '0);");
	em_blank(e);
	em_line(e, "// a start (refused when the PCRF has too few empty entries for the live registers)");
	em_line(e, "logic %s lsum;", L);
	em_open(e, "always_comb begin");
	em_line(e, "lsum = '0;");
	em_line(e, "for (int i = 0; i < %u; i = i + 1) lsum = lsum + %u'(lcnt_q[i*%u +: %u]);", W, lb, rcb, rcb);
	em_close(e, "end");
	em_line(e, "logic start, depleted;");
	em_line(e, "assign depleted = go_i && !busy_q && ((op_i == 2'd1 && 32'(lsum) > 32'(free_cnt)) ||");
	em_line(e, "    (op_i == 2'd3 && 32'(free_cnt) + 32'(count_i) < 32'(lsum)));");
	em_line(e, "assign start = go_i && !busy_q && !depleted;");
	em_line(e, "logic %s first_d, rest_d;", L);
	em_line(e, "assign first_d = 32'(lsum) < 32'(free_cnt) ? lsum : %u'(free_cnt);", lb);
	em_line(e, "assign rest_d = lsum - first_d;");
	em_blank(e);
	em_line(e, "// the end: both queues through, nothing on the port, in the buffers or left to zero");
	em_line(e, "logic %s aa_d, zc_now;", L);
	em_line(e, "logic %s pk_d, ak_d;", C);
	em_line(e, "logic %s wrem_d;", em_rng(e, qb));
	em_line(e, "logic obf_d, done;");
	em_line(e, "assign aa_d = aa_q + %u'(ard_go && a_ard_a);", lb);
	em_line(e, "assign pk_d = pk_q + %u'(prd_go);", cb);
	em_line(e, "assign ak_d = ak_q + %u'(awr_go);", cb);
	em_line(e, "assign wrem_d = pwr_go ? %s : wrem_q != '0 ? wrem_q - 1'b1 : '0;", em_lit(e, qb, Bt - 1));
	em_line(e, "assign obf_d = rd_busy_q || obf_post;");
	em_open(e, "always_comb begin");
	em_line(e, "zc_now = '0;");
	em_line(e, "for (int i = 0; i < %u; i = i + 1) zc_now = zc_now + %u'(zv[i]);", B, lb);
	em_close(e, "end");
	em_line(e, "logic pdone, adone;");
	em_line(e, "assign pdone = !((op_e || op_s) && pa_d < lim_a) && !(op_s && ppend_d) &&");
	em_line(e, "    !((op_r || op_s) && pk_d < n_q);");
	em_line(e, "assign adone = !((op_e || op_s) && aa_d < lim_a) && !((op_r || op_s) && ak_d < n_q) &&");
	em_line(e, "    (op_e || zleft_q == zc_now);");
	em_line(e, "assign done = busy_q && pdone && adone && !ard_go && !obf_d && wrem_d == '0 &&");
	em_line(e, "    32'(in_count) + 32'(prd_go) == 32'(awr_go);");
	(void)c;
}

/* rf_fr_eng: the blocks inside: free-space monitor, tag array, live set, zeros, PCRF port. */
static void eng_blocks(em_t *e, const rfm_cfg_t *c, const eng_dims_t *d)
{
	ENG_DIMS(d);
	em_blank(e);
	em_line(e, "// the free-space monitor: a PWR's entry occupied at its last beat, a PRD's emptied at its last");
	{
		const char *const conn[] = {
			"clk_i", "clk_i",
			"rst_ni", "rst_ni",
			"alloc_i", "wlast",
			"rel_valid_i", "rlast",
			"rel_idx_i", "rlast_ent",
			"ff_valid_o", "ff_valid",
			"ff_idx_o", "ff_idx",
			"count_o", "free_cnt",
			NULL};
		rg_instance(e, "rf_fr_free u_free", conn);
	}
	em_line(e, "logic %s treg;  // the register a PWR's last beat leaves in its entry", T);
	em_line(e, "assign treg = pwr_go ? obreg_q : pwreg_q;");
	em_line(e, "logic w_end;");
	em_line(e, "assign w_end = 32'(pwc_q) + 1 == 32'(live_q);");
	em_line(e, "logic klink;  // a PWR's entry linked from the chain's last one (all but its first PWR)");
	em_line(e, "assign klink = wlast && pwc_q != '0;");
	{
		const char *const conn[] = {
			"clk_i", "clk_i",
			"rst_ni", "rst_ni",
			"c_valid_i", "rlast",
			"c_idx_i", "rlast_ent",
			"w_valid_i", "wlast",
			"w_idx_i", "wlast_ent",
			"w_end_i", "w_end",
			"w_next_i", em_keep(e, em_fmt(e, "%s", em_lit(e, pb, 0))),
			"w_wid_i", em_keep(e, em_fmt(e, "treg[%u:6]", tb - 1)),
			"w_ridx_i", "treg[5:0]",
			"k_valid_i", "klink",
			"k_idx_i", "prev_q",
			"k_next_i", "wlast_ent",
			"k_end_i", "1'b0",
			"r_idx_i", "busy_q ? walk_q : t_idx_i",
			"r_valid_o", "r_valid",
			"r_end_o", "r_end",
			"r_next_o", "r_next",
			"r_wid_o", "r_wid",
			"r_ridx_o", "r_ridx",
			NULL};
		rg_instance(e, "rf_fr_tags u_tags", conn);
	}
	em_line(e, "logic ld_ok;");
	em_line(e, "assign ld_ok = ld_valid_i && !busy_q && !go_i;");
	{
		const char *const conn[] = {
			"clk_i", "clk_i",
			"rst_ni", "rst_ni",
			"ld_valid_i", "ld_ok",
			"ld_warp_i", "ld_warp_i",
			"ld_vec_i", "ld_vec_i",
			"q_valid_i", "a_ard_c",
			"q_warp_i", em_keep(e, em_fmt(e, "dst_k[%u:6]", tb - 1)),
			"q_ridx_i", "dst_k[5:0]",
			"take_i", "ard_go",
			"valid_o", "lv_valid",
			"warp_o", "lv_warp",
			"ridx_o", "lv_ridx",
			"dst_o", "lv_dst",
			NULL};
		rg_instance(e, "rf_fr_live u_live", conn);
	}
	em_line(e, "logic unused_live;");
	em_line(e, "// the live set's valid and dst: the counts say how many are left; ff_valid, ob_free: the assertions'");
	em_line(e, "assign unused_live = lv_valid ^ lv_dst ^ ff_valid ^ ob_free;");
	{
		const char *const conn[] = {
			"clk_i", "clk_i",
			"rst_ni", "rst_ni",
			"clr_i", "start",
			"slot_i", "slot_q",
			"wr_valid_i", "awr_go",
			"wr_warp_i", em_keep(e, em_fmt(e, "in_dst[%u:6]", tb - 1)),
			"wr_ridx_i", "in_dst[5:0]",
			"en_i", "a_zero",
			"gnt_i", "hold_gnt_i",
			"req_o", "zreq",
			"z_o", "zv",
			"z_warp_o", "zwarp",
			"z_ridx_o", "zridx",
			"left_o", "zleft",
			NULL};
		rg_instance(e, "rf_fr_zero u_zero", conn);
	}
	{
		const char *const conn[] = {
			"clk_i", "clk_i",
			"rst_ni", "rst_ni",
			"ob_load_i", "rd_busy_q",
			"ob_data_i", "rd_data_i",
			"ob_free_o", "ob_free",
			"pwr_i", "p_pwr_a || p_pwr_c",
			"pwr_entry_i", "pwr_ent",
			"pwr_ok_o", "pwr_ok",
			"prd_i", "p_prd",
			"prd_entry_i", "walk_q",
			"prd_dst_i", "tag_dst",
			"prd_ok_o", "prd_ok",
			"wlast_o", "wlast",
			"wlast_entry_o", "wlast_ent",
			"rlast_o", "rlast",
			"rlast_entry_o", "rlast_ent",
			"pop_i", "awr_go",
			"in_count_o", "in_count",
			"in_ready_o", "in_ready",
			"in_data_o", "in_data",
			"in_dst_o", "in_dst",
			NULL};
		rg_instance(e, "rf_fr_port u_port", conn);
	}
	(void)c;
}

/* rf_fr_eng: the outputs and a load's live count. */
static void eng_outputs(em_t *e, const rfm_cfg_t *c, const eng_dims_t *d)
{
	ENG_DIMS(d);
	em_blank(e);
	em_line(e, "// outputs");
	em_line(e, "assign busy_o = busy_q;");
	em_line(e, "assign done_o = done;");
	em_line(e, "assign live_o = lsum;");
	em_line(e, "assign depleted_o = depleted;");
	em_line(e, "assign ard_o = ard_go;");
	em_line(e, "assign ard_warp_o = ard_go ? lv_warp : '0;");
	em_line(e, "assign ard_ridx_o = ard_go ? lv_ridx : '0;");
	em_line(e, "assign awr_o = awr_go;");
	em_line(e, "assign awr_warp_o = awr_go ? in_dst[%u:6] : '0;", tb - 1);
	em_line(e, "assign awr_ridx_o = awr_go ? in_dst[5:0] : '0;");
	em_line(e, "assign awr_data_o = awr_go ? in_data : '0;");
	em_line(e, "assign z_o = zv;");
	em_line(e, "assign z_warp_o = zwarp;");
	em_line(e, "assign z_ridx_o = zridx;");
	em_line(e, "assign pwr_o = pwr_go;");
	em_line(e, "assign pwr_entry_o = pwr_go ? pwr_ent : '0;");
	em_line(e, "assign prd_o = prd_go;");
	em_line(e, "assign prd_entry_o = prd_go ? walk_q : '0;");
	em_line(e, "assign free_count_o = free_cnt;");
	em_line(e, "// the new chain at the end of an eviction or a swap (the pointer table's write at this edge)");
	em_line(e, "logic chain_now;");
	em_line(e, "assign chain_now = done && (op_e || op_s);");
	em_line(e, "assign chain_head_o = !chain_now || live_q == '0 ? '0 : pwc_q == '0 ? wlast_ent : nhead_q;");
	em_line(e, "assign chain_count_o = chain_now ? %u'(live_q) : '0;", cb);
	em_line(e, "assign t_valid_o = busy_q ? 1'b0 : r_valid;");
	em_line(e, "assign t_end_o = busy_q ? 1'b0 : r_end;");
	em_line(e, "assign t_next_o = busy_q ? '0 : r_next;");
	em_line(e, "assign t_wid_o = busy_q ? '0 : r_wid;");
	em_line(e, "assign t_ridx_o = busy_q ? '0 : r_ridx;");
	for (k = 0; k < 8; k++)
		em_line(e, "assign cnt_%s_o = c_%s_q;", cnt[k], cnt[k]);
	em_blank(e);
	em_line(e, "// a load's live count (the kernel's registers of the vector)");
	em_line(e, "logic %s ld_cnt;", em_rng(e, rcb));
	em_open(e, "always_comb begin");
	em_line(e, "ld_cnt = '0;");
	em_line(e, "for (int i = 0; i < %u; i = i + 1) ld_cnt = ld_cnt + %u'(ld_vec_i[i]);", R, rcb);
	em_close(e, "end");
	if (R < 64) {
		em_line(e, "logic unused_vec;");
		em_line(e, "assign unused_vec = ^ld_vec_i[63:%u];  // past the kernel's registers", R);
	}
	(void)c;
}

/* rf_fr_eng: the control state's next values. */
static void eng_regs(em_t *e, const rfm_cfg_t *c, const eng_dims_t *d)
{
	ENG_DIMS(d);
	em_blank(e);
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	static const char *const regs[] = {"busy_q", "op_q", "slot_q", "live_q", "first_q", "n_q", "nbc_q", "pa_q",
					   "aa_q", "pwc_q", "zc_q", "pk_q", "ak_q", "ppend_q", "asub_q", "walk_q",
					   "pent_q", "prev_q", "nhead_q", "rd_busy_q", "obf_q", "wrem_q", "rdreg_q",
					   "obreg_q", "pwreg_q", "zleft_q"};
	for (k = 0; k < sizeof(regs) / sizeof(regs[0]); k++)
		em_line(e, "%s <= '0;", regs[k]);
	em_line(e, "lcnt_q <= '0;");
	for (k = 0; k < 8; k++)
		em_line(e, "c_%s_q <= '0;", cnt[k]);
	em_reopen(e, "end else begin");
	em_line(e, "// the PCRF queue");
	em_line(e, "pa_q <= pa_d;");
	em_line(e, "ppend_q <= ppend_d;");
	em_line(e, "pk_q <= pk_d;");
	em_open(e, "if (prd_go) begin");
	em_line(e, "walk_q <= r_next;");
	em_line(e, "pent_q <= walk_q;");
	em_close(e, "end");
	em_line(e, "// the ACRF queue");
	em_line(e, "aa_q <= aa_d;");
	em_line(e, "ak_q <= ak_d;");
	em_line(e, "if (ard_go && a_ard_c) asub_q <= 1'b1;");
	em_line(e, "else if (awr_go) asub_q <= 1'b0;");
	em_line(e, "zc_q <= zc_q + zc_now;");
	em_line(e, "zleft_q <= zleft_q - zc_now;");
	em_line(e, "// the out buffer's way: the bank's read register, the buffer, the PWR's beats");
	em_line(e, "rd_busy_q <= ard_go;");
	em_line(e, "if (ard_go) rdreg_q <= {lv_warp, lv_ridx};");
	em_line(e, "obf_q <= obf_d;");
	em_line(e, "if (rd_busy_q) obreg_q <= rdreg_q;");
	em_line(e, "if (pwr_go) pwreg_q <= obreg_q;");
	em_line(e, "wrem_q <= wrem_d;");
	em_line(e, "// the new chain: each PWR's entry linked from the one before");
	em_open(e, "if (wlast) begin");
	em_line(e, "pwc_q <= pwc_q + 1'b1;");
	em_line(e, "prev_q <= wlast_ent;");
	em_line(e, "if (pwc_q == '0) nhead_q <= wlast_ent;");
	em_close(e, "end");
	em_open(e, "if (ld_ok && 32'(ld_warp_i) < %u) begin", W);
	em_line(e, "lcnt_q[32'(ld_warp_i)*%u +: %u] <= ld_cnt;", rcb, rcb);
	em_close(e, "end");
	em_line(e, "// the counters");
	em_line(e, "c_busy_q <= c_busy_q + %u'(busy_q);", nb);
	em_line(e, "c_wait_q <= c_wait_q + %u'(wait_now);", nb);
	em_line(e, "c_ard_q <= c_ard_q + %u'(ard_go);", nb);
	em_line(e, "c_awr_q <= c_awr_q + %u'(awr_go) + %u'(zc_now);", nb, nb);
	em_line(e, "c_prd_q <= c_prd_q + %u'(prd_go);", nb);
	em_line(e, "c_pwr_q <= c_pwr_q + %u'(wlast);", nb);
	em_line(e, "c_ops_q <= c_ops_q + %u'(done);", nb);
	em_line(e, "c_depleted_q <= c_depleted_q + %u'(depleted);", nb);
	em_line(e, "if (done) busy_q <= 1'b0;");
	em_line(e, "// a start: every count from 0, the walk at the chain's head");
	em_open(e, "if (start) begin");
	em_line(e, "busy_q <= 1'b1;");
	em_line(e, "op_q <= op_i;");
	em_line(e, "slot_q <= slot_i;");
	em_line(e, "live_q <= op_i == 2'd1 || op_i == 2'd3 ? lsum : '0;");
	em_line(e, "first_q <= op_i == 2'd3 ? first_d : '0;");
	em_line(e, "n_q <= op_i == 2'd2 || op_i == 2'd3 ? count_i : '0;");
	em_line(e, "nbc_q <= op_i != 2'd3 ? '0 : 32'(rest_d) < 32'(count_i) ? %u'(rest_d) : count_i;", cb);
	em_line(e, "zleft_q <= op_i == 2'd0 ? %s : op_i == 2'd1 ? '0 : %u'(Regs) - %u'(count_i);", em_lit(e, lb, W * R), lb,
		lb);
	em_line(e, "pa_q <= '0;");
	em_line(e, "aa_q <= '0;");
	em_line(e, "pwc_q <= '0;");
	em_line(e, "zc_q <= '0;");
	em_line(e, "pk_q <= '0;");
	em_line(e, "ak_q <= '0;");
	em_line(e, "ppend_q <= 1'b0;");
	em_line(e, "asub_q <= 1'b0;");
	em_line(e, "walk_q <= head_i;");
	em_close(e, "end");
	em_close(e, "end");
	em_close(e, "end");
	(void)c;
}

void rg_emit_rf_fr_eng(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	eng_dims_t d;
	d.W = c->finereg_kernel_warps;
	d.R = c->finereg_kernel_regs;
	d.B = at_least1(c->rf_banks);
	d.Bt = c->d.fr_words / c->d.fr_beat_words;
	d.pb = pt->p[rfm_ports_find(pt, "head_i")].width;
	d.cb = pt->p[rfm_ports_find(pt, "count_i")].width;
	d.wb = pt->p[rfm_ports_find(pt, "ld_warp_i")].width;
	d.sb = pt->p[rfm_ports_find(pt, "slot_i")].width;
	d.rb = pt->p[rfm_ports_find(pt, "rd_data_i")].width;
	d.nb = pt->p[rfm_ports_find(pt, "cnt_ops_o")].width;
	d.lb = rfm_clog2((uint64_t)d.W * d.R + 1);
	d.rcb = rfm_clog2((uint64_t)d.R + 1);
	d.bb = d.B > 1 ? rfm_clog2(d.B) : 1;
	d.tb = d.wb + 6;
	d.db = rfm_clog2((uint64_t)c->d.fr_in_depth + 1);
	d.qb = at_least1(rfm_clog2((uint64_t)d.Bt + 1));
	d.L = em_keep(e, em_rng(e, d.lb));
	d.P = em_keep(e, em_rng(e, d.pb));
	d.C = em_keep(e, em_rng(e, d.cb));
	d.WB = em_keep(e, em_rng(e, d.wb));
	d.T = em_keep(e, em_rng(e, d.tb));
	d.BR = em_keep(e, d.B > 1 ? em_rng(e, d.B) : "");
	d.N = em_keep(e, em_rng(e, d.nb));
	eng_state(e, c, &d);
	eng_control(e, c, &d);
	eng_blocks(e, c, &d);
	eng_outputs(e, c, &d);
	eng_regs(e, c, &d);
	eng_asserts(e, d.pb);
}
