/* blocks_edram.c - models of the eDRAM file's leaf blocks (docs/edram.md):
 *
 *   rf_wire_shuffle  a row's lanes to the critical and noncritical columns and back, wires only
 *                    ("Wire shuffler"; rfm_edram_shuffle, rfm_edram_unshuffle)
 *   rf_edram_crit    the critical sub-array of one bank: crit_bits per lane
 *   rf_edram_nc      the noncritical sub-array of one bank: lane_bits - crit_bits per lane
 *                    (both as rf_sram, docs/semantics.md, "Storage arrays": 1-D unreset storage,
 *                    synchronous read, old data on a row written at the same edge, lane-masked
 *                    write; a refresh of a row keeps its bits: decay lives in the overlay, "Decay
 *                    overlay")
 *   rf_refresh_ctrl  the refresh controllers of every bank ("Refresh"; rfm_edram_rctl_reset,
 *                    rfm_edram_rctl_comb, rfm_edram_rctl_clock)
 *
 * Each checker is a second formulation of its block's rule, fed from the ports only: lane shifts
 * and masks for the shuffler, a shadow of the array for the sub-arrays, due windows counted in
 * cycles since reset for the refresh controller.
 */
#include <stdlib.h>

#include "rfm_blocks.h"
#include "rfm_edram.h"
#include "rfm_fault_ids.h"

#define ED_MAXB 32 /* most banks (rf.banks) */

/* ---- rf_wire_shuffle ------------------------------------------------------------------------- */

typedef struct shuf_ix {
	unsigned wrow, wcrit, wnc; /* write path: w_row_i -> w_crit_o, w_nc_o */
	unsigned rcrit, rnc, rrow; /* read path: r_crit_i, r_nc_i -> r_row_o */
} shuf_ix_t;

enum { SH_ONE_HOT_WRITE, SH_ONE_HOT_READ, SH_ALL_BITS_WALKED, SH_ROUND_TRIP, SH_ALL_ONES, SH_N };
static const char *const sh_names[SH_N] = {"one_hot_row_written", "one_hot_columns_read", "all_bits_walked",
					   "round_trip", "all_ones_row"};

typedef struct rfm_shuf {
	rfm_model_t m;
	shuf_ix_t ix;
	rfm_edram_geom_t g;
	unsigned rbits, cbits, nbits; /* bits of a row, of the critical and of the noncritical columns */
	uint32_t *tmp;                /* the read path's critical columns (planted fault) */
	uint32_t *seen;               /* coverage: bits seen alone, write path then read path (2 x rbits) */
	/* stimulus: the walking one's next bit on each path (read path: critical columns first) */
	unsigned wpos, rpos;
} rfm_shuf_t;

static int shuf_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	shuf_ix_t *ix = ixv;
	unsigned L = c->rf_lanes, nb = c->d.ed_nc_bits;
	rfm_ports_group(pt, "write path: a row to its columns");
	ix->wrow = rfm_ports_add(pt, RFM_IN, L * c->rf_lane_bits, "row written: lane l at [l*lane_bits +: lane_bits]",
				 "w_row_i");
	ix->wcrit = rfm_ports_add(pt, RFM_OUT, L * c->edram_crit_bits, "critical columns: lane l's upper bits",
				  "w_crit_o");
	ix->wnc = rfm_ports_add(pt, RFM_OUT, L * nb, "noncritical columns: lane l's lower bits", "w_nc_o");
	rfm_ports_group(pt, "read path: the columns back to a row");
	ix->rcrit = rfm_ports_add(pt, RFM_IN, L * c->edram_crit_bits, "critical columns read", "r_crit_i");
	ix->rnc = rfm_ports_add(pt, RFM_IN, L * nb, "noncritical columns read", "r_nc_i");
	ix->rrow = rfm_ports_add(pt, RFM_OUT, L * c->rf_lane_bits, "row read: lane l at [l*lane_bits +: lane_bits]",
				 "r_row_o");
	return 0;
}

/* Set bits among the low `bits` bits of a word array (the words above are zero). */
static unsigned ones(const uint32_t *w, unsigned bits)
{
	unsigned i, n = 0;
	for (i = 0; i < rfm_words(bits); i++)
		n += rfm_popcount64(w[i]);
	return n;
}

