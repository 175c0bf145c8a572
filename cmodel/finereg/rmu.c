/* rmu.c - FineReg's register management unit, one whole operation per call (rfm_finereg.h,
 * docs/finereg.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_finereg_int.h"

/* ---- geometry ---------------------------------------------------------------------------------- */

static unsigned clog2(unsigned v)
{
	unsigned b = 0;
	while ((1u << b) < v)
		b++;
	return b;
}

unsigned rfm_fr_ptr_bits(const rfm_fr_geom_t *g)
{
	unsigned b = g->ptr_bits ? g->ptr_bits : clog2(g->pcrf_entries);
	return b ? b : 1;
}

unsigned rfm_fr_warp_bits(const rfm_fr_geom_t *g)
{
	unsigned b = clog2(g->cta_warps ? g->cta_warps : RFM_FR_MAX_WARPS);
	return b ? b : 1;
}

unsigned rfm_fr_count_bits(const rfm_fr_geom_t *g) { return clog2(g->pcrf_entries + 1); }

int rfm_fr_geom_check(const rfm_fr_geom_t *g, char *why, size_t n)
{
	const char *bad = NULL;
	if (g->pcrf_entries < 1 || g->pcrf_entries > 4096)
		bad = "pcrf_entries must be 1 .. 4096";
	else if (g->ctas < 1 || g->ctas > 1024)
		bad = "ctas must be 1 .. 1024";
	else if (g->acrf_slots < 1 || g->acrf_slots > g->ctas)
		bad = "acrf_slots must be 1 .. ctas";
	else if (g->active_ctas < 1 || g->active_ctas > g->acrf_slots)
		bad = "active_ctas must be 1 .. acrf_slots";
	else if (g->warps < 1 || g->warps > RFM_FR_MAX_WARPS)
		bad = "warps must be 1 .. 32";
	else if (g->regs < 1 || g->regs > RFM_FR_MAX_REGS)
		bad = "regs must be 1 .. 64";
	else if (g->words < 1 || g->words > RFM_FR_MAX_WORDS)
		bad = "words must be 1 .. 32";
	else if (g->ptr_bits && (g->ptr_bits > 16 || g->ptr_bits < clog2(g->pcrf_entries)))
		bad = "ptr_bits must be 0 or clog2(pcrf_entries) .. 16";
	else if (g->cta_warps && (g->cta_warps < g->warps || g->cta_warps > RFM_FR_MAX_WARPS))
		bad = "cta_warps must be 0 or warps .. 32";
	if (!bad)
		return 0;
	snprintf(why, n, "%s", bad);
	return -1;
}

/* ---- storage ------------------------------------------------------------------------------------ */

void rfm_fr_storage(const rfm_fr_geom_t *g, unsigned lrc_entries, unsigned in_depth, rfm_fr_store_t *st)
{
	uint64_t e = g->pcrf_entries, c = g->ctas, ptr = rfm_fr_ptr_bits(g), cnt = rfm_fr_count_bits(g);
	st[RFM_FR_ST_STATUS] = (rfm_fr_store_t){"CTA status monitor", 4 * c, 4 * c, NULL};
	st[RFM_FR_ST_LRC] = (rfm_fr_store_t){"live-register bit-vector cache", lrc_entries * (32u + 64 + 1),
		lrc_entries * (32u + 64), "a valid bit per entry (the paper's 12-byte entry has none)"};
	st[RFM_FR_ST_PTR] = (rfm_fr_store_t){"pointer table", c * (ptr + cnt), c * (ptr + 6),
		"a live count of clog2(entries + 1) bits; the paper's 6 bits cannot count a CTA's live registers"};
	st[RFM_FR_ST_TAGS] = (rfm_fr_store_t){"PCRF tags", e * (ptr + rfm_fr_warp_bits(g) + 6 + 2),
		e * (clog2(e) + 5 + 6), "valid and end kept for the checker; the paper counts pointer, 5-bit warp id "
		"and 6-bit index (21 bits at 1024 entries), though its fields with valid and end add up to 23"};
	st[RFM_FR_ST_FREE] = (rfm_fr_store_t){"free-space monitor", e + cnt, 0,
		"not in the paper's accounting"};
	st[RFM_FR_ST_BUFFERS] = (rfm_fr_store_t){"RMU buffers",
		(1u + in_depth) * 32u * g->words + in_depth * (rfm_fr_warp_bits(g) + 6u), 0,
		"the paper names one 128-byte buffer and does not count it; the in buffer is this engine's, "
		"each register with the {warp, index} of its tag"};
	st[RFM_FR_ST_SETS] = (rfm_fr_store_t){"engine's register sets", 2u * (uint64_t)g->warps * g->regs, 0,
		"not in the paper's accounting: a swap's pick (G5) needs a CTA's unmoved live registers at once, "
		"the zeros its registers written"};
}

