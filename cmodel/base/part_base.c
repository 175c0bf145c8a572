/* part_base.c - the baseline parts of rf_top (cmodel/rfm_part.h): ADMIT (launch_warps_i,
 * launch_regs_i), the base LOCATE (rf_map with the running kernel) and the baseline BACKEND
 * (rf_bank_arbiter, the rf_bank array, the crossbar rule of rf_xbar). Each is the default of its
 * slot; a technique's part replaces it.
 *
 * Planted faults (m->mutate, cmodel/base/faults.def, make mutation): ARB_WRITES_BLOCK_NOTHING in
 * the arbiter (cmodel/base/arbiter.c); XBAR_SLOT0_NEIGHBOUR, the crossbar gives slot 0 the
 * neighbouring source (here); SRAM_LANE_MASK_IGNORED in the storage (cmodel/base/sram.c);
 * HOLD_READS_PASS, a granted bank hold does not keep reads from the arbiter (here, and in the
 * coalescing back end), and HOLD_IGNORES_WRITES (rfm_top_hold_grant, cmodel/rfm_part.h).
 */
#include <stdlib.h>

#include "rfm_fault_ids.h"
#include "rfm_part.h"

/* ---- ADMIT ------------------------------------------------------------------------------- */

static int always(const rfm_cfg_t *c)
{
	(void)c;
	return 1;
}

static void admit_ports(const rfm_cfg_t *c, rfm_ports_t *pt, uint32_t *ix, rfm_place_t pl, unsigned i)
{
	(void)i;
	if (pl != RFM_PL_LAUNCH)
		return;
	ix[0] = rfm_ports_add(pt, RFM_IN, c->d.nwarps_w, "its resident warps", "launch_warps_i");
	ix[1] = rfm_ports_add(pt, RFM_IN, c->d.nregs_w, "its registers per thread", "launch_regs_i");
}

static void admit_launch(rfm_top_t *t, rfm_pinst_t *pi, rfm_launch_t *ln)
{
	ln->warps = (unsigned)rfm_get(&t->m, pi->ix[0]);
	ln->regs = (unsigned)rfm_get(&t->m, pi->ix[1]);
}

/* A kernel that fits (the refused ones come from the LOCATE's stim_refuse). */
static void admit_stim_launch(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r)
{
	unsigned w, g;
	(void)pi;
	rfm_random_kernel(t->m.cfg, r, &w, &g);
	rfm_top_launch_set(t, w, g);
}

/* ---- launch refusals every LOCATE shares ---------------------------------------------------- */

int rfm_refuse_shape(const rfm_cfg_t *c, unsigned warps, unsigned regs)
{
	if (!warps)
		return RFM_REFUSE_NO_WARPS;
	if (warps > c->sm_warps)
		return RFM_REFUSE_WARPS_OVER;
	if (!regs)
		return RFM_REFUSE_NO_REGS;
	if (regs > c->sm_regs_per_thread)
		return RFM_REFUSE_REGS_OVER;
	return -1;
}

int rfm_refuse_shape_na(const rfm_cfg_t *c, unsigned reason)
{
	if (reason == RFM_REFUSE_WARPS_OVER)
		return c->sm_warps + 1ull > rfm_mask64(c->d.nwarps_w);
	if (reason == RFM_REFUSE_REGS_OVER)
		return c->sm_regs_per_thread + 1ull > rfm_mask64(c->d.nregs_w);
	return 0;
}

int rfm_part_refused(rfm_top_t *t, const rfm_pinst_t *pi, int why)
{
	if (why >= 0)
		rfm_part_cov(t, pi, pi->d->refuse0 + (unsigned)why);
	return why < 0;
}

const rfm_part_t rfm_part_base_admit = {
	.name = "base_admit", .slots = RFM_PART_ADMIT, .is_default = 1, .enabled = always,
	.ports = admit_ports, .launch = admit_launch, .stim_launch = admit_stim_launch,
};

/* ---- LOCATE: rf_map ------------------------------------------------------------------------ */

/* rf_map of the running kernel, worked out once per launch for all accesses (rfm_map_fn's
 * arithmetic; with a power-of-two bank count, shifts and masks and no call per access). */
typedef struct map_k {
	unsigned kw, kr;       /* the kernel it was worked out for */
	unsigned sh, mk, wid;  /* log2 and mask of the banks; layout wid */
	unsigned stride, rm;   /* wshift: rows per warp; row mask */
	int pow2;              /* banks is a power of two */
} map_k_t;

