/* ctl.c - FineReg's register management unit, its controller at the cycle level (rfm_finereg.h,
 * docs/finereg.md, "Controller"): CTAs finish, resume and launch into free slots; an active CTA
 * whose warps all wait has its warps' live vectors looked up in the bit-vector cache (misses
 * fetched through the fill port), the stall is decided on (rfm_fr_decide), and the engine moves
 * the registers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_finereg_int.h"

int rfm_fr_ctl_init(rfm_fr_ctl_t *k, rfm_fr_t *u, const rfm_fr_eng_cfg_t *eng, unsigned lrc_entries, char *why,
	size_t n)
{
	memset(k, 0, sizeof(*k));
	k->u = u;
	if (rfm_fr_eng_init(&k->e, u, eng, why, n))
		return -1;
	if (rfm_fr_lrc_init(&k->lrc, lrc_entries, 3)) {
		rfm_fr_eng_free(&k->e);
		snprintf(why, n, "lrc_entries must be a power of two, 1 .. 1024");
		return -1;
	}
	k->stayed = calloc(u->g.acrf_slots, 1);
	k->stay_key = calloc(u->g.acrf_slots, sizeof(*k->stay_key));
	if (!k->stayed || !k->stay_key) {
		rfm_fr_ctl_free(k);
		snprintf(why, n, "out of memory");
		return -1;
	}
	return 0;
}

void rfm_fr_ctl_free(rfm_fr_ctl_t *k)
{
	rfm_fr_eng_free(&k->e);
	rfm_fr_lrc_free(&k->lrc);
	free(k->stayed);
	free(k->stay_key);
	k->stayed = NULL;
	k->stay_key = NULL;
}

uint64_t rfm_fr_ctl_hold(const rfm_fr_ctl_t *k) { return rfm_fr_eng_hold(&k->e); }

int rfm_fr_ctl_miss(const rfm_fr_ctl_t *k, uint32_t *pc)
{
	if (k->st != RFM_FR_CTL_MISS)
		return 0;
	*pc = k->miss_pc;
	return 1;
}

/* The lowest CTA with status (ctx, reg) whose ready input is set (ready NULL: any), or -1. */
static int lowest(const rfm_fr_t *u, unsigned ctx, unsigned reg, const uint8_t *ready)
{
	unsigned c;
	for (c = 0; c < u->g.ctas; c++)
		if (u->ctx[c] == ctx && u->reg[c] == reg && (!ready || ready[c]))
			return (int)c;
	return -1;
}

/* Slot s holds an active CTA whose warps all wait. */
static int all_stalled(const rfm_fr_t *u, const rfm_fr_ctl_in_t *in, unsigned s)
{
	int c = u->owner[s];
	unsigned w;
	if (c < 0 || u->ctx[c] != RFM_FR_CTX_PIPE || u->reg[c] != RFM_FR_REG_ACRF)
		return 0;
	for (w = 0; w < u->g.warps; w++)
		if (!in->stall[s * u->g.warps + w])
			return 0;
	return 1;
}

/* What the decision on a stall depends on besides the stalled CTA's vectors (fixed while its warps
 * wait): the free count, the first ready CTA of each inactive class, a new CTA left. */
static uint64_t decision_key(const rfm_fr_t *u, const rfm_fr_ctl_in_t *in, int new_left)
{
	uint64_t p12 = (uint64_t)(lowest(u, RFM_FR_CTX_SHMEM, RFM_FR_REG_ACRF, in->ready) + 1);
	uint64_t p11 = (uint64_t)(lowest(u, RFM_FR_CTX_SHMEM, RFM_FR_REG_PCRF, in->ready) + 1);
	return (uint64_t)u->free_count | p12 << 16 | p11 << 32 | (uint64_t)(new_left != 0) << 48;
}

/* A new CTA can be launched: one is waiting and a status line is free. */
static int can_launch(const rfm_fr_t *u, const rfm_fr_ctl_in_t *in)
{
	return in->new_left && lowest(u, RFM_FR_NONE, RFM_FR_NONE, NULL) >= 0;
}

/* The stay mark of slot s as this cycle sees it: a CTA that stayed is decided on afresh once its warps
 * no longer all wait. */
static unsigned stay_of(const rfm_fr_ctl_t *k, const rfm_fr_ctl_in_t *in, unsigned s)
{
	return k->stayed[s] && all_stalled(k->u, in, s) ? k->stayed[s] : 0;
}

/* IDLE: at most one action a cycle, the first that applies: resume a ready (1,2) CTA into a free
 * pipeline place; restore a ready (1,1) CTA, else launch a new one, into the lowest free slot; look
 * up the lowest slot whose active CTA has every warp waiting (unless it stayed and nothing the
 * decision depends on has changed). */
