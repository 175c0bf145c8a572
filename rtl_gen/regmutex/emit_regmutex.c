/* emit_regmutex.c - bodies of rf_srp_ctrl and rf_srp_xlate, RegMutex's allocator and address
 * translation (docs/regmutex.md; model: cmodel/regmutex/regmutex.c, rfm_srp_comb and rfm_srp_xlate_fn). */
#include "rfm_models.h"
#include "rfm_regmutex.h"
#include "rg.h"

/* Emit one acquire/release port of the allocator's always_comb (docs/regmutex.md, "Acquire and
 * release"): decisions read the state at the start of the cycle (req<k>_hold, req<k>_cur); only
 * `taken` (pairs: `pl`) carries the grants of earlier ports. */
static void ctrl_port(em_t *e, const rfm_cfg_t *c, unsigned k, unsigned cw)
{
	unsigned lw = c->d.warp_w;
	int paired = c->regmutex_paired == RFM_ON;
	em_line(e, "// port %u", k);
	em_open(e, "if (req%u_ok) begin", k);
	em_open(e, "if (req%u_release_i) begin", k);
	em_line(e, "req%u_grant = 1'b1;", k);
	em_open(e, "if (req%u_hold) begin", k);
	em_line(e, "st[req%u_warp_i] = 1'b0;", k);
	if (!paired)
		em_line(e, "mk[req%u_cur] = 1'b0;", k);
	em_line(e, "nfree = nfree + %s;", em_lit(e, cw, 1));
	em_close(e, "end");
	em_reopen(e, "end else if (req%u_hold) begin", k);
	em_line(e, "req%u_grant = 1'b1;  // acquire while holding: nothing changes", k);
	em_line(e, "req%u_sect = %s;", k, paired ? em_fmt(e, "%u'(req%u_pair)", lw, k) : em_fmt(e, "req%u_cur", k));
	em_reopen(e, "end else begin");
	if (paired) {
		em_open(e, "if (pl[req%u_pair]) begin", k);
		em_line(e, "req%u_stall = 1'b1;  // the partner holds the pair's set", k);
		em_line(e, "nstall = nstall + %s;", em_lit(e, cw, 1));
		em_reopen(e, "end else begin");
		em_line(e, "req%u_grant = 1'b1;", k);
		em_line(e, "req%u_sect = %u'(req%u_pair);", k, lw, k);
		em_line(e, "st[req%u_warp_i] = 1'b1;", k);
		em_line(e, "pl[req%u_pair] = 1'b1;", k);
		em_line(e, "nacq = nacq + %s;", em_lit(e, cw, 1));
		em_close(e, "end");
	} else {
		em_line(e, "// the lowest free section (sections freed this cycle stay taken until the edge)");
		em_line(e, "{found, f} = ffz(taken);");
		em_open(e, "if (found) begin");
		em_line(e, "req%u_grant = 1'b1;", k);
		em_line(e, "req%u_sect = f;", k);
		em_line(e, "st[req%u_warp_i] = 1'b1;", k);
		em_line(e, "lt[req%u_li +: %u] = f;", k, lw);
		em_line(e, "mk[f] = 1'b1;");
		em_line(e, "taken[f] = 1'b1;");
		em_line(e, "nacq = nacq + %s;", em_lit(e, cw, 1));
		em_reopen(e, "end else begin");
		em_line(e, "req%u_stall = 1'b1;  // no free section: the warp retries", k);
		em_line(e, "nstall = nstall + %s;", em_lit(e, cw, 1));
		em_close(e, "end");
	}
	em_close(e, "end");
	em_close(e, "end");
}

/* The state of warp <pre>_warp_i at the start of the cycle: <pre>_hold, and (default mode) its
 * LUT entry <pre>_cur, by shifts (no constant selects inside always_comb). */
