/* regmutex.c - RegMutex's compiler side (docs/compiler.md, "RegMutex"): Es and Bs by the paper's
 * rule, the warp-level register pressure per instruction, acquire and release placement. */
#include <stdlib.h>
#include <string.h>

#include "annotate.h"
#include "rfm_config.h"

unsigned an_rm_choose_es(unsigned warp_regs, unsigned sm_warps, unsigned regs, unsigned *cand, unsigned *ncand)
{
	rfm_cfg_t c;
	rfm_cfg_defaults(&c);
	c.d.warp_regs = warp_regs;
	c.sm_warps = sm_warps;
	return rfm_rm_choose_es(&c, regs, cand, ncand);
}

void an_rm_free(an_rm_t *rm)
{
	free(rm->press);
	free(rm->acq);
	free(rm->rel);
	memset(rm, 0, sizeof(*rm));
}

/* Place acquires and releases around A = {i : press(i) > Bs}: an acquire before an A instruction
 * entered from outside A, at the entry, or after a divergent branch (the SIMT stack may switch to
 * it from another path); a release before a non-A instruction entered from A, or after a divergent
 * branch whose region holds A instructions. */
static int place(const an_flow_t *f, an_rm_t *rm)
{
	const an_prog_t *p = f->p;
	uint8_t *pred_in = calloc(f->n, 1), *pred_out = calloc(f->n, 1), *after_div = calloc(f->n, 1);
	uint8_t *mark = malloc(f->n);
	uint32_t *stack = malloc(f->n * sizeof(*stack));
	unsigned i, k, j;
	int rc = -1;
	if (!pred_in || !pred_out || !after_div || !mark || !stack)
		goto out;
	for (i = 0; i < f->n; i++) {
		const an_insn_t *q = &p->insns[i];
		int in_a = rm->press[i] > rm->bs, region_a = 0;
		if (q->divergent) {
			an_region(f, i, mark, stack);
			for (j = 0; j < f->n && !region_a; j++)
				region_a = mark[j] && rm->press[j] > rm->bs;
		}
		for (k = 0; k < q->n_succ; k++) {
			uint32_t s = q->succ[k];
			pred_in[s] |= in_a;
			pred_out[s] |= !in_a;
			if (q->divergent)
				after_div[s] |= 1 | (region_a << 1);
		}
	}
	for (i = 0; i < f->n; i++) {
		if (rm->press[i] > rm->bs) {
			rm->in_a++;
			rm->acq[i] = i == 0 || pred_out[i] || (after_div[i] & 1);
		} else if (rm->es) {
			rm->rel[i] = pred_in[i] || (after_div[i] & 2);
		}
		rm->n_acq += rm->acq[i];
		rm->n_rel += rm->rel[i];
	}
	rc = 0;
out:
	free(pred_in);
	free(pred_out);
	free(after_div);
	free(mark);
	free(stack);
	return rc;
}

int an_regmutex(const an_flow_t *f, unsigned warp_regs, unsigned sm_warps, an_rm_t *rm)
{
	unsigned i, w, r;
	memset(rm, 0, sizeof(*rm));
	rm->R = f->nregs;
	rm->es = an_rm_choose_es(warp_regs, sm_warps, rm->R, rm->cand, &rm->ncand);
	rm->bs = rm->R - rm->es;
	rm->press = calloc(f->n, sizeof(*rm->press));
	rm->acq = calloc(f->n, 1);
	rm->rel = calloc(f->n, 1);
	if (!rm->press || !rm->acq || !rm->rel)
		goto fail;
	for (i = 0; i < f->n; i++) {
		size_t b = (size_t)i * f->W;
		int ext = 0;
		for (w = 0; w < f->W; w++)
			rm->press[i] += (unsigned)__builtin_popcountll(f->lin[b + w] | f->def[b + w] | f->eg[b + w]);
		if (f->p->insns[i].barrier && rm->press[i] > rm->bar_press)
			rm->bar_press = rm->press[i];
		for (r = rm->bs; r < f->nregs; r++)
			ext |= an_in(f, f->use, i, r) || an_in(f, f->def, i, r);
		rm->outside_ext += ext && rm->press[i] <= rm->bs;
	}
	if (place(f, rm))
		goto fail;
	return 0;
fail:
	an_rm_free(rm);
	return -1;
}