/* The lowest set bit of a word array of `bits` bits (bits when none is set). */
static unsigned lowest_one(const uint32_t *w, unsigned bits)
{
	unsigned i;
	for (i = 0; i < rfm_words(bits); i++)
		if (w[i])
			return 32u * i + (unsigned)__builtin_ctz(w[i]);
	return bits;
}

static void shuf_eval(rfm_model_t *m)
{
	rfm_shuf_t *x = (rfm_shuf_t *)m;
	const uint32_t *rcrit = rfm_wide(m, x->ix.rcrit);
	unsigned l, cb = x->g.crit_bits;
	rfm_edram_shuffle(&x->g, rfm_wide(m, x->ix.wrow), rfm_wide(m, x->ix.wcrit), rfm_wide(m, x->ix.wnc));
	if (m->mutate == RFM_FAULT_SHUF_CRIT_NEIGHBOUR_LANE) { /* lane l's critical bits from lane l + 1 */
		for (l = 0; l < x->g.lanes; l++)
			rfm_bits_set(x->tmp, l * cb, cb, rfm_bits_get(rcrit, ((l + 1) % x->g.lanes) * cb, cb));
		rcrit = x->tmp;
	}
	rfm_edram_unshuffle(&x->g, rcrit, rfm_wide(m, x->ix.rnc), rfm_wide(m, x->ix.rrow));
}

/* Inputs: a walking one on each path (every bit traced alone), a row sent through both paths, all
 * ones, or random bits. */
static void shuf_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_shuf_t *x = (rfm_shuf_t *)m;
	uint32_t *wrow = rfm_wide(m, x->ix.wrow), *rcrit = rfm_wide(m, x->ix.rcrit), *rnc = rfm_wide(m, x->ix.rnc);
	unsigned mode = (unsigned)rfm_rng_below(r, 8);
	(void)cycle;
	rfm_clear_inputs(m);
	if (mode < 2) {
		rfm_bits_set(wrow, x->wpos, 1, 1);
		if (x->rpos < x->cbits)
			rfm_bits_set(rcrit, x->rpos, 1, 1);
		else
			rfm_bits_set(rnc, x->rpos - x->cbits, 1, 1);
		x->wpos = (x->wpos + 1) % x->rbits;
		x->rpos = (x->rpos + 1) % x->rbits;
	} else if (mode == 2) {
		memset(wrow, 0xff, m->slot[x->ix.wrow].words * 4u);
		rfm_trim(wrow, x->rbits);
		memset(rcrit, 0xff, m->slot[x->ix.rcrit].words * 4u);
		rfm_trim(rcrit, x->cbits);
		memset(rnc, 0xff, m->slot[x->ix.rnc].words * 4u);
		rfm_trim(rnc, x->nbits);
	} else {
		rfm_rng_fill(r, wrow, x->rbits);
		rfm_rng_fill(r, rcrit, x->cbits);
		rfm_rng_fill(r, rnc, x->nbits);
		if (mode < 5) /* the read path gets back what the write path stores */
			rfm_edram_shuffle(&x->g, wrow, rcrit, rnc);
	}
}

/* Lane by lane, with shifts and masks: the critical columns of lane l are its word >> nc, the
 * noncritical ones its word's low nc bits; the read path puts them back. */
