/* rfm_regmutex.h - RegMutex's block models, shared functions and limits (docs/regmutex.md). */
#ifndef RFM_REGMUTEX_H
#define RFM_REGMUTEX_H

#include "rfm_models.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Allocator state of rf_srp_ctrl. */
typedef struct rfm_srp_state {
	uint64_t status;              /* bit w: warp w holds an extended set */
	uint64_t mask;                /* bit s: SRP section s is taken or does not exist (default mode) */
	uint8_t lut[RFM_MAXWARPS];    /* section of warp w, meaningful while its status bit is set */
} rfm_srp_state_t;

/* Inputs of one cycle of rf_srp_ctrl. */
typedef struct rfm_srp_in {
	uint8_t valid[RFM_MAXS];      /* req<k>_valid_i */
	uint8_t rel[RFM_MAXS];        /* req<k>_release_i: 1 release, 0 acquire */
	unsigned warp[RFM_MAXS];      /* req<k>_warp_i */
	uint8_t exit_valid;           /* exit_valid_i */
	unsigned exit_warp;           /* exit_warp_i */
	uint8_t launch;               /* launch_i */
	unsigned nsect;               /* launch_sections_i (default mode) */
} rfm_srp_in_t;

/* Outputs of one cycle of rf_srp_ctrl, and what the cycle changes. */
typedef struct rfm_srp_out {
	uint8_t grant[RFM_MAXS];      /* req<k>_grant_o */
	uint8_t stall[RFM_MAXS];      /* req<k>_stall_o */
	unsigned sect[RFM_MAXS];      /* req<k>_sect_o */
	uint8_t full;                 /* full_o: no free section at the start of the cycle */
	unsigned nacq, nstall, nfree; /* nacq_o, nstall_o, nfree_o */
	uint64_t freed;               /* warps whose extended set was released this cycle (release or exit) */
	uint64_t noop;                /* ports (bit k) whose request was granted and changed nothing */
	uint64_t ignored;             /* ports (bit k) whose request was ignored (warp already named) */
} rfm_srp_out_t;

/* The translation has per-warp base tables ([regmutex] xlate = precomp) instead of multipliers. */
static inline int rfm_rm_precomp(const rfm_cfg_t *cfg)
{
	return cfg->regmutex_xlate == RFM_RMX_PRECOMP;
}

/* Entries of the per-warp base table: one per warp slot (paired: rounded up to whole pairs). */
static inline unsigned rfm_srp_tab_n(const rfm_cfg_t *cfg)
{
	return cfg->regmutex_paired == RFM_ON ? (cfg->sm_warps + 1u) & ~1u : cfg->sm_warps;
}

/* Entry i of the base table is a register of its own; the others are wiring from those and Bs:
 * entry 0 is 0, entry 1 is Bs and entry 2m is entry m shifted left by one (paired: entry 4m is
 * entry 2m shifted), so the registers are the odd entries from 3 (paired: also 2m for odd m). */
static inline int rfm_srp_tab_stored(const rfm_cfg_t *cfg, unsigned i)
{
	if (cfg->regmutex_paired == RFM_ON)
		return i >= 2 && ((i & 1u) || ((i >> 1) & 1u));
	return i >= 3 && (i & 1u);
}

/* How many entries of the base table are registers (rfm_srp_tab_stored). */
static inline unsigned rfm_srp_tab_regs(const rfm_cfg_t *cfg)
{
	unsigned i, n = 0;
	for (i = 0; i < rfm_srp_tab_n(cfg); i++)
		n += (unsigned)rfm_srp_tab_stored(cfg, i);
	return n;
}

/*
 * The allocator's logic for one cycle (docs/regmutex.md, "Acquire and release"): outputs from the
 * state q and the inputs, and the next state d. mutate plants a fault (cmodel/regmutex/faults.def:
 * RFM_FAULT_SRP_HIGHEST_FREE_SECTION, RFM_FAULT_SRP_RELEASE_LEAKS, RFM_FAULT_SRP_PORTS_SHARE_SECTION).
 */
void rfm_srp_comb(const rfm_cfg_t *cfg, const rfm_srp_state_t *q, const rfm_srp_in_t *in, rfm_srp_out_t *out,
		  rfm_srp_state_t *d, unsigned mutate);

/* State after a launch with nsect sections: nobody holds a set, sections nsect.. do not exist. */
void rfm_srp_launch_state(const rfm_cfg_t *cfg, unsigned nsect, rfm_srp_state_t *s);

/*
 * Allocator invariants (docs/regmutex.md, "Invariants" 1-5) for a kernel with nsect sections:
 * prints the first violation prefixed by who, returns 1 on a violation.
 */
