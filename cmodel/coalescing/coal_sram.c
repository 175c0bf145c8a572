/* coal_sram.c - model of rf_coal_sram, one byte sub-bank array of the coalescing-aware register
 * file (docs/coalescing.md, "Data path"): rf.entries rows of rf.lanes bytes (sub-bank k of a bank
 * holds byte k of every lane), one access a cycle: a byte-masked write or a read. The read data
 * are registered: rdata_o shows the row read at the last edge with a read, held otherwise. Rows
 * outside 0..entries-1 are illegal input: a write is dropped, a read returns zero (as rf_sram).
 * rf_dual_bank instantiates four; the ASIC flow keeps it as an SRAM macro where rf_sram is one.
 */
#include <stdlib.h>

#include "rfm_blocks.h"
#include "rfm_fault_ids.h"

typedef struct cs_ix {
	unsigned clk, en, we, addr, bwe, wdata, rdata;
} cs_ix_t;

enum { CS_READ, CS_WRITE, CS_PARTIAL, CS_READ_WRITTEN, CS_HOLD, CS_N };
static const char *const cs_names[CS_N] = {"read", "write", "partial_byte_write", "read_of_written_row",
					   "idle_holds_data"};

typedef struct rfm_cs {
	rfm_model_t m;
	cs_ix_t ix;
	unsigned W;        /* bytes per row (rf.lanes) */
	unsigned rows;     /* rf.entries */
	uint8_t *mem;      /* [rows][W] */
	uint8_t *rdata_q;  /* [W] */
	/* checker: the arrays kept from the inputs, and what the last read returns */
	uint8_t *shadow;   /* [rows][W] */
	uint8_t *written;  /* [rows]: written since reset (coverage) */
	uint8_t *exp;      /* [W] */
	int read_last;     /* the last edge was a read */
	unsigned hot;      /* a row the stimulus reuses */
} rfm_cs_t;

static int cs_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	cs_ix_t *ix = ixv;
	unsigned W = c->rf_lanes;
	rfm_ports_group(pt, "clock");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock; the array and the read register are not reset", "clk_i");
	rfm_ports_group(pt, "one access a cycle");
	ix->en = rfm_ports_add(pt, RFM_IN, 1, "access (0: idle, the array and its output keep)", "en_i");
	ix->we = rfm_ports_add(pt, RFM_IN, 1, "1: write, 0: read", "we_i");
	ix->addr = rfm_ports_add(pt, RFM_IN, c->d.entry_w, "row", "addr_i");
	ix->bwe = rfm_ports_add(pt, RFM_IN, W, "byte write enables: bit t = byte t (lane t)", "bwe_i");
	ix->wdata = rfm_ports_add(pt, RFM_IN, 8 * W, "write data: byte t in bits [8t +: 8]", "wdata_i");
	rfm_ports_group(pt, "read data");
	ix->rdata = rfm_ports_add(pt, RFM_OUT, 8 * W, "the row read at the last edge with a read (held)", "rdata_o");
	return 0;
}

static unsigned byte_of(const uint32_t *v, unsigned t) { return (v[t >> 2] >> (8u * (t & 3u))) & 0xffu; }

static void cs_eval(rfm_model_t *m)
{
	rfm_cs_t *x = (rfm_cs_t *)m;
	uint32_t *o = rfm_wide(m, x->ix.rdata);
	unsigned t;
	memset(o, 0, m->slot[x->ix.rdata].words * 4u);
	for (t = 0; t < x->W; t++)
		o[t >> 2] |= (uint32_t)x->rdata_q[t] << (8u * (t & 3u));
}

static void cs_tick(rfm_model_t *m)
{
	rfm_cs_t *x = (rfm_cs_t *)m;
	unsigned t, row = (unsigned)rfm_get(m, x->ix.addr);
	const uint32_t *wd = rfm_wide(m, x->ix.wdata);
	uint64_t be = rfm_get(m, x->ix.bwe);
	if (!rfm_get(m, x->ix.en))
		return;
	if (!rfm_get(m, x->ix.we)) { /* a read: the row into the read register */
		for (t = 0; t < x->W; t++)
			x->rdata_q[t] = row < x->rows ? x->mem[(size_t)row * x->W + t] : 0;
		return;
	}
	if (row >= x->rows)
		return;
	if (m->mutate == RFM_FAULT_CS_BYTE_ENABLES_IGNORED) /* planted fault: every byte written */
		be = ~0ull;
	for (t = 0; t < x->W; t++)
		if ((be >> t) & 1u)
			x->mem[(size_t)row * x->W + t] = (uint8_t)byte_of(wd, t);
}

