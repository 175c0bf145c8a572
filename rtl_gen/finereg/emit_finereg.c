/* emit_finereg.c - bodies of FineReg's blocks (models: cmodel/finereg/blocks_finereg.c;
 * docs/finereg.md, "Blocks"). */
#include "rg.h"

/* rf_fr_lrc: the live-register bit-vector cache, direct mapped by pc[3 + IW - 1 : 3]. */
void rg_emit_rf_fr_lrc(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned E = c->finereg_cache_entries, iw = rfm_clog2(E), tw = rfm_clog2((uint64_t)E * 32),
		 vw = rfm_clog2((uint64_t)E * 64);
	(void)pt;
	em_blank(e);
	em_line(e, "// %u entr%s of {valid, tag = the whole pc, 64-bit live vector}%s", E, E == 1 ? "y" : "ies",
		E > 1 ? em_fmt(e, ", entry pc[%u:3]", 2 + iw) : "");
	em_line(e, "logic %s valid_q, valid_d;", em_rng(e, E));
	em_line(e, "logic %s tag_q, tag_d;", em_rng(e, E * 32));
	em_line(e, "logic %s vec_q, vec_d;", em_rng(e, E * 64));
	em_line(e, "logic hit;");
	if (E > 1) {
		em_line(e, "logic %s li, fi;", em_rng(e, iw));
		em_line(e, "logic %s lval_sh;", em_rng(e, E));
		em_line(e, "logic %s ltag_sh;", em_rng(e, E * 32));
		em_line(e, "logic %s lvec_sh;", em_rng(e, E * 64));
		em_line(e, "logic %s ft_ix;", em_rng(e, tw));
		em_line(e, "logic %s fv_ix;", em_rng(e, vw));
		em_line(e, "assign li = l_pc_i[%u:3];", 2 + iw);
		em_line(e, "assign fi = f_pc_i[%u:3];", 2 + iw);
		em_line(e, "assign lval_sh = valid_q >> li;");
		em_line(e, "assign ltag_sh = tag_q >> (%u'(li) * %s);", tw, em_lit(e, tw, 32));
		em_line(e, "assign lvec_sh = vec_q >> (%u'(li) * %s);", vw, em_lit(e, vw, 64));
		em_line(e, "// bit offsets of entry fi: (entries - 1) x 32 and x 64 fit %u and %u bits", tw, vw);
		em_line(e, "assign ft_ix = %u'(fi) * %s;", tw, em_lit(e, tw, 32));
		em_line(e, "assign fv_ix = %u'(fi) * %s;", vw, em_lit(e, vw, 64));
		em_line(e, "assign hit = l_valid_i & lval_sh[0] & (ltag_sh[31:0] == l_pc_i);");
		em_line(e, "assign l_vec_o = hit ? lvec_sh[63:0] : '0;");
		em_line(e, "logic unused_lrc;");
		em_line(e, "assign unused_lrc = ^{lval_sh[%u:1], ltag_sh[%u:32], lvec_sh[%u:64]};", E - 1, E * 32 - 1,
			E * 64 - 1);
	} else {
		em_line(e, "assign hit = l_valid_i & valid_q & (tag_q == l_pc_i);");
		em_line(e, "assign l_vec_o = hit ? vec_q : '0;");
	}
	em_line(e, "assign l_hit_o = hit;");
	em_blank(e);
	em_line(e, "// a fill writes its pc's entry at the edge; a new kernel empties every entry and wins");
	em_open(e, "always_comb begin");
	em_line(e, "valid_d = valid_q;");
	em_line(e, "tag_d = tag_q;");
	em_line(e, "vec_d = vec_q;");
	em_open(e, "if (inval_i) begin");
	em_line(e, "valid_d = '0;");
	em_reopen(e, "end else if (f_valid_i) begin");
	if (E > 1) {
		em_line(e, "valid_d[fi] = 1'b1;");
		em_line(e, "tag_d[ft_ix +: 32] = f_pc_i;");
		em_line(e, "vec_d[fv_ix +: 64] = f_vec_i;");
	} else {
		em_line(e, "valid_d = 1'b1;");
		em_line(e, "tag_d = f_pc_i;");
		em_line(e, "vec_d = f_vec_i;");
	}
	em_close(e, "end");
	em_close(e, "end");
	em_blank(e);
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_line(e, "if (!rst_ni) valid_q <= '0;");
	em_line(e, "else valid_q <= valid_d;");
	em_close(e, "end");
	em_line(e, "// tags and vectors need no reset: an entry is read only while valid");
	em_open(e, "always_ff @(posedge clk_i) begin");
	em_line(e, "tag_q <= tag_d;");
	em_line(e, "vec_q <= vec_d;");
	em_close(e, "end");
}

/* rf_fr_free's rules (docs/finereg.md, "Blocks"): 1, the running count is the number of occupied
 * flags (the extract's invariant 3, "Free counter"); 2, find-first-free offers an empty entry with
 * every entry below it occupied, and finds one exactly when one is empty; 3, the next flags are the
 * flags less the release plus the allocation. */
static void free_asserts(em_t *e, unsigned n)
{
	const char *doc = "docs/finereg.md, Blocks";
	rg_assert_begin(e, "free-space monitor rules 1-3");
	em_line(e, "logic %s fs_rel, fs_gnt;  // the entry emptied, the entry occupied (one-hot)", em_rng(e, n));
	if (n > 1) {
		em_line(e, "assign fs_rel = rel ? %s << ri : '0;", em_lit(e, n, 1));
		em_line(e, "assign fs_gnt = (alloc_i & found) ? %s << lo : '0;", em_lit(e, n, 1));
	} else {
		em_line(e, "assign fs_rel = rel;");
		em_line(e, "assign fs_gnt = alloc_i & found;");
	}
	rg_assert(e, "used_q == $countones(occ_q)", "rf_fr_free", "rule 1", doc,
		  "the count is not the number of occupied entries");
	rg_assert(e, "found == (occ_q != '1)", "rf_fr_free", "rule 2", doc,
		  "found disagrees with the flags");
	if (n > 1) {
		/* of entries 0 .. lo, lo alone is empty */
		em_line(e, "logic %s fs_lo, fs_upto;  // entry lo, entries 0 .. lo", em_rng(e, n));
		em_line(e, "assign fs_lo = %s << lo;", em_lit(e, n, 1));
		em_line(e, "assign fs_upto = fs_lo | (fs_lo - %s);", em_lit(e, n, 1));
		rg_assert(e, "!found | ((~occ_q & fs_upto) == fs_lo)", "rf_fr_free", "rule 2", doc,
			  "the entry offered is occupied, or one below is empty");
	}
	rg_assert(e, "occ_d == ((occ_q & ~fs_rel) | fs_gnt)", "rf_fr_free", "rule 3", doc,
		  "next flags not the flags less release plus allocation");
	rg_assert_end(e);
}

/* rf_fr_free: the PCRF free-space monitor, occupied flags, a running count, find-first-free. */
void rg_emit_rf_fr_free(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned n = c->finereg_pcrf_regs, pb = c->d.fr_ptr_bits, cw = rfm_clog2((uint64_t)n + 1);
	(void)pt;
	em_blank(e);
	em_line(e, "// %u occupied flag%s (1 occupied) and the running count of occupied ones (reset 0)", n, n == 1 ? "" : "s");
	em_line(e, "logic %s occ_q, occ_d;", em_rng(e, n));
	em_line(e, "logic %s used_q, used_d;", em_rng(e, cw));
	em_line(e, "logic found;");
	em_line(e, "logic %s ff;", em_rng(e, pb));
	if (n > 1) {
		em_line(e, "logic %s lo;", em_rng(e, rfm_clog2(n)));
		rg_ffz_function(e, n);
		em_line(e, "assign {found, lo} = ffz(occ_q);");
		em_line(e, "assign ff = %s;", pb > rfm_clog2(n) ? em_fmt(e, "%u'(lo)", pb) : "lo");
	} else {
		em_line(e, "assign found = ~occ_q;");
		em_line(e, "assign ff = '0;");
	}
	em_line(e, "assign ff_valid_o = found;");
	em_line(e, "assign ff_idx_o = found ? ff : '0;");
	em_line(e, "assign count_o = %s - used_q;", em_lit(e, cw, n));
	em_blank(e);
	em_line(e, "// a release empties an entry occupied before the edge (one past the last or already empty:");
	em_line(e, "// nothing); an allocation occupies the entry empty before it: never the same entry");
	em_line(e, "logic rel;");
	if (n == 1) {
		em_line(e, "assign rel = rel_valid_i && rel_idx_i == '0 && occ_q;");
	} else {
		unsigned lw = rfm_clog2(n);
		em_line(e, "logic %s ri;", em_rng(e, lw));
		if (lw < pb)
			em_line(e, "assign ri = rel_idx_i[%u:0];", lw - 1);
		else /* the whole index (a part-select of a 1-bit port is not legal) */
			em_line(e, "assign ri = rel_idx_i;");
		if ((1ull << pb) > n)
			em_line(e, "assign rel = rel_valid_i && rel_idx_i < %s && occ_q[ri];", em_lit(e, pb, n));
		else
			em_line(e, "assign rel = rel_valid_i && occ_q[ri];");
	}
	em_open(e, "always_comb begin");
	em_line(e, "occ_d = occ_q;");
	em_line(e, "used_d = used_q;");
	em_open(e, "if (rel) begin");
	em_line(e, n == 1 ? "occ_d = 1'b0;" : "occ_d[ri] = 1'b0;");
	em_line(e, "used_d = used_d - 1'b1;");
	em_close(e, "end");
	em_open(e, "if (alloc_i && found) begin");
	em_line(e, n == 1 ? "occ_d = 1'b1;" : "occ_d[lo] = 1'b1;");
	em_line(e, "used_d = used_d + 1'b1;");
	em_close(e, "end");
	em_close(e, "end");
	em_blank(e);
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	em_line(e, "occ_q <= '0;");
	em_line(e, "used_q <= '0;");
	em_reopen(e, "end else begin");
	em_line(e, "occ_q <= occ_d;");
	em_line(e, "used_q <= used_d;");
	em_close(e, "end");
	em_close(e, "end");
	free_asserts(e, n);
}

