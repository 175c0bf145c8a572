/* coal_width.c - the write path and the storage formats of the coalescing-aware register file
 * (Radaideh 2020, chapter 3; the notes behind docs/coalescing.md: sections 2.2-2.4, 2.10, 5 A1-A5):
 *
 *   rf_ti_convert    byte-interleaved <-> thread-interleaved wiring (no logic)
 *   rf_byte_swap     the intra-lane byte-swap MUX: each lane's 4 bytes reversed when sel_i
 *   rf_width_detect  one write port's write-back path: width detection over active lanes, the
 *                    partial-write merge with the stored code (A4), byte swap of odd registers,
 *                    BI -> TI, physical sub-bank mask and TI byte enables
 *   rf_mask_buffer   the {sign, enc} entry of every physical warp register: issue lookups,
 *                    old-value lookups for the merge, updates at the edge of a granted write
 *
 * Planted faults (m->mutate, cmodel/coalescing/faults.def, make mutation): TI_BYTES_CROSSED,
 * SWAP_ROTATES_LANE, WIDTH_NO_THERMOMETER, MERGE_IGNORES_SIGN_CHANGE, INACTIVE_NOT_FILLED,
 * ODD_PMASK_NOT_REVERSED, SIGN_FROM_LAST_LANE, MB_UPDATE_BYPASSED, MB_PORT1_LOST.
 */
#include <stdlib.h>

#include "rfm_block.h"
#include "rfm_blocks.h"
#include "rfm_coal.h"
#include "rfm_fault_ids.h"

#define CW_MAXL 64 /* most lanes (rf.lanes <= 64) */

/* ---- the shared functions (rfm_coal.h) ------------------------------------------------------- */

/* Width detection as the spec's bit-exact algorithm (section 2.4): sign = OR of active MSBs; per
 * upper byte a reduction OR (positive) or NAND (negative) over active lanes; thermometer; enc. */
static rfm_cw_code_t detect(const uint32_t *v, uint64_t active, unsigned lanes, unsigned mutate)
{
	rfm_cw_code_t c = {0, 0};
	unsigned t, k, pos[4] = {0}, neg[4] = {0}, need[4], lm1, lm2, lm3;
	for (t = 0; t < lanes; t++)
		if ((active >> t) & 1u)
			c.sign |= v[t] >> 31;
	if (mutate == RFM_FAULT_SIGN_FROM_LAST_LANE) /* the literal MSB of the warp vector */
		c.sign = lanes ? v[lanes - 1] >> 31 : 0;
	for (t = 0; t < lanes; t++) {
		if (!((active >> t) & 1u))
			continue;
		for (k = 1; k < 4; k++) {
			unsigned b = (v[t] >> (8 * k)) & 0xffu;
			pos[k] |= b != 0x00u; /* OR of the byte's bits */
			neg[k] |= b != 0xffu; /* NAND of the byte's bits */
		}
	}
	for (k = 1; k < 4; k++)
		need[k] = c.sign ? neg[k] : pos[k];
	lm3 = need[3];
	lm2 = need[3] | need[2];
	lm1 = lm2 | need[1];
	c.enc = lm1 + lm2 + lm3;
	if (mutate == RFM_FAULT_WIDTH_NO_THERMOMETER)
		c.enc = need[1] + need[2] + need[3];
	return c;
}

rfm_cw_code_t rfm_cw_detect(const uint32_t *v, uint64_t active, unsigned lanes)
{
	return detect(v, active, lanes, RFM_FAULT_NONE);
}

rfm_cw_code_t rfm_cw_merge(rfm_cw_code_t nw, rfm_cw_code_t old, int all)
{
	rfm_cw_code_t f;
	if (all)
		return nw;
	f.sign = nw.sign;
	if (nw.sign == old.sign)
		f.enc = nw.enc > old.enc ? nw.enc : old.enc;
	else
		f.enc = 3;
	return f;
}

uint32_t rfm_cw_fill(uint32_t v, rfm_cw_code_t c)
{
	uint32_t keep;
	if ((c.enc & 3u) == 3u)
		return v;
	keep = (1u << (8 * ((c.enc & 3u) + 1))) - 1u;
	return (v & keep) | (c.sign ? ~keep : 0u);
}

/* Byte b of a word array (byte 0 = bits 7..0 of word 0). */
static unsigned byte_get(const uint32_t *w, unsigned b) { return (w[b / 4] >> (8 * (b % 4))) & 0xffu; }

static void byte_set(uint32_t *w, unsigned b, unsigned v)
{
	unsigned sh = 8 * (b % 4);
	w[b / 4] = (w[b / 4] & ~(0xffu << sh)) | ((v & 0xffu) << sh);
}

void rfm_bi_to_ti(const uint32_t *bi, uint32_t *ti, unsigned lanes)
{
	unsigned t, k;
	for (t = 0; t < lanes; t++)
		for (k = 0; k < 4; k++)
			byte_set(ti, lanes * k + t, rfm_bi_byte(bi, t, k));
}

void rfm_ti_to_bi(const uint32_t *ti, uint32_t *bi, unsigned lanes)
{
	unsigned t, k;
	for (t = 0; t < lanes; t++)
		for (k = 0; k < 4; k++)
			byte_set(bi, 4 * t + k, byte_get(ti, lanes * k + t));
}

void rfm_bswap_lanes(const uint32_t *in, uint32_t *out, unsigned lanes, unsigned sel)
{
	unsigned t;
	for (t = 0; t < lanes; t++)
		out[t] = sel ? __builtin_bswap32(in[t]) : in[t];
}

/* ---- helpers of the checkers and stimuli ------------------------------------------------------ */

/* The code of v over active lanes by a second formulation: sign = some active lane is negative;
 * width = the smallest w whose sign-extension from w bytes reproduces every active lane. */
static rfm_cw_code_t gold_code(const uint32_t *v, uint64_t active, unsigned lanes)
{
	rfm_cw_code_t c = {0, 0};
	unsigned t, w;
	for (t = 0; t < lanes; t++)
		if (((active >> t) & 1u) && (int32_t)v[t] < 0)
			c.sign = 1;
	for (w = 1; w < 4; w++) {
		uint32_t hi = ~((1u << (8 * w)) - 1u), ok = 1;
		for (t = 0; t < lanes; t++)
			if (((active >> t) & 1u) && (v[t] & hi) != (c.sign ? hi : 0u))
				ok = 0;
		if (ok)
			break;
	}
	c.enc = w - 1;
	return c;
}

