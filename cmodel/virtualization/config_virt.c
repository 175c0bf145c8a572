/* config_virt.c - register file virtualization's part of the configuration: its rules (rule g of
 * docs/config.md), its derived values (cfg->d.rt_*, rfc_entries, sa_rows, domains, vt_*, and its
 * release flags and registers in the collector tag, ctag_w) and the renaming-table and launch rules
 * of docs/virtualization.md (declared in rfm_config.h). The technique table (rfm_techniques.def)
 * calls rfm_virt_check and rfm_virt_derive when [virtualization] is on.
 */
#include "rfm_config.h"
#include "rfm_techniques.h"
#include "rfm_util.h"

/* Rule g: sub-arrays split the rows, the reference kernel fits, once its keys are known good.
 * Returns the number of violations printed. */
static unsigned check_kernel(rfm_cfg_t *cfg, FILE *err)
{
	char legal[RFM_LIST_MAX];
	unsigned R = cfg->virtualization_regs, E = cfg->virtualization_exempt_regs, W, P, depth, t, wmax = 0;
	rfm_cfg_derive(cfg);
	P = cfg->d.warp_regs;
	depth = cfg->d.rt_depth;
	if (cfg->rf_entries % cfg->virtualization_subarrays) {
		uint64_t d;
		legal[0] = '\0';
		for (d = 1; d <= cfg->rf_entries && d <= 64; d++)
			if (cfg->rf_entries % d == 0) {
				char num[24];
				snprintf(num, sizeof(num), "%llu", (unsigned long long)d);
				rfm_list_add(legal, sizeof(legal), num);
			}
		rfm_rule_msg(cfg, err, RFM_K_virtualization_subarrays, legal, "does not divide rf.entries = %u",
			 (unsigned)cfg->rf_entries);
		return 1;
	}
	if (depth < cfg->rf_banks && depth == 0) {
		rfm_rule_msg(cfg, err, RFM_K_virtualization_rt_budget_bits, "0 or a budget of at least one entry per bank",
			 "leaves the renaming table empty (%u-bit ids, %u banks)", cfg->d.pack_w,
			 (unsigned)cfg->virtualization_rt_banks);
		return 1;
	}
	if (R > cfg->sm_regs_per_thread) {
		snprintf(legal, sizeof(legal), "1..%u", (unsigned)cfg->sm_regs_per_thread);
		rfm_rule_msg(cfg, err, RFM_K_virtualization_regs, legal, "more than sm.regs_per_thread = %u",
			 (unsigned)cfg->sm_regs_per_thread);
		return 1;
	}
	if (E > R) {
		snprintf(legal, sizeof(legal), "0..%u", R);
		rfm_rule_msg(cfg, err, RFM_K_virtualization_exempt_regs, legal, "more than virtualization.regs = %u", R);
		return 1;
	}
	for (t = 1; t <= cfg->sm_warps; t++)
		if (rfm_vt_launch_fits(cfg, t, R, E))
			wmax = t;
	W = cfg->virtualization_warps ? cfg->virtualization_warps : wmax;
	if (!wmax || W > wmax) {
		snprintf(legal, sizeof(legal), "0..%u", wmax);
		rfm_rule_msg(cfg, err, RFM_K_virtualization_warps, legal,
			 "%u warps x %u registers (%u renamed) do not fit: %u warp registers, %u renaming-table entries", W ? W : 1, R,
			 R - E, P, depth);
		return 1;
	}
	return 0;
}

unsigned rfm_virt_check(rfm_cfg_t *cfg, FILE *err, const unsigned char *bad)
{
	/* g. virtualization: sub-arrays split the rows, the reference kernel fits */
	if (RFM_GOOD(bad, virtualization_subarrays) && RFM_GOOD(bad, rf_entries) && RFM_GOOD(bad, rf_banks) &&
	    RFM_GOOD(bad, virtualization_regs) && RFM_GOOD(bad, virtualization_exempt_regs) &&
	    RFM_GOOD(bad, virtualization_warps) && RFM_GOOD(bad, virtualization_rt_budget_bits) &&
	    RFM_GOOD(bad, virtualization_rt_banks) && RFM_GOOD(bad, sm_warps) && RFM_GOOD(bad, sm_regs_per_thread))
		return check_kernel(cfg, err);
	return 0;
}

void rfm_virt_derive(rfm_cfg_t *cfg)
{
	rfm_derived_t *d = &cfg->d;
	unsigned t, R = cfg->virtualization_regs, E = cfg->virtualization_exempt_regs;
	/* per operand a release flag and the register ride in the collector tag */
	d->ctag_w += cfg->sm_operands * (1u + d->reg_w);
	if (!cfg->virtualization_rt_banks || !cfg->virtualization_subarrays)
		return;
	d->rt_depth = rfm_vt_rt_depth(cfg, cfg->virtualization_rt_budget_bits);
	d->rt_bank_depth = d->rt_depth / cfg->virtualization_rt_banks;
	d->rt_idx_w = rfm_clog2(d->rt_depth);
	d->rfc_entries = cfg->virtualization_rfc_entries ? cfg->virtualization_rfc_entries : cfg->sm_warps;
	d->sa_rows = cfg->rf_entries / cfg->virtualization_subarrays;
	d->domains = cfg->rf_banks * cfg->virtualization_subarrays;
	d->vt_ren = E <= R ? R - E : 0;
	d->vt_warps = cfg->virtualization_warps;
	if (!d->vt_warps)
		for (t = 1; t <= cfg->sm_warps; t++)
			if (rfm_vt_launch_fits(cfg, t, R, E))
				d->vt_warps = t;
}

unsigned rfm_vt_rt_depth(const rfm_cfg_t *cfg, unsigned bits)
{
	unsigned nb = cfg->virtualization_rt_banks ? cfg->virtualization_rt_banks : 1, pw = rfm_clog2(cfg->d.warp_regs);
	if (!bits) /* every (warp, register), rounded up to whole banks */
		return nb * ((cfg->sm_warps * cfg->sm_regs_per_thread + nb - 1) / nb);
	return nb * ((bits / pw) / nb);
}

int rfm_vt_launch_fits(const rfm_cfg_t *cfg, unsigned nwarps, unsigned nregs, unsigned nexempt)
{
	if (nwarps < 1 || nwarps > cfg->sm_warps || nregs < 1 || nregs > cfg->sm_regs_per_thread || nexempt > nregs)
		return 0;
	return (uint64_t)nwarps * nregs <= cfg->d.warp_regs && (uint64_t)nwarps * (nregs - nexempt) <= cfg->d.rt_depth;
}
