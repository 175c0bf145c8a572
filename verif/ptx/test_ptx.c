/* test_ptx.c - CUnit tests of the PTX parser (ptx/; docs/ptx.md): values decoded from the
 * committed kernels/ptx files (parameters, register classes, operands, modifiers, labels), hex
 * float immediates bit for bit, snippets for forms the suite does not use, and the exact text of
 * each refusal. Run by make ptx-check from the repository root (build/san/bin/test_ptx); exit
 * status non-zero on any failure. */
#define _POSIX_C_SOURCE 200809L

#include <CUnit/Basic.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx.h"

/* Header and register declarations every snippet starts with (the body follows on line 12). */
#define HEAD                                                                                      \
	".version 9.0\n.target sm_75\n.address_size 64\n\n.visible .entry k(\n\t.param .u64 k_param_0\n)\n{\n" \
	"\t.reg .pred %p<4>;\n\t.reg .f32 %f<8>;\n\t.reg .b32 %r<8>;\n"
/* End of a snippet. */
#define TAIL "\tret;\n}\n"

/* Parse a kernel of the suite (NULL and a failed assertion if it does not parse). */
static ptx_module_t *kernel(const char *name)
{
	char path[256], msg[PTX_MSG_MAX];
	ptx_module_t *m = NULL;
	snprintf(path, sizeof(path), "kernels/ptx/%s.ptx", name);
	if (ptx_parse_file(path, &m, msg, sizeof(msg)) != PTX_OK)
		fprintf(stderr, "\n  %s\n", msg);
	CU_ASSERT_PTR_NOT_NULL(m);
	if (m)
		CU_ASSERT_EQUAL(m->n_funcs, 1);
	return m;
}

/* Parse a snippet; msg gets the message (or ""). */
static ptx_status_t snippet(const char *text, ptx_module_t **m, char *msg)
{
	return ptx_parse_string("t.ptx", text, strlen(text), m, msg, PTX_MSG_MAX);
}

/* The instruction of fn at source line line (NULL and a failed assertion if none). */
static const ptx_insn_t *at_line(const ptx_func_t *fn, unsigned line)
{
	uint32_t i;
	for (i = 0; i < fn->n_insns; i++)
		if (fn->insns[i].line == line)
			return &fn->insns[i];
	CU_FAIL("no instruction at that line");
	return NULL;
}

/* Register id of name in fn (PTX_NONE if none). */
static uint32_t reg_id(const ptx_func_t *fn, const char *name)
{
	char buf[PTX_NAME_MAX + 16];
	uint32_t i;
	for (i = 0; i < fn->n_regs; i++) {
		ptx_reg_name(fn, i, buf, sizeof(buf));
		if (strcmp(buf, name) == 0)
			return i;
	}
	return PTX_NONE;
}

/* Operand k of ins is register name of fn. */
static int is_reg(const ptx_func_t *fn, const ptx_insn_t *ins, unsigned k, const char *name)
{
	return k < ins->n_ops && ins->ops[k].kind == PTX_OPD_REG && ins->ops[k].reg == reg_id(fn, name) &&
	       ins->ops[k].reg != PTX_NONE;
}

static void test_ptx_sgemm_params(void)
{
	static const char *const types[6] = {"u64", "u64", "u64", "u32", "u32", "u32"};
	static const unsigned offsets[6] = {0, 8, 16, 24, 28, 32};
	ptx_module_t *m = kernel("sgemm_tiled");
	const ptx_func_t *fn;
	char name[64];
	unsigned i;
	if (!m)
		return;
	fn = &m->funcs[0];
	CU_ASSERT_STRING_EQUAL(fn->name, "sgemm_tiled");
	CU_ASSERT(fn->is_entry && fn->is_visible);
	CU_ASSERT_EQUAL_FATAL(fn->n_params, 6);
	for (i = 0; i < 6; i++) {
		snprintf(name, sizeof(name), "sgemm_tiled_param_%u", i);
		CU_ASSERT_STRING_EQUAL(fn->params[i].name, name);
		CU_ASSERT_STRING_EQUAL(ptx_type_name(fn->params[i].type), types[i]);
		CU_ASSERT_EQUAL(fn->params[i].offset, offsets[i]);
	}
	CU_ASSERT_EQUAL(fn->param_bytes, 36);
	CU_ASSERT_EQUAL(m->version_major, 9);
	CU_ASSERT_EQUAL(m->version_minor, 0);
	CU_ASSERT_STRING_EQUAL(m->target, "sm_75");
	CU_ASSERT_EQUAL(m->address_size, 64);
	/* the two demoted shared tiles, 16 x 16 floats each */
	CU_ASSERT_EQUAL_FATAL(fn->n_vars, 2);
	CU_ASSERT_EQUAL(fn->vars[0].space, PTX_SP_SHARED);
	CU_ASSERT_EQUAL(fn->vars[0].size, 1024);
	CU_ASSERT_EQUAL(fn->vars[0].align, 4);
	ptx_module_free(m);
}

