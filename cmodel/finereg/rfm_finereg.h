/* rfm_finereg.h - FineReg's register management unit (docs/finereg.md): the reference semantics of
 * its state and of every operation it performs, one whole operation per call. The active-CTA
 * register file (ACRF: fixed CTA slots), the pending-CTA register file (PCRF: a tag array of
 * chained entries and a data array), the free-space monitor with its running count, the per-CTA
 * pointer table, the CTA status monitor (Table IV), the live-register bit-vector cache, and the
 * moves: eviction, restore, the swap of the extract's G5 order, launch, exit, the context-only
 * switch, and the write-back redirect of a pending CTA. A checker states the invariants.
 * Plain C with no model or config dependency: the cycle-level part and the RTL are compared with
 * this state after every completed operation. */
#ifndef RFM_FINEREG_H
#define RFM_FINEREG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- geometry ---------------------------------------------------------------------------------- */

enum {
	RFM_FR_MAX_WARPS = 32,  /* warps per CTA: the tag's 5-bit warp id */
	RFM_FR_MAX_REGS = 64,   /* registers per thread: the 64-bit live vector, 6-bit index */
	RFM_FR_MAX_WORDS = 32,  /* 32-bit words of one warp register (32 lanes x 32 bits) */
};

typedef struct rfm_fr_geom {
	unsigned pcrf_entries;  /* PCRF entries (warp registers), 1 .. 4096 */
	unsigned acrf_slots;    /* ACRF CTA slots: ACRF entries / (warps x regs), 1 .. ctas */
	unsigned ctas;          /* resident CTAs (pointer table and status lines), 1 .. 1024 */
	unsigned active_ctas;   /* CTAs whose context may be in the pipeline at once, 1 .. acrf_slots */
	unsigned warps;         /* warps per CTA, 1 .. RFM_FR_MAX_WARPS */
	unsigned regs;          /* registers per thread, 1 .. RFM_FR_MAX_REGS */
	unsigned words;         /* 32-bit words per warp register, 1 .. RFM_FR_MAX_WORDS */
	unsigned ptr_bits;      /* PCRF pointer width, clog2(pcrf_entries) .. 16; 0: clog2(pcrf_entries) */
	unsigned cta_warps;     /* warps per CTA the tags can name, warps .. RFM_FR_MAX_WARPS; 0: the
	                         * maximum (the paper's 5-bit warp id) */
} rfm_fr_geom_t;

/* 0 when g is legal, else -1 with the broken rule in why. */
int rfm_fr_geom_check(const rfm_fr_geom_t *g, char *why, size_t n);
/* Bits of a PCRF pointer: ptr_bits, or clog2(pcrf_entries) (at least 1) when it is 0. */
unsigned rfm_fr_ptr_bits(const rfm_fr_geom_t *g);
/* Bits of a live count: clog2(pcrf_entries + 1) (the extract's G3: the paper's 6 bits cannot count
 * a CTA's live registers). */
unsigned rfm_fr_count_bits(const rfm_fr_geom_t *g);
/* Bits of a tag's warp id: clog2(cta_warps) (at least 1), 5 when cta_warps is 0. */
unsigned rfm_fr_warp_bits(const rfm_fr_geom_t *g);

/* ---- storage (the paper's section V-F) -------------------------------------------------------- */

enum {
	RFM_FR_ST_STATUS,       /* CTA status monitor: context and register fields, 2 bits each */
	RFM_FR_ST_LRC,          /* live-register bit-vector cache: PC tag and vector (and a valid bit) */
	RFM_FR_ST_PTR,          /* pointer table: head pointer and live count per CTA */
	RFM_FR_ST_TAGS,         /* PCRF tags: next pointer, warp id, register index (valid, end) */
	RFM_FR_ST_FREE,         /* free-space monitor: a flag per entry and the running count */
	RFM_FR_ST_BUFFERS,      /* the engine's out buffer and in-buffer FIFO, a warp register each */
	RFM_FR_ST_SETS,         /* the engine's register sets (live, written): two bits per register of a CTA */
	RFM_FR_ST_N
};

/* One structure: the bits the tool builds and the bits of the paper's own accounting (0: the
 * paper does not count it). */
typedef struct rfm_fr_store {
	const char *name;       /* the structure */
	uint64_t bits;          /* the tool's bits: the formula of the geometry (docs/finereg.md) */
	uint64_t paper_bits;    /* the paper's formula at this geometry */
	const char *why;        /* one line on the difference (NULL: none) */
} rfm_fr_store_t;

