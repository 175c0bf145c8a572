/* test_compiler.c - CUnit suite "compiler": the papers' worked examples (FineReg's Fig. 7 live
 * vectors, virtualization's release-flag example and its Fig. 4 divergence case, the section 7.1
 * exemption counts of Nbody, HeartWall, Lud and backprop, RegMutex's Es example) on programs built
 * by hand, and the cross-checks on every suite kernel (compiler/annotate.h, docs/compiler.md). */
#include <CUnit/Basic.h>
#include <CUnit/CUnit.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate.h"

/* One hand-written instruction: up to three single-register source slots (-1: none, -2: an
 * immediate), one destination (-1: none), partial (a write that does not kill), a branch target
 * (-1: none), cond (the branch or exit is guarded), exit. */
typedef struct hand {
	int src[3], dst, partial, branch, cond, exit;
} hand_t;

static void build(an_prog_t *p, const hand_t *h, unsigned n, unsigned nregs)
{
	unsigned i, k;
	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "hand");
	p->n = n;
	p->nregs = nregs;
	p->insns = calloc(n, sizeof(*p->insns));
	CU_ASSERT_PTR_NOT_NULL_FATAL(p->insns);
	for (i = 0; i < n; i++) {
		an_insn_t *q = &p->insns[i];
		for (k = 0; k < 3 && h[i].src[k] != -1; k++) {
			q->n_src++;
			if (h[i].src[k] >= 0) {
				q->src[k][0] = (uint16_t)h[i].src[k];
				q->src_n[k] = 1;
			}
		}
		if (h[i].dst >= 0) {
			q->dst[q->n_dst++] = (uint16_t)h[i].dst;
			q->kills = !h[i].partial;
		}
		if (h[i].branch >= 0)
			q->succ[q->n_succ++] = (uint32_t)h[i].branch;
		if ((h[i].branch < 0 && !h[i].exit) || h[i].cond) {
			if (i + 1 < n)
				q->succ[q->n_succ++] = i + 1;
			else
				q->exit = 1;
		}
		q->exit |= (uint8_t)h[i].exit;
		q->divergent = h[i].branch >= 0 && h[i].cond;
	}
}

#define N_ -1
/* FineReg Fig. 7 (CFD Solver fragment): the live vectors 0x1 x5, 0x5, 0x7, 0x7, 0xF, 0x7, 0x7,
 * 0x6, 0x7, 0x5, 0x5 (MVI.U16 R0L at 0x0068 is a partial write: R0 stays live) */
static void test_compiler_finereg_fig7(void)
{
	static const hand_t h[15] = {
		{{0, N_, N_}, 0, 0, -1, 0, 0},  /* 0x00 I2I.U32.U16 R0, R0L */
		{{-2, -2, 0}, 0, 0, -1, 0, 0},  /* 0x08 IMAD32I.U16 R0, g[0x6], 0x200, R0 */
		{{-2, 0, N_}, -1, 0, -1, 0, 0}, /* 0x10 ISET.S32.C0 o[0x7f], g[0xc], R0, LE */
		{{N_, N_, N_}, -1, 0, -1, 1, 1},/* 0x18 RET C0.NE */
		{{-2, 0, N_}, 2, 0, -1, 0, 0},  /* 0x20 IADD R2, g[0x6], R0 */
		{{2, N_, N_}, 1, 0, -1, 0, 0},  /* 0x28 GLD.S8 R1, global14[R2] */
		{{1, N_, N_}, -1, 0, -1, 0, 0}, /* 0x30 I2I.S32.S16.BEXT.C0 o[0x7f], R1L */
		{{-2, 0, N_}, 3, 0, -1, 0, 0},  /* 0x38 IADD R3, g[0x4], R0 */
		{{3, 1, N_}, -1, 0, -1, 0, 0},  /* 0x40 GST.S8 global14[R3], R1 */
		{{-2, 0, N_}, 0, 0, -1, 0, 0},  /* 0x48 IADD R0, g[0x8], R0 */
		{{0, 1, N_}, -1, 0, -1, 0, 0},  /* 0x50 GST.S8 global14[R0], R1 */
		{{-2, N_, N_}, 0, 0, -1, 0, 0}, /* 0x58 MOV R0, g[0xa] */
		{{0, 1, N_}, -1, 0, -1, 0, 0},  /* 0x60 GST.S8 global14[R0], R1 */
		{{-2, N_, N_}, 0, 1, -1, 0, 0}, /* 0x68 MVI.U16 R0L, 0x0 */
		{{2, 0, N_}, -1, 0, -1, 0, 1},  /* 0x70 GST.S8 global14[R2], R0 */
	};
	static const uint64_t want[15] = {1, 1, 1, 1, 1, 5, 7, 7, 0xf, 7, 7, 6, 7, 5, 5};
	an_prog_t p;
	an_flow_t f;
	unsigned i;
	build(&p, h, 15, 4);
	CU_ASSERT_EQUAL_FATAL(an_flow(&p, &f), 0);
	for (i = 0; i < 15; i++)
		CU_ASSERT_EQUAL(an_finereg_vector(&f, i), want[i]);
	an_flow_free(&f);
	an_prog_free(&p);
}

