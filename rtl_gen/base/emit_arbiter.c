/* emit_arbiter.c - body of rf_bank_arbiter (docs/semantics.md, "Bank arbitration";
 * model: cmodel/base/arbiter.c). Also the round-robin picker shared with the collector's dispatch. */
#include "rg.h"

/* Concatenation {fmt(n-1), ..., fmt(0)} of a per-index expression; fmt takes one %u twice at most. */
static void concat(em_t *e, const char *lhs, unsigned n, const char *fmt)
{
	unsigned i;
	em_part(e, "assign %s = {", lhs);
	for (i = n; i-- > 0;) {
		em_part(e, fmt, i, i);
		em_part(e, "%s", i ? ", " : "");
	}
	em_part(e, "};\n");
}

/* `ptr <= i` for every i as a vector; a comparison that is always true is written as 1'b1. */
void rg_ge_vector(em_t *e, const char *lhs, const char *ptr, unsigned n, unsigned w)
{
	unsigned i;
	em_part(e, "assign %s = {", lhs);
	for (i = n; i-- > 0;) {
		if ((unsigned long long)i >= (1ull << w) - 1)
			em_part(e, "1'b1");
		else
			em_part(e, "(%s <= %u'd%u)", ptr, w, i);
		em_part(e, "%s", i ? ", " : "");
	}
	em_part(e, "};\n");
}

/*
 * Round-robin pick (cmodel rfm_rr_pick): prefix_sel / prefix_any from prefix_cand and prefix_hi
 * (= cand masked to indices at or after the pointer): the lowest set bit of hi if any, else of
 * cand. Written as two descending if-chains, the later assignment winning.
 */
static void lowest(em_t *e, const char *prefix, const char *vec, unsigned n, unsigned w)
{
	unsigned i;
	em_part(e, "(");
	for (i = 0; i + 1 < n; i++)
		em_part(e, "%s_%s[%u] ? %u'd%u : ", prefix, vec, i, w, i);
	em_part(e, "%u'd%u)", w, n - 1);
}

void rg_rr_pick(em_t *e, const char *prefix, unsigned n, unsigned w)
{
	em_line(e, "assign %s_any = |%s_cand;", prefix, prefix);
	em_line(e, "assign %s_sel = (|%s_hi) ?", prefix, prefix);
	lowest(e, prefix, "hi", n, w);
	em_part(e, " :\n");
	lowest(e, prefix, "cand", n, w);
	em_part(e, ";\n");
	em_line(e, "assign %s_oh = %s_any ? (%u'(1) << %s_sel) : '0;", prefix, prefix, n, prefix);
}

/* Sum of the bits of an n-bit vector, as a w-bit expression. */
void rg_popcount(em_t *e, const char *lhs, const char *vec, unsigned n, unsigned w)
{
	unsigned i;
	em_part(e, "assign %s = ", lhs);
	for (i = 0; i < n; i++)
		em_part(e, "%s%u'(%s)", i ? " + " : "", w, rg_bit(e, vec, n, i));
	em_part(e, ";\n");
}

