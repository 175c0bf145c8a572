/* test_hold.c - CUnit suite "hold": the bank holds (docs/semantics.md, "Bank holds") on the
 * baseline and the coalescing back end: the grant rule, reads kept away while a bank is held and
 * served after it, forced holds refusing a write-back, the counters, and the checker against the
 * planted faults. */
#include <CUnit/Basic.h>

#include "rfm_fault_ids.h"
#include "rfm_models.h"
#include "test_util.h"

/* small_hold (rtl_gen/configs/small_hold.ini) without comments: 2 banks, mapping (reg + warp) % 2. */
static const char *small_hold = "[rf]\nlanes = 4\nlane_bits = 8\nbanks = 2\nentries = 16\nsubbanks = 2\n"
				"[sm]\nwarps = 4\nregs_per_thread = 8\nschedulers = 2\ncollectors = 3\noperands = 3\n"
				"tag_bits = 4\n[stats]\ncounter_bits = 16\n[hold]\nenable = on\n";

/* small_hold with forced holds (its committed config has them on). */
static const char *small_force = "[rf]\nlanes = 4\nlane_bits = 8\nbanks = 2\nentries = 16\nsubbanks = 2\n"
				 "[sm]\nwarps = 4\nregs_per_thread = 8\nschedulers = 2\ncollectors = 3\noperands = 3\n"
				 "tag_bits = 4\n[stats]\ncounter_bits = 16\n[hold]\nenable = on\nforce = on\n";

/* A coalescing file with the hold port (small_coalesce's shape). */
static const char *coal_hold = "[rf]\nlanes = 4\nlane_bits = 32\nbanks = 2\nentries = 16\nsubbanks = 4\n"
			       "write_ports = 2\n[sm]\nwarps = 4\nregs_per_thread = 8\nschedulers = 2\ncollectors = 3\n"
			       "operands = 3\ntag_bits = 4\n[stats]\ncounter_bits = 16\n[coalescing]\nenable = on\n"
			       "[hold]\nenable = on\n";

/* rf_top of text, reset, with a kernel of 4 warps x 8 registers running. */
static rfm_model_t *top_running(rfm_cfg_t *cfg, const char *text)
{
	rfm_model_t *m;
	CU_ASSERT_FATAL(tu_cfg(cfg, text) == 0);
	m = rfm_model_create("rf_top", cfg);
	CU_ASSERT_FATAL(m != NULL);
	tu_clear_inputs(m);
	tu_set(m, "rst_ni", 0);
	tu_cycle(m);
	tu_cycle(m);
	tu_set(m, "rst_ni", 1);
	tu_set(m, "launch_valid_i", 1);
	tu_set(m, "launch_warps_i", 4);
	tu_set(m, "launch_regs_i", 8);
	tu_cycle(m);
	tu_set(m, "launch_valid_i", 0);
	return m;
}

/* A hold is granted unless a write-back inside the kernel is offered to its bank. */
static void check_grant_rule(const char *text)
{
	rfm_cfg_t cfg;
	rfm_model_t *m = top_running(&cfg, text);
	tu_set(m, "hold_req_i", 3);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "hold_gnt_o"), 3);
	tu_set(m, "wb0_valid_i", 1); /* warp 0, r1: bank 1 */
	tu_set(m, "wb0_warp_i", 0);
	tu_set(m, "wb0_reg_i", 1);
	tu_set(m, "wb0_mask_i", 15);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "hold_gnt_o"), 1);
	tu_set(m, "wb0_reg_i", 2); /* bank 0 */
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "hold_gnt_o"), 2);
	tu_set(m, "wb0_warp_i", 3);
	tu_set(m, "wb0_reg_i", 1); /* warp 3 r1: bank 0 as well */
	tu_set(m, "hold_req_i", 1);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "hold_gnt_o"), 0);
	rfm_model_destroy(m);
}

static void test_hold_grant_rule(void)
{
	check_grant_rule(small_hold);
	check_grant_rule(coal_hold);
}

/* An instruction reading r0 of warp 0 (bank 0) waits while bank 0 is held and is dispatched
 * within a few cycles of the release; each held cycle counts one kept request. */
