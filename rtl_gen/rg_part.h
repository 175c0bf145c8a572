/* rg_part.h - the generator's part contract for rf_top (the model's slots, docs/architecture.md,
 * "rf_top from parts").
 *
 * rf_top's emitter (emit_top.c) is a skeleton: launch registers, status, counters, state and
 * assertions. Everything else comes from parts, each in its technique folder, called through the
 * table of active parts in a fixed order of sections:
 *
 *   consts  localparams of the launch-fit arithmetic          every part, table order
 *   launch  launch-fit terms and launch fields (rg_fit, rg_field)
 *   side    engines beside the datapath (SRP allocator, release walker, FineReg's unit):
 *           before locate, whose tables they feed; a part that borrows held banks' ports declares
 *           them here (rg_lend)
 *   locate  the access records: per write-back port wb<p>_bank/_row/_err/_ok (+ _xerr with drop),
 *           per issue operand iss<k>_s<s>_bank/_row/_err (+ _xerr); may hold issues and add
 *           collector-tag side-band bits (hold: iss<k>_cvalid/_cready/_ctag, dsp<d>_ctag)
 *   holds   (skeleton, when a part requested bank holds with rg_hold) hold_req, the OR of the
 *           requests; hold_gnt = hold_req & ~(banks offered a write-back inside the kernel): the
 *           BACKEND keeps every read request of a held bank from its arbiter and drives nhold,
 *           the requests so kept (docs/semantics.md, "Bank holds")
 *   collect the operand collectors: issue, pending operands, dispatch (the BACKEND's)
 *   backend arbiter, banks (the lent accesses on port 0 of their banks), crossbar
 *   status  sticky status flags (rg_flag) and counters (rg_counter)
 *   asserts simulation-only checks (rg.h: rg_assert_begin / rg_assert / rg_assert_end)
 *
 * A part declares its state flops through rg_flop / rg_state, its counters through rg_counter,
 * its status flags through rg_flag; the skeleton writes rf_top's single always_ff block and its
 * single counter block from what was collected.
 */
#ifndef RG_PART_H
#define RG_PART_H

#include "rg.h"

/* The slots (rf_top has exactly one LOCATE, one BACKEND and one STORAGE; ADMIT and SIDE: any
 * number). */
typedef enum rg_slot { RG_ADMIT, RG_LOCATE, RG_BACKEND, RG_STORAGE, RG_SIDE, RG_NSLOT } rg_slot_t;

#define RG_MAXFLOP 4096 /* state flops of rf_top */
#define RG_MAXCNT 32    /* counters */
#define RG_MAXFIELD 16  /* launch fields */
#define RG_MAXFLAG 8    /* sticky status flags */

/* A state flop: q <= d at the clock edge, reset to rst. */
typedef struct rg_flop {
	char q[40];   /* current-state signal */
	char d[40];   /* next-state signal */
	char rst[16]; /* reset value */
} rg_flop_t;

/* A counter: cnt_<name>_q + inc at every edge, output cnt_<name>_o. */
typedef struct rg_cnt {
	char name[24]; /* counter name */
	em_str_t inc;  /* its increment (an expression of the counter's width) */
} rg_cnt_t;

/* A launch field: k<name>_q takes value when a launch fits. */
typedef struct rg_field {
	char name[24];  /* register name without _q/_d */
	unsigned width; /* bits */
	char val[40];   /* value loaded at a fitting launch */
} rg_field_t;

/* A sticky status flag: <name>_o is last cycle's OR of its terms. */
typedef struct rg_flag {
	char name[24]; /* flag name (<name>_q, <name>_d, <name>_o) */
	em_str_t expr; /* the OR of its terms */
} rg_flag_t;

/* The skeleton's context, handed to every hook. */
typedef struct rg_top {
	em_t *e;                          /* the emitter */
	const rfm_cfg_t *c;               /* the config */
	unsigned lw;                      /* width of the launch-fit arithmetic */
	int drop;                         /* LOCATE: accesses carry a drop flag <acc>_xerr */
	int hold;                         /* LOCATE: holds issues, side-band bits in the collector tag */
	const char *written;              /* BACKEND: suffix of a performed write-back, wb<p>_<written> */
	const struct rg_part *storage;    /* the STORAGE part: the banks' module (rg_bank_open) */
	em_str_t holds;                   /* per-bank hold requests (banks bits each), joined with | */
	em_str_t forces;                  /* per-bank forced hold requests (cfg->d.bank_force), joined with | */
	em_str_t fit;                     /* launch-fit terms, joined with & */
	rg_field_t field[RG_MAXFIELD];    /* launch fields */
	unsigned nfield;                  /* their number */
	rg_flop_t *flop;                  /* state flops (RG_MAXFLOP) */
	unsigned nflop;                   /* their number */
	rg_cnt_t cnt[RG_MAXCNT];          /* counters, in port order */
	unsigned ncnt;                    /* their number */
	rg_flag_t flag[RG_MAXFLAG];       /* sticky status flags */
	unsigned nflag;                   /* their number */
	int lend;                         /* a SIDE part borrows held banks' ports (rg_lend) */
	int err;                          /* a table overflowed */
} rg_top_t;

