/* test_coal_width.c - CUnit suite "coalescing write path": width detection, the partial-write
 * merge, the BI/TI formats and the byte swap, the write-back block and the mask buffer, against
 * the worked examples of the notes behind docs/coalescing.md (section 2.4 table, section 6 items 1-9)
 * and hand-worked partial writes (A4). */
#include <CUnit/Basic.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_coal.h"
#include "rfm_fault_ids.h"
#include "rfm_inventory.h"
#include "rfm_models.h"
#include "test_util.h"

/* rtl_gen/configs/small_coalesce.ini and fermi_coalesce.ini without comments. */
static const char *small_co = "[rf]\nlanes = 4\nlane_bits = 32\nbanks = 2\nentries = 16\nsubbanks = 4\n"
			      "read_ports = 1\nwrite_ports = 2\n[sm]\nwarps = 4\nregs_per_thread = 8\nschedulers = 2\n"
			      "collectors = 3\noperands = 3\ntag_bits = 4\n[stats]\ncounter_bits = 16\n"
			      "[coalescing]\nenable = on\nzero_gating = dynamic\n";
static const char *fermi_co = "[rf]\nwrite_ports = 2\n[coalescing]\nenable = on\nzero_gating = dynamic\n";

static void fill(uint32_t *v, unsigned n, uint32_t x)
{
	unsigned i;
	for (i = 0; i < n; i++)
		v[i] = x;
}

/* Width CORF needs: the narrowest sign extension from the stored data's own MSB. */
static unsigned corf_width(uint32_t v)
{
	unsigned w;
	for (w = 1; w < 4; w++) {
		uint32_t sh = 32 - 8 * w;
		if ((uint32_t)((int32_t)(v << sh) >> sh) == v)
			break;
	}
	return w;
}

/* Section 2.4's table (32 lanes, all active): sign, enc, logical and physical masks. */
static void test_cw_detect_worked_examples(void)
{
	static const struct {
		uint32_t lo, hi; /* lanes 0..15 and 16..31 */
		unsigned sign, enc, pm_even, pm_odd;
	} rows[] = {
		{0x00000005u, 0x00000005u, 0, 0, 0x1, 0x8}, {0xFFFFFF05u, 0xFFFFFF05u, 1, 0, 0x1, 0x8},
		{0x00000080u, 0x00000080u, 0, 0, 0x1, 0x8}, {0x00008001u, 0x00008001u, 0, 1, 0x3, 0xc},
		{0x00AB0012u, 0x00AB0012u, 0, 2, 0x7, 0xe}, {0x00000005u, 0xFFFFFFFDu, 1, 3, 0xf, 0xf},
		{0x00000000u, 0x00000000u, 0, 0, 0x1, 0x8},
	};
	uint32_t v[32];
	unsigned i;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		rfm_cw_code_t c;
		fill(v, 16, rows[i].lo);
		fill(v + 16, 16, rows[i].hi);
		c = rfm_cw_detect(v, 0xffffffffull, 32);
		CU_ASSERT_EQUAL(c.sign, rows[i].sign);
		CU_ASSERT_EQUAL(c.enc, rows[i].enc);
		CU_ASSERT_EQUAL(rfm_cw_lmask(c.enc), rows[i].pm_even);
		CU_ASSERT_EQUAL(rfm_cw_pmask(c.enc, 0), rows[i].pm_even);
		CU_ASSERT_EQUAL(rfm_cw_pmask(c.enc, 1), rows[i].pm_odd);
	}
	/* inactive lanes do not count: a wide negative lane switched off leaves a 1-byte positive value */
	fill(v, 32, 5);
	v[31] = 0x80000000u;
	CU_ASSERT_EQUAL(rfm_cw_detect(v, 0x7fffffffull, 32).enc, 0);
	CU_ASSERT_EQUAL(rfm_cw_detect(v, 0x7fffffffull, 32).sign, 0);
	CU_ASSERT_EQUAL(rfm_cw_detect(v, 0, 32).sign, 0);
	CU_ASSERT_EQUAL(rfm_cw_detect(v, 0, 32).enc, 0);
	/* negative values: -1 is 1 byte; 0xFFFFFF7F is 1 byte too (the stored sign fills bytes 1..3,
	 * CORF would need 2); 0xFFFF7FFF needs 2 */
	fill(v, 32, 0xFFFFFFFFu);
	CU_ASSERT(rfm_cw_detect(v, 0xffffffffull, 32).sign == 1 && rfm_cw_detect(v, 0xffffffffull, 32).enc == 0);
	fill(v, 32, 0xFFFFFF7Fu);
	CU_ASSERT(rfm_cw_detect(v, 0xffffffffull, 32).sign == 1 && rfm_cw_detect(v, 0xffffffffull, 32).enc == 0);
	CU_ASSERT_EQUAL(corf_width(0xFFFFFF7Fu), 2);
	fill(v, 32, 0xFFFF7FFFu);
	CU_ASSERT(rfm_cw_detect(v, 0xffffffffull, 32).sign == 1 && rfm_cw_detect(v, 0xffffffffull, 32).enc == 1);
}

