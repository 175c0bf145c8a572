/* part_hold.c - the bank-hold port of rf_top: a SIDE part (cmodel/rfm_part.h) that brings per-bank
 * hold requests from outside rf_top (an SM-level agent: scrubbing, test access, a refresh engine
 * outside the register file) into the skeleton's shared hold vocabulary, and shows the grants
 * (docs/semantics.md, "Bank holds").
 *
 * Ports: hold_req_i (bit b: hold bank b this cycle), with hold.force on hold_force_i (bit b: the
 * hold of bank b is forced: granted even against a write-back, which it refuses), hold_gnt_o (bit
 * b: bank b is held: no read of it is granted this cycle). Counters: cnt_held_o (bank-cycles
 * held), cnt_hconflict_o (read requests a hold kept from the arbiter), with hold.force on
 * cnt_hrefused_o (write-backs a forced hold refused). The grant rule, the refusals and the masking
 * of the reads belong to the BACKEND (rfm_top_hold_grant, rfm_top_wb_forced); this part drives the
 * requests, checks the grants, the refusals and the reads against them, and recounts its counters.
 */
#include "rfm_part.h"
#include "rfm_techniques.h"

enum { COV_HELD, COV_YIELD, COV_KEPT, COV_ALL, COV_FORCED, COV_REFUSED, COV_N };
static const char *const cov_names[COV_N] = {"bank_held", "hold_yields_to_write", "read_kept_by_hold",
					     "every_bank_held", "forced_hold", "write_refused_by_forced_hold"};
enum { CNT_HELD, CNT_HCONFLICT, CNT_HREFUSED, CNT_N };
static const rfm_counter_t counter_list[CNT_N] = {
	{"held", "bank-cycles held: hold requests granted"},
	{"hconflict", "read requests kept from the arbiter by a bank hold"},
	{"hrefused", "write-backs refused by a forced bank hold"},
};

/* Port indices: hold_req_i, hold_gnt_o, hold_force_i. */
enum { IX_REQ, IX_GNT, IX_FORCE };

static int enabled(const rfm_cfg_t *c) { return rfm_tech_on(c, RFM_TECH_hold); }

static void ports(const rfm_cfg_t *c, rfm_ports_t *pt, uint32_t *ix, rfm_place_t pl, unsigned i)
{
	(void)i;
	if (pl != RFM_PL_GROUPS)
		return;
	rfm_ports_group(pt, "bank holds");
	ix[IX_REQ] = rfm_ports_add(pt, RFM_IN, c->rf_banks, "bit b: keep bank b free of reads this cycle", "hold_req_i");
	if (c->hold_force == RFM_ON)
		ix[IX_FORCE] = rfm_ports_add(pt, RFM_IN, c->rf_banks,
					     "bit b: force the hold of bank b: granted even against a write-back, which "
					     "is refused", "hold_force_i");
	ix[IX_GNT] = rfm_ports_add(pt, RFM_OUT, c->rf_banks, "bit b: bank b is held: no read of it is granted",
				   "hold_gnt_o");
}

static unsigned counters(const rfm_cfg_t *c, const rfm_counter_t **list)
{
	*list = counter_list;
	return c->hold_force == RFM_ON ? CNT_N : CNT_HREFUSED;
}

static int create(rfm_top_t *t, rfm_pinst_t *pi)
{
	if (t->m.cfg->hold_force != RFM_ON) {
		rfm_part_cov_na(t, pi, COV_FORCED);
		rfm_part_cov_na(t, pi, COV_REFUSED);
	}
	return 0;
}

static uint64_t forced(const rfm_top_t *t, const rfm_pinst_t *pi)
{
	return t->m.cfg->hold_force == RFM_ON ? rfm_get(&t->m, pi->ix[IX_FORCE]) : 0;
}

static void hold(rfm_top_t *t, rfm_pinst_t *pi)
{
	t->hold_req |= rfm_get(&t->m, pi->ix[IX_REQ]);
	t->hold_force |= forced(t, pi);
}

/* Write-backs refused by a forced hold this cycle. */
static unsigned nrefused(const rfm_top_t *t)
{
	unsigned p, n = 0;
	for (p = 0; p < t->m.cfg->rf_write_ports; p++)
		n += rfm_top_wb_forced(t, p);
	return n;
}

static void side(rfm_top_t *t, rfm_pinst_t *pi)
{
	uint64_t req = rfm_get(&t->m, pi->ix[IX_REQ]), gnt = t->be.hold_gnt;
	unsigned nref = nrefused(t);
	rfm_set(&t->m, pi->ix[IX_GNT], gnt);
	t->cnt_d[pi->cnt0 + CNT_HELD] = rfm_popcount64(gnt);
	t->cnt_d[pi->cnt0 + CNT_HCONFLICT] = t->be.nhold;
	if (pi->ncnt > CNT_HREFUSED)
		t->cnt_d[pi->cnt0 + CNT_HREFUSED] = nref;
	if (forced(t, pi))
		rfm_part_cov(t, pi, COV_FORCED);
	if (nref)
		rfm_part_cov(t, pi, COV_REFUSED);
	if (gnt)
		rfm_part_cov(t, pi, COV_HELD);
	if (req & ~gnt)
		rfm_part_cov(t, pi, COV_YIELD);
	if (t->be.nhold)
		rfm_part_cov(t, pi, COV_KEPT);
	if (gnt == rfm_mask64(t->m.cfg->rf_banks))
		rfm_part_cov(t, pi, COV_ALL);
}