/* Sum of the counts of the ".reg .TYPE %x<N>;" lines of file path, per type name. */
static uint32_t declared(const char *path, const char *type)
{
	char line[512], t[16], name[64];
	unsigned n;
	uint32_t sum = 0;
	FILE *f = fopen(path, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, " .reg .%15s %%%63[a-zA-Z]<%u>;", t, name, &n) == 3 && strcmp(t, type) == 0)
			sum += n;
		else if (sscanf(line, " .reg .%15s %%%63[a-zA-Z];", t, name) == 2 && strcmp(t, type) == 0)
			sum++;
	}
	fclose(f);
	return sum;
}

static void test_ptx_register_counts_match_declarations(void)
{
	static const char *const classes[] = {"pred", "b16", "b32", "b64", "f32", "f64"};
	static const ptx_type_t types[] = {PTX_T_PRED, PTX_T_B16, PTX_T_B32, PTX_T_B64, PTX_T_F32, PTX_T_F64};
	DIR *d = opendir("kernels/ptx");
	struct dirent *e;
	unsigned files = 0, c;
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	while ((e = readdir(d)) != NULL) {
		char path[512], msg[PTX_MSG_MAX];
		size_t n = strlen(e->d_name);
		ptx_module_t *m = NULL;
		uint32_t total = 0;
		if (n < 5 || strcmp(e->d_name + n - 4, ".ptx") != 0)
			continue;
		snprintf(path, sizeof(path), "kernels/ptx/%s", e->d_name);
		CU_ASSERT_EQUAL(ptx_parse_file(path, &m, msg, sizeof(msg)), PTX_OK);
		if (!m)
			continue;
		for (c = 0; c < sizeof(classes) / sizeof(classes[0]); c++) {
			uint32_t want = declared(path, classes[c]);
			CU_ASSERT_EQUAL(ptx_count_regs(&m->funcs[0], types[c]), want);
			total += want;
		}
		CU_ASSERT_EQUAL(m->funcs[0].n_regs, total);
		ptx_module_free(m);
		files++;
	}
	closedir(d);
	CU_ASSERT_EQUAL(files, 14);
}

static void test_ptx_fma_operands(void)
{
	ptx_module_t *m = kernel("sgemm_tiled");
	const ptx_func_t *fn;
	const ptx_insn_t *i;
	if (!m)
		return;
	fn = &m->funcs[0];
	/* line 100: fma.rn.f32 %f14, %f13, %f12, %f62; */
	i = at_line(fn, 100);
	CU_ASSERT_FATAL(i != NULL);
	CU_ASSERT_EQUAL(i->op, PTX_OP_FMA);
	CU_ASSERT_EQUAL(i->rnd, PTX_RND_RN);
	CU_ASSERT_EQUAL(i->type, PTX_T_F32);
	CU_ASSERT(!i->ftz && !i->sat && i->guard == PTX_NONE);
	CU_ASSERT_EQUAL(i->n_ops, 4);
	CU_ASSERT(is_reg(fn, i, 0, "%f14") && is_reg(fn, i, 1, "%f13") && is_reg(fn, i, 2, "%f12") &&
		  is_reg(fn, i, 3, "%f62"));
	CU_ASSERT_EQUAL(fn->regs[i->ops[0].reg].type, PTX_T_F32);
	CU_ASSERT_EQUAL(fn->regs[i->ops[0].reg].index, 14);
	ptx_module_free(m);
}

