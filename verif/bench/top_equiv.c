/* top_equiv.c - the baseline rf_top and the coalescing rf_top, every value full width, driven by one
 * open-loop transaction stream and compared value for value and count for count (docs/coalescing.md,
 * "The baseline as a special case", statement 4; make coal-equiv).
 *
 *   top_equiv [--mutate=FAULT] [--mutate-base=FAULT] [--skew=N] [--selfcheck] [--trace=PHASE]
 *             CONFIG.ini CYCLES [SEED]
 *
 * CONFIG has [coalescing] enable = on. Two rf_top models are built with rfm_model_create: the
 * baseline twin (the same config with coalescing.enable=off, the override synth/overhead.sh gives
 * rtl_gen) and the coalescing file. Both are driven through their ports only, looked up once by
 * name in each model's port table.
 *
 * The stream (seeded, independent of either model's state) is a sequence of phases. Each model
 * takes a phase's transactions from its own queues through its own hand-shakes: an instruction
 * when iss<k>_ready_o (in stream order: port 0 offers the oldest, port 1 the next), a write-back on
 * port p when offered (the baseline never refuses one) or when wb<p>_ready_o (the coalescing file
 * refuses a second write to one bank in a cycle; the refused one is offered again, unchanged). A
 * transaction is offered from its arrival cycle in the phase on. A phase ends when both models
 * have taken everything and dispatched every instruction; the next starts in the following cycle
 * for both, so the two models see each phase from the same cycle.
 *
 *   init    (after each kernel launch, which is the phase's first cycle) every register of the
 *           kernel written once, all lanes, no instruction
 *   sparse  one instruction per 16 cycles on average, with no or one source; one write-back per
 *           port per 16 cycles
 *   light   one instruction per 4 cycles, each source used with chance 2/3; write-backs 1/4
 *   heavy   each issue port gets an instruction with chance 3/4 per cycle, sources 7/8; write-backs 3/4
 *
 * Race freedom: at each launch the kernel's registers are split at random into two halves. In a
 * phase, write-backs go to one half and instructions read the other; the next phase swaps them.
 * Each register written in a phase is given one write-back port for the phase, so its writes reach
 * both models in one order. Every phase drains before the next, so no read meets a write of its
 * register in flight in either model. Tags run through 0 .. 2^tag_bits - 1; a model is not offered
 * an instruction whose tag it still holds (the wait is counted, it never changes what is offered).
 * Every written active lane is a random 32-bit value whose top byte is neither 0x00 nor 0xFF, so
 * it needs 4 bytes and every coalescing mask is 1111; inactive lanes carry random data. Every
 * write-back has at least one lane: an empty one counts as a write in the baseline only (the
 * coalescing file makes no request of it).
 *
 * Checks (the first failure ends the run, exit 1, with cycle, tag, operand, lane and both values):
 * every dispatched instruction's tag, warp and every lane of every operand against the harness's
 * architectural registers (unused operands zero), and against the other model's dispatch of the
 * same instruction (matched by tag; order and cycle may differ); every instruction dispatched once;
 * launch_err_o and acc_err_o stay 0; idle_o is 1 when a phase starts; at every phase end
 * cnt_read_o, cnt_write_o and cnt_dispatch_o equal in both models and equal the stream's counts,
 * and the coalescing counters show every access full width (bank accesses = reads + writes,
 * collector writes = reads, no coalesced pair, sub-bank bytes = 4 x lanes per access).
 *
 * Measured and reported (not a failure of this program): the cycles in which both models dispatch
 * the same instructions and those with identical dispatch ports, the cycles each model needed, and
 * whether each phase without contention was cycle-identical. A phase is without contention when,
 * in none of its cycles, either model refused a read request (its cnt_conflict_o and
 * cnt_wconflict_o do not move) or the coalescing file refused a write-back (cnt_wb_stall_o does not
 * move). It is cycle-identical when in every cycle both models dispatch the same instructions and
 * take the same instructions and write-backs, and both finish in the same cycle; port-identical
 * when, also, every dispatch port carries the same instruction (the dispatch round-robin pointer,
 * left by earlier phases, can differ). A phase without contention that is not cycle-identical is
 * printed as "NOT cycle-identical" (make coal-equiv fails on it; its planted fault --skew=N offers
 * every transaction to the coalescing model N cycles after its arrival, which changes no value or
 * count but every phase's timing). --trace=N prints phase N's hand-shakes and dispatches, cycle by
 * cycle.
 *
 * Planted faults (a name of cmodel/<technique>/faults.def or its id, rfm_fault_find): --mutate=FAULT
 * plants FAULT in the coalescing model (e.g. TOP_NO_UNSWAP_ON_READ, cmodel/coalescing/top_coal.c),
 * --mutate-base=FAULT in the baseline twin (e.g. XBAR_SLOT0_NEIGHBOUR, cmodel/base/part_base.c, or
 * SRAM_LANE_MASK_IGNORED, which only shows with more than one lane per sub-bank). --selfcheck also
 * runs each model's own checker every cycle (the coalescing model's option "width-dist" is left at
 * fig3_3: its full-width checks are the harness's +width-dist=full run).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_faults.h"
#include "rfm_models.h"
#include "rfm_top_coal.h"

#define NM 2                 /* models: 0 baseline twin, 1 coalescing */
#define NCNT (RFM_CNT_N + RFM_TCO_N)
#define PHASE_LIMIT 200000u  /* cycles a phase may take beyond its arrivals before it counts as hung */

static const char *const mname[NM] = {"baseline", "coalescing"};

enum { K_INIT, K_SPARSE, K_LIGHT, K_HEAVY, K_N };
static const char *const kname[K_N] = {"init", "sparse", "light", "heavy"};

/* Port indices of one rf_top model. */
typedef struct tix {
	unsigned rst, lv, lw, lr, lerr, idle, accerr;
	unsigned wv[RFM_MAXW], ww[RFM_MAXW], wr[RFM_MAXW], wm[RFM_MAXW], wd[RFM_MAXW];
	int wrdy[RFM_MAXW];                      /* wb<p>_ready_o, -1 in the baseline */
	int iam[RFM_MAXS];                       /* iss<k>_amask_i (zero gating), -1 without it */
	unsigned iv[RFM_MAXS], ir[RFM_MAXS], it[RFM_MAXS], iw[RFM_MAXS];
	unsigned isv[RFM_MAXS][RFM_MAXOP], isr[RFM_MAXS][RFM_MAXOP];
	unsigned dv[RFM_MAXS], dt[RFM_MAXS], dw[RFM_MAXS], dop[RFM_MAXS][RFM_MAXOP];
	int cnt[NCNT];                           /* cnt_<name>_o: six baseline counters, then coalescing (-1: none) */
} tix_t;

/* An instruction of the stream. */
typedef struct ins {
	uint32_t arr;                 /* arrival: first cycle of the phase it may be offered */
	unsigned tag, warp;
	uint8_t sv[RFM_MAXOP];        /* source used */
	unsigned reg[RFM_MAXOP];      /* its register */
	uint8_t issued[NM], disp[NM];
	uint64_t dcycle[NM];          /* cycle of its dispatch */
} ins_t;

