/* test_finereg.c - CUnit suite "finereg": the register management unit's operations against the
 * paper's worked examples (Fig. 6, Fig. 11), the extract's swap order (G5), the decision rules, the
 * bit-vector cache, random operation sequences against a shadow copy of every live value, and the
 * checker shown to catch planted faults (docs/finereg.md). */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "test_finereg.h"

int test_finereg_register(void);

/* A value that names its CTA, warp, register and a version: distinct for every write. */
static uint32_t val(unsigned c, unsigned w, unsigned r, unsigned v) { return 0x80000000u | c << 20 | w << 14 | r << 8 | v; }

static void put(rfm_fr_t *u, unsigned c, unsigned w, unsigned r, uint32_t x)
{
	uint32_t d[RFM_FR_MAX_WORDS];
	unsigned k;
	for (k = 0; k < u->g.words; k++)
		d[k] = x + k;
	CU_ASSERT_EQUAL_FATAL(rfm_fr_write(u, c, w, r, d), 0);
}

static uint32_t get(rfm_fr_t *u, unsigned c, unsigned w, unsigned r)
{
	uint32_t d[RFM_FR_MAX_WORDS];
	unsigned k;
	CU_ASSERT_EQUAL_FATAL(rfm_fr_read(u, c, w, r, d), 0);
	for (k = 1; k < u->g.words; k++)
		CU_ASSERT_EQUAL(d[k], d[0] ? d[0] + k : 0); /* as put wrote it, or all zero */
	return d[0];
}