static void check_read_waits(const char *text)
{
	rfm_cfg_t cfg;
	rfm_model_t *m = top_running(&cfg, text);
	unsigned i, disp = 0, held = 12;
	tu_set(m, "hold_req_i", 1);
	tu_set(m, "iss0_valid_i", 1);
	tu_set(m, "iss0_tag_i", 5);
	tu_set(m, "iss0_warp_i", 0);
	tu_set(m, "iss0_src0_valid_i", 1);
	tu_set(m, "iss0_src0_reg_i", 0);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL_FATAL(tu_get(m, "iss0_ready_o"), 1);
	tu_cycle(m);
	tu_set(m, "iss0_valid_i", 0);
	tu_set(m, "iss0_src0_valid_i", 0);
	for (i = 0; i < held; i++) {
		rfm_model_eval(m);
		CU_ASSERT_EQUAL(tu_get(m, "hold_gnt_o"), 1);
		CU_ASSERT_EQUAL(tu_get(m, "dsp0_valid_o") | tu_get(m, "dsp1_valid_o"), 0);
		tu_cycle(m);
	}
	tu_set(m, "hold_req_i", 0);
	rfm_model_eval(m); /* the counters show every cycle before: issue + held cycles */
	CU_ASSERT_EQUAL(tu_get(m, "cnt_held_o"), held + 1);
	CU_ASSERT_EQUAL(tu_get(m, "cnt_hconflict_o"), held);
	CU_ASSERT_EQUAL(tu_get(m, "cnt_read_o"), 0);
	for (i = 0; i < 6 && !disp; i++) {
		rfm_model_eval(m);
		disp = tu_get(m, "dsp0_valid_o") && tu_get(m, "dsp0_tag_o") == 5;
		disp |= tu_get(m, "dsp1_valid_o") && tu_get(m, "dsp1_tag_o") == 5;
		tu_cycle(m);
	}
	CU_ASSERT(disp);
	CU_ASSERT_EQUAL(tu_get(m, "cnt_read_o"), 1);
	CU_ASSERT_EQUAL(tu_get(m, "cnt_hconflict_o"), held);
	rfm_model_destroy(m);
}

static void test_hold_read_waits(void)
{
	check_read_waits(small_hold);
	check_read_waits(coal_hold);
}

/* Under its own stimulus the model passes its checker; the checker catches both planted faults. */
static void test_hold_checker_catches_faults(void)
{
	CU_ASSERT(tu_run_checked(small_hold, "rf_top", 0, 20000) == 0);
	CU_ASSERT(tu_run_checked(small_hold, "rf_top", RFM_FAULT_HOLD_READS_PASS, 20000) != 0);
	CU_ASSERT(tu_run_checked(small_hold, "rf_top", RFM_FAULT_HOLD_IGNORES_WRITES, 20000) != 0);
	CU_ASSERT(tu_run_checked(coal_hold, "rf_top", 0, 20000) == 0);
	CU_ASSERT(tu_run_checked(coal_hold, "rf_top", RFM_FAULT_HOLD_READS_PASS, 20000) != 0);
	CU_ASSERT(tu_run_checked(coal_hold, "rf_top", RFM_FAULT_HOLD_IGNORES_WRITES, 20000) != 0);
	CU_ASSERT(tu_run_checked(small_force, "rf_top", 0, 20000) == 0);
	CU_ASSERT(tu_run_checked(small_force, "rf_top", RFM_FAULT_FORCE_LETS_WRITES, 20000) != 0);
}

/* A forced hold wins over a write-back: granted, the write-back refused (wb0_ready_o 0, nothing
 * written, counted), and the same write-back goes through once the hold is gone. */
static void test_hold_forced_refuses_write(void)
{
	rfm_cfg_t cfg;
	rfm_model_t *m = top_running(&cfg, small_force);
	unsigned w0 = (unsigned)tu_get(m, "cnt_write_o");
	tu_set(m, "wb0_valid_i", 1); /* warp 0, r1: bank 1 */
	tu_set(m, "wb0_warp_i", 0);
	tu_set(m, "wb0_reg_i", 1);
	tu_set(m, "wb0_mask_i", 15);
	tu_set(m, "hold_req_i", 2);
	tu_set(m, "hold_force_i", 2);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "hold_gnt_o"), 2);
	CU_ASSERT_EQUAL(tu_get(m, "wb0_ready_o"), 0);
	tu_cycle(m);
	rfm_model_eval(m); /* the counters show last cycle's counts */
	CU_ASSERT_EQUAL(tu_get(m, "cnt_write_o"), w0);
	CU_ASSERT_EQUAL(tu_get(m, "cnt_hrefused_o"), 1);
	tu_set(m, "hold_force_i", 0); /* an ordinary hold yields to the write-back */
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "hold_gnt_o"), 0);
	CU_ASSERT_EQUAL(tu_get(m, "wb0_ready_o"), 1);
	tu_cycle(m);
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "cnt_write_o"), w0 + 1);
	tu_set(m, "wb0_valid_i", 0);
	tu_set(m, "hold_req_i", 0);
	tu_set(m, "hold_force_i", 1); /* a forced hold with nothing to refuse is granted all the same */
	rfm_model_eval(m);
	CU_ASSERT_EQUAL(tu_get(m, "hold_gnt_o"), 1);
	CU_ASSERT_EQUAL(tu_get(m, "wb0_ready_o"), 1);
	rfm_model_destroy(m);
}

int test_hold_register(void)
{
	CU_pSuite s = CU_add_suite("hold", NULL, NULL);
	if (!s)
		return -1;
	if (!CU_add_test(s, "test_hold_grant_rule", test_hold_grant_rule) ||
	    !CU_add_test(s, "test_hold_read_waits", test_hold_read_waits) ||
	    !CU_add_test(s, "test_hold_checker_catches_faults", test_hold_checker_catches_faults) ||
	    !CU_add_test(s, "test_hold_forced_refuses_write", test_hold_forced_refuses_write))
		return -1;
	return 0;
}
