/* part_virt.c - rf_top's virtualization parts (rg_part.h): LOCATE by renaming (rf_rename_table,
 * rf_free_bitmap: sources looked up, write-backs mapped or allocated on arrival; issues held on a
 * table bank conflict; the release side-band in the collector tag) and SIDE the release walker
 * with its pbr decoder (docs/virtualization.md, "rf_top with virtualization"; model:
 * cmodel/virtualization/virt.c). */
#include "rfm_models.h"
#include "rfm_virt.h"
#include "rg_part.h"

static int vt_on(const rfm_cfg_t *c) { return c->virtualization_enable == RFM_ON; }

/* Products of counts: two more bits than the base's, and room for the file's warp registers. */
static unsigned vt_width(const rfm_cfg_t *c)
{
	unsigned w = c->d.nwarps_w + c->d.nregs_w + 2, ew = rfm_cntw(c->d.warp_regs);
	return (ew > w ? ew : w) + 1;
}

static void vt_consts(rg_top_t *t)
{
	em_t *e = t->e;
	unsigned lw = t->lw;
	em_row(e, 4, "localparam", em_fmt(e, "logic %s", em_rng(e, lw)), "Banks",
	       em_fmt(e, "= %s;", em_lit(e, lw, t->c->rf_banks)));
	em_row(e, 4, "localparam", em_fmt(e, "logic %s", em_rng(e, lw)), "Packs",
	       em_fmt(e, "= %s;  // warp registers of the file", em_lit(e, lw, t->c->d.warp_regs)));
	em_row(e, 4, "localparam", em_fmt(e, "logic %s", em_rng(e, lw)), "Depth",
	       em_fmt(e, "= %s;  // renaming-table entries", em_lit(e, lw, t->c->d.rt_depth)));
}

/* The running kernel's renamed and exempt registers. */
static void vt_launch(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	em_line(e, "// virtualization: the running kernel's renamed and exempt registers (docs/virtualization.md)");
	rg_field(t, "kren", c->d.nregs_w, "launch_ren");
	rg_field(t, "kexm", c->d.nregs_w, "launch_exempt_i");
	rg_flop(t, c->d.nregs_w, "kren");
	rg_flop(t, c->d.nregs_w, "kexm");
	rg_logic(t, t->lw, "le_x, lren_x");
	rg_logic(t, c->d.nregs_w, "launch_ren");
	rg_logic(t, 1, "vt_launch");
	em_table(e);
	em_line(e, "assign le_x = %u'(launch_exempt_i);", t->lw);
	em_line(e, "assign need_x = lw_x * lr_x;  // every register has a physical one");
	em_line(e, "assign lren_x = lw_x * (lr_x - le_x);  // renamed registers: one table entry each");
	rg_fit(t, "(le_x <= lr_x) & (need_x <= Packs) & (lren_x <= Depth)");
	em_line(e, "assign vt_launch = launch_valid_i & launch_fits;");
	em_line(e, "assign launch_ren = launch_regs_i - launch_exempt_i;");
}

/* The release walker: a pbr's nine slots, or every renamed register of an exiting warp, one per
 * cycle, into the table's last invalidation port. */
