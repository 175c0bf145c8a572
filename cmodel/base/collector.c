/* collector.c - model of rf_collector: the operand collector units (docs/semantics.md,
 * "Operand collectors").
 *
 * Issue: port k takes the k-th lowest free unit; iss<k>_ready_o is high when at least k + 1
 * units are free at the start of the cycle (a unit freed by a dispatch is free next cycle).
 * Read: a unit asks for every valid operand not yet read (q<i>_req_o); a grant puts the read in
 * flight; the bank data arrives through the crossbar in the next cycle and is latched.
 * Dispatch: a unit whose operands are all present is ready; dispatch port d takes the d-th ready
 * unit in round-robin order from the dispatch pointer; the pointer moves one past the last unit
 * dispatched. Outputs of an idle dispatch port are zero; operands that were not valid are zero.
 * With external operands (cfg->d.coll_ext_ops, rf_top's coalescing back end) the unit keeps no
 * values: a buffer outside holds them (q<i>_op_i, routed to dispatch as they are), the crossbar
 * ports (q<i>_sel_o, q<i>_data_i) are absent, and the issue and dispatch choices are outputs
 * (iss<k>_take_o, disp_o) for that buffer; the rules are the same.
 */
#include <stdlib.h>

#include "rfm_models.h"

enum { COV_ALLBUSY, COV_STALL, COV_MULTI_ISSUE, COV_ZERO_OP, COV_MULTI_DISP, COV_FREE_AND_FILL, COV_N };
static const char *const cov_names[COV_N] = {"all_collectors_busy", "issue_stall", "two_issues_one_cycle",
					     "instruction_without_operands", "two_dispatches_one_cycle",
					     "dispatch_and_issue_one_cycle"};

static int ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	rfm_coll_ix_t *ix = ixv;
	unsigned k, s, q, d, W = c->d.wreg_bits, ext = c->d.coll_ext_ops;
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low", "rst_ni");
	for (k = 0; k < c->sm_schedulers; k++) {
		rfm_ports_group(pt, "issue port %u", k);
		ix->iss_valid[k] = rfm_ports_add(pt, RFM_IN, 1, "an instruction is offered", "iss%u_valid_i", k);
		ix->iss_ready[k] = rfm_ports_add(pt, RFM_OUT, 1, "a collector can take it", "iss%u_ready_o", k);
		ix->iss_tag[k] = rfm_ports_add(pt, RFM_IN, c->d.ctag_w, "tag carried to dispatch", "iss%u_tag_i", k);
		ix->iss_warp[k] = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "warp slot", "iss%u_warp_i", k);
		if (ext)
			ix->take[k] = rfm_ports_add(pt, RFM_OUT, c->sm_collectors,
						    "external operands: the unit it fills (one-hot, or 0)", "iss%u_take_o", k);
		for (s = 0; s < c->sm_operands; s++) {
			ix->iss_sv[k][s] = rfm_ports_add(pt, RFM_IN, 1, "source operand to read", "iss%u_src%u_valid_i", k, s);
			ix->iss_sb[k][s] = rfm_ports_add(pt, RFM_IN, c->d.bank_w, "its bank", "iss%u_src%u_bank_i", k, s);
			ix->iss_se[k][s] = rfm_ports_add(pt, RFM_IN, c->d.entry_w, "its row", "iss%u_src%u_entry_i", k, s);
		}
	}
	rfm_ports_group(pt, "read requests to the arbiter");
	for (q = 0; q < c->d.nq; q++) {
		ix->req[q] = rfm_ports_add(pt, RFM_OUT, 1, "operand read wanted", "q%u_req_o", q);
		ix->bank[q] = rfm_ports_add(pt, RFM_OUT, c->d.bank_w, "its bank", "q%u_bank_o", q);
		ix->entry[q] = rfm_ports_add(pt, RFM_OUT, c->d.entry_w, "its row", "q%u_entry_o", q);
	}
	rfm_ports_group(pt, "grants from the arbiter");
	for (q = 0; q < c->d.nq; q++) {
		ix->gnt[q] = rfm_ports_add(pt, RFM_IN, 1, "read granted this cycle", "q%u_gnt_i", q);
		ix->port[q] = rfm_ports_add(pt, RFM_IN, c->d.rport_w, "bank read port granted", "q%u_port_i", q);
	}
	if (ext) {
		rfm_ports_group(pt, "operand values held outside the collector");
		for (q = 0; q < c->d.nq; q++)
			ix->op[q] = rfm_ports_add(pt, RFM_IN, W, "the slot's operand value (held outside), dispatched as it is",
						  "q%u_op_i", q);
	} else
		rfm_ports_group(pt, "operand data through the crossbar");
	for (q = 0; q < c->d.nq && !ext; q++) {
		ix->sel[q] = rfm_ports_add(pt, RFM_OUT, c->d.src_w, "crossbar source of the read in flight",
					   "q%u_sel_o", q);
		ix->data[q] = rfm_ports_add(pt, RFM_IN, W, "data of the read granted last cycle", "q%u_data_i", q);
	}
	for (d = 0; d < c->sm_schedulers; d++) {
		rfm_ports_group(pt, "dispatch port %u", d);
		ix->dv[d] = rfm_ports_add(pt, RFM_OUT, 1, "an instruction leaves with its operands", "dsp%u_valid_o", d);
		ix->dtag[d] = rfm_ports_add(pt, RFM_OUT, c->d.ctag_w, "its tag", "dsp%u_tag_o", d);
		ix->dwarp[d] = rfm_ports_add(pt, RFM_OUT, c->d.warp_w, "its warp", "dsp%u_warp_o", d);
		for (s = 0; s < c->sm_operands; s++)
			ix->dop[d][s] = rfm_ports_add(pt, RFM_OUT, W, "operand value (0 if not valid)", "dsp%u_op%u_o", d, s);
	}
	rfm_ports_group(pt, "status");
	ix->busy = rfm_ports_add(pt, RFM_OUT, c->sm_collectors, "collector units holding an instruction", "busy_o");
	if (ext)
		ix->disp = rfm_ports_add(pt, RFM_OUT, c->sm_collectors,
					 "external operands: units dispatched this cycle (free at the edge)", "disp_o");
	return 0;
}

