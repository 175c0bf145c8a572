/* emit_coal_datapath.c - bodies of the coalescing-aware register file's data path: rf_coal_sram,
 * rf_dual_bank, rf_subbank_xbar and rf_coal_collector (docs/coalescing.md; models:
 * cmodel/coalescing/coal_sram.c, cmodel/coalescing/coal_datapath.c).
 * Combinational logic is written with assign only (no always_comb), so slice and bit selects
 * stay out of processes (Icarus).
 */
#include "rg.h"

#define NSB 4 /* sub-banks of a bank = bytes of a lane = collector write slices */

/* Slice k (8 * lanes bits) of a 32 * lanes-bit TI signal. */
static const char *slice(em_t *e, const char *sig, unsigned lanes, unsigned k)
{
	return rg_part(e, sig, 32 * lanes, 8 * lanes * (k + 1) - 1, 8 * lanes * k);
}

void rg_emit_rf_coal_sram(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned W = c->rf_lanes, t;
	(void)pt;
	em_blank(e);
	em_line(e, "localparam int Entries = %u;  // rows", c->rf_entries);
	em_line(e, "localparam int Lanes   = %u;  // bytes per row", W);
	em_blank(e);
	em_line(e, "// One 1-D array, not reset, so synthesis can map it to RAM (the ASIC flow keeps it as an SRAM");
	em_line(e, "// macro where rf_sram is one); one access per cycle: a byte-masked write or a read.");
	if (c->target_kind == RFM_TARGET_ICE40)
		em_line(e, "(* ram_style = \"block\" *)");
	em_line(e, "logic [Lanes*8-1:0] mem_q [0:Entries-1];");
	em_line(e, "logic [Lanes*8-1:0] rdata_q;  // output register: holds the last row read");
	em_open(e, "always_ff @(posedge clk_i) begin");
	em_open(e, "if (en_i & we_i) begin");
	for (t = 0; t < W; t++)
		em_line(e, "if (bwe_i[%u]) mem_q[addr_i][%u:%u] <= wdata_i[%u:%u];", t, 8 * t + 7, 8 * t, 8 * t + 7, 8 * t);
	em_close(e, "end");
	em_close(e, "end");
	em_open(e, "always_ff @(posedge clk_i) begin");
	em_line(e, "if (en_i & ~we_i) rdata_q <= mem_q[addr_i];");
	em_close(e, "end");
	em_line(e, "assign rdata_o = rdata_q;");
}

