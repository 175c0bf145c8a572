/* part_regmutex.c - RegMutex in rf_top (cmodel/rfm_part.h; docs/regmutex.md, "rf_top with RegMutex"):
 * the LOCATE (rf_srp_xlate: base set and SRP sections) and the SIDE unit (rf_srp_ctrl, the
 * acquire/release/exit ports), with their launch fields, counters, coverage, stimulus and checks.
 * An extended register of a warp without a set is dropped (xerr_o), on any back end.
 *
 * Planted faults (m->mutate, cmodel/regmutex/faults.def; cmodel/regmutex/regmutex.c rfm_srp_comb):
 * SRP_HIGHEST_FREE_SECTION an acquire takes the highest free section; SRP_RELEASE_LEAKS a release
 * leaves its section taken; SRP_PORTS_SHARE_SECTION a port does not see the sections granted to the
 * ports before it; SRP_XBASE_NEXT_SECTION (regmutex.c rfm_srp_xbase_write, xlate = precomp) an
 * acquire writes the next section's base into the extended-base table.
 */
#include <stdlib.h>

#include "rfm_part.h"
#include "rfm_regmutex.h"
#include "rfm_techniques.h"

enum { CNT_ACQUIRE, CNT_ACQ_STALL, CNT_RELEASE, CNT_N };
static const rfm_counter_t counters[CNT_N] = {
	{"acquire", "RegMutex: extended sets granted"},
	{"acq_stall", "RegMutex: acquires stalled (each retry counts)"},
	{"release", "RegMutex: extended sets released (release or exit)"}};

/* Launch refusal reasons: the shape, then RegMutex's own (docs/regmutex.md, "Launch"). */
enum { RR_NO_BASE_SET = RFM_REFUSE_SHAPE_N, RR_SECT_WITHOUT_EXT, RR_NO_SECT, RR_SECT_OVER, RR_FILE_FULL, RR_N };
enum { COV_EXT_READ, COV_NOSECT, COV_STALL, COV_EXIT, COV_FULL, COV_RELEASE, COV_EXT_WB_REFUSED, COV_REFUSE,
       COV_N = COV_REFUSE + RR_N };
static const char *const cov[COV_N] = {
	"regmutex_extended_register_read_back", "regmutex_extended_access_without_set", "regmutex_acquire_stalled",
	"regmutex_exit_releases", "regmutex_all_sections_taken", "regmutex_release",
	"regmutex_extended_write_back_refused", RFM_REFUSE_SHAPE_NAMES, "regmutex_launch_refused_no_base_set",
	"regmutex_launch_refused_sections_without_extended_set", "regmutex_launch_refused_no_sections",
	"regmutex_launch_refused_sections_over_warps", "regmutex_launch_refused_file_full"};
static int refuse_kernel(const rfm_cfg_t *c, rfm_rng_t *r, unsigned reason, unsigned k[4]);

/* Port indices (in the part's words of t->ix.pix). */
typedef struct rm_ix {
	uint32_t lext, lsect;                                  /* launch_ext_i, launch_sections_i */
	uint32_t av[RFM_MAXS], arel[RFM_MAXS], aw[RFM_MAXS];   /* acq<k>_valid_i, _release_i, _warp_i */
	uint32_t ag[RFM_MAXS], ast[RFM_MAXS], asect[RFM_MAXS]; /* acq<k>_grant_o, _stall_o, _sect_o */
	uint32_t xv, xw, full, xerr;                           /* exit_valid_i, exit_warp_i, srp_full_o, xerr_o */
} rm_ix_t;
_Static_assert((int)RFM_XL_OUTSIDE == (int)RFM_WHERE_OUTSIDE, "a translation outside the kernel is where's outside");
_Static_assert(sizeof(rm_ix_t) <= RFM_PART_IXW * sizeof(uint32_t), "RegMutex port indices fit");

typedef struct rm {
	int paired;                  /* [regmutex] paired */
	rfm_srp_kernel_t kq;         /* running kernel */
	unsigned xerr_q, xerr_d;     /* xerr_o */
	rfm_srp_state_t sq, sd;      /* allocator state, next state */
	rfm_srp_in_t sin;            /* allocator inputs of this cycle */
	rfm_srp_out_t sout;          /* its outputs */
	unsigned skbs;               /* base set the stimulus believes runs */
	uint64_t swait;              /* warps whose last acquire stalled (they retry) */
} rm_t;

