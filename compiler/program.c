/* program.c - architected-register programs from allocated PTX, and their flow analysis
 * (annotate.h; docs/compiler.md, "Input" and "Flow"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate.h"

void an_prog_free(an_prog_t *p)
{
	free(p->insns);
	p->insns = NULL;
}

/* The opcode writes its first operand (as ptx_insn_regs sees it). */
static int has_dest(ptx_opcode_t op)
{
	return op != PTX_OP_ST && op != PTX_OP_RED && op != PTX_OP_BRA && op != PTX_OP_RET && op != PTX_OP_EXIT &&
	       op != PTX_OP_BAR;
}

unsigned an_fp_class(const ptx_insn_t *in)
{
	switch (in->op) {
	case PTX_OP_ADD: case PTX_OP_SUB: case PTX_OP_MUL: case PTX_OP_MAD: case PTX_OP_FMA: case PTX_OP_DIV:
	case PTX_OP_ABS: case PTX_OP_NEG: case PTX_OP_MIN: case PTX_OP_MAX: case PTX_OP_SETP:
	case PTX_OP_RCP: case PTX_OP_SQRT: case PTX_OP_RSQRT: case PTX_OP_EX2: case PTX_OP_LG2:
	case PTX_OP_SIN: case PTX_OP_COS:
		return in->type == PTX_T_F32 ? 32 : in->type == PTX_T_F64 ? 64 : 0;
	default:
		return 0;
	}
}

/* Append the architected registers of virtual register v to r[*n] (bounded by max): -1 when full. */
static int add_arch(const ptx_func_t *fn, const ptx_alloc_t *a, uint32_t v, uint16_t *r, uint8_t *n, unsigned max)
{
	unsigned w, k;
	if (v == PTX_NONE || v == PTX_SINK || v >= a->n_regs || a->phys[v] < 0)
		return 0;
	w = ptx_reg_width(fn->regs[v].type);
	for (k = 0; k < w; k++) {
		if (*n >= max)
			return -1;
		r[(*n)++] = (uint16_t)(a->phys[v] + (int32_t)k);
	}
	return 0;
}

/* The registers operand o reads (an address's base, a register, a vector). */
static int operand_arch(const ptx_func_t *fn, const ptx_alloc_t *a, const ptx_operand_t *o, uint16_t *r,
			uint8_t *n, unsigned max)
{
	unsigned k;
	int bad = 0;
	if (o->kind == PTX_OPD_REG || o->kind == PTX_OPD_ADDR)
		bad |= add_arch(fn, a, o->reg, r, n, max);
	else if (o->kind == PTX_OPD_VEC)
		for (k = 0; k < o->n_vec; k++)
			bad |= add_arch(fn, a, o->vec[k], r, n, max);
	return bad;
}

/* Instruction i of fn into q; -1 when a bound of annotate.h is exceeded. */
static int from_insn(const ptx_func_t *fn, const ptx_alloc_t *a, unsigned i, an_insn_t *q)
{
	const ptx_insn_t *in = &fn->insns[i];
	unsigned k, first = has_dest(in->op) && in->n_ops ? 1 : 0;
	int guarded = in->guard != PTX_NONE, goes_on = 1, bad = 0;
	memset(q, 0, sizeof(*q));
	if (first) {
		const ptx_operand_t *o = &in->ops[0];
		if (o->kind == PTX_OPD_ADDR) /* an address is read even in a destination place */
			first = 0;
		else if (o->kind == PTX_OPD_REG) {
			bad |= add_arch(fn, a, o->reg, q->dst, &q->n_dst, AN_DSTS);
			bad |= add_arch(fn, a, o->reg2, q->dst, &q->n_dst, AN_DSTS);
		} else if (o->kind == PTX_OPD_VEC)
			bad |= operand_arch(fn, a, o, q->dst, &q->n_dst, AN_DSTS);
	}
	if (in->n_ops - first > AN_SLOTS)
		return -1;
	for (k = first; k < in->n_ops; k++, q->n_src++)
		bad |= operand_arch(fn, a, &in->ops[k], q->src[q->n_src], &q->src_n[q->n_src], AN_SLOT_REGS);
	q->kills = !guarded;
	if (in->op == PTX_OP_BRA) {
		uint32_t t = in->ops[0].target;
		if (t >= fn->n_insns)
			q->exit = 1;
		else
			q->succ[q->n_succ++] = t;
		goes_on = guarded;
		q->divergent = guarded && !in->uni;
	} else if (in->op == PTX_OP_RET || in->op == PTX_OP_EXIT) {
		q->exit = 1;
		goes_on = guarded;
	}
	if (goes_on) {
		if (i + 1 < fn->n_insns)
			q->succ[q->n_succ++] = i + 1;
		else
			q->exit = 1;
	}
	if (q->n_succ == 2 && q->succ[0] == q->succ[1]) {
		q->n_succ = 1;
		q->divergent = 0;
	}
	q->divergent &= q->n_succ == 2;
	q->barrier = in->op == PTX_OP_BAR && !in->warp; /* a CTA barrier (bar.warp.sync is not one) */
	q->fp = (uint8_t)an_fp_class(in);
	return bad;
}

