/* emit_top_coal.c - rf_top's coalescing register file ([coalescing] enable = on; model:
 * cmodel/coalescing/top_coal.c): rf_width_detect per write-back port, rf_mask_buffer, rf_coal_arbiter, one
 * rf_dual_bank per bank, rf_subbank_xbar, rf_coal_collector (operand buffers with four write
 * slices; unswap, sign fill and TI -> BI at dispatch) beside rf_collector with external operands
 * (issue allocation, pending operands, dispatch round robin); the coalescing counters. With
 * zero gating (in_lane and above): rf_zero_detect per write-back port, rf_zmask_buffer, and
 * rf_zero_read per operand; the granted reads' byte enables, registered, gate the bank's read data.
 * Called by rg_emit_rf_top in place of the baseline's rf_collector, rf_bank_arbiter, rf_bank and rf_xbar. */
#include <stdio.h>
#include <string.h>

#include "rfm_models.h"
#include "rfm_top_coal.h"
#include "rg_part.h"

static unsigned bits_for(unsigned n) /* bits to hold 0..n */
{
	unsigned w = 1;
	while ((1u << w) <= n)
		w++;
	return w;
}

/* Mask-buffer index of (bank, row): bank x entries + row, pack_w bits. */
static const char *pack_idx(em_t *e, const rfm_cfg_t *c, const char *bank, const char *row)
{
	unsigned pw = c->d.pack_w;
	if (c->rf_banks == 1)
		return em_fmt(e, "%u'(%s)", pw, row);
	return em_fmt(e, "%u'(%s) * %s + %u'(%s)", pw, bank, em_lit(e, pw, c->rf_entries), pw, row);
}

/* Byte-expanded TI vector: {{8{v[n-1]}}, ..., {8{v[0]}}} of an n-bit byte mask v. */
static void bytes8(em_str_t *x, const char *v, unsigned n)
{
	unsigned b;
	em_clear(x);
	for (b = n; b-- > 0;)
		em_add(x, ", ", "{8{%s[%u]}}", v, b);
}

/* TI byte mask of the sub-banks in a 4-bit mask pm: {{L{pm[3]}}, ..., {L{pm[0]}}}. */
static const char *sb_bytes(em_t *e, const char *pm, unsigned L)
{
	return em_fmt(e, "{{%u{%s[3]}}, {%u{%s[2]}}, {%u{%s[1]}}, {%u{%s[0]}}}", L, pm, L, pm, L, pm, L, pm);
}

/* TI zero-byte mask of a zero-mask entry (zm, r): byte (t, k) at bit L*k + t is zero when the
 * group's R-bit (the mode's in the static modes) is 1 and word 4g + k is, or it is 0 and lane t
 * is (rfm_tco_zbyte). */
static void zero_bytes(em_t *e, em_str_t *x, const rfm_cfg_t *c, const char *zm_in, const char *r_in)
{
	unsigned L = c->rf_lanes, G = L / 4, mode = c->coalescing_zero_gating, t, k;
	char zm[64], r[64]; /* copies: em_fmt's scratch strings rotate */
	snprintf(zm, sizeof(zm), "%s", zm_in);
	snprintf(r, sizeof(r), "%s", r_in);
	em_clear(x);
	for (k = 4; k-- > 0;)
		for (t = L; t-- > 0;) {
			unsigned g = t / 4;
			if (mode == RFM_ZG_IN_LANE)
				em_add(x, ", ", "%s[%u]", zm, t);
			else if (mode == RFM_ZG_CROSS_LANE)
				em_add(x, ", ", "%s[%u]", zm, 4 * g + k);
			else if (4 * g + k == t) /* both choices name the same word */
				em_add(x, ", ", "%s[%u]", zm, t);
			else
				em_add(x, ", ", "(%s ? %s[%u] : %s[%u])", rg_bit(e, r, G, g), zm, 4 * g + k, zm, t);
		}
}

/* A balanced sum of the bits lo..hi-1 of vec, each cast to w bits: an adder tree of depth
 * log2(hi - lo), not a chain (wide popcounts of the zero-gating counters). */
static void bal_sum(em_str_t *x, const char *vec, unsigned lo, unsigned hi, unsigned w)
{
	unsigned mid;
	if (hi - lo == 1) {
		em_add(x, NULL, "%u'(%s[%u])", w, vec, lo);
		return;
	}
	mid = lo + (hi - lo) / 2;
	em_add(x, NULL, "(");
	bal_sum(x, vec, lo, mid, w);
	em_add(x, NULL, " + ");
	bal_sum(x, vec, mid, hi, w);
	em_add(x, NULL, ")");
}

/* Issue lookup field fld of issue port k, source s: lookup field mfld, unless a write granted this
 * cycle goes to the same (bank, row): then that write's field wfld (the higher port last). */
static void fwd_chain(em_t *e, unsigned P, unsigned k, unsigned s, const char *fld, const char *wfld, const char *mfld)
{
	em_str_t y = {0};
	unsigned p;
	for (p = P; p-- > 0;)
		em_add(&y, " : ", "(wb%u_gnt & (wb%u_bank == iss%u_s%u_bank) & (wb%u_row == iss%u_s%u_row)) ? co_w%u_%s", p, p,
		       k, s, p, k, s, p, wfld);
	em_line(e, "assign co_i%u_%u_%s = %s : co_i%u_%u_%s;", k, s, fld, em_str(&y), k, s, mfld);
	em_str_free(&y);
}

/* The ports of a per-register buffer with issue lookups, old-value lookups and updates
 * (rf_mask_buffer, rf_zmask_buffer), after clk_i and rst_ni: lookup q = k * operands + s is
 * <lk>q_<idx>_i from co_i<k>_<s>_idx, its fields <lk>q_<fld>_o into co_i<k>_<s>_<look>; write port
 * p's old-value lookup o<p>_<idx>_i, o<p>_<fld>_o into co_w<p>_<old>; its update
 * <up><p>_valid_i = wb<p>_gnt, <up><p>_<idx>_i, <up><p>_<fld>_i from co_w<p>_<upd>. */
typedef struct buf_ports {
	const char *lk, *idx, *up, *fld[2], *look[2], *old[2], *upd[2];
} buf_ports_t;

static const buf_ports_t mask_buffer_ports = {
	"l", "idx", "u", {"sign", "enc"}, {"msign", "menc"}, {"osign", "oenc"}, {"fsign", "fenc"}};
static const buf_ports_t zmask_buffer_ports = {
	"i", "pack", "w", {"zm", "r"}, {"mzm", "mzr"}, {"ozm", "or"}, {"zm", "zr"}};

static void buffer_conns(em_t *e, const rfm_cfg_t *c, const buf_ports_t *b)
{
	unsigned K = c->sm_schedulers, S = c->sm_operands, P = c->rf_write_ports, k, s, p, f;
	rg_conn(e, "clk_i", "clk_i");
	rg_conn(e, "rst_ni", "rst_ni");
	for (k = 0; k < K; k++)
		for (s = 0; s < S; s++) {
			rg_conn(e, em_fmt(e, "%s%u_%s_i", b->lk, k * S + s, b->idx), em_fmt(e, "co_i%u_%u_idx", k, s));
			for (f = 0; f < 2; f++)
				rg_conn(e, em_fmt(e, "%s%u_%s_o", b->lk, k * S + s, b->fld[f]),
					em_fmt(e, "co_i%u_%u_%s", k, s, b->look[f]));
		}
	for (p = 0; p < P; p++) {
		rg_conn(e, em_fmt(e, "o%u_%s_i", p, b->idx), em_fmt(e, "co_w%u_idx", p));
		for (f = 0; f < 2; f++)
			rg_conn(e, em_fmt(e, "o%u_%s_o", p, b->fld[f]), em_fmt(e, "co_w%u_%s", p, b->old[f]));
	}
	for (p = 0; p < P; p++) {
		rg_conn(e, em_fmt(e, "%s%u_valid_i", b->up, p), em_fmt(e, "wb%u_gnt", p));
		rg_conn(e, em_fmt(e, "%s%u_%s_i", b->up, p, b->idx), em_fmt(e, "co_w%u_idx", p));
		for (f = 0; f < 2; f++)
			rg_conn(e, em_fmt(e, "%s%u_%s_i", b->up, p, b->fld[f]), em_fmt(e, "co_w%u_%s", p, b->upd[f]));
	}
}