static void test_finereg_geometry(void)
{
	rfm_fr_geom_t g = {.pcrf_entries = 1024, .acrf_slots = 4, .ctas = 128, .active_ctas = 4, .warps = 8,
		.regs = 32, .words = 32};
	char why[80];
	CU_ASSERT_EQUAL(rfm_fr_geom_check(&g, why, sizeof(why)), 0);
	CU_ASSERT_EQUAL(rfm_fr_ptr_bits(&g), 10); /* the paper's 10-bit pointer */
	CU_ASSERT_EQUAL(rfm_fr_count_bits(&g), 11); /* G3: 0 .. 1024 live registers */
	g.pcrf_entries = 1536;                     /* the 64/192 KB split */
	CU_ASSERT_EQUAL(rfm_fr_ptr_bits(&g), 11);
	CU_ASSERT_EQUAL(rfm_fr_count_bits(&g), 11);
	g.pcrf_entries = 512;
	CU_ASSERT_EQUAL(rfm_fr_ptr_bits(&g), 9);
	CU_ASSERT_EQUAL(rfm_fr_count_bits(&g), 10);
	g.active_ctas = 5;
	CU_ASSERT_EQUAL(rfm_fr_geom_check(&g, why, sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "active_ctas must be 1 .. acrf_slots");
	CU_ASSERT_PTR_NULL(rfm_fr_create(&g));
	g.active_ctas = 4;
	g.regs = 65;
	CU_ASSERT_EQUAL(rfm_fr_geom_check(&g, why, sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "regs must be 1 .. 64");
}

/* The paper's section V-F at its geometry: 1024 PCRF entries, 128 CTAs, a 32-entry cache. */
static void test_finereg_storage_against_paper(void)
{
	/* the reference kernel of verif/bench/finereg_paper.ini: CTAs of 8 warps x 32 registers */
	rfm_fr_geom_t g = {.pcrf_entries = 1024, .acrf_slots = 32, .ctas = 128, .active_ctas = 32, .warps = 8,
		.regs = 32, .words = 32};
	rfm_fr_store_t st[RFM_FR_ST_N];
	rfm_fr_storage(&g, 32, rfm_fr_eng_in_depth(4, 4), st); /* PCRF latency 4, 32-byte beats */
	CU_ASSERT_EQUAL(st[RFM_FR_ST_STATUS].paper_bits, 2 * 256); /* "256 bits ... for each ... field" */
	CU_ASSERT_EQUAL(st[RFM_FR_ST_STATUS].bits, 512);
	CU_ASSERT_EQUAL(st[RFM_FR_ST_LRC].paper_bits, 384 * 8);     /* "total 384 bytes" */
	CU_ASSERT_EQUAL(st[RFM_FR_ST_LRC].bits, 32 * 97);
	CU_ASSERT_EQUAL(st[RFM_FR_ST_PTR].paper_bits, 256 * 8);     /* "total 256 bytes of SRAM" */
	CU_ASSERT_EQUAL(st[RFM_FR_ST_PTR].bits, 128 * 21);          /* 10-bit pointer, 11-bit count */
	CU_ASSERT_EQUAL(st[RFM_FR_ST_TAGS].paper_bits, 21 * 1024);  /* "21 bits per tag times 1,024" */
	CU_ASSERT_EQUAL(st[RFM_FR_ST_TAGS].bits, 23 * 1024);
	CU_ASSERT_EQUAL(st[RFM_FR_ST_FREE].bits, 1024 + 11);
	CU_ASSERT_EQUAL(st[RFM_FR_ST_FREE].paper_bits, 0);
	CU_ASSERT_EQUAL(st[RFM_FR_ST_BUFFERS].bits, (1 + 3) * 1024 + 3 * (5 + 6)); /* out, an in FIFO of 3 with tags */
	CU_ASSERT_EQUAL(st[RFM_FR_ST_BUFFERS].paper_bits, 0);
	CU_ASSERT_EQUAL(st[RFM_FR_ST_SETS].bits, 2 * 8 * 32); /* live and written: a bit per register of a CTA each */
	CU_ASSERT_EQUAL(st[RFM_FR_ST_SETS].paper_bits, 0);
	g.pcrf_entries = 1536; /* the 64/192 KB split: 11-bit pointers */
	rfm_fr_storage(&g, 32, rfm_fr_eng_in_depth(4, 1), st); /* 128-byte beats: an in FIFO of 5 */
	CU_ASSERT_EQUAL(st[RFM_FR_ST_TAGS].bits, 24 * 1536);
	CU_ASSERT_EQUAL(st[RFM_FR_ST_BUFFERS].bits, (1 + 5) * 1024 + 5 * (5 + 6));
	CU_ASSERT_EQUAL(st[RFM_FR_ST_PTR].bits, 128 * 22);
}

/* The paper's Fig. 6: a 16-register file, ACRF 8 + PCRF 8, every CTA one warp of R0 .. R3. */
static const rfm_fr_geom_t toy = {.pcrf_entries = 8, .acrf_slots = 2, .ctas = 8, .active_ctas = 2, .warps = 1,
	.regs = 4, .words = 1};

static void test_finereg_fig6_backup_then_launch(void)
{
	rfm_fr_t *u = rfm_fr_create(&toy);
	uint64_t bv = 0x5; /* R0 and R2 live */
	uint8_t ready[8] = {0};
	unsigned r;
	int pick;
	CU_ASSERT_FATAL(u != NULL);
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 0, 0, 1), 0);
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 1, 1, 1), 0);
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 2, 0, 1), RFM_FR_EILLEGAL); /* slot 0 is CTA 0's */
	for (r = 0; r < 4; r++) {
		put(u, 0, 0, r, val(0, 0, r, 1));
		put(u, 1, 0, r, val(1, 0, r, 1));
	}
	/* (a) CTA 1 stalls, nothing pending, a new CTA left: back up its live registers, launch CTA 2 */
	CU_ASSERT_EQUAL(rfm_fr_decide(u, 1, &bv, ready, 1, &pick), RFM_FR_EVICT_LAUNCH);
	CU_ASSERT_EQUAL(pick, -1);
	CU_ASSERT_EQUAL(rfm_fr_evict(u, 1, &bv), 0);
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 2, 1, 1), 0);
	fr_ok(u);
	CU_ASSERT_EQUAL(u->free_count, 6);
	CU_ASSERT_EQUAL(u->pdata[0], val(1, 0, 0, 1));
	CU_ASSERT_EQUAL(u->pdata[1], val(1, 0, 2, 1));
	CU_ASSERT_EQUAL(u->tag[0].ridx, 0);
	CU_ASSERT_EQUAL(u->tag[1].ridx, 2);
	CU_ASSERT_EQUAL(u->tag[0].next, 1);
	CU_ASSERT_EQUAL(u->tag[0].end, 0);
	CU_ASSERT_EQUAL(u->tag[1].end, 1);
	CU_ASSERT_EQUAL(u->ptr[1].head, 0);
	CU_ASSERT_EQUAL(u->ptr[1].count, 2);
	CU_ASSERT_EQUAL(u->ctx[1], RFM_FR_CTX_SHMEM);
	CU_ASSERT_EQUAL(u->reg[1], RFM_FR_REG_PCRF);
	CU_ASSERT_EQUAL(u->owner[1], 2);
	CU_ASSERT_EQUAL(get(u, 2, 0, 0), 0); /* a new CTA's registers start from zero */
	CU_ASSERT_EQUAL(get(u, 0, 0, 3), val(0, 0, 3, 1));
	CU_ASSERT_EQUAL(u->n.moved_out, 2);
	rfm_fr_destroy(u);
}

/* Fig. 6 (b): the PCRF is full; CTA 4 stalls, CTA 0 (pending) is ready: back up CTA 4's live
 * registers, switch to CTA 0, assign it CTA 4's registers, restore its live ones and start the
 * others from zero. */
