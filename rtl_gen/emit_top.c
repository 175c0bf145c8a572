/* emit_top.c - body of rf_top: the blocks composed with the mapping, the launch state and the
 * counters (docs/semantics.md, "rf_top"; model: cmodel/top.c). */
#include <string.h>

#include "../cmodel/rfm_models.h"
#include "rg.h"

/* Width of the launch-fit arithmetic. */
static unsigned fit_width(const rfm_cfg_t *c)
{
	unsigned w = c->d.nwarps_w + c->d.nregs_w, ew = rfm_cntw(c->rf_entries);
	return (ew > w ? ew : w) + 1;
}

void rg_emit_rf_top(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned P = c->rf_write_ports, K = c->sm_schedulers, S = c->sm_operands, R = c->rf_read_ports;
	unsigned B = c->rf_banks, bw = c->d.bank_w, ew = c->d.entry_w, cb = c->stats_counter_bits;
	unsigned lw = fit_width(c), p, k, s, b, q, d, n;
	(void)pt;

	em_blank(e);
	em_line(e, "// launch-fit arithmetic in %u bits", lw);
	em_line(e, "localparam logic %s Banks   = %s;", em_rng(e, lw), em_lit(e, lw, B));
	em_line(e, "localparam logic %s Entries = %s;  // rows per bank", em_rng(e, lw), em_lit(e, lw, c->rf_entries));
	em_line(e, "localparam logic %s Warps   = %s;  // warp slots", em_rng(e, lw), em_lit(e, lw, c->sm_warps));
	em_line(e, "localparam logic %s Regs    = %s;  // registers per thread, at most", em_rng(e, lw),
		em_lit(e, lw, c->sm_regs_per_thread));
	em_blank(e);
	em_line(e, "// running kernel, launch result, access error");
	em_line(e, "logic %s kwarps_q, kwarps_d;", em_rng(e, c->d.nwarps_w));
	em_line(e, "logic %s kregs_q, kregs_d;", em_rng(e, c->d.nregs_w));
	em_line(e, "logic lerr_q, lerr_d, acc_q, acc_d, launch_fits;");
	em_line(e, "logic %s lw_x, lr_x, need_x;", em_rng(e, lw));
	for (n = 0; n < RFM_CNT_N; n++)
		em_line(e, "logic %s cnt_%s_q, cnt_%s_d;", em_rng(e, cb), rfm_cnt_names[n], rfm_cnt_names[n]);
	em_line(e, "// write-back locations");
	for (p = 0; p < P; p++) {
		em_line(e, "logic %s wb%u_bank;", em_rng(e, bw), p);
		em_line(e, "logic %s wb%u_row;", em_rng(e, ew), p);
		em_line(e, "logic wb%u_err, wb%u_ok;", p, p);
	}
	em_line(e, "// source-operand locations");
	for (k = 0; k < K; k++)
		for (s = 0; s < S; s++) {
			em_line(e, "logic %s iss%u_s%u_bank;", em_rng(e, bw), k, s);
			em_line(e, "logic %s iss%u_s%u_row;", em_rng(e, ew), k, s);
			em_line(e, "logic iss%u_s%u_err;", k, s);
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
	em_line(e, "// kernel launch: refused (state kept, launch_err_o set) unless it fits the layout");
	em_line(e, "assign lw_x = %u'(launch_warps_i);", lw);
	em_line(e, "assign lr_x = %u'(launch_regs_i);", lw);
	if (c->mapping_layout == RFM_LAYOUT_WID)
		em_line(e, "assign need_x = ((lw_x + Banks - %s) / Banks) * lr_x;  // rows: ceil(warps / Banks) * regs",
			em_lit(e, lw, 1));
	else
		em_line(e, "assign need_x = lw_x * ((lr_x + Banks - %s) / Banks);  // rows: warps * ceil(regs / Banks)",
			em_lit(e, lw, 1));
	em_line(e, "assign launch_fits = (lw_x != '0) & (lw_x <= Warps) & (lr_x != '0) & (lr_x <= Regs) & (need_x <= Entries);");
	em_open(e, "always_comb begin");
	em_line(e, "kwarps_d = kwarps_q;");
	em_line(e, "kregs_d = kregs_q;");
	em_line(e, "lerr_d = lerr_q;");
	em_open(e, "if (launch_valid_i) begin");
	em_open(e, "if (launch_fits) begin");
	em_line(e, "kwarps_d = launch_warps_i;");
	em_line(e, "kregs_d = launch_regs_i;");
	em_line(e, "lerr_d = 1'b0;");
	em_close(e, "end else begin");
	e->ind++;
	em_line(e, "lerr_d = 1'b1;");
	em_close(e, "end");
	em_close(e, "end");
	em_close(e, "end");
	em_line(e, "assign launch_err_o = lerr_q;");

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
			rg_conn(e, em_fmt(e, "iss%u_src%u_valid_i", k, s), em_fmt(e, "iss%u_src%u_valid_i & ~iss%u_s%u_err", k, s, k, s));
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

	em_blank(e);
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	em_line(e, "kwarps_q <= '0;");
	em_line(e, "kregs_q <= '0;");
	em_line(e, "lerr_q <= 1'b0;");
	em_line(e, "acc_q <= 1'b0;");
	for (n = 0; n < RFM_CNT_N; n++)
		em_line(e, "cnt_%s_q <= '0;", rfm_cnt_names[n]);
	em_close(e, "end else begin");
	e->ind++;
	em_line(e, "kwarps_q <= kwarps_d;");
	em_line(e, "kregs_q <= kregs_d;");
	em_line(e, "lerr_q <= lerr_d;");
	em_line(e, "acc_q <= acc_d;");
	for (n = 0; n < RFM_CNT_N; n++)
		em_line(e, "cnt_%s_q <= cnt_%s_d;", rfm_cnt_names[n], rfm_cnt_names[n]);
	em_close(e, "end");
	em_close(e, "end");
}
