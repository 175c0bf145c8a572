/* sim.h - a warp-level functional simulator of PTX (docs/sim.md; issue 16, item 4): CTAs of warps
 * of 32 lanes, a SIMT reconvergence stack per warp (reconvergence at the branch's immediate
 * post-dominator), global, shared, local, const and param memory with every access bounds-checked,
 * bar.sync across the warps of a CTA, atomics, shuffles and votes. A run is deterministic for a
 * seed: the seed only permutes the documented warp interleaving.
 *
 * Errors are values: a status and one line "what: ..." in the caller's buffer (SIM_MSG_MAX bytes
 * hold any message); the library never exits and keeps no global state. */
#ifndef SIM_SIM_H
#define SIM_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "launch.h"
#include "ptx.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SIM_WARP 32u                          /* lanes per warp */
#define SIM_MSG_MAX 1024u                     /* holds any message */
#define SIM_STEPS_DEFAULT (1ull << 28)        /* default budget of dynamic warp instructions */
#define SIM_STACK_MAX 1024u                   /* deepest SIMT stack of one warp */
#define SIM_LOCAL_MAX (1u << 20)              /* most .local bytes of one thread */

/* Result of a call. */
typedef enum {
	SIM_OK = 0,  /* done */
	SIM_EINVAL,  /* the launch does not fit the PTX (missing kernel, parameters); message written */
	SIM_EFAULT,  /* the run failed: out-of-bounds access, deadlock, step budget, unsupported form */
	SIM_ENOMEM,  /* out of memory; message written */
} sim_status_t;

/* Semantic faults the library can plant on request, so that the checks can show they catch one
 * (docs/sim.md, "Checks"); never set in a normal run. */
typedef enum {
	SIM_PLANT_NONE = 0,      /* exact semantics */
	SIM_PLANT_FMA_UNFUSED,   /* fma.f32/f64 rounds the product before the add */
	SIM_PLANT_SHFL_NO_CLAMP, /* shfl.down: a lane whose source is out of range reads 0 */
	SIM_PLANT_SETP_ORDERED,  /* setp's unordered comparisons (.ltu, ...) are false on NaN */
	SIM_PLANT_COUNT
} sim_plant_t;

/* One dynamic warp instruction, as the per-instruction hook sees it. */
typedef struct {
	uint32_t cta;              /* linear CTA index (x fastest) */
	uint32_t warp;             /* warp index within the CTA */
	uint32_t pc;               /* instruction index in the function */
	uint32_t active;           /* lanes that execute it (guard not yet applied) */
	uint32_t executed;         /* after == 1: lanes whose guard held (the ones that executed) */
	int after;                 /* 0: before the instruction executes; 1: after */
	uint64_t step;             /* dynamic warp instructions executed before this one */
	const ptx_insn_t *insn;    /* the instruction */
	const uint64_t *regs;      /* the warp's registers: value of register r in lane l at [r * 32 + l] */
} sim_event_t;

/* The per-instruction hook: called before and after every dynamic warp instruction. */
typedef void (*sim_hook_t)(void *user, const sim_event_t *ev);

/* Options of a run (zero-initialized: seed 0, the default budget, no hook, nothing planted). */
typedef struct {
	uint64_t seed;          /* 0: the unpermuted interleaving; otherwise permutation seed */
	uint64_t max_steps;     /* budget of dynamic warp instructions (0: SIM_STEPS_DEFAULT) */
	sim_hook_t hook;        /* per-instruction hook, or NULL */
	void *hook_user;        /* passed to hook */
	sim_plant_t plant;      /* planted semantic fault (SIM_PLANT_NONE in real runs) */
} sim_opts_t;

/* Counts of a finished run. */
typedef struct {
	uint64_t steps;         /* dynamic warp instructions executed */
	uint64_t thread_insns;  /* dynamic thread instructions (lanes whose guard held) */
	uint32_t ctas;          /* CTAs run */
	uint32_t warps;         /* warps per CTA */
	uint32_t max_stack;     /* deepest SIMT stack seen */
} sim_stats_t;

/* Run kernel l->name of module m on the launch l. bufs[i] is parameter i's buffer (l->params[i]
 * with kind KL_BUFFER: count elements of its type, filled with the initial contents by the caller;
 * NULL for scalars); the kernel reads and writes them in place. file names the launch in
 * messages. On SIM_OK *stats (if not NULL) holds the counts; otherwise msg holds one line (no
 * newline), and the buffers may be partly written. */
sim_status_t sim_run(const ptx_module_t *m, const kl_launch_t *l, const char *file, void *const *bufs,
		     const sim_opts_t *o, sim_stats_t *stats, char *msg, size_t msg_len);

/* The plant called name ("fma-unfused", "shfl-no-clamp", "setp-ordered"), or SIM_PLANT_COUNT. */
sim_plant_t sim_plant_lookup(const char *name);
/* The name of plant p ("none" for SIM_PLANT_NONE). */
const char *sim_plant_name(sim_plant_t p);

#ifdef __cplusplus
}
#endif

#endif /* SIM_SIM_H */