/* A part: its slot and its hooks, each optional, called in the section order above. */
typedef struct rg_part {
	const char *name;                          /* provider name */
	rg_slot_t slot;                            /* its slot */
	int (*active)(const rfm_cfg_t *c);         /* provided in this config */
	unsigned (*fit_width)(const rfm_cfg_t *c); /* bits its launch-fit arithmetic needs */
	void (*consts)(rg_top_t *t);               /* localparams */
	void (*launch)(rg_top_t *t);               /* launch-fit terms and fields */
	void (*side)(rg_top_t *t);                 /* engines beside the datapath */
	void (*locate)(rg_top_t *t);               /* access records */
	void (*collect)(rg_top_t *t);              /* operand collectors */
	void (*backend)(rg_top_t *t);              /* arbiter, banks, crossbar */
	const char *bank;                          /* STORAGE: the module of one bank (rf_bank's ports, and more) */
	void (*bank_conns)(rg_top_t *t);           /* STORAGE: its ports beyond rf_bank's (in g_bank, bank b) */
	void (*status)(rg_top_t *t);               /* status flags and counters */
	void (*asserts)(rg_top_t *t);              /* simulation-only checks */
} rg_part_t;

/* Every part of every technique folder (rtl_gen/<technique>/rg_parts.def, collected by the build
 * into rg_parts_all.def: base first, then the other folders in name order). */
#define X(part) extern const rg_part_t part;
#include "rg_parts_all.def"
#undef X

/* A BACKEND's bank instance u_bank (inside its g_bank loop): rg_bank_open opens it with the
 * STORAGE part's module; the BACKEND connects rf_bank's ports; rg_bank_close adds the STORAGE
 * part's own ports and closes it. */
void rg_bank_open(rg_top_t *t);
void rg_bank_close(rg_top_t *t);

/* Declare `logic [w-1:0] names;` as a row of the section's aligned declaration table (em_table
 * prints it); names is a printf format. */
void rg_logic(rg_top_t *t, unsigned w, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Register a state flop q <= d (reset rst) for rf_top's always_ff (declared by the caller). */
void rg_state(rg_top_t *t, const char *q, const char *d, const char *rst);
/* Declare <name>_q, <name>_d of w bits (a declaration row) and register the flop, reset to 0. */
void rg_flop(rg_top_t *t, unsigned w, const char *name);
/* Register counter cnt_<name> (port cnt_<name>_o) incremented by inc each cycle. */
void rg_counter(rg_top_t *t, const char *name, const char *inc);
/* Counter cnt_<name> incremented by the sum of n terms fmt(i) (one %u), each cast to the counter width. */
void rg_counter_sum(rg_top_t *t, const char *name, unsigned n, const char *fmt);
/* Add a launch-fit term. */
void rg_fit(rg_top_t *t, const char *term);
/* Register launch field <name> (w bits), loaded with val when a launch fits. */
void rg_field(rg_top_t *t, const char *name, unsigned w, const char *val);
/* Register the sticky status flag <name>_o; rg_flag_term adds an OR term. */
rg_flag_t *rg_flag(rg_top_t *t, const char *name);
/* Add a term to a status flag. */
void rg_flag_term(rg_flag_t *f, const char *term);

/* Request bank holds: expr (rf_banks bits, bit b = bank b) joins hold_req (call from a side hook). */
void rg_hold(rg_top_t *t, const char *expr);
/* Request forced bank holds (only with cfg->d.bank_force): expr joins hold_force; a forced hold is
 * granted even against a write-back, which the BACKEND then refuses (call from a side hook). */
void rg_hold_force(rg_top_t *t, const char *expr);
/* Some part requested bank holds: hold_gnt and nhold exist, and the BACKEND must honour them (with
 * cfg->d.bank_force also hold_force: a write-back to a force-held bank is refused, wb<p>_ready_o). */
static inline int rg_holds(const rg_top_t *t) { return t->holds.n != 0 || t->forces.n != 0; }

/* A SIDE part borrows the ports of the banks it holds and is granted (call from its side hook;
 * docs/semantics.md, "Bank holds"): it drives lend_rd (bit b: read bank b at the edge, at row
 * lend_rrow), lend_wr (bit b: write bank b, every lane, at row lend_wrow[b*entry_w +: entry_w],
 * the value lend_wdata), declared here; the BACKEND puts them on read port 0 and write port 0 of
 * each bank, which a granted hold leaves free; the read's row comes back on b_r0_data a cycle
 * later. */
void rg_lend(rg_top_t *t);

/* The base mapping's access records (one rf_map per access with the running kernel's warps and
 * registers): wb<p>_bank/_row/_err/_ok, iss<k>_s<s>_bank/_row/_err; keep, when not NULL, is a
 * format of p ANDed into wb<p>_ok (a LOCATE that drops write-backs of its own). */
void rg_map_records(rg_top_t *t, const char *keep);

/* The collector side of issue port k and dispatch port d (the LOCATE's hold, if any). */
const char *rg_iss_valid(rg_top_t *t, unsigned k); /* iss<k>_valid_i, or held: iss<k>_cvalid */
const char *rg_iss_ready(rg_top_t *t, unsigned k); /* iss<k>_ready_o, or held: iss<k>_cready */
const char *rg_iss_tag(rg_top_t *t, unsigned k);   /* iss<k>_tag_i, or with side-band: iss<k>_ctag */
const char *rg_dsp_tag(rg_top_t *t, unsigned d);   /* dsp<d>_tag_o, or with side-band: dsp<d>_ctag */
/* Source s of issue k is read: valid, inside the kernel, not dropped. */
const char *rg_src_read(rg_top_t *t, unsigned k, unsigned s);

/* Assertion terms over the banks of a vector (banks bits, bit b = bank b), written into x:
 * rg_none_granted: no read request of those banks is granted (both back ends name the grants
 * aq<q>_gnt); rg_none_written: for no write-back port p is wb true while its bank is in the
 * vector (wb: a format of p whose every use is the positional %1$u, e.g. "wb%1$u_ok & wb%1$u_ready_o"). */
const char *rg_none_granted(rg_top_t *t, em_str_t *x, const char *banks);
const char *rg_none_written(rg_top_t *t, em_str_t *x, const char *wb, const char *banks);

#endif /* RG_PART_H */