/* Refusal reasons: the shape, then the file (docs/semantics.md, "Kernel launch"). */
enum { MAP_FILE_FULL = RFM_REFUSE_SHAPE_N, MAP_REFUSE_N };
static const char *const map_cov[MAP_REFUSE_N] = {RFM_REFUSE_SHAPE_NAMES, "launch_refused_file_full"};

static int map_why(const rfm_cfg_t *c, unsigned w, unsigned g)
{
	int why = rfm_refuse_shape(c, w, g);
	return why >= 0 ? why : rfm_launch_fits(c, w, g) ? -1 : MAP_FILE_FULL;
}

static int map_fits(rfm_top_t *t, rfm_pinst_t *pi, const rfm_launch_t *ln)
{
	return rfm_part_refused(t, pi, map_why(t->m.cfg, ln->warps, ln->regs));
}

/* The largest kernel is the only candidate for a full file. */
static int map_create(rfm_top_t *t, rfm_pinst_t *pi)
{
	const rfm_cfg_t *c = t->m.cfg;
	unsigned i;
	for (i = 0; i < RFM_REFUSE_SHAPE_N; i++)
		if (rfm_refuse_shape_na(c, i))
			rfm_part_cov_na(t, pi, i);
	if (rfm_launch_fits(c, c->sm_warps, c->sm_regs_per_thread))
		rfm_part_cov_na(t, pi, MAP_FILE_FULL);
	if (!(pi->st = calloc(1, sizeof(map_k_t))))
		return -1;
	((map_k_t *)pi->st)->kw = ~0u; /* worked out at the first access */
	return 0;
}

/* A launch that breaks reason alone: shape values at the edges of the ports, or the largest kernel. */
static int map_stim_refuse(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r, unsigned reason)
{
	const rfm_cfg_t *c = t->m.cfg;
	unsigned w = 1, g = 1;
	(void)pi, (void)r;
	switch (reason) {
	case RFM_REFUSE_NO_WARPS: w = 0; break;
	case RFM_REFUSE_WARPS_OVER: w = c->sm_warps + 1; break;
	case RFM_REFUSE_NO_REGS: g = 0; break;
	case RFM_REFUSE_REGS_OVER: g = c->sm_regs_per_thread + 1; break;
	default: w = c->sm_warps, g = c->sm_regs_per_thread; break;
	}
	if ((reason < RFM_REFUSE_SHAPE_N && rfm_refuse_shape_na(c, reason)) || map_why(c, w, g) != (int)reason)
		return -1;
	rfm_top_launch_set(t, w, g);
	return 0;
}

static int map_where(rfm_top_t *t, rfm_pinst_t *pi, unsigned w, unsigned g, unsigned *bank, unsigned *row)
{
	(void)pi;
	return rfm_map_fn(t->m.cfg, t->kwarps_q, t->kregs_q, w, g, bank, row);
}

/* The part's state: the running kernel's map (rfm_top_t's kernel registers are the truth). */
static const map_k_t *map_k(const rfm_top_t *t, rfm_pinst_t *pi)
{
	const rfm_cfg_t *c = t->m.cfg;
	map_k_t *k = pi->st;
	unsigned nb = c->rf_banks;
	if (k->kw == t->kwarps_q && k->kr == t->kregs_q)
		return k;
	k->kw = t->kwarps_q;
	k->kr = t->kregs_q;
	k->pow2 = !(nb & (nb - 1));
	k->sh = (unsigned)__builtin_ctz(nb);
	k->mk = nb - 1;
	k->wid = c->mapping_layout == RFM_LAYOUT_WID;
	k->stride = (k->kr + k->mk) >> k->sh;
	k->rm = (unsigned)rfm_mask64(c->d.entry_w);
	return k;
}

static void map_place(rfm_top_t *t, const map_k_t *k, rfm_acc_t *a)
{
	unsigned w = a->warp, g = a->reg;
	if (!k->pow2) {
		a->err = rfm_map_fn(t->m.cfg, k->kw, k->kr, w, g, &a->bank, &a->row) != 0;
		return;
	}
	a->err = w >= k->kw || g >= k->kr;
	a->bank = a->err ? 0 : k->wid ? w & k->mk : (g + w) & k->mk;
	a->row = a->err ? 0 : (k->wid ? (w >> k->sh) * k->kr + g : w * k->stride + (g >> k->sh)) & k->rm;
}

