/* emit_coal_width.c - bodies of rf_ti_convert, rf_byte_swap, rf_width_detect and rf_mask_buffer,
 * the write path and storage formats of the coalescing-aware register file (docs/coalescing.md;
 * the notes behind docs/coalescing.md, sections 2.2-2.4, 2.10, 5 A1-A5; model: cmodel/coalescing/coal_width.c). */
#include "rg.h"

/* "sig[lo + w - 1 : lo]" of a sig of width bits. */
static const char *slice(em_t *e, const char *sig, unsigned width, unsigned lo, unsigned w)
{
	return rg_part(e, sig, width, lo + w - 1, lo);
}

void rg_emit_rf_ti_convert(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned L = c->rf_lanes, W = 32 * L, t, k;
	(void)pt;
	em_blank(e);
	em_line(e, "// Wiring only, no logic, for %u lanes: byte k of lane t is BI byte 4t + k and TI byte", L);
	em_line(e, "// %u*k + t, TI[%u*k + 8t + i] = BI[32t + 8k + i]. TI slice k (%u bytes) is sub-bank k.", L, 8 * L, L);
	em_blank(e);
	em_line(e, "// BI -> TI (results written into the register file)");
	for (k = 0; k < 4; k++) {
		em_line(e, "// slice %u: byte %u of every lane", k, k);
		for (t = 0; t < L; t++)
			em_line(e, "assign %s = %s;", slice(e, "ti_o", W, 8 * (L * k + t), 8), slice(e, "bi_i", W, 32 * t + 8 * k, 8));
	}
	em_blank(e);
	em_line(e, "// TI -> BI (operands leaving the collectors)");
	for (t = 0; t < L; t++) {
		em_line(e, "// lane %u", t);
		for (k = 0; k < 4; k++)
			em_line(e, "assign %s = %s;", slice(e, "bi_o", W, 32 * t + 8 * k, 8), slice(e, "ti_i", W, 8 * (L * k + t), 8));
	}
}

void rg_emit_rf_byte_swap(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned L = c->rf_lanes, W = 32 * L, t;
	(void)pt;
	em_blank(e);
	em_line(e, "// %u lanes. One 2:1 mux level per bit: with sel_i, byte k of lane t takes byte 3 - k of the same", L);
	em_line(e, "// lane (bswap32); no byte leaves its lane. In TI this reverses the four sub-bank slices.");
	for (t = 0; t < L; t++) {
		unsigned b = 32 * t;
		em_line(e, "assign %s = sel_i ? {%s, %s, %s, %s} : %s;", slice(e, "data_o", W, b, 32),
			slice(e, "data_i", W, b, 8), slice(e, "data_i", W, b + 8, 8), slice(e, "data_i", W, b + 16, 8),
			slice(e, "data_i", W, b + 24, 8), slice(e, "data_i", W, b, 32));
	}
}

