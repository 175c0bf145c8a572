/* engine.c - FineReg's register management unit at the cycle level (rfm_finereg.h, docs/finereg.md,
 * "Engine"): an operation becomes a plan of micro-operations at its start, derived from the state
 * independently of rmu.c's whole operations; the plan runs as two queues in order, the ACRF one at
 * edges where its bank is held, the PCRF one through a port of one beat a cycle, joined by the out
 * buffer (loaded from the bank's read register at the edge after the ARD) and the in buffer; the
 * bookkeeping of the operation (chain links, pointer line, slot,
 * status) is done at the edge where the last one ends. The state then equals the whole
 * operation's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_finereg_int.h"

unsigned rfm_fr_eng_in_depth(unsigned pcrf_lat, unsigned beats) { return (pcrf_lat + 2 * beats - 2) / beats + 1; }

int rfm_fr_eng_init(rfm_fr_eng_t *e, rfm_fr_t *u, const rfm_fr_eng_cfg_t *cfg, char *why, size_t n)
{
	const char *bad = NULL;
	unsigned regs = u->g.warps * u->g.regs;
	memset(e, 0, sizeof(*e));
	if (cfg->pcrf_lat < 4 || cfg->pcrf_lat > 64)
		bad = "pcrf_lat must be 4 .. 64";
	else if (cfg->beat_words < 1 || cfg->beat_words > u->g.words || u->g.words % cfg->beat_words)
		bad = "beat_words must divide the register's words";
	else if (cfg->banks < 1 || cfg->banks > 64 || !cfg->bank)
		bad = "banks must be 1 .. 64, with a bank function";
	if (bad) {
		snprintf(why, n, "%s", bad);
		return -1;
	}
	e->u = u;
	e->cfg = *cfg;
	e->in_depth = rfm_fr_eng_in_depth(cfg->pcrf_lat, u->g.words / cfg->beat_words);
	/* a swap: at most 2 x live out, 2 x the pending CTA's count in, every register zeroed */
	e->plan = malloc(5u * regs * sizeof(*e->plan));
	e->order = malloc(regs * sizeof(*e->order));
	e->zdone = malloc(5u * regs);
	if (!e->plan || !e->order || !e->zdone) {
		rfm_fr_eng_free(e);
		snprintf(why, n, "out of memory");
		return -1;
	}
	return 0;
}

void rfm_fr_eng_free(rfm_fr_eng_t *e)
{
	free(e->plan);
	free(e->order);
	free(e->zdone);
	e->plan = NULL;
	e->order = NULL;
	e->zdone = NULL;
}

/* ---- plans -------------------------------------------------------------------------------------- */

static void add(rfm_fr_eng_t *e, rfm_fr_uop_kind_t k, unsigned w, unsigned r, unsigned entry)
{
	e->plan[e->nplan++] = (rfm_fr_uop_t){(uint8_t)k, (uint8_t)w, (uint8_t)r, (uint16_t)entry};
}

/* Move ACRF register (w, r) out into PCRF entry entry: read, then write. */
static void add_out(rfm_fr_eng_t *e, unsigned w, unsigned r, unsigned entry)
{
	add(e, RFM_FR_ARD, w, r, 0);
	add(e, RFM_FR_PWR, w, r, entry);
}

/* Zero every register of the slot that written does not mark (NULL: all), ascending. */
static void add_zeros(rfm_fr_eng_t *e, const uint8_t *written)
{
	unsigned k, R = e->u->g.regs;
	for (k = 0; k < e->u->g.warps * R; k++)
		if (!written || !written[k])
			add(e, RFM_FR_AZERO, k / R, k % R, 0);
}

