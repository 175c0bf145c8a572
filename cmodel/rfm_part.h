/* rfm_part.h - the part contract of rf_top's model (docs/semantics.md, "rf_top: skeleton and parts").
 *
 * rf_top (cmodel/top.c) is a skeleton: it owns the launch registers, the operand collectors
 * (rfm_coll_t), issue and dispatch, the counters' registers and outputs, the golden register
 * checker and the list of instructions in flight. Everything a technique adds is a part, called
 * in fixed slots:
 *
 *   ADMIT    exactly one  launch fields warps/regs and their decoding      base (base/part_base.c)
 *   LOCATE   exactly one  (warp, reg) -> (bank, row) of every access; the  base rf_map, RegMutex,
 *                         capacity rule of a launch (fits)                  virtualization, FineReg
 *   BACKEND  exactly one  banks, arbiter, crossbar                          baseline, coalescing
 *   STORAGE  exactly one  the banks' arrays, for a BACKEND that uses_storage  SRAM (rf_bank), eDRAM
 *                         (created first; the coalescing BACKEND keeps its     (edram/part_edram.c)
 *                         own, rf_dual_bank)
 *   SIDE     any number   RegMutex's SRP allocator, virtualization's release walker, the
 *                         bank-hold port (hold/part_hold.c), eDRAM refresh and flags, FineReg's
 *                         register management unit (finereg/part_finereg.c), which borrows the
 *                         ports of the banks it holds (t->lend_*)
 *
 * A part owns its state, its ports (added through `ports` at fixed places of the port table),
 * its launch fields, side-band bits in the collector tag (above sm_tag_bits), its counters (it
 * declares name and help; the skeleton owns their registers, wrap-around and cnt_<name>_o
 * outputs), its coverage events (the skeleton concatenates the lists in part order), its stimulus
 * hooks, its checks (bookkeeping and verdict apart) and its planted faults.
 *
 * Parts are found once, at create time, through rfm_part_table (table order = port order within
 * a place, counter order and coverage order): for an exclusive slot the enabled provider that is
 * not a default replaces the default; two such providers are refused. The skeleton then calls
 * parts through precomputed hook lists: no part names and no technique branches in top.c.
 *
 * One cycle, eval (the order is part of the contract):
 *   1. launch: ADMIT.launch decodes the launch fields, LOCATE.fits decides the fit (t->ln);
 *   2. the skeleton reads the write-back and issue ports into the access records (t->wb, t->src);
 *   3. when any part has a dispatch hook: the collectors' dispatch choice (state only, t->cout);
 *   4. dispatch hooks, in part order (virtualization: releases at dispatch and by the walker);
 *   5. LOCATE.locate_wb: every write-back record gets bank, row, err, drop;
 *   6. LOCATE.locate_issue: every source record gets bank, row, err, drop, attr; it may hold an
 *      issue (t->hold: not taken by a collector; t->refuse: iss<k>_ready_o low) and add side-band
 *      bits to the collector tag (t->cin.tag);
 *   7. the collectors' allocation (rfm_coll_comb), iss<k>_ready_o;
 *   7b. hold hooks, in part order: each ORs its per-bank hold requests into t->hold_req (and its
 *      forced ones into t->hold_force);
 *   8. BACKEND.eval: requests from the collectors, the write records; fills t->be. Every BACKEND
 *      honours the bank holds the same way (rfm_top_hold_grant; docs/semantics.md, "Bank holds"):
 *      a hold is granted unless a write-back inside the kernel is offered to its bank this cycle,
 *      a forced hold always, and then refuses the write-backs of its bank (rfm_top_wb_forced;
 *      be.wrefused); a granted hold keeps every read request of its bank from the arbiter
 *      (be.hold_gnt, be.nhold);
 *   8b. borrow hooks, in part order: a part that holds banks decides, from the grants, what it
 *      reads and writes in them this cycle (t->lend_*, cleared before them), so that every side
 *      hook sees the lent accesses (eDRAM: an engine write's flag);
 *   9. side hooks, in part order (outputs and counters of each part);
 *  10. the skeleton's outputs (dispatch ports, status, every counter output) and base counters.
 * tick: counters, part ticks (part order, before the launch registers change), the launch
 * registers, BACKEND.edge (edge inputs of the collectors), the collectors' edge, BACKEND.tick
 * (which clocks each bank through STORAGE.st_clock, the lent accesses on port 0 of their banks).
 * check: the verdict (skipped by rfm_top_option "verdict" "off", the harness's +rtl-only), then
 * the bookkeeping that the stimulus and the golden registers need (always).
 */
