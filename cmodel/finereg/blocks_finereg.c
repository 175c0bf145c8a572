/* blocks_finereg.c - models of FineReg's blocks (docs/finereg.md, "Blocks"):
 *
 *   rf_fr_lrc  the live-register bit-vector cache: entries of {valid, PC tag (the whole PC), 64-bit
 *              vector}, direct mapped by PC bits [3 + clog2(entries) - 1 : 3] (instructions of 8
 *              bytes); a lookup reads this cycle's state (hit and vector, 0 on a miss); a fill
 *              writes its PC's entry at the clock edge, whatever it held; a new kernel (inval_i)
 *              empties every entry at the edge and wins over a fill in the same cycle.
 *
 * The reference is the unit's cache (rfm_fr_lrc_* in rmu.c); the checker keeps a shadow of the
 * last vector filled per PC and the PC last filled per index since the last new kernel.
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