/* Section 6 item 6: 0x00008001 takes 2 sub-banks (CORF 3); R2 (1 byte, even) and R3 (3 bytes, odd)
 * coalesce; 0111 and 1100 conflict; an even N-byte and an odd M-byte request are disjoint iff N + M <= 4. */
static void test_cw_paper_vectors(void)
{
	uint32_t v[4] = {0x00008001u, 0x00008001u, 0x00008001u, 0x00008001u};
	unsigned n, mm;
	CU_ASSERT_EQUAL(rfm_cw_detect(v, 0xf, 4).enc + 1, 2);
	CU_ASSERT_EQUAL(corf_width(0x00008001u), 3);
	CU_ASSERT_EQUAL(rfm_cw_pmask(0, 0), 0x1);
	CU_ASSERT_EQUAL(rfm_cw_pmask(2, 1), 0xe);
	CU_ASSERT_EQUAL(rfm_cw_pmask(0, 0) & rfm_cw_pmask(2, 1), 0);
	CU_ASSERT_NOT_EQUAL(0x7u & 0xcu, 0);
	CU_ASSERT_EQUAL(rfm_cw_pmask(2, 0), 0x7);
	CU_ASSERT_EQUAL(rfm_cw_pmask(1, 1), 0xc);
	for (n = 1; n <= 4; n++)
		for (mm = 1; mm <= 4; mm++) {
			CU_ASSERT_EQUAL((rfm_cw_pmask(n - 1, 0) & rfm_cw_pmask(mm - 1, 1)) == 0, n + mm <= 4);
			CU_ASSERT_NOT_EQUAL(rfm_cw_pmask(n - 1, 0) & rfm_cw_pmask(mm - 1, 0), 0); /* same side: never */
		}
	CU_ASSERT_EQUAL(rfm_cw_rev4(0x1), 0x8);
	CU_ASSERT_EQUAL(rfm_cw_rev4(0x6), 0x6);
	CU_ASSERT_EQUAL(rfm_cw_rev4(0xb), 0xd);
}

/* A4 merge and the sign fill. */
static void test_cw_merge_and_fill(void)
{
	rfm_cw_code_t n1p = {0, 0}, n2p = {0, 1}, n1n = {1, 0}, o3p = {0, 2}, o1n = {1, 0}, f;
	f = rfm_cw_merge(n1p, o3p, 1); /* every lane active: the new code, even if narrower */
	CU_ASSERT(f.sign == 0 && f.enc == 0);
	f = rfm_cw_merge(n1p, o3p, 0); /* same sign: the wider */
	CU_ASSERT(f.sign == 0 && f.enc == 2);
	f = rfm_cw_merge(n2p, (rfm_cw_code_t){0, 0}, 0);
	CU_ASSERT(f.sign == 0 && f.enc == 1);
	f = rfm_cw_merge(n1n, o3p, 0); /* sign change: 4 bytes, the new sign */
	CU_ASSERT(f.sign == 1 && f.enc == 3);
	f = rfm_cw_merge(n1p, o1n, 0);
	CU_ASSERT(f.sign == 0 && f.enc == 3);
	f = rfm_cw_merge(n1n, o1n, 0);
	CU_ASSERT(f.sign == 1 && f.enc == 0);
	CU_ASSERT_EQUAL(rfm_cw_fill(0x12345678u, (rfm_cw_code_t){0, 0}), 0x00000078u);
	CU_ASSERT_EQUAL(rfm_cw_fill(0x12345678u, (rfm_cw_code_t){1, 1}), 0xFFFF5678u);
	CU_ASSERT_EQUAL(rfm_cw_fill(0x12345678u, (rfm_cw_code_t){0, 2}), 0x00345678u);
	CU_ASSERT_EQUAL(rfm_cw_fill(0x12345678u, (rfm_cw_code_t){1, 3}), 0x12345678u);
	CU_ASSERT_EQUAL(rfm_cw_fill(0xFFFFFF05u, (rfm_cw_code_t){1, 0}), 0xFFFFFF05u);
}

