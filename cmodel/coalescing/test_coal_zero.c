/* test_coal_zero.c - CUnit suite "coal_zero": zero-data gating on thread-interleaved storage
 * (dissertation chapter 4; docs/coalescing.md, "Zero gating"; the notes behind it:
 * sections 2.15-2.17, 5 B1-B4, B8-B10, 6 items 21-24, 26, 27): the chapter's worked example, the
 * tie rule, the partial-write rules, the three modes, the read side, the buffer, read-back
 * equality over random sequences, the sizes, and the checkers' planted faults. */
#include <CUnit/Basic.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_coal.h"
#include "rfm_fault_ids.h"
#include "rfm_inventory.h"
#include "rfm_models.h"
#include "test_util.h"

/* rtl_gen/configs/small_coalesce.ini without comments, zero_gating left to the caller. */
#define SMALL_COAL                                                                                             \
	"[rf]\nlanes = 4\nlane_bits = 32\nbanks = 2\nentries = 16\nsubbanks = 4\nread_ports = 1\nwrite_ports = 2\n" \
	"write_conflict = bank\n[sm]\nwarps = 4\nregs_per_thread = 8\nschedulers = 2\ncollectors = 3\n"          \
	"operands = 3\ntag_bits = 4\n[mapping]\nlayout = wshift\n[stats]\ncounter_bits = 16\n"                  \
	"[coalescing]\nenable = on\nalignment = reg\nparity = entry\n"
static const char *small_dyn = SMALL_COAL "zero_gating = dynamic\n";
static const char *small_in = SMALL_COAL "zero_gating = in_lane\n";
static const char *small_cross = SMALL_COAL "zero_gating = cross_lane\n";
/* rtl_gen/configs/fermi_coalesce.ini without comments. */
static const char *fermi_coal = "[rf]\nlanes = 32\nlane_bits = 32\nbanks = 4\nentries = 256\nsubbanks = 4\n"
				"read_ports = 1\nwrite_ports = 2\nwrite_conflict = bank\n[sm]\nwarps = 48\n"
				"regs_per_thread = 63\nschedulers = 2\ncollectors = 4\noperands = 3\ntag_bits = 8\n"
				"[mapping]\nlayout = wshift\n[stats]\ncounter_bits = 32\n[coalescing]\nenable = on\n"
				"alignment = reg\nparity = entry\nzero_gating = dynamic\n";

/* BI -> TI as spec section 2.2 writes it: TI byte lanes*k + t = byte k of lane t. */
static void to_ti(const uint32_t *bi, uint8_t *ti, unsigned lanes)
{
	unsigned t, k;
	for (t = 0; t < lanes; t++)
		for (k = 0; k < 4; k++)
			ti[lanes * k + t] = (uint8_t)(bi[t] >> (8 * k));
}

/* The 32-bit word at TI bytes b .. b+3 (byte b least significant). */
static uint32_t ti_word(const uint8_t *ti, unsigned b)
{
	return (uint32_t)ti[b] | (uint32_t)ti[b + 1] << 8 | (uint32_t)ti[b + 2] << 16 | (uint32_t)ti[b + 3] << 24;
}

static const rfm_cz_entry_t all_zero4 = {0xf, 0};

/* Chapter 4 (section 4.3.3): lanes [0x11, 0x22, 0x33, 0x44] give the cross-lane words
 * [0x44332211, 0, 0, 0]; in TI storage those are bytes 4g..4g+3 of sub-banks 0..3; in-lane zeros
 * 0, cross-lane zeros 3, so R = 1 and one word of four is written. */