/* n accesses; with a power-of-two bank count the layout's arithmetic without a call per access */
static void map_all(rfm_top_t *t, const map_k_t *k, rfm_acc_t *a, unsigned n)
{
	unsigned i;
	if (!k->pow2 || k->wid) {
		for (i = 0; i < n; i++)
			map_place(t, k, &a[i]);
		return;
	}
	for (i = 0; i < n; i++) { /* rf_map's wshift layout */
		unsigned w = a[i].warp, g = a[i].reg, err = w >= k->kw || g >= k->kr;
		a[i].err = (uint8_t)err;
		a[i].bank = err ? 0 : (g + w) & k->mk;
		a[i].row = err ? 0 : (w * k->stride + (g >> k->sh)) & k->rm;
	}
}

static void map_wb(rfm_top_t *t, rfm_pinst_t *pi)
{
	map_all(t, map_k(t, pi), t->wb, t->m.cfg->rf_write_ports);
}

static void map_issue(rfm_top_t *t, rfm_pinst_t *pi)
{
	const rfm_cfg_t *c = t->m.cfg;
	const map_k_t *k = map_k(t, pi);
	unsigned i;
	for (i = 0; i < c->sm_schedulers; i++)
		map_all(t, k, t->src[i], c->sm_operands);
}

static void map_destroy(rfm_pinst_t *pi) { free(pi->st); }

const rfm_part_t rfm_part_base_map = {
	.name = "base_map", .slots = RFM_PART_LOCATE, .is_default = 1, .enabled = always,
	.cov = map_cov, .ncov = MAP_REFUSE_N, .refuse0 = 0, .nrefuse = MAP_REFUSE_N, .create = map_create,
	.destroy = map_destroy,
	.fits = map_fits, .locate_wb = map_wb, .locate_issue = map_issue, .where = map_where,
	.stim_refuse = map_stim_refuse,
};

/* ---- BACKEND: banks, arbiter, crossbar ----------------------------------------------------- */

/* ---- STORAGE: SRAM banks (rf_bank of rf_sram sub-banks) --------------------------------------- */

typedef struct sram {
	rfm_bank_t **bank; /* rf_bank per bank */
	unsigned nb;       /* banks created */
} sram_t;

static int sram_create(rfm_top_t *t, rfm_pinst_t *pi)
{
	const rfm_cfg_t *c = t->m.cfg;
	sram_t *s = calloc(1, sizeof(*s));
	unsigned i;
	if (!(pi->st = s) || !(s->bank = calloc(c->rf_banks, sizeof(*s->bank))))
		return -1;
	for (i = 0; i < c->rf_banks; i++, s->nb = i) {
		if (!(s->bank[i] = (rfm_bank_t *)rfm_rf_bank_create(c)))
			return -1;
		rfm_bank_quiet(s->bank[i]); /* rf_top reports its own events, not its banks' */
	}
	return 0;
}

static void sram_destroy(rfm_pinst_t *pi)
{
	sram_t *s = pi->st;
	unsigned i;
	if (!s)
		return;
	for (i = 0; s->bank && i < s->nb; i++)
		rfm_model_destroy(s->bank[i] ? &s->bank[i]->m : NULL);
	free(s->bank);
	free(s);
}

static void sram_reset(rfm_top_t *t, rfm_pinst_t *pi)
{
	sram_t *s = pi->st;
	unsigned i;
	for (i = 0; i < t->m.cfg->rf_banks; i++)
		s->bank[i]->m.ops->reset(&s->bank[i]->m);
}

static void sram_clock(rfm_top_t *t, rfm_pinst_t *pi, unsigned b, const rfm_bank_edge_t *e)
{
	rfm_bank_t *bk = ((sram_t *)pi->st)->bank[b];
	bk->m.mutate = t->m.mutate; /* RFM_FAULT_SRAM_LANE_MASK_IGNORED lives in the storage */
	rfm_bank_clock(bk, e);
	rfm_model_eval(&bk->m); /* registered read data: assemble the sub-bank outputs (when not in place) */
}

static const uint32_t *sram_rdata(rfm_top_t *t, rfm_pinst_t *pi, unsigned b, unsigned p)
{
	rfm_bank_t *bk = ((sram_t *)pi->st)->bank[b];
	(void)t;
	return rfm_wide(&bk->m, bk->ix.rdata[p]);
}

const rfm_part_t rfm_part_base_sram = {
	.name = "base_sram", .slots = RFM_PART_STORAGE, .is_default = 1, .enabled = always, .create = sram_create,
	.destroy = sram_destroy, .reset = sram_reset, .st_clock = sram_clock, .st_rdata = sram_rdata,
};

/* ---- BACKEND: arbiter, banks (the STORAGE part's), crossbar ------------------------------------ */

