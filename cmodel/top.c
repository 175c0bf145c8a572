/* top.c - model of rf_top: the baseline SM register file, composed of the block models exactly
 * as the RTL composes the modules (docs/semantics.md, "rf_top").
 *
 * The stimulus is a small GPU front end: it launches kernels, writes back results and issues
 * instructions that are legal for the running kernel, and avoids (with rare, deliberate
 * exceptions) writing a register that an issued instruction still has to read, as a scoreboard
 * would. The checker keeps a golden copy of every architected register and checks each
 * dispatched operand against it, lane by lane, and recounts every counter.
 */
#include <stdlib.h>

#include "rfm_models.h"

const char *const rfm_cnt_names[RFM_CNT_N] = {"conflict", "wconflict", "stall", "read", "write", "dispatch"};

enum {
	COV_THREE_ONE_BANK, COV_WR_RD_BANK, COV_ALLBUSY, COV_DISP_THREE_BANKS, COV_CONFLICT, COV_WBLOCK,
	COV_STALL, COV_LAUNCH_REFUSED, COV_RELAUNCH, COV_OUTSIDE, COV_HAZARD, COV_DUAL_ISSUE, COV_DUAL_DISP,
	COV_PARTIAL_WRITE, COV_SAME_REG_TWO_WB, COV_RM_EXT_READ, COV_RM_NOSECT, COV_RM_STALL, COV_RM_EXIT,
	COV_RM_FULL, COV_RM_RELEASE, COV_N
};
static const char *const cov_names[COV_N] = {
	"three_operands_one_bank", "write_and_read_one_bank", "all_collectors_busy",
	"dispatch_from_three_banks", "bank_conflict", "write_blocks_read", "issue_stall", "launch_refused",
	"relaunch", "access_outside_kernel", "write_to_register_in_flight", "two_issues_one_cycle",
	"two_dispatches_one_cycle", "partial_lane_write", "one_register_two_writebacks",
	"regmutex_extended_register_read_back", "regmutex_extended_access_without_set", "regmutex_acquire_stalled",
	"regmutex_exit_releases", "regmutex_all_sections_taken", "regmutex_release"};

/* RegMutex counters of rf_top (docs/regmutex.md, "rf_top with RegMutex"), in port order. */
enum { RM_CNT_ACQUIRE, RM_CNT_ACQ_STALL, RM_CNT_RELEASE, RM_CNT_N };
static const char *const rm_cnt_names[RM_CNT_N] = {"acquire", "acq_stall", "release"};

#define MAXFLY (RFM_MAXC + RFM_MAXS)

/* An issued instruction not yet dispatched, as the checker sees it. */
typedef struct fly {
	unsigned tag, warp, nsrc;
	uint8_t valid[RFM_MAXOP], err[RFM_MAXOP], taint[RFM_MAXOP];
	unsigned reg[RFM_MAXOP], bank[RFM_MAXOP];
} fly_t;

typedef struct top_ix {
	unsigned clk, rst;
	unsigned lv, lw, lr, lerr;
	unsigned wv[RFM_MAXW], ww[RFM_MAXW], wr[RFM_MAXW], wm[RFM_MAXW], wd[RFM_MAXW];
	unsigned iv[RFM_MAXS], ir[RFM_MAXS], it[RFM_MAXS], iw[RFM_MAXS];
	unsigned isv[RFM_MAXS][RFM_MAXOP], isr[RFM_MAXS][RFM_MAXOP];
	unsigned dv[RFM_MAXS], dt[RFM_MAXS], dw[RFM_MAXS], dop[RFM_MAXS][RFM_MAXOP];
	unsigned idle, accerr, cnt[RFM_CNT_N];
	/* RegMutex */
	unsigned lext, lsect;
	unsigned av[RFM_MAXS], arel[RFM_MAXS], aw[RFM_MAXS], ag[RFM_MAXS], ast[RFM_MAXS], asect[RFM_MAXS];
	unsigned xv, xw, full, xerr, rmcnt[RM_CNT_N];
} top_ix_t;

typedef struct rfm_top {
	rfm_model_t m;
	top_ix_t ix;
	/* sub-blocks; rf_map and rf_xbar are applied as their functions (rfm_map_fn, the routing in
	 * top_eval), which their own co-simulations check against their RTL */
	rfm_coll_t *coll;
	rfm_arb_t *arb;
	rfm_bank_t **bank;
	/* state */
	unsigned kwarps_q, kregs_q, lerr_q, acc_q;
	uint64_t cnt_q[RFM_CNT_N];
	/* from eval, for tick */
	rfm_coll_in_t cin;           /* collector inputs of this cycle */
	rfm_coll_out_t cout;         /* collector outputs */
	rfm_arb_in_t ain;            /* arbiter inputs (write-back locations included) */
	rfm_arb_out_t aout;          /* arbiter outputs */
	unsigned wok[RFM_MAXW];      /* write-back p is performed */
	uint8_t serr[RFM_MAXS][RFM_MAXOP]; /* issued source outside the kernel */
	uint32_t *zero;              /* a zero warp register */
	uint64_t cnt_d[RFM_CNT_N];
	unsigned acc_d;
	/* RegMutex: the running kernel's sets, the allocator, the access-error flag, counters */
	int rm, paired;                 /* [regmutex] enable, paired */
	rfm_srp_kernel_t kq;            /* running kernel (warps, regs mirror kwarps_q, kregs_q) */
	unsigned xerr_q, xerr_d;
	rfm_srp_state_t sq, sd;         /* allocator state, next state */
	rfm_srp_in_t sin;
	rfm_srp_out_t sout;
	uint64_t rmcnt_q[RM_CNT_N], rmcnt_d[RM_CNT_N], rmshadow[RM_CNT_N];
	unsigned skbs;                  /* base set the stimulus believes runs */
	uint64_t swait;                 /* warps whose last acquire stalled (they retry) */
	/* stimulus and checker */
	unsigned skw, skr;           /* kernel the stimulus believes runs */
	uint64_t launch_window;      /* last 1024-cycle phase that considered a relaunch, plus one */
	uint32_t *gold;              /* warps * regs_per_thread golden registers */
	uint64_t *known;             /* lanes of each golden register written since the launch */
	fly_t fly[MAXFLY];
	unsigned nfly;
	uint64_t shadow[RFM_CNT_N];  /* recount of the counters */
	unsigned wq;                 /* words per warp register */
} rfm_top_t;

