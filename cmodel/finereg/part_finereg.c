/* part_finereg.c - FineReg in rf_top (cmodel/rfm_part.h; docs/finereg.md, "rf_top integration"): a
 * LOCATE part and a SIDE part in one.
 *
 * LOCATE: the ACRF is the banks, cut into CTA slots of W warps x R registers; rf_top's warp
 * s x W + w is warp w of the CTA in slot s, its register r at the base mapping of a kernel of
 * slots x W warps and R registers. A kernel launch starts the grid: it fits only with exactly
 * slots x W warps and R registers (the unit's slots) and only once (a grid runs to the end of the
 * run). An issue from a warp whose slot's CTA is not active (pending, being moved, no CTA), whose
 * warp the scheduler reports stalled, or whose CTA has finished is refused (iss<k>_ready_o low).
 * A write-back names its CTA (wb<p>_cta_i): it is written only while that CTA is active in the
 * warp's slot, else dropped (counted: cnt_fr_wdrop_o).
 *
 * SIDE: the register management unit (rf_fr_ctl, ctl.c) with the scheduler's and memory's ports
 * (fr_stall_i .. fr_fill_vec_i), its events, state and counters as outputs (fr_*). It sees a warp
 * stalled only while none of its instructions waits in a collector, and a CTA finished only while
 * none of its warps' instructions does (per warp, a count of the instructions issued and not yet
 * dispatched), so that no collector reads a register the engine moves. The engine's bank holds
 * join hold_req; in the banks it holds and is granted (a forced hold is never the engine's) it
 * reads and writes through read port 0 and write port 0 (the skeleton's lent accesses, performed by
 * the BACKEND at the edge); a read's register comes back on the bank's read data a cycle later.
 *
 * The stimulus plays the scheduler and memory with the synthetic workload (workload.c) once the
 * grid is launched, issues mostly from warps that may issue, and names the CTA of the skeleton's
 * write-backs (mostly the one holding the warp's slot). The checker holds issues and write-backs
 * to the slots' rules, the engine's accesses to held and granted banks that nothing else reads or
 * writes, and keeps the golden registers of CTAs that leave the ACRF: at an eviction's end a CTA's
 * registers live at the decision (the true vectors of its warps' PCs) are kept, the dead ones
 * become zero; at a restore's end they come back to the golden registers of its new slot; a
 * launch's slot reads zero. Every dispatch is then held to them by the skeleton's golden check:
 * the paper's promise, through rf_top's ports.
 */
#include <stdlib.h>
#include <string.h>

#include "block_acrf.h"
#include "ctl_ports.h"
#include "rfm_fault_ids.h"
#include "rfm_finereg.h"
#include "rfm_finereg_int.h"
#include "rfm_part.h"
#include "rfm_techniques.h"
#include "rfm_util.h"

/* Port indices: the unit's (rfm_fr_ctl_pix_t), then wb<p>_cta_i. */
enum { IX_WBCTA = sizeof(rfm_fr_ctl_pix_t) / sizeof(uint32_t) };
_Static_assert(IX_WBCTA + RFM_MAXW <= RFM_PART_IXW, "the unit's ports and the write-backs' fit a part's indices");

/* Launch refusals: the shape, then the unit's. */
enum { FR_NOT_SLOTS = RFM_REFUSE_SHAPE_N, FR_RUNNING, FR_REFUSE_N };
enum {
	COV_LAUNCH = FR_REFUSE_N, COV_EVICT, COV_RESTORE, COV_SWAP, COV_CSW, COV_RESUME, COV_STAY_DEPLETED,
	COV_STAY_NOTHING, COV_MISS, COV_EXIT, COV_ISS_INACTIVE, COV_ISS_STALLED, COV_STALL_HELD, COV_EXIT_HELD,
	COV_WB_DROPPED, COV_WB_OTHER_CTA, COV_LENT_READ, COV_LENT_WRITE, COV_LENT_ZERO, COV_ENGINE_YIELDS,
	COV_ENGINE_YIELDS_FORCED, COV_RESTORED_READ, COV_N
};
static const char *const cov_names[COV_N] = {RFM_REFUSE_SHAPE_NAMES,
					     "launch_refused_not_the_units_slots",
					     "launch_refused_grid_running",
					     "fr_cta_launched",
					     "fr_eviction",
					     "fr_restore",
					     "fr_swap",
					     "fr_context_switch",
					     "fr_resume",
					     "fr_stay_for_want_of_entries",
					     "fr_stay_with_nothing_to_switch_to",
					     "fr_vector_miss",
					     "fr_cta_finished",
					     "fr_issue_refused_slot_not_active",
					     "fr_issue_refused_warp_stalled",
					     "fr_stall_waits_for_a_collector",
					     "fr_exit_waits_for_a_collector",
					     "fr_writeback_dropped_slot_not_active",
					     "fr_writeback_dropped_another_cta_holds_the_slot",
					     "fr_engine_reads_a_held_bank",
					     "fr_engine_writes_a_held_bank",
					     "fr_engine_zeroes_held_banks",
					     "fr_engine_hold_yields_to_a_writeback",
					     "fr_engine_hold_yields_to_a_forced_hold",
					     "fr_restored_register_dispatched"};
enum { CNT_WDROP, CNT_HKEPT, CNT_N };
static const rfm_counter_t counter_list[CNT_N] = {
	{"fr_wdrop", "write-backs dropped: their CTA is not active in their warp's slot (pending, being moved, "
		     "finished, or another CTA's slot)"},
	{"fr_hold_kept", "read requests kept from the arbiter by bank holds (the engine's, and any other part's)"},
};
/* A write-back or source the LOCATE drops: its slot's CTA is not active. */
enum { FR_WHERE_INACTIVE = RFM_WHERE_OUTSIDE + 1 };

