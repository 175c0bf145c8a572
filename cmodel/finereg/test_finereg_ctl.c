/* test_finereg_ctl.c - CUnit suite "finereg_ctl": FineReg's controller at the cycle level (ctl.c) on
 * the paper's Fig. 6 at the cycle level, and under the synthetic stall model (workload.c) with every
 * register value tracked, the invariants checked and the grid required to finish; planted faults
 * caught (docs/finereg.md, "Controller"). */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_finereg.h"

int test_finereg_ctl_register(void);

static unsigned bank_of(void *ctx, unsigned s, unsigned w, unsigned r)
{
	return (s + w + r) % *(const unsigned *)ctx;
}

/* ---- Fig. 6 at the cycle level ------------------------------------------------------------------ */

/* The toy file of Fig. 6: one warp of R0 .. R3 per CTA, ACRF 2 slots, PCRF 8 entries. The test
 * plays the scheduler (stall, PC, ready per CTA) and memory (a missed vector's fill the cycle after
 * the request, from vec[pc / 8]). */
static const rfm_fr_geom_t toy = {.pcrf_entries = 8, .acrf_slots = 2, .ctas = 8, .active_ctas = 2, .warps = 1,
	.regs = 4, .words = 1};
static unsigned toy_banks = 2;
static const rfm_fr_eng_cfg_t toy_eng = {.pcrf_lat = 4, .beat_words = 1, .banks = 2, .bank = bank_of, .ctx = &toy_banks};

typedef struct toy_io {
	uint8_t stall[2], exit[2], ready[8];
	uint32_t pc[2];
	uint64_t vec[16];
	int new_left, miss_seen;
	unsigned cycles;
} toy_io_t;

static void toy_cycle(rfm_fr_ctl_t *k, toy_io_t *io)
{
	rfm_fr_ctl_in_t in = {.stall = io->stall, .pc = io->pc, .ready = io->ready, .exit = io->exit,
		.new_left = io->new_left, .hold_gnt = ~(uint64_t)0};
	uint32_t pc;
	if (rfm_fr_ctl_miss(k, &pc) && io->miss_seen) {
		in.fill_valid = 1;
		in.fill_pc = pc;
		in.fill_bv = io->vec[pc / 8 % 16];
	}
	io->miss_seen = rfm_fr_ctl_miss(k, &pc);
	rfm_fr_ctl_cycle(k, &in);
	io->cycles++;
}

/* Cycles until CTA c has status (ctx, reg), at most max; max + 1 when it never does. */
static unsigned until(rfm_fr_ctl_t *k, toy_io_t *io, unsigned c, unsigned ctx, unsigned reg, unsigned max)
{
	unsigned n;
	for (n = 0; n < max; n++) {
		if (k->u->ctx[c] == ctx && k->u->reg[c] == reg && k->st == RFM_FR_CTL_IDLE)
			return n;
		toy_cycle(k, io);
	}
	return max + 1;
}

/* Fig. 6 (a), then (b): returns the cycles the swap of (b) took to happen after CTA 1 became ready
 * (0 when it never did). */