/* The structures of the unit at geometry g with lrc_entries bit-vector cache entries and an in
 * buffer of in_depth registers (rfm_fr_eng_in_depth): st[RFM_FR_ST_N]. */
void rfm_fr_storage(const rfm_fr_geom_t *g, unsigned lrc_entries, unsigned in_depth, rfm_fr_store_t *st);

/* ---- the CTA status monitor (Table IV) --------------------------------------------------------- */

enum { RFM_FR_NONE = 0 };                        /* both fields: CTA not launched */
enum { RFM_FR_CTX_SHMEM = 1, RFM_FR_CTX_PIPE = 2 };  /* context: saved in shared memory, pipeline */
enum { RFM_FR_REG_PCRF = 1, RFM_FR_REG_ACRF = 2 };   /* registers: live ones in the PCRF, the ACRF */

/* One PCRF tag: valid, end, next pointer, warp id, register index (the paper's Fig. 11). */
typedef struct rfm_fr_tag {
	uint8_t valid;          /* the entry holds a live register of a pending CTA */
	uint8_t end;            /* the last entry of its CTA's chain */
	uint16_t next;          /* the next entry of the chain (0 on the last) */
	uint8_t wid;            /* warp index inside the CTA */
	uint8_t ridx;           /* architected register index */
} rfm_fr_tag_t;

/* One line of the pointer table: the head of a pending CTA's chain and its live count. */
typedef struct rfm_fr_ptr {
	uint16_t head;          /* first entry of the chain (meaningless when count is 0) */
	uint16_t count;         /* live registers in the PCRF */
} rfm_fr_ptr_t;

/* What a stall of an active CTA leads to (docs/finereg.md, "Decisions"). */
typedef enum rfm_fr_action {
	RFM_FR_STAY_NOTHING,    /* no pending CTA is ready and no new CTA is left: it stays */
	RFM_FR_CTX_SWITCH,      /* a ready CTA with its registers in the ACRF (1,2) takes its place */
	RFM_FR_SWAP,            /* a ready pending CTA (1,1) is swapped with it in its ACRF slot */
	RFM_FR_EVICT_LAUNCH,    /* it moves to the PCRF and a new CTA is launched into its slot */
	RFM_FR_STAY_DEPLETED,   /* the PCRF has no room for its live registers: it stays */
} rfm_fr_action_t;

/* Operation counts. */
typedef struct rfm_fr_counters {
	uint64_t launches;      /* CTAs launched */
	uint64_t exits;         /* CTAs finished */
	uint64_t evictions;     /* evictions (alone or as half of a swap) */
	uint64_t restores;      /* restores (alone or as half of a swap) */
	uint64_t swaps;         /* swaps */
	uint64_t ctx_switches;  /* context-only switches */
	uint64_t resumes;       /* (1,2) CTAs resumed into a free pipeline place */
	uint64_t depleted;      /* moves refused for want of PCRF entries */
	uint64_t moved_out;     /* warp registers written to the PCRF */
	uint64_t moved_in;      /* warp registers written back to the ACRF */
	uint64_t redirected;    /* write-backs to a pending CTA written into its PCRF entry */
	uint64_t dropped;       /* write-backs to a pending CTA's dead register, dropped */
	uint64_t lrc_hits;      /* bit-vector cache hits */
	uint64_t lrc_misses;    /* bit-vector cache misses (a fill from memory follows) */
} rfm_fr_counters_t;

/* The whole unit. */
typedef struct rfm_fr {
	rfm_fr_geom_t g;        /* geometry */
	rfm_fr_tag_t *tag;      /* [pcrf_entries] */
	uint32_t *pdata;        /* [pcrf_entries][words] PCRF data */
	uint8_t *occ;           /* [pcrf_entries] free-space monitor: 1 occupied, 0 empty */
	unsigned free_count;    /* running count of empty entries */
	rfm_fr_ptr_t *ptr;      /* [ctas] pointer table */
	uint8_t *ctx, *reg;     /* [ctas] status monitor fields */
	int *slot_of;           /* [ctas] the ACRF slot a CTA owns, -1 none */
	int *owner;             /* [acrf_slots] the CTA owning a slot, -1 free */
	uint32_t *adata;        /* [acrf_slots][warps][regs][words] ACRF data */
	rfm_fr_counters_t n;    /* counters */
} rfm_fr_t;