static void test_ptx_hex_float_immediates_exact(void)
{
	const char *text = HEAD "\t.reg .f64 %fd<4>;\n"
			   "\tmov.f32 %f1, 0f3F800000;\n\tmov.f32 %f2, 0f7F800000;\n\tmov.f32 %f3, 0f00000001;\n"
			   "\tmov.f64 %fd1, 0d3FF0000000000000;\n\tmov.f64 %fd2, 0d8000000000000000;\n"
			   "\tmov.u32 %r1, -1;\n\tmov.u32 %r2, 0x7fffffff;\n" TAIL;
	char msg[PTX_MSG_MAX];
	ptx_module_t *m = NULL;
	const ptx_insn_t *in;
	float one = 1.0f, f;
	double d;
	uint32_t b;
	CU_ASSERT_EQUAL_FATAL(snippet(text, &m, msg), PTX_OK);
	in = m->funcs[0].insns;
	CU_ASSERT_EQUAL(in[0].ops[1].kind, PTX_OPD_F32);
	memcpy(&b, &one, 4);
	CU_ASSERT_EQUAL(in[0].ops[1].bits, b); /* 0f3F800000 is 1.0f */
	b = (uint32_t)in[0].ops[1].bits;
	memcpy(&f, &b, 4);
	CU_ASSERT(f == 1.0f);
	CU_ASSERT_EQUAL(in[1].ops[1].bits, 0x7f800000u);
	CU_ASSERT_EQUAL(in[2].ops[1].bits, 1u); /* the smallest subnormal, not flushed */
	CU_ASSERT_EQUAL(in[3].ops[1].kind, PTX_OPD_F64);
	memcpy(&d, &in[3].ops[1].bits, 8);
	CU_ASSERT(d == 1.0);
	CU_ASSERT_EQUAL(in[4].ops[1].bits, 0x8000000000000000ull); /* -0.0 keeps its sign */
	CU_ASSERT_EQUAL(in[5].ops[1].kind, PTX_OPD_IMM);
	CU_ASSERT_EQUAL((int64_t)in[5].ops[1].bits, -1);
	CU_ASSERT_EQUAL(in[6].ops[1].bits, 0x7fffffffu);
	ptx_module_free(m);
}

static void test_ptx_guard_and_labels(void)
{
	ptx_module_t *m = kernel("reduce_sum");
	const ptx_func_t *fn;
	const ptx_insn_t *i;
	uint32_t k;
	if (!m)
		return;
	fn = &m->funcs[0];
	/* line 38: @%p1 bra $L__BB0_5;  $L__BB0_5 is at line 65, before shl.b32 at line 66 */
	i = at_line(fn, 38);
	CU_ASSERT_FATAL(i != NULL);
	CU_ASSERT_EQUAL(i->op, PTX_OP_BRA);
	CU_ASSERT_EQUAL(i->guard, reg_id(fn, "%p1"));
	CU_ASSERT_EQUAL(i->guard_neg, 0);
	CU_ASSERT_EQUAL_FATAL(i->ops[0].kind, PTX_OPD_LABEL);
	CU_ASSERT_STRING_EQUAL(fn->labels[i->ops[0].label].name, "$L__BB0_5");
	CU_ASSERT_PTR_EQUAL(&fn->insns[i->ops[0].target], at_line(fn, 66));
	/* every label names the first instruction after it */
	for (k = 0; k < fn->n_labels; k++) {
		uint32_t t = fn->labels[k].insn;
		CU_ASSERT(t < fn->n_insns && fn->insns[t].line > fn->labels[k].line);
		CU_ASSERT(t == 0 || fn->insns[t - 1].line < fn->labels[k].line);
	}
	CU_ASSERT_EQUAL(fn->n_labels, 7);
	/* a negated guard and a label after the last instruction */
	ptx_module_free(m);
	m = NULL;
	{
		char msg[PTX_MSG_MAX];
		const char *text = HEAD "\tsetp.ne.s32 %p2, %r1, 0;\n\t@!%p2 bra.uni $L__end;\n\tret;\n$L__end:\n}\n";
		CU_ASSERT_EQUAL_FATAL(snippet(text, &m, msg), PTX_OK);
		fn = &m->funcs[0];
		CU_ASSERT_EQUAL(fn->insns[1].guard, reg_id(fn, "%p2"));
		CU_ASSERT_EQUAL(fn->insns[1].guard_neg, 1);
		CU_ASSERT_EQUAL(fn->insns[1].uni, 1);
		CU_ASSERT_EQUAL(fn->insns[1].ops[0].target, 3); /* the end of the function */
		ptx_module_free(m);
	}
}

static void test_ptx_vector_load(void)
{
	ptx_module_t *m = kernel("nbody_accel");
	const ptx_func_t *fn;
	const ptx_insn_t *i;
	if (!m)
		return;
	fn = &m->funcs[0];
	/* line 49: ld.global.v4.f32 {%f31, %f32, %f33, %f34}, [%rd5]; */
	i = at_line(fn, 49);
	CU_ASSERT_FATAL(i != NULL);
	CU_ASSERT(i->op == PTX_OP_LD && i->space == PTX_SP_GLOBAL && i->type == PTX_T_F32);
	CU_ASSERT_EQUAL(i->vec, 4);
	CU_ASSERT_EQUAL_FATAL(i->ops[0].kind, PTX_OPD_VEC);
	CU_ASSERT_EQUAL(i->ops[0].n_vec, 4);
	CU_ASSERT_EQUAL(i->ops[0].vec[0], reg_id(fn, "%f31"));
	CU_ASSERT_EQUAL(i->ops[0].vec[3], reg_id(fn, "%f34"));
	CU_ASSERT(i->ops[1].kind == PTX_OPD_ADDR && i->ops[1].reg == reg_id(fn, "%rd5") && i->ops[1].offset == 0);
	/* line 79: ld.shared.v4.f32 {%f43, %f44, %f45, %f46}, [%r19+-64]; */
	i = at_line(fn, 79);
	CU_ASSERT_FATAL(i != NULL);
	CU_ASSERT(i->space == PTX_SP_SHARED && i->ops[1].reg == reg_id(fn, "%r19") && i->ops[1].offset == -64);
	ptx_module_free(m);
}

