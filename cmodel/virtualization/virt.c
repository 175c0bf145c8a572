/* virt.c - models of register file virtualization's blocks (Jeon and Annavaram, "GPGPU Register
 * File Management by Hardware Co-operated Register Reallocation"; docs/virtualization.md):
 *
 *   rf_free_bitmap    the physical-register availability flag: allocation ports (lowest free id,
 *                     or spread one sub-array group further each time), release ports, the launch
 *                     reservation of the exempt registers, per-domain occupancy for power gating
 *   rf_rename_table   (warp, register) -> physical register, a valid bit per entry; lookups of
 *                     issued instructions arbitrated per table bank; write-back lookup and
 *                     allocation record; invalidation (release) ports
 *   rf_flag_decode    pir and pbr flag instructions: opcode split 4 + 6, 18 x 3-bit release flags
 *                     or 9 x 6-bit register ids
 *   rf_release_cache  the release flag cache: pir flag words shared by warps, a current entry per
 *                     warp, hit / fill / replacement of an entry no warp points at
 */
#include <stdlib.h>

#include "rfm_fault_ids.h"
#include "rfm_models.h"
#include "rfm_virt.h"

/* ---- shared helpers --------------------------------------------------------------------------- */

/* Bit p of a bit set of words. */
static int bget(const uint64_t *v, unsigned p) { return (int)((v[p >> 6] >> (p & 63u)) & 1u); }
static void bset(uint64_t *v, unsigned p) { v[p >> 6] |= 1ull << (p & 63u); }
static void bclr(uint64_t *v, unsigned p) { v[p >> 6] &= ~(1ull << (p & 63u)); }

unsigned rfm_vt_stride(const rfm_cfg_t *c) { return c->rf_banks * c->d.sa_rows; }

unsigned rfm_vt_domain(const rfm_cfg_t *c, unsigned pid)
{
	unsigned bank = pid % c->rf_banks, row = pid / c->rf_banks;
	return (row / c->d.sa_rows) * c->rf_banks + bank;
}

/* ---- rf_free_bitmap ---------------------------------------------------------------------------- */

int rfm_fb_init(const rfm_cfg_t *c, rfm_fb_state_t *s)
{
	memset(s, 0, sizeof(*s));
	s->occ = calloc((c->d.warp_regs + 63) / 64, sizeof(uint64_t));
	s->dcount = calloc(c->d.domains ? c->d.domains : 1, sizeof(unsigned));
	return s->occ && s->dcount ? 0 : -1;
}

void rfm_fb_fini(rfm_fb_state_t *s)
{
	free(s->occ);
	free(s->dcount);
	s->occ = NULL;
	s->dcount = NULL;
}

static void fb_occupy(const rfm_cfg_t *c, rfm_fb_state_t *s, unsigned p)
{
	if (bget(s->occ, p))
		return;
	bset(s->occ, p);
	s->nocc++;
	s->dcount[rfm_vt_domain(c, p)]++;
}

static void fb_free(const rfm_cfg_t *c, rfm_fb_state_t *s, unsigned p)
{
	if (!bget(s->occ, p))
		return;
	bclr(s->occ, p);
	s->nocc--;
	s->dcount[rfm_vt_domain(c, p)]--;
}

void rfm_fb_launch(const rfm_cfg_t *c, rfm_fb_state_t *s, unsigned resv)
{
	unsigned p, P = c->d.warp_regs;
	memset(s->occ, 0, (P + 63) / 64 * sizeof(uint64_t));
	memset(s->dcount, 0, c->d.domains * sizeof(unsigned));
	s->nocc = 0;
	for (p = 0; p < resv && p < P; p++)
		fb_occupy(c, s, p);
	s->last = P - rfm_vt_stride(c) % P; /* the first spread search starts at 0 */
}

/* First id p >= from (circularly when wrap) that is free in occ and not taken (ids granted to
 * earlier ports, at most RFM_MAXW); P if none. */
static unsigned find_free(const uint64_t *occ, const unsigned *taken, unsigned ntaken, unsigned P, unsigned from,
			  int wrap)
{
	unsigned i, j, p;
	for (i = 0; i < P; i++) {
		int t = 0;
		p = from + i;
		if (p >= P) {
			if (!wrap)
				return P;
			p -= P;
		}
		if (!(~occ[p >> 6] >> (p & 63u) & 1u)) { /* skip whole occupied words quickly */
			if (occ[p >> 6] == ~0ull && (p & 63u) == 0 && i + 64 <= P)
				i += 63;
			continue;
		}
		for (j = 0; j < ntaken; j++)
			t |= taken[j] == p;
		if (!t)
			return p;
	}
	return P;
}

void rfm_fb_comb(const rfm_cfg_t *c, const rfm_fb_state_t *q, const rfm_fb_in_t *in, rfm_fb_out_t *out,
		 unsigned mutate)
{
	unsigned a, r, j, P = c->d.warp_regs, stride = rfm_vt_stride(c) % P, prev = q->last, taken[RFM_MAXW], nt = 0;
	int spread = c->virtualization_policy == RFM_VP_SPREAD;
	memset(out, 0, sizeof(*out));
	out->last = q->last;
	if (in->launch)
		return;
	/* allocation ports in order: each takes the policy's choice among the ids free at the start
	 * of the cycle and not granted to an earlier port */
	for (a = 0; a < c->rf_write_ports; a++) {
		unsigned p, from = (prev + stride) % P;
		if (!in->req[a])
			continue;
		if (spread)
			p = find_free(q->occ, taken, nt, P, from, 1);
		else
			p = find_free(q->occ, taken, nt, P, 0, 0);
		if (mutate == RFM_FAULT_VT_ALLOC_SKIPS_ID && p < P && p + 1 < P && !bget(q->occ, p + 1))
			p++;
		if (p >= P)
			continue; /* none free (the launch rule prevents it inside rf_top) */
		out->gnt[a] = 1;
		out->pid[a] = p;
		taken[nt++] = p;
		prev = p;
		out->last = p;
	}
	/* releases: free at the edge, allocatable from the next cycle */
	for (r = 0; r < RFM_FB_MAXREL; r++) {
		int dup = 0;
		if (!in->rel[r] || in->rpid[r] >= P || !bget(q->occ, in->rpid[r]))
			continue;
		for (j = 0; j < r; j++)
			dup |= out->freev[j] && in->rpid[j] == in->rpid[r];
		if (dup)
			continue;
		out->freev[r] = 1;
		out->nfree++;
	}
}

void rfm_fb_clock(const rfm_cfg_t *c, rfm_fb_state_t *s, const rfm_fb_in_t *in, const rfm_fb_out_t *out)
{
	unsigned a, r;
	if (in->launch) {
		rfm_fb_launch(c, s, in->resv);
		return;
	}
	for (r = 0; r < RFM_FB_MAXREL; r++)
		if (out->freev[r])
			fb_free(c, s, in->rpid[r]);
	for (a = 0; a < c->rf_write_ports; a++)
		if (out->gnt[a])
			fb_occupy(c, s, out->pid[a]);
	s->last = out->last;
}

typedef struct fb_ix {
	unsigned clk, rst, launch, resv, req[RFM_MAXW], gnt[RFM_MAXW], pid[RFM_MAXW], rel[RFM_FB_MAXREL], rpid[RFM_FB_MAXREL];
	unsigned occ, dom, nfree;
} fb_ix_t;