/* A unit with everything empty; NULL when g is illegal or memory runs out. */
rfm_fr_t *rfm_fr_create(const rfm_fr_geom_t *g);
void rfm_fr_destroy(rfm_fr_t *u);

/* Results of the operations: 0 done; RFM_FR_EDEPLETED refused for want of PCRF entries (nothing
 * changed but the depleted counter); RFM_FR_EILLEGAL the operation does not apply to that state
 * (a caller's bug, nothing changed). */
enum { RFM_FR_EDEPLETED = 1, RFM_FR_EILLEGAL = 2 };

/* ---- the live-register count -------------------------------------------------------------------- */

/* Live registers of a CTA whose warps have the live vectors bv[0 .. warps-1] (bits above regs
 * ignored). */
unsigned rfm_fr_live_count(const rfm_fr_t *u, const uint64_t *bv);

/* ---- operations (docs/finereg.md, "Operations") ---------------------------------------------- */

/* Launch CTA c into free ACRF slot s: its registers zero, status (2,2), or (1,2) with pipe 0 (the
 * pipeline's CTA slots are full: context in shared memory). */
int rfm_fr_launch(rfm_fr_t *u, unsigned c, unsigned s, int pipe);
/* CTA c finishes (status (2,2)): its slot freed, status (0,0). */
int rfm_fr_exit(rfm_fr_t *u, unsigned c);
/* Evict active CTA c (2,2): its live registers (ascending warp, then register) into the lowest
 * empty PCRF entries, chained in that order; pointer line set; slot freed; status (1,1). Refused
 * (RFM_FR_EDEPLETED) when free_count is below the live count. */
int rfm_fr_evict(rfm_fr_t *u, unsigned c, const uint64_t *bv);
/* Restore pending CTA c (1,1) into free slot s: its chain walked from the head, each register
 * written to the slot at (warp, index), each entry emptied; every other register of the slot
 * zero; status (2,2). */
int rfm_fr_restore(rfm_fr_t *u, unsigned c, unsigned s);
/* Swap active CTA sc (2,2, live vectors bv) with pending CTA pc (1,1) in sc's slot, in the G5 order
 * (docs/finereg.md, "Swap"). Admitted when free_count + count[pc] >= live count of sc, else
 * RFM_FR_EDEPLETED. After it: sc (1,1), pc (2,2) in sc's former slot. */
int rfm_fr_swap(rfm_fr_t *u, unsigned sc, const uint64_t *bv, unsigned pc);
/* Context-only switch: active CTA sc (2,2) leaves the pipeline (1,2), ready CTA pc (1,2) enters it
 * (2,2); no register moves. */
int rfm_fr_ctx_switch(rfm_fr_t *u, unsigned sc, unsigned pc);

/* Resume CTA c (1,2) into a free pipeline place (its context restored): (2,2); no register moves. */
int rfm_fr_resume(rfm_fr_t *u, unsigned c);

/* ---- register access ---------------------------------------------------------------------------- */

/* Write warp register (w, r) of CTA c (data: words words). A CTA in the ACRF is written in its
 * slot; a pending CTA's live register is written in its PCRF entry (the write-back of a load that
 * was in flight when it was evicted, the extract's G1); its dead registers drop the write. */
int rfm_fr_write(rfm_fr_t *u, unsigned c, unsigned w, unsigned r, const uint32_t *data);
/* Read warp register (w, r) of a CTA whose registers are in the ACRF into data. */
int rfm_fr_read(const rfm_fr_t *u, unsigned c, unsigned w, unsigned r, uint32_t *data);

/* ---- the decision on a stall (the paper's section V-E and the extract's G6 to G8) ------------- */

/* What a stall of active CTA s leads to: a ready (1,2) CTA first, then a ready (1,1) CTA (the
 * lowest-numbered of each class, ready[c] nonzero), admitted when free_count + its count >= the
 * stalled CTA's live count; with no ready CTA, an eviction when a new CTA is left (new_left) and
 * free_count >= the live count. *pick: the chosen CTA (-1 none). */
rfm_fr_action_t rfm_fr_decide(const rfm_fr_t *u, unsigned s, const uint64_t *bv, const uint8_t *ready,
	int new_left, int *pick);

/* ---- the live-register bit-vector cache -------------------------------------------------------- */

