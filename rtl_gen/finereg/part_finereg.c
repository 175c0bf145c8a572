/* part_finereg.c - FineReg in rf_top's generator (rg_part.h): a LOCATE part (the ACRF's CTA slots
 * through the base mapping, the issue and write-back rules of the slots) and a SIDE part (the
 * register management unit rf_fr_ctl, its ports and counters, the engine's bank holds and the
 * accesses it makes through the banks it holds). Model: cmodel/finereg/part_finereg.c;
 * docs/finereg.md, "rf_top integration". */
#include <stdio.h>

#include "rfm_finereg.h"
#include "rfm_techniques.h"
#include "rg_part.h"

static int fr_on(const rfm_cfg_t *c) { return rfm_tech_on(c, RFM_TECH_finereg); }

/* The unit's geometry: slots, warps and registers of a slot, CTA lines, rf_top's warps. */
typedef struct fr_dims {
	unsigned S, W, R, n, V, wb, lb, sb;
} fr_dims_t;

static unsigned at_least1(unsigned n) { return n ? n : 1; }

static void dims(const rfm_cfg_t *c, fr_dims_t *d)
{
	rfm_fr_geom_t g;
	rfm_finereg_geom_of(c, &g);
	d->S = at_least1(g.acrf_slots);
	d->W = at_least1(g.warps);
	d->R = at_least1(g.regs);
	d->n = at_least1(g.ctas);
	d->V = d->S * d->W;
	d->wb = rfm_fr_warp_bits(&g);
	d->lb = at_least1(rfm_clog2(d->n));
	d->sb = at_least1(rfm_clog2(d->S));
}

static unsigned fr_width(const rfm_cfg_t *c) { return c->d.nwarps_w + c->d.nregs_w + 1; }

/* A grid starts once, with exactly the unit's warps and registers. */
static void fr_launch(rg_top_t *t)
{
	fr_dims_t d;
	dims(t->c, &d);
	rg_fit(t, em_fmt(t->e, "(lw_x == %s) & (lr_x == %s) & (kwarps_q == '0)", em_lit(t->e, t->lw, d.V),
			 em_lit(t->e, t->lw, d.R)));
	em_line(t->e, "assign need_x = '0;  // no row arithmetic: the slots are fixed");
	rg_unused(t->e, "need", "need_x");
}

/* Per rf_top warp v: its slot's CTA active (fr_vact), and whether an issue of it is refused
 * (fr_blk: the slot's CTA not active, the warp stalled, the CTA finished); per write-back port,
 * its slot's CTA active; per issue port, refused (a warp of the grid that may not issue). */
static void fr_locate(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned K = c->sm_schedulers, k, v, d;
	fr_dims_t m;
	dims(c, &m);
	em_section(e, "locate: warp s x %u + w is warp w of the CTA in ACRF slot s; a write-back to a slot whose CTA is "
		      "not active is dropped; an issue of a warp that may not issue is refused", m.W);
	rg_logic(t, m.V, "fr_vact, fr_blk");
	for (k = 0; k < K; k++) {
		rg_logic(t, 1, "iss%u_fblk, iss%u_cvalid, iss%u_cready", k, k, k);
		rg_logic(t, c->d.ctag_w, "iss%u_ctag", k);
		rg_logic(t, c->d.ctag_w, "dsp%u_ctag", k);
	}
	em_table(e);
	for (v = 0; v < m.V; v++) {
		em_line(e, "assign fr_vact[%u] = fr_act[%u];", v, v / m.W);
		em_line(e, "assign fr_blk[%u]  = ~fr_act[%u] | fr_stall_i[%u] | fr_exit_i[%u];", v, v / m.W, v, v / m.W);
	}
	{
		char keep[64];
		snprintf(keep, sizeof(keep), " & (|(fr_vact & (%u'(1) << wb%%1$u_warp_i)))", m.V);
		rg_map_records(t, keep);
	}
	t->hold = 1;
	for (k = 0; k < K; k++) {
		em_line(e, "assign iss%u_fblk = (kwarps_q != '0) & (|(fr_blk & (%u'(1) << iss%u_warp_i)));", k, m.V, k);
		em_line(e, "assign iss%u_cvalid = iss%u_valid_i & ~iss%u_fblk;", k, k, k);
		em_line(e, "assign iss%u_ready_o = iss%u_cready & ~iss%u_fblk;", k, k, k);
		em_line(e, "assign iss%u_ctag = iss%u_tag_i;", k, k);
	}
	for (d = 0; d < K; d++)
		em_line(e, "assign dsp%u_tag_o = dsp%u_ctag;", d, d);
}