/* Section 6 items 1 and 2: the exact TI permutation, the round trip, bswap32 per lane, and that the
 * swap seen in TI is the reversal of the four slices. */
static void test_cw_formats(void)
{
	uint32_t bi[32], ti[32], back[32], sw[32], tsw[32];
	unsigned t, k;
	for (t = 0; t < 32; t++)
		bi[t] = (uint32_t)(4 * t) | (uint32_t)(4 * t + 1) << 8 | (uint32_t)(4 * t + 2) << 16 | (uint32_t)(4 * t + 3) << 24;
	rfm_bi_to_ti(bi, ti, 32);
	for (t = 0; t < 32; t++)
		for (k = 0; k < 4; k++)
			CU_ASSERT_EQUAL((ti[(32 * k + t) / 4] >> (8 * ((32 * k + t) % 4))) & 0xffu, 4 * t + k);
	CU_ASSERT_EQUAL(ti[0], 0x0c080400u); /* slice 0 starts with byte 0 of lanes 0..3 */
	rfm_ti_to_bi(ti, back, 32);
	CU_ASSERT_EQUAL(memcmp(back, bi, sizeof(bi)), 0);
	rfm_bswap_lanes(bi, sw, 32, 1);
	CU_ASSERT_EQUAL(sw[0], 0x00010203u);
	rfm_bi_to_ti(sw, tsw, 32);
	for (k = 0; k < 4; k++) /* TI slice k of the swapped vector = TI slice 3 - k of the original */
		CU_ASSERT_EQUAL(memcmp(tsw + 8 * k, ti + 8 * (3 - k), 32), 0);
	rfm_bswap_lanes(sw, sw, 32, 1); /* in place, and its own inverse */
	CU_ASSERT_EQUAL(memcmp(sw, bi, sizeof(bi)), 0);
	rfm_bswap_lanes(bi, sw, 32, 0);
	CU_ASSERT_EQUAL(memcmp(sw, bi, sizeof(bi)), 0);
	/* 4 lanes: TI slice k is one 32-bit word */
	rfm_bi_to_ti(bi, ti, 4);
	CU_ASSERT_EQUAL(ti[1], 0x0d090501u);
}

/* rf_width_detect on small_coalesce (4 lanes): one write-back. */
typedef struct wd_out {
	unsigned sign, enc, fsign, fenc, pmask, bwe;
	uint32_t wdata[4];
} wd_out_t;

static wd_out_t wd_run(rfm_model_t *m, unsigned valid, unsigned act, const uint32_t *d, unsigned odd, unsigned osign,
		       unsigned oenc)
{
	wd_out_t o;
	tu_clear_inputs(m);
	tu_set(m, "valid_i", valid);
	tu_set(m, "active_i", act);
	memcpy(tu_wide(m, "data_i"), d, 16);
	tu_set(m, "odd_i", odd);
	tu_set(m, "old_sign_i", osign);
	tu_set(m, "old_enc_i", oenc);
	rfm_model_eval(m);
	o.sign = (unsigned)tu_get(m, "sign_o");
	o.enc = (unsigned)tu_get(m, "enc_o");
	o.fsign = (unsigned)tu_get(m, "fsign_o");
	o.fenc = (unsigned)tu_get(m, "fenc_o");
	o.pmask = (unsigned)tu_get(m, "pmask_o");
	o.bwe = (unsigned)tu_get(m, "bwe_o");
	memcpy(o.wdata, tu_wide(m, "wdata_o"), 16);
	return o;
}