/* Direct mapped: entry (pc >> shift) mod entries holds a full PC tag and a 64-bit vector. */
typedef struct rfm_fr_lrc {
	unsigned entries;       /* a power of two, 1 .. 1024 */
	unsigned shift;         /* PC bits below the index (3: instructions of 8 bytes) */
	uint8_t *valid;         /* [entries] */
	uint32_t *pc;           /* [entries] tags: the whole PC */
	uint64_t *bv;           /* [entries] vectors */
} rfm_fr_lrc_t;

/* 0, or -1 when entries is not a power of two in 1 .. 1024 or memory runs out. */
int rfm_fr_lrc_init(rfm_fr_lrc_t *c, unsigned entries, unsigned shift);
void rfm_fr_lrc_free(rfm_fr_lrc_t *c);
/* The entry index of pc. */
unsigned rfm_fr_lrc_index(const rfm_fr_lrc_t *c, uint32_t pc);
/* 1 and *bv on a hit (valid and the tag equals pc), else 0. Counts in *n when n is not NULL. */
int rfm_fr_lrc_lookup(const rfm_fr_lrc_t *c, uint32_t pc, uint64_t *bv, rfm_fr_counters_t *n);
/* The fill after a miss: the entry of pc takes pc and bv (the old block overwritten). */
void rfm_fr_lrc_fill(rfm_fr_lrc_t *c, uint32_t pc, uint64_t bv);

/* ---- the cycle-level engine (engine.c; docs/finereg.md, "Engine") ------------------------------- */

/* The moves of an operation, in two queues that each start their head at most once a cycle (the
 * ACRF queue: ARD, AWR, AZERO; the PCRF queue: PWR, PRD; docs/finereg.md, "Engine"):
 *   ARD  (w, r): the ACRF register read into the out buffer, at an edge where its bank is held;
 *   PWR  e: the out buffer written into PCRF entry e, one beat per cycle (its tag with it);
 *   PRD  e: PCRF entry e read into the in buffer (a FIFO) and emptied, one read per beat, the data
 *         usable pcrf_lat - 1 cycles after the last;
 *   AWR  (w, r): the in buffer's oldest register written into the ACRF register, at an edge where
 *         its bank is held;
 *   AZERO (w, r): zero written into the ACRF register; the zeros close every plan and are written
 *         in parallel: one in every held bank that has one left. */
typedef enum rfm_fr_uop_kind { RFM_FR_ARD, RFM_FR_PWR, RFM_FR_PRD, RFM_FR_AWR, RFM_FR_AZERO } rfm_fr_uop_kind_t;

typedef struct rfm_fr_uop {
	uint8_t kind;           /* rfm_fr_uop_kind_t */
	uint8_t w, r;           /* the ACRF register (ARD, AWR, AZERO; PWR: the tag's warp and index) */
	uint16_t e;             /* the PCRF entry (PWR, PRD) */
} rfm_fr_uop_t;

/* The operations the engine performs (the others, exit, the context-only switch and resume,
 * move no register and stay whole operations of rmu.c). */
typedef enum rfm_fr_op { RFM_FR_OP_IDLE, RFM_FR_OP_LAUNCH, RFM_FR_OP_EVICT, RFM_FR_OP_RESTORE, RFM_FR_OP_SWAP } rfm_fr_op_t;

enum { RFM_FR_IN_MAX = 65 };  /* most in-buffer registers: rfm_fr_eng_in_depth(64, 1) */

typedef struct rfm_fr_eng_cfg {
	unsigned pcrf_lat;      /* cycles a one-beat PCRF read takes until its data are usable, 4 .. 64
	                         * (the paper: at least 4) */
	unsigned beat_words;    /* 32-bit words a PCRF beat carries, a divisor of the register's words */
	unsigned banks;         /* ACRF banks, 1 .. 64 */
	/* the ACRF bank of register (w, r) of slot s, below banks */
	unsigned (*bank)(void *ctx, unsigned s, unsigned w, unsigned r);
	void *ctx;              /* bank's first argument */
} rfm_fr_eng_cfg_t;

/* Engine counts. */
typedef struct rfm_fr_eng_counters {
	uint64_t busy;          /* cycles with an operation in progress */
	uint64_t hold_waits;    /* cycles an ACRF micro-operation waited for its bank */
	uint64_t acrf_reads, acrf_writes;  /* ACRF registers read; written (zeros included) */
	uint64_t pcrf_reads, pcrf_writes;  /* PCRF entries read; written */
	uint64_t ops;           /* operations completed */
} rfm_fr_eng_counters_t;