/* The dimensions every section of the back end uses. */
#define CO_DIMS(t)                                                                                                     \
	const rfm_cfg_t *c = (t)->c;                                                                                   \
	em_t *e = (t)->e;                                                                                              \
	unsigned P = c->rf_write_ports, K = c->sm_schedulers, S = c->sm_operands, NB = c->rf_banks; \
	unsigned NOC = c->sm_collectors, NQ = c->d.nq, L = c->rf_lanes, W = c->d.wreg_bits, bw = c->d.bank_w; \
	unsigned ew = c->d.entry_w, cb = c->stats_counter_bits, NC = NB * 2 * NOC, rkw = bits_for(NOC), p, k, s, j, q; \
	unsigned i, sd, o, n, ow = rfm_clog2(S), cw = rfm_clog2(NOC); \
	int preg = c->coalescing_parity == RFM_CPARITY_REG; \
	int zg = c->coalescing_zero_gating >= RFM_ZG_IN_LANE; \
	unsigned G = L / 4, ncnt = rfm_tco_ncnt(c), zcw = rfm_cntw(L), zw = rfm_cntw(4 * L); \
	em_str_t x = {0}; \
	(void)P; \
	(void)K; \
	(void)S; \
	(void)NB; \
	(void)NOC; \
	(void)NQ; \
	(void)L; \
	(void)W; \
	(void)bw; \
	(void)ew; \
	(void)cb; \
	(void)NC; \
	(void)rkw; \
	(void)p; \
	(void)k; \
	(void)s; \
	(void)j; \
	(void)q; \
	(void)i; \
	(void)sd; \
	(void)o; \
	(void)n; \
	(void)ow; \
	(void)cw; \
	(void)preg; \
	(void)zg; \
	(void)G; \
	(void)ncnt; \
	(void)zcw; \
	(void)zw

static void coal_decls_ports(rg_top_t *t)
{
	CO_DIMS(t);

	em_section(e, "register file: coalescing (docs/coalescing.md, \"rf_top\")");
	em_line(e, "// Side of a register: %s LSB (0: R, even, right-aligned; 1: L, odd, byte-swapped).",
		preg ? "register id" : "row (entry)");
	em_line(e, "// write-back requests: rf_map, rf_width_detect (old code from the mask buffer), arbiter grant");
	for (p = 0; p < P; p++) {
		em_line(e, "logic co_w%u_req, co_w%u_odd, co_w%u_osign, co_w%u_fsign, co_w%u_nsign, wb%u_gnt;", p, p, p, p, p, p);
		if (c->d.bank_force)
			em_line(e, "logic co_w%u_frc;  // refused by a forced bank hold", p);
		em_line(e, "logic [1:0] co_w%u_oenc, co_w%u_fenc, co_w%u_nenc;", p, p, p);
		em_line(e, "logic [3:0] co_w%u_pmask;", p);
		em_line(e, "logic %s co_w%u_idx;", em_rng(e, c->d.pack_w), p);
		em_line(e, "logic %s co_w%u_wdata;", em_rng(e, W), p);
		em_line(e, "logic %s co_w%u_bwe;", em_rng(e, 4 * L), p);
	}
	if (zg) {
		em_line(e, "// zero gating (chapter 4): rf_zero_detect per write-back, rf_zmask_buffer, rf_zero_read per operand");
		for (p = 0; p < P; p++) {
			em_line(e, "logic %s co_w%u_ozm, co_w%u_zm;", em_rng(e, L), p, p);
			em_line(e, "logic %s co_w%u_or, co_w%u_zr;", em_rng(e, G), p, p);
			em_line(e, "logic %s co_w%u_zwen, co_w%u_fill, co_w%u_zb, co_w%u_bwz, co_w%u_zgb;", em_rng(e, 4 * L), p, p, p, p, p);
			em_line(e, "logic %s co_w%u_zdata, co_w%u_wdz;", em_rng(e, W), p, p);
			em_line(e, "logic %s co_w%u_cin, co_w%u_cx;", em_rng(e, 3 * G), p, p);
			em_line(e, "logic %s co_w%u_zgi, co_w%u_zgz;", em_rng(e, zcw), p, p);
			em_line(e, "logic %s co_w%u_zgn;", em_rng(e, zw), p);
		}
	}
	em_line(e, "logic %s co_wgnt;", em_rng(e, P));
	em_line(e, "logic %s co_msign;", em_rng(e, c->d.warp_regs));
	em_line(e, "logic %s co_menc;", em_rng(e, 2 * c->d.warp_regs));
	em_line(e, "// issue lookups of the sources' codes, forwarding a write granted this cycle");
	for (k = 0; k < K; k++)
		for (s = 0; s < S; s++) {
			em_line(e, "logic %s co_i%u_%u_idx;", em_rng(e, c->d.pack_w), k, s);
			em_line(e, "logic co_i%u_%u_msign, co_i%u_%u_sign, co_i%u_%u_odd;", k, s, k, s, k, s);
			em_line(e, "logic [1:0] co_i%u_%u_menc, co_i%u_%u_enc;", k, s, k, s);
			if (zg) {
				em_line(e, "logic %s co_i%u_%u_mzm, co_i%u_%u_zm;", em_rng(e, L), k, s, k, s);
				em_line(e, "logic %s co_i%u_%u_mzr, co_i%u_%u_zr;", em_rng(e, G), k, s, k, s);
			}
		}
	em_line(e, "// collector allocation (rf_collector: issue port k fills the unit co_take<k>), dispatch");
	for (k = 0; k < K; k++)
		em_line(e, "logic %s co_take%u;", em_rng(e, NOC), k);
	em_line(e, "logic %s co_disp;", em_rng(e, NOC));
	for (j = 0; j < NOC; j++)
		for (k = 0; k < K; k++)
			em_line(e, "logic co_a%u_%u;", k, j);
	em_line(e, "// per operand: side and code captured at issue, physical mask, head of its cell, read path");
	for (q = 0; q < NQ; q++) {
		em_line(e, "logic co_q%u_odd_q, co_q%u_odd_d, co_q%u_sign_q, co_q%u_sign_d, co_q%u_head;", q, q, q, q, q);
		em_line(e, "logic [1:0] co_q%u_enc_q, co_q%u_enc_d;", q, q);
		if (zg) {
			em_line(e, "logic %s co_q%u_zm_q, co_q%u_zm_d;", em_rng(e, L), q, q);
			em_line(e, "logic %s co_q%u_zr_q, co_q%u_zr_d;", em_rng(e, G), q, q);
			em_line(e, "logic %s co_q%u_ren;", em_rng(e, 4 * L), q);
			em_line(e, "logic %s co_q%u_zdata;", em_rng(e, W), q);
			em_line(e, "logic %s co_q%u_zlane;", em_rng(e, L), q);
			em_line(e, "logic %s co_q%u_gi, co_q%u_gz;", em_rng(e, zcw), q, q);
		}
		em_line(e, "logic [3:0] co_q%u_lm, co_q%u_pm;", q, q);
		em_line(e, "logic co_q%u_sv, co_q%u_vld_q, co_q%u_vld_d, co_q%u_ready;", q, q, q, q);
		em_line(e, "logic cq%u_req, aq%u_gnt;", q, q);
		em_line(e, "logic %s cq%u_bank;", em_rng(e, bw), q);
		em_line(e, "logic %s cq%u_entry;", em_rng(e, ew), q);
		em_line(e, "logic %s co_q%u_data, co_q%u_out;", em_rng(e, W), q, q);
	}
	em_line(e, "// per collector: filled, freed; slice selects registered with the grant");
	for (j = 0; j < NOC; j++) {
		em_line(e, "logic co_u%u_alloc, co_u%u_free, co_u%u_busy;", j, j, j);
		if (zg)
			em_line(e, "logic %s co_u%u_am_q, co_u%u_am_d;", em_rng(e, L), j, j);
		for (k = 0; k < 4; k++) {
			em_line(e, "logic co_x%u_%u_v_q, co_x%u_%u_v_d;", j, k, j, k);
			em_line(e, "logic %s co_x%u_%u_b_q, co_x%u_%u_b_d;", em_rng(e, bw), j, k, j, k);
			em_line(e, "logic %s co_x%u_%u_o_q, co_x%u_%u_o_d;", em_rng(e, ow), j, k, j, k);
		}
		em_line(e, "logic [3:0] co_x%u_wen;", j);
		em_line(e, "logic %s co_x%u_wdata;", em_rng(e, W), j);
	}

	em_str_free(&x);
}

