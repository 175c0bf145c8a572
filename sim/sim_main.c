/* sim_main.c - ptx_sim: run a kernel of the suite in the warp-level simulator (docs/sim.md).
 *
 *   ptx_sim [--seed N] [--dump] [--check] [--ptx FILE] [--max-steps N] [--plant=NAME] FILE.ini
 *
 * Prints the kernel, the launch, the run's counts and per out/inout buffer the line kernel_ref
 * prints (--dump: then every element); --check also runs the kernel's C reference in-process and
 * compares every output element under the kernel's tolerance (kernels/ref/refs.def). The PTX is
 * kernels/ptx/<kernel>.ptx unless --ptx names another file. Exit status: 0 done, 1 a mismatch
 * under --check (or out of memory), 2 an invalid launch or PTX, or a failed run (one line on
 * stderr, nothing on stdout).
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref.h"
#include "sim.h"

/* Command-line options. */
typedef struct {
	const char *ini;        /* the launch file */
	const char *ptx;        /* the PTX file, or NULL for kernels/ptx/<kernel>.ptx */
	sim_opts_t o;           /* simulator options */
	int dump;               /* print every output element */
	int check;              /* compare with the reference */
} args_t;

static void usage(FILE *f)
{
	fprintf(f, "usage: ptx_sim [--seed N] [--dump] [--check] [--ptx FILE] [--max-steps N] [--plant=NAME] FILE.ini\n");
}

/* Parse argv into a; 0, 1 (help printed) or 2 (message printed). */
static int parse_args(int argc, char **argv, args_t *a)
{
	int k;
	memset(a, 0, sizeof(*a));
	for (k = 1; k < argc; k++) {
		const char *s = argv[k];
		char *end = NULL;
		if (strcmp(s, "--dump") == 0) {
			a->dump = 1;
		} else if (strcmp(s, "--check") == 0) {
			a->check = 1;
		} else if ((strcmp(s, "--seed") == 0 || strcmp(s, "--max-steps") == 0 || strcmp(s, "--ptx") == 0) &&
			   k + 1 < argc) {
			const char *v = argv[++k];
			if (s[2] == 'p') {
				a->ptx = v;
				continue;
			}
			unsigned long long n = strtoull(v, &end, 0);
			if (!*v || *end || v[0] == '-' || (s[2] == 'm' && n == 0)) {
				fprintf(stderr, "ptx_sim: %s %s: expected a number%s\n", s, v, s[2] == 'm' ? " >= 1" : "");
				return 2;
			}
			if (s[2] == 's')
				a->o.seed = n;
			else
				a->o.max_steps = n;
		} else if (strncmp(s, "--plant=", 8) == 0) {
			a->o.plant = sim_plant_lookup(s + 8);
			if (a->o.plant == SIM_PLANT_COUNT) {
				fprintf(stderr, "ptx_sim: %s: unknown planted fault (legal: fma-unfused, shfl-no-clamp, setp-ordered)\n", s);
				return 2;
			}
		} else if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0) {
			usage(stdout);
			return 1;
		} else if (s[0] == '-' || a->ini) {
			usage(stderr);
			return 2;
		} else {
			a->ini = s;
		}
	}
	if (!a->ini) {
		usage(stderr);
		return 2;
	}
	return 0;
}

/* Compare got with the reference's want under r's tolerance; 0 all within (the summary line in
 * line), 1 a mismatch (the first one in line). */
static int compare(const kr_kernel_t *r, const kl_launch_t *l, void *const *want, void *const *got, char *line,
		   size_t n)
{
	double worst = 0, werr = 0;
	const char *wname = "";
	size_t wk = 0, k;
	unsigned i, bad = 0;
	char g[32], w[32];
	for (i = 0; i < l->n_params; i++) {
		const kl_param_t *p = &l->params[i];
		if (p->kind != KL_BUFFER || p->dir == KL_IN)
			continue;
		for (k = 0; k < p->count; k++) {
			uint64_t gb = kr_elem_bits(p->type, got[i], k), wb = kr_elem_bits(p->type, want[i], k);
			double a = kr_elem_f(p->type, want[i], k), b = kr_elem_f(p->type, got[i], k), err, bound;
			int fp = p->type == KL_F32 || p->type == KL_F64;
			if (gb == wb)
				continue;
			err = fabs(b - a);
			bound = fp ? r->atol + r->rtol * fabs(a) : 0;
			if (isnan(err) || err > bound || !fp) {
				if (!bad++)
					snprintf(line, n, "%s[%zu]: got %s, want %s (|d| %.3g, bound %.3g)", p->name, k,
						 kl_value_str(p->type, gb, g), kl_value_str(p->type, wb, w), err, bound);
				continue;
			}
			if (err / (bound > 0 ? bound : 1) > worst) {
				worst = err / (bound > 0 ? bound : 1);
				werr = err;
				wname = p->name;
				wk = k;
			}
		}
	}
	if (bad)
		return 1;
	if (worst == 0)
		snprintf(line, n, "check %s: every output element equals the reference (bit-exact)", l->name);
	else
		snprintf(line, n, "check %s: within tolerance (rtol %g, atol %g): worst %s[%zu] |d| %.3g, %.3g of its bound",
			 l->name, r->rtol, r->atol, wname, wk, werr, worst);
	return 0;
}

