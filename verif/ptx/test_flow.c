/* test_flow.c - CUnit suite "flow": liveness against FineReg's Fig. 7 (the live-register bit vector
 * of every instruction of the paper's CFD Solver fragment), the divergence and loop shapes of its
 * Fig. 9, immediate post-dominators, and the register allocation of every suite kernel checked
 * against the interference it must respect (ptx/flow.h, ptx/regalloc.h, docs/ptx.md "Flow analysis
 * and register allocation"). */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flow.h"
#include "ptx.h"
#include "regalloc.h"

int test_flow_register(void);

/* One instruction of a test program: its uses and full/partial definitions as register masks. */
typedef struct ins {
	unsigned use, def, part; /* registers read; written whole; written in part (no kill) */
	int branch;              /* -1, or the target instruction of a branch */
	int cond, exit;          /* the branch or exit is guarded (falls through too); leaves the function */
} ins_t;

static pf_graph_t *build(const ins_t *p, unsigned n, unsigned nregs)
{
	pf_graph_t *g = pf_create(n, nregs);
	unsigned i, r;
	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	for (i = 0; i < n; i++) {
		for (r = 0; r < nregs && r < 32; r++) {
			if (p[i].use >> r & 1)
				CU_ASSERT_EQUAL(pf_add_use(g, i, r), 0);
			if (p[i].def >> r & 1)
				CU_ASSERT_EQUAL(pf_add_def(g, i, r, 1), 0);
			if (p[i].part >> r & 1)
				CU_ASSERT_EQUAL(pf_add_def(g, i, r, 0), 0);
		}
		if (p[i].exit)
			CU_ASSERT_EQUAL(pf_set_exit(g, i), 0);
		if (p[i].branch >= 0)
			CU_ASSERT_EQUAL(pf_add_succ(g, i, (unsigned)p[i].branch), 0);
		if ((p[i].branch < 0 && !p[i].exit) || p[i].cond)
			if (i + 1 < n)
				CU_ASSERT_EQUAL(pf_add_succ(g, i, i + 1), 0);
	}
	return g;
}

#define R(x) (1u << (x))

/* FineReg's Fig. 7, PCs 0x0000 to 0x0070 (8 bytes apart). Predicates (C0) and the bit bucket
 * o[0x7f] are not registers; a half-register destination (R0L) does not kill. */
static const ins_t fig7[] = {
	{R(0), R(0), 0, -1, 0, 0},      /* 0x00 I2I.U32.U16 R0, R0L */
	{R(0), R(0), 0, -1, 0, 0},      /* 0x08 IMAD32I.U16 R0, g[0x6].U16, 0x200, R0 */
	{R(0), 0, 0, -1, 0, 0},         /* 0x10 ISET.S32.C0 o[0x7f], g[0xc], R0, LE */
	{0, 0, 0, -1, 1, 1},            /* 0x18 RET C0.NE */
	{R(0), R(2), 0, -1, 0, 0},      /* 0x20 IADD R2, g[0x6], R0 */
	{R(2), R(1), 0, -1, 0, 0},      /* 0x28 GLD.S8 R1, global14[R2] */
	{R(1), 0, 0, -1, 0, 0},         /* 0x30 I2I.S32.S16.BEXT.C0 o[0x7f], R1L */
	{R(0), R(3), 0, -1, 0, 0},      /* 0x38 IADD R3, g[0x4], R0 */
	{R(3) | R(1), 0, 0, -1, 0, 0},  /* 0x40 GST.S8 global14[R3], R1 */
	{R(0), R(0), 0, -1, 0, 0},      /* 0x48 IADD R0, g[0x8], R0 */
	{R(0) | R(1), 0, 0, -1, 0, 0},  /* 0x50 GST.S8 global14[R0], R1 */
	{0, R(0), 0, -1, 0, 0},         /* 0x58 MOV R0, g[0xa] */
	{R(0) | R(1), 0, 0, -1, 0, 0},  /* 0x60 GST.S8 global14[R0], R1 */
	{0, 0, R(0), -1, 0, 0},         /* 0x68 MVI.U16 R0L, 0x0 */
	{R(2) | R(0), 0, 0, -1, 0, 1},  /* 0x70 GST.S8 global14[R2], R0 (the fragment's end) */
};