static void idle(const rfm_fr_ctl_t *k, const rfm_fr_ctl_in_t *in, rfm_fr_ctl_act_t *a)
{
	const rfm_fr_t *u = k->u;
	int room = rfm_fr_in_pipe(u) < u->g.active_ctas, c;
	unsigned s;
	if (room && (c = lowest(u, RFM_FR_CTX_SHMEM, RFM_FR_REG_ACRF, in->ready)) >= 0) {
		a->resume = c;
		return;
	}
	for (s = 0; s < u->g.acrf_slots && u->owner[s] >= 0; s++)
		;
	if (s < u->g.acrf_slots) {
		if (room && (c = lowest(u, RFM_FR_CTX_SHMEM, RFM_FR_REG_PCRF, in->ready)) >= 0) {
			a->op = RFM_FR_OP_RESTORE, a->a = (unsigned)c, a->slot = s;
			return;
		}
		if (can_launch(u, in)) {
			a->op = RFM_FR_OP_LAUNCH, a->a = (unsigned)lowest(u, RFM_FR_NONE, RFM_FR_NONE, NULL), a->slot = s;
			a->pipe = room;
			return;
		}
	}
	for (s = 0; s < u->g.acrf_slots && !k->no_switch; s++) {
		if (!all_stalled(u, in, s) || in->exit[s]) /* a CTA that finished leaves instead */
			continue;
		if (stay_of(k, in, s) &&
		    (k->fault == RFM_FR_CF_NO_RETRY || k->stay_key[s] == decision_key(u, in, can_launch(u, in))))
			continue;
		a->look = (int)s;
		return;
	}
}

static void decide(const rfm_fr_ctl_t *k, const rfm_fr_ctl_in_t *in, rfm_fr_ctl_act_t *a)
{
	const rfm_fr_t *u = k->u;
	int pick;
	rfm_fr_action_t x = rfm_fr_decide(u, k->c, k->bv, in->ready, can_launch(u, in), &pick);
	switch (x) {
	case RFM_FR_CTX_SWITCH:
		a->csw = 1, a->a = k->c, a->b = (unsigned)pick;
		break;
	case RFM_FR_SWAP:
		a->op = RFM_FR_OP_SWAP, a->a = k->c, a->b = (unsigned)pick, a->slot = k->s;
		break;
	case RFM_FR_EVICT_LAUNCH: /* the launch follows when the slot is free */
		a->op = RFM_FR_OP_EVICT, a->a = k->c, a->slot = k->s;
		break;
	default: /* it stays until what the decision depends on changes */
		a->stay = 1 + (int)x;
	}
}

/* The slot's CTA is looked up or decided on no longer: a warp could issue, or it finished. */
static int stall_gone(const rfm_fr_t *u, const rfm_fr_ctl_in_t *in, unsigned s, unsigned c)
{
	return !all_stalled(u, in, s) || u->owner[s] != (int)c || in->exit[s];
}

void rfm_fr_ctl_decide(const rfm_fr_ctl_t *k, const rfm_fr_ctl_in_t *in, rfm_fr_ctl_act_t *a)
{
	const rfm_fr_t *u = k->u;
	unsigned s;
	int busy_writes = 0;
	memset(a, 0, sizeof(*a));
	a->exit_slot = a->resume = a->op = a->look = a->hit = -1;
	/* the CTA that finishes at this edge, on the state before it: the lowest slot whose exit is set
	 * and whose CTA is active and not being moved (one a cycle: the status monitor's and the slot
	 * table's write ports) */
	for (s = 0; s < u->g.acrf_slots && a->exit_slot < 0; s++) {
		int c = u->owner[s];
		if (in->exit[s] && c >= 0 && u->ctx[c] == RFM_FR_CTX_PIPE && u->reg[c] == RFM_FR_REG_ACRF &&
		    !rfm_fr_eng_moving(&k->e, (unsigned)c))
			a->exit_slot = (int)s, a->exit_cta = (unsigned)c;
	}
	for (s = 0; s < u->g.acrf_slots; s++)
		a->depl_slots += stay_of(k, in, s) == 1 + RFM_FR_STAY_DEPLETED;
	switch (k->st) {
	case RFM_FR_CTL_IDLE:
		idle(k, in, a);
		break;
	case RFM_FR_CTL_LOOKUP:
		if (stall_gone(u, in, k->s, k->c)) {
			a->drop = 1;
			break;
		}
		a->pc = in->pc[k->s * u->g.warps + (k->fault == RFM_FR_CF_ONE_PC ? 0 : k->w)];
		a->hit = rfm_fr_lrc_lookup(&k->lrc, a->pc, &a->bv, NULL);
		break;
	case RFM_FR_CTL_MISS: /* the fill is awaited even when the stall ends meanwhile (the cache takes it) */
		a->gone = k->gone || stall_gone(u, in, k->s, k->c); /* the vectors so far may be stale */
		if (in->fill_valid && in->fill_pc == k->miss_pc) {
			a->fill = 1;
			a->bv = in->fill_bv;
			a->drop = a->gone && k->fault != RFM_FR_CF_STALE_LOOKUP;
		}
		break;
	case RFM_FR_CTL_DECIDE:
		busy_writes = 1; /* the decision may write two statuses (a context switch) */
		if (stall_gone(u, in, k->s, k->c))
			a->drop = 1;
		else
			decide(k, in, a);
		break;
	default: /* RFM_FR_CTL_MOVE */
		rfm_fr_eng_decide(&k->e, in->hold_gnt, &a->eng);
		a->done = rfm_fr_eng_ends(&k->e, &a->eng);
		busy_writes = a->done; /* the operation's bookkeeping writes the statuses and the slot */
	}
	/* the exit, unless the step's writes take the ports (it waits: its input stays set) */
	if (a->exit_slot >= 0 && busy_writes) {
		a->exit_slot = -1;
		a->exit_waits = 1;
	}
}

