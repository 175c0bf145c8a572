/* ftarray.c - the model of a flow-through storage array (rfm_ftarray.h): state, stimulus and
 * golden shadow shared by rf_rt_bank and rf_zmask_array.
 */
#include <stdlib.h>
#include <string.h>

#include "rfm_ftarray.h"

const char *const rfm_fta_cov_names[RFM_FTA_NCOV] = {"read", "write", "read_of_written_row",
						     "read_sees_start_of_cycle", "two_writes_one_row"};

int rfm_fta_ports(rfm_ports_t *pt, rfm_fta_ix_t *ix, const rfm_fta_geom_t *g)
{
	unsigned p;
	if (g->nr > RFM_FTA_MAXR || g->nw > RFM_FTA_MAXW)
		return -1;
	rfm_ports_group(pt, "clock");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock; the array is not reset", "clk_i");
	for (p = 0; p < g->nr; p++) {
		g->group(pt, g->ctx, p, 0);
		ix->ren[p] = rfm_ports_add(pt, RFM_IN, 1, "read (0: the output is zero)", "r%u_en_i", p);
		ix->rrow[p] = rfm_ports_add(pt, RFM_IN, g->row_w, g->rrhelp, "r%u_row_i", p);
		ix->rdat[p] = rfm_ports_add(pt, RFM_OUT, g->dw, g->rhelp, "r%u_%s_o", p, g->data);
	}
	for (p = 0; p < g->nw; p++) {
		g->group(pt, g->ctx, p, 1);
		ix->wen[p] = rfm_ports_add(pt, RFM_IN, 1, "write at the edge (a later port wins on one row)", "w%u_en_i", p);
		ix->wrow[p] = rfm_ports_add(pt, RFM_IN, g->row_w, "row", "w%u_row_i", p);
		ix->wdat[p] = rfm_ports_add(pt, RFM_IN, g->dw, g->whelp, "w%u_%s_i", p, g->data);
	}
	return 0;
}

int rfm_fta_setup(rfm_model_t *m, rfm_fta_t *a, const rfm_fta_geom_t *g, unsigned see_write)
{
	a->g = *g;
	a->words = (g->dw + 31) / 32;
	if (a->words > RFM_FTA_MAXWORDS || !g->rows)
		return -1;
	a->see_write = see_write;
	if (g->nw < 2)
		rfm_cov_na(m, RFM_FTA_TWO_WRITES_ONE_ROW);
	a->mem = calloc((size_t)g->rows * a->words, sizeof(uint32_t));
	a->shadow = calloc((size_t)g->rows * a->words, sizeof(uint32_t));
	a->written = calloc(g->rows, 1);
	return a->mem && a->shadow && a->written ? 0 : -1;
}

void rfm_fta_release(rfm_fta_t *a)
{
	free(a->mem);
	free(a->shadow);
	free(a->written);
}

/* Row of a port, or rows (no row) when it is past the array. */
static unsigned fta_row(const rfm_model_t *m, const rfm_fta_t *a, unsigned port)
{
	uint64_t row = rfm_get(m, port);
	return row < a->g.rows ? (unsigned)row : a->g.rows;
}

void rfm_fta_eval(rfm_model_t *m, const rfm_fta_ix_t *ix, rfm_fta_t *a)
{
	unsigned p, w, n = a->words;
	for (p = 0; p < a->g.nr; p++) {
		unsigned row = fta_row(m, a, ix->rrow[p]);
		uint32_t *out = rfm_wide(m, ix->rdat[p]);
		if (!rfm_get(m, ix->ren[p]) || row == a->g.rows) {
			memset(out, 0, n * sizeof(uint32_t));
			continue;
		}
		memcpy(out, a->mem + (size_t)row * n, n * sizeof(uint32_t));
		if (a->see_write && m->mutate == a->see_write) /* planted fault: a write of this cycle shows through */
			for (w = 0; w < a->g.nw; w++)
				if (rfm_get(m, ix->wen[w]) && fta_row(m, a, ix->wrow[w]) == row)
					memcpy(out, rfm_wide(m, ix->wdat[w]), n * sizeof(uint32_t));
	}
}

void rfm_fta_tick(rfm_model_t *m, const rfm_fta_ix_t *ix, rfm_fta_t *a)
{
	unsigned w, n = a->words;
	for (w = 0; w < a->g.nw; w++) {
		unsigned row = fta_row(m, a, ix->wrow[w]);
		if (rfm_get(m, ix->wen[w]) && row < a->g.rows)
			memcpy(a->mem + (size_t)row * n, rfm_wide(m, ix->wdat[w]), n * sizeof(uint32_t));
	}
}

