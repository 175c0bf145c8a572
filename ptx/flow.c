/* flow.c - liveness and immediate post-dominators of one function (flow.h, docs/ptx.md). */
#include <stdlib.h>
#include <string.h>

#include "flow.h"

struct pf_graph {
	unsigned n, nregs, words;  /* instructions, registers, 64-bit words per register set */
	int (*succ)[2];            /* [n] successors, -1 unused */
	uint8_t *exits;            /* [n] control may leave here */
	uint64_t *use, *kill, *in; /* [n][words] register sets */
	int *ipdom;                /* [n] after pf_postdom, else NULL */
};

pf_graph_t *pf_create(unsigned n, unsigned nregs)
{
	pf_graph_t *g;
	size_t sets;
	if (n < 1 || n > 1000000 || nregs < 1 || nregs > 65536)
		return NULL;
	g = calloc(1, sizeof(*g));
	if (!g)
		return NULL;
	g->n = n;
	g->nregs = nregs;
	g->words = (nregs + 63) / 64;
	sets = (size_t)n * g->words;
	g->succ = malloc(n * sizeof(*g->succ));
	g->exits = calloc(n, 1);
	g->use = calloc(sets, sizeof(uint64_t));
	g->kill = calloc(sets, sizeof(uint64_t));
	g->in = calloc(sets, sizeof(uint64_t));
	if (!g->succ || !g->exits || !g->use || !g->kill || !g->in) {
		pf_destroy(g);
		return NULL;
	}
	memset(g->succ, 0xff, n * sizeof(*g->succ));
	return g;
}

void pf_destroy(pf_graph_t *g)
{
	if (!g)
		return;
	free(g->succ);
	free(g->exits);
	free(g->use);
	free(g->kill);
	free(g->in);
	free(g->ipdom);
	free(g);
}

int pf_add_succ(pf_graph_t *g, unsigned i, unsigned s)
{
	if (i >= g->n || s >= g->n || g->succ[i][1] >= 0)
		return -1;
	if (g->succ[i][0] == (int)s)
		return 0; /* a branch to the next instruction: one edge */
	g->succ[i][g->succ[i][0] >= 0] = (int)s;
	return 0;
}

int pf_set_exit(pf_graph_t *g, unsigned i)
{
	if (i >= g->n)
		return -1;
	g->exits[i] = 1;
	return 0;
}

static uint64_t *set(const pf_graph_t *g, uint64_t *base, unsigned i) { return base + (size_t)i * g->words; }

int pf_add_use(pf_graph_t *g, unsigned i, unsigned r)
{
	if (i >= g->n || r >= g->nregs)
		return -1;
	set(g, g->use, i)[r / 64] |= (uint64_t)1 << (r % 64);
	return 0;
}

int pf_add_def(pf_graph_t *g, unsigned i, unsigned r, int kills)
{
	if (i >= g->n || r >= g->nregs)
		return -1;
	if (kills)
		set(g, g->kill, i)[r / 64] |= (uint64_t)1 << (r % 64);
	return 0;
}

/* ---- liveness ----------------------------------------------------------------------------------- */

int pf_liveness(pf_graph_t *g)
{
	uint64_t *out = malloc(g->words * sizeof(uint64_t));
	unsigned i, w, k;
	int changed = 1;
	if (!out)
		return -1;
	memset(g->in, 0, (size_t)g->n * g->words * sizeof(uint64_t));
	/* backward: instructions in reverse order, until nothing changes (each loop adds at most one
	 * more round per nesting level) */
	while (changed) {
		changed = 0;
		for (i = g->n; i-- > 0;) {
			uint64_t *in = set(g, g->in, i), *use = set(g, g->use, i), *kill = set(g, g->kill, i);
			memset(out, 0, g->words * sizeof(uint64_t));
			for (k = 0; k < 2; k++)
				if (g->succ[i][k] >= 0)
					for (w = 0; w < g->words; w++)
						out[w] |= set(g, g->in, (unsigned)g->succ[i][k])[w];
			for (w = 0; w < g->words; w++) {
				uint64_t v = use[w] | (out[w] & ~kill[w]);
				if (v != in[w]) {
					in[w] = v;
					changed = 1;
				}
			}
		}
	}
	free(out);
	return 0;
}

int pf_live(const pf_graph_t *g, unsigned i, unsigned r)
{
	return i < g->n && r < g->nregs && (set(g, g->in, i)[r / 64] >> (r % 64) & 1);
}

int pf_live_out(const pf_graph_t *g, unsigned i, unsigned r)
{
	unsigned k;
	if (i >= g->n || r >= g->nregs)
		return 0;
	for (k = 0; k < 2; k++)
		if (g->succ[i][k] >= 0 && pf_live(g, (unsigned)g->succ[i][k], r))
			return 1;
	return 0;
}

unsigned pf_live_count(const pf_graph_t *g, unsigned i)
{
	unsigned w, c = 0;
	for (w = 0; w < g->words; w++)
		c += (unsigned)__builtin_popcountll(set(g, g->in, i)[w]);
	return c;
}

