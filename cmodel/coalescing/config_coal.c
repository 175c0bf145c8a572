/* config_coal.c - the coalescing-aware register file's part of the configuration: its physical
 * constraints (rule h of docs/config.md), its derived values (cfg->d.cw_*, cz_*) and its storage
 * rows, and those of its zero gating. The technique table (rfm_techniques.def) calls the hooks
 * (rfm_coal_hooks, rfm_zero_gating_hooks, at the end) while they are on.
 */
#include "rfm_config.h"
#include "rfm_inventory.h"
#include "rfm_techniques.h"

unsigned rfm_coal_check(rfm_cfg_t *cfg, FILE *err, const unsigned char *bad)
{
	unsigned nerr = 0;
	/* h. coalescing: 4-byte lanes, one sub-bank per byte position, groups of 4 lanes (docs/coalescing.md) */
	if (RFM_GOOD(bad, rf_lane_bits) && cfg->rf_lane_bits != 32) {
		rfm_rule_msg(cfg, err, RFM_K_rf_lane_bits, "32",
			     "coalescing stores byte k of every lane in sub-bank k: coalescing.enable = on needs "
			     "4-byte lanes");
		nerr++;
	}
	if (RFM_GOOD(bad, rf_subbanks) && cfg->rf_subbanks != 4) {
		rfm_rule_msg(cfg, err, RFM_K_rf_subbanks, "4",
			     "coalescing needs one sub-bank per byte of a lane (rf.lane_bits / 8)");
		nerr++;
	}
	if (RFM_GOOD(bad, rf_lanes) && cfg->rf_lanes % 4 != 0) {
		rfm_rule_msg(cfg, err, RFM_K_rf_lanes, "4, 8, 12, ..., 64",
			     "coalescing's cross-lane zero mask works on groups of 4 lanes");
		nerr++;
	}
	return nerr;
}

void rfm_coal_derive(rfm_cfg_t *cfg)
{
	rfm_derived_t *d = &cfg->d;
	uint64_t lanes = cfg->rf_lanes, bits = cfg->rf_lane_bits;
	d->cw_bytes = (unsigned)(bits / 8);
	d->cw_mb_bits = d->warp_regs * 3u;
	d->cz_groups = (unsigned)(lanes / 4);
	if (cfg->coalescing_zero_gating >= RFM_ZG_IN_LANE)
		d->cz_mb_bits = d->warp_regs * (unsigned)(lanes + lanes / 4);
	d->cz_oc_bits = (unsigned)(lanes + cfg->sm_operands * (lanes + lanes / 4));
	d->coll_ext_ops = 1; /* rf_coal_collector holds the operand values (docs/coalescing.md, "rf_top") */
	d->array_mod = "rf_coal_sram"; /* rf_dual_bank's four byte sub-bank arrays */
}

/* Its storage rows (docs/coalescing.md; spec section 2.4: 384 B on Fermi). */
static unsigned inventory(const rfm_cfg_t *c, rfm_inv_row_t *rows, unsigned n)
{
	rfm_inv_add(rows, &n, "coalescing mask buffer", "rf_mask_buffer", "flops", c->d.cw_mb_bits,
		    "banks x entries x {sign, enc[1:0]} = %u x %u x 3", c->rf_banks, c->rf_entries);
	return n;
}

/* Zero gating's storage rows (docs/coalescing.md, "Zero gating"). */
static unsigned zg_inventory(const rfm_cfg_t *c, rfm_inv_row_t *rows, unsigned n)
{
	if (!c->d.cz_mb_bits)
		return n;
	rfm_inv_add(rows, &n, "zero-mask buffer entries", "rf_zmask_array", "array", c->d.cz_mb_bits,
		    "banks x entries x (lanes + lanes / 4) = %u x %u x (%u + %u)", c->rf_banks, c->rf_entries, c->rf_lanes,
		    c->rf_lanes / 4);
	rfm_inv_add(rows, &n, "zero-mask buffer valid bits", "rf_zmask_buffer", "flops", c->d.warp_regs,
		    "banks x entries = %u x %u", c->rf_banks, c->rf_entries);
	return n;
}

/* The hooks of coalescing and of its zero gating (rfm_techniques.def). */
/* The limits its rules put on keys (rfm_param_limits). */
static const rfm_param_limit_t limits[] = {
	{RFM_K_rf_lane_bits, "32 (byte k of every lane in sub-bank k)"},
	{RFM_K_rf_subbanks, "4 (one sub-bank per byte of a lane)"},
	{RFM_K_rf_lanes, "a multiple of 4 (the cross-lane zero mask works on groups of 4 lanes)"},
	{RFM_K_COUNT, NULL},
};

const rfm_tech_hooks_t rfm_coal_hooks = {
	.check = rfm_coal_check,
	.derive = rfm_coal_derive,
	.inventory = inventory,
	.rules_md = "- With `coalescing.enable = on` (docs/coalescing.md): `rf.lane_bits = 32` (byte k of every lane\n"
		    "  in sub-bank k), `rf.subbanks = 4` (one per byte), `rf.lanes` a multiple of 4 (the cross-lane zero\n"
		    "  mask works on groups of 4 lanes).\n",
	.limits = limits,
};
const rfm_tech_hooks_t rfm_zero_gating_hooks = {.inventory = zg_inventory};
