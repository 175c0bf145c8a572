/* test_sim.c - directed CUnit tests of the warp-level simulator (sim/sim.h, docs/sim.md) on
 * hand-written PTX: divergence and reconvergence, loops with per-lane trip counts, bar.sync through
 * shared memory, atomics from many warps, shuffles, votes, cvt roundings, setp with NaN,
 * mul.wide/mad.hi, shifts, .ftz, generic addressing, bounds reports and the hook. SIM_PLANT=NAME
 * runs every test with that planted fault (verif/sim/check.sh --selftest expects failures). */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

#define OUT_MAX 1024u

/* What a run leaves for the test to check. */
typedef struct {
	sim_status_t st;          /* the run's status */
	char msg[SIM_MSG_MAX];    /* its message */
	uint32_t out[OUT_MAX];    /* the u32 buffer out */
	sim_stats_t stats;        /* counts */
} result_t;

/* What the hook records: executions of one pc and their active masks, and the pc sequence. */
typedef struct {
	uint32_t watch;           /* pc to watch */
	unsigned hits;            /* its executions */
	uint32_t masks[64];       /* their active masks */
	uint32_t seq[256];        /* the first pcs executed by warp 0 */
	unsigned n_seq;           /* entries of seq */
	uint32_t warps[64];       /* the warp of each of the first steps */
	unsigned n_warps;         /* entries of warps */
	unsigned before, after;   /* events seen */
} trace_t;

static void record(void *user, const sim_event_t *ev)
{
	trace_t *t = user;
	if (!ev->after) {
		t->before++;
		return;
	}
	t->after++;
	if (ev->pc == t->watch && t->hits < 64)
		t->masks[t->hits++] = ev->active;
	if (ev->warp == 0 && ev->cta == 0 && t->n_seq < 256)
		t->seq[t->n_seq++] = ev->pc;
	if (t->n_warps < 64)
		t->warps[t->n_warps++] = ev->warp;
}

/* The kernel k with one u32 buffer parameter: standard registers, %rd1 the buffer's global
 * address, %r0 %tid.x, %r31 the global thread index; then body. */
static char *kernel(const char *decls, const char *body)
{
	static const char head[] =
		".version 9.0\n.target sm_75\n.address_size 64\n%s\n"
		".visible .entry k(\n\t.param .u64 k_param_0\n)\n{\n"
		"\t.reg .pred %%p<16>;\n\t.reg .b32 %%r<40>;\n\t.reg .f32 %%f<16>;\n\t.reg .b64 %%rd<16>;\n"
		"\t.reg .f64 %%fd<8>;\n"
		"\tld.param.u64 %%rd1, [k_param_0];\n\tcvta.to.global.u64 %%rd1, %%rd1;\n"
		"\tmov.u32 %%r0, %%tid.x;\n\tmov.u32 %%r30, %%ctaid.x;\n\tmov.u32 %%r29, %%ntid.x;\n"
		"\tmad.lo.s32 %%r31, %%r30, %%r29, %%r0;\n%s\n}\n";
	size_t n = sizeof(head) + strlen(decls) + strlen(body) + 16;
	char *s = malloc(n);
	if (s)
		snprintf(s, n, head, decls, body);
	return s;
}

/* Store u32 register VAL at out[IDX] (registers %rd2, %rd3 clobbered). */
#define STORE(IDX, VAL) \
	"\tmul.wide.u32 %rd2, " IDX ", 4;\n\tadd.s64 %rd3, %rd1, %rd2;\n\tst.global.u32 [%rd3], " VAL ";\n"

/* Run text on grid x block threads with shared bytes of dynamic shared memory and a u32 buffer
 * of count elements; seed, optional trace. */
static void run(const char *text, unsigned grid, unsigned block, unsigned shared, unsigned count, uint64_t seed,
		trace_t *t, result_t *r)
{
	static kl_launch_t l;
	char ini[512];
	ptx_module_t *m = NULL;
	void *bufs[KL_PARAMS_MAX] = {0};
	sim_opts_t o;
	const char *plant = getenv("SIM_PLANT");
	memset(r, 0, sizeof(*r));
	snprintf(ini, sizeof(ini),
		 "[kernel]\nname = k\ngrid = %u, 1, 1\nblock = %u, 1, 1\nshared_bytes = %u\n\n"
		 "[buffer out]\ntype = u32\ncount = %u\ninit = zero\ndir = out\n", grid, block, shared, count);
	r->st = SIM_EINVAL;
	CU_ASSERT_FATAL(text != NULL && count <= OUT_MAX);
	CU_ASSERT_FATAL(kl_load_string(&l, "test.ini", ini, strlen(ini), stderr) == KL_OK);
	if (ptx_parse_string("test.ptx", text, strlen(text), &m, r->msg, sizeof(r->msg)) != PTX_OK) {
		fprintf(stderr, "%s\n", r->msg);
		CU_FAIL("the test's PTX does not parse");
		return;
	}
	memset(&o, 0, sizeof(o));
	o.seed = seed;
	o.hook = t ? record : NULL;
	o.hook_user = t;
	o.plant = plant ? sim_plant_lookup(plant) : SIM_PLANT_NONE;
	bufs[0] = r->out;
	r->st = sim_run(m, &l, "test.ini", bufs, &o, &r->stats, r->msg, sizeof(r->msg));
	ptx_module_free(m);
}