/* An index port of rf_fr_tags as an array index: the port, or its low clog2(n) bits as <x>_e
 * (declared by the caller), or nothing for one entry. */
static const char *tag_ix(em_t *e, unsigned n, unsigned pb, const char *port)
{
	if (n == 1)
		return "";
	return rfm_clog2(n) == pb ? em_fmt(e, "[%s]", port) : em_fmt(e, "[%c_e]", port[0]);
}

/* The condition that an index port names an entry ("" when every index does). */
static const char *tag_ok(em_t *e, unsigned n, unsigned pb, const char *port)
{
	return (1ull << pb) > n ? em_fmt(e, " && %s < %s", port, em_lit(e, pb, n)) : "";
}

/* rf_fr_tags: the PCRF tag array; valid flags reset, {end, next} and {warp, register} in two 1-D
 * arrays, not reset (an entry without valid reads all 0). */
void rg_emit_rf_fr_tags(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned n = c->finereg_pcrf_regs, pb = c->d.fr_ptr_bits, wb = pt->p[rfm_ports_find(pt, "w_wid_i")].width;
	em_blank(e);
	if (n > 1)
		em_line(e, "localparam int Entries = %u;  // PCRF entries", n);
	em_line(e, "localparam int LinkBits = %u;  // {end, next}", 1 + pb);
	em_line(e, "localparam int RegBits = %u;  // {warp id, register index}", wb + 6);
	em_blank(e);
	em_line(e, "// the valid flags are control state (reset); the fields are storage, read only while valid");
	em_line(e, "logic %s valid_q, valid_d;", em_rng(e, n));
	em_line(e, "logic [LinkBits-1:0] link_q%s;", n > 1 ? " [0:Entries-1]" : "");
	em_line(e, "logic [RegBits-1:0] reg_q%s;", n > 1 ? " [0:Entries-1]" : "");
	em_line(e, "logic c_ok, w_ok, k_ok;  // a request whose index names an entry");
	em_line(e, "assign c_ok = c_valid_i%s;", tag_ok(e, n, pb, "c_idx_i"));
	em_line(e, "assign w_ok = w_valid_i%s;", tag_ok(e, n, pb, "w_idx_i"));
	em_line(e, "assign k_ok = k_valid_i%s;", tag_ok(e, n, pb, "k_idx_i"));
	if (n > 1 && rfm_clog2(n) < pb) {
		unsigned lw = rfm_clog2(n);
		em_line(e, "logic %s c_e, w_e, k_e, r_e;  // the entries named (checked above)", em_rng(e, lw));
		em_line(e, "assign c_e = c_idx_i[%u:0];", lw - 1);
		em_line(e, "assign w_e = w_idx_i[%u:0];", lw - 1);
		em_line(e, "assign k_e = k_idx_i[%u:0];", lw - 1);
		em_line(e, "assign r_e = r_idx_i[%u:0];", lw - 1);
	}
	em_blank(e);
	em_line(e, "// read: this cycle's tag, all 0 for an empty entry%s",
		(1ull << pb) > n ? " or an index past the last" : "");
	em_line(e, "logic r_v;");
	em_line(e, "assign r_v = %svalid_q%s;", (1ull << pb) > n ? em_fmt(e, "%s && ", tag_ok(e, n, pb, "r_idx_i") + 4) : "",
		tag_ix(e, n, pb, "r_idx_i"));
	em_line(e, "assign r_valid_o = r_v;");
	em_line(e, "assign {r_end_o, r_next_o} = r_v ? link_q%s : '0;", tag_ix(e, n, pb, "r_idx_i"));
	em_line(e, "assign {r_wid_o, r_ridx_o} = r_v ? reg_q%s : '0;", tag_ix(e, n, pb, "r_idx_i"));
	em_blank(e);
	em_line(e, "// a clear empties its entry, then a write fills one");
	em_open(e, "always_comb begin");
	em_line(e, "valid_d = valid_q;");
	em_line(e, "if (c_ok) valid_d%s = 1'b0;", tag_ix(e, n, pb, "c_idx_i"));
	em_line(e, "if (w_ok) valid_d%s = 1'b1;", tag_ix(e, n, pb, "w_idx_i"));
	em_close(e, "end");
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_line(e, "if (!rst_ni) valid_q <= '0;");
	em_line(e, "else valid_q <= valid_d;");
	em_close(e, "end");
	em_blank(e);
	em_line(e, "// fields: a write sets both words, a link the first; the link is later and wins");
	em_open(e, "always_ff @(posedge clk_i) begin");
	em_open(e, "if (w_ok) begin");
	em_line(e, "link_q%s <= {w_end_i, w_next_i};", tag_ix(e, n, pb, "w_idx_i"));
	em_line(e, "reg_q%s <= {w_wid_i, w_ridx_i};", tag_ix(e, n, pb, "w_idx_i"));
	em_close(e, "end");
	em_line(e, "if (k_ok) link_q%s <= {k_end_i, k_next_i};", tag_ix(e, n, pb, "k_idx_i"));
	em_close(e, "end");
}

/* rf_fr_status's rules (docs/finereg.md, "Blocks"): 1, every line holds a state legal at rest
 * (Table IV; the extract's invariant on the status fields); 2, each pick is found exactly when a
 * line qualifies, and names the lowest line that does (for the switch and the swap: of its state,
 * ready and not the stalled line). */
static void status_asserts(em_t *e, unsigned n)
{
	static const char *const pk[3][3] = {{"sw", "is_sw & ready_i & ~self", "switch"},
					     {"sp", "is_sp & ready_i & ~self", "swap"},
					     {"fl", "is_free", "free-line"}};
	const char *doc = "docs/finereg.md, Blocks";
	unsigned k;
	const char *one = em_keep(e, em_lit(e, n, 1));
	rg_assert_begin(e, "status monitor rules 1-2");
	em_line(e, "logic %s st_legal;", em_rng(e, n));
	em_open(e, "for (g = 0; g < Ctas; g = g + 1) begin : g_legal");
	em_line(e, "assign st_legal[g] = (ctx_q[2*g +: 2] == 2'd0 && reg_q[2*g +: 2] == 2'd0) ||");
	em_line(e, "    (ctx_q[2*g +: 2] == 2'd2 && reg_q[2*g +: 2] == 2'd2) ||");
	em_line(e, "    (ctx_q[2*g +: 2] == 2'd1 && (reg_q[2*g +: 2] == 2'd1 || reg_q[2*g +: 2] == 2'd2));");
	em_close(e, "end");
	rg_assert(e, "st_legal == '1", "rf_fr_status", "rule 1", doc, "a line holds a state not legal at rest");
	for (k = 0; k < 3; k++) {
		em_line(e, "logic %s %s_c, %s_at, %s_upto;  // candidates, the pick, lines 0 .. the pick", em_rng(e, n),
			pk[k][0], pk[k][0], pk[k][0]);
		em_line(e, "assign %s_c = %s;", pk[k][0], pk[k][1]);
		em_line(e, "assign %s_at = %s << %s_i;", pk[k][0], one, pk[k][0]);
		em_line(e, "assign %s_upto = %s_at | (%s_at - %s);", pk[k][0], pk[k][0], pk[k][0], one);
		rg_assert(e, em_fmt(e, "%s_f == (%s_c != '0)", pk[k][0], pk[k][0]), "rf_fr_status", "rule 2", doc,
			  em_fmt(e, "%s pick: found disagrees with the lines", pk[k][2]));
		rg_assert(e, em_fmt(e, "!%s_f | ((%s_c & %s_upto) == %s_at)", pk[k][0], pk[k][0], pk[k][0], pk[k][0]),
			  "rf_fr_status", "rule 2", doc, em_fmt(e, "%s pick: not the lowest line qualifying", pk[k][2]));
	}
	rg_assert_end(e);
}

