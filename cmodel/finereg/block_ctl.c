/* block_ctl.c - the model of rf_fr_ctl, FineReg's register management unit as a block
 * (docs/finereg.md, "The controller in RTL"): the controller of ctl.c with its engine, bit-vector
 * cache, status monitor, pointer table and slot table, behind the ports of the RTL. The block sees
 * the scheduler (per warp of every slot stalled and its PC, per CTA line ready, per slot its CTA
 * finished, a CTA of the grid left) and memory (the bit-vector fill port), and moves registers
 * through the ACRF ports of the engine (bank holds, reads with their data a cycle later, writes,
 * zeros, all in the slot acc_slot_o names). It shows what it does at each edge (an operation
 * starting or ending, a context switch, a resume, an exit, a stay), which CTA slots may issue, a
 * CTA line's status and pointer line, its gauges and counters.
 *
 * The stimulus plays the scheduler and memory with the synthetic workload of workload.c, the ACRF
 * behind the ports, the loads' write-backs and one result a cycle into the registers of CTAs in
 * the ACRF. The checker keeps the whole operations of rmu.c on a unit of its own, applied at the
 * events the outputs show, and holds every event to the rules of the controller on that unit
 * (what IDLE does first, which slot a lookup starts on, the decision on the true live vectors of
 * the warps' PCs, which exit is taken and when it waits), the statuses, pointer lines, gauges and
 * issue flags to the unit's, and the paper's promise: after every operation every register of
 * every CTA in the ACRF holds the last value written to it while it was live (a register dead at
 * its CTA's eviction comes back as zero).
 */
#include <stdlib.h>
#include <string.h>

#include "block_acrf.h"
#include "ctl_ports.h"
#include "rfm_block.h"
#include "rfm_fault_ids.h"
#include "rfm_finereg.h"
#include "rfm_finereg_int.h"
#include "rfm_models.h"
#include "rfm_util.h"

typedef struct ctl_ix {
	unsigned clk, rst, aslot;
	rfm_fr_ctl_pix_t p;
	rfm_fr_acrf_ix_t a;
} ctl_ix_t;

enum { EC_LAUNCH, EC_LAUNCH_SAVED, EC_EVICT, EC_RESTORE, EC_SWAP, EC_CSW, EC_RESUME, EC_EXIT, EC_EXIT_WAITS,
       EC_STAY_DEPLETED, EC_STAY_NOTHING, EC_STAY_RETRIED, EC_DROP_LOOKUP, EC_DROP_FILL, EC_HIT, EC_MISS,
       EC_FILL_OTHER, EC_RESTORED_LIVE, EC_N };
static const char *const ec_names[EC_N] = {"launch",
					   "launch_with_saved_context",
					   "eviction",
					   "restore",
					   "swap",
					   "context_switch",
					   "resume",
					   "exit",
					   "exit_waits_for_the_write_ports",
					   "stay_for_want_of_entries",
					   "stay_with_nothing_to_switch_to",
					   "stayed_cta_decided_on_again",
					   "lookup_dropped",
					   "lookup_dropped_at_its_fill",
					   "vector_hit",
					   "vector_miss",
					   "fill_of_another_pc_ignored",
					   "restored_cta_with_live_values"};

typedef struct rfm_ctlb {
	rfm_model_t m;
	ctl_ix_t ix;
	rfm_fr_geom_t g;
	unsigned S, W, R, n, words;
	rfm_fr_t *u;              /* the unit the controller runs */
	rfm_fr_ctl_t k;
	int k_ok;
	uint8_t *stall, *ready, *exit; /* this cycle's inputs as the controller takes them */
	uint32_t *pc;
	/* stimulus: the scheduler and memory, the ACRF */
	rfm_fr_wl_t wl;
	int wl_ok;
	unsigned mem_min;         /* the workload's shortest wait, in the phases of long waits */
	uint32_t *acrf;           /* [S][W][R][words] */
	/* checker */
	rfm_fr_t *ref;            /* the whole operations */
	uint32_t *shadow;         /* [n][W][R][words]: the last value written while live */
	int c_op;                 /* the operation in progress (RFM_FR_OP_*; 0 none), its CTAs, slot, mode */
	unsigned c_a, c_b, c_slot, c_pipe;
	uint64_t c_bv[RFM_FR_MAX_WARPS]; /* its live vectors (an eviction's, a swap's) */
	int c_verify;             /* an operation ended at the last edge: compare the ACRF */
	int c_look;               /* the slot IDLE was to start a lookup on at the last edge (-1 none, -2 no check) */
	unsigned c_last_state;
	uint8_t *c_stay;          /* [S]: 0, 1 nothing, 2 depleted */
	uint64_t *c_key;          /* [S] */
	uint64_t c_cnt[RFM_FR_CTL_NCNT];
} rfm_ctlb_t;

static unsigned at_least1(unsigned n) { return n ? n : 1; }
static uint64_t kmask(unsigned regs) { return regs >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << regs) - 1; }