static void begin(rfm_fr_eng_t *e, rfm_fr_op_t op, unsigned a, unsigned b, unsigned slot)
{
	e->op = op;
	e->a = a;
	e->b = b;
	e->slot = slot;
	e->nplan = e->at = e->pat = e->nord = 0;
	e->now = e->port_free = e->rd_at = e->obuf_free = e->pwr_end = 0;
	e->rd_busy = e->obuf_full = e->pwr_busy = 0;
	e->in_head = e->in_count = 0;
	memset(e->zdone, 0, 5u * e->u->g.warps * e->u->g.regs);
}

static unsigned next_of(const rfm_fr_eng_t *e, unsigned i, int acrf);

/* The plan is complete: each queue at its first micro-operation. */
static int go(rfm_fr_eng_t *e)
{
	e->at = next_of(e, 0, 1);
	e->pat = next_of(e, 0, 0);
	return 0;
}

/* The live registers of bv as w x regs + r, ascending. */
static unsigned live_list(const rfm_fr_t *u, const uint64_t *bv, unsigned *lv)
{
	unsigned w, r, n = 0;
	for (w = 0; w < u->g.warps; w++)
		for (r = 0; r < u->g.regs; r++)
			if (bv[w] >> r & 1)
				lv[n++] = w * u->g.regs + r;
	return n;
}

/* The lowest n empty PCRF entries, ascending (the free-space monitor's find-first-free, n times). */
static void empties(const rfm_fr_t *u, unsigned n, unsigned *out)
{
	unsigned x, k = 0;
	for (x = 0; x < u->g.pcrf_entries && k < n; x++)
		if (!u->occ[x])
			out[k++] = x;
}

int rfm_fr_eng_launch(rfm_fr_eng_t *e, unsigned c, unsigned s, int pipe)
{
	rfm_fr_t *u = e->u;
	if (e->op != RFM_FR_OP_IDLE)
		return RFM_FR_EBUSY;
	if (c >= u->g.ctas || s >= u->g.acrf_slots || u->ctx[c] || u->reg[c] || u->owner[s] >= 0 ||
	    (pipe && rfm_fr_in_pipe(u) >= u->g.active_ctas))
		return RFM_FR_EILLEGAL;
	begin(e, RFM_FR_OP_LAUNCH, c, 0, s);
	e->pipe = pipe;
	add_zeros(e, NULL);
	return go(e);
}

int rfm_fr_eng_evict(rfm_fr_eng_t *e, unsigned c, const uint64_t *bv)
{
	rfm_fr_t *u = e->u;
	unsigned lv[RFM_FR_MAX_WARPS * RFM_FR_MAX_REGS], ent[RFM_FR_MAX_WARPS * RFM_FR_MAX_REGS], live, k;
	if (e->op != RFM_FR_OP_IDLE)
		return RFM_FR_EBUSY;
	if (c >= u->g.ctas || u->ctx[c] != RFM_FR_CTX_PIPE || u->reg[c] != RFM_FR_REG_ACRF)
		return RFM_FR_EILLEGAL;
	live = live_list(u, bv, lv);
	if (live > u->free_count) {
		u->n.depleted++;
		return RFM_FR_EDEPLETED;
	}
	begin(e, RFM_FR_OP_EVICT, c, 0, (unsigned)u->slot_of[c]);
	empties(u, live, ent);
	for (k = 0; k < live; k++)
		add_out(e, lv[k] / u->g.regs, lv[k] % u->g.regs, ent[k]);
	return go(e);
}

