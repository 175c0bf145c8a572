/* tracer.c - tracing a simulator run (trace.h): the header's static table from a PTX function and
 * its register allocation, and the per-instruction hook that turns the simulator's virtual
 * registers into architected register values and writes one record per dynamic warp
 * instruction. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace.h"

/* Per static instruction: the virtual register of every operand of the header's lists. */
typedef struct {
	uint32_t src[RT_OPNDS_MAX]; /* virtual register of insns[pc].src[k] */
	uint32_t dst[RT_OPNDS_MAX]; /* virtual register of insns[pc].dst[k] */
} virt_t;

struct rt_tracer {
	const rt_header_t *h;   /* the table */
	rt_writer_t *w;         /* the trace */
	virt_t *virt;           /* [h->n_insns] */
	rt_record_t rec;        /* the record being built (before, then after) */
	int failed;             /* a write failed: msg holds why; later records are dropped */
	char msg[RT_MSG_MAX];   /* the first error */
};

/* The register operands of one side (ids[0..n) virtual registers) as architected operands: value
 * classes only (predicates are not in the register file), each architected register once. 0, or
 * -1 when a register has no place or a list overflows the format. */
static int side(const ptx_func_t *fn, const ptx_alloc_t *a, const uint32_t *ids, unsigned n, rt_opnd_t *o,
		uint32_t *virt, uint8_t *count)
{
	unsigned k, j, c = 0, regs = 0;
	for (k = 0; k < n; k++) {
		unsigned w = ptx_reg_width(fn->regs[ids[k]].type);
		int32_t p = a->phys[ids[k]];
		if (!w)
			continue;
		if (p < 0)
			return -1;
		for (j = 0; j < c && o[j].reg != (uint16_t)p; j++)
			;
		if (j < c)
			continue;
		if (c == RT_OPNDS_MAX || regs + w > RT_REGS_MAX || p > UINT16_MAX - 2)
			return -1;
		o[c].reg = (uint16_t)p;
		o[c].width = (uint8_t)w;
		virt[c++] = ids[k];
		regs += w;
	}
	*count = (uint8_t)c;
	return 0;
}

/* Instruction pc's operand lists into in (and their virtual registers into v); 0 or -1. */
static int insn_lists(const ptx_func_t *fn, const ptx_alloc_t *a, uint32_t pc, rt_insn_t *in, virt_t *v)
{
	uint32_t uses[PTX_INSN_REGS_MAX], defs[PTX_INSN_REGS_MAX];
	unsigned nu, nd;
	ptx_insn_regs(&fn->insns[pc], uses, &nu, defs, &nd);
	if (side(fn, a, uses, nu, in->src, v->src, &in->n_src) || side(fn, a, defs, nd, in->dst, v->dst, &in->n_dst))
		return -1;
	return 0;
}

/* The text of instruction pc (truncated to RT_TEXT_MAX) into buf. */
static void insn_text(const ptx_module_t *m, const ptx_func_t *fn, uint32_t pc, char *buf)
{
	char *p = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&p, &len);
	buf[0] = 0;
	if (!f)
		return;
	ptx_print_insn(m, fn, &fn->insns[pc], f);
	if (fclose(f) == 0 && p)
		snprintf(buf, RT_TEXT_MAX + 1, "%s", p);
	free(p);
}