typedef struct banks {
	rfm_arb_t *arb;     /* rf_bank_arbiter */
	uint32_t *zero;     /* a zero warp register */
	rfm_arb_in_t ain;   /* arbiter inputs of this cycle */
	rfm_arb_out_t aout; /* its outputs */
	const uint32_t *rd[RFM_MAXB * RFM_MAXR]; /* read data of crossbar source bank * read_ports + port */
} banks_t;

/* With forced holds, write-backs have a ready output: 0 when a forced hold refuses the write-back
 * (docs/semantics.md, "Bank holds"). */
static void banks_ports(const rfm_cfg_t *c, rfm_ports_t *pt, uint32_t *ix, rfm_place_t pl, unsigned i)
{
	if (pl == RFM_PL_WB && c->d.bank_force)
		ix[i] = rfm_ports_add(pt, RFM_OUT, 1, "written (or no write); 0: refused by a forced bank hold, "
						      "hold it next cycle", "wb%u_ready_o", i);
}

static int banks_create(rfm_top_t *t, rfm_pinst_t *pi)
{
	const rfm_cfg_t *c = t->m.cfg;
	banks_t *b = calloc(1, sizeof(*b));
	unsigned i;
	if (!(pi->st = b))
		return -1;
	b->arb = (rfm_arb_t *)rfm_rf_bank_arbiter_create(c);
	b->zero = calloc(t->wq, sizeof(uint32_t));
	if (!b->arb || !b->zero)
		return -1;
	for (i = 0; i < c->rf_banks; i++) { /* the STORAGE part is created before the other parts */
		unsigned p;
		for (p = 0; p < c->rf_read_ports; p++)
			b->rd[i * c->rf_read_ports + p] = t->storage->d->st_rdata(t, t->storage, i, p);
	}
	return 0;
}

static void banks_destroy(rfm_pinst_t *pi)
{
	banks_t *b = pi->st;
	if (!b)
		return;
	rfm_model_destroy(b->arb ? &b->arb->m : NULL);
	free(b->zero);
	free(b);
}

static void banks_reset(rfm_top_t *t, rfm_pinst_t *pi)
{
	banks_t *b = pi->st;
	(void)t;
	b->arb->m.ops->reset(&b->arb->m);
}

static void banks_eval(rfm_top_t *t, rfm_pinst_t *pi)
{
	banks_t *b = pi->st;
	const rfm_cfg_t *c = t->m.cfg;
	const rfm_coll_t *u = t->coll;
	unsigned p, q;
	uint64_t held, r;
	for (p = 0; p < c->rf_write_ports; p++) {
		const rfm_acc_t *a = &t->wb[p];
		uint8_t ok = (uint8_t)(a->valid && !a->err && !a->drop), refused = (uint8_t)rfm_top_wb_forced(t, p);
		b->ain.wen[p] = ok && !refused;
		b->ain.wbank[p] = (uint8_t)a->bank;
		b->ain.wentry[p] = (uint16_t)a->row;
		t->be.wdone[p] = t->be.wtaken[p] = b->ain.wen[p];
		t->be.wrefused[p] = refused;
		if (c->d.bank_force)
			rfm_set(&t->m, pi->ix[p], !refused);
	}
	t->be.hold_gnt = rfm_top_hold_grant(t);
	b->ain.req = t->cout.req;
	held = 0;
	for (r = b->ain.req; r; r &= r - 1) { /* the arbiter reads the slots that ask */
		q = (unsigned)__builtin_ctzll(r);
		b->ain.bank[q] = (uint8_t)u->bank_q[q];
		b->ain.entry[q] = (uint16_t)u->entry_q[q];
		held |= (uint64_t)((t->be.hold_gnt >> u->bank_q[q]) & 1u) << q;
	}
	t->be.nhold = rfm_popcount64(held);
	if (t->m.mutate != RFM_FAULT_HOLD_READS_PASS) /* a granted hold keeps its bank's reads away */
		b->ain.req &= ~held;
	b->arb->m.mutate = t->m.mutate; /* RFM_FAULT_ARB_WRITES_BLOCK_NOTHING lives in the arbiter */
	rfm_arb_comb(b->arb, &b->ain, &b->aout);
	t->be.gnt = b->aout.gnt;
	t->be.nconf = b->aout.nconf;
	t->be.nwconf = b->aout.nwconf;
}

/* The crossbar (rf_xbar's rule): a slot with a read in flight takes source bank * read_ports +
 * port. Planted fault RFM_FAULT_XBAR_SLOT0_NEIGHBOUR: slot 0 takes the neighbouring source. */