/* Section 2.4 rows through the block, both parities, and the A4 partial writes. */
static void test_cw_width_detect_block(void)
{
	rfm_cfg_t c;
	rfm_model_t *m;
	wd_out_t o;
	uint32_t d[4];
	tu_cfg_ok(&c, small_co);
	m = rfm_model_create("rf_width_detect", &c);
	CU_ASSERT_FATAL(m != NULL);

	/* 0x00AB0012 everywhere, even: 3 bytes, sub-banks 0..2, every lane; TI slice k = byte k */
	fill(d, 4, 0x00AB0012u);
	o = wd_run(m, 1, 0xf, d, 0, 0, 0);
	CU_ASSERT(o.sign == 0 && o.enc == 2 && o.fsign == 0 && o.fenc == 2 && o.pmask == 0x7 && o.bwe == 0x0fff);
	CU_ASSERT(o.wdata[0] == 0x12121212u && o.wdata[1] == 0 && o.wdata[2] == 0xabababab);
	/* odd: byte-swapped, sub-banks 1..3, byte 0 in sub-bank 3 */
	o = wd_run(m, 1, 0xf, d, 1, 0, 0);
	CU_ASSERT(o.fenc == 2 && o.pmask == 0xe && o.bwe == 0xfff0);
	CU_ASSERT(o.wdata[3] == 0x12121212u && o.wdata[2] == 0 && o.wdata[1] == 0xabababab && o.wdata[0] == 0);
	/* all zero: 1 byte, sub-bank 0 (even) or 3 (odd) */
	fill(d, 4, 0);
	o = wd_run(m, 1, 0xf, d, 0, 1, 3);
	CU_ASSERT(o.sign == 0 && o.enc == 0 && o.fenc == 0 && o.fsign == 0 && o.pmask == 0x1 && o.bwe == 0x000f);
	o = wd_run(m, 1, 0xf, d, 1, 0, 0);
	CU_ASSERT(o.pmask == 0x8 && o.bwe == 0xf000);
	/* negative: 0xFFFFFF05 is 1 byte with sign 1 */
	fill(d, 4, 0xFFFFFF05u);
	o = wd_run(m, 1, 0xf, d, 0, 0, 0);
	CU_ASSERT(o.sign == 1 && o.enc == 0 && o.pmask == 0x1 && o.wdata[0] == 0x05050505u);
	/* mixed signs: 4 bytes */
	d[0] = 5, d[1] = 0xFFFFFFFDu, d[2] = 5, d[3] = 0xFFFFFFFDu;
	o = wd_run(m, 1, 0xf, d, 0, 0, 0);
	CU_ASSERT(o.sign == 1 && o.enc == 3 && o.pmask == 0xf && o.bwe == 0xffff);

	/* partial write, even, old {0, 1 byte}: lane 0 writes 0x1234 (2 bytes). Final 2 bytes; lane 0
	 * writes bytes 0-1, lanes 1-3 byte 1 only, with the old sign fill 0x00 */
	fill(d, 4, 0xEEEEEEEEu);
	d[0] = 0x1234;
	o = wd_run(m, 1, 0x1, d, 0, 0, 0);
	CU_ASSERT(o.sign == 0 && o.enc == 1 && o.fsign == 0 && o.fenc == 1 && o.pmask == 0x3);
	CU_ASSERT_EQUAL(o.bwe, 0x00f1);
	CU_ASSERT_EQUAL(o.wdata[0] & 0xffu, 0x34u);
	CU_ASSERT_EQUAL(o.wdata[1], 0x00000012u);
	/* the same on an odd register: sub-banks 3 and 2 */
	o = wd_run(m, 1, 0x1, d, 1, 0, 0);
	CU_ASSERT(o.pmask == 0xc && o.bwe == 0x1f00);
	CU_ASSERT_EQUAL(o.wdata[2], 0x00000012u);
	/* sign change: old {0, 1 byte}, lane 1 writes -3: 4 bytes, sign 1; inactive lanes write bytes 1-3
	 * with 0x00 */
	d[1] = 0xFFFFFFFDu;
	o = wd_run(m, 1, 0x2, d, 0, 0, 0);
	CU_ASSERT(o.sign == 1 && o.enc == 0 && o.fsign == 1 && o.fenc == 3 && o.pmask == 0xf);
	CU_ASSERT_EQUAL(o.bwe, 0xfff2);
	CU_ASSERT(o.wdata[1] == 0x0000ff00u && o.wdata[2] == 0x0000ff00u && o.wdata[3] == 0x0000ff00u);
	CU_ASSERT_EQUAL((o.wdata[0] >> 8) & 0xffu, 0xfdu);
	/* same sign, new narrower than old: old {1, 2 bytes}, lanes 0-1 write 0xFFFFFF80: final keeps 2
	 * bytes, inactive lanes write nothing */
	d[0] = d[1] = 0xFFFFFF80u;
	o = wd_run(m, 1, 0x3, d, 0, 1, 1);
	CU_ASSERT(o.sign == 1 && o.enc == 0 && o.fsign == 1 && o.fenc == 1 && o.pmask == 0x3 && o.bwe == 0x0033);
	CU_ASSERT_EQUAL(o.wdata[1] & 0xffffu, 0xffffu);
	/* every lane active, narrower than the stored code: the register shrinks */
	fill(d, 4, 5);
	o = wd_run(m, 1, 0xf, d, 1, 0, 3);
	CU_ASSERT(o.fenc == 0 && o.fsign == 0 && o.pmask == 0x8 && o.bwe == 0xf000);
	/* no lane active, or valid low: nothing written, the stored code stays */
	o = wd_run(m, 1, 0x0, d, 1, 1, 2);
	CU_ASSERT(o.sign == 0 && o.enc == 0 && o.fsign == 1 && o.fenc == 2 && o.pmask == 0 && o.bwe == 0);
	o = wd_run(m, 0, 0xf, d, 0, 0, 1);
	CU_ASSERT(o.fsign == 0 && o.fenc == 1 && o.pmask == 0 && o.bwe == 0);
	rfm_model_destroy(m);
}