typedef struct rfm_fr_eng {
	rfm_fr_t *u;            /* the unit whose state the moves change */
	rfm_fr_eng_cfg_t cfg;
	rfm_fr_op_t op;         /* the operation in progress (IDLE: none) */
	unsigned a, b, slot;    /* its CTAs (a: launched, evicted, restored, or the swap's stalled one;
	                         * b: the swap's pending one) and the ACRF slot */
	int pipe;               /* launch: the context in the pipeline */
	rfm_fr_uop_t *plan;     /* its micro-operations, in order */
	unsigned nplan;         /* their number */
	unsigned at;            /* the next ACRF micro-operation (ARD, AWR, AZERO) to start */
	unsigned pat;           /* the next PCRF micro-operation (PWR, PRD) to start */
	uint64_t now;           /* cycles since the operation started */
	uint64_t port_free;     /* the first cycle the PCRF port is free */
	int rd_busy;            /* an ARD's register is in its bank's read register ... */
	uint64_t rd_at;         /* ... read at the edge of this cycle (into the out buffer at the next) */
	uint32_t rdreg[RFM_FR_MAX_WORDS]; /* ... with these words */
	int obuf_full;          /* the out buffer holds a register no PWR has taken yet */
	uint64_t obuf_free;     /* the out buffer can be loaded at the edge of this cycle or later */
	int pwr_busy;           /* a PWR is sending its beats ... */
	uint64_t pwr_end;       /* ... the last in this cycle, */
	rfm_fr_uop_t pwr;       /* ... this one, */
	uint32_t wbuf[RFM_FR_MAX_WORDS]; /* ... with these words */
	struct rfm_fr_inslot {  /* the in buffer, a FIFO of registers read by PRDs */
		unsigned e;         /* the entry */
		uint64_t take, ready; /* read out of the PCRF (and the entry emptied) at the edge of cycle
		                     * take; usable by its AWR after the edge of cycle ready */
		int taken;
		uint32_t data[RFM_FR_MAX_WORDS];
	} in[RFM_FR_IN_MAX];
	unsigned in_depth, in_head, in_count; /* its depth (rfm_fr_eng_in_depth), head, fill */
	unsigned *order;        /* PCRF entries written, in order: the new chain */
	uint8_t *zdone;         /* [plan]: the zero of that micro-operation is written */
	unsigned nord;
	uint32_t obuf[RFM_FR_MAX_WORDS]; /* the out buffer */
	rfm_fr_eng_counters_t n;
	unsigned fault;         /* a planted fault (RFM_FR_EF_*; 0 none), for the tests that must catch it */
} rfm_fr_eng_t;

/* Faults the engine's tests plant (test_finereg_engine.c shows each caught). */
enum {
	RFM_FR_EF_SWAP_NO_DST = 1,  /* the swap moves out the lowest unmoved register, never the one the
	                             * incoming register overwrites (the G5 hazard) */
	RFM_FR_EF_HOLD_IGNORED,     /* ACRF micro-operations do not wait for their bank */
	RFM_FR_EF_WALK_SHORT,       /* the restore's chain walk stops one entry early */
	RFM_FR_EF_OBUF_OVERRUN,     /* an ARD starts whenever the bank's read register is empty, so its
	                             * register can replace one in the out buffer no PWR has sent */
};

enum { RFM_FR_EBUSY = 3 };  /* an operation is already in progress: nothing changed */

/* The in buffer's depth: ceil((pcrf_lat + beats - 1) / beats) + 1 registers, just enough for a
 * PCRF read every `beats` cycles while each waits pcrf_lat + beats - 1 cycles for its data. */
unsigned rfm_fr_eng_in_depth(unsigned pcrf_lat, unsigned beats);
/* 0, or -1 when cfg is illegal for u's geometry (why says which rule) or memory runs out. */
int rfm_fr_eng_init(rfm_fr_eng_t *e, rfm_fr_t *u, const rfm_fr_eng_cfg_t *cfg, char *why, size_t n);
void rfm_fr_eng_free(rfm_fr_eng_t *e);
/* Start an operation: the same legality and admission as rmu.c's whole operation (and the same
 * result codes, RFM_FR_EBUSY when one is in progress); nothing changes but the plan and, on a
 * refusal for want of entries, the depleted counter. The state changes micro-operation by
 * micro-operation from the next cycle; at the end it equals the whole operation's. */