static void walker_side(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned lw = t->lw, cw = (c->d.nregs_w > 4 ? c->d.nregs_w : 4) + 1, i;
	em_str_t pay = {0};
	em_section(e, "release walker: a pbr's nine slots, or an exiting warp's renamed registers");
	rg_flop(t, 1, "wk_busy");
	rg_flop(t, 1, "wk_exit");
	rg_flop(t, c->d.warp_w, "wk_warp");
	rg_flop(t, cw, "wk_cnt");
	rg_flop(t, 54, "wk_regs");
	rg_logic(t, 1, "wk_act, wk_inlim, pd_is_pbr, pd_is_pir");
	rg_logic(t, cw, "wk_lim, wk_next");
	rg_logic(t, 54, "wk_sh, pd_payload, pd_flags");
	rg_logic(t, 6, "wk_slot");
	rg_logic(t, c->d.reg_w, "wk_reg");
	for (i = 0; i < RFM_PBR_SLOTS; i++) {
		rg_logic(t, 6, "pd_reg%u", i);
		rg_logic(t, 1, "pd_rv%u", i);
	}
	em_table(e);
	em_line(e, "assign wk_lim = wk_exit_q ? %u'(kren_q) : %s;", cw, em_lit(e, cw, RFM_PBR_SLOTS));
	em_line(e, "assign wk_next = wk_cnt_q + %s;", em_lit(e, cw, 1));
	em_line(e, "assign wk_inlim = wk_cnt_q < wk_lim;");
	em_line(e, "assign wk_sh = wk_regs_q >> (8'(wk_cnt_q) * 8'd6);");
	em_line(e, "assign wk_slot = wk_sh[5:0];");
	em_line(e, "assign wk_act = wk_busy_q & wk_inlim & (wk_exit_q | ((wk_slot != 6'd63) & (%u'(wk_slot) < %u'(kren_q))));",
		lw, lw);
	em_line(e, "assign wk_reg = wk_exit_q ? %u'(wk_cnt_q) : %u'(wk_slot);", c->d.reg_w, c->d.reg_w);
	for (i = RFM_PBR_SLOTS; i-- > 0;)
		em_add(&pay, ", ", "pd_reg%u", i);
	em_line(e, "assign pd_payload = {%s};", em_str(&pay));
	em_str_free(&pay);
	em_line(e, "assign pbr_ready_o = ~wk_busy_q & ~exit_valid_i;");
	em_line(e, "assign exit_ready_o = ~wk_busy_q;");
	em_open(e, "always_comb begin");
	em_line(e, "wk_busy_d = wk_busy_q;");
	em_line(e, "wk_exit_d = wk_exit_q;");
	em_line(e, "wk_warp_d = wk_warp_q;");
	em_line(e, "wk_cnt_d = wk_cnt_q;");
	em_line(e, "wk_regs_d = wk_regs_q;");
	em_open(e, "if (vt_launch) begin");
	em_line(e, "wk_busy_d = 1'b0;");
	em_reopen(e, "end else if (wk_busy_q) begin");
	em_line(e, "wk_cnt_d = wk_next;");
	em_line(e, "if (wk_next >= wk_lim) wk_busy_d = 1'b0;");
	em_reopen(e, "end else if (exit_valid_i) begin");
	em_line(e, "wk_exit_d = 1'b1;");
	em_line(e, "wk_warp_d = exit_warp_i;");
	em_line(e, "wk_cnt_d = '0;");
	em_line(e, "wk_busy_d = kren_q != '0;");
	em_reopen(e, "end else if (pbr_valid_i & pd_is_pbr) begin  // any other word is dropped");
	em_line(e, "wk_exit_d = 1'b0;");
	em_line(e, "wk_warp_d = pbr_warp_i;");
	em_line(e, "wk_regs_d = pd_payload;");
	em_line(e, "wk_cnt_d = '0;");
	em_line(e, "wk_busy_d = 1'b1;");
	em_close(e, "end");
	em_close(e, "end");
	em_open(e, "rf_flag_decode u_pbr_decode (");
	rg_conn(e, "word_i", "pbr_word_i");
	rg_conn(e, "is_pir_o", "pd_is_pir");
	rg_conn(e, "is_pbr_o", "pd_is_pbr");
	rg_conn(e, "flags_o", "pd_flags");
	for (i = 0; i < RFM_PBR_SLOTS; i++) {
		rg_conn(e, em_fmt(e, "reg%u_valid_o", i), em_fmt(e, "pd_rv%u", i));
		rg_conn(e, em_fmt(e, "reg%u_o", i), em_fmt(e, "pd_reg%u", i));
	}
	rg_conn_end(e);
}

const rg_part_t rg_part_walker = {
	.name = "virtualization-walker", .slot = RG_SIDE, .active = vt_on, .side = walker_side,
};

/* Location of physical register <pre>_pid: <pre>_bank, <pre>_row (pid % banks, pid / banks). */
static void vt_loc(rg_top_t *t, const char *pre)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned lw = t->lw;
	em_line(e, "assign %s_px = %u'(%s_pid);", pre, lw, pre);
	em_line(e, "assign %s_bx = %s_px %% Banks;", pre, pre);
	em_line(e, "assign %s_rx = %s_px / Banks;", pre, pre);
	em_line(e, "assign %s_bank = %s;", pre, rg_part(e, em_fmt(e, "%s_bx", pre), lw, c->d.bank_w - 1, 0));
	em_line(e, "assign %s_row = %s;", pre, rg_part(e, em_fmt(e, "%s_rx", pre), lw, c->d.entry_w - 1, 0));
}

