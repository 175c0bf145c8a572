/* test_coal_arbiter.c - CUnit suite "coal_arbiter": rfm_ca_arbitrate and the rf_coal_arbiter
 * block against the dissertation's worked examples (Radaideh 2020, Fig. 3.16a/b, section 3.6.2.4
 * and 3.6.2.5; the notes behind docs/coalescing.md: section 2.7 and section 6 items 10-17), hand-worked
 * priority cases and a brute-force check of random request matrices. */
#include <CUnit/Basic.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_coal.h"
#include "rfm_fault_ids.h"
#include "rfm_models.h"
#include "test_util.h"

/* rtl_gen/configs/fermi_coalesce.ini and small_coalesce.ini without comments. */
static const char *fermi_ca = "[rf]\nwrite_ports = 2\n[coalescing]\nenable = on\nzero_gating = dynamic\n";
static const char *small_ca = "[rf]\nlanes = 4\nlane_bits = 32\nbanks = 2\nentries = 16\nsubbanks = 4\nwrite_ports = 2\n"
			      "[sm]\nwarps = 4\nregs_per_thread = 8\nschedulers = 2\ncollectors = 3\noperands = 3\n"
			      "tag_bits = 4\n[stats]\ncounter_bits = 16\n[coalescing]\nenable = on\nzero_gating = dynamic\n";

#define MAXCELL (RFM_MAXB * 2 * RFM_MAXC)

/* A request matrix of nb banks x 2 sides x noc collectors and nwr writes. */
typedef struct mat {
	unsigned nb, noc, nwr;
	rfm_ca_wr_t wr[RFM_MAXW];
	uint8_t v[MAXCELL], m[MAXCELL];
	uint8_t wg[RFM_MAXW], g[MAXCELL];
} mat_t;

static void mat_init(mat_t *x, unsigned nb, unsigned noc, unsigned nwr)
{
	memset(x, 0, sizeof(*x));
	x->nb = nb, x->noc = noc, x->nwr = nwr;
}

static void rd(mat_t *x, unsigned i, unsigned s, unsigned j, unsigned mask)
{
	unsigned c = rfm_ca_cell(x->noc, i, s, j);
	x->v[c] = 1;
	x->m[c] = (uint8_t)mask;
}

static void wr(mat_t *x, unsigned p, unsigned bank, unsigned mask)
{
	x->wr[p].valid = 1;
	x->wr[p].bank = (uint8_t)bank;
	x->wr[p].pmask = (uint8_t)mask;
}

static void arb(mat_t *x, unsigned pri) { rfm_ca_arbitrate(x->nb, x->noc, pri, x->wr, x->nwr, x->v, x->m, x->wg, x->g); }

static unsigned granted(const mat_t *x, unsigned i, unsigned s, unsigned j) { return x->g[rfm_ca_cell(x->noc, i, s, j)]; }

static unsigned ngranted(const mat_t *x)
{
	unsigned c, n = 0;
	for (c = 0; c < x->nb * 2 * x->noc; c++)
		n += x->g[c];
	return n;
}

/* Fig. 3.16a: the baseline request matrix (rows banks, columns collectors), every mask 1111 on
 * one side; from pri = 0 the grants of cycles 1, 2, 3 are {(1,3),(2,2),(3,1)}, {(0,1),(1,0),(3,3)},
 * {(0,2),(2,0)}; a granted request leaves the matrix. */
