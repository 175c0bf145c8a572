/* test_finereg_engine.c - CUnit suite "finereg_engine": the register management unit at the cycle
 * level (engine.c) against its whole operations (rmu.c): random operation sequences on two units,
 * one moved whole and one micro-operation by micro-operation under random bank holds with
 * write-backs to the other CTAs in between, compared after every operation; the cycle counts of
 * each operation; its refusals; and each planted fault caught (docs/finereg.md, "Engine"). */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_finereg.h"

int test_finereg_engine_register(void);

/* The ACRF bank of a register: spread over the banks like the base mapping's (warp + register). */
static unsigned bank_of(void *ctx, unsigned s, unsigned w, unsigned r)
{
	return (s + w + r) % *(const unsigned *)ctx;
}

/* The first difference between two units' states and counters, or NULL. */
static const char *differs(const rfm_fr_t *a, const rfm_fr_t *b)
{
	const rfm_fr_geom_t *g = &a->g;
	size_t E = g->pcrf_entries, C = g->ctas, S = g->acrf_slots;
	if (a->free_count != b->free_count)
		return "free count";
	if (memcmp(a->occ, b->occ, E))
		return "free-space monitor";
	if (memcmp(a->tag, b->tag, E * sizeof(*a->tag)))
		return "PCRF tags";
	if (memcmp(a->pdata, b->pdata, E * g->words * sizeof(uint32_t)))
		return "PCRF data";
	if (memcmp(a->ptr, b->ptr, C * sizeof(*a->ptr)))
		return "pointer table";
	if (memcmp(a->ctx, b->ctx, C) || memcmp(a->reg, b->reg, C))
		return "status monitor";
	if (memcmp(a->slot_of, b->slot_of, C * sizeof(int)) || memcmp(a->owner, b->owner, S * sizeof(int)))
		return "slots";
	if (memcmp(a->adata, b->adata, S * g->warps * g->regs * g->words * sizeof(uint32_t)))
		return "ACRF data";
	if (memcmp(&a->n, &b->n, sizeof(a->n)))
		return "counters";
	return NULL;
}

/* A write-back of a random value to a random register of a launched CTA that is not being moved,
 * on both units (the ACRF, a pending CTA's PCRF entry, or dropped). */
static void writeback(rfm_fr_t *ref, rfm_fr_t *u, const rfm_fr_eng_t *e, uint64_t *seed)
{
	uint32_t d[RFM_FR_MAX_WORDS];
	unsigned c = (unsigned)(fr_rnd(seed) % u->g.ctas), w = (unsigned)(fr_rnd(seed) % u->g.warps),
		 r = (unsigned)(fr_rnd(seed) % u->g.regs), k;
	if (!u->reg[c] || rfm_fr_eng_moving(e, c))
		return;
	for (k = 0; k < u->g.words; k++)
		d[k] = (uint32_t)fr_rnd(seed);
	CU_ASSERT_EQUAL(rfm_fr_write(ref, c, w, r, d), 0);
	CU_ASSERT_EQUAL(rfm_fr_write(u, c, w, r, d), 0);
}

/* Run the engine's operation to its end: each bank held with probability 3/4 in a cycle, a
 * write-back to another CTA in some cycles. The cycles it took, or 0 when it did not end. */
static unsigned run_op(rfm_fr_t *ref, rfm_fr_t *u, rfm_fr_eng_t *e, uint64_t *seed)
{
	unsigned cyc;
	for (cyc = 1; cyc < 100000; cyc++) {
		uint64_t req = rfm_fr_eng_hold(e), gnt = fr_rnd(seed) | fr_rnd(seed); /* each bit: 3/4 */
		/* one bank at a time, but for the zeros */
		CU_ASSERT(req == 0 || (req & (req - 1)) == 0 || e->plan[e->at].kind == RFM_FR_AZERO);
		rfm_fr_eng_act_t a;
		int ends;
		if (fr_rnd(seed) % 4 == 0)
			writeback(ref, u, e, seed);
		rfm_fr_eng_decide(e, gnt, &a);
		ends = rfm_fr_eng_ends(e, &a);
		if (rfm_fr_eng_cycle(e, gnt)) {
			CU_ASSERT(ends); /* the end foreseen in its cycle */
			return cyc;
		}
		CU_ASSERT(!ends);
	}
	return 0;
}