/* A narrow-biased warp value for the write-path stimuli (rfm_cw_sample, plus cases it rarely
 * makes: mixed signs, sparse upper bytes that need the thermometer, all 0, all -1). */
static void cw_value(rfm_rng_t *r, uint32_t *v, unsigned lanes)
{
	static const rfm_cw_dist_t negd = {{30, 30, 30, 10}, 100};
	unsigned t, k, roll = (unsigned)rfm_rng_below(r, 100);
	if (roll < 55) {
		rfm_cw_sample(r, &rfm_cw_dist_fig3_3, v, lanes);
	} else if (roll < 65) {
		rfm_cw_sample(r, &negd, v, lanes);
	} else if (roll < 75) { /* mixed signs: a narrow value with some lanes negated */
		rfm_cw_sample(r, &rfm_cw_dist_fig3_3, v, lanes);
		for (t = 0; t < lanes; t++)
			if (rfm_rng_chance(r, 1, 2))
				v[t] = ~v[t];
	} else if (roll < 88) { /* sparse: random bytes only at a random set of upper positions */
		unsigned pos = (unsigned)rfm_rng_below(r, 8) << 1, neg = rfm_rng_chance(r, 1, 4);
		for (t = 0; t < lanes; t++) {
			uint32_t x = (uint32_t)rfm_rng_next(r), u = x & 0xffu;
			for (k = 1; k < 4; k++)
				if ((pos >> k) & 1u && rfm_rng_chance(r, 1, 2))
					u |= ((x >> (8 * k)) & 0x7fu) << (8 * k);
			v[t] = neg ? ~u : u;
		}
	} else if (roll < 94) {
		memset(v, 0, lanes * sizeof(uint32_t));
	} else {
		memset(v, 0xff, lanes * sizeof(uint32_t));
	}
}

/* ---- rf_ti_convert ---------------------------------------------------------------------------- */

typedef struct tc_ix {
	unsigned bi_i, ti_o, ti_i, bi_o;
} tc_ix_t;

enum { TC_RANDOM, TC_NARROW, TC_DISTINCT, TC_ROUND_TRIP, TC_N };
static const char *const tc_names[TC_N] = {"random_vector", "narrow_warp_value", "all_bytes_distinct",
					   "round_trip_through_block"};

typedef struct rfm_tc {
	rfm_model_t m;
	tc_ix_t ix;
	uint32_t last_bi[CW_MAXL], last_ti[CW_MAXL]; /* the previous cycle's bi_i and ti_o */
	int fed_back;                                /* stimulus: ti_i is the previous cycle's ti_o */
	unsigned kind;                               /* stimulus: the coverage event of bi_i */
} rfm_tc_t;

static int tc_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	tc_ix_t *ix = ixv;
	unsigned W = c->rf_lanes * 32;
	rfm_ports_group(pt, "byte-interleaved to thread-interleaved (write side)");
	ix->bi_i = rfm_ports_add(pt, RFM_IN, W, "BI vector: lane t byte k at bit 32t + 8k", "bi_i");
	ix->ti_o = rfm_ports_add(pt, RFM_OUT, W, "TI vector: lane t byte k at bit 8*lanes*k + 8t", "ti_o");
	rfm_ports_group(pt, "thread-interleaved to byte-interleaved (read side)");
	ix->ti_i = rfm_ports_add(pt, RFM_IN, W, "TI vector", "ti_i");
	ix->bi_o = rfm_ports_add(pt, RFM_OUT, W, "BI vector", "bi_o");
	return 0;
}

static void tc_eval(rfm_model_t *m)
{
	rfm_tc_t *x = (rfm_tc_t *)m;
	unsigned L = m->cfg->rf_lanes;
	uint32_t *ti = rfm_wide(m, x->ix.ti_o);
	rfm_bi_to_ti(rfm_wide(m, x->ix.bi_i), ti, L);
	if (m->mutate == RFM_FAULT_TI_BYTES_CROSSED) {
		unsigned a = byte_get(ti, L), b = byte_get(ti, 1);
		byte_set(ti, L, b);
		byte_set(ti, 1, a);
	}
	rfm_ti_to_bi(rfm_wide(m, x->ix.ti_i), rfm_wide(m, x->ix.bi_o), L);
}

static void tc_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_tc_t *x = (rfm_tc_t *)m;
	unsigned L = m->cfg->rf_lanes, b, off, roll = (unsigned)rfm_rng_below(r, 8);
	uint32_t *bi = rfm_wide(m, x->ix.bi_i), *ti = rfm_wide(m, x->ix.ti_i);
	(void)cycle;
	rfm_clear_inputs(m);
	x->kind = roll < 3 ? TC_RANDOM : roll < 6 ? TC_NARROW : TC_DISTINCT;
	if (x->kind == TC_RANDOM)
		rfm_rng_fill(r, bi, L * 32);
	else if (x->kind == TC_NARROW)
		cw_value(r, bi, L);
	else /* byte b holds b + a random offset: every byte differs (4 x lanes <= 256) */
		for (off = (unsigned)rfm_rng_next(r), b = 0; b < 4 * L; b++)
			byte_set(bi, b, b + off);
	x->fed_back = rfm_rng_chance(r, 1, 2);
	if (x->fed_back)
		memcpy(ti, x->last_ti, L * sizeof(uint32_t));
	else
		rfm_rng_fill(r, ti, L * 32);
}