static int ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	top_ix_t *ix = ixv;
	unsigned p, k, s, d, i, W = c->d.wreg_bits;
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low", "rst_ni");
	rfm_ports_group(pt, "kernel launch");
	ix->lv = rfm_ports_add(pt, RFM_IN, 1, "a kernel is launched", "launch_valid_i");
	ix->lw = rfm_ports_add(pt, RFM_IN, c->d.nwarps_w, "its resident warps", "launch_warps_i");
	ix->lr = rfm_ports_add(pt, RFM_IN, c->d.nregs_w, "its registers per thread", "launch_regs_i");
	if (c->regmutex_enable == RFM_ON) {
		ix->lext = rfm_ports_add(pt, RFM_IN, c->d.nregs_w, "RegMutex: its extended set size Es (Bs = regs - Es)",
					 "launch_ext_i");
		if (c->regmutex_paired != RFM_ON)
			ix->lsect = rfm_ports_add(pt, RFM_IN, c->d.nwarps_w, "RegMutex: its SRP sections",
						  "launch_sections_i");
	}
	ix->lerr = rfm_ports_add(pt, RFM_OUT, 1, "the last launch was refused (does not fit)", "launch_err_o");
	for (p = 0; p < c->rf_write_ports; p++) {
		rfm_ports_group(pt, "write-back port %u", p);
		ix->wv[p] = rfm_ports_add(pt, RFM_IN, 1, "a result is written", "wb%u_valid_i", p);
		ix->ww[p] = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "warp slot", "wb%u_warp_i", p);
		ix->wr[p] = rfm_ports_add(pt, RFM_IN, c->d.reg_w, "architected register", "wb%u_reg_i", p);
		ix->wm[p] = rfm_ports_add(pt, RFM_IN, c->rf_lanes, "lanes written", "wb%u_mask_i", p);
		ix->wd[p] = rfm_ports_add(pt, RFM_IN, W, "value, lane l in bits [l*lane_bits +: lane_bits]", "wb%u_data_i", p);
	}
	for (k = 0; k < c->sm_schedulers; k++) {
		rfm_ports_group(pt, "issue port %u", k);
		ix->iv[k] = rfm_ports_add(pt, RFM_IN, 1, "an instruction is offered", "iss%u_valid_i", k);
		ix->ir[k] = rfm_ports_add(pt, RFM_OUT, 1, "a collector takes it this cycle", "iss%u_ready_o", k);
		ix->it[k] = rfm_ports_add(pt, RFM_IN, c->sm_tag_bits, "tag carried to dispatch", "iss%u_tag_i", k);
		ix->iw[k] = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "warp slot", "iss%u_warp_i", k);
		for (s = 0; s < c->sm_operands; s++) {
			ix->isv[k][s] = rfm_ports_add(pt, RFM_IN, 1, "source operand used", "iss%u_src%u_valid_i", k, s);
			ix->isr[k][s] = rfm_ports_add(pt, RFM_IN, c->d.reg_w, "its register", "iss%u_src%u_reg_i", k, s);
		}
	}
	if (c->regmutex_enable == RFM_ON) {
		for (k = 0; k < c->sm_schedulers; k++) {
			rfm_ports_group(pt, "RegMutex acquire/release port %u", k);
			ix->av[k] = rfm_ports_add(pt, RFM_IN, 1, "an acquire or release instruction", "acq%u_valid_i", k);
			ix->arel[k] = rfm_ports_add(pt, RFM_IN, 1, "1: release, 0: acquire", "acq%u_release_i", k);
			ix->aw[k] = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "warp slot", "acq%u_warp_i", k);
			ix->ag[k] = rfm_ports_add(pt, RFM_OUT, 1, "done: the warp moves on", "acq%u_grant_o", k);
			ix->ast[k] = rfm_ports_add(pt, RFM_OUT, 1, "no free section: the warp retries", "acq%u_stall_o", k);
			ix->asect[k] = rfm_ports_add(pt, RFM_OUT, c->d.warp_w,
						     c->regmutex_paired == RFM_ON ? "pair of the granted acquire"
										: "SRP section of the granted acquire",
						     "acq%u_sect_o", k);
		}
		rfm_ports_group(pt, "RegMutex warp exit");
		ix->xv = rfm_ports_add(pt, RFM_IN, 1, "a warp exits: its extended set is released", "exit_valid_i");
		ix->xw = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "its warp slot", "exit_warp_i");
	}
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
	if (c->regmutex_enable == RFM_ON) {
		if (c->regmutex_paired != RFM_ON)
			ix->full = rfm_ports_add(pt, RFM_OUT, 1, "RegMutex: no free SRP section", "srp_full_o");
		ix->xerr = rfm_ports_add(pt, RFM_OUT, 1,
					 "RegMutex: last cycle saw an extended register of a warp without a set (dropped)",
					 "xerr_o");
	}
	rfm_ports_group(pt, "event counters (wrap around)");
	for (i = 0; i < RFM_CNT_N; i++) {
		static const char *const help[RFM_CNT_N] = {
			"read requests denied by other reads", "read requests denied by a write-back",
			"cycles x issue ports offered but not ready", "bank reads granted",
			"write-backs performed", "instructions dispatched"};
		ix->cnt[i] = rfm_ports_add(pt, RFM_OUT, c->stats_counter_bits, help[i], "cnt_%s_o", rfm_cnt_names[i]);
	}
	if (c->regmutex_enable == RFM_ON) {
		static const char *const help[RM_CNT_N] = {"RegMutex: extended sets granted",
							   "RegMutex: acquires stalled (each retry counts)",
							   "RegMutex: extended sets released (release or exit)"};
		for (i = 0; i < RM_CNT_N; i++)
			ix->rmcnt[i] = rfm_ports_add(pt, RFM_OUT, c->stats_counter_bits, help[i], "cnt_%s_o", rm_cnt_names[i]);
	}
	return 0;
}

int rfm_rf_top_ports(const rfm_cfg_t *c, rfm_ports_t *pt)
{
	top_ix_t ix;
	return ports(c, pt, &ix);
}

static void top_reset(rfm_model_t *m)
{
	rfm_top_t *t = (rfm_top_t *)m;
	unsigned b;
	t->kwarps_q = t->kregs_q = t->lerr_q = t->acc_q = t->xerr_q = 0;
	memset(t->cnt_q, 0, sizeof(t->cnt_q));
	memset(t->rmcnt_q, 0, sizeof(t->rmcnt_q));
	memset(&t->kq, 0, sizeof(t->kq));
	rfm_srp_launch_state(m->cfg, 0, &t->sq);
	t->coll->m.ops->reset(&t->coll->m);
	t->arb->m.ops->reset(&t->arb->m);
	for (b = 0; b < m->cfg->rf_banks; b++)
		t->bank[b]->m.ops->reset(&t->bank[b]->m);
}

