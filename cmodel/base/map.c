/* map.c - model of rf_map: the register-to-bank mapping of the running kernel
 * (docs/semantics.md, "Register-to-bank mapping").
 *
 *   wid:    bank = warp % banks,          row = (warp / banks) * kregs + reg
 *   wshift: bank = (reg + warp) % banks,  row = warp * ceil(kregs / banks) + reg / banks
 *
 * An access with warp >= kwarps or reg >= kregs is outside the kernel: err = 1, bank = row = 0.
 */
#include <stdlib.h>

#include "rfm_models.h"

enum { COV_ERR, COV_LAST_ROW, COV_BANK_WRAP, COV_N };
static const char *const cov_names[COV_N] = {"outside_kernel", "last_row_of_kernel", "bank_wraps"};

int rfm_map_fn(const rfm_cfg_t *c, unsigned kwarps, unsigned kregs, unsigned warp, unsigned reg,
	       unsigned *bank, unsigned *row)

{
	unsigned nb = c->rf_banks;
	*bank = 0;
	*row = 0;
	if (warp >= kwarps || reg >= kregs)
		return 1;
	if (!(nb & (nb - 1))) { /* a power of two: the same arithmetic with shifts and masks */
		unsigned sh = (unsigned)__builtin_ctz(nb), mk = nb - 1;
		if (c->mapping_layout == RFM_LAYOUT_WID) {
			*bank = warp & mk;
			*row = (warp >> sh) * kregs + reg;
		} else {
			*bank = (reg + warp) & mk;
			*row = warp * ((kregs + mk) >> sh) + (reg >> sh);
		}
		*row &= (unsigned)rfm_mask64(c->d.entry_w);
		return 0;
	}
	if (c->mapping_layout == RFM_LAYOUT_WID) {
		*bank = warp % nb;
		*row = (warp / nb) * kregs + reg;
	} else {
		*bank = (reg + warp) % nb;
		*row = warp * ((kregs + nb - 1) / nb) + reg / nb;
	}
	*row &= (unsigned)rfm_mask64(c->d.entry_w);
	return 0;
}

static int ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	rfm_map_ix_t *ix = ixv;
	rfm_ports_group(pt, "access");
	ix->warp = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "warp slot", "warp_i");
	ix->reg = rfm_ports_add(pt, RFM_IN, c->d.reg_w, "architected register", "reg_i");
	rfm_ports_group(pt, "running kernel");
	ix->kwarps = rfm_ports_add(pt, RFM_IN, c->d.nwarps_w, "resident warps (0: none launched)", "kwarps_i");
	ix->kregs = rfm_ports_add(pt, RFM_IN, c->d.nregs_w, "registers per thread", "kregs_i");
	rfm_ports_group(pt, "location");
	ix->bank = rfm_ports_add(pt, RFM_OUT, c->d.bank_w, "bank holding the register", "bank_o");
	ix->entry = rfm_ports_add(pt, RFM_OUT, c->d.entry_w, "row in the bank", "entry_o");
	ix->err = rfm_ports_add(pt, RFM_OUT, 1, "access outside the kernel (bank and row are 0)", "err_o");
	return 0;
}

static void map_eval(rfm_model_t *m)
{
	rfm_map_t *x = (rfm_map_t *)m;
	unsigned bank, row, kw = (unsigned)rfm_get(m, x->ix.kwarps), kr = (unsigned)rfm_get(m, x->ix.kregs);
	unsigned w = (unsigned)rfm_get(m, x->ix.warp), r = (unsigned)rfm_get(m, x->ix.reg);
	int err = rfm_map_fn(m->cfg, kw, kr, w, r, &bank, &row);
	rfm_set(m, x->ix.bank, bank);
	rfm_set(m, x->ix.entry, row);
	rfm_set(m, x->ix.err, (uint64_t)err);
	if (err)
		rfm_cov_hit(m, COV_ERR);
	else if (w == kw - 1 && r == kr - 1)
		rfm_cov_hit(m, COV_LAST_ROW);
	if (!err && m->cfg->mapping_layout == RFM_LAYOUT_WSHIFT && r + w >= m->cfg->rf_banks)
		rfm_cov_hit(m, COV_BANK_WRAP);
	if (!err && m->cfg->mapping_layout == RFM_LAYOUT_WID && w >= m->cfg->rf_banks)
		rfm_cov_hit(m, COV_BANK_WRAP);
}

/* A random kernel that fits the file (at least one exists: the config rules guarantee 1 x 1). */
void rfm_random_kernel(const rfm_cfg_t *c, rfm_rng_t *r, unsigned *kw, unsigned *kr)
{
	unsigned tries;
	for (tries = 0; tries < 64; tries++) {
		*kw = 1 + (unsigned)rfm_rng_below(r, c->sm_warps);
		*kr = 1 + (unsigned)rfm_rng_below(r, c->sm_regs_per_thread);
		if (rfm_launch_fits(c, *kw, *kr))
			return;
	}
	/* shrink the register count until the kernel fits */
	while (*kr > 1 && !rfm_launch_fits(c, *kw, *kr))
		(*kr)--;
	while (*kw > 1 && !rfm_launch_fits(c, *kw, *kr))
		(*kw)--;
}

static void map_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_map_t *x = (rfm_map_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned kw = 0, kr = 0;
	(void)cycle;
	if (!rfm_rng_chance(r, 1, 32))
		rfm_random_kernel(c, r, &kw, &kr);
	rfm_set(m, x->ix.kwarps, kw);
	rfm_set(m, x->ix.kregs, kr);
	if (kw && rfm_rng_chance(r, 7, 8)) {
		rfm_set(m, x->ix.warp, rfm_rng_below(r, kw));
		rfm_set(m, x->ix.reg, rfm_rng_below(r, kr));
		if (rfm_rng_chance(r, 1, 8)) { /* the kernel's last register */
			rfm_set(m, x->ix.warp, kw - 1);
			rfm_set(m, x->ix.reg, kr - 1);
		}
	} else {
		rfm_set(m, x->ix.warp, rfm_rng_below(r, c->sm_warps));
		rfm_set(m, x->ix.reg, rfm_rng_below(r, c->sm_regs_per_thread));
	}
}

static int map_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_map_t *x = (rfm_map_t *)m;
	if (!rfm_get(m, x->ix.err) && rfm_get(m, x->ix.entry) >= m->cfg->rf_entries) {
		fprintf(err, "cycle %llu: rf_map: row %llu beyond the bank (entries %u)\n",
			(unsigned long long)cycle, (unsigned long long)rfm_get(m, x->ix.entry), m->cfg->rf_entries);
		return 1;
	}
	return 0;
}

/* What rfm_rf_map_create does after rfm_model_init: 0 on success. */
static int map_setup(rfm_model_t *m)
{
	rfm_map_t *x = (rfm_map_t *)m;
	const rfm_cfg_t *c = m->cfg;
	if (c->rf_banks < 2)
		rfm_cov_na(&x->m, COV_BANK_WRAP);
	return 0;
}

RFM_BLOCK(rf_map, rfm_map_t, rfm_map_ix_t, ports, cov_names, COV_N,
	  rfm_block_noop, map_eval, rfm_block_noop, map_stim, map_check,
	  rfm_block_noop, map_setup)