static void test_ptx_setp_with_bool(void)
{
	const char *text = HEAD "\tsetp.lt.and.f32 %p1, %f1, %f2, %p2;\n\tsetp.ne.or.s32 %p1|%p3, %r1, 0, !%p2;\n"
			   "\tsetp.ltu.ftz.f32 %p1, %f1, 0f47CE4780;\n" TAIL;
	char msg[PTX_MSG_MAX];
	ptx_module_t *m = NULL;
	const ptx_func_t *fn;
	const ptx_insn_t *in;
	CU_ASSERT_EQUAL_FATAL(snippet(text, &m, msg), PTX_OK);
	fn = &m->funcs[0];
	in = fn->insns;
	CU_ASSERT(in[0].op == PTX_OP_SETP && in[0].cmp == PTX_CMP_LT && in[0].boolop == PTX_BOOL_AND);
	CU_ASSERT_EQUAL(in[0].type, PTX_T_F32);
	CU_ASSERT_EQUAL(in[0].n_ops, 4);
	CU_ASSERT(is_reg(fn, &in[0], 3, "%p2") && !in[0].ops[3].neg);
	CU_ASSERT(in[1].cmp == PTX_CMP_NE && in[1].boolop == PTX_BOOL_OR && in[1].type == PTX_T_S32);
	CU_ASSERT(in[1].ops[0].reg2 == reg_id(fn, "%p3") && in[1].ops[3].neg == 1);
	CU_ASSERT(in[1].ops[2].kind == PTX_OPD_IMM && in[1].ops[2].bits == 0);
	CU_ASSERT(in[2].cmp == PTX_CMP_LTU && in[2].ftz && in[2].boolop == PTX_BOOL_NONE);
	ptx_module_free(m);
}

static void test_ptx_cvt_both_types(void)
{
	ptx_module_t *m = kernel("transcend");
	const ptx_func_t *fn;
	const ptx_insn_t *i;
	if (!m)
		return;
	fn = &m->funcs[0];
	/* line 65: cvt.rni.s32.f32 %r73, %f28;  line 66: cvt.rn.f32.s32 %f29, %r73; */
	i = at_line(fn, 65);
	CU_ASSERT_FATAL(i != NULL);
	CU_ASSERT(i->op == PTX_OP_CVT && i->rnd == PTX_RND_RNI && i->type == PTX_T_S32 && i->type2 == PTX_T_F32);
	i = at_line(fn, 66);
	CU_ASSERT_FATAL(i != NULL);
	CU_ASSERT(i->rnd == PTX_RND_RN && i->type == PTX_T_F32 && i->type2 == PTX_T_S32);
	CU_ASSERT(is_reg(fn, i, 0, "%f29") && is_reg(fn, i, 1, "%r73"));
	/* line 14: the i2opi table, 24 bytes with its initializer; line 24: the local depot */
	CU_ASSERT_EQUAL_FATAL(m->n_vars, 1);
	CU_ASSERT_STRING_EQUAL(m->vars[0].name, "__cudart_i2opi_f");
	CU_ASSERT(m->vars[0].space == PTX_SP_GLOBAL && m->vars[0].size == 24 && m->vars[0].n_init == 24);
	CU_ASSERT(m->vars[0].init[0] == 65 && m->vars[0].init[23] == 162);
	CU_ASSERT_EQUAL_FATAL(fn->n_vars, 1);
	CU_ASSERT(fn->vars[0].space == PTX_SP_LOCAL && fn->vars[0].size == 28);
	/* line 34: mov.u64 %SPL, __local_depot0; (a scalar register and a symbol) */
	i = at_line(fn, 34);
	CU_ASSERT_FATAL(i != NULL);
	CU_ASSERT(is_reg(fn, i, 0, "%SPL"));
	CU_ASSERT(i->ops[1].kind == PTX_OPD_SYM && i->ops[1].symkind == PTX_SYM_FUNCVAR && i->ops[1].sym == 0);
	/* line 43: mov.u32 %r29, %tid.x; */
	i = at_line(fn, 43);
	CU_ASSERT_FATAL(i != NULL);
	CU_ASSERT(i->ops[1].kind == PTX_OPD_SREG && i->ops[1].sreg == PTX_SREG_TID && i->ops[1].comp == 0);
	ptx_module_free(m);
}

