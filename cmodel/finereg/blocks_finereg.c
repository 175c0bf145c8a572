/* blocks_finereg.c - models of FineReg's blocks (docs/finereg.md, "Blocks"):
 *
 *   rf_fr_lrc  the live-register bit-vector cache: entries of {valid, PC tag (the whole PC), 64-bit
 *              vector}, direct mapped by PC bits [3 + clog2(entries) - 1 : 3] (instructions of 8
 *              bytes); a lookup reads this cycle's state (hit and vector, 0 on a miss); a fill
 *              writes its PC's entry at the clock edge, whatever it held; a new kernel (inval_i)
 *              empties every entry at the edge and wins over a fill in the same cycle.
 *
 *   rf_fr_free the PCRF free-space monitor: an occupied flag per entry and a running count of the
 *              empty ones; it shows the lowest empty entry (find-first-free); an allocation
 *              occupies that entry at the edge (nothing when none is empty), a release empties the
 *              entry it names (nothing when that entry is empty or past the last); one of each a
 *              cycle, both in one cycle.
 *
 * The reference of rf_fr_lrc is the unit's cache (rfm_fr_lrc_* in rmu.c); its checker keeps a
 * shadow of the last vector filled per PC and the PC last filled per index since the last new
 * kernel. rf_fr_free's checker keeps its own flags from the requests and holds the count and the
 * lowest empty entry to them.
 */
#include <string.h>

#include "rfm_block.h"
#include "rfm_fault_ids.h"
#include "rfm_finereg.h"

/* ---- rf_fr_lrc ---------------------------------------------------------------------------------- */

typedef struct lrc_ix {
	unsigned clk, rst, inval, lv, lpc, lhit, lvec, fv, fpc, fvec;
} lrc_ix_t;

enum { LC_HIT, LC_MISS_EMPTY, LC_MISS_CONFLICT, LC_FILL_REPLACES, LC_FILL_BESIDE_LOOKUP, LC_INVAL, LC_N };
static const char *const lc_names[LC_N] = {"lookup_hit", "lookup_misses_empty_entry", "lookup_misses_other_pc",
					   "fill_replaces_valid_entry", "fill_and_lookup_same_index", "new_kernel_empties"};

enum { LRC_NPC = 64 }; /* PCs the stimulus uses: a few per index, so that they conflict */

typedef struct rfm_lrc {
	rfm_model_t m;
	lrc_ix_t ix;
	rfm_fr_lrc_t c;
	/* this cycle */
	int hit;
	uint64_t vec;
	/* stimulus and checker: the PCs, the last vector filled per PC and the PC last filled per
	 * index since the last new kernel */
	uint32_t pcs[LRC_NPC];
	uint64_t svec[LRC_NPC];
	int slast[1024];
} rfm_lrc_t;

/* The vector a fill brings for pc (the stimulus's program: any fixed function of the PC; the
 * fill's cycle number varies it so that a stale vector differs from a new one). */
static uint64_t lrc_prog(uint32_t pc, uint64_t cycle)
{
	uint64_t h = (pc ^ (cycle << 40)) * 0x9e3779b97f4a7c15ull;
	h ^= h >> 31;
	return h * 0xbf58476d1ce4e5b9ull;
}

static int lrc_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	lrc_ix_t *ix = ixv;
	(void)c;
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (every entry empty)", "rst_ni");
	ix->inval = rfm_ports_add(pt, RFM_IN, 1, "a new kernel: every entry empty at the edge", "inval_i");
	rfm_ports_group(pt, "lookup (the register index decoder's request)");
	ix->lv = rfm_ports_add(pt, RFM_IN, 1, "a lookup", "l_valid_i");
	ix->lpc = rfm_ports_add(pt, RFM_IN, 32, "the stalled warp's PC", "l_pc_i");
	ix->lhit = rfm_ports_add(pt, RFM_OUT, 1, "its entry holds this PC", "l_hit_o");
	ix->lvec = rfm_ports_add(pt, RFM_OUT, 64, "the live vector (0 on a miss)", "l_vec_o");
	rfm_ports_group(pt, "fill from memory");
	ix->fv = rfm_ports_add(pt, RFM_IN, 1, "a vector arrives", "f_valid_i");
	ix->fpc = rfm_ports_add(pt, RFM_IN, 32, "its PC", "f_pc_i");
	ix->fvec = rfm_ports_add(pt, RFM_IN, 64, "the vector", "f_vec_i");
	return 0;
}

