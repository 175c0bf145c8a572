/* test_model.c - CUnit suite "model": the cycle models against hand-worked expectations.
 * Values written to (warp, register) must come back from dispatch lane by lane until overwritten;
 * counters must agree with a recount; the mapping must be a bijection onto the rows; the golden
 * checker must catch a fault planted in the model. */
#include <CUnit/Basic.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_fault_ids.h"
#include "rfm_models.h"
#include "test_util.h"

static const char *small_ini = "[rf]\nlanes = 4\nlane_bits = 8\nbanks = 2\nentries = 16\nsubbanks = 2\n"
			       "[sm]\nwarps = 4\nregs_per_thread = 8\nschedulers = 2\ncollectors = 3\noperands = 3\n"
			       "tag_bits = 4\n[mapping]\nlayout = wshift\n[stats]\ncounter_bits = 16\n";

static rfm_model_t *top_small(rfm_cfg_t *cfg, const char *text)
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
	return m;
}

static void launch(rfm_model_t *m, unsigned warps, unsigned regs)
{
	tu_set(m, "launch_valid_i", 1);
	tu_set(m, "launch_warps_i", warps);
	tu_set(m, "launch_regs_i", regs);
	tu_cycle(m);
	tu_set(m, "launch_valid_i", 0);
}

static void writeback(rfm_model_t *m, unsigned warp, unsigned reg, uint64_t mask, uint32_t data)
{
	tu_set(m, "wb0_valid_i", 1);
	tu_set(m, "wb0_warp_i", warp);
	tu_set(m, "wb0_reg_i", reg);
	tu_set(m, "wb0_mask_i", mask);
	tu_wide(m, "wb0_data_i")[0] = data;
	tu_cycle(m);
	tu_set(m, "wb0_valid_i", 0);
}

/* Issue (warp, r_src0) with tag on port 0 and return operand 0 as dispatched; *lat = cycles. */
static uint32_t read_back(rfm_model_t *m, unsigned tag, unsigned warp, unsigned reg, unsigned *lat)
{
	unsigned i;
	tu_set(m, "iss0_valid_i", 1);
	tu_set(m, "iss0_tag_i", tag);
	tu_set(m, "iss0_warp_i", warp);
	tu_set(m, "iss0_src0_valid_i", 1);
	tu_set(m, "iss0_src0_reg_i", reg);
	rfm_model_eval(m);
	CU_ASSERT(tu_get(m, "iss0_ready_o") == 1);
	rfm_model_tick(m);
	tu_set(m, "iss0_valid_i", 0);
	tu_set(m, "iss0_src0_valid_i", 0);
	for (i = 1; i < 20; i++) {
		rfm_model_eval(m);
		if (tu_get(m, "dsp0_valid_o")) {
			uint32_t v = tu_wide(m, "dsp0_op0_o")[0];
			CU_ASSERT(tu_get(m, "dsp0_tag_o") == tag);
			CU_ASSERT(tu_get(m, "dsp0_warp_o") == warp);
			CU_ASSERT(tu_wide(m, "dsp0_op1_o")[0] == 0); /* unused operands are zero */
			CU_ASSERT(tu_wide(m, "dsp0_op2_o")[0] == 0);
			*lat = i;
			rfm_model_tick(m);
			return v;
		}
		rfm_model_tick(m);
	}
	CU_FAIL("no dispatch within 20 cycles");
	return 0;
}

static void test_model_write_then_dispatch_lane_by_lane(void)
{
	rfm_cfg_t cfg;
	rfm_model_t *m = top_small(&cfg, small_ini);
	unsigned lat = 0;
	launch(m, 2, 4);
	CU_ASSERT(tu_get(m, "launch_err_o") == 0);
	writeback(m, 1, 2, 0xf, 0x44332211u);
	writeback(m, 0, 2, 0xf, 0x99999999u); /* another warp's register of the same number */
	CU_ASSERT(read_back(m, 5, 1, 2, &lat) == 0x44332211u);
	CU_ASSERT(lat == 3); /* docs/semantics.md: issue, grant, data, dispatch */
	writeback(m, 1, 2, 0x2, 0xaabbccddu); /* lane 1 only */
	CU_ASSERT(read_back(m, 6, 1, 2, &lat) == 0x4433cc11u);
	writeback(m, 1, 2, 0x9, 0x01020304u); /* lanes 0 and 3 */
	CU_ASSERT(read_back(m, 7, 1, 2, &lat) == 0x0133cc04u);
	writeback(m, 1, 2, 0x0, 0xffffffffu); /* no lane */
	CU_ASSERT(read_back(m, 8, 1, 2, &lat) == 0x0133cc04u);
	CU_ASSERT(read_back(m, 9, 0, 2, &lat) == 0x99999999u);
	rfm_model_eval(m);
	CU_ASSERT(tu_get(m, "cnt_write_o") == 5);
	CU_ASSERT(tu_get(m, "cnt_dispatch_o") == 5);
	CU_ASSERT(tu_get(m, "cnt_read_o") == 5);
	CU_ASSERT(tu_get(m, "cnt_stall_o") == 0);
	CU_ASSERT(tu_get(m, "idle_o") == 1);
	rfm_model_destroy(m);
}

