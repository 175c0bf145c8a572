/* virt.c - virtualization's compiler side (docs/compiler.md, "Virtualization"): pir flags on last
 * reads, pbr words at reconvergence points, the renaming exemption of the paper's section 7.1. */
#include <stdlib.h>
#include <string.h>

#include "annotate.h"

#define PIR_SLOTS 18u      /* instructions one pir covers */
#define PIR_FLAG_BITS 3u   /* source operands one pir flag covers */
#define PBR_SLOTS 9u       /* registers one pbr names */
#define PBR_EMPTY 63u      /* an unused pbr slot */
#define PID_W 10u          /* renaming-table entry bits (a physical register id) */
#define RT_BANKS 4u        /* renaming-table banks: the depth is a multiple of them */

void an_virt_free(an_virt_t *v)
{
	free(v->pir);
	free(v->pir_slots);
	free(v->pbr);
	memset(v, 0, sizeof(*v));
}

static void set_bit(const an_flow_t *f, uint64_t *s, unsigned i, unsigned r)
{
	s[(size_t)i * f->W + r / 64] |= 1ull << (r % 64);
}

/* The flag of instruction i: bit j when every register of slot j is released here and no later
 * slot reads it; *unenc gets the releases no flag of slots 0 .. 2 carries. */
static uint8_t pir_flag(const an_flow_t *f, const an_virt_t *v, unsigned i, unsigned *unenc)
{
	const an_insn_t *q = &f->p->insns[i];
	unsigned j, k, m, t, covered = 0, bits = 0;
	uint16_t cov[AN_SLOTS * AN_SLOT_REGS];
	for (j = 0; j < q->n_src; j++) {
		int all = q->src_n[j] > 0;
		for (k = 0; k < q->src_n[j] && all; k++) {
			unsigned r = q->src[j][k];
			all = an_in(f, v->pir, i, r);
			for (t = j + 1; t < q->n_src && all; t++)
				for (m = 0; m < q->src_n[t]; m++)
					all &= q->src[t][m] != r;
		}
		if (all && j < PIR_FLAG_BITS) {
			bits |= 1u << j;
			for (k = 0; k < q->src_n[j]; k++) {
				for (t = 0; t < covered && cov[t] != q->src[j][k]; t++)
					;
				if (t == covered)
					cov[covered++] = q->src[j][k];
			}
		}
	}
	*unenc += an_count(f, v->pir, i) - covered;
	return (uint8_t)bits;
}

int an_virt(const an_flow_t *f, an_fault_t fault, an_virt_t *v)
{
	size_t sz = (size_t)f->n * f->W;
	unsigned i, r, len = 0;
	memset(v, 0, sizeof(*v));
	v->pir = calloc(sz, 8);
	v->pbr = calloc(sz, 8);
	v->pir_slots = calloc(f->n, 1);
	if (!v->pir || !v->pbr || !v->pir_slots) {
		an_virt_free(v);
		return -1;
	}
	/* pir: the value read is dead after i (not live out, or overwritten by i) and no divergent
	 * region holding i guards the register */
	for (i = 0; i < f->n; i++)
		for (r = 0; r < f->nregs; r++) {
			int dead = !an_in(f, f->lout, i, r) || an_in(f, f->kill, i, r);
			if (fault == AN_FAULT_PIR_EVERY_READ)
				dead = 1;
			if (an_in(f, f->use, i, r) && dead && !an_in(f, f->eg, i, r))
				set_bit(f, v->pir, i, r);
		}
	/* pbr: at R = ipdom(b), the registers live out of b and dead at R, unless a region holding R
	 * guards them (the enclosing region's reconvergence point releases them) */
	for (i = 0; i < f->n; i++) {
		int32_t R = f->ipdom[i];
		if (!f->p->insns[i].divergent || R < 0 || (unsigned)R >= f->n)
			continue;
		for (r = 0; r < f->nregs; r++)
			if (an_in(f, f->lout, i, r) && !an_in(f, f->lin, (unsigned)R, r) && !an_in(f, f->eg, (unsigned)R, r))
				set_bit(f, v->pbr, (unsigned)R, r);
	}
	for (i = 0; i < f->n; i++) {
		unsigned c = an_count(f, v->pbr, i);
		v->pir_slots[i] = pir_flag(f, v, i, &v->pir_unenc);
		v->pir_regs += an_count(f, v->pir, i);
		v->pbr_regs += c;
		v->pbr_points += c > 0;
		v->pbr_words += (c + PBR_SLOTS - 1) / PBR_SLOTS;
		if (f->leader[i]) {
			v->blocks++;
			len = 0;
		}
		if (len++ % PIR_SLOTS == 0)
			v->pir_words++;
	}
	return 0;
}

uint64_t an_pir_word(const an_virt_t *v, unsigned first, unsigned last)
{
	uint64_t w = 0x3full << 58; /* opcode 0x3f0: [63:58] = 0x3f, [3:0] = 0 */
	unsigned k;
	for (k = 0; k < PIR_SLOTS && first + k <= last; k++)
		w |= (uint64_t)(v->pir_slots[first + k] & 7u) << (4 + 3 * k);
	return w;
}

uint64_t an_pbr_word(const an_flow_t *f, const an_virt_t *v, unsigned i, unsigned k)
{
	uint64_t w = 0x3full << 58 | 1u; /* opcode 0x3f1 */
	unsigned r, c = 0, s = 0;
	for (r = 0; r < f->nregs; r++)
		if (an_in(f, v->pbr, i, r) && c++ >= k * PBR_SLOTS && s < PBR_SLOTS)
			w |= (uint64_t)(r < PBR_EMPTY ? r : PBR_EMPTY) << (4 + 6 * s++);
	for (; s < PBR_SLOTS; s++)
		w |= (uint64_t)PBR_EMPTY << (4 + 6 * s);
	return w;
}

