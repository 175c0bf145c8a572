/* trace_main.c - ptx_trace: register traces of the kernel suite (docs/trace.md).
 *
 *   ptx_trace [--seed N] [--limit-regs N] [--ptx FILE] [-o FILE.rft] [--plant=NAME] FILE.ini
 *   ptx_trace --dump FILE.rft [--max N] [--plant=NAME]
 *   ptx_trace --replay FILE.rft [--plant=NAME]
 *
 * The first form runs the kernel of the launch file in the simulator and writes its trace (default
 * build/trace/<kernel>.rft, through FILE.rft.tmp and a rename), then prints one line of counts.
 * --dump prints a trace as text, --replay checks it through a per-warp architected register file.
 * Exit status: 0 done; 1 a replay that finds an inconsistency, or out of memory; 2 an invalid
 * launch, PTX or trace file, a kernel over the register limit, or a failed run (one line on
 * stderr, nothing on stdout).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "trace.h"

/* Command-line options. */
typedef struct {
	const char *ini;     /* the launch file (trace mode) */
	const char *ptx;     /* the PTX file, or NULL for kernels/ptx/<kernel>.ptx */
	const char *out;     /* -o, or NULL for build/trace/<kernel>.rft */
	const char *dump;    /* --dump FILE */
	const char *replay;  /* --replay FILE */
	uint64_t seed;       /* --seed */
	uint64_t max;        /* --max (UINT64_MAX: every record) */
	unsigned limit;      /* --limit-regs */
	rt_plant_t plant;    /* --plant */
} args_t;

static void usage(FILE *f)
{
	fprintf(f, "usage: ptx_trace [--seed N] [--limit-regs N] [--ptx FILE] [-o FILE.rft] FILE.ini\n"
		   "       ptx_trace --dump FILE.rft [--max N]\n"
		   "       ptx_trace --replay FILE.rft\n");
}

/* The number in v for option s into *x; 0 or 2 (message printed). */
static int number(const char *s, const char *v, uint64_t *x)
{
	char *end = NULL;
	unsigned long long n;
	errno = 0;
	n = strtoull(v, &end, 0);
	if (!*v || *end || v[0] == '-' || errno) {
		fprintf(stderr, "ptx_trace: %s %s: expected a number\n", s, v);
		return 2;
	}
	*x = n;
	return 0;
}

/* Parse argv into a; 0, 1 (help printed) or 2 (message printed). */
static int parse_args(int argc, char **argv, args_t *a)
{
	uint64_t x;
	int k;
	memset(a, 0, sizeof(*a));
	a->max = UINT64_MAX;
	a->limit = 255;
	for (k = 1; k < argc; k++) {
		const char *s = argv[k];
		int has = k + 1 < argc;
		if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0) {
			usage(stdout);
			return 1;
		} else if (strncmp(s, "--plant=", 8) == 0) {
			if (strcmp(s + 8, "dest-value") == 0)
				a->plant = RT_PLANT_DEST_VALUE;
			else if (strcmp(s + 8, "accept-truncated") == 0)
				a->plant = RT_PLANT_ACCEPT_TRUNCATED;
			else {
				fprintf(stderr, "ptx_trace: %s: unknown planted fault (legal: dest-value, accept-truncated)\n", s);
				return 2;
			}
		} else if (has && (strcmp(s, "--seed") == 0 || strcmp(s, "--max") == 0 || strcmp(s, "--limit-regs") == 0)) {
			if (number(s, argv[++k], &x))
				return 2;
			if (s[2] == 's')
				a->seed = x;
			else if (s[2] == 'm')
				a->max = x;
			else if (x < 1 || x > 65535) {
				fprintf(stderr, "ptx_trace: %s %s: expected 1 to 65535\n", s, argv[k]);
				return 2;
			} else
				a->limit = (unsigned)x;
		} else if (has && strcmp(s, "--ptx") == 0) {
			a->ptx = argv[++k];
		} else if (has && strcmp(s, "-o") == 0) {
			a->out = argv[++k];
		} else if (has && strcmp(s, "--dump") == 0) {
			a->dump = argv[++k];
		} else if (has && strcmp(s, "--replay") == 0) {
			a->replay = argv[++k];
		} else if (s[0] == '-' || a->ini) {
			usage(stderr);
			return 2;
		} else {
			a->ini = s;
		}
	}
	if (!!a->ini + !!a->dump + !!a->replay != 1) {
		usage(stderr);
		return 2;
	}
	return 0;
}

/* The function called name in m, or NULL (message printed). */
static const ptx_func_t *find_kernel(const ptx_module_t *m, const char *ini, const kl_launch_t *l, const char *ptx)
{
	uint32_t i;
	for (i = 0; i < m->n_funcs; i++)
		if (m->funcs[i].is_entry && strcmp(m->funcs[i].name, l->name) == 0)
			return &m->funcs[i];
	fprintf(stderr, "%s: %s: no .entry %s in %s\n", ini, l->name, l->name, ptx);
	return NULL;
}