/* Launch rule (docs/semantics.md, "Kernel launch"; with RegMutex docs/regmutex.md). */
static int launch_ok(const rfm_top_t *t)
{
	const rfm_model_t *m = &t->m;
	unsigned w = (unsigned)rfm_get(m, t->ix.lw), r = (unsigned)rfm_get(m, t->ix.lr);
	if (!t->rm)
		return rfm_launch_fits(m->cfg, w, r);
	return rfm_rm_launch_fits(m->cfg, w, r, (unsigned)rfm_get(m, t->ix.lext),
				  t->paired ? 0 : (unsigned)rfm_get(m, t->ix.lsect));
}

/* Location of (warp, reg) in the running kernel: rf_map, or RegMutex's translation.
 * Returns 0, RFM_XL_OUTSIDE or RFM_XL_NOSECT (bank and row 0). */
static int top_map(const rfm_top_t *t, unsigned warp, unsigned reg, unsigned *bank, unsigned *row)
{
	unsigned pack;
	if (!t->rm)
		return rfm_map_fn(t->m.cfg, t->kwarps_q, t->kregs_q, warp, reg, bank, row);
	return rfm_srp_xlate_fn(t->m.cfg, &t->kq, &t->sq, warp, reg, &pack, bank, row);
}

static void top_eval(rfm_model_t *m)
{
	rfm_top_t *t = (rfm_top_t *)m;
	const rfm_cfg_t *c = m->cfg;
	rfm_coll_t *u = t->coll;
	rfm_coll_in_t *cin = &t->cin;
	rfm_arb_in_t *ain = &t->ain;
	unsigned p, k, s, b, q, d, n, acc = 0, xacc = 0;

	/* write-back mapping (rf_map, or rf_srp_xlate with RegMutex: the same functions) */
	for (p = 0; p < c->rf_write_ports; p++) {
		unsigned bk, row, err = (unsigned)top_map(t, (unsigned)rfm_get(m, t->ix.ww[p]), (unsigned)rfm_get(m, t->ix.wr[p]),
							  &bk, &row);
		unsigned valid = (unsigned)rfm_get(m, t->ix.wv[p]);
		t->wok[p] = valid && !err;
		ain->wen[p] = (uint8_t)t->wok[p];
		ain->wbank[p] = (uint8_t)bk;
		ain->wentry[p] = (uint16_t)row;
		acc |= valid && err == RFM_XL_OUTSIDE;
		xacc |= valid && err == RFM_XL_NOSECT;
	}
	/* issue: source operands mapped into the collectors */
	for (k = 0; k < c->sm_schedulers; k++) {
		unsigned warp = (unsigned)rfm_get(m, t->ix.iw[k]);
		cin->valid[k] = (uint8_t)rfm_get(m, t->ix.iv[k]);
		cin->tag[k] = (unsigned)rfm_get(m, t->ix.it[k]);
		cin->warp[k] = warp;
		for (s = 0; s < c->sm_operands; s++) {
			unsigned bk, row;
			t->serr[k][s] = (uint8_t)top_map(t, warp, (unsigned)rfm_get(m, t->ix.isr[k][s]), &bk, &row);
			cin->sv[k][s] = rfm_get(m, t->ix.isv[k][s]) && !t->serr[k][s];
			cin->sb[k][s] = (uint8_t)bk;
			cin->se[k][s] = (uint16_t)row;
		}
	}
	rfm_coll_comb(u, cin, &t->cout);
	for (k = 0; k < c->sm_schedulers; k++) {
		rfm_set(m, t->ix.ir[k], t->cout.ready[k]);
		if (cin->valid[k] && t->cout.ready[k])
			for (s = 0; s < c->sm_operands; s++)
				if (rfm_get(m, t->ix.isv[k][s]) && t->serr[k][s]) {
					acc |= t->serr[k][s] == RFM_XL_OUTSIDE;
					xacc |= t->serr[k][s] == RFM_XL_NOSECT;
				}
	}
	/* arbiter */
	ain->req = t->cout.req;
	for (q = 0; q < c->d.nq; q++) {
		ain->bank[q] = (uint8_t)u->bank_q[q];
		ain->entry[q] = (uint16_t)u->entry_q[q];
	}
	t->arb->m.mutate = m->mutate; /* planted fault 1 lives in the arbiter */
	rfm_arb_comb(t->arb, ain, &t->aout);
	/* banks: read data is registered, so eval only assembles the sub-bank outputs */
	for (b = 0; b < c->rf_banks; b++)
		rfm_model_eval(&t->bank[b]->m);
	/* outputs */
	for (d = 0; d < c->sm_schedulers; d++) {
		int pick = t->cout.dsel[d];
		rfm_set(m, t->ix.dv[d], pick >= 0);
		rfm_set(m, t->ix.dt[d], pick >= 0 ? u->tag_q[pick] : 0);
		rfm_set(m, t->ix.dw[d], pick >= 0 ? u->warp_q[pick] : 0);
		for (s = 0; s < c->sm_operands; s++) {
			uint32_t *o = rfm_wide(m, t->ix.dop[d][s]);
			if (pick >= 0)
				memcpy(o, rfm_coll_operand(u, (unsigned)pick, s), t->wq * 4u);
			else
				memset(o, 0, t->wq * 4u);
		}
	}
	rfm_set(m, t->ix.idle, t->cout.busy == 0);
	rfm_set(m, t->ix.accerr, t->acc_q);
	rfm_set(m, t->ix.lerr, t->lerr_q);
	for (n = 0; n < RFM_CNT_N; n++)
		rfm_set(m, t->ix.cnt[n], t->cnt_q[n]);
	/* next state of the counters */
	t->cnt_d[RFM_CNT_CONFLICT] = t->aout.nconf;
	t->cnt_d[RFM_CNT_WCONFLICT] = t->aout.nwconf;
	t->cnt_d[RFM_CNT_READ] = rfm_popcount64(t->aout.gnt);
	t->cnt_d[RFM_CNT_STALL] = t->cnt_d[RFM_CNT_WRITE] = t->cnt_d[RFM_CNT_DISPATCH] = 0;
	for (k = 0; k < c->sm_schedulers; k++)
		t->cnt_d[RFM_CNT_STALL] += cin->valid[k] && !t->cout.ready[k];
	for (p = 0; p < c->rf_write_ports; p++)
		t->cnt_d[RFM_CNT_WRITE] += t->wok[p];
	for (d = 0; d < c->sm_schedulers; d++)
		t->cnt_d[RFM_CNT_DISPATCH] += t->cout.dsel[d] >= 0;
	t->acc_d = acc;
	t->xerr_d = xacc;
	if (t->rm) { /* RegMutex allocator (rf_srp_ctrl: the same function); planted faults 4 and 5 */
		rfm_srp_in_t *si = &t->sin;
		si->launch = rfm_get(m, t->ix.lv) && launch_ok(t);
		si->nsect = t->paired ? 0 : (unsigned)rfm_get(m, t->ix.lsect);
		for (k = 0; k < c->sm_schedulers; k++) {
			si->valid[k] = (uint8_t)rfm_get(m, t->ix.av[k]);
			si->rel[k] = (uint8_t)rfm_get(m, t->ix.arel[k]);
			si->warp[k] = (unsigned)rfm_get(m, t->ix.aw[k]);
		}
		si->exit_valid = (uint8_t)rfm_get(m, t->ix.xv);
		si->exit_warp = (unsigned)rfm_get(m, t->ix.xw);
		rfm_srp_comb(c, &t->sq, si, &t->sout, &t->sd, m->mutate);
		for (k = 0; k < c->sm_schedulers; k++) {
			rfm_set(m, t->ix.ag[k], t->sout.grant[k]);
			rfm_set(m, t->ix.ast[k], t->sout.stall[k]);
			rfm_set(m, t->ix.asect[k], t->sout.sect[k]);
		}
		if (!t->paired)
			rfm_set(m, t->ix.full, t->sout.full);
		rfm_set(m, t->ix.xerr, t->xerr_q);
		for (n = 0; n < RM_CNT_N; n++)
			rfm_set(m, t->ix.rmcnt[n], t->rmcnt_q[n]);
		t->rmcnt_d[RM_CNT_ACQUIRE] = t->sout.nacq;
		t->rmcnt_d[RM_CNT_ACQ_STALL] = t->sout.nstall;
		t->rmcnt_d[RM_CNT_RELEASE] = t->sout.nfree;
	}
}