static void test_model_launch_refused_keeps_kernel(void)
{
	rfm_cfg_t cfg;
	rfm_model_t *m = top_small(&cfg, small_ini);
	unsigned lat = 0;
	launch(m, 2, 4);
	writeback(m, 1, 3, 0xf, 0x12345678u);
	launch(m, 4, 9); /* more registers than the hardware has */
	rfm_model_eval(m);
	CU_ASSERT(tu_get(m, "launch_err_o") == 1);
	launch(m, 0, 4); /* no warps */
	rfm_model_eval(m);
	CU_ASSERT(tu_get(m, "launch_err_o") == 1);
	CU_ASSERT(read_back(m, 1, 1, 3, &lat) == 0x12345678u); /* the old kernel still runs */
	launch(m, 4, 8); /* 4 x ceil(8 / 2) = 16 rows: fits exactly */
	rfm_model_eval(m);
	CU_ASSERT(tu_get(m, "launch_err_o") == 0);
	rfm_model_destroy(m);
}

static void test_model_access_outside_kernel_dropped(void)
{
	rfm_cfg_t cfg;
	rfm_model_t *m = top_small(&cfg, small_ini);
	launch(m, 2, 4);
	writeback(m, 3, 0, 0xf, 0xdeadbeefu); /* warp 3 is not resident */
	rfm_model_eval(m);
	CU_ASSERT(tu_get(m, "acc_err_o") == 1);
	CU_ASSERT(tu_get(m, "cnt_write_o") == 0);
	tu_cycle(m);
	rfm_model_eval(m);
	CU_ASSERT(tu_get(m, "acc_err_o") == 0); /* a one-cycle pulse */
	rfm_model_destroy(m);
}

static void test_model_write_blocks_read_of_bank(void)
{
	rfm_cfg_t cfg;
	rfm_model_t *a;
	CU_ASSERT_FATAL(tu_cfg(&cfg, small_ini) == 0);
	a = rfm_model_create("rf_bank_arbiter", &cfg);
	CU_ASSERT_FATAL(a != NULL);
	tu_clear_inputs(a);
	tu_set(a, "rst_ni", 1);
	tu_set(a, "q0_req_i", 1);
	tu_set(a, "q0_bank_i", 1);
	tu_set(a, "q0_entry_i", 3);
	tu_set(a, "q4_req_i", 1);
	tu_set(a, "q4_bank_i", 1);
	tu_set(a, "q4_entry_i", 7);
	rfm_model_eval(a);
	CU_ASSERT(tu_get(a, "q0_gnt_o") == 1); /* pointer 0: requester 0 first */
	CU_ASSERT(tu_get(a, "q4_gnt_o") == 0);
	CU_ASSERT(tu_get(a, "b1_r0_en_o") == 1 && tu_get(a, "b1_r0_addr_o") == 3);
	CU_ASSERT(tu_get(a, "nconf_o") == 1 && tu_get(a, "nwconf_o") == 0);
	rfm_model_tick(a);
	rfm_model_eval(a); /* pointer now 1: requester 4 comes first */
	CU_ASSERT(tu_get(a, "q0_gnt_o") == 0);
	CU_ASSERT(tu_get(a, "q4_gnt_o") == 1);
	rfm_model_tick(a);
	tu_set(a, "w0_en_i", 1); /* a write-back to bank 1 blocks both */
	tu_set(a, "w0_bank_i", 1);
	rfm_model_eval(a);
	CU_ASSERT(tu_get(a, "q0_gnt_o") == 0 && tu_get(a, "q4_gnt_o") == 0);
	CU_ASSERT(tu_get(a, "b1_r0_en_o") == 0);
	CU_ASSERT(tu_get(a, "nwconf_o") == 2 && tu_get(a, "nconf_o") == 0);
	tu_set(a, "w0_bank_i", 0); /* a write-back to bank 0 blocks nothing in bank 1 */
	rfm_model_eval(a);
	CU_ASSERT(tu_get(a, "q0_gnt_o") + tu_get(a, "q4_gnt_o") == 1);
	rfm_model_destroy(a);
}

static void test_model_rr_pick(void)
{
	CU_ASSERT(rfm_rr_pick(0, 8, 0) == -1);
	CU_ASSERT(rfm_rr_pick(0x81, 8, 0) == 0);
	CU_ASSERT(rfm_rr_pick(0x81, 8, 1) == 7);
	CU_ASSERT(rfm_rr_pick(0x81, 8, 7) == 7);
	CU_ASSERT(rfm_rr_pick(0x01, 8, 5) == 0); /* wraps */
	CU_ASSERT(rfm_rr_pick(0x1ff, 8, 0) == 0); /* bits beyond n are ignored */
	CU_ASSERT(rfm_rr_pick(0x100, 8, 0) == -1);
}