/* ---- renaming exemption (the paper's section 7.1) ---------------------------------------------- */

unsigned an_exempt_renamed(unsigned warps, unsigned regs, unsigned budget_bits)
{
	uint64_t depth = budget_bits / PID_W / RT_BANKS * RT_BANKS, ren = regs;
	if ((uint64_t)warps * regs * PID_W <= budget_bits && (uint64_t)warps * regs <= depth)
		return regs; /* fits: nothing exempt */
	while (ren && ((uint64_t)warps * ren * PID_W >= budget_bits || (uint64_t)warps * ren > depth))
		ren--;
	return (unsigned)ren;
}

void an_exempt_free(an_exempt_t *e)
{
	free(e->order);
	free(e->life);
	free(e->writes);
	memset(e, 0, sizeof(*e));
}

int an_exempt(const an_flow_t *f, const an_virt_t *v, unsigned warps, unsigned budget_bits, an_exempt_t *e)
{
	unsigned i, j, r, k;
	memset(e, 0, sizeof(*e));
	e->warps = warps;
	e->budget_bits = budget_bits;
	e->order = calloc(f->nregs, sizeof(unsigned));
	e->life = calloc(f->nregs, sizeof(unsigned));
	e->writes = calloc(f->nregs, sizeof(unsigned));
	if (!e->order || !e->life || !e->writes) {
		an_exempt_free(e);
		return -1;
	}
	/* L(r): over r's static definitions, the instructions to the first release of r after the
	 * definition in layout order (a pir on a read, or a pbr before an instruction); none: to the
	 * end. F(r): r's static definitions. */
	for (i = 0; i < f->n; i++)
		for (r = 0; r < f->nregs; r++) {
			unsigned L;
			if (!an_in(f, f->def, i, r))
				continue;
			e->writes[r]++;
			for (j = i + 1; j < f->n && !an_in(f, v->pbr, j, r) && !an_in(f, v->pir, j, r); j++)
				;
			L = j - i;
			if (L > e->life[r])
				e->life[r] = L;
		}
	for (r = 0; r < f->nregs; r++) { /* insertion sort by (L desc, F desc, id desc) */
		unsigned x = f->nregs - 1 - r;
		for (k = r; k > 0; k--) {
			unsigned y = e->order[k - 1];
			int before = e->life[x] > e->life[y] ||
				     (e->life[x] == e->life[y] && (e->writes[x] > e->writes[y] ||
				      (e->writes[x] == e->writes[y] && x > y)));
			if (!before)
				break;
			e->order[k] = y;
		}
		e->order[k] = x;
	}
	e->renamed = an_exempt_renamed(warps, f->nregs, budget_bits);
	e->exempt = f->nregs - e->renamed;
	return 0;
}

/* ---- output ------------------------------------------------------------------------------------ */

static void regs(FILE *o, const an_flow_t *f, const uint64_t *s, unsigned i)
{
	unsigned r;
	for (r = 0; r < f->nregs; r++)
		if (an_in(f, s, i, r))
			fprintf(o, " r%u", r);
}

void an_print_virt(FILE *o, const an_flow_t *f, const an_virt_t *v, const an_exempt_t *e)
{
	unsigned i, k, len = 0;
	fprintf(o, "virt: blocks %u; pir words %u, releases %u (%u carried by no flag); pbr words %u at %u "
		"points, releases %u; flag instructions per instruction %u/%u, pbr %u/%u\n", v->blocks,
		v->pir_words, v->pir_regs, v->pir_unenc, v->pbr_words, v->pbr_points, v->pbr_regs,
		v->pir_words + v->pbr_words, f->n, v->pbr_words, f->n);
	fprintf(o, "virt: exempt for %u warps, %u-bit table: R %u renamed %u exempt %u:", e->warps, e->budget_bits,
		f->nregs, e->renamed, e->exempt);
	for (k = 0; k < e->exempt; k++)
		fprintf(o, " r%u(L%u,F%u)", e->order[k], e->life[e->order[k]], e->writes[e->order[k]]);
	fprintf(o, "\n");
	for (i = 0; i < f->n; i++) {
		unsigned c = an_count(f, v->pbr, i);
		if (f->leader[i])
			len = 0;
		for (k = 0; k * 9 < c; k++) {
			fprintf(o, "virt %u pbr 0x%016llx", i, (unsigned long long)an_pbr_word(f, v, i, k));
			if (k == 0)
				regs(o, f, v->pbr, i);
			fprintf(o, "\n");
		}
		if (len++ % 18 == 0) {
			unsigned last = i;
			while (last + 1 < f->n && !f->leader[last + 1] && last + 1 - i < 18)
				last++;
			fprintf(o, "virt %u pir 0x%016llx covers %u..%u\n", i,
				(unsigned long long)an_pir_word(v, i, last), i, last);
		}
		if (an_count(f, v->pir, i)) {
			fprintf(o, "virt %u flag %u%u%u releases", i, v->pir_slots[i] >> 2 & 1, v->pir_slots[i] >> 1 & 1,
				v->pir_slots[i] & 1);
			regs(o, f, v->pir, i);
			fprintf(o, "\n");
		}
	}
}