/* ---- SIMT ---------------------------------------------------------------------------------- */

/* Nested if/else: even lanes 20; odd lanes 10 (bit 1 clear) or 11; the join runs once, full. */
static void test_sim_nested_if_else_reconverges(void)
{
	static const char body[] =
		"\tand.b32 %r1, %r0, 1;\n"          /* 6 */
		"\tsetp.eq.u32 %p1, %r1, 0;\n"      /* 7 */
		"\t@%p1 bra L_else;\n"              /* 8 */
		"\tand.b32 %r2, %r0, 2;\n"          /* 9: the fall-through runs first */
		"\tsetp.eq.u32 %p2, %r2, 0;\n"      /* 10 */
		"\t@%p2 bra L_inelse;\n"            /* 11 */
		"\tmov.u32 %r4, 11;\n"              /* 12 */
		"\tbra.uni L_inend;\n"              /* 13 */
		"L_inelse:\n\tmov.u32 %r4, 10;\n"   /* 14 */
		"L_inend:\n\tbra.uni L_end;\n"      /* 15 */
		"L_else:\n\tmov.u32 %r4, 20;\n"     /* 16 */
		"L_end:\n" STORE("%r0", "%r4")      /* 17.. */
		"\tret;\n";
	char *text = kernel("", body);
	trace_t t;
	result_t r;
	unsigned i;
	memset(&t, 0, sizeof(t));
	t.watch = 17;
	run(text, 1, 32, 0, 32, 0, &t, &r);
	free(text);
	CU_ASSERT_EQUAL_FATAL(r.st, SIM_OK);
	for (i = 0; i < 32; i++)
		CU_ASSERT_EQUAL(r.out[i], (i & 1) ? ((i & 2) ? 11u : 10u) : 20u);
	CU_ASSERT_EQUAL(t.hits, 1);
	CU_ASSERT_EQUAL(t.masks[0], 0xffffffffu);
	CU_ASSERT_EQUAL(t.seq[8], 8);
	CU_ASSERT_EQUAL(t.seq[9], 9);   /* not taken (odd lanes) first */
	CU_ASSERT_EQUAL(t.seq[12], 12); /* inner fall-through (bit 1 set) first */
	CU_ASSERT_EQUAL(r.stats.max_stack, 5); /* base, join+else+then, inner join+else+then */
	CU_ASSERT_EQUAL(t.before, t.after);
	CU_ASSERT_EQUAL(t.after, r.stats.steps);
}

/* A loop of lane % 7 trips summing 1..trips: the code after it runs once with every lane. */
static void test_sim_loop_per_lane_trips_reconverges(void)
{
	static const char body[] =
		"\trem.u32 %r1, %r0, 7;\n"          /* 6: trips */
		"\tmov.u32 %r2, 0;\n"               /* 7: i */
		"\tmov.u32 %r3, 0;\n"               /* 8: sum */
		"\tsetp.eq.u32 %p1, %r1, 0;\n"      /* 9 */
		"\t@%p1 bra L_done;\n"              /* 10 */
		"L_loop:\n\tadd.s32 %r2, %r2, 1;\n" /* 11 */
		"\tadd.s32 %r3, %r3, %r2;\n"        /* 12 */
		"\tsetp.lt.u32 %p2, %r2, %r1;\n"    /* 13 */
		"\t@%p2 bra L_loop;\n"              /* 14 */
		"L_done:\n" STORE("%r0", "%r3")     /* 15.. */
		"\tret;\n";
	char *text = kernel("", body);
	trace_t t;
	result_t r;
	unsigned i;
	memset(&t, 0, sizeof(t));
	t.watch = 15;
	run(text, 1, 64, 0, 64, 0, &t, &r);
	free(text);
	CU_ASSERT_EQUAL_FATAL(r.st, SIM_OK);
	for (i = 0; i < 64; i++)
		CU_ASSERT_EQUAL(r.out[i], (i % 7) * (i % 7 + 1) / 2);
	CU_ASSERT_EQUAL(t.hits, 2); /* once per warp */
	CU_ASSERT_EQUAL(t.masks[0], 0xffffffffu);
	CU_ASSERT_EQUAL(t.masks[1], 0xffffffffu);
	CU_ASSERT_EQUAL(r.stats.max_stack, 4); /* the loop branch replaces its entry: no growth per trip */
}

/* ---- barriers, atomics, scheduling --------------------------------------------------------- */

