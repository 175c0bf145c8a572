/* emit_collector.c - body of rf_collector (docs/semantics.md, "Operand collectors";
 * model: cmodel/base/collector.c). */
#include "rg.h"


/* The dispatch ports (docs/semantics.md, "Dispatch"): port d takes the d-th ready unit (vector rdy)
 * in round-robin order from dptr_q; disp, dlast and dptr_d; the dispatch multiplexers. Unit cu's
 * tag and warp are <unit><cu>_tag_q and <unit><cu>_warp_q; operand q's value is <op><q><op_sfx>.
 * tag: the name (one %u, the port) the dispatched tag drives. */
static void emit_dispatch(em_t *e, const rfm_cfg_t *c, const char *unit, const char *op, const char *op_sfx,
			  const char *tag)
{
	unsigned C = c->sm_collectors, K = c->sm_schedulers, S = c->sm_operands, cw = rfm_clog2(C), d, s, cu;

	em_blank(e);
	em_line(e, "// dispatch: port d takes the d-th ready unit in round-robin order from the pointer");
	rg_ge_vector(e, "dispatch_ge", "dptr_q", C, cw);
	for (d = 0; d < K; d++) {
		if (!d)
			em_line(e, "assign dsp0_cand = rdy;");
		else
			em_line(e, "assign dsp%u_cand = dsp%u_cand & ~dsp%u_oh;", d, d - 1, d - 1);
		em_line(e, "assign dsp%u_hi = dsp%u_cand & dispatch_ge;", d, d);
		rg_rr_pick(e, em_fmt(e, "dsp%u", d), C, cw);
	}
	em_part(e, "assign disp = ");
	for (d = 0; d < K; d++)
		em_part(e, "%sdsp%u_oh", d ? " | " : "", d);
	em_part(e, ";\n");
	em_open(e, "always_comb begin");
	em_line(e, "dlast = dsp0_sel;");
	for (d = 1; d < K; d++)
		em_line(e, "if (dsp%u_any) dlast = dsp%u_sel;", d, d);
	em_close(e, "end");
	em_line(e, "assign dptr_d = !dsp0_any ? dptr_q : (dlast == %s) ? '0 : dlast + %s;", em_lit(e, cw, C - 1),
		em_lit(e, cw, 1));
	for (d = 0; d < K; d++) {
		em_line(e, "assign dsp%u_valid_o = dsp%u_any;", d, d);
		em_open(e, "always_comb begin");
		em_line(e, "%s = '0;", em_fmt(e, tag, d));
		em_line(e, "dsp%u_warp_o = '0;", d);
		for (s = 0; s < S; s++)
			em_line(e, "dsp%u_op%u_o = '0;", d, s);
		em_open(e, "if (dsp%u_any) begin", d);
		em_open(e, "case (dsp%u_sel)", d);
		for (cu = 0; cu < C; cu++) {
			em_open(e, "%s: begin", em_lit(e, cw, cu));
			em_line(e, "%s = %s%u_tag_q;", em_fmt(e, tag, d), unit, cu);
			em_line(e, "dsp%u_warp_o = %s%u_warp_q;", d, unit, cu);
			for (s = 0; s < S; s++)
				em_line(e, "dsp%u_op%u_o = %s%u%s;", d, s, op, cu * S + s, op_sfx);
			em_close(e, "end");
		}
		em_line(e, "default: %s = '0;", em_fmt(e, tag, d));
		em_close(e, "endcase");
		em_close(e, "end");
		em_close(e, "end");
	}
}

