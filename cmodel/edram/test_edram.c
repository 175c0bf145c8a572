/* test_edram.c - CUnit suite "edram": the eDRAM file's pieces against the paper and the extract's
 * invariants (docs/edram.md): Table 1, the refresh controller (intervals, counter, deferral,
 * stagger), the segmentation truth table, the refresh-count identity and the 0.5625 energy ratio,
 * the wire shuffler, the 0.67% transistor estimate, and the decay overlay in both modes. */
#include <CUnit/Basic.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_edram.h"

/* The paper's file: 16 banks x 64 rows of 32 x 32 bits, 16 critical bits, M = 3, 11 nm (T0 512). */
static const rfm_edram_geom_t paper = {16, 64, 32, 32, 16, 3, 512, 0};

/* A small file for cycle-by-cycle runs. */
static const rfm_edram_geom_t small = {2, 8, 4, 32, 16, 2, 64, 0};

static uint64_t rng_state = 1;
static unsigned rnd(unsigned n)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)((rng_state >> 33) % n);
}

static void test_edram_nodes(void)
{
	CU_ASSERT_STRING_EQUAL(rfm_edram_nodes[RFM_EDRAM_11NM].name, "11nm");
	CU_ASSERT_EQUAL(rfm_edram_nodes[RFM_EDRAM_22NM].read_fj, 316);
	CU_ASSERT_EQUAL(rfm_edram_nodes[RFM_EDRAM_16NM].write_fj, 134);
	CU_ASSERT_EQUAL(rfm_edram_nodes[RFM_EDRAM_11NM].write_fj, 121);
	CU_ASSERT_DOUBLE_EQUAL(rfm_edram_nodes[RFM_EDRAM_11NM].leak_uw, 50.2, 1e-9);
	CU_ASSERT_EQUAL(rfm_edram_nodes[RFM_EDRAM_22NM].retention, 2048);
	CU_ASSERT_EQUAL(rfm_edram_nodes[RFM_EDRAM_16NM].retention, 1024);
	CU_ASSERT_EQUAL(rfm_edram_nodes[RFM_EDRAM_11NM].retention, 512);
}

/* P = floor((T0 - max_defer) / rows), at least 2, max_defer below it; the other ranges. */
static void test_edram_geometry_rules(void)
{
	rfm_edram_geom_t g = paper;
	char why[160];
	CU_ASSERT_EQUAL(rfm_edram_interval(&g), 8);
	CU_ASSERT_EQUAL(rfm_edram_geom_check(&g, why, sizeof(why)), 0);
	g.t0 = 2048;
	CU_ASSERT_EQUAL(rfm_edram_interval(&g), 32);
	g.max_defer = 31;
	CU_ASSERT_EQUAL(rfm_edram_interval(&g), 31);
	CU_ASSERT_EQUAL(rfm_edram_geom_check(&g, why, sizeof(why)), -1); /* 31 not below 31 */
	CU_ASSERT(strstr(why, "max_defer") != NULL);
	g.max_defer = 30;
	CU_ASSERT_EQUAL(rfm_edram_geom_check(&g, why, sizeof(why)), 0);
	g = paper;
	g.t0 = 127; /* P = 1 */
	CU_ASSERT_EQUAL(rfm_edram_geom_check(&g, why, sizeof(why)), -1);
	CU_ASSERT(strstr(why, "below 2") != NULL);
	g = paper;
	g.m = 0;
	CU_ASSERT_EQUAL(rfm_edram_geom_check(&g, why, sizeof(why)), -1);
	g = paper;
	g.crit_bits = 32;
	CU_ASSERT_EQUAL(rfm_edram_geom_check(&g, why, sizeof(why)), -1);
	g.crit_bits = 0;
	CU_ASSERT_EQUAL(rfm_edram_geom_check(&g, why, sizeof(why)), -1);
	g.crit_bits = 31;
	CU_ASSERT_EQUAL(rfm_edram_geom_check(&g, why, sizeof(why)), 0);
}

