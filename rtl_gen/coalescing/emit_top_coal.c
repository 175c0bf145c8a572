/* emit_top_coal.c - rf_top's coalescing register file ([coalescing] enable = on; model:
 * cmodel/coalescing/top_coal.c): rf_width_detect per write-back port, rf_mask_buffer, rf_coal_arbiter, one
 * rf_dual_bank per bank, rf_subbank_xbar, rf_coal_collector (operand buffers with four write
 * slices; unswap, sign fill and TI -> BI at dispatch) and the collector control of rf_collector's
 * rules (issue allocation, pending operands, dispatch round robin); the coalescing counters. With
 * zero gating (in_lane and above): rf_zero_detect per write-back port, rf_zmask_buffer, and
 * rf_zero_read per operand; the granted reads' byte enables, registered, gate the bank's read data.
 * Called by rg_emit_rf_top in place of rf_collector, rf_bank_arbiter, rf_bank and rf_xbar. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_models.h"
#include "rfm_top_coal.h"
#include "rg.h"

/* A growing expression (joined terms): room for the widest one, the zero-byte mask of a 64-lane
 * file (256 terms); overflowing it is a generator bug and stops rtl_gen. */
typedef struct xs {
	char s[32768];
	size_t n;
} xs_t;

static void xs_add(xs_t *x, const char *sep, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void xs_add(xs_t *x, const char *sep, const char *fmt, ...)
{
	va_list ap;
	if (x->n && sep)
		x->n += (size_t)snprintf(x->s + x->n, sizeof(x->s) - x->n, "%s", sep);
	va_start(ap, fmt);
	x->n += (size_t)vsnprintf(x->s + x->n, sizeof(x->s) - x->n, fmt, ap);
	va_end(ap);
	if (x->n >= sizeof(x->s)) {
		fprintf(stderr, "rtl_gen: internal error: an rf_top expression exceeds %zu characters\n", sizeof(x->s));
		exit(1);
	}
}

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
static void bytes8(xs_t *x, const char *v, unsigned n)
{
	unsigned b;
	memset(x, 0, sizeof(*x));
	for (b = n; b-- > 0;)
		xs_add(x, ", ", "{8{%s[%u]}}", v, b);
}

/* TI byte mask of the sub-banks in a 4-bit mask pm: {{L{pm[3]}}, ..., {L{pm[0]}}}. */
static const char *sb_bytes(em_t *e, const char *pm, unsigned L)
{
	return em_fmt(e, "{{%u{%s[3]}}, {%u{%s[2]}}, {%u{%s[1]}}, {%u{%s[0]}}}", L, pm, L, pm, L, pm, L, pm);
}

/* TI zero-byte mask of a zero-mask entry (zm, r): byte (t, k) at bit L*k + t is zero when the
 * group's R-bit (the mode's in the static modes) is 1 and word 4g + k is, or it is 0 and lane t
 * is (rfm_tco_zbyte). */
static void zero_bytes(em_t *e, xs_t *x, const rfm_cfg_t *c, const char *zm_in, const char *r_in)
{
	unsigned L = c->rf_lanes, G = L / 4, mode = c->coalescing_zero_gating, t, k;
	char zm[64], r[64]; /* copies: em_fmt's scratch strings rotate */
	snprintf(zm, sizeof(zm), "%s", zm_in);
	snprintf(r, sizeof(r), "%s", r_in);
	memset(x, 0, sizeof(*x));
	for (k = 4; k-- > 0;)
		for (t = L; t-- > 0;) {
			unsigned g = t / 4;
			if (mode == RFM_ZG_IN_LANE)
				xs_add(x, ", ", "%s[%u]", zm, t);
			else if (mode == RFM_ZG_CROSS_LANE)
				xs_add(x, ", ", "%s[%u]", zm, 4 * g + k);
			else
				xs_add(x, ", ", "(%s ? %s[%u] : %s[%u])", rg_bit(e, r, G, g), zm, 4 * g + k, zm, t);
		}
}

/* A balanced sum of the bits lo..hi-1 of vec, each cast to w bits: an adder tree of depth
 * log2(hi - lo), not a chain (wide popcounts of the zero-gating counters). */
static void bal_sum(xs_t *x, const char *vec, unsigned lo, unsigned hi, unsigned w)
{
	unsigned mid;
	if (hi - lo == 1) {
		xs_add(x, NULL, "%u'(%s[%u])", w, vec, lo);
		return;
	}
	mid = lo + (hi - lo) / 2;
	xs_add(x, NULL, "(");
	bal_sum(x, vec, lo, mid, w);
	xs_add(x, NULL, " + ");
	bal_sum(x, vec, mid, hi, w);
	xs_add(x, NULL, ")");
}

/* Issue lookup field fld of issue port k, source s: lookup field mfld, unless a write granted this
 * cycle goes to the same (bank, row): then that write's field wfld (the higher port last). */
static void fwd_chain(em_t *e, unsigned P, unsigned k, unsigned s, const char *fld, const char *wfld, const char *mfld)
{
	xs_t y;
	unsigned p;
	memset(&y, 0, sizeof(y));
	for (p = P; p-- > 0;)
		xs_add(&y, " : ", "(wb%u_gnt & (wb%u_bank == iss%u_s%u_bank) & (wb%u_row == iss%u_s%u_row)) ? co_w%u_%s", p, p,
		       k, s, p, k, s, p, wfld);
	em_line(e, "assign co_i%u_%u_%s = %s : co_i%u_%u_%s;", k, s, fld, y.s, k, s, mfld);
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

void rg_emit_top_coal(em_t *e, const rfm_cfg_t *c)
{
	unsigned P = c->rf_write_ports, K = c->sm_schedulers, S = c->sm_operands, NB = c->rf_banks;
	unsigned NOC = c->sm_collectors, NQ = c->d.nq, L = c->rf_lanes, W = c->d.wreg_bits, bw = c->d.bank_w;
	unsigned ew = c->d.entry_w, cb = c->stats_counter_bits, NC = NB * 2 * NOC, rkw = bits_for(NOC), p, k, s, j, q;
	unsigned i, sd, o, n, ow = rfm_clog2(S), cw = rfm_clog2(NOC);
	int preg = c->coalescing_parity == RFM_CPARITY_REG;
	int zg = c->coalescing_zero_gating >= RFM_ZG_IN_LANE;
	unsigned G = L / 4, ncnt = rfm_tco_ncnt(c), zcw = rfm_cntw(L), zw = rfm_cntw(4 * L); /* zw: bytes of a bank */
	xs_t x;

	em_blank(e);
	em_line(e, "// ---- coalescing register file (docs/coalescing.md, \"rf_top\") ----");
	em_line(e, "// Side of a register: %s LSB (0: R, even, right-aligned; 1: L, odd, byte-swapped).",
		preg ? "register id" : "row (entry)");
	em_line(e, "// write-back requests: rf_map, rf_width_detect (old code from the mask buffer), arbiter grant");
	for (p = 0; p < P; p++) {
		em_line(e, "logic co_w%u_req, co_w%u_odd, co_w%u_osign, co_w%u_fsign, co_w%u_nsign, wb%u_gnt;", p, p, p, p, p, p);
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
	em_line(e, "// collector allocation (rf_collector's rule: issue port k fills the k-th lowest free unit)");
	for (j = 0; j < NOC; j++) {
		em_line(e, "logic co_free%u;", j);
		em_line(e, "logic %s co_rank%u;", em_rng(e, rkw), j);
		for (k = 0; k < K; k++)
			em_line(e, "logic co_a%u_%u;", k, j);
	}
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
		em_line(e, "logic co_q%u_sv, co_q%u_pend_q, co_q%u_pend_d, co_q%u_vld_q, co_q%u_vld_d, co_q%u_ready;", q, q, q, q, q, q);
		em_line(e, "logic cq%u_req, aq%u_gnt;", q, q);
		em_line(e, "logic %s cq%u_bank, co_q%u_bank_d;", em_rng(e, bw), q, q);
		em_line(e, "logic %s cq%u_entry, co_q%u_entry_d;", em_rng(e, ew), q, q);
		em_line(e, "logic %s co_q%u_data, co_q%u_out;", em_rng(e, W), q, q);
	}
	em_line(e, "// per collector: tag, warp, dispatch; slice selects registered with the grant");
	for (j = 0; j < NOC; j++) {
		em_line(e, "logic co_u%u_alloc, co_u%u_free, co_u%u_busy;", j, j, j);
		em_line(e, "logic %s co_u%u_tag_q, co_u%u_tag_d;", em_rng(e, c->sm_tag_bits), j, j);
		em_line(e, "logic %s co_u%u_warp_q, co_u%u_warp_d;", em_rng(e, c->d.warp_w), j, j);
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
	em_line(e, "logic %s rdy, disp, dispatch_ge;", em_rng(e, NOC));
	em_line(e, "logic %s dptr_q, dptr_d, dlast;", em_rng(e, cw));
	em_line(e, "logic %s co_nfree;", em_rng(e, rkw));
	for (k = 0; k < K; k++) {
		em_line(e, "logic %s dsp%u_cand, dsp%u_hi, dsp%u_oh;", em_rng(e, NOC), k, k, k);
		em_line(e, "logic %s dsp%u_sel;", em_rng(e, cw), k);
		em_line(e, "logic dsp%u_any;", k);
	}
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
		em_line(e, "logic %s cnt_%s_q, cnt_%s_d, co_inc_%s;", em_rng(e, cb), rfm_tco_cnt_names[n], rfm_tco_cnt_names[n],
			rfm_tco_cnt_names[n]);

	/* write path */
	for (p = 0; p < P; p++) {
		em_blank(e);
		em_line(e, "// write-back port %u: a request when inside the kernel with a lane; ready unless refused", p);
		em_line(e, "assign co_w%u_req = wb%u_ok & (|wb%u_mask_i);", p, p, p);
		if (preg)
			em_line(e, "assign co_w%u_odd = %s;", p, rg_bit(e, em_fmt(e, "wb%u_reg_i", p), c->d.reg_w, 0));
		else
			em_line(e, "assign co_w%u_odd = %s;", p, rg_bit(e, em_fmt(e, "wb%u_row", p), ew, 0));
		em_line(e, "assign co_w%u_idx = %s;", p, pack_idx(e, c, em_fmt(e, "wb%u_bank", p), em_fmt(e, "wb%u_row", p)));
		em_line(e, "assign wb%u_gnt = %s;", p, rg_bit(e, "co_wgnt", P, p));
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
		memset(&x, 0, sizeof(x));
		for (i = L; i-- > 0;)
			for (k = 4; k-- > 0;)
				xs_add(&x, ", ", "co_w%u_wdata[%u:%u]", p, 8 * (L * k + i) + 7, 8 * (L * k + i));
		em_line(e, "assign co_w%u_zdata = {%s};", p, x.s);
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
		em_line(e, "assign co_w%u_zb = {%s};", p, x.s);
		em_line(e, "assign co_w%u_bwz = (co_w%u_bwe & ~co_w%u_zb) | (co_w%u_fill & %s);", p, p, p, p,
			sb_bytes(e, em_fmt(e, "co_w%u_pmask", p), L));
		bytes8(&x, em_fmt(e, "co_w%u_fill", p), 4 * L);
		em_line(e, "assign co_w%u_wdz = co_w%u_wdata & ~{%s};", p, p, x.s);
		em_line(e, "assign co_w%u_zgb = %s & ~co_w%u_bwz;  // bytes of its sub-banks not written", p,
			sb_bytes(e, em_fmt(e, "co_w%u_pmask", p), L), p);
		memset(&x, 0, sizeof(x));
		bal_sum(&x, em_fmt(e, "co_w%u_zgb", p), 0, 4 * L, zw);
		em_line(e, "assign co_w%u_zgn = %s;", p, x.s);
	}

	/* issue lookups */
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

	/* allocation and captured codes */
	em_blank(e);
	em_line(e, "// allocation: unit j's rank among the free units; its sources' codes are captured");
	for (j = 0; j < NOC; j++) {
		em_line(e, "assign co_free%u = ~%s;", j, rg_bit(e, "busy", NOC, j));
		memset(&x, 0, sizeof(x));
		for (o = 0; o < j; o++)
			xs_add(&x, " + ", "%u'(co_free%u)", rkw, o);
		em_line(e, "assign co_rank%u = %s;", j, j ? x.s : em_fmt(e, "%u'd0", rkw));
		for (k = 0; k < K; k++)
			em_line(e, "assign co_a%u_%u = iss%u_valid_i & co_free%u & (co_rank%u == %s);", k, j, k, j, j, em_lit(e, rkw, k));
	}
	for (q = 0; q < NQ; q++) {
		static const char *const fld[5] = {"odd", "sign", "enc", "zm", "zr"}; /* zm, zr: zero gating */
		unsigned f;
		j = q / S;
		s = q % S;
		for (f = 0; f < (zg ? 5u : 3u); f++) {
			memset(&x, 0, sizeof(x));
			for (k = 0; k < K; k++)
				xs_add(&x, " : ", "co_a%u_%u ? co_i%u_%u_%s", k, j, k, s, fld[f]);
			em_line(e, "assign co_q%u_%s_d = %s : co_q%u_%s_q;", q, fld[f], x.s, q, fld[f]);
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
		memset(&x, 0, sizeof(x));
		for (o = j * S; o < q; o++)
			xs_add(&x, " | ", "(cq%u_req & (cq%u_bank == cq%u_bank) & (co_q%u_odd_q == co_q%u_odd_q))", o, o, q, o, q);
		em_line(e, "assign co_q%u_head = cq%u_req%s%s%s;  // its oldest pending operand of the same (bank, side)", q, q,
			x.n ? " & ~(" : "", x.s, x.n ? ")" : "");
	}

	/* request matrix and arbiter */
	em_blank(e);
	em_line(e, "// request matrix: per (bank, side, collector) the head operand");
	for (i = 0; i < NB; i++)
		for (sd = 0; sd < 2; sd++)
			for (j = 0; j < NOC; j++) {
				unsigned cl = rfm_ca_cell(NOC, i, sd, j);
				xs_t v, pm, row, op;
				memset(&op, 0, sizeof(op));
				memset(&v, 0, sizeof(v));
				memset(&pm, 0, sizeof(pm));
				memset(&row, 0, sizeof(row));
				for (s = 0; s < S; s++) {
					q = j * S + s;
					xs_add(&v, " | ", "(co_q%u_head & (cq%u_bank == %s) & (co_q%u_odd_q == 1'b%u))", q, q, em_lit(e, bw, i), q,
					       sd);
					xs_add(&pm, " : ", "(co_q%u_head & (cq%u_bank == %s) & (co_q%u_odd_q == 1'b%u)) ? co_q%u_pm", q, q,
					       em_lit(e, bw, i), q, sd, q);
					xs_add(&row, " : ", "(co_q%u_head & (cq%u_bank == %s) & (co_q%u_odd_q == 1'b%u)) ? cq%u_entry", q, q,
					       em_lit(e, bw, i), q, sd, q);
					xs_add(&op, " : ", "(co_q%u_head & (cq%u_bank == %s) & (co_q%u_odd_q == 1'b%u)) ? %s", q, q,
					       em_lit(e, bw, i), q, sd, em_lit(e, ow, s));
				}
				if (zg) {
					xs_t zm;
					memset(&zm, 0, sizeof(zm));
					for (s = 0; s < S; s++) {
						q = j * S + s;
						xs_add(&zm, " : ", "(co_q%u_head & (cq%u_bank == %s) & (co_q%u_odd_q == 1'b%u)) ? co_q%u_ren", q,
						       q, em_lit(e, bw, i), q, sd, q);
					}
					em_line(e, "assign co_c%u_ren = %s : '0;", cl, zm.s);
				}
				em_line(e, "assign co_c%u_v = %s;", cl, v.s);
				em_line(e, "assign co_c%u_pm = %s : 4'b0000;", cl, pm.s);
				em_line(e, "assign co_c%u_row = %s : '0;", cl, row.s);
				em_line(e, "assign co_c%u_op = %s : '0;", cl, op.s);
				em_line(e, "assign co_c%u_g = %s;", cl, rg_bit(e, "co_rgnt", NC, cl));
			}
	memset(&x, 0, sizeof(x));
	for (i = NC; i-- > 0;)
		xs_add(&x, ", ", "co_c%u_v", i);
	em_line(e, "assign co_rd_valid = {%s};", x.s);
	memset(&x, 0, sizeof(x));
	for (i = NC; i-- > 0;)
		xs_add(&x, ", ", "co_c%u_pm", i);
	em_line(e, "assign co_rd_pmask = {%s};", x.s);
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
		memset(&x, 0, sizeof(x));
		j = q / S;
		for (i = 0; i < NB; i++)
			for (sd = 0; sd < 2; sd++)
				xs_add(&x, " | ", "((cq%u_bank == %s) & (co_q%u_odd_q == 1'b%u) & co_c%u_g)", q, em_lit(e, bw, i), q, sd,
				       rfm_ca_cell(NOC, i, sd, j));
		em_line(e, "assign aq%u_gnt = co_q%u_head & (%s);", q, q, x.s);
	}

	/* banks */
	for (i = 0; i < NB; i++) {
		em_blank(e);
		em_line(e, "// bank %u: the granted even request drives R, the odd one L (writes before reads)", i);
		for (sd = 0; sd < 2; sd++) {
			const char *sn = sd ? "l" : "r";
			xs_t en, we, row, pm, wd, be;
			memset(&en, 0, sizeof(en));
			memset(&we, 0, sizeof(we));
			memset(&row, 0, sizeof(row));
			memset(&pm, 0, sizeof(pm));
			memset(&wd, 0, sizeof(wd));
			memset(&be, 0, sizeof(be));
			for (p = 0; p < P; p++) {
				em_line(e, "assign co_w%u_hit%u_%s = wb%u_gnt & (wb%u_bank == %s) & (co_w%u_odd == 1'b%u);", p, i, sn, p, p,
					em_lit(e, bw, i), p, sd);
				xs_add(&en, " | ", "co_w%u_hit%u_%s", p, i, sn);
				xs_add(&we, " | ", "co_w%u_hit%u_%s", p, i, sn);
				xs_add(&row, " : ", "co_w%u_hit%u_%s ? wb%u_row", p, i, sn, p);
				xs_add(&pm, " : ", "co_w%u_hit%u_%s ? co_w%u_pmask", p, i, sn, p);
				xs_add(&wd, " : ", "co_w%u_hit%u_%s ? co_w%u_%s", p, i, sn, p, zg ? "wdz" : "wdata");
				xs_add(&be, " : ", "co_w%u_hit%u_%s ? co_w%u_%s", p, i, sn, p, zg ? "bwz" : "bwe");
			}
			for (j = 0; j < NOC; j++) {
				unsigned cl = rfm_ca_cell(NOC, i, sd, j);
				xs_add(&en, " | ", "co_c%u_g", cl);
				xs_add(&row, " : ", "co_c%u_g ? co_c%u_row", cl, cl);
				xs_add(&pm, " : ", "co_c%u_g ? co_c%u_pm", cl, cl);
			}
			em_line(e, "assign co_b%u_%s_en = %s;", i, sn, en.s);
			em_line(e, "assign co_b%u_%s_we = %s;", i, sn, we.s);
			em_line(e, "assign co_b%u_%s_row = %s : '0;", i, sn, row.s);
			em_line(e, "assign co_b%u_%s_pmask = %s : 4'b0000;", i, sn, pm.s);
			em_line(e, "assign co_b%u_%s_wdata = %s : '0;", i, sn, wd.s);
			em_line(e, "assign co_b%u_%s_bwe = %s : '0;", i, sn, be.s);
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
			xs_t ren, rpm;
			memset(&ren, 0, sizeof(ren));
			memset(&rpm, 0, sizeof(rpm));
			for (sd = 0; sd < 2; sd++)
				for (j = 0; j < NOC; j++) {
					unsigned cl = rfm_ca_cell(NOC, i, sd, j);
					xs_add(&ren, " | ", "(co_c%u_g ? co_c%u_ren : '0)", cl, cl);
					xs_add(&rpm, " | ", "(co_c%u_g ? co_c%u_pm : 4'b0000)", cl, cl);
				}
			em_line(e, "assign co_b%u_ren_d = %s;", i, ren.s);
			em_line(e, "assign co_b%u_rpm_d = %s;  // sub-banks the granted reads hold", i, rpm.s);
		}
		bytes8(&x, em_fmt(e, "co_b%u_ren_q", i), 4 * L);
		em_line(e, "assign co_b%u_rdz = co_b%u_rdata & {%s};", i, i, x.s);
		em_line(e, "assign co_b%u_zgb = %s & ~co_b%u_ren_q;  // bytes of the reads' sub-banks not read", i,
			sb_bytes(e, em_fmt(e, "co_b%u_rpm_q", i), L), i);
		memset(&x, 0, sizeof(x));
		bal_sum(&x, em_fmt(e, "co_b%u_zgb", i), 0, 4 * L, zw);
		em_line(e, "assign co_b%u_zgn = %s;", i, x.s);
	}

	/* collectors */
	em_blank(e);
	em_line(e, "// slice selects of the cycle after the grant: slice k of collector j from the bank whose");
	em_line(e, "// granted read holds sub-bank k, into that read's operand buffer");
	for (j = 0; j < NOC; j++)
		for (k = 0; k < 4; k++) {
			xs_t v, b, op;
			memset(&v, 0, sizeof(v));
			memset(&b, 0, sizeof(b));
			memset(&op, 0, sizeof(op));
			for (i = 0; i < NB; i++)
				for (sd = 0; sd < 2; sd++) {
					unsigned cl = rfm_ca_cell(NOC, i, sd, j);
					xs_add(&v, " | ", "(co_c%u_g & co_c%u_pm[%u])", cl, cl, k);
					xs_add(&b, " : ", "(co_c%u_g & co_c%u_pm[%u]) ? %s", cl, cl, k, em_lit(e, bw, i));
					xs_add(&op, " : ", "(co_c%u_g & co_c%u_pm[%u]) ? co_c%u_op", cl, cl, k, cl);
				}
			em_line(e, "assign co_x%u_%u_v_d = %s;", j, k, v.s);
			em_line(e, "assign co_x%u_%u_b_d = %s : '0;", j, k, b.s);
			em_line(e, "assign co_x%u_%u_o_d = %s : '0;", j, k, op.s);
		}
	em_open(e, "rf_subbank_xbar u_subbank_xbar (");
	for (i = 0; i < NB; i++)
		rg_conn(e, em_fmt(e, "bank%u_rdata_i", i), em_fmt(e, "co_b%u_%s", i, zg ? "rdz" : "rdata"));
	for (j = 0; j < NOC; j++) {
		memset(&x, 0, sizeof(x));
		for (k = 4; k-- > 0;)
			xs_add(&x, ", ", "co_x%u_%u_v_q", j, k);
		rg_conn(e, em_fmt(e, "oc%u_sel_valid_i", j), em_fmt(e, "{%s}", x.s));
		memset(&x, 0, sizeof(x));
		for (k = 4; k-- > 0;)
			xs_add(&x, ", ", "co_x%u_%u_b_q", j, k);
		rg_conn(e, em_fmt(e, "oc%u_sel_bank_i", j), em_fmt(e, "{%s}", x.s));
	}
	for (j = 0; j < NOC; j++) {
		rg_conn(e, em_fmt(e, "oc%u_wdata_o", j), em_fmt(e, "co_x%u_wdata", j));
		rg_conn(e, em_fmt(e, "oc%u_wen_o", j), em_fmt(e, "co_x%u_wen", j));
	}
	rg_conn_end(e);

	em_blank(e);
	em_line(e, "// collector control: a unit filled by an issue captures tag, warp and per source the");
	em_line(e, "// location and the code; an operand is pending until granted; a dispatch frees the unit");
	memset(&x, 0, sizeof(x));
	for (j = NOC; j-- > 0;)
		xs_add(&x, ", ", "co_u%u_busy", j);
	em_line(e, "assign busy = {%s};", x.s);
	memset(&x, 0, sizeof(x));
	for (j = 0; j < NOC; j++)
		xs_add(&x, " + ", "%u'(co_free%u)", rkw, j);
	em_line(e, "assign co_nfree = %s;", x.s);
	for (k = 0; k < K; k++)
		em_line(e, "assign iss%u_ready_o = co_nfree > %s;  // at least %u free units", k, em_lit(e, rkw, k), k + 1);
	for (j = 0; j < NOC; j++) {
		xs_t tg, wp;
		memset(&x, 0, sizeof(x));
		memset(&tg, 0, sizeof(tg));
		memset(&wp, 0, sizeof(wp));
		for (k = 0; k < K; k++) {
			xs_add(&x, " | ", "co_a%u_%u", k, j);
			xs_add(&tg, " : ", "co_a%u_%u ? iss%u_tag_i", k, j, k);
			xs_add(&wp, " : ", "co_a%u_%u ? iss%u_warp_i", k, j, k);
		}
		em_line(e, "assign co_u%u_alloc = %s;", j, x.s);
		em_line(e, "assign co_u%u_free = %s;", j, rg_bit(e, "disp", NOC, j));
		em_line(e, "assign co_u%u_tag_d = %s : co_u%u_tag_q;", j, tg.s, j);
		em_line(e, "assign co_u%u_warp_d = %s : co_u%u_warp_q;", j, wp.s, j);
		if (zg) {
			memset(&x, 0, sizeof(x));
			for (k = 0; k < K; k++)
				xs_add(&x, " : ", "co_a%u_%u ? iss%u_amask_i", k, j, k);
			em_line(e, "assign co_u%u_am_d = %s : co_u%u_am_q;", j, x.s, j);
		}
		for (s = 0; s < S; s++) {
			xs_t sv, bk, rw;
			q = j * S + s;
			memset(&sv, 0, sizeof(sv));
			memset(&bk, 0, sizeof(bk));
			memset(&rw, 0, sizeof(rw));
			for (k = 0; k < K; k++) {
				xs_add(&sv, " : ", "co_a%u_%u ? (iss%u_src%u_valid_i & ~iss%u_s%u_err)", k, j, k, s, k, s);
				xs_add(&bk, " : ", "co_a%u_%u ? iss%u_s%u_bank", k, j, k, s);
				xs_add(&rw, " : ", "co_a%u_%u ? iss%u_s%u_row", k, j, k, s);
			}
			em_line(e, "assign co_q%u_sv = %s : 1'b0;", q, sv.s);
			em_line(e, "assign co_q%u_pend_d = co_u%u_alloc ? co_q%u_sv : co_q%u_pend_q & ~aq%u_gnt;", q, j, q, q, q);
			em_line(e, "assign co_q%u_vld_d = co_u%u_alloc ? co_q%u_sv : co_q%u_vld_q;", q, j, q, q);
			em_line(e, "assign co_q%u_bank_d = %s : cq%u_bank;", q, bk.s, q);
			em_line(e, "assign co_q%u_entry_d = %s : cq%u_entry;", q, rw.s, q);
			em_line(e, "assign cq%u_req = co_u%u_busy & co_q%u_pend_q;", q, j, q);
			em_line(e, "assign co_q%u_out = co_q%u_vld_q ? co_q%u_data : '0;  // a source not read is zero", q, q, q);
		}
	}
	memset(&x, 0, sizeof(x));
	for (j = NOC; j-- > 0;) {
		xs_t r;
		memset(&r, 0, sizeof(r));
		for (s = 0; s < S; s++)
			xs_add(&r, " & ", "(~co_q%u_vld_q | co_q%u_ready)", j * S + s, j * S + s);
		xs_add(&x, ", ", "co_u%u_busy & %s", j, r.s);
	}
	em_line(e, "assign rdy = {%s};  // every source read", x.s);
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

	rg_emit_dispatch(e, c, "co_u", "co_q", "_out", 0);

	/* counters */
	em_blank(e);
	em_line(e, "// reads refused this cycle (presented cells), and those a granted write blocks");
	for (i = 0; i < NB; i++) {
		memset(&x, 0, sizeof(x));
		for (p = 0; p < P; p++)
			xs_add(&x, " | ", "((wb%u_gnt & (wb%u_bank == %s)) ? co_w%u_pmask : 4'b0000)", p, p, em_lit(e, bw, i), p);
		em_line(e, "assign co_wc%u = %s;", i, x.s);
	}
	for (i = 0; i < NC; i++) {
		em_line(e, "assign co_c%u_ref = co_c%u_v & ~co_c%u_g;", i, i, i);
		em_line(e, "assign co_c%u_wblk = co_c%u_ref & (|(co_c%u_pm & co_wc%u));", i, i, i, i / (2 * NOC));
	}
	memset(&x, 0, sizeof(x));
	for (i = NC; i-- > 0;)
		xs_add(&x, ", ", "co_c%u_ref", i);
	em_line(e, "assign co_ref = {%s};", x.s);
	memset(&x, 0, sizeof(x));
	for (i = NC; i-- > 0;)
		xs_add(&x, ", ", "co_c%u_wblk", i);
	em_line(e, "assign co_wblk = {%s};", x.s);
	rg_popcount(e, "nconf", "co_ref", NC, c->d.nq_cnt_w);
	rg_popcount(e, "nwconf", "co_wblk", NC, c->d.nq_cnt_w);
	em_line(e, "// per bank: grants (reads, writes); coalesced pairs by kind (A15)");
	for (i = 0; i < NB; i++) {
		memset(&x, 0, sizeof(x));
		for (sd = 0; sd < 2; sd++)
			for (j = 0; j < NOC; j++)
				xs_add(&x, " + ", "2'(co_c%u_g)", rfm_ca_cell(NOC, i, sd, j));
		em_line(e, "assign co_b%u_nr = %s;", i, x.s);
		memset(&x, 0, sizeof(x));
		for (p = 0; p < P; p++) {
			em_line(e, "logic co_w%u_inb%u;", p, i);
			em_line(e, "assign co_w%u_inb%u = co_w%u_hit%u_r | co_w%u_hit%u_l;", p, i, p, i, p, i);
			xs_add(&x, " + ", "2'(co_w%u_inb%u)", p, i);
		}
		em_line(e, "assign co_b%u_nw = %s;", i, x.s);
		em_line(e, "assign %s = (co_b%u_nr != 2'd0) | (co_b%u_nw != 2'd0);", rg_bit(e, "co_bacc", NB, i), i, i);
		em_line(e, "assign %s = co_b%u_nr == 2'd2;", rg_bit(e, "co_brr", NB, i), i);
		em_line(e, "assign %s = co_b%u_nw == 2'd2;", rg_bit(e, "co_bww", NB, i), i);
		em_line(e, "assign %s = (co_b%u_nr == 2'd1) & (co_b%u_nw == 2'd1);", rg_bit(e, "co_brw", NB, i), i, i);
	}
	for (j = 0; j < NOC; j++) {
		memset(&x, 0, sizeof(x));
		for (i = 0; i < NB; i++)
			for (sd = 0; sd < 2; sd++)
				xs_add(&x, " | ", "co_c%u_g", rfm_ca_cell(NOC, i, sd, j));
		em_line(e, "assign %s = %s;  // collector %u receives a slice write next cycle", rg_bit(e, "co_ocw", NOC, j), x.s, j);
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
		memset(&x, 0, sizeof(x));
		for (p = 0; p < P; p++)
			xs_add(&x, " + ", "(wb%u_gnt ? %u'(co_w%u_zgn) : '0)", p, cb, p);
		em_line(e, "assign co_inc_zg_wr = %s;", x.s);
		memset(&x, 0, sizeof(x));
		for (i = 0; i < NB; i++)
			xs_add(&x, " + ", "%u'(co_b%u_zgn)", cb, i);
		em_line(e, "assign co_inc_zg_rd = %s;", x.s);
		rg_popcount(e, "co_sbn", "co_sb", 4 * NB, cb);
		em_line(e, "assign co_inc_sb_bytes = co_sbn * %s;", em_lit(e, cb, L));
	}
	for (n = 0; n < ncnt; n++) {
		em_line(e, "assign cnt_%s_d = cnt_%s_q + co_inc_%s;", rfm_tco_cnt_names[n], rfm_tco_cnt_names[n],
			rfm_tco_cnt_names[n]);
		em_line(e, "assign cnt_%s_o = cnt_%s_q;", rfm_tco_cnt_names[n], rfm_tco_cnt_names[n]);
	}

	/* state */
	em_blank(e);
	em_line(e, "// collector control, captured codes, slice selects, the coalescing counters");
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	em_line(e, "dptr_q <= '0;");
	for (j = 0; j < NOC; j++) {
		em_line(e, "co_u%u_tag_q <= '0;", j);
		em_line(e, "co_u%u_warp_q <= '0;", j);
		if (zg)
			em_line(e, "co_u%u_am_q <= '0;", j);
		for (k = 0; k < 4; k++) {
			em_line(e, "co_x%u_%u_v_q <= 1'b0;", j, k);
			em_line(e, "co_x%u_%u_b_q <= '0;", j, k);
			em_line(e, "co_x%u_%u_o_q <= '0;", j, k);
		}
	}
	for (q = 0; q < NQ; q++) {
		em_line(e, "co_q%u_odd_q <= 1'b0;", q);
		em_line(e, "co_q%u_sign_q <= 1'b0;", q);
		em_line(e, "co_q%u_enc_q <= 2'd0;", q);
		if (zg) {
			em_line(e, "co_q%u_zm_q <= '0;", q);
			em_line(e, "co_q%u_zr_q <= '0;", q);
		}
		em_line(e, "co_q%u_pend_q <= 1'b0;", q);
		em_line(e, "co_q%u_vld_q <= 1'b0;", q);
		em_line(e, "cq%u_bank <= '0;", q);
		em_line(e, "cq%u_entry <= '0;", q);
	}
	if (zg)
		for (i = 0; i < NB; i++) {
			em_line(e, "co_b%u_ren_q <= '0;", i);
			em_line(e, "co_b%u_rpm_q <= 4'b0000;", i);
		}
	for (n = 0; n < ncnt; n++)
		em_line(e, "cnt_%s_q <= '0;", rfm_tco_cnt_names[n]);
	em_close(e, "end else begin");
	e->ind++;
	em_line(e, "dptr_q <= dptr_d;");
	for (j = 0; j < NOC; j++) {
		em_line(e, "co_u%u_tag_q <= co_u%u_tag_d;", j, j);
		em_line(e, "co_u%u_warp_q <= co_u%u_warp_d;", j, j);
		if (zg)
			em_line(e, "co_u%u_am_q <= co_u%u_am_d;", j, j);
		for (k = 0; k < 4; k++) {
			em_line(e, "co_x%u_%u_v_q <= co_x%u_%u_v_d;", j, k, j, k);
			em_line(e, "co_x%u_%u_b_q <= co_x%u_%u_b_d;", j, k, j, k);
			em_line(e, "co_x%u_%u_o_q <= co_x%u_%u_o_d;", j, k, j, k);
		}
	}
	for (q = 0; q < NQ; q++) {
		em_line(e, "co_q%u_odd_q <= co_q%u_odd_d;", q, q);
		em_line(e, "co_q%u_sign_q <= co_q%u_sign_d;", q, q);
		em_line(e, "co_q%u_enc_q <= co_q%u_enc_d;", q, q);
		if (zg) {
			em_line(e, "co_q%u_zm_q <= co_q%u_zm_d;", q, q);
			em_line(e, "co_q%u_zr_q <= co_q%u_zr_d;", q, q);
		}
		em_line(e, "co_q%u_pend_q <= co_q%u_pend_d;", q, q);
		em_line(e, "co_q%u_vld_q <= co_q%u_vld_d;", q, q);
		em_line(e, "cq%u_bank <= co_q%u_bank_d;", q, q);
		em_line(e, "cq%u_entry <= co_q%u_entry_d;", q, q);
	}
	if (zg)
		for (i = 0; i < NB; i++) {
			em_line(e, "co_b%u_ren_q <= co_b%u_ren_d;", i, i);
			em_line(e, "co_b%u_rpm_q <= co_b%u_rpm_d;", i, i);
		}
	for (n = 0; n < ncnt; n++)
		em_line(e, "cnt_%s_q <= cnt_%s_d;", rfm_tco_cnt_names[n], rfm_tco_cnt_names[n]);
	em_close(e, "end");
	em_close(e, "end");

	/* unread outputs of the blocks */
	memset(&x, 0, sizeof(x));
	xs_add(&x, ", ", "co_pri, co_sb, co_oc, co_msign, co_menc");
	for (p = 0; p < P; p++)
		xs_add(&x, ", ", "co_w%u_nsign, co_w%u_nenc", p, p);
	for (i = 0; i < NB; i++)
		xs_add(&x, ", ", "co_b%u_rvalid, co_b%u_acc", i, i);
	for (p = 0; zg && p < P; p++)
		xs_add(&x, ", ", "co_w%u_zwen, co_w%u_cin, co_w%u_cx, co_w%u_zgi, co_w%u_zgz", p, p, p, p, p);
	for (q = 0; zg && q < NQ; q++)
		xs_add(&x, ", ", "co_q%u_zdata, co_q%u_zlane, co_q%u_gi, co_q%u_gz", q, q, q, q);

	rg_unused(e, "coal", x.s);
}