static int shuf_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_shuf_t *x = (rfm_shuf_t *)m;
	const uint32_t *wrow = rfm_wide(m, x->ix.wrow), *wcrit = rfm_wide(m, x->ix.wcrit), *wnc = rfm_wide(m, x->ix.wnc);
	const uint32_t *rcrit = rfm_wide(m, x->ix.rcrit), *rnc = rfm_wide(m, x->ix.rnc), *rrow = rfm_wide(m, x->ix.rrow);
	unsigned l, lb = x->g.word_bits, cb = x->g.crit_bits, nb = lb - cb, trip = 1;
	unsigned long long cy = (unsigned long long)cycle;
	for (l = 0; l < x->g.lanes; l++) {
		uint64_t word = rfm_bits_get(wrow, l * lb, lb), c = rfm_bits_get(wcrit, l * cb, cb);
		uint64_t n = rfm_bits_get(wnc, l * nb, nb), rc = rfm_bits_get(rcrit, l * cb, cb);
		uint64_t rn = rfm_bits_get(rnc, l * nb, nb), row = rfm_bits_get(rrow, l * lb, lb);
		if (c != word >> nb || n != (word & rfm_mask64(nb))) {
			fprintf(err, "cycle %llu: rf_wire_shuffle golden: lane %u word 0x%llx gives critical 0x%llx and "
				"noncritical 0x%llx, expected 0x%llx and 0x%llx\n", cy, l, (unsigned long long)word,
				(unsigned long long)c, (unsigned long long)n, (unsigned long long)(word >> nb),
				(unsigned long long)(word & rfm_mask64(nb)));
			return 1;
		}
		if (row != (rc << nb | rn)) {
			fprintf(err, "cycle %llu: rf_wire_shuffle golden: lane %u reads 0x%llx from critical 0x%llx and "
				"noncritical 0x%llx, expected 0x%llx\n", cy, l, (unsigned long long)row,
				(unsigned long long)rc, (unsigned long long)rn, (unsigned long long)(rc << nb | rn));
			return 1;
		}
		trip &= rc == c && rn == n;
	}
	if (trip)
		rfm_cov_hit(m, SH_ROUND_TRIP);
	if (ones(wrow, x->rbits) == x->rbits)
		rfm_cov_hit(m, SH_ALL_ONES);
	if (ones(wrow, x->rbits) == 1) {
		rfm_cov_hit(m, SH_ONE_HOT_WRITE);
		rfm_bits_set(x->seen, lowest_one(wrow, x->rbits), 1, 1);
	}
	if (ones(rcrit, x->cbits) + ones(rnc, x->nbits) == 1) {
		unsigned at = ones(rcrit, x->cbits) ? lowest_one(rcrit, x->cbits) : x->cbits + lowest_one(rnc, x->nbits);
		rfm_cov_hit(m, SH_ONE_HOT_READ);
		rfm_bits_set(x->seen, x->rbits + at, 1, 1);
	}
	if (ones(x->seen, 2 * x->rbits) == 2 * x->rbits) { /* every bit of both paths traced alone: a lap */
		rfm_cov_hit(m, SH_ALL_BITS_WALKED);
		memset(x->seen, 0, rfm_words(2 * x->rbits) * 4u);
	}
	return 0;
}

static void shuf_release(rfm_model_t *m)
{
	rfm_shuf_t *x = (rfm_shuf_t *)m;
	free(x->tmp);
	free(x->seen);
}

static int shuf_setup(rfm_model_t *m)
{
	rfm_shuf_t *x = (rfm_shuf_t *)m;
	rfm_edram_geom_of(m->cfg, &x->g);
	x->rbits = x->g.lanes * x->g.word_bits;
	x->cbits = x->g.lanes * x->g.crit_bits;
	x->nbits = x->rbits - x->cbits;
	x->tmp = calloc(rfm_words(x->cbits), 4);
	x->seen = calloc(rfm_words(2 * x->rbits), 4);
	return x->tmp && x->seen ? 0 : -1;
}

RFM_BLOCK(rf_wire_shuffle, rfm_shuf_t, shuf_ix_t, shuf_ports, sh_names, SH_N,
	  rfm_block_noop, shuf_eval, rfm_block_noop, shuf_stim, shuf_check,
	  shuf_release, shuf_setup)

/* ---- rf_edram_crit, rf_edram_nc: the sub-arrays of one bank ---------------------------------- */

typedef struct arr_ix {
	unsigned clk;
	unsigned wen, waddr, wmask, wdata; /* write port 0 */
	unsigned ren, raddr, rdata;        /* read port 0 */
	unsigned refen, refaddr;           /* refresh */
} arr_ix_t;

enum { AR_READ, AR_WRITE, AR_PARTIAL, AR_RDW, AR_REFRESH, AR_READ_REFRESHED, AR_N };
static const char *const ar_names[AR_N] = {"read", "write", "partial_lane_write", "read_during_write_same_row",
					   "refresh", "read_of_refreshed_row"};

typedef struct rfm_arr {
	rfm_model_t m;
	arr_ix_t ix;
	int nc;            /* 0: critical sub-array, 1: noncritical */
	unsigned seg;      /* bits per lane: crit_bits or lane_bits - crit_bits */
	unsigned lanes;    /* lanes per row (write-mask bits) */
	unsigned rows;     /* rows of a bank (cfg->d.bank_rows) */
	unsigned width;    /* bits per row: lanes * seg */
	unsigned words;    /* words per row */
	uint32_t *mem;     /* row r at mem + r * words */
	uint32_t *rdata_q; /* the registered read data */
	uint8_t *rowst;    /* coverage, per row: bit 0 written, bit 1 refreshed since its last write */
	/* checker: the array lane by lane, kept from the inputs */
	uint32_t *shadow;  /* [rows][lanes] */
	uint32_t *exp;     /* [lanes]: r0_data_o of this cycle */
	int exp_row;       /* the row read at the last enabled edge, -1 before any */
	/* stimulus */
	unsigned hot;      /* a row reused often */
} rfm_arr_t;

