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
 *   rf_fr_tags the PCRF tag array: per entry {valid, end, next pointer, warp id, register index}; a
 *              read port shows an entry's tag this cycle, all 0 when the entry is empty; at the
 *              edge a clear empties an entry, a write sets a whole tag (valid), a link sets an
 *              entry's next and end and keeps its other fields, applied in that order (on one
 *              entry the later one wins field by field); an index past the last entry does nothing.
 *   rf_fr_status the CTA status monitor: per resident CTA line a context field and a register field
 *              (Table IV: context 0 none, 1 saved, 2 in the pipeline; registers 0 none, 1 live in
 *              the PCRF, 2 in the ACRF); two write ports set a line's status at the edge (port 1
 *              later, winning on one line), a write of a state that is not legal at rest ((0,0),
 *              (2,2), (1,2), (1,1)) or past the last line is refused; a read port; this cycle's
 *              picks among the ready lines other than the stalled one: the lowest (1,2) (a context
 *              switch), the lowest (1,1) (a swap), the lowest free (0,0) line, and the number of
 *              lines in the pipeline.
 *   rf_fr_ptr  the per-CTA pointer table: per resident CTA line the head of its PCRF chain and its
 *              live count (0 and 0 for a CTA that is not pending); a write sets a line at the edge
 *              (nothing past the last line); two read ports show lines this cycle (0 past the
 *              last line).
 *   rf_fr_dec  the register index decoder: holds one warp's live vector (the reference kernel's
 *              kernel_regs bits of it) and shows its lowest live register; a take clears that bit
 *              at the edge (find-first-set, clear-lowest: one index a cycle, ascending); a load
 *              replaces the vector at the edge and wins over a take.
 *   rf_fr_live the engine's live-register set: the reference kernel's live registers of every warp
 *              of a CTA not yet moved (a row per warp, loaded one warp a cycle) and its pick: the
 *              destination offered (a swap's incoming register) when it is a register left, else
 *              the lowest left (ascending warp, then index); a take clears the pick at the edge,
 *              then a load replaces its warp's row (a load of a warp past the kernel's does
 *              nothing).
 *   rf_fr_zero the engine's zeros: the registers of a CTA's slot the plan has written or zeroed since
 *              the operation began; per bank of the slot (the base mapping's, rf_top's warp slot x
 *              kernel_warps + w), the lowest register left (ascending warp, then index) is zeroed
 *              at an edge where the zeros are on and the bank is held, one a bank a cycle; the hold
 *              request is every bank with a zero left. A clear (a new operation) wins.
 *   rf_fr_slot the ACRF slot table: per ACRF slot whether a CTA owns it and which; a write sets a
 *              slot's owner or frees it at the edge, refused when it would give a CTA a second
 *              slot (or names a slot or line past the last); the lowest free slot, a slot's owner
 *              and a CTA's slot, this cycle.
 *   rf_fr_pcrf the PCRF data array: entries x beats rows of one beat, one port: a write of a beat
 *              at the edge, or a read whose beat is shown pcrf_latency - 1 cycles later; an access
 *              past the last entry or beat writes nothing and reads 0.
 *   rf_fr_port the unit's PCRF port: the out buffer a PWR sends beat by beat, a PRD's beats read
 *              through an rf_fr_pcrf into the in buffer, a FIFO of fr_in_depth registers, each
 *              with the {warp, index} its PRD carried; one PWR or PRD on the port at a time.
 *
 * The reference of rf_fr_lrc is the unit's cache (rfm_fr_lrc_* in rmu.c); its checker keeps a
 * shadow of the last vector filled per PC and the PC last filled per index since the last new
 * kernel. rf_fr_free's checker keeps its own flags from the requests and holds the count and the
 * lowest empty entry to them. rf_fr_tags's checker keeps, per entry, the tag the requests since
 * reset leave (packed in one word) and holds every read to it. rf_fr_status's checker keeps the
 * statuses the legal writes leave and holds every status legal, the reads and the picks to them.
 * rf_fr_ptr's checker keeps the lines the writes leave and holds both reads to them. rf_fr_dec's
 * checker keeps the registers of the last load not yet taken and holds the index shown to the
 * lowest of them. rf_fr_live's checker keeps the rows the loads and takes leave and holds the pick
 * to them. rf_fr_zero's checker keeps the registers written and zeroed and holds the requests and
 * every bank's zero to them. rf_fr_slot's checker keeps the owners the accepted writes leave, holds
 * every CTA to one slot at most and the three lookups to them. rf_fr_pcrf's checker keeps the rows the writes
 * leave and the reads on their way. rf_fr_port's checker holds the outputs to the engine's cycle
 * arithmetic from the requests alone, and every register popped to a shadow of the PWRs' registers
 * and to the {warp, index} its PRD carried.
 */
#include <string.h>

#include "ctl_ports.h"
#include "rfm_block.h"
#include "rfm_fault_ids.h"
#include "rfm_finereg.h"
#include "rfm_models.h"
#include "rfm_util.h"

/* Sizes as the blocks use them: a count of at least one, an index of at least one bit (a structure of
 * one entry still has a 1-bit index port). */
static unsigned at_least1(unsigned n) { return n ? n : 1; }
/* A warp's row of a kernel of regs registers (at most 64): bits 0 .. regs - 1. */
static uint64_t kernel_row(unsigned regs) { return regs >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << regs) - 1; }
static unsigned ix_bits(unsigned n) { return at_least1(rfm_clog2(n)); }

/* A PCRF tag's {warp, register index}: where a restored register goes in its CTA's slot. */
static unsigned dst_bits(const rfm_cfg_t *c)
{
	rfm_fr_geom_t g;
	rfm_finereg_geom_of(c, &g);
	return rfm_fr_warp_bits(&g) + 6;
}

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
	unsigned k, e = at_least1(m->cfg->finereg_cache_entries);
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
	unsigned pb = at_least1(c->d.fr_ptr_bits), n = at_least1(c->finereg_pcrf_regs);
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
	x->n = at_least1(m->cfg->finereg_pcrf_regs);
	x->pbits = at_least1(m->cfg->d.fr_ptr_bits);
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

/* ---- rf_fr_tags --------------------------------------------------------------------------------- */

typedef struct tags_ix {
	unsigned clk, rst, cv, ci, wv, wi, wend, wnext, wwid, wridx, kv, ki, knext, kend, ri, rvalid, rend, rnext, rwid,
		rridx;
} tags_ix_t;

enum { TC_READ_VALID, TC_READ_EMPTY, TC_READ_LAST, TC_READ_WRITTEN_NOW, TC_WRITE, TC_LINK, TC_CLEAR, TC_WRITE_LINK_ONE,
       TC_CLEAR_WRITE_ONE, TC_PAST, TC_N };
static const char *const tc_names[TC_N] = {"read_valid_entry",    "read_empty_entry",        "read_last_of_chain",
					   "read_entry_written_now", "write",                "link",
					   "clear",               "write_and_link_one_entry", "clear_and_write_one_entry",
					   "request_past_last_entry"};

typedef struct rfm_tags {
	rfm_model_t m;
	tags_ix_t ix;
	unsigned n, pbits, wbits;
	rfm_fr_tag_t *t;  /* the tags */
	uint64_t *shadow; /* checker: per entry, valid | end << 1 | next << 2 | wid << 18 | ridx << 26 */
	unsigned span;    /* stimulus: indexes drawn below it (a few entries now and then, to collide) */
} rfm_tags_t;

static int tags_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	tags_ix_t *ix = ixv;
	rfm_fr_geom_t g;
	unsigned pb = at_least1(c->d.fr_ptr_bits), wb;
	rfm_finereg_geom_of(c, &g);
	wb = rfm_fr_warp_bits(&g);
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (every tag empty)", "rst_ni");
	rfm_ports_group(pt, "clear (a restore takes an entry out)");
	ix->cv = rfm_ports_add(pt, RFM_IN, 1, "empty an entry's tag at the edge", "c_valid_i");
	ix->ci = rfm_ports_add(pt, RFM_IN, pb, "its index", "c_idx_i");
	rfm_ports_group(pt, "write (an eviction puts a register in an entry)");
	ix->wv = rfm_ports_add(pt, RFM_IN, 1, "set a whole tag, valid, at the edge (after a clear)", "w_valid_i");
	ix->wi = rfm_ports_add(pt, RFM_IN, pb, "its index", "w_idx_i");
	ix->wend = rfm_ports_add(pt, RFM_IN, 1, "the last entry of its chain", "w_end_i");
	ix->wnext = rfm_ports_add(pt, RFM_IN, pb, "the next entry of its chain", "w_next_i");
	ix->wwid = rfm_ports_add(pt, RFM_IN, wb, "the register's warp in its CTA", "w_wid_i");
	ix->wridx = rfm_ports_add(pt, RFM_IN, 6, "the register's index", "w_ridx_i");
	rfm_ports_group(pt, "link (the chain's next entry known later)");
	ix->kv = rfm_ports_add(pt, RFM_IN, 1, "set an entry's next and end at the edge (after a write)", "k_valid_i");
	ix->ki = rfm_ports_add(pt, RFM_IN, pb, "its index", "k_idx_i");
	ix->knext = rfm_ports_add(pt, RFM_IN, pb, "the next entry", "k_next_i");
	ix->kend = rfm_ports_add(pt, RFM_IN, 1, "the last entry", "k_end_i");
	rfm_ports_group(pt, "read (this cycle's tag)");
	ix->ri = rfm_ports_add(pt, RFM_IN, pb, "the entry to read", "r_idx_i");
	ix->rvalid = rfm_ports_add(pt, RFM_OUT, 1, "it holds a register", "r_valid_o");
	ix->rend = rfm_ports_add(pt, RFM_OUT, 1, "the last entry of its chain", "r_end_o");
	ix->rnext = rfm_ports_add(pt, RFM_OUT, pb, "the next entry", "r_next_o");
	ix->rwid = rfm_ports_add(pt, RFM_OUT, wb, "the register's warp", "r_wid_o");
	ix->rridx = rfm_ports_add(pt, RFM_OUT, 6, "the register's index", "r_ridx_o");
	return 0;
}

static void tags_reset(rfm_model_t *m)
{
	rfm_tags_t *x = (rfm_tags_t *)m;
	memset(x->t, 0, x->n * sizeof(*x->t));
	memset(x->shadow, 0, x->n * sizeof(*x->shadow));
}

static void tags_eval(rfm_model_t *m)
{
	rfm_tags_t *x = (rfm_tags_t *)m;
	unsigned r = (unsigned)rfm_get(m, x->ix.ri);
	rfm_fr_tag_t t = {0};
	if (r < x->n && x->t[r].valid) /* an empty entry reads all 0 */
		t = x->t[r];
	rfm_set(m, x->ix.rvalid, t.valid);
	rfm_set(m, x->ix.rend, t.end);
	rfm_set(m, x->ix.rnext, t.next);
	rfm_set(m, x->ix.rwid, t.wid);
	rfm_set(m, x->ix.rridx, t.ridx);
}

static void tags_tick(rfm_model_t *m)
{
	rfm_tags_t *x = (rfm_tags_t *)m;
	unsigned c = (unsigned)rfm_get(m, x->ix.ci), w = (unsigned)rfm_get(m, x->ix.wi), k = (unsigned)rfm_get(m, x->ix.ki);
	if (rfm_get(m, x->ix.cv) && c < x->n && m->mutate != RFM_FAULT_TAGS_CLEAR_IGNORED)
		memset(&x->t[c], 0, sizeof(x->t[c]));
	if (rfm_get(m, x->ix.wv) && w < x->n)
		x->t[w] = (rfm_fr_tag_t){.valid = 1,
					 .end = (uint8_t)rfm_get(m, x->ix.wend),
					 .next = (uint16_t)rfm_get(m, x->ix.wnext),
					 .wid = (uint8_t)rfm_get(m, x->ix.wwid),
					 .ridx = (uint8_t)rfm_get(m, x->ix.wridx)};
	if (rfm_get(m, x->ix.kv) && k < x->n) {
		x->t[k].next = (uint16_t)rfm_get(m, x->ix.knext);
		x->t[k].end = (uint8_t)rfm_get(m, x->ix.kend);
		if (m->mutate == RFM_FAULT_TAGS_LINK_SETS_VALID)
			x->t[k].valid = 1;
	}
}

static void tags_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_tags_t *x = (rfm_tags_t *)m;
	unsigned idx = 1u << x->pbits;
	rfm_clear_inputs(m);
	if (cycle < 2)
		return;
	/* now and then a few entries only, so that requests meet on one entry */
	if (rfm_rng_chance(r, 1, 128))
		x->span = rfm_rng_chance(r, 1, 2) ? (x->n < 3 ? x->n : 3) : x->n;
	/* an index below span, or now and then one past the last entry */
#define TAGS_IDX() (idx > x->n && rfm_rng_chance(r, 1, 64) ? x->n + (unsigned)rfm_rng_below(r, idx - x->n) \
							    : (unsigned)rfm_rng_below(r, x->span))
	rfm_set(m, x->ix.ri, TAGS_IDX());
	if (rfm_rng_chance(r, 1, 4)) {
		rfm_set(m, x->ix.cv, 1);
		rfm_set(m, x->ix.ci, TAGS_IDX());
	}
	if (rfm_rng_chance(r, 1, 2)) {
		rfm_set(m, x->ix.wv, 1);
		rfm_set(m, x->ix.wi, TAGS_IDX());
		rfm_set(m, x->ix.wend, rfm_rng_below(r, 2));
		rfm_set(m, x->ix.wnext, rfm_rng_below(r, idx));
		rfm_set(m, x->ix.wwid, rfm_rng_below(r, (uint64_t)1 << x->wbits));
		rfm_set(m, x->ix.wridx, rfm_rng_below(r, 64));
	}
	if (rfm_rng_chance(r, 1, 2)) {
		rfm_set(m, x->ix.kv, 1);
		rfm_set(m, x->ix.ki, TAGS_IDX());
		rfm_set(m, x->ix.knext, rfm_rng_below(r, idx));
		rfm_set(m, x->ix.kend, rfm_rng_below(r, 2));
	}
#undef TAGS_IDX
}

static int tags_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_tags_t *x = (rfm_tags_t *)m;
	unsigned r = (unsigned)rfm_get(m, x->ix.ri), c = (unsigned)rfm_get(m, x->ix.ci), w = (unsigned)rfm_get(m, x->ix.wi),
		 k = (unsigned)rfm_get(m, x->ix.ki);
	int cv = (int)rfm_get(m, x->ix.cv), wv = (int)rfm_get(m, x->ix.wv), kv = (int)rfm_get(m, x->ix.kv);
	uint64_t got = rfm_get(m, x->ix.rvalid) | rfm_get(m, x->ix.rend) << 1 | rfm_get(m, x->ix.rnext) << 2 |
		       rfm_get(m, x->ix.rwid) << 18 | rfm_get(m, x->ix.rridx) << 26,
		 want = r < x->n ? x->shadow[r] : 0;
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst))
		return 0;
	if (got != want) {
		fprintf(err, "cycle %llu: rf_fr_tags golden: entry %u reads valid %u end %u next %u warp %u register %u; the "
			     "requests left valid %u end %u next %u warp %u register %u\n", (unsigned long long)cycle, r,
			(unsigned)(got & 1), (unsigned)(got >> 1 & 1), (unsigned)(got >> 2 & 0xffff),
			(unsigned)(got >> 18 & 0xff), (unsigned)(got >> 26), (unsigned)(want & 1), (unsigned)(want >> 1 & 1),
			(unsigned)(want >> 2 & 0xffff), (unsigned)(want >> 18 & 0xff), (unsigned)(want >> 26));
		return 1;
	}
	if (r >= x->n)
		rfm_cov_hit(m, TC_PAST);
	else {
		rfm_cov_hit(m, want & 1 ? TC_READ_VALID : TC_READ_EMPTY);
		if ((want & 3) == 3)
			rfm_cov_hit(m, TC_READ_LAST);
		if ((wv && w == r) || (kv && k == r) || (cv && c == r))
			rfm_cov_hit(m, TC_READ_WRITTEN_NOW);
	}
	/* the requests at the edge, in order */
	if (cv && c < x->n) {
		rfm_cov_hit(m, TC_CLEAR);
		x->shadow[c] = 0;
	}
	if (wv && w < x->n) {
		rfm_cov_hit(m, TC_WRITE);
		if (cv && c == w)
			rfm_cov_hit(m, TC_CLEAR_WRITE_ONE);
		x->shadow[w] = 1 | rfm_get(m, x->ix.wend) << 1 | rfm_get(m, x->ix.wnext) << 2 |
			       rfm_get(m, x->ix.wwid) << 18 | rfm_get(m, x->ix.wridx) << 26;
	}
	if (kv && k < x->n) {
		rfm_cov_hit(m, TC_LINK);
		if (wv && w == k)
			rfm_cov_hit(m, TC_WRITE_LINK_ONE);
		x->shadow[k] = (x->shadow[k] & ~(uint64_t)0x3fffe) | rfm_get(m, x->ix.kend) << 1 |
			       rfm_get(m, x->ix.knext) << 2;
		if (!(x->shadow[k] & 1))
			x->shadow[k] = 0; /* an empty entry reads all 0, linked or not */
	}
	if ((cv && c >= x->n) || (wv && w >= x->n) || (kv && k >= x->n))
		rfm_cov_hit(m, TC_PAST);
	return 0;
}

