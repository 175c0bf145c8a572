/* rfm_ftarray.h - the model of a flow-through storage array, shared by the blocks that are one
 * (rf_rt_bank, the renaming table's banks; rf_zmask_array, the zero-mask buffer's entries).
 *
 * `rows` rows of `dw` bits, `nr` read ports and `nw` write ports. Read port p shows row
 * r<p>_row_i as it was at the start of the cycle on r<p>_<data>_o when r<p>_en_i is 1, else zero
 * (flow-through: no clock between the row and the data); write port p stores w<p>_<data>_i into
 * row w<p>_row_i at the edge when w<p>_en_i is 1, a later port winning on one row. A row outside
 * the array is illegal input: a write is dropped, a read returns zero. Not reset: the block that
 * holds the array keeps its own valid bits; simulation starts the array at zero (the RTL with
 * --x-initial 0), as the model does. The ASIC flow keeps such arrays as SRAM macros with a
 * combinational arc per read port (docs/flows.md, "SRAM model").
 */
#ifndef RFM_FTARRAY_H
#define RFM_FTARRAY_H

#include "rfm_block.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RFM_FTA_MAXR 32 /* read ports */
#define RFM_FTA_MAXW 8  /* write ports */
#define RFM_FTA_MAXWORDS 8 /* 32-bit words of a row */

/* Port indices of a flow-through array block. */
typedef struct rfm_fta_ix {
	unsigned clk;
	unsigned ren[RFM_FTA_MAXR], rrow[RFM_FTA_MAXR], rdat[RFM_FTA_MAXR];
	unsigned wen[RFM_FTA_MAXW], wrow[RFM_FTA_MAXW], wdat[RFM_FTA_MAXW];
} rfm_fta_ix_t;

/* Shape and port names of one array. group(pt, ctx, p, write) names the role group of read port p
 * (write = 0) or write port p (write = 1) before its ports are added. */
typedef struct rfm_fta_geom {
	unsigned rows, row_w, nr, nw, dw;
	const char *data;     /* the data ports' stem: r<p>_<data>_o, w<p>_<data>_i */
	const char *rrhelp;   /* help of a read port's row */
	const char *rhelp;    /* help of a read port's data */
	const char *whelp;    /* help of a write port's data */
	void (*group)(rfm_ports_t *pt, const void *ctx, unsigned p, int write);
	const void *ctx;
} rfm_fta_geom_t;

/* Coverage events of every flow-through array (rfm_fta_cov_names, RFM_FTA_NCOV of them). */
enum { RFM_FTA_READ, RFM_FTA_WRITE, RFM_FTA_READ_WRITTEN, RFM_FTA_READ_OLD_WHILE_WRITTEN,
       RFM_FTA_TWO_WRITES_ONE_ROW, RFM_FTA_NCOV };
extern const char *const rfm_fta_cov_names[RFM_FTA_NCOV];

/* The array's state, the checker's shadow and the stimulus's memory. */
typedef struct rfm_fta {
	rfm_fta_geom_t g;
	unsigned words;     /* 32-bit words of a row */
	unsigned see_write; /* planted fault (RFM_FAULT_...) that lets a read see a write of its cycle; 0: none */
	uint32_t *mem;      /* [rows x words] */
	uint32_t *shadow;   /* checker: each row as last written from the inputs (zero before) */
	uint8_t *written;   /* [rows]: written since the start (coverage) */
	unsigned hot;       /* a row the stimulus reuses */
} rfm_fta_t;

/* The geometries of the flow-through arrays, shared by their models and emitters. */
void rfm_rt_bank_geom(const rfm_cfg_t *cfg, rfm_fta_geom_t *g);
void rfm_zmask_array_geom(const rfm_cfg_t *cfg, rfm_fta_geom_t *g);

/* Add the ports of geometry g (clk_i, then each read port, then each write port) to pt, their
 * indices in ix. 0 on success, -1 when the port counts exceed the limits above. */
int rfm_fta_ports(rfm_ports_t *pt, rfm_fta_ix_t *ix, const rfm_fta_geom_t *g);
/* Allocate the state of geometry g (the model's setup); see_write as above. 0 on success. */
int rfm_fta_setup(rfm_model_t *m, rfm_fta_t *a, const rfm_fta_geom_t *g, unsigned see_write);
void rfm_fta_release(rfm_fta_t *a);
void rfm_fta_eval(rfm_model_t *m, const rfm_fta_ix_t *ix, rfm_fta_t *a);
void rfm_fta_tick(rfm_model_t *m, const rfm_fta_ix_t *ix, rfm_fta_t *a);
/* Random legal traffic: a hot row reused, now and then a row past the array when the index has room. */
void rfm_fta_stim(rfm_model_t *m, const rfm_fta_ix_t *ix, rfm_fta_t *a, rfm_rng_t *r);
/* The golden shadow: every enabled read returns what was last written to its row before this
 * cycle (zero before any), every disabled one zero; then the shadow takes this cycle's writes. */
int rfm_fta_check(rfm_model_t *m, const rfm_fta_ix_t *ix, rfm_fta_t *a, uint64_t cycle, FILE *err);

/* The block boilerplate of flow-through array `mod` with model type `type` (which holds
 * `rfm_model_t m`, `rfm_fta_ix_t ix` and `rfm_fta_t a`): its geometry from geom(cfg, &g) and the
 * planted fault `see_write`. */
#define RFM_FTA_BLOCK(mod, type, geom, see_write)                                                  \
	static int mod##_fta_ports(const rfm_cfg_t *c_, rfm_ports_t *pt_, void *ix_)               \
	{                                                                                          \
		rfm_fta_geom_t g_;                                                                 \
		geom(c_, &g_);                                                                     \
		return rfm_fta_ports(pt_, ix_, &g_);                                               \
	}                                                                                          \
	static void mod##_fta_eval(rfm_model_t *m_) { rfm_fta_eval(m_, &((type *)m_)->ix, &((type *)m_)->a); } \
	static void mod##_fta_tick(rfm_model_t *m_) { rfm_fta_tick(m_, &((type *)m_)->ix, &((type *)m_)->a); } \
	static void mod##_fta_stim(rfm_model_t *m_, rfm_rng_t *r_, uint64_t cy_)                   \
	{                                                                                          \
		(void)cy_;                                                                         \
		rfm_fta_stim(m_, &((type *)m_)->ix, &((type *)m_)->a, r_);                         \
	}                                                                                          \
	static int mod##_fta_check(rfm_model_t *m_, uint64_t cy_, FILE *err_)                      \
	{                                                                                          \
		return rfm_fta_check(m_, &((type *)m_)->ix, &((type *)m_)->a, cy_, err_);          \
	}                                                                                          \
	static void mod##_fta_release(rfm_model_t *m_) { rfm_fta_release(&((type *)m_)->a); }     \
	static int mod##_fta_setup(rfm_model_t *m_)                                                \
	{                                                                                          \
		rfm_fta_geom_t g_;                                                                 \
		geom(m_->cfg, &g_);                                                                \
		return rfm_fta_setup(m_, &((type *)m_)->a, &g_, see_write);                        \
	}                                                                                          \
	RFM_BLOCK(mod, type, rfm_fta_ix_t, mod##_fta_ports, rfm_fta_cov_names, RFM_FTA_NCOV,       \
		  rfm_block_noop, mod##_fta_eval, mod##_fta_tick, mod##_fta_stim, mod##_fta_check, \
		  mod##_fta_release, mod##_fta_setup)

#ifdef __cplusplus
}
#endif

#endif /* RFM_FTARRAY_H */
