/* emit_top.c - body of rf_top: the blocks composed with the mapping, the launch state and the
 * counters (docs/semantics.md, "rf_top"; model: cmodel/top.c). */
#include <string.h>

#include "rfm_models.h"
#include "rg.h"

/* Width of the launch-fit arithmetic. */
static unsigned fit_width(const rfm_cfg_t *c)
{
	unsigned w = c->d.nwarps_w + c->d.nregs_w, ew = rfm_cntw(c->rf_entries);
	if (c->regmutex_enable == RFM_ON || c->virtualization_enable == RFM_ON) { /* products of counts */
		w += 2;
		ew = rfm_cntw(c->d.warp_regs);
	}
	return (ew > w ? ew : w) + 1;
}

/* Baseline: one rf_map per write-back port and per issued source operand. */
static void emit_maps(em_t *e, const rfm_cfg_t *c)
{
	unsigned P = c->rf_write_ports, K = c->sm_schedulers, S = c->sm_operands, p, k, s;
	for (p = 0; p < P; p++) {
		em_blank(e);
		em_line(e, "// write-back port %u: mapped; an access outside the kernel is dropped", p);
		em_open(e, "rf_map u_wmap%u (", p);
		rg_conn(e, "warp_i", em_fmt(e, "wb%u_warp_i", p));
		rg_conn(e, "reg_i", em_fmt(e, "wb%u_reg_i", p));
		rg_conn(e, "kwarps_i", "kwarps_q");
		rg_conn(e, "kregs_i", "kregs_q");
		rg_conn(e, "bank_o", em_fmt(e, "wb%u_bank", p));
		rg_conn(e, "entry_o", em_fmt(e, "wb%u_row", p));
		rg_conn(e, "err_o", em_fmt(e, "wb%u_err", p));
		rg_conn_end(e);
		em_line(e, "assign wb%u_ok = wb%u_valid_i & ~wb%u_err;", p, p, p);
	}
	for (k = 0; k < K; k++)
		for (s = 0; s < S; s++) {
			em_blank(e);
			em_open(e, "rf_map u_imap%u_%u (", k, s);
			rg_conn(e, "warp_i", em_fmt(e, "iss%u_warp_i", k));
			rg_conn(e, "reg_i", em_fmt(e, "iss%u_src%u_reg_i", k, s));
			rg_conn(e, "kwarps_i", "kwarps_q");
			rg_conn(e, "kregs_i", "kregs_q");
			rg_conn(e, "bank_o", em_fmt(e, "iss%u_s%u_bank", k, s));
			rg_conn(e, "entry_o", em_fmt(e, "iss%u_s%u_row", k, s));
			rg_conn(e, "err_o", em_fmt(e, "iss%u_s%u_err", k, s));
			rg_conn_end(e);
		}

}

/* RegMutex: the allocator and one translation block with a port per write-back port and per
 * issued source operand (docs/regmutex.md, "rf_top with RegMutex"). */
static void emit_regmutex_blocks(em_t *e, const rfm_cfg_t *c)
{
	unsigned P = c->rf_write_ports, K = c->sm_schedulers, S = c->sm_operands, p, k, s, x;
	int paired = c->regmutex_paired == RFM_ON;
	em_blank(e);
	if (!paired)
		em_line(e, "logic %s srp_mask;  // seen by the checker through the allocator's own ports", em_rng(e, c->sm_warps));
	for (x = 0; x < P + K * S; x++)
		em_line(e, "logic %s xl%u_pack;", em_rng(e, c->d.pack_w), x);
	em_line(e, "// RegMutex allocator: acquire/release at issue, release at warp exit");
	em_open(e, "rf_srp_ctrl u_srp_ctrl (");
	rg_conn(e, "clk_i", "clk_i");
	rg_conn(e, "rst_ni", "rst_ni");
	rg_conn(e, "launch_i", "srp_launch");
	if (!paired)
		rg_conn(e, "launch_sections_i", "launch_sections_i");
	for (k = 0; k < K; k++) {
		rg_conn(e, em_fmt(e, "req%u_valid_i", k), em_fmt(e, "acq%u_valid_i", k));
		rg_conn(e, em_fmt(e, "req%u_release_i", k), em_fmt(e, "acq%u_release_i", k));
		rg_conn(e, em_fmt(e, "req%u_warp_i", k), em_fmt(e, "acq%u_warp_i", k));
		rg_conn(e, em_fmt(e, "req%u_grant_o", k), em_fmt(e, "acq%u_grant_o", k));
		rg_conn(e, em_fmt(e, "req%u_stall_o", k), em_fmt(e, "acq%u_stall_o", k));
		rg_conn(e, em_fmt(e, "req%u_sect_o", k), em_fmt(e, "acq%u_sect_o", k));
	}
	rg_conn(e, "exit_valid_i", "exit_valid_i");
	rg_conn(e, "exit_warp_i", "exit_warp_i");
	rg_conn(e, "status_o", "srp_status");
	if (!paired) {
		rg_conn(e, "mask_o", "srp_mask");
		rg_conn(e, "lut_o", "srp_lut");
		rg_conn(e, "full_o", "srp_full_o");
	}
	rg_conn(e, "nacq_o", "srp_nacq");
	rg_conn(e, "nstall_o", "srp_nstall");
	rg_conn(e, "nfree_o", "srp_nfree");
	rg_conn_end(e);

	em_blank(e);
	em_line(e, "// RegMutex translation: port p < %u is write-back p, then issue k source s is %u + k * %u + s", P, P, S);
	em_line(e, "// (an access outside the kernel, or to an extended register without a set, is dropped)");
	em_open(e, "rf_srp_xlate u_srp_xlate (");
	rg_conn(e, "kwarps_i", "kwarps_q");
	rg_conn(e, "kregs_i", "kregs_q");
	rg_conn(e, "kbase_i", "kbase_q");
	rg_conn(e, "kext_i", "kext_q");
	if (!paired)
		rg_conn(e, "ksrp_i", "ksrp_q");
	rg_conn(e, "status_i", "srp_status");
	if (!paired)
		rg_conn(e, "lut_i", "srp_lut");
	for (x = 0; x < P + K * S; x++) {
		const char *pre = x < P ? em_fmt(e, "wb%u", x) : em_fmt(e, "iss%u_s%u", (x - P) / S, (x - P) % S);
		char pb[32];
		snprintf(pb, sizeof(pb), "%s", pre);
		if (x < P) {
			rg_conn(e, em_fmt(e, "x%u_warp_i", x), em_fmt(e, "wb%u_warp_i", x));
			rg_conn(e, em_fmt(e, "x%u_reg_i", x), em_fmt(e, "wb%u_reg_i", x));
		} else {
			rg_conn(e, em_fmt(e, "x%u_warp_i", x), em_fmt(e, "iss%u_warp_i", (x - P) / S));
			rg_conn(e, em_fmt(e, "x%u_reg_i", x), em_fmt(e, "iss%u_src%u_reg_i", (x - P) / S, (x - P) % S));
		}
		rg_conn(e, em_fmt(e, "x%u_pack_o", x), em_fmt(e, "xl%u_pack", x));
		rg_conn(e, em_fmt(e, "x%u_bank_o", x), em_fmt(e, "%s_bank", pb));
		rg_conn(e, em_fmt(e, "x%u_entry_o", x), em_fmt(e, "%s_row", pb));
		rg_conn(e, em_fmt(e, "x%u_err_o", x), em_fmt(e, "%s_err", pb));
		rg_conn(e, em_fmt(e, "x%u_xerr_o", x), em_fmt(e, "%s_xerr", pb));
	}
	rg_conn_end(e);
	for (p = 0; p < P; p++)
		em_line(e, "assign wb%u_ok = wb%u_valid_i & ~wb%u_err & ~wb%u_xerr;", p, p, p, p);
	em_raw(e, "%*slogic unused_srp;\n%*sassign unused_srp = ^{%s", (int)(2 * e->ind), "", (int)(2 * e->ind), "",
	       paired ? "" : "srp_mask, ");
	for (x = 0; x < P + K * S; x++)
		em_raw(e, "%sxl%u_pack", x ? ", " : "", x);
	em_raw(e, "};\n");
	(void)s;
}

