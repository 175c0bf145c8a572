/* rfm_models.h - concrete model structs of the baseline blocks, for composition by rf_top and
 * white-box unit tests (each technique's in its folder: rfm_regmutex.h, rfm_virt.h, rfm_coal.h). Port indices are recorded while the port table is built, so a model reads
 * its ports by index and never by name at run time.
 */
#ifndef RFM_MODELS_H
#define RFM_MODELS_H

#include "rfm_block.h"
#include "rfm_blocks.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RFM_MAXW 2   /* most write ports */
#define RFM_MAXR 2   /* most read ports */
#define RFM_MAXS 4   /* most schedulers (issue and dispatch ports) */
#define RFM_MAXOP 3  /* most operands */
#define RFM_MAXQ 48  /* most requesters: collectors * operands */
#define RFM_MAXB 32  /* most banks */
#define RFM_MAXC 16  /* most collectors */
#define RFM_MAXWARPS 64 /* most warp slots */

/* rf_sram and rf_bank: port indices (the two have the same ports, of different widths). */
typedef struct rfm_sram_ix {
	unsigned clk;                                     /* clk_i */
	unsigned wen[RFM_MAXW], waddr[RFM_MAXW];          /* w<p>_en_i, w<p>_addr_i */
	unsigned wmask[RFM_MAXW], wdata[RFM_MAXW];        /* w<p>_mask_i, w<p>_data_i */
	unsigned ren[RFM_MAXR], raddr[RFM_MAXR];          /* r<p>_en_i, r<p>_addr_i */
	unsigned rdata[RFM_MAXR];                         /* r<p>_data_o */
} rfm_sram_ix_t;

/* rf_sram: one sub-bank array. */
typedef struct rfm_sram {
	rfm_model_t m;           /* common head */
	rfm_sram_ix_t ix;        /* port indices */
	unsigned width;          /* bits per row */
	unsigned lanes;          /* write-mask bits (lanes per row) */
	unsigned rows;           /* rows */
	unsigned words;          /* words per row */
	uint32_t *mem;           /* row r at mem + r * mstride (words of them) */
	unsigned mstride;        /* words from one row to the next: words, or rf_bank's whole row */
	int mem_lent;            /* mem lies in the owner's array (rf_bank's rows): not freed */
	uint32_t *rdata_q;       /* the registered read data, port p at rdata_q + p * rstride */
	unsigned rstride;        /* words from one read port's data to the next's */
	int rdata_lent;          /* rdata_q lies in the owner's buffer (rf_bank's r<p>_data_o): not freed */
} rfm_sram_t;

/* One clock edge of an rf_sram, as its ports would carry it: the sub-bank's write data starts at
 * bit wlo of wdata[p] (so rf_bank can pass its whole-row data without copying). */
typedef struct rfm_sram_edge {
	uint8_t ren[RFM_MAXR];           /* read enables */
	unsigned raddr[RFM_MAXR];        /* rows read */
	uint8_t wen[RFM_MAXW];           /* write enables */
	unsigned waddr[RFM_MAXW];        /* rows written */
	uint64_t wmask[RFM_MAXW];        /* lane masks (sub-bank lanes) */
	const uint32_t *wdata[RFM_MAXW]; /* write data words */
	unsigned wlo;                    /* first bit of this sub-bank in wdata */
	int reads_done;                  /* the owner (rf_bank) registered the read data of this edge */
} rfm_sram_edge_t;

/* Apply one clock edge to an rf_sram model (docs/semantics.md, "Storage arrays"): reads first
 * (old data on a row also written), then writes in port order, lane by lane. */
void rfm_sram_clock(rfm_sram_t *s, const rfm_sram_edge_t *e);
/* rf_sram's coverage event "read" (the first of cov_names in sram.c), hit by an owner that reads
 * the sub-bank's row itself (rf_bank with direct: e->reads_done). */
enum { RFM_SRAM_COV_READ = 0 };
static inline void rfm_sram_cover_read(rfm_sram_t *s) { rfm_cov_hit(&s->m, RFM_SRAM_COV_READ); }

typedef rfm_sram_ix_t rfm_bank_ix_t;

/* The port table of a storage block: rows of `lanes` lanes (lane_bits each); what is one row. */
int rfm_storage_ports(const rfm_cfg_t *cfg, rfm_ports_t *pt, rfm_sram_ix_t *ix, unsigned lanes,
		      const char *row);

