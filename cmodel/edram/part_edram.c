/* part_edram.c - the eDRAM approximate register file in rf_top: a STORAGE part (the banks: critical
 * and noncritical sub-arrays behind the wire shuffler, per-row flags, the decay overlay) and a SIDE
 * part (the refresh controllers, which claim their banks with forced holds, and the flag ports),
 * cmodel/rfm_part.h; docs/edram.md.
 *
 * Ports: wb<p>_fp_i (the write-back's instruction is floating point: the row becomes approximate,
 * else precise), iss<k>_fp_i (the issued instruction is floating point: its source rows become
 * approximate when a collector takes it), refresh_o (bit b: bank b refreshes this cycle),
 * refresh_nc_o (bit b: that refresh restores the noncritical sub-row too). Counters: refresh,
 * refresh_nc, approx_rows (approximate rows summed over the cycles), flag_updates, refresh_stalls
 * (reads kept and write-backs refused by a refresh).
 *
 * The cycle: the hold hook starts the cycle's decay (paper mode's draws at every T0), runs each
 * bank's refresh controller against this cycle's accesses (busy: a write-back inside the kernel or a
 * collector's read request for the bank) and forces the holds of the refreshing banks; the side hook
 * drives the outputs and counters; at the edge the flags take the marks and the write-backs' flags
 * (write-backs last), the refreshes restore their rows in the overlay, the controllers clock, and
 * the BACKEND clocks each active bank through st_clock (read first, with the decay mask, then the
 * write, which restores its lanes).
 */
#include <stdlib.h>
#include <string.h>

#include "rfm_edram.h"
#include "rfm_edram_dpi.h"
#include "rfm_part.h"
#include "rfm_techniques.h"

enum {
	COV_REF_IDLE, COV_REF_DEFERRED, COV_REF_FORCED, COV_NC_PRECISE, COV_NC_CNT_ZERO, COV_NC_SKIPPED,
	COV_WB_REFUSED, COV_READ_KEPT, COV_MARK, COV_WB_APPROX, COV_WB_PRECISE, COV_MARK_AND_WB, COV_CNT_WRAP,
	COV_LENT_WRITE, COV_N
};
static const char *const cov_names[COV_N] = {
	"refresh_idle_bank", "refresh_deferred", "refresh_forced", "refresh_nc_precise_row",
	"refresh_nc_counter_zero", "refresh_nc_skipped", "write_refused_by_refresh", "read_kept_by_refresh",
	"source_marked_approximate", "write_back_approximate", "write_back_precise", "mark_and_write_same_row",
	"refresh_counter_wrap", "lent_write_made_precise",
};
enum { CNT_REFRESH, CNT_REFRESH_NC, CNT_APPROX, CNT_FLAGS, CNT_STALLS, CNT_N };
static const rfm_counter_t counter_list[CNT_N] = {
	{"refresh", "refresh operations (critical sub-rows restored)"},
	{"refresh_nc", "noncritical sub-rows restored by refreshes"},
	{"approx_rows", "approximate rows, summed over the cycles (divide by cycles: the time average)"},
	{"flag_updates", "row-flag updates: sources of FP instructions marked, write-backs' flags, lent writes' flags"},
	{"refresh_stalls", "accesses stalled: reads kept from the arbiter by bank holds, write-backs refused by a refresh"},
};

/* Port indices: wb<p>_fp_i, iss<k>_fp_i, refresh_o, refresh_nc_o. */
enum { IX_WBFP = 0, IX_ISSFP = RFM_MAXW, IX_REF = RFM_MAXW + RFM_MAXS, IX_REFNC };

