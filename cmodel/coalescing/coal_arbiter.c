/* coal_arbiter.c - rf_coal_arbiter, the coalescing-aware register-file arbiter (Radaideh 2020,
 * section 3.6.2.5; docs/coalescing.md, "Arbiter"), and rfm_ca_arbitrate (rfm_coal.h).
 *
 * One cycle, combinational from the inputs and the priority pointer pri:
 *  1. Writes first, in port order (port 0 = execution write-back, the last = memory write-back):
 *     a valid write is granted unless an earlier granted write to the same bank holds one of its
 *     sub-banks; a granted write holds its sub-banks against every read of the cycle.
 *  2. The read wave: anti-diagonals d = pri, pri+1, ... (mod N, N = max(banks, collectors)); on
 *     diagonal d, bank i meets collector j = (d - i) mod N (skipped when j >= collectors). Inside
 *     a cell the R request (even register) goes before the L request (odd register). A request is
 *     granted all-or-nothing: every sub-bank of its mask free in bank i and every slice of its
 *     mask free in collector j; it then takes them.
 * pri is reset to 0 and moves +1 mod N every cycle, granted or not.
 *
 * The request matrix: cell (bank i, side s, collector j) at index rfm_ca_cell(collectors, i, s, j)
 * = (i * 2 + s) * collectors + j of rd_valid_i (1 bit a cell) and rd_pmask_i (4 bits a cell,
 * bits [4c+3:4c]); it shows the oldest pending operand of collector j for bank i and side s.
 * Outputs: wgnt_o, rgnt_o, pri_o, and the claims sb_o (per bank, writes and reads) and oc_o (per
 * collector, reads).
 *
 * Stimulus: real collectors. A free collector gets an instruction of 1..operands source operands,
 * each a random register (random bank and parity = side) of a width from rfm_cw_dist_fig3_3 (1111
 * in a full-mask run-phase, 1 in 8 phases of 512 cycles, half of them R side only); an operand is
 * pending until granted, the collector is free when all are. Writes arrive at a per-phase rate and
 * an ungranted write holds its request. On a 4 x 4 shape, Fig. 3.16a is replayed in cycles 2..4
 * (pri 0..2) and Fig. 3.16b in cycles 5..8 (pri 3, 0, 1, 2) first.
 *
 * Checker (independent of eval: it judges the outputs against the priority order, it does not
 * rerun the wave): pri (item 17); every request is granted exactly when no granted request of
 * higher priority holds one of its sub-banks (same bank) or, for two reads, one of its collector
 * slices (items 10, 11, 13, 14 and maximality); per-bank and per-collector counts and widths
 * (items 10-12); sb_o/oc_o; on all-1111 R-only cycles, a plain baseline wrapped-wavefront arbiter
 * over (bank, collector) (item 15); the Fig. 3.16 grants (item 16); the starvation bound (item 17,
 * see ca_check). Planted faults: the RFM_FAULT_ARB_* of cmodel/coalescing/faults.def.
 */
#include <stdlib.h>

#include "rfm_coal.h"
#include "rfm_fault_ids.h"
#include "rfm_models.h"

#define CA_MAXN (RFM_MAXB > RFM_MAXC ? RFM_MAXB : RFM_MAXC) /* most diagonals */
#define CA_MAXCELL (RFM_MAXB * 2 * RFM_MAXC)                 /* most read cells */

/* The arbitration of one cycle with planted fault mutate (RFM_FAULT_ARB_*, or RFM_FAULT_NONE). */
static void ca_arb(unsigned nb, unsigned noc, unsigned pri, const rfm_ca_wr_t *wr, unsigned nwr, const uint8_t *rd_valid,
		   const uint8_t *rd_pmask, uint8_t *wgnt, uint8_t *rgnt, unsigned mutate)
{
	unsigned n = rfm_ca_n(nb, noc), p, k, q, i, j, s;
	uint8_t sb[RFM_MAXB], wsb[RFM_MAXB], oc[CA_MAXN];
	memset(sb, 0, sizeof(sb));
	memset(oc, 0, sizeof(oc));
	for (p = 0; p < nwr; p++)
		wgnt[p] = 0;
	for (k = 0; k < nwr; k++) {
		p = mutate == RFM_FAULT_ARB_MEMORY_BEFORE_EXEC ? nwr - 1 - k : k;
		if (!wr[p].valid)
			continue;
		for (q = 0; q < nwr; q++)
			if (q != p && wgnt[q] && (wr[q].bank == wr[p].bank || mutate == RFM_FAULT_ARB_WRITES_IGNORE_BANK) &&
			    (wr[q].pmask & wr[p].pmask & 15u))
				break;
		if (q < nwr)
			continue;
		wgnt[p] = 1;
		if (wr[p].bank < nb && mutate != RFM_FAULT_ARB_WRITES_DO_NOT_HOLD)
			sb[wr[p].bank] |= wr[p].pmask & 15u;
	}
	memcpy(wsb, sb, sizeof(sb));
	memset(rgnt, 0, (size_t)nb * 2u * noc);
	for (q = 0; q < n; q++) {
		unsigned d = (pri + q) % n;
		for (i = 0; i < nb; i++) {
			j = mutate == RFM_FAULT_ARB_MAIN_DIAGONALS ? (d + i) % n : (d + n - i) % n;
			if (j >= noc)
				continue;
			for (k = 0; k < 2; k++) {
				unsigned c, msk;
				s = mutate == RFM_FAULT_ARB_L_BEFORE_R ? 1u - k : k;
				c = rfm_ca_cell(noc, i, s, j);
				msk = rd_pmask[c] & 15u;
				if (!rd_valid[c])
					continue;
				if (msk & (mutate == RFM_FAULT_ARB_READS_SHARE_SUBBANKS ? wsb[i] : sb[i]))
					continue;
				if ((msk & oc[j]) && mutate != RFM_FAULT_ARB_SLICES_UNCHECKED)
					continue;
				if (mutate == RFM_FAULT_ARB_ONE_READ_PER_BANK && sb[i] != wsb[i])
					continue;
				rgnt[c] = 1;
				sb[i] |= (uint8_t)msk;
				oc[j] |= (uint8_t)msk;
			}
		}
	}
}