void rfm_fta_stim(rfm_model_t *m, const rfm_fta_ix_t *ix, rfm_fta_t *a, rfm_rng_t *r)
{
	unsigned p, k, rows = a->g.rows, span = 1u << a->g.row_w;
	if (rfm_rng_chance(r, 1, 32))
		a->hot = (unsigned)rfm_rng_below(r, rows);
	for (p = 0; p < a->g.nr; p++) {
		unsigned row = rfm_rng_chance(r, 1, 3) ? a->hot : (unsigned)rfm_rng_below(r, span);
		rfm_set(m, ix->ren[p], rfm_rng_chance(r, 1, 2));
		rfm_set(m, ix->rrow[p], rfm_rng_chance(r, 15, 16) ? row % rows : row);
	}
	for (p = 0; p < a->g.nw; p++) {
		unsigned row = rfm_rng_chance(r, 1, 2) ? a->hot : (unsigned)rfm_rng_below(r, span);
		rfm_set(m, ix->wen[p], rfm_rng_chance(r, 1, 3));
		rfm_set(m, ix->wrow[p], rfm_rng_chance(r, 15, 16) ? row % rows : row);
		if (a->g.dw <= 64) {
			rfm_set(m, ix->wdat[p], rfm_rng_next(r));
			continue;
		}
		{
			uint32_t *d = rfm_wide(m, ix->wdat[p]);
			for (k = 0; k < a->words; k += 2) {
				uint64_t v = rfm_rng_next(r);
				d[k] = (uint32_t)v;
				if (k + 1 < a->words)
					d[k + 1] = (uint32_t)(v >> 32);
			}
			if (a->g.dw % 32)
				d[a->words - 1] &= (uint32_t)rfm_mask64(a->g.dw % 32);
		}
	}
}

/* Print words [0, n) of v as one hexadecimal number. */
static void fta_hex(FILE *f, const uint32_t *v, unsigned n)
{
	unsigned k;
	fputs("0x", f);
	for (k = n; k-- > 0;)
		fprintf(f, k == n - 1 ? "%x" : "%08x", v[k]);
}

int rfm_fta_check(rfm_model_t *m, const rfm_fta_ix_t *ix, rfm_fta_t *a, uint64_t cycle, FILE *err)
{
	static const uint32_t zero[RFM_FTA_MAXWORDS];
	unsigned p, w, n = a->words, two = 0;
	int rc = 0;
	for (p = 0; p < a->g.nr; p++) {
		unsigned row = fta_row(m, a, ix->rrow[p]), en = (unsigned)rfm_get(m, ix->ren[p]);
		const uint32_t *exp = en && row < a->g.rows ? a->shadow + (size_t)row * n : zero;
		const uint32_t *got = rfm_wide(m, ix->rdat[p]);
		if (memcmp(got, exp, n * sizeof(uint32_t)) && !rc) {
			fprintf(err, "cycle %llu: %s golden: read port %u row %llu gives ", (unsigned long long)cycle, m->module,
				p, (unsigned long long)rfm_get(m, ix->rrow[p]));
			fta_hex(err, got, n);
			fputs(", expected ", err);
			fta_hex(err, exp, n);
			fputc('\n', err);
			rc = 1;
		}
		if (!en || row == a->g.rows)
			continue;
		rfm_cov_hit(m, RFM_FTA_READ);
		if (a->written[row])
			rfm_cov_hit(m, RFM_FTA_READ_WRITTEN);
		for (w = 0; w < a->g.nw; w++)
			if (rfm_get(m, ix->wen[w]) && fta_row(m, a, ix->wrow[w]) == row &&
			    memcmp(rfm_wide(m, ix->wdat[w]), exp, n * sizeof(uint32_t)))
				rfm_cov_hit(m, RFM_FTA_READ_OLD_WHILE_WRITTEN);
	}
	for (w = 0; w < a->g.nw; w++) {
		unsigned row = fta_row(m, a, ix->wrow[w]), v;
		if (!rfm_get(m, ix->wen[w]) || row == a->g.rows)
			continue;
		for (v = 0; v < w; v++)
			if (rfm_get(m, ix->wen[v]) && fta_row(m, a, ix->wrow[v]) == row)
				two = 1;
		rfm_cov_hit(m, RFM_FTA_WRITE);
		memcpy(a->shadow + (size_t)row * n, rfm_wide(m, ix->wdat[w]), n * sizeof(uint32_t));
		a->written[row] = 1;
	}
	if (two)
		rfm_cov_hit(m, RFM_FTA_TWO_WRITES_ONE_ROW);
	return rc;
}
