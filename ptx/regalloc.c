/* regalloc.c - a PTX function's flow graph and register allocation (regalloc.h, docs/ptx.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regalloc.h"

unsigned ptx_reg_width(ptx_type_t t)
{
	switch (t) {
	case PTX_T_PRED: return 0;
	case PTX_T_B64: case PTX_T_U64: case PTX_T_S64: case PTX_T_F64: return 2;
	default: return 1;
	}
}

/* The instruction writes its first operand (every opcode but stores, reductions and control). */
static int has_dest(ptx_opcode_t op)
{
	return op != PTX_OP_ST && op != PTX_OP_RED && op != PTX_OP_BRA && op != PTX_OP_RET && op != PTX_OP_EXIT &&
	       op != PTX_OP_BAR;
}

/* Every register of operand o, into uses (dest 0) or defs (dest 1). */
static void add_regs(const ptx_operand_t *o, int dest, uint32_t *uses, unsigned *nu, uint32_t *defs, unsigned *nd)
{
	uint32_t r[5];
	unsigned n = 0, k;
	switch (o->kind) {
	case PTX_OPD_REG:
		r[n++] = o->reg;
		if (dest)
			r[n++] = o->reg2;
		break;
	case PTX_OPD_VEC:
		for (k = 0; k < o->n_vec; k++)
			r[n++] = o->vec[k];
		break;
	case PTX_OPD_ADDR:
		r[n++] = o->reg;
		dest = 0; /* an address is read even in a destination place */
		break;
	default:
		break;
	}
	for (k = 0; k < n; k++) {
		if (r[k] == PTX_NONE || r[k] == PTX_SINK)
			continue;
		if (dest)
			defs[(*nd)++] = r[k];
		else
			uses[(*nu)++] = r[k];
	}
}

void ptx_insn_regs(const ptx_insn_t *in, uint32_t *uses, unsigned *nu, uint32_t *defs, unsigned *nd)
{
	unsigned k;
	*nu = *nd = 0;
	if (in->guard != PTX_NONE)
		uses[(*nu)++] = in->guard;
	for (k = 0; k < in->n_ops; k++)
		add_regs(&in->ops[k], k == 0 && has_dest(in->op), uses, nu, defs, nd);
}

pf_graph_t *ptx_flow_graph(const ptx_func_t *fn)
{
	pf_graph_t *g = pf_create(fn->n_insns ? fn->n_insns : 1, fn->n_regs ? fn->n_regs : 1);
	uint32_t uses[PTX_INSN_REGS_MAX], defs[PTX_INSN_REGS_MAX];
	unsigned i, k, nu, nd;
	if (!g)
		return NULL;
	if (!fn->n_insns) {
		pf_set_exit(g, 0);
		return g;
	}
	for (i = 0; i < fn->n_insns; i++) {
		const ptx_insn_t *in = &fn->insns[i];
		int guarded = in->guard != PTX_NONE, goes_on = 1;
		ptx_insn_regs(in, uses, &nu, defs, &nd);
		for (k = 0; k < nu; k++)
			pf_add_use(g, i, uses[k]);
		for (k = 0; k < nd; k++)
			pf_add_def(g, i, defs[k], !guarded);
		if (in->op == PTX_OP_BRA) {
			uint32_t t = in->ops[0].target;
			if (t >= fn->n_insns)
				pf_set_exit(g, i);
			else
				pf_add_succ(g, i, t);
			goes_on = guarded;
		} else if (in->op == PTX_OP_RET || in->op == PTX_OP_EXIT) {
			pf_set_exit(g, i);
			goes_on = guarded;
		}
		if (goes_on) {
			if (i + 1 < fn->n_insns)
				pf_add_succ(g, i, i + 1);
			else
				pf_set_exit(g, i);
		}
	}
	return g;
}

/* ---- allocation --------------------------------------------------------------------------------- */

void ptx_alloc_free(ptx_alloc_t *a)
{
	free(a->phys);
	memset(a, 0, sizeof(*a));
}

/* The registers fn defines at instruction i (value classes only), into d; their count. */
static unsigned defs_of(const ptx_func_t *fn, unsigned i, uint32_t *d)
{
	const ptx_insn_t *in = &fn->insns[i];
	const ptx_operand_t *o = &in->ops[0];
	unsigned n = 0, k;
	if (!in->n_ops || !has_dest(in->op))
		return 0;
	if (o->kind == PTX_OPD_REG) {
		d[n++] = o->reg;
		d[n++] = o->reg2;
	} else if (o->kind == PTX_OPD_VEC) {
		for (k = 0; k < o->n_vec; k++)
			d[n++] = o->vec[k];
	}
	for (k = 0; k < n;)
		if (d[k] == PTX_NONE || d[k] == PTX_SINK || !ptx_reg_width(fn->regs[d[k]].type))
			d[k] = d[--n];
		else
			k++;
	return n;
}