typedef struct stats {
	uint64_t ops[5];       /* per rfm_fr_op_t */
	uint64_t tight_swaps;  /* swaps with fewer empty entries than live registers (phase B moves out) */
	uint64_t mismatches;   /* operations after which the units differ */
	uint64_t waits;        /* cycles an ACRF micro-operation waited for its bank */
	const char *first;     /* the first difference */
} stats_t;

/* One random step on both units. */
static void step(rfm_fr_t *ref, rfm_fr_t *u, rfm_fr_eng_t *e, uint64_t *seed, stats_t *st, int verbose)
{
	uint64_t bv[RFM_FR_MAX_WARPS];
	unsigned s, w;
	int c, p, r1 = -1, r2 = -1, dense = fr_rnd(seed) % 3 == 0;
	rfm_fr_op_t op = RFM_FR_OP_IDLE;
	const char *d;
	for (w = 0; w < u->g.warps; w++)
		bv[w] = (dense ? fr_rnd(seed) | fr_rnd(seed) : fr_rnd(seed) & fr_rnd(seed)) & ((1u << u->g.regs) - 1);
	for (s = 0; s < u->g.acrf_slots && u->owner[s] >= 0; s++)
		;
	switch (fr_rnd(seed) % 8) {
	case 0:
		c = fr_pick(u, seed, RFM_FR_NONE, RFM_FR_NONE);
		if (c >= 0 && s < u->g.acrf_slots) {
			int pipe = (int)(fr_rnd(seed) & 1);
			r1 = rfm_fr_launch(ref, (unsigned)c, s, pipe), r2 = rfm_fr_eng_launch(e, (unsigned)c, s, pipe);
			op = RFM_FR_OP_LAUNCH;
		}
		break;
	case 1:
		c = fr_pick(u, seed, RFM_FR_CTX_PIPE, RFM_FR_REG_ACRF);
		if (c >= 0)
			r1 = rfm_fr_evict(ref, (unsigned)c, bv), r2 = rfm_fr_eng_evict(e, (unsigned)c, bv), op = RFM_FR_OP_EVICT;
		break;
	case 2:
	case 3:
		c = fr_pick(u, seed, RFM_FR_CTX_PIPE, RFM_FR_REG_ACRF);
		p = fr_pick(u, seed, RFM_FR_CTX_SHMEM, RFM_FR_REG_PCRF);
		if (c >= 0 && p >= 0) {
			int tight = u->free_count < rfm_fr_live_count(u, bv);
			r1 = rfm_fr_swap(ref, (unsigned)c, bv, (unsigned)p), r2 = rfm_fr_eng_swap(e, (unsigned)c, bv, (unsigned)p);
			st->tight_swaps += tight && r1 == 0;
			op = RFM_FR_OP_SWAP;
		}
		break;
	case 4:
		c = fr_pick(u, seed, RFM_FR_CTX_SHMEM, RFM_FR_REG_PCRF);
		if (c >= 0 && s < u->g.acrf_slots)
			r1 = rfm_fr_restore(ref, (unsigned)c, s), r2 = rfm_fr_eng_restore(e, (unsigned)c, s), op = RFM_FR_OP_RESTORE;
		break;
	case 5: /* whole operations that move no register: exit, context switch, resume */
		c = fr_pick(u, seed, RFM_FR_CTX_PIPE, RFM_FR_REG_ACRF);
		p = fr_pick(u, seed, RFM_FR_CTX_SHMEM, RFM_FR_REG_ACRF);
		if (c >= 0 && p >= 0 && fr_rnd(seed) & 1)
			r1 = rfm_fr_ctx_switch(ref, (unsigned)c, (unsigned)p), r2 = rfm_fr_ctx_switch(u, (unsigned)c, (unsigned)p);
		else if (p >= 0)
			r1 = rfm_fr_resume(ref, (unsigned)p), r2 = rfm_fr_resume(u, (unsigned)p);
		else if (c >= 0)
			r1 = rfm_fr_exit(ref, (unsigned)c), r2 = rfm_fr_exit(u, (unsigned)c);
		break;
	default:
		writeback(ref, u, e, seed);
	}
	CU_ASSERT_EQUAL(r1, r2);
	d = NULL;
	if (op != RFM_FR_OP_IDLE && r1 == 0 && r2 == 0) {
		if (run_op(ref, u, e, seed))
			st->ops[op]++;
		else
			d = "the operation's end"; /* it never ended */
	}
	if (!d)
		d = differs(ref, u);
	if (d) {
		if (verbose && !st->mismatches)
			fprintf(stderr, "\n  finereg engine: %s differs after operation %d\n", d, (int)op);
		if (!st->mismatches)
			st->first = d;
		st->mismatches++;
	}
}