/* rf_fr_status: the CTA status monitor, Table IV's fields per CTA line (reset (0,0)), two write
 * ports that refuse a state not legal at rest, a read port, and this cycle's picks. */
void rg_emit_rf_fr_status(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned n = c->finereg_resident_ctas, cb = pt->p[rfm_ports_find(pt, "w0_cta_i")].width,
		 pw = rfm_clog2((uint64_t)n + 1), k;
	int past = (1ull << cb) > n;
	em_blank(e);
	em_line(e, "localparam int Ctas = %u;  // resident CTA lines", n);
	em_blank(e);
	em_line(e, "// per line 2 context bits (0 none, 1 saved, 2 pipeline), 2 register bits (0 none, 1 PCRF,");
	em_line(e, "// 2 ACRF); only (0,0), (2,2), (1,2) and (1,1) are ever stored (Table IV at rest)");
	em_line(e, "logic %s ctx_q, ctx_d, reg_q, reg_d;", em_rng(e, 2 * n));
	for (k = 0; k < 2; k++) {
		em_line(e, "logic w%u_ok;", k);
		em_line(e, "assign w%u_ok = w%u_valid_i%s && ((w%u_ctx_i == 2'd0 && w%u_reg_i == 2'd0) ||", k, k,
			past ? em_fmt(e, " && w%u_cta_i < %s", k, em_lit(e, cb, n)) : "", k, k);
		em_line(e, "    (w%u_ctx_i == 2'd2 && w%u_reg_i == 2'd2) ||", k, k);
		em_line(e, "    (w%u_ctx_i == 2'd1 && (w%u_reg_i == 2'd1 || w%u_reg_i == 2'd2)));", k, k, k);
	}
	em_open(e, "always_comb begin");
	em_line(e, "ctx_d = ctx_q;");
	em_line(e, "reg_d = reg_q;");
	for (k = 0; k < 2; k++) {
		const char *at = n > 1 ? em_fmt(e, "[%s'(w%u_cta_i) * %s +: 2]", em_fmt(e, "%u", rfm_clog2(2ull * n)), k,
						 em_lit(e, rfm_clog2(2ull * n), 2))
				       : "";
		em_open(e, "if (w%u_ok) begin%s", k, k ? "  // later: wins on one line" : "");
		em_line(e, "ctx_d%s = w%u_ctx_i;", at, k);
		em_line(e, "reg_d%s = w%u_reg_i;", at, k);
		em_close(e, "end");
	}
	em_close(e, "end");
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	em_line(e, "ctx_q <= '0;");
	em_line(e, "reg_q <= '0;");
	em_reopen(e, "end else begin");
	em_line(e, "ctx_q <= ctx_d;");
	em_line(e, "reg_q <= reg_d;");
	em_close(e, "end");
	em_close(e, "end");
	em_blank(e);
	em_line(e, "// read: a line's fields (0 past the last line)");
	if (n > 1) {
		em_line(e, "logic %s r_ctx_sh, r_reg_sh;", em_rng(e, 2 * n));
		em_line(e, "assign r_ctx_sh = ctx_q >> (%u'(r_cta_i) * %s);", rfm_clog2(2ull * n), em_lit(e, rfm_clog2(2ull * n), 2));
		em_line(e, "assign r_reg_sh = reg_q >> (%u'(r_cta_i) * %s);", rfm_clog2(2ull * n), em_lit(e, rfm_clog2(2ull * n), 2));
		em_line(e, "assign r_ctx_o = %sr_ctx_sh[1:0];", past ? em_fmt(e, "r_cta_i >= %s ? 2'd0 : ", em_lit(e, cb, n)) : "");
		em_line(e, "assign r_reg_o = %sr_reg_sh[1:0];", past ? em_fmt(e, "r_cta_i >= %s ? 2'd0 : ", em_lit(e, cb, n)) : "");
		em_line(e, "logic unused_status;");
		em_line(e, "assign unused_status = ^{r_ctx_sh[%u:2], r_reg_sh[%u:2]};", 2 * n - 1, 2 * n - 1);
	} else {
		em_line(e, "assign r_ctx_o = r_cta_i != '0 ? 2'd0 : ctx_q;");
		em_line(e, "assign r_reg_o = r_cta_i != '0 ? 2'd0 : reg_q;");
	}
	em_blank(e);
	em_line(e, "// each line's state; the stalled line is left out of the switch and swap picks");
	em_line(e, "logic %s is_sw, is_sp, is_free, in_pipe, self;", n > 1 ? em_rng(e, n) : "[0:0]");
	em_line(e, "genvar g;");
	em_open(e, "for (g = 0; g < Ctas; g = g + 1) begin : g_line");
	em_line(e, "assign is_sw[g] = ctx_q[2*g +: 2] == 2'd1 && reg_q[2*g +: 2] == 2'd2;");
	em_line(e, "assign is_sp[g] = ctx_q[2*g +: 2] == 2'd1 && reg_q[2*g +: 2] == 2'd1;");
	em_line(e, "assign is_free[g] = ctx_q[2*g +: 2] == 2'd0;");
	em_line(e, "assign in_pipe[g] = ctx_q[2*g +: 2] == 2'd2;");
	em_line(e, "assign self[g] = s_valid_i && %s == g;", "32'(s_cta_i)");
	em_close(e, "end");
	if (n > 1) {
		rg_ffz_function(e, n);
		em_line(e, "// the lowest set bit of a candidate vector: the lowest zero of its complement (0 when none)");
		em_line(e, "logic sw_f, sp_f, fl_f;");
		em_line(e, "logic %s sw_i, sp_i, fl_i;", em_rng(e, cb));
		em_line(e, "assign {sw_f, sw_i} = ffz(~(is_sw & ready_i & ~self));");
		em_line(e, "assign {sp_f, sp_i} = ffz(~(is_sp & ready_i & ~self));");
		em_line(e, "assign {fl_f, fl_i} = ffz(~is_free);");
		em_line(e, "assign sw_valid_o = sw_f;");
		em_line(e, "assign sw_cta_o = sw_f ? sw_i : '0;");
		em_line(e, "assign sp_valid_o = sp_f;");
		em_line(e, "assign sp_cta_o = sp_f ? sp_i : '0;");
		em_line(e, "assign fl_valid_o = fl_f;");
		em_line(e, "assign fl_cta_o = fl_f ? fl_i : '0;");
	} else {
		em_line(e, "assign sw_valid_o = is_sw & ready_i & ~self;");
		em_line(e, "assign sp_valid_o = is_sp & ready_i & ~self;");
		em_line(e, "assign fl_valid_o = is_free;");
		em_line(e, "assign sw_cta_o = 1'b0;");
		em_line(e, "assign sp_cta_o = 1'b0;");
		em_line(e, "assign fl_cta_o = 1'b0;");
	}
	em_blank(e);
	em_line(e, "// lines with their context in the pipeline: a count of ones, bit by bit");
	em_open(e, "function automatic logic %s ones(input logic %s v);", em_rng(e, pw), n > 1 ? em_rng(e, n) : "[0:0]");
	em_line(e, "logic %s x;", n > 1 ? em_rng(e, n) : "[0:0]");
	em_line(e, "x = v;");
	em_line(e, "ones = '0;");
	em_open(e, "for (int i = 0; i < Ctas; i = i + 1) begin");
	em_line(e, "ones = ones + %u'(x & %s);", pw, em_lit(e, n, 1));
	em_line(e, "x = x >> 1;");
	em_close(e, "end");
	em_close(e, "endfunction");
	em_line(e, "assign pipe_o = ones(in_pipe);");
	if (n > 1)
		status_asserts(e, n);
}

/* rf_fr_ptr: the per-CTA pointer table, {head, count} per CTA line, reset to 0 (a CTA that is not
 * pending has an empty line), one write port and two read ports. */
