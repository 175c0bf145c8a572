/* bank_edram.c - model of rf_edram_bank, one bank of the eDRAM approximate register file
 * (docs/edram.md, "The bank"): the wire shuffler, the critical and noncritical sub-arrays (one read
 * and one write port, synchronous read, read-first), one flag per row (1 precise, reset 1) and the
 * segmentation of the refresh word line (the paper's AND2 + OR3 per row).
 *
 * The edge: the read (old data), the write (lane-masked), then the flags: source marks m<j> in port
 * order set their rows approximate, the write sets its row's flag to ~w0_fp_i last. Combinational:
 * ref_nc_o = ref_i & (flag[ref_row_i] | cnt_zero_i) (the noncritical sub-row is refreshed),
 * napprox_o = rows with flag 0. The data path is the identity through the shuffler; the decay
 * overlay (simulation only, docs/edram.md, "Decay") lives in rf_top's eDRAM part and, in the RTL,
 * in DPI-C calls that act only when rf_top's model has bound its twin.
 */
#include <stdlib.h>
#include <string.h>

#include "rfm_edram.h"
#include "rfm_fault_ids.h"
#include "rfm_models.h"

enum { COV_READ, COV_WRITE, COV_PARTIAL, COV_RDW, COV_MARK, COV_WB_APPROX, COV_WB_PRECISE, COV_MARK_WB,
       COV_REF_NC, COV_REF_SKIP, COV_REF_CNT0, COV_N };
static const char *const cov_names[COV_N] = {
	"read", "write", "partial_lane_write", "read_during_write_same_row", "source_marked", "write_approximate",
	"write_precise", "mark_and_write_same_row", "refresh_nc_precise", "refresh_nc_skipped",
	"refresh_nc_counter_zero",
};

#define EB_MAXM (RFM_MAXS * RFM_MAXOP) /* source-mark ports */

typedef struct eb_ix {
	unsigned clk, rst, id, wen, waddr, wmask, wdata, wfp, ren, raddr, rdata;
	unsigned men[EB_MAXM], mrow[EB_MAXM];
	unsigned ref, rrow, cz, refnc, napprox;
} eb_ix_t;

typedef struct eb {
	rfm_model_t m;
	eb_ix_t ix;
	unsigned rows, wq, nm;
	uint32_t *mem;  /* rows x wq */
	uint32_t *rd;   /* read data register */
	uint8_t *flag;  /* rows: 1 precise */
} eb_t;

/* Source-mark ports of cfg: one per scheduler and operand (docs/edram.md, "Flags"). */
static unsigned nmarks(const rfm_cfg_t *c) { return c->sm_schedulers * c->sm_operands; }

