/* block_eng.c - the model of rf_fr_eng, FineReg's register-moving engine as a block (docs/finereg.md,
 * "The engine in RTL"): the cycle-level engine of engine.c on the unit's state of rmu.c, behind the
 * ports of the RTL. The block holds the PCRF (data, tags, free-space monitor) and the engine's
 * buffers and sets; the ACRF, the pointer table, the slot table and the status monitor are outside:
 * an operation starts with its kind, its slot and, for a restore or a swap, the pending CTA's chain
 * (head and count, from the pointer table); an eviction's or a swap's live vectors are loaded warp by
 * warp before it (the controller's lookup); the ACRF is read and written through the ports, one
 * bank held a cycle (every bank with a zero left for the zeros), the read data arriving in the cycle
 * after the read (the bank's read register). The new chain of an eviction or a swap is shown in
 * the cycle it ends (the pointer table's write at that edge), and the tags can be read while the
 * engine is idle.
 *
 * The stimulus plays the controller and the ACRF: it picks legal operations on the unit's state
 * (the CTAs themselves are outside the block), loads every warp's vector before an eviction or a
 * swap, grants holds at random, returns the register an ARD read, and writes registers of active
 * CTAs between operations. The checker keeps the whole operations of rmu.c on a unit of its own and
 * the ACRF the block's outputs write; it holds every read to the order of the extract's G5 (the
 * lowest live register, or the incoming register's destination when it is live and not yet moved),
 * every access to a held bank, and, at an operation's end and whenever the engine is idle, the ACRF
 * slot, the free count, the new chain and the tags to the whole operation's.
 */
#include <stdlib.h>
#include <string.h>

#include "block_acrf.h"
#include "rfm_block.h"
#include "rfm_fault_ids.h"
#include "rfm_finereg.h"
#include "rfm_finereg_int.h"
#include "rfm_models.h"
#include "rfm_util.h"

enum { OP_LAUNCH, OP_EVICT, OP_RESTORE, OP_SWAP };
enum { ENG_NCNT = 8 };
static const char *const cnt_names[ENG_NCNT] = {"busy", "wait", "ard", "awr", "prd", "pwr", "ops", "depleted"};

typedef struct eng_ix {
	unsigned clk, rst, go, op, slot, head, count, lv, lw, lvec, tidx;
	rfm_fr_acrf_ix_t a;
	unsigned busy, done, live, depl, pwr, pwre, prd, prde, fcnt, chead, ccnt, tv, te, tn, tw, tr, cnt[ENG_NCNT];
} eng_ix_t;

enum { EC_LAUNCH, EC_EVICT, EC_RESTORE, EC_SWAP, EC_SWAP_OUT_IN_CHAIN, EC_SWAP_DST_FIRST, EC_EVICT_NONE_LIVE,
       EC_DEPLETED_EVICT, EC_DEPLETED_SWAP, EC_HOLD_WAIT, EC_ZEROS_TWO_BANKS, EC_ARD_BACK_TO_BACK, EC_PEEK_VALID,
       EC_PEEK_END, EC_N };
static const char *const ec_names[EC_N] = {"launch",
					   "eviction",
					   "restore",
					   "swap",
					   "swap_moves_out_into_the_chain",
					   "swap_moves_the_destination_first",
					   "eviction_with_no_live_register",
					   "eviction_refused_pcrf_full",
					   "swap_refused_pcrf_full",
					   "hold_wait",
					   "zeros_in_two_banks_at_once",
					   "reads_in_consecutive_cycles",
					   "idle_read_of_a_valid_tag",
					   "idle_read_of_a_chain_end"};

typedef struct rfm_engb {
	rfm_model_t m;
	eng_ix_t ix;
	rfm_fr_geom_t g;
	unsigned W, R, words, banks, wbits, pbits, cbits;
	rfm_fr_t *u;              /* the unit engine.c moves registers of */
	rfm_fr_eng_t e;
	uint64_t rows[RFM_FR_MAX_WARPS]; /* the live vectors loaded (the kernel's bits) */
	/* stimulus: the controller and the ACRF */
	uint32_t *acrf;           /* the ACRF as the block's outputs and the write-backs leave it */
	int pend;                 /* an operation chosen (-1 none), its CTAs, slot and launch mode */
	unsigned pa, pb_, ps, ppipe, loads;
	unsigned vmode;           /* its vectors: 0 each warp's at random, 1 none live, 2 every register */
	/* checker */
	rfm_fr_t *ref;            /* the whole operations */
	uint64_t c_rows[RFM_FR_MAX_WARPS];
	int c_busy, c_done, c_op; /* busy_o and done_o of the last cycle; the operation in progress */
	unsigned c_slot, c_a, c_first, c_nard, c_live;
	uint64_t c_live_set[RFM_FR_MAX_WARPS], c_moved[RFM_FR_MAX_WARPS];
	unsigned c_dst[4096];     /* the pending CTA's chain: each entry's {warp, index} (w x 64 + r) */
	uint64_t c_cnt[ENG_NCNT], c_last_ard;
} rfm_engb_t;

