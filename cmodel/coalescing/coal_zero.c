/* coal_zero.c - zero-data gating (dissertation chapter 4) on the coalescing register file's
 * thread-interleaved storage (docs/coalescing.md, "Zero gating"; rfm_coal.h):
 *
 *   rf_zero_detect   one write-back: in-lane and cross-lane zero words, the per-group R-bit, the
 *                    new zero-mask entry, TI byte enables and the B4 materialized zeros
 *   rf_zero_read     one operand read: TI byte read enables from the active mask, the entry and
 *                    the sub-bank mask; gated bytes read as 0
 *   rf_zmask_array   the zero-mask buffer's entries: a flow-through array, not reset (an SRAM
 *                    macro on an ASIC target or past SRAM_FLOP_MAX_BITS bits, synth/sram_model.sh)
 *   rf_zmask_buffer  the zero-mask buffer: an entry {zm, R} per physical warp register, held in
 *                    rf_zmask_array, with a valid bit per register in flops
 *
 * Zero switch cells. In TI storage byte (t, k) of lane t sits in sub-bank k at position t, so the
 * cross-lane word (g, s) (byte s of lanes 4g..4g+3, the chapter's transposed word) is already
 * contiguous: bytes 4g..4g+3 of sub-bank s. The six 2x2 byte switches per group that chapter 4
 * adds are the BI -> TI wiring chapter 3 adds anyway; what remains per byte is a 2:1 choice of
 * the zero bit that gates it: lane bit zm[t] (R = 0) or word bit zm[4g + k] (R = 1).
 */
#include <stdlib.h>

#include "rfm_coal.h"
#include "rfm_fault_ids.h"
#include "rfm_ftarray.h"
#include "rfm_models.h"

/* ---- shared helpers ---------------------------------------------------------------------------- */

/* Byte b of a byte array stored in 32-bit words (TI: b = lanes * k + t). */
static unsigned byte_get(const uint32_t *w, unsigned b) { return (w[b / 4] >> (8 * (b % 4))) & 0xffu; }

static void byte_set(uint32_t *w, unsigned b, unsigned v)
{
	w[b / 4] = (w[b / 4] & ~(0xffu << (8 * (b % 4)))) | ((v & 0xffu) << (8 * (b % 4)));
}

static unsigned bit(uint64_t v, unsigned i) { return (unsigned)((v >> i) & 1u); }

rfm_cz_entry_t rfm_cz_reset_entry(unsigned lanes, unsigned mode)
{
	rfm_cz_entry_t e = {0, 0};
	if (mode >= RFM_ZG_IN_LANE)
		e.zm = rfm_mask64(lanes);
	if (mode == RFM_ZG_CROSS_LANE)
		e.r = (uint32_t)rfm_mask64(lanes / 4);
	return e;
}

/* rfm_cz_write with a planted fault (RFM_FAULT_ZERO_* of rf_zero_detect, or RFM_FAULT_NONE). */
static void cz_write(const uint32_t *v, uint64_t active, int valid, rfm_cz_entry_t old, unsigned lanes,
		     unsigned mode, rfm_cz_wr_t *o, unsigned mutate)
{
	unsigned G = lanes / 4, g, i, s, k;
	memset(o, 0, sizeof(*o));
	o->e = old;
	for (g = 0; g < G; g++)
		for (i = 0; i < 4; i++) {
			o->cin[g] += v[4 * g + i] == 0;
			o->cx[g] += rfm_cz_xword(v, g, i) == 0;
		}
	if (!valid)
		return;
	active &= rfm_mask64(lanes);
	if (mode < RFM_ZG_IN_LANE) { /* active-mask gating only: no zero mask */
		for (k = 0; k < 4; k++)
			o->wen[k] = active;
		o->gated_inactive = lanes - rfm_popcount64(active);
		return;
	}
	for (g = 0; g < G; g++) {
		unsigned a = (unsigned)(active >> (4 * g)) & 15u, zold = (unsigned)(old.zm >> (4 * g)) & 15u;
		unsigned r = rfm_cz_group_r(mode, old.r, g), zn = zold;
		if (!a) { /* no lane of the group writes: entry and bytes untouched */
			o->gated_inactive += 4;
			continue;
		}
		if (a == 15u && mode == RFM_ZG_DYNAMIC) /* B3: cross-lane only with strictly more zero words */
			r = mutate == RFM_FAULT_ZERO_TIE_CROSS_LANE ? o->cx[g] >= o->cin[g] : o->cx[g] > o->cin[g];
		if (!r) {
			for (i = 0; i < 4; i++) {
				unsigned t = 4 * g + i, z = v[t] == 0;
				if (!bit(a, i)) {
					if (mutate == RFM_FAULT_ZERO_PARTIAL_GROUP_INACTIVE)
						zn = (zn & ~(1u << i)) | (z << i);
					if (mutate == RFM_FAULT_ZERO_IN_LANE_WRITES_INACTIVE && !z)
						for (k = 0; k < 4; k++)
							o->wen[k] |= 1ull << t;
					o->gated_inactive++;
					continue;
				}
				zn = (zn & ~(1u << i)) | (z << i);
				if (z) {
					o->gated_zero++;
					continue;
				}
				for (k = 0; k < 4; k++)
					o->wen[k] |= 1ull << t;
			}
		} else {
			for (s = 0; s < 4; s++) {
				unsigned az = 1, zs;
				for (i = 0; i < 4; i++)
					if (bit(a, i) && ((v[4 * g + i] >> (8 * s)) & 0xffu))
						az = 0;
				if (a == 15u)
					zs = mutate == RFM_FAULT_ZERO_CROSS_STORES_IN_LANE ? v[4 * g + s] == 0 : az;
				else
					zs = bit(zold, s) & az; /* B4 slot rule */
				zn = (zn & ~(1u << s)) | (zs << s);
				if (zs) {
					o->gated_zero++;
					continue;
				}
				for (i = 0; i < 4; i++) {
					unsigned t = 4 * g + i;
					int act = bit(a, i);
					/* inactive lanes' bytes: 0x00 when the word was zero (materialized), else kept */
					if (act || (bit(zold, s) && mutate != RFM_FAULT_ZERO_SLOT_RULE_WITHOUT_FILL)) {
						o->wen[s] |= 1ull << t;
						if (!act)
							o->fill[s] |= 1ull << t;
					}
				}
			}
		}
		o->e.zm = (o->e.zm & ~(15ull << (4 * g))) | ((uint64_t)zn << (4 * g));
		o->e.r = (o->e.r & ~(1u << g)) | (r << g);
	}
}

void rfm_cz_write(const uint32_t *v, uint64_t active, int valid, rfm_cz_entry_t old, unsigned lanes,
		  unsigned mode, rfm_cz_wr_t *out)
{
	cz_write(v, active, valid, old, lanes, mode, out, RFM_FAULT_NONE);
}