static void test_cz_chapter4_example(void)
{
	uint32_t v[32] = {0x11, 0x22, 0x33, 0x44};
	uint8_t ti[128];
	unsigned s, g;
	rfm_cz_wr_t o;
	rfm_cfg_t c;
	rfm_model_t *m;
	uint32_t *w;

	to_ti(v, ti, 4);
	CU_ASSERT_EQUAL(ti_word(ti, 0), 0x44332211u);
	CU_ASSERT_EQUAL(ti_word(ti, 4), 0u);
	CU_ASSERT_EQUAL(ti_word(ti, 8), 0u);
	CU_ASSERT_EQUAL(ti_word(ti, 12), 0u);
	for (s = 0; s < 4; s++)
		CU_ASSERT_EQUAL(rfm_cz_xword(v, 0, s), ti_word(ti, 4 * s));
	rfm_cz_write(v, 0xf, 1, all_zero4, 4, RFM_ZG_DYNAMIC, &o);
	CU_ASSERT_EQUAL(o.cin[0], 0);
	CU_ASSERT_EQUAL(o.cx[0], 3);
	CU_ASSERT_EQUAL(o.e.r, 1u);
	CU_ASSERT_EQUAL(o.e.zm, 0xeu);
	CU_ASSERT(o.wen[0] == 0xf && !o.wen[1] && !o.wen[2] && !o.wen[3]);
	CU_ASSERT_EQUAL(o.gated_zero, 3);
	CU_ASSERT_EQUAL(o.gated_inactive, 0);

	/* the same values in group 5 of a 32-lane warp: TI bytes 20..23 of each sub-bank */
	memset(v, 0, sizeof(v));
	for (s = 0; s < 4; s++)
		v[20 + s] = 0x11u * (s + 1);
	to_ti(v, ti, 32);
	CU_ASSERT_EQUAL(ti_word(ti, 20), 0x44332211u);
	for (s = 1; s < 4; s++)
		CU_ASSERT_EQUAL(ti_word(ti, 32 * s + 20), 0u);
	for (g = 0; g < 8; g++)
		for (s = 0; s < 4; s++)
			CU_ASSERT_EQUAL(rfm_cz_xword(v, g, s), ti_word(ti, 32 * s + 4 * g));
	rfm_cz_write(v, 0xffffffffull, 1, rfm_cz_reset_entry(32, RFM_ZG_DYNAMIC), 32, RFM_ZG_DYNAMIC, &o);
	CU_ASSERT_EQUAL(o.e.r, 1u << 5);     /* the other groups are all zero: cin = cx = 4, a tie */
	CU_ASSERT_EQUAL(o.e.zm, ~(1ull << 20) & 0xffffffffull);
	CU_ASSERT(o.wen[0] == 0xfull << 20 && !o.wen[1] && !o.wen[2] && !o.wen[3]);

	/* the block's ports: rf_zero_detect on small_coalesce */
	tu_cfg_ok(&c, small_dyn);
	m = rfm_model_create("rf_zero_detect", &c);
	CU_ASSERT_FATAL(m != NULL);
	tu_set(m, "valid_i", 1);
	tu_set(m, "active_i", 0xf);
	tu_set(m, "old_zm_i", 0xf);
	w = tu_wide(m, "data_i");
	for (s = 0; s < 4; s++)
		w[s] = 0x11u * (s + 1);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "r_o"), 1);
	CU_ASSERT_EQUAL(tu_get(m, "zm_o"), 0xe);
	CU_ASSERT_EQUAL(tu_get(m, "wen_o"), 0x000f);
	CU_ASSERT_EQUAL(tu_get(m, "fill_o"), 0);
	CU_ASSERT_EQUAL(tu_get(m, "cin_o"), 0);
	CU_ASSERT_EQUAL(tu_get(m, "cx_o"), 3);
	CU_ASSERT_EQUAL(tu_get(m, "gated_zero_o"), 3);
	CU_ASSERT_EQUAL(tu_get(m, "gated_inactive_o"), 0);
	rfm_model_destroy(m);
}