static void tags_release(rfm_model_t *m)
{
	rfm_tags_t *x = (rfm_tags_t *)m;
	free(x->t);
	free(x->shadow);
}

static int tags_setup(rfm_model_t *m)
{
	rfm_tags_t *x = (rfm_tags_t *)m;
	rfm_fr_geom_t g;
	rfm_finereg_geom_of(m->cfg, &g);
	x->n = at_least1(m->cfg->finereg_pcrf_regs);
	x->pbits = at_least1(m->cfg->d.fr_ptr_bits);
	x->wbits = rfm_fr_warp_bits(&g);
	if (x->pbits > 16 || x->wbits > 8)
		return -1;
	x->t = calloc(x->n, sizeof(*x->t));
	x->shadow = calloc(x->n, sizeof(*x->shadow));
	if (!x->t || !x->shadow)
		return -1;
	x->span = x->n;
	if ((1u << x->pbits) == x->n)
		rfm_cov_na(&x->m, TC_PAST); /* every index names an entry */
	tags_reset(&x->m);
	return 0;
}

RFM_BLOCK(rf_fr_tags, rfm_tags_t, tags_ix_t, tags_ports, tc_names, TC_N,
	  tags_reset, tags_eval, tags_tick, tags_stim, tags_check,
	  tags_release, tags_setup)

/* ---- rf_fr_status ------------------------------------------------------------------------------- */

typedef struct status_ix {
	unsigned clk, rst, wv[2], wc[2], wx[2], wr[2], ready, sv, sc, rc, rx, rr, swv, swc, spv, spc, flv, flc, pipe;
} status_ix_t;

enum { SC_WRITE, SC_REFUSED, SC_TWO_ONE_LINE, SC_SWITCH, SC_SWAP, SC_BOTH, SC_NONE_READY, SC_SELF, SC_FREE_LINE,
       SC_NO_FREE_LINE, SC_PAST, SC_N };
static const char *const sc_names[SC_N] = {"write",           "illegal_state_refused", "two_writes_one_line",
					   "pick_switch_1_2", "pick_swap_1_1",         "both_picks",
					   "saved_lines_none_ready", "stalled_line_left_out", "free_line",
					   "no_free_line",    "request_past_last_line"};

typedef struct rfm_frst {
	rfm_model_t m;
	status_ix_t ix;
	unsigned n, cbits;
	uint8_t *ctx, *reg;   /* the fields */
	uint8_t *sctx, *sreg; /* checker: the fields the legal writes leave */
	int sw, sp, fl;       /* this cycle's picks, -1 none */
	unsigned pipe;
	unsigned rbias;       /* stimulus: ready lines one in rbias */
	int fill;             /* stimulus: a phase that frees no line */
} rfm_frst_t;

/* Table IV's states at rest. */
static int status_legal(unsigned cx, unsigned rg)
{
	return (cx == 0 && rg == 0) || (cx == 2 && rg == 2) || (cx == 1 && rg == 2) || (cx == 1 && rg == 1);
}

static int status_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	status_ix_t *ix = ixv;
	unsigned n = at_least1(c->finereg_resident_ctas), cb = ix_bits(n), k;
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (every line (0,0))", "rst_ni");
	for (k = 0; k < 2; k++) {
		rfm_ports_group(pt, "write port %u%s", k, k ? " (later: wins on one line)" : "");
		ix->wv[k] = rfm_ports_add(pt, RFM_IN, 1, "set a line's status at the edge (a legal one)", "w%u_valid_i", k);
		ix->wc[k] = rfm_ports_add(pt, RFM_IN, cb, "the CTA line", "w%u_cta_i", k);
		ix->wx[k] = rfm_ports_add(pt, RFM_IN, 2, "context: 0 none, 1 saved, 2 pipeline", "w%u_ctx_i", k);
		ix->wr[k] = rfm_ports_add(pt, RFM_IN, 2, "registers: 0 none, 1 PCRF, 2 ACRF", "w%u_reg_i", k);
	}
	rfm_ports_group(pt, "the scheduler's view");
	ix->ready = rfm_ports_add(pt, RFM_IN, n, "per CTA line: its warps could issue", "ready_i");
	ix->sv = rfm_ports_add(pt, RFM_IN, 1, "a stalled active CTA is being decided on", "s_valid_i");
	ix->sc = rfm_ports_add(pt, RFM_IN, cb, "its line (left out of the picks)", "s_cta_i");
	rfm_ports_group(pt, "read");
	ix->rc = rfm_ports_add(pt, RFM_IN, cb, "a CTA line", "r_cta_i");
	ix->rx = rfm_ports_add(pt, RFM_OUT, 2, "its context field", "r_ctx_o");
	ix->rr = rfm_ports_add(pt, RFM_OUT, 2, "its register field", "r_reg_o");
	rfm_ports_group(pt, "picks (this cycle, the lowest line of each)");
	ix->swv = rfm_ports_add(pt, RFM_OUT, 1, "a ready (1,2) line: a context switch", "sw_valid_o");
	ix->swc = rfm_ports_add(pt, RFM_OUT, cb, "the lowest (0 when none)", "sw_cta_o");
	ix->spv = rfm_ports_add(pt, RFM_OUT, 1, "a ready (1,1) line: a swap", "sp_valid_o");
	ix->spc = rfm_ports_add(pt, RFM_OUT, cb, "the lowest (0 when none)", "sp_cta_o");
	ix->flv = rfm_ports_add(pt, RFM_OUT, 1, "a free (0,0) line: a new CTA", "fl_valid_o");
	ix->flc = rfm_ports_add(pt, RFM_OUT, cb, "the lowest (0 when none)", "fl_cta_o");
	ix->pipe = rfm_ports_add(pt, RFM_OUT, rfm_clog2((uint64_t)n + 1), "lines with their context in the pipeline",
				 "pipe_o");
	return 0;
}

static void status_reset(rfm_model_t *m)
{
	rfm_frst_t *x = (rfm_frst_t *)m;
	memset(x->ctx, 0, x->n);
	memset(x->reg, 0, x->n);
	memset(x->sctx, 0, x->n);
	memset(x->sreg, 0, x->n);
}

static int status_bit(rfm_model_t *m, unsigned port, unsigned i) { return (int)(rfm_wide(m, port)[i / 32] >> (i % 32) & 1); }

/* The lowest line in state (cx, rg) of fields ctx/reg (the highest when highest), with use_ready
 * only a ready line other than self; -1 none. */
static int status_pick(rfm_model_t *m, const uint8_t *ctx, const uint8_t *reg, unsigned cx, unsigned rg,
		       int use_ready, int self, int highest)
{
	rfm_frst_t *x = (rfm_frst_t *)m;
	int got = -1;
	unsigned i;
	for (i = 0; i < x->n; i++)
		if (ctx[i] == cx && reg[i] == rg && (!use_ready || (status_bit(m, x->ix.ready, i) && (int)i != self))) {
			got = (int)i;
			if (!highest)
				break;
		}
	return got;
}

/* The stalled line left out of the picks, -1 none. */
static int status_self(rfm_model_t *m)
{
	rfm_frst_t *x = (rfm_frst_t *)m;
	return rfm_get(m, x->ix.sv) ? (int)rfm_get(m, x->ix.sc) : -1;
}

static void status_eval(rfm_model_t *m)
{
	rfm_frst_t *x = (rfm_frst_t *)m;
	unsigned r = (unsigned)rfm_get(m, x->ix.rc), i;
	int self = status_self(m);
	x->sw = status_pick(m, x->ctx, x->reg, 1, 2, 1, self, 0);
	x->sp = status_pick(m, x->ctx, x->reg, 1, 1, 1, self, m->mutate == RFM_FAULT_STATUS_SWAP_HIGHEST);
	x->fl = status_pick(m, x->ctx, x->reg, 0, 0, 0, -1, 0);
	for (x->pipe = 0, i = 0; i < x->n; i++)
		x->pipe += x->ctx[i] == 2;
	rfm_set(m, x->ix.rx, r < x->n ? x->ctx[r] : 0);
	rfm_set(m, x->ix.rr, r < x->n ? x->reg[r] : 0);
	rfm_set(m, x->ix.swv, (uint64_t)(x->sw >= 0));
	rfm_set(m, x->ix.swc, x->sw >= 0 ? (uint64_t)x->sw : 0);
	rfm_set(m, x->ix.spv, (uint64_t)(x->sp >= 0));
	rfm_set(m, x->ix.spc, x->sp >= 0 ? (uint64_t)x->sp : 0);
	rfm_set(m, x->ix.flv, (uint64_t)(x->fl >= 0));
	rfm_set(m, x->ix.flc, x->fl >= 0 ? (uint64_t)x->fl : 0);
	rfm_set(m, x->ix.pipe, x->pipe);
}

static void status_tick(rfm_model_t *m)
{
	rfm_frst_t *x = (rfm_frst_t *)m;
	unsigned k;
	/* port 1 is later and wins on one line (the fault: port 0 after it) */
	for (k = 0; k < 2; k++) {
		unsigned p = m->mutate == RFM_FAULT_STATUS_PORT0_WINS ? 1 - k : k, c = (unsigned)rfm_get(m, x->ix.wc[p]),
			 cx = (unsigned)rfm_get(m, x->ix.wx[p]), rg = (unsigned)rfm_get(m, x->ix.wr[p]);
		if (rfm_get(m, x->ix.wv[p]) && c < x->n && status_legal(cx, rg)) {
			x->ctx[c] = (uint8_t)cx;
			x->reg[c] = (uint8_t)rg;
		}
	}
}

static void status_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_frst_t *x = (rfm_frst_t *)m;
	static const uint8_t legal[4][2] = {{0, 0}, {2, 2}, {1, 2}, {1, 1}};
	unsigned span = 1u << x->cbits, k, i;
	uint32_t *rd = rfm_wide(m, x->ix.ready);
	rfm_clear_inputs(m);
	if (cycle < 2)
		return;
	if (rfm_rng_chance(r, 1, 256))
		x->rbias = 1 + (unsigned)rfm_rng_below(r, x->n < 8 ? 8 : x->n); /* few or many ready lines */
	if (rfm_rng_chance(r, 1, x->n * 16 > 256 ? x->n * 16 : 256))
		x->fill = !x->fill;
	for (i = 0; i < x->n; i++)
		if (rfm_rng_chance(r, 1, x->rbias))
			rd[i / 32] |= 1u << (i % 32);
	for (k = 0; k < 2; k++)
		if (rfm_rng_chance(r, 1, 3)) {
			/* in a filling phase no line is freed, so that every line can be taken */
			unsigned st = x->fill ? 1 + (unsigned)rfm_rng_below(r, 3) : (unsigned)rfm_rng_below(r, 4),
				 c = (unsigned)rfm_rng_below(r, x->n);
			if (rfm_rng_chance(r, 1, 2) && x->n > 1) /* now and then both ports on one line */
				c = (unsigned)rfm_rng_below(r, 2);
			if (span > x->n && rfm_rng_chance(r, 1, 32))
				c = x->n + (unsigned)rfm_rng_below(r, span - x->n);
			rfm_set(m, x->ix.wv[k], 1);
			rfm_set(m, x->ix.wc[k], c);
			rfm_set(m, x->ix.wx[k], legal[st][0]);
			rfm_set(m, x->ix.wr[k], legal[st][1]);
			if (rfm_rng_chance(r, 1, 16)) { /* a state that is not legal at rest */
				rfm_set(m, x->ix.wx[k], rfm_rng_below(r, 4));
				rfm_set(m, x->ix.wr[k], rfm_rng_below(r, 4));
			}
			if (rfm_rng_chance(r, 1, 4)) /* the same line as port 0 */
				rfm_set(m, x->ix.wc[k], rfm_get(m, x->ix.wc[0]));
		}
	if (rfm_rng_chance(r, 3, 4)) {
		rfm_set(m, x->ix.sv, 1);
		rfm_set(m, x->ix.sc, rfm_rng_below(r, x->n));
	}
	rfm_set(m, x->ix.rc, rfm_rng_below(r, span));
}

static int status_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_frst_t *x = (rfm_frst_t *)m;
	unsigned r = (unsigned)rfm_get(m, x->ix.rc), i, k, pipe = 0, saved = 0;
	int self = status_self(m), sw = status_pick(m, x->sctx, x->sreg, 1, 2, 1, self, 0),
	    sp = status_pick(m, x->sctx, x->sreg, 1, 1, 1, self, 0), fl = status_pick(m, x->sctx, x->sreg, 0, 0, 0, -1, 0);
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst))
		return 0;
	for (i = 0; i < x->n; i++) {
		if (!status_legal(x->ctx[i], x->reg[i])) {
			fprintf(err, "cycle %llu: rf_fr_status golden: CTA line %u holds (%u,%u), not a state of Table IV at "
				     "rest\n", (unsigned long long)cycle, i, x->ctx[i], x->reg[i]);
			return 1;
		}
		pipe += x->sctx[i] == 2;
		saved += x->sctx[i] == 1;
	}
	if (rfm_get(m, x->ix.rx) != (r < x->n ? x->sctx[r] : 0u) || rfm_get(m, x->ix.rr) != (r < x->n ? x->sreg[r] : 0u) ||
	    x->sw != sw || x->sp != sp || x->fl != fl || x->pipe != pipe) {
		fprintf(err, "cycle %llu: rf_fr_status golden: picks switch %d swap %d free %d, %u in the pipeline (line %u "
			     "reads (%u,%u)); the writes give %d %d %d, %u (line %u (%u,%u))\n", (unsigned long long)cycle,
			x->sw, x->sp, x->fl, x->pipe, r, (unsigned)rfm_get(m, x->ix.rx), (unsigned)rfm_get(m, x->ix.rr), sw,
			sp, fl, pipe, r, r < x->n ? x->sctx[r] : 0, r < x->n ? x->sreg[r] : 0);
		return 1;
	}
	rfm_cov_hit(m, fl >= 0 ? SC_FREE_LINE : SC_NO_FREE_LINE);
	if (sw >= 0)
		rfm_cov_hit(m, SC_SWITCH);
	if (sp >= 0)
		rfm_cov_hit(m, SC_SWAP);
	if (sw >= 0 && sp >= 0)
		rfm_cov_hit(m, SC_BOTH);
	if (saved && sw < 0 && sp < 0)
		rfm_cov_hit(m, SC_NONE_READY);
	if (self >= 0 && (status_pick(m, x->sctx, x->sreg, 1, 2, 1, -1, 0) != sw ||
			  status_pick(m, x->sctx, x->sreg, 1, 1, 1, -1, 0) != sp))
		rfm_cov_hit(m, SC_SELF); /* the stalled line would have been picked */
	if (r >= x->n)
		rfm_cov_hit(m, SC_PAST);
	for (k = 0; k < 2; k++) {
		unsigned c = (unsigned)rfm_get(m, x->ix.wc[k]), cx = (unsigned)rfm_get(m, x->ix.wx[k]),
			 rg = (unsigned)rfm_get(m, x->ix.wr[k]);
		if (!rfm_get(m, x->ix.wv[k]))
			continue;
		if (c >= x->n) {
			rfm_cov_hit(m, SC_PAST);
			continue;
		}
		if (!status_legal(cx, rg)) {
			rfm_cov_hit(m, SC_REFUSED);
			continue;
		}
		rfm_cov_hit(m, SC_WRITE);
		if (k == 1 && rfm_get(m, x->ix.wv[0]) && rfm_get(m, x->ix.wc[0]) == c)
			rfm_cov_hit(m, SC_TWO_ONE_LINE);
		x->sctx[c] = (uint8_t)cx;
		x->sreg[c] = (uint8_t)rg;
	}
	return 0;
}