typedef struct frp {
	rfm_fr_geom_t g;
	unsigned S, W, R, n, V, words;  /* slots, warps, registers, CTA lines, rf_top warps, words */
	rfm_fr_t *u;                     /* the unit */
	rfm_fr_ctl_t k;                  /* its controller */
	int k_ok;
	uint8_t *stall, *ready, *exit;   /* this cycle's inputs as the controller takes them */
	uint32_t *pc;
	rfm_fr_ctl_in_t in;              /* this cycle's inputs */
	rfm_fr_ctl_act_t a;              /* this cycle's actions */
	uint8_t *act;                    /* [S]: slot s's CTA active (this cycle) */
	unsigned wcta[RFM_MAXW];         /* stimulus: the CTA of each write-back port's offer */
	unsigned *pend;                  /* [V]: instructions issued and not yet dispatched */
	int ard_q;                       /* the bank an engine read read at the last edge (-1 none) */
	unsigned ard_bank;               /* this cycle's engine read's bank */
	/* stimulus */
	rfm_fr_wl_t wl;
	int wl_ok;
	unsigned mem_min;
	uint8_t *st_in, *ex_in;          /* this cycle's fr_stall_i, fr_exit_i as the stimulus set them */
	/* checker */
	uint32_t *cg;                    /* [n][W][R][words]: golden registers of CTAs out of the ACRF */
	uint64_t *ck;                    /* [n][W][R]: their known lanes */
	uint64_t *cbv;                   /* [n][W]: their live vectors at the eviction */
	uint8_t *via;                    /* [V][R]: the register came back through the PCRF, unwritten since */
	int c_op;                        /* the operation in progress (RFM_FR_OP_*; 0 none) */
	unsigned c_a, c_b, c_slot;
	uint64_t c_bv[RFM_FR_MAX_WARPS]; /* its CTA's true live vectors at the decision */
} frp_t;

static unsigned at_least1(unsigned n) { return n ? n : 1; }
static uint64_t kmask(unsigned regs) { return regs >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << regs) - 1; }
static rfm_fr_ctl_pix_t *pix(const rfm_pinst_t *pi) { return (rfm_fr_ctl_pix_t *)(void *)pi->ix; }
static frp_t *st(const rfm_pinst_t *pi) { return pi->st; }

static int enabled(const rfm_cfg_t *c) { return rfm_tech_on(c, RFM_TECH_finereg); }

static void ports(const rfm_cfg_t *c, rfm_ports_t *pt, uint32_t *ix, rfm_place_t pl, unsigned i)
{
	rfm_fr_ctl_pix_t *p = (rfm_fr_ctl_pix_t *)(void *)ix;
	rfm_fr_geom_t g;
	rfm_finereg_geom_of(c, &g);
	if (pl == RFM_PL_WB) {
		ix[IX_WBCTA + i] = rfm_ports_add(pt, RFM_IN, rfm_fr_ix_bits(at_least1(g.ctas)),
						 "FineReg: its instruction's CTA line (written only while that CTA is "
						 "active in the warp's slot)", "wb%u_cta_i", i);
		return;
	}
	if (pl != RFM_PL_GROUPS)
		return;
	rfm_fr_ctl_ports_sched(c, pt, p, "fr_", "FineReg: the scheduler and memory", at_least1(g.regs));
	rfm_fr_ctl_ports_show(c, pt, p, "fr_", "FineReg: ");
}

static unsigned counters(const rfm_cfg_t *c, const rfm_counter_t **list)
{
	(void)c;
	*list = counter_list;
	return CNT_N;
}

/* ---- state ---------------------------------------------------------------------------------- */

static void drop_units(frp_t *x)
{
	if (x->k_ok)
		rfm_fr_ctl_free(&x->k);
	if (x->wl_ok)
		rfm_fr_wl_free(&x->wl);
	x->k_ok = x->wl_ok = 0;
	rfm_fr_destroy(x->u);
	x->u = NULL;
}

static void destroy(rfm_pinst_t *pi)
{
	frp_t *x = pi->st;
	if (!x)
		return;
	drop_units(x);
	free(x->stall), free(x->ready), free(x->exit), free(x->pc), free(x->act), free(x->pend);
	free(x->st_in), free(x->ex_in), free(x->cg), free(x->ck), free(x->cbv), free(x->via);
	free(x);
}

static void reset(rfm_top_t *t, rfm_pinst_t *pi)
{
	frp_t *x = st(pi);
	const rfm_cfg_t *c = t->m.cfg;
	rfm_fr_eng_cfg_t ec = {.pcrf_lat = c->finereg_pcrf_latency, .beat_words = c->d.fr_beat_words,
		.banks = at_least1(c->rf_banks), .bank = rfm_fr_acrf_bank, .ctx = (void *)c};
	char why[80];
	drop_units(x);
	x->u = rfm_fr_create(&x->g);
	if (!x->u || rfm_fr_ctl_init(&x->k, x->u, &ec, c->finereg_cache_entries, why, sizeof(why)))
		abort(); /* the sizes were accepted at create */
	x->k_ok = 1;
	memset(x->pend, 0, x->V * sizeof(*x->pend));
	memset(x->act, 0, x->S);
	memset(x->cg, 0, (size_t)x->n * x->W * x->R * x->words * 4u);
	memset(x->ck, 0, (size_t)x->n * x->W * x->R * sizeof(*x->ck));
	memset(x->via, 0, (size_t)x->V * x->R);
	memset(x->cbv, 0, (size_t)x->n * x->W * sizeof(*x->cbv));
	memset(&x->a, 0, sizeof(x->a));
	x->a.op = x->a.exit_slot = x->a.resume = -1;
	x->ard_q = -1;
	x->c_op = 0;
}

