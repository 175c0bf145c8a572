/* top_golden.c - rf_top's stimulus and golden checker, the skeleton's side of them (cmodel/rfm_part.h;
 * the parts add theirs through their stimulus and checker hooks).
 *
 * The stimulus is a small GPU front end: it launches kernels, writes back results and issues
 * instructions that are legal for the running kernel, and avoids (with rare, deliberate
 * exceptions) writing a register that an issued instruction still has to read, as a scoreboard
 * would. The checker keeps a golden copy of every architected register and checks each
 * dispatched operand against it, lane by lane, and recounts every counter. It is split into a
 * verdict (judges; off with rfm_top_option "verdict" "off", the harness's +rtl-only) and the
 * bookkeeping the stimulus and the golden registers need (always).
 */
#include "rfm_part.h"

/* ---- stimulus ---------------------------------------------------------------------------- */

static rfm_fly_t *fly_find(rfm_top_t *t, unsigned tag)
{
	unsigned i;
	for (i = 0; i < t->nfly; i++)
		if (t->fly[i].tag == tag)
			return &t->fly[i];
	return NULL;
}

int rfm_top_in_flight(const rfm_top_t *t, unsigned warp, unsigned reg)
{
	unsigned i, s;
	for (i = 0; i < t->nfly; i++)
		for (s = 0; s < t->fly[i].nsrc; s++)
			if (t->fly[i].warp == warp && t->fly[i].valid[s] && !t->fly[i].err[s] && t->fly[i].reg[s] == reg)
				return 1;
	return 0;
}

/* A source register of warp w: the LOCATE's choice, or without one any register of the kernel. */
static unsigned stim_reg(rfm_top_t *t, rfm_rng_t *r, unsigned w, uint64_t leaving)
{
	if (!t->locate->d->stim_reg)
		return (unsigned)rfm_rng_below(r, t->skr);
	return t->locate->d->stim_reg(t, t->locate, r, w, leaving);
}

/* The parts' fields of write-back port p, offered (held: again). */
static void stim_wb_parts(rfm_top_t *t, rfm_rng_t *r, unsigned p, int held)
{
	unsigned j;
	for (j = 0; j < t->l_stim_wb.n; j++)
		t->l_stim_wb.p[j]->d->stim_wb(t, t->l_stim_wb.p[j], r, p, held);
}

/* Write-back port p: a held one again, else now and then a new one. */
static void stim_wb(rfm_top_t *t, rfm_rng_t *r, unsigned p, int busy_phase)
{
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	unsigned w, g, tries, s, mk = (unsigned)rfm_rng_below(r, 16);
	uint64_t mask;
	if (t->wheld[p]) { /* a refused write-back is offered again */
		rfm_set(m, t->ix.wv[p], 1);
		rfm_set(m, t->ix.ww[p], t->whw[p]);
		rfm_set(m, t->ix.wr[p], t->whg[p]);
		rfm_set(m, t->ix.wm[p], t->whmask[p]);
		memcpy(rfm_wide(m, t->ix.wd[p]), t->whdata[p], t->wq * 4u);
		stim_wb_parts(t, r, p, 1);
		return;
	}
	if (t->wb_eighths ? !rfm_rng_chance(r, t->wb_eighths, busy_phase ? 16 : 8)
			  : !rfm_rng_chance(r, 1, busy_phase ? 4 : 2))
		return;
	w = (unsigned)rfm_rng_below(r, t->skw);
	g = stim_reg(t, r, w, 0);
	for (tries = 0; tries < 4 && rfm_top_in_flight(t, w, g); tries++) {
		w = (unsigned)rfm_rng_below(r, t->skw);
		g = stim_reg(t, r, w, 0);
	}
	if (rfm_top_in_flight(t, w, g) && !rfm_rng_chance(r, 1, 16))
		return;
	if (t->nfly && rfm_rng_chance(r, 1, 256)) { /* deliberately: a source still to be read */
		const rfm_fly_t *f = &t->fly[rfm_rng_below(r, t->nfly)];
		for (s = 0; s < f->nsrc; s++)
			if (f->valid[s] && !f->err[s]) {
				w = f->warp;
				g = f->reg[s];
			}
	}
	if (p > 0 && rfm_get(m, t->ix.wv[0]) && rfm_rng_chance(r, 1, 8)) { /* same register twice */
		w = (unsigned)rfm_get(m, t->ix.ww[0]);
		g = (unsigned)rfm_get(m, t->ix.wr[0]);
	}
	if (rfm_rng_chance(r, 1, 128)) { /* outside the kernel */
		w = (unsigned)rfm_rng_below(r, c->sm_warps);
		g = t->skr + (unsigned)rfm_rng_below(r, c->sm_regs_per_thread - t->skr + 1);
	}
	mask = mk < 11 ? ~0ull : mk < 13 ? rfm_rng_next(r) : mk < 14 ? 0
	       : rfm_mask64(c->d.sb_lanes) << (c->d.sb_lanes * rfm_rng_below(r, c->rf_subbanks));
	rfm_set(m, t->ix.wv[p], 1);
	rfm_set(m, t->ix.ww[p], w);
	rfm_set(m, t->ix.wr[p], g);
	rfm_set(m, t->ix.wm[p], mask);
	t->backend->d->stim_wb_data(t, t->backend, r, p);
	stim_wb_parts(t, r, p, 0);
}

