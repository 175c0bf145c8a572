/* coal_datapath.c - models of the coalescing-aware register file's data path (Radaideh,
 * dissertation 2020, ch. 3, sections 3.6.2.4, 3.6.2.6, 3.6.2.7; docs/coalescing.md):
 *
 *   rf_dual_bank       one bank: 4 sub-banks (sub-bank k holds byte k of every lane, thread-
 *                      interleaved), each driven by the left request (odd registers) when its
 *                      mask holds k, else by the right request (even registers), else idle
 *   rf_subbank_xbar    4 crossbars, one per sub-bank position: slice k of every collector's
 *                      write bus comes from slice k of one bank
 *   rf_coal_collector  collector operand buffers written through four separately enabled slices,
 *                      and the dispatch format: unswap odd registers, sign fill, TI -> BI wiring
 *
 * Formats (rfm_coal.h): a warp value of W lanes is W 32-bit words. TI byte (t, k) is byte index
 * W*k + t, so TI slice k is bytes [W*k, W*k + W) = words [k*W/4, (k+1)*W/4) (W is a multiple of 4
 * under rule h). BI byte (t, k) is byte index 4t + k.
 */
#include <stdlib.h>

#include "rfm_blocks.h"
#include "rfm_coal.h"
#include "rfm_fault_ids.h"

#define NSB 4      /* sub-banks of a bank = bytes of a lane = collector write slices */
#define DP_MAXC 16 /* most collectors (sm.collectors) */
#define DP_MAXO 3  /* most operands (sm.operands) */
#define DP_MAXB 32 /* most banks (rf.banks) */
#define DP_MAXW 64 /* most words of a warp value (rf.lanes) */

/* ---- shared helpers ---------------------------------------------------------------------------- */

/* Byte b (byte index, least significant first) of a word array. */
static unsigned byte_get(const uint32_t *v, unsigned b) { return (v[b >> 2] >> (8u * (b & 3u))) & 0xffu; }

static void byte_put(uint32_t *v, unsigned b, unsigned x)
{
	unsigned s = 8u * (b & 3u);
	v[b >> 2] = (v[b >> 2] & ~(0xffu << s)) | ((x & 0xffu) << s);
}

/* BI -> TI, then the physical alignment: an odd register's TI slices in reverse order. */
static void dp_bi_to_phys(const uint32_t *bi, uint32_t *ti, unsigned lanes, unsigned odd)
{
	unsigned t, k;
	for (k = 0; k < NSB; k++)
		for (t = 0; t < lanes; t++)
			byte_put(ti, lanes * (odd ? NSB - 1 - k : k) + t, byte_get(bi, NSB * t + k));
}

/* Width code of a warp value, every lane active: sign = OR of the lanes' bit 31; the width is the
 * smallest w such that every lane's bytes w..3 equal the sign fill. (A second formulation of
 * rfm_cw_detect's OR / NAND reductions and thermometer, for the stimulus and the checkers.) */
static rfm_cw_code_t dp_code(const uint32_t *v, unsigned lanes)
{
	rfm_cw_code_t c = {0, 0};
	unsigned t, k, w = 1, fill;
	for (t = 0; t < lanes; t++)
		c.sign |= v[t] >> 31;
	fill = c.sign ? 0xffu : 0u;
	for (t = 0; t < lanes; t++)
		for (k = NSB - 1; k > 0; k--)
			if (((v[t] >> (8u * k)) & 0xffu) != fill) {
				if (k + 1 > w)
					w = k + 1;
				break;
			}
	c.enc = w - 1;
	return c;
}

/* A random warp value of width w (1..4; 0: any width from the fig3_3 mix), now and then of mixed
 * sign (full width, sign bit 1). */
static void dp_value(rfm_rng_t *r, unsigned w, uint32_t *v, unsigned lanes)
{
	rfm_cw_dist_t d = {{0, 0, 0, 0}, 50};
	if (w == 0) {
		if (rfm_rng_chance(r, 1, 8)) {
			rfm_rng_fill(r, v, 32 * lanes);
			return;
		}
		rfm_cw_sample(r, &rfm_cw_dist_fig3_3, v, lanes);
		return;
	}
	d.pct[w - 1] = 100;
	rfm_cw_sample(r, &d, v, lanes);
}

/* ---- rf_dual_bank -------------------------------------------------------------------------------- */

enum { SIDE_R = 0, SIDE_L = 1 };
static const char *const side_name[2] = {"rr", "lr"};
static const char *const side_help[2] = {"right request: even registers, right-aligned",
					 "left request: odd registers, byte-swapped"};

typedef struct db_ix {
	unsigned clk, rst;
	unsigned en[2], we[2], row[2], pmask[2], wdata[2], bwe[2]; /* per side: R, L */
	unsigned rdata, rvalid, acc;
} db_ix_t;

enum {
	DB_RD_R, DB_RD_L, DB_WR_R, DB_WR_L, DB_RDRD, DB_WRWR, DB_RDWR, DB_PAPER, DB_PARTIAL, DB_FULL, DB_GATED,
	DB_RD_WRITTEN, DB_HOLD, DB_SAME_ROW, DB_N
};
static const char *const db_names[DB_N] = {
	"read_right", "read_left", "write_right", "write_left", "coalesced_read_read", "coalesced_write_write",
	"coalesced_read_write", "paper_r2_read_r3_write", "partial_byte_write", "full_width_access",
	"gated_subbank_beside_access", "read_of_written_row", "unread_subbank_holds_data", "both_sides_same_row"};

typedef struct rfm_db {
	rfm_model_t m;
	db_ix_t ix;
	unsigned W;        /* lanes = bytes per sub-bank row */
	unsigned sw;       /* words per sub-bank row: W / 4 */
	unsigned rows;     /* rows (rf.entries) */
	uint32_t *mem;     /* [NSB][rows][sw]: the sub-bank arrays */
	uint32_t *rdata_q; /* NSB * sw words: the read latches */
	unsigned rvalid_q; /* sub-banks read at the last edge */
	/* checker: a shadow of the arrays, kept byte by byte from the inputs */
	uint8_t *shadow;   /* [NSB][rows][W] */
	uint8_t *written;  /* [NSB][rows]: written since reset (coverage) */
	uint8_t *exp;      /* [NSB][W]: what the reads of the last edge return */
	unsigned exp_rd;   /* sub-banks read at the last edge */
	uint32_t *prev;    /* rdata_o of the last cycle */
	/* stimulus */
	unsigned hot[4];   /* rows reused often */
} rfm_db_t;

