/* top.c - model of rf_top: the baseline SM register file, composed of the block models exactly
 * as the RTL composes the modules (docs/semantics.md, "rf_top").
 *
 * The stimulus is a small GPU front end: it launches kernels, writes back results and issues
 * instructions that are legal for the running kernel, and avoids (with rare, deliberate
 * exceptions) writing a register that an issued instruction still has to read, as a scoreboard
 * would. The checker keeps a golden copy of every architected register and checks each
 * dispatched operand against it, lane by lane, and recounts every counter.
 * With [coalescing] enable = on, top_coal.c replaces the banks, the arbiter and the crossbar
 * (rfm_top_coal.h); write-backs then have a ready handshake and the stimulus holds refused ones.
 */
#include <stdlib.h>

#include "rfm_models.h"
#include "rfm_top_coal.h"

const char *const rfm_cnt_names[RFM_CNT_N] = {"conflict", "wconflict", "stall", "read", "write", "dispatch"};

enum {
	COV_THREE_ONE_BANK, COV_WR_RD_BANK, COV_ALLBUSY, COV_DISP_THREE_BANKS, COV_CONFLICT, COV_WBLOCK,
	COV_STALL, COV_LAUNCH_REFUSED, COV_RELAUNCH, COV_OUTSIDE, COV_HAZARD, COV_DUAL_ISSUE, COV_DUAL_DISP,
	COV_PARTIAL_WRITE, COV_SAME_REG_TWO_WB, COV_RM_EXT_READ, COV_RM_NOSECT, COV_RM_STALL, COV_RM_EXIT,
	COV_RM_FULL, COV_RM_RELEASE, COV_VT_ALLOC, COV_VT_ALLOC_LAST, COV_VT_MAPPED_WRITE, COV_VT_RT_CONFLICT,
	COV_VT_PIR, COV_VT_PBR, COV_VT_EXIT, COV_VT_EXEMPT, COV_VT_UNMAPPED, COV_VT_REL_AND_ALLOC, COV_VT_ALL_LIVE, COV_VT_BYPASS,
	COV_CO_RR, COV_CO_WW, COV_CO_RW, COV_CO_WB_REFUSED, COV_CO_PACKED, COV_CO_ZRD, COV_CO_ZWR, COV_CO_ZFILL,
	COV_CO_ZINACT, COV_N
};
static const char *const cov_names[COV_N] = {
	"three_operands_one_bank", "write_and_read_one_bank", "all_collectors_busy",
	"dispatch_from_three_banks", "bank_conflict", "write_blocks_read", "issue_stall", "launch_refused",
	"relaunch", "access_outside_kernel", "write_to_register_in_flight", "two_issues_one_cycle",
	"two_dispatches_one_cycle", "partial_lane_write", "one_register_two_writebacks",
	"regmutex_extended_register_read_back", "regmutex_extended_access_without_set", "regmutex_acquire_stalled",
	"regmutex_exit_releases", "regmutex_all_sections_taken", "regmutex_release",
	"virt_allocation", "virt_allocation_takes_last_free", "virt_partial_write_to_mapped_register",
	"virt_table_bank_conflict", "virt_pir_release_after_read", "virt_pbr_release", "virt_exit_releases_all",
	"virt_exempt_register", "virt_unmapped_source", "virt_release_and_allocation_one_cycle", "virt_all_warps_live",
	"virt_read_of_register_allocated_same_cycle",
	"coal_rd_rd_one_bank", "coal_wr_wr_one_bank", "coal_rd_wr_one_bank", "coal_write_back_refused",
	"coal_packed_collector_write", "coal_zero_read_gated", "coal_zero_write_gated", "coal_zero_materialized",
	"coal_read_skips_inactive_lanes"};

/* Virtualization counters of rf_top (docs/virtualization.md, "rf_top with virtualization"). */
enum { VT_CNT_ALLOC, VT_CNT_FREE, VT_CNT_RT_CONFLICT, VT_CNT_UNMAPPED, VT_CNT_N };
static const char *const vt_cnt_names[VT_CNT_N] = {"alloc", "free", "rt_conflict", "unmapped"};

/* RegMutex counters of rf_top (docs/regmutex.md, "rf_top with RegMutex"), in port order. */
enum { RM_CNT_ACQUIRE, RM_CNT_ACQ_STALL, RM_CNT_RELEASE, RM_CNT_N };
static const char *const rm_cnt_names[RM_CNT_N] = {"acquire", "acq_stall", "release"};

#define MAXFLY (RFM_MAXC + RFM_MAXS)

/* An issued instruction not yet dispatched, as the checker sees it. */
typedef struct fly {
	unsigned tag, warp, nsrc;
	uint64_t amask; /* lanes checked: the active mask with zero gating in rf_top, else every lane */
	uint8_t valid[RFM_MAXOP], err[RFM_MAXOP], taint[RFM_MAXOP], rel[RFM_MAXOP];
	unsigned reg[RFM_MAXOP], bank[RFM_MAXOP];
} fly_t;

