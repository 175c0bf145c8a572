/* rfm_block.h - the contract every block shares: port table, model instance, coverage, registry.
 *
 * A block is one RTL module (prefix rf_) and one cycle model (prefix rfm_). Its port table is
 * declared once, in the model (rfm_<blk>_ports), and read by the Verilog emitter, the generated
 * co-simulation glue and the wave layout, so RTL and model cannot drift.
 *
 * All port values of an instance live in one word buffer `io`; port i occupies
 * io[ports.p[i].off ... + words), least significant word first, high bits of the top word zero.
 * A cycle is: stimulus writes the inputs; eval computes this cycle's outputs from state and
 * inputs (always_comb); tick commits state at the rising clock edge (always_ff).
 */
#ifndef RFM_BLOCK_H
#define RFM_BLOCK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "rfm_config.h"
#include "rfm_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Direction of a port. */
typedef enum rfm_dir { RFM_IN = 0, RFM_OUT = 1 } rfm_dir_t;

/* One port of a block. */
typedef struct rfm_port {
	char name[48];     /* Verilog name, e.g. "iss0_valid_i" */
	rfm_dir_t dir;     /* input or output */
	unsigned width;    /* bits (>= 1) */
	unsigned off;      /* first word in the io buffer */
	unsigned words;    /* words in the io buffer */
	char group[48];    /* role group, shown as a comment before the first port of each group */
	char help[96];     /* one line of meaning */
} rfm_port_t;

/* A block's port table. */
typedef struct rfm_ports {
	rfm_port_t *p;     /* ports, in declaration order */
	unsigned n;        /* number of ports */
	unsigned cap;      /* allocated entries */
	unsigned io_words; /* words of the io buffer */
	int oom;           /* set when an allocation failed */
	char group[48];    /* group given to ports added from now on */
} rfm_ports_t;