static unsigned fig6(unsigned fault)
{
	rfm_fr_t *u = rfm_fr_create(&toy);
	rfm_fr_ctl_t k;
	toy_io_t io;
	char why[80];
	unsigned n;
	uint32_t d;
	CU_ASSERT_FATAL(u != NULL);
	CU_ASSERT_EQUAL_FATAL(rfm_fr_ctl_init(&k, u, &toy_eng, 4, why, sizeof(why)), 0);
	k.fault = fault;
	memset(&io, 0, sizeof(io));
	io.vec[6] = 0x5;  /* PC 0x30: R0, R2 live (the paper's CTA 1) */
	io.vec[7] = 0xf;  /* PC 0x38: all live */
	io.vec[2] = 0x1;  /* PC 0x10: R0 live */
	/* CTAs 0 and 1 launch into slots 0 and 1: a cycle to start, 4 zeros in 2 banks, each */
	io.new_left = 1;
	CU_ASSERT(until(&k, &io, 1, RFM_FR_CTX_PIPE, RFM_FR_REG_ACRF, 100) <= 100);
	CU_ASSERT_EQUAL(u->owner[0], 0);
	CU_ASSERT_EQUAL(io.cycles, 6);
	io.new_left = 0;
	for (n = 0; n < 4; n++) {
		d = 0x100 + n;
		rfm_fr_write(u, 1, 0, n, &d);
	}
	/* (a) CTA 1 stalls at PC 0x30: its vector missed and fetched, R0 and R2 backed up, CTA 2
	 * launched into its slot */
	io.stall[1] = 1;
	io.pc[1] = 0x30;
	io.new_left = 1;
	CU_ASSERT(until(&k, &io, 2, RFM_FR_CTX_PIPE, RFM_FR_REG_ACRF, 100) <= 100);
	io.stall[1] = 0;
	io.new_left = 0;
	fr_ok(u);
	CU_ASSERT_EQUAL(u->ctx[1], RFM_FR_CTX_SHMEM);
	CU_ASSERT_EQUAL(u->reg[1], RFM_FR_REG_PCRF);
	CU_ASSERT_EQUAL(u->ptr[1].count, 2);
	CU_ASSERT_EQUAL(u->pdata[0], 0x100);
	CU_ASSERT_EQUAL(u->pdata[1], 0x102);
	CU_ASSERT_EQUAL(u->owner[1], 2);
	CU_ASSERT_EQUAL(k.n.stall_events, 1);
	CU_ASSERT_EQUAL(u->n.lrc_misses, 1);
	CU_ASSERT_EQUAL(k.n.bv_bytes, 8);
	/* CTA 2 stalls at PC 0x38 (all live: 4 entries), backed up; CTA 3 launched */
	io.stall[1] = 1;
	io.pc[1] = 0x38;
	io.new_left = 1;
	CU_ASSERT(until(&k, &io, 3, RFM_FR_CTX_PIPE, RFM_FR_REG_ACRF, 200) <= 200);
	io.stall[1] = 0;
	fr_ok(u);
	CU_ASSERT_EQUAL(u->free_count, 2);
	/* CTA 3 stalls at PC 0x38 too: a hit; 4 live, 2 free, nothing ready: it stays (depleted) */
	io.stall[1] = 1;
	for (n = 0; n < 20; n++)
		toy_cycle(&k, &io);
	CU_ASSERT_EQUAL(u->owner[1], 3);
	CU_ASSERT_EQUAL(k.n.stays, 1);
	CU_ASSERT(k.n.depletion_cycles > 10);
	CU_ASSERT_EQUAL(u->n.lrc_hits, 1);
	/* (b) CTA 1 becomes ready: 2 free + its 2 entries hold CTA 3's 4 live registers: swapped */
	io.ready[1] = 1;
	n = until(&k, &io, 1, RFM_FR_CTX_PIPE, RFM_FR_REG_ACRF, 200);
	if (n <= 200) {
		fr_ok(u);
		CU_ASSERT_EQUAL(u->owner[1], 1);
		CU_ASSERT_EQUAL(u->reg[3], RFM_FR_REG_PCRF);
		CU_ASSERT_EQUAL(u->free_count, 0);
		CU_ASSERT_EQUAL(u->n.swaps, 1);
		CU_ASSERT_EQUAL(rfm_fr_read(u, 1, 0, 0, &d), 0);
		CU_ASSERT_EQUAL(d, 0x100);
		CU_ASSERT_EQUAL(rfm_fr_read(u, 1, 0, 1, &d), 0);
		CU_ASSERT_EQUAL(d, 0); /* dead at its eviction */
	}
	rfm_fr_ctl_free(&k);
	rfm_fr_destroy(u);
	return n <= 200 ? n + 1 : 0;
}

static void test_finereg_ctl_fig6(void) { CU_ASSERT(fig6(0) > 0); }


/* ---- the synthetic stall model ------------------------------------------------------------------ */

typedef struct shadow {
	uint32_t v[16][4][8];   /* [CTA line][warp][register], word 0 (word k is v + k) */
	uint8_t reg[16];        /* the line's register field at the last cycle */
	uint64_t mismatches;
	uint64_t writes;
	int quiet;              /* a planted fault's run: no message */
} shadow_t;

static void put(rfm_fr_t *u, shadow_t *sh, unsigned c, unsigned w, unsigned r, uint32_t x)
{
	uint32_t d[RFM_FR_MAX_WORDS];
	unsigned k, j, e, live = u->reg[c] == RFM_FR_REG_ACRF;
	for (k = 0; k < u->g.words; k++)
		d[k] = x + k;
	for (j = 0, e = u->ptr[c].head; !live && j < u->ptr[c].count; j++, e = u->tag[e].next)
		live = u->tag[e].wid == w && u->tag[e].ridx == r;
	if (live)
		sh->v[c][w][r] = x;
	CU_ASSERT_EQUAL(rfm_fr_write(u, c, w, r, d), 0);
	sh->writes++;
}