const rg_part_t rg_part_finereg = {
	.name = "finereg", .slot = RG_LOCATE, .active = fr_on, .fit_width = fr_width, .launch = fr_launch,
	.locate = fr_locate,
};

/* Before the locate section: the unit's issue flags and hold requests, the lent banks. */
static void unit_side(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	fr_dims_t d;
	dims(c, &d);
	em_section(t->e, "FineReg: the register management unit's signals (docs/finereg.md, rf_top integration)");
	rg_logic(t, d.S, "fr_act");
	rg_logic(t, c->rf_banks, "fr_hold_req, fr_gnt");
	rg_lend(t);
	em_table(t->e);
	rg_hold(t, "fr_hold_req");
}

/* The ACRF address of the engine's register (slot acc, warp w, index r): rf_map with the grid's
 * warps and registers, as the LOCATE places rf_top's accesses. */
static void unit_map(rg_top_t *t, const fr_dims_t *d, const char *name)
{
	const rfm_cfg_t *c = t->c;
	char head[48], warp[96], reg[48], kw[24], kr[24], bank[32], row[32], err[32];
	unsigned ww = c->d.warp_w;
	const char *conn[] = {"warp_i", warp, "reg_i", reg, "kwarps_i", kw, "kregs_i", kr, "bank_o", bank, "entry_o", row,
			      "err_o", err, NULL};
	snprintf(head, sizeof(head), "rf_map u_fr_%s_map", name);
	snprintf(warp, sizeof(warp), "%u'(fr_acc_slot) * %u'(%u) + %u'(fr_%s_warp)", ww, ww, d->W, ww, name);
	if (c->d.reg_w < 6)
		snprintf(reg, sizeof(reg), "fr_%s_ridx[%u:0]", name, c->d.reg_w - 1);
	else
		snprintf(reg, sizeof(reg), "fr_%s_ridx", name);
	snprintf(kw, sizeof(kw), "%u'd%u", c->d.nwarps_w, d->V);
	snprintf(kr, sizeof(kr), "%u'd%u", c->d.nregs_w, d->R);
	snprintf(bank, sizeof(bank), "fr_%s_bank", name);
	snprintf(row, sizeof(row), "fr_%s_row", name);
	snprintf(err, sizeof(err), "fr_%s_err", name);
	rg_instance(t->e, head, conn);
}