/* Faults the checks below must catch, planted in the controller's outputs and state. */
enum { F_NONE, F_SKIP_ONE, F_CNT_EARLY, F_FORCE_IDLE };
enum { V_INTERVAL = 1, V_CNT = 2, V_WAIT = 4, V_FORCED = 8, V_OPS = 16 };

/* One bank's controller under random accesses (busy with probability busy_pct %) for cycles:
 * the invariants it broke (V_*), with fault planted once after the first sweep. */
static unsigned run_bank(const rfm_edram_geom_t *g, unsigned b, unsigned busy_pct, uint64_t cycles, int fault)
{
	rfm_edram_rctl_t q;
	rfm_edram_rout_t o;
	uint64_t t, last[256], sweeps = 0, ops = 0, wait = 0, at = (uint64_t)g->t0 + 37u;
	unsigned p = rfm_edram_interval(g), cnt_prev = 0, r, v = 0;
	rfm_edram_rctl_reset(g, b, &q);
	CU_ASSERT_EQUAL(q.timer, (b * p) / g->banks);
	for (r = 0; r < g->rows; r++)
		last[r] = 0;
	for (t = 0; t < cycles; t++) {
		int busy = rnd(100) < busy_pct;
		unsigned defer_before = q.defer;
		rfm_edram_rctl_comb(g, &q, busy, &o);
		if (t >= at && fault == F_SKIP_ONE && o.issue) /* one refresh dropped: the row waits a sweep */
			o.issue = o.forced = 0, fault = F_NONE;
		if (t >= at && fault == F_FORCE_IDLE && !busy && q.pending)
			o.forced = 1, fault = F_NONE;
		if (o.forced && (!busy || defer_before < g->max_defer))
			v |= V_FORCED;
		wait = q.pending && !o.issue ? wait + 1 : 0;
		if (wait > g->max_defer) /* invariant 8: a pending refresh waits at most max_defer cycles */
			v |= V_WAIT;
		if (o.issue) {
			ops++;
			/* invariant 5: every row's critical sub-row within T0 of its previous restore */
			if (t - last[o.row] > g->t0)
				v |= V_INTERVAL;
			last[o.row] = t;
		}
		rfm_edram_rctl_clock(g, &q, &o);
		if (t >= at && fault == F_CNT_EARLY && q.rp == 5) /* the counter moves inside a sweep */
			q.cnt = (q.cnt + 1u) & ((1u << g->m) - 1u), fault = F_NONE;
		if (q.cnt != cnt_prev) { /* invariant 6: once per sweep, at the wrap, mod 2^M */
			if (q.rp != 0 || q.cnt != ((cnt_prev + 1u) & ((1u << g->m) - 1u)))
				v |= V_CNT;
			cnt_prev = q.cnt;
			sweeps++;
		}
	}
	if (sweeps + 1 < cycles / ((uint64_t)g->rows * p) || ops / g->rows < sweeps || ops / g->rows > sweeps + 1)
		v |= V_OPS; /* rows refresh operations per sweep */
	return v;
}

static void test_edram_refresh_controller(void)
{
	rfm_edram_geom_t g = paper, d = small;
	unsigned b;
	for (b = 0; b < g.banks; b += 5)
		CU_ASSERT_EQUAL(run_bank(&g, b, 50, 40000, F_NONE), 0);
	CU_ASSERT_EQUAL(run_bank(&g, 3, 100, 20000, F_NONE), 0); /* always busy: every refresh forced */
	d.max_defer = 3;                                         /* deferral: P = (64 - 3) / 8 = 7 */
	CU_ASSERT_EQUAL(rfm_edram_interval(&d), 7);
	CU_ASSERT_EQUAL(run_bank(&d, 1, 70, 40000, F_NONE), 0);
	CU_ASSERT_EQUAL(run_bank(&d, 0, 100, 5000, F_NONE), 0);
	CU_ASSERT_EQUAL(run_bank(&d, 1, 0, 5000, F_NONE), 0);
	/* the checks catch planted faults */
	CU_ASSERT(run_bank(&g, 2, 50, 40000, F_SKIP_ONE) & V_INTERVAL);
	CU_ASSERT(run_bank(&g, 2, 50, 40000, F_SKIP_ONE) & V_WAIT);
	CU_ASSERT(run_bank(&g, 2, 50, 40000, F_CNT_EARLY) & V_CNT);
	CU_ASSERT(run_bank(&d, 1, 50, 40000, F_FORCE_IDLE) & V_FORCED);
}

