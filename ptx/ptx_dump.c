/* ptx_dump.c - names of the PTX enums and the canonical listing of a parsed module
 * (docs/ptx.md, "The listing"): deterministic, one instruction per line in PTX syntax with the
 * modifiers in a fixed order, so a listing of nvcc's output reads like the source. */
#include <inttypes.h>
#include <string.h>

#include "ptx.h"

static const char *const TYPE_NAMES[PTX_T_COUNT] = {
	"", "pred", "b8", "b16", "b32", "b64", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "f16", "f32", "f64",
};
static const unsigned TYPE_SIZES[PTX_T_COUNT] = {0, 0, 1, 2, 4, 8, 1, 2, 4, 8, 1, 2, 4, 8, 2, 4, 8};
static const char *const SPACE_NAMES[PTX_SP_COUNT] = {"", "param", "global", "shared", "local", "const"};
static const char *const CMP_NAMES[PTX_CMP_COUNT] = {
	"", "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs",
	"equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan",
};
static const char *const BOOL_NAMES[PTX_BOOL_COUNT] = {"", "and", "or", "xor"};
static const char *const RND_NAMES[PTX_RND_COUNT] = {"", "rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi"};
static const char *const MODE_NAMES[PTX_MODE_COUNT] = {"", "wide", "lo", "hi"};
static const char *const PREC_NAMES[PTX_PREC_COUNT] = {"", "approx", "full"};
static const char *const AOP_NAMES[PTX_AOP_COUNT] = {
	"", "add", "min", "max", "inc", "dec", "and", "or", "xor", "exch", "cas",
};
static const char *const SHFL_NAMES[PTX_SHFL_COUNT] = {"", "up", "down", "bfly", "idx"};
static const char *const VOTE_NAMES[PTX_VOTE_COUNT] = {"", "all", "any", "uni", "ballot"};
static const char *const SEM_NAMES[PTX_SEM_COUNT] = {"", "volatile", "relaxed", "acquire", "release", "acq_rel"};
static const char *const SCOPE_NAMES[PTX_SCOPE_COUNT] = {"", "cta", "gpu", "sys"};

const char *ptx_type_name(ptx_type_t t) { return (unsigned)t < PTX_T_COUNT ? TYPE_NAMES[t] : "?"; }

unsigned ptx_type_size(ptx_type_t t) { return (unsigned)t < PTX_T_COUNT ? TYPE_SIZES[t] : 0; }

const char *ptx_space_name(ptx_space_t s) { return (unsigned)s < PTX_SP_COUNT ? SPACE_NAMES[s] : "?"; }

uint32_t ptx_count_regs(const ptx_func_t *fn, ptx_type_t t)
{
	uint32_t i, n = 0;
	for (i = 0; i < fn->n_regdecls; i++)
		if (fn->regdecls[i].type == t)
			n += fn->regdecls[i].count;
	return n;
}

void ptx_reg_name(const ptx_func_t *fn, uint32_t id, char *buf, size_t len)
{
	const ptx_regdecl_t *rd;
	if (id == PTX_SINK) {
		snprintf(buf, len, "_");
		return;
	}
	if (id >= fn->n_regs) {
		snprintf(buf, len, "%%?%" PRIu32, id);
		return;
	}
	rd = &fn->regdecls[fn->regs[id].decl];
	if (rd->ranged)
		snprintf(buf, len, "%%%s%" PRIu32, rd->prefix, fn->regs[id].index);
	else
		snprintf(buf, len, "%%%s", rd->prefix);
}

/* Print ".name" when name is not empty. */
static void mod(FILE *f, const char *name)
{
	if (name[0])
		fprintf(f, ".%s", name);
}

/* Print the name of a symbol. */
static const char *sym_name(const ptx_module_t *m, const ptx_func_t *fn, ptx_symkind_t k, uint32_t i)
{
	if (k == PTX_SYM_PARAM)
		return i < fn->n_params ? fn->params[i].name : "?";
	if (k == PTX_SYM_FUNCVAR)
		return i < fn->n_vars ? fn->vars[i].name : "?";
	return i < m->n_vars ? m->vars[i].name : "?";
}

