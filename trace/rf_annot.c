/* rf_annot.c - the compiler side of a technique for a trace replayed through rf_top (rf_annot.h;
 * docs/trace.md, "Replay with RegMutex and virtualization"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate.h"
#include "rf_annot.h"
#include "rfm_virt.h"

void ra_free(ra_t *a)
{
	free(a->pir);
	free(a->pbr);
	free(a->order);
	free(a->hw);
	free(a->acq);
	free(a->rel);
	free(a->fp);
	memset(a, 0, sizeof(*a));
}

int ra_in(const ra_t *a, const uint64_t *s, unsigned pc, unsigned r)
{
	return (int)(s[(size_t)pc * a->W + r / 64] >> (r % 64) & 1);
}

unsigned ra_hw(const ra_t *a, unsigned r) { return a->hw && r < a->R ? a->hw[r] : r; }

unsigned ra_virt_exempt(ra_t *a, const rfm_cfg_t *c, unsigned w)
{
	unsigned ren = w ? c->d.rt_depth / w : 0, r, k, low = 0;
	if (ren > a->R)
		ren = a->R;
	a->exempt = a->R - ren;
	for (r = 0; r < a->R; r++) { /* the first E of the order go on top in that order, the rest keep theirs */
		for (k = 0; k < a->exempt && a->order[k] != r; k++)
			;
		a->hw[r] = (uint16_t)(k < a->exempt ? ren + k : low++);
	}
	return a->exempt;
}

unsigned ra_pbr_words(const ra_t *a, unsigned pc, uint64_t *words)
{
	unsigned r, s = 0, nw = 0;
	uint64_t w = 0;
	for (r = 0; r < a->R && nw < RA_PBR_MAX; r++) {
		unsigned h = ra_hw(a, r);
		if (!ra_in(a, a->pbr, pc, r) || h >= a->R - a->exempt || h >= RFM_PBR_EMPTY)
			continue;
		if (!s)
			w = 0x3full << 58 | 1u; /* opcode 0x3f1 (docs/virtualization.md, "Flag instructions") */
		w |= (uint64_t)h << (4 + 6 * s);
		if (++s == RFM_PBR_SLOTS) {
			words[nw++] = w;
			s = 0;
		}
	}
	if (s && nw < RA_PBR_MAX) {
		for (; s < RFM_PBR_SLOTS; s++)
			w |= (uint64_t)RFM_PBR_EMPTY << (4 + 6 * s);
		words[nw++] = w;
	}
	return nw;
}

static uint64_t *copy_set(const uint64_t *s, size_t words)
{
	uint64_t *d = malloc(words ? words * 8 : 8);
	if (d)
		memcpy(d, s, words * 8);
	return d;
}