static int ctl_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	ctl_ix_t *ix = ixv;
	rfm_fr_geom_t g;
	rfm_finereg_geom_of(c, &g);
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (no CTA, PCRF empty, cache empty)", "rst_ni");
	rfm_fr_ctl_ports_sched(c, pt, &ix->p, "", "the scheduler and memory", 64);
	rfm_fr_acrf_ports(c, pt, &ix->a, rfm_fr_warp_bits(&g));
	ix->aslot = rfm_ports_add(pt, RFM_OUT, rfm_fr_ix_bits(ix->p.S), "the slot the engine's accesses are in (0 when idle)",
				  "acc_slot_o");
	rfm_fr_ctl_ports_show(c, pt, &ix->p, "", "");
	return 0;
}

/* ---- state -------------------------------------------------------------------------------------- */

/* The units, the controller and the workload released. */
static void drop_units(rfm_ctlb_t *x)
{
	if (x->k_ok)
		rfm_fr_ctl_free(&x->k);
	if (x->wl_ok)
		rfm_fr_wl_free(&x->wl);
	x->k_ok = x->wl_ok = 0;
	rfm_fr_destroy(x->u);
	rfm_fr_destroy(x->ref);
	x->u = x->ref = NULL;
}

static void ctl_release(rfm_model_t *m)
{
	rfm_ctlb_t *x = (rfm_ctlb_t *)m;
	drop_units(x);
	free(x->stall), free(x->ready), free(x->exit), free(x->pc), free(x->acrf), free(x->shadow);
	free(x->c_stay), free(x->c_key);
	x->stall = x->ready = x->exit = x->c_stay = NULL;
	x->pc = x->acrf = x->shadow = NULL;
	x->c_key = NULL;
}

static void ctl_reset(rfm_model_t *m)
{
	rfm_ctlb_t *x = (rfm_ctlb_t *)m;
	rfm_fr_eng_cfg_t ec = {.pcrf_lat = m->cfg->finereg_pcrf_latency, .beat_words = m->cfg->d.fr_beat_words,
		.banks = at_least1(m->cfg->rf_banks), .bank = rfm_fr_acrf_bank, .ctx = (void *)m->cfg};
	char why[80];
	drop_units(x);
	x->u = rfm_fr_create(&x->g);
	x->ref = rfm_fr_create(&x->g);
	if (!x->u || !x->ref || rfm_fr_ctl_init(&x->k, x->u, &ec, m->cfg->finereg_cache_entries, why, sizeof(why)))
		abort(); /* the sizes were accepted at setup */
	x->k_ok = 1;
	x->k.fault = m->mutate == RFM_FAULT_CTL_ONE_PC		? RFM_FR_CF_ONE_PC
		     : m->mutate == RFM_FAULT_CTL_NO_RETRY	? RFM_FR_CF_NO_RETRY
		     : m->mutate == RFM_FAULT_CTL_STALE_LOOKUP ? RFM_FR_CF_STALE_LOOKUP
								: 0;
	memset(x->acrf, 0, (size_t)x->S * x->W * x->R * x->words * 4u);
	memset(x->shadow, 0, (size_t)x->n * x->W * x->R * x->words * 4u);
	memset(x->c_stay, 0, x->S);
	memset(x->c_key, 0, x->S * sizeof(*x->c_key));
	memset(x->c_cnt, 0, sizeof(x->c_cnt));
	x->c_op = 0;
	x->c_verify = 0;
	x->c_look = -2;
	x->c_last_state = 0;
}

/* The controller's inputs from the ports. */
static void ctl_inputs(rfm_ctlb_t *x, rfm_fr_ctl_in_t *in)
{
	rfm_model_t *m = &x->m;
	const uint32_t *st = rfm_wide(m, x->ix.p.stall), *pc = rfm_wide(m, x->ix.p.pc), *rd = rfm_wide(m, x->ix.p.ready),
		       *ex = rfm_wide(m, x->ix.p.exit);
	unsigned i;
	for (i = 0; i < x->S * x->W; i++) {
		x->stall[i] = (uint8_t)rfm_bits_get(st, i, 1);
		x->pc[i] = pc[i];
	}
	for (i = 0; i < x->n; i++)
		x->ready[i] = (uint8_t)rfm_bits_get(rd, i, 1);
	for (i = 0; i < x->S; i++)
		x->exit[i] = (uint8_t)rfm_bits_get(ex, i, 1);
	in->stall = x->stall;
	in->pc = x->pc;
	in->ready = x->ready;
	in->exit = x->exit;
	in->new_left = (int)rfm_get(m, x->ix.p.nl);
	in->fill_valid = (int)rfm_get(m, x->ix.p.fv);
	in->fill_pc = (uint32_t)rfm_get(m, x->ix.p.fpc);
	in->fill_bv = rfm_get(m, x->ix.p.fvec);
	in->hold_gnt = rfm_get(m, x->ix.a.gnt);
}

