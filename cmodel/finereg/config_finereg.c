/* config_finereg.c - FineReg's part of the configuration ([finereg], docs/finereg.md): its rules
 * (rule j of docs/config.md), its derived values (cfg->d.fr_*), its storage rows beside the paper's
 * (section V-F) and its report notes. The technique table (rfm_techniques.def) calls its hooks
 * (rfm_finereg_hooks, at the end) when [finereg] is on.
 *
 * The register file of rf.* is the whole budget: FineReg splits it into the active-CTA file (the
 * banks, finereg.acrf_regs warp registers, acrf_regs / rf.banks rows each) and the pending-CTA
 * file (finereg.pcrf_regs entries of one warp register each).
 */
#include "ctl_ports.h"
#include "rfm_config.h"
#include "rfm_finereg.h"
#include "rfm_inventory.h"
#include "rfm_techniques.h"
#include "rfm_util.h"

/* Bits of a warp register: rf.lanes x rf.lane_bits. */
static unsigned reg_bits(const rfm_cfg_t *cfg) { return cfg->rf_lanes * cfg->rf_lane_bits; }

/* Warp registers of the whole file: rf.banks x rf.entries. */
static unsigned file_regs(const rfm_cfg_t *cfg) { return cfg->rf_banks * cfg->rf_entries; }

/* n bits as "N bytes" below a kilobyte, else "X.Y KB", into buf (24 bytes). */
static const char *size_str(uint64_t bits, char *buf)
{
	if (bits < 8192)
		snprintf(buf, 24, "%llu bytes", (unsigned long long)((bits + 7) / 8));
	else
		snprintf(buf, 24, "%.1f KB", (double)bits / 8192.0);
	return buf;
}

/* ACRF CTA slots of the reference kernel (0 when its CTA does not fit). */
static unsigned slots_of(const rfm_cfg_t *cfg)
{
	unsigned cta = cfg->finereg_kernel_warps * cfg->finereg_kernel_regs, s;
	if (!cta || !cfg->finereg_kernel_warps)
		return 0;
	s = cfg->finereg_acrf_regs / cta;
	if (s > cfg->finereg_resident_ctas)
		s = cfg->finereg_resident_ctas;
	if (s > cfg->sm_warps / cfg->finereg_kernel_warps)
		s = cfg->sm_warps / cfg->finereg_kernel_warps;
	return s;
}

/* The register management unit's geometry of cfg (rfm_finereg.h). */
void rfm_finereg_geom_of(const rfm_cfg_t *cfg, rfm_fr_geom_t *g)
{
	unsigned s = slots_of(cfg);
	*g = (rfm_fr_geom_t){
		.pcrf_entries = cfg->finereg_pcrf_regs,
		.acrf_slots = s,
		.ctas = cfg->finereg_resident_ctas,
		.active_ctas = cfg->finereg_active_ctas < s ? cfg->finereg_active_ctas : s,
		.warps = cfg->finereg_kernel_warps,
		.regs = cfg->finereg_kernel_regs,
		.words = reg_bits(cfg) / 32,
		.ptr_bits = cfg->finereg_ptr_bits,
		.cta_warps = cfg->finereg_cta_warps,
	};
}