typedef struct ed {
	rfm_edram_geom_t g;
	unsigned wq;                   /* words per row */
	uint32_t *mem;                 /* banks x rows x wq: the ideal bits */
	uint32_t *rd;                  /* banks x wq: registered read data (decay applied) */
	uint8_t *flag;                 /* banks x rows: 1 precise */
	unsigned napprox;              /* rows with flag 0 */
	rfm_edram_rctl_t rc[RFM_MAXB]; /* refresh controllers */
	rfm_edram_rout_t ro[RFM_MAXB]; /* this cycle's refreshes */
	uint8_t nc[RFM_MAXB];          /* this cycle's refresh restores the noncritical sub-row */
	uint64_t busy;                 /* banks with a normal access this cycle */
	uint64_t refs;                 /* banks refreshing this cycle */
	int mode;                      /* decay mode (RFM_DECAY_*; option "decay") */
	unsigned mutate;               /* rf_top's planted fault (for flag_of) */
	rfm_edram_decay_t *dk;         /* the model's overlay (NULL: off) */
	rfm_edram_twin_t tw;           /* the RTL's overlay (DPI-C) */
	uint64_t now;                  /* clock edges since reset */
	int started;                   /* an edge passed since the last cycle start */
	/* checker */
	uint8_t *cflag;                /* the flags by the retire rules (rfm_edram_retire) */
	uint64_t *last_c;              /* banks x rows: cycle of the last critical restore */
	uint64_t *eligible;            /* banks x rows: lanes whose row has been approximate since the
	                                * lane's last write (only these may read with lost bits) */
	unsigned err_lost;             /* a read lost bits it may not lose (found at the edge) */
	unsigned err_lane, err_bank2, err_r2;
	uint32_t err_mask;
	uint64_t prev_refs;            /* banks that refreshed last cycle */
	unsigned err_cnt;              /* a counter moved off the wrap (found at the edge) */
	unsigned err_row;              /* a row went unrestored longer than T0 (found at the edge) */
	unsigned err_bank, err_r;      /* where */
	uint64_t err_age;
} ed_t;

static int enabled(const rfm_cfg_t *c) { return rfm_tech_on(c, RFM_TECH_edram); }

static void ports(const rfm_cfg_t *c, rfm_ports_t *pt, uint32_t *ix, rfm_place_t pl, unsigned i)
{
	if (pl == RFM_PL_WB)
		ix[IX_WBFP + i] = rfm_ports_add(pt, RFM_IN, 1, "eDRAM: written by a floating-point instruction (row "
								"approximate; 0: precise)", "wb%u_fp_i", i);
	else if (pl == RFM_PL_ISSUE)
		ix[IX_ISSFP + i] = rfm_ports_add(pt, RFM_IN, 1, "eDRAM: a floating-point instruction (its source rows "
								 "become approximate)", "iss%u_fp_i", i);
	else if (pl == RFM_PL_STATUS) {
		ix[IX_REF] = rfm_ports_add(pt, RFM_OUT, c->rf_banks, "eDRAM: bit b: bank b refreshes a row this cycle",
					   "refresh_o");
		ix[IX_REFNC] = rfm_ports_add(pt, RFM_OUT, c->rf_banks, "eDRAM: bit b: that refresh restores the "
						"noncritical sub-row too", "refresh_nc_o");
	}
}

static unsigned counters(const rfm_cfg_t *c, const rfm_counter_t **list)
{
	(void)c;
	*list = counter_list;
	return CNT_N;
}

/* The overlays of mode x->mode, new (both NULL when off); the twin bound. */
static int overlays(rfm_top_t *t, ed_t *x)
{
	const rfm_cfg_t *c = t->m.cfg;
	rfm_edram_decay_destroy(x->dk);
	rfm_edram_decay_destroy(x->tw.dk);
	x->dk = x->tw.dk = NULL;
	x->tw.paper = x->mode == RFM_DECAY_PAPER;
	t->lossy_bits = 0;
	if (x->mode != RFM_DECAY_OFF) {
		x->dk = rfm_edram_decay_create(&x->g, x->mode, c->edram_table, c->edram_ber, c->edram_seed,
					       c->edram_read_restores == RFM_ON);
		x->tw.dk = rfm_edram_decay_create(&x->g, x->mode, c->edram_table, c->edram_ber, c->edram_seed,
						  c->edram_read_restores == RFM_ON);
		if (!x->dk || !x->tw.dk)
			return -1;
		/* only noncritical bits may be lost: critical ones are restored within T0 (docs/edram.md) */
		t->lossy_bits = (uint32_t)((1ull << rfm_edram_nc_bits(&x->g)) - 1u);
	}
	rfm_edram_twin_bind(&x->tw);
	return 0;
}