/* The instructions in the collectors per warp, the unit, the lent accesses, outputs, counters. */
static void unit_status(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned K = c->sm_schedulers, B = c->rf_banks, P = c->rf_write_ports, ew = c->d.entry_w, bw = c->d.bank_w;
	unsigned pw = rfm_clog2((uint64_t)c->sm_collectors + 1), cb = c->stats_counter_bits, v, k, b, p, i;
	fr_dims_t d;
	em_str_t x = {0};
	static const char *const cnt[] = {"stalls", "drops", "stays", "depletion", "bv_bytes", "launches", "exits",
		"evictions", "restores", "swaps", "switches", "resumes", "hits", "misses", "eng_busy", "eng_wait", "eng_ard",
		"eng_awr", "eng_prd", "eng_pwr", "eng_ops", "eng_depleted"};
	const char *const conn[] = {"clk_i", "clk_i", "rst_ni", "rst_ni", "stall_i", "fr_cstall", "pc_i", "fr_pc_i",
		"ready_i", "fr_ready_i", "exit_i", "fr_cexit", "new_left_i", "fr_new_left_i & (kwarps_q != '0)",
		"fill_valid_i", "fr_fill_valid_i", "fill_pc_i", "fr_fill_pc_i", "fill_vec_i", "64'(fr_fill_vec_i)", "miss_o",
		"fr_miss_o", "miss_pc_o", "fr_miss_pc_o", "act_o", "fr_act", "hold_gnt_i", "fr_gnt", "hold_req_o",
		"fr_hold_req", "ard_o", "fr_ard", "ard_warp_o", "fr_ard_warp", "ard_ridx_o", "fr_ard_ridx", "rd_data_i",
		"fr_rd_data", "awr_o", "fr_awr", "awr_warp_o", "fr_awr_warp", "awr_ridx_o", "fr_awr_ridx", "awr_data_o",
		"fr_awr_data", "z_o", "fr_z", "z_warp_o", "fr_z_warp", "z_ridx_o", "fr_z_ridx", "acc_slot_o", "fr_acc_slot",
		"p_cta_i", "fr_p_cta_i"};
	static const char *const shown[] = {"state_o", "look_slot_o", "go_o", "op_o", "slot_o", "a_o", "b_o", "pipe_o",
		"done_o", "csw_o", "stay_o", "resume_o", "exit_o", "exit_cta_o", "p_ctx_o", "p_reg_o", "p_head_o",
		"p_count_o", "free_count_o", "resident_o", "pending_o", "active_o"};
	dims(c, &d);
	em_section(e, "FineReg: the register management unit (rf_fr_ctl), instructions in the collectors per warp, the "
		      "engine's accesses of the banks it holds");
	for (v = 0; v < d.V; v++)
		rg_flop(t, pw, em_fmt(e, "fr_pend%u", v));
	rg_logic(t, d.V, "fr_cstall");
	rg_logic(t, d.S, "fr_cexit");
	rg_logic(t, 1, "fr_ard, fr_awr, fr_ard_err, fr_awr_err");
	rg_logic(t, d.wb, "fr_ard_warp, fr_awr_warp");
	rg_logic(t, 6, "fr_ard_ridx, fr_awr_ridx");
	rg_logic(t, c->d.wreg_bits, "fr_awr_data, fr_rd_data");
	rg_logic(t, B, "fr_z");
	rg_logic(t, B * d.wb, "fr_z_warp");
	rg_logic(t, B * 6, "fr_z_ridx");
	rg_logic(t, d.sb, "fr_acc_slot");
	rg_logic(t, bw, "fr_ard_bank, fr_awr_bank");
	rg_logic(t, ew, "fr_ard_row, fr_awr_row");
	for (b = 0; b < B; b++) {
		rg_logic(t, d.wb, "fr_z%u_warp", b);
		rg_logic(t, 6, "fr_z%u_ridx", b);
		rg_logic(t, bw, "fr_z%u_bank", b);
		rg_logic(t, ew, "fr_z%u_row", b);
		rg_logic(t, 1, "fr_z%u_err", b);
	}
	rg_flop(t, bw, "fr_ardb");
	em_table(e);
	/* instructions issued and not yet dispatched, per warp of the grid */
	for (v = 0; v < d.V; v++) {
		em_clear(&x);
		em_add(&x, NULL, "fr_pend%u_q", v);
		for (k = 0; k < K; k++)
			em_add(&x, " + ", "%u'({iss%u_valid_i & iss%u_ready_o & (%u'(iss%u_warp_i) == %u'(%u))})", pw, k, k, 32, k,
			       32, v);
		for (k = 0; k < K; k++)
			em_add(&x, " - ", "%u'({dsp%u_valid_o & (%u'(dsp%u_warp_o) == %u'(%u))})", pw, k, 32, k, 32, v);
		em_line(e, "assign fr_pend%u_d = %s;", v, em_str(&x));
	}
	em_line(e, "// a warp stalls once none of its instructions waits in a collector; a CTA finishes once none");
	em_line(e, "// of its warps' does");
	for (v = 0; v < d.V; v++)
		em_line(e, "assign fr_cstall[%u] = fr_stall_i[%u] & (fr_pend%u_q == '0);", v, v, v);
	for (i = 0; i < d.S; i++) {
		em_clear(&x);
		for (v = i * d.W; v < (i + 1) * d.W; v++)
			em_add(&x, " & ", "(fr_pend%u_q == '0)", v);
		em_line(e, "assign fr_cexit[%u] = fr_exit_i[%u] & %s;", i, i, em_str(&x));
	}
	em_line(e, "// the engine's holds: granted unless a write-back is offered to the bank (never a forced one)");
	em_line(e, "assign fr_gnt = hold_gnt & fr_hold_req%s;", c->d.bank_force ? " & ~hold_force" : "");
	em_open(e, "rf_fr_ctl u_fr (");
	for (i = 0; i < sizeof(conn) / sizeof(conn[0]); i += 2)
		rg_conn(e, conn[i], conn[i + 1]);
	for (i = 0; i < sizeof(shown) / sizeof(shown[0]); i++)
		rg_conn(e, shown[i], em_fmt(e, "fr_%s", shown[i]));
	for (i = 0; i < sizeof(cnt) / sizeof(cnt[0]); i++)
		rg_conn(e, em_fmt(e, "cnt_%s_o", cnt[i]), em_fmt(e, "fr_cnt_%s_o", cnt[i]));
	rg_conn_end(e);
	em_line(e, "assign fr_act_o = fr_act;");
	em_line(e, "// the engine's register: its bank and row by the grid's mapping");
	unit_map(t, &d, "ard");
	unit_map(t, &d, "awr");
	for (b = 0; b < B; b++) {
		char nm[16];
		snprintf(nm, sizeof(nm), "z%u", b % 1000u);
		em_line(e, "assign fr_z%u_warp = %s;", b, rg_part(e, "fr_z_warp", B * d.wb, (b + 1) * d.wb - 1, b * d.wb));
		em_line(e, "assign fr_z%u_ridx = %s;", b, rg_part(e, "fr_z_ridx", B * 6, b * 6 + 5, b * 6));
		unit_map(t, &d, nm);
	}
	em_line(e, "// its accesses of the banks it holds: a read (ARD) on read port 0, a write (AWR) or zeros on");
	em_line(e, "// write port 0; the read's register comes back on the bank's read data a cycle later");
	em_line(e, "assign lend_rd    = fr_ard ? (%u'(1) << fr_ard_bank) : '0;", B);
	em_line(e, "assign lend_rrow  = fr_ard_row;");
	em_line(e, "assign lend_wr    = fr_awr ? (%u'(1) << fr_awr_bank) : fr_z;", B);
	em_clear(&x);
	for (b = B; b-- > 0;)
		em_add(&x, ", ", "fr_awr ? fr_awr_row : fr_z%u_row", b);
	em_line(e, "assign lend_wrow  = {%s};", em_str(&x));
	em_line(e, "assign lend_wdata = fr_awr_data;  // 0 unless an AWR");
	em_line(e, "assign fr_ardb_d  = fr_ard_bank;");
	em_line(e, "assign fr_rd_data = b_r0_data[fr_ardb_q*%u +: %u];", c->d.wreg_bits, c->d.wreg_bits);
	em_clear(&x);
	em_add(&x, NULL, "fr_ard_err, fr_awr_err");
	for (b = 0; b < B; b++)
		em_add(&x, ", ", "fr_z%u_err, fr_z%u_bank", b, b);
	if (c->d.reg_w < 6) { /* index bits above the registers of a thread */
		em_add(&x, ", ", "fr_ard_ridx[5:%u], fr_awr_ridx[5:%u]", c->d.reg_w, c->d.reg_w);
		for (b = 0; b < B; b++)
			em_add(&x, ", ", "fr_z%u_ridx[5:%u]", b, c->d.reg_w);
	}
	rg_unused(e, "fr", em_str(&x));
	em_clear(&x);
	for (p = 0; p < P; p++)
		em_add(&x, " + ", "%u'({wb%u_valid_i & ~wb%u_err & ~(|(fr_vact & (%u'(1) << wb%u_warp_i)))})", cb, p, p, d.V, p);
	rg_counter(t, "fr_wdrop", em_str(&x));
	rg_counter(t, "fr_hold_kept", em_fmt(e, "%u'(nhold)", cb));
	em_str_free(&x);
}