static unsigned check(rfm_cfg_t *cfg, FILE *err, const unsigned char *bad)
{
	unsigned nerr = 0, total = file_regs(cfg), rb = reg_bits(cfg);
	char legal[160];
	/* j. FineReg (docs/finereg.md, "Configuration") */
	if (RFM_GOOD(bad, rf_lanes) && RFM_GOOD(bad, rf_lane_bits) && (rb % 32 || rb > 1024)) {
		rfm_rule_msg(cfg, err, RFM_K_rf_lane_bits, "rf.lanes x rf.lane_bits a multiple of 32, at most 1024",
			     "a warp register of %u x %u = %u bits: FineReg moves registers in 32-bit words, at most "
			     "32 of them (a 128-byte register)", (unsigned)cfg->rf_lanes, (unsigned)cfg->rf_lane_bits, rb);
		nerr++;
	}
	if (RFM_GOOD(bad, rf_banks) && RFM_GOOD(bad, rf_entries) && RFM_GOOD(bad, finereg_acrf_regs) &&
	    RFM_GOOD(bad, finereg_pcrf_regs)) {
		if (cfg->finereg_acrf_regs >= total) {
			snprintf(legal, sizeof(legal), "1..%u", total - 1);
			rfm_rule_msg(cfg, err, RFM_K_finereg_acrf_regs, legal,
				     "leaves no room for a PCRF in the register file of rf.banks x rf.entries = %u x %u = "
				     "%u warp registers", (unsigned)cfg->rf_banks, (unsigned)cfg->rf_entries, total);
			nerr++;
		} else if (cfg->finereg_acrf_regs + cfg->finereg_pcrf_regs != total) {
			snprintf(legal, sizeof(legal), "%u", total - cfg->finereg_acrf_regs);
			rfm_rule_msg(cfg, err, RFM_K_finereg_pcrf_regs, legal,
				     "ACRF + PCRF = %u + %u is not the register file of rf.banks x rf.entries = %u x %u = "
				     "%u warp registers", (unsigned)cfg->finereg_acrf_regs, (unsigned)cfg->finereg_pcrf_regs,
				     (unsigned)cfg->rf_banks, (unsigned)cfg->rf_entries, total);
			nerr++;
		} else if (cfg->finereg_acrf_regs % cfg->rf_banks) {
			snprintf(legal, sizeof(legal), "a multiple of rf.banks = %u", (unsigned)cfg->rf_banks);
			rfm_rule_msg(cfg, err, RFM_K_finereg_acrf_regs, legal,
				     "the ACRF is the banks: every bank holds acrf_regs / rf.banks rows");
			nerr++;
		}
	}
	if (RFM_GOOD(bad, finereg_pcrf_regs) && RFM_GOOD(bad, finereg_ptr_bits) && cfg->finereg_ptr_bits &&
	    cfg->finereg_ptr_bits < rfm_clog2(cfg->finereg_pcrf_regs)) {
		snprintf(legal, sizeof(legal), "0 or %u..16", rfm_clog2(cfg->finereg_pcrf_regs));
		rfm_rule_msg(cfg, err, RFM_K_finereg_ptr_bits, legal,
			     "a pointer of %u bits cannot name the %u entries of the PCRF", (unsigned)cfg->finereg_ptr_bits,
			     (unsigned)cfg->finereg_pcrf_regs);
		nerr++;
	}
	if (RFM_GOOD(bad, finereg_cache_entries) &&
	    (cfg->finereg_cache_entries & (cfg->finereg_cache_entries - 1)) != 0) {
		rfm_rule_msg(cfg, err, RFM_K_finereg_cache_entries, "1|2|4|8|16|32|64|128|256|512|1024",
			     "a direct-mapped cache is indexed by PC bits: its entries are a power of two");
		nerr++;
	}
	if (RFM_GOOD(bad, finereg_active_ctas) && RFM_GOOD(bad, finereg_resident_ctas) &&
	    cfg->finereg_active_ctas > cfg->finereg_resident_ctas) {
		snprintf(legal, sizeof(legal), "1..%u", (unsigned)cfg->finereg_resident_ctas);
		rfm_rule_msg(cfg, err, RFM_K_finereg_active_ctas, legal,
			     "more active CTAs than resident ones (finereg.resident_ctas = %u)",
			     (unsigned)cfg->finereg_resident_ctas);
		nerr++;
	}
	if (RFM_GOOD(bad, rf_lanes) && RFM_GOOD(bad, rf_lane_bits) && RFM_GOOD(bad, finereg_beat_bytes) &&
	    rb % 32 == 0 && rb <= 1024 && (cfg->finereg_beat_bytes % 4 || (rb / 8) % cfg->finereg_beat_bytes)) {
		unsigned b;
		legal[0] = '\0';
		for (b = 4; b <= rb / 8; b += 4)
			if ((rb / 8) % b == 0) {
				char one[12];
				snprintf(one, sizeof(one), "%u", b);
				rfm_list_add(legal, sizeof(legal), one);
			}
		rfm_rule_msg(cfg, err, RFM_K_finereg_beat_bytes, legal,
			     "a beat is whole 32-bit words and a register (%u bytes) is whole beats", rb / 8);
		nerr++;
	}
	if (RFM_GOOD(bad, finereg_kernel_warps) && RFM_GOOD(bad, finereg_cta_warps) &&
	    cfg->finereg_kernel_warps > cfg->finereg_cta_warps) {
		snprintf(legal, sizeof(legal), "1..%u", (unsigned)cfg->finereg_cta_warps);
		rfm_rule_msg(cfg, err, RFM_K_finereg_kernel_warps, legal,
			     "more warps per CTA than a PCRF tag can name (finereg.cta_warps = %u)",
			     (unsigned)cfg->finereg_cta_warps);
		nerr++;
	} else if (RFM_GOOD(bad, finereg_kernel_warps) && RFM_GOOD(bad, sm_warps) &&
		   cfg->finereg_kernel_warps > cfg->sm_warps) {
		snprintf(legal, sizeof(legal), "1..%u", (unsigned)cfg->sm_warps);
		rfm_rule_msg(cfg, err, RFM_K_finereg_kernel_warps, legal,
			     "a CTA of more warps than the SM's warp slots (sm.warps = %u)", (unsigned)cfg->sm_warps);
		nerr++;
	}
	if (RFM_GOOD(bad, finereg_kernel_regs) && RFM_GOOD(bad, sm_regs_per_thread) &&
	    cfg->finereg_kernel_regs > cfg->sm_regs_per_thread) {
		snprintf(legal, sizeof(legal), "1..%u", (unsigned)cfg->sm_regs_per_thread);
		rfm_rule_msg(cfg, err, RFM_K_finereg_kernel_regs, legal,
			     "more registers per thread than the SM's maximum (sm.regs_per_thread = %u)",
			     (unsigned)cfg->sm_regs_per_thread);
		nerr++;
	} else if (RFM_GOOD(bad, finereg_kernel_regs) && RFM_GOOD(bad, finereg_kernel_warps) &&
		   RFM_GOOD(bad, finereg_acrf_regs) &&
		   (uint64_t)cfg->finereg_kernel_warps * cfg->finereg_kernel_regs > cfg->finereg_acrf_regs) {
		snprintf(legal, sizeof(legal), "1..%u", (unsigned)(cfg->finereg_acrf_regs / cfg->finereg_kernel_warps));
		rfm_rule_msg(cfg, err, RFM_K_finereg_kernel_regs, legal,
			     "a CTA of %u warps x %u registers = %u warp registers does not fit the ACRF "
			     "(finereg.acrf_regs = %u)", (unsigned)cfg->finereg_kernel_warps,
			     (unsigned)cfg->finereg_kernel_regs,
			     (unsigned)(cfg->finereg_kernel_warps * cfg->finereg_kernel_regs),
			     (unsigned)cfg->finereg_acrf_regs);
		nerr++;
	}
	/* the engine moves registers through read and write port 0 of the baseline back end's banks
	 * (docs/finereg.md, "rf_top integration"), which lends them; the coalescing back end lends none */
	if (RFM_GOOD(bad, coalescing_enable) && cfg->coalescing_enable == RFM_ON) {
		rfm_rule_msg(cfg, err, RFM_K_coalescing_enable, "off",
			     "FineReg's engine moves registers through the ports of the baseline banks it holds; the "
			     "coalescing file's dual sub-bank banks have no such path yet");
		nerr++;
	}
	return nerr;
}

