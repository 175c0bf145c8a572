/* emit_top.c - body of rf_top: the skeleton that calls the active parts (rg_part.h) in fixed
 * sections, and the helpers through which parts declare flops, counters, launch fields and status
 * flags (docs/semantics.md, "rf_top"; docs/architecture.md, "rf_top from parts"; model:
 * cmodel/top.c). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_models.h"
#include "rg_part.h"

/* Every part: each technique folder's rg_parts.def, collected by the build (base first, then the
 * other folders in name order). */
#define X(part) &part,
static const rg_part_t *const parts[] = {
#include "rg_parts_all.def"
};
#undef X
#define NPARTS (sizeof(parts) / sizeof(parts[0]))

/* Calling order within a section: by slot (SIDE before LOCATE: it feeds LOCATE's tables), then
 * table order. */
static const rg_slot_t call_order[] = {RG_ADMIT, RG_SIDE, RG_LOCATE, RG_STORAGE, RG_BACKEND};

/* The active parts of a configuration, in calling order. */
typedef struct rg_run {
	const rg_part_t *p[NPARTS];
	unsigned n;
} rg_run_t;

/* ---- helpers for parts ---- */

void rg_logic(rg_top_t *t, unsigned w, const char *fmt, ...)
{
	va_list ap;
	char names[4096];
	va_start(ap, fmt);
	vsnprintf(names, sizeof(names), fmt, ap);
	va_end(ap);
	em_row(t->e, 3, "logic", em_rng(t->e, w), em_fmt(t->e, "%s;", names));
}

void rg_state(rg_top_t *t, const char *q, const char *d, const char *rst)
{
	rg_flop_t *f;
	if (t->nflop == RG_MAXFLOP) {
		t->err = 1;
		return;
	}
	f = &t->flop[t->nflop++];
	snprintf(f->q, sizeof(f->q), "%s", q);
	snprintf(f->d, sizeof(f->d), "%s", d);
	snprintf(f->rst, sizeof(f->rst), "%s", rst);
}

void rg_flop(rg_top_t *t, unsigned w, const char *name)
{
	char q[40], d[40];
	snprintf(q, sizeof(q), "%s_q", name);
	snprintf(d, sizeof(d), "%s_d", name);
	rg_logic(t, w, "%s, %s", q, d);
	rg_state(t, q, d, w == 1 ? "1'b0" : "'0");
}

void rg_counter(rg_top_t *t, const char *name, const char *inc)
{
	rg_cnt_t *n;
	if (t->ncnt == RG_MAXCNT) {
		t->err = 1;
		return;
	}
	n = &t->cnt[t->ncnt++];
	snprintf(n->name, sizeof(n->name), "%s", name);
	em_add(&n->inc, NULL, "%s", inc);
}

void rg_counter_sum(rg_top_t *t, const char *name, unsigned n, const char *fmt)
{
	em_str_t x = {0};
	unsigned i;
	for (i = 0; i < n; i++)
		em_add(&x, " + ", "%u'(%s)", t->c->stats_counter_bits, em_fmt(t->e, fmt, i));
	rg_counter(t, name, n ? em_str(&x) : "'0");
	em_str_free(&x);
}

void rg_fit(rg_top_t *t, const char *term) { em_add(&t->fit, " & ", "%s", term); }

void rg_hold(rg_top_t *t, const char *expr) { em_add(&t->holds, " | ", "%s", expr); }

void rg_lend(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	t->lend = 1;
	rg_logic(t, c->rf_banks, "lend_rd, lend_wr");
	rg_logic(t, c->d.entry_w, "lend_rrow");
	rg_logic(t, c->rf_banks * c->d.entry_w, "lend_wrow");
	rg_logic(t, c->d.wreg_bits, "lend_wdata");
}

void rg_hold_force(rg_top_t *t, const char *expr) { em_add(&t->forces, " | ", "%s", expr); }

void rg_bank_open(rg_top_t *t) { em_open(t->e, "%s u_bank (", t->storage->bank); }

void rg_bank_close(rg_top_t *t)
{
	if (t->storage->bank_conns)
		t->storage->bank_conns(t);
	rg_conn_end(t->e);
}