static void coal_decls_cells(rg_top_t *t)
{
	CO_DIMS(t);
	em_line(e, "// request-matrix cells c = (2 x bank + side) x %u + collector", NOC);
	for (i = 0; i < NC; i++) {
		em_line(e, "logic co_c%u_v, co_c%u_g, co_c%u_ref, co_c%u_wblk;", i, i, i, i);
		em_line(e, "logic %s co_c%u_op;", em_rng(e, ow), i);
		em_line(e, "logic [3:0] co_c%u_pm;", i);
		em_line(e, "logic %s co_c%u_row;", em_rng(e, ew), i);
		if (zg) {
			em_line(e, "logic %s co_c%u_ren;", em_rng(e, 4 * L), i);
		}
	}
	if (rg_holds(t)) {
		for (i = 0; i < NC; i++)
			em_line(e, "logic co_c%u_rq;  // cell %u requests (before the bank holds)", i, i);
		em_line(e, "logic %s co_held;", em_rng(e, NC));
	}
	em_line(e, "logic %s co_rd_valid, co_rgnt, co_ref, co_wblk;", em_rng(e, NC));
	em_line(e, "logic %s co_rd_pmask;", em_rng(e, 4 * NC));
	em_line(e, "logic %s co_pri;", em_rng(e, bits_for(rfm_ca_n(NB, NOC) - 1)));
	em_line(e, "logic %s co_sb;", em_rng(e, 4 * NB));
	em_line(e, "logic %s co_oc;", em_rng(e, 4 * NOC));
	em_line(e, "// bank side ports (s = r: right / even, l: left / odd)");
	for (i = 0; i < NB; i++) {
		for (sd = 0; sd < 2; sd++) {
			const char *sn = sd ? "l" : "r";
			em_line(e, "logic co_b%u_%s_en, co_b%u_%s_we;", i, sn, i, sn);
			em_line(e, "logic %s co_b%u_%s_row;", em_rng(e, ew), i, sn);
			em_line(e, "logic [3:0] co_b%u_%s_pmask;", i, sn);
			em_line(e, "logic %s co_b%u_%s_wdata;", em_rng(e, W), i, sn);
			em_line(e, "logic %s co_b%u_%s_bwe;", em_rng(e, 4 * L), i, sn);
			for (p = 0; p < P; p++)
				em_line(e, "logic co_w%u_hit%u_%s;", p, i, sn);
		}
		em_line(e, "logic %s co_b%u_rdata;", em_rng(e, W), i);
		if (zg) {
			em_line(e, "logic %s co_b%u_ren_d, co_b%u_ren_q;", em_rng(e, 4 * L), i, i);
			em_line(e, "logic %s co_b%u_rdz;", em_rng(e, W), i);
			em_line(e, "logic [3:0] co_b%u_rpm_d, co_b%u_rpm_q;", i, i);
			em_line(e, "logic %s co_b%u_zgb;", em_rng(e, 4 * L), i);
			em_line(e, "logic %s co_b%u_zgn;", em_rng(e, zw), i);
		}
		em_line(e, "logic [3:0] co_b%u_rvalid, co_b%u_acc, co_wc%u;", i, i, i);
		em_line(e, "logic [1:0] co_b%u_nr, co_b%u_nw;", i, i);
	}
	em_line(e, "logic %s co_bacc, co_brr, co_bww, co_brw;", em_rng(e, NB));
	em_line(e, "logic %s co_ocw;", em_rng(e, NOC));
	em_line(e, "logic %s co_wstall;", em_rng(e, P));
	if (zg)
		em_line(e, "logic %s co_sbn;", em_rng(e, cb));
	for (n = 0; n < ncnt; n++)
		em_line(e, "logic %s co_inc_%s;", em_rng(e, cb), rfm_tco_cnt_names[n]);
	em_line(e, "logic %s busy;", em_rng(e, NOC));
	em_line(e, "logic %s nconf, nwconf;", em_rng(e, c->d.nq_cnt_w));

	em_str_free(&x);
}