#define IX(pi) ((rm_ix_t *)(pi)->ix)
#define ST(pi) ((rm_t *)(pi)->st)

static int enabled(const rfm_cfg_t *c) { return rfm_tech_on(c, RFM_TECH_regmutex); }

static void ports(const rfm_cfg_t *c, rfm_ports_t *pt, uint32_t *ixw, rfm_place_t pl, unsigned i)
{
	rm_ix_t *ix = (rm_ix_t *)ixw;
	int paired = c->regmutex_paired == RFM_ON;
	unsigned k;
	(void)i;
	if (pl == RFM_PL_LAUNCH) {
		ix->lext = rfm_ports_add(pt, RFM_IN, c->d.nregs_w, "RegMutex: its extended set size Es (Bs = regs - Es)",
					 "launch_ext_i");
		if (!paired)
			ix->lsect = rfm_ports_add(pt, RFM_IN, c->d.nwarps_w, "RegMutex: its SRP sections", "launch_sections_i");
	} else if (pl == RFM_PL_GROUPS) {
		for (k = 0; k < c->sm_schedulers; k++) {
			rfm_ports_group(pt, "RegMutex acquire/release port %u", k);
			ix->av[k] = rfm_ports_add(pt, RFM_IN, 1, "an acquire or release instruction", "acq%u_valid_i", k);
			ix->arel[k] = rfm_ports_add(pt, RFM_IN, 1, "1: release, 0: acquire", "acq%u_release_i", k);
			ix->aw[k] = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "warp slot", "acq%u_warp_i", k);
			ix->ag[k] = rfm_ports_add(pt, RFM_OUT, 1, "done: the warp moves on", "acq%u_grant_o", k);
			ix->ast[k] = rfm_ports_add(pt, RFM_OUT, 1, "no free section: the warp retries", "acq%u_stall_o", k);
			ix->asect[k] = rfm_ports_add(pt, RFM_OUT, c->d.warp_w,
						     paired ? "pair of the granted acquire" : "SRP section of the granted acquire",
						     "acq%u_sect_o", k);
		}
		rfm_ports_group(pt, "RegMutex warp exit");
		ix->xv = rfm_ports_add(pt, RFM_IN, 1, "a warp exits: its extended set is released", "exit_valid_i");
		ix->xw = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "its warp slot", "exit_warp_i");
	} else if (pl == RFM_PL_STATUS) {
		if (!paired)
			ix->full = rfm_ports_add(pt, RFM_OUT, 1, "RegMutex: no free SRP section", "srp_full_o");
		ix->xerr = rfm_ports_add(pt, RFM_OUT, 1,
					 "RegMutex: last cycle saw an extended register of a warp without a set (dropped)", "xerr_o");
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
	rm_t *s = calloc(1, sizeof(*s));
	unsigned i, k[4];
	if (!(pi->st = s))
		return -1;
	s->paired = t->m.cfg->regmutex_paired == RFM_ON;
	if (s->paired)
		rfm_part_cov_na(t, pi, COV_FULL);
	if (!rfm_top_wb_refusable(t))
		rfm_part_cov_na(t, pi, COV_EXT_WB_REFUSED); /* the back end never refuses a write-back */
	for (i = 0; i < RR_N; i++)
		if (refuse_kernel(t->m.cfg, NULL, i, k))
			rfm_part_cov_na(t, pi, COV_REFUSE + i);
	return 0;
}

static void destroy(rfm_pinst_t *pi) { free(pi->st); }

static void reset(rfm_top_t *t, rfm_pinst_t *pi)
{
	rm_t *s = ST(pi);
	s->xerr_q = 0;
	memset(&s->kq, 0, sizeof(s->kq));
	rfm_srp_launch_state(t->m.cfg, 0, &s->sq);
}

/* The first launch rule (docs/regmutex.md) that w warps x g registers with es extended and ns SRP
 * sections break (RR_* or a shape reason), or -1: the order of rfm_rm_launch_fits. */