int an_from_ptx(const ptx_func_t *fn, const ptx_alloc_t *a, an_prog_t *p, char *msg, size_t len)
{
	unsigned i;
	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "%s", fn->name);
	p->n = fn->n_insns ? fn->n_insns : 1;
	p->nregs = a->used ? a->used : 1;
	p->insns = calloc(p->n, sizeof(*p->insns));
	if (!p->insns) {
		snprintf(msg, len, "%s: out of memory", fn->name);
		return -1;
	}
	if (!fn->n_insns)
		p->insns[0].exit = 1;
	for (i = 0; i < fn->n_insns; i++)
		if (from_insn(fn, a, i, &p->insns[i])) {
			snprintf(msg, len, "%s: instruction %u (line %u) has more operands or registers than "
				 "the annotation holds", fn->name, i, fn->insns[i].line);
			an_prog_free(p);
			return -1;
		}
	return 0;
}

/* ---- flow ------------------------------------------------------------------------------------- */

int an_in(const an_flow_t *f, const uint64_t *s, unsigned i, unsigned r)
{
	return (int)(s[(size_t)i * f->W + r / 64] >> (r % 64) & 1);
}

unsigned an_count(const an_flow_t *f, const uint64_t *s, unsigned i)
{
	unsigned k, c = 0;
	for (k = 0; k < f->W; k++)
		c += (unsigned)__builtin_popcountll(s[(size_t)i * f->W + k]);
	return c;
}

static void set_bit(const an_flow_t *f, uint64_t *s, unsigned i, unsigned r)
{
	s[(size_t)i * f->W + r / 64] |= 1ull << (r % 64);
}

void an_flow_free(an_flow_t *f)
{
	pf_destroy(f->g);
	free(f->use);
	free(f->def);
	free(f->kill);
	free(f->lin);
	free(f->lout);
	free(f->eg);
	free(f->ipdom);
	free(f->leader);
	memset(f, 0, sizeof(*f));
}

/* The graph of p with its uses and definitions. 0, or -1. */
static int build_graph(const an_prog_t *p, an_flow_t *f)
{
	unsigned i, k, j;
	f->g = pf_create(p->n, p->nregs);
	if (!f->g)
		return -1;
	for (i = 0; i < p->n; i++) {
		const an_insn_t *q = &p->insns[i];
		for (k = 0; k < q->n_src; k++)
			for (j = 0; j < q->src_n[k]; j++) {
				if (pf_add_use(f->g, i, q->src[k][j]))
					return -1;
				set_bit(f, f->use, i, q->src[k][j]);
			}
		for (k = 0; k < q->n_dst; k++) {
			if (pf_add_def(f->g, i, q->dst[k], q->kills))
				return -1;
			set_bit(f, f->def, i, q->dst[k]);
			if (q->kills)
				set_bit(f, f->kill, i, q->dst[k]);
		}
		for (k = 0; k < q->n_succ; k++)
			if (pf_add_succ(f->g, i, q->succ[k]))
				return -1;
		if (q->exit && pf_set_exit(f->g, i))
			return -1;
	}
	return 0;
}