static void test_ca_fig3_16a_baseline_three_cycles(void)
{
	static const unsigned req[8][2] = {{0, 1}, {0, 2}, {1, 0}, {1, 3}, {2, 0}, {2, 2}, {3, 1}, {3, 3}};
	static const unsigned want[3][3][2] = {{{1, 3}, {2, 2}, {3, 1}}, {{0, 1}, {1, 0}, {3, 3}}, {{0, 2}, {2, 0}, {9, 9}}};
	mat_t x;
	unsigned k, cyc, a;
	mat_init(&x, 4, 4, 2);
	for (k = 0; k < 8; k++)
		rd(&x, req[k][0], RFM_CA_R, req[k][1], 0xf);
	for (cyc = 0; cyc < 3; cyc++) {
		unsigned n = 0;
		arb(&x, cyc);
		for (a = 0; a < 3; a++)
			if (want[cyc][a][0] < 4) {
				CU_ASSERT_EQUAL(granted(&x, want[cyc][a][0], RFM_CA_R, want[cyc][a][1]), 1);
				n++;
			}
		CU_ASSERT_EQUAL(ngranted(&x), n);
		for (k = 0; k < 4 * 2 * 4; k++)
			if (x.g[k])
				x.v[k] = 0;
	}
	for (k = 0; k < 4 * 2 * 4; k++)
		CU_ASSERT_EQUAL(x.v[k], 0);
}

/* Fig. 3.16b: the same 8 requests with their masks, on both sides: all 8 granted in one cycle
 * whatever the priority diagonal. */
static void test_ca_fig3_16b_all_eight_in_one_cycle(void)
{
	mat_t x;
	unsigned pri;
	for (pri = 0; pri < 4; pri++) {
		mat_init(&x, 4, 4, 2);
		rd(&x, 0, RFM_CA_L, 2, 0xc);
		rd(&x, 0, RFM_CA_R, 1, 0x3);
		rd(&x, 1, RFM_CA_L, 3, 0xc);
		rd(&x, 1, RFM_CA_R, 0, 0x1);
		rd(&x, 2, RFM_CA_L, 0, 0xe);
		rd(&x, 2, RFM_CA_R, 2, 0x1);
		rd(&x, 3, RFM_CA_L, 1, 0x8);
		rd(&x, 3, RFM_CA_R, 3, 0x3);
		arb(&x, pri);
		CU_ASSERT_EQUAL(ngranted(&x), 8);
		CU_ASSERT_EQUAL(granted(&x, 2, RFM_CA_L, 0), 1);
		CU_ASSERT_EQUAL(granted(&x, 3, RFM_CA_R, 3), 1);
	}
}

/* Section 3.6.2.4: a read of R2 (even, 1 byte: 0001) and a write to R3 (odd, 3 bytes: 1110) in one
 * bank coalesce; so do two reads of those widths; R 0111 and L 1100 conflict on sub-bank 2. */
