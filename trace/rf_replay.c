/* rf_replay.c - build/bin/trace_replay: a register trace replayed through rf_top's model
 * (docs/trace.md, "Replay through rf_top"; issue 16, item 6).
 *
 *   trace_replay [--ctas N] [--max-records N] [-s SECTION.KEY=VALUE]... [--plant=NAME]
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
 * Planted faults, to show the checks catch one: --plant=wb-value flips bit 0 of the lowest executed
 * lane of the first write-back of a destination; --plant=read-early offers each record's
 * write-backs after the next record's instructions (a read before the write it depends on);
 * --plant=no-war lets a write-back go while an instruction reading its register is in flight;
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
#include "trace.h"

#define WIN 1024u          /* operations in the window */
#define WALK 64u           /* most operations one cycle's walk looks at */
#define HANG 100000u       /* cycles without progress that count as hung */
#define NSET 16u           /* most -s overrides */
#define NCNTMAX 32u        /* most counter ports */

enum { OP_ISS, OP_WB };
enum { PLANT_NONE, PLANT_WB_VALUE, PLANT_READ_EARLY, PLANT_NO_WAR };

/* One operation of the window: an instruction or a write-back. */
typedef struct op {
	uint8_t kind;                 /* OP_ISS or OP_WB */
	uint8_t done;                 /* taken by rf_top */
	uint8_t zero;                 /* a zero write-back before a first read */
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
	unsigned ncnt;                            /* counter ports cnt_<name>_o, in port order */
	unsigned cnt[NCNTMAX];
} tix_t;

