/* config_edram.c - the eDRAM approximate register file's part of the configuration ([edram],
 * docs/edram.md): its rules (rule i of docs/config.md), its derived values (cfg->d.ed_*), its
 * storage rows (flags and counters) and report notes. The technique table (rfm_techniques.def) calls
 * its hooks (rfm_edram_hooks, at the end) when [edram] is on.
 */
#include "rfm_config.h"
#include "rfm_edram.h"
#include "rfm_inventory.h"
#include "rfm_techniques.h"
#include "rfm_util.h"

/* T0: the key, or the node's retention. */
static unsigned t0_of(const rfm_cfg_t *cfg)
{
	return cfg->edram_retention ? cfg->edram_retention : rfm_edram_nodes[cfg->edram_node].retention;
}

/* The eDRAM geometry of cfg (rfm_edram.h). */
void rfm_edram_geom_of(const rfm_cfg_t *cfg, rfm_edram_geom_t *g)
{
	g->banks = cfg->rf_banks;
	g->rows = cfg->d.bank_rows; /* rf.entries, or the LOCATE technique's rows (FineReg: the ACRF's) */
	g->lanes = cfg->rf_lanes;
	g->word_bits = cfg->rf_lane_bits;
	g->crit_bits = cfg->edram_crit_bits;
	g->m = cfg->edram_counter_bits;
	g->t0 = t0_of(cfg);
	g->max_defer = cfg->edram_max_defer;
}

static unsigned check(rfm_cfg_t *cfg, FILE *err, const unsigned char *bad)
{
	unsigned nerr = 0, t0 = t0_of(cfg), rows;
	char legal[64];
	/* i. eDRAM (docs/edram.md): a word splits into critical and noncritical bits, a 3T1D bank has one
	 * read and one write port, a row is not split by lanes, and a refresh fits its interval */
	if (RFM_GOOD(bad, rf_lane_bits) && RFM_GOOD(bad, edram_crit_bits) && cfg->rf_lane_bits > 32) {
		rfm_rule_msg(cfg, err, RFM_K_rf_lane_bits, "2..32",
			     "the eDRAM decay overlay keeps a lane in 32 bits: edram.enable = on needs lanes of at most 32 bits");
		nerr++;
	} else if (RFM_GOOD(bad, rf_lane_bits) && RFM_GOOD(bad, edram_crit_bits) &&
		   cfg->edram_crit_bits >= cfg->rf_lane_bits) {
		snprintf(legal, sizeof(legal), "1..%u", cfg->rf_lane_bits > 1 ? cfg->rf_lane_bits - 1 : 1);
		rfm_rule_msg(cfg, err, RFM_K_edram_crit_bits, legal,
			     "leaves no noncritical bits in a lane of rf.lane_bits = %u", (unsigned)cfg->rf_lane_bits);
		nerr++;
	}
	if (RFM_GOOD(bad, rf_read_ports) && cfg->rf_read_ports != 1) {
		rfm_rule_msg(cfg, err, RFM_K_rf_read_ports, "1",
			     "a 3T1D eDRAM bank has one read port and one write port (docs/edram.md)");
		nerr++;
	}
	if (RFM_GOOD(bad, rf_write_ports) && cfg->rf_write_ports != 1) {
		rfm_rule_msg(cfg, err, RFM_K_rf_write_ports, "1",
			     "a 3T1D eDRAM bank has one read port and one write port (docs/edram.md)");
		nerr++;
	}
	if (RFM_GOOD(bad, rf_subbanks) && cfg->rf_subbanks != 1) {
		rfm_rule_msg(cfg, err, RFM_K_rf_subbanks, "1",
			     "an eDRAM bank splits its rows by bit significance (critical and noncritical sub-arrays), "
			     "not by lanes");
		nerr++;
	}
	if (RFM_GOOD(bad, coalescing_enable) && cfg->coalescing_enable == RFM_ON) {
		rfm_rule_msg(cfg, err, RFM_K_coalescing_enable, "off",
			     "coalescing stores byte k of every lane in sub-bank k and packs narrow values into low "
			     "bytes, so a value's significant bits would land in the noncritical sub-array that an "
			     "approximate row refreshes rarely; eDRAM splits rows by bit significance instead");
		nerr++;
	}
	rows = rfm_cfg_bank_rows(cfg, bad);
	if (rows && RFM_GOOD(bad, edram_retention) && RFM_GOOD(bad, edram_max_defer) && RFM_GOOD(bad, edram_node)) {
		unsigned P = t0 > cfg->edram_max_defer ? (t0 - cfg->edram_max_defer) / rows : 0;
		if (P < 2) {
			snprintf(legal, sizeof(legal), "%llu..65535", (unsigned long long)cfg->edram_max_defer + 2ull * rows);
			rfm_rule_msg(cfg, err, RFM_K_edram_retention, legal,
				     "T0 = %u leaves a refresh interval P = floor((T0 - max_defer) / rows per bank) = %u; "
				     "P >= 2 is needed (max_defer = %u, rows per bank = %u)", t0, P,
				     (unsigned)cfg->edram_max_defer, rows);
			nerr++;
		} else if (cfg->edram_max_defer >= P) {
			snprintf(legal, sizeof(legal), "0..%u", P - 1);
			rfm_rule_msg(cfg, err, RFM_K_edram_max_defer, legal,
				     "a refresh may not wait a whole interval P = %u (T0 = %u, rows per bank = %u)", P, t0,
				     rows);
			nerr++;
		}
	}
	return nerr;
}