static void ctl_eval(rfm_model_t *m)
{
	rfm_ctlb_t *x = (rfm_ctlb_t *)m;
	const rfm_fr_ctl_t *k = &x->k;
	rfm_fr_ctl_in_t in;
	rfm_fr_ctl_act_t a;
	int move = k->st == RFM_FR_CTL_MOVE;
	ctl_inputs(x, &in);
	rfm_fr_ctl_decide(k, &in, &a);
	rfm_fr_ctl_show(m, &x->ix.p, k, &a);
	rfm_fr_acrf_show(m, &x->ix.a, &k->e, &a.eng, move);
	rfm_set(m, x->ix.aslot, move ? k->e.slot : 0);
}

static void ctl_tick(rfm_model_t *m)
{
	rfm_ctlb_t *x = (rfm_ctlb_t *)m;
	rfm_fr_ctl_in_t in;
	ctl_inputs(x, &in);
	/* the register the bank read at the last edge: the ACRF's, as the port shows it */
	if (x->k.st == RFM_FR_CTL_MOVE && x->k.e.rd_busy)
		memcpy(x->k.e.rdreg, rfm_wide(m, x->ix.a.rdd), x->words * 4u);
	rfm_fr_ctl_cycle(&x->k, &in);
}

/* ---- stimulus: the scheduler, memory and the ACRF ---------------------------------------------- */

static uint32_t *acrf_reg(const rfm_ctlb_t *x, unsigned s, unsigned w, unsigned r)
{
	return x->acrf + (((size_t)s * x->W + w) * x->R + r) * x->words;
}

static uint32_t *shadow_reg(const rfm_ctlb_t *x, unsigned c, unsigned w, unsigned r)
{
	return x->shadow + (((size_t)c * x->W + w) * x->R + r) * x->words;
}

/* A write-back into register (w, r) of CTA c, in the ACRF (the redirect of one to a pending CTA is
 * rf_top's: not this block's, dropped here). */
static void stim_write(rfm_ctlb_t *x, rfm_rng_t *r, unsigned c, unsigned w, unsigned k)
{
	uint32_t d[RFM_FR_MAX_WORDS];
	int s = x->u->slot_of[c];
	if (s < 0 || x->u->reg[c] != RFM_FR_REG_ACRF || rfm_fr_eng_moving(&x->k.e, c))
		return;
	rfm_rng_fill(r, d, x->words * 32);
	memcpy(acrf_reg(x, (unsigned)s, w, k), d, x->words * 4u);
	memcpy(shadow_reg(x, c, w, k), d, x->words * 4u);
}