static void lrc_reset(rfm_model_t *m)
{
	rfm_lrc_t *x = (rfm_lrc_t *)m;
	if (x->c.valid)
		memset(x->c.valid, 0, x->c.entries);
	memset(x->slast, 0xff, sizeof(x->slast));
}

static void lrc_eval(rfm_model_t *m)
{
	rfm_lrc_t *x = (rfm_lrc_t *)m;
	uint32_t pc = (uint32_t)rfm_get(m, x->ix.lpc);
	unsigned i = rfm_fr_lrc_index(&x->c, pc);
	x->hit = 0;
	x->vec = 0;
	if (rfm_get(m, x->ix.lv)) {
		x->hit = rfm_fr_lrc_lookup(&x->c, pc, &x->vec, NULL);
		if (!x->hit && m->mutate == RFM_FAULT_LRC_TAG_IGNORED && x->c.valid[i]) {
			x->hit = 1;
			x->vec = x->c.bv[i];
		}
		if (!x->hit)
			x->vec = 0;
	}
	rfm_set(m, x->ix.lhit, (uint64_t)x->hit);
	rfm_set(m, x->ix.lvec, x->vec);
}

static void lrc_tick(rfm_model_t *m)
{
	rfm_lrc_t *x = (rfm_lrc_t *)m;
	uint32_t pc = (uint32_t)rfm_get(m, x->ix.fpc);
	if (rfm_get(m, x->ix.inval)) {
		if (m->mutate != RFM_FAULT_LRC_INVAL_IGNORED)
			memset(x->c.valid, 0, x->c.entries);
		return;
	}
	if (rfm_get(m, x->ix.fv)) {
		if (m->mutate == RFM_FAULT_LRC_FILL_NEXT_INDEX)
			pc += 8; /* the next index's PC */
		rfm_fr_lrc_fill(&x->c, pc, rfm_get(m, x->ix.fvec));
		if (m->mutate == RFM_FAULT_LRC_FILL_NEXT_INDEX)
			x->c.pc[rfm_fr_lrc_index(&x->c, pc)] = pc - 8;
	}
}

static void lrc_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_lrc_t *x = (rfm_lrc_t *)m;
	unsigned npc = x->c.entries * 3 < LRC_NPC ? x->c.entries * 3 : LRC_NPC;
	rfm_clear_inputs(m);
	if (cycle < 2)
		return;
	if (rfm_rng_chance(r, 1, 512)) {
		rfm_set(m, x->ix.inval, 1);
		return;
	}
	if (rfm_rng_chance(r, 3, 4)) {
		rfm_set(m, x->ix.lv, 1);
		rfm_set(m, x->ix.lpc, x->pcs[rfm_rng_below(r, npc)]);
	}
	if (rfm_rng_chance(r, 1, 4)) {
		uint32_t pc = x->pcs[rfm_rng_below(r, npc)];
		rfm_set(m, x->ix.fv, 1);
		rfm_set(m, x->ix.fpc, pc);
		rfm_set(m, x->ix.fvec, lrc_prog(pc, cycle));
	}
}

/* The stimulus PC index of pc, or -1. */
static int lrc_pc_slot(const rfm_lrc_t *x, uint32_t pc)
{
	unsigned k;
	for (k = 0; k < LRC_NPC; k++)
		if (x->pcs[k] == pc)
			return (int)k;
	return -1;
}