int rfm_fr_eng_launch(rfm_fr_eng_t *e, unsigned c, unsigned s, int pipe);
int rfm_fr_eng_evict(rfm_fr_eng_t *e, unsigned c, const uint64_t *bv);
int rfm_fr_eng_restore(rfm_fr_eng_t *e, unsigned c, unsigned s);
int rfm_fr_eng_swap(rfm_fr_eng_t *e, unsigned sc, const uint64_t *bv, unsigned pc);
/* This cycle's bank hold request (bit b: bank b): the bank of the ACRF queue's head when it can
 * start this cycle; once only zeros are left, every bank with a zero to write. */
uint64_t rfm_fr_eng_hold(const rfm_fr_eng_t *e);
/* What a cycle with these granted holds does (the next rfm_fr_eng_cycle with them), the state
 * unchanged: the micro-operations that start, the zeros written. */
typedef struct rfm_fr_eng_act {
	int pcrf;               /* a PCRF micro-operation starting (RFM_FR_PWR, RFM_FR_PRD; -1 none) ... */
	unsigned pentry;        /* ... on this entry */
	int acrf;               /* an ACRF one (RFM_FR_ARD, RFM_FR_AWR; RFM_FR_AZERO: zeros written; -1
	                         * none) ... */
	unsigned w, r;          /* ... of this register (ARD, AWR) */
	uint64_t zbanks;        /* the banks a zero is written in */
	unsigned zplan[64];     /* per such bank, the plan entry of its zero */
	int wait;               /* the ACRF queue's head waited for its bank (a hold wait) */
} rfm_fr_eng_act_t;
void rfm_fr_eng_decide(const rfm_fr_eng_t *e, uint64_t hold_gnt, rfm_fr_eng_act_t *a);
/* 1 when the operation ends at the edge of the cycle a was decided for (the next rfm_fr_eng_cycle
 * with its holds returns 1), the state unchanged. */
int rfm_fr_eng_ends(const rfm_fr_eng_t *e, const rfm_fr_eng_act_t *a);
/* One clock edge with this cycle's granted holds: 1 when the operation completed at this edge. */
int rfm_fr_eng_cycle(rfm_fr_eng_t *e, uint64_t hold_gnt);
/* 1 while CTA c's registers are being moved (its write-backs wait: docs/finereg.md, "Engine"). */
int rfm_fr_eng_moving(const rfm_fr_eng_t *e, unsigned c);

/* ---- the controller (ctl.c; docs/finereg.md, "Controller") ------------------------------------ */

/* One cycle's inputs: the scheduler's and the memory system's view of the CTAs. */
typedef struct rfm_fr_ctl_in {
	const uint8_t *stall;   /* [acrf_slots x warps]: warp w of the CTA in slot s waits (on memory) */
	const uint32_t *pc;     /* [acrf_slots x warps]: its PC (unchanged while it waits) */
	const uint8_t *ready;   /* [ctas]: every warp of an inactive CTA could issue again */
	const uint8_t *exit;    /* [acrf_slots]: the CTA in slot s finished (taken when it is active and not moving) */
	int new_left;           /* a CTA of the grid is waiting to be launched */
	int fill_valid;         /* the bit-vector fill port: memory returns the vector of fill_pc */
	uint32_t fill_pc;
	uint64_t fill_bv;
	uint64_t hold_gnt;      /* this cycle's granted bank holds */
} rfm_fr_ctl_in_t;

typedef enum rfm_fr_ctl_state {
	RFM_FR_CTL_IDLE,        /* looking for something to do */
	RFM_FR_CTL_LOOKUP,      /* the stalled CTA's vectors, one warp a cycle, from the cache */
	RFM_FR_CTL_MISS,        /* waiting for the fill of a missed vector */
	RFM_FR_CTL_DECIDE,      /* the decision on the stall (rfm_fr_decide) */
	RFM_FR_CTL_MOVE,        /* the engine runs an operation */
} rfm_fr_ctl_state_t;

typedef struct rfm_fr_ctl_counters {
	uint64_t stall_events;  /* active CTAs found with every warp stalled (lookups started) */
	uint64_t stall_gone;    /* lookups dropped: a warp could issue again, or the CTA left */
	uint64_t stays;         /* decisions to stay (depleted, or nothing to switch to) */
	uint64_t depletion_cycles; /* cycles a CTA that stayed for want of PCRF entries stays stalled */
	uint64_t bv_bytes;      /* bytes of bit vectors fetched from memory: 8 per miss */
} rfm_fr_ctl_counters_t;