/* Every register of line c reads its shadow value. */
static void compare(const rfm_fr_t *u, shadow_t *sh, unsigned c)
{
	uint32_t d[RFM_FR_MAX_WORDS];
	unsigned w, r;
	for (w = 0; w < u->g.warps; w++)
		for (r = 0; r < u->g.regs; r++) {
			rfm_fr_read(u, c, w, r, d);
			if (d[0] != sh->v[c][w][r] || (u->g.words > 1 && d[1] != (d[0] ? d[0] + 1 : 0))) {
				if (!sh->mismatches && !sh->quiet)
					fprintf(stderr, "\n  line %u warp %u R%u: 0x%x, the shadow 0x%x\n", c, w, r, d[0], sh->v[c][w][r]);
				sh->mismatches++;
			}
		}
}

typedef struct run {
	uint64_t cycles, mismatches, evictions, swaps, restores, ctx_switches, stays, depletion, hits, misses;
	uint64_t finished, grid, writes;
	double resident, active;
} run_t;

/* One run of the synthetic workload on geometry 16 CTA lines, 3 slots, 2 in the pipeline, 2 warps,
 * 6 registers of 2 words, a PCRF of 12 entries, 2 banks, 4 cache entries; 60 CTAs of 2 warps that
 * wait 3 times 40 to 300 cycles each, 9 registers in 16 live at a PC. */
static run_t synthetic(uint64_t seed, unsigned fault)
{
	rfm_fr_geom_t g = {.pcrf_entries = 12, .acrf_slots = 3, .ctas = 16, .active_ctas = 2, .warps = 2, .regs = 6,
		.words = 2};
	unsigned banks = 2;
	rfm_fr_eng_cfg_t ec = {.pcrf_lat = 4, .beat_words = 1, .banks = banks, .bank = bank_of, .ctx = &banks};
	rfm_fr_wl_cfg_t wc = {.grid = 60, .waits = 3, .issue_min = 2, .issue_max = 30, .mem_min = 40, .mem_max = 300,
		.kernel_len = 12, .loads = 3, .density = 9, .bv_lat = 50, .seed = seed};
	rfm_fr_t *u = rfm_fr_create(&g);
	rfm_fr_ctl_t k;
	rfm_fr_wl_t l;
	shadow_t *sh = calloc(1, sizeof(*sh));
	run_t out = {0};
	uint64_t rng = seed * 0x9e3779b97f4a7c15ull + 1;
	char why[80];
	unsigned c, i;
	CU_ASSERT_FATAL(u && sh);
	CU_ASSERT_EQUAL_FATAL(rfm_fr_ctl_init(&k, u, &ec, 4, why, sizeof(why)), 0);
	CU_ASSERT_EQUAL_FATAL(rfm_fr_wl_init(&l, u, &wc), 0);
	k.fault = fault;
	sh->quiet = fault != 0;
	while (l.finished < wc.grid && l.cycles < 400000) {
		rfm_fr_ctl_in_t in;
		rfm_fr_wl_inputs(&l, &k, &in);
		rng = rng * 6364136223846793005ull + 1442695040888963407ull;
		/* loads returning, and one result of an issuing warp of an active CTA a cycle */
		for (i = 0; i < l.nwb; i++)
			put(u, sh, l.wb[i].c, l.wb[i].w, l.wb[i].r, (uint32_t)(rng = rng * 6364136223846793005ull + 1) | 1);
		c = (unsigned)(rng >> 40) % g.ctas;
		if (u->ctx[c] == RFM_FR_CTX_PIPE && u->reg[c] == RFM_FR_REG_ACRF && !rfm_fr_eng_moving(&k.e, c))
			put(u, sh, c, (unsigned)(rng >> 20) % g.warps, (unsigned)(rng >> 30) % g.regs, (uint32_t)(rng >> 8) | 1);
		in.hold_gnt = (rng >> 3) | (rng >> 17);
		rfm_fr_ctl_cycle(&k, &in);
		rfm_fr_wl_tick(&l, &k);
		for (c = 0; c < g.ctas; c++) {
			unsigned w, r, was = sh->reg[c], now = u->reg[c];
			if (now == RFM_FR_REG_ACRF && was == RFM_FR_NONE) /* launched: every register zero */
				memset(sh->v[c], 0, sizeof(sh->v[c]));
			if (now == RFM_FR_REG_PCRF && was == RFM_FR_REG_ACRF) /* evicted: its dead registers are gone */
				for (w = 0; w < g.warps; w++) {
					uint64_t bv = rfm_fr_wl_bv(&l, l.warp[c * g.warps + w].pc);
					for (r = 0; r < g.regs; r++)
						if (!(bv >> r & 1))
							sh->v[c][w][r] = 0;
				}
			if (now == RFM_FR_REG_ACRF && (was == RFM_FR_REG_PCRF || l.cycles % 64 == 0) &&
			    !rfm_fr_eng_moving(&k.e, c)) /* restored, and now and then */
				compare(u, sh, c);
			sh->reg[c] = (uint8_t)now;
		}
		if (k.st != RFM_FR_CTL_MOVE)
			fr_ok(u);
	}
	out.cycles = l.cycles;
	out.finished = l.finished;
	out.grid = wc.grid;
	out.mismatches = sh->mismatches;
	out.evictions = u->n.evictions, out.swaps = u->n.swaps, out.restores = u->n.restores;
	out.ctx_switches = u->n.ctx_switches, out.stays = k.n.stays, out.depletion = k.n.depletion_cycles;
	out.hits = u->n.lrc_hits, out.misses = u->n.lrc_misses, out.writes = sh->writes;
	out.resident = (double)l.resident_sum / (double)l.cycles;
	out.active = (double)l.active_sum / (double)l.cycles;
	rfm_fr_wl_free(&l);
	rfm_fr_ctl_free(&k);
	rfm_fr_destroy(u);
	free(sh);
	return out;
}