static void test_ca_dual_access_examples(void)
{
	mat_t x;
	CU_ASSERT_EQUAL(rfm_cw_pmask(0, 0), 0x1);
	CU_ASSERT_EQUAL(rfm_cw_pmask(2, 1), 0xe);
	/* read R2 + write R3 */
	mat_init(&x, 4, 4, 2);
	wr(&x, 0, 1, rfm_cw_pmask(2, 1));
	rd(&x, 1, RFM_CA_R, 2, rfm_cw_pmask(0, 0));
	arb(&x, 0);
	CU_ASSERT_EQUAL(x.wg[0], 1);
	CU_ASSERT_EQUAL(granted(&x, 1, RFM_CA_R, 2), 1);
	/* read R2 + read R3, different collectors, and of one collector (one packed collector write) */
	mat_init(&x, 4, 4, 2);
	rd(&x, 1, RFM_CA_R, 2, 0x1);
	rd(&x, 1, RFM_CA_L, 0, 0xe);
	arb(&x, 0);
	CU_ASSERT_EQUAL(ngranted(&x), 2);
	mat_init(&x, 4, 4, 2);
	rd(&x, 1, RFM_CA_R, 2, 0x1);
	rd(&x, 1, RFM_CA_L, 2, 0xe);
	arb(&x, 3);
	CU_ASSERT_EQUAL(ngranted(&x), 2);
	/* 0111 vs 1100, one cell: R first */
	mat_init(&x, 4, 4, 2);
	rd(&x, 0, RFM_CA_R, 0, 0x7);
	rd(&x, 0, RFM_CA_L, 0, 0xc);
	arb(&x, 2);
	CU_ASSERT_EQUAL(granted(&x, 0, RFM_CA_R, 0), 1);
	CU_ASSERT_EQUAL(granted(&x, 0, RFM_CA_L, 0), 0);
	/* 0111 (collector 1, diagonal 1) vs 1100 (collector 2, diagonal 2): the diagonal nearer pri wins */
	mat_init(&x, 4, 4, 2);
	rd(&x, 0, RFM_CA_R, 1, 0x7);
	rd(&x, 0, RFM_CA_L, 2, 0xc);
	arb(&x, 1);
	CU_ASSERT_EQUAL(granted(&x, 0, RFM_CA_R, 1), 1);
	CU_ASSERT_EQUAL(granted(&x, 0, RFM_CA_L, 2), 0);
	arb(&x, 2);
	CU_ASSERT_EQUAL(granted(&x, 0, RFM_CA_R, 1), 0);
	CU_ASSERT_EQUAL(granted(&x, 0, RFM_CA_L, 2), 1);
	/* two banks into one collector: 0011 from bank 0 and 1100 from bank 1, one packed write */
	mat_init(&x, 4, 4, 2);
	rd(&x, 0, RFM_CA_R, 0, 0x3);
	rd(&x, 1, RFM_CA_L, 0, 0xc);
	arb(&x, 1);
	CU_ASSERT_EQUAL(ngranted(&x), 2);
	/* ... but 0011 and 1110 overlap on slice 1 of the collector */
	mat_init(&x, 4, 4, 2);
	rd(&x, 0, RFM_CA_R, 0, 0x3);
	rd(&x, 1, RFM_CA_L, 0, 0xe);
	arb(&x, 0); /* diagonal 0 holds (0, 0); (1, 0) is on diagonal 1 */
	CU_ASSERT_EQUAL(granted(&x, 0, RFM_CA_R, 0), 1);
	CU_ASSERT_EQUAL(granted(&x, 1, RFM_CA_L, 0), 0);
}

/* Section 3.6.2.5's priority: execution writes over memory writes, writes over reads; a write
 * holds only its own sub-banks. */
static void test_ca_write_priority(void)
{
	mat_t x;
	/* overlapping writes to one bank: the execution port wins, the memory write waits */
	mat_init(&x, 4, 4, 2);
	wr(&x, 0, 2, 0x1);
	wr(&x, 1, 2, 0x3);
	arb(&x, 0);
	CU_ASSERT_EQUAL(x.wg[0], 1);
	CU_ASSERT_EQUAL(x.wg[1], 0);
	/* the same masks in different banks, or disjoint in one bank: both */
	x.wr[1].bank = 3;
	arb(&x, 0);
	CU_ASSERT_EQUAL(x.wg[1], 1);
	x.wr[1].bank = 2;
	x.wr[1].pmask = 0x8;
	arb(&x, 0);
	CU_ASSERT_EQUAL(x.wg[0] + x.wg[1], 2);
	/* a memory write is not blocked by an exec write that is not there */
	mat_init(&x, 4, 4, 2);
	wr(&x, 1, 0, 0xf);
	arb(&x, 0);
	CU_ASSERT_EQUAL(x.wg[1], 1);
	/* a write 0011 in bank 0 blocks the R read 0001 there, not the L read 1100 nor bank 1's read;
	 * the read is refused even on the top-priority diagonal */
	mat_init(&x, 4, 4, 2);
	wr(&x, 1, 0, 0x3);
	rd(&x, 0, RFM_CA_R, 0, 0x1);
	rd(&x, 0, RFM_CA_L, 1, 0xc);
	rd(&x, 1, RFM_CA_R, 2, 0xf);
	arb(&x, 0);
	CU_ASSERT_EQUAL(x.wg[1], 1);
	CU_ASSERT_EQUAL(granted(&x, 0, RFM_CA_R, 0), 0);
	CU_ASSERT_EQUAL(granted(&x, 0, RFM_CA_L, 1), 1);
	CU_ASSERT_EQUAL(granted(&x, 1, RFM_CA_R, 2), 1);
	/* a full-width write takes the whole bank */
	x.wr[1].pmask = 0xf;
	arb(&x, 0);
	CU_ASSERT_EQUAL(granted(&x, 0, RFM_CA_R, 0) + granted(&x, 0, RFM_CA_L, 1), 0);
	CU_ASSERT_EQUAL(granted(&x, 1, RFM_CA_R, 2), 1);
}

