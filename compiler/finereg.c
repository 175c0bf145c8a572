/* finereg.c - FineReg's compiler side (docs/compiler.md, "FineReg"): the 64-bit live vector of
 * every instruction (live until the first redefinition, the instruction's own sources included),
 * 8 bytes per static instruction. */
#include "annotate.h"

void an_print_finereg(FILE *o, const an_flow_t *f)
{
	unsigned i;
	if (f->nregs > 64) {
		fprintf(o, "finereg: refused: %u architected registers per thread, the live vector holds 64\n",
			f->nregs);
		return;
	}
	fprintf(o, "finereg: %u vectors, table %u bytes\n", f->n, 8 * f->n);
	for (i = 0; i < f->n; i++)
		fprintf(o, "finereg %u 0x%016llx\n", i, (unsigned long long)an_finereg_vector(f, i));
}
