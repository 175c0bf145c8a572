/* main.c - kernel_ref: run a kernel's C reference on a launch file (docs/kernels.md, "Reference").
 *
 *   kernel_ref FILE.ini                   the output buffers' checksums (kernels/ref/<name>.expected)
 *   kernel_ref --dump FILE.ini            the same, then every output element
 *   kernel_ref --perturb=SEED|up|down[:SCALE] FILE.ini
 *                                         run again with every approximate operation moved by up to
 *                                         SCALE times its documented error (pseudo-random from SEED,
 *                                         or all of it up or down) and compare with the tolerance
 *   kernel_ref --list                     the kernels with a reference, and their tolerances
 *
 * Exit status: 0 done (or within tolerance), 2 invalid launch or one the reference does not model
 * (one line per problem on stderr), 1 outside tolerance or out of memory.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ref.h"

/* Run reference r on fresh buffers in c->buf; 0, 2 (refused) or 1 (out of memory). */
static int run(const kr_kernel_t *r, kr_ctx_t *c)
{
	if (kl_alloc_buffers(c->l, c->buf) != 0) {
		fprintf(stderr, "%s: out of memory\n", c->file);
		return 1;
	}
	c->approx_ops = 0;
	c->bad = 0;
	if (r->run(c) != 0)
		return 2;
	return 0;
}

/* Compare the perturbed outputs got with want under r's tolerance; 0 within, 1 outside. */
static int compare(const kr_kernel_t *r, const kl_launch_t *l, void *const *want, void *const *got,
		   const kr_ctx_t *pc)
{
	double worst = 0, werr = 0, wbound = 0;
	const char *wname = "";
	size_t wk = 0, k;
	unsigned i, bad = 0;
	for (i = 0; i < l->n_params; i++) {
		const kl_param_t *p = &l->params[i];
		if (p->kind != KL_BUFFER || p->dir == KL_IN)
			continue;
		for (k = 0; k < p->count; k++) {
			double a = kr_elem_f(p->type, want[i], k), b = kr_elem_f(p->type, got[i], k), err, bound, ratio;
			if (p->type != KL_F32 && p->type != KL_F64) {
				if (kr_elem_bits(p->type, want[i], k) == kr_elem_bits(p->type, got[i], k))
					continue;
				err = fabs(b - a);
				bound = 0;
			} else {
				err = a == b ? 0 : fabs(b - a);
				bound = r->atol + r->rtol * fabs(a);
			}
			if (isnan(err) || err > bound)
				bad++;
			ratio = err == 0 ? 0 : bound == 0 || isnan(err) ? INFINITY : err / bound;
			if (ratio > worst || (isnan(err) && worst != INFINITY)) {
				worst = isnan(err) ? INFINITY : ratio;
				werr = err;
				wbound = bound;
				wname = p->name;
				wk = k;
			}
		}
	}
	if (pc->perturb >= KR_PERTURB_DOWN)
		printf("perturb %s", pc->perturb == KR_PERTURB_UP ? "up" : "down");
	else
		printf("perturb seed %" PRIu64, pc->perturb);
	printf(" scale %u: %" PRIu64 " approximate operations; ", pc->perturb_scale, pc->approx_ops);
	if (worst == 0)
		printf("outputs unchanged: within tolerance\n");
	else
		printf("worst %s[%zu]: |d| %.3g, bound %.3g (%.3g of it): %s\n", wname, wk, werr, wbound, worst,
		       bad ? "OUTSIDE tolerance" : "within tolerance");
	if (bad)
		printf("perturb: %u elements outside tolerance (rtol %g, atol %g)\n", bad, r->rtol, r->atol);
	return bad ? 1 : 0;
}

/* Print the reference table. */
static void list(void)
{
	unsigned i;
	for (i = 0; i < kr_n_kernels; i++) {
		if (kr_kernels[i].rtol == 0 && kr_kernels[i].atol == 0)
			printf("%-18s bit-exact                 %s\n", kr_kernels[i].name, kr_kernels[i].why);
		else
			printf("%-18s rtol %-7g atol %-7g %s\n", kr_kernels[i].name, kr_kernels[i].rtol, kr_kernels[i].atol,
			       kr_kernels[i].why);
	}
}

/* Print the usage line to f. */
static void usage(FILE *f)
{
	fprintf(f, "usage: kernel_ref [--dump] [--perturb=SEED|up|down[:SCALE]] FILE.ini | --list\n");
}

