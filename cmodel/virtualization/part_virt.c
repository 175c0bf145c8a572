/* part_virt.c - register file virtualization in rf_top (cmodel/rfm_part.h; docs/virtualization.md,
 * "rf_top with virtualization"): the LOCATE (rf_rename_table lookups at issue and write-back,
 * rf_free_bitmap allocation) and the SIDE unit (the release walker for pbr and warp exits), with
 * the launch field, the pir flags, counters, coverage, stimulus and checks.
 *
 * A write-back's renaming (lookup hit, or a free physical register and a new table entry) takes
 * effect when the write-back arrives (wb<p>_valid_i), whether or not the back end performs the
 * write this cycle; a refused write-back is offered again and then hits its mapping. Issues carry
 * the release side-band (per operand: release flag, register) in the collector tag above
 * sm_tag_bits; the releases happen at dispatch.
 *
 * Planted faults (m->mutate, cmodel/virtualization/faults.def; cmodel/virtualization/virt.c):
 * VT_ALLOC_SKIPS_ID, VT_NO_TABLE_CONFLICTS, VT_RELEASE_KEEPS_MAPPING, VT_LOOKUP_MISSES_NEW_MAPPING.
 */
#include <stdlib.h>

#include "rfm_part.h"
#include "rfm_virt.h"
#include "rfm_techniques.h"

enum { CNT_ALLOC, CNT_FREE, CNT_RT_CONFLICT, CNT_UNMAPPED, CNT_N };
static const rfm_counter_t counters[CNT_N] = {
	{"alloc", "virtualization: physical registers allocated"},
	{"free", "virtualization: physical registers released"},
	{"rt_conflict", "virtualization: issues refused by a renaming-table bank conflict"},
	{"unmapped", "virtualization: unmapped source registers read (as zero)"}};

/* Launch refusal reasons: the shape, then virtualization's own (docs/virtualization.md). */
enum { VR_EXEMPT_OVER = RFM_REFUSE_SHAPE_N, VR_FILE_FULL, VR_TABLE_FULL, VR_N };
enum { COV_ALLOC, COV_ALLOC_LAST, COV_MAPPED_WRITE, COV_RT_CONFLICT, COV_PIR, COV_PBR, COV_EXIT, COV_EXEMPT,
       COV_UNMAPPED, COV_REL_AND_ALLOC, COV_ALL_LIVE, COV_BYPASS, COV_ALLOC_REFUSED, COV_REFUSE, COV_N = COV_REFUSE + VR_N };
static const char *const cov[COV_N] = {
	"virt_allocation", "virt_allocation_takes_last_free", "virt_partial_write_to_mapped_register",
	"virt_table_bank_conflict", "virt_pir_release_after_read", "virt_pbr_release", "virt_exit_releases_all",
	"virt_exempt_register", "virt_unmapped_source", "virt_release_and_allocation_one_cycle", "virt_all_warps_live",
	"virt_read_of_register_allocated_same_cycle", "virt_allocation_write_back_refused", RFM_REFUSE_SHAPE_NAMES,
	"virt_launch_refused_exempt_over_regs", "virt_launch_refused_file_full", "virt_launch_refused_table_full"};
static int refuse_kernel(const rfm_cfg_t *c, rfm_rng_t *r, unsigned reason, unsigned *wo, unsigned *go, unsigned *eo);

typedef struct vt_ix {
	uint32_t lexm, isrel[RFM_MAXS][RFM_MAXOP];          /* launch_exempt_i, iss<k>_src<s>_rel_i */
	uint32_t pv, pw, pword, prdy, xv, xw, xrdy;         /* the walker's ports */
	uint32_t unm, dom;                                  /* unm_o, dom_o */
} vt_ix_t;
_Static_assert(sizeof(vt_ix_t) <= RFM_PART_IXW * sizeof(uint32_t), "virtualization port indices fit");

typedef struct vt {
	unsigned kren_q, kexm_q;        /* renamed and exempt registers of the running kernel */
	rfm_rt_state_t rt;              /* renaming table */
	rfm_rt_in_t rtin;               /* its inputs this cycle */
	rfm_rt_out_t rtout;             /* its outputs */
	rfm_fb_state_t fb;              /* availability flag */
	rfm_fb_in_t fbin;               /* its inputs */
	rfm_fb_out_t fbout;             /* its outputs */
	unsigned wk_busy_q, wk_warp_q, wk_exit_q, wk_cnt_q; /* release walker: a pbr's slots or an exit's registers */
	uint64_t wk_regs_q;             /* the pbr's payload */
	unsigned wk_act, wk_reg;        /* this cycle: the walker releases wk_reg of wk_warp_q */
	unsigned unm_q, unm_d;          /* unm_o */
	unsigned alloc_fail;            /* a write-back found no free physical register */
	uint8_t wr_err[RFM_MAXW], ren[RFM_MAXW]; /* write-back outside the kernel; renamed */
	uint8_t *seen;                  /* checker scratch: physical registers seen in the table */
	uint8_t *gmap;                  /* checker: (warp, reg) written (arrived) since its last release */
	unsigned relq[RFM_MAXS * RFM_MAXOP + 1], nrelq; /* releases of this cycle, applied to gmap last */
	unsigned skexm;                 /* exempt registers of the kernel the stimulus believes runs */
} vt_t;