static void test_ptx_atom_shared_add(void)
{
	ptx_module_t *m = kernel("histogram");
	const ptx_func_t *fn;
	const ptx_insn_t *i;
	if (!m)
		return;
	fn = &m->funcs[0];
	/* line 69: atom.shared.add.u32 %r24, [%r23], 1; */
	i = at_line(fn, 69);
	CU_ASSERT_FATAL(i != NULL);
	CU_ASSERT(i->op == PTX_OP_ATOM && i->space == PTX_SP_SHARED && i->aop == PTX_AOP_ADD && i->type == PTX_T_U32);
	CU_ASSERT(is_reg(fn, i, 0, "%r24"));
	CU_ASSERT(i->ops[1].kind == PTX_OPD_ADDR && i->ops[1].reg == reg_id(fn, "%r23") && !i->ops[1].has_sym);
	CU_ASSERT(i->ops[2].kind == PTX_OPD_IMM && i->ops[2].bits == 1);
	/* line 91: atom.global.add.u32 %r28, [%rd8], %r11; */
	i = at_line(fn, 91);
	CU_ASSERT_FATAL(i != NULL);
	CU_ASSERT(i->space == PTX_SP_GLOBAL && is_reg(fn, i, 2, "%r11"));
	ptx_module_free(m);
}

static void test_ptx_shfl_down_operands(void)
{
	ptx_module_t *m = kernel("reduce_sum");
	const ptx_func_t *fn;
	const ptx_insn_t *i;
	if (!m)
		return;
	fn = &m->funcs[0];
	/* line 100: shfl.sync.down.b32 %r25|%p8, %r20, %r23, %r22, %r24; */
	i = at_line(fn, 100);
	CU_ASSERT_FATAL(i != NULL);
	CU_ASSERT(i->op == PTX_OP_SHFL && i->sync && i->shfl == PTX_SHFL_DOWN && i->type == PTX_T_B32);
	CU_ASSERT_EQUAL_FATAL(i->n_ops, 5);
	CU_ASSERT(is_reg(fn, i, 0, "%r25") && i->ops[0].reg2 == reg_id(fn, "%p8"));
	CU_ASSERT(is_reg(fn, i, 1, "%r20") && is_reg(fn, i, 2, "%r23") && is_reg(fn, i, 3, "%r22") &&
		  is_reg(fn, i, 4, "%r24"));
	/* the dynamic shared array: .extern .shared .align 16 .b8 s[]; */
	CU_ASSERT_EQUAL_FATAL(m->n_vars, 1);
	CU_ASSERT(m->vars[0].is_extern && m->vars[0].unsized && m->vars[0].size == 0 && m->vars[0].align == 16);
	ptx_module_free(m);
}

/* One refusal: the snippet's body (after HEAD, from line 12) and the exact message. */
static void refused(const char *body, const char *want)
{
	char text[8192], msg[PTX_MSG_MAX];
	ptx_module_t *m = (ptx_module_t *)&m;
	snprintf(text, sizeof(text), "%s%s%s", HEAD, body, TAIL);
	CU_ASSERT_EQUAL(snippet(text, &m, msg), PTX_EINVAL);
	CU_ASSERT_PTR_NULL(m);
	if (strcmp(msg, want) != 0)
		fprintf(stderr, "\n  got:  %s\n  want: %s\n", msg, want);
	CU_ASSERT_STRING_EQUAL(msg, want);
}

