/* mem.c - the simulator's memories and their bounds checks (docs/sim.md, "Memory"): global
 * buffers and .global variables, .const variables, the parameter space, the CTA's shared block
 * and each thread's local memory; generic addresses map back to their space through windows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_int.h"

/* Round v up to a multiple of a (a power of two, or 0/1 for none). */
static uint64_t align_up(uint64_t v, uint64_t a)
{
	return a > 1 ? (v + a - 1) & ~(a - 1) : v;
}

/* Write v's initializer into host (v->size bytes, zero where none is given). */
static void var_init(const ptx_var_t *v, unsigned char *host)
{
	unsigned es = ptx_type_size(v->type);
	uint32_t k;
	memset(host, 0, v->size);
	for (k = 0; k < v->n_init && es && (uint64_t)(k + 1) * es <= v->size; k++)
		memcpy(host + (size_t)k * es, &v->init[k], es); /* little-endian host: the low bytes */
}

/* Append a region to *tab (n entries). */
static int region_add(sim_region_t **tab, unsigned *n, uint64_t base, uint64_t size, unsigned char *host,
		      const char *name)
{
	sim_region_t *t = realloc(*tab, (*n + 1) * sizeof(**tab));
	if (!t)
		return -1;
	t[*n].base = base;
	t[*n].size = size;
	t[*n].host = host;
	t[*n].name = name;
	*tab = t;
	(*n)++;
	return 0;
}

/* Parameters: one PTX parameter per launch parameter, buffers as 64-bit global addresses. */
static sim_status_t setup_params(sim_ctx_t *c, const uint64_t *buf_addr)
{
	const kl_launch_t *l = c->l;
	const ptx_func_t *fn = c->fn;
	unsigned i, n = 0;
	for (i = 0; i < fn->n_params; i++)
		n += !fn->params[i].is_ret;
	if (n != l->n_params)
		return sim_fail(c, SIM_EINVAL, "the PTX kernel takes %u parameters, the launch (line %u) has %u", n, l->line,
				l->n_params);
	c->param_bytes = fn->param_bytes;
	c->param = calloc(1, fn->param_bytes ? fn->param_bytes : 1);
	if (!c->param)
		return sim_fail(c, SIM_ENOMEM, "out of memory");
	for (i = 0, n = 0; i < fn->n_params; i++) {
		const ptx_param_t *pp = &fn->params[i];
		const kl_param_t *lp;
		uint64_t v;
		size_t want;
		if (pp->is_ret)
			continue;
		lp = &l->params[n];
		want = lp->kind == KL_BUFFER ? 8 : kl_type_size(lp->type);
		if (pp->size != want)
			return sim_fail(c, SIM_EINVAL, "parameter %u (%s, line %u of the launch) is %zu bytes, the PTX's %s is %u",
					n + 1, lp->name, lp->line, want, pp->name, pp->size);
		v = lp->kind == KL_BUFFER ? buf_addr[n] : lp->value;
		memcpy(c->param + pp->offset, &v, want);
		n++;
	}
	return SIM_OK;
}

/* Shared and local layout: static shared variables (module, then function) in declaration order,
 * then the dynamic block of launch.shared_bytes (every .extern shared array starts there); .local
 * variables of the function in declaration order. */