/* Print one operand. */
static void operand(const ptx_module_t *m, const ptx_func_t *fn, const ptx_operand_t *o, FILE *f)
{
	char n[PTX_NAME_MAX + 16];
	unsigned i;
	switch (o->kind) {
	case PTX_OPD_REG:
		ptx_reg_name(fn, o->reg, n, sizeof(n));
		fprintf(f, "%s%s", o->neg ? "!" : "", n);
		if (o->reg2 != PTX_NONE) {
			ptx_reg_name(fn, o->reg2, n, sizeof(n));
			fprintf(f, "|%s", n);
		}
		break;
	case PTX_OPD_VEC:
		fputc('{', f);
		for (i = 0; i < o->n_vec; i++) {
			ptx_reg_name(fn, o->vec[i], n, sizeof(n));
			fprintf(f, "%s%s", i ? ", " : "", n);
		}
		fputc('}', f);
		break;
	case PTX_OPD_IMM: fprintf(f, "%" PRId64, (int64_t)o->bits); break;
	case PTX_OPD_F32: fprintf(f, "0f%08" PRIX64, o->bits); break;
	case PTX_OPD_F64: fprintf(f, "0d%016" PRIX64, o->bits); break;
	case PTX_OPD_ADDR:
		fputc('[', f);
		if (o->has_sym) {
			fputs(sym_name(m, fn, o->symkind, o->sym), f);
		} else if (o->reg != PTX_NONE) {
			ptx_reg_name(fn, o->reg, n, sizeof(n));
			fputs(n, f);
		} else {
			fprintf(f, "%" PRId64, o->offset);
		}
		if ((o->has_sym || o->reg != PTX_NONE) && o->offset)
			fprintf(f, "+%" PRId64, o->offset);
		fputc(']', f);
		break;
	case PTX_OPD_SREG:
		fprintf(f, "%%%s", ptx_sreg_name(o->sreg));
		if (o->comp < 3)
			fprintf(f, ".%c", 'x' + o->comp);
		break;
	case PTX_OPD_SYM: fputs(sym_name(m, fn, o->symkind, o->sym), f); break;
	case PTX_OPD_LABEL: fputs(o->label < fn->n_labels ? fn->labels[o->label].name : "?", f); break;
	case PTX_OPD_SINK: fputc('_', f); break;
	}
}

void ptx_print_insn(const ptx_module_t *m, const ptx_func_t *fn, const ptx_insn_t *i, FILE *f)
{
	char n[PTX_NAME_MAX + 16];
	unsigned k;
	if (i->guard != PTX_NONE) {
		ptx_reg_name(fn, i->guard, n, sizeof(n));
		fprintf(f, "@%s%s ", i->guard_neg ? "!" : "", n);
	}
	fputs(ptx_opcode_name(i->op), f);
	if (i->warp)
		mod(f, "warp");
	if (i->sync)
		mod(f, "sync");
	if (i->aligned)
		mod(f, "aligned");
	mod(f, SEM_NAMES[i->sem]);
	mod(f, SCOPE_NAMES[i->scope]);
	if (i->to)
		mod(f, "to");
	mod(f, SPACE_NAMES[i->space]);
	if (i->nc)
		mod(f, "nc");
	mod(f, AOP_NAMES[i->aop]);
	mod(f, CMP_NAMES[i->cmp]);
	mod(f, BOOL_NAMES[i->boolop]);
	mod(f, SHFL_NAMES[i->shfl]);
	mod(f, VOTE_NAMES[i->vote]);
	mod(f, MODE_NAMES[i->mode]);
	mod(f, RND_NAMES[i->rnd]);
	mod(f, PREC_NAMES[i->prec]);
	if (i->ftz)
		mod(f, "ftz");
	if (i->sat)
		mod(f, "sat");
	if (i->uni)
		mod(f, "uni");
	if (i->vec > 1)
		fprintf(f, ".v%u", i->vec);
	mod(f, TYPE_NAMES[i->type]);
	mod(f, TYPE_NAMES[i->type2]);
	for (k = 0; k < i->n_ops; k++) {
		fputs(k ? ", " : " ", f);
		operand(m, fn, &i->ops[k], f);
	}
	fputc(';', f);
}

/* Print the decoded values of ins's float immediates and label targets as a comment, if any. */
static void annotate(const ptx_insn_t *ins, FILE *f)
{
	const char *sep = "  // ";
	unsigned k;
	for (k = 0; k < ins->n_ops; k++) {
		const ptx_operand_t *o = &ins->ops[k];
		if (o->kind == PTX_OPD_F32) {
			uint32_t b = (uint32_t)o->bits;
			float x;
			memcpy(&x, &b, sizeof(x));
			fprintf(f, "%s0f%08" PRIX32 " = %.9g", sep, b, (double)x);
		} else if (o->kind == PTX_OPD_F64) {
			double x;
			memcpy(&x, &o->bits, sizeof(x));
			fprintf(f, "%s0d%016" PRIX64 " = %.17g", sep, o->bits, x);
		} else if (o->kind == PTX_OPD_LABEL) {
			fprintf(f, "%s-> %" PRIu32, sep, o->target);
		} else {
			continue;
		}
		sep = ", ";
	}
}