int rfm_fr_eng_restore(rfm_fr_eng_t *e, unsigned c, unsigned s)
{
	rfm_fr_t *u = e->u;
	uint8_t written[RFM_FR_MAX_WARPS * RFM_FR_MAX_REGS] = {0};
	unsigned k, x;
	if (e->op != RFM_FR_OP_IDLE)
		return RFM_FR_EBUSY;
	if (c >= u->g.ctas || s >= u->g.acrf_slots || u->owner[s] >= 0 || u->ctx[c] != RFM_FR_CTX_SHMEM ||
	    u->reg[c] != RFM_FR_REG_PCRF || rfm_fr_in_pipe(u) >= u->g.active_ctas)
		return RFM_FR_EILLEGAL;
	begin(e, RFM_FR_OP_RESTORE, c, 0, s);
	for (k = 0, x = u->ptr[c].head; k + (e->fault == RFM_FR_EF_WALK_SHORT) < u->ptr[c].count;
	     k++, x = u->tag[x].next) {
		add(e, RFM_FR_PRD, 0, 0, x);
		add(e, RFM_FR_AWR, u->tag[x].wid, u->tag[x].ridx, 0);
		written[u->tag[x].wid * u->g.regs + u->tag[x].ridx] = 1;
	}
	/* the registers that were dead at the eviction start from zero, after the live ones are in */
	add_zeros(e, written);
	u->ptr[c] = (rfm_fr_ptr_t){0, 0}; /* the chain is the plan's now: the pointer line is free */
	return go(e);
}

int rfm_fr_eng_swap(rfm_fr_eng_t *e, unsigned sc, const uint64_t *bv, unsigned pc)
{
	rfm_fr_t *u = e->u;
	unsigned lv[RFM_FR_MAX_WARPS * RFM_FR_MAX_REGS], ent[RFM_FR_MAX_WARPS * RFM_FR_MAX_REGS];
	uint8_t written[RFM_FR_MAX_WARPS * RFM_FR_MAX_REGS] = {0}, out[RFM_FR_MAX_WARPS * RFM_FR_MAX_REGS] = {0};
	uint8_t is_live[RFM_FR_MAX_WARPS * RFM_FR_MAX_REGS] = {0};
	unsigned live, first, k, x, R = u->g.regs, next_out = 0;
	if (e->op != RFM_FR_OP_IDLE)
		return RFM_FR_EBUSY;
	if (sc >= u->g.ctas || pc >= u->g.ctas || sc == pc || u->ctx[sc] != RFM_FR_CTX_PIPE ||
	    u->reg[sc] != RFM_FR_REG_ACRF || u->ctx[pc] != RFM_FR_CTX_SHMEM || u->reg[pc] != RFM_FR_REG_PCRF)
		return RFM_FR_EILLEGAL;
	live = live_list(u, bv, lv);
	if (u->free_count + u->ptr[pc].count < live) {
		u->n.depleted++;
		return RFM_FR_EDEPLETED;
	}
	begin(e, RFM_FR_OP_SWAP, sc, pc, (unsigned)u->slot_of[sc]);
	for (k = 0; k < live; k++)
		is_live[lv[k]] = 1;
	/* A: the stalled CTA's lowest live registers into the empty entries, as many as there are */
	first = u->free_count < live ? u->free_count : live;
	empties(u, first, ent);
	for (k = 0; k < first; k++) {
		add_out(e, lv[k] / R, lv[k] % R, ent[k]);
		out[lv[k]] = 1;
	}
	/* B, C: each entry of the pending CTA's chain is read; an unmoved live register of the stalled
	 * CTA goes out into it (the one the incoming register would overwrite, if live and unmoved,
	 * else the lowest unmoved), then the incoming register is written */
	for (k = 0, x = u->ptr[pc].head; k < u->ptr[pc].count; k++, x = u->tag[x].next) {
		unsigned dst = u->tag[x].wid * R + u->tag[x].ridx;
		add(e, RFM_FR_PRD, 0, 0, x);
		while (next_out < live && out[lv[next_out]])
			next_out++;
		if (next_out < live) {
			unsigned pick = is_live[dst] && !out[dst] && e->fault != RFM_FR_EF_SWAP_NO_DST ? dst : lv[next_out];
			add_out(e, pick / R, pick % R, x);
			out[pick] = 1;
		}
		add(e, RFM_FR_AWR, u->tag[x].wid, u->tag[x].ridx, 0);
		written[dst] = 1;
	}
	/* D: the pending CTA's registers that were dead at its eviction start from zero */
	add_zeros(e, written);
	u->ptr[pc] = (rfm_fr_ptr_t){0, 0}; /* the chain is the plan's now: the pointer line is free */
	return go(e);
}