int rt_header_build(const ptx_module_t *m, const ptx_func_t *fn, const ptx_alloc_t *a, unsigned limit,
		    const kl_launch_t *l, const char *file, uint64_t seed, rt_header_t *h, char *msg, size_t n)
{
	uint32_t pc, threads = l->block[0] * l->block[1] * l->block[2];
	virt_t v;
	memset(h, 0, sizeof(*h));
	h->version = RT_VERSION;
	snprintf(h->kernel, sizeof(h->kernel), "%s", fn->name);
	snprintf(h->ptx, sizeof(h->ptx), "%s", file);
	memcpy(h->grid, l->grid, sizeof(h->grid));
	memcpy(h->block, l->block, sizeof(h->block));
	h->shared_bytes = l->shared_bytes;
	h->seed = seed;
	h->regs = a->used;
	h->limit = limit;
	h->max_live = a->max_live;
	h->values = a->live_regs;
	h->warps = (threads + RT_LANES - 1) / RT_LANES;
	h->n_insns = fn->n_insns;
	if (fn->n_insns > RT_INSNS_MAX || a->used > UINT16_MAX) {
		snprintf(msg, n, "%s: %s: too large for the trace format", file, fn->name);
		return -1;
	}
	h->insns = calloc(fn->n_insns ? fn->n_insns : 1, sizeof(*h->insns));
	if (!h->insns) {
		snprintf(msg, n, "%s: out of memory", file);
		return -1;
	}
	for (pc = 0; pc < fn->n_insns; pc++) {
		rt_insn_t *in = &h->insns[pc];
		const ptx_insn_t *pi = &fn->insns[pc];
		in->line = pi->line;
		in->cls = (uint8_t)rt_classify(pi);
		in->op = (uint8_t)pi->op;
		in->guarded = pi->guard != PTX_NONE;
		insn_text(m, fn, pc, in->text);
		if (insn_lists(fn, a, pc, in, &v)) {
			snprintf(msg, n, "%s:%u: %s: registers beyond the trace format's bounds", file, pi->line, fn->name);
			rt_header_free(h);
			return -1;
		}
	}
	rt_header_derive(h);
	return 0;
}

rt_tracer_t *rt_tracer_create(const ptx_func_t *fn, const ptx_alloc_t *a, const rt_header_t *h, rt_writer_t *w)
{
	rt_tracer_t *t = calloc(1, sizeof(*t));
	uint32_t pc;
	if (!t)
		return NULL;
	t->virt = calloc(h->n_insns ? h->n_insns : 1, sizeof(*t->virt));
	if (!t->virt) {
		free(t);
		return NULL;
	}
	t->h = h;
	t->w = w;
	for (pc = 0; pc < h->n_insns; pc++) {
		rt_insn_t tmp;
		if (insn_lists(fn, a, pc, &tmp, &t->virt[pc])) { /* rt_header_build accepted it */
			rt_tracer_destroy(t);
			return NULL;
		}
	}
	return t;
}

/* The values of operands o[0..n) (virtual registers virt[]) in the lanes of mask into out. */
static void values(const uint64_t *regs, const rt_opnd_t *o, const uint32_t *virt, unsigned n, uint32_t mask,
		   uint32_t (*out)[RT_LANES])
{
	unsigned k, j = 0, l;
	for (k = 0; k < n; k++) {
		const uint64_t *v = &regs[(size_t)virt[k] * SIM_WARP];
		for (l = 0; l < RT_LANES; l++) {
			uint64_t x = mask >> l & 1 ? v[l] : 0;
			out[j][l] = (uint32_t)x;
			if (o[k].width == 2)
				out[j + 1][l] = (uint32_t)(x >> 32);
		}
		j += o[k].width;
	}
}

void rt_tracer_hook(void *user, const sim_event_t *ev)
{
	rt_tracer_t *t = user;
	const rt_insn_t *in = &t->h->insns[ev->pc];
	const virt_t *v = &t->virt[ev->pc];
	rt_record_t *r = &t->rec;
	if (t->failed)
		return;
	if (!ev->after) {
		r->index = ev->step;
		r->cta = ev->cta;
		r->warp = ev->warp;
		r->pc = ev->pc;
		r->active = ev->active;
		values(ev->regs, in->src, v->src, in->n_src, ev->active, r->src);
		return;
	}
	r->executed = ev->executed;
	values(ev->regs, in->dst, v->dst, in->n_dst, ev->executed, r->dst);
	if (rt_write(t->w, r, t->msg, sizeof(t->msg)) != 0)
		t->failed = 1;
}

int rt_tracer_status(const rt_tracer_t *t, char *msg, size_t n)
{
	if (!t->failed)
		return 0;
	snprintf(msg, n, "%s", t->msg);
	return -1;
}

void rt_tracer_destroy(rt_tracer_t *t)
{
	if (!t)
		return;
	free(t->virt);
	free(t);
}