/* The engine's accesses only in banks it holds and is granted, where no collector read is granted
 * and no write-back is written (docs/semantics.md, "Bank holds", item 5). */
static void unit_asserts(rg_top_t *t)
{
	em_str_t x = {0};
	const char *doc = "docs/finereg.md";
	rg_assert_begin(t->e, "FineReg lending");
	em_line(t->e, "logic %s fr_lent;  // the banks the engine accesses", em_rng(t->e, t->c->rf_banks));
	em_line(t->e, "assign fr_lent = lend_rd | lend_wr;");
	rg_assert(t->e, "(fr_lent & ~fr_gnt) == '0", "rf_top", "FineReg lending", doc,
		  "the engine uses a bank it was not granted");
	rg_assert(t->e, rg_none_granted(t, &x, "fr_lent"), "rf_top", "FineReg lending", doc,
		  "a collector read granted in a lent bank");
	rg_assert(t->e, rg_none_written(t, &x, em_fmt(t->e, "wb%%1$u_%s", t->written), "fr_lent"), "rf_top",
		  "FineReg lending", doc, "a write-back written into a lent bank");
	rg_assert_end(t->e);
	em_str_free(&x);
}

const rg_part_t rg_part_finereg_unit = {
	.name = "finereg_unit", .slot = RG_SIDE, .active = fr_on, .side = unit_side, .status = unit_status,
	.asserts = unit_asserts,
};