/* Trace mode; the exit status. */
static int trace(const args_t *a)
{
	static kl_launch_t l;
	static void *bufs[KL_PARAMS_MAX];
	char msg[RT_MSG_MAX > SIM_MSG_MAX ? RT_MSG_MAX : SIM_MSG_MAX], ptxpath[512], outpath[512];
	const char *ptx = a->ptx, *out = a->out;
	const ptx_func_t *fn;
	ptx_module_t *m = NULL;
	ptx_alloc_t al = {0};
	rt_header_t h = {0};
	rt_writer_t *w = NULL;
	rt_tracer_t *t = NULL;
	rt_end_t end;
	sim_opts_t o = {0};
	sim_stats_t stats;
	sim_status_t ss;
	kl_status_t ls;
	int st = 2;
	ls = kl_load(&l, a->ini, stderr);
	if (ls != KL_OK) {
		if (ls == KL_ENOMEM)
			fprintf(stderr, "%s: out of memory\n", a->ini);
		return ls == KL_ENOMEM ? 1 : 2;
	}
	if (!ptx) {
		snprintf(ptxpath, sizeof(ptxpath), "kernels/ptx/%s.ptx", l.name);
		ptx = ptxpath;
	}
	if (!out) {
		mkdir("build", 0777);
		mkdir("build/trace", 0777);
		snprintf(outpath, sizeof(outpath), "build/trace/%s.rft", l.name);
		out = outpath;
	}
	if (ptx_parse_file(ptx, &m, msg, sizeof(msg)) != PTX_OK) {
		fprintf(stderr, "%s\n", msg);
		goto out;
	}
	if (!(fn = find_kernel(m, a->ini, &l, ptx)))
		goto out;
	if (ptx_alloc(fn, a->limit, &al, msg, sizeof(msg)) != 0) {
		fprintf(stderr, "%s: %s\n", ptx, msg);
		goto out;
	}
	if (rt_header_build(m, fn, &al, a->limit, &l, ptx, a->seed, &h, msg, sizeof(msg)) != 0 ||
	    rt_writer_open(out, &h, a->plant, &w, msg, sizeof(msg)) != 0) {
		fprintf(stderr, "%s\n", msg);
		goto out;
	}
	if (!(t = rt_tracer_create(fn, &al, &h, w)) || kl_alloc_buffers(&l, bufs) != 0) {
		fprintf(stderr, "%s: out of memory\n", a->ini);
		st = 1;
		goto out;
	}
	o.seed = a->seed;
	o.hook = rt_tracer_hook;
	o.hook_user = t;
	ss = sim_run(m, &l, a->ini, bufs, &o, &stats, msg, sizeof(msg));
	if (ss != SIM_OK || rt_tracer_status(t, msg, sizeof(msg)) != 0) {
		fprintf(stderr, "%s\n", msg);
		st = ss == SIM_ENOMEM ? 1 : 2;
		goto out;
	}
	st = rt_writer_finish(w, &end, msg, sizeof(msg)) != 0 ? 2 : 0;
	w = NULL;
	if (st) {
		fprintf(stderr, "%s\n", msg);
		goto out;
	}
	printf("trace %s: seed %" PRIu64 " steps %" PRIu64 " records %" PRIu64 " thread_insns %" PRIu64
	       " registers %u bytes %" PRIu64 " -> %s\n", l.name, a->seed, stats.steps, end.records, end.thread_insns,
	       h.regs, end.bytes, out);
out:
	rt_writer_abort(w);
	rt_tracer_destroy(t);
	rt_header_free(&h);
	ptx_alloc_free(&al);
	kl_free_buffers(&l, bufs);
	ptx_module_free(m);
	return st;
}

int main(int argc, char **argv)
{
	char msg[RT_MSG_MAX];
	rt_replay_t rp;
	args_t a;
	int st = parse_args(argc, argv, &a);
	if (st)
		return st == 1 ? 0 : 2;
	if (a.ini)
		return trace(&a);
	if (a.dump) {
		if (rt_dump(a.dump, a.plant, a.max, stdout, msg, sizeof(msg)) != 0) {
			fprintf(stderr, "%s\n", msg);
			return 2;
		}
		return 0;
	}
	if ((st = rt_replay(a.replay, a.plant, &rp, msg, sizeof(msg))) != 0) {
		fprintf(stderr, "%s\n", msg);
		return st == 1 ? 1 : 2; /* a trace that disagrees with itself: 1; an unreadable one: 2 */
	}
	printf("replay %s: records %" PRIu64 " thread_insns %" PRIu64 " source values %" PRIu64
	       " (of registers unwritten in their CTA %" PRIu64 ") destination values %" PRIu64 ": consistent\n",
	       a.replay, rp.end.records, rp.end.thread_insns, rp.src_values, rp.unwritten, rp.dst_values);
	return 0;
}