#ifndef RFM_PART_H
#define RFM_PART_H

#include "rfm_fault_ids.h"
#include "rfm_models.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Slots a part fills (bit set). */
enum { RFM_PART_ADMIT = 1, RFM_PART_LOCATE = 2, RFM_PART_BACKEND = 4, RFM_PART_SIDE = 8, RFM_PART_STORAGE = 16 };

/* Results of a LOCATE's where hook; codes above RFM_WHERE_OUTSIDE are the part's own drops. */
enum { RFM_WHERE_OK = 0, RFM_WHERE_OUTSIDE = 1 /* outside the running kernel */ };

/* Places of the port table where parts add ports (in table order). */
typedef enum rfm_place {
	RFM_PL_LAUNCH, /* after launch_valid_i: launch fields (i = 0) */
	RFM_PL_WB,     /* end of write-back port i's group */
	RFM_PL_ISSUE,  /* after iss<i>_warp_i */
	RFM_PL_SRC,    /* after iss<k>_src<s>_reg_i; i = k * RFM_MAXOP + s */
	RFM_PL_GROUPS, /* own port groups after the issue ports, before the dispatch ports (i = 0) */
	RFM_PL_STATUS, /* status outputs after acc_err_o (i = 0) */
	RFM_PL_N       /* number of places */
} rfm_place_t;

#define RFM_PART_MAX 8      /* most active parts */
#define RFM_PART_IXW 64     /* words of port indices a part may record */
#define RFM_TOP_MAXCNT 32   /* most counters of rf_top */
#define RFM_TOP_MAXFLY (RFM_MAXC + RFM_MAXS) /* most instructions in flight */

/* The skeleton's own coverage events (parts' events follow, in part order). */
enum {
	RFM_TCOV_THREE_ONE_BANK, RFM_TCOV_WR_RD_BANK, RFM_TCOV_ALLBUSY, RFM_TCOV_DISP_THREE_BANKS,
	RFM_TCOV_CONFLICT, RFM_TCOV_WBLOCK, RFM_TCOV_STALL, RFM_TCOV_LAUNCH_REFUSED, RFM_TCOV_RELAUNCH,
	RFM_TCOV_OUTSIDE, RFM_TCOV_HAZARD, RFM_TCOV_DUAL_ISSUE, RFM_TCOV_DUAL_DISP, RFM_TCOV_PARTIAL_WRITE,
	RFM_TCOV_SAME_REG_TWO_WB, RFM_TCOV_N
};

/* One access (a write-back port, or an issued source operand) as the LOCATE places it. */
typedef struct rfm_acc {
	uint8_t valid;  /* the port offers it (wb<p>_valid_i; iss<k>_src<s>_valid_i) */
	uint8_t err;    /* outside the running kernel (acc_err_o) */
	uint8_t drop;   /* dropped by the LOCATE (RegMutex: extended without a set; virtualization: unmapped) */
	uint8_t attr;   /* LOCATE attributes (virtualization: bit 0 = release after this read) */
	unsigned warp;  /* warp slot */
	unsigned reg;   /* architected register */
	unsigned bank;  /* bank (0 when err or drop) */
	unsigned row;   /* row in the bank (0 when err or drop) */
} rfm_acc_t;