static unsigned at_least1(unsigned n) { return n ? n : 1; }
static uint64_t kmask(unsigned regs) { return regs >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << regs) - 1; }

static int eng_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	eng_ix_t *ix = ixv;
	rfm_fr_geom_t g;
	unsigned pb, cb, wb, k,
		 nb = c->stats_counter_bits;
	rfm_finereg_geom_of(c, &g);
	pb = at_least1(c->d.fr_ptr_bits);
	cb = rfm_fr_count_bits(&g);
	wb = rfm_fr_warp_bits(&g);
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (PCRF empty, engine idle)", "rst_ni");
	rfm_ports_group(pt, "an operation starts (taken while busy_o is low)");
	ix->go = rfm_ports_add(pt, RFM_IN, 1, "start an operation at the edge", "go_i");
	ix->op = rfm_ports_add(pt, RFM_IN, 2, "0 launch, 1 eviction, 2 restore, 3 swap", "op_i");
	ix->slot = rfm_ports_add(pt, RFM_IN, at_least1(rfm_clog2(at_least1(c->d.fr_slots))), "its ACRF slot", "slot_i");
	ix->head = rfm_ports_add(pt, RFM_IN, pb, "restore, swap: the pending CTA's chain head", "head_i");
	ix->count = rfm_ports_add(pt, RFM_IN, cb, "and its live count", "count_i");
	rfm_ports_group(pt, "live vectors (before an eviction or a swap, every warp's)");
	ix->lv = rfm_ports_add(pt, RFM_IN, 1, "load a warp's vector at the edge (ignored while busy or starting)",
			       "ld_valid_i");
	ix->lw = rfm_ports_add(pt, RFM_IN, wb, "the warp", "ld_warp_i");
	ix->lvec = rfm_ports_add(pt, RFM_IN, 64, "its live registers", "ld_vec_i");
	rfm_fr_acrf_ports(c, pt, &ix->a, wb);
	rfm_ports_group(pt, "the PCRF port and the state");
	ix->pwr = rfm_ports_add(pt, RFM_OUT, 1, "a PWR starts", "pwr_o");
	ix->pwre = rfm_ports_add(pt, RFM_OUT, pb, "its entry (0 when none)", "pwr_entry_o");
	ix->prd = rfm_ports_add(pt, RFM_OUT, 1, "a PRD starts", "prd_o");
	ix->prde = rfm_ports_add(pt, RFM_OUT, pb, "its entry (0 when none)", "prd_entry_o");
	ix->busy = rfm_ports_add(pt, RFM_OUT, 1, "an operation in progress", "busy_o");
	ix->done = rfm_ports_add(pt, RFM_OUT, 1, "it ends at this edge (the bookkeeping's cycle)", "done_o");
	ix->live = rfm_ports_add(pt, RFM_OUT, rfm_clog2((uint64_t)g.warps * g.regs + 1),
				 "live registers of the vectors loaded (the decision's)", "live_o");
	ix->depl = rfm_ports_add(pt, RFM_OUT, 1, "the start is refused: too few PCRF entries", "depleted_o");
	ix->fcnt = rfm_ports_add(pt, RFM_OUT, cb, "empty PCRF entries", "free_count_o");
	ix->chead = rfm_ports_add(pt, RFM_OUT, pb, "with done_o, an eviction's or a swap's new chain: head (0 else)",
				  "chain_head_o");
	ix->ccnt = rfm_ports_add(pt, RFM_OUT, cb, "and count", "chain_count_o");
	ix->tidx = rfm_ports_add(pt, RFM_IN, pb, "a tag read while idle", "t_idx_i");
	ix->tv = rfm_ports_add(pt, RFM_OUT, 1, "its valid (tag fields 0 while busy)", "t_valid_o");
	ix->te = rfm_ports_add(pt, RFM_OUT, 1, "its end", "t_end_o");
	ix->tn = rfm_ports_add(pt, RFM_OUT, pb, "its next", "t_next_o");
	ix->tw = rfm_ports_add(pt, RFM_OUT, wb, "its warp", "t_wid_o");
	ix->tr = rfm_ports_add(pt, RFM_OUT, 6, "its register index", "t_ridx_o");
	rfm_ports_group(pt, "counters (wrapping)");
	for (k = 0; k < ENG_NCNT; k++) {
		static const char *const help[ENG_NCNT] = {
			"cycles with an operation in progress", "cycles the ACRF queue waited for a bank",
			"ACRF registers read", "ACRF registers written (zeros too)", "PCRF entries read",
			"PCRF entries written", "operations completed", "starts refused for want of entries"};
		ix->cnt[k] = rfm_ports_add(pt, RFM_OUT, nb, help[k], "cnt_%s_o", cnt_names[k]);
	}
	return 0;
}

