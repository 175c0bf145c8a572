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
} rfm_srp_kernel_t;

/* Result of a translation. */
enum { RFM_XL_OK = 0, RFM_XL_OUTSIDE = 1, RFM_XL_NOSECT = 2 };

/*
 * Translate (warp, reg) of kernel k with allocator state s (docs/regmutex.md, "Translation"):
 * pack Y, bank Y % banks, row Y / banks. Returns RFM_XL_OUTSIDE (warp or register outside the
 * kernel) or RFM_XL_NOSECT (an extended register of a warp without a set), with pack, bank and
 * row 0, else RFM_XL_OK.
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