/* B3: R = 1 only when cx > cin; a tie keeps lane order. */
static void test_cz_tie_keeps_in_lane(void)
{
	static const struct {
		uint32_t v[4];
		unsigned cin, cx, r, zm;
	} cases[] = {
		{{0, 0, 0x0102, 0x0304}, 2, 2, 0, 0x3},             /* tie 2 = 2 */
		{{0, 0x010101, 0x020202, 0x030303}, 1, 1, 0, 0x1}, /* tie 1 = 1 */
		{{0, 0, 0, 0x7f}, 3, 3, 0, 0x7},                   /* tie 3 = 3 */
		{{0, 0, 0, 0}, 4, 4, 0, 0xf},                      /* all zero: a tie too */
		{{0x05, 0x06, 0, 0}, 2, 3, 1, 0xe},                /* cross-lane wins */
		{{0, 0, 0x12345678, 0x9abcdef0}, 2, 0, 0, 0x3},    /* in-lane wins */
		{{1, 2, 3, 4}, 0, 3, 1, 0xe},
		{{0x80000000, 1, 2, 3}, 0, 2, 1, 0x6},             /* slot 3 holds 0x80; slots 1, 2 zero */
	};
	unsigned i;
	rfm_cz_wr_t o;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		rfm_cz_write(cases[i].v, 0xf, 1, all_zero4, 4, RFM_ZG_DYNAMIC, &o);
		CU_ASSERT_EQUAL(o.cin[0], cases[i].cin);
		CU_ASSERT_EQUAL(o.cx[0], cases[i].cx);
		CU_ASSERT_EQUAL(o.e.r, cases[i].r);
		CU_ASSERT_EQUAL(o.e.zm, cases[i].zm);
		/* item 24: the chosen mask has max(cin, cx) zero words */
		CU_ASSERT_EQUAL(rfm_popcount64(o.e.zm), cases[i].cin > cases[i].cx ? cases[i].cin : cases[i].cx);
	}
}

/* B4 with R_old = 1, the slot rule: a zero word whose active bytes stay zero stays zero; a zero
 * word with a non-zero active byte is written whole, 0x00 in the inactive lanes' bytes; a
 * non-zero word gets only the active bytes. R stays 1 whatever the data. */
static void test_cz_slot_rule(void)
{
	rfm_cz_entry_t old = {0xe, 1}; /* words 1..3 zero: a value below 256 in every lane */
	uint32_t v[4] = {0x12, 0x34, 0xdeadbeef, 0xcafef00d}; /* lanes 2, 3 inactive: their data is ignored */
	rfm_cz_wr_t o;

	rfm_cz_write(v, 0x3, 1, old, 4, RFM_ZG_DYNAMIC, &o);
	CU_ASSERT_EQUAL(o.e.r, 1u);
	CU_ASSERT_EQUAL(o.e.zm, 0xeu);        /* active bytes of words 1..3 are zero: they stay zero */
	CU_ASSERT_EQUAL(o.wen[0], 0x3u);      /* word 0 was not zero: the active lanes' bytes only */
	CU_ASSERT(!o.wen[1] && !o.wen[2] && !o.wen[3]);
	CU_ASSERT(!o.fill[0] && !o.fill[1] && !o.fill[2] && !o.fill[3]);
	CU_ASSERT_EQUAL(o.gated_zero, 3);

	v[0] = 0x0112; /* now lane 0's byte 1 is 0x01: word 1 must be materialized */
	rfm_cz_write(v, 0x3, 1, old, 4, RFM_ZG_DYNAMIC, &o);
	CU_ASSERT_EQUAL(o.e.zm, 0xcu);
	CU_ASSERT_EQUAL(o.wen[1], 0xfu);      /* lanes 0, 1: data; lanes 2, 3: 0x00 */
	CU_ASSERT_EQUAL(o.fill[1], 0xcu);
	CU_ASSERT_EQUAL(o.wen[0], 0x3u);
	CU_ASSERT(!o.fill[0] && !o.wen[2] && !o.wen[3]);
	CU_ASSERT_EQUAL(o.gated_zero, 2);
	CU_ASSERT_EQUAL(o.gated_inactive, 0); /* every word holds an active lane's byte */

	/* zero active lanes (more in-lane zeros than cross-lane): a partial group keeps R = 1 */
	v[0] = 0;
	v[1] = 0;
	rfm_cz_write(v, 0x3, 1, old, 4, RFM_ZG_DYNAMIC, &o);
	CU_ASSERT_EQUAL(o.e.r, 1u);
	CU_ASSERT_EQUAL(o.e.zm, 0xeu);        /* word 0: zm_old = 0 stays 0 (the inactive bytes are not known) */
	CU_ASSERT_EQUAL(o.wen[0], 0x3u);      /* the active lanes' zero bytes are written */

	/* no lane of the group active: nothing changes */
	rfm_cz_write(v, 0, 1, old, 4, RFM_ZG_DYNAMIC, &o);
	CU_ASSERT(o.e.zm == old.zm && o.e.r == old.r && !o.wen[0] && !o.wen[1] && !o.wen[2] && !o.wen[3]);
	CU_ASSERT_EQUAL(o.gated_inactive, 4);
	/* no write at all: nothing changes, nothing counted */
	rfm_cz_write(v, 0xf, 0, old, 4, RFM_ZG_DYNAMIC, &o);
	CU_ASSERT(o.e.zm == old.zm && o.e.r == old.r && !o.wen[0] && !o.gated_inactive && !o.gated_zero);
}