/* Location of physical register <pre>_pid: <pre>_bank, <pre>_row (pid % banks, pid / banks). */
static void vt_loc(em_t *e, const rfm_cfg_t *c, const char *pre, unsigned lw)
{
	em_line(e, "logic %s %s_px, %s_bx, %s_rx;", em_rng(e, lw), pre, pre, pre);
	em_line(e, "assign %s_px = %u'(%s_pid);", pre, lw, pre);
	em_line(e, "assign %s_bx = %s_px %% Banks;", pre, pre);
	em_line(e, "assign %s_rx = %s_px / Banks;", pre, pre);
	em_line(e, "assign %s_bank = %s;", pre, rg_part(e, em_fmt(e, "%s_bx", pre), lw, c->d.bank_w - 1, 0));
	em_line(e, "assign %s_row = %s;", pre, rg_part(e, em_fmt(e, "%s_rx", pre), lw, c->d.entry_w - 1, 0));
	rg_unused(e, em_fmt(e, "%s_loc", pre), em_fmt(e, "%s_bx[%u:%u], %s_rx[%u:%u]", pre, lw - 1, c->d.bank_w, pre, lw - 1,
						     c->d.entry_w));
}

/* Simulation-only checks of virtualization's invariants 1-3 (docs/virtualization.md,
 * "Invariants"), compiled only with RFM_ASSERTIONS defined (make cosim-assert). */
static void emit_virt_assertions(em_t *e, const rfm_cfg_t *c)
{
	unsigned D = c->d.rt_depth, pw = c->d.pack_w, P = c->d.warp_regs;
	em_blank(e);
	em_raw(e, "`ifdef RFM_ASSERTIONS\n");
	em_line(e, "// invariants 1-3 of docs/virtualization.md, checked at every rising edge (simulation only)");
	em_line(e, "int a_e, a_n, a_resv;");
	em_line(e, "logic %s a_p;", em_rng(e, pw));
	em_line(e, "logic %s a_seen;", em_rng(e, P));
	em_line(e, "logic a_bad1, a_bad2, a_bad3;");
	em_open(e, "always_comb begin");
	em_line(e, "a_seen = '0;");
	em_line(e, "a_n = 0;");
	em_line(e, "a_p = '0;");
	em_line(e, "a_bad1 = 1'b0;");
	em_line(e, "a_bad2 = 1'b0;");
	em_line(e, "a_bad3 = 1'b0;");
	em_line(e, "a_resv = int'(kwarps_q) * int'(kexm_q);");
	em_open(e, "for (a_e = 0; a_e < %u; a_e++) begin", D);
	em_open(e, "if (rt_valid[a_e]) begin");
	em_line(e, "a_p = rt_table[a_e * %u +: %u];", pw, pw);
	em_line(e, "a_n = a_n + 1;");
	em_open(e, "if (int'(a_p) >= %u || int'(a_p) < a_resv) begin", P);
	em_line(e, "a_bad2 = 1'b1;");
	em_close(e, "end else begin");
	e->ind++;
	em_line(e, "if (a_seen[a_p]) a_bad1 = 1'b1;");
	em_line(e, "if (!fb_occ[a_p]) a_bad3 = 1'b1;");
	em_line(e, "a_seen[a_p] = 1'b1;");
	em_close(e, "end");
	em_close(e, "end");
	em_close(e, "end");
	em_line(e, "if ($countones(fb_occ) != a_n + a_resv) a_bad3 = 1'b1;");
	em_close(e, "end");
	em_open(e, "always @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (rst_ni) begin");
	em_line(e, "assert (!a_bad1) else $error(\"rf_top invariant 1: a physical register mapped twice\");");
	em_line(e, "assert (!a_bad2) else $error(\"rf_top invariant 2: a mapping onto a reserved or missing register\");");
	em_line(e, "assert (!a_bad3) else $error(\"rf_top invariant 3: occupied %%0d, mapped %%0d + reserved %%0d\",");
	em_line(e, "                             $countones(fb_occ), a_n, a_resv);");
	em_close(e, "end");
	em_close(e, "end");
	em_raw(e, "`endif\n");
}

/* Virtualization: the renaming table, the availability flag, the pbr decoder and the release
 * walker; every source and write-back located through them (docs/virtualization.md, "rf_top with
 * virtualization"). */
