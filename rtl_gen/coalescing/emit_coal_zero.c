/* emit_coal_zero.c - bodies of rf_zero_detect, rf_zero_read and rf_zmask_buffer, zero-data gating
 * on the coalescing register file's thread-interleaved storage (docs/coalescing.md, "Zero gating";
 * model: cmodel/coalescing/coal_zero.c, rfm_cz_write and rfm_cz_read).
 *
 * Byte b = W*k + t of a TI vector is byte k of lane t, in sub-bank k. A group's cross-lane word
 * (g, s) is bytes 4g..4g+3 of sub-bank s, so no byte moves: the R-bit only chooses, per byte,
 * which zero bit gates it (lane bit zm[t] or word bit zm[4g+k]): one zero switch cell per byte.
 */
#include <stdio.h>

#include "rfm_coal.h"
#include "rg.h"

/* "{{4{sig[stride*(G-1)+off]}}, ..., {4{sig[off]}}}": a per-group bit of sig repeated over the
 * group's 4 lanes, as a W-bit vector (bit t = sig[stride*(t/4)+off]). width: sig's width. */
static const char *bcast(char *buf, size_t n, const char *sig, unsigned width, unsigned stride, unsigned off,
			 unsigned G)
{
	size_t len = 0;
	unsigned g;
	len += (size_t)snprintf(buf + len, n - len, "{");
	for (g = G; g-- > 0;) {
		unsigned i = stride * g + off;
		if (width == 1)
			len += (size_t)snprintf(buf + len, n - len, "{4{%s}}", sig);
		else
			len += (size_t)snprintf(buf + len, n - len, "{4{%s[%u]}}", sig, i);
		if (g && len < n)
			len += (size_t)snprintf(buf + len, n - len, ", ");
		if (len >= n)
			break;
	}
	if (len < n)
		snprintf(buf + len, n - len, "}");
	return buf;
}

/* Group signals of the active mask: all 4 lanes active (full), some lane active (any). */
static void emit_group_activity(em_t *e, const char *act, unsigned G, int full)
{
	unsigned g;
	for (g = 0; g < G; g++) {
		if (full)
			em_line(e, "assign %s = &%s[%u:%u];", rg_bit(e, "full", G, g), act, 4 * g + 3, 4 * g);
		em_line(e, "assign %s = |%s[%u:%u];", rg_bit(e, "any", G, g), act, 4 * g + 3, 4 * g);
	}
}

