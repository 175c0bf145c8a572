/* rf_replay.c - build/bin/trace_replay: a register trace replayed through rf_top's model
 * (docs/trace.md, "Replay through rf_top"; issue 16, item 6).
 *
 *   trace_replay [--ctas N] [--max-records N] [--ptx FILE] [-s SECTION.KEY=VALUE]... [--plant=NAME]
 *                [--mutate=FAULT] [--golden-only] CONFIG.ini TRACE.rft
 *
 * rf_top's model is built for CONFIG with rfm_model_create and driven through its ports only,
 * looked up once by name. The trace's CTAs are replayed in batches of --ctas N at once (default 1;
 * 0: as many as fit); a batch's CTA c, warp w is the model's warp c * (warps per CTA) + w. Each batch
 * is one launch of (batch CTAs x warps per CTA) warps and the trace's registers per thread; the
 * trace is read once per batch, its records of the batch's CTAs in trace order.
 *
 * A record becomes operations in a window, in trace order: a zero write-back for each source lane
 * not yet written since the launch (the simulator's registers start at zero, rf_top's storage does
 * not), its sources as instructions of at most sm.operands registers each (a record with more is
 * split; one without none), and one write-back per destination register with the executed lanes
 * (none when no lane executed). Each cycle the window is walked from its oldest operation and each
 * is offered on the next free port, stopping at the first that may not go yet:
 *   - an instruction waits while an older write-back of one of its registers is not taken (RAW);
 *   - a write-back waits while an instruction that reads its register is offered this cycle or in
 *     flight (taken and not dispatched: WAR), or an older write-back of it is not taken (WAW);
 *   - a write-back that wb<p>_ready_o refused is offered again on the same port, unchanged, every
 *     cycle until taken (its register counts as written for the rules above until then);
 *   - an instruction needs a tag no instruction in flight holds.
 * Checks: every dispatched operand, lane by lane over the record's active lanes, equals the value
 * the trace gives for that source; the dispatched warp and tag are those issued; launch_err_o and
 * acc_err_o stay 0; rf_top's own checker (golden registers, counter recounts, the parts'
 * invariants) is run every cycle and must stay silent, and never sees a write-back of a register an
 * instruction in flight still has to read (its coverage event "hazard"). The first failure ends the run: exit 1, one
 * line on stderr. A config the kernel does not fit is refused: exit 2, one line, nothing on stdout.
 *
 * With virtualization or RegMutex the compiler's annotations of the trace's kernel (rf_annot.c:
 * its PTX, --ptx FILE or the one the header names, allocated again) drive the technique's ports:
 * pir flags on the sources, pbr words and acquires or releases as operations before the
 * instruction they are placed before, a warp's exit once every lane has executed ret or exit (at
 * the end of the batch otherwise), the launch's exempt registers or Es and sections. Such an
 * operation goes when it is its warp's oldest and (but an acquire) no instruction of the warp is
 * in flight; the warp's younger operations wait for it (a pbr or exit until the release walker is
 * idle again); other warps go on. Releases take the acquire ports before acquires, and acquires
 * take them in turn. While nothing moves, the window takes more records. Checks besides the
 * above: unm_o (a read of a released register) and xerr_o (an extended register without a set)
 * stay 0, and after the last exit every allocated register was freed, every granted set released.
 * On an eDRAM config each instruction's FP class (the compiler's) goes on iss<k>_fp_i and on its
 * write-backs' wb<p>_fp_i.
 *
 * Planted faults, to show the checks catch one: --plant=wb-value flips bit 0 of the lowest executed
 * lane of the first write-back of a destination; --plant=read-early offers each record's
 * write-backs after the next record's instructions (a read before the write it depends on);
 * --plant=no-war lets a write-back go while an instruction reading its register is in flight;
 * --plant=pir-every-read puts a pir flag on every read (the compiler's planted fault);
 * --plant=no-acquire drops model warp 0's acquires; --plant=no-exit sends no exit;
 * --plant=no-release drops model warp 0's releases and exits; --plant=no-fp sends no eDRAM FP flag;
 * --mutate=FAULT plants a fault of cmodel's faults.def in the model (rfm_fault_find), and
 * --golden-only leaves the judging to rf_top's own checker alone.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_faults.h"
#include "rfm_models.h"
#include "rfm_part.h"
#include "rfm_techniques.h"
#include "rf_annot.h"
#include "trace.h"

#define WIN 1024u          /* operations the window is filled to */
#define WINMAX (1u << 17)  /* most operations it grows to while warps wait for an acquire (~60 MB) */
#define STARVE 32u         /* cycles without progress after which the window takes more records */
#define WALK 64u           /* most operations one cycle's walk looks at */
#define HANG 100000u       /* cycles without progress that count as hung */
#define NSET 16u           /* most -s overrides */
#define NCNTMAX 32u        /* most counter ports */

enum { OP_ISS, OP_WB, OP_PBR, OP_EXIT, OP_ACQ, OP_REL };
enum { PLANT_NONE, PLANT_WB_VALUE, PLANT_READ_EARLY, PLANT_NO_WAR, PLANT_PIR_EVERY_READ, PLANT_NO_ACQUIRE, PLANT_NO_EXIT,
       PLANT_NO_RELEASE, PLANT_NO_FP };

/* One operation of the window: an instruction or a write-back. */
typedef struct op {
	uint8_t kind;                 /* OP_ISS or OP_WB */
	uint8_t done;                 /* taken by rf_top */
	uint8_t zero;                 /* a zero write-back before a first read */
	uint8_t rel;                  /* instruction: bit s, source s's pir flag */
	uint8_t fp;                   /* eDRAM: a floating-point instruction, or its write-back */
	uint8_t taken;                /* pbr or exit (virtualization): taken by the walker, which is busy */
	uint64_t word;                /* pbr: the pbr word */
	uint64_t tcycle;              /* pbr or exit: the cycle it was taken */
	int port;                     /* write-back refused on this port: offered there again; else -1 */
	unsigned warp;                /* the model's warp */
	unsigned nreg;                /* registers: sources of an instruction, 1 for a write-back */
	uint16_t reg[RFM_MAXOP];      /* architected registers */
	uint32_t mask;                /* instruction: active lanes; write-back: lanes written */
	uint32_t val[RFM_MAXOP][RT_LANES]; /* instruction: the trace's source values; write-back: val[0] */
	uint64_t rec;                 /* the trace record */
	uint32_t cta, twarp, pc;      /* its CTA, warp in the CTA, PC */
} op_t;

