/* rt_bank.c - model of rf_rt_bank, one bank of the renaming table's physical ids
 * (docs/virtualization.md, "Renaming table"): rt_bank_depth rows of pack_w bits; table entry e is
 * row e / rt_banks of bank e % rt_banks. Reads are flow-through: r<p>_pid_o shows row r<p>_row_i
 * as it was at the start of the cycle (0 when the port is not enabled); writes take effect at the
 * edge, a later write port winning on one row. Rows outside the bank are illegal input: a write is
 * dropped, a read returns zero. Not reset (the valid bits in rf_rename_table say which rows hold a
 * mapping); the RTL simulation starts it at zero (--x-initial 0), as the model does. The ASIC
 * flow keeps it as an SRAM macro (docs/flows.md, "SRAM model").
 */
#include <stdlib.h>
#include <string.h>

#include "rfm_blocks.h"
#include "rfm_fault_ids.h"
#include "rfm_virt.h"

#define RTB_MAXR (RFM_MAXOP + RFM_MAXW + RFM_RT_MAXINV)

unsigned rfm_rt_bank_nread(const rfm_cfg_t *c) { return c->sm_operands + c->rf_write_ports + rfm_rt_ninv(c); }
unsigned rfm_rt_bank_nwrite(const rfm_cfg_t *c) { return c->rf_write_ports; }
unsigned rfm_rt_bank_row_w(const rfm_cfg_t *c) { return rfm_clog2(c->d.rt_bank_depth); }

typedef struct rtb_ix {
	unsigned clk;
	unsigned ren[RTB_MAXR], rrow[RTB_MAXR], rpid[RTB_MAXR];
	unsigned wen[RFM_MAXW], wrow[RFM_MAXW], wpid[RFM_MAXW];
} rtb_ix_t;

enum { RTB_READ, RTB_WRITE, RTB_READ_WRITTEN, RTB_READ_OLD_WHILE_WRITTEN, RTB_TWO_WRITES_ONE_ROW, RTB_N };
static const char *const rtb_names[RTB_N] = {"read", "write", "read_of_written_row", "read_sees_start_of_cycle",
					     "two_writes_one_row"};

typedef struct rfm_rtb {
	rfm_model_t m;
	rtb_ix_t ix;
	unsigned nr, nw, rows;
	uint32_t *mem;    /* [rows] */
	uint32_t *shadow; /* checker: the row last written from the inputs (zero before) */
	uint8_t *written; /* [rows]: written since the start (coverage) */
	unsigned hot;     /* a row the stimulus reuses */
} rfm_rtb_t;

static int rtb_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	rtb_ix_t *ix = ixv;
	unsigned p, S = c->sm_operands, A = c->rf_write_ports, rw = rfm_rt_bank_row_w(c), pw = c->d.pack_w;
	unsigned nr = rfm_rt_bank_nread(c);
	if (nr > RTB_MAXR)
		return -1;
	rfm_ports_group(pt, "clock");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock; the array is not reset", "clk_i");
	for (p = 0; p < nr; p++) {
		if (p < S)
			rfm_ports_group(pt, "read port %u: operand %u of the holder", p, p);
		else if (p < S + A)
			rfm_ports_group(pt, "read port %u: write-back port %u", p, p - S);
		else
			rfm_ports_group(pt, "read port %u: invalidation port %u", p, p - S - A);
		ix->ren[p] = rfm_ports_add(pt, RFM_IN, 1, "read (0: the output is zero)", "r%u_en_i", p);
		ix->rrow[p] = rfm_ports_add(pt, RFM_IN, rw, "row (table entry / banks)", "r%u_row_i", p);
		ix->rpid[p] = rfm_ports_add(pt, RFM_OUT, pw, "the row's id at the start of the cycle (flow-through)",
					    "r%u_pid_o", p);
	}
	for (p = 0; p < A; p++) {
		rfm_ports_group(pt, "write port %u: write-back port %u", p, p);
		ix->wen[p] = rfm_ports_add(pt, RFM_IN, 1, "write at the edge (a later port wins on one row)", "w%u_en_i", p);
		ix->wrow[p] = rfm_ports_add(pt, RFM_IN, rw, "row", "w%u_row_i", p);
		ix->wpid[p] = rfm_ports_add(pt, RFM_IN, pw, "the id to store", "w%u_pid_i", p);
	}
	return 0;
}

static void rtb_eval(rfm_model_t *m)
{
	rfm_rtb_t *x = (rfm_rtb_t *)m;
	unsigned p, w;
	for (p = 0; p < x->nr; p++) {
		unsigned row = (unsigned)rfm_get(m, x->ix.rrow[p]);
		uint32_t v = rfm_get(m, x->ix.ren[p]) && row < x->rows ? x->mem[row] : 0;
		if (m->mutate == RFM_FAULT_RTB_READ_SEES_WRITE && rfm_get(m, x->ix.ren[p]))
			for (w = 0; w < x->nw; w++) /* planted fault: a write of this cycle shows through */
				if (rfm_get(m, x->ix.wen[w]) && rfm_get(m, x->ix.wrow[w]) == row && row < x->rows)
					v = (uint32_t)rfm_get(m, x->ix.wpid[w]);
		rfm_set(m, x->ix.rpid[p], v);
	}
}