static int lrc_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_lrc_t *x = (rfm_lrc_t *)m;
	uint32_t lpc = (uint32_t)rfm_get(m, x->ix.lpc), fpc = (uint32_t)rfm_get(m, x->ix.fpc);
	unsigned li = rfm_fr_lrc_index(&x->c, lpc), fi = rfm_fr_lrc_index(&x->c, fpc);
	int lk = lrc_pc_slot(x, lpc), fk = lrc_pc_slot(x, fpc);
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst))
		return 0;
	if (rfm_get(m, x->ix.lv) && lk >= 0) {
		/* direct mapped: a hit exactly when this PC was the last filled at its index, with the
		 * vector of that fill; a miss reads 0 */
		int want_hit = x->slast[li] == lk;
		uint64_t want = want_hit ? x->svec[lk] : 0;
		if (x->hit != want_hit || x->vec != want) {
			fprintf(err, "cycle %llu: rf_fr_lrc golden: lookup pc 0x%x (index %u): hit %d vector 0x%016llx, the "
				     "fills give hit %d vector 0x%016llx\n", (unsigned long long)cycle, lpc, li, x->hit,
				(unsigned long long)x->vec, want_hit, (unsigned long long)want);
			return 1;
		}
		rfm_cov_hit(m, want_hit ? LC_HIT : x->slast[li] < 0 ? LC_MISS_EMPTY : LC_MISS_CONFLICT);
	}
	if (rfm_get(m, x->ix.inval)) {
		rfm_cov_hit(m, LC_INVAL);
		memset(x->slast, 0xff, sizeof(x->slast));
		return 0;
	}
	if (rfm_get(m, x->ix.fv) && fk >= 0) {
		if (x->slast[fi] >= 0)
			rfm_cov_hit(m, LC_FILL_REPLACES);
		if (rfm_get(m, x->ix.lv) && li == fi)
			rfm_cov_hit(m, LC_FILL_BESIDE_LOOKUP);
		x->slast[fi] = fk;
		x->svec[fk] = rfm_get(m, x->ix.fvec);
	}
	return 0;
}

static void lrc_release(rfm_model_t *m) { rfm_fr_lrc_free(&((rfm_lrc_t *)m)->c); }

/* What rfm_rf_fr_lrc_create does after rfm_model_init: 0 on success. */
static int lrc_setup(rfm_model_t *m)
{
	rfm_lrc_t *x = (rfm_lrc_t *)m;
	unsigned k, e = m->cfg->finereg_cache_entries ? m->cfg->finereg_cache_entries : 1;
	if (e > 1024 || rfm_fr_lrc_init(&x->c, e, 3))
		return -1;
	/* PCs of 8-byte instructions: for entry k mod entries, a few of them 8 x entries apart */
	for (k = 0; k < LRC_NPC; k++)
		x->pcs[k] = 0x4000u + 8u * (k % e) + 8u * e * (k / e) + 0x100000u * (k / e % 2);
	if (e * 2 > LRC_NPC)
		rfm_cov_na(&x->m, LC_MISS_CONFLICT); /* fewer than two PCs an entry: no conflict */
	lrc_reset(&x->m);
	return 0;
}

RFM_BLOCK(rf_fr_lrc, rfm_lrc_t, lrc_ix_t, lrc_ports, lc_names, LC_N,
	  lrc_reset, lrc_eval, lrc_tick, lrc_stim, lrc_check,
	  lrc_release, lrc_setup)

/* ---- rf_fr_free --------------------------------------------------------------------------------- */

typedef struct free_ix {
	unsigned clk, rst, av, rv, ridx, ffv, ffi, cnt;
} free_ix_t;

enum { FC_ALLOC, FC_ALLOC_FULL, FC_RELEASE, FC_RELEASE_EMPTY, FC_RELEASE_PAST, FC_BOTH, FC_FULL, FC_ALL_EMPTY,
       FC_LOWER, FC_N };
static const char *const fc_names[FC_N] = {"allocate",          "allocate_when_full",       "release",
					   "release_of_empty_entry", "release_past_last_entry", "allocate_and_release",
					   "full",              "empty_again",              "release_below_first_free"};

typedef struct rfm_free {
	rfm_model_t m;
	free_ix_t ix;
	unsigned n;       /* PCRF entries */
	unsigned pbits;   /* width of an entry index */
	uint8_t *occ;     /* the flags: 1 occupied */
	unsigned count;   /* the running count of empty entries */
	unsigned ff;      /* this cycle: the lowest empty entry (n when none) */
	uint8_t *shadow;  /* checker: the flags from the requests alone */
	int used;         /* checker: some entry was occupied since reset */
	unsigned bias;    /* stimulus: 0 fills, 1 drains, 2 balanced; changes now and then */
} rfm_free_t;