void rg_emit_rf_fr_ptr(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned n = c->finereg_resident_ctas, cb = pt->p[rfm_ports_find(pt, "w_cta_i")].width,
		 pb = pt->p[rfm_ports_find(pt, "w_head_i")].width, nb = pt->p[rfm_ports_find(pt, "w_count_i")].width,
		 lw = pb + nb, sw = rfm_clog2((uint64_t)n * lw), k;
	int past = (1ull << cb) > n;
	em_blank(e);
	if (n > 1) {
		em_line(e, "localparam int LineBits = %u;  // {count, head}", lw);
		em_blank(e);
	}
	em_line(e, "// %u line%s of {count, head}, control state: reset to empty", n, n == 1 ? "" : "s");
	em_line(e, "logic %s line_q, line_d;", em_rng(e, n * lw));
	em_line(e, "logic w_ok;");
	em_line(e, "assign w_ok = w_valid_i%s;", past ? em_fmt(e, " && w_cta_i < %s", em_lit(e, cb, n)) : "");
	em_open(e, "always_comb begin");
	em_line(e, "line_d = line_q;");
	if (n > 1)
		em_line(e, "if (w_ok) line_d[%u'(w_cta_i) * %s +: LineBits] = {w_count_i, w_head_i};", sw, em_lit(e, sw, lw));
	else
		em_line(e, "if (w_ok) line_d = {w_count_i, w_head_i};");
	em_close(e, "end");
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_line(e, "if (!rst_ni) line_q <= '0;");
	em_line(e, "else line_q <= line_d;");
	em_close(e, "end");
	for (k = 0; k < 2; k++) {
		em_blank(e);
		em_line(e, "// read port %u: this cycle's line%s", k, past ? ", empty past the last" : "");
		if (n > 1) {
			em_line(e, "logic %s r%u_sh;", em_rng(e, n * lw), k);
			em_line(e, "assign r%u_sh = line_q >> (%u'(r%u_cta_i) * %s);", k, sw, k, em_lit(e, sw, lw));
			if (past)
				em_line(e, "assign {r%u_count_o, r%u_head_o} = r%u_cta_i < %s ? r%u_sh[LineBits-1:0] : '0;", k, k, k,
					em_lit(e, cb, n), k);
			else
				em_line(e, "assign {r%u_count_o, r%u_head_o} = r%u_sh[LineBits-1:0];", k, k, k);
			em_line(e, "logic unused_r%u;", k);
			em_line(e, "assign unused_r%u = ^r%u_sh[%u:LineBits];", k, k, n * lw - 1);
		} else {
			em_line(e, "assign {r%u_count_o, r%u_head_o} = r%u_cta_i == 1'b0 ? line_q : '0;", k, k, k);
		}
	}
}

/* rf_fr_dec: the register index decoder, the kernel's live registers of one warp (reset none), the
 * lowest shown, cleared by a take (find-first-set, clear-lowest). */
void rg_emit_rf_fr_dec(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned R = c->finereg_kernel_regs, iw = rfm_clog2(R);
	(void)pt;
	em_blank(e);
	em_line(e, "// the reference kernel's %u register%s of a warp not yet taken (control state: reset to none)", R,
		R == 1 ? "" : "s");
	em_line(e, "logic %s vec_q, vec_d;", em_rng(e, R));
	em_line(e, "logic found;");
	if (R > 1) {
		em_line(e, "logic %s lo;", em_rng(e, iw));
		rg_ffz_function(e, R);
		em_line(e, "// the lowest live register: the lowest zero of the complement");
		em_line(e, "assign {found, lo} = ffz(~vec_q);");
		em_line(e, "assign ridx_o = found ? %s : '0;", iw < 6 ? "6'(lo)" : "lo");
	} else {
		em_line(e, "assign found = vec_q;");
		em_line(e, "assign ridx_o = '0;");
	}
	em_line(e, "assign valid_o = found;");
	em_line(e, "logic %s ld_regs;  // the loaded vector's kernel registers", em_rng(e, R));
	if (R < 64) {
		em_line(e, "assign ld_regs = ld_vec_i[%u:0];", R - 1);
		em_line(e, "logic unused_dec;");
		em_line(e, "assign unused_dec = ^ld_vec_i[63:%u];  // past the kernel's registers", R);
	} else {
		em_line(e, "assign ld_regs = ld_vec_i;");
	}
	em_blank(e);
	em_line(e, "// a load replaces the vector and wins; a take clears the register shown");
	em_open(e, "always_comb begin");
	em_line(e, "vec_d = vec_q;");
	em_line(e, "if (ld_valid_i) vec_d = ld_regs;");
	if (R > 1)
		em_line(e, "else if (take_i && found) vec_d[lo] = 1'b0;");
	else
		em_line(e, "else if (take_i) vec_d = 1'b0;");
	em_close(e, "end");
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_line(e, "if (!rst_ni) vec_q <= '0;");
	em_line(e, "else vec_q <= vec_d;");
	em_close(e, "end");
}

/* The row index of rf_fr_live and rf_fr_zero: bit {warp, index} holds register (warp, index), with
 * clog2(kernel_warps) warp bits (at least 1) and clog2(kernel_regs) index bits (at least 1); rows
 * past the kernel's warps and bits past its registers are never set. */
typedef struct fr_rows {
	unsigned kb, rb, lw, n; /* warp bits, index bits, their sum, the bits of the vector */
} fr_rows_t;

static fr_rows_t fr_rows(const rfm_cfg_t *c)
{
	fr_rows_t r;
	unsigned W = c->finereg_kernel_warps, R = c->finereg_kernel_regs;
	r.kb = W > 1 ? rfm_clog2(W) : 1;
	r.rb = R > 1 ? rfm_clog2(R) : 1;
	r.lw = r.kb + r.rb;
	r.n = 1u << r.lw;
	return r;
}

/* The bit index {warp, index} of a {warp port, index port} pair (wb: the warp port's width). */
static const char *fr_bit_ix(em_t *e, const fr_rows_t *x, unsigned wb, const char *warp, const char *ridx)
{
	return em_fmt(e, "{%s%s, %s%s}", warp, x->kb < wb ? em_fmt(e, "[%u:0]", x->kb - 1) : "", ridx,
		      x->rb < 6 ? em_fmt(e, "[%u:0]", x->rb - 1) : "");
}

/* The condition that a {warp port, index port} pair names a register of the kernel ("1'b1": every
 * pair does). */
static const char *fr_in_kernel(em_t *e, unsigned W, unsigned R, unsigned wb, const char *warp, const char *ridx)
{
	char a[48] = "", b[48] = "";
	if (R < 64)
		snprintf(a, sizeof(a), "%s < %s", ridx, em_lit(e, 6, R));
	if (W < 1u << wb)
		snprintf(b, sizeof(b), "%s < %s", warp, em_lit(e, wb, W));
	if (!*a && !*b)
		return "1'b1";
	return em_fmt(e, "%s%s%s", a, *a && *b ? " && " : "", b);
}

/* The kernel's bits (for the assertions): a generate loop. */
static void fr_kernel(em_t *e, const fr_rows_t *x, unsigned W, unsigned R, int rowbits)
{
	if (rowbits)
		em_line(e, "localparam int RowBits = %u;  // a row: 2^%u bits, a register's index", 1u << x->rb, x->rb);
	em_line(e, "localparam int Warps = %u;  // the reference kernel's warps", W);
	em_line(e, "localparam int Regs = %u;  // and registers", R);
	em_line(e, "logic %s kernel;  // the bits of the kernel's warps and registers", em_rng(e, x->n));
	em_line(e, "genvar g;");
	em_open(e, "for (g = 0; g < %u; g = g + 1) begin : g_kernel", x->n);
	em_line(e, "assign kernel[g] = (g / RowBits) < Warps && (g %% RowBits) < Regs;");
	em_close(e, "end");
}

/* rf_fr_live's rules (docs/finereg.md, "Blocks"): no register outside the kernel is left; the
 * lowest register left is the lowest set bit (the pick when no destination is). */
static void live_asserts(em_t *e, const fr_rows_t *x, unsigned warps, unsigned regs)
{
	const char *doc = "docs/finereg.md, Blocks";
	const char *one = em_keep(e, em_lit(e, x->n, 1));
	rg_assert_begin(e, "live-register set rules 1-2");
	fr_kernel(e, x, warps, regs, 0);
	rg_assert(e, "(vec_q & ~kernel) == '0", "rf_fr_live", "rule 1", doc, "a register outside the kernel is left");
	em_line(e, "logic %s lv_lo;  // the lowest register's bit", em_rng(e, x->n));
	em_line(e, "assign lv_lo = %s << lo;", one);
	rg_assert(e, "!found || ((vec_q & lv_lo) != '0 && (vec_q & (lv_lo - 1'b1)) == '0)", "rf_fr_live", "rule 2", doc,
		  "the lowest shown is not the lowest register left");
	rg_assert_end(e);
}

/* rf_fr_live: the engine's live-register set (fr_rows); the pick is the destination if left, else
 * the lowest left (find-first-set). */