void rfm_ca_arbitrate(unsigned nb, unsigned noc, unsigned pri, const rfm_ca_wr_t *wr, unsigned nwr,
		      const uint8_t *rd_valid, const uint8_t *rd_pmask, uint8_t *wgnt, uint8_t *rgnt)
{
	ca_arb(nb, noc, pri, wr, nwr, rd_valid, rd_pmask, wgnt, rgnt, RFM_FAULT_NONE);
}

/* ---- the block ---------------------------------------------------------------------------------- */

typedef struct ca_ix {
	unsigned clk, rst, wv[RFM_MAXW], wb[RFM_MAXW], wm[RFM_MAXW], rv, rm, wgnt, rgnt, pri, sb, oc;
} ca_ix_t;

enum {
	CC_READ, CC_RD_RD_BANK, CC_RD_WR_BANK, CC_WR_WR_BANK, CC_PACKED_OC, CC_R_AND_L_CELL, CC_RD_BY_WR, CC_RD_BY_RD_BANK,
	CC_RD_BY_OC, CC_WR_BY_WR, CC_BASELINE, CC_PEAK, CC_WAIT_ROUND, CC_FIG16A, CC_FIG16B, CC_N
};
static const char *const cc_names[CC_N] = {
	"read_granted", "two_reads_one_bank", "read_and_write_one_bank", "two_writes_one_bank",
	"two_banks_into_one_collector", "r_and_l_of_one_cell", "read_blocked_by_write", "read_blocked_by_read_in_bank",
	"read_blocked_by_collector", "write_blocked_by_write", "baseline_cycle_compared", "peak_reads_one_cycle",
	"read_waited_a_full_round", "fig3_16a_replayed", "fig3_16b_replayed"};

/* Stimulus: an operand of a collector's instruction. */
typedef struct ca_op {
	uint8_t bank, side, pmask, pending;
	uint8_t wseen;   /* a write was granted in its bank while it waited */
	uint8_t visits;  /* clean top-priority visits of its cell while pending (the bound in ca_check) */
	uint64_t since;  /* cycle it became pending */
} ca_op_t;

/* Stimulus: an operand collector. */
typedef struct ca_oc {
	unsigned nops;          /* operands of its instruction (0: free) */
	ca_op_t op[RFM_MAXOP];  /* oldest first */
} ca_oc_t;

typedef struct rfm_ca {
	rfm_model_t m;
	ca_ix_t ix;
	unsigned nb, noc, nwr, n, ncell, peak;
	unsigned pri_q;                  /* the diagonal with priority */
	/* this cycle (eval) */
	rfm_ca_wr_t wr[RFM_MAXW];
	uint8_t wgnt[RFM_MAXW];
	uint8_t rv[CA_MAXCELL], rm[CA_MAXCELL], rgnt[CA_MAXCELL];
	/* stimulus and checker */
	ca_oc_t oc[RFM_MAXC];
	int8_t cell_op[CA_MAXCELL];      /* operand shown in each cell (-1: none) */
	rfm_ca_wr_t sw[RFM_MAXW];        /* write requests held until granted */
	uint64_t phase;                  /* current run-phase number + 1 (0: none yet) */
	unsigned full, ronly, arrive, wrate; /* run-phase: masks 1111, R side only, arrival and write rates (/16) */
	int expect;                      /* directed cycle: 1..3 Fig. 3.16a cycle, 4 Fig. 3.16b, 0 none */
	int have_prev;                   /* the outputs in io are a non-reset cycle's */
	int pri_seen;                    /* pri of the previous non-reset cycle is known */
	unsigned pri_prev;               /* that pri */
} rfm_ca_t;

