/* block_acrf.c - the ACRF ports of FineReg's engine (block_acrf.h). */
#include <string.h>

#include "block_acrf.h"
#include "rfm_models.h"
#include "rfm_util.h"

static unsigned at_least1(unsigned n) { return n ? n : 1; }

unsigned rfm_fr_acrf_bank(void *ctx, unsigned s, unsigned w, unsigned r)
{
	const rfm_cfg_t *c = ctx;
	rfm_fr_geom_t g;
	unsigned bank = 0, row = 0;
	rfm_finereg_geom_of(c, &g);
	rfm_map_fn(c, g.acrf_slots * g.warps, g.regs, s * g.warps + w, r, &bank, &row);
	return bank;
}

void rfm_fr_acrf_ports(const rfm_cfg_t *c, rfm_ports_t *pt, rfm_fr_acrf_ix_t *ix, unsigned wb)
{
	unsigned B = at_least1(c->rf_banks), rb = at_least1(c->d.fr_words) * 32;
	ix->banks = B;
	ix->wbits = wb;
	ix->words = at_least1(c->d.fr_words);
	rfm_ports_group(pt, "the ACRF: bank holds, reads, writes");
	ix->gnt = rfm_ports_add(pt, RFM_IN, B, "the banks held this cycle", "hold_gnt_i");
	ix->req = rfm_ports_add(pt, RFM_OUT, B, "the hold request", "hold_req_o");
	ix->ard = rfm_ports_add(pt, RFM_OUT, 1, "ARD: a register read at the edge (its bank held)", "ard_o");
	ix->ardw = rfm_ports_add(pt, RFM_OUT, wb, "its warp (0 when none)", "ard_warp_o");
	ix->ardr = rfm_ports_add(pt, RFM_OUT, 6, "its index (0 when none)", "ard_ridx_o");
	ix->rdd = rfm_ports_add(pt, RFM_IN, rb, "the register an ARD read, in the next cycle", "rd_data_i");
	ix->awr = rfm_ports_add(pt, RFM_OUT, 1, "AWR: a register written at the edge (its bank held)", "awr_o");
	ix->awrw = rfm_ports_add(pt, RFM_OUT, wb, "its warp (0 when none)", "awr_warp_o");
	ix->awrr = rfm_ports_add(pt, RFM_OUT, 6, "its index (0 when none)", "awr_ridx_o");
	ix->awrd = rfm_ports_add(pt, RFM_OUT, rb, "its value (0 when none)", "awr_data_o");
	ix->z = rfm_ports_add(pt, RFM_OUT, B, "per bank, a zero written at the edge", "z_o");
	ix->zw = rfm_ports_add(pt, RFM_OUT, B * wb, "per bank, its register's warp (0 when none)", "z_warp_o");
	ix->zr = rfm_ports_add(pt, RFM_OUT, B * 6, "per bank, its register's index (0 when none)", "z_ridx_o");
}

void rfm_fr_acrf_show(rfm_model_t *m, const rfm_fr_acrf_ix_t *ix, const rfm_fr_eng_t *e, const rfm_fr_eng_act_t *a,
	int busy)
{
	uint32_t *zw = rfm_wide(m, ix->zw), *zr = rfm_wide(m, ix->zr), *d = rfm_wide(m, ix->awrd);
	int acc = busy ? a->acrf : -1;
	unsigned k;
	rfm_set(m, ix->req, busy ? rfm_fr_eng_hold(e) : 0);
	rfm_set(m, ix->ard, acc == RFM_FR_ARD);
	rfm_set(m, ix->ardw, acc == RFM_FR_ARD ? a->w : 0);
	rfm_set(m, ix->ardr, acc == RFM_FR_ARD ? a->r : 0);
	rfm_set(m, ix->awr, acc == RFM_FR_AWR);
	rfm_set(m, ix->awrw, acc == RFM_FR_AWR ? a->w : 0);
	rfm_set(m, ix->awrr, acc == RFM_FR_AWR ? a->r : 0);
	if (acc == RFM_FR_AWR)
		memcpy(d, e->in[e->in_head].data, ix->words * 4u);
	else
		memset(d, 0, ix->words * 4u);
	rfm_set(m, ix->z, acc == RFM_FR_AZERO ? a->zbanks : 0);
	memset(zw, 0, (ix->banks * ix->wbits + 31) / 32 * 4u);
	memset(zr, 0, (ix->banks * 6 + 31) / 32 * 4u);
	for (k = 0; acc == RFM_FR_AZERO && k < ix->banks; k++)
		if (a->zbanks >> k & 1) {
			const rfm_fr_uop_t *p = &e->plan[a->zplan[k]];
			rfm_bits_set(zw, k * ix->wbits, ix->wbits, p->w);
			rfm_bits_set(zr, k * 6, 6, p->r);
		}
}

void rfm_fr_acrf_apply(rfm_model_t *m, const rfm_fr_acrf_ix_t *ix, uint32_t *slot, unsigned R)
{
	const uint32_t *zw = rfm_wide(m, ix->zw), *zr = rfm_wide(m, ix->zr);
	uint64_t z = rfm_get(m, ix->z);
	unsigned k, n = ix->words;
	if (rfm_get(m, ix->awr))
		memcpy(slot + ((size_t)rfm_get(m, ix->awrw) * R + rfm_get(m, ix->awrr)) * n, rfm_wide(m, ix->awrd), n * 4u);
	for (k = 0; k < ix->banks; k++)
		if (z >> k & 1)
			memset(slot + ((size_t)rfm_bits_get(zw, k * ix->wbits, ix->wbits) * R + rfm_bits_get(zr, k * 6, 6)) * n,
			       0, n * 4u);
}
