/* test_virt.c - CUnit suite "virtualization": the renaming table, the availability flag, the
 * flag instructions, the release flag cache and the storage figures, against the paper's numbers
 * and hand-worked cases (docs/virtualization.md). */
#include <CUnit/Basic.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_fault_ids.h"
#include "rfm_models.h"
#include "rfm_virt.h"
#include "test_util.h"

/* fermi with the paper's 1 KB renaming table (rtl_gen/configs/fermi_virt.ini without comments). */
static const char *fermi_vt = "[virtualization]\nenable = on\nrt_budget_bits = 8192\nsubarrays = 4\nregs = 21\n"
			      "exempt_regs = 4\n";
/* rtl_gen/configs/small_virt.ini without comments. */
static const char *small_vt = "[rf]\nlanes = 4\nlane_bits = 8\nbanks = 2\nentries = 16\nsubbanks = 2\n"
			      "[sm]\nwarps = 4\nregs_per_thread = 8\nschedulers = 2\ncollectors = 3\noperands = 3\n"
			      "tag_bits = 4\n[stats]\ncounter_bits = 16\n[virtualization]\nenable = on\nsubarrays = 2\n"
			      "rfc_entries = 3\nregs = 8\nexempt_regs = 2\n";

/* The paper's sizes: Eq. (1) 48 x 63 x 10 = 30240 bits (3.69 KB); the 1 KB table: 816 entries
 * (8160 bits); availability flag 1024 bits; release flag cache 48 x 54 = 2592 bits (324 B). */
static void test_vt_storage_figures(void)
{
	rfm_cfg_t c;
	tu_cfg_ok(&c, fermi_vt);
	CU_ASSERT_EQUAL(c.d.pack_w, 10);
	CU_ASSERT_EQUAL(rfm_vt_rt_depth(&c, 0), 3024);
	CU_ASSERT_EQUAL(rfm_vt_rt_depth(&c, 0) * c.d.pack_w, 30240);
	CU_ASSERT_EQUAL(c.d.rt_depth, 816);
	CU_ASSERT_EQUAL(c.d.rt_depth * c.d.pack_w, 8160);
	CU_ASSERT(c.d.rt_depth * c.d.pack_w <= 8192);
	CU_ASSERT_EQUAL(c.d.warp_regs, 1024);
	CU_ASSERT_EQUAL(c.d.rfc_entries, 48);
	CU_ASSERT_EQUAL(c.d.rfc_entries * 54, 2592);
	CU_ASSERT_EQUAL(c.d.domains, 16);
	CU_ASSERT_EQUAL(c.d.vt_warps, 48);
	CU_ASSERT_EQUAL(c.d.vt_warps * c.d.vt_ren, 816); /* 48 x 17: the table exactly, as backprop */
}

/* One allocation/release cycle of the availability flag. */
static void fb_step(const rfm_cfg_t *c, rfm_fb_state_t *s, unsigned nreq, const unsigned *rel, unsigned nrel,
		    rfm_fb_out_t *o)
{
	rfm_fb_in_t in;
	unsigned i;
	memset(&in, 0, sizeof(in));
	for (i = 0; i < nreq; i++)
		in.req[i] = 1;
	for (i = 0; i < nrel; i++) {
		in.rel[i] = 1;
		in.rpid[i] = rel[i];
	}
	rfm_fb_comb(c, s, &in, o, 0);
	rfm_fb_clock(c, s, &in, o);
}

/* consolidate: the lowest free id, port i the i-th lowest; a released id is free from the next
 * cycle; the launch reserves the exempt ids at the bottom. spread: one sub-array group (banks x
 * rows per sub-array = 256 ids on fermi) further each time, circularly. */