static void test_finereg_fig6_swap_with_full_pcrf(void)
{
	rfm_fr_t *u = rfm_fr_create(&toy);
	uint64_t all = 0xf, two = 0x9, bv4 = 0x6; /* CTA 4: R1 and R2 live */
	uint8_t ready[8] = {0};
	unsigned c, r;
	int pick;
	CU_ASSERT_FATAL(u != NULL);
	/* CTAs 0, 1, 3 run and are evicted in turn: 2 + 4 + 2 entries fill the PCRF */
	for (c = 0; c < 4; c++) {
		if (c == 2)
			continue;
		CU_ASSERT_EQUAL_FATAL(rfm_fr_launch(u, c, 0, 1), 0);
		for (r = 0; r < 4; r++)
			put(u, c, 0, r, val(c, 0, r, 1));
		CU_ASSERT_EQUAL_FATAL(rfm_fr_evict(u, c, c == 1 ? &all : &two), 0);
	}
	CU_ASSERT_EQUAL(u->free_count, 0);
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 4, 0, 1), 0);
	for (r = 0; r < 4; r++)
		put(u, 4, 0, r, val(4, 0, r, 1));
	/* nothing ready: the PCRF has no room, CTA 4 stays (a depletion stall) */
	CU_ASSERT_EQUAL(rfm_fr_decide(u, 4, &bv4, ready, 1, &pick), RFM_FR_STAY_DEPLETED);
	CU_ASSERT_EQUAL(rfm_fr_evict(u, 4, &bv4), RFM_FR_EDEPLETED);
	CU_ASSERT_EQUAL(u->n.depleted, 1);
	ready[0] = 1;
	CU_ASSERT_EQUAL(rfm_fr_decide(u, 4, &bv4, ready, 1, &pick), RFM_FR_SWAP);
	CU_ASSERT_EQUAL(pick, 0);
	CU_ASSERT_EQUAL(rfm_fr_swap(u, 4, &bv4, 0), 0);
	fr_ok(u);
	/* CTA 0 in slot 0: R0 and R3 restored, R1 and R2 (dead at its eviction) zero */
	CU_ASSERT_EQUAL(u->owner[0], 0);
	CU_ASSERT_EQUAL(get(u, 0, 0, 0), val(0, 0, 0, 1));
	CU_ASSERT_EQUAL(get(u, 0, 0, 3), val(0, 0, 3, 1));
	CU_ASSERT_EQUAL(get(u, 0, 0, 1), 0);
	CU_ASSERT_EQUAL(get(u, 0, 0, 2), 0);
	/* CTA 4 pending in the two entries CTA 0 left (0 and 1), R1 then R2 */
	CU_ASSERT_EQUAL(u->ptr[4].head, 0);
	CU_ASSERT_EQUAL(u->ptr[4].count, 2);
	CU_ASSERT_EQUAL(u->tag[0].ridx, 1);
	CU_ASSERT_EQUAL(u->tag[0].next, 1);
	CU_ASSERT_EQUAL(u->tag[1].ridx, 2);
	CU_ASSERT_EQUAL(u->pdata[0], val(4, 0, 1, 1));
	CU_ASSERT_EQUAL(u->pdata[1], val(4, 0, 2, 1));
	CU_ASSERT_EQUAL(u->free_count, 0);
	CU_ASSERT_EQUAL(u->n.swaps, 1);
	rfm_fr_destroy(u);
}

/* The paper's Fig. 11: CTA 0's chain is entries 0 -> 1 -> 4 (end), not contiguous, because 2 and 3
 * belong to another pending CTA when CTA 0 is evicted. */
static void test_finereg_fig11_chain(void)
{
	rfm_fr_t *u = rfm_fr_create(&toy);
	uint64_t two = 0x3, three = 0xb;
	CU_ASSERT_FATAL(u != NULL);
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 5, 0, 1), 0);
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 6, 1, 1), 0);
	CU_ASSERT_EQUAL(rfm_fr_evict(u, 5, &two), 0); /* entries 0, 1 */
	CU_ASSERT_EQUAL(rfm_fr_evict(u, 6, &two), 0); /* entries 2, 3 */
	CU_ASSERT_EQUAL(rfm_fr_restore(u, 5, 0), 0);  /* 0 and 1 empty again */
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 0, 1, 1), 0);
	put(u, 0, 0, 3, val(0, 0, 3, 7));
	CU_ASSERT_EQUAL(rfm_fr_evict(u, 0, &three), 0);
	fr_ok(u);
	CU_ASSERT_EQUAL(u->ptr[0].head, 0);
	CU_ASSERT_EQUAL(u->ptr[0].count, 3);
	CU_ASSERT_EQUAL(u->tag[0].next, 1);
	CU_ASSERT_EQUAL(u->tag[1].next, 4);
	CU_ASSERT_EQUAL(u->tag[4].end, 1);
	CU_ASSERT_EQUAL(u->tag[0].end + u->tag[1].end, 0);
	CU_ASSERT_EQUAL(u->tag[4].ridx, 3);
	CU_ASSERT_EQUAL(u->pdata[4], val(0, 0, 3, 7));
	/* the walk back: restored into a free slot, every live value in place */
	CU_ASSERT_EQUAL(rfm_fr_exit(u, 5), 0);
	CU_ASSERT_EQUAL(rfm_fr_restore(u, 0, 0), 0);
	CU_ASSERT_EQUAL(get(u, 0, 0, 3), val(0, 0, 3, 7));
	CU_ASSERT_EQUAL(u->free_count, 6);
	fr_ok(u);
	rfm_fr_destroy(u);
}