void rg_emit_rf_bank_arbiter(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned n = c->d.nq, qw = c->d.q_w, b, p, q, R = c->rf_read_ports;
	char name[64];
	(void)pt;
	em_blank(e);
	em_line(e, "localparam int NumReq = %u;  // requester q = collector * %u + operand; %u banks", n,
		c->sm_operands, c->rf_banks);
	em_blank(e);
	em_line(e, "logic [NumReq-1:0] req, blk, gnt, lost, wlost;");
	if (R > 1)
		em_line(e, "logic %s gnt_p1;  // granted on read port 1", em_rng(e, n));
	for (b = 0; b < c->rf_banks; b++) {
		em_line(e, "logic %s b%u_mine, b%u_ge;  // requests for bank %u; requesters at or after the pointer",
			em_rng(e, n), b, b, b);
		em_line(e, "logic %s b%u_ptr_q, b%u_ptr_d, b%u_last;", em_rng(e, qw), b, b, b);
		for (p = 0; p < R; p++) {
			em_line(e, "logic %s b%u_p%u_cand, b%u_p%u_hi, b%u_p%u_oh;", em_rng(e, n), b, p, b, p, b, p);
			em_line(e, "logic %s b%u_p%u_sel;", em_rng(e, qw), b, p);
			em_line(e, "logic b%u_p%u_any;", b, p);
		}
	}
	em_blank(e);
	concat(e, "req", n, "q%u_req_i");
	em_blank(e);
	em_line(e, "// writes win: a write-back blocks the reads of its %s this cycle",
		c->rf_write_conflict == RFM_WCONF_BANK ? "bank" : "bank row");
	em_part(e, "assign blk = {");
	for (q = n; q-- > 0;) {
		em_part(e, " ");
		for (p = 0; p < c->rf_write_ports; p++) {
			if (c->rf_write_conflict == RFM_WCONF_BANK)
				em_part(e, "%s(w%u_en_i & (w%u_bank_i == q%u_bank_i))", p ? " | " : "", p, p, q);
			else
				em_part(e, "%s(w%u_en_i & (w%u_bank_i == q%u_bank_i) & (w%u_entry_i == q%u_entry_i))",
				       p ? " | " : "", p, p, q, p, q);
		}
		em_part(e, "%s", q ? "," : "");
	}
	em_part(e, " };\n");
	for (b = 0; b < c->rf_banks; b++) {
		em_blank(e);
		em_line(e, "// bank %u: read ports in order, each the next requester in round-robin order", b);
		snprintf(name, sizeof(name), "b%u_mine", b);
		concat(e, name, n, em_fmt(e, "(q%%u_bank_i == %s)", em_lit(e, c->d.bank_w, b)));
		snprintf(name, sizeof(name), "b%u_ge", b);
		rg_ge_vector(e, name, em_fmt(e, "b%u_ptr_q", b), n, qw);
		for (p = 0; p < R; p++) {
			if (!p)
				em_line(e, "assign b%u_p0_cand = req & ~blk & b%u_mine;", b, b);
			else
				em_line(e, "assign b%u_p%u_cand = b%u_p%u_cand & ~b%u_p%u_oh;", b, p, b, p - 1, b, p - 1);
			em_line(e, "assign b%u_p%u_hi = b%u_p%u_cand & b%u_ge;", b, p, b, p, b);
			snprintf(name, sizeof(name), "b%u_p%u", b, p);
			rg_rr_pick(e, name, n, qw);
			em_line(e, "assign b%u_r%u_en_o = b%u_p%u_any;", b, p, b, p);
			em_open(e, "always_comb begin");
			em_line(e, "b%u_r%u_addr_o = '0;", b, p);
			em_open(e, "if (b%u_p%u_any) begin", b, p);
			em_open(e, "case (b%u_p%u_sel)", b, p);
			for (q = 0; q < n; q++)
				em_line(e, "%s: b%u_r%u_addr_o = q%u_entry_i;", em_lit(e, qw, q), b, p, q);
			em_line(e, "default: b%u_r%u_addr_o = '0;", b, p);
			em_close(e, "endcase");
			em_close(e, "end");
			em_close(e, "end");
		}
		if (R > 1)
			em_line(e, "assign b%u_last = b%u_p1_any ? b%u_p1_sel : b%u_p0_sel;", b, b, b, b);
		else
			em_line(e, "assign b%u_last = b%u_p0_sel;", b, b);
		em_line(e, "assign b%u_ptr_d = !b%u_p0_any ? b%u_ptr_q : (b%u_last == %s) ? '0 : b%u_last + %s;", b, b,
			b, b, em_lit(e, qw, n - 1), b, em_lit(e, qw, 1));
	}
	em_blank(e);
	em_part(e, "assign gnt = ");
	for (b = 0; b < c->rf_banks; b++)
		for (p = 0; p < R; p++)
			em_part(e, "%sb%u_p%u_oh", b || p ? " | " : "", b, p);
	em_part(e, ";\n");
	if (R > 1) {
		em_part(e, "assign gnt_p1 = ");
		for (b = 0; b < c->rf_banks; b++)
			em_part(e, "%sb%u_p1_oh", b ? " | " : "", b);
		em_part(e, ";\n");
	}
	for (q = 0; q < n; q++) {
		em_line(e, "assign q%u_gnt_o = %s;", q, rg_bit(e, "gnt", n, q));
		if (R > 1)
			em_line(e, "assign q%u_port_o = %s;", q, rg_bit(e, "gnt_p1", n, q));
		else
			em_line(e, "assign q%u_port_o = 1'b0;", q);
	}
	em_blank(e);
	em_line(e, "// requests denied this cycle: by a write-back, or by other reads");
	em_line(e, "assign wlost = req & blk;");
	em_line(e, "assign lost = req & ~blk & ~gnt;");
	rg_popcount(e, "nwconf_o", "wlost", n, c->d.nq_cnt_w);
	rg_popcount(e, "nconf_o", "lost", n, c->d.nq_cnt_w);
	em_blank(e);
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	for (b = 0; b < c->rf_banks; b++)
		em_line(e, "b%u_ptr_q <= '0;", b);
	em_reopen(e, "end else begin");
	for (b = 0; b < c->rf_banks; b++)
		em_line(e, "b%u_ptr_q <= b%u_ptr_d;", b, b);
	em_close(e, "end");
	em_close(e, "end");
	if (c->rf_write_conflict == RFM_WCONF_BANK) {
		em_blank(e);
		rg_unused_n(e, "write_rows", c->rf_write_ports, "w%u_entry_i");
	}
}
