/* rfm_edram.h - the eDRAM approximate register file's cycle-level pieces (docs/edram.md): the
 * technology nodes of the paper's Table 1, the per-bank refresh controller, the segmentation gate
 * of a row's noncritical sub-word line, the wire shuffler, the deterministic decay overlay, and the
 * refresh energy and transistor-count accounting. Plain C with no model or config dependency, so
 * that rf_top's parts and the RTL's simulation-only overlay (through DPI-C) call the same code. */
#ifndef RFM_EDRAM_H
#define RFM_EDRAM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- technology nodes (the paper's Table 1) ---------------------------------------------------- */

enum { RFM_EDRAM_22NM, RFM_EDRAM_16NM, RFM_EDRAM_11NM, RFM_EDRAM_NODES };

typedef struct rfm_edram_node {
	const char *name;    /* "22nm", "16nm", "11nm" */
	unsigned read_fj;    /* read energy, fJ per access (taken per row access, docs/edram.md) */
	unsigned write_fj;   /* write energy, fJ per access */
	double leak_uw;      /* leakage, uW per bank */
	unsigned retention;  /* 3T1D cell retention in cycles: the nominal refresh period T0 */
} rfm_edram_node_t;

extern const rfm_edram_node_t rfm_edram_nodes[RFM_EDRAM_NODES];

/* ---- geometry and refresh parameters ---------------------------------------------------------- */

typedef struct rfm_edram_geom {
	unsigned banks;      /* banks of the file */
	unsigned rows;       /* rows per bank (one warp register per row) */
	unsigned lanes;      /* words per row */
	unsigned word_bits;  /* bits per word (1..32) */
	unsigned crit_bits;  /* upper bits of a word in the critical segment (1..word_bits - 1) */
	unsigned m;          /* refresh-counter width M (1..8): noncritical period 2^M sweeps */
	unsigned t0;         /* nominal refresh period (retention) in cycles */
	unsigned max_defer;  /* cycles a pending refresh may wait for an idle bank */
} rfm_edram_geom_t;

/* Refresh interval P = floor((T0 - max_defer) / rows), or 0 when T0 <= max_defer. */
unsigned rfm_edram_interval(const rfm_edram_geom_t *g);

/* 0 when g is legal, else -1 with the broken rule in why (P >= 2, max_defer < P, crit_bits in
 * 1..word_bits - 1, m in 1..8, every size at least 1). */
int rfm_edram_geom_check(const rfm_edram_geom_t *g, char *why, size_t n);

/* Bits of a word in the noncritical segment (the low word_bits - crit_bits bits). */
static inline unsigned rfm_edram_nc_bits(const rfm_edram_geom_t *g) { return g->word_bits - g->crit_bits; }

/* ---- refresh controller of one bank (docs/edram.md, "Refresh") -------------------------------- */

typedef struct rfm_edram_rctl {
	unsigned timer;      /* 0 .. P - 1; at P - 1 the next edge sets pending */
	unsigned rp;         /* row pointer: the next row refreshed */
	unsigned pending;    /* a refresh is due */
	unsigned defer;      /* cycles the pending refresh has waited */
	unsigned cnt;        /* M-bit counter, incremented when rp wraps */
} rfm_edram_rctl_t;

/* This cycle's refresh of a bank, from its registered state (combinational). */
typedef struct rfm_edram_rout {
	uint8_t issue;       /* row `row` is refreshed this cycle (REFRESH, WL[row]) */
	uint8_t forced;      /* it issues against an access of this cycle (defer reached max_defer) */
	uint8_t cnt_zero;    /* cnt == 0 (the noncritical sub-rows of approximate rows refresh) */
	unsigned row;        /* = rp */
} rfm_edram_rout_t;

/* Reset state of bank b: nothing pending, rp 0, cnt 0, the timer staggered to (b * P) / banks so
 * that the banks do not all refresh in one cycle. */
void rfm_edram_rctl_reset(const rfm_edram_geom_t *g, unsigned b, rfm_edram_rctl_t *q);
/* The refresh of this cycle: a pending refresh issues when busy (a normal access wants the bank) is
 * 0, or, forced, when it has waited max_defer cycles. */
void rfm_edram_rctl_comb(const rfm_edram_geom_t *g, const rfm_edram_rctl_t *q, int busy, rfm_edram_rout_t *o);
/* The clock edge: issue clears pending and moves rp (a wrap increments cnt mod 2^M), a waiting
 * refresh counts a cycle of deferral, the timer counts and at P - 1 sets pending. */
void rfm_edram_rctl_clock(const rfm_edram_geom_t *g, rfm_edram_rctl_t *q, const rfm_edram_rout_t *o);

/* The segmentation gate of one row (the paper's AND2 + OR3): the noncritical sub-word line follows
 * the word line unless a refresh finds the row approximate (flag 0) with cnt != 0. */
static inline int rfm_edram_swl_nc(int wl, int refresh, int flag, int cnt_zero)
{
	return wl && (!refresh || flag || cnt_zero);
}

/* ---- flags: which rows hold approximate values (the pipeline's side, kept out of the RTL) ------ */

/* 1 when opcode (a Fermi SASS mnemonic, optionally with modifiers after a dot: "FFMA.FTZ") is one
 * of the floating-point group: FFMA FADD FCMP FMUL FMNMX FSWZ FSET FSETP RRO MUFU DFMA DADD DMUL
 * DMNMX DSET DSETP and the immediate forms FADD32I FMUL32I FFMA32I. Conversions (F2F, F2I, I2F)
 * are not in it. */