static int rm_why(const rfm_cfg_t *c, unsigned w, unsigned g, unsigned es, unsigned ns)
{
	int why = rfm_refuse_shape(c, w, g);
	uint64_t bs;
	if (why >= 0)
		return why;
	if (es >= g)
		return RR_NO_BASE_SET;
	bs = g - es;
	if (c->regmutex_paired == RFM_ON)
		return (w + 1ull) / 2 * (2 * bs + es) > c->d.warp_regs ? RR_FILE_FULL : -1;
	if (!es && ns)
		return RR_SECT_WITHOUT_EXT;
	if (es && !ns)
		return RR_NO_SECT;
	if (ns > c->sm_warps)
		return RR_SECT_OVER;
	return (uint64_t)w * bs + (uint64_t)ns * es > c->d.warp_regs ? RR_FILE_FULL : -1;
}

/* Launch rule (docs/regmutex.md). */
static int fits(rfm_top_t *t, rfm_pinst_t *pi, const rfm_launch_t *ln)
{
	return rfm_part_refused(t, pi, rm_why(t->m.cfg, ln->warps, ln->regs, (unsigned)rfm_get(&t->m, IX(pi)->lext),
					      ST(pi)->paired ? 0 : (unsigned)rfm_get(&t->m, IX(pi)->lsect)));
}

static int where(rfm_top_t *t, rfm_pinst_t *pi, unsigned w, unsigned g, unsigned *bank, unsigned *row)
{
	unsigned pack;
	return rfm_srp_xlate_fn(t->m.cfg, &ST(pi)->kq, &ST(pi)->sq, w, g, &pack, bank, row);
}

static void place(rfm_top_t *t, rfm_pinst_t *pi, rfm_acc_t *a)
{
	int e = where(t, pi, a->warp, a->reg, &a->bank, &a->row);
	a->err = e == RFM_XL_OUTSIDE;
	a->drop = e == RFM_XL_NOSECT;
}

static void locate_wb(rfm_top_t *t, rfm_pinst_t *pi)
{
	unsigned p;
	for (p = 0; p < t->m.cfg->rf_write_ports; p++)
		place(t, pi, &t->wb[p]);
}

static void locate_issue(rfm_top_t *t, rfm_pinst_t *pi)
{
	unsigned k, s;
	for (k = 0; k < t->m.cfg->sm_schedulers; k++)
		for (s = 0; s < t->m.cfg->sm_operands; s++)
			place(t, pi, &t->src[k][s]);
}

/* The allocator (rf_srp_ctrl: the same function), its outputs and counters; xerr_o's next value. */
static void side(rfm_top_t *t, rfm_pinst_t *pi)
{
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	rm_t *st = ST(pi);
	rm_ix_t *ix = IX(pi);
	rfm_srp_in_t *si = &st->sin;
	unsigned k, s, p, x = 0;
	si->launch = t->ln.ok;
	si->nsect = st->paired ? 0 : (unsigned)rfm_get(m, ix->lsect);
	for (k = 0; k < c->sm_schedulers; k++) {
		si->valid[k] = (uint8_t)rfm_get(m, ix->av[k]);
		si->rel[k] = (uint8_t)rfm_get(m, ix->arel[k]);
		si->warp[k] = (unsigned)rfm_get(m, ix->aw[k]);
	}
	si->exit_valid = (uint8_t)rfm_get(m, ix->xv);
	si->exit_warp = (unsigned)rfm_get(m, ix->xw);
	rfm_srp_comb(c, &st->sq, si, &st->sout, &st->sd, m->mutate);
	for (k = 0; k < c->sm_schedulers; k++) {
		rfm_set(m, ix->ag[k], st->sout.grant[k]);
		rfm_set(m, ix->ast[k], st->sout.stall[k]);
		rfm_set(m, ix->asect[k], st->sout.sect[k]);
	}
	if (!st->paired)
		rfm_set(m, ix->full, st->sout.full);
	rfm_set(m, ix->xerr, st->xerr_q);
	t->cnt_d[pi->cnt0 + CNT_ACQUIRE] = st->sout.nacq;
	t->cnt_d[pi->cnt0 + CNT_ACQ_STALL] = st->sout.nstall;
	t->cnt_d[pi->cnt0 + CNT_RELEASE] = st->sout.nfree;
	for (p = 0; p < c->rf_write_ports; p++)
		x |= t->wb[p].valid && t->wb[p].drop;
	for (k = 0; k < c->sm_schedulers; k++)
		for (s = 0; t->acc_now[k] && s < c->sm_operands; s++)
			x |= t->src[k][s].valid && t->src[k][s].drop;
	st->xerr_d = x;
}