static int free_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	free_ix_t *ix = ixv;
	unsigned pb = c->d.fr_ptr_bits ? c->d.fr_ptr_bits : 1, n = c->finereg_pcrf_regs ? c->finereg_pcrf_regs : 1;
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (every entry empty)", "rst_ni");
	rfm_ports_group(pt, "requests (the switch engine's)");
	ix->av = rfm_ports_add(pt, RFM_IN, 1, "occupy the lowest empty entry (ff_idx_o) at the edge", "alloc_i");
	ix->rv = rfm_ports_add(pt, RFM_IN, 1, "empty entry rel_idx_i at the edge", "rel_valid_i");
	ix->ridx = rfm_ports_add(pt, RFM_IN, pb, "the entry to empty", "rel_idx_i");
	rfm_ports_group(pt, "state");
	ix->ffv = rfm_ports_add(pt, RFM_OUT, 1, "some entry is empty", "ff_valid_o");
	ix->ffi = rfm_ports_add(pt, RFM_OUT, pb, "the lowest empty entry (0 when none)", "ff_idx_o");
	ix->cnt = rfm_ports_add(pt, RFM_OUT, rfm_clog2((uint64_t)n + 1), "empty entries (the running count)",
				"count_o");
	return 0;
}

static void free_reset(rfm_model_t *m)
{
	rfm_free_t *x = (rfm_free_t *)m;
	memset(x->occ, 0, x->n);
	memset(x->shadow, 0, x->n);
	x->count = x->n;
	x->used = 0;
}

/* The lowest zero of flags[0 .. n-1], n when none. */
static unsigned free_lowest(const uint8_t *flags, unsigned n)
{
	unsigned e;
	for (e = 0; e < n && flags[e]; e++)
		;
	return e;
}

static void free_eval(rfm_model_t *m)
{
	rfm_free_t *x = (rfm_free_t *)m;
	unsigned e;
	x->ff = free_lowest(x->occ, x->n);
	if (m->mutate == RFM_FAULT_FREE_HIGHEST_FIRST)
		for (e = x->n; e-- > 0;)
			if (!x->occ[e]) {
				x->ff = e;
				break;
			}
	rfm_set(m, x->ix.ffv, (uint64_t)(x->ff < x->n));
	rfm_set(m, x->ix.ffi, x->ff < x->n ? x->ff : 0);
	rfm_set(m, x->ix.cnt, x->count);
}

static void free_tick(rfm_model_t *m)
{
	rfm_free_t *x = (rfm_free_t *)m;
	unsigned r = (unsigned)rfm_get(m, x->ix.ridx);
	int rel = rfm_get(m, x->ix.rv) && r < x->n && (x->occ[r] || m->mutate == RFM_FAULT_FREE_RELEASE_UNCHECKED);
	/* the release applies to an entry occupied before the edge, the allocation to the entry empty
	 * before it: never the same entry */
	if (rel) {
		x->occ[r] = 0;
		x->count++;
	}
	if (rfm_get(m, x->ix.av) && x->ff < x->n) {
		x->occ[x->ff] = 1;
		x->count--;
	} else if (rfm_get(m, x->ix.av) && m->mutate == RFM_FAULT_FREE_ALLOC_WHEN_FULL)
		x->count--;
}