/* Issue port k: an instruction with a fresh tag, now and then. */
static void stim_issue(rfm_top_t *t, rfm_rng_t *r, unsigned k, unsigned *used, unsigned *nused, int drain,
		       int busy_phase)
{
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	unsigned tag = 0, tries, w, base, s, j;
	int same_bank = rfm_rng_chance(r, 1, 8);
	if (drain || !rfm_rng_chance(r, busy_phase ? 3 : 1, busy_phase ? 4 : 3))
		return;
	for (tries = 0; tries < 8; tries++) {
		unsigned clash = 0;
		tag = (unsigned)rfm_rng_below(r, 1u << c->sm_tag_bits);
		for (j = 0; j < *nused; j++)
			clash |= used[j] == tag;
		if (!clash && !fly_find(t, tag))
			break;
	}
	if (tries == 8)
		return;
	used[(*nused)++] = tag;
	w = (unsigned)rfm_rng_below(r, t->skw);
	base = stim_reg(t, r, w, t->leaving);
	rfm_set(m, t->ix.iv[k], 1);
	rfm_set(m, t->ix.it[k], tag);
	rfm_set(m, t->ix.iw[k], w);
	for (j = 0; j < t->l_stim_issue.n; j++)
		t->l_stim_issue.p[j]->d->stim_issue(t, t->l_stim_issue.p[j], r, k);
	for (s = 0; s < c->sm_operands; s++) {
		unsigned g = stim_reg(t, r, w, t->leaving);
		if (same_bank && base + s * c->rf_banks < t->skr &&
		    (!t->locate->d->stim_reg_ok || t->locate->d->stim_reg_ok(t, t->locate, w, base + s * c->rf_banks, t->leaving)))
			g = base + s * c->rf_banks;
		if (rfm_rng_chance(r, 1, 128))
			g = (unsigned)rfm_rng_below(r, c->sm_regs_per_thread);
		rfm_set(m, t->ix.isv[k][s], rfm_rng_chance(r, 7, 8));
		rfm_set(m, t->ix.isr[k][s], g);
		if (rfm_top_held(t, w, (int)g)) /* a scoreboard: a register with a write-back pending is not read */
			rfm_set(m, t->ix.isv[k][s], 0);
		for (j = 0; j < t->l_stim_src.n; j++)
			t->l_stim_src.p[j]->d->stim_src(t, t->l_stim_src.p[j], r, k, s, busy_phase);
	}
}