static int db_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	db_ix_t *ix = ixv;
	unsigned s, W = c->rf_lanes;
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock; the sub-bank arrays and read latches are not reset", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (clears rvalid_o)", "rst_ni");
	for (s = 0; s < 2; s++) {
		const char *p = side_name[s];
		rfm_ports_group(pt, "%s", side_help[s]);
		ix->en[s] = rfm_ports_add(pt, RFM_IN, 1, "request valid", "%s_en_i", p);
		ix->we[s] = rfm_ports_add(pt, RFM_IN, 1, "1: write, 0: read", "%s_we_i", p);
		ix->row[s] = rfm_ports_add(pt, RFM_IN, c->d.entry_w, "row (entry) of the bank", "%s_row_i", p);
		ix->pmask[s] = rfm_ports_add(pt, RFM_IN, NSB, "physical sub-bank mask: bit k = sub-bank k", "%s_pmask_i", p);
		ix->wdata[s] = rfm_ports_add(pt, RFM_IN, 32 * W, "write data, TI: sub-bank k in bits [8*lanes*k +: 8*lanes]",
					     "%s_wdata_i", p);
		ix->bwe[s] = rfm_ports_add(pt, RFM_IN, NSB * W, "byte write enables: bit lanes*k + t = lane t of sub-bank k",
					   "%s_bwe_i", p);
	}
	rfm_ports_group(pt, "read data: registered, a cycle after the read");
	ix->rdata = rfm_ports_add(pt, RFM_OUT, 32 * W,
				  "slice k: sub-bank k's row read at its last read edge (held while not read)", "rdata_o");
	ix->rvalid = rfm_ports_add(pt, RFM_OUT, NSB, "bit k: sub-bank k was read at the last edge", "rvalid_o");
	rfm_ports_group(pt, "activity");
	ix->acc = rfm_ports_add(pt, RFM_OUT, NSB, "bit k: sub-bank k is accessed this cycle (clear: no access, gated)",
				"acc_o");
	return 0;
}

/* The side driving sub-bank k this cycle: the left request if its mask holds k, else the right
 * request if its mask holds k, else -1 (no access). */
static int db_src(rfm_db_t *x, unsigned k)
{
	rfm_model_t *m = &x->m;
	if (rfm_get(m, x->ix.en[SIDE_L]) && ((rfm_get(m, x->ix.pmask[SIDE_L]) >> k) & 1u))
		return SIDE_L;
	if (rfm_get(m, x->ix.en[SIDE_R]) && ((rfm_get(m, x->ix.pmask[SIDE_R]) >> k) & 1u))
		return SIDE_R;
	return -1;
}

static void db_reset(rfm_model_t *m) { ((rfm_db_t *)m)->rvalid_q = 0; }

static void db_eval(rfm_model_t *m)
{
	rfm_db_t *x = (rfm_db_t *)m;
	unsigned k, acc = 0;
	for (k = 0; k < NSB; k++)
		if (db_src(x, k) >= 0)
			acc |= 1u << k;
	rfm_set(m, x->ix.acc, acc);
	memcpy(rfm_wide(m, x->ix.rdata), x->rdata_q, x->W * 4u);
	rfm_set(m, x->ix.rvalid, x->rvalid_q);
}

static void db_tick(rfm_model_t *m)
{
	rfm_db_t *x = (rfm_db_t *)m;
	unsigned k, t, rd = 0, wside = 2;
	int src[NSB];
	for (k = 0; k < NSB; k++) {
		int s = src[k] = db_src(x, k);
		unsigned row;
		uint32_t *cell;
		if (s < 0)
			continue;
		row = (unsigned)rfm_get(m, x->ix.row[s]);
		cell = x->mem + ((size_t)k * x->rows + (row < x->rows ? row : 0)) * x->sw;
		if (rfm_get(m, x->ix.we[s])) {
			const uint32_t *wd = rfm_wide(m, x->ix.wdata[s]), *be = rfm_wide(m, x->ix.bwe[s]);
			wside = (unsigned)s;
			if (row >= x->rows)
				continue; /* beyond the array: dropped, as rf_sram */
			for (t = 0; t < x->W; t++)
				if (rfm_bits_get(be, x->W * k + t, 1) || m->mutate == RFM_FAULT_DB_BYTE_ENABLES_IGNORED)
					byte_put(cell, t, byte_get(wd, x->W * k + t));
		} else {
			rd |= 1u << k;
			if (row < x->rows)
				memcpy(x->rdata_q + k * x->sw, cell, x->sw * 4u);
			else
				memset(x->rdata_q + k * x->sw, 0, x->sw * 4u);
		}
	}
	if (m->mutate == RFM_FAULT_DB_WRITES_IDLE_SUBBANKS && wside < 2) { /* also the idle sub-banks of the row */
		unsigned row = (unsigned)rfm_get(m, x->ix.row[wside]);
		const uint32_t *wd = rfm_wide(m, x->ix.wdata[wside]);
		for (k = 0; k < NSB && row < x->rows; k++)
			if (src[k] < 0)
				for (t = 0; t < x->W; t++)
					byte_put(x->mem + ((size_t)k * x->rows + row) * x->sw, t, byte_get(wd, x->W * k + t));
	}
	if (m->mutate == RFM_FAULT_DB_OUTPUT_NOT_HELD) /* a sub-bank not read drives zero */
		for (k = 0; k < NSB; k++)
			if (!((rd >> k) & 1u))
				memset(x->rdata_q + k * x->sw, 0, x->sw * 4u);
	x->rvalid_q = rd;
}

static void db_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_db_t *x = (rfm_db_t *)m;
	unsigned s, k, on[2], n[2], v[DP_MAXW];
	rfm_clear_inputs(m);
	if (cycle < 2)
		return; /* reset: the arrays are not reset, so nothing may be written now */
	if (cycle == 2 || rfm_rng_chance(r, 1, 256))
		for (k = 0; k < 4; k++)
			x->hot[k] = (unsigned)rfm_rng_below(r, x->rows);
	/* widths N (right) and M (left); when both sides are on, their masks must be disjoint:
	 * N + M <= 4 (shrink the left one, or drop a side) */
	for (s = 0; s < 2; s++) {
		on[s] = rfm_rng_chance(r, 3, 4);
		n[s] = 1 + (unsigned)rfm_rng_below(r, 4);
	}
	if (on[0] && on[1] && n[0] + n[1] > 4) {
		if (rfm_rng_chance(r, 1, 2) && n[0] < 4)
			n[1] = 4 - n[0];
		else
			on[rfm_rng_below(r, 2)] = 0;
	}
	for (s = 0; s < 2; s++) {
		unsigned lm = (1u << n[s]) - 1u;
		if (!on[s])
			continue;
		rfm_set(m, x->ix.en[s], 1);
		rfm_set(m, x->ix.we[s], rfm_rng_chance(r, 1, 2));
		rfm_set(m, x->ix.row[s], rfm_rng_chance(r, 3, 4) ? x->hot[rfm_rng_below(r, 4)] : rfm_rng_below(r, x->rows));
		rfm_set(m, x->ix.pmask[s], s == SIDE_L ? rfm_cw_rev4(lm) : lm);
		/* data: a narrow-biased warp value in its physical TI form, or random bytes */
		if (rfm_rng_chance(r, 3, 4)) {
			dp_value(r, 0, v, x->W);
			dp_bi_to_phys(v, rfm_wide(m, x->ix.wdata[s]), x->W, s == SIDE_L);
		} else {
			rfm_rng_fill(r, rfm_wide(m, x->ix.wdata[s]), 32 * x->W);
		}
		if (rfm_rng_chance(r, 1, 2)) {
			rfm_rng_fill(r, rfm_wide(m, x->ix.bwe[s]), NSB * x->W);
		} else {
			memset(rfm_wide(m, x->ix.bwe[s]), 0xff, m->slot[x->ix.bwe[s]].words * 4u);
			rfm_trim(rfm_wide(m, x->ix.bwe[s]), NSB * x->W);
		}
	}
}