static int create(rfm_top_t *t, rfm_pinst_t *pi)
{
	const rfm_cfg_t *c = t->m.cfg;
	ed_t *x = calloc(1, sizeof(*x));
	size_t rows;
	if (!(pi->st = x))
		return -1;
	rfm_edram_geom_of(c, &x->g);
	rows = (size_t)c->rf_banks * c->d.bank_rows;
	x->wq = t->wq;
	x->mem = calloc(rows * x->wq, sizeof(uint32_t));
	x->rd = calloc((size_t)c->rf_banks * x->wq, sizeof(uint32_t));
	x->flag = malloc(rows);
	x->cflag = malloc(rows);
	x->tw.flag = malloc(rows);
	x->last_c = calloc(rows, sizeof(uint64_t));
	x->eligible = calloc(rows, sizeof(uint64_t));
	x->tw.g = x->g;
	x->mode = (int)c->edram_decay;
	if (!x->mem || !x->rd || !x->flag || !x->cflag || !x->tw.flag || !x->last_c || !x->eligible)
		return -1;
	if (!c->edram_max_defer)
		rfm_part_cov_na(t, pi, COV_REF_DEFERRED);
	if (!t->n_borrow) /* no part borrows a bank's ports */
		rfm_part_cov_na(t, pi, COV_LENT_WRITE);
	return 0;
}

static void destroy(rfm_pinst_t *pi)
{
	ed_t *x = pi->st;
	if (!x)
		return;
	rfm_edram_twin_bind(NULL);
	rfm_edram_decay_destroy(x->dk);
	rfm_edram_decay_destroy(x->tw.dk);
	free(x->mem);
	free(x->rd);
	free(x->flag);
	free(x->cflag);
	free(x->tw.flag);
	free(x->last_c);
	free(x->eligible);
	free(x);
}

/* Reset: every flag precise, controllers at their staggered start, the overlays new. The arrays
 * and the read data are not reset (like the RTL's). */
static void reset(rfm_top_t *t, rfm_pinst_t *pi)
{
	ed_t *x = pi->st;
	size_t rows = (size_t)x->g.banks * x->g.rows;
	unsigned b;
	memset(x->flag, 1, rows);
	memset(x->cflag, 1, rows);
	memset(x->tw.flag, 1, rows);
	memset(x->last_c, 0, rows * sizeof(uint64_t));
	memset(x->eligible, 0, rows * sizeof(uint64_t));
	x->napprox = 0;
	for (b = 0; b < x->g.banks; b++)
		rfm_edram_rctl_reset(&x->g, b, &x->rc[b]);
	x->now = 0;
	x->started = 0;
	x->tw.now = 0;
	x->prev_refs = x->refs = 0;
	x->err_cnt = x->err_row = x->err_lost = 0;
	if (overlays(t, x)) /* out of memory: decay off */
		x->mode = RFM_DECAY_OFF;
}

static int option(rfm_top_t *t, rfm_pinst_t *pi, const char *name, const char *value, FILE *err)
{
	ed_t *x = pi->st;
	unsigned i;
	if (strcmp(name, "decay"))
		return 1;
	for (i = 0; rfm_enum_edecay[i]; i++)
		if (!strcmp(value, rfm_enum_edecay[i])) {
			x->mode = (int)i;
			return overlays(t, x) ? -1 : 0;
		}
	fprintf(err, "rf_top: option decay = '%s' (legal: off, paper, retention)\n", value);
	return -1;
}

/* A row's flag for the overlay's draws; planted fault EDRAM_DECAY_HITS_PRECISE: every row approximate. */
static int flag_of(void *ctx, unsigned bank, unsigned row)
{
	const ed_t *x = ctx;
	return x->flag[bank * x->g.rows + row] && x->mutate != RFM_FAULT_EDRAM_DECAY_HITS_PRECISE;
}