static void ctl_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_ctlb_t *x = (rfm_ctlb_t *)m;
	rfm_fr_ctl_in_t in;
	int ard = (int)rfm_get(m, x->ix.a.ard), miss = (int)rfm_get(m, x->ix.p.miss);
	unsigned aw = (unsigned)rfm_get(m, x->ix.a.ardw), ar = (unsigned)rfm_get(m, x->ix.a.ardr),
		 as = (unsigned)rfm_get(m, x->ix.aslot), i, c;
	uint32_t mpc = (uint32_t)rfm_get(m, x->ix.p.mpc);
	uint64_t gnt;
	if (cycle >= 2)
		rfm_fr_acrf_apply(m, &x->ix.a, acrf_reg(x, as, 0, 0), x->R);
	rfm_clear_inputs(m);
	if (cycle < 2)
		return;
	if (!x->wl_ok) {
		/* the workload starts with the first cycle out of reset: short runs of issue, memory waits
		 * longer than moving a whole CTA (so that pending CTAs are still waiting when their slot
		 * frees, and swaps happen), an endless grid */
		unsigned move = x->W * x->R * (x->words / m->cfg->d.fr_beat_words);
		rfm_fr_wl_cfg_t wc = {.grid = 1u << 30, .waits = 6, .issue_min = 2, .issue_max = 10,
			.mem_min = move / 2 > 100 ? move / 2 : 100, .mem_max = 3 * move > 600 ? 3 * move : 600,
			.kernel_len = 12, .loads = 3, .density = 9, .bv_lat = m->cfg->finereg_bv_latency,
			.seed = rfm_rng_next(r)};
		if (x->g.pcrf_entries >= 4 * x->W * x->R)
			wc.density = 14; /* a PCRF of four CTAs or more: dense vectors, so that it runs out */
		if (rfm_fr_wl_init(&x->wl, x->u, &wc))
			abort();
		x->wl_ok = 1;
		x->mem_min = wc.mem_min;
	} else
		rfm_fr_wl_tick(&x->wl, &x->k); /* the edge before this cycle */
	/* every other phase, longer runs of issue and short waits too (stalls that end during a lookup) */
	x->wl.cfg.issue_max = (cycle >> 13 & 1) ? 40 : 10;
	x->wl.cfg.mem_min = (cycle >> 13 & 1) ? 20 : x->mem_min;
	rfm_fr_wl_inputs(&x->wl, &x->k, &in);
	for (i = 0; i < x->wl.nwb; i++)
		stim_write(x, r, x->wl.wb[i].c, x->wl.wb[i].w, x->wl.wb[i].r);
	c = (unsigned)rfm_rng_below(r, x->n); /* a result of a warp of an active CTA */
	if (x->u->ctx[c] == RFM_FR_CTX_PIPE)
		stim_write(x, r, c, (unsigned)rfm_rng_below(r, x->W), (unsigned)rfm_rng_below(r, x->R));
	{
		/* in one long phase of four the scheduler holds every inactive CTA back (pending CTAs pile up
		 * until the PCRF runs out); in one phase of eight it reports a finished CTA only while the
		 * unit decides or moves (the exit that must wait for the write ports) */
		uint32_t *st = rfm_wide(m, x->ix.p.stall), *pc = rfm_wide(m, x->ix.p.pc), *rd = rfm_wide(m, x->ix.p.ready),
			 *ex = rfm_wide(m, x->ix.p.exit);
		int held = (cycle >> 14 & 3) == 2,
		    hold = (cycle >> 10 & 7) == 5 && x->k.st != RFM_FR_CTL_DECIDE && x->k.st != RFM_FR_CTL_MOVE;
		for (i = 0; i < x->S * x->W; i++) {
			rfm_bits_set(st, i, 1, in.stall[i]);
			pc[i] = in.pc[i];
		}
		for (i = 0; i < x->n; i++)
			rfm_bits_set(rd, i, 1, in.ready[i] && !held);
		for (i = 0; i < x->S; i++)
			rfm_bits_set(ex, i, 1, in.exit[i] && !hold);
	}
	/* the grid has CTAs left, but not in one phase of four (decisions with nothing to switch to) */
	rfm_set(m, x->ix.p.nl, in.new_left && (cycle >> 12 & 3) != 3);
	if (in.fill_valid) {
		rfm_set(m, x->ix.p.fv, 1);
		rfm_set(m, x->ix.p.fpc, in.fill_pc);
		rfm_set(m, x->ix.p.fvec, in.fill_bv);
	} else if (miss && rfm_rng_chance(r, 1, 8)) { /* memory returns another PC's vector: not the miss */
		rfm_set(m, x->ix.p.fv, 1);
		rfm_set(m, x->ix.p.fpc, mpc + 8);
		rfm_set(m, x->ix.p.fvec, rfm_fr_wl_bv(&x->wl, mpc + 8));
	}
	/* the bank read register: the register an ARD read at the last edge, else anything */
	if (ard && as < x->S && aw < x->W && ar < x->R)
		memcpy(rfm_wide(m, x->ix.a.rdd), acrf_reg(x, as, aw, ar), x->words * 4u);
	else
		rfm_rng_fill(r, rfm_wide(m, x->ix.a.rdd), x->words * 32);
	switch (cycle >> 9 & 3) { /* holds: always, or each bank in about a quarter or three quarters */
	case 0: gnt = ~(uint64_t)0; break;
	case 1: gnt = rfm_rng_next(r) & rfm_rng_next(r); break;
	default: gnt = rfm_rng_next(r) | rfm_rng_next(r);
	}
	rfm_set(m, x->ix.a.gnt, gnt & rfm_mask64(x->ix.a.banks));
	rfm_set(m, x->ix.p.pcta, rfm_rng_below(r, (uint64_t)1 << rfm_fr_ix_bits(x->n)));
}

/* ---- checker ------------------------------------------------------------------------------------- */

/* The lowest line of status (ctx, reg) whose ready bit is set (any, for (0,0)), or -1. */
static int first_line(const rfm_ctlb_t *x, unsigned ctx, unsigned reg)
{
	const rfm_fr_t *f = x->ref;
	unsigned c;
	for (c = 0; c < x->n; c++)
		if (f->ctx[c] == ctx && f->reg[c] == reg && (ctx == RFM_FR_NONE || x->ready[c]))
			return (int)c;
	return -1;
}

/* Slot s's CTA is active (not being moved) and every one of its warps waits. */
static int stalled(const rfm_ctlb_t *x, unsigned s)
{
	const rfm_fr_t *f = x->ref;
	int o = f->owner[s];
	unsigned w;
	if (o < 0 || f->ctx[o] != RFM_FR_CTX_PIPE || f->reg[o] != RFM_FR_REG_ACRF)
		return 0;
	for (w = 0; w < x->W; w++)
		if (!x->stall[s * x->W + w])
			return 0;
	return 1;
}

static int moving(const rfm_ctlb_t *x, unsigned c)
{
	return x->c_op && (x->c_a == c || (x->c_op == RFM_FR_OP_SWAP && x->c_b == c));
}

/* What a decision on a stall depends on besides the stalled CTA: the free count, the lowest ready
 * (1,2) and (1,1) lines, a CTA left to launch. */
static uint64_t key_now(const rfm_ctlb_t *x, int nl)
{
	return (uint64_t)x->ref->free_count << 34 | (uint64_t)(first_line(x, RFM_FR_CTX_SHMEM, RFM_FR_REG_ACRF) + 1) << 17 |
	       (uint64_t)(first_line(x, RFM_FR_CTX_SHMEM, RFM_FR_REG_PCRF) + 1) << 1 | (uint64_t)(nl != 0);
}