/* rf_collector's registers: unit and slot state (reset), operand values (not reset). */
static void collector_flops(em_t *e, const rfm_cfg_t *c)
{
	unsigned C = c->sm_collectors, R = c->rf_read_ports, ext = c->d.coll_ext_ops, cu, q;
	em_blank(e);
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	em_line(e, "dptr_q <= '0;");
	for (cu = 0; cu < C; cu++) {
		em_line(e, "u%u_busy_q <= 1'b0;", cu);
		em_line(e, "u%u_tag_q <= '0;", cu);
		em_line(e, "u%u_warp_q <= '0;", cu);
	}
	for (q = 0; q < c->d.nq; q++) {
		em_line(e, "q%u_pend_q <= 1'b0;", q);
		em_line(e, "q%u_fly_q <= 1'b0;", q);
		em_line(e, "q%u_bank_q <= '0;", q);
		em_line(e, "q%u_entry_q <= '0;", q);
		if (R > 1)
			em_line(e, "q%u_port_q <= 1'b0;", q);
	}
	em_reopen(e, "end else begin");
	em_line(e, "dptr_q <= dptr_d;");
	for (cu = 0; cu < C; cu++) {
		em_line(e, "u%u_busy_q <= u%u_busy_d;", cu, cu);
		em_line(e, "u%u_tag_q <= u%u_tag_d;", cu, cu);
		em_line(e, "u%u_warp_q <= u%u_warp_d;", cu, cu);
	}
	for (q = 0; q < c->d.nq; q++) {
		em_line(e, "q%u_pend_q <= q%u_pend_d;", q, q);
		em_line(e, "q%u_fly_q <= q%u_fly_d;", q, q);
		em_line(e, "q%u_bank_q <= q%u_bank_d;", q, q);
		em_line(e, "q%u_entry_q <= q%u_entry_d;", q, q);
		if (R > 1)
			em_line(e, "q%u_port_q <= q%u_port_d;", q, q);
	}
	em_close(e, "end");
	em_close(e, "end");
	if (!ext) {
		em_blank(e);
		em_line(e, "// operand values: data registers, not reset");
		em_open(e, "always_ff @(posedge clk_i) begin");
		for (q = 0; q < c->d.nq; q++)
			em_line(e, "q%u_data_q <= q%u_data_d;", q, q);
		em_close(e, "end");
	}
}

/* Invariants 1-3 of docs/semantics.md, "Collector invariants", written from the unit and slot
 * state rather than from rdy and the picks they check: a unit dispatches only holding an
 * instruction whose every operand has arrived; an issue fills one free unit at most, and two
 * issue ports never fill the same one; the dispatch ports pick different units. */
static void collector_asserts(em_t *e, const rfm_cfg_t *c)
{
	unsigned C = c->sm_collectors, S = c->sm_operands, K = c->sm_schedulers, cu, s, k, j;
	em_str_t x = {0};
	rg_assert_begin(e, "collector invariants 1-3");
	em_line(e, "logic %s col_full;  // unit holds an instruction with every operand arrived", em_rng(e, C));
	em_line(e, "logic col_take_ok, col_disp_ok;");
	em_part(e, "assign col_full = {");
	for (cu = C; cu-- > 0;) {
		em_part(e, "u%u_busy_q", cu);
		for (s = 0; s < S; s++)
			em_part(e, " & ~q%u_pend_q", cu * S + s);
		em_part(e, "%s", cu ? ", " : "};\n");
	}
	for (k = 0; k < K; k++) {
		em_add(&x, " & ", "((iss%u_take & (iss%u_take - %u'(1))) == '0) & ((iss%u_take & busy) == '0)", k, k, C, k);
		for (j = 0; j < k; j++)
			em_add(&x, " & ", "((iss%u_take & iss%u_take) == '0)", j, k);
	}
	em_line(e, "assign col_take_ok = %s;", em_str(&x));
	em_str_free(&x);
	for (k = 0; k < K; k++) {
		em_add(&x, " & ", "((dsp%u_oh & (dsp%u_oh - %u'(1))) == '0)", k, k, C);
		for (j = 0; j < k; j++)
			em_add(&x, " & ", "((dsp%u_oh & dsp%u_oh) == '0)", j, k);
	}
	em_line(e, "assign col_disp_ok = %s;", em_str(&x));
	em_str_free(&x);
	rg_assert(e, "(disp & ~col_full) == '0", "rf_collector", "invariant 1", "docs/semantics.md, Collector invariants",
		  "a unit dispatches before every operand arrived");
	rg_assert(e, "col_take_ok", "rf_collector", "invariant 2", "docs/semantics.md, Collector invariants",
		  "an issue fills a busy, shared or second unit");
	rg_assert(e, "col_disp_ok", "rf_collector", "invariant 3", "docs/semantics.md, Collector invariants",
		  "two dispatch ports pick one unit");
	rg_assert_end(e);
}

/* rf_collector's dispatch, read requests, unit state and operand values. With external operands
 * (c->d.coll_ext_ops) no values: dispatch routes q<i>_op_i, and the choices are outputs. */