/* This cycle's launch as ADMIT and LOCATE see it. */
typedef struct rfm_launch {
	uint8_t valid;  /* launch_valid_i */
	uint8_t ok;     /* valid and it fits: the kernel starts at the edge */
	unsigned warps; /* launch_warps_i */
	unsigned regs;  /* launch_regs_i */
} rfm_launch_t;

/* What the BACKEND reports after its eval. */
typedef struct rfm_be_out {
	uint64_t gnt;              /* operands granted a read (bit q) */
	unsigned nconf, nwconf;    /* refused reads; of them, refused for a write-back */
	uint8_t wdone[RFM_MAXW];   /* write-back p is performed this cycle (cnt_write_o) */
	uint8_t wtaken[RFM_MAXW];  /* write-back p is taken: the golden register takes its lanes */
	uint8_t wrefused[RFM_MAXW];/* write-back p is refused (held by the requester, offered again) */
	uint64_t hold_gnt;         /* banks held this cycle (bit b): no read of bank b is granted */
	unsigned nhold;            /* read requests kept from the arbiter by a granted hold */
} rfm_be_out_t;

/* A counter a part declares. */
typedef struct rfm_counter {
	const char *name; /* cnt_<name>_o */
	const char *help; /* one line of meaning */
} rfm_counter_t;

/* An issued instruction not yet dispatched, as the checker sees it. */
typedef struct rfm_fly {
	unsigned tag, warp, nsrc;  /* tag, warp, source operands */
	uint64_t amask;            /* lanes checked (the active mask with zero gating, else all) */
	uint8_t valid[RFM_MAXOP];  /* source used */
	uint8_t err[RFM_MAXOP];    /* outside the kernel or dropped: delivered as zero */
	uint8_t taint[RFM_MAXOP];  /* written while in flight: not judged */
	uint8_t attr[RFM_MAXOP];   /* the LOCATE's attributes at issue */
	unsigned reg[RFM_MAXOP];   /* architected register */
	unsigned bank[RFM_MAXOP];  /* its bank */
} rfm_fly_t;

struct rfm_top;
struct rfm_pinst;

/* A part: its slots, its ports, counters and events, and its hooks (NULL = none). The hooks are
 * listed in the order the skeleton calls them within a cycle. */