/* The checker keeps its own copy of the arrays, byte by byte, updated from the requests (reads
 * before writes; with disjoint masks the sides never touch one sub-bank): every read must return
 * the shadow's bytes one cycle later, every sub-bank not read must hold its output, and acc_o must
 * be the union of the enabled masks (invariant 8: only mask sub-banks are touched). */
static int db_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_db_t *x = (rfm_db_t *)m;
	const uint32_t *rdata = rfm_wide(m, x->ix.rdata);
	unsigned s, k, t, W = x->W, acc = 0, nrd = 0, nwr = 0, rv = (unsigned)rfm_get(m, x->ix.rvalid);
	unsigned en[2], we[2], row[2], pm[2];
	unsigned long long cy = (unsigned long long)cycle;
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst)) {
		x->exp_rd = 0;
		memcpy(x->prev, rdata, W * 4u);
		return 0;
	}
	/* outputs of the last edge */
	if (rv != x->exp_rd) {
		fprintf(err, "cycle %llu: rf_dual_bank: rvalid_o %x, the sub-banks read at the last edge are %x\n", cy, rv,
			x->exp_rd);
		return 1;
	}
	for (k = 0; k < NSB; k++)
		for (t = 0; t < W; t++) {
			unsigned got = byte_get(rdata, W * k + t);
			unsigned want = ((x->exp_rd >> k) & 1u) ? x->exp[k * W + t] : byte_get(x->prev, W * k + t);
			if (got != want) {
				fprintf(err, "cycle %llu: rf_dual_bank golden: sub-bank %u lane %u reads 0x%02x, expected 0x%02x (%s)\n",
					cy, k, t, got, want, ((x->exp_rd >> k) & 1u) ? "read at the last edge" : "held");
				return 1;
			}
			if (!((x->exp_rd >> k) & 1u) && got)
				rfm_cov_hit(m, DB_HOLD);
		}
	memcpy(x->prev, rdata, W * 4u);
	/* this cycle's requests */
	for (s = 0; s < 2; s++) {
		en[s] = (unsigned)rfm_get(m, x->ix.en[s]);
		we[s] = (unsigned)rfm_get(m, x->ix.we[s]);
		row[s] = (unsigned)rfm_get(m, x->ix.row[s]);
		pm[s] = en[s] ? (unsigned)rfm_get(m, x->ix.pmask[s]) : 0u;
		acc |= pm[s];
		if (pm[s] && row[s] >= x->rows) {
			fprintf(err, "cycle %llu: rf_dual_bank: stimulus error: %s row %u beyond %u rows\n", cy, side_name[s],
				row[s], x->rows);
			return 1;
		}
	}
	if (pm[0] & pm[1]) {
		fprintf(err, "cycle %llu: rf_dual_bank: stimulus error: right mask %x and left mask %x overlap\n", cy, pm[0],
			pm[1]);
		return 1;
	}
	if ((unsigned)rfm_get(m, x->ix.acc) != acc) {
		fprintf(err, "cycle %llu: rf_dual_bank invariant 8: acc_o %x, the enabled masks cover %x\n", cy,
			(unsigned)rfm_get(m, x->ix.acc), acc);
		return 1;
	}
	x->exp_rd = 0;
	for (s = 0; s < 2; s++) /* reads see the arrays before this edge's writes */
		if (pm[s] && !we[s]) {
			for (k = 0; k < NSB; k++)
				if ((pm[s] >> k) & 1u) {
					memcpy(x->exp + k * W, x->shadow + ((size_t)k * x->rows + row[s]) * W, W);
					if (x->written[(size_t)k * x->rows + row[s]])
						rfm_cov_hit(m, DB_RD_WRITTEN);
				}
			x->exp_rd |= pm[s];
			rfm_cov_hit(m, s == SIDE_L ? DB_RD_L : DB_RD_R);
			nrd++;
		}
	for (s = 0; s < 2; s++)
		if (pm[s] && we[s]) {
			const uint32_t *wd = rfm_wide(m, x->ix.wdata[s]), *be = rfm_wide(m, x->ix.bwe[s]);
			for (k = 0; k < NSB; k++) {
				if (!((pm[s] >> k) & 1u))
					continue;
				x->written[(size_t)k * x->rows + row[s]] = 1;
				for (t = 0; t < W; t++) {
					if (rfm_bits_get(be, W * k + t, 1))
						x->shadow[((size_t)k * x->rows + row[s]) * W + t] = (uint8_t)byte_get(wd, W * k + t);
					else
						rfm_cov_hit(m, DB_PARTIAL);
				}
			}
			rfm_cov_hit(m, s == SIDE_L ? DB_WR_L : DB_WR_R);
			nwr++;
		}
	if (nrd == 2)
		rfm_cov_hit(m, DB_RDRD);
	if (nwr == 2)
		rfm_cov_hit(m, DB_WRWR);
	if (nrd == 1 && nwr == 1)
		rfm_cov_hit(m, DB_RDWR);
	if (pm[SIDE_R] == 1u && !we[SIDE_R] && pm[SIDE_L] == 0xeu && we[SIDE_L])
		rfm_cov_hit(m, DB_PAPER); /* R2 (even, 1 byte) read + R3 (odd, 3 bytes) write */
	if (pm[0] == 0xfu || pm[1] == 0xfu)
		rfm_cov_hit(m, DB_FULL);
	if (acc && acc != 0xfu)
		rfm_cov_hit(m, DB_GATED);
	if (pm[0] && pm[1] && row[0] == row[1])
		rfm_cov_hit(m, DB_SAME_ROW);
	return 0;
}

/* Free what the block allocated beyond the model head (rfm_block destroy hook). */
static void db_release(rfm_model_t *m)
{
	rfm_db_t *x = (rfm_db_t *)m;
	free(x->mem);
	free(x->rdata_q);
	free(x->shadow);
	free(x->written);
	free(x->exp);
	free(x->prev);
}