/* ---- state -------------------------------------------------------------------------------------- */

static void eng_release(rfm_model_t *m)
{
	rfm_engb_t *x = (rfm_engb_t *)m;
	rfm_fr_eng_free(&x->e);
	rfm_fr_destroy(x->u);
	rfm_fr_destroy(x->ref);
	free(x->acrf);
	x->u = x->ref = NULL;
	x->acrf = NULL;
}

/* A fresh unit and engine (and the checker's unit): everything empty. */
static int eng_fresh(rfm_engb_t *x)
{
	rfm_fr_eng_cfg_t ec = {.pcrf_lat = x->m.cfg->finereg_pcrf_latency, .beat_words = x->m.cfg->d.fr_beat_words,
		.banks = x->banks, .bank = rfm_fr_acrf_bank, .ctx = (void *)x->m.cfg};
	char why[80];
	rfm_fr_eng_free(&x->e);
	rfm_fr_destroy(x->u);
	rfm_fr_destroy(x->ref);
	x->u = rfm_fr_create(&x->g);
	x->ref = rfm_fr_create(&x->g);
	if (!x->u || !x->ref || rfm_fr_eng_init(&x->e, x->u, &ec, why, sizeof(why)))
		return -1;
	x->e.fault = x->m.mutate == RFM_FAULT_ENG_SWAP_NO_DST ? RFM_FR_EF_SWAP_NO_DST
		     : x->m.mutate == RFM_FAULT_ENG_WALK_SHORT ? RFM_FR_EF_WALK_SHORT
							      : 0;
	return 0;
}

static void eng_reset(rfm_model_t *m)
{
	rfm_engb_t *x = (rfm_engb_t *)m;
	if (eng_fresh(x))
		abort(); /* the sizes were accepted at setup */
	memset(x->rows, 0, sizeof(x->rows));
	memset(x->c_rows, 0, sizeof(x->c_rows));
	memset(x->c_cnt, 0, sizeof(x->c_cnt));
	memset(x->acrf, 0, (size_t)x->g.acrf_slots * x->W * x->R * x->words * 4u);
	x->pend = -1;
	x->loads = 0;
	x->c_busy = x->c_done = 0;
	x->c_op = -1;
	x->c_last_ard = ~0ull;
}

/* Live registers of the loaded vectors. */
static unsigned live_of(const rfm_engb_t *x, const uint64_t *rows)
{
	unsigned w, n = 0;
	for (w = 0; w < x->W; w++)
		n += (unsigned)rfm_popcount64(rows[w]);
	return n;
}

/* The start this cycle is refused for want of entries. */
static int refused(const rfm_engb_t *x, const rfm_fr_t *u, const uint64_t *rows)
{
	rfm_model_t *m = (rfm_model_t *)&x->m;
	unsigned op = (unsigned)rfm_get(m, x->ix.op), live = live_of(x, rows);
	if (!rfm_get(m, x->ix.go) || x->e.op != RFM_FR_OP_IDLE)
		return 0;
	if (op == OP_EVICT)
		return live > u->free_count;
	if (op == OP_SWAP)
		return u->free_count + (unsigned)rfm_get(m, x->ix.count) < live;
	return 0;
}