#define IX(pi) ((vt_ix_t *)(pi)->ix)
#define ST(pi) ((vt_t *)(pi)->st)

static int enabled(const rfm_cfg_t *c) { return rfm_tech_on(c, RFM_TECH_virtualization); }

static void ports(const rfm_cfg_t *c, rfm_ports_t *pt, uint32_t *ixw, rfm_place_t pl, unsigned i)
{
	vt_ix_t *ix = (vt_ix_t *)ixw;
	if (pl == RFM_PL_LAUNCH) {
		ix->lexm = rfm_ports_add(pt, RFM_IN, c->d.nregs_w, "virtualization: its highest registers exempt from renaming",
					 "launch_exempt_i");
	} else if (pl == RFM_PL_SRC) {
		unsigned k = i / RFM_MAXOP, s = i % RFM_MAXOP;
		ix->isrel[k][s] = rfm_ports_add(pt, RFM_IN, 1, "pir flag: release the register after this read",
						"iss%u_src%u_rel_i", k, s);
	} else if (pl == RFM_PL_GROUPS) {
		rfm_ports_group(pt, "virtualization: pbr and warp exit (release walker)");
		ix->pv = rfm_ports_add(pt, RFM_IN, 1, "a pbr flag instruction: release the registers it names", "pbr_valid_i");
		ix->pw = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "its warp slot", "pbr_warp_i");
		ix->pword = rfm_ports_add(pt, RFM_IN, 64, "the pbr word", "pbr_word_i");
		ix->prdy = rfm_ports_add(pt, RFM_OUT, 1, "the walker takes the pbr", "pbr_ready_o");
		ix->xv = rfm_ports_add(pt, RFM_IN, 1, "a warp exits: release all its renamed registers", "exit_valid_i");
		ix->xw = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "its warp slot", "exit_warp_i");
		ix->xrdy = rfm_ports_add(pt, RFM_OUT, 1, "the walker takes the exit", "exit_ready_o");
	} else if (pl == RFM_PL_STATUS) {
		ix->unm = rfm_ports_add(pt, RFM_OUT, 1, "virtualization: last cycle read an unmapped register (as zero)", "unm_o");
		ix->dom = rfm_ports_add(pt, RFM_OUT, c->d.domains, "virtualization: power-gating domain d holds a live register",
					"dom_o");
	}
}

static unsigned get_counters(const rfm_cfg_t *c, const rfm_counter_t **l)
{
	(void)c;
	*l = counters;
	return CNT_N;
}

static int create(rfm_top_t *t, rfm_pinst_t *pi)
{
	const rfm_cfg_t *c = t->m.cfg;
	vt_t *s = calloc(1, sizeof(*s));
	unsigned i, w, g, e;
	if (!(pi->st = s))
		return -1;
	if (rfm_rt_init(c, &s->rt) || rfm_fb_init(c, &s->fb) || !(s->seen = calloc(c->d.warp_regs, 1)) ||
	    !(s->gmap = calloc((size_t)c->sm_warps * c->sm_regs_per_thread, 1)))
		return -1;
	if (c->sm_schedulers < 2)
		rfm_part_cov_na(t, pi, COV_RT_CONFLICT);
	if ((uint64_t)c->d.vt_warps * c->virtualization_regs < c->d.warp_regs)
		rfm_part_cov_na(t, pi, COV_ALLOC_LAST); /* the reference kernel does not fill the file */
	if (!rfm_top_wb_refusable(t))
		rfm_part_cov_na(t, pi, COV_ALLOC_REFUSED); /* the back end never refuses a write-back */
	for (i = 0; i < VR_N; i++)
		if (refuse_kernel(c, NULL, i, &w, &g, &e))
			rfm_part_cov_na(t, pi, COV_REFUSE + i);
	return 0;
}

static void destroy(rfm_pinst_t *pi)
{
	vt_t *s = pi->st;
	if (!s)
		return;
	rfm_rt_fini(&s->rt);
	rfm_fb_fini(&s->fb);
	free(s->seen);
	free(s->gmap);
	free(s);
}

static void reset(rfm_top_t *t, rfm_pinst_t *pi)
{
	vt_t *s = ST(pi);
	s->kren_q = s->kexm_q = s->unm_q = 0;
	s->wk_busy_q = s->wk_warp_q = s->wk_exit_q = s->wk_cnt_q = 0;
	s->wk_regs_q = 0;
	rfm_rt_clear(t->m.cfg, &s->rt);
	rfm_fb_launch(t->m.cfg, &s->fb, 0);
}