/* Start a role group (printf format) for the ports added next. */
void rfm_ports_group(rfm_ports_t *pt, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Add a port; name is a printf format. Returns its index. Check pt->oom once after building. */
unsigned rfm_ports_add(rfm_ports_t *pt, rfm_dir_t dir, unsigned width, const char *help,
		       const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Index of the port called name, or -1. */
int rfm_ports_find(const rfm_ports_t *pt, const char *name);

/* Free a port table. */
void rfm_ports_free(rfm_ports_t *pt);

/* Named coverage events of a model. */
typedef struct rfm_cov {
	const char *const *names; /* event names */
	uint64_t *count;          /* times each event was hit */
	uint8_t *na;              /* 1 where the event cannot happen in this config (not reported as missed) */
	unsigned n;               /* number of events */
	uint8_t quiet;            /* 1: an instance inside another model, whose events nobody reports:
				     the models skip working out the conditions (rfm_cov_quiet) */
} rfm_cov_t;

struct rfm_model;

/* What a block model implements. */
typedef struct rfm_model_ops {
	void (*destroy)(struct rfm_model *m);                 /* free the instance */
	void (*reset)(struct rfm_model *m);                   /* state := reset values */
	void (*eval)(struct rfm_model *m);                    /* outputs from state + inputs */
	void (*tick)(struct rfm_model *m);                    /* commit state at the clock edge */
	void (*stim)(struct rfm_model *m, rfm_rng_t *rng, uint64_t cycle); /* legal random inputs */
	int (*check)(struct rfm_model *m, uint64_t cycle, FILE *err); /* after eval: invariants and golden checks; 0 = fine */
} rfm_model_ops_t;

/* The hot part of a port, for the models' per-cycle access (16 bytes, cache-friendly). */
typedef struct rfm_slot {
	uint32_t off;   /* first word in the io buffer */
	uint16_t words; /* words in the io buffer */
	uint16_t width; /* bits */
	uint64_t mask;  /* mask of the low min(width, 64) bits */
} rfm_slot_t;

/* Common head of every block model instance. */
typedef struct rfm_model {
	const rfm_model_ops_t *ops; /* the block's functions */
	const rfm_cfg_t *cfg;       /* configuration (owned by the caller, outlives the model) */
	const char *module;         /* RTL module name */
	rfm_ports_t ports;          /* port table */
	uint32_t *io;               /* port values */
	rfm_slot_t *slot;           /* per port: offset, words, width (copied from ports) */
	uint32_t *in_span;          /* runs of input words: offset, count, offset, count, ... */
	unsigned n_in_span;         /* number of runs */
	rfm_cov_t cov;              /* coverage events */
	int clk;                    /* index of clk_i, or -1 for a combinational block */
	int rst;                    /* index of rst_ni, or -1 */
	unsigned mutate;            /* planted fault: RFM_FAULT_<NAME> (rfm_fault_ids.h); 0 = none */
} rfm_model_t;

/* One entry of the block registry (cmodel/rfm_blocks.def). */
typedef struct rfm_block_desc {
	const char *module;                                         /* RTL module name */
	const char *feature;                                        /* "base" or a technique of rfm_techniques.def */
	const char *help;                                           /* one line of meaning */
	int (*ports)(const rfm_cfg_t *cfg, rfm_ports_t *pt);       /* build the port table */
	rfm_model_t *(*create)(const rfm_cfg_t *cfg);              /* new model, NULL on no memory */
} rfm_block_desc_t;

/* The registry, in emission order; rfm_block_count entries. */
extern const rfm_block_desc_t rfm_blocks[];
extern const unsigned rfm_block_count;

/* Registry entry of a module, or NULL. */
const rfm_block_desc_t *rfm_block_find(const char *module);

/* 1 when the block is part of cfg's register file: a base block, or its technique is on. */
int rfm_block_enabled(const rfm_block_desc_t *blk, const rfm_cfg_t *cfg);

/* Create a model by module name (NULL if unknown or out of memory). */
rfm_model_t *rfm_model_create(const char *module, const rfm_cfg_t *cfg);
/* Destroy a model (NULL is fine). */
void rfm_model_destroy(rfm_model_t *m);
/* Evaluate one cycle's outputs; a low rst_ni resets the state first (asynchronous reset). */
void rfm_model_eval(rfm_model_t *m);
/* Clock edge: reset when rst_ni is low, else commit. */
void rfm_model_tick(rfm_model_t *m);

/* Helpers used by the block models. */

/* Common part of a model's create: ports, io buffer, coverage. Returns 0 on success. */
/* A block's port builder: adds its ports to pt and records their indices in *ix (its own type). */
typedef int (*rfm_ports_fn)(const rfm_cfg_t *cfg, rfm_ports_t *pt, void *ix);

/* Common part of a model's create: ports (indices into ix), io buffer, coverage. 0 on success. */
int rfm_model_init(rfm_model_t *m, const rfm_model_ops_t *ops, const rfm_cfg_t *cfg,
		   const char *module, rfm_ports_fn ports, void *ix,
		   const char *const *cov_names, unsigned n_cov);
/* Common part of destroy. */
void rfm_model_fini(rfm_model_t *m);

/* Hook of RFM_BLOCK for a block without it: no reset, no tick, no memory of its own to release. */
static inline void rfm_block_noop(rfm_model_t *m) { (void)m; }

/* Setup hook of RFM_BLOCK for a block with nothing to set up after rfm_model_init: returns 0. */
static inline int rfm_block_no_setup(rfm_model_t *m) { (void)m; return 0; }

/*
 * RFM_BLOCK(mod, type, ix_type, ports, cov_names, n_cov, reset, eval, tick, stim, check, release,
 * setup) defines the boilerplate of block mod's model (no semicolon after it). `type` starts with
 * `rfm_model_t m` and holds the port indices in `ix_type ix`; ports(cfg, pt, ix) builds the port
 * table. It defines:
 *   int rfm_<mod>_ports(cfg, pt)       the port table alone (rfm_blocks.h; indices discarded)
 *   static <mod>_destroy(m)            release(m) (the block's own memory), rfm_model_fini, free
 *   static <mod>_ops                   {<mod>_destroy, reset, eval, tick, stim, check}
 *   rfm_model_t *rfm_<mod>_create(cfg) calloc, rfm_model_init(#mod, ports, ix, coverage), then
 *                                      setup(m) (state, coverage n/a; 0 on success); NULL on
 *                                      failure
 * reset, tick and release may be rfm_block_noop, setup rfm_block_no_setup.
 */
#define RFM_BLOCK(mod, type, ix_type, ports, cov_names, n_cov, reset, eval, tick, stim, check,   \
		  release, setup)                                                                  \
	int rfm_##mod##_ports(const rfm_cfg_t *cfg_, rfm_ports_t *pt_)                             \
	{                                                                                          \
		ix_type ix_;                                                                       \
		return ports(cfg_, pt_, &ix_);                                                     \
	}                                                                                          \
	static void mod##_destroy(rfm_model_t *m_)                                                 \
	{                                                                                          \
		if (!m_)                                                                           \
			return;                                                                    \
		release(m_);                                                                       \
		rfm_model_fini(m_);                                                                \
		free(m_);                                                                          \
	}                                                                                          \
	static const rfm_model_ops_t mod##_ops = {mod##_destroy, reset, eval, tick, stim, check}; \
	rfm_model_t *rfm_##mod##_create(const rfm_cfg_t *cfg_)                                     \
	{                                                                                          \
		type *x_ = calloc(1, sizeof(*x_));                                                 \
		if (!x_)                                                                           \
			return NULL;                                                               \
		if (rfm_model_init(&x_->m, &mod##_ops, cfg_, #mod, ports, &x_->ix, cov_names,      \
				   n_cov) ||                                                       \
		    setup(&x_->m)) {                                                               \
			mod##_destroy(&x_->m);                                                     \
			return NULL;                                                               \
		}                                                                                  \
		return &x_->m;                                                                     \
	}

/* Value of a port of width <= 64. */
static inline uint64_t rfm_get(const rfm_model_t *m, unsigned i)
{
	const rfm_slot_t *p = &m->slot[i];
	uint64_t v = m->io[p->off];
	if (p->words > 1)
		v |= (uint64_t)m->io[p->off + 1] << 32;
	return v;
}

/* Set a port of width <= 64 (masked to its width). */
static inline void rfm_set(rfm_model_t *m, unsigned i, uint64_t v)
{
	const rfm_slot_t *p = &m->slot[i];
	v &= p->mask;
	m->io[p->off] = (uint32_t)v;
	if (p->words > 1)
		m->io[p->off + 1] = (uint32_t)(v >> 32);
}

/* Words of a port of any width. */
static inline uint32_t *rfm_wide(rfm_model_t *m, unsigned i) { return m->io + m->slot[i].off; }

/* Count a coverage event. */
static inline void rfm_cov_hit(rfm_model_t *m, unsigned ev) { m->cov.count[ev]++; }

/* Whether the model's coverage is reported: 0 for an instance inside another model (cov.quiet). */
static inline int rfm_cov_on(const rfm_model_t *m) { return !m->cov.quiet; }

/* Zero every input port of a model. */
static inline void rfm_clear_inputs(rfm_model_t *m)
{
	unsigned i;
	for (i = 0; i < m->n_in_span; i++)
		memset(m->io + m->in_span[2 * i], 0, m->in_span[2 * i + 1] * sizeof(uint32_t));
}

/* Mark event ev as impossible in this configuration. */
static inline void rfm_cov_na(rfm_model_t *m, unsigned ev) { m->cov.na[ev] = 1; }

/* Print "name count" lines of every coverage event; returns the number never hit. */
unsigned rfm_cov_report(const rfm_model_t *m, FILE *out);

#ifdef __cplusplus
}
#endif

#endif /* RFM_BLOCK_H */
