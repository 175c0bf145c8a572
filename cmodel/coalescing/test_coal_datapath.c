/* test_coal_datapath.c - CUnit suite "coal_datapath": the coalescing-aware register file's data
 * path (rf_dual_bank, rf_subbank_xbar, rf_coal_collector) on the dissertation's worked examples
 * (the notes behind docs/coalescing.md: sections 2.3, 2.5, 2.8, 2.9) and hand-worked corner cases.
 *
 * small_coalesce has 4 lanes, so a warp value is 4 words and a TI slice (one sub-bank row, one
 * collector slice) is exactly one word: word k = byte k of lanes 3..0, lane 0 in the low byte.
 */
#include <CUnit/Basic.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_blocks.h"
#include "rfm_fault_ids.h"
#include "test_util.h"

/* rtl_gen/configs/small_coalesce.ini without comments. */
static const char *small_co = "[rf]\nlanes = 4\nlane_bits = 32\nbanks = 2\nentries = 16\nsubbanks = 4\n"
			      "read_ports = 1\nwrite_ports = 2\nwrite_conflict = bank\n"
			      "[sm]\nwarps = 4\nregs_per_thread = 8\nschedulers = 2\ncollectors = 3\noperands = 3\n"
			      "tag_bits = 4\n[mapping]\nlayout = wshift\n[stats]\ncounter_bits = 16\n"
			      "[coalescing]\nenable = on\nalignment = reg\nparity = entry\nzero_gating = dynamic\n";
/* rtl_gen/configs/fermi_coalesce.ini without comments. */
static const char *fermi_co = "[rf]\nwrite_ports = 2\n[coalescing]\nenable = on\nzero_gating = dynamic\n";

static void set_words(rfm_model_t *m, const char *port, uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3)
{
	uint32_t *w = tu_wide(m, port);
	w[0] = w0, w[1] = w1, w[2] = w2, w[3] = w3;
}

static int words_are(rfm_model_t *m, const char *port, uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3)
{
	const uint32_t *w = tu_wide(m, port);
	if (w[0] == w0 && w[1] == w1 && w[2] == w2 && w[3] == w3)
		return 1;
	fprintf(stderr, "\n  %s = %08x %08x %08x %08x, want %08x %08x %08x %08x", port, w[0], w[1], w[2], w[3], w0, w1, w2,
		w3);
	return 0;
}

/* Zero every input, reset released. */
static void clr(rfm_model_t *m)
{
	tu_clear_inputs(m);
	if (m->rst >= 0)
		rfm_set(m, (unsigned)m->rst, 1);
}

static rfm_model_t *make(rfm_cfg_t *c, const char *text, const char *module)
{
	rfm_model_t *m;
	tu_cfg_ok(c, text);
	m = rfm_model_create(module, c);
	CU_ASSERT_FATAL(m != NULL);
	tu_clear_inputs(m);
	if (m->rst >= 0) /* one reset cycle */
		tu_cycle(m);
	clr(m);
	return m;
}

/* One request of rf_dual_bank (side "rr" or "lr"). */
static void db_req(rfm_model_t *m, const char *side, unsigned we, unsigned row, unsigned pmask, uint32_t bwe)
{
	char n[32];
	snprintf(n, sizeof(n), "%s_en_i", side);
	tu_set(m, n, 1);
	snprintf(n, sizeof(n), "%s_we_i", side);
	tu_set(m, n, we);
	snprintf(n, sizeof(n), "%s_row_i", side);
	tu_set(m, n, row);
	snprintf(n, sizeof(n), "%s_pmask_i", side);
	tu_set(m, n, pmask);
	snprintf(n, sizeof(n), "%s_bwe_i", side);
	tu_set(m, n, bwe);
}

/* Section 2.3 / 2.5: R2 (even, 1 byte: sub-bank 0) is read while R3 (odd, 3 bytes: byte-swapped,
 * sub-banks 1, 2, 3) is written, in one cycle. R2 = lanes {0x05, 0x7f, 0x00, 0x11}: TI slice 0 =
 * 0x11007f05. R3 = lanes {0x00123456, 0x00abcdef, 0x00000001, 0x00010000}: logical slices
 * 0x0001ef56, 0x0000cd34, 0x0100ab12, 0; odd, so sub-bank 3 holds logical slice 0, 2 slice 1, 1
 * slice 2. */