static int tc_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_tc_t *x = (rfm_tc_t *)m;
	unsigned L = m->cfg->rf_lanes, t, k;
	const uint32_t *bi = rfm_wide(m, x->ix.bi_i), *tio = rfm_wide(m, x->ix.ti_o);
	const uint32_t *tii = rfm_wide(m, x->ix.ti_i), *bio = rfm_wide(m, x->ix.bi_o);
	/* the permutation, bit for bit: TI[8*lanes*k + 8t + i] = BI[32t + 8k + i] */
	for (t = 0; t < L; t++)
		for (k = 0; k < 4; k++) {
			unsigned tb = 8 * (L * k + t), bb = 32 * t + 8 * k;
			if (rfm_bits_get(tio, tb, 8) != rfm_bits_get(bi, bb, 8) ||
			    rfm_bits_get(bio, bb, 8) != rfm_bits_get(tii, tb, 8)) {
				fprintf(err, "cycle %llu: rf_ti_convert golden: lane %u byte %u is not at TI bit %u / BI bit %u\n",
					(unsigned long long)cycle, t, k, tb, bb);
				return 1;
			}
		}
	/* round trip: last cycle's ti_o fed back to ti_i comes out as last cycle's bi_i */
	if (x->fed_back && cycle > 0) {
		if (memcmp(bio, x->last_bi, L * sizeof(uint32_t))) {
			fprintf(err, "cycle %llu: rf_ti_convert invariant 1: TI -> BI (BI -> TI (x)) != x\n",
				(unsigned long long)cycle);
			return 1;
		}
		rfm_cov_hit(m, TC_ROUND_TRIP);
	}
	rfm_cov_hit(m, x->kind);
	memcpy(x->last_bi, bi, L * sizeof(uint32_t));
	memcpy(x->last_ti, tio, L * sizeof(uint32_t));
	return 0;
}

RFM_BLOCK(rf_ti_convert, rfm_tc_t, tc_ix_t, tc_ports, tc_names, TC_N,
	  rfm_block_noop, tc_eval, rfm_block_noop, tc_stim, tc_check,
	  rfm_block_noop, rfm_block_no_setup)

/* ---- rf_byte_swap ----------------------------------------------------------------------------- */

typedef struct bs_ix {
	unsigned data_i, sel_i, data_o;
} bs_ix_t;

enum { BS_PASS, BS_SWAP, BS_INVOLUTION, BS_NARROW_SWAPPED, BS_N };
static const char *const bs_names[BS_N] = {"sel_low_passes", "sel_high_swaps", "swap_of_swap_is_identity",
					   "narrow_value_swapped"};

typedef struct rfm_bs {
	rfm_model_t m;
	bs_ix_t ix;
	uint32_t last_in[CW_MAXL], last_out[CW_MAXL]; /* the previous cycle's data_i and data_o */
	unsigned last_sel;                            /* and sel_i */
	int fed_back;                                 /* stimulus: data_i is the previous data_o */
	int narrow;                                   /* stimulus: data_i is a narrow warp value */
} rfm_bs_t;

static int bs_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	bs_ix_t *ix = ixv;
	rfm_ports_group(pt, "data");
	ix->data_i = rfm_ports_add(pt, RFM_IN, c->rf_lanes * 32, "BI vector: lane t in bits [32t +: 32]", "data_i");
	ix->sel_i = rfm_ports_add(pt, RFM_IN, 1, "1: reverse the 4 bytes of every lane (odd register)", "sel_i");
	ix->data_o = rfm_ports_add(pt, RFM_OUT, c->rf_lanes * 32, "lane t byte k = data_i lane t byte sel ? 3-k : k",
				   "data_o");
	return 0;
}

static void bs_eval(rfm_model_t *m)
{
	rfm_bs_t *x = (rfm_bs_t *)m;
	unsigned L = m->cfg->rf_lanes, sel = (unsigned)rfm_get(m, x->ix.sel_i);
	uint32_t *o = rfm_wide(m, x->ix.data_o);
	rfm_bswap_lanes(rfm_wide(m, x->ix.data_i), o, L, sel);
	if (m->mutate == RFM_FAULT_SWAP_ROTATES_LANE && sel)
		o[L - 1] = __builtin_bswap32(o[L - 1]) >> 8 | __builtin_bswap32(o[L - 1]) << 24;
}

static void bs_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_bs_t *x = (rfm_bs_t *)m;
	unsigned L = m->cfg->rf_lanes;
	uint32_t *d = rfm_wide(m, x->ix.data_i);
	(void)cycle;
	rfm_clear_inputs(m);
	x->fed_back = cycle > 0 && rfm_rng_chance(r, 1, 3);
	x->narrow = 0;
	if (x->fed_back) { /* the swap of the last output, with the same select */
		memcpy(d, x->last_out, L * sizeof(uint32_t));
		rfm_set(m, x->ix.sel_i, x->last_sel);
		return;
	}
	if (rfm_rng_chance(r, 1, 2)) {
		cw_value(r, d, L);
		x->narrow = 1;
	} else {
		rfm_rng_fill(r, d, L * 32);
	}
	rfm_set(m, x->ix.sel_i, rfm_rng_chance(r, 1, 2));
}

static int bs_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_bs_t *x = (rfm_bs_t *)m;
	unsigned L = m->cfg->rf_lanes, sel = (unsigned)rfm_get(m, x->ix.sel_i), t, k;
	const uint32_t *in = rfm_wide(m, x->ix.data_i), *out = rfm_wide(m, x->ix.data_o);
	for (t = 0; t < L; t++)
		for (k = 0; k < 4; k++) {
			unsigned o = rfm_bi_byte(out, t, k), want = rfm_bi_byte(in, t, sel ? 3 - k : k);
			/* invariant 2: output byte (t, k) comes from input byte (t, k) or (t, 3 - k) only */
			if (o != rfm_bi_byte(in, t, k) && o != rfm_bi_byte(in, t, 3 - k)) {
				fprintf(err, "cycle %llu: rf_byte_swap invariant 2: lane %u byte %u (0x%02x) is no byte of its lane\n",
					(unsigned long long)cycle, t, k, o);
				return 1;
			}
			if (o != want) {
				fprintf(err, "cycle %llu: rf_byte_swap golden: sel %u lane %u byte %u is 0x%02x, expected 0x%02x\n",
					(unsigned long long)cycle, sel, t, k, o, want);
				return 1;
			}
		}
	/* invariant 2: the swap is its own inverse */
	if (x->fed_back) {
		if (memcmp(out, x->last_in, L * sizeof(uint32_t))) {
			fprintf(err, "cycle %llu: rf_byte_swap invariant 2: swap (swap (x)) != x\n", (unsigned long long)cycle);
			return 1;
		}
		rfm_cov_hit(m, BS_INVOLUTION);
	}
	rfm_cov_hit(m, sel ? BS_SWAP : BS_PASS);
	if (sel && x->narrow)
		rfm_cov_hit(m, BS_NARROW_SWAPPED);
	memcpy(x->last_in, in, L * sizeof(uint32_t));
	memcpy(x->last_out, out, L * sizeof(uint32_t));
	x->last_sel = sel;
	return 0;
}

