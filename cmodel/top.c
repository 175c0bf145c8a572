/* top.c - model of rf_top: the skeleton that composes the parts (cmodel/rfm_part.h; docs/semantics.md,
 * "rf_top: skeleton and parts"). It owns the launch registers, the operand collectors, issue,
 * dispatch, the counters and the golden register checker; the parts place registers (LOCATE),
 * hold the banks (BACKEND) and add side units (SIDE), through hook lists built at create time.
 *
 * The skeleton's stimulus and golden checker are in top_golden.c.
 */
#include <stdlib.h>

#include "rfm_part.h"
#include "rfm_techniques.h"

const char *const rfm_cnt_names[RFM_CNT_N] = {"conflict", "wconflict", "stall", "read", "write", "dispatch"};
static const char *const cnt_help[RFM_CNT_N] = {
	"read requests denied by other reads", "read requests denied by a write-back",
	"cycles x issue ports offered but not ready", "bank reads granted", "write-backs performed",
	"instructions dispatched"};
static const char *const cov_names[RFM_TCOV_N] = {
	"three_operands_one_bank", "write_and_read_one_bank", "all_collectors_busy",
	"dispatch_from_three_banks", "bank_conflict", "write_blocks_read", "issue_stall", "launch_refused",
	"relaunch", "access_outside_kernel", "write_to_register_in_flight", "two_issues_one_cycle",
	"two_dispatches_one_cycle", "partial_lane_write", "one_register_two_writebacks"};

/* The active parts of cfg, in table order: for each exclusive slot the enabled provider that is
 * not a default, else the default; no STORAGE provider when the BACKEND uses none. Returns their
 * number, or -1 (two providers of one slot, or a technique on without parts: rfm_cfg_buildable). */
static int select_parts(const rfm_cfg_t *c, const rfm_part_t **sel)
{
	static const unsigned excl[] = {RFM_PART_ADMIT, RFM_PART_LOCATE, RFM_PART_BACKEND, RFM_PART_STORAGE};
	const rfm_part_t *pick[4] = {NULL, NULL, NULL, NULL};
	unsigned i, x, n = 0;
	if (rfm_cfg_buildable(c, NULL))
		return -1;
	for (x = 0; x < 4; x++)
		for (i = 0; i < rfm_part_table_n; i++) {
			const rfm_part_t *d = rfm_part_table[i];
			if (!(d->slots & excl[x]) || !d->enabled(c))
				continue;
			if (!pick[x] || (pick[x]->is_default && !d->is_default))
				pick[x] = d;
			else if (!d->is_default)
				return -1;
		}
	if (pick[2] && !pick[2]->uses_storage)
		pick[3] = NULL;
	for (i = 0; i < rfm_part_table_n; i++) {
		const rfm_part_t *d = rfm_part_table[i];
		int on = d->enabled(c);
		for (x = 0; x < 4; x++)
			if (d->slots & excl[x])
				on &= pick[x] == d;
		if (on && n < RFM_PART_MAX)
			sel[n++] = d;
	}
	return (int)n;
}

static void place(const rfm_cfg_t *c, rfm_ports_t *pt, rfm_top_ix_t *ix, const rfm_part_t **sel, int n,
		  rfm_place_t pl, unsigned i)
{
	int j;
	for (j = 0; j < n; j++)
		if (sel[j]->ports)
			sel[j]->ports(c, pt, ix->pix[j], pl, i);
}

