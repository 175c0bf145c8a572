/* emit_coal_arbiter.c - body of rf_coal_arbiter, the coalescing-aware register-file arbiter
 * (docs/coalescing.md, "Arbiter"; model: cmodel/coalescing/coal_arbiter.c, rfm_ca_arbitrate).
 *
 * Structure: the write grants and their sub-bank claims; each request row (bank i, side s) rotated
 * by pri so that rotated collector c is collector (c + pri) mod N; then a fixed chain of N steps,
 * step q holding the cells (i, c) with (i + c) mod N = q, i.e. the anti-diagonal pri + q. The cells
 * of one step share no bank and no collector, so a step is one level of independent cells; the
 * state between steps is the sub-bank claims per bank (sb<q>) and the slice claims per rotated
 * collector (oc<q>). Inside a cell R goes before L. The grant rows and the collector claims are
 * rotated back by pri. Critical path: rotation (log2 N mux levels), 2N cell sub-steps (mask AND,
 * 4-input OR, AND; then the claim update), rotation back.
 */
#include "rfm_coal.h"
#include "rfm_models.h"
#include "rg.h"

/* A 4-bit slice k of a signal: "sig[4k+3:4k]" (or the whole signal when it has 4 bits). */
static const char *nib(em_t *e, const char *sig, unsigned width, unsigned k)
{
	return rg_part(e, sig, width, 4 * k + 3, 4 * k);
}

/* The type of a w-bit signal: "logic [w-1:0]", or "logic" for one bit. */
static const char *lg(em_t *e, unsigned w) { return w > 1 ? em_fmt(e, "logic [%u:0]", w - 1) : "logic"; }