enum {
	FC_ALLOC, FC_TWO_ALLOC, FC_LAST_FREE, FC_TWO_FREE, FC_NONE_FREE, FC_REL_AND_ALLOC, FC_WRAP, FC_REUSE, FC_RESERVE,
	FC_N
};
static const char *const fc_names[FC_N] = {"allocation", "two_allocations_one_cycle", "allocation_with_one_free",
					   "allocation_with_two_free", "request_with_none_free_refused",
					   "release_and_allocation_one_cycle",
					   "spread_search_wraps", "released_id_allocated_next_cycle", "launch_reserves"};

typedef struct rfm_fb {
	rfm_model_t m;
	fb_ix_t ix;
	unsigned nrel;
	rfm_fb_state_t q;
	rfm_fb_in_t in;
	rfm_fb_out_t out;
	uint64_t *freed_q;               /* ids released at the last edge (coverage) */
	unsigned sresv;                  /* stimulus: reservation of the last launch */
} rfm_fb_t;

/* Release ports of rf_free_bitmap: one per dispatched operand, plus the release walker. */
unsigned rfm_fb_nrel(const rfm_cfg_t *c) { return c->sm_schedulers * c->sm_operands + 1; }

static int fb_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	fb_ix_t *ix = ixv;
	unsigned a, r, pw = c->d.pack_w;
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (all free)", "rst_ni");
	rfm_ports_group(pt, "kernel launch");
	ix->launch = rfm_ports_add(pt, RFM_IN, 1, "a kernel starts: all free but the reserved ids", "launch_i");
	ix->resv = rfm_ports_add(pt, RFM_IN, pw + 1, "ids 0 .. resv-1 reserved for exempt registers", "launch_resv_i");
	for (a = 0; a < c->rf_write_ports; a++) {
		rfm_ports_group(pt, "allocation port %u (write-back %u)", a, a);
		ix->req[a] = rfm_ports_add(pt, RFM_IN, 1, "a free physical register is wanted", "a%u_req_i", a);
		ix->gnt[a] = rfm_ports_add(pt, RFM_OUT, 1, "one was found (it is occupied from the next cycle)", "a%u_gnt_o", a);
		ix->pid[a] = rfm_ports_add(pt, RFM_OUT, pw, "its id", "a%u_pid_o", a);
	}
	for (r = 0; r < rfm_fb_nrel(c); r++) {
		rfm_ports_group(pt, "release port %u", r);
		ix->rel[r] = rfm_ports_add(pt, RFM_IN, 1, "free a physical register at the edge", "r%u_valid_i", r);
		ix->rpid[r] = rfm_ports_add(pt, RFM_IN, pw, "its id", "r%u_pid_i", r);
	}
	rfm_ports_group(pt, "state (registered)");
	ix->occ = rfm_ports_add(pt, RFM_OUT, c->d.warp_regs, "availability flag: bit p set = occupied", "occ_o");
	ix->dom = rfm_ports_add(pt, RFM_OUT, c->d.domains, "power-gating domain d holds an occupied id", "dom_o");
	ix->nfree = rfm_ports_add(pt, RFM_OUT, rfm_cntw(rfm_fb_nrel(c)), "ids released this cycle", "nfree_o");
	return 0;
}

static void fb_reset(rfm_model_t *m)
{
	rfm_fb_t *x = (rfm_fb_t *)m;
	rfm_fb_launch(m->cfg, &x->q, 0);
	memset(x->freed_q, 0, (m->cfg->d.warp_regs + 63) / 64 * sizeof(uint64_t));
}

static void fb_eval(rfm_model_t *m)
{
	rfm_fb_t *x = (rfm_fb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned a, r;
	uint32_t *o;
	memset(&x->in, 0, sizeof(x->in));
	x->in.launch = (uint8_t)rfm_get(m, x->ix.launch);
	x->in.resv = (unsigned)rfm_get(m, x->ix.resv);
	for (a = 0; a < c->rf_write_ports; a++)
		x->in.req[a] = (uint8_t)rfm_get(m, x->ix.req[a]);
	for (r = 0; r < x->nrel; r++) {
		x->in.rel[r] = (uint8_t)rfm_get(m, x->ix.rel[r]);
		x->in.rpid[r] = (unsigned)rfm_get(m, x->ix.rpid[r]);
	}
	rfm_fb_comb(c, &x->q, &x->in, &x->out, m->mutate);
	for (a = 0; a < c->rf_write_ports; a++) {
		rfm_set(m, x->ix.gnt[a], x->out.gnt[a]);
		rfm_set(m, x->ix.pid[a], x->out.pid[a]);
	}
	o = rfm_wide(m, x->ix.occ);
	memcpy(o, x->q.occ, m->slot[x->ix.occ].words * 4u);
	rfm_trim(o, c->d.warp_regs);
	o = rfm_wide(m, x->ix.dom);
	memset(o, 0, m->slot[x->ix.dom].words * 4u);
	for (r = 0; r < c->d.domains; r++)
		if (x->q.dcount[r])
			rfm_bits_set(o, r, 1, 1);
	rfm_set(m, x->ix.nfree, x->out.nfree);
}

static void fb_tick(rfm_model_t *m)
{
	rfm_fb_t *x = (rfm_fb_t *)m;
	unsigned r;
	memset(x->freed_q, 0, (m->cfg->d.warp_regs + 63) / 64 * sizeof(uint64_t));
	for (r = 0; r < x->nrel; r++)
		if (x->out.freev[r] && !x->in.launch)
			bset(x->freed_q, x->in.rpid[r]);
	rfm_fb_clock(m->cfg, &x->q, &x->in, &x->out);
}

static void fb_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_fb_t *x = (rfm_fb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned a, k, P = c->d.warp_regs, phase = (unsigned)(cycle / (P * 4 > 512 ? P * 4 : 512)) % 2;
	rfm_clear_inputs(m);
	if (cycle < 2)
		return;
	if (cycle == 2 || rfm_rng_chance(r, 1, 4096)) {
		x->sresv = rfm_rng_chance(r, 1, 2) ? 0 : (unsigned)rfm_rng_below(r, P / 2 + 1);
		rfm_set(m, x->ix.launch, 1);
		rfm_set(m, x->ix.resv, x->sresv);
		if (!rfm_rng_chance(r, 1, 4))
			return; /* now and then requests too: a launch cycle ignores them */
	}
	/* phase 0 fills the file (more allocations), phase 1 drains it */
	for (a = 0; a < c->rf_write_ports; a++)
		rfm_set(m, x->ix.req[a], rfm_rng_chance(r, phase ? 1 : 3, 4));
	for (k = 0; k < x->nrel; k++) {
		unsigned p, tries;
		if (!rfm_rng_chance(r, 1, phase ? 3 : 64))
			continue;
		for (tries = 0, p = (unsigned)rfm_rng_below(r, P); tries < 8 && !bget(x->q.occ, p); tries++)
			p = (unsigned)rfm_rng_below(r, P);
		if (p < x->sresv && !rfm_rng_chance(r, 1, 16))
			continue; /* reserved ids are not released (now and then anyway: it must not matter) */
		rfm_set(m, x->ix.rel[k], 1);
		rfm_set(m, x->ix.rpid[k], p);
	}
}

static int fb_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_fb_t *x = (rfm_fb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned a, nalloc = 0, P = c->d.warp_regs, nfree = P - x->q.nocc;
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst))
		return 0;
	if (x->in.launch) {
		rfm_cov_hit(m, FC_RESERVE);
		return 0;
	}
	for (a = 0; a < c->rf_write_ports; a++) {
		if (!x->out.gnt[a])
			continue;
		if (bget(x->q.occ, x->out.pid[a]) || (a > 0 && x->out.gnt[0] && x->out.pid[0] == x->out.pid[a])) {
			fprintf(err, "cycle %llu: rf_free_bitmap invariant 5: port %u allocated id %u, which is not free\n",
				(unsigned long long)cycle, a, x->out.pid[a]);
			return 1;
		}
		nalloc++;
		rfm_cov_hit(m, FC_ALLOC);
		if (nfree == 1)
			rfm_cov_hit(m, FC_LAST_FREE);
		if (nfree == 2)
			rfm_cov_hit(m, FC_TWO_FREE);
		if (bget(x->freed_q, x->out.pid[a]))
			rfm_cov_hit(m, FC_REUSE);
		if (c->virtualization_policy == RFM_VP_SPREAD && x->out.pid[a] < (x->q.last + rfm_vt_stride(c)) % P)
			rfm_cov_hit(m, FC_WRAP);
	}
	if (nalloc >= 2)
		rfm_cov_hit(m, FC_TWO_ALLOC);
	if (nalloc && x->out.nfree)
		rfm_cov_hit(m, FC_REL_AND_ALLOC);
	/* a request is refused only when nothing is free */
	for (a = 0; a < c->rf_write_ports; a++) {
		if (x->in.req[a] && !x->out.gnt[a] && nfree == 0)
			rfm_cov_hit(m, FC_NONE_FREE);
		if (x->in.req[a] && !x->out.gnt[a] && nfree > a) {
			fprintf(err, "cycle %llu: rf_free_bitmap: port %u refused with %u ids free\n", (unsigned long long)cycle,
				a, nfree);
			return 1;
		}
	}
	return 0;
}