/* 4 warps write shared[tid] = 3 tid, bar.sync, read shared[127 - tid]: every seed the same. */
static void test_sim_bar_sync_orders_shared(void)
{
	static const char body[] =
		"\tmov.u32 %r1, s;\n"
		"\tshl.b32 %r2, %r0, 2;\n\tadd.s32 %r3, %r1, %r2;\n"
		"\tmul.lo.s32 %r4, %r0, 3;\n\tst.shared.u32 [%r3], %r4;\n"
		"\tbar.sync 0;\n"
		"\tsub.s32 %r5, 127, %r0;\n\tshl.b32 %r6, %r5, 2;\n\tadd.s32 %r7, %r1, %r6;\n"
		"\tld.shared.u32 %r8, [%r7];\n" STORE("%r0", "%r8") "\tret;\n";
	char *text = kernel(".shared .align 4 .b8 s[512];", body);
	trace_t t1, t2;
	result_t r;
	unsigned i, seed, differ = 0;
	for (seed = 0; seed < 4; seed++) {
		run(text, 1, 128, 0, 128, seed, NULL, &r);
		CU_ASSERT_EQUAL_FATAL(r.st, SIM_OK);
		for (i = 0; i < 128; i++)
			CU_ASSERT_EQUAL(r.out[i], 3 * (127 - i));
	}
	memset(&t1, 0, sizeof(t1));
	memset(&t2, 0, sizeof(t2));
	run(text, 1, 128, 0, 128, 1, &t1, &r);
	run(text, 1, 128, 0, 128, 2, &t2, &r);
	for (i = 0; i < t1.n_warps && i < t2.n_warps; i++)
		differ += t1.warps[i] != t2.warps[i];
	CU_ASSERT(differ > 0); /* the seed changes the interleaving */
	free(text);
}

/* A 32-bit address register below the allocation plus an offset that brings it back (Rodinia's
 * nw: [%r4+68] with %r4 = s - 64 for thread 1): the sum wraps in 32 bits. */
static void test_sim_address_wraps_in_32_bits(void)
{
	static const char body[] =
		"\tmov.u32 %r1, s;\n\tadd.s32 %r4, %r0, 5;\n\tst.shared.u32 [%r1+4], %r4;\n"
		"\tsub.s32 %r2, %r1, 64;\n\tld.shared.u32 %r3, [%r2+68];\n" STORE("%r0", "%r3") "\tret;\n";
	char *text = kernel(".shared .align 4 .b8 s[64];", body);
	result_t r;
	run(text, 1, 1, 0, 1, 0, NULL, &r);
	free(text);
	CU_ASSERT_EQUAL_FATAL(r.st, SIM_OK);
	CU_ASSERT_EQUAL(r.out[0], 5);
}

/* Without shared memory declared big enough, the access is reported with pc, thread, address. */
static void test_sim_shared_out_of_bounds_reported(void)
{
	static const char body[] =
		"\tmov.u32 %r1, s;\n\tshl.b32 %r2, %r0, 2;\n\tadd.s32 %r3, %r1, %r2;\n"
		"\tst.shared.u32 [%r3], %r0;\n\tret;\n";
	char *text = kernel(".shared .align 4 .b8 s[64];", body);
	result_t r;
	run(text, 1, 32, 0, 32, 0, NULL, &r);
	free(text);
	CU_ASSERT_EQUAL(r.st, SIM_EFAULT);
	CU_ASSERT_STRING_EQUAL(r.msg, "test.ini: k: pc 9 (test.ptx:23): thread (16,0,0) of CTA (0,0,0): shared "
			       "address 0x40 (4 bytes) is outside every allocation");
}

/* 8 CTAs of 4 warps: atom.global.add, atom.shared.add, atom.max, atom.inc, red.add, atom.cas. */
static void test_sim_atomics_from_many_warps(void)
{
	static const char body[] =
		"\tand.b32 %r1, %r31, 3;\n" "\tmul.wide.u32 %rd2, %r1, 4;\n\tadd.s64 %rd3, %rd1, %rd2;\n"
		"\tatom.global.add.u32 %r2, [%rd3], 1;\n"           /* out[0..3]: 256 each */
		"\tatom.global.max.u32 %r3, [%rd1+16], %r31;\n"     /* out[4]: 1023 */
		"\tatom.global.inc.u32 %r4, [%rd1+20], 99;\n"       /* out[5]: 1024 mod 100 = 24 */
		"\tred.global.add.u32 [%rd1+24], %r0;\n"            /* out[6]: 8 * sum 0..127 */
		"\tatom.global.cas.b32 %r5, [%rd1+28], 0, 7;\n"     /* out[7]: 7 */
		"\tmov.u32 %r6, s;\n\tatom.shared.add.u32 %r7, [%r6], 1;\n"
		"\tbar.sync 0;\n\tld.shared.u32 %r8, [%r6];\n"
		"\tsetp.ne.u32 %p1, %r0, 0;\n\t@%p1 bra L_end;\n"
		"\tatom.global.add.u32 %r9, [%rd1+32], %r8;\n"      /* out[8]: 8 * 128 */
		"L_end:\n\tret;\n";
	char *text = kernel(".shared .align 4 .b8 s[4];", body);
	result_t r;
	uint64_t seed;
	for (seed = 0; seed < 3; seed++) {
		run(text, 8, 128, 0, 16, seed, NULL, &r);
		CU_ASSERT_EQUAL_FATAL(r.st, SIM_OK);
		CU_ASSERT_EQUAL(r.out[0], 256);
		CU_ASSERT_EQUAL(r.out[3], 256);
		CU_ASSERT_EQUAL(r.out[4], 1023);
		CU_ASSERT_EQUAL(r.out[5], 24);
		CU_ASSERT_EQUAL(r.out[6], 8 * (127 * 128 / 2));
		CU_ASSERT_EQUAL(r.out[7], 7);
		CU_ASSERT_EQUAL(r.out[8], 8 * 128);
	}
	free(text);
}

