/* test_coal_top.c - CUnit suite "coal_top": rf_top with [coalescing] enable = on (cmodel/coalescing/top_coal.c,
 * part_coal.c)
 * on directed scenarios of the dissertation's coalescing cases (Radaideh 2020, Table 3.2; the
 * extract's section 2.6): two narrow reads of one bank by one instruction in one bank cycle, two
 * narrow writes of one bank in one cycle, a refused write-back that is held, zero gating of a
 * write and of a read (chapter 4), the checker against the planted faults of rf_top, and the
 * combinations with a RegMutex or virtualization LOCATE (model only: stimulus, checker, coverage,
 * planted faults). */
#include <CUnit/Basic.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_fault_ids.h"
#include "rfm_models.h"
#include "test_util.h"

/* rtl_gen/configs/small_coalesce.ini without comments: 2 banks x 16 rows, wshift, parity = entry. */
static const char *small_co = "[rf]\nlanes = 4\nlane_bits = 32\nbanks = 2\nentries = 16\nsubbanks = 4\nwrite_ports = 2\n"
			      "[sm]\nwarps = 4\nregs_per_thread = 8\nschedulers = 2\ncollectors = 3\noperands = 3\n"
			      "tag_bits = 4\n[mapping]\nlayout = wshift\n[stats]\ncounter_bits = 16\n"
			      "[coalescing]\nenable = on\nparity = entry\nzero_gating = dynamic\n";

static rfm_model_t *co_top(rfm_cfg_t *cfg)
{
	rfm_model_t *m;
	CU_ASSERT_FATAL(tu_cfg(cfg, small_co) == 0);
	m = rfm_model_create("rf_top", cfg);
	CU_ASSERT_FATAL(m != NULL);
	tu_clear_inputs(m);
	tu_set(m, "rst_ni", 0);
	tu_cycle(m);
	tu_cycle(m);
	tu_set(m, "rst_ni", 1);
	/* one warp of 4 registers; wshift: r0 -> bank 0 row 0 (even, R), r2 -> bank 0 row 1 (odd, L) */
	tu_set(m, "launch_valid_i", 1);
	tu_set(m, "launch_warps_i", 1);
	tu_set(m, "launch_regs_i", 4);
	tu_cycle(m);
	tu_set(m, "launch_valid_i", 0);
	return m;
}

/* Offer a write-back of value v in every lane on port p (not clocked). */
static void wb(rfm_model_t *m, unsigned p, unsigned reg, uint32_t v)
{
	char name[32];
	unsigned l;
	snprintf(name, sizeof(name), "wb%u_valid_i", p);
	tu_set(m, name, 1);
	snprintf(name, sizeof(name), "wb%u_warp_i", p);
	tu_set(m, name, 0);
	snprintf(name, sizeof(name), "wb%u_reg_i", p);
	tu_set(m, name, reg);
	snprintf(name, sizeof(name), "wb%u_mask_i", p);
	tu_set(m, name, 0xf);
	snprintf(name, sizeof(name), "wb%u_data_i", p);
	for (l = 0; l < 4; l++)
		tu_wide(m, name)[l] = v;
}

static void wb_off(rfm_model_t *m)
{
	tu_set(m, "wb0_valid_i", 0);
	tu_set(m, "wb1_valid_i", 0);
}

/* Issue one instruction reading r0 and r2 on port 0; return the cycles to dispatch and the two
 * dispatched operands' lane 0 and lane 3. */
static unsigned issue_r0_r2(rfm_model_t *m, uint32_t *op0, uint32_t *op1)
{
	unsigned i;
	tu_set(m, "iss0_valid_i", 1);
	tu_set(m, "iss0_tag_i", 3);
	tu_set(m, "iss0_warp_i", 0);
	tu_set(m, "iss0_amask_i", 0xf); /* every lane active */
	tu_set(m, "iss0_src0_valid_i", 1);
	tu_set(m, "iss0_src0_reg_i", 0);
	tu_set(m, "iss0_src1_valid_i", 1);
	tu_set(m, "iss0_src1_reg_i", 2);
	rfm_model_eval(m);
	CU_ASSERT(tu_get(m, "iss0_ready_o") == 1);
	rfm_model_tick(m);
	tu_set(m, "iss0_valid_i", 0);
	for (i = 1; i < 20; i++) {
		rfm_model_eval(m);
		if (tu_get(m, "dsp0_valid_o")) {
			CU_ASSERT(tu_get(m, "dsp0_tag_o") == 3);
			CU_ASSERT(tu_wide(m, "dsp0_op0_o")[0] == tu_wide(m, "dsp0_op0_o")[3]);
			CU_ASSERT(tu_wide(m, "dsp0_op1_o")[0] == tu_wide(m, "dsp0_op1_o")[3]);
			CU_ASSERT(tu_wide(m, "dsp0_op2_o")[0] == 0); /* unused operand */
			*op0 = tu_wide(m, "dsp0_op0_o")[0];
			*op1 = tu_wide(m, "dsp0_op1_o")[0];
			rfm_model_tick(m);
			return i;
		}
		rfm_model_tick(m);
	}
	CU_FAIL("no dispatch within 20 cycles");
	return 0;
}