/* Declarations of one access record <pre>: location and the renaming's intermediate values. */
static void vt_acc_decls(rg_top_t *t, const char *pre)
{
	const rfm_cfg_t *c = t->c;
	rg_logic(t, c->d.bank_w, "%s_bank", pre);
	rg_logic(t, c->d.entry_w, "%s_row", pre);
	rg_logic(t, c->d.pack_w, "%s_pid", pre);
	rg_logic(t, t->lw, "%s_px, %s_bx, %s_rx, %s_xpx", pre, pre, pre, pre);
}

/* Sources: outside the kernel (err), renamed (looked up) or exempt (warp x exempt + reg -
 * renamed); the collector tag carries per operand its register and release flag. */
static void vt_sources(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned K = c->sm_schedulers, S = c->sm_operands, lw = t->lw, pw = c->d.pack_w, k, s;
	em_str_t tag = {0};
	em_line(e, "// sources: outside the kernel (err), renamed (looked up) or exempt");
	em_line(e, "// (warp x exempt + reg - renamed)");
	for (k = 0; k < K; k++) {
		rg_logic(t, 1, "g%u_served, g%u_conflict, iss%u_cvalid, iss%u_cready", k, k, k, k);
		rg_logic(t, c->d.ctag_w, "iss%u_ctag", k);
		for (s = 0; s < S; s++) {
			char pre[24];
			snprintf(pre, sizeof(pre), "iss%u_s%u", k % 100u, s % 100u);
			vt_acc_decls(t, pre);
			rg_logic(t, 1, "%s_err, %s_xerr, %s_in, %s_ren, %s_hit, %s_rel, %s_unmread", pre, pre, pre, pre, pre, pre,
				 pre);
			rg_logic(t, pw, "%s_lpid", pre);
		}
	}
	em_table(e);
	for (k = 0; k < K; k++) {
		for (s = 0; s < S; s++) {
			char pre[24];
			snprintf(pre, sizeof(pre), "iss%u_s%u", k % 100u, s % 100u);
			em_line(e, "assign %s_in = (%u'(iss%u_warp_i) < %u'(kwarps_q)) & (%u'(iss%u_src%u_reg_i) < %u'(kregs_q));",
				pre, lw, k, lw, lw, k, s, lw);
			em_line(e, "assign %s_ren = %s_in & (%u'(iss%u_src%u_reg_i) < %u'(kren_q));", pre, pre, lw, k, s, lw);
			em_line(e, "assign %s_xpx = %u'(iss%u_warp_i) * %u'(kexm_q) + %u'(iss%u_src%u_reg_i) - %u'(kren_q);", pre,
				lw, k, lw, lw, k, s, lw);
			em_line(e, "assign %s_pid = %s_ren ? %s_lpid : %s;", pre, pre, pre,
				rg_part(e, em_fmt(e, "%s_xpx", pre), lw, pw - 1, 0));
			vt_loc(t, pre);
			em_line(e, "assign %s_err = ~%s_in;", pre, pre);
			em_line(e, "assign %s_xerr = %s_ren & ~%s_hit;", pre, pre, pre);
			em_line(e, "assign %s_rel = iss%u_src%u_rel_i & iss%u_src%u_valid_i & %s_ren & %s_hit;", pre, k, s, k, s,
				pre, pre);
			em_line(e, "assign %s_unmread = iss%u_valid_i & iss%u_ready_o & iss%u_src%u_valid_i & %s_xerr;", pre, k,
				k, k, s, pre);
		}
		em_clear(&tag);
		for (s = S; s-- > 0;)
			em_add(&tag, ", ", "iss%u_src%u_reg_i, iss%u_s%u_rel", k, s, k, s);
		em_line(e, "assign iss%u_ctag = {%s, iss%u_tag_i};", k, em_str(&tag), k);
		em_line(e, "assign iss%u_cvalid = iss%u_valid_i & g%u_served;", k, k, k);
		em_line(e, "assign iss%u_ready_o = iss%u_cready & ~g%u_conflict;", k, k, k);
	}
	em_str_free(&tag);
}