static void coal_write_path(rg_top_t *t)
{
	CO_DIMS(t);

	for (p = 0; p < P; p++) {
		em_blank(e);
		em_line(e, "// write-back port %u: a request when inside the kernel with a lane; ready unless refused", p);
		if (c->d.bank_force) { /* docs/semantics.md, "Bank holds" */
			em_line(e, "assign co_w%u_frc = wb%u_ok & hold_force[wb%u_bank];", p, p, p);
			em_line(e, "assign co_w%u_req = wb%u_ok & (|wb%u_mask_i) & ~co_w%u_frc;", p, p, p, p);
		} else {
			em_line(e, "assign co_w%u_req = wb%u_ok & (|wb%u_mask_i);", p, p, p);
		}
		if (preg)
			em_line(e, "assign co_w%u_odd = %s;", p, rg_bit(e, em_fmt(e, "wb%u_reg_i", p), c->d.reg_w, 0));
		else
			em_line(e, "assign co_w%u_odd = %s;", p, rg_bit(e, em_fmt(e, "wb%u_row", p), ew, 0));
		em_line(e, "assign co_w%u_idx = %s;", p, pack_idx(e, c, em_fmt(e, "wb%u_bank", p), em_fmt(e, "wb%u_row", p)));
		em_line(e, "assign wb%u_gnt = %s;", p, rg_bit(e, "co_wgnt", P, p));
		if (c->d.bank_force)
			em_line(e, "assign wb%u_ready_o = ~co_w%u_frc & (~co_w%u_req | wb%u_gnt);", p, p, p, p);
		else
			em_line(e, "assign wb%u_ready_o = ~co_w%u_req | wb%u_gnt;", p, p, p);
		em_open(e, "rf_width_detect u_wd%u (", p);
		rg_conn(e, "valid_i", em_fmt(e, "co_w%u_req", p));
		rg_conn(e, "active_i", em_fmt(e, "wb%u_mask_i", p));
		rg_conn(e, "data_i", em_fmt(e, "wb%u_data_i", p));
		rg_conn(e, "odd_i", em_fmt(e, "co_w%u_odd", p));
		rg_conn(e, "old_sign_i", em_fmt(e, "co_w%u_osign", p));
		rg_conn(e, "old_enc_i", em_fmt(e, "co_w%u_oenc", p));
		rg_conn(e, "sign_o", em_fmt(e, "co_w%u_nsign", p));
		rg_conn(e, "enc_o", em_fmt(e, "co_w%u_nenc", p));
		rg_conn(e, "fsign_o", em_fmt(e, "co_w%u_fsign", p));
		rg_conn(e, "fenc_o", em_fmt(e, "co_w%u_fenc", p));
		rg_conn(e, "pmask_o", em_fmt(e, "co_w%u_pmask", p));
		rg_conn(e, "wdata_o", em_fmt(e, "co_w%u_wdata", p));
		rg_conn(e, "bwe_o", em_fmt(e, "co_w%u_bwe", p));
		rg_conn_end(e);
		if (!zg)
			continue;
		em_line(e, "// zero gating: the stored value (TI -> BI wiring of rf_width_detect's data), its zero mask;");
		em_line(e, "// the bytes of words the new entry calls zero are not written, B4's zeros are materialized");
		em_clear(&x);
		for (i = L; i-- > 0;)
			for (k = 4; k-- > 0;)
				em_add(&x, ", ", "co_w%u_wdata[%u:%u]", p, 8 * (L * k + i) + 7, 8 * (L * k + i));
		em_line(e, "assign co_w%u_zdata = {%s};", p, em_str(&x));
		em_open(e, "rf_zero_detect u_zd%u (", p);
		rg_conn(e, "valid_i", em_fmt(e, "co_w%u_req", p));
		rg_conn(e, "active_i", em_fmt(e, "wb%u_mask_i", p));
		rg_conn(e, "data_i", em_fmt(e, "co_w%u_zdata", p));
		rg_conn(e, "old_zm_i", em_fmt(e, "co_w%u_ozm", p));
		rg_conn(e, "old_r_i", em_fmt(e, "co_w%u_or", p));
		rg_conn(e, "zm_o", em_fmt(e, "co_w%u_zm", p));
		rg_conn(e, "r_o", em_fmt(e, "co_w%u_zr", p));
		rg_conn(e, "wen_o", em_fmt(e, "co_w%u_zwen", p));
		rg_conn(e, "fill_o", em_fmt(e, "co_w%u_fill", p));
		rg_conn(e, "cin_o", em_fmt(e, "co_w%u_cin", p));
		rg_conn(e, "cx_o", em_fmt(e, "co_w%u_cx", p));
		rg_conn(e, "gated_inactive_o", em_fmt(e, "co_w%u_zgi", p));
		rg_conn(e, "gated_zero_o", em_fmt(e, "co_w%u_zgz", p));
		rg_conn_end(e);
		zero_bytes(e, &x, c, em_fmt(e, "co_w%u_zm", p), em_fmt(e, "co_w%u_zr", p));
		em_line(e, "assign co_w%u_zb = {%s};", p, em_str(&x));
		em_line(e, "assign co_w%u_bwz = (co_w%u_bwe & ~co_w%u_zb) | (co_w%u_fill & %s);", p, p, p, p,
			sb_bytes(e, em_fmt(e, "co_w%u_pmask", p), L));
		bytes8(&x, em_fmt(e, "co_w%u_fill", p), 4 * L);
		em_line(e, "assign co_w%u_wdz = co_w%u_wdata & ~{%s};", p, p, em_str(&x));
		em_line(e, "assign co_w%u_zgb = %s & ~co_w%u_bwz;  // bytes of its sub-banks not written", p,
			sb_bytes(e, em_fmt(e, "co_w%u_pmask", p), L), p);
		em_clear(&x);
		bal_sum(&x, em_fmt(e, "co_w%u_zgb", p), 0, 4 * L, zw);
		em_line(e, "assign co_w%u_zgn = %s;", p, em_str(&x));
	}

	em_str_free(&x);
}

static void coal_issue_lookups(rg_top_t *t)
{
	CO_DIMS(t);

	em_blank(e);
	em_line(e, "// issue lookups: the code of each source; a write granted this cycle to the same (bank, row)");
	em_line(e, "// gives its final code (the mask buffer itself changes at the edge)");
	for (k = 0; k < K; k++)
		for (s = 0; s < S; s++) {
			em_line(e, "assign co_i%u_%u_idx = %s;", k, s,
				pack_idx(e, c, em_fmt(e, "iss%u_s%u_bank", k, s), em_fmt(e, "iss%u_s%u_row", k, s)));
			if (preg)
				em_line(e, "assign co_i%u_%u_odd = %s;", k, s,
					rg_bit(e, em_fmt(e, "iss%u_src%u_reg_i", k, s), c->d.reg_w, 0));
			else
				em_line(e, "assign co_i%u_%u_odd = %s;", k, s, rg_bit(e, em_fmt(e, "iss%u_s%u_row", k, s), ew, 0));
			fwd_chain(e, P, k, s, "sign", "fsign", "msign");
			fwd_chain(e, P, k, s, "enc", "fenc", "menc");
			if (zg) {
				fwd_chain(e, P, k, s, "zm", "zm", "mzm");
				fwd_chain(e, P, k, s, "zr", "zr", "mzr");
			}
		}
	em_blank(e);
	em_line(e, "// mask buffer: {sign, enc} per warp register; updated at the edge of a granted write");
	em_open(e, "rf_mask_buffer u_mask_buffer (");
	buffer_conns(e, c, &mask_buffer_ports);
	rg_conn(e, "msign_o", "co_msign");
	rg_conn(e, "menc_o", "co_menc");
	rg_conn_end(e);
	if (zg) {
		em_line(e, "// zero-mask buffer: {zero mask, R-bits} per warp register; lookups and updates as above");
		em_open(e, "rf_zmask_buffer u_zmask_buffer (");
		buffer_conns(e, c, &zmask_buffer_ports);
		rg_conn_end(e);
	}

	em_str_free(&x);
}

static void coal_allocation(rg_top_t *t)
{
	CO_DIMS(t);

	em_blank(e);
	em_line(e, "// allocation: rf_collector's choice (co_take<k>); the filled unit's sources' codes are captured");
	for (j = 0; j < NOC; j++)
		for (k = 0; k < K; k++)
			em_line(e, "assign co_a%u_%u = %s;", k, j, rg_bit(e, em_fmt(e, "co_take%u", k), NOC, j));
	for (q = 0; q < NQ; q++) {
		static const char *const fld[5] = {"odd", "sign", "enc", "zm", "zr"}; /* zm, zr: zero gating */
		unsigned f;
		j = q / S;
		s = q % S;
		for (f = 0; f < (zg ? 5u : 3u); f++) {
			em_clear(&x);
			for (k = 0; k < K; k++)
				em_add(&x, " : ", "co_a%u_%u ? co_i%u_%u_%s", k, j, k, s, fld[f]);
			em_line(e, "assign co_q%u_%s_d = %s : co_q%u_%s_q;", q, fld[f], em_str(&x), q, fld[f]);
		}
		em_line(e, "assign co_q%u_lm = {(co_q%u_enc_q == 2'd3), (co_q%u_enc_q >= 2'd2), (co_q%u_enc_q != 2'd0), 1'b1};", q, q,
			q, q);
		em_line(e, "assign co_q%u_pm = co_q%u_odd_q ? {co_q%u_lm[0], co_q%u_lm[1], co_q%u_lm[2], co_q%u_lm[3]} : co_q%u_lm;",
			q, q, q, q, q, q, q);
		if (zg) {
			em_line(e, "// zero gating: the operand's byte read enables from its captured entry and its unit's active lanes");
			em_open(e, "rf_zero_read u_zr%u (", q);
			rg_conn(e, "active_i", em_fmt(e, "co_u%u_am_q", j));
			rg_conn(e, "zm_i", em_fmt(e, "co_q%u_zm_q", q));
			rg_conn(e, "r_i", em_fmt(e, "co_q%u_zr_q", q));
			rg_conn(e, "pmask_i", em_fmt(e, "co_q%u_pm", q));
			rg_conn(e, "rdata_i", em_fmt(e, "%u'h0", W));
			rg_conn(e, "ren_o", em_fmt(e, "co_q%u_ren", q));
			rg_conn(e, "data_o", em_fmt(e, "co_q%u_zdata", q));
			rg_conn(e, "zlane_o", em_fmt(e, "co_q%u_zlane", q));
			rg_conn(e, "gated_inactive_o", em_fmt(e, "co_q%u_gi", q));
			rg_conn(e, "gated_zero_o", em_fmt(e, "co_q%u_gz", q));
			rg_conn_end(e);
		}
		em_clear(&x);
		for (o = j * S; o < q; o++)
			em_add(&x, " | ", "(cq%u_req & (cq%u_bank == cq%u_bank) & (co_q%u_odd_q == co_q%u_odd_q))", o, o, q, o, q);
		em_line(e, "assign co_q%u_head = cq%u_req%s%s%s;  // its oldest pending operand of the same (bank, side)", q, q,
			x.n ? " & ~(" : "", em_str(&x), x.n ? ")" : "");
	}

	em_str_free(&x);
}