static int ca_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	ca_ix_t *ix = ixv;
	unsigned p, nb = c->rf_banks, noc = c->sm_collectors, ncell = nb * 2 * noc;
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (pri = 0)", "rst_ni");
	for (p = 0; p < c->rf_write_ports; p++) {
		rfm_ports_group(pt, "write request %u (%s)", p,
				p == 0 ? "execution write-back" : p + 1 == c->rf_write_ports ? "memory write-back" : "execution");
		ix->wv[p] = rfm_ports_add(pt, RFM_IN, 1, "a write wants a bank (held until granted; port order = priority)",
					  "wr%u_valid_i", p);
		ix->wb[p] = rfm_ports_add(pt, RFM_IN, c->d.bank_w, "its bank", "wr%u_bank_i", p);
		ix->wm[p] = rfm_ports_add(pt, RFM_IN, 4, "its physical sub-bank mask", "wr%u_pmask_i", p);
	}
	rfm_ports_group(pt, "read request matrix, cell c = (2i + s) x %u + j", noc);
	ix->rv = rfm_ports_add(pt, RFM_IN, ncell, "bank i, side s (R 0, L 1), collector j: its oldest pending operand there",
			       "rd_valid_i");
	ix->rm = rfm_ports_add(pt, RFM_IN, 4 * ncell, "its physical sub-bank mask, bits [4c+3:4c] of cell c", "rd_pmask_i");
	rfm_ports_group(pt, "grants of this cycle");
	ix->wgnt = rfm_ports_add(pt, RFM_OUT, c->rf_write_ports, "bit p: write request p granted", "wgnt_o");
	ix->rgnt = rfm_ports_add(pt, RFM_OUT, ncell, "bit c: read cell c granted (all of its mask)", "rgnt_o");
	ix->pri = rfm_ports_add(pt, RFM_OUT, rfm_clog2(rfm_ca_n(nb, noc)), "anti-diagonal (i + j) mod N with priority",
				"pri_o");
	ix->sb = rfm_ports_add(pt, RFM_OUT, 4 * nb, "bits [4i+3:4i]: sub-banks of bank i granted (writes and reads)", "sb_o");
	ix->oc = rfm_ports_add(pt, RFM_OUT, 4 * noc, "bits [4j+3:4j]: slices of collector j granted to reads", "oc_o");
	return 0;
}

static void ca_reset(rfm_model_t *m)
{
	rfm_ca_t *x = (rfm_ca_t *)m;
	x->pri_q = 0;
}

static void ca_eval(rfm_model_t *m)
{
	rfm_ca_t *x = (rfm_ca_t *)m;
	const uint32_t *rv = rfm_wide(m, x->ix.rv), *rm = rfm_wide(m, x->ix.rm);
	uint32_t *o;
	unsigned p, c, wg = 0;
	uint8_t sb[RFM_MAXB], oc[RFM_MAXC];
	for (p = 0; p < x->nwr; p++) {
		x->wr[p].valid = (uint8_t)rfm_get(m, x->ix.wv[p]);
		x->wr[p].bank = (uint8_t)rfm_get(m, x->ix.wb[p]);
		x->wr[p].pmask = (uint8_t)rfm_get(m, x->ix.wm[p]);
	}
	for (c = 0; c < x->ncell; c++) {
		x->rv[c] = (uint8_t)rfm_bits_get(rv, c, 1);
		x->rm[c] = (uint8_t)rfm_bits_get(rm, 4 * c, 4);
	}
	ca_arb(x->nb, x->noc, x->pri_q, x->wr, x->nwr, x->rv, x->rm, x->wgnt, x->rgnt, m->mutate);
	memset(sb, 0, sizeof(sb));
	memset(oc, 0, sizeof(oc));
	for (p = 0; p < x->nwr; p++) {
		wg |= (unsigned)x->wgnt[p] << p;
		if (x->wgnt[p] && x->wr[p].bank < x->nb)
			sb[x->wr[p].bank] |= x->wr[p].pmask;
	}
	rfm_set(m, x->ix.wgnt, wg);
	o = rfm_wide(m, x->ix.rgnt);
	memset(o, 0, m->slot[x->ix.rgnt].words * 4u);
	for (c = 0; c < x->ncell; c++)
		if (x->rgnt[c]) {
			unsigned i = c / (2 * x->noc), j = c % x->noc;
			rfm_bits_set(o, c, 1, 1);
			sb[i] |= x->rm[c];
			oc[j] |= x->rm[c];
		}
	rfm_set(m, x->ix.pri, x->pri_q);
	o = rfm_wide(m, x->ix.sb);
	for (c = 0; c < x->nb; c++)
		rfm_bits_set(o, 4 * c, 4, sb[c]);
	o = rfm_wide(m, x->ix.oc);
	for (c = 0; c < x->noc; c++)
		rfm_bits_set(o, 4 * c, 4, oc[c]);
}

static void ca_tick(rfm_model_t *m)
{
	rfm_ca_t *x = (rfm_ca_t *)m;
	unsigned c, any = 0;
	for (c = 0; c < x->ncell; c++)
		any |= x->rgnt[c];
	if (m->mutate == RFM_FAULT_ARB_PRI_STALLS && !any)
		return;
	x->pri_q = (x->pri_q + 1) % x->n;
}

/* ---- stimulus ----------------------------------------------------------------------------------- */

/* Fig. 3.16 (docs/coalescing.md, "Arbiter"): per collector j, its two operands {bank, side, mask}. */
static const uint8_t fig16a[4][2][3] = {{{1, 0, 15}, {2, 0, 15}}, {{0, 0, 15}, {3, 0, 15}},
					{{0, 0, 15}, {2, 0, 15}}, {{1, 0, 15}, {3, 0, 15}}};