static int ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *v)
{
	eb_ix_t *ix = v;
	unsigned j, ew = c->d.entry_w, bits = c->rf_lanes * c->rf_lane_bits;
	rfm_ports_group(pt, "clock, reset, bank");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock; the arrays are not reset", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset of the flags (to precise), active low", "rst_ni");
	ix->id = rfm_ports_add(pt, RFM_IN, rfm_clog2(c->rf_banks > 1 ? c->rf_banks : 2),
			       "this bank's index (names it to the simulation-only decay overlay)", "id_i");
	rfm_ports_group(pt, "write port 0");
	ix->wen = rfm_ports_add(pt, RFM_IN, 1, "write enable", "w0_en_i");
	ix->waddr = rfm_ports_add(pt, RFM_IN, ew, "row written", "w0_addr_i");
	ix->wmask = rfm_ports_add(pt, RFM_IN, c->rf_lanes, "lane write mask", "w0_mask_i");
	ix->wdata = rfm_ports_add(pt, RFM_IN, bits, "data written", "w0_data_i");
	ix->wfp = rfm_ports_add(pt, RFM_IN, 1, "written by a floating-point instruction: the row becomes "
					       "approximate (0: precise)", "w0_fp_i");
	rfm_ports_group(pt, "read port 0");
	ix->ren = rfm_ports_add(pt, RFM_IN, 1, "read enable", "r0_en_i");
	ix->raddr = rfm_ports_add(pt, RFM_IN, ew, "row read", "r0_addr_i");
	ix->rdata = rfm_ports_add(pt, RFM_OUT, bits, "row read at the last enabled edge", "r0_data_o");
	rfm_ports_group(pt, "source marks: rows read by floating-point instructions become approximate");
	for (j = 0; j < nmarks(c); j++) {
		ix->men[j] = rfm_ports_add(pt, RFM_IN, 1, "mark enable", "m%u_en_i", j);
		ix->mrow[j] = rfm_ports_add(pt, RFM_IN, ew, "row marked approximate", "m%u_row_i", j);
	}
	rfm_ports_group(pt, "refresh");
	ix->ref = rfm_ports_add(pt, RFM_IN, 1, "refresh row ref_row_i this cycle (no access comes with it)", "ref_i");
	ix->rrow = rfm_ports_add(pt, RFM_IN, ew, "row refreshed", "ref_row_i");
	ix->cz = rfm_ports_add(pt, RFM_IN, 1, "the bank's refresh counter is 0", "cnt_zero_i");
	ix->refnc = rfm_ports_add(pt, RFM_OUT, 1, "the refresh restores the noncritical sub-row too", "ref_nc_o");
	ix->napprox = rfm_ports_add(pt, RFM_OUT, rfm_cntw(c->d.bank_rows), "rows holding approximate values",
				    "napprox_o");
	return 0;
}

static void eb_reset(rfm_model_t *m)
{
	eb_t *x = (eb_t *)m;
	memset(x->flag, 1, x->rows);
}

static void eb_eval(rfm_model_t *m)
{
	eb_t *x = (eb_t *)m;
	unsigned r, n = 0, rr = (unsigned)rfm_get(m, x->ix.rrow);
	int ref = (int)rfm_get(m, x->ix.ref), nc;
	memcpy(rfm_wide(m, x->ix.rdata), x->rd, x->wq * 4u);
	for (r = 0; r < x->rows; r++)
		n += !x->flag[r];
	nc = rr < x->rows && rfm_edram_swl_nc(ref, ref, x->flag[rr], (int)rfm_get(m, x->ix.cz));
	if (m->mutate == RFM_FAULT_EDRAM_SEG_IGNORES_FLAG && ref && rr < x->rows)
		nc = (int)rfm_get(m, x->ix.cz);
	rfm_set(m, x->ix.refnc, (uint64_t)nc);
	rfm_set(m, x->ix.napprox, n);
	if (ref)
		rfm_cov_hit(m, rr < x->rows && x->flag[rr] ? COV_REF_NC : rfm_get(m, x->ix.cz) ? COV_REF_CNT0 : COV_REF_SKIP);
}