static void eng_eval(rfm_model_t *m)
{
	rfm_engb_t *x = (rfm_engb_t *)m;
	const rfm_fr_t *u = x->u;
	rfm_fr_eng_act_t a;
	uint64_t gnt = rfm_get(m, x->ix.a.gnt), t = rfm_get(m, x->ix.tidx), cm = rfm_mask64(m->cfg->stats_counter_bits);
	const uint64_t cnt[ENG_NCNT] = {x->e.n.busy,	   x->e.n.hold_waits,  x->e.n.acrf_reads, x->e.n.acrf_writes,
					x->e.n.pcrf_reads, x->e.n.pcrf_writes, x->e.n.ops,	  u->n.depleted};
	unsigned k;
	int busy = x->e.op != RFM_FR_OP_IDLE;
	rfm_fr_eng_decide(&x->e, gnt, &a);
	rfm_set(m, x->ix.busy, busy);
	rfm_set(m, x->ix.done, busy && rfm_fr_eng_ends(&x->e, &a));
	rfm_set(m, x->ix.live, live_of(x, x->rows));
	rfm_set(m, x->ix.depl, refused(x, u, x->rows));
	rfm_fr_acrf_show(m, &x->ix.a, &x->e, &a, busy);
	rfm_set(m, x->ix.pwr, a.pcrf == RFM_FR_PWR);
	rfm_set(m, x->ix.pwre, a.pcrf == RFM_FR_PWR ? a.pentry : 0);
	rfm_set(m, x->ix.prd, a.pcrf == RFM_FR_PRD);
	rfm_set(m, x->ix.prde, a.pcrf == RFM_FR_PRD ? a.pentry : 0);
	rfm_set(m, x->ix.fcnt, u->free_count);
	{ /* the new chain: its entries in the order of the plan's PWRs, which end in that order */
		unsigned head = 0, n = 0, i;
		if (busy && (x->e.op == RFM_FR_OP_EVICT || x->e.op == RFM_FR_OP_SWAP) && rfm_fr_eng_ends(&x->e, &a))
			for (i = 0; i < x->e.nplan; i++)
				if (x->e.plan[i].kind == RFM_FR_PWR && !n++)
					head = x->e.plan[i].e;
		rfm_set(m, x->ix.chead, head);
		rfm_set(m, x->ix.ccnt, n);
	}
	{
		rfm_fr_tag_t z = {0}, tg = !busy && t < x->g.pcrf_entries ? u->tag[t] : z;
		rfm_set(m, x->ix.tv, tg.valid);
		rfm_set(m, x->ix.te, tg.end);
		rfm_set(m, x->ix.tn, tg.next);
		rfm_set(m, x->ix.tw, tg.wid);
		rfm_set(m, x->ix.tr, tg.ridx);
	}
	for (k = 0; k < ENG_NCNT; k++)
		rfm_set(m, x->ix.cnt[k], cnt[k] & cm);
}

static void eng_tick(rfm_model_t *m)
{
	rfm_engb_t *x = (rfm_engb_t *)m;
	uint64_t gnt = rfm_get(m, x->ix.a.gnt);
	if (x->e.op != RFM_FR_OP_IDLE) {
		/* the register the bank read at the last edge: the ACRF's, as the port shows it */
		if (x->e.rd_busy)
			memcpy(x->e.rdreg, rfm_wide(m, x->ix.a.rdd), x->words * 4u);
		rfm_fr_eng_cycle(&x->e, gnt);
		return;
	}
	if (rfm_get(m, x->ix.go)) {
		/* the operation the controller chose (the stimulus names its CTAs: the block sees its slot and
		 * the pending chain, which are theirs) */
		switch ((unsigned)rfm_get(m, x->ix.op)) {
		case OP_LAUNCH:
			rfm_fr_eng_launch(&x->e, x->pa, x->ps, (int)x->ppipe);
			break;
		case OP_EVICT:
			rfm_fr_eng_evict(&x->e, x->pa, x->rows);
			break;
		case OP_RESTORE:
			rfm_fr_eng_restore(&x->e, x->pa, x->ps);
			break;
		default:
			rfm_fr_eng_swap(&x->e, x->pa, x->rows, x->pb_);
		}
		return;
	}
	if (rfm_get(m, x->ix.lv)) {
		unsigned w = (unsigned)rfm_get(m, x->ix.lw);
		if (w < x->W)
			x->rows[w] = rfm_get(m, x->ix.lvec) & kmask(x->R);
	}
}

/* ---- stimulus: the controller and the ACRF ------------------------------------------------------ */

static uint32_t *acrf_reg(rfm_engb_t *x, unsigned s, unsigned w, unsigned r)
{
	return x->acrf + (((size_t)s * x->W + w) * x->R + r) * x->words;
}

/* A random CTA line in status (ctx, reg) of unit u, or -1. */
static int pick_cta(const rfm_fr_t *u, rfm_rng_t *r, unsigned ctx, unsigned reg)
{
	unsigned c, n = 0, k;
	for (c = 0; c < u->g.ctas; c++)
		n += u->ctx[c] == ctx && u->reg[c] == reg;
	if (!n)
		return -1;
	k = (unsigned)rfm_rng_below(r, n);
	for (c = 0; c < u->g.ctas; c++)
		if (u->ctx[c] == ctx && u->reg[c] == reg && !k--)
			return (int)c;
	return -1;
}

static int free_slot(const rfm_fr_t *u)
{
	unsigned s;
	for (s = 0; s < u->g.acrf_slots; s++)
		if (u->owner[s] < 0)
			return (int)s;
	return -1;
}

/* A live vector: empty, full, sparse, dense or random, with bits past the kernel's now and then (the
 * operation's mode: every warp's empty, or full, now and then). */