static void coal_request_matrix(rg_top_t *t)
{
	CO_DIMS(t);
	em_str_t v = {0};
	em_str_t pm = {0};
	em_str_t row = {0};
	em_str_t op = {0};
	em_str_t zm = {0};

	em_blank(e);
	em_line(e, "// request matrix: per (bank, side, collector) the head operand");
	for (i = 0; i < NB; i++)
		for (sd = 0; sd < 2; sd++)
			for (j = 0; j < NOC; j++) {
				unsigned cl = rfm_ca_cell(NOC, i, sd, j);
				em_clear(&op);
				em_clear(&v);
				em_clear(&pm);
				em_clear(&row);
				for (s = 0; s < S; s++) {
					q = j * S + s;
					em_add(&v, " | ", "(co_q%u_head & (cq%u_bank == %s) & (co_q%u_odd_q == 1'b%u))", q, q, em_lit(e, bw, i), q,
					       sd);
					em_add(&pm, " : ", "(co_q%u_head & (cq%u_bank == %s) & (co_q%u_odd_q == 1'b%u)) ? co_q%u_pm", q, q,
					       em_lit(e, bw, i), q, sd, q);
					em_add(&row, " : ", "(co_q%u_head & (cq%u_bank == %s) & (co_q%u_odd_q == 1'b%u)) ? cq%u_entry", q, q,
					       em_lit(e, bw, i), q, sd, q);
					em_add(&op, " : ", "(co_q%u_head & (cq%u_bank == %s) & (co_q%u_odd_q == 1'b%u)) ? %s", q, q,
					       em_lit(e, bw, i), q, sd, em_lit(e, ow, s));
				}
				if (zg) {
					em_clear(&zm);
					for (s = 0; s < S; s++) {
						q = j * S + s;
						em_add(&zm, " : ", "(co_q%u_head & (cq%u_bank == %s) & (co_q%u_odd_q == 1'b%u)) ? co_q%u_ren", q,
						       q, em_lit(e, bw, i), q, sd, q);
					}
					em_line(e, "assign co_c%u_ren = %s : '0;", cl, em_str(&zm));
				}
				if (rg_holds(t)) { /* a held bank's cells do not reach the arbiter */
					em_line(e, "assign co_c%u_rq = %s;", cl, em_str(&v));
					em_line(e, "assign co_c%u_v = co_c%u_rq & ~%s;", cl, cl, rg_bit(e, "hold_gnt", NB, i));
					em_line(e, "assign %s = co_c%u_rq & %s;", rg_bit(e, "co_held", NC, cl), cl,
						rg_bit(e, "hold_gnt", NB, i));
				} else {
					em_line(e, "assign co_c%u_v = %s;", cl, em_str(&v));
				}
				em_line(e, "assign co_c%u_pm = %s : 4'b0000;", cl, em_str(&pm));
				em_line(e, "assign co_c%u_row = %s : '0;", cl, em_str(&row));
				em_line(e, "assign co_c%u_op = %s : '0;", cl, em_str(&op));
				em_line(e, "assign co_c%u_g = %s;", cl, rg_bit(e, "co_rgnt", NC, cl));
			}
	em_clear(&x);
	for (i = NC; i-- > 0;)
		em_add(&x, ", ", "co_c%u_v", i);
	em_line(e, "assign co_rd_valid = {%s};", em_str(&x));
	if (rg_holds(t))
		rg_popcount(e, "nhold", "co_held", NC, c->d.nq_cnt_w);
	em_clear(&x);
	for (i = NC; i-- > 0;)
		em_add(&x, ", ", "co_c%u_pm", i);
	em_line(e, "assign co_rd_pmask = {%s};", em_str(&x));
	em_open(e, "rf_coal_arbiter u_coal_arbiter (");
	rg_conn(e, "clk_i", "clk_i");
	rg_conn(e, "rst_ni", "rst_ni");
	for (p = 0; p < P; p++) {
		rg_conn(e, em_fmt(e, "wr%u_valid_i", p), em_fmt(e, "co_w%u_req", p));
		rg_conn(e, em_fmt(e, "wr%u_bank_i", p), em_fmt(e, "wb%u_bank", p));
		rg_conn(e, em_fmt(e, "wr%u_pmask_i", p), em_fmt(e, "co_w%u_pmask", p));
	}
	rg_conn(e, "rd_valid_i", "co_rd_valid");
	rg_conn(e, "rd_pmask_i", "co_rd_pmask");
	rg_conn(e, "wgnt_o", "co_wgnt");
	rg_conn(e, "rgnt_o", "co_rgnt");
	rg_conn(e, "pri_o", "co_pri");
	rg_conn(e, "sb_o", "co_sb");
	rg_conn(e, "oc_o", "co_oc");
	rg_conn_end(e);
	em_line(e, "// operand grants to the collectors (all-or-nothing, one read port)");
	for (q = 0; q < NQ; q++) {
		em_clear(&x);
		j = q / S;
		for (i = 0; i < NB; i++)
			for (sd = 0; sd < 2; sd++)
				em_add(&x, " | ", "((cq%u_bank == %s) & (co_q%u_odd_q == 1'b%u) & co_c%u_g)", q, em_lit(e, bw, i), q, sd,
				       rfm_ca_cell(NOC, i, sd, j));
		em_line(e, "assign aq%u_gnt = co_q%u_head & (%s);", q, q, em_str(&x));
	}

	em_str_free(&v);
	em_str_free(&pm);
	em_str_free(&row);
	em_str_free(&op);
	em_str_free(&zm);
	em_str_free(&x);
}

