/* test_regmutex.c - CUnit suite "regmutex": RegMutex's allocator, translation, set sizing and
 * storage against the paper's own examples (docs/regmutex.md and the notes behind it,
 * "Directed tests derived from the paper" (a)-(e), the Appendix and invariants 1-19). */
#include <CUnit/Basic.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_fault_ids.h"
#include "rfm_models.h"
#include "rfm_regmutex.h"
#include "test_util.h"

/* fermi (1024 warp registers, 48 warp slots) with RegMutex and the paper's R = 24 kernel. */
static const char *fermi_rm = "[sm]\nregs_per_thread = 63\n[regmutex]\nenable = on\nregs = 24\n";

/* The small_regmutex config (rtl_gen/configs/small_regmutex.ini) without comments. */
static const char *small_rm = "[rf]\nlanes = 4\nlane_bits = 8\nbanks = 2\nentries = 32\nsubbanks = 2\n"
			      "[sm]\nwarps = 8\nregs_per_thread = 12\nschedulers = 2\ncollectors = 3\noperands = 3\n"
			      "tag_bits = 4\n[stats]\ncounter_bits = 16\n[regmutex]\nenable = on\nregs = 12\n";

/* One cycle of the allocator with up to two requests ("a<w>" acquire, "r<w>" release, NULL none),
 * and (kern not NULL) of rf_top's extended-base table. */
static void step_k(const rfm_cfg_t *c, rfm_srp_kernel_t *kern, rfm_srp_state_t *s, rfm_srp_out_t *o, const char *p0,
		   const char *p1)
{
	rfm_srp_in_t in;
	rfm_srp_state_t d;
	const char *p[2] = {p0, p1};
	unsigned k;
	memset(&in, 0, sizeof(in));
	for (k = 0; k < 2; k++)
		if (p[k]) {
			in.valid[k] = 1;
			in.rel[k] = p[k][0] == 'r';
			in.warp[k] = (unsigned)atoi(p[k] + 1);
		}
	rfm_srp_comb(c, s, &in, o, &d, 0);
	if (kern)
		rfm_srp_xbase_write(c, kern, &in, o, 0);
	*s = d;
}

static void step(const rfm_cfg_t *c, rfm_srp_state_t *s, rfm_srp_out_t *o, const char *p0, const char *p1)
{
	step_k(c, NULL, s, o, p0, p1);
}

/* (b) Section III-A2: R = 24 on Fermi gives candidates {2, 4, 6, 8}; Es = 4, 6, 8 keep 48 warps
 * with 16, 26 and 32 sections; Es = 2 (Bs = 22) drops to 46 warps; the paper picks 6. */
static void test_rm_paper_es_choice_r24(void)
{
	rfm_cfg_t c;
	unsigned cand[6], n = 0;
	tu_cfg_ok(&c, fermi_rm);
	CU_ASSERT_EQUAL(rfm_rm_choose_es(&c, 24, cand, &n), 6);
	CU_ASSERT_EQUAL(n, 4);
	CU_ASSERT(n == 4 && cand[0] == 2 && cand[1] == 4 && cand[2] == 6 && cand[3] == 8);
	CU_ASSERT_EQUAL(rfm_rm_occupancy(&c, 22, 2), 46);
	CU_ASSERT_EQUAL(rfm_rm_occupancy(&c, 20, 4), 48);
	CU_ASSERT_EQUAL(rfm_rm_sections(&c, 48, 20, 4), 16);
	CU_ASSERT_EQUAL(rfm_rm_sections(&c, 48, 18, 6), 26);
	CU_ASSERT_EQUAL(rfm_rm_sections(&c, 48, 16, 8), 32);
	/* the resolved config: Bs = 18, 48 warps, SRP_offset 864, 26 sections */
	CU_ASSERT_EQUAL(c.d.rm_es, 6);
	CU_ASSERT_EQUAL(c.d.rm_bs, 18);
	CU_ASSERT_EQUAL(c.d.rm_warps, 48);
	CU_ASSERT_EQUAL(c.d.rm_srp_off, 864);
	CU_ASSERT_EQUAL(c.d.rm_sections, 26);
	/* a kernel not limited by registers (1024 / 20 >= 48 warps) gets no extended set */
	CU_ASSERT_EQUAL(rfm_rm_choose_es(&c, 20, NULL, NULL), 0);
}

