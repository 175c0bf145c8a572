/* emit_virt.c - bodies of rf_free_bitmap and rf_rename_table, register file virtualization's
 * availability flag and renaming table (docs/virtualization.md; model: cmodel/virtualization/virt.c,
 * rfm_fb_comb and rfm_rt_comb). */
#include "rfm_models.h"
#include "rfm_virt.h"
#include "rg.h"

/* The allocator's own checks (docs/virtualization.md, "Availability flag"), each on the state and
 * ports of one cycle, so a proof of the block alone with every input free carries them to every
 * depth: a grant hands out an id free at the start of the cycle (a register is never allocated
 * twice), two allocation ports never get one id, two release ports never free one id, the next
 * flag is the current one less the releases plus the grants (no leak, no phantom), and a request
 * is refused only when every id is occupied or granted to an earlier port. */
static void free_bitmap_asserts(em_t *e, const rfm_cfg_t *c)
{
	unsigned P = c->d.warp_regs, pw = c->d.pack_w, A = c->rf_write_ports, NR = rfm_fb_nrel(c), a, b, r;
	const char *one = em_lit(e, P, 1);
	em_str_t x = {0};
	rg_assert_begin(e, "allocator rules 1-5");
	em_line(e, "logic %s fb_gnt, fb_rel;  // ids granted, ids freed in this cycle (one-hot)", em_rng(e, P));
	if (A > 1)
		em_line(e, "logic fb_gnt_ok;  // no id granted to two ports");
	if (NR > 1)
		em_line(e, "logic fb_rel_ok;  // no id freed by two ports");
	for (a = 0; a < A; a++)
		em_add(&x, " | ", "(a%u_gnt ? %s << a%u_pid : '0)", a, one, a);
	em_line(e, "assign fb_gnt = %s;", em_str(&x));
	em_str_free(&x);
	for (r = 0; r < NR; r++)
		em_add(&x, " | ", "(r%u_free ? %s << r%u_pid_i : '0)", r, one, r);
	em_line(e, "assign fb_rel = %s;", em_str(&x));
	em_str_free(&x);
	for (a = 0; a < A; a++)
		for (b = 0; b < a; b++)
			em_add(&x, " & ", "~(a%u_gnt & a%u_gnt & (a%u_pid == a%u_pid))", b, a, b, a);
	if (A > 1)
		em_line(e, "assign fb_gnt_ok = %s;", em_str(&x));
	em_str_free(&x);
	for (r = 0; r < NR; r++)
		for (b = 0; b < r; b++)
			em_add(&x, " & ", "~(r%u_free & r%u_free & (r%u_pid_i == r%u_pid_i))", b, r, b, r);
	if (NR > 1)
		em_line(e, "assign fb_rel_ok = %s;", em_str(&x));
	em_str_free(&x);
	rg_assert(e, "(fb_gnt & occ_q) == '0", "rf_free_bitmap", "rule 1", "docs/virtualization.md, Availability flag",
		  "an allocation hands out an id occupied at the start of the cycle");
	if (P != 1u << pw)
		for (a = 0; a < A; a++)
			rg_assert(e, em_fmt(e, "!a%u_gnt | (a%u_pid < %s)", a, a, em_lit(e, pw, P)), "rf_free_bitmap", "rule 1",
				  "docs/virtualization.md, Availability flag", "an allocation hands out an id beyond the file");
	if (A > 1)
		rg_assert(e, "fb_gnt_ok", "rf_free_bitmap", "rule 2", "docs/virtualization.md, Availability flag",
			  "two allocation ports get one id");
	if (NR > 1)
		rg_assert(e, "fb_rel_ok", "rf_free_bitmap", "rule 3", "docs/virtualization.md, Availability flag",
			  "two release ports free one id");
	rg_assert(e, "launch_i | (occ_d == ((occ_q & ~fb_rel) | fb_gnt))", "rf_free_bitmap", "rule 4",
		  "docs/virtualization.md, Availability flag", "the next flag is not the flag less releases plus grants");
	for (a = 0; a < A; a++) {
		em_add(&x, " | ", "occ_q");
		for (b = 0; b < a; b++)
			em_add(&x, " | ", "(a%u_gnt ? %s << a%u_pid : '0)", b, one, b);
		rg_assert(e, em_fmt(e, "!(a%u_req_i & ~launch_i & ~a%u_gnt) | ((%s) == '1)", a, a, em_str(&x)),
			  "rf_free_bitmap", "rule 5", "docs/virtualization.md, Availability flag",
			  "an allocation is refused with an id free");
		em_str_free(&x);
	}
	rg_assert_end(e);
}