/* B4 with R_old = 0: active lanes write (or are marked zero); inactive lanes' zero bits and bytes
 * are untouched (item 23). */
static void test_cz_partial_in_lane(void)
{
	rfm_cz_entry_t old = {0xa, 0}; /* lanes 1 and 3 zero */
	uint32_t v[4] = {0, 5, 0, 9};
	rfm_cz_wr_t o;
	unsigned k;
	rfm_cz_write(v, 0x3, 1, old, 4, RFM_ZG_DYNAMIC, &o);
	CU_ASSERT_EQUAL(o.e.r, 0u);
	CU_ASSERT_EQUAL(o.e.zm, 0x9u); /* lane 0 now zero, lane 1 not; lanes 2, 3 keep 0, 1 */
	for (k = 0; k < 4; k++) {
		CU_ASSERT_EQUAL(o.wen[k], 0x2u);
		CU_ASSERT_EQUAL(o.fill[k], 0u);
	}
	CU_ASSERT_EQUAL(o.gated_inactive, 2);
	CU_ASSERT_EQUAL(o.gated_zero, 1);
}

/* The modes: in_lane always R = 0, cross_lane always R = 1 (old R-bits not used), dynamic picks. */
static void test_cz_modes(void)
{
	uint32_t ex[4] = {0x11, 0x22, 0x33, 0x44}, two[4] = {0, 0, 0x0102, 0x0304};
	rfm_cz_entry_t r1 = {0, 1}, r0 = {0, 0};
	rfm_cz_wr_t o;
	unsigned k;
	rfm_cz_write(ex, 0xf, 1, r1, 4, RFM_ZG_IN_LANE, &o);
	CU_ASSERT(o.e.r == 0 && o.e.zm == 0);
	for (k = 0; k < 4; k++)
		CU_ASSERT_EQUAL(o.wen[k], 0xfu);
	rfm_cz_write(two, 0xf, 1, r0, 4, RFM_ZG_CROSS_LANE, &o);
	CU_ASSERT(o.e.r == 1 && o.e.zm == 0xc); /* cross-lane words 2, 3 zero, though in-lane has as many */
	CU_ASSERT(o.wen[0] == 0xf && o.wen[1] == 0xf && !o.wen[2] && !o.wen[3]);
	rfm_cz_write(two, 0xf, 1, r1, 4, RFM_ZG_DYNAMIC, &o);
	CU_ASSERT(o.e.r == 0 && o.e.zm == 0x3);
	CU_ASSERT(o.wen[0] == 0xc && o.wen[1] == 0xc && o.wen[2] == 0xc && o.wen[3] == 0xc);
	/* a partial write in cross_lane mode follows the slot rule even if the entry says R = 0 */
	rfm_cz_write(two, 0x1, 1, (rfm_cz_entry_t){0xf, 0}, 4, RFM_ZG_CROSS_LANE, &o);
	CU_ASSERT(o.e.r == 1 && o.e.zm == 0xf && !o.wen[0]);
	/* active_mask only: no zero mask, the active lanes are written */
	rfm_cz_write(two, 0x5, 1, r0, 4, RFM_ZG_ACTIVE, &o);
	CU_ASSERT(o.wen[0] == 0x5 && o.wen[3] == 0x5 && o.gated_inactive == 2 && o.gated_zero == 0);
	/* reset entries: every word zero; R = 1 only in cross_lane mode */
	CU_ASSERT(rfm_cz_reset_entry(32, RFM_ZG_DYNAMIC).zm == 0xffffffffull && rfm_cz_reset_entry(32, RFM_ZG_DYNAMIC).r == 0);
	CU_ASSERT(rfm_cz_reset_entry(32, RFM_ZG_CROSS_LANE).r == 0xff && rfm_cz_reset_entry(64, RFM_ZG_IN_LANE).zm == ~0ull);
	CU_ASSERT(rfm_cz_reset_entry(32, RFM_ZG_ACTIVE).zm == 0);
}