/* A write-back of the stream. */
typedef struct wbk {
	uint32_t arr;
	unsigned warp, reg;
	uint64_t mask;
	size_t data;                  /* first word in the phase's data pool */
} wbk_t;

/* One phase of the stream. */
typedef struct phase {
	unsigned no, kind, launch;    /* number, kind, a launch in its first cycle */
	uint64_t start;               /* first cycle */
	uint32_t span;                /* arrivals fall in cycles 0 .. span - 1 */
	ins_t *ins;
	size_t ni, icap;
	wbk_t *wb[RFM_MAXW];
	size_t nw[RFM_MAXW], wcap[RFM_MAXW];
	uint32_t *pool;               /* write data, lanes words each */
	size_t npool, pcap;
	uint32_t *rec;                /* per instruction: the operands of its first dispatch (ops x wq words) */
	size_t rcap;
	uint64_t nread;               /* source operands used */
	/* measured: level 0 cycle-identical, 1 port-identical (so far) */
	int ident[2];
	char diff[2][160];            /* what differed first */
	uint64_t done[NM];            /* last cycle of the phase for each model */
	int isdone[NM];
} phase_t;

/* What the end-of-phase checks need of a phase that has ended (they run in the next cycle, when
 * the counters of its last cycle are visible and the next phase has begun). */
typedef struct psum {
	unsigned no, kind;
	size_t ni, nw[RFM_MAXW];
	uint64_t start, done[NM];
	int ident[2];
	char diff[2][160];
} psum_t;

/* One model and its position in the stream. */
typedef struct feed {
	rfm_model_t *m;
	tix_t ix;
	size_t ihead, whead[RFM_MAXW];
	int *tagq;                    /* instruction of the phase holding each tag, or -1 */
	unsigned nfly;
	int offi[RFM_MAXS];           /* instruction offered on issue port k this cycle, or -1 */
	uint8_t offw[RFM_MAXW];       /* write-back offered on port p this cycle */
	unsigned acci, accw;          /* accepted this cycle (bit k, bit p) */
	uint64_t need;                /* cycles needed, summed over phases */
	uint64_t tagwait;             /* cycles an instruction waited for its tag */
	uint64_t ndisp;
	uint64_t prev[NCNT], tot[NCNT], snap[NCNT]; /* counter outputs: last value, unwrapped total, at phase start */
} feed_t;

typedef struct run {
	rfm_cfg_t cfg[NM];
	const rfm_cfg_t *c;           /* the coalescing config (sizes are the same) */
	feed_t f[NM];
	rfm_rng_t rng;
	uint64_t seed, cycles, cycle;
	unsigned S, ops, lanes, wq, nwp;
	uint64_t cmask;               /* counter mask */
	/* kernel and halves */
	unsigned kw, kr, nlaunch;
	uint32_t *arch;               /* sm_warps x regs_per_thread x wq: architectural registers */
	uint8_t *half;                /* per register id (warp x kr + reg): its half */
	unsigned *hl[2];              /* per half and warp: its registers (kr slots per warp) */
	unsigned *hn[2];              /* their number */
	unsigned *hw[2], hwn[2];      /* warps with a register in the half */
	unsigned *wl[RFM_MAXW], wln[RFM_MAXW]; /* registers ids written on port p this phase */
	unsigned *perm;
	unsigned tagnext, epoch_phase;
	phase_t ph;
	psum_t last;                  /* the phase that ended last */
	/* totals */
	uint64_t ninstr, nwb, nread, ncompared, nphase[K_N];
	uint64_t exp_read, exp_write, exp_disp;
	uint64_t sim_cyc, any_disp_cyc, same_cyc[2], same_any_cyc[2]; /* [0] same instructions, [1] same ports */
	unsigned nends;               /* phase ends checked */
	unsigned ncf, ncf_ident[2], ncont, ncont_ident[2];
	uint64_t cf_ins, cf_wb;       /* instructions and write-backs of the phases without contention */
	unsigned first[3];            /* phases the baseline finished first, both in one cycle, the coalescing file first */
	char cf_diff[2][256];         /* the first phase without contention that was not cycle- (port-) identical */
	int failed;
	char msg[512];                /* the first difference */
	unsigned trace;               /* --trace: phase whose hand-shakes and dispatches are printed */
	unsigned skew;                /* --skew: the coalescing model sees each phase this many cycles late */
} run_t;

