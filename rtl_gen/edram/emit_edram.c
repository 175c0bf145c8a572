/* emit_edram.c - bodies of the eDRAM file's leaf blocks (docs/edram.md): rf_wire_shuffle (wires
 * only), rf_edram_crit and rf_edram_nc (a bank's two sub-arrays, as rf_sram) and rf_refresh_ctrl
 * (every bank's refresh controller). Models: cmodel/edram/blocks_edram.c.
 */
#include "rg.h"

/* ---- rf_wire_shuffle ------------------------------------------------------------------------- */

/* Bits [lo +: n] of a width-bit signal: "sig[i]" for one bit of a wider signal, else rg_part. */
static const char *slice(em_t *e, const char *sig, unsigned width, unsigned lo, unsigned n)
{
	if (n == 1 && width > 1)
		return rg_bit(e, sig, width, lo);
	return rg_part(e, sig, width, lo + n - 1, lo);
}

/* docs/edram.md, "Wire shuffler": logical bit b of lane l goes to critical column l*crit + (b - nc)
 * when b >= nc, else to noncritical column l*nc + b; reads apply the inverse. */
void rg_emit_rf_wire_shuffle(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned l, L = c->rf_lanes, lb = c->rf_lane_bits, cb = c->edram_crit_bits, nb = c->d.ed_nc_bits;
	(void)pt;
	em_blank(e);
	em_line(e, "// %u lane%s of %u bits: a lane's upper %u bits are critical, its lower %u noncritical", L,
		L > 1 ? "s" : "", lb, cb, nb);
	em_line(e, "// (docs/edram.md, \"Wire shuffler\"). A permutation of wires: no logic.");
	em_section(e, "write path: lane l's upper bits to critical columns [l*%u +: %u], lower to [l*%u +: %u]", cb,
		   cb, nb, nb);
	for (l = 0; l < L; l++) {
		em_row(e, 5, "assign", slice(e, "w_crit_o", L * cb, l * cb, cb), "=",
		       em_fmt(e, "%s;", slice(e, "w_row_i", L * lb, l * lb + nb, cb)), em_fmt(e, "// lane %u", l));
		em_row(e, 4, "assign", slice(e, "w_nc_o", L * nb, l * nb, nb), "=",
		       em_fmt(e, "%s;", slice(e, "w_row_i", L * lb, l * lb, nb)));
	}
	em_table(e);
	em_section(e, "read path: the inverse");
	for (l = 0; l < L; l++) {
		em_row(e, 5, "assign", slice(e, "r_row_o", L * lb, l * lb + nb, cb), "=",
		       em_fmt(e, "%s;", slice(e, "r_crit_i", L * cb, l * cb, cb)), em_fmt(e, "// lane %u", l));
		em_row(e, 4, "assign", slice(e, "r_row_o", L * lb, l * lb, nb), "=",
		       em_fmt(e, "%s;", slice(e, "r_nc_i", L * nb, l * nb, nb)));
	}
	em_table(e);
}

/* ---- rf_edram_crit, rf_edram_nc -------------------------------------------------------------- */

/* One sub-array of an eDRAM bank, as rf_sram (docs/semantics.md, "Storage arrays"): seg bits per
 * lane; what says which segment. A refresh reads the row and writes it back: the stored bits do
 * not change here, decay is the simulation overlay's (docs/edram.md, "Decay overlay"). */