int rfm_edram_fp_opcode(const char *opcode);

/* A retiring instruction's flag updates on rows (flag 1 precise, 0 approximate): an FP instruction
 * marks its source and destination rows approximate; any other sets its destination rows precise
 * and leaves its sources alone (a non-FP destination that is also a source ends precise). row -1:
 * no register. flags has one entry per row of the file. */
void rfm_edram_retire(uint8_t *flags, int fp, const int *src, unsigned nsrc, const int *dst, unsigned ndst);

/* ---- wire shuffler ---------------------------------------------------------------------------- */

/* Column of logical bit (lane l, bit b) in the critical array (b >= nc bits) or the noncritical one:
 * crit column l * crit_bits + (b - nc_bits), nc column l * nc_bits + b. */
void rfm_edram_shuffle(const rfm_edram_geom_t *g, const uint32_t *row, uint32_t *crit, uint32_t *nc);
void rfm_edram_unshuffle(const rfm_edram_geom_t *g, const uint32_t *crit, const uint32_t *nc, uint32_t *row);

/* ---- accounting ------------------------------------------------------------------------------- */

/* Refresh activity of a run (or a window): refresh operations (each restores a critical sub-row)
 * and noncritical sub-rows restored by them. */
typedef struct rfm_edram_acts {
	uint64_t refreshes;  /* refresh operations = critical sub-rows restored */
	uint64_t nc_rows;    /* noncritical sub-rows restored */
} rfm_edram_acts_t;

/* Refresh energy in fJ: a whole-row refresh costs one read plus one write of the node, a sub-row
 * the share of its bits (docs/edram.md, "Energy"). */
double rfm_edram_refresh_fj(const rfm_edram_geom_t *g, const rfm_edram_node_t *n, const rfm_edram_acts_t *a);
/* The same run on a precise eDRAM file: every refresh restores the whole row. */
double rfm_edram_precise_refresh_fj(const rfm_edram_geom_t *g, const rfm_edram_node_t *n, const rfm_edram_acts_t *a);

/* The paper's transistor-count estimate of the added logic against a bank's cells: per row a flag
 * (6T), an AND2 (6T) and an OR3 (8T), per bank an M-bit counter (12T per bit), against 3T per cell
 * (diodes and periphery not counted): (rows * 20 + 12 * M) / (rows * lanes * word_bits * 3). */
double rfm_edram_transistor_overhead(const rfm_edram_geom_t *g);

/* ---- deterministic decay overlay (docs/edram.md, "Decay") ------------------------------------ */

enum { RFM_DECAY_OFF, RFM_DECAY_PAPER, RFM_DECAY_RETENTION };
enum { RFM_RET_ZERO, RFM_RET_WORST, RFM_RET_STRESS };

typedef struct rfm_edram_decay rfm_edram_decay_t;

/* An overlay for geometry g: mode (off, paper: the paper's injection at every T0, retention: a
 * per-cell retention table), table (zero, worst, stress; retention mode), ber_ppb (bit error rate
 * over 2^M T0 in parts per 10^9; paper mode), seed, read_restores (a read restores like a refresh).
 * NULL when out of memory. */
rfm_edram_decay_t *rfm_edram_decay_create(const rfm_edram_geom_t *g, int mode, int table, uint64_t ber_ppb,
					  uint64_t seed, int read_restores);
void rfm_edram_decay_destroy(rfm_edram_decay_t *d);

/* Cycle now begins: paper mode injects its errors at every T0 (now > 0); flag(ctx, bank, row)
 * gives a row's flag (1 precise), only noncritical bits of approximate rows are hit. */
void rfm_edram_decay_tick(rfm_edram_decay_t *d, uint64_t now, int (*flag)(void *ctx, unsigned bank, unsigned row),
			  void *ctx);
/* The bits of word (bank, row, lane) that read as 0 at cycle now (lost, or decayed by age). */
uint32_t rfm_edram_decay_mask(const rfm_edram_decay_t *d, uint64_t now, unsigned bank, unsigned row, unsigned lane);
/* Edge events at cycle now: a write of the lanes in mask restores them; a refresh restores the
 * critical segment and, when nc, the noncritical one (what had decayed stays lost); a read
 * restores both segments when read_restores. */
void rfm_edram_decay_write(rfm_edram_decay_t *d, uint64_t now, unsigned bank, unsigned row, uint64_t mask);
void rfm_edram_decay_refresh(rfm_edram_decay_t *d, uint64_t now, unsigned bank, unsigned row, int nc);
void rfm_edram_decay_read(rfm_edram_decay_t *d, uint64_t now, unsigned bank, unsigned row);
/* Bits lost so far in the whole file, and (paper mode) the cells drawn so far, for reports. */
uint64_t rfm_edram_decay_lost_bits(const rfm_edram_decay_t *d);
uint64_t rfm_edram_decay_draws(const rfm_edram_decay_t *d);

/* The overlay's hash of cell c (splitmix64 finalizer, upper 32 bits) and its random stream. */
uint32_t rfm_edram_cell_hash(uint64_t seed, uint64_t c);

#ifdef __cplusplus
}
#endif

#endif /* RFM_EDRAM_H */
