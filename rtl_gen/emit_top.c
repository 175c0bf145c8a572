/* emit_top.c - body of rf_top: the blocks composed with the mapping, the launch state and the
 * counters (docs/semantics.md, "rf_top"; model: cmodel/top.c). */
#include <string.h>

#include "../cmodel/rfm_models.h"
#include "rg.h"

/* Width of the launch-fit arithmetic. */
static unsigned fit_width(const rfm_cfg_t *c)
{
	unsigned w = c->d.nwarps_w + c->d.nregs_w, ew = rfm_cntw(c->rf_entries);
	if (c->regmutex_enable == RFM_ON) { /* warps * Bs + sections * Es, or pairs * (2 Bs + Es) */
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

void rg_emit_rf_top(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned P = c->rf_write_ports, K = c->sm_schedulers, S = c->sm_operands, R = c->rf_read_ports;
	unsigned B = c->rf_banks, bw = c->d.bank_w, ew = c->d.entry_w, cb = c->stats_counter_bits;
	unsigned lw = fit_width(c), p, k, s, b, q, d, n;
	int rm = c->regmutex_enable == RFM_ON, paired = rm && c->regmutex_paired == RFM_ON;
	(void)pt;

	em_blank(e);
	em_line(e, "// launch-fit arithmetic in %u bits", lw);
	if (!rm) {
		em_line(e, "localparam logic %s Banks   = %s;", em_rng(e, lw), em_lit(e, lw, B));
		em_line(e, "localparam logic %s Entries = %s;  // rows per bank", em_rng(e, lw), em_lit(e, lw, c->rf_entries));
	}
	em_line(e, "localparam logic %s Warps   = %s;  // warp slots", em_rng(e, lw), em_lit(e, lw, c->sm_warps));
	em_line(e, "localparam logic %s Regs    = %s;  // registers per thread, at most", em_rng(e, lw),
		em_lit(e, lw, c->sm_regs_per_thread));
	if (rm)
		em_line(e, "localparam logic %s Packs   = %s;  // warp registers of the file", em_rng(e, lw),
			em_lit(e, lw, c->d.warp_regs));
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
			if (rm)
				em_line(e, "logic iss%u_s%u_xerr;", k, s);
		}
	em_line(e, "// collectors <-> arbiter <-> banks <-> crossbar");
	em_line(e, "logic %s busy;", em_rng(e, c->sm_collectors));
	for (q = 0; q < c->d.nq; q++) {
		em_line(e, "logic cq%u_req, aq%u_gnt;", q, q);
		em_line(e, "logic %s cq%u_bank;", em_rng(e, bw), q);
		em_line(e, "logic %s cq%u_entry;", em_rng(e, ew), q);
		em_line(e, "logic %s aq%u_port;", em_rng(e, c->d.rport_w), q);
		em_line(e, "logic %s cq%u_sel;", em_rng(e, c->d.src_w), q);
		em_line(e, "logic %s xq%u_data;", em_rng(e, c->d.wreg_bits), q);
	}
	for (b = 0; b < B; b++) {
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
	em_line(e, "// kernel launch: refused (state kept, launch_err_o set) unless it fits%s", rm ? " (docs/regmutex.md)" : " the layout");
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
	em_close(e, "end else begin");
	e->ind++;
	em_line(e, "lerr_d = 1'b1;");
	em_close(e, "end");
	em_close(e, "end");
	em_close(e, "end");
	em_line(e, "assign launch_err_o = lerr_q;");

	if (rm)
		emit_regmutex_blocks(e, c);
	else
		emit_maps(e, c);
	em_blank(e);
	em_line(e, "// operand collectors: a source outside the kernel is not read (delivered as zero)");
	em_open(e, "rf_collector u_collector (");
	rg_conn(e, "clk_i", "clk_i");
	rg_conn(e, "rst_ni", "rst_ni");
	for (k = 0; k < K; k++) {
		rg_conn(e, em_fmt(e, "iss%u_valid_i", k), em_fmt(e, "iss%u_valid_i", k));
		rg_conn(e, em_fmt(e, "iss%u_ready_o", k), em_fmt(e, "iss%u_ready_o", k));
		rg_conn(e, em_fmt(e, "iss%u_tag_i", k), em_fmt(e, "iss%u_tag_i", k));
		rg_conn(e, em_fmt(e, "iss%u_warp_i", k), em_fmt(e, "iss%u_warp_i", k));
		for (s = 0; s < S; s++) {
			rg_conn(e, em_fmt(e, "iss%u_src%u_valid_i", k, s),
				rm ? em_fmt(e, "iss%u_src%u_valid_i & ~iss%u_s%u_err & ~iss%u_s%u_xerr", k, s, k, s, k, s)
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
		rg_conn(e, em_fmt(e, "dsp%u_tag_o", d), em_fmt(e, "dsp%u_tag_o", d));
		rg_conn(e, em_fmt(e, "dsp%u_warp_o", d), em_fmt(e, "dsp%u_warp_o", d));
		for (s = 0; s < S; s++)
			rg_conn(e, em_fmt(e, "dsp%u_op%u_o", d, s), em_fmt(e, "dsp%u_op%u_o", d, s));
	}
	rg_conn(e, "busy_o", "busy");
	rg_conn_end(e);

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
		em_raw(e, " + %u'(wb%u_ok)", cb, p);
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
	em_close(e, "end");
	em_close(e, "end");
}