/* Appendix rows (register-only limits, 1024 packs, 48 slots): warps, SRP_offset, sections. */
static void test_rm_appendix_rows(void)
{
	static const struct {
		const char *app;
		unsigned bs, es, warps, off, sect;
	} rows[] = {{"BFS", 18, 6, 48, 864, 26},       {"CUTCP", 20, 8, 48, 960, 8}, {"DWT2D", 38, 6, 26, 988, 6},
		    {"HotSpot3D", 24, 8, 42, 1008, 2}, {"Gaussian", 8, 4, 48, 384, 48}, {"LavaMD", 28, 12, 36, 1008, 1},
		    {"ParticleFilter", 20, 12, 48, 960, 5}};
	rfm_cfg_t c;
	unsigned i;
	tu_cfg_ok(&c, fermi_rm);
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		unsigned w = rfm_rm_occupancy(&c, rows[i].bs, rows[i].es);
		CU_ASSERT_EQUAL(w, rows[i].warps);
		CU_ASSERT_EQUAL(w * rows[i].bs, rows[i].off);
		CU_ASSERT_EQUAL(rfm_rm_sections(&c, w, rows[i].bs, rows[i].es), rows[i].sect);
	}
	/* RadixSort (Bs 30, Es 6): 34 warps leave 4 packs, no section: the config is refused */
	CU_ASSERT_EQUAL(rfm_rm_sections(&c, 34, 30, 6), 0);
	CU_ASSERT_EQUAL(rfm_rm_auto_warps(&c, 30, 6), 33);
}

/* Section 2.6: allocator state = warps x (2 + clog2(warps)): 384 bits for 48 warps. */
static void test_rm_storage_bits(void)
{
	rfm_cfg_t c;
	tu_cfg_ok(&c, fermi_rm);
	CU_ASSERT_EQUAL(c.d.rm_state_bits, 384);
	tu_cfg_ok(&c, "[sm]\nwarps = 64\n[regmutex]\nenable = on\nregs = 40\next_regs = 8\n");
	CU_ASSERT_EQUAL(c.d.rm_state_bits, 512);
	tu_cfg_ok(&c, "[sm]\nwarps = 32\n[regmutex]\nenable = on\nregs = 40\next_regs = 8\n");
	CU_ASSERT_EQUAL(c.d.rm_state_bits, 224);
	tu_cfg_ok(&c, "[regmutex]\nenable = on\npaired = on\nregs = 24\next_regs = 6\n");
	CU_ASSERT_EQUAL(c.d.rm_state_bits, 48);
}

/* (a) Figure 2: two warps, 48 packs, Bs = Es = 16, one section. Warp 1 stalls while warp 0 holds
 * it, also in the cycle of warp 0's release (no bypass), and gets it the cycle after. */
static void test_rm_figure2_two_warps(void)
{
	rfm_cfg_t c;
	rfm_srp_state_t s;
	rfm_srp_out_t o;
	rfm_srp_kernel_t k = {0};
	unsigned pack, bank, row;
	tu_cfg_ok(&c, "[rf]\nbanks = 4\nentries = 12\n[sm]\nwarps = 2\nregs_per_thread = 32\n"
		   "[regmutex]\nenable = on\nregs = 32\next_regs = 16\n");
	CU_ASSERT_EQUAL(c.d.rm_warps, 2);
	CU_ASSERT_EQUAL(c.d.rm_srp_off, 32);
	CU_ASSERT_EQUAL(c.d.rm_sections, 1);
	rfm_srp_kernel_set(&c, &k, 2, 32, 16, 1);
	CU_ASSERT(k.srp == 32 && k.bs == 16 && k.base[1] == 16);
	rfm_srp_launch_state(&c, k.nsect, &s);
	step_k(&c, &k, &s, &o, "a0", NULL);
	CU_ASSERT(o.grant[0] && o.sect[0] == 0 && o.nacq == 1);
	step_k(&c, &k, &s, &o, "a1", NULL);
	CU_ASSERT(o.stall[0] && !o.grant[0] && o.full);
	step_k(&c, &k, &s, &o, "r0", "a1"); /* the freed section is not visible in the same cycle */
	CU_ASSERT(o.grant[0] && o.stall[1] && o.nfree == 1);
	CU_ASSERT(o.full && s.status == 0); /* full_o reflects the start of the cycle */
	step_k(&c, &k, &s, &o, "a1", NULL);
	CU_ASSERT(!o.full && o.grant[0] && o.sect[0] == 0 && s.status == 2);
	CU_ASSERT_EQUAL(k.xbase[1], 32 - 16); /* its extended base: SRP_offset + 0 x Es - Bs */
	CU_ASSERT_EQUAL(rfm_srp_tables_check(&c, &k, &s, 0, "test", stderr), 0);
	/* warp 1's extended register 16 now lives where warp 0's did: pack 32 */
	CU_ASSERT_EQUAL(rfm_srp_xlate_fn(&c, &k, &s, 1, 16, &pack, &bank, &row), RFM_XL_OK);
	CU_ASSERT_EQUAL(pack, 32);
	CU_ASSERT_EQUAL(rfm_srp_xlate_fn(&c, &k, &s, 0, 16, &pack, &bank, &row), RFM_XL_NOSECT);
	CU_ASSERT_EQUAL(rfm_srp_xlate_fn(&c, &k, &s, 0, 15, &pack, &bank, &row), RFM_XL_OK);
	CU_ASSERT_EQUAL(pack, 15);
	CU_ASSERT_EQUAL(rfm_srp_xlate_fn(&c, &k, &s, 1, 0, &pack, &bank, &row), RFM_XL_OK);
	CU_ASSERT_EQUAL(pack, 16);
	CU_ASSERT(bank == 0 && row == 4);
	CU_ASSERT_EQUAL(rfm_srp_invariants(&c, &s, 1, 0, "test", stderr), 0);
}