/* Phases of 256 cycles: no holds; sparse (1 in 8 per bank); dense (1 in 2); one bank at a time
 * held nearly always (it moves every 64 cycles). None in the last 64 cycles of a 1024-cycle phase,
 * when the collectors drain for a relaunch. */
static void stim_pre(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r, uint64_t cycle)
{
	const rfm_cfg_t *c = t->m.cfg;
	unsigned b, phase = (unsigned)(cycle / 256) % 4;
	uint64_t req = 0;
	if (cycle % 1024 >= 960)
		return;
	for (b = 0; b < c->rf_banks; b++)
		switch (phase) {
		case 1: req |= (uint64_t)rfm_rng_chance(r, 1, 8) << b; break;
		case 2: req |= (uint64_t)rfm_rng_chance(r, 1, 2) << b; break;
		case 3: req |= (uint64_t)(b == (cycle / 64) % c->rf_banks && rfm_rng_chance(r, 7, 8)) << b; break;
		default: break;
		}
	rfm_set(&t->m, pi->ix[IX_REQ], req);
	if (c->hold_force == RFM_ON) { /* a quarter of the requests forced, any bank now and then */
		uint64_t force = 0;
		for (b = 0; phase && b < c->rf_banks; b++)
			if (rfm_rng_chance(r, 1, ((req >> b) & 1u) ? 4 : 32))
				force |= 1ull << b;
		rfm_set(&t->m, pi->ix[IX_FORCE], force);
	}
}

/* The grants against the requests (the port's and any other part's) and the write-backs of the
 * ports, no read granted in a held bank; then this cycle's recount. */
static int verdict(rfm_top_t *t, rfm_pinst_t *pi, uint64_t cycle, FILE *err)
{
	const rfm_cfg_t *c = t->m.cfg;
	uint64_t req = rfm_get(&t->m, pi->ix[IX_REQ]), gnt = rfm_get(&t->m, pi->ix[IX_GNT]), wb = 0, rd = 0;
	uint64_t force = forced(t, pi);
	unsigned p, q, nref = 0;
	int bad = 0;
	for (p = 0; p < c->rf_write_ports; p++) {
		const rfm_acc_t *a = &t->wb[p];
		if (!a->valid || a->err || a->drop)
			continue;
		wb |= 1ull << a->bank;
		if (!((force >> a->bank) & 1u))
			continue;
		nref++;
		if (t->be.wdone[p] || t->be.wtaken[p] || !t->be.wrefused[p]) {
			fprintf(err, "cycle %llu: rf_top hold: write-back %u to force-held bank %u is not refused\n",
				(unsigned long long)cycle, p, a->bank);
			bad = 1;
		}
	}
	req |= t->hold_req; /* the requests of every part (a technique's engine may hold banks too) */
	if (gnt != ((req & ~wb) | force)) {
		fprintf(err, "cycle %llu: rf_top hold: hold_gnt_o = 0x%llx, expected 0x%llx (requests 0x%llx, "
			     "forced 0x%llx, write-backs to banks 0x%llx)\n", (unsigned long long)cycle,
			(unsigned long long)gnt, (unsigned long long)((req & ~wb) | force), (unsigned long long)req,
			(unsigned long long)force, (unsigned long long)wb);
		bad = 1;
	}
	for (q = 0; q < c->d.nq; q++)
		if ((t->be.gnt >> q) & 1u)
			rd |= 1ull << t->coll->bank_q[q];
	if (rd & gnt) {
		fprintf(err, "cycle %llu: rf_top hold: a read of a held bank is granted (banks 0x%llx)\n",
			(unsigned long long)cycle, (unsigned long long)(rd & gnt));
		bad = 1;
	}
	t->shadow[pi->cnt0 + CNT_HELD] += rfm_popcount64(gnt);
	t->shadow[pi->cnt0 + CNT_HCONFLICT] += t->be.nhold;
	if (pi->ncnt > CNT_HREFUSED)
		t->shadow[pi->cnt0 + CNT_HREFUSED] += nref;
	return bad;
}

const rfm_part_t rfm_part_hold = {
	.name = "hold", .slots = RFM_PART_SIDE, .enabled = enabled, .ports = ports, .counters = counters,
	.recount = 1, .cov = cov_names, .ncov = COV_N, .create = create, .hold = hold, .side = side,
	.stim_pre = stim_pre,
	.verdict = verdict,
};