/* Random sequences on the odd geometry of the whole operations' tests: 13 entries, 3 slots, 8
 * CTAs, 3 warps, 5 registers, 3 words, a beat of one word, 2 banks. */
static void sequences(unsigned fault, unsigned seeds, stats_t *st, int verbose)
{
	rfm_fr_geom_t g = {.pcrf_entries = 13, .acrf_slots = 3, .ctas = 8, .active_ctas = 2, .warps = 3,
		.regs = 5, .words = 3};
	unsigned banks = 2, k;
	rfm_fr_eng_cfg_t cfg = {.pcrf_lat = 4, .beat_words = 1, .banks = banks, .bank = bank_of, .ctx = &banks};
	uint64_t seed;
	char why[80];
	memset(st, 0, sizeof(*st));
	for (seed = 1; seed <= seeds; seed++) {
		rfm_fr_t *ref = rfm_fr_create(&g), *u = rfm_fr_create(&g);
		rfm_fr_eng_t e;
		uint64_t sd = seed * 0x9e3779b97f4a7c15ull;
		CU_ASSERT_FATAL(ref && u);
		CU_ASSERT_EQUAL_FATAL(rfm_fr_eng_init(&e, u, &cfg, why, sizeof(why)), 0);
		e.fault = fault;
		for (k = 0; k < 1500 && !(st->mismatches && !verbose); k++) {
			step(ref, u, &e, &sd, st, verbose);
			if (!fault) {
				char w2[160];
				int rc = rfm_fr_check(u, w2, sizeof(w2));
				CU_ASSERT_EQUAL(rc, 0);
				if (rc)
					fprintf(stderr, "\n  finereg check: %s\n", w2);
			}
		}
		st->waits += e.n.hold_waits;
		rfm_fr_eng_free(&e);
		rfm_fr_destroy(ref);
		rfm_fr_destroy(u);
	}
}

static void test_finereg_engine_matches_whole_operations(void)
{
	stats_t st;
	sequences(0, 20, &st, 1);
	CU_ASSERT_EQUAL(st.mismatches, 0);
	/* every operation many times, the tight swaps of the G5 order among them, and holds refused */
	CU_ASSERT(st.ops[RFM_FR_OP_LAUNCH] > 300 && st.ops[RFM_FR_OP_EVICT] > 300 && st.ops[RFM_FR_OP_RESTORE] > 300);
	CU_ASSERT(st.ops[RFM_FR_OP_SWAP] > 1000 && st.tight_swaps > 500 && st.waits > 10000);
	if (!(st.ops[RFM_FR_OP_LAUNCH] > 300 && st.ops[RFM_FR_OP_EVICT] > 300 && st.ops[RFM_FR_OP_RESTORE] > 300 &&
	      st.ops[RFM_FR_OP_SWAP] > 1000 && st.tight_swaps > 500 && st.waits > 10000))
		fprintf(stderr, "\n  launches %llu evictions %llu restores %llu swaps %llu (tight %llu) waits %llu\n",
			(unsigned long long)st.ops[1], (unsigned long long)st.ops[2], (unsigned long long)st.ops[3],
			(unsigned long long)st.ops[4], (unsigned long long)st.tight_swaps, (unsigned long long)st.waits);
}

/* ---- cycle counts ------------------------------------------------------------------------------- */