/* The first launch rule w x g with e exempt registers breaks (VR_* or a shape reason), or -1. */
static int vt_why(const rfm_cfg_t *c, unsigned w, unsigned g, unsigned e)
{
	int why = rfm_refuse_shape(c, w, g);
	if (why >= 0)
		return why;
	if (e > g)
		return VR_EXEMPT_OVER;
	if ((uint64_t)w * g > c->d.warp_regs)
		return VR_FILE_FULL;
	return (uint64_t)w * (g - e) > c->d.rt_depth ? VR_TABLE_FULL : -1;
}

/* Planted fault VT_LAUNCH_FIT_OR: the shape and the capacity rules ORed instead of ANDed. */
static int fits(rfm_top_t *t, rfm_pinst_t *pi, const rfm_launch_t *ln)
{
	const rfm_cfg_t *c = t->m.cfg;
	unsigned e = (unsigned)rfm_get(&t->m, IX(pi)->lexm);
	int ok = rfm_part_refused(t, pi, vt_why(c, ln->warps, ln->regs, e));
	if (t->m.mutate == RFM_FAULT_VT_LAUNCH_FIT_OR)
		ok |= e <= ln->regs && (uint64_t)ln->warps * ln->regs <= c->d.warp_regs &&
		      (uint64_t)ln->warps * (ln->regs - e) <= c->d.rt_depth;
	return ok;
}

enum { VT_UNMAPPED = 3 }; /* a renamed register without a mapping: not read, delivered as zero */

/* Bank and row of physical register pid. */
static void vt_loc(const rfm_cfg_t *c, unsigned pid, unsigned *bank, unsigned *row)
{
	*bank = (pid % c->rf_banks) & (unsigned)rfm_mask64(c->d.bank_w);
	*row = (pid / c->rf_banks) & (unsigned)rfm_mask64(c->d.entry_w);
}

/* Physical register of an exempt register: warp x exempt + (reg - renamed), at the bottom of the
 * id space (reserved at launch). */
static unsigned exempt_pid(const vt_t *s, unsigned warp, unsigned reg) { return warp * s->kexm_q + (reg - s->kren_q); }

static int where(rfm_top_t *t, rfm_pinst_t *pi, unsigned w, unsigned g, unsigned *bank, unsigned *row)
{
	const rfm_cfg_t *c = t->m.cfg;
	vt_t *s = ST(pi);
	unsigned e;
	*bank = *row = 0;
	if (w >= t->kwarps_q || g >= t->kregs_q)
		return RFM_WHERE_OUTSIDE;
	if (g >= s->kren_q) {
		vt_loc(c, exempt_pid(s, w, g), bank, row);
		return 0;
	}
	e = rfm_rt_index(s->kren_q, w, g);
	if (e >= c->d.rt_depth || !((s->rt.valid[e >> 6] >> (e & 63u)) & 1u))
		return VT_UNMAPPED;
	vt_loc(c, s->rt.pid[e], bank, row);
	return 0;
}

/* The release walker's operation this cycle: (wk_act, wk_reg). */
static void walker_now(vt_t *s)
{
	unsigned lim = s->wk_exit_q ? s->kren_q : RFM_PBR_SLOTS;
	s->wk_act = 0;
	s->wk_reg = 0;
	if (!s->wk_busy_q || s->wk_cnt_q >= lim)
		return;
	if (s->wk_exit_q) {
		s->wk_reg = s->wk_cnt_q;
		s->wk_act = 1;
	} else {
		s->wk_reg = (unsigned)((s->wk_regs_q >> (6 * s->wk_cnt_q)) & 63u);
		s->wk_act = s->wk_reg != RFM_PBR_EMPTY && s->wk_reg < s->kren_q;
	}
}

/* After the dispatch choice: the table's inputs (issue lookups, write-back lookups, releases at
 * dispatch and by the walker) and its answer; the releases free what the entries held. */