/* Two requests compete: a shared sub-bank of one bank, or (two reads) a shared collector slice. */
typedef struct rq {
	int col;
	unsigned bank, mask, rank;
} rq_t;

static int conflict(const rq_t *a, const rq_t *b)
{
	return (a->mask & b->mask) && (a->bank == b->bank || (a->col >= 0 && a->col == b->col));
}

/* A legal mask: a width 1..4 right-aligned (R) or its reverse (L). */
static unsigned rand_mask(rfm_rng_t *r, unsigned side)
{
	return rfm_cw_pmask((unsigned)rfm_rng_below(r, 4), side);
}

/* Random matrices on random shapes, checked by brute force: the grant set is conflict-free and
 * maximal (every refused request conflicts with a grant), and each refusal is caused by a grant of
 * higher priority (writes by port, then reads by (diagonal - pri) mod N, R before L). */
static void test_ca_random_matrices_maximal(void)
{
	rfm_rng_t r;
	unsigned t, bad = 0;
	rfm_rng_seed(&r, 11);
	for (t = 0; t < 20000 && !bad; t++) {
		mat_t x;
		rq_t q[MAXCELL + RFM_MAXW];
		unsigned g[MAXCELL + RFM_MAXW];
		unsigned nb = 1 + (unsigned)rfm_rng_below(&r, 5), noc = 1 + (unsigned)rfm_rng_below(&r, 5);
		unsigned n = rfm_ca_n(nb, noc), pri = (unsigned)rfm_rng_below(&r, n), nq = 0, i, s, j, p, a, b;
		unsigned density = 1 + (unsigned)rfm_rng_below(&r, 4);
		mat_init(&x, nb, noc, 1 + (unsigned)rfm_rng_below(&r, 2));
		for (p = 0; p < x.nwr; p++)
			if (rfm_rng_chance(&r, 1, 2))
				wr(&x, p, (unsigned)rfm_rng_below(&r, nb), rand_mask(&r, (unsigned)rfm_rng_below(&r, 2)));
		for (i = 0; i < nb; i++)
			for (s = 0; s < 2; s++)
				for (j = 0; j < noc; j++)
					if (rfm_rng_below(&r, 4) < density)
						rd(&x, i, s, j, rand_mask(&r, s));
		arb(&x, pri);
		for (p = 0; p < x.nwr; p++) {
			if (!x.wr[p].valid) {
				bad += x.wg[p];
				continue;
			}
			g[nq] = x.wg[p];
			q[nq++] = (rq_t){-1, x.wr[p].bank, x.wr[p].pmask, p};
		}
		for (i = 0; i < nb; i++)
			for (s = 0; s < 2; s++)
				for (j = 0; j < noc; j++) {
					unsigned c = rfm_ca_cell(noc, i, s, j);
					if (!x.v[c]) {
						bad += x.g[c];
						continue;
					}
					g[nq] = x.g[c];
					q[nq++] = (rq_t){(int)j, i, x.m[c], 2 + 2 * ((i + j + n - pri) % n) + s};
				}
		for (a = 0; a < nq; a++) {
			int blocked = 0, blocked_before = 0;
			for (b = 0; b < nq; b++)
				if (b != a && g[b] && conflict(&q[a], &q[b])) {
					blocked = 1;
					blocked_before |= q[b].rank < q[a].rank;
					bad += g[a]; /* two grants conflict */
				}
			bad += !g[a] && !blocked;        /* not maximal */
			bad += !g[a] && !blocked_before; /* refused by a grant of lower priority only */
		}
	}
	CU_ASSERT_EQUAL(bad, 0);
}

/* Section 6 item 15: every mask 1111 and one side: the grants are a plain wrapped-wavefront
 * arbiter's over (bank, collector), written here by columns. */
