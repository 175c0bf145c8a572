/* edram.c - the eDRAM file's nodes, refresh controller, wire shuffler and accounting
 * (rfm_edram.h; decisions in docs/edram.md). */
#include <stdio.h>
#include <string.h>

#include "rfm_edram.h"
#include "rfm_util.h"

/* The paper's Table 1: energies per access, leakage per bank, cell retention (= T0) in cycles. */
const rfm_edram_node_t rfm_edram_nodes[RFM_EDRAM_NODES] = {
	{"22nm", 316, 149, 41.5, 2048},
	{"16nm", 284, 134, 45.7, 1024},
	{"11nm", 256, 121, 50.2, 512},
};

unsigned rfm_edram_interval(const rfm_edram_geom_t *g)
{
	if (!g->rows || g->t0 <= g->max_defer)
		return 0;
	return (g->t0 - g->max_defer) / g->rows;
}

int rfm_edram_geom_check(const rfm_edram_geom_t *g, char *why, size_t n)
{
	unsigned p = rfm_edram_interval(g);
	if (!g->banks || !g->rows || !g->lanes)
		snprintf(why, n, "banks, rows and lanes must be at least 1");
	else if (g->word_bits < 2 || g->word_bits > 32)
		snprintf(why, n, "word bits %u outside 2..32", g->word_bits);
	else if (g->crit_bits < 1 || g->crit_bits >= g->word_bits)
		snprintf(why, n, "critical bits %u outside 1..%u (the word's bits less one)", g->crit_bits,
			 g->word_bits - 1);
	else if (g->m < 1 || g->m > 8)
		snprintf(why, n, "counter bits M = %u outside 1..8", g->m);
	else if (p < 2)
		snprintf(why, n, "refresh interval P = (T0 - max_defer) / rows = (%u - %u) / %u = %u, below 2", g->t0,
			 g->max_defer, g->rows, p);
	else if (g->max_defer >= p)
		snprintf(why, n, "max_defer %u not below the refresh interval P = %u", g->max_defer, p);
	else
		return 0;
	return -1;
}

void rfm_edram_rctl_reset(const rfm_edram_geom_t *g, unsigned b, rfm_edram_rctl_t *q)
{
	q->timer = (unsigned)(((uint64_t)b * rfm_edram_interval(g)) / g->banks);
	q->rp = q->pending = q->defer = q->cnt = 0;
}

void rfm_edram_rctl_comb(const rfm_edram_geom_t *g, const rfm_edram_rctl_t *q, int busy, rfm_edram_rout_t *o)
{
	o->issue = (uint8_t)(q->pending && (!busy || q->defer >= g->max_defer));
	o->forced = (uint8_t)(o->issue && busy);
	o->cnt_zero = (uint8_t)(q->cnt == 0);
	o->row = q->rp;
}

void rfm_edram_rctl_clock(const rfm_edram_geom_t *g, rfm_edram_rctl_t *q, const rfm_edram_rout_t *o)
{
	unsigned p = rfm_edram_interval(g);
	if (o->issue) {
		q->pending = q->defer = 0;
		if (++q->rp == g->rows) { /* a sweep is complete: the counter moves */
			q->rp = 0;
			q->cnt = (q->cnt + 1u) & ((1u << g->m) - 1u);
		}
	} else if (q->pending) {
		q->defer++;
	}
	if (q->timer + 1u >= p) {
		q->timer = 0;
		q->pending = 1;
	} else {
		q->timer++;
	}
}

void rfm_edram_shuffle(const rfm_edram_geom_t *g, const uint32_t *row, uint32_t *crit, uint32_t *nc)
{
	unsigned l, b, ncb = rfm_edram_nc_bits(g);
	for (l = 0; l < g->lanes; l++)
		for (b = 0; b < g->word_bits; b++) {
			uint64_t x = rfm_bits_get(row, l * g->word_bits + b, 1);
			if (b >= ncb)
				rfm_bits_set(crit, l * g->crit_bits + (b - ncb), 1, x);
			else
				rfm_bits_set(nc, l * ncb + b, 1, x);
		}
}

void rfm_edram_unshuffle(const rfm_edram_geom_t *g, const uint32_t *crit, const uint32_t *nc, uint32_t *row)
{
	unsigned l, b, ncb = rfm_edram_nc_bits(g);
	for (l = 0; l < g->lanes; l++)
		for (b = 0; b < g->word_bits; b++)
			rfm_bits_set(row, l * g->word_bits + b, 1,
				     b >= ncb ? rfm_bits_get(crit, l * g->crit_bits + (b - ncb), 1) : rfm_bits_get(nc, l * ncb + b, 1));
}

double rfm_edram_refresh_fj(const rfm_edram_geom_t *g, const rfm_edram_node_t *n, const rfm_edram_acts_t *a)
{
	double row = (double)n->read_fj + (double)n->write_fj;
	return row * ((double)a->refreshes * g->crit_bits + (double)a->nc_rows * rfm_edram_nc_bits(g)) / g->word_bits;
}

double rfm_edram_precise_refresh_fj(const rfm_edram_geom_t *g, const rfm_edram_node_t *n, const rfm_edram_acts_t *a)
{
	(void)g;
	return ((double)n->read_fj + (double)n->write_fj) * (double)a->refreshes;
}

double rfm_edram_transistor_overhead(const rfm_edram_geom_t *g)
{
	return ((double)g->rows * 20.0 + 12.0 * g->m) / ((double)g->rows * g->lanes * g->word_bits * 3.0);
}

int rfm_edram_fp_opcode(const char *op)
{
	static const char *const fp[] = {"FFMA", "FADD", "FCMP", "FMUL", "FMNMX", "FSWZ", "FSET", "FSETP",
					 "RRO", "MUFU", "DFMA", "DADD", "DMUL", "DMNMX", "DSET", "DSETP",
					 "FADD32I", "FMUL32I", "FFMA32I"};
	size_t n = strcspn(op, "."), i;
	for (i = 0; i < sizeof(fp) / sizeof(fp[0]); i++)
		if (strlen(fp[i]) == n && !strncmp(op, fp[i], n))
			return 1;
	return 0;
}

void rfm_edram_retire(uint8_t *flags, int fp, const int *src, unsigned nsrc, const int *dst, unsigned ndst)
{
	unsigned i;
	for (i = 0; fp && i < nsrc; i++) /* sources first, destinations last: a destination's update wins */
		if (src[i] >= 0)
			flags[src[i]] = 0;
	for (i = 0; i < ndst; i++)
		if (dst[i] >= 0)
			flags[dst[i]] = fp ? 0 : 1;
}