static void collector_tail(em_t *e, const rfm_cfg_t *c)
{
	unsigned C = c->sm_collectors, S = c->sm_operands, K = c->sm_schedulers, R = c->rf_read_ports;
	unsigned ext = c->d.coll_ext_ops, cu, s, k, q;
	emit_dispatch(e, c, "u", "q", ext ? "_op_i" : "_data_q", "dsp%u_tag_o");
	if (ext) {
		em_blank(e);
		em_line(e, "// external operands: their buffer follows the issue and dispatch choices");
		for (k = 0; k < K; k++)
			em_line(e, "assign iss%u_take_o = iss%u_take;", k, k);
		em_line(e, "assign disp_o = disp;");
	}

	em_blank(e);
	em_line(e, "// read requests; the crossbar source is the granted bank and port");
	for (q = 0; q < c->d.nq; q++) {
		em_line(e, "assign q%u_req_o = u%u_busy_q & q%u_pend_q & ~q%u_fly_q;", q, q / S, q, q);
		em_line(e, "assign q%u_bank_o = q%u_bank_q;", q, q);
		em_line(e, "assign q%u_entry_o = q%u_entry_q;", q, q);
		if (ext)
			continue;
		if (R > 1)
			em_line(e, "assign q%u_sel_o = %u'({q%u_bank_q, q%u_port_q});", q, c->d.src_w, q, q);
		else if (c->d.src_w != c->d.bank_w)
			em_line(e, "assign q%u_sel_o = %u'(q%u_bank_q);", q, c->d.src_w, q);
		else
			em_line(e, "assign q%u_sel_o = q%u_bank_q;", q, q);
	}

	for (cu = 0; cu < C; cu++) {
		em_blank(e);
		em_line(e, "// unit %u: dispatch frees it; an issue fills it; else operands are read", cu);
		em_line(e, "logic u%u_disp;", cu);
		em_line(e, "assign u%u_disp = %s;", cu, rg_bit(e, "disp", C, cu));
		for (k = 0; k < K; k++) {
			em_line(e, "logic u%u_take%u;", cu, k);
			em_line(e, "assign u%u_take%u = %s;", cu, k, rg_bit(e, em_fmt(e, "iss%u_take", k), C, cu));
		}
		em_open(e, "always_comb begin");
		em_line(e, "u%u_busy_d = u%u_busy_q;", cu, cu);
		em_line(e, "u%u_tag_d = u%u_tag_q;", cu, cu);
		em_line(e, "u%u_warp_d = u%u_warp_q;", cu, cu);
		for (s = 0; s < S; s++) {
			q = cu * S + s;
			em_line(e, "q%u_pend_d = q%u_pend_q;", q, q);
			em_line(e, "q%u_fly_d = q%u_fly_q;", q, q);
			em_line(e, "q%u_bank_d = q%u_bank_q;", q, q);
			em_line(e, "q%u_entry_d = q%u_entry_q;", q, q);
			if (R > 1)
				em_line(e, "q%u_port_d = q%u_port_q;", q, q);
			if (!ext)
				em_line(e, "q%u_data_d = q%u_data_q;", q, q);
		}
		em_open(e, "if (u%u_disp) begin", cu);
		em_line(e, "u%u_busy_d = 1'b0;", cu);
		for (s = 0; s < S; s++) {
			em_line(e, "q%u_pend_d = 1'b0;", cu * S + s);
			em_line(e, "q%u_fly_d = 1'b0;", cu * S + s);
		}
		em_part(e, "end else if (");
		for (k = 0; k < K; k++)
			em_part(e, "%su%u_take%u", k ? " | " : "", cu, k);
		em_part(e, ") begin\n");
		em_line(e, "u%u_busy_d = 1'b1;", cu);
		for (s = 0; s < S; s++) {
			q = cu * S + s;
			em_line(e, "q%u_fly_d = 1'b0;", q);
			if (R > 1)
				em_line(e, "q%u_port_d = 1'b0;", q);
			if (!ext)
				em_line(e, "q%u_data_d = '0;", q);
		}
		for (k = 0; k < K; k++) {
			em_open(e, "if (u%u_take%u) begin", cu, k);
			em_line(e, "u%u_tag_d = iss%u_tag_i;", cu, k);
			em_line(e, "u%u_warp_d = iss%u_warp_i;", cu, k);
			for (s = 0; s < S; s++) {
				q = cu * S + s;
				em_line(e, "q%u_pend_d = iss%u_src%u_valid_i;", q, k, s);
				em_line(e, "q%u_bank_d = iss%u_src%u_bank_i;", q, k, s);
				em_line(e, "q%u_entry_d = iss%u_src%u_entry_i;", q, k, s);
			}
			em_close(e, "end");
		}
		em_reopen(e, "end else begin");
		for (s = 0; s < S; s++) {
			q = cu * S + s;
			em_open(e, "if (q%u_fly_q) begin", q);
			if (!ext)
				em_line(e, "q%u_data_d = q%u_data_i;", q, q);
			em_line(e, "q%u_pend_d = 1'b0;", q);
			em_line(e, "q%u_fly_d = 1'b0;", q);
			em_reopen(e, "end else if (q%u_gnt_i & u%u_busy_q & q%u_pend_q) begin", q, cu, q);
			em_line(e, "q%u_fly_d = 1'b1;", q);
			if (R > 1)
				em_line(e, "q%u_port_d = q%u_port_i;", q, q);
			em_close(e, "end");
		}
		em_close(e, "end");
		em_close(e, "end");
	}

	collector_flops(e, c);
	if (R == 1) {
		em_blank(e);
		rg_unused_n(e, "ports", c->d.nq, "q%u_port_i");
	}
	collector_asserts(e, c);
}