/* The toy file of the paper's Fig. 6 (one warp of R0 .. R3 per CTA), 4 words per register in beats
 * of 2 (2 beats), PCRF latency 4, 2 banks: register r of slot s in bank (s + r) mod 2. */
static const rfm_fr_geom_t toy = {.pcrf_entries = 8, .acrf_slots = 2, .ctas = 8, .active_ctas = 2, .warps = 1,
	.regs = 4, .words = 4};
static unsigned toy_banks = 2;
static const rfm_fr_eng_cfg_t toy_cfg = {.pcrf_lat = 4, .beat_words = 2, .banks = 2, .bank = bank_of, .ctx = &toy_banks};

/* Cycles of the operation in progress with every hold granted except bank `deny` (-1: none) in
 * its first `ndeny` cycles. */
static unsigned cycles(rfm_fr_eng_t *e, int deny, unsigned ndeny)
{
	unsigned cyc;
	for (cyc = 1; cyc < 10000; cyc++) {
		uint64_t gnt = ~(uint64_t)0;
		if (deny >= 0 && cyc <= ndeny)
			gnt &= ~((uint64_t)1 << deny);
		if (rfm_fr_eng_cycle(e, gnt))
			return cyc;
	}
	return 0;
}

/* Cycles of an eviction of R0 (bank 0) of CTA 0 in slot 0, bank 0 refused for 3 cycles, or 0 when
 * it has not ended in 8; hold requests recorded cycle by cycle. */
static unsigned evict_with_waits(unsigned fault, uint64_t *req, uint64_t *waits)
{
	rfm_fr_t *u = rfm_fr_create(&toy);
	rfm_fr_eng_t e;
	uint64_t bv = 0x1;
	unsigned cyc = 0, k;
	char why[80];
	CU_ASSERT_FATAL(u != NULL);
	CU_ASSERT_EQUAL_FATAL(rfm_fr_eng_init(&e, u, &toy_cfg, why, sizeof(why)), 0);
	e.fault = fault;
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 0, 0, 1), 0);
	CU_ASSERT_EQUAL(rfm_fr_eng_evict(&e, 0, &bv), 0);
	for (k = 0; k < 8 && !cyc; k++) {
		req[k] = rfm_fr_eng_hold(&e);
		if (rfm_fr_eng_cycle(&e, k < 3 ? ~(uint64_t)1 : ~(uint64_t)0))
			cyc = k + 1;
	}
	*waits = e.n.hold_waits;
	rfm_fr_eng_free(&e);
	rfm_fr_destroy(u);
	return cyc;
}