static void test_flow_fig7_live_vectors(void)
{
	/* the live-in vectors of the extract's Fig. 7 table */
	static const uint64_t want[] = {0x1, 0x1, 0x1, 0x1, 0x1, 0x5, 0x7, 0x7, 0xf, 0x7, 0x7, 0x6, 0x7, 0x5, 0x5};
	unsigned n = sizeof(fig7) / sizeof(fig7[0]), i;
	pf_graph_t *g = build(fig7, n, 4);
	CU_ASSERT_EQUAL_FATAL(pf_liveness(g), 0);
	for (i = 0; i < n; i++) {
		if (pf_live_bits64(g, i) != want[i])
			fprintf(stderr, "\n  PC 0x%04x: live 0x%llx, want 0x%llx\n", i * 8,
				(unsigned long long)pf_live_bits64(g, i), (unsigned long long)want[i]);
		CU_ASSERT_EQUAL(pf_live_bits64(g, i), want[i]);
	}
	CU_ASSERT_EQUAL(pf_live_count(g, 8), 4);
	CU_ASSERT_EQUAL(pf_max_live(g), 4);
	CU_ASSERT(pf_live(g, 6, 1));   /* 0x30: R1, the load's destination, is live at the stall */
	CU_ASSERT(!pf_live(g, 4, 2));  /* 0x20: R2 is written here, not read */
	pf_destroy(g);
}

/* the same program with the half-register write counted as a kill: 0x68 loses R0 (0x4) */
static void test_flow_partial_write_does_not_kill(void)
{
	ins_t p[sizeof(fig7) / sizeof(fig7[0])];
	pf_graph_t *g;
	unsigned n = sizeof(fig7) / sizeof(fig7[0]);
	memcpy(p, fig7, sizeof(p));
	p[13].def = R(0), p[13].part = 0;
	g = build(p, n, 4);
	CU_ASSERT_EQUAL_FATAL(pf_liveness(g), 0);
	CU_ASSERT_EQUAL(pf_live_bits64(g, 13), 0x4);
	pf_destroy(g);
}

/* Fig. 9 (a): B1 branches to B2 or B3, which reconverge at B4. A register used only in B3 is live
 * in B1, not in B2; B1's immediate post-dominator is B4. */
static void test_flow_fig9_divergence(void)
{
	static const ins_t p[] = {
		{R(0), R(1) | R(2), 0, 3, 1, 0}, /* 0 B1: defines R1 (B3 reads it), R2; @p bra B3 */
		{R(2), R(3), 0, 4, 0, 0},        /* 1 B2: R3 = f(R2); bra B4 */
		{0, 0, 0, -1, 0, 0},             /* 2 (unreachable filler) */
		{R(1), R(3), 0, -1, 0, 0},       /* 3 B3: R3 = f(R1) */
		{R(3), 0, 0, -1, 0, 1},          /* 4 B4: uses R3; exit */
	};
	pf_graph_t *g = build(p, 5, 4);
	CU_ASSERT_EQUAL_FATAL(pf_liveness(g), 0);
	CU_ASSERT_EQUAL_FATAL(pf_postdom(g), 0);
	CU_ASSERT_EQUAL(pf_live_bits64(g, 0), R(0));
	CU_ASSERT_EQUAL(pf_live_bits64(g, 1), R(2));
	CU_ASSERT_EQUAL(pf_live_bits64(g, 3), R(1));
	CU_ASSERT_EQUAL(pf_live_bits64(g, 4), R(3));
	CU_ASSERT_EQUAL(pf_ipdom(g, 0), 4);
	CU_ASSERT_EQUAL(pf_ipdom(g, 1), 4);
	CU_ASSERT_EQUAL(pf_ipdom(g, 3), 4);
	CU_ASSERT_EQUAL(pf_ipdom(g, 4), 5); /* the virtual exit */
	CU_ASSERT_EQUAL(pf_ipdom(g, 2), 3); /* falls into B3 */
	pf_destroy(g);
}