void rg_emit_rf_dual_bank(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned W = c->rf_lanes, ew = c->d.entry_w, k;
	(void)pt;
	em_blank(e);
	em_line(e, "localparam int Lanes = %u;  // bytes per sub-bank row: sub-bank k holds byte k of every lane", W);
	em_blank(e);
	em_line(e, "// Sub-bank selection: the left request drives sub-bank k when its mask holds k, else the right");
	em_line(e, "// request when its mask holds k, else sub-bank k is idle (no access: the power saving). The");
	em_line(e, "// arbiter keeps the two masks disjoint; if they overlap, the left request wins.");
	em_line(e, "logic [3:0] lsel, rsel, acc, wr, rd;");
	em_line(e, "logic [3:0] rvalid_q;");
	em_line(e, "assign lsel = {4{lr_en_i}} & lr_pmask_i;");
	em_line(e, "assign rsel = {4{rr_en_i}} & rr_pmask_i & ~lsel;");
	em_line(e, "assign acc  = lsel | rsel;");
	em_line(e, "assign wr   = (lsel & {4{lr_we_i}}) | (rsel & {4{rr_we_i}});");
	em_line(e, "assign rd   = acc & ~wr;");
	for (k = 0; k < NSB; k++) {
		em_blank(e);
		em_line(e, "// Sub-bank %u: an rf_coal_sram with the selected request's row, data slice and byte enables", k);
		em_line(e, "logic %s sb%u_row;", em_rng(e, ew), k);
		em_line(e, "logic [Lanes*8-1:0] sb%u_wdata, sb%u_rdata;", k, k);
		em_line(e, "logic [Lanes-1:0] sb%u_bwe;", k);
		em_line(e, "assign sb%u_row   = lsel[%u] ? lr_row_i : rr_row_i;", k, k);
		em_line(e, "assign sb%u_wdata = lsel[%u] ? %s : %s;", k, k, slice(e, "lr_wdata_i", W, k), slice(e, "rr_wdata_i", W, k));
		em_line(e, "assign sb%u_bwe   = lsel[%u] ? %s : %s;", k, k,
			rg_part(e, "lr_bwe_i", NSB * W, W * (k + 1) - 1, W * k), rg_part(e, "rr_bwe_i", NSB * W, W * (k + 1) - 1, W * k));
		em_open(e, "rf_coal_sram u_sb%u (", k);
		em_line(e, ".clk_i   (clk_i),");
		em_line(e, ".en_i    (acc[%u]),", k);
		em_line(e, ".we_i    (wr[%u]),", k);
		em_line(e, ".addr_i  (sb%u_row),", k);
		em_line(e, ".bwe_i   (sb%u_bwe),", k);
		em_line(e, ".wdata_i (sb%u_wdata),", k);
		em_line(e, ".rdata_o (sb%u_rdata)", k);
		em_close(e, ");");
	}
	em_blank(e);
	em_line(e, "// Read data: synchronous, one cycle after the read; a sub-bank not read keeps its output.");
	em_line(e, "assign rdata_o  = {sb3_rdata, sb2_rdata, sb1_rdata, sb0_rdata};");
	em_line(e, "assign rvalid_o = rvalid_q;");
	em_line(e, "assign acc_o    = acc;");
	em_blank(e);
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	em_line(e, "rvalid_q <= '0;");
	em_reopen(e, "end else begin");
	em_line(e, "rvalid_q <= rd;");
	em_close(e, "end");
	em_close(e, "end");
}

void rg_emit_rf_subbank_xbar(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned W = c->rf_lanes, NB = c->rf_banks, bw = c->d.bank_w, j, k, i;
	(void)pt;
	em_blank(e);
	em_line(e, "localparam int Banks = %u;  // banks: inputs of every crossbar", NB);
	em_line(e, "localparam int Lanes = %u;  // bytes per slice", W);
	em_blank(e);
	em_line(e, "// Crossbar k (k = 0..3) carries sub-bank k of every bank to slice k of every collector: slice k of");
	em_line(e, "// collector j is slice k of bank oc<j>_sel_bank_i[%u*k +: %u] when oc<j>_sel_valid_i[k], else 0.", bw, bw);
	em_line(e, "// One AND-OR multiplexer per (collector, slice); a slice never takes another slice position.");
	for (j = 0; j < c->sm_collectors; j++) {
		em_blank(e);
		em_line(e, "// collector %u", j);
		for (k = 0; k < NSB; k++)
			em_line(e, "logic [Banks-1:0] oc%u_s%u_hit;  // bit i: bank i feeds slice %u", j, k, k);
		for (k = 0; k < NSB; k++) {
			const char *sel = rg_part(e, em_fmt(e, "oc%u_sel_bank_i", j), NSB * bw, bw * (k + 1) - 1, bw * k);
			em_part(e, "assign oc%u_s%u_hit = {%u{oc%u_sel_valid_i[%u]}} & {", j, k, NB, j, k);
			for (i = NB; i-- > 0;)
				em_part(e, "%s == %s%s", sel, em_lit(e, bw, i), i ? ", " : "");
			em_part(e, "};\n");
		}
		for (k = 0; k < NSB; k++) {
			em_part(e, "assign %s =", slice(e, em_fmt(e, "oc%u_wdata_o", j), W, k));
			for (i = 0; i < NB; i++)
				em_part(e, "%s ({Lanes*8{%s}} & %s)", i ? " |" : "",
				       rg_bit(e, em_fmt(e, "oc%u_s%u_hit", j, k), NB, i), slice(e, em_fmt(e, "bank%u_rdata_i", i), W, k));
			em_part(e, ";\n");
		}
		em_line(e, "assign oc%u_wen_o = oc%u_sel_valid_i;", j, j);
	}
}