static void mb_lookup(rfm_model_t *m, const char *p, unsigned *sign, unsigned *enc)
{
	char n[32];
	snprintf(n, sizeof(n), "%s_sign_o", p);
	*sign = (unsigned)tu_get(m, n);
	snprintf(n, sizeof(n), "%s_enc_o", p);
	*enc = (unsigned)tu_get(m, n);
}

/* Reset {0, 00}; a lookup in the cycle of an update sees the old entry; two updates of one entry:
 * the higher port wins; the state outputs. */
static void test_cw_mask_buffer(void)
{
	rfm_cfg_t c;
	rfm_model_t *m;
	unsigned s, e;
	tu_cfg_ok(&c, small_co);
	m = rfm_model_create("rf_mask_buffer", &c);
	CU_ASSERT_FATAL(m != NULL);
	tu_clear_inputs(m);
	tu_cycle(m); /* rst_ni low */
	tu_set(m, "rst_ni", 1);
	tu_set(m, "u0_valid_i", 1);
	tu_set(m, "u0_idx_i", 5);
	tu_set(m, "u0_sign_i", 1);
	tu_set(m, "u0_enc_i", 2);
	tu_set(m, "l0_idx_i", 5);
	tu_set(m, "o0_idx_i", 5);
	rfm_model_eval(m);
	mb_lookup(m, "l0", &s, &e);
	CU_ASSERT(s == 0 && e == 0);
	mb_lookup(m, "o0", &s, &e);
	CU_ASSERT(s == 0 && e == 0);
	rfm_model_tick(m);
	tu_set(m, "u0_valid_i", 0);
	rfm_model_eval(m);
	mb_lookup(m, "l0", &s, &e);
	CU_ASSERT(s == 1 && e == 2);
	CU_ASSERT_EQUAL(tu_get(m, "msign_o"), 1u << 5);
	CU_ASSERT_EQUAL(tu_get(m, "menc_o"), 2ull << 10);
	/* both ports on entry 7 (illegal input, defined anyway): port 1 wins */
	tu_set(m, "u0_valid_i", 1);
	tu_set(m, "u0_idx_i", 7);
	tu_set(m, "u0_sign_i", 0);
	tu_set(m, "u0_enc_i", 1);
	tu_set(m, "u1_valid_i", 1);
	tu_set(m, "u1_idx_i", 7);
	tu_set(m, "u1_sign_i", 1);
	tu_set(m, "u1_enc_i", 3);
	tu_cycle(m);
	tu_set(m, "u0_valid_i", 0);
	tu_set(m, "u1_valid_i", 0);
	tu_set(m, "l5_idx_i", 7);
	rfm_model_eval(m);
	mb_lookup(m, "l5", &s, &e);
	CU_ASSERT(s == 1 && e == 3);
	/* reset clears every entry */
	tu_set(m, "rst_ni", 0);
	tu_cycle(m);
	tu_set(m, "rst_ni", 1);
	rfm_model_eval(m);
	mb_lookup(m, "l5", &s, &e);
	CU_ASSERT(s == 0 && e == 0);
	CU_ASSERT_EQUAL(tu_get(m, "msign_o"), 0);
	CU_ASSERT_EQUAL(tu_get(m, "menc_o"), 0);
	rfm_model_destroy(m);
}

