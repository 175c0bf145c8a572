/* rfm_virt.h - register file virtualization's block models, shared functions and limits
 * (docs/virtualization.md). */
#ifndef RFM_VIRT_H
#define RFM_VIRT_H

#include "rfm_models.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RFM_FB_MAXREL (RFM_MAXS * RFM_MAXOP + 1) /* most release ports of rf_free_bitmap */
#define RFM_RT_MAXINV (RFM_MAXS * RFM_MAXOP + 1) /* most invalidation ports of rf_rename_table */

/* Ids per sub-array group (banks x rows per sub-array): the spread policy's step. */
unsigned rfm_vt_stride(const rfm_cfg_t *cfg);
/* Power-gating domain of physical register pid: (row / rows per sub-array) x banks + bank. */
unsigned rfm_vt_domain(const rfm_cfg_t *cfg, unsigned pid);

/* rf_free_bitmap state: the availability flag, counts, the spread policy's last id. */
typedef struct rfm_fb_state {
	uint64_t *occ;      /* bit p: physical register p occupied (mapped or reserved) */
	unsigned *dcount;   /* occupied ids per power-gating domain */
	unsigned nocc;      /* occupied ids */
	unsigned last;      /* last id allocated (spread) */
} rfm_fb_state_t;
typedef struct rfm_fb_in {
	uint8_t launch;                 /* launch_i */
	unsigned resv;                  /* launch_resv_i */
	uint8_t req[RFM_MAXW];          /* a<a>_req_i */
	uint8_t rel[RFM_FB_MAXREL];     /* r<r>_valid_i */
	unsigned rpid[RFM_FB_MAXREL];   /* r<r>_pid_i */
} rfm_fb_in_t;
typedef struct rfm_fb_out {
	uint8_t gnt[RFM_MAXW];          /* a<a>_gnt_o */
	unsigned pid[RFM_MAXW];         /* a<a>_pid_o */
	uint8_t freev[RFM_FB_MAXREL];   /* release r frees an occupied id (first of duplicates) */
	unsigned nfree;                 /* nfree_o */
	unsigned last;                  /* next value of last */
} rfm_fb_out_t;
/* Allocate the state of cfg's file into s (all free); 0, or -1 without memory. */
int rfm_fb_init(const rfm_cfg_t *cfg, rfm_fb_state_t *s);
/* Free the state. */
void rfm_fb_fini(rfm_fb_state_t *s);
/* State after a launch reserving ids 0 .. resv-1. */
void rfm_fb_launch(const rfm_cfg_t *cfg, rfm_fb_state_t *s, unsigned resv);
/* One cycle (docs/virtualization.md, "Availability flag"); mutate: RFM_FAULT_VT_ALLOC_SKIPS_ID. */
void rfm_fb_comb(const rfm_cfg_t *cfg, const rfm_fb_state_t *q, const rfm_fb_in_t *in, rfm_fb_out_t *out,
		 unsigned mutate);
/* The clock edge after rfm_fb_comb of the same inputs: frees, then occupies; a launch resets. */
void rfm_fb_clock(const rfm_cfg_t *cfg, rfm_fb_state_t *s, const rfm_fb_in_t *in, const rfm_fb_out_t *out);
/* Release ports: one per dispatched operand, plus the release walker. */
unsigned rfm_fb_nrel(const rfm_cfg_t *cfg);