static uint64_t stim_vec(rfm_engb_t *x, rfm_rng_t *r)
{
	uint64_t v = rfm_rng_next(r);
	if (x->vmode)
		return x->vmode == 1 ? 0 : ~(uint64_t)0;
	switch (rfm_rng_below(r, 8)) {
	case 0: v = 0; break;
	case 1: v = ~(uint64_t)0; break;
	case 2: v &= rfm_rng_next(r) & rfm_rng_next(r); break;
	case 3: v |= rfm_rng_next(r); break;
	default: break;
	}
	if (!rfm_rng_chance(r, 1, 8))
		v &= kmask(x->R);
	return v;
}

/* A whole operation that moves no register, on both units (the population keeps changing). */
static void stim_whole(rfm_engb_t *x, rfm_rng_t *r)
{
	int c = pick_cta(x->u, r, RFM_FR_CTX_PIPE, RFM_FR_REG_ACRF), p = pick_cta(x->u, r, RFM_FR_CTX_SHMEM,
											 RFM_FR_REG_ACRF);
	if (c >= 0 && rfm_rng_chance(r, 1, 3)) {
		if (p >= 0 && rfm_rng_chance(r, 1, 2)) {
			rfm_fr_ctx_switch(x->u, (unsigned)c, (unsigned)p);
			rfm_fr_ctx_switch(x->ref, (unsigned)c, (unsigned)p);
		} else {
			rfm_fr_exit(x->u, (unsigned)c);
			rfm_fr_exit(x->ref, (unsigned)c);
		}
	} else if (p >= 0 && rfm_fr_in_pipe(x->u) < x->g.active_ctas) {
		rfm_fr_resume(x->u, (unsigned)p);
		rfm_fr_resume(x->ref, (unsigned)p);
	}
}

/* A write-back to a register of a CTA in the ACRF (not being moved: the engine is idle). */
static void stim_write(rfm_engb_t *x, rfm_rng_t *r)
{
	unsigned s = (unsigned)rfm_rng_below(r, x->g.acrf_slots), w = (unsigned)rfm_rng_below(r, x->W),
		 k = (unsigned)rfm_rng_below(r, x->R);
	uint32_t d[RFM_FR_MAX_WORDS];
	int c = x->u->owner[s];
	if (c < 0)
		return;
	rfm_rng_fill(r, d, x->words * 32);
	rfm_fr_write(x->u, (unsigned)c, w, k, d);
	rfm_fr_write(x->ref, (unsigned)c, w, k, d);
	memcpy(acrf_reg(x, s, w, k), d, x->words * 4u);
}

static void eng_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_engb_t *x = (rfm_engb_t *)m;
	int ard = (int)rfm_get(m, x->ix.a.ard);
	unsigned aw = (unsigned)rfm_get(m, x->ix.a.ardw), ar = (unsigned)rfm_get(m, x->ix.a.ardr), k;
	uint64_t gnt;
	if (cycle >= 2)
		rfm_fr_acrf_apply(m, &x->ix.a, acrf_reg(x, x->c_slot, 0, 0), x->R);
	rfm_clear_inputs(m);
	if (cycle < 2)
		return;
	/* the bank read register: the register an ARD read at the last edge, else anything */
	if (ard && aw < x->W && ar < x->R)
		memcpy(rfm_wide(m, x->ix.a.rdd), acrf_reg(x, x->c_slot, aw, ar), x->words * 4u);
	else
		rfm_rng_fill(r, rfm_wide(m, x->ix.a.rdd), x->words * 32);
	/* holds: each bank in three cycles of four, in phases every one or half of them */
	switch (cycle >> 8 & 3) {
	case 0: gnt = ~(uint64_t)0; break;
	case 1: gnt = rfm_rng_next(r) & rfm_rng_next(r); break;
	default: gnt = rfm_rng_next(r) | rfm_rng_next(r);
	}
	rfm_set(m, x->ix.a.gnt, gnt & rfm_mask64(x->banks));
	rfm_set(m, x->ix.tidx, rfm_rng_below(r, (uint64_t)1 << x->pbits));
	if (x->e.op != RFM_FR_OP_IDLE)
		return;
	if (x->pend >= 0 && x->loads < x->W) { /* the lookup: every warp's vector, one a cycle */
		rfm_set(m, x->ix.lv, 1);
		rfm_set(m, x->ix.lw, x->loads);
		rfm_set(m, x->ix.lvec, stim_vec(x, r));
		x->loads++;
		return;
	}
	if (x->pend >= 0) { /* the start */
		rfm_set(m, x->ix.go, 1);
		rfm_set(m, x->ix.op, (unsigned)x->pend);
		rfm_set(m, x->ix.slot, x->ps);
		if (x->pend == OP_RESTORE || x->pend == OP_SWAP) {
			const rfm_fr_ptr_t *p = &x->u->ptr[x->pend == OP_SWAP ? x->pb_ : x->pa];
			rfm_set(m, x->ix.head, p->head);
			rfm_set(m, x->ix.count, p->count);
		}
		x->pend = -1;
		return;
	}
	/* idle: now and then nothing, a write-back or a whole operation; else an operation */
	k = (unsigned)rfm_rng_below(r, 16);
	if (k < 2)
		return;
	if (k < 5) {
		stim_write(x, r);
		return;
	}
	if (k < 6) {
		stim_whole(x, r);
		return;
	}
	{
		const rfm_fr_t *u = x->u;
		int s = free_slot(u), fl = pick_cta(u, r, RFM_FR_NONE, RFM_FR_NONE), act = pick_cta(u, r, RFM_FR_CTX_PIPE,
											      RFM_FR_REG_ACRF),
		    pen = pick_cta(u, r, RFM_FR_CTX_SHMEM, RFM_FR_REG_PCRF), room = rfm_fr_in_pipe(u) < x->g.active_ctas;
		unsigned want = (unsigned)rfm_rng_below(r, 4);
		if (want == OP_SWAP && act >= 0 && pen >= 0) {
			x->pend = OP_SWAP, x->pa = (unsigned)act, x->pb_ = (unsigned)pen, x->ps = (unsigned)u->slot_of[act];
		} else if (want == OP_RESTORE && s >= 0 && pen >= 0 && room) {
			x->pend = OP_RESTORE, x->pa = (unsigned)pen, x->ps = (unsigned)s;
		} else if ((want == OP_EVICT || s < 0) && act >= 0) {
			x->pend = OP_EVICT, x->pa = (unsigned)act, x->ps = (unsigned)u->slot_of[act];
		} else if (s >= 0 && fl >= 0) {
			x->pend = OP_LAUNCH, x->pa = (unsigned)fl, x->ps = (unsigned)s;
			x->ppipe = room && !rfm_rng_chance(r, 1, 4);
		} else {
			stim_whole(x, r);
		}
		x->loads = x->pend == OP_EVICT || x->pend == OP_SWAP ? 0 : x->W;
		k = (unsigned)rfm_rng_below(r, 16);
		x->vmode = k == 0 ? 1 : k == 1 ? 2 : 0;
	}
}