typedef struct top_ix {
	unsigned clk, rst;
	unsigned lv, lw, lr, lerr;
	unsigned wv[RFM_MAXW], ww[RFM_MAXW], wr[RFM_MAXW], wm[RFM_MAXW], wd[RFM_MAXW];
	unsigned iv[RFM_MAXS], ir[RFM_MAXS], it[RFM_MAXS], iw[RFM_MAXS], iam[RFM_MAXS];
	unsigned isv[RFM_MAXS][RFM_MAXOP], isr[RFM_MAXS][RFM_MAXOP];
	unsigned dv[RFM_MAXS], dt[RFM_MAXS], dw[RFM_MAXS], dop[RFM_MAXS][RFM_MAXOP];
	unsigned idle, accerr, cnt[RFM_CNT_N];
	/* RegMutex */
	unsigned lext, lsect;
	unsigned av[RFM_MAXS], arel[RFM_MAXS], aw[RFM_MAXS], ag[RFM_MAXS], ast[RFM_MAXS], asect[RFM_MAXS];
	unsigned xv, xw, full, xerr, rmcnt[RM_CNT_N];
	/* virtualization */
	unsigned lexm, isrel[RFM_MAXS][RFM_MAXOP], pv, pw, pword, prdy, xrdy, unm, dom, vtcnt[VT_CNT_N];
	/* coalescing */
	unsigned wrdy[RFM_MAXW], cocnt[RFM_TCO_N];
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
	/* virtualization: kernel, renaming table, availability flag, release walker, counters */
	int vt;
	unsigned kren_q, kexm_q;
	rfm_rt_state_t rt;
	rfm_rt_in_t rtin;
	rfm_rt_out_t rtout;
	rfm_fb_state_t fb;
	rfm_fb_in_t fbin;
	rfm_fb_out_t fbout;
	unsigned wk_busy_q, wk_warp_q, wk_exit_q, wk_cnt_q; /* release walker: a pbr's slots or an exit's registers */
	uint64_t wk_regs_q;             /* the pbr's payload */
	unsigned wk_act, wk_reg;        /* this cycle: the walker releases wk_reg of wk_warp_q */
	unsigned unm_q, unm_d, alloc_fail;
	uint8_t ready[RFM_MAXS];        /* iss<k>_ready_o */
	uint8_t vrel[RFM_MAXS][RFM_MAXOP]; /* issued source will be released after its read */
	uint64_t vtcnt_q[VT_CNT_N], vtcnt_d[VT_CNT_N], vtshadow[VT_CNT_N];
	uint8_t *vt_seen;               /* checker scratch: physical registers seen in the table */
	uint8_t *gmap;                  /* checker: (warp, reg) written since its last release */
	unsigned relq[RFM_MAXS * RFM_MAXOP + 1], nrelq; /* releases of this cycle, applied to gmap last */
	unsigned wrq[RFM_MAXW], nwrq;   /* renamed registers written this cycle */
	unsigned skexm;                 /* exempt registers of the kernel the stimulus believes runs */
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
	/* coalescing (top_coal.c): the register file, this cycle's write-backs and issue registers */
	rfm_tco_t *co;
	rfm_tco_wb_t cwb[RFM_MAXW];
	unsigned creg[RFM_MAXS][RFM_MAXOP];
	uint8_t wrdy[RFM_MAXW];      /* wb<p>_ready_o */
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
	if (c->virtualization_enable == RFM_ON)
		ix->lexm = rfm_ports_add(pt, RFM_IN, c->d.nregs_w, "virtualization: its highest registers exempt from renaming",
					 "launch_exempt_i");
	ix->lerr = rfm_ports_add(pt, RFM_OUT, 1, "the last launch was refused (does not fit)", "launch_err_o");
	for (p = 0; p < c->rf_write_ports; p++) {
		rfm_ports_group(pt, "write-back port %u", p);
		ix->wv[p] = rfm_ports_add(pt, RFM_IN, 1, "a result is written", "wb%u_valid_i", p);
		ix->ww[p] = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "warp slot", "wb%u_warp_i", p);
		ix->wr[p] = rfm_ports_add(pt, RFM_IN, c->d.reg_w, "architected register", "wb%u_reg_i", p);
		ix->wm[p] = rfm_ports_add(pt, RFM_IN, c->rf_lanes, "lanes written", "wb%u_mask_i", p);
		ix->wd[p] = rfm_ports_add(pt, RFM_IN, W, "value, lane l in bits [l*lane_bits +: lane_bits]", "wb%u_data_i", p);
		if (c->coalescing_enable == RFM_ON)
			ix->wrdy[p] = rfm_ports_add(pt, RFM_OUT, 1, "coalescing: written (or no write); 0: hold it next cycle",
						    "wb%u_ready_o", p);
	}
	for (k = 0; k < c->sm_schedulers; k++) {
		rfm_ports_group(pt, "issue port %u", k);
		ix->iv[k] = rfm_ports_add(pt, RFM_IN, 1, "an instruction is offered", "iss%u_valid_i", k);
		ix->ir[k] = rfm_ports_add(pt, RFM_OUT, 1, "a collector takes it this cycle", "iss%u_ready_o", k);
		ix->it[k] = rfm_ports_add(pt, RFM_IN, c->sm_tag_bits, "tag carried to dispatch", "iss%u_tag_i", k);
		ix->iw[k] = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "warp slot", "iss%u_warp_i", k);
		if (c->coalescing_enable == RFM_ON && c->coalescing_zero_gating >= RFM_ZG_IN_LANE)
			ix->iam[k] = rfm_ports_add(pt, RFM_IN, c->rf_lanes,
						   "zero gating: active lanes; reads skip words no active lane needs "
						   "(other lanes' operand bits undefined)", "iss%u_amask_i", k);
		for (s = 0; s < c->sm_operands; s++) {
			ix->isv[k][s] = rfm_ports_add(pt, RFM_IN, 1, "source operand used", "iss%u_src%u_valid_i", k, s);
			ix->isr[k][s] = rfm_ports_add(pt, RFM_IN, c->d.reg_w, "its register", "iss%u_src%u_reg_i", k, s);
			if (c->virtualization_enable == RFM_ON)
				ix->isrel[k][s] = rfm_ports_add(pt, RFM_IN, 1, "pir flag: release the register after this read",
								"iss%u_src%u_rel_i", k, s);
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
	if (c->virtualization_enable == RFM_ON) {
		rfm_ports_group(pt, "virtualization: pbr and warp exit (release walker)");
		ix->pv = rfm_ports_add(pt, RFM_IN, 1, "a pbr flag instruction: release the registers it names", "pbr_valid_i");
		ix->pw = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "its warp slot", "pbr_warp_i");
		ix->pword = rfm_ports_add(pt, RFM_IN, 64, "the pbr word", "pbr_word_i");
		ix->prdy = rfm_ports_add(pt, RFM_OUT, 1, "the walker takes the pbr", "pbr_ready_o");
		ix->xv = rfm_ports_add(pt, RFM_IN, 1, "a warp exits: release all its renamed registers", "exit_valid_i");
		ix->xw = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "its warp slot", "exit_warp_i");
		ix->xrdy = rfm_ports_add(pt, RFM_OUT, 1, "the walker takes the exit", "exit_ready_o");
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
	if (c->virtualization_enable == RFM_ON) {
		ix->unm = rfm_ports_add(pt, RFM_OUT, 1, "virtualization: last cycle read an unmapped register (as zero)", "unm_o");
		ix->dom = rfm_ports_add(pt, RFM_OUT, c->d.domains, "virtualization: power-gating domain d holds a live register",
					"dom_o");
	}
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
	if (c->coalescing_enable == RFM_ON)
		for (i = 0; i < rfm_tco_ncnt(c); i++)
			ix->cocnt[i] = rfm_ports_add(pt, RFM_OUT, c->stats_counter_bits, rfm_tco_cnt_help[i], "cnt_%s_o",
						     rfm_tco_cnt_names[i]);
	if (c->regmutex_enable == RFM_ON) {
		static const char *const help[RM_CNT_N] = {"RegMutex: extended sets granted",
							   "RegMutex: acquires stalled (each retry counts)",
							   "RegMutex: extended sets released (release or exit)"};
		for (i = 0; i < RM_CNT_N; i++)
			ix->rmcnt[i] = rfm_ports_add(pt, RFM_OUT, c->stats_counter_bits, help[i], "cnt_%s_o", rm_cnt_names[i]);
	}
	if (c->virtualization_enable == RFM_ON) {
		static const char *const help[VT_CNT_N] = {"virtualization: physical registers allocated",
							   "virtualization: physical registers released",
							   "virtualization: issues refused by a renaming-table bank conflict",
							   "virtualization: unmapped source registers read (as zero)"};
		for (i = 0; i < VT_CNT_N; i++)
			ix->vtcnt[i] = rfm_ports_add(pt, RFM_OUT, c->stats_counter_bits, help[i], "cnt_%s_o", vt_cnt_names[i]);
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
	if (t->vt) {
		t->kren_q = t->kexm_q = t->unm_q = 0;
		t->wk_busy_q = t->wk_warp_q = t->wk_exit_q = t->wk_cnt_q = 0;
		t->wk_regs_q = 0;
		memset(t->vtcnt_q, 0, sizeof(t->vtcnt_q));
		rfm_rt_clear(m->cfg, &t->rt);
		rfm_fb_launch(m->cfg, &t->fb, 0);
	}
	t->coll->m.ops->reset(&t->coll->m);
	t->arb->m.ops->reset(&t->arb->m);
	if (t->co)
		rfm_tco_reset(t->co);
	for (b = 0; b < m->cfg->rf_banks; b++)
		t->bank[b]->m.ops->reset(&t->bank[b]->m);
}