/* Step 7b: the cycle's decay, the refresh controllers against this cycle's accesses, forced holds. */
static void hold(rfm_top_t *t, rfm_pinst_t *pi)
{
	ed_t *x = pi->st;
	const rfm_cfg_t *c = t->m.cfg;
	unsigned p, q, b;
	if (x->started) { /* cycle now begins */
		x->started = 0;
		x->mutate = t->m.mutate;
		x->now++;
		if (x->dk)
			rfm_edram_decay_tick(x->dk, x->now, flag_of, x);
		rfm_edram_twin_begin(&x->tw, x->now);
	}
	x->busy = 0;
	for (p = 0; p < c->rf_write_ports; p++)
		if (t->wb[p].valid && !t->wb[p].err && !t->wb[p].drop)
			x->busy |= 1ull << t->wb[p].bank;
	for (q = 0; q < c->d.nq; q++)
		if ((t->cout.req >> q) & 1u)
			x->busy |= 1ull << t->coll->bank_q[q];
	x->refs = 0;
	for (b = 0; b < c->rf_banks; b++) {
		rfm_edram_rout_t *o = &x->ro[b];
		rfm_edram_rctl_comb(&x->g, &x->rc[b], (int)((x->busy >> b) & 1u), o);
		x->nc[b] = (uint8_t)(o->issue && rfm_edram_swl_nc(1, 1, x->flag[b * x->g.rows + o->row], o->cnt_zero));
		x->refs |= (uint64_t)o->issue << b;
	}
	if (t->m.mutate != RFM_FAULT_EDRAM_REFRESH_NO_HOLD)
		t->hold_force |= x->refs;
}

/* Accesses a refresh stalls this cycle: read requests kept from the arbiter by the bank holds (the
 * refreshes' forced holds, and those of any other part), write-backs refused by a refresh. */
static unsigned stalls(const rfm_top_t *t, uint64_t refs)
{
	const rfm_cfg_t *c = t->m.cfg;
	unsigned p, n = t->be.nhold;
	for (p = 0; p < c->rf_write_ports; p++)
		n += t->wb[p].valid && !t->wb[p].err && !t->wb[p].drop && ((refs >> t->wb[p].bank) & 1u);
	return n;
}

static unsigned flag_updates(const rfm_top_t *t, const rfm_pinst_t *pi)
{
	const rfm_cfg_t *c = t->m.cfg;
	unsigned k, s, p, n = 0;
	for (k = 0; k < c->sm_schedulers; k++)
		if (t->acc_now[k] && rfm_get(&t->m, pi->ix[IX_ISSFP + k]))
			for (s = 0; s < c->sm_operands; s++)
				n += t->src[k][s].valid && !t->src[k][s].err && !t->src[k][s].drop;
	for (p = 0; p < c->rf_write_ports; p++)
		n += t->be.wdone[p];
	return n + rfm_popcount64(t->lend_wr);
}

static void side(rfm_top_t *t, rfm_pinst_t *pi)
{
	ed_t *x = pi->st;
	const rfm_cfg_t *c = t->m.cfg;
	uint64_t ncs = 0;
	unsigned b, p, nnc = 0;
	for (b = 0; b < c->rf_banks; b++) {
		const rfm_edram_rout_t *o = &x->ro[b];
		if (!o->issue)
			continue;
		ncs |= (uint64_t)x->nc[b] << b;
		nnc += x->nc[b];
		rfm_part_cov(t, pi, o->forced ? COV_REF_FORCED : COV_REF_IDLE);
		if (x->flag[b * x->g.rows + o->row])
			rfm_part_cov(t, pi, COV_NC_PRECISE);
		else
			rfm_part_cov(t, pi, o->cnt_zero ? COV_NC_CNT_ZERO : COV_NC_SKIPPED);
		if (o->row == x->g.rows - 1 && x->rc[b].cnt == (1u << x->g.m) - 1u)
			rfm_part_cov(t, pi, COV_CNT_WRAP);
	}
	for (b = 0; b < c->rf_banks; b++)
		if (x->rc[b].pending && !x->ro[b].issue)
			rfm_part_cov(t, pi, COV_REF_DEFERRED);
	rfm_set(&t->m, pi->ix[IX_REF], x->refs);
	rfm_set(&t->m, pi->ix[IX_REFNC], ncs);
	t->cnt_d[pi->cnt0 + CNT_REFRESH] = rfm_popcount64(x->refs);
	t->cnt_d[pi->cnt0 + CNT_REFRESH_NC] = nnc;
	t->cnt_d[pi->cnt0 + CNT_APPROX] = x->napprox;
	t->cnt_d[pi->cnt0 + CNT_FLAGS] = flag_updates(t, pi);
	t->cnt_d[pi->cnt0 + CNT_STALLS] = stalls(t, x->refs);
	for (p = 0; p < c->rf_write_ports; p++)
		if (t->be.wrefused[p] && ((x->refs >> t->wb[p].bank) & 1u))
			rfm_part_cov(t, pi, COV_WB_REFUSED);
	if (t->be.nhold)
		rfm_part_cov(t, pi, COV_READ_KEPT);
}