static void dispatch(rfm_top_t *t, rfm_pinst_t *pi)
{
	const rfm_cfg_t *c = t->m.cfg;
	vt_t *st = ST(pi);
	rfm_coll_t *u = t->coll;
	rfm_rt_in_t *ri = &st->rtin;
	rfm_fb_in_t *fi = &st->fbin;
	unsigned k, s, p, d, S = c->sm_operands, nl = rfm_rt_nlook(c);
	memset(ri, 0, sizeof(*ri));
	memset(fi, 0, sizeof(*fi));
	ri->launch = fi->launch = t->ln.ok;
	fi->resv = t->ln.warps * (unsigned)rfm_get(&t->m, IX(pi)->lexm);
	for (k = 0; k < c->sm_schedulers; k++) {
		ri->gvalid[k] = t->iv[k];
		for (s = 0; s < S; s++) {
			const rfm_acc_t *a = &t->src[k][s];
			ri->lv[k * S + s] = a->valid && a->warp < t->kwarps_q && a->reg < st->kren_q;
			ri->lidx[k * S + s] = rfm_rt_index(st->kren_q, a->warp, a->reg);
		}
	}
	for (p = 0; p < c->rf_write_ports; p++) {
		const rfm_acc_t *a = &t->wb[p];
		st->wr_err[p] = a->warp >= t->kwarps_q || a->reg >= t->kregs_q;
		st->ren[p] = !st->wr_err[p] && a->reg < st->kren_q;
		ri->wv[p] = a->valid && st->ren[p];
		ri->widx[p] = rfm_rt_index(st->kren_q, a->warp, a->reg);
	}
	for (d = 0; d < c->sm_schedulers; d++) {
		int pick = t->cout.dsel[d];
		for (s = 0; s < S; s++) {
			uint64_t side = pick >= 0 ? u->tag_q[pick] >> (c->sm_tag_bits + s * (1 + c->d.reg_w)) : 0;
			ri->iv[d * S + s] = (uint8_t)(side & 1u);
			ri->iidx[d * S + s] = rfm_rt_index(st->kren_q, pick >= 0 ? u->warp_q[pick] : 0,
							   (unsigned)((side >> 1) & rfm_mask64(c->d.reg_w)));
		}
	}
	walker_now(st);
	ri->iv[nl] = (uint8_t)st->wk_act;
	ri->iidx[nl] = rfm_rt_index(st->kren_q, st->wk_warp_q, st->wk_reg);
	if (ri->launch)
		memset(ri->iv, 0, sizeof(ri->iv));
	rfm_rt_comb(c, &st->rt, ri, &st->rtout, t->m.mutate);
	for (d = 0; d <= nl; d++) { /* a release frees the physical register the entry held */
		fi->rel[d] = st->rtout.ihit[d];
		fi->rpid[d] = st->rtout.ipid[d];
	}
}

/* Write-backs: a mapped register is written in place, an unmapped one gets the free id the
 * availability flag chooses; two ports writing one unmapped register share port 0's id. */
static void locate_wb(rfm_top_t *t, rfm_pinst_t *pi)
{
	const rfm_cfg_t *c = t->m.cfg;
	vt_t *st = ST(pi);
	rfm_rt_in_t *ri = &st->rtin;
	unsigned p, pid[RFM_MAXW] = {0};
	for (p = 0; p < c->rf_write_ports; p++) {
		int same = p > 0 && ri->wv[0] && ri->wv[p] && ri->widx[0] == ri->widx[p];
		st->fbin.req[p] = (uint8_t)(ri->wv[p] && !st->rtout.whit[p] && !same);
	}
	rfm_fb_comb(c, &st->fb, &st->fbin, &st->fbout, t->m.mutate);
	st->alloc_fail = 0;
	for (p = 0; p < c->rf_write_ports; p++) {
		rfm_acc_t *a = &t->wb[p];
		int same = p > 0 && ri->wv[0] && ri->wv[p] && ri->widx[0] == ri->widx[p], ok = 1;
		if (st->wr_err[p]) {
			ok = 0;
		} else if (!st->ren[p]) {
			pid[p] = exempt_pid(st, a->warp, a->reg);
		} else if (st->rtout.whit[p]) {
			pid[p] = st->rtout.wpid[p];
		} else if (same) {
			pid[p] = pid[0];
			ok = st->fbout.gnt[0];
		} else if (st->fbout.gnt[p]) {
			pid[p] = st->fbout.pid[p];
			ri->wnew[p] = 1;
			ri->wnewpid[p] = pid[p];
		} else {
			ok = 0; /* nothing free: cannot happen under the launch rule */
			st->alloc_fail |= a->valid;
		}
		a->bank = a->row = 0;
		if (ok)
			vt_loc(c, pid[p], &a->bank, &a->row);
		a->err = st->wr_err[p];
		a->drop = !ok && !st->wr_err[p];
	}
}

/* Collector tag with virtualization: the tag, then per operand s a release flag and the register
 * at bit tag_bits + s x (1 + reg_w). */
static uint64_t pack_tag(const rfm_cfg_t *c, uint64_t tag, const rfm_acc_t *src)
{
	unsigned s, f = 1 + c->d.reg_w;
	for (s = 0; s < c->sm_operands; s++)
		tag |= ((uint64_t)(src[s].attr & 1u) | (uint64_t)src[s].reg << 1) << (c->sm_tag_bits + s * f);
	return tag;
}

/* The lookups, with this cycle's new mappings, place the issued operands; an instruction the table
 * does not serve (bank conflict) is held. */