/* rfm_cz_read with a planted fault (RFM_FAULT_ZERO_READ_BY_LANE_BIT, or RFM_FAULT_NONE). */
static void cz_read(uint64_t active, rfm_cz_entry_t e, unsigned pmask, unsigned lanes, unsigned mode,
		    rfm_cz_rd_t *o, unsigned mutate)
{
	unsigned G = lanes / 4, g, i, k;
	memset(o, 0, sizeof(*o));
	active &= rfm_mask64(lanes);
	if (mode < RFM_ZG_IN_LANE) {
		e.zm = 0;
		e.r = 0;
	}
	for (g = 0; g < G; g++) {
		unsigned a = (unsigned)(active >> (4 * g)) & 15u, z = (unsigned)(e.zm >> (4 * g)) & 15u;
		unsigned r = mode < RFM_ZG_IN_LANE ? 0 : rfm_cz_group_r(mode, e.r, g);
		for (i = 0; i < 4; i++) {
			unsigned t = 4 * g + i, need = r ? a != 0 : bit(a, i);
			if (!need)
				o->gated_inactive++;
			else if (bit(z, i))
				o->gated_zero++;
			o->zlane |= (uint64_t)(r ? z == 15u : bit(z, i)) << t;
			for (k = 0; k < 4; k++) {
				unsigned zero = r && mutate != RFM_FAULT_ZERO_READ_BY_LANE_BIT ? bit(z, k) : bit(z, i);
				if (bit(pmask, k) && need && !zero)
					o->ren[k] |= 1ull << t;
			}
		}
	}
}

void rfm_cz_read(uint64_t active, rfm_cz_entry_t e, unsigned pmask, unsigned lanes, unsigned mode,
		 rfm_cz_rd_t *out)
{
	cz_read(active, e, pmask, lanes, mode, out, RFM_FAULT_NONE);
}

/* Store a 4 x lanes byte mask in a port: bit lanes * k + t. */
static void put_bytes(uint32_t *w, const uint64_t *b, unsigned lanes)
{
	unsigned k;
	for (k = 0; k < 4; k++)
		rfm_bits_set(w, lanes * k, lanes, b[k]);
}

/* A warp value for the stimulus: narrow-biased (rfm_cw_sample), then zero lanes forced in one of
 * several patterns, among them groups whose in-lane and cross-lane zero counts tie. */
static const rfm_cw_dist_t zd_dist = {{50, 25, 10, 15}, 10};

static void zero_value(rfm_rng_t *r, uint32_t *v, unsigned lanes)
{
	unsigned t, g, i, n, pick = (unsigned)rfm_rng_below(r, 100);
	rfm_cw_sample(r, &zd_dist, v, lanes);
	if (pick < 25) {
		return;
	} else if (pick < 60) { /* zero lanes at random */
		unsigned den = 2 + (unsigned)rfm_rng_below(r, 4);
		for (t = 0; t < lanes; t++)
			if (rfm_rng_chance(r, 1, den))
				v[t] = 0;
	} else if (pick < 70) { /* whole groups zero */
		for (g = 0; g < lanes / 4; g++)
			if (rfm_rng_chance(r, 1, 2))
				for (i = 0; i < 4; i++)
					v[4 * g + i] = 0;
	} else if (pick < 75) {
		memset(v, 0, lanes * sizeof(*v));
	} else { /* ties: n zero lanes, the others (4 - n) bytes wide with no zero byte: cin = cx = n */
		for (g = 0; g < lanes / 4; g++) {
			if (rfm_rng_chance(r, 1, 3))
				continue;
			n = 1 + (unsigned)rfm_rng_below(r, 3);
			for (i = 0; i < 4; i++) {
				uint32_t x = 0;
				unsigned k;
				for (k = 0; k < 4 - n; k++)
					x |= (uint32_t)(1 + rfm_rng_below(r, 255)) << (8 * k);
				v[4 * g + i] = x;
			}
			for (i = 0; i < n;) { /* n distinct zero lanes */
				unsigned l = 4 * g + (unsigned)rfm_rng_below(r, 4);
				if (v[l]) {
					v[l] = 0;
					i++;
				}
			}
		}
	}
}

/* An active mask: all, none, per group (full, none or partial), or random bits. */
static uint64_t zero_active(rfm_rng_t *r, unsigned lanes)
{
	unsigned pick = (unsigned)rfm_rng_below(r, 100), g;
	uint64_t a = 0;
	if (pick < 25)
		return rfm_mask64(lanes);
	if (pick < 30)
		return 0;
	if (pick < 65) {
		for (g = 0; g < lanes / 4; g++) {
			unsigned q = (unsigned)rfm_rng_below(r, 10);
			uint64_t m = q < 4 ? 15u : q < 6 ? 0 : 1u + rfm_rng_below(r, 14);
			a |= m << (4 * g);
		}
		return a;
	}
	return rfm_rng_next(r) & (rfm_rng_chance(r, 1, 2) ? rfm_rng_next(r) | rfm_rng_next(r) : ~0ull) &
	       rfm_mask64(lanes);
}

/* ---- rf_zero_detect ---------------------------------------------------------------------------- */

#define ZD_REGS 4 /* registers the stimulus writes (shadowed by the checker) */

typedef struct zd_ix {
	unsigned valid, active, data, ozm, orr, zm, r, wen, fill, cin, cx, gi, gz;
} zd_ix_t;

enum {
	ZC_FULL_R0, ZC_FULL_R1, ZC_TIE, ZC_TO_R1, ZC_TO_R0, ZC_PART_R0, ZC_SLOT_STAYS, ZC_SLOT_FILL, ZC_SLOT_ACTIVE,
	ZC_IDLE_GROUP, ZC_NO_LANE, ZC_ALL, ZC_ZERO_LANE, ZC_ZERO_WORD, ZC_ALL_ZERO, ZC_INVALID, ZC_N
};
static const char *const zc_names[ZC_N] = {
	"full_group_in_lane_order", "full_group_cross_lane_order", "tie_keeps_in_lane", "full_group_turns_cross_lane",
	"full_group_turns_in_lane", "partial_group_in_lane", "slot_rule_zero_word_stays", "slot_rule_fills_zeros",
	"slot_rule_writes_active_bytes", "group_without_active_lane", "write_without_active_lane",
	"write_all_lanes_active", "zero_lane_not_written", "zero_cross_lane_word_not_written", "all_zero_value",
	"no_write"};

/* A register as the checker sees it: the bytes its banks hold and its entry, and the value each
 * lane must read back (the last value an active lane wrote, 0 before any). */
typedef struct zd_shadow {
	uint32_t st[RFM_CZ_MAXLANES];   /* TI storage bytes (garbage where never written) */
	rfm_cz_entry_t e;               /* its zero-mask entry */
	uint32_t arch[RFM_CZ_MAXLANES]; /* architectural lane values */
} zd_shadow_t;