static int create(rfm_top_t *t, rfm_pinst_t *pi)
{
	const rfm_cfg_t *c = t->m.cfg;
	frp_t *x = calloc(1, sizeof(*x));
	unsigned i;
	if (!(pi->st = x))
		return -1;
	rfm_finereg_geom_of(c, &x->g);
	x->S = x->g.acrf_slots;
	x->W = x->g.warps;
	x->R = x->g.regs;
	x->n = x->g.ctas;
	x->V = x->S * x->W;
	x->words = x->g.words;
	if (!x->S || !x->n || x->V > c->sm_warps || x->words != t->wq || c->rf_banks > 64 || !t->backend->d->lends)
		return -1; /* the config's rules refuse these (a BACKEND that lends no bank: the coalescing one) */
	x->stall = calloc(x->V, 1), x->pc = calloc(x->V, 4), x->ready = calloc(x->n, 1), x->exit = calloc(x->S, 1);
	x->act = calloc(x->S, 1), x->pend = calloc(x->V, sizeof(*x->pend));
	x->st_in = calloc(x->V, 1), x->ex_in = calloc(x->S, 1);
	x->cg = calloc((size_t)x->n * x->W * x->R * x->words, 4);
	x->ck = calloc((size_t)x->n * x->W * x->R, sizeof(*x->ck));
	x->via = calloc((size_t)x->V * x->R, 1);
	x->cbv = calloc((size_t)x->n * x->W, sizeof(*x->cbv));
	if (!x->stall || !x->pc || !x->ready || !x->exit || !x->act || !x->pend || !x->st_in || !x->ex_in || !x->cg ||
	    !x->ck || !x->via || !x->cbv)
		return -1;
	for (i = 0; i < RFM_REFUSE_SHAPE_N; i++)
		if (rfm_refuse_shape_na(c, i))
			rfm_part_cov_na(t, pi, i);
	if (x->V == 1 && x->R == 1)
		rfm_part_cov_na(t, pi, FR_NOT_SLOTS);
	if (!c->d.bank_force) /* no part forces a hold */
		rfm_part_cov_na(t, pi, COV_ENGINE_YIELDS_FORCED);
	if (x->S <= x->g.active_ctas) { /* every slot's CTA fits in the pipeline: no context is saved */
		rfm_part_cov_na(t, pi, COV_CSW);
		rfm_part_cov_na(t, pi, COV_RESUME);
	}
	reset(t, pi);
	return 0;
}

/* ---- the slots ------------------------------------------------------------------------------- */

static int running(const rfm_top_t *t) { return t->kwarps_q != 0; }

/* (warp, reg) inside the running grid: the unit's warps and registers. */
static int inside(const rfm_top_t *t, const frp_t *x, unsigned w, unsigned g)
{
	return running(t) && w < x->V && g < x->R && w < t->kwarps_q && g < t->kregs_q;
}

static int fr_why(const rfm_top_t *t, const frp_t *x, unsigned warps, unsigned regs)
{
	int why = rfm_refuse_shape(t->m.cfg, warps, regs);
	if (why >= 0)
		return why;
	if (warps != x->V || regs != x->R)
		return FR_NOT_SLOTS;
	return running(t) ? FR_RUNNING : -1;
}

static int fits(rfm_top_t *t, rfm_pinst_t *pi, const rfm_launch_t *ln)
{
	return rfm_part_refused(t, pi, fr_why(t, st(pi), ln->warps, ln->regs));
}

/* Write-back a of CTA line cta: its slot, written only while that CTA is active in it. */
static void place(rfm_top_t *t, const frp_t *x, rfm_acc_t *a, unsigned cta)
{
	if (!inside(t, x, a->warp, a->reg)) {
		a->err = 1;
		a->bank = a->row = 0;
		return;
	}
	rfm_map_fn(t->m.cfg, x->V, x->R, a->warp, a->reg, &a->bank, &a->row);
	{
		unsigned s = a->warp / x->W;
		int o = x->u->owner[s], moved = o >= 0 && rfm_fr_eng_moving(&x->k.e, (unsigned)o);
		int mine = o == (int)cta || t->m.mutate == RFM_FAULT_FR_TOP_WB_ANY_CTA;
		if (!(x->act[s] && mine) && !(t->m.mutate == RFM_FAULT_FR_TOP_WB_TO_MOVED && moved && mine)) {
			a->drop = 1;
			a->bank = a->row = 0;
		}
	}
}

/* The active slots of this cycle (the unit's state). */
static void slots_now(frp_t *x)
{
	unsigned s;
	for (s = 0; s < x->S; s++)
		x->act[s] = (uint8_t)rfm_fr_ctl_active(&x->k, s);
}

static void locate_wb(rfm_top_t *t, rfm_pinst_t *pi)
{
	frp_t *x = st(pi);
	unsigned p;
	slots_now(x);
	for (p = 0; p < t->m.cfg->rf_write_ports; p++)
		place(t, x, &t->wb[p], (unsigned)rfm_get(&t->m, pi->ix[IX_WBCTA + p]));
}