/* (d) 48 warps acquire one by one: sections 0..25 in order, then every acquire stalls; acquire
 * while holding and release while not holding change nothing. (e) Releasing a middle section
 * makes exactly that one the next grant. Two ports in one cycle take the two lowest. */
static void test_rm_all_warps_acquire_in_order(void)
{
	rfm_cfg_t c;
	rfm_srp_state_t s, before;
	rfm_srp_out_t o;
	char a[8];
	unsigned w;
	tu_cfg_ok(&c, fermi_rm);
	rfm_srp_launch_state(&c, 26, &s);
	for (w = 0; w < 48; w++) {
		snprintf(a, sizeof(a), "a%u", w);
		step(&c, &s, &o, a, NULL);
		if (w < 26) {
			CU_ASSERT(o.grant[0] && o.sect[0] == w);
		} else {
			CU_ASSERT(o.stall[0] && o.nstall == 1);
		}
		CU_ASSERT_EQUAL(rfm_srp_invariants(&c, &s, 26, w, "test", stderr), 0);
	}
	before = s;
	step(&c, &s, &o, "a3", "r40"); /* no-ops */
	CU_ASSERT(o.grant[0] && o.sect[0] == 3 && o.grant[1] && o.noop == 3);
	CU_ASSERT(memcmp(&before, &s, sizeof(s)) == 0);
	step(&c, &s, &o, "r10", NULL);
	CU_ASSERT(o.nfree == 1 && !((s.mask >> 10) & 1u));
	step(&c, &s, &o, "a30", NULL);
	CU_ASSERT(o.grant[0] && o.sect[0] == 10);
	step(&c, &s, &o, "r4", "r7");
	step(&c, &s, &o, "a31", "a32");
	CU_ASSERT(o.grant[0] && o.sect[0] == 4 && o.grant[1] && o.sect[1] == 7);
	/* an exit releases */
	{
		rfm_srp_in_t in;
		rfm_srp_state_t d;
		memset(&in, 0, sizeof(in));
		in.exit_valid = 1;
		in.exit_warp = 31;
		rfm_srp_comb(&c, &s, &in, &o, &d, 0);
		CU_ASSERT(o.nfree == 1 && o.freed == 1ull << 31 && !((d.mask >> 4) & 1u) && !((d.status >> 31) & 1u));
	}
}

/* (c) Section III-A4: with Bs = 6 and live {2, 4, 5, 9}, register 9 moves to one of {0, 1, 3}
 * (the lowest: 0); more live registers than Bs cannot be compacted. */
static void test_rm_compaction(void)
{
	unsigned map[64];
	uint64_t live = (1u << 2) | (1u << 4) | (1u << 5) | (1u << 9);
	CU_ASSERT_EQUAL(rfm_rm_compact(6, live, map), 0);
	CU_ASSERT(map[9] == 0 || map[9] == 1 || map[9] == 3);
	CU_ASSERT_EQUAL(map[9], 0);
	CU_ASSERT(map[2] == 2 && map[4] == 4 && map[5] == 5);
	CU_ASSERT_EQUAL(rfm_rm_compact(6, live | (1u << 10) | (1u << 11) | (1u << 12), map), -1);
	CU_ASSERT_EQUAL(rfm_rm_compact(6, live | (1u << 10), map), 0);
	CU_ASSERT(map[9] == 0 && map[10] == 1);
}