static void status_release(rfm_model_t *m)
{
	rfm_frst_t *x = (rfm_frst_t *)m;
	free(x->ctx);
	free(x->reg);
	free(x->sctx);
	free(x->sreg);
}

static int status_setup(rfm_model_t *m)
{
	rfm_frst_t *x = (rfm_frst_t *)m;
	x->n = at_least1(m->cfg->finereg_resident_ctas);
	x->cbits = ix_bits(x->n);
	x->ctx = calloc(x->n, 1);
	x->reg = calloc(x->n, 1);
	x->sctx = calloc(x->n, 1);
	x->sreg = calloc(x->n, 1);
	if (!x->ctx || !x->reg || !x->sctx || !x->sreg)
		return -1;
	x->rbias = 4;
	if ((1u << x->cbits) == x->n)
		rfm_cov_na(&x->m, SC_PAST); /* every index names a line */
	if (x->n == 1) {
		rfm_cov_na(&x->m, SC_BOTH); /* one line is (1,2) or (1,1), not both */
		rfm_cov_na(&x->m, SC_SELF); /* ... and leaving it out leaves nothing */
	}
	status_reset(&x->m);
	return 0;
}

RFM_BLOCK(rf_fr_status, rfm_frst_t, status_ix_t, status_ports, sc_names, SC_N,
	  status_reset, status_eval, status_tick, status_stim, status_check,
	  status_release, status_setup)

/* ---- rf_fr_ptr ---------------------------------------------------------------------------------- */

typedef struct ptr_ix {
	unsigned clk, rst, wv, wc, wh, wn, rc[2], rh[2], rn[2];
} ptr_ix_t;

enum { PC_WRITE, PC_READ_SET, PC_READ_EMPTY, PC_READ_WRITTEN_NOW, PC_BOTH_READS_ONE_LINE, PC_PAST, PC_N };
static const char *const pc_names[PC_N] = {"write", "read_line_with_chain", "read_empty_line", "read_line_written_now",
					   "both_reads_one_line", "request_past_last_line"};

typedef struct rfm_ptrt {
	rfm_model_t m;
	ptr_ix_t ix;
	unsigned n, cbits, pbits, nbits;
	rfm_fr_ptr_t *p;      /* the lines */
	uint32_t *shadow;     /* checker: head | count << 16 per line, from the writes */
} rfm_ptrt_t;

static int ptr_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	ptr_ix_t *ix = ixv;
	unsigned n = at_least1(c->finereg_resident_ctas), cb = ix_bits(n),
		 pb = at_least1(c->d.fr_ptr_bits), nb = rfm_clog2((uint64_t)c->finereg_pcrf_regs + 1), k;
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (every line empty)", "rst_ni");
	rfm_ports_group(pt, "write (an eviction's end sets a line, a restore's end empties it)");
	ix->wv = rfm_ports_add(pt, RFM_IN, 1, "set a line at the edge", "w_valid_i");
	ix->wc = rfm_ports_add(pt, RFM_IN, cb, "the CTA line", "w_cta_i");
	ix->wh = rfm_ports_add(pt, RFM_IN, pb, "the head entry of its chain", "w_head_i");
	ix->wn = rfm_ports_add(pt, RFM_IN, nb, "its live registers", "w_count_i");
	for (k = 0; k < 2; k++) {
		rfm_ports_group(pt, "read port %u (this cycle's line)", k);
		ix->rc[k] = rfm_ports_add(pt, RFM_IN, cb, "a CTA line", "r%u_cta_i", k);
		ix->rh[k] = rfm_ports_add(pt, RFM_OUT, pb, "its head entry", "r%u_head_o", k);
		ix->rn[k] = rfm_ports_add(pt, RFM_OUT, nb, "its live count", "r%u_count_o", k);
	}
	return 0;
}

static void ptr_reset(rfm_model_t *m)
{
	rfm_ptrt_t *x = (rfm_ptrt_t *)m;
	memset(x->p, 0, x->n * sizeof(*x->p));
	memset(x->shadow, 0, x->n * sizeof(*x->shadow));
}

static void ptr_eval(rfm_model_t *m)
{
	rfm_ptrt_t *x = (rfm_ptrt_t *)m;
	unsigned k;
	for (k = 0; k < 2; k++) {
		unsigned c = (unsigned)rfm_get(m, x->ix.rc[k]);
		if (k == 1 && m->mutate == RFM_FAULT_PTR_READ1_IS_READ0)
			c = (unsigned)rfm_get(m, x->ix.rc[0]);
		rfm_set(m, x->ix.rh[k], c < x->n ? x->p[c].head : 0);
		rfm_set(m, x->ix.rn[k], c < x->n ? x->p[c].count : 0);
	}
}

static void ptr_tick(rfm_model_t *m)
{
	rfm_ptrt_t *x = (rfm_ptrt_t *)m;
	unsigned c = (unsigned)rfm_get(m, x->ix.wc);
	if (rfm_get(m, x->ix.wv) && c < x->n) {
		x->p[c].head = (uint16_t)rfm_get(m, x->ix.wh);
		x->p[c].count = (uint16_t)rfm_get(m, x->ix.wn);
		if (m->mutate == RFM_FAULT_PTR_COUNT_TOP_BIT_LOST)
			x->p[c].count &= (uint16_t)((1u << (x->nbits - 1)) - 1);
	}
}

static void ptr_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_ptrt_t *x = (rfm_ptrt_t *)m;
	unsigned span = 1u << x->cbits, k;
	rfm_clear_inputs(m);
	if (cycle < 2)
		return;
	/* a line index, now and then past the last */
#define PTR_LINE() (span > x->n && rfm_rng_chance(r, 1, 32) ? x->n + (unsigned)rfm_rng_below(r, span - x->n) \
							    : (unsigned)rfm_rng_below(r, x->n))
	if (rfm_rng_chance(r, 1, 2)) {
		rfm_set(m, x->ix.wv, 1);
		rfm_set(m, x->ix.wc, PTR_LINE());
		if (rfm_rng_chance(r, 3, 4)) { /* a chain's head and count, now and then the largest count */
			rfm_set(m, x->ix.wh, rfm_rng_below(r, (uint64_t)1 << x->pbits));
			rfm_set(m, x->ix.wn, rfm_rng_chance(r, 1, 8) ? ((uint64_t)1 << x->nbits) - 1
								  : rfm_rng_below(r, (uint64_t)1 << x->nbits));
		} /* else the line emptied: head and count 0 */
	}
	for (k = 0; k < 2; k++)
		rfm_set(m, x->ix.rc[k], rfm_rng_chance(r, 1, 4) ? rfm_get(m, x->ix.wc) : PTR_LINE());
	if (rfm_rng_chance(r, 1, 8))
		rfm_set(m, x->ix.rc[1], rfm_get(m, x->ix.rc[0]));
#undef PTR_LINE
}

static int ptr_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_ptrt_t *x = (rfm_ptrt_t *)m;
	unsigned k, c, w = (unsigned)rfm_get(m, x->ix.wc);
	int wv = (int)rfm_get(m, x->ix.wv);
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst))
		return 0;
	for (k = 0; k < 2; k++) {
		uint32_t want, got = (uint32_t)(rfm_get(m, x->ix.rh[k]) | rfm_get(m, x->ix.rn[k]) << 16);
		c = (unsigned)rfm_get(m, x->ix.rc[k]);
		want = c < x->n ? x->shadow[c] : 0;
		if (got != want) {
			fprintf(err, "cycle %llu: rf_fr_ptr golden: read port %u line %u: head %u count %u; the writes left head "
				     "%u count %u\n", (unsigned long long)cycle, k, c, got & 0xffff, got >> 16, want & 0xffff,
				want >> 16);
			return 1;
		}
		if (c >= x->n)
			rfm_cov_hit(m, PC_PAST);
		else {
			rfm_cov_hit(m, want ? PC_READ_SET : PC_READ_EMPTY);
			if (wv && w == c)
				rfm_cov_hit(m, PC_READ_WRITTEN_NOW);
		}
	}
	if (rfm_get(m, x->ix.rc[0]) == rfm_get(m, x->ix.rc[1]))
		rfm_cov_hit(m, PC_BOTH_READS_ONE_LINE);
	if (wv && w < x->n) {
		rfm_cov_hit(m, PC_WRITE);
		x->shadow[w] = (uint32_t)(rfm_get(m, x->ix.wh) | rfm_get(m, x->ix.wn) << 16);
	} else if (wv)
		rfm_cov_hit(m, PC_PAST);
	return 0;
}

static void ptr_release(rfm_model_t *m)
{
	rfm_ptrt_t *x = (rfm_ptrt_t *)m;
	free(x->p);
	free(x->shadow);
}

static int ptr_setup(rfm_model_t *m)
{
	rfm_ptrt_t *x = (rfm_ptrt_t *)m;
	x->n = at_least1(m->cfg->finereg_resident_ctas);
	x->cbits = ix_bits(x->n);
	x->pbits = at_least1(m->cfg->d.fr_ptr_bits);
	x->nbits = rfm_clog2((uint64_t)m->cfg->finereg_pcrf_regs + 1);
	if (x->pbits > 16 || x->nbits > 16 || x->nbits < 1)
		return -1;
	x->p = calloc(x->n, sizeof(*x->p));
	x->shadow = calloc(x->n, sizeof(*x->shadow));
	if (!x->p || !x->shadow)
		return -1;
	if ((1u << x->cbits) == x->n)
		rfm_cov_na(&x->m, PC_PAST); /* every index names a line */
	ptr_reset(&x->m);
	return 0;
}

RFM_BLOCK(rf_fr_ptr, rfm_ptrt_t, ptr_ix_t, ptr_ports, pc_names, PC_N,
	  ptr_reset, ptr_eval, ptr_tick, ptr_stim, ptr_check,
	  ptr_release, ptr_setup)

/* ---- rf_fr_dec ---------------------------------------------------------------------------------- */

typedef struct dec_ix {
	unsigned clk, rst, lv, lvec, take, v, ridx;
} dec_ix_t;

enum { DC_LOAD, DC_LOAD_EMPTY, DC_LOAD_FULL, DC_LOAD_HIGH_BITS, DC_LOAD_OVER_LEFT, DC_TAKE, DC_TAKE_LAST, DC_TAKE_EMPTY,
       DC_N };
static const char *const dc_names[DC_N] = {"load",          "load_no_live_register", "load_every_register_live",
					   "load_bits_past_the_kernel", "load_replaces_registers_left", "take",
					   "take_the_last",  "take_when_empty"};

typedef struct rfm_dec {
	rfm_model_t m;
	dec_ix_t ix;
	unsigned regs;   /* kernel_regs: the vector's bits that count */
	uint64_t mask;   /* those bits */
	uint64_t vec;    /* the registers not yet taken */
	uint64_t shadow; /* checker: the same, from the loads and takes */
} rfm_dec_t;

static int dec_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	dec_ix_t *ix = ixv;
	(void)c;
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (no register left)", "rst_ni");
	rfm_ports_group(pt, "requests");
	ix->lv = rfm_ports_add(pt, RFM_IN, 1, "load a warp's live vector at the edge (wins over a take)", "ld_valid_i");
	ix->lvec = rfm_ports_add(pt, RFM_IN, 64, "the vector (bits past the kernel's registers ignored)", "ld_vec_i");
	ix->take = rfm_ports_add(pt, RFM_IN, 1, "the register shown is moved: clear it at the edge", "take_i");
	rfm_ports_group(pt, "the lowest live register left");
	ix->v = rfm_ports_add(pt, RFM_OUT, 1, "a live register is left", "valid_o");
	ix->ridx = rfm_ports_add(pt, RFM_OUT, 6, "the lowest (0 when none)", "ridx_o");
	return 0;
}

static void dec_reset(rfm_model_t *m)
{
	rfm_dec_t *x = (rfm_dec_t *)m;
	x->vec = 0;
	x->shadow = 0;
}

/* The lowest set bit of v (the highest when highest), 64 when none. */
static unsigned dec_lowest(uint64_t v, int highest)
{
	unsigned i;
	if (!v)
		return 64;
	if (highest)
		return 63u - (unsigned)__builtin_clzll(v);
	for (i = 0; !(v >> i & 1); i++)
		;
	return i;
}

static void dec_eval(rfm_model_t *m)
{
	rfm_dec_t *x = (rfm_dec_t *)m;
	unsigned lo = dec_lowest(x->vec, m->mutate == RFM_FAULT_DEC_HIGHEST_FIRST);
	rfm_set(m, x->ix.v, (uint64_t)(lo < 64));
	rfm_set(m, x->ix.ridx, lo < 64 ? lo : 0);
}

static void dec_tick(rfm_model_t *m)
{
	rfm_dec_t *x = (rfm_dec_t *)m;
	unsigned lo = dec_lowest(x->vec, m->mutate == RFM_FAULT_DEC_HIGHEST_FIRST);
	if (rfm_get(m, x->ix.lv))
		x->vec = rfm_get(m, x->ix.lvec) & (m->mutate == RFM_FAULT_DEC_MASK_IGNORED ? ~(uint64_t)0 : x->mask);
	else if (rfm_get(m, x->ix.take) && lo < 64)
		x->vec &= ~((uint64_t)1 << lo);
}

static void dec_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_dec_t *x = (rfm_dec_t *)m;
	uint64_t v;
	rfm_clear_inputs(m);
	if (cycle < 2)
		return;
	/* loads mostly once the vector is used up (the engine's walk, warp after warp), now and then
	 * over registers left; takes in most cycles */
	if (rfm_rng_chance(r, 1, x->vec ? 16 : 2)) {
		unsigned k = (unsigned)rfm_rng_below(r, 8);
		v = rfm_rng_next(r);
		if (k == 0)
			v = 0;
		else if (k == 1)
			v = ~(uint64_t)0;
		else if (k < 5) /* sparse: a few live registers, as at most stalls */
			v &= rfm_rng_next(r) & rfm_rng_next(r);
		rfm_set(m, x->ix.lv, 1);
		rfm_set(m, x->ix.lvec, v);
	}
	if (rfm_rng_chance(r, 3, 4))
		rfm_set(m, x->ix.take, 1);
}