static void cs_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_cs_t *x = (rfm_cs_t *)m;
	unsigned mk = (unsigned)rfm_rng_below(r, 4);
	(void)cycle;
	if (rfm_rng_chance(r, 1, 64))
		x->hot = (unsigned)rfm_rng_below(r, x->rows);
	rfm_set(m, x->ix.en, !rfm_rng_chance(r, 1, 4));
	rfm_set(m, x->ix.we, rfm_rng_chance(r, 1, 2));
	rfm_set(m, x->ix.addr, rfm_rng_chance(r, 1, 3) ? x->hot : rfm_rng_below(r, x->rows));
	rfm_set(m, x->ix.bwe, mk == 0 ? rfm_rng_next(r) : mk == 1 ? 0 : ~0ull);
	rfm_rng_fill(r, rfm_wide(m, x->ix.wdata), 8 * x->W);
}

/* The golden shadow: every read returns the bytes last written to its row (zero before), the
 * output holds between reads. */
static int cs_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_cs_t *x = (rfm_cs_t *)m;
	const uint32_t *o = rfm_wide(m, x->ix.rdata), *wd = rfm_wide(m, x->ix.wdata);
	unsigned t, row = (unsigned)rfm_get(m, x->ix.addr);
	uint64_t be = rfm_get(m, x->ix.bwe);
	int rc = 0;
	for (t = 0; t < x->W && cycle > 0; t++)
		if (byte_of(o, t) != x->exp[t]) {
			fprintf(err, "cycle %llu: rf_coal_sram golden: byte %u reads 0x%02x, expected 0x%02x\n",
				(unsigned long long)cycle, t, byte_of(o, t), x->exp[t]);
			rc = 1;
			break;
		}
	if (!x->read_last && cycle > 1)
		rfm_cov_hit(m, CS_HOLD);
	x->read_last = 0;
	if (!rfm_get(m, x->ix.en) || row >= x->rows)
		return rc;
	if (rfm_get(m, x->ix.we)) {
		rfm_cov_hit(m, CS_WRITE);
		if ((be & rfm_mask64(x->W)) && (be & rfm_mask64(x->W)) != rfm_mask64(x->W))
			rfm_cov_hit(m, CS_PARTIAL);
		for (t = 0; t < x->W; t++)
			if ((be >> t) & 1u)
				x->shadow[(size_t)row * x->W + t] = (uint8_t)byte_of(wd, t);
		x->written[row] = 1;
	} else {
		rfm_cov_hit(m, CS_READ);
		if (x->written[row])
			rfm_cov_hit(m, CS_READ_WRITTEN);
		memcpy(x->exp, x->shadow + (size_t)row * x->W, x->W);
		x->read_last = 1;
	}
	return rc;
}

static void cs_release(rfm_model_t *m)
{
	rfm_cs_t *x = (rfm_cs_t *)m;
	free(x->mem);
	free(x->rdata_q);
	free(x->shadow);
	free(x->written);
	free(x->exp);
}

/* What rfm_rf_coal_sram_create does after rfm_model_init: 0 on success. */
static int cs_setup(rfm_model_t *m)
{
	rfm_cs_t *x = (rfm_cs_t *)m;
	const rfm_cfg_t *c = m->cfg;
	x->W = c->rf_lanes;
	x->rows = c->rf_entries;
	/* the array starts at zero (calloc here, --x-initial 0 in the RTL simulation) */
	x->mem = calloc((size_t)x->rows * x->W, 1);
	x->rdata_q = calloc(x->W, 1);
	x->shadow = calloc((size_t)x->rows * x->W, 1);
	x->written = calloc(x->rows, 1);
	x->exp = calloc(x->W, 1);
	if (!x->mem || !x->rdata_q || !x->shadow || !x->written || !x->exp)
		return -1;
	return 0;
}

RFM_BLOCK(rf_coal_sram, rfm_cs_t, cs_ix_t, cs_ports, cs_names, CS_N,
	  rfm_block_noop, cs_eval, cs_tick, cs_stim, cs_check,
	  cs_release, cs_setup)