/* The read side: pmask, need (B10: an R = 1 word is needed when any lane of its group is active),
 * zero words, the counts (item 27) and the B8 lane flags. */
static void test_cz_read(void)
{
	rfm_cz_entry_t e = {0xe | (0x5ull << 4), 0x1}; /* group 0 cross-lane, words 1..3 zero; group 1 lanes 4, 6 zero */
	rfm_cz_rd_t o;
	rfm_cz_read(0x21, e, 0xf, 8, RFM_ZG_DYNAMIC, &o); /* lanes 0 and 5 active */
	CU_ASSERT_EQUAL(o.ren[0], 0x2full);  /* group 0: word 0 = sub-bank 0 bytes 0..3; group 1: lane 5 */
	CU_ASSERT_EQUAL(o.ren[1], 0x20ull);
	CU_ASSERT_EQUAL(o.ren[2], 0x20ull);
	CU_ASSERT_EQUAL(o.ren[3], 0x20ull);
	CU_ASSERT_EQUAL(o.gated_inactive, 3); /* lanes 4, 6, 7 */
	CU_ASSERT_EQUAL(o.gated_zero, 3);     /* group 0 words 1..3 */
	CU_ASSERT_EQUAL(o.zlane, 0x50ull);    /* group 0 has a non-zero word: no lane known zero */
	rfm_cz_read(0x21, e, 0x1, 8, RFM_ZG_DYNAMIC, &o); /* an even 1-byte register: sub-bank 0 only */
	CU_ASSERT(o.ren[0] == 0x2f && !o.ren[1] && !o.ren[2] && !o.ren[3]);
	CU_ASSERT_EQUAL(o.gated_zero, 3); /* the counts do not depend on pmask */
	rfm_cz_read(0x00, e, 0xf, 8, RFM_ZG_DYNAMIC, &o);
	CU_ASSERT(!o.ren[0] && !o.ren[1] && o.gated_inactive == 8 && o.gated_zero == 0);
	e.zm = 0xff;
	rfm_cz_read(0xff, e, 0xf, 8, RFM_ZG_DYNAMIC, &o);
	CU_ASSERT(!o.ren[0] && o.zlane == 0xff && o.gated_zero == 8);
	/* in_lane mode reads group 0 in lane order whatever r says */
	e.zm = 0x1;
	rfm_cz_read(0x3, e, 0xf, 8, RFM_ZG_IN_LANE, &o);
	CU_ASSERT(o.ren[0] == 0x2 && o.ren[3] == 0x2 && o.zlane == 0x1);
}

/* The rf_zero_read block: gated bytes read as 0. */
static void test_cz_read_block(void)
{
	rfm_cfg_t c;
	rfm_model_t *m;
	uint32_t *w;
	tu_cfg_ok(&c, small_dyn);
	m = rfm_model_create("rf_zero_read", &c);
	CU_ASSERT_FATAL(m != NULL);
	tu_set(m, "active_i", 0x3);
	tu_set(m, "zm_i", 0x2); /* lane order: lane 1 zero */
	tu_set(m, "r_i", 0);
	tu_set(m, "pmask_i", 0x3);
	w = tu_wide(m, "rdata_i");
	w[0] = 0xa4a3a2a1; /* sub-bank 0: byte 0 of lanes 0..3 */
	w[1] = 0xb4b3b2b1;
	w[2] = 0xc4c3c2c1;
	w[3] = 0xd4d3d2d1;
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "ren_o"), 0x0011);
	w = tu_wide(m, "data_o");
	CU_ASSERT(w[0] == 0xa1 && w[1] == 0xb1 && w[2] == 0 && w[3] == 0);
	CU_ASSERT_EQUAL(tu_get(m, "zlane_o"), 0x2);
	CU_ASSERT_EQUAL(tu_get(m, "gated_inactive_o"), 2);
	CU_ASSERT_EQUAL(tu_get(m, "gated_zero_o"), 1);
	rfm_model_destroy(m);
}