/* A difference: printed with its cycle; the first one ends the run and is repeated in the summary. */
static void fail(run_t *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(run_t *r, const char *fmt, ...)
{
	char buf[sizeof(r->msg) - 32];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	fprintf(stderr, "top_equiv: cycle %llu: %s\n", (unsigned long long)r->cycle, buf);
	if (!r->failed)
		snprintf(r->msg, sizeof(r->msg), "cycle %llu: %s", (unsigned long long)r->cycle, buf);
	r->failed = 1;
}

static void *grow(void *p, size_t *cap, size_t need, size_t elem)
{
	size_t n = *cap ? *cap : 64;
	void *q;
	if (need <= *cap)
		return p;
	while (n < need)
		n *= 2;
	q = realloc(p, n * elem);
	if (!q) {
		fprintf(stderr, "top_equiv: out of memory\n");
		exit(2);
	}
	*cap = n;
	return q;
}

static int port(const rfm_model_t *m, const char *name, int optional)
{
	int i = rfm_ports_find(&m->ports, name);
	if (i < 0 && !optional)
		fprintf(stderr, "top_equiv: %s of %s has no port %s\n", m->module, m->cfg->name, name);
	return i;
}

/* Look the ports up once, by name. Returns 0, or -1 when a port is missing. */
static int lookup(run_t *r, feed_t *f)
{
	rfm_model_t *m = f->m;
	tix_t *ix = &f->ix;
	char nm[48];
	unsigned k, s, p, n;
	int bad = 0, i;
#define REQ(dst, ...)                                                                               \
	do {                                                                                        \
		snprintf(nm, sizeof(nm), __VA_ARGS__);                                              \
		i = port(m, nm, 0);                                                                 \
		bad |= i < 0;                                                                       \
		dst = i < 0 ? 0u : (unsigned)i;                                                     \
	} while (0)
	REQ(ix->rst, "rst_ni");
	REQ(ix->lv, "launch_valid_i");
	REQ(ix->lw, "launch_warps_i");
	REQ(ix->lr, "launch_regs_i");
	REQ(ix->lerr, "launch_err_o");
	REQ(ix->idle, "idle_o");
	REQ(ix->accerr, "acc_err_o");
	for (p = 0; p < r->nwp; p++) {
		REQ(ix->wv[p], "wb%u_valid_i", p);
		REQ(ix->ww[p], "wb%u_warp_i", p);
		REQ(ix->wr[p], "wb%u_reg_i", p);
		REQ(ix->wm[p], "wb%u_mask_i", p);
		REQ(ix->wd[p], "wb%u_data_i", p);
		snprintf(nm, sizeof(nm), "wb%u_ready_o", p);
		ix->wrdy[p] = port(m, nm, 1);
	}
	for (k = 0; k < r->S; k++) {
		REQ(ix->iv[k], "iss%u_valid_i", k);
		REQ(ix->ir[k], "iss%u_ready_o", k);
		REQ(ix->it[k], "iss%u_tag_i", k);
		REQ(ix->iw[k], "iss%u_warp_i", k);
		snprintf(nm, sizeof(nm), "iss%u_amask_i", k);
		ix->iam[k] = port(m, nm, 1);
		REQ(ix->dv[k], "dsp%u_valid_o", k);
		REQ(ix->dt[k], "dsp%u_tag_o", k);
		REQ(ix->dw[k], "dsp%u_warp_o", k);
		for (s = 0; s < r->ops; s++) {
			REQ(ix->isv[k][s], "iss%u_src%u_valid_i", k, s);
			REQ(ix->isr[k][s], "iss%u_src%u_reg_i", k, s);
			REQ(ix->dop[k][s], "dsp%u_op%u_o", k, s);
		}
	}
	for (n = 0; n < RFM_CNT_N; n++) {
		snprintf(nm, sizeof(nm), "cnt_%s_o", rfm_cnt_names[n]);
		bad |= (ix->cnt[n] = port(m, nm, 0)) < 0;
	}
	for (n = 0; n < RFM_TCO_N; n++) {
		snprintf(nm, sizeof(nm), "cnt_%s_o", rfm_tco_cnt_names[n]);
		ix->cnt[RFM_CNT_N + n] = port(m, nm, 1);
	}
#undef REQ
	return bad ? -1 : 0;
}

static uint32_t *arch_at(run_t *r, unsigned w, unsigned g)
{
	return r->arch + ((size_t)w * r->c->sm_regs_per_thread + g) * r->wq;
}

/* A lane value that needs all 4 bytes: top byte neither 0x00 nor 0xFF. */
static uint32_t full_value(rfm_rng_t *g)
{
	uint32_t top = 1u + (uint32_t)rfm_rng_below(g, 254);
	return top << 24 | ((uint32_t)rfm_rng_next(g) & 0xffffffu);
}

/* A new kernel: size from the seed, registers split at random into two halves. */
static void new_kernel(run_t *r)
{
	const rfm_cfg_t *c = r->c;
	unsigned n, i, h, w, tries;
	for (tries = 0; tries < 16; tries++) {
		rfm_random_kernel(c, &r->rng, &r->kw, &r->kr);
		if (r->kw * r->kr >= 2)
			break;
	}
	n = r->kw * r->kr;
	for (i = 0; i < n; i++)
		r->perm[i] = i;
	for (i = n; i > 1; i--) { /* Fisher-Yates */
		unsigned j = (unsigned)rfm_rng_below(&r->rng, i), t = r->perm[i - 1];
		r->perm[i - 1] = r->perm[j];
		r->perm[j] = t;
	}
	for (i = 0; i < n; i++)
		r->half[r->perm[i]] = i >= n / 2;
	for (h = 0; h < 2; h++) {
		r->hwn[h] = 0;
		for (w = 0; w < r->kw; w++) {
			r->hn[h][w] = 0;
			for (i = 0; i < r->kr; i++)
				if (r->half[w * r->kr + i] == h)
					r->hl[h][w * r->kr + r->hn[h][w]++] = i;
			if (r->hn[h][w])
				r->hw[h][r->hwn[h]++] = w;
		}
	}
	r->nlaunch++;
	r->epoch_phase = 0;
}

static ins_t *add_ins(run_t *r, uint32_t arr)
{
	phase_t *ph = &r->ph;
	ins_t *in;
	ph->ins = grow(ph->ins, &ph->icap, ph->ni + 1, sizeof(*ph->ins));
	in = &ph->ins[ph->ni++];
	memset(in, 0, sizeof(*in));
	in->arr = arr;
	in->tag = r->tagnext;
	r->tagnext = (r->tagnext + 1) & (unsigned)rfm_mask64(r->c->sm_tag_bits);
	return in;
}

/* A write-back on port p of (w, g), lane mask mask: random data, the active lanes full width;
 * the architectural register takes it now (the phase never reads it). */
static void add_wb(run_t *r, unsigned p, uint32_t arr, unsigned w, unsigned g, uint64_t mask)
{
	phase_t *ph = &r->ph;
	wbk_t *b;
	uint32_t *d, *a = arch_at(r, w, g);
	unsigned l;
	ph->wb[p] = grow(ph->wb[p], &ph->wcap[p], ph->nw[p] + 1, sizeof(*ph->wb[p]));
	ph->pool = grow(ph->pool, &ph->pcap, ph->npool + r->wq, sizeof(uint32_t));
	b = &ph->wb[p][ph->nw[p]++];
	b->arr = arr;
	b->warp = w;
	b->reg = g;
	b->mask = mask;
	b->data = ph->npool;
	d = ph->pool + ph->npool;
	ph->npool += r->wq;
	for (l = 0; l < r->lanes; l++) {
		d[l] = (mask >> l) & 1u ? full_value(&r->rng) : (uint32_t)rfm_rng_next(&r->rng);
		if ((mask >> l) & 1u)
			a[l] = d[l];
	}
}

/* The next phase of the stream, starting in this cycle. */
static void gen_phase(run_t *r)
{
	phase_t *ph = &r->ph;
	unsigned p, k, s, t, i, rh, wh, n;
	uint64_t lanes = rfm_mask64(r->lanes);
	ph->no++;
	ph->start = r->cycle;
	ph->ni = ph->npool = 0;
	for (p = 0; p < r->nwp; p++)
		ph->nw[p] = 0;
	ph->nread = 0;
	ph->ident[0] = ph->ident[1] = 1;
	ph->diff[0][0] = ph->diff[1][0] = 0;
	ph->isdone[0] = ph->isdone[1] = 0;
	ph->launch = !r->nlaunch || (r->epoch_phase >= 8 && rfm_rng_chance(&r->rng, 1, 8));
	if (ph->launch) {
		new_kernel(r);
		ph->kind = K_INIT;
		n = r->kw * r->kr;
		for (i = n; i > 1; i--) {
			unsigned j = (unsigned)rfm_rng_below(&r->rng, i), tt = r->perm[i - 1];
			r->perm[i - 1] = r->perm[j];
			r->perm[j] = tt;
		}
		for (i = 0; i < n; i++)
			add_wb(r, i % r->nwp, 1, r->perm[i] / r->kr, r->perm[i] % r->kr, lanes);
		ph->span = 2;
		r->nphase[K_INIT]++;
		r->epoch_phase++;
		return;
	}
	ph->kind = K_SPARSE + (unsigned)rfm_rng_below(&r->rng, 3);
	r->nphase[ph->kind]++;
	ph->span = ph->kind == K_SPARSE ? 32 + (uint32_t)rfm_rng_below(&r->rng, 225)
					: 64 + (uint32_t)rfm_rng_below(&r->rng, 449);
	rh = r->epoch_phase & 1u; /* read half; the other one is written */
	wh = rh ^ 1u;
	r->epoch_phase++;
	for (p = 0; p < r->nwp; p++)
		r->wln[p] = 0;
	for (i = 0; i < r->kw * r->kr; i++) /* each written register gets one port for the phase */
		if (r->half[i] == wh) {
			p = (unsigned)rfm_rng_below(&r->rng, r->nwp);
			r->wl[p][r->wln[p]++] = i;
		}
	for (t = 0; t < ph->span; t++) {
		unsigned nk = ph->kind == K_HEAVY ? r->S : 1;
		for (k = 0; k < nk; k++) {
			ins_t *in;
			unsigned w, one = 0;
			if (ph->kind == K_SPARSE ? !rfm_rng_chance(&r->rng, 1, 16)
			    : ph->kind == K_LIGHT ? !rfm_rng_chance(&r->rng, 1, 4) : !rfm_rng_chance(&r->rng, 3, 4))
				continue;
			in = add_ins(r, t);
			if (!r->hwn[rh]) { /* no register in the read half: an instruction without sources */
				in->warp = (unsigned)rfm_rng_below(&r->rng, r->kw);
				continue;
			}
			w = r->hw[rh][rfm_rng_below(&r->rng, r->hwn[rh])];
			in->warp = w;
			if (ph->kind == K_SPARSE)
				one = rfm_rng_chance(&r->rng, 3, 4) ? 1u + (unsigned)rfm_rng_below(&r->rng, r->ops) : 0;
			for (s = 0; s < r->ops; s++) {
				int use = ph->kind == K_SPARSE ? one == s + 1
					  : ph->kind == K_LIGHT ? rfm_rng_chance(&r->rng, 2, 3) : rfm_rng_chance(&r->rng, 7, 8);
				if (!use)
					continue;
				in->sv[s] = 1;
				in->reg[s] = r->hl[rh][w * r->kr + rfm_rng_below(&r->rng, r->hn[rh][w])];
				ph->nread++;
			}
		}
		for (p = 0; p < r->nwp; p++) {
			unsigned id;
			uint64_t mask = lanes;
			if (!r->wln[p] || (ph->kind == K_SPARSE ? !rfm_rng_chance(&r->rng, 1, 16)
					   : ph->kind == K_LIGHT ? !rfm_rng_chance(&r->rng, 1, 4) : !rfm_rng_chance(&r->rng, 3, 4)))
				continue;
			id = r->wl[p][rfm_rng_below(&r->rng, r->wln[p])];
			if (rfm_rng_chance(&r->rng, 1, 4)) { /* a partial write: some lanes, at least one */
				mask = rfm_rng_next(&r->rng) & lanes;
				if (!mask)
					mask = 1ull << rfm_rng_below(&r->rng, r->lanes);
			}
			add_wb(r, p, t, id / r->kr, id % r->kr, mask);
		}
	}
}

/* Set one model's inputs for this cycle from its queues. */
static void offer(run_t *r, unsigned mi)
{
	phase_t *ph = &r->ph;
	feed_t *f = &r->f[mi];
	rfm_model_t *m = f->m;
	const tix_t *ix = &f->ix;
	int64_t now = (int64_t)(r->cycle - ph->start) - (mi ? (int64_t)r->skew : 0);
	unsigned k, s, p;
	size_t i;
	rfm_clear_inputs(m);
	rfm_set(m, ix->rst, 1);
	f->acci = f->accw = 0;
	if (ph->launch && now == 0) {
		rfm_set(m, ix->lv, 1);
		rfm_set(m, ix->lw, r->kw);
		rfm_set(m, ix->lr, r->kr);
	}
	for (p = 0; p < r->nwp; p++) {
		const wbk_t *b;
		f->offw[p] = 0;
		if (f->whead[p] >= ph->nw[p] || (int64_t)ph->wb[p][f->whead[p]].arr > now)
			continue;
		b = &ph->wb[p][f->whead[p]];
		rfm_set(m, ix->wv[p], 1);
		rfm_set(m, ix->ww[p], b->warp);
		rfm_set(m, ix->wr[p], b->reg);
		rfm_set(m, ix->wm[p], b->mask);
		memcpy(rfm_wide(m, ix->wd[p]), ph->pool + b->data, r->wq * 4u);
		f->offw[p] = 1;
	}
	i = f->ihead;
	for (k = 0; k < r->S; k++)
		f->offi[k] = -1;
	for (k = 0; k < r->S; k++) {
		const ins_t *in;
		unsigned j, clash = 0;
		while (i < ph->ni && ph->ins[i].issued[mi])
			i++;
		if (i >= ph->ni || (int64_t)ph->ins[i].arr > now)
			break;
		in = &ph->ins[i];
		for (j = 0; j < k; j++)
			clash |= ph->ins[f->offi[j]].tag == in->tag;
		if (f->tagq[in->tag] >= 0 || clash) { /* the tag is still held: wait, in order */
			f->tagwait++;
			break;
		}
		rfm_set(m, ix->iv[k], 1);
		rfm_set(m, ix->it[k], in->tag);
		rfm_set(m, ix->iw[k], in->warp);
		if (ix->iam[k] >= 0) /* every lane active: the baseline reads every lane */
			rfm_set(m, (unsigned)ix->iam[k], rfm_mask64(r->c->rf_lanes));
		for (s = 0; s < r->ops; s++) {
			rfm_set(m, ix->isv[k][s], in->sv[s]);
			rfm_set(m, ix->isr[k][s], in->sv[s] ? in->reg[s] : 0);
		}
		f->offi[k] = (int)i++;
	}
}

/* Record the first difference of a phase at identity level `level` (0: the cycle's instructions or
 * hand-shakes differ, which also breaks level 1; 1: only the dispatch ports carrying them). */
static void differ(run_t *r, unsigned level, const char *what)
{
	phase_t *ph = &r->ph;
	unsigned l;
	for (l = level; l < 2; l++)
		if (ph->ident[l]) {
			ph->ident[l] = 0;
			snprintf(ph->diff[l], sizeof(ph->diff[l]), "%s in cycle %llu of the phase", what,
				 (unsigned long long)(r->cycle - ph->start));
		}
}

/* Compare the two models' dispatches in this cycle: same[1] the dispatch ports are identical,
 * same[0] the same instructions (tags) are dispatched, on whichever ports. */
static void same_dispatch(run_t *r, int same[2], int *any)
{
	feed_t *a = &r->f[0], *b = &r->f[1];
	unsigned d, e, s, na = 0, nb = 0;
	uint64_t ta[RFM_MAXS], tb[RFM_MAXS];
	*any = 0;
	same[1] = 1;
	for (d = 0; d < r->S; d++) {
		uint64_t va = rfm_get(a->m, a->ix.dv[d]), vb = rfm_get(b->m, b->ix.dv[d]);
		*any |= va || vb;
		if (va)
			ta[na++] = rfm_get(a->m, a->ix.dt[d]);
		if (vb)
			tb[nb++] = rfm_get(b->m, b->ix.dt[d]);
		if (va != vb || rfm_get(a->m, a->ix.dt[d]) != rfm_get(b->m, b->ix.dt[d]) ||
		    rfm_get(a->m, a->ix.dw[d]) != rfm_get(b->m, b->ix.dw[d]))
			same[1] = 0;
		for (s = 0; s < r->ops && same[1]; s++)
			same[1] = !memcmp(rfm_wide(a->m, a->ix.dop[d][s]), rfm_wide(b->m, b->ix.dop[d][s]), r->wq * 4u);
	}
	same[0] = na == nb; /* tags in flight are unique, so equal counts and inclusion is set equality */
	for (d = 0; d < na && same[0]; d++) {
		int found = 0;
		for (e = 0; e < nb; e++)
			found |= ta[d] == tb[e];
		same[0] = found;
	}
}

/* Model mi's dispatches of this cycle against the architectural registers and the other model. */
static void check_dispatch(run_t *r, unsigned mi)
{
	phase_t *ph = &r->ph;
	feed_t *f = &r->f[mi];
	rfm_model_t *m = f->m;
	unsigned d, s, l, o = mi ^ 1u;
	for (d = 0; d < r->S && !r->failed; d++) {
		unsigned tag, warp;
		int i;
		ins_t *in;
		uint32_t *rec;
		if (!rfm_get(m, f->ix.dv[d]))
			continue;
		tag = (unsigned)rfm_get(m, f->ix.dt[d]);
		warp = (unsigned)rfm_get(m, f->ix.dw[d]);
		i = f->tagq[tag];
		if (i < 0) {
			fail(r, "%s rf_top dsp%u dispatched tag %u, which it does not hold (never issued, or dispatched twice)",
			      mname[mi], d, tag);
			return;
		}
		in = &ph->ins[i];
		rec = ph->rec + (size_t)i * r->ops * r->wq;
		if (warp != in->warp) {
			fail(r, "%s rf_top dsp%u tag %u: warp %u, issued as warp %u", mname[mi], d, tag, warp, in->warp);
			return;
		}
		for (s = 0; s < r->ops; s++) {
			const uint32_t *v = rfm_wide(m, f->ix.dop[d][s]);
			const uint32_t *a = arch_at(r, in->warp, in->reg[s]);
			for (l = 0; l < r->lanes; l++) {
				uint32_t want = in->sv[s] ? a[l] : 0;
				if (in->disp[o] && v[l] != rec[s * r->wq + l]) {
					fail(r, "tag %u (warp %u, phase %u) operand %u (%s%u) lane %u: %s rf_top dispatched 0x%08x "
					      "(cycle %llu), %s rf_top 0x%08x (cycle %llu); architectural value 0x%08x",
					      tag, in->warp, ph->no, s, in->sv[s] ? "r" : "unused, r", in->reg[s], l, mname[o],
					      rec[s * r->wq + l], (unsigned long long)in->dcycle[o], mname[mi], v[l],
					      (unsigned long long)r->cycle, want);
					return;
				}
				if (v[l] != want) {
					fail(r, "%s rf_top dsp%u tag %u (warp %u, phase %u) operand %u (%s%u) lane %u: 0x%08x, "
					      "architectural value 0x%08x%s", mname[mi], d, tag, in->warp, ph->no, s,
					      in->sv[s] ? "r" : "unused, r", in->reg[s], l, v[l], want,
					      in->disp[o] ? "" : " (the other model has not dispatched it yet)");
					return;
				}
			}
			if (!in->disp[o])
				memcpy(rec + s * r->wq, v, r->wq * 4u);
		}
		in->disp[mi] = 1;
		in->dcycle[mi] = r->cycle;
		f->tagq[tag] = -1;
		f->nfly--;
		f->ndisp++;
		if (in->disp[o])
			r->ncompared++;
	}
}

/* Hand-shakes of this cycle: accepted instructions and write-backs. */
static void accept(run_t *r, unsigned mi)
{
	phase_t *ph = &r->ph;
	feed_t *f = &r->f[mi];
	unsigned k, p;
	for (k = 0; k < r->S; k++) {
		ins_t *in;
		if (f->offi[k] < 0 || !rfm_get(f->m, f->ix.ir[k]))
			continue;
		in = &ph->ins[f->offi[k]];
		in->issued[mi] = 1;
		f->tagq[in->tag] = f->offi[k];
		f->nfly++;
		f->acci |= 1u << k;
	}
	while (f->ihead < ph->ni && ph->ins[f->ihead].issued[mi])
		f->ihead++;
	for (p = 0; p < r->nwp; p++)
		if (f->offw[p] && (f->ix.wrdy[p] < 0 || rfm_get(f->m, (unsigned)f->ix.wrdy[p]))) {
			f->whead[p]++;
			f->accw |= 1u << p;
		}
}

/* Counter outputs of this cycle into the unwrapped totals. */
static void count(run_t *r, feed_t *f)
{
	unsigned n;
	for (n = 0; n < NCNT; n++) {
		uint64_t v;
		if (f->ix.cnt[n] < 0)
			continue;
		v = rfm_get(f->m, (unsigned)f->ix.cnt[n]);
		f->tot[n] += (v - f->prev[n]) & r->cmask;
		f->prev[n] = v;
	}
}

static uint64_t delta(const feed_t *f, unsigned n) { return f->tot[n] - f->snap[n]; }

/* The checks at the end of a phase (counters of the phase's last cycle are visible now). */
static void phase_end(run_t *r)
{
	psum_t *ph = &r->last;
	feed_t *b = &r->f[0], *co = &r->f[1];
	static const unsigned base[3] = {RFM_CNT_READ, RFM_CNT_WRITE, RFM_CNT_DISPATCH};
	uint64_t want[3], rd, wr;
	unsigned i, mi;
	int cf;
	r->nends++;
	want[0] = r->exp_read;
	want[1] = r->exp_write;
	want[2] = r->exp_disp;
	for (i = 0; i < 3; i++) {
		unsigned n = base[i];
		uint64_t vb = rfm_get(b->m, (unsigned)b->ix.cnt[n]), vc = rfm_get(co->m, (unsigned)co->ix.cnt[n]);
		if (vb != vc) {
			fail(r, "end of phase %u: cnt_%s_o: baseline rf_top %llu, coalescing rf_top %llu", ph->no,
			      rfm_cnt_names[n], (unsigned long long)vb, (unsigned long long)vc);
			return;
		}
		for (mi = 0; mi < NM; mi++)
			if (r->f[mi].tot[n] != want[i]) {
				fail(r, "end of phase %u: %s rf_top counted %llu %s events in all, the stream has %llu", ph->no,
				      mname[mi], (unsigned long long)r->f[mi].tot[n], rfm_cnt_names[n],
				      (unsigned long long)want[i]);
				return;
			}
	}
	/* every coalescing access full width, from the ports */
	rd = delta(co, RFM_CNT_READ);
	wr = delta(co, RFM_CNT_WRITE);
	if (delta(co, RFM_CNT_N + RFM_TCO_BANK_ACC) != rd + wr || delta(co, RFM_CNT_N + RFM_TCO_OCW) != rd ||
	    delta(co, RFM_CNT_N + RFM_TCO_COAL_RR) || delta(co, RFM_CNT_N + RFM_TCO_COAL_WW) ||
	    delta(co, RFM_CNT_N + RFM_TCO_COAL_RW) ||
	    (co->ix.cnt[RFM_CNT_N + RFM_TCO_SB_BYTES] >= 0 &&
	     delta(co, RFM_CNT_N + RFM_TCO_SB_BYTES) != 4ull * r->lanes * (rd + wr))) {
		fail(r, "end of phase %u: the coalescing rf_top did not access every value full width: %llu reads, %llu "
		      "writes, %llu bank accesses, %llu collector writes, coalesced %llu/%llu/%llu, %llu sub-bank bytes "
		      "(full width: %llu)", ph->no, (unsigned long long)rd, (unsigned long long)wr,
		      (unsigned long long)delta(co, RFM_CNT_N + RFM_TCO_BANK_ACC),
		      (unsigned long long)delta(co, RFM_CNT_N + RFM_TCO_OCW),
		      (unsigned long long)delta(co, RFM_CNT_N + RFM_TCO_COAL_RR),
		      (unsigned long long)delta(co, RFM_CNT_N + RFM_TCO_COAL_WW),
		      (unsigned long long)delta(co, RFM_CNT_N + RFM_TCO_COAL_RW),
		      (unsigned long long)delta(co, RFM_CNT_N + RFM_TCO_SB_BYTES),
		      (unsigned long long)(4ull * r->lanes * (rd + wr)));
		return;
	}
	/* contention and cycle identity */
	cf = !delta(b, RFM_CNT_CONFLICT) && !delta(b, RFM_CNT_WCONFLICT) && !delta(co, RFM_CNT_CONFLICT) &&
	     !delta(co, RFM_CNT_WCONFLICT) && !delta(co, RFM_CNT_N + RFM_TCO_WB_STALL);
	for (i = 0; i < 2; i++)
		if (ph->ident[i] && ph->done[0] != ph->done[1]) {
			ph->ident[i] = 0;
			snprintf(ph->diff[i], sizeof(ph->diff[i]), "the baseline finished in cycle %llu of the phase, the "
				 "coalescing file in cycle %llu", (unsigned long long)(ph->done[0] - ph->start),
				 (unsigned long long)(ph->done[1] - ph->start));
		}
	r->first[ph->done[0] < ph->done[1] ? 0 : ph->done[0] == ph->done[1] ? 1 : 2]++;
	if (cf) {
		r->ncf++;
		r->cf_ins += ph->ni;
		for (i = 0; i < r->nwp; i++)
			r->cf_wb += ph->nw[i];
		for (i = 0; i < 2; i++) {
			r->ncf_ident[i] += ph->ident[i];
			if (!ph->ident[i] && !r->cf_diff[i][0])
				snprintf(r->cf_diff[i], sizeof(r->cf_diff[i]), "phase %u (%s, %zu instructions, %zu + %zu "
					 "write-backs): %s", ph->no, kname[ph->kind], ph->ni, ph->nw[0],
					 r->nwp > 1 ? ph->nw[1] : 0, ph->diff[i]);
		}
	} else {
		r->ncont++;
		for (i = 0; i < 2; i++)
			r->ncont_ident[i] += ph->ident[i];
	}
}

static void usage(void)
{
	fprintf(stderr, "usage: top_equiv [--mutate=FAULT] [--mutate-base=FAULT] [--skew=N] [--selfcheck] [--trace=PHASE]\n"
			"                 CONFIG.ini CYCLES [SEED]\n"
			"       (a config with [coalescing] enable = on; FAULT: a name of cmodel/<technique>/faults.def\n"
			"       or its id, planted in the coalescing model or, with --mutate-base, in the baseline twin)\n");
}

/* The value of option name ("--skew=") in arg, or NULL when arg is not that option. */
static const char *opt_value(const char *arg, const char *name)
{
	size_t n = strlen(name);
	return strncmp(arg, name, n) ? NULL : arg + n;
}

/* A decimal count of option arg (value v) into *out; 0, or -1 (reported) when it is not one. */
static int opt_uint(const char *arg, const char *v, unsigned *out)
{
	char *end = NULL;
	unsigned long x = strtoul(v, &end, 10);
	if (!*v || *end || *v == '-' || x > 0xffffffffu) {
		fprintf(stderr, "top_equiv: %s: not a count\n", arg);
		return -1;
	}
	*out = (unsigned)x;
	return 0;
}

/* The planted fault named in option arg (value v) into *out; 0, or -1 (reported) when unknown. */
static int opt_fault(const char *arg, const char *v, const rfm_fault_desc_t **out)
{
	*out = rfm_fault_find(v);
	if (*out)
		return 0;
	fprintf(stderr, "top_equiv: %s: no such planted fault; known:\n", arg);
	rfm_fault_print_names(stderr);
	return -1;
}

/* The command line: options into r, mut and selfcheck, the config path into *cfg_path, cycles and
 * seed into r. Returns 0, or -1 after printing what is wrong. */
static int parse_args(int argc, char **argv, run_t *r, const rfm_fault_desc_t **mut, const char **cfg_path,
		      unsigned *selfcheck)
{
	const char *pos[3];
	unsigned npos = 0;
	char *end = NULL;
	int a;

	for (a = 1; a < argc; a++) {
		const char *v;
		if ((v = opt_value(argv[a], "--mutate="))) {
			if (opt_fault(argv[a], v, &mut[1]))
				return -1;
		} else if ((v = opt_value(argv[a], "--mutate-base="))) {
			if (opt_fault(argv[a], v, &mut[0]))
				return -1;
		} else if ((v = opt_value(argv[a], "--skew="))) {
			if (opt_uint(argv[a], v, &r->skew))
				return -1;
		} else if ((v = opt_value(argv[a], "--trace="))) {
			if (opt_uint(argv[a], v, &r->trace))
				return -1;
		} else if (!strcmp(argv[a], "--selfcheck")) {
			*selfcheck = 1;
		} else if (argv[a][0] == '-' || npos == 3) {
			if (argv[a][0] == '-')
				fprintf(stderr, "top_equiv: unknown option %s\n", argv[a]);
			usage();
			return -1;
		} else {
			pos[npos++] = argv[a];
		}
	}
	if (npos < 2) {
		usage();
		return -1;
	}
	r->cycles = strtoull(pos[1], &end, 0);
	if (!*pos[1] || *end || !r->cycles) {
		usage();
		return -1;
	}
	r->seed = npos > 2 ? strtoull(pos[2], NULL, 0) : 1;
	*cfg_path = pos[0];
	return 0;
}

int main(int argc, char **argv)
{
	static const char *const off[] = {"coalescing.enable=off"};
	run_t *r = calloc(1, sizeof(*r));
	const rfm_cfg_t *c;
	const rfm_fault_desc_t *mut[NM] = {NULL, NULL}; /* planted faults: [0] baseline twin, [1] coalescing */
	const char *path = NULL;
	unsigned mi, p, h, selfcheck = 0;
	size_t regs;
	int ret = 2;

	if (!r)
		return 2;
	if (parse_args(argc, argv, r, mut, &path, &selfcheck))
		goto out;
	if (rfm_cfg_load(&r->cfg[1], path, NULL, 0, stderr) != RFM_OK ||
	    rfm_cfg_load(&r->cfg[0], path, off, 1, stderr) != RFM_OK) {
		usage();
		goto out;
	}
	if (r->cfg[1].coalescing_enable != RFM_ON) {
		fprintf(stderr, "top_equiv: %s: [coalescing] enable is off; this compares a coalescing config with its twin\n",
			path);
		goto out;
	}
	c = r->c = &r->cfg[1];
	r->S = c->sm_schedulers;
	r->ops = c->sm_operands;
	r->lanes = c->rf_lanes;
	r->wq = rfm_words(c->d.wreg_bits);
	r->nwp = c->rf_write_ports;
	r->cmask = rfm_mask64(c->stats_counter_bits);
	for (mi = 0; mi < NM; mi++) {
		feed_t *f = &r->f[mi];
		unsigned t;
		f->m = rfm_model_create("rf_top", &r->cfg[mi]);
		if (!f->m || lookup(r, f))
			goto out;
		f->m->mutate = mut[mi] ? mut[mi]->id : 0;
		f->tagq = malloc(sizeof(int) << c->sm_tag_bits);
		if (!f->tagq)
			goto out;
		for (t = 0; t < 1u << c->sm_tag_bits; t++)
			f->tagq[t] = -1;
	}
	if (r->f[1].ix.wrdy[0] < 0 || r->f[1].ix.cnt[RFM_CNT_N + RFM_TCO_BANK_ACC] < 0 ||
	    r->f[1].ix.cnt[RFM_CNT_N + RFM_TCO_WB_STALL] < 0) {
		fprintf(stderr, "top_equiv: the coalescing rf_top lacks wb0_ready_o or its counters\n");
		goto out;
	}
	regs = (size_t)c->sm_warps * c->sm_regs_per_thread;
	r->arch = calloc(regs * r->wq, 4);
	r->half = calloc(regs, 1);
	r->perm = calloc(regs, sizeof(unsigned));
	r->ph.rec = NULL;
	for (h = 0; h < 2; h++) {
		r->hl[h] = calloc(regs, sizeof(unsigned));
		r->hn[h] = calloc(c->sm_warps, sizeof(unsigned));
		r->hw[h] = calloc(c->sm_warps, sizeof(unsigned));
		if (!r->hl[h] || !r->hn[h] || !r->hw[h])
			goto out;
	}
	for (p = 0; p < r->nwp; p++)
		if (!(r->wl[p] = calloc(regs, sizeof(unsigned))))
			goto out;
	if (!r->arch || !r->half || !r->perm)
		goto out;
	rfm_rng_seed(&r->rng, r->seed);

	/* reset: cycles 0 and 1 */
	for (r->cycle = 0; r->cycle < 2; r->cycle++)
		for (mi = 0; mi < NM; mi++) {
			rfm_clear_inputs(r->f[mi].m);
			rfm_set(r->f[mi].m, r->f[mi].ix.rst, 0);
			rfm_model_eval(r->f[mi].m);
			if (selfcheck)
				r->f[mi].m->ops->check(r->f[mi].m, r->cycle, stderr);
			rfm_model_tick(r->f[mi].m);
		}
	{
		int active = 0, ended = 0, finishing = 0;
		for (;; r->cycle++) {
			phase_t *ph = &r->ph;
			int fresh = 0, any = 0, same[2];
			size_t i;
			if (!active) {
				if (r->cycle >= r->cycles + 2) {
					finishing = 1;
				} else {
					gen_phase(r);
					ph->rec = grow(ph->rec, &ph->rcap, (ph->ni + 1) * r->ops * r->wq, sizeof(uint32_t));
					r->ninstr += ph->ni;
					r->nread += ph->nread;
					for (p = 0; p < r->nwp; p++)
						r->nwb += ph->nw[p];
					active = fresh = 1;
					for (mi = 0; mi < NM; mi++) {
						r->f[mi].ihead = 0;
						for (p = 0; p < r->nwp; p++)
							r->f[mi].whead[p] = 0;
					}
				}
			}
			for (mi = 0; mi < NM; mi++) {
				if (finishing) {
					rfm_clear_inputs(r->f[mi].m);
					rfm_set(r->f[mi].m, r->f[mi].ix.rst, 1);
				} else {
					offer(r, mi);
				}
				rfm_model_eval(r->f[mi].m);
				if (selfcheck && r->f[mi].m->ops->check(r->f[mi].m, r->cycle, stderr))
					fail(r, "%s rf_top: its own checker failed (above)", mname[mi]);
				count(r, &r->f[mi]);
				if (rfm_get(r->f[mi].m, r->f[mi].ix.lerr) || rfm_get(r->f[mi].m, r->f[mi].ix.accerr))
					fail(r, "%s rf_top: launch_err_o = %llu, acc_err_o = %llu (the stream stays inside a kernel "
					      "that fits)", mname[mi], (unsigned long long)rfm_get(r->f[mi].m, r->f[mi].ix.lerr),
					      (unsigned long long)rfm_get(r->f[mi].m, r->f[mi].ix.accerr));
			}
			if (ended && !r->failed) {
				phase_end(r);
				ended = 0;
			}
			if (finishing || r->failed)
				break;
			if (fresh)
				for (mi = 0; mi < NM; mi++) {
					memcpy(r->f[mi].snap, r->f[mi].tot, sizeof(r->f[mi].tot));
					if (!rfm_get(r->f[mi].m, r->f[mi].ix.idle))
						fail(r, "%s rf_top: idle_o = 0 at the start of phase %u, after every instruction "
						      "dispatched", mname[mi], ph->no);
				}
			same_dispatch(r, same, &any);
			r->sim_cyc++;
			r->any_disp_cyc += any;
			for (i = 0; i < 2; i++) {
				r->same_cyc[i] += same[i];
				r->same_any_cyc[i] += same[i] && any;
			}
			if (!same[0])
				differ(r, 0, "different instructions dispatch");
			else if (!same[1])
				differ(r, 1, "the same instructions dispatch on different ports");
			for (mi = 0; mi < NM; mi++)
				check_dispatch(r, mi);
			for (mi = 0; mi < NM; mi++)
				accept(r, mi);
			if (r->failed)
				break;
			if (r->trace == ph->no)
				for (mi = 0; mi < NM; mi++) {
					unsigned d;
					printf("trace phase %u cycle %llu %-10s issued 0x%x wb 0x%x dispatched", ph->no,
					       (unsigned long long)(r->cycle - ph->start), mname[mi], r->f[mi].acci, r->f[mi].accw);
					for (d = 0; d < r->S; d++)
						if (rfm_get(r->f[mi].m, r->f[mi].ix.dv[d]))
							printf(" dsp%u:tag%llu", d, (unsigned long long)rfm_get(r->f[mi].m, r->f[mi].ix.dt[d]));
					printf("\n");
				}
			if (r->f[0].acci != r->f[1].acci)
				differ(r, 0, "the issue hand-shakes differ");
			if (r->f[0].accw != r->f[1].accw)
				differ(r, 0, "the write-back hand-shakes differ");
			for (mi = 0; mi < NM; mi++)
				rfm_model_tick(r->f[mi].m);
			for (mi = 0; mi < NM; mi++) {
				feed_t *f = &r->f[mi];
				int done = f->ihead == ph->ni && !f->nfly;
				for (p = 0; p < r->nwp; p++)
					done &= f->whead[p] == ph->nw[p];
				if (done && !ph->isdone[mi]) {
					ph->isdone[mi] = 1;
					ph->done[mi] = r->cycle;
					f->need += r->cycle - ph->start + 1;
				}
			}
			if (ph->isdone[0] && ph->isdone[1]) {
				r->exp_read += ph->nread;
				r->exp_write = r->nwb;
				r->exp_disp = r->ninstr;
				r->last.no = ph->no;
				r->last.kind = ph->kind;
				r->last.ni = ph->ni;
				memcpy(r->last.nw, ph->nw, sizeof(ph->nw));
				r->last.start = ph->start;
				memcpy(r->last.done, ph->done, sizeof(ph->done));
				memcpy(r->last.ident, ph->ident, sizeof(ph->ident));
				memcpy(r->last.diff, ph->diff, sizeof(ph->diff));
				for (i = 0; i < ph->ni; i++)
					if (!ph->ins[i].disp[0] || !ph->ins[i].disp[1])
						fail(r, "phase %u: instruction tag %u not dispatched by both", ph->no, ph->ins[i].tag);
				active = 0;
				ended = 1;
			} else if (r->cycle - ph->start > ph->span + PHASE_LIMIT) {
				fail(r, "phase %u (%s) has not drained after %u cycles: baseline at instruction %zu of %zu with %u in "
				      "flight, coalescing at %zu of %zu with %u in flight", ph->no, kname[ph->kind], PHASE_LIMIT,
				      r->f[0].ihead, ph->ni, r->f[0].nfly, r->f[1].ihead, ph->ni, r->f[1].nfly);
			}
			if (r->failed)
				break;
		}
	}

	printf("top_equiv %s: baseline twin ([coalescing] enable = off) and coalescing rf_top, one open-loop stream, "
	       "every written lane full width; seed %llu, %llu cycles requested, %llu simulated\n",
	       c->name, (unsigned long long)r->seed, (unsigned long long)r->cycles, (unsigned long long)r->sim_cyc);
	printf("  stream: %u kernel launches (the last %u warps x %u registers), phases %llu (init %llu, sparse %llu, "
	       "light %llu, heavy %llu), instructions %llu (operands read %llu), write-backs %llu\n",
	       r->nlaunch, r->kw, r->kr,
	       (unsigned long long)(r->nphase[0] + r->nphase[1] + r->nphase[2] + r->nphase[3]),
	       (unsigned long long)r->nphase[0], (unsigned long long)r->nphase[1], (unsigned long long)r->nphase[2],
	       (unsigned long long)r->nphase[3], (unsigned long long)r->ninstr, (unsigned long long)r->nread,
	       (unsigned long long)r->nwb);
	printf("  dispatches compared: %llu (baseline dispatched %llu, coalescing %llu), each against the other model "
	       "and the architectural registers, every lane\n", (unsigned long long)r->ncompared,
	       (unsigned long long)r->f[0].ndisp, (unsigned long long)r->f[1].ndisp);
	printf("  cycles needed (sum over phases): baseline %llu, coalescing %llu (%+.1f%%); phases finished first: "
	       "baseline %u, coalescing %u, both in the same cycle %u\n",
	       (unsigned long long)r->f[0].need, (unsigned long long)r->f[1].need,
	       r->f[0].need ? 100.0 * ((double)r->f[1].need / (double)r->f[0].need - 1.0) : 0.0, r->first[0],
	       r->first[2], r->first[1]);
	printf("  cycles dispatching the same instructions: %llu of %llu (%llu of the %llu with a dispatch); with identical "
	       "dispatch ports: %llu (%llu)\n", (unsigned long long)r->same_cyc[0], (unsigned long long)r->sim_cyc,
	       (unsigned long long)r->same_any_cyc[0], (unsigned long long)r->any_disp_cyc,
	       (unsigned long long)r->same_cyc[1], (unsigned long long)r->same_any_cyc[1]);
	printf("  phases without contention (no read refused in either model, no write-back refused): %u (%llu instructions, "
	       "%llu write-backs), cycle-identical %u, port-identical %u; with contention: %u, cycle-identical %u, "
	       "port-identical %u\n", r->ncf, (unsigned long long)r->cf_ins, (unsigned long long)r->cf_wb,
	       r->ncf_ident[0], r->ncf_ident[1], r->ncont, r->ncont_ident[0], r->ncont_ident[1]);
	if (r->cf_diff[0][0])
		printf("  NOT cycle-identical without contention: %s\n", r->cf_diff[0]);
	if (r->cf_diff[1][0])
		printf("  first phase without contention that is not port-identical: %s\n", r->cf_diff[1]);
	printf("  write-backs refused by the coalescing file: %llu; issue offers held for a tag in flight: baseline %llu, "
	       "coalescing %llu\n", (unsigned long long)r->f[1].tot[RFM_CNT_N + RFM_TCO_WB_STALL],
	       (unsigned long long)r->f[0].tagwait, (unsigned long long)r->f[1].tagwait);
	if (mut[0] || mut[1] || r->skew || selfcheck)
		printf("  planted faults: baseline %s, coalescing %s, coalescing stream skew %u cycles; models' "
		       "own checkers %s\n", mut[0] ? mut[0]->name : "none", mut[1] ? mut[1]->name : "none", r->skew,
		       selfcheck ? "on" : "off");
	if (r->failed)
		printf("top_equiv %s seed %llu: FAIL: %s\n", c->name, (unsigned long long)r->seed, r->msg);
	else
		printf("top_equiv %s seed %llu: PASS: %llu dispatches equal in both models and to the architectural values, "
		       "counters equal at %u phase ends, every access full width; without contention %u of %u phases "
		       "cycle-identical\n", c->name, (unsigned long long)r->seed,
		       (unsigned long long)r->ncompared, r->nends, r->ncf_ident[0], r->ncf);
	ret = r->failed ? 1 : 0;
out:
	for (mi = 0; mi < NM; mi++) {
		rfm_model_destroy(r->f[mi].m);
		free(r->f[mi].tagq);
	}
	for (h = 0; h < 2; h++) {
		free(r->hl[h]);
		free(r->hn[h]);
		free(r->hw[h]);
	}
	for (p = 0; p < RFM_MAXW; p++) {
		free(r->wl[p]);
		free(r->ph.wb[p]);
	}
	free(r->ph.ins);
	free(r->ph.pool);
	free(r->ph.rec);
	free(r->arch);
	free(r->half);
	free(r->perm);
	free(r);
	return ret;
}