/* Launch rule (docs/semantics.md, "Kernel launch"; with RegMutex docs/regmutex.md). */
static int launch_ok(const rfm_top_t *t)
{
	const rfm_model_t *m = &t->m;
	unsigned w = (unsigned)rfm_get(m, t->ix.lw), r = (unsigned)rfm_get(m, t->ix.lr);
	if (t->vt)
		return rfm_vt_launch_fits(m->cfg, w, r, (unsigned)rfm_get(m, t->ix.lexm));
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

/* ---- virtualization (docs/virtualization.md, "rf_top with virtualization") --------------------- */

enum { VT_UNMAPPED = 3 }; /* a renamed register without a mapping: not read, delivered as zero */

/* Physical register of an exempt register: warp x exempt + (reg - renamed), at the bottom of the
 * id space (reserved at launch). */
static unsigned vt_exempt_pid(const rfm_top_t *t, unsigned warp, unsigned reg) { return warp * t->kexm_q + (reg - t->kren_q); }

/* Bank and row of physical register pid. */
static void vt_loc(const rfm_cfg_t *c, unsigned pid, unsigned *bank, unsigned *row)
{
	*bank = (pid % c->rf_banks) & (unsigned)rfm_mask64(c->d.bank_w);
	*row = (pid / c->rf_banks) & (unsigned)rfm_mask64(c->d.entry_w);
}

/* Collector tag with virtualization: the tag, then per operand s a release flag and the register
 * at bit tag_bits + s x (1 + reg_w). */
static uint64_t vt_pack(const rfm_cfg_t *c, uint64_t tag, const uint8_t *rel, const unsigned *reg)
{
	unsigned s, f = 1 + c->d.reg_w;
	for (s = 0; s < c->sm_operands; s++)
		tag |= ((uint64_t)rel[s] | (uint64_t)reg[s] << 1) << (c->sm_tag_bits + s * f);
	return tag;
}

/* The release walker's operation this cycle: (wk_act, wk_reg). */
static void vt_walker_now(rfm_top_t *t)
{
	unsigned lim = t->wk_exit_q ? t->kren_q : RFM_PBR_SLOTS;
	t->wk_act = 0;
	t->wk_reg = 0;
	if (!t->wk_busy_q || t->wk_cnt_q >= lim)
		return;
	if (t->wk_exit_q) {
		t->wk_reg = t->wk_cnt_q;
		t->wk_act = 1;
	} else {
		t->wk_reg = (unsigned)((t->wk_regs_q >> (6 * t->wk_cnt_q)) & 63u);
		t->wk_act = t->wk_reg != RFM_PBR_EMPTY && t->wk_reg < t->kren_q;
	}
}

/* Virtualization's part of eval: renaming-table lookups at issue, the collectors, releases at
 * dispatch and by the walker, write-back lookup or allocation. Fills cin, cout, ain's write-back
 * locations and wok; returns the outside-kernel access flag of write-backs and accepted issues. */
static unsigned vt_eval(rfm_top_t *t)
{
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	rfm_coll_t *u = t->coll;
	rfm_coll_in_t *cin = &t->cin;
	rfm_arb_in_t *ain = &t->ain;
	rfm_rt_in_t *ri = &t->rtin;
	rfm_fb_in_t *fi = &t->fbin;
	unsigned k, s, p, d, S = c->sm_operands, acc = 0, kw = t->kwarps_q, kr = t->kregs_q, nl = rfm_rt_nlook(c);
	unsigned pid[RFM_MAXW], wr_err[RFM_MAXW], ren[RFM_MAXW], nu = 0;
	memset(ri, 0, sizeof(*ri));
	memset(fi, 0, sizeof(*fi));
	ri->launch = fi->launch = (uint8_t)(rfm_get(m, t->ix.lv) && launch_ok(t));
	fi->resv = (unsigned)rfm_get(m, t->ix.lw) * (unsigned)rfm_get(m, t->ix.lexm);
	/* lookups of the offered instructions */
	for (k = 0; k < c->sm_schedulers; k++) {
		unsigned w = (unsigned)rfm_get(m, t->ix.iw[k]);
		ri->gvalid[k] = (uint8_t)rfm_get(m, t->ix.iv[k]);
		for (s = 0; s < S; s++) {
			unsigned g = (unsigned)rfm_get(m, t->ix.isr[k][s]);
			ri->lv[k * S + s] = rfm_get(m, t->ix.isv[k][s]) && w < kw && g < t->kren_q;
			ri->lidx[k * S + s] = rfm_rt_index(t->kren_q, w, g);
		}
	}
	/* write-back lookups */
	for (p = 0; p < c->rf_write_ports; p++) {
		unsigned w = (unsigned)rfm_get(m, t->ix.ww[p]), g = (unsigned)rfm_get(m, t->ix.wr[p]);
		wr_err[p] = w >= kw || g >= kr;
		ren[p] = !wr_err[p] && g < t->kren_q;
		ri->wv[p] = rfm_get(m, t->ix.wv[p]) && ren[p];
		ri->widx[p] = rfm_rt_index(t->kren_q, w, g);
	}
	/* 1. which instructions the table serves (bank conflicts do not depend on the contents) */
	rfm_rt_comb(c, &t->rt, ri, &t->rtout, m->mutate);
	for (k = 0; k < c->sm_schedulers; k++)
		cin->valid[k] = (uint8_t)(ri->gvalid[k] && t->rtout.served[k]);
	/* 2. the collectors' dispatch choice (it depends on their state only) gives the releases */
	rfm_coll_comb(u, cin, &t->cout);
	for (d = 0; d < c->sm_schedulers; d++) {
		int pick = t->cout.dsel[d];
		for (s = 0; s < S; s++) {
			uint64_t side = pick >= 0 ? u->tag_q[pick] >> (c->sm_tag_bits + s * (1 + c->d.reg_w)) : 0;
			ri->iv[d * S + s] = (uint8_t)(side & 1u);
			ri->iidx[d * S + s] = rfm_rt_index(t->kren_q, pick >= 0 ? u->warp_q[pick] : 0,
							  (unsigned)((side >> 1) & rfm_mask64(c->d.reg_w)));
		}
	}
	vt_walker_now(t);
	ri->iv[nl] = (uint8_t)t->wk_act;
	ri->iidx[nl] = rfm_rt_index(t->kren_q, t->wk_warp_q, t->wk_reg);
	if (ri->launch)
		memset(ri->iv, 0, sizeof(ri->iv));
	/* 3. releases and write-back lookups */
	rfm_rt_comb(c, &t->rt, ri, &t->rtout, m->mutate);
	for (d = 0; d <= nl; d++) { /* a release frees the physical register the entry held */
		fi->rel[d] = t->rtout.ihit[d];
		fi->rpid[d] = t->rtout.ipid[d];
	}
	/* 4. write-backs: a mapped register is written in place, an unmapped one gets the free id the
	 * availability flag chooses; two ports writing one unmapped register share port 0's id */
	for (p = 0; p < c->rf_write_ports; p++) {
		int same = p > 0 && ri->wv[0] && ri->wv[p] && ri->widx[0] == ri->widx[p];
		fi->req[p] = (uint8_t)(ri->wv[p] && !t->rtout.whit[p] && !same);
	}
	rfm_fb_comb(c, &t->fb, fi, &t->fbout, m->mutate);
	t->alloc_fail = 0;
	for (p = 0; p < c->rf_write_ports; p++) {
		unsigned w = (unsigned)rfm_get(m, t->ix.ww[p]), g = (unsigned)rfm_get(m, t->ix.wr[p]), valid, bk = 0, row = 0;
		int same = p > 0 && ri->wv[0] && ri->wv[p] && ri->widx[0] == ri->widx[p], ok = 1;
		valid = (unsigned)rfm_get(m, t->ix.wv[p]);
		if (wr_err[p]) {
			ok = 0;
		} else if (!ren[p]) {
			pid[p] = vt_exempt_pid(t, w, g);
		} else if (t->rtout.whit[p]) {
			pid[p] = t->rtout.wpid[p];
		} else if (same) {
			pid[p] = pid[0];
			ok = t->fbout.gnt[0];
		} else if (t->fbout.gnt[p]) {
			pid[p] = t->fbout.pid[p];
			ri->wnew[p] = 1;
			ri->wnewpid[p] = pid[p];
		} else {
			ok = 0; /* nothing free: cannot happen under the launch rule */
			t->alloc_fail |= valid;
		}
		if (ok)
			vt_loc(c, pid[p], &bk, &row);
		t->wok[p] = valid && ok;
		ain->wen[p] = (uint8_t)t->wok[p];
		ain->wbank[p] = (uint8_t)bk;
		ain->wentry[p] = (uint16_t)row;
		acc |= valid && wr_err[p];
	}
	/* 5. the lookups, with this cycle's new mappings, place the issued operands */
	rfm_rt_comb(c, &t->rt, ri, &t->rtout, m->mutate);
	for (k = 0; k < c->sm_schedulers; k++) {
		unsigned w = (unsigned)rfm_get(m, t->ix.iw[k]), regs[RFM_MAXOP];
		cin->warp[k] = w;
		for (s = 0; s < S; s++) {
			unsigned g = (unsigned)rfm_get(m, t->ix.isr[k][s]), bk = 0, row = 0;
			int err = 0;
			regs[s] = g;
			t->vrel[k][s] = 0;
			if (w >= kw || g >= kr) {
				err = RFM_XL_OUTSIDE;
			} else if (g >= t->kren_q) {
				vt_loc(c, vt_exempt_pid(t, w, g), &bk, &row);
			} else if (t->rtout.lhit[k * S + s]) {
				vt_loc(c, t->rtout.lpid[k * S + s], &bk, &row);
				t->vrel[k][s] = (uint8_t)rfm_get(m, t->ix.isrel[k][s]) && rfm_get(m, t->ix.isv[k][s]);
			} else {
				err = VT_UNMAPPED;
			}
			t->serr[k][s] = (uint8_t)err;
			cin->sv[k][s] = rfm_get(m, t->ix.isv[k][s]) && !err;
			cin->sb[k][s] = (uint8_t)bk;
			cin->se[k][s] = (uint16_t)row;
		}
		cin->tag[k] = vt_pack(c, rfm_get(m, t->ix.it[k]), t->vrel[k], regs);
	}
	rfm_coll_comb(u, cin, &t->cout);
	for (k = 0; k < c->sm_schedulers; k++) {
		t->ready[k] = (uint8_t)(t->cout.ready[k] && !t->rtout.conflict[k]);
		if (cin->valid[k] && t->cout.ready[k])
			for (s = 0; s < S; s++)
				if (rfm_get(m, t->ix.isv[k][s]) && t->serr[k][s]) {
					acc |= t->serr[k][s] == RFM_XL_OUTSIDE;
					nu += t->serr[k][s] == VT_UNMAPPED;
				}
	}
	t->unm_d = nu != 0;
	t->vtcnt_d[VT_CNT_UNMAPPED] = nu;
	t->vtcnt_d[VT_CNT_RT_CONFLICT] = 0;
	for (k = 0; k < c->sm_schedulers; k++)
		t->vtcnt_d[VT_CNT_RT_CONFLICT] += t->rtout.conflict[k];
	t->vtcnt_d[VT_CNT_ALLOC] = 0;
	for (p = 0; p < c->rf_write_ports; p++)
		t->vtcnt_d[VT_CNT_ALLOC] += t->fbout.gnt[p];
	t->vtcnt_d[VT_CNT_FREE] = t->fbout.nfree;
	return acc;
}

static void top_eval(rfm_model_t *m)
{
	rfm_top_t *t = (rfm_top_t *)m;
	const rfm_cfg_t *c = m->cfg;
	rfm_coll_t *u = t->coll;
	rfm_coll_in_t *cin = &t->cin;
	rfm_arb_in_t *ain = &t->ain;
	unsigned p, k, s, b, q, d, n, acc = 0, xacc = 0;

	if (t->vt) {
		acc = vt_eval(t);
	} else {
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
			t->cwb[p].valid = (uint8_t)t->wok[p];
			t->cwb[p].reg = (unsigned)rfm_get(m, t->ix.wr[p]);
			t->cwb[p].bank = bk;
			t->cwb[p].row = row;
			t->cwb[p].mask = rfm_get(m, t->ix.wm[p]);
			t->cwb[p].data = rfm_wide(m, t->ix.wd[p]);
		}
		/* issue: source operands mapped into the collectors */
		for (k = 0; k < c->sm_schedulers; k++) {
			unsigned warp = (unsigned)rfm_get(m, t->ix.iw[k]);
			cin->valid[k] = (uint8_t)rfm_get(m, t->ix.iv[k]);
			cin->tag[k] = (unsigned)rfm_get(m, t->ix.it[k]);
			cin->warp[k] = warp;
			cin->amask[k] = t->co && t->co->zg ? rfm_get(m, t->ix.iam[k]) : rfm_mask64(c->rf_lanes);
			for (s = 0; s < c->sm_operands; s++) {
				unsigned bk, row;
				t->creg[k][s] = (unsigned)rfm_get(m, t->ix.isr[k][s]);
				t->serr[k][s] = (uint8_t)top_map(t, warp, t->creg[k][s], &bk, &row);
				cin->sv[k][s] = rfm_get(m, t->ix.isv[k][s]) && !t->serr[k][s];
				cin->sb[k][s] = (uint8_t)bk;
				cin->se[k][s] = (uint16_t)row;
			}
		}
		rfm_coll_comb(u, cin, &t->cout);
		for (k = 0; k < c->sm_schedulers; k++) {
			t->ready[k] = t->cout.ready[k];
			if (cin->valid[k] && t->cout.ready[k])
				for (s = 0; s < c->sm_operands; s++)
					if (rfm_get(m, t->ix.isv[k][s]) && t->serr[k][s]) {
						acc |= t->serr[k][s] == RFM_XL_OUTSIDE;
						xacc |= t->serr[k][s] == RFM_XL_NOSECT;
					}
		}
	}
	for (k = 0; k < c->sm_schedulers; k++)
		rfm_set(m, t->ix.ir[k], t->ready[k]);
	if (t->co) { /* coalescing: top_coal.c replaces the arbiter, the banks and the crossbar */
		rfm_tco_t *x = t->co;
		rfm_tco_eval(x, u, t->cwb, cin, t->creg, m->mutate);
		memset(&t->aout, 0, sizeof(t->aout));
		t->aout.gnt = x->gnt;
		t->aout.nconf = x->nconf;
		t->aout.nwconf = x->nwconf;
		for (p = 0; p < c->rf_write_ports; p++) {
			t->wrdy[p] = x->wrdy[p];
			t->wok[p] = x->wgnt[p];
			rfm_set(m, t->ix.wrdy[p], t->wrdy[p]);
		}
		for (n = 0; n < x->ncnt; n++)
			rfm_set(m, t->ix.cocnt[n], x->cnt_q[n]);
		goto outputs;
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
outputs:
	for (d = 0; d < c->sm_schedulers; d++) {
		int pick = t->cout.dsel[d];
		rfm_set(m, t->ix.dv[d], pick >= 0);
		rfm_set(m, t->ix.dt[d], pick >= 0 ? u->tag_q[pick] & rfm_mask64(c->sm_tag_bits) : 0);
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
		t->cnt_d[RFM_CNT_STALL] += rfm_get(m, t->ix.iv[k]) && !t->ready[k];
	for (p = 0; p < c->rf_write_ports; p++)
		t->cnt_d[RFM_CNT_WRITE] += t->wok[p];
	for (d = 0; d < c->sm_schedulers; d++)
		t->cnt_d[RFM_CNT_DISPATCH] += t->cout.dsel[d] >= 0;
	t->acc_d = acc;
	t->xerr_d = xacc;
	if (t->vt) {
		uint32_t *o = rfm_wide(m, t->ix.dom);
		unsigned i;
		rfm_set(m, t->ix.prdy, !t->wk_busy_q && !rfm_get(m, t->ix.xv));
		rfm_set(m, t->ix.xrdy, !t->wk_busy_q);
		rfm_set(m, t->ix.unm, t->unm_q);
		memset(o, 0, m->slot[t->ix.dom].words * 4u);
		for (i = 0; i < c->d.domains; i++)
			if (t->fb.dcount[i])
				rfm_bits_set(o, i, 1, 1);
		for (n = 0; n < VT_CNT_N; n++)
			rfm_set(m, t->ix.vtcnt[n], t->vtcnt_q[n]);
	}
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

/* Virtualization's clock edge (before the launch registers change). */
static void vt_tick(rfm_top_t *t)
{
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	unsigned n;
	for (n = 0; n < VT_CNT_N; n++)
		t->vtcnt_q[n] = (t->vtcnt_q[n] + t->vtcnt_d[n]) & rfm_mask64(c->stats_counter_bits);
	t->unm_q = t->unm_d;
	rfm_rt_clock(c, &t->rt, &t->rtin, m->mutate);
	rfm_fb_clock(c, &t->fb, &t->fbin, &t->fbout);
	if (t->rtin.launch) {
		t->wk_busy_q = 0;
		return;
	}
	if (t->wk_busy_q) { /* one register per cycle */
		unsigned lim = t->wk_exit_q ? t->kren_q : RFM_PBR_SLOTS;
		t->wk_cnt_q++;
		if (t->wk_cnt_q >= lim)
			t->wk_busy_q = 0;
	} else if (rfm_get(m, t->ix.xv)) {
		t->wk_exit_q = 1;
		t->wk_warp_q = (unsigned)rfm_get(m, t->ix.xw);
		t->wk_cnt_q = 0;
		t->wk_busy_q = t->kren_q > 0;
	} else if (rfm_get(m, t->ix.pv)) {
		rfm_flags_t f;
		if (rfm_flag_decode(rfm_get(m, t->ix.pword), &f) && f.is_pbr) { /* any other word is dropped */
			t->wk_exit_q = 0;
			t->wk_warp_q = (unsigned)rfm_get(m, t->ix.pw);
			t->wk_regs_q = f.payload;
			t->wk_cnt_q = 0;
			t->wk_busy_q = 1;
		}
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
	if (t->vt)
		vt_tick(t);
	if (rfm_get(m, t->ix.lv)) {
		unsigned w = (unsigned)rfm_get(m, t->ix.lw), r = (unsigned)rfm_get(m, t->ix.lr);
		if (launch_ok(t)) {
			t->kwarps_q = w;
			t->kregs_q = r;
			t->lerr_q = 0;
			if (t->vt) {
				t->kexm_q = (unsigned)rfm_get(m, t->ix.lexm);
				t->kren_q = r - t->kexm_q;
			}
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
	if (t->co) { /* coalescing (top_coal.c): grants and read data to the collectors, then the banks */
		rfm_tco_edge(t->co, &e);
		rfm_coll_clock(u, &t->cin, &e);
		rfm_tco_tick(t->co, u, t->cwb, &t->cin, m->mutate);
		return;
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

/* A virtualization kernel launch: mostly the reference kernel, sometimes another that fits,
 * sometimes one that does not. */
static void stim_vt_launch(rfm_top_t *t, rfm_rng_t *r)
{
	const rfm_cfg_t *c = t->m.cfg;
	unsigned w = c->d.vt_warps, g = c->virtualization_regs, e = c->virtualization_exempt_regs, tries;
	for (tries = 0; tries < 32 && rfm_rng_chance(r, 1, 3); tries++) {
		unsigned tw = 1 + (unsigned)rfm_rng_below(r, c->sm_warps), tg = 1 + (unsigned)rfm_rng_below(r, c->sm_regs_per_thread);
		unsigned te = (unsigned)rfm_rng_below(r, tg + 1);
		if (rfm_vt_launch_fits(c, tw, tg, te)) {
			w = tw, g = tg, e = te;
			break;
		}
	}
	if (rfm_rng_chance(r, 1, 5)) { /* refused: too many registers for the file or the table */
		w = c->sm_warps;
		g = c->sm_regs_per_thread;
		e = rfm_rng_chance(r, 1, 2) ? 0 : g + 1;
		if (e > rfm_mask64(c->d.nregs_w))
			e = 0;
	}
	rfm_set(&t->m, t->ix.lv, 1);
	rfm_set(&t->m, t->ix.lw, w);
	rfm_set(&t->m, t->ix.lr, g);
	rfm_set(&t->m, t->ix.lexm, e);
}

/* An instruction of warp w is in flight. */
static int warp_in_flight(const rfm_top_t *t, unsigned w)
{
	unsigned i;
	for (i = 0; i < t->nfly; i++)
		if (t->fly[i].warp == w)
			return 1;
	return 0;
}

/* pbr flag instructions and warp exits for the release walker (when it is idle). */
static void stim_vt_walker(rfm_top_t *t, rfm_rng_t *r)
{
	rfm_model_t *m = &t->m;
	unsigned w, k, n, regs[RFM_PBR_SLOTS];
	if (t->wk_busy_q || !t->skw)
		return;
	w = (unsigned)rfm_rng_below(r, t->skw);
	if (warp_in_flight(t, w)) /* a pbr or an exit follows the warp's older reads */
		return;
	if (rfm_rng_chance(r, 1, 400)) {
		rfm_set(m, t->ix.xv, 1);
		rfm_set(m, t->ix.xw, w);
	} else if (rfm_rng_chance(r, 1, 24)) {
		n = (unsigned)rfm_rng_below(r, RFM_PBR_SLOTS + 1);
		for (k = 0; k < n; k++)
			regs[k] = (unsigned)rfm_rng_below(r, t->skr); /* exempt ones are skipped by the walker */
		rfm_set(m, t->ix.pv, 1);
		rfm_set(m, t->ix.pw, w);
		rfm_set(m, t->ix.pword, rfm_rng_chance(r, 1, 32) ? rfm_rng_next(r) : rfm_flag_encode_pbr(regs, n));
	}
}

static void top_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_top_t *t = (rfm_top_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned p, k, s, used_tags[RFM_MAXS], nused = 0;
	int idle = t->nfly == 0 && !(t->co && (t->co->held[0] || t->co->held[1])), drain, busy_phase;
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
		if (t->vt) {
			stim_vt_launch(t, r);
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
	if (t->vt)
		stim_vt_walker(t, r);
	for (p = 0; p < c->rf_write_ports; p++) {
		unsigned w, g, tries, mk = (unsigned)rfm_rng_below(r, 16);
		uint64_t mask;
		if (t->co && t->co->held[p]) { /* coalescing: a refused write-back is offered again */
			rfm_set(m, t->ix.wv[p], 1);
			rfm_set(m, t->ix.ww[p], t->co->hw[p]);
			rfm_set(m, t->ix.wr[p], t->co->hg[p]);
			rfm_set(m, t->ix.wm[p], t->co->hmask[p]);
			memcpy(rfm_wide(m, t->ix.wd[p]), t->co->hdata[p], t->wq * 4u);
			continue;
		}
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
		if (t->co) { /* coalescing: narrow-biased warp values (RFM_WIDTH_DIST) */
			uint32_t *v = rfm_wide(m, t->ix.wd[p]);
			unsigned l;
			rfm_cw_sample(r, m->mutate == 60 ? &rfm_cw_dist_fig3_3 : &t->co->dist, /* 60: the knob ignored */
				      v, c->rf_lanes);
			/* zero gating: a quarter of the values have zero lanes (each lane with chance 1/2) */
			if (t->co->zg && !t->co->full && rfm_rng_chance(r, 1, 4))
				for (l = 0; l < c->rf_lanes; l++)
					if (rfm_rng_chance(r, 1, 2))
						v[l] = 0;
		} else
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
		if (t->co && t->co->zg) /* zero gating: a quarter of the instructions run with some lanes off */
			rfm_set(m, t->ix.iam[k],
				rfm_rng_chance(r, 3, 4) ? rfm_mask64(c->rf_lanes)
							: (rfm_rng_next(r) | 1ull << rfm_rng_below(r, c->rf_lanes)) & rfm_mask64(c->rf_lanes));
		for (s = 0; s < c->sm_operands; s++) {
			unsigned g = stim_reg(t, r, w, leaving);
			if (same_bank && base + s * c->rf_banks < t->skr &&
			    (!t->rm || base + s * c->rf_banks < t->skbs || (((t->sq.status & ~leaving) >> w) & 1u)))
				g = base + s * c->rf_banks;
			if (rfm_rng_chance(r, 1, 128))
				g = (unsigned)rfm_rng_below(r, c->sm_regs_per_thread);
			rfm_set(m, t->ix.isv[k][s], rfm_rng_chance(r, 7, 8));
			rfm_set(m, t->ix.isr[k][s], g);
			if (t->co && t->co->full) { /* every value full width: a never-written register (reset code,
						      * 1 byte) is not read, so every mask is 1111 */
				unsigned bk, row;
				if (!top_map(t, w, g, &bk, &row) && !t->co->ever[(size_t)bk * c->rf_entries + row])
					rfm_set(m, t->ix.isv[k][s], 0);
			}
			if (t->co) /* coalescing: a write-back held or offered on a later port is still pending */
				for (p = 0; p < c->rf_write_ports; p++)
					if ((t->co->held[p] && t->co->hw[p] == w && t->co->hg[p] == g) ||
					    (p > 0 && rfm_get(m, t->ix.wv[p]) && rfm_get(m, t->ix.ww[p]) == w &&
					     rfm_get(m, t->ix.wr[p]) == g))
						rfm_set(m, t->ix.isv[k][s], 0);
			if (t->vt && g < t->skr - t->skexm && !in_flight(t, w, g) &&
			    rfm_rng_chance(r, 1, busy_phase ? 3 : 16)) { /* the last read: release after it */
				unsigned j, kk, dup = 0;
				for (kk = 0; kk <= k; kk++)
					for (j = 0; j < c->sm_operands; j++)
						if ((kk < k || j < s) && rfm_get(m, t->ix.iv[kk]) && rfm_get(m, t->ix.iw[kk]) == w &&
						    rfm_get(m, t->ix.isr[kk][j]) == g)
							dup = 1;
				rfm_set(m, t->ix.isrel[k][s], !dup);
			}
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
	    f->amask == rfm_mask64(c->rf_lanes) && !memcmp(gold_at(t, f->warp, f->reg[s]), got, t->wq * 4u))
		return 0; /* every lane known, active and equal: the common case */
	for (l = 0; l < c->rf_lanes; l++) {
		uint64_t want, have;
		if (!((t->known[(size_t)f->warp * c->sm_regs_per_thread + f->reg[s]] & f->amask) >> l & 1u))
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

/* Coalescing part of the checker (before the write-backs of the cycle): top_coal.c's invariants
 * and recount, the mask buffer against the golden registers, the refused write-backs the
 * stimulus holds next cycle, coverage. */
static int co_check(rfm_top_t *t, uint64_t cycle, FILE *err)
{
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	rfm_tco_t *x = t->co;
	uint64_t out[RFM_TCO_N];
	unsigned n, cv, p, i, l, lb = c->rf_lane_bits;
	for (n = 0; n < x->ncnt; n++)
		out[n] = rfm_get(m, t->ix.cocnt[n]);
	if (rfm_tco_check(x, t->coll, t->cwb, t->wrdy, out, cycle, err, &cv))
		return 1;
	for (n = 0; n < 9; n++)
		if ((cv >> n) & 1u)
			rfm_cov_hit(m, COV_CO_RR + n);
	for (p = 1; p < c->rf_write_ports; p++)
		if (t->cwb[0].valid && t->cwb[p].valid && t->cwb[0].bank == t->cwb[p].bank && t->cwb[0].row == t->cwb[p].row)
			rfm_cov_hit(m, COV_SAME_REG_TWO_WB);
	/* the mask buffer agrees with the stored data: every known lane of a register, sign-extended
	 * from enc + 1 bytes with the stored sign, is its golden value (4 registers a cycle, in turn) */
	for (i = 0; i < 4 && t->kwarps_q && t->kregs_q; i++) {
		unsigned nr = t->kwarps_q * t->kregs_q, w, g, bk, row;
		uint64_t kn;
		rfm_cw_code_t cd;
		x->scan = (x->scan + 1) % nr;
		w = x->scan / t->kregs_q;
		g = x->scan % t->kregs_q;
		kn = t->known[(size_t)w * c->sm_regs_per_thread + g];
		if (!kn || top_map(t, w, g, &bk, &row))
			continue;
		cd = rfm_tco_code(x, bk, row);
		for (l = 0; l < c->rf_lanes; l++) {
			uint32_t v = (uint32_t)rfm_bits_get(gold_at(t, w, g), l * lb, lb);
			unsigned k, odd = rfm_tco_odd(c, g, row);
			if (((kn >> l) & 1u) && rfm_cw_fill(v, cd) != v) {
				fprintf(err, "cycle %llu: rf_top coalescing mask buffer: warp %u r%u (bank %u row %u) lane %u holds "
					"0x%08x, which {sign %u, enc %u} does not reproduce\n", (unsigned long long)cycle, w, g, bk,
					row, l, v, cd.sign, cd.enc);
				return 1;
			}
			/* the zero-mask buffer agrees too: a byte it calls zero is zero (physical sub-bank k
			 * holds logical byte 3 - k of an odd register) */
			for (k = 0; x->zg && ((kn >> l) & 1u) && k < 4; k++)
				if (rfm_tco_zbyte(x->zmode, rfm_tco_zentry(x, bk, row), l, k) && ((v >> (8 * (odd ? 3 - k : k))) & 0xffu)) {
					fprintf(err, "cycle %llu: rf_top coalescing zero-mask buffer: warp %u r%u (bank %u row %u) lane %u "
						"holds 0x%08x, but its entry calls byte %u of sub-bank %u zero\n", (unsigned long long)cycle,
						w, g, bk, row, l, v, odd ? 3 - k : k, k);
					return 1;
				}
		}
	}
	/* refused write-backs: the stimulus offers them again next cycle */
	for (p = 0; p < c->rf_write_ports; p++) {
		x->held[p] = (uint8_t)(rfm_get(m, t->ix.wv[p]) && !t->wrdy[p]);
		if (!x->held[p])
			continue;
		x->hw[p] = (unsigned)rfm_get(m, t->ix.ww[p]);
		x->hg[p] = (unsigned)rfm_get(m, t->ix.wr[p]);
		x->hmask[p] = rfm_get(m, t->ix.wm[p]);
		memcpy(x->hdata[p], rfm_wide(m, t->ix.wd[p]), t->wq * 4u);
	}
	return 0;
}

/* Virtualization part of the checker (after the dispatches, before the write-backs): invariants
 * 1-3 and 12 of docs/virtualization.md, the walker's releases, counters, coverage. */
static int vt_check(rfm_top_t *t, uint64_t cycle, FILE *err)
{
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	unsigned e, p, k, s, P = c->d.warp_regs, resv = t->kwarps_q * t->kexm_q, nvalid = 0, nl = rfm_rt_nlook(c);
	unsigned nalloc = 0;
	uint8_t *seen = t->vt_seen;
	if (t->rtin.launch)
		return 0;
	memset(seen, 0, P);
	for (e = 0; e < c->d.rt_depth; e++) {
		unsigned pid;
		if (!((t->rt.valid[e >> 6] >> (e & 63u)) & 1u))
			continue;
		nvalid++;
		pid = t->rt.pid[e];
		if (pid >= P || pid < resv || seen[pid]++ || !((t->fb.occ[pid >> 6] >> (pid & 63u)) & 1u)) {
			fprintf(err, "cycle %llu: rf_top invariant: table entry %u maps physical register %u, which is %s\n",
				(unsigned long long)cycle, e, pid,
				pid >= P ? "beyond the file" : pid < resv ? "reserved for an exempt register"
				: seen[pid] > 1 ? "mapped twice (invariant 1)" : "free in the availability flag (invariant 3)");
			return 1;
		}
	}
	for (p = 0; p < resv && p < P; p++)
		if (!((t->fb.occ[p >> 6] >> (p & 63u)) & 1u)) {
			fprintf(err, "cycle %llu: rf_top invariant 2: reserved physical register %u is free\n",
				(unsigned long long)cycle, p);
			return 1;
		}
	if (t->fb.nocc != nvalid + resv) {
		fprintf(err, "cycle %llu: rf_top invariant 3: %u physical registers occupied, %u mapped + %u reserved "
			"(a leak)\n", (unsigned long long)cycle, t->fb.nocc, nvalid, resv);
		return 1;
	}
	if (t->alloc_fail) {
		fprintf(err, "cycle %llu: rf_top: a write-back found no free physical register (%u occupied: %u mapped, %u "
			"reserved; kernel %u warps x %u registers, %u exempt)\n", (unsigned long long)cycle, t->fb.nocc, nvalid, resv,
			t->kwarps_q, t->kregs_q, t->kexm_q);
		return 1;
	}
	/* the walker's release of this cycle: the value is dead */
	if (t->wk_act) {
		t->known[(size_t)t->wk_warp_q * c->sm_regs_per_thread + t->wk_reg] = 0;
		t->relq[t->nrelq++] = t->wk_warp_q * c->sm_regs_per_thread + t->wk_reg;
		if (t->rtout.ihit[nl])
			rfm_cov_hit(m, t->wk_exit_q ? COV_VT_EXIT : COV_VT_PBR);
	}
	/* counters: recount */
	for (k = 0; k < c->rf_write_ports; k++)
		nalloc += t->fbout.gnt[k];
	t->vtshadow[VT_CNT_ALLOC] += nalloc;
	t->vtshadow[VT_CNT_FREE] += t->fbout.nfree;
	for (k = 0; k < c->sm_schedulers; k++) {
		t->vtshadow[VT_CNT_RT_CONFLICT] += t->rtout.conflict[k];
		if (t->rtout.conflict[k])
			rfm_cov_hit(m, COV_VT_RT_CONFLICT);
		if (rfm_get(m, t->ix.iv[k]) && t->ready[k])
			for (s = 0; s < c->sm_operands; s++)
				if (rfm_get(m, t->ix.isv[k][s])) {
					t->vtshadow[VT_CNT_UNMAPPED] += t->serr[k][s] == VT_UNMAPPED;
					if (t->serr[k][s] == VT_UNMAPPED)
						rfm_cov_hit(m, COV_VT_UNMAPPED);
					if (!t->serr[k][s] && rfm_get(m, t->ix.isr[k][s]) >= t->kren_q)
						rfm_cov_hit(m, COV_VT_EXEMPT);
					for (p = 0; p < c->rf_write_ports; p++)
						if (t->rtin.wnew[p] && t->rtin.lv[k * c->sm_operands + s] &&
						    t->rtin.widx[p] == t->rtin.lidx[k * c->sm_operands + s])
							rfm_cov_hit(m, COV_VT_BYPASS);
				}
	}
	if (nalloc) {
		rfm_cov_hit(m, COV_VT_ALLOC);
		if (P - t->fb.nocc == nalloc)
			rfm_cov_hit(m, COV_VT_ALLOC_LAST);
		if (t->fbout.nfree)
			rfm_cov_hit(m, COV_VT_REL_AND_ALLOC);
	}
	for (p = 0; p < c->rf_write_ports; p++) {
		uint64_t mk = rfm_get(m, t->ix.wm[p]);
		if (t->rtin.wv[p] && t->rtout.whit[p] && mk && mk != rfm_mask64(c->rf_lanes))
			rfm_cov_hit(m, COV_VT_MAPPED_WRITE);
	}
	if ((cycle & 63u) == 0 && t->kwarps_q && t->kren_q) { /* every resident warp holds a mapping */
		unsigned w, live = 0;
		for (w = 0; w < t->kwarps_q; w++)
			for (e = w * t->kren_q; e < (w + 1) * t->kren_q; e++)
				if ((t->rt.valid[e >> 6] >> (e & 63u)) & 1u) {
					live++;
					break;
				}
		if (live == t->kwarps_q)
			rfm_cov_hit(m, COV_VT_ALL_LIVE);
	}
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
	if (t->vt)
		for (n = 0; n < VT_CNT_N; n++)
			if (rfm_get(m, t->ix.vtcnt[n]) != (t->vtshadow[n] & rfm_mask64(c->stats_counter_bits))) {
				fprintf(err, "cycle %llu: rf_top recount: cnt_%s_o = %llu, recounted %llu\n",
					(unsigned long long)cycle, vt_cnt_names[n], (unsigned long long)rfm_get(m, t->ix.vtcnt[n]),
					(unsigned long long)(t->vtshadow[n] & rfm_mask64(c->stats_counter_bits)));
				bad = 1;
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
	if (t->co)
		bad |= co_check(t, cycle, err);
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
		for (s = 0; s < f->nsrc; s++) /* released after this read: the value is dead */
			if (f->rel[s]) {
				t->known[(size_t)f->warp * c->sm_regs_per_thread + f->reg[s]] = 0;
				t->relq[t->nrelq++] = f->warp * c->sm_regs_per_thread + f->reg[s];
				rfm_cov_hit(m, COV_VT_PIR);
			}
		*f = t->fly[--t->nfly];
	}
	if (ndisp >= 2)
		rfm_cov_hit(m, COV_DUAL_DISP);
	if (t->vt)
		bad |= vt_check(t, cycle, err);

	/* write-backs of this cycle update the golden registers */
	for (p = 0; p < c->rf_write_ports; p++) {
		unsigned w = (unsigned)rfm_get(m, t->ix.ww[p]), g = (unsigned)rfm_get(m, t->ix.wr[p]), l, bk, row;
		uint64_t mask = rfm_get(m, t->ix.wm[p]);
		if (t->co) { /* coalescing: a write-back is taken when valid and ready (the handshake) */
			if (!t->cwb[p].valid || !(mask & rfm_mask64(c->rf_lanes)) || !t->wrdy[p])
				continue;
		} else if (!t->wok[p]) {
			continue;
		}
		bk = t->ain.wbank[p];
		(void)row;
		if (t->vt && g < t->kren_q) {
			t->gmap[(size_t)w * c->sm_regs_per_thread + g] = 1;
			t->wrq[t->nwrq++] = w * c->sm_regs_per_thread + g;
		}
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
		f->amask = t->co && t->co->zg ? rfm_get(m, t->ix.iam[k]) & rfm_mask64(c->rf_lanes) : rfm_mask64(c->rf_lanes);
		for (s = 0; s < c->sm_operands; s++) {
			unsigned row;
			f->valid[s] = (uint8_t)rfm_get(m, t->ix.isv[k][s]);
			f->reg[s] = (unsigned)rfm_get(m, t->ix.isr[k][s]);
			if (t->vt) {
				f->err[s] = t->serr[k][s];
				f->bank[s] = t->cin.sb[k][s];
				f->rel[s] = t->vrel[k][s];
				(void)row;
				if (f->valid[s] && f->err[s] != RFM_XL_OUTSIDE && f->reg[s] < t->kren_q &&
				    (f->err[s] == VT_UNMAPPED) != !t->gmap[(size_t)f->warp * c->sm_regs_per_thread + f->reg[s]]) {
					fprintf(err, "cycle %llu: rf_top golden: iss%u warp %u r%u is read as %s, but it was %s\n",
						(unsigned long long)cycle, k, f->warp, f->reg[s],
						f->err[s] == VT_UNMAPPED ? "unmapped" : "mapped",
						f->err[s] == VT_UNMAPPED ? "written since its release" : "released and not written since");
					bad = 1;
				}
			} else {
				f->err[s] = (uint8_t)top_map(t, f->warp, f->reg[s], &f->bank[s], &row);
			}
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

	if (t->vt) { /* releases apply after this cycle's reads; a write of the same cycle keeps the register */
		unsigned ri, rj;
		for (ri = 0; ri < t->nrelq; ri++) {
			int kept = 0;
			for (rj = 0; rj < t->nwrq; rj++)
				kept |= t->wrq[rj] == t->relq[ri];
			if (!kept)
				t->gmap[t->relq[ri]] = 0;
		}
		t->nrelq = t->nwrq = 0;
	}
	/* launch: takes effect at the clock edge */
	if (rfm_get(m, t->ix.lv)) {
		unsigned w = (unsigned)rfm_get(m, t->ix.lw), g = (unsigned)rfm_get(m, t->ix.lr);
		if (launch_ok(t)) {
			if (t->skw)
				rfm_cov_hit(m, COV_RELAUNCH);
			t->skw = w;
			t->skr = g;
			t->skbs = t->rm ? g - (unsigned)rfm_get(m, t->ix.lext) : g;
			t->skexm = t->vt ? (unsigned)rfm_get(m, t->ix.lexm) : 0;
			if (t->vt)
				memset(t->gmap, 0, (size_t)c->sm_warps * c->sm_regs_per_thread);
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
	rfm_tco_destroy(t->co);
	if (t->bank)
		for (i = 0; i < m->cfg->rf_banks; i++)
			rfm_model_destroy(t->bank[i] ? &t->bank[i]->m : NULL);
	free(t->bank);
	rfm_rt_fini(&t->rt);
	rfm_fb_fini(&t->fb);
	free(t->vt_seen);
	free(t->gmap);
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
	t->vt = c->virtualization_enable == RFM_ON;
	if (t->vt && (rfm_rt_init(c, &t->rt) || rfm_fb_init(c, &t->fb) || !(t->vt_seen = calloc(c->d.warp_regs, 1)) ||
		      !(t->gmap = calloc((size_t)c->sm_warps * c->sm_regs_per_thread, 1))))
		goto fail;
	t->paired = t->rm && c->regmutex_paired == RFM_ON;
	if (c->coalescing_enable == RFM_ON && !(t->co = rfm_tco_create(c)))
		goto fail;
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
	for (i = COV_VT_ALLOC; i <= COV_VT_BYPASS; i++)
		if (!t->vt)
			rfm_cov_na(&t->m, i);
	for (i = COV_CO_RR; i <= COV_CO_PACKED; i++) /* with every value full width nothing coalesces */
		if (!t->co || (i == COV_CO_WW && c->rf_write_ports < 2) || (t->co->full && i != COV_CO_WB_REFUSED))
			rfm_cov_na(&t->m, i);
	for (i = COV_CO_ZRD; i <= COV_CO_ZINACT; i++) /* zero gating in rf_top; full-width values are not zero */
		if (!t->co || !t->co->zg || t->co->full || (i == COV_CO_ZFILL && (c->rf_lanes < 4 || c->coalescing_zero_gating == RFM_ZG_IN_LANE)))
			rfm_cov_na(&t->m, i);
	if (t->vt && c->sm_schedulers < 2)
		rfm_cov_na(&t->m, COV_VT_RT_CONFLICT);
	if (t->vt && (uint64_t)c->d.vt_warps * c->virtualization_regs < c->d.warp_regs)
		rfm_cov_na(&t->m, COV_VT_ALLOC_LAST); /* the reference kernel does not fill the file */
	top_reset(&t->m);
	return &t->m;
fail:
	top_destroy(&t->m);
	return NULL;
}