static void locate_issue(rfm_top_t *t, rfm_pinst_t *pi)
{
	const rfm_cfg_t *c = t->m.cfg;
	vt_t *st = ST(pi);
	unsigned k, s, S = c->sm_operands;
	rfm_rt_comb(c, &st->rt, &st->rtin, &st->rtout, t->m.mutate);
	for (k = 0; k < c->sm_schedulers; k++) {
		for (s = 0; s < S; s++) {
			rfm_acc_t *a = &t->src[k][s];
			a->bank = a->row = 0;
			a->attr = 0;
			if (a->warp >= t->kwarps_q || a->reg >= t->kregs_q) {
				a->err = 1;
			} else if (a->reg >= st->kren_q) {
				vt_loc(c, exempt_pid(st, a->warp, a->reg), &a->bank, &a->row);
			} else if (st->rtout.lhit[k * S + s]) {
				vt_loc(c, st->rtout.lpid[k * S + s], &a->bank, &a->row);
				a->attr = (uint8_t)(rfm_get(&t->m, IX(pi)->isrel[k][s]) && a->valid);
			} else {
				a->drop = 1;
			}
		}
		t->cin.tag[k] = pack_tag(c, t->cin.tag[k], t->src[k]);
		t->hold[k] = !st->rtout.served[k];
		t->refuse[k] = st->rtout.conflict[k];
	}
}

/* Outputs (walker ready, unm_o, dom_o) and counters. */
static void side(rfm_top_t *t, rfm_pinst_t *pi)
{
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	vt_t *st = ST(pi);
	vt_ix_t *ix = IX(pi);
	uint32_t *o = rfm_wide(m, ix->dom);
	unsigned k, s, p, i, nu = 0, ncf = 0, na = 0;
	for (k = 0; k < c->sm_schedulers; k++) {
		ncf += st->rtout.conflict[k];
		for (s = 0; t->acc_now[k] && s < c->sm_operands; s++)
			nu += t->src[k][s].valid && t->src[k][s].drop;
	}
	for (p = 0; p < c->rf_write_ports; p++)
		na += st->fbout.gnt[p];
	st->unm_d = nu != 0;
	t->cnt_d[pi->cnt0 + CNT_UNMAPPED] = nu;
	t->cnt_d[pi->cnt0 + CNT_RT_CONFLICT] = ncf;
	t->cnt_d[pi->cnt0 + CNT_ALLOC] = na;
	t->cnt_d[pi->cnt0 + CNT_FREE] = st->fbout.nfree;
	rfm_set(m, ix->prdy, !st->wk_busy_q && !rfm_get(m, ix->xv));
	rfm_set(m, ix->xrdy, !st->wk_busy_q);
	rfm_set(m, ix->unm, st->unm_q);
	memset(o, 0, m->slot[ix->dom].words * 4u);
	for (i = 0; i < c->d.domains; i++)
		if (st->fb.dcount[i])
			rfm_bits_set(o, i, 1, 1);
}

/* The clock edge (before the launch registers change), then the kernel's renamed/exempt split. */
static void tick(rfm_top_t *t, rfm_pinst_t *pi)
{
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	vt_t *st = ST(pi);
	vt_ix_t *ix = IX(pi);
	st->unm_q = st->unm_d;
	rfm_rt_clock(c, &st->rt, &st->rtin, m->mutate);
	rfm_fb_clock(c, &st->fb, &st->fbin, &st->fbout);
	if (st->rtin.launch) {
		st->wk_busy_q = 0;
		st->kexm_q = (unsigned)rfm_get(m, ix->lexm);
		st->kren_q = t->ln.regs - st->kexm_q;
		return;
	}
	if (st->wk_busy_q) { /* one register per cycle */
		unsigned lim = st->wk_exit_q ? st->kren_q : RFM_PBR_SLOTS;
		st->wk_cnt_q++;
		if (st->wk_cnt_q >= lim)
			st->wk_busy_q = 0;
	} else if (rfm_get(m, ix->xv)) {
		st->wk_exit_q = 1;
		st->wk_warp_q = (unsigned)rfm_get(m, ix->xw);
		st->wk_cnt_q = 0;
		st->wk_busy_q = st->kren_q > 0;
	} else if (rfm_get(m, ix->pv)) {
		rfm_flags_t f;
		if (rfm_flag_decode(rfm_get(m, ix->pword), &f) && f.is_pbr) { /* any other word is dropped */
			st->wk_exit_q = 0;
			st->wk_warp_q = (unsigned)rfm_get(m, ix->pw);
			st->wk_regs_q = f.payload;
			st->wk_cnt_q = 0;
			st->wk_busy_q = 1;
		}
	}
}

/* ---- stimulus ------------------------------------------------------------------------------ */

/* A kernel of w x g (g_out) and e exempt registers that breaks the table rule alone, from a random
 * start: -1 when there is none. */
static int table_full_kernel(const rfm_cfg_t *c, rfm_rng_t *r, unsigned *w_out, unsigned *g_out)
{
	unsigned n = c->sm_warps * c->sm_regs_per_thread, i0 = r ? (unsigned)rfm_rng_below(r, n) : 0, i;
	for (i = 0; i < n; i++) {
		unsigned k = (i0 + i) % n, w = 1 + k / c->sm_regs_per_thread, g = 1 + k % c->sm_regs_per_thread;
		if (vt_why(c, w, g, 0) == VR_TABLE_FULL) {
			*w_out = w, *g_out = g;
			return 0;
		}
	}
	return -1;
}