/* The true live vectors of slot s's warps: memory's, at their PCs. */
static void true_vectors(const rfm_ctlb_t *x, unsigned s, uint64_t *bv)
{
	unsigned w;
	for (w = 0; w < x->W; w++)
		bv[w] = rfm_fr_wl_bv(&x->wl, x->pc[s * x->W + w]) & kmask(x->R);
}

/* Every register of every CTA in the ACRF holds its shadow value. NULL, or what is wrong. */
static const char *verify_acrf(rfm_ctlb_t *x)
{
	unsigned s, w, r;
	for (s = 0; s < x->S; s++) {
		int o = x->ref->owner[s];
		if (o < 0)
			continue;
		for (w = 0; w < x->W; w++)
			for (r = 0; r < x->R; r++)
				if (memcmp(acrf_reg(x, s, w, r), shadow_reg(x, (unsigned)o, w, r), x->words * 4u))
					return "a register of a CTA in the ACRF after an operation (the value last written while live)";
	}
	return NULL;
}

/* An operation ends: the whole operation on the checker's unit and the shadow. */
static const char *finish(rfm_ctlb_t *x)
{
	rfm_fr_t *f = x->ref;
	unsigned w, r;
	int bad = 0;
	char why[120];
	switch (x->c_op) {
	case RFM_FR_OP_LAUNCH:
		bad = rfm_fr_launch(f, x->c_a, x->c_slot, (int)x->c_pipe);
		memset(shadow_reg(x, x->c_a, 0, 0), 0, (size_t)x->W * x->R * x->words * 4u);
		rfm_cov_hit(&x->m, x->c_pipe ? EC_LAUNCH : EC_LAUNCH_SAVED);
		break;
	case RFM_FR_OP_EVICT:
		bad = rfm_fr_evict(f, x->c_a, x->c_bv);
		rfm_cov_hit(&x->m, EC_EVICT);
		break;
	case RFM_FR_OP_RESTORE:
		bad = rfm_fr_restore(f, x->c_a, x->c_slot);
		rfm_cov_hit(&x->m, EC_RESTORE);
		break;
	default:
		bad = rfm_fr_swap(f, x->c_a, x->c_bv, x->c_b);
		rfm_cov_hit(&x->m, EC_SWAP);
	}
	if (bad)
		return "an operation the whole operations refuse";
	if (x->c_op == RFM_FR_OP_EVICT || x->c_op == RFM_FR_OP_SWAP) /* its dead registers are gone */
		for (w = 0; w < x->W; w++)
			for (r = 0; r < x->R; r++)
				if (!(x->c_bv[w] >> r & 1))
					memset(shadow_reg(x, x->c_a, w, r), 0, x->words * 4u);
	if (x->c_op == RFM_FR_OP_RESTORE || x->c_op == RFM_FR_OP_SWAP) {
		unsigned c = x->c_op == RFM_FR_OP_SWAP ? x->c_b : x->c_a, j;
		for (j = 0; j < x->W * x->R * x->words; j++)
			if (shadow_reg(x, c, 0, 0)[j])
				break;
		if (j < x->W * x->R * x->words)
			rfm_cov_hit(&x->m, EC_RESTORED_LIVE);
	}
	x->c_op = 0;
	x->c_verify = 1;
	return rfm_fr_check(f, why, sizeof(why)) ? "the unit's invariants after the whole operation" : NULL;
}

/* The events at this edge against the controller's rules on the checker's unit. NULL, or what is
 * wrong; the events applied. */