/* ---- checker ------------------------------------------------------------------------------------- */

/* The lowest live register not yet moved (w x 64 + r), or ~0u. */
static unsigned lowest_left(const rfm_engb_t *x)
{
	unsigned w;
	for (w = 0; w < x->W; w++) {
		uint64_t v = x->c_live_set[w] & ~x->c_moved[w];
		if (v)
			return w * 64 + (unsigned)__builtin_ctzll(v);
	}
	return ~0u;
}

static int is_left(const rfm_engb_t *x, unsigned reg)
{
	unsigned w = reg / 64, r = reg % 64;
	return w < x->W && (x->c_live_set[w] & ~x->c_moved[w]) >> r & 1;
}

/* An operation starts on the checker's unit: the whole operation at once. */
static void check_start(rfm_engb_t *x, unsigned op)
{
	rfm_fr_t *f = x->ref;
	unsigned k, e;
	x->c_op = (int)op;
	x->c_slot = x->ps;
	x->c_a = x->pa;
	x->c_nard = 0;
	memset(x->c_moved, 0, sizeof(x->c_moved));
	memcpy(x->c_live_set, x->c_rows, sizeof(x->c_live_set));
	x->c_live = live_of(x, x->c_rows);
	x->c_first = x->c_live < f->free_count ? x->c_live : f->free_count;
	switch (op) {
	case OP_LAUNCH:
		rfm_fr_launch(f, x->pa, x->ps, (int)x->ppipe);
		rfm_cov_hit(&x->m, EC_LAUNCH);
		break;
	case OP_EVICT:
		rfm_fr_evict(f, x->pa, x->c_rows);
		rfm_cov_hit(&x->m, EC_EVICT);
		if (!x->c_live)
			rfm_cov_hit(&x->m, EC_EVICT_NONE_LIVE);
		break;
	case OP_RESTORE:
		rfm_fr_restore(f, x->pa, x->ps);
		rfm_cov_hit(&x->m, EC_RESTORE);
		break;
	default:
		for (k = 0, e = f->ptr[x->pb_].head; k < f->ptr[x->pb_].count && k < 4096; k++, e = f->tag[e].next)
			x->c_dst[k] = f->tag[e].wid * 64u + f->tag[e].ridx;
		rfm_fr_swap(f, x->pa, x->c_rows, x->pb_);
		rfm_cov_hit(&x->m, EC_SWAP);
	}
}

/* An ARD of (w, r): the lowest live register left, or in a swap's chain the incoming register's
 * destination when it is live and left (G5). NULL, or what is wrong. */
