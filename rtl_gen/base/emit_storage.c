/* emit_storage.c - bodies of rf_sram (one sub-bank array) and rf_bank (subbanks x rf_sram).
 * Rules: docs/semantics.md, "Storage arrays"; models: cmodel/base/sram.c, cmodel/base/bank.c.
 */
#include "rg.h"

void rg_emit_rf_sram(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned p, l, lb = c->rf_lane_bits;
	(void)pt;
	em_blank(e);
	em_line(e, "localparam int Entries  = %u;  // rows", c->d.bank_rows);
	em_line(e, "localparam int Lanes    = %u;  // lanes per row (write-mask bits)", c->d.sb_lanes);
	em_line(e, "localparam int LaneBits = %u;  // bits per lane", lb);
	em_blank(e);
	em_line(e, "// Storage: one 1-D array, not reset, so synthesis can map it to RAM.");
	if (c->target_kind == RFM_TARGET_ICE40 && c->rf_read_ports == 1 && c->rf_write_ports == 1)
		em_line(e, "(* ram_style = \"block\" *)");
	else if (c->target_kind == RFM_TARGET_ICE40)
		em_line(e, "// iCE40 block RAM has one read and one write port: %u and %u ports stay in logic.",
			c->rf_read_ports, c->rf_write_ports);
	em_line(e, "logic [Lanes*LaneBits-1:0] mem_q [0:Entries-1];");
	for (p = 0; p < c->rf_read_ports; p++)
		em_line(e, "logic [Lanes*LaneBits-1:0] r%u_data_q;", p);
	em_blank(e);
	em_line(e, "// Writes, lane by lane; a later write port wins on the same row and lane.");
	em_open(e, "always_ff @(posedge clk_i) begin");
	for (p = 0; p < c->rf_write_ports; p++) {
		em_open(e, "if (w%u_en_i) begin", p);
		for (l = 0; l < c->d.sb_lanes; l++) {
			const char *mask = rg_bit(e, em_fmt(e, "w%u_mask_i", p), c->d.sb_lanes, l);
			const char *dst = rg_part(e, em_fmt(e, "mem_q[w%u_addr_i]", p), c->d.sb_bits, (l + 1) * lb - 1, l * lb);
			const char *src = rg_part(e, em_fmt(e, "w%u_data_i", p), c->d.sb_bits, (l + 1) * lb - 1, l * lb);
			em_line(e, "if (%s) %s <= %s;", mask, dst, src);
		}
		em_close(e, "end");
	}
	em_close(e, "end");
	em_blank(e);
	em_line(e, "// Synchronous reads: the row is read at the clock edge (old data if written then).");
	for (p = 0; p < c->rf_read_ports; p++) {
		em_open(e, "always_ff @(posedge clk_i) begin");
		em_line(e, "if (r%u_en_i) r%u_data_q <= mem_q[r%u_addr_i];", p, p, p);
		em_close(e, "end");
		em_line(e, "assign r%u_data_o = r%u_data_q;", p, p);
	}
}

void rg_emit_rf_bank(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned k, p, sl = c->d.sb_lanes, sw = c->d.sb_bits, n = c->rf_subbanks;
	(void)pt;
	em_blank(e);
	em_line(e, "// %u sub-banks; sub-bank k holds lanes [k*%u +: %u]", n, sl, sl);
	em_blank(e);
	for (k = 0; k < n; k++) {
		for (p = 0; p < c->rf_write_ports; p++)
			em_line(e, "logic sb%u_w%u_en;  // write enable, gated when no lane of the sub-bank is written", k, p);
		for (p = 0; p < c->rf_read_ports; p++)
			em_line(e, "logic %s sb%u_r%u_data;", em_rng(e, sw), k, p);
	}
	for (k = 0; k < n; k++) {
		em_blank(e);
		for (p = 0; p < c->rf_write_ports; p++)
			em_line(e, "assign sb%u_w%u_en = w%u_en_i & (|%s);", k, p, p,
				rg_part(e, em_fmt(e, "w%u_mask_i", p), c->rf_lanes, (k + 1) * sl - 1, k * sl));
		em_open(e, "rf_sram u_sb%u (", k);
		em_row(e, 2, ".clk_i", "(clk_i),");
		for (p = 0; p < c->rf_write_ports; p++) {
			em_row(e, 2, em_fmt(e, ".w%u_en_i", p), em_fmt(e, "(sb%u_w%u_en),", k, p));
			em_row(e, 2, em_fmt(e, ".w%u_addr_i", p), em_fmt(e, "(w%u_addr_i),", p));
			em_row(e, 2, em_fmt(e, ".w%u_mask_i", p),
			       em_fmt(e, "(%s),", rg_part(e, em_fmt(e, "w%u_mask_i", p), c->rf_lanes, (k + 1) * sl - 1, k * sl)));
			em_row(e, 2, em_fmt(e, ".w%u_data_i", p),
			       em_fmt(e, "(%s),", rg_part(e, em_fmt(e, "w%u_data_i", p), c->d.wreg_bits, (k + 1) * sw - 1, k * sw)));
		}
		for (p = 0; p < c->rf_read_ports; p++) {
			em_row(e, 2, em_fmt(e, ".r%u_en_i", p), em_fmt(e, "(r%u_en_i),", p));
			em_row(e, 2, em_fmt(e, ".r%u_addr_i", p), em_fmt(e, "(r%u_addr_i),", p));
			em_row(e, 2, em_fmt(e, ".r%u_data_o", p),
			       em_fmt(e, "(sb%u_r%u_data)%s", k, p, p + 1 < c->rf_read_ports ? "," : ""));
		}
		em_table(e);
		em_close(e, ");");
	}
	em_blank(e);
	for (p = 0; p < c->rf_read_ports; p++) {
		em_part(e, "assign r%u_data_o = {", p);
		for (k = n; k-- > 0;)
			em_part(e, "sb%u_r%u_data%s", k, p, k ? ", " : "");
		em_part(e, "};\n");
	}
}
