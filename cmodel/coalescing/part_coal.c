/* part_coal.c - the coalescing BACKEND of rf_top (cmodel/rfm_part.h; docs/coalescing.md, "rf_top"):
 * the coalescing-aware register file of top_coal.c in place of the baseline banks, arbiter and
 * crossbar, under any LOCATE. Write-backs have a ready handshake (wb<p>_ready_o): a refused one is
 * held by the requester and offered again; the stimulus does so, and never reads (nor lets a
 * release reach) a register whose write-back it holds. The side (R or L) of a value follows
 * [coalescing] parity of the physical row or of the architected register in the access record.
 *
 * Planted faults (cmodel/coalescing/faults.def): the RFM_FAULT_TOP_* in top_coal.c;
 * RFM_FAULT_STIM_IGNORES_WIDTH here: the stimulus ignores +width-dist (the option "width-dist"), so
 * the full-width checks must fire (make coal-equiv).
 */
#include <stdlib.h>

#include "rfm_fault_ids.h"
#include "rfm_part.h"
#include "rfm_techniques.h"
#include "rfm_top_coal.h"

#define X(name, help) {#name, help},
static const rfm_counter_t counters[RFM_TCO_N] = {RFM_TCO_COUNTERS};
#undef X

enum { COV_RR, COV_WW, COV_RW, COV_WB_REFUSED, COV_PACKED, COV_ZRD, COV_ZWR, COV_ZFILL, COV_ZINACT, COV_N };
static const char *const cov[COV_N] = {
	"coal_rd_rd_one_bank", "coal_wr_wr_one_bank", "coal_rd_wr_one_bank", "coal_write_back_refused",
	"coal_packed_collector_write", "coal_zero_read_gated", "coal_zero_write_gated", "coal_zero_materialized",
	"coal_read_skips_inactive_lanes"};

typedef struct co_ix {
	uint32_t wrdy[RFM_MAXW]; /* wb<p>_ready_o */
	uint32_t iam[RFM_MAXS];  /* iss<k>_amask_i (zero gating) */
} co_ix_t;

typedef struct co {
	rfm_tco_t *x;                        /* the coalescing register file */
	rfm_tco_wb_t cwb[RFM_MAXW];          /* this cycle's write records */
	unsigned creg[RFM_MAXS][RFM_MAXOP];  /* issued sources' architected registers */
	uint8_t wrdy[RFM_MAXW];              /* wb<p>_ready_o */
} co_t;

#define IX(pi) ((co_ix_t *)(pi)->ix)
#define ST(pi) ((co_t *)(pi)->st)

static int enabled(const rfm_cfg_t *c) { return rfm_tech_on(c, RFM_TECH_coalescing); }

static void ports(const rfm_cfg_t *c, rfm_ports_t *pt, uint32_t *ixw, rfm_place_t pl, unsigned i)
{
	co_ix_t *ix = (co_ix_t *)ixw;
	if (pl == RFM_PL_WB)
		ix->wrdy[i] = rfm_ports_add(pt, RFM_OUT, 1, "coalescing: written (or no write); 0: hold it next cycle",
					    "wb%u_ready_o", i);
	else if (pl == RFM_PL_ISSUE && c->coalescing_zero_gating >= RFM_ZG_IN_LANE)
		ix->iam[i] = rfm_ports_add(pt, RFM_IN, c->rf_lanes,
					   "zero gating: active lanes; reads skip words no active lane needs "
					   "(other lanes' operand bits undefined)", "iss%u_amask_i", i);
}

static unsigned get_counters(const rfm_cfg_t *c, const rfm_counter_t **l)
{
	*l = counters;
	return rfm_tco_ncnt(c);
}

/* Events that cannot happen: with every value full width nothing coalesces and nothing is zero. */
static void mark_na(rfm_top_t *t, rfm_pinst_t *pi)
{
	const rfm_cfg_t *c = t->m.cfg;
	const rfm_tco_t *x = ST(pi)->x;
	unsigned i;
	for (i = 0; i < COV_N; i++)
		t->m.cov.na[pi->cov0 + i] = 0;
	for (i = COV_RR; i <= COV_PACKED; i++)
		if ((i == COV_WW && c->rf_write_ports < 2) || (x->full && i != COV_WB_REFUSED))
			rfm_part_cov_na(t, pi, i);
	for (i = COV_ZRD; i <= COV_ZINACT; i++)
		if (!x->zg || x->full || (i == COV_ZFILL && (c->rf_lanes < 4 || c->coalescing_zero_gating == RFM_ZG_IN_LANE)))
			rfm_part_cov_na(t, pi, i);
}

static int create(rfm_top_t *t, rfm_pinst_t *pi)
{
	co_t *s = calloc(1, sizeof(*s));
	if (!(pi->st = s) || !(s->x = rfm_tco_create(t->m.cfg)))
		return -1;
	mark_na(t, pi);
	return 0;
}

static void destroy(rfm_pinst_t *pi)
{
	co_t *s = pi->st;
	if (s)
		rfm_tco_destroy(s->x);
	free(s);
}