/* ---- cycles ------------------------------------------------------------------------------------- */

static int acrf_uop(const rfm_fr_uop_t *p)
{
	return p->kind == RFM_FR_ARD || p->kind == RFM_FR_AWR || p->kind == RFM_FR_AZERO;
}

static unsigned bank(const rfm_fr_eng_t *e, const rfm_fr_uop_t *p) { return e->cfg.bank(e->cfg.ctx, e->slot, p->w, p->r); }

static unsigned beats(const rfm_fr_eng_t *e) { return e->u->g.words / e->cfg.beat_words; }

/* The next micro-operation of a queue (ACRF or PCRF) from i on, or nplan. */
static unsigned next_of(const rfm_fr_eng_t *e, unsigned i, int acrf)
{
	while (i < e->nplan && acrf_uop(&e->plan[i]) != acrf)
		i++;
	return i;
}

/* The PCRF queue's head can start in cycle now (it depends only on the state before the cycle). */
static int pcrf_ready(const rfm_fr_eng_t *e, uint64_t now)
{
	const rfm_fr_uop_t *p;
	if (e->pat >= e->nplan || e->port_free > now)
		return 0;
	p = &e->plan[e->pat];
	if (p->kind == RFM_FR_PWR)
		return e->obuf_full; /* loaded at an earlier edge */
	return e->in_count < e->in_depth; /* RFM_FR_PRD */
}

/* What the ACRF queue sees of the PCRF side in cycle now, after the PCRF queue's start of the cycle. */
typedef struct {
	int obuf_full;
	uint64_t obuf_free, port_free;
	unsigned pat;
} pcrf_post_t;

/* The PCRF side after cycle now's start (started: the PCRF queue's head starts in this cycle). */
static pcrf_post_t pcrf_post(const rfm_fr_eng_t *e, uint64_t now, int started)
{
	pcrf_post_t q = {e->obuf_full, e->obuf_free, e->port_free, e->pat};
	if (started) {
		unsigned B = beats(e);
		if (e->plan[e->pat].kind == RFM_FR_PWR) {
			q.obuf_full = 0;
			q.obuf_free = now + B - 1;
		}
		q.port_free = now + B;
		q.pat = next_of(e, e->pat + 1, 0);
	}
	return q;
}

/* The ACRF queue's head can start in cycle now when its bank is held (q: the PCRF side after this
 * cycle's start). An ARD's register reaches the out buffer at the edge of cycle now + 1, from the
 * bank's read register, which holds it for that one cycle: the out buffer must take it then, so it
 * is empty by that edge (its last beat sent), or the register ahead of it (in the read register or
 * in the buffer) goes out in one beat in cycle now + 1, the PCRF queue's head a PWR on a port free
 * by then. */
static int acrf_ready(const rfm_fr_eng_t *e, uint64_t now, const pcrf_post_t *q)
{
	const rfm_fr_uop_t *p;
	if (e->at >= e->nplan)
		return 0;
	p = &e->plan[e->at];
	if (p->kind == RFM_FR_ARD) {
		if (e->fault == RFM_FR_EF_OBUF_OVERRUN)
			return !e->rd_busy;
		if (e->rd_busy && q->obuf_full)
			return 0;
		if (e->rd_busy || q->obuf_full)
			return beats(e) == 1 && q->pat < e->nplan && e->plan[q->pat].kind == RFM_FR_PWR && q->port_free <= now + 1;
		return q->obuf_free <= now + 1;
	}
	if (p->kind == RFM_FR_AWR)
		return e->in_count && e->in[e->in_head].ready < now;
	return 1; /* RFM_FR_AZERO */
}