/* rf_coal_arbiter's read side: rotated request rows, per-bank read grants, the priority pointer. */
static void coal_arbiter_reads(em_t *e, const rfm_cfg_t *c)
{
	unsigned nb = c->rf_banks, noc = c->sm_collectors, n = rfm_ca_n(nb, noc);
	unsigned pw = rfm_clog2(n), ncell = nb * 2 * noc, k, i, s, q, j;
	const char sd[2] = {'r', 'l'};
	em_line(e, "// request rows rotated by pri: rotated collector c is collector (c + pri) mod %u%s", n,
		n > noc ? "; collectors past the last never request" : "");
	for (i = 0; i < nb; i++)
		for (s = 0; s < 2; s++) {
			unsigned lo = (i * 2 + s) * noc;
			const char *vs = rg_part(e, "rd_valid_i", ncell, lo + noc - 1, lo);
			const char *ms = rg_part(e, "rd_pmask_i", 4 * ncell, 4 * (lo + noc) - 1, 4 * lo);
			if (n > noc) {
				em_line(e, "assign rv_%u%c = rotr_v({%u'b0, %s}, pri_q);", i, sd[s], n - noc, vs);
				em_line(e, "assign rm_%u%c = rotr_m({%u'b0, %s}, pri_q);", i, sd[s], 4 * (n - noc), ms);
			} else {
				em_line(e, "assign rv_%u%c = rotr_v(%s, pri_q);", i, sd[s], vs);
				em_line(e, "assign rm_%u%c = rotr_m(%s, pri_q);", i, sd[s], ms);
			}
		}

	for (q = 0; q < n; q++) {
		em_blank(e);
		em_line(e, "// step %u: anti-diagonal (pri + %u) mod %u; bank i meets rotated collector (%u - i) mod %u; r, then l",
			q, q, n, q, n);
		em_line(e, "// (all-or-nothing: every sub-bank of the mask free in the bank, every slice free in the collector)");
		for (i = 0; i < nb; i++) {
			unsigned cj = (q + n - i) % n;
			char st[2][3][16], rv[2][16], rm[2][16]; /* claims before, between and after r and l */
			static const char *const base[2][3] = {{"sb%u", "sbh%u", "sb%u"}, {"oc%u", "och%u", "oc%u"}};
			for (k = 0; k < 2; k++)
				for (j = 0; j < 3; j++)
					snprintf(st[k][j], sizeof(st[k][j]), base[k][j], j == 2 ? q + 1 : q);
			for (s = 0; s < 2; s++) {
				snprintf(rv[s], sizeof(rv[s]), "rv_%u%c", i, sd[s]);
				snprintf(rm[s], sizeof(rm[s]), "rm_%u%c", i, sd[s]);
			}
			for (s = 0; s < 2; s++) {
				const char *m = nib(e, rm[s], 4 * n, cj);
				const char *bi = nib(e, st[0][s], 4 * nb, i), *ci = nib(e, st[1][s], 4 * n, cj);
				const char *bo = nib(e, st[0][s + 1], 4 * nb, i), *co = nib(e, st[1][s + 1], 4 * n, cj);
				em_line(e, "assign g%u_%u%c = %s & ~|(%s & %s) & ~|(%s & %s);", q, i, sd[s], rg_bit(e, rv[s], n, cj), m,
					bi, m, ci);
				em_line(e, "assign %s = %s | ({4{g%u_%u%c}} & %s);", bo, bi, q, i, sd[s], m);
				em_line(e, "assign %s = %s | ({4{g%u_%u%c}} & %s);", co, ci, q, i, sd[s], m);
			}
		}
		for (j = 0; j < n; j++) { /* rotated collectors no bank meets in this step (banks < N) */
			unsigned i0 = (q + n - j) % n;
			if (i0 < nb)
				continue;
			em_line(e, "assign %s = %s;  // no bank meets rotated collector %u in this step",
				nib(e, em_fmt(e, "och%u", q), 4 * n, j), nib(e, em_fmt(e, "oc%u", q), 4 * n, j), j);
			em_line(e, "assign %s = %s;", nib(e, em_fmt(e, "oc%u", q + 1), 4 * n, j),
				nib(e, em_fmt(e, "och%u", q), 4 * n, j));
		}
	}

	em_blank(e);
	em_line(e, "// grant rows in rotated order (cell (i, c) is in step (i + c) mod %u), rotated back by pri", n);
	for (i = 0; i < nb; i++)
		for (s = 0; s < 2; s++) {
			unsigned lo = (i * 2 + s) * noc;
			em_part(e, "assign rg_%u%c = ", i, sd[s]);
			if (n == 1) {
				em_part(e, "g0_%u%c;\n", i, sd[s]);
			} else {
				for (j = n; j-- > 0;)
					em_part(e, "%sg%u_%u%c", j == n - 1 ? "{" : ", ", (i + j) % n, i, sd[s]);
				em_part(e, "};\n");
			}
			em_line(e, "assign ug_%u%c = rotl_v(rg_%u%c, pri_q);", i, sd[s], i, sd[s]);
			em_line(e, "assign %s = %s;", rg_part(e, "rgnt_o", ncell, lo + noc - 1, lo), rg_part(e, em_fmt(e, "ug_%u%c", i, sd[s]), n, noc - 1, 0));
		}
	em_line(e, "// claims of the cycle: per bank (writes and reads), per collector (reads)");
	em_line(e, "assign sb_o = sb%u;", n);
	em_line(e, "assign ocu = rotl_m(oc%u, pri_q);", n);
	em_line(e, "assign oc_o = %s;", rg_part(e, "ocu", 4 * n, 4 * noc - 1, 0));
	if (n > noc) {
		char list[4096];
		size_t len = 0;
		len += (size_t)snprintf(list + len, sizeof(list) - len, "ocu[%u:%u]", 4 * n - 1, 4 * noc);
		for (i = 0; i < nb && len < sizeof(list) - 64; i++)
			for (s = 0; s < 2; s++)
				len += (size_t)snprintf(list + len, sizeof(list) - len, ", %s",
							rg_part(e, em_fmt(e, "ug_%u%c", i, sd[s]), n, n - 1, noc));
		em_line(e, "// rotated-back positions of the collectors past the last: always 0");
		rg_unused(e, "grants", list);
	}

	em_blank(e);
	em_line(e, "// the priority pointer moves +1 mod %u every cycle, granted or not", n);
	em_line(e, "assign pri_d = pri_q == LastPri ? '0 : pri_q + %s;", em_lit(e, pw, 1));
	em_line(e, "assign pri_o = pri_q;");
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	em_line(e, "pri_q <= '0;");
	em_reopen(e, "end else begin");
	em_line(e, "pri_q <= pri_d;");
	em_close(e, "end");
	em_close(e, "end");
}

/* Invariants 1-3 of docs/coalescing.md, "Arbiter invariants", written from the ports (requests
 * and grants), not from the claim chain they check: no sub-bank of a bank goes to two granted
 * requests (writes and reads) in a cycle, no slice of a collector to two granted reads; a grant
 * answers a request; the priority pointer stays below N. */