static const char *check_ard(rfm_engb_t *x, unsigned w, unsigned r)
{
	unsigned got = w * 64 + r, low = lowest_left(x), want = low;
	if (x->c_op != OP_EVICT && x->c_op != OP_SWAP)
		return "an ACRF read outside an eviction or a swap";
	if (x->c_op == OP_SWAP && x->c_nard >= x->c_first) { /* the k-th entry of the chain gets the k-th */
		unsigned dst = x->c_dst[x->c_nard - x->c_first];
		rfm_cov_hit(&x->m, EC_SWAP_OUT_IN_CHAIN);
		if (is_left(x, dst)) {
			want = dst;
			if (dst != low)
				rfm_cov_hit(&x->m, EC_SWAP_DST_FIRST);
		}
	}
	if (low == ~0u || got != want)
		return "an ACRF read out of the G5 order (the lowest live register, or the incoming one's destination)";
	x->c_moved[w] |= (uint64_t)1 << r;
	x->c_nard++;
	return NULL;
}

static int eng_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_engb_t *x = (rfm_engb_t *)m;
	const rfm_fr_t *f = x->ref;
	uint64_t gnt = rfm_get(m, x->ix.a.gnt), req = rfm_get(m, x->ix.a.req), z = rfm_get(m, x->ix.a.z),
		 cm = rfm_mask64(m->cfg->stats_counter_bits), t = rfm_get(m, x->ix.tidx);
	int busy = (int)rfm_get(m, x->ix.busy), ard = (int)rfm_get(m, x->ix.a.ard), awr = (int)rfm_get(m, x->ix.a.awr);
	const char *bad = NULL;
	unsigned k;
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst))
		return 0;
	/* accesses: only while busy, one kind a cycle, each in a bank held and requested */
	if (!busy && (req || ard || awr || z || rfm_get(m, x->ix.pwr) || rfm_get(m, x->ix.prd)))
		bad = "an access while idle";
	else if (ard + awr + (z != 0) > 1)
		bad = "two kinds of ACRF access in one cycle";
	else if ((z & ~(gnt & req)) != 0)
		bad = "a zero in a bank not held or not requested";
	else if (ard || awr) {
		unsigned w = (unsigned)rfm_get(m, ard ? x->ix.a.ardw : x->ix.a.awrw),
			 r = (unsigned)rfm_get(m, ard ? x->ix.a.ardr : x->ix.a.awrr), b;
		if (w >= x->W || r >= x->R)
			bad = "an ACRF access past the kernel's registers";
		else if (b = rfm_fr_acrf_bank((void *)x->m.cfg, x->c_slot, w, r), req != (uint64_t)1 << b || !(gnt >> b & 1))
			bad = "an ACRF access whose bank is not the one held and requested";
		else if (ard)
			bad = check_ard(x, w, r);
	}
	if (!bad && busy && x->c_op < 0)
		bad = "busy with no operation started";
	if (!bad && x->c_done != (x->c_busy && !busy))
		bad = "done_o (the last cycle's against the end seen now)";
	if (!bad && (rfm_get(m, x->ix.done) && !busy))
		bad = "done_o while idle";
	if (!bad && rfm_get(m, x->ix.live) != live_of(x, x->c_rows))
		bad = "live_o";
	if (!bad) { /* with done_o, an eviction's or a swap's chain as the whole operation left it */
		int ch = rfm_get(m, x->ix.done) && (x->c_op == OP_EVICT || x->c_op == OP_SWAP);
		if (rfm_get(m, x->ix.chead) != (ch ? f->ptr[x->c_a].head : 0u) ||
		    rfm_get(m, x->ix.ccnt) != (ch ? f->ptr[x->c_a].count : 0u))
			bad = "the new chain";
	}
	/* idle: the state against the whole operations' */
	if (!bad && !busy) {
		rfm_fr_tag_t tz = {0}, tg = t < x->g.pcrf_entries ? f->tag[t] : tz;
		if (rfm_get(m, x->ix.fcnt) != f->free_count)
			bad = "the free count";
		else if (rfm_get(m, x->ix.tv) != tg.valid || rfm_get(m, x->ix.te) != tg.end ||
			 rfm_get(m, x->ix.tn) != tg.next || rfm_get(m, x->ix.tw) != tg.wid ||
			 rfm_get(m, x->ix.tr) != tg.ridx)
			bad = "a tag";
		if (tg.valid)
			rfm_cov_hit(m, EC_PEEK_VALID);
		if (tg.end)
			rfm_cov_hit(m, EC_PEEK_END);
	}
	if (!bad && x->c_busy && !busy) { /* an operation ended at the last edge */
		if (x->c_op != OP_EVICT &&
		    memcmp(acrf_reg(x, x->c_slot, 0, 0), f->adata + (size_t)x->c_slot * x->W * x->R * x->words,
			   (size_t)x->W * x->R * x->words * 4u))
			bad = "the ACRF slot after the operation";
		x->c_cnt[6]++;
		x->c_op = -1;
	}
	for (k = 0; !bad && k < ENG_NCNT; k++)
		if (k != 1 && k != 5 && rfm_get(m, x->ix.cnt[k]) != (x->c_cnt[k] & cm))
			bad = "a counter";
	if (bad) {
		fprintf(err, "cycle %llu: rf_fr_eng golden: %s differs from the whole operations (operation %d on slot %u, "
			     "%u of %u live registers read)\n", (unsigned long long)cycle, bad, x->c_op, x->c_slot, x->c_nard,
			x->c_live);
		return 1;
	}
	/* coverage; the counts of this cycle's events (the counters show them from the next) */
	if (busy && rfm_get(m, x->ix.cnt[1]) != (x->c_cnt[1] & cm))
		rfm_cov_hit(m, EC_HOLD_WAIT);
	x->c_cnt[1] = rfm_get(m, x->ix.cnt[1]);
	if (rfm_popcount64(z) >= 2)
		rfm_cov_hit(m, EC_ZEROS_TWO_BANKS);
	if (ard && x->c_last_ard + 1 == cycle)
		rfm_cov_hit(m, EC_ARD_BACK_TO_BACK);
	if (ard)
		x->c_last_ard = cycle;
	x->c_cnt[0] += (uint64_t)busy;
	x->c_cnt[2] += (uint64_t)ard;
	x->c_cnt[3] += (uint64_t)awr + (uint64_t)rfm_popcount64(z);
	x->c_cnt[4] += rfm_get(m, x->ix.prd);
	x->c_busy = busy;
	x->c_done = (int)rfm_get(m, x->ix.done);
	/* the edge: a start, or a load */
	if (!busy && rfm_get(m, x->ix.go)) {
		unsigned op = (unsigned)rfm_get(m, x->ix.op), live = live_of(x, x->c_rows);
		int no = op == OP_EVICT ? live > f->free_count
			 : op == OP_SWAP ? f->free_count + f->ptr[x->pb_].count < live
					 : 0;
		if ((int)rfm_get(m, x->ix.depl) != no) {
			fprintf(err, "cycle %llu: rf_fr_eng golden: depleted_o %d, the whole operation's admission %d\n",
				(unsigned long long)cycle, (int)rfm_get(m, x->ix.depl), !no);
			return 1;
		}
		if (no) {
			x->c_cnt[7]++;
			rfm_cov_hit(m, op == OP_EVICT ? EC_DEPLETED_EVICT : EC_DEPLETED_SWAP);
		} else
			check_start(x, op);
	} else if (!busy && rfm_get(m, x->ix.depl)) {
		fprintf(err, "cycle %llu: rf_fr_eng golden: depleted_o without a start\n", (unsigned long long)cycle);
		return 1;
	} else if (!busy && rfm_get(m, x->ix.lv)) {
		unsigned w = (unsigned)rfm_get(m, x->ix.lw);
		if (w < x->W)
			x->c_rows[w] = rfm_get(m, x->ix.lvec) & kmask(x->R);
	}
	return 0;
}

