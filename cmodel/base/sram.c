/* sram.c - model of rf_sram, one sub-bank storage array (docs/semantics.md, "Storage arrays").
 *
 * Reads are synchronous: r<p>_data_o shows the row read at the last clock edge where r<p>_en_i
 * was high (held otherwise). A read and a write of the same row at one edge return the old data
 * (read-first). Two write ports writing one row at one edge: the higher port wins, lane by lane.
 * Rows outside 0..entries-1 are illegal input: writes are dropped, reads return zero.
 */
#include <stdlib.h>

#include "rfm_fault_ids.h"
#include "rfm_models.h"

enum { COV_READ = RFM_SRAM_COV_READ, COV_WRITE, COV_PARTIAL, COV_RDW, COV_WW, COV_N };
static const char *const cov_names[COV_N] = {"read", "write", "partial_lane_write",
					     "read_during_write_same_row", "two_writes_same_row"};

int rfm_storage_ports(const rfm_cfg_t *c, rfm_ports_t *pt, rfm_sram_ix_t *ix, unsigned lanes, const char *row)
{
	unsigned p, bits = lanes * c->rf_lane_bits;
	rfm_ports_group(pt, "clock");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock; storage is not reset", "clk_i");
	for (p = 0; p < c->rf_write_ports; p++) {
		rfm_ports_group(pt, "write port %u", p);
		ix->wen[p] = rfm_ports_add(pt, RFM_IN, 1, "write enable", "w%u_en_i", p);
		ix->waddr[p] = rfm_ports_add(pt, RFM_IN, c->d.entry_w, "row written", "w%u_addr_i", p);
		ix->wmask[p] = rfm_ports_add(pt, RFM_IN, lanes, "lane write mask", "w%u_mask_i", p);
		ix->wdata[p] = rfm_ports_add(pt, RFM_IN, bits, row, "w%u_data_i", p);
	}
	for (p = 0; p < c->rf_read_ports; p++) {
		rfm_ports_group(pt, "read port %u", p);
		ix->ren[p] = rfm_ports_add(pt, RFM_IN, 1, "read enable", "r%u_en_i", p);
		ix->raddr[p] = rfm_ports_add(pt, RFM_IN, c->d.entry_w, "row read", "r%u_addr_i", p);
		ix->rdata[p] = rfm_ports_add(pt, RFM_OUT, bits, "row read at the last enabled edge", "r%u_data_o", p);
	}
	return 0;
}

static int ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ix)
{
	return rfm_storage_ports(c, pt, ix, c->d.sb_lanes, "data written");
}

static void sram_eval(rfm_model_t *m)
{
	rfm_sram_t *s = (rfm_sram_t *)m;
	unsigned p;
	for (p = 0; p < m->cfg->rf_read_ports; p++)
		memcpy(rfm_wide(m, s->ix.rdata[p]), s->rdata_q + p * s->rstride, s->words * 4u);
}

void rfm_sram_clock(rfm_sram_t *s, const rfm_sram_edge_t *e)
{
	rfm_model_t *m = &s->m;
	const rfm_cfg_t *c = m->cfg;
	unsigned p, q, l, lb = c->rf_lane_bits;
	int wrote[RFM_MAXW] = {0};

	for (p = 0; p < c->rf_read_ports && !e->reads_done; p++) {
		unsigned a = e->raddr[p];
		if (!e->ren[p])
			continue;
		if (rfm_cov_on(m))
			rfm_cov_hit(m, COV_READ);
		if (a < s->rows)
			memcpy(s->rdata_q + p * s->rstride, s->mem + (size_t)a * s->mstride, s->words * 4u);
		else
			memset(s->rdata_q + p * s->rstride, 0, s->words * 4u);
	}
	for (p = 0; p < c->rf_write_ports; p++) {
		unsigned a = e->waddr[p];
		uint64_t mask = e->wmask[p] & rfm_mask64(s->lanes);
		uint32_t *row = s->mem + (size_t)a * s->mstride;
		const uint32_t *d = e->wdata[p];
		if (!e->wen[p] || a >= s->rows)
			continue;
		wrote[p] = 1;
		if (rfm_cov_on(m)) {
			rfm_cov_hit(m, COV_WRITE);
			if (mask && mask != rfm_mask64(s->lanes))
				rfm_cov_hit(m, COV_PARTIAL);
			for (q = 0; q < c->rf_read_ports; q++)
				if (e->ren[q] && e->raddr[q] == a)
					rfm_cov_hit(m, COV_RDW);
			for (q = 0; q < p; q++)
				if (wrote[q] && e->waddr[q] == a)
					rfm_cov_hit(m, COV_WW);
		}
		if (m->mutate == RFM_FAULT_SRAM_LANE_MASK_IGNORED) /* planted fault: the lane mask is ignored */
			mask = rfm_mask64(s->lanes);
		if (mask == rfm_mask64(s->lanes)) {
			rfm_bits_copy(row, 0, d, e->wlo, s->width);
		} else if (lb % 32u == 0 && e->wlo % 32u == 0) {
			for (l = 0; l < s->lanes; l++)
				if ((mask >> l) & 1u)
					memcpy(row + l * (lb / 32u), d + e->wlo / 32u + l * (lb / 32u), lb / 8u);
		} else {
			for (l = 0; l < s->lanes; l++)
				if ((mask >> l) & 1u)
					rfm_bits_copy(row, l * lb, d, e->wlo + l * lb, lb);
		}
	}
}