static int dec_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_dec_t *x = (rfm_dec_t *)m;
	unsigned lo = dec_lowest(x->shadow, 0), v = (unsigned)rfm_get(m, x->ix.v), ri = (unsigned)rfm_get(m, x->ix.ridx);
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst))
		return 0;
	if (v != (lo < 64) || ri != (lo < 64 ? lo : 0)) {
		fprintf(err, "cycle %llu: rf_fr_dec golden: shows %s register %u; the registers left of the last load are "
			     "0x%016llx, the lowest %u\n", (unsigned long long)cycle, v ? "live" : "no", ri,
			(unsigned long long)x->shadow, lo);
		return 1;
	}
	if (rfm_get(m, x->ix.lv)) {
		uint64_t l = rfm_get(m, x->ix.lvec);
		rfm_cov_hit(m, DC_LOAD);
		if (!(l & x->mask))
			rfm_cov_hit(m, DC_LOAD_EMPTY);
		if ((l & x->mask) == x->mask)
			rfm_cov_hit(m, DC_LOAD_FULL);
		if (l & ~x->mask)
			rfm_cov_hit(m, DC_LOAD_HIGH_BITS);
		if (x->shadow)
			rfm_cov_hit(m, DC_LOAD_OVER_LEFT);
		x->shadow = l & x->mask;
	} else if (rfm_get(m, x->ix.take)) {
		if (lo < 64) {
			rfm_cov_hit(m, DC_TAKE);
			x->shadow &= ~((uint64_t)1 << lo);
			if (!x->shadow)
				rfm_cov_hit(m, DC_TAKE_LAST);
		} else
			rfm_cov_hit(m, DC_TAKE_EMPTY);
	}
	return 0;
}

static int dec_setup(rfm_model_t *m)
{
	rfm_dec_t *x = (rfm_dec_t *)m;
	x->regs = at_least1(m->cfg->finereg_kernel_regs);
	if (x->regs > 64)
		return -1;
	x->mask = kernel_row(x->regs);
	if (x->regs == 64)
		rfm_cov_na(&x->m, DC_LOAD_HIGH_BITS); /* every bit counts */
	dec_reset(&x->m);
	return 0;
}

RFM_BLOCK(rf_fr_dec, rfm_dec_t, dec_ix_t, dec_ports, dc_names, DC_N,
	  dec_reset, dec_eval, dec_tick, dec_stim, dec_check,
	  rfm_block_noop, dec_setup)

/* ---- rf_fr_live --------------------------------------------------------------------------------- */

typedef struct live_ix {
	unsigned clk, rst, lv, lw, lvec, qv, qw, qr, take, v, pw, pr, dst;
} live_ix_t;

enum { LV_LOAD, LV_LOAD_EMPTY, LV_LOAD_FULL, LV_LOAD_HIGH_BITS, LV_LOAD_OVER_LEFT, LV_LOAD_PAST, LV_TAKE_DST,
       LV_TAKE_DST_LATER_WARP, LV_TAKE_LOWEST_DST_GONE, LV_TAKE_LOWEST_NO_DST, LV_TAKE_LAST, LV_TAKE_EMPTY,
       LV_LOAD_AND_TAKE, LV_DST_PAST, LV_N };
static const char *const lv_names[LV_N] = {"load",
					   "load_no_live_register",
					   "load_every_register_live",
					   "load_bits_past_the_kernel",
					   "load_replaces_registers_left",
					   "load_warp_past_the_kernel",
					   "take_destination",
					   "take_destination_past_lowest_warp",
					   "take_lowest_destination_not_left",
					   "take_lowest_no_destination",
					   "take_the_last",
					   "take_when_empty",
					   "load_and_take_same_cycle",
					   "destination_past_the_kernel"};

typedef struct rfm_live {
	rfm_model_t m;
	live_ix_t ix;
	unsigned warps, regs, wbits; /* the reference kernel; the warp ports' width */
	uint64_t mask;               /* a row's kernel registers */
	uint64_t row[RFM_FR_MAX_WARPS];    /* the live registers not yet taken, per warp */
	uint64_t shadow[RFM_FR_MAX_WARPS]; /* checker: the same, from the loads and takes */
} rfm_live_t;

static int live_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	live_ix_t *ix = ixv;
	unsigned wb = dst_bits(c) - 6;
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (no register left)", "rst_ni");
	rfm_ports_group(pt, "loads: one warp's live vector at the edge");
	ix->lv = rfm_ports_add(pt, RFM_IN, 1, "load the warp's row (wins over a take in that row)", "ld_valid_i");
	ix->lw = rfm_ports_add(pt, RFM_IN, wb, "the warp (a warp past the kernel's: nothing)", "ld_warp_i");
	ix->lvec = rfm_ports_add(pt, RFM_IN, 64, "the vector (bits past the kernel's registers ignored)", "ld_vec_i");
	rfm_ports_group(pt, "the destination: the incoming register");
	ix->qv = rfm_ports_add(pt, RFM_IN, 1, "a destination is offered (a swap's PRD)", "q_valid_i");
	ix->qw = rfm_ports_add(pt, RFM_IN, wb, "its warp", "q_warp_i");
	ix->qr = rfm_ports_add(pt, RFM_IN, 6, "its register index", "q_ridx_i");
	ix->take = rfm_ports_add(pt, RFM_IN, 1, "the register picked is moved: clear it at the edge", "take_i");
	rfm_ports_group(pt, "the pick: the destination if left, else lowest");
	ix->v = rfm_ports_add(pt, RFM_OUT, 1, "a live register is left", "valid_o");
	ix->pw = rfm_ports_add(pt, RFM_OUT, wb, "the pick's warp (0 when none)", "warp_o");
	ix->pr = rfm_ports_add(pt, RFM_OUT, 6, "the pick's register index (0 when none)", "ridx_o");
	ix->dst = rfm_ports_add(pt, RFM_OUT, 1, "the pick is the destination", "dst_o");
	return 0;
}

static void live_reset(rfm_model_t *m)
{
	rfm_live_t *x = (rfm_live_t *)m;
	memset(x->row, 0, sizeof(x->row));
	memset(x->shadow, 0, sizeof(x->shadow));
}

/* The pick of rows: the destination (qv, qw, qr) when it is a register left, else the lowest left
 * (ascending warp, then index); 0 when none is left. *w and *r the pick, *d 1 when it is the
 * destination. */
static int live_pick(const rfm_live_t *x, const uint64_t *rows, int dst_ignored, unsigned *w, unsigned *r, int *d)
{
	unsigned qw = (unsigned)rfm_get(&x->m, x->ix.qw), qr = (unsigned)rfm_get(&x->m, x->ix.qr), k;
	*w = *r = 0;
	*d = 0;
	if (!dst_ignored && rfm_get(&x->m, x->ix.qv) && qw < x->warps && qr < x->regs && (rows[qw] >> qr & 1)) {
		*w = qw;
		*r = qr;
		*d = 1;
		return 1;
	}
	for (k = 0; k < x->warps; k++)
		if (rows[k]) {
			*w = k;
			*r = (unsigned)__builtin_ctzll(rows[k]);
			return 1;
		}
	return 0;
}

static void live_eval(rfm_model_t *m)
{
	rfm_live_t *x = (rfm_live_t *)m;
	unsigned w, r;
	int d, v = live_pick(x, x->row, m->mutate == RFM_FAULT_LIVE_DST_IGNORED, &w, &r, &d);
	rfm_set(m, x->ix.v, (uint64_t)v);
	rfm_set(m, x->ix.pw, w);
	rfm_set(m, x->ix.pr, r);
	rfm_set(m, x->ix.dst, (uint64_t)d);
}

/* The edge on rows: the take clears the pick, then a load replaces its warp's row. */
static void live_apply(rfm_live_t *x, uint64_t *rows, int v, unsigned w, unsigned r)
{
	unsigned lw = (unsigned)rfm_get(&x->m, x->ix.lw);
	if (rfm_get(&x->m, x->ix.take) && v)
		rows[w] &= ~((uint64_t)1 << r);
	if (rfm_get(&x->m, x->ix.lv) && lw < x->warps)
		rows[lw] = rfm_get(&x->m, x->ix.lvec) & x->mask;
}

static void live_tick(rfm_model_t *m)
{
	rfm_live_t *x = (rfm_live_t *)m;
	unsigned w, r;
	int d, v = live_pick(x, x->row, m->mutate == RFM_FAULT_LIVE_DST_IGNORED, &w, &r, &d);
	if (m->mutate == RFM_FAULT_LIVE_TAKE_LOWEST && d)
		v = live_pick(x, x->row, 1, &w, &r, &d);
	live_apply(x, x->row, v, w, r);
}

static void live_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_live_t *x = (rfm_live_t *)m;
	unsigned k, left = 0, wmax = 1u << x->wbits;
	uint64_t v;
	rfm_clear_inputs(m);
	if (cycle < 2)
		return;
	for (k = 0; k < x->warps; k++)
		left += x->row[k] != 0;
	/* loads warp after warp (the controller's lookup), mostly once the registers are used up, now
	 * and then over registers left or for a warp past the kernel's */
	if (rfm_rng_chance(r, 1, left ? 12 : 2)) {
		unsigned kind = (unsigned)rfm_rng_below(r, 8);
		v = rfm_rng_next(r);
		if (kind == 0)
			v = 0;
		else if (kind == 1)
			v = ~(uint64_t)0;
		else if (kind < 5) /* sparse: a few live registers, as at most stalls */
			v &= rfm_rng_next(r) & rfm_rng_next(r);
		rfm_set(m, x->ix.lv, 1);
		rfm_set(m, x->ix.lw, rfm_rng_chance(r, 1, 16) ? rfm_rng_below(r, wmax) : rfm_rng_below(r, x->warps));
		rfm_set(m, x->ix.lvec, v);
	}
	/* a destination in most cycles (a swap's incoming register): often a register left, else any
	 * register of the kernel, now and then one past it */
	if (rfm_rng_chance(r, 2, 3)) {
		unsigned qw = (unsigned)rfm_rng_below(r, x->warps), qr = (unsigned)rfm_rng_below(r, x->regs);
		if (left && rfm_rng_chance(r, 1, 2)) {
			do
				qw = (unsigned)rfm_rng_below(r, x->warps);
			while (!x->row[qw]);
			do
				qr = (unsigned)rfm_rng_below(r, x->regs);
			while (!(x->row[qw] >> qr & 1));
		} else if (rfm_rng_chance(r, 1, 16)) {
			qw = (unsigned)rfm_rng_below(r, wmax);
			qr = (unsigned)rfm_rng_below(r, 64);
		}
		rfm_set(m, x->ix.qv, 1);
		rfm_set(m, x->ix.qw, qw);
		rfm_set(m, x->ix.qr, qr);
	}
	if (rfm_rng_chance(r, 3, 4))
		rfm_set(m, x->ix.take, 1);
}

static int live_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_live_t *x = (rfm_live_t *)m;
	unsigned w, r, pw = (unsigned)rfm_get(m, x->ix.pw), pr = (unsigned)rfm_get(m, x->ix.pr), k, lo = 0, left = 0;
	unsigned qw = (unsigned)rfm_get(m, x->ix.qw), qr = (unsigned)rfm_get(m, x->ix.qr), lw = (unsigned)rfm_get(m, x->ix.lw);
	int d, v = live_pick(x, x->shadow, 0, &w, &r, &d), ov = (int)rfm_get(m, x->ix.v), od = (int)rfm_get(m, x->ix.dst);
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst))
		return 0;
	if (ov != v || pw != w || pr != r || od != d) {
		fprintf(err, "cycle %llu: rf_fr_live golden: picks %s warp %u register %u (destination %d); the registers "
			     "left and the destination give %s warp %u register %u (destination %d)\n",
			(unsigned long long)cycle, ov ? "live" : "no", pw, pr, od, v ? "live" : "no", w, r, d);
		return 1;
	}
	for (k = 0; k < x->warps; k++) {
		left += (unsigned)__builtin_popcountll(x->shadow[k]);
		if (!lo && x->shadow[k])
			lo = k + 1; /* the lowest warp with a register left, plus one */
	}
	if (rfm_get(m, x->ix.qv) && (qw >= x->warps || qr >= x->regs))
		rfm_cov_hit(m, LV_DST_PAST);
	if (rfm_get(m, x->ix.take)) {
		if (!v)
			rfm_cov_hit(m, LV_TAKE_EMPTY);
		else if (d)
			rfm_cov_hit(m, w + 1 > lo ? LV_TAKE_DST_LATER_WARP : LV_TAKE_DST);
		else
			rfm_cov_hit(m, rfm_get(m, x->ix.qv) ? LV_TAKE_LOWEST_DST_GONE : LV_TAKE_LOWEST_NO_DST);
		if (v && left == 1 && !rfm_get(m, x->ix.lv))
			rfm_cov_hit(m, LV_TAKE_LAST);
		if (v && rfm_get(m, x->ix.lv))
			rfm_cov_hit(m, LV_LOAD_AND_TAKE);
	}
	if (rfm_get(m, x->ix.lv)) {
		uint64_t l = rfm_get(m, x->ix.lvec);
		if (lw >= x->warps)
			rfm_cov_hit(m, LV_LOAD_PAST);
		else {
			rfm_cov_hit(m, LV_LOAD);
			if (!(l & x->mask))
				rfm_cov_hit(m, LV_LOAD_EMPTY);
			if ((l & x->mask) == x->mask)
				rfm_cov_hit(m, LV_LOAD_FULL);
			if (l & ~x->mask)
				rfm_cov_hit(m, LV_LOAD_HIGH_BITS);
			if (x->shadow[lw])
				rfm_cov_hit(m, LV_LOAD_OVER_LEFT);
		}
	}
	live_apply(x, x->shadow, v, w, r);
	return 0;
}

static int live_setup(rfm_model_t *m)
{
	rfm_live_t *x = (rfm_live_t *)m;
	x->warps = at_least1(m->cfg->finereg_kernel_warps);
	x->regs = at_least1(m->cfg->finereg_kernel_regs);
	x->wbits = dst_bits(m->cfg) - 6;
	if (x->regs > 64 || x->warps > RFM_FR_MAX_WARPS || x->wbits > 5)
		return -1;
	x->mask = kernel_row(x->regs);
	if (x->regs == 64)
		rfm_cov_na(&x->m, LV_LOAD_HIGH_BITS); /* every bit counts */
	if (x->warps == 1u << x->wbits)
		rfm_cov_na(&x->m, LV_LOAD_PAST); /* every warp a load names is the kernel's */
	if (x->warps == 1)
		rfm_cov_na(&x->m, LV_TAKE_DST_LATER_WARP);
	live_reset(&x->m);
	return 0;
}

RFM_BLOCK(rf_fr_live, rfm_live_t, live_ix_t, live_ports, lv_names, LV_N,
	  live_reset, live_eval, live_tick, live_stim, live_check,
	  rfm_block_noop, live_setup)

/* ---- rf_fr_zero --------------------------------------------------------------------------------- */

typedef struct zero_ix {
	unsigned clk, rst, clr, slot, wv, ww, wr, en, gnt, req, z, zw, zr, left;
} zero_ix_t;

enum { ZR_CLEAR, ZR_WRITE, ZR_WRITE_AGAIN, ZR_WRITE_PAST, ZR_ZERO, ZR_ZERO_EVERY_BANK, ZR_ZERO_SOME_BANKS,
       ZR_NOT_GRANTED, ZR_GRANT_NOTHING_LEFT, ZR_LAST, ZR_EN_NOTHING_LEFT, ZR_WRITE_AND_ZERO, ZR_CLEAR_OVER,
       ZR_SLOT_OFFSET, ZR_CLEAR_WINS, ZR_N };
static const char *const zr_names[ZR_N] = {"clear",
					   "write",
					   "write_of_a_register_written",
					   "write_past_the_kernel",
					   "zero",
					   "zeros_in_every_bank_left",
					   "zero_while_a_bank_left_waits",
					   "zero_left_bank_not_held",
					   "bank_held_nothing_left",
					   "the_last_zero",
					   "zeros_on_nothing_left",
					   "write_and_zero_same_cycle",
					   "clear_over_zeros_left",
					   "slot_with_a_bank_offset",
					   "clear_beside_write_and_zero"};

typedef struct rfm_zero {
	rfm_model_t m;
	zero_ix_t ix;
	unsigned warps, regs, banks, wbits;
	uint64_t done[RFM_FR_MAX_WARPS]; /* written or zeroed since the last clear, per warp */
	uint64_t shadow[RFM_FR_MAX_WARPS];
	/* stimulus: the operation it plays: its slot and phase (0 the writes, 1 the zeros) */
	unsigned slot;
	int phase;
} rfm_zero_t;