static const uint8_t fig16b[4][2][3] = {{{1, 0, 0x1}, {2, 1, 0xe}}, {{0, 0, 0x3}, {3, 1, 0x8}},
					{{0, 1, 0xc}, {2, 0, 0x1}}, {{1, 1, 0xc}, {3, 0, 0x3}}};
/* Fig. 3.16a under the baseline from pri = 0: the (bank, collector) grants of cycles 1, 2, 3. */
static const uint8_t fig16a_gnt[3][4] = {{0x13, 0x22, 0x31, 0xff}, {0x01, 0x10, 0x33, 0xff}, {0x02, 0x20, 0xff, 0xff}};

/* The paper's 4 x 4 examples apply: banks = collectors = 4, two operands an instruction. */
static int ca_fig(const rfm_ca_t *x) { return x->nb == 4 && x->noc == 4 && x->m.cfg->sm_operands >= 2; }

static void load_fig(rfm_ca_t *x, const uint8_t f[4][2][3], uint64_t cycle)
{
	unsigned j, k;
	for (j = 0; j < 4; j++) {
		x->oc[j].nops = 2;
		for (k = 0; k < 2; k++) {
			ca_op_t *o = &x->oc[j].op[k];
			memset(o, 0, sizeof(*o));
			o->bank = f[j][k][0];
			o->side = f[j][k][1];
			o->pmask = f[j][k][2];
			o->pending = 1;
			o->since = cycle;
		}
	}
}

/* A request mask: a width from the fig3_3 distribution (1111 in a full-mask phase), reversed on
 * the L side. */
static uint8_t rand_mask(rfm_ca_t *x, rfm_rng_t *r, unsigned side)
{
	uint32_t v[1];
	unsigned w = x->full ? 4 : rfm_cw_sample(r, &rfm_cw_dist_fig3_3, v, 1);
	return (uint8_t)rfm_cw_pmask(w - 1, side);
}

static void ca_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_ca_t *x = (rfm_ca_t *)m;
	const uint32_t *g = rfm_wide(m, x->ix.rgnt);
	uint32_t *rv = rfm_wide(m, x->ix.rv), *rm = rfm_wide(m, x->ix.rm);
	uint64_t wg = rfm_get(m, x->ix.wgnt);
	unsigned j, k, p, c;
	rfm_clear_inputs(m);
	if (cycle < 2) { /* reset: nothing pending */
		memset(x->oc, 0, sizeof(x->oc));
		memset(x->sw, 0, sizeof(x->sw));
		x->have_prev = 0;
		x->pri_seen = 0;
		x->phase = 0;
		x->expect = 0;
		return;
	}
	/* the last cycle's grants retire operands and writes */
	if (x->have_prev) {
		for (c = 0; c < x->ncell; c++)
			if (x->cell_op[c] >= 0 && rfm_bits_get(g, c, 1))
				x->oc[c % x->noc].op[x->cell_op[c]].pending = 0;
		for (p = 0; p < x->nwr; p++)
			if ((wg >> p) & 1u)
				x->sw[p].valid = 0;
	}
	x->have_prev = 1;
	for (j = 0; j < x->noc; j++) {
		unsigned left = 0;
		for (k = 0; k < x->oc[j].nops; k++)
			left += x->oc[j].op[k].pending;
		if (!left)
			x->oc[j].nops = 0; /* every operand read: the instruction leaves, the collector is free */
	}
	x->expect = 0;
	if (ca_fig(x) && cycle < 9) {
		/* directed: Fig. 3.16a in cycles 2..4 (pri 0, 1, 2), then Fig. 3.16b in 5..8 (pri 3, 0, 1, 2) */
		if (cycle == 2)
			load_fig(x, fig16a, cycle);
		if (cycle >= 5)
			load_fig(x, fig16b, cycle);
		x->expect = cycle < 5 ? (int)(cycle - 1) : 4;
	} else {
		if (x->phase != cycle / 512 + 1) { /* a new run-phase */
			static const unsigned arrive[4] = {2, 6, 12, 16}, wrate[5] = {0, 1, 4, 8, 16};
			x->phase = cycle / 512 + 1;
			x->full = rfm_rng_chance(r, 1, 8);
			x->ronly = x->full && rfm_rng_chance(r, 1, 2);
			x->arrive = arrive[rfm_rng_below(r, 4)];
			x->wrate = wrate[rfm_rng_below(r, 5)];
		}
		for (j = 0; j < x->noc; j++) {
			ca_oc_t *o = &x->oc[j];
			if (o->nops || (unsigned)rfm_rng_below(r, 16) >= x->arrive)
				continue;
			o->nops = 1 + (unsigned)rfm_rng_below(r, m->cfg->sm_operands);
			for (k = 0; k < o->nops; k++) {
				ca_op_t *op = &o->op[k];
				memset(op, 0, sizeof(*op));
				op->bank = (uint8_t)rfm_rng_below(r, x->nb);
				op->side = (uint8_t)(x->ronly ? 0 : rfm_rng_below(r, 2));
				op->pmask = rand_mask(x, r, op->side);
				op->pending = 1;
				op->since = cycle;
			}
		}
		for (p = 0; p < x->nwr; p++) {
			if (x->sw[p].valid || (unsigned)rfm_rng_below(r, 16) >= x->wrate)
				continue; /* an ungranted write holds its request */
			x->sw[p].valid = 1;
			x->sw[p].bank = (uint8_t)rfm_rng_below(r, x->nb);
			x->sw[p].pmask = rand_mask(x, r, x->ronly ? 0 : (unsigned)rfm_rng_below(r, 2));
		}
	}
	/* each cell shows the oldest pending operand of its collector for its bank and side */
	for (c = 0; c < x->ncell; c++)
		x->cell_op[c] = -1;
	for (j = 0; j < x->noc; j++)
		for (k = 0; k < x->oc[j].nops; k++) {
			const ca_op_t *op = &x->oc[j].op[k];
			c = rfm_ca_cell(x->noc, op->bank, op->side, j);
			if (!op->pending || x->cell_op[c] >= 0)
				continue;
			x->cell_op[c] = (int8_t)k;
			rfm_bits_set(rv, c, 1, 1);
			rfm_bits_set(rm, 4 * c, 4, op->pmask);
		}
	for (p = 0; p < x->nwr && !x->expect; p++) {
		rfm_set(m, x->ix.wv[p], x->sw[p].valid);
		rfm_set(m, x->ix.wb[p], x->sw[p].bank);
		rfm_set(m, x->ix.wm[p], x->sw[p].pmask);
	}
}