RFM_BLOCK(rf_byte_swap, rfm_bs_t, bs_ix_t, bs_ports, bs_names, BS_N,
	  rfm_block_noop, bs_eval, rfm_block_noop, bs_stim, bs_check,
	  rfm_block_noop, rfm_block_no_setup)

/* ---- rf_width_detect -------------------------------------------------------------------------- */

typedef struct wd_ix {
	unsigned valid, active, data, odd, osign, oenc;
	unsigned sign, enc, fsign, fenc, pmask, wdata, bwe;
} wd_ix_t;

enum {
	WD_W1, WD_W2, WD_W3, WD_W4, WD_NEG, WD_MIXED, WD_THERMO, WD_EVEN, WD_ODD, WD_WIDENED, WD_FILL, WD_SIGN_CHANGE,
	WD_SHRINK, WD_NO_VALID, WD_NO_ACTIVE, WD_N
};
static const char *const wd_names[WD_N] = {
	"new_width_1", "new_width_2", "new_width_3", "new_width_4", "negative_narrow", "mixed_sign_full_width",
	"thermometer_fills_a_hole", "even_register_write", "odd_register_write", "partial_write_keeps_old_width",
	"partial_write_inactive_fill", "partial_write_sign_change", "full_write_shrinks", "no_write_valid_low",
	"no_write_no_active_lane"};

/* The register the stimulus writes to, as stored: physical TI data (bytes outside the mask hold
 * stale data), its mask-buffer code, its side and the architectural lane values. */
typedef struct wd_reg {
	uint32_t phys[CW_MAXL];
	uint32_t arch[CW_MAXL];
	rfm_cw_code_t code;
	unsigned odd;
} wd_reg_t;

typedef struct rfm_wd {
	rfm_model_t m;
	wd_ix_t ix;
	wd_reg_t reg; /* stimulus and checker: the destination register before this cycle's write */
} rfm_wd_t;

static int wd_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	wd_ix_t *ix = ixv;
	unsigned L = c->rf_lanes;
	rfm_ports_group(pt, "write-back result");
	ix->valid = rfm_ports_add(pt, RFM_IN, 1, "a result is written back", "valid_i");
	ix->active = rfm_ports_add(pt, RFM_IN, L, "lane t writes (active and not predicated off)", "active_i");
	ix->data = rfm_ports_add(pt, RFM_IN, 32 * L, "result, BI: lane t in bits [32t +: 32]", "data_i");
	rfm_ports_group(pt, "destination register");
	ix->odd = rfm_ports_add(pt, RFM_IN, 1, "odd register: left-aligned (byte-swapped)", "odd_i");
	ix->osign = rfm_ports_add(pt, RFM_IN, 1, "its mask-buffer entry: sign", "old_sign_i");
	ix->oenc = rfm_ports_add(pt, RFM_IN, 2, "its mask-buffer entry: enc = width - 1", "old_enc_i");
	rfm_ports_group(pt, "code of the new value (active lanes)");
	ix->sign = rfm_ports_add(pt, RFM_OUT, 1, "OR of bit 31 over active lanes", "sign_o");
	ix->enc = rfm_ports_add(pt, RFM_OUT, 2, "its width in bytes - 1", "enc_o");
	rfm_ports_group(pt, "write request (arbiter; bank, mask buffer on grant)");
	ix->fsign = rfm_ports_add(pt, RFM_OUT, 1, "final sign (A4 merge; old sign if no lane writes)", "fsign_o");
	ix->fenc = rfm_ports_add(pt, RFM_OUT, 2, "final enc (A4 merge; old enc if no lane writes)", "fenc_o");
	ix->pmask = rfm_ports_add(pt, RFM_OUT, 4, "physical sub-bank mask: bit k = sub-bank k; 0 if no write",
				  "pmask_o");
	ix->wdata = rfm_ports_add(pt, RFM_OUT, 32 * L, "TI, physical: sub-bank k lane t at bit 8*lanes*k + 8t",
				  "wdata_o");
	ix->bwe = rfm_ports_add(pt, RFM_OUT, 4 * L, "byte enables: bit lanes*k + t = sub-bank k, lane t", "bwe_o");
	return 0;
}

static void wd_eval(rfm_model_t *m)
{
	rfm_wd_t *x = (rfm_wd_t *)m;
	unsigned L = m->cfg->rf_lanes, t, k;
	uint64_t full = rfm_mask64(L), act = rfm_get(m, x->ix.valid) ? rfm_get(m, x->ix.active) & full : 0;
	unsigned odd = (unsigned)rfm_get(m, x->ix.odd);
	rfm_cw_code_t old = {(unsigned)rfm_get(m, x->ix.osign), (unsigned)rfm_get(m, x->ix.oenc)}, nw, f;
	const uint32_t *d = rfm_wide(m, x->ix.data);
	uint32_t w[CW_MAXL], *bwe = rfm_wide(m, x->ix.bwe);
	unsigned pmask = 0;

	nw = detect(d, act, L, m->mutate);
	f = old; /* no lane writes: the stored code stays */
	if (act) {
		f = rfm_cw_merge(nw, old, act == full);
		if (m->mutate == RFM_FAULT_MERGE_IGNORES_SIGN_CHANGE && act != full) /* the wider width stays */
			f.enc = nw.enc > old.enc ? nw.enc : old.enc;
		pmask = rfm_cw_pmask(f.enc, m->mutate == RFM_FAULT_ODD_PMASK_NOT_REVERSED ? 0 : odd);
	}
	/* inactive lanes carry the old sign fill; odd registers byte-swapped; then BI -> TI */
	for (t = 0; t < L; t++)
		w[t] = (act >> t) & 1u ? d[t] : old.sign ? 0xffffffffu : 0u;
	rfm_bswap_lanes(w, w, L, odd);
	rfm_bi_to_ti(w, rfm_wide(m, x->ix.wdata), L);
	/* logical byte k of lane t: active lanes write k <= f.enc, inactive ones old.enc < k <= f.enc */
	memset(bwe, 0, m->slot[x->ix.bwe].words * sizeof(uint32_t));
	for (t = 0; t < L; t++)
		for (k = 0; k < 4; k++) {
			int on = k <= f.enc && ((act >> t) & 1u ? 1 : k > old.enc && m->mutate != RFM_FAULT_INACTIVE_NOT_FILLED);
			if (on)
				rfm_bits_set(bwe, L * (odd ? 3 - k : k) + t, 1, 1);
		}
	rfm_set(m, x->ix.sign, nw.sign);
	rfm_set(m, x->ix.enc, nw.enc);
	rfm_set(m, x->ix.fsign, f.sign);
	rfm_set(m, x->ix.fenc, f.enc);
	rfm_set(m, x->ix.pmask, pmask);
}