static void banks_edge(rfm_top_t *t, rfm_pinst_t *pi, rfm_coll_edge_t *e)
{
	banks_t *b = pi->st;
	const rfm_cfg_t *c = t->m.cfg;
	const rfm_coll_t *u = t->coll;
	uint64_t r;
	e->gnt = b->aout.gnt;
	for (r = e->gnt; r; r &= r - 1) { /* the collector reads the ports of granted slots */
		unsigned q = (unsigned)__builtin_ctzll(r);
		e->port[q] = b->aout.port[q];
	}
	for (r = u->fly_m; r; r &= r - 1) { /* and the data of slots in flight */
		unsigned q = (unsigned)__builtin_ctzll(r);
		unsigned sel = (u->bank_q[q] * c->rf_read_ports + u->port_q[q]) ^
			       (t->m.mutate == RFM_FAULT_XBAR_SLOT0_NEIGHBOUR && q == 0);
		e->data[q] = sel < c->d.src_n ? b->rd[sel] : b->zero;
	}
}

/* Each bank's edge straight from the arbiter's outputs and the write-back ports (masked to the
 * bank's port widths), without going through the bank's port buffers. */
static void banks_tick(rfm_top_t *t, rfm_pinst_t *pi)
{
	banks_t *b = pi->st;
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	uint64_t am = rfm_mask64(c->d.entry_w), wbanks = 0;
	rfm_bank_edge_t e;
	unsigned i, p;
	rfm_arb_clock(b->arb);
	memset(&e, 0, sizeof(e));
	for (p = 0; p < c->rf_write_ports; p++) {
		e.waddr[p] = (unsigned)(b->ain.wentry[p] & am);
		e.wmask[p] = rfm_get(m, t->ix.wm[p]);
		e.wdata[p] = rfm_wide(m, t->ix.wd[p]);
	}
	for (p = 0; p < c->rf_write_ports; p++)
		if (b->ain.wen[p])
			wbanks |= 1ull << b->ain.wbank[p];
	wbanks |= t->lend_rd | t->lend_wr;
	for (i = 0; i < c->rf_banks; i++) {
		unsigned rd = 0;
		for (p = 0; p < c->rf_read_ports; p++) {
			e.ren[p] = (uint8_t)(b->aout.ren[i][p] & 1u);
			e.raddr[p] = (unsigned)(b->aout.raddr[i][p] & am);
			rd |= e.ren[p];
		}
		if (!rd && !((wbanks >> i) & 1u)) /* an idle bank: nothing changes at this edge */
			continue;
		for (p = 0; p < c->rf_write_ports; p++)
			e.wen[p] = (uint8_t)(b->ain.wen[p] && b->ain.wbank[p] == i);
		if ((t->lend_rd >> i) & 1u) { /* a lent bank: its holder's read on port 0 */
			e.ren[0] = 1;
			e.raddr[0] = t->lend_rrow[i] & (unsigned)am;
		}
		if ((t->lend_wr >> i) & 1u) { /* and its write on port 0, every lane */
			e.wen[0] = 1;
			e.waddr[0] = t->lend_wrow[i] & (unsigned)am;
			e.wmask[0] = rfm_mask64(c->rf_lanes);
			e.wdata[0] = t->lend_wdata + (size_t)i * t->wq;
		}
		t->storage->d->st_clock(t, t->storage, i, &e);
		if ((t->lend_wr >> i) & 1u) {
			e.waddr[0] = (unsigned)(b->ain.wentry[0] & am);
			e.wmask[0] = rfm_get(m, t->ix.wm[0]);
			e.wdata[0] = rfm_wide(m, t->ix.wd[0]);
		}
	}
}

static void banks_stim_data(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r, unsigned p)
{
	(void)pi;
	rfm_rng_fill(r, rfm_wide(&t->m, t->ix.wd[p]), t->m.cfg->d.wreg_bits);
}

const rfm_part_t rfm_part_base_banks = {
	.name = "base_banks", .slots = RFM_PART_BACKEND, .is_default = 1, .enabled = always, .ports = banks_ports,
	.uses_storage = 1, .lends = 1, .create = banks_create, .destroy = banks_destroy, .reset = banks_reset,
	.be_eval = banks_eval, .be_edge = banks_edge, .be_tick = banks_tick, .stim_wb_data = banks_stim_data,
};

/* The part table: every folder's parts.def, the baseline's (the defaults) first, then the other
 * folders in name order; table order is port, counter and coverage order. */
#define X(part) &part,
const rfm_part_t *const rfm_part_table[] = {
#include "rfm_parts_all.def"
};
#undef X
const unsigned rfm_part_table_n = sizeof(rfm_part_table) / sizeof(rfm_part_table[0]);