static void top_tick(rfm_model_t *m)
{
	rfm_top_t *t = (rfm_top_t *)m;
	const rfm_cfg_t *c = m->cfg;
	rfm_coll_t *u = t->coll;
	rfm_coll_edge_t e;
	unsigned b, n, p, q;
	for (n = 0; n < RFM_CNT_N; n++)
		t->cnt_q[n] = (t->cnt_q[n] + t->cnt_d[n]) & rfm_mask64(c->stats_counter_bits);
	t->acc_q = t->acc_d;
	if (t->rm) {
		for (n = 0; n < RM_CNT_N; n++)
			t->rmcnt_q[n] = (t->rmcnt_q[n] + t->rmcnt_d[n]) & rfm_mask64(c->stats_counter_bits);
		t->xerr_q = t->xerr_d;
		t->sq = t->sd;
	}
	if (rfm_get(m, t->ix.lv)) {
		unsigned w = (unsigned)rfm_get(m, t->ix.lw), r = (unsigned)rfm_get(m, t->ix.lr);
		if (launch_ok(t)) {
			t->kwarps_q = w;
			t->kregs_q = r;
			t->lerr_q = 0;
			if (t->rm) {
				unsigned es = (unsigned)rfm_get(m, t->ix.lext);
				t->kq.warps = w;
				t->kq.regs = r;
				t->kq.es = es;
				t->kq.bs = r - es;
				t->kq.srp = t->paired ? 0 : w * (r - es);
				t->kq.nsect = t->paired ? 0 : (unsigned)rfm_get(m, t->ix.lsect);
			}
		} else {
			t->lerr_q = 1;
		}
	}
	/* crossbar (rf_xbar's rule): a slot with a read in flight takes source bank * read_ports +
	 * port. Planted fault 2: slot 0 takes the neighbouring source. */
	e.gnt = t->aout.gnt;
	for (q = 0; q < c->d.nq; q++) {
		e.port[q] = t->aout.port[q];
		e.data[q] = t->zero;
		if (u->fly_q[q]) {
			unsigned sel = (u->bank_q[q] * c->rf_read_ports + u->port_q[q]) ^ (m->mutate == 2 && q == 0);
			if (sel < c->d.src_n)
				e.data[q] = rfm_wide(&t->bank[sel / c->rf_read_ports]->m,
						     t->bank[sel / c->rf_read_ports]->ix.rdata[sel % c->rf_read_ports]);
		}
	}
	rfm_coll_clock(u, &t->cin, &e);
	rfm_arb_clock(t->arb);
	for (b = 0; b < c->rf_banks; b++) {
		rfm_bank_t *bk = t->bank[b];
		for (p = 0; p < c->rf_write_ports; p++) {
			rfm_set(&bk->m, bk->ix.wen[p], t->wok[p] && t->ain.wbank[p] == b);
			rfm_set(&bk->m, bk->ix.waddr[p], t->ain.wentry[p]);
			rfm_set(&bk->m, bk->ix.wmask[p], rfm_get(m, t->ix.wm[p]));
			memcpy(rfm_wide(&bk->m, bk->ix.wdata[p]), rfm_wide(m, t->ix.wd[p]), t->wq * 4u);
		}
		for (p = 0; p < c->rf_read_ports; p++) {
			rfm_set(&bk->m, bk->ix.ren[p], t->aout.ren[b][p]);
			rfm_set(&bk->m, bk->ix.raddr[p], t->aout.raddr[b][p]);
		}
		bk->m.mutate = m->mutate; /* planted fault 3 lives in the storage arrays */
		rfm_model_tick(&bk->m);
	}
}

/* ---- stimulus ---------------------------------------------------------------------------- */

static fly_t *fly_find(rfm_top_t *t, unsigned tag)
{
	unsigned i;
	for (i = 0; i < t->nfly; i++)
		if (t->fly[i].tag == tag)
			return &t->fly[i];
	return NULL;
}

/* Register (warp, reg) is a source of an instruction in flight. */
static int in_flight(const rfm_top_t *t, unsigned warp, unsigned reg)
{
	unsigned i, s;
	for (i = 0; i < t->nfly; i++)
		for (s = 0; s < t->fly[i].nsrc; s++)
			if (t->fly[i].warp == warp && t->fly[i].valid[s] && !t->fly[i].err[s] && t->fly[i].reg[s] == reg)
				return 1;
	return 0;
}