/* A warp exits while another waits at bar.sync: a deadlock report, not a hang. */
static void test_sim_barrier_deadlock_reported(void)
{
	static const char body[] =
		"\tsetp.ge.u32 %p1, %r0, 32;\n\t@%p1 bra L_end;\n\tbar.sync 0;\nL_end:\n\tret;\n";
	char *text = kernel("", body);
	result_t r;
	run(text, 1, 64, 0, 1, 0, NULL, &r);
	free(text);
	CU_ASSERT_EQUAL(r.st, SIM_EFAULT);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.msg, "barrier deadlock in CTA (0,0,0): warp 1 has exited while warp 0 waits"));
}

/* ---- warp-level operations ------------------------------------------------------------------ */

/* shfl down 3, bfly 5, idx 7, up 2 (clamp 0x1f / 0), and down's predicate. */
static void test_sim_shfl_modes(void)
{
	static const char body[] =
		"\tmul.lo.s32 %r1, %r0, 10;\n"
		"\tshfl.sync.down.b32 %r2|%p1, %r1, 3, 31, -1;\n" STORE("%r0", "%r2")
		"\tadd.s32 %r10, %r0, 32;\n\tshfl.sync.bfly.b32 %r3, %r1, 5, 31, -1;\n" STORE("%r10", "%r3")
		"\tadd.s32 %r11, %r0, 64;\n\tshfl.sync.idx.b32 %r4, %r1, 7, 31, -1;\n" STORE("%r11", "%r4")
		"\tadd.s32 %r12, %r0, 96;\n\tshfl.sync.up.b32 %r5, %r1, 2, 0, -1;\n" STORE("%r12", "%r5")
		"\tadd.s32 %r13, %r0, 128;\n\tselp.u32 %r6, 1, 0, %p1;\n" STORE("%r13", "%r6")
		"\tret;\n";
	char *text = kernel("", body);
	result_t r;
	unsigned i;
	run(text, 1, 32, 0, 160, 0, NULL, &r);
	free(text);
	CU_ASSERT_EQUAL_FATAL(r.st, SIM_OK);
	for (i = 0; i < 32; i++) {
		CU_ASSERT_EQUAL(r.out[i], 10 * (i + 3 < 32 ? i + 3 : i));
		CU_ASSERT_EQUAL(r.out[32 + i], 10 * (i ^ 5));
		CU_ASSERT_EQUAL(r.out[64 + i], 70);
		CU_ASSERT_EQUAL(r.out[96 + i], 10 * (i >= 2 ? i - 2 : i));
		CU_ASSERT_EQUAL(r.out[128 + i], i + 3 < 32);
	}
}

/* Forms of nvcc's inline-assembly and library code (the CUDA samples' reduction): mov.b64 splitting
 * a double into two b32 registers and joining them again, WARP_SZ, bar.warp.sync and barrier.sync,
 * a nested block with its own register, reused by a second block. */
static void test_sim_split_join_and_warp_forms(void)
{
	static const char body[] =
		"\tcvt.rn.f64.u32 %fd1, %r0;\n"
		"\tmov.b64 {%r1, %r2}, %fd1;\n" STORE("%r0", "%r2")
		"\tadd.s32 %r10, %r0, 32;\n\txor.b32 %r3, %r1, %r0;\n\tmov.b64 %fd2, {%r3, %r2};\n"
		"\tcvt.rzi.u32.f64 %r4, %fd2;\n" STORE("%r10", "%r4")
		"\tbar.warp.sync -1;\n\tbarrier.sync 0;\n"
		"\tadd.s32 %r11, %r0, 64;\n\tmov.u32 %r5, WARP_SZ;\n" STORE("%r11", "%r5")
		"\t{\n\t.reg .b64 %tmp;\n\tcvt.u64.u32 %tmp, %r0;\n\tcvt.u32.u64 %r6, %tmp;\n\t}\n"
		"\t{\n\t.reg .b64 %tmp;\n\tadd.s64 %tmp, %rd1, 0;\n\t}\n"
		"\tadd.s32 %r12, %r0, 96;\n" STORE("%r12", "%r6")
		"\tret;\n";
	char *text = kernel("", body);
	result_t r;
	unsigned i;
	run(text, 1, 32, 0, 128, 0, NULL, &r);
	free(text);
	CU_ASSERT_EQUAL_FATAL(r.st, SIM_OK);
	for (i = 0; i < 32; i++) {
		double d = (double)i;
		uint64_t b;
		memcpy(&b, &d, 8);
		CU_ASSERT_EQUAL(r.out[i], (uint32_t)(b >> 32)); /* the high word */
		CU_ASSERT_EQUAL(r.out[32 + i], i);              /* the low word (0) xor i, joined back */
		CU_ASSERT_EQUAL(r.out[64 + i], 32);             /* WARP_SZ */
		CU_ASSERT_EQUAL(r.out[96 + i], i);              /* through the block's %tmp */
	}
}