/* Fig. 9 (b): B1, a loop, B2. A value defined before the loop and read in it stays live around the
 * back edge; one defined in the loop and read after it is live at the loop's exit test. */
static void test_flow_fig9_loop(void)
{
	static const ins_t p[] = {
		{0, R(0) | R(1), 0, -1, 0, 0},   /* 0 B1: R0 (bound), R1 (counter) */
		{R(1), R(2), 0, -1, 0, 0},       /* 1 loop: R2 = f(R1) */
		{R(1), R(1), 0, -1, 0, 0},       /* 2 R1 = R1 + 1 */
		{R(0) | R(1), 0, 0, 1, 1, 0},    /* 3 @p bra loop (p = R1 < R0) */
		{R(2), 0, 0, -1, 0, 1},          /* 4 B2: uses R2; exit */
	};
	pf_graph_t *g = build(p, 5, 3);
	CU_ASSERT_EQUAL_FATAL(pf_liveness(g), 0);
	CU_ASSERT_EQUAL_FATAL(pf_postdom(g), 0);
	CU_ASSERT_EQUAL(pf_live_bits64(g, 1), R(0) | R(1));
	CU_ASSERT_EQUAL(pf_live_bits64(g, 3), R(0) | R(1) | R(2));
	CU_ASSERT_EQUAL(pf_live_bits64(g, 4), R(2));
	CU_ASSERT_EQUAL(pf_live_bits64(g, 0), 0);
	CU_ASSERT_EQUAL(pf_ipdom(g, 3), 4);
	CU_ASSERT_EQUAL(pf_ipdom(g, 0), 1);
	pf_destroy(g);
}

/* A guarded exit falls through; an endless loop has no post-dominator; edges and ranges refused. */
static void test_flow_edges_and_refusals(void)
{
	static const ins_t p[] = {
		{R(0), 0, 0, -1, 1, 1},      /* 0 @p exit */
		{R(0), 0, 0, 2, 0, 0},       /* 1 bra 2 (the next one: one edge) */
		{0, 0, 0, 2, 0, 0},          /* 2 bra 2: forever */
	};
	pf_graph_t *g = build(p, 3, 2);
	CU_ASSERT_EQUAL_FATAL(pf_postdom(g), 0);
	CU_ASSERT_EQUAL_FATAL(pf_liveness(g), 0);
	CU_ASSERT_EQUAL(pf_ipdom(g, 0), 3);
	CU_ASSERT_EQUAL(pf_ipdom(g, 1), -1);
	CU_ASSERT_EQUAL(pf_ipdom(g, 2), -1);
	CU_ASSERT_EQUAL(pf_live_bits64(g, 0), R(0));
	CU_ASSERT_EQUAL(pf_add_succ(g, 2, 0), 0);
	CU_ASSERT_EQUAL(pf_add_succ(g, 2, 1), -1); /* a third successor */
	CU_ASSERT_EQUAL(pf_add_succ(g, 0, 3), -1);
	CU_ASSERT_EQUAL(pf_add_use(g, 0, 2), -1);
	CU_ASSERT_EQUAL(pf_add_def(g, 3, 0, 1), -1);
	CU_ASSERT_PTR_NULL(pf_create(0, 4));
	CU_ASSERT_PTR_NULL(pf_create(4, 65537));
	pf_destroy(g);
}

/* Registers past 64 (several words per set), on a long chain: r is live from its definition at
 * instruction r to its use at the end. */