static void set_flag(ed_t *x, unsigned b, unsigned r, uint8_t v)
{
	uint8_t *f = &x->flag[b * x->g.rows + r];
	if (!v) /* approximate: every lane may now lose noncritical bits until it is written */
		x->eligible[b * x->g.rows + r] = ~0ull;
	x->napprox += (*f && !v) - (!*f && v);
	*f = v;
}

/* The edge: flags (marks, then the write-backs' flags), refreshes in the overlay, controllers. */
static void tick(rfm_top_t *t, rfm_pinst_t *pi)
{
	ed_t *x = pi->st;
	const rfm_cfg_t *c = t->m.cfg;
	unsigned k, s, p, b, nm = 0, i;
	unsigned marked[RFM_MAXS * RFM_MAXOP];
	for (k = 0; k < c->sm_schedulers; k++) {
		if (!t->acc_now[k] || !rfm_get(&t->m, pi->ix[IX_ISSFP + k]) || t->m.mutate == RFM_FAULT_EDRAM_MARK_IGNORED)
			continue;
		for (s = 0; s < c->sm_operands; s++) {
			const rfm_acc_t *a = &t->src[k][s];
			if (a->valid && !a->err && !a->drop) {
				set_flag(x, a->bank, a->row, 0);
				marked[nm++] = a->bank * x->g.rows + a->row;
				rfm_part_cov(t, pi, COV_MARK);
			}
		}
	}
	for (p = 0; p < c->rf_write_ports; p++) {
		const rfm_acc_t *a = &t->wb[p];
		uint8_t fp = (uint8_t)rfm_get(&t->m, pi->ix[IX_WBFP + p]);
		if (!t->be.wdone[p])
			continue;
		for (i = 0; i < nm; i++)
			if (marked[i] == a->bank * x->g.rows + a->row)
				rfm_part_cov(t, pi, COV_MARK_AND_WB);
		set_flag(x, a->bank, a->row, !fp);
		rfm_part_cov(t, pi, fp ? COV_WB_APPROX : COV_WB_PRECISE);
	}
	for (b = 0; b < c->rf_banks; b++) /* a register another part writes into a bank it holds (FineReg's */
		if ((t->lend_wr >> b) & 1u) {  /* engine): precise, as a write-back of a non-FP instruction */
			set_flag(x, b, t->lend_wrow[b], t->m.mutate == RFM_FAULT_EDRAM_LENT_WRITE_KEEPS_FLAG
							    ? x->flag[b * x->g.rows + t->lend_wrow[b]] : 1);
			rfm_part_cov(t, pi, COV_LENT_WRITE);
		}
	for (b = 0; b < c->rf_banks; b++) {
		const rfm_edram_rout_t *o = &x->ro[b];
		if (!o->issue || (t->m.mutate == RFM_FAULT_EDRAM_REFRESH_SKIPS_LAST_ROW && o->row == x->g.rows - 1))
			continue; /* the planted fault: the controller moves on, the last row is not restored */
		if (x->dk)
			rfm_edram_decay_refresh(x->dk, x->now, b, o->row, x->nc[b]);
		{
			uint64_t *l = &x->last_c[b * x->g.rows + o->row];
			if (x->now - *l > x->g.t0 && !x->err_row) {
				x->err_row = 1;
				x->err_bank = b;
				x->err_r = o->row;
				x->err_age = x->now - *l;
			}
			*l = x->now;
		}
	}
	for (b = 0; b < c->rf_banks; b++) {
		unsigned cnt0 = x->rc[b].cnt, wrap = x->ro[b].issue && x->ro[b].row == x->g.rows - 1;
		rfm_edram_rctl_clock(&x->g, &x->rc[b], &x->ro[b]);
		if (x->rc[b].cnt != (wrap ? (cnt0 + 1u) & ((1u << x->g.m) - 1u) : cnt0))
			x->err_cnt = 1;
	}
	x->prev_refs = x->refs;
	x->started = 1;
}