/* rf_bank: subbanks x rf_sram. */
typedef struct rfm_bank {
	rfm_model_t m;           /* common head */
	rfm_bank_ix_t ix;        /* port indices */
	unsigned n_sb;           /* sub-banks */
	rfm_sram_t **sb;         /* the sub-bank arrays */
	int stale;               /* a read happened at the last edge: r<p>_data_o must be reassembled */
	int direct;              /* the sub-banks register their read data in r<p>_data_o itself, and
	                          * their rows lie side by side in mem: a read is one copy of a whole row */
	uint32_t *mem;           /* with direct: rows x row_words, sub-bank k's words at k * its words */
	unsigned row_words;      /* words of a whole row (every sub-bank) */
} rfm_bank_t;

/* One clock edge of an rf_bank, as its ports would carry it (values within their port widths);
 * wdata[p] points at whole-row data, so rf_top can pass its write-back data without copying. */
typedef struct rfm_bank_edge {
	uint8_t ren[RFM_MAXR];           /* read enables */
	unsigned raddr[RFM_MAXR];        /* rows read */
	uint8_t wen[RFM_MAXW];           /* write enables */
	unsigned waddr[RFM_MAXW];        /* rows written */
	uint64_t wmask[RFM_MAXW];        /* lane masks */
	const uint32_t *wdata[RFM_MAXW]; /* write data words */
} rfm_bank_edge_t;

/* Apply one clock edge to an rf_bank model, its ports untouched (bank_tick reads them into e). */
void rfm_bank_clock(rfm_bank_t *b, const rfm_bank_edge_t *e);
/* The bank and its sub-banks inside another model: their coverage is not worked out (cov.quiet). */
void rfm_bank_quiet(rfm_bank_t *b);

/* rf_map: port indices. */
typedef struct rfm_map_ix {
	unsigned warp, reg, kwarps, kregs;                /* inputs */
	unsigned bank, entry, err;                        /* outputs */
} rfm_map_ix_t;

/* rf_map: combinational mapping. */
typedef struct rfm_map {
	rfm_model_t m;           /* common head */
	rfm_map_ix_t ix;         /* port indices */
} rfm_map_t;

/*
 * The mapping function itself (docs/semantics.md, "Register-to-bank mapping"): bank and row of
 * (warp, reg) for a kernel of kwarps warps and kregs registers per thread. Returns 1 (and bank =
 * row = 0) when the access is outside the kernel.
 */
int rfm_map_fn(const rfm_cfg_t *cfg, unsigned kwarps, unsigned kregs, unsigned warp, unsigned reg,
	       unsigned *bank, unsigned *row);

/* rf_xbar: port indices. */
typedef struct rfm_xbar_ix {
	unsigned src[RFM_MAXB * RFM_MAXR];                /* b<b>_r<p>_data_i, index b * R + p */
	unsigned sel[RFM_MAXQ];                           /* q<i>_sel_i */
	unsigned data[RFM_MAXQ];                          /* q<i>_data_o */
} rfm_xbar_ix_t;

/* rf_xbar: combinational crossbar. */
typedef struct rfm_xbar {
	rfm_model_t m;           /* common head */
	rfm_xbar_ix_t ix;        /* port indices */
} rfm_xbar_t;

/* rf_bank_arbiter: port indices. */
typedef struct rfm_arb_ix {
	unsigned clk, rst;                                           /* clk_i, rst_ni */
	unsigned req[RFM_MAXQ], bank[RFM_MAXQ], entry[RFM_MAXQ];     /* q<i>_req_i, _bank_i, _entry_i */
	unsigned wen[RFM_MAXW], wbank[RFM_MAXW], wentry[RFM_MAXW];   /* w<p>_en_i, _bank_i, _entry_i */
	unsigned gnt[RFM_MAXQ], port[RFM_MAXQ];                      /* q<i>_gnt_o, q<i>_port_o */
	unsigned ren[RFM_MAXB][RFM_MAXR], raddr[RFM_MAXB][RFM_MAXR]; /* b<b>_r<p>_en_o, _addr_o */
	unsigned nconf, nwconf;                                      /* nconf_o, nwconf_o */
} rfm_arb_ix_t;

/* rf_bank_arbiter: inputs of one cycle, as plain values. */
typedef struct rfm_arb_in {
	uint64_t req;                    /* requester q wants a read (bit q) */
	uint8_t bank[RFM_MAXQ];          /* its bank */
	uint16_t entry[RFM_MAXQ];        /* its row */
	uint8_t wen[RFM_MAXW];           /* write-back p of this cycle */
	uint8_t wbank[RFM_MAXW];         /* its bank */
	uint16_t wentry[RFM_MAXW];       /* its row */
} rfm_arb_in_t;