typedef struct rfm_zd {
	rfm_model_t m;
	zd_ix_t ix;
	unsigned lanes, mode;
	uint32_t v[RFM_CZ_MAXLANES];
	rfm_cz_wr_t o;
	zd_shadow_t sh[ZD_REGS];
	unsigned cur; /* register the stimulus writes this cycle */
} rfm_zd_t;

static int zd_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	zd_ix_t *ix = ixv;
	unsigned W = c->rf_lanes, G = W / 4, cw = rfm_cntw(W);
	rfm_ports_group(pt, "write-back result");
	ix->valid = rfm_ports_add(pt, RFM_IN, 1, "a result is written back", "valid_i");
	ix->active = rfm_ports_add(pt, RFM_IN, W, "lanes that write (active mask)", "active_i");
	ix->data = rfm_ports_add(pt, RFM_IN, 32 * W, "value as stored, BI: lane t in bits [32t +: 32]", "data_i");
	rfm_ports_group(pt, "destination's zero-mask entry");
	ix->ozm = rfm_ports_add(pt, RFM_IN, W, "zero mask before the write", "old_zm_i");
	ix->orr = rfm_ports_add(pt, RFM_IN, G, "R-bits before the write", "old_r_i");
	rfm_ports_group(pt, "new zero-mask entry");
	ix->zm = rfm_ports_add(pt, RFM_OUT, W, "zero mask: bit w = word w is zero (not written, not read)", "zm_o");
	ix->r = rfm_ports_add(pt, RFM_OUT, G, "R-bits: bit g = group g in cross-lane order", "r_o");
	rfm_ports_group(pt, "TI byte enables, bit W*k+t = lane t sub-bank k");
	ix->wen = rfm_ports_add(pt, RFM_OUT, 4 * W, "byte is written (replaces the active-lane enables)", "wen_o");
	ix->fill = rfm_ports_add(pt, RFM_OUT, 4 * W, "of those, inactive-lane bytes written as 8'h00 (B4)", "fill_o");
	rfm_ports_group(pt, "counts");
	ix->cin = rfm_ports_add(pt, RFM_OUT, 3 * G, "group g: zero lanes of data_i in [3g +: 3]", "cin_o");
	ix->cx = rfm_ports_add(pt, RFM_OUT, 3 * G, "group g: zero cross-lane words of data_i in [3g +: 3]", "cx_o");
	ix->gi = rfm_ports_add(pt, RFM_OUT, cw, "words not written: no active lane in them", "gated_inactive_o");
	ix->gz = rfm_ports_add(pt, RFM_OUT, cw, "words not written: zero", "gated_zero_o");
	return 0;
}

static void zd_eval(rfm_model_t *m)
{
	rfm_zd_t *x = (rfm_zd_t *)m;
	rfm_cz_entry_t old;
	unsigned g, W = x->lanes;
	uint32_t *w;
	memcpy(x->v, rfm_wide(m, x->ix.data), W * 4u);
	old.zm = rfm_get(m, x->ix.ozm);
	old.r = (uint32_t)rfm_get(m, x->ix.orr);
	cz_write(x->v, rfm_get(m, x->ix.active), (int)rfm_get(m, x->ix.valid), old, W, x->mode, &x->o, m->mutate);
	rfm_set(m, x->ix.zm, x->o.e.zm);
	rfm_set(m, x->ix.r, x->o.e.r);
	put_bytes(rfm_wide(m, x->ix.wen), x->o.wen, W);
	put_bytes(rfm_wide(m, x->ix.fill), x->o.fill, W);
	w = rfm_wide(m, x->ix.cin);
	for (g = 0; g < W / 4; g++)
		rfm_bits_set(w, 3 * g, 3, x->o.cin[g]);
	w = rfm_wide(m, x->ix.cx);
	for (g = 0; g < W / 4; g++)
		rfm_bits_set(w, 3 * g, 3, x->o.cx[g]);
	rfm_set(m, x->ix.gi, x->o.gated_inactive);
	rfm_set(m, x->ix.gz, x->o.gated_zero);
}

static void zd_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_zd_t *x = (rfm_zd_t *)m;
	unsigned W = x->lanes, j;
	zd_shadow_t *s;
	uint32_t v[RFM_CZ_MAXLANES];
	rfm_clear_inputs(m);
	if (cycle == 0) /* never-written registers: reset entries over arbitrary bank contents */
		for (j = 0; j < ZD_REGS; j++) {
			memset(&x->sh[j], 0, sizeof(x->sh[j]));
			rfm_rng_fill(r, x->sh[j].st, 32 * W);
			x->sh[j].e = rfm_cz_reset_entry(W, x->mode);
		}
	x->cur = (unsigned)rfm_rng_below(r, ZD_REGS);
	s = &x->sh[x->cur];
	zero_value(r, v, W);
	memcpy(rfm_wide(m, x->ix.data), v, W * 4u);
	rfm_set(m, x->ix.valid, !rfm_rng_chance(r, 1, 20));
	rfm_set(m, x->ix.active, zero_active(r, W));
	rfm_set(m, x->ix.ozm, s->e.zm);
	rfm_set(m, x->ix.orr, s->e.r);
}

/* The checker: the new entry and byte enables, applied to the shadow register the stimulus wrote,
 * must read back (by a direct reconstruction, not rf_zero_read) the architectural value in every
 * lane; the selection must be the mode's and optimal for fully active groups (items 23, 24). */