static void test_flow_many_registers(void)
{
	unsigned n = 200, i;
	pf_graph_t *g = pf_create(n + 1, n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	for (i = 0; i < n; i++) {
		CU_ASSERT_EQUAL(pf_add_def(g, i, i, 1), 0);
		CU_ASSERT_EQUAL(pf_add_succ(g, i, i + 1), 0);
		CU_ASSERT_EQUAL(pf_add_use(g, n, i), 0);
	}
	CU_ASSERT_EQUAL(pf_set_exit(g, n), 0);
	CU_ASSERT_EQUAL_FATAL(pf_liveness(g), 0);
	CU_ASSERT_EQUAL_FATAL(pf_postdom(g), 0);
	for (i = 0; i <= n; i++)
		CU_ASSERT_EQUAL(pf_live_count(g, i), i);
	CU_ASSERT(pf_live(g, n, 150) && !pf_live(g, 150, 150) && pf_live(g, 151, 150));
	CU_ASSERT_EQUAL(pf_max_live(g), n);
	CU_ASSERT_EQUAL(pf_ipdom(g, 0), 1);
	CU_ASSERT_EQUAL(pf_ipdom(g, n), (int)n + 1);
	pf_destroy(g);
}

/* ---- register allocation of the suite's kernels ------------------------------------------------ */

/* 0 when a respects fn's interference: every register holding a value has an architected place,
 * 64-bit ones aligned pairs, and the registers live out of or defined at one instruction never
 * share a place; else -1 with the first conflict in why. */
static int alloc_valid(const ptx_func_t *fn, const ptx_alloc_t *a, char *why, size_t n)
{
	pf_graph_t *g = ptx_flow_graph(fn);
	unsigned i, r, p, w;
	int *owner = malloc((a->used + 2) * sizeof(int)), rc = 0;
	if (!g || !owner || pf_liveness(g)) {
		snprintf(why, n, "out of memory");
		rc = -1;
	}
	for (i = 0; !rc && i < fn->n_insns; i++) {
		const ptx_insn_t *in = &fn->insns[i];
		const ptx_operand_t *d = &in->ops[0];
		int writes = in->n_ops && in->op != PTX_OP_ST && in->op != PTX_OP_RED && in->op != PTX_OP_BRA &&
			     in->op != PTX_OP_RET && in->op != PTX_OP_EXIT && in->op != PTX_OP_BAR;
		for (p = 0; p < a->used; p++)
			owner[p] = -1;
		for (r = 0; !rc && r < fn->n_regs; r++) {
			int defd = writes && ((d->kind == PTX_OPD_REG && (d->reg == r || d->reg2 == r)) ||
					      (d->kind == PTX_OPD_VEC && (d->vec[0] == r || d->vec[1] == r ||
									  (d->n_vec > 2 && (d->vec[2] == r || d->vec[3] == r)))));
			w = ptx_reg_width(fn->regs[r].type);
			if (!w || !(pf_live_out(g, i, r) || defd))
				continue;
			if (a->phys[r] < 0 || (w == 2 && a->phys[r] % 2)) {
				snprintf(why, n, "%s: register %u has place %d", fn->name, r, a->phys[r]);
				rc = -1;
			}
			for (p = 0; !rc && p < w; p++) {
				if (owner[a->phys[r] + p] >= 0) {
					snprintf(why, n, "%s: instruction %u: registers %d and %u share place %u", fn->name, i,
						owner[a->phys[r] + p], r, a->phys[r] + p);
					rc = -1;
				}
				owner[a->phys[r] + p] = (int)r;
			}
		}
	}
	free(owner);
	pf_destroy(g);
	return rc;
}

static const struct { const char *name; unsigned max_live, used; } suite[] = {
	{"backprop_forward", 22, 22}, {"bfs_levels", 22, 22}, {"conv2d", 21, 22}, {"dgemm_tiled", 33, 34},
	{"histogram", 11, 12}, {"kmeans_assign", 16, 16}, {"nbody_accel", 25, 25}, {"nw_align", 25, 25},
	{"reduce_sum", 16, 16}, {"scan_block", 18, 18}, {"sgemm_tiled", 24, 24}, {"stencil2d", 23, 24},
	{"stencil3d", 44, 44}, {"transcend", 25, 26},
};

static ptx_module_t *load(const char *name)
{
	char path[256], msg[PTX_MSG_MAX];
	ptx_module_t *m = NULL;
	snprintf(path, sizeof(path), "kernels/ptx/%s.ptx", name);
	if (ptx_parse_file(path, &m, msg, sizeof(msg)) != PTX_OK)
		fprintf(stderr, "\n  %s\n", msg);
	return m;
}

static void test_flow_suite_allocations(void)
{
	unsigned k;
	for (k = 0; k < sizeof(suite) / sizeof(suite[0]); k++) {
		ptx_module_t *m = load(suite[k].name);
		ptx_alloc_t a;
		char why[256] = "";
		CU_ASSERT_PTR_NOT_NULL_FATAL(m);
		CU_ASSERT_EQUAL_FATAL(ptx_alloc(&m->funcs[0], 255, &a, why, sizeof(why)), 0);
		CU_ASSERT_EQUAL(a.max_live, suite[k].max_live);
		CU_ASSERT_EQUAL(a.used, suite[k].used);
		CU_ASSERT(a.used >= a.max_live);
		if (alloc_valid(&m->funcs[0], &a, why, sizeof(why)))
			fprintf(stderr, "\n  %s\n", why);
		CU_ASSERT_EQUAL(alloc_valid(&m->funcs[0], &a, why, sizeof(why)), 0);
		ptx_alloc_free(&a);
		ptx_module_free(m);
	}
}

/* The validity check catches two interfering registers given one place, and the limit refuses. */
static void test_flow_allocation_faults(void)
{
	ptx_module_t *m = load("sgemm_tiled");
	const ptx_func_t *fn;
	ptx_alloc_t a;
	char why[256] = "";
	unsigned r, q;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	fn = &m->funcs[0];
	CU_ASSERT_EQUAL(ptx_alloc(fn, 23, &a, why, sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "sgemm_tiled needs 24 registers per thread, the limit is 23");
	CU_ASSERT_EQUAL_FATAL(ptx_alloc(fn, 24, &a, why, sizeof(why)), 0);
	/* the first two 32-bit registers in different places: move the second onto the first */
	for (r = 0; r < fn->n_regs && (a.phys[r] < 0 || ptx_reg_width(fn->regs[r].type) != 1); r++)
		;
	for (q = r + 1; q < fn->n_regs && (a.phys[q] < 0 || ptx_reg_width(fn->regs[q].type) != 1 ||
		a.phys[q] == a.phys[r]); q++)
		;
	CU_ASSERT_FATAL(q < fn->n_regs);
	a.phys[q] = a.phys[r];
	CU_ASSERT_EQUAL(alloc_valid(fn, &a, why, sizeof(why)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "share place"));
	ptx_alloc_free(&a);
	ptx_module_free(m);
}

int test_flow_register(void)
{
	CU_pSuite s = CU_add_suite("flow", NULL, NULL);
	if (!s)
		return -1;
	if (!CU_add_test(s, "test_flow_fig7_live_vectors", test_flow_fig7_live_vectors) ||
	    !CU_add_test(s, "test_flow_partial_write_does_not_kill", test_flow_partial_write_does_not_kill) ||
	    !CU_add_test(s, "test_flow_fig9_divergence", test_flow_fig9_divergence) ||
	    !CU_add_test(s, "test_flow_fig9_loop", test_flow_fig9_loop) ||
	    !CU_add_test(s, "test_flow_edges_and_refusals", test_flow_edges_and_refusals) ||
	    !CU_add_test(s, "test_flow_many_registers", test_flow_many_registers) ||
	    !CU_add_test(s, "test_flow_suite_allocations", test_flow_suite_allocations) ||
	    !CU_add_test(s, "test_flow_allocation_faults", test_flow_allocation_faults))
		return -1;
	return 0;
}