static void test_ptx_refusal_messages(void)
{
	refused("\tfrob.s32 %r1, %r2, 1;\n", "t.ptx:12: unknown opcode \"frob\"");
	refused("\tadd.foo.s32 %r1, %r2, 1;\n", "t.ptx:12: add.foo.s32: unknown modifier .foo");
	refused("\tadd.s32.s32 %r1, %r2, 1;\n", "t.ptx:12: add.s32.s32: add takes 1 type, got another .s32");
	refused("\tmul.lo.hi.s32 %r1, %r2, 1;\n", "t.ptx:12: mul.lo.hi.s32: conflicting or repeated modifier .hi");
	refused("\tadd.wide.s32 %r1, %r2, 1;\n", "t.ptx:12: add.wide.s32: modifier .wide is not allowed on add");
	refused("\tld.tex.u32 %r1, [%r2];\n", "t.ptx:12: ld.tex.u32: state space .tex is not supported");
	refused("\tld.global.cg.u32 %r1, [%r2];\n", "t.ptx:12: ld.global.cg.u32: cache operator .cg is not supported");
	refused("\tsuld.b.2d.b32.trap {%r1}, [s, {%r2, %r3}];\n",
		"t.ptx:12: instruction suld is not supported (suld.b.2d.b32.trap)");
	refused("\tadd.s32 %r1, %q2, 1;\n", "t.ptx:12: undeclared register %q2");
	refused("\tadd.s32 %r8, %r2, 1;\n", "t.ptx:12: register %r8 is out of the declared range %r<8> (line 11)");
	refused("\tbra.uni $L__BB0_9;\n", "t.ptx:12: undefined label $L__BB0_9");
	refused("$L1:\n$L1:\n", "t.ptx:13: duplicate label $L1 (first at line 12)");
	refused("\tmov.f32 %f1, 0f3F80000;\n", "t.ptx:12: malformed immediate \"0f3F80000\"");
	refused("\tmov.f32 %f1, -0f3F800000;\n", "t.ptx:12: malformed immediate \"-0f3F800000\"");
	refused("\tmov.u32 %r1, 99999999999999999999;\n", "t.ptx:12: malformed immediate \"99999999999999999999\"");
	refused("\tadd.s32 %r1, %r2, 1\n\tret;\n", "t.ptx:12: missing ';' after add.s32 (got \"ret\")");
	refused("\tld.global.v2.f32 {%f1, %f2, %f3, %f4}, [%r1];\n",
		"t.ptx:12: ld.global.v2.f32: operand 1: expected a vector of 2 registers, got 4");
	refused("\tst.global.v4.f32 [%r1], %f1;\n",
		"t.ptx:12: st.global.v4.f32: operand 2: expected a vector of 4 registers, got a scalar");
	refused("\tmad.lo.s32 %r1, %r2, %r3;\n", "t.ptx:12: mad.lo.s32 takes 4 operands, got 3");
	refused("\tbar.sync 0, 32, 1;\n", "t.ptx:12: bar.sync takes 1 to 2 operands, got 3");
	refused("\t@%r1 ret;\n", "t.ptx:12: guard %r1 is not a predicate register");
	refused("\tselp.b32 %r1, %r2, %r3, %r4;\n", "t.ptx:12: selp.b32: operand 4: %r4 is not a predicate register");
	refused("\tadd.s32 %r1, !%p1, 1;\n", "t.ptx:12: add.s32: operand 2: '!' is only allowed on a predicate source");
	refused("\tmov.u32 %r1, %clock;\n", "t.ptx:12: special register %clock is not supported");
	refused("\tmov.u32 %r1, %tid;\n", "t.ptx:12: special register %tid: expected a component .x, .y or .z");
	refused("\tmul.s32 %r1, %r2, 3;\n", "t.ptx:12: mul.s32: missing .lo, .hi or .wide");
	refused("\tmul.wide.s64 %r1, %r2, 3;\n", "t.ptx:12: mul.wide.s64: .wide needs a 16- or 32-bit type");
	refused("\tex2.f32 %f1, %f2;\n", "t.ptx:12: ex2.f32: needs .approx and a floating-point type");
	refused("\tdiv.f32 %f1, %f2, %f3;\n", "t.ptx:12: div.f32: missing .approx, .full or a rounding modifier");
	refused("\tcvt.f32 %f1, %r2;\n", "t.ptx:12: cvt.f32: missing type (cvt takes a destination and a source type)");
	refused("\tshfl.down.b32 %r1, %r2, 1, 31;\n", "t.ptx:12: shfl.down.b32: shfl without .sync is not supported");
	refused("\tatom.global.u32 %r1, [%r2], 1;\n",
		"t.ptx:12: atom.global.u32: missing operation (.add, .min, .exch, ...)");
	refused("\tld.shared.nc.u32 %r1, [%r2];\n", "t.ptx:12: ld.shared.nc.u32: .nc is only defined for ld.global");
	refused("\tld.param.u32 %r1, [nothere];\n", "t.ptx:12: undeclared symbol nothere");
	refused("\tmov.f32 %f1, 1.5;\n",
		"t.ptx:12: decimal floating-point immediate \"1.5\" is not supported (0f/0d hex only)");
	refused("\t.reg .b32 %r<2>;\n", "t.ptx:12: register %r declared twice (first at line 11)");
	refused("\t.tex .u64 t;\n", "t.ptx:12: directive .tex is not supported in a function body");
	refused("\t{\n\t.reg .b32 %r<2>;\n\t}\n",
		"t.ptx:13: register %r in a nested block shadows the declaration at line 11 (not supported)");
	refused("\tmov.b32 {%r1, %r2, %r3, %r4}, %r5;\n",
		"t.ptx:12: mov.b32: operand 1: a vector of 4 registers does not split .b32");
	refused("\tmov.u32 %r1, {%r2, %r3};\n", "t.ptx:12: mov.u32: operand 2: a vector needs mov.b32 or mov.b64");
	refused("\tbar.warp.sync.aligned -1;\n", "t.ptx:12: bar.warp.sync.aligned: bar.warp.sync takes no .aligned");
	refused("\tadd.s32 %r1, %r2, 1; /* open\n", "t.ptx:12: unterminated /* comment");
}