int rfm_rf_collector_ports(const rfm_cfg_t *c, rfm_ports_t *pt)
{
	rfm_coll_ix_t ix;
	return ports(c, pt, &ix);
}

static void coll_reset(rfm_model_t *m)
{
	rfm_coll_t *u = (rfm_coll_t *)m;
	memset(u->busy_q, 0, sizeof(u->busy_q));
	memset(u->tag_q, 0, sizeof(u->tag_q));
	memset(u->warp_q, 0, sizeof(u->warp_q));
	memset(u->pend_q, 0, sizeof(u->pend_q));
	memset(u->fly_q, 0, sizeof(u->fly_q));
	memset(u->bank_q, 0, sizeof(u->bank_q));
	memset(u->entry_q, 0, sizeof(u->entry_q));
	memset(u->port_q, 0, sizeof(u->port_q));
	u->dptr_q = 0;
	u->busy_m = u->rdy_m = u->pend_m = u->fly_m = 0;
}

/* The units' state as bit vectors: busy units, units whose operands are all present (ready to
 * dispatch), and operand slots that ask for a read (pending, not in flight). The clock edge keeps
 * them beside the per-unit state, so the combinational side reads three words. */
static void unit_bits(const rfm_coll_t *u, uint64_t *busy, uint64_t *rdy, uint64_t *req)
{
	*busy = u->busy_m;
	*rdy = u->rdy_m;
	*req = u->pend_m & ~u->fly_m;
}