void rg_emit_rf_fr_live(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned W = c->finereg_kernel_warps, R = c->finereg_kernel_regs, wb = pt->p[rfm_ports_find(pt, "q_warp_i")].width;
	fr_rows_t x = fr_rows(c);
	em_blank(e);
	em_line(e, "// the reference kernel: %u warp%s of %u register%s", W, W == 1 ? "" : "s", R, R == 1 ? "" : "s");
	em_line(e, "localparam int RowBits = %u;  // a row: 2^%u bits, a register's index", 1u << x.rb, x.rb);
	em_blank(e);
	em_line(e, "// bit {warp, index}: the live register not yet moved (control state: reset to none)");
	em_line(e, "logic %s vec_q, vec_d;", em_rng(e, x.n));
	em_blank(e);
	em_line(e, "// the lowest register left: the lowest zero of the complement");
	em_line(e, "logic found;");
	em_line(e, "logic %s lo;", em_rng(e, x.lw));
	rg_ffz_function(e, x.n);
	em_line(e, "assign {found, lo} = ffz(~vec_q);");
	em_blank(e);
	em_line(e, "// the destination, when it is a register left (a register past the kernel's is not)");
	em_line(e, "logic %s q_ix;", em_rng(e, x.lw));
	em_line(e, "logic q_in, dst;");
	const char *ix = em_keep(e, fr_bit_ix(e, &x, wb, "q_warp_i", "q_ridx_i"));
	em_line(e, "assign q_ix = %s;", ix);
	em_line(e, "assign q_in = %s;", fr_in_kernel(e, W, R, wb, "q_warp_i", "q_ridx_i"));
	em_line(e, "assign dst = q_valid_i && q_in && vec_q[q_ix];");
	em_line(e, "logic %s pick;", em_rng(e, x.lw));
	em_line(e, "assign pick = dst ? q_ix : lo;");
	em_line(e, "assign valid_o = found;");
	em_line(e, "assign dst_o = dst;");
	em_line(e, "assign warp_o = found ? %s : '0;", x.kb < wb ? em_fmt(e, "%u'(pick[%u:%u])", wb, x.lw - 1, x.rb)
								  : em_fmt(e, "pick[%u:%u]", x.lw - 1, x.rb));
	em_line(e, "assign ridx_o = found ? %s : '0;", x.rb < 6 ? em_fmt(e, "6'(pick[%u:0])", x.rb - 1) : "pick[5:0]");
	em_blank(e);
	em_line(e, "// a load's row: the kernel's registers of the vector");
	em_line(e, "logic %s ld_row;", em_rng(e, 1u << x.rb));
	em_line(e, "logic %s ld_ix;", em_rng(e, x.lw));
	if (R == 64)
		em_line(e, "assign ld_row = ld_vec_i;");
	else if (R == 1u << x.rb)
		em_line(e, "assign ld_row = ld_vec_i[%u:0];", R - 1);
	else
		em_line(e, "assign ld_row = {%u'd0, ld_vec_i[%u:0]};", (1u << x.rb) - R, R - 1);
	if (R < 64) {
		em_line(e, "logic unused_live;");
		em_line(e, "assign unused_live = ^ld_vec_i[63:%u];  // past the kernel's registers", R);
	}
	em_line(e, "assign ld_ix = {ld_warp_i%s, %u'd0};", x.kb < wb ? em_fmt(e, "[%u:0]", x.kb - 1) : "", x.rb);
	em_line(e, "logic ld_ok;");
	if (W < 1u << wb)
		em_line(e, "assign ld_ok = ld_valid_i && ld_warp_i < %s;", em_lit(e, wb, W));
	else
		em_line(e, "assign ld_ok = ld_valid_i;");
	em_blank(e);
	em_line(e, "// a take clears the pick; then a load replaces its warp's row");
	em_open(e, "always_comb begin");
	em_line(e, "vec_d = vec_q;");
	em_line(e, "if (take_i && found) vec_d[pick] = 1'b0;");
	em_line(e, "if (ld_ok) vec_d[ld_ix +: RowBits] = ld_row;");
	em_close(e, "end");
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_line(e, "if (!rst_ni) vec_q <= '0;");
	em_line(e, "else vec_q <= vec_d;");
	em_close(e, "end");
	live_asserts(e, &x, W, R);
}

/* rf_fr_zero's rules (docs/finereg.md, "Blocks"): nothing outside the kernel is marked; each bank's
 * zero is the lowest register left in that bank, and a bank without one shows none. */
static void zero_asserts(em_t *e, const fr_rows_t *x, unsigned warps, unsigned regs, unsigned banks)
{
	const char *doc = "docs/finereg.md, Blocks";
	const char *one = em_keep(e, em_lit(e, x->n, 1));
	rg_assert_begin(e, "engine zeros rules 1-2");
	fr_kernel(e, x, warps, regs, 1);
	rg_assert(e, "(done_q & ~kernel) == '0", "rf_fr_zero", "rule 1", doc, "a register outside the kernel is marked");
	em_line(e, "logic %s zr_bad;  // a bank whose zero is not its lowest register left",
		banks > 1 ? em_rng(e, banks) : "[0:0]");
	em_open(e, "for (b = 0; b < Banks; b = b + 1) begin : g_rule2");
	em_line(e, "logic %s c, bit1;", em_rng(e, x->n));
	em_line(e, "assign c = cand[b*%u +: %u];", x->n, x->n);
	em_line(e, "assign bit1 = %s << zlo[b*%u +: %u];", one, x->lw, x->lw);
	em_line(e, "assign zr_bad[b] = zf[b] ? (c & bit1) == '0 || (c & (bit1 - 1'b1)) != '0 : c != '0;");
	em_close(e, "end");
	rg_assert(e, "zr_bad == '0", "rf_fr_zero", "rule 2", doc, "a bank's zero is not its lowest register left");
	rg_assert_end(e);
}

/* The bank class of register (w, r) of a slot whose first warp is in bank 0: wshift (w + r) mod B,
 * wid w mod B; the slot's offset (slot x W) mod B adds to it. */
static unsigned fr_bank_class(int wid, unsigned B, unsigned w, unsigned r) { return (wid ? w : w + r) % B; }

/* rf_fr_zero: the engine's zeros. done_q: a bit per register of the slot (fr_rows); bank b's
 * candidates are the kernel's registers not done whose bank is b: the base mapping's bank of
 * rf_top's warp slot x W + w is (offset + class) mod B, with the slot's offset (slot x W) mod B and
 * a constant class per register (fr_bank_class), so bank b's registers are the constant mask of
 * class (b - offset) mod B; one find-first per bank. */