void rg_emit_rf_collector(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned C = c->sm_collectors, S = c->sm_operands, K = c->sm_schedulers, R = c->rf_read_ports;
	unsigned cw = c->d.cu_w, W = c->d.wreg_bits, cu, s, k, d, q;
	(void)pt;
	em_blank(e);
	em_line(e, "localparam int Units    = %u;  // collector units", C);
	em_line(e, "// %u operand slots per unit; slot q = unit * %u + operand", S, S);
	em_blank(e);
	em_line(e, "// unit state");
	for (cu = 0; cu < C; cu++) {
		em_line(e, "logic u%u_busy_q, u%u_busy_d;", cu, cu);
		em_line(e, "logic %s u%u_tag_q, u%u_tag_d;", em_rng(e, c->d.ctag_w), cu, cu);
		em_line(e, "logic %s u%u_warp_q, u%u_warp_d;", em_rng(e, c->d.warp_w), cu, cu);
	}
	em_line(e, "// operand-slot state: still to read, read in flight, location, port, value");
	for (q = 0; q < c->d.nq; q++) {
		em_line(e, "logic q%u_pend_q, q%u_pend_d, q%u_fly_q, q%u_fly_d;", q, q, q, q);
		em_line(e, "logic %s q%u_bank_q, q%u_bank_d;", em_rng(e, c->d.bank_w), q, q);
		em_line(e, "logic %s q%u_entry_q, q%u_entry_d;", em_rng(e, c->d.entry_w), q, q);
		if (R > 1)
			em_line(e, "logic q%u_port_q, q%u_port_d;", q, q);
		if (!c->d.coll_ext_ops)
			em_line(e, "logic %s q%u_data_q, q%u_data_d;", em_rng(e, W), q, q);
	}
	em_line(e, "logic %s busy, rdy, disp, dispatch_ge;", em_rng(e, C));
	em_line(e, "logic %s dptr_q, dptr_d, dlast;", em_rng(e, cw));
	for (k = 0; k < K; k++) {
		em_line(e, "logic %s iss%u_cand, iss%u_hi, iss%u_oh, iss%u_take;", em_rng(e, C), k, k, k, k);
		em_line(e, "logic %s iss%u_sel;", em_rng(e, cw), k);
		em_line(e, "logic iss%u_any;", k);
	}
	for (d = 0; d < K; d++) {
		em_line(e, "logic %s dsp%u_cand, dsp%u_hi, dsp%u_oh;", em_rng(e, C), d, d, d);
		em_line(e, "logic %s dsp%u_sel;", em_rng(e, cw), d);
		em_line(e, "logic dsp%u_any;", d);
	}

	em_blank(e);
	em_line(e, "// status: busy units, and units whose operands are all present");
	em_part(e, "assign busy = {");
	for (cu = C; cu-- > 0;)
		em_part(e, "u%u_busy_q%s", cu, cu ? ", " : "");
	em_part(e, "};\n");
	em_part(e, "assign rdy = {");
	for (cu = C; cu-- > 0;) {
		em_part(e, "u%u_busy_q & ~(", cu);
		for (s = 0; s < S; s++)
			em_part(e, "%sq%u_pend_q", s ? " | " : "", cu * S + s);
		em_part(e, ")%s", cu ? ", " : "");
	}
	em_part(e, "};\n");
	em_line(e, "assign busy_o = busy;");

	em_blank(e);
	em_line(e, "// issue: port k takes the k-th lowest free unit; ready does not depend on valid");
	for (k = 0; k < K; k++) {
		if (!k)
			em_line(e, "assign iss0_cand = ~busy;");
		else
			em_line(e, "assign iss%u_cand = iss%u_cand & ~iss%u_oh;", k, k - 1, k - 1);
		em_line(e, "assign iss%u_hi = iss%u_cand;", k, k);
		rg_rr_pick(e, em_fmt(e, "iss%u", k), C, cw);
		em_line(e, "assign iss%u_ready_o = iss%u_any;", k, k);
		em_line(e, "assign iss%u_take = iss%u_oh & {Units{iss%u_valid_i}};", k, k, k);
	}

	collector_tail(e, c);
}
