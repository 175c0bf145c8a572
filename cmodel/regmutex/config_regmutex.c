/* config_regmutex.c - RegMutex's part of the configuration: its rules (rule f of docs/config.md),
 * its derived values (cfg->d.rm_*) and the launch and Es rules of docs/regmutex.md that the
 * generator, the models and the reports share (declared in rfm_config.h); its storage rows and
 * report notes. The technique table (rfm_techniques.def) calls its hooks (rfm_regmutex_hooks, at
 * the end) when [regmutex] is on.
 */
#include "rfm_config.h"
#include "rfm_inventory.h"
#include "rfm_regmutex.h"
#include "rfm_techniques.h"
#include "rfm_util.h"

/* Ceiling of a / b (b > 0). */
static uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

/* Rule f: the RegMutex reference kernel fits and cannot deadlock, once its keys are known good.
 * Returns the number of violations printed. */
static unsigned check_kernel(rfm_cfg_t *cfg, FILE *err)
{
	char legal[RFM_LIST_MAX];
	unsigned R = cfg->regmutex_regs, es = cfg->regmutex_ext_regs, w = cfg->regmutex_warps, bs, occ, P;
	int paired = cfg->regmutex_paired == RFM_ON;
	rfm_cfg_derive(cfg);
	P = cfg->d.warp_regs;
	if (cfg->sm_warps < 2) {
		rfm_rule_msg(cfg, err, RFM_K_sm_warps, "2..64", "RegMutex time-shares registers between warps: "
			 "regmutex.enable = on needs at least 2 warp slots");
		return 1;
	}
	if (R > cfg->sm_regs_per_thread) {
		snprintf(legal, sizeof(legal), "1..%u", (unsigned)cfg->sm_regs_per_thread);
		rfm_rule_msg(cfg, err, RFM_K_regmutex_regs, legal, "more than sm.regs_per_thread = %u",
			 (unsigned)cfg->sm_regs_per_thread);
		return 1;
	}
	if (es == 0) {
		es = rfm_rm_choose_es(cfg, R, NULL, NULL);
		if (!es) {
			snprintf(legal, sizeof(legal), "1..%u", R > 1 ? R - 1 : 1);
			rfm_rule_msg(cfg, err, RFM_K_regmutex_ext_regs, legal,
				 "the paper's rule finds no extended set for regmutex.regs = %u (%s); give ext_regs", R,
				 (uint64_t)(P / R) >= cfg->sm_warps ? "the kernel is not limited by registers"
								    : "no candidate leaves a section");
			return 1;
		}
	}
	if (es >= R) {
		snprintf(legal, sizeof(legal), "0..%u", R - 1);
		rfm_rule_msg(cfg, err, RFM_K_regmutex_ext_regs, legal,
			 "leaves no base set: regmutex.regs = %u must exceed it", R);
		return 1;
	}
	bs = R - es;
	occ = rfm_rm_occupancy(cfg, bs, es);
	if (w > cfg->sm_warps || w > occ || occ == 0) {
		snprintf(legal, sizeof(legal), "0..%u", occ < cfg->sm_warps ? occ : (unsigned)cfg->sm_warps);
		if (paired)
			rfm_rule_msg(cfg, err, RFM_K_regmutex_warps, legal,
				 "pairs of 2 x %u base + %u extended registers do not fit %u warp registers", bs, es, P);
		else
			rfm_rule_msg(cfg, err, RFM_K_regmutex_warps, legal,
				 "base sets of %u registers do not fit %u warp registers (or sm.warps = %u)", bs, P,
				 (unsigned)cfg->sm_warps);
		return 1;
	}
	if (!w)
		w = rfm_rm_auto_warps(cfg, bs, es);
	if (!w || (!paired && rfm_rm_sections(cfg, w, bs, es) == 0)) {
		unsigned wmax = 0, t;
		for (t = 1; t <= occ; t++)
			if (rfm_rm_sections(cfg, t, bs, es))
				wmax = t;
		snprintf(legal, sizeof(legal), "1..%u", wmax);
		rfm_rule_msg(cfg, err, RFM_K_regmutex_warps, legal,
			 "leaves no SRP section (deadlock: no warp could ever acquire): %u warps x %u base registers "
			 "= %u of %u warp registers, fewer than Es = %u left", w ? w : occ, bs, (w ? w : occ) * bs, P, es);
		return 1;
	}
	return 0;
}