static sim_status_t setup_shared_local(sim_ctx_t *c)
{
	const ptx_module_t *m = c->m;
	const ptx_func_t *fn = c->fn;
	uint64_t off = 0, dyn, loff = 0;
	uint32_t i;
	for (i = 0; i < m->n_vars; i++) {
		const ptx_var_t *v = &m->vars[i];
		if (v->space != PTX_SP_SHARED || v->unsized || v->is_extern)
			continue;
		off = align_up(off, v->align);
		c->modvar_addr[i] = off;
		if (region_add(&c->shared, &c->n_shared, off, v->size, NULL, v->name))
			return sim_fail(c, SIM_ENOMEM, "out of memory");
		off += v->size;
	}
	for (i = 0; i < fn->n_vars; i++) {
		const ptx_var_t *v = &fn->vars[i];
		if (v->space == PTX_SP_LOCAL) {
			loff = align_up(loff, v->align);
			c->funcvar_addr[i] = loff;
			loff += v->size;
			continue;
		}
		if (v->space != PTX_SP_SHARED || v->unsized)
			continue;
		off = align_up(off, v->align);
		c->funcvar_addr[i] = off;
		if (region_add(&c->shared, &c->n_shared, off, v->size, NULL, v->name))
			return sim_fail(c, SIM_ENOMEM, "out of memory");
		off += v->size;
	}
	dyn = align_up(off, 16);
	for (i = 0; i < m->n_vars; i++)
		if (m->vars[i].space == PTX_SP_SHARED && (m->vars[i].unsized || m->vars[i].is_extern))
			c->modvar_addr[i] = dyn;
	for (i = 0; i < fn->n_vars; i++)
		if (fn->vars[i].space == PTX_SP_SHARED && fn->vars[i].unsized)
			c->funcvar_addr[i] = dyn;
	if (c->l->shared_bytes &&
	    region_add(&c->shared, &c->n_shared, dyn, c->l->shared_bytes, NULL, "dynamic shared memory"))
		return sim_fail(c, SIM_ENOMEM, "out of memory");
	c->shared_bytes = c->l->shared_bytes ? dyn + c->l->shared_bytes : off;
	if (loff > SIM_LOCAL_MAX)
		return sim_fail(c, SIM_EFAULT, "%llu bytes of .local memory per thread (limit %u)", (unsigned long long)loff,
				SIM_LOCAL_MAX);
	c->local_bytes = (uint32_t)loff;
	c->smem = calloc(1, c->shared_bytes ? c->shared_bytes : 1);
	c->lmem = calloc((size_t)c->nthreads, c->local_bytes ? c->local_bytes : 1);
	if (!c->smem || !c->lmem)
		return sim_fail(c, SIM_ENOMEM, "out of memory");
	return SIM_OK;
}

sim_status_t sim_mem_setup(sim_ctx_t *c, void *const *bufs)
{
	const ptx_module_t *m = c->m;
	uint64_t gaddr = SIM_GLOBAL_BASE, caddr = 0, buf_addr[KL_PARAMS_MAX];
	unsigned i;
	sim_status_t st;
	c->modvar_addr = calloc(m->n_vars ? m->n_vars : 1, sizeof(uint64_t));
	c->funcvar_addr = calloc(c->fn->n_vars ? c->fn->n_vars : 1, sizeof(uint64_t));
	if (!c->modvar_addr || !c->funcvar_addr)
		return sim_fail(c, SIM_ENOMEM, "out of memory");
	for (i = 0; i < c->l->n_params; i++) {
		const kl_param_t *p = &c->l->params[i];
		uint64_t size = (uint64_t)p->count * kl_type_size(p->type);
		buf_addr[i] = 0;
		if (p->kind != KL_BUFFER)
			continue;
		buf_addr[i] = gaddr;
		if (region_add(&c->global, &c->n_global, gaddr, size, bufs[i], p->name))
			return sim_fail(c, SIM_ENOMEM, "out of memory");
		gaddr = align_up(gaddr + size + SIM_GLOBAL_GAP, 256);
	}
	for (i = 0; i < m->n_vars; i++) {
		const ptx_var_t *v = &m->vars[i];
		unsigned char *host;
		if (v->space != PTX_SP_GLOBAL && v->space != PTX_SP_CONST)
			continue;
		host = malloc(v->size ? v->size : 1);
		if (!host)
			return sim_fail(c, SIM_ENOMEM, "out of memory");
		var_init(v, host);
		if (v->space == PTX_SP_GLOBAL) {
			gaddr = align_up(gaddr, v->align > 256 ? v->align : 256);
			c->modvar_addr[i] = gaddr;
			if (region_add(&c->global, &c->n_global, gaddr, v->size, host, v->name)) {
				free(host);
				return sim_fail(c, SIM_ENOMEM, "out of memory");
			}
			gaddr += v->size + SIM_GLOBAL_GAP;
		} else {
			caddr = align_up(caddr, v->align);
			c->modvar_addr[i] = caddr;
			if (region_add(&c->cnst, &c->n_const, caddr, v->size, host, v->name)) {
				free(host);
				return sim_fail(c, SIM_ENOMEM, "out of memory");
			}
			caddr += v->size;
		}
	}
	st = setup_params(c, buf_addr);
	if (st == SIM_OK)
		st = setup_shared_local(c);
	return st;
}