/* Interference: registers both live out of, or defined at, one instruction (a bit matrix over
 * fn's registers). Also: first[r], the first instruction defining r; seen[r], r is defined or
 * live somewhere; *max_live, the most 32-bit registers live into one instruction. */
static uint8_t *interference(const ptx_func_t *fn, const pf_graph_t *g, uint32_t *first, uint8_t *seen,
	unsigned *max_live)
{
	unsigned nr = fn->n_regs, i, j, k, ns, nd, live;
	uint8_t *m = calloc((size_t)nr * nr, 1);
	uint32_t *set = malloc((nr + 8) * sizeof(uint32_t)), d[8];
	if (!m || !set) {
		free(m);
		free(set);
		return NULL;
	}
	*max_live = 0;
	for (i = 0; i < fn->n_insns; i++) {
		nd = ns = defs_of(fn, i, d);
		for (k = 0; k < nd; k++) {
			set[k] = d[k];
			seen[d[k]] = 1;
			if (first[d[k]] == UINT32_MAX)
				first[d[k]] = i;
		}
		for (j = 0, live = 0; j < nr; j++) {
			unsigned w = ptx_reg_width(fn->regs[j].type);
			if (!w)
				continue;
			if (pf_live(g, i, j)) {
				live += w;
				seen[j] = 1;
			}
			if (!pf_live_out(g, i, j))
				continue;
			for (k = 0; k < nd && d[k] != j; k++)
				;
			if (k == nd)
				set[ns++] = j;
		}
		for (j = 0; j < ns; j++)
			for (k = j + 1; k < ns; k++)
				m[(size_t)set[j] * nr + set[k]] = m[(size_t)set[k] * nr + set[j]] = 1;
		if (live > *max_live)
			*max_live = live;
	}
	free(set);
	return m;
}

static int by_key(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
	return a < b ? -1 : a > b;
}

/* Each register in order takes the lowest aligned place free of its interfering neighbours. */
static void colour(const ptx_func_t *fn, const uint8_t *m, const uint32_t *order, unsigned n, ptx_alloc_t *a,
	uint8_t *busy, unsigned cap)
{
	unsigned nr = fn->n_regs, i, k, s, w;
	for (i = 0; i < n; i++) {
		uint32_t r = order[i];
		w = ptx_reg_width(fn->regs[r].type);
		memset(busy, 0, cap);
		for (k = 0; k < nr; k++)
			if (a->phys[k] >= 0 && m[(size_t)r * nr + k]) {
				unsigned p, wk = ptx_reg_width(fn->regs[k].type);
				for (p = 0; p < wk; p++)
					busy[a->phys[k] + p] = 1;
			}
		for (s = 0; busy[s] || (w == 2 && busy[s + 1]); s += w)
			;
		a->phys[r] = (int32_t)s;
		if (s + w > a->used)
			a->used = s + w;
	}
}

int ptx_alloc(const ptx_func_t *fn, unsigned limit, ptx_alloc_t *a, char *msg, size_t n)
{
	unsigned nr = fn->n_regs, i, cnt = 0, cap = 2 * nr + 4;
	pf_graph_t *g = NULL;
	uint32_t *first = malloc((nr + 1) * sizeof(uint32_t)), *order = malloc((nr + 1) * sizeof(uint32_t));
	uint64_t *key = malloc((nr + 1) * sizeof(uint64_t));
	uint8_t *seen = calloc(nr + 1, 1), *busy = malloc(cap), *m = NULL;
	int rc = -1;
	memset(a, 0, sizeof(*a));
	a->n_regs = nr;
	a->phys = malloc((nr + 1) * sizeof(int32_t));
	if (!first || !order || !key || !seen || !busy || !a->phys || !(g = ptx_flow_graph(fn)) || pf_liveness(g)) {
		snprintf(msg, n, "%s: out of memory", fn->name);
		goto out;
	}
	for (i = 0; i < nr; i++) {
		first[i] = UINT32_MAX;
		a->phys[i] = -1;
	}
	if (!(m = interference(fn, g, first, seen, &a->max_live))) {
		snprintf(msg, n, "%s: out of memory", fn->name);
		goto out;
	}
	/* the order: the first definition, then the id (registers read before any definition first) */
	for (i = 0; i < nr; i++)
		if (seen[i])
			key[cnt++] = (uint64_t)(first[i] == UINT32_MAX ? 0 : first[i] + 1) << 32 | i;
	qsort(key, cnt, sizeof(*key), by_key);
	for (i = 0; i < cnt; i++)
		order[i] = (uint32_t)key[i];
	a->live_regs = cnt;
	colour(fn, m, order, cnt, a, busy, cap);
	if (a->used > limit) {
		snprintf(msg, n, "%s needs %u registers per thread, the limit is %u", fn->name, a->used, limit);
		goto out;
	}
	rc = 0;
out:
	if (rc)
		ptx_alloc_free(a);
	pf_destroy(g);
	free(first);
	free(order);
	free(key);
	free(seen);
	free(busy);
	free(m);
	return rc;
}