static void sub_array(em_t *e, const rfm_cfg_t *c, unsigned seg, const char *what)
{
	unsigned l, L = c->rf_lanes, w = L * seg;
	em_blank(e);
	em_row(e, 3, "localparam int Entries", em_fmt(e, "= %u;", c->d.bank_rows), "// rows");
	em_row(e, 3, "localparam int Lanes", em_fmt(e, "= %u;", L), "// lanes per row (write-mask bits)");
	em_row(e, 3, "localparam int SegBits", em_fmt(e, "= %u;", seg), em_fmt(e, "// bits per lane: %s", what));
	em_table(e);
	em_blank(e);
	em_line(e, "// Storage: one 1-D array, not reset, so synthesis can map it to RAM.");
	if (c->target_kind == RFM_TARGET_ICE40)
		em_line(e, "(* ram_style = \"block\" *)");
	em_line(e, "logic [Lanes*SegBits-1:0] mem_q [0:Entries-1];");
	em_line(e, "logic [Lanes*SegBits-1:0] r0_data_q;");
	em_blank(e);
	em_line(e, "// Writes, lane by lane.");
	em_open(e, "always_ff @(posedge clk_i) begin");
	em_open(e, "if (w0_en_i) begin");
	for (l = 0; l < L; l++)
		em_line(e, "if (%s) %s <= %s;", rg_bit(e, "w0_mask_i", L, l),
			rg_part(e, "mem_q[w0_addr_i]", w, (l + 1) * seg - 1, l * seg),
			rg_part(e, "w0_data_i", w, (l + 1) * seg - 1, l * seg));
	em_close(e, "end");
	em_close(e, "end");
	em_blank(e);
	em_line(e, "// Synchronous read: the row is read at the clock edge (old data if written then).");
	em_open(e, "always_ff @(posedge clk_i) begin");
	em_line(e, "if (r0_en_i) r0_data_q <= mem_q[r0_addr_i];");
	em_close(e, "end");
	em_line(e, "assign r0_data_o = r0_data_q;");
	em_blank(e);
	em_line(e, "// Refresh: the cells of row ref_addr_i are read and written back, so the stored bits do");
	em_line(e, "// not change; cell decay is simulated by the overlay (docs/edram.md, \"Decay overlay\").");
	rg_unused(e, "refresh", "ref_en_i, ref_addr_i");
}

void rg_emit_rf_edram_crit(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	(void)pt;
	sub_array(e, c, c->edram_crit_bits,
		  em_fmt(e, "the critical segment, a lane's upper %u of %u bits", (unsigned)c->edram_crit_bits,
			 (unsigned)c->rf_lane_bits));
}

void rg_emit_rf_edram_nc(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	(void)pt;
	sub_array(e, c, c->d.ed_nc_bits,
		  em_fmt(e, "the noncritical segment, a lane's lower %u of %u bits", c->d.ed_nc_bits,
			 (unsigned)c->rf_lane_bits));
}

/* ---- rf_refresh_ctrl ------------------------------------------------------------------------- */

/* The type of a w-bit signal: "logic" or "logic [w-1:0]". */
static const char *logic_t(em_t *e, unsigned w)
{
	return w > 1 ? em_fmt(e, "logic %s", em_rng(e, w)) : "logic";
}

/* Bit b of a one-bit-per-bank vector inside g_bank: "sig[b]", or "sig" with one bank. */
static const char *bank_bit(em_t *e, const rfm_cfg_t *c, const char *sig)
{
	return c->rf_banks > 1 ? em_fmt(e, "%s[b]", sig) : sig;
}

/* Rows "lhs op rhs;" aligned at op: n pairs of (lhs, rhs). */
static void assigns(em_t *e, const char *op, unsigned n, const char *const *lr)
{
	unsigned i;
	for (i = 0; i < n; i++)
		em_row(e, 2, lr[2 * i], em_fmt(e, "%s %s;", op, lr[2 * i + 1]));
	em_table(e);
}

/* The next state of one bank's controller (docs/edram.md, "Refresh"; rfm_edram_rctl_clock). */
static void rctl_next(em_t *e, const rfm_cfg_t *c)
{
	unsigned tw = c->d.ed_timer_w, dw = c->d.ed_defer_w, ew = c->d.entry_w, M = c->edram_counter_bits;
	int defer = c->edram_max_defer > 0;
	const char *hold[] = {"pending_d", "pending_q", "rp_d", "rp_q", "cnt_d", "cnt_q", "timer_d",
			      em_fmt(e, "timer_q + %s", em_lit(e, tw, 1)), "defer_d", "defer_q"};
	const char *done[] = {"pending_d", "1'b0", "defer_d", "'0"};
	const char *due[] = {"timer_d", "'0", "pending_d", "1'b1"};
	em_line(e, "// an issued refresh clears pending and moves rp on; its wrap from the last row steps the");
	em_line(e, "// counter (mod 2^M). The timer counts 0 .. P-1; its edge at P-1 makes a refresh due.");
	em_open(e, "always_comb begin");
	assigns(e, "=", defer ? 5 : 4, hold);
	em_open(e, "if (issue) begin");
	assigns(e, "=", defer ? 2 : 1, done);
	em_open(e, "if (rp_q == %s) begin", em_lit(e, ew, c->d.bank_rows - 1));
	em_line(e, "rp_d = '0;");
	em_line(e, "cnt_d = cnt_q + %s;", em_lit(e, M, 1));
	em_reopen(e, "end else begin");
	em_line(e, "rp_d = rp_q + %s;", em_lit(e, ew, 1));
	em_close(e, "end");
	if (defer) {
		em_reopen(e, "end else if (pending_q) begin");
		em_line(e, "defer_d = defer_q + %s;  // waited one more cycle for an idle bank", em_lit(e, dw, 1));
	}
	em_close(e, "end");
	em_open(e, "if (timer_q == %s) begin", em_lit(e, tw, c->d.ed_p - 1));
	assigns(e, "=", 2, due);
	em_close(e, "end");
	em_close(e, "end");
}

