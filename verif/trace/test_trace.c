/* test_trace.c - directed CUnit tests of register traces (trace/trace.h, docs/trace.md): the
 * write/read round trip of synthetic records (64-bit pairs, empty and partial masks, uniform and
 * per-lane values), every truncation and every single-byte corruption of a small trace refused,
 * the version and the .tmp/rename discipline, the class of every opcode the parser knows, and a
 * hand-written kernel traced through the simulator and replayed. TRACE_PLANT=dest-value runs the
 * writer with that planted fault (verif/trace/check.sh --selftest expects failures). */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trace.h"

#define DIR "build/test/trace-check/unit"

static rt_plant_t plant(void)
{
	const char *p = getenv("TRACE_PLANT");
	return p && strcmp(p, "dest-value") == 0 ? RT_PLANT_DEST_VALUE : RT_PLANT_NONE;
}

/* A header of three instructions: add R2 <- R0 R1; ld R4:R5 <- [R6:R7], with R8:R9 and R3
 * written; bra (no registers). */
static void header(rt_header_t *h)
{
	static rt_insn_t insns[3];
	memset(h, 0, sizeof(*h));
	memset(insns, 0, sizeof(insns));
	h->version = RT_VERSION;
	snprintf(h->kernel, sizeof(h->kernel), "synthetic");
	snprintf(h->ptx, sizeof(h->ptx), "none.ptx");
	h->grid[0] = h->grid[1] = h->grid[2] = 1;
	h->block[0] = 64, h->block[1] = h->block[2] = 1;
	h->regs = 10;
	h->limit = 255;
	h->warps = 2;
	h->n_insns = 3;
	h->insns = insns;
	insns[0] = (rt_insn_t){.line = 10, .cls = RT_CLASS_INT, .op = PTX_OP_ADD, .n_src = 2, .n_dst = 1,
			       .src = {{0, 1}, {1, 1}}, .dst = {{2, 1}}};
	snprintf(insns[0].text, sizeof(insns[0].text), "add.s32 %%r3, %%r1, %%r2;");
	insns[1] = (rt_insn_t){.line = 11, .cls = RT_CLASS_MEM, .op = PTX_OP_LD, .guarded = 1, .n_src = 1,
			       .n_dst = 3, .src = {{6, 2}}, .dst = {{4, 2}, {8, 2}, {3, 1}}};
	snprintf(insns[1].text, sizeof(insns[1].text), "@%%p1 ld.global.v2.u64 ...;");
	insns[2] = (rt_insn_t){.line = 12, .cls = RT_CLASS_CTRL, .op = PTX_OP_BRA};
	snprintf(insns[2].text, sizeof(insns[2].text), "bra L;");
	rt_header_derive(h);
}

/* Record k of the synthetic sequence: masks include empty, partial, full; values uniform or not. */
static void synth(uint64_t k, rt_record_t *r)
{
	static const uint32_t masks[] = {0xffffffffu, 0x0000ffffu, 0x80000001u, 0, 1, 0xaaaaaaaau};
	unsigned i, l;
	memset(r, 0, sizeof(*r));
	r->index = k;
	r->cta = 0;
	r->warp = (uint32_t)(k & 1);
	r->pc = (uint32_t)(k % 3);
	r->active = masks[k % 6];
	r->executed = r->pc == 1 ? r->active & masks[(k / 6) % 6] : r->active;
	for (i = 0; i < RT_REGS_MAX; i++)
		for (l = 0; l < RT_LANES; l++) {
			uint32_t v = k % 4 == 0 ? (uint32_t)(k * 77 + i) : (uint32_t)(k * 1000003u + i * 131 + l * 7919u);
			r->src[i][l] = r->active >> l & 1 ? v : 0;
			r->dst[i][l] = r->executed >> l & 1 ? ~v : 0;
		}
}

/* Write n synthetic records to path; 0 or -1. */
static int write_synth(const char *path, unsigned n, rt_end_t *end)
{
	rt_header_t h;
	rt_writer_t *w = NULL;
	rt_record_t *r = malloc(sizeof(*r));
	char msg[RT_MSG_MAX];
	unsigned k;
	int rc = -1;
	header(&h);
	if (!r || rt_writer_open(path, &h, plant(), &w, msg, sizeof(msg)) != 0)
		goto out;
	for (k = 0; k < n; k++) {
		synth(k, r);
		if (rt_write(w, r, msg, sizeof(msg)) != 0)
			goto out;
	}
	rc = rt_writer_finish(w, end, msg, sizeof(msg));
	w = NULL;
out:
	rt_writer_abort(w);
	free(r);
	return rc;
}