/* A kernel (w, g, e) that breaks reason and no rule before it; -1 when the config has none (r may
 * be NULL: the first candidate). */
static int refuse_kernel(const rfm_cfg_t *c, rfm_rng_t *r, unsigned reason, unsigned *wo, unsigned *go, unsigned *eo)
{
	unsigned w = 1, g = 1, e = 0;
	switch (reason) {
	case RFM_REFUSE_NO_WARPS: w = 0; break;
	case RFM_REFUSE_WARPS_OVER: w = c->sm_warps + 1; break;
	case RFM_REFUSE_NO_REGS: g = 0; break;
	case RFM_REFUSE_REGS_OVER: g = c->sm_regs_per_thread + 1, e = g; break;
	case VR_EXEMPT_OVER: e = 2; break;
	case VR_FILE_FULL: w = c->sm_warps, g = e = c->sm_regs_per_thread; break;
	default:
		if (table_full_kernel(c, r, &w, &g))
			return -1;
	}
	if ((reason < RFM_REFUSE_SHAPE_N && rfm_refuse_shape_na(c, reason)) || e > rfm_mask64(c->d.nregs_w) ||
	    vt_why(c, w, g, e) != (int)reason)
		return -1;
	*wo = w, *go = g, *eo = e;
	return 0;
}

/* A launch that breaks reason on its own (a refused launch keeps the running kernel). */
static int stim_refuse(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r, unsigned reason)
{
	unsigned w, g, e;
	if (refuse_kernel(t->m.cfg, r, reason, &w, &g, &e))
		return -1;
	rfm_top_launch_set(t, w, g);
	rfm_set(&t->m, IX(pi)->lexm, e);
	return 0;
}

/* Mostly the reference kernel, sometimes another that fits. */
static void stim_launch(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r)
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
	rfm_top_launch_set(t, w, g);
	rfm_set(&t->m, IX(pi)->lexm, e);
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

/* pbr flag instructions and warp exits for the release walker (when it is idle); never for a warp
 * with an older read in flight or a write-back the back end holds. */
static void stim_pre(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r, uint64_t cycle)
{
	rfm_model_t *m = &t->m;
	vt_ix_t *ix = IX(pi);
	unsigned w, k, n, regs[RFM_PBR_SLOTS];
	(void)cycle;
	if (ST(pi)->wk_busy_q || !t->skw)
		return;
	w = (unsigned)rfm_rng_below(r, t->skw);
	if (warp_in_flight(t, w) || rfm_top_held(t, w, -1))
		return;
	if (rfm_rng_chance(r, 1, 400)) {
		rfm_set(m, ix->xv, 1);
		rfm_set(m, ix->xw, w);
	} else if (rfm_rng_chance(r, 1, 24)) {
		n = (unsigned)rfm_rng_below(r, RFM_PBR_SLOTS + 1);
		for (k = 0; k < n; k++)
			regs[k] = (unsigned)rfm_rng_below(r, t->skr); /* exempt ones are skipped by the walker */
		rfm_set(m, ix->pv, 1);
		rfm_set(m, ix->pw, w);
		rfm_set(m, ix->pword, rfm_rng_chance(r, 1, 32) ? rfm_rng_next(r) : rfm_flag_encode_pbr(regs, n));
	}
}

/* The last read of a register: release it after the read (pir), unless another source of this
 * cycle's issues reads it too or the back end holds a write-back of it. */
static void stim_src(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r, unsigned k, unsigned s, int busy)
{
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	unsigned w = (unsigned)rfm_get(m, t->ix.iw[k]), g = (unsigned)rfm_get(m, t->ix.isr[k][s]), j, kk, dup = 0;
	if (g < t->skr - ST(pi)->skexm && !rfm_top_in_flight(t, w, g) && rfm_rng_chance(r, 1, busy ? 3 : 16)) {
		for (kk = 0; kk <= k; kk++)
			for (j = 0; j < c->sm_operands; j++)
				if ((kk < k || j < s) && rfm_get(m, t->ix.iv[kk]) && rfm_get(m, t->ix.iw[kk]) == w &&
				    rfm_get(m, t->ix.isr[kk][j]) == g)
					dup = 1;
		rfm_set(m, IX(pi)->isrel[k][s], !dup && !rfm_top_held(t, w, (int)g)); /* never with a held write-back */
	}
}

/* ---- checker ------------------------------------------------------------------------------- */

/* Write-back p arrives with a renaming: it counts as written for "mapped iff written since the
 * last release". */
static int arrives(const rfm_top_t *t, const vt_t *st, unsigned p)
{
	return t->wb[p].valid && !t->wb[p].err && !t->wb[p].drop && st->ren[p];
}