/* ---- checker ------------------------------------------------------------------------------------ */

/* A request of the cycle, for the checker: a write (col < 0) or a read cell. */
typedef struct ca_req {
	int col;             /* collector, -1 for a write */
	unsigned bank, side, mask, rank, id, gnt;
} ca_req_t;

/* The plain baseline wrapped-wavefront arbiter (Tamir and Chi) over (bank, collector) with whole
 * banks and collectors as resources: writes take whole banks in port order; then, for diagonal
 * (pri + q) mod N, q = 0 .. N-1, each collector j takes bank (d - j) mod N if both are free. */
static void baseline_wwfa(const rfm_ca_t *x, unsigned pri, const rfm_ca_wr_t *wr, const uint8_t *req, uint8_t *gnt,
			  uint8_t *wgnt)
{
	unsigned q, j, p, k;
	uint8_t bank_busy[RFM_MAXB], oc_busy[RFM_MAXC];
	memset(bank_busy, 0, sizeof(bank_busy));
	memset(oc_busy, 0, sizeof(oc_busy));
	for (p = 0; p < x->nwr; p++) {
		wgnt[p] = 0;
		for (k = 0; k < p; k++)
			if (wgnt[k] && wr[k].bank == wr[p].bank)
				break;
		if (wr[p].valid && k == p) {
			wgnt[p] = 1;
			bank_busy[wr[p].bank] = 1;
		}
	}
	memset(gnt, 0, (size_t)x->nb * x->noc);
	for (q = 0; q < x->n; q++) {
		unsigned d = (pri + q) % x->n;
		for (j = 0; j < x->noc; j++) {
			unsigned i = (d + x->n - j) % x->n;
			if (i < x->nb && req[i * x->noc + j] && !bank_busy[i] && !oc_busy[j]) {
				gnt[i * x->noc + j] = 1;
				bank_busy[i] = oc_busy[j] = 1;
			}
		}
	}
}

/* Two requests compete for a resource: a sub-bank of one bank, or (two reads) a slice of one
 * collector. */
static int ca_overlap(const ca_req_t *a, const ca_req_t *b)
{
	if (!(a->mask & b->mask))
		return 0;
	return a->bank == b->bank || (a->col >= 0 && a->col == b->col);
}

#define FAIL(...)                                                                                          \
	do {                                                                                               \
		fprintf(err, "cycle %llu: rf_coal_arbiter ", (unsigned long long)cycle);                   \
		fprintf(err, __VA_ARGS__);                                                                 \
		fputc('\n', err);                                                                          \
		return 1;                                                                                  \
	} while (0)

