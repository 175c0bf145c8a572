/* part_base.c - rf_top's base parts (rg_part.h): ADMIT (launch warps and registers), LOCATE by
 * rf_map, and the baseline BACKEND (rf_collector, rf_bank_arbiter, one rf_bank per bank, rf_xbar).
 * docs/semantics.md, "rf_top"; model: cmodel/top.c. */
#include "rfm_models.h"
#include "rfm_techniques.h"
#include "rg_part.h"

static int on(const rfm_cfg_t *c) { (void)c; return 1; }

static int plain(const rfm_cfg_t *c) { return rfm_slot_provider(c, RFM_SLOT_LOCATE) == RFM_TECH_none; }

static unsigned admit_width(const rfm_cfg_t *c) { return c->d.nwarps_w + c->d.nregs_w + 1; }

/* Launch warps and registers: the terms every placement shares. */
static void admit_launch(rg_top_t *t)
{
	em_t *e = t->e;
	unsigned lw = t->lw;
	em_line(e, "// running kernel, launch result");
	rg_field(t, "kwarps", t->c->d.nwarps_w, "launch_warps_i");
	rg_field(t, "kregs", t->c->d.nregs_w, "launch_regs_i");
	rg_flop(t, t->c->d.nwarps_w, "kwarps");
	rg_flop(t, t->c->d.nregs_w, "kregs");
	rg_flop(t, 1, "lerr");
	rg_logic(t, 1, "launch_fits");
	rg_logic(t, lw, "lw_x, lr_x, need_x");
	em_table(e);
	em_line(e, "assign lw_x = %u'(launch_warps_i);", lw);
	em_line(e, "assign lr_x = %u'(launch_regs_i);", lw);
	rg_fit(t, "(lw_x != '0) & (lw_x <= Warps) & (lr_x != '0) & (lr_x <= Regs)");
}

const rg_part_t rg_part_admit = {
	.name = "base", .slot = RG_ADMIT, .active = on, .fit_width = admit_width, .launch = admit_launch,
};

static unsigned map_width(const rfm_cfg_t *c)
{
	unsigned w = c->d.nwarps_w + c->d.nregs_w, ew = rfm_cntw(c->rf_entries);
	return (ew > w ? ew : w) + 1;
}

static void map_consts(rg_top_t *t)
{
	em_t *e = t->e;
	unsigned lw = t->lw;
	em_row(e, 4, "localparam", em_fmt(e, "logic %s", em_rng(e, lw)), "Banks",
	       em_fmt(e, "= %s;", em_lit(e, lw, t->c->rf_banks)));
	em_row(e, 4, "localparam", em_fmt(e, "logic %s", em_rng(e, lw)), "Entries",
	       em_fmt(e, "= %s;  // rows per bank", em_lit(e, lw, t->c->rf_entries)));
}

static void map_launch(rg_top_t *t)
{
	em_t *e = t->e;
	if (t->c->mapping_layout == RFM_LAYOUT_WID)
		em_line(e, "assign need_x = ((lw_x + Banks - %s) / Banks) * lr_x;  // rows: ceil(warps / Banks) * regs",
			em_lit(e, t->lw, 1));
	else
		em_line(e, "assign need_x = lw_x * ((lr_x + Banks - %s) / Banks);  // rows: warps * ceil(regs / Banks)",
			em_lit(e, t->lw, 1));
	rg_fit(t, "(need_x <= Entries)");
}

/* One rf_map per access (write-back ports, then issue k source s), as a generate loop over flat
 * vectors; an access outside the kernel is dropped (rg_part.h). */