static void test_ca_full_masks_are_the_baseline(void)
{
	rfm_rng_t r;
	unsigned t, bad = 0;
	rfm_rng_seed(&r, 5);
	for (t = 0; t < 5000; t++) {
		mat_t x;
		unsigned nb = 1 + (unsigned)rfm_rng_below(&r, 6), noc = 1 + (unsigned)rfm_rng_below(&r, 6);
		unsigned n = rfm_ca_n(nb, noc), pri = (unsigned)rfm_rng_below(&r, n), i, j, q;
		uint8_t req[36], bank_busy[6] = {0}, oc_busy[6] = {0}, want[36] = {0};
		mat_init(&x, nb, noc, 1);
		for (i = 0; i < nb; i++)
			for (j = 0; j < noc; j++)
				if ((req[i * noc + j] = (uint8_t)rfm_rng_chance(&r, 1, 2)))
					rd(&x, i, RFM_CA_R, j, 0xf);
		arb(&x, pri);
		for (q = 0; q < n; q++)
			for (j = 0; j < noc; j++) {
				i = (pri + q + n - j) % n;
				if (i < nb && req[i * noc + j] && !bank_busy[i] && !oc_busy[j])
					want[i * noc + j] = bank_busy[i] = oc_busy[j] = 1;
			}
		for (i = 0; i < nb; i++)
			for (j = 0; j < noc; j++)
				bad += want[i * noc + j] != granted(&x, i, RFM_CA_R, j);
	}
	CU_ASSERT_EQUAL(bad, 0);
}

/* The block: pri_o is 0 after reset and moves +1 mod N every cycle; the Fig. 3.16a grants through
 * the ports; sb_o and oc_o are the claims. */
static void test_ca_block_ports(void)
{
	rfm_cfg_t c;
	rfm_model_t *m;
	unsigned k, cyc;
	uint32_t *v, *pm;
	tu_cfg_ok(&c, small_ca);
	m = rfm_model_create("rf_coal_arbiter", &c);
	CU_ASSERT_FATAL(m != NULL);
	tu_clear_inputs(m);
	tu_set(m, "rst_ni", 0);
	tu_cycle(m);
	tu_set(m, "rst_ni", 1);
	for (k = 0; k < 7; k++) {
		rfm_model_eval(m);
		CU_ASSERT_EQUAL(tu_get(m, "pri_o"), k % 3); /* N = max(2 banks, 3 collectors) */
		rfm_model_tick(m);
	}
	rfm_model_destroy(m);

	tu_cfg_ok(&c, fermi_ca);
	m = rfm_model_create("rf_coal_arbiter", &c);
	CU_ASSERT_FATAL(m != NULL);
	tu_clear_inputs(m);
	tu_set(m, "rst_ni", 0);
	tu_cycle(m);
	tu_set(m, "rst_ni", 1);
	v = tu_wide(m, "rd_valid_i");
	pm = tu_wide(m, "rd_pmask_i");
	{
		static const unsigned req[8][2] = {{0, 1}, {0, 2}, {1, 0}, {1, 3}, {2, 0}, {2, 2}, {3, 1}, {3, 3}};
		static const unsigned ngnt[3] = {3, 3, 2};
		for (k = 0; k < 8; k++) {
			unsigned cell = rfm_ca_cell(4, req[k][0], RFM_CA_R, req[k][1]);
			rfm_bits_set(v, cell, 1, 1);
			rfm_bits_set(pm, 4 * cell, 4, 0xf);
		}
		for (cyc = 0; cyc < 3; cyc++) {
			uint64_t g;
			rfm_model_eval(m);
			g = tu_get(m, "rgnt_o");
			CU_ASSERT_EQUAL(tu_get(m, "pri_o"), cyc);
			CU_ASSERT_EQUAL((unsigned)__builtin_popcountll(g), ngnt[cyc]);
			if (cyc == 0) { /* (1,3), (2,2), (3,1): banks 1..3 and collectors 1..3 fully claimed */
				CU_ASSERT_EQUAL(g, (1ull << rfm_ca_cell(4, 1, 0, 3)) | (1ull << rfm_ca_cell(4, 2, 0, 2)) |
							   (1ull << rfm_ca_cell(4, 3, 0, 1)));
				CU_ASSERT_EQUAL(tu_get(m, "sb_o"), 0xfff0);
				CU_ASSERT_EQUAL(tu_get(m, "oc_o"), 0xfff0);
			}
			rfm_model_tick(m);
			v[0] &= ~(uint32_t)g; /* the granted requests leave */
		}
		CU_ASSERT_EQUAL(v[0], 0);
	}
	/* a write: wgnt_o and its claim in sb_o */
	tu_set(m, "wr1_valid_i", 1);
	tu_set(m, "wr1_bank_i", 2);
	tu_set(m, "wr1_pmask_i", 0x8);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "wgnt_o"), 2);
	CU_ASSERT_EQUAL(tu_get(m, "sb_o"), 0x800);
	CU_ASSERT_EQUAL(tu_get(m, "oc_o"), 0);
	rfm_model_destroy(m);
}