void rfm_coll_comb(rfm_coll_t *u, const rfm_coll_in_t *in, rfm_coll_out_t *out)
{
	rfm_model_t *m = &u->m;
	const rfm_cfg_t *c = m->cfg;
	unsigned k, d, cu, nc = c->sm_collectors, ns = c->sm_schedulers, accepted = 0, ndisp = 0;
	uint64_t freev, rdy, busy, req;
	int last = -1;

	unit_bits(u, &busy, &rdy, &req);
	freev = ~busy & rfm_mask64(nc);
	for (cu = 0; cu < nc; cu++) {
		u->alloc_port[cu] = -1;
		u->disp[cu] = 0;
	}
	u->alloc_m = u->disp_m = 0;
	for (k = 0; k < ns; k++) {
		int pick = rfm_rr_pick(freev, nc, 0);
		out->ready[k] = pick >= 0;
		if (pick < 0) {
			if (in->valid[k])
				rfm_cov_hit(m, COV_STALL);
			continue;
		}
		freev &= ~(1ull << pick);
		if (in->valid[k]) {
			u->alloc_port[pick] = (int)k;
			u->alloc_m |= 1ull << pick;
			accepted++;
		}
	}
	for (d = 0; d < ns; d++) {
		int pick = rfm_rr_pick(rdy, nc, u->dptr_q);
		out->dsel[d] = pick;
		if (pick < 0)
			continue;
		rdy &= ~(1ull << pick);
		u->disp[pick] = 1;
		u->disp_m |= 1ull << pick;
		last = pick;
		ndisp++;
	}
	u->dptr_d = last >= 0 ? ((unsigned)last + 1u) % nc : u->dptr_q;
	out->req = req;
	out->busy = busy;
	if (busy == rfm_mask64(nc))
		rfm_cov_hit(m, COV_ALLBUSY);
	if (accepted >= 2)
		rfm_cov_hit(m, COV_MULTI_ISSUE);
	if (ndisp >= 2)
		rfm_cov_hit(m, COV_MULTI_DISP);
	if (ndisp && accepted)
		rfm_cov_hit(m, COV_FREE_AND_FILL);
}

void rfm_coll_clock(rfm_coll_t *u, const rfm_coll_in_t *in, const rfm_coll_edge_t *e)
{
	const rfm_cfg_t *c = u->m.cfg;
	const unsigned ops = c->sm_operands, nc = c->sm_collectors, ext = c->d.coll_ext_ops;
	/* a slot in flight is pending in a busy unit, so units that dispatch or fill hold none */
	const uint64_t arrive = u->fly_m, grant = e->gnt & u->pend_m & ~u->fly_m;
	uint64_t pend = u->pend_m & ~arrive, busy = u->busy_m, rdy = 0, v, ub, slots;
	unsigned cu, s;

	for (v = arrive; v; v &= v - 1) { /* last cycle's grants: the data arrive */
		unsigned q = (unsigned)__builtin_ctzll(v);
		if (e->data[q]) /* NULL: the values are held outside (coll_ext_ops) */
			memcpy(u->data_q + (size_t)q * u->wq, e->data[q], u->wq * 4u);
		u->pend_q[q] = u->fly_q[q] = 0;
	}
	for (v = grant; v; v &= v - 1) { /* this cycle's grants: in flight */
		unsigned q = (unsigned)__builtin_ctzll(v);
		u->fly_q[q] = 1;
		u->port_q[q] = e->port[q];
	}
	for (v = u->disp_m; v; v &= v - 1) /* every operand present: nothing pending or in flight */
		u->busy_q[__builtin_ctzll(v)] = 0;
	busy &= ~u->disp_m;
	for (v = u->alloc_m; v; v &= v - 1) { /* units a free issue port fills (never a dispatching one) */
		unsigned nv = 0, k;
		cu = (unsigned)__builtin_ctzll(v);
		k = (unsigned)u->alloc_port[cu];
		u->busy_q[cu] = 1;
		u->tag_q[cu] = in->tag[k];
		u->warp_q[cu] = in->warp[k];
		for (s = 0; s < ops; s++) {
			unsigned q = cu * ops + s;
			u->pend_q[q] = in->sv[k][s];
			nv += u->pend_q[q];
			pend |= (uint64_t)(u->pend_q[q] != 0) << q;
			u->fly_q[q] = 0;
			u->bank_q[q] = in->sb[k][s];
			u->entry_q[q] = in->se[k][s];
			u->port_q[q] = 0;
			if (!u->pend_q[q] || ext) /* a pending one is written on arrival */
				memset(u->data_q + (size_t)q * u->wq, 0, u->wq * 4u);
		}
		if (!nv)
			rfm_cov_hit(&u->m, COV_ZERO_OP);
	}
	busy |= u->alloc_m;
	for (cu = 0, ub = 1, slots = rfm_mask64(ops); cu < nc; cu++, ub <<= 1, slots <<= ops)
		rdy |= (busy & ub) && !(pend & slots) ? ub : 0;
	u->busy_m = busy;
	u->pend_m = pend;
	u->fly_m = grant;
	u->rdy_m = rdy;
	u->dptr_q = u->dptr_d;
}