/* Free what the block allocated beyond the model head (rfm_block destroy hook). */
static void fb_release(rfm_model_t *m)
{
	rfm_fb_t *x = (rfm_fb_t *)m;
	rfm_fb_fini(&x->q);
	free(x->freed_q);
}

/* What rfm_rf_free_bitmap_create does after rfm_model_init: 0 on success. */
static int free_bitmap_setup(rfm_model_t *m)
{
	rfm_fb_t *x = (rfm_fb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	x->nrel = rfm_fb_nrel(c);
	x->freed_q = calloc((c->d.warp_regs + 63) / 64, sizeof(uint64_t));
	if (rfm_fb_init(c, &x->q) || !x->freed_q)
		return -1;
	fb_reset(&x->m);
	if (c->rf_write_ports < 2)
		rfm_cov_na(&x->m, FC_TWO_ALLOC);
	if (c->virtualization_policy != RFM_VP_SPREAD || rfm_vt_stride(c) >= c->d.warp_regs)
		rfm_cov_na(&x->m, FC_WRAP);
	return 0;
}

RFM_BLOCK(rf_free_bitmap, rfm_fb_t, fb_ix_t, fb_ports, fc_names, FC_N,
	  fb_reset, fb_eval, fb_tick, fb_stim, fb_check,
	  fb_release, free_bitmap_setup)

/* ---- rf_rename_table --------------------------------------------------------------------------- */

unsigned rfm_rt_nlook(const rfm_cfg_t *c) { return c->sm_schedulers * c->sm_operands; }
unsigned rfm_rt_ninv(const rfm_cfg_t *c) { return c->sm_schedulers * c->sm_operands + 1; }

int rfm_rt_init(const rfm_cfg_t *c, rfm_rt_state_t *s)
{
	memset(s, 0, sizeof(*s));
	s->valid = calloc((c->d.rt_depth + 63) / 64 + 1, sizeof(uint64_t));
	s->pid = calloc(c->d.rt_depth + 1, sizeof(uint32_t));
	return s->valid && s->pid ? 0 : -1;
}

void rfm_rt_fini(rfm_rt_state_t *s)
{
	free(s->valid);
	free(s->pid);
	s->valid = NULL;
	s->pid = NULL;
}

void rfm_rt_clear(const rfm_cfg_t *c, rfm_rt_state_t *s)
{
	memset(s->valid, 0, ((c->d.rt_depth + 63) / 64 + 1) * sizeof(uint64_t));
	memset(s->pid, 0, (c->d.rt_depth + 1) * sizeof(uint32_t));
	s->rr = 0;
}

/* Invalidation i takes effect: requested, inside the table, and no write-back of this cycle writes
 * the same entry. */
static int rt_inv_effective(const rfm_cfg_t *c, const rfm_rt_in_t *in, unsigned i)
{
	unsigned w;
	if (!in->iv[i] || in->iidx[i] >= c->d.rt_depth)
		return 0;
	for (w = 0; w < c->rf_write_ports; w++)
		if (in->wv[w] && in->widx[w] == in->iidx[i])
			return 0;
	return 1;
}

void rfm_rt_comb(const rfm_cfg_t *c, const rfm_rt_state_t *q, const rfm_rt_in_t *in, rfm_rt_out_t *out, unsigned mutate)
{
	unsigned k, s, S = c->sm_operands, K = c->sm_schedulers, nb = c->virtualization_rt_banks, i, w, D = c->d.rt_depth;
	uint32_t used = 0;
	memset(out, 0, sizeof(*out));
	if (in->launch)
		return;
	/* lookups: an instruction (group g) is served when no group before it in this cycle's order
	 * (port rr first, then rr + 1, ...) was served with one of its table banks */
	for (i = 0; i < K; i++) {
		unsigned g = (q->rr + i) % K;
		uint32_t need = 0;
		if (!in->gvalid[g])
			continue;
		for (s = 0; s < S; s++)
			if (in->lv[g * S + s] && in->lidx[g * S + s] < D)
				need |= 1u << (in->lidx[g * S + s] % nb);
		if ((need & used) && mutate != RFM_FAULT_VT_NO_TABLE_CONFLICTS) {
			out->conflict[g] = 1;
			continue;
		}
		used |= need;
		out->served[g] = 1;
	}
	/* lookups read the table at the start of the cycle, except that a mapping recorded in this
	 * cycle (a write-back allocating the register) is seen at once: port 0's if both record one;
	 * only a served instruction's lookups read (the banks' lookup ports are the holder's) */
	for (k = 0; k < K * S; k++)
		if (out->served[k / S] && in->lv[k] && in->lidx[k] < D) {
			int bypass = 0;
			for (w = c->rf_write_ports; w-- > 0;)
				if (in->wnew[w] && in->widx[w] == in->lidx[k] && mutate != RFM_FAULT_VT_LOOKUP_MISSES_NEW_MAPPING) {
					out->lhit[k] = 1;
					out->lpid[k] = in->wnewpid[w];
					bypass = 1;
				}
			if (bypass)
				continue;
			out->lhit[k] = (uint8_t)bget(q->valid, in->lidx[k]);
			out->lpid[k] = out->lhit[k] ? q->pid[in->lidx[k]] : 0;
		}
	/* invalidations report the mapping at the start of the cycle; a write-back to the same entry in
	 * the same cycle cancels one (the redefinition keeps its physical register) */
	for (i = 0; i < rfm_rt_ninv(c); i++)
		if (rt_inv_effective(c, in, i)) {
			out->ihit[i] = (uint8_t)bget(q->valid, in->iidx[i]);
			out->ipid[i] = out->ihit[i] ? q->pid[in->iidx[i]] : 0;
		}
	for (w = 0; w < c->rf_write_ports; w++)
		if (in->wv[w] && in->widx[w] < D) {
			out->whit[w] = (uint8_t)bget(q->valid, in->widx[w]);
			out->wpid[w] = out->whit[w] ? q->pid[in->widx[w]] : 0;
		}
}

void rfm_rt_clock(const rfm_cfg_t *c, rfm_rt_state_t *s, const rfm_rt_in_t *in, unsigned mutate)
{
	unsigned i, w, D = c->d.rt_depth, K = c->sm_schedulers;
	if (in->launch) { /* a kernel starts: every entry unmapped */
		rfm_rt_clear(c, s);
		return;
	}
	for (i = 0; i < rfm_rt_ninv(c); i++) /* invalidations first, then new mappings */
		if (rt_inv_effective(c, in, i) && mutate != RFM_FAULT_VT_RELEASE_KEEPS_MAPPING)
			bclr(s->valid, in->iidx[i]);
	for (w = 0; w < c->rf_write_ports; w++)
		if (in->wnew[w] && in->widx[w] < D) {
			bset(s->valid, in->widx[w]);
			s->pid[in->widx[w]] = in->wnewpid[w];
		}
	s->rr = K > 1 ? (s->rr + 1) % K : 0;
}

typedef struct rt_ix {
	unsigned clk, rst, launch, kren;
	unsigned gv[RFM_MAXS], gserved[RFM_MAXS], gconf[RFM_MAXS];
	unsigned lv[RFM_MAXS * RFM_MAXOP], lw[RFM_MAXS * RFM_MAXOP], lr[RFM_MAXS * RFM_MAXOP];
	unsigned lhit[RFM_MAXS * RFM_MAXOP], lpid[RFM_MAXS * RFM_MAXOP];
	unsigned wv[RFM_MAXW], ww[RFM_MAXW], wr[RFM_MAXW], whit[RFM_MAXW], wpid[RFM_MAXW], wnew[RFM_MAXW], wnewpid[RFM_MAXW];
	unsigned iv[RFM_RT_MAXINV], iw[RFM_RT_MAXINV], ir[RFM_RT_MAXINV], ihit[RFM_RT_MAXINV], ipid[RFM_RT_MAXINV];
	unsigned valid;
} rt_ix_t;

enum { TC_CONFLICT, TC_HIT, TC_MISS, TC_ALLOC, TC_WRITE_HIT, TC_INV, TC_INV_AND_WRITE, TC_TWO_SERVED, TC_N };
static const char *const tc_names[TC_N] = {"table_bank_conflict", "lookup_mapped", "lookup_unmapped",
					   "mapping_recorded", "write_back_hits_mapping", "invalidation",
					   "write_back_cancels_invalidation", "two_instructions_served"};

typedef struct rfm_rt {
	rfm_model_t m;
	rt_ix_t ix;
	rfm_rt_state_t q;
	rfm_rt_in_t in;
	rfm_rt_out_t out;
	unsigned sren, swarps;
} rfm_rt_t;

/* Table index of (warp, reg) for a kernel of kren renamed registers per thread. */
unsigned rfm_rt_index(unsigned kren, unsigned warp, unsigned reg) { return warp * kren + reg; }

static int rt_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	rt_ix_t *ix = ixv;
	unsigned k, s, w, i, S = c->sm_operands, pw = c->d.pack_w;
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (every entry unmapped)", "rst_ni");
	rfm_ports_group(pt, "running kernel");
	ix->launch = rfm_ports_add(pt, RFM_IN, 1, "a kernel starts: every entry unmapped", "launch_i");
	ix->kren = rfm_ports_add(pt, RFM_IN, c->d.nregs_w, "renamed registers per thread (index = warp x kren + reg)",
				 "kren_i");
	for (k = 0; k < c->sm_schedulers; k++) {
		rfm_ports_group(pt, "lookups of issue port %u", k);
		ix->gv[k] = rfm_ports_add(pt, RFM_IN, 1, "an instruction is offered", "g%u_valid_i", k);
		ix->gserved[k] = rfm_ports_add(pt, RFM_OUT, 1, "its lookups are served this cycle", "g%u_served_o", k);
		ix->gconf[k] = rfm_ports_add(pt, RFM_OUT, 1, "a table bank it needs went to another instruction",
					     "g%u_conflict_o", k);
		for (s = 0; s < S; s++) {
			unsigned l = k * S + s;
			ix->lv[l] = rfm_ports_add(pt, RFM_IN, 1, "source to look up", "l%u_valid_i", l);
			ix->lw[l] = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "warp slot", "l%u_warp_i", l);
			ix->lr[l] = rfm_ports_add(pt, RFM_IN, c->d.reg_w, "register", "l%u_reg_i", l);
			ix->lhit[l] = rfm_ports_add(pt, RFM_OUT, 1, "mapped", "l%u_hit_o", l);
			ix->lpid[l] = rfm_ports_add(pt, RFM_OUT, pw, "its physical register", "l%u_pid_o", l);
		}
	}
	for (w = 0; w < c->rf_write_ports; w++) {
		rfm_ports_group(pt, "write-back port %u", w);
		ix->wv[w] = rfm_ports_add(pt, RFM_IN, 1, "a renamed register is written", "w%u_valid_i", w);
		ix->ww[w] = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "warp slot", "w%u_warp_i", w);
		ix->wr[w] = rfm_ports_add(pt, RFM_IN, c->d.reg_w, "register", "w%u_reg_i", w);
		ix->whit[w] = rfm_ports_add(pt, RFM_OUT, 1, "mapped", "w%u_hit_o", w);
		ix->wpid[w] = rfm_ports_add(pt, RFM_OUT, pw, "its physical register", "w%u_pid_o", w);
		ix->wnew[w] = rfm_ports_add(pt, RFM_IN, 1, "record a new mapping at the edge", "w%u_new_i", w);
		ix->wnewpid[w] = rfm_ports_add(pt, RFM_IN, pw, "its physical register", "w%u_newpid_i", w);
	}
	for (i = 0; i < rfm_rt_ninv(c); i++) {
		if (i + 1 < rfm_rt_ninv(c))
			rfm_ports_group(pt, "invalidation port %u (dispatch %u, operand %u)", i, i / S, i % S);
		else
			rfm_ports_group(pt, "invalidation port %u (release walker)", i);
		ix->iv[i] = rfm_ports_add(pt, RFM_IN, 1, "remove the mapping at the edge", "i%u_valid_i", i);
		ix->iw[i] = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "warp slot", "i%u_warp_i", i);
		ix->ir[i] = rfm_ports_add(pt, RFM_IN, c->d.reg_w, "register", "i%u_reg_i", i);
		ix->ihit[i] = rfm_ports_add(pt, RFM_OUT, 1, "it was mapped (0: not, or a write-back keeps it)", "i%u_hit_o", i);
		ix->ipid[i] = rfm_ports_add(pt, RFM_OUT, pw, "to this physical register", "i%u_pid_o", i);
	}
	rfm_ports_group(pt, "valid bits (registered)");
	ix->valid = rfm_ports_add(pt, RFM_OUT, c->d.rt_depth, "valid bit of entry e", "valid_o");
	return 0;
}