static void warp_state(em_t *e, const rfm_cfg_t *c, const char *pre)
{
	unsigned n = c->sm_warps, lw = c->d.warp_w;
	em_line(e, "assign %s_stsh = status_q >> %s_warp_i;", pre, pre);
	em_line(e, "assign %s_hold = %s;", pre, rg_bit(e, em_fmt(e, "%s_stsh", pre), n, 0));
	if (c->regmutex_paired != RFM_ON) {
		em_line(e, "assign %s_lsh = lut_q >> %s_li;", pre, pre);
		em_line(e, "assign %s_cur = %s_lsh[%u:0];", pre, pre, lw - 1);
	}
}

/* The counters' outputs, the unread sinks, the invariant checks and the state of rf_srp_ctrl. */
static void srp_ctrl_tail(em_t *e, const rfm_cfg_t *c)
{
	unsigned n = c->sm_warps, lw = c->d.warp_w, K = c->sm_schedulers, k;
	int paired = c->regmutex_paired == RFM_ON;
	em_line(e, "assign nacq_o = nacq;");
	em_line(e, "assign nstall_o = nstall;");
	em_line(e, "assign nfree_o = nfree;");
	em_part(e, "logic unused_shifted;\nassign unused_shifted = ^{");
	if (!paired)
		em_part(e, "below[%u], ", n);
	for (k = 0; k <= K; k++) {
		const char *pre = k < K ? em_fmt(e, "req%u", k) : "exit";
		em_part(e, "%s%s_stsh[%u:1]", k ? ", " : "", pre, n - 1);
		if (!paired)
			em_part(e, ", %s_lsh[%u:%u]", pre, n * lw - 1, lw);
	}
	em_part(e, "};\n");

	if (!paired) {
		rg_assert_begin(e, "RegMutex invariants 1 and 2");
		em_line(e, "// bit 0: a section owned by two warps; bit 1: a warp holds a free section");
		em_open(e, "function automatic logic [1:0] srp_bad(input logic %s status, input logic %s lut,", em_rng(e, n),
			em_rng(e, n * lw));
		em_line(e, "input logic %s avail);", em_rng(e, n));
		em_line(e, "logic %s owned;", em_rng(e, n));
		em_line(e, "logic %s v;", em_rng(e, lw));
		em_line(e, "srp_bad = 2'b00;");
		em_line(e, "owned = '0;");
		em_open(e, "for (int w = 0; w < %u; w++) begin", n);
		em_open(e, "if (status[w]) begin");
		em_line(e, "v = lut[w*%u +: %u];", lw, lw);
		em_line(e, "if (avail[v]) srp_bad[1] = 1'b1;");
		em_line(e, "if (owned[v]) srp_bad[0] = 1'b1;");
		em_line(e, "owned[v] = 1'b1;");
		em_close(e, "end");
		em_close(e, "end");
		em_close(e, "endfunction");
		em_line(e, "logic [1:0] srp_inv;");
		em_line(e, "assign srp_inv = srp_bad(status_q, lut_q, avail_q);");
		rg_assert(e, "!srp_inv[0]", "rf_srp_ctrl", "invariant 1", "docs/regmutex.md, Invariants",
			  "a section owned by two warps");
		rg_assert(e, "!srp_inv[1]", "rf_srp_ctrl", "invariant 2", "docs/regmutex.md, Invariants",
			  "a warp holds a free section");
		rg_assert_end(e);
	}
	em_blank(e);
	em_line(e, "// reset: no kernel, so no section exists");
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	em_line(e, "status_q <= '0;");
	if (!paired) {
		em_line(e, "avail_q <= '0;");
		em_line(e, "lut_q <= '0;");
	}
	em_reopen(e, "end else begin");
	em_line(e, "status_q <= status_d;");
	if (!paired) {
		em_line(e, "avail_q <= avail_d;");
		em_line(e, "lut_q <= lut_d;");
	}
	em_close(e, "end");
	em_close(e, "end");
}