/* Port wrapper: the issue inputs from io. */
static void read_issue(rfm_coll_t *u)
{
	rfm_model_t *m = &u->m;
	const rfm_cfg_t *c = m->cfg;
	unsigned k, s;
	for (k = 0; k < c->sm_schedulers; k++) {
		u->in.valid[k] = (uint8_t)rfm_get(m, u->ix.iss_valid[k]);
		u->in.tag[k] = rfm_get(m, u->ix.iss_tag[k]);
		u->in.warp[k] = (unsigned)rfm_get(m, u->ix.iss_warp[k]);
		for (s = 0; s < c->sm_operands; s++) {
			u->in.sv[k][s] = (uint8_t)rfm_get(m, u->ix.iss_sv[k][s]);
			u->in.sb[k][s] = (uint8_t)rfm_get(m, u->ix.iss_sb[k][s]);
			u->in.se[k][s] = (uint16_t)rfm_get(m, u->ix.iss_se[k][s]);
		}
	}
}

/* External operands: iss<k>_take_o, the unit issue port k fills (one-hot, or 0). */
static uint64_t take_vec(const rfm_coll_t *u, unsigned k)
{
	unsigned cu;
	for (cu = 0; cu < u->m.cfg->sm_collectors; cu++)
		if (u->alloc_port[cu] == (int)k)
			return 1ull << cu;
	return 0;
}