void rg_emit_rf_zero_detect(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned W = c->rf_lanes, G = W / 4, mode = c->coalescing_zero_gating, cw = rfm_cntw(W), t, k, g, i;
	int r1 = mode != RFM_ZG_IN_LANE; /* some group can be in cross-lane order */
	char b1[2048], b2[2048], b3[2048], b4[2048], x[8192];
	(void)pt;

	em_blank(e);
	em_line(e, "localparam int Lanes = %u;  // lanes; %u group%s of 4 lanes (group g = lanes 4g .. 4g+3)", W, G,
		G > 1 ? "s" : "");
	em_line(e, "// zero_gating = %s: %s", rfm_enum_zgate[mode],
		mode == RFM_ZG_IN_LANE      ? "every group in lane order (R = 0)"
		: mode == RFM_ZG_CROSS_LANE ? "every group in cross-lane order (R = 1)"
					    : "an all-active group takes cross-lane order when it has more zero words (B3)");
	em_blank(e);
	em_line(e, "logic [32*Lanes-1:0] ti;    // data_i thread-interleaved: byte W*k+t = byte k of lane t");
	em_line(e, "logic [4*Lanes-1:0]  bz;    // per TI byte: 8'h00");
	em_line(e, "logic [Lanes-1:0]    act;   // lanes that write");
	em_line(e, "logic [Lanes-1:0]    zin;   // lane t is zero (in-lane word)");
	em_line(e, "logic [Lanes-1:0]    zx;    // bit 4g+s: cross-lane word (g, s) is zero");
	if (r1) {
		em_line(e, "logic [Lanes-1:0]    az;    // bit 4g+s: the active lanes' byte s of group g is zero (B4)");
		em_line(e, "logic %sfull, any;  // group: all lanes active, some lane active", G > 1 ? em_fmt(e, "[%u:0] ", G - 1) : "");
	}
	em_line(e, "logic [Lanes-1:0]    need;  // word w holds a byte of an active lane");
	em_line(e, "logic [Lanes-1:0]    nneed, zneed;");
	em_line(e, "logic %s gi_n;", em_rng(e, cw));

	em_blank(e);
	em_line(e, "// BI -> TI: wires only. Bytes 4g..4g+3 of sub-bank s are the cross-lane word (g, s), the");
	em_line(e, "// chapter's transposed word: the six 2x2 byte switches per group are this wiring.");
	for (k = 0; k < 4; k++)
		for (t = 0; t < W; t++) {
			unsigned b = W * k + t;
			em_line(e, "assign ti[%u:%u] = data_i[%u:%u];", 8 * b + 7, 8 * b, 32 * t + 8 * k + 7, 32 * t + 8 * k);
		}
	em_blank(e);
	em_line(e, "// zero detection per byte, then per lane (its 4 bytes) and per cross-lane word (4 bytes of a");
	em_line(e, "// sub-bank)");
	for (k = 0; k < 4 * W; k++)
		em_line(e, "assign bz[%u] = ti[%u:%u] == 8'h00;", k, 8 * k + 7, 8 * k);
	for (t = 0; t < W; t++)
		em_line(e, "assign zin[%u] = bz[%u] & bz[%u] & bz[%u] & bz[%u];", t, t, W + t, 2 * W + t, 3 * W + t);
	for (g = 0; g < G; g++)
		for (k = 0; k < 4; k++)
			em_line(e, "assign zx[%u] = &bz[%u:%u];", 4 * g + k, W * k + 4 * g + 3, W * k + 4 * g);
	em_line(e, "assign act = active_i & {Lanes{valid_i}};");
	if (r1) {
		em_line(e, "// slot rule (B4): the group's active lanes have byte s zero (vacuous for inactive lanes)");
		for (g = 0; g < G; g++)
			for (k = 0; k < 4; k++)
				em_line(e, "assign az[%u] = &(bz[%u:%u] | ~act[%u:%u]);", 4 * g + k, W * k + 4 * g + 3, W * k + 4 * g,
					4 * g + 3, 4 * g);
		emit_group_activity(e, "act", G, 1);
	}

	em_blank(e);
	em_line(e, "// zero words per group: cin of the lanes, cx of the cross-lane words (the two counters)");
	for (g = 0; g < G; g++) {
		em_line(e, "assign cin_o[%u:%u] = 3'(zin[%u]) + 3'(zin[%u]) + 3'(zin[%u]) + 3'(zin[%u]);", 3 * g + 2, 3 * g,
			4 * g, 4 * g + 1, 4 * g + 2, 4 * g + 3);
		em_line(e, "assign cx_o[%u:%u] = 3'(zx[%u]) + 3'(zx[%u]) + 3'(zx[%u]) + 3'(zx[%u]);", 3 * g + 2, 3 * g, 4 * g,
			4 * g + 1, 4 * g + 2, 4 * g + 3);
	}

	em_blank(e);
	if (mode == RFM_ZG_IN_LANE) {
		em_line(e, "// R-bits: lane order always");
		em_line(e, "assign r_o = '0;");
		rg_unused(e, "old_r", "old_r_i");
	} else if (mode == RFM_ZG_CROSS_LANE) {
		em_line(e, "// R-bits: cross-lane order always");
		em_line(e, "assign r_o = '1;");
		rg_unused(e, "old_r", "old_r_i");
	} else {
		em_line(e, "// R-bits: an all-active group chooses (cross-lane only with strictly more zero words: a tie");
		em_line(e, "// keeps lane order); a partially active or idle group keeps its R-bit (B4)");
		for (g = 0; g < G; g++)
			em_line(e, "assign %s = %s ? (cx_o[%u:%u] > cin_o[%u:%u]) : %s;", rg_bit(e, "r_o", G, g),
				rg_bit(e, "full", G, g), 3 * g + 2, 3 * g, 3 * g + 2, 3 * g, rg_bit(e, "old_r_i", G, g));
	}

	em_blank(e);
	em_line(e, "// zero mask. Lane order: an active lane's bit is its zero flag, an inactive lane's is kept.");
	em_line(e, "// Cross-lane order: all-active group: the word's zero flag; partially active (slot rule): the");
	em_line(e, "// bit stays 1 only if it was 1 and the active bytes are zero; idle group: kept (az = 1).");
	for (g = 0; g < G; g++)
		for (i = 0; i < 4; i++) {
			unsigned w = 4 * g + i;
			const char *l0 = em_fmt(e, "act[%u] ? zin[%u] : old_zm_i[%u]", w, w, w);
			const char *l1 = em_fmt(e, "az[%u] & (%s | old_zm_i[%u])", w, rg_bit(e, "full", G, g), w);
			if (mode == RFM_ZG_IN_LANE)
				em_line(e, "assign zm_o[%u] = %s;", w, l0);
			else if (mode == RFM_ZG_CROSS_LANE)
				em_line(e, "assign zm_o[%u] = %s;", w, l1);
			else
				em_line(e, "assign zm_o[%u] = %s ? (%s) : (%s);", w, rg_bit(e, "r_o", G, g), l1, l0);
		}

	em_blank(e);
	em_line(e, "// byte enables, per sub-bank k (bit t = lane t). Lane order: the lane is active and not zero.");
	em_line(e, "// Cross-lane order: the group has an active lane and word (g, k) is not zero; then the active");
	em_line(e, "// lanes' bytes are written, and the inactive lanes' too when the word was zero (written 8'h00)");
	if (mode == RFM_ZG_IN_LANE)
		em_line(e, "assign wen_o = {4{act & ~zin}};");
	for (k = 0; k < 4 && r1; k++) {
		snprintf(x, sizeof(x), "%s & ~%s & (act | %s)", bcast(b1, sizeof(b1), "any", G, 1, 0, G),
			 bcast(b2, sizeof(b2), "zm_o", W, 4, k, G), bcast(b3, sizeof(b3), "old_zm_i", W, 4, k, G));
		if (mode == RFM_ZG_CROSS_LANE) {
			em_line(e, "assign wen_o[%u:%u] = %s;", W * k + W - 1, W * k, x);
		} else {
			bcast(b4, sizeof(b4), "r_o", G, 1, 0, G);
			em_line(e, "assign wen_o[%u:%u] = (%s & %s) | (~%s & act & ~zin);", W * k + W - 1, W * k, b4, x, b4);
		}
	}
	em_line(e, "// the materialized zeros: bytes written for an inactive lane");
	em_line(e, "assign fill_o = wen_o & ~{4{act}};");

	em_blank(e);
	em_line(e, "// gated words (item 27): no active lane has a byte in them, or needed and zero");
	if (mode == RFM_ZG_IN_LANE)
		em_line(e, "assign need = act;");
	else if (mode == RFM_ZG_CROSS_LANE)
		em_line(e, "assign need = %s;", bcast(b1, sizeof(b1), "any", G, 1, 0, G));
	else
		em_line(e, "assign need = (%s & %s) | (~%s & act);", bcast(b4, sizeof(b4), "r_o", G, 1, 0, G),
			bcast(b1, sizeof(b1), "any", G, 1, 0, G), b4);
	em_line(e, "assign nneed = ~need;");
	em_line(e, "assign zneed = need & zm_o;");
	rg_popcount(e, "gi_n", "nneed", W, cw);
	rg_popcount(e, "gated_zero_o", "zneed", W, cw);
	em_line(e, "assign gated_inactive_o = valid_i ? gi_n : '0;");
}