void rg_emit_rf_free_bitmap(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned P = c->d.warp_regs, pw = c->d.pack_w, A = c->rf_write_ports, NR = rfm_fb_nrel(c);
	unsigned cw = rfm_cntw(NR), stride = rfm_vt_stride(c) % P, a, r, j, d, p;
	int spread = c->virtualization_policy == RFM_VP_SPREAD, pow2 = P == (1u << pw);
	(void)pt;

	em_blank(e);
	em_line(e, "// %u physical registers; bit p of occ set = occupied (mapped or reserved)", P);
	em_line(e, "logic %s occ_q, occ_d, taken, resv;", em_rng(e, P));
	em_line(e, "logic %s below;", em_rng(e, P + 1));
	em_line(e, "logic %s last_q, last_d;  // last id allocated (spread policy)", em_rng(e, pw));
	em_line(e, "logic %s f;", em_rng(e, pw));
	em_line(e, "logic found;");
	if (spread) {
		em_line(e, "logic %s start, prev;", em_rng(e, pw));
		em_line(e, "logic %s rot;", em_rng(e, P));
		em_line(e, "logic %s sum;", em_rng(e, pw + 1));
	}
	for (a = 0; a < A; a++) {
		em_line(e, "logic a%u_gnt;", a);
		em_line(e, "logic %s a%u_pid;", em_rng(e, pw), a);
	}
	for (r = 0; r < NR; r++) {
		em_line(e, "logic %s r%u_sh;", em_rng(e, P), r);
		em_line(e, "logic r%u_free;  // frees an occupied id, not already freed by an earlier port", r);
	}
	em_line(e, "logic %s nfree;", em_rng(e, cw));

	em_blank(e);
	em_line(e, "// launch: ids 0 .. launch_resv_i-1 are reserved for the exempt registers");
	em_line(e, "assign below = (%s << launch_resv_i) - %s;", em_lit(e, P + 1, 1), em_lit(e, P + 1, 1));
	em_line(e, "assign resv = below[%u:0];", P - 1);
	em_blank(e);
	em_line(e, "// releases free an id occupied at the start of the cycle; duplicates count once; a launch");
	em_line(e, "// cycle does nothing but the launch");
	for (r = 0; r < NR; r++) {
		em_line(e, "assign r%u_sh = occ_q >> r%u_pid_i;", r, r);
		em_part(e, "assign r%u_free = ~launch_i & r%u_valid_i & r%u_sh[0]", r, r, r);
		for (j = 0; j < r; j++)
			em_part(e, " & ~(r%u_free & (r%u_pid_i == r%u_pid_i))", j, j, r);
		em_part(e, ";\n");
	}
	em_part(e, "assign nfree = '0");
	for (r = 0; r < NR; r++)
		em_part(e, " + %u'(r%u_free)", cw, r);
	em_part(e, ";\n");

	rg_ffz_function(e, P);
	if (spread) {
		em_blank(e);
		em_line(e, "// v rotated right by s: bit i of the result is bit (s + i) mod %u of v", P);
		em_open(e, "function automatic logic %s rotr(input logic %s v, input logic %s s);", em_rng(e, P), em_rng(e, P),
			em_rng(e, pw));
		em_line(e, "rotr = %u'({v, v} >> s);", P);
		em_close(e, "endfunction");
	}

	em_blank(e);
	em_line(e, "// allocation ports in order: each takes the policy's choice (%s) among the ids",
		spread ? "spread: the first free id at or after last + one sub-array group, circularly"
		       : "consolidate: the lowest free id");
	em_line(e, "// free at the start of the cycle and not granted to an earlier port");
	em_open(e, "always_comb begin");
	em_line(e, "occ_d = occ_q;");
	em_line(e, "taken = occ_q;");
	em_line(e, "last_d = last_q;");
	em_line(e, "found = 1'b0;");
	em_line(e, "f = '0;");
	if (spread) {
		em_line(e, "prev = last_q;");
		em_line(e, "start = '0;");
		em_line(e, "rot = '0;");
		em_line(e, "sum = '0;");
	}
	for (a = 0; a < A; a++) {
		em_line(e, "a%u_gnt = 1'b0;", a);
		em_line(e, "a%u_pid = '0;", a);
	}
	em_open(e, "if (launch_i) begin");
	em_line(e, "occ_d = resv;");
	em_line(e, "last_d = %s;  // the first spread search starts at 0", em_lit(e, pw, (P - stride) % P));
	em_reopen(e, "end else begin");
	for (r = 0; r < NR; r++)
		em_line(e, "if (r%u_free) occ_d[r%u_pid_i] = 1'b0;", r, r);
	for (a = 0; a < A; a++) {
		em_open(e, "if (a%u_req_i) begin", a);
		if (spread) {
			em_line(e, "sum = %u'(prev) + %s;", pw + 1, em_lit(e, pw + 1, stride));
			em_line(e, "start = sum >= %s ? %u'(sum - %s) : %u'(sum);", em_lit(e, pw + 1, P), pw, em_lit(e, pw + 1, P),
				pw);
			em_line(e, "rot = rotr(taken, start);");
			if (!pow2) /* ids beyond P-1 wrap into the rotated vector's top: mask them as taken */
				em_line(e, "rot = rot | ~rotr(~%u'(0), start);", P);
			em_line(e, "{found, f} = ffz(rot);");
			em_line(e, "sum = %u'(start) + %u'(f);", pw + 1, pw + 1);
			em_line(e, "f = sum >= %s ? %u'(sum - %s) : %u'(sum);", em_lit(e, pw + 1, P), pw, em_lit(e, pw + 1, P), pw);
		} else {
			em_line(e, "{found, f} = ffz(taken);");
		}
		em_open(e, "if (found) begin");
		em_line(e, "a%u_gnt = 1'b1;", a);
		em_line(e, "a%u_pid = f;", a);
		em_line(e, "taken[f] = 1'b1;");
		em_line(e, "occ_d[f] = 1'b1;");
		em_line(e, "last_d = f;");
		if (spread)
			em_line(e, "prev = f;");
		em_close(e, "end");
		em_close(e, "end");
	}
	em_close(e, "end");
	em_close(e, "end");

	em_blank(e);
	for (a = 0; a < A; a++) {
		em_line(e, "assign a%u_gnt_o = a%u_gnt;", a, a);
		em_line(e, "assign a%u_pid_o = a%u_pid;", a, a);
	}
	em_line(e, "assign occ_o = occ_q;");
	em_line(e, "assign nfree_o = nfree;");
	em_line(e, "// power-gating domains: domain d = sub-array (row / %u) x %u banks + bank", c->d.sa_rows, c->rf_banks);
	for (d = 0; d < c->d.domains; d++) {
		unsigned first = 1;
		em_part(e, "assign %s = |{", rg_bit(e, "dom_o", c->d.domains, d));
		for (p = P; p-- > 0;)
			if (rfm_vt_domain(c, p) == d) {
				em_part(e, "%socc_q[%u]", first ? "" : ", ", p);
				first = 0;
			}
		em_part(e, "};\n");
	}
	em_part(e, "logic unused_bitmap;\nassign unused_bitmap = ^{below[%u]",
	       P);
	for (r = 0; r < NR; r++)
		em_part(e, ", r%u_sh[%u:1]", r, P - 1);
	em_part(e, "};\n");
	(void)pow2;

	em_blank(e);
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	em_line(e, "occ_q <= '0;");
	em_line(e, "last_q <= %s;", em_lit(e, pw, (P - stride) % P));
	em_reopen(e, "end else begin");
	em_line(e, "occ_q <= occ_d;");
	em_line(e, "last_q <= last_d;");
	em_close(e, "end");
	em_close(e, "end");
	free_bitmap_asserts(e, c);
}

