/* bank.c - model of rf_bank: one register-file bank built from subbanks x rf_sram.
 *
 * Sub-bank k holds lanes [k * sb_lanes, (k + 1) * sb_lanes) of every row. A write enables only the
 * sub-banks whose slice of the lane mask is not zero (docs/semantics.md, "Storage arrays").
 */
#include <stdlib.h>

#include "rfm_models.h"

enum { COV_GATED, COV_FULL, COV_RDW, COV_N };
static const char *const cov_names[COV_N] = {"subbank_gated_write", "full_row_write",
					     "read_during_write_same_row"};

static int ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ix)
{
	return rfm_storage_ports(c, pt, ix, c->rf_lanes, "warp register written");
}

static void bank_eval(rfm_model_t *m)
{
	rfm_bank_t *b = (rfm_bank_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned k, p, sw = c->d.sb_bits;
	if (b->direct || !b->stale) /* the read data registers only change at an edge with a read */
		return;
	b->stale = 0;
	for (k = 0; k < b->n_sb; k++) {
		rfm_sram_t *s = b->sb[k];
		for (p = 0; p < c->rf_read_ports; p++)
			rfm_bits_copy(rfm_wide(m, b->ix.rdata[p]), k * sw, s->rdata_q + p * s->words, 0, sw);
	}
}

/* Coverage of one edge's writes. */
static void bank_cover(rfm_bank_t *b, const rfm_bank_edge_t *e)
{
	const rfm_cfg_t *c = b->m.cfg;
	unsigned k, p, q;
	for (p = 0; p < c->rf_write_ports; p++) {
		if (!e->wen[p])
			continue;
		if (e->wmask[p] == rfm_mask64(c->rf_lanes))
			rfm_cov_hit(&b->m, COV_FULL);
		for (k = 0; k < b->n_sb; k++)
			if (!((e->wmask[p] >> (k * c->d.sb_lanes)) & rfm_mask64(c->d.sb_lanes)))
				rfm_cov_hit(&b->m, COV_GATED);
		for (q = 0; q < c->rf_read_ports; q++)
			if (e->ren[q] && e->raddr[q] == e->waddr[p])
				rfm_cov_hit(&b->m, COV_RDW);
	}
}

void rfm_bank_clock(rfm_bank_t *b, const rfm_bank_edge_t *e)
{
	const rfm_cfg_t *c = b->m.cfg;
	unsigned k, p, sl = c->d.sb_lanes;
	rfm_sram_edge_t se;
	int any = 0, rd = 0;
	for (p = 0; p < c->rf_read_ports; p++)
		rd |= e->ren[p];
	for (p = 0; p < c->rf_write_ports; p++)
		any |= e->wen[p];
	if (!(any | rd)) /* most banks are idle at most edges */
		return;
	if (rfm_cov_on(&b->m))
		bank_cover(b, e);
	b->stale |= rd;
	se.reads_done = b->direct && rd;
	if (se.reads_done) /* the sub-banks' rows lie side by side: one copy per read port */
		for (p = 0; p < c->rf_read_ports; p++) {
			uint32_t *q = rfm_wide(&b->m, b->ix.rdata[p]);
			if (!e->ren[p])
				continue;
			for (k = 0; k < b->n_sb && rfm_cov_on(&b->m); k++)
				rfm_sram_cover_read(b->sb[k]);
			if (e->raddr[p] < c->d.bank_rows)
				memcpy(q, b->mem + (size_t)e->raddr[p] * b->row_words, b->row_words * 4u);
			else
				memset(q, 0, b->row_words * 4u);
		}
	if (!any && se.reads_done)
		return;
	/* whole fixed-size arrays: copied inline, where a loop over the ports would become calls */
	memcpy(se.ren, e->ren, sizeof(se.ren));
	memcpy(se.raddr, e->raddr, sizeof(se.raddr));
	memcpy(se.waddr, e->waddr, sizeof(se.waddr));
	memcpy(se.wdata, e->wdata, sizeof(se.wdata));
	for (k = 0; k < b->n_sb; k++) {
		int w = 0;
		se.wlo = k * c->d.sb_bits;
		for (p = 0; p < c->rf_write_ports; p++) {
			se.wmask[p] = (e->wmask[p] >> (k * sl)) & rfm_mask64(sl);
			se.wen[p] = e->wen[p] && se.wmask[p]; /* sub-bank write gating */
			w |= se.wen[p];
		}
		if (!w && se.reads_done) /* nothing left for this sub-bank at this edge */
			continue;
		b->sb[k]->m.mutate = b->m.mutate;
		rfm_sram_clock(b->sb[k], &se);
	}
}

void rfm_bank_quiet(rfm_bank_t *b)
{
	unsigned k;
	b->m.cov.quiet = 1;
	for (k = 0; k < b->n_sb; k++)
		b->sb[k]->m.cov.quiet = 1;
}

static void bank_tick(rfm_model_t *m)
{
	rfm_bank_t *b = (rfm_bank_t *)m;
	const rfm_cfg_t *c = m->cfg;
	rfm_bank_edge_t e;
	unsigned p;
	memset(&e, 0, sizeof(e));
	for (p = 0; p < c->rf_read_ports; p++) {
		e.ren[p] = (uint8_t)rfm_get(m, b->ix.ren[p]);
		e.raddr[p] = (unsigned)rfm_get(m, b->ix.raddr[p]);
	}
	for (p = 0; p < c->rf_write_ports; p++) {
		e.wen[p] = (uint8_t)rfm_get(m, b->ix.wen[p]);
		e.waddr[p] = (unsigned)rfm_get(m, b->ix.waddr[p]);
		e.wmask[p] = rfm_get(m, b->ix.wmask[p]);
		e.wdata[p] = rfm_wide(m, b->ix.wdata[p]);
	}
	rfm_bank_clock(b, &e);
}

static void bank_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_bank_t *b = (rfm_bank_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned p, rows = c->d.bank_rows, hot = (unsigned)rfm_rng_below(r, rows);
	(void)cycle;
	for (p = 0; p < c->rf_write_ports; p++) {
		unsigned mk = (unsigned)rfm_rng_below(r, 4);
		uint64_t mask = mk == 0 ? rfm_rng_next(r) : mk == 1 ? rfm_mask64(c->d.sb_lanes) : ~0ull;
		rfm_set(m, b->ix.wen[p], rfm_rng_chance(r, 1, 2));
		rfm_set(m, b->ix.waddr[p], rfm_rng_chance(r, 1, 4) ? hot : rfm_rng_below(r, rows));
		rfm_set(m, b->ix.wmask[p], mask);
		rfm_rng_fill(r, rfm_wide(m, b->ix.wdata[p]), c->d.wreg_bits);
	}
	for (p = 0; p < c->rf_read_ports; p++) {
		rfm_set(m, b->ix.ren[p], rfm_rng_chance(r, 2, 3));
		rfm_set(m, b->ix.raddr[p], rfm_rng_chance(r, 1, 4) ? hot : rfm_rng_below(r, rows));
	}
}

static int bank_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	(void)m, (void)cycle, (void)err;
	return 0;
}