static void rt_reset(rfm_model_t *m)
{
	rfm_rt_t *x = (rfm_rt_t *)m;
	rfm_rt_clear(m->cfg, &x->q);
}

static void rt_eval(rfm_model_t *m)
{
	rfm_rt_t *x = (rfm_rt_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned k, i, w, S = c->sm_operands, kren = (unsigned)rfm_get(m, x->ix.kren);
	uint32_t *o;
	memset(&x->in, 0, sizeof(x->in));
	x->in.launch = (uint8_t)rfm_get(m, x->ix.launch);
	for (k = 0; k < c->sm_schedulers; k++)
		x->in.gvalid[k] = (uint8_t)rfm_get(m, x->ix.gv[k]);
	for (i = 0; i < rfm_rt_nlook(c); i++) {
		x->in.lv[i] = (uint8_t)rfm_get(m, x->ix.lv[i]);
		x->in.lidx[i] = rfm_rt_index(kren, (unsigned)rfm_get(m, x->ix.lw[i]), (unsigned)rfm_get(m, x->ix.lr[i]));
	}
	for (w = 0; w < c->rf_write_ports; w++) {
		x->in.wv[w] = (uint8_t)rfm_get(m, x->ix.wv[w]);
		x->in.widx[w] = rfm_rt_index(kren, (unsigned)rfm_get(m, x->ix.ww[w]), (unsigned)rfm_get(m, x->ix.wr[w]));
		x->in.wnew[w] = (uint8_t)rfm_get(m, x->ix.wnew[w]);
		x->in.wnewpid[w] = (unsigned)rfm_get(m, x->ix.wnewpid[w]);
	}
	for (i = 0; i < rfm_rt_ninv(c); i++) {
		x->in.iv[i] = (uint8_t)rfm_get(m, x->ix.iv[i]);
		x->in.iidx[i] = rfm_rt_index(kren, (unsigned)rfm_get(m, x->ix.iw[i]), (unsigned)rfm_get(m, x->ix.ir[i]));
	}
	rfm_rt_comb(c, &x->q, &x->in, &x->out, m->mutate);
	for (k = 0; k < c->sm_schedulers; k++) {
		rfm_set(m, x->ix.gserved[k], x->out.served[k]);
		rfm_set(m, x->ix.gconf[k], x->out.conflict[k]);
	}
	for (i = 0; i < rfm_rt_nlook(c); i++) {
		rfm_set(m, x->ix.lhit[i], x->out.lhit[i]);
		rfm_set(m, x->ix.lpid[i], x->out.lpid[i]);
	}
	for (w = 0; w < c->rf_write_ports; w++) {
		rfm_set(m, x->ix.whit[w], x->out.whit[w]);
		rfm_set(m, x->ix.wpid[w], x->out.wpid[w]);
	}
	for (i = 0; i < rfm_rt_ninv(c); i++) {
		rfm_set(m, x->ix.ihit[i], x->out.ihit[i]);
		rfm_set(m, x->ix.ipid[i], x->out.ipid[i]);
	}
	o = rfm_wide(m, x->ix.valid);
	memcpy(o, x->q.valid, m->slot[x->ix.valid].words * 4u);
	rfm_trim(o, c->d.rt_depth);
	(void)S;
}

static void rt_tick(rfm_model_t *m)
{
	rfm_rt_t *x = (rfm_rt_t *)m;
	rfm_rt_clock(m->cfg, &x->q, &x->in, m->mutate);
}

/* A random legal register of the stimulus kernel. */
static void rt_pick(rfm_rt_t *x, rfm_rng_t *r, unsigned *w, unsigned *g)
{
	*w = (unsigned)rfm_rng_below(r, x->swarps);
	*g = (unsigned)rfm_rng_below(r, x->sren);
}

static void rt_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_rt_t *x = (rfm_rt_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned k, i, w, S = c->sm_operands;
	rfm_clear_inputs(m);
	if (cycle < 2)
		return;
	if (cycle == 2 || rfm_rng_chance(r, 1, 4096)) { /* the reference kernel, or a smaller one */
		x->swarps = c->d.vt_warps;
		x->sren = c->d.vt_ren ? c->d.vt_ren : 1;
		if (rfm_rng_chance(r, 1, 2)) {
			x->swarps = 1 + (unsigned)rfm_rng_below(r, x->swarps);
			x->sren = 1 + (unsigned)rfm_rng_below(r, x->sren);
		}
		rfm_set(m, x->ix.launch, 1);
	}
	rfm_set(m, x->ix.kren, x->sren);
	if (rfm_get(m, x->ix.launch) && !rfm_rng_chance(r, 1, 4))
		return; /* now and then requests too: a launch cycle ignores them */
	for (k = 0; k < c->sm_schedulers; k++) {
		if (!rfm_rng_chance(r, 2, 3))
			continue;
		rfm_set(m, x->ix.gv[k], 1);
		w = (unsigned)rfm_rng_below(r, x->swarps);
		for (i = 0; i < S; i++) {
			unsigned g = (unsigned)rfm_rng_below(r, x->sren);
			rfm_set(m, x->ix.lv[k * S + i], rfm_rng_chance(r, 3, 4));
			rfm_set(m, x->ix.lw[k * S + i], w);
			rfm_set(m, x->ix.lr[k * S + i], g);
		}
	}
	for (i = 0; i < c->rf_write_ports; i++) {
		unsigned g;
		if (!rfm_rng_chance(r, 1, 2))
			continue;
		rt_pick(x, r, &w, &g);
		rfm_set(m, x->ix.wv[i], 1);
		rfm_set(m, x->ix.ww[i], w);
		rfm_set(m, x->ix.wr[i], g);
		if (rfm_rng_chance(r, 1, 2)) { /* record a mapping (any id: the table does not judge it) */
			rfm_set(m, x->ix.wnew[i], 1);
			rfm_set(m, x->ix.wnewpid[i], rfm_rng_below(r, c->d.warp_regs));
		}
	}
	for (i = 0; i < rfm_rt_ninv(c); i++) {
		unsigned g;
		if (!rfm_rng_chance(r, 1, 6))
			continue;
		rt_pick(x, r, &w, &g);
		if (i > 0 && rfm_rng_chance(r, 1, 4) && rfm_get(m, x->ix.wv[0])) { /* the entry a write-back uses */
			w = (unsigned)rfm_get(m, x->ix.ww[0]);
			g = (unsigned)rfm_get(m, x->ix.wr[0]);
		}
		rfm_set(m, x->ix.iv[i], 1);
		rfm_set(m, x->ix.iw[i], w);
		rfm_set(m, x->ix.ir[i], g);
	}
}

static int rt_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_rt_t *x = (rfm_rt_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned k, i, w, served = 0;
	(void)err;
	(void)cycle;
	if ((m->rst >= 0 && !rfm_get(m, (unsigned)m->rst)) || x->in.launch)
		return 0;
	for (k = 0; k < c->sm_schedulers; k++) {
		served += x->out.served[k];
		if (x->out.conflict[k])
			rfm_cov_hit(m, TC_CONFLICT);
	}
	if (served >= 2)
		rfm_cov_hit(m, TC_TWO_SERVED);
	for (i = 0; i < rfm_rt_nlook(c); i++)
		if (x->in.lv[i] && x->out.served[i / c->sm_operands])
			rfm_cov_hit(m, x->out.lhit[i] ? TC_HIT : TC_MISS);
	for (w = 0; w < c->rf_write_ports; w++) {
		if (x->in.wnew[w])
			rfm_cov_hit(m, TC_ALLOC);
		if (x->in.wv[w] && x->out.whit[w])
			rfm_cov_hit(m, TC_WRITE_HIT);
		for (i = 0; i < rfm_rt_ninv(c); i++)
			if (x->in.wv[w] && x->in.iv[i] && x->in.iidx[i] == x->in.widx[w] && x->in.widx[w] < c->d.rt_depth &&
			    bget(x->q.valid, x->in.widx[w]))
				rfm_cov_hit(m, TC_INV_AND_WRITE);
	}
	for (i = 0; i < rfm_rt_ninv(c); i++)
		if (x->in.iv[i] && x->out.ihit[i])
			rfm_cov_hit(m, TC_INV);
	return 0;
}

/* Free what the block allocated beyond the model head (rfm_block destroy hook). */
static void rt_release(rfm_model_t *m)
{
	rfm_rt_t *x = (rfm_rt_t *)m;
	rfm_rt_fini(&x->q);
}

/* What rfm_rf_rename_table_create does after rfm_model_init: 0 on success. */
static int rename_table_setup(rfm_model_t *m)
{
	rfm_rt_t *x = (rfm_rt_t *)m;
	const rfm_cfg_t *c = m->cfg;
	x->swarps = 1;
	x->sren = 1;
	if (rfm_rt_init(c, &x->q))
		return -1;
	if (c->sm_schedulers < 2) {
		rfm_cov_na(&x->m, TC_CONFLICT);
		rfm_cov_na(&x->m, TC_TWO_SERVED);
	}
	return 0;
}

RFM_BLOCK(rf_rename_table, rfm_rt_t, rt_ix_t, rt_ports, tc_names, TC_N,
	  rt_reset, rt_eval, rt_tick, rt_stim, rt_check,
	  rt_release, rename_table_setup)

/* ---- rf_flag_decode ---------------------------------------------------------------------------- */

int rfm_flag_decode(uint64_t word, rfm_flags_t *f)
{
	unsigned k, opc = (unsigned)((word & 0xfu) | ((word >> 58) & 0x3fu) << 4);
	uint64_t payload = (word >> 4) & ((1ull << 54) - 1u);
	memset(f, 0, sizeof(*f));
	f->is_pir = opc == RFM_OPC_PIR;
	f->is_pbr = opc == RFM_OPC_PBR;
	f->payload = payload;
	for (k = 0; k < RFM_PBR_SLOTS; k++) {
		f->reg[k] = (unsigned)((payload >> (6 * k)) & 63u);
		f->regv[k] = f->is_pbr && f->reg[k] != RFM_PBR_EMPTY;
	}
	return f->is_pir || f->is_pbr;
}

uint64_t rfm_flag_encode_pir(const uint8_t flags[RFM_PIR_SLOTS])
{
	uint64_t w = ((uint64_t)(RFM_OPC_PIR >> 4) << 58) | (RFM_OPC_PIR & 0xfu);
	unsigned k;
	for (k = 0; k < RFM_PIR_SLOTS; k++)
		w |= (uint64_t)(flags[k] & 7u) << (4 + 3 * k);
	return w;
}

uint64_t rfm_flag_encode_pbr(const unsigned *regs, unsigned n)
{
	uint64_t w = ((uint64_t)(RFM_OPC_PBR >> 4) << 58) | (RFM_OPC_PBR & 0xfu);
	unsigned k;
	for (k = 0; k < RFM_PBR_SLOTS; k++)
		w |= (uint64_t)(k < n ? regs[k] & 63u : RFM_PBR_EMPTY) << (4 + 6 * k);
	return w;
}

typedef struct fd_ix {
	unsigned word, pir, pbr, flags, rv[RFM_PBR_SLOTS], reg[RFM_PBR_SLOTS];
} fd_ix_t;

enum { DC_PIR, DC_PBR, DC_OTHER, DC_FULL_PBR, DC_N };
static const char *const dc_names[DC_N] = {"pir_word", "pbr_word", "other_instruction", "pbr_with_nine_registers"};

typedef struct rfm_fd {
	rfm_model_t m;
	fd_ix_t ix;
} rfm_fd_t;

static int fd_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	fd_ix_t *ix = ixv;
	unsigned k;
	(void)c;
	rfm_ports_group(pt, "instruction word");
	ix->word = rfm_ports_add(pt, RFM_IN, 64, "opcode[3:0] in bits [3:0], opcode[9:4] in [63:58], payload [57:4]", "word_i");
	rfm_ports_group(pt, "decoded");
	ix->pir = rfm_ports_add(pt, RFM_OUT, 1, "a pir (opcode 0x3f0)", "is_pir_o");
	ix->pbr = rfm_ports_add(pt, RFM_OUT, 1, "a pbr (opcode 0x3f1)", "is_pbr_o");
	ix->flags = rfm_ports_add(pt, RFM_OUT, 54, "pir: flags of instruction k in [3k+2:3k], bit j = source j (0 if not a pir)",
				  "flags_o");
	for (k = 0; k < RFM_PBR_SLOTS; k++) {
		ix->rv[k] = rfm_ports_add(pt, RFM_OUT, 1, "pbr: slot names a register (not 63)", "reg%u_valid_o", k);
		ix->reg[k] = rfm_ports_add(pt, RFM_OUT, 6, "its register id", "reg%u_o", k);
	}
	return 0;
}