/* Read path back to the end; the number of records, or -1 (message in msg). */
static long read_all(const char *path, char *msg, size_t n)
{
	rt_reader_t *rd = NULL;
	rt_record_t *r = malloc(sizeof(*r));
	long count = 0;
	int st = -1;
	if (r && rt_reader_open(path, RT_PLANT_NONE, &rd, msg, n) == 0)
		while ((st = rt_read(rd, r, NULL, msg, n)) == 1)
			count++;
	rt_reader_close(rd);
	free(r);
	return st == 0 ? count : -1;
}

static void test_trace_round_trip_synthetic_records(void)
{
	const char *path = DIR "/synth.rft";
	rt_reader_t *rd = NULL;
	rt_record_t *want = malloc(sizeof(*want)), *got = malloc(sizeof(*got));
	rt_end_t end, end2;
	char msg[RT_MSG_MAX];
	uint64_t k = 0;
	int st;
	CU_ASSERT_FATAL(want && got);
	CU_ASSERT_FATAL(write_synth(path, 200, &end) == 0);
	CU_ASSERT_EQUAL(end.records, 200);
	CU_ASSERT_FATAL(rt_reader_open(path, RT_PLANT_NONE, &rd, msg, sizeof(msg)) == 0);
	CU_ASSERT_STRING_EQUAL(rt_reader_header(rd)->kernel, "synthetic");
	CU_ASSERT_EQUAL(rt_reader_header(rd)->insns[1].n_dst32, 5);
	while ((st = rt_read(rd, got, &end2, msg, sizeof(msg))) == 1) {
		synth(k++, want);
		CU_ASSERT_EQUAL(got->index, want->index);
		CU_ASSERT_EQUAL(got->pc, want->pc);
		CU_ASSERT_EQUAL(got->warp, want->warp);
		CU_ASSERT_EQUAL(got->active, want->active);
		CU_ASSERT_EQUAL(got->executed, want->executed);
		CU_ASSERT(memcmp(got->src, want->src, sizeof(got->src[0]) * rt_reader_header(rd)->insns[got->pc].n_src32) == 0);
		CU_ASSERT(memcmp(got->dst, want->dst, sizeof(got->dst[0]) * rt_reader_header(rd)->insns[got->pc].n_dst32) == 0);
	}
	CU_ASSERT_EQUAL(st, 0);
	CU_ASSERT_EQUAL(k, 200);
	CU_ASSERT_EQUAL(end2.checksum, end.checksum);
	CU_ASSERT_EQUAL(end2.bytes, end.bytes);
	CU_ASSERT_EQUAL(end2.thread_insns, end.thread_insns);
	rt_reader_close(rd);
	free(want);
	free(got);
}

static void test_trace_pairs_expand_low_word_first(void)
{
	rt_header_t h;
	header(&h);
	CU_ASSERT_EQUAL(h.insns[1].n_src32, 2);
	CU_ASSERT_EQUAL(h.insns[1].src32[0], 6);
	CU_ASSERT_EQUAL(h.insns[1].src32[1], 7);
	CU_ASSERT_EQUAL(h.insns[1].n_dst32, 5);
	CU_ASSERT_EQUAL(h.insns[1].dst32[0], 4);
	CU_ASSERT_EQUAL(h.insns[1].dst32[1], 5);
	CU_ASSERT_EQUAL(h.insns[1].dst32[2], 8);
	CU_ASSERT_EQUAL(h.insns[1].dst32[3], 9);
	CU_ASSERT_EQUAL(h.insns[1].dst32[4], 3);
	CU_ASSERT_EQUAL(h.insns[2].n_src32 + h.insns[2].n_dst32, 0);
}

