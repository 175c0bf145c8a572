/* edram.c - the eDRAM file's compiler side (docs/compiler.md, "eDRAM"): per instruction its FP
 * class and the rows it marks (an FP instruction: its sources and destinations approximate; any
 * other: its destinations precise). */
#include "annotate.h"

unsigned an_edram_class(const an_flow_t *f, unsigned i)
{
	return f->p->insns[i].fp;
}

/* The registers of set s at instruction i, " rN" each. */
static void regs(FILE *o, const an_flow_t *f, const uint64_t *s, unsigned i)
{
	unsigned r;
	for (r = 0; r < f->nregs; r++)
		if (an_in(f, s, i, r))
			fprintf(o, " r%u", r);
}

void an_print_edram(FILE *o, const an_flow_t *f)
{
	unsigned i, n32 = 0, n64 = 0;
	for (i = 0; i < f->n; i++) {
		n32 += an_edram_class(f, i) == 32;
		n64 += an_edram_class(f, i) == 64;
	}
	fprintf(o, "edram: FP32 %u FP64 %u of %u instructions\n", n32, n64, f->n);
	for (i = 0; i < f->n; i++) {
		unsigned c = an_edram_class(f, i);
		if (c) {
			fprintf(o, "edram %u fp%u approx", i, c);
			regs(o, f, f->use, i);
			fprintf(o, " |");
			regs(o, f, f->def, i);
			fprintf(o, "\n");
		} else if (an_count(f, f->def, i)) {
			fprintf(o, "edram %u int precise", i);
			regs(o, f, f->def, i);
			fprintf(o, "\n");
		}
	}
}
