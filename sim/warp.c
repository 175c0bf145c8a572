/* warp.c - the SIMT stack of a warp and the scheduling of the warps of a CTA (docs/sim.md, "SIMT
 * stack" and "Scheduling"): one instruction of one warp per step, warps in a loose round robin
 * whose order per round the seed permutes, CTAs one after another, bar.sync across the CTA. */
#include <stdlib.h>
#include <string.h>

#include "sim_int.h"

/* splitmix64: the seed's pseudo-random stream. */
static uint64_t mix(uint64_t z)
{
	z += 0x9e3779b97f4a7c15ull;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* order[0..n) := 0..n-1, shuffled (Fisher-Yates) from splitmix64(seed, salt) unless seed is 0. */
static void permute(uint32_t *order, uint32_t n, uint64_t seed, uint64_t salt)
{
	uint64_t z = seed ^ mix(salt);
	uint32_t i;
	for (i = 0; i < n; i++)
		order[i] = i;
	if (!seed)
		return;
	for (i = n; i > 1; i--) {
		uint32_t j, t;
		z = mix(z);
		j = (uint32_t)(z % i);
		t = order[i - 1];
		order[i - 1] = order[j];
		order[j] = t;
	}
}

/* Pop the entries whose lanes are gone or that reached their reconvergence point. */
static void settle(sim_warp_t *w)
{
	while (w->depth && (w->stack[w->depth - 1].mask == 0 || w->stack[w->depth - 1].pc == w->stack[w->depth - 1].rpc))
		w->depth--;
	if (!w->depth)
		w->done = 1;
}

/* The lanes of gone leave the warp: removed from every entry. */
static void lanes_exit(sim_warp_t *w, uint32_t gone)
{
	uint32_t k;
	w->exited |= gone;
	for (k = 0; k < w->depth; k++)
		w->stack[k].mask &= ~gone;
}

/* A branch at pc to target taken by the lanes of taken, a proper subset of the top entry's lanes:
 * the top entry continues at the reconvergence point (or is replaced when it reconverges at the
 * same point), then the taken path is pushed, then the fall-through path, which runs first. */
static sim_status_t diverge(sim_ctx_t *c, sim_warp_t *w, uint32_t pc, uint32_t target, uint32_t taken)
{
	sim_entry_t *top = &w->stack[w->depth - 1];
	uint32_t rpc = c->rpc[pc], all = top->mask;
	if (top->rpc == rpc) {
		top->pc = target;
		top->mask = taken;
	} else {
		if (w->depth + 2 > SIM_STACK_MAX)
			return sim_fail_at(c, w, (unsigned)__builtin_ctz(all), pc, "the SIMT stack is deeper than %u entries",
					   SIM_STACK_MAX);
		top->pc = rpc;
		w->stack[w->depth++] = (sim_entry_t){target, rpc, taken};
	}
	if (w->depth + 1 > SIM_STACK_MAX)
		return sim_fail_at(c, w, (unsigned)__builtin_ctz(all), pc, "the SIMT stack is deeper than %u entries",
				   SIM_STACK_MAX);
	w->stack[w->depth++] = (sim_entry_t){pc + 1, rpc, all & ~taken};
	if (w->depth > c->max_stack)
		c->max_stack = w->depth;
	return SIM_OK;
}

/* The lanes of active whose guard holds. */
static uint32_t guard_mask(const sim_warp_t *w, const ptx_insn_t *in, uint32_t active)
{
	uint32_t m = 0, l;
	const uint64_t *g;
	if (in->guard == PTX_NONE)
		return active;
	g = &w->regs[(size_t)in->guard * SIM_WARP];
	for (l = 0; l < SIM_WARP; l++)
		if ((active >> l & 1) && ((g[l] & 1) != in->guard_neg))
			m |= 1u << l;
	return m;
}

/* Call the hook. */
static void hook(sim_ctx_t *c, const sim_warp_t *w, uint32_t pc, uint32_t active, uint32_t exec, int after)
{
	sim_event_t ev;
	ev.cta = c->cta_linear;
	ev.warp = w->id;
	ev.pc = pc;
	ev.active = active;
	ev.executed = exec;
	ev.after = after;
	ev.step = c->steps - (uint64_t)after;
	ev.insn = &c->fn->insns[pc];
	ev.regs = w->regs;
	c->o.hook(c->o.hook_user, &ev);
}

/* Execute one instruction of w (its top entry). */
static sim_status_t warp_step(sim_ctx_t *c, sim_warp_t *w)
{
	sim_entry_t *top = &w->stack[w->depth - 1];
	uint32_t pc = top->pc, active = top->mask, exec;
	const ptx_insn_t *in;
	sim_status_t st = SIM_OK;
	if (pc >= c->fn->n_insns) { /* fell off the end: the lanes exit */
		lanes_exit(w, active);
		settle(w);
		return SIM_OK;
	}
	in = &c->fn->insns[pc];
	if (c->o.hook)
		hook(c, w, pc, active, 0, 0);
	exec = guard_mask(w, in, active);
	c->steps++;
	c->thread_insns += (uint64_t)__builtin_popcount(exec);
	switch (in->op) {
	case PTX_OP_BRA:
		if (exec == active)
			top->pc = in->ops[0].target;
		else if (exec == 0)
			top->pc = pc + 1;
		else
			st = diverge(c, w, pc, in->ops[0].target, exec);
		break;
	case PTX_OP_RET:
	case PTX_OP_EXIT:
		lanes_exit(w, exec);
		top->pc = pc + 1;
		break;
	case PTX_OP_BAR:
		if (in->warp) { /* bar.warp.sync: the lanes of a warp already run in step (docs/sim.md) */
			top->pc = pc + 1;
			break;
		}
		if (exec) {
			if (in->n_ops > 1)
				return sim_fail_at(c, w, (unsigned)__builtin_ctz(exec), pc,
						   "bar.sync with a thread count is not supported");
			w->at_bar = 1;
			w->bar_id = (uint32_t)sim_operand(c, w, &in->ops[0], (unsigned)__builtin_ctz(exec));
			w->bar_pc = pc;
		} else {
			top->pc = pc + 1;
		}
		break;
	default:
		st = sim_exec(c, w, pc, exec);
		top->pc = pc + 1;
		break;
	}
	if (st != SIM_OK)
		return st;
	if (!w->at_bar)
		settle(w);
	if (c->o.hook)
		hook(c, w, pc, active, exec, 1);
	return SIM_OK;
}

/* Every live warp of the CTA waits at a barrier: release it, or report the deadlock. */
static sim_status_t barrier(sim_ctx_t *c)
{
	uint32_t i;
	const sim_warp_t *first = NULL;
	for (i = 0; i < c->n_warps; i++) {
		const sim_warp_t *w = &c->warps[i];
		if (!w->done && !w->at_bar)
			return SIM_OK;
		if (w->at_bar && !first)
			first = w;
	}
	if (!first)
		return SIM_OK;
	for (i = 0; i < c->n_warps; i++) {
		const sim_warp_t *w = &c->warps[i];
		if (w->done)
			return sim_fail(c, SIM_EFAULT,
					"barrier deadlock in CTA (%u,%u,%u): warp %u has exited while warp %u waits at "
					"bar.sync %u (pc %u, %s:%u)", c->cta[0], c->cta[1], c->cta[2], w->id, first->id,
					first->bar_id, first->bar_pc, c->m->name, c->fn->insns[first->bar_pc].line);
		if (w->bar_id != first->bar_id || w->bar_pc != first->bar_pc)
			return sim_fail(c, SIM_EFAULT,
					"barrier deadlock in CTA (%u,%u,%u): warp %u waits at bar.sync %u (pc %u, %s:%u), "
					"warp %u at bar.sync %u (pc %u, %s:%u)", c->cta[0], c->cta[1], c->cta[2],
					first->id, first->bar_id, first->bar_pc, c->m->name, c->fn->insns[first->bar_pc].line,
					w->id, w->bar_id, w->bar_pc, c->m->name, c->fn->insns[w->bar_pc].line);
	}
	for (i = 0; i < c->n_warps; i++) {
		sim_warp_t *w = &c->warps[i];
		w->at_bar = 0;
		w->stack[w->depth - 1].pc = w->bar_pc + 1;
		settle(w);
	}
	return SIM_OK;
}

/* Reset the warps, shared and local memory for CTA cta_linear. */
static void cta_start(sim_ctx_t *c, uint32_t cta_linear)
{
	const kl_launch_t *l = c->l;
	uint32_t i;
	c->cta_linear = cta_linear;
	c->cta[0] = cta_linear % l->grid[0];
	c->cta[1] = cta_linear / l->grid[0] % l->grid[1];
	c->cta[2] = cta_linear / l->grid[0] / l->grid[1];
	memset(c->smem, 0, c->shared_bytes ? c->shared_bytes : 1);
	memset(c->lmem, 0, (size_t)c->nthreads * (c->local_bytes ? c->local_bytes : 1));
	for (i = 0; i < c->n_warps; i++) {
		sim_warp_t *w = &c->warps[i];
		uint32_t left = c->nthreads - i * SIM_WARP;
		w->id = i;
		w->valid = left >= SIM_WARP ? UINT32_MAX : (1u << left) - 1;
		w->exited = 0;
		w->done = 0;
		w->at_bar = 0;
		w->depth = 1;
		w->stack[0] = (sim_entry_t){0, SIM_NO_RPC, w->valid};
		memset(w->regs, 0, (size_t)c->fn->n_regs * SIM_WARP * sizeof(uint64_t));
	}
}

/* Run the current CTA to completion. */
static sim_status_t cta_run(sim_ctx_t *c, uint32_t *order)
{
	uint64_t round = 0, budget = c->o.max_steps ? c->o.max_steps : SIM_STEPS_DEFAULT;
	uint32_t k, live;
	sim_status_t st;
	for (;;) {
		permute(order, c->n_warps, c->o.seed, ((uint64_t)c->cta_linear << 40) ^ round++);
		for (k = 0; k < c->n_warps; k++) {
			sim_warp_t *w = &c->warps[order[k]];
			if (w->done || w->at_bar)
				continue;
			if (c->steps >= budget) {
				const sim_entry_t *e = &w->stack[w->depth - 1];
				return sim_fail(c, SIM_EFAULT,
						"step budget of %llu dynamic warp instructions exceeded (CTA (%u,%u,%u), warp %u "
						"at pc %u, %s:%u; --max-steps raises it)", (unsigned long long)budget,
						c->cta[0], c->cta[1], c->cta[2], w->id, e->pc, c->m->name,
						e->pc < c->fn->n_insns ? c->fn->insns[e->pc].line : 0);
			}
			st = warp_step(c, w);
			if (st != SIM_OK)
				return st;
		}
		st = barrier(c);
		if (st != SIM_OK)
			return st;
		for (k = 0, live = 0; k < c->n_warps; k++)
			live += !c->warps[k].done;
		if (!live)
			return SIM_OK;
	}
}

sim_status_t sim_run_ctas(sim_ctx_t *c)
{
	const kl_launch_t *l = c->l;
	uint32_t n_ctas = l->grid[0] * l->grid[1] * l->grid[2], *order = NULL, *ctas = NULL, i;
	uint64_t *regs = NULL;
	sim_status_t st = SIM_OK;
	c->warps = calloc(c->n_warps, sizeof(*c->warps));
	order = calloc(c->n_warps, sizeof(*order));
	ctas = calloc(n_ctas, sizeof(*ctas));
	regs = calloc((size_t)c->n_warps * (c->fn->n_regs ? c->fn->n_regs : 1) * SIM_WARP, sizeof(uint64_t));
	if (!c->warps || !order || !ctas || !regs) {
		st = sim_fail(c, SIM_ENOMEM, "out of memory");
		goto out;
	}
	for (i = 0; i < c->n_warps; i++) {
		c->warps[i].regs = regs + (size_t)i * (c->fn->n_regs ? c->fn->n_regs : 1) * SIM_WARP;
		c->warps[i].stack = calloc(SIM_STACK_MAX, sizeof(sim_entry_t));
		if (!c->warps[i].stack) {
			st = sim_fail(c, SIM_ENOMEM, "out of memory");
			goto out;
		}
	}
	permute(ctas, n_ctas, c->o.seed, UINT64_MAX);
	c->max_stack = 1;
	for (i = 0; i < n_ctas && st == SIM_OK; i++) {
		cta_start(c, ctas[i]);
		st = cta_run(c, order);
	}
out:
	for (i = 0; c->warps && i < c->n_warps; i++)
		free(c->warps[i].stack);
	free(c->warps);
	c->warps = NULL;
	free(regs);
	free(order);
	free(ctas);
	return st;
}