static void test_finereg_ctl_synthetic(void)
{
	run_t t = {0};
	uint64_t seed;
	for (seed = 1; seed <= 4; seed++) {
		run_t r = synthetic(seed, 0);
		CU_ASSERT_EQUAL(r.finished, r.grid); /* no deadlock: the whole grid finishes */
		CU_ASSERT_EQUAL(r.mismatches, 0);
		t.evictions += r.evictions, t.swaps += r.swaps, t.restores += r.restores, t.ctx_switches += r.ctx_switches;
		t.stays += r.stays, t.depletion += r.depletion, t.hits += r.hits, t.misses += r.misses, t.writes += r.writes;
		t.resident += r.resident / 4, t.active += r.active / 4, t.cycles += r.cycles;
	}
	/* every path of the controller, many times */
	if (!(t.evictions > 100 && t.swaps > 50 && t.restores > 100 && t.ctx_switches > 100 && t.stays > 10 &&
	      t.depletion > 100 && t.hits > 100 && t.misses > 100))
		fprintf(stderr, "\n  evictions %llu swaps %llu restores %llu context switches %llu stays %llu depletion "
				"cycles %llu hits %llu misses %llu\n",
			(unsigned long long)t.evictions, (unsigned long long)t.swaps, (unsigned long long)t.restores,
			(unsigned long long)t.ctx_switches, (unsigned long long)t.stays, (unsigned long long)t.depletion,
			(unsigned long long)t.hits, (unsigned long long)t.misses);
	CU_ASSERT(t.evictions > 100 && t.swaps > 50 && t.restores > 100 && t.ctx_switches > 100);
	CU_ASSERT(t.stays > 10 && t.depletion > 100 && t.hits > 100 && t.misses > 100);
}

/* Each planted fault is caught: every warp's vector taken at warp 0's PC, or a lookup that goes on
 * with vectors of PCs its warps have left, loses live registers (the values tracked through the
 * synthetic run); a CTA that stayed and is never decided on again misses the swap of Fig. 6 (b). */
static void test_finereg_ctl_catches_planted_faults(void)
{
	run_t r = synthetic(1, RFM_FR_CF_ONE_PC);
	CU_ASSERT(r.mismatches > 0);
	r = synthetic(1, RFM_FR_CF_STALE_LOOKUP);
	CU_ASSERT(r.mismatches > 0);
	CU_ASSERT_EQUAL(fig6(RFM_FR_CF_NO_RETRY), 0);
}

int test_finereg_ctl_register(void)
{
	CU_pSuite s = CU_add_suite("finereg_ctl", NULL, NULL);
	if (!s)
		return -1;
	if (!CU_add_test(s, "test_finereg_ctl_fig6", test_finereg_ctl_fig6) ||
	    !CU_add_test(s, "test_finereg_ctl_synthetic", test_finereg_ctl_synthetic) ||
	    !CU_add_test(s, "test_finereg_ctl_catches_planted_faults", test_finereg_ctl_catches_planted_faults))
		return -1;
	return 0;
}