static int zd_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_zd_t *x = (rfm_zd_t *)m;
	unsigned W = x->lanes, G = W / 4, g, i, k, t, mode = x->mode;
	unsigned long long cy = (unsigned long long)cycle;
	zd_shadow_t *s = &x->sh[x->cur];
	const uint32_t *v = rfm_wide(m, x->ix.data);
	int valid = (int)rfm_get(m, x->ix.valid);
	uint64_t act = valid ? rfm_get(m, x->ix.active) : 0, zm = rfm_get(m, x->ix.zm);
	uint32_t rr = (uint32_t)rfm_get(m, x->ix.r);
	const uint32_t *wen = rfm_wide(m, x->ix.wen), *fill = rfm_wide(m, x->ix.fill);
	unsigned gi = 0, gz = 0, any = 0;

	if (rfm_get(m, x->ix.ozm) != s->e.zm || rfm_get(m, x->ix.orr) != s->e.r)
		return 0; /* inputs not from this stimulus (a unit test driving the ports) */
	for (g = 0; g < G; g++) {
		unsigned a = (unsigned)(act >> (4 * g)) & 15u, rg = (rr >> g) & 1u, rold = (s->e.r >> g) & 1u;
		unsigned cin = 0, cx = 0, nz = (unsigned)rfm_popcount64((zm >> (4 * g)) & 15u);
		unsigned zold = (unsigned)(s->e.zm >> (4 * g)) & 15u, znew = (unsigned)(zm >> (4 * g)) & 15u;
		/* counts by bytes: a lane is zero when its 4 bytes are, a cross-lane word when its 4 are */
		for (i = 0; i < 4; i++) {
			unsigned lz = 1, xz = 1;
			for (k = 0; k < 4; k++) {
				lz &= ((v[4 * g + i] >> (8 * k)) & 0xffu) == 0;
				xz &= ((v[4 * g + k] >> (8 * i)) & 0xffu) == 0;
			}
			cin += lz;
			cx += xz;
		}
		if (rfm_bits_get(rfm_wide(m, x->ix.cin), 3 * g, 3) != cin ||
		    rfm_bits_get(rfm_wide(m, x->ix.cx), 3 * g, 3) != cx) {
			fprintf(err, "cycle %llu: rf_zero_detect golden: group %u counts cin %u cx %u, expected %u %u\n", cy,
				g, (unsigned)rfm_bits_get(rfm_wide(m, x->ix.cin), 3 * g, 3),
				(unsigned)rfm_bits_get(rfm_wide(m, x->ix.cx), 3 * g, 3), cin, cx);
			return 1;
		}
		if (a == 15u) { /* items 23, 24: the mode's order; dynamic: R = 1 iff cx > cin, max(cin, cx) zeros */
			unsigned want = mode == RFM_ZG_IN_LANE ? 0 : mode == RFM_ZG_CROSS_LANE ? 1 : cx > cin;
			unsigned wantz = mode == RFM_ZG_IN_LANE ? cin : mode == RFM_ZG_CROSS_LANE ? cx : (cx > cin ? cx : cin);
			if (rg != want || nz != wantz) {
				fprintf(err, "cycle %llu: rf_zero_detect golden: group %u all active, cin %u cx %u: R %u with "
					     "%u zero words, expected R %u with %u\n", cy, g, cin, cx, rg, nz, want, wantz);
				return 1;
			}
			rfm_cov_hit(m, rg ? ZC_FULL_R1 : ZC_FULL_R0);
			if (mode == RFM_ZG_DYNAMIC && cin == cx && cin)
				rfm_cov_hit(m, ZC_TIE);
			if (mode == RFM_ZG_DYNAMIC && rg != rold)
				rfm_cov_hit(m, rg ? ZC_TO_R1 : ZC_TO_R0);
		} else if (rg != rold || (!a && znew != zold)) { /* B4: a partial or idle group keeps R (and idle: zm) */
			fprintf(err, "cycle %llu: rf_zero_detect golden: group %u (active %x) changed its entry: R %u -> %u, "
				     "zm %x -> %x\n", cy, g, a, rold, rg, zold, znew);
			return 1;
		} else if (a && !rg) { /* item 23: inactive lanes' zero bits unchanged */
			if ((znew ^ zold) & ~a) {
				fprintf(err, "cycle %llu: rf_zero_detect golden: group %u in-lane, active %x: inactive lanes' "
					     "zero bits changed %x -> %x\n", cy, g, a, zold, znew);
				return 1;
			}
			rfm_cov_hit(m, ZC_PART_R0);
		} else if (a) {
			for (k = 0; k < 4; k++) {
				unsigned az = 1;
				for (i = 0; i < 4; i++)
					az &= !(a >> i & 1u) || ((v[4 * g + i] >> (8 * k)) & 0xffu) == 0;
				if (!(zold >> k & 1u))
					rfm_cov_hit(m, ZC_SLOT_ACTIVE);
				else
					rfm_cov_hit(m, az ? ZC_SLOT_STAYS : ZC_SLOT_FILL);
			}
		}
		if (!a && valid)
			rfm_cov_hit(m, ZC_IDLE_GROUP);
		/* words no active lane needs, and needed words marked zero (item 27) */
		for (i = 0; i < 4; i++) {
			unsigned need = rg ? a != 0 : (a >> i) & 1u;
			if (valid && !need)
				gi++;
			if (valid && need && (znew >> i & 1u)) {
				gz++;
				rfm_cov_hit(m, rg ? ZC_ZERO_WORD : ZC_ZERO_LANE);
			}
		}
	}
	if (rfm_get(m, x->ix.gi) != gi || rfm_get(m, x->ix.gz) != gz) {
		fprintf(err, "cycle %llu: rf_zero_detect golden: gated words inactive %u zero %u, expected %u %u\n", cy,
			(unsigned)rfm_get(m, x->ix.gi), (unsigned)rfm_get(m, x->ix.gz), gi, gz);
		return 1;
	}
	/* item 22 and the byte rules: zero words and unwritten groups get no enable; an inactive lane's
	 * byte is written only as a materialized 0x00 */
	for (k = 0; k < 4; k++)
		for (t = 0; t < W; t++) {
			unsigned b = W * k + t, we = (wen[b / 32] >> (b % 32)) & 1u, fi = (fill[b / 32] >> (b % 32)) & 1u;
			unsigned g4 = t / 4, word = (rr >> g4 & 1u) ? 4 * g4 + k : t, at = (unsigned)(act >> t) & 1u;
			if ((we && (zm >> word & 1u)) || (fi && !we) || (we && !at && !fi) || (fi && at)) {
				fprintf(err, "cycle %llu: rf_zero_detect golden: byte (lane %u, sub-bank %u): wen %u fill %u with "
					     "lane active %u and its word zero %u\n", cy, t, k, we, fi, at, (unsigned)(zm >> word & 1u));
				return 1;
			}
			if (we)
				byte_set(s->st, b, fi ? 0 : (v[t] >> (8 * k)) & 0xffu);
		}
	s->e.zm = zm;
	s->e.r = rr;
	for (t = 0; t < W; t++)
		if (act >> t & 1u)
			s->arch[t] = v[t];
	/* item 21: read-back equality of every lane */
	for (t = 0; t < W; t++) {
		uint32_t got = 0;
		for (k = 0; k < 4; k++) {
			unsigned g4 = t / 4, word = (rr >> g4 & 1u) ? 4 * g4 + k : t;
			if (!(zm >> word & 1u))
				got |= (uint32_t)byte_get(s->st, W * k + t) << (8 * k);
		}
		if (got != s->arch[t]) {
			fprintf(err, "cycle %llu: rf_zero_detect golden: register %u lane %u reads back 0x%08x, expected "
				     "0x%08x (%s)\n", cy, x->cur, t, got, s->arch[t], act >> t & 1u ? "written" : "kept");
			return 1;
		}
		any |= s->arch[t] != 0;
	}
	if (!valid)
		rfm_cov_hit(m, ZC_INVALID);
	else if (!act)
		rfm_cov_hit(m, ZC_NO_LANE);
	else if (act == rfm_mask64(W)) {
		rfm_cov_hit(m, ZC_ALL);
		if (!any)
			rfm_cov_hit(m, ZC_ALL_ZERO);
	}
	return 0;
}