/* What rfm_rf_dual_bank_create does after rfm_model_init: 0 on success. */
static int dual_bank_setup(rfm_model_t *m)
{
	rfm_db_t *x = (rfm_db_t *)m;
	const rfm_cfg_t *c = m->cfg;
	x->W = c->rf_lanes;
	x->sw = x->W / 4u;
	x->rows = c->rf_entries;
	/* A11: the arrays start at zero (calloc here, --x-initial 0 in the RTL simulation) */
	x->mem = calloc((size_t)NSB * x->rows * x->sw, 4);
	x->rdata_q = calloc(x->W, 4);
	x->shadow = calloc((size_t)NSB * x->rows * x->W, 1);
	x->written = calloc((size_t)NSB * x->rows, 1);
	x->exp = calloc((size_t)NSB * x->W, 1);
	x->prev = calloc(x->W, 4);
	if (!x->mem || !x->rdata_q || !x->shadow || !x->written || !x->exp || !x->prev)
		return -1;
	return 0;
}

RFM_BLOCK(rf_dual_bank, rfm_db_t, db_ix_t, db_ports, db_names, DB_N,
	  db_reset, db_eval, db_tick, db_stim, db_check,
	  db_release, dual_bank_setup)

/* ---- rf_subbank_xbar ---------------------------------------------------------------------------- */

typedef struct xb_ix {
	unsigned bank[DP_MAXB];
	unsigned sv[DP_MAXC], sb[DP_MAXC], wdata[DP_MAXC], wen[DP_MAXC];
} xb_ix_t;

enum { XB_SLICE, XB_IDLE, XB_PACKED, XB_SPLIT_BANK, XB_WHOLE_ROW, XB_LAST_BANK, XB_BCAST, XB_N };
static const char *const xb_names[XB_N] = {
	"slice_written", "slice_idle", "one_collector_two_banks", "one_bank_two_collectors", "whole_row_one_collector",
	"highest_bank_selected", "one_subbank_two_collectors"};

typedef struct rfm_xb {
	rfm_model_t m;
	xb_ix_t ix;
	unsigned W, sw, bw; /* lanes, words per slice, bits of a bank index */
} rfm_xb_t;

static int xb_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	xb_ix_t *ix = ixv;
	unsigned i, j, W = c->rf_lanes;
	rfm_ports_group(pt, "bank read data (TI)");
	for (i = 0; i < c->rf_banks; i++)
		ix->bank[i] = rfm_ports_add(pt, RFM_IN, 32 * W, "bank i's read data: sub-bank k in bits [8*lanes*k +: 8*lanes]",
					    "bank%u_rdata_i", i);
	for (j = 0; j < c->sm_collectors; j++) {
		rfm_ports_group(pt, "collector %u: slice selects", j);
		ix->sv[j] = rfm_ports_add(pt, RFM_IN, NSB, "bit k: slice k is written this cycle", "oc%u_sel_valid_i", j);
		ix->sb[j] = rfm_ports_add(pt, RFM_IN, NSB * c->d.bank_w, "bank feeding slice k, in bits [bank_w*k +: bank_w]",
					  "oc%u_sel_bank_i", j);
	}
	for (j = 0; j < c->sm_collectors; j++) {
		rfm_ports_group(pt, "collector %u: write bus", j);
		ix->wdata[j] = rfm_ports_add(pt, RFM_OUT, 32 * W, "slice k = slice k of the selected bank; 0 if not selected",
					     "oc%u_wdata_o", j);
		ix->wen[j] = rfm_ports_add(pt, RFM_OUT, NSB, "slice write enables (= oc_sel_valid_i)", "oc%u_wen_o", j);
	}
	return 0;
}