/* The banks' first refreshes are staggered: no two of the paper's 16 banks issue in one cycle at
 * the start (P = 8, so two banks share each timer phase at most). */
static void test_edram_stagger(void)
{
	rfm_edram_rctl_t q[16];
	rfm_edram_rout_t o;
	unsigned b, t, per_cycle_max = 0;
	for (b = 0; b < 16; b++)
		rfm_edram_rctl_reset(&paper, b, &q[b]);
	for (t = 0; t < 64; t++) {
		unsigned n = 0;
		for (b = 0; b < 16; b++) {
			rfm_edram_rctl_comb(&paper, &q[b], 0, &o);
			n += o.issue;
			rfm_edram_rctl_clock(&paper, &q[b], &o);
		}
		if (n > per_cycle_max)
			per_cycle_max = n;
	}
	CU_ASSERT_EQUAL(per_cycle_max, 2);
}

/* Invariant 11: SWL_nc = WL during a normal access; during a refresh WL & (flag | cnt == 0). */
static void test_edram_segmentation_truth_table(void)
{
	int wl, rf, fl, cz;
	for (wl = 0; wl < 2; wl++)
		for (rf = 0; rf < 2; rf++)
			for (fl = 0; fl < 2; fl++)
				for (cz = 0; cz < 2; cz++) {
					int want = rf ? (wl && (fl || cz)) : wl;
					CU_ASSERT_EQUAL(rfm_edram_swl_nc(wl, rf, fl, cz), want);
				}
}

/* Invariant 7: over 2^M sweeps with static flags, critical refreshes = 2^M rows and noncritical =
 * 2^M precise rows + approximate rows; all approximate gives 1 - 0.5 (1 - 2^-M) of the precise
 * file's refresh energy (0.5625 at M = 3). */
static void test_edram_count_identity_and_energy(void)
{
	rfm_edram_geom_t g = paper;
	rfm_edram_rctl_t q;
	rfm_edram_rout_t o;
	rfm_edram_acts_t a = {0, 0};
	const rfm_edram_node_t *n = &rfm_edram_nodes[RFM_EDRAM_11NM];
	unsigned flags[64], r, nprecise = 0, m;
	uint64_t t;
	for (r = 0; r < 64; r++)
		nprecise += flags[r] = rnd(3) == 0;
	rfm_edram_rctl_reset(&g, 0, &q);
	for (t = 0; a.refreshes < 8u * 64u; t++) {
		rfm_edram_rctl_comb(&g, &q, 0, &o);
		if (o.issue) {
			a.refreshes++;
			a.nc_rows += (uint64_t)rfm_edram_swl_nc(1, 1, (int)flags[o.row], o.cnt_zero);
		}
		rfm_edram_rctl_clock(&g, &q, &o);
	}
	CU_ASSERT_EQUAL(a.nc_rows, 8u * nprecise + (64u - nprecise));
	for (m = 1; m <= 4; m++) { /* all approximate: one noncritical refresh per row per 2^M sweeps */
		rfm_edram_acts_t all = {(1ull << m) * 64u, 64u};
		g.m = m;
		CU_ASSERT_DOUBLE_EQUAL(rfm_edram_refresh_fj(&g, n, &all) / rfm_edram_precise_refresh_fj(&g, n, &all),
				       1.0 - 0.5 * (1.0 - 1.0 / (double)(1u << m)), 1e-12);
	}
	g.m = 3;
	{
		rfm_edram_acts_t all = {8u * 64u, 64u};
		CU_ASSERT_DOUBLE_EQUAL(rfm_edram_refresh_fj(&g, n, &all) / rfm_edram_precise_refresh_fj(&g, n, &all),
				       0.5625, 1e-12);
		/* a precise row refresh costs one read plus one write of the node: 377 fJ at 11 nm */
		CU_ASSERT_DOUBLE_EQUAL(rfm_edram_precise_refresh_fj(&g, n, &all), 512.0 * 377.0, 1e-6);
	}
}

