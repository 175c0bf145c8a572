/* run.c - a launch from a kl_launch_t and its buffers (docs/sim.md): the kernel, the reconvergence
 * points of its branches, memory, then every CTA; messages and the planted-fault names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regalloc.h"
#include "sim_int.h"

static const char *const plant_names[SIM_PLANT_COUNT] = {"none", "fma-unfused", "shfl-no-clamp", "setp-ordered"};

sim_plant_t sim_plant_lookup(const char *name)
{
	unsigned i;
	for (i = 1; i < SIM_PLANT_COUNT; i++)
		if (strcmp(name, plant_names[i]) == 0)
			return (sim_plant_t)i;
	return SIM_PLANT_COUNT;
}

const char *sim_plant_name(sim_plant_t p)
{
	return p < SIM_PLANT_COUNT ? plant_names[p] : "?";
}

/* "file: kernel: " into c->msg; the bytes written. */
static size_t prefix(sim_ctx_t *c)
{
	int n = snprintf(c->msg, c->msg_len, "%s: %s: ", c->file, c->l->name);
	return n < 0 ? 0 : (size_t)n < c->msg_len ? (size_t)n : c->msg_len - 1;
}

sim_status_t sim_fail(sim_ctx_t *c, sim_status_t st, const char *fmt, ...)
{
	va_list ap;
	size_t n;
	if (!c->msg || !c->msg_len)
		return st;
	n = prefix(c);
	va_start(ap, fmt);
	vsnprintf(c->msg + n, c->msg_len - n, fmt, ap);
	va_end(ap);
	return st;
}

sim_status_t sim_fail_at(sim_ctx_t *c, const sim_warp_t *w, unsigned lane, uint32_t pc, const char *fmt, ...)
{
	const uint32_t *b = c->l->block;
	uint32_t tid = w->id * SIM_WARP + lane;
	va_list ap;
	size_t n;
	int k;
	if (!c->msg || !c->msg_len)
		return SIM_EFAULT;
	n = prefix(c);
	k = snprintf(c->msg + n, c->msg_len - n, "pc %u (%s:%u): thread (%u,%u,%u) of CTA (%u,%u,%u): ", pc,
		     c->m->name, pc < c->fn->n_insns ? c->fn->insns[pc].line : 0, tid % b[0], tid / b[0] % b[1], tid / b[0] / b[1],
		     c->cta[0], c->cta[1], c->cta[2]);
	if (k > 0)
		n = n + (size_t)k < c->msg_len ? n + (size_t)k : c->msg_len - 1;
	va_start(ap, fmt);
	vsnprintf(c->msg + n, c->msg_len - n, fmt, ap);
	va_end(ap);
	return SIM_EFAULT;
}

/* The kernel called name: an .entry of m, or NULL. */
static const ptx_func_t *find_entry(const ptx_module_t *m, const char *name)
{
	uint32_t i;
	for (i = 0; i < m->n_funcs; i++)
		if (m->funcs[i].is_entry && strcmp(m->funcs[i].name, name) == 0)
			return &m->funcs[i];
	return NULL;
}

/* c->rpc: the immediate post-dominator of every branch (SIM_NO_RPC when it is the exit or none). */
static sim_status_t reconvergence(sim_ctx_t *c)
{
	const ptx_func_t *fn = c->fn;
	pf_graph_t *g = NULL;
	uint32_t i;
	c->rpc = calloc(fn->n_insns ? fn->n_insns : 1, sizeof(uint32_t));
	if (!c->rpc)
		return sim_fail(c, SIM_ENOMEM, "out of memory");
	if (!fn->n_insns)
		return SIM_OK;
	g = ptx_flow_graph(fn);
	if (!g || pf_postdom(g) != 0) {
		pf_destroy(g);
		return sim_fail(c, SIM_ENOMEM, "out of memory");
	}
	for (i = 0; i < fn->n_insns; i++) {
		int d = pf_ipdom(g, i);
		c->rpc[i] = d < 0 || (uint32_t)d >= fn->n_insns ? SIM_NO_RPC : (uint32_t)d;
	}
	pf_destroy(g);
	return SIM_OK;
}

/* The kernel's names for a message: "a, b" (at most the first few). */
static void entry_names(const ptx_module_t *m, char *buf, size_t n)
{
	uint32_t i, k = 0;
	size_t used = 0;
	buf[0] = 0;
	for (i = 0; i < m->n_funcs && k < 8; i++) {
		int w;
		if (!m->funcs[i].is_entry)
			continue;
		w = snprintf(buf + used, n - used, "%s%s", k ? ", " : "", m->funcs[i].name);
		if (w < 0 || (size_t)w >= n - used)
			break;
		used += (size_t)w;
		k++;
	}
}

sim_status_t sim_run(const ptx_module_t *m, const kl_launch_t *l, const char *file, void *const *bufs,
		     const sim_opts_t *o, sim_stats_t *stats, char *msg, size_t msg_len)
{
	sim_ctx_t c;
	sim_status_t st;
	uint64_t threads;
	char names[256];
	memset(&c, 0, sizeof(c));
	c.m = m;
	c.l = l;
	c.file = file;
	c.msg = msg;
	c.msg_len = msg_len;
	if (o)
		c.o = *o;
	if (msg && msg_len)
		msg[0] = 0;
	c.fn = find_entry(m, l->name);
	if (!c.fn) {
		entry_names(m, names, sizeof(names));
		return sim_fail(&c, SIM_EINVAL, "no .entry %s in %s (it has: %s)", l->name, m->name,
				names[0] ? names : "none");
	}
	threads = (uint64_t)l->block[0] * l->block[1] * l->block[2];
	if (threads == 0 || threads > KL_THREADS_MAX || !l->grid[0] || !l->grid[1] || !l->grid[2])
		return sim_fail(&c, SIM_EINVAL, "block of %llu threads (legal: 1..%u)", (unsigned long long)threads,
				KL_THREADS_MAX);
	c.nthreads = (uint32_t)threads;
	c.n_warps = (c.nthreads + SIM_WARP - 1) / SIM_WARP;
	st = reconvergence(&c);
	if (st == SIM_OK)
		st = sim_mem_setup(&c, bufs);
	if (st == SIM_OK)
		st = sim_run_ctas(&c);
	if (st == SIM_OK && stats) {
		stats->steps = c.steps;
		stats->thread_insns = c.thread_insns;
		stats->ctas = l->grid[0] * l->grid[1] * l->grid[2];
		stats->warps = c.n_warps;
		stats->max_stack = c.max_stack;
	}
	sim_mem_free(&c);
	free(c.rpc);
	return st;
}