static int ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	rfm_top_ix_t *ix = ixv;
	const rfm_part_t *sel[RFM_PART_MAX];
	int n = select_parts(c, sel), j;
	unsigned p, k, s, d, i, nc = 0, W = c->d.wreg_bits;
	if (n < 0)
		return -1;
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low", "rst_ni");
	rfm_ports_group(pt, "kernel launch");
	ix->lv = rfm_ports_add(pt, RFM_IN, 1, "a kernel is launched", "launch_valid_i");
	place(c, pt, ix, sel, n, RFM_PL_LAUNCH, 0);
	ix->lerr = rfm_ports_add(pt, RFM_OUT, 1, "the last launch was refused (does not fit)", "launch_err_o");
	for (p = 0; p < c->rf_write_ports; p++) {
		rfm_ports_group(pt, "write-back port %u", p);
		ix->wv[p] = rfm_ports_add(pt, RFM_IN, 1, "a result is written", "wb%u_valid_i", p);
		ix->ww[p] = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "warp slot", "wb%u_warp_i", p);
		ix->wr[p] = rfm_ports_add(pt, RFM_IN, c->d.reg_w, "architected register", "wb%u_reg_i", p);
		ix->wm[p] = rfm_ports_add(pt, RFM_IN, c->rf_lanes, "lanes written", "wb%u_mask_i", p);
		ix->wd[p] = rfm_ports_add(pt, RFM_IN, W, "value, lane l in bits [l*lane_bits +: lane_bits]", "wb%u_data_i", p);
		place(c, pt, ix, sel, n, RFM_PL_WB, p);
	}
	for (k = 0; k < c->sm_schedulers; k++) {
		rfm_ports_group(pt, "issue port %u", k);
		ix->iv[k] = rfm_ports_add(pt, RFM_IN, 1, "an instruction is offered", "iss%u_valid_i", k);
		ix->ir[k] = rfm_ports_add(pt, RFM_OUT, 1, "a collector takes it this cycle", "iss%u_ready_o", k);
		ix->it[k] = rfm_ports_add(pt, RFM_IN, c->sm_tag_bits, "tag carried to dispatch", "iss%u_tag_i", k);
		ix->iw[k] = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "warp slot", "iss%u_warp_i", k);
		place(c, pt, ix, sel, n, RFM_PL_ISSUE, k);
		for (s = 0; s < c->sm_operands; s++) {
			ix->isv[k][s] = rfm_ports_add(pt, RFM_IN, 1, "source operand used", "iss%u_src%u_valid_i", k, s);
			ix->isr[k][s] = rfm_ports_add(pt, RFM_IN, c->d.reg_w, "its register", "iss%u_src%u_reg_i", k, s);
			place(c, pt, ix, sel, n, RFM_PL_SRC, k * RFM_MAXOP + s);
		}
	}
	place(c, pt, ix, sel, n, RFM_PL_GROUPS, 0);
	for (d = 0; d < c->sm_schedulers; d++) {
		rfm_ports_group(pt, "dispatch port %u", d);
		ix->dv[d] = rfm_ports_add(pt, RFM_OUT, 1, "an instruction leaves with its operands", "dsp%u_valid_o", d);
		ix->dt[d] = rfm_ports_add(pt, RFM_OUT, c->sm_tag_bits, "its tag", "dsp%u_tag_o", d);
		ix->dw[d] = rfm_ports_add(pt, RFM_OUT, c->d.warp_w, "its warp", "dsp%u_warp_o", d);
		for (s = 0; s < c->sm_operands; s++)
			ix->dop[d][s] = rfm_ports_add(pt, RFM_OUT, W, "operand value (0 if not valid)", "dsp%u_op%u_o", d, s);
	}
	rfm_ports_group(pt, "status");
	ix->idle = rfm_ports_add(pt, RFM_OUT, 1, "no collector holds an instruction", "idle_o");
	ix->accerr = rfm_ports_add(pt, RFM_OUT, 1, "last cycle saw an access outside the kernel (dropped)", "acc_err_o");
	place(c, pt, ix, sel, n, RFM_PL_STATUS, 0);
	rfm_ports_group(pt, "event counters (wrap around)");
	for (i = 0; i < RFM_CNT_N; i++)
		ix->cnt[nc++] = rfm_ports_add(pt, RFM_OUT, c->stats_counter_bits, cnt_help[i], "cnt_%s_o", rfm_cnt_names[i]);
	for (j = 0; j < n; j++) {
		const rfm_counter_t *l;
		unsigned m = sel[j]->counters ? sel[j]->counters(c, &l) : 0;
		for (i = 0; i < m && nc < RFM_TOP_MAXCNT; i++)
			ix->cnt[nc++] = rfm_ports_add(pt, RFM_OUT, c->stats_counter_bits, l[i].help, "cnt_%s_o", l[i].name);
		if (i < m)
			return -1;
	}
	return 0;
}

int rfm_rf_top_ports(const rfm_cfg_t *c, rfm_ports_t *pt)
{
	rfm_top_ix_t *ix = calloc(1, sizeof(*ix));
	int r = ix ? ports(c, pt, ix) : -1;
	free(ix);
	return r;
}

