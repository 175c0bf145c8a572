/* sim_int.h - internals shared by the simulator's files (contract: sim.h; docs/sim.md). */
#ifndef SIM_SIM_INT_H
#define SIM_SIM_INT_H

#include <stdarg.h>

#include "sim.h"

/* Generic address windows (docs/sim.md, "Memory"): a generic address in [WIN, WIN + 2^32) is the
 * space address (address - WIN) of that space; any other generic address is a global address. */
#define SIM_GLOBAL_BASE 0x10000000ull       /* first global allocation */
#define SIM_GLOBAL_GAP 256u                 /* unmapped bytes after each global allocation (and its alignment) */
#define SIM_CONST_WIN 0x7d0000000000ull     /* generic window of the const space */
#define SIM_SHARED_WIN 0x7e0000000000ull    /* generic window of the shared space (the CTA's own) */
#define SIM_LOCAL_WIN 0x7f0000000000ull     /* generic window of the local space (the thread's own) */
#define SIM_WIN_SIZE (1ull << 32)           /* bytes of each window */
#define SIM_NO_RPC UINT32_MAX               /* a stack entry that never reconverges (ipdom: exit) */

/* One allocation of a space: [base, base + size) of that space's addresses. */
typedef struct {
	uint64_t base;          /* first address in its space */
	uint64_t size;          /* bytes */
	unsigned char *host;    /* its bytes (shared: offset into the CTA's block, host NULL) */
	const char *name;       /* buffer or variable name, for messages */
} sim_region_t;

/* One SIMT stack entry: the lanes of mask run from pc until pc reaches rpc. */
typedef struct {
	uint32_t pc;            /* next instruction of these lanes */
	uint32_t rpc;           /* reconvergence point (SIM_NO_RPC: none) */
	uint32_t mask;          /* lanes */
} sim_entry_t;

/* A warp of the current CTA. */
typedef struct {
	uint32_t id;            /* index within the CTA */
	uint32_t valid;         /* lanes that are threads of the CTA */
	uint32_t exited;        /* lanes that have exited */
	uint32_t depth;         /* entries on the stack */
	sim_entry_t *stack;     /* [SIM_STACK_MAX] */
	int done;               /* every lane has exited */
	int at_bar;             /* waiting at bar.sync */
	uint32_t bar_id;        /* the barrier it waits at */
	uint32_t bar_pc;        /* the bar.sync's index */
	uint64_t *regs;         /* [n_regs * 32]: register r of lane l at r * 32 + l */
} sim_warp_t;

/* A run. */
typedef struct {
	const ptx_module_t *m;  /* the module */
	const ptx_func_t *fn;   /* the kernel */
	const kl_launch_t *l;   /* the launch */
	const char *file;       /* the launch's file name, for messages */
	sim_opts_t o;           /* options */
	uint32_t *rpc;          /* [n_insns] reconvergence point of a branch at i */
	/* memory */
	sim_region_t *global;   /* global allocations: buffers, then .global module variables */
	unsigned n_global;      /* entries of global */
	sim_region_t *cnst;     /* const allocations (.const module variables) */
	unsigned n_const;       /* entries of cnst */
	sim_region_t *shared;   /* shared allocations (offsets into the CTA's block) */
	unsigned n_shared;      /* entries of shared */
	unsigned char *param;   /* the parameter space */
	uint32_t param_bytes;   /* its size */
	uint64_t *modvar_addr;  /* [m->n_vars] address of each module variable in its space */
	uint64_t *funcvar_addr; /* [fn->n_vars] address of each function variable in its space */
	uint64_t shared_bytes;  /* the CTA's shared block: static variables and dynamic memory */
	unsigned char *smem;    /* the current CTA's shared block */
	uint32_t local_bytes;   /* .local bytes of one thread */
	unsigned char *lmem;    /* the current CTA's local memory: thread t at t * local_bytes */
	/* the current CTA */
	uint32_t cta[3];        /* its index */
	uint32_t cta_linear;    /* x fastest */
	uint32_t nthreads;      /* threads per CTA */
	uint32_t n_warps;       /* warps per CTA */
	sim_warp_t *warps;      /* [n_warps] */
	/* counts */
	uint64_t steps;         /* dynamic warp instructions */
	uint64_t thread_insns;  /* dynamic thread instructions */
	uint32_t max_stack;     /* deepest stack */
	char *msg;              /* the caller's message buffer */
	size_t msg_len;         /* its size */
} sim_ctx_t;

/* Write the message "file: kernel: " + fmt into c->msg; returns st. */
sim_status_t sim_fail(sim_ctx_t *c, sim_status_t st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The same, prefixed with "pc N (line L): thread (x,y,z) of CTA (x,y,z): " for lane of w. */
sim_status_t sim_fail_at(sim_ctx_t *c, const sim_warp_t *w, unsigned lane, uint32_t pc, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* ---- mem.c ---- */
/* Lay out global, const, param, shared and local memory for launch c->l with buffers bufs. */
sim_status_t sim_mem_setup(sim_ctx_t *c, void *const *bufs);
/* Free what sim_mem_setup allocated. */
void sim_mem_free(sim_ctx_t *c);
/* The host bytes of a size-byte access of lane lane of w at addr of space sp (PTX_SP_NONE:
 * generic), for a write when write; NULL with the message written when it is outside every
 * allocation, misaligned or a write to a read-only space. */
unsigned char *sim_mem_at(sim_ctx_t *c, const sim_warp_t *w, unsigned lane, uint32_t pc, ptx_space_t sp,
			  uint64_t addr, unsigned size, int write);

/* ---- exec.c ---- */
/* Execute the (non-control) instruction at pc for the lanes of exec; SIM_OK or a failure. */
sim_status_t sim_exec(sim_ctx_t *c, sim_warp_t *w, uint32_t pc, uint32_t exec);
/* Value of a non-address operand o for lane lane of w. */
uint64_t sim_operand(const sim_ctx_t *c, const sim_warp_t *w, const ptx_operand_t *o, unsigned lane);

/* ---- warp.c ---- */
/* Run every CTA of the launch. */
sim_status_t sim_run_ctas(sim_ctx_t *c);

#endif /* SIM_SIM_INT_H */