/* Only an empty active mask: a record of the header fields alone. */
static void test_trace_empty_masks_carry_no_values(void)
{
	const char *a = DIR "/one.rft", *b = DIR "/empty.rft";
	rt_header_t h;
	rt_writer_t *w = NULL;
	rt_record_t *r = calloc(1, sizeof(*r));
	rt_end_t e1, e2;
	char msg[RT_MSG_MAX];
	header(&h);
	CU_ASSERT_FATAL(r != NULL);
	CU_ASSERT_FATAL(rt_writer_open(a, &h, RT_PLANT_NONE, &w, msg, sizeof(msg)) == 0);
	CU_ASSERT_FATAL(rt_writer_finish(w, &e1, msg, sizeof(msg)) == 0);
	CU_ASSERT_FATAL(rt_writer_open(b, &h, RT_PLANT_NONE, &w, msg, sizeof(msg)) == 0);
	r->pc = 0;
	r->src[0][0] = 5; /* outside the (empty) mask: not written */
	CU_ASSERT_FATAL(rt_write(w, r, msg, sizeof(msg)) == 0);
	CU_ASSERT_FATAL(rt_writer_finish(w, &e2, msg, sizeof(msg)) == 0);
	CU_ASSERT_EQUAL(e2.bytes - e1.bytes, 21); /* tag and five 32-bit fields */
	CU_ASSERT_EQUAL(read_all(a, msg, sizeof(msg)), 0);
	CU_ASSERT_EQUAL(read_all(b, msg, sizeof(msg)), 1);
	free(r);
}