static void coal_banks(rg_top_t *t)
{
	CO_DIMS(t);
	em_str_t en = {0};
	em_str_t we = {0};
	em_str_t row = {0};
	em_str_t pm = {0};
	em_str_t wd = {0};
	em_str_t be = {0};
	em_str_t ren = {0};
	em_str_t rpm = {0};

	for (i = 0; i < NB; i++) {
		em_blank(e);
		em_line(e, "// bank %u: the granted even request drives R, the odd one L (writes before reads)", i);
		for (sd = 0; sd < 2; sd++) {
			const char *sn = sd ? "l" : "r";
			em_clear(&en);
			em_clear(&we);
			em_clear(&row);
			em_clear(&pm);
			em_clear(&wd);
			em_clear(&be);
			for (p = 0; p < P; p++) {
				em_line(e, "assign co_w%u_hit%u_%s = wb%u_gnt & (wb%u_bank == %s) & (co_w%u_odd == 1'b%u);", p, i, sn, p, p,
					em_lit(e, bw, i), p, sd);
				em_add(&en, " | ", "co_w%u_hit%u_%s", p, i, sn);
				em_add(&we, " | ", "co_w%u_hit%u_%s", p, i, sn);
				em_add(&row, " : ", "co_w%u_hit%u_%s ? wb%u_row", p, i, sn, p);
				em_add(&pm, " : ", "co_w%u_hit%u_%s ? co_w%u_pmask", p, i, sn, p);
				em_add(&wd, " : ", "co_w%u_hit%u_%s ? co_w%u_%s", p, i, sn, p, zg ? "wdz" : "wdata");
				em_add(&be, " : ", "co_w%u_hit%u_%s ? co_w%u_%s", p, i, sn, p, zg ? "bwz" : "bwe");
			}
			for (j = 0; j < NOC; j++) {
				unsigned cl = rfm_ca_cell(NOC, i, sd, j);
				em_add(&en, " | ", "co_c%u_g", cl);
				em_add(&row, " : ", "co_c%u_g ? co_c%u_row", cl, cl);
				em_add(&pm, " : ", "co_c%u_g ? co_c%u_pm", cl, cl);
			}
			em_line(e, "assign co_b%u_%s_en = %s;", i, sn, em_str(&en));
			em_line(e, "assign co_b%u_%s_we = %s;", i, sn, em_str(&we));
			em_line(e, "assign co_b%u_%s_row = %s : '0;", i, sn, em_str(&row));
			em_line(e, "assign co_b%u_%s_pmask = %s : 4'b0000;", i, sn, em_str(&pm));
			em_line(e, "assign co_b%u_%s_wdata = %s : '0;", i, sn, em_str(&wd));
			em_line(e, "assign co_b%u_%s_bwe = %s : '0;", i, sn, em_str(&be));
		}
		em_open(e, "rf_dual_bank u_bank%u (", i);
		rg_conn(e, "clk_i", "clk_i");
		rg_conn(e, "rst_ni", "rst_ni");
		for (sd = 0; sd < 2; sd++) {
			const char *sn = sd ? "l" : "r";
			rg_conn(e, em_fmt(e, "%sr_en_i", sn), em_fmt(e, "co_b%u_%s_en", i, sn));
			rg_conn(e, em_fmt(e, "%sr_we_i", sn), em_fmt(e, "co_b%u_%s_we", i, sn));
			rg_conn(e, em_fmt(e, "%sr_row_i", sn), em_fmt(e, "co_b%u_%s_row", i, sn));
			rg_conn(e, em_fmt(e, "%sr_pmask_i", sn), em_fmt(e, "co_b%u_%s_pmask", i, sn));
			rg_conn(e, em_fmt(e, "%sr_wdata_i", sn), em_fmt(e, "co_b%u_%s_wdata", i, sn));
			rg_conn(e, em_fmt(e, "%sr_bwe_i", sn), em_fmt(e, "co_b%u_%s_bwe", i, sn));
		}
		rg_conn(e, "rdata_o", em_fmt(e, "co_b%u_rdata", i));
		rg_conn(e, "rvalid_o", em_fmt(e, "co_b%u_rvalid", i));
		rg_conn(e, "acc_o", em_fmt(e, "co_b%u_acc", i));
		rg_conn_end(e);
		if (!zg)
			continue;
		em_line(e, "// zero gating: the granted reads' byte read enables, registered with the reads; the bytes");
		em_line(e, "// not read come out as 0");
		{
			em_clear(&ren);
			em_clear(&rpm);
			for (sd = 0; sd < 2; sd++)
				for (j = 0; j < NOC; j++) {
					unsigned cl = rfm_ca_cell(NOC, i, sd, j);
					em_add(&ren, " | ", "(co_c%u_g ? co_c%u_ren : '0)", cl, cl);
					em_add(&rpm, " | ", "(co_c%u_g ? co_c%u_pm : 4'b0000)", cl, cl);
				}
			em_line(e, "assign co_b%u_ren_d = %s;", i, em_str(&ren));
			em_line(e, "assign co_b%u_rpm_d = %s;  // sub-banks the granted reads hold", i, em_str(&rpm));
		}
		bytes8(&x, em_fmt(e, "co_b%u_ren_q", i), 4 * L);
		em_line(e, "assign co_b%u_rdz = co_b%u_rdata & {%s};", i, i, em_str(&x));
		em_line(e, "assign co_b%u_zgb = %s & ~co_b%u_ren_q;  // bytes of the reads' sub-banks not read", i,
			sb_bytes(e, em_fmt(e, "co_b%u_rpm_q", i), L), i);
		em_clear(&x);
		bal_sum(&x, em_fmt(e, "co_b%u_zgb", i), 0, 4 * L, zw);
		em_line(e, "assign co_b%u_zgn = %s;", i, em_str(&x));
	}

	em_str_free(&en);
	em_str_free(&we);
	em_str_free(&row);
	em_str_free(&pm);
	em_str_free(&wd);
	em_str_free(&be);
	em_str_free(&ren);
	em_str_free(&rpm);
	em_str_free(&x);
}

/* rf_collector with external operands: allocation, pending reads and their requests, grants,
 * dispatch choice and freeing (docs/semantics.md, "Operand collectors"); the dispatched operands
 * are rf_coal_collector's (co_q<i>_out). */
static void coal_collector_units(rg_top_t *t)
{
	CO_DIMS(t);

	em_open(e, "rf_collector u_collector (");
	rg_conn(e, "clk_i", "clk_i");
	rg_conn(e, "rst_ni", "rst_ni");
	for (k = 0; k < K; k++) {
		rg_conn(e, em_fmt(e, "iss%u_valid_i", k), rg_iss_valid(t, k));
		rg_conn(e, em_fmt(e, "iss%u_ready_o", k), rg_iss_ready(t, k));
		rg_conn(e, em_fmt(e, "iss%u_tag_i", k), rg_iss_tag(t, k));
		rg_conn(e, em_fmt(e, "iss%u_warp_i", k), em_fmt(e, "iss%u_warp_i", k));
		rg_conn(e, em_fmt(e, "iss%u_take_o", k), em_fmt(e, "co_take%u", k));
		for (s = 0; s < S; s++) {
			rg_conn(e, em_fmt(e, "iss%u_src%u_valid_i", k, s), rg_src_read(t, k, s));
			rg_conn(e, em_fmt(e, "iss%u_src%u_bank_i", k, s), em_fmt(e, "iss%u_s%u_bank", k, s));
			rg_conn(e, em_fmt(e, "iss%u_src%u_entry_i", k, s), em_fmt(e, "iss%u_s%u_row", k, s));
		}
	}
	for (q = 0; q < NQ; q++) {
		rg_conn(e, em_fmt(e, "q%u_req_o", q), em_fmt(e, "cq%u_req", q));
		rg_conn(e, em_fmt(e, "q%u_bank_o", q), em_fmt(e, "cq%u_bank", q));
		rg_conn(e, em_fmt(e, "q%u_entry_o", q), em_fmt(e, "cq%u_entry", q));
	}
	for (q = 0; q < NQ; q++) {
		rg_conn(e, em_fmt(e, "q%u_gnt_i", q), em_fmt(e, "aq%u_gnt", q));
		rg_conn(e, em_fmt(e, "q%u_port_i", q), "'0");
	}
	for (q = 0; q < NQ; q++)
		rg_conn(e, em_fmt(e, "q%u_op_i", q), em_fmt(e, "co_q%u_out", q));
	for (k = 0; k < K; k++) {
		rg_conn(e, em_fmt(e, "dsp%u_valid_o", k), em_fmt(e, "dsp%u_valid_o", k));
		rg_conn(e, em_fmt(e, "dsp%u_tag_o", k), rg_dsp_tag(t, k));
		rg_conn(e, em_fmt(e, "dsp%u_warp_o", k), em_fmt(e, "dsp%u_warp_o", k));
		for (s = 0; s < S; s++)
			rg_conn(e, em_fmt(e, "dsp%u_op%u_o", k, s), em_fmt(e, "dsp%u_op%u_o", k, s));
	}
	rg_conn(e, "busy_o", "busy");
	rg_conn(e, "disp_o", "co_disp");
	rg_conn_end(e);

	em_str_free(&x);
}