static int arr_ports(const rfm_cfg_t *c, rfm_ports_t *pt, arr_ix_t *ix, unsigned seg, const char *data)
{
	unsigned L = c->rf_lanes, ew = c->d.entry_w;
	rfm_ports_group(pt, "clock");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock; storage is not reset", "clk_i");
	rfm_ports_group(pt, "write port 0");
	ix->wen = rfm_ports_add(pt, RFM_IN, 1, "write enable", "w0_en_i");
	ix->waddr = rfm_ports_add(pt, RFM_IN, ew, "row written", "w0_addr_i");
	ix->wmask = rfm_ports_add(pt, RFM_IN, L, "lane write mask", "w0_mask_i");
	ix->wdata = rfm_ports_add(pt, RFM_IN, L * seg, data, "w0_data_i");
	rfm_ports_group(pt, "read port 0");
	ix->ren = rfm_ports_add(pt, RFM_IN, 1, "read enable", "r0_en_i");
	ix->raddr = rfm_ports_add(pt, RFM_IN, ew, "row read", "r0_addr_i");
	ix->rdata = rfm_ports_add(pt, RFM_OUT, L * seg, "row read at the last enabled edge", "r0_data_o");
	rfm_ports_group(pt, "refresh");
	ix->refen = rfm_ports_add(pt, RFM_IN, 1, "the row at ref_addr_i is read and written back", "ref_en_i");
	ix->refaddr = rfm_ports_add(pt, RFM_IN, ew, "row refreshed", "ref_addr_i");
	return 0;
}

static int crit_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ix)
{
	return arr_ports(c, pt, ix, c->edram_crit_bits, "critical columns written: lane l's upper bits");
}

static int nc_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ix)
{
	return arr_ports(c, pt, ix, c->d.ed_nc_bits, "noncritical columns written: lane l's lower bits");
}

static void arr_eval(rfm_model_t *m)
{
	rfm_arr_t *x = (rfm_arr_t *)m;
	memcpy(rfm_wide(m, x->ix.rdata), x->rdata_q, x->words * 4u);
}

/* The clock edge: the read registers the row's old data, the write stores its lanes, a refresh
 * reads the row and writes it back unchanged. */
static void arr_tick(rfm_model_t *m)
{
	rfm_arr_t *x = (rfm_arr_t *)m;
	unsigned l, ra = (unsigned)rfm_get(m, x->ix.raddr), wa = (unsigned)rfm_get(m, x->ix.waddr);
	unsigned fa = (unsigned)rfm_get(m, x->ix.refaddr);
	uint64_t full = rfm_mask64(x->lanes), mask = rfm_get(m, x->ix.wmask) & full;
	int ren = (int)rfm_get(m, x->ix.ren), wen = (int)rfm_get(m, x->ix.wen), fen = (int)rfm_get(m, x->ix.refen);

	if (ren) {
		rfm_cov_hit(m, AR_READ);
		if (ra < x->rows && x->rowst[ra] == 3u)
			rfm_cov_hit(m, AR_READ_REFRESHED);
		if (ra < x->rows)
			memcpy(x->rdata_q, x->mem + (size_t)ra * x->words, x->words * 4u);
		else
			memset(x->rdata_q, 0, x->words * 4u);
	}
	if (fen && fa < x->rows) {
		rfm_cov_hit(m, AR_REFRESH);
		if (x->rowst[fa])
			x->rowst[fa] = 3u;
		if (x->nc && m->mutate == RFM_FAULT_NC_REFRESH_CLEARS_ROW) /* planted fault: written back as zeros */
			memset(x->mem + (size_t)fa * x->words, 0, x->words * 4u);
	}
	if (wen && wa < x->rows) {
		uint32_t *row = x->mem + (size_t)wa * x->words;
		const uint32_t *d = rfm_wide(m, x->ix.wdata);
		rfm_cov_hit(m, AR_WRITE);
		if (mask && mask != full)
			rfm_cov_hit(m, AR_PARTIAL);
		if (ren && ra == wa)
			rfm_cov_hit(m, AR_RDW);
		x->rowst[wa] = 1u;
		if (!x->nc && m->mutate == RFM_FAULT_CRIT_LANE_MASK_IGNORED) /* planted fault: every lane written */
			mask = full;
		for (l = 0; l < x->lanes; l++)
			if ((mask >> l) & 1u)
				rfm_bits_copy(row, l * x->seg, d, l * x->seg, x->seg);
	}
}