typedef struct rfm_fr_ctl {
	rfm_fr_t *u;            /* the unit */
	rfm_fr_eng_t e;         /* its engine */
	rfm_fr_lrc_t lrc;       /* its bit-vector cache */
	rfm_fr_ctl_state_t st;
	unsigned s, c, w;       /* the slot, CTA and warp being looked up */
	uint64_t bv[RFM_FR_MAX_WARPS]; /* the vectors looked up so far */
	uint32_t miss_pc;       /* the PC whose vector is missing */
	int gone;               /* the stall ended while the miss was served: drop the lookup at the fill */
	uint8_t *stayed;        /* [acrf_slots]: 0, or 1 + the action its CTA stayed with */
	uint64_t *stay_key;     /* [acrf_slots]: the decision's inputs when it stayed */
	rfm_fr_ctl_counters_t n;
	int no_switch;          /* no stall is looked up or decided on: CTAs launch and finish only (the
	                         * baseline of the synthetic benchmark) */
	unsigned fault;         /* a planted fault (RFM_FR_CF_*; 0 none) */
} rfm_fr_ctl_t;

/* Faults the controller's tests plant (test_finereg_ctl.c shows each caught). */
enum {
	RFM_FR_CF_ONE_PC = 1,   /* every warp's vector looked up at warp 0's PC */
	RFM_FR_CF_NO_RETRY,     /* a CTA that stayed is never decided on again */
	RFM_FR_CF_STALE_LOOKUP, /* a lookup goes on after a miss although a warp issued meanwhile */
};

/* What one cycle of the controller does (the next rfm_fr_ctl_cycle with the same inputs), the state
 * unchanged. At most one of resume, op, csw and stay; look with none of them. */
typedef struct rfm_fr_ctl_act {
	int exit_slot;          /* the slot whose CTA finishes at the edge (-1 none) ... */
	unsigned exit_cta;      /* ... and its CTA */
	int exit_waits;         /* an exit was due but this cycle's writes took the ports */
	int resume;             /* IDLE: the (1,2) CTA resumed into the pipeline (-1 none) */
	int op;                 /* an engine operation starting (RFM_FR_OP_LAUNCH .. RFM_FR_OP_SWAP; -1 none) */
	unsigned a, b, slot;    /* its CTA (a swap: the stalled one), a swap's pending CTA, its slot */
	int pipe;               /* a launch's context goes into the pipeline */
	int csw;                /* DECIDE: a context-only switch, stalled CTA a out, b in */
	int stay;               /* DECIDE: the CTA stays (0 none, else 1 + RFM_FR_STAY_*) */
	int look;               /* IDLE: a lookup starts on this slot (a stall event; -1 none) */
	int hit;                /* LOOKUP: 1 hit, 0 miss, -1 no lookup this cycle */
	uint32_t pc;            /* LOOKUP: the PC looked up */
	uint64_t bv;            /* a vector known this cycle (a hit's, or the fill's) */
	int fill;               /* MISS: the fill of the missed PC arrives */
	int drop;               /* the lookup or the decision is dropped (the stall ended) */
	int gone;               /* MISS: the stall has ended (now or earlier) */
	unsigned depl_slots;    /* slots that stayed for want of entries and still stall (depletion cycles) */
	int done;               /* MOVE: the engine's operation ends at the edge */
	rfm_fr_eng_act_t eng;   /* MOVE: the engine's cycle */
} rfm_fr_ctl_act_t;

/* 0, or -1 (why) when the engine's config or the cache's entries are illegal, or memory runs out. */
int rfm_fr_ctl_init(rfm_fr_ctl_t *k, rfm_fr_t *u, const rfm_fr_eng_cfg_t *eng, unsigned lrc_entries, char *why,
	size_t n);
void rfm_fr_ctl_free(rfm_fr_ctl_t *k);
/* This cycle's bank hold request (the engine's). */
uint64_t rfm_fr_ctl_hold(const rfm_fr_ctl_t *k);
/* 1 and *pc while a missed vector is requested from memory (until its fill arrives). */
int rfm_fr_ctl_miss(const rfm_fr_ctl_t *k, uint32_t *pc);
/* This cycle's actions on these inputs, the state unchanged. */
void rfm_fr_ctl_decide(const rfm_fr_ctl_t *k, const rfm_fr_ctl_in_t *in, rfm_fr_ctl_act_t *a);
/* One clock edge. */
void rfm_fr_ctl_cycle(rfm_fr_ctl_t *k, const rfm_fr_ctl_in_t *in);