static void test_cd_dual_bank_r2_r3_one_cycle(void)
{
	rfm_cfg_t c;
	rfm_model_t *m = make(&c, small_co, "rf_dual_bank");
	/* R2 written first, through the right port, only sub-bank 0 */
	db_req(m, "rr", 1, 2, 0x1, 0xffff);
	set_words(m, "rr_wdata_i", 0x11007f05, 0xdeadbeef, 0xdeadbeef, 0xdeadbeef);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "acc_o"), 0x1);
	rfm_model_tick(m);
	clr(m);
	/* the coalesced cycle: read R2 (right, 0001) + write R3 (left, 1110) */
	db_req(m, "rr", 0, 2, 0x1, 0);
	db_req(m, "lr", 1, 3, 0xe, 0xffff);
	set_words(m, "lr_wdata_i", 0xdeadbeef, 0x0100ab12, 0x0000cd34, 0x0001ef56);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "acc_o"), 0xf);
	rfm_model_tick(m);
	clr(m);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "rvalid_o"), 0x1);
	CU_ASSERT(words_are(m, "rdata_o", 0x11007f05, 0, 0, 0)); /* sub-bank 2's row 2 was never written: 0 */
	CU_ASSERT_EQUAL(tu_get(m, "acc_o"), 0);
	rfm_model_tick(m);
	/* read R3 back through the left port: sub-banks 1..3; sub-bank 0 keeps R2's bytes */
	db_req(m, "lr", 0, 3, 0xe, 0);
	tu_cycle(m);
	clr(m);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "rvalid_o"), 0xe);
	CU_ASSERT(words_are(m, "rdata_o", 0x11007f05, 0x0100ab12, 0x0000cd34, 0x0001ef56));
	/* the write did not touch sub-bank 0 of row 3 (invariant 8): a full read shows 0 there */
	rfm_model_tick(m);
	db_req(m, "rr", 0, 3, 0xf, 0);
	tu_cycle(m);
	clr(m);
	rfm_model_eval(m);
	CU_ASSERT(words_are(m, "rdata_o", 0, 0x0100ab12, 0x0000cd34, 0x0001ef56));
	rfm_model_destroy(m);
}

/* Byte enables: bit 4k + t writes lane t of sub-bank k only. Overlapping masks (a stimulus error
 * the checker reports) still have a defined behaviour: the left request wins the shared sub-bank. */
static void test_cd_dual_bank_byte_enables_and_overlap(void)
{
	rfm_cfg_t c;
	FILE *null = fopen("/dev/null", "w");
	rfm_model_t *m = make(&c, small_co, "rf_dual_bank");
	CU_ASSERT_FATAL(null != NULL);
	db_req(m, "rr", 1, 5, 0xf, 0xffff);
	set_words(m, "rr_wdata_i", 0x44332211, 0x88776655, 0xccbbaa99, 0x00ffeedd);
	tu_cycle(m);
	clr(m);
	db_req(m, "rr", 1, 5, 0x3, 0x0021); /* lane 0 of sub-bank 0, lane 1 of sub-bank 1 */
	set_words(m, "rr_wdata_i", 0xa1a2a3a4, 0xb1b2b3b4, 0xc1c2c3c4, 0xd1d2d3d4);
	tu_cycle(m);
	clr(m);
	db_req(m, "rr", 0, 5, 0xf, 0);
	tu_cycle(m);
	clr(m);
	rfm_model_eval(m);
	CU_ASSERT(words_are(m, "rdata_o", 0x443322a4, 0x8877b355, 0xccbbaa99, 0x00ffeedd));
	rfm_model_tick(m);
	/* overlap on sub-bank 1: right 0011 to row 6, left 1110 to row 7 */
	db_req(m, "rr", 1, 6, 0x3, 0xffff);
	db_req(m, "lr", 1, 7, 0xe, 0xffff);
	set_words(m, "rr_wdata_i", 0x10101010, 0x11111111, 0, 0);
	set_words(m, "lr_wdata_i", 0, 0x21212121, 0x22222222, 0x23232323);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "acc_o"), 0xf);
	CU_ASSERT(m->ops->check(m, 100, null) != 0); /* the checker calls it a stimulus error */
	rfm_model_tick(m);
	clr(m);
	db_req(m, "rr", 0, 6, 0x3, 0);
	db_req(m, "lr", 0, 7, 0xc, 0);
	tu_cycle(m);
	clr(m);
	rfm_model_eval(m);
	CU_ASSERT(words_are(m, "rdata_o", 0x10101010, 0, 0x22222222, 0x23232323)); /* row 6 sub-bank 1 not written */
	rfm_model_tick(m);
	db_req(m, "lr", 0, 7, 0x2, 0);
	tu_cycle(m);
	clr(m);
	rfm_model_eval(m);
	CU_ASSERT(words_are(m, "rdata_o", 0x10101010, 0x21212121, 0x22222222, 0x23232323));
	rfm_model_destroy(m);
	fclose(null);
}