static void tick(rfm_top_t *t, rfm_pinst_t *pi)
{
	rm_t *st = ST(pi);
	st->xerr_q = st->xerr_d;
	st->sq = st->sd;
	/* xlate = precomp: granted acquires write the extended-base table (a launch cycle grants none) */
	if (!st->paired && rfm_rm_precomp(t->m.cfg))
		rfm_srp_xbase_write(t->m.cfg, &st->kq, &st->sin, &st->sout, t->m.mutate);
	if (t->ln.ok) /* the kernel's sets, offset and (xlate = precomp) base table */
		rfm_srp_kernel_set(t->m.cfg, &st->kq, t->ln.warps, t->ln.regs, (unsigned)rfm_get(&t->m, IX(pi)->lext),
				   st->paired ? 0 : (unsigned)rfm_get(&t->m, IX(pi)->lsect));
}

/* ---- stimulus ------------------------------------------------------------------------------ */

/* An instruction in flight of warp w still has to read one of its extended registers. */
static int in_flight_ext(const rfm_top_t *t, const rm_t *st, unsigned warp)
{
	unsigned i, s;
	for (i = 0; i < t->nfly; i++)
		for (s = 0; s < t->fly[i].nsrc; s++)
			if (t->fly[i].warp == warp && t->fly[i].valid[s] && !t->fly[i].err[s] && t->fly[i].reg[s] >= st->kq.bs)
				return 1;
	return 0;
}

/* Any of the kernel's registers if w holds its extended set (an extended one half of the time),
 * else one of its base set. */
static unsigned stim_reg(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r, unsigned w, uint64_t nohold)
{
	rm_t *st = ST(pi);
	int hold = ((st->sq.status & ~nohold) >> w) & 1u;
	if (hold && t->skr > st->skbs && rfm_rng_chance(r, 1, 2))
		return st->skbs + (unsigned)rfm_rng_below(r, t->skr - st->skbs);
	return (unsigned)rfm_rng_below(r, hold ? t->skr : st->skbs);
}

static int stim_reg_ok(rfm_top_t *t, rfm_pinst_t *pi, unsigned w, unsigned g, uint64_t leaving)
{
	(void)t;
	return g < ST(pi)->skbs || (((ST(pi)->sq.status & ~leaving) >> w) & 1u);
}

/* A kernel k = {warps, regs, Es, sections} that breaks reason and no rule before it; -1 when the
 * config has none or a value does not fit its port. */
static int refuse_kernel(const rfm_cfg_t *c, rfm_rng_t *r, unsigned reason, unsigned k[4])
{
	unsigned w = 1, g = 1, es = 0, ns = 0, W = c->sm_warps, R = c->sm_regs_per_thread;
	(void)r;
	switch (reason) {
	case RFM_REFUSE_NO_WARPS: w = 0; break;
	case RFM_REFUSE_WARPS_OVER: w = W + 1; break;
	case RFM_REFUSE_NO_REGS: g = 0; break;
	case RFM_REFUSE_REGS_OVER: g = R + 1; break;
	case RR_NO_BASE_SET: es = 1, ns = 1; break;
	case RR_SECT_WITHOUT_EXT: ns = 1; break;
	case RR_NO_SECT: g = 2, es = 1; break;
	case RR_SECT_OVER: g = 2, es = 1, ns = W + 1; break;
	default: w = W, g = R, es = c->regmutex_paired == RFM_ON ? 0 : 1, ns = c->regmutex_paired == RFM_ON ? 0 : W;
	}
	if (w > rfm_mask64(c->d.nwarps_w) || g > rfm_mask64(c->d.nregs_w) || es > rfm_mask64(c->d.nregs_w) ||
	    ns > rfm_mask64(c->d.nwarps_w) || rm_why(c, w, g, es, ns) != (int)reason)
		return -1;
	k[0] = w, k[1] = g, k[2] = es, k[3] = ns;
	return 0;
}