void sim_mem_free(sim_ctx_t *c)
{
	unsigned i, nbuf = 0;
	for (i = 0; i < c->l->n_params; i++)
		nbuf += c->l->params[i].kind == KL_BUFFER;
	for (i = nbuf; i < c->n_global; i++) /* the buffers belong to the caller */
		free(c->global[i].host);
	for (i = 0; i < c->n_const; i++)
		free(c->cnst[i].host);
	free(c->global);
	free(c->cnst);
	free(c->shared);
	free(c->param);
	free(c->modvar_addr);
	free(c->funcvar_addr);
	free(c->smem);
	free(c->lmem);
}

/* The region of tab holding [a, a + size), or NULL. */
static const sim_region_t *region_find(const sim_region_t *tab, unsigned n, uint64_t a, unsigned size)
{
	unsigned i;
	for (i = 0; i < n; i++)
		if (a >= tab[i].base && a - tab[i].base <= tab[i].size && tab[i].size - (a - tab[i].base) >= size)
			return &tab[i];
	return NULL;
}

unsigned char *sim_mem_at(sim_ctx_t *c, const sim_warp_t *w, unsigned lane, uint32_t pc, ptx_space_t sp,
			  uint64_t addr, unsigned size, int write)
{
	const sim_region_t *r;
	uint64_t a = addr;
	const char *gen = sp == PTX_SP_NONE ? "generic " : "";
	uint32_t tid = w->id * SIM_WARP + lane;
	if (sp == PTX_SP_NONE) {
		if (addr - SIM_CONST_WIN < SIM_WIN_SIZE)
			sp = PTX_SP_CONST, a = addr - SIM_CONST_WIN;
		else if (addr - SIM_SHARED_WIN < SIM_WIN_SIZE)
			sp = PTX_SP_SHARED, a = addr - SIM_SHARED_WIN;
		else if (addr - SIM_LOCAL_WIN < SIM_WIN_SIZE)
			sp = PTX_SP_LOCAL, a = addr - SIM_LOCAL_WIN;
		else
			sp = PTX_SP_GLOBAL;
	}
	if (a % size) {
		sim_fail_at(c, w, lane, pc, "%s%s address 0x%llx (%u bytes) is not aligned to %u bytes", gen,
			    ptx_space_name(sp), (unsigned long long)addr, size, size);
		return NULL;
	}
	if (write && (sp == PTX_SP_CONST || sp == PTX_SP_PARAM)) {
		sim_fail_at(c, w, lane, pc, "%s%s address 0x%llx (%u bytes): a store to a read-only space", gen,
			    ptx_space_name(sp), (unsigned long long)addr, size);
		return NULL;
	}
	switch (sp) {
	case PTX_SP_GLOBAL:
		r = region_find(c->global, c->n_global, a, size);
		if (r)
			return r->host + (a - r->base);
		break;
	case PTX_SP_CONST:
		r = region_find(c->cnst, c->n_const, a, size);
		if (r)
			return r->host + (a - r->base);
		break;
	case PTX_SP_SHARED:
		if (region_find(c->shared, c->n_shared, a, size))
			return c->smem + a;
		break;
	case PTX_SP_LOCAL:
		if (a <= c->local_bytes && c->local_bytes - a >= size)
			return c->lmem + (size_t)tid * c->local_bytes + a;
		break;
	case PTX_SP_PARAM:
		if (a <= c->param_bytes && c->param_bytes - a >= size)
			return c->param + a;
		break;
	default:
		break;
	}
	sim_fail_at(c, w, lane, pc, "%s%s address 0x%llx (%u bytes) is outside every allocation", gen, ptx_space_name(sp),
		    (unsigned long long)addr, size);
	return NULL;
}