/* Invariants 12-14 (and 19 paired): with every section held, translation is injective over every
 * (warp, register) of the kernel, stays in the file, and base sets never touch the pool. */
static void check_injective(const rfm_cfg_t *c, const rfm_srp_kernel_t *k, const rfm_srp_state_t *s)
{
	unsigned char *seen = calloc(c->d.warp_regs, 1);
	unsigned w, g, pack, bank, row, bad = 0;
	CU_ASSERT_FATAL(seen != NULL);
	for (w = 0; w < k->warps; w++)
		for (g = 0; g < k->regs; g++) {
			int r = rfm_srp_xlate_fn(c, k, s, w, g, &pack, &bank, &row);
			if (r == RFM_XL_NOSECT)
				continue;
			bad += r != RFM_XL_OK || pack >= c->d.warp_regs || seen[pack]++;
			bad += c->regmutex_paired != RFM_ON && g < k->bs && pack >= k->srp;
			bad += bank != pack % c->rf_banks || row != pack / c->rf_banks;
		}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT_EQUAL(rfm_srp_xlate_fn(c, k, s, k->warps, 0, &pack, &bank, &row), RFM_XL_OUTSIDE);
	CU_ASSERT_EQUAL(rfm_srp_xlate_fn(c, k, s, 0, k->regs, &pack, &bank, &row), RFM_XL_OUTSIDE);
	free(seen);
}

static void test_rm_translation_injective(void)
{
	rfm_cfg_t c;
	rfm_srp_state_t s;
	rfm_srp_out_t o;
	rfm_srp_kernel_t k = {0};
	char a[8];
	unsigned w, pack, bank, row;
	tu_cfg_ok(&c, fermi_rm);
	rfm_srp_kernel_set(&c, &k, 48, 24, 6, 26);
	rfm_srp_launch_state(&c, k.nsect, &s);
	for (w = 47; w >= 22; w--) { /* the last 26 warps hold the sections, in reverse */
		snprintf(a, sizeof(a), "a%u", w);
		step_k(&c, &k, &s, &o, a, NULL);
	}
	CU_ASSERT_EQUAL(rfm_srp_tables_check(&c, &k, &s, 0, "test", stderr), 0);
	check_injective(&c, &k, &s);
	/* warp 47 took section 0: its r18 is pack 864, its r23 pack 869; warp 22's r23 is the last */
	CU_ASSERT(rfm_srp_xlate_fn(&c, &k, &s, 47, 18, &pack, &bank, &row) == 0 && pack == 864);
	CU_ASSERT(rfm_srp_xlate_fn(&c, &k, &s, 47, 23, &pack, &bank, &row) == 0 && pack == 869);
	CU_ASSERT(rfm_srp_xlate_fn(&c, &k, &s, 22, 23, &pack, &bank, &row) == 0 && pack == 864 + 25 * 6 + 5);
	/* invariant 15: Es = 0 is the baseline's linear layout Y = W x R + X */
	{
		rfm_srp_kernel_t k0 = {0};
		rfm_srp_state_t s0;
		rfm_srp_kernel_set(&c, &k0, 42, 24, 0, 0);
		CU_ASSERT(k0.srp == 42 * 24 && k0.base[41] == 41 * 24);
		rfm_srp_launch_state(&c, 0, &s0);
		CU_ASSERT(rfm_srp_xlate_fn(&c, &k0, &s0, 41, 23, &pack, &bank, &row) == 0 && pack == 41 * 24 + 23);
		check_injective(&c, &k0, &s0);
	}
	/* paired: pairs of 2 x 18 + 6 = 42 packs */
	tu_cfg_ok(&c, "[sm]\nregs_per_thread = 63\n[regmutex]\nenable = on\npaired = on\nregs = 24\next_regs = 6\n");
	{
		rfm_srp_kernel_t kp = {0};
		rfm_srp_state_t sp;
		CU_ASSERT_EQUAL(c.d.rm_warps, 48); /* 2 x floor(1024 / 42) = 48 */
		rfm_srp_kernel_set(&c, &kp, 48, 24, 6, 0);
		CU_ASSERT(kp.base[2] == 42 && kp.base[3] == 42 + 18); /* pair 1; entry 3 is also pair 1's Es base */
		rfm_srp_launch_state(&c, 0, &sp);
		for (w = 0; w < 48; w += 2) {
			snprintf(a, sizeof(a), "a%u", w + (w / 2) % 2);
			step(&c, &sp, &o, a, NULL);
			CU_ASSERT(o.grant[0] && o.sect[0] == w / 2);
		}
		step(&c, &sp, &o, "a1", "a0"); /* the partner holds: stall; the holder: no-op */
		CU_ASSERT(o.stall[0] && o.grant[1] && o.noop == 2);
		check_injective(&c, &kp, &sp);
		CU_ASSERT(rfm_srp_xlate_fn(&c, &kp, &sp, 3, 5, &pack, &bank, &row) == 0 && pack == 42 + 18 + 5);
		CU_ASSERT(rfm_srp_xlate_fn(&c, &kp, &sp, 3, 18, &pack, &bank, &row) == 0 && pack == 42 + 36);
		CU_ASSERT_EQUAL(rfm_srp_invariants(&c, &sp, 0, 0, "test", stderr), 0);
		sp.status |= 3u << 4; /* both warps of pair 2 */
		{
			FILE *null = fopen("/dev/null", "w");
			CU_ASSERT_FATAL(null != NULL);
			CU_ASSERT_EQUAL(rfm_srp_invariants(&c, &sp, 0, 0, "test", null), 1);
			fclose(null);
		}
	}
}