/* Invariants 1-3 of docs/virtualization.md against the table and the availability flag. */
static int table_ok(rfm_top_t *t, vt_t *st, uint64_t cycle, FILE *err)
{
	const rfm_cfg_t *c = t->m.cfg;
	unsigned e, p, P = c->d.warp_regs, resv = t->kwarps_q * st->kexm_q, nvalid = 0;
	memset(st->seen, 0, P);
	for (e = 0; e < c->d.rt_depth; e++) {
		unsigned pid;
		if (!((st->rt.valid[e >> 6] >> (e & 63u)) & 1u))
			continue;
		nvalid++;
		pid = st->rt.pid[e];
		if (pid >= P || pid < resv || st->seen[pid]++ || !((st->fb.occ[pid >> 6] >> (pid & 63u)) & 1u)) {
			fprintf(err, "cycle %llu: rf_top invariant: table entry %u maps physical register %u, which is %s\n",
				(unsigned long long)cycle, e, pid,
				pid >= P ? "beyond the file" : pid < resv ? "reserved for an exempt register"
				: st->seen[pid] > 1 ? "mapped twice (invariant 1)" : "free in the availability flag (invariant 3)");
			return 1;
		}
	}
	for (p = 0; p < resv && p < P; p++)
		if (!((st->fb.occ[p >> 6] >> (p & 63u)) & 1u)) {
			fprintf(err, "cycle %llu: rf_top invariant 2: reserved physical register %u is free\n",
				(unsigned long long)cycle, p);
			return 1;
		}
	if (st->fb.nocc != nvalid + resv) {
		fprintf(err, "cycle %llu: rf_top invariant 3: %u physical registers occupied, %u mapped + %u reserved "
			"(a leak)\n", (unsigned long long)cycle, st->fb.nocc, nvalid, resv);
		return 1;
	}
	if (st->alloc_fail) {
		fprintf(err, "cycle %llu: rf_top: a write-back found no free physical register (%u occupied: %u mapped, %u "
			"reserved; kernel %u warps x %u registers, %u exempt)\n", (unsigned long long)cycle, st->fb.nocc, nvalid,
			resv, t->kwarps_q, t->kregs_q, st->kexm_q);
		return 1;
	}
	return 0;
}

/* An accepted source reads as unmapped iff its register was not written since its release. */
static int mapping_ok(rfm_top_t *t, vt_t *st, uint64_t cycle, FILE *err)
{
	const rfm_cfg_t *c = t->m.cfg;
	unsigned k, s, p;
	int bad = 0;
	for (k = 0; k < c->sm_schedulers; k++) {
		if (!t->iv[k] || !t->ready[k])
			continue;
		for (s = 0; s < c->sm_operands; s++) {
			const rfm_acc_t *a = &t->src[k][s];
			int mapped;
			if (!a->valid || a->err || a->reg >= st->kren_q)
				continue;
			mapped = st->gmap[(size_t)a->warp * c->sm_regs_per_thread + a->reg];
			for (p = 0; p < c->rf_write_ports; p++)
				mapped |= arrives(t, st, p) && t->wb[p].warp == a->warp && t->wb[p].reg == a->reg;
			if (a->drop == mapped) {
				fprintf(err, "cycle %llu: rf_top golden: iss%u warp %u r%u is read as %s, but it was %s\n",
					(unsigned long long)cycle, k, a->warp, a->reg, a->drop ? "unmapped" : "mapped",
					a->drop ? "written since its release" : "released and not written since");
				bad = 1;
			}
		}
	}
	return bad;
}