static int zero_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	zero_ix_t *ix = ixv;
	unsigned wb = dst_bits(c) - 6, B = at_least1(c->rf_banks);
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (nothing written)", "rst_ni");
	rfm_ports_group(pt, "the operation");
	ix->clr = rfm_ports_add(pt, RFM_IN, 1, "a new operation: nothing written or zeroed (wins)", "clr_i");
	ix->slot = rfm_ports_add(pt, RFM_IN, ix_bits(at_least1(c->d.fr_slots)), "the slot zeroed: its banks",
				 "slot_i");
	rfm_ports_group(pt, "the plan's ACRF writes (AWR)");
	ix->wv = rfm_ports_add(pt, RFM_IN, 1, "a register written at the edge: no zero for it", "wr_valid_i");
	ix->ww = rfm_ports_add(pt, RFM_IN, wb, "its warp", "wr_warp_i");
	ix->wr = rfm_ports_add(pt, RFM_IN, 6, "its register index", "wr_ridx_i");
	rfm_ports_group(pt, "the zeros (AZERO)");
	ix->en = rfm_ports_add(pt, RFM_IN, 1, "the ACRF queue is at its zeros", "en_i");
	ix->gnt = rfm_ports_add(pt, RFM_IN, B, "the banks held this cycle", "gnt_i");
	ix->req = rfm_ports_add(pt, RFM_OUT, B, "the hold request: banks with a zero left", "req_o");
	ix->z = rfm_ports_add(pt, RFM_OUT, B, "per bank, a zero written at the edge", "z_o");
	ix->zw = rfm_ports_add(pt, RFM_OUT, B * wb, "per bank, its register's warp (0 when none)", "z_warp_o");
	ix->zr = rfm_ports_add(pt, RFM_OUT, B * 6, "per bank, its register's index (0 when none)", "z_ridx_o");
	ix->left = rfm_ports_add(pt, RFM_OUT, 1, "a zero is left (the plan goes on)", "left_o");
	return 0;
}

static void zero_reset(rfm_model_t *m)
{
	rfm_zero_t *x = (rfm_zero_t *)m;
	memset(x->done, 0, sizeof(x->done));
	memset(x->shadow, 0, sizeof(x->shadow));
	x->phase = 0;
	x->slot = 0;
}

/* The bank of register (w, r) of the slot: rf_top's warp slot x warps + w through the base mapping. */
static unsigned zero_bank(const rfm_zero_t *x, unsigned slot, unsigned w, unsigned r)
{
	unsigned b, row;
	rfm_map_fn(x->m.cfg, (slot + 1) * x->warps, x->regs, slot * x->warps + w, r, &b, &row);
	return b;
}

/* Per bank, the lowest register of done's complement in the kernel (ascending warp, then index):
 * lo[b] = w x 64 + r, or ~0u when none. The set of banks with one. */
static uint64_t zero_lowest(const rfm_zero_t *x, const uint64_t *done, unsigned slot, unsigned *lo)
{
	uint64_t any = 0;
	unsigned w, r, b;
	for (b = 0; b < x->banks; b++)
		lo[b] = ~0u;
	for (w = 0; w < x->warps; w++)
		for (r = 0; r < x->regs; r++)
			if (!(done[w] >> r & 1)) {
				b = zero_bank(x, slot, w, r);
				if (lo[b] == ~0u) {
					lo[b] = w * 64 + r;
					any |= (uint64_t)1 << b;
				}
			}
	return any;
}

/* The outputs done and slot give this cycle, with en_i and gnt_i. */
static void zero_outputs(rfm_zero_t *x, const uint64_t *done, uint64_t *req, uint64_t *z, unsigned *lo)
{
	rfm_model_t *m = &x->m;
	uint64_t any = zero_lowest(x, done, (unsigned)rfm_get(m, x->ix.slot), lo);
	int en = (int)rfm_get(m, x->ix.en);
	*req = en ? any : 0;
	*z = en ? any & rfm_get(m, x->ix.gnt) : 0;
}

static void zero_eval(rfm_model_t *m)
{
	rfm_zero_t *x = (rfm_zero_t *)m;
	unsigned lo[64], b;
	uint64_t req, z, any = 0;
	uint32_t *zw = rfm_wide(m, x->ix.zw), *zr = rfm_wide(m, x->ix.zr);
	zero_outputs(x, x->done, &req, &z, lo);
	for (b = 0; b < x->banks; b++) {
		int on = (int)(z >> b & 1);
		rfm_bits_set(zw, b * x->wbits, x->wbits, on ? lo[b] / 64 : 0);
		rfm_bits_set(zr, b * 6, 6, on ? lo[b] % 64 : 0);
		any |= lo[b] != ~0u;
	}
	rfm_set(m, x->ix.req, req);
	rfm_set(m, x->ix.z, z);
	rfm_set(m, x->ix.left, any);
}

/* The edge on done: a clear empties it; else the register written and the zeros written join it. */
static void zero_apply(rfm_zero_t *x, uint64_t *done, uint64_t z, const unsigned *lo, int fault)
{
	rfm_model_t *m = &x->m;
	unsigned b, ww = (unsigned)rfm_get(m, x->ix.ww), wr = (unsigned)rfm_get(m, x->ix.wr);
	if (rfm_get(m, x->ix.clr)) {
		memset(done, 0, RFM_FR_MAX_WARPS * sizeof(*done));
		return;
	}
	if (rfm_get(m, x->ix.wv) && ww < x->warps && wr < x->regs)
		done[ww] |= (uint64_t)1 << wr;
	for (b = 0; b < x->banks; b++)
		if (z >> b & 1) {
			unsigned w = lo[b] / 64, r = lo[b] % 64;
			if (fault && r + 1 < x->regs) /* the register after the one zeroed is marked */
				r++;
			done[w] |= (uint64_t)1 << r;
		}
}

static void zero_tick(rfm_model_t *m)
{
	rfm_zero_t *x = (rfm_zero_t *)m;
	unsigned lo[64];
	uint64_t req, z;
	zero_outputs(x, x->done, &req, &z, lo);
	if (m->mutate == RFM_FAULT_ZERO_GRANT_IGNORED)
		z = req;
	zero_apply(x, x->done, z, lo, m->mutate == RFM_FAULT_ZERO_MARKS_NEXT);
}

static void zero_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_zero_t *x = (rfm_zero_t *)m;
	unsigned b, lo[64];
	uint64_t gnt = 0, any;
	rfm_clear_inputs(m);
	if (cycle < 2)
		return;
	any = zero_lowest(x, x->done, x->slot, lo);
	/* the engine's operation: a clear and a slot, the plan's writes (a restore's or a swap's AWRs,
	 * none for a launch), then the zeros under random holds until none is left (and now and then a
	 * cycle more); now and then a clear over zeros left */
	if ((!any && rfm_rng_chance(r, 1, 2)) || rfm_rng_chance(r, 1, 400)) {
		x->slot = (unsigned)rfm_rng_below(r, (uint64_t)1 << m->slot[x->ix.slot].width);
		rfm_set(m, x->ix.clr, 1);
		rfm_set(m, x->ix.slot, x->slot);
		x->phase = rfm_rng_chance(r, 1, 4); /* a launch: the zeros at once */
		if (rfm_rng_chance(r, 1, 4)) { /* the clear wins over a write and zeros of its cycle */
			rfm_set(m, x->ix.wv, 1);
			rfm_set(m, x->ix.ww, rfm_rng_below(r, x->warps));
			rfm_set(m, x->ix.wr, rfm_rng_below(r, x->regs));
			rfm_set(m, x->ix.en, 1);
			rfm_set(m, x->ix.gnt, rfm_rng_next(r));
		}
		return;
	}
	rfm_set(m, x->ix.slot, x->slot); /* held through the operation */
	if (!x->phase && rfm_rng_chance(r, 3, 4)) {
		unsigned ww = (unsigned)rfm_rng_below(r, x->warps), wr = (unsigned)rfm_rng_below(r, x->regs);
		if (rfm_rng_chance(r, 1, 16)) { /* a write past the kernel's registers or warps */
			ww = (unsigned)rfm_rng_below(r, (uint64_t)1 << x->wbits);
			wr = (unsigned)rfm_rng_below(r, 64);
		}
		rfm_set(m, x->ix.wv, 1);
		rfm_set(m, x->ix.ww, ww);
		rfm_set(m, x->ix.wr, wr);
	}
	if (!x->phase && rfm_rng_chance(r, 1, 12))
		x->phase = 1;
	if (x->phase || rfm_rng_chance(r, 1, 32)) {
		rfm_set(m, x->ix.en, 1);
		for (b = 0; b < x->banks; b++)
			if (rfm_rng_chance(r, 3, 4))
				gnt |= (uint64_t)1 << b;
		rfm_set(m, x->ix.gnt, gnt);
	}
}

static int zero_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_zero_t *x = (rfm_zero_t *)m;
	unsigned lo[64], b, nz = 0, ww = (unsigned)rfm_get(m, x->ix.ww), wr = (unsigned)rfm_get(m, x->ix.wr);
	unsigned slot = (unsigned)rfm_get(m, x->ix.slot);
	uint64_t req, z, any = 0, gnt = rfm_get(m, x->ix.gnt);
	const uint32_t *zw = rfm_wide(m, x->ix.zw), *zr = rfm_wide(m, x->ix.zr);
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst))
		return 0;
	zero_outputs(x, x->shadow, &req, &z, lo);
	for (b = 0; b < x->banks; b++)
		any |= lo[b] != ~0u;
	if (rfm_get(m, x->ix.req) != req || rfm_get(m, x->ix.z) != z || rfm_get(m, x->ix.left) != any) {
		fprintf(err, "cycle %llu: rf_fr_zero golden: requests 0x%llx, zeros 0x%llx, left %llu; the registers "
			     "written and zeroed give 0x%llx, 0x%llx, %llu\n", (unsigned long long)cycle,
			(unsigned long long)rfm_get(m, x->ix.req), (unsigned long long)rfm_get(m, x->ix.z),
			(unsigned long long)rfm_get(m, x->ix.left), (unsigned long long)req, (unsigned long long)z,
			(unsigned long long)any);
		return 1;
	}
	for (b = 0; b < x->banks; b++) {
		unsigned gw = (unsigned)rfm_bits_get(zw, b * x->wbits, x->wbits), gr = (unsigned)rfm_bits_get(zr, b * 6, 6);
		unsigned ew = z >> b & 1 ? lo[b] / 64 : 0, er = z >> b & 1 ? lo[b] % 64 : 0;
		if (gw != ew || gr != er) {
			fprintf(err, "cycle %llu: rf_fr_zero golden: bank %u zeroes warp %u register %u, not the lowest "
				     "register left in it, warp %u register %u\n", (unsigned long long)cycle, b, gw, gr, ew, er);
			return 1;
		}
		nz += (unsigned)(z >> b & 1);
	}
	if (rfm_get(m, x->ix.clr)) {
		rfm_cov_hit(m, ZR_CLEAR);
		if (any)
			rfm_cov_hit(m, ZR_CLEAR_OVER);
		if (x->banks > 1 && zero_bank(x, slot, 0, 0) != 0)
			rfm_cov_hit(m, ZR_SLOT_OFFSET);
		if (rfm_get(m, x->ix.wv) && z)
			rfm_cov_hit(m, ZR_CLEAR_WINS);
	} else {
		if (rfm_get(m, x->ix.wv)) {
			if (ww >= x->warps || wr >= x->regs)
				rfm_cov_hit(m, ZR_WRITE_PAST);
			else
				rfm_cov_hit(m, x->shadow[ww] >> wr & 1 ? ZR_WRITE_AGAIN : ZR_WRITE);
			if (z)
				rfm_cov_hit(m, ZR_WRITE_AND_ZERO);
		}
		if (z) {
			rfm_cov_hit(m, ZR_ZERO);
			if (z != req)
				rfm_cov_hit(m, ZR_ZERO_SOME_BANKS);
			else if (nz > 1)
				rfm_cov_hit(m, ZR_ZERO_EVERY_BANK);
		}
		if (req & ~gnt)
			rfm_cov_hit(m, ZR_NOT_GRANTED);
		if (rfm_get(m, x->ix.en) && (gnt & ~req))
			rfm_cov_hit(m, ZR_GRANT_NOTHING_LEFT);
		if (rfm_get(m, x->ix.en) && !any)
			rfm_cov_hit(m, ZR_EN_NOTHING_LEFT);
	}
	zero_apply(x, x->shadow, z, lo, 0);
	if (z && !rfm_get(m, x->ix.clr)) {
		uint64_t row = kernel_row(x->regs);
		unsigned w;
		for (w = 0; w < x->warps && (x->shadow[w] & row) == row; w++)
			;
		if (w == x->warps) /* every register of the kernel written or zeroed */
			rfm_cov_hit(m, ZR_LAST);
	}
	return 0;
}

static int zero_setup(rfm_model_t *m)
{
	rfm_zero_t *x = (rfm_zero_t *)m;
	unsigned s;
	x->warps = at_least1(m->cfg->finereg_kernel_warps);
	x->regs = at_least1(m->cfg->finereg_kernel_regs);
	x->banks = at_least1(m->cfg->rf_banks);
	x->wbits = dst_bits(m->cfg) - 6;
	if (x->regs > 64 || x->warps > RFM_FR_MAX_WARPS || x->wbits > 5 || x->banks > 64)
		return -1;
	if (x->banks == 1) {
		rfm_cov_na(&x->m, ZR_ZERO_EVERY_BANK);
		rfm_cov_na(&x->m, ZR_ZERO_SOME_BANKS);
		rfm_cov_na(&x->m, ZR_SLOT_OFFSET);
	} else {
		for (s = 0; s < 1u << m->slot[x->ix.slot].width && zero_bank(x, s, 0, 0) == 0; s++)
			;
		if (s == 1u << m->slot[x->ix.slot].width)
			rfm_cov_na(&x->m, ZR_SLOT_OFFSET); /* every slot starts in bank 0 */
	}
	zero_reset(&x->m);
	return 0;
}

RFM_BLOCK(rf_fr_zero, rfm_zero_t, zero_ix_t, zero_ports, zr_names, ZR_N,
	  zero_reset, zero_eval, zero_tick, zero_stim, zero_check,
	  rfm_block_noop, zero_setup)

/* ---- rf_fr_slot --------------------------------------------------------------------------------- */

typedef struct slot_ix {
	unsigned clk, rst, wv, ws, wo, wc, ffv, ffs, qs, qv, qc, lc, lv, ls, oo, oc;
} slot_ix_t;

enum { SL_OWN, SL_FREE, SL_HAND_OVER, SL_REFUSED_SECOND, SL_OWN_AGAIN, SL_FULL, SL_CTA_WITHOUT_SLOT, SL_PAST, SL_N };
static const char *const sl_names[SL_N] = {"write_owner",    "write_free",      "slot_handed_over",
					   "second_slot_refused", "owner_written_again", "every_slot_owned",
					   "lookup_cta_without_slot", "request_past_last"};

typedef struct rfm_slott {
	rfm_model_t m;
	slot_ix_t ix;
	unsigned n, ctas, sbits, cbits;
	int *owner;  /* per slot the owning CTA, -1 free */
	int *sowner; /* checker: the same, from the accepted writes */
	uint32_t *coo, *coc; /* checker: own_o and own_cta_o of sowner */
} rfm_slott_t;