static void derive(rfm_cfg_t *cfg)
{
	rfm_derived_t *d = &cfg->d;
	unsigned t0 = t0_of(cfg);
	d->array_mod = "rf_edram_bank"; /* the banks' critical and noncritical sub-arrays */
	d->ed_t0 = t0;
	d->ed_p = t0 > cfg->edram_max_defer && d->bank_rows ? (t0 - cfg->edram_max_defer) / d->bank_rows : 0;
	d->ed_nc_bits = cfg->rf_lane_bits > cfg->edram_crit_bits ? cfg->rf_lane_bits - cfg->edram_crit_bits : 0;
	d->ed_timer_w = rfm_clog2(d->ed_p > 1 ? d->ed_p : 2);
	d->ed_defer_w = rfm_cntw(cfg->edram_max_defer > 0 ? cfg->edram_max_defer : 1);
	d->bank_force = 1; /* a refresh claims its bank with a forced hold (docs/edram.md, "Refresh") */
}

/* Its storage rows (docs/edram.md, "Storage"): a flag per row, an M-bit counter per bank. */
static unsigned inventory(const rfm_cfg_t *c, rfm_inv_row_t *rows, unsigned n)
{
	rfm_inv_add(rows, &n, "eDRAM row flags (1 precise, 0 approximate)", "rf_edram_bank", "flops",
		    (uint64_t)c->rf_banks * c->d.bank_rows, "banks x %s = %u x %u",
		    rfm_inv_rows_word(c), c->rf_banks, c->d.bank_rows);
	rfm_inv_add(rows, &n, "eDRAM refresh counters (M bits per bank)", "rf_refresh_ctrl", "flops",
		    (uint64_t)c->rf_banks * c->edram_counter_bits, "banks x M = %u x %u", c->rf_banks,
		    c->edram_counter_bits);
	return n;
}

static void report(const rfm_cfg_t *cfg, FILE *f)
{
	rfm_edram_geom_t g;
	rfm_edram_geom_of(cfg, &g);
	fprintf(f, "\neDRAM (%s): T0 = %u cycles, refresh interval P = %u cycles per bank (max_defer %u), "
		   "critical bits %u of %u, M = %u (noncritical refresh every %u sweeps)\n",
		rfm_edram_nodes[cfg->edram_node].name, cfg->d.ed_t0, cfg->d.ed_p, (unsigned)cfg->edram_max_defer,
		(unsigned)cfg->edram_crit_bits, (unsigned)cfg->rf_lane_bits, (unsigned)cfg->edram_counter_bits,
		1u << cfg->edram_counter_bits);
	fprintf(f, "eDRAM added logic against a bank's cells (the paper's transistor count: flag 6T, AND2 6T, "
		   "OR3 8T per row, 12T per counter bit, 3T per cell): %.2f%%\n",
		100.0 * rfm_edram_transistor_overhead(&g));
}

/* The limits its rules put on keys (rfm_param_limits). */
static const rfm_param_limit_t limits[] = {
	{RFM_K_edram_crit_bits, "below rf.lane_bits"},
	{RFM_K_rf_lane_bits, "at most 32"},
	{RFM_K_rf_read_ports, "1 (a 3T1D bank: one read port, one write port)"},
	{RFM_K_rf_write_ports, "1"},
	{RFM_K_rf_subbanks, "1 (rows split by bit significance, not by lanes)"},
	{RFM_K_coalescing_enable, "off"},
	{RFM_K_edram_retention, "P = floor((T0 - max_defer) / rows per bank) >= 2"},
	{RFM_K_edram_max_defer, "below P"},
	{RFM_K_COUNT, NULL},
};

const rfm_tech_hooks_t rfm_edram_hooks = {
	.check = check,
	.derive = derive,
	.inventory = inventory,
	.report = report,
	.rules_md = "- With `edram.enable = on` (docs/edram.md): `edram.crit_bits` below `rf.lane_bits`, `rf.lane_bits`\n"
		    "  at most 32, `rf.read_ports = 1` and `rf.write_ports = 1` (a 3T1D bank), `rf.subbanks = 1` (rows\n"
		    "  split by bit significance), `coalescing.enable = off`, and the refresh interval\n"
		    "  `P = floor((T0 - max_defer) / rows)` at least 2 with `max_defer` below it (T0 is\n"
		    "  `edram.retention`, or the node's retention when it is 0; rows: a bank's rows, `rf.entries`, or\n"
		    "  `finereg.acrf_regs / rf.banks` with FineReg).\n",
	.limits = limits,
};