/* Run the reference of l into want; 0, or 2 (no reference, refused: message printed), 1 memory. */
static int reference(const char *path, const kl_launch_t *l, void **want, const kr_kernel_t **rp)
{
	kr_ctx_t c;
	const kr_kernel_t *r = kr_lookup(l->name);
	unsigned i;
	if (!r) {
		fprintf(stderr, "%s:%u: kernel.name = %s: --check: no C reference for this kernel\n", path, l->line, l->name);
		return 2;
	}
	if (kl_alloc_buffers(l, want) != 0) {
		fprintf(stderr, "%s: out of memory\n", path);
		return 1;
	}
	memset(&c, 0, sizeof(c));
	c.l = l;
	c.file = path;
	c.err = stderr;
	for (i = 0; i < l->n_params; i++)
		c.buf[i] = want[i];
	*rp = r;
	return r->run(&c) != 0 ? 2 : 0;
}

int main(int argc, char **argv)
{
	static kl_launch_t l;
	static void *bufs[KL_PARAMS_MAX], *want[KL_PARAMS_MAX];
	char msg[SIM_MSG_MAX], ptxpath[512], line[512];
	const kr_kernel_t *r = NULL;
	ptx_module_t *m = NULL;
	sim_stats_t stats;
	sim_status_t ss;
	args_t a;
	int st = parse_args(argc, argv, &a);
	kl_status_t ls;
	if (st)
		return st == 1 ? 0 : 2;
	ls = kl_load(&l, a.ini, stderr);
	if (ls != KL_OK) {
		if (ls == KL_ENOMEM)
			fprintf(stderr, "%s: out of memory\n", a.ini);
		return ls == KL_ENOMEM ? 1 : 2;
	}
	if (!a.ptx) {
		snprintf(ptxpath, sizeof(ptxpath), "kernels/ptx/%s.ptx", l.name);
		a.ptx = ptxpath;
	}
	if (ptx_parse_file(a.ptx, &m, msg, sizeof(msg)) != PTX_OK) {
		fprintf(stderr, "%s\n", msg);
		return 2;
	}
	if (a.check && (st = reference(a.ini, &l, want, &r)) != 0)
		goto out;
	if (kl_alloc_buffers(&l, bufs) != 0) {
		fprintf(stderr, "%s: out of memory\n", a.ini);
		st = 1;
		goto out;
	}
	ss = sim_run(m, &l, a.ini, bufs, &a.o, &stats, msg, sizeof(msg));
	if (ss != SIM_OK) {
		fprintf(stderr, "%s\n", msg);
		st = ss == SIM_ENOMEM ? 1 : 2;
		goto out;
	}
	if (a.check && compare(r, &l, want, bufs, line, sizeof(line)) != 0) {
		fprintf(stderr, "%s: %s: mismatch with the reference: %s\n", a.ini, l.name, line);
		st = 1;
		goto out;
	}
	printf("kernel %s\n", l.name);
	printf("launch grid %lu %lu %lu block %lu %lu %lu shared_bytes %lu\n", (unsigned long)l.grid[0],
	       (unsigned long)l.grid[1], (unsigned long)l.grid[2], (unsigned long)l.block[0], (unsigned long)l.block[1],
	       (unsigned long)l.block[2], (unsigned long)l.shared_bytes);
	printf("sim seed %" PRIu64 " ctas %u warps %u steps %" PRIu64 " thread_insns %" PRIu64 " max_stack %u%s%s\n",
	       a.o.seed, stats.ctas, stats.warps, stats.steps, stats.thread_insns, stats.max_stack,
	       a.o.plant ? " PLANTED " : "", a.o.plant ? sim_plant_name(a.o.plant) : "");
	if (a.check)
		printf("%s\n", line);
	kr_print_outputs(&l, bufs, a.dump);
out:
	kl_free_buffers(&l, bufs);
	kl_free_buffers(&l, want);
	ptx_module_free(m);
	return st;
}