/* Coverage events a zero-gating mode cannot produce. */
static void zd_cov_na(rfm_model_t *m, unsigned mode)
{
	if (mode != RFM_ZG_DYNAMIC) {
		rfm_cov_na(m, ZC_TIE);
		rfm_cov_na(m, ZC_TO_R1);
		rfm_cov_na(m, ZC_TO_R0);
	}
	if (mode == RFM_ZG_IN_LANE) {
		rfm_cov_na(m, ZC_FULL_R1);
		rfm_cov_na(m, ZC_SLOT_STAYS);
		rfm_cov_na(m, ZC_SLOT_FILL);
		rfm_cov_na(m, ZC_SLOT_ACTIVE);
		rfm_cov_na(m, ZC_ZERO_WORD);
	}
	if (mode == RFM_ZG_CROSS_LANE) {
		rfm_cov_na(m, ZC_FULL_R0);
		rfm_cov_na(m, ZC_PART_R0);
		rfm_cov_na(m, ZC_ZERO_LANE);
	}
}

/* What rfm_rf_zero_detect_create does after rfm_model_init: 0 on success. */
static int zero_detect_setup(rfm_model_t *m)
{
	rfm_zd_t *x = (rfm_zd_t *)m;
	const rfm_cfg_t *c = m->cfg;
	x->lanes = c->rf_lanes;
	x->mode = c->coalescing_zero_gating;
	for (unsigned j = 0; j < ZD_REGS; j++)
		x->sh[j].e = rfm_cz_reset_entry(x->lanes, x->mode);
	zd_cov_na(&x->m, x->mode);
	return 0;
}

RFM_BLOCK(rf_zero_detect, rfm_zd_t, zd_ix_t, zd_ports, zc_names, ZC_N,
	  rfm_block_noop, zd_eval, rfm_block_noop, zd_stim, zd_check,
	  rfm_block_noop, zero_detect_setup)

/* ---- rf_zero_read ------------------------------------------------------------------------------ */

typedef struct zr_ix {
	unsigned active, zm, r, pmask, rdata, ren, data, zlane, gi, gz;
} zr_ix_t;

enum { RC_R0_ZERO, RC_R0_INACTIVE, RC_R1_ZERO, RC_R1_PARTIAL, RC_R1_IDLE, RC_PMASK, RC_NOTHING, RC_ZLANE, RC_N };
static const char *const rc_names[RC_N] = {"in_lane_zero_word_gated", "in_lane_inactive_lane_gated",
					   "cross_lane_zero_word_gated", "cross_lane_word_read_for_partial_group",
					   "cross_lane_group_without_active_lane", "partial_sub_bank_mask",
					   "no_byte_read", "lane_zero_flag"};

typedef struct rfm_zr {
	rfm_model_t m;
	zr_ix_t ix;
	unsigned lanes, mode;
	rfm_cz_rd_t o;
	uint32_t v[RFM_CZ_MAXLANES]; /* stimulus: the architectural value the stored bytes encode */
} rfm_zr_t;

static int zr_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	zr_ix_t *ix = ixv;
	unsigned W = c->rf_lanes, G = W / 4, cw = rfm_cntw(W);
	rfm_ports_group(pt, "operand read");
	ix->active = rfm_ports_add(pt, RFM_IN, W, "lanes of the issuing warp that are active", "active_i");
	ix->zm = rfm_ports_add(pt, RFM_IN, W, "operand's zero mask (bit w = word w is zero)", "zm_i");
	ix->r = rfm_ports_add(pt, RFM_IN, G, "operand's R-bits (bit g = group g in cross-lane order)", "r_i");
	ix->pmask = rfm_ports_add(pt, RFM_IN, 4, "physical sub-bank mask of the read", "pmask_i");
	ix->rdata = rfm_ports_add(pt, RFM_IN, 32 * W, "bank data, TI: byte t of sub-bank k in bits [8(W*k+t) +: 8]",
				  "rdata_i");
	rfm_ports_group(pt, "gated read");
	ix->ren = rfm_ports_add(pt, RFM_OUT, 4 * W, "TI byte read enables (bit W*k + t)", "ren_o");
	ix->data = rfm_ports_add(pt, RFM_OUT, 32 * W, "TI operand: bytes not read are 8'h00", "data_o");
	ix->zlane = rfm_ports_add(pt, RFM_OUT, W, "lane is zero by the mask (B8: R = 1 needs all 4 words)", "zlane_o");
	rfm_ports_group(pt, "counts");
	ix->gi = rfm_ports_add(pt, RFM_OUT, cw, "words not read: no active lane in them", "gated_inactive_o");
	ix->gz = rfm_ports_add(pt, RFM_OUT, cw, "words not read: zero", "gated_zero_o");
	return 0;
}

static void zr_eval(rfm_model_t *m)
{
	rfm_zr_t *x = (rfm_zr_t *)m;
	unsigned W = x->lanes, k, t;
	rfm_cz_entry_t e;
	const uint32_t *rd = rfm_wide(m, x->ix.rdata);
	uint32_t *d = rfm_wide(m, x->ix.data);
	e.zm = rfm_get(m, x->ix.zm);
	e.r = (uint32_t)rfm_get(m, x->ix.r);
	cz_read(rfm_get(m, x->ix.active), e, (unsigned)rfm_get(m, x->ix.pmask), W, x->mode, &x->o, m->mutate);
	put_bytes(rfm_wide(m, x->ix.ren), x->o.ren, W);
	for (k = 0; k < 4; k++)
		for (t = 0; t < W; t++)
			byte_set(d, W * k + t,
				 bit(x->o.ren[k], t) || m->mutate == RFM_FAULT_ZERO_READ_GATED_PASS ? byte_get(rd, W * k + t) : 0);
	rfm_set(m, x->ix.zlane, x->o.zlane);
	rfm_set(m, x->ix.gi, x->o.gated_inactive);
	rfm_set(m, x->ix.gz, x->o.gated_zero);
}

/* A register as rf_zero_detect could have left it: a value, an entry whose zero bits are set only
 * on words that are zero (now and then left clear: a zero word may be stored), and bank data with
 * the value's bytes where the entry says non-zero and garbage elsewhere. */
static void zr_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_zr_t *x = (rfm_zr_t *)m;
	unsigned W = x->lanes, G = W / 4, g, i, k, t;
	uint32_t rdata[RFM_CZ_MAXLANES];
	uint64_t zm = 0;
	uint32_t rb = 0;
	(void)cycle;
	rfm_clear_inputs(m);
	zero_value(r, x->v, W);
	for (g = 0; g < G; g++) {
		unsigned rg = x->mode == RFM_ZG_CROSS_LANE ? 1 : x->mode == RFM_ZG_IN_LANE ? 0 : rfm_rng_chance(r, 1, 2);
		rb |= rg << g;
		for (i = 0; i < 4; i++) {
			int z = rg ? rfm_cz_xword(x->v, g, i) == 0 : x->v[4 * g + i] == 0;
			if (z && !rfm_rng_chance(r, 1, 8))
				zm |= 1ull << (4 * g + i);
		}
	}
	rfm_rng_fill(r, rdata, 32 * W);
	for (k = 0; k < 4; k++)
		for (t = 0; t < W; t++) {
			unsigned g4 = t / 4, word = (rb >> g4 & 1u) ? 4 * g4 + k : t;
			if (!(zm >> word & 1u))
				byte_set(rdata, W * k + t, (x->v[t] >> (8 * k)) & 0xffu);
		}
	memcpy(rfm_wide(m, x->ix.rdata), rdata, W * 4u);
	rfm_set(m, x->ix.active, zero_active(r, W));
	rfm_set(m, x->ix.zm, zm);
	rfm_set(m, x->ix.r, rb);
	rfm_set(m, x->ix.pmask, rfm_cw_pmask((unsigned)rfm_rng_below(r, 4), (unsigned)rfm_rng_below(r, 2)));
}