typedef struct rfm_part {
	const char *name;                                          /* e.g. "regmutex" */
	unsigned slots;                                            /* RFM_SLOT_* bits */
	int is_default;                                            /* provider when no other is enabled */
	int (*enabled)(const rfm_cfg_t *c);                        /* part of cfg's rf_top */
	void (*ports)(const rfm_cfg_t *c, rfm_ports_t *pt, uint32_t *ix, rfm_place_t pl, unsigned i); /* add ports */
	unsigned (*counters)(const rfm_cfg_t *c, const rfm_counter_t **list); /* its counters, in port order */
	int recount;                                               /* the skeleton compares its counters with t->shadow */
	const char *const *cov;                                    /* coverage event names */
	unsigned ncov;                                             /* their number */
	unsigned refuse0, nrefuse;                                 /* LOCATE: its launch refusal reasons are
	                                                            * coverage events refuse0 .. + nrefuse - 1 */
	int wb_refuse;                                             /* BACKEND: refuses write-backs of its own
	                                                            * (wb<p>_ready_o; be.wrefused) */
	int one_kernel;                                            /* LOCATE: a launched kernel runs to the end of
	                                                            * the run (FineReg's grid): the stimulus
	                                                            * launches once */
	int lends;                                                 /* BACKEND: performs the accesses of lent
	                                                            * banks (t->lend_*) */
	int (*create)(struct rfm_top *t, struct rfm_pinst *pi);    /* state into pi->st, events n/a; 0 = fine */
	void (*destroy)(struct rfm_pinst *pi);                     /* free pi->st */
	void (*reset)(struct rfm_top *t, struct rfm_pinst *pi);    /* reset values */
	/* an option (rfm_top_option): 0 taken, 1 not this part's, -1 bad value */
	int (*option)(struct rfm_top *t, struct rfm_pinst *pi, const char *name, const char *value, FILE *err);
	/* eval */
	void (*launch)(struct rfm_top *t, struct rfm_pinst *pi, rfm_launch_t *ln);      /* ADMIT: decode */
	int (*fits)(struct rfm_top *t, struct rfm_pinst *pi, const rfm_launch_t *ln);  /* LOCATE: capacity rule */
	void (*dispatch)(struct rfm_top *t, struct rfm_pinst *pi);                      /* after the dispatch choice */
	void (*locate_wb)(struct rfm_top *t, struct rfm_pinst *pi);                     /* LOCATE: t->wb */
	void (*locate_issue)(struct rfm_top *t, struct rfm_pinst *pi);                  /* LOCATE: t->src, hold, tag */
	void (*hold)(struct rfm_top *t, struct rfm_pinst *pi);                          /* OR into t->hold_req */
	void (*be_eval)(struct rfm_top *t, struct rfm_pinst *pi);                       /* BACKEND: t->be */
	void (*borrow)(struct rfm_top *t, struct rfm_pinst *pi);                        /* step 8b: t->lend_* */
	void (*side)(struct rfm_top *t, struct rfm_pinst *pi);                          /* outputs, counters */
	/* clock edge */
	void (*tick)(struct rfm_top *t, struct rfm_pinst *pi);                          /* before the launch registers */
	void (*be_edge)(struct rfm_top *t, struct rfm_pinst *pi, rfm_coll_edge_t *e);   /* BACKEND: collector edge inputs */
	void (*be_tick)(struct rfm_top *t, struct rfm_pinst *pi);                       /* BACKEND: after the collectors */
	int uses_storage;                                                               /* BACKEND: its banks are the STORAGE part's */
	/* STORAGE: the banks' arrays. The BACKEND clocks bank b with an edge record (rf_bank's ports)
	 * at its tick and reads the bank's registered read data of port p (a pointer valid for the
	 * model's life). */
	void (*st_clock)(struct rfm_top *t, struct rfm_pinst *pi, unsigned b, const rfm_bank_edge_t *e);
	const uint32_t *(*st_rdata)(struct rfm_top *t, struct rfm_pinst *pi, unsigned b, unsigned p);
	/* lookups for the stimulus and the checkers (state only) */
	int (*where)(struct rfm_top *t, struct rfm_pinst *pi, unsigned warp, unsigned reg, unsigned *bank,
		     unsigned *row); /* LOCATE: RFM_WHERE_OK, RFM_WHERE_OUTSIDE, or the part's own drop code */
	/* stimulus */
	void (*stim_launch)(struct rfm_top *t, struct rfm_pinst *pi, rfm_rng_t *r);     /* LOCATE, else ADMIT */
	void (*stim_pre)(struct rfm_top *t, struct rfm_pinst *pi, rfm_rng_t *r, uint64_t cycle); /* before write-backs */
	/* LOCATE: offer a launch that breaks refusal reason `reason` (0 .. nrefuse-1) and no rule before
	 * it; 0 = offered, -1 = the reason cannot be offered in this config */
	int (*stim_refuse)(struct rfm_top *t, struct rfm_pinst *pi, rfm_rng_t *r, unsigned reason);
	/* LOCATE: a source register for warp w, and whether register g may be one (NULL: any register
	 * of the kernel) */
	unsigned (*stim_reg)(struct rfm_top *t, struct rfm_pinst *pi, rfm_rng_t *r, unsigned w, uint64_t leaving);
	int (*stim_reg_ok)(struct rfm_top *t, struct rfm_pinst *pi, unsigned w, unsigned g, uint64_t leaving);
	void (*stim_wb_data)(struct rfm_top *t, struct rfm_pinst *pi, rfm_rng_t *r, unsigned p); /* BACKEND: value */
	void (*stim_issue)(struct rfm_top *t, struct rfm_pinst *pi, rfm_rng_t *r, unsigned k); /* after iss<k>_warp_i */
	/* after write-back port p is offered (its warp, register and data set; held: a refused one
	 * offered again, whose fields the part keeps too) */
	void (*stim_wb)(struct rfm_top *t, struct rfm_pinst *pi, rfm_rng_t *r, unsigned p, int held);
	/* after iss<k>_src<s>_reg_i (busy: a busy phase) */
	void (*stim_src)(struct rfm_top *t, struct rfm_pinst *pi, rfm_rng_t *r, unsigned k, unsigned s, int busy);
	/* checker */
	int (*verdict)(struct rfm_top *t, struct rfm_pinst *pi, uint64_t cycle, FILE *err); /* judge; 0 = fine */
	void (*dispatched)(struct rfm_top *t, struct rfm_pinst *pi, const rfm_fly_t *f); /* bookkeeping per dispatch */
	void (*book_pre)(struct rfm_top *t, struct rfm_pinst *pi);                      /* before the golden write-backs */
	void (*book_post)(struct rfm_top *t, struct rfm_pinst *pi);                     /* after them (launch included) */
} rfm_part_t;