/* G5: one empty entry, a stalled CTA S with 3 live registers, a pending CTA P with 2, the first of
 * which lands on a live, unmoved register of S that is not S's lowest unmoved one. */
static void test_finereg_swap_order(void)
{
	rfm_fr_geom_t g = {.pcrf_entries = 3, .acrf_slots = 2, .ctas = 4, .active_ctas = 2, .warps = 2,
		.regs = 4, .words = 2};
	rfm_fr_t *u = rfm_fr_create(&g);
	uint64_t bvp[2] = {0x0, 0x5}, bvs[2] = {0x3, 0x1}; /* P: (1,0) (1,2); S: (0,0) (0,1) (1,0) */
	uint64_t bvq[2] = {0xf, 0x0};
	unsigned w, r;
	CU_ASSERT_FATAL(u != NULL);
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 0, 0, 1), 0);
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 1, 1, 1), 0);
	for (w = 0; w < 2; w++)
		for (r = 0; r < 4; r++) {
			put(u, 0, w, r, val(0, w, r, 1));
			put(u, 1, w, r, val(1, w, r, 1));
		}
	CU_ASSERT_EQUAL(rfm_fr_evict(u, 1, bvp), 0);    /* P = CTA 1 in entries 0, 1 */
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 2, 1, 1), 0);
	put(u, 2, 0, 0, val(2, 0, 0, 1));
	CU_ASSERT_EQUAL(rfm_fr_swap(u, 0, bvs, 2), RFM_FR_EILLEGAL); /* CTA 2 is not pending */
	CU_ASSERT_EQUAL(u->free_count, 1);
	/* S = CTA 0: live 3, free 1 + P's 2 = 3: admitted. A: (0,0) -> entry 2. B: P's (1,0) comes in
	 * from entry 0 and lands on S's (1,0), live and unmoved: it goes out first, to entry 0; P's
	 * (1,2) comes in from entry 1 (no live register of S there): S's lowest unmoved, (0,1), goes
	 * out to entry 1. S's chain is the move order: 2 -> 0 -> 1. */
	CU_ASSERT_EQUAL(rfm_fr_swap(u, 0, bvs, 1), 0);
	fr_ok(u);
	CU_ASSERT_EQUAL(u->ptr[0].head, 2);
	CU_ASSERT_EQUAL(u->ptr[0].count, 3);
	CU_ASSERT_EQUAL(u->tag[2].next, 0);
	CU_ASSERT_EQUAL(u->tag[0].next, 1);
	CU_ASSERT_EQUAL(u->tag[1].end, 1);
	CU_ASSERT_EQUAL(u->pdata[2 * 2], val(0, 0, 0, 1));
	CU_ASSERT_EQUAL(u->pdata[0 * 2], val(0, 1, 0, 1));
	CU_ASSERT_EQUAL(u->pdata[1 * 2], val(0, 0, 1, 1));
	CU_ASSERT_EQUAL(u->pdata[1 * 2 + 1], val(0, 0, 1, 1) + 1);
	/* P (CTA 1) in S's slot 0: its live values, zero elsewhere */
	CU_ASSERT_EQUAL(u->owner[0], 1);
	CU_ASSERT_EQUAL(get(u, 1, 1, 0), val(1, 1, 0, 1));
	CU_ASSERT_EQUAL(get(u, 1, 1, 2), val(1, 1, 2, 1));
	CU_ASSERT_EQUAL(get(u, 1, 0, 0), 0);
	CU_ASSERT_EQUAL(get(u, 1, 1, 3), 0);
	/* CTA 1 stalls with 4 live registers, CTA 0 pending with 3, nothing empty: 0 + 3 < 4 */
	CU_ASSERT_EQUAL(rfm_fr_swap(u, 1, bvq, 0), RFM_FR_EDEPLETED);
	CU_ASSERT_EQUAL(u->n.depleted, 1);
	fr_ok(u);
	/* CTA 2 stalls with 1 live register: 0 + 3 >= 1 */
	bvq[0] = 0x1;
	CU_ASSERT_EQUAL(rfm_fr_swap(u, 2, bvq, 0), 0);
	fr_ok(u);
	CU_ASSERT_EQUAL(get(u, 0, 0, 0), val(0, 0, 0, 1));
	CU_ASSERT_EQUAL(get(u, 0, 0, 1), val(0, 0, 1, 1));
	CU_ASSERT_EQUAL(get(u, 0, 1, 0), val(0, 1, 0, 1));
	CU_ASSERT_EQUAL(get(u, 0, 1, 1), 0);
	CU_ASSERT_EQUAL(u->free_count, 2);
	rfm_fr_destroy(u);
}