int ra_build(ra_t *a, const rfm_cfg_t *c, const rt_header_t *h, const char *ptx, int every_read, char *msg,
	     size_t n)
{
	const char *path = ptx ? ptx : h->ptx;
	ptx_module_t *m = NULL;
	const ptx_func_t *fn = NULL;
	ptx_alloc_t al;
	an_prog_t p;
	an_flow_t f;
	an_virt_t v;
	an_exempt_t e;
	an_rm_t rm;
	char pm[PTX_MSG_MAX];
	unsigned i, *hw = NULL;
	int rc = -1;
	memset(a, 0, sizeof(*a));
	memset(&al, 0, sizeof(al));
	memset(&p, 0, sizeof(p));
	memset(&f, 0, sizeof(f));
	memset(&v, 0, sizeof(v));
	memset(&e, 0, sizeof(e));
	memset(&rm, 0, sizeof(rm));
	if (c->virtualization_enable == RFM_ON)
		a->tech = RA_VIRT;
	else if (c->regmutex_enable == RFM_ON)
		a->tech = RA_REGMUTEX;
	else if (c->edram_enable != RFM_ON)
		return 0;
	if (ptx_parse_file(path, &m, pm, sizeof(pm)) != PTX_OK) {
		snprintf(msg, n, "the trace's PTX file: %s", pm);
		return -1;
	}
	for (i = 0; i < m->n_funcs && !fn; i++)
		if (m->funcs[i].is_entry && !strcmp(m->funcs[i].name, h->kernel))
			fn = &m->funcs[i];
	if (!fn) {
		snprintf(msg, n, "%s: no kernel %s (the trace's kernel)", path, h->kernel);
		goto out;
	}
	if (ptx_alloc(fn, h->limit, &al, pm, sizeof(pm))) {
		snprintf(msg, n, "%s: %s", path, pm);
		goto out;
	}
	if (fn->n_insns != h->n_insns || (al.used ? al.used : 1) != (h->regs ? h->regs : 1)) {
		snprintf(msg, n, "%s: kernel %s has %u instructions and allocates %u registers under the limit %u; the "
			 "trace has %u and %u: not the PTX the trace was made from", path, h->kernel, fn->n_insns, al.used,
			 h->limit, h->n_insns, h->regs);
		goto out;
	}
	if (an_from_ptx(fn, &al, &p, pm, sizeof(pm))) {
		snprintf(msg, n, "%s", pm);
		goto out;
	}
	snprintf(msg, n, "out of memory");
	if (an_flow(&p, &f))
		goto out;
	a->n = f.n;
	a->R = f.nregs;
	a->W = f.W;
	a->hw = calloc(a->R, sizeof(*a->hw));
	if (!a->hw)
		goto out;
	for (i = 0; i < a->R; i++)
		a->hw[i] = (uint16_t)i;
	if (c->edram_enable == RFM_ON) {
		if (!(a->fp = malloc(a->n)))
			goto out;
		for (i = 0; i < a->n; i++)
			a->fp[i] = an_edram_class(&f, i) != 0;
	}
	if (a->tech == RA_VIRT) {
		if (an_virt(&f, every_read ? AN_FAULT_PIR_EVERY_READ : AN_FAULT_NONE, &v) || an_exempt(&f, &v, 1, 8192, &e))
			goto out;
		a->pir = calloc((size_t)a->n * a->W, 8);
		a->pbr = copy_set(v.pbr, (size_t)a->n * a->W);
		a->order = malloc(a->R * sizeof(*a->order));
		if (!a->pir || !a->pbr || !a->order)
			goto out;
		memcpy(a->order, e.order, a->R * sizeof(*a->order));
		/* the releases a pir flag carries: every register of a flagged source slot */
		for (i = 0; i < a->n; i++) {
			const an_insn_t *q = &p.insns[i];
			unsigned j, k;
			for (j = 0; j < q->n_src; j++)
				if (v.pir_slots[i] >> j & 1u)
					for (k = 0; k < q->src_n[j]; k++)
						a->pir[(size_t)i * a->W + q->src[j][k] / 64] |= 1ull << (q->src[j][k] % 64);
		}
	} else if (a->tech == RA_REGMUTEX) {
		if (an_regmutex(&f, c->d.warp_regs, c->sm_warps, &rm))
			goto out;
		a->es = rm.es;
		a->bs = rm.bs;
		a->acq = malloc(a->n);
		a->rel = malloc(a->n);
		hw = malloc(a->R * sizeof(*hw));
		if (!a->acq || !a->rel || !hw)
			goto out;
		memcpy(a->acq, rm.acq, a->n);
		memcpy(a->rel, rm.rel, a->n);
		a->low = an_rm_renumber(&f, &rm, hw);
		for (i = 0; i < a->R; i++)
			a->hw[i] = (uint16_t)hw[i];
	}
	msg[0] = 0;
	rc = 0;
out:
	free(hw);
	an_rm_free(&rm);
	an_exempt_free(&e);
	an_virt_free(&v);
	an_flow_free(&f);
	an_prog_free(&p);
	ptx_alloc_free(&al);
	ptx_module_free(m);
	if (rc)
		ra_free(a);
	return rc;
}