/* An active part in one rf_top. */
typedef struct rfm_pinst {
	const rfm_part_t *d; /* its descriptor */
	void *st;            /* its state */
	uint32_t *ix;        /* its port indices (RFM_PART_IXW words of t->ix.pix) */
	unsigned cov0;       /* index of its first coverage event */
	unsigned cnt0;       /* index of its first counter in t->cnt_q */
	unsigned ncnt;       /* its counters */
} rfm_pinst_t;

/* The skeleton's port indices. */
typedef struct rfm_top_ix {
	unsigned clk, rst, lv, lerr;                                     /* clock, reset, launch */
	unsigned wv[RFM_MAXW], ww[RFM_MAXW], wr[RFM_MAXW], wm[RFM_MAXW], wd[RFM_MAXW]; /* write-back ports */
	unsigned iv[RFM_MAXS], ir[RFM_MAXS], it[RFM_MAXS], iw[RFM_MAXS]; /* issue ports */
	unsigned isv[RFM_MAXS][RFM_MAXOP], isr[RFM_MAXS][RFM_MAXOP];     /* source operands */
	unsigned dv[RFM_MAXS], dt[RFM_MAXS], dw[RFM_MAXS], dop[RFM_MAXS][RFM_MAXOP]; /* dispatch ports */
	unsigned idle, accerr;                                           /* status */
	unsigned cnt[RFM_TOP_MAXCNT];                                    /* every counter output */
	uint32_t pix[RFM_PART_MAX][RFM_PART_IXW];                        /* the parts' port indices */
} rfm_top_ix_t;

/* Offsets in the io buffer of the inputs read every cycle (one word each). */
typedef struct rfm_top_off {
	uint32_t wv[RFM_MAXW], ww[RFM_MAXW], wr[RFM_MAXW];             /* write-back ports */
	uint32_t iv[RFM_MAXS], it[RFM_MAXS], iw[RFM_MAXS];             /* issue ports */
	uint32_t isv[RFM_MAXS][RFM_MAXOP], isr[RFM_MAXS][RFM_MAXOP];   /* source operands */
} rfm_top_off_t;

/* A hook list entry: one part's hook. */
typedef struct rfm_hook {
	void (*fn)(struct rfm_top *t, rfm_pinst_t *pi); /* the hook */
	rfm_pinst_t *pi;                                /* its part */
} rfm_hook_t;

/* A list of the parts that have one hook (the hook is called through pi->d). */
typedef struct rfm_plist {
	rfm_pinst_t *p[RFM_PART_MAX]; /* the parts, in table order */
	unsigned n;                   /* their number */
} rfm_plist_t;

