/* part_edram.c - the eDRAM approximate register file in rf_top's generator (rg_part.h): a STORAGE
 * part (the banks are rf_edram_bank) and a SIDE part (rf_refresh_ctrl, whose refreshes claim their
 * banks with forced holds; the flag ports; outputs and counters). Model: cmodel/edram/part_edram.c;
 * docs/edram.md.
 */
#include "rfm_techniques.h"
#include "rg_part.h"

static int edram_on(const rfm_cfg_t *c) { return rfm_tech_on(c, RFM_TECH_edram); }

/* Before the holds: the refreshing banks (driven in the status section) force their holds. */
static void edram_side(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned k, s;
	em_section(t->e, "eDRAM: flag marks and refresh (docs/edram.md)");
	rg_logic(t, c->rf_banks, "ref_issue, ref_ncv, ref_busy, ref_forced, ref_czero");
	rg_logic(t, c->rf_banks * c->d.entry_w, "ref_row");
	rg_logic(t, c->rf_banks * rfm_cntw(c->d.bank_rows), "bank_napprox");
	for (k = 0; k < c->sm_schedulers; k++)
		for (s = 0; s < c->sm_operands; s++)
			rg_logic(t, 1, "mk%u", k * c->sm_operands + s);
	em_table(e);
	rg_hold_force(t, "ref_issue");
}

/* The source marks: a collector takes an FP instruction; each source it reads becomes approximate. */
static void marks(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	unsigned k, s;
	em_line(t->e, "// a collector takes a floating-point instruction: the rows of its sources become approximate");
	for (k = 0; k < c->sm_schedulers; k++)
		for (s = 0; s < c->sm_operands; s++)
			em_line(t->e, "assign mk%u = iss%u_fp_i & %s & %s & %s;", k * c->sm_operands + s, k, rg_iss_valid(t, k),
				rg_iss_ready(t, k), rg_src_read(t, k, s));
}

/* STORAGE: rf_edram_bank's ports beyond rf_bank's, in the BACKEND's g_bank loop (bank b). */
static void edram_bank_conns(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned k, s, ew = c->d.entry_w, nw = rfm_cntw(c->d.bank_rows);
	unsigned bw = rfm_clog2(c->rf_banks > 1 ? c->rf_banks : 2);
	rg_conn(e, "rst_ni", "rst_ni");
	rg_conn(e, "id_i", em_fmt(e, "%u'(b)", bw));
	/* a register another part writes into a bank it holds (FineReg's engine) is precise, as a
	 * write-back of a non-FP instruction: the lent write is on write port 0 (docs/edram.md) */
	rg_conn(e, "w0_fp_i", t->lend ? "wb0_fp_i & ~lend_wr[b]" : "wb0_fp_i");
	for (k = 0; k < c->sm_schedulers; k++)
		for (s = 0; s < c->sm_operands; s++) {
			unsigned j = k * c->sm_operands + s;
			rg_conn(e, em_fmt(e, "m%u_en_i", j), em_fmt(e, "mk%u & (32'(iss%u_s%u_bank) == b)", j, k, s));
			rg_conn(e, em_fmt(e, "m%u_row_i", j), em_fmt(e, "iss%u_s%u_row", k, s));
		}
	rg_conn(e, "ref_i", "ref_issue[b]");
	rg_conn(e, "ref_row_i", em_fmt(e, "ref_row[b*%u +: %u]", ew, ew));
	rg_conn(e, "cnt_zero_i", "ref_czero[b]");
	rg_conn(e, "ref_nc_o", "ref_ncv[b]");
	rg_conn(e, "napprox_o", em_fmt(e, "bank_napprox[b*%u +: %u]", nw, nw));
}

/* The refresh controllers (busy: a write-back inside the kernel or a collector's read request for
 * the bank), outputs and counters. */