/* fr_stall_i, fr_exit_i of warp w. */
static int stall_in(rfm_top_t *t, const rfm_pinst_t *pi, unsigned w)
{
	return (int)rfm_bits_get(rfm_wide(&t->m, pix(pi)->stall), w, 1);
}
static int exit_in(rfm_top_t *t, const rfm_pinst_t *pi, unsigned s)
{
	return (int)rfm_bits_get(rfm_wide(&t->m, pix(pi)->exit), s, 1);
}

static void locate_issue(rfm_top_t *t, rfm_pinst_t *pi)
{
	frp_t *x = st(pi);
	const rfm_cfg_t *c = t->m.cfg;
	unsigned k, s;
	for (k = 0; k < c->sm_schedulers; k++) {
		unsigned w = t->cin.warp[k];
		for (s = 0; s < c->sm_operands; s++) {
			rfm_acc_t *a = &t->src[k][s];
			if (!inside(t, x, a->warp, a->reg)) {
				a->err = 1;
				continue;
			}
			rfm_map_fn(c, x->V, x->R, a->warp, a->reg, &a->bank, &a->row);
		}
		if (running(t) && w < x->V &&
		    (!x->act[w / x->W] || stall_in(t, pi, w) || exit_in(t, pi, w / x->W)))
			t->hold[k] = t->refuse[k] = 1;
	}
}

static int where(rfm_top_t *t, rfm_pinst_t *pi, unsigned w, unsigned g, unsigned *bank, unsigned *row)
{
	frp_t *x = st(pi);
	*bank = *row = 0;
	if (!inside(t, x, w, g))
		return RFM_WHERE_OUTSIDE;
	if (!x->act[w / x->W])
		return FR_WHERE_INACTIVE;
	rfm_map_fn(t->m.cfg, x->V, x->R, w, g, bank, row);
	return RFM_WHERE_OK;
}

/* ---- the unit -------------------------------------------------------------------------------- */

/* The controller's inputs: a warp stalls once none of its instructions waits in a collector, a CTA
 * finishes once none of its warps' does; its grid is launched. */
static void inputs(rfm_top_t *t, rfm_pinst_t *pi)
{
	frp_t *x = st(pi);
	const rfm_fr_ctl_pix_t *p = pix(pi);
	rfm_model_t *m = &t->m;
	const uint32_t *sv = rfm_wide(m, p->stall), *pc = rfm_wide(m, p->pc), *rd = rfm_wide(m, p->ready),
		       *ex = rfm_wide(m, p->exit);
	int gate = t->m.mutate != RFM_FAULT_FR_TOP_STALL_UNGATED;
	unsigned i, s;
	for (i = 0; i < x->V; i++) {
		x->stall[i] = (uint8_t)(rfm_bits_get(sv, i, 1) && (!gate || !x->pend[i]));
		x->pc[i] = pc[i];
	}
	for (i = 0; i < x->n; i++)
		x->ready[i] = (uint8_t)rfm_bits_get(rd, i, 1);
	for (s = 0; s < x->S; s++) {
		unsigned w, n = 0;
		for (w = 0; w < x->W; w++)
			n += x->pend[s * x->W + w];
		x->exit[s] = (uint8_t)(rfm_bits_get(ex, s, 1) && !n);
	}
	x->in.stall = x->stall;
	x->in.pc = x->pc;
	x->in.ready = x->ready;
	x->in.exit = x->exit;
	x->in.new_left = running(t) && rfm_get(m, p->nl);
	x->in.fill_valid = (int)rfm_get(m, p->fv);
	x->in.fill_pc = (uint32_t)rfm_get(m, p->fpc);
	x->in.fill_bv = rfm_get(m, p->fvec);
	x->in.hold_gnt = 0;
}

static void hold(rfm_top_t *t, rfm_pinst_t *pi)
{
	t->hold_req |= rfm_fr_ctl_hold(&st(pi)->k);
}

/* Row of register (w, r) of slot s. */
static unsigned row_of(const rfm_top_t *t, const frp_t *x, unsigned s, unsigned w, unsigned r, unsigned *bank)
{
	unsigned b = 0, row = 0;
	rfm_map_fn(t->m.cfg, x->V, x->R, s * x->W + w, r, &b, &row);
	if (bank)
		*bank = b;
	return row;
}

/* The engine's accesses of this cycle, lent by the banks it holds and is granted. */
static void lend(rfm_top_t *t, frp_t *x)
{
	const rfm_fr_eng_t *e = &x->k.e;
	const rfm_fr_eng_act_t *a = &x->a.eng;
	unsigned b, s = e->slot;
	if (x->k.st != RFM_FR_CTL_MOVE)
		return;
	if (a->acrf == RFM_FR_ARD) {
		unsigned row = row_of(t, x, s, a->w, a->r, &b);
		t->lend_rd |= 1ull << b;
		t->lend_rrow[b] = row;
		x->ard_bank = b;
	} else if (a->acrf == RFM_FR_AWR) {
		unsigned row = row_of(t, x, s, a->w, a->r, &b);
		t->lend_wr |= 1ull << b;
		t->lend_wrow[b] = row;
		memcpy(t->lend_wdata + (size_t)b * t->wq, e->in[e->in_head].data, t->wq * 4u);
	} else if (a->acrf == RFM_FR_AZERO) {
		for (b = 0; b < t->m.cfg->rf_banks; b++)
			if (a->zbanks >> b & 1) {
				const rfm_fr_uop_t *u = &e->plan[a->zplan[b]];
				t->lend_wr |= 1ull << b;
				t->lend_wrow[b] = row_of(t, x, s, u->w, u->r, NULL);
				memset(t->lend_wdata + (size_t)b * t->wq, 0, t->wq * 4u);
			}
	}
}