/* Inputs as an eDRAM bank drives them: a refresh takes the bank for its cycle (mostly no access
 * beside it), otherwise random reads and lane-masked writes, often to one hot row. */
static void arr_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_arr_t *x = (rfm_arr_t *)m;
	unsigned mk = (unsigned)rfm_rng_below(r, 4);
	int ref = rfm_rng_chance(r, 1, 5), access = !ref || rfm_rng_chance(r, 1, 4);
	(void)cycle;
	if (rfm_rng_chance(r, 1, 64))
		x->hot = (unsigned)rfm_rng_below(r, x->rows);
	rfm_set(m, x->ix.refen, ref);
	rfm_set(m, x->ix.refaddr, rfm_rng_chance(r, 1, 2) ? x->hot : rfm_rng_below(r, x->rows));
	rfm_set(m, x->ix.wen, access && rfm_rng_chance(r, 1, 2));
	rfm_set(m, x->ix.waddr, rfm_rng_chance(r, 1, 4) ? x->hot : rfm_rng_below(r, x->rows));
	rfm_set(m, x->ix.wmask, mk == 0 ? rfm_rng_next(r) : mk == 1 ? 0 : ~0ull);
	rfm_rng_fill(r, rfm_wide(m, x->ix.wdata), x->width);
	rfm_set(m, x->ix.ren, access && rfm_rng_chance(r, 2, 3));
	rfm_set(m, x->ix.raddr, rfm_rng_chance(r, 1, 2) ? x->hot : rfm_rng_below(r, x->rows));
}

/* The checker keeps the array lane by lane from the inputs: r0_data_o must be the shadow's row
 * read at the last enabled edge (held otherwise), before that edge's write. */
static int arr_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_arr_t *x = (rfm_arr_t *)m;
	const uint32_t *rd = rfm_wide(m, x->ix.rdata), *wd = rfm_wide(m, x->ix.wdata);
	unsigned l, ra = (unsigned)rfm_get(m, x->ix.raddr), wa = (unsigned)rfm_get(m, x->ix.waddr);
	uint64_t mask = rfm_get(m, x->ix.wmask);
	for (l = 0; l < x->lanes; l++) {
		uint32_t got = (uint32_t)rfm_bits_get(rd, l * x->seg, x->seg);
		if (got != x->exp[l]) {
			if (x->exp_row < 0)
				fprintf(err, "cycle %llu: %s golden: lane %u reads 0x%x before any read, expected 0x0\n",
					(unsigned long long)cycle, m->module, l, got);
			else
				fprintf(err, "cycle %llu: %s golden: lane %u reads 0x%x, expected 0x%x (row %d, read at "
					"the last enabled edge)\n", (unsigned long long)cycle, m->module, l, got, x->exp[l],
					x->exp_row);
			return 1;
		}
	}
	if (rfm_get(m, x->ix.ren) && ra < x->rows) {
		memcpy(x->exp, x->shadow + (size_t)ra * x->lanes, x->lanes * 4u);
		x->exp_row = (int)ra;
	}
	if (rfm_get(m, x->ix.wen) && wa < x->rows)
		for (l = 0; l < x->lanes; l++)
			if ((mask >> l) & 1u)
				x->shadow[(size_t)wa * x->lanes + l] = (uint32_t)rfm_bits_get(wd, l * x->seg, x->seg);
	return 0;
}

static void arr_release(rfm_model_t *m)
{
	rfm_arr_t *x = (rfm_arr_t *)m;
	free(x->mem);
	free(x->rdata_q);
	free(x->rowst);
	free(x->shadow);
	free(x->exp);
}