uint64_t rfm_fr_eng_hold(const rfm_fr_eng_t *e)
{
	uint64_t now = e->now + 1, req = 0;
	unsigned i;
	pcrf_post_t q;
	if (e->op == RFM_FR_OP_IDLE)
		return 0;
	q = pcrf_post(e, now, pcrf_ready(e, now));
	if (!acrf_ready(e, now, &q))
		return 0;
	if (e->plan[e->at].kind != RFM_FR_AZERO)
		return (uint64_t)1 << bank(e, &e->plan[e->at]);
	/* the zeros close every plan: every bank that still has one to write */
	for (i = e->at; i < e->nplan; i++)
		if (!e->zdone[i])
			req |= (uint64_t)1 << bank(e, &e->plan[i]);
	return req;
}

/* Start the PCRF queue's head in cycle now. */
static void start_pcrf(rfm_fr_eng_t *e, uint64_t now)
{
	const rfm_fr_uop_t *p = &e->plan[e->pat];
	unsigned B = beats(e);
	if (p->kind == RFM_FR_PWR) { /* the out buffer goes out in B beats; the entry is written at the last */
		memcpy(e->wbuf, e->obuf, e->u->g.words * sizeof(uint32_t));
		e->obuf_full = 0;
		e->obuf_free = now + B - 1;
		e->pwr_busy = 1;
		e->pwr_end = now + B - 1;
		e->pwr = *p;
	} else { /* PRD: B reads; the entry is read out at the last, the data usable pcrf_lat - 1 cycles later */
		struct rfm_fr_inslot *x = &e->in[(e->in_head + e->in_count) % e->in_depth];
		x->e = p->e;
		x->take = now + B - 1;
		x->ready = now + B - 1 + e->cfg.pcrf_lat - 1;
		x->taken = 0;
		e->in_count++;
		e->n.pcrf_reads++;
	}
	e->port_free = now + B;
	e->pat = next_of(e, e->pat + 1, 0);
}

/* Start the ACRF queue's head in cycle now (its bank held): the read or write at this edge. */
static void start_acrf(rfm_fr_eng_t *e, uint64_t now)
{
	const rfm_fr_uop_t *p = &e->plan[e->at];
	rfm_fr_t *u = e->u;
	size_t bytes = u->g.words * sizeof(uint32_t);
	if (p->kind == RFM_FR_ARD) { /* the bank reads the register at this edge into its read register */
		memcpy(e->rdreg, rfm_fr_areg(u, e->slot, p->w, p->r), bytes);
		e->rd_busy = 1;
		e->rd_at = now;
		e->n.acrf_reads++;
	} else { /* RFM_FR_AWR: the in buffer's head */
		memcpy(rfm_fr_areg(u, e->slot, p->w, p->r), e->in[e->in_head].data, bytes);
		e->in_head = (e->in_head + 1) % e->in_depth;
		e->in_count--;
		u->n.moved_in++;
		e->n.acrf_writes++;
	}
	e->at = next_of(e, e->at + 1, 1);
}

/* The zeros of a cycle: in every held bank that has one left, its first in the plan (the lowest
 * register). The banks written; a->zplan[b] the plan entry of bank b's. */
static uint64_t zeros_of(const rfm_fr_eng_t *e, uint64_t hold_gnt, rfm_fr_eng_act_t *a)
{
	uint64_t done = 0;
	unsigned i;
	for (i = e->at; i < e->nplan; i++) {
		unsigned k = bank(e, &e->plan[i]);
		uint64_t b = (uint64_t)1 << k;
		if (!e->zdone[i] && (hold_gnt & b) && !(done & b)) {
			a->zplan[k] = i;
			done |= b;
		}
	}
	return done;
}

/* Write the zeros a records. */
static void zeros(rfm_fr_eng_t *e, const rfm_fr_eng_act_t *a)
{
	unsigned k;
	for (k = 0; k < e->cfg.banks; k++)
		if (a->zbanks >> k & 1) {
			const rfm_fr_uop_t *p = &e->plan[a->zplan[k]];
			memset(rfm_fr_areg(e->u, e->slot, p->w, p->r), 0, e->u->g.words * sizeof(uint32_t));
			e->n.acrf_writes++;
			e->zdone[a->zplan[k]] = 1;
		}
	while (e->at < e->nplan && e->zdone[e->at])
		e->at++;
}

