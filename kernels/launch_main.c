/* launch_main.c - kernel_launch: check a kernel launch file (docs/kernels.md, "Launch files").
 *
 *   kernel_launch FILE.ini          one summary line on success
 *   kernel_launch --echo FILE.ini   the description in canonical form (a launch file)
 *
 * Exit status: 0 valid, 2 invalid or unreadable (one line per problem on stderr), 1 out of memory.
 */
#include <stdio.h>
#include <string.h>

#include "launch.h"

/* Print the usage line to f. */
static void usage(FILE *f) { fprintf(f, "usage: kernel_launch [--echo] FILE.ini\n"); }

int main(int argc, char **argv)
{
	static kl_launch_t l;
	const char *path = NULL;
	uint64_t bytes = 0;
	unsigned i, nbuf = 0;
	int echo = 0;
	kl_status_t st;
	for (i = 1; i < (unsigned)argc; i++) {
		if (strcmp(argv[i], "--echo") == 0) {
			echo = 1;
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
	st = kl_load(&l, path, stderr);
	if (st == KL_ENOMEM) {
		fprintf(stderr, "%s: out of memory\n", path);
		return 1;
	}
	if (st != KL_OK)
		return 2;
	if (echo) {
		kl_echo(&l, stdout);
		return 0;
	}
	for (i = 0; i < l.n_params; i++) {
		if (l.params[i].kind == KL_BUFFER) {
			nbuf++;
			bytes += (uint64_t)l.params[i].count * kl_type_size(l.params[i].type);
		}
	}
	printf("%s: kernel %s, grid %lu x %lu x %lu, block %lu x %lu x %lu, %lu bytes dynamic shared, "
	       "%u parameters (%u buffers of %llu bytes, %u scalars)\n",
	       path, l.name, (unsigned long)l.grid[0], (unsigned long)l.grid[1], (unsigned long)l.grid[2],
	       (unsigned long)l.block[0], (unsigned long)l.block[1], (unsigned long)l.block[2],
	       (unsigned long)l.shared_bytes, l.n_params, nbuf, (unsigned long long)bytes, l.n_params - nbuf);
	return 0;
}