/* While the collectors are drained, before the phase's launch decision: two launches that the
 * LOCATE must refuse, its refusal reasons in turn, so that each is offered on its own and covered
 * (a refused launch keeps the running kernel). Returns 1 when this cycle offers one. */
static int offer_refused(rfm_top_t *t, rfm_rng_t *r, uint64_t cycle)
{
	const rfm_part_t *d = t->locate->d;
	unsigned i;
	if (!d->stim_refuse || !d->nrefuse)
		return 0;
	if (t->refuse_window != cycle / 1024 + 1) {
		t->refuse_window = cycle / 1024 + 1;
		t->refuse_left = 2;
	}
	for (i = 0; t->refuse_left && i < d->nrefuse; i++)
		if (!d->stim_refuse(t, t->locate, r, t->refuse_next++ % d->nrefuse)) {
			t->refuse_left--;
			t->launch_intent = 2;
			return 1;
		}
	return 0;
}

void rfm_top_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_top_t *t = (rfm_top_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned p, k, j, used[RFM_MAXS], nused = 0;
	int idle = t->nfly == 0 && !rfm_top_held(t, 0, -2), drain, busy_phase;

	rfm_clear_inputs(m);
	t->launch_intent = 0;
	if (cycle < 2)
		return;
	/* Phases of 1024 cycles: the last 64 issue nothing, so the collectors drain and a new kernel
	 * can be launched; odd phases write back less and issue more. */
	drain = (cycle % 1024) >= 960;
	busy_phase = (cycle / 1024) % 2;
	if (t->skw && idle && drain && t->launch_window != cycle / 1024 + 1 && offer_refused(t, r, cycle))
		return;
	if (!t->skw || (idle && drain && t->launch_window != cycle / 1024 + 1 && !t->locate->d->one_kernel)) {
		int relaunch = !t->skw || rfm_rng_chance(r, 1, 2);
		rfm_pinst_t *lp = t->locate->d->stim_launch ? t->locate : t->admit;
		t->launch_window = cycle / 1024 + 1; /* at most one launch decision per drain phase */
		if (relaunch) {
			lp->d->stim_launch(t, lp, r);
			t->launch_intent = 1;
		}
		return;
	}
	t->leaving = 0;
	for (j = 0; j < t->l_stim_pre.n; j++)
		t->l_stim_pre.p[j]->d->stim_pre(t, t->l_stim_pre.p[j], r, cycle);
	for (p = 0; p < c->rf_write_ports; p++)
		stim_wb(t, r, p, busy_phase);
	for (k = 0; k < c->sm_schedulers; k++)
		stim_issue(t, r, k, used, &nused, drain, busy_phase);
}

/* ---- checker: verdict --------------------------------------------------------------------- */

static int check_operand(rfm_top_t *t, uint64_t cycle, unsigned d, unsigned s, const rfm_fly_t *f, FILE *err)
{
	const rfm_cfg_t *c = t->m.cfg;
	const uint32_t *got = rfm_wide(&t->m, t->ix.dop[d][s]);
	unsigned l, lb = c->rf_lane_bits;
	uint64_t kn, all = rfm_mask64(c->rf_lanes);
	if (!f->valid[s] || f->err[s]) {
		for (l = 0; l < t->wq; l++)
			if (got[l]) {
				fprintf(err, "cycle %llu: rf_top golden: dsp%u_op%u_o of tag %u is not zero for an "
					"unused operand\n", (unsigned long long)cycle, d, s, f->tag);
				return 1;
			}
		return 0;
	}
	kn = *rfm_top_known(t, f->warp, f->reg[s]);
	if (f->taint[s] || (kn == all && f->amask == all && !memcmp(rfm_top_gold(t, f->warp, f->reg[s]), got, t->wq * 4u)))
		return 0; /* every lane known, active and equal: the common case */
	for (l = 0; l < c->rf_lanes; l++) {
		uint64_t want, have;
		if (!((kn & f->amask) >> l & 1u))
			continue;
		want = rfm_bits_get(rfm_top_gold(t, f->warp, f->reg[s]), l * lb, lb);
		have = rfm_bits_get(got, l * lb, lb);
		if (want != have && !(have & ~want) && !((want ^ have) & ~(uint64_t)t->lossy_bits))
			continue; /* lossy bits discharged (1 -> 0): the storage's decay, checked against the RTL */
		if (want != have) {
			fprintf(err, "cycle %llu: rf_top golden: dsp%u_op%u_o (tag %u, warp %u, r%u) lane %u: "
				"expected 0x%llx, got 0x%llx\n", (unsigned long long)cycle, d, s, f->tag, f->warp,
				f->reg[s], l, (unsigned long long)want, (unsigned long long)have);
			return 1;
		}
	}
	return 0;
}