/* What completes at the edge of cycle now: the PWR's last beat writes its entry; a PRD's last
 * read takes its entry out of the PCRF into the in buffer. */
static void complete(rfm_fr_eng_t *e, uint64_t now)
{
	rfm_fr_t *u = e->u;
	unsigned k;
	if (e->pwr_busy && e->pwr_end == now) { /* the tag is linked to the next entry at the operation's end */
		const rfm_fr_uop_t *p = &e->pwr;
		memcpy(rfm_fr_preg(u, p->e), e->wbuf, u->g.words * sizeof(uint32_t));
		u->occ[p->e] = 1;
		u->free_count--;
		u->tag[p->e] = (rfm_fr_tag_t){.valid = 1, .wid = p->w, .ridx = p->r};
		e->order[e->nord++] = p->e;
		u->n.moved_out++;
		e->n.pcrf_writes++;
		e->pwr_busy = 0;
	}
	for (k = 0; k < e->in_count; k++) {
		struct rfm_fr_inslot *x = &e->in[(e->in_head + k) % e->in_depth];
		rfm_fr_tag_t t;
		if (!x->taken && x->take == now) {
			rfm_fr_take_entry(u, x->e, &t, x->data);
			x->taken = 1;
		}
	}
}

/* The operation's bookkeeping at the edge of its last micro-operation (rmu.c's, in the same order). */
static void commit(rfm_fr_eng_t *e)
{
	rfm_fr_t *u = e->u;
	switch (e->op) {
	case RFM_FR_OP_LAUNCH:
		rfm_fr_own(u, e->a, (int)e->slot);
		u->ctx[e->a] = e->pipe ? RFM_FR_CTX_PIPE : RFM_FR_CTX_SHMEM;
		u->reg[e->a] = RFM_FR_REG_ACRF;
		u->n.launches++;
		break;
	case RFM_FR_OP_EVICT:
		rfm_fr_link_chain(u, e->a, e->order, e->nord);
		rfm_fr_own(u, e->a, -1);
		u->ctx[e->a] = RFM_FR_CTX_SHMEM;
		u->reg[e->a] = RFM_FR_REG_PCRF;
		u->n.evictions++;
		break;
	case RFM_FR_OP_RESTORE: /* its pointer line was emptied at the start */
		rfm_fr_own(u, e->a, (int)e->slot);
		u->ctx[e->a] = RFM_FR_CTX_PIPE;
		u->reg[e->a] = RFM_FR_REG_ACRF;
		u->n.restores++;
		break;
	default: /* RFM_FR_OP_SWAP */
		rfm_fr_link_chain(u, e->a, e->order, e->nord);
		rfm_fr_own(u, e->a, -1);
		rfm_fr_own(u, e->b, (int)e->slot);
		u->ctx[e->a] = RFM_FR_CTX_SHMEM;
		u->reg[e->a] = RFM_FR_REG_PCRF;
		u->ctx[e->b] = RFM_FR_CTX_PIPE;
		u->reg[e->b] = RFM_FR_REG_ACRF;
		u->n.swaps++;
		u->n.evictions++;
		u->n.restores++;
	}
	e->op = RFM_FR_OP_IDLE;
	e->n.ops++;
}