/* Invariant 9: the shuffler is a bijection, and the critical columns hold only bits >= nc bits. */
static void test_edram_shuffle(void)
{
	rfm_edram_geom_t g = paper;
	uint32_t row[32], back[32], crit[32], nc[32], one[32]; /* crit and nc: room for uneven splits */
	unsigned i, l, b;
	for (i = 0; i < 32; i++)
		row[i] = (uint32_t)rnd(1u << 16) << 16 | rnd(1u << 16);
	rfm_edram_shuffle(&g, row, crit, nc);
	rfm_edram_unshuffle(&g, crit, nc, back);
	CU_ASSERT_EQUAL(memcmp(row, back, sizeof(row)), 0);
	for (l = 0; l < 32; l += 7) /* one bit at a time: where it lands */
		for (b = 0; b < 32; b += 5) {
			memset(one, 0, sizeof(one));
			one[l] = 1u << b;
			rfm_edram_shuffle(&g, one, crit, nc);
			if (b >= 16) {
				CU_ASSERT_EQUAL((crit[(l * 16 + b - 16) / 32] >> ((l * 16 + b - 16) % 32)) & 1u, 1);
			} else {
				CU_ASSERT_EQUAL((nc[(l * 16 + b) / 32] >> ((l * 16 + b) % 32)) & 1u, 1);
			}
		}
	g.crit_bits = 20; /* an uneven split: 20 critical, 12 noncritical bits */
	rfm_edram_shuffle(&g, row, crit, nc);
	rfm_edram_unshuffle(&g, crit, nc, back);
	CU_ASSERT_EQUAL(memcmp(row, back, sizeof(row)), 0);
}

/* Invariant 14: the paper's +0.67% of the bank's transistors. */
static void test_edram_transistor_estimate(void)
{
	double x = rfm_edram_transistor_overhead(&paper);
	CU_ASSERT_DOUBLE_EQUAL(x, 1316.0 / 196608.0, 1e-15);
	CU_ASSERT(x * 100.0 >= 0.665 && x * 100.0 < 0.675); /* 0.67% */
}

static int flags_all_approx(void *ctx, unsigned bank, unsigned row) { (void)ctx, (void)bank, (void)row; return 0; }
static int flags_even_rows_precise(void *ctx, unsigned bank, unsigned row)
{
	(void)ctx, (void)bank;
	return (row & 1u) == 0;
}

/* Paper mode: BER x cells errors over each 2^M ticks (the accumulator keeps the remainder), only
 * noncritical bits of approximate rows, discharge only, the same draws for the same seed. */