/* rf_top: the skeleton's state, visible to the parts. */
typedef struct rfm_top {
	rfm_model_t m;                      /* common head */
	rfm_top_ix_t ix;                    /* port indices */
	rfm_top_off_t off;                  /* io offsets of the per-cycle inputs */
	rfm_pinst_t part[RFM_PART_MAX];     /* active parts, in table order */
	unsigned npart;                     /* their number */
	rfm_pinst_t *admit, *locate, *backend; /* the exclusive slots' providers */
	rfm_pinst_t *storage;               /* the STORAGE provider (NULL when the BACKEND has no use for it) */
	rfm_hook_t h_dispatch[RFM_PART_MAX], h_side[RFM_PART_MAX], h_tick[RFM_PART_MAX]; /* hook lists */
	rfm_hook_t h_borrow[RFM_PART_MAX];
	rfm_hook_t h_pre[RFM_PART_MAX], h_post[RFM_PART_MAX], h_hold[RFM_PART_MAX];
	unsigned n_dispatch, n_side, n_tick, n_pre, n_post, n_hold, n_borrow; /* their lengths */
	rfm_plist_t l_stim_pre, l_stim_issue, l_stim_wb, l_stim_src, l_verdict, l_dispatched; /* parts with those hooks */
	uint8_t recount[RFM_TOP_MAXCNT];    /* counter n is compared with t->shadow by the skeleton */
	int verdict;                        /* the checker judges (1) or only keeps books (0) */
	unsigned wb_eighths;                /* option "writes": a new write-back per port and cycle with
	                                     * chance wb_eighths/8 (/16 in busy phases); 0: 1/2 (1/4) */
	const char **cov_names;             /* concatenated coverage names */
	/* launch registers */
	unsigned kwarps_q, kregs_q, lerr_q, acc_q, acc_d; /* running kernel, launch_err_o, acc_err_o */
	rfm_launch_t ln;                    /* this cycle's launch */
	/* this cycle's access records and collector traffic */
	rfm_acc_t wb[RFM_MAXW];             /* write-back ports */
	rfm_acc_t src[RFM_MAXS][RFM_MAXOP]; /* issued source operands */
	uint8_t iv[RFM_MAXS];               /* iss<k>_valid_i */
	uint8_t hold[RFM_MAXS];             /* the LOCATE keeps issue k from the collectors */
	uint8_t refuse[RFM_MAXS];           /* the LOCATE forces iss<k>_ready_o low */
	uint8_t ready[RFM_MAXS];            /* iss<k>_ready_o */
	uint64_t hold_req;                  /* per-bank hold requests of this cycle (bit b), from the hold hooks */
	uint64_t hold_force;                /* the forced ones (bit b): granted even against a write-back, which
	                                     * they refuse */
	uint8_t dop_zero[RFM_MAXS];         /* dsp<d>_op<s>_o were last written as zero (idle port) */
	/* accesses of held banks lent to a SIDE part (docs/semantics.md, "Bank holds"): its borrow hook
	 * sets them in banks it holds and is granted (not forced); a BACKEND that lends performs them at
	 * the edge on read port 0 and write port 0 of the bank, which a granted hold leaves free */
	uint64_t lend_rd, lend_wr;          /* bit b: bank b is read, written */
	unsigned lend_rrow[RFM_MAXB], lend_wrow[RFM_MAXB]; /* their rows */
	uint32_t *lend_wdata;               /* [RFM_MAXB][wq]: the values written (every lane) */
	uint32_t lossy_bits;                /* bits of every lane that may read as 0 (a STORAGE whose cells
	                                     * discharge: eDRAM decay); the golden check lets them be lost */
	rfm_coll_t *coll;                   /* the operand collectors */
	rfm_coll_in_t cin;                  /* their inputs this cycle */
	rfm_coll_out_t cout;                /* their outputs */
	rfm_be_out_t be;                    /* the BACKEND's report */
	unsigned wq;                        /* words per warp register */
	/* counters */
	unsigned ncnt;                      /* all counters (RFM_CNT_N base first) */
	uint64_t cnt_q[RFM_TOP_MAXCNT];     /* registers */
	uint64_t cnt_d[RFM_TOP_MAXCNT];     /* this cycle's increments */
	uint64_t shadow[RFM_TOP_MAXCNT];    /* checker recount */
	const char *cnt_name[RFM_TOP_MAXCNT]; /* name stems */
	/* stimulus and checker */
	unsigned skw, skr;                  /* kernel the stimulus believes runs */
	uint64_t leaving;                   /* stimulus: warps whose extended set leaves this cycle */
	uint64_t launch_window;             /* last 1024-cycle phase that considered a relaunch, plus one */
	uint64_t refuse_window;             /* last drain phase that offered refused launches, plus one */
	unsigned refuse_left, refuse_next;  /* refused launches still to offer in it; next reason */
	int launch_intent;                  /* this cycle's launch as the stimulus chose it: 0 none, 1 one that
	                                     * fits, 2 one that breaks a rule; the verdict holds the model to it */
	uint32_t *gold;                     /* warps x regs golden registers */
	uint64_t *known;                    /* lanes of each golden register written since the launch */
	rfm_fly_t fly[RFM_TOP_MAXFLY];      /* instructions in flight */
	unsigned nfly;                      /* their number */
	uint8_t acc_now[RFM_MAXS];          /* issue k is taken by a collector this cycle */
	/* stimulus: write-backs the BACKEND refused (be.wrefused), offered again the next cycle */
	uint8_t wheld[RFM_MAXW];            /* port p holds one */
	unsigned whw[RFM_MAXW], whg[RFM_MAXW]; /* its warp and register */
	uint64_t whmask[RFM_MAXW];          /* its lanes */
	uint32_t *whdata[RFM_MAXW];         /* its value (wq words) */
} rfm_top_t;