static void test_vt_allocation_policies(void)
{
	rfm_cfg_t c;
	rfm_fb_state_t s;
	rfm_fb_out_t o;
	unsigned rel[2];
	tu_cfg_ok(&c, "[rf]\nwrite_ports = 2\n[virtualization]\nenable = on\nregs = 21\nexempt_regs = 4\n");
	CU_ASSERT_FATAL(rfm_fb_init(&c, &s) == 0);
	rfm_fb_launch(&c, &s, 48 * 4);
	CU_ASSERT_EQUAL(s.nocc, 192);
	fb_step(&c, &s, 2, NULL, 0, &o);
	CU_ASSERT(o.gnt[0] && o.pid[0] == 192 && o.gnt[1] && o.pid[1] == 193);
	rel[0] = 192;
	fb_step(&c, &s, 1, rel, 1, &o); /* 192 is released in this cycle: not reusable yet */
	CU_ASSERT(o.gnt[0] && o.pid[0] == 194 && o.nfree == 1);
	fb_step(&c, &s, 1, NULL, 0, &o);
	CU_ASSERT(o.gnt[0] && o.pid[0] == 192);
	rel[0] = rel[1] = 193; /* the same id twice: freed once */
	fb_step(&c, &s, 0, rel, 2, &o);
	CU_ASSERT_EQUAL(o.nfree, 1);
	rfm_fb_fini(&s);
	c.virtualization_policy = RFM_VP_SPREAD;
	CU_ASSERT_FATAL(rfm_fb_init(&c, &s) == 0);
	rfm_fb_launch(&c, &s, 0);
	CU_ASSERT_EQUAL(rfm_vt_stride(&c), 256);
	fb_step(&c, &s, 2, NULL, 0, &o);
	CU_ASSERT(o.pid[0] == 0 && o.pid[1] == 256);
	fb_step(&c, &s, 2, NULL, 0, &o);
	CU_ASSERT(o.pid[0] == 512 && o.pid[1] == 768);
	fb_step(&c, &s, 1, NULL, 0, &o); /* 768 + 256 wraps to 0, taken: the next free is 1 */
	CU_ASSERT_EQUAL(o.pid[0], 1);
	CU_ASSERT_EQUAL(rfm_vt_domain(&c, 0), 0);
	CU_ASSERT_EQUAL(rfm_vt_domain(&c, 256), 4); /* row 64: sub-array 1 of bank 0 */
	CU_ASSERT_EQUAL(rfm_vt_domain(&c, 1023), 15);
	rfm_fb_fini(&s);
}

/* The table: lookups of two instructions in one bank conflict and the later one in this cycle's
 * order waits; a write-back records a mapping that lookups of the same cycle see; a write-back
 * of an entry being released keeps it. */
static void test_vt_rename_table(void)
{
	rfm_cfg_t c;
	rfm_rt_state_t s;
	rfm_rt_in_t in;
	rfm_rt_out_t o;
	tu_cfg_ok(&c, fermi_vt);
	CU_ASSERT_FATAL(rfm_rt_init(&c, &s) == 0);
	memset(&in, 0, sizeof(in));
	in.gvalid[0] = in.gvalid[1] = 1;
	in.lv[0] = 1, in.lidx[0] = rfm_rt_index(17, 0, 4); /* entry 4: bank 0 */
	in.lv[3] = 1, in.lidx[3] = rfm_rt_index(17, 1, 3); /* entry 20: bank 0 */
	rfm_rt_comb(&c, &s, &in, &o, 0);
	CU_ASSERT(o.served[0] && !o.served[1] && o.conflict[1]);
	rfm_rt_clock(&c, &s, &in, 0);
	rfm_rt_comb(&c, &s, &in, &o, 0); /* the pointer moved: port 1 first now */
	CU_ASSERT(o.served[1] && o.conflict[0]);
	in.lidx[3] = rfm_rt_index(17, 1, 4); /* entry 21: bank 1: no conflict */
	rfm_rt_comb(&c, &s, &in, &o, 0);
	CU_ASSERT(o.served[0] && o.served[1]);
	CU_ASSERT(!o.lhit[0]);
	in.wv[0] = in.wnew[0] = 1, in.widx[0] = 4, in.wnewpid[0] = 700;
	rfm_rt_comb(&c, &s, &in, &o, 0);
	CU_ASSERT(o.lhit[0] && o.lpid[0] == 700 && !o.whit[0]);
	rfm_rt_clock(&c, &s, &in, 0);
	memset(&in, 0, sizeof(in));
	in.iv[0] = 1, in.iidx[0] = 4;
	in.wv[0] = 1, in.widx[0] = 4;
	rfm_rt_comb(&c, &s, &in, &o, 0);
	CU_ASSERT(o.whit[0] && o.wpid[0] == 700 && !o.ihit[0]); /* the write keeps the register */
	rfm_rt_clock(&c, &s, &in, 0);
	in.wv[0] = 0;
	rfm_rt_comb(&c, &s, &in, &o, 0);
	CU_ASSERT(o.ihit[0] && o.ipid[0] == 700);
	rfm_rt_clock(&c, &s, &in, 0);
	CU_ASSERT_EQUAL((s.valid[0] >> 4) & 1u, 0);
	rfm_rt_fini(&s);
}