/* Section 6 item 9 and Table 3.5: the mask buffer holds banks x entries x 3 bits, 384 B on Fermi. */
static void test_cw_storage_figures(void)
{
	rfm_cfg_t c;
	rfm_inv_row_t rows[RFM_INV_MAX];
	unsigned i, n, found = 0;
	tu_cfg_ok(&c, fermi_co);
	CU_ASSERT_EQUAL(c.d.warp_regs, 1024);
	CU_ASSERT_EQUAL(c.d.cw_mb_bits, 3072);
	n = rfm_inventory(&c, rows);
	for (i = 0; i < n; i++)
		if (!strcmp(rows[i].module, "rf_mask_buffer")) {
			found++;
			CU_ASSERT_EQUAL(rows[i].bits, 3072);
			CU_ASSERT_EQUAL((rows[i].bits + 7) / 8, 384);
			CU_ASSERT_STRING_EQUAL(rows[i].kind, "flops");
		}
	CU_ASSERT_EQUAL(found, 1);
	tu_cfg_ok(&c, small_co);
	CU_ASSERT_EQUAL(c.d.cw_mb_bits, 2 * 16 * 3);
	tu_cfg_ok(&c, "");
	n = rfm_inventory(&c, rows);
	for (i = 0; i < n; i++)
		CU_ASSERT(strcmp(rows[i].module, "rf_mask_buffer") != 0); /* not without [coalescing] */
}

/* The models under their own stimulus pass their checkers; each planted fault of the write path is caught
 * by the model's own checker (make mutation shows the RTL comparison catching them too). */
static void test_cw_checkers_catch_planted_faults(void)
{
	static const struct {
		const char *module;
		unsigned mutate;
	} faults[] = {
		{"rf_ti_convert", RFM_FAULT_TI_BYTES_CROSSED},
		{"rf_byte_swap", RFM_FAULT_SWAP_ROTATES_LANE},
		{"rf_width_detect", RFM_FAULT_WIDTH_NO_THERMOMETER},
		{"rf_width_detect", RFM_FAULT_MERGE_IGNORES_SIGN_CHANGE},
		{"rf_width_detect", RFM_FAULT_INACTIVE_NOT_FILLED},
		{"rf_width_detect", RFM_FAULT_ODD_PMASK_NOT_REVERSED},
		{"rf_width_detect", RFM_FAULT_SIGN_FROM_LAST_LANE},
		{"rf_mask_buffer", RFM_FAULT_MB_UPDATE_BYPASSED},
		{"rf_mask_buffer", RFM_FAULT_MB_PORT1_LOST},
	};
	static const char *const mods[] = {"rf_ti_convert", "rf_byte_swap", "rf_width_detect", "rf_mask_buffer"};
	unsigned i;
	for (i = 0; i < 4; i++) {
		CU_ASSERT(tu_run_checked(small_co, mods[i], 0, 20000) == 0);
		CU_ASSERT(tu_run_checked(fermi_co, mods[i], 0, 3000) == 0);
	}
	for (i = 0; i < sizeof(faults) / sizeof(faults[0]); i++) {
		uint64_t s = tu_run_checked(small_co, faults[i].module, faults[i].mutate, 20000);
		uint64_t f = tu_run_checked(fermi_co, faults[i].module, faults[i].mutate, 20000);
		if (!s || !f)
			fprintf(stderr, "\n  fault %u in %s missed (small %llu, fermi %llu)", faults[i].mutate, faults[i].module,
				(unsigned long long)s, (unsigned long long)f);
		CU_ASSERT(s != 0 && f != 0);
	}
}

int test_coal_width_register(void)
{
	CU_pSuite s = CU_add_suite("coalescing write path", NULL, NULL);
	if (!s)
		return -1;
	if (!CU_add_test(s, "test_cw_detect_worked_examples", test_cw_detect_worked_examples) ||
	    !CU_add_test(s, "test_cw_paper_vectors", test_cw_paper_vectors) ||
	    !CU_add_test(s, "test_cw_merge_and_fill", test_cw_merge_and_fill) ||
	    !CU_add_test(s, "test_cw_formats", test_cw_formats) ||
	    !CU_add_test(s, "test_cw_width_detect_block", test_cw_width_detect_block) ||
	    !CU_add_test(s, "test_cw_mask_buffer", test_cw_mask_buffer) ||
	    !CU_add_test(s, "test_cw_storage_figures", test_cw_storage_figures) ||
	    !CU_add_test(s, "test_cw_checkers_catch_planted_faults", test_cw_checkers_catch_planted_faults))
		return -1;
	return 0;
}
