/* inventory.c - storage inventory (rfm_inventory.h): the baseline register file's rows, then each
 * technique's (its inventory hook, cmodel/<technique>/config_<tech>.c). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rfm_inventory.h"
#include "rfm_techniques.h"
#include "rfm_util.h"

rfm_inv_row_t *rfm_inv_add(rfm_inv_row_t *rows, unsigned *n, const char *name, const char *module,
			  const char *kind, uint64_t bits, const char *fmt, ...)
{
	rfm_inv_row_t *r;
	va_list ap;
	if (*n >= RFM_INV_MAX)
		return NULL;
	r = &rows[(*n)++];
	memset(r, 0, sizeof(*r));
	snprintf(r->name, sizeof(r->name), "%s", name);
	snprintf(r->module, sizeof(r->module), "%s", module);
	snprintf(r->kind, sizeof(r->kind), "%s", kind);
	r->bits = bits;
	va_start(ap, fmt);
	vsnprintf(r->formula, sizeof(r->formula), fmt, ap);
	va_end(ap);
	return r;
}

unsigned rfm_inventory(const rfm_cfg_t *c, rfm_inv_row_t *rows)
{
	int t;
	unsigned n = 0, C = c->sm_collectors, S = c->sm_operands, R = c->rf_read_ports;
	unsigned unit = 1 + c->sm_tag_bits + c->d.warp_w;
	unsigned slot = 2 + c->d.bank_w + c->d.entry_w + (R > 1);

	rfm_inv_add(rows, &n, "register file banks", c->d.array_mod, "array",
	    (uint64_t)c->rf_banks * c->d.bank_rows * c->d.wreg_bits, "banks x %s x lanes x lane_bits = %u x %u x %u x %u",
	    rfm_inv_rows_word(c), c->rf_banks, c->d.bank_rows, c->rf_lanes,
	    c->rf_lane_bits);
	rfm_inv_add(rows, &n, "bank read data registers", c->d.array_mod, "flops",
	    (uint64_t)c->rf_banks * R * c->d.wreg_bits,
	    "banks x read_ports x lanes x lane_bits = %u x %u x %u x %u", c->rf_banks, R, c->rf_lanes,
	    c->rf_lane_bits);
	/* external operands (coalescing): the values are rf_coal_collector's, rf_collector keeps none */
	rfm_inv_add(rows, &n, "collector operand buffers", c->d.coll_ext_ops ? "rf_coal_collector" : "rf_collector",
		    "flops", (uint64_t)C * S * c->d.wreg_bits,
	    "collectors x operands x lanes x lane_bits = %u x %u x %u x %u", C, S, c->rf_lanes, c->rf_lane_bits);
	rfm_inv_add(rows, &n, "collector unit state", "rf_collector", "flops", (uint64_t)C * unit,
	    "collectors x (busy + tag_bits + warp id) = %u x (1 + %u + %u)", C, c->sm_tag_bits, c->d.warp_w);
	rfm_inv_add(rows, &n, "collector operand-slot state", "rf_collector", "flops", (uint64_t)C * S * slot,
	    "collectors x operands x (pending + in flight + bank + row%s) = %u x %u x (2 + %u + %u%s)",
	    R > 1 ? " + port" : "", C, S, c->d.bank_w, c->d.entry_w, R > 1 ? " + 1" : "");
	rfm_inv_add(rows, &n, "dispatch round-robin pointer", "rf_collector", "flops", c->d.cu_w,
	    "clog2(collectors) = clog2(%u)", C);
	rfm_inv_add(rows, &n, "bank arbiter pointers", "rf_bank_arbiter", "flops", (uint64_t)c->rf_banks * c->d.q_w,
	    "banks x clog2(collectors x operands) = %u x %u", c->rf_banks, c->d.q_w);
	rfm_inv_add(rows, &n, "running kernel and status", "rf_top", "flops", c->d.nwarps_w + c->d.nregs_w + 2u,
	    "warp count + register count + launch error + access error = %u + %u + 1 + 1", c->d.nwarps_w,
	    c->d.nregs_w);
	rfm_inv_add(rows, &n, "event counters", "rf_top", "flops", 6ull * c->stats_counter_bits,
	    "6 x counter_bits = 6 x %u", c->stats_counter_bits);
	for (t = 0; t < RFM_TECH_COUNT; t++) /* each technique that is on: its rows, in table order */
		if (rfm_tech_on(c, (rfm_tech_t)t) && rfm_techniques[t].hooks->inventory)
			n = rfm_techniques[t].hooks->inventory(c, rows, n);
	return n;
}