/* The buffer: reset entries read back, a same-cycle lookup sees the old entry, the higher write
 * port wins on one register. */
static void test_cz_buffer(void)
{
	rfm_cfg_t c;
	rfm_model_t *m;
	tu_cfg_ok(&c, small_dyn);
	m = rfm_model_create("rf_zmask_buffer", &c);
	CU_ASSERT_FATAL(m != NULL);
	tu_set(m, "rst_ni", 0);
	tu_cycle(m);
	tu_set(m, "rst_ni", 1);
	tu_set(m, "i0_pack_i", 7);
	rfm_model_eval(m);
	CU_ASSERT(tu_get(m, "i0_zm_o") == 0xf && tu_get(m, "i0_r_o") == 0);
	tu_set(m, "w0_valid_i", 1);
	tu_set(m, "w0_pack_i", 7);
	tu_set(m, "w0_zm_i", 0x3);
	tu_set(m, "w0_r_i", 1);
	tu_set(m, "w1_valid_i", 1);
	tu_set(m, "w1_pack_i", 7);
	tu_set(m, "w1_zm_i", 0x5);
	tu_set(m, "w1_r_i", 0);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "i0_zm_o"), 0xf); /* old value during the update */
	rfm_model_tick(m);
	tu_set(m, "w0_valid_i", 0);
	tu_set(m, "w1_valid_i", 0);
	tu_set(m, "o1_pack_i", 7);
	rfm_model_eval(m);
	CU_ASSERT(tu_get(m, "i0_zm_o") == 0x5 && tu_get(m, "i0_r_o") == 0);
	CU_ASSERT(tu_get(m, "o1_zm_o") == 0x5);
	rfm_model_destroy(m);
	tu_cfg_ok(&c, small_cross);
	m = rfm_model_create("rf_zmask_buffer", &c);
	CU_ASSERT_FATAL(m != NULL);
	tu_set(m, "rst_ni", 0);
	rfm_model_eval(m);
	CU_ASSERT(tu_get(m, "i3_zm_o") == 0xf && tu_get(m, "i3_r_o") == 1);
	rfm_model_destroy(m);
}

/* Item 21: read-back equality over random write sequences (any active masks, partial groups,
 * every mode), with arbitrary initial bank contents, through rfm_cz_write and rfm_cz_read. */
static void test_cz_readback_random(void)
{
	static const unsigned modes[3] = {RFM_ZG_IN_LANE, RFM_ZG_CROSS_LANE, RFM_ZG_DYNAMIC};
	unsigned seq, step, t, k, W = 32, bad = 0;
	rfm_rng_t r;
	rfm_rng_seed(&r, 2020);
	for (seq = 0; seq < 3000 && !bad; seq++) {
		unsigned mode = modes[seq % 3];
		uint8_t st[128];
		uint32_t arch[32], v[32];
		rfm_cz_entry_t e = rfm_cz_reset_entry(W, mode);
		memset(arch, 0, sizeof(arch));
		for (k = 0; k < sizeof(st); k++)
			st[k] = (uint8_t)rfm_rng_next(&r);
		for (step = 0; step < 12 && !bad; step++) {
			uint64_t act, ract;
			rfm_cz_wr_t o;
			rfm_cz_rd_t rd;
			unsigned pick = (unsigned)rfm_rng_below(&r, 4);
			act = pick == 0 ? 0xffffffffull : rfm_rng_next(&r) & (pick == 1 ? rfm_rng_next(&r) : 0xffffffffull);
			act &= 0xffffffffull;
			rfm_cw_sample(&r, &rfm_cw_dist_fig3_3, v, W);
			for (t = 0; t < W; t++)
				if (rfm_rng_chance(&r, 1, 3))
					v[t] = 0;
			rfm_cz_write(v, act, 1, e, W, mode, &o);
			for (k = 0; k < 4; k++)
				for (t = 0; t < W; t++) {
					if (o.wen[k] >> t & 1u)
						st[W * k + t] = (o.fill[k] >> t & 1u) ? 0 : (uint8_t)(v[t] >> (8 * k));
					if ((o.fill[k] >> t & 1u) && !(o.wen[k] >> t & 1u))
						bad = 1;
				}
			e = o.e;
			for (t = 0; t < W; t++)
				if (act >> t & 1u)
					arch[t] = v[t];
			/* read with a random active mask: every active lane sees its architectural value */
			ract = rfm_rng_next(&r) & 0xffffffffull;
			rfm_cz_read(ract, e, 0xf, W, mode, &rd);
			for (t = 0; t < W; t++) {
				uint32_t got = 0;
				for (k = 0; k < 4; k++)
					if (rd.ren[k] >> t & 1u)
						got |= (uint32_t)st[W * k + t] << (8 * k);
				if ((ract >> t & 1u) && got != arch[t]) {
					fprintf(stderr, "\n  sequence %u step %u mode %u lane %u: 0x%08x, expected 0x%08x\n", seq,
						step, mode, t, got, arch[t]);
					bad = 1;
				}
			}
		}
	}
	CU_ASSERT_EQUAL(bad, 0);
}