/* ---- create ------------------------------------------------------------------------------------- */

rfm_fr_t *rfm_fr_create(const rfm_fr_geom_t *g)
{
	char why[80];
	rfm_fr_t *u;
	unsigned i;
	if (rfm_fr_geom_check(g, why, sizeof(why)))
		return NULL;
	u = calloc(1, sizeof(*u));
	if (!u)
		return NULL;
	u->g = *g;
	u->tag = calloc(g->pcrf_entries, sizeof(*u->tag));
	u->pdata = calloc((size_t)g->pcrf_entries * g->words, sizeof(uint32_t));
	u->occ = calloc(g->pcrf_entries, 1);
	u->ptr = calloc(g->ctas, sizeof(*u->ptr));
	u->ctx = calloc(g->ctas, 1);
	u->reg = calloc(g->ctas, 1);
	u->slot_of = malloc(g->ctas * sizeof(int));
	u->owner = malloc(g->acrf_slots * sizeof(int));
	u->adata = calloc((size_t)g->acrf_slots * g->warps * g->regs * g->words, sizeof(uint32_t));
	if (!u->tag || !u->pdata || !u->occ || !u->ptr || !u->ctx || !u->reg || !u->slot_of || !u->owner ||
	    !u->adata) {
		rfm_fr_destroy(u);
		return NULL;
	}
	for (i = 0; i < g->ctas; i++)
		u->slot_of[i] = -1;
	for (i = 0; i < g->acrf_slots; i++)
		u->owner[i] = -1;
	u->free_count = g->pcrf_entries;
	return u;
}

void rfm_fr_destroy(rfm_fr_t *u)
{
	if (!u)
		return;
	free(u->tag);
	free(u->pdata);
	free(u->occ);
	free(u->ptr);
	free(u->ctx);
	free(u->reg);
	free(u->slot_of);
	free(u->owner);
	free(u->adata);
	free(u);
}

/* ---- helpers ------------------------------------------------------------------------------------ */

uint32_t *rfm_fr_areg(const rfm_fr_t *u, unsigned s, unsigned w, unsigned r)
{
	return u->adata + (((size_t)s * u->g.warps + w) * u->g.regs + r) * u->g.words;
}

uint32_t *rfm_fr_preg(const rfm_fr_t *u, unsigned e) { return u->pdata + (size_t)e * u->g.words; }

static uint64_t reg_mask(const rfm_fr_t *u)
{
	return u->g.regs >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << u->g.regs) - 1);
}

unsigned rfm_fr_live_count(const rfm_fr_t *u, const uint64_t *bv)
{
	unsigned w, n = 0;
	for (w = 0; w < u->g.warps; w++)
		n += (unsigned)__builtin_popcountll(bv[w] & reg_mask(u));
	return n;
}

unsigned rfm_fr_in_pipe(const rfm_fr_t *u)
{
	unsigned c, n = 0;
	for (c = 0; c < u->g.ctas; c++)
		n += u->ctx[c] == RFM_FR_CTX_PIPE;
	return n;
}

/* The lowest empty PCRF entry (the free-space monitor's find-first-free); the caller knows one
 * exists. */
static unsigned first_free(const rfm_fr_t *u)
{
	unsigned e;
	for (e = 0; e < u->g.pcrf_entries && u->occ[e]; e++)
		;
	return e;
}

