/* inventory.c - storage inventory of the baseline register file (rfm_inventory.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rfm_inventory.h"
#include "rfm_util.h"

static rfm_inv_row_t *add(rfm_inv_row_t *rows, unsigned *n, const char *name, const char *module,
			  const char *kind, uint64_t bits, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

static rfm_inv_row_t *add(rfm_inv_row_t *rows, unsigned *n, const char *name, const char *module,
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
	unsigned n = 0, C = c->sm_collectors, S = c->sm_operands, R = c->rf_read_ports;
	unsigned unit = 1 + c->sm_tag_bits + c->d.warp_w;
	unsigned slot = 2 + c->d.bank_w + c->d.entry_w + (R > 1);

	add(rows, &n, "register file banks", "rf_sram", "array", c->d.rf_bits,
	    "banks x entries x lanes x lane_bits = %u x %u x %u x %u", c->rf_banks, c->rf_entries,
	    c->rf_lanes, c->rf_lane_bits);
	add(rows, &n, "bank read data registers", "rf_sram", "flops",
	    (uint64_t)c->rf_banks * R * c->d.wreg_bits,
	    "banks x read_ports x lanes x lane_bits = %u x %u x %u x %u", c->rf_banks, R, c->rf_lanes,
	    c->rf_lane_bits);
	/* external operands (coalescing): the values are rf_coal_collector's, rf_collector keeps none */
	add(rows, &n, "collector operand buffers", c->d.coll_ext_ops ? "rf_coal_collector" : "rf_collector", "flops",
	    (uint64_t)C * S * c->d.wreg_bits,
	    "collectors x operands x lanes x lane_bits = %u x %u x %u x %u", C, S, c->rf_lanes, c->rf_lane_bits);
	add(rows, &n, "collector unit state", "rf_collector", "flops", (uint64_t)C * unit,
	    "collectors x (busy + tag_bits + warp id) = %u x (1 + %u + %u)", C, c->sm_tag_bits, c->d.warp_w);
	add(rows, &n, "collector operand-slot state", "rf_collector", "flops", (uint64_t)C * S * slot,
	    "collectors x operands x (pending + in flight + bank + row%s) = %u x %u x (2 + %u + %u%s)",
	    R > 1 ? " + port" : "", C, S, c->d.bank_w, c->d.entry_w, R > 1 ? " + 1" : "");
	add(rows, &n, "dispatch round-robin pointer", "rf_collector", "flops", c->d.cu_w,
	    "clog2(collectors) = clog2(%u)", C);
	add(rows, &n, "bank arbiter pointers", "rf_bank_arbiter", "flops", (uint64_t)c->rf_banks * c->d.q_w,
	    "banks x clog2(collectors x operands) = %u x %u", c->rf_banks, c->d.q_w);
	add(rows, &n, "running kernel and status", "rf_top", "flops", c->d.nwarps_w + c->d.nregs_w + 2u,
	    "warp count + register count + launch error + access error = %u + %u + 1 + 1", c->d.nwarps_w,
	    c->d.nregs_w);
	add(rows, &n, "event counters", "rf_top", "flops", 6ull * c->stats_counter_bits,
	    "6 x counter_bits = 6 x %u", c->stats_counter_bits);
	if (c->regmutex_enable == RFM_ON) { /* docs/regmutex.md, "Storage" */
		unsigned N = c->sm_warps, L = c->d.warp_w;
		add(rows, &n, "RegMutex warp-status bitmask", "rf_srp_ctrl", "flops", N, "warps = %u", N);
		if (c->regmutex_paired != RFM_ON) {
			add(rows, &n, "RegMutex SRP bitmask", "rf_srp_ctrl", "flops", N, "warps = %u", N);
			add(rows, &n, "RegMutex warp-to-section LUT", "rf_srp_ctrl", "flops", (uint64_t)N * L,
			    "warps x clog2(warps) = %u x %u", N, L);
			add(rows, &n, "RegMutex kernel sets, offset", "rf_top", "flops",
			    2ull * c->d.nregs_w + c->d.pack_w + 1,
			    "Es + Bs + SRP_offset = %u + %u + %u", c->d.nregs_w, c->d.nregs_w, c->d.pack_w + 1);
		} else {
			add(rows, &n, "RegMutex kernel sets", "rf_top", "flops", 2ull * c->d.nregs_w, "Es + Bs = %u + %u",
			    c->d.nregs_w, c->d.nregs_w);
		}
		add(rows, &n, "RegMutex error flag, counters", "rf_top", "flops", 1 + 3ull * c->stats_counter_bits,
		    "1 + 3 x counter_bits = 1 + 3 x %u", c->stats_counter_bits);
	}
	if (c->virtualization_enable == RFM_ON) { /* docs/virtualization.md, "Storage" */
		unsigned D = c->d.rt_depth, pw = c->d.pack_w, E = c->d.rfc_entries, N = c->sm_warps;
		unsigned ew = rfm_clog2(E), cw = (c->d.nregs_w > 4 ? c->d.nregs_w : 4) + 1;
		add(rows, &n, "renaming table ids", "rf_rename_table", "flops", (uint64_t)D * pw,
		    "entries x clog2(banks x entries) = %u x %u", D, pw);
		add(rows, &n, "renaming table valid bits", "rf_rename_table", "flops", D, "entries = %u", D);
		add(rows, &n, "renaming table bank pointer", "rf_rename_table", "flops", rfm_clog2(c->sm_schedulers),
		    "clog2(schedulers) = clog2(%u)", c->sm_schedulers);
		add(rows, &n, "availability flag", "rf_free_bitmap", "flops", c->d.warp_regs, "banks x entries = %u x %u",
		    c->rf_banks, c->rf_entries);
		add(rows, &n, "last id allocated (spread)", "rf_free_bitmap", "flops", pw, "clog2(banks x entries) = %u", pw);
		add(rows, &n, "release flag cache flags", "rf_release_cache", "flops", (uint64_t)E * 54,
		    "entries x 18 x 3 = %u x 54", E);
		add(rows, &n, "release flag cache tags, valid", "rf_release_cache", "flops", (uint64_t)E * 30,
		    "entries x (pc[31:3] + valid) = %u x 30", E);
		add(rows, &n, "release flag cache pointers", "rf_release_cache", "flops", (uint64_t)N * (ew + 1),
		    "warps x (clog2(entries) + valid) = %u x (%u + 1)", N, ew);
		add(rows, &n, "release walker", "rf_top", "flops", 2u + c->d.warp_w + cw + 54u,
		    "busy + exit + warp + counter + pbr payload = 2 + %u + %u + 54", c->d.warp_w, cw);
		add(rows, &n, "kernel counts, counters", "rf_top", "flops", 2ull * c->d.nregs_w + 1 + 4ull * c->stats_counter_bits,
		    "renamed + exempt + unmapped flag + 4 x counter_bits = 2 x %u + 1 + 4 x %u", c->d.nregs_w,
		    c->stats_counter_bits);
	}
	if (c->coalescing_enable == RFM_ON) /* docs/coalescing.md; spec section 2.4: 384 B on Fermi */
		add(rows, &n, "coalescing mask buffer", "rf_mask_buffer", "flops", c->d.cw_mb_bits,
		    "banks x entries x {sign, enc[1:0]} = %u x %u x 3", c->rf_banks, c->rf_entries);
	if (c->d.cz_mb_bits) /* docs/coalescing.md, "Zero gating" */
		add(rows, &n, "zero-mask buffer", "rf_zmask_buffer", "flops", c->d.cz_mb_bits,
		    "banks x entries x (lanes + lanes / 4) = %u x %u x (%u + %u)", c->rf_banks, c->rf_entries,
		    c->rf_lanes, c->rf_lanes / 4);
	return n;
}