uint64_t pf_live_bits64(const pf_graph_t *g, unsigned i) { return set(g, g->in, i)[0]; }

unsigned pf_max_live(const pf_graph_t *g)
{
	unsigned i, m = 0, c;
	for (i = 0; i < g->n; i++)
		if ((c = pf_live_count(g, i)) > m)
			m = c;
	return m;
}

/* ---- post-dominators ---------------------------------------------------------------------------- */

/* Predecessor lists (CSR): the reverse graph's successors of each instruction; the virtual exit n
 * precedes nothing, and its reverse successors are the exits. */
static int preds(const pf_graph_t *g, unsigned **start, unsigned **list)
{
	unsigned i, k, *cnt = calloc(g->n + 2, sizeof(unsigned)), *l;
	if (!cnt)
		return -1;
	for (i = 0; i < g->n; i++)
		for (k = 0; k < 2; k++)
			if (g->succ[i][k] >= 0)
				cnt[g->succ[i][k] + 1]++;
	for (i = 0; i < g->n; i++)
		cnt[i + 1] += cnt[i];
	l = malloc((cnt[g->n] + 1) * sizeof(unsigned));
	if (!l) {
		free(cnt);
		return -1;
	}
	memset(l, 0xff, (cnt[g->n] + 1) * sizeof(unsigned));
	cnt[g->n + 1] = cnt[g->n];
	for (i = 0; i < g->n; i++)
		for (k = 0; k < 2; k++)
			if (g->succ[i][k] >= 0) {
				unsigned s = (unsigned)g->succ[i][k], j;
				for (j = cnt[s]; j < cnt[s + 1] && l[j] != ~0u; j++)
					;
				l[j] = i;
			}
	*start = cnt;
	*list = l;
	return 0;
}

/* Postorder of the reverse graph from the virtual exit (iterative depth-first search). */
static unsigned rev_postorder(const pf_graph_t *g, const unsigned *ps, const unsigned *pl, unsigned *order,
	int *num)
{
	unsigned *stack = malloc((g->n + 1) * sizeof(unsigned)), *next = calloc(g->n + 1, sizeof(unsigned));
	unsigned sp = 0, cnt = 0, x = g->n;
	if (!stack || !next) {
		free(stack);
		free(next);
		return ~0u;
	}
	num[x] = -2; /* on the stack */
	stack[sp++] = x;
	while (sp) {
		unsigned v = stack[sp - 1], nb = v == x ? g->n : ps[v + 1] - ps[v], w;
		if (next[v] < nb) {
			/* the reverse successors: the exits for the virtual node, else the predecessors */
			if (v == x) {
				w = next[v]++;
				if (!g->exits[w])
					continue;
			} else {
				w = pl[ps[v] + next[v]++];
			}
			if (num[w] == -1) {
				num[w] = -2;
				stack[sp++] = w;
			}
			continue;
		}
		sp--;
		num[v] = (int)cnt;
		order[cnt++] = v;
	}
	free(stack);
	free(next);
	return cnt;
}

static int intersect(const int *dom, const int *num, int a, int b)
{
	while (a != b) {
		while (num[a] < num[b])
			a = dom[a];
		while (num[b] < num[a])
			b = dom[b];
	}
	return a;
}

int pf_postdom(pf_graph_t *g)
{
	unsigned *ps = NULL, *pl = NULL, *order = malloc((g->n + 1) * sizeof(unsigned)), cnt, i, k;
	int *num = malloc((g->n + 1) * sizeof(int)), *dom = malloc((g->n + 1) * sizeof(int)), changed = 1, rc = -1;
	if (!order || !num || !dom || preds(g, &ps, &pl))
		goto out;
	for (i = 0; i <= g->n; i++)
		num[i] = dom[i] = -1;
	if ((cnt = rev_postorder(g, ps, pl, order, num)) == ~0u)
		goto out;
	dom[g->n] = (int)g->n;
	while (changed) {
		changed = 0;
		for (i = cnt - 1; i-- > 0;) { /* reverse postorder, the virtual exit (last) aside */
			unsigned v = order[i];
			int nd = -1;
			/* v's predecessors in the reverse graph: its successors, and the virtual exit */
			for (k = 0; k < 3; k++) {
				int p = k < 2 ? g->succ[v][k] : (g->exits[v] ? (int)g->n : -1);
				if (p < 0 || dom[p] < 0)
					continue;
				nd = nd < 0 ? p : intersect(dom, num, p, nd);
			}
			if (nd != dom[v]) {
				dom[v] = nd;
				changed = 1;
			}
		}
	}
	free(g->ipdom);
	g->ipdom = malloc(g->n * sizeof(int));
	if (!g->ipdom)
		goto out;
	for (i = 0; i < g->n; i++)
		g->ipdom[i] = dom[i];
	rc = 0;
out:
	free(ps);
	free(pl);
	free(order);
	free(num);
	free(dom);
	return rc;
}

int pf_ipdom(const pf_graph_t *g, unsigned i) { return g->ipdom && i < g->n ? g->ipdom[i] : -1; }