/* Move ACRF register (w, r) of slot s into the lowest empty entry; its tag is valid, not yet
 * linked. Returns the entry. */
static unsigned move_out(rfm_fr_t *u, unsigned s, unsigned w, unsigned r)
{
	unsigned e = first_free(u);
	memcpy(rfm_fr_preg(u, e), rfm_fr_areg(u, s, w, r), u->g.words * sizeof(uint32_t));
	u->occ[e] = 1;
	u->free_count--;
	u->tag[e] = (rfm_fr_tag_t){.valid = 1, .wid = (uint8_t)w, .ridx = (uint8_t)r};
	u->n.moved_out++;
	return e;
}

/* Link entries order[0 .. n-1] into CTA c's chain and set its pointer line. */
void rfm_fr_link_chain(rfm_fr_t *u, unsigned c, const unsigned *order, unsigned n)
{
	unsigned k;
	for (k = 0; k < n; k++) {
		u->tag[order[k]].next = (uint16_t)(k + 1 < n ? order[k + 1] : 0);
		u->tag[order[k]].end = k + 1 == n;
	}
	u->ptr[c] = (rfm_fr_ptr_t){.head = (uint16_t)(n ? order[0] : 0), .count = (uint16_t)n};
}

/* Read entry e out of the PCRF and empty it: its tag into *t, its data into buf. */
void rfm_fr_take_entry(rfm_fr_t *u, unsigned e, rfm_fr_tag_t *t, uint32_t *buf)
{
	*t = u->tag[e];
	memcpy(buf, rfm_fr_preg(u, e), u->g.words * sizeof(uint32_t));
	memset(&u->tag[e], 0, sizeof(u->tag[e]));
	memset(rfm_fr_preg(u, e), 0, u->g.words * sizeof(uint32_t));
	u->occ[e] = 0;
	u->free_count++;
}

void rfm_fr_own(rfm_fr_t *u, unsigned c, int s)
{
	if (u->slot_of[c] >= 0)
		u->owner[u->slot_of[c]] = -1;
	u->slot_of[c] = s;
	if (s >= 0)
		u->owner[s] = (int)c;
}

/* ---- operations --------------------------------------------------------------------------------- */

int rfm_fr_launch(rfm_fr_t *u, unsigned c, unsigned s, int pipe)
{
	if (c >= u->g.ctas || s >= u->g.acrf_slots || u->ctx[c] || u->reg[c] || u->owner[s] >= 0)
		return RFM_FR_EILLEGAL;
	if (pipe && rfm_fr_in_pipe(u) >= u->g.active_ctas)
		return RFM_FR_EILLEGAL;
	memset(rfm_fr_areg(u, s, 0, 0), 0, (size_t)u->g.warps * u->g.regs * u->g.words * sizeof(uint32_t));
	rfm_fr_own(u, c, (int)s);
	u->ctx[c] = pipe ? RFM_FR_CTX_PIPE : RFM_FR_CTX_SHMEM;
	u->reg[c] = RFM_FR_REG_ACRF;
	u->n.launches++;
	return 0;
}

int rfm_fr_exit(rfm_fr_t *u, unsigned c)
{
	if (c >= u->g.ctas || u->ctx[c] != RFM_FR_CTX_PIPE || u->reg[c] != RFM_FR_REG_ACRF)
		return RFM_FR_EILLEGAL;
	rfm_fr_own(u, c, -1);
	u->ctx[c] = u->reg[c] = RFM_FR_NONE;
	u->n.exits++;
	return 0;
}

