/* annotate_main.c - ptx_annotate: the compiler side of the techniques for every kernel of a PTX
 * file (docs/compiler.md).
 *   ptx_annotate [--limit-regs N] [--technique virt|regmutex|finereg|edram|all] [--warps W]
 *                [--rt-bits B] [--check] [--plant-fault pir-every-read] FILE.ptx
 * Prints per kernel a header line and one section per technique; --check prints one summary line
 * per kernel after the cross-checks instead. Exit 2 when the file does not parse or a kernel does
 * not allocate; exit 1 when a cross-check fails. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate.h"

#define FERMI_WARP_REGS 1024u /* warp registers of the file (32 K 32-bit registers) */
#define FERMI_WARPS 48u       /* warp slots */

typedef struct opts {
	unsigned long limit, warps, rt_bits;
	const char *tech;
	int check;
	an_fault_t fault;
} opts_t;

static int want(const opts_t *o, const char *t)
{
	return !strcmp(o->tech, "all") || !strcmp(o->tech, t);
}

/* Annotate one allocated kernel; 0, 1 a check failed, 2 out of memory. */
static int kernel(const opts_t *o, const ptx_func_t *fn, const ptx_alloc_t *a)
{
	an_prog_t p;
	an_flow_t f;
	an_virt_t v;
	an_exempt_t e;
	an_rm_t rm;
	char msg[PTX_MSG_MAX];
	unsigned warps;
	int rc = 2;
	memset(&f, 0, sizeof(f));
	memset(&v, 0, sizeof(v));
	memset(&e, 0, sizeof(e));
	memset(&rm, 0, sizeof(rm));
	if (an_from_ptx(fn, a, &p, msg, sizeof(msg))) {
		fprintf(stderr, "%s\n", msg);
		return 2;
	}
	warps = o->warps ? (unsigned)o->warps : FERMI_WARP_REGS / p.nregs;
	if (warps > FERMI_WARPS && !o->warps)
		warps = FERMI_WARPS;
	if (an_flow(&p, &f) || an_virt(&f, o->fault, &v) || an_exempt(&f, &v, warps, (unsigned)o->rt_bits, &e) ||
	    an_regmutex(&f, FERMI_WARP_REGS, FERMI_WARPS, &rm))
		goto out;
	rc = 0;
	if (o->check) {
		if (an_check(&f, &v, &rm, msg, sizeof(msg))) {
			fprintf(stderr, "ptx_annotate: %s\n", msg);
			rc = 1;
		} else {
			printf("%s: %u instructions, %u registers: pir %u pbr %u, Es %u, checks pass\n", p.name, p.n,
			       p.nregs, v.pir_regs, v.pbr_regs, rm.es);
		}
		goto out;
	}
	printf("kernel %s: %u instructions, %u architected registers\n", p.name, p.n, p.nregs);
	if (want(o, "virt"))
		an_print_virt(stdout, &f, &v, &e);
	if (want(o, "regmutex"))
		an_print_regmutex(stdout, &f, &rm);
	if (want(o, "finereg"))
		an_print_finereg(stdout, &f);
	if (want(o, "edram"))
		an_print_edram(stdout, &f);
out:
	if (rc == 2)
		fprintf(stderr, "ptx_annotate: %s: out of memory\n", p.name);
	an_rm_free(&rm);
	an_exempt_free(&e);
	an_virt_free(&v);
	an_flow_free(&f);
	an_prog_free(&p);
	return rc;
}

static int usage(void)
{
	fprintf(stderr, "usage: ptx_annotate [--limit-regs N] [--technique virt|regmutex|finereg|edram|all] "
			"[--warps W] [--rt-bits B] [--check] FILE.ptx\n");
	return 2;
}

/* A number option's value in 1 .. max, or 0. */
static unsigned long number(const char *opt, const char *s, unsigned long max)
{
	char *end;
	unsigned long v = strtoul(s, &end, 10);
	if (*end || !*s || v < 1 || v > max) {
		fprintf(stderr, "ptx_annotate: %s %s: not a number in 1 .. %lu\n", opt, s, max);
		return 0;
	}
	return v;
}

int main(int argc, char **argv)
{
	opts_t o = {255, 0, 8192, "all", 0, AN_FAULT_NONE};
	const char *path = NULL;
	char msg[PTX_MSG_MAX];
	ptx_module_t *m = NULL;
	unsigned i;
	int k, rc = 0;
	for (k = 1; k < argc; k++) {
		if (!strcmp(argv[k], "--limit-regs") && k + 1 < argc) {
			if (!(o.limit = number(argv[k], argv[k + 1], 65535)))
				return 2;
			k++;
		} else if (!strcmp(argv[k], "--warps") && k + 1 < argc) {
			if (!(o.warps = number(argv[k], argv[k + 1], 4096)))
				return 2;
			k++;
		} else if (!strcmp(argv[k], "--rt-bits") && k + 1 < argc) {
			if (!(o.rt_bits = number(argv[k], argv[k + 1], 1u << 24)))
				return 2;
			k++;
		} else if (!strcmp(argv[k], "--technique") && k + 1 < argc) {
			o.tech = argv[++k];
			if (strcmp(o.tech, "virt") && strcmp(o.tech, "regmutex") && strcmp(o.tech, "finereg") &&
			    strcmp(o.tech, "edram") && strcmp(o.tech, "all"))
				return usage();
		} else if (!strcmp(argv[k], "--check")) {
			o.check = 1;
		} else if (!strcmp(argv[k], "--plant-fault") && k + 1 < argc && !strcmp(argv[k + 1], "pir-every-read")) {
			o.fault = AN_FAULT_PIR_EVERY_READ; /* test only: make annotate-check's self-test */
			k++;
		} else if (!path && argv[k][0] != '-') {
			path = argv[k];
		} else {
			return usage();
		}
	}
	if (!path)
		return usage();
	if (ptx_parse_file(path, &m, msg, sizeof(msg)) != PTX_OK) {
		fprintf(stderr, "%s\n", msg);
		return 2;
	}
	for (i = 0; i < m->n_funcs && rc != 2; i++) {
		const ptx_func_t *fn = &m->funcs[i];
		ptx_alloc_t a;
		int r;
		if (!fn->is_entry)
			continue;
		if (ptx_alloc(fn, (unsigned)o.limit, &a, msg, sizeof(msg))) {
			fprintf(stderr, "%s: %s\n", path, msg);
			rc = 2;
			break;
		}
		r = kernel(&o, fn, &a);
		rc = r > rc ? r : rc;
		ptx_alloc_free(&a);
	}
	ptx_module_free(m);
	return rc;
}