/* The checker: every active lane's bytes under pmask equal the stored value's; every byte not
 * read is 0; a byte is read exactly when it is under pmask, some active lane owns a byte of its
 * word and the word is not zero (items 22, 27; B10), counted per word. */
static int zr_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_zr_t *x = (rfm_zr_t *)m;
	unsigned W = x->lanes, G = W / 4, g, i, k, t, w;
	unsigned long long cy = (unsigned long long)cycle;
	uint64_t act = rfm_get(m, x->ix.active), zm = rfm_get(m, x->ix.zm), zlane = rfm_get(m, x->ix.zlane);
	uint32_t rb = (uint32_t)rfm_get(m, x->ix.r);
	unsigned pm = (unsigned)rfm_get(m, x->ix.pmask), gi = 0, gz = 0, nread = 0;
	const uint32_t *ren = rfm_wide(m, x->ix.ren), *d = rfm_wide(m, x->ix.data), *rd = rfm_wide(m, x->ix.rdata);
	uint8_t need[RFM_CZ_MAXLANES];

	if (x->mode == RFM_ZG_IN_LANE)
		rb = 0;
	if (x->mode == RFM_ZG_CROSS_LANE)
		rb = (uint32_t)rfm_mask64(G);
	/* word w is needed when an active lane has a byte in it */
	memset(need, 0, sizeof(need));
	for (t = 0; t < W; t++)
		for (k = 0; k < 4; k++)
			if (act >> t & 1u)
				need[(rb >> (t / 4) & 1u) ? 4 * (t / 4) + k : t] = 1;
	for (w = 0; w < W; w++) {
		gi += !need[w];
		gz += need[w] && (zm >> w & 1u);
	}
	if (rfm_get(m, x->ix.gi) != gi || rfm_get(m, x->ix.gz) != gz) {
		fprintf(err, "cycle %llu: rf_zero_read golden: gated words inactive %u zero %u, expected %u %u\n", cy,
			(unsigned)rfm_get(m, x->ix.gi), (unsigned)rfm_get(m, x->ix.gz), gi, gz);
		return 1;
	}
	for (k = 0; k < 4; k++)
		for (t = 0; t < W; t++) {
			unsigned b = W * k + t, re = (ren[b / 32] >> (b % 32)) & 1u, g4 = t / 4;
			unsigned word = (rb >> g4 & 1u) ? 4 * g4 + k : t, z = (unsigned)(zm >> word) & 1u;
			unsigned want = (pm >> k & 1u) && need[word] && !z, got = byte_get(d, b);
			if (re != want) {
				fprintf(err, "cycle %llu: rf_zero_read golden: byte (lane %u, sub-bank %u) read enable %u, "
					     "expected %u\n", cy, t, k, re, want);
				return 1;
			}
			if (got != (re ? byte_get(rd, b) : 0u) ||
			    ((act >> t & 1u) && (pm >> k & 1u) && got != ((x->v[t] >> (8 * k)) & 0xffu))) {
				fprintf(err, "cycle %llu: rf_zero_read golden: byte (lane %u, sub-bank %u) reads 0x%02x, value "
					     "0x%02x, read enable %u\n", cy, t, k, got, (x->v[t] >> (8 * k)) & 0xffu, re);
				return 1;
			}
			nread += re;
		}
	/* B8: a lane flagged zero is zero (conservative: R = 1 needs all four words of the group) */
	for (t = 0; t < W; t++) {
		unsigned g4 = t / 4, want = (rb >> g4 & 1u) ? ((zm >> (4 * g4)) & 15u) == 15u : (unsigned)(zm >> t) & 1u;
		if ((unsigned)(zlane >> t & 1u) != want || (want && x->v[t])) {
			fprintf(err, "cycle %llu: rf_zero_read golden: lane %u zero flag %u, expected %u (value 0x%08x)\n", cy, t,
				(unsigned)(zlane >> t & 1u), want, x->v[t]);
			return 1;
		}
		if (want && (act >> t & 1u))
			rfm_cov_hit(m, RC_ZLANE);
	}
	for (g = 0; g < G; g++) {
		unsigned a = (unsigned)(act >> (4 * g)) & 15u;
		for (i = 0; i < 4; i++) {
			unsigned z = (unsigned)(zm >> (4 * g + i)) & 1u;
			if (!(rb >> g & 1u)) {
				if (!(a >> i & 1u))
					rfm_cov_hit(m, RC_R0_INACTIVE);
				else if (z)
					rfm_cov_hit(m, RC_R0_ZERO);
			} else if (!a) {
				rfm_cov_hit(m, RC_R1_IDLE);
			} else if (z) {
				rfm_cov_hit(m, RC_R1_ZERO);
			} else if (a != 15u) {
				rfm_cov_hit(m, RC_R1_PARTIAL);
			}
		}
	}
	if (pm != 15u)
		rfm_cov_hit(m, RC_PMASK);
	if (!nread)
		rfm_cov_hit(m, RC_NOTHING);
	return 0;
}

/* What rfm_rf_zero_read_create does after rfm_model_init: 0 on success. */
static int zero_read_setup(rfm_model_t *m)
{
	rfm_zr_t *x = (rfm_zr_t *)m;
	const rfm_cfg_t *c = m->cfg;
	x->lanes = c->rf_lanes;
	x->mode = c->coalescing_zero_gating;
	if (x->mode == RFM_ZG_IN_LANE) {
		rfm_cov_na(&x->m, RC_R1_ZERO);
		rfm_cov_na(&x->m, RC_R1_PARTIAL);
		rfm_cov_na(&x->m, RC_R1_IDLE);
	}
	if (x->mode == RFM_ZG_CROSS_LANE) {
		rfm_cov_na(&x->m, RC_R0_ZERO);
		rfm_cov_na(&x->m, RC_R0_INACTIVE);
	}
	return 0;
}

RFM_BLOCK(rf_zero_read, rfm_zr_t, zr_ix_t, zr_ports, rc_names, RC_N,
	  rfm_block_noop, zr_eval, rfm_block_noop, zr_stim, zr_check,
	  rfm_block_noop, zero_read_setup)

/* ---- rf_zmask_array ---------------------------------------------------------------------------- */