void rg_emit_rf_width_detect(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned L = c->rf_lanes, W = 32 * L, t, k, p;
	char lr[24]; /* the lane-vector range (em_fmt's scratch strings rotate) */
	(void)pt;
	snprintf(lr, sizeof(lr), "[%u:0]", L - 1);
	em_blank(e);
	em_line(e, "localparam int Lanes = %u;", L);
	em_blank(e);
	em_line(e, "// A write-back with valid_i low has no active lane: no enables, pmask 0, the stored code stays.");
	em_line(e, "logic %s act;", lr);
	em_line(e, "logic any_act, all_act;");
	em_line(e, "assign act = valid_i ? active_i : '0;");
	em_line(e, "assign any_act = |act;");
	em_line(e, "assign all_act = &act;");
	em_blank(e);
	em_line(e, "// Per lane: bit 31, and per upper byte k = 1..3 whether the byte differs from a 0x00 fill");
	em_line(e, "// (OR of its bits, nz) or from a 0xFF fill (NAND of its bits, nf).");
	em_line(e, "logic %s msb, nz1, nz2, nz3, nf1, nf2, nf3;", lr);
	for (t = 0; t < L; t++) {
		em_line(e, "assign msb[%u] = data_i[%u];", t, 32 * t + 31);
		for (k = 1; k < 4; k++) {
			const char *b = slice(e, "data_i", W, 32 * t + 8 * k, 8);
			em_line(e, "assign nz%u[%u] = |%s;", k, t, b);
			em_line(e, "assign nf%u[%u] = ~&%s;", k, t, b);
		}
	}
	em_blank(e);
	em_line(e, "// Width detection over the active lanes (spec 2.4): sign = OR of their bit 31 (A3); byte k is");
	em_line(e, "// needed when some active lane's byte k is not the sign fill; the thermometer keeps every byte");
	em_line(e, "// below a needed one (A2), so the logical mask is 0001, 0011, 0111 or 1111 and enc = width - 1 (A1).");
	em_line(e, "logic sign, need1, need2, need3, lm1, lm2, lm3;");
	em_line(e, "logic [1:0] enc;");
	em_line(e, "assign sign = |(msb & act);");
	for (k = 1; k < 4; k++)
		em_line(e, "assign need%u = sign ? |(nf%u & act) : |(nz%u & act);", k, k, k);
	em_line(e, "assign lm3 = need3;");
	em_line(e, "assign lm2 = need3 | need2;");
	em_line(e, "assign lm1 = lm2 | need1;");
	em_line(e, "assign enc = {lm2, lm3 | (lm1 & ~lm2)};");
	em_line(e, "assign sign_o = sign;");
	em_line(e, "assign enc_o = enc;");
	em_blank(e);
	em_line(e, "// Final code (A4): all lanes active: the new code; some: the wider of new and old when the signs");
	em_line(e, "// agree, else 4 bytes; the sign is the new one. No lane active: the stored code.");
	em_line(e, "logic [1:0] wider, fenc;");
	em_line(e, "logic fsign;");
	em_line(e, "assign wider = enc > old_enc_i ? enc : old_enc_i;");
	em_line(e, "assign fenc = ~any_act ? old_enc_i : all_act ? enc : (sign == old_sign_i) ? wider : 2'd3;");
	em_line(e, "assign fsign = any_act ? sign : old_sign_i;");
	em_line(e, "assign fsign_o = fsign;");
	em_line(e, "assign fenc_o = fenc;");
	em_blank(e);
	em_line(e, "// Logical masks of the final and the old code, bytes 3..1 (byte 0 is always stored).");
	em_line(e, "logic [3:1] lmf, lmo;");
	em_line(e, "assign lmf = {fenc == 2'd3, fenc >= 2'd2, fenc != 2'd0};");
	em_line(e, "assign lmo = {old_enc_i == 2'd3, old_enc_i >= 2'd2, old_enc_i != 2'd0};");
	em_line(e, "// physical sub-bank mask: odd registers are byte-swapped, so their mask is reversed (spec 2.3)");
	em_line(e, "assign pmask_o = ~any_act ? 4'b0000 : odd_i ? {1'b1, lmf[1], lmf[2], lmf[3]} : {lmf, 1'b1};");
	em_blank(e);
	em_line(e, "// Byte enables of logical byte k (bit t = lane t): active lanes write k < final width; inactive");
	em_line(e, "// lanes write only old width <= k < final width, with the old sign fill (A4).");
	em_line(e, "logic %s ben0, ben1, ben2, ben3;", lr);
	em_line(e, "assign ben0 = act;");
	for (k = 1; k < 4; k++)
		em_line(e, "assign ben%u = {Lanes{lmf[%u]}} & (act | {Lanes{~lmo[%u]}});", k, k, k);
	em_line(e, "// bwe_o bit Lanes*p + t enables wdata_o byte Lanes*p + t: sub-bank p, lane t; sub-bank p holds");
	em_line(e, "// logical byte p of an even register and byte 3 - p of an odd one");
	for (p = 0; p < 4; p++)
		em_line(e, "assign %s = odd_i ? ben%u : ben%u;", slice(e, "bwe_o", 4 * L, L * p, L), 3 - p, p);
	em_blank(e);
	em_line(e, "// Write data: inactive lanes carry the old sign fill (only their enabled bytes matter), odd");
	em_line(e, "// registers are byte-swapped inside each lane, then BI -> TI wiring.");
	em_line(e, "logic %s merged, swapped, ti_back;", em_rng(e, W));
	for (t = 0; t < L; t++)
		em_line(e, "assign %s = act[%u] ? %s : {32{old_sign_i}};", slice(e, "merged", W, 32 * t, 32), t,
			slice(e, "data_i", W, 32 * t, 32));
	em_blank(e);
	em_open(e, "rf_byte_swap u_swap (");
	rg_conn(e, "data_i", "merged");
	rg_conn(e, "sel_i", "odd_i");
	rg_conn(e, "data_o", "swapped");
	rg_conn_end(e);
	em_blank(e);
	em_line(e, "// the read-side half of the converter is not used here");
	em_open(e, "rf_ti_convert u_ti (");
	rg_conn(e, "bi_i", "swapped");
	rg_conn(e, "ti_o", "wdata_o");
	rg_conn(e, "ti_i", em_fmt(e, "%u'd0", W));
	rg_conn(e, "bi_o", "ti_back");
	rg_conn_end(e);
	rg_unused(e, "ti_back", "ti_back");
}