static int arr_setup(rfm_model_t *m, int nc)
{
	rfm_arr_t *x = (rfm_arr_t *)m;
	const rfm_cfg_t *c = m->cfg;
	x->nc = nc;
	x->seg = nc ? c->d.ed_nc_bits : c->edram_crit_bits;
	x->lanes = c->rf_lanes;
	x->rows = c->d.bank_rows;
	x->width = x->lanes * x->seg;
	x->words = rfm_words(x->width);
	x->exp_row = -1;
	x->mem = calloc((size_t)x->rows * x->words, 4);
	x->rdata_q = calloc(x->words, 4);
	x->rowst = calloc(x->rows, 1);
	x->shadow = calloc((size_t)x->rows * x->lanes, 4);
	x->exp = calloc(x->lanes, 4);
	if (!x->mem || !x->rdata_q || !x->rowst || !x->shadow || !x->exp)
		return -1;
	if (x->lanes < 2)
		rfm_cov_na(m, AR_PARTIAL);
	return 0;
}

static int crit_setup(rfm_model_t *m) { return arr_setup(m, 0); }
static int nc_setup(rfm_model_t *m) { return arr_setup(m, 1); }

RFM_BLOCK(rf_edram_crit, rfm_arr_t, arr_ix_t, crit_ports, ar_names, AR_N,
	  rfm_block_noop, arr_eval, arr_tick, arr_stim, arr_check,
	  arr_release, crit_setup)

RFM_BLOCK(rf_edram_nc, rfm_arr_t, arr_ix_t, nc_ports, ar_names, AR_N,
	  rfm_block_noop, arr_eval, arr_tick, arr_stim, arr_check,
	  arr_release, nc_setup)

/* ---- rf_refresh_ctrl: the refresh controllers of every bank -------------------------------- */

typedef struct rctl_ix {
	unsigned clk, rst;
	unsigned busy;                      /* busy_i */
	unsigned ref, forced, row, cnt_zero; /* ref_o, forced_o, row_o, cnt_zero_o */
} rctl_ix_t;

enum { RC_IDLE, RC_DEFERRED, RC_FORCED, RC_WRAP, RC_TWO_BANKS, RC_N };
static const char *const rc_names[RC_N] = {"refresh_on_idle_bank", "refresh_deferred", "refresh_forced",
					   "counter_wrap", "two_banks_refresh_together"};

/* The checker's view of one bank: refreshes are due at fixed cycles, counted since reset. */
typedef struct rctl_chk {
	uint64_t t;        /* cycles since reset */
	int due;           /* a refresh is due and not issued yet */
	unsigned waited;   /* cycles it has waited */
	unsigned row, cnt; /* the next row refreshed, the sweeps completed mod 2^M */
} rctl_chk_t;

typedef struct rfm_rctl {
	rfm_model_t m;
	rctl_ix_t ix;
	rfm_edram_geom_t g;
	unsigned ew;                  /* row address bits */
	rfm_edram_rctl_t q[ED_MAXB];  /* per bank: registered state */
	rfm_edram_rout_t o[ED_MAXB];  /* per bank: this cycle's refresh */
	rctl_chk_t chk[ED_MAXB];      /* checker */
	/* stimulus: per bank, a busy chance in sixteenths held for a phase of cycles */
	unsigned busy16[ED_MAXB];
	unsigned phase_left;
} rfm_rctl_t;

static int rctl_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	rctl_ix_t *ix = ixv;
	unsigned B = c->rf_banks;
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (timers staggered)", "rst_ni");
	rfm_ports_group(pt, "bank activity");
	ix->busy = rfm_ports_add(pt, RFM_IN, B, "bit b: bank b has a normal access this cycle", "busy_i");
	rfm_ports_group(pt, "refresh of this cycle, per bank");
	ix->ref = rfm_ports_add(pt, RFM_OUT, B, "bit b: bank b refreshes this cycle (its row in row_o)", "ref_o");
	ix->forced = rfm_ports_add(pt, RFM_OUT, B, "bit b: bank b's refresh is forced on an access (deferral exhausted)",
				    "forced_o");
	ix->row = rfm_ports_add(pt, RFM_OUT, B * c->d.entry_w, "row bank b refreshes: [b*entry_w +: entry_w]",
				"row_o");
	ix->cnt_zero = rfm_ports_add(pt, RFM_OUT, B, "bit b: bank b's counter is 0 (noncritical refresh)",
				     "cnt_zero_o");
	return 0;
}

static void rctl_reset(rfm_model_t *m)
{
	rfm_rctl_t *x = (rfm_rctl_t *)m;
	unsigned b;
	for (b = 0; b < x->g.banks; b++) /* planted fault: no stagger, every timer from 0 */
		rfm_edram_rctl_reset(&x->g, m->mutate == RFM_FAULT_RCTL_NO_STAGGER ? 0 : b, &x->q[b]);
}