/* A fresh destination register: a full write of a stimulus value (odd or even), stale bytes
 * outside its mask; now and then the reset state (0, code {0, 00}, zero storage). */
static void wd_fresh(rfm_wd_t *x, rfm_rng_t *r)
{
	unsigned L = x->m.cfg->rf_lanes, t, k;
	wd_reg_t *g = &x->reg;
	g->odd = (unsigned)rfm_rng_chance(r, 1, 2);
	if (rfm_rng_chance(r, 1, 16)) {
		memset(g->arch, 0, sizeof(g->arch));
		memset(g->phys, 0, sizeof(g->phys));
		g->code.sign = g->code.enc = 0;
		return;
	}
	cw_value(r, g->arch, L);
	g->code = gold_code(g->arch, rfm_mask64(L), L);
	rfm_rng_fill(r, g->phys, 32 * L);
	for (t = 0; t < L; t++)
		for (k = 0; k <= g->code.enc; k++)
			byte_set(g->phys, L * (g->odd ? 3 - k : k) + t, rfm_bi_byte(g->arch, t, k));
}

static void wd_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_wd_t *x = (rfm_wd_t *)m;
	unsigned L = m->cfg->rf_lanes, roll;
	uint64_t full = rfm_mask64(L), act;
	rfm_clear_inputs(m);
	if (cycle == 0 || rfm_rng_chance(r, 1, 4))
		wd_fresh(x, r);
	rfm_set(m, x->ix.odd, x->reg.odd);
	rfm_set(m, x->ix.osign, x->reg.code.sign);
	rfm_set(m, x->ix.oenc, x->reg.code.enc);
	rfm_set(m, x->ix.valid, !rfm_rng_chance(r, 1, 16));
	roll = (unsigned)rfm_rng_below(r, 100);
	if (roll < 45)
		act = full;
	else if (roll < 80)
		act = rfm_rng_next(r) & full;
	else if (roll < 90)
		act = 1ull << rfm_rng_below(r, L);
	else if (roll < 95)
		act = full & ~(1ull << rfm_rng_below(r, L));
	else
		act = 0;
	rfm_set(m, x->ix.active, act);
	cw_value(r, rfm_wide(m, x->ix.data), L);
}