static int slot_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	slot_ix_t *ix = ixv;
	unsigned n = at_least1(c->d.fr_slots), C = at_least1(c->finereg_resident_ctas),
		 sb = ix_bits(n), cb = ix_bits(C);
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (every slot free)", "rst_ni");
	rfm_ports_group(pt, "write (a launch, restore or swap gives a slot; an eviction or exit frees it)");
	ix->wv = rfm_ports_add(pt, RFM_IN, 1, "set a slot at the edge (refused if its CTA owns another)", "w_valid_i");
	ix->ws = rfm_ports_add(pt, RFM_IN, sb, "the slot", "w_slot_i");
	ix->wo = rfm_ports_add(pt, RFM_IN, 1, "1: owned by w_cta_i, 0: free", "w_own_i");
	ix->wc = rfm_ports_add(pt, RFM_IN, cb, "the owning CTA line", "w_cta_i");
	rfm_ports_group(pt, "lookups (this cycle)");
	ix->ffv = rfm_ports_add(pt, RFM_OUT, 1, "a slot is free", "ff_valid_o");
	ix->ffs = rfm_ports_add(pt, RFM_OUT, sb, "the lowest free slot (0 when none)", "ff_slot_o");
	ix->qs = rfm_ports_add(pt, RFM_IN, sb, "a slot (a warp's, for issue)", "q_slot_i");
	ix->qv = rfm_ports_add(pt, RFM_OUT, 1, "a CTA owns it", "q_valid_o");
	ix->qc = rfm_ports_add(pt, RFM_OUT, cb, "which (0 when none)", "q_cta_o");
	ix->lc = rfm_ports_add(pt, RFM_IN, cb, "a CTA line", "l_cta_i");
	ix->lv = rfm_ports_add(pt, RFM_OUT, 1, "it owns a slot", "l_valid_o");
	ix->ls = rfm_ports_add(pt, RFM_OUT, sb, "which (0 when none)", "l_slot_o");
	ix->oo = rfm_ports_add(pt, RFM_OUT, n, "bit s: a CTA owns slot s", "own_o");
	ix->oc = rfm_ports_add(pt, RFM_OUT, n * cb, "slot s's CTA line: [s*bits +: bits] (0 when free)", "own_cta_o");
	return 0;
}

static void slot_reset(rfm_model_t *m)
{
	rfm_slott_t *x = (rfm_slott_t *)m;
	unsigned s;
	for (s = 0; s < x->n; s++)
		x->owner[s] = x->sowner[s] = -1;
}

/* own_o and own_cta_o of owner[] into oo and oc. */
static void slot_owners(const rfm_slott_t *x, const int *owner, uint32_t *oo, uint32_t *oc)
{
	unsigned s;
	memset(oo, 0, (x->n + 31) / 32 * 4u);
	for (s = 0; s < x->n; s++)
		rfm_bits_set(oo, s, 1, owner[s] >= 0);
	rfm_fr_pack_owners(owner, x->n, x->cbits, oc);
}

/* The slot of CTA c in owner[], -1 none. */
static int slot_of(const rfm_slott_t *x, const int *owner, unsigned c)
{
	unsigned s;
	for (s = 0; s < x->n; s++)
		if (owner[s] == (int)c)
			return (int)s;
	return -1;
}

/* Whether write (slot s, own, cta c) is accepted on owner[]: slot and line exist, and an owner
 * write does not give c a second slot. */
static int slot_accepts(const rfm_slott_t *x, const int *owner, unsigned s, int own, unsigned c)
{
	int at;
	if (s >= x->n || (own && c >= x->ctas))
		return 0;
	at = own ? slot_of(x, owner, c) : -1;
	return at < 0 || at == (int)s;
}

static void slot_eval(rfm_model_t *m)
{
	rfm_slott_t *x = (rfm_slott_t *)m;
	unsigned s, q = (unsigned)rfm_get(m, x->ix.qs), l = (unsigned)rfm_get(m, x->ix.lc);
	int ls = l < x->ctas ? slot_of(x, x->owner, l) : -1;
	for (s = 0; s < x->n && x->owner[s] >= 0; s++)
		;
	if (m->mutate == RFM_FAULT_SLOT_LOOKUP_HIGHEST)
		for (s = x->n; s-- > 0 && x->owner[s] >= 0;)
			;
	if (s > x->n) /* none free: the highest-first walk ran past 0 */
		s = x->n;
	rfm_set(m, x->ix.ffv, (uint64_t)(s < x->n));
	rfm_set(m, x->ix.ffs, s < x->n ? s : 0);
	rfm_set(m, x->ix.qv, (uint64_t)(q < x->n && x->owner[q] >= 0));
	rfm_set(m, x->ix.qc, q < x->n && x->owner[q] >= 0 ? (uint64_t)x->owner[q] : 0);
	rfm_set(m, x->ix.lv, (uint64_t)(ls >= 0));
	rfm_set(m, x->ix.ls, ls >= 0 ? (uint64_t)ls : 0);
	slot_owners(x, x->owner, rfm_wide(m, x->ix.oo), rfm_wide(m, x->ix.oc));
}

static void slot_tick(rfm_model_t *m)
{
	rfm_slott_t *x = (rfm_slott_t *)m;
	unsigned s = (unsigned)rfm_get(m, x->ix.ws), c = (unsigned)rfm_get(m, x->ix.wc);
	int own = (int)rfm_get(m, x->ix.wo);
	if (!rfm_get(m, x->ix.wv))
		return;
	if (slot_accepts(x, x->owner, s, own, c) ||
	    (m->mutate == RFM_FAULT_SLOT_SECOND_SLOT_ACCEPTED && s < x->n && c < x->ctas))
		x->owner[s] = own ? (int)c : -1;
}

static void slot_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_slott_t *x = (rfm_slott_t *)m;
	unsigned sspan = 1u << x->sbits, cspan = 1u << x->cbits, s, c;
	rfm_clear_inputs(m);
	if (cycle < 2)
		return;
	if (rfm_rng_chance(r, 1, 2)) {
		/* mostly the lowest free slot for an owner write (a launch), a random slot otherwise */
		int own = rfm_rng_chance(r, 2, 3);
		s = own && rfm_get(m, x->ix.ffv) && rfm_rng_chance(r, 3, 4) ? (unsigned)rfm_get(m, x->ix.ffs)
									     : (unsigned)rfm_rng_below(r, x->n);
		/* a few CTAs, so that a CTA with a slot asks for another */
		c = (unsigned)rfm_rng_below(r, x->ctas < x->n + 2 ? x->ctas : x->n + 2);
		if (sspan > x->n && rfm_rng_chance(r, 1, 32))
			s = x->n + (unsigned)rfm_rng_below(r, sspan - x->n);
		if (cspan > x->ctas && rfm_rng_chance(r, 1, 32))
			c = x->ctas + (unsigned)rfm_rng_below(r, cspan - x->ctas);
		rfm_set(m, x->ix.wv, 1);
		rfm_set(m, x->ix.ws, s);
		rfm_set(m, x->ix.wo, (uint64_t)own);
		rfm_set(m, x->ix.wc, c);
	}
	rfm_set(m, x->ix.qs, rfm_rng_below(r, sspan));
	rfm_set(m, x->ix.lc, rfm_rng_below(r, x->ctas < x->n + 2 ? x->ctas : x->n + 2));
	if (cspan > x->ctas && rfm_rng_chance(r, 1, 32))
		rfm_set(m, x->ix.lc, x->ctas + rfm_rng_below(r, cspan - x->ctas));
}

static int slot_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_slott_t *x = (rfm_slott_t *)m;
	unsigned s, t, ff, q = (unsigned)rfm_get(m, x->ix.qs), l = (unsigned)rfm_get(m, x->ix.lc),
		       ws = (unsigned)rfm_get(m, x->ix.ws), wc = (unsigned)rfm_get(m, x->ix.wc);
	int ls = l < x->ctas ? slot_of(x, x->sowner, l) : -1, own = (int)rfm_get(m, x->ix.wo);
	uint64_t want[6];
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst))
		return 0;
	for (s = 0; s < x->n; s++)
		for (t = 0; t < s; t++)
			if (x->owner[s] >= 0 && x->owner[s] == x->owner[t]) {
				fprintf(err, "cycle %llu: rf_fr_slot golden: CTA %d owns slots %u and %u\n",
					(unsigned long long)cycle, x->owner[s], t, s);
				return 1;
			}
	for (ff = 0; ff < x->n && x->sowner[ff] >= 0; ff++)
		;
	want[0] = ff < x->n;
	want[1] = ff < x->n ? ff : 0;
	want[2] = q < x->n && x->sowner[q] >= 0;
	want[3] = want[2] ? (uint64_t)x->sowner[q] : 0;
	want[4] = ls >= 0;
	want[5] = ls >= 0 ? (uint64_t)ls : 0;
	if (rfm_get(m, x->ix.ffv) != want[0] || rfm_get(m, x->ix.ffs) != want[1] || rfm_get(m, x->ix.qv) != want[2] ||
	    rfm_get(m, x->ix.qc) != want[3] || rfm_get(m, x->ix.lv) != want[4] || rfm_get(m, x->ix.ls) != want[5]) {
		fprintf(err, "cycle %llu: rf_fr_slot golden: free slot %u/%u, slot %u owner %u/%u, CTA %u slot %u/%u; the "
			     "writes give %u/%u, %u/%u, %u/%u\n", (unsigned long long)cycle,
			(unsigned)rfm_get(m, x->ix.ffv), (unsigned)rfm_get(m, x->ix.ffs), q, (unsigned)rfm_get(m, x->ix.qv),
			(unsigned)rfm_get(m, x->ix.qc), l, (unsigned)rfm_get(m, x->ix.lv), (unsigned)rfm_get(m, x->ix.ls),
			(unsigned)want[0], (unsigned)want[1], (unsigned)want[2], (unsigned)want[3], (unsigned)want[4],
			(unsigned)want[5]);
		return 1;
	}
	slot_owners(x, x->sowner, x->coo, x->coc);
	if (memcmp(x->coo, rfm_wide(m, x->ix.oo), (x->n + 31) / 32 * 4u) ||
	    memcmp(x->coc, rfm_wide(m, x->ix.oc), (x->n * x->cbits + 31) / 32 * 4u)) {
		fprintf(err, "cycle %llu: rf_fr_slot golden: own_o or own_cta_o differ from the owners the writes "
			     "give\n", (unsigned long long)cycle);
		return 1;
	}
	if (ff >= x->n)
		rfm_cov_hit(m, SL_FULL);
	if (l < x->ctas && ls < 0)
		rfm_cov_hit(m, SL_CTA_WITHOUT_SLOT);
	if (q >= x->n || l >= x->ctas)
		rfm_cov_hit(m, SL_PAST);
	if (!rfm_get(m, x->ix.wv))
		return 0;
	if (ws >= x->n || (own && wc >= x->ctas)) {
		rfm_cov_hit(m, SL_PAST);
		return 0;
	}
	if (!slot_accepts(x, x->sowner, ws, own, wc)) {
		rfm_cov_hit(m, SL_REFUSED_SECOND);
		return 0;
	}
	if (!own)
		rfm_cov_hit(m, SL_FREE);
	else if (x->sowner[ws] == (int)wc)
		rfm_cov_hit(m, SL_OWN_AGAIN);
	else {
		rfm_cov_hit(m, SL_OWN);
		if (x->sowner[ws] >= 0)
			rfm_cov_hit(m, SL_HAND_OVER);
	}
	x->sowner[ws] = own ? (int)wc : -1;
	return 0;
}

static void slot_release(rfm_model_t *m)
{
	rfm_slott_t *x = (rfm_slott_t *)m;
	free(x->owner);
	free(x->sowner);
	free(x->coo);
	free(x->coc);
}

static int slot_setup(rfm_model_t *m)
{
	rfm_slott_t *x = (rfm_slott_t *)m;
	x->n = at_least1(m->cfg->d.fr_slots);
	x->ctas = at_least1(m->cfg->finereg_resident_ctas);
	x->sbits = ix_bits(x->n);
	x->cbits = ix_bits(x->ctas);
	x->owner = malloc(x->n * sizeof(*x->owner));
	x->sowner = malloc(x->n * sizeof(*x->sowner));
	x->coo = calloc((x->n + 31) / 32, 4);
	x->coc = calloc((x->n * x->cbits + 31) / 32, 4);
	if (!x->owner || !x->sowner || !x->coo || !x->coc)
		return -1;
	if ((1u << x->sbits) == x->n && (1u << x->cbits) == x->ctas)
		rfm_cov_na(&x->m, SL_PAST); /* every index names a slot and a line */
	if (x->ctas < 2)
		rfm_cov_na(&x->m, SL_HAND_OVER); /* one CTA: no other to hand a slot to */
	if (x->n < 2)
		rfm_cov_na(&x->m, SL_REFUSED_SECOND); /* no second slot to ask for */
	slot_reset(&x->m);
	return 0;
}

RFM_BLOCK(rf_fr_slot, rfm_slott_t, slot_ix_t, slot_ports, sl_names, SL_N,
	  slot_reset, slot_eval, slot_tick, slot_stim, slot_check,
	  slot_release, slot_setup)

/* ---- rf_fr_pcrf --------------------------------------------------------------------------------- */

typedef struct pcrf_ix {
	unsigned clk, rst, en, we, ent, beat, wd, rv, rb, rd;
} pcrf_ix_t;

enum { PF_WRITE, PF_READ, PF_READ_WRITTEN, PF_READ_AFTER_WRITE, PF_READS_EVERY_CYCLE, PF_LAST_BEAT, PF_PAST, PF_N };
static const char *const pf_names[PF_N] = {"write",         "read",           "read_of_written_beat",
					   "read_right_after_its_write", "reads_every_cycle", "last_beat",
					   "request_past_last_entry_or_beat"};

/* One beat in flight: a pipeline stage of the model, or a read the checker awaits. */
typedef struct pcrf_beat {
	uint8_t v;
	unsigned beat;
	uint32_t *d;
} pcrf_beat_t;

/* The array and its read path, as rf_fr_pcrf and the blocks around it hold it. */
typedef struct pcrf_core {
	unsigned n, beats, bw, stages;
	uint32_t *mem;        /* n x beats rows of bw words, row = entry x beats + beat */
	pcrf_beat_t *st;      /* the read pipeline: st[0] the array's read register, st[stages - 1] the output */
} pcrf_core_t;

static int pcrf_core_init(pcrf_core_t *k, const rfm_cfg_t *c)
{
	unsigned i;
	k->n = at_least1(c->finereg_pcrf_regs);
	k->bw = at_least1(c->d.fr_beat_words);
	k->beats = at_least1(c->d.fr_words / k->bw);
	k->stages = c->finereg_pcrf_latency - 1;
	if (k->stages < 2)
		return -1;
	k->mem = calloc((size_t)k->n * k->beats * k->bw, 4);
	k->st = calloc(k->stages, sizeof(*k->st));
	if (!k->mem || !k->st)
		return -1;
	for (i = 0; i < k->stages; i++)
		if (!(k->st[i].d = calloc(k->bw, 4)))
			return -1;
	return 0;
}

static void pcrf_core_free(pcrf_core_t *k)
{
	unsigned i;
	for (i = 0; k->st && i < k->stages; i++)
		free(k->st[i].d);
	free(k->st);
	free(k->mem);
}

/* This cycle's output: the beat in the last stage (early: the one before it, a planted fault). */
static const pcrf_beat_t *pcrf_core_out(const pcrf_core_t *k, int early) { return &k->st[k->stages - 1 - early]; }

/* The edge: every stage takes the one before it when that holds a beat; a read loads the read
 * register (0 past the last entry or beat); a write sets its row (next_row: the one after, a
 * planted fault). */
static void pcrf_core_clock(pcrf_core_t *k, int en, int we, uint64_t entry, uint64_t beat, const uint32_t *wdata,
			    int next_row)
{
	long row = entry < k->n && beat < k->beats ? (long)(entry * k->beats + beat) : -1;
	unsigned i;
	for (i = k->stages - 1; i > 0; i--) {
		k->st[i].v = k->st[i - 1].v;
		if (k->st[i - 1].v) {
			k->st[i].beat = k->st[i - 1].beat;
			memcpy(k->st[i].d, k->st[i - 1].d, k->bw * 4u);
		}
	}
	k->st[0].v = (uint8_t)(en && !we);
	if (en && !we) {
		k->st[0].beat = (unsigned)beat;
		if (row >= 0)
			memcpy(k->st[0].d, k->mem + (size_t)row * k->bw, k->bw * 4u);
		else
			memset(k->st[0].d, 0, k->bw * 4u);
	}
	if (en && we && row >= 0) {
		if (next_row)
			row = (row + 1) % (long)(k->n * k->beats);
		memcpy(k->mem + (size_t)row * k->bw, wdata, k->bw * 4u);
	}
}

