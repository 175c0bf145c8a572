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