/* STORAGE: bank b's edge: the read (old data, the decay mask of this cycle), then the write. */
static void st_clock(rfm_top_t *t, rfm_pinst_t *pi, unsigned b, const rfm_bank_edge_t *e)
{
	ed_t *x = pi->st;
	const rfm_cfg_t *c = t->m.cfg;
	unsigned l, lb = c->rf_lane_bits;
	if (e->ren[0]) {
		uint32_t *rd = x->rd + (size_t)b * x->wq;
		memcpy(rd, x->mem + ((size_t)b * x->g.rows + e->raddr[0]) * x->wq, x->wq * 4u);
		if (x->dk) {
			uint64_t elig = x->eligible[(size_t)b * x->g.rows + e->raddr[0]];
			for (l = 0; l < c->rf_lanes; l++) {
				uint32_t m = rfm_edram_decay_mask(x->dk, x->now, b, e->raddr[0], l);
				if (!m)
					continue;
				rfm_bits_set(rd, l * lb, lb, rfm_bits_get(rd, l * lb, lb) & ~(uint64_t)m);
				/* invariants 1 and 3: only noncritical bits of lanes approximate since their write */
				if (!x->err_lost && ((m >> rfm_edram_nc_bits(&x->g)) || !((elig >> l) & 1u))) {
					x->err_lost = 1;
					x->err_bank2 = b;
					x->err_r2 = e->raddr[0];
					x->err_lane = l;
					x->err_mask = m;
				}
			}
			rfm_edram_decay_read(x->dk, x->now, b, e->raddr[0]);
		}
	}
	if (e->wen[0]) {
		uint32_t *row = x->mem + ((size_t)b * x->g.rows + e->waddr[0]) * x->wq;
		for (l = 0; l < c->rf_lanes; l++)
			if ((e->wmask[0] >> l) & 1u)
				rfm_bits_copy(row, l * lb, e->wdata[0], l * lb, lb);
		if (x->dk)
			rfm_edram_decay_write(x->dk, x->now, b, e->waddr[0], e->wmask[0]);
		if (x->flag[(size_t)b * x->g.rows + e->waddr[0]]) /* written precise (the flags moved first) */
			x->eligible[(size_t)b * x->g.rows + e->waddr[0]] &= ~e->wmask[0];
	}
}

static const uint32_t *st_rdata(rfm_top_t *t, rfm_pinst_t *pi, unsigned b, unsigned p)
{
	const ed_t *x = pi->st;
	(void)t;
	(void)p;
	return x->rd + (size_t)b * x->wq;
}

/* Stimulus: the instruction classes. A write-back or an issue draws a Fermi opcode; the FP group
 * (rfm_edram_fp_opcode) sets its fp bit: the classification stays in the stimulus, as in the paper's
 * pipeline. Phases of 2048 cycles: mostly FP, mostly integer, mixed. */
static const char *const opcodes[] = {"FFMA", "FADD", "FMUL", "FMNMX", "FSETP", "MUFU.RSQ", "DFMA", "DADD",
				      "FADD32I", "FFMA32I", "IADD", "IMAD", "LOP.AND", "SHL", "ISETP", "MOV",
				      "I2F", "F2I", "LD.E", "S2R"};