unsigned an_region(const an_flow_t *f, unsigned b, uint8_t *mark, uint32_t *stack)
{
	const an_insn_t *q = &f->p->insns[b];
	int32_t R = f->ipdom[b];
	unsigned sp = 0, k, c = 0;
	memset(mark, 0, f->n);
	for (k = 0; k < q->n_succ; k++)
		if ((int32_t)q->succ[k] != R && !mark[q->succ[k]]) {
			mark[q->succ[k]] = 1;
			stack[sp++] = q->succ[k];
		}
	while (sp) {
		const an_insn_t *s = &f->p->insns[stack[--sp]];
		c++;
		for (k = 0; k < s->n_succ; k++)
			if ((int32_t)s->succ[k] != R && !mark[s->succ[k]]) {
				mark[s->succ[k]] = 1;
				stack[sp++] = s->succ[k];
			}
	}
	return c;
}

/* eg |= Guard(b) = LiveOut(b) | LiveIn(ipdom(b)) over Region(b). */
static void add_region(an_flow_t *f, unsigned b, uint8_t *mark, uint32_t *stack)
{
	int32_t R = f->ipdom[b];
	unsigned i, w;
	an_region(f, b, mark, stack);
	for (i = 0; i < f->n; i++)
		if (mark[i])
			for (w = 0; w < f->W; w++)
				f->eg[(size_t)i * f->W + w] |= f->lout[(size_t)b * f->W + w] |
					(R >= 0 && (unsigned)R < f->n ? f->lin[(size_t)R * f->W + w] : 0);
}

int an_flow(const an_prog_t *p, an_flow_t *f)
{
	size_t sz;
	unsigned i, r, k;
	uint8_t *mark = NULL;
	uint32_t *stack = NULL;
	int rc = -1;
	memset(f, 0, sizeof(*f));
	f->p = p;
	f->n = p->n;
	f->nregs = p->nregs;
	f->W = (p->nregs + 63) / 64;
	sz = (size_t)f->n * f->W;
	f->use = calloc(sz, 8);
	f->def = calloc(sz, 8);
	f->kill = calloc(sz, 8);
	f->lin = calloc(sz, 8);
	f->lout = calloc(sz, 8);
	f->eg = calloc(sz, 8);
	f->ipdom = calloc(f->n, sizeof(*f->ipdom));
	f->leader = calloc(f->n, 1);
	mark = malloc(f->n);
	stack = malloc(f->n * sizeof(*stack));
	if (!f->use || !f->def || !f->kill || !f->lin || !f->lout || !f->eg || !f->ipdom || !f->leader || !mark ||
	    !stack)
		goto out;
	if (build_graph(p, f) || pf_liveness(f->g) || pf_postdom(f->g))
		goto out;
	for (i = 0; i < f->n; i++) {
		f->ipdom[i] = pf_ipdom(f->g, i);
		for (r = 0; r < f->nregs; r++) {
			if (pf_live(f->g, i, r))
				set_bit(f, f->lin, i, r);
			if (pf_live_out(f->g, i, r))
				set_bit(f, f->lout, i, r);
		}
	}
	/* basic blocks: the entry, every branch target, every instruction after a branch or an exit */
	f->leader[0] = 1;
	for (i = 0; i < f->n; i++) {
		const an_insn_t *q = &p->insns[i];
		int ends = q->exit || q->n_succ != 1 || q->succ[0] != i + 1;
		for (k = 0; k < q->n_succ; k++)
			if (q->succ[k] != i + 1 || ends)
				f->leader[q->succ[k]] = 1;
		if (ends && i + 1 < f->n)
			f->leader[i + 1] = 1;
	}
	for (i = 0; i < f->n; i++)
		if (p->insns[i].divergent)
			add_region(f, i, mark, stack);
	rc = 0;
out:
	free(mark);
	free(stack);
	if (rc)
		an_flow_free(f);
	return rc;
}

uint64_t an_finereg_vector(const an_flow_t *f, unsigned i)
{
	return pf_live_bits64(f->g, i);
}