static void coal_collectors(rg_top_t *t)
{
	CO_DIMS(t);
	em_str_t v = {0};
	em_str_t b = {0};
	em_str_t op = {0};
	em_str_t sv = {0};

	em_blank(e);
	em_line(e, "// slice selects of the cycle after the grant: slice k of collector j from the bank whose");
	em_line(e, "// granted read holds sub-bank k, into that read's operand buffer");
	for (j = 0; j < NOC; j++)
		for (k = 0; k < 4; k++) {
			em_clear(&v);
			em_clear(&b);
			em_clear(&op);
			for (i = 0; i < NB; i++)
				for (sd = 0; sd < 2; sd++) {
					unsigned cl = rfm_ca_cell(NOC, i, sd, j);
					em_add(&v, " | ", "(co_c%u_g & co_c%u_pm[%u])", cl, cl, k);
					em_add(&b, " : ", "(co_c%u_g & co_c%u_pm[%u]) ? %s", cl, cl, k, em_lit(e, bw, i));
					em_add(&op, " : ", "(co_c%u_g & co_c%u_pm[%u]) ? co_c%u_op", cl, cl, k, cl);
				}
			em_line(e, "assign co_x%u_%u_v_d = %s;", j, k, em_str(&v));
			em_line(e, "assign co_x%u_%u_b_d = %s : '0;", j, k, em_str(&b));
			em_line(e, "assign co_x%u_%u_o_d = %s : '0;", j, k, em_str(&op));
		}
	em_open(e, "rf_subbank_xbar u_subbank_xbar (");
	for (i = 0; i < NB; i++)
		rg_conn(e, em_fmt(e, "bank%u_rdata_i", i), em_fmt(e, "co_b%u_%s", i, zg ? "rdz" : "rdata"));
	for (j = 0; j < NOC; j++) {
		em_clear(&x);
		for (k = 4; k-- > 0;)
			em_add(&x, ", ", "co_x%u_%u_v_q", j, k);
		rg_conn(e, em_fmt(e, "oc%u_sel_valid_i", j), em_fmt(e, "{%s}", em_str(&x)));
		em_clear(&x);
		for (k = 4; k-- > 0;)
			em_add(&x, ", ", "co_x%u_%u_b_q", j, k);
		rg_conn(e, em_fmt(e, "oc%u_sel_bank_i", j), em_fmt(e, "{%s}", em_str(&x)));
	}
	for (j = 0; j < NOC; j++) {
		rg_conn(e, em_fmt(e, "oc%u_wdata_o", j), em_fmt(e, "co_x%u_wdata", j));
		rg_conn(e, em_fmt(e, "oc%u_wen_o", j), em_fmt(e, "co_x%u_wen", j));
	}
	rg_conn_end(e);

	em_blank(e);
	em_line(e, "// collector side of the coalescing file: a unit filled by an issue captures per source the");
	em_line(e, "// code and whether it is read; its data buffers in rf_coal_collector; a dispatch frees it");
	for (j = 0; j < NOC; j++) {
		em_clear(&x);
		for (k = 0; k < K; k++)
			em_add(&x, " | ", "co_a%u_%u", k, j);
		em_line(e, "assign co_u%u_alloc = %s;", j, em_str(&x));
		em_line(e, "assign co_u%u_free = %s;", j, rg_bit(e, "co_disp", NOC, j));
		if (zg) {
			em_clear(&x);
			for (k = 0; k < K; k++)
				em_add(&x, " : ", "co_a%u_%u ? iss%u_amask_i", k, j, k);
			em_line(e, "assign co_u%u_am_d = %s : co_u%u_am_q;", j, em_str(&x), j);
		}
		for (s = 0; s < S; s++) {
			q = j * S + s;
			em_clear(&sv);
			for (k = 0; k < K; k++)
				em_add(&sv, " : ", "co_a%u_%u ? (%s)", k, j, rg_src_read(t, k, s));
			em_line(e, "assign co_q%u_sv = %s : 1'b0;", q, em_str(&sv));
			em_line(e, "assign co_q%u_vld_d = co_u%u_alloc ? co_q%u_sv : co_q%u_vld_q;", q, j, q, q);
			em_line(e, "assign co_q%u_out = co_q%u_vld_q ? co_q%u_data : '0;  // a source not read is zero", q, q, q);
		}
	}
	em_open(e, "rf_coal_collector u_coal_collector (");
	rg_conn(e, "clk_i", "clk_i");
	rg_conn(e, "rst_ni", "rst_ni");
	for (j = 0; j < NOC; j++) {
		rg_conn(e, em_fmt(e, "alloc%u_valid_i", j), em_fmt(e, "co_u%u_alloc", j));
		for (s = 0; s < S; s++) {
			q = j * S + s;
			rg_conn(e, em_fmt(e, "alloc%u_op%u_valid_i", j, s), em_fmt(e, "co_q%u_sv", q));
			rg_conn(e, em_fmt(e, "alloc%u_op%u_odd_i", j, s), em_fmt(e, "co_q%u_odd_d", q));
			rg_conn(e, em_fmt(e, "alloc%u_op%u_enc_i", j, s), em_fmt(e, "co_q%u_enc_d", q));
			rg_conn(e, em_fmt(e, "alloc%u_op%u_sign_i", j, s), em_fmt(e, "co_q%u_sign_d", q));
		}
		rg_conn(e, em_fmt(e, "wr%u_en_i", j), em_fmt(e, "co_x%u_wen", j));
		for (k = 0; k < 4; k++)
			rg_conn(e, em_fmt(e, "wr%u_s%u_op_i", j, k), em_fmt(e, "co_x%u_%u_o_q", j, k));
		rg_conn(e, em_fmt(e, "wr%u_data_i", j), em_fmt(e, "co_x%u_wdata", j));
		rg_conn(e, em_fmt(e, "free%u_i", j), em_fmt(e, "co_u%u_free", j));
		rg_conn(e, em_fmt(e, "oc%u_busy_o", j), em_fmt(e, "co_u%u_busy", j));
		for (s = 0; s < S; s++) {
			rg_conn(e, em_fmt(e, "oc%u_op%u_ready_o", j, s), em_fmt(e, "co_q%u_ready", j * S + s));
			rg_conn(e, em_fmt(e, "oc%u_op%u_data_o", j, s), em_fmt(e, "co_q%u_data", j * S + s));
		}
	}
	rg_conn_end(e);

	coal_collector_units(t);

	em_str_free(&v);
	em_str_free(&b);
	em_str_free(&op);
	em_str_free(&sv);
	em_str_free(&x);
}