/* Virtualization section 5.1: `add` with sources r0 (dead) and r5 (live) gets the flag 001, slot 0
 * of its pir; `add r0, r0, r5` releases r0 (the paper's self-overwrite case) */
static void test_compiler_virt_release_flag(void)
{
	static const hand_t h[3] = {
		{{0, 5, N_}, 1, 0, -1, 0, 0}, /* add r1, r0, r5: r0 dead, r5 live */
		{{1, 5, N_}, 1, 0, -1, 0, 0}, /* add r1, r1, r5: r1 overwritten, r5 dead after */
		{{1, N_, N_}, -1, 0, -1, 0, 1},
	};
	an_prog_t p;
	an_flow_t f;
	an_virt_t v;
	char msg[256];
	build(&p, h, 3, 6);
	CU_ASSERT_EQUAL_FATAL(an_flow(&p, &f), 0);
	CU_ASSERT_EQUAL_FATAL(an_virt(&f, AN_FAULT_NONE, &v), 0);
	CU_ASSERT_EQUAL(v.pir_slots[0], 1);          /* "001" */
	CU_ASSERT_EQUAL(v.pir_slots[1], 3);          /* r1 (overwritten) and r5 */
	CU_ASSERT_EQUAL(v.pir_slots[2], 1);
	CU_ASSERT_EQUAL(an_pir_word(&v, 0, 2), 0xfc00000000000000ull | 1u << 4 | 3u << 7 | 1u << 10);
	CU_ASSERT_EQUAL(v.pbr_regs, 0);
	CU_ASSERT_EQUAL(v.pir_words, 1);
	CU_ASSERT_EQUAL(an_check(&f, &v, NULL, msg, sizeof(msg)), 0);
	an_virt_free(&v);
	/* the planted fault releases r5 at 0, where it is live out: the cross-check names it */
	CU_ASSERT_EQUAL_FATAL(an_virt(&f, AN_FAULT_PIR_EVERY_READ, &v), 0);
	CU_ASSERT_EQUAL(an_check(&f, &v, NULL, msg, sizeof(msg)), -1);
	CU_ASSERT_STRING_EQUAL(msg, "hand: instruction 0's pir releases r5, whose value is live out of it");
	an_virt_free(&v);
	an_flow_free(&f);
	an_prog_free(&p);
}

/* Fig. 4(b) and (e): r0, defined before a divergent branch and read on both paths, is released by
 * a pbr at the immediate post-dominator, not by the paths' reads; r1, defined on both paths and
 * read after reconvergence, by the pir of its last read; a loop without a carried value releases
 * in its body, a loop-carried register (d) after the loop */