/* The vector of warp k->w is known: the next warp, or the decision. */
static void got_vector(rfm_fr_ctl_t *k, uint64_t bv)
{
	k->bv[k->w++] = bv;
	k->st = k->w == k->u->g.warps ? RFM_FR_CTL_DECIDE : RFM_FR_CTL_LOOKUP;
}

/* An engine operation starts (the decision made sure it is legal and has room). */
static void start(rfm_fr_ctl_t *k, const rfm_fr_ctl_act_t *a)
{
	int r;
	switch (a->op) {
	case RFM_FR_OP_LAUNCH: r = rfm_fr_eng_launch(&k->e, a->a, a->slot, a->pipe); break;
	case RFM_FR_OP_RESTORE: r = rfm_fr_eng_restore(&k->e, a->a, a->slot); break;
	case RFM_FR_OP_EVICT: r = rfm_fr_eng_evict(&k->e, a->a, k->bv); break;
	default: r = rfm_fr_eng_swap(&k->e, a->a, k->bv, a->b);
	}
	if (r)
		abort(); /* the decision's rules are the engine's */
	k->st = RFM_FR_CTL_MOVE;
}

void rfm_fr_ctl_cycle(rfm_fr_ctl_t *k, const rfm_fr_ctl_in_t *in)
{
	rfm_fr_t *u = k->u;
	rfm_fr_ctl_act_t a;
	unsigned s;
	rfm_fr_ctl_decide(k, in, &a);
	for (s = 0; s < u->g.acrf_slots; s++)
		k->stayed[s] = (uint8_t)stay_of(k, in, s);
	k->n.depletion_cycles += a.depl_slots;
	switch (k->st) {
	case RFM_FR_CTL_IDLE:
		if (a.resume >= 0)
			rfm_fr_resume(u, (unsigned)a.resume);
		else if (a.op >= 0)
			start(k, &a);
		else if (a.look >= 0) {
			k->s = (unsigned)a.look;
			k->c = (unsigned)u->owner[a.look];
			k->w = 0;
			k->gone = 0;
			k->st = RFM_FR_CTL_LOOKUP;
			k->n.stall_events++;
		}
		break;
	case RFM_FR_CTL_LOOKUP:
		if (a.drop) {
			k->st = RFM_FR_CTL_IDLE;
			k->n.stall_gone++;
			break;
		}
		k->miss_pc = a.pc;
		if (a.hit) {
			u->n.lrc_hits++;
			got_vector(k, a.bv);
		} else {
			u->n.lrc_misses++;
			k->st = RFM_FR_CTL_MISS;
		}
		break;
	case RFM_FR_CTL_MISS:
		k->gone = a.gone;
		if (a.fill) {
			rfm_fr_lrc_fill(&k->lrc, in->fill_pc, a.bv);
			k->n.bv_bytes += 8;
			if (a.drop) {
				k->st = RFM_FR_CTL_IDLE;
				k->n.stall_gone++;
			} else
				got_vector(k, a.bv);
		}
		break;
	case RFM_FR_CTL_DECIDE:
		k->st = RFM_FR_CTL_IDLE;
		if (a.drop)
			k->n.stall_gone++;
		else if (a.csw)
			rfm_fr_ctx_switch(u, a.a, a.b);
		else if (a.op >= 0)
			start(k, &a);
		else {
			k->stayed[k->s] = (uint8_t)a.stay;
			k->stay_key[k->s] = decision_key(u, in, can_launch(u, in));
			k->n.stays++;
		}
		break;
	default: /* RFM_FR_CTL_MOVE */
		if (rfm_fr_eng_cycle(&k->e, in->hold_gnt) != a.done)
			abort(); /* rfm_fr_eng_ends is the engine's own rule */
		if (a.done)
			k->st = RFM_FR_CTL_IDLE;
	}
	if (a.exit_slot >= 0)
		rfm_fr_exit(u, a.exit_cta);
}