static void derive(rfm_cfg_t *cfg)
{
	rfm_derived_t *d = &cfg->d;
	rfm_fr_geom_t g;
	unsigned words = reg_bits(cfg) / 32, beat = cfg->finereg_beat_bytes / 4;
	rfm_finereg_geom_of(cfg, &g);
	d->fr_slots = g.acrf_slots;
	d->fr_active = g.active_ctas;
	d->fr_ptr_bits = rfm_fr_ptr_bits(&g);
	d->fr_words = words;
	d->fr_beat_words = beat;
	d->fr_in_depth = beat && words >= beat ? rfm_fr_eng_in_depth(cfg->finereg_pcrf_latency, words / beat) : 0;
}

/* Its storage rows (docs/finereg.md, "Structures"): the PCRF's data array, then the unit's
 * structures of rfm_fr_storage. */
static unsigned inventory(const rfm_cfg_t *c, rfm_inv_row_t *rows, unsigned n)
{
	rfm_fr_geom_t g;
	rfm_fr_store_t st[RFM_FR_ST_N];
	unsigned ptr = c->d.fr_ptr_bits, cnt, wb;
	rfm_finereg_geom_of(c, &g);
	rfm_fr_storage(&g, c->finereg_cache_entries, c->d.fr_in_depth, st);
	cnt = rfm_fr_count_bits(&g);
	wb = rfm_fr_warp_bits(&g);
	rfm_inv_add(rows, &n, "PCRF data array", "rf_fr_pcrf", "array", (uint64_t)c->finereg_pcrf_regs * reg_bits(c),
		    "pcrf_regs x lanes x lane_bits = %u x %u x %u", (unsigned)c->finereg_pcrf_regs,
		    (unsigned)c->rf_lanes, (unsigned)c->rf_lane_bits);
	rfm_inv_add(rows, &n, "FineReg PCRF tags", "rf_fr_tags", "array", st[RFM_FR_ST_TAGS].bits,
		    "pcrf_regs x (valid + end + ptr + warp id + reg) = %u x (2 + %u + %u + 6)",
		    (unsigned)c->finereg_pcrf_regs, ptr, wb);
	rfm_inv_add(rows, &n, "FineReg free-space monitor", "rf_fr_free", "flops", st[RFM_FR_ST_FREE].bits,
		    "pcrf_regs + count = %u + %u", (unsigned)c->finereg_pcrf_regs, cnt);
	rfm_inv_add(rows, &n, "FineReg pointer table", "rf_fr_ptr", "flops", st[RFM_FR_ST_PTR].bits,
		    "resident_ctas x (ptr + count) = %u x (%u + %u)", (unsigned)c->finereg_resident_ctas, ptr, cnt);
	rfm_inv_add(rows, &n, "FineReg CTA status monitor", "rf_fr_status", "flops", st[RFM_FR_ST_STATUS].bits,
		    "resident_ctas x (context 2 + register 2) = %u x 4", (unsigned)c->finereg_resident_ctas);
	rfm_inv_add(rows, &n, "FineReg bit-vector cache", "rf_fr_lrc", "flops", st[RFM_FR_ST_LRC].bits,
		    "cache_entries x (valid + PC tag + vector) = %u x (1 + 32 + 64)", (unsigned)c->finereg_cache_entries);
	rfm_inv_add(rows, &n, "FineReg move buffers", "rf_fr_port", "flops", st[RFM_FR_ST_BUFFERS].bits,
		    "(out 1 + in %u) x lanes x lane_bits + in %u x (warp + index) = %u x %u + %u x (%u + 6)",
		    c->d.fr_in_depth, c->d.fr_in_depth, 1 + c->d.fr_in_depth, reg_bits(c), c->d.fr_in_depth, wb);
	rfm_inv_add(rows, &n, "FineReg live-register set", "rf_fr_live", "flops", st[RFM_FR_ST_SETS].bits / 2,
		    "kernel_warps x kernel_regs = %u x %u", g.warps, g.regs);
	rfm_inv_add(rows, &n, "FineReg written-register set", "rf_fr_zero", "flops", st[RFM_FR_ST_SETS].bits / 2,
		    "kernel_warps x kernel_regs = %u x %u", g.warps, g.regs);
	rfm_inv_add(rows, &n, "FineReg unit counters", "rf_fr_ctl", "flops", (uint64_t)RFM_FR_CTL_NCNT * c->stats_counter_bits,
		    "%u x counter_bits = %u x %u", RFM_FR_CTL_NCNT, RFM_FR_CTL_NCNT, (unsigned)c->stats_counter_bits);
	{
		unsigned pw = rfm_clog2((uint64_t)c->sm_collectors + 1), v = g.acrf_slots * g.warps;
		rfm_inv_add(rows, &n, "FineReg instructions in collectors, counters", "rf_top", "flops",
			    (uint64_t)v * pw + c->d.bank_w + 2ull * c->stats_counter_bits,
			    "warps x clog2(collectors + 1) + engine read's bank + 2 x counter_bits = %u x %u + %u + 2 x %u", v,
			    pw, c->d.bank_w, (unsigned)c->stats_counter_bits);
	}
	return n;
}