unsigned rfm_regmutex_check(rfm_cfg_t *cfg, FILE *err, const unsigned char *bad)
{
	/* f. the RegMutex reference kernel fits and cannot deadlock (docs/regmutex.md) */
	if (RFM_GOOD(bad, regmutex_regs) && RFM_GOOD(bad, regmutex_ext_regs) && RFM_GOOD(bad, regmutex_warps) &&
	    RFM_GOOD(bad, sm_regs_per_thread) && RFM_GOOD(bad, sm_warps) && RFM_GOOD(bad, rf_banks) &&
	    RFM_GOOD(bad, rf_entries))
		return check_kernel(cfg, err);
	return 0;
}

void rfm_regmutex_derive(rfm_cfg_t *cfg)
{
	rfm_derived_t *d = &cfg->d;
	unsigned R = cfg->regmutex_regs, es = cfg->regmutex_ext_regs;
	int paired = cfg->regmutex_paired == RFM_ON;
	if (!es && R && R <= 255)
		es = rfm_rm_choose_es(cfg, R, NULL, NULL);
	d->rm_regs = R;
	d->rm_es = es;
	d->rm_bs = es < R ? R - es : 0;
	d->rm_warps = cfg->regmutex_warps;
	if (!d->rm_warps && d->rm_bs)
		d->rm_warps = rfm_rm_auto_warps(cfg, d->rm_bs, es);
	d->rm_srp_off = paired ? 0 : d->rm_warps * d->rm_bs;
	d->rm_sections = paired ? (d->rm_warps + 1) / 2 : rfm_rm_sections(cfg, d->rm_warps, d->rm_bs, es);
	d->rm_state_bits = paired ? cfg->sm_warps : cfg->sm_warps * (2u + d->warp_w);
}

int rfm_rm_launch_fits(const rfm_cfg_t *cfg, unsigned nwarps, unsigned nregs, unsigned es, unsigned nsect)
{
	uint64_t bs, need;
	if (nwarps < 1 || nwarps > cfg->sm_warps || nregs < 1 || nregs > cfg->sm_regs_per_thread || es >= nregs)
		return 0;
	bs = nregs - es;
	if (cfg->regmutex_paired == RFM_ON)
		return ceil_div(nwarps, 2) * (2 * bs + es) <= cfg->d.warp_regs;
	if (es ? nsect < 1 || nsect > cfg->sm_warps : nsect != 0)
		return 0;
	need = (uint64_t)nwarps * bs + (uint64_t)nsect * es;
	return need <= cfg->d.warp_regs;
}

unsigned rfm_rm_sections(const rfm_cfg_t *cfg, unsigned nwarps, unsigned bs, unsigned es)
{
	uint64_t base = (uint64_t)nwarps * bs, n;
	if (!es || base > cfg->d.warp_regs)
		return 0;
	n = (cfg->d.warp_regs - base) / es;
	return n > cfg->sm_warps ? cfg->sm_warps : (unsigned)n;
}

unsigned rfm_rm_occupancy(const rfm_cfg_t *cfg, unsigned bs, unsigned es)
{
	uint64_t n;
	if (!bs)
		return 0;
	if (cfg->regmutex_paired == RFM_ON)
		n = 2 * (cfg->d.warp_regs / (2ull * bs + es));
	else
		n = cfg->d.warp_regs / bs;
	return n > cfg->sm_warps ? cfg->sm_warps : (unsigned)n;
}

unsigned rfm_rm_auto_warps(const rfm_cfg_t *cfg, unsigned bs, unsigned es)
{
	unsigned w = rfm_rm_occupancy(cfg, bs, es);
	if (cfg->regmutex_paired != RFM_ON && es)
		while (w && rfm_rm_sections(cfg, w, bs, es) == 0)
			w--; /* rule 1: at least one section */
	return w;
}

