/* emit_edram_bank.c - body of rf_edram_bank, one bank of the eDRAM approximate register file
 * (docs/edram.md, "The bank"; model: cmodel/edram/bank_edram.c): the wire shuffler, the critical and
 * noncritical sub-arrays, one flag per row, the segmentation of the refresh word line (AND2 + OR3 per
 * row) and, for Verilator only, the decay overlay's DPI-C calls.
 */
#include "rg.h"

/* The flags: marks in port order, the write's flag last (docs/edram.md, "Flags"). */
static void flags(em_t *e, const rfm_cfg_t *c, unsigned nm)
{
	unsigned j;
	em_line(e, "// one flag per row, kept inverted: approx = ~FLAG (1 = approximate); reset 0 (precise):");
	em_line(e, "// nothing is approximate before it is classified");
	em_open(e, "always_comb begin");
	em_line(e, "approx_d = approx_q;");
	for (j = 0; j < nm; j++)
		em_line(e, "if (m%u_en_i) approx_d[m%u_row_i] = 1'b1;", j, j);
	em_line(e, "if (w0_en_i) approx_d[w0_addr_i] = w0_fp_i;  // the write-back's flag comes last");
	em_close(e, "end");
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_line(e, "if (!rst_ni) approx_q <= '0;");
	em_line(e, "else approx_q <= approx_d;");
	em_close(e, "end");
	(void)c;
}

/* The decay overlay (Verilator only): the read's mask first, then the edge's events, then the
 * flags when the next cycle draws errors (cmodel/edram/dpi_edram.c). */
static void overlay(em_t *e, const rfm_cfg_t *c)
{
	unsigned l, lb = c->rf_lane_bits;
	em_blank(e);
	em_line(e, "`ifdef VERILATOR");
	em_line(e, "// ---- decay overlay: simulation only (docs/edram.md, \"Decay\") ----");
	em_line(e, "// rf_top's model binds a twin of its overlay; without one nothing decays.");
	em_line(e, "import \"DPI-C\" function int rfm_dpi_edram_mask(input int bank, input int row, input int lane);");
	em_line(e, "import \"DPI-C\" function void rfm_dpi_edram_edge(input int bank, input int ren, input int raddr,");
	em_line(e, "  input int wen, input int waddr, input longint wmask, input int rf, input int rrow, input int rnc);");
	em_line(e, "import \"DPI-C\" function int rfm_dpi_edram_want_flags();");
	em_line(e, "import \"DPI-C\" function void rfm_dpi_edram_flags(input int bank, input bit [Entries-1:0] f);");
	em_line(e, "logic [Lanes*LaneBits-1:0] decay_q;  // bits of the row read that have discharged");
	em_open(e, "always_ff @(posedge clk_i) begin");
	em_open(e, "if (r0_en_i) begin");
	for (l = 0; l < c->rf_lanes; l++)
		em_line(e, "decay_q[%u +: %u] <= %u'(rfm_dpi_edram_mask(int'(id_i), int'(r0_addr_i), %u));", l * lb, lb, lb,
			l);
	em_close(e, "end");
	em_line(e, "rfm_dpi_edram_edge(int'(id_i), int'(r0_en_i), int'(r0_addr_i), int'(w0_en_i), int'(w0_addr_i),");
	em_line(e, "                   longint'(w0_mask_i), int'(ref_i), int'(ref_row_i), int'(ref_nc));");
	em_line(e, "if (rfm_dpi_edram_want_flags() != 0) rfm_dpi_edram_flags(int'(id_i), ~approx_d);");
	em_close(e, "end");
	em_line(e, "assign r0_data_o = r_row & ~decay_q;");
	em_line(e, "`else");
	em_line(e, "assign r0_data_o = r_row;");
	em_line(e, "logic unused_id;  // the bank's index names it to the simulation-only overlay");
	em_line(e, "assign unused_id = ^id_i;");
	em_line(e, "`endif");
}

/* One sub-array instance. */
static void array(em_t *e, const char *mod, const char *inst, const char *wdata, const char *rdata,
		  const char *ref)
{
	em_open(e, "%s %s (", mod, inst);
	rg_conn(e, "clk_i", "clk_i");
	rg_conn(e, "w0_en_i", "w0_en_i");
	rg_conn(e, "w0_addr_i", "w0_addr_i");
	rg_conn(e, "w0_mask_i", "w0_mask_i");
	rg_conn(e, "w0_data_i", wdata);
	rg_conn(e, "r0_en_i", "r0_en_i");
	rg_conn(e, "r0_addr_i", "r0_addr_i");
	rg_conn(e, "r0_data_o", rdata);
	rg_conn(e, "ref_en_i", ref);
	rg_conn(e, "ref_addr_i", "ref_row_i");
	rg_conn_end(e);
}