void rg_emit_rf_srp_ctrl(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned n = c->sm_warps, lw = c->d.warp_w, K = c->sm_schedulers, k;
	unsigned cw = rfm_cntw(K + 1u), liw = rfm_clog2((uint64_t)n * lw), j;
	unsigned np = (n + 1) / 2 < 2 ? 2 : (n + 1) / 2; /* pair-lock bits (at least 2: no 1-bit selects) */
	int paired = c->regmutex_paired == RFM_ON, pow2 = n == (1u << lw);
	(void)pt;

	em_blank(e);
	em_line(e, "// %u warp slots; %s", n,
		paired ? "paired mode: warps 2p and 2p+1 share one extended set; a status bit per warp"
		       : em_fmt(e, "up to %u SRP sections; LUT entries of %u bits", n, lw));
	em_line(e, "logic %s status_q, status_d;", em_rng(e, n));
	if (!paired) {
		em_line(e, "// SRP bitmask, held inverted so that reset (no kernel: no section) is all zeros");
		em_line(e, "logic %s avail_q, avail_d, preset;", em_rng(e, n));
		em_line(e, "logic %s lut_q, lut_d;", em_rng(e, n * lw));
		em_line(e, "logic %s below;", em_rng(e, n + 1));
		em_line(e, "logic %s st, mk, taken;", em_rng(e, n));
		em_line(e, "logic %s lt;", em_rng(e, n * lw));
		em_line(e, "logic %s f;", em_rng(e, lw));
		em_line(e, "logic found;");
	} else {
		em_line(e, "logic %s st;", em_rng(e, n));
	}
	em_line(e, "logic %s nacq, nstall, nfree;", em_rng(e, cw));
	if (paired) {
		em_line(e, "logic %s plock, pl;  // pairs locked: at the start of the cycle; so far", em_rng(e, np));
	}
	for (k = 0; k <= K; k++) {
		const char *pre = k < K ? em_fmt(e, "req%u", k) : "exit";
		em_line(e, "logic %s_ok, %s_hold;", pre, pre);
		em_line(e, "logic %s %s_stsh;", em_rng(e, n), pre);
		if (!paired) {
			em_line(e, "logic %s %s_li;  // LUT bit index of the warp", em_rng(e, liw), pre);
			em_line(e, "logic %s %s_lsh;", em_rng(e, n * lw), pre);
			em_line(e, "logic %s %s_cur;  // its LUT entry", em_rng(e, lw), pre);
		}
		if (k == K)
			break;

		em_line(e, "logic %s_grant, %s_stall;", pre, pre);
		em_line(e, "logic %s %s_sect;", em_rng(e, lw), pre);
		if (paired)
			em_line(e, "logic %s %s_pair;", em_rng(e, rfm_clog2(np)), pre);
	}

	em_blank(e);
	em_line(e, "// a request is honoured for a warp slot that exists, unless an earlier port or the exit of");
	em_line(e, "// this cycle already names its warp");
	if (pow2)
		em_line(e, "assign exit_ok = exit_valid_i;");
	else
		em_line(e, "assign exit_ok = exit_valid_i & (exit_warp_i < %s);", em_lit(e, lw, n));
	for (k = 0; k < K; k++) {
		em_part(e, "assign req%u_ok = req%u_valid_i", k, k);
		if (!pow2)
			em_part(e, " & (req%u_warp_i < %s)", k, em_lit(e, lw, n));
		em_part(e, " & ~(exit_ok & (exit_warp_i == req%u_warp_i))", k);
		for (j = 0; j < k; j++)
			em_part(e, " & ~(req%u_ok & (req%u_warp_i == req%u_warp_i))", j, j, k);
		em_part(e, ";\n");
		if (!paired)
			em_line(e, "assign req%u_li = %u'(req%u_warp_i) * %s;", k, liw, k, em_lit(e, liw, lw));
		else if (lw > 1)
			em_line(e, "assign req%u_pair = %s;", k, rg_part(e, em_fmt(e, "req%u_warp_i", k), lw, lw - 1, 1));
		else
			em_line(e, "assign req%u_pair = '0;  // two warp slots: one pair", k);
		warp_state(e, c, em_fmt(e, "req%u", k));
	}
	if (paired) {
		unsigned p;
		em_part(e, "assign plock = {");
		if (np > (n + 1) / 2)
			em_part(e, "1'b0, ");
		for (p = (n + 1) / 2; p-- > 0;)
			em_part(e, "%s%s", 2 * p + 1 < n ? em_fmt(e, "status_q[%u] | status_q[%u]", 2 * p + 1, 2 * p)
						  : em_fmt(e, "status_q[%u]", 2 * p), p ? ", " : "};\n");
	}
	if (!paired)
		em_line(e, "assign exit_li = %u'(exit_warp_i) * %s;", liw, em_lit(e, liw, lw));
	warp_state(e, c, "exit");
	if (!paired) {
		em_blank(e);
		em_line(e, "// at launch, sections launch_sections_i .. %u do not exist: their bits are set for good", n - 1);
		em_line(e, "assign below = (%s << launch_sections_i) - %s;", em_lit(e, n + 1, 1), em_lit(e, n + 1, 1));
		em_line(e, "assign preset = ~below[%u:0];", n - 1);
	}

	if (!paired)
		rg_ffz_function(e, n);
	em_blank(e);
	em_line(e, "// ports in order; decisions read the state at the start of the cycle, and a section (pair)");
	em_line(e, "// counts as taken if it was at the start of the cycle or was granted to an earlier port");
	em_open(e, "always_comb begin");
	em_line(e, "st = status_q;");
	if (paired)
		em_line(e, "pl = plock;");
	if (!paired) {
		em_line(e, "mk = ~avail_q;");
		em_line(e, "lt = lut_q;");
		em_line(e, "taken = ~avail_q;");
		em_line(e, "found = 1'b0;");
		em_line(e, "f = '0;");
	}
	em_line(e, "nacq = '0;");
	em_line(e, "nstall = '0;");
	em_line(e, "nfree = '0;");
	for (k = 0; k < K; k++) {
		em_line(e, "req%u_grant = 1'b0;", k);
		em_line(e, "req%u_stall = 1'b0;", k);
		em_line(e, "req%u_sect = '0;", k);
	}
	em_open(e, "if (launch_i) begin");
	em_line(e, "// a kernel starts: nobody holds a set; requests of this cycle are ignored");
	em_line(e, "st = '0;");
	if (!paired) {
		em_line(e, "mk = preset;");
		em_line(e, "lt = '0;");
	}
	em_reopen(e, "end else begin");
	for (k = 0; k < K; k++)
		ctrl_port(e, c, k, cw);
	em_line(e, "// a warp that exits releases the set it held at the start of the cycle");
	em_open(e, "if (exit_ok && exit_hold) begin");
	em_line(e, "st[exit_warp_i] = 1'b0;");
	if (!paired)
		em_line(e, "mk[exit_cur] = 1'b0;");
	em_line(e, "nfree = nfree + %s;", em_lit(e, cw, 1));
	em_close(e, "end");
	em_close(e, "end");
	em_line(e, "status_d = st;");
	if (!paired) {
		em_line(e, "avail_d = ~mk;");
		em_line(e, "lut_d = lt;");
	}
	em_close(e, "end");

	em_blank(e);
	for (k = 0; k < K; k++) {
		em_line(e, "assign req%u_grant_o = req%u_grant;", k, k);
		em_line(e, "assign req%u_stall_o = req%u_stall;", k, k);
		em_line(e, "assign req%u_sect_o = req%u_sect;", k, k);
	}
	em_line(e, "assign status_o = status_q;");
	if (!paired) {
		em_line(e, "assign mask_o = ~avail_q;");
		em_line(e, "assign lut_o = lut_q;");
		em_line(e, "assign full_o = ~|avail_q;");
	}
	srp_ctrl_tail(e, c);
}