/* Every legal (warp, reg) of every fitting kernel maps to a distinct row inside the bank. */
static void check_bijection(const char *text)
{
	rfm_cfg_t cfg;
	unsigned kw, kr, w, r, bank, row;
	uint8_t *seen;
	CU_ASSERT_FATAL(tu_cfg(&cfg, text) == 0);
	seen = malloc((size_t)cfg.rf_banks * cfg.rf_entries);
	CU_ASSERT_FATAL(seen != NULL);
	for (kw = 1; kw <= cfg.sm_warps; kw++)
		for (kr = 1; kr <= cfg.sm_regs_per_thread; kr++) {
			if (!rfm_launch_fits(&cfg, kw, kr))
				continue;
			memset(seen, 0, (size_t)cfg.rf_banks * cfg.rf_entries);
			for (w = 0; w < kw; w++)
				for (r = 0; r < kr; r++) {
					CU_ASSERT_FATAL(rfm_map_fn(&cfg, kw, kr, w, r, &bank, &row) == 0);
					CU_ASSERT_FATAL(bank < cfg.rf_banks && row < cfg.rf_entries);
					CU_ASSERT_FATAL(!seen[bank * cfg.rf_entries + row]);
					seen[bank * cfg.rf_entries + row] = 1;
				}
			CU_ASSERT(rfm_map_fn(&cfg, kw, kr, kw, 0, &bank, &row) == 1);
			CU_ASSERT(rfm_map_fn(&cfg, kw, kr, 0, kr, &bank, &row) == 1);
		}
	free(seen);
}

static void test_model_mapping_is_a_bijection(void)
{
	check_bijection(small_ini);
	check_bijection("[rf]\nbanks = 3\nentries = 40\n[sm]\nwarps = 7\nregs_per_thread = 11\n[mapping]\nlayout = wid\n");
	check_bijection("[rf]\nbanks = 3\nentries = 40\n[sm]\nwarps = 7\nregs_per_thread = 11\n[mapping]\nlayout = wshift\n");
	check_bijection("[rf]\nbanks = 4\nentries = 256\n[sm]\nwarps = 48\nregs_per_thread = 63\n"); /* fermi */
}

static void test_model_wshift_spreads_a_warp(void)
{
	rfm_cfg_t cfg;
	unsigned bank, row;
	CU_ASSERT_FATAL(tu_cfg(&cfg, "[rf]\nbanks = 4\n") == 0);
	/* GPGPU-Sim: bank = (reg + warp) % banks */
	CU_ASSERT(rfm_map_fn(&cfg, 48, 21, 0, 0, &bank, &row) == 0 && bank == 0 && row == 0);
	CU_ASSERT(rfm_map_fn(&cfg, 48, 21, 0, 5, &bank, &row) == 0 && bank == 1 && row == 1);
	CU_ASSERT(rfm_map_fn(&cfg, 48, 21, 3, 2, &bank, &row) == 0 && bank == 1 && row == 3 * 6 + 0);
	CU_ASSERT(rfm_launch_fits(&cfg, 48, 21) == 0); /* 48 x ceil(21 / 4) = 288 rows > 256 */
	CU_ASSERT(rfm_launch_fits(&cfg, 48, 20) == 1); /* 48 x 5 = 240 */
	CU_ASSERT(rfm_launch_fits(&cfg, 48, 63) == 0); /* why the papers virtualize */
}

/* Run the model's own stimulus and checker; returns the first failing cycle or 0. */

static void test_model_checker_passes_and_catches_planted_faults(void)
{
	CU_ASSERT(tu_run_checked(small_ini, "rf_top", 0, 30000) == 0);
	CU_ASSERT(tu_run_checked(small_ini, "rf_top", RFM_FAULT_XBAR_SLOT0_NEIGHBOUR, 30000) != 0);
	CU_ASSERT(tu_run_checked(small_ini, "rf_top", RFM_FAULT_SRAM_LANE_MASK_IGNORED, 30000) != 0);
}

int test_model_register(void)
{
	CU_pSuite s = CU_add_suite("model", NULL, NULL);
	if (!s)
		return -1;
	if (!CU_add_test(s, "test_model_write_then_dispatch_lane_by_lane", test_model_write_then_dispatch_lane_by_lane) ||
	    !CU_add_test(s, "test_model_launch_refused_keeps_kernel", test_model_launch_refused_keeps_kernel) ||
	    !CU_add_test(s, "test_model_access_outside_kernel_dropped", test_model_access_outside_kernel_dropped) ||
	    !CU_add_test(s, "test_model_write_blocks_read_of_bank", test_model_write_blocks_read_of_bank) ||
	    !CU_add_test(s, "test_model_rr_pick", test_model_rr_pick) ||
	    !CU_add_test(s, "test_model_mapping_is_a_bijection", test_model_mapping_is_a_bijection) ||
	    !CU_add_test(s, "test_model_wshift_spreads_a_warp", test_model_wshift_spreads_a_warp) ||
	    !CU_add_test(s, "test_model_checker_passes_and_catches_planted_faults",
			 test_model_checker_passes_and_catches_planted_faults))
		return -1;
	return 0;
}