static void xb_eval(rfm_model_t *m)
{
	rfm_xb_t *x = (rfm_xb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned j, k;
	for (j = 0; j < c->sm_collectors; j++) {
		unsigned v = (unsigned)rfm_get(m, x->ix.sv[j]);
		uint64_t sel = rfm_get(m, x->ix.sb[j]);
		uint32_t *o = rfm_wide(m, x->ix.wdata[j]);
		memset(o, 0, x->W * 4u);
		for (k = 0; k < NSB; k++) {
			unsigned i = (unsigned)((sel >> (x->bw * k)) & rfm_mask64(x->bw)), from = k;
			if (!((v >> k) & 1u)) {
				if (m->mutate == RFM_FAULT_XB_IDLE_SLICE_PASSES_BANK0)
					memcpy(o + k * x->sw, rfm_wide(m, x->ix.bank[0]) + k * x->sw, x->sw * 4u);
				continue;
			}
			if (i >= c->rf_banks)
				continue; /* no such bank: 0 */
			if (m->mutate == RFM_FAULT_XB_WRONG_SUBBANK)
				from = (k + 1) % NSB;
			memcpy(o + k * x->sw, rfm_wide(m, x->ix.bank[i]) + from * x->sw, x->sw * 4u);
		}
		rfm_set(m, x->ix.wen[j], v);
	}
}

/* Selects as the coalescing arbiter makes them: per bank a right mask and a disjoint left mask,
 * each to one collector whose slices are still free; now and then any legal selects (a sub-bank
 * to two collectors included). */
static void xb_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_xb_t *x = (rfm_xb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned i, j, k, s, oc[DP_MAXC] = {0};
	uint64_t sel[DP_MAXC] = {0};
	(void)cycle;
	rfm_clear_inputs(m);
	for (i = 0; i < c->rf_banks; i++)
		rfm_rng_fill(r, rfm_wide(m, x->ix.bank[i]), 32 * x->W);
	if (rfm_rng_chance(r, 1, 16)) {
		for (j = 0; j < c->sm_collectors; j++) {
			rfm_set(m, x->ix.sv[j], rfm_rng_below(r, 16));
			for (k = 0; k < NSB; k++)
				sel[j] |= rfm_rng_below(r, c->rf_banks) << (x->bw * k);
			rfm_set(m, x->ix.sb[j], sel[j]);
		}
		return;
	}
	for (i = 0; i < c->rf_banks; i++) {
		unsigned used = 0;
		for (s = 0; s < 2; s++) {
			unsigned lm = (2u << rfm_rng_below(r, 4)) - 1u, pm = s ? rfm_cw_rev4(lm) : lm;
			if (!rfm_rng_chance(r, 2, 3) || (pm & used))
				continue;
			j = (unsigned)rfm_rng_below(r, c->sm_collectors);
			if (oc[j] & pm)
				continue;
			used |= pm;
			oc[j] |= pm;
			for (k = 0; k < NSB; k++)
				if ((pm >> k) & 1u)
					sel[j] |= (uint64_t)i << (x->bw * k);
		}
	}
	for (j = 0; j < c->sm_collectors; j++) {
		for (k = 0; k < NSB; k++) /* idle slices: a random bank index, which must not matter */
			if (!((oc[j] >> k) & 1u))
				sel[j] |= rfm_rng_below(r, 1u << x->bw) << (x->bw * k);
		rfm_set(m, x->ix.sv[j], oc[j]);
		rfm_set(m, x->ix.sb[j], sel[j]);
	}
}

/* Invariant 18, byte by byte: byte (t, k) of collector j's bus is byte (t, k) of the bank selected
 * for slice k, never of another slice position or bank; 0 when slice k is not selected. */
static int xb_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_xb_t *x = (rfm_xb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned i, j, k, t, W = x->W, feeds[DP_MAXB] = {0}, bank_oc[DP_MAXB][NSB];
	unsigned long long cy = (unsigned long long)cycle;
	memset(bank_oc, 0, sizeof(bank_oc));
	for (j = 0; j < c->sm_collectors; j++) {
		unsigned v = (unsigned)rfm_get(m, x->ix.sv[j]), banks = 0;
		uint64_t sel = rfm_get(m, x->ix.sb[j]);
		const uint32_t *o = rfm_wide(m, x->ix.wdata[j]);
		if ((unsigned)rfm_get(m, x->ix.wen[j]) != v) {
			fprintf(err, "cycle %llu: rf_subbank_xbar invariant 18: oc%u_wen_o %x, selects %x\n", cy, j,
				(unsigned)rfm_get(m, x->ix.wen[j]), v);
			return 1;
		}
		for (k = 0; k < NSB; k++) {
			unsigned b = (unsigned)((sel >> (x->bw * k)) & rfm_mask64(x->bw)), on = (v >> k) & 1u;
			if (on && b >= c->rf_banks) {
				fprintf(err, "cycle %llu: rf_subbank_xbar: stimulus error: oc%u slice %u selects bank %u of %u\n", cy,
					j, k, b, c->rf_banks);
				return 1;
			}
			for (t = 0; t < W; t++) {
				unsigned want = on ? byte_get(rfm_wide(m, x->ix.bank[b]), W * k + t) : 0u;
				if (byte_get(o, W * k + t) != want) {
					fprintf(err, "cycle %llu: rf_subbank_xbar invariant 18: oc%u slice %u lane %u is 0x%02x, %s 0x%02x\n",
						cy, j, k, t, byte_get(o, W * k + t), on ? "bank's same slice holds" : "not selected: expected",
						want);
					return 1;
				}
			}
			if (!on) {
				rfm_cov_hit(m, XB_IDLE);
				continue;
			}
			rfm_cov_hit(m, XB_SLICE);
			if (b == c->rf_banks - 1)
				rfm_cov_hit(m, XB_LAST_BANK);
			if (bank_oc[b][k])
				rfm_cov_hit(m, XB_BCAST);
			bank_oc[b][k] = 1;
			banks |= 1u << b;
			feeds[b] |= 1u << j;
		}
		if (rfm_popcount64(banks) >= 2)
			rfm_cov_hit(m, XB_PACKED);
		if (v == 0xfu && rfm_popcount64(banks) == 1)
			rfm_cov_hit(m, XB_WHOLE_ROW);
	}
	for (i = 0; i < c->rf_banks; i++)
		if (rfm_popcount64(feeds[i]) >= 2)
			rfm_cov_hit(m, XB_SPLIT_BANK);
	return 0;
}

/* What rfm_rf_subbank_xbar_create does after rfm_model_init: 0 on success. */
static int subbank_xbar_setup(rfm_model_t *m)
{
	rfm_xb_t *x = (rfm_xb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	x->W = c->rf_lanes;
	x->sw = x->W / 4u;
	x->bw = c->d.bank_w;
	if (c->rf_banks < 2)
		rfm_cov_na(&x->m, XB_PACKED);
	if (c->sm_collectors < 2)
		rfm_cov_na(&x->m, XB_SPLIT_BANK), rfm_cov_na(&x->m, XB_BCAST);
	return 0;
}

RFM_BLOCK(rf_subbank_xbar, rfm_xb_t, xb_ix_t, xb_ports, xb_names, XB_N,
	  rfm_block_noop, xb_eval, rfm_block_noop, xb_stim, xb_check,
	  rfm_block_noop, subbank_xbar_setup)

/* ---- rf_coal_collector --------------------------------------------------------------------------- */

typedef struct cc_ix {
	unsigned clk, rst;
	unsigned alloc[DP_MAXC], ov[DP_MAXC][DP_MAXO], odd[DP_MAXC][DP_MAXO], enc[DP_MAXC][DP_MAXO];
	unsigned sign[DP_MAXC][DP_MAXO];
	unsigned wen[DP_MAXC], wop[DP_MAXC][NSB], wdata[DP_MAXC], freep[DP_MAXC];
	unsigned busy[DP_MAXC], ready[DP_MAXC][DP_MAXO], data[DP_MAXC][DP_MAXO];
} cc_ix_t;

/* One operand's state in the model: the registers of the RTL. */
typedef struct cc_op {
	uint8_t valid, odd, enc, sign; /* allocated; its register's parity and width code */
	uint8_t got;                   /* slices written since allocation */
	uint32_t buf[DP_MAXW];         /* the buffer, TI in physical alignment (not reset) */
} cc_op_t;

/* An operand as the stimulus and the checker see it: the architectural value. */
typedef struct cc_ref {
	uint8_t valid, odd, enc, sign;
	uint8_t pm;                    /* physical mask */
	uint8_t todo;                  /* stimulus: slices still to send */
	uint8_t sent;                  /* checker: slices written since allocation */
	uint8_t wedges;                /* checker: edges that wrote one of its slices (capped) */
	uint8_t was_ready;             /* checker: ready seen */
	uint32_t v[DP_MAXW];           /* the value, BI */
	uint32_t p[DP_MAXW];           /* its physical TI form */
} cc_ref_t;

enum {
	CC_READY_EVEN, CC_READY_ODD, CC_ZERO_FILL, CC_ONES_FILL, CC_FULL, CC_PACKED, CC_SPLIT, CC_GARBAGE,
	CC_FREE_ALLOC, CC_WRITE_ALLOC, CC_FREE_EARLY, CC_ALL_READY, CC_PAPER, CC_N
};
static const char *const cc_names[CC_N] = {
	"ready_even_operand", "ready_odd_operand", "ready_with_zero_fill", "ready_with_ones_fill",
	"ready_full_width", "packed_write_two_operands", "operand_split_over_cycles", "slice_outside_mask_written",
	"free_and_alloc_one_cycle", "write_and_alloc_one_cycle", "free_before_ready", "all_operands_ready",
	"paper_packed_0001_1100"};

typedef struct rfm_cc {
	rfm_model_t m;
	cc_ix_t ix;
	unsigned W, sw, C, O, ow;
	uint8_t busy[DP_MAXC];
	cc_op_t op[DP_MAXC][DP_MAXO];
	/* stimulus */
	uint8_t sbusy[DP_MAXC];
	cc_ref_t sop[DP_MAXC][DP_MAXO];   /* the stimulus's view, updated as it drives */
	cc_ref_t salloc[DP_MAXC][DP_MAXO]; /* operands being allocated this cycle */
	/* checker */
	uint8_t cbusy[DP_MAXC];
	cc_ref_t cop[DP_MAXC][DP_MAXO];
} rfm_cc_t;

static int cc_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	cc_ix_t *ix = ixv;
	unsigned j, o, k, W = c->rf_lanes, ow = rfm_clog2(c->sm_operands);
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock; the operand buffers are not reset", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (every collector free)", "rst_ni");
	for (j = 0; j < c->sm_collectors; j++) {
		rfm_ports_group(pt, "collector %u: allocation (issue)", j);
		ix->alloc[j] = rfm_ports_add(pt, RFM_IN, 1, "allocate at the edge: capture the operands, nothing written",
					     "alloc%u_valid_i", j);
		for (o = 0; o < c->sm_operands; o++) {
			ix->ov[j][o] = rfm_ports_add(pt, RFM_IN, 1, "operand o reads a register", "alloc%u_op%u_valid_i", j, o);
			ix->odd[j][o] = rfm_ports_add(pt, RFM_IN, 1, "its register is odd (stored byte-swapped, left-aligned)",
						      "alloc%u_op%u_odd_i", j, o);
			ix->enc[j][o] = rfm_ports_add(pt, RFM_IN, 2, "its width code from the mask buffer: bytes - 1",
						      "alloc%u_op%u_enc_i", j, o);
			ix->sign[j][o] = rfm_ports_add(pt, RFM_IN, 1, "its sign: the stripped upper bytes are 0xFF",
						       "alloc%u_op%u_sign_i", j, o);
		}
		rfm_ports_group(pt, "collector %u: slice writes from the crossbars", j);
		ix->wen[j] = rfm_ports_add(pt, RFM_IN, NSB, "bit k: write port Pk writes slice k at the edge", "wr%u_en_i", j);
		for (k = 0; k < NSB; k++)
			ix->wop[j][k] = rfm_ports_add(pt, RFM_IN, ow, "operand whose buffer slice k port Pk writes",
						      "wr%u_s%u_op_i", j, k);
		ix->wdata[j] = rfm_ports_add(pt, RFM_IN, 32 * W, "write data, TI: slice k in bits [8*lanes*k +: 8*lanes]",
					     "wr%u_data_i", j);
		rfm_ports_group(pt, "collector %u: dispatch", j);
		ix->freep[j] = rfm_ports_add(pt, RFM_IN, 1, "free at the edge (dispatched); an allocation wins", "free%u_i", j);
		ix->busy[j] = rfm_ports_add(pt, RFM_OUT, 1, "allocated", "oc%u_busy_o", j);
		for (o = 0; o < c->sm_operands; o++) {
			ix->ready[j][o] = rfm_ports_add(pt, RFM_OUT, 1, "operand o holds every slice of its physical mask",
							"oc%u_op%u_ready_o", j, o);
			ix->data[j][o] = rfm_ports_add(pt, RFM_OUT, 32 * W, "operand o, BI: unswapped if odd, sign-filled above its width",
						       "oc%u_op%u_data_o", j, o);
		}
	}
	return 0;
}