/* rf_bank_arbiter: outputs of one cycle. */
typedef struct rfm_arb_out {
	uint64_t gnt;                        /* requester q granted (bit q) */
	uint8_t port[RFM_MAXQ];              /* read port granted to q (0 if none) */
	uint8_t ren[RFM_MAXB][RFM_MAXR];     /* bank b read port p enabled */
	uint16_t raddr[RFM_MAXB][RFM_MAXR];  /* and its row (0 if idle) */
	unsigned nconf;                      /* requests denied by other reads */
	unsigned nwconf;                     /* requests denied by a write-back */
} rfm_arb_out_t;

/* rf_bank_arbiter: round-robin read-port arbiter. */
typedef struct rfm_arb {
	rfm_model_t m;           /* common head */
	rfm_arb_ix_t ix;         /* port indices */
	unsigned ptr_q[RFM_MAXB];/* per-bank round-robin pointer: requester with the highest priority */
	unsigned ptr_d[RFM_MAXB];/* next pointer, from eval */
	rfm_arb_in_t in;         /* port wrapper: inputs of this cycle */
	rfm_arb_out_t out;       /* port wrapper: outputs of this cycle */
} rfm_arb_t;

/* The arbiter's combinational logic (docs/semantics.md, "Bank arbitration"): outputs from the
 * pointers and in; also computes the next pointers, which rfm_arb_clock commits. */
void rfm_arb_comb(rfm_arb_t *a, const rfm_arb_in_t *in, rfm_arb_out_t *out);
/* The arbiter's clock edge. */
void rfm_arb_clock(rfm_arb_t *a);

/* rf_collector: inputs of one cycle that the units read (issue side). */
typedef struct rfm_coll_in {
	uint8_t valid[RFM_MAXS];            /* iss<k>_valid_i */
	uint64_t tag[RFM_MAXS];             /* iss<k>_tag_i */
	unsigned warp[RFM_MAXS];            /* iss<k>_warp_i */
	uint8_t sv[RFM_MAXS][RFM_MAXOP];    /* iss<k>_src<s>_valid_i */
	uint8_t sb[RFM_MAXS][RFM_MAXOP];    /* iss<k>_src<s>_bank_i */
	uint16_t se[RFM_MAXS][RFM_MAXOP];   /* iss<k>_src<s>_entry_i */
	uint64_t amask[RFM_MAXS];           /* rf_top with zero gating: iss<k>_amask_i (the warp's active lanes) */
} rfm_coll_in_t;

/* rf_collector: outputs of one cycle (request locations are the state bank_q / entry_q). */
typedef struct rfm_coll_out {
	uint8_t ready[RFM_MAXS];  /* iss<k>_ready_o */
	uint64_t req;             /* q<i>_req_o (bit i) */
	int dsel[RFM_MAXS];       /* unit dispatched on port d, or -1 */
	uint64_t busy;            /* busy_o */
} rfm_coll_out_t;

/* rf_collector: what arrives at the clock edge from the arbiter and the crossbar. */
typedef struct rfm_coll_edge {
	uint64_t gnt;                   /* q<i>_gnt_i (bit i) */
	uint8_t port[RFM_MAXQ];         /* q<i>_port_i; read only for granted slots */
	const uint32_t *data[RFM_MAXQ]; /* q<i>_data_i; read only for slots with a read in flight; NULL: none kept */
} rfm_coll_edge_t;

/* rf_collector: port indices. */
typedef struct rfm_coll_ix {
	unsigned clk, rst;                                             /* clk_i, rst_ni */
	unsigned iss_valid[RFM_MAXS], iss_ready[RFM_MAXS];             /* iss<k>_valid_i, _ready_o */
	unsigned iss_tag[RFM_MAXS], iss_warp[RFM_MAXS];                /* iss<k>_tag_i, _warp_i */
	unsigned iss_sv[RFM_MAXS][RFM_MAXOP];                          /* iss<k>_src<s>_valid_i */
	unsigned iss_sb[RFM_MAXS][RFM_MAXOP];                          /* iss<k>_src<s>_bank_i */
	unsigned iss_se[RFM_MAXS][RFM_MAXOP];                          /* iss<k>_src<s>_entry_i */
	unsigned req[RFM_MAXQ], bank[RFM_MAXQ], entry[RFM_MAXQ];       /* q<i>_req_o, _bank_o, _entry_o */
	unsigned gnt[RFM_MAXQ], port[RFM_MAXQ];                        /* q<i>_gnt_i, q<i>_port_i */
	unsigned sel[RFM_MAXQ], data[RFM_MAXQ];                        /* q<i>_sel_o, q<i>_data_i */
	unsigned dv[RFM_MAXS], dtag[RFM_MAXS], dwarp[RFM_MAXS];        /* dsp<d>_valid_o, _tag_o, _warp_o */
	unsigned dop[RFM_MAXS][RFM_MAXOP];                             /* dsp<d>_op<s>_o */
	unsigned busy;                                                 /* busy_o */
	unsigned take[RFM_MAXS], disp, op[RFM_MAXQ];                   /* iss<k>_take_o, disp_o, q<i>_op_i */
} rfm_coll_ix_t;