static void top_reset(rfm_model_t *m)
{
	rfm_top_t *t = (rfm_top_t *)m;
	unsigned j;
	t->kwarps_q = t->kregs_q = t->lerr_q = t->acc_q = 0;
	memset(t->cnt_q, 0, sizeof(t->cnt_q));
	t->coll->m.ops->reset(&t->coll->m);
	for (j = 0; j < t->npart; j++)
		if (t->part[j].d->reset)
			t->part[j].d->reset(t, &t->part[j]);
}

/* Step 2: the ports into the access records (the LOCATE fills in the rest). These inputs are
 * at most 16 bits wide (sm.tag_bits <= 16): one word each, read in place at the offsets kept at
 * create time, with the loop bounds in locals (the byte stores below would otherwise make the
 * compiler reload them). */
static void read_records(rfm_top_t *t)
{
	const uint32_t *io = t->m.io;
	const rfm_top_off_t *o = &t->off;
	const unsigned nw = t->m.cfg->rf_write_ports, ns = t->m.cfg->sm_schedulers, no = t->m.cfg->sm_operands;
	const uint64_t amask = rfm_mask64(t->m.cfg->rf_lanes);
	unsigned p, k, s;
	for (p = 0; p < nw; p++) {
		rfm_acc_t *a = &t->wb[p];
		a->valid = (uint8_t)io[o->wv[p]];
		a->warp = io[o->ww[p]];
		a->reg = io[o->wr[p]];
		a->err = a->drop = a->attr = 0;
		a->bank = a->row = 0;
	}
	for (k = 0; k < ns; k++) {
		unsigned w = io[o->iw[k]];
		t->iv[k] = (uint8_t)io[o->iv[k]];
		t->hold[k] = t->refuse[k] = 0;
		t->cin.tag[k] = io[o->it[k]];
		t->cin.warp[k] = w;
		t->cin.amask[k] = amask;
		for (s = 0; s < no; s++) {
			rfm_acc_t *a = &t->src[k][s];
			a->valid = (uint8_t)io[o->isv[k][s]];
			a->warp = w;
			a->reg = io[o->isr[k][s]];
			a->err = a->drop = a->attr = 0;
			a->bank = a->row = 0;
		}
	}
}

/* The offsets read_records reads at. */
static void keep_offsets(rfm_top_t *t)
{
	const rfm_cfg_t *c = t->m.cfg;
	const rfm_slot_t *sl = t->m.slot;
	unsigned p, k, s;
	for (p = 0; p < c->rf_write_ports; p++) {
		t->off.wv[p] = sl[t->ix.wv[p]].off;
		t->off.ww[p] = sl[t->ix.ww[p]].off;
		t->off.wr[p] = sl[t->ix.wr[p]].off;
	}
	for (k = 0; k < c->sm_schedulers; k++) {
		t->off.iv[k] = sl[t->ix.iv[k]].off;
		t->off.it[k] = sl[t->ix.it[k]].off;
		t->off.iw[k] = sl[t->ix.iw[k]].off;
		for (s = 0; s < c->sm_operands; s++) {
			t->off.isv[k][s] = sl[t->ix.isv[k][s]].off;
			t->off.isr[k][s] = sl[t->ix.isr[k][s]].off;
		}
	}
}