static const char *check_events(rfm_ctlb_t *x)
{
	rfm_model_t *m = &x->m;
	rfm_fr_t *f = x->ref;
	unsigned st = (unsigned)rfm_get(m, x->ix.p.state), s, ls = (unsigned)rfm_get(m, x->ix.p.lslot);
	int go = (int)rfm_get(m, x->ix.p.go), csw = (int)rfm_get(m, x->ix.p.csw), res = (int)rfm_get(m, x->ix.p.resume),
	    stay = (int)rfm_get(m, x->ix.p.stay), done = (int)rfm_get(m, x->ix.p.done), ex = (int)rfm_get(m, x->ix.p.ex);
	unsigned op = go ? (unsigned)rfm_get(m, x->ix.p.op) + RFM_FR_OP_LAUNCH : 0, a = (unsigned)rfm_get(m, x->ix.p.ca),
		 b = (unsigned)rfm_get(m, x->ix.p.cb), slot = (unsigned)rfm_get(m, x->ix.p.slot);
	int room = rfm_fr_in_pipe(f) < f->g.active_ctas, nl = (int)rfm_get(m, x->ix.p.nl) && first_line(x, 0, 0) >= 0;
	int want_ex = -1, look = -1;
	const char *bad;
	/* the exit: the lowest slot finished whose CTA is active and not moved; it waits in a cycle whose
	 * writes take the ports */
	for (s = 0; s < x->S && want_ex < 0; s++) {
		int o = f->owner[s];
		if (x->exit[s] && o >= 0 && f->ctx[o] == RFM_FR_CTX_PIPE && f->reg[o] == RFM_FR_REG_ACRF &&
		    !moving(x, (unsigned)o))
			want_ex = o;
	}
	if (want_ex >= 0 && (st == RFM_FR_CTL_DECIDE || done)) {
		want_ex = -1;
		rfm_cov_hit(m, EC_EXIT_WAITS);
	}
	if (ex != (want_ex >= 0) || (ex && rfm_get(m, x->ix.p.excta) != (unsigned)want_ex))
		return "the exit (the lowest finished slot whose CTA is active and not moved, unless the ports are taken)";
	if (st != RFM_FR_CTL_MOVE && done)
		return "an operation's end outside MOVE";
	if (st != RFM_FR_CTL_IDLE && (res || (go && (op == RFM_FR_OP_LAUNCH || op == RFM_FR_OP_RESTORE))))
		return "a resume, launch or restore outside IDLE";
	if (st != RFM_FR_CTL_DECIDE && (csw || stay || (go && (op == RFM_FR_OP_EVICT || op == RFM_FR_OP_SWAP))))
		return "a decision outside DECIDE";
	if (st == RFM_FR_CTL_IDLE) {
		int c12 = first_line(x, RFM_FR_CTX_SHMEM, RFM_FR_REG_ACRF), c11 = first_line(x, RFM_FR_CTX_SHMEM,
											  RFM_FR_REG_PCRF), fl = first_line(x, 0, 0);
		int fs = -1;
		for (s = 0; s < x->S && fs < 0; s++)
			if (f->owner[s] < 0)
				fs = (int)s;
		if (room && c12 >= 0) {
			if (!res || a != (unsigned)c12 || go)
				return "IDLE: the lowest ready (1,2) CTA resumes first";
			rfm_cov_hit(m, EC_RESUME);
		} else if (res)
			return "a resume with no ready (1,2) CTA or no room in the pipeline";
		else if (fs >= 0 && room && c11 >= 0) {
			if (!go || op != RFM_FR_OP_RESTORE || a != (unsigned)c11 || slot != (unsigned)fs)
				return "IDLE: the lowest ready (1,1) CTA is restored into the lowest free slot";
		} else if (fs >= 0 && nl) {
			if (!go || op != RFM_FR_OP_LAUNCH || a != (unsigned)fl || slot != (unsigned)fs ||
			    rfm_get(m, x->ix.p.pipe) != (unsigned)room)
				return "IDLE: a new CTA is launched into the lowest free line and slot";
		} else if (go)
			return "IDLE: an operation with nothing to restore or launch";
		else {
			for (s = 0; s < x->S && look < 0; s++)
				if (stalled(x, s) && !x->exit[s] && !(x->c_stay[s] && x->c_key[s] == key_now(x, nl)))
					look = (int)s;
			if (look >= 0 && x->c_stay[look])
				rfm_cov_hit(m, EC_STAY_RETRIED);
		}
	}
	x->c_look = st == RFM_FR_CTL_IDLE && !res && !go ? look : -2;
	if (st == RFM_FR_CTL_DECIDE) {
		int o = ls < x->S ? f->owner[ls] : -1, pick;
		uint64_t bv[RFM_FR_MAX_WARPS];
		rfm_fr_action_t want;
		if (o < 0 || !stalled(x, ls) || x->exit[ls]) {
			if (go || csw || stay)
				return "a decision on a CTA whose stall has ended";
		} else {
			true_vectors(x, ls, bv);
			want = rfm_fr_decide(f, (unsigned)o, bv, x->ready, nl, &pick);
			switch (want) {
			case RFM_FR_CTX_SWITCH:
				if (!csw || a != (unsigned)o || b != (unsigned)pick)
					return "DECIDE: a context switch with the lowest ready (1,2) CTA";
				break;
			case RFM_FR_SWAP:
				if (!go || op != RFM_FR_OP_SWAP || a != (unsigned)o || b != (unsigned)pick || slot != ls)
					return "DECIDE: a swap with the lowest ready (1,1) CTA";
				break;
			case RFM_FR_EVICT_LAUNCH:
				if (!go || op != RFM_FR_OP_EVICT || a != (unsigned)o || slot != ls)
					return "DECIDE: an eviction";
				break;
			default:
				if (stay != (want == RFM_FR_STAY_NOTHING ? 1 : 2) || go || csw)
					return "DECIDE: a stay (depleted, or nothing to switch to)";
				x->c_stay[ls] = (uint8_t)stay;
				x->c_key[ls] = key_now(x, nl);
				rfm_cov_hit(m, stay == 1 ? EC_STAY_NOTHING : EC_STAY_DEPLETED);
			}
			memcpy(x->c_bv, bv, sizeof(bv));
		}
	}
	/* apply: the end, the switch, the resume, the start, then the exit */
	if (done && (bad = finish(x)) != NULL)
		return bad;
	if (csw) {
		if (rfm_fr_ctx_switch(f, a, b))
			return "a context switch the whole operations refuse";
		rfm_cov_hit(m, EC_CSW);
	}
	if (res && rfm_fr_resume(f, a))
		return "a resume the whole operations refuse";
	if (go) {
		x->c_op = (int)op, x->c_a = a, x->c_b = b, x->c_slot = slot;
		x->c_pipe = (unsigned)rfm_get(m, x->ix.p.pipe);
	}
	if (ex) {
		rfm_fr_exit(f, (unsigned)want_ex);
		rfm_cov_hit(m, EC_EXIT);
	}
	return NULL;
}