static void cc_reset(rfm_model_t *m)
{
	rfm_cc_t *x = (rfm_cc_t *)m;
	unsigned j, o;
	for (j = 0; j < x->C; j++) {
		x->busy[j] = 0;
		for (o = 0; o < x->O; o++) {
			cc_op_t *p = &x->op[j][o];
			p->valid = p->odd = p->enc = p->sign = p->got = 0;
		}
	}
}

/* Dispatch format of an operand: logical slice k = buffer slice (odd ? 3 - k : k); logical slices
 * above the width code are the sign fill; then TI -> BI (docs/coalescing.md, "Exact version"). */
static void cc_format(const rfm_cc_t *x, const cc_op_t *p, uint32_t *bi)
{
	unsigned k, t, W = x->W, fill = p->sign ? 0xffu : 0u;
	unsigned unswap = p->odd && x->m.mutate != RFM_FAULT_CC_ODD_NOT_UNSWAPPED;
	unsigned first = x->m.mutate == RFM_FAULT_CC_FILL_ONE_SLICE_LOW ? p->enc : p->enc + 1u;
	for (k = 0; k < NSB; k++) {
		unsigned phys = unswap ? NSB - 1 - k : k;
		for (t = 0; t < W; t++)
			byte_put(bi, NSB * t + k, k >= first ? fill : byte_get(p->buf, W * phys + t));
	}
}

static unsigned cc_ready(const rfm_cc_t *x, const cc_op_t *p)
{
	unsigned pm = rfm_cw_pmask(p->enc, p->odd);
	if (x->m.mutate == RFM_FAULT_CC_READY_WITHOUT_SLICE3)
		pm &= 7u;
	return p->valid && (p->got & pm) == pm;
}

static void cc_eval(rfm_model_t *m)
{
	rfm_cc_t *x = (rfm_cc_t *)m;
	unsigned j, o;
	for (j = 0; j < x->C; j++) {
		rfm_set(m, x->ix.busy[j], x->busy[j]);
		for (o = 0; o < x->O; o++) {
			rfm_set(m, x->ix.ready[j][o], cc_ready(x, &x->op[j][o]));
			cc_format(x, &x->op[j][o], rfm_wide(m, x->ix.data[j][o]));
		}
	}
}

/* The edge: slice writes to allocated operands (buffer and written mask), then free, then
 * allocation (which clears the written mask of the new operands). */
