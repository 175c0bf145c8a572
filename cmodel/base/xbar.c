/* xbar.c - model of rf_xbar: bank read ports to collector operand slots.
 * q<i>_data_o = source q<i>_sel_i (source index b * read_ports + p); a select beyond the last
 * source gives zero (docs/semantics.md, "Crossbar").
 */
#include <stdlib.h>

#include "rfm_models.h"

enum { COV_BCAST, COV_BAD_SEL, COV_N };
static const char *const cov_names[COV_N] = {"one_source_to_two_slots", "select_beyond_sources"};

static int ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	rfm_xbar_ix_t *ix = ixv;
	unsigned b, p, q;
	rfm_ports_group(pt, "bank read data");
	for (b = 0; b < c->rf_banks; b++)
		for (p = 0; p < c->rf_read_ports; p++)
			ix->src[b * c->rf_read_ports + p] = rfm_ports_add(pt, RFM_IN, c->d.wreg_bits,
				"read data of a bank port", "b%u_r%u_data_i", b, p);
	rfm_ports_group(pt, "operand-slot selects");
	for (q = 0; q < c->d.nq; q++)
		ix->sel[q] = rfm_ports_add(pt, RFM_IN, c->d.src_w, "source of slot q (bank * read_ports + port)",
					   "q%u_sel_i", q);
	rfm_ports_group(pt, "operand-slot data");
	for (q = 0; q < c->d.nq; q++)
		ix->data[q] = rfm_ports_add(pt, RFM_OUT, c->d.wreg_bits, "data routed to slot q", "q%u_data_o", q);
	return 0;
}

static void xbar_eval(rfm_model_t *m)
{
	rfm_xbar_t *x = (rfm_xbar_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned q, q2, words = rfm_words(c->d.wreg_bits);
	for (q = 0; q < c->d.nq; q++) {
		unsigned s = (unsigned)rfm_get(m, x->ix.sel[q]);
		uint32_t *d = rfm_wide(m, x->ix.data[q]);
		if (s < c->d.src_n) {
			memcpy(d, rfm_wide(m, x->ix.src[s]), words * 4u);
		} else {
			memset(d, 0, words * 4u);
			rfm_cov_hit(m, COV_BAD_SEL);
		}
		for (q2 = 0; q2 < q; q2++)
			if (rfm_get(m, x->ix.sel[q2]) == s)
				rfm_cov_hit(m, COV_BCAST);
	}
}

static void xbar_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_xbar_t *x = (rfm_xbar_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned i;
	(void)cycle;
	for (i = 0; i < c->d.src_n; i++)
		rfm_rng_fill(r, rfm_wide(m, x->ix.src[i]), c->d.wreg_bits);
	for (i = 0; i < c->d.nq; i++)
		rfm_set(m, x->ix.sel[i], rfm_rng_next(r));
}

static int xbar_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	(void)m, (void)cycle, (void)err;
	return 0;
}

/* What rfm_rf_xbar_create does after rfm_model_init: 0 on success. */
static int xbar_setup(rfm_model_t *m)
{
	rfm_xbar_t *x = (rfm_xbar_t *)m;
	const rfm_cfg_t *c = m->cfg;
	if (c->d.src_n == (1u << c->d.src_w))
		rfm_cov_na(&x->m, COV_BAD_SEL);
	if (c->d.nq < 2)
		rfm_cov_na(&x->m, COV_BCAST);
	return 0;
}

RFM_BLOCK(rf_xbar, rfm_xbar_t, rfm_xbar_ix_t, ports, cov_names, COV_N,
	  rfm_block_noop, xbar_eval, rfm_block_noop, xbar_stim, xbar_check,
	  rfm_block_noop, xbar_setup)