static void report(const rfm_cfg_t *cfg, FILE *f)
{
	rfm_fr_geom_t g;
	rfm_fr_store_t st[RFM_FR_ST_N];
	uint64_t tool = 0, paper = 0, rb = reg_bits(cfg), file = (uint64_t)file_regs(cfg) * rb;
	char pb[24], sa[24], sp[24];
	unsigned i;
	rfm_finereg_geom_of(cfg, &g);
	rfm_fr_storage(&g, cfg->finereg_cache_entries, cfg->d.fr_in_depth, st);
	fprintf(f, "\nFineReg: ACRF %u warp registers (%u rows in each of %u banks, %s), PCRF %u entries "
		   "(%s); reference kernel %u warps x %u registers: %u ACRF slots, %u active CTAs at most, "
		   "%u resident\n",
		(unsigned)cfg->finereg_acrf_regs, cfg->d.bank_rows, (unsigned)cfg->rf_banks,
		size_str(cfg->finereg_acrf_regs * rb, sa), (unsigned)cfg->finereg_pcrf_regs,
		size_str(cfg->finereg_pcrf_regs * rb, sp), (unsigned)cfg->finereg_kernel_warps,
		(unsigned)cfg->finereg_kernel_regs, cfg->d.fr_slots, cfg->d.fr_active, (unsigned)cfg->finereg_resident_ctas);
	fprintf(f, "FineReg moves: PCRF latency %u cycles, beats of %u bytes (%u per register), in buffer of %u "
		   "registers; bit-vector miss %u cycles\n",
		(unsigned)cfg->finereg_pcrf_latency, (unsigned)cfg->finereg_beat_bytes,
		cfg->d.fr_beat_words ? cfg->d.fr_words / cfg->d.fr_beat_words : 0, cfg->d.fr_in_depth,
		(unsigned)cfg->finereg_bv_latency);
	fprintf(f, "FineReg storage beside the paper's section V-F (its formulas at this geometry):\n");
	fprintf(f, "  %-32s %10s %10s  %s\n", "structure", "tool bits", "paper bits", "why they differ");
	for (i = 0; i < RFM_FR_ST_N; i++) {
		tool += st[i].bits;
		paper += st[i].paper_bits;
		snprintf(pb, sizeof(pb), "%llu", (unsigned long long)st[i].paper_bits);
		if (!st[i].paper_bits) /* the paper does not count it */
			snprintf(pb, sizeof(pb), "-");
		fprintf(f, "  %-32s %10llu %10s  %s\n", st[i].name, (unsigned long long)st[i].bits, pb,
			st[i].why ? st[i].why : "");
	}
	fprintf(f, "  %-32s %10llu %10llu  %.2f KB against %.2f KB; %.2f%% of the register file's bits\n", "total",
		(unsigned long long)tool, (unsigned long long)paper, (double)tool / 8192.0, (double)paper / 8192.0,
		file ? 100.0 * (double)tool / (double)file : 0.0);
	fprintf(f, "  the paper's total, 5.02 KB (0.38%% of a Fermi SM's area by CACTI), also counts 2.4 KB for the CTA "
		   "switching logic's context, which is the pipeline's (PCs, SIMT stacks), not the register file's\n");
}