static int wd_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_wd_t *x = (rfm_wd_t *)m;
	unsigned L = m->cfg->rf_lanes, t, k, p, odd = (unsigned)rfm_get(m, x->ix.odd);
	uint64_t full = rfm_mask64(L), act = rfm_get(m, x->ix.valid) ? rfm_get(m, x->ix.active) & full : 0;
	rfm_cw_code_t old = {(unsigned)rfm_get(m, x->ix.osign), (unsigned)rfm_get(m, x->ix.oenc)};
	rfm_cw_code_t g, f = {(unsigned)rfm_get(m, x->ix.fsign), (unsigned)rfm_get(m, x->ix.fenc)}, wantf;
	unsigned pmask = (unsigned)rfm_get(m, x->ix.pmask), sign = (unsigned)rfm_get(m, x->ix.sign);
	unsigned enc = (unsigned)rfm_get(m, x->ix.enc), need = 0, slices = 0;
	static const unsigned even_pm[4] = {0x1, 0x3, 0x7, 0xf}, odd_pm[4] = {0x8, 0xc, 0xe, 0xf};
	const uint32_t *d = rfm_wide(m, x->ix.data), *wdata = rfm_wide(m, x->ix.wdata), *bwe = rfm_wide(m, x->ix.bwe);
	uint32_t phys[CW_MAXL];

	/* invariants 3 and 4: the detected code is sufficient and minimal (second formulation) */
	g = gold_code(d, act, L);
	if (sign != g.sign || enc != g.enc) {
		fprintf(err, "cycle %llu: rf_width_detect invariant 3/4: code {%u, %u}, expected {%u, %u}\n",
			(unsigned long long)cycle, sign, enc, g.sign, g.enc);
		return 1;
	}
	/* A4: the final code */
	wantf = old;
	if (act == full)
		wantf = g;
	else if (act)
		wantf.sign = g.sign, wantf.enc = g.sign != old.sign ? 3 : g.enc > old.enc ? g.enc : old.enc;
	if (f.sign != wantf.sign || f.enc != wantf.enc) {
		fprintf(err, "cycle %llu: rf_width_detect A4: final code {%u, %u}, expected {%u, %u} (old {%u, %u}, active 0x%llx)\n",
			(unsigned long long)cycle, f.sign, f.enc, wantf.sign, wantf.enc, old.sign, old.enc,
			(unsigned long long)act);
		return 1;
	}
	/* invariant 5: the physical mask; invariant 8: enables only inside it, every masked slice written */
	if (pmask != (act ? (odd ? odd_pm : even_pm)[f.enc] : 0u)) {
		fprintf(err, "cycle %llu: rf_width_detect invariant 5: pmask %x for enc %u on an %s register\n",
			(unsigned long long)cycle, pmask, f.enc, odd ? "odd" : "even");
		return 1;
	}
	for (t = 0; t < L; t++)
		for (k = 0; k < 4; k++) {
			unsigned pk = odd ? 3 - k : k, on = (unsigned)rfm_bits_get(bwe, L * pk + t, 1);
			unsigned want = act && k <= f.enc && (((act >> t) & 1u) || k > old.enc);
			if (on != want) {
				fprintf(err, "cycle %llu: rf_width_detect A4: lane %u logical byte %u (sub-bank %u) enable %u, expected %u\n",
					(unsigned long long)cycle, t, k, pk, on, want);
				return 1;
			}
			slices |= on << pk;
		}
	if (slices != pmask) {
		fprintf(err, "cycle %llu: rf_width_detect invariant 8: enabled sub-banks %x, pmask %x\n",
			(unsigned long long)cycle, slices, pmask);
		return 1;
	}
	/* invariant 7, read-back equality: apply the write to the stored register, then unswap and
	 * sign-fill with the final code; active lanes read the new value, inactive ones the old */
	memcpy(phys, x->reg.phys, sizeof(phys));
	for (p = 0; p < 4 * L; p++)
		if (rfm_bits_get(bwe, p, 1))
			byte_set(phys, p, byte_get(wdata, p));
	for (t = 0; t < L; t++) {
		uint32_t got = 0, want = (act >> t) & 1u ? d[t] : x->reg.arch[t];
		for (k = 0; k < 4; k++)
			got |= (uint32_t)(k <= f.enc ? byte_get(phys, L * (odd ? 3 - k : k) + t) : f.sign ? 0xffu : 0u)
			       << (8 * k);
		if (got != want) {
			fprintf(err, "cycle %llu: rf_width_detect golden: lane %u reads back 0x%08x, expected 0x%08x (%s, %s)\n",
				(unsigned long long)cycle, t, got, want, (act >> t) & 1u ? "active" : "inactive",
				odd ? "odd" : "even");
			return 1;
		}
		x->reg.arch[t] = want;
	}
	memcpy(x->reg.phys, phys, sizeof(phys));
	x->reg.code = f;

	/* coverage */
	if (!rfm_get(m, x->ix.valid)) {
		rfm_cov_hit(m, WD_NO_VALID);
		return 0;
	}
	if (!act) {
		rfm_cov_hit(m, WD_NO_ACTIVE);
		return 0;
	}
	rfm_cov_hit(m, WD_W1 + g.enc);
	rfm_cov_hit(m, odd ? WD_ODD : WD_EVEN);
	if (g.sign && g.enc < 3)
		rfm_cov_hit(m, WD_NEG);
	for (t = 0; t < L; t++)
		for (k = 1; k < 4; k++)
			if (((act >> t) & 1u) && rfm_bi_byte(d, t, k) != (g.sign ? 0xffu : 0u))
				need |= 1u << k;
	if (need != 0 && (need + 2) & need) /* the needed upper bytes have a hole: 0100, 1000, 1010 */
		rfm_cov_hit(m, WD_THERMO);
	for (t = 0; t < L; t++)
		if (((act >> t) & 1u) && (int32_t)d[t] >= 0 && g.sign) {
			rfm_cov_hit(m, WD_MIXED);
			break;
		}
	if (act == full && g.enc < old.enc)
		rfm_cov_hit(m, WD_SHRINK);
	if (act != full) {
		if (g.sign != old.sign)
			rfm_cov_hit(m, WD_SIGN_CHANGE);
		else if (old.enc > g.enc)
			rfm_cov_hit(m, WD_WIDENED);
		if (f.enc > old.enc)
			rfm_cov_hit(m, WD_FILL);
	}
	return 0;
}

RFM_BLOCK(rf_width_detect, rfm_wd_t, wd_ix_t, wd_ports, wd_names, WD_N,
	  rfm_block_noop, wd_eval, rfm_block_noop, wd_stim, wd_check,
	  rfm_block_noop, rfm_block_no_setup)

/* ---- rf_mask_buffer --------------------------------------------------------------------------- */

#define MB_MAXL (4 * 3) /* most issue lookups: schedulers x operands */
#define MB_MAXW 2       /* most write ports */
#define MB_RECENT 16    /* stimulus: entries updated lately */

typedef struct mb_ix {
	unsigned clk, rst;
	unsigned lidx[MB_MAXL], lsign[MB_MAXL], lenc[MB_MAXL];
	unsigned oidx[MB_MAXW], osign[MB_MAXW], oenc[MB_MAXW];
	unsigned uv[MB_MAXW], uidx[MB_MAXW], usign[MB_MAXW], uenc[MB_MAXW];
	unsigned msign, menc;
} mb_ix_t;

enum {
	MB_UPDATE, MB_TWO_UPDATES, MB_NEG, MB_ENC3, MB_LOOK_RECENT, MB_LOOK_SAME_CYCLE, MB_OLD_SAME_CYCLE,
	MB_LOOK_RESET, MB_N
};
static const char *const mb_names[MB_N] = {"update", "two_updates_one_cycle", "update_negative", "update_width_4",
					   "lookup_of_recent_update", "lookup_during_update_sees_old",
					   "old_lookup_during_own_update", "lookup_of_never_written_entry"};

typedef struct rfm_mb {
	rfm_model_t m;
	mb_ix_t ix;
	unsigned n, nl, nw;              /* entries, issue lookups, write ports */
	uint8_t *st;                     /* model state: entry e = sign << 2 | enc */
	uint8_t *shadow;                 /* checker: the same, kept independently */
	uint64_t *written;               /* checker: cycle + 1 of the entry's last update, 0 = never */
	unsigned recent[MB_RECENT];      /* stimulus: entries updated lately */
} rfm_mb_t;

static unsigned mb_nlook(const rfm_cfg_t *c) { return c->sm_schedulers * c->sm_operands; }