void rg_emit_rf_mask_buffer(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned N = c->d.warp_regs, i, p, NL = c->sm_schedulers * c->sm_operands, NW = c->rf_write_ports;
	(void)pt;
	em_blank(e);
	em_line(e, "localparam int Entries = %u;  // physical warp registers: index = bank x %u + row", N, c->rf_entries);
	em_blank(e);
	em_line(e, "// Entry e = {sign_q[e], enc_q[2e+1:2e]}: %u x 3 = %u bits. Reset {0, 00}: a never-written", N, 3 * N);
	em_line(e, "// register reads as a 1-byte zero, like its zero-initialized storage (A11).");
	em_line(e, "logic [Entries-1:0] sign_q, sign_d;");
	em_line(e, "logic [2*Entries-1:0] enc_q, enc_d;");
	em_blank(e);
	em_line(e, "// Lookups read the state at the start of the cycle: an update in the same cycle is seen from");
	em_line(e, "// the next one.");
	for (i = 0; i < NL; i++) {
		em_line(e, "assign l%u_sign_o = sign_q[l%u_idx_i];", i, i);
		em_line(e, "assign l%u_enc_o = enc_q[{l%u_idx_i, 1'b0} +: 2];", i, i);
	}
	for (p = 0; p < NW; p++) {
		em_line(e, "assign o%u_sign_o = sign_q[o%u_idx_i];", p, p);
		em_line(e, "assign o%u_enc_o = enc_q[{o%u_idx_i, 1'b0} +: 2];", p, p);
	}
	em_blank(e);
	em_line(e, "// Updates (in the cycle the bank write is granted) commit at the edge, in port order: a");
	em_line(e, "// higher-numbered port wins on the same entry (the WAW scoreboard keeps that from happening).");
	em_open(e, "always_comb begin");
	em_line(e, "sign_d = sign_q;");
	em_line(e, "enc_d = enc_q;");
	for (p = 0; p < NW; p++) {
		em_open(e, "if (u%u_valid_i) begin", p);
		em_line(e, "sign_d[u%u_idx_i] = u%u_sign_i;", p, p);
		em_line(e, "enc_d[{u%u_idx_i, 1'b0} +: 2] = u%u_enc_i;", p, p);
		em_close(e, "end");
	}
	em_close(e, "end");
	em_blank(e);
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	em_line(e, "sign_q <= '0;");
	em_line(e, "enc_q <= '0;");
	em_reopen(e, "end else begin");
	em_line(e, "sign_q <= sign_d;");
	em_line(e, "enc_q <= enc_d;");
	em_close(e, "end");
	em_close(e, "end");
	em_blank(e);
	em_line(e, "assign msign_o = sign_q;");
	em_line(e, "assign menc_o = enc_q;");
}