/* rf_collector: state of the collector units. */
typedef struct rfm_coll {
	rfm_model_t m;            /* common head */
	rfm_coll_ix_t ix;         /* port indices */
	unsigned wq;              /* words of one operand */
	uint8_t busy_q[RFM_MAXC]; /* unit holds an instruction */
	uint64_t tag_q[RFM_MAXC]; /* its tag */
	unsigned warp_q[RFM_MAXC];/* its warp */
	uint8_t pend_q[RFM_MAXQ]; /* operand still to be read */
	uint8_t fly_q[RFM_MAXQ];  /* read granted last cycle: data arrives this cycle */
	unsigned bank_q[RFM_MAXQ];/* operand's bank */
	unsigned entry_q[RFM_MAXQ]; /* operand's row */
	unsigned port_q[RFM_MAXQ];/* read port that was granted */
	uint32_t *data_q;         /* nq operands of wq words */
	unsigned dptr_q;          /* dispatch round-robin pointer */
	uint64_t busy_m, rdy_m;   /* the same state as bit vectors: busy units, units with every operand */
	uint64_t pend_m, fly_m;   /* present; pending slots, slots in flight (kept by reset and clock) */
	/* from eval, used by tick */
	int alloc_port[RFM_MAXC]; /* issue port that fills unit c this cycle, or -1 */
	uint8_t disp[RFM_MAXC];   /* unit c dispatches this cycle */
	uint64_t alloc_m, disp_m; /* the same as bit vectors: units filled, units dispatching */
	unsigned dptr_d;          /* next dispatch pointer */
	rfm_coll_in_t in;         /* port wrapper: inputs of this cycle */
	rfm_coll_out_t out;       /* port wrapper: outputs of this cycle */
} rfm_coll_t;

/* The collectors' combinational logic (docs/semantics.md, "Operand collectors"). */
void rfm_coll_comb(rfm_coll_t *u, const rfm_coll_in_t *in, rfm_coll_out_t *out);
/* The collectors' clock edge, after rfm_coll_comb of the same cycle. */
void rfm_coll_clock(rfm_coll_t *u, const rfm_coll_in_t *in, const rfm_coll_edge_t *e);
/* Operand s of unit c as stored (wq words). */
static inline const uint32_t *rfm_coll_operand(const rfm_coll_t *u, unsigned c, unsigned s)
{
	return u->data_q + (size_t)(c * u->m.cfg->sm_operands + s) * u->wq;
}

/* Round-robin pick among the set bits of cand (n bits, n <= 64): the first at or after ptr, else
 * the lowest. Returns -1 when cand is empty. The single definition used by the arbiter and the
 * dispatch selection (docs/semantics.md, "Round-robin"). */
static inline int rfm_rr_pick(uint64_t cand, unsigned n, unsigned ptr)
{
	uint64_t hi;
	cand &= rfm_mask64(n);
	if (!cand)
		return -1;
	hi = ptr < 64 ? cand & ~rfm_mask64(ptr) : 0;
	return __builtin_ctzll(hi ? hi : cand);
}

/* A random kernel (warps, registers per thread) that fits the file. */
void rfm_random_kernel(const rfm_cfg_t *cfg, rfm_rng_t *rng, unsigned *kwarps, unsigned *kregs);

/* rf_top counters, in port order. */
enum { RFM_CNT_CONFLICT, RFM_CNT_WCONFLICT, RFM_CNT_STALL, RFM_CNT_READ, RFM_CNT_WRITE, RFM_CNT_DISPATCH,
       RFM_CNT_N };
/* Names of the counters (port cnt_<name>_o). */
extern const char *const rfm_cnt_names[RFM_CNT_N];

#ifdef __cplusplus
}
#endif

#endif /* RFM_MODELS_H */