/* Bank data with a distinct word per (bank, slice): 0xB<bank>5<slice>... */
static void xb_banks(rfm_model_t *m, unsigned nb)
{
	unsigned i;
	char n[32];
	for (i = 0; i < nb; i++) {
		snprintf(n, sizeof(n), "bank%u_rdata_i", i);
		set_words(m, n, 0xb0005000u | i << 24 | 0, 0xb0005001u | i << 24, 0xb0005002u | i << 24,
			  0xb0005003u | i << 24);
	}
}

/* Section 2.8. Different collectors, same bank: OC0 0001 and OC1 1100 at bank 0 -> sub-bank 0 to
 * OC0's lower slice, sub-banks 2, 3 to OC1's upper two slices. Same collector, different banks:
 * OC0 reads bank 0 0011 and bank 1 1100 -> one packed write of all four slices. */
static void test_cd_xbar_paper_examples(void)
{
	rfm_cfg_t c;
	FILE *null = fopen("/dev/null", "w");
	rfm_model_t *m = make(&c, small_co, "rf_subbank_xbar");
	CU_ASSERT_FATAL(null != NULL);
	xb_banks(m, 2);
	tu_set(m, "oc0_sel_valid_i", 0x1);
	tu_set(m, "oc0_sel_bank_i", 0x0);
	tu_set(m, "oc1_sel_valid_i", 0xc);
	tu_set(m, "oc1_sel_bank_i", 0x3); /* idle slices 0, 1 name bank 1: must not matter */
	rfm_model_eval(m);
	CU_ASSERT(words_are(m, "oc0_wdata_o", 0xb0005000, 0, 0, 0));
	CU_ASSERT_EQUAL(tu_get(m, "oc0_wen_o"), 0x1);
	CU_ASSERT(words_are(m, "oc1_wdata_o", 0, 0, 0xb0005002, 0xb0005003));
	CU_ASSERT_EQUAL(tu_get(m, "oc1_wen_o"), 0xc);
	CU_ASSERT(words_are(m, "oc2_wdata_o", 0, 0, 0, 0));
	CU_ASSERT_EQUAL(tu_get(m, "oc2_wen_o"), 0);
	CU_ASSERT(m->ops->check(m, 0, null) == 0);
	clr(m);
	xb_banks(m, 2);
	tu_set(m, "oc0_sel_valid_i", 0xf);
	tu_set(m, "oc0_sel_bank_i", 0xc); /* slices 3, 2 from bank 1; 1, 0 from bank 0 */
	rfm_model_eval(m);
	CU_ASSERT(words_are(m, "oc0_wdata_o", 0xb0005000, 0xb0005001, 0xb1005002, 0xb1005003));
	CU_ASSERT_EQUAL(tu_get(m, "oc0_wen_o"), 0xf);
	CU_ASSERT(m->ops->check(m, 1, null) == 0);
	rfm_model_destroy(m);
	/* 3 banks: bank index 3 does not exist; a slice selecting it gets 0 and the checker objects */
	m = make(&c, "[rf]\nlanes = 4\nbanks = 3\nentries = 16\n[sm]\nwarps = 4\nregs_per_thread = 8\ncollectors = 2\n"
		 "[coalescing]\nenable = on\n",
		 "rf_subbank_xbar");
	xb_banks(m, 3);
	tu_set(m, "oc1_sel_valid_i", 0x3);
	tu_set(m, "oc1_sel_bank_i", 0x0e); /* slice 0: bank 2, slice 1: bank 3 */
	rfm_model_eval(m);
	CU_ASSERT(words_are(m, "oc1_wdata_o", 0xb2005000, 0, 0, 0));
	CU_ASSERT(m->ops->check(m, 2, null) != 0);
	rfm_model_destroy(m);
	fclose(null);
}