static void fd_eval(rfm_model_t *m)
{
	rfm_fd_t *x = (rfm_fd_t *)m;
	rfm_flags_t f;
	unsigned k;
	rfm_flag_decode(rfm_get(m, x->ix.word), &f);
	rfm_set(m, x->ix.pir, f.is_pir);
	rfm_set(m, x->ix.pbr, f.is_pbr);
	rfm_set(m, x->ix.flags, f.is_pir ? f.payload : 0);
	for (k = 0; k < RFM_PBR_SLOTS; k++) {
		rfm_set(m, x->ix.rv[k], f.regv[k]);
		rfm_set(m, x->ix.reg[k], f.is_pbr ? f.reg[k] : 0);
	}
}

static void fd_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_fd_t *x = (rfm_fd_t *)m;
	unsigned k, n, regs[RFM_PBR_SLOTS];
	uint8_t flags[RFM_PIR_SLOTS];
	(void)cycle;
	rfm_clear_inputs(m);
	switch (rfm_rng_below(r, 3)) {
	case 0:
		for (k = 0; k < RFM_PIR_SLOTS; k++)
			flags[k] = (uint8_t)rfm_rng_below(r, 8);
		rfm_set(m, x->ix.word, rfm_flag_encode_pir(flags));
		break;
	case 1:
		n = (unsigned)rfm_rng_below(r, RFM_PBR_SLOTS + 1);
		for (k = 0; k < n; k++)
			regs[k] = (unsigned)rfm_rng_below(r, 63);
		rfm_set(m, x->ix.word, rfm_flag_encode_pbr(regs, n));
		break;
	default:
		rfm_set(m, x->ix.word, rfm_rng_next(r));
	}
}

