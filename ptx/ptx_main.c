/* ptx_main.c - ptx_dump: parse a PTX file and print its canonical listing (docs/ptx.md).
 *
 *   ptx_dump FILE.ptx            the listing: module, variables, per function its summary,
 *                                parameters, registers, labels and one line per instruction
 *   ptx_dump --check FILE.ptx    one summary line per function
 *
 * Exit status: 0 parsed, 2 refused or unreadable (one line "file:line: ..." on stderr, nothing on
 * stdout), 1 out of memory or a write error.
 */
#include <stdio.h>
#include <string.h>

#include "ptx.h"

/* Print the usage line to f. */
static void usage(FILE *f) { fprintf(f, "usage: ptx_dump [--check] FILE.ptx\n"); }

int main(int argc, char **argv)
{
	const char *path = NULL;
	char msg[PTX_MSG_MAX];
	ptx_module_t *m = NULL;
	ptx_status_t st;
	int i, check = 0, ret;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--check") == 0) {
			check = 1;
		} else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			usage(stdout);
			return 0;
		} else if (argv[i][0] == '-' || path) {
			usage(stderr);
			return 2;
		} else {
			path = argv[i];
		}
	}
	if (!path) {
		usage(stderr);
		return 2;
	}
	st = ptx_parse_file(path, &m, msg, sizeof(msg));
	if (st != PTX_OK) {
		fprintf(stderr, "%s\n", msg);
		return st == PTX_ENOMEM ? 1 : 2;
	}
	ptx_dump(m, stdout, check);
	ptx_module_free(m);
	ret = fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
	if (ret)
		fprintf(stderr, "%s: cannot write the listing\n", path);
	return ret;
}