static void top_eval(rfm_model_t *m)
{
	rfm_top_t *t = (rfm_top_t *)m;
	const rfm_cfg_t *c = m->cfg;
	rfm_coll_t *u = t->coll;
	unsigned p, k, s, d, n, acc = 0, i;
	t->ln.valid = (uint8_t)rfm_get(m, t->ix.lv);
	t->admit->d->launch(t, t->admit, &t->ln);
	t->ln.ok = (uint8_t)(t->ln.valid && t->locate->d->fits(t, t->locate, &t->ln));
	read_records(t);
	if (t->n_dispatch) { /* the dispatch choice depends on the collectors' state only */
		rfm_coll_comb(u, &t->cin, &t->cout);
		for (i = 0; i < t->n_dispatch; i++)
			t->h_dispatch[i].fn(t, t->h_dispatch[i].pi);
	}
	t->locate->d->locate_wb(t, t->locate);
	t->locate->d->locate_issue(t, t->locate);
	for (p = 0; p < c->rf_write_ports; p++)
		acc |= t->wb[p].valid && t->wb[p].err;
	for (k = 0; k < c->sm_schedulers; k++) {
		t->cin.valid[k] = (uint8_t)(t->iv[k] && !t->hold[k]);
		for (s = 0; s < c->sm_operands; s++) {
			const rfm_acc_t *a = &t->src[k][s];
			t->cin.sv[k][s] = a->valid && !a->err && !a->drop;
			t->cin.sb[k][s] = (uint8_t)a->bank;
			t->cin.se[k][s] = (uint16_t)a->row;
		}
	}
	rfm_coll_comb(u, &t->cin, &t->cout);
	for (k = 0; k < c->sm_schedulers; k++) {
		t->ready[k] = (uint8_t)(t->cout.ready[k] && !t->refuse[k]);
		t->acc_now[k] = (uint8_t)(t->cin.valid[k] && t->cout.ready[k]);
		rfm_set(m, t->ix.ir[k], t->ready[k]);
		for (s = 0; t->acc_now[k] && s < c->sm_operands; s++)
			acc |= t->src[k][s].valid && t->src[k][s].err;
	}
	t->hold_req = t->hold_force = 0;
	for (i = 0; i < t->n_hold; i++)
		t->h_hold[i].fn(t, t->h_hold[i].pi);
	t->backend->d->be_eval(t, t->backend);
	t->lend_rd = t->lend_wr = 0;
	for (i = 0; i < t->n_borrow; i++)
		t->h_borrow[i].fn(t, t->h_borrow[i].pi);
	for (i = 0; i < t->n_side; i++)
		t->h_side[i].fn(t, t->h_side[i].pi);
	for (d = 0; d < c->sm_schedulers; d++) {
		int pick = t->cout.dsel[d];
		rfm_set(m, t->ix.dv[d], pick >= 0);
		rfm_set(m, t->ix.dt[d], pick >= 0 ? u->tag_q[pick] & rfm_mask64(c->sm_tag_bits) : 0);
		rfm_set(m, t->ix.dw[d], pick >= 0 ? u->warp_q[pick] : 0);
		if (pick >= 0)
			for (s = 0; s < c->sm_operands; s++)
				memcpy(rfm_wide(m, t->ix.dop[d][s]), rfm_coll_operand(u, (unsigned)pick, s), t->wq * 4u);
		else if (!t->dop_zero[d]) /* only top.c writes them: zero once, then left zero */
			for (s = 0; s < c->sm_operands; s++)
				memset(rfm_wide(m, t->ix.dop[d][s]), 0, t->wq * 4u);
		t->dop_zero[d] = pick < 0;
	}
	rfm_set(m, t->ix.idle, t->cout.busy == 0);
	rfm_set(m, t->ix.accerr, t->acc_q);
	rfm_set(m, t->ix.lerr, t->lerr_q);
	for (n = 0; n < t->ncnt; n++)
		rfm_set(m, t->ix.cnt[n], t->cnt_q[n]);
	t->cnt_d[RFM_CNT_CONFLICT] = t->be.nconf;
	t->cnt_d[RFM_CNT_WCONFLICT] = t->be.nwconf;
	t->cnt_d[RFM_CNT_READ] = rfm_popcount64(t->be.gnt);
	t->cnt_d[RFM_CNT_STALL] = t->cnt_d[RFM_CNT_WRITE] = t->cnt_d[RFM_CNT_DISPATCH] = 0;
	for (k = 0; k < c->sm_schedulers; k++)
		t->cnt_d[RFM_CNT_STALL] += t->iv[k] && !t->ready[k];
	for (p = 0; p < c->rf_write_ports; p++)
		t->cnt_d[RFM_CNT_WRITE] += t->be.wdone[p];
	for (d = 0; d < c->sm_schedulers; d++)
		t->cnt_d[RFM_CNT_DISPATCH] += t->cout.dsel[d] >= 0;
	t->acc_d = acc;
}