static void test_finereg_decide_priority(void)
{
	rfm_fr_t *u = rfm_fr_create(&(rfm_fr_geom_t){.pcrf_entries = 4, .acrf_slots = 3, .ctas = 6,
		.active_ctas = 2, .warps = 1, .regs = 4, .words = 1});
	uint64_t b2 = 0x3, b3 = 0x7;
	uint8_t ready[6] = {0};
	int pick;
	CU_ASSERT_FATAL(u != NULL);
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 0, 0, 1), 0);
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 1, 1, 1), 0);
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 2, 2, 1), RFM_FR_EILLEGAL); /* 2 CTAs in the pipeline at most */
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 2, 2, 0), 0);               /* (1,2): context in shared memory */
	CU_ASSERT_EQUAL(rfm_fr_evict(u, 1, &b2), 0);                 /* CTA 1 pending with 2 */
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 3, 1, 1), 0);
	CU_ASSERT_EQUAL(rfm_fr_evict(u, 3, &b2), 0);                 /* CTA 3 pending with 2: full */
	fr_ok(u);
	/* not ready: nothing to do without new CTAs; a new CTA needs room */
	CU_ASSERT_EQUAL(rfm_fr_decide(u, 0, &b2, ready, 0, &pick), RFM_FR_STAY_NOTHING);
	CU_ASSERT_EQUAL(rfm_fr_decide(u, 0, &b2, ready, 1, &pick), RFM_FR_STAY_DEPLETED);
	/* a ready (1,1) CTA, the lowest-numbered first; admitted with its own entries */
	ready[3] = ready[1] = 1;
	CU_ASSERT_EQUAL(rfm_fr_decide(u, 0, &b2, ready, 1, &pick), RFM_FR_SWAP);
	CU_ASSERT_EQUAL(pick, 1);
	CU_ASSERT_EQUAL(rfm_fr_decide(u, 0, &b3, ready, 1, &pick), RFM_FR_STAY_DEPLETED);
	CU_ASSERT_EQUAL(pick, 1);
	/* a ready (1,2) CTA comes before every (1,1) one */
	ready[2] = 1;
	CU_ASSERT_EQUAL(rfm_fr_decide(u, 0, &b3, ready, 1, &pick), RFM_FR_CTX_SWITCH);
	CU_ASSERT_EQUAL(pick, 2);
	CU_ASSERT_EQUAL(rfm_fr_ctx_switch(u, 0, 2), 0);
	CU_ASSERT_EQUAL(u->ctx[0], RFM_FR_CTX_SHMEM);
	CU_ASSERT_EQUAL(u->reg[0], RFM_FR_REG_ACRF);
	CU_ASSERT_EQUAL(u->ctx[2], RFM_FR_CTX_PIPE);
	CU_ASSERT_EQUAL(rfm_fr_ctx_switch(u, 0, 2), RFM_FR_EILLEGAL);
	/* CTA 2 alone in the pipeline: CTA 0 resumes into the free place, and only once */
	CU_ASSERT_EQUAL(rfm_fr_resume(u, 0), 0);
	CU_ASSERT_EQUAL(rfm_fr_resume(u, 0), RFM_FR_EILLEGAL);
	CU_ASSERT_EQUAL(u->n.resumes, 1);
	fr_ok(u);
	rfm_fr_destroy(u);
}

static void test_finereg_write_redirect(void)
{
	rfm_fr_t *u = rfm_fr_create(&toy);
	uint64_t bv = 0x2;
	CU_ASSERT_FATAL(u != NULL);
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 0, 0, 1), 0);
	put(u, 0, 0, 1, val(0, 0, 1, 1));
	CU_ASSERT_EQUAL(rfm_fr_evict(u, 0, &bv), 0);
	/* a load that was in flight returns to live R1: written into its PCRF entry */
	put(u, 0, 0, 1, val(0, 0, 1, 2));
	CU_ASSERT_EQUAL(u->pdata[0], val(0, 0, 1, 2));
	CU_ASSERT_EQUAL(u->n.redirected, 1);
	/* to dead R3: dropped */
	put(u, 0, 0, 3, val(0, 0, 3, 2));
	CU_ASSERT_EQUAL(u->n.dropped, 1);
	CU_ASSERT_EQUAL(u->free_count, 7);
	CU_ASSERT_EQUAL(rfm_fr_restore(u, 0, 1), 0);
	CU_ASSERT_EQUAL(get(u, 0, 0, 1), val(0, 0, 1, 2));
	CU_ASSERT_EQUAL(get(u, 0, 0, 3), 0);
	CU_ASSERT_EQUAL(rfm_fr_write(u, 5, 0, 0, (uint32_t[]){1}), RFM_FR_EILLEGAL); /* not launched */
	fr_ok(u);
	rfm_fr_destroy(u);
}