/* The outputs that show the state against the checker's unit. NULL, or what is wrong. */
static const char *check_state(rfm_ctlb_t *x)
{
	rfm_model_t *m = &x->m;
	const rfm_fr_t *f = x->ref;
	const uint32_t *act = rfm_wide(m, x->ix.p.act);
	uint64_t p = rfm_get(m, x->ix.p.pcta);
	unsigned s, st = (unsigned)rfm_get(m, x->ix.p.state);
	if (st > RFM_FR_CTL_MOVE || (st == RFM_FR_CTL_MOVE) != (x->c_op != 0))
		return "the state (MOVE exactly while an operation is in progress)";
	for (s = 0; s < x->S; s++) {
		int o = f->owner[s], want = o >= 0 && f->ctx[o] == RFM_FR_CTX_PIPE && f->reg[o] == RFM_FR_REG_ACRF &&
					    !moving(x, (unsigned)o);
		if (rfm_bits_get(act, s, 1) != (uint64_t)want)
			return "act_o (a slot's CTA active and not moved)";
	}
	if (p < x->n) {
		int emptied = x->c_op && moving(x, (unsigned)p) &&
			      f->reg[p] == RFM_FR_REG_PCRF; /* the chain is the engine's from its start */
		if (rfm_get(m, x->ix.p.px) != f->ctx[p] || rfm_get(m, x->ix.p.pr) != f->reg[p])
			return "a CTA line's status";
		if (rfm_get(m, x->ix.p.ph) != (emptied ? 0u : f->ptr[p].head) ||
		    rfm_get(m, x->ix.p.pn) != (emptied ? 0u : f->ptr[p].count))
			return "a CTA line's pointer line";
	}
	if (!x->c_op && rfm_get(m, x->ix.p.fcnt) != f->free_count)
		return "the free count";
	if (rfm_get(m, x->ix.p.res) != rfm_fr_count_status(f, -1, 0) ||
	    rfm_get(m, x->ix.p.pend) != rfm_fr_count_status(f, RFM_FR_CTX_SHMEM, RFM_FR_REG_PCRF) ||
	    rfm_get(m, x->ix.p.actn) != rfm_fr_in_pipe(f))
		return "the resident, pending or active CTAs";
	if (st != RFM_FR_CTL_MOVE && (rfm_get(m, x->ix.a.req) || rfm_get(m, x->ix.a.ard) || rfm_get(m, x->ix.a.awr) ||
				      rfm_get(m, x->ix.a.z)))
		return "an ACRF access outside MOVE";
	if (st == RFM_FR_CTL_MOVE && rfm_get(m, x->ix.aslot) != x->c_slot)
		return "the slot of the engine's accesses";
	if ((rfm_get(m, x->ix.a.z) & ~(rfm_get(m, x->ix.a.gnt) & rfm_get(m, x->ix.a.req))) != 0)
		return "a zero in a bank not held or not requested";
	return NULL;
}