/* ---- a synthetic stall model (workload.c; docs/finereg.md, "Synthetic workload") ------------- */

/* Warps that issue for a while, then wait on memory, a number of times, then finish; their PCs
 * walk a loop of kernel_len instructions with `loads` loads evenly spaced in it (a warp waits at
 * the first load at or after the end of its run of issue), and the live vector of a PC is a fixed
 * pseudo-random function of it. It plays the scheduler and the memory system around the
 * controller. */
typedef struct rfm_fr_wl_cfg {
	unsigned grid;          /* CTAs of the grid */
	unsigned waits;         /* memory waits of each warp before its last run of issue */
	unsigned issue_min, issue_max; /* cycles a warp issues before it waits (or finishes) */
	unsigned mem_min, mem_max;     /* cycles a wait lasts */
	unsigned kernel_len;    /* instructions in the loop the PCs walk (8 bytes each) */
	unsigned loads;         /* loads in the loop, 1 .. kernel_len: the PCs where warps wait */
	unsigned density;       /* chance, in 16ths, that a register is live at a PC */
	unsigned bv_lat;        /* cycles from a vector miss to its fill */
	uint64_t seed;
} rfm_fr_wl_cfg_t;

typedef struct rfm_fr_wl_warp {
	uint8_t state;          /* 0 issues, 1 waits, 2 finished */
	unsigned timer, done_waits;
	uint32_t pc;
} rfm_fr_wl_warp_t;

/* A write-back this cycle: the load of warp w of CTA line c returned into register r. */
typedef struct rfm_fr_wl_wb {
	unsigned c, w, r;
} rfm_fr_wl_wb_t;

typedef struct rfm_fr_wl {
	rfm_fr_wl_cfg_t cfg;
	const rfm_fr_t *u;
	rfm_fr_wl_warp_t *warp; /* [ctas x warps], by status line */
	uint8_t *launched;      /* [ctas]: the line held a launched CTA at the last tick */
	uint8_t *stall, *ready, *exit; /* the controller's inputs */
	uint32_t *pc;
	unsigned started, finished; /* CTAs of the grid launched, finished */
	uint64_t rng;
	int fill_pending;       /* a miss being served */
	uint32_t fill_pc;
	unsigned fill_timer;
	rfm_fr_wl_wb_t *wb;     /* [ctas x warps]: this cycle's write-backs */
	unsigned nwb;
	uint64_t cycles, resident_sum, active_sum; /* for averages over the run */
} rfm_fr_wl_t;

/* 0, or -1 when memory runs out or the cfg is empty (grid 0, kernel_len 0, a max below its min). */
int rfm_fr_wl_init(rfm_fr_wl_t *l, const rfm_fr_t *u, const rfm_fr_wl_cfg_t *cfg);
void rfm_fr_wl_free(rfm_fr_wl_t *l);
/* The live vector of pc (bits below the unit's registers). */
uint64_t rfm_fr_wl_bv(const rfm_fr_wl_t *l, uint32_t pc);
/* This cycle's inputs to the controller k (stall, PCs, ready, exits, new CTAs, the fill port); hold
 * grants are the caller's. Lists this cycle's write-backs in l->wb (none to a CTA being moved: its
 * load returns a cycle later). */
void rfm_fr_wl_inputs(rfm_fr_wl_t *l, const rfm_fr_ctl_t *k, rfm_fr_ctl_in_t *in);
/* The clock edge after the controller's: warps of active CTAs issue, waits run down, lines that
 * were launched start their warps, the miss is served. */
void rfm_fr_wl_tick(rfm_fr_wl_t *l, const rfm_fr_ctl_t *k);

/* ---- the checker (docs/finereg.md, "Invariants") ------------------------------------------------ */

/* 0 when every invariant of the state at rest holds, else -1 with the first broken one in why:
 * the free count equals the empty entries; each pending CTA's chain visits exactly count distinct
 * valid entries, End only on the last, no entry in two chains, no occupied entry outside every
 * chain; every status is one of (0,0), (2,2), (1,2), (1,1); register field 2 if and only if the
 * CTA owns exactly one slot (and the slot names it back); at most active_ctas CTAs in the
 * pipeline. */
int rfm_fr_check(const rfm_fr_t *u, char *why, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* RFM_FINEREG_H */