void rg_field(rg_top_t *t, const char *name, unsigned w, const char *val)
{
	rg_field_t *f;
	if (t->nfield == RG_MAXFIELD) {
		t->err = 1;
		return;
	}
	f = &t->field[t->nfield++];
	snprintf(f->name, sizeof(f->name), "%s", name);
	snprintf(f->val, sizeof(f->val), "%s", val);
	f->width = w;
}

rg_flag_t *rg_flag(rg_top_t *t, const char *name)
{
	rg_flag_t *f;
	if (t->nflag == RG_MAXFLAG) {
		t->err = 1;
		return &t->flag[0];
	}
	f = &t->flag[t->nflag++];
	snprintf(f->name, sizeof(f->name), "%s", name);
	return f;
}

void rg_flag_term(rg_flag_t *f, const char *term) { em_add(&f->expr, " | ", "%s", term); }

const char *rg_iss_valid(rg_top_t *t, unsigned k)
{
	return em_fmt(t->e, t->hold ? "iss%u_cvalid" : "iss%u_valid_i", k);
}

const char *rg_iss_ready(rg_top_t *t, unsigned k)
{
	return em_fmt(t->e, t->hold ? "iss%u_cready" : "iss%u_ready_o", k);
}

const char *rg_iss_tag(rg_top_t *t, unsigned k) { return em_fmt(t->e, t->hold ? "iss%u_ctag" : "iss%u_tag_i", k); }

const char *rg_dsp_tag(rg_top_t *t, unsigned d) { return em_fmt(t->e, t->hold ? "dsp%u_ctag" : "dsp%u_tag_o", d); }

const char *rg_src_read(rg_top_t *t, unsigned k, unsigned s)
{
	if (t->drop)
		return em_fmt(t->e, "iss%u_src%u_valid_i & ~iss%u_s%u_err & ~iss%u_s%u_xerr", k, s, k, s, k, s);
	return em_fmt(t->e, "iss%u_src%u_valid_i & ~iss%u_s%u_err", k, s, k, s);
}

const char *rg_none_granted(rg_top_t *t, em_str_t *x, const char *banks)
{
	unsigned q;
	em_clear(x);
	em_add(x, NULL, "!(");
	for (q = 0; q < t->c->d.nq; q++)
		em_add(x, q ? " | " : NULL, "(aq%u_gnt & %s[cq%u_bank])", q, banks, q);
	em_add(x, NULL, ")");
	return em_str(x);
}

const char *rg_none_written(rg_top_t *t, em_str_t *x, const char *wb, const char *banks)
{
	unsigned p;
	em_clear(x);
	em_add(x, NULL, "!(");
	for (p = 0; p < t->c->rf_write_ports; p++)
		em_add(x, p ? " | " : NULL, "(%s & %s[wb%u_bank])", em_fmt(t->e, wb, p), banks, p);
	em_add(x, NULL, ")");
	return em_str(x);
}

/* ---- the skeleton ---- */

/* Call one hook of every active part, in calling order. */
#define EACH(t, act, hook)                                                                                             \
	do {                                                                                                           \
		unsigned i_;                                                                                           \
		for (i_ = 0; i_ < (act)->n; i_++)                                                                      \
			if ((act)->p[i_]->hook)                                                                        \
				(act)->p[i_]->hook(t);                                                                 \
	} while (0)

/* Launch: the fit terms and fields the parts registered; refused launches keep the state. */
static void launch(rg_top_t *t, const rg_run_t *act)
{
	em_t *e = t->e;
	unsigned i;
	em_section(e, "kernel launch: refused (state kept, launch_err_o set) unless it fits");
	EACH(t, act, launch);
	em_line(e, "assign launch_fits = %s;", em_str(&t->fit));
	em_open(e, "always_comb begin");
	for (i = 0; i < t->nfield; i++)
		em_line(e, "%s_d = %s_q;", t->field[i].name, t->field[i].name);
	em_line(e, "lerr_d = lerr_q;");
	em_open(e, "if (launch_valid_i) begin");
	em_open(e, "if (launch_fits) begin");
	for (i = 0; i < t->nfield; i++)
		em_line(e, "%s_d = %s;", t->field[i].name, t->field[i].val);
	em_line(e, "lerr_d = 1'b0;");
	em_reopen(e, "end else begin");
	em_line(e, "lerr_d = 1'b1;");
	em_close(e, "end");
	em_close(e, "end");
	em_close(e, "end");
	em_line(e, "assign launch_err_o = lerr_q;");
}