/* Invariants, the counter recount, coverage (after the dispatches, before the write-backs). */
static int verdict(rfm_top_t *t, rfm_pinst_t *pi, uint64_t cycle, FILE *err)
{
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	vt_t *st = ST(pi);
	unsigned e, p, k, s, nalloc = 0, P = c->d.warp_regs;
	if (st->rtin.launch)
		return 0;
	if (table_ok(t, st, cycle, err))
		return 1;
	for (k = 0; k < c->rf_write_ports; k++)
		nalloc += st->fbout.gnt[k];
	t->shadow[pi->cnt0 + CNT_ALLOC] += nalloc;
	t->shadow[pi->cnt0 + CNT_FREE] += st->fbout.nfree;
	for (k = 0; k < c->sm_schedulers; k++) {
		t->shadow[pi->cnt0 + CNT_RT_CONFLICT] += st->rtout.conflict[k];
		if (st->rtout.conflict[k])
			rfm_part_cov(t, pi, COV_RT_CONFLICT);
		for (s = 0; t->iv[k] && t->ready[k] && s < c->sm_operands; s++) {
			const rfm_acc_t *a = &t->src[k][s];
			if (!a->valid)
				continue;
			t->shadow[pi->cnt0 + CNT_UNMAPPED] += a->drop;
			if (a->drop)
				rfm_part_cov(t, pi, COV_UNMAPPED);
			if (!a->err && !a->drop && a->reg >= st->kren_q)
				rfm_part_cov(t, pi, COV_EXEMPT);
			for (p = 0; p < c->rf_write_ports; p++)
				if (st->rtin.wnew[p] && st->rtin.lv[k * c->sm_operands + s] &&
				    st->rtin.widx[p] == st->rtin.lidx[k * c->sm_operands + s])
					rfm_part_cov(t, pi, COV_BYPASS);
		}
	}
	if (nalloc) {
		rfm_part_cov(t, pi, COV_ALLOC);
		if (P - st->fb.nocc == nalloc)
			rfm_part_cov(t, pi, COV_ALLOC_LAST);
		if (st->fbout.nfree)
			rfm_part_cov(t, pi, COV_REL_AND_ALLOC);
	}
	for (p = 0; p < c->rf_write_ports; p++) {
		uint64_t mk = rfm_get(m, t->ix.wm[p]);
		if (st->rtin.wv[p] && st->rtout.whit[p] && mk && mk != rfm_mask64(c->rf_lanes))
			rfm_part_cov(t, pi, COV_MAPPED_WRITE);
		if (st->rtin.wnew[p] && t->be.wrefused[p])
			rfm_part_cov(t, pi, COV_ALLOC_REFUSED);
	}
	if ((cycle & 63u) == 0 && t->kwarps_q && st->kren_q) { /* every resident warp holds a mapping */
		unsigned w, live = 0;
		for (w = 0; w < t->kwarps_q; w++)
			for (e = w * st->kren_q; e < (w + 1) * st->kren_q; e++)
				if ((st->rt.valid[e >> 6] >> (e & 63u)) & 1u) {
					live++;
					break;
				}
		if (live == t->kwarps_q)
			rfm_part_cov(t, pi, COV_ALL_LIVE);
	}
	return mapping_ok(t, st, cycle, err);
}

/* A source released after its read (pir): the value is dead. */
static void dispatched(rfm_top_t *t, rfm_pinst_t *pi, const rfm_fly_t *f)
{
	vt_t *st = ST(pi);
	unsigned s;
	for (s = 0; s < f->nsrc; s++)
		if (f->attr[s] & 1u) {
			*rfm_top_known(t, f->warp, f->reg[s]) = 0;
			st->relq[st->nrelq++] = f->warp * t->m.cfg->sm_regs_per_thread + f->reg[s];
			rfm_part_cov(t, pi, COV_PIR);
		}
}

/* The walker's release of this cycle: the value is dead (before this cycle's write-backs). */
static void book_pre(rfm_top_t *t, rfm_pinst_t *pi)
{
	vt_t *st = ST(pi);
	if (st->rtin.launch || !st->wk_act)
		return;
	*rfm_top_known(t, st->wk_warp_q, st->wk_reg) = 0;
	st->relq[st->nrelq++] = st->wk_warp_q * t->m.cfg->sm_regs_per_thread + st->wk_reg;
	if (st->rtout.ihit[rfm_rt_nlook(t->m.cfg)])
		rfm_part_cov(t, pi, st->wk_exit_q ? COV_EXIT : COV_PBR);
}

/* Arrivals map their registers; releases apply after this cycle's reads, and a write-back of the
 * same cycle keeps the register; a launch unmaps everything. */
static void book_post(rfm_top_t *t, rfm_pinst_t *pi)
{
	const rfm_cfg_t *c = t->m.cfg;
	vt_t *st = ST(pi);
	unsigned p, i, wrq[RFM_MAXW], nwrq = 0;
	for (p = 0; p < c->rf_write_ports; p++)
		if (arrives(t, st, p)) {
			wrq[nwrq] = t->wb[p].warp * c->sm_regs_per_thread + t->wb[p].reg;
			st->gmap[wrq[nwrq++]] = 1;
		}
	for (i = 0; i < st->nrelq; i++) {
		int kept = 0;
		for (p = 0; p < nwrq; p++)
			kept |= wrq[p] == st->relq[i];
		if (!kept)
			st->gmap[st->relq[i]] = 0;
	}
	st->nrelq = 0;
	if (t->ln.ok) {
		memset(st->gmap, 0, (size_t)c->sm_warps * c->sm_regs_per_thread);
		st->skexm = (unsigned)rfm_get(&t->m, IX(pi)->lexm);
	}
}

const rfm_part_t rfm_part_virt = {
	.name = "virtualization", .slots = RFM_PART_LOCATE | RFM_PART_SIDE, .enabled = enabled, .ports = ports,
	.counters = get_counters, .recount = 1, .cov = cov, .ncov = COV_N, .refuse0 = COV_REFUSE, .nrefuse = VR_N, .create = create, .destroy = destroy,
	.reset = reset, .fits = fits, .dispatch = dispatch, .locate_wb = locate_wb, .locate_issue = locate_issue,
	.side = side, .tick = tick, .where = where, .stim_launch = stim_launch, .stim_refuse = stim_refuse, .stim_pre = stim_pre,
	.stim_src = stim_src, .verdict = verdict,
	.dispatched = dispatched, .book_pre = book_pre, .book_post = book_post,
};