/* The replay. */
typedef struct rp {
	const char *cfg_path, *trace_path;
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
	size_t head, n;
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
	fprintf(stderr, "usage: trace_replay [--ctas N] [--max-records N] [-s SECTION.KEY=VALUE]... "
			"[--plant=wb-value|read-early|no-war] [--mutate=FAULT] [--golden-only] CONFIG.ini TRACE.rft\n");
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
	}
	for (k = 0; k < r->S; k++) {
		REQ(ix->iv[k], "iss%u_valid_i", k);
		REQ(ix->ir[k], "iss%u_ready_o", k);
		REQ(ix->it[k], "iss%u_tag_i", k);
		REQ(ix->iw[k], "iss%u_warp_i", k);
		snprintf(nm, sizeof(nm), "iss%u_amask_i", k);
		ix->iam[k] = rfm_ports_find(&m->ports, nm);
		REQ(ix->dv[k], "dsp%u_valid_o", k);
		REQ(ix->dt[k], "dsp%u_tag_o", k);
		REQ(ix->dw[k], "dsp%u_warp_o", k);
		for (s = 0; s < r->ops; s++) {
			REQ(ix->isv[k][s], "iss%u_src%u_valid_i", k, s);
			REQ(ix->isr[k][s], "iss%u_src%u_reg_i", k, s);
			REQ(ix->dop[k][s], "dsp%u_op%u_o", k, s);
		}
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

static op_t *win_at(rp_t *r, size_t i) { return &r->win[(r->head + i) % WIN]; }

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
	op_t wbs[RT_REGS_MAX];
	unsigned nw = 0;
	r->records++;
	for (k = 0; k < in->n_src32; k++) { /* zero write-backs: the simulator's registers start at 0 */
		uint32_t need = rec->active & ~*written_at(r, w, in->src32[k]);
		op_t *o;
		if (!need)
			continue;
		o = win_push(r);
		op_from(o, OP_WB, w, rec);
		o->zero = 1;
		o->nreg = 1;
		o->reg[0] = in->src32[k];
		o->mask = need;
		*written_at(r, w, in->src32[k]) |= need;
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
		for (s = 0; s < r->ops && k + s < in->n_src32; s++) {
			o->reg[s] = in->src32[k + s];
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
		o->reg[0] = in->dst32[k];
		o->mask = rec->executed;
		memcpy(o->val[0], rec->dst[k], sizeof(o->val[0]));
		*written_at(r, w, in->dst32[k]) |= rec->executed;
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
	for (l = 0; l < RT_LANES; l++)
		d[l] = o->zero ? 0u : o->val[0][l];
}

/* Offer the window's operations on the ports (docs/trace.md, "Replay through rf_top"). */
static void offer(rp_t *r, offer_t *of)
{
	rfm_model_t *m = r->m;
	unsigned k = 0, p, s, t;
	uint32_t wused = 0;
	size_t i;
	for (k = 0; k < RFM_MAXS; k++)
		of->iss[k] = -1;
	for (p = 0; p < RFM_MAXW; p++)
		of->wb[p] = -1;
	k = 0;
	for (i = 0; i < r->n; i++) { /* refused write-backs: again on their port */
		op_t *o = win_at(r, i);
		if (o->kind == OP_WB && !o->done && o->port >= 0) {
			of->wb[o->port] = (int)i;
			wused |= 1u << o->port;
			set_wb(r, (unsigned)o->port, o);
		}
	}
	for (i = 0; i < r->n && i < WALK; i++) {
		op_t *o = win_at(r, i);
		int stop = 0;
		if (o->done || (o->kind == OP_WB && o->port >= 0))
			continue;
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
			for (s = 0; s < o->nreg; s++) {
				rfm_set(m, r->ix.isv[k][s], 1);
				rfm_set(m, r->ix.isr[k][s], o->reg[s]);
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
		r->busy[tag] = 0;
		r->nfly--;
		r->last_progress = r->cycle;
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
	while (r->n && win_at(r, 0)->done) {
		r->head = (r->head + 1) % WIN;
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
	} else {
		offer(r, &of);
	}
	rfm_model_eval(m);
	count(r);
	if (rfm_get(m, r->ix.lerr) || rfm_get(m, r->ix.accerr))
		fail(r, "cycle %" PRIu64 ": launch_err_o = %" PRIu64 ", acc_err_o = %" PRIu64 " (a kernel of %u warps x %u "
		     "registers that fits, accesses inside it)", r->cycle, rfm_get(m, r->ix.lerr), rfm_get(m, r->ix.accerr),
		     r->kw, r->kr);
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
	cycle(r, 1);
	r->last_progress = r->cycle;
	for (;;) {
		while (!eof && r->n + 4 * RT_REGS_MAX < WIN) {
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
	if (c->regmutex_enable == RFM_ON || c->virtualization_enable == RFM_ON) {
		fail(r, "%s: %s: the trace carries no %s, which this config's launch and placement need", r->trace_path,
		     r->cfg_path, c->regmutex_enable == RFM_ON ? "RegMutex acquire and release instructions"
							     : "release flags (pir, pbr) nor exempt registers");
		return -1;
	}
	if (!rfm_launch_fits(c, r->cw, r->kr)) {
		fail(r, "%s: a CTA of %u warps x %u registers per thread does not fit %s's register file (%u banks x %u "
		     "rows)", r->trace_path, r->cw, r->kr, r->cfg_path, c->rf_banks, c->rf_entries);
		return -1;
	}
	r->nb = 1;
	while ((!ctas || r->nb < ctas) && r->nb < r->nctas && (r->nb + 1) * r->cw <= c->sm_warps &&
	       rfm_launch_fits(c, (r->nb + 1) * r->cw, r->kr))
		r->nb++;
	r->kw = r->nb * r->cw;
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
		} else if (!strcmp(s, "-s") && a + 1 < argc && r->nset < NSET) {
			r->set[r->nset++] = argv[++a];
		} else if (!strcmp(s, "--plant=wb-value")) {
			r->plant = PLANT_WB_VALUE;
		} else if (!strcmp(s, "--plant=read-early")) {
			r->plant = PLANT_READ_EARLY;
		} else if (!strcmp(s, "--plant=no-war")) {
			r->plant = PLANT_NO_WAR;
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
	printf("\nall values equal the trace's; rf_top's own checker silent\n");
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
	if (rfm_cfg_load(&r->cfg, r->cfg_path, r->set, r->nset, stderr) != RFM_OK)
		goto out;
	if (rt_reader_open(r->trace_path, RT_PLANT_NONE, &rd, msg, sizeof(msg))) {
		fail(r, "%s", msg);
		goto out;
	}
	h = *rt_reader_header(rd);
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
	r->defer = calloc(RT_REGS_MAX, sizeof(op_t));
	r->written = calloc((size_t)r->kw * r->kr, sizeof(uint32_t));
	r->readers = calloc((size_t)r->kw * r->kr, sizeof(unsigned));
	r->fly = calloc(r->ntags, sizeof(op_t));
	r->busy = calloc(r->ntags, 1);
	r->cerr = tmpfile();
	if (!r->m || !r->win || !r->defer || !r->written || !r->readers || !r->fly || !r->busy || !r->cerr) {
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
	free(r);
	return ret;
}