static void sram_tick(rfm_model_t *m)
{
	rfm_sram_t *s = (rfm_sram_t *)m;
	const rfm_cfg_t *c = m->cfg;
	rfm_sram_edge_t e;
	unsigned p;
	memset(&e, 0, sizeof(e));
	for (p = 0; p < c->rf_read_ports; p++) {
		e.ren[p] = (uint8_t)rfm_get(m, s->ix.ren[p]);
		e.raddr[p] = (unsigned)rfm_get(m, s->ix.raddr[p]);
	}
	for (p = 0; p < c->rf_write_ports; p++) {
		e.wen[p] = (uint8_t)rfm_get(m, s->ix.wen[p]);
		e.waddr[p] = (unsigned)rfm_get(m, s->ix.waddr[p]);
		e.wmask[p] = rfm_get(m, s->ix.wmask[p]);
		e.wdata[p] = rfm_wide(m, s->ix.wdata[p]);
	}
	rfm_sram_clock(s, &e);
}

static void sram_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_sram_t *s = (rfm_sram_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned p, hot = (unsigned)rfm_rng_below(r, s->rows);
	(void)cycle;
	for (p = 0; p < c->rf_write_ports; p++) {
		unsigned mk = (unsigned)rfm_rng_below(r, 4);
		rfm_set(m, s->ix.wen[p], rfm_rng_chance(r, 1, 2));
		rfm_set(m, s->ix.waddr[p], rfm_rng_chance(r, 1, 4) ? hot : rfm_rng_below(r, s->rows));
		rfm_set(m, s->ix.wmask[p], mk == 0 ? rfm_rng_next(r) : mk == 1 ? 0 : ~0ull);
		rfm_rng_fill(r, rfm_wide(m, s->ix.wdata[p]), s->width);
	}
	for (p = 0; p < c->rf_read_ports; p++) {
		rfm_set(m, s->ix.ren[p], rfm_rng_chance(r, 2, 3));
		rfm_set(m, s->ix.raddr[p], rfm_rng_chance(r, 1, 4) ? hot : rfm_rng_below(r, s->rows));
	}
}

static int sram_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	(void)m, (void)cycle, (void)err;
	return 0;
}

/* Free what the block allocated beyond the model head (rfm_block destroy hook). */
static void sram_release(rfm_model_t *m)
{
	rfm_sram_t *s = (rfm_sram_t *)m;
	if (!s->mem_lent)
		free(s->mem);
	if (!s->rdata_lent)
		free(s->rdata_q);
}

/* What rfm_rf_sram_create does after rfm_model_init: 0 on success. */
static int sram_setup(rfm_model_t *m)
{
	rfm_sram_t *s = (rfm_sram_t *)m;
	const rfm_cfg_t *c = m->cfg;
	s->width = c->d.sb_bits;
	s->lanes = c->d.sb_lanes;
	s->rows = c->d.bank_rows;
	s->words = rfm_words(s->width);
	s->rstride = s->words;
	s->mstride = s->words;
	s->mem = calloc((size_t)s->rows * s->words, 4);
	s->rdata_q = calloc((size_t)RFM_MAXR * s->words, 4);
	if (!s->mem || !s->rdata_q)
		return -1;
	if (c->rf_write_ports < 2)
		rfm_cov_na(&s->m, COV_WW);
	if (s->lanes < 2)
		rfm_cov_na(&s->m, COV_PARTIAL);
	return 0;
}

RFM_BLOCK(rf_sram, rfm_sram_t, rfm_sram_ix_t, ports, cov_names, COV_N,
	  rfm_block_noop, sram_eval, sram_tick, sram_stim, sram_check,
	  sram_release, sram_setup)