void rg_emit_rf_edram_bank(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned R = c->d.bank_rows, L = c->rf_lanes, ew = c->d.entry_w, nm = c->sm_schedulers * c->sm_operands;
	unsigned cb = c->edram_crit_bits, nb = c->d.ed_nc_bits;
	(void)pt;
	em_blank(e);
	em_row(e, 4, "localparam", "int", "Entries", em_fmt(e, "= %u;  // rows", R));
	em_row(e, 4, "localparam", "int", "Lanes", em_fmt(e, "= %u;  // lanes per row", L));
	em_row(e, 4, "localparam", "int", "LaneBits", em_fmt(e, "= %u;  // bits per lane", c->rf_lane_bits));
	em_row(e, 4, "localparam", "int", "CritBits", em_fmt(e, "= %u;  // upper bits of a lane: critical", cb));
	em_row(e, 4, "localparam", "int", "NcBits", em_fmt(e, "= %u;  // lower bits of a lane: noncritical", nb));
	em_table(e);
	em_blank(e);
	em_row(e, 2, "logic [Lanes*CritBits-1:0]", "w_crit, r_crit;  // critical columns");
	em_row(e, 2, "logic [Lanes*NcBits-1:0]", "w_nc, r_nc;  // noncritical columns");
	em_row(e, 2, "logic [Lanes*LaneBits-1:0]", "r_row;  // the row read, in logical order");
	em_row(e, 2, "logic [Entries-1:0]", "approx_q, approx_d;  // 1: the row holds approximate values");
	em_row(e, 2, "logic [Entries-1:0]", "wl, swl_nc;  // refresh word lines: whole row, noncritical sub-row");
	em_row(e, 2, "logic", "ref_nc;");
	em_table(e);

	em_section(e, "wire shuffler: columns by significance (wires only)");
	em_open(e, "rf_wire_shuffle u_shuffle (");
	rg_conn(e, "w_row_i", "w0_data_i");
	rg_conn(e, "w_crit_o", "w_crit");
	rg_conn(e, "w_nc_o", "w_nc");
	rg_conn(e, "r_crit_i", "r_crit");
	rg_conn(e, "r_nc_i", "r_nc");
	rg_conn(e, "r_row_o", "r_row");
	rg_conn_end(e);

	em_section(e, "row flags");
	flags(e, c, nm);

	em_section(e, "segmentation: AND2 + OR3 per row (docs/edram.md, \"Segmentation\")");
	em_line(e, "// a refresh always restores the critical sub-row, the noncritical one only when the row is");
	em_line(e, "// precise or the counter is 0: SWL_nc[r] = WL[r] & (~REFRESH | FLAG[r] | CNT_ZERO)");
	em_line(e, "genvar r;");
	em_open(e, "for (r = 0; r < Entries; r = r + 1) begin : g_row");
	em_line(e, "assign wl[r] = ref_i & (ref_row_i == %u'(r));", ew);
	em_line(e, "assign swl_nc[r] = wl[r] & (~ref_i | ~approx_q[r] | cnt_zero_i);");
	em_close(e, "end");
	em_line(e, "assign ref_nc = |swl_nc;");
	em_line(e, "assign ref_nc_o = ref_nc;");
	rg_popcount(e, "napprox_o", "approx_q", R, rfm_cntw(R));

	em_section(e, "sub-arrays: black boxes (behavioural models for simulation)");
	array(e, "rf_edram_crit", "u_crit", "w_crit", "r_crit", "ref_i");
	array(e, "rf_edram_nc", "u_nc", "w_nc", "r_nc", "ref_nc");
	overlay(e, c);
	/* invariant 11: the per-row gates against the truth table; a refresh has the bank alone */
	rg_assert_begin(e, "segmentation");
	em_line(e, "`ifdef FORMAL");
	em_line(e, "// a refresh has the bank alone: rf_top's bank hold keeps every access off a refreshing");
	em_line(e, "// bank and asserts so (docs/edram.md, rf_top); proven alone, the bank assumes it");
	em_open(e, "always @* begin");
	em_line(e, "if (rst_ni) assume (!(ref_i & (w0_en_i | r0_en_i)));");
	em_close(e, "end");
	em_line(e, "`endif");
	rg_assert(e, "ref_nc == (ref_i & (~approx_q[ref_row_i] | cnt_zero_i))", "rf_edram_bank", "invariant 11",
		  "docs/edram.md, Segmentation", "the noncritical sub-row's refresh breaks the truth table");
	rg_assert(e, "!(ref_i & (w0_en_i | r0_en_i))", "rf_edram_bank", "refresh", "docs/edram.md, rf_top",
		  "a refresh shares its cycle with an access of the bank");
	rg_assert_end(e);
}