/* Item 26 and B1: 152 bits of zero-mask fields per collector; the buffer holds warp registers x
 * (lanes + lanes / 4) = 1024 x 40 bits on fermi_coalesce (5 KB: the chapter's 2.25 KB is per
 * 512-register partition, and 512 x 40 bits is 2.5 KB); the blocks come with in_lane and up. */
static void test_cz_sizes_and_blocks(void)
{
	rfm_cfg_t c;
	rfm_inv_row_t rows[RFM_INV_MAX];
	unsigned n, i, found = 0;
	const rfm_block_desc_t *b = rfm_block_find("rf_zmask_buffer");
	rfm_ports_t pt;
	tu_cfg_ok(&c, fermi_coal);
	CU_ASSERT_EQUAL(c.d.cz_oc_bits, 152);
	CU_ASSERT_EQUAL(c.d.cz_groups, 8);
	CU_ASSERT_EQUAL(c.d.warp_regs, 1024);
	CU_ASSERT_EQUAL(c.d.cz_mb_bits, 1024 * 40);
	CU_ASSERT_EQUAL(512 * 40 / 8, 2560); /* B1: 2.5 KB per 512 registers, not 2.25 KB */
	n = rfm_inventory(&c, rows);
	for (i = 0; i < n; i++) /* the entries in the array, a valid bit per register in the buffer's flops */
		if (!strcmp(rows[i].module, "rf_zmask_array")) {
			found++;
			CU_ASSERT_EQUAL(rows[i].bits, 40960);
			CU_ASSERT_STRING_EQUAL(rows[i].kind, "array");
		} else if (!strcmp(rows[i].module, "rf_zmask_buffer")) {
			found += 2;
			CU_ASSERT_EQUAL(rows[i].bits, 1024);
			CU_ASSERT_STRING_EQUAL(rows[i].kind, "flops");
		}
	CU_ASSERT_EQUAL(found, 3);
	CU_ASSERT_FATAL(b != NULL);
	memset(&pt, 0, sizeof(pt));
	CU_ASSERT_FATAL(b->ports(&c, &pt) == 0);
	CU_ASSERT_EQUAL(pt.n, 2 + 6 * 3 + 2 * 3 + 2 * 4); /* clock, reset; 6 issue and 2 old-entry lookups; 2 updates */
	rfm_ports_free(&pt);
	b = rfm_block_find("rf_zmask_array"); /* clock; 8 read ports of 40 bits; 2 write ports */
	CU_ASSERT_FATAL(b != NULL);
	memset(&pt, 0, sizeof(pt));
	CU_ASSERT_FATAL(b->ports(&c, &pt) == 0);
	CU_ASSERT_EQUAL(pt.n, 1 + 8 * 3 + 2 * 3);
	CU_ASSERT_EQUAL(pt.p[3].width, 40);
	rfm_ports_free(&pt);
	CU_ASSERT(rfm_block_enabled(b, &c));
	CU_ASSERT(rfm_block_enabled(rfm_block_find("rf_zero_detect"), &c));
	tu_cfg_ok(&c, SMALL_COAL "zero_gating = active_mask\n");
	CU_ASSERT(!rfm_block_enabled(b, &c));
	CU_ASSERT_EQUAL(c.d.cz_mb_bits, 0);
	tu_cfg_ok(&c, small_in);
	CU_ASSERT(rfm_block_enabled(b, &c));
	CU_ASSERT_EQUAL(c.d.cz_mb_bits, 32 * 5);
	tu_cfg_ok(&c, "[coalescing]\nzero_gating = dynamic\n"); /* coalescing off */
	CU_ASSERT(!rfm_block_enabled(b, &c));
}