/* The translation of port p by multipliers (xlate = mul, the paper's Figure 6b): x<p>_y. */
static void xlate_mul(em_t *e, const rfm_cfg_t *c, unsigned p)
{
	unsigned n = c->sm_warps, lw = c->d.warp_w, mw = rfm_srp_xlate_width(c);
	if (c->regmutex_paired != RFM_ON) {
		em_line(e, "logic %s x%u_lsh;", em_rng(e, n * lw), p);
		em_line(e, "logic %s x%u_sect;", em_rng(e, mw), p);
		em_line(e, "assign x%u_lsh = lut_i >> (x%u_w * LutBits);", p, p);
		em_line(e, "assign x%u_sect = %u'(x%u_lsh[%u:0]);", p, mw, p, lw - 1);
		em_line(e, "assign x%u_y = x%u_ext ? srp_x + x%u_sect * es_x + (x%u_r - bs_x) : x%u_w * bs_x + x%u_r;", p, p,
			p, p, p, p);
	} else {
		em_line(e, "logic x%u_odd;", p);
		em_line(e, "assign x%u_odd = %s;", p, rg_bit(e, em_fmt(e, "x%u_warp_i", p), lw, 0));
		em_line(e, "assign x%u_y = (x%u_w >> 1) * stride_x + ((x%u_ext | x%u_odd) ? bs_x : '0) + x%u_r;", p, p, p, p,
			p);
	}
}