/* The name of rf_rename_table's access port o: lookups l<l>, then write-backs w<w>, then
 * invalidations i<i>. */
static const char *rt_port(em_t *e, const rfm_cfg_t *c, unsigned o)
{
	unsigned NL = rfm_rt_nlook(c), A = c->rf_write_ports;
	return o < NL ? em_fmt(e, "l%u", o) : o < NL + A ? em_fmt(e, "w%u", o - NL) : em_fmt(e, "i%u", o - NL - A);
}

/* rf_rt_bank: one bank of the table's ids, flow-through reads, writes at the edge. */
void rg_emit_rf_rt_bank(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	static const char *const about[] = {
		"One 1-D array, not reset (the valid bits in rf_rename_table say which rows hold a mapping),",
		"so the ASIC flow can keep it as an SRAM macro; reads are flow-through and see the array as it",
		"was at the start of the cycle; writes at the edge, a later port winning on one row.", NULL};
	rg_ftarray_t a = {{0}, NULL, about};
	(void)pt;
	rfm_rt_bank_geom(c, &a.g);
	a.rows_comment = em_fmt(e, "rows: bank b holds table entries b, b + %u, b + %u, ...", c->virtualization_rt_banks,
				2 * c->virtualization_rt_banks);
	rg_ftarray(e, &a);
}