/* Every legal allocator state of kernel k with sections below k->nsect (default mode: each subset
 * of the kernel's warps holding distinct sections; paired: at most one warp of each pair), its
 * extended bases set as the allocator writes them; f(state) for each. Returns the states visited. */
static unsigned each_state(const rfm_cfg_t *c, rfm_srp_kernel_t *k, rfm_srp_state_t *s, unsigned w,
			   void (*f)(const rfm_cfg_t *, const rfm_srp_kernel_t *, const rfm_srp_state_t *))
{
	unsigned n = 0, v;
	if (w == k->warps) {
		f(c, k, s);
		return 1;
	}
	n += each_state(c, k, s, w + 1, f); /* warp w holds no set */
	if (c->regmutex_paired == RFM_ON) {
		if (!(w & 1u) || !((s->status >> (w - 1)) & 1u)) {
			s->status |= 1ull << w;
			n += each_state(c, k, s, w + 1, f);
			s->status &= ~(1ull << w);
		}
		return n;
	}
	for (v = 0; v < k->nsect; v++) {
		if ((s->mask >> v) & 1u)
			continue;
		s->status |= 1ull << w;
		s->mask |= 1ull << v;
		s->lut[w] = (uint8_t)v;
		k->xbase[w] = rfm_srp_sect_base(c, k, v);
		n += each_state(c, k, s, w + 1, f);
		s->status &= ~(1ull << w);
		s->mask &= ~(1ull << v);
	}
	return n;
}

static rfm_cfg_t eq_mul; /* the same config with xlate = mul (each_state's callback reads it) */
static unsigned eq_bad;

/* Every (warp, register) a port can carry translates alike from the tables and by the multipliers. */
static void same_translation(const rfm_cfg_t *c, const rfm_srp_kernel_t *k, const rfm_srp_state_t *s)
{
	unsigned w, g, p1, b1, r1, p2, b2, r2;
	CU_ASSERT_EQUAL(rfm_srp_invariants(c, s, k->nsect, 0, "test", stderr), 0);
	CU_ASSERT_EQUAL(rfm_srp_tables_check(c, k, s, 0, "test", stderr), 0);
	for (w = 0; w < 1u << c->d.warp_w; w++)
		for (g = 0; g < 1u << c->d.reg_w; g++) {
			int e1 = rfm_srp_xlate_fn(c, k, s, w, g, &p1, &b1, &r1);
			int e2 = rfm_srp_xlate_fn(&eq_mul, k, s, w, g, &p2, &b2, &r2);
			eq_bad += e1 != e2 || p1 != p2 || b1 != b2 || r1 != r2;
		}
}

/* Invariant 17: the precomputed translation (xlate = precomp) equals the multipliers' (xlate =
 * mul) on every input of every legal state of every kernel that a small file accepts (4 warp
 * slots, 16 warp registers, 3 banks so that bank and row are not bit fields), paired or not. */