static void edram_status(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned p, q, b, cb = c->stats_counter_bits, nw = rfm_cntw(c->d.bank_rows), nm = c->sm_schedulers * c->sm_operands;
	em_str_t x = {0};
	em_section(e, "eDRAM: refresh controllers, flag marks, counters");
	marks(t);
	em_line(e, "// a bank is busy when a write-back inside the kernel or a collector's read wants it");
	em_open(e, "always_comb begin");
	em_line(e, "ref_busy = '0;");
	for (p = 0; p < c->rf_write_ports; p++)
		em_line(e, "if (wb%u_ok) ref_busy[wb%u_bank] = 1'b1;", p, p);
	for (q = 0; q < c->d.nq; q++)
		em_line(e, "if (cq%u_req) ref_busy[cq%u_bank] = 1'b1;", q, q);
	em_close(e, "end");
	em_open(e, "rf_refresh_ctrl u_refresh (");
	rg_conn(e, "clk_i", "clk_i");
	rg_conn(e, "rst_ni", "rst_ni");
	rg_conn(e, "busy_i", "ref_busy");
	rg_conn(e, "ref_o", "ref_issue");
	rg_conn(e, "forced_o", "ref_forced");
	rg_conn(e, "row_o", "ref_row");
	rg_conn(e, "cnt_zero_o", "ref_czero");
	rg_conn_end(e);
	rg_unused(e, "ref_forced", "ref_forced");
	em_line(e, "assign refresh_o = ref_issue;");
	em_line(e, "assign refresh_nc_o = ref_ncv;");
	rg_counter_sum(t, "refresh", c->rf_banks, "ref_issue[%u]");
	rg_counter_sum(t, "refresh_nc", c->rf_banks, "ref_ncv[%u]");
	for (b = 0; b < c->rf_banks; b++)
		em_add(&x, " + ", "%u'(bank_napprox[%u +: %u])", cb, b * nw, nw);
	rg_counter(t, "approx_rows", em_str(&x));
	em_clear(&x);
	for (q = 0; q < nm; q++)
		em_add(&x, " + ", "%u'(mk%u)", cb, q);
	for (p = 0; p < c->rf_write_ports; p++)
		em_add(&x, " + ", "%u'(wb%u_%s)", cb, p, t->written);
	for (b = 0; t->lend && b < c->rf_banks; b++)
		em_add(&x, " + ", "%u'(lend_wr[%u])", cb, b);
	rg_counter(t, "flag_updates", em_str(&x));
	em_clear(&x);
	em_add(&x, NULL, "%u'(nhold)", cb); /* reads kept from the arbiter by the refreshes' holds */
	for (p = 0; p < c->rf_write_ports; p++)
		em_add(&x, " + ", "%u'({wb%u_ok & ref_issue[wb%u_bank]})", cb, p, p);
	rg_counter(t, "refresh_stalls", em_str(&x));
	em_str_free(&x);
}

/* A refreshing bank grants no read and takes no write-back (docs/edram.md, "Refresh"). */
static void edram_asserts(rg_top_t *t)
{
	em_str_t x = {0};
	rg_assert_begin(t->e, "eDRAM refresh");
	rg_assert(t->e, rg_none_granted(t, &x, "ref_issue"), "rf_top", "eDRAM refresh", "docs/edram.md, Refresh",
		  "a read of a refreshing bank is granted");
	rg_assert(t->e, rg_none_written(t, &x, em_fmt(t->e, "wb%%1$u_%s", t->written), "ref_issue"), "rf_top",
		  "eDRAM refresh", "docs/edram.md, Refresh", "a write-back is written into a refreshing bank");
	rg_assert_end(t->e);
	em_str_free(&x);
}

/* The banks: rf_edram_bank in the BACKEND's g_bank loop. */
const rg_part_t rg_part_edram = {
	.name = "edram", .slot = RG_STORAGE, .active = edram_on, .bank = "rf_edram_bank",
	.bank_conns = edram_bank_conns,
};

/* The refresh controllers, the flag marks, outputs, counters and checks. */
const rg_part_t rg_part_edram_refresh = {
	.name = "edram_refresh", .slot = RG_SIDE, .active = edram_on, .side = edram_side, .status = edram_status,
	.asserts = edram_asserts,
};