/* Free what the block allocated beyond the model head (rfm_block destroy hook). */
static void bank_release(rfm_model_t *m)
{
	rfm_bank_t *b = (rfm_bank_t *)m;
	unsigned k;
	if (b->sb)
		for (k = 0; k < b->n_sb; k++)
			rfm_model_destroy(b->sb[k] ? &b->sb[k]->m : NULL);
	free(b->sb);
	free(b->mem);
}

/* Sub-banks of whole words register their read data straight into r<p>_data_o (their slices of
 * it), so that eval need not reassemble the row after every read, and keep their rows in one
 * array of whole rows, so that a read is one copy. 0, or -1 when out of memory. */
static int lend_rdata(rfm_bank_t *b)
{
	const rfm_cfg_t *c = b->m.cfg;
	uint32_t *r0 = rfm_wide(&b->m, b->ix.rdata[0]);
	unsigned k, stride = c->rf_read_ports > 1 ? (unsigned)(rfm_wide(&b->m, b->ix.rdata[1]) - r0) : 0;
	if (c->d.sb_bits % 32u)
		return 0;
	b->row_words = b->n_sb * b->sb[0]->words;
	b->mem = calloc((size_t)c->d.bank_rows * b->row_words, 4);
	if (!b->mem)
		return -1;
	for (k = 0; k < b->n_sb; k++) {
		rfm_sram_t *s = b->sb[k];
		free(s->rdata_q);
		s->rdata_q = r0 + k * s->words;
		s->rstride = stride;
		s->rdata_lent = 1;
		free(s->mem);
		s->mem = b->mem + k * s->words;
		s->mstride = b->row_words;
		s->mem_lent = 1;
	}
	b->direct = 1;
	return 0;
}

/* What rfm_rf_bank_create does after rfm_model_init: 0 on success. */
static int bank_setup(rfm_model_t *m)
{
	rfm_bank_t *b = (rfm_bank_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned k;
	b->n_sb = c->rf_subbanks;
	b->sb = calloc(b->n_sb, sizeof(*b->sb));
	if (!b->sb)
		return -1;
	for (k = 0; k < b->n_sb; k++)
		if (!(b->sb[k] = (rfm_sram_t *)rfm_rf_sram_create(c)))
			return -1;
	if (b->n_sb < 2)
		rfm_cov_na(&b->m, COV_GATED);
	b->stale = 1;
	return lend_rdata(b);
}

RFM_BLOCK(rf_bank, rfm_bank_t, rfm_bank_ix_t, ports, cov_names, COV_N,
	  rfm_block_noop, bank_eval, bank_tick, bank_stim, bank_check,
	  bank_release, bank_setup)