static void coal_counters(rg_top_t *t)
{
	CO_DIMS(t);

	em_blank(e);
	em_line(e, "// reads refused this cycle (presented cells), and those a granted write blocks");
	for (i = 0; i < NB; i++) {
		em_clear(&x);
		for (p = 0; p < P; p++)
			em_add(&x, " | ", "((wb%u_gnt & (wb%u_bank == %s)) ? co_w%u_pmask : 4'b0000)", p, p, em_lit(e, bw, i), p);
		em_line(e, "assign co_wc%u = %s;", i, em_str(&x));
	}
	for (i = 0; i < NC; i++) {
		em_line(e, "assign co_c%u_ref = co_c%u_v & ~co_c%u_g;", i, i, i);
		em_line(e, "assign co_c%u_wblk = co_c%u_ref & (|(co_c%u_pm & co_wc%u));", i, i, i, i / (2 * NOC));
	}
	em_clear(&x);
	for (i = NC; i-- > 0;)
		em_add(&x, ", ", "co_c%u_ref", i);
	em_line(e, "assign co_ref = {%s};", em_str(&x));
	em_clear(&x);
	for (i = NC; i-- > 0;)
		em_add(&x, ", ", "co_c%u_wblk", i);
	em_line(e, "assign co_wblk = {%s};", em_str(&x));
	rg_popcount(e, "nconf", "co_ref", NC, c->d.nq_cnt_w);
	rg_popcount(e, "nwconf", "co_wblk", NC, c->d.nq_cnt_w);
	em_line(e, "// per bank: grants (reads, writes); coalesced pairs by kind (A15)");
	for (i = 0; i < NB; i++) {
		em_clear(&x);
		for (sd = 0; sd < 2; sd++)
			for (j = 0; j < NOC; j++)
				em_add(&x, " + ", "2'(co_c%u_g)", rfm_ca_cell(NOC, i, sd, j));
		em_line(e, "assign co_b%u_nr = %s;", i, em_str(&x));
		em_clear(&x);
		for (p = 0; p < P; p++) {
			em_line(e, "logic co_w%u_inb%u;", p, i);
			em_line(e, "assign co_w%u_inb%u = co_w%u_hit%u_r | co_w%u_hit%u_l;", p, i, p, i, p, i);
			em_add(&x, " + ", "2'(co_w%u_inb%u)", p, i);
		}
		em_line(e, "assign co_b%u_nw = %s;", i, em_str(&x));
		em_line(e, "assign %s = (co_b%u_nr != 2'd0) | (co_b%u_nw != 2'd0);", rg_bit(e, "co_bacc", NB, i), i, i);
		em_line(e, "assign %s = co_b%u_nr == 2'd2;", rg_bit(e, "co_brr", NB, i), i);
		em_line(e, "assign %s = co_b%u_nw == 2'd2;", rg_bit(e, "co_bww", NB, i), i);
		em_line(e, "assign %s = (co_b%u_nr == 2'd1) & (co_b%u_nw == 2'd1);", rg_bit(e, "co_brw", NB, i), i, i);
	}
	for (j = 0; j < NOC; j++) {
		em_clear(&x);
		for (i = 0; i < NB; i++)
			for (sd = 0; sd < 2; sd++)
				em_add(&x, " | ", "co_c%u_g", rfm_ca_cell(NOC, i, sd, j));
		em_line(e, "assign %s = %s;  // collector %u receives a slice write next cycle", rg_bit(e, "co_ocw", NOC, j), em_str(&x), j);
	}
	for (p = 0; p < P; p++)
		em_line(e, "assign %s = co_w%u_req & ~wb%u_gnt;", rg_bit(e, "co_wstall", P, p), p, p);
	rg_popcount(e, "co_inc_bank_acc", "co_bacc", NB, cb);
	rg_popcount(e, "co_inc_coal_rr", "co_brr", NB, cb);
	rg_popcount(e, "co_inc_coal_ww", "co_bww", NB, cb);
	rg_popcount(e, "co_inc_coal_rw", "co_brw", NB, cb);
	rg_popcount(e, "co_inc_ocw", "co_ocw", NOC, cb);
	rg_popcount(e, "co_inc_wb_stall", "co_wstall", P, cb);
	if (zg) {
		em_line(e, "// zero gating: bytes of the granted sub-banks not driven; bytes of the granted sub-banks");
		em_clear(&x);
		for (p = 0; p < P; p++)
			em_add(&x, " + ", "(wb%u_gnt ? %u'(co_w%u_zgn) : '0)", p, cb, p);
		em_line(e, "assign co_inc_zg_wr = %s;", em_str(&x));
		em_clear(&x);
		for (i = 0; i < NB; i++)
			em_add(&x, " + ", "%u'(co_b%u_zgn)", cb, i);
		em_line(e, "assign co_inc_zg_rd = %s;", em_str(&x));
		rg_popcount(e, "co_sbn", "co_sb", 4 * NB, cb);
		em_line(e, "assign co_inc_sb_bytes = co_sbn * %s;", em_lit(e, cb, L));
	}

	em_str_free(&x);
}

/* The back end's state flops, for rf_top's always_ff (rg_state). */
static void coal_state(rg_top_t *t)
{
	CO_DIMS(t);
	static const char *const fld[5] = {"odd", "sign", "enc", "zm", "zr"}; /* zm, zr: zero gating */
	unsigned f;
	for (j = 0; j < NOC; j++) {
		if (zg)
			rg_state(t, em_fmt(e, "co_u%u_am_q", j), em_fmt(e, "co_u%u_am_d", j), "'0");
		for (k = 0; k < 4; k++) {
			rg_state(t, em_fmt(e, "co_x%u_%u_v_q", j, k), em_fmt(e, "co_x%u_%u_v_d", j, k), "1'b0");
			rg_state(t, em_fmt(e, "co_x%u_%u_b_q", j, k), em_fmt(e, "co_x%u_%u_b_d", j, k), "'0");
			rg_state(t, em_fmt(e, "co_x%u_%u_o_q", j, k), em_fmt(e, "co_x%u_%u_o_d", j, k), "'0");
		}
	}
	for (q = 0; q < NQ; q++) {
		for (f = 0; f < (zg ? 5u : 3u); f++)
			rg_state(t, em_fmt(e, "co_q%u_%s_q", q, fld[f]), em_fmt(e, "co_q%u_%s_d", q, fld[f]), "'0");
		rg_state(t, em_fmt(e, "co_q%u_vld_q", q), em_fmt(e, "co_q%u_vld_d", q), "1'b0");
	}
	for (i = 0; zg && i < NB; i++) {
		rg_state(t, em_fmt(e, "co_b%u_ren_q", i), em_fmt(e, "co_b%u_ren_d", i), "'0");
		rg_state(t, em_fmt(e, "co_b%u_rpm_q", i), em_fmt(e, "co_b%u_rpm_d", i), "4'b0000");
	}
	em_str_free(&x);
}

static void coal_unread(rg_top_t *t)
{
	CO_DIMS(t);

	em_clear(&x);
	em_add(&x, ", ", "co_pri, co_sb, co_oc, co_msign, co_menc");
	for (p = 0; p < P; p++)
		em_add(&x, ", ", "co_w%u_nsign, co_w%u_nenc", p, p);
	for (i = 0; i < NB; i++)
		em_add(&x, ", ", "co_b%u_rvalid, co_b%u_acc", i, i);
	for (p = 0; zg && p < P; p++)
		em_add(&x, ", ", "co_w%u_zwen, co_w%u_cin, co_w%u_cx, co_w%u_zgi, co_w%u_zgz", p, p, p, p, p);
	for (q = 0; zg && q < NQ; q++)
		em_add(&x, ", ", "co_q%u_zdata, co_q%u_zlane, co_q%u_gi, co_q%u_gz", q, q, q, q);
	/* rf_collector's pending rule decides readiness and busy; rf_coal_collector's agree */
	for (j = 0; j < NOC; j++)
		em_add(&x, ", ", "co_u%u_busy", j);
	for (q = 0; q < NQ; q++)
		em_add(&x, ", ", "co_q%u_ready", q);

	rg_unused(e, "coal", em_str(&x));

	em_str_free(&x);
}


static int co_on(const rfm_cfg_t *c) { return c->coalescing_enable == RFM_ON; }

/* The back end: rf_top's coalescing register file, its collectors included. */
static void coal_backend(rg_top_t *t)
{
	t->written = "gnt";
	coal_decls_ports(t);
	coal_decls_cells(t);
	coal_write_path(t);
	coal_issue_lookups(t);
	coal_allocation(t);
	coal_request_matrix(t);
	coal_banks(t);
	coal_collectors(t);
	coal_counters(t);
	coal_state(t);
	coal_unread(t);
}

/* The coalescing counters (rfm_tco_cnt_names order). */
static void coal_status(rg_top_t *t)
{
	unsigned n;
	for (n = 0; n < rfm_tco_ncnt(t->c); n++)
		rg_counter(t, rfm_tco_cnt_names[n], em_fmt(t->e, "co_inc_%s", rfm_tco_cnt_names[n]));
}

const rg_part_t rg_part_coalescing = {
	.name = "coalescing", .slot = RG_BACKEND, .active = co_on, .backend = coal_backend, .status = coal_status,
};