static int mb_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	mb_ix_t *ix = ixv;
	unsigned i, p, pw = c->d.pack_w, N = c->d.warp_regs, S = c->sm_operands;
	if (mb_nlook(c) > MB_MAXL || c->rf_write_ports > MB_MAXW)
		return -1;
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (every entry {0, 00})", "rst_ni");
	for (i = 0; i < mb_nlook(c); i++) {
		rfm_ports_group(pt, "issue lookup %u (scheduler %u, source %u)", i, i / S, i % S);
		ix->lidx[i] = rfm_ports_add(pt, RFM_IN, pw, "warp register: bank x entries + row", "l%u_idx_i", i);
		ix->lsign[i] = rfm_ports_add(pt, RFM_OUT, 1, "its sign (state at the start of the cycle)", "l%u_sign_o", i);
		ix->lenc[i] = rfm_ports_add(pt, RFM_OUT, 2, "its enc = width - 1", "l%u_enc_o", i);
	}
	for (p = 0; p < c->rf_write_ports; p++) {
		rfm_ports_group(pt, "old-value lookup %u (write port %u, partial-write merge)", p, p);
		ix->oidx[p] = rfm_ports_add(pt, RFM_IN, pw, "destination warp register", "o%u_idx_i", p);
		ix->osign[p] = rfm_ports_add(pt, RFM_OUT, 1, "its sign", "o%u_sign_o", p);
		ix->oenc[p] = rfm_ports_add(pt, RFM_OUT, 2, "its enc", "o%u_enc_o", p);
	}
	for (p = 0; p < c->rf_write_ports; p++) {
		rfm_ports_group(pt, "update %u (write port %u, in the cycle its bank write is granted)", p, p);
		ix->uv[p] = rfm_ports_add(pt, RFM_IN, 1, "write the entry at the edge (a higher port wins)", "u%u_valid_i", p);
		ix->uidx[p] = rfm_ports_add(pt, RFM_IN, pw, "warp register", "u%u_idx_i", p);
		ix->usign[p] = rfm_ports_add(pt, RFM_IN, 1, "final sign", "u%u_sign_i", p);
		ix->uenc[p] = rfm_ports_add(pt, RFM_IN, 2, "final enc", "u%u_enc_i", p);
	}
	rfm_ports_group(pt, "state (registered)");
	ix->msign = rfm_ports_add(pt, RFM_OUT, N, "sign of entry e in bit e", "msign_o");
	ix->menc = rfm_ports_add(pt, RFM_OUT, 2 * N, "enc of entry e in bits [2e+1:2e]", "menc_o");
	return 0;
}

static void mb_reset(rfm_model_t *m)
{
	rfm_mb_t *x = (rfm_mb_t *)m;
	memset(x->st, 0, x->n);
}

/* Entry i of the state as {sign, enc}; out-of-range indices read 0. */
static unsigned mb_read(const rfm_mb_t *x, unsigned i) { return i < x->n ? x->st[i] : 0u; }

static void mb_eval(rfm_model_t *m)
{
	rfm_mb_t *x = (rfm_mb_t *)m;
	unsigned i, p, e;
	uint32_t *ms = rfm_wide(m, x->ix.msign), *me = rfm_wide(m, x->ix.menc);
	for (i = 0; i < x->nl; i++) {
		unsigned idx = (unsigned)rfm_get(m, x->ix.lidx[i]), v = mb_read(x, idx);
		if (m->mutate == RFM_FAULT_MB_UPDATE_BYPASSED)
			for (p = 0; p < x->nw; p++)
				if (rfm_get(m, x->ix.uv[p]) && rfm_get(m, x->ix.uidx[p]) == idx)
					v = (unsigned)(rfm_get(m, x->ix.usign[p]) << 2 | rfm_get(m, x->ix.uenc[p]));
		rfm_set(m, x->ix.lsign[i], v >> 2);
		rfm_set(m, x->ix.lenc[i], v & 3u);
	}
	for (p = 0; p < x->nw; p++) {
		unsigned v = mb_read(x, (unsigned)rfm_get(m, x->ix.oidx[p]));
		rfm_set(m, x->ix.osign[p], v >> 2);
		rfm_set(m, x->ix.oenc[p], v & 3u);
	}
	memset(ms, 0, m->slot[x->ix.msign].words * sizeof(uint32_t));
	memset(me, 0, m->slot[x->ix.menc].words * sizeof(uint32_t));
	for (e = 0; e < x->n; e++) {
		rfm_bits_set(ms, e, 1, x->st[e] >> 2);
		rfm_bits_set(me, 2 * e, 2, x->st[e] & 3u);
	}
}

static void mb_tick(rfm_model_t *m)
{
	rfm_mb_t *x = (rfm_mb_t *)m;
	unsigned p;
	for (p = 0; p < x->nw; p++) { /* port order: a higher port wins on the same entry */
		unsigned idx = (unsigned)rfm_get(m, x->ix.uidx[p]);
		if (!rfm_get(m, x->ix.uv[p]) || idx >= x->n)
			continue;
		if (m->mutate == RFM_FAULT_MB_PORT1_LOST && p == 1 && rfm_get(m, x->ix.uv[0]))
			continue;
		x->st[idx] = (uint8_t)(rfm_get(m, x->ix.usign[p]) << 2 | rfm_get(m, x->ix.uenc[p]));
	}
}

static unsigned mb_pick(rfm_mb_t *x, rfm_rng_t *r)
{
	return rfm_rng_chance(r, 2, 3) ? x->recent[rfm_rng_below(r, MB_RECENT)] : (unsigned)rfm_rng_below(r, x->n);
}

static void mb_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_mb_t *x = (rfm_mb_t *)m;
	unsigned i, p, uidx[MB_MAXW], nu = 0;
	static const unsigned enc_w[4] = {45, 65, 71, 100}; /* fig3_3's widths, cumulative percent */
	(void)cycle;
	rfm_clear_inputs(m);
	for (p = 0; p < x->nw; p++) {
		unsigned idx = rfm_rng_chance(r, 1, 4) ? x->recent[rfm_rng_below(r, MB_RECENT)] : (unsigned)rfm_rng_below(r, x->n);
		unsigned roll = (unsigned)rfm_rng_below(r, 100), enc = 0, q, dup = 0;
		for (q = 0; q < nu; q++)
			dup |= uidx[q] == idx;
		if (dup || !rfm_rng_chance(r, 1, 2)) /* two updates of one entry cannot happen (WAW) */
			continue;
		while (roll >= enc_w[enc])
			enc++;
		rfm_set(m, x->ix.uv[p], 1);
		rfm_set(m, x->ix.uidx[p], idx);
		rfm_set(m, x->ix.usign[p], enc < 3 ? rfm_rng_chance(r, 1, 5) : rfm_rng_chance(r, 1, 2));
		rfm_set(m, x->ix.uenc[p], enc);
		uidx[nu++] = idx;
	}
	/* the old-value lookup of a write port reads its own destination, mostly */
	for (p = 0; p < x->nw; p++)
		rfm_set(m, x->ix.oidx[p], rfm_get(m, x->ix.uv[p]) && rfm_rng_chance(r, 7, 8) ? rfm_get(m, x->ix.uidx[p])
											      : mb_pick(x, r));
	for (i = 0; i < x->nl; i++)
		rfm_set(m, x->ix.lidx[i], nu && rfm_rng_chance(r, 1, 8) ? uidx[rfm_rng_below(r, nu)] : mb_pick(x, r));
	for (p = 0; p < nu; p++)
		x->recent[rfm_rng_below(r, MB_RECENT)] = uidx[p];
}