static void test_rm_precomp_equals_mul(void)
{
	static const char *const cfgs[] = {
		"[rf]\nbanks = 3\nentries = 6\n[sm]\nwarps = 4\nregs_per_thread = 6\n[regmutex]\nenable = on\n"
		"regs = 6\next_regs = 2\n",
		"[rf]\nbanks = 3\nentries = 6\n[sm]\nwarps = 3\nregs_per_thread = 6\n[regmutex]\nenable = on\n"
		"paired = on\nregs = 6\next_regs = 2\n",
	};
	unsigned i, kw, kr, es, ns, states = 0, kernels = 0;
	for (i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++) {
		rfm_cfg_t c;
		char *mul = malloc(strlen(cfgs[i]) + 16);
		CU_ASSERT_FATAL(mul != NULL);
		sprintf(mul, "%sxlate = mul\n", cfgs[i]);
		tu_cfg_ok(&c, cfgs[i]);
		tu_cfg_ok(&eq_mul, mul);
		free(mul);
		CU_ASSERT(rfm_rm_precomp(&c) && !rfm_rm_precomp(&eq_mul));
		eq_bad = 0;
		for (kw = 1; kw <= c.sm_warps; kw++)
			for (kr = 1; kr <= c.sm_regs_per_thread; kr++)
				for (es = 0; es < kr; es++)
					for (ns = 0; ns <= c.sm_warps; ns++) {
						rfm_srp_kernel_t k = {0};
						rfm_srp_state_t s;
						if (!rfm_rm_launch_fits(&c, kw, kr, es, ns))
							continue;
						rfm_srp_kernel_set(&c, &k, kw, kr, es, ns);
						rfm_srp_launch_state(&c, ns, &s);
						states += each_state(&c, &k, &s, 0, same_translation);
						kernels++;
					}
		CU_ASSERT_EQUAL(eq_bad, 0);
	}
	CU_ASSERT(kernels > 100 && states > 1000);
}

/* The extended-base table follows the allocator as invariant 17 wants, through acquires, releases,
 * exits and launches of other kernels; the planted fault SRP_XBASE_NEXT_SECTION breaks it. */
