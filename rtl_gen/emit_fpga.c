/* emit_fpga.c - rf_fpga_top, the iCE40 board wrapper of rf_top (docs/flows.md, "iCE40 FPGA").
 *
 * A register file has far more I/O than the chip has pins, so the wrapper keeps it on chip:
 * every input of rf_top but the clock and reset comes from 32-bit Galois LFSRs, every output is
 * XOR-folded into a 32-bit signature register (a MISR), and only a few LEDs leave the chip. Each
 * rf_top output reaches a pin through the signature, so synthesis cannot remove any of rf_top's
 * logic. Built from rf_top's port table, so it follows every configuration.
 */
#include <string.h>

#include "rg.h"

#define SIG_W 32          /* signature and LFSR width */
#define POLY 0x00400007u  /* x^32 + x^22 + x^2 + x + 1 (maximal length), Galois form without x^32 */
#define SEED 0x9e3779b9u  /* LFSR j resets to (j + 1) * SEED: odd, so never 0 */
#define POR_W 4           /* power-on reset counter: rf_top leaves reset after 2^POR_W - 1 cycles */
#define LEDS 5            /* PMOD2 LEDs LED1..LED5 */

/* The wrapper's own port table: the board clock and the LEDs. */
static int fpga_ports(rfm_ports_t *pt)
{
	memset(pt, 0, sizeof(*pt));
	rfm_ports_group(pt, "board clock");
	rfm_ports_add(pt, RFM_IN, 1, "12 MHz oscillator (iCEBreaker pin 35)", "clk_i");
	rfm_ports_group(pt, "LEDs");
	rfm_ports_add(pt, RFM_OUT, 1, "red LED, active low: lit while rf_top is held in reset", "ledr_no");
	rfm_ports_add(pt, RFM_OUT, 1, "green LED, active low: parity of the signature", "ledg_no");
	rfm_ports_add(pt, RFM_OUT, LEDS, "PMOD2 LED1..LED5: signature bits [4:0]", "led_o");
	if (pt->oom) {
		rfm_ports_free(pt);
		return -1;
	}
	return 0;
}

/* Banner: generated-file notice, what the wrapper does, resolved config and port table. */
static void banner(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt, unsigned nin, unsigned nout)
{
	rg_banner_notice(e, c);
	em_line(e, "// rf_fpga_top: iCE40 board wrapper of rf_top (synthesis and place-and-route only).");
	em_line(e, "// rf_top's %u input bits come from %u on-chip LFSRs; its %u output bits are XOR-folded into a",
		nin, (nin + SIG_W - 1) / SIG_W, nout);
	em_line(e, "// %u-bit signature register that drives the LEDs, so no logic of rf_top can be optimized away.", SIG_W);
	em_line(e, "// Flow and pins: docs/flows.md, fpga/run.sh, fpga/icebreaker.pcf.");
	em_line(e, "//");
	rg_banner_config(e, c, "config.ini in the parent folder", pt);
}

/* Clock and reset of rf_top are driven by the wrapper itself, not by the stimulus. */
static int is_clk(const rfm_port_t *p) { return !strcmp(p->name, "clk_i"); }
static int is_rst(const rfm_port_t *p) { return !strcmp(p->name, "rst_ni"); }

/* assign lhs = fold of the n-bit vector vec into SIG_W bits (XOR of its SIG_W-bit chunks). */
static void fold(em_t *e, const char *lhs, const char *vec, unsigned n)
{
	unsigned lo, chunks = (n + SIG_W - 1) / SIG_W;
	em_open(e, "assign %s =", lhs);
	for (lo = 0; lo < n; lo += SIG_W) {
		unsigned hi = lo + SIG_W - 1 < n ? lo + SIG_W - 1 : n - 1;
		const char *part = rg_part(e, vec, n, hi, lo);
		const char *term = hi - lo + 1 < SIG_W ? em_fmt(e, "%u'(%s)", SIG_W, part) : part;
		em_line(e, "%s%s%s", lo ? "^ " : "", term, lo / SIG_W + 1 == chunks ? ";" : "");
	}
	e->ind--;
}