/* Dispatch: the tag goes out; released operands go to the table's invalidation ports. */
static void vt_dispatch(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned K = c->sm_schedulers, S = c->sm_operands, tb = c->sm_tag_bits, rw = c->d.reg_w, f = 1 + rw, d, s;
	em_line(e, "// dispatch: the tag goes out; released operands go to the table's invalidation ports");
	for (d = 0; d < K; d++) {
		rg_logic(t, c->d.ctag_w, "dsp%u_ctag", d);
		for (s = 0; s < S; s++) {
			rg_logic(t, 1, "dsp%u_s%u_rel", d, s);
			rg_logic(t, rw, "dsp%u_s%u_reg", d, s);
		}
	}
	em_table(e);
	for (d = 0; d < K; d++) {
		em_line(e, "assign dsp%u_tag_o = dsp%u_ctag[%u:0];", d, d, tb - 1);
		for (s = 0; s < S; s++) {
			em_line(e, "assign dsp%u_s%u_rel = dsp%u_ctag[%u];", d, s, d, tb + s * f);
			em_line(e, "assign dsp%u_s%u_reg = dsp%u_ctag[%u:%u];", d, s, d, tb + s * f + rw, tb + s * f + 1);
		}
	}
}

/* Write-backs: outside (dropped), exempt, mapped (in place) or unmapped: a free register is
 * allocated when the write-back arrives, whatever the back end does with it this cycle; two ports
 * writing one unmapped register share port 0's. */
static void vt_writebacks(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned P = c->rf_write_ports, lw = t->lw, pw = c->d.pack_w, p;
	em_line(e, "// write-backs: outside (dropped), exempt, mapped (in place) or unmapped (a free register");
	em_line(e, "// is allocated on arrival; two ports writing one unmapped register share port 0's)");
	rg_logic(t, rfm_cntw(rfm_fb_nrel(c)), "fb_nfree");
	for (p = 0; p < P; p++) {
		char pre[16];
		snprintf(pre, sizeof(pre), "wb%u", p % 100u);
		vt_acc_decls(t, pre);
		rg_logic(t, 1, "%s_err, %s_ok, %s_in, %s_ren, %s_rtv, %s_hit, %s_same, a%u_req, a%u_gnt", pre, pre, pre, pre,
			 pre, pre, pre, p, p);
		rg_logic(t, pw, "%s_hpid, a%u_pid", pre, p);
	}
	em_table(e);
	for (p = 0; p < P; p++) {
		char pre[16];
		snprintf(pre, sizeof(pre), "wb%u", p % 100u);
		em_line(e, "assign %s_in = (%u'(%s_warp_i) < %u'(kwarps_q)) & (%u'(%s_reg_i) < %u'(kregs_q));", pre, lw, pre,
			lw, lw, pre, lw);
		em_line(e, "assign %s_ren = %s_in & (%u'(%s_reg_i) < %u'(kren_q));", pre, pre, lw, pre, lw);
		em_line(e, "assign %s_rtv = %s_valid_i & %s_ren;", pre, pre, pre);
		if (p)
			em_line(e, "assign %s_same = wb0_rtv & %s_rtv & (wb0_warp_i == %s_warp_i) & (wb0_reg_i == %s_reg_i);",
				pre, pre, pre, pre);
		else
			em_line(e, "assign %s_same = 1'b0;", pre);
		em_line(e, "assign a%u_req = %s_rtv & ~%s_hit & ~%s_same;", p, pre, pre, pre);
		em_line(e, "assign %s_xpx = %u'(%s_warp_i) * %u'(kexm_q) + %u'(%s_reg_i) - %u'(kren_q);", pre, lw, pre, lw,
			lw, pre, lw);
		em_line(e, "assign %s_pid = ~%s_ren ? %s : %s_hit ? %s_hpid : %s_same ? a0_pid : a%u_pid;", pre, pre,
			rg_part(e, em_fmt(e, "%s_xpx", pre), lw, pw - 1, 0), pre, pre, pre, p);
		vt_loc(t, pre);
		em_line(e, "assign %s_err = ~%s_in;", pre, pre);
		em_line(e, "assign %s_ok = %s_valid_i & %s_in & (~%s_ren | %s_hit | (%s_same ? a0_gnt : a%u_gnt));", pre, pre,
			pre, pre, pre, pre, p);
	}
}