static void test_finereg_bit_vector_cache(void)
{
	rfm_fr_lrc_t c;
	rfm_fr_counters_t n = {0};
	uint64_t bv = 0;
	CU_ASSERT_EQUAL(rfm_fr_lrc_init(&c, 24, 3), -1);
	CU_ASSERT_EQUAL_FATAL(rfm_fr_lrc_init(&c, 32, 3), 0);
	CU_ASSERT_EQUAL(rfm_fr_lrc_index(&c, 0x0030), 6);   /* PC[7:3] */
	CU_ASSERT_EQUAL(rfm_fr_lrc_index(&c, 0x0130), 6);
	CU_ASSERT_EQUAL(rfm_fr_lrc_lookup(&c, 0x0030, &bv, &n), 0);
	rfm_fr_lrc_fill(&c, 0x0030, 0x7); /* Fig. 7: R0..R2 live at 0x0030 */
	CU_ASSERT_EQUAL(rfm_fr_lrc_lookup(&c, 0x0030, &bv, &n), 1);
	CU_ASSERT_EQUAL(bv, 0x7);
	CU_ASSERT_EQUAL(rfm_fr_lrc_lookup(&c, 0x0130, &bv, &n), 0); /* same index, other PC */
	rfm_fr_lrc_fill(&c, 0x0130, 0xf);
	CU_ASSERT_EQUAL(rfm_fr_lrc_lookup(&c, 0x0030, &bv, &n), 0); /* overwritten */
	CU_ASSERT_EQUAL(rfm_fr_lrc_lookup(&c, 0x0130, &bv, &n), 1);
	CU_ASSERT_EQUAL(bv, 0xf);
	CU_ASSERT_EQUAL(n.lrc_hits, 2);
	CU_ASSERT_EQUAL(n.lrc_misses, 3);
	rfm_fr_lrc_free(&c);
}

/* ---- random operation sequences against a shadow copy of every live value ------------------- */

typedef struct shadow {
	uint32_t v[8][4][8];    /* [cta][warp][reg]: the value the CTA must read */
	uint64_t live[8][4];    /* [cta][warp]: the live vector of its last eviction (all 1 in the ACRF) */
} shadow_t;

/* every register of a CTA in the ACRF reads its shadow value (0 where dead at the last move) */
static void check_values(rfm_fr_t *u, const shadow_t *sh)
{
	unsigned c, w, r;
	for (c = 0; c < u->g.ctas; c++)
		if (u->reg[c] == RFM_FR_REG_ACRF)
			for (w = 0; w < u->g.warps; w++)
				for (r = 0; r < u->g.regs; r++)
					CU_ASSERT_EQUAL(get(u, c, w, r), sh->v[c][w][r]);
}

/* every dead register of CTA c under bv reads 0 after its restore */
static void dead_to_zero(shadow_t *sh, const rfm_fr_t *u, unsigned c, const uint64_t *bv)
{
	unsigned w, r;
	for (w = 0; w < u->g.warps; w++)
		for (r = 0; r < u->g.regs; r++)
			if (!(bv[w] >> r & 1))
				sh->v[c][w][r] = 0;
}

/* writes to any launched CTA; a pending CTA's dead register drops them */
static void random_writes(rfm_fr_t *u, shadow_t *sh, uint64_t *seed, unsigned step)
{
	unsigned c = (unsigned)(fr_rnd(seed) % u->g.ctas), w, r, k, e, j, found;
	for (k = 0; k < 3; k++) {
		w = (unsigned)(fr_rnd(seed) % u->g.warps);
		r = (unsigned)(fr_rnd(seed) % u->g.regs);
		if (!u->reg[c])
			continue;
		found = u->reg[c] == RFM_FR_REG_ACRF;
		for (j = 0, e = u->ptr[c].head; !found && j < u->ptr[c].count; j++, e = u->tag[e].next)
			found |= u->tag[e].wid == w && u->tag[e].ridx == r;
		if (found)
			sh->v[c][w][r] = val(c, w, r, step & 0xff);
		put(u, c, w, r, val(c, w, r, step & 0xff));
	}
}