unsigned rfm_zmask_array_nread(const rfm_cfg_t *c) { return c->sm_schedulers * c->sm_operands + c->rf_write_ports; }

typedef struct rfm_zma {
	rfm_model_t m;
	rfm_fta_ix_t ix;
	rfm_fta_t a;
} rfm_zma_t;

static void zma_group(rfm_ports_t *pt, const void *ctx, unsigned p, int write)
{
	const rfm_cfg_t *c = ctx;
	unsigned NL = c->sm_schedulers * c->sm_operands;
	if (write)
		rfm_ports_group(pt, "write port %u: write-back %u's update", p, p);
	else if (p < NL)
		rfm_ports_group(pt, "read port %u: issue lookup %u (scheduler %u, operand %u)", p, p, p / c->sm_operands,
				p % c->sm_operands);
	else
		rfm_ports_group(pt, "read port %u: write-back %u's old entry", p, p - NL);
}

void rfm_zmask_array_geom(const rfm_cfg_t *c, rfm_fta_geom_t *g)
{
	g->rows = c->d.warp_regs;
	g->row_w = c->d.pack_w;
	g->nr = rfm_zmask_array_nread(c);
	g->nw = c->rf_write_ports;
	g->dw = c->rf_lanes + c->rf_lanes / 4;
	g->data = "e";
	g->rrhelp = "warp register: bank * entries + row";
	g->rhelp = "its entry {R-bits, zero mask} at the start of the cycle (flow-through)";
	g->whelp = "the entry to store {R-bits, zero mask}";
	g->group = zma_group;
	g->ctx = c;
}

RFM_FTA_BLOCK(rf_zmask_array, rfm_zma_t, rfm_zmask_array_geom, RFM_FAULT_ZMA_READ_SEES_WRITE)

/* ---- rf_zmask_buffer --------------------------------------------------------------------------- */

#define ZB_MAXL (RFM_MAXS * RFM_MAXOP) /* most issue lookups */
#define ZB_HOT 4                       /* registers the stimulus mostly uses */

typedef struct zb_ix {
	unsigned clk, rst;
	unsigned ipack[ZB_MAXL], izm[ZB_MAXL], ir[ZB_MAXL];
	unsigned opack[RFM_MAXW], ozm[RFM_MAXW], orr[RFM_MAXW];
	unsigned wv[RFM_MAXW], wpack[RFM_MAXW], wzm[RFM_MAXW], wr[RFM_MAXW];
} zb_ix_t;

enum { BC_UPDATE, BC_TWO, BC_SAME, BC_NEXT, BC_RESET, BC_N };
static const char *const bc_names[BC_N] = {"update", "two_updates_one_entry", "lookup_during_update_returns_old",
					   "lookup_returns_last_update", "lookup_of_never_written_entry"};

typedef struct rfm_zb {
	rfm_model_t m;
	zb_ix_t ix;
	unsigned nl, nw, P, lanes;
	rfm_cz_entry_t rst_e;    /* reset entry */
	rfm_cz_entry_t *e;       /* P entries: the state */
	rfm_cz_entry_t *gold;    /* the checker's own copy */
	uint8_t *written;        /* checker: entry written since reset (coverage) */
	uint8_t *last;           /* checker: entry written at the last edge (coverage) */
	unsigned hot[ZB_HOT];    /* stimulus: the registers it mostly uses */
} rfm_zb_t;

static unsigned zb_nl(const rfm_cfg_t *c) { return c->sm_schedulers * c->sm_operands; }

static int zb_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	zb_ix_t *ix = ixv;
	unsigned W = c->rf_lanes, G = W / 4, pw = c->d.pack_w, q, p;
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (every entry: all words zero)", "rst_ni");
	for (q = 0; q < zb_nl(c); q++) {
		rfm_ports_group(pt, "issue lookup %u (scheduler %u, operand %u)", q, q / c->sm_operands, q % c->sm_operands);
		ix->ipack[q] = rfm_ports_add(pt, RFM_IN, pw, "warp register: bank * entries + row", "i%u_pack_i", q);
		ix->izm[q] = rfm_ports_add(pt, RFM_OUT, W, "its zero mask (state before the edge)", "i%u_zm_o", q);
		ix->ir[q] = rfm_ports_add(pt, RFM_OUT, G, "its R-bits", "i%u_r_o", q);
	}
	for (p = 0; p < c->rf_write_ports; p++) {
		rfm_ports_group(pt, "write-back %u: old entry lookup (partial writes, B4)", p);
		ix->opack[p] = rfm_ports_add(pt, RFM_IN, pw, "destination warp register", "o%u_pack_i", p);
		ix->ozm[p] = rfm_ports_add(pt, RFM_OUT, W, "its zero mask", "o%u_zm_o", p);
		ix->orr[p] = rfm_ports_add(pt, RFM_OUT, G, "its R-bits", "o%u_r_o", p);
	}
	for (p = 0; p < c->rf_write_ports; p++) {
		rfm_ports_group(pt, "write-back %u: update at the edge (the higher port wins)", p);
		ix->wv[p] = rfm_ports_add(pt, RFM_IN, 1, "the bank write is granted", "w%u_valid_i", p);
		ix->wpack[p] = rfm_ports_add(pt, RFM_IN, pw, "warp register written", "w%u_pack_i", p);
		ix->wzm[p] = rfm_ports_add(pt, RFM_IN, W, "new zero mask", "w%u_zm_i", p);
		ix->wr[p] = rfm_ports_add(pt, RFM_IN, G, "new R-bits", "w%u_r_i", p);
	}
	return 0;
}

static void zb_reset(rfm_model_t *m)
{
	rfm_zb_t *x = (rfm_zb_t *)m;
	unsigned p;
	for (p = 0; p < x->P; p++)
		x->e[p] = x->rst_e;
}

/* Entry p of the state; registers outside 0 .. P-1 read as {0, 0} (illegal input). */
static rfm_cz_entry_t zb_at(const rfm_zb_t *x, const rfm_cz_entry_t *e, uint64_t p)
{
	rfm_cz_entry_t none = {0, 0};
	return p < x->P ? e[p] : none;
}

static void zb_eval(rfm_model_t *m)
{
	rfm_zb_t *x = (rfm_zb_t *)m;
	unsigned q, p;
	for (q = 0; q < x->nl + x->nw; q++) {
		unsigned pk = q < x->nl ? x->ix.ipack[q] : x->ix.opack[q - x->nl];
		uint64_t pack = rfm_get(m, pk);
		rfm_cz_entry_t e = zb_at(x, x->e, pack);
		if (m->mutate == RFM_FAULT_ZMASK_UPDATE_BYPASSED) /* bypass: this cycle's update visible at once */
			for (p = 0; p < x->nw; p++)
				if (rfm_get(m, x->ix.wv[p]) && rfm_get(m, x->ix.wpack[p]) == pack) {
					e.zm = rfm_get(m, x->ix.wzm[p]);
					e.r = (uint32_t)rfm_get(m, x->ix.wr[p]);
				}
		rfm_set(m, q < x->nl ? x->ix.izm[q] : x->ix.ozm[q - x->nl], e.zm);
		rfm_set(m, q < x->nl ? x->ix.ir[q] : x->ix.orr[q - x->nl], e.r);
	}
}