static void eb_tick(rfm_model_t *m)
{
	eb_t *x = (eb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned l, j, lb = c->rf_lane_bits, wa = (unsigned)rfm_get(m, x->ix.waddr), ra = (unsigned)rfm_get(m, x->ix.raddr);
	int wen = (int)rfm_get(m, x->ix.wen) && wa < x->rows, marked = 0;
	uint64_t mask = rfm_get(m, x->ix.wmask);
	if (rfm_get(m, x->ix.ren)) {
		rfm_cov_hit(m, COV_READ);
		if (ra < x->rows)
			memcpy(x->rd, x->mem + (size_t)ra * x->wq, x->wq * 4u);
		else
			memset(x->rd, 0, x->wq * 4u);
		if (wen && wa == ra)
			rfm_cov_hit(m, COV_RDW);
	}
	if (wen) {
		const uint32_t *d = rfm_wide(m, x->ix.wdata);
		uint32_t *row = x->mem + (size_t)wa * x->wq;
		rfm_cov_hit(m, COV_WRITE);
		if (mask != rfm_mask64(c->rf_lanes) && (mask & rfm_mask64(c->rf_lanes)))
			rfm_cov_hit(m, COV_PARTIAL);
		for (l = 0; l < c->rf_lanes; l++)
			if ((mask >> l) & 1u)
				rfm_bits_copy(row, l * lb, d, l * lb, lb);
	}
	for (j = 0; j < x->nm; j++) {
		unsigned r = (unsigned)rfm_get(m, x->ix.mrow[j]);
		if (!rfm_get(m, x->ix.men[j]) || r >= x->rows)
			continue;
		x->flag[r] = 0;
		marked |= wen && r == wa;
		rfm_cov_hit(m, COV_MARK);
	}
	if (wen) {
		int fp = (int)rfm_get(m, x->ix.wfp);
		x->flag[wa] = (uint8_t)!fp;
		rfm_cov_hit(m, fp ? COV_WB_APPROX : COV_WB_PRECISE);
		if (marked)
			rfm_cov_hit(m, COV_MARK_WB);
	}
}

/* Random traffic: writes and reads on a few hot rows, marks, refreshes (never with a write, as
 * rf_top never refreshes a bank it writes), the counter at 0 one cycle in four. No write under
 * reset (cycles 0 and 1): the arrays are not reset, and the model's reset edge commits nothing. */
static void eb_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	eb_t *x = (eb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned j, hot = (unsigned)rfm_rng_below(r, x->rows), mk = (unsigned)rfm_rng_below(r, 4);
	int ref = rfm_rng_chance(r, 1, 4), wen = !ref && rfm_rng_chance(r, 1, 2) && cycle >= 2;
	rfm_set(m, x->ix.id, 0);
	rfm_set(m, x->ix.wen, (uint64_t)wen);
	rfm_set(m, x->ix.waddr, rfm_rng_chance(r, 1, 4) ? hot : rfm_rng_below(r, x->rows));
	rfm_set(m, x->ix.wmask, mk == 0 ? rfm_rng_next(r) : mk == 1 ? 0 : ~0ull);
	rfm_rng_fill(r, rfm_wide(m, x->ix.wdata), c->rf_lanes * c->rf_lane_bits);
	rfm_set(m, x->ix.wfp, (uint64_t)rfm_rng_chance(r, 1, 2));
	rfm_set(m, x->ix.ren, (uint64_t)(!ref && rfm_rng_chance(r, 2, 3) && cycle >= 2));
	rfm_set(m, x->ix.raddr, rfm_rng_chance(r, 1, 4) ? hot : rfm_rng_below(r, x->rows));
	for (j = 0; j < x->nm; j++) {
		rfm_set(m, x->ix.men[j], (uint64_t)rfm_rng_chance(r, 1, 8));
		rfm_set(m, x->ix.mrow[j], rfm_rng_chance(r, 1, 4) ? hot : rfm_rng_below(r, x->rows));
	}
	rfm_set(m, x->ix.ref, (uint64_t)ref);
	rfm_set(m, x->ix.rrow, rfm_rng_below(r, x->rows));
	rfm_set(m, x->ix.cz, (uint64_t)rfm_rng_chance(r, 1, 4));
}

static int eb_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	(void)m, (void)cycle, (void)err;
	return 0;
}

static void eb_release(rfm_model_t *m)
{
	eb_t *x = (eb_t *)m;
	free(x->mem);
	free(x->rd);
	free(x->flag);
}

static int eb_setup(rfm_model_t *m)
{
	eb_t *x = (eb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	x->rows = c->d.bank_rows;
	x->wq = rfm_words(c->rf_lanes * c->rf_lane_bits);
	x->nm = nmarks(c);
	x->mem = calloc((size_t)x->rows * x->wq, 4);
	x->rd = calloc(x->wq, 4);
	x->flag = malloc(x->rows);
	if (!x->mem || !x->rd || !x->flag)
		return -1;
	memset(x->flag, 1, x->rows);
	if (c->rf_lanes < 2)
		rfm_cov_na(m, COV_PARTIAL);
	return 0;
}

RFM_BLOCK(rf_edram_bank, eb_t, eb_ix_t, ports, cov_names, COV_N, eb_reset, eb_eval, eb_tick, eb_stim, eb_check,
	  eb_release, eb_setup)