static void random_step(rfm_fr_t *u, shadow_t *sh, uint64_t *seed, unsigned step)
{
	int c, p;
	unsigned s, w;
	uint64_t bv[4], dense = fr_rnd(seed) % 3 == 0;
	for (w = 0; w < u->g.warps; w++) /* a quarter or three quarters of the registers live */
		bv[w] = (dense ? fr_rnd(seed) | fr_rnd(seed) : fr_rnd(seed) & fr_rnd(seed)) & ((1u << u->g.regs) - 1);
	for (s = 0; s < u->g.acrf_slots && u->owner[s] >= 0; s++)
		;
	switch (fr_rnd(seed) % 8) {
	case 0: /* launch into the first free slot, in the pipeline or not */
		c = fr_pick(u, seed, RFM_FR_NONE, RFM_FR_NONE);
		if (c >= 0 && s < u->g.acrf_slots && rfm_fr_launch(u, (unsigned)c, s, (int)(fr_rnd(seed) & 1)) == 0)
			memset(sh->v[c], 0, sizeof(sh->v[c]));
		break;
	case 1:
		c = fr_pick(u, seed, RFM_FR_CTX_PIPE, RFM_FR_REG_ACRF);
		if (c >= 0)
			CU_ASSERT_EQUAL(rfm_fr_exit(u, (unsigned)c), 0);
		break;
	case 2:
		c = fr_pick(u, seed, RFM_FR_CTX_PIPE, RFM_FR_REG_ACRF);
		if (c >= 0 && rfm_fr_evict(u, (unsigned)c, bv) == 0)
			dead_to_zero(sh, u, (unsigned)c, bv);
		break;
	case 3:
		c = fr_pick(u, seed, RFM_FR_CTX_PIPE, RFM_FR_REG_ACRF);
		p = fr_pick(u, seed, RFM_FR_CTX_SHMEM, RFM_FR_REG_PCRF);
		if (c >= 0 && p >= 0 && rfm_fr_swap(u, (unsigned)c, bv, (unsigned)p) == 0)
			dead_to_zero(sh, u, (unsigned)c, bv);
		break;
	case 4:
		c = fr_pick(u, seed, RFM_FR_CTX_SHMEM, RFM_FR_REG_PCRF);
		if (c >= 0 && s < u->g.acrf_slots)
			rfm_fr_restore(u, (unsigned)c, s);
		break;
	case 5:
		c = fr_pick(u, seed, RFM_FR_CTX_PIPE, RFM_FR_REG_ACRF);
		p = fr_pick(u, seed, RFM_FR_CTX_SHMEM, RFM_FR_REG_ACRF);
		if (c >= 0 && p >= 0)
			CU_ASSERT_EQUAL(rfm_fr_ctx_switch(u, (unsigned)c, (unsigned)p), 0);
		break;
	case 6:
		c = fr_pick(u, seed, RFM_FR_CTX_SHMEM, RFM_FR_REG_ACRF);
		if (c >= 0)
			rfm_fr_resume(u, (unsigned)c);
		break;
	default:
		random_writes(u, sh, seed, step);
	}
}

static void test_finereg_random_sequences(void)
{
	rfm_fr_geom_t g = {.pcrf_entries = 13, .acrf_slots = 3, .ctas = 8, .active_ctas = 2, .warps = 3,
		.regs = 5, .words = 3};
	uint64_t seed;
	unsigned step, i;
	uint64_t total[4] = {0};
	for (seed = 1; seed <= 20; seed++) {
		rfm_fr_t *u = rfm_fr_create(&g);
		shadow_t sh;
		uint64_t sd = seed * 0x9e3779b97f4a7c15ull;
		CU_ASSERT_FATAL(u != NULL);
		memset(&sh, 0, sizeof(sh));
		for (step = 0; step < 2000; step++) {
			random_step(u, &sh, &sd, step);
			fr_ok(u);
			check_values(u, &sh);
		}
		total[0] += u->n.swaps, total[1] += u->n.depleted, total[2] += u->n.redirected;
		total[3] += u->n.ctx_switches;
		CU_ASSERT(u->n.evictions > u->n.swaps && u->n.restores > u->n.swaps && u->n.dropped > 0);
		/* idempotence: evicting an active CTA and restoring it at once keeps its live values (its
		 * dead ones start from zero) and the free count */
		for (i = 0; i < g.ctas; i++)
			if (u->ctx[i] == RFM_FR_CTX_PIPE) {
				uint64_t bv[3] = {0x3, 0x10, 0x0};
				unsigned f = u->free_count, s = (unsigned)u->slot_of[i], w, r;
				if (rfm_fr_evict(u, i, bv) == 0) {
					CU_ASSERT_EQUAL(rfm_fr_restore(u, i, s), 0);
					CU_ASSERT_EQUAL(u->free_count, f);
					for (w = 0; w < g.warps; w++)
						for (r = 0; r < g.regs; r++)
							if (!(bv[w] >> r & 1))
								sh.v[i][w][r] = 0;
					check_values(u, &sh);
				}
			}
		rfm_fr_destroy(u);
	}
	/* every kind of operation happened, many times */
	CU_ASSERT(total[0] > 100 && total[1] > 100 && total[2] > 100 && total[3] > 100);
	if (!(total[0] > 100 && total[1] > 100 && total[2] > 100 && total[3] > 100))
		fprintf(stderr, "\n  swaps %llu depleted %llu redirected %llu context switches %llu\n",
			(unsigned long long)total[0], (unsigned long long)total[1], (unsigned long long)total[2],
			(unsigned long long)total[3]);
}