/* rf_rename_table state. */
typedef struct rfm_rt_state {
	uint64_t *valid;    /* bit e: entry e maps a register */
	uint32_t *pid;      /* its physical register */
	unsigned rr;        /* issue port with the first claim on the table banks this cycle */
} rfm_rt_state_t;
typedef struct rfm_rt_in {
	uint8_t launch;                             /* launch_i */
	uint8_t gvalid[RFM_MAXS];                   /* g<k>_valid_i */
	uint8_t lv[RFM_MAXS * RFM_MAXOP];           /* l<l>_valid_i */
	unsigned lidx[RFM_MAXS * RFM_MAXOP];        /* table index of l<l> */
	uint8_t wv[RFM_MAXW], wnew[RFM_MAXW];       /* w<w>_valid_i, w<w>_new_i */
	unsigned widx[RFM_MAXW], wnewpid[RFM_MAXW]; /* its index, w<w>_newpid_i */
	uint8_t iv[RFM_RT_MAXINV];                  /* i<i>_valid_i */
	unsigned iidx[RFM_RT_MAXINV];               /* its index */
} rfm_rt_in_t;
typedef struct rfm_rt_out {
	uint8_t served[RFM_MAXS], conflict[RFM_MAXS]; /* g<k>_served_o, g<k>_conflict_o */
	uint8_t lhit[RFM_MAXS * RFM_MAXOP];           /* l<l>_hit_o */
	unsigned lpid[RFM_MAXS * RFM_MAXOP];          /* l<l>_pid_o */
	uint8_t whit[RFM_MAXW];                       /* w<w>_hit_o */
	unsigned wpid[RFM_MAXW];                      /* w<w>_pid_o */
	uint8_t ihit[RFM_RT_MAXINV];                  /* i<i>_hit_o */
	unsigned ipid[RFM_RT_MAXINV];                 /* i<i>_pid_o */
} rfm_rt_out_t;
/* Allocate the table of cfg into s (every entry unmapped); 0, or -1 without memory. */
int rfm_rt_init(const rfm_cfg_t *cfg, rfm_rt_state_t *s);
/* Free the table. */
void rfm_rt_fini(rfm_rt_state_t *s);
/* Unmap every entry (reset, launch). */
void rfm_rt_clear(const rfm_cfg_t *cfg, rfm_rt_state_t *s);
/* One cycle (docs/virtualization.md, "Renaming table"); mutate: RFM_FAULT_VT_NO_TABLE_CONFLICTS,
 * RFM_FAULT_VT_LOOKUP_MISSES_NEW_MAPPING (rfm_rt_clock: RFM_FAULT_VT_RELEASE_KEEPS_MAPPING). */
void rfm_rt_comb(const rfm_cfg_t *cfg, const rfm_rt_state_t *q, const rfm_rt_in_t *in, rfm_rt_out_t *out,
		 unsigned mutate);
/* The clock edge: invalidations (those a write-back of the cycle does not cancel), then new mappings. */
void rfm_rt_clock(const rfm_cfg_t *cfg, rfm_rt_state_t *s, const rfm_rt_in_t *in, unsigned mutate);
/* Table index of (warp, reg): warp x kren + reg. */
unsigned rfm_rt_index(unsigned kren, unsigned warp, unsigned reg);
/* Lookup ports: one per issued source operand (schedulers x operands). */
unsigned rfm_rt_nlook(const rfm_cfg_t *cfg);
/* Invalidation ports: one per dispatched source operand, plus the release walker. */
unsigned rfm_rt_ninv(const rfm_cfg_t *cfg);
/* rf_rt_bank, one bank of the table's physical ids (docs/virtualization.md, "Renaming table"):
 * read ports: the operands of the instruction that holds the bank (operands), then one per
 * write-back port, then one per invalidation port; write ports: one per write-back port. */
unsigned rfm_rt_bank_nread(const rfm_cfg_t *cfg);
unsigned rfm_rt_bank_nwrite(const rfm_cfg_t *cfg);
/* Width of a row index of one bank. */
unsigned rfm_rt_bank_row_w(const rfm_cfg_t *cfg);

/* Flag instructions (docs/virtualization.md, "Flag instructions"): 64 bits, opcode split 4 + 6
 * (bits [3:0] and [63:58]), payload [57:4]: pir 18 x 3-bit flags (bit j = source j), pbr 9 x 6-bit
 * register ids (63: empty). */
#define RFM_OPC_PIR 0x3f0u
#define RFM_OPC_PBR 0x3f1u
#define RFM_PIR_SLOTS 18
#define RFM_PBR_SLOTS 9
#define RFM_PBR_ID_BITS 6u /* a pbr slot: one register id */
#define RFM_PBR_EMPTY 63u
typedef struct rfm_flags {
	int is_pir, is_pbr;
	uint64_t payload;                /* bits [57:4] */
	unsigned reg[RFM_PBR_SLOTS];     /* pbr register ids */
	uint8_t regv[RFM_PBR_SLOTS];     /* slot names a register */
} rfm_flags_t;
/* Decode a word; returns 1 for a pir or pbr. */
int rfm_flag_decode(uint64_t word, rfm_flags_t *f);
/* A pir with flags[k] (3 bits, bit j = source j) for the k-th instruction after it. */
uint64_t rfm_flag_encode_pir(const uint8_t flags[RFM_PIR_SLOTS]);
/* A pbr naming regs[0..n-1] (n <= 9; the other slots empty). */
uint64_t rfm_flag_encode_pbr(const unsigned *regs, unsigned n);

#ifdef __cplusplus
}
#endif

#endif /* RFM_VIRT_H */