unsigned rfm_rm_choose_es(const rfm_cfg_t *cfg, unsigned regs, unsigned *cand, unsigned *ncand)
{
	static const unsigned pct[6] = {10, 15, 20, 25, 30, 35};
	unsigned c[6], n = 0, i, j, best = 0, best_occ = 0, best_sect = 0, occ[6], sect[6];
	rfm_cfg_t pc = *cfg;
	pc.regmutex_paired = RFM_OFF; /* the rule is the default mode's */
	if (ncand)
		*ncand = 0;
	if (!regs)
		return 0;
	for (i = 0; i < 6; i++) {
		unsigned e = regs * pct[i] / 100, dup = 0;
		if (e < 2 || e % 2 || e >= regs)
			continue;
		for (j = 0; j < n; j++)
			dup |= c[j] == e;
		if (!dup)
			c[n++] = e; /* ascending: the products grow with i */
	}
	if (cand)
		for (i = 0; i < n; i++)
			cand[i] = c[i];
	if (ncand)
		*ncand = n;
	if ((uint64_t)cfg->d.warp_regs / regs >= cfg->sm_warps)
		return 0; /* step 1: occupancy not limited by registers */
	for (i = 0; i < n; i++) {
		occ[i] = rfm_rm_auto_warps(&pc, regs - c[i], c[i]);
		sect[i] = occ[i] ? rfm_rm_sections(&pc, occ[i], regs - c[i], c[i]) : 0;
		if (occ[i] > best_occ)
			best_occ = occ[i];
	}
	if (!best_occ)
		return 0;
	for (i = 0; i < n; i++) /* the smallest with more sections than half the warps */
		if (occ[i] == best_occ && 2 * sect[i] > best_occ)
			return c[i];
	for (i = 0; i < n; i++) /* else the most sections, the smallest on ties */
		if (occ[i] == best_occ && sect[i] > best_sect) {
			best = c[i];
			best_sect = sect[i];
		}
	return best;
}

/* Its storage rows (docs/regmutex.md, "Storage"). */
static unsigned inventory(const rfm_cfg_t *c, rfm_inv_row_t *rows, unsigned n)
{
	unsigned N = c->sm_warps, L = c->d.warp_w, P = c->d.pack_w, R = c->d.nregs_w;
	int precomp = c->regmutex_xlate == RFM_RMX_PRECOMP;
	rfm_inv_add(rows, &n, "RegMutex warp-status bitmask", "rf_srp_ctrl", "flops", N, "warps = %u", N);
	if (c->regmutex_paired != RFM_ON) {
		rfm_inv_add(rows, &n, "RegMutex SRP bitmask", "rf_srp_ctrl", "flops", N, "warps = %u", N);
		rfm_inv_add(rows, &n, "RegMutex warp-to-section LUT", "rf_srp_ctrl", "flops", (uint64_t)N * L,
		    "warps x clog2(warps) = %u x %u", N, L);
	}
	if (precomp) { /* docs/regmutex.md, "Translation" */
		rfm_inv_add(rows, &n, "RegMutex base table", "rf_top", "flops", (uint64_t)rfm_srp_tab_regs(c) * P,
		    "%s x clog2(warp registers) = %u x %u", c->regmutex_paired == RFM_ON
				? "entries 2m (m odd) and odd entries from 3" : "odd entries from 3",
		    rfm_srp_tab_regs(c), P);
		if (c->regmutex_paired == RFM_ON) {
			rfm_inv_add(rows, &n, "RegMutex kernel base set", "rf_top", "flops", R, "Bs = %u", R);
		} else {
			rfm_inv_add(rows, &n, "RegMutex extended-base table", "rf_top", "flops", (uint64_t)N * P,
			    "warps x clog2(warp registers) = %u x %u", N, P);
			rfm_inv_add(rows, &n, "RegMutex kernel sets, offset", "rf_top", "flops", 2ull * R + P,
			    "Es + Bs + (SRP_offset - Bs) = %u + %u + %u", R, R, P);
		}
	} else if (c->regmutex_paired != RFM_ON) {
		rfm_inv_add(rows, &n, "RegMutex kernel sets, offset", "rf_top", "flops",
		    2ull * c->d.nregs_w + c->d.pack_w + 1,
		    "Es + Bs + SRP_offset = %u + %u + %u", c->d.nregs_w, c->d.nregs_w, c->d.pack_w + 1);
	} else {
		rfm_inv_add(rows, &n, "RegMutex kernel sets", "rf_top", "flops", 2ull * c->d.nregs_w, "Es + Bs = %u + %u",
		    c->d.nregs_w, c->d.nregs_w);
	}
	rfm_inv_add(rows, &n, "RegMutex error flag, counters", "rf_top", "flops", 1 + 3ull * c->stats_counter_bits,
	    "1 + 3 x counter_bits = 1 + 3 x %u", c->stats_counter_bits);
	return n;
}