/* ---- the checker catches planted faults -------------------------------------------------------- */

static void planted(void (*plant)(rfm_fr_t *), const char *want)
{
	rfm_fr_t *u = rfm_fr_create(&toy);
	uint64_t a = 0x7, b = 0x3;
	char why[160] = "";
	CU_ASSERT_FATAL(u != NULL);
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 0, 0, 1), 0);
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 1, 1, 1), 0);
	CU_ASSERT_EQUAL(rfm_fr_evict(u, 0, &a), 0); /* entries 0 1 2 */
	CU_ASSERT_EQUAL(rfm_fr_evict(u, 1, &b), 0); /* entries 3 4 */
	CU_ASSERT_EQUAL(rfm_fr_launch(u, 2, 0, 1), 0);
	fr_ok(u);
	plant(u);
	CU_ASSERT_EQUAL(rfm_fr_check(u, why, sizeof(why)), -1);
	if (!strstr(why, want))
		fprintf(stderr, "\n  want \"%s\" in \"%s\"\n", want, why);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, want));
	rfm_fr_destroy(u);
}

static void free_count_off(rfm_fr_t *u) { u->free_count--; }
static void chain_skips(rfm_fr_t *u) { u->tag[0].next = 2; }
static void chains_share(rfm_fr_t *u) { u->tag[3].next = 2; }
static void entry_leaks(rfm_fr_t *u) { u->occ[6] = 1, u->free_count--; }
static void end_early(rfm_fr_t *u) { u->tag[1].end = 1; }
static void status_illegal(rfm_fr_t *u) { u->ctx[1] = RFM_FR_CTX_PIPE; }
static void slot_lost(rfm_fr_t *u) { u->owner[0] = -1; }
static void pointer_on_active(rfm_fr_t *u) { u->ptr[2].count = 1; }
/* the limit lowered to 1, a second CTA placed in the pipeline in the free slot */
static void too_many_in_pipe(rfm_fr_t *u)
{
	u->g.active_ctas = 1;
	u->ctx[3] = RFM_FR_CTX_PIPE, u->reg[3] = RFM_FR_REG_ACRF, u->slot_of[3] = 1, u->owner[1] = 3;
}

static void test_finereg_checker_catches_planted_faults(void)
{
	planted(free_count_off, "free count 2, the free-space monitor has 3 empty entries");
	planted(chain_skips, "CTA 0: entry 2 (1 of 3) has end 1");
	planted(chains_share, "is in two chains or twice in one");
	planted(entry_leaks, "entry 6 is occupied (flag 1, valid 0) but in no chain");
	planted(end_early, "entry 1 (1 of 3) has end 1");
	planted(status_illegal, "CTA 1 has status (2,1)");
	planted(slot_lost, "CTA 2: register field 2 but slot 0");
	planted(pointer_on_active, "CTA 2 is not pending but its pointer line is 0/1");
	planted(too_many_in_pipe, "2 CTAs in the pipeline, at most 1");
}

int test_finereg_register(void)
{
	CU_pSuite s = CU_add_suite("finereg", NULL, NULL);
	if (!s)
		return -1;
	if (!CU_add_test(s, "test_finereg_geometry", test_finereg_geometry) ||
	    !CU_add_test(s, "test_finereg_storage_against_paper", test_finereg_storage_against_paper) ||
	    !CU_add_test(s, "test_finereg_fig6_backup_then_launch", test_finereg_fig6_backup_then_launch) ||
	    !CU_add_test(s, "test_finereg_fig6_swap_with_full_pcrf", test_finereg_fig6_swap_with_full_pcrf) ||
	    !CU_add_test(s, "test_finereg_fig11_chain", test_finereg_fig11_chain) ||
	    !CU_add_test(s, "test_finereg_swap_order", test_finereg_swap_order) ||
	    !CU_add_test(s, "test_finereg_decide_priority", test_finereg_decide_priority) ||
	    !CU_add_test(s, "test_finereg_write_redirect", test_finereg_write_redirect) ||
	    !CU_add_test(s, "test_finereg_bit_vector_cache", test_finereg_bit_vector_cache) ||
	    !CU_add_test(s, "test_finereg_random_sequences", test_finereg_random_sequences) ||
	    !CU_add_test(s, "test_finereg_checker_catches_planted_faults", test_finereg_checker_catches_planted_faults))
		return -1;
	return 0;
}