static int fd_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_fd_t *x = (rfm_fd_t *)m;
	rfm_flags_t f;
	uint64_t w = rfm_get(m, x->ix.word);
	unsigned k, n = 0;
	rfm_flag_decode(w, &f);
	/* round trip: re-encoding the decoded fields gives the word back */
	if (f.is_pir) {
		uint8_t flags[RFM_PIR_SLOTS];
		for (k = 0; k < RFM_PIR_SLOTS; k++)
			flags[k] = (uint8_t)((f.payload >> (3 * k)) & 7u);
		if (rfm_flag_encode_pir(flags) != w) {
			fprintf(err, "cycle %llu: rf_flag_decode: pir 0x%016llx does not round-trip\n", (unsigned long long)cycle,
				(unsigned long long)w);
			return 1;
		}
		rfm_cov_hit(m, DC_PIR);
	} else if (f.is_pbr) {
		for (k = 0; k < RFM_PBR_SLOTS; k++)
			n += f.regv[k];
		rfm_cov_hit(m, n == RFM_PBR_SLOTS ? DC_FULL_PBR : DC_PBR);
	} else {
		rfm_cov_hit(m, DC_OTHER);
	}
	return 0;
}

RFM_BLOCK(rf_flag_decode, rfm_fd_t, fd_ix_t, fd_ports, dc_names, DC_N,
	  rfm_block_noop, fd_eval, rfm_block_noop, fd_stim, fd_check,
	  rfm_block_noop, rfm_block_no_setup)