/* The renaming table: lookups of the sources and write-backs, new mappings, invalidations. */
static void vt_table(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned P = c->rf_write_ports, K = c->sm_schedulers, S = c->sm_operands, NL = K * S, NI = NL + 1, k, s, p, i;
	em_open(e, "rf_rename_table u_rename (");
	rg_conn(e, "clk_i", "clk_i");
	rg_conn(e, "rst_ni", "rst_ni");
	rg_conn(e, "launch_i", "vt_launch");
	rg_conn(e, "kren_i", "kren_q");
	for (k = 0; k < K; k++) {
		rg_conn(e, em_fmt(e, "g%u_valid_i", k), em_fmt(e, "iss%u_valid_i", k));
		rg_conn(e, em_fmt(e, "g%u_served_o", k), em_fmt(e, "g%u_served", k));
		rg_conn(e, em_fmt(e, "g%u_conflict_o", k), em_fmt(e, "g%u_conflict", k));
		for (s = 0; s < S; s++) {
			unsigned l = k * S + s;
			rg_conn(e, em_fmt(e, "l%u_valid_i", l), em_fmt(e, "iss%u_src%u_valid_i & iss%u_s%u_ren", k, s, k, s));
			rg_conn(e, em_fmt(e, "l%u_warp_i", l), em_fmt(e, "iss%u_warp_i", k));
			rg_conn(e, em_fmt(e, "l%u_reg_i", l), em_fmt(e, "iss%u_src%u_reg_i", k, s));
			rg_conn(e, em_fmt(e, "l%u_hit_o", l), em_fmt(e, "iss%u_s%u_hit", k, s));
			rg_conn(e, em_fmt(e, "l%u_pid_o", l), em_fmt(e, "iss%u_s%u_lpid", k, s));
		}
	}
	for (p = 0; p < P; p++) {
		rg_conn(e, em_fmt(e, "w%u_valid_i", p), em_fmt(e, "wb%u_rtv", p));
		rg_conn(e, em_fmt(e, "w%u_warp_i", p), em_fmt(e, "wb%u_warp_i", p));
		rg_conn(e, em_fmt(e, "w%u_reg_i", p), em_fmt(e, "wb%u_reg_i", p));
		rg_conn(e, em_fmt(e, "w%u_hit_o", p), em_fmt(e, "wb%u_hit", p));
		rg_conn(e, em_fmt(e, "w%u_pid_o", p), em_fmt(e, "wb%u_hpid", p));
		rg_conn(e, em_fmt(e, "w%u_new_i", p), em_fmt(e, "a%u_gnt", p));
		rg_conn(e, em_fmt(e, "w%u_newpid_i", p), em_fmt(e, "a%u_pid", p));
	}
	for (i = 0; i < NI; i++) {
		if (i < NL) {
			rg_conn(e, em_fmt(e, "i%u_valid_i", i), em_fmt(e, "dsp%u_s%u_rel", i / S, i % S));
			rg_conn(e, em_fmt(e, "i%u_warp_i", i), em_fmt(e, "dsp%u_warp_o", i / S));
			rg_conn(e, em_fmt(e, "i%u_reg_i", i), em_fmt(e, "dsp%u_s%u_reg", i / S, i % S));
		} else {
			rg_conn(e, em_fmt(e, "i%u_valid_i", i), "wk_act");
			rg_conn(e, em_fmt(e, "i%u_warp_i", i), "wk_warp_q");
			rg_conn(e, em_fmt(e, "i%u_reg_i", i), "wk_reg");
		}
		rg_conn(e, em_fmt(e, "i%u_hit_o", i), em_fmt(e, "i%u_hit", i));
		rg_conn(e, em_fmt(e, "i%u_pid_o", i), em_fmt(e, "i%u_pid", i));
	}
	rg_conn(e, "valid_o", "rt_valid");
	rg_conn_end(e);
}