static void emit_virt_blocks(em_t *e, const rfm_cfg_t *c, unsigned lw)
{
	unsigned P = c->rf_write_ports, K = c->sm_schedulers, S = c->sm_operands, pw = c->d.pack_w, rw = c->d.reg_w;
	unsigned tb = c->sm_tag_bits, f = 1 + rw, NL = K * S, NI = NL + 1, p, k, s, d, i;
	unsigned cw = (c->d.nregs_w > 4 ? c->d.nregs_w : 4) + 1;
	em_blank(e);
	em_line(e, "localparam logic %s Banks = %s;", em_rng(e, lw), em_lit(e, lw, c->rf_banks));
	em_line(e, "// sources: outside the kernel (err), renamed (looked up) or exempt (warp x exempt + reg - renamed)");
	for (k = 0; k < K; k++) {
		em_line(e, "logic g%u_served, g%u_conflict, iss%u_cready;", k, k, k);
		em_line(e, "logic %s iss%u_ctag;  // {per operand: register, release flag; tag}", em_rng(e, c->d.ctag_w), k);
		for (s = 0; s < S; s++) {
			char pre[32];
			snprintf(pre, sizeof(pre), "iss%u_s%u", k % 100u, s % 100u);
			em_line(e, "logic %s_in, %s_ren, %s_hit, %s_rel, %s_unmread;", pre, pre, pre, pre, pre);
			em_line(e, "logic %s %s_pid, %s_lpid;", em_rng(e, pw), pre, pre);
			em_line(e, "logic %s %s_xpx;", em_rng(e, lw), pre);
			em_line(e, "assign %s_in = (%u'(iss%u_warp_i) < %u'(kwarps_q)) & (%u'(iss%u_src%u_reg_i) < %u'(kregs_q));", pre,
				lw, k, lw, lw, k, s, lw);
			em_line(e, "assign %s_ren = %s_in & (%u'(iss%u_src%u_reg_i) < %u'(kren_q));", pre, pre, lw, k, s, lw);
			em_line(e, "assign %s_xpx = %u'(iss%u_warp_i) * %u'(kexm_q) + %u'(iss%u_src%u_reg_i) - %u'(kren_q);", pre, lw,
				k, lw, lw, k, s, lw);
			em_line(e, "assign %s_pid = %s_ren ? %s_lpid : %s;", pre, pre, pre,
				rg_part(e, em_fmt(e, "%s_xpx", pre), lw, pw - 1, 0));
			vt_loc(e, c, pre, lw);
			em_line(e, "assign %s_err = ~%s_in;", pre, pre);
			em_line(e, "assign %s_xerr = %s_ren & ~%s_hit;", pre, pre, pre);
			em_line(e, "assign %s_rel = iss%u_src%u_rel_i & iss%u_src%u_valid_i & %s_ren & %s_hit;", pre, k, s, k, s, pre, pre);
			em_line(e, "assign %s_unmread = iss%u_valid_i & iss%u_ready_o & iss%u_src%u_valid_i & %s_xerr;", pre, k, k, k, s,
				pre);
		}
		em_raw(e, "%*sassign iss%u_ctag = {", (int)(2 * e->ind), "", k);
		for (s = S; s-- > 0;)
			em_raw(e, "iss%u_src%u_reg_i, iss%u_s%u_rel, ", k, s, k, s);
		em_raw(e, "iss%u_tag_i};\n", k);
		em_line(e, "assign iss%u_ready_o = iss%u_cready & ~g%u_conflict;", k, k, k);
	}
	em_blank(e);
	em_line(e, "// dispatch: the tag goes out; released operands go to the table's invalidation ports");
	for (d = 0; d < K; d++) {
		em_line(e, "logic %s dsp%u_ctag;", em_rng(e, c->d.ctag_w), d);
		em_line(e, "assign dsp%u_tag_o = dsp%u_ctag[%u:0];", d, d, tb - 1);
		for (s = 0; s < S; s++) {
			em_line(e, "logic dsp%u_s%u_rel;", d, s);
			em_line(e, "logic %s dsp%u_s%u_reg;", em_rng(e, rw), d, s);
			em_line(e, "assign dsp%u_s%u_rel = dsp%u_ctag[%u];", d, s, d, tb + s * f);
			em_line(e, "assign dsp%u_s%u_reg = dsp%u_ctag[%u:%u];", d, s, d, tb + s * f + rw, tb + s * f + 1);
		}
	}
	em_blank(e);
	em_line(e, "// write-backs: outside (dropped), exempt, mapped (in place) or unmapped (a free register is");
	em_line(e, "// allocated; two ports writing one unmapped register share port 0's)");
	em_line(e, "logic %s fb_nfree;", em_rng(e, rfm_cntw(rfm_fb_nrel(c))));
	for (p = 0; p < P; p++) {
		char pre[16];
		snprintf(pre, sizeof(pre), "wb%u", p % 100u);
		em_line(e, "logic %s_in, %s_ren, %s_rtv, %s_hit, %s_same, a%u_req, a%u_gnt;", pre, pre, pre, pre, pre, p, p);
		em_line(e, "logic %s %s_pid, %s_hpid, a%u_pid;", em_rng(e, pw), pre, pre, p);
		em_line(e, "logic %s %s_xpx;", em_rng(e, lw), pre);
		em_line(e, "assign %s_in = (%u'(%s_warp_i) < %u'(kwarps_q)) & (%u'(%s_reg_i) < %u'(kregs_q));", pre, lw, pre, lw, lw,
			pre, lw);
		em_line(e, "assign %s_ren = %s_in & (%u'(%s_reg_i) < %u'(kren_q));", pre, pre, lw, pre, lw);
		em_line(e, "assign %s_rtv = %s_valid_i & %s_ren;", pre, pre, pre);
		if (p)
			em_line(e, "assign %s_same = wb0_rtv & %s_rtv & (wb0_warp_i == %s_warp_i) & (wb0_reg_i == %s_reg_i);", pre,
				pre, pre, pre);
		else
			em_line(e, "assign %s_same = 1'b0;", pre);
		em_line(e, "assign a%u_req = %s_rtv & ~%s_hit & ~%s_same;", p, pre, pre, pre);
		em_line(e, "assign %s_xpx = %u'(%s_warp_i) * %u'(kexm_q) + %u'(%s_reg_i) - %u'(kren_q);", pre, lw, pre, lw, lw, pre,
			lw);
		em_line(e, "assign %s_pid = ~%s_ren ? %s : %s_hit ? %s_hpid : %s_same ? a0_pid : a%u_pid;", pre, pre,
			rg_part(e, em_fmt(e, "%s_xpx", pre), lw, pw - 1, 0), pre, pre, pre, p);
		vt_loc(e, c, pre, lw);
		em_line(e, "assign %s_err = ~%s_in;", pre, pre);
		em_line(e, "assign %s_ok = %s_valid_i & %s_in & (~%s_ren | %s_hit | (%s_same ? a0_gnt : a%u_gnt));", pre, pre, pre,
			pre, pre, pre, p);
	}

	em_blank(e);
	em_line(e, "// release walker: a pbr's nine slots, or every renamed register of an exiting warp, one per cycle");
	em_line(e, "logic wk_busy_q, wk_busy_d, wk_exit_q, wk_exit_d, wk_act, wk_inlim;");
	em_line(e, "logic %s wk_warp_q, wk_warp_d;", em_rng(e, c->d.warp_w));
	em_line(e, "logic %s wk_cnt_q, wk_cnt_d, wk_lim, wk_next;", em_rng(e, cw));
	em_line(e, "logic [53:0] wk_regs_q, wk_regs_d, wk_sh, pd_payload;");
	em_line(e, "logic [5:0] wk_slot;");
	em_line(e, "logic %s wk_reg;", em_rng(e, rw));
	em_line(e, "logic pd_is_pbr;");
	for (i = 0; i < RFM_PBR_SLOTS; i++)
		em_line(e, "logic [5:0] pd_reg%u;", i);
	em_line(e, "assign wk_lim = wk_exit_q ? %u'(kren_q) : %s;", cw, em_lit(e, cw, RFM_PBR_SLOTS));
	em_line(e, "assign wk_next = wk_cnt_q + %s;", em_lit(e, cw, 1));
	em_line(e, "assign wk_inlim = wk_cnt_q < wk_lim;");
	em_line(e, "assign wk_sh = wk_regs_q >> (%u'(wk_cnt_q) * 8'd6);", 8);
	em_line(e, "assign wk_slot = wk_sh[5:0];");
	em_line(e, "assign wk_act = wk_busy_q & wk_inlim & (wk_exit_q | ((wk_slot != 6'd63) & (%u'(wk_slot) < %u'(kren_q))));",
		lw, lw);
	em_line(e, "assign wk_reg = wk_exit_q ? %u'(wk_cnt_q) : %u'(wk_slot);", rw, rw);
	em_raw(e, "%*sassign pd_payload = {", (int)(2 * e->ind), "");
	for (i = RFM_PBR_SLOTS; i-- > 0;)
		em_raw(e, "pd_reg%u%s", i, i ? ", " : "};\n");
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
	em_close(e, "end else if (wk_busy_q) begin");
	e->ind++;
	em_line(e, "wk_cnt_d = wk_next;");
	em_line(e, "if (wk_next >= wk_lim) wk_busy_d = 1'b0;");
	em_close(e, "end else if (exit_valid_i) begin");
	e->ind++;
	em_line(e, "wk_exit_d = 1'b1;");
	em_line(e, "wk_warp_d = exit_warp_i;");
	em_line(e, "wk_cnt_d = '0;");
	em_line(e, "wk_busy_d = kren_q != '0;");
	em_close(e, "end else if (pbr_valid_i & pd_is_pbr) begin  // any other word is dropped");
	e->ind++;
	em_line(e, "wk_exit_d = 1'b0;");
	em_line(e, "wk_warp_d = pbr_warp_i;");
	em_line(e, "wk_regs_d = pd_payload;");
	em_line(e, "wk_cnt_d = '0;");
	em_line(e, "wk_busy_d = 1'b1;");
	em_close(e, "end");
	em_close(e, "end");
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	em_line(e, "wk_busy_q <= 1'b0;");
	em_line(e, "wk_exit_q <= 1'b0;");
	em_line(e, "wk_warp_q <= '0;");
	em_line(e, "wk_cnt_q <= '0;");
	em_line(e, "wk_regs_q <= '0;");
	em_close(e, "end else begin");
	e->ind++;
	em_line(e, "wk_busy_q <= wk_busy_d;");
	em_line(e, "wk_exit_q <= wk_exit_d;");
	em_line(e, "wk_warp_q <= wk_warp_d;");
	em_line(e, "wk_cnt_q <= wk_cnt_d;");
	em_line(e, "wk_regs_q <= wk_regs_d;");
	em_close(e, "end");
	em_close(e, "end");

	em_blank(e);
	em_line(e, "logic pd_is_pir;");
	em_line(e, "logic [53:0] pd_flags;");
	for (i = 0; i < RFM_PBR_SLOTS; i++)
		em_line(e, "logic pd_rv%u;", i);
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

	em_blank(e);
	em_line(e, "logic %s rt_valid;", em_rng(e, c->d.rt_depth));
	em_line(e, "logic %s rt_table;", em_rng(e, c->d.rt_depth * pw));
	for (i = 0; i < NI; i++) {
		em_line(e, "logic i%u_hit;", i);
		em_line(e, "logic %s i%u_pid;", em_rng(e, pw), i);
	}
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
	rg_conn(e, "table_o", "rt_table");
	rg_conn_end(e);

	em_blank(e);
	em_line(e, "logic %s fb_occ;", em_rng(e, c->d.warp_regs));
	em_line(e, "logic %s resv_x;", em_rng(e, lw));
	em_line(e, "assign resv_x = lw_x * le_x;  // exempt registers reserved at the bottom");
	em_open(e, "rf_free_bitmap u_free (");
	rg_conn(e, "clk_i", "clk_i");
	rg_conn(e, "rst_ni", "rst_ni");
	rg_conn(e, "launch_i", "vt_launch");
	rg_conn(e, "launch_resv_i", rg_part(e, "resv_x", lw, pw, 0));
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
	emit_virt_assertions(e, c);
	em_raw(e, "%*slogic unused_virt;\n%*sassign unused_virt = ^{rt_valid, rt_table, fb_occ, pd_is_pir, pd_flags, resv_x[%u:%u]",
	       (int)(2 * e->ind), "", (int)(2 * e->ind), "", lw - 1, pw + 1);
	for (i = 0; i < RFM_PBR_SLOTS; i++)
		em_raw(e, ", pd_rv%u", i);
	em_raw(e, ", wk_sh[53:6]");
	for (k = 0; k < K; k++)
		for (s = 0; s < S; s++)
			em_raw(e, ", iss%u_s%u_xpx[%u:%u]", k, s, lw - 1, pw);
	for (p = 0; p < P; p++)
		em_raw(e, ", wb%u_xpx[%u:%u]", p, lw - 1, pw);
	em_raw(e, "};\n");
}

