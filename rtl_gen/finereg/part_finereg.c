/* part_finereg.c - FineReg in rf_top's generator (rg_part.h): a LOCATE part (the ACRF's CTA slots
 * through the base mapping, the issue and write-back rules of the slots) and a SIDE part (the
 * register management unit rf_fr_ctl, its ports and counters, the engine's bank holds and the
 * accesses it makes through the banks it holds). Model: cmodel/finereg/part_finereg.c;
 * docs/finereg.md, "rf_top integration". */
#include <stdio.h>
#include <string.h>

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

/* Per rf_top warp v: whether an issue of it is refused (fr_blk: the slot's CTA not active, the
 * warp stalled, the CTA finished); per write-back port p and warp v, the port's CTA active in v's
 * slot (fr_wown<p>); per issue port, refused (a warp of the grid that may not issue). */
static void fr_locate(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned K = c->sm_schedulers, k, v, d;
	fr_dims_t m;
	dims(c, &m);
	em_section(e, "locate: warp s x %u + w is warp w of the CTA in ACRF slot s; a write-back is dropped unless its "
		      "CTA is active in the warp's slot; an issue of a warp that may not issue is refused", m.W);
	rg_logic(t, m.V, "fr_blk");
	for (k = 0; k < c->rf_write_ports; k++)
		rg_logic(t, m.V, "fr_wown%u", k);
	for (k = 0; k < K; k++) {
		rg_logic(t, 1, "iss%u_fblk, iss%u_cvalid, iss%u_cready", k, k, k);
		rg_logic(t, c->d.ctag_w, "iss%u_ctag", k);
		rg_logic(t, c->d.ctag_w, "dsp%u_ctag", k);
	}
	em_table(e);
	for (v = 0; v < m.V; v++) {
		em_line(e, "assign fr_blk[%u]  = ~fr_act[%u] | fr_stall_i[%u] | fr_exit_i[%u];", v, v / m.W, v, v / m.W);
	}
	for (k = 0; k < c->rf_write_ports; k++)
		for (v = 0; v < m.V; v++)
			em_line(e, "assign fr_wown%u[%u] = fr_act[%u] & (fr_slot_cta_o[%u +: %u] == wb%u_cta_i);", k, v, v / m.W,
				v / m.W * m.lb, m.lb, k);
	{
		char keep[64];
		snprintf(keep, sizeof(keep), " & (|(fr_wown%%1$u & (%u'(1) << wb%%1$u_warp_i)))", m.V);
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

/* The section's signals: per warp the instructions in the collectors, what the unit sees, its
 * ACRF accesses and their places. */
static void unit_decls(rg_top_t *t, const fr_dims_t *d)
{
	const rfm_cfg_t *c = t->c;
	unsigned B = c->rf_banks, ew = c->d.entry_w, bw = c->d.bank_w, v, b;
	unsigned pw = rfm_clog2((uint64_t)c->sm_collectors + 1);
	for (v = 0; v < d->V; v++)
		rg_flop(t, pw, em_fmt(t->e, "fr_pend%u", v));
	rg_logic(t, d->V, "fr_cstall");
	rg_logic(t, d->S, "fr_cexit");
	rg_logic(t, 1, "fr_ard, fr_awr, fr_ard_err, fr_awr_err");
	rg_logic(t, d->wb, "fr_ard_warp, fr_awr_warp");
	rg_logic(t, 6, "fr_ard_ridx, fr_awr_ridx");
	rg_logic(t, c->d.wreg_bits, "fr_awr_data, fr_rd_data");
	rg_logic(t, B, "fr_z");
	rg_logic(t, B * d->wb, "fr_z_warp");
	rg_logic(t, B * 6, "fr_z_ridx");
	rg_logic(t, d->sb, "fr_acc_slot");
	rg_logic(t, bw, "fr_ard_bank, fr_awr_bank");
	rg_logic(t, ew, "fr_ard_row, fr_awr_row");
	for (b = 0; b < B; b++) {
		rg_logic(t, d->wb, "fr_z%u_warp", b);
		rg_logic(t, 6, "fr_z%u_ridx", b);
		rg_logic(t, bw, "fr_z%u_bank", b);
		rg_logic(t, ew, "fr_z%u_row", b);
		rg_logic(t, 1, "fr_z%u_err", b);
	}
	rg_flop(t, bw, "fr_ardb");
	em_table(t->e);
}

/* Per warp of the grid, the instructions taken by a collector and not yet dispatched; the stalls
 * and exits the unit sees. */
static void unit_pending(rg_top_t *t, const fr_dims_t *d)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned K = c->sm_schedulers, pw = rfm_clog2((uint64_t)c->sm_collectors + 1), v, k, s;
	em_str_t x = {0};
	em_line(e, "// instructions taken by a collector and not yet dispatched, per warp of the grid");
	for (v = 0; v < d->V; v++) {
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
	for (v = 0; v < d->V; v++)
		em_line(e, "assign fr_cstall[%u] = fr_stall_i[%u] & (fr_pend%u_q == '0);", v, v, v);
	for (s = 0; s < d->S; s++) {
		em_clear(&x);
		for (v = s * d->W; v < (s + 1) * d->W; v++)
			em_add(&x, " & ", "(fr_pend%u_q == '0)", v);
		em_line(e, "assign fr_cexit[%u] = fr_exit_i[%u] & %s;", s, s, em_str(&x));
	}
	em_str_free(&x);
}

/* rf_fr_ctl's instance, from its port table: the ACRF group's ports to this section's signals
 * (fr_ and the name without its _i or _o), a few inputs and outputs through the signals above, the
 * others to rf_top's port of the same name with fr_ before it. */
static void unit_instance(rg_top_t *t)
{
	em_t *e = t->e;
	static const char *const own[] = {"clk_i", "clk_i", "rst_ni", "rst_ni", "stall_i", "fr_cstall", "exit_i",
		"fr_cexit", "new_left_i", "fr_new_left_i & (kwarps_q != '0)", "fill_vec_i", "64'(fr_fill_vec_i)", "act_o",
		"fr_act", "hold_gnt_i", "fr_gnt", "hold_req_o", "fr_hold_req"};
	rfm_ports_t pt;
	unsigned i, j;
	if (rg_ports(t->c, rfm_block_find("rf_fr_ctl"), &pt)) {
		t->err = 1;
		return;
	}
	em_open(e, "rf_fr_ctl u_fr (");
	for (i = 0; i < pt.n; i++) {
		const rfm_port_t *p = &pt.p[i];
		const char *sig = NULL;
		for (j = 0; j < sizeof(own) / sizeof(own[0]) && !sig; j += 2)
			if (!strcmp(p->name, own[j]))
				sig = own[j + 1];
		if (!sig && !strncmp(p->group, "the ACRF", 8))
			sig = em_fmt(e, "fr_%.*s", (int)strlen(p->name) - 2, p->name);
		rg_conn(e, p->name, sig ? sig : em_fmt(e, "fr_%s", p->name));
	}
	rg_conn_end(e);
	rfm_ports_free(&pt);
	em_line(e, "assign fr_act_o = fr_act;");
}

/* The engine's accesses of the banks it holds: each register's bank and row by the grid's mapping,
 * lent reads and writes, the register read. */
static void unit_lend(rg_top_t *t, const fr_dims_t *d)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned B = c->rf_banks, b;
	em_str_t x = {0};
	em_line(e, "// the engine's register: its bank and row by the grid's mapping");
	unit_map(t, d, "ard");
	unit_map(t, d, "awr");
	for (b = 0; b < B; b++) {
		char nm[16];
		snprintf(nm, sizeof(nm), "z%u", b % 1000u);
		em_line(e, "assign fr_z%u_warp = %s;", b, rg_part(e, "fr_z_warp", B * d->wb, (b + 1) * d->wb - 1, b * d->wb));
		em_line(e, "assign fr_z%u_ridx = %s;", b, rg_part(e, "fr_z_ridx", B * 6, b * 6 + 5, b * 6));
		unit_map(t, d, nm);
	}
	em_line(e, "// its accesses of the banks it holds: a read (ARD) on read port 0, a write (AWR) or zeros on");
	em_line(e, "// write port 0; the read's register comes back on the bank's read data a cycle later");
	em_line(e, "assign lend_rd    = fr_ard ? (%u'(1) << fr_ard_bank) : '0;", B);
	em_line(e, "assign lend_rrow  = fr_ard_row;");
	em_line(e, "assign lend_wr    = fr_awr ? (%u'(1) << fr_awr_bank) : fr_z;", B);
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
	em_str_free(&x);
}

/* The instructions in the collectors per warp, the unit, the lent accesses, rf_top's counters. */
static void unit_status(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned cb = c->stats_counter_bits, p;
	fr_dims_t d;
	em_str_t x = {0};
	dims(c, &d);
	em_section(e, "FineReg: the register management unit (rf_fr_ctl), instructions in the collectors per warp, the "
		      "engine's accesses of the banks it holds");
	unit_decls(t, &d);
	unit_pending(t, &d);
	em_line(e, "// the engine's holds: granted unless a write-back is offered to the bank (never a forced one)");
	em_line(e, "assign fr_gnt = hold_gnt & fr_hold_req%s;", c->d.bank_force ? " & ~hold_force" : "");
	unit_instance(t);
	unit_lend(t, &d);
	for (p = 0; p < c->rf_write_ports; p++)
		em_add(&x, " + ", "%u'({wb%u_valid_i & ~wb%u_err & ~(|(fr_wown%u & (%u'(1) << wb%u_warp_i)))})", cb, p, p, p, d.V,
		       p);
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