enum { NOPS = sizeof(opcodes) / sizeof(opcodes[0]), NFP = 10 };

static int draw_fp(rfm_rng_t *r, uint64_t phase)
{
	unsigned i;
	switch (phase % 3) {
	case 0: i = rfm_rng_chance(r, 7, 8) ? (unsigned)rfm_rng_below(r, NFP) : NFP + (unsigned)rfm_rng_below(r, NOPS - NFP); break;
	case 1: i = rfm_rng_chance(r, 1, 8) ? (unsigned)rfm_rng_below(r, NFP) : NFP + (unsigned)rfm_rng_below(r, NOPS - NFP); break;
	default: i = (unsigned)rfm_rng_below(r, NOPS); break;
	}
	return rfm_edram_fp_opcode(opcodes[i]);
}

static void stim_pre(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r, uint64_t cycle)
{
	unsigned p;
	for (p = 0; p < t->m.cfg->rf_write_ports; p++)
		rfm_set(&t->m, pi->ix[IX_WBFP + p], (uint32_t)draw_fp(r, cycle / 2048));
}

static void stim_issue(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r, unsigned k)
{
	rfm_set(&t->m, pi->ix[IX_ISSFP + k], (uint32_t)draw_fp(r, rfm_rng_below(r, 3)));
}

/* Bookkeeping after the golden write-backs: the checker's flags by the retire rules. */
static void book_post(rfm_top_t *t, rfm_pinst_t *pi)
{
	ed_t *x = pi->st;
	const rfm_cfg_t *c = t->m.cfg;
	unsigned k, s, p, b;
	for (k = 0; k < c->sm_schedulers; k++) {
		int src[RFM_MAXOP];
		if (!t->acc_now[k] || !rfm_get(&t->m, pi->ix[IX_ISSFP + k]))
			continue;
		for (s = 0; s < c->sm_operands; s++) {
			const rfm_acc_t *a = &t->src[k][s];
			src[s] = a->valid && !a->err && !a->drop ? (int)(a->bank * x->g.rows + a->row) : -1;
		}
		rfm_edram_retire(x->cflag, 1, src, c->sm_operands, NULL, 0);
	}
	for (p = 0; p < c->rf_write_ports; p++) {
		int dst = (int)(t->wb[p].bank * x->g.rows + t->wb[p].row);
		if (t->be.wdone[p])
			rfm_edram_retire(x->cflag, (int)rfm_get(&t->m, pi->ix[IX_WBFP + p]), NULL, 0, &dst, 1);
	}
	for (b = 0; b < c->rf_banks; b++) { /* a lent write: precise */
		int dst = (int)(b * x->g.rows + t->lend_wrow[b]);
		if ((t->lend_wr >> b) & 1u)
			rfm_edram_retire(x->cflag, 0, NULL, 0, &dst, 1);
	}
}