static void top_tick(rfm_model_t *m)
{
	rfm_top_t *t = (rfm_top_t *)m;
	rfm_coll_edge_t e;
	unsigned n;
	uint64_t cm = rfm_mask64(m->cfg->stats_counter_bits);
	for (n = 0; n < t->ncnt; n++)
		t->cnt_q[n] = (t->cnt_q[n] + t->cnt_d[n]) & cm;
	t->acc_q = t->acc_d;
	for (n = 0; n < t->n_tick; n++)
		t->h_tick[n].fn(t, t->h_tick[n].pi);
	if (t->ln.valid) {
		t->lerr_q = !t->ln.ok;
		if (t->ln.ok) {
			t->kwarps_q = t->ln.warps;
			t->kregs_q = t->ln.regs;
		}
	}
	t->backend->d->be_edge(t, t->backend, &e);
	rfm_coll_clock(t->coll, &t->cin, &e);
	t->backend->d->be_tick(t, t->backend);
}

int rfm_top_option(rfm_model_t *m, const char *name, const char *value, FILE *err)
{
	rfm_top_t *t = (rfm_top_t *)m;
	unsigned j;
	if (!strcmp(name, "verdict")) {
		t->verdict = strcmp(value, "off") != 0;
		return 0;
	}
	if (!strcmp(name, "writes")) { /* stimulus: write-back rate in eighths per port and cycle */
		char *e;
		unsigned long k = strtoul(value, &e, 10);
		if (!*value || *e || k < 1 || k > 8) {
			fprintf(err, "rf_top: option writes = '%s': a new write-back per port and cycle in eighths "
				"(legal: 1..8)\n", value);
			return -1;
		}
		t->wb_eighths = (unsigned)k;
		return 0;
	}
	for (j = 0; j < t->npart; j++)
		if (t->part[j].d->option) {
			int r = t->part[j].d->option(t, &t->part[j], name, value, err);
			if (r <= 0)
				return r;
		}
	return 1;
}

static void top_destroy(rfm_model_t *m)
{
	rfm_top_t *t = (rfm_top_t *)m;
	unsigned j;
	if (!t)
		return;
	for (j = 0; j < t->npart; j++)
		if (t->part[j].d->destroy)
			t->part[j].d->destroy(&t->part[j]);
	rfm_model_destroy(t->coll ? &t->coll->m : NULL);
	for (j = 0; j < RFM_MAXW; j++)
		free(t->whdata[j]);
	free(t->gold);
	free(t->known);
	free(t->lend_wdata);
	rfm_model_fini(m);
	free(t->cov_names);
	free(t);
}

static const rfm_model_ops_t top_ops = {top_destroy, top_reset, top_eval, top_tick, rfm_top_stim, rfm_top_check};

/* The hook lists (precomputed: the skeleton never looks a part up at run time). */
static void build_hooks(rfm_top_t *t)
{
	unsigned j;
	for (j = 0; j < t->npart; j++) {
		rfm_pinst_t *pi = &t->part[j];
		const rfm_part_t *d = pi->d;
#define HOOK(fld, list, n) if (d->fld) { t->list[t->n].fn = d->fld; t->list[t->n++].pi = pi; }
		HOOK(dispatch, h_dispatch, n_dispatch)
		HOOK(borrow, h_borrow, n_borrow)
		HOOK(side, h_side, n_side)
		HOOK(tick, h_tick, n_tick)
		HOOK(book_pre, h_pre, n_pre)
		HOOK(book_post, h_post, n_post)
		HOOK(hold, h_hold, n_hold)
#undef HOOK
#define LIST(fld) if (d->fld) t->l_##fld.p[t->l_##fld.n++] = pi;
		LIST(stim_pre)
		LIST(stim_issue)
		LIST(stim_wb)
		LIST(stim_src)
		LIST(verdict)
		LIST(dispatched)
#undef LIST
		if (d->slots & RFM_PART_ADMIT)
			t->admit = pi;
		if (d->slots & RFM_PART_LOCATE)
			t->locate = pi;
		if (d->slots & RFM_PART_BACKEND)
			t->backend = pi;
		if (d->slots & RFM_PART_STORAGE)
			t->storage = pi;
	}
}