static void rctl_eval(rfm_model_t *m)
{
	rfm_rctl_t *x = (rfm_rctl_t *)m;
	uint64_t busy = rfm_get(m, x->ix.busy), ref = 0, forced = 0, cz = 0;
	uint32_t *row = rfm_wide(m, x->ix.row);
	unsigned b;
	for (b = 0; b < x->g.banks; b++) {
		rfm_edram_rout_t *o = &x->o[b];
		int bz = (int)((busy >> b) & 1u);
		rfm_edram_rctl_comb(&x->g, &x->q[b], bz, o);
		if (m->mutate == RFM_FAULT_RCTL_DEFER_UNBOUNDED && o->forced) /* planted fault: waits for idle */
			o->issue = o->forced = 0;
		if (m->mutate == RFM_FAULT_RCTL_IGNORES_BUSY) { /* planted fault: issues as soon as due */
			o->issue = (uint8_t)(x->q[b].pending != 0);
			o->forced = (uint8_t)(o->issue && bz);
		}
		ref |= (uint64_t)o->issue << b;
		forced |= (uint64_t)o->forced << b;
		cz |= (uint64_t)o->cnt_zero << b;
		rfm_bits_set(row, b * x->ew, x->ew, o->row);
	}
	rfm_set(m, x->ix.ref, ref);
	rfm_set(m, x->ix.forced, forced);
	rfm_set(m, x->ix.cnt_zero, cz);
}

static void rctl_tick(rfm_model_t *m)
{
	rfm_rctl_t *x = (rfm_rctl_t *)m;
	uint64_t busy = rfm_get(m, x->ix.busy);
	unsigned b, issued = 0;
	for (b = 0; b < x->g.banks; b++) {
		rfm_edram_rctl_t old = x->q[b];
		const rfm_edram_rout_t *o = &x->o[b];
		int bz = (int)((busy >> b) & 1u);
		if (o->issue && !bz)
			rfm_cov_hit(m, RC_IDLE);
		if (old.pending && bz && !o->issue)
			rfm_cov_hit(m, RC_DEFERRED);
		if (o->forced)
			rfm_cov_hit(m, RC_FORCED);
		issued += o->issue;
		rfm_edram_rctl_clock(&x->g, &x->q[b], o);
		if (m->mutate == RFM_FAULT_RCTL_CNT_NO_WRAP_STEP) /* planted fault: the wrap does not step it */
			x->q[b].cnt = old.cnt;
		if (old.cnt != 0 && x->q[b].cnt == 0)
			rfm_cov_hit(m, RC_WRAP);
	}
	if (issued >= 2)
		rfm_cov_hit(m, RC_TWO_BANKS);
}

/* Per bank, a phase of 16 to 143 cycles with one busy chance: never, a quarter, half, three
 * quarters, nearly always or always busy (idle refreshes, deferrals and forced refreshes). */
static void rctl_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	static const unsigned chance16[6] = {0, 4, 8, 12, 15, 16};
	rfm_rctl_t *x = (rfm_rctl_t *)m;
	uint64_t busy = 0;
	unsigned b;
	(void)cycle;
	if (!x->phase_left) {
		x->phase_left = 16 + (unsigned)rfm_rng_below(r, 128);
		for (b = 0; b < x->g.banks; b++)
			x->busy16[b] = chance16[rfm_rng_below(r, 6)];
	}
	x->phase_left--;
	for (b = 0; b < x->g.banks; b++)
		if (rfm_rng_below(r, 16) < x->busy16[b])
			busy |= 1ull << b;
	rfm_set(m, x->ix.busy, busy);
}

/* Bank b's stagger, (b * P) / banks (docs/edram.md, "Refresh": the stagger). */
static unsigned rctl_stagger(const rfm_cfg_t *c, unsigned b)
{
	return (unsigned)((uint64_t)b * c->d.ed_p / c->rf_banks);
}

/* Bank b's timer starts at its stagger s, so its refreshes fall due at the cycles t > 0 (since
 * reset) where (s + t) % P == 0. A due refresh must issue by the cycle the bank is idle, and by
 * max_defer cycles after it fell due at the latest (forced iff the bank is busy then); none issues
 * without one due. Each refresh takes the next row; a wrap steps the M-bit counter. */