/* rf_rename_table's invalidations, new mappings, outputs and state. */
static void rename_table_tail(em_t *e, const rfm_cfg_t *c)
{
	unsigned D = c->d.rt_depth, K = c->sm_schedulers, A = c->rf_write_ports;
	unsigned NL = rfm_rt_nlook(c), NI = rfm_rt_ninv(c), rw = rfm_clog2(K);
	unsigned i, o, w;
	em_line(e, "// invalidations report the mapping at the start of the cycle; a write-back to the same entry");
	em_line(e, "// in the same cycle cancels one (the redefinition keeps its physical register)");
	for (i = 0; i < NI; i++) {
		em_line(e, "assign i%u_hit_o = i%u_eff & i%u_v;", i, i, i);
		em_line(e, "assign i%u_pid_o = (i%u_eff & i%u_v) ? i%u_pid : '0;", i, i, i, i);
	}
	for (w = 0; w < A; w++) {
		em_line(e, "assign w%u_hit_o = ~launch_i & w%u_valid_i & w%u_v;", w, w, w);
		em_line(e, "assign w%u_pid_o = (~launch_i & w%u_valid_i & w%u_v) ? w%u_pid : '0;", w, w, w, w);
	}
	em_blank(e);
	em_line(e, "// the edge: invalidations, then new mappings (their ids go into the banks); a launch unmaps");
	em_line(e, "// every entry");
	em_open(e, "always_comb begin");
	em_line(e, "valid_d = valid_q;");
	if (K > 1)
		em_line(e, "rr_d = (rr_q == %s) ? '0 : rr_q + %s;", em_lit(e, rw, K - 1), em_lit(e, rw, 1));
	else
		em_line(e, "rr_d = '0;");
	em_open(e, "if (launch_i) begin");
	em_line(e, "valid_d = '0;");
	em_line(e, "rr_d = '0;");
	em_reopen(e, "end else begin");
	for (i = 0; i < NI; i++)
		em_line(e, "if (i%u_eff) valid_d[i%u_ix] = 1'b0;", i, i);
	for (w = 0; w < A; w++)
		em_line(e, "if (w%u_new_i & w%u_in) valid_d[w%u_ix] = 1'b1;", w, w, w);
	em_close(e, "end");
	em_close(e, "end");
	em_line(e, "assign valid_o = valid_q;");

	em_part(e, "logic unused_table;\nassign unused_table = ^{");
	for (o = 0; o < NL + A + NI; o++) {
		const char *pre = rt_port(e, c, o);
		em_part(e, "%s%s_vsh[%u:1]", o ? ", " : "", pre, D - 1);
	}
	em_part(e, "};\n");

	em_blank(e);
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	em_line(e, "valid_q <= '0;");
	em_line(e, "rr_q <= '0;");
	em_reopen(e, "end else begin");
	em_line(e, "valid_q <= valid_d;");
	em_line(e, "rr_q <= rr_d;");
	em_close(e, "end");
	em_close(e, "end");
}

/* The table's banks: rf_rt_bank b holds entries b, b + banks, ...; its lookup ports serve the
 * operands of the instruction that holds it (at most one: the bank conflict rule), then one read
 * port per write-back and per invalidation port, one write port per write-back port. */
static void rename_table_banks(em_t *e, const rfm_cfg_t *c)
{
	unsigned K = c->sm_schedulers, S = c->sm_operands, A = c->rf_write_ports, NI = rfm_rt_ninv(c);
	unsigned nb = c->virtualization_rt_banks, bw = rfm_clog2(nb), rw = rfm_rt_bank_row_w(c), pw = c->d.pack_w;
	unsigned NR = rfm_rt_bank_nread(c), b, g, s, p, o, NL = rfm_rt_nlook(c);
	for (b = 0; b < nb; b++) {
		em_blank(e);
		em_line(e, "// bank %u", b);
		em_line(e, "logic %s b%u_ren;", em_rng(e, NR), b);
		if (A > 1)
			em_line(e, "logic %s b%u_wen;", em_rng(e, A), b);
		else
			em_line(e, "logic b%u_wen;", b);
		for (p = 0; p < NR; p++) {
			em_line(e, "logic %s b%u_r%u_row;", em_rng(e, rw), b, p);
			em_line(e, "logic %s b%u_r%u_pid;", em_rng(e, pw), b, p);
		}
		for (s = 0; s < S; s++) { /* operand s of the served instruction holding the bank */
			em_part(e, "assign b%u_ren[%u] = ~launch_i & (1'b0", b, s);
			for (g = 0; g < K; g++)
				em_part(e, " | l%u_b%u", g * S + s, b);
			em_part(e, ");\n");
			em_part(e, "assign b%u_r%u_row = '0", b, s);
			for (g = 0; g < K; g++)
				em_part(e, " | (l%u_b%u ? l%u_row : '0)", g * S + s, b, g * S + s);
			em_part(e, ";\n");
		}
		for (p = 0; p < A; p++) {
			em_line(e, "assign b%u_ren[%u] = ~launch_i & w%u_valid_i & w%u_in & (w%u_bs == %s);", b, S + p, p, p, p,
				em_lit(e, bw, b));
			em_line(e, "assign b%u_r%u_row = w%u_row;", b, S + p, p);
			em_line(e, "assign %s = ~launch_i & w%u_new_i & w%u_in & (w%u_bs == %s);",
				rg_bit(e, em_fmt(e, "b%u_wen", b), A, p), p, p, p, em_lit(e, bw, b));
		}
		for (p = 0; p < NI; p++) {
			em_line(e, "assign b%u_ren[%u] = i%u_eff & (i%u_bs == %s);", b, S + A + p, p, p, em_lit(e, bw, b));
			em_line(e, "assign b%u_r%u_row = i%u_row;", b, S + A + p, p);
		}
		em_open(e, "rf_rt_bank u_bank%u (", b);
		rg_conn(e, "clk_i", "clk_i");
		for (p = 0; p < NR; p++) {
			rg_conn(e, em_fmt(e, "r%u_en_i", p), rg_bit(e, em_fmt(e, "b%u_ren", b), NR, p));
			rg_conn(e, em_fmt(e, "r%u_row_i", p), em_fmt(e, "b%u_r%u_row", b, p));
			rg_conn(e, em_fmt(e, "r%u_pid_o", p), em_fmt(e, "b%u_r%u_pid", b, p));
		}
		for (p = 0; p < A; p++) {
			rg_conn(e, em_fmt(e, "w%u_en_i", p), rg_bit(e, em_fmt(e, "b%u_wen", b), A, p));
			rg_conn(e, em_fmt(e, "w%u_row_i", p), em_fmt(e, "w%u_row", p));
			rg_conn(e, em_fmt(e, "w%u_pid_i", p), em_fmt(e, "w%u_newpid_i", p));
		}
		rg_conn_end(e);
	}
	em_blank(e);
	em_line(e, "// each port's id: its bank's read port");
	for (o = 0; o < NL + A + NI; o++) {
		const char *pre = rt_port(e, c, o);
		unsigned rp = o < NL ? o % S : o < NL + A ? S + (o - NL) : S + A + (o - NL - A);
		em_part(e, "assign %s_pid = '0", pre);
		for (b = 0; b < nb; b++)
			em_part(e, " | ((%s_bs == %s) ? b%u_r%u_pid : '0)", pre, em_lit(e, bw, b), b, rp);
		em_part(e, ";\n");
	}
}