static void cc_tick(rfm_model_t *m)
{
	rfm_cc_t *x = (rfm_cc_t *)m;
	unsigned j, o, k;
	for (j = 0; j < x->C; j++) {
		unsigned en = (unsigned)rfm_get(m, x->ix.wen[j]);
		const uint32_t *wd = rfm_wide(m, x->ix.wdata[j]);
		for (k = 0; k < NSB; k++) {
			cc_op_t *p;
			/* planted fault: every slice goes to slice 0's operand (no packed writes) */
			o = (unsigned)rfm_get(m, x->ix.wop[j][m->mutate == RFM_FAULT_CC_PACKED_SLICES_ONE_OPERAND ? 0 : k]);
			if (!((en >> k) & 1u) || o >= x->O || !x->op[j][o].valid)
				continue; /* not written, or no such allocated operand: ignored */
			p = &x->op[j][o];
			memcpy(p->buf + k * x->sw, wd + k * x->sw, x->sw * 4u);
			p->got |= (uint8_t)(1u << k);
		}
		if (rfm_get(m, x->ix.freep[j])) {
			x->busy[j] = 0;
			for (o = 0; o < x->O; o++)
				x->op[j][o].valid = 0;
		}
		if (rfm_get(m, x->ix.alloc[j])) {
			x->busy[j] = 1;
			for (o = 0; o < x->O; o++) {
				cc_op_t *p = &x->op[j][o];
				p->valid = (uint8_t)rfm_get(m, x->ix.ov[j][o]);
				p->odd = (uint8_t)rfm_get(m, x->ix.odd[j][o]);
				p->enc = (uint8_t)rfm_get(m, x->ix.enc[j][o]);
				p->sign = (uint8_t)rfm_get(m, x->ix.sign[j][o]);
				p->got = 0;
			}
		}
	}
}

/* Drive an allocation of collector j: each operand a narrow-biased value, its width code by
 * dp_code, its physical TI form; now and then the section 2.9 pair (operand 0 even, 1 byte:
 * mask 0001; operand 1 odd, 2 bytes: mask 1100). */
static void cc_stim_alloc(rfm_cc_t *x, rfm_rng_t *r, unsigned j)
{
	rfm_model_t *m = &x->m;
	unsigned o, paper = x->O >= 2 && rfm_rng_chance(r, 1, 8);
	rfm_set(m, x->ix.alloc[j], 1);
	for (o = 0; o < x->O; o++) {
		cc_ref_t *a = &x->salloc[j][o];
		rfm_cw_code_t code;
		memset(a, 0, sizeof(*a));
		a->valid = paper ? o < 2 : rfm_rng_chance(r, 4, 5);
		a->odd = paper ? o == 1 : (uint8_t)rfm_rng_below(r, 2);
		dp_value(r, paper ? (o == 0 ? 1 : 2) : 0, a->v, x->W);
		code = dp_code(a->v, x->W);
		a->enc = (uint8_t)code.enc;
		a->sign = (uint8_t)code.sign;
		a->pm = (uint8_t)rfm_cw_pmask(a->enc, a->odd);
		a->todo = a->valid ? a->pm : 0;
		dp_bi_to_phys(a->v, a->p, x->W, a->odd);
		rfm_set(m, x->ix.ov[j][o], a->valid);
		rfm_set(m, x->ix.odd[j][o], a->odd);
		rfm_set(m, x->ix.enc[j][o], a->enc);
		rfm_set(m, x->ix.sign[j][o], a->sign);
	}
}

static void cc_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_cc_t *x = (rfm_cc_t *)m;
	unsigned j, o, k;
	rfm_clear_inputs(m);
	if (cycle < 2) {
		memset(x->sbusy, 0, sizeof(x->sbusy));
		return;
	}
	for (j = 0; j < x->C; j++) {
		unsigned en = 0, todo = 0, alloc = 0;
		uint32_t *wd = rfm_wide(m, x->ix.wdata[j]);
		rfm_rng_fill(r, wd, 32 * x->W); /* slices not written carry garbage */
		for (k = 0; k < NSB; k++)
			rfm_set(m, x->ix.wop[j][k], rfm_rng_below(r, x->O));
		if (!x->sbusy[j]) {
			if (rfm_rng_chance(r, 1, 2)) {
				cc_stim_alloc(x, r, j);
				alloc = 1;
			}
		} else {
			for (o = 0; o < x->O; o++)
				todo |= x->sop[j][o].valid ? x->sop[j][o].todo : 0u;
			if ((!todo && rfm_rng_chance(r, 1, 2)) || rfm_rng_chance(r, 1, 256)) {
				/* dispatch (or, rarely, a flush before every operand is ready) */
				rfm_set(m, x->ix.freep[j], 1);
				if (rfm_rng_chance(r, 1, 2)) {
					cc_stim_alloc(x, r, j);
					alloc = 1;
				}
				/* now and then a late duplicate of a slice already sent, in the edge that frees
				 * (and maybe reallocates): it lands in the old operand and must not count */
				for (o = 0; o < x->O; o++) {
					cc_ref_t *p = &x->sop[j][o];
					unsigned done = p->valid ? p->pm & ~p->todo & 0xfu : 0u;
					if (done && rfm_rng_chance(r, 1, 4)) {
						k = (unsigned)__builtin_ctz(done);
						en |= 1u << k;
						rfm_set(m, x->ix.wop[j][k], o);
						memcpy(wd + k * x->sw, p->p + k * x->sw, x->sw * 4u);
						break;
					}
				}
				x->sbusy[j] = 0;
			} else {
				/* per slice: one operand still missing it, or now and then garbage into an
				 * operand whose mask does not hold it */
				for (k = 0; k < NSB; k++) {
					unsigned cand[DP_MAXO], n = 0, junk[DP_MAXO], nj = 0;
					for (o = 0; o < x->O; o++) {
						cc_ref_t *p = &x->sop[j][o];
						if (p->valid && ((p->todo >> k) & 1u))
							cand[n++] = o;
						if (p->valid && !((p->pm >> k) & 1u))
							junk[nj++] = o;
					}
					if (n && rfm_rng_chance(r, 2, 3)) {
						o = cand[rfm_rng_below(r, n)];
						memcpy(wd + k * x->sw, x->sop[j][o].p + k * x->sw, x->sw * 4u);
						x->sop[j][o].todo &= (uint8_t)~(1u << k);
					} else if (nj && rfm_rng_chance(r, 1, 8)) {
						o = junk[rfm_rng_below(r, nj)];
					} else {
						continue;
					}
					en |= 1u << k;
					rfm_set(m, x->ix.wop[j][k], o);
				}
			}
		}
		rfm_set(m, x->ix.wen[j], en);
		if (alloc) {
			memcpy(x->sop[j], x->salloc[j], sizeof(x->sop[j]));
			x->sbusy[j] = 1;
		}
	}
}

/* Golden: the checker follows allocations and slice writes from the inputs; an operand must be
 * ready exactly when every slice of its physical mask was written since its allocation, and a
 * ready operand's dispatch value must equal the architectural value the stimulus drew
 * (invariants 7, 19: unswap, sign fill and TI -> BI give back the BI value). */