void rg_map_records(rg_top_t *t, const char *keep)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned P = c->rf_write_ports, K = c->sm_schedulers, S = c->sm_operands, A = P + K * S, a, p;
	unsigned ww = c->d.warp_w, rw = c->d.reg_w, bw = c->d.bank_w, ew = c->d.entry_w;
	em_str_t wp = {0}, rg = {0}, bk = {0}, row = {0}, er = {0};
	em_section(e, "locate: one rf_map per access (write-backs, then issue k source s)");
	em_row(e, 4, "localparam", "int", "Accesses", em_fmt(e, "= %u;", A));
	em_table(e);
	for (p = 0; p < P; p++) {
		rg_logic(t, bw, "wb%u_bank", p);
		rg_logic(t, ew, "wb%u_row", p);
		rg_logic(t, 1, "wb%u_err, wb%u_ok", p, p);
	}
	for (a = P; a < A; a++) {
		rg_logic(t, bw, "iss%u_s%u_bank", (a - P) / S, (a - P) % S);
		rg_logic(t, ew, "iss%u_s%u_row", (a - P) / S, (a - P) % S);
		rg_logic(t, 1, "iss%u_s%u_err", (a - P) / S, (a - P) % S);
	}
	rg_logic(t, A * ww, "acc_warp");
	rg_logic(t, A * rw, "acc_reg");
	rg_logic(t, A * bw, "acc_bank");
	rg_logic(t, A * ew, "acc_row");
	rg_logic(t, A, "acc_err");
	em_table(e);
	for (a = A; a-- > 0;) {
		unsigned k = (a - P) / S, s = (a - P) % S;
		em_add(&wp, ", ", a < P ? "wb%u_warp_i" : "iss%u_warp_i", a < P ? a : k);
		if (a < P) {
			em_add(&rg, ", ", "wb%u_reg_i", a);
			em_add(&bk, ", ", "wb%u_bank", a);
			em_add(&row, ", ", "wb%u_row", a);
			em_add(&er, ", ", "wb%u_err", a);
		} else {
			em_add(&rg, ", ", "iss%u_src%u_reg_i", k, s);
			em_add(&bk, ", ", "iss%u_s%u_bank", k, s);
			em_add(&row, ", ", "iss%u_s%u_row", k, s);
			em_add(&er, ", ", "iss%u_s%u_err", k, s);
		}
	}
	em_line(e, "assign acc_warp = {%s};", em_str(&wp));
	em_line(e, "assign acc_reg = {%s};", em_str(&rg));
	em_line(e, "genvar a;");
	em_open(e, "for (a = 0; a < Accesses; a = a + 1) begin : g_map");
	em_open(e, "rf_map u_map (");
	rg_conn(e, "warp_i", em_fmt(e, "acc_warp[a*%u +: %u]", ww, ww));
	rg_conn(e, "reg_i", em_fmt(e, "acc_reg[a*%u +: %u]", rw, rw));
	rg_conn(e, "kwarps_i", "kwarps_q");
	rg_conn(e, "kregs_i", "kregs_q");
	rg_conn(e, "bank_o", em_fmt(e, "acc_bank[a*%u +: %u]", bw, bw));
	rg_conn(e, "entry_o", em_fmt(e, "acc_row[a*%u +: %u]", ew, ew));
	rg_conn(e, "err_o", "acc_err[a]");
	rg_conn_end(e);
	em_close(e, "end");
	em_line(e, "assign {%s} = acc_bank;", em_str(&bk));
	em_line(e, "assign {%s} = acc_row;", em_str(&row));
	em_line(e, "assign {%s} = acc_err;", em_str(&er));
	for (p = 0; p < P; p++)
		em_line(e, "assign wb%u_ok = wb%u_valid_i & ~wb%u_err%s;", p, p, p, keep ? em_fmt(e, keep, p) : "");
	em_str_free(&wp);
	em_str_free(&rg);
	em_str_free(&bk);
	em_str_free(&row);
	em_str_free(&er);
}

static void map_locate(rg_top_t *t) { rg_map_records(t, NULL); }

const rg_part_t rg_part_map = {
	.name = "map", .slot = RG_LOCATE, .active = plain, .fit_width = map_width, .consts = map_consts,
	.launch = map_launch, .locate = map_locate,
};

static int baseline(const rfm_cfg_t *c) { return c->coalescing_enable != RFM_ON; }