/* An instruction in flight of warp w still has to read one of its extended registers. */
static int in_flight_ext(const rfm_top_t *t, unsigned warp)
{
	unsigned i, s;
	for (i = 0; i < t->nfly; i++)
		for (s = 0; s < t->fly[i].nsrc; s++)
			if (t->fly[i].warp == warp && t->fly[i].valid[s] && !t->fly[i].err[s] && t->fly[i].reg[s] >= t->kq.bs)
				return 1;
	return 0;
}

/* A register for an access of warp w: any of the kernel's registers if w holds its extended set
 * (an extended one half of the time), else one of its base set. */
static unsigned stim_reg(const rfm_top_t *t, rfm_rng_t *r, unsigned w, uint64_t nohold)
{
	int hold = t->rm && ((t->sq.status & ~nohold) >> w) & 1u;
	if (!t->rm)
		return (unsigned)rfm_rng_below(r, t->skr);
	if (hold && t->skr > t->skbs && rfm_rng_chance(r, 1, 2))
		return t->skbs + (unsigned)rfm_rng_below(r, t->skr - t->skbs);
	return (unsigned)rfm_rng_below(r, hold ? t->skr : t->skbs);
}

/* A RegMutex kernel launch: mostly the reference kernel, sometimes another that fits, sometimes
 * one that does not (no section, too many sections, no base set). */
static void stim_rm_launch(rfm_top_t *t, rfm_rng_t *r)
{
	const rfm_cfg_t *c = t->m.cfg;
	unsigned w = c->d.rm_warps, g = c->d.rm_regs, es = c->d.rm_es, tries;
	for (tries = 0; tries < 32 && rfm_rng_chance(r, 1, 3); tries++) {
		unsigned tw = 1 + (unsigned)rfm_rng_below(r, c->sm_warps), tg = 1 + (unsigned)rfm_rng_below(r, c->sm_regs_per_thread);
		unsigned te = (unsigned)rfm_rng_below(r, tg);
		if (rfm_rm_launch_fits(c, tw, tg, te, t->paired ? 0 : rfm_rm_sections(c, tw, tg - te, te))) {
			w = tw, g = tg, es = te;
			break;
		}
	}
	rfm_set(&t->m, t->ix.lv, 1);
	rfm_set(&t->m, t->ix.lw, w);
	rfm_set(&t->m, t->ix.lr, g);
	rfm_set(&t->m, t->ix.lext, es);
	if (!t->paired)
		rfm_set(&t->m, t->ix.lsect, rfm_rm_sections(c, w, g - es, es));
	if (rfm_rng_chance(r, 1, 4)) { /* refused */
		switch (rfm_rng_below(r, 3)) {
		case 0: rfm_set(&t->m, t->ix.lext, g); break;                        /* no base set */
		case 1: if (!t->paired) rfm_set(&t->m, t->ix.lsect, es ? 0 : 1); else rfm_set(&t->m, t->ix.lw, 0); break;
		default:
			if (!t->paired)
				rfm_set(&t->m, t->ix.lsect, rfm_rm_sections(c, w, g - es, es) + 1u); /* one too many */
			else
				rfm_set(&t->m, t->ix.lr, 0);
		}
	}
}

/* RegMutex acquire/release requests and warp exits of this cycle; returns the warps that give up
 * their extended set this cycle (their extended registers are not accessed any more). */
static uint64_t stim_rm_requests(rfm_top_t *t, rfm_rng_t *r, uint64_t cycle)
{
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	unsigned k, phase = (unsigned)(cycle / 256) % 3;
	uint64_t used = 0, leaving = 0;
	/* the acquires that stalled last cycle are retried */
	for (k = 0; k < c->sm_schedulers; k++)
		if (t->sin.valid[k] && !t->sin.rel[k] && !t->sin.launch && t->sin.warp[k] < 64) {
			if (t->sout.stall[k])
				t->swait |= 1ull << t->sin.warp[k];
			else
				t->swait &= ~(1ull << t->sin.warp[k]);
		}
	t->swait &= rfm_mask64(t->skw);
	for (k = 0; k < c->sm_schedulers; k++) {
		unsigned w = (unsigned)rfm_rng_below(r, t->skw), rel;
		uint64_t held = t->sq.status & rfm_mask64(t->skw), cand;
		if (!rfm_rng_chance(r, 1, 3))
			continue;
		/* phase 0 mostly acquires, phase 1 mostly releases, phase 2 both */
		rel = rfm_rng_chance(r, phase == 0 ? 1 : phase == 1 ? 3 : 2, 4);
		cand = rel ? held : t->swait ? t->swait : ~held & rfm_mask64(t->skw);
		if (rfm_rng_chance(r, 1, 8))
			cand = 0; /* any warp: an acquire while holding or a release while not holding now and then */
		cand &= ~used;
		if (cand) {
			unsigned j = (unsigned)rfm_rng_below(r, 64);
			while (!((cand >> (j & 63u)) & 1u))
				j++;
			w = j & 63u;
		} else if (((used >> w) & 1u) && !rfm_rng_chance(r, 1, 8)) {
			continue; /* mostly one request per warp and cycle */
		}
		if (rel && ((held >> w) & 1u) && in_flight_ext(t, w))
			continue; /* a release waits until the warp's reads of extended registers are done */
		used |= 1ull << w;
		if (rel)
			leaving |= 1ull << w;
		rfm_set(m, t->ix.av[k], 1);
		rfm_set(m, t->ix.arel[k], rel);
		rfm_set(m, t->ix.aw[k], w);
	}
	if (rfm_rng_chance(r, 1, 64)) { /* a warp exits (its slot's next warp starts released) */
		unsigned w = (unsigned)rfm_rng_below(r, t->skw);
		if (!in_flight_ext(t, w)) {
			rfm_set(m, t->ix.xv, 1);
			rfm_set(m, t->ix.xw, w);
			leaving |= 1ull << w;
		}
	}
	return leaving;
}