static int ctl_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_ctlb_t *x = (rfm_ctlb_t *)m;
	rfm_fr_ctl_in_t in;
	uint64_t cm = rfm_mask64(m->cfg->stats_counter_bits);
	unsigned st = (unsigned)rfm_get(m, x->ix.p.state), s, k, depl = 0;
	const char *bad = NULL;
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst))
		return 0;
	ctl_inputs(x, &in);
	if (x->c_verify) {
		bad = verify_acrf(x);
		x->c_verify = 0;
	}
	/* the lookup IDLE was to start at the last edge */
	if (!bad && x->c_look >= 0 && (st != RFM_FR_CTL_LOOKUP || rfm_get(m, x->ix.p.lslot) != (unsigned)x->c_look))
		bad = "IDLE: a lookup on the lowest slot whose CTA stalls (unless it stayed on an unchanged decision)";
	if (!bad && x->c_look == -1 && st != RFM_FR_CTL_IDLE)
		bad = "IDLE: a lookup with no slot to look up";
	/* the last edge's events the state shows: a lookup started, the last lookup's hit, miss or drop, a
	 * lookup dropped at its fill */
	if (x->c_last_state == RFM_FR_CTL_IDLE && st == RFM_FR_CTL_LOOKUP)
		x->c_cnt[0]++;
	if (x->c_last_state == RFM_FR_CTL_LOOKUP) {
		x->c_cnt[st == RFM_FR_CTL_IDLE ? 1 : st == RFM_FR_CTL_MISS ? 13 : 12]++;
		rfm_cov_hit(m, st == RFM_FR_CTL_IDLE ? EC_DROP_LOOKUP : st == RFM_FR_CTL_MISS ? EC_MISS : EC_HIT);
	}
	if (x->c_last_state == RFM_FR_CTL_MISS && st == RFM_FR_CTL_IDLE) {
		x->c_cnt[1]++;
		rfm_cov_hit(m, EC_DROP_FILL);
	}
	x->c_last_state = st;
	/* the counters show the events before this cycle */
	for (k = 0; !bad && k < 14; k++)
		if (rfm_get(m, x->ix.p.cnt[k]) != (x->c_cnt[k] & cm))
			bad = "a counter";
	if (!bad && rfm_get(m, x->ix.p.cnt[20]) != (x->c_cnt[20] & cm))
		bad = "the engine's operations";
	if (!bad && rfm_get(m, x->ix.p.cnt[21]) != 0)
		bad = "a start refused by the engine (the decision admits only what fits)";
	if (!bad)
		bad = check_state(x);
	/* this cycle's events, counted before they change the unit */
	for (s = 0; s < x->S; s++) {
		if (x->c_stay[s] && !stalled(x, s))
			x->c_stay[s] = 0;
		depl += x->c_stay[s] == 2;
	}
	if (!bad) {
		int fill = st == RFM_FR_CTL_MISS && in.fill_valid && in.fill_pc == rfm_get(m, x->ix.p.mpc),
		    done = (int)rfm_get(m, x->ix.p.done), op = x->c_op;
		if (st == RFM_FR_CTL_MISS && in.fill_valid && !fill)
			rfm_cov_hit(m, EC_FILL_OTHER);
		x->c_cnt[1] += st == RFM_FR_CTL_DECIDE && !rfm_get(m, x->ix.p.go) && !rfm_get(m, x->ix.p.csw) &&
			       !rfm_get(m, x->ix.p.stay); /* a decision dropped */
		x->c_cnt[2] += rfm_get(m, x->ix.p.stay) != 0;
		x->c_cnt[3] += depl;
		x->c_cnt[4] += fill ? 8 : 0;
		x->c_cnt[5] += done && op == RFM_FR_OP_LAUNCH;
		x->c_cnt[6] += rfm_get(m, x->ix.p.ex);
		x->c_cnt[7] += done && (op == RFM_FR_OP_EVICT || op == RFM_FR_OP_SWAP);
		x->c_cnt[8] += done && (op == RFM_FR_OP_RESTORE || op == RFM_FR_OP_SWAP);
		x->c_cnt[9] += done && op == RFM_FR_OP_SWAP;
		x->c_cnt[10] += rfm_get(m, x->ix.p.csw);
		x->c_cnt[11] += rfm_get(m, x->ix.p.resume);
		x->c_cnt[20] += (uint64_t)done;
		bad = check_events(x);
	}
	if (bad) {
		fprintf(err, "cycle %llu: rf_fr_ctl golden: %s differs from the controller's rules on the whole operations "
			     "(state %u, operation %d on slot %u)\n", (unsigned long long)cycle, bad, st, x->c_op, x->c_slot);
		return 1;
	}
	return 0;
}

static int ctl_setup(rfm_model_t *m)
{
	rfm_ctlb_t *x = (rfm_ctlb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	rfm_finereg_geom_of(c, &x->g);
	x->S = x->g.acrf_slots;
	x->W = x->g.warps;
	x->R = x->g.regs;
	x->n = x->g.ctas;
	x->words = x->g.words;
	if (!c->finereg_enable || at_least1(c->rf_banks) > 64 || x->g.pcrf_entries > 4096 || !x->S || !x->n)
		return -1;
	x->stall = calloc((size_t)x->S * x->W, 1);
	x->pc = calloc((size_t)x->S * x->W, 4);
	x->ready = calloc(x->n, 1);
	x->exit = calloc(x->S, 1);
	x->acrf = calloc((size_t)x->S * x->W * x->R * x->words, 4);
	x->shadow = calloc((size_t)x->n * x->W * x->R * x->words, 4);
	x->c_stay = calloc(x->S, 1);
	x->c_key = calloc(x->S, sizeof(*x->c_key));
	if (!x->stall || !x->pc || !x->ready || !x->exit || !x->acrf || !x->shadow || !x->c_stay || !x->c_key)
		return -1;
	if (x->S <= x->g.active_ctas) { /* every slot's CTA fits in the pipeline: no context is saved */
		rfm_cov_na(m, EC_LAUNCH_SAVED);
		rfm_cov_na(m, EC_CSW);
		rfm_cov_na(m, EC_RESUME);
	}
	ctl_reset(m);
	return 0;
}

RFM_BLOCK(rf_fr_ctl, rfm_ctlb_t, ctl_ix_t, ctl_ports, ec_names, EC_N, ctl_reset, ctl_eval, ctl_tick, ctl_stim,
	  ctl_check, ctl_release, ctl_setup)