/* vote ballot/any/all/uni over a partly active warp (lanes 0..23 of 24 threads). */
static void test_sim_vote_modes(void)
{
	static const char body[] =
		"\tand.b32 %r1, %r0, 1;\n\tsetp.eq.u32 %p1, %r1, 1;\n"
		"\tvote.sync.ballot.b32 %r2, %p1, -1;\n" STORE("%r0", "%r2")
		"\tsetp.eq.u32 %p2, %r0, 5;\n\tvote.sync.any.pred %p3, %p2, -1;\n"
		"\tsetp.lt.u32 %p4, %r0, 24;\n\tvote.sync.all.pred %p5, %p4, -1;\n"
		"\tvote.sync.all.pred %p6, %p1, -1;\n\tvote.sync.uni.pred %p7, %p4, -1;\n"
		"\tvote.sync.any.pred %p8, !%p4, -1;\n"
		"\tselp.u32 %r3, 1, 0, %p3;\n\tselp.u32 %r4, 2, 0, %p5;\n\tselp.u32 %r5, 4, 0, %p6;\n"
		"\tselp.u32 %r6, 8, 0, %p7;\n\tselp.u32 %r7, 16, 0, %p8;\n"
		"\tor.b32 %r3, %r3, %r4;\n\tor.b32 %r3, %r3, %r5;\n\tor.b32 %r3, %r3, %r6;\n\tor.b32 %r3, %r3, %r7;\n"
		"\tadd.s32 %r10, %r0, 32;\n" STORE("%r10", "%r3") "\tret;\n";
	char *text = kernel("", body);
	result_t r;
	unsigned i;
	run(text, 1, 24, 0, 64, 0, NULL, &r);
	free(text);
	CU_ASSERT_EQUAL_FATAL(r.st, SIM_OK);
	for (i = 0; i < 24; i++) {
		CU_ASSERT_EQUAL(r.out[i], 0x00aaaaaau);
		CU_ASSERT_EQUAL(r.out[32 + i], 1u | 2u | 8u);
	}
}

/* ---- arithmetic ---------------------------------------------------------------------------- */

/* One thread runs body, which stores results into out[0..n). */
static void run_one(const char *body, unsigned n, result_t *r)
{
	char *text = kernel("", body);
	run(text, 1, 1, 0, n, 0, NULL, r);
	free(text);
	CU_ASSERT_EQUAL(r->st, SIM_OK);
	if (r->st != SIM_OK)
		fprintf(stderr, "%s\n", r->msg);
}

#define ST_AT(K, VAL) "\tst.global.u32 [%rd1+" #K "], " VAL ";\n"