/* ---- rf_release_cache -------------------------------------------------------------------------- */

typedef struct rc_ix {
	unsigned clk, rst, launch, fv, fw, fpc, fflags, fhit, ffill, fstall, fidx, xv, xw;
	unsigned rw[RFM_MAXS], rs[RFM_MAXS], rf[RFM_MAXS];
} rc_ix_t;

enum { CC2_HIT, CC2_FILL_FREE, CC2_EVICT, CC2_STALL, CC2_EXIT, CC2_READ, CC2_SHARED, CC2_N };
static const char *const cc2_names[CC2_N] = {"probe_hit", "miss_fills_free_entry", "miss_evicts_unpinned_entry",
					     "miss_with_every_entry_pinned", "exit_unpins", "flags_read",
					     "entry_shared_by_two_warps"};

#define RC_MAXE 64
typedef struct rfm_rc {
	rfm_model_t m;
	rc_ix_t ix;
	unsigned ne, iw;
	/* state */
	uint8_t valid[RC_MAXE];
	uint32_t tag[RC_MAXE];
	uint64_t flags[RC_MAXE];
	uint8_t cur[RFM_MAXWARPS], curv[RFM_MAXWARPS];
	/* this cycle */
	int hit, fill, stall, idx;
	/* stimulus and checker: each warp's current pir (pc), known when curv */
	uint32_t spc[RFM_MAXWARPS];
	uint8_t sknown[RFM_MAXWARPS];
} rfm_rc_t;

/* The pir flags of the code at pc (the stimulus's program: static per pc). */
static uint64_t rc_prog_flags(uint32_t pc)
{
	uint64_t h = pc * 0x9e3779b97f4a7c15ull;
	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ull;
	return (h ^ (h >> 32)) & ((1ull << 54) - 1u);
}

static int rc_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	rc_ix_t *ix = ixv;
	unsigned k, iw = rfm_clog2(c->d.rfc_entries);
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (empty)", "rst_ni");
	ix->launch = rfm_ports_add(pt, RFM_IN, 1, "a kernel starts: empty, no warp points at an entry", "launch_i");
	rfm_ports_group(pt, "fetch of a pir");
	ix->fv = rfm_ports_add(pt, RFM_IN, 1, "a warp reaches a pir", "f_valid_i");
	ix->fw = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "its warp slot", "f_warp_i");
	ix->fpc = rfm_ports_add(pt, RFM_IN, 32, "the pir's address (tag: pc[31:3])", "f_pc_i");
	ix->fflags = rfm_ports_add(pt, RFM_IN, 54, "its 18 x 3 flags (used on a miss)", "f_flags_i");
	ix->fhit = rfm_ports_add(pt, RFM_OUT, 1, "cached: the instruction fetch is skipped", "f_hit_o");
	ix->ffill = rfm_ports_add(pt, RFM_OUT, 1, "missed and filled an entry", "f_fill_o");
	ix->fstall = rfm_ports_add(pt, RFM_OUT, 1, "missed, every entry in use by another warp: retry", "f_stall_o");
	ix->fidx = rfm_ports_add(pt, RFM_OUT, iw, "the entry the warp now points at", "f_idx_o");
	rfm_ports_group(pt, "warp exit");
	ix->xv = rfm_ports_add(pt, RFM_IN, 1, "a warp exits: it points at no entry", "x_valid_i");
	ix->xw = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "its warp slot", "x_warp_i");
	for (k = 0; k < c->sm_schedulers; k++) {
		rfm_ports_group(pt, "read port %u (Select of scheduler %u)", k, k);
		ix->rw[k] = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "warp slot", "r%u_warp_i", k);
		ix->rs[k] = rfm_ports_add(pt, RFM_IN, 5, "instruction k after the warp's pir (0..17)", "r%u_slot_i", k);
		ix->rf[k] = rfm_ports_add(pt, RFM_OUT, 3, "its release flags (bit j: source j); 0 without an entry", "r%u_flags_o", k);
	}
	return 0;
}

static void rc_reset(rfm_model_t *m)
{
	rfm_rc_t *x = (rfm_rc_t *)m;
	memset(x->valid, 0, sizeof(x->valid));
	memset(x->tag, 0, sizeof(x->tag));
	memset(x->flags, 0, sizeof(x->flags));
	memset(x->cur, 0, sizeof(x->cur));
	memset(x->curv, 0, sizeof(x->curv));
	memset(x->sknown, 0, sizeof(x->sknown));
}