static void pcrf_core_reset(pcrf_core_t *k)
{
	unsigned i;
	for (i = 0; i < k->stages; i++)
		k->st[i].v = 0;
}

typedef struct rfm_pcrft {
	rfm_model_t m;
	pcrf_ix_t ix;
	unsigned ebits, bbits;
	pcrf_core_t k;        /* the array and its read path */
	uint32_t *shadow;     /* checker: the rows the writes leave */
	uint8_t *written;     /* checker: rows written since reset */
	pcrf_beat_t *due;     /* checker: the read of cycle c, due in cycle c + stages, at c % stages */
	long last_w;          /* checker: the row written in the cycle before (-1: none) */
	unsigned run;         /* checker: reads in consecutive cycles so far */
	unsigned hot;         /* stimulus: an entry accessed often */
} rfm_pcrft_t;

static int pcrf_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	pcrf_ix_t *ix = ixv;
	unsigned bw = at_least1(c->d.fr_beat_words), beats = at_least1(bw ? c->d.fr_words / bw : 1);
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock; the array is not reset", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (no read in flight)", "rst_ni");
	rfm_ports_group(pt, "the port: a beat of an entry a cycle");
	ix->en = rfm_ports_add(pt, RFM_IN, 1, "an access this cycle", "en_i");
	ix->we = rfm_ports_add(pt, RFM_IN, 1, "a write (else a read)", "we_i");
	ix->ent = rfm_ports_add(pt, RFM_IN, at_least1(c->d.fr_ptr_bits), "the PCRF entry", "entry_i");
	ix->beat = rfm_ports_add(pt, RFM_IN, ix_bits(beats), "the beat of the entry's warp register", "beat_i");
	ix->wd = rfm_ports_add(pt, RFM_IN, bw * 32, "the beat written", "wdata_i");
	rfm_ports_group(pt, "read data, pcrf_latency - 1 cycles later");
	ix->rv = rfm_ports_add(pt, RFM_OUT, 1, "a read's beat this cycle", "rvalid_o");
	ix->rb = rfm_ports_add(pt, RFM_OUT, ix_bits(beats), "its beat index (0 when none)", "rbeat_o");
	ix->rd = rfm_ports_add(pt, RFM_OUT, bw * 32, "its data (0 when none, or past the last)", "rdata_o");
	return 0;
}

static void pcrf_reset(rfm_model_t *m) { pcrf_core_reset(&((rfm_pcrft_t *)m)->k); }

/* The row of this cycle's access, or -1 past the last entry or beat. */
static long pcrf_row(rfm_pcrft_t *x)
{
	uint64_t e = rfm_get(&x->m, x->ix.ent), b = rfm_get(&x->m, x->ix.beat);
	return e < x->k.n && b < x->k.beats ? (long)(e * x->k.beats + b) : -1;
}

static void pcrf_eval(rfm_model_t *m)
{
	rfm_pcrft_t *x = (rfm_pcrft_t *)m;
	const pcrf_beat_t *o = pcrf_core_out(&x->k, m->mutate == RFM_FAULT_PCRF_READ_EARLY);
	rfm_set(m, x->ix.rv, o->v);
	rfm_set(m, x->ix.rb, o->v ? o->beat : 0);
	if (o->v)
		memcpy(rfm_wide(m, x->ix.rd), o->d, x->k.bw * 4u);
	else
		memset(rfm_wide(m, x->ix.rd), 0, x->k.bw * 4u);
}

static void pcrf_tick(rfm_model_t *m)
{
	rfm_pcrft_t *x = (rfm_pcrft_t *)m;
	pcrf_core_clock(&x->k, (int)rfm_get(m, x->ix.en), (int)rfm_get(m, x->ix.we), rfm_get(m, x->ix.ent),
			rfm_get(m, x->ix.beat), rfm_wide(m, x->ix.wd), m->mutate == RFM_FAULT_PCRF_WRITE_NEXT_ROW);
}

static void pcrf_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_pcrft_t *x = (rfm_pcrft_t *)m;
	unsigned espan = 1u << x->ebits, bspan = 1u << x->bbits;
	rfm_clear_inputs(m);
	if (cycle < 2)
		return;
	if ((cycle & 255) == 0)
		x->hot = (unsigned)rfm_rng_below(r, x->k.n);
	if (!rfm_rng_chance(r, 7, 8))
		return;
	rfm_set(m, x->ix.en, 1);
	/* runs of reads now and then, to fill the pipeline */
	rfm_set(m, x->ix.we, (cycle >> 6 & 3) != 0 && rfm_rng_chance(r, 1, 2));
	rfm_set(m, x->ix.ent, espan > x->k.n && rfm_rng_chance(r, 1, 32) ? x->k.n + rfm_rng_below(r, espan - x->k.n)
			      : rfm_rng_chance(r, 1, 2) ? x->hot : rfm_rng_below(r, x->k.n));
	rfm_set(m, x->ix.beat, bspan > x->k.beats && rfm_rng_chance(r, 1, 32) ? x->k.beats + rfm_rng_below(r, bspan - x->k.beats)
			       : rfm_rng_below(r, x->k.beats));
	rfm_rng_fill(r, rfm_wide(m, x->ix.wd), x->k.bw * 32);
}

static int pcrf_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_pcrft_t *x = (rfm_pcrft_t *)m;
	pcrf_beat_t *d = &x->due[cycle % x->k.stages];
	const uint32_t *got = rfm_wide(m, x->ix.rd);
	long row = pcrf_row(x);
	unsigned k, gv = (unsigned)rfm_get(m, x->ix.rv), gb = (unsigned)rfm_get(m, x->ix.rb);
	int en = (int)rfm_get(m, x->ix.en), we = (int)rfm_get(m, x->ix.we), zero = 1;
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst)) {
		for (k = 0; k < x->k.stages; k++)
			x->due[k].v = 0;
		x->last_w = -1;
		x->run = 0;
		return 0;
	}
	for (k = 0; k < x->k.bw; k++)
		zero &= got[k] == 0;
	if (gv != d->v || (d->v ? gb != d->beat || memcmp(got, d->d, x->k.bw * 4u) : gb != 0 || !zero)) {
		fprintf(err, "cycle %llu: rf_fr_pcrf golden: rvalid %u beat %u data[31:0] %08x; the read %u cycles before "
			     "(%s) leaves beat %u data[31:0] %08x\n", (unsigned long long)cycle, gv, gb, got[0], x->k.stages,
			d->v ? "a read" : "none", d->v ? d->beat : 0, d->v ? d->d[0] : 0);
		return 1;
	}
	/* this cycle's read, due stages cycles later with the data before this edge's write */
	d->v = (uint8_t)(en && !we);
	if (en && !we) {
		d->beat = (unsigned)rfm_get(m, x->ix.beat);
		if (row >= 0)
			memcpy(d->d, x->shadow + (size_t)row * x->k.bw, x->k.bw * 4u);
		else
			memset(d->d, 0, x->k.bw * 4u);
		rfm_cov_hit(m, PF_READ);
		if (row >= 0 && x->written[row])
			rfm_cov_hit(m, PF_READ_WRITTEN);
		if (row >= 0 && row == x->last_w)
			rfm_cov_hit(m, PF_READ_AFTER_WRITE);
		if (++x->run >= x->k.stages)
			rfm_cov_hit(m, PF_READS_EVERY_CYCLE);
	} else
		x->run = 0;
	if (en && rfm_get(m, x->ix.beat) == x->k.beats - 1 && x->k.beats > 1)
		rfm_cov_hit(m, PF_LAST_BEAT);
	if (en && row < 0)
		rfm_cov_hit(m, PF_PAST);
	x->last_w = -1;
	if (en && we && row >= 0) {
		rfm_cov_hit(m, PF_WRITE);
		memcpy(x->shadow + (size_t)row * x->k.bw, rfm_wide(m, x->ix.wd), x->k.bw * 4u);
		x->written[row] = 1;
		x->last_w = row;
	}
	return 0;
}

static void pcrf_release(rfm_model_t *m)
{
	rfm_pcrft_t *x = (rfm_pcrft_t *)m;
	unsigned k;
	for (k = 0; x->due && k < x->k.stages; k++)
		free(x->due[k].d);
	free(x->due);
	pcrf_core_free(&x->k);
	free(x->shadow);
	free(x->written);
}

static int pcrf_setup(rfm_model_t *m)
{
	rfm_pcrft_t *x = (rfm_pcrft_t *)m;
	const rfm_cfg_t *c = m->cfg;
	size_t rows;
	unsigned k;
	if (pcrf_core_init(&x->k, c))
		return -1;
	x->ebits = at_least1(c->d.fr_ptr_bits);
	x->bbits = ix_bits(x->k.beats);
	x->last_w = -1;
	if (x->ebits > 16)
		return -1;
	rows = (size_t)x->k.n * x->k.beats;
	x->shadow = calloc(rows * x->k.bw, 4);
	x->written = calloc(rows, 1);
	x->due = calloc(x->k.stages, sizeof(*x->due));
	if (!x->shadow || !x->written || !x->due)
		return -1;
	for (k = 0; k < x->k.stages; k++)
		if (!(x->due[k].d = calloc(x->k.bw, 4)))
			return -1;
	if ((1u << x->ebits) == x->k.n && (1u << x->bbits) == x->k.beats)
		rfm_cov_na(&x->m, PF_PAST); /* every index names an entry and a beat */
	if (x->k.beats < 2)
		rfm_cov_na(&x->m, PF_LAST_BEAT); /* one beat a register */
	pcrf_reset(&x->m);
	return 0;
}

RFM_BLOCK(rf_fr_pcrf, rfm_pcrft_t, pcrf_ix_t, pcrf_ports, pf_names, PF_N,
	  pcrf_reset, pcrf_eval, pcrf_tick, pcrf_stim, pcrf_check,
	  pcrf_release, pcrf_setup)

/* ---- rf_fr_port --------------------------------------------------------------------------------- */

typedef struct port_ix {
	unsigned clk, rst, ld, ldd, obf, pw, pwe, pwok, pr, pre, prd_dst, prok, wl, wle, rl, rle, pop, cnt, rdy, dat,
		in_dst;
} port_ix_t;

enum {
	PT_PWR, PT_PRD, PT_POP, PT_LOAD_AT_LAST_BEAT, PT_IN_FULL, PT_PRD_REFUSED_FULL, PT_REFUSED_BUSY, PT_BOTH,
	PT_POP_FIRST_READY, PT_READ_AFTER_WRITE, PT_PRD_BACK_TO_BACK, PT_PAST, PT_DST_ON_ITS_WAY, PT_N
};
static const char *const pt_names[PT_N] = {
	"pwr",          "prd",          "pop",       "out_buffer_loaded_at_last_beat", "in_buffer_full",
	"prd_refused_in_buffer_full", "start_refused_port_busy", "pwr_and_prd_together", "pop_in_first_ready_cycle",
	"prd_of_the_entry_just_written", "prd_as_soon_as_port_free", "entry_past_last",
	"destination_shown_before_register_complete"};

static int words_zero(const uint32_t *w, unsigned n)
{
	unsigned i;
	for (i = 0; i < n; i++)
		if (w[i])
			return 0;
	return 1;
}

/* One register the checker expects in the in buffer. */
typedef struct port_exp {
	uint64_t ready_at; /* its last beat comes back in this cycle: usable in the next */
	uint64_t dst;      /* the warp and index its PRD carried */
	uint32_t *d;
} port_exp_t;

typedef struct rfm_portt {
	rfm_model_t m;
	port_ix_t ix;
	unsigned words, depth, ebits, dbits;
	pcrf_core_t k;       /* the PCRF data array (rf_fr_pcrf) */
	uint32_t *ob;        /* the out buffer */
	int ob_full;         /* it holds a register no PWR has started on */
	int wact, ract;      /* a PWR, a PRD in its later beats */
	unsigned wbeat, rbeat;
	uint64_t went, rent;
	uint32_t *slot;      /* the in buffer: depth registers */
	uint8_t *done;       /* every beat of the slot in */
	uint64_t *dst;       /* per slot: the warp and index its PRD carried */
	unsigned head, count, fp; /* the oldest slot, slots taken by PRDs (the next PRD takes slot head +
				   * count), the slot the array's beats fill */
	/* checker: cycle arithmetic from the requests alone */
	uint64_t port_free_at, ob_free_at, w_end, r_end, last_prd, w_done_at;
	int c_ob_full, w_pend;
	uint64_t c_went, c_rent, c_lastw;
	uint32_t *c_ob, *c_wdata, *shadow;
	port_exp_t *q;
	unsigned qn;
	/* stimulus */
	unsigned hot[4];
} rfm_portt_t;

static int port_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	port_ix_t *ix = ixv;
	unsigned pb = at_least1(c->d.fr_ptr_bits), rb = at_least1(c->d.fr_words) * 32,
		 db = rfm_clog2((uint64_t)at_least1(c->d.fr_in_depth) + 1), tb = dst_bits(c);
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (buffers empty)", "rst_ni");
	rfm_ports_group(pt, "out buffer (an ARD's register)");
	ix->ld = rfm_ports_add(pt, RFM_IN, 1, "take a register at the edge (when ob_free_o)", "ob_load_i");
	ix->ldd = rfm_ports_add(pt, RFM_IN, rb, "the register", "ob_data_i");
	ix->obf = rfm_ports_add(pt, RFM_OUT, 1, "the out buffer can take one at this edge", "ob_free_o");
	rfm_ports_group(pt, "PCRF queue: a PWR or a PRD starts");
	ix->pw = rfm_ports_add(pt, RFM_IN, 1, "start a PWR (when pwr_ok_o; wins over a PRD)", "pwr_i");
	ix->pwe = rfm_ports_add(pt, RFM_IN, pb, "the entry it writes", "pwr_entry_i");
	ix->pwok = rfm_ports_add(pt, RFM_OUT, 1, "the port is free and the out buffer full", "pwr_ok_o");
	ix->pr = rfm_ports_add(pt, RFM_IN, 1, "start a PRD (when prd_ok_o)", "prd_i");
	ix->pre = rfm_ports_add(pt, RFM_IN, pb, "the entry it reads", "prd_entry_i");
	ix->prd_dst = rfm_ports_add(pt, RFM_IN, tb, "its tag's {warp, index}: kept with the register", "prd_dst_i");
	ix->prok = rfm_ports_add(pt, RFM_OUT, 1, "the port is free and the in buffer has room", "prd_ok_o");
	rfm_ports_group(pt, "last beats (the unit's bookkeeping)");
	ix->wl = rfm_ports_add(pt, RFM_OUT, 1, "a PWR's last beat: its entry holds the register", "wlast_o");
	ix->wle = rfm_ports_add(pt, RFM_OUT, pb, "its entry (0 when none)", "wlast_entry_o");
	ix->rl = rfm_ports_add(pt, RFM_OUT, 1, "a PRD's last read: its entry is read out", "rlast_o");
	ix->rle = rfm_ports_add(pt, RFM_OUT, pb, "its entry (0 when none)", "rlast_entry_o");
	rfm_ports_group(pt, "in buffer (an AWR's register)");
	ix->pop = rfm_ports_add(pt, RFM_IN, 1, "take the oldest at the edge (when in_ready_o)", "pop_i");
	ix->cnt = rfm_ports_add(pt, RFM_OUT, db, "registers held or on their way", "in_count_o");
	ix->rdy = rfm_ports_add(pt, RFM_OUT, 1, "the oldest is complete", "in_ready_o");
	ix->dat = rfm_ports_add(pt, RFM_OUT, rb, "the oldest (0 when not complete)", "in_data_o");
	ix->in_dst = rfm_ports_add(pt, RFM_OUT, tb, "the oldest's {warp, index}, from its PRD's start (0: none)",
				   "in_dst_o");
	return 0;
}