/* The operand collectors: rf_collector; a source not read is delivered as zero. */
static void baseline_collect(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned K = c->sm_schedulers, S = c->sm_operands, k, s, q, d;
	em_section(e, "operand collectors: a source outside the kernel is not read (delivered as zero)");
	rg_logic(t, c->sm_collectors, "busy");
	for (q = 0; q < c->d.nq; q++) {
		rg_logic(t, 1, "cq%u_req, aq%u_gnt", q, q);
		rg_logic(t, c->d.bank_w, "cq%u_bank", q);
		rg_logic(t, c->d.entry_w, "cq%u_entry", q);
		rg_logic(t, c->d.rport_w, "aq%u_port", q);
		rg_logic(t, c->d.src_w, "cq%u_sel", q);
		rg_logic(t, c->d.wreg_bits, "xq%u_data", q);
	}
	em_table(e);
	em_open(e, "rf_collector u_collector (");
	rg_conn(e, "clk_i", "clk_i");
	rg_conn(e, "rst_ni", "rst_ni");
	for (k = 0; k < K; k++) {
		rg_conn(e, em_fmt(e, "iss%u_valid_i", k), rg_iss_valid(t, k));
		rg_conn(e, em_fmt(e, "iss%u_ready_o", k), rg_iss_ready(t, k));
		rg_conn(e, em_fmt(e, "iss%u_tag_i", k), rg_iss_tag(t, k));
		rg_conn(e, em_fmt(e, "iss%u_warp_i", k), em_fmt(e, "iss%u_warp_i", k));
		for (s = 0; s < S; s++) {
			rg_conn(e, em_fmt(e, "iss%u_src%u_valid_i", k, s), rg_src_read(t, k, s));
			rg_conn(e, em_fmt(e, "iss%u_src%u_bank_i", k, s), em_fmt(e, "iss%u_s%u_bank", k, s));
			rg_conn(e, em_fmt(e, "iss%u_src%u_entry_i", k, s), em_fmt(e, "iss%u_s%u_row", k, s));
		}
	}
	for (q = 0; q < c->d.nq; q++) {
		rg_conn(e, em_fmt(e, "q%u_req_o", q), em_fmt(e, "cq%u_req", q));
		rg_conn(e, em_fmt(e, "q%u_bank_o", q), em_fmt(e, "cq%u_bank", q));
		rg_conn(e, em_fmt(e, "q%u_entry_o", q), em_fmt(e, "cq%u_entry", q));
	}
	for (q = 0; q < c->d.nq; q++) {
		rg_conn(e, em_fmt(e, "q%u_gnt_i", q), em_fmt(e, "aq%u_gnt", q));
		rg_conn(e, em_fmt(e, "q%u_port_i", q), em_fmt(e, "aq%u_port", q));
	}
	for (q = 0; q < c->d.nq; q++) {
		rg_conn(e, em_fmt(e, "q%u_sel_o", q), em_fmt(e, "cq%u_sel", q));
		rg_conn(e, em_fmt(e, "q%u_data_i", q), em_fmt(e, "xq%u_data", q));
	}
	for (d = 0; d < K; d++) {
		rg_conn(e, em_fmt(e, "dsp%u_valid_o", d), em_fmt(e, "dsp%u_valid_o", d));
		rg_conn(e, em_fmt(e, "dsp%u_tag_o", d), rg_dsp_tag(t, d));
		rg_conn(e, em_fmt(e, "dsp%u_warp_o", d), em_fmt(e, "dsp%u_warp_o", d));
		for (s = 0; s < S; s++)
			rg_conn(e, em_fmt(e, "dsp%u_op%u_o", d, s), em_fmt(e, "dsp%u_op%u_o", d, s));
	}
	rg_conn(e, "busy_o", "busy");
	rg_conn_end(e);
}