/* The state flops of one bank's controller: reset values, then q <= d. */
static void rctl_flops(em_t *e, const rfm_cfg_t *c)
{
	int defer = c->edram_max_defer > 0;
	const char *rst[] = {"timer_q", "Stagger", "rp_q", "'0", "pending_q", "1'b0", "cnt_q", "'0", "defer_q", "'0"};
	const char *next[] = {"timer_q", "timer_d", "rp_q", "rp_d", "pending_q", "pending_d", "cnt_q", "cnt_d",
			      "defer_q", "defer_d"};
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	assigns(e, "<=", defer ? 5 : 4, rst);
	em_reopen(e, "end else begin");
	assigns(e, "<=", defer ? 5 : 4, next);
	em_close(e, "end");
	em_close(e, "end");
}

/* Checks of one bank's controller (docs/edram.md, "Verification": invariants 5, 6 and 8), each on
 * the state of one cycle, so a proof of the block alone with busy_i free carries them to every
 * depth: the timer stays below P; a due refresh has waited exactly the cycles since it fell due,
 * at most max_defer, and is served before the next one falls due (one refresh per interval); it
 * is forced on an access only once its wait is exhausted; the row pointer moves exactly with a
 * refresh, one row on, wrapping after the last row; the counter steps exactly on that wrap.
 * Together: row r is refreshed every rows * P cycles, jittered by at most max_defer, so at most
 * T0 apart ("Bounds"). Comparisons that hold by the width alone are left out. */
static void rctl_asserts(em_t *e, const rfm_cfg_t *c)
{
	unsigned ew = c->d.entry_w, dw = c->d.ed_defer_w, tw = c->d.ed_timer_w, P = c->d.ed_p;
	const char *last = em_lit(e, ew, c->d.bank_rows - 1);
	const char *wait = c->edram_max_defer > 0 ? em_fmt(e, "%u'(defer_q)", tw) : "'0";
	rg_assert_begin(e, "refresh controller");
	if (P < 1u << tw)
		rg_assert(e, em_fmt(e, "timer_q < %u'(Interval)", tw),
			  "rf_refresh_ctrl", "invariant 5", "docs/edram.md, Refresh", "the timer left 0 .. P-1");
	rg_assert(e, em_fmt(e, "!pending_q | (timer_q == %s)", wait), "rf_refresh_ctrl", "invariant 8",
		  "docs/edram.md, Refresh", "a due refresh's wait is not the cycles since it fell due");
	rg_assert(e, em_fmt(e, "!(pending_q & ~issue & (timer_q == %s))", em_lit(e, tw, P - 1)), "rf_refresh_ctrl",
		  "invariant 5", "docs/edram.md, Refresh", "a due refresh is overtaken by the next one");
	if (c->edram_max_defer > 0) {
		rg_assert(e, em_fmt(e, "pending_q ? (defer_q <= %u'(MaxDefer)) : (defer_q == '0)", dw), "rf_refresh_ctrl",
			  "invariant 8", "docs/edram.md, Refresh", "a due refresh waited more than max_defer cycles");
		rg_assert(e, em_fmt(e, "!(issue & busy) | (defer_q == %u'(MaxDefer))", dw), "rf_refresh_ctrl",
			  "invariant 8", "docs/edram.md, Refresh", "a refresh is forced before max_defer cycles");
	}
	if (c->d.bank_rows > 1) {
		rg_assert(e, "(rp_d != rp_q) == issue", "rf_refresh_ctrl", "invariant 5", "docs/edram.md, Refresh",
			  "the row pointer does not move exactly with a refresh");
		rg_assert(e, em_fmt(e, "!issue | (rp_d == ((rp_q == %s) ? '0 : rp_q + %s))", last, em_lit(e, ew, 1)),
			  "rf_refresh_ctrl", "invariant 5", "docs/edram.md, Refresh",
			  "a refresh moves the row pointer other than one row on");
	}
	if (c->d.bank_rows < 1u << ew)
		rg_assert(e, em_fmt(e, "rp_q <= %s", last), "rf_refresh_ctrl", "invariant 5", "docs/edram.md, Refresh",
			  "the row pointer left the bank's rows");
	rg_assert(e, em_fmt(e, "(cnt_d != cnt_q) == (issue & (rp_q == %s))", last), "rf_refresh_ctrl", "invariant 6",
		  "docs/edram.md, Refresh", "the counter steps off the row wrap");
	rg_assert_end(e);
}