/* Step 8b: the unit's decision from the grants, and the engine's accesses of the banks it was
 * granted, which every side hook then sees. */
static void borrow(rfm_top_t *t, rfm_pinst_t *pi)
{
	frp_t *x = st(pi);
	inputs(t, pi);
	x->in.hold_gnt = t->be.hold_gnt & rfm_fr_ctl_hold(&x->k) & ~t->hold_force;
	rfm_fr_ctl_decide(&x->k, &x->in, &x->a);
	lend(t, x);
}

static void side(rfm_top_t *t, rfm_pinst_t *pi)
{
	frp_t *x = st(pi);
	unsigned p, nd = 0;
	rfm_fr_ctl_show(&t->m, pix(pi), &x->k, &x->a);
	for (p = 0; p < t->m.cfg->rf_write_ports; p++)
		nd += t->wb[p].valid && !t->wb[p].err && t->wb[p].drop;
	t->cnt_d[pi->cnt0 + CNT_WDROP] = nd;
	t->cnt_d[pi->cnt0 + CNT_HKEPT] = t->be.nhold;
}

/* The edge: the register an engine read read at the last edge, instructions in the collectors per
 * warp, the controller. */
static void tick(rfm_top_t *t, rfm_pinst_t *pi)
{
	frp_t *x = st(pi);
	const rfm_cfg_t *c = t->m.cfg;
	unsigned k, d;
	if (x->k.st == RFM_FR_CTL_MOVE && x->k.e.rd_busy && x->ard_q >= 0)
		memcpy(x->k.e.rdreg, t->storage->d->st_rdata(t, t->storage, (unsigned)x->ard_q, 0), x->words * 4u);
	x->ard_q = x->k.st == RFM_FR_CTL_MOVE && x->a.eng.acrf == RFM_FR_ARD ? (int)x->ard_bank : -1;
	for (k = 0; k < c->sm_schedulers; k++)
		if (t->acc_now[k] && t->cin.warp[k] < x->V)
			x->pend[t->cin.warp[k]]++;
	for (d = 0; d < c->sm_schedulers; d++) {
		int pick = t->cout.dsel[d];
		if (pick >= 0 && t->coll->warp_q[pick] < x->V && x->pend[t->coll->warp_q[pick]])
			x->pend[t->coll->warp_q[pick]]--;
	}
	rfm_fr_ctl_cycle(&x->k, &x->in);
}

/* ---- stimulus -------------------------------------------------------------------------------- */

static void stim_launch(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r)
{
	(void)r;
	rfm_top_launch_set(t, st(pi)->V, st(pi)->R);
}

/* A launch that breaks reason alone (the shape's at the ports' edges, the unit's with the slots'
 * neighbours, a second grid). */
static int stim_refuse(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r, unsigned reason)
{
	(void)r;
	const rfm_cfg_t *c = t->m.cfg;
	frp_t *x = st(pi);
	unsigned w = x->V, g = x->R;
	switch (reason) {
	case RFM_REFUSE_NO_WARPS: w = 0; break;
	case RFM_REFUSE_WARPS_OVER: w = c->sm_warps + 1; break;
	case RFM_REFUSE_NO_REGS: g = 0; break;
	case RFM_REFUSE_REGS_OVER: g = c->sm_regs_per_thread + 1; break;
	case FR_NOT_SLOTS:
		if (x->V > 1)
			w = x->V - 1;
		else
			g = x->R - 1;
		break;
	default: break;
	}
	if ((reason < RFM_REFUSE_SHAPE_N && rfm_refuse_shape_na(c, reason)) || fr_why(t, x, w, g) != (int)reason)
		return -1;
	rfm_top_launch_set(t, w, g);
	return 0;
}

/* The scheduler and memory: the synthetic workload once the grid runs, in phases as for rf_fr_ctl
 * alone (block_ctl.c): long waits, no new CTA, every inactive CTA held back, exits only while the
 * unit decides or moves, fills of other PCs. */