/* The free bitmap: allocations of the write-backs, releases of the invalidations. */
static void vt_bitmap(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned P = c->rf_write_ports, NI = c->sm_schedulers * c->sm_operands + 1, p, i;
	em_line(e, "assign resv_x = lw_x * le_x;  // exempt registers reserved at the bottom");
	em_open(e, "rf_free_bitmap u_free (");
	rg_conn(e, "clk_i", "clk_i");
	rg_conn(e, "rst_ni", "rst_ni");
	rg_conn(e, "launch_i", "vt_launch");
	rg_conn(e, "launch_resv_i", rg_part(e, "resv_x", t->lw, c->d.pack_w, 0));
	for (p = 0; p < P; p++) {
		rg_conn(e, em_fmt(e, "a%u_req_i", p), em_fmt(e, "a%u_req", p));
		rg_conn(e, em_fmt(e, "a%u_gnt_o", p), em_fmt(e, "a%u_gnt", p));
		rg_conn(e, em_fmt(e, "a%u_pid_o", p), em_fmt(e, "a%u_pid", p));
	}
	for (i = 0; i < NI; i++) {
		rg_conn(e, em_fmt(e, "r%u_valid_i", i), em_fmt(e, "i%u_hit", i));
		rg_conn(e, em_fmt(e, "r%u_pid_i", i), em_fmt(e, "i%u_pid", i));
	}
	rg_conn(e, "occ_o", "fb_occ");
	rg_conn(e, "dom_o", "dom_o");
	rg_conn(e, "nfree_o", "fb_nfree");
	rg_conn_end(e);
}

static void vt_locate(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned K = c->sm_schedulers, S = c->sm_operands, P = c->rf_write_ports, lw = t->lw, pw = c->d.pack_w;
	unsigned NI = K * S + 1, i, k, s, p;
	em_str_t un = {0};
	t->drop = 1;
	t->hold = 1;
	em_section(e, "locate: renaming (docs/virtualization.md, \"rf_top with virtualization\")");
	vt_sources(t);
	vt_dispatch(t);
	vt_writebacks(t);
	em_line(e, "// the renaming table and the free bitmap");
	rg_logic(t, c->d.rt_depth, "rt_valid");
	rg_logic(t, c->d.warp_regs, "fb_occ");
	rg_logic(t, lw, "resv_x");
	for (i = 0; i < NI; i++) {
		rg_logic(t, 1, "i%u_hit", i);
		rg_logic(t, pw, "i%u_pid", i);
	}
	em_table(e);
	vt_table(t);
	vt_bitmap(t);
	em_add(&un, ", ", "rt_valid, fb_occ, pd_is_pir, pd_flags, resv_x[%u:%u], wk_sh[53:6]", lw - 1, pw + 1);
	for (i = 0; i < RFM_PBR_SLOTS; i++)
		em_add(&un, ", ", "pd_rv%u", i);
	for (k = 0; k < K; k++)
		for (s = 0; s < S; s++)
			em_add(&un, ", ", "iss%u_s%u_xpx[%u:%u], iss%u_s%u_bx[%u:%u], iss%u_s%u_rx[%u:%u]", k, s, lw - 1, pw, k,
			       s, lw - 1, c->d.bank_w, k, s, lw - 1, c->d.entry_w);
	for (p = 0; p < P; p++)
		em_add(&un, ", ", "wb%u_xpx[%u:%u], wb%u_bx[%u:%u], wb%u_rx[%u:%u]", p, lw - 1, pw, p, lw - 1, c->d.bank_w,
		       p, lw - 1, c->d.entry_w);
	rg_unused(e, "virt", em_str(&un));
	em_str_free(&un);
}

/* unm_o and the virtualization counters. */
static void vt_status(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned K = c->sm_schedulers, S = c->sm_operands, k, s;
	rg_flag_t *f = rg_flag(t, "unm");
	em_str_t x = {0};
	for (k = 0; k < K; k++)
		for (s = 0; s < S; s++)
			rg_flag_term(f, em_fmt(e, "(iss%u_valid_i & iss%u_ready_o & iss%u_src%u_valid_i & iss%u_s%u_xerr)", k, k,
					       k, s, k, s));
	rg_counter_sum(t, "alloc", c->rf_write_ports, "a%u_gnt");
	rg_counter(t, "free", em_fmt(e, "%u'(fb_nfree)", c->stats_counter_bits));
	rg_counter_sum(t, "rt_conflict", K, "g%u_conflict");
	for (k = 0; k < K; k++)
		for (s = 0; s < S; s++)
			em_add(&x, " + ", "%u'(iss%u_s%u_unmread)", c->stats_counter_bits, k, s);
	rg_counter(t, "unmapped", em_str(&x));
	em_str_free(&x);
}