void rg_emit_rf_fr_zero(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned W = c->finereg_kernel_warps, R = c->finereg_kernel_regs, B = c->rf_banks,
		 wb = pt->p[rfm_ports_find(pt, "wr_warp_i")].width, ob = B > 1 ? rfm_clog2(B) : 1, k, i, w, r;
	fr_rows_t x = fr_rows(c);
	int wid = c->mapping_layout == RFM_LAYOUT_WID;
	const char *bo = em_keep(e, B > 1 ? em_rng(e, B) : "[0:0]");
	em_blank(e);
	em_line(e, "// the reference kernel: %u warp%s of %u register%s; %u bank%s, layout %s", W, W == 1 ? "" : "s", R,
		R == 1 ? "" : "s", B, B == 1 ? "" : "s", wid ? "wid" : "wshift");
	em_line(e, "localparam int Banks = %u;", B);
	em_blank(e);
	em_line(e, "// bit {warp, index}: written or zeroed since the clear (control state: reset to none)");
	em_line(e, "logic %s done_q, done_d;", em_rng(e, x.n));
	em_blank(e);
	em_line(e, "// the kernel's registers by bank class %s: class k's mask at bits k x %u", wid ? "w mod Banks" :
		"(w + r) mod Banks", x.n);
	em_line(e, "localparam logic %s Class = {", em_rng(e, B * x.n));
	for (k = B; k-- > 0;)
		for (i = x.n / 64 ? x.n / 64 : 1; i-- > 0;) {
			unsigned lo = i * 64, hi = lo + (x.n < 64 ? x.n : 64), g;
			uint64_t v = 0;
			for (g = lo; g < hi; g++) {
				w = g >> x.rb;
				r = g & ((1u << x.rb) - 1);
				if (w < W && r < R && fr_bank_class(wid, B, w, r) == k)
					v |= (uint64_t)1 << (g - lo);
			}
			em_line(e, "    %u'h%0*llx%s  // class %u, bits %u..%u", hi - lo, (int)(hi - lo + 3) / 4,
				(unsigned long long)v, k || i ? "," : "", k, hi - 1, lo);
		}
	em_line(e, "};");
	em_blank(e);
	em_line(e, "// the slot's bank offset (slot x %u) mod %u", W, B);
	em_line(e, "logic %s off;", ob > 1 ? em_rng(e, ob) : "[0:0]");
	if (B > 1) {
		em_line(e, "assign off = %u'((32'(slot_i) * 32'd%u) %% 32'd%u);", ob, W, B);
	} else {
		em_line(e, "assign off = 1'b0;");
		em_line(e, "logic unused_zero_slot;");
		em_line(e, "assign unused_zero_slot = ^slot_i;  // one bank: every slot's registers in it");
	}
	em_line(e, "logic %s cand;  // bank b's registers not written or zeroed", em_rng(e, B * x.n));
	em_line(e, "logic %s zf;  // bank b has a zero left", bo);
	em_line(e, "logic %s zlo;  // and its bit", em_rng(e, B * x.lw));
	rg_ffz_function(e, x.n);
	em_line(e, "genvar b;");
	em_open(e, "for (b = 0; b < Banks; b = b + 1) begin : g_bank");
	if (B > 1) {
		em_line(e, "logic %s k;  // bank b's class: (b - off) mod Banks", ob > 1 ? em_rng(e, ob) : "[0:0]");
		if (!(B & (B - 1))) {
			em_line(e, "assign k = %u'(b) - off;  // mod Banks: the width's wrap", ob);
		} else {
			em_line(e, "logic %s d;  // b + Banks - off, below 2 x Banks", em_rng(e, ob + 1));
			em_line(e, "assign d = %u'(b + Banks) - {1'b0, off};", ob + 1);
			em_line(e, "assign k = %u'(d >= %u'(Banks) ? d - %u'(Banks) : d);", ob, ob + 1, ob + 1);
		}
		em_line(e, "assign cand[b*%u +: %u] = ~done_q & Class[k*%u +: %u];", x.n, x.n, x.n, x.n);
	} else {
		em_line(e, "assign cand[b*%u +: %u] = ~done_q & Class;", x.n, x.n);
	}
	em_line(e, "// the lowest: the lowest zero of the complement");
	em_line(e, "assign {zf[b], zlo[b*%u +: %u]} = ffz(~cand[b*%u +: %u]);", x.lw, x.lw, x.n, x.n);
	em_close(e, "end");
	if (B == 1) {
		em_line(e, "logic unused_zero_off;");
		em_line(e, "assign unused_zero_off = off;");
	}
	em_line(e, "logic %s zv;  // the zeros written at the edge", bo);
	em_line(e, "assign zv = en_i ? zf & gnt_i : '0;");
	em_line(e, "assign req_o = en_i ? zf : '0;");
	em_line(e, "assign z_o = zv;");
	em_line(e, "assign left_o = zf != '0;");
	em_line(e, "logic %s zwarp;  // per bank, its register's warp", B * wb > 1 ? em_rng(e, B * wb) : "[0:0]");
	em_line(e, "logic %s zridx;  // and index", em_rng(e, B * 6));
	em_open(e, "for (b = 0; b < Banks; b = b + 1) begin : g_out");
	em_line(e, "assign zwarp[b*%u +: %u] = zv[b] ? %u'(zlo[b*%u + %u +: %u]) : '0;", wb, wb, wb, x.lw, x.rb, x.kb);
	em_line(e, "assign zridx[b*6 +: 6] = zv[b] ? 6'(zlo[b*%u +: %u]) : '0;", x.lw, x.rb);
	em_close(e, "end");
	em_line(e, "assign z_warp_o = zwarp;");
	em_line(e, "assign z_ridx_o = zridx;");
	em_blank(e);
	em_line(e, "// the register written (a register past the kernel's is not)");
	em_line(e, "logic %s wr_ix;", em_rng(e, x.lw));
	em_line(e, "logic wr_ok;");
	const char *ix = em_keep(e, fr_bit_ix(e, &x, wb, "wr_warp_i", "wr_ridx_i"));
	em_line(e, "assign wr_ix = %s;", ix);
	em_line(e, "assign wr_ok = wr_valid_i && %s;", fr_in_kernel(e, W, R, wb, "wr_warp_i", "wr_ridx_i"));
	em_blank(e);
	em_line(e, "// a clear wins; else the register written and every bank's zero join the set");
	em_open(e, "always_comb begin");
	em_line(e, "done_d = done_q;");
	em_line(e, "for (int z = 0; z < Banks; z = z + 1) if (zv[z]) done_d[zlo[z*%u +: %u]] = 1'b1;", x.lw, x.lw);
	em_line(e, "if (wr_ok) done_d[wr_ix] = 1'b1;");
	em_line(e, "if (clr_i) done_d = '0;");
	em_close(e, "end");
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_line(e, "if (!rst_ni) done_q <= '0;");
	em_line(e, "else done_q <= done_d;");
	em_close(e, "end");
	zero_asserts(e, &x, W, R, B);
}

/* rf_fr_slot's rule (docs/finereg.md, "Blocks"): no CTA owns two slots (invariant 4's "exactly one
 * slot" on the table's side; the status monitor holds the other). */
static void slot_asserts(em_t *e)
{
	rg_assert_begin(e, "slot table rule 1");
	em_line(e, "logic [Slots-1:0] sl_dup;  // a slot whose owner also owns a lower slot");
	em_line(e, "genvar h;");
	em_open(e, "for (g = 0; g < Slots; g = g + 1) begin : g_dup");
	em_line(e, "logic [Slots-1:0] same;");
	em_open(e, "for (h = 0; h < Slots; h = h + 1) begin : g_lower");
	em_line(e, "assign same[h] = h < g && owned_q[h] &&");
	em_line(e, "    owner_q[h*CtaBits +: CtaBits] == owner_q[g*CtaBits +: CtaBits];");
	em_close(e, "end");
	em_line(e, "assign sl_dup[g] = owned_q[g] && same != '0;");
	em_close(e, "end");
	rg_assert(e, "sl_dup == '0", "rf_fr_slot", "rule 1", "docs/finereg.md, Blocks", "a CTA owns two slots");
	rg_assert_end(e);
}

/* rf_fr_slot: the ACRF slot table, per slot {owned, owner} (reset free), one write port refusing a
 * second slot for a CTA, the lowest free slot, a slot's owner and a CTA's slot. */
void rg_emit_rf_fr_slot(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned S = c->d.fr_slots, C = c->finereg_resident_ctas, sb = pt->p[rfm_ports_find(pt, "w_slot_i")].width,
		 cb = pt->p[rfm_ports_find(pt, "w_cta_i")].width, ow = rfm_clog2((uint64_t)S * cb);
	int spast = (1ull << sb) > S, cpast = (1ull << cb) > C;
	const char *one = em_keep(e, em_lit(e, S, 1));
	const char *rs = em_keep(e, S > 1 ? em_rng(e, S) : "[0:0]");
	em_blank(e);
	em_line(e, "localparam int Slots = %u;  // ACRF CTA slots", S);
	em_line(e, "localparam int CtaBits = %u;  // a CTA line", cb);
	em_blank(e);
	em_line(e, "// per slot: owned, and the owning CTA line (control state: reset to free)");
	em_line(e, "logic %s owned_q, owned_d;", rs);
	em_line(e, "logic %s owner_q, owner_d;", S * cb > 1 ? em_rng(e, S * cb) : "[0:0]");
	em_blank(e);
	em_line(e, "// the slots owned by the write's CTA and by the looked-up CTA");
	em_line(e, "logic %s w_has, l_has;", rs);
	em_line(e, "genvar g;");
	em_open(e, "for (g = 0; g < Slots; g = g + 1) begin : g_slot");
	em_line(e, "assign w_has[g] = owned_q[g] && owner_q[g*CtaBits +: CtaBits] == w_cta_i;");
	em_line(e, "assign l_has[g] = owned_q[g] && owner_q[g*CtaBits +: CtaBits] == l_cta_i;");
	em_close(e, "end");
	em_line(e, "logic %s w_at;  // the written slot, one-hot", rs);
	em_line(e, "assign w_at = %s << w_slot_i;", one);
	em_line(e, "logic w_ok;  // a slot, and an owner write does not give its CTA a second slot");
	em_line(e, "assign w_ok = w_valid_i%s && (!w_own_i || (%s(w_has & ~w_at) == '0));",
		spast ? em_fmt(e, " && w_slot_i < %s", em_lit(e, sb, S)) : "",
		cpast ? em_fmt(e, "w_cta_i < %s && ", em_lit(e, cb, C)) : "");
	em_open(e, "always_comb begin");
	em_line(e, "owned_d = owned_q;");
	em_line(e, "owner_d = owner_q;");
	em_open(e, "if (w_ok) begin");
	em_line(e, "owned_d = w_own_i ? owned_q | w_at : owned_q & ~w_at;");
	if (S > 1)
		em_line(e, "owner_d[%u'(w_slot_i) * %s +: CtaBits] = w_own_i ? w_cta_i : '0;", ow, em_lit(e, ow, cb));
	else
		em_line(e, "owner_d = w_own_i ? w_cta_i : '0;");
	em_close(e, "end");
	em_close(e, "end");
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	em_line(e, "owned_q <= '0;");
	em_line(e, "owner_q <= '0;");
	em_reopen(e, "end else begin");
	em_line(e, "owned_q <= owned_d;");
	em_line(e, "owner_q <= owner_d;");
	em_close(e, "end");
	em_close(e, "end");
	em_blank(e);
	em_line(e, "// every slot's owner; a slot's owner (0 when free or past the last slot); the owner is 0 in a");
	em_line(e, "// free slot");
	em_line(e, "assign own_o = owned_q;");
	em_line(e, "assign own_cta_o = owner_q;");
	if (S > 1) {
		em_line(e, "logic %s q_sh;", em_rng(e, S * cb));
		em_line(e, "logic %s q_own_sh;", rs);
		em_line(e, "assign q_sh = owner_q >> (%u'(q_slot_i) * %s);", ow, em_lit(e, ow, cb));
		em_line(e, "assign q_own_sh = owned_q >> q_slot_i;");
		em_line(e, "assign q_valid_o = %sq_own_sh[0];", spast ? em_fmt(e, "q_slot_i < %s && ", em_lit(e, sb, S)) : "");
		em_line(e, "assign q_cta_o = q_valid_o ? q_sh[CtaBits-1:0] : '0;");
		em_line(e, "logic unused_slot;");
		if (S * cb > cb)
			em_line(e, "assign unused_slot = ^{q_sh[%u:CtaBits], q_own_sh[%u:1]};", S * cb - 1, S - 1);
		else
			em_line(e, "assign unused_slot = ^q_own_sh[%u:1];", S - 1);
	} else {
		em_line(e, "assign q_valid_o = q_slot_i == 1'b0 && owned_q[0];");
		em_line(e, "assign q_cta_o = q_valid_o ? owner_q : '0;");
	}
	em_blank(e);
	if (S > 1) {
		unsigned iw = rfm_clog2(S);
		rg_ffz_function(e, S);
		em_line(e, "// the lowest free slot, and the lowest slot of the looked-up CTA (it owns one at most)");
		em_line(e, "logic ff_f, l_f;");
		em_line(e, "logic %s ff_i, l_i;", em_rng(e, iw));
		em_line(e, "assign {ff_f, ff_i} = ffz(owned_q);");
		em_line(e, "assign {l_f, l_i} = ffz(~l_has);");
		em_line(e, "assign ff_valid_o = ff_f;");
		em_line(e, "assign ff_slot_o = ff_f ? %s : '0;", iw < sb ? em_fmt(e, "%u'(ff_i)", sb) : "ff_i");
		em_line(e, "assign l_valid_o = l_f;  // a line past the last owns nothing");
		em_line(e, "assign l_slot_o = l_valid_o ? %s : '0;", iw < sb ? em_fmt(e, "%u'(l_i)", sb) : "l_i");
	} else {
		em_line(e, "assign ff_valid_o = ~owned_q[0];");
		em_line(e, "assign ff_slot_o = 1'b0;");
		em_line(e, "assign l_valid_o = l_has[0];");
		em_line(e, "assign l_slot_o = 1'b0;");
	}
	if (S > 1)
		slot_asserts(e);
}