/* The models pass their own checkers in every mode; each planted fault is caught. */
static void test_cz_checkers_catch_planted_faults(void)
{
	static const char *mods[4] = {"rf_zero_detect", "rf_zero_read", "rf_zmask_buffer", "rf_zmask_array"};
	static const unsigned detect_faults[] = {
		RFM_FAULT_ZERO_TIE_CROSS_LANE, RFM_FAULT_ZERO_SLOT_RULE_WITHOUT_FILL,
		RFM_FAULT_ZERO_PARTIAL_GROUP_INACTIVE, RFM_FAULT_ZERO_IN_LANE_WRITES_INACTIVE,
		RFM_FAULT_ZERO_CROSS_STORES_IN_LANE,
	};
	unsigned i, f;
	for (i = 0; i < 4; i++) {
		CU_ASSERT(tu_run_checked(small_dyn, mods[i], 0, 20000) == 0);
		CU_ASSERT(tu_run_checked(small_in, mods[i], 0, 20000) == 0);
		CU_ASSERT(tu_run_checked(small_cross, mods[i], 0, 20000) == 0);
		CU_ASSERT(tu_run_checked(fermi_coal, mods[i], 0, 3000) == 0);
	}
	for (i = 0; i < sizeof(detect_faults) / sizeof(detect_faults[0]); i++) {
		uint64_t at;
		f = detect_faults[i];
		at = tu_run_checked(small_dyn, "rf_zero_detect", f, 20000);
		if (!at)
			fprintf(stderr, "\n  planted fault %u not caught\n", f);
		CU_ASSERT(at != 0);
	}
	CU_ASSERT(tu_run_checked(small_dyn, "rf_zero_read", RFM_FAULT_ZERO_READ_BY_LANE_BIT, 20000) != 0);
	CU_ASSERT(tu_run_checked(small_dyn, "rf_zero_read", RFM_FAULT_ZERO_READ_GATED_PASS, 20000) != 0);
	CU_ASSERT(tu_run_checked(small_dyn, "rf_zmask_buffer", RFM_FAULT_ZMASK_UPDATE_BYPASSED, 20000) != 0);
	CU_ASSERT(tu_run_checked(small_dyn, "rf_zmask_buffer", RFM_FAULT_ZMASK_LOWER_PORT_WINS, 20000) != 0);
	CU_ASSERT(tu_run_checked(small_dyn, "rf_zmask_array", RFM_FAULT_ZMA_READ_SEES_WRITE, 20000) != 0);
}

int test_coal_zero_register(void)
{
	CU_pSuite s = CU_add_suite("coal_zero", NULL, NULL);
	if (!s)
		return -1;
	if (!CU_add_test(s, "test_cz_chapter4_example", test_cz_chapter4_example) ||
	    !CU_add_test(s, "test_cz_tie_keeps_in_lane", test_cz_tie_keeps_in_lane) ||
	    !CU_add_test(s, "test_cz_slot_rule", test_cz_slot_rule) ||
	    !CU_add_test(s, "test_cz_partial_in_lane", test_cz_partial_in_lane) ||
	    !CU_add_test(s, "test_cz_modes", test_cz_modes) || !CU_add_test(s, "test_cz_read", test_cz_read) ||
	    !CU_add_test(s, "test_cz_read_block", test_cz_read_block) ||
	    !CU_add_test(s, "test_cz_buffer", test_cz_buffer) ||
	    !CU_add_test(s, "test_cz_readback_random", test_cz_readback_random) ||
	    !CU_add_test(s, "test_cz_sizes_and_blocks", test_cz_sizes_and_blocks) ||
	    !CU_add_test(s, "test_cz_checkers_catch_planted_faults", test_cz_checkers_catch_planted_faults))
		return -1;
	return 0;
}