void rg_emit_rf_rename_table(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned D = c->d.rt_depth, pw = c->d.pack_w, K = c->sm_schedulers, S = c->sm_operands, A = c->rf_write_ports;
	unsigned NL = rfm_rt_nlook(c), NI = rfm_rt_ninv(c), nb = c->virtualization_rt_banks;
	unsigned xw = c->d.warp_w + c->d.nregs_w + 1, rw = rfm_clog2(K), bw = rfm_clog2(nb), brw = rfm_rt_bank_row_w(c);
	unsigned i, s, g, o, w, b;
	(void)pt;

	em_blank(e);
	em_line(e, "// %u entries (index = warp x kren + reg) in %u banks (rf_rt_bank: bank = index %% %u, row = index / %u),",
		D, nb, nb, nb);
	em_line(e, "// %u-bit physical ids; the valid bits here, in flops", pw);
	em_line(e, "localparam logic %s Depth = %s;", em_rng(e, xw), em_lit(e, xw, D));
	em_line(e, "localparam logic %s Banks = %s;", em_rng(e, xw), em_lit(e, xw, nb));
	em_line(e, "logic %s valid_q, valid_d;", em_rng(e, D));
	em_line(e, "logic %s rr_q, rr_d;  // issue port with the first claim on the table banks", em_rng(e, rw));
	em_line(e, "logic %s kren_x;", em_rng(e, xw));
	em_line(e, "assign kren_x = %u'(kren_i);", xw);

	/* one access port: index, in range, bank and row, valid bit at the start of the cycle, id */
	for (o = 0; o < NL + A + NI; o++) {
		const char *pre = rt_port(e, c, o);
		char pb[8];
		snprintf(pb, sizeof(pb), "%s", pre);
		em_blank(e);
		em_line(e, "logic %s %s_idx;", em_rng(e, xw), pb);
		em_line(e, "logic %s %s_bs;  // its bank", em_rng(e, bw), pb);
		em_line(e, "logic %s %s_row;  // its row in the bank", em_rng(e, brw), pb);
		em_line(e, "logic %s %s_pid;  // the bank's id (0 when the bank is not read for it)", em_rng(e, pw), pb);
		em_line(e, "logic %s %s_vsh;", em_rng(e, D), pb);
		em_line(e, "logic %s_in, %s_v;", pb, pb);
		if (o >= NL) {
			em_line(e, "logic %s %s_ix;  // the index as a bit select of the valid bits", em_rng(e, c->d.rt_idx_w), pb);
			em_line(e, "assign %s_ix = %s;", pb, rg_part(e, em_fmt(e, "%s_idx", pb), xw, c->d.rt_idx_w - 1, 0));
		}
		em_line(e, "assign %s_idx = %u'(%s_warp_i) * kren_x + %u'(%s_reg_i);", pb, xw, pb, xw, pb);
		em_line(e, "assign %s_in = %s_idx < Depth;", pb, pb);
		em_line(e, "assign %s_bs = %u'(%s_idx %% Banks);", pb, bw, pb);
		em_line(e, "assign %s_row = %u'(%s_idx / Banks);", pb, brw, pb);
		em_line(e, "assign %s_vsh = valid_q >> %s_idx;", pb, pb);
		em_line(e, "assign %s_v = %s_in & %s;", pb, pb, rg_bit(e, em_fmt(e, "%s_vsh", pb), D, 0));
	}
	em_blank(e);
	for (i = 0; i < NI; i++) {
		em_line(e, "logic i%u_eff;", i);
		em_part(e, "assign i%u_eff = ~launch_i & i%u_valid_i & i%u_in", i, i, i);
		for (w = 0; w < A; w++)
			em_part(e, " & ~(w%u_valid_i & (w%u_idx == i%u_idx))", w, w, i);
		em_part(e, ";\n");
	}

	em_blank(e);
	em_line(e, "// lookups: the instruction of port rr first, then rr + 1, ...; an instruction is served");
	em_line(e, "// when no instruction served before it in this order uses one of its table banks");
	for (g = 0; g < K; g++) {
		em_line(e, "logic %s g%u_need;", em_rng(e, nb), g);
		em_part(e, "assign g%u_need = '0", g);
		for (s = 0; s < S; s++)
			em_part(e, " | ((l%u_valid_i & l%u_in) ? %u'(%s << l%u_bs) : '0)", g * S + s,
			       g * S + s, nb, em_lit(e, nb, 1), g * S + s);
		em_part(e, ";\n");
	}
	for (i = 0; i < K; i++) { /* order starting at port i */
		unsigned n;
		em_line(e, "logic %s o%u_served;", em_rng(e, K < 2 ? 2 : K), i);
		for (n = 0; n < K; n++) {
			unsigned gg = (i + n) % K;
			em_line(e, "logic o%u_s%u;", i, gg);
			em_part(e, "assign o%u_s%u = g%u_valid_i", i, gg, gg);
			if (n > 0) {
				unsigned m;
				em_part(e, " & ((g%u_need & (", gg);
				for (m = 0; m < n; m++) {
					unsigned gp = (i + m) % K;
					em_part(e, "%s(o%u_s%u ? g%u_need : '0)", m ? " | " : "", i, gp, gp);
				}
				em_part(e, ")) == '0)");
			}
			em_part(e, ";\n");
		}
		em_part(e, "assign o%u_served = {", i);
		if (K < 2)
			em_part(e, "1'b0, ");
		for (n = K; n-- > 0;)
			em_part(e, "o%u_s%u%s", i, n, n ? ", " : "};\n");
	}
	em_line(e, "logic %s served;", em_rng(e, K < 2 ? 2 : K));
	em_open(e, "always_comb begin");
	em_line(e, "served = o0_served;");
	em_open(e, "case (rr_q)");
	for (i = 1; i < K; i++)
		em_line(e, "%s: served = o%u_served;", em_lit(e, rw, i), i);
	em_line(e, "default: served = o0_served;");
	em_close(e, "endcase");
	em_close(e, "end");
	em_line(e, "// a launch cycle does nothing but the launch: no lookup, no release");
	for (g = 0; g < K; g++) {
		em_line(e, "assign g%u_served_o = ~launch_i & %s;", g, rg_bit(e, "served", K < 2 ? 2 : K, g));
		em_line(e, "assign g%u_conflict_o = ~launch_i & g%u_valid_i & ~%s;", g, g, rg_bit(e, "served", K < 2 ? 2 : K, g));
	}
	em_line(e, "// a served instruction's lookups, each of bank b (its read ports for operands)");
	for (i = 0; i < NL; i++) {
		em_line(e, "logic l%u_rd;", i);
		em_line(e, "assign l%u_rd = %s & l%u_valid_i & l%u_in;", i, rg_bit(e, "served", K < 2 ? 2 : K, i / S), i, i);
		for (b = 0; b < nb; b++) {
			em_line(e, "logic l%u_b%u;", i, b);
			em_line(e, "assign l%u_b%u = l%u_rd & (l%u_bs == %s);", i, b, i, i, em_lit(e, bw, b));
		}
	}
	rename_table_banks(e, c);
	em_blank(e);
	em_line(e, "// lookups read the table at the start of the cycle, but see a mapping recorded in this cycle");
	em_line(e, "// (a write-back allocating the register; port 0's if both do)");
	for (i = 0; i < NL; i++) {
		em_line(e, "logic l%u_byp;", i);
		em_line(e, "logic %s l%u_bpid;", em_rng(e, pw), i);
		em_open(e, "always_comb begin");
		em_line(e, "l%u_byp = 1'b0;", i);
		em_line(e, "l%u_bpid = '0;", i);
		for (w = A; w-- > 0;) {
			em_open(e, "if (w%u_new_i & w%u_in & (w%u_idx == l%u_idx)) begin", w, w, w, i);
			em_line(e, "l%u_byp = 1'b1;", i);
			em_line(e, "l%u_bpid = w%u_newpid_i;", i, w);
			em_close(e, "end");
		}
		em_close(e, "end");
		em_line(e, "assign l%u_hit_o = ~launch_i & l%u_rd & (l%u_byp | l%u_v);", i, i, i, i);
		em_line(e, "assign l%u_pid_o = ~(~launch_i & l%u_rd) ? '0 : l%u_byp ? l%u_bpid : l%u_v ? l%u_pid : '0;", i, i,
			i, i, i, i);
	}
	em_blank(e);
	rename_table_tail(e, c);
}