int rfm_fr_evict(rfm_fr_t *u, unsigned c, const uint64_t *bv)
{
	unsigned order[RFM_FR_MAX_WARPS * RFM_FR_MAX_REGS], n = 0, w, r, s, live;
	if (c >= u->g.ctas || u->ctx[c] != RFM_FR_CTX_PIPE || u->reg[c] != RFM_FR_REG_ACRF)
		return RFM_FR_EILLEGAL;
	live = rfm_fr_live_count(u, bv);
	if (live > u->free_count) {
		u->n.depleted++;
		return RFM_FR_EDEPLETED;
	}
	s = (unsigned)u->slot_of[c];
	for (w = 0; w < u->g.warps; w++)
		for (r = 0; r < u->g.regs; r++)
			if (bv[w] >> r & 1)
				order[n++] = move_out(u, s, w, r);
	rfm_fr_link_chain(u, c, order, n);
	rfm_fr_own(u, c, -1);
	u->ctx[c] = RFM_FR_CTX_SHMEM;
	u->reg[c] = RFM_FR_REG_PCRF;
	u->n.evictions++;
	return 0;
}

int rfm_fr_restore(rfm_fr_t *u, unsigned c, unsigned s)
{
	uint32_t buf[RFM_FR_MAX_WORDS];
	rfm_fr_tag_t t;
	unsigned e, k, count;
	if (c >= u->g.ctas || s >= u->g.acrf_slots || u->owner[s] >= 0 || u->ctx[c] != RFM_FR_CTX_SHMEM ||
	    u->reg[c] != RFM_FR_REG_PCRF || rfm_fr_in_pipe(u) >= u->g.active_ctas)
		return RFM_FR_EILLEGAL;
	/* the registers that were dead at the eviction start from zero ("Regs Initialization") */
	memset(rfm_fr_areg(u, s, 0, 0), 0, (size_t)u->g.warps * u->g.regs * u->g.words * sizeof(uint32_t));
	e = u->ptr[c].head;
	count = u->ptr[c].count;
	for (k = 0; k < count; k++) {
		rfm_fr_take_entry(u, e, &t, buf);
		memcpy(rfm_fr_areg(u, s, t.wid, t.ridx), buf, u->g.words * sizeof(uint32_t));
		u->n.moved_in++;
		e = t.next;
	}
	u->ptr[c] = (rfm_fr_ptr_t){0, 0};
	rfm_fr_own(u, c, (int)s);
	u->ctx[c] = RFM_FR_CTX_PIPE;
	u->reg[c] = RFM_FR_REG_ACRF;
	u->n.restores++;
	return 0;
}

/* The swap's phases B and C (docs/finereg.md, "Swap"): each entry of pc's chain is read (and
 * emptied); before its register is written into slot s, a not-yet-moved live register of sc is
 * moved out into the emptied entry: the one at that destination if it is live and unmoved, else
 * the lowest unmoved one. */
static void swap_walk(rfm_fr_t *u, unsigned s, unsigned pc, const unsigned *lv, uint8_t *moved, unsigned live,
	unsigned *order, unsigned *n, uint8_t *written)
{
	uint32_t buf[RFM_FR_MAX_WORDS];
	rfm_fr_tag_t t;
	unsigned e = u->ptr[pc].head, k, j, lo = 0, count = u->ptr[pc].count;
	for (k = 0; k < count; k++) {
		rfm_fr_take_entry(u, e, &t, buf);
		while (lo < live && moved[lo])
			lo++;
		if (lo < live) {
			unsigned at = t.wid * u->g.regs + t.ridx;
			for (j = lo; j < live && lv[j] != at; j++)
				;
			if (j == live || moved[j])
				j = lo;
			order[(*n)++] = move_out(u, s, lv[j] / u->g.regs, lv[j] % u->g.regs);
			moved[j] = 1;
		}
		memcpy(rfm_fr_areg(u, s, t.wid, t.ridx), buf, u->g.words * sizeof(uint32_t));
		written[t.wid * u->g.regs + t.ridx] = 1;
		u->n.moved_in++;
		e = t.next;
	}
}