unsigned an_rm_renumber(const an_flow_t *f, const an_rm_t *rm, unsigned *hw)
{
	unsigned i, r, w, low = 0, high;
	uint64_t *out = calloc(f->W, 8);
	for (r = 0; r < f->nregs; r++)
		hw[r] = r;
	if (!out)
		return f->nregs + 1;
	for (i = 0; i < f->n; i++) {
		size_t b = (size_t)i * f->W;
		if (rm->press[i] > rm->bs)
			continue;
		for (w = 0; w < f->W; w++)
			out[w] |= f->lin[b + w] | f->def[b + w] | f->use[b + w] | f->eg[b + w];
	}
	for (r = 0; r < f->nregs; r++)
		low += (unsigned)(out[r / 64] >> (r % 64) & 1);
	if (low <= rm->bs) {
		unsigned n = 0;
		high = low;
		for (r = 0; r < f->nregs; r++)
			hw[r] = out[r / 64] >> (r % 64) & 1 ? n++ : high++;
	}
	free(out);
	return low;
}

int an_rm_brackets(const an_flow_t *f, const an_rm_t *rm)
{
	uint8_t *in = malloc(f->n), *at = malloc(f->n), *div = calloc(f->n, 1);
	unsigned i, k, changed = 1, ok = 1;
	if (!in || !at || !div) {
		ok = 0;
		goto out;
	}
	for (i = 0; i < f->n; i++) {
		in[i] = i != 0; /* must-analysis: start from "acquired", the entry released */
		for (k = 0; k < f->p->insns[i].n_succ; k++)
			div[f->p->insns[i].succ[k]] |= f->p->insns[i].divergent;
	}
	for (i = 0; i < f->n; i++)
		in[i] &= !div[i]; /* a path the SIMT stack switches to starts in an unknown state */
	while (changed) {
		changed = 0;
		for (i = 0; i < f->n; i++)
			at[i] = rm->acq[i] ? 1 : rm->rel[i] ? 0 : in[i];
		for (i = 0; i < f->n; i++)
			for (k = 0; k < f->p->insns[i].n_succ; k++) {
				uint32_t s = f->p->insns[i].succ[k];
				if (in[s] && !at[i]) {
					in[s] = 0;
					changed = 1;
				}
			}
	}
	for (i = 0; i < f->n; i++)
		at[i] = rm->acq[i] ? 1 : rm->rel[i] ? 0 : in[i];
	for (i = 0; i < f->n && ok; i++)
		ok = rm->press[i] <= rm->bs || at[i];
out:
	free(in);
	free(at);
	free(div);
	return (int)ok;
}

void an_print_regmutex(FILE *o, const an_flow_t *f, const an_rm_t *rm)
{
	unsigned i, k, most = 0;
	for (i = 0; i < f->n; i++)
		most = rm->press[i] > most ? rm->press[i] : most;
	fprintf(o, "regmutex: R %u candidates {", rm->R);
	for (k = 0; k < rm->ncand; k++)
		fprintf(o, "%s%u", k ? "," : "", rm->cand[k]);
	fprintf(o, "} Es %u Bs %u; most live %u; above Bs %u instructions; acquires %u releases %u; "
		"barrier press %u (rule 2 %s); extended registers outside acquired regions %u\n", rm->es, rm->bs,
		most, rm->in_a, rm->n_acq, rm->n_rel, rm->bar_press, rm->bar_press <= rm->bs ? "holds" : "fails",
		rm->outside_ext);
	for (i = 0; i < f->n; i++)
		if (rm->acq[i] || rm->rel[i])
			fprintf(o, "regmutex %u %s live %u\n", i, rm->acq[i] ? "acquire" : "release", rm->press[i]);
}