static void test_edram_decay_paper_mode(void)
{
	rfm_edram_decay_t *a = rfm_edram_decay_create(&paper, RFM_DECAY_PAPER, 0, 1000000, 7, 0); /* BER 1e-3 */
	rfm_edram_decay_t *b = rfm_edram_decay_create(&paper, RFM_DECAY_PAPER, 0, 1000000, 7, 0);
	uint64_t t, lost;
	unsigned bank, row, lane, bad = 0;
	CU_ASSERT_FATAL(a && b);
	for (t = 0; t <= 8u * 512u; t++) {
		rfm_edram_decay_tick(a, t, flags_even_rows_precise, NULL);
		rfm_edram_decay_tick(b, t, flags_even_rows_precise, NULL);
	}
	CU_ASSERT_EQUAL(rfm_edram_decay_draws(a), 1048); /* floor(1e-3 x 1 048 576) over 8 ticks */
	lost = rfm_edram_decay_lost_bits(a);
	CU_ASSERT(lost > 150 && lost < 370); /* about a quarter of the draws: low halves of odd rows */
	CU_ASSERT_EQUAL(lost, rfm_edram_decay_lost_bits(b));
	for (bank = 0; bank < 16; bank++)
		for (row = 0; row < 64; row++)
			for (lane = 0; lane < 32; lane++) {
				uint32_t m = rfm_edram_decay_mask(a, 8u * 512u, bank, row, lane);
				if (m != rfm_edram_decay_mask(b, 8u * 512u, bank, row, lane) || (m >> 16) || ((row & 1u) == 0 && m))
					bad++;
			}
	CU_ASSERT_EQUAL(bad, 0);
	rfm_edram_decay_write(a, 9000, 0, 1, ~0ull); /* a write restores its lanes */
	for (lane = 0; lane < 32; lane++)
		CU_ASSERT_EQUAL(rfm_edram_decay_mask(a, 9000, 0, 1, lane), 0);
	rfm_edram_decay_destroy(a);
	rfm_edram_decay_destroy(b);
	/* every row approximate: about half the draws hit a low half (collisions aside) */
	a = rfm_edram_decay_create(&paper, RFM_DECAY_PAPER, 0, 1000000, 11, 0);
	CU_ASSERT_FATAL(a != NULL);
	for (t = 0; t <= 8u * 512u; t++)
		rfm_edram_decay_tick(a, t, flags_all_approx, NULL);
	lost = rfm_edram_decay_lost_bits(a);
	CU_ASSERT(lost > 420 && lost < 620);
	rfm_edram_decay_destroy(a);
}

/* Retention worst: every cell holds T0 + 1 cycles. Invariant 12: with no noncritical refresh an
 * approximate word reads written & ~low half once its noncritical age exceeds T0 + 1; the
 * critical half, refreshed every T0, survives; a refresh writes the decayed bits back. */
static void test_edram_decay_retention_worst(void)
{
	rfm_edram_decay_t *d = rfm_edram_decay_create(&small, RFM_DECAY_RETENTION, RFM_RET_WORST, 0, 1, 0);
	uint64_t t;
	CU_ASSERT_FATAL(d != NULL);
	rfm_edram_decay_write(d, 10, 1, 3, 0xf);
	CU_ASSERT_EQUAL(rfm_edram_decay_mask(d, 10 + 65, 1, 3, 2), 0);          /* age 65 = T0 + 1: kept */
	CU_ASSERT_EQUAL(rfm_edram_decay_mask(d, 10 + 66, 1, 3, 2), 0xffffffffu); /* both halves gone */
	for (t = 10 + 64; t < 10 + 64 * 5; t += 64) /* critical refresh every T0, noncritical never */
		rfm_edram_decay_refresh(d, t, 1, 3, 0);
	CU_ASSERT_EQUAL(rfm_edram_decay_mask(d, 10 + 64 * 5, 1, 3, 0), 0x0000ffffu);
	CU_ASSERT_EQUAL(rfm_edram_decay_mask(d, 10 + 64 * 5, 1, 3, 3), 0x0000ffffu);
	rfm_edram_decay_refresh(d, 10 + 64 * 5, 1, 3, 1); /* the noncritical refresh writes the zeros back */
	CU_ASSERT_EQUAL(rfm_edram_decay_mask(d, 10 + 64 * 5 + 1, 1, 3, 0), 0x0000ffffu);
	rfm_edram_decay_write(d, 500, 1, 3, 0x1); /* a masked write restores its lane only */
	CU_ASSERT_EQUAL(rfm_edram_decay_mask(d, 500, 1, 3, 0), 0);
	CU_ASSERT_EQUAL(rfm_edram_decay_mask(d, 500, 1, 3, 1), 0xffffffffu);
	rfm_edram_decay_destroy(d);
	/* reads restore when asked to */
	d = rfm_edram_decay_create(&small, RFM_DECAY_RETENTION, RFM_RET_WORST, 0, 1, 1);
	CU_ASSERT_FATAL(d != NULL);
	rfm_edram_decay_write(d, 0, 0, 0, 0xf);
	rfm_edram_decay_read(d, 60, 0, 0);
	CU_ASSERT_EQUAL(rfm_edram_decay_mask(d, 120, 0, 0, 0), 0);
	rfm_edram_decay_destroy(d);
}