/* Every proper prefix of a small trace is refused; the whole file is read. */
static void test_trace_every_truncation_refused(void)
{
	const char *path = DIR "/small.rft", *cut = DIR "/cut.rft";
	char msg[RT_MSG_MAX];
	rt_end_t end;
	FILE *f;
	char *buf;
	long k, bad = 0;
	CU_ASSERT_FATAL(write_synth(path, 12, &end) == 0);
	buf = malloc(end.bytes);
	f = fopen(path, "rb");
	CU_ASSERT_FATAL(buf && f && fread(buf, 1, end.bytes, f) == end.bytes);
	fclose(f);
	for (k = 0; k < (long)end.bytes; k++) {
		f = fopen(cut, "wb");
		CU_ASSERT_FATAL(f != NULL);
		fwrite(buf, 1, (size_t)k, f);
		fclose(f);
		if (read_all(cut, msg, sizeof(msg)) >= 0 || (!strstr(msg, "truncated") && !strstr(msg, "magic")))
			bad++;
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT_EQUAL(read_all(path, msg, sizeof(msg)), 12);
	free(buf);
}

/* Every single-byte change of a small trace is refused. */
static void test_trace_every_corruption_refused(void)
{
	const char *path = DIR "/small2.rft", *bad_path = DIR "/flip.rft";
	char msg[RT_MSG_MAX];
	rt_end_t end;
	FILE *f;
	unsigned char *buf;
	long k, missed = 0;
	CU_ASSERT_FATAL(write_synth(path, 12, &end) == 0);
	buf = malloc(end.bytes);
	f = fopen(path, "rb");
	CU_ASSERT_FATAL(buf && f && fread(buf, 1, end.bytes, f) == end.bytes);
	fclose(f);
	for (k = 0; k < (long)end.bytes; k++) {
		buf[k] ^= 0x10;
		f = fopen(bad_path, "wb");
		CU_ASSERT_FATAL(f != NULL);
		fwrite(buf, 1, end.bytes, f);
		fclose(f);
		buf[k] ^= 0x10;
		if (read_all(bad_path, msg, sizeof(msg)) >= 0)
			missed++;
	}
	CU_ASSERT_EQUAL(missed, 0);
	free(buf);
}

static void test_trace_version_and_magic_refused(void)
{
	const char *path = DIR "/ver.rft";
	char msg[RT_MSG_MAX];
	rt_end_t end;
	FILE *f;
	CU_ASSERT_FATAL(write_synth(path, 3, &end) == 0);
	f = fopen(path, "r+b");
	CU_ASSERT_FATAL(f != NULL);
	fseek(f, 8, SEEK_SET);
	fputc(2, f);
	fclose(f);
	CU_ASSERT_EQUAL(read_all(path, msg, sizeof(msg)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "trace format version 2, this reader reads version 1"));
	f = fopen(path, "r+b");
	CU_ASSERT_FATAL(f != NULL);
	fputc('X', f);
	fclose(f);
	CU_ASSERT_EQUAL(read_all(path, msg, sizeof(msg)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "not a register trace"));
}

/* The trace is path.tmp until finished; an abandoned one leaves nothing. */
static void test_trace_tmp_then_rename(void)
{
	const char *path = DIR "/tmp.rft";
	rt_header_t h;
	rt_writer_t *w = NULL;
	char msg[RT_MSG_MAX];
	header(&h);
	remove(path);
	CU_ASSERT_FATAL(rt_writer_open(path, &h, RT_PLANT_NONE, &w, msg, sizeof(msg)) == 0);
	CU_ASSERT(access(path, F_OK) != 0);
	CU_ASSERT(access(DIR "/tmp.rft.tmp", F_OK) == 0);
	rt_writer_abort(w);
	CU_ASSERT(access(path, F_OK) != 0);
	CU_ASSERT(access(DIR "/tmp.rft.tmp", F_OK) != 0);
	CU_ASSERT_FATAL(rt_writer_open(path, &h, RT_PLANT_NONE, &w, msg, sizeof(msg)) == 0);
	CU_ASSERT_FATAL(rt_writer_finish(w, NULL, msg, sizeof(msg)) == 0);
	CU_ASSERT(access(path, F_OK) == 0);
	CU_ASSERT(access(DIR "/tmp.rft.tmp", F_OK) != 0);
}

/* The expected class of op with type t (and cvt's source type t2): docs/trace.md, "Classes". */
static rt_class_t expected_class(ptx_opcode_t op, ptx_type_t t, ptx_type_t t2)
{
	int f64 = t == PTX_T_F64 || t2 == PTX_T_F64, f32 = t == PTX_T_F32 || t == PTX_T_F16 || t2 == PTX_T_F32 ||
							   t2 == PTX_T_F16;
	rt_class_t by_type = f64 ? RT_CLASS_FP64 : f32 ? RT_CLASS_FP32 : RT_CLASS_INT;
	switch (op) {
	case PTX_OP_LD: case PTX_OP_ST: case PTX_OP_ATOM: case PTX_OP_RED:
		return RT_CLASS_MEM;
	case PTX_OP_BRA: case PTX_OP_RET: case PTX_OP_EXIT: case PTX_OP_BAR:
		return RT_CLASS_CTRL;
	case PTX_OP_AND: case PTX_OP_OR: case PTX_OP_XOR: case PTX_OP_NOT: case PTX_OP_SHL: case PTX_OP_SHR:
	case PTX_OP_POPC: case PTX_OP_CLZ: case PTX_OP_BREV: case PTX_OP_BFE: case PTX_OP_BFI: case PTX_OP_SELP:
	case PTX_OP_CVTA: case PTX_OP_MOV: case PTX_OP_SHFL: case PTX_OP_VOTE:
		return RT_CLASS_INT;
	default: /* arithmetic, setp, cvt, special functions */
		return by_type;
	}
}

static void test_trace_classify_every_opcode(void)
{
	static const ptx_type_t types[] = {PTX_T_NONE, PTX_T_PRED, PTX_T_B32, PTX_T_U32, PTX_T_S64, PTX_T_F16,
					   PTX_T_F32, PTX_T_F64};
	unsigned op, i, j, seen[RT_CLASS_COUNT] = {0};
	for (op = 0; op < PTX_OP_COUNT; op++)
		for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
			for (j = 0; j < sizeof(types) / sizeof(types[0]); j++) {
				ptx_insn_t in;
				rt_class_t c;
				memset(&in, 0, sizeof(in));
				in.op = (ptx_opcode_t)op;
				in.type = types[i];
				in.type2 = op == PTX_OP_CVT ? types[j] : PTX_T_NONE;
				c = rt_classify(&in);
				CU_ASSERT_EQUAL(c, expected_class(in.op, in.type, in.type2));
				CU_ASSERT(strcmp(rt_class_name(c), "?") != 0);
				seen[c]++;
			}
	for (i = 0; i < RT_CLASS_COUNT; i++)
		CU_ASSERT(seen[i] > 0);
	CU_ASSERT_STRING_EQUAL(rt_class_name(RT_CLASS_COUNT), "?");
}

/* A divergent kernel with 64-bit values, traced through the simulator, replays consistently and
 * holds one record per step. */
static void test_trace_simulated_kernel_replays(void)
{
	static const char text[] =
		".version 9.0\n.target sm_75\n.address_size 64\n"
		".visible .entry k(\n\t.param .u64 k_param_0\n)\n{\n"
		"\t.reg .pred %p<4>;\n\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<8>;\n\t.reg .f64 %fd<4>;\n"
		"\tld.param.u64 %rd1, [k_param_0];\n\tcvta.to.global.u64 %rd1, %rd1;\n"
		"\tmov.u32 %r1, %tid.x;\n\tand.b32 %r2, %r1, 1;\n\tsetp.eq.u32 %p1, %r2, 0;\n"
		"\tcvt.rn.f64.u32 %fd1, %r1;\n"
		"\t@%p1 bra L_even;\n\tadd.f64 %fd1, %fd1, 0d3ff0000000000000;\n\tbra.uni L_join;\n"
		"L_even:\n\tmul.f64 %fd1, %fd1, %fd1;\nL_join:\n"
		"\tmul.wide.u32 %rd2, %r1, 8;\n\tadd.s64 %rd3, %rd1, %rd2;\n\tst.global.f64 [%rd3], %fd1;\n\tret;\n}\n";
	static const char ini[] = "[kernel]\nname = k\ngrid = 2, 1, 1\nblock = 40, 1, 1\nshared_bytes = 0\n\n"
				  "[buffer out]\ntype = f64\ncount = 40\ninit = zero\ndir = out\n";
	const char *path = DIR "/sim.rft";
	static kl_launch_t l;
	static double out[40];
	void *bufs[KL_PARAMS_MAX] = {out};
	ptx_module_t *m = NULL;
	ptx_alloc_t a;
	rt_header_t h;
	rt_writer_t *w = NULL;
	rt_tracer_t *t;
	rt_replay_t rp;
	sim_opts_t o;
	sim_stats_t stats;
	char msg[RT_MSG_MAX];
	CU_ASSERT_FATAL(kl_load_string(&l, "t.ini", ini, strlen(ini), stderr) == KL_OK);
	CU_ASSERT_FATAL(ptx_parse_string("t.ptx", text, strlen(text), &m, msg, sizeof(msg)) == PTX_OK);
	CU_ASSERT_FATAL(ptx_alloc(&m->funcs[0], 255, &a, msg, sizeof(msg)) == 0);
	CU_ASSERT_FATAL(rt_header_build(m, &m->funcs[0], &a, 255, &l, "t.ptx", 1, &h, msg, sizeof(msg)) == 0);
	CU_ASSERT_FATAL(rt_writer_open(path, &h, plant(), &w, msg, sizeof(msg)) == 0);
	t = rt_tracer_create(&m->funcs[0], &a, &h, w);
	CU_ASSERT_FATAL(t != NULL);
	memset(&o, 0, sizeof(o));
	o.seed = 1;
	o.hook = rt_tracer_hook;
	o.hook_user = t;
	CU_ASSERT_FATAL(sim_run(m, &l, "t.ini", bufs, &o, &stats, msg, sizeof(msg)) == SIM_OK);
	CU_ASSERT_EQUAL(rt_tracer_status(t, msg, sizeof(msg)), 0);
	CU_ASSERT_FATAL(rt_writer_finish(w, NULL, msg, sizeof(msg)) == 0);
	CU_ASSERT_EQUAL(rt_replay(path, RT_PLANT_NONE, &rp, msg, sizeof(msg)), 0);
	CU_ASSERT_EQUAL(rp.end.records, stats.steps);
	CU_ASSERT_EQUAL(rp.end.thread_insns, stats.thread_insns);
	CU_ASSERT_EQUAL(rp.unwritten, 0);
	CU_ASSERT_EQUAL(out[3], 4.0);
	CU_ASSERT_EQUAL(out[4], 16.0);
	rt_tracer_destroy(t);
	rt_header_free(&h);
	ptx_alloc_free(&a);
	ptx_module_free(m);
}

int main(void)
{
	CU_pSuite s;
	unsigned fails;
	if (system("mkdir -p " DIR) != 0 || CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	s = CU_add_suite("trace", NULL, NULL);
	if (!s)
		goto err;
#define T(f) if (!CU_add_test(s, #f, f)) goto err
	T(test_trace_round_trip_synthetic_records);
	T(test_trace_pairs_expand_low_word_first);
	T(test_trace_empty_masks_carry_no_values);
	T(test_trace_every_truncation_refused);
	T(test_trace_every_corruption_refused);
	T(test_trace_version_and_magic_refused);
	T(test_trace_tmp_then_rename);
	T(test_trace_classify_every_opcode);
	T(test_trace_simulated_kernel_replays);
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