/* A launch that breaks reason on its own (a refused launch keeps the running kernel). */
static int stim_refuse(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r, unsigned reason)
{
	unsigned k[4];
	if (refuse_kernel(t->m.cfg, r, reason, k))
		return -1;
	rfm_top_launch_set(t, k[0], k[1]);
	rfm_set(&t->m, IX(pi)->lext, k[2]);
	if (!ST(pi)->paired)
		rfm_set(&t->m, IX(pi)->lsect, k[3]);
	return 0;
}

/* Mostly the reference kernel, sometimes another that fits. */
static void stim_launch(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r)
{
	const rfm_cfg_t *c = t->m.cfg;
	rm_ix_t *ix = IX(pi);
	int paired = ST(pi)->paired;
	unsigned w = c->d.rm_warps, g = c->d.rm_regs, es = c->d.rm_es, tries;
	for (tries = 0; tries < 32 && rfm_rng_chance(r, 1, 3); tries++) {
		unsigned tw = 1 + (unsigned)rfm_rng_below(r, c->sm_warps), tg = 1 + (unsigned)rfm_rng_below(r, c->sm_regs_per_thread);
		unsigned te = (unsigned)rfm_rng_below(r, tg);
		if (rfm_rm_launch_fits(c, tw, tg, te, paired ? 0 : rfm_rm_sections(c, tw, tg - te, te))) {
			w = tw, g = tg, es = te;
			break;
		}
	}
	rfm_top_launch_set(t, w, g);
	rfm_set(&t->m, ix->lext, es);
	if (!paired)
		rfm_set(&t->m, ix->lsect, rfm_rm_sections(c, w, g - es, es));
}

/* Acquire/release requests and warp exits of this cycle; t->leaving: the warps that give up their
 * extended set this cycle (their extended registers are not accessed any more). */
static void stim_pre(rfm_top_t *t, rfm_pinst_t *pi, rfm_rng_t *r, uint64_t cycle)
{
	rfm_model_t *m = &t->m;
	const rfm_cfg_t *c = m->cfg;
	rm_t *st = ST(pi);
	rm_ix_t *ix = IX(pi);
	unsigned k, phase = (unsigned)(cycle / 256) % 3;
	uint64_t used = 0, leaving = 0;
	for (k = 0; k < c->sm_schedulers; k++) /* the acquires that stalled last cycle are retried */
		if (st->sin.valid[k] && !st->sin.rel[k] && !st->sin.launch && st->sin.warp[k] < 64) {
			if (st->sout.stall[k])
				st->swait |= 1ull << st->sin.warp[k];
			else
				st->swait &= ~(1ull << st->sin.warp[k]);
		}
	st->swait &= rfm_mask64(t->skw);
	for (k = 0; k < c->sm_schedulers; k++) {
		unsigned w = (unsigned)rfm_rng_below(r, t->skw), rel;
		uint64_t held = st->sq.status & rfm_mask64(t->skw), cand;
		if (!rfm_rng_chance(r, 1, 3))
			continue;
		/* phase 0 mostly acquires, phase 1 mostly releases, phase 2 both */
		rel = rfm_rng_chance(r, phase == 0 ? 1 : phase == 1 ? 3 : 2, 4);
		cand = rel ? held : st->swait ? st->swait : ~held & rfm_mask64(t->skw);
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
		if (rel && ((held >> w) & 1u) && in_flight_ext(t, st, w))
			continue; /* a release waits until the warp's reads of extended registers are done */
		used |= 1ull << w;
		if (rel)
			leaving |= 1ull << w;
		rfm_set(m, ix->av[k], 1);
		rfm_set(m, ix->arel[k], rel);
		rfm_set(m, ix->aw[k], w);
	}
	if (rfm_rng_chance(r, 1, 64)) { /* a warp exits (its slot's next warp starts released) */
		unsigned w = (unsigned)rfm_rng_below(r, t->skw);
		if (!in_flight_ext(t, st, w)) {
			rfm_set(m, ix->xv, 1);
			rfm_set(m, ix->xw, w);
			leaving |= 1ull << w;
		}
	}
	t->leaving = leaving;
}