/* Baseline: rf_bank_arbiter, one rf_bank per bank, rf_xbar. */
static void emit_baseline_file(em_t *e, const rfm_cfg_t *c)
{
	unsigned P = c->rf_write_ports, R = c->rf_read_ports, B = c->rf_banks, bw = c->d.bank_w, p, b, q;
	em_blank(e);
	em_open(e, "rf_bank_arbiter u_arbiter (");

	rg_conn(e, "clk_i", "clk_i");
	rg_conn(e, "rst_ni", "rst_ni");
	for (q = 0; q < c->d.nq; q++) {
		rg_conn(e, em_fmt(e, "q%u_req_i", q), em_fmt(e, "cq%u_req", q));
		rg_conn(e, em_fmt(e, "q%u_bank_i", q), em_fmt(e, "cq%u_bank", q));
		rg_conn(e, em_fmt(e, "q%u_entry_i", q), em_fmt(e, "cq%u_entry", q));
	}
	for (p = 0; p < P; p++) {
		rg_conn(e, em_fmt(e, "w%u_en_i", p), em_fmt(e, "wb%u_ok", p));
		rg_conn(e, em_fmt(e, "w%u_bank_i", p), em_fmt(e, "wb%u_bank", p));
		rg_conn(e, em_fmt(e, "w%u_entry_i", p), em_fmt(e, "wb%u_row", p));
	}
	for (q = 0; q < c->d.nq; q++) {
		rg_conn(e, em_fmt(e, "q%u_gnt_o", q), em_fmt(e, "aq%u_gnt", q));
		rg_conn(e, em_fmt(e, "q%u_port_o", q), em_fmt(e, "aq%u_port", q));
	}
	for (b = 0; b < B; b++)
		for (p = 0; p < R; p++) {
			rg_conn(e, em_fmt(e, "b%u_r%u_en_o", b, p), em_fmt(e, "b%u_r%u_en", b, p));
			rg_conn(e, em_fmt(e, "b%u_r%u_addr_o", b, p), em_fmt(e, "b%u_r%u_addr", b, p));
		}
	rg_conn(e, "nconf_o", "nconf");
	rg_conn(e, "nwconf_o", "nwconf");
	rg_conn_end(e);

	for (b = 0; b < B; b++) {
		em_blank(e);
		for (p = 0; p < P; p++)
			em_line(e, "assign b%u_w%u_en = wb%u_ok & (wb%u_bank == %s);", b, p, p, p, em_lit(e, bw, b));
		em_open(e, "rf_bank u_bank%u (", b);
		rg_conn(e, "clk_i", "clk_i");
		for (p = 0; p < P; p++) {
			rg_conn(e, em_fmt(e, "w%u_en_i", p), em_fmt(e, "b%u_w%u_en", b, p));
			rg_conn(e, em_fmt(e, "w%u_addr_i", p), em_fmt(e, "wb%u_row", p));
			rg_conn(e, em_fmt(e, "w%u_mask_i", p), em_fmt(e, "wb%u_mask_i", p));
			rg_conn(e, em_fmt(e, "w%u_data_i", p), em_fmt(e, "wb%u_data_i", p));
		}
		for (p = 0; p < R; p++) {
			rg_conn(e, em_fmt(e, "r%u_en_i", p), em_fmt(e, "b%u_r%u_en", b, p));
			rg_conn(e, em_fmt(e, "r%u_addr_i", p), em_fmt(e, "b%u_r%u_addr", b, p));
			rg_conn(e, em_fmt(e, "r%u_data_o", p), em_fmt(e, "b%u_r%u_data", b, p));
		}
		rg_conn_end(e);
	}

	em_blank(e);
	em_open(e, "rf_xbar u_xbar (");
	for (b = 0; b < B; b++)
		for (p = 0; p < R; p++)
			rg_conn(e, em_fmt(e, "b%u_r%u_data_i", b, p), em_fmt(e, "b%u_r%u_data", b, p));
	for (q = 0; q < c->d.nq; q++) {
		rg_conn(e, em_fmt(e, "q%u_sel_i", q), em_fmt(e, "cq%u_sel", q));
		rg_conn(e, em_fmt(e, "q%u_data_o", q), em_fmt(e, "xq%u_data", q));
	}
	rg_conn_end(e);

}