static void test_sim_cvt_rounding(void)
{
	static const char body[] =
		"\tmov.f32 %f1, 0f40200000;\n\tcvt.rni.s32.f32 %r1, %f1;\n" ST_AT(0, "%r1")        /* 2.5 -> 2 */
		"\tmov.f32 %f2, 0fC0200000;\n\tcvt.rni.s32.f32 %r2, %f2;\n" ST_AT(4, "%r2")        /* -2.5 -> -2 */
		"\tmov.f32 %f3, 0f40600000;\n\tcvt.rni.s32.f32 %r3, %f3;\n" ST_AT(8, "%r3")        /* 3.5 -> 4 */
		"\tmov.f32 %f4, 0fC02CCCCD;\n\tcvt.rzi.s32.f32 %r4, %f4;\n" ST_AT(12, "%r4")       /* -2.7 -> -2 */
		"\tcvt.rmi.s32.f32 %r5, %f4;\n" ST_AT(16, "%r5")                                    /* -2.7 -> -3 */
		"\tmov.f32 %f5, 0f400CCCCD;\n\tcvt.rpi.s32.f32 %r6, %f5;\n" ST_AT(20, "%r6")       /* 2.2 -> 3 */
		"\tmov.f32 %f6, 0f3FC00000;\n\tcvt.sat.f32.f32 %f7, %f6;\n" ST_AT(24, "%f7")       /* 1.5 -> 1 */
		"\tmov.u32 %r7, 16777217;\n\tcvt.rz.f32.s32 %f8, %r7;\n" ST_AT(28, "%f8")          /* 2^24 */
		"\tcvt.rp.f32.s32 %f9, %r7;\n" ST_AT(32, "%f9")                                     /* 2^24 + 2 */
		"\tcvt.rn.f32.s32 %f10, %r7;\n" ST_AT(36, "%f10")                                   /* ties even: 2^24 */
		"\tmov.f32 %f11, 0f7FC00000;\n\tcvt.rzi.s32.f32 %r8, %f11;\n" ST_AT(40, "%r8")     /* NaN -> 0 */
		"\tmov.f32 %f12, 0f4F32D05E;\n\tcvt.rzi.s32.f32 %r9, %f12;\n" ST_AT(44, "%r9")     /* 3e9 -> INT_MAX */
		"\tmov.f32 %f13, 0fBF800000;\n\tcvt.rzi.u32.f32 %r10, %f13;\n" ST_AT(48, "%r10")   /* -1 -> 0 */
		"\tmov.u32 %r11, -300;\n\tcvt.sat.u8.s32 %r12, %r11;\n" ST_AT(52, "%r12")          /* -> 0 */
		"\tmov.u32 %r13, 300;\n\tcvt.sat.s8.s32 %r14, %r13;\n" ST_AT(56, "%r14")           /* -> 127 */
		"\tmov.u64 %rd4, -2;\n\tcvt.u32.u64 %r15, %rd4;\n" ST_AT(60, "%r15")               /* truncate */
		"\tmov.f64 %fd1, 0d3FF0000010000000;\n\tcvt.rn.f32.f64 %f14, %fd1;\n" ST_AT(64, "%f14") /* 1 */
		"\tcvt.rp.f32.f64 %f15, %fd1;\n" ST_AT(68, "%f15")                                  /* 1 + ulp */
		"\tret;\n";
	result_t r;
	run_one(body, 18, &r);
	CU_ASSERT_EQUAL(r.out[0], 2);
	CU_ASSERT_EQUAL(r.out[1], (uint32_t)-2);
	CU_ASSERT_EQUAL(r.out[2], 4);
	CU_ASSERT_EQUAL(r.out[3], (uint32_t)-2);
	CU_ASSERT_EQUAL(r.out[4], (uint32_t)-3);
	CU_ASSERT_EQUAL(r.out[5], 3);
	CU_ASSERT_EQUAL(r.out[6], 0x3f800000u);
	CU_ASSERT_EQUAL(r.out[7], 0x4b800000u);
	CU_ASSERT_EQUAL(r.out[8], 0x4b800001u);
	CU_ASSERT_EQUAL(r.out[9], 0x4b800000u);
	CU_ASSERT_EQUAL(r.out[10], 0);
	CU_ASSERT_EQUAL(r.out[11], 0x7fffffffu);
	CU_ASSERT_EQUAL(r.out[12], 0);
	CU_ASSERT_EQUAL(r.out[13], 0);
	CU_ASSERT_EQUAL(r.out[14], 127);
	CU_ASSERT_EQUAL(r.out[15], 0xfffffffeu);
	CU_ASSERT_EQUAL(r.out[16], 0x3f800000u);
	CU_ASSERT_EQUAL(r.out[17], 0x3f800001u);
}

/* setp with a NaN: ordered comparisons false, unordered ones true; .num/.nan. */
static void test_sim_setp_nan(void)
{
	static const char body[] =
		"\tmov.f32 %f1, 0f7FC00000;\n\tmov.f32 %f2, 0f3F800000;\n"
		"\tsetp.lt.f32 %p1, %f1, %f2;\n\tsetp.ltu.f32 %p2, %f1, %f2;\n"
		"\tsetp.ne.f32 %p3, %f1, %f2;\n\tsetp.neu.f32 %p4, %f1, %f2;\n"
		"\tsetp.equ.f32 %p5, %f1, %f1;\n\tsetp.num.f32 %p6, %f1, %f2;\n"
		"\tsetp.nan.f32 %p7, %f1, %f2;\n\tsetp.geu.f32 %p8, %f2, 0f40000000;\n"
		"\tsetp.gtu.f32 %p9|%p10, %f2, %f1;\n"
		"\tselp.u32 %r1, 1, 0, %p1;\n\tselp.u32 %r2, 2, 0, %p2;\n\tselp.u32 %r3, 4, 0, %p3;\n"
		"\tselp.u32 %r4, 8, 0, %p4;\n\tselp.u32 %r5, 16, 0, %p5;\n\tselp.u32 %r6, 32, 0, %p6;\n"
		"\tselp.u32 %r7, 64, 0, %p7;\n\tselp.u32 %r8, 128, 0, %p8;\n\tselp.u32 %r9, 256, 0, %p9;\n"
		"\tselp.u32 %r10, 512, 0, %p10;\n"
		"\tor.b32 %r1, %r1, %r2;\n\tor.b32 %r1, %r1, %r3;\n\tor.b32 %r1, %r1, %r4;\n\tor.b32 %r1, %r1, %r5;\n"
		"\tor.b32 %r1, %r1, %r6;\n\tor.b32 %r1, %r1, %r7;\n\tor.b32 %r1, %r1, %r8;\n\tor.b32 %r1, %r1, %r9;\n"
		"\tor.b32 %r1, %r1, %r10;\n" ST_AT(0, "%r1") "\tret;\n";
	result_t r;
	run_one(body, 1, &r);
	/* ltu 2, neu 8, equ 16, nan 64, gtu 256 true; lt, ne, num, geu(1 >= 2), !gtu false */
	CU_ASSERT_EQUAL(r.out[0], 2u | 8u | 16u | 64u | 256u);
}