/* ---- checker ------------------------------------------------------------------------------- */

/* Allocator invariants, counter recount, coverage. */
static int verdict(rfm_top_t *t, rfm_pinst_t *pi, uint64_t cycle, FILE *err)
{
	const rfm_cfg_t *c = t->m.cfg;
	rm_t *st = ST(pi);
	unsigned k;
	if (rfm_srp_invariants(c, &st->sq, st->kq.nsect, cycle, "rf_top", err) ||
	    rfm_srp_tables_check(c, &st->kq, &st->sq, cycle, "rf_top", err))
		return 1;
	t->shadow[pi->cnt0 + CNT_ACQUIRE] += st->sout.nacq;
	t->shadow[pi->cnt0 + CNT_ACQ_STALL] += st->sout.nstall;
	t->shadow[pi->cnt0 + CNT_RELEASE] += st->sout.nfree;
	for (k = 0; k < c->sm_schedulers; k++) {
		if (st->sout.stall[k])
			rfm_part_cov(t, pi, COV_STALL);
		if (st->sin.valid[k] && st->sin.rel[k] && !st->sin.launch && !((st->sout.noop >> k) & 1u))
			rfm_part_cov(t, pi, COV_RELEASE);
	}
	if (st->sin.exit_valid && !st->sin.launch && ((st->sout.freed >> (st->sin.exit_warp & 63u)) & 1u))
		rfm_part_cov(t, pi, COV_EXIT);
	if (st->sout.full && st->kq.nsect)
		rfm_part_cov(t, pi, COV_FULL);
	if (rfm_get(&t->m, IX(pi)->xerr))
		rfm_part_cov(t, pi, COV_NOSECT);
	return 0;
}

static void dispatched(rfm_top_t *t, rfm_pinst_t *pi, const rfm_fly_t *f)
{
	unsigned s;
	for (s = 0; s < f->nsrc; s++)
		if (f->valid[s] && !f->err[s] && !f->taint[s] && f->reg[s] >= ST(pi)->kq.bs &&
		    *rfm_top_known(t, f->warp, f->reg[s]))
			rfm_part_cov(t, pi, COV_EXT_READ);
}

/* A released extended set keeps no values (docs/regmutex.md, "Data"); the launch. */
static void book_post(rfm_top_t *t, rfm_pinst_t *pi)
{
	const rfm_cfg_t *c = t->m.cfg;
	rm_t *st = ST(pi);
	unsigned w, g, p;
	for (p = 0; p < c->rf_write_ports; p++)
		if (t->be.wrefused[p] && t->wb[p].valid && !t->wb[p].err && !t->wb[p].drop && t->wb[p].reg >= st->kq.bs)
			rfm_part_cov(t, pi, COV_EXT_WB_REFUSED);
	if (st->sout.freed)
		for (w = 0; w < c->sm_warps; w++)
			if ((st->sout.freed >> w) & 1u)
				for (g = st->kq.bs; g < st->kq.regs; g++)
					*rfm_top_known(t, w, g) = 0;
	if (t->ln.ok) {
		st->skbs = t->ln.regs - (unsigned)rfm_get(&t->m, IX(pi)->lext);
		st->swait = 0;
	}
}

const rfm_part_t rfm_part_regmutex = {
	.name = "regmutex", .slots = RFM_PART_LOCATE | RFM_PART_SIDE, .enabled = enabled, .ports = ports,
	.counters = get_counters, .recount = 1, .cov = cov, .ncov = COV_N, .refuse0 = COV_REFUSE, .nrefuse = RR_N, .create = create, .destroy = destroy,
	.reset = reset, .fits = fits, .locate_wb = locate_wb, .locate_issue = locate_issue, .side = side,
	.tick = tick, .where = where, .stim_launch = stim_launch, .stim_refuse = stim_refuse, .stim_pre = stim_pre, .stim_reg = stim_reg,
	.stim_reg_ok = stim_reg_ok, .verdict = verdict, .dispatched = dispatched, .book_post = book_post,
};