/* Every part of every technique folder (cmodel/<technique>/parts.def, collected by the build), and
 * the part table (base/part_base.c) that lists them in table order. */
#define X(part) extern const rfm_part_t part;
#include "rfm_parts_all.def"
#undef X
extern const rfm_part_t *const rfm_part_table[];
extern const unsigned rfm_part_table_n;

/* The launch refusal reasons every LOCATE shares, first in its list (docs/semantics.md, "Kernel
 * launch"): the kernel's shape. A LOCATE's own reasons (its capacity rules) follow. */
enum { RFM_REFUSE_NO_WARPS, RFM_REFUSE_WARPS_OVER, RFM_REFUSE_NO_REGS, RFM_REFUSE_REGS_OVER, RFM_REFUSE_SHAPE_N };
/* Their coverage event names ("launch_refused_no_warps", ...). */
#define RFM_REFUSE_SHAPE_NAMES "launch_refused_no_warps", "launch_refused_warps_over", \
	"launch_refused_no_regs", "launch_refused_regs_over"
/* The shape rule warps x regs breaks (RFM_REFUSE_*), or -1: it has a shape. */
int rfm_refuse_shape(const rfm_cfg_t *c, unsigned warps, unsigned regs);
/* A shape reason's offending value does not fit its launch port (warps + 1 or regs + 1). */
int rfm_refuse_shape_na(const rfm_cfg_t *c, unsigned reason);
/* A LOCATE's fits: hit the coverage event of refusal reason why (-1: it fits); returns why < 0. */
int rfm_part_refused(struct rfm_top *t, const struct rfm_pinst *pi, int why);

/* Golden register (warp, reg): wq words. */
static inline uint32_t *rfm_top_gold(rfm_top_t *t, unsigned w, unsigned g)
{
	return t->gold + ((size_t)w * t->m.cfg->sm_regs_per_thread + g) * t->wq;
}
/* Known lanes of golden register (warp, reg). */
static inline uint64_t *rfm_top_known(rfm_top_t *t, unsigned w, unsigned g)
{
	return &t->known[(size_t)w * t->m.cfg->sm_regs_per_thread + g];
}
/* Location of (warp, reg) now, by the LOCATE (0, or an err/drop code; bank and row 0 then). */
static inline int rfm_top_where(rfm_top_t *t, unsigned w, unsigned g, unsigned *bank, unsigned *row)
{
	return t->locate->d->where(t, t->locate, w, g, bank, row);
}
/* The stimulus holds a refused write-back of (warp, reg) (reg -1: of any register of the warp;
 * -2: any write-back at all). */