/* R0 (even, 1 byte, mask 0001) and R2 (odd, 1 byte negative, mask 1000) of bank 0: written in one
 * cycle (wr-wr), read by one instruction in one bank cycle (rd-rd, one packed collector write). */
static void test_coal_top_rd_rd_one_cycle(void)
{
	rfm_cfg_t cfg;
	rfm_model_t *m = co_top(&cfg);
	uint32_t a = 0, b = 0;
	unsigned lat;
	wb(m, 0, 0, 0x00000005u);
	wb(m, 1, 2, 0xffffff80u);
	rfm_model_eval(m);
	CU_ASSERT(tu_get(m, "wb0_ready_o") == 1);
	CU_ASSERT(tu_get(m, "wb1_ready_o") == 1); /* 0001 and 1000: both granted */
	rfm_model_tick(m);
	wb_off(m);
	lat = issue_r0_r2(m, &a, &b);
	CU_ASSERT(lat == 3); /* issue, grant, slice write, dispatch: the baseline's latency */
	CU_ASSERT(a == 0x00000005u);
	CU_ASSERT(b == 0xffffff80u); /* unswapped and sign-filled */
	rfm_model_eval(m);
	CU_ASSERT(tu_get(m, "cnt_write_o") == 2);
	CU_ASSERT(tu_get(m, "cnt_read_o") == 2);
	CU_ASSERT(tu_get(m, "cnt_coal_ww_o") == 1);
	CU_ASSERT(tu_get(m, "cnt_coal_rr_o") == 1);
	CU_ASSERT(tu_get(m, "cnt_coal_rw_o") == 0);
	CU_ASSERT(tu_get(m, "cnt_bank_acc_o") == 2); /* two writes in one access, two reads in one */
	CU_ASSERT(tu_get(m, "cnt_ocw_o") == 1);      /* both reads in one collector write */
	CU_ASSERT(tu_get(m, "cnt_wb_stall_o") == 0);
	/* zero gating: r0 (5 in every lane) has cross-lane zero words in sub-banks 1..3, outside its
	 * mask 0001; r2 none: no byte of the four granted sub-banks is gated */
	CU_ASSERT(tu_get(m, "cnt_zg_wr_o") == 0);
	CU_ASSERT(tu_get(m, "cnt_zg_rd_o") == 0);
	CU_ASSERT(tu_get(m, "cnt_sb_bytes_o") == 16); /* 2 writes + 2 reads of one sub-bank of 4 lanes */
	rfm_model_destroy(m);
}

/* Chapter 4 in rf_top: r0 is written full width (0x12345678), then 0x00001100 in every lane. The
 * second value's cross-lane words are 0 (sub-bank 0), 0x11111111, 0, 0: R = 1, zero mask 1101,
 * mask 0011; sub-bank 0 is not written and keeps 0x78, yet r0 reads 0x1100, because the read does
 * not read a zero word either. r2, never written, reads 0 from its reset entry without a byte read. */
static void test_coal_top_zero_gated(void)
{
	rfm_cfg_t cfg;
	rfm_model_t *m = co_top(&cfg);
	uint32_t a = 0, b = 0;
	wb(m, 0, 0, 0x12345678u);
	rfm_model_eval(m);
	rfm_model_tick(m);
	wb(m, 0, 0, 0x00001100u);
	tu_set(m, "wb1_valid_i", 0);
	rfm_model_eval(m);
	CU_ASSERT(tu_get(m, "wb0_ready_o") == 1);
	rfm_model_tick(m);
	wb_off(m);
	issue_r0_r2(m, &a, &b);
	CU_ASSERT(a == 0x00001100u);
	CU_ASSERT(b == 0);
	rfm_model_eval(m);
	CU_ASSERT(tu_get(m, "cnt_write_o") == 2);
	CU_ASSERT(tu_get(m, "cnt_zg_wr_o") == 4);     /* sub-bank 0 of the second write */
	CU_ASSERT(tu_get(m, "cnt_zg_rd_o") == 8);     /* sub-bank 0 of r0; sub-bank 3 of r2 */
	CU_ASSERT(tu_get(m, "cnt_sb_bytes_o") == 36); /* writes 16 + 8, reads 8 + 4 */
	rfm_model_destroy(m);
}

/* R0 full width (1111) on port 0 and R2 narrow (1000) on port 1 overlap in sub-bank 3: port 1 is
 * refused, held, and written the next cycle. */