/* rf_fr_pcrf: the PCRF data array, one 1-D array of entries x beats rows (not reset: a macro in
 * synthesis, as rf_sram is), one port a beat a cycle, and the read path back to the unit: the
 * array's read register and pcrf_latency - 2 stages, each taking a beat only when one is in it. */
void rg_emit_rf_fr_pcrf(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned n = c->finereg_pcrf_regs, eb = pt->p[rfm_ports_find(pt, "entry_i")].width,
		 bb = pt->p[rfm_ports_find(pt, "beat_i")].width, dw = pt->p[rfm_ports_find(pt, "wdata_i")].width,
		 B = c->d.fr_words / c->d.fr_beat_words, S = c->finereg_pcrf_latency - 1, rows = n * B,
		 aw = rfm_clog2(rows) ? rfm_clog2(rows) : 1, k;
	int epast = (1ull << eb) > n, bpast = (1ull << bb) > B;
	em_blank(e);
	em_line(e, "localparam int Rows   = %u;  // %u entries x %u beat%s: row = entry x %u + beat", rows, n, B,
		B == 1 ? "" : "s", B);
	em_line(e, "localparam int Stages = %u;  // pcrf_latency - 1: the read register and %u stage%s back", S, S - 1,
		S == 2 ? "" : "s");
	em_blank(e);
	em_line(e, "// Storage: one 1-D array, not reset, so synthesis can map it to a macro.");
	em_line(e, "logic %s mem_q [0:Rows-1];", em_rng(e, dw));
	em_line(e, "logic %s row;", em_rng(e, aw));
	em_line(e, "logic ok;  // the access names an entry%s", B > 1 ? " and a beat" : "");
	if (B > 1)
		em_line(e, "assign row = %u'(entry_i) * %s + %u'(beat_i);", aw, em_lit(e, aw, B), aw);
	else
		em_line(e, "assign row = %u'(entry_i);", aw);
	em_line(e, "assign ok = en_i%s%s;", epast ? em_fmt(e, " && entry_i < %s", em_lit(e, eb, n)) : "",
		bpast ? em_fmt(e, " && beat_i < %s", em_lit(e, bb, B)) : "");
	em_open(e, "always_ff @(posedge clk_i) begin");
	em_line(e, "if (ok && we_i) mem_q[row] <= wdata_i;");
	em_close(e, "end");
	em_blank(e);
	em_line(e, "// The read path: stage 0 is the array's read register (0 past the last entry or beat)");
	em_line(e, "logic [Stages-1:0] v_q;");
	for (k = 0; k < S; k++)
		em_line(e, "logic %s d%u_q;%s", em_rng(e, dw), k,
			bb > 1 ? em_fmt(e, "  logic %s b%u_q;", em_rng(e, bb), k) : em_fmt(e, "  logic b%u_q;", k));
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_line(e, "if (!rst_ni) v_q <= '0;");
	em_line(e, "else v_q <= {v_q[Stages-2:0], en_i && !we_i};");
	em_close(e, "end");
	em_open(e, "always_ff @(posedge clk_i) begin");
	em_open(e, "if (en_i && !we_i) begin");
	em_line(e, "d0_q <= ok ? mem_q[row] : '0;");
	em_line(e, "b0_q <= beat_i;");
	em_close(e, "end");
	for (k = 1; k < S; k++)
		em_line(e, "if (v_q[%u]) begin d%u_q <= d%u_q; b%u_q <= b%u_q; end", k - 1, k, k - 1, k, k - 1);
	em_close(e, "end");
	em_line(e, "assign rvalid_o = v_q[Stages-1];");
	em_line(e, "assign rbeat_o = v_q[Stages-1] ? b%u_q : '0;", S - 1);
	em_line(e, "assign rdata_o = v_q[Stages-1] ? d%u_q : '0;", S - 1);
}

/* rf_fr_port's rules (docs/finereg.md, "Blocks"): one transfer on the port at a time, beat counters
 * at 0 between transfers and below the beats of a register, the in buffer never over-full. */
static void port_asserts(em_t *e, const char *last)
{
	rg_assert_begin(e, "PCRF port rules 1-4");
	rg_assert(e, "!(wact_q && ract_q)", "rf_fr_port", "rule 1", "docs/finereg.md, Blocks",
		  "a PWR and a PRD on the port at once");
	rg_assert(e, em_fmt(e, "(wact_q ? wbeat_q <= %s : wbeat_q == '0) && (ract_q ? rbeat_q <= %s : rbeat_q == '0)",
			    last, last),
		  "rf_fr_port", "rule 2", "docs/finereg.md, Blocks", "a beat counter off its transfer");
	rg_assert(e, "count_q <= Depth", "rf_fr_port", "rule 3", "docs/finereg.md, Blocks",
		  "more registers in the in buffer than its slots");
	rg_assert(e, "32'(tp_q) == (32'(head_q) + 32'(count_q)) % Depth", "rf_fr_port", "rule 4",
		  "docs/finereg.md, Blocks", "the slot a PRD takes is not the one after the youngest");
	rg_assert_end(e);
}

/* rf_fr_port: the unit's PCRF port: the out buffer sent beat by beat by a PWR, a PRD's beats read
 * through rf_fr_pcrf into the in buffer, a FIFO of fr_in_depth registers (a slot taken at the PRD's
 * start, complete when its last beat is in). */