static void test_finereg_engine_cycles(void)
{
	rfm_fr_t *u = rfm_fr_create(&toy);
	rfm_fr_eng_t e;
	uint64_t bv0 = 0x5, bv1 = 0x3, bv2 = 0x6, bv3 = 0x7, all = 0xf, req[8] = {0}, waits;
	uint32_t d[4] = {1, 2, 3, 4};
	char why[80];
	CU_ASSERT_FATAL(u != NULL);
	CU_ASSERT_EQUAL_FATAL(rfm_fr_eng_init(&e, u, &toy_cfg, why, sizeof(why)), 0);
	/* a launch zeroes 4 registers, 2 in each bank, both banks at once: 2 cycles */
	CU_ASSERT_EQUAL(rfm_fr_eng_launch(&e, 0, 0, 1), 0);
	CU_ASSERT_EQUAL(rfm_fr_eng_hold(&e), 3u); /* both banks */
	CU_ASSERT_EQUAL(cycles(&e, -1, 0), 2);
	CU_ASSERT_EQUAL(rfm_fr_write(u, 0, 0, 0, d), 0);
	CU_ASSERT_EQUAL(rfm_fr_write(u, 0, 0, 2, d), 0);
	/* an eviction of 2 live registers: the first read in cycle 1 (in the bank's read register in
	 * cycle 2, in the out buffer at its edge), its 2 beats in 3 and 4; the second read in 3, into
	 * the buffer at the edge of the first's last beat, its beats in 5 and 6: 2 x 2 + 2 = 6 cycles */
	CU_ASSERT_EQUAL(rfm_fr_eng_evict(&e, 0, &bv0), 0);
	CU_ASSERT_EQUAL(cycles(&e, -1, 0), 6);
	CU_ASSERT_EQUAL(u->ptr[0].count, 2);
	/* a restore of 2 entries into slot 1: a PCRF read every 2 cycles, each register written into the
	 * ACRF 4 cycles after its last beat; then the 2 dead registers zeroed, R1 and R3 of slot 1, both
	 * in bank 0: 2 x 2 + 4 + 2 = 10 cycles */
	CU_ASSERT_EQUAL(rfm_fr_eng_restore(&e, 0, 1), 0);
	CU_ASSERT_EQUAL(rfm_fr_eng_hold(&e), 0u); /* a PCRF read first: no bank */
	CU_ASSERT_EQUAL(cycles(&e, -1, 0), 10);
	CU_ASSERT_EQUAL(u->free_count, 8);
	/* a swap with room for every live register: phase A's 2 registers out by cycle 6, the pending
	 * CTA's 2 entries read from cycle 7 and 9 (taken at 8 and 10, usable after 11 and 13) and written
	 * at 12 and 14, 2 zeros in two banks: 15 cycles */
	CU_ASSERT_EQUAL(rfm_fr_eng_launch(&e, 1, 0, 1), 0);
	CU_ASSERT_EQUAL(cycles(&e, -1, 0), 2);
	CU_ASSERT_EQUAL(rfm_fr_eng_evict(&e, 1, &bv1), 0);
	CU_ASSERT_EQUAL(cycles(&e, -1, 0), 6);
	CU_ASSERT_EQUAL(rfm_fr_eng_swap(&e, 0, &bv2, 1), 0);
	CU_ASSERT(rfm_fr_eng_moving(&e, 0) && rfm_fr_eng_moving(&e, 1) && !rfm_fr_eng_moving(&e, 2));
	CU_ASSERT_EQUAL(cycles(&e, -1, 0), 15);
	CU_ASSERT(!rfm_fr_eng_moving(&e, 0) && !rfm_fr_eng_moving(&e, 1));
	CU_ASSERT_EQUAL(e.n.ops, 6);
	CU_ASSERT_EQUAL(e.n.busy, 2 + 6 + 10 + 2 + 6 + 15);
	CU_ASSERT_EQUAL(e.n.pcrf_writes, 2 + 2 + 2);
	CU_ASSERT_EQUAL(e.n.pcrf_reads, 2 + 2);
	CU_ASSERT_EQUAL(e.n.acrf_reads, 2 + 2 + 2);
	CU_ASSERT_EQUAL(e.n.acrf_writes, 4 + 4 + 4 + 4);
	CU_ASSERT_EQUAL(e.n.hold_waits, 0);
	{
		char w2[160];
		CU_ASSERT_EQUAL(rfm_fr_check(u, w2, sizeof(w2)), 0);
	}
	rfm_fr_eng_free(&e);
	rfm_fr_destroy(u);
	/* a tight swap: the PCRF full, 3 live registers go out into 3 of the 4 entries the pending CTA
	 * leaves, each after its entry was read and before the incoming register overwrites it (the
	 * ACRF queue in order: read R0, write R0, read R1, ...), nothing to zero. Entry k is read in
	 * cycles 4k + 1 and 4k + 2, its outgoing register read from the ACRF in 4k + 3 (4k + 1 for entry
	 * 0) and sent in 4k + 3 and 4k + 4, the incoming one written in 4k + 6 (its data usable after
	 * 4k + 5), register 2 in 16; entry 3 read in 15 and 16, R3 written in 20: 20 cycles */
	u = rfm_fr_create(&toy);
	CU_ASSERT_FATAL(u != NULL);
	CU_ASSERT_EQUAL_FATAL(rfm_fr_eng_init(&e, u, &toy_cfg, why, sizeof(why)), 0);
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 0, 0, 1), 0);
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 1, 1, 1), 0);
	CU_ASSERT_EQUAL(rfm_fr_evict(u, 1, &all), 0);
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 2, 1, 1), 0);
	CU_ASSERT_EQUAL(rfm_fr_evict(u, 2, &all), 0);
	CU_ASSERT_EQUAL(u->free_count, 0);
	CU_ASSERT_EQUAL(rfm_fr_eng_swap(&e, 0, &bv3, 1), 0);
	CU_ASSERT_EQUAL(cycles(&e, -1, 0), 20);
	CU_ASSERT_EQUAL(u->free_count, 1);
	rfm_fr_eng_free(&e);
	rfm_fr_destroy(u);
	/* one beat a register (B = 1): a register a cycle both ways; 16 registers out in 16 + 2 cycles
	 * (each read a cycle before the register ahead of it goes out in its one beat, at whose edge it
	 * takes the out buffer), and back in 16 + 4 (the in buffer, 5 deep, never full) */
	{
		const rfm_fr_geom_t g16 = {.pcrf_entries = 16, .acrf_slots = 2, .ctas = 4, .active_ctas = 2, .warps = 1,
			.regs = 16, .words = 4};
		rfm_fr_eng_cfg_t c1 = toy_cfg;
		uint64_t full = 0xffff;
		c1.beat_words = 4;
		u = rfm_fr_create(&g16);
		CU_ASSERT_FATAL(u != NULL);
		CU_ASSERT_EQUAL_FATAL(rfm_fr_eng_init(&e, u, &c1, why, sizeof(why)), 0);
		CU_ASSERT_EQUAL(e.in_depth, 5);
		CU_ASSERT_EQUAL(rfm_fr_launch(u, 0, 0, 1), 0);
		CU_ASSERT_EQUAL(rfm_fr_eng_evict(&e, 0, &full), 0);
		CU_ASSERT_EQUAL(cycles(&e, -1, 0), 18);
		CU_ASSERT_EQUAL(rfm_fr_eng_restore(&e, 0, 1), 0);
		CU_ASSERT_EQUAL(cycles(&e, -1, 0), 20);
		CU_ASSERT_EQUAL(rfm_fr_check(u, why, sizeof(why)), 0);
	}
	/* a refused hold delays the ACRF read by a cycle each time: 3 + 4 cycles; the request names
	 * bank 0 until the read, none while the register reaches the out buffer and during its 2 beats */
	CU_ASSERT_EQUAL(evict_with_waits(0, req, &waits), 7);
	CU_ASSERT_EQUAL(waits, 3);
	CU_ASSERT(req[0] == 1 && req[1] == 1 && req[2] == 1 && req[3] == 1 && req[4] == 0 && req[5] == 0 &&
		  req[6] == 0);
	rfm_fr_eng_free(&e);
	rfm_fr_destroy(u);
}