int rfm_fr_swap(rfm_fr_t *u, unsigned sc, const uint64_t *bv, unsigned pc)
{
	unsigned lv[RFM_FR_MAX_WARPS * RFM_FR_MAX_REGS], order[RFM_FR_MAX_WARPS * RFM_FR_MAX_REGS];
	uint8_t moved[RFM_FR_MAX_WARPS * RFM_FR_MAX_REGS] = {0}, written[RFM_FR_MAX_WARPS * RFM_FR_MAX_REGS] = {0};
	unsigned live = 0, n = 0, w, r, k, s, first;
	if (sc >= u->g.ctas || pc >= u->g.ctas || sc == pc || u->ctx[sc] != RFM_FR_CTX_PIPE ||
	    u->reg[sc] != RFM_FR_REG_ACRF || u->ctx[pc] != RFM_FR_CTX_SHMEM || u->reg[pc] != RFM_FR_REG_PCRF)
		return RFM_FR_EILLEGAL;
	for (w = 0; w < u->g.warps; w++)
		for (r = 0; r < u->g.regs; r++)
			if (bv[w] >> r & 1)
				lv[live++] = w * u->g.regs + r;
	if (u->free_count + u->ptr[pc].count < live) {
		u->n.depleted++;
		return RFM_FR_EDEPLETED;
	}
	s = (unsigned)u->slot_of[sc];
	/* phase A: as many of sc's live registers as there are empty entries, in ascending order */
	first = u->free_count < live ? u->free_count : live;
	for (k = 0; k < first; k++) {
		order[n++] = move_out(u, s, lv[k] / u->g.regs, lv[k] % u->g.regs);
		moved[k] = 1;
	}
	/* phases B and C: pc's chain comes in, the rest of sc's live registers go out into its entries */
	swap_walk(u, s, pc, lv, moved, live, order, &n, written);
	/* phase D: pc's registers that were dead at its eviction start from zero */
	for (k = 0; k < u->g.warps * u->g.regs; k++)
		if (!written[k])
			memset(rfm_fr_areg(u, s, k / u->g.regs, k % u->g.regs), 0, u->g.words * sizeof(uint32_t));
	rfm_fr_link_chain(u, sc, order, n);
	u->ptr[pc] = (rfm_fr_ptr_t){0, 0};
	rfm_fr_own(u, sc, -1);
	rfm_fr_own(u, pc, (int)s);
	u->ctx[sc] = RFM_FR_CTX_SHMEM;
	u->reg[sc] = RFM_FR_REG_PCRF;
	u->ctx[pc] = RFM_FR_CTX_PIPE;
	u->reg[pc] = RFM_FR_REG_ACRF;
	u->n.swaps++;
	u->n.evictions++;
	u->n.restores++;
	return 0;
}

int rfm_fr_ctx_switch(rfm_fr_t *u, unsigned sc, unsigned pc)
{
	if (sc >= u->g.ctas || pc >= u->g.ctas || sc == pc || u->ctx[sc] != RFM_FR_CTX_PIPE ||
	    u->reg[sc] != RFM_FR_REG_ACRF || u->ctx[pc] != RFM_FR_CTX_SHMEM || u->reg[pc] != RFM_FR_REG_ACRF)
		return RFM_FR_EILLEGAL;
	u->ctx[sc] = RFM_FR_CTX_SHMEM;
	u->ctx[pc] = RFM_FR_CTX_PIPE;
	u->n.ctx_switches++;
	return 0;
}

int rfm_fr_resume(rfm_fr_t *u, unsigned c)
{
	if (c >= u->g.ctas || u->ctx[c] != RFM_FR_CTX_SHMEM || u->reg[c] != RFM_FR_REG_ACRF ||
	    rfm_fr_in_pipe(u) >= u->g.active_ctas)
		return RFM_FR_EILLEGAL;
	u->ctx[c] = RFM_FR_CTX_PIPE;
	u->n.resumes++;
	return 0;
}

/* ---- register access ---------------------------------------------------------------------------- */

int rfm_fr_write(rfm_fr_t *u, unsigned c, unsigned w, unsigned r, const uint32_t *data)
{
	unsigned e, k;
	if (c >= u->g.ctas || w >= u->g.warps || r >= u->g.regs)
		return RFM_FR_EILLEGAL;
	if (u->reg[c] == RFM_FR_REG_ACRF) {
		memcpy(rfm_fr_areg(u, (unsigned)u->slot_of[c], w, r), data, u->g.words * sizeof(uint32_t));
		return 0;
	}
	if (u->reg[c] != RFM_FR_REG_PCRF)
		return RFM_FR_EILLEGAL;
	for (k = 0, e = u->ptr[c].head; k < u->ptr[c].count; k++, e = u->tag[e].next)
		if (u->tag[e].wid == w && u->tag[e].ridx == r) {
			memcpy(rfm_fr_preg(u, e), data, u->g.words * sizeof(uint32_t));
			u->n.redirected++;
			return 0;
		}
	u->n.dropped++;
	return 0;
}

