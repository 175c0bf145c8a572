/* check.c - the annotation's cross-checks against liveness (docs/compiler.md, "Checks"). */
#include <stdio.h>

#include "annotate.h"

int an_check(const an_flow_t *f, const an_virt_t *v, const an_rm_t *rm, char *msg, size_t len)
{
	unsigned i, r, b;
	for (i = 0; i < f->n; i++)
		for (r = 0; r < f->nregs; r++) {
			if (an_in(f, v->pir, i, r) && (!an_in(f, f->use, i, r) ||
						       (an_in(f, f->lout, i, r) && !an_in(f, f->kill, i, r)))) {
				snprintf(msg, len, "%s: instruction %u's pir releases r%u, %s", f->p->name, i, r,
					 an_in(f, f->use, i, r) ? "whose value is live out of it" : "which it does not read");
				return -1;
			}
			if (an_in(f, v->pbr, i, r) && an_in(f, f->lin, i, r)) {
				snprintf(msg, len, "%s: the pbr before instruction %u releases r%u, which is live there",
					 f->p->name, i, r);
				return -1;
			}
			/* FineReg: the vector is the live-in set, use | (live out & ~kill) */
			if (f->nregs <= 64 && (r < 64) &&
			    (int)(an_finereg_vector(f, i) >> r & 1) !=
				    (an_in(f, f->use, i, r) || (an_in(f, f->lout, i, r) && !an_in(f, f->kill, i, r)))) {
				snprintf(msg, len, "%s: instruction %u's live vector disagrees on r%u", f->p->name, i, r);
				return -1;
			}
		}
	for (i = 0; i < f->n; i++)
		if (an_count(f, v->pbr, i)) {
			for (b = 0; b < f->n && !(f->p->insns[b].divergent && f->ipdom[b] == (int32_t)i); b++)
				;
			if (b == f->n) {
				snprintf(msg, len, "%s: a pbr before instruction %u, which reconverges no branch",
					 f->p->name, i);
				return -1;
			}
		}
	if (rm && !an_rm_brackets(f, rm)) {
		snprintf(msg, len, "%s: an instruction above Bs = %u is not acquired on every path", f->p->name,
			 rm->bs);
		return -1;
	}
	return 0;
}