/* Port indices of rf_top. */
typedef struct tix {
	unsigned rst, lv, lw, lr, lerr, idle, accerr;
	unsigned wv[RFM_MAXW], ww[RFM_MAXW], wr[RFM_MAXW], wm[RFM_MAXW], wd[RFM_MAXW];
	int wrdy[RFM_MAXW];                       /* wb<p>_ready_o, or -1 */
	int iam[RFM_MAXS];                        /* iss<k>_amask_i, or -1 */
	unsigned iv[RFM_MAXS], ir[RFM_MAXS], it[RFM_MAXS], iw[RFM_MAXS];
	unsigned isv[RFM_MAXS][RFM_MAXOP], isr[RFM_MAXS][RFM_MAXOP];
	unsigned dv[RFM_MAXS], dt[RFM_MAXS], dw[RFM_MAXS], dop[RFM_MAXS][RFM_MAXOP];
	unsigned isrel[RFM_MAXS][RFM_MAXOP];      /* iss<k>_src<s>_rel_i (virtualization) */
	unsigned lex, lext;                       /* launch_exempt_i (virtualization), launch_ext_i (RegMutex) */
	int lsec;                                 /* launch_sections_i (RegMutex, not paired), or -1 */
	unsigned pv, pw, pword, prdy, ev, ew;     /* pbr_* and exit_* (virtualization; RegMutex: exit) */
	int erdy;                                 /* exit_ready_o (virtualization), or -1 */
	unsigned av[RFM_MAXS], arl[RFM_MAXS], aw[RFM_MAXS], ag[RFM_MAXS]; /* acq<k>_* (RegMutex) */
	int flag;                                 /* unm_o (virtualization), xerr_o (RegMutex), or -1 */
	int wfp[RFM_MAXW], ifp[RFM_MAXS];         /* wb<p>_fp_i, iss<k>_fp_i (eDRAM), or -1 */
	unsigned ncnt;                            /* counter ports cnt_<name>_o, in port order */
	unsigned cnt[NCNTMAX];
} tix_t;

/* The replay. */
typedef struct rp {
	const char *cfg_path, *trace_path, *ptx_path;
	ra_t ann;                     /* the technique's annotation (RA_NONE without one) */
	unsigned sections;            /* RegMutex: SRP sections of the launch */
	const char *set[NSET];        /* -s overrides */
	unsigned nset;
	rfm_cfg_t cfg;
	rfm_model_t *m;
	tix_t ix;
	FILE *cerr;                   /* rf_top's checker writes here */
	unsigned S, ops, nwp, wq;
	unsigned cw, kr, nb, kw, nctas; /* warps per CTA, registers, CTAs at once, launched warps, CTAs */
	uint64_t max_records;
	int plant, golden_only;
	const rfm_fault_desc_t *mutate;
	/* window */
	op_t *win;
	size_t head, n, cap;          /* ring of cap operations, n of them from head */
	op_t *defer;                  /* --plant=read-early: the last record's write-backs */
	size_t ndefer;
	int planted;
	/* bookkeeping */
	uint32_t *written;            /* per model warp and register: lanes written since the launch */
	unsigned *readers;            /* per model warp and register: instructions in flight reading it */
	op_t *fly;                    /* per tag: the instruction in flight */
	uint8_t *busy;                /* per tag: in flight */
	unsigned ntags, tagnext, nfly;
	uint64_t cycle, last_progress;
	/* counts */
	uint64_t records, insns, split, nosrc, wbs, zeros, operands, lanes;
	uint64_t rels, pbrs, exits, acqs, acq_stalls, rm_rels, fpi, fpw;
	unsigned *wfly;               /* per model warp: instructions in flight */
	uint8_t *blocked, *seen;      /* per model warp, this cycle's walk */
	int exited;                   /* the batch's exits are in the window */
	uint32_t *lanes_of, *gone;    /* per model warp: its lanes; those that executed ret or exit */
	uint8_t *exit_sent;           /* per model warp: its exit is in the window */
	uint64_t cprev[NCNTMAX], ctot[NCNTMAX], cmask;
	int failed;
} rp_t;

/* ---- messages ----------------------------------------------------------------------------- */