static void test_compiler_virt_divergence(void)
{
	static const hand_t h[10] = {
		{{-2, N_, N_}, 0, 0, -1, 0, 0}, /* 0 mov r0 */
		{{N_, N_, N_}, -1, 0, 4, 1, 0}, /* 1 @p bra 4 */
		{{0, N_, N_}, 1, 0, -1, 0, 0},  /* 2 add r1, r0 */
		{{N_, N_, N_}, -1, 0, 5, 0, 0}, /* 3 bra 5 */
		{{0, N_, N_}, 1, 0, -1, 0, 0},  /* 4 mul r1, r0 */
		{{1, N_, N_}, 2, 0, -1, 0, 0},  /* 5 mov r2, r1 (reconvergence) */
		{{2, N_, N_}, 2, 0, -1, 0, 0},  /* 6 loop: add r2, r2 (carried) */
		{{2, N_, N_}, 3, 0, -1, 0, 0},  /* 7 mov r3, r2 */
		{{3, N_, N_}, -1, 0, 6, 1, 0},  /* 8 st r3; @p bra 6 */
		{{2, N_, N_}, -1, 0, -1, 0, 1}, /* 9 st r2; exit */
	};
	an_prog_t p;
	an_flow_t f;
	an_virt_t v;
	char msg[256];
	uint64_t w = 0x3full << 58 | 1u;
	unsigned k;
	build(&p, h, 10, 4);
	CU_ASSERT_EQUAL_FATAL(an_flow(&p, &f), 0);
	CU_ASSERT_EQUAL(f.ipdom[1], 5);
	CU_ASSERT_EQUAL(f.ipdom[8], 9);
	CU_ASSERT_EQUAL_FATAL(an_virt(&f, AN_FAULT_NONE, &v), 0);
	CU_ASSERT(!an_in(&f, v.pir, 2, 0) && !an_in(&f, v.pir, 4, 0));
	CU_ASSERT(an_in(&f, v.pbr, 5, 0) && an_count(&f, v.pbr, 5) == 1);
	for (k = 1; k < 9; k++)
		w |= 63ull << (4 + 6 * k);
	CU_ASSERT_EQUAL(an_pbr_word(&f, &v, 5, 0), w);
	CU_ASSERT(an_in(&f, v.pir, 5, 1));
	CU_ASSERT(an_in(&f, v.pir, 8, 3));                            /* (e): r3 in the body */
	CU_ASSERT(!an_in(&f, v.pir, 6, 2) && !an_in(&f, v.pir, 7, 2)); /* (d): r2 carried */
	CU_ASSERT(an_in(&f, v.pir, 9, 2));                            /* released after the loop */
	CU_ASSERT_EQUAL(an_check(&f, &v, NULL, msg, sizeof(msg)), 0);
	an_virt_free(&v);
	an_flow_free(&f);
	an_prog_free(&p);
}

/* Section 7.1: W x R x 10 bits over 1 KB exempts registers until the renamed ones fit: Nbody
 * (32 warps, 41 registers) 16, HeartWall (32, 29) 4, Lud (48, 19) 2; backprop (48, 17) none */
static void test_compiler_virt_exempt_counts(void)
{
	CU_ASSERT_EQUAL(41 - an_exempt_renamed(32, 41, 8192), 16);
	CU_ASSERT_EQUAL(29 - an_exempt_renamed(32, 29, 8192), 4);
	CU_ASSERT_EQUAL(19 - an_exempt_renamed(48, 19, 8192), 2);
	CU_ASSERT_EQUAL(an_exempt_renamed(48, 17, 8192), 17);
}

/* RegMutex section III-A2: R = 24 on Fermi (1024 warp registers, 48 warps): candidates {2, 4, 6,
 * 8}, Es = 6; a 20-register kernel is not limited by registers: Es = 0 */
static void test_compiler_rm_es_example(void)
{
	unsigned cand[6], n;
	CU_ASSERT_EQUAL(an_rm_choose_es(1024, 48, 24, cand, &n), 6);
	CU_ASSERT(n == 4 && cand[0] == 2 && cand[1] == 4 && cand[2] == 6 && cand[3] == 8);
	CU_ASSERT_EQUAL(an_rm_choose_es(1024, 48, 20, cand, &n), 0);
}

/* RegMutex's renumbering of f (an_rm_renumber): a permutation; when it succeeds no instruction
 * with press <= Bs reads, writes or has live a register numbered Bs or above; when it does not,
 * the identity. 1 if it succeeded. */
static int renumber_ok(const an_flow_t *f, const an_rm_t *rm)
{
	unsigned hw[256], seen[256] = {0}, i, r, low;
	int ok = 1;
	CU_ASSERT_FATAL(f->nregs <= 256);
	low = an_rm_renumber(f, rm, hw);
	for (r = 0; r < f->nregs; r++) {
		CU_ASSERT_FATAL(hw[r] < f->nregs);
		seen[hw[r]]++;
		if (low > rm->bs)
			CU_ASSERT_EQUAL(hw[r], r);
	}
	for (r = 0; r < f->nregs; r++)
		CU_ASSERT_EQUAL(seen[r], 1);
	if (low > rm->bs)
		return 0;
	for (i = 0; i < f->n; i++)
		for (r = 0; r < f->nregs && rm->press[i] <= rm->bs; r++)
			if (an_in(f, f->lin, i, r) || an_in(f, f->def, i, r) || an_in(f, f->use, i, r) || an_in(f, f->eg, i, r))
				ok &= hw[r] < rm->bs;
	CU_ASSERT(ok);
	return 1;
}