static int verdict(rfm_top_t *t, uint64_t cycle, FILE *err)
{
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	unsigned n, d, s, j;
	int bad = 0;
	uint64_t cm = rfm_mask64(c->stats_counter_bits);
	for (n = 0; n < t->ncnt; n++) { /* counters: outputs show the recount of the cycles before */
		if (!t->recount[n])
			continue;
		if (rfm_get(m, t->ix.cnt[n]) != (t->shadow[n] & cm)) {
			fprintf(err, "cycle %llu: rf_top recount: cnt_%s_o = %llu, recounted %llu\n", (unsigned long long)cycle,
				t->cnt_name[n], (unsigned long long)rfm_get(m, t->ix.cnt[n]), (unsigned long long)(t->shadow[n] & cm));
			bad = 1;
		}
	}
	if (t->launch_intent && t->ln.valid && t->ln.ok != (t->launch_intent == 1)) {
		fprintf(err, "cycle %llu: rf_top launch: a kernel of %u warps x %u registers that %s was %s\n",
			(unsigned long long)cycle, t->ln.warps, t->ln.regs,
			t->launch_intent == 1 ? "fits" : "breaks a launch rule", t->ln.ok ? "taken" : "refused");
		bad = 1;
	}
	for (j = 0; j < t->l_verdict.n; j++)
		bad |= t->l_verdict.p[j]->d->verdict(t, t->l_verdict.p[j], cycle, err);
	for (d = 0; d < c->sm_schedulers; d++) { /* dispatches against the golden registers */
		const rfm_fly_t *f;
		if (!rfm_get(m, t->ix.dv[d]))
			continue;
		f = fly_find(t, (unsigned)rfm_get(m, t->ix.dt[d]));
		if (!f) {
			fprintf(err, "cycle %llu: rf_top golden: dsp%u dispatches tag %llu that was never issued\n",
				(unsigned long long)cycle, d, (unsigned long long)rfm_get(m, t->ix.dt[d]));
			bad = 1;
			continue;
		}
		if (rfm_get(m, t->ix.dw[d]) != f->warp) {
			fprintf(err, "cycle %llu: rf_top golden: dsp%u tag %u: warp %llu, issued as %u\n",
				(unsigned long long)cycle, d, f->tag, (unsigned long long)rfm_get(m, t->ix.dw[d]), f->warp);
			bad = 1;
		}
		for (s = 0; s < f->nsrc; s++)
			bad |= check_operand(t, cycle, d, s, f, err);
	}
	t->shadow[RFM_CNT_CONFLICT] += t->be.nconf; /* this cycle's recount, from the ports where they tell */
	t->shadow[RFM_CNT_WCONFLICT] += t->be.nwconf;
	t->shadow[RFM_CNT_READ] += rfm_popcount64(t->be.gnt);
	for (d = 0; d < c->sm_schedulers; d++) {
		t->shadow[RFM_CNT_STALL] += rfm_get(m, t->ix.iv[d]) && !rfm_get(m, t->ix.ir[d]);
		t->shadow[RFM_CNT_DISPATCH] += rfm_get(m, t->ix.dv[d]);
	}
	for (d = 0; d < c->rf_write_ports; d++)
		t->shadow[RFM_CNT_WRITE] += t->be.wtaken[d];
	return bad;
}