int rg_fpga_top(em_t *e, const rfm_cfg_t *c)
{
	rfm_ports_t top, pt;
	unsigned i, j, nin = 0, nout = 0, nl, sw, bin, bout;
	int rc = -1;

	const rfm_block_desc_t *blk = rfm_block_find("rf_top");

	e->wrap = RG_COLS;
	if (!blk || rg_ports(c, blk, &top))
		return -1;
	if (fpga_ports(&pt)) {
		rfm_ports_free(&top);
		return -1;
	}
	for (i = 0; i < top.n; i++) {
		if (is_clk(&top.p[i]) || is_rst(&top.p[i]))
			continue;
		if (top.p[i].dir == RFM_IN)
			nin += top.p[i].width;
		else
			nout += top.p[i].width;
	}
	if (!nin || !nout)
		goto out;
	nl = (nin + SIG_W - 1) / SIG_W;
	sw = nl * SIG_W;

	banner(e, c, &pt, nin, nout);
	em_blank(e);
	rg_port_list(e, "rf_fpga_top", &pt);
	e->ind++;

	em_blank(e);
	em_line(e, "// x^32 + x^22 + x^2 + x + 1 (maximal length), Galois form: LFSRs and signature");
	em_line(e, "localparam logic %s Poly = %u'h%08x;", em_rng(e, SIG_W), SIG_W, POLY);
	em_blank(e);
	em_line(e, "// power-on reset, then rf_top's reset (active low)");
	em_line(e, "logic %s por_q, por_d;", em_rng(e, POR_W));
	em_line(e, "logic rst_nq, rst_nd;");
	em_line(e, "// stimulus: %u LFSRs, bits [%u:0] drive rf_top's inputs in port-table order", nl, nin - 1);
	for (j = 0; j < nl; j++)
		em_line(e, "logic %s lfsr%u_q, lfsr%u_d;", em_rng(e, SIG_W), j, j);
	em_line(e, "logic %s stim;", em_rng(e, sw));
	em_line(e, "// rf_top's outputs in port-table order, their fold and the signature");
	em_line(e, "logic %s obs;", em_rng(e, nout));
	em_line(e, "logic %s fold;", em_rng(e, SIG_W));
	em_line(e, "logic %s sig_q, sig_d;", em_rng(e, SIG_W));

	em_blank(e);
	em_line(e, "// The only registers without a reset: iCE40 configuration starts every flip-flop at 0, so");
	em_line(e, "// rf_top is held in reset for %u cycles after configuration, then released synchronously.",
		(1u << POR_W) - 1);
	em_line(e, "assign por_d = (&por_q) ? por_q : por_q + %s;", em_lit(e, POR_W, 1));
	em_line(e, "assign rst_nd = &por_q;");
	em_open(e, "always_ff @(posedge clk_i) begin");
	em_line(e, "por_q <= por_d;");
	em_line(e, "rst_nq <= rst_nd;");
	em_close(e, "end");

	em_blank(e);
	em_line(e, "// stimulus LFSRs: shift left, feed back through Poly");
	for (j = 0; j < nl; j++)
		em_line(e, "assign lfsr%u_d = {lfsr%u_q[%u:0], 1'b0} ^ ({%u{lfsr%u_q[%u]}} & Poly);", j, j, SIG_W - 2, SIG_W,
			j, SIG_W - 1);
	em_part(e, "assign stim = {");
	for (j = nl; j-- > 0;)
		em_part(e, "lfsr%u_q%s", j, j ? ", " : "");
	em_part(e, "};\n");
	if (sw > nin)
		rg_unused(e, "stim", rg_part(e, "stim", sw, sw - 1, nin));

	em_blank(e);
	em_line(e, "// the register file under test");
	em_open(e, "rf_top u_rf_top (");
	for (i = 0, bin = 0, bout = 0; i < top.n; i++) {
		const rfm_port_t *p = &top.p[i];
		if (is_clk(p))
			rg_conn(e, p->name, "clk_i");
		else if (is_rst(p))
			rg_conn(e, p->name, "rst_nq");
		else if (p->dir == RFM_IN) {
			rg_conn(e, p->name, rg_part(e, "stim", sw, bin + p->width - 1, bin));
			bin += p->width;
		} else {
			rg_conn(e, p->name, rg_part(e, "obs", nout, bout + p->width - 1, bout));
			bout += p->width;
		}
	}
	rg_conn_end(e);

	em_blank(e);
	em_line(e, "// signature: every output bit of rf_top reaches the LEDs through it");
	fold(e, "fold", "obs", nout);
	em_line(e, "assign sig_d = {sig_q[%u:0], 1'b0} ^ ({%u{sig_q[%u]}} & Poly) ^ fold;", SIG_W - 2, SIG_W, SIG_W - 1);

	em_blank(e);
	em_open(e, "always_ff @(posedge clk_i or negedge rst_nq) begin");
	em_open(e, "if (!rst_nq) begin");
	for (j = 0; j < nl; j++)
		em_line(e, "lfsr%u_q <= %u'h%08x;", j, SIG_W, (unsigned)((j + 1u) * SEED));
	em_line(e, "sig_q <= '0;");
	em_reopen(e, "end else begin");
	for (j = 0; j < nl; j++)
		em_line(e, "lfsr%u_q <= lfsr%u_d;", j, j);
	em_line(e, "sig_q <= sig_d;");
	em_close(e, "end");
	em_close(e, "end");

	em_blank(e);
	em_line(e, "// pins");
	em_line(e, "assign ledr_no = rst_nq;");
	em_line(e, "assign ledg_no = ~^sig_q;");
	em_line(e, "assign led_o = sig_q[%u:0];", LEDS - 1);
	e->ind--;
	em_blank(e);
	em_line(e, "endmodule");
	rc = e->err ? -1 : 0;
out:
	rfm_ports_free(&pt);
	rfm_ports_free(&top);
	return rc;
}