static int mb_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_mb_t *x = (rfm_mb_t *)m;
	unsigned i, p, e, q, nu = 0;
	const uint32_t *ms = rfm_wide(m, x->ix.msign), *me = rfm_wide(m, x->ix.menc);
	if (!rfm_get(m, x->ix.rst)) {
		memset(x->shadow, 0, x->n);
		memset(x->written, 0, x->n * sizeof(uint64_t));
		return 0;
	}
	for (e = 0; e < x->n; e++)
		if (rfm_bits_get(ms, e, 1) != (x->shadow[e] >> 2) || rfm_bits_get(me, 2 * e, 2) != (x->shadow[e] & 3u)) {
			fprintf(err, "cycle %llu: rf_mask_buffer golden: entry %u holds {%u, %u}, expected {%u, %u}\n",
				(unsigned long long)cycle, e, (unsigned)rfm_bits_get(ms, e, 1), (unsigned)rfm_bits_get(me, 2 * e, 2),
				x->shadow[e] >> 2, x->shadow[e] & 3u);
			return 1;
		}
	for (i = 0; i < x->nl + x->nw; i++) {
		int iss = i < x->nl;
		unsigned j = iss ? i : i - x->nl, idx = (unsigned)rfm_get(m, iss ? x->ix.lidx[j] : x->ix.oidx[j]);
		unsigned s = (unsigned)rfm_get(m, iss ? x->ix.lsign[j] : x->ix.osign[j]);
		unsigned en = (unsigned)rfm_get(m, iss ? x->ix.lenc[j] : x->ix.oenc[j]);
		unsigned want = idx < x->n ? x->shadow[idx] : 0u, upd = 0;
		if (s != want >> 2 || en != (want & 3u)) {
			fprintf(err, "cycle %llu: rf_mask_buffer golden: %s lookup %u of entry %u gives {%u, %u}, expected {%u, %u}\n",
				(unsigned long long)cycle, iss ? "issue" : "old-value", j, idx, s, en, want >> 2, want & 3u);
			return 1;
		}
		for (p = 0; p < x->nw; p++)
			if (rfm_get(m, x->ix.uv[p]) && rfm_get(m, x->ix.uidx[p]) == idx &&
			    (unsigned)(rfm_get(m, x->ix.usign[p]) << 2 | rfm_get(m, x->ix.uenc[p])) != want)
				upd = 1 + (!iss && p == j);
		if (upd)
			rfm_cov_hit(m, upd == 2 ? MB_OLD_SAME_CYCLE : MB_LOOK_SAME_CYCLE);
		if (idx < x->n && x->written[idx] && x->written[idx] + 8 > cycle + 1)
			rfm_cov_hit(m, MB_LOOK_RECENT);
		if (idx < x->n && !x->written[idx])
			rfm_cov_hit(m, MB_LOOK_RESET);
	}
	/* the updates, as the edge will commit them; two of one entry is a stimulus error (WAW) */
	for (p = 0; p < x->nw; p++) {
		unsigned idx = (unsigned)rfm_get(m, x->ix.uidx[p]);
		if (!rfm_get(m, x->ix.uv[p]))
			continue;
		for (q = 0; q < p; q++)
			if (rfm_get(m, x->ix.uv[q]) && rfm_get(m, x->ix.uidx[q]) == idx) {
				fprintf(err, "cycle %llu: rf_mask_buffer: stimulus error: ports %u and %u update entry %u (WAW)\n",
					(unsigned long long)cycle, q, p, idx);
				return 1;
			}
		if (idx >= x->n) {
			fprintf(err, "cycle %llu: rf_mask_buffer: stimulus error: port %u updates entry %u of %u\n",
				(unsigned long long)cycle, p, idx, x->n);
			return 1;
		}
		x->shadow[idx] = (uint8_t)((rfm_get(m, x->ix.usign[p]) & 1u) << 2 | (rfm_get(m, x->ix.uenc[p]) & 3u));
		x->written[idx] = cycle + 1;
		nu++;
		rfm_cov_hit(m, MB_UPDATE);
		if (x->shadow[idx] >> 2 && (x->shadow[idx] & 3u) < 3)
			rfm_cov_hit(m, MB_NEG);
		if ((x->shadow[idx] & 3u) == 3)
			rfm_cov_hit(m, MB_ENC3);
	}
	if (nu >= 2)
		rfm_cov_hit(m, MB_TWO_UPDATES);
	return 0;
}

/* Free what the block allocated beyond the model head (rfm_block destroy hook). */
static void mb_release(rfm_model_t *m)
{
	rfm_mb_t *x = (rfm_mb_t *)m;
	free(x->st);
	free(x->shadow);
	free(x->written);
}

/* What rfm_rf_mask_buffer_create does after rfm_model_init: 0 on success. */
static int mask_buffer_setup(rfm_model_t *m)
{
	rfm_mb_t *x = (rfm_mb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	x->n = c->d.warp_regs;
	x->nl = mb_nlook(c);
	x->nw = c->rf_write_ports;
	x->st = calloc(x->n + 1, 1);
	x->shadow = calloc(x->n + 1, 1);
	x->written = calloc(x->n + 1, sizeof(uint64_t));
	if (!x->st || !x->shadow || !x->written)
		return -1;
	if (x->nw < 2)
		rfm_cov_na(&x->m, MB_TWO_UPDATES);
	return 0;
}

RFM_BLOCK(rf_mask_buffer, rfm_mb_t, mb_ix_t, mb_ports, mb_names, MB_N,
	  mb_reset, mb_eval, mb_tick, mb_stim, mb_check,
	  mb_release, mask_buffer_setup)