static void top_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_top_t *t = (rfm_top_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned p, k, s, used_tags[RFM_MAXS], nused = 0;
	int idle = t->nfly == 0, drain, busy_phase;
	uint64_t leaving = 0;

	rfm_clear_inputs(m);
	if (cycle < 2)
		return;
	/* Phases of 1024 cycles: the last 64 issue nothing, so the collectors drain and a new kernel
	 * can be launched; odd phases write back less and issue more. */
	drain = (cycle % 1024) >= 960;
	busy_phase = (cycle / 1024) % 2;
	if (!t->skw || (idle && drain && t->launch_window != cycle / 1024 + 1)) {
		unsigned w, g;
		int relaunch = !t->skw || rfm_rng_chance(r, 1, 2);
		t->launch_window = cycle / 1024 + 1; /* at most one launch decision per drain phase */
		if (!relaunch)
			return;
		if (t->rm) {
			stim_rm_launch(t, r);
			return;
		}
		rfm_random_kernel(c, r, &w, &g);
		if (rfm_rng_chance(r, 1, 4)) { /* a kernel that does not fit, or an empty one */
			w = rfm_rng_chance(r, 1, 2) ? c->sm_warps : 0;
			g = rfm_rng_chance(r, 1, 8) ? 0 : c->sm_regs_per_thread;
		}
		rfm_set(m, t->ix.lv, 1);
		rfm_set(m, t->ix.lw, w);
		rfm_set(m, t->ix.lr, g);
		return;
	}
	if (t->rm)
		leaving = stim_rm_requests(t, r, cycle);
	for (p = 0; p < c->rf_write_ports; p++) {
		unsigned w, g, tries, mk = (unsigned)rfm_rng_below(r, 16);
		uint64_t mask;
		if (!rfm_rng_chance(r, 1, busy_phase ? 4 : 2))
			continue;
		w = (unsigned)rfm_rng_below(r, t->skw);
		g = stim_reg(t, r, w, 0);
		for (tries = 0; tries < 4 && in_flight(t, w, g); tries++) {
			w = (unsigned)rfm_rng_below(r, t->skw);
			g = stim_reg(t, r, w, 0);
		}
		if (in_flight(t, w, g) && !rfm_rng_chance(r, 1, 16))
			continue;
		if (t->nfly && rfm_rng_chance(r, 1, 256)) { /* deliberately: a source still to be read */
			const fly_t *f = &t->fly[rfm_rng_below(r, t->nfly)];
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
		rfm_rng_fill(r, rfm_wide(m, t->ix.wd[p]), c->d.wreg_bits);
	}
	for (k = 0; k < c->sm_schedulers; k++) {
		unsigned tag = 0, tries, w, base;
		int same_bank = rfm_rng_chance(r, 1, 8);
		if (drain || !rfm_rng_chance(r, busy_phase ? 3 : 1, busy_phase ? 4 : 3))
			continue;
		for (tries = 0; tries < 8; tries++) {
			unsigned j, clash = 0;
			tag = (unsigned)rfm_rng_below(r, 1u << c->sm_tag_bits);
			for (j = 0; j < nused; j++)
				clash |= used_tags[j] == tag;
			if (!clash && !fly_find(t, tag))
				break;
		}
		if (tries == 8)
			continue;
		used_tags[nused++] = tag;
		w = (unsigned)rfm_rng_below(r, t->skw);
		base = stim_reg(t, r, w, leaving);
		rfm_set(m, t->ix.iv[k], 1);
		rfm_set(m, t->ix.it[k], tag);
		rfm_set(m, t->ix.iw[k], w);
		for (s = 0; s < c->sm_operands; s++) {
			unsigned g = stim_reg(t, r, w, leaving);
			if (same_bank && base + s * c->rf_banks < t->skr &&
			    (!t->rm || base + s * c->rf_banks < t->skbs || (((t->sq.status & ~leaving) >> w) & 1u)))
				g = base + s * c->rf_banks;
			if (rfm_rng_chance(r, 1, 128))
				g = (unsigned)rfm_rng_below(r, c->sm_regs_per_thread);
			rfm_set(m, t->ix.isv[k][s], rfm_rng_chance(r, 7, 8));
			rfm_set(m, t->ix.isr[k][s], g);
		}
	}
}

/* ---- checker ----------------------------------------------------------------------------- */

static uint32_t *gold_at(rfm_top_t *t, unsigned w, unsigned g)
{
	return t->gold + ((size_t)w * t->m.cfg->sm_regs_per_thread + g) * t->wq;
}

static int check_operand(rfm_top_t *t, uint64_t cycle, unsigned d, unsigned s, const fly_t *f, FILE *err)
{
	const rfm_cfg_t *c = t->m.cfg;
	const uint32_t *got = rfm_wide(&t->m, t->ix.dop[d][s]);
	unsigned l, lb = c->rf_lane_bits;
	if (!f->valid[s] || f->err[s]) {
		for (l = 0; l < t->wq; l++)
			if (got[l]) {
				fprintf(err, "cycle %llu: rf_top golden: dsp%u_op%u_o of tag %u is not zero for an "
					"unused operand\n", (unsigned long long)cycle, d, s, f->tag);
				return 1;
			}
		return 0;
	}
	if (f->taint[s])
		return 0;
	if (t->rm && f->reg[s] >= t->kq.bs && t->known[(size_t)f->warp * c->sm_regs_per_thread + f->reg[s]])
		rfm_cov_hit(&t->m, COV_RM_EXT_READ);
	if (t->known[(size_t)f->warp * c->sm_regs_per_thread + f->reg[s]] == rfm_mask64(c->rf_lanes) &&
	    !memcmp(gold_at(t, f->warp, f->reg[s]), got, t->wq * 4u))
		return 0; /* every lane known and equal: the common case */
	for (l = 0; l < c->rf_lanes; l++) {
		uint64_t want, have;
		if (!((t->known[(size_t)f->warp * c->sm_regs_per_thread + f->reg[s]] >> l) & 1u))
			continue;
		want = rfm_bits_get(gold_at(t, f->warp, f->reg[s]), l * lb, lb);
		have = rfm_bits_get(got, l * lb, lb);
		if (want != have) {
			fprintf(err, "cycle %llu: rf_top golden: dsp%u_op%u_o (tag %u, warp %u, r%u) lane %u: "
				"expected 0x%llx, got 0x%llx\n", (unsigned long long)cycle, d, s, f->tag, f->warp,
				f->reg[s], l, (unsigned long long)want, (unsigned long long)have);
			return 1;
		}
	}
	return 0;
}

/* RegMutex part of the checker: allocator invariants, counter recount, coverage. */
static int rm_check(rfm_top_t *t, uint64_t cycle, FILE *err)
{
	const rfm_cfg_t *c = t->m.cfg;
	unsigned k;
	if (rfm_srp_invariants(c, &t->sq, t->kq.nsect, cycle, "rf_top", err))
		return 1;
	t->rmshadow[RM_CNT_ACQUIRE] += t->sout.nacq;
	t->rmshadow[RM_CNT_ACQ_STALL] += t->sout.nstall;
	t->rmshadow[RM_CNT_RELEASE] += t->sout.nfree;
	for (k = 0; k < c->sm_schedulers; k++) {
		if (t->sout.stall[k])
			rfm_cov_hit(&t->m, COV_RM_STALL);
		if (t->sin.valid[k] && t->sin.rel[k] && !t->sin.launch && !((t->sout.noop >> k) & 1u))
			rfm_cov_hit(&t->m, COV_RM_RELEASE);
	}
	if (t->sin.exit_valid && !t->sin.launch && ((t->sout.freed >> (t->sin.exit_warp & 63u)) & 1u))
		rfm_cov_hit(&t->m, COV_RM_EXIT);
	if (t->sout.full && t->kq.nsect)
		rfm_cov_hit(&t->m, COV_RM_FULL);
	if (rfm_get(&t->m, t->ix.xerr))
		rfm_cov_hit(&t->m, COV_RM_NOSECT);
	return 0;
}

static int top_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_top_t *t = (rfm_top_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned n, d, s, p, k, i, ndisp = 0, nacc = 0, lb = c->rf_lane_bits;
	int bad = 0;
	uint64_t rdbanks = 0, wrbanks = 0;

	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst))
		return 0;
	/* counters: outputs show the recount of the cycles before this one */
	for (n = 0; n < RFM_CNT_N; n++) {
		if (rfm_get(m, t->ix.cnt[n]) != (t->shadow[n] & rfm_mask64(c->stats_counter_bits))) {
			fprintf(err, "cycle %llu: rf_top recount: cnt_%s_o = %llu, recounted %llu\n",
				(unsigned long long)cycle, rfm_cnt_names[n], (unsigned long long)rfm_get(m, t->ix.cnt[n]),
				(unsigned long long)(t->shadow[n] & rfm_mask64(c->stats_counter_bits)));
			bad = 1;
		}
	}
	if (t->rm) {
		for (n = 0; n < RM_CNT_N; n++)
			if (rfm_get(m, t->ix.rmcnt[n]) != (t->rmshadow[n] & rfm_mask64(c->stats_counter_bits))) {
				fprintf(err, "cycle %llu: rf_top recount: cnt_%s_o = %llu, recounted %llu\n",
					(unsigned long long)cycle, rm_cnt_names[n], (unsigned long long)rfm_get(m, t->ix.rmcnt[n]),
					(unsigned long long)(t->rmshadow[n] & rfm_mask64(c->stats_counter_bits)));
				bad = 1;
			}
		bad |= rm_check(t, cycle, err);
	}
	for (k = 0; k < c->sm_schedulers; k++)
		t->shadow[RFM_CNT_STALL] += rfm_get(m, t->ix.iv[k]) && !rfm_get(m, t->ix.ir[k]);
	for (d = 0; d < c->sm_schedulers; d++)
		t->shadow[RFM_CNT_DISPATCH] += rfm_get(m, t->ix.dv[d]);
	t->shadow[RFM_CNT_CONFLICT] += t->aout.nconf;
	t->shadow[RFM_CNT_WCONFLICT] += t->aout.nwconf;
	for (i = 0; i < c->d.nq; i++) {
		t->shadow[RFM_CNT_READ] += (t->aout.gnt >> i) & 1u;
		if ((t->cout.req >> i) & 1u)
			rdbanks |= 1ull << t->coll->bank_q[i];
	}
	if (t->aout.nconf)
		rfm_cov_hit(m, COV_CONFLICT);
	if (t->aout.nwconf)
		rfm_cov_hit(m, COV_WBLOCK);
	if (t->cout.busy == rfm_mask64(c->sm_collectors))
		rfm_cov_hit(m, COV_ALLBUSY);
	if (rfm_get(m, t->ix.accerr))
		rfm_cov_hit(m, COV_OUTSIDE);

	/* dispatches against the golden registers */
	for (d = 0; d < c->sm_schedulers; d++) {
		fly_t *f;
		unsigned banks = 0;
		if (!rfm_get(m, t->ix.dv[d]))
			continue;
		ndisp++;
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
		for (s = 0; s < f->nsrc; s++) {
			bad |= check_operand(t, cycle, d, s, f, err);
			if (f->valid[s] && !f->err[s])
				banks |= 1u << f->bank[s];
		}
		if (rfm_popcount64(banks) >= 3)
			rfm_cov_hit(m, COV_DISP_THREE_BANKS);
		*f = t->fly[--t->nfly];
	}
	if (ndisp >= 2)
		rfm_cov_hit(m, COV_DUAL_DISP);

	/* write-backs of this cycle update the golden registers */
	for (p = 0; p < c->rf_write_ports; p++) {
		unsigned w = (unsigned)rfm_get(m, t->ix.ww[p]), g = (unsigned)rfm_get(m, t->ix.wr[p]), l, bk, row;
		uint64_t mask = rfm_get(m, t->ix.wm[p]);
		if (!rfm_get(m, t->ix.wv[p]) || top_map(t, w, g, &bk, &row))
			continue;
		wrbanks |= 1ull << bk;
		t->shadow[RFM_CNT_WRITE]++;
		if (p > 0 && rfm_get(m, t->ix.wv[0]) && rfm_get(m, t->ix.ww[0]) == w && rfm_get(m, t->ix.wr[0]) == g)
			rfm_cov_hit(m, COV_SAME_REG_TWO_WB);
		if (mask && mask != rfm_mask64(c->rf_lanes))
			rfm_cov_hit(m, COV_PARTIAL_WRITE);
		if ((mask & rfm_mask64(c->rf_lanes)) == rfm_mask64(c->rf_lanes))
			memcpy(gold_at(t, w, g), rfm_wide(m, t->ix.wd[p]), t->wq * 4u);
		else
			for (l = 0; l < c->rf_lanes; l++)
				if ((mask >> l) & 1u)
					rfm_bits_copy(gold_at(t, w, g), l * lb, rfm_wide(m, t->ix.wd[p]), l * lb, lb);
		t->known[(size_t)w * c->sm_regs_per_thread + g] |= mask & rfm_mask64(c->rf_lanes);
		for (i = 0; i < t->nfly; i++)
			for (s = 0; s < t->fly[i].nsrc; s++)
				if (t->fly[i].warp == w && t->fly[i].valid[s] && t->fly[i].reg[s] == g && !t->fly[i].taint[s]) {
					t->fly[i].taint[s] = 1;
					rfm_cov_hit(m, COV_HAZARD);
				}
	}
	if (rdbanks & wrbanks)
		rfm_cov_hit(m, COV_WR_RD_BANK);
	/* RegMutex: a released extended set keeps no values (docs/regmutex.md, "Data") */
	if (t->rm && t->sout.freed) {
		unsigned w, g;
		for (w = 0; w < c->sm_warps; w++)
			if ((t->sout.freed >> w) & 1u)
				for (g = t->kq.bs; g < t->kq.regs; g++)
					t->known[(size_t)w * c->sm_regs_per_thread + g] = 0;
	}

	/* issues accepted this cycle */
	for (k = 0; k < c->sm_schedulers; k++) {
		fly_t *f;
		unsigned bk0 = 0, same = 0;
		if (!rfm_get(m, t->ix.iv[k]))
			continue;
		if (!rfm_get(m, t->ix.ir[k])) {
			rfm_cov_hit(m, COV_STALL);
			continue;
		}
		nacc++;
		if (t->nfly == MAXFLY) {
			fprintf(err, "cycle %llu: rf_top golden: more instructions in flight than collectors\n",
				(unsigned long long)cycle);
			return 1;
		}
		f = &t->fly[t->nfly++];
		memset(f, 0, sizeof(*f));
		f->tag = (unsigned)rfm_get(m, t->ix.it[k]);
		f->warp = (unsigned)rfm_get(m, t->ix.iw[k]);
		f->nsrc = c->sm_operands;
		for (s = 0; s < c->sm_operands; s++) {
			unsigned row;
			f->valid[s] = (uint8_t)rfm_get(m, t->ix.isv[k][s]);
			f->reg[s] = (unsigned)rfm_get(m, t->ix.isr[k][s]);
			f->err[s] = (uint8_t)top_map(t, f->warp, f->reg[s], &f->bank[s], &row);
			if (f->valid[s] && !f->err[s]) {
				if (!same)
					bk0 = f->bank[s];
				same += f->bank[s] == bk0;
			}
		}
		if (same == 3)
			rfm_cov_hit(m, COV_THREE_ONE_BANK);
	}
	if (nacc >= 2)
		rfm_cov_hit(m, COV_DUAL_ISSUE);

	/* launch: takes effect at the clock edge */
	if (rfm_get(m, t->ix.lv)) {
		unsigned w = (unsigned)rfm_get(m, t->ix.lw), g = (unsigned)rfm_get(m, t->ix.lr);
		if (launch_ok(t)) {
			if (t->skw)
				rfm_cov_hit(m, COV_RELAUNCH);
			t->skw = w;
			t->skr = g;
			t->skbs = t->rm ? g - (unsigned)rfm_get(m, t->ix.lext) : g;
			t->swait = 0;
			memset(t->known, 0, (size_t)c->sm_warps * c->sm_regs_per_thread * sizeof(uint64_t));
		} else {
			rfm_cov_hit(m, COV_LAUNCH_REFUSED);
		}
	}
	return bad;
}