static int ca_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_ca_t *x = (rfm_ca_t *)m;
	ca_req_t req[CA_MAXCELL + RFM_MAXW];
	unsigned nreq = 0, a, b, i, j, s, p, c, nrd = 0, all_full = 1, any_l = 0, any_req = 0;
	unsigned bank_rd[RFM_MAXB][2], bank_n[RFM_MAXB], oc_n[RFM_MAXC], bank_wr[RFM_MAXB], oc_banks[RFM_MAXC];
	unsigned pri = (unsigned)rfm_get(m, x->ix.pri), wrbank = 0;
	const uint32_t *rg = rfm_wide(m, x->ix.rgnt), *rvw = rfm_wide(m, x->ix.rv), *rmw = rfm_wide(m, x->ix.rm);
	uint64_t wg = rfm_get(m, x->ix.wgnt);
	rfm_ca_wr_t wr[RFM_MAXW];
	uint8_t rv[CA_MAXCELL], rm[CA_MAXCELL];
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst))
		return 0;
	/* the inputs, read from the ports (not from eval's copy) */
	for (p = 0; p < x->nwr; p++) {
		wr[p].valid = (uint8_t)rfm_get(m, x->ix.wv[p]);
		wr[p].bank = (uint8_t)rfm_get(m, x->ix.wb[p]);
		wr[p].pmask = (uint8_t)rfm_get(m, x->ix.wm[p]);
	}
	for (c = 0; c < x->ncell; c++) {
		rv[c] = (uint8_t)rfm_bits_get(rvw, c, 1);
		rm[c] = (uint8_t)rfm_bits_get(rmw, 4 * c, 4);
	}
	/* 17: pri is 0 in the first cycle after reset and moves +1 mod N every cycle */
	if (pri >= x->n || (!x->pri_seen && pri != 0) || (x->pri_seen && pri != (x->pri_prev + 1) % x->n))
		FAIL("invariant 17: pri %u after %u%s (N = %u)", pri, x->pri_prev, x->pri_seen ? "" : " (reset)", x->n);
	x->pri_prev = pri;
	x->pri_seen = 1;
	/* the requests in priority order: writes by port, then reads by (step, bank, side) */
	for (p = 0; p < x->nwr; p++) {
		if (!wr[p].valid) {
			if ((wg >> p) & 1u)
				FAIL("write %u granted without a request", p);
			continue;
		}
		if (wr[p].bank >= x->nb || !wr[p].pmask || (wr[p].pmask != rfm_cw_pmask(rfm_popcount64(wr[p].pmask) - 1, 0) &&
							      wr[p].pmask != rfm_cw_pmask(rfm_popcount64(wr[p].pmask) - 1, 1)))
			FAIL("stimulus: write %u to bank %u with mask %x", p, wr[p].bank, wr[p].pmask);
		req[nreq] = (ca_req_t){-1, wr[p].bank, 0, wr[p].pmask, p, p, (unsigned)(wg >> p) & 1u};
		if (wr[p].pmask != 15)
			all_full = 0;
		nreq++;
	}
	for (i = 0; i < x->nb; i++)
		for (s = 0; s < 2; s++)
			for (j = 0; j < x->noc; j++) {
				c = rfm_ca_cell(x->noc, i, s, j);
				if (!rv[c]) {
					if (rfm_bits_get(rg, c, 1))
						FAIL("cell (bank %u, %c, collector %u) granted without a request", i, "RL"[s], j);
					continue;
				}
				if (!rm[c] || rm[c] != rfm_cw_pmask(rfm_popcount64(rm[c]) - 1, s))
					FAIL("stimulus: cell (bank %u, %c, collector %u) mask %x is not a %c mask", i, "RL"[s], j,
					     rm[c], "RL"[s]);
				req[nreq] = (ca_req_t){(int)j, i, s, rm[c],
						       x->nwr + 2u * ((i + j + x->n - pri) % x->n) + s, c,
						       (unsigned)rfm_bits_get(rg, c, 1)};
				if (rm[c] != 15)
					all_full = 0;
				any_l |= s;
				any_req = 1;
				nreq++;
			}
	/* 10, 11, 14: granted requests never share a sub-bank of a bank or a slice of a collector;
	 * 13 and maximality: a request is granted exactly when it is valid and no granted request of
	 * higher priority (lower rank) holds one of its resources */
	for (a = 0; a < nreq; a++) {
		int blocker = -1;
		for (b = 0; b < nreq; b++) {
			if (b == a || !req[b].gnt || !ca_overlap(&req[a], &req[b]))
				continue;
			if (req[a].gnt && req[b].gnt) {
				if (req[a].col < 0 && req[b].col < 0)
					FAIL("invariant 10: writes %u and %u both hold sub-banks %x of bank %u", req[a].id,
					     req[b].id, req[a].mask & req[b].mask, req[a].bank);
				if (req[a].col < 0 || req[b].col < 0)
					FAIL("invariant 14: a read took sub-banks %x of bank %u that a granted write holds",
					     req[a].mask & req[b].mask, req[a].bank);
				if (req[a].bank == req[b].bank)
					FAIL("invariant 10: reads (cells %u, %u) both hold sub-banks %x of bank %u", req[a].id,
					     req[b].id, req[a].mask & req[b].mask, req[a].bank);
				FAIL("invariant 11: reads (cells %u, %u) both write slices %x of collector %d", req[a].id,
				     req[b].id, req[a].mask & req[b].mask, req[a].col);
			}
			if (req[b].rank < req[a].rank && (blocker < 0 || req[b].rank < req[(unsigned)blocker].rank))
				blocker = (int)b;
		}
		if (!req[a].gnt && blocker < 0) {
			if (req[a].col < 0)
				FAIL("invariant 13: write %u (bank %u, mask %x) refused with its sub-banks free", req[a].id,
				     req[a].bank, req[a].mask);
			FAIL("invariant 13 (maximality): read (bank %u, %c, collector %d, mask %x) refused with its sub-banks "
			     "and slices free after the grants before it", req[a].bank, "RL"[req[a].side], req[a].col, req[a].mask);
		}
		if (req[a].gnt)
			continue;
		b = (unsigned)blocker;
		if (req[a].col < 0) {
			rfm_cov_hit(m, CC_WR_BY_WR);
		} else if (req[b].col < 0) {
			rfm_cov_hit(m, CC_RD_BY_WR);
		} else if (req[b].bank == req[a].bank && (req[b].mask & req[a].mask)) {
			rfm_cov_hit(m, CC_RD_BY_RD_BANK);
		} else {
			rfm_cov_hit(m, CC_RD_BY_OC);
		}
	}
	/* 10, 11, 12: per bank at most one read per side and two grants; per collector two reads,
	 * from different banks or both sides of one bank; two grants in a bank fit (N + M <= 4) */
	memset(bank_rd, 0, sizeof(bank_rd));
	memset(bank_n, 0, sizeof(bank_n));
	memset(bank_wr, 0, sizeof(bank_wr));
	memset(oc_n, 0, sizeof(oc_n));
	memset(oc_banks, 0, sizeof(oc_banks));
	for (a = 0; a < nreq; a++) {
		unsigned w = 0;
		if (!req[a].gnt || req[a].bank >= x->nb)
			continue;
		for (b = 0; b < nreq; b++)
			if (req[b].gnt && req[b].bank == req[a].bank)
				w += (unsigned)rfm_popcount64(req[b].mask);
		if (w > 4)
			FAIL("invariant 12: bank %u grants %u bytes per lane", req[a].bank, w);
		bank_n[req[a].bank]++;
		if (req[a].col < 0) {
			bank_wr[req[a].bank]++;
			wrbank |= 1u << req[a].bank;
			continue;
		}
		nrd++;
		bank_rd[req[a].bank][req[a].side]++;
		oc_n[req[a].col]++;
		oc_banks[req[a].col] |= 1u << req[a].bank;
	}
	/* sb_o and oc_o: the union of the granted masks per bank and per collector */
	for (i = 0; i < x->nb; i++) {
		unsigned want = 0;
		for (a = 0; a < nreq; a++)
			if (req[a].gnt && req[a].bank == i)
				want |= req[a].mask;
		if (rfm_bits_get(rfm_wide(m, x->ix.sb), 4 * i, 4) != want)
			FAIL("sb_o of bank %u is %llx, the grants take %x", i,
			     (unsigned long long)rfm_bits_get(rfm_wide(m, x->ix.sb), 4 * i, 4), want);
	}
	for (j = 0; j < x->noc; j++) {
		unsigned want = 0;
		for (a = 0; a < nreq; a++)
			if (req[a].gnt && req[a].col == (int)j)
				want |= req[a].mask;
		if (rfm_bits_get(rfm_wide(m, x->ix.oc), 4 * j, 4) != want)
			FAIL("oc_o of collector %u is %llx, the grants take %x", j,
			     (unsigned long long)rfm_bits_get(rfm_wide(m, x->ix.oc), 4 * j, 4), want);
	}
	for (i = 0; i < x->nb; i++) {
		if (bank_n[i] > 2 || bank_rd[i][0] > 1 || bank_rd[i][1] > 1)
			FAIL("invariant 10: bank %u has %u grants (%u R reads, %u L reads)", i, bank_n[i], bank_rd[i][0],
			     bank_rd[i][1]);
		if (bank_rd[i][0] + bank_rd[i][1] == 2)
			rfm_cov_hit(m, CC_RD_RD_BANK);
		if (bank_wr[i] == 1 && bank_n[i] == 2)
			rfm_cov_hit(m, CC_RD_WR_BANK);
		if (bank_wr[i] == 2)
			rfm_cov_hit(m, CC_WR_WR_BANK);
	}
	for (j = 0; j < x->noc; j++) {
		if (oc_n[j] > 2)
			FAIL("invariant 11: collector %u takes %u reads", j, oc_n[j]);
		if (oc_n[j] == 2)
			rfm_cov_hit(m, rfm_popcount64(oc_banks[j]) == 2 ? CC_PACKED_OC : CC_R_AND_L_CELL);
	}
	if (nrd)
		rfm_cov_hit(m, CC_READ);
	if (nrd == x->peak)
		rfm_cov_hit(m, CC_PEAK);
	/* 15: every mask 1111 and only R cells: the grants are the plain baseline arbiter's */
	if (all_full && !any_l && any_req) {
		uint8_t breq[RFM_MAXB * RFM_MAXC], bgnt[RFM_MAXB * RFM_MAXC], bwg[RFM_MAXW];
		for (i = 0; i < x->nb; i++)
			for (j = 0; j < x->noc; j++)
				breq[i * x->noc + j] = rv[rfm_ca_cell(x->noc, i, 0, j)];
		baseline_wwfa(x, pri, wr, breq, bgnt, bwg);
		for (p = 0; p < x->nwr; p++)
			if (bwg[p] != ((wg >> p) & 1u))
				FAIL("invariant 15: write %u %s, the baseline arbiter %s it", p, bwg[p] ? "refused" : "granted",
				     bwg[p] ? "grants" : "refuses");
		for (i = 0; i < x->nb; i++)
			for (j = 0; j < x->noc; j++)
				if (bgnt[i * x->noc + j] != rfm_bits_get(rg, rfm_ca_cell(x->noc, i, 0, j), 1))
					FAIL("invariant 15: (bank %u, collector %u) %s, the baseline arbiter %s it (pri %u)", i, j,
					     bgnt[i * x->noc + j] ? "refused" : "granted", bgnt[i * x->noc + j] ? "grants" : "refuses",
					     pri);
		rfm_cov_hit(m, CC_BASELINE);
	}
	/* 16: the paper's worked examples */
	if (x->expect >= 1 && x->expect <= 3) {
		const uint8_t *e = fig16a_gnt[x->expect - 1];
		for (i = 0; i < 4; i++)
			for (s = 0; s < 2; s++)
				for (j = 0; j < 4; j++) {
					unsigned want = 0;
					for (a = 0; a < 4; a++)
						want |= s == 0 && e[a] == (i << 4 | j);
					if (want != rfm_bits_get(rg, rfm_ca_cell(4, i, s, j), 1))
						FAIL("invariant 16: Fig. 3.16a cycle %d: (bank %u, %c, collector %u) %s", x->expect, i,
						     "RL"[s], j, want ? "not granted" : "granted");
				}
		if (x->expect == 3)
			rfm_cov_hit(m, CC_FIG16A);
	}
	if (x->expect == 4) {
		for (j = 0; j < 4; j++)
			for (a = 0; a < 2; a++)
				if (!rfm_bits_get(rg, rfm_ca_cell(4, fig16b[j][a][0], fig16b[j][a][1], j), 1))
					FAIL("invariant 16: Fig. 3.16b (pri %u): (bank %u, %c, collector %u) not granted", pri,
					     fig16b[j][a][0], "RL"[fig16b[j][a][1]], j);
		if (nrd != 8)
			FAIL("invariant 16: Fig. 3.16b (pri %u): %u reads granted, not 8", pri, nrd);
		rfm_cov_hit(m, CC_FIG16B);
	}
	/* 17: starvation bound. A cycle whose pri is the diagonal of cell (i, j) and that grants no
	 * write in bank i is a clean visit of the cell: nothing is claimed in bank i or collector j
	 * before the cell, so it grants the R head, else the L head, i.e. at least one of collector j's
	 * operands in bank i. An operand is therefore granted by the k-th clean visit of its cell,
	 * k = operands of its instruction in its bank (<= operands); and, when no write is granted in
	 * its bank while it waits, within k x N cycles of becoming pending (<= operands x N). */
	for (j = 0; j < x->noc; j++)
		for (a = 0; a < x->oc[j].nops; a++) {
			ca_op_t *op = &x->oc[j].op[a];
			unsigned kb = 0, gnt;
			if (!op->pending)
				continue;
			for (b = 0; b < x->oc[j].nops; b++)
				kb += x->oc[j].op[b].bank == op->bank;
			c = rfm_ca_cell(x->noc, op->bank, op->side, j);
			gnt = x->cell_op[c] == (int)a && rfm_bits_get(rg, c, 1);
			if ((wrbank >> op->bank) & 1u)
				op->wseen = 1;
			else if ((op->bank + j) % x->n == pri)
				op->visits++;
			if (gnt) {
				if (cycle - op->since + 1 >= x->n)
					rfm_cov_hit(m, CC_WAIT_ROUND);
				continue;
			}
			if (op->visits >= kb)
				FAIL("invariant 17: collector %u operand %u (bank %u, %c) refused on %u clean top-priority visits "
				     "(bound %u)", j, a, op->bank, "RL"[op->side], op->visits, kb);
			if (!op->wseen && cycle - op->since + 1 >= (uint64_t)kb * x->n)
				FAIL("invariant 17: collector %u operand %u (bank %u, %c) waited %llu cycles with no write to its "
				     "bank (bound %u x %u)", j, a, op->bank, "RL"[op->side],
				     (unsigned long long)(cycle - op->since + 1), kb, x->n);
		}
	return 0;
}