int main(int argc, char **argv)
{
	static kl_launch_t l;
	static void *want[KL_PARAMS_MAX];
	const kr_kernel_t *r;
	const char *path = NULL;
	kr_ctx_t c;
	uint64_t seed = 0, threads;
	unsigned scale = 1, i, k;
	int dump = 0, st;
	kl_status_t ls;
	for (k = 1; k < (unsigned)argc; k++) {
		char *end;
		if (strcmp(argv[k], "--dump") == 0) {
			dump = 1;
		} else if (strcmp(argv[k], "--list") == 0) {
			list();
			return 0;
		} else if (strncmp(argv[k], "--perturb=", 10) == 0) {
			if (strncmp(argv[k] + 10, "up", 2) == 0 || strncmp(argv[k] + 10, "down", 4) == 0) {
				seed = argv[k][10] == 'u' ? KR_PERTURB_UP : KR_PERTURB_DOWN;
				end = argv[k] + (argv[k][10] == 'u' ? 12 : 14);
			} else {
				seed = strtoull(argv[k] + 10, &end, 0);
				if (seed >= KR_PERTURB_DOWN)
					seed = 0;
			}
			if (*end == ':')
				scale = (unsigned)strtoul(end + 1, &end, 0);
			if (*end || seed == 0 || scale == 0 || scale > 100000) {
				fprintf(stderr, "kernel_ref: %s: expected --perturb=SEED|up|down[:SCALE], SEED 1..2^64-3, SCALE 1..100000\n",
					argv[k]);
				return 2;
			}
		} else if (strcmp(argv[k], "-h") == 0 || strcmp(argv[k], "--help") == 0) {
			usage(stdout);
			return 0;
		} else if (argv[k][0] == '-' || path) {
			usage(stderr);
			return 2;
		} else {
			path = argv[k];
		}
	}
	if (!path) {
		usage(stderr);
		return 2;
	}
	ls = kl_load(&l, path, stderr);
	if (ls == KL_ENOMEM) {
		fprintf(stderr, "%s: out of memory\n", path);
		return 1;
	}
	if (ls != KL_OK)
		return 2;
	r = kr_lookup(l.name);
	if (!r) {
		fprintf(stderr, "%s:%u: kernel.name = %s: no C reference for this kernel (legal: a name from kernel_ref --list)\n",
			path, l.line, l.name);
		return 2;
	}
	threads = (uint64_t)l.grid[0] * l.grid[1] * l.grid[2] * l.block[0] * l.block[1] * l.block[2];
	if (threads > KR_THREADS_MAX) {
		fprintf(stderr, "%s:%u: kernel.grid = %lu, %lu, %lu: %" PRIu64 " threads (legal: at most %u threads in a "
			"reference run)\n", path, l.line, (unsigned long)l.grid[0], (unsigned long)l.grid[1],
			(unsigned long)l.grid[2], threads, KR_THREADS_MAX);
		return 2;
	}
	memset(&c, 0, sizeof(c));
	c.l = &l;
	c.file = path;
	c.err = stderr;
	st = run(r, &c);
	if (st != 0)
		goto out;
	if (!seed) {
		printf("kernel %s\n", l.name);
		printf("launch grid %lu %lu %lu block %lu %lu %lu shared_bytes %lu\n", (unsigned long)l.grid[0],
		       (unsigned long)l.grid[1], (unsigned long)l.grid[2], (unsigned long)l.block[0],
		       (unsigned long)l.block[1], (unsigned long)l.block[2], (unsigned long)l.shared_bytes);
		if (r->rtol == 0 && r->atol == 0)
			printf("tolerance bit-exact\n");
		else
			printf("tolerance rtol %g atol %g\n", r->rtol, r->atol);
		printf("approximate operations %" PRIu64 "\n", c.approx_ops);
		kr_print_outputs(&l, c.buf, dump);
		goto out;
	}
	for (i = 0; i < l.n_params; i++) {
		want[i] = c.buf[i];
		c.buf[i] = NULL;
	}
	c.perturb = seed;
	c.perturb_scale = scale;
	st = run(r, &c);
	if (st == 0)
		st = compare(r, &l, want, c.buf, &c);
	kl_free_buffers(&l, want);
out:
	kl_free_buffers(&l, c.buf);
	return st;
}