static void rc_eval(rfm_model_t *m)
{
	rfm_rc_t *x = (rfm_rc_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned k, e, w = (unsigned)rfm_get(m, x->ix.fw), n = c->sm_warps;
	uint32_t tag = (uint32_t)(rfm_get(m, x->ix.fpc) >> 3);
	x->hit = x->fill = x->stall = 0;
	x->idx = 0;
	if (rfm_get(m, x->ix.fv) && !rfm_get(m, x->ix.launch) && w < n) {
		for (e = 0; e < x->ne && !x->hit; e++)
			if (x->valid[e] && x->tag[e] == tag) {
				x->hit = 1;
				x->idx = (int)e;
			}
		if (!x->hit) { /* victim: the lowest free entry, else the lowest no other warp points at */
			int v = -1;
			for (e = 0; e < x->ne && v < 0; e++)
				if (!x->valid[e])
					v = (int)e;
			for (e = 0; e < x->ne && v < 0; e++) {
				unsigned ww, pinned = 0;
				for (ww = 0; ww < n; ww++)
					pinned |= ww != w && x->curv[ww] && x->cur[ww] == e;
				if (!pinned || m->mutate == RFM_FAULT_VT_RFC_EVICTS_PINNED)
					v = (int)e;
			}
			if (v >= 0) {
				x->fill = 1;
				x->idx = v;
			} else {
				x->stall = 1;
			}
		}
	}
	rfm_set(m, x->ix.fhit, x->hit);
	rfm_set(m, x->ix.ffill, x->fill);
	rfm_set(m, x->ix.fstall, x->stall);
	rfm_set(m, x->ix.fidx, (uint64_t)x->idx);
	for (k = 0; k < c->sm_schedulers; k++) {
		unsigned rw = (unsigned)rfm_get(m, x->ix.rw[k]), sl = (unsigned)rfm_get(m, x->ix.rs[k]);
		uint64_t f = 0;
		if (rw < n && x->curv[rw] && sl < RFM_PIR_SLOTS)
			f = (x->flags[x->cur[rw]] >> (3 * sl)) & 7u;
		rfm_set(m, x->ix.rf[k], f);
	}
}

static void rc_tick(rfm_model_t *m)
{
	rfm_rc_t *x = (rfm_rc_t *)m;
	unsigned w = (unsigned)rfm_get(m, x->ix.fw), xw = (unsigned)rfm_get(m, x->ix.xw);
	if (rfm_get(m, x->ix.launch)) {
		memset(x->valid, 0, sizeof(x->valid));
		memset(x->curv, 0, sizeof(x->curv));
		return;
	}
	if (x->fill) {
		x->valid[x->idx] = 1;
		x->tag[x->idx] = (uint32_t)(rfm_get(m, x->ix.fpc) >> 3);
		x->flags[x->idx] = rfm_get(m, x->ix.fflags);
	}
	if (x->hit || x->fill) {
		x->cur[w] = (uint8_t)x->idx;
		x->curv[w] = 1;
	}
	if (rfm_get(m, x->ix.xv) && xw < m->cfg->sm_warps)
		x->curv[xw] = 0;
}

static void rc_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_rc_t *x = (rfm_rc_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned k, n = c->sm_warps, npc = x->ne + 2 + (unsigned)(cycle / 4096) % (2 * n);
	uint32_t pc;
	rfm_clear_inputs(m);
	if (cycle < 2)
		return;
	if (cycle % 8192 == 8191) {
		rfm_set(m, x->ix.launch, 1);
		return;
	}
	/* warps run one program: pirs at a few addresses, more of them in later phases */
	if (rfm_rng_chance(r, 1, 2)) {
		pc = 0x1000u + 8u * 19u * (uint32_t)rfm_rng_below(r, npc);
		rfm_set(m, x->ix.fv, 1);
		rfm_set(m, x->ix.fw, rfm_rng_below(r, n));
		rfm_set(m, x->ix.fpc, pc);
		rfm_set(m, x->ix.fflags, rc_prog_flags(pc));
	}
	if (rfm_rng_chance(r, 1, 16)) {
		rfm_set(m, x->ix.xv, 1);
		rfm_set(m, x->ix.xw, rfm_rng_below(r, n));
	}
	for (k = 0; k < c->sm_schedulers; k++) {
		rfm_set(m, x->ix.rw[k], rfm_rng_below(r, n));
		rfm_set(m, x->ix.rs[k], rfm_rng_below(r, 20));
	}
}

static int rc_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_rc_t *x = (rfm_rc_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned k, w = (unsigned)rfm_get(m, x->ix.fw), xw = (unsigned)rfm_get(m, x->ix.xw), n = c->sm_warps, e, ww, cnt;
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst))
		return 0;
	/* every read gives the flags of the pir the warp last passed (hit or fill), at the slot */
	for (k = 0; k < c->sm_schedulers; k++) {
		unsigned rw = (unsigned)rfm_get(m, x->ix.rw[k]), sl = (unsigned)rfm_get(m, x->ix.rs[k]);
		uint64_t want = rw < n && x->sknown[rw] && sl < RFM_PIR_SLOTS ? (rc_prog_flags(x->spc[rw]) >> (3 * sl)) & 7u : 0;
		if (rfm_get(m, x->ix.rf[k]) != want) {
			fprintf(err, "cycle %llu: rf_release_cache golden: r%u warp %u slot %u: flags %llu, the program has %llu\n",
				(unsigned long long)cycle, k, rw, sl, (unsigned long long)rfm_get(m, x->ix.rf[k]),
				(unsigned long long)want);
			return 1;
		}
		if (want)
			rfm_cov_hit(m, CC2_READ);
	}
	if (rfm_get(m, x->ix.launch)) {
		memset(x->sknown, 0, sizeof(x->sknown));
		return 0;
	}
	if (x->hit)
		rfm_cov_hit(m, CC2_HIT);
	if (x->fill) {
		rfm_cov_hit(m, x->valid[x->idx] ? CC2_EVICT : CC2_FILL_FREE);
		/* the victim entry is no other warp's current one */
		for (ww = 0; ww < n; ww++)
			if (ww != w && x->curv[ww] && x->cur[ww] == (unsigned)x->idx) {
				fprintf(err, "cycle %llu: rf_release_cache: warp %u fills entry %d, warp %u's current pir\n",
					(unsigned long long)cycle, w, x->idx, ww);
				return 1;
			}
	}
	if (x->stall)
		rfm_cov_hit(m, CC2_STALL);
	if (x->hit || x->fill) {
		x->spc[w] = (uint32_t)rfm_get(m, x->ix.fpc);
		x->sknown[w] = 1;
	}
	if (rfm_get(m, x->ix.xv) && xw < n) {
		if (x->curv[xw])
			rfm_cov_hit(m, CC2_EXIT);
		x->sknown[xw] = 0;
	}
	for (e = 0; e < x->ne; e++) {
		for (ww = 0, cnt = 0; ww < n; ww++)
			cnt += x->curv[ww] && x->cur[ww] == e;
		if (cnt >= 2)
			rfm_cov_hit(m, CC2_SHARED);
	}
	return 0;
}

/* What rfm_rf_release_cache_create does after rfm_model_init: 0 on success. */
static int release_cache_setup(rfm_model_t *m)
{
	rfm_rc_t *x = (rfm_rc_t *)m;
	const rfm_cfg_t *c = m->cfg;
	x->ne = c->d.rfc_entries;
	x->iw = rfm_clog2(x->ne);
	if (x->ne >= c->sm_warps)
		rfm_cov_na(&x->m, CC2_STALL); /* a warp pins one entry at most: with an entry per warp one is always free */
	rc_reset(&x->m);
	return 0;
}

RFM_BLOCK(rf_release_cache, rfm_rc_t, rc_ix_t, rc_ports, cc2_names, CC2_N,
	  rc_reset, rc_eval, rc_tick, rc_stim, rc_check,
	  rfm_block_noop, release_cache_setup)