/* Print a variable declaration line (indent: prefix). */
static void var(const ptx_var_t *v, const char *indent, FILE *f)
{
	uint32_t k;
	fprintf(f, "%svar %s%s.%s .align %u .%s %s", indent, v->is_visible ? ".visible " : "",
		v->is_extern ? ".extern " : "", SPACE_NAMES[v->space], v->align, TYPE_NAMES[v->type], v->name);
	if (v->unsized)
		fputs("[]", f);
	else if (v->elems != 1 || v->n_init > 1)
		fprintf(f, "[%" PRIu64 "]", v->elems);
	fprintf(f, ": %" PRIu64 " bytes, line %u", v->size, v->line);
	if (v->n_init) {
		fputs(", init {", f);
		for (k = 0; k < v->n_init; k++)
			fprintf(f, "%s0x%" PRIx64, k ? ", " : "", v->init[k]);
		fputc('}', f);
	}
	fputc('\n', f);
}

/* Print the one-line summary of fn. */
static void summary(const ptx_func_t *fn, FILE *f)
{
	int t, first = 1;
	fprintf(f, "%s %s: %" PRIu32 " params (%" PRIu32 " bytes), %" PRIu32 " registers (",
		fn->is_entry ? "entry" : "func", fn->name, fn->n_params, fn->param_bytes, fn->n_regs);
	for (t = PTX_T_PRED; t < PTX_T_COUNT; t++) {
		uint32_t n = ptx_count_regs(fn, (ptx_type_t)t);
		if (n) {
			fprintf(f, "%s%s %" PRIu32, first ? "" : ", ", TYPE_NAMES[t], n);
			first = 0;
		}
	}
	fprintf(f, "), %" PRIu32 " instructions, %" PRIu32 " labels, %" PRIu32 " variables\n", fn->n_insns, fn->n_labels,
		fn->n_vars);
}

/* Print the listing of fn. */
static void function(const ptx_module_t *m, const ptx_func_t *fn, FILE *f)
{
	uint32_t i, l = 0;
	summary(fn, f);
	if (fn->maxntid[0] || fn->reqntid[0] || fn->minnctapersm || fn->maxnreg)
		fprintf(f, "  directives: maxntid %u %u %u, reqntid %u %u %u, minnctapersm %u, maxnreg %u\n",
			fn->maxntid[0], fn->maxntid[1], fn->maxntid[2], fn->reqntid[0], fn->reqntid[1], fn->reqntid[2],
			fn->minnctapersm, fn->maxnreg);
	for (i = 0; i < fn->n_params; i++) {
		const ptx_param_t *p = &fn->params[i];
		fprintf(f, "  param %" PRIu32 "%s: .%s %s, offset %u, size %u, align %u, line %u\n", i,
			p->is_ret ? " (return)" : "", TYPE_NAMES[p->type], p->name, p->offset, p->size, p->align, p->line);
	}
	for (i = 0; i < fn->n_regdecls; i++) {
		const ptx_regdecl_t *rd = &fn->regdecls[i];
		if (rd->ranged)
			fprintf(f, "  reg .%s %%%s<%u>: ids %u..%u, line %u\n", TYPE_NAMES[rd->type], rd->prefix, rd->count,
				rd->first, rd->first + rd->count - 1, rd->line);
		else
			fprintf(f, "  reg .%s %%%s: id %u, line %u\n", TYPE_NAMES[rd->type], rd->prefix, rd->first, rd->line);
	}
	for (i = 0; i < fn->n_vars; i++)
		var(&fn->vars[i], "  ", f);
	for (i = 0; i < fn->n_labels; i++)
		fprintf(f, "  label %s: instruction %u, line %u\n", fn->labels[i].name, fn->labels[i].insn,
			fn->labels[i].line);
	for (i = 0; i <= fn->n_insns; i++) {
		for (; l < fn->n_labels && fn->labels[l].insn == i; l++)
			fprintf(f, "%s:\n", fn->labels[l].name);
		if (i == fn->n_insns)
			break;
		fprintf(f, "  %5u %5u  ", i, fn->insns[i].line);
		ptx_print_insn(m, fn, &fn->insns[i], f);
		annotate(&fn->insns[i], f);
		fputc('\n', f);
	}
}

void ptx_dump(const ptx_module_t *m, FILE *f, int check_only)
{
	uint32_t i;
	if (check_only) {
		for (i = 0; i < m->n_funcs; i++) {
			fprintf(f, "%s: ", m->name);
			summary(&m->funcs[i], f);
		}
		return;
	}
	fprintf(f, "module %s: .version %u.%u, .target %s, .address_size %u, %" PRIu32 " variables, %" PRIu32
		" functions\n", m->name, m->version_major, m->version_minor, m->target, m->address_size, m->n_vars,
		m->n_funcs);
	for (i = 0; i < m->n_vars; i++)
		var(&m->vars[i], "", f);
	for (i = 0; i < m->n_funcs; i++) {
		fputc('\n', f);
		function(m, &m->funcs[i], f);
	}
}