/* Allocate collector j's operand o. */
static void cc_alloc(rfm_model_t *m, unsigned j, unsigned o, unsigned odd, unsigned enc, unsigned sign)
{
	char n[40];
	snprintf(n, sizeof(n), "alloc%u_valid_i", j);
	tu_set(m, n, 1);
	snprintf(n, sizeof(n), "alloc%u_op%u_valid_i", j, o);
	tu_set(m, n, 1);
	snprintf(n, sizeof(n), "alloc%u_op%u_odd_i", j, o);
	tu_set(m, n, odd);
	snprintf(n, sizeof(n), "alloc%u_op%u_enc_i", j, o);
	tu_set(m, n, enc);
	snprintf(n, sizeof(n), "alloc%u_op%u_sign_i", j, o);
	tu_set(m, n, sign);
}

/* Collector j's slice writes: en, and the operand of each slice. */
static void cc_write(rfm_model_t *m, unsigned j, unsigned en, unsigned o0, unsigned o1, unsigned o2, unsigned o3)
{
	char n[40];
	unsigned k, op[4] = {o0, o1, o2, o3};
	snprintf(n, sizeof(n), "wr%u_en_i", j);
	tu_set(m, n, en);
	for (k = 0; k < 4; k++) {
		snprintf(n, sizeof(n), "wr%u_s%u_op_i", j, k);
		tu_set(m, n, op[k]);
	}
}

/* Section 2.9: OC0 reads R0 (bank 0, 0001) and R1 (bank 1, 1100) in one cycle: P0 writes R0's
 * buffer, P2 and P3 write R1's. R0 = lanes {0x05, 0x7f, 0x00, 0x11} (1 byte, sign 0). R1 = lanes
 * {0xffff8001, 0xffffffff, 0xffff1234, 0xffffff00}: 2 bytes, sign 1 (the sign is stored apart, so
 * 0xffff1234 needs 2 bytes here, 3 in CORF); logical slices 0x0034ff01, 0xff12ff80, reversed (odd)
 * into slices 3 and 2. At dispatch R1's logical slices 2, 3 are refilled with 0xff. */
static void test_cd_collector_paper_packed_write(void)
{
	rfm_cfg_t c;
	rfm_model_t *m = make(&c, small_co, "rf_coal_collector");
	cc_alloc(m, 0, 0, 0, 0, 0);
	cc_alloc(m, 0, 1, 1, 1, 1);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "oc0_busy_o"), 0);
	rfm_model_tick(m);
	clr(m);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "oc0_busy_o"), 1);
	CU_ASSERT_EQUAL(tu_get(m, "oc0_op0_ready_o"), 0);
	CU_ASSERT_EQUAL(tu_get(m, "oc0_op1_ready_o"), 0);
	CU_ASSERT_EQUAL(tu_get(m, "oc0_op2_ready_o"), 0); /* not used */
	rfm_model_tick(m);
	/* one packed write: P0 -> operand 0, P2 and P3 -> operand 1; P1 idle with junk on its data */
	cc_write(m, 0, 0xd, 0, 2, 1, 1);
	set_words(m, "wr0_data_i", 0x11007f05, 0xdeadbeef, 0xff12ff80, 0x0034ff01);
	tu_cycle(m);
	clr(m);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "oc0_op0_ready_o"), 1);
	CU_ASSERT_EQUAL(tu_get(m, "oc0_op1_ready_o"), 1);
	CU_ASSERT_EQUAL(tu_get(m, "oc0_op2_ready_o"), 0);
	CU_ASSERT(words_are(m, "oc0_op0_data_o", 0x00000005, 0x0000007f, 0x00000000, 0x00000011));
	CU_ASSERT(words_are(m, "oc0_op1_data_o", 0xffff8001, 0xffffffff, 0xffff1234, 0xffffff00));
	/* free: busy and ready drop at the edge */
	rfm_model_tick(m);
	tu_set(m, "free0_i", 1);
	tu_cycle(m);
	clr(m);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "oc0_busy_o"), 0);
	CU_ASSERT_EQUAL(tu_get(m, "oc0_op0_ready_o"), 0);
	rfm_model_destroy(m);
}

/* Reconstruction for both parities, with junk first written into the slices outside each
 * operand's physical mask: the junk stays in the buffer and the sign fill hides it.
 * Operand 0, even, 2 bytes, negative (enc 1, sign 1, mask 0011): lanes {0xffff8000, 0xfffffffe,
 * 0xffff7fff, 0xffff0000}; logical slices 0x00fffe00, 0x007fff80 in buffer slices 0, 1.
 * Operand 2, odd, 3 bytes, positive (enc 2, sign 0, mask 1110): lanes {0x00800000, 0x00000001,
 * 0x007fffff, 0x00123456}; logical slices 0x56ff0100, 0x34ff0000, 0x127f0080 in buffer slices 3,
 * 2, 1, written over two cycles (ready only after the second). */