int rfm_fr_read(const rfm_fr_t *u, unsigned c, unsigned w, unsigned r, uint32_t *data)
{
	if (c >= u->g.ctas || w >= u->g.warps || r >= u->g.regs || u->reg[c] != RFM_FR_REG_ACRF)
		return RFM_FR_EILLEGAL;
	memcpy(data, rfm_fr_areg(u, (unsigned)u->slot_of[c], w, r), u->g.words * sizeof(uint32_t));
	return 0;
}

/* ---- the decision on a stall -------------------------------------------------------------------- */

rfm_fr_action_t rfm_fr_decide(const rfm_fr_t *u, unsigned s, const uint64_t *bv, const uint8_t *ready,
	int new_left, int *pick)
{
	unsigned live = rfm_fr_live_count(u, bv), c;
	*pick = -1;
	for (c = 0; c < u->g.ctas; c++)
		if (c != s && ready[c] && u->ctx[c] == RFM_FR_CTX_SHMEM && u->reg[c] == RFM_FR_REG_ACRF) {
			*pick = (int)c;
			return RFM_FR_CTX_SWITCH;
		}
	for (c = 0; c < u->g.ctas; c++)
		if (c != s && ready[c] && u->ctx[c] == RFM_FR_CTX_SHMEM && u->reg[c] == RFM_FR_REG_PCRF) {
			*pick = (int)c;
			return u->free_count + u->ptr[c].count >= live ? RFM_FR_SWAP : RFM_FR_STAY_DEPLETED;
		}
	if (!new_left)
		return RFM_FR_STAY_NOTHING;
	return u->free_count >= live ? RFM_FR_EVICT_LAUNCH : RFM_FR_STAY_DEPLETED;
}

/* ---- the live-register bit-vector cache -------------------------------------------------------- */

int rfm_fr_lrc_init(rfm_fr_lrc_t *c, unsigned entries, unsigned shift)
{
	memset(c, 0, sizeof(*c));
	if (entries < 1 || entries > 1024 || (entries & (entries - 1)) || shift > 24)
		return -1;
	c->entries = entries;
	c->shift = shift;
	c->valid = calloc(entries, 1);
	c->pc = calloc(entries, sizeof(uint32_t));
	c->bv = calloc(entries, sizeof(uint64_t));
	if (!c->valid || !c->pc || !c->bv) {
		rfm_fr_lrc_free(c);
		return -1;
	}
	return 0;
}

void rfm_fr_lrc_free(rfm_fr_lrc_t *c)
{
	free(c->valid);
	free(c->pc);
	free(c->bv);
	memset(c, 0, sizeof(*c));
}

unsigned rfm_fr_lrc_index(const rfm_fr_lrc_t *c, uint32_t pc) { return (pc >> c->shift) & (c->entries - 1); }

int rfm_fr_lrc_lookup(const rfm_fr_lrc_t *c, uint32_t pc, uint64_t *bv, rfm_fr_counters_t *n)
{
	unsigned i = rfm_fr_lrc_index(c, pc);
	int hit = c->valid[i] && c->pc[i] == pc;
	if (hit)
		*bv = c->bv[i];
	if (n) {
		if (hit)
			n->lrc_hits++;
		else
			n->lrc_misses++;
	}
	return hit;
}

void rfm_fr_lrc_fill(rfm_fr_lrc_t *c, uint32_t pc, uint64_t bv)
{
	unsigned i = rfm_fr_lrc_index(c, pc);
	c->valid[i] = 1;
	c->pc[i] = pc;
	c->bv[i] = bv;
}