/* What rfm_rf_coal_arbiter_create does after rfm_model_init: 0 on success. */
static int coal_arbiter_setup(rfm_model_t *m)
{
	rfm_ca_t *x = (rfm_ca_t *)m;
	const rfm_cfg_t *c = m->cfg;
	x->nb = c->rf_banks;
	x->noc = c->sm_collectors;
	x->nwr = c->rf_write_ports;
	x->n = rfm_ca_n(x->nb, x->noc);
	x->ncell = x->nb * 2 * x->noc;
	/* most reads in one cycle: two per bank, and per collector two (one if its instructions have one operand) */
	x->peak = 2 * x->nb < x->noc * (c->sm_operands < 2 ? 1u : 2u) ? 2 * x->nb : x->noc * (c->sm_operands < 2 ? 1u : 2u);
	ca_reset(&x->m);
	if (x->nwr < 2) {
		rfm_cov_na(&x->m, CC_WR_WR_BANK);
		rfm_cov_na(&x->m, CC_WR_BY_WR);
	}
	if (x->nb < 2 || c->sm_operands < 2) { /* a read blocked on slices only needs two banks into one collector */
		rfm_cov_na(&x->m, CC_PACKED_OC);
		rfm_cov_na(&x->m, CC_RD_BY_OC);
	}
	if (c->sm_operands < 2)
		rfm_cov_na(&x->m, CC_R_AND_L_CELL);
	if (!ca_fig(x)) {
		rfm_cov_na(&x->m, CC_FIG16A);
		rfm_cov_na(&x->m, CC_FIG16B);
	}
	return 0;
}

RFM_BLOCK(rf_coal_arbiter, rfm_ca_t, ca_ix_t, ca_ports, cc_names, CC_N,
	  ca_reset, ca_eval, ca_tick, ca_stim, ca_check,
	  rfm_block_noop, coal_arbiter_setup)
