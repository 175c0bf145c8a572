/* ptx_regs_main.c - ptx_regs: the register allocation of every kernel of a PTX file (docs/ptx.md,
 * "Flow analysis and register allocation").
 *   ptx_regs [--limit N] [--ptxas FILE.regs] FILE.ptx
 * One line per entry: virtual registers, those holding values, the most 32-bit registers live at
 * once, the architected registers allocated, and ptxas's count from FILE.regs (the `ptxas -v` line
 * that make kernels records). Exit 2 with one line on stderr when the file does not parse or a
 * kernel needs more than N registers per thread (default 255). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx.h"
#include "regalloc.h"

/* ptxas's "Used N registers" for kernel name in the .regs file at path, or -1. */
static int ptxas_count(const char *path, const char *name)
{
	char line[512], key[PTX_NAME_MAX + 2];
	FILE *f = fopen(path, "r");
	int n = -1;
	const char *u;
	if (!f)
		return -1;
	snprintf(key, sizeof(key), "%s ", name);
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, strlen(key)) && (u = strstr(line, "Used ")) && sscanf(u, "Used %d", &n) == 1)
			break;
	fclose(f);
	return n;
}

int main(int argc, char **argv)
{
	const char *path = NULL, *regs = NULL;
	char msg[PTX_MSG_MAX], *end;
	unsigned long limit = 255;
	ptx_module_t *m = NULL;
	unsigned i;
	int k, rc = 0;
	for (k = 1; k < argc; k++) {
		if (!strcmp(argv[k], "--limit") && k + 1 < argc) {
			limit = strtoul(argv[++k], &end, 10);
			if (*end || !*argv[k] || limit < 1 || limit > 65535) {
				fprintf(stderr, "ptx_regs: --limit %s: not a register count (1 .. 65535)\n", argv[k]);
				return 2;
			}
		} else if (!strcmp(argv[k], "--ptxas") && k + 1 < argc) {
			regs = argv[++k];
		} else if (!path && argv[k][0] != '-') {
			path = argv[k];
		} else {
			fprintf(stderr, "usage: ptx_regs [--limit N] [--ptxas FILE.regs] FILE.ptx\n");
			return 2;
		}
	}
	if (!path) {
		fprintf(stderr, "usage: ptx_regs [--limit N] [--ptxas FILE.regs] FILE.ptx\n");
		return 2;
	}
	if (ptx_parse_file(path, &m, msg, sizeof(msg)) != PTX_OK) {
		fprintf(stderr, "%s\n", msg);
		return 2;
	}
	for (i = 0; i < m->n_funcs && !rc; i++) {
		const ptx_func_t *fn = &m->funcs[i];
		ptx_alloc_t a;
		int p;
		if (!fn->is_entry)
			continue;
		if (ptx_alloc(fn, (unsigned)limit, &a, msg, sizeof(msg))) {
			fprintf(stderr, "%s: %s\n", path, msg);
			rc = 2;
			break;
		}
		printf("%s: %u virtual registers, %u hold values; at most %u 32-bit registers live at once; "
		       "allocated %u", fn->name, fn->n_regs, a.live_regs, a.max_live, a.used);
		p = regs ? ptxas_count(regs, fn->name) : -1;
		if (p >= 0)
			printf("; ptxas %d", p);
		printf("\n");
		ptx_alloc_free(&a);
	}
	ptx_module_free(m);
	return rc;
}