static void top_destroy(rfm_model_t *m)
{
	rfm_top_t *t = (rfm_top_t *)m;
	unsigned i;
	if (!t)
		return;
	rfm_model_destroy(t->coll ? &t->coll->m : NULL);
	rfm_model_destroy(t->arb ? &t->arb->m : NULL);
	if (t->bank)
		for (i = 0; i < m->cfg->rf_banks; i++)
			rfm_model_destroy(t->bank[i] ? &t->bank[i]->m : NULL);
	free(t->bank);
	free(t->zero);
	free(t->gold);
	free(t->known);
	rfm_model_fini(m);
	free(t);
}

static const rfm_model_ops_t top_ops = {top_destroy, top_reset, top_eval, top_tick, top_stim, top_check};

rfm_model_t *rfm_rf_top_create(const rfm_cfg_t *c)
{
	rfm_top_t *t = calloc(1, sizeof(*t));
	unsigned i;
	if (!t)
		return NULL;
	if (rfm_model_init(&t->m, &top_ops, c, "rf_top", ports, &t->ix, cov_names, COV_N))
		goto fail;
	t->wq = rfm_words(c->d.wreg_bits);
	t->rm = c->regmutex_enable == RFM_ON;
	t->paired = t->rm && c->regmutex_paired == RFM_ON;
	t->coll = (rfm_coll_t *)rfm_rf_collector_create(c);
	t->arb = (rfm_arb_t *)rfm_rf_bank_arbiter_create(c);
	t->bank = calloc(c->rf_banks, sizeof(*t->bank));
	t->zero = calloc(t->wq, sizeof(uint32_t));
	t->gold = calloc((size_t)c->sm_warps * c->sm_regs_per_thread * t->wq, 4);
	t->known = calloc((size_t)c->sm_warps * c->sm_regs_per_thread, sizeof(uint64_t));
	if (!t->coll || !t->arb || !t->bank || !t->zero || !t->gold || !t->known)
		goto fail;
	for (i = 0; i < c->rf_banks; i++)
		if (!(t->bank[i] = (rfm_bank_t *)rfm_rf_bank_create(c)))
			goto fail;
	if (c->d.nq <= c->rf_read_ports)
		rfm_cov_na(&t->m, COV_CONFLICT);
	if (c->sm_operands < 3) {
		rfm_cov_na(&t->m, COV_THREE_ONE_BANK);
		rfm_cov_na(&t->m, COV_DISP_THREE_BANKS);
	}
	if (c->rf_banks < 3)
		rfm_cov_na(&t->m, COV_DISP_THREE_BANKS);
	if (c->sm_schedulers < 2) {
		rfm_cov_na(&t->m, COV_DUAL_ISSUE);
		rfm_cov_na(&t->m, COV_DUAL_DISP);
	}
	if (c->rf_write_ports < 2)
		rfm_cov_na(&t->m, COV_SAME_REG_TWO_WB);
	if (c->rf_lanes < 2)
		rfm_cov_na(&t->m, COV_PARTIAL_WRITE);
	for (i = COV_RM_EXT_READ; i <= COV_RM_RELEASE; i++)
		if (!t->rm || (i == COV_RM_FULL && t->paired))
			rfm_cov_na(&t->m, i);
	top_reset(&t->m);
	return &t->m;
fail:
	top_destroy(&t->m);
	return NULL;
}