static int cc_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_cc_t *x = (rfm_cc_t *)m;
	unsigned j, o, k;
	unsigned long long cy = (unsigned long long)cycle;
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst)) {
		memset(x->cbusy, 0, sizeof(x->cbusy));
		for (j = 0; j < x->C; j++)
			for (o = 0; o < x->O; o++)
				x->cop[j][o].valid = 0;
		return 0;
	}
	for (j = 0; j < x->C; j++) {
		unsigned en = (unsigned)rfm_get(m, x->ix.wen[j]), nready = 0, wrote = 0, inmask = 0, alloc, fr;
		if ((unsigned)rfm_get(m, x->ix.busy[j]) != x->cbusy[j]) {
			fprintf(err, "cycle %llu: rf_coal_collector: oc%u_busy_o %u, expected %u\n", cy, j,
				(unsigned)rfm_get(m, x->ix.busy[j]), x->cbusy[j]);
			return 1;
		}
		for (o = 0; o < x->O; o++) {
			cc_ref_t *p = &x->cop[j][o];
			unsigned want = p->valid && (p->sent & p->pm) == p->pm, got = (unsigned)rfm_get(m, x->ix.ready[j][o]);
			if (got != want) {
				fprintf(err, "cycle %llu: rf_coal_collector invariant 19: oc%u_op%u_ready_o %u, slices written %x of mask %x%s\n",
					cy, j, o, got, p->sent, p->pm, p->valid ? "" : " (not allocated)");
				return 1;
			}
			if (!want)
				continue;
			nready++;
			if (memcmp(rfm_wide(m, x->ix.data[j][o]), p->v, x->W * 4u)) {
				const uint32_t *d = rfm_wide(m, x->ix.data[j][o]);
				unsigned t = 0;
				while (d[t] == p->v[t])
					t++;
				fprintf(err, "cycle %llu: rf_coal_collector golden: oc%u operand %u (%s, enc %u, sign %u) lane %u is "
					"0x%08x, the value written is 0x%08x\n", cy, j, o, p->odd ? "odd" : "even", p->enc, p->sign, t,
					d[t], p->v[t]);
				return 1;
			}
			if (!p->was_ready) {
				p->was_ready = 1;
				rfm_cov_hit(m, p->odd ? CC_READY_ODD : CC_READY_EVEN);
				if (p->enc == 3)
					rfm_cov_hit(m, CC_FULL);
				else
					rfm_cov_hit(m, p->sign ? CC_ONES_FILL : CC_ZERO_FILL);
				if (p->wedges >= 2)
					rfm_cov_hit(m, CC_SPLIT);
			}
		}
		if (x->O >= 2 && nready == x->O)
			rfm_cov_hit(m, CC_ALL_READY);
		/* this cycle's writes */
		for (k = 0; k < NSB; k++) {
			unsigned t = (unsigned)rfm_get(m, x->ix.wop[j][k]);
			if (!((en >> k) & 1u))
				continue;
			if (t >= x->O || !x->cop[j][t].valid) {
				fprintf(err, "cycle %llu: rf_coal_collector: stimulus error: oc%u slice %u written to operand %u, "
					"which is not allocated\n", cy, j, k, t);
				return 1;
			}
			if (!((x->cop[j][t].pm >> k) & 1u))
				rfm_cov_hit(m, CC_GARBAGE);
			else
				inmask |= 1u << t;
			wrote |= 1u << t;
		}
		if (rfm_popcount64(wrote) >= 2)
			rfm_cov_hit(m, CC_PACKED);
		if (x->O >= 2) {
			for (o = 0; o < x->O; o++)
				for (k = 0; k < x->O; k++) {
					cc_ref_t *a = &x->cop[j][o], *b = &x->cop[j][k];
					if (o != k && a->valid && b->valid && !a->odd && a->enc == 0 && b->odd && b->enc == 1 &&
					    (en & 0xdu) == 0xdu && rfm_get(m, x->ix.wop[j][0]) == o && rfm_get(m, x->ix.wop[j][2]) == k &&
					    rfm_get(m, x->ix.wop[j][3]) == k)
						rfm_cov_hit(m, CC_PAPER);
				}
		}
		for (k = 0; k < NSB; k++)
			if ((en >> k) & 1u)
				x->cop[j][rfm_get(m, x->ix.wop[j][k])].sent |= (uint8_t)(1u << k);
		for (o = 0; o < x->O; o++)
			if (((inmask >> o) & 1u) && x->cop[j][o].wedges < 2)
				x->cop[j][o].wedges++;
		alloc = (unsigned)rfm_get(m, x->ix.alloc[j]);
		fr = (unsigned)rfm_get(m, x->ix.freep[j]);
		if (alloc && x->cbusy[j] && !fr) {
			fprintf(err, "cycle %llu: rf_coal_collector: stimulus error: collector %u allocated while busy\n", cy, j);
			return 1;
		}
		if (fr) {
			for (o = 0; o < x->O; o++)
				if (x->cop[j][o].valid && !x->cop[j][o].was_ready)
					rfm_cov_hit(m, CC_FREE_EARLY);
			if (alloc)
				rfm_cov_hit(m, CC_FREE_ALLOC);
			x->cbusy[j] = 0;
			for (o = 0; o < x->O; o++)
				x->cop[j][o].valid = 0;
		}
		if (alloc) {
			if (en)
				rfm_cov_hit(m, CC_WRITE_ALLOC);
			x->cbusy[j] = 1;
			for (o = 0; o < x->O; o++) {
				cc_ref_t *p = &x->cop[j][o];
				memcpy(p->v, x->salloc[j][o].v, x->W * 4u);
				p->valid = (uint8_t)rfm_get(m, x->ix.ov[j][o]);
				p->odd = (uint8_t)rfm_get(m, x->ix.odd[j][o]);
				p->enc = (uint8_t)rfm_get(m, x->ix.enc[j][o]);
				p->sign = (uint8_t)rfm_get(m, x->ix.sign[j][o]);
				p->pm = (uint8_t)rfm_cw_pmask(p->enc, p->odd);
				p->sent = p->wedges = p->was_ready = 0;
			}
		}
	}
	return 0;
}

/* What rfm_rf_coal_collector_create does after rfm_model_init: 0 on success. */
static int coal_collector_setup(rfm_model_t *m)
{
	rfm_cc_t *x = (rfm_cc_t *)m;
	const rfm_cfg_t *c = m->cfg;
	x->W = c->rf_lanes;
	x->sw = x->W / 4u;
	x->C = c->sm_collectors;
	x->O = c->sm_operands;
	x->ow = rfm_clog2(x->O);
	if (x->O < 2) {
		rfm_cov_na(&x->m, CC_PACKED);
		rfm_cov_na(&x->m, CC_ALL_READY);
		rfm_cov_na(&x->m, CC_PAPER);
	}
	return 0;
}

RFM_BLOCK(rf_coal_collector, rfm_cc_t, cc_ix_t, cc_ports, cc_names, CC_N,
	  cc_reset, cc_eval, cc_tick, cc_stim, cc_check,
	  rfm_block_noop, coal_collector_setup)