/* Invariants 1-3 of docs/virtualization.md: a physical register mapped at most once, never onto
 * a reserved or missing one, and the occupied count equal to mapped + reserved. */
static void vt_asserts(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned D = c->d.rt_depth, pw = c->d.pack_w, P = c->d.warp_regs;
	/* rw holds warps x exempt registers (at most regs_per_thread) and P itself */
	unsigned rw = c->d.nwarps_w + c->d.reg_w + 1, pb = 1, b, nb = c->virtualization_rt_banks;
	while ((1u << pb) <= P)
		pb++;
	if (rw < pb + 1)
		rw = pb + 1;
	rg_assert_begin(e, "virtualization invariants 1-3");
	em_line(e, "// bit 0: a register mapped twice; 1: mapped onto a reserved or missing one; 2: count");
	em_open(e, "function automatic logic [2:0] vt_bad(input logic %s valid, input logic %s tbl,", em_rng(e, D),
		em_rng(e, D * pw));
	em_line(e, "input logic %s occ, input logic [%u:0] resv);", em_rng(e, P), rw - 1);
	em_line(e, "logic %s seen;", em_rng(e, P));
	em_line(e, "logic %s p;", em_rng(e, pw));
	em_line(e, "int n;");
	em_line(e, "vt_bad = 3'b000;");
	em_line(e, "seen = '0;");
	em_line(e, "n = 0;");
	em_open(e, "for (int i = 0; i < %u; i++) begin", D);
	em_open(e, "if (valid[i]) begin");
	em_line(e, "p = tbl[i*%u +: %u];", pw, pw);
	em_line(e, "n = n + 1;");
	em_open(e, "if (%u'(p) >= %u'd%u || %u'(p) < resv) begin", rw, rw, P, rw);
	em_line(e, "vt_bad[1] = 1'b1;");
	em_reopen(e, "end else begin");
	em_line(e, "if (seen[p]) vt_bad[0] = 1'b1;");
	em_line(e, "if (!occ[p]) vt_bad[2] = 1'b1;");
	em_line(e, "seen[p] = 1'b1;");
	em_close(e, "end");
	em_close(e, "end");
	em_close(e, "end");
	em_line(e, "if ($countones(occ) != n + resv) vt_bad[2] = 1'b1;");
	em_close(e, "endfunction");
	em_line(e, "// the table's ids, read from its banks (rf_rt_bank, not a port: an SRAM macro has none)");
	em_line(e, "logic %s rt_table;", em_rng(e, D * pw));
	em_open(e, "always_comb begin");
	em_line(e, "rt_table = '0;");
	em_open(e, "for (int r = 0; r < %u; r++) begin", c->d.rt_bank_depth);
	for (b = 0; b < nb; b++)
		em_line(e, "rt_table[(r*%u + %u)*%u +: %u] = u_rename.u_bank%u.mem_q[r];", nb, b, pw, pw, b);
	em_close(e, "end");
	em_close(e, "end");
	em_line(e, "logic [2:0] vt_inv;");
	em_line(e, "assign vt_inv = vt_bad(rt_valid, rt_table, fb_occ, %u'(kwarps_q) * %u'(kexm_q));", rw, rw);
	rg_assert(e, "!vt_inv[0]", "rf_top", "invariant 1", "docs/virtualization.md, Invariants",
		  "a physical register mapped twice");
	rg_assert(e, "!vt_inv[1]", "rf_top", "invariant 2", "docs/virtualization.md, Invariants",
		  "a mapping onto a reserved or missing register");
	rg_assert(e, "!vt_inv[2]", "rf_top", "invariant 3", "docs/virtualization.md, Invariants",
		  "occupied registers differ from mapped + reserved");
	rg_assert_end(e);
}

const rg_part_t rg_part_rename = {
	.name = "virtualization", .slot = RG_LOCATE, .active = vt_on, .fit_width = vt_width, .consts = vt_consts,
	.launch = vt_launch, .locate = vt_locate, .status = vt_status, .asserts = vt_asserts,
};