/* ---- checker: bookkeeping ----------------------------------------------------------------- */

/* Dispatches leave the fly list; write-backs taken update the golden registers. */
static void book_dispatch_wb(rfm_top_t *t)
{
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	unsigned d, s, p, i, j, l, ndisp = 0, lb = c->rf_lane_bits;
	uint64_t rdbanks = 0, wrbanks = 0, all = rfm_mask64(c->rf_lanes);
	for (i = 0; i < c->d.nq; i++)
		if ((t->cout.req >> i) & 1u)
			rdbanks |= 1ull << t->coll->bank_q[i];
	for (d = 0; d < c->sm_schedulers; d++) {
		rfm_fly_t *f;
		unsigned banks = 0;
		if (!rfm_get(m, t->ix.dv[d]) || !(f = fly_find(t, (unsigned)rfm_get(m, t->ix.dt[d]))))
			continue;
		ndisp++;
		for (s = 0; s < f->nsrc; s++)
			if (f->valid[s] && !f->err[s])
				banks |= 1u << f->bank[s];
		if (rfm_popcount64(banks) >= 3)
			rfm_cov_hit(m, RFM_TCOV_DISP_THREE_BANKS);
		for (j = 0; j < t->l_dispatched.n; j++)
			t->l_dispatched.p[j]->d->dispatched(t, t->l_dispatched.p[j], f);
		*f = t->fly[--t->nfly];
	}
	if (ndisp >= 2)
		rfm_cov_hit(m, RFM_TCOV_DUAL_DISP);
	for (p = 0; p < c->rf_write_ports; p++) { /* refused write-backs: offered again next cycle */
		t->wheld[p] = t->be.wrefused[p];
		if (!t->wheld[p])
			continue;
		t->whw[p] = (unsigned)rfm_get(m, t->ix.ww[p]);
		t->whg[p] = (unsigned)rfm_get(m, t->ix.wr[p]);
		t->whmask[p] = rfm_get(m, t->ix.wm[p]);
		memcpy(t->whdata[p], rfm_wide(m, t->ix.wd[p]), t->wq * 4u);
	}
	for (j = 0; j < t->n_pre; j++)
		t->h_pre[j].fn(t, t->h_pre[j].pi);
	for (p = 0; p < c->rf_write_ports; p++) {
		const rfm_acc_t *a = &t->wb[p];
		uint64_t mask = rfm_get(m, t->ix.wm[p]);
		if (!t->be.wtaken[p])
			continue;
		wrbanks |= 1ull << a->bank;
		if (p > 0 && t->wb[0].valid && t->wb[0].warp == a->warp && t->wb[0].reg == a->reg)
			rfm_cov_hit(m, RFM_TCOV_SAME_REG_TWO_WB);
		if (mask && mask != all)
			rfm_cov_hit(m, RFM_TCOV_PARTIAL_WRITE);
		if ((mask & all) == all)
			memcpy(rfm_top_gold(t, a->warp, a->reg), rfm_wide(m, t->ix.wd[p]), t->wq * 4u);
		else
			for (l = 0; l < c->rf_lanes; l++)
				if ((mask >> l) & 1u)
					rfm_bits_copy(rfm_top_gold(t, a->warp, a->reg), l * lb, rfm_wide(m, t->ix.wd[p]), l * lb, lb);
		*rfm_top_known(t, a->warp, a->reg) |= mask & all;
		for (i = 0; i < t->nfly; i++)
			for (s = 0; s < t->fly[i].nsrc; s++)
				if (t->fly[i].warp == a->warp && t->fly[i].valid[s] && t->fly[i].reg[s] == a->reg && !t->fly[i].taint[s]) {
					t->fly[i].taint[s] = 1;
					rfm_cov_hit(m, RFM_TCOV_HAZARD);
				}
	}
	if (rdbanks & wrbanks)
		rfm_cov_hit(m, RFM_TCOV_WR_RD_BANK);
}