static inline int rfm_top_held(const rfm_top_t *t, unsigned w, int g)
{
	unsigned p;
	for (p = 0; p < t->m.cfg->rf_write_ports; p++)
		if (t->wheld[p] && (g == -2 || (t->whw[p] == w && (g < 0 || t->whg[p] == (unsigned)g))))
			return 1;
	return 0;
}
/* Write-backs can be refused in this rf_top (wb<p>_ready_o exists): the BACKEND refuses some of
 * its own, or a part can force a bank hold. */
static inline int rfm_top_wb_refusable(const rfm_top_t *t)
{
	return t->backend->d->wb_refuse || t->m.cfg->d.bank_force;
}
/* Stimulus: launch a kernel of warps x regs (an ADMIT records launch_warps_i and launch_regs_i in
 * words 0 and 1 of its port indices). */
static inline void rfm_top_launch_set(rfm_top_t *t, unsigned warps, unsigned regs)
{
	rfm_set(&t->m, t->ix.lv, 1);
	rfm_set(&t->m, t->admit->ix[0], warps);
	rfm_set(&t->m, t->admit->ix[1], regs);
}
/* The banks whose hold is granted this cycle: every forced hold, and every other request unless a
 * write-back inside the kernel (valid, not outside it, not dropped) is offered to the bank, whether
 * or not the BACKEND performs it. Every BACKEND calls this; planted fault HOLD_IGNORES_WRITES grants
 * every request. */
static inline uint64_t rfm_top_hold_grant(const rfm_top_t *t)
{
	uint64_t wb = 0;
	unsigned p;
	if (t->m.mutate == RFM_FAULT_HOLD_IGNORES_WRITES)
		return t->hold_req | t->hold_force;
	for (p = 0; p < t->m.cfg->rf_write_ports; p++)
		if (t->wb[p].valid && !t->wb[p].err && !t->wb[p].drop)
			wb |= 1ull << t->wb[p].bank;
	return (t->hold_req & ~wb) | t->hold_force;
}
/* Write-back p is refused by a forced hold of its bank: inside the kernel, not dropped, and its bank
 * force-held this cycle (docs/semantics.md, "Bank holds"). Planted fault FORCE_LETS_WRITES: never. */
static inline int rfm_top_wb_forced(const rfm_top_t *t, unsigned p)
{
	const rfm_acc_t *a = &t->wb[p];
	return a->valid && !a->err && !a->drop && ((t->hold_force >> a->bank) & 1u) &&
	       t->m.mutate != RFM_FAULT_FORCE_LETS_WRITES;
}
/* Register (warp, reg) is a source of an instruction in flight. */
int rfm_top_in_flight(const rfm_top_t *t, unsigned warp, unsigned reg);
/* Hit coverage event ev of part pi. */
static inline void rfm_part_cov(rfm_top_t *t, const rfm_pinst_t *pi, unsigned ev) { rfm_cov_hit(&t->m, pi->cov0 + ev); }
/* Mark coverage event ev of part pi impossible in this config. */
static inline void rfm_part_cov_na(rfm_top_t *t, const rfm_pinst_t *pi, unsigned ev)
{
	rfm_cov_na(&t->m, pi->cov0 + ev);
}

/* rf_top's stimulus (top_golden.c; the model's ops->stim). */
void rfm_top_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle);
/* rf_top's checker: the verdict (unless switched off), then the bookkeeping (ops->check). */
int rfm_top_check(rfm_model_t *m, uint64_t cycle, FILE *err);
/* Pass an option to rf_top's parts (e.g. "width-dist" "full"; "verdict" "off"). 0: taken,
 * 1: nobody takes it, -1: bad value (message on err). m must be an rf_top. */
int rfm_top_option(rfm_model_t *m, const char *name, const char *value, FILE *err);

#ifdef __cplusplus
}
#endif

#endif /* RFM_PART_H */