/* Its notes in `rtl_gen --report`. */
static void report(const rfm_cfg_t *c, FILE *f)
{
	const rfm_derived_t *d = &c->d;
	if (c->regmutex_paired == RFM_ON)
		fprintf(f, "\nRegMutex allocator state (paired): %u bits = warp-status bits, one per warp slot "
			   "(paper: warps / 2 = %u lock bits, which cannot tell owner from partner)\n",
			d->rm_state_bits, c->sm_warps / 2);
	else
		fprintf(f, "\nRegMutex allocator state: %u bits = warps x (2 + clog2(warps)) = %u x (2 + %u) "
			   "(paper, 48 warps: 384)\n", d->rm_state_bits, c->sm_warps, d->warp_w);
	fprintf(f, "RegMutex reference kernel: R = %u registers per thread, Es = %u%s, Bs = %u, %u warps "
		   "resident", d->rm_regs, d->rm_es, c->regmutex_ext_regs ? "" : " (the paper's rule)", d->rm_bs,
		d->rm_warps);
	if (c->regmutex_paired == RFM_ON)
		fprintf(f, " in %u pairs of 2 x %u + %u warp registers\n", d->rm_sections, d->rm_bs, d->rm_es);
	else
		fprintf(f, ", SRP_offset = %u, %u SRP sections (%u of %u warp registers used)\n", d->rm_srp_off,
			d->rm_sections, d->rm_srp_off + d->rm_sections * d->rm_es, d->warp_regs);
	if (c->regmutex_xlate == RFM_RMX_PRECOMP) {
		fprintf(f, "RegMutex translation (xlate = precomp): Y = X + a table entry; rf_top keeps a base table of %u "
			   "entries written at launch (%u registers of %u bits, the rest wiring)", rfm_srp_tab_n(c),
			rfm_srp_tab_regs(c), d->pack_w);
		if (c->regmutex_paired != RFM_ON)
			fprintf(f, " and an extended-base table of %u x %u bits written at acquire", c->sm_warps, d->pack_w);
		fprintf(f, "\n");
	} else
		fprintf(f, "RegMutex translation (xlate = mul): two multipliers per translation port (W x Bs, LUT x Es)\n");
	fprintf(f, "Baseline with the same kernel: %u warps (warp registers / R = %u / %u)\n",
		d->warp_regs / d->rm_regs < c->sm_warps ? d->warp_regs / d->rm_regs : c->sm_warps, d->warp_regs,
		d->rm_regs);
}

/* Its hooks (rfm_techniques.def). */
/* The limits its rules put on keys (rfm_param_limits). */
static const rfm_param_limit_t limits[] = {
	{RFM_K_sm_warps, "at least 2"},
	{RFM_K_regmutex_regs, "at most sm.regs_per_thread"},
	{RFM_K_regmutex_ext_regs, "below regmutex.regs (a base set remains), or 0 and the paper's rule finds an Es"},
	{RFM_K_regmutex_warps, "the base sets of these warps fit the file, and one SRP section is left"},
	{RFM_K_COUNT, NULL},
};

const rfm_tech_hooks_t rfm_regmutex_hooks = {
	.limits = limits,
	.check = rfm_regmutex_check,
	.derive = rfm_regmutex_derive,
	.inventory = inventory,
	.report = report,
	.rules_md = "- With `regmutex.enable = on` (docs/regmutex.md): `sm.warps >= 2`; "
		    "`regmutex.regs <= sm.regs_per_thread`;\n"
		    "  `ext_regs < regs` (a base set remains), or `ext_regs = 0` and the paper's rule finds an `Es`; the\n"
		    "  base sets of `warps` warps fit the file (`warps x Bs <= banks x entries`; paired: `ceil(warps / 2) x\n"
		    "  (2 Bs + Es)`); and at least one SRP section is left (the paper's deadlock rule 1). `xlate` picks\n"
		    "  how the translation is built, not what it gives: `precomp` (per-warp base tables written at launch\n"
		    "  and at acquire, so an access costs a mux and an add) and `mul` (multipliers by `Bs` and `Es`, the\n"
		    "  paper's Figure 6b) translate every access alike, cycle for cycle (docs/regmutex.md, \"Translation\").\n",
};