void rg_emit_rf_zero_read(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned W = c->rf_lanes, G = W / 4, mode = c->coalescing_zero_gating, cw = rfm_cntw(W), k, g, b;
	char b1[2048], b2[2048], b3[2048];
	(void)pt;

	em_blank(e);
	em_line(e, "localparam int Lanes = %u;  // lanes; %u group%s of 4 lanes (group g = lanes 4g .. 4g+3)", W, G,
		G > 1 ? "s" : "");
	em_line(e, "// zero_gating = %s: %s", rfm_enum_zgate[mode],
		mode == RFM_ZG_IN_LANE      ? "every group in lane order (R = 0)"
		: mode == RFM_ZG_CROSS_LANE ? "every group in cross-lane order (R = 1)"
					    : "each group in the order its R-bit says");
	em_blank(e);
	em_line(e, "logic [Lanes-1:0] need;  // bit t: lane t's words are needed (B10: R = 1, any lane of the group)");
	em_line(e, "logic [Lanes-1:0] nneed, zneed;");
	if (mode != RFM_ZG_IN_LANE)
		em_line(e, "logic %sany, zall;  // group: some lane active; all 4 words zero", G > 1 ? em_fmt(e, "[%u:0] ", G - 1) : "");
	for (k = 0; k < 4; k++)
		em_line(e, "logic [Lanes-1:0] z%u;  // bit t: the word holding byte (t, %u) is zero", k, k);
	if (mode == RFM_ZG_IN_LANE)
		rg_unused(e, "r", "r_i");
	if (mode == RFM_ZG_CROSS_LANE)
		rg_unused(e, "r", "r_i");

	em_blank(e);
	if (mode != RFM_ZG_IN_LANE) {
		emit_group_activity(e, "active_i", G, 0);
		for (g = 0; g < G; g++)
			em_line(e, "assign %s = &zm_i[%u:%u];", rg_bit(e, "zall", G, g), 4 * g + 3, 4 * g);
	}
	em_line(e, "// zero switch cells: per byte (t, k) the lane's bit zm[t] (R = 0) or word (g, k)'s bit");
	em_line(e, "// zm[4g+k] (R = 1)");
	for (k = 0; k < 4; k++) {
		if (mode == RFM_ZG_IN_LANE)
			em_line(e, "assign z%u = zm_i;", k);
		else if (mode == RFM_ZG_CROSS_LANE)
			em_line(e, "assign z%u = %s;", k, bcast(b1, sizeof(b1), "zm_i", W, 4, k, G));
		else
			em_line(e, "assign z%u = (%s & %s) | (~%s & zm_i);", k, bcast(b2, sizeof(b2), "r_i", G, 1, 0, G),
				bcast(b1, sizeof(b1), "zm_i", W, 4, k, G), b2);
	}
	if (mode == RFM_ZG_IN_LANE) {
		em_line(e, "assign need = active_i;");
		em_line(e, "assign zlane_o = zm_i;");
	} else if (mode == RFM_ZG_CROSS_LANE) {
		em_line(e, "assign need = %s;", bcast(b1, sizeof(b1), "any", G, 1, 0, G));
		em_line(e, "// a lane is known zero when all 4 words of its group are (B8, conservative)");
		em_line(e, "assign zlane_o = %s;", bcast(b1, sizeof(b1), "zall", G, 1, 0, G));
	} else {
		bcast(b2, sizeof(b2), "r_i", G, 1, 0, G);
		em_line(e, "assign need = (%s & %s) | (~%s & active_i);", b2, bcast(b1, sizeof(b1), "any", G, 1, 0, G), b2);
		em_line(e, "// a lane is known zero: R = 0 its bit; R = 1 all 4 words of its group (B8, conservative)");
		em_line(e, "assign zlane_o = (%s & %s) | (~%s & zm_i);", b2, bcast(b3, sizeof(b3), "zall", G, 1, 0, G), b2);
	}

	em_blank(e);
	em_line(e, "// byte read enables: sub-bank in pmask, word needed, word not zero; bytes not read are 8'h00");
	for (k = 0; k < 4; k++)
		em_line(e, "assign ren_o[%u:%u] = {Lanes{pmask_i[%u]}} & need & ~z%u;", W * k + W - 1, W * k, k, k);
	for (b = 0; b < 4 * W; b++)
		em_line(e, "assign data_o[%u:%u] = rdata_i[%u:%u] & {8{ren_o[%u]}};", 8 * b + 7, 8 * b, 8 * b + 7, 8 * b, b);

	em_blank(e);
	em_line(e, "// gated words (item 27, pmask not counted): not needed, or needed and zero");
	em_line(e, "assign nneed = ~need;");
	em_line(e, "assign zneed = need & zm_i;");
	rg_popcount(e, "gated_inactive_o", "nneed", W, cw);
	rg_popcount(e, "gated_zero_o", "zneed", W, cw);
}