static void test_rm_xbase_written_at_acquire(void)
{
	rfm_cfg_t c;
	rfm_srp_state_t s, d;
	rfm_srp_out_t o;
	rfm_srp_in_t in;
	rfm_srp_kernel_t k = {0}, kn = {0};
	rfm_rng_t r;
	unsigned i, p, bad = 0, caught = 0, mutate;
	FILE *null = fopen("/dev/null", "w");
	CU_ASSERT_FATAL(null != NULL);
	tu_cfg_ok(&c, fermi_rm);
	for (mutate = 0; mutate < 2; mutate++) {
		rfm_rng_seed(&r, 7);
		rfm_srp_launch_state(&c, 0, &s);
		for (i = 0; i < 20000; i++) {
			memset(&in, 0, sizeof(in));
			if (i % 4000 == 0) { /* a kernel: 48 warps of 24 registers, Es from 2 to 10 */
				unsigned es = 2 + (unsigned)rfm_rng_below(&r, 9);
				rfm_srp_kernel_set(&c, &kn, 48, 24, es, rfm_rm_sections(&c, 48, 24 - es, es));
				in.launch = 1;
				in.nsect = kn.nsect;
			}
			for (p = 0; p < 2; p++) {
				in.valid[p] = rfm_rng_chance(&r, 2, 3);
				in.rel[p] = rfm_rng_chance(&r, 1, 3);
				in.warp[p] = (unsigned)rfm_rng_below(&r, 48);
			}
			in.exit_valid = rfm_rng_chance(&r, 1, 16);
			in.exit_warp = (unsigned)rfm_rng_below(&r, 48);
			rfm_srp_comb(&c, &s, &in, &o, &d, 0);
			rfm_srp_xbase_write(&c, &k, &in, &o, mutate ? RFM_FAULT_SRP_XBASE_NEXT_SECTION : 0);
			if (in.launch) /* the kernel's fields and base table; the extended bases stay */
				rfm_srp_kernel_set(&c, &k, kn.warps, kn.regs, kn.es, kn.nsect);
			s = d;
			if (rfm_srp_tables_check(&c, &k, &s, i, "test", null))
				*(mutate ? &caught : &bad) += 1;
		}
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT(caught > 0);
	fclose(null);
}

/* The invariant checker can fail: each planted state violation is caught. */
static void test_rm_invariants_catch_faults(void)
{
	rfm_cfg_t c;
	rfm_srp_state_t s, t;
	rfm_srp_out_t o;
	FILE *null = fopen("/dev/null", "w");
	CU_ASSERT_FATAL(null != NULL);
	tu_cfg_ok(&c, fermi_rm);
	rfm_srp_launch_state(&c, 26, &s);
	step(&c, &s, &o, "a0", "a1");
	step(&c, &s, &o, "a2", NULL);
	CU_ASSERT_EQUAL(rfm_srp_invariants(&c, &s, 26, 0, "test", null), 0);
	t = s;
	t.lut[1] = 0; /* two owners of section 0 (and section 1 leaks) */
	CU_ASSERT_EQUAL(rfm_srp_invariants(&c, &t, 26, 0, "test", null), 1);
	t = s;
	t.mask &= ~2ull; /* warp 1 holds section 1, whose bit is clear */
	CU_ASSERT_EQUAL(rfm_srp_invariants(&c, &t, 26, 0, "test", null), 1);
	t = s;
	t.mask |= 1ull << 9; /* taken, no owner: a leak */
	CU_ASSERT_EQUAL(rfm_srp_invariants(&c, &t, 26, 0, "test", null), 1);
	t = s;
	t.mask &= ~(1ull << 30); /* a section that does not exist became free */
	CU_ASSERT_EQUAL(rfm_srp_invariants(&c, &t, 26, 0, "test", null), 1);
	t = s;
	t.lut[2] = 27; /* beyond the sections */
	CU_ASSERT_EQUAL(rfm_srp_invariants(&c, &t, 26, 0, "test", null), 1);
	{ /* invariant 17: a base-table entry or an extended base that is not the formula's */
		rfm_srp_kernel_t k = {0};
		unsigned w;
		rfm_srp_kernel_set(&c, &k, 48, 24, 6, 26);
		for (w = 0; w < 3; w++)
			k.xbase[w] = rfm_srp_sect_base(&c, &k, s.lut[w]);
		CU_ASSERT_EQUAL(rfm_srp_tables_check(&c, &k, &s, 0, "test", null), 0);
		k.xbase[1]++;
		CU_ASSERT_EQUAL(rfm_srp_tables_check(&c, &k, &s, 0, "test", null), 1);
		k.xbase[1]--;
		k.base[5]++;
		CU_ASSERT_EQUAL(rfm_srp_tables_check(&c, &k, &s, 0, "test", null), 1);
	}
	fclose(null);
}

/* The models under their own stimulus pass their checkers, and the checkers catch the planted
 * allocator faults that break an invariant (SRP_HIGHEST_FREE_SECTION, a different but legal
 * choice, is only seen by the RTL comparison: make mutation). */
static void test_rm_checkers_catch_planted_faults(void)
{
	CU_ASSERT(tu_run_checked(small_rm, "rf_top", 0, 30000) == 0);
	CU_ASSERT(tu_run_checked(small_rm, "rf_srp_ctrl", 0, 30000) == 0);
	CU_ASSERT(tu_run_checked(small_rm, "rf_srp_xlate", 0, 5000) == 0);
	CU_ASSERT(tu_run_checked(small_rm, "rf_top", RFM_FAULT_SRP_RELEASE_LEAKS, 30000) != 0);
	CU_ASSERT(tu_run_checked(small_rm, "rf_srp_ctrl", RFM_FAULT_SRP_RELEASE_LEAKS, 30000) != 0);
	CU_ASSERT(tu_run_checked(small_rm, "rf_top", RFM_FAULT_SRP_PORTS_SHARE_SECTION, 30000) != 0);
	CU_ASSERT(tu_run_checked(small_rm, "rf_srp_ctrl", RFM_FAULT_SRP_PORTS_SHARE_SECTION, 30000) != 0);
	CU_ASSERT(tu_run_checked(small_rm, "rf_top", RFM_FAULT_SRP_XBASE_NEXT_SECTION, 30000) != 0);
}

/* Refused reference kernels: clear messages naming the key, value and legal range. */
static void test_rm_config_errors(void)
{
	static const struct {
		const char *text, *msg;
	} cases[] = {
		{"[sm]\nregs_per_thread = 63\n[regmutex]\nenable = on\nregs = 36\next_regs = 6\nwarps = 34\n",
		 "t.ini:7: regmutex.warps = 34: leaves no SRP section (deadlock: no warp could ever acquire): 34 warps x 30 "
		 "base registers = 1020 of 1024 warp registers, fewer than Es = 6 left (legal: 1..33)\n"},
		{"[regmutex]\nenable = on\nregs = 20\n",
		 "t.ini: regmutex.ext_regs = 0 (default): the paper's rule finds no extended set for regmutex.regs = 20 (the "
		 "kernel is not limited by registers); give ext_regs (legal: 1..19)\n"},
		{"[regmutex]\nenable = on\nregs = 24\next_regs = 24\n",
		 "t.ini:4: regmutex.ext_regs = 24: leaves no base set: regmutex.regs = 24 must exceed it (legal: 0..23)\n"},
		{"[sm]\nregs_per_thread = 16\n[regmutex]\nenable = on\nregs = 24\n",
		 "t.ini:5: regmutex.regs = 24: more than sm.regs_per_thread = 16 (legal: 1..16)\n"},
		{"[sm]\nwarps = 1\n[regmutex]\nenable = on\n",
		 "t.ini:2: sm.warps = 1: RegMutex time-shares registers between warps: regmutex.enable = on needs at least 2 "
		 "warp slots (legal: 2..64)\n"},
		{"[regmutex]\nenable = on\nregs = 24\nxlate = shiftadd\n",
		 "t.ini:4: regmutex.xlate = shiftadd: unknown name (legal: mul|precomp)\n"},
	};
	unsigned i;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		tu_cfg_rejects(cases[i].text, cases[i].msg);
}

/* The RegMutex launch rule: sections must exist when Es > 0, fit the file, and Es < regs. */
static void test_rm_launch_rule(void)
{
	rfm_cfg_t c;
	tu_cfg_ok(&c, fermi_rm);
	CU_ASSERT(rfm_rm_launch_fits(&c, 48, 24, 6, 26));
	CU_ASSERT(!rfm_rm_launch_fits(&c, 48, 24, 6, 27));  /* 864 + 162 > 1024 */
	CU_ASSERT(!rfm_rm_launch_fits(&c, 48, 24, 6, 0));   /* no section: deadlock */
	CU_ASSERT(rfm_rm_launch_fits(&c, 42, 24, 0, 0));    /* Es = 0: the linear baseline */
	CU_ASSERT(!rfm_rm_launch_fits(&c, 43, 24, 0, 0));
	CU_ASSERT(!rfm_rm_launch_fits(&c, 42, 24, 0, 1));
	CU_ASSERT(!rfm_rm_launch_fits(&c, 48, 24, 24, 1));  /* no base set */
	CU_ASSERT(!rfm_rm_launch_fits(&c, 49, 24, 6, 26));
	CU_ASSERT(!rfm_rm_launch_fits(&c, 0, 24, 6, 26));
	CU_ASSERT(!rfm_rm_launch_fits(&c, 1, 63, 62, 48)); /* 1 + 48 x 62 = 2977 > 1024 */
	CU_ASSERT(rfm_rm_launch_fits(&c, 1, 63, 62, 16));  /* 1 + 16 x 62 = 993 */
}

int test_regmutex_register(void)
{
	CU_pSuite s = CU_add_suite("regmutex", NULL, NULL);
	if (!s)
		return -1;
	if (!CU_add_test(s, "test_rm_paper_es_choice_r24", test_rm_paper_es_choice_r24) ||
	    !CU_add_test(s, "test_rm_appendix_rows", test_rm_appendix_rows) ||
	    !CU_add_test(s, "test_rm_storage_bits", test_rm_storage_bits) ||
	    !CU_add_test(s, "test_rm_figure2_two_warps", test_rm_figure2_two_warps) ||
	    !CU_add_test(s, "test_rm_all_warps_acquire_in_order", test_rm_all_warps_acquire_in_order) ||
	    !CU_add_test(s, "test_rm_compaction", test_rm_compaction) ||
	    !CU_add_test(s, "test_rm_translation_injective", test_rm_translation_injective) ||
	    !CU_add_test(s, "test_rm_precomp_equals_mul", test_rm_precomp_equals_mul) ||
	    !CU_add_test(s, "test_rm_xbase_written_at_acquire", test_rm_xbase_written_at_acquire) ||
	    !CU_add_test(s, "test_rm_invariants_catch_faults", test_rm_invariants_catch_faults) ||
	    !CU_add_test(s, "test_rm_checkers_catch_planted_faults", test_rm_checkers_catch_planted_faults) ||
	    !CU_add_test(s, "test_rm_config_errors", test_rm_config_errors) ||
	    !CU_add_test(s, "test_rm_launch_rule", test_rm_launch_rule))
		return -1;
	return 0;
}