void rfm_fr_eng_decide(const rfm_fr_eng_t *e, uint64_t hold_gnt, rfm_fr_eng_act_t *a)
{
	uint64_t now = e->now + 1;
	pcrf_post_t q;
	memset(a, 0, sizeof(*a));
	a->pcrf = a->acrf = -1;
	if (e->op == RFM_FR_OP_IDLE)
		return;
	if (e->fault == RFM_FR_EF_HOLD_IGNORED)
		hold_gnt = ~(uint64_t)0;
	/* the PCRF queue first: what starts there depends only on the state before the cycle */
	if (pcrf_ready(e, now)) {
		a->pcrf = (int)e->plan[e->pat].kind;
		a->pentry = e->plan[e->pat].e;
	}
	q = pcrf_post(e, now, a->pcrf >= 0);
	if (!acrf_ready(e, now, &q))
		return;
	if (e->plan[e->at].kind == RFM_FR_AZERO) {
		a->zbanks = zeros_of(e, hold_gnt, a);
		if (a->zbanks)
			a->acrf = RFM_FR_AZERO;
		else
			a->wait = 1;
	} else if (hold_gnt >> bank(e, &e->plan[e->at]) & 1) {
		a->acrf = (int)e->plan[e->at].kind;
		a->w = e->plan[e->at].w;
		a->r = e->plan[e->at].r;
	} else
		a->wait = 1;
}

int rfm_fr_eng_ends(const rfm_fr_eng_t *e, const rfm_fr_eng_act_t *a)
{
	uint64_t now = e->now + 1;
	unsigned at = e->at, pat = e->pat, k;
	int pwr_busy, in_count, obuf_full;
	if (e->op == RFM_FR_OP_IDLE)
		return 0;
	if (a->pcrf >= 0)
		pat = next_of(e, e->pat + 1, 0);
	if (a->acrf == RFM_FR_ARD || a->acrf == RFM_FR_AWR)
		at = next_of(e, e->at + 1, 1);
	else if (a->acrf == RFM_FR_AZERO)
		for (; at < e->nplan; at++) { /* past the zeros written before and now */
			int now_z = 0;
			for (k = 0; k < e->cfg.banks && !now_z; k++)
				now_z = (a->zbanks >> k & 1) && a->zplan[k] == at;
			if (!e->zdone[at] && !now_z)
				break;
		}
	pwr_busy = a->pcrf == RFM_FR_PWR ? beats(e) > 1 : e->pwr_busy && e->pwr_end != now;
	in_count = (int)e->in_count + (a->pcrf == RFM_FR_PRD) - (a->acrf == RFM_FR_AWR);
	obuf_full = e->rd_busy || (e->obuf_full && a->pcrf != RFM_FR_PWR);
	return at >= e->nplan && pat >= e->nplan && !pwr_busy && !in_count && a->acrf != RFM_FR_ARD && !obuf_full;
}

int rfm_fr_eng_cycle(rfm_fr_eng_t *e, uint64_t hold_gnt)
{
	uint64_t now;
	rfm_fr_eng_act_t a;
	if (e->op == RFM_FR_OP_IDLE)
		return 0;
	rfm_fr_eng_decide(e, hold_gnt, &a);
	now = ++e->now;
	e->n.busy++;
	if (a.pcrf >= 0)
		start_pcrf(e, now);
	/* the register in the bank's read register since the last edge goes into the out buffer at this
	 * edge (acrf_ready made room for it), as the bank reads the next ARD's */
	if (e->rd_busy && e->rd_at < now) {
		memcpy(e->obuf, e->rdreg, e->u->g.words * sizeof(uint32_t));
		e->obuf_full = 1;
		e->rd_busy = 0;
	}
	if (a.acrf == RFM_FR_AZERO)
		zeros(e, &a);
	else if (a.acrf >= 0)
		start_acrf(e, now);
	e->n.hold_waits += (uint64_t)a.wait;
	complete(e, now);
	if (e->at < e->nplan || e->pat < e->nplan || e->pwr_busy || e->in_count || e->rd_busy || e->obuf_full)
		return 0;
	commit(e);
	return 1;
}

int rfm_fr_eng_moving(const rfm_fr_eng_t *e, unsigned c)
{
	return e->op != RFM_FR_OP_IDLE && (c == e->a || (e->op == RFM_FR_OP_SWAP && c == e->b));
}