/* The banks are the ACRF: acrf_regs / rf.banks rows each (rfm_cfg_bank_rows). */
static unsigned bank_rows(const rfm_cfg_t *cfg, const unsigned char *bad)
{
	if ((bad && (!RFM_GOOD(bad, rf_banks) || !RFM_GOOD(bad, finereg_acrf_regs))) || !cfg->rf_banks)
		return 0;
	return cfg->finereg_acrf_regs / cfg->rf_banks;
}

/* The limits its rules put on keys (rfm_param_limits). */
static const rfm_param_limit_t limits[] = {
	{RFM_K_rf_lane_bits, "rf.lanes x rf.lane_bits a multiple of 32, at most 1024"},
	{RFM_K_finereg_acrf_regs, "below rf.banks x rf.entries, a multiple of rf.banks"},
	{RFM_K_finereg_pcrf_regs, "rf.banks x rf.entries - acrf_regs"},
	{RFM_K_finereg_ptr_bits, "0 or at least clog2(pcrf_regs)"},
	{RFM_K_finereg_cache_entries, "a power of two"},
	{RFM_K_finereg_active_ctas, "at most resident_ctas"},
	{RFM_K_finereg_beat_bytes, "a multiple of 4 dividing a warp register's bytes"},
	{RFM_K_finereg_kernel_warps, "at most cta_warps and sm.warps"},
	{RFM_K_finereg_kernel_regs, "at most sm.regs_per_thread; kernel_warps x kernel_regs at most acrf_regs"},
	{RFM_K_coalescing_enable, "off"},
	{RFM_K_COUNT, NULL},
};

const rfm_tech_hooks_t rfm_finereg_hooks = {
	.check = check,
	.derive = derive,
	.bank_rows = bank_rows,
	.inventory = inventory,
	.report = report,
	.rules_md = "- With `finereg.enable = on` (docs/finereg.md): `rf.lanes x rf.lane_bits` a multiple of 32, at\n"
		    "  most 1024; `finereg.acrf_regs + finereg.pcrf_regs = rf.banks x rf.entries` (the register\n"
		    "  file is split, not grown), `acrf_regs` a multiple of `rf.banks`; `ptr_bits` 0 or at least\n"
		    "  clog2(`pcrf_regs`); `cache_entries` a power of two; `active_ctas` at most `resident_ctas`;\n"
		    "  `beat_bytes` a multiple of 4 dividing a warp register's bytes; the reference kernel's\n"
		    "  `kernel_warps` at most `cta_warps` and `sm.warps`, its `kernel_regs` at most\n"
		    "  `sm.regs_per_thread`, and its CTA (`kernel_warps x kernel_regs`) within the ACRF;\n"
		    "  `coalescing.enable` off (the engine moves registers through the baseline back end's\n"
		    "  bank ports).\n",
	.limits = limits,
};