static void coal_arbiter_asserts(em_t *e, const rfm_cfg_t *c)
{
	unsigned nb = c->rf_banks, noc = c->sm_collectors, nwr = c->rf_write_ports, n = rfm_ca_n(nb, noc);
	unsigned ncell = nb * 2 * noc, pw = rfm_clog2(n), i, s, j, p;
	unsigned T = nwr + 2 * noc > 2 * nb ? nwr + 2 * noc : 2 * nb; /* claims per check, padded */
	em_str_t x = {0};
	rg_assert_begin(e, "arbiter invariants 1-3");
	em_line(e, "// claims listed in 4-bit groups: 1 when one sub-bank (slice) is in two of them");
	em_open(e, "function automatic logic ca_twice(input logic [%u:0] claims);", 4 * T - 1);
	em_line(e, "logic [3:0] used;");
	em_line(e, "ca_twice = 1'b0;");
	em_line(e, "used = '0;");
	em_open(e, "for (int k = 0; k < %u; k++) begin", T);
	em_line(e, "if ((claims[k*4 +: 4] & used) != '0) ca_twice = 1'b1;");
	em_line(e, "used = used | claims[k*4 +: 4];");
	em_close(e, "end");
	em_close(e, "endfunction");
	em_line(e, "logic %s ca_bank_twice;  // bank i: a sub-bank granted twice", em_rng(e, nb));
	em_line(e, "logic %s ca_coll_twice;  // collector j: a slice granted twice", em_rng(e, noc));
	for (i = 0; i < nb; i++) {
		if (T > nwr + 2 * noc)
			em_add(&x, ", ", "%u'b0", 4 * (T - nwr - 2 * noc));
		for (p = 0; p < nwr; p++)
			em_add(&x, ", ", "{4{%s & (wr%u_bank_i == %s)}} & wr%u_pmask_i", rg_bit(e, "wgnt_o", nwr, p), p,
			       em_lit(e, c->d.bank_w, i), p);
		for (s = 0; s < 2; s++)
			for (j = 0; j < noc; j++) {
				unsigned cell = (2 * i + s) * noc + j;
				em_add(&x, ", ", "{4{%s}} & %s", rg_bit(e, "rgnt_o", ncell, cell),
				       rg_part(e, "rd_pmask_i", 4 * ncell, 4 * cell + 3, 4 * cell));
			}
		em_line(e, "assign %s = ca_twice({%s});", rg_bit(e, "ca_bank_twice", nb, i), em_str(&x));
		em_clear(&x);
	}
	for (j = 0; j < noc; j++) {
		if (T > 2 * nb)
			em_add(&x, ", ", "%u'b0", 4 * (T - 2 * nb));
		for (i = 0; i < nb; i++)
			for (s = 0; s < 2; s++) {
				unsigned cell = (2 * i + s) * noc + j;
				em_add(&x, ", ", "{4{%s}} & %s", rg_bit(e, "rgnt_o", ncell, cell),
				       rg_part(e, "rd_pmask_i", 4 * ncell, 4 * cell + 3, 4 * cell));
			}
		em_line(e, "assign %s = ca_twice({%s});", rg_bit(e, "ca_coll_twice", noc, j), em_str(&x));
		em_clear(&x);
	}
	em_line(e, "logic ca_answers;  // every grant answers a request");
	for (p = 0; p < nwr; p++)
		em_add(&x, " & ", "(~%s | wr%u_valid_i)", rg_bit(e, "wgnt_o", nwr, p), p);
	em_line(e, "assign ca_answers = %s & ((rgnt_o & ~rd_valid_i) == '0);", em_str(&x));
	em_str_free(&x);
	rg_assert(e, "ca_bank_twice == '0 && ca_coll_twice == '0", "rf_coal_arbiter", "invariant 1",
		  "docs/coalescing.md, Arbiter invariants", "a sub-bank or slice granted twice");
	rg_assert(e, "ca_answers", "rf_coal_arbiter", "invariant 2", "docs/coalescing.md, Arbiter invariants",
		  "a grant without a request");
	rg_assert(e, em_fmt(e, "%u'(pri_q) < %u'd%u", pw + 1, pw + 1, n), "rf_coal_arbiter", "invariant 3",
		  "docs/coalescing.md, Arbiter invariants", "the priority pointer past N - 1");
	rg_assert_end(e);
}