void rg_emit_rf_flag_decode(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned k;
	(void)c, (void)pt;
	em_blank(e);
	em_line(e, "// opcode = {word[63:58], word[3:0]}: pir 10'h%03x, pbr 10'h%03x; payload word[57:4]", RFM_OPC_PIR,
		RFM_OPC_PBR);
	em_line(e, "logic [9:0] opc;");
	em_line(e, "logic [53:0] payload;");
	em_line(e, "assign opc = {word_i[63:58], word_i[3:0]};");
	em_line(e, "assign payload = word_i[57:4];");
	em_line(e, "assign is_pir_o = opc == 10'h%03x;", RFM_OPC_PIR);
	em_line(e, "assign is_pbr_o = opc == 10'h%03x;", RFM_OPC_PBR);
	em_line(e, "assign flags_o = is_pir_o ? payload : '0;");
	em_line(e, "// pbr: slot k names register payload[6k+5:6k]; 63 marks an empty slot");
	for (k = 0; k < RFM_PBR_SLOTS; k++) {
		em_line(e, "assign reg%u_o = is_pbr_o ? payload[%u:%u] : '0;", k, 6 * k + 5, 6 * k);
		em_line(e, "assign reg%u_valid_o = is_pbr_o & (payload[%u:%u] != 6'd63);", k, 6 * k + 5, 6 * k);
	}
}