/* Parts, coverage names, counters; 0 = fine. */
static int setup_parts(rfm_top_t *t, const rfm_cfg_t *c)
{
	const rfm_part_t *sel[RFM_PART_MAX];
	int n = select_parts(c, sel), j;
	unsigned ncov = RFM_TCOV_N, i, nc = RFM_CNT_N;
	if (n < 0)
		return -1;
	for (j = 0; j < n; j++)
		ncov += sel[j]->ncov;
	if (!(t->cov_names = calloc(ncov, sizeof(*t->cov_names))))
		return -1;
	memcpy(t->cov_names, cov_names, sizeof(cov_names));
	for (i = 0; i < RFM_CNT_N; i++) {
		t->cnt_name[i] = rfm_cnt_names[i];
		t->recount[i] = 1;
	}
	ncov = RFM_TCOV_N;
	for (j = 0; j < n; j++) {
		rfm_pinst_t *pi = &t->part[j];
		const rfm_counter_t *l = NULL;
		pi->d = sel[j];
		pi->ix = t->ix.pix[j];
		pi->cov0 = ncov;
		for (i = 0; i < sel[j]->ncov; i++)
			t->cov_names[ncov++] = sel[j]->cov[i];
		pi->cnt0 = nc;
		pi->ncnt = sel[j]->counters ? sel[j]->counters(c, &l) : 0;
		for (i = 0; i < pi->ncnt && nc < RFM_TOP_MAXCNT; i++) {
			t->recount[nc] = (uint8_t)sel[j]->recount;
			t->cnt_name[nc++] = l[i].name;
		}
	}
	t->npart = (unsigned)n;
	t->ncnt = nc;
	build_hooks(t);
	return t->admit && t->locate && t->backend && (t->storage || !t->backend->d->uses_storage) ? (int)ncov : -1;
}

rfm_model_t *rfm_rf_top_create(const rfm_cfg_t *c)
{
	rfm_top_t *t = calloc(1, sizeof(*t));
	int ncov;
	unsigned j;
	if (!t)
		return NULL;
	t->m.cfg = c;
	t->verdict = 1;
	t->wq = rfm_words(c->d.wreg_bits);
	if ((ncov = setup_parts(t, c)) < 0)
		goto fail0;
	if (rfm_model_init(&t->m, &top_ops, c, "rf_top", ports, &t->ix, t->cov_names, (unsigned)ncov))
		goto fail;
	t->coll = (rfm_coll_t *)rfm_rf_collector_create(c);
	t->gold = calloc((size_t)c->sm_warps * c->sm_regs_per_thread * t->wq, 4);
	t->known = calloc((size_t)c->sm_warps * c->sm_regs_per_thread, sizeof(uint64_t));
	t->lend_wdata = calloc((size_t)RFM_MAXB * t->wq, sizeof(uint32_t));
	if (!t->coll || !t->gold || !t->known || !t->lend_wdata)
		goto fail;
	for (j = 0; j < c->rf_write_ports; j++)
		if (!(t->whdata[j] = calloc(t->wq, sizeof(uint32_t))))
			goto fail;
	keep_offsets(t);
	if (c->d.nq <= c->rf_read_ports)
		rfm_cov_na(&t->m, RFM_TCOV_CONFLICT);
	if (c->sm_operands < 3) {
		rfm_cov_na(&t->m, RFM_TCOV_THREE_ONE_BANK);
		rfm_cov_na(&t->m, RFM_TCOV_DISP_THREE_BANKS);
	}
	if (c->rf_banks < 3)
		rfm_cov_na(&t->m, RFM_TCOV_DISP_THREE_BANKS);
	if (c->sm_schedulers < 2) {
		rfm_cov_na(&t->m, RFM_TCOV_DUAL_ISSUE);
		rfm_cov_na(&t->m, RFM_TCOV_DUAL_DISP);
	}
	if (c->rf_write_ports < 2)
		rfm_cov_na(&t->m, RFM_TCOV_SAME_REG_TWO_WB);
	if (c->rf_lanes < 2)
		rfm_cov_na(&t->m, RFM_TCOV_PARTIAL_WRITE);
	if (t->locate->d->one_kernel) /* a kernel runs to the end of the run */
		rfm_cov_na(&t->m, RFM_TCOV_RELAUNCH);
	/* the STORAGE part first: the BACKEND takes its banks' read-data pointers at create */
	if (t->storage && t->storage->d->create && t->storage->d->create(t, t->storage))
		goto fail;
	for (j = 0; j < t->npart; j++)
		if (&t->part[j] != t->storage && t->part[j].d->create && t->part[j].d->create(t, &t->part[j]))
			goto fail;
	top_reset(&t->m);
	return &t->m;
fail:
	top_destroy(&t->m);
	return NULL;
fail0:
	free(t->cov_names);
	free(t);
	return NULL;
}