/* rf_zmask_array: the zero-mask buffer's entries, flow-through reads, writes at the edge. */
void rg_emit_rf_zmask_array(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	static const char *const about[] = {
		"One 1-D array of {R-bits, zero mask}, not reset (rf_zmask_buffer's valid bits say which",
		"registers were written since reset), so the ASIC flow can keep it as an SRAM macro; reads",
		"are flow-through and see the array as it was at the start of the cycle; writes at the edge,",
		"a later port winning on one row.", NULL};
	rg_ftarray_t a = {{0}, "rows: warp registers, bank x entries + row", about};
	(void)pt;
	rfm_zmask_array_geom(c, &a.g);
	rg_ftarray(e, &a);
}

/* rf_zmask_buffer's lookup q: issue lookup i<q> for the first nl, then old-entry lookup o<q - nl>. */
static const char *zb_lookup(em_t *e, unsigned nl, unsigned q)
{
	return q < nl ? em_fmt(e, "i%u", q) : em_fmt(e, "o%u", q - nl);
}

void rg_emit_rf_zmask_buffer(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned W = c->rf_lanes, G = W / 4, E = W + G, P = c->d.warp_regs, pw = c->d.pack_w;
	unsigned NL = c->sm_schedulers * c->sm_operands, NW = c->rf_write_ports, q, p;
	int pow2 = P == (1u << pw);
	rfm_cz_entry_t rst = rfm_cz_reset_entry(W, c->coalescing_zero_gating);
	(void)pt;

	em_blank(e);
	em_line(e, "localparam int Regs      = %u;  // warp registers: banks x entries", P);
	em_line(e, "localparam int EntryBits = %u;  // {R-bits[%u], zero mask[%u]}", E, G, W);
	em_line(e, "// reset: every word zero (a never-written register reads 0 whatever the banks hold)%s",
		c->coalescing_zero_gating == RFM_ZG_CROSS_LANE ? ", R = 1" : ", R = 0");
	em_line(e, "localparam logic [EntryBits-1:0] ResetEntry = {%u'h%llx, %u'h%llx};", G, (unsigned long long)rst.r, W,
		(unsigned long long)rst.zm);
	em_blank(e);
	em_line(e, "// the entries live in rf_zmask_array (not reset: an SRAM macro where the flows make one);");
	em_line(e, "// a valid bit per register, in flops, says whether its entry was written since reset, and");
	em_line(e, "// an entry not written reads ResetEntry without reading the array");
	em_line(e, "logic [Regs-1:0] valid_q;");
	for (q = 0; q < NL + NW; q++) {
		const char *n = zb_lookup(e, NL, q);
		if (pow2)
			em_line(e, "logic %s_v;", n);
		else
			em_line(e, "logic %s_in, %s_v;", n, n);
		em_line(e, "logic [EntryBits-1:0] %s_a, %s_e;", n, n);
	}
	for (p = 0; p < NW; p++)
		em_line(e, "logic [EntryBits-1:0] w%u_e;", p);

	em_blank(e);
	em_line(e, "// lookups: the state before the edge (an update of the same cycle is not seen)%s",
		pow2 ? "" : "; registers past Regs-1 read 0");
	for (q = 0; q < NL + NW; q++) {
		const char *n = zb_lookup(e, NL, q);
		if (pow2) {
			em_line(e, "assign %s_v = valid_q[%s_pack_i];", n, n);
			em_line(e, "assign %s_e = %s_v ? %s_a : ResetEntry;", n, n, n);
		} else {
			em_line(e, "assign %s_in = %s_pack_i < %s;", n, n, em_lit(e, pw, P));
			em_line(e, "assign %s_v = %s_in & valid_q[%s_pack_i];", n, n, n);
			em_line(e, "assign %s_e = %s_v ? %s_a : %s_in ? ResetEntry : '0;", n, n, n, n);
		}
		em_line(e, "assign %s_zm_o = %s_e[%u:0];", n, n, W - 1);
		if (G > 1)
			em_line(e, "assign %s_r_o = %s_e[%u:%u];", n, n, E - 1, W);
		else
			em_line(e, "assign %s_r_o = %s_e[%u];", n, n, W);
	}
	for (p = 0; p < NW; p++)
		em_line(e, "assign w%u_e = {w%u_r_i, w%u_zm_i};", p, p, p);

	em_blank(e);
	em_line(e, "// the array: a read port per lookup, enabled by the register's valid bit; a write port per");
	em_line(e, "// update (the higher port wins on one register, as in the array)");
	em_open(e, "rf_zmask_array u_array (");
	rg_conn(e, "clk_i", "clk_i");
	for (q = 0; q < NL + NW; q++) {
		const char *n = zb_lookup(e, NL, q);
		rg_conn(e, em_fmt(e, "r%u_en_i", q), em_fmt(e, "%s_v", n));
		rg_conn(e, em_fmt(e, "r%u_row_i", q), em_fmt(e, "%s_pack_i", n));
		rg_conn(e, em_fmt(e, "r%u_e_o", q), em_fmt(e, "%s_a", n));
	}
	for (p = 0; p < NW; p++) {
		rg_conn(e, em_fmt(e, "w%u_en_i", p), em_fmt(e, "w%u_valid_i", p));
		rg_conn(e, em_fmt(e, "w%u_row_i", p), em_fmt(e, "w%u_pack_i", p));
		rg_conn(e, em_fmt(e, "w%u_e_i", p), em_fmt(e, "w%u_e", p));
	}
	rg_conn_end(e);

	em_blank(e);
	em_line(e, "// valid bits: set by an update at the edge%s; reset clears them all",
		pow2 ? "" : " (registers past Regs-1 match none)");
	em_open(e, "for (genvar r = 0; r < Regs; r++) begin : g_valid");
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_line(e, "if (!rst_ni) valid_q[r] <= 1'b0;");
	for (p = 0; p < NW; p++)
		em_line(e, "else if (w%u_valid_i && w%u_pack_i == %u'(r)) valid_q[r] <= 1'b1;", p, p, pw);
	em_close(e, "end");
	em_close(e, "end");
}