static void reset(rfm_top_t *t, rfm_pinst_t *pi)
{
	(void)t;
	rfm_tco_reset(ST(pi)->x);
}

/* "width-dist": the stimulus' value widths (fig3_3, full, or P1,P2,P3,P4[,NEG]). */
static int option(rfm_top_t *t, rfm_pinst_t *pi, const char *name, const char *value, FILE *err)
{
	if (strcmp(name, "width-dist"))
		return 1;
	if (rfm_tco_set_dist(ST(pi)->x, value)) {
		fprintf(err, "rf_top: width-dist %s: not fig3_3, full or P1,P2,P3,P4[,NEG]\n", value);
		return -1;
	}
	mark_na(t, pi);
	return 0;
}

/* The records into the coalescing file: a write inside the kernel and not dropped is a request. */
static void be_eval(rfm_top_t *t, rfm_pinst_t *pi)
{
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	co_t *st = ST(pi);
	rfm_tco_t *x = st->x;
	unsigned p, k, s, n;
	for (p = 0; p < c->rf_write_ports; p++) {
		const rfm_acc_t *a = &t->wb[p];
		st->cwb[p].valid = (uint8_t)(a->valid && !a->err && !a->drop);
		st->cwb[p].reg = a->reg;
		st->cwb[p].bank = a->bank;
		st->cwb[p].row = a->row;
		st->cwb[p].mask = rfm_get(m, t->ix.wm[p]);
		st->cwb[p].data = rfm_wide(m, t->ix.wd[p]);
	}
	for (k = 0; k < c->sm_schedulers; k++) {
		if (x->zg)
			t->cin.amask[k] = rfm_get(m, IX(pi)->iam[k]);
		for (s = 0; s < c->sm_operands; s++)
			st->creg[k][s] = t->src[k][s].reg;
	}
	x->hold = t->be.hold_gnt = rfm_top_hold_grant(t);
	x->force = t->m.mutate == RFM_FAULT_FORCE_LETS_WRITES ? 0 : t->hold_force;
	rfm_tco_eval(x, t->coll, st->cwb, &t->cin, st->creg, m->mutate);
	t->be.nhold = x->nhold;
	t->be.gnt = x->gnt;
	t->be.nconf = x->nconf;
	t->be.nwconf = x->nwconf;
	for (p = 0; p < c->rf_write_ports; p++) {
		st->wrdy[p] = x->wrdy[p];
		rfm_set(m, IX(pi)->wrdy[p], st->wrdy[p]);
		t->be.wdone[p] = x->wgnt[p];
		t->be.wtaken[p] = (uint8_t)(st->cwb[p].valid && (st->cwb[p].mask & rfm_mask64(c->rf_lanes)) && st->wrdy[p]);
		t->be.wrefused[p] = (uint8_t)(t->wb[p].valid && !st->wrdy[p]);
	}
	for (n = 0; n < x->ncnt; n++)
		t->cnt_d[pi->cnt0 + n] = x->cnt_d[n];
}

static void be_edge(rfm_top_t *t, rfm_pinst_t *pi, rfm_coll_edge_t *e)
{
	(void)t;
	rfm_tco_edge(ST(pi)->x, e);
}

static void be_tick(rfm_top_t *t, rfm_pinst_t *pi)
{
	co_t *st = ST(pi);
	rfm_tco_tick(st->x, t->coll, st->cwb, &t->cin, t->m.mutate);
}

/* ---- stimulus ------------------------------------------------------------------------------ */

/* Narrow-biased warp values (width-dist); with zero gating a quarter of them have zero lanes. */
static void stim_wb_data(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r, unsigned p)
{
	const rfm_cfg_t *c = t->m.cfg;
	const rfm_tco_t *x = ST(pi)->x;
	uint32_t *v = rfm_wide(&t->m, t->ix.wd[p]);
	unsigned l;
	rfm_cw_sample(r, t->m.mutate == RFM_FAULT_STIM_IGNORES_WIDTH ? &rfm_cw_dist_fig3_3 : &x->dist, v, c->rf_lanes);
	if (x->zg && !x->full && rfm_rng_chance(r, 1, 4))
		for (l = 0; l < c->rf_lanes; l++)
			if (rfm_rng_chance(r, 1, 2))
				v[l] = 0;
}

/* Zero gating: a quarter of the instructions run with some lanes off. */
static void stim_issue(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r, unsigned k)
{
	const rfm_cfg_t *c = t->m.cfg;
	if (!ST(pi)->x->zg)
		return;
	rfm_set(&t->m, IX(pi)->iam[k],
		rfm_rng_chance(r, 3, 4) ? rfm_mask64(c->rf_lanes)
					: (rfm_rng_next(r) | 1ull << rfm_rng_below(r, c->rf_lanes)) & rfm_mask64(c->rf_lanes));
}

/* Every value full width: a never-written register (reset code, 1 byte) is not read. A write-back
 * offered on a later port is still pending (the skeleton's stimulus keeps reads from a held one):
 * its register is not read. */