/* Bank holds, when a part requested them: the requests and the grant rule every BACKEND shares
 * (the model's rfm_top_hold_grant); with forced holds (cfg->d.bank_force) also hold_force, which
 * the BACKEND honours by refusing the write-backs of a force-held bank. */
static void holds(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned B = c->rf_banks, p;
	int force = c->d.bank_force != 0;
	em_str_t x = {0};
	if (!rg_holds(t))
		return;
	if (force)
		em_section(e, "bank holds: a forced hold always granted, the others unless a write-back inside the "
			      "kernel is offered to the bank");
	else
		em_section(e, "bank holds: granted unless a write-back inside the kernel is offered to the bank");
	rg_logic(t, B, force ? "hold_req, hold_force, hold_wb, hold_gnt" : "hold_req, hold_wb, hold_gnt");
	rg_logic(t, c->d.nq_cnt_w, "nhold");
	em_table(e);
	for (p = 0; p < c->rf_write_ports; p++)
		em_add(&x, " | ", "(wb%u_ok ? %u'(1) << wb%u_bank : '0)", p, B, p);
	em_line(e, "assign hold_req = %s;", t->holds.n ? em_str(&t->holds) : "'0");
	if (force)
		em_line(e, "assign hold_force = %s;", t->forces.n ? em_str(&t->forces) : "'0");
	em_line(e, "assign hold_wb  = %s;", em_str(&x));
	em_line(e, "assign hold_gnt = %s;", force ? "(hold_req & ~hold_wb) | hold_force" : "hold_req & ~hold_wb");
	em_str_free(&x);
}

/* The counters every configuration has (rfm_cnt_names order). */
static void base_counters(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned cb = c->stats_counter_bits, k, p;
	em_str_t x = {0};
	rg_counter(t, "conflict", em_fmt(e, "%u'(nconf)", cb));
	rg_counter(t, "wconflict", em_fmt(e, "%u'(nwconf)", cb));
	for (k = 0; k < c->sm_schedulers; k++)
		em_add(&x, " + ", "%u'({iss%u_valid_i & ~iss%u_ready_o})", cb, k, k);
	rg_counter(t, "stall", em_str(&x));
	rg_counter_sum(t, "read", c->d.nq, "aq%u_gnt");
	em_clear(&x);
	for (p = 0; p < c->rf_write_ports; p++)
		em_add(&x, " + ", "%u'(wb%u_%s)", cb, p, t->written);
	rg_counter(t, "write", em_str(&x));
	rg_counter_sum(t, "dispatch", c->sm_schedulers, "dsp%u_valid_o");
	em_str_free(&x);
}

/* Status: idle, the access-error flag and the parts' flags (sticky for one cycle). */
static void status(rg_top_t *t, const rg_run_t *act)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	rg_flag_t *acc = rg_flag(t, "acc");
	unsigned p, k, s, i;
	for (p = 0; p < c->rf_write_ports; p++)
		rg_flag_term(acc, em_fmt(e, "(wb%u_valid_i & wb%u_err)", p, p));
	for (k = 0; k < c->sm_schedulers; k++)
		for (s = 0; s < c->sm_operands; s++)
			rg_flag_term(acc, em_fmt(e, "(iss%u_valid_i & iss%u_ready_o & iss%u_src%u_valid_i & iss%u_s%u_err)", k,
						 k, k, s, k, s));
	base_counters(t);
	EACH(t, act, status);
	em_section(e, "status");
	for (i = 0; i < t->nflag; i++)
		rg_flop(t, 1, t->flag[i].name);
	em_table(e);
	em_line(e, "assign idle_o = ~|busy;");
	em_line(e, "assign acc_err_o = acc_q;");
	for (i = 0; i < t->nflag; i++) {
		if (i)
			em_line(e, "assign %s_o = %s_q;", t->flag[i].name, t->flag[i].name);
		em_line(e, "assign %s_d = %s;", t->flag[i].name, t->flag[i].expr.n ? em_str(&t->flag[i].expr) : "1'b0");
	}
}