/* rf_bank_arbiter: reads of the collectors, write-backs, bank ports. */
static void baseline_arbiter(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned P = c->rf_write_ports, R = c->rf_read_ports, B = c->rf_banks, p, b, q;
	em_open(e, "rf_bank_arbiter u_arbiter (");
	rg_conn(e, "clk_i", "clk_i");
	rg_conn(e, "rst_ni", "rst_ni");
	for (q = 0; q < c->d.nq; q++) {
		rg_conn(e, em_fmt(e, "q%u_req_i", q), em_fmt(e, rg_holds(t) ? "aq%u_req" : "cq%u_req", q));
		rg_conn(e, em_fmt(e, "q%u_bank_i", q), em_fmt(e, "cq%u_bank", q));
		rg_conn(e, em_fmt(e, "q%u_entry_i", q), em_fmt(e, "cq%u_entry", q));
	}
	for (p = 0; p < P; p++) {
		rg_conn(e, em_fmt(e, "w%u_en_i", p), em_fmt(e, "wb%u_%s", p, t->written));
		rg_conn(e, em_fmt(e, "w%u_bank_i", p), em_fmt(e, "wb%u_bank", p));
		rg_conn(e, em_fmt(e, "w%u_entry_i", p), em_fmt(e, "wb%u_row", p));
	}
	for (q = 0; q < c->d.nq; q++) {
		rg_conn(e, em_fmt(e, "q%u_gnt_o", q), em_fmt(e, "aq%u_gnt", q));
		rg_conn(e, em_fmt(e, "q%u_port_o", q), em_fmt(e, "aq%u_port", q));
	}
	for (b = 0; b < B; b++)
		for (p = 0; p < R; p++) {
			rg_conn(e, em_fmt(e, "b%u_r%u_en_o", b, p), em_fmt(e, "b_r%u_en[%u]", p, b));
			rg_conn(e, em_fmt(e, "b%u_r%u_addr_o", b, p),
				em_fmt(e, "b_r%u_addr[%u +: %u]", p, b * c->d.entry_w, c->d.entry_w));
		}
	rg_conn(e, "nconf_o", "nconf");
	rg_conn(e, "nwconf_o", "nwconf");
	rg_conn_end(e);
}