static void free_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_free_t *x = (rfm_free_t *)m;
	unsigned span = 1u << x->pbits, e;
	rfm_clear_inputs(m);
	if (cycle < 2)
		return;
	/* phases that fill, drain or hold the level, each about 4 x entries cycles long: long enough to
	 * reach full and empty at any size */
	if (rfm_rng_chance(r, 1, x->n * 4 > 64 ? x->n * 4 : 64))
		x->bias = (unsigned)rfm_rng_below(r, 3);
	if (rfm_rng_chance(r, x->bias == 0 ? 3 : 1, x->bias == 2 ? 2 : 4))
		rfm_set(m, x->ix.av, 1);
	if (rfm_rng_chance(r, x->bias == 1 ? 3 : 1, x->bias == 2 ? 2 : 4)) {
		/* mostly an occupied entry (the engine's walk), now and then an empty one or one past the
		 * last */
		e = (unsigned)rfm_rng_below(r, x->n);
		if (rfm_rng_chance(r, 7, 8)) {
			unsigned k;
			for (k = 0; k < x->n && !x->shadow[(e + k) % x->n]; k++)
				;
			e = (e + k) % x->n;
		}
		if (span > x->n && rfm_rng_chance(r, 1, 32))
			e = x->n + (unsigned)rfm_rng_below(r, span - x->n);
		rfm_set(m, x->ix.rv, 1);
		rfm_set(m, x->ix.ridx, e);
	}
}

static int free_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_free_t *x = (rfm_free_t *)m;
	unsigned lo = free_lowest(x->shadow, x->n), empty = 0, e, r = (unsigned)rfm_get(m, x->ix.ridx);
	unsigned ffv = (unsigned)rfm_get(m, x->ix.ffv), ffi = (unsigned)rfm_get(m, x->ix.ffi),
		 cnt = (unsigned)rfm_get(m, x->ix.cnt);
	int av = (int)rfm_get(m, x->ix.av), rv = (int)rfm_get(m, x->ix.rv);
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst))
		return 0;
	for (e = 0; e < x->n; e++)
		empty += !x->shadow[e];
	if (cnt != empty || ffv != (lo < x->n) || ffi != (lo < x->n ? lo : 0)) {
		fprintf(err, "cycle %llu: rf_fr_free golden: count %u, first free %s%u; the requests leave %u empty, the "
			     "lowest %s%u\n", (unsigned long long)cycle, cnt, ffv ? "" : "none ", ffi, empty,
			lo < x->n ? "" : "none ", lo < x->n ? lo : 0);
		return 1;
	}
	/* the requests' effect at the edge, in the shadow */
	if (rv) {
		if (r >= x->n)
			rfm_cov_hit(m, FC_RELEASE_PAST);
		else if (!x->shadow[r])
			rfm_cov_hit(m, FC_RELEASE_EMPTY);
		else {
			rfm_cov_hit(m, FC_RELEASE);
			if (r < lo)
				rfm_cov_hit(m, FC_LOWER);
			if (av && lo < x->n)
				rfm_cov_hit(m, FC_BOTH);
			x->shadow[r] = 0;
		}
	}
	if (av) {
		if (lo < x->n) {
			rfm_cov_hit(m, FC_ALLOC);
			x->shadow[lo] = 1;
			x->used = 1;
		} else
			rfm_cov_hit(m, FC_ALLOC_FULL);
	}
	if (empty == 0)
		rfm_cov_hit(m, FC_FULL);
	else if (empty == x->n && x->used)
		rfm_cov_hit(m, FC_ALL_EMPTY);
	return 0;
}

static void free_release(rfm_model_t *m)
{
	rfm_free_t *x = (rfm_free_t *)m;
	free(x->occ);
	free(x->shadow);
}

static int free_setup(rfm_model_t *m)
{
	rfm_free_t *x = (rfm_free_t *)m;
	x->n = m->cfg->finereg_pcrf_regs ? m->cfg->finereg_pcrf_regs : 1;
	x->pbits = m->cfg->d.fr_ptr_bits ? m->cfg->d.fr_ptr_bits : 1;
	x->occ = calloc(x->n, 1);
	x->shadow = calloc(x->n, 1);
	if (!x->occ || !x->shadow)
		return -1;
	x->bias = 2;
	if ((1u << x->pbits) == x->n)
		rfm_cov_na(&x->m, FC_RELEASE_PAST); /* every index names an entry */
	if (x->n == 1)
		rfm_cov_na(&x->m, FC_BOTH); /* a release of the one entry leaves nothing to allocate */
	free_reset(&x->m);
	return 0;
}

RFM_BLOCK(rf_fr_free, rfm_free_t, free_ix_t, free_ports, fc_names, FC_N,
	  free_reset, free_eval, free_tick, free_stim, free_check,
	  free_release, free_setup)