/* The whole small file under its refresh controllers and the stress table, flags random: critical
 * bits and precise rows are never lost (invariants 1 and 3), noncritical bits of approximate rows
 * only discharge; with the zero table nothing is ever lost (invariant 12). */
enum { D_NONE, D_NC_NEVER, D_SKIP_ROW };
static void run_file_f(int table, uint64_t seed, uint64_t cycles, uint64_t *lost_nc, int fault, unsigned *bad)
{
	rfm_edram_geom_t g = small;
	rfm_edram_decay_t *d = rfm_edram_decay_create(&g, RFM_DECAY_RETENTION, table, 0, seed, 0);
	rfm_edram_rctl_t q[2];
	rfm_edram_rout_t o;
	unsigned flag[2][8], b, r, l, bad_crit = 0, bad_precise = 0;
	uint64_t t;
	CU_ASSERT_FATAL(d != NULL);
	for (b = 0; b < 2; b++) {
		rfm_edram_rctl_reset(&g, b, &q[b]);
		for (r = 0; r < 8; r++) {
			flag[b][r] = rnd(2);
			rfm_edram_decay_write(d, 0, b, r, 0xf);
		}
	}
	*lost_nc = 0;
	for (t = 1; t < cycles; t++) {
		for (b = 0; b < 2; b++) {
			rfm_edram_rctl_comb(&g, &q[b], rnd(2), &o);
			if (o.issue && !(fault == D_SKIP_ROW && b == 1 && o.row == 6 && t > 300 && t < 400))
				rfm_edram_decay_refresh(d, t, b, o.row,
							fault != D_NC_NEVER && rfm_edram_swl_nc(1, 1, (int)flag[b][o.row], o.cnt_zero));
			rfm_edram_rctl_clock(&g, &q[b], &o);
			for (r = 0; r < 8; r++)
				for (l = 0; l < 4; l++) {
					uint32_t m = rfm_edram_decay_mask(d, t, b, r, l);
					bad_crit += (m >> 16) != 0;
					bad_precise += flag[b][r] && m;
				}
		}
	}
	for (b = 0; b < 2; b++)
		for (r = 0; r < 8; r++)
			for (l = 0; l < 4; l++)
				*lost_nc += (uint64_t)__builtin_popcount(rfm_edram_decay_mask(d, cycles, b, r, l));
	bad[0] = bad_crit;
	bad[1] = bad_precise;
	rfm_edram_decay_destroy(d);
}

static void run_file(int table, uint64_t seed, uint64_t cycles, uint64_t *lost_nc)
{
	unsigned bad[2];
	run_file_f(table, seed, cycles, lost_nc, D_NONE, bad);
	CU_ASSERT_EQUAL(bad[0], 0);
	CU_ASSERT_EQUAL(bad[1], 0);
}

static void test_edram_decay_under_refresh(void)
{
	uint64_t lost, seed, any = 0;
	run_file(RFM_RET_ZERO, 1, 4000, &lost);
	CU_ASSERT_EQUAL(lost, 0);
	run_file(RFM_RET_WORST, 1, 4000, &lost); /* approximate low halves outlive T0 + 1 between refreshes */
	CU_ASSERT(lost > 0);
	unsigned bad[2];
	for (seed = 1; seed < 40; seed++) { /* stress: few weak cells, still only where allowed */
		run_file(RFM_RET_STRESS, seed, 1200, &lost);
		any += lost;
	}
	CU_ASSERT(any > 0); /* some weak low bits of approximate rows did decay */
	/* the checks catch planted faults: no noncritical refresh at all; a row's refresh skipped once */
	run_file_f(RFM_RET_WORST, 1, 4000, &lost, D_NC_NEVER, bad);
	CU_ASSERT(bad[1] > 0);
	run_file_f(RFM_RET_WORST, 1, 4000, &lost, D_SKIP_ROW, bad);
	CU_ASSERT(bad[0] > 0);
}