/* Port wrapper: io -> rfm_coll_comb -> io. */
static void coll_eval(rfm_model_t *m)
{
	rfm_coll_t *u = (rfm_coll_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned k, q, d, s, ops = c->sm_operands, ext = c->d.coll_ext_ops;
	uint64_t dv = 0;
	read_issue(u);
	rfm_coll_comb(u, &u->in, &u->out);
	for (k = 0; k < c->sm_schedulers; k++) {
		rfm_set(m, u->ix.iss_ready[k], u->out.ready[k]);
		if (ext)
			rfm_set(m, u->ix.take[k], take_vec(u, k));
	}
	for (q = 0; q < c->d.nq; q++) {
		rfm_set(m, u->ix.req[q], (u->out.req >> q) & 1u);
		rfm_set(m, u->ix.bank[q], u->bank_q[q]);
		rfm_set(m, u->ix.entry[q], u->entry_q[q]);
		if (!ext)
			rfm_set(m, u->ix.sel[q], u->bank_q[q] * c->rf_read_ports + u->port_q[q]);
	}
	for (d = 0; d < c->sm_schedulers; d++) {
		int pick = u->out.dsel[d];
		rfm_set(m, u->ix.dv[d], pick >= 0);
		rfm_set(m, u->ix.dtag[d], pick >= 0 ? u->tag_q[pick] : 0);
		rfm_set(m, u->ix.dwarp[d], pick >= 0 ? u->warp_q[pick] : 0);
		for (s = 0; s < ops; s++) {
			uint32_t *o = rfm_wide(m, u->ix.dop[d][s]);
			if (pick >= 0 && ext)
				memcpy(o, rfm_wide(m, u->ix.op[(unsigned)pick * ops + s]), u->wq * 4u);
			else if (pick >= 0)
				memcpy(o, rfm_coll_operand(u, (unsigned)pick, s), u->wq * 4u);
			else
				memset(o, 0, u->wq * 4u);
		}
	}
	rfm_set(m, u->ix.busy, u->out.busy);
	if (!ext)
		return;
	for (d = 0; d < c->sm_collectors; d++)
		dv |= (uint64_t)u->disp[d] << d;
	rfm_set(m, u->ix.disp, dv);
}

/* Port wrapper: io -> rfm_coll_clock. */
static void coll_tick(rfm_model_t *m)
{
	rfm_coll_t *u = (rfm_coll_t *)m;
	rfm_coll_edge_t e;
	unsigned q;
	read_issue(u);
	e.gnt = 0;
	for (q = 0; q < m->cfg->d.nq; q++) {
		e.gnt |= rfm_get(m, u->ix.gnt[q]) << q;
		e.port[q] = (uint8_t)rfm_get(m, u->ix.port[q]);
		e.data[q] = m->cfg->d.coll_ext_ops ? NULL : rfm_wide(m, u->ix.data[q]);
	}
	rfm_coll_clock(u, &u->in, &e);
}

static void coll_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_coll_t *u = (rfm_coll_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned k, s, q;
	(void)cycle;
	for (k = 0; k < c->sm_schedulers; k++) {
		rfm_set(m, u->ix.iss_valid[k], rfm_rng_chance(r, 2, 3));
		rfm_set(m, u->ix.iss_tag[k], rfm_rng_next(r));
		rfm_set(m, u->ix.iss_warp[k], rfm_rng_below(r, c->sm_warps));
		for (s = 0; s < c->sm_operands; s++) {
			rfm_set(m, u->ix.iss_sv[k][s], rfm_rng_chance(r, 3, 4));
			rfm_set(m, u->ix.iss_sb[k][s], rfm_rng_below(r, c->rf_banks));
			rfm_set(m, u->ix.iss_se[k][s], rfm_rng_below(r, c->rf_entries));
		}
	}
	for (q = 0; q < c->d.nq; q++) {
		unsigned cu = q / c->sm_operands;
		int wants = u->busy_q[cu] && u->pend_q[q] && !u->fly_q[q];
		rfm_set(m, u->ix.gnt[q], wants && rfm_rng_chance(r, 1, 2));
		rfm_set(m, u->ix.port[q], rfm_rng_below(r, c->rf_read_ports));
		rfm_rng_fill(r, rfm_wide(m, c->d.coll_ext_ops ? u->ix.op[q] : u->ix.data[q]), c->d.wreg_bits);
	}
}

static int coll_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	(void)m, (void)cycle, (void)err;
	return 0;
}

static void coll_destroy(rfm_model_t *m)
{
	rfm_coll_t *u = (rfm_coll_t *)m;
	if (!u)
		return;
	free(u->data_q);
	rfm_model_fini(m);
	free(u);
}

static const rfm_model_ops_t coll_ops = {coll_destroy, coll_reset, coll_eval, coll_tick, coll_stim, coll_check};

rfm_model_t *rfm_rf_collector_create(const rfm_cfg_t *c)
{
	rfm_coll_t *u = calloc(1, sizeof(*u));
	if (!u)
		return NULL;
	if (rfm_model_init(&u->m, &coll_ops, c, "rf_collector", ports, &u->ix, cov_names, COV_N))
		goto fail;
	u->wq = rfm_words(c->d.wreg_bits);
	u->data_q = calloc((size_t)c->d.nq * u->wq, 4);
	if (!u->data_q)
		goto fail;
	if (c->sm_collectors < 2) /* the unit that dispatches is not free for the issue */
		rfm_cov_na(&u->m, COV_FREE_AND_FILL);
	if (c->sm_schedulers < 2) {
		rfm_cov_na(&u->m, COV_MULTI_ISSUE);
		rfm_cov_na(&u->m, COV_MULTI_DISP);
	}
	return &u->m;
fail:
	coll_destroy(&u->m);
	return NULL;
}