void rg_emit_rf_release_cache(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned E = c->d.rfc_entries, N = c->sm_warps, iw = rfm_clog2(E), K = c->sm_schedulers, en, w, k;
	unsigned ftw = rfm_clog2((uint64_t)E * 54), ttw = rfm_clog2((uint64_t)E * 29), cwd = rfm_clog2((uint64_t)N * iw);
	int pow2w = N == (1u << c->d.warp_w);
	(void)pt;
	em_blank(e);
	em_line(e, "// %u entries of {valid, tag = pc[31:3], 54 flag bits}; per warp slot a current entry", E);
	em_line(e, "logic %s valid_q, valid_d, hitv, pin;", em_rng(e, E));
	em_line(e, "logic %s tag_q, tag_d;", em_rng(e, E * 29));
	em_line(e, "logic %s flags_q, flags_d;", em_rng(e, E * 54));
	em_line(e, "logic %s cur_q, cur_d;", em_rng(e, N * iw));
	em_line(e, "logic %s curv_q, curv_d;", em_rng(e, N));
	em_line(e, "logic hit, fill, stall, found_h, found_f, found_p, fv_ok, xv_ok;");
	em_line(e, "logic %s hidx, fidx, pidx, vidx;", em_rng(e, iw));
	em_line(e, "logic [28:0] ftag;");
	em_line(e, "logic %s vt_ix;", em_rng(e, ttw));
	em_line(e, "logic %s vf_ix;", em_rng(e, ftw));
	em_line(e, "logic %s wc_ix;  // the fetching warp's pointer, as a bit index", em_rng(e, cwd));
	em_line(e, "assign ftag = f_pc_i[31:3];");
	em_line(e, "assign fv_ok = f_valid_i & ~launch_i%s;", pow2w ? "" : em_fmt(e, " & (f_warp_i < %s)", em_lit(e, c->d.warp_w, N)));
	em_line(e, "assign xv_ok = x_valid_i%s;", pow2w ? "" : em_fmt(e, " & (x_warp_i < %s)", em_lit(e, c->d.warp_w, N)));
	em_line(e, "// probe: the lowest valid entry with the tag");
	for (en = 0; en < E; en++)
		em_line(e, "assign %s = %s & (tag_q[%u:%u] == ftag);", rg_bit(e, "hitv", E, en), rg_bit(e, "valid_q", E, en),
			29 * en + 28, 29 * en);
	em_line(e, "// an entry is pinned when a warp other than the fetching one points at it");
	for (en = 0; en < E; en++) {
		em_part(e, "assign %s = 1'b0", rg_bit(e, "pin", E, en));
		for (w = 0; w < N; w++)
			em_part(e, " | (curv_q[%u] & (cur_q[%u:%u] == %s) & (f_warp_i != %s))", w,
			       iw * w + iw - 1, iw * w, em_lit(e, iw, en), em_lit(e, c->d.warp_w, w));
		em_part(e, ";\n");
	}
	rg_ffz_function(e, E);
	em_line(e, "assign {found_h, hidx} = ffz(~hitv);");
	em_line(e, "assign {found_f, fidx} = ffz(valid_q);  // a free entry");
	em_line(e, "assign {found_p, pidx} = ffz(pin);  // an entry no other warp points at");
	em_line(e, "assign hit = fv_ok & found_h;");
	em_line(e, "assign fill = fv_ok & ~found_h & (found_f | found_p);");
	em_line(e, "assign stall = fv_ok & ~found_h & ~found_f & ~found_p;");
	em_line(e, "assign vidx = found_h ? hidx : found_f ? fidx : pidx;");
	em_line(e, "assign f_hit_o = hit;");
	em_line(e, "assign f_fill_o = fill;");
	em_line(e, "assign f_stall_o = stall;");
	em_line(e, "assign f_idx_o = (hit | fill) ? vidx : '0;");
	em_line(e, "assign vt_ix = %u'(vidx) * %s;", ttw, em_lit(e, ttw, 29));
	em_line(e, "assign vf_ix = %u'(vidx) * %s;", ftw, em_lit(e, ftw, 54));
	em_line(e, "assign wc_ix = %u'(f_warp_i) * %s;", cwd, em_lit(e, cwd, iw));
	em_blank(e);
	em_line(e, "// reads: the flags of the warp's current pir, at the slot (0 without an entry or beyond slot 17)");
	for (k = 0; k < K; k++) {
		em_line(e, "logic %s r%u_csh;", em_rng(e, N * iw), k);
		em_line(e, "logic %s r%u_vsh;", em_rng(e, N), k);
		em_line(e, "logic %s r%u_cur;", em_rng(e, iw), k);
		em_line(e, "logic %s r%u_fsh;", em_rng(e, E * 54), k);
		em_line(e, "logic [53:0] r%u_ent, r%u_ssh;", k, k);
		em_line(e, "assign r%u_csh = cur_q >> (%u'(r%u_warp_i) * %s);", k, cwd + 1, k, em_lit(e, cwd + 1, iw));
		em_line(e, "assign r%u_cur = r%u_csh[%u:0];", k, k, iw - 1);
		em_line(e, "assign r%u_vsh = curv_q >> r%u_warp_i;", k, k);
		em_line(e, "assign r%u_fsh = flags_q >> (%u'(r%u_cur) * %s);", k, ftw + 1, k, em_lit(e, ftw + 1, 54));
		em_line(e, "assign r%u_ent = r%u_fsh[53:0];", k, k);
		em_line(e, "assign r%u_ssh = r%u_ent >> (8'(r%u_slot_i) * 8'd3);", k, k, k);
		em_line(e, "assign r%u_flags_o = (%s & (r%u_slot_i < 5'd18)) ? r%u_ssh[2:0] : '0;", k,
			rg_bit(e, em_fmt(e, "r%u_vsh", k), N, 0), k, k);
	}
	em_blank(e);
	em_open(e, "always_comb begin");
	em_line(e, "valid_d = valid_q;");
	em_line(e, "tag_d = tag_q;");
	em_line(e, "flags_d = flags_q;");
	em_line(e, "cur_d = cur_q;");
	em_line(e, "curv_d = curv_q;");
	em_open(e, "if (launch_i) begin");
	em_line(e, "valid_d = '0;");
	em_line(e, "curv_d = '0;");
	em_reopen(e, "end else begin");
	em_open(e, "if (fill) begin");
	em_line(e, "valid_d[vidx] = 1'b1;");
	em_line(e, "tag_d[vt_ix +: 29] = ftag;");
	em_line(e, "flags_d[vf_ix +: 54] = f_flags_i;");
	em_close(e, "end");
	em_open(e, "if (hit | fill) begin");
	em_line(e, "cur_d[wc_ix +: %u] = vidx;", iw);
	em_line(e, "curv_d[f_warp_i] = 1'b1;");
	em_close(e, "end");
	em_line(e, "if (xv_ok) curv_d[x_warp_i] = 1'b0;");
	em_close(e, "end");
	em_close(e, "end");
	em_part(e, "logic unused_rfc;\nassign unused_rfc = ^{f_pc_i[2:0]");
	for (k = 0; k < K; k++) {
		if (N * iw > iw)
			em_part(e, ", r%u_csh[%u:%u]", k, N * iw - 1, iw);
		if (N > 1)
			em_part(e, ", r%u_vsh[%u:1]", k, N - 1);
		if (E * 54 > 54)
			em_part(e, ", r%u_fsh[%u:54]", k, E * 54 - 1);
		em_part(e, ", r%u_ssh[53:3]", k);
	}
	em_part(e, "};\n");
	em_blank(e);
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	em_line(e, "valid_q <= '0;");
	em_line(e, "tag_q <= '0;");
	em_line(e, "flags_q <= '0;");
	em_line(e, "cur_q <= '0;");
	em_line(e, "curv_q <= '0;");
	em_reopen(e, "end else begin");
	em_line(e, "valid_q <= valid_d;");
	em_line(e, "tag_q <= tag_d;");
	em_line(e, "flags_q <= flags_d;");
	em_line(e, "cur_q <= cur_d;");
	em_line(e, "curv_q <= curv_d;");
	em_close(e, "end");
	em_close(e, "end");
}