/* The stress table: about 1e-3 of the cells fail, each after more than T0 and at most 2^M T0. */
static void test_edram_stress_table(void)
{
	rfm_edram_decay_t *d = rfm_edram_decay_create(&paper, RFM_DECAY_RETENTION, RFM_RET_STRESS, 0, 3, 0);
	uint64_t t = 0, weak_before, weak_after;
	unsigned bank, row, lane;
	CU_ASSERT_FATAL(d != NULL);
	/* written at 0, never refreshed: at 513 nothing has decayed, at 4097 every weak cell has */
	weak_before = weak_after = 0;
	for (bank = 0; bank < 16; bank++)
		for (row = 0; row < 64; row++)
			for (lane = 0; lane < 32; lane++) {
				weak_before += (uint64_t)__builtin_popcount(rfm_edram_decay_mask(d, 513, bank, row, lane));
				weak_after += (uint64_t)__builtin_popcount(rfm_edram_decay_mask(d, 4097, bank, row, lane));
			}
	(void)t;
	CU_ASSERT_EQUAL(weak_before, 0);
	CU_ASSERT(weak_after > 1048576u / 2000u && weak_after < 1048576u * 3u / 2000u);
	rfm_edram_decay_destroy(d);
}

/* The FP group of the extract's section 2.6, and invariant 10: after an FP retire every source and
 * destination is approximate; after another, the destination precise, the sources unchanged. */
static void test_edram_flags(void)
{
	static const char *const fp[] = {"FFMA", "FADD", "FCMP", "FMUL", "FMNMX", "FSWZ", "FSET", "FSETP", "RRO",
					 "MUFU", "DFMA", "DADD", "DMUL", "DMNMX", "DSET", "DSETP", "FADD32I",
					 "FMUL32I", "FFMA32I", "FFMA.FTZ", "MUFU.RSQ", "DSETP.GT.AND"};
	static const char *const other[] = {"IADD", "IMAD", "F2F", "F2I", "I2F", "MOV", "LD", "ST", "ISETP",
					    "FADD3", "FMA", "", "BRA", "SHL", "LOP.AND", "FMNM"};
	uint8_t flags[8] = {1, 1, 1, 1, 1, 1, 1, 1};
	int s3[3] = {0, 1, 2}, d1[1] = {3}, none[1] = {-1}, same[1] = {1};
	unsigned i;
	for (i = 0; i < sizeof(fp) / sizeof(fp[0]); i++)
		CU_ASSERT_EQUAL(rfm_edram_fp_opcode(fp[i]), 1);
	for (i = 0; i < sizeof(other) / sizeof(other[0]); i++)
		CU_ASSERT_EQUAL(rfm_edram_fp_opcode(other[i]), 0);
	rfm_edram_retire(flags, 1, s3, 3, d1, 1); /* FP: sources and destination approximate */
	CU_ASSERT(!flags[0] && !flags[1] && !flags[2] && !flags[3] && flags[4]);
	rfm_edram_retire(flags, 0, s3, 2, none, 1); /* no destination: nothing changes */
	CU_ASSERT(!flags[0] && !flags[1] && !flags[3]);
	rfm_edram_retire(flags, 0, s3, 3, same, 1); /* non-FP: destination r1 (also a source) precise */
	CU_ASSERT(!flags[0] && flags[1] && !flags[2]);
	rfm_edram_retire(flags, 1, same, 1, d1, 1); /* FP reading r1: r1 approximate again */
	CU_ASSERT(!flags[1] && !flags[3]);
}

/* Invariant 4 of a decayed FP32 word w read as o: the sign and the exponent unchanged, |o| <= |w|,
 * and for a normal w a relative error below 2^-7. Returns 1 when it holds. */