/* Section 5.1's example: "add" reading r0 (dead) and r5 (live): the pir's first slot is 001, bit 0
 * = the first source; the opcode is split 4 + 6; a pbr names up to nine registers, 63 = empty. */
static void test_vt_flag_instructions(void)
{
	uint8_t flags[RFM_PIR_SLOTS] = {1};
	unsigned regs[9] = {3, 62, 0, 17};
	rfm_flags_t f;
	uint64_t w = rfm_flag_encode_pir(flags);
	CU_ASSERT_EQUAL(w & 0xfu, RFM_OPC_PIR & 0xfu);
	CU_ASSERT_EQUAL(w >> 58, RFM_OPC_PIR >> 4);
	CU_ASSERT_EQUAL((w >> 4) & 7u, 1u); /* slot 0 = "001" */
	CU_ASSERT(rfm_flag_decode(w, &f) && f.is_pir && !f.is_pbr && f.payload == 1);
	w = rfm_flag_encode_pbr(regs, 4);
	CU_ASSERT(rfm_flag_decode(w, &f) && f.is_pbr);
	CU_ASSERT(f.regv[0] && f.reg[0] == 3 && f.reg[1] == 62 && f.reg[2] == 0 && f.reg[3] == 17);
	CU_ASSERT(!f.regv[4] && f.reg[8] == RFM_PBR_EMPTY);
	CU_ASSERT(!rfm_flag_decode(0x0123456789abcdefull, &f));
	CU_ASSERT_EQUAL(RFM_PIR_SLOTS, (64 - 10) / 3);
	CU_ASSERT_EQUAL(RFM_PBR_SLOTS, (64 - 10) / 6);
}

/* The launch rule: every register fits the file, every renamed one the table. */
static void test_vt_launch_rule(void)
{
	rfm_cfg_t c;
	tu_cfg_ok(&c, fermi_vt);
	CU_ASSERT(rfm_vt_launch_fits(&c, 48, 21, 4));   /* 1008 <= 1024, 816 <= 816 */
	CU_ASSERT(!rfm_vt_launch_fits(&c, 48, 21, 3));  /* 864 renamed > 816 */
	CU_ASSERT(!rfm_vt_launch_fits(&c, 48, 22, 10)); /* 1056 > 1024 */
	CU_ASSERT(rfm_vt_launch_fits(&c, 32, 32, 7));   /* 1024 and 800 */
	CU_ASSERT(!rfm_vt_launch_fits(&c, 49, 1, 0));
	CU_ASSERT(!rfm_vt_launch_fits(&c, 1, 5, 6));    /* more exempt than registers */
	CU_ASSERT(rfm_vt_launch_fits(&c, 1, 5, 5));     /* all exempt */
}

