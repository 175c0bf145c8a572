/* rfm_top_coal.h - rf_top with [coalescing] enable = on (cmodel/coalescing/top_coal.c): the coalescing back
 * end of the register file that the coalescing part (part_coal.c, the BACKEND slot of
 * cmodel/rfm_part.h) runs in place of the baseline banks, arbiter and crossbar. The
 * collector control (issue allocation, pending operands, dispatch round robin) keeps rf_collector's
 * rules and model (rfm_coll_comb / rfm_coll_clock; the RTL has the same rules in rf_top around
 * rf_coal_collector); top_coal.c supplies the grants and each operand's value, which the RTL
 * collects slice by slice through rf_subbank_xbar into rf_coal_collector.
 */
#ifndef RFM_TOP_COAL_H
#define RFM_TOP_COAL_H

#include "rfm_coal.h"
/* include rfm_models.h first (it has no single include guard) */

#ifdef __cplusplus
extern "C" {
#endif

/* Coalescing counters of rf_top, in port order (cnt_<name>_o). */
enum { RFM_TCO_BANK_ACC, RFM_TCO_COAL_RR, RFM_TCO_COAL_WW, RFM_TCO_COAL_RW, RFM_TCO_OCW, RFM_TCO_WB_STALL,
       RFM_TCO_ZG_WR, RFM_TCO_ZG_RD, RFM_TCO_SB_BYTES, RFM_TCO_N };
/* The zero-gating counters (the last three) exist when [coalescing] zero_gating is in_lane or
 * above (chapter 4 in rf_top): counters of a config = rfm_tco_ncnt(c). */
#define RFM_TCO_N_BASE RFM_TCO_ZG_WR
unsigned rfm_tco_ncnt(const rfm_cfg_t *c);
/* The counters: X(name stem, help), in port order. */
#define RFM_TCO_COUNTERS                                                                                          \
	X(bank_acc, "coalescing: banks with at least one grant, summed over cycles")                              \
	X(coal_rr, "coalescing: banks with two read grants (rd-rd coalesced)")                                    \
	X(coal_ww, "coalescing: banks with two write grants (wr-wr coalesced)")                                   \
	X(coal_rw, "coalescing: banks with a read and a write grant (rd-wr coalesced)")                           \
	X(ocw, "coalescing: collectors receiving a read grant (collector write cycles)")                          \
	X(wb_stall, "coalescing: write-backs refused (held by the requester)")                                    \
	X(zg_wr, "zero gating: bytes of the granted writes' sub-banks not written (inactive lanes, zero words)")  \
	X(zg_rd, "zero gating: bytes of the reads' sub-banks not read (zero words, no active lane), a cycle after the grant") \
	X(sb_bytes, "zero gating: bytes of the sub-banks granted, reads and writes (lanes per sub-bank)")
extern const char *const rfm_tco_cnt_names[RFM_TCO_N]; /* port name stems */
extern const char *const rfm_tco_cnt_help[RFM_TCO_N];  /* one line of meaning each */

#define RFM_TCO_CELLS (RFM_MAXB * 2 * RFM_MAXC) /* most request-matrix cells */

/* A write-back of this cycle as rf_top sees it after rf_map. */
typedef struct rfm_tco_wb {
	uint8_t valid;        /* wb<p>_valid_i inside the kernel */
	unsigned reg;         /* architected register (parity = reg) */
	unsigned bank, row;   /* its location */
	uint64_t mask;        /* lanes written */
	const uint32_t *data; /* lanes words (BI) */
} rfm_tco_wb_t;

/* The coalescing register file inside rf_top. */
typedef struct rfm_tco {
	const rfm_cfg_t *c;
	unsigned nb, noc, ops, lanes, rows, nwr, n; /* n = max(banks, collectors) */
	rfm_cw_dist_t dist;   /* stimulus width distribution (rfm_tco_set_dist, default fig3_3) */
	int full;             /* dist is "every value 4 bytes" */
	/* state */
	uint8_t *store;       /* banks x 4 x rows x lanes bytes: sub-bank k of bank b, row r, lane t */
	uint8_t *mb;          /* banks x rows: mask-buffer entry {sign, enc} (sign in bit 2) */
	unsigned pri_q;       /* wavefront priority diagonal */
	uint8_t odd_q[RFM_MAXQ], enc_q[RFM_MAXQ], sign_q[RFM_MAXQ]; /* per operand: captured side and code */
	/* zero gating (chapter 4; zg = zero_gating is in_lane or above) */
	int zg;
	unsigned zmode;       /* cfg->coalescing_zero_gating */
	unsigned ncnt;        /* counters: rfm_tco_ncnt */
	rfm_cz_entry_t *zmb;  /* banks x rows: zero-mask buffer entry */
	rfm_cz_entry_t zq[RFM_MAXQ];                /* per operand: entry captured at issue */
	uint64_t am_q[RFM_MAXC];                    /* per collector: active lanes captured at issue */
	rfm_cz_entry_t lk_z[RFM_MAXS][RFM_MAXOP];   /* this cycle's issue lookups (forwarded) */
	rfm_cz_entry_t wzold[RFM_MAXW], wznew[RFM_MAXW]; /* write: stored and new entry */
	uint64_t wbe[RFM_MAXW][4];      /* write: bytes written, per physical sub-bank (bit = lane) */
	uint64_t wfill[RFM_MAXW][4];    /* of those, written as 0x00 (B4 materialized zeros) */
	uint32_t *wphys[RFM_MAXW];      /* write: lanes words as stored (inactive lanes sign-filled, odd swapped) */
	uint64_t zrd_q, zrd_d;          /* bytes not read by the reads granted last cycle / this cycle */
	uint32_t *rd_q;       /* per operand: value of the read granted last cycle (lanes words, BI, filled) */
	/* this cycle: eval -> tick and check */
	rfm_ca_wr_t wr[RFM_MAXW];       /* write requests */
	unsigned wodd[RFM_MAXW];        /* their side */
	rfm_cw_code_t wold[RFM_MAXW];   /* stored code (old-value lookup) */
	rfm_cw_code_t wfin[RFM_MAXW];   /* final code after the merge */
	uint8_t wgnt[RFM_MAXW];         /* write granted */
	uint8_t wrdy[RFM_MAXW];         /* wb<p>_ready_o: no request or granted (a refused write is held) */
	uint8_t rd_valid[RFM_TCO_CELLS], rd_pmask[RFM_TCO_CELLS], rgnt[RFM_TCO_CELLS];
	int rd_op[RFM_TCO_CELLS];       /* operand (q) shown in each cell, or -1 */
	uint8_t lk_odd[RFM_MAXS][RFM_MAXOP], lk_sign[RFM_MAXS][RFM_MAXOP], lk_enc[RFM_MAXS][RFM_MAXOP];
	uint64_t hold;                  /* input: banks held this cycle (rfm_top_hold_grant; 0 outside rf_top) */
	uint64_t force;                 /* input: banks force-held: their write requests are refused */
	uint8_t wforced[RFM_MAXW];      /* write p is refused by a forced hold (no request reaches the arbiter) */
	unsigned nhold;                 /* cells a hold kept from the arbiter */
	uint64_t gnt;                   /* operands granted (bit q) */
	unsigned nconf, nwconf;         /* presented reads refused; of them, blocked by a write */
	uint64_t cnt_d[RFM_TCO_N];      /* this cycle's counts (rf_top's skeleton adds them up) */
	/* checker */
	uint64_t shadow[RFM_TCO_N];     /* recount */
	uint64_t zrec_q;                /* recount of the gated read bytes of the last cycle */
	uint64_t since[RFM_MAXQ];       /* cycle an operand became pending */
	uint8_t wseen[RFM_MAXQ];        /* a write was granted in its bank while it waited */
	uint8_t *ever;                  /* banks x rows: written since reset (a full-width run reads only these) */
	uint8_t stale[RFM_MAXQ];        /* a write to the operand's register was granted after its issue */
	unsigned scan;                  /* next register of the rotating mask-buffer check */
} rfm_tco_t;

/* New instance (NULL on no memory); stimulus widths fig3_3. */
rfm_tco_t *rfm_tco_create(const rfm_cfg_t *c);
/* Stimulus width distribution by name (fig3_3, full or P1,P2,P3,P4[,NEG]); -1 if not one. */
int rfm_tco_set_dist(rfm_tco_t *x, const char *name);
/* Free an instance (NULL is fine). */
void rfm_tco_destroy(rfm_tco_t *x);
/* Reset values. */
void rfm_tco_reset(rfm_tco_t *x);
/* Side (0 = R, even; 1 = L, odd) of register reg at row per [coalescing] parity. */
unsigned rfm_tco_odd(const rfm_cfg_t *c, unsigned reg, unsigned row);
/* One cycle's combinational part: write requests, the request matrix from the collectors' state,
 * the arbiter, the issue lookups (forwarding this cycle's granted writes). sb/se/reg: the issue
 * ports' operand locations and registers. mutate: a planted fault (RFM_FAULT_TOP_*, faults.def). */
void rfm_tco_eval(rfm_tco_t *x, const rfm_coll_t *u, const rfm_tco_wb_t *wb, const rfm_coll_in_t *cin,
		  const unsigned reg[RFM_MAXS][RFM_MAXOP], unsigned mutate);
/* Clock edge, first part: the collectors' edge inputs (grants, data of last cycle's reads). */
void rfm_tco_edge(rfm_tco_t *x, rfm_coll_edge_t *e);
/* Clock edge, second part (after rfm_coll_clock of the same edge): capture codes of allocated
 * units, latch this cycle's reads, write the banks and the mask buffer, counters, pri. */
void rfm_tco_tick(rfm_tco_t *x, const rfm_coll_t *u, const rfm_tco_wb_t *wb, const rfm_coll_in_t *cin,
		  unsigned mutate);

/* Checker (after eval, independent of the arbiter's wave): the ready handshake, the grants' claims
 * (disjoint sub-banks per bank, slices per collector, one grant per bank side, the oldest operand
 * of a cell), captured codes against the mask buffer, the every-value-full-width invariant, the
 * starvation bound, the counters (cnt_out: the counter outputs in port order); with zero gating the
 * captured zero-mask entries and the recount of the gated bytes. Sets in *cov bit 0..8: rd-rd,
 * wr-wr, rd-wr coalesced, a write-back refused, a packed collector write, a read byte gated, a
 * write byte gated as zero, a materialized zero written (B4), a read with inactive lanes. 0 = fine. */
int rfm_tco_check(rfm_tco_t *x, const rfm_coll_t *u, const rfm_tco_wb_t *wb, const uint8_t *wrdy,
		  const uint64_t *cnt_out, uint64_t cycle, FILE *err, unsigned *cov);
/* Zero-mask buffer entry of (bank, row) (zero gating on). */
static inline rfm_cz_entry_t rfm_tco_zentry(const rfm_tco_t *x, unsigned bank, unsigned row)
{
	return x->zmb[(size_t)bank * x->rows + row];
}
/* Byte (lane t, physical sub-bank ph) is zero by entry e: the group's R-bit (the mode's in the
 * static modes) picks word 4g + ph (R = 1, cross-lane) or lane t (R = 0). */
static inline unsigned rfm_tco_zbyte(unsigned mode, rfm_cz_entry_t e, unsigned t, unsigned ph)
{
	unsigned g = t / 4, r = rfm_cz_group_r(mode, e.r, g);
	return (unsigned)((e.zm >> (r ? 4 * g + ph : t)) & 1u);
}
/* Mask-buffer entry of (bank, row). */
static inline rfm_cw_code_t rfm_tco_code(const rfm_tco_t *x, unsigned bank, unsigned row)
{
	rfm_cw_code_t cd;
	cd.sign = x->mb[(size_t)bank * x->rows + row] >> 2;
	cd.enc = x->mb[(size_t)bank * x->rows + row] & 3u;
	return cd;
}

#ifdef __cplusplus
}
#endif

#endif /* RFM_TOP_COAL_H */