/* One controller per bank in g_bank; the state of bank b: timer, rp, pending, defer (with
 * max_defer > 0), cnt (docs/edram.md, "Refresh"; model: rfm_edram_rctl_*). */
void rg_emit_rf_refresh_ctrl(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned tw = c->d.ed_timer_w, dw = c->d.ed_defer_w, ew = c->d.entry_w, M = c->edram_counter_bits;
	int defer = c->edram_max_defer > 0;
	(void)pt;
	em_blank(e);
	em_row(e, 3, "localparam int Banks", em_fmt(e, "= %u;", c->rf_banks), "// one controller each");
	em_row(e, 3, "localparam int Interval", em_fmt(e, "= %u;", c->d.ed_p),
	       em_fmt(e, "// P = (T0 - max_defer) / rows = (%u - %u) / %u", c->d.ed_t0, (unsigned)c->edram_max_defer,
		      c->d.bank_rows));
	if (defer)
		em_row(e, 3, "localparam int MaxDefer", em_fmt(e, "= %u;", (unsigned)c->edram_max_defer),
		       "// cycles a due refresh may wait for an idle bank");
	em_table(e);
	em_line(e, "// %u rows per bank; an M = %u bit counter: the noncritical period is 2^M = %u sweeps",
		c->d.bank_rows, M, 1u << M);
	em_blank(e);
	em_line(e, "genvar b;");
	em_open(e, "for (b = 0; b < Banks; b = b + 1) begin : g_bank");
	em_line(e, "// bank b's timer starts at (b * P) / banks: the banks do not all refresh in one cycle");
	em_line(e, "localparam %s Stagger = %u'((b * Interval) / Banks);", logic_t(e, tw), tw);
	em_blank(e);
	em_row(e, 3, logic_t(e, tw), "timer_q, timer_d;", "// 0 .. P-1");
	em_row(e, 3, logic_t(e, ew), "rp_q, rp_d;", "// the next row refreshed");
	em_row(e, 3, "logic", "pending_q, pending_d;", "// a refresh is due");
	if (defer)
		em_row(e, 3, logic_t(e, dw), "defer_q, defer_d;", "// cycles it has waited");
	em_row(e, 3, logic_t(e, M), "cnt_q, cnt_d;", "// sweeps completed, mod 2^M");
	em_row(e, 3, "logic", "busy, issue;", "// a normal access; the refresh of this cycle");
	em_table(e);
	em_blank(e);
	em_line(e, "assign busy = %s;", bank_bit(e, c, "busy_i"));
	if (defer) {
		em_line(e, "// a due refresh issues on an idle bank, or forced once it has waited MaxDefer cycles");
		em_line(e, "assign issue = pending_q & (~busy | (defer_q == %s'(MaxDefer)));", em_fmt(e, "%u", dw));
	} else {
		em_line(e, "// max_defer = 0: a due refresh issues at once, forced when the bank is busy");
		em_line(e, "assign issue = pending_q;");
	}
	em_line(e, "assign %s = issue;", bank_bit(e, c, "ref_o"));
	em_line(e, "assign %s = issue & busy;", bank_bit(e, c, "forced_o"));
	em_line(e, "assign %s = rp_q;", c->rf_banks > 1 ? em_fmt(e, "row_o[b*%u +: %u]", ew, ew) : "row_o");
	em_line(e, "assign %s = cnt_q == '0;", bank_bit(e, c, "cnt_zero_o"));
	em_blank(e);
	rctl_next(e, c);
	em_blank(e);
	rctl_flops(e, c);
	rctl_asserts(e, c);
	em_close(e, "end");
}