void rg_emit_rf_coal_arbiter(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned nb = c->rf_banks, noc = c->sm_collectors, nwr = c->rf_write_ports, n = rfm_ca_n(nb, noc);
	unsigned pw = rfm_clog2(n), bw = c->d.bank_w, p, k, i, s, q;
	const char sd[2] = {'r', 'l'};
	(void)pt;

	em_blank(e);
	em_line(e, "// %u banks x 2 sides (r: even registers, l: odd) x %u collectors; the read wave runs over", nb, noc);
	em_line(e, "// N = max(banks, collectors) = %u anti-diagonals (i + j) mod N, starting at pri", n);
	em_line(e, "localparam %s LastPri = %s;", lg(e, pw), em_lit(e, pw, n - 1));
	em_line(e, "%s pri_q, pri_d;", lg(e, pw));
	for (p = 0; p < nwr; p++)
		em_line(e, "logic wg%u;  // write request %u granted", p, p);
	for (q = 0; q <= n; q++) {
		em_line(e, "%s sb%u;  // per bank: sub-banks claimed before step %u", lg(e, 4 * nb), q, q);
		em_line(e, "%s oc%u;  // per rotated collector: slices claimed before step %u", lg(e, 4 * n), q, q);
	}
	for (q = 0; q < n; q++)
		em_line(e, "%s sbh%u;  // ... and after the r sub-step of step %u", lg(e, 4 * nb), q, q);
	for (q = 0; q < n; q++)
		em_line(e, "%s och%u;", lg(e, 4 * n), q);
	for (i = 0; i < nb; i++)
		for (s = 0; s < 2; s++) {
			em_line(e, "%s rv_%u%c, rg_%u%c, ug_%u%c;  // bank %u side %c: requests, grants (rotated), grants",
				lg(e, n), i, sd[s], i, sd[s], i, sd[s], i, sd[s]);
			em_line(e, "%s rm_%u%c;", lg(e, 4 * n), i, sd[s]);
		}
	for (q = 0; q < n; q++) {
		em_part(e, "logic");
		for (i = 0; i < nb; i++)
			em_part(e, "%s g%u_%ur, g%u_%ul", i ? "," : "", q, i, q, i);
		em_part(e, ";  // cell grants of step %u\n", q);
	}
	em_line(e, "%s ocu;", lg(e, 4 * n));

	em_blank(e);
	em_line(e, "// rotations by the priority pointer, whole-vector shifts (no bit selects)");
	em_open(e, "function automatic %s rotr_v(input %s v, input %s sh);", lg(e, n), lg(e, n),
		lg(e, pw));
	em_line(e, "rotr_v = %u'({v, v} >> sh);  // bit k = v[(k + sh) mod N]", n);
	em_close(e, "endfunction");
	em_open(e, "function automatic %s rotr_m(input %s v, input %s sh);", lg(e, 4 * n),
		lg(e, 4 * n), lg(e, pw));
	em_line(e, "rotr_m = %u'({v, v} >> {sh, 2'b00});  // nibble k = nibble (k + sh) mod N", 4 * n);
	em_close(e, "endfunction");
	em_open(e, "function automatic %s rotl_v(input %s v, input %s sh);", lg(e, n), lg(e, n),
		lg(e, pw));
	em_line(e, "rotl_v = %u'({v, v} >> (%s - %u'(sh)));  // bit k = v[(k - sh) mod N]", n, em_lit(e, pw + 1, n), pw + 1);
	em_close(e, "endfunction");
	em_open(e, "function automatic %s rotl_m(input %s v, input %s sh);", lg(e, 4 * n),
		lg(e, 4 * n), lg(e, pw));
	em_line(e, "rotl_m = %u'({v, v} >> {%s - %u'(sh), 2'b00});", 4 * n, em_lit(e, pw + 1, n), pw + 1);
	em_close(e, "endfunction");

	em_blank(e);
	em_line(e, "// writes first, in port order (execution before memory): a write is granted unless an earlier");
	em_line(e, "// granted write to the same bank holds one of its sub-banks; an ungranted write is held outside");
	for (p = 0; p < nwr; p++) {
		em_part(e, "assign wg%u = wr%u_valid_i", p, p);
		for (k = 0; k < p; k++)
			em_part(e, " & ~(wg%u & (wr%u_bank_i == wr%u_bank_i) & (|(wr%u_pmask_i & wr%u_pmask_i)))", k, k, p, k, p);
		em_part(e, ";\n");
	}
	em_part(e, "assign wgnt_o = ");
	if (nwr == 1) {
		em_part(e, "wg0;\n");
	} else {
		for (p = nwr; p-- > 0;)
			em_part(e, "%swg%u", p == nwr - 1 ? "{" : ", ", p);
		em_part(e, "};\n");
	}
	em_line(e, "// a granted write holds its sub-banks against every read of the cycle");
	for (i = 0; i < nb; i++) {
		em_part(e, "assign %s = ", nib(e, "sb0", 4 * nb, i));
		for (p = 0; p < nwr; p++)
			em_part(e, "%s({4{wg%u & (wr%u_bank_i == %s)}} & wr%u_pmask_i)", p ? "\n    | " : "", p, p,
			       em_lit(e, bw, i), p);
		em_part(e, ";\n");
	}
	em_line(e, "assign oc0 = '0;");

	em_blank(e);
	coal_arbiter_reads(e, c);
	coal_arbiter_asserts(e, c);
}