/* mul.wide, mul.hi, mad.hi, mad.lo, and shifts that clamp. */
static void test_sim_mul_wide_mad_hi_shifts(void)
{
	static const char body[] =
		"\tmov.u32 %r1, -3;\n\tmov.u32 %r2, 1073741824;\n\tmul.wide.s32 %rd4, %r1, %r2;\n"
		"\tst.global.u64 [%rd1], %rd4;\n"                                                  /* out[0..1] */
		"\tmov.u32 %r3, -1;\n\tmul.wide.u32 %rd5, %r3, %r3;\n\tst.global.u64 [%rd1+8], %rd5;\n" /* [2..3] */
		"\tmov.u32 %r4, 2147483647;\n\tmad.hi.s32 %r5, %r4, 4, 1;\n" ST_AT(16, "%r5")      /* 1 + 1 */
		"\tmul.hi.u32 %r6, %r3, %r3;\n" ST_AT(20, "%r6")                                    /* 0xfffffffe */
		"\tmul.hi.s32 %r7, %r1, %r2;\n" ST_AT(24, "%r7")                                    /* -1 */
		"\tmad.lo.s32 %r8, %r1, %r2, 5;\n" ST_AT(28, "%r8")                                 /* 0x40000005 */
		"\tshl.b32 %r9, %r3, 33;\n" ST_AT(32, "%r9")                                        /* 0 */
		"\tshr.s32 %r10, %r1, 40;\n" ST_AT(36, "%r10")                                      /* -1 */
		"\tshr.u32 %r11, %r3, 32;\n" ST_AT(40, "%r11")                                      /* 0 */
		"\tadd.s32 %r12, %r4, 1;\n" ST_AT(44, "%r12")                                       /* wraps */
		"\tadd.sat.s32 %r13, %r4, 1;\n" ST_AT(48, "%r13")                                   /* clamps */
		"\tmad.wide.u32 %rd6, %r3, 2, %rd5;\n\tst.global.u64 [%rd1+56], %rd6;\n"          /* [14..15] */
		"\tret;\n";
	result_t r;
	uint64_t v;
	run_one(body, 16, &r);
	memcpy(&v, &r.out[0], 8);
	CU_ASSERT_EQUAL(v, (uint64_t)(-3ll * 1073741824ll));
	memcpy(&v, &r.out[2], 8);
	CU_ASSERT_EQUAL(v, 0xfffffffe00000001ull);
	CU_ASSERT_EQUAL(r.out[4], 2);
	CU_ASSERT_EQUAL(r.out[5], 0xfffffffeu);
	CU_ASSERT_EQUAL(r.out[6], 0xffffffffu);
	CU_ASSERT_EQUAL(r.out[7], 0x40000005u);
	CU_ASSERT_EQUAL(r.out[8], 0);
	CU_ASSERT_EQUAL(r.out[9], 0xffffffffu);
	CU_ASSERT_EQUAL(r.out[10], 0);
	CU_ASSERT_EQUAL(r.out[11], 0x80000000u);
	CU_ASSERT_EQUAL(r.out[12], 0x7fffffffu);
	memcpy(&v, &r.out[14], 8);
	CU_ASSERT_EQUAL(v, 0xfffffffe00000001ull + 2 * 0xffffffffull);
}

/* .ftz flushes subnormal inputs and results to zero of the same sign; without it they stay. */
static void test_sim_ftz_flush(void)
{
	static const char body[] =
		"\tmov.f32 %f1, 0f00000001;\n\tmov.f32 %f2, 0f00000000;\n"
		"\tadd.ftz.f32 %f3, %f1, %f2;\n" ST_AT(0, "%f3")                                    /* +0 */
		"\tneg.f32 %f4, %f1;\n\tadd.ftz.f32 %f5, %f4, %f2;\n" ST_AT(4, "%f5")               /* -0 + 0 = +0 */
		"\tmul.ftz.f32 %f6, %f4, 0f3F800000;\n" ST_AT(8, "%f6")                             /* -0 */
		"\tmov.f32 %f7, 0f00800000;\n\tmul.ftz.f32 %f8, %f7, 0f3F000000;\n" ST_AT(12, "%f8") /* 0 */
		"\tmul.f32 %f9, %f7, 0f3F000000;\n" ST_AT(16, "%f9")                                /* 0x00400000 */
		"\tadd.f32 %f10, %f1, %f2;\n" ST_AT(20, "%f10")                                     /* 1 */
		"\tex2.approx.ftz.f32 %f11, 0fC3160000;\n" ST_AT(24, "%f11")                        /* 2^-150 -> 0 */
		"\tfma.rn.f32 %f12, 0f3F800001, 0f3F800001, 0fBF800002;\n" ST_AT(28, "%f12")       /* 2^-46 */
		"\tret;\n";
	result_t r;
	run_one(body, 8, &r);
	CU_ASSERT_EQUAL(r.out[0], 0);
	CU_ASSERT_EQUAL(r.out[1], 0);
	CU_ASSERT_EQUAL(r.out[2], 0x80000000u);
	CU_ASSERT_EQUAL(r.out[3], 0);
	CU_ASSERT_EQUAL(r.out[4], 0x00400000u);
	CU_ASSERT_EQUAL(r.out[5], 1);
	CU_ASSERT_EQUAL(r.out[6], 0);
	CU_ASSERT_EQUAL(r.out[7], 0x28800000u); /* exact only when fused */
}

