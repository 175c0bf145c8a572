/* emit_map.c - body of rf_map, the register-to-bank mapping (docs/semantics.md,
 * "Register-to-bank mapping"; model: cmodel/base/map.c, rfm_map_fn). */
#include "rg.h"

/* Width of the arithmetic: wide enough for warp * registers and for a row index, plus one. */
unsigned rg_map_width(const rfm_cfg_t *c)
{
	unsigned w = c->d.warp_w + c->d.nregs_w;
	if (c->d.entry_w > w)
		w = c->d.entry_w;
	if (c->d.nwarps_w > w)
		w = c->d.nwarps_w;
	return w + 1;
}

void rg_emit_rf_map(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned mw = rg_map_width(c), nb = c->rf_banks;
	(void)pt;
	em_blank(e);
	em_line(e, "localparam logic %s Banks = %s;", em_rng(e, mw), em_lit(e, mw, nb));
	em_line(e, "// layout %s: %s", c->mapping_layout == RFM_LAYOUT_WID ? "wid" : "wshift",
		c->mapping_layout == RFM_LAYOUT_WID ? "bank = warp % Banks, row = (warp / Banks) * kregs + reg"
						    : "bank = (reg + warp) % Banks, row = warp * ceil(kregs / Banks) + reg / Banks");
	em_blank(e);
	em_line(e, "// arithmetic in %u bits", mw);
	em_line(e, "logic %s warp_x, reg_x, kwarps_x, kregs_x, bank_x, row_x;", em_rng(e, mw));
	em_line(e, "logic outside;");
	em_blank(e);
	em_line(e, "assign warp_x   = %u'(warp_i);", mw);
	em_line(e, "assign reg_x    = %u'(reg_i);", mw);
	em_line(e, "assign kwarps_x = %u'(kwarps_i);", mw);
	em_line(e, "assign kregs_x  = %u'(kregs_i);", mw);
	em_line(e, "assign outside  = (warp_x >= kwarps_x) | (reg_x >= kregs_x);");
	em_blank(e);
	em_open(e, "always_comb begin");
	em_line(e, "bank_x = '0;");
	em_line(e, "row_x  = '0;");
	em_open(e, "if (!outside) begin");
	if (c->mapping_layout == RFM_LAYOUT_WID) {
		em_line(e, "bank_x = warp_x %% Banks;");
		em_line(e, "row_x  = (warp_x / Banks) * kregs_x + reg_x;");
	} else {
		em_line(e, "bank_x = (reg_x + warp_x) %% Banks;");
		em_line(e, "row_x  = warp_x * ((kregs_x + Banks - %s) / Banks) + reg_x / Banks;", em_lit(e, mw, 1));
	}
	em_close(e, "end");
	em_close(e, "end");
	em_blank(e);
	em_line(e, "assign bank_o  = bank_x[%u:0];", c->d.bank_w - 1);
	em_line(e, "assign entry_o = row_x[%u:0];", c->d.entry_w - 1);
	em_line(e, "assign err_o   = outside;");
	em_blank(e);
	rg_unused(e, "high_bits", em_fmt(e, "bank_x[%u:%u], row_x[%u:%u]", mw - 1, c->d.bank_w, mw - 1, c->d.entry_w));
}

void rg_emit_rf_xbar(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned q, b, p;
	(void)pt;
	em_blank(e);
	em_line(e, "// %u sources (bank read ports): source b * %u + p; a select beyond them gives zero", c->d.src_n,
		c->rf_read_ports);
	for (q = 0; q < c->d.nq; q++) {
		em_blank(e);
		em_open(e, "always_comb begin");
		em_line(e, "q%u_data_o = '0;", q);
		em_open(e, "case (q%u_sel_i)", q);
		for (b = 0; b < c->rf_banks; b++)
			for (p = 0; p < c->rf_read_ports; p++)
				em_line(e, "%s: q%u_data_o = b%u_r%u_data_i;", em_lit(e, c->d.src_w, b * c->rf_read_ports + p),
					q, b, p);
		em_line(e, "default: q%u_data_o = '0;", q);
		em_close(e, "endcase");
		em_close(e, "end");
	}
}