/* Every suite kernel: the cross-checks hold (pir releases not live out, pbr releases dead at their
 * point, live vectors, acquire/release brackets every instruction above Bs), the planted pir
 * fault is caught on each kernel, removing any one placed acquire fails the bracket check, and
 * RegMutex's renumbering keeps the extended registers inside the acquired regions where it exists
 * (on 10 of the 14 kernels of the Fermi file) */
static void test_compiler_suite(void)
{
	DIR *d = opendir("kernels/ptx");
	struct dirent *e;
	unsigned kernels = 0, caught = 0, acquires = 0, acq_caught = 0, renumbered = 0;
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	while ((e = readdir(d))) {
		char path[512], msg[PTX_MSG_MAX];
		size_t l = strlen(e->d_name);
		ptx_module_t *m = NULL;
		unsigned i, k;
		if (l < 5 || strcmp(e->d_name + l - 4, ".ptx"))
			continue;
		snprintf(path, sizeof(path), "kernels/ptx/%s", e->d_name);
		CU_ASSERT_EQUAL_FATAL(ptx_parse_file(path, &m, msg, sizeof(msg)), PTX_OK);
		for (i = 0; i < m->n_funcs; i++) {
			ptx_alloc_t a;
			an_prog_t p;
			an_flow_t f;
			an_virt_t v, bad;
			an_rm_t rm;
			if (!m->funcs[i].is_entry)
				continue;
			CU_ASSERT_EQUAL_FATAL(ptx_alloc(&m->funcs[i], 255, &a, msg, sizeof(msg)), 0);
			CU_ASSERT_EQUAL_FATAL(an_from_ptx(&m->funcs[i], &a, &p, msg, sizeof(msg)), 0);
			CU_ASSERT_EQUAL_FATAL(an_flow(&p, &f), 0);
			CU_ASSERT_EQUAL_FATAL(an_virt(&f, AN_FAULT_NONE, &v), 0);
			CU_ASSERT_EQUAL_FATAL(an_virt(&f, AN_FAULT_PIR_EVERY_READ, &bad), 0);
			CU_ASSERT_EQUAL_FATAL(an_regmutex(&f, 1024, 48, &rm), 0);
			CU_ASSERT_EQUAL(an_check(&f, &v, &rm, msg, sizeof(msg)), 0);
			CU_ASSERT(an_rm_brackets(&f, &rm));
			CU_ASSERT_EQUAL(rm.bs + rm.es, p.nregs);
			caught += an_check(&f, &bad, NULL, msg, sizeof(msg)) == -1;
			renumbered += (unsigned)renumber_ok(&f, &rm);
			for (k = 0; k < f.n; k++) /* every acquire is needed: without it the bracket fails */
				if (rm.acq[k]) {
					rm.acq[k] = 0;
					CU_ASSERT(!an_rm_brackets(&f, &rm));
					acq_caught += an_check(&f, &v, &rm, msg, sizeof(msg)) == -1;
					rm.acq[k] = 1;
					acquires++;
				}
			kernels++;
			an_rm_free(&rm);
			an_virt_free(&bad);
			an_virt_free(&v);
			an_flow_free(&f);
			an_prog_free(&p);
			ptx_alloc_free(&a);
		}
		ptx_module_free(m);
	}
	closedir(d);
	CU_ASSERT_EQUAL(kernels, 14);
	CU_ASSERT_EQUAL(caught, kernels);
	CU_ASSERT(acquires > 0);
	CU_ASSERT_EQUAL(acq_caught, acquires);
	CU_ASSERT_EQUAL(renumbered, 10);
}

int main(void)
{
	CU_pSuite s;
	unsigned fails;
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	s = CU_add_suite("compiler", NULL, NULL);
	if (!s || !CU_add_test(s, "test_compiler_finereg_fig7", test_compiler_finereg_fig7) ||
	    !CU_add_test(s, "test_compiler_virt_release_flag", test_compiler_virt_release_flag) ||
	    !CU_add_test(s, "test_compiler_virt_divergence", test_compiler_virt_divergence) ||
	    !CU_add_test(s, "test_compiler_virt_exempt_counts", test_compiler_virt_exempt_counts) ||
	    !CU_add_test(s, "test_compiler_rm_es_example", test_compiler_rm_es_example) ||
	    !CU_add_test(s, "test_compiler_suite", test_compiler_suite)) {
		CU_cleanup_registry();
		return 2;
	}
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	fails = CU_get_number_of_failures();
	CU_cleanup_registry();
	return fails ? 1 : 0;
}