int rfm_srp_invariants(const rfm_cfg_t *cfg, const rfm_srp_state_t *s, unsigned nsect, uint64_t cycle,
		       const char *who, FILE *err);

/* The running RegMutex kernel, as rf_top holds it after a launch. */
typedef struct rfm_srp_kernel {
	unsigned warps, regs;         /* resident warps, registers per thread (0: no kernel) */
	unsigned bs, es;              /* base and extended set sizes */
	unsigned srp;                 /* first pack of the pool: warps * bs (default mode) */
	unsigned nsect;               /* SRP sections (default mode) */
	/* rf_top's translation tables (xlate = precomp; docs/regmutex.md, "Translation"), pack_w bits: */
	uint32_t base[RFM_MAXWARPS];  /* base table, written at launch: W x Bs, paired (W / 2) x (2 Bs + Es)
	                               * + (W odd ? Bs : 0); rfm_srp_tab_n entries */
	uint32_t xbase[RFM_MAXWARPS]; /* extended-base table (default mode): SRP_offset - Bs + LUT[W] x Es,
	                               * written at W's granted acquire, read while W holds a set */
} rfm_srp_kernel_t;

/* The running kernel after a launch of warps warps of regs registers, es of them extended, with
 * nsect SRP sections: every field and the base table; the extended-base table is left as it is
 * (its entries are written at acquires and read only while their warp holds a set). */
void rfm_srp_kernel_set(const rfm_cfg_t *cfg, rfm_srp_kernel_t *k, unsigned warps, unsigned regs, unsigned es,
			unsigned nsect);

/* Extended base of section sect of kernel k: SRP_offset - Bs + sect x Es, in pack_w bits. */
uint32_t rfm_srp_sect_base(const rfm_cfg_t *cfg, const rfm_srp_kernel_t *k, unsigned sect);

/*
 * The extended-base table after one cycle of the allocator (its inputs in, outputs out): every
 * granted acquire, a no-op one included, writes its section's base into its warp's entry, as the
 * acquire "passes idx to the operand collector" in the paper. Planted fault
 * RFM_FAULT_SRP_XBASE_NEXT_SECTION: the next section's base.
 */
void rfm_srp_xbase_write(const rfm_cfg_t *cfg, rfm_srp_kernel_t *k, const rfm_srp_in_t *in,
			 const rfm_srp_out_t *out, unsigned mutate);

/*
 * Invariant 17 (docs/regmutex.md, "Invariants"), xlate = precomp: the base table is the formula,
 * and every warp that holds a set in s has rfm_srp_sect_base of its section as its extended base.
 * Prints the first violation prefixed by who, returns 1 on a violation.
 */
int rfm_srp_tables_check(const rfm_cfg_t *cfg, const rfm_srp_kernel_t *k, const rfm_srp_state_t *s,
			 uint64_t cycle, const char *who, FILE *err);

/* Result of a translation. */
enum { RFM_XL_OK = 0, RFM_XL_OUTSIDE = 1, RFM_XL_NOSECT = 2 };

/*
 * Translate (warp, reg) of kernel k with allocator state s (docs/regmutex.md, "Translation"):
 * pack Y, bank Y % banks, row Y / banks. Returns RFM_XL_OUTSIDE (warp or register outside the
 * kernel) or RFM_XL_NOSECT (an extended register of a warp without a set), with pack, bank and
 * row 0, else RFM_XL_OK. xlate = mul: Y by the formula; xlate = precomp: Y = X plus the warp's
 * entry of k->base or k->xbase (paired: k->base[W | 1] for X >= Bs), as the RTL reads its tables.
 */
int rfm_srp_xlate_fn(const rfm_cfg_t *cfg, const rfm_srp_kernel_t *k, const rfm_srp_state_t *s, unsigned warp,
		     unsigned reg, unsigned *pack, unsigned *bank, unsigned *row);

/* Width of the translation arithmetic (no intermediate value wraps). */
unsigned rfm_srp_xlate_width(const rfm_cfg_t *cfg);

/*
 * Index compaction for the release state (the paper's section III-A4): every live register at or
 * above bs moves to the lowest register below bs that is neither live nor taken. live is a bit
 * set of registers (< 64); map[r] receives the new index of each live register (others: r).
 * Returns 0, or -1 when more than bs registers are live.
 */
int rfm_rm_compact(unsigned bs, uint64_t live, unsigned map[64]);

#ifdef __cplusplus
}
#endif

#endif /* RFM_REGMUTEX_H */