void rg_emit_rf_fr_port(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	unsigned pb = pt->p[rfm_ports_find(pt, "pwr_entry_i")].width, rb = pt->p[rfm_ports_find(pt, "ob_data_i")].width,
		 tb = pt->p[rfm_ports_find(pt, "prd_dst_i")].width,
		 db = pt->p[rfm_ports_find(pt, "in_count_o")].width, B = c->d.fr_words / c->d.fr_beat_words,
		 bw = c->d.fr_beat_words * 32, D = c->d.fr_in_depth, bb = B > 1 ? rfm_clog2(B) : 1, iw = rfm_clog2(D),
		 ow = rfm_clog2(rb);
	const char *last = em_keep(e, em_lit(e, bb, B - 1));
	const char *brng = em_keep(e, em_rng(e, bb));
	const char *prng = em_keep(e, em_rng(e, pb));
	em_blank(e);
	em_line(e, "localparam int Depth    = %u;  // in buffer registers (fr_in_depth)", D);
	em_line(e, "localparam int BeatBits = %u;  // %u beat%s a register", bw, B, B == 1 ? "" : "s");
	em_blank(e);
	em_line(e, "// control state: reset; the buffers' data are not");
	em_line(e, "logic ob_full_q;  // the out buffer holds a register no PWR has started on");
	em_line(e, "logic wact_q, ract_q;  // a PWR, a PRD in its later beats");
	em_line(e, "logic %s wbeat_q, rbeat_q;", brng);
	em_line(e, "logic %s went_q, rent_q;", prng);
	em_line(e, "logic %s done_q;  // a slot with every beat in", em_rng(e, D));
	em_line(e, "logic %s head_q, fp_q, tp_q;  // oldest slot, slot the beats fill, next PRD's slot",
		em_rng(e, iw));
	em_line(e, "logic %s count_q;  // slots taken by PRDs", em_rng(e, db));
	em_line(e, "logic %s ob_q;", em_rng(e, rb));
	em_line(e, "logic %s slot_q [0:Depth-1];", em_rng(e, rb));
	em_line(e, "logic %s dst_q [0:Depth-1];  // the {warp, index} each slot's PRD carried", em_rng(e, tb));
	em_blank(e);
	em_line(e, "// this cycle: one start on a free port, a PWR before a PRD; the out buffer free from a PWR's");
	em_line(e, "// last beat on (the beat leaves it before the edge that loads it)");
	em_line(e, "logic port_free, pwr_go, prd_go, w_now, r_now, ready, pop_go;");
	em_line(e, "logic %s w_beat, r_beat;", brng);
	em_line(e, "logic %s w_ent, r_ent;", prng);
	em_line(e, "assign port_free = !wact_q && !ract_q;");
	em_line(e, "assign pwr_ok_o = port_free && ob_full_q;");
	em_line(e, "assign prd_ok_o = port_free && count_q < %s;", em_lit(e, db, D));
	em_line(e, "assign pwr_go = pwr_i && pwr_ok_o;");
	em_line(e, "assign prd_go = prd_i && prd_ok_o && !pwr_go;");
	em_line(e, "assign ob_free_o = pwr_go ? 1'b%u : !ob_full_q && (!wact_q || wbeat_q == %s);", B == 1, last);
	em_line(e, "assign w_now = pwr_go || wact_q;");
	em_line(e, "assign w_beat = pwr_go ? '0 : wbeat_q;");
	em_line(e, "assign w_ent = pwr_go ? pwr_entry_i : went_q;");
	em_line(e, "assign r_now = prd_go || ract_q;");
	em_line(e, "assign r_beat = prd_go ? '0 : rbeat_q;");
	em_line(e, "assign r_ent = prd_go ? prd_entry_i : rent_q;");
	em_line(e, "assign wlast_o = w_now && w_beat == %s;", last);
	em_line(e, "assign wlast_entry_o = wlast_o ? w_ent : '0;");
	em_line(e, "assign rlast_o = r_now && r_beat == %s;", last);
	em_line(e, "assign rlast_entry_o = rlast_o ? r_ent : '0;");
	em_blank(e);
	em_line(e, "// the PCRF data array: a PWR's beat, else a PRD's");
	em_line(e, "logic a_en, a_we, a_rv;");
	em_line(e, "logic %s a_ent;", prng);
	em_line(e, "logic %s a_beat, a_rb;", brng);
	em_line(e, "logic [BeatBits-1:0] a_wdata, a_rd;");
	em_line(e, "assign a_en = w_now || r_now;");
	em_line(e, "assign a_we = w_now;");
	em_line(e, "assign a_ent = w_now ? w_ent : r_ent;");
	em_line(e, "assign a_beat = w_now ? w_beat : r_beat;");
	if (B > 1) {
		em_line(e, "logic %s w_off, r_off;  // bit offsets of a beat in a register", em_rng(e, ow));
		em_line(e, "assign w_off = %u'(w_beat) * %s;", ow, em_lit(e, ow, bw));
		em_line(e, "assign r_off = %u'(a_rb) * %s;", ow, em_lit(e, ow, bw));
		em_line(e, "assign a_wdata = ob_q[w_off +: BeatBits];");
	} else {
		em_line(e, "assign a_wdata = ob_q;");
	}
	em_open(e, "rf_fr_pcrf u_pcrf (");
	em_row(e, 2, ".clk_i", "(clk_i),");
	em_row(e, 2, ".rst_ni", "(rst_ni),");
	em_row(e, 2, ".en_i", "(a_en),");
	em_row(e, 2, ".we_i", "(a_we),");
	em_row(e, 2, ".entry_i", "(a_ent),");
	em_row(e, 2, ".beat_i", "(a_beat),");
	em_row(e, 2, ".wdata_i", "(a_wdata),");
	em_row(e, 2, ".rvalid_o", "(a_rv),");
	em_row(e, 2, ".rbeat_o", "(a_rb),");
	em_row(e, 2, ".rdata_o", "(a_rd)");
	em_table(e);
	em_close(e, ");");
	em_blank(e);
	em_line(e, "// the in buffer: the oldest slot shown when complete");
	em_line(e, "assign ready = count_q != '0 && done_q[head_q];");
	em_line(e, "assign pop_go = pop_i && ready;");
	em_line(e, "assign in_count_o = count_q;");
	em_line(e, "assign in_ready_o = ready;");
	em_line(e, "assign in_data_o = ready ? slot_q[head_q] : '0;");
	em_line(e, "assign in_dst_o = count_q != '0 ? dst_q[head_q] : '0;  // from the PRD's start");
	em_blank(e);
	em_open(e, "always_ff @(posedge clk_i) begin");
	em_line(e, "if (ob_load_i && ob_free_o) ob_q <= ob_data_i;");
	em_line(e, "if (prd_go) dst_q[tp_q] <= prd_dst_i;");
	if (B > 1)
		em_line(e, "if (a_rv) slot_q[fp_q][r_off +: BeatBits] <= a_rd;");
	else
		em_line(e, "if (a_rv) slot_q[fp_q] <= a_rd;");
	em_close(e, "end");
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	em_line(e, "ob_full_q <= 1'b0;");
	em_line(e, "wact_q <= 1'b0;");
	em_line(e, "ract_q <= 1'b0;");
	em_line(e, "wbeat_q <= '0;");
	em_line(e, "rbeat_q <= '0;");
	em_line(e, "went_q <= '0;");
	em_line(e, "rent_q <= '0;");
	em_line(e, "done_q <= '0;");
	em_line(e, "head_q <= '0;");
	em_line(e, "fp_q <= '0;");
	em_line(e, "tp_q <= '0;");
	em_line(e, "count_q <= '0;");
	em_reopen(e, "end else begin");
	em_open(e, "if (a_rv && a_rb == %s) begin  // a slot's last beat", last);
	em_line(e, "done_q[fp_q] <= 1'b1;");
	em_line(e, "fp_q <= fp_q == %s ? '0 : fp_q + 1'b1;", em_lit(e, iw, D - 1));
	em_close(e, "end");
	em_open(e, "if (pop_go) begin");
	em_line(e, "done_q[head_q] <= 1'b0;");
	em_line(e, "head_q <= head_q == %s ? '0 : head_q + 1'b1;", em_lit(e, iw, D - 1));
	em_close(e, "end");
	em_line(e, "if (prd_go) tp_q <= tp_q == %s ? '0 : tp_q + 1'b1;", em_lit(e, iw, D - 1));
	em_line(e, "if (prd_go && !pop_go) count_q <= count_q + 1'b1;");
	em_line(e, "else if (pop_go && !prd_go) count_q <= count_q - 1'b1;");
	em_open(e, "if (w_now) begin");
	em_line(e, "wact_q <= w_beat != %s;", last);
	em_line(e, "wbeat_q <= w_beat != %s ? w_beat + 1'b1 : '0;", last);
	em_line(e, "went_q <= w_ent;");
	em_close(e, "end");
	em_open(e, "if (r_now) begin");
	em_line(e, "ract_q <= r_beat != %s;", last);
	em_line(e, "rbeat_q <= r_beat != %s ? r_beat + 1'b1 : '0;", last);
	em_line(e, "rent_q <= r_ent;");
	em_close(e, "end");
	em_line(e, "if (ob_load_i && ob_free_o) ob_full_q <= 1'b1;");
	em_line(e, "else if (pwr_go) ob_full_q <= 1'b0;");
	em_close(e, "end");
	em_close(e, "end");
	port_asserts(e, last);
}