static void book(rfm_top_t *t)
{
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	unsigned k, s, j, nacc = 0;
	if (t->be.nconf)
		rfm_cov_hit(m, RFM_TCOV_CONFLICT);
	if (t->be.nwconf)
		rfm_cov_hit(m, RFM_TCOV_WBLOCK);
	if (t->cout.busy == rfm_mask64(c->sm_collectors))
		rfm_cov_hit(m, RFM_TCOV_ALLBUSY);
	if (rfm_get(m, t->ix.accerr))
		rfm_cov_hit(m, RFM_TCOV_OUTSIDE);
	book_dispatch_wb(t);
	for (j = 0; j < t->n_post; j++)
		t->h_post[j].fn(t, t->h_post[j].pi);
	for (k = 0; k < c->sm_schedulers; k++) { /* issues accepted this cycle */
		rfm_fly_t *f;
		unsigned bk0 = 0, same = 0;
		if (!t->iv[k])
			continue;
		if (!t->ready[k]) {
			rfm_cov_hit(m, RFM_TCOV_STALL);
			continue;
		}
		if (t->nfly == RFM_TOP_MAXFLY)
			break; /* more than the collectors: the verdict of the dispatches reports it */
		nacc++;
		f = &t->fly[t->nfly++];
		memset(f, 0, sizeof(*f));
		f->tag = (unsigned)t->cin.tag[k] & (unsigned)rfm_mask64(c->sm_tag_bits);
		f->warp = t->cin.warp[k];
		f->nsrc = c->sm_operands;
		f->amask = t->cin.amask[k] & rfm_mask64(c->rf_lanes);
		for (s = 0; s < c->sm_operands; s++) {
			const rfm_acc_t *a = &t->src[k][s];
			f->valid[s] = a->valid;
			f->reg[s] = a->reg;
			f->err[s] = a->err || a->drop;
			f->bank[s] = a->bank;
			f->attr[s] = a->attr;
			if (f->valid[s] && !f->err[s]) {
				if (!same)
					bk0 = f->bank[s];
				same += f->bank[s] == bk0;
			}
		}
		if (same == 3)
			rfm_cov_hit(m, RFM_TCOV_THREE_ONE_BANK);
	}
	if (nacc >= 2)
		rfm_cov_hit(m, RFM_TCOV_DUAL_ISSUE);
	if (t->ln.valid && t->ln.ok) { /* launch: takes effect at the clock edge */
		if (t->skw)
			rfm_cov_hit(m, RFM_TCOV_RELAUNCH);
		t->skw = t->ln.warps;
		t->skr = t->ln.regs;
		memset(t->known, 0, (size_t)c->sm_warps * c->sm_regs_per_thread * sizeof(uint64_t));
	} else if (t->ln.valid) {
		rfm_cov_hit(m, RFM_TCOV_LAUNCH_REFUSED);
	}
}

int rfm_top_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_top_t *t = (rfm_top_t *)m;
	int bad = 0;
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst))
		return 0;
	if (t->verdict)
		bad = verdict(t, cycle, err);
	if (t->verdict && t->nfly == RFM_TOP_MAXFLY) {
		unsigned k;
		for (k = 0; k < m->cfg->sm_schedulers; k++)
			if (t->iv[k] && t->ready[k]) {
				fprintf(err, "cycle %llu: rf_top golden: more instructions in flight than collectors\n",
					(unsigned long long)cycle);
				bad = 1;
			}
	}
	book(t);
	return bad;
}