void rg_emit_rf_top(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned P = c->rf_write_ports, K = c->sm_schedulers, S = c->sm_operands, R = c->rf_read_ports;
	unsigned B = c->rf_banks, bw = c->d.bank_w, ew = c->d.entry_w, cb = c->stats_counter_bits;
	unsigned lw = fit_width(c), p, k, s, b, q, d, n;
	int rm = c->regmutex_enable == RFM_ON, paired = rm && c->regmutex_paired == RFM_ON;
	int vt = c->virtualization_enable == RFM_ON, nx = rm || vt; /* nx: per-source "not read" flags */
	int co = c->coalescing_enable == RFM_ON; /* coalescing: emit_top_coal.c replaces banks, arbiter, crossbar */
	(void)pt;

	em_blank(e);
	em_line(e, "// launch-fit arithmetic in %u bits", lw);
	if (!rm && !vt) {
		em_line(e, "localparam logic %s Banks   = %s;", em_rng(e, lw), em_lit(e, lw, B));
		em_line(e, "localparam logic %s Entries = %s;  // rows per bank", em_rng(e, lw), em_lit(e, lw, c->rf_entries));
	}
	em_line(e, "localparam logic %s Warps   = %s;  // warp slots", em_rng(e, lw), em_lit(e, lw, c->sm_warps));
	em_line(e, "localparam logic %s Regs    = %s;  // registers per thread, at most", em_rng(e, lw),
		em_lit(e, lw, c->sm_regs_per_thread));
	if (rm || vt)
		em_line(e, "localparam logic %s Packs   = %s;  // warp registers of the file", em_rng(e, lw),
			em_lit(e, lw, c->d.warp_regs));
	if (vt)
		em_line(e, "localparam logic %s Depth   = %s;  // renaming-table entries", em_rng(e, lw),
			em_lit(e, lw, c->d.rt_depth));
	em_blank(e);
	em_line(e, "// running kernel, launch result, access error");
	em_line(e, "logic %s kwarps_q, kwarps_d;", em_rng(e, c->d.nwarps_w));
	em_line(e, "logic %s kregs_q, kregs_d;", em_rng(e, c->d.nregs_w));
	em_line(e, "logic lerr_q, lerr_d, acc_q, acc_d, launch_fits;");
	em_line(e, "logic %s lw_x, lr_x, need_x;", em_rng(e, lw));
	if (rm) {
		em_line(e, "// RegMutex: the running kernel's sets (docs/regmutex.md)");
		em_line(e, "logic %s kext_q, kext_d, kbase_q, kbase_d;", em_rng(e, c->d.nregs_w));
		if (!paired)
			em_line(e, "logic %s ksrp_q, ksrp_d;", em_rng(e, c->d.pack_w + 1));
		em_line(e, "logic %s le_x, lb_x%s;", em_rng(e, lw), paired ? "" : ", ls_x, srp_x");
		em_line(e, "logic %s launch_base;", em_rng(e, c->d.nregs_w));
		if (!paired)
			em_line(e, "logic %s launch_srp;", em_rng(e, c->d.pack_w + 1));
		em_line(e, "logic xerr_q, xerr_d, srp_launch;");
		em_line(e, "logic %s srp_status;", em_rng(e, c->sm_warps));
		if (!paired)
			em_line(e, "logic %s srp_lut;", em_rng(e, c->sm_warps * c->d.warp_w));
		em_line(e, "logic %s srp_nacq, srp_nstall, srp_nfree;", em_rng(e, rfm_cntw(K + 1u)));
		em_line(e, "logic %s cnt_acquire_q, cnt_acquire_d, cnt_acq_stall_q, cnt_acq_stall_d, cnt_release_q, "
			   "cnt_release_d;", em_rng(e, cb));
	}
	if (vt) {
		em_line(e, "// virtualization: the running kernel's renamed and exempt registers (docs/virtualization.md)");
		em_line(e, "logic %s kren_q, kren_d, kexm_q, kexm_d;", em_rng(e, c->d.nregs_w));
		em_line(e, "logic %s le_x, lren_x;", em_rng(e, lw));
		em_line(e, "logic %s launch_ren;", em_rng(e, c->d.nregs_w));
		em_line(e, "logic vt_launch, unm_q, unm_d;");
		em_line(e, "logic %s cnt_alloc_q, cnt_alloc_d, cnt_free_q, cnt_free_d, cnt_rt_conflict_q, cnt_rt_conflict_d, "
			   "cnt_unmapped_q, cnt_unmapped_d;", em_rng(e, cb));
	}
	for (n = 0; n < RFM_CNT_N; n++)
		em_line(e, "logic %s cnt_%s_q, cnt_%s_d;", em_rng(e, cb), rfm_cnt_names[n], rfm_cnt_names[n]);
	em_line(e, "// write-back locations");
	for (p = 0; p < P; p++) {
		em_line(e, "logic %s wb%u_bank;", em_rng(e, bw), p);
		em_line(e, "logic %s wb%u_row;", em_rng(e, ew), p);
		em_line(e, "logic wb%u_err, wb%u_ok;", p, p);
		if (rm)
			em_line(e, "logic wb%u_xerr;", p);
	}
	em_line(e, "// source-operand locations");
	for (k = 0; k < K; k++)
		for (s = 0; s < S; s++) {
			em_line(e, "logic %s iss%u_s%u_bank;", em_rng(e, bw), k, s);
			em_line(e, "logic %s iss%u_s%u_row;", em_rng(e, ew), k, s);
			em_line(e, "logic iss%u_s%u_err;", k, s);
			if (nx)
				em_line(e, "logic iss%u_s%u_xerr;  // %s", k, s,
					rm ? "an extended register without a set" : "a renamed register without a mapping");
		}
	em_line(e, "// collectors <-> arbiter <-> banks <-> crossbar");
	em_line(e, "logic %s busy;", em_rng(e, c->sm_collectors));
	for (q = 0; q < c->d.nq && !co; q++) {
		em_line(e, "logic cq%u_req, aq%u_gnt;", q, q);
		em_line(e, "logic %s cq%u_bank;", em_rng(e, bw), q);
		em_line(e, "logic %s cq%u_entry;", em_rng(e, ew), q);
		em_line(e, "logic %s aq%u_port;", em_rng(e, c->d.rport_w), q);
		em_line(e, "logic %s cq%u_sel;", em_rng(e, c->d.src_w), q);
		em_line(e, "logic %s xq%u_data;", em_rng(e, c->d.wreg_bits), q);
	}
	for (b = 0; b < B && !co; b++) {
		for (p = 0; p < P; p++)
			em_line(e, "logic b%u_w%u_en;", b, p);
		for (p = 0; p < R; p++) {
			em_line(e, "logic b%u_r%u_en;", b, p);
			em_line(e, "logic %s b%u_r%u_addr;", em_rng(e, ew), b, p);
			em_line(e, "logic %s b%u_r%u_data;", em_rng(e, c->d.wreg_bits), b, p);
		}
	}
	em_line(e, "logic %s nconf, nwconf;", em_rng(e, c->d.nq_cnt_w));

	em_blank(e);
	em_line(e, "// kernel launch: refused (state kept, launch_err_o set) unless it fits%s",
		rm ? " (docs/regmutex.md)" : vt ? " (docs/virtualization.md)" : " the layout");
	em_line(e, "assign lw_x = %u'(launch_warps_i);", lw);
	em_line(e, "assign lr_x = %u'(launch_regs_i);", lw);
	if (rm) {
		em_line(e, "assign le_x = %u'(launch_ext_i);", lw);
		em_line(e, "assign lb_x = lr_x - le_x;  // base set (meaningful when Es < regs)");
		if (paired) {
			em_line(e, "assign need_x = ((lw_x + %s) >> 1) * (lb_x + lb_x + le_x);  // ceil(warps / 2) pairs",
				em_lit(e, lw, 1));
			em_line(e, "assign launch_fits = (lw_x != '0) & (lw_x <= Warps) & (lr_x != '0) & (lr_x <= Regs) & "
				   "(le_x < lr_x) & (need_x <= Packs);");
		} else {
			em_line(e, "assign ls_x = %u'(launch_sections_i);", lw);
			em_line(e, "assign srp_x = lw_x * lb_x;  // SRP_offset");
			em_line(e, "assign need_x = srp_x + ls_x * le_x;");
			em_line(e, "assign launch_fits = (lw_x != '0) & (lw_x <= Warps) & (lr_x != '0) & (lr_x <= Regs) & "
				   "(le_x < lr_x) &");
			em_line(e, "                     ((le_x == '0) ? (ls_x == '0) : ((ls_x != '0) & (ls_x <= Warps))) & "
				   "(need_x <= Packs);");
		}
		em_line(e, "assign srp_launch = launch_valid_i & launch_fits;");
		em_line(e, "assign launch_base = %s;", rg_part(e, "lb_x", lw, c->d.nregs_w - 1, 0));
		if (!paired)
			em_line(e, "assign launch_srp = %s;", rg_part(e, "srp_x", lw, c->d.pack_w, 0));
	} else if (vt) {
		em_line(e, "assign le_x = %u'(launch_exempt_i);", lw);
		em_line(e, "assign need_x = lw_x * lr_x;  // every register has a physical one");
		em_line(e, "assign lren_x = lw_x * (lr_x - le_x);  // renamed registers: one table entry each");
		em_line(e, "assign launch_fits = (lw_x != '0) & (lw_x <= Warps) & (lr_x != '0) & (lr_x <= Regs) & "
			   "(le_x <= lr_x) &");
		em_line(e, "                     (need_x <= Packs) & (lren_x <= Depth);");
		em_line(e, "assign vt_launch = launch_valid_i & launch_fits;");
		em_line(e, "assign launch_ren = launch_regs_i - launch_exempt_i;");
	} else {
		if (c->mapping_layout == RFM_LAYOUT_WID)
			em_line(e, "assign need_x = ((lw_x + Banks - %s) / Banks) * lr_x;  // rows: ceil(warps / Banks) * regs",
				em_lit(e, lw, 1));
		else
			em_line(e, "assign need_x = lw_x * ((lr_x + Banks - %s) / Banks);  // rows: warps * ceil(regs / Banks)",
				em_lit(e, lw, 1));
		em_line(e, "assign launch_fits = (lw_x != '0) & (lw_x <= Warps) & (lr_x != '0) & (lr_x <= Regs) & (need_x <= Entries);");
	}
	em_open(e, "always_comb begin");
	em_line(e, "kwarps_d = kwarps_q;");
	em_line(e, "kregs_d = kregs_q;");
	em_line(e, "lerr_d = lerr_q;");
	if (rm) {
		em_line(e, "kext_d = kext_q;");
		em_line(e, "kbase_d = kbase_q;");
		if (!paired)
			em_line(e, "ksrp_d = ksrp_q;");
	}
	if (vt) {
		em_line(e, "kren_d = kren_q;");
		em_line(e, "kexm_d = kexm_q;");
	}
	em_open(e, "if (launch_valid_i) begin");
	em_open(e, "if (launch_fits) begin");
	em_line(e, "kwarps_d = launch_warps_i;");
	em_line(e, "kregs_d = launch_regs_i;");
	em_line(e, "lerr_d = 1'b0;");
	if (rm) {
		em_line(e, "kext_d = launch_ext_i;");
		em_line(e, "kbase_d = launch_base;");
		if (!paired)
			em_line(e, "ksrp_d = launch_srp;");
	}
	if (vt) {
		em_line(e, "kren_d = launch_ren;");
		em_line(e, "kexm_d = launch_exempt_i;");
	}
	em_close(e, "end else begin");
	e->ind++;
	em_line(e, "lerr_d = 1'b1;");
	em_close(e, "end");
	em_close(e, "end");
	em_close(e, "end");
	em_line(e, "assign launch_err_o = lerr_q;");

	if (rm)
		emit_regmutex_blocks(e, c);
	else if (vt)
		emit_virt_blocks(e, c, lw);
	else
		emit_maps(e, c);
	if (co) { /* coalescing: rf_coal_collector and its control (emit_top_coal.c) */
		rg_emit_top_coal(e, c);
		goto status;
	}
	em_blank(e);
	em_line(e, "// operand collectors: a source outside the kernel is not read (delivered as zero)");
	em_open(e, "rf_collector u_collector (");
	rg_conn(e, "clk_i", "clk_i");
	rg_conn(e, "rst_ni", "rst_ni");
	for (k = 0; k < K; k++) {
		rg_conn(e, em_fmt(e, "iss%u_valid_i", k), vt ? em_fmt(e, "iss%u_valid_i & g%u_served", k, k) : em_fmt(e, "iss%u_valid_i", k));
		rg_conn(e, em_fmt(e, "iss%u_ready_o", k), vt ? em_fmt(e, "iss%u_cready", k) : em_fmt(e, "iss%u_ready_o", k));
		rg_conn(e, em_fmt(e, "iss%u_tag_i", k), vt ? em_fmt(e, "iss%u_ctag", k) : em_fmt(e, "iss%u_tag_i", k));
		rg_conn(e, em_fmt(e, "iss%u_warp_i", k), em_fmt(e, "iss%u_warp_i", k));
		for (s = 0; s < S; s++) {
			rg_conn(e, em_fmt(e, "iss%u_src%u_valid_i", k, s),
				nx ? em_fmt(e, "iss%u_src%u_valid_i & ~iss%u_s%u_err & ~iss%u_s%u_xerr", k, s, k, s, k, s)
				   : em_fmt(e, "iss%u_src%u_valid_i & ~iss%u_s%u_err", k, s, k, s));
			rg_conn(e, em_fmt(e, "iss%u_src%u_bank_i", k, s), em_fmt(e, "iss%u_s%u_bank", k, s));
			rg_conn(e, em_fmt(e, "iss%u_src%u_entry_i", k, s), em_fmt(e, "iss%u_s%u_row", k, s));
		}
	}
	for (q = 0; q < c->d.nq; q++) {
		rg_conn(e, em_fmt(e, "q%u_req_o", q), em_fmt(e, "cq%u_req", q));
		rg_conn(e, em_fmt(e, "q%u_bank_o", q), em_fmt(e, "cq%u_bank", q));
		rg_conn(e, em_fmt(e, "q%u_entry_o", q), em_fmt(e, "cq%u_entry", q));
	}
	for (q = 0; q < c->d.nq; q++) {
		rg_conn(e, em_fmt(e, "q%u_gnt_i", q), em_fmt(e, "aq%u_gnt", q));
		rg_conn(e, em_fmt(e, "q%u_port_i", q), em_fmt(e, "aq%u_port", q));
	}
	for (q = 0; q < c->d.nq; q++) {
		rg_conn(e, em_fmt(e, "q%u_sel_o", q), em_fmt(e, "cq%u_sel", q));
		rg_conn(e, em_fmt(e, "q%u_data_i", q), em_fmt(e, "xq%u_data", q));
	}
	for (d = 0; d < K; d++) {
		rg_conn(e, em_fmt(e, "dsp%u_valid_o", d), em_fmt(e, "dsp%u_valid_o", d));
		rg_conn(e, em_fmt(e, "dsp%u_tag_o", d), vt ? em_fmt(e, "dsp%u_ctag", d) : em_fmt(e, "dsp%u_tag_o", d));
		rg_conn(e, em_fmt(e, "dsp%u_warp_o", d), em_fmt(e, "dsp%u_warp_o", d));
		for (s = 0; s < S; s++)
			rg_conn(e, em_fmt(e, "dsp%u_op%u_o", d, s), em_fmt(e, "dsp%u_op%u_o", d, s));
	}
	rg_conn(e, "busy_o", "busy");
	rg_conn_end(e);

	emit_baseline_file(e, c);

status:
	em_blank(e);
	em_line(e, "// status");
	em_line(e, "assign idle_o = ~|busy;");
	em_line(e, "assign acc_err_o = acc_q;");
	em_raw(e, "%*sassign acc_d = 1'b0", (int)(2 * e->ind), "");
	for (p = 0; p < P; p++)
		em_raw(e, "\n%*s| (wb%u_valid_i & wb%u_err)", (int)(2 * e->ind + 4), "", p, p);
	for (k = 0; k < K; k++)
		for (s = 0; s < S; s++)
			em_raw(e, "\n%*s| (iss%u_valid_i & iss%u_ready_o & iss%u_src%u_valid_i & iss%u_s%u_err)",
			       (int)(2 * e->ind + 4), "", k, k, k, s, k, s);
	em_raw(e, ";\n");
	if (vt) {
		em_line(e, "assign unm_o = unm_q;");
		em_raw(e, "%*sassign unm_d = 1'b0", (int)(2 * e->ind), "");
		for (k = 0; k < K; k++)
			for (s = 0; s < S; s++)
				em_raw(e, "\n%*s| (iss%u_valid_i & iss%u_ready_o & iss%u_src%u_valid_i & iss%u_s%u_xerr)",
				       (int)(2 * e->ind + 4), "", k, k, k, s, k, s);
		em_raw(e, ";\n");
	}
	if (rm) {
		em_line(e, "assign xerr_o = xerr_q;");
		em_raw(e, "%*sassign xerr_d = 1'b0", (int)(2 * e->ind), "");
		for (p = 0; p < P; p++)
			em_raw(e, "\n%*s| (wb%u_valid_i & wb%u_xerr)", (int)(2 * e->ind + 4), "", p, p);
		for (k = 0; k < K; k++)
			for (s = 0; s < S; s++)
				em_raw(e, "\n%*s| (iss%u_valid_i & iss%u_ready_o & iss%u_src%u_valid_i & iss%u_s%u_xerr)",
				       (int)(2 * e->ind + 4), "", k, k, k, s, k, s);
		em_raw(e, ";\n");
	}

	em_blank(e);
	em_line(e, "// event counters (wrap around)");
	em_line(e, "assign cnt_conflict_d = cnt_conflict_q + %u'(nconf);", cb);
	em_line(e, "assign cnt_wconflict_d = cnt_wconflict_q + %u'(nwconf);", cb);
	for (k = 0; k < K; k++) {
		em_line(e, "logic iss%u_stall;", k);
		em_line(e, "assign iss%u_stall = iss%u_valid_i & ~iss%u_ready_o;", k, k, k);
	}
	em_raw(e, "%*sassign cnt_stall_d = cnt_stall_q", (int)(2 * e->ind), "");
	for (k = 0; k < K; k++)
		em_raw(e, " + %u'(iss%u_stall)", cb, k);
	em_raw(e, ";\n");
	em_raw(e, "%*sassign cnt_read_d = cnt_read_q", (int)(2 * e->ind), "");
	for (q = 0; q < c->d.nq; q++)
		em_raw(e, " + %u'(aq%u_gnt)", cb, q);
	em_raw(e, ";\n");
	em_raw(e, "%*sassign cnt_write_d = cnt_write_q", (int)(2 * e->ind), "");
	for (p = 0; p < P; p++)
		em_raw(e, co ? " + %u'(wb%u_gnt)" : " + %u'(wb%u_ok)", cb, p);
	em_raw(e, ";\n");
	em_raw(e, "%*sassign cnt_dispatch_d = cnt_dispatch_q", (int)(2 * e->ind), "");
	for (d = 0; d < K; d++)
		em_raw(e, " + %u'(dsp%u_valid_o)", cb, d);
	em_raw(e, ";\n");
	for (n = 0; n < RFM_CNT_N; n++)
		em_line(e, "assign cnt_%s_o = cnt_%s_q;", rfm_cnt_names[n], rfm_cnt_names[n]);
	if (rm) {
		em_line(e, "assign cnt_acquire_d = cnt_acquire_q + %u'(srp_nacq);", cb);
		em_line(e, "assign cnt_acq_stall_d = cnt_acq_stall_q + %u'(srp_nstall);", cb);
		em_line(e, "assign cnt_release_d = cnt_release_q + %u'(srp_nfree);", cb);
		em_line(e, "assign cnt_acquire_o = cnt_acquire_q;");
		em_line(e, "assign cnt_acq_stall_o = cnt_acq_stall_q;");
		em_line(e, "assign cnt_release_o = cnt_release_q;");
		rg_unused(e, "launch_x", paired ? em_fmt(e, "lb_x[%u:%u]", lw - 1, c->d.nregs_w)
						: em_fmt(e, "lb_x[%u:%u], srp_x[%u:%u]", lw - 1, c->d.nregs_w, lw - 1, c->d.pack_w + 1));
	}
	if (vt) {
		em_raw(e, "%*sassign cnt_alloc_d = cnt_alloc_q", (int)(2 * e->ind), "");
		for (p = 0; p < P; p++)
			em_raw(e, " + %u'(a%u_gnt)", cb, p);
		em_raw(e, ";\n");
		em_line(e, "assign cnt_free_d = cnt_free_q + %u'(fb_nfree);", cb);
		em_raw(e, "%*sassign cnt_rt_conflict_d = cnt_rt_conflict_q", (int)(2 * e->ind), "");
		for (k = 0; k < K; k++)
			em_raw(e, " + %u'(g%u_conflict)", cb, k);
		em_raw(e, ";\n");
		em_raw(e, "%*sassign cnt_unmapped_d = cnt_unmapped_q", (int)(2 * e->ind), "");
		for (k = 0; k < K; k++)
			for (s = 0; s < S; s++)
				em_raw(e, "\n%*s+ %u'(iss%u_s%u_unmread)", (int)(2 * e->ind + 4), "", cb, k, s);
		em_raw(e, ";\n");
		em_line(e, "assign cnt_alloc_o = cnt_alloc_q;");
		em_line(e, "assign cnt_free_o = cnt_free_q;");
		em_line(e, "assign cnt_rt_conflict_o = cnt_rt_conflict_q;");
		em_line(e, "assign cnt_unmapped_o = cnt_unmapped_q;");
	}

	em_blank(e);
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	em_line(e, "kwarps_q <= '0;");
	em_line(e, "kregs_q <= '0;");
	em_line(e, "lerr_q <= 1'b0;");
	em_line(e, "acc_q <= 1'b0;");
	for (n = 0; n < RFM_CNT_N; n++)
		em_line(e, "cnt_%s_q <= '0;", rfm_cnt_names[n]);
	if (rm) {
		em_line(e, "kext_q <= '0;");
		em_line(e, "kbase_q <= '0;");
		if (!paired)
			em_line(e, "ksrp_q <= '0;");
		em_line(e, "xerr_q <= 1'b0;");
		em_line(e, "cnt_acquire_q <= '0;");
		em_line(e, "cnt_acq_stall_q <= '0;");
		em_line(e, "cnt_release_q <= '0;");
	}
	if (vt) {
		em_line(e, "kren_q <= '0;");
		em_line(e, "kexm_q <= '0;");
		em_line(e, "unm_q <= 1'b0;");
		em_line(e, "cnt_alloc_q <= '0;");
		em_line(e, "cnt_free_q <= '0;");
		em_line(e, "cnt_rt_conflict_q <= '0;");
		em_line(e, "cnt_unmapped_q <= '0;");
	}
	em_close(e, "end else begin");
	e->ind++;
	em_line(e, "kwarps_q <= kwarps_d;");
	em_line(e, "kregs_q <= kregs_d;");
	em_line(e, "lerr_q <= lerr_d;");
	em_line(e, "acc_q <= acc_d;");
	for (n = 0; n < RFM_CNT_N; n++)
		em_line(e, "cnt_%s_q <= cnt_%s_d;", rfm_cnt_names[n], rfm_cnt_names[n]);
	if (rm) {
		em_line(e, "kext_q <= kext_d;");
		em_line(e, "kbase_q <= kbase_d;");
		if (!paired)
			em_line(e, "ksrp_q <= ksrp_d;");
		em_line(e, "xerr_q <= xerr_d;");
		em_line(e, "cnt_acquire_q <= cnt_acquire_d;");
		em_line(e, "cnt_acq_stall_q <= cnt_acq_stall_d;");
		em_line(e, "cnt_release_q <= cnt_release_d;");
	}
	if (vt) {
		em_line(e, "kren_q <= kren_d;");
		em_line(e, "kexm_q <= kexm_d;");
		em_line(e, "unm_q <= unm_d;");
		em_line(e, "cnt_alloc_q <= cnt_alloc_d;");
		em_line(e, "cnt_free_q <= cnt_free_d;");
		em_line(e, "cnt_rt_conflict_q <= cnt_rt_conflict_d;");
		em_line(e, "cnt_unmapped_q <= cnt_unmapped_d;");
	}
	em_close(e, "end");
	em_close(e, "end");
}