/* The invariants of docs/edram.md, "Checks", then this cycle's recount. */
static int verdict(rfm_top_t *t, rfm_pinst_t *pi, uint64_t cycle, FILE *err)
{
	ed_t *x = pi->st;
	const rfm_cfg_t *c = t->m.cfg;
	uint64_t refs = rfm_get(&t->m, pi->ix[IX_REF]), ncs = rfm_get(&t->m, pi->ix[IX_REFNC]);
	unsigned b, p, r;
	int bad = 0;
	if (x->err_row) {
		fprintf(err, "cycle %llu: rf_top edram: row %u of bank %u went %llu cycles without a refresh, more "
			     "than T0 = %u\n", (unsigned long long)cycle, x->err_r, x->err_bank,
			(unsigned long long)x->err_age, x->g.t0);
		bad = 1;
		x->err_row = 0;
	}
	if (x->err_lost) {
		fprintf(err, "cycle %llu: rf_top edram: bank %u row %u lane %u read with bits 0x%x lost, %s\n",
			(unsigned long long)cycle, x->err_bank2, x->err_r2, x->err_lane, x->err_mask,
			(x->err_mask >> rfm_edram_nc_bits(&x->g)) ? "critical bits among them (invariant 1)"
								 : "a lane precise since its last write (invariant 3)");
		bad = 1;
		x->err_lost = 0;
	}
	if (x->err_cnt) {
		fprintf(err, "cycle %llu: rf_top edram: a refresh counter moved off its sweep's wrap\n",
			(unsigned long long)cycle);
		bad = 1;
		x->err_cnt = 0;
	}
	if ((refs & x->prev_refs) && !c->edram_max_defer) { /* with deferral, an interval may shrink to 1 */
		fprintf(err, "cycle %llu: rf_top edram: banks 0x%llx refresh two cycles in a row\n",
			(unsigned long long)cycle, (unsigned long long)(refs & x->prev_refs));
		bad = 1;
	}
	for (b = 0; b < c->rf_banks; b++) {
		const rfm_edram_rout_t *o = &x->ro[b];
		int want_nc;
		if (!((refs >> b) & 1u))
			continue;
		want_nc = x->cflag[b * x->g.rows + o->row] || x->rc[b].cnt == 0;
		if ((int)((ncs >> b) & 1u) != want_nc) {
			fprintf(err, "cycle %llu: rf_top edram: bank %u row %u: refresh_nc_o = %u, the row is %s and the "
				     "counter %s\n", (unsigned long long)cycle, b, o->row, (unsigned)((ncs >> b) & 1u),
				x->cflag[b * x->g.rows + o->row] ? "precise" : "approximate",
				x->rc[b].cnt ? "not 0" : "0");
			bad = 1;
		}
	}
	for (p = 0; p < c->rf_write_ports; p++)
		if (t->be.wdone[p] && ((refs >> t->wb[p].bank) & 1u)) {
			fprintf(err, "cycle %llu: rf_top edram: write-back %u is written into bank %u while it "
				     "refreshes\n", (unsigned long long)cycle, p, t->wb[p].bank);
			bad = 1;
		}
	if (cycle % 64 == 0) {
		for (r = 0; r < x->g.banks * x->g.rows; r++)
			if (x->flag[r] != x->cflag[r]) {
				fprintf(err, "cycle %llu: rf_top edram: bank %u row %u is %s; the retire rules make it %s\n",
					(unsigned long long)cycle, r / x->g.rows, r % x->g.rows,
					x->flag[r] ? "precise" : "approximate", x->cflag[r] ? "precise" : "approximate");
				bad = 1;
				break;
			}
		for (r = 0; r < x->g.banks * x->g.rows && x->now > x->g.t0; r++)
			if (x->now - x->last_c[r] > x->g.t0) {
				fprintf(err, "cycle %llu: rf_top edram: row %u of bank %u not refreshed for %llu cycles, "
					     "more than T0 = %u\n", (unsigned long long)cycle, r % x->g.rows, r / x->g.rows,
					(unsigned long long)(x->now - x->last_c[r]), x->g.t0);
				bad = 1;
				break;
			}
	}
	t->shadow[pi->cnt0 + CNT_REFRESH] += rfm_popcount64(refs);
	t->shadow[pi->cnt0 + CNT_REFRESH_NC] += rfm_popcount64(ncs);
	t->shadow[pi->cnt0 + CNT_APPROX] += x->napprox;
	t->shadow[pi->cnt0 + CNT_FLAGS] += flag_updates(t, pi);
	t->shadow[pi->cnt0 + CNT_STALLS] += stalls(t, refs);
	return bad;
}

const rfm_part_t rfm_part_edram = {
	.name = "edram", .slots = RFM_PART_STORAGE | RFM_PART_SIDE, .enabled = enabled, .ports = ports,
	.counters = counters, .recount = 1, .cov = cov_names, .ncov = COV_N, .create = create, .destroy = destroy,
	.reset = reset, .option = option, .hold = hold, .side = side, .tick = tick, .st_clock = st_clock,
	.st_rdata = st_rdata, .stim_pre = stim_pre, .stim_issue = stim_issue, .verdict = verdict,
	.book_post = book_post,
};