/* The translation of port p from the tables (xlate = precomp): a mux and an add, x<p>_y. */
static void xlate_precomp(em_t *e, const rfm_cfg_t *c, unsigned p)
{
	unsigned pw = c->d.pack_w, lw = c->d.warp_w, mw = rfm_srp_xlate_width(c);
	if (c->regmutex_paired != RFM_ON) {
		em_line(e, "logic %s x%u_b, x%u_xb;  // the warp's base and extended base", em_rng(e, pw), p, p);
		em_line(e, "assign x%u_b = pick(base_i, x%u_warp_i);", p, p);
		em_line(e, "assign x%u_xb = pick(xbase_i, x%u_warp_i);", p, p);
		em_line(e, "assign x%u_y = x%u_r + (x%u_ext ? %u'(x%u_xb) : %u'(x%u_b));", p, p, p, mw, p, mw, p);
	} else {
		em_line(e, "logic %s x%u_b;  // entry W, or W | 1 (the pair's extended set) for X >= Bs", em_rng(e, pw), p);
		em_line(e, "assign x%u_b = pick(base_i, x%u_warp_i | %u'(x%u_ext));", p, p, lw, p);
		em_line(e, "assign x%u_y = x%u_r + %u'(x%u_b);", p, p, mw, p);
	}
}