static void port_reset(rfm_model_t *m)
{
	rfm_portt_t *x = (rfm_portt_t *)m;
	pcrf_core_reset(&x->k);
	x->ob_full = x->wact = x->ract = 0;
	x->wbeat = x->rbeat = 0;
	x->went = x->rent = 0;
	x->head = x->count = x->fp = 0;
	memset(x->done, 0, x->depth);
}

/* This cycle's decisions, from the state before the edge and this cycle's requests. */
typedef struct port_now {
	int pwr_ok, prd_ok, pwr_go, prd_go, ob_free, w_now, r_now, ready, pop_go;
	unsigned w_beat, r_beat;
	uint64_t w_ent, r_ent;
} port_now_t;

static port_now_t port_decide(rfm_portt_t *x)
{
	rfm_model_t *m = &x->m;
	port_now_t d;
	const pcrf_beat_t *o = pcrf_core_out(&x->k, 0);
	int port_free = !x->wact && !x->ract;
	d.pwr_ok = port_free && x->ob_full;
	d.prd_ok = port_free && x->count < x->depth;
	d.pwr_go = rfm_get(m, x->ix.pw) && d.pwr_ok;
	d.prd_go = rfm_get(m, x->ix.pr) && d.prd_ok && !d.pwr_go;
	if (m->mutate == RFM_FAULT_PORT_OB_EARLY) /* free a beat early */
		d.ob_free = d.pwr_go ? x->k.beats <= 2 : !x->ob_full && (!x->wact || x->wbeat + 2 >= x->k.beats);
	else
		d.ob_free = d.pwr_go ? x->k.beats == 1 : !x->ob_full && (!x->wact || x->wbeat == x->k.beats - 1);
	d.w_now = d.pwr_go || x->wact;
	d.w_beat = d.pwr_go ? 0 : x->wbeat;
	d.w_ent = d.pwr_go ? rfm_get(m, x->ix.pwe) : x->went;
	d.r_now = d.prd_go || x->ract;
	d.r_beat = d.prd_go ? 0 : x->rbeat;
	d.r_ent = d.prd_go ? rfm_get(m, x->ix.pre) : x->rent;
	d.ready = x->count && x->done[x->head];
	if (m->mutate == RFM_FAULT_PORT_READY_EARLY) /* the last beat still on its way */
		d.ready |= x->count && x->fp == x->head && o->v && o->beat == x->k.beats - 1;
	d.pop_go = rfm_get(m, x->ix.pop) && d.ready;
	return d;
}

static void port_eval(rfm_model_t *m)
{
	rfm_portt_t *x = (rfm_portt_t *)m;
	port_now_t d = port_decide(x);
	int wl = d.w_now && d.w_beat == x->k.beats - 1, rl = d.r_now && d.r_beat == x->k.beats - 1;
	rfm_set(m, x->ix.obf, d.ob_free);
	rfm_set(m, x->ix.pwok, d.pwr_ok);
	rfm_set(m, x->ix.prok, d.prd_ok);
	rfm_set(m, x->ix.wl, wl);
	rfm_set(m, x->ix.wle, wl ? d.w_ent : 0);
	rfm_set(m, x->ix.rl, rl);
	rfm_set(m, x->ix.rle, rl ? d.r_ent : 0);
	rfm_set(m, x->ix.cnt, x->count);
	rfm_set(m, x->ix.rdy, d.ready);
	rfm_set(m, x->ix.in_dst, x->count ? x->dst[x->head] : 0);
	if (d.ready)
		memcpy(rfm_wide(m, x->ix.dat), x->slot + (size_t)x->head * x->words, x->words * 4u);
	else
		memset(rfm_wide(m, x->ix.dat), 0, x->words * 4u);
}

static void port_tick(rfm_model_t *m)
{
	rfm_portt_t *x = (rfm_portt_t *)m;
	port_now_t d = port_decide(x);
	const pcrf_beat_t *o = pcrf_core_out(&x->k, 0);
	int en = d.w_now || d.r_now;
	/* the array's beat of this cycle into the slot it fills */
	if (o->v) {
		memcpy(x->slot + (size_t)x->fp * x->words + (size_t)o->beat * x->k.bw, o->d, x->k.bw * 4u);
		if (o->beat == x->k.beats - 1) {
			x->done[x->fp] = 1;
			x->fp = (x->fp + 1) % x->depth;
		}
	}
	if (d.pop_go) {
		x->done[x->head] = 0;
		x->head = (x->head + 1) % x->depth;
		x->count--;
	}
	if (d.prd_go) { /* the slot it takes keeps its destination */
		unsigned t = (x->head + x->count + (m->mutate == RFM_FAULT_PORT_DST_NEXT_SLOT)) % x->depth;
		x->dst[t] = rfm_get(m, x->ix.prd_dst);
		x->count++;
	}
	pcrf_core_clock(&x->k, en, d.w_now, d.w_now ? d.w_ent : d.r_ent, d.w_now ? d.w_beat : d.r_beat,
			x->ob + (size_t)d.w_beat * x->k.bw, 0);
	if (d.w_now) {
		x->wact = d.w_beat != x->k.beats - 1;
		x->wbeat = x->wact ? d.w_beat + 1 : 0;
		x->went = d.w_ent;
	}
	if (d.r_now) {
		x->ract = d.r_beat != x->k.beats - 1;
		x->rbeat = x->ract ? d.r_beat + 1 : 0;
		x->rent = d.r_ent;
	}
	if (d.pwr_go)
		x->ob_full = 0;
	if (rfm_get(m, x->ix.ld) && d.ob_free) {
		memcpy(x->ob, rfm_wide(m, x->ix.ldd), x->words * 4u);
		x->ob_full = 1;
	}
}

static uint64_t port_entry(rfm_portt_t *x, rfm_rng_t *r)
{
	unsigned span = 1u << x->ebits;
	if (span > x->k.n && rfm_rng_chance(r, 1, 32))
		return x->k.n + rfm_rng_below(r, span - x->k.n);
	return rfm_rng_chance(r, 2, 3) ? x->hot[rfm_rng_below(r, 4)] : rfm_rng_below(r, x->k.n);
}

static void port_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_portt_t *x = (rfm_portt_t *)m;
	unsigned k;
	rfm_clear_inputs(m);
	if (cycle < 2)
		return;
	if ((cycle & 511) == 2)
		for (k = 0; k < 4; k++)
			x->hot[k] = (unsigned)rfm_rng_below(r, x->k.n);
	/* an engine: registers into the out buffer, PWRs and PRDs when it can, AWRs taking the in buffer
	 * (slowly now and then, so that it fills) */
	rfm_set(m, x->ix.ld, rfm_rng_chance(r, 2, 3));
	rfm_rng_fill(r, rfm_wide(m, x->ix.ldd), x->words * 32);
	rfm_set(m, x->ix.pw, rfm_rng_chance(r, 1, 2));
	rfm_set(m, x->ix.pwe, port_entry(x, r));
	rfm_set(m, x->ix.pr, rfm_rng_chance(r, 2, 3));
	rfm_set(m, x->ix.pre, rfm_rng_chance(r, 1, 4) ? x->c_lastw : port_entry(x, r));
	rfm_set(m, x->ix.prd_dst, rfm_rng_below(r, 1ull << x->dbits));
	rfm_set(m, x->ix.pop, rfm_rng_chance(r, (cycle >> 7 & 1) ? 1 : 7, 8));
}

static int port_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_portt_t *x = (rfm_portt_t *)m;
	unsigned B = x->k.beats, k;
	int pw = (int)rfm_get(m, x->ix.pw), pr = (int)rfm_get(m, x->ix.pr), free_now, pwr_ok, prd_ok, pwr_go, prd_go,
	    ob_free, ready, wl, rl;
	uint64_t pwe = rfm_get(m, x->ix.pwe), pre = rfm_get(m, x->ix.pre);
	const uint32_t *got = rfm_wide(m, x->ix.dat);
	const char *bad = NULL;
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst)) {
		x->port_free_at = x->ob_free_at = 0;
		x->c_ob_full = x->w_pend = 0;
		x->qn = 0;
		x->w_end = x->r_end = x->last_prd = x->w_done_at = ~0ull;
		return 0;
	}
	free_now = x->port_free_at <= cycle;
	pwr_ok = free_now && x->c_ob_full;
	prd_ok = free_now && x->qn < x->depth;
	pwr_go = pw && pwr_ok;
	prd_go = pr && prd_ok && !pwr_go;
	ob_free = pwr_go ? B == 1 : !x->c_ob_full && x->ob_free_at <= cycle;
	ready = x->qn && x->q[0].ready_at < cycle;
	wl = x->w_end == cycle || (pwr_go && B == 1);
	rl = x->r_end == cycle || (prd_go && B == 1);
	if ((int)rfm_get(m, x->ix.pwok) != pwr_ok || (int)rfm_get(m, x->ix.prok) != prd_ok)
		bad = "pwr_ok_o or prd_ok_o";
	else if ((int)rfm_get(m, x->ix.obf) != ob_free)
		bad = "ob_free_o";
	else if ((int)rfm_get(m, x->ix.wl) != wl || rfm_get(m, x->ix.wle) != (wl ? (pwr_go ? pwe : x->c_went) : 0))
		bad = "wlast_o or its entry";
	else if ((int)rfm_get(m, x->ix.rl) != rl || rfm_get(m, x->ix.rle) != (rl ? (prd_go ? pre : x->c_rent) : 0))
		bad = "rlast_o or its entry";
	else if (rfm_get(m, x->ix.cnt) != x->qn || (int)rfm_get(m, x->ix.rdy) != ready)
		bad = "in_count_o or in_ready_o";
	else if (ready ? memcmp(got, x->q[0].d, x->words * 4u) != 0 : !words_zero(got, x->words))
		bad = "in_data_o";
	else if (rfm_get(m, x->ix.in_dst) != (x->qn ? x->q[0].dst : 0))
		bad = "in_dst_o";
	if (bad) {
		fprintf(err, "cycle %llu: rf_fr_port golden: %s differs from the requests' timing (port free from cycle %llu, "
			     "out buffer %s, %u registers in the in buffer, the oldest %s)\n", (unsigned long long)cycle, bad,
			(unsigned long long)x->port_free_at, x->c_ob_full ? "full" : "empty", x->qn,
			!x->qn ? "none" : ready ? "complete" : "on its way");
		return 1;
	}
	if (pw && !free_now)
		rfm_cov_hit(m, PT_REFUSED_BUSY);
	if (pr && free_now && x->qn == x->depth && !pwr_go)
		rfm_cov_hit(m, PT_PRD_REFUSED_FULL);
	if (x->qn == x->depth)
		rfm_cov_hit(m, PT_IN_FULL);
	if (x->qn && !ready && x->q[0].dst)
		rfm_cov_hit(m, PT_DST_ON_ITS_WAY);
	if (pw && pr && pwr_ok && prd_ok)
		rfm_cov_hit(m, PT_BOTH);
	/* the edge: a PWR's register reaches its entry at its last beat */
	if (wl) {
		uint64_t e = pwr_go ? pwe : x->c_went;
		if (e < x->k.n)
			memcpy(x->shadow + (size_t)e * x->words, pwr_go ? x->c_ob : x->c_wdata, x->words * 4u);
		x->w_done_at = cycle;
		x->c_lastw = e;
		x->w_pend = 0;
	}
	if (rfm_get(m, x->ix.pop) && ready) { /* the oldest leaves; its buffer goes to the back */
		port_exp_t t = x->q[0];
		rfm_cov_hit(m, PT_POP);
		if (x->q[0].ready_at + 1 == cycle)
			rfm_cov_hit(m, PT_POP_FIRST_READY);
		for (k = 1; k < x->qn; k++)
			x->q[k - 1] = x->q[k];
		x->q[--x->qn] = t;
	}
	if (pwr_go) {
		rfm_cov_hit(m, PT_PWR);
		if (pwe >= x->k.n)
			rfm_cov_hit(m, PT_PAST);
		x->port_free_at = cycle + B;
		x->ob_free_at = cycle + B - 1;
		x->c_ob_full = 0;
		x->c_went = pwe;
		memcpy(x->c_wdata, x->c_ob, x->words * 4u);
		x->w_end = B > 1 ? cycle + B - 1 : ~0ull;
	} else if (x->w_end == cycle)
		x->w_end = ~0ull;
	if (prd_go) { /* its beats read the entry as the writes left it before this edge */
		port_exp_t *t = &x->q[x->qn++];
		rfm_cov_hit(m, PT_PRD);
		if (pre >= x->k.n)
			rfm_cov_hit(m, PT_PAST);
		if (pre == x->c_lastw && x->w_done_at + 1 == cycle)
			rfm_cov_hit(m, PT_READ_AFTER_WRITE);
		if (x->last_prd != ~0ull && x->last_prd + B == cycle)
			rfm_cov_hit(m, PT_PRD_BACK_TO_BACK);
		x->last_prd = cycle;
		t->ready_at = cycle + B - 1 + x->k.stages;
		t->dst = rfm_get(m, x->ix.prd_dst);
		if (pre < x->k.n)
			memcpy(t->d, x->shadow + (size_t)pre * x->words, x->words * 4u);
		else
			memset(t->d, 0, x->words * 4u);
		x->port_free_at = cycle + B;
		x->c_rent = pre;
		x->r_end = B > 1 ? cycle + B - 1 : ~0ull;
	} else if (x->r_end == cycle)
		x->r_end = ~0ull;
	if (rfm_get(m, x->ix.ld) && ob_free) {
		if (wl)
			rfm_cov_hit(m, PT_LOAD_AT_LAST_BEAT);
		memcpy(x->c_ob, rfm_wide(m, x->ix.ldd), x->words * 4u);
		x->c_ob_full = 1;
	}
	return 0;
}

static void port_release(rfm_model_t *m)
{
	rfm_portt_t *x = (rfm_portt_t *)m;
	unsigned k;
	pcrf_core_free(&x->k);
	for (k = 0; x->q && k < x->depth; k++)
		free(x->q[k].d);
	free(x->q);
	free(x->ob);
	free(x->slot);
	free(x->done);
	free(x->dst);
	free(x->c_ob);
	free(x->c_wdata);
	free(x->shadow);
}

static int port_setup(rfm_model_t *m)
{
	rfm_portt_t *x = (rfm_portt_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned k;
	if (pcrf_core_init(&x->k, c))
		return -1;
	x->words = x->k.bw * x->k.beats;
	x->depth = c->d.fr_in_depth;
	x->ebits = at_least1(c->d.fr_ptr_bits);
	x->dbits = dst_bits(c);
	if (x->depth < 2 || x->ebits > 16 || x->dbits > 16)
		return -1;
	x->ob = calloc(x->words, 4);
	x->slot = calloc((size_t)x->depth * x->words, 4);
	x->done = calloc(x->depth, 1);
	x->dst = calloc(x->depth, sizeof(*x->dst));
	x->c_ob = calloc(x->words, 4);
	x->c_wdata = calloc(x->words, 4);
	x->shadow = calloc((size_t)x->k.n * x->words, 4);
	x->q = calloc(x->depth, sizeof(*x->q));
	if (!x->ob || !x->slot || !x->done || !x->dst || !x->c_ob || !x->c_wdata || !x->shadow || !x->q)
		return -1;
	for (k = 0; k < x->depth; k++)
		if (!(x->q[k].d = calloc(x->words, 4)))
			return -1;
	if ((1u << x->ebits) == x->k.n)
		rfm_cov_na(&x->m, PT_PAST); /* every index names an entry */
	if (x->k.beats == 1)
		rfm_cov_na(&x->m, PT_REFUSED_BUSY); /* a start's one beat ends in its cycle */
	x->w_end = x->r_end = x->last_prd = x->w_done_at = ~0ull;
	port_reset(&x->m);
	return 0;
}

RFM_BLOCK(rf_fr_port, rfm_portt_t, port_ix_t, port_ports, pt_names, PT_N,
	  port_reset, port_eval, port_tick, port_stim, port_check,
	  port_release, port_setup)