static void test_finereg_engine_refusals(void)
{
	rfm_fr_t *u = rfm_fr_create(&toy);
	rfm_fr_eng_t e;
	rfm_fr_eng_cfg_t cfg = toy_cfg;
	uint64_t bv = 0xf;
	char why[80];
	CU_ASSERT_FATAL(u != NULL);
	cfg.pcrf_lat = 3;
	CU_ASSERT_EQUAL(rfm_fr_eng_init(&e, u, &cfg, why, sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "pcrf_lat must be 4 .. 64");
	cfg = toy_cfg;
	cfg.beat_words = 3;
	CU_ASSERT_EQUAL(rfm_fr_eng_init(&e, u, &cfg, why, sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "beat_words must divide the register's words");
	CU_ASSERT_EQUAL_FATAL(rfm_fr_eng_init(&e, u, &toy_cfg, why, sizeof(why)), 0);
	/* one operation at a time; an illegal one changes nothing */
	CU_ASSERT_EQUAL(rfm_fr_eng_evict(&e, 0, &bv), RFM_FR_EILLEGAL);
	CU_ASSERT_EQUAL(rfm_fr_eng_launch(&e, 0, 0, 1), 0);
	CU_ASSERT_EQUAL(rfm_fr_eng_launch(&e, 1, 1, 1), RFM_FR_EBUSY);
	CU_ASSERT_EQUAL(rfm_fr_eng_cycle(&e, 0), 0); /* bank 0 not held: no progress */
	CU_ASSERT_EQUAL(e.at, 0);
	CU_ASSERT_EQUAL(rfm_fr_eng_cycle(&e, 2), 0); /* bank 1 held: its first zero written */
	CU_ASSERT_EQUAL(e.at, 0);
	CU_ASSERT(e.zdone[1] && !e.zdone[0]);
	CU_ASSERT_EQUAL(cycles(&e, -1, 0), 2);
	CU_ASSERT_EQUAL(rfm_fr_eng_cycle(&e, ~(uint64_t)0), 0); /* idle */
	CU_ASSERT_EQUAL(e.n.busy, 4);
	/* the PCRF of 8 entries takes two CTAs of 4 live registers, not a third */
	CU_ASSERT_EQUAL(rfm_fr_eng_evict(&e, 0, &bv), 0);
	CU_ASSERT(cycles(&e, -1, 0) > 0);
	CU_ASSERT_EQUAL(rfm_fr_eng_launch(&e, 1, 0, 1), 0);
	CU_ASSERT(cycles(&e, -1, 0) > 0);
	CU_ASSERT_EQUAL(rfm_fr_eng_evict(&e, 1, &bv), 0);
	CU_ASSERT(cycles(&e, -1, 0) > 0);
	CU_ASSERT_EQUAL(rfm_fr_eng_launch(&e, 2, 0, 1), 0);
	CU_ASSERT(cycles(&e, -1, 0) > 0);
	CU_ASSERT_EQUAL(rfm_fr_eng_evict(&e, 2, &bv), RFM_FR_EDEPLETED);
	CU_ASSERT_EQUAL(u->n.depleted, 1);
	CU_ASSERT_EQUAL(e.op, RFM_FR_OP_IDLE);
	CU_ASSERT_EQUAL(rfm_fr_eng_hold(&e), 0u);
	rfm_fr_eng_free(&e);
	rfm_fr_destroy(u);
}

/* Each planted fault is caught: by the comparison with the whole operations, or by the cycle count. */
static void test_finereg_engine_catches_planted_faults(void)
{
	stats_t st;
	uint64_t req[8], waits;
	sequences(RFM_FR_EF_SWAP_NO_DST, 20, &st, 0);
	CU_ASSERT(st.mismatches > 0); /* the wrong register went out into the entry */
	CU_ASSERT_PTR_NOT_NULL_FATAL(st.first);
	CU_ASSERT_STRING_EQUAL(st.first, "PCRF tags");
	sequences(RFM_FR_EF_WALK_SHORT, 20, &st, 0);
	CU_ASSERT(st.mismatches > 0); /* the last entry of the chain stays occupied */
	CU_ASSERT_PTR_NOT_NULL_FATAL(st.first);
	CU_ASSERT_STRING_EQUAL(st.first, "free count");
	sequences(RFM_FR_EF_OBUF_OVERRUN, 20, &st, 0);
	CU_ASSERT(st.mismatches > 0); /* a register lost in the out buffer: its PWR waits for ever */
	CU_ASSERT_PTR_NOT_NULL_FATAL(st.first);
	CU_ASSERT_STRING_EQUAL(st.first, "the operation's end");
	/* the read goes ahead under the refused hold: 4 cycles instead of 7 */
	CU_ASSERT_EQUAL(evict_with_waits(RFM_FR_EF_HOLD_IGNORED, req, &waits), 4);
}

int test_finereg_engine_register(void)
{
	CU_pSuite s = CU_add_suite("finereg_engine", NULL, NULL);
	if (!s)
		return -1;
	if (!CU_add_test(s, "test_finereg_engine_matches_whole_operations", test_finereg_engine_matches_whole_operations) ||
	    !CU_add_test(s, "test_finereg_engine_cycles", test_finereg_engine_cycles) ||
	    !CU_add_test(s, "test_finereg_engine_refusals", test_finereg_engine_refusals) ||
	    !CU_add_test(s, "test_finereg_engine_catches_planted_faults", test_finereg_engine_catches_planted_faults))
		return -1;
	return 0;
}