static int rctl_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_rctl_t *x = (rfm_rctl_t *)m;
	const rfm_cfg_t *c = m->cfg;
	const uint32_t *rowo = rfm_wide(m, x->ix.row);
	uint64_t busy = rfm_get(m, x->ix.busy), ref = rfm_get(m, x->ix.ref), forced = rfm_get(m, x->ix.forced);
	uint64_t cz = rfm_get(m, x->ix.cnt_zero);
	unsigned b, P = c->d.ed_p, md = c->edram_max_defer;
	unsigned long long cy = (unsigned long long)cycle;
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst)) {
		memset(x->chk, 0, sizeof(x->chk));
		return 0;
	}
	for (b = 0; b < x->g.banks; b++) {
		rctl_chk_t *k = &x->chk[b];
		int bz = (int)((busy >> b) & 1u), rf = (int)((ref >> b) & 1u), fc = (int)((forced >> b) & 1u);
		unsigned row = (unsigned)rfm_bits_get(rowo, b * x->ew, x->ew);
		if (k->t > 0 && (rctl_stagger(c, b) + k->t) % P == 0) {
			if (k->due) {
				fprintf(err, "cycle %llu: rf_refresh_ctrl golden: bank %u: the refresh due %u cycles ago "
					"never issued\n", cy, b, P);
				return 1;
			}
			k->due = 1;
			k->waited = 0;
		}
		if (rf && !k->due) {
			fprintf(err, "cycle %llu: rf_refresh_ctrl golden: bank %u refreshes with no refresh due (%llu "
				"cycles after reset, stagger %u, P %u)\n", cy, b, (unsigned long long)k->t,
				rctl_stagger(c, b), P);
			return 1;
		}
		if (k->due && !rf && (!bz || k->waited >= md)) {
			fprintf(err, "cycle %llu: rf_refresh_ctrl golden: bank %u: a refresh due for %u cycles does not "
				"issue %s\n", cy, b, k->waited, bz ? "after max_defer cycles" : "on an idle bank");
			return 1;
		}
		if (fc && k->waited < md) {
			fprintf(err, "cycle %llu: rf_refresh_ctrl golden: bank %u: a refresh forced after %u cycles of "
				"waiting, before max_defer = %u\n", cy, b, k->waited, md);
			return 1;
		}
		if (fc != (rf && bz)) {
			fprintf(err, "cycle %llu: rf_refresh_ctrl golden: bank %u: forced_o %d with ref_o %d and busy_i %d\n",
				cy, b, fc, rf, bz);
			return 1;
		}
		if (row != k->row || (int)((cz >> b) & 1u) != (k->cnt == 0)) {
			fprintf(err, "cycle %llu: rf_refresh_ctrl golden: bank %u: row_o %u cnt_zero_o %u, expected row %u "
				"after %u sweeps mod 2^M (cnt_zero %d)\n", cy, b, row, (unsigned)((cz >> b) & 1u), k->row,
				k->cnt, k->cnt == 0);
			return 1;
		}
		if (rf) {
			k->due = 0;
			if (++k->row == c->d.bank_rows) {
				k->row = 0;
				k->cnt = (k->cnt + 1u) % (1u << c->edram_counter_bits);
			}
		} else if (k->due) {
			k->waited++;
		}
		k->t++;
	}
	return 0;
}

/* Two banks can refresh in one cycle when their due cycles lie within max_defer of each other:
 * stagger offsets d = (s_c - s_b) mod P with d <= max_defer or P - d <= max_defer. */
static int rctl_setup(rfm_model_t *m)
{
	rfm_rctl_t *x = (rfm_rctl_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned b, k, P = c->d.ed_p, md = c->edram_max_defer, meet = 0;
	rfm_edram_geom_of(c, &x->g);
	x->ew = c->d.entry_w;
	if (x->g.banks > ED_MAXB || P < 2)
		return -1;
	for (b = 0; b < x->g.banks; b++)
		for (k = b + 1; k < x->g.banks; k++) {
			unsigned d = (rctl_stagger(c, k) + P - rctl_stagger(c, b)) % P;
			meet |= d <= md || P - d <= md;
		}
	if (!meet)
		rfm_cov_na(m, RC_TWO_BANKS);
	if (md == 0)
		rfm_cov_na(m, RC_DEFERRED);
	rctl_reset(m);
	return 0;
}

RFM_BLOCK(rf_refresh_ctrl, rfm_rctl_t, rctl_ix_t, rctl_ports, rc_names, RC_N,
	  rctl_reset, rctl_eval, rctl_tick, rctl_stim, rctl_check,
	  rfm_block_noop, rctl_setup)