static void stim_pre(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r, uint64_t cycle)
{
	frp_t *x = st(pi);
	const rfm_fr_ctl_pix_t *p = pix(pi);
	rfm_model_t *m = &t->m;
	rfm_fr_ctl_in_t in;
	unsigned i;
	memset(x->st_in, 0, x->V);
	memset(x->ex_in, 0, x->S);
	rfm_set(m, p->pcta, rfm_rng_below(r, (uint64_t)1 << rfm_fr_ix_bits(x->n)));
	if (!running(t))
		return;
	if (!x->wl_ok) {
		unsigned move = x->W * x->R * (x->words / m->cfg->d.fr_beat_words);
		rfm_fr_wl_cfg_t wc = {.grid = 1u << 30, .waits = 6, .issue_min = 2, .issue_max = 10,
			.mem_min = move / 2 > 100 ? move / 2 : 100, .mem_max = 3 * move > 600 ? 3 * move : 600,
			.kernel_len = 12, .loads = 3, .density = 9, .bv_lat = m->cfg->finereg_bv_latency,
			.seed = rfm_rng_next(r)};
		if (x->g.pcrf_entries >= 4 * x->W * x->R)
			wc.density = 14;
		if (rfm_fr_wl_init(&x->wl, x->u, &wc))
			abort();
		x->wl_ok = 1;
		x->mem_min = wc.mem_min;
	} else
		rfm_fr_wl_tick(&x->wl, &x->k);
	x->wl.cfg.issue_max = (cycle >> 13 & 1) ? 40 : 10;
	x->wl.cfg.mem_min = (cycle >> 13 & 1) ? 20 : x->mem_min;
	rfm_fr_wl_inputs(&x->wl, &x->k, &in);
	{
		uint32_t *sv = rfm_wide(m, p->stall), *pc = rfm_wide(m, p->pc), *rd = rfm_wide(m, p->ready),
			 *ex = rfm_wide(m, p->exit);
		int held = (cycle >> 14 & 3) == 2,
		    hold = (cycle >> 10 & 7) == 5 && x->k.st != RFM_FR_CTL_DECIDE && x->k.st != RFM_FR_CTL_MOVE;
		for (i = 0; i < x->V; i++) {
			x->st_in[i] = in.stall[i];
			rfm_bits_set(sv, i, 1, in.stall[i]);
			pc[i] = in.pc[i];
		}
		for (i = 0; i < x->n; i++)
			rfm_bits_set(rd, i, 1, in.ready[i] && !held);
		for (i = 0; i < x->S; i++) {
			x->ex_in[i] = (uint8_t)(in.exit[i] && !hold);
			rfm_bits_set(ex, i, 1, x->ex_in[i]);
		}
	}
	rfm_set(m, p->nl, in.new_left && (cycle >> 12 & 3) != 3);
	if (in.fill_valid) {
		rfm_set(m, p->fv, 1);
		rfm_set(m, p->fpc, in.fill_pc);
		rfm_set(m, p->fvec, in.fill_bv);
	} else if (x->k.st == RFM_FR_CTL_MISS && rfm_rng_chance(r, 1, 8)) {
		rfm_set(m, p->fv, 1);
		rfm_set(m, p->fpc, x->k.miss_pc + 8);
		rfm_set(m, p->fvec, rfm_fr_wl_bv(&x->wl, x->k.miss_pc + 8));
	}
}

/* The scheduler issues from a warp that may issue (active slot, not stalled, not finished), but
 * one time in sixteen from any warp (refused when it may not). */
static void stim_issue(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r, unsigned k)
{
	frp_t *x = st(pi);
	unsigned w, n = 0, pick;
	if (!running(t) || rfm_rng_chance(r, 1, 16))
		return;
	for (w = 0; w < x->V; w++)
		n += rfm_fr_ctl_active(&x->k, w / x->W) && !x->st_in[w] && !x->ex_in[w / x->W];
	if (!n) {
		rfm_set(&t->m, t->ix.iv[k], 0);
		return;
	}
	pick = (unsigned)rfm_rng_below(r, n);
	for (w = 0; w < x->V; w++)
		if (rfm_fr_ctl_active(&x->k, w / x->W) && !x->st_in[w] && !x->ex_in[w / x->W] && !pick--)
			break;
	rfm_set(&t->m, t->ix.iw[k], w);
}

/* A write-back's CTA: mostly the one holding the warp's slot, now and then any line (a load of a
 * CTA that has left the slot, or of one that never held it); a held one keeps its CTA. */
static void stim_wb(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r, unsigned p, int held)
{
	frp_t *x = st(pi);
	unsigned w = (unsigned)rfm_get(&t->m, t->ix.ww[p]);
	if (!held) {
		int o = w < x->V ? x->u->owner[w / x->W] : -1;
		x->wcta[p] = o >= 0 && !rfm_rng_chance(r, 1, 8) ? (unsigned)o : (unsigned)rfm_rng_below(r, x->n);
	}
	rfm_set(&t->m, pi->ix[IX_WBCTA + p], x->wcta[p]);
}

/* ---- checker --------------------------------------------------------------------------------- */