static void test_ptx_refusal_whole_file(void)
{
	char msg[PTX_MSG_MAX], *big;
	ptx_module_t *m = NULL;
	const char bin[] = {'.', 'v', 0, 1, 2};
	size_t n;
	CU_ASSERT_EQUAL(snippet(HEAD "\tret;\n", &m, msg), PTX_EINVAL);
	CU_ASSERT_STRING_EQUAL(msg, "t.ptx:12: end of file inside the body of k (missing '}')");
	CU_ASSERT_EQUAL(snippet("", &m, msg), PTX_EINVAL);
	CU_ASSERT_STRING_EQUAL(msg, "t.ptx:1: no .version and .target: not a PTX module");
	CU_ASSERT_EQUAL(ptx_parse_string("t.ptx", bin, sizeof(bin), &m, msg, sizeof(msg)), PTX_EINVAL);
	CU_ASSERT_STRING_EQUAL(msg, "t.ptx:1: byte 0x00 is not allowed in PTX text (printable ASCII, tab, newline only)");
	CU_ASSERT_EQUAL(snippet(".version 9.0\n.target sm_75\n.address_size 48\n", &m, msg), PTX_EINVAL);
	CU_ASSERT_STRING_EQUAL(msg, "t.ptx:3: .address_size 48 (legal: 32, 64)");
	CU_ASSERT_EQUAL(snippet(".version 9.0\n.target sm_75\n.visible .func f;\n", &m, msg), PTX_EINVAL);
	CU_ASSERT_STRING_EQUAL(msg, "t.ptx:3: function declaration f without a body is not supported");
	CU_ASSERT_EQUAL(snippet(".version 9.0\n.target sm_75\n.visible .entry k() {\n\t.reg .b32 %r<65537>;\n}\n", &m,
				msg), PTX_EINVAL);
	CU_ASSERT_STRING_EQUAL(msg, "t.ptx:4: register count 65537 is out of range (limit 65536)");
	/* a line of PTX_LINE_MAX + 1 bytes */
	n = strlen(HEAD) + PTX_LINE_MAX + 64;
	big = malloc(n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(big);
	snprintf(big, n, "%s//%0*d\n", HEAD, (int)PTX_LINE_MAX - 1, 0);
	CU_ASSERT_EQUAL(snippet(big, &m, msg), PTX_EINVAL);
	CU_ASSERT_STRING_EQUAL(msg, "t.ptx:12: line is 4096 bytes long (limit 4095)");
	free(big);
	/* no message buffer, and one too small for the message */
	CU_ASSERT_EQUAL(ptx_parse_string("t.ptx", "junk", 4, &m, NULL, 0), PTX_EINVAL);
	CU_ASSERT_EQUAL(ptx_parse_string("t.ptx", "junk", 4, &m, msg, 8), PTX_EINVAL);
	CU_ASSERT_STRING_EQUAL(msg, "t.ptx:1");
	CU_ASSERT_EQUAL(ptx_parse_file("no/such/file.ptx", &m, msg, sizeof(msg)), PTX_EIO);
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(msg, "no/such/file.ptx: cannot open: No such file or directory");
}

static void test_ptx_print_roundtrip(void)
{
	const char *text = HEAD "\t.reg .b64 %rd<4>;\n\tld.global.nc.v2.f32 {%f1, _}, [%rd1+-8];\n"
			   "\tatom.relaxed.gpu.global.cas.b32 %r1, [%rd2], %r2, %r3;\n"
			   "\tvote.sync.ballot.b32 %r4, !%p1, -1;\n\tcvta.to.shared.u64 %rd3, %rd2;\n" TAIL;
	static const char *const want[] = {
		"ld.global.nc.v2.f32 {%f1, _}, [%rd1+-8];",
		"atom.relaxed.gpu.global.cas.b32 %r1, [%rd2], %r2, %r3;",
		"vote.sync.ballot.b32 %r4, !%p1, -1;",
		"cvta.to.shared.u64 %rd3, %rd2;",
		"ret;",
	};
	char msg[PTX_MSG_MAX], buf[256];
	ptx_module_t *m = NULL;
	unsigned k;
	CU_ASSERT_EQUAL_FATAL(snippet(text, &m, msg), PTX_OK);
	CU_ASSERT_EQUAL_FATAL(m->funcs[0].n_insns, 5);
	for (k = 0; k < 5; k++) {
		FILE *f = fmemopen(buf, sizeof(buf), "w");
		CU_ASSERT_PTR_NOT_NULL_FATAL(f);
		ptx_print_insn(m, &m->funcs[0], &m->funcs[0].insns[k], f);
		fclose(f);
		CU_ASSERT_STRING_EQUAL(buf, want[k]);
	}
	CU_ASSERT_EQUAL(m->funcs[0].insns[1].sem, PTX_SEM_RELAXED);
	CU_ASSERT_EQUAL(m->funcs[0].insns[1].scope, PTX_SCOPE_GPU);
	CU_ASSERT_EQUAL(m->funcs[0].insns[0].ops[0].vec[1], PTX_SINK);
	ptx_module_free(m);
}

static void test_ptx_func_return_params(void)
{
	const char *text = ".version 9.0\n.target sm_75\n.address_size 64\n\n"
			   ".visible .func  (.param .b32 func_retval0) add1(\n\t.param .b32 add1_param_0,\n"
			   "\t.param .align 8 .b8 add1_param_1[12]\n)\n.maxntid 128, 1, 1\n{\n\t.reg .b32 %r<3>;\n"
			   "\tld.param.u32 %r1, [add1_param_0];\n\tst.param.b32 [func_retval0+0], %r1;\n\tret;\n}\n";
	char msg[PTX_MSG_MAX];
	ptx_module_t *m = NULL;
	const ptx_func_t *fn;
	CU_ASSERT_EQUAL_FATAL(snippet(text, &m, msg), PTX_OK);
	fn = &m->funcs[0];
	CU_ASSERT(!fn->is_entry && fn->is_visible);
	CU_ASSERT_STRING_EQUAL(fn->name, "add1");
	CU_ASSERT_EQUAL_FATAL(fn->n_params, 3);
	CU_ASSERT(fn->params[0].is_ret && !fn->params[1].is_ret && !fn->params[2].is_ret);
	CU_ASSERT_EQUAL(fn->params[1].offset, 0);
	CU_ASSERT(fn->params[2].offset == 8 && fn->params[2].size == 12 && fn->params[2].align == 8);
	CU_ASSERT_EQUAL(fn->param_bytes, 20);
	CU_ASSERT(fn->maxntid[0] == 128 && fn->maxntid[1] == 1 && fn->maxntid[2] == 1);
	CU_ASSERT(fn->insns[1].ops[0].has_sym && fn->insns[1].ops[0].symkind == PTX_SYM_PARAM &&
		  fn->insns[1].ops[0].sym == 0);
	ptx_module_free(m);
}

int test_flow_register(void); /* verif/ptx/test_flow.c */

int main(void)
{
	CU_pSuite s;
	unsigned fails;
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	s = CU_add_suite("ptx", NULL, NULL);
	if (!s || !CU_add_test(s, "test_ptx_sgemm_params", test_ptx_sgemm_params) ||
	    !CU_add_test(s, "test_ptx_register_counts_match_declarations", test_ptx_register_counts_match_declarations) ||
	    !CU_add_test(s, "test_ptx_fma_operands", test_ptx_fma_operands) ||
	    !CU_add_test(s, "test_ptx_hex_float_immediates_exact", test_ptx_hex_float_immediates_exact) ||
	    !CU_add_test(s, "test_ptx_guard_and_labels", test_ptx_guard_and_labels) ||
	    !CU_add_test(s, "test_ptx_vector_load", test_ptx_vector_load) ||
	    !CU_add_test(s, "test_ptx_setp_with_bool", test_ptx_setp_with_bool) ||
	    !CU_add_test(s, "test_ptx_cvt_both_types", test_ptx_cvt_both_types) ||
	    !CU_add_test(s, "test_ptx_atom_shared_add", test_ptx_atom_shared_add) ||
	    !CU_add_test(s, "test_ptx_shfl_down_operands", test_ptx_shfl_down_operands) ||
	    !CU_add_test(s, "test_ptx_refusal_messages", test_ptx_refusal_messages) ||
	    !CU_add_test(s, "test_ptx_refusal_whole_file", test_ptx_refusal_whole_file) ||
	    !CU_add_test(s, "test_ptx_print_roundtrip", test_ptx_print_roundtrip) ||
	    !CU_add_test(s, "test_ptx_func_return_params", test_ptx_func_return_params) || test_flow_register()) {
		fprintf(stderr, "test_ptx: cannot register the tests: %s\n", CU_get_error_msg());
		CU_cleanup_registry();
		return 1;
	}
	CU_basic_set_mode(CU_BRM_NORMAL);
	CU_basic_run_tests();
	fails = CU_get_number_of_failures();
	CU_cleanup_registry();
	return fails ? 1 : 0;
}