static void fail(rp_t *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(rp_t *r, const char *fmt, ...)
{
	va_list ap;
	if (r->failed)
		return;
	r->failed = 1;
	fprintf(stderr, "trace_replay: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void usage(void)
{
	fprintf(stderr, "usage: trace_replay [--ctas N] [--max-records N] [--ptx FILE] [-s SECTION.KEY=VALUE]... "
			"[--plant=wb-value|read-early|no-war|pir-every-read|no-acquire|no-exit|no-release|no-fp] [--mutate=FAULT] [--golden-only] CONFIG.ini "
			"TRACE.rft\n");
}

/* ---- ports -------------------------------------------------------------------------------- */

/* Look rf_top's ports up by name. 0, or -1 with a message. */
static int lookup(rp_t *r)
{
	rfm_model_t *m = r->m;
	tix_t *ix = &r->ix;
	char nm[48];
	unsigned k, s, p, i;
	int bad = 0, j;
#define REQ(dst, ...)                                                                               \
	do {                                                                                        \
		snprintf(nm, sizeof(nm), __VA_ARGS__);                                              \
		j = rfm_ports_find(&m->ports, nm);                                                  \
		if (j < 0 && !bad) {                                                                \
			fail(r, "%s: rf_top has no port %s", r->cfg_path, nm);                      \
			bad = 1;                                                                    \
		}                                                                                   \
		dst = j < 0 ? 0u : (unsigned)j;                                                     \
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
		ix->wrdy[p] = rfm_ports_find(&m->ports, nm);
		snprintf(nm, sizeof(nm), "wb%u_fp_i", p);
		ix->wfp[p] = rfm_ports_find(&m->ports, nm);
	}
	for (k = 0; k < r->S; k++) {
		REQ(ix->iv[k], "iss%u_valid_i", k);
		REQ(ix->ir[k], "iss%u_ready_o", k);
		REQ(ix->it[k], "iss%u_tag_i", k);
		REQ(ix->iw[k], "iss%u_warp_i", k);
		snprintf(nm, sizeof(nm), "iss%u_amask_i", k);
		ix->iam[k] = rfm_ports_find(&m->ports, nm);
		snprintf(nm, sizeof(nm), "iss%u_fp_i", k);
		ix->ifp[k] = rfm_ports_find(&m->ports, nm);
		REQ(ix->dv[k], "dsp%u_valid_o", k);
		REQ(ix->dt[k], "dsp%u_tag_o", k);
		REQ(ix->dw[k], "dsp%u_warp_o", k);
		for (s = 0; s < r->ops; s++) {
			REQ(ix->isv[k][s], "iss%u_src%u_valid_i", k, s);
			REQ(ix->isr[k][s], "iss%u_src%u_reg_i", k, s);
			REQ(ix->dop[k][s], "dsp%u_op%u_o", k, s);
		}
	}
	ix->lsec = ix->erdy = ix->flag = -1;
	if (r->ann.tech == RA_VIRT) {
		REQ(ix->lex, "launch_exempt_i");
		for (k = 0; k < r->S; k++)
			for (s = 0; s < r->ops; s++)
				REQ(ix->isrel[k][s], "iss%u_src%u_rel_i", k, s);
		REQ(ix->pv, "pbr_valid_i");
		REQ(ix->pw, "pbr_warp_i");
		REQ(ix->pword, "pbr_word_i");
		REQ(ix->prdy, "pbr_ready_o");
		REQ(ix->ev, "exit_valid_i");
		REQ(ix->ew, "exit_warp_i");
		ix->erdy = rfm_ports_find(&m->ports, "exit_ready_o");
		ix->flag = rfm_ports_find(&m->ports, "unm_o");
	} else if (r->ann.tech == RA_REGMUTEX) {
		REQ(ix->lext, "launch_ext_i");
		ix->lsec = rfm_ports_find(&m->ports, "launch_sections_i");
		for (k = 0; k < r->S; k++) {
			REQ(ix->av[k], "acq%u_valid_i", k);
			REQ(ix->arl[k], "acq%u_release_i", k);
			REQ(ix->aw[k], "acq%u_warp_i", k);
			REQ(ix->ag[k], "acq%u_grant_o", k);
		}
		REQ(ix->ev, "exit_valid_i");
		REQ(ix->ew, "exit_warp_i");
		ix->flag = rfm_ports_find(&m->ports, "xerr_o");
	}
#undef REQ
	for (i = 0; i < m->ports.n && ix->ncnt < NCNTMAX; i++) {
		const char *name = m->ports.p[i].name;
		size_t len = strlen(name);
		if (m->ports.p[i].dir == RFM_OUT && !strncmp(name, "cnt_", 4) && len > 6 && !strcmp(name + len - 2, "_o"))
			ix->cnt[ix->ncnt++] = i;
	}
	return bad ? -1 : 0;
}

/* ---- the window --------------------------------------------------------------------------- */

static op_t *win_at(rp_t *r, size_t i) { return &r->win[(r->head + i) % r->cap]; }

/* Room for n more operations: the ring doubles, its operations in order from index 0. 0, or -1. */
static int win_room(rp_t *r, size_t n)
{
	op_t *w;
	size_t i, cap = r->cap;
	while (r->n + n > cap)
		cap *= 2;
	if (cap == r->cap)
		return 0;
	if (cap > WINMAX || !(w = calloc(cap, sizeof(op_t))))
		return -1;
	for (i = 0; i < r->n; i++)
		w[i] = *win_at(r, i);
	free(r->win);
	r->win = w;
	r->cap = cap;
	r->head = 0;
	return 0;
}

static op_t *win_push(rp_t *r)
{
	op_t *o = win_at(r, r->n++);
	memset(o, 0, sizeof(*o));
	o->port = -1;
	return o;
}

static void op_from(op_t *o, unsigned kind, unsigned warp, const rt_record_t *rec)
{
	o->kind = (uint8_t)kind;
	o->warp = warp;
	o->rec = rec->index;
	o->cta = rec->cta;
	o->twarp = rec->warp;
	o->pc = rec->pc;
}

static uint32_t *written_at(rp_t *r, unsigned w, unsigned g) { return &r->written[(size_t)w * r->kr + g]; }

/* Record rec (of the current batch, first CTA first) into the window's operations. */
static void load(rp_t *r, const rt_header_t *h, const rt_record_t *rec, unsigned first)
{
	const rt_insn_t *in = &h->insns[rec->pc];
	unsigned w = (rec->cta - first) * r->cw + rec->warp, k, s, l;
	const ra_t *a = &r->ann;
	op_t wbs[RT_REGS_MAX];
	unsigned nw = 0;
	r->records++;
	if (a->tech == RA_VIRT) { /* pbr words placed before this instruction */
		uint64_t words[RA_PBR_MAX];
		unsigned np = ra_pbr_words(a, rec->pc, words);
		for (k = 0; k < np; k++) {
			op_t *o = win_push(r);
			op_from(o, OP_PBR, w, rec);
			o->word = words[k];
		}
	} else if (a->tech == RA_REGMUTEX && a->es) { /* a release, an acquire placed before it */
		if (a->rel[rec->pc] && !(r->plant == PLANT_NO_RELEASE && w == 0))
			op_from(win_push(r), OP_REL, w, rec);
		if (a->acq[rec->pc] && !(r->plant == PLANT_NO_ACQUIRE && w == 0))
			op_from(win_push(r), OP_ACQ, w, rec);
	}
	for (k = 0; k < in->n_src32; k++) { /* zero write-backs: the simulator's registers start at 0 */
		unsigned g = ra_hw(a, in->src32[k]);
		uint32_t need = rec->active & ~*written_at(r, w, g);
		op_t *o;
		if (!need)
			continue;
		o = win_push(r);
		op_from(o, OP_WB, w, rec);
		o->zero = 1;
		o->nreg = 1;
		o->reg[0] = (uint16_t)g;
		o->mask = need;
		*written_at(r, w, g) |= need;
		r->zeros++;
	}
	if (!in->n_src32)
		r->nosrc++;
	if (in->n_src32 > r->ops)
		r->split++;
	for (k = 0; k < in->n_src32; k += r->ops) {
		op_t *o = win_push(r);
		op_from(o, OP_ISS, w, rec);
		o->mask = rec->active;
		o->fp = a->fp && a->fp[rec->pc] && r->plant != PLANT_NO_FP;
		r->fpi += o->fp;
		for (s = 0; s < r->ops && k + s < in->n_src32; s++) {
			o->reg[s] = (uint16_t)ra_hw(a, in->src32[k + s]);
			if (a->tech == RA_VIRT && ra_in(a, a->pir, rec->pc, in->src32[k + s])) {
				o->rel |= (uint8_t)(1u << s);
				r->rels++;
			}
			memcpy(o->val[s], rec->src[k + s], sizeof(o->val[s]));
		}
		o->nreg = s;
	}
	if (r->plant == PLANT_READ_EARLY) { /* the previous record's write-backs after these reads */
		for (k = 0; k < r->ndefer; k++)
			*win_push(r) = r->defer[k];
		r->ndefer = 0;
	}
	for (k = 0; k < in->n_dst32 && rec->executed; k++) {
		op_t *o = &wbs[nw++];
		memset(o, 0, sizeof(*o));
		o->port = -1;
		op_from(o, OP_WB, w, rec);
		o->nreg = 1;
		o->reg[0] = (uint16_t)ra_hw(a, in->dst32[k]);
		o->mask = rec->executed;
		o->fp = a->fp && a->fp[rec->pc] && r->plant != PLANT_NO_FP;
		r->fpw += o->fp;
		memcpy(o->val[0], rec->dst[k], sizeof(o->val[0]));
		*written_at(r, w, o->reg[0]) |= rec->executed;
		if (r->plant == PLANT_WB_VALUE && !r->planted) {
			for (l = 0; !(rec->executed >> l & 1u); l++)
				;
			o->val[0][l] ^= 1u;
			r->planted = 1;
		}
	}
	for (k = 0; k < nw; k++) {
		if (r->plant == PLANT_READ_EARLY)
			r->defer[r->ndefer++] = wbs[k];
		else
			*win_push(r) = wbs[k];
	}
	if (!r->lanes_of[w]) /* a warp's lanes: the active ones of its first instruction */
		r->lanes_of[w] = rec->active;
	if (a->tech != RA_NONE && r->plant != PLANT_NO_EXIT && (in->op == PTX_OP_RET || in->op == PTX_OP_EXIT)) {
		r->gone[w] |= rec->executed; /* once every lane has left, the warp exits */
		if (r->gone[w] == r->lanes_of[w] && !r->exit_sent[w] && !(r->plant == PLANT_NO_RELEASE && w == 0)) {
			op_from(win_push(r), OP_EXIT, w, rec);
			r->exit_sent[w] = 1;
		}
	}
}

static void flush_defer(rp_t *r)
{
	size_t k;
	for (k = 0; k < r->ndefer; k++)
		*win_push(r) = r->defer[k];
	r->ndefer = 0;
}

/* ---- one cycle ---------------------------------------------------------------------------- */

/* What was offered this cycle. */
typedef struct offer {
	int iss[RFM_MAXS];   /* window index offered on issue port k, or -1 */
	unsigned tag[RFM_MAXS];
	int wb[RFM_MAXW];    /* window index offered on write-back port p, or -1 */
	int pbr, exit;       /* window index of the pbr / exit offered, or -1 */
	int acq[RFM_MAXS];   /* window index offered on acquire port k, or -1 */
	int rel[RFM_MAXS], acqc[WALK]; /* releases and acquires the walk found ready */
	unsigned nrel, nacq;
} offer_t;

static int same_reg(const op_t *a, unsigned w, unsigned g)
{
	unsigned s;
	if (a->warp != w)
		return 0;
	for (s = 0; s < a->nreg; s++)
		if (a->reg[s] == g)
			return 1;
	return 0;
}

/* Is register g of warp w written by a write-back in window[0, upto) not yet taken, or read by an
 * instruction offered this cycle (when reads)? */
static int older_hazard(rp_t *r, size_t upto, unsigned w, unsigned g, const offer_t *of, int reads)
{
	size_t i;
	unsigned k;
	for (i = 0; i < upto; i++) {
		const op_t *o = win_at(r, i);
		if (o->kind == OP_WB && !o->done && same_reg(o, w, g))
			return 1;
	}
	if (reads)
		for (k = 0; k < r->S; k++)
			if (of->iss[k] >= 0 && same_reg(win_at(r, (size_t)of->iss[k]), w, g))
				return 1;
	return 0;
}

static void set_wb(rp_t *r, unsigned p, const op_t *o)
{
	rfm_model_t *m = r->m;
	uint32_t *d = rfm_wide(m, r->ix.wd[p]);
	unsigned l;
	rfm_set(m, r->ix.wv[p], 1);
	rfm_set(m, r->ix.ww[p], o->warp);
	rfm_set(m, r->ix.wr[p], o->reg[0]);
	rfm_set(m, r->ix.wm[p], o->mask);
	if (r->ix.wfp[p] >= 0)
		rfm_set(m, (unsigned)r->ix.wfp[p], o->fp);
	for (l = 0; l < RT_LANES; l++)
		d[l] = o->zero ? 0u : o->val[0][l];
}

/* A pbr, exit, acquire or release at window index i (docs/trace.md, "Replay with RegMutex and
 * virtualization"): it goes when it is its warp's oldest operation waiting and (but an acquire) no
 * instruction of the warp is in flight, so every older read is done; the warp's younger operations
 * wait for it (a pbr or a virtualization exit until the walker is idle again). */
static void side(rp_t *r, op_t *o, size_t i, int first, offer_t *of)
{
	rfm_model_t *m = r->m;
	r->blocked[o->warp] = 1;
	if (o->taken || !first || (o->kind != OP_ACQ && r->wfly[o->warp]))
		return;
	if (o->kind == OP_PBR && of->pbr < 0) {
		of->pbr = (int)i;
		rfm_set(m, r->ix.pv, 1);
		rfm_set(m, r->ix.pw, o->warp);
		rfm_set(m, r->ix.pword, o->word);
	} else if (o->kind == OP_EXIT && of->exit < 0) {
		of->exit = (int)i;
		rfm_set(m, r->ix.ev, 1);
		rfm_set(m, r->ix.ew, o->warp);
	} else if (o->kind == OP_REL && of->nrel < RFM_MAXS) { /* ports assigned after the walk */
		of->rel[of->nrel++] = (int)i;
	} else if (o->kind == OP_ACQ && of->nacq < WALK) {
		of->acqc[of->nacq++] = (int)i;
	}
}

/* The acquire ports: the releases found by the walk first, then the acquires, starting from a
 * different one each cycle (round robin), so that acquires that stall for want of a section take
 * neither the port a release needs nor that of an acquire by a warp that already holds one. */
static void acq_ports(rp_t *r, offer_t *of)
{
	rfm_model_t *m = r->m;
	unsigned c, k = 0;
	for (c = 0; c < of->nrel + of->nacq && k < r->S; c++, k++) {
		int i = c < of->nrel ? of->rel[c] : of->acqc[(c - of->nrel + r->cycle) % of->nacq];
		op_t *o = win_at(r, (size_t)i);
		of->acq[k] = i;
		rfm_set(m, r->ix.av[k], 1);
		rfm_set(m, r->ix.arl[k], o->kind == OP_REL);
		rfm_set(m, r->ix.aw[k], o->warp);
	}
}

/* Offer the window's operations on the ports (docs/trace.md, "Replay through rf_top"). */
static void offer(rp_t *r, offer_t *of)
{
	rfm_model_t *m = r->m;
	unsigned k = 0, p, s, t, looked;
	uint32_t wused = 0;
	size_t i;
	for (k = 0; k < RFM_MAXS; k++)
		of->iss[k] = -1;
	for (p = 0; p < RFM_MAXW; p++)
		of->wb[p] = -1;
	of->pbr = of->exit = -1;
	of->nrel = of->nacq = 0;
	for (k = 0; k < RFM_MAXS; k++)
		of->acq[k] = -1;
	memset(r->blocked, 0, r->kw);
	memset(r->seen, 0, r->kw);
	k = 0;
	for (i = 0; i < r->n; i++) { /* refused write-backs: again on their port */
		op_t *o = win_at(r, i);
		if (o->kind == OP_WB && !o->done && o->port >= 0) {
			of->wb[o->port] = (int)i;
			wused |= 1u << o->port;
			set_wb(r, (unsigned)o->port, o);
		}
	}
	for (i = 0, looked = 0; i < r->n && looked < WALK; i++) {
		op_t *o = win_at(r, i);
		int stop = 0, first;
		if (o->done || r->blocked[o->warp])
			continue; /* a warp behind its pbr, exit, acquire or release: its younger operations wait */
		first = !r->seen[o->warp];
		r->seen[o->warp] = 1;
		looked++;
		if (o->kind == OP_WB && o->port >= 0)
			continue;
		if (o->kind >= OP_PBR) {
			side(r, o, i, first, of);
			continue;
		}
		if (o->kind == OP_ISS) {
			if (k == r->S || r->nfly + k >= r->ntags)
				break;
			for (s = 0; s < o->nreg && !stop; s++)
				stop = older_hazard(r, i, o->warp, o->reg[s], of, 0);
			if (stop)
				break;
			for (t = 0; r->busy[(r->tagnext + t) % r->ntags]; t++)
				;
			of->tag[k] = (r->tagnext + t) % r->ntags;
			r->busy[of->tag[k]] = 2; /* offered (freed again unless taken) */
			of->iss[k] = (int)i;
			rfm_set(m, r->ix.iv[k], 1);
			rfm_set(m, r->ix.it[k], of->tag[k]);
			rfm_set(m, r->ix.iw[k], o->warp);
			if (r->ix.iam[k] >= 0)
				rfm_set(m, (unsigned)r->ix.iam[k], o->mask);
			if (r->ix.ifp[k] >= 0)
				rfm_set(m, (unsigned)r->ix.ifp[k], o->fp);
			for (s = 0; s < o->nreg; s++) {
				rfm_set(m, r->ix.isv[k][s], 1);
				rfm_set(m, r->ix.isr[k][s], o->reg[s]);
				if (o->rel >> s & 1u)
					rfm_set(m, r->ix.isrel[k][s], 1);
			}
			k++;
		} else {
			unsigned g = o->reg[0];
			if (r->plant != PLANT_NO_WAR &&
			    (r->readers[(size_t)o->warp * r->kr + g] || older_hazard(r, i, o->warp, g, of, 1)))
				break;
			if (r->plant == PLANT_NO_WAR && older_hazard(r, i, o->warp, g, of, 0))
				break;
			for (p = 0; p < r->nwp && (wused >> p & 1u); p++)
				;
			if (p == r->nwp)
				break;
			wused |= 1u << p;
			of->wb[p] = (int)i;
			set_wb(r, p, o);
		}
	}
	acq_ports(r, of);
}

/* Dispatches of this cycle against the trace's values. */
static void check_dispatch(rp_t *r)
{
	rfm_model_t *m = r->m;
	unsigned d, s, l;
	for (d = 0; d < r->S && !r->failed; d++) {
		unsigned tag, warp;
		const op_t *o;
		if (!rfm_get(m, r->ix.dv[d]))
			continue;
		tag = (unsigned)rfm_get(m, r->ix.dt[d]);
		warp = (unsigned)rfm_get(m, r->ix.dw[d]);
		if (tag >= r->ntags || r->busy[tag] != 1) {
			fail(r, "cycle %" PRIu64 ": dsp%u dispatched tag %u, which is not in flight", r->cycle, d, tag);
			return;
		}
		o = &r->fly[tag];
		if (warp != o->warp) {
			fail(r, "record %" PRIu64 " (cta %u warp %u, pc %u): dsp%u tag %u: warp %u, issued as warp %u",
			     o->rec, o->cta, o->twarp, o->pc, d, tag, warp, o->warp);
			return;
		}
		for (s = 0; s < o->nreg && !r->golden_only; s++) {
			const uint32_t *v = rfm_wide(m, r->ix.dop[d][s]);
			for (l = 0; l < RT_LANES; l++) {
				if (!(o->mask >> l & 1u))
					continue;
				r->lanes++;
				if (v[l] != o->val[s][l]) {
					fail(r, "record %" PRIu64 " (cta %u warp %u, model warp %u, pc %u): source R%u lane %u: "
					     "expected 0x%08x, got 0x%08x (cycle %" PRIu64 ")", o->rec, o->cta, o->twarp,
					     o->warp, o->pc, o->reg[s], l, o->val[s][l], v[l], r->cycle);
					return;
				}
			}
		}
		r->operands += o->nreg;
		for (s = 0; s < o->nreg; s++)
			r->readers[(size_t)o->warp * r->kr + o->reg[s]]--;
		r->wfly[o->warp]--;
		r->busy[tag] = 0;
		r->nfly--;
		r->last_progress = r->cycle;
	}
}

/* Hand-shakes of the pbr, exit, acquire and release ports; the walker's jobs that ended. */
static void accept_side(rp_t *r, const offer_t *of)
{
	rfm_model_t *m = r->m;
	int walker_idle = r->ix.erdy >= 0 && rfm_get(m, (unsigned)r->ix.erdy);
	unsigned k;
	size_t i;
	if (of->pbr >= 0 && rfm_get(m, r->ix.prdy)) {
		op_t *o = win_at(r, (size_t)of->pbr);
		o->taken = 1;
		o->tcycle = r->cycle;
		r->pbrs++;
		r->last_progress = r->cycle;
	}
	if (of->exit >= 0 && (r->ann.tech != RA_VIRT || walker_idle)) {
		op_t *o = win_at(r, (size_t)of->exit);
		o->taken = r->ann.tech == RA_VIRT;
		o->done = !o->taken;
		o->tcycle = r->cycle;
		r->exits++;
		r->last_progress = r->cycle;
	}
	for (k = 0; k < r->S; k++) {
		op_t *o;
		if (of->acq[k] < 0)
			continue;
		o = win_at(r, (size_t)of->acq[k]);
		if (!rfm_get(m, r->ix.ag[k])) {
			r->acq_stalls += o->kind == OP_ACQ;
			continue;
		}
		o->done = 1;
		if (o->kind == OP_ACQ)
			r->acqs++;
		else
			r->rm_rels++;
		r->last_progress = r->cycle;
	}
	if (!walker_idle)
		return;
	for (i = 0; i < r->n; i++) { /* the walker was idle at the start of this cycle: its last job is done */
		op_t *o = win_at(r, i);
		if (o->taken && !o->done && o->tcycle < r->cycle) {
			o->done = 1;
			r->last_progress = r->cycle;
		}
	}
}

/* Hand-shakes of this cycle. */
static void accept(rp_t *r, const offer_t *of)
{
	rfm_model_t *m = r->m;
	unsigned k, p, s;
	for (k = 0; k < r->S; k++) {
		op_t *o;
		if (of->iss[k] < 0)
			continue;
		o = win_at(r, (size_t)of->iss[k]);
		if (!rfm_get(m, r->ix.ir[k])) {
			r->busy[of->tag[k]] = 0;
			continue;
		}
		o->done = 1;
		r->wfly[o->warp]++;
		r->fly[of->tag[k]] = *o;
		r->busy[of->tag[k]] = 1;
		r->tagnext = (of->tag[k] + 1) % r->ntags;
		r->nfly++;
		r->insns++;
		for (s = 0; s < o->nreg; s++)
			r->readers[(size_t)o->warp * r->kr + o->reg[s]]++;
		r->last_progress = r->cycle;
	}
	for (p = 0; p < r->nwp; p++) {
		op_t *o;
		if (of->wb[p] < 0)
			continue;
		o = win_at(r, (size_t)of->wb[p]);
		if (r->ix.wrdy[p] >= 0 && !rfm_get(m, (unsigned)r->ix.wrdy[p])) {
			o->port = (int)p;
			continue;
		}
		o->done = 1;
		r->wbs++;
		r->last_progress = r->cycle;
	}
	accept_side(r, of);
	while (r->n && win_at(r, 0)->done) {
		r->head = (r->head + 1) % r->cap;
		r->n--;
	}
}

static void count(rp_t *r)
{
	unsigned n;
	for (n = 0; n < r->ix.ncnt; n++) {
		uint64_t v = rfm_get(r->m, r->ix.cnt[n]);
		r->ctot[n] += (v - r->cprev[n]) & r->cmask;
		r->cprev[n] = v;
	}
}

/* One cycle: inputs (launch, or the window's operations), eval, checks, hand-shakes, clock. */
static void cycle(rp_t *r, int launch)
{
	rfm_model_t *m = r->m;
	offer_t of;
	rfm_clear_inputs(m);
	rfm_set(m, r->ix.rst, 1);
	memset(&of, 0xff, sizeof(of));
	if (launch) {
		rfm_set(m, r->ix.lv, 1);
		rfm_set(m, r->ix.lw, r->kw);
		rfm_set(m, r->ix.lr, r->kr);
		if (r->ann.tech == RA_VIRT)
			rfm_set(m, r->ix.lex, r->ann.exempt);
		if (r->ann.tech == RA_REGMUTEX) {
			rfm_set(m, r->ix.lext, r->ann.es);
			if (r->ix.lsec >= 0)
				rfm_set(m, (unsigned)r->ix.lsec, r->sections);
		}
	} else {
		offer(r, &of);
	}
	rfm_model_eval(m);
	count(r);
	if (rfm_get(m, r->ix.lerr) || rfm_get(m, r->ix.accerr))
		fail(r, "cycle %" PRIu64 ": launch_err_o = %" PRIu64 ", acc_err_o = %" PRIu64 " (a kernel of %u warps x %u "
		     "registers that fits, accesses inside it)", r->cycle, rfm_get(m, r->ix.lerr), rfm_get(m, r->ix.accerr),
		     r->kw, r->kr);
	if (r->ix.flag >= 0 && rfm_get(m, (unsigned)r->ix.flag))
		fail(r, "cycle %" PRIu64 ": %s", r->cycle, r->ann.tech == RA_VIRT
		     ? "unm_o: an instruction read a register that has no physical register (released before this read)"
		     : "xerr_o: an access to an extended register of a warp that holds no SRP section");
	check_dispatch(r);
	rewind(r->cerr);
	if (m->ops->check(m, r->cycle, r->cerr) && !r->failed) {
		char line[512] = "";
		fflush(r->cerr);
		rewind(r->cerr);
		if (!fgets(line, sizeof(line), r->cerr))
			line[0] = 0;
		line[strcspn(line, "\n")] = 0;
		fail(r, "rf_top's own checker: %s", line);
	}
	if (!launch)
		accept(r, &of);
	rfm_model_tick(m);
	r->cycle++;
}

/* ---- the run ------------------------------------------------------------------------------ */

/* Replay the CTAs [first, first + nb) of the trace: one launch, then their records. 0, or -1. */
static int batch(rp_t *r, unsigned first)
{
	rt_reader_t *rd = NULL;
	rt_record_t *rec = malloc(sizeof(*rec));
	rt_end_t end;
	char msg[RT_MSG_MAX];
	int eof = 0, ret = -1, got;
	if (!rec) {
		fail(r, "out of memory");
		return -1;
	}
	if (rt_reader_open(r->trace_path, RT_PLANT_NONE, &rd, msg, sizeof(msg))) {
		fail(r, "%s", msg);
		goto out;
	}
	while (!rfm_get(r->m, r->ix.idle) || r->nfly) { /* launch when idle */
		cycle(r, 0);
		if (r->failed)
			goto out;
	}
	memset(r->written, 0, (size_t)r->kw * r->kr * sizeof(uint32_t));
	memset(r->lanes_of, 0, r->kw * sizeof(uint32_t));
	memset(r->gone, 0, r->kw * sizeof(uint32_t));
	memset(r->exit_sent, 0, r->kw);
	r->exited = 0;
	cycle(r, 1);
	r->last_progress = r->cycle;
	for (;;) {
		/* filled to WIN; while nothing moves, WIN more each cycle (the ring grows): warps waiting for
		 * an acquire hold their records, and the releases that free a section may be further on */
		size_t lim = r->cycle - r->last_progress > STARVE ? r->n + WIN : WIN;
		while (!eof && r->n + 4 * RT_REGS_MAX < lim) {
			if (win_room(r, 4 * RT_REGS_MAX + RA_PBR_MAX + 2)) {
				fail(r, "the window of waiting operations outgrew %u operations (cycle %" PRIu64 ")", WINMAX,
				     r->cycle);
				goto out;
			}
			if (r->max_records && r->records >= r->max_records) {
				eof = 1;
				break;
			}
			got = rt_read(rd, rec, &end, msg, sizeof(msg));
			if (got < 0) {
				fail(r, "%s", msg);
				goto out;
			}
			if (!got) {
				eof = 1;
				break;
			}
			if (rec->cta >= first && rec->cta < first + r->nb)
				load(r, rt_reader_header(rd), rec, first);
		}
		if (eof && r->ndefer)
			flush_defer(r);
		if (eof && !r->n && !r->nfly && r->ann.tech != RA_NONE && !r->exited && r->plant != PLANT_NO_EXIT) {
			unsigned w; /* a warp whose records ended without every lane leaving exits here */
			if (win_room(r, r->kw)) {
				fail(r, "out of memory");
				goto out;
			}
			for (w = 0; w < r->kw; w++) {
				op_t *o;
				if (r->exit_sent[w] || (r->plant == PLANT_NO_RELEASE && w == 0))
					continue;
				o = win_push(r);
				o->kind = OP_EXIT;
				o->warp = w;
				o->rec = UINT64_MAX;
			}
			r->exited = 1;
		}
		if (eof && !r->n && !r->nfly)
			break;
		cycle(r, 0);
		if (r->failed)
			goto out;
		if (r->cycle - r->last_progress > HANG) {
			fail(r, "no progress for %u cycles at cycle %" PRIu64 " (%zu operations waiting, %u in flight)", HANG,
			     r->cycle, r->n, r->nfly);
			goto out;
		}
	}
	ret = 0;
out:
	rt_reader_close(rd);
	free(rec);
	return ret;
}

/* Does a launch of w warps of the trace's registers fit: the LOCATE's rule (virtualization with the
 * fewest exempt registers that fit the table, RegMutex with as many sections as fit). It sets
 * the launch's exempt registers or sections. */
static int fits(rp_t *r, unsigned w)
{
	const rfm_cfg_t *c = &r->cfg;
	if (r->ann.tech == RA_VIRT)
		return rfm_vt_launch_fits(c, w, r->kr, ra_virt_exempt(&r->ann, c, w));
	if (r->ann.tech == RA_REGMUTEX) {
		r->sections = r->ann.es ? rfm_rm_sections(c, w, r->ann.bs, r->ann.es) : 0;
		return rfm_rm_launch_fits(c, w, r->kr, r->ann.es, r->sections);
	}
	return rfm_launch_fits(c, w, r->kr);
}

/* Shapes: refuse a config the kernel does not fit (exit 2). 0, or -1 after the message. */
static int fit(rp_t *r, const rt_header_t *h, unsigned ctas)
{
	const rfm_cfg_t *c = &r->cfg;
	r->cw = h->warps;
	r->kr = h->regs ? h->regs : 1;
	r->nctas = h->grid[0] * h->grid[1] * h->grid[2];
	if (r->cw > c->sm_warps) {
		fail(r, "%s: the kernel needs %u warps per CTA, %s has %u warps", r->trace_path, r->cw, r->cfg_path,
		     c->sm_warps);
		return -1;
	}
	if (r->kr > c->sm_regs_per_thread) {
		fail(r, "%s: the kernel needs %u registers per thread, %s allows at most %u", r->trace_path, r->kr,
		     r->cfg_path, c->sm_regs_per_thread);
		return -1;
	}
	if (c->rf_lanes != RT_LANES || c->rf_lane_bits != 32) {
		fail(r, "%s: the trace has %u lanes of 32 bits, %s has %u lanes of %u bits", r->trace_path, RT_LANES,
		     r->cfg_path, c->rf_lanes, c->rf_lane_bits);
		return -1;
	}
	if (r->ann.tech == RA_REGMUTEX && r->ann.low > r->ann.bs) {
		fail(r, "%s: %s: RegMutex needs the %u registers used or live outside the acquired regions below Bs = %u; "
		     "no renumbering does that (index compaction with moves is not done)", r->trace_path, r->cfg_path,
		     r->ann.low, r->ann.bs);
		return -1;
	}
	if (!fits(r, r->cw)) {
		if (r->ann.tech != RA_NONE) {
			fail(r, "%s: a CTA of %u warps x %u registers per thread does not fit %s's register file with %s",
			     r->trace_path, r->cw, r->kr, r->cfg_path, r->ann.tech == RA_VIRT
			     ? "virtualization (warps x registers <= warp registers, warps x renamed <= table entries)"
			     : "RegMutex (warps x Bs + sections x Es <= warp registers, a section at least)");
			return -1;
		}
		fail(r, "%s: a CTA of %u warps x %u registers per thread does not fit %s's register file (%u banks x %u "
		     "rows)", r->trace_path, r->cw, r->kr, r->cfg_path, c->rf_banks, c->rf_entries);
		return -1;
	}
	r->nb = 1;
	while ((!ctas || r->nb < ctas) && r->nb < r->nctas && (r->nb + 1) * r->cw <= c->sm_warps &&
	       fits(r, (r->nb + 1) * r->cw))
		r->nb++;
	r->kw = r->nb * r->cw;
	fits(r, r->kw); /* the launch's exempt registers or sections */
	return 0;
}

static int opt_u64(const char *arg, const char *v, uint64_t *out)
{
	char *end = NULL;
	if (!v || !*v || *v == '-') {
		fprintf(stderr, "trace_replay: %s: not a count\n", arg);
		return -1;
	}
	*out = strtoull(v, &end, 10);
	if (*end) {
		fprintf(stderr, "trace_replay: %s: not a count\n", arg);
		return -1;
	}
	return 0;
}

static int parse(rp_t *r, int argc, char **argv, uint64_t *ctas)
{
	const char *pos[2];
	unsigned npos = 0;
	int a;
	for (a = 1; a < argc; a++) {
		const char *s = argv[a];
		if (!strcmp(s, "--ctas") || !strcmp(s, "--max-records")) {
			if (opt_u64(s, a + 1 < argc ? argv[a + 1] : NULL, s[2] == 'c' ? ctas : &r->max_records))
				return -1;
			a++;
		} else if (!strcmp(s, "--ptx") && a + 1 < argc) {
			r->ptx_path = argv[++a];
		} else if (!strcmp(s, "-s") && a + 1 < argc && r->nset < NSET) {
			r->set[r->nset++] = argv[++a];
		} else if (!strcmp(s, "--plant=wb-value")) {
			r->plant = PLANT_WB_VALUE;
		} else if (!strcmp(s, "--plant=read-early")) {
			r->plant = PLANT_READ_EARLY;
		} else if (!strcmp(s, "--plant=no-war")) {
			r->plant = PLANT_NO_WAR;
		} else if (!strcmp(s, "--plant=pir-every-read")) {
			r->plant = PLANT_PIR_EVERY_READ;
		} else if (!strcmp(s, "--plant=no-acquire")) {
			r->plant = PLANT_NO_ACQUIRE;
		} else if (!strcmp(s, "--plant=no-exit")) {
			r->plant = PLANT_NO_EXIT;
		} else if (!strcmp(s, "--plant=no-release")) {
			r->plant = PLANT_NO_RELEASE;
		} else if (!strcmp(s, "--plant=no-fp")) {
			r->plant = PLANT_NO_FP;
		} else if (!strncmp(s, "--mutate=", 9)) {
			if (!(r->mutate = rfm_fault_find(s + 9))) {
				fprintf(stderr, "trace_replay: %s: no such planted fault\n", s);
				return -1;
			}
		} else if (!strcmp(s, "--golden-only")) {
			r->golden_only = 1;
		} else if (s[0] == '-' || npos == 2) {
			usage();
			return -1;
		} else {
			pos[npos++] = s;
		}
	}
	if (npos != 2) {
		usage();
		return -1;
	}
	r->cfg_path = pos[0];
	r->trace_path = pos[1];
	return 0;
}

/* The run's total of counter cnt_<name>_o, or -1 when rf_top has none. */
static int64_t total(const rp_t *r, const char *name)
{
	char nm[48];
	unsigned n;
	snprintf(nm, sizeof(nm), "cnt_%s_o", name);
	for (n = 0; n < r->ix.ncnt; n++)
		if (!strcmp(r->m->ports.p[r->ix.cnt[n]].name, nm))
			return (int64_t)r->ctot[n];
	return -1;
}

/* Every warp has exited: virtualization freed every register it allocated, RegMutex released
 * every set it granted (by a release or the exit). */
static void balance(rp_t *r)
{
	const char *a = r->ann.tech == RA_VIRT ? "alloc" : "acquire", *f = r->ann.tech == RA_VIRT ? "free" : "release";
	int64_t na, nf;
	if (r->ann.tech == RA_NONE)
		return;
	na = total(r, a);
	nf = total(r, f);
	if (na < 0 || nf < 0)
		fail(r, "%s: rf_top has no counter cnt_%s_o or cnt_%s_o", r->cfg_path, a, f);
	else if (na != nf)
		fail(r, "after every warp's exit: %s %" PRId64 " but %s %" PRId64 " (%s)", a, na, f, nf,
		     r->ann.tech == RA_VIRT ? "physical registers left allocated" : "SRP sections left held");
}

static void summary(const rp_t *r, const rt_header_t *h)
{
	unsigned n;
	printf("replay %s through %s: kernel %s, %u CTAs of %u warps x %u registers, %u at once (%u warps launched)\n",
	       r->trace_path, r->cfg.name, h->kernel, r->nctas, r->cw, r->kr, r->nb, r->kw);
	printf("records %" PRIu64 " instructions %" PRIu64 " (split records %" PRIu64 ", records without sources %" PRIu64
	       ") write-backs %" PRIu64 " (zero %" PRIu64 ") operands %" PRIu64 " lane values checked %" PRIu64
	       " cycles %" PRIu64 "\n", r->records, r->insns, r->split, r->nosrc, r->wbs, r->zeros, r->operands, r->lanes,
	       r->cycle);
	printf("counters");
	for (n = 0; n < r->ix.ncnt; n++) {
		const char *nm = r->m->ports.p[r->ix.cnt[n]].name + 4;
		printf(" %.*s %" PRIu64, (int)(strlen(nm) - 2), nm, r->ctot[n]);
	}
	printf("\n");
	if (r->ann.tech == RA_VIRT)
		printf("virtualization: exempt %u of %u registers; pir releases %" PRIu64 " pbr words %" PRIu64
		       " exits %" PRIu64 "\n", r->ann.exempt, r->kr, r->rels, r->pbrs, r->exits);
	if (r->ann.tech == RA_REGMUTEX)
		printf("regmutex: Es %u Bs %u sections %u; acquires %" PRIu64 " (refused %" PRIu64 " times) releases %" PRIu64
		       " exits %" PRIu64 "\n", r->ann.es, r->ann.bs, r->sections, r->acqs, r->acq_stalls, r->rm_rels,
		       r->exits);
	if (r->ann.fp)
		printf("edram: FP instructions %" PRIu64 " FP write-backs %" PRIu64 "\n", r->fpi, r->fpw);
	printf("all values equal the trace's; rf_top's own checker silent\n");
}

int main(int argc, char **argv)
{
	rp_t *r = calloc(1, sizeof(*r));
	rt_reader_t *rd = NULL;
	rt_header_t h;
	char msg[RT_MSG_MAX];
	uint64_t ctas = 1;
	unsigned first, t;
	int ret = 2;
	if (!r)
		return 2;
	memset(&h, 0, sizeof(h));
	if (parse(r, argc, argv, &ctas))
		goto out;
	if (rfm_cfg_load(&r->cfg, r->cfg_path, r->set, r->nset, stderr) != RFM_OK ||
	    rfm_cfg_buildable(&r->cfg, stderr))
		goto out;
	if (rt_reader_open(r->trace_path, RT_PLANT_NONE, &rd, msg, sizeof(msg))) {
		fail(r, "%s", msg);
		goto out;
	}
	h = *rt_reader_header(rd);
	if (ra_build(&r->ann, &r->cfg, &h, r->ptx_path, r->plant == PLANT_PIR_EVERY_READ, msg, sizeof(msg))) {
		fail(r, "%s: %s", r->trace_path, msg);
		goto out;
	}
	if (fit(r, &h, ctas > 64 ? 64 : (unsigned)ctas))
		goto out;
	r->S = r->cfg.sm_schedulers;
	r->ops = r->cfg.sm_operands;
	r->nwp = r->cfg.rf_write_ports;
	r->cmask = rfm_mask64(r->cfg.stats_counter_bits);
	r->ntags = 1u << r->cfg.sm_tag_bits;
	ret = 1;
	r->m = rfm_model_create("rf_top", &r->cfg);
	r->win = calloc(WIN, sizeof(op_t));
	r->cap = WIN;
	r->defer = calloc(RT_REGS_MAX, sizeof(op_t));
	r->written = calloc((size_t)r->kw * r->kr, sizeof(uint32_t));
	r->readers = calloc((size_t)r->kw * r->kr, sizeof(unsigned));
	r->fly = calloc(r->ntags, sizeof(op_t));
	r->busy = calloc(r->ntags, 1);
	r->wfly = calloc(r->kw, sizeof(unsigned));
	r->blocked = calloc(r->kw, 1);
	r->seen = calloc(r->kw, 1);
	r->lanes_of = calloc(r->kw, sizeof(uint32_t));
	r->gone = calloc(r->kw, sizeof(uint32_t));
	r->exit_sent = calloc(r->kw, 1);
	r->cerr = tmpfile();
	if (!r->m || !r->win || !r->defer || !r->written || !r->readers || !r->fly || !r->busy || !r->wfly ||
	    !r->blocked || !r->seen || !r->lanes_of || !r->gone || !r->exit_sent || !r->cerr) {
		fail(r, "out of memory");
		goto out;
	}
	if (lookup(r))
		goto out;
	r->m->mutate = r->mutate ? r->mutate->id : 0;
	for (t = 0; t < 2; t++) { /* reset: cycles 0 and 1 */
		rfm_clear_inputs(r->m);
		rfm_set(r->m, r->ix.rst, 0);
		rfm_model_eval(r->m);
		r->m->ops->check(r->m, r->cycle, r->cerr);
		rfm_model_tick(r->m);
		r->cycle++;
	}
	for (first = 0; first < r->nctas; first += r->nb) {
		if (batch(r, first))
			goto out;
		if (r->max_records && r->records >= r->max_records)
			break;
	}
	cycle(r, 0); /* the last edge's counts visible */
	if (!r->failed && r->m->cov.count[RFM_TCOV_HAZARD])
		fail(r, "rf_top's checker saw %" PRIu64 " operands written while their instruction was in flight: the "
		     "ordering let a write race a read", r->m->cov.count[RFM_TCOV_HAZARD]);
	if (!r->failed)
		balance(r);
	if (r->failed)
		goto out;
	summary(r, &h);
	ret = 0;
out:
	rt_reader_close(rd);
	if (r->m)
		rfm_model_destroy(r->m);
	if (r->cerr)
		fclose(r->cerr);
	free(r->win);
	free(r->defer);
	free(r->written);
	free(r->readers);
	free(r->fly);
	free(r->busy);
	free(r->wfly);
	free(r->blocked);
	free(r->seen);
	free(r->lanes_of);
	free(r->gone);
	free(r->exit_sent);
	ra_free(&r->ann);
	free(r);
	return ret;
}