static void zb_tick(rfm_model_t *m)
{
	rfm_zb_t *x = (rfm_zb_t *)m;
	unsigned i;
	for (i = 0; i < x->nw; i++) { /* port order: the higher port wins */
		unsigned p = m->mutate == RFM_FAULT_ZMASK_LOWER_PORT_WINS ? x->nw - 1 - i : i;
		uint64_t pack = rfm_get(m, x->ix.wpack[p]);
		if (!rfm_get(m, x->ix.wv[p]) || pack >= x->P)
			continue;
		x->e[pack].zm = rfm_get(m, x->ix.wzm[p]);
		x->e[pack].r = (uint32_t)rfm_get(m, x->ix.wr[p]);
	}
}

static unsigned zb_pick(rfm_zb_t *x, rfm_rng_t *r)
{
	return rfm_rng_chance(r, 4, 5) ? x->hot[rfm_rng_below(r, ZB_HOT)] : (unsigned)rfm_rng_below(r, x->P);
}

static void zb_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_zb_t *x = (rfm_zb_t *)m;
	unsigned q, p;
	rfm_clear_inputs(m);
	if (cycle % 512 == 0) /* a new hot set now and then */
		for (q = 0; q < ZB_HOT; q++)
			x->hot[q] = (unsigned)rfm_rng_below(r, x->P);
	for (q = 0; q < x->nl; q++)
		rfm_set(m, x->ix.ipack[q], zb_pick(x, r));
	for (p = 0; p < x->nw; p++) {
		unsigned pk = zb_pick(x, r);
		rfm_set(m, x->ix.opack[p], pk);
		if (!rfm_rng_chance(r, 1, 2))
			continue;
		rfm_set(m, x->ix.wv[p], 1);
		rfm_set(m, x->ix.wpack[p], rfm_rng_chance(r, 1, 2) ? pk : zb_pick(x, r));
		rfm_set(m, x->ix.wzm[p], rfm_rng_next(r) & (rfm_rng_chance(r, 1, 2) ? rfm_rng_next(r) : ~0ull));
		rfm_set(m, x->ix.wr[p], rfm_rng_next(r));
	}
}

/* The checker: every lookup returns the checker's own copy of the entry as it was before this
 * edge (reset: all words zero); then the copy takes this cycle's updates, the higher port last. */
static int zb_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_zb_t *x = (rfm_zb_t *)m;
	unsigned q, p, wrote = 0;
	uint64_t wp[RFM_MAXW];
	uint8_t wv[RFM_MAXW];
	if (!rfm_get(m, x->ix.rst)) {
		for (p = 0; p < x->P; p++) {
			x->gold[p] = x->rst_e;
			x->written[p] = x->last[p] = 0;
		}
		return 0;
	}
	for (p = 0; p < x->nw; p++) {
		wv[p] = (uint8_t)rfm_get(m, x->ix.wv[p]);
		wp[p] = rfm_get(m, x->ix.wpack[p]);
	}
	for (q = 0; q < x->nl + x->nw; q++) {
		uint64_t pack = rfm_get(m, q < x->nl ? x->ix.ipack[q] : x->ix.opack[q - x->nl]);
		uint64_t zm = rfm_get(m, q < x->nl ? x->ix.izm[q] : x->ix.ozm[q - x->nl]);
		uint64_t rb = rfm_get(m, q < x->nl ? x->ix.ir[q] : x->ix.orr[q - x->nl]);
		rfm_cz_entry_t want = zb_at(x, x->gold, pack);
		if (zm != want.zm || rb != want.r) {
			fprintf(err, "cycle %llu: rf_zmask_buffer golden: lookup %u of register %llu gives zm 0x%llx R 0x%llx, "
				     "expected 0x%llx 0x%x\n", (unsigned long long)cycle, q, (unsigned long long)pack,
				(unsigned long long)zm, (unsigned long long)rb, (unsigned long long)want.zm, want.r);
			return 1;
		}
		if (pack < x->P) {
			if (!x->written[pack])
				rfm_cov_hit(m, BC_RESET);
			else if (x->last[pack])
				rfm_cov_hit(m, BC_NEXT);
			for (p = 0; p < x->nw; p++)
				if (wv[p] && wp[p] == pack)
					rfm_cov_hit(m, BC_SAME);
		}
	}
	for (p = 0; p < x->P; p++)
		x->last[p] = 0;
	for (p = 0; p < x->nw; p++) {
		if (!wv[p] || wp[p] >= x->P)
			continue;
		x->gold[wp[p]].zm = rfm_get(m, x->ix.wzm[p]);
		x->gold[wp[p]].r = (uint32_t)rfm_get(m, x->ix.wr[p]);
		x->written[wp[p]] = x->last[wp[p]] = 1;
		rfm_cov_hit(m, BC_UPDATE);
		if (wrote && wp[0] == wp[p] && wv[0])
			rfm_cov_hit(m, BC_TWO);
		wrote = 1;
	}
	return 0;
}

/* Free what the block allocated beyond the model head (rfm_block destroy hook). */
static void zb_release(rfm_model_t *m)
{
	rfm_zb_t *x = (rfm_zb_t *)m;
	free(x->e);
	free(x->gold);
	free(x->written);
	free(x->last);
}

/* What rfm_rf_zmask_buffer_create does after rfm_model_init: 0 on success. */
static int zmask_buffer_setup(rfm_model_t *m)
{
	rfm_zb_t *x = (rfm_zb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned p;
	x->nl = zb_nl(c);
	x->nw = c->rf_write_ports;
	x->P = c->d.warp_regs;
	x->lanes = c->rf_lanes;
	x->rst_e = rfm_cz_reset_entry(x->lanes, c->coalescing_zero_gating);
	x->e = calloc(x->P + 1, sizeof(*x->e));
	x->gold = calloc(x->P + 1, sizeof(*x->gold));
	x->written = calloc(x->P + 1, 1);
	x->last = calloc(x->P + 1, 1);
	if (!x->e || !x->gold || !x->written || !x->last)
		return -1;
	zb_reset(&x->m);
	for (p = 0; p < x->P; p++)
		x->gold[p] = x->rst_e;
	for (p = 0; p < ZB_HOT; p++)
		x->hot[p] = p % x->P;
	if (x->nw < 2)
		rfm_cov_na(&x->m, BC_TWO);
	return 0;
}

RFM_BLOCK(rf_zmask_buffer, rfm_zb_t, zb_ix_t, zb_ports, bc_names, BC_N,
	  zb_reset, zb_eval, zb_tick, zb_stim, zb_check,
	  zb_release, zmask_buffer_setup)