static void test_coal_top_refused_write_held(void)
{
	rfm_cfg_t cfg;
	rfm_model_t *m = co_top(&cfg);
	uint32_t a = 0, b = 0;
	wb(m, 0, 0, 0x12345678u);
	wb(m, 1, 2, 0x00000042u);
	rfm_model_eval(m);
	CU_ASSERT(tu_get(m, "wb0_ready_o") == 1);
	CU_ASSERT(tu_get(m, "wb1_ready_o") == 0);
	rfm_model_tick(m);
	tu_set(m, "wb0_valid_i", 0); /* port 1 holds its write */
	rfm_model_eval(m);
	CU_ASSERT(tu_get(m, "wb1_ready_o") == 1);
	CU_ASSERT(tu_get(m, "cnt_wb_stall_o") == 1);
	rfm_model_tick(m);
	wb_off(m);
	issue_r0_r2(m, &a, &b);
	CU_ASSERT(a == 0x12345678u);
	CU_ASSERT(b == 0x00000042u);
	rfm_model_eval(m);
	CU_ASSERT(tu_get(m, "cnt_coal_rr_o") == 0); /* 1111 and 1000 cannot share the bank */
	CU_ASSERT(tu_get(m, "cnt_read_o") == 2);
	rfm_model_destroy(m);
}

/* The stimulus and checker pass; every planted fault of the coalescing rf_top (RFM_FAULT_TOP_*) is caught. */
static void test_coal_top_checker_catches_planted_faults(void)
{
	static const unsigned faults[] = {
		RFM_FAULT_TOP_ODD_WRITE_NOT_SWAPPED, RFM_FAULT_TOP_MERGE_IGNORES_OLD_CODE,
		RFM_FAULT_TOP_NO_FORWARDING_AT_ISSUE, RFM_FAULT_TOP_NO_UNSWAP_ON_READ,
		RFM_FAULT_TOP_SIGN_FILL_ZERO, RFM_FAULT_TOP_REFUSED_WRITE_READY,
		RFM_FAULT_TOP_PRIORITY_STUCK, RFM_FAULT_TOP_RR_COUNTS_RD_WR,
		RFM_FAULT_TOP_PORT1_MASK_UPDATE_LOST, RFM_FAULT_TOP_ZERO_READ_NOT_GATED,
		RFM_FAULT_TOP_ZERO_WRITE_OLD_ENTRY, RFM_FAULT_TOP_ZERO_NO_FORWARDING,
		RFM_FAULT_TOP_ZERO_READ_COUNT_LOST, RFM_FAULT_TOP_ZERO_PORT1_UPDATE_LOST,
		RFM_FAULT_TOP_ZERO_READ_IGNORES_ACTIVE,
	};
	unsigned i, n;
	CU_ASSERT_EQUAL(tu_run_checked(small_co, "rf_top", 0, 20000), 0);
	for (i = 0; i < sizeof(faults) / sizeof(faults[0]); i++) {
		n = faults[i];
		uint64_t f = tu_run_checked(small_co, "rf_top", n, 20000);
		if (!f)
			fprintf(stderr, "\n  fault %u not caught", n);
		CU_ASSERT(f != 0);
	}
}

/* ---- combinations: every LOCATE on the coalescing BACKEND (docs/semantics.md, "Combinations") ---- */

/* Run rf_top of rtl_gen/configs/<name>.ini on its own stimulus, checker and clock (as the co-simulation
 * harness drives it, without the RTL) for cycles cycles with seed and planted fault mutate. Returns
 * the first cycle the checker fires (0: never); *m_out keeps the model for its coverage. */
static uint64_t combo_run(const char *name, unsigned mutate, uint64_t seed, uint64_t cycles, rfm_cfg_t *cfg,
			  rfm_model_t **m_out)
{
	char path[128];
	rfm_model_t *m;
	rfm_rng_t rng;
	uint64_t c, bad = 0;
	FILE *null = fopen("/dev/null", "w");
	snprintf(path, sizeof(path), "rtl_gen/configs/%s.ini", name);
	*m_out = NULL;
	CU_ASSERT_FATAL(null != NULL);
	CU_ASSERT_FATAL(rfm_cfg_load(cfg, path, NULL, 0, stderr) == RFM_OK);
	m = rfm_model_create("rf_top", cfg);
	CU_ASSERT_FATAL(m != NULL);
	m->mutate = mutate;
	rfm_rng_seed(&rng, seed);
	for (c = 0; c < cycles && !bad; c++) {
		m->ops->stim(m, &rng, c);
		if (m->rst >= 0)
			rfm_set(m, (unsigned)m->rst, c >= 2);
		rfm_model_eval(m);
		if (m->ops->check(m, c, mutate ? null : stderr))
			bad = c ? c : 1;
		rfm_model_tick(m);
	}
	fclose(null);
	*m_out = m;
	return bad;
}