/* The checker (invariants 10-17, the baseline comparison, the worked examples, the starvation
 * bound) passes the model and catches each planted fault of rf_coal_arbiter in the model. */
static void test_ca_checker_catches_planted_faults(void)
{
	static const unsigned faults[] = {
		RFM_FAULT_ARB_L_BEFORE_R, RFM_FAULT_ARB_MAIN_DIAGONALS, RFM_FAULT_ARB_PRI_STALLS,
		RFM_FAULT_ARB_WRITES_DO_NOT_HOLD, RFM_FAULT_ARB_MEMORY_BEFORE_EXEC, RFM_FAULT_ARB_READS_SHARE_SUBBANKS,
		RFM_FAULT_ARB_SLICES_UNCHECKED, RFM_FAULT_ARB_ONE_READ_PER_BANK, RFM_FAULT_ARB_WRITES_IGNORE_BANK,
	};
	unsigned i, n;
	CU_ASSERT_EQUAL(tu_run_checked(fermi_ca, "rf_coal_arbiter", 0, 20000), 0);
	CU_ASSERT_EQUAL(tu_run_checked(small_ca, "rf_coal_arbiter", 0, 20000), 0);
	for (i = 0; i < sizeof(faults) / sizeof(faults[0]); i++) {
		n = faults[i];
		uint64_t f = tu_run_checked(fermi_ca, "rf_coal_arbiter", n, 20000);
		uint64_t s = tu_run_checked(small_ca, "rf_coal_arbiter", n, 20000);
		if (!f || !s)
			fprintf(stderr, "\n  fault %u not caught (fermi %llu, small %llu)", n, (unsigned long long)f,
				(unsigned long long)s);
		CU_ASSERT(f != 0);
		CU_ASSERT(s != 0);
	}
}

int test_coal_arbiter_register(void)
{
	CU_pSuite s = CU_add_suite("coal_arbiter", NULL, NULL);
	if (!s)
		return -1;
	if (!CU_add_test(s, "test_ca_fig3_16a_baseline_three_cycles", test_ca_fig3_16a_baseline_three_cycles) ||
	    !CU_add_test(s, "test_ca_fig3_16b_all_eight_in_one_cycle", test_ca_fig3_16b_all_eight_in_one_cycle) ||
	    !CU_add_test(s, "test_ca_dual_access_examples", test_ca_dual_access_examples) ||
	    !CU_add_test(s, "test_ca_write_priority", test_ca_write_priority) ||
	    !CU_add_test(s, "test_ca_random_matrices_maximal", test_ca_random_matrices_maximal) ||
	    !CU_add_test(s, "test_ca_full_masks_are_the_baseline", test_ca_full_masks_are_the_baseline) ||
	    !CU_add_test(s, "test_ca_block_ports", test_ca_block_ports) ||
	    !CU_add_test(s, "test_ca_checker_catches_planted_faults", test_ca_checker_catches_planted_faults))
		return -1;
	return 0;
}