/* Generic addresses from cvta of shared and local map back to their spaces. */
static void test_sim_generic_addressing(void)
{
	static const char decls[] = ".shared .align 4 .b8 s[8];";
	static const char body[] =
		"\t.local .align 4 .b8 loc[8];\n"
		"\tmov.u64 %rd4, s;\n\tcvta.shared.u64 %rd5, %rd4;\n\tst.u32 [%rd5+4], 41;\n"
		"\tld.shared.u32 %r1, [s+4];\n" ST_AT(0, "%r1")
		"\tmov.u64 %rd6, loc;\n\tcvta.local.u64 %rd7, %rd6;\n\tst.u32 [%rd7], 42;\n"
		"\tld.local.u32 %r2, [%rd6];\n" ST_AT(4, "%r2")
		"\tcvta.to.shared.u64 %rd8, %rd5;\n\tld.shared.u32 %r3, [%rd8+4];\n" ST_AT(8, "%r3")
		"\tld.u32 %r4, [%rd7+8];\n\tret;\n"; /* past loc: out of bounds */
	char *text = kernel(decls, body);
	result_t r;
	run(text, 1, 1, 0, 3, 0, NULL, &r);
	free(text);
	CU_ASSERT_EQUAL(r.st, SIM_EFAULT);
	CU_ASSERT_EQUAL(r.out[0], 41);
	CU_ASSERT_EQUAL(r.out[1], 42);
	CU_ASSERT_EQUAL(r.out[2], 41);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.msg, "thread (0,0,0) of CTA (0,0,0): generic local address 0x7f0000000008 "
					     "(4 bytes) is outside every allocation"));
}

/* A step budget stops an endless loop with a message. */
static void test_sim_step_budget(void)
{
	static const char body[] = "L_top:\n\tadd.s32 %r1, %r1, 1;\n\tbra.uni L_top;\n";
	char *text = kernel("", body);
	static kl_launch_t l;
	static const char ini[] = "[kernel]\nname = k\ngrid = 1, 1, 1\nblock = 32, 1, 1\nshared_bytes = 0\n\n"
				  "[buffer out]\ntype = u32\ncount = 1\ninit = zero\ndir = out\n";
	ptx_module_t *m = NULL;
	uint32_t out[1];
	void *bufs[KL_PARAMS_MAX] = {out};
	char msg[SIM_MSG_MAX];
	sim_opts_t o;
	memset(&o, 0, sizeof(o));
	o.max_steps = 1000;
	CU_ASSERT_FATAL(kl_load_string(&l, "b.ini", ini, strlen(ini), stderr) == KL_OK);
	CU_ASSERT_FATAL(ptx_parse_string("b.ptx", text, strlen(text), &m, msg, sizeof(msg)) == PTX_OK);
	CU_ASSERT_EQUAL(sim_run(m, &l, "b.ini", bufs, &o, NULL, msg, sizeof(msg)), SIM_EFAULT);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "step budget of 1000 dynamic warp instructions exceeded"));
	ptx_module_free(m);
	free(text);
}

int main(void)
{
	CU_pSuite s;
	unsigned fails;
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	s = CU_add_suite("sim", NULL, NULL);
	if (!s)
		goto err;
#define T(f) if (!CU_add_test(s, #f, f)) goto err
	T(test_sim_nested_if_else_reconverges);
	T(test_sim_loop_per_lane_trips_reconverges);
	T(test_sim_bar_sync_orders_shared);
	T(test_sim_shared_out_of_bounds_reported);
	T(test_sim_atomics_from_many_warps);
	T(test_sim_barrier_deadlock_reported);
	T(test_sim_shfl_modes);
	T(test_sim_split_join_and_warp_forms);
	T(test_sim_address_wraps_in_32_bits);
	T(test_sim_vote_modes);
	T(test_sim_cvt_rounding);
	T(test_sim_setp_nan);
	T(test_sim_mul_wide_mad_hi_shifts);
	T(test_sim_ftz_flush);
	T(test_sim_generic_addressing);
	T(test_sim_step_budget);
#undef T
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	fails = CU_get_number_of_failures();
	CU_cleanup_registry();
	return fails ? 1 : 0;
err:
	CU_cleanup_registry();
	return 2;
}