static int verdict(rfm_top_t *t, rfm_pinst_t *pi, uint64_t cycle, FILE *err)
{
	frp_t *x = st(pi);
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	const rfm_fr_ctl_pix_t *p = pix(pi);
	const uint32_t *act = rfm_wide(m, p->act), *scta = rfm_wide(m, p->scta);
	uint64_t lent = t->lend_rd | t->lend_wr, rd = 0, wr = 0;
	unsigned k, q, nd = 0;
	int bad = 0;
	for (k = 0; k < c->sm_schedulers; k++) { /* issues: refused from a slot not active, a stalled warp, a finished CTA */
		unsigned w = (unsigned)rfm_get(m, t->ix.iw[k]);
		if (!rfm_get(m, t->ix.iv[k]) || !running(t) || w >= x->V)
			continue;
		if ((!rfm_bits_get(act, w / x->W, 1) || stall_in(t, pi, w) || exit_in(t, pi, w / x->W)) &&
		    rfm_get(m, t->ix.ir[k])) {
			fprintf(err, "cycle %llu: rf_top FineReg: issue %u of warp %u is taken although its slot's CTA is not "
				     "active, the warp stalls or the CTA finished\n", (unsigned long long)cycle, k, w);
			bad = 1;
		}
	}
	for (k = 0; k < c->rf_write_ports; k++) { /* write-backs: dropped exactly when their CTA is not active in
						    * their warp's slot */
		unsigned w = (unsigned)rfm_get(m, t->ix.ww[k]), g = (unsigned)rfm_get(m, t->ix.wr[k]);
		unsigned lb = rfm_fr_ix_bits(x->n);
		uint64_t cta = rfm_get(m, pi->ix[IX_WBCTA + k]);
		int want_drop;
		if (!rfm_get(m, t->ix.wv[k]) || !inside(t, x, w, g))
			continue;
		want_drop = !rfm_bits_get(act, w / x->W, 1) || rfm_bits_get(scta, w / x->W * lb, lb) != cta;
		nd += want_drop;
		if (want_drop ? t->be.wtaken[k] : !t->be.wtaken[k] && !t->be.wrefused[k]) {
			fprintf(err, "cycle %llu: rf_top FineReg: write-back %u to warp %u r%u of CTA %llu is %s although that "
				     "CTA is %sactive in the warp's slot\n", (unsigned long long)cycle, k, w, g,
				(unsigned long long)cta, want_drop ? "written" : "dropped", want_drop ? "not " : "");
			bad = 1;
		}
		if (t->be.wtaken[k])
			wr |= 1ull << t->wb[k].bank;
	}
	for (q = 0; q < c->d.nq; q++)
		if ((t->be.gnt >> q) & 1u)
			rd |= 1ull << t->coll->bank_q[q];
	if ((lent & ~(t->be.hold_gnt & ~t->hold_force)) || (lent & (rd | wr))) {
		fprintf(err, "cycle %llu: rf_top FineReg: the engine accesses banks 0x%llx, held and granted 0x%llx, read "
			     "or written otherwise 0x%llx\n", (unsigned long long)cycle, (unsigned long long)lent,
			(unsigned long long)(t->be.hold_gnt & ~t->hold_force), (unsigned long long)(rd | wr));
		bad = 1;
	}
	for (k = 0; x->c_op && k < t->nfly; k++) /* no instruction of a slot being moved waits in a collector */
		if (t->fly[k].warp < x->V && t->fly[k].warp / x->W == x->c_slot) {
			fprintf(err, "cycle %llu: rf_top FineReg: tag %u of warp %u waits in a collector while the engine moves "
				     "slot %u's registers\n", (unsigned long long)cycle, t->fly[k].tag, t->fly[k].warp, x->c_slot);
			bad = 1;
			break;
		}
	t->shadow[pi->cnt0 + CNT_WDROP] += nd;
	t->shadow[pi->cnt0 + CNT_HKEPT] += t->be.nhold;
	return bad;
}

static uint32_t *cg_reg(const rfm_top_t *t, const frp_t *x, unsigned c, unsigned w, unsigned r)
{
	return x->cg + (((size_t)c * x->W + w) * x->R + r) * t->wq;
}
static uint64_t *ck_reg(const frp_t *x, unsigned c, unsigned w, unsigned r)
{
	return &x->ck[((size_t)c * x->W + w) * x->R + r];
}

/* CTA c leaves slot s: its live registers (c_bv) kept, the dead ones zero. */
static void save_cta(rfm_top_t *t, frp_t *x, unsigned c, unsigned s)
{
	unsigned w, r;
	for (w = 0; w < x->W; w++)
		x->cbv[(size_t)c * x->W + w] = x->c_bv[w];
	for (w = 0; w < x->W; w++)
		for (r = 0; r < x->R; r++) {
			unsigned v = s * x->W + w;
			if (x->c_bv[w] >> r & 1) {
				memcpy(cg_reg(t, x, c, w, r), rfm_top_gold(t, v, r), t->wq * 4u);
				*ck_reg(x, c, w, r) = *rfm_top_known(t, v, r);
			} else {
				memset(cg_reg(t, x, c, w, r), 0, t->wq * 4u);
				*ck_reg(x, c, w, r) = rfm_mask64(t->m.cfg->rf_lanes);
			}
		}
}

/* Slot s's golden registers: CTA c's kept ones (c >= 0), or all zero (a launch; c = -1). */
static void fill_slot(rfm_top_t *t, frp_t *x, int c, unsigned s)
{
	unsigned w, r;
	for (w = 0; w < x->W; w++)
		for (r = 0; r < x->R; r++) {
			unsigned v = s * x->W + w;
			if (c >= 0) {
				memcpy(rfm_top_gold(t, v, r), cg_reg(t, x, (unsigned)c, w, r), t->wq * 4u);
				*rfm_top_known(t, v, r) = *ck_reg(x, (unsigned)c, w, r);
				x->via[(size_t)v * x->R + r] = (uint8_t)(x->cbv[(size_t)c * x->W + w] >> r & 1);
			} else {
				memset(rfm_top_gold(t, v, r), 0, t->wq * 4u);
				*rfm_top_known(t, v, r) = rfm_mask64(t->m.cfg->rf_lanes);
				x->via[(size_t)v * x->R + r] = 0;
			}
		}
}

/* Slot s is left: its golden registers are unknown. */
static void forget_slot(rfm_top_t *t, frp_t *x, unsigned s)
{
	unsigned w, r;
	for (w = 0; w < x->W; w++)
		for (r = 0; r < x->R; r++) {
			*rfm_top_known(t, s * x->W + w, r) = 0;
			x->via[(size_t)(s * x->W + w) * x->R + r] = 0;
		}
}

/* After this cycle's write-backs: the events the outputs show, applied to the golden registers at
 * the edge they take effect. */