static void rtb_tick(rfm_model_t *m)
{
	rfm_rtb_t *x = (rfm_rtb_t *)m;
	unsigned w;
	for (w = 0; w < x->nw; w++) {
		unsigned row = (unsigned)rfm_get(m, x->ix.wrow[w]);
		if (rfm_get(m, x->ix.wen[w]) && row < x->rows)
			x->mem[row] = (uint32_t)rfm_get(m, x->ix.wpid[w]);
	}
}

static void rtb_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_rtb_t *x = (rfm_rtb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned p, rw = rfm_rt_bank_row_w(c);
	(void)cycle;
	if (rfm_rng_chance(r, 1, 32))
		x->hot = (unsigned)rfm_rng_below(r, x->rows);
	for (p = 0; p < x->nr; p++) { /* now and then a row past the bank, when the index has room */
		unsigned row = rfm_rng_chance(r, 1, 3) ? x->hot : (unsigned)rfm_rng_below(r, 1u << rw);
		rfm_set(m, x->ix.ren[p], rfm_rng_chance(r, 1, 2));
		rfm_set(m, x->ix.rrow[p], rfm_rng_chance(r, 15, 16) ? row % x->rows : row);
	}
	for (p = 0; p < x->nw; p++) {
		unsigned row = rfm_rng_chance(r, 1, 2) ? x->hot : (unsigned)rfm_rng_below(r, 1u << rw);
		rfm_set(m, x->ix.wen[p], rfm_rng_chance(r, 1, 3));
		rfm_set(m, x->ix.wrow[p], rfm_rng_chance(r, 15, 16) ? row % x->rows : row);
		rfm_set(m, x->ix.wpid[p], rfm_rng_next(r) & rfm_mask64(c->d.pack_w));
	}
}

/* The golden shadow: every enabled read returns the id last written to its row before this
 * cycle (zero before any), every disabled one zero. */
static int rtb_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_rtb_t *x = (rfm_rtb_t *)m;
	unsigned p, w, nw_rows = 0;
	int rc = 0;
	for (p = 0; p < x->nr; p++) {
		unsigned row = (unsigned)rfm_get(m, x->ix.rrow[p]), en = (unsigned)rfm_get(m, x->ix.ren[p]);
		uint32_t exp = en && row < x->rows ? x->shadow[row] : 0, got = (uint32_t)rfm_get(m, x->ix.rpid[p]);
		if (got != exp && !rc) {
			fprintf(err, "cycle %llu: rf_rt_bank golden: read port %u row %u gives %u, expected %u\n",
				(unsigned long long)cycle, p, row, got, exp);
			rc = 1;
		}
		if (!en || row >= x->rows)
			continue;
		rfm_cov_hit(m, RTB_READ);
		if (x->written[row])
			rfm_cov_hit(m, RTB_READ_WRITTEN);
		for (w = 0; w < x->nw; w++)
			if (rfm_get(m, x->ix.wen[w]) && rfm_get(m, x->ix.wrow[w]) == row &&
			    rfm_get(m, x->ix.wpid[w]) != exp)
				rfm_cov_hit(m, RTB_READ_OLD_WHILE_WRITTEN);
	}
	for (w = 0; w < x->nw; w++) {
		unsigned row = (unsigned)rfm_get(m, x->ix.wrow[w]), v;
		if (!rfm_get(m, x->ix.wen[w]) || row >= x->rows)
			continue;
		for (v = 0; v < w; v++)
			if (rfm_get(m, x->ix.wen[v]) && rfm_get(m, x->ix.wrow[v]) == row)
				nw_rows++;
		rfm_cov_hit(m, RTB_WRITE);
		x->shadow[row] = (uint32_t)rfm_get(m, x->ix.wpid[w]);
		x->written[row] = 1;
	}
	if (nw_rows)
		rfm_cov_hit(m, RTB_TWO_WRITES_ONE_ROW);
	return rc;
}

static void rtb_release(rfm_model_t *m)
{
	rfm_rtb_t *x = (rfm_rtb_t *)m;
	free(x->mem);
	free(x->shadow);
	free(x->written);
}

static int rtb_setup(rfm_model_t *m)
{
	rfm_rtb_t *x = (rfm_rtb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	x->nr = rfm_rt_bank_nread(c);
	x->nw = rfm_rt_bank_nwrite(c);
	x->rows = c->d.rt_bank_depth ? c->d.rt_bank_depth : 1;
	if (x->nw < 2)
		rfm_cov_na(m, RTB_TWO_WRITES_ONE_ROW);
	x->mem = calloc(x->rows, sizeof(uint32_t));
	x->shadow = calloc(x->rows, sizeof(uint32_t));
	x->written = calloc(x->rows, 1);
	return x->mem && x->shadow && x->written ? 0 : -1;
}

RFM_BLOCK(rf_rt_bank, rfm_rtb_t, rtb_ix_t, rtb_ports, rtb_names, RTB_N,
	  rfm_block_noop, rtb_eval, rtb_tick, rtb_stim, rtb_check,
	  rtb_release, rtb_setup)