void rg_emit_rf_srp_xlate(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned n = c->sm_warps, lw = c->d.warp_w, mw = rfm_srp_xlate_width(c), p;
	unsigned nx = c->rf_write_ports + c->sm_schedulers * c->sm_operands;
	unsigned pw = c->d.pack_w, bw = c->d.bank_w, ew = c->d.entry_w;
	int paired = c->regmutex_paired == RFM_ON, precomp = rfm_rm_precomp(c);
	(void)pt;

	em_blank(e);
	em_line(e, "localparam logic %s Banks = %s;", em_rng(e, mw), em_lit(e, mw, c->rf_banks));
	if (!paired && !precomp)
		em_line(e, "localparam logic %s LutBits = %s;  // bits per LUT entry", em_rng(e, mw), em_lit(e, mw, lw));
	if (paired) {
		em_line(e, "// paired: pair p = W / 2 owns packs [p * (2 Bs + Es), (p + 1) * (2 Bs + Es)):");
		em_line(e, "//   X <  Bs: Y = p * (2 Bs + Es) + (W odd ? Bs : 0) + X");
		em_line(e, "//   X >= Bs: Y = p * (2 Bs + Es) + 2 Bs + (X - Bs)   (the pair's shared extended set)");
	} else {
		em_line(e, "//   X <  Bs: Y = W * Bs + X");
		em_line(e, "//   X >= Bs: Y = SRP_offset + LUT[W] * Es + (X - Bs)");
	}
	if (precomp && !paired) {
		em_line(e, "// precomputed (xlate = precomp): Y = X + base[W] or X + xbase[W], base[W] = W * Bs written");
		em_line(e, "// at launch, xbase[W] = SRP_offset + LUT[W] * Es - Bs written at W's acquire");
	} else if (precomp) {
		em_line(e, "// precomputed (xlate = precomp): Y = X + base[W], or X + base[W | 1] for X >= Bs, with");
		em_line(e, "// base[W] = p * (2 Bs + Es) + (W odd ? Bs : 0) written at launch");
	}
	em_line(e, "// bank = Y %% banks, row = Y / banks; arithmetic in %u bits (nothing wraps)", mw);
	em_blank(e);
	if (precomp) {
		em_line(e, "logic %s kwarps_x, kregs_x, bs_x;", em_rng(e, mw));
	} else {
		em_line(e, "logic %s kwarps_x, kregs_x, bs_x, es_x;", em_rng(e, mw));
		if (!paired)
			em_line(e, "logic %s srp_x;", em_rng(e, mw));
		else
			em_line(e, "logic %s stride_x;", em_rng(e, mw));
	}
	em_line(e, "assign kwarps_x = %u'(kwarps_i);", mw);
	em_line(e, "assign kregs_x = %u'(kregs_i);", mw);
	em_line(e, "assign bs_x = %u'(kbase_i);", mw);
	if (!precomp) {
		em_line(e, "assign es_x = %u'(kext_i);", mw);
		if (!paired)
			em_line(e, "assign srp_x = %u'(ksrp_i);", mw);
		else
			em_line(e, "assign stride_x = bs_x + bs_x + es_x;");
	} else {
		rg_pick_function(e, rfm_srp_tab_n(c), pw, lw);
	}

	for (p = 0; p < nx; p++) {
		em_blank(e);
		em_line(e, "// port %u", p);
		em_line(e, "logic %s x%u_w, x%u_r, x%u_y, x%u_bk, x%u_rw;", em_rng(e, mw), p, p, p, p, p);
		em_line(e, "logic %s x%u_stsh;", em_rng(e, n), p);
		em_line(e, "logic x%u_out, x%u_ext, x%u_hold, x%u_bad;", p, p, p, p);
		em_line(e, "assign x%u_w = %u'(x%u_warp_i);", p, mw, p);
		em_line(e, "assign x%u_r = %u'(x%u_reg_i);", p, mw, p);
		em_line(e, "assign x%u_out = (x%u_w >= kwarps_x) | (x%u_r >= kregs_x);", p, p, p);
		em_line(e, "assign x%u_ext = x%u_r >= bs_x;", p, p);
		em_line(e, "assign x%u_stsh = status_i >> x%u_warp_i;", p, p);
		em_line(e, "assign x%u_hold = %s;", p, rg_bit(e, em_fmt(e, "x%u_stsh", p), n, 0));
		if (precomp)
			xlate_precomp(e, c, p);
		else
			xlate_mul(e, c, p);
		em_line(e, "assign x%u_bk = x%u_y %% Banks;", p, p);
		em_line(e, "assign x%u_rw = x%u_y / Banks;", p, p);
		em_line(e, "assign x%u_bad = x%u_out | (x%u_ext & ~x%u_hold);", p, p, p, p);
		em_line(e, "assign x%u_pack_o = x%u_bad ? '0 : x%u_y[%u:0];", p, p, p, pw - 1);
		em_line(e, "assign x%u_bank_o = x%u_bad ? '0 : x%u_bk[%u:0];", p, p, p, bw - 1);
		em_line(e, "assign x%u_entry_o = x%u_bad ? '0 : x%u_rw[%u:0];", p, p, p, ew - 1);
		em_line(e, "assign x%u_err_o = x%u_out;", p, p);
		em_line(e, "assign x%u_xerr_o = ~x%u_out & x%u_ext & ~x%u_hold;", p, p, p, p);
		em_part(e, "logic unused_x%u;\nassign unused_x%u = ^{x%u_y[%u:%u], x%u_bk[%u:%u], x%u_rw[%u:%u]", p, p, p, mw - 1, pw, p, mw - 1, bw, p, mw - 1, ew);
		if (n > 1)
			em_part(e, ", x%u_stsh[%u:1]", p, n - 1);
		if (!paired && !precomp)
			em_part(e, ", x%u_lsh[%u:%u]", p, n * lw - 1, lw);
		em_part(e, "};\n");
	}
}