static void test_cd_collector_sign_fill_both_parities(void)
{
	rfm_cfg_t c;
	rfm_model_t *m = make(&c, small_co, "rf_coal_collector");
	cc_alloc(m, 2, 0, 0, 1, 1);
	cc_alloc(m, 2, 2, 1, 2, 0);
	tu_cycle(m);
	clr(m);
	/* junk: slice 0 into operand 2, slices 2, 3 into operand 0 */
	cc_write(m, 2, 0xd, 2, 0, 0, 0);
	set_words(m, "wr2_data_i", 0x5a5a5a5a, 0xa5a5a5a5, 0x3c3c3c3c, 0xc3c3c3c3);
	tu_cycle(m);
	clr(m);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "oc2_op0_ready_o"), 0);
	CU_ASSERT_EQUAL(tu_get(m, "oc2_op2_ready_o"), 0);
	rfm_model_tick(m);
	/* operand 0's slices 0, 1 and operand 2's slice 3 */
	cc_write(m, 2, 0xb, 0, 0, 0, 2);
	set_words(m, "wr2_data_i", 0x00fffe00, 0x007fff80, 0xdeadbeef, 0x56ff0100);
	tu_cycle(m);
	clr(m);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "oc2_op0_ready_o"), 1);
	CU_ASSERT_EQUAL(tu_get(m, "oc2_op2_ready_o"), 0);
	CU_ASSERT(words_are(m, "oc2_op0_data_o", 0xffff8000, 0xfffffffe, 0xffff7fff, 0xffff0000));
	rfm_model_tick(m);
	/* operand 2's slices 1, 2 */
	cc_write(m, 2, 0x6, 0, 2, 2, 0);
	set_words(m, "wr2_data_i", 0xdeadbeef, 0x127f0080, 0x34ff0000, 0xdeadbeef);
	tu_cycle(m);
	clr(m);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "oc2_op2_ready_o"), 1);
	CU_ASSERT(words_are(m, "oc2_op2_data_o", 0x00800000, 0x00000001, 0x007fffff, 0x00123456));
	CU_ASSERT(words_are(m, "oc2_op0_data_o", 0xffff8000, 0xfffffffe, 0xffff7fff, 0xffff0000));
	rfm_model_destroy(m);
}

/* Corner cases: a write to an operand that is not allocated is ignored; a write in the cycle that
 * allocates the collector lands in the old operand and does not count for the new one; free and
 * allocation in one cycle leave the collector busy with the new operands. */
static void test_cd_collector_alloc_write_free(void)
{
	rfm_cfg_t c;
	FILE *null = fopen("/dev/null", "w");
	rfm_model_t *m = make(&c, small_co, "rf_coal_collector");
	CU_ASSERT_FATAL(null != NULL);
	cc_alloc(m, 1, 0, 0, 0, 0); /* operand 0 only: 1 byte, even (mask 0001) */
	tu_cycle(m);
	clr(m);
	cc_write(m, 1, 0x1, 1, 0, 0, 0); /* to operand 1: not allocated */
	set_words(m, "wr1_data_i", 0x01020304, 0, 0, 0);
	rfm_model_eval(m);
	CU_ASSERT(m->ops->check(m, 50, null) != 0); /* a stimulus error for the checker */
	rfm_model_tick(m);
	clr(m);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "oc1_op0_ready_o"), 0);
	CU_ASSERT_EQUAL(tu_get(m, "oc1_op1_ready_o"), 0);
	rfm_model_tick(m);
	/* write operand 0 while freeing and reallocating the collector (operand 0 again, 0001) */
	cc_write(m, 1, 0x1, 0, 0, 0, 0);
	set_words(m, "wr1_data_i", 0x7f7f7f7f, 0, 0, 0);
	tu_set(m, "free1_i", 1);
	cc_alloc(m, 1, 0, 0, 0, 1);
	tu_cycle(m);
	clr(m);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "oc1_busy_o"), 1);
	CU_ASSERT_EQUAL(tu_get(m, "oc1_op0_ready_o"), 0); /* the new operand has nothing written */
	/* the buffer took the old write: with sign 1 it dispatches as 0xffffff7f in every lane */
	CU_ASSERT(words_are(m, "oc1_op0_data_o", 0xffffff7f, 0xffffff7f, 0xffffff7f, 0xffffff7f));
	rfm_model_tick(m);
	cc_write(m, 1, 0x1, 0, 0, 0, 0);
	set_words(m, "wr1_data_i", 0x80ff0180, 0, 0, 0);
	tu_cycle(m);
	clr(m);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "oc1_op0_ready_o"), 1);
	CU_ASSERT(words_are(m, "oc1_op0_data_o", 0xffffff80, 0xffffff01, 0xffffffff, 0xffffff80));
	rfm_model_destroy(m);
	fclose(null);
}