static int fp32_bound_holds(uint32_t w, uint32_t o)
{
	float fw, fo;
	if ((w ^ o) >> 23)
		return 0;
	memcpy(&fw, &w, 4);
	memcpy(&fo, &o, 4);
	if ((fo < 0 ? -fo : fo) > (fw < 0 ? -fw : fw))
		return 0;
	if (((w >> 23) & 0xffu) == 0 || ((w >> 23) & 0xffu) == 0xffu)
		return 1; /* zero, subnormal, inf, NaN: no relative bound */
	return (fw - fo) / fw < 1.0f / 128.0f && (fw - fo) / fw > -1.0f / 128.0f;
}

/* Invariant 4, on the overlay itself: FP32 values in approximate rows under the paper's injection at
 * BER 1 (every drawn low-half bit discharged) keep the bound with 16 critical bits (sign, exponent,
 * 7 mantissa bits); with 8 critical bits the exponent's low bits are noncritical and the check
 * finds words that break it. */
static void test_edram_fp32_error_bound(void)
{
	unsigned ok_crit[2] = {16, 8}, k;
	for (k = 0; k < 2; k++) {
		rfm_edram_geom_t g = paper;
		rfm_edram_decay_t *d;
		unsigned bank, row, lane, broken = 0, hit = 0;
		uint64_t t;
		g.crit_bits = ok_crit[k];
		d = rfm_edram_decay_create(&g, RFM_DECAY_PAPER, 0, 1000000000ull, 5, 0);
		CU_ASSERT_FATAL(d != NULL);
		for (t = 0; t <= 8u * 512u; t++)
			rfm_edram_decay_tick(d, t, flags_all_approx, NULL);
		for (bank = 0; bank < 16; bank++)
			for (row = 0; row < 64; row++)
				for (lane = 0; lane < 32; lane++) {
					/* a normal float of either sign, exponent in 2^-20 .. 2^20 */
					uint32_t w = (uint32_t)rnd(2) << 31 | (uint32_t)(107 + rnd(41)) << 23 | rnd(1u << 23);
					uint32_t m = rfm_edram_decay_mask(d, 8u * 512u, bank, row, lane);
					hit += m != 0;
					broken += !fp32_bound_holds(w, w & ~m);
				}
		CU_ASSERT(hit > 10000); /* BER 1: most words lost bits */
		if (k == 0) {
			CU_ASSERT_EQUAL(broken, 0);
		} else {
			CU_ASSERT(broken > 100);
		}
		rfm_edram_decay_destroy(d);
	}
}

int test_edram_register(void)
{
	CU_pSuite s = CU_add_suite("edram", NULL, NULL);
	if (!s)
		return -1;
	if (!CU_add_test(s, "test_edram_nodes", test_edram_nodes) ||
	    !CU_add_test(s, "test_edram_geometry_rules", test_edram_geometry_rules) ||
	    !CU_add_test(s, "test_edram_refresh_controller", test_edram_refresh_controller) ||
	    !CU_add_test(s, "test_edram_stagger", test_edram_stagger) ||
	    !CU_add_test(s, "test_edram_segmentation_truth_table", test_edram_segmentation_truth_table) ||
	    !CU_add_test(s, "test_edram_count_identity_and_energy", test_edram_count_identity_and_energy) ||
	    !CU_add_test(s, "test_edram_shuffle", test_edram_shuffle) ||
	    !CU_add_test(s, "test_edram_transistor_estimate", test_edram_transistor_estimate) ||
	    !CU_add_test(s, "test_edram_decay_paper_mode", test_edram_decay_paper_mode) ||
	    !CU_add_test(s, "test_edram_decay_retention_worst", test_edram_decay_retention_worst) ||
	    !CU_add_test(s, "test_edram_decay_under_refresh", test_edram_decay_under_refresh) ||
	    !CU_add_test(s, "test_edram_stress_table", test_edram_stress_table) ||
	    !CU_add_test(s, "test_edram_flags", test_edram_flags) ||
	    !CU_add_test(s, "test_edram_fp32_error_bound", test_edram_fp32_error_bound))
		return -1;
	return 0;
}