/* Arbiter, banks (a generate loop over the per-bank slices of flat vectors), crossbar. */
static void baseline_backend(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned P = c->rf_write_ports, R = c->rf_read_ports, B = c->rf_banks, W = c->d.wreg_bits, ew = c->d.entry_w;
	unsigned p, b, q;
	em_section(e, "register file: arbiter, banks, crossbar");
	em_row(e, 4, "localparam", "int", "NumBanks", em_fmt(e, "= %u;", B));
	em_table(e);
	for (p = 0; p < R; p++) {
		em_row(e, 3, "logic", em_fmt(e, "[%u:0]", B - 1), em_fmt(e, "b_r%u_en;  // per bank", p));
		rg_logic(t, B * ew, "b_r%u_addr", p);
		rg_logic(t, B * W, "b_r%u_data", p);
	}
	rg_logic(t, c->d.nq_cnt_w, "nconf, nwconf");
	if (rg_holds(t))
		rg_logic(t, c->d.nq, "held_q");
	for (q = 0; rg_holds(t) && q < c->d.nq; q++)
		rg_logic(t, 1, "aq%u_req", q);
	for (p = 0; c->d.bank_force && p < P; p++)
		rg_logic(t, 1, "wb%u_done", p);
	em_table(e);
	if (c->d.bank_force) { /* docs/semantics.md, "Bank holds" */
		em_line(e, "// a write-back to a force-held bank is refused: not written, offered again");
		t->written = "done";
		for (p = 0; p < P; p++) {
			em_line(e, "assign wb%u_done = wb%u_ok & ~hold_force[wb%u_bank];", p, p, p);
			em_line(e, "assign wb%u_ready_o = ~(wb%u_ok & hold_force[wb%u_bank]);", p, p, p);
		}
	}
	if (rg_holds(t)) {
		em_line(e, "// a held bank's read requests do not reach the arbiter");
		for (q = 0; q < c->d.nq; q++) {
			em_line(e, "assign %s = cq%u_req & hold_gnt[cq%u_bank];", rg_bit(e, "held_q", c->d.nq, q), q, q);
			em_line(e, "assign aq%u_req = cq%u_req & ~%s;", q, q, rg_bit(e, "held_q", c->d.nq, q));
		}
		rg_popcount(e, "nhold", "held_q", c->d.nq, c->d.nq_cnt_w);
	}
	baseline_arbiter(t);
	em_line(e, "genvar b;");
	em_open(e, "for (b = 0; b < NumBanks; b = b + 1) begin : g_bank");
	rg_bank_open(t);
	rg_conn(e, "clk_i", "clk_i");
	for (p = 0; p < P; p++) {
		const char *en = em_fmt(e, "wb%u_%s & (%u'(wb%u_bank) == b)", p, t->written, 32, p);
		if (p == 0 && t->lend) { /* a lent bank: its holder's write on port 0 */
			rg_conn(e, "w0_en_i", em_fmt(e, "(%s) | lend_wr[b]", en));
			rg_conn(e, "w0_addr_i", em_fmt(e, "lend_wr[b] ? lend_wrow[b*%u +: %u] : wb0_row", ew, ew));
			rg_conn(e, "w0_mask_i", "lend_wr[b] ? '1 : wb0_mask_i");
			rg_conn(e, "w0_data_i", "lend_wr[b] ? lend_wdata : wb0_data_i");
			continue;
		}
		rg_conn(e, em_fmt(e, "w%u_en_i", p), en);
		rg_conn(e, em_fmt(e, "w%u_addr_i", p), em_fmt(e, "wb%u_row", p));
		rg_conn(e, em_fmt(e, "w%u_mask_i", p), em_fmt(e, "wb%u_mask_i", p));
		rg_conn(e, em_fmt(e, "w%u_data_i", p), em_fmt(e, "wb%u_data_i", p));
	}
	for (p = 0; p < R; p++) {
		if (p == 0 && t->lend) { /* and its read on port 0 */
			rg_conn(e, "r0_en_i", "b_r0_en[b] | lend_rd[b]");
			rg_conn(e, "r0_addr_i", em_fmt(e, "lend_rd[b] ? lend_rrow : b_r0_addr[b*%u +: %u]", ew, ew));
		} else {
			rg_conn(e, em_fmt(e, "r%u_en_i", p), em_fmt(e, "b_r%u_en[b]", p));
			rg_conn(e, em_fmt(e, "r%u_addr_i", p), em_fmt(e, "b_r%u_addr[b*%u +: %u]", p, ew, ew));
		}
		rg_conn(e, em_fmt(e, "r%u_data_o", p), em_fmt(e, "b_r%u_data[b*%u +: %u]", p, W, W));
	}
	rg_bank_close(t);
	em_close(e, "end");
	em_open(e, "rf_xbar u_xbar (");
	for (b = 0; b < B; b++)
		for (p = 0; p < R; p++)
			rg_conn(e, em_fmt(e, "b%u_r%u_data_i", b, p), em_fmt(e, "b_r%u_data[%u +: %u]", p, b * W, W));
	for (q = 0; q < c->d.nq; q++) {
		rg_conn(e, em_fmt(e, "q%u_sel_i", q), em_fmt(e, "cq%u_sel", q));
		rg_conn(e, em_fmt(e, "q%u_data_o", q), em_fmt(e, "xq%u_data", q));
	}
	rg_conn_end(e);
}

/* The default STORAGE: SRAM banks, rf_bank of rf_sram sub-banks (the banks of a BACKEND that
 * instantiates them with rg_bank_open), unless a technique provides the STORAGE. */
static int sram(const rfm_cfg_t *c) { return rfm_slot_provider(c, RFM_SLOT_STORAGE) == RFM_TECH_none; }

const rg_part_t rg_part_sram = {
	.name = "sram", .slot = RG_STORAGE, .active = sram, .bank = "rf_bank",
};

const rg_part_t rg_part_baseline = {
	.name = "baseline", .slot = RG_BACKEND, .active = baseline, .collect = baseline_collect,
	.backend = baseline_backend,
};