/* The models pass their own checkers under their own stimulus, and the checkers catch every
 * planted fault of the data path (rf_coal_sram, rf_dual_bank, rf_subbank_xbar, rf_coal_collector). */
static void test_cd_checkers_catch_planted_faults(void)
{
	static const struct {
		const char *module;
		unsigned mutate;
	} faults[] = {
		{"rf_coal_sram", RFM_FAULT_CS_BYTE_ENABLES_IGNORED},
		{"rf_dual_bank", RFM_FAULT_DB_BYTE_ENABLES_IGNORED},
		{"rf_dual_bank", RFM_FAULT_DB_OUTPUT_NOT_HELD},
		{"rf_dual_bank", RFM_FAULT_DB_WRITES_IDLE_SUBBANKS},
		{"rf_subbank_xbar", RFM_FAULT_XB_WRONG_SUBBANK},
		{"rf_subbank_xbar", RFM_FAULT_XB_IDLE_SLICE_PASSES_BANK0},
		{"rf_coal_collector", RFM_FAULT_CC_ODD_NOT_UNSWAPPED},
		{"rf_coal_collector", RFM_FAULT_CC_FILL_ONE_SLICE_LOW},
		{"rf_coal_collector", RFM_FAULT_CC_READY_WITHOUT_SLICE3},
		{"rf_coal_collector", RFM_FAULT_CC_PACKED_SLICES_ONE_OPERAND},
	};
	unsigned i;
	CU_ASSERT(tu_run_checked(small_co, "rf_coal_sram", 0, 20000) == 0);
	CU_ASSERT(tu_run_checked(fermi_co, "rf_coal_sram", 0, 3000) == 0);
	CU_ASSERT(tu_run_checked(small_co, "rf_dual_bank", 0, 20000) == 0);
	CU_ASSERT(tu_run_checked(small_co, "rf_subbank_xbar", 0, 20000) == 0);
	CU_ASSERT(tu_run_checked(small_co, "rf_coal_collector", 0, 20000) == 0);
	CU_ASSERT(tu_run_checked(fermi_co, "rf_dual_bank", 0, 3000) == 0);
	CU_ASSERT(tu_run_checked(fermi_co, "rf_subbank_xbar", 0, 3000) == 0);
	CU_ASSERT(tu_run_checked(fermi_co, "rf_coal_collector", 0, 3000) == 0);
	for (i = 0; i < sizeof(faults) / sizeof(faults[0]); i++) {
		uint64_t at = tu_run_checked(small_co, faults[i].module, faults[i].mutate, 20000);
		if (!at)
			fprintf(stderr, "\n  %s fault %u not caught", faults[i].module, faults[i].mutate);
		CU_ASSERT(at != 0);
	}
}

int test_coal_datapath_register(void)
{
	CU_pSuite s = CU_add_suite("coal_datapath", NULL, NULL);
	if (!s)
		return -1;
	if (!CU_add_test(s, "test_cd_dual_bank_r2_r3_one_cycle", test_cd_dual_bank_r2_r3_one_cycle) ||
	    !CU_add_test(s, "test_cd_dual_bank_byte_enables_and_overlap", test_cd_dual_bank_byte_enables_and_overlap) ||
	    !CU_add_test(s, "test_cd_xbar_paper_examples", test_cd_xbar_paper_examples) ||
	    !CU_add_test(s, "test_cd_collector_paper_packed_write", test_cd_collector_paper_packed_write) ||
	    !CU_add_test(s, "test_cd_collector_sign_fill_both_parities", test_cd_collector_sign_fill_both_parities) ||
	    !CU_add_test(s, "test_cd_collector_alloc_write_free", test_cd_collector_alloc_write_free) ||
	    !CU_add_test(s, "test_cd_checkers_catch_planted_faults", test_cd_checkers_catch_planted_faults))
		return -1;
	return 0;
}
