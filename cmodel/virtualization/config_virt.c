/* config_virt.c - register file virtualization's part of the configuration: its rules (rule g of
 * docs/config.md), its derived values (cfg->d.rt_*, rfc_entries, sa_rows, domains, vt_*, and its
 * release flags and registers in the collector tag, ctag_w) and the renaming-table and launch rules
 * of docs/virtualization.md (declared in rfm_config.h); its storage rows and report notes. The
 * technique table (rfm_techniques.def) calls its hooks (rfm_virt_hooks, at the end) when
 * [virtualization] is on.
 */
#include "rfm_config.h"
#include "rfm_inventory.h"
#include "rfm_techniques.h"
#include "rfm_util.h"
#include "rfm_virt.h"

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
	if (cfg->sm_regs_per_thread > RFM_PBR_EMPTY) { /* pbr slots: 6-bit ids, 63 = empty */
		snprintf(legal, sizeof(legal), "1..%u", RFM_PBR_EMPTY);
		rfm_rule_msg(cfg, err, RFM_K_sm_regs_per_thread, legal,
			 "with virtualization on, registers %u and up could never be released by a pbr (its slots "
			 "hold %u-bit register ids, %u = empty)",
			 RFM_PBR_EMPTY, RFM_PBR_ID_BITS, RFM_PBR_EMPTY);
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

/* Its storage rows (docs/virtualization.md, "Storage"). */
static unsigned inventory(const rfm_cfg_t *c, rfm_inv_row_t *rows, unsigned n)
{
	unsigned D = c->d.rt_depth, pw = c->d.pack_w, E = c->d.rfc_entries, N = c->sm_warps;
	unsigned ew = rfm_clog2(E), cw = (c->d.nregs_w > 4 ? c->d.nregs_w : 4) + 1;
	rfm_inv_add(rows, &n, "renaming table ids", "rf_rt_bank", "array", (uint64_t)D * pw,
	    "rt_banks x rows x clog2(banks x entries) = %u x %u x %u", c->virtualization_rt_banks, c->d.rt_bank_depth, pw);
	rfm_inv_add(rows, &n, "renaming table valid bits", "rf_rename_table", "flops", D, "entries = %u", D);
	rfm_inv_add(rows, &n, "renaming table bank pointer", "rf_rename_table", "flops", rfm_clog2(c->sm_schedulers),
	    "clog2(schedulers) = clog2(%u)", c->sm_schedulers);
	rfm_inv_add(rows, &n, "availability flag", "rf_free_bitmap", "flops", c->d.warp_regs, "banks x entries = %u x %u",
	    c->rf_banks, c->rf_entries);
	rfm_inv_add(rows, &n, "last id allocated (spread)", "rf_free_bitmap", "flops", pw, "clog2(banks x entries) = %u", pw);
	rfm_inv_add(rows, &n, "release flag cache flags", "rf_release_cache", "flops", (uint64_t)E * 54,
	    "entries x 18 x 3 = %u x 54", E);
	rfm_inv_add(rows, &n, "release flag cache tags, valid", "rf_release_cache", "flops", (uint64_t)E * 30,
	    "entries x (pc[31:3] + valid) = %u x 30", E);
	rfm_inv_add(rows, &n, "release flag cache pointers", "rf_release_cache", "flops", (uint64_t)N * (ew + 1),
	    "warps x (clog2(entries) + valid) = %u x (%u + 1)", N, ew);
	rfm_inv_add(rows, &n, "release walker", "rf_top", "flops", 2u + c->d.warp_w + cw + 54u,
	    "busy + exit + warp + counter + pbr payload = 2 + %u + %u + 54", c->d.warp_w, cw);
	rfm_inv_add(rows, &n, "kernel counts, counters", "rf_top", "flops",
		    2ull * c->d.nregs_w + 1 + 4ull * c->stats_counter_bits,
	    "renamed + exempt + unmapped flag + 4 x counter_bits = 2 x %u + 1 + 4 x %u", c->d.nregs_w,
	    c->stats_counter_bits);
	return n;
}

/* Its notes in `rtl_gen --report`. */
static void report(const rfm_cfg_t *c, FILE *f)
{
	const rfm_derived_t *d = &c->d;
	unsigned full = rfm_vt_rt_depth(c, 0);
	uint64_t eq1 = (uint64_t)c->sm_warps * c->sm_regs_per_thread * d->pack_w;
	fprintf(f, "\nRenaming table, the paper's Eq. (1): warps x regs_per_thread x clog2(warp registers) = %u x %u x %u "
		   "= %llu bits (%.2f KB) unconstrained\n", c->sm_warps, c->sm_regs_per_thread, d->pack_w,
		(unsigned long long)eq1, eq1 / 8.0 / 1024.0);
	if (c->virtualization_rt_budget_bits)
		fprintf(f, "This table: %u-bit budget: %u banks x floor(floor(%u / %u) / %u) = %u entries x %u = %llu bits "
			   "(%llu B)\n", c->virtualization_rt_budget_bits, c->virtualization_rt_banks,
			c->virtualization_rt_budget_bits, d->pack_w, c->virtualization_rt_banks, d->rt_depth, d->pack_w,
			(unsigned long long)d->rt_depth * d->pack_w, (unsigned long long)d->rt_depth * d->pack_w / 8);
	else
		fprintf(f, "This table: unconstrained, %u entries (%u x %u, in %u banks) x %u = %llu bits\n", full,
			c->sm_warps, c->sm_regs_per_thread, c->virtualization_rt_banks, d->pack_w,
			(unsigned long long)full * d->pack_w);
	fprintf(f, "Availability flag: %u bits; release flag cache: %u x 54 = %u bits (%u B) of flags\n", d->warp_regs,
		d->rfc_entries, d->rfc_entries * 54, d->rfc_entries * 54 / 8);
	fprintf(f, "Reference kernel: %u warps x %u registers, %u exempt: %u renamed registers, %u table entries\n",
		d->vt_warps, c->virtualization_regs, c->virtualization_exempt_regs, d->vt_warps * d->vt_ren, d->rt_depth);
}

/* The limits its rules put on keys (rfm_param_limits). */
static const rfm_param_limit_t limits[] = {
	{RFM_K_virtualization_subarrays, "divides rf.entries"},
	{RFM_K_virtualization_rt_budget_bits, "0, or a budget of at least one renaming-table entry per bank"},
	{RFM_K_sm_regs_per_thread, "at most 63 with virtualization on (a pbr's 6-bit register ids, 63 = empty)"},
	{RFM_K_virtualization_regs, "at most sm.regs_per_thread"},
	{RFM_K_virtualization_exempt_regs, "at most virtualization.regs"},
	{RFM_K_virtualization_warps, "the kernel's renamed registers fit the warp registers and the renaming table"},
	{RFM_K_COUNT, NULL},
};

/* Its hooks (rfm_techniques.def). */
const rfm_tech_hooks_t rfm_virt_hooks = {
	.rules_md = "- With `virtualization.enable = on` (docs/virtualization.md): `subarrays` divides `rf.entries`;\n"
		    "  `rt_budget_bits` is 0 (unconstrained) or leaves at least one renaming-table entry per bank;\n"
		    "  `sm.regs_per_thread <= 63` (a pbr names registers in 6-bit slots, 63 meaning empty); `regs <=\n"
		    "  sm.regs_per_thread`; `exempt_regs <= regs`; the reference kernel of `warps` warps (0: the\n"
		    "  most that fit) fits the warp registers and the renaming table.\n",
	.limits = limits,
	.check = rfm_virt_check,
	.derive = rfm_virt_derive,
	.inventory = inventory,
	.report = report,
};