static int eng_setup(rfm_model_t *m)
{
	rfm_engb_t *x = (rfm_engb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	rfm_finereg_geom_of(c, &x->g);
	x->W = x->g.warps;
	x->R = x->g.regs;
	x->words = x->g.words;
	x->banks = at_least1(c->rf_banks);
	x->wbits = rfm_fr_warp_bits(&x->g);
	x->pbits = at_least1(c->d.fr_ptr_bits);
	x->cbits = rfm_fr_count_bits(&x->g);
	if (!c->finereg_enable || x->banks > 64 || x->g.pcrf_entries > 4096 || x->pbits > 16)
		return -1;
	x->acrf = calloc((size_t)x->g.acrf_slots * x->W * x->R * x->words, 4);
	if (!x->acrf || eng_fresh(x))
		return -1;
	if (x->banks == 1)
		rfm_cov_na(m, EC_ZEROS_TWO_BANKS);
	if (c->d.fr_words != c->d.fr_beat_words)
		rfm_cov_na(m, EC_ARD_BACK_TO_BACK); /* reads a cycle apart only with one beat a register */
	eng_reset(m);
	return 0;
}

RFM_BLOCK(rf_fr_eng, rfm_engb_t, eng_ix_t, eng_ports, ec_names, EC_N, eng_reset, eng_eval, eng_tick, eng_stim,
	  eng_check, eng_release, eng_setup)