/* ---- the checker -------------------------------------------------------------------------------- */

/* Each pending CTA's chain, and no occupied entry outside every chain. */
static int check_chains(const rfm_fr_t *u, uint8_t *seen, char *why, size_t n)
{
	unsigned c, k, e;
	for (c = 0; c < u->g.ctas; c++) {
		if (u->reg[c] != RFM_FR_REG_PCRF) {
			if (u->ptr[c].head || u->ptr[c].count) {
				snprintf(why, n, "CTA %u is not pending but its pointer line is %u/%u", c, u->ptr[c].head,
					u->ptr[c].count);
				return -1;
			}
			continue;
		}
		for (k = 0, e = u->ptr[c].head; k < u->ptr[c].count; k++, e = u->tag[e].next) {
			if (e >= u->g.pcrf_entries || !u->occ[e] || !u->tag[e].valid) {
				snprintf(why, n, "CTA %u: chain entry %u (%u of %u) is not an occupied, valid entry", c, e, k,
					u->ptr[c].count);
				return -1;
			}
			if (seen[e]) {
				snprintf(why, n, "CTA %u: entry %u is in two chains or twice in one", c, e);
				return -1;
			}
			seen[e] = 1;
			if (u->tag[e].end != (k + 1 == u->ptr[c].count)) {
				snprintf(why, n, "CTA %u: entry %u (%u of %u) has end %u", c, e, k, u->ptr[c].count, u->tag[e].end);
				return -1;
			}
		}
	}
	for (e = 0; e < u->g.pcrf_entries; e++)
		if ((u->occ[e] || u->tag[e].valid) && !seen[e]) {
			snprintf(why, n, "entry %u is occupied (flag %u, valid %u) but in no chain", e, u->occ[e],
				u->tag[e].valid);
			return -1;
		}
	return 0;
}

/* The status monitor against the slots and the pipeline limit. */
static int check_status(const rfm_fr_t *u, char *why, size_t n)
{
	unsigned c, s, pipe = 0;
	for (c = 0; c < u->g.ctas; c++) {
		unsigned x = u->ctx[c], r = u->reg[c];
		int legal = (x == 0 && r == 0) || (x == 2 && r == 2) || (x == 1 && r == 2) || (x == 1 && r == 1);
		if (!legal) {
			snprintf(why, n, "CTA %u has status (%u,%u), not one of (0,0), (2,2), (1,2), (1,1)", c, x, r);
			return -1;
		}
		if ((r == RFM_FR_REG_ACRF) != (u->slot_of[c] >= 0) ||
		    (u->slot_of[c] >= 0 && u->owner[u->slot_of[c]] != (int)c)) {
			snprintf(why, n, "CTA %u: register field %u but slot %d", c, r, u->slot_of[c]);
			return -1;
		}
		pipe += x == RFM_FR_CTX_PIPE;
	}
	for (s = 0; s < u->g.acrf_slots; s++)
		if (u->owner[s] >= 0 && u->slot_of[u->owner[s]] != (int)s) {
			snprintf(why, n, "slot %u names CTA %d, which owns slot %d", s, u->owner[s], u->slot_of[u->owner[s]]);
			return -1;
		}
	if (pipe > u->g.active_ctas) {
		snprintf(why, n, "%u CTAs in the pipeline, at most %u", pipe, u->g.active_ctas);
		return -1;
	}
	return 0;
}

int rfm_fr_check(const rfm_fr_t *u, char *why, size_t n)
{
	uint8_t *seen;
	unsigned e, empty = 0;
	int rc;
	for (e = 0; e < u->g.pcrf_entries; e++)
		empty += !u->occ[e];
	if (empty != u->free_count) {
		snprintf(why, n, "free count %u, the free-space monitor has %u empty entries", u->free_count, empty);
		return -1;
	}
	seen = calloc(u->g.pcrf_entries, 1);
	if (!seen) {
		snprintf(why, n, "out of memory");
		return -1;
	}
	rc = check_chains(u, seen, why, n);
	free(seen);
	return rc ? rc : check_status(u, why, n);
}