void rg_emit_rf_coal_collector(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned W = c->rf_lanes, O = c->sm_operands, ow = rfm_clog2(O), j, o, k, t;
	(void)pt;
	em_blank(e);
	em_line(e, "localparam int Lanes = %u;  // bytes per slice", W);
	em_blank(e);
	em_line(e, "// %u collectors of %u operands. Per collector: busy. Per operand: {valid, odd, enc, sign}", c->sm_collectors, O);
	em_line(e, "// captured at allocation, the slices written since allocation (got), and a buffer of four");
	em_line(e, "// %u-bit slices in the banks' format (TI, physical alignment: an odd register's slices are", 8 * W);
	em_line(e, "// reversed). Buffers are not reset.");
	for (j = 0; j < c->sm_collectors; j++) {
		em_blank(e);
		em_line(e, "// ---- collector %u", j);
		em_line(e, "logic c%u_busy_q, c%u_busy_d;", j, j);
		for (o = 0; o < O; o++) {
			const char *p = em_fmt(e, "c%u_o%u", j, o);
			char q[32];
			snprintf(q, sizeof(q), "%s", p);
			em_line(e, "logic %s_valid_q, %s_valid_d, %s_odd_q, %s_odd_d, %s_sign_q, %s_sign_d;", q, q, q, q, q, q);
			em_line(e, "logic [1:0] %s_enc_q, %s_enc_d;", q, q);
			em_line(e, "logic [3:0] %s_got_q, %s_got_d, %s_we, %s_lmask, %s_pmask;", q, q, q, q, q);
			em_line(e, "logic [Lanes*8-1:0] %s_b0_q, %s_b1_q, %s_b2_q, %s_b3_q;  // buffer slices", q, q, q, q);
			em_line(e, "logic [Lanes*8-1:0] %s_l0, %s_l1, %s_l2, %s_l3;  // logical slices (unswapped)", q, q, q, q);
			em_line(e, "logic [Lanes*8-1:0] %s_x1, %s_x2, %s_x3;  // logical slices 1..3 after the sign fill", q, q, q);
		}
		em_blank(e);
		em_line(e, "// busy from allocation to free; an allocation in the freeing cycle wins");
		em_line(e, "assign c%u_busy_d = alloc%u_valid_i | (c%u_busy_q & ~free%u_i);", j, j, j, j);
		em_line(e, "assign oc%u_busy_o = c%u_busy_q;", j, j);
		for (o = 0; o < O; o++) {
			char q[32];
			snprintf(q, sizeof(q), "c%u_o%u", j, o);
			em_blank(e);
			em_line(e, "// operand %u: port Pk writes slice k when wr%u_s<k>_op_i names it and it is allocated", o, j);
			em_part(e, "assign %s_we = wr%u_en_i & {", q, j);
			for (k = NSB; k-- > 0;)
				em_part(e, "wr%u_s%u_op_i == %s%s", j, k, em_lit(e, ow, o), k ? ", " : "");
			em_part(e, "} & {4{%s_valid_q}};\n", q);
			em_line(e, "// allocation captures the operand and clears its written slices; free drops it");
			em_line(e, "assign %s_valid_d = alloc%u_valid_i ? alloc%u_op%u_valid_i : %s_valid_q & ~free%u_i;", q, j, j, o, q, j);
			em_line(e, "assign %s_odd_d   = alloc%u_valid_i ? alloc%u_op%u_odd_i : %s_odd_q;", q, j, j, o, q);
			em_line(e, "assign %s_enc_d   = alloc%u_valid_i ? alloc%u_op%u_enc_i : %s_enc_q;", q, j, j, o, q);
			em_line(e, "assign %s_sign_d  = alloc%u_valid_i ? alloc%u_op%u_sign_i : %s_sign_q;", q, j, j, o, q);
			em_line(e, "assign %s_got_d   = alloc%u_valid_i ? 4'b0000 : %s_got_q | %s_we;", q, j, q, q);
			em_line(e, "// ready: every slice of the physical mask written (logical mask {enc} -> 0001/0011/0111/1111,");
			em_line(e, "// reversed for an odd register)");
			em_line(e, "assign %s_lmask = {%s_enc_q == 2'd3, %s_enc_q >= 2'd2, %s_enc_q != 2'd0, 1'b1};", q, q, q, q);
			em_line(e, "assign %s_pmask = %s_odd_q ? {%s_lmask[0], %s_lmask[1], %s_lmask[2], %s_lmask[3]} : %s_lmask;", q, q, q,
				q, q, q, q);
			em_line(e, "assign oc%u_op%u_ready_o = %s_valid_q & ((%s_got_q & %s_pmask) == %s_pmask);", j, o, q, q, q, q);
			em_line(e, "// dispatch: unswap (an odd register's logical slice k is buffer slice 3-k), then logical");
			em_line(e, "// slices above the width code become the sign fill, then TI -> BI wiring");
			for (k = 0; k < NSB; k++)
				em_line(e, "assign %s_l%u = %s_odd_q ? %s_b%u_q : %s_b%u_q;", q, k, q, q, NSB - 1 - k, q, k);
			em_line(e, "assign %s_x1 = %s_enc_q >= 2'd1 ? %s_l1 : {Lanes*8{%s_sign_q}};", q, q, q, q);
			em_line(e, "assign %s_x2 = %s_enc_q >= 2'd2 ? %s_l2 : {Lanes*8{%s_sign_q}};", q, q, q, q);
			em_line(e, "assign %s_x3 = %s_enc_q == 2'd3 ? %s_l3 : {Lanes*8{%s_sign_q}};", q, q, q, q);
			for (t = 0; t < W; t++)
				em_line(e, "assign oc%u_op%u_data_o[%u:%u] = {%s_x3[%u:%u], %s_x2[%u:%u], %s_x1[%u:%u], %s_l0[%u:%u]};", j, o,
					32 * t + 31, 32 * t, q, 8 * t + 7, 8 * t, q, 8 * t + 7, 8 * t, q, 8 * t + 7, 8 * t, q, 8 * t + 7,
					8 * t);
			em_line(e, "// buffer slices: written through their own enables, never reset");
			em_open(e, "always_ff @(posedge clk_i) begin");
			for (k = 0; k < NSB; k++)
				em_line(e, "if (%s_we[%u]) %s_b%u_q <= %s;", q, k, q, k, slice(e, em_fmt(e, "wr%u_data_i", j), W, k));
			em_close(e, "end");
		}
	}
	em_blank(e);
	em_line(e, "// control state");
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	for (j = 0; j < c->sm_collectors; j++) {
		em_line(e, "c%u_busy_q <= 1'b0;", j);
		for (o = 0; o < O; o++) {
			em_line(e, "c%u_o%u_valid_q <= 1'b0;", j, o);
			em_line(e, "c%u_o%u_odd_q <= 1'b0;", j, o);
			em_line(e, "c%u_o%u_enc_q <= 2'b00;", j, o);
			em_line(e, "c%u_o%u_sign_q <= 1'b0;", j, o);
			em_line(e, "c%u_o%u_got_q <= 4'b0000;", j, o);
		}
	}
	em_reopen(e, "end else begin");
	for (j = 0; j < c->sm_collectors; j++) {
		em_line(e, "c%u_busy_q <= c%u_busy_d;", j, j);
		for (o = 0; o < O; o++) {
			em_line(e, "c%u_o%u_valid_q <= c%u_o%u_valid_d;", j, o, j, o);
			em_line(e, "c%u_o%u_odd_q <= c%u_o%u_odd_d;", j, o, j, o);
			em_line(e, "c%u_o%u_enc_q <= c%u_o%u_enc_d;", j, o, j, o);
			em_line(e, "c%u_o%u_sign_q <= c%u_o%u_sign_d;", j, o, j, o);
			em_line(e, "c%u_o%u_got_q <= c%u_o%u_got_d;", j, o, j, o);
		}
	}
	em_close(e, "end");
	em_close(e, "end");
}