/* Configuration errors, one line each with the key, value and legal range. */
static void test_vt_config_errors(void)
{
	static const struct {
		const char *text, *msg;
	} cases[] = {
		{"[virtualization]\nenable = on\nsubarrays = 3\n",
		 "t.ini:3: virtualization.subarrays = 3: does not divide rf.entries = 256 (legal: 1|2|4|8|16|32|64)\n"},
		{"[virtualization]\nenable = on\nregs = 64\n",
		 "t.ini:3: virtualization.regs = 64: more than sm.regs_per_thread = 63 (legal: 1..63)\n"},
		{"[sm]\nregs_per_thread = 100\n[virtualization]\nenable = on\nregs = 80\nwarps = 8\n",
		 "t.ini:2: sm.regs_per_thread = 100: with virtualization on, registers 63 and up could never be released "
		 "by a pbr (its slots hold 6-bit register ids, 63 = empty) (legal: 1..63)\n"},
		{"[virtualization]\nenable = on\nregs = 8\nexempt_regs = 9\n",
		 "t.ini:4: virtualization.exempt_regs = 9: more than virtualization.regs = 8 (legal: 0..8)\n"},
		{"[virtualization]\nenable = on\nrt_budget_bits = 8192\nregs = 21\nwarps = 48\n",
		 "t.ini:5: virtualization.warps = 48: 48 warps x 21 registers (21 renamed) do not fit: 1024 warp registers, "
		 "816 renaming-table entries (legal: 0..38)\n"},
		{"[regmutex]\nenable = on\n[virtualization]\nenable = on\n",
		 "t.ini:4: virtualization.enable = on: regmutex and virtualization both fill the LOCATE slot (register "
		 "placement); enable one of them (legal: off)\n"},
	};
	unsigned i;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		tu_cfg_rejects(cases[i].text, cases[i].msg);
}

/* The models under their own stimulus pass their checkers; the checkers catch the planted faults
 * that break an invariant or a value (VT_ALLOC_SKIPS_ID and VT_NO_TABLE_CONFLICTS, legal but
 * different choices, are only seen by the RTL comparison: make mutation). */
static void test_vt_checkers_catch_planted_faults(void)
{
	CU_ASSERT(tu_run_checked(small_vt, "rf_top", 0, 30000) == 0);
	CU_ASSERT(tu_run_checked(fermi_vt, "rf_top", 0, 5000) == 0);
	CU_ASSERT(tu_run_checked(small_vt, "rf_release_cache", 0, 20000) == 0);
	CU_ASSERT(tu_run_checked(small_vt, "rf_free_bitmap", 0, 20000) == 0);
	CU_ASSERT(tu_run_checked(small_vt, "rf_rename_table", 0, 20000) == 0);
	CU_ASSERT(tu_run_checked(small_vt, "rf_rt_bank", 0, 20000) == 0);
	CU_ASSERT(tu_run_checked(fermi_vt, "rf_rt_bank", 0, 3000) == 0);
	CU_ASSERT(tu_run_checked(small_vt, "rf_rt_bank", RFM_FAULT_RTB_READ_SEES_WRITE, 20000) != 0);
	CU_ASSERT(tu_run_checked(small_vt, "rf_top", RFM_FAULT_VT_RELEASE_KEEPS_MAPPING, 30000) != 0);
	CU_ASSERT(tu_run_checked(small_vt, "rf_top", RFM_FAULT_VT_LOOKUP_MISSES_NEW_MAPPING, 30000) != 0);
	CU_ASSERT(tu_run_checked(small_vt, "rf_release_cache", RFM_FAULT_VT_RFC_EVICTS_PINNED, 20000) != 0);
	CU_ASSERT(tu_run_checked(small_vt, "rf_top", RFM_FAULT_VT_LAUNCH_FIT_OR, 30000) != 0); /* the refusal reasons */
}

int test_virt_register(void)
{
	CU_pSuite s = CU_add_suite("virtualization", NULL, NULL);
	if (!s)
		return -1;
	if (!CU_add_test(s, "test_vt_storage_figures", test_vt_storage_figures) ||
	    !CU_add_test(s, "test_vt_allocation_policies", test_vt_allocation_policies) ||
	    !CU_add_test(s, "test_vt_rename_table", test_vt_rename_table) ||
	    !CU_add_test(s, "test_vt_flag_instructions", test_vt_flag_instructions) ||
	    !CU_add_test(s, "test_vt_launch_rule", test_vt_launch_rule) ||
	    !CU_add_test(s, "test_vt_config_errors", test_vt_config_errors) ||
	    !CU_add_test(s, "test_vt_checkers_catch_planted_faults", test_vt_checkers_catch_planted_faults))
		return -1;
	return 0;
}