static void stim_src(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r, unsigned k, unsigned s, int busy)
{
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	const rfm_tco_t *x = ST(pi)->x;
	unsigned w = (unsigned)rfm_get(m, t->ix.iw[k]), g = (unsigned)rfm_get(m, t->ix.isr[k][s]), p, bk, row;
	(void)r, (void)busy;
	if (x->full && !rfm_top_where(t, w, g, &bk, &row) && !x->ever[(size_t)bk * c->rf_entries + row])
		rfm_set(m, t->ix.isv[k][s], 0);
	for (p = 0; p < c->rf_write_ports; p++)
		if (p > 0 && rfm_get(m, t->ix.wv[p]) && rfm_get(m, t->ix.ww[p]) == w && rfm_get(m, t->ix.wr[p]) == g)
			rfm_set(m, t->ix.isv[k][s], 0);
}

/* ---- checker ------------------------------------------------------------------------------- */

/* A known lane of register (w, g), sign-extended from its mask-buffer code, is its golden value;
 * a byte the zero-mask buffer calls zero is zero. 0 = fine. */
static int reg_ok(rfm_top_t *t, const rfm_tco_t *x, unsigned w, unsigned g, uint64_t cycle, FILE *err)
{
	const rfm_cfg_t *c = t->m.cfg;
	unsigned l, k, bk, row, lb = c->rf_lane_bits;
	uint64_t kn = *rfm_top_known(t, w, g);
	rfm_cw_code_t cd;
	if (!kn || rfm_top_where(t, w, g, &bk, &row))
		return 0;
	cd = rfm_tco_code(x, bk, row);
	for (l = 0; l < c->rf_lanes; l++) {
		uint32_t v = (uint32_t)rfm_bits_get(rfm_top_gold(t, w, g), l * lb, lb);
		unsigned odd = rfm_tco_odd(c, g, row);
		if (((kn >> l) & 1u) && rfm_cw_fill(v, cd) != v) {
			fprintf(err, "cycle %llu: rf_top coalescing mask buffer: warp %u r%u (bank %u row %u) lane %u holds "
				"0x%08x, which {sign %u, enc %u} does not reproduce\n", (unsigned long long)cycle, w, g, bk,
				row, l, v, cd.sign, cd.enc);
			return 1;
		}
		/* physical sub-bank k holds logical byte 3 - k of an odd register */
		for (k = 0; x->zg && ((kn >> l) & 1u) && k < 4; k++)
			if (rfm_tco_zbyte(x->zmode, rfm_tco_zentry(x, bk, row), l, k) && ((v >> (8 * (odd ? 3 - k : k))) & 0xffu)) {
				fprintf(err, "cycle %llu: rf_top coalescing zero-mask buffer: warp %u r%u (bank %u row %u) lane %u "
					"holds 0x%08x, but its entry calls byte %u of sub-bank %u zero\n", (unsigned long long)cycle,
					w, g, bk, row, l, v, odd ? 3 - k : k, k);
				return 1;
			}
	}
	return 0;
}

/* top_coal.c's invariants and recount, the mask buffers against the golden registers (4
 * registers a cycle, in turn), coverage. */
static int verdict(rfm_top_t *t, rfm_pinst_t *pi, uint64_t cycle, FILE *err)
{
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	co_t *st = ST(pi);
	rfm_tco_t *x = st->x;
	uint64_t out[RFM_TCO_N];
	unsigned n, cv, p, i;
	for (n = 0; n < x->ncnt; n++)
		out[n] = rfm_get(m, t->ix.cnt[pi->cnt0 + n]);
	if (rfm_tco_check(x, t->coll, st->cwb, st->wrdy, out, cycle, err, &cv))
		return 1;
	for (n = 0; n < COV_N; n++)
		if ((cv >> n) & 1u)
			rfm_part_cov(t, pi, n);
	for (p = 1; p < c->rf_write_ports; p++)
		if (st->cwb[0].valid && st->cwb[p].valid && st->cwb[0].bank == st->cwb[p].bank && st->cwb[0].row == st->cwb[p].row)
			rfm_cov_hit(m, RFM_TCOV_SAME_REG_TWO_WB);
	for (i = 0; i < 4 && t->kwarps_q && t->kregs_q; i++) {
		x->scan = (x->scan + 1) % (t->kwarps_q * t->kregs_q);
		if (reg_ok(t, x, x->scan / t->kregs_q, x->scan % t->kregs_q, cycle, err))
			return 1;
	}
	return 0;
}

const rfm_part_t rfm_part_coal = {
	.name = "coalescing", .slots = RFM_PART_BACKEND, .enabled = enabled, .ports = ports,
	.counters = get_counters, .cov = cov, .ncov = COV_N, .create = create, .destroy = destroy, .reset = reset,
	.option = option, .wb_refuse = 1, .be_eval = be_eval, .be_edge = be_edge, .be_tick = be_tick,
	.stim_wb_data = stim_wb_data, .stim_issue = stim_issue, .stim_src = stim_src, .verdict = verdict,
};