/* Times coverage event name was hit (CU failure if the model has no such event). */
static uint64_t cov_count(const rfm_model_t *m, const char *name)
{
	unsigned i;
	for (i = 0; i < m->cov.n; i++)
		if (!strcmp(m->cov.names[i], name))
			return m->cov.count[i];
	fprintf(stderr, "\n  no coverage event %s", name);
	CU_FAIL("unknown coverage event");
	return 0;
}

/* A combination runs clean on two seeds and hits its events; each planted fault is caught. */
static void combo(const char *name, const char *const *events, const unsigned *faults, uint64_t cycles)
{
	static rfm_cfg_t cfg; /* outlives the model */
	rfm_model_t *m;
	uint64_t seed, f;
	unsigned i;
	for (seed = 1; seed <= 2; seed++) {
		uint64_t tot[8] = {0};
		f = combo_run(name, 0, seed, cycles, &cfg, &m);
		if (f)
			fprintf(stderr, "\n  %s seed %llu: the checker fired at cycle %llu", name, (unsigned long long)seed,
				(unsigned long long)f);
		CU_ASSERT_EQUAL(f, 0);
		for (i = 0; events[i]; i++) {
			tot[i] = cov_count(m, events[i]);
			if (!tot[i])
				fprintf(stderr, "\n  %s seed %llu: event %s never hit", name, (unsigned long long)seed, events[i]);
			CU_ASSERT(tot[i] > 0);
		}
		rfm_model_destroy(m);
	}
	for (i = 0; faults[i]; i++) {
		f = combo_run(name, faults[i], 1, cycles, &cfg, &m);
		if (!f)
			fprintf(stderr, "\n  %s: planted fault %u not caught", name, faults[i]);
		CU_ASSERT(f != 0);
		rfm_model_destroy(m);
	}
}

static const char *const rm_events[] = {"regmutex_extended_register_read_back", "regmutex_extended_write_back_refused",
					"regmutex_extended_access_without_set", "coal_write_back_refused",
					"coal_rd_rd_one_bank", "regmutex_release", NULL};
static const char *const vt_events[] = {"virt_allocation_write_back_refused", "virt_allocation",
					"virt_pir_release_after_read", "virt_pbr_release", "coal_write_back_refused", "coal_rd_rd_one_bank",
					"virt_read_of_register_allocated_same_cycle", NULL};
/* A RegMutex release leaks its section; a virtualization release keeps its mapping; a lookup misses
 * this cycle's new mapping; no forwarding at issue; a refused write reports ready. */
static const unsigned rm_faults[] = {RFM_FAULT_SRP_RELEASE_LEAKS, RFM_FAULT_TOP_NO_FORWARDING_AT_ISSUE,
				     RFM_FAULT_TOP_REFUSED_WRITE_READY, RFM_FAULT_NONE};
static const unsigned vt_faults[] = {RFM_FAULT_VT_RELEASE_KEEPS_MAPPING, RFM_FAULT_VT_LOOKUP_MISSES_NEW_MAPPING,
				     RFM_FAULT_TOP_NO_FORWARDING_AT_ISSUE, RFM_FAULT_TOP_REFUSED_WRITE_READY,
				     RFM_FAULT_NONE};

static void test_coal_top_regmutex_small(void) { combo("small_regmutex_coalesce", rm_events, rm_faults, 20000); }
static void test_coal_top_virt_small(void) { combo("small_virt_coalesce", vt_events, vt_faults, 20000); }
static void test_coal_top_regmutex_fermi(void) { combo("fermi_regmutex_coalesce", rm_events, rm_faults, 20000); }
static void test_coal_top_virt_fermi(void) { combo("fermi_virt_coalesce", vt_events, vt_faults, 20000); }

int test_coal_top_register(void)
{
	CU_pSuite s = CU_add_suite("coal_top", NULL, NULL);
	if (!s)
		return -1;
	if (!CU_add_test(s, "test_coal_top_rd_rd_one_cycle", test_coal_top_rd_rd_one_cycle) ||
	    !CU_add_test(s, "test_coal_top_refused_write_held", test_coal_top_refused_write_held) ||
	    !CU_add_test(s, "test_coal_top_zero_gated", test_coal_top_zero_gated) ||
	    !CU_add_test(s, "test_coal_top_checker_catches_planted_faults", test_coal_top_checker_catches_planted_faults) ||
	    !CU_add_test(s, "test_coal_top_regmutex_small", test_coal_top_regmutex_small) ||
	    !CU_add_test(s, "test_coal_top_virt_small", test_coal_top_virt_small) ||
	    !CU_add_test(s, "test_coal_top_regmutex_fermi", test_coal_top_regmutex_fermi) ||
	    !CU_add_test(s, "test_coal_top_virt_fermi", test_coal_top_virt_fermi))
		return -1;
	return 0;
}