static void book_post(rfm_top_t *t, rfm_pinst_t *pi)
{
	frp_t *x = st(pi);
	rfm_model_t *m = &t->m;
	const rfm_fr_ctl_pix_t *p = pix(pi);
	unsigned k, w;
	int go = (int)rfm_get(m, p->go), done = (int)rfm_get(m, p->done);
	if (done && x->c_op) {
		switch (x->c_op) {
		case RFM_FR_OP_LAUNCH: fill_slot(t, x, -1, x->c_slot); rfm_part_cov(t, pi, COV_LAUNCH); break;
		case RFM_FR_OP_EVICT:
			save_cta(t, x, x->c_a, x->c_slot);
			forget_slot(t, x, x->c_slot);
			rfm_part_cov(t, pi, COV_EVICT);
			break;
		case RFM_FR_OP_RESTORE:
			fill_slot(t, x, (int)x->c_a, x->c_slot);
			rfm_part_cov(t, pi, COV_RESTORE);
			break;
		default:
			save_cta(t, x, x->c_a, x->c_slot);
			fill_slot(t, x, (int)x->c_b, x->c_slot);
			rfm_part_cov(t, pi, COV_SWAP);
		}
		x->c_op = 0;
	}
	if (go) {
		x->c_op = (int)rfm_get(m, p->op) + RFM_FR_OP_LAUNCH;
		x->c_a = (unsigned)rfm_get(m, p->ca);
		x->c_b = (unsigned)rfm_get(m, p->cb);
		x->c_slot = (unsigned)rfm_get(m, p->slot);
		for (w = 0; w < x->W; w++) /* the true vectors of the stalled CTA's warps */
			x->c_bv[w] = x->wl_ok ? rfm_fr_wl_bv(&x->wl, rfm_wide(m, p->pc)[x->c_slot * x->W + w]) & kmask(x->R) : 0;
	}
	if (rfm_get(m, p->ex)) {
		unsigned s;
		for (s = 0; s < x->S; s++)
			if (x->u->owner[s] == (int)rfm_get(m, p->excta))
				forget_slot(t, x, s);
		rfm_part_cov(t, pi, COV_EXIT);
	}
	if (rfm_get(m, p->csw))
		rfm_part_cov(t, pi, COV_CSW);
	if (rfm_get(m, p->resume))
		rfm_part_cov(t, pi, COV_RESUME);
	if (rfm_get(m, p->stay))
		rfm_part_cov(t, pi, rfm_get(m, p->stay) == 2 ? COV_STAY_DEPLETED : COV_STAY_NOTHING);
	if (x->a.hit == 0)
		rfm_part_cov(t, pi, COV_MISS);
	for (k = 0; k < t->m.cfg->rf_write_ports; k++) {
		const rfm_acc_t *a = &t->wb[k];
		if (a->valid && !a->err && a->drop)
			rfm_part_cov(t, pi, x->act[a->warp / x->W] ? COV_WB_OTHER_CTA : COV_WB_DROPPED);
		if (t->be.wtaken[k] && a->warp < x->V)
			x->via[(size_t)a->warp * x->R + a->reg] = 0;
		if (a->valid && !a->err && !a->drop && ((rfm_fr_ctl_hold(&x->k) >> a->bank) & 1u))
			rfm_part_cov(t, pi, COV_ENGINE_YIELDS);
	}
	if (rfm_fr_ctl_hold(&x->k) & t->hold_force) /* another part's forced hold (eDRAM refresh) */
		rfm_part_cov(t, pi, COV_ENGINE_YIELDS_FORCED);
	for (k = 0; k < t->m.cfg->sm_schedulers; k++) {
		unsigned v = t->cin.warp[k];
		if (!t->iv[k] || !t->refuse[k] || v >= x->V)
			continue;
		rfm_part_cov(t, pi, !x->act[v / x->W] ? COV_ISS_INACTIVE : COV_ISS_STALLED);
	}
	for (w = 0; w < x->V; w++)
		if (x->st_in[w] && x->pend[w] && running(t))
			rfm_part_cov(t, pi, COV_STALL_HELD);
	for (w = 0; w < x->S; w++)
		if (rfm_bits_get(rfm_wide(m, p->exit), w, 1) && !x->exit[w])
			rfm_part_cov(t, pi, COV_EXIT_HELD);
	if (t->lend_rd)
		rfm_part_cov(t, pi, COV_LENT_READ);
	if (x->a.eng.acrf == RFM_FR_AWR && x->k.st == RFM_FR_CTL_MOVE)
		rfm_part_cov(t, pi, COV_LENT_WRITE);
	if (x->a.eng.acrf == RFM_FR_AZERO && x->k.st == RFM_FR_CTL_MOVE)
		rfm_part_cov(t, pi, COV_LENT_ZERO);
}

static void dispatched(rfm_top_t *t, rfm_pinst_t *pi, const rfm_fly_t *f)
{
	frp_t *x = st(pi);
	unsigned s;
	for (s = 0; s < f->nsrc; s++)
		if (f->valid[s] && !f->err[s] && !f->taint[s] && f->warp < x->V && f->reg[s] < x->R &&
		    x->via[(size_t)f->warp * x->R + f->reg[s]])
			rfm_part_cov(t, pi, COV_RESTORED_READ);
}

const rfm_part_t rfm_part_finereg = {
	.name = "finereg", .slots = RFM_PART_LOCATE | RFM_PART_SIDE, .enabled = enabled, .ports = ports,
	.counters = counters, .recount = 1, .cov = cov_names, .ncov = COV_N, .refuse0 = 0, .nrefuse = FR_REFUSE_N,
	.one_kernel = 1, .create = create, .destroy = destroy, .reset = reset, .fits = fits, .locate_wb = locate_wb,
	.locate_issue = locate_issue, .hold = hold, .borrow = borrow, .side = side, .tick = tick, .where = where,
	.stim_launch = stim_launch, .stim_pre = stim_pre, .stim_refuse = stim_refuse,
	.stim_issue = stim_issue, .stim_wb = stim_wb, .verdict = verdict, .dispatched = dispatched,
	.book_post = book_post,
};