/* Counters: one block for every registered counter. */
static void counters(rg_top_t *t)
{
	em_t *e = t->e;
	unsigned cb = t->c->stats_counter_bits, i;
	char name[40];
	em_section(e, "event counters (wrap around)");
	for (i = 0; i < t->ncnt; i++) {
		snprintf(name, sizeof(name), "cnt_%s", t->cnt[i].name);
		rg_flop(t, cb, name);
	}
	em_table(e);
	for (i = 0; i < t->ncnt; i++) {
		em_line(e, "assign cnt_%s_d = cnt_%s_q + %s;", t->cnt[i].name, t->cnt[i].name, em_str(&t->cnt[i].inc));
		em_line(e, "assign cnt_%s_o = cnt_%s_q;", t->cnt[i].name, t->cnt[i].name);
	}
}

/* State: rf_top's one always_ff, from every registered flop. */
static void state(rg_top_t *t)
{
	em_t *e = t->e;
	unsigned i;
	em_section(e, "state");
	em_open(e, "always_ff @(posedge clk_i or negedge rst_ni) begin");
	em_open(e, "if (!rst_ni) begin");
	for (i = 0; i < t->nflop; i++)
		em_row(e, 3, t->flop[i].q, "<=", em_fmt(e, "%s;", t->flop[i].rst));
	em_table(e);
	em_reopen(e, "end else begin");
	for (i = 0; i < t->nflop; i++)
		em_row(e, 3, t->flop[i].q, "<=", em_fmt(e, "%s;", t->flop[i].d));
	em_table(e);
	em_close(e, "end");
	em_close(e, "end");
}

/* The launch registers every configuration has, and the launch-fit constants. */
static void skeleton_consts(rg_top_t *t, const rg_run_t *act)
{
	em_t *e = t->e;
	unsigned lw = t->lw;
	em_section(e, "launch-fit arithmetic in %u bits", lw);
	em_row(e, 4, "localparam", em_fmt(e, "logic %s", em_rng(e, lw)), "Warps", em_fmt(e, "= %s;  // warp slots",
											  em_lit(e, lw, t->c->sm_warps)));
	em_row(e, 4, "localparam", em_fmt(e, "logic %s", em_rng(e, lw)), "Regs",
	       em_fmt(e, "= %s;  // registers per thread, at most", em_lit(e, lw, t->c->sm_regs_per_thread)));
	EACH(t, act, consts);
	em_table(e);
}

void rg_emit_rf_top(em_t *e, const rfm_cfg_t *c, const rfm_ports_t *pt)
{
	rg_top_t *t = calloc(1, sizeof(*t));
	rg_run_t run = {0}, *act = &run;
	unsigned i, o, n[RG_NSLOT] = {0};
	(void)pt;
	if (!t || !(t->flop = calloc(RG_MAXFLOP, sizeof(*t->flop)))) {
		e->err = 1;
		free(t);
		return;
	}
	t->e = e;
	t->c = c;
	t->written = "ok";
	for (o = 0; o < sizeof(call_order) / sizeof(call_order[0]); o++)
		for (i = 0; i < NPARTS; i++) {
			if (parts[i]->slot != call_order[o] || !parts[i]->active(c))
				continue;
			run.p[run.n++] = parts[i];
			n[parts[i]->slot]++;
			if (parts[i]->slot == RG_STORAGE)
				t->storage = parts[i];
			if (parts[i]->fit_width && parts[i]->fit_width(c) > t->lw)
				t->lw = parts[i]->fit_width(c);
		}
	if (n[RG_LOCATE] != 1 || n[RG_BACKEND] != 1 || n[RG_STORAGE] != 1) { /* the config's slot rule, checked again */
		e->err = 1;
		goto out;
	}
	skeleton_consts(t, act);
	launch(t, act);
	EACH(t, act, side);
	EACH(t, act, locate);
	holds(t);
	EACH(t, act, collect);
	EACH(t, act, backend);
	status(t, act);
	counters(t);
	state(t);
	EACH(t, act, asserts);
	if (t->err)
		e->err = 1;
out:
	em_str_free(&t->fit);
	em_str_free(&t->holds);
	em_str_free(&t->forces);
	for (i = 0; i < t->ncnt; i++)
		em_str_free(&t->cnt[i].inc);
	for (i = 0; i < t->nflag; i++)
		em_str_free(&t->flag[i].expr);
	free(t->flop);
	free(t);
}
