/* regmutex.c - models of RegMutex's blocks (Khorasani et al., "RegMutex: Inter-Warp GPU Register
 * Time-Sharing"; docs/regmutex.md):
 *
 *   rf_srp_ctrl   the allocator at the issue stage: warp-status bitmask, SRP bitmask (sections
 *                 that do not exist are set at launch), warp-to-section LUT; acquire takes the
 *                 lowest free section, acquire while holding and release while not holding change
 *                 nothing, an acquire with no free section stalls (the warp retries), a warp exit
 *                 releases. Paired mode: warps 2p and 2p+1 share one extended set.
 *   rf_srp_xlate  the operand collector's address translation:
 *                   X <  Bs:  Y = W x Bs + X
 *                   X >= Bs:  Y = SRP_offset + LUT[W] x Es + (X - Bs)
 *                 then bank = Y % banks, row = Y / banks. With xlate = precomp the products
 *                 come from rf_top's per-warp tables: W x Bs from the base table (written at
 *                 launch), SRP_offset + LUT[W] x Es - Bs from the extended-base table (written
 *                 at the warp's granted acquire), so Y = X + an entry.
 */
#include <stdlib.h>

#include "rfm_fault_ids.h"
#include "rfm_models.h"
#include "rfm_regmutex.h"

/* ---- the allocator -------------------------------------------------------------------------- */

void rfm_srp_launch_state(const rfm_cfg_t *c, unsigned nsect, rfm_srp_state_t *s)
{
	unsigned n = c->sm_warps;
	memset(s, 0, sizeof(*s));
	/* sections nsect .. warps-1 do not exist: their bits are set and stay set */
	s->mask = c->regmutex_paired == RFM_ON ? 0 : rfm_mask64(n) & ~rfm_mask64(nsect < n ? nsect : n);
}

uint32_t rfm_srp_sect_base(const rfm_cfg_t *c, const rfm_srp_kernel_t *k, unsigned sect)
{
	return (uint32_t)(((uint64_t)k->srp - k->bs + (uint64_t)sect * k->es) & rfm_mask64(c->d.pack_w));
}

/* Base-table entry of warp w: W x Bs, paired (W / 2) x (2 Bs + Es) + (W odd ? Bs : 0), in P bits. */
static uint32_t base_entry(const rfm_cfg_t *c, unsigned bs, unsigned es, unsigned w)
{
	uint64_t y = c->regmutex_paired == RFM_ON ? (uint64_t)(w >> 1) * (2ull * bs + es) + (w & 1u) * bs
						   : (uint64_t)w * bs;
	return (uint32_t)(y & rfm_mask64(c->d.pack_w));
}

void rfm_srp_kernel_set(const rfm_cfg_t *c, rfm_srp_kernel_t *k, unsigned warps, unsigned regs, unsigned es,
			unsigned nsect)
{
	int paired = c->regmutex_paired == RFM_ON;
	unsigned w, bs = regs - es;
	memset(k->base, 0, sizeof(k->base));
	k->warps = warps;
	k->regs = regs;
	k->es = es;
	k->bs = bs;
	k->srp = paired ? 0 : warps * bs;
	k->nsect = paired ? 0 : nsect;
	for (w = 0; w < rfm_srp_tab_n(c); w++)
		k->base[w] = base_entry(c, bs, es, w);
}

void rfm_srp_xbase_write(const rfm_cfg_t *c, rfm_srp_kernel_t *k, const rfm_srp_in_t *in, const rfm_srp_out_t *out,
			 unsigned mutate)
{
	unsigned p;
	for (p = 0; p < c->sm_schedulers; p++)
		if (in->valid[p] && !in->rel[p] && out->grant[p] && in->warp[p] < RFM_MAXWARPS)
			k->xbase[in->warp[p]] = rfm_srp_sect_base(c, k, out->sect[p] +
								     (mutate == RFM_FAULT_SRP_XBASE_NEXT_SECTION));
}

int rfm_srp_tables_check(const rfm_cfg_t *c, const rfm_srp_kernel_t *k, const rfm_srp_state_t *s, uint64_t cycle,
			 const char *who, FILE *err)
{
	int paired = c->regmutex_paired == RFM_ON;
	uint32_t want;
	unsigned w;
	if (!rfm_rm_precomp(c))
		return 0;
	for (w = 0; w < rfm_srp_tab_n(c); w++) {
		want = base_entry(c, k->bs, k->es, w);
		if (k->base[w] != want) {
			fprintf(err, "cycle %llu: %s invariant 17: base-table entry %u is %u, not %llu\n",
				(unsigned long long)cycle, who, w, (unsigned)k->base[w], (unsigned long long)want);
			return 1;
		}
	}
	for (w = 0; !paired && w < c->sm_warps; w++)
		if (((s->status >> w) & 1u) && k->xbase[w] != rfm_srp_sect_base(c, k, s->lut[w])) {
			fprintf(err, "cycle %llu: %s invariant 17: warp %u's extended base is %u, not SRP_offset - Bs + "
				"LUT x Es = %u - %u + %u x %u = %u\n", (unsigned long long)cycle, who, w, (unsigned)k->xbase[w],
				k->srp, k->bs, s->lut[w], k->es, (unsigned)rfm_srp_sect_base(c, k, s->lut[w]));
			return 1;
		}
	return 0;
}

/* Lowest zero bit of v among the low n bits, or n. Planted fault
 * RFM_FAULT_SRP_HIGHEST_FREE_SECTION: the highest. */
static unsigned ffz(uint64_t v, unsigned n, unsigned mutate)
{
	uint64_t free = ~v & rfm_mask64(n);
	if (!free)
		return n;
	if (mutate == RFM_FAULT_SRP_HIGHEST_FREE_SECTION)
		return 63u - (unsigned)__builtin_clzll(free);
	return (unsigned)__builtin_ctzll(free);
}

void rfm_srp_comb(const rfm_cfg_t *c, const rfm_srp_state_t *q, const rfm_srp_in_t *in, rfm_srp_out_t *out,
		  rfm_srp_state_t *d, unsigned mutate)
{
	unsigned k, p, n = c->sm_warps, K = c->sm_schedulers;
	int paired = c->regmutex_paired == RFM_ON;
	int exit_ok = in->exit_valid && in->exit_warp < n;
	uint64_t all = rfm_mask64(n), taken = q->mask, plock = 0, seen = 0;
	*d = *q;
	memset(out, 0, sizeof(*out));
	out->full = !paired && (q->mask & all) == all;
	if (in->launch) { /* a launch replaces the state; requests of that cycle are ignored */
		rfm_srp_launch_state(c, in->nsect, d);
		return;
	}
	for (p = 0; 2 * p < n; p++) /* paired: pairs locked at the start of the cycle */
		plock |= (uint64_t)(((q->status >> (2 * p)) & 3u) != 0) << p;
	/* Ports in order. Every decision reads the state at the start of the cycle; the only thing a
	 * port sees of the ports before it is which sections (pairs) they were granted. A request for
	 * a warp that an earlier port or the exit of this cycle already names is ignored. */
	for (k = 0; k < K; k++) {
		unsigned w = in->warp[k];
		uint64_t bit = 1ull << (w & 63u);
		int hold;
		if (!in->valid[k] || w >= n)
			continue;
		if ((seen & bit) || (exit_ok && w == in->exit_warp)) {
			out->ignored |= 1ull << k;
			continue;
		}
		seen |= bit;
		hold = (q->status & bit) != 0;
		if (in->rel[k]) {
			out->grant[k] = 1;
			if (hold) {
				d->status &= ~bit;
				if (!paired && mutate != RFM_FAULT_SRP_RELEASE_LEAKS)
					d->mask &= ~(1ull << q->lut[w]);
				out->nfree++;
				out->freed |= bit;
			} else {
				out->noop |= 1ull << k;
			}
		} else if (hold) {
			out->grant[k] = 1;
			out->sect[k] = paired ? w >> 1 : q->lut[w];
			out->noop |= 1ull << k;
		} else if (paired) {
			if ((plock >> (w >> 1)) & 1u) {
				out->stall[k] = 1;
				out->nstall++;
			} else {
				out->grant[k] = 1;
				out->sect[k] = w >> 1;
				d->status |= bit;
				plock |= 1ull << (w >> 1);
				out->nacq++;
			}
		} else {
			unsigned f = ffz(taken, n, mutate);
			if (f < n) {
				out->grant[k] = 1;
				out->sect[k] = f;
				d->status |= bit;
				d->lut[w] = (uint8_t)f;
				d->mask |= 1ull << f;
				if (mutate != RFM_FAULT_SRP_PORTS_SHARE_SECTION) /* later ports do not see this grant */
					taken |= 1ull << f;
				out->nacq++;
			} else {
				out->stall[k] = 1;
				out->nstall++;
			}
		}
	}
	/* a warp that exits releases the set it held at the start of the cycle */
	if (exit_ok && ((q->status >> in->exit_warp) & 1u)) {
		d->status &= ~(1ull << in->exit_warp);
		if (!paired)
			d->mask &= ~(1ull << q->lut[in->exit_warp]);
		out->nfree++;
		out->freed |= 1ull << in->exit_warp;
	}
}

int rfm_srp_invariants(const rfm_cfg_t *c, const rfm_srp_state_t *s, unsigned nsect, uint64_t cycle,
		       const char *who, FILE *err)
{
	unsigned n = c->sm_warps, w, v, held = 0;
	uint64_t all = rfm_mask64(n), owned = 0;
	if (s->status & ~all) {
		fprintf(err, "cycle %llu: %s invariant: status bits beyond the warp slots\n", (unsigned long long)cycle, who);
		return 1;
	}
	if (c->regmutex_paired == RFM_ON) {
		for (w = 0; w + 1 < n; w += 2)
			if (((s->status >> w) & 3u) == 3u) {
				fprintf(err, "cycle %llu: %s invariant 18: warps %u and %u of one pair both hold the "
					"extended set\n", (unsigned long long)cycle, who, w, w + 1);
				return 1;
			}
		return 0;
	}
	if (nsect > n)
		nsect = n;
	for (w = 0; w < n; w++) {
		if (!((s->status >> w) & 1u))
			continue;
		held++;
		v = s->lut[w];
		if (v >= nsect || !((s->mask >> v) & 1u)) {
			fprintf(err, "cycle %llu: %s invariant 2: warp %u holds section %u, %s\n", (unsigned long long)cycle,
				who, w, v, v >= nsect ? "which does not exist" : "whose SRP bit is clear");
			return 1;
		}
		if ((owned >> v) & 1u) {
			fprintf(err, "cycle %llu: %s invariant 1: section %u owned by two warps (one is %u)\n",
				(unsigned long long)cycle, who, v, w);
			return 1;
		}
		owned |= 1ull << v;
	}
	if ((s->mask & all & ~rfm_mask64(nsect)) != (all & ~rfm_mask64(nsect))) {
		fprintf(err, "cycle %llu: %s invariant 4: an SRP bit of a section that does not exist (>= %u) is clear\n",
			(unsigned long long)cycle, who, nsect);
		return 1;
	}
	if (rfm_popcount64(s->mask & rfm_mask64(nsect)) != held) {
		fprintf(err, "cycle %llu: %s invariant 3: %u SRP sections taken, %u warps hold one (a leak)\n",
			(unsigned long long)cycle, who, rfm_popcount64(s->mask & rfm_mask64(nsect)), held);
		return 1;
	}
	return 0;
}

/* ---- translation ---------------------------------------------------------------------------- */

unsigned rfm_srp_xlate_width(const rfm_cfg_t *c)
{
	unsigned a = c->d.warp_w + c->d.nregs_w + 2, b = c->d.pack_w + 1;
	return (a > b ? a : b) + 2;
}

int rfm_srp_xlate_fn(const rfm_cfg_t *c, const rfm_srp_kernel_t *k, const rfm_srp_state_t *s, unsigned warp,
		     unsigned reg, unsigned *pack, unsigned *bank, unsigned *row)
{
	uint64_t y, bs = k->bs, es = k->es;
	int hold = warp < RFM_MAXWARPS && ((s->status >> warp) & 1u);
	*pack = *bank = *row = 0;
	if (warp >= k->warps || reg >= k->regs)
		return RFM_XL_OUTSIDE;
	if (reg >= bs && !hold)
		return RFM_XL_NOSECT;
	if (rfm_rm_precomp(c)) { /* Y = X + an entry of a table: an add and a mux */
		if (c->regmutex_paired == RFM_ON)
			y = (uint64_t)k->base[reg < bs ? warp : warp | 1u] + reg; /* base[2p + 1] = p (2 Bs + Es) + Bs */
		else
			y = (uint64_t)(reg < bs ? k->base[warp] : k->xbase[warp]) + reg;
	} else if (c->regmutex_paired == RFM_ON) {
		uint64_t base = (uint64_t)(warp >> 1) * (2 * bs + es);
		y = reg < bs ? base + (warp & 1u) * bs + reg : base + bs + reg; /* base + 2 Bs + (X - Bs) */
	} else {
		y = reg < bs ? (uint64_t)warp * bs + reg : k->srp + (uint64_t)s->lut[warp] * es + (reg - bs);
	}
	y &= rfm_mask64(rfm_srp_xlate_width(c));
	*pack = (unsigned)(y & rfm_mask64(c->d.pack_w));
	if (!(c->rf_banks & (c->rf_banks - 1))) { /* a power of two: no 64-bit division per access */
		*bank = (unsigned)((y & (c->rf_banks - 1u)) & rfm_mask64(c->d.bank_w));
		*row = (unsigned)((y >> __builtin_ctz(c->rf_banks)) & rfm_mask64(c->d.entry_w));
		return RFM_XL_OK;
	}
	*bank = (unsigned)((y % c->rf_banks) & rfm_mask64(c->d.bank_w));
	*row = (unsigned)((y / c->rf_banks) & rfm_mask64(c->d.entry_w));
	return RFM_XL_OK;
}

int rfm_rm_compact(unsigned bs, uint64_t live, unsigned map[64])
{
	unsigned r, next = 0;
	uint64_t used = live & rfm_mask64(bs < 64 ? bs : 64);
	for (r = 0; r < 64; r++)
		map[r] = r;
	if (rfm_popcount64(live) > bs)
		return -1;
	for (r = bs; r < 64; r++) {
		if (!((live >> r) & 1u))
			continue;
		while ((used >> next) & 1u)
			next++;
		map[r] = next;
		used |= 1ull << next;
	}
	return 0;
}

/* ---- rf_srp_ctrl ---------------------------------------------------------------------------- */

typedef struct ctrl_ix {
	unsigned clk, rst, launch, nsect;
	unsigned v[RFM_MAXS], rel[RFM_MAXS], w[RFM_MAXS], g[RFM_MAXS], st[RFM_MAXS], sect[RFM_MAXS];
	unsigned xv, xw, status, mask, lut, full, nacq, nstall, nfree;
} ctrl_ix_t;

enum {
	CC_GRANT, CC_NOOP_ACQ, CC_STALL, CC_RELEASE, CC_NOOP_REL, CC_EXIT, CC_FULL, CC_TWO_GRANTS, CC_REUSE,
	CC_LAUNCH, CC_IGNORED, CC_N
};
static const char *const cc_names[CC_N] = {
	"acquire_granted", "acquire_while_holding", "acquire_stalled", "release", "release_while_not_holding",
	"exit_releases", "all_sections_taken", "two_grants_one_cycle", "freed_section_granted_next_cycle",
	"launch", "second_request_of_a_warp_ignored"};

typedef struct rfm_srp_ctrl {
	rfm_model_t m;
	ctrl_ix_t ix;
	rfm_srp_state_t q, d;
	rfm_srp_in_t in;
	rfm_srp_out_t out;
	unsigned nsect_q;          /* sections of the last launch (for the invariants) */
	uint64_t freed_sect_q;     /* sections freed at the last edge (coverage) */
	/* stimulus */
	unsigned snsect;
} rfm_srp_ctrl_t;

static int ctrl_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	ctrl_ix_t *ix = ixv;
	unsigned k, n = c->sm_warps, lw = c->d.warp_w, cw = rfm_cntw(c->sm_schedulers + 1u);
	int paired = c->regmutex_paired == RFM_ON;
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low (no kernel: no section)", "rst_ni");
	rfm_ports_group(pt, "kernel launch");
	ix->launch = rfm_ports_add(pt, RFM_IN, 1, "a kernel starts: nobody holds a set", "launch_i");
	if (!paired)
		ix->nsect = rfm_ports_add(pt, RFM_IN, c->d.nwarps_w, "its SRP sections (the others are set for good)",
					  "launch_sections_i");
	for (k = 0; k < c->sm_schedulers; k++) {
		rfm_ports_group(pt, "acquire/release port %u (scheduler %u)", k, k);
		ix->v[k] = rfm_ports_add(pt, RFM_IN, 1, "an acquire or release instruction", "req%u_valid_i", k);
		ix->rel[k] = rfm_ports_add(pt, RFM_IN, 1, "1: release, 0: acquire", "req%u_release_i", k);
		ix->w[k] = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "warp slot", "req%u_warp_i", k);
		ix->g[k] = rfm_ports_add(pt, RFM_OUT, 1, "done: the warp moves on", "req%u_grant_o", k);
		ix->st[k] = rfm_ports_add(pt, RFM_OUT, 1, "acquire found no free section: retry", "req%u_stall_o", k);
		ix->sect[k] = rfm_ports_add(pt, RFM_OUT, lw, paired ? "pair of the granted acquire" : "section of the granted acquire",
					    "req%u_sect_o", k);
	}
	rfm_ports_group(pt, "warp exit");
	ix->xv = rfm_ports_add(pt, RFM_IN, 1, "a warp exits (its set is released)", "exit_valid_i");
	ix->xw = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "its warp slot", "exit_warp_i");
	rfm_ports_group(pt, "allocator state (registered)");
	ix->status = rfm_ports_add(pt, RFM_OUT, n, "warp-status bitmask: warp w holds an extended set", "status_o");
	if (!paired) {
		ix->mask = rfm_ports_add(pt, RFM_OUT, n, "SRP bitmask: section s taken or absent", "mask_o");
		ix->lut = rfm_ports_add(pt, RFM_OUT, n * lw, "LUT: section of warp w in bits [w*L +: L]", "lut_o");
		ix->full = rfm_ports_add(pt, RFM_OUT, 1, "no free section", "full_o");
	}
	rfm_ports_group(pt, "events of this cycle");
	ix->nacq = rfm_ports_add(pt, RFM_OUT, cw, "sets granted", "nacq_o");
	ix->nstall = rfm_ports_add(pt, RFM_OUT, cw, "acquires stalled", "nstall_o");
	ix->nfree = rfm_ports_add(pt, RFM_OUT, cw, "sets released (release or exit)", "nfree_o");
	return 0;
}

static void ctrl_reset(rfm_model_t *m)
{
	rfm_srp_ctrl_t *x = (rfm_srp_ctrl_t *)m;
	rfm_srp_launch_state(m->cfg, 0, &x->q);
	x->nsect_q = 0;
	x->freed_sect_q = 0;
}

static void ctrl_eval(rfm_model_t *m)
{
	rfm_srp_ctrl_t *x = (rfm_srp_ctrl_t *)m;
	const rfm_cfg_t *c = m->cfg;
	int paired = c->regmutex_paired == RFM_ON;
	unsigned k, w, lw = c->d.warp_w;
	x->in.launch = (uint8_t)rfm_get(m, x->ix.launch);
	x->in.nsect = paired ? 0 : (unsigned)rfm_get(m, x->ix.nsect);
	for (k = 0; k < c->sm_schedulers; k++) {
		x->in.valid[k] = (uint8_t)rfm_get(m, x->ix.v[k]);
		x->in.rel[k] = (uint8_t)rfm_get(m, x->ix.rel[k]);
		x->in.warp[k] = (unsigned)rfm_get(m, x->ix.w[k]);
	}
	x->in.exit_valid = (uint8_t)rfm_get(m, x->ix.xv);
	x->in.exit_warp = (unsigned)rfm_get(m, x->ix.xw);
	rfm_srp_comb(c, &x->q, &x->in, &x->out, &x->d, m->mutate);
	for (k = 0; k < c->sm_schedulers; k++) {
		rfm_set(m, x->ix.g[k], x->out.grant[k]);
		rfm_set(m, x->ix.st[k], x->out.stall[k]);
		rfm_set(m, x->ix.sect[k], x->out.sect[k]);
	}
	rfm_set(m, x->ix.status, x->q.status);
	if (!paired) {
		uint32_t *l = rfm_wide(m, x->ix.lut);
		rfm_set(m, x->ix.mask, x->q.mask);
		memset(l, 0, m->slot[x->ix.lut].words * 4u);
		for (w = 0; w < c->sm_warps; w++)
			rfm_bits_set(l, w * lw, lw, x->q.lut[w]);
		rfm_set(m, x->ix.full, x->out.full);
	}
	rfm_set(m, x->ix.nacq, x->out.nacq);
	rfm_set(m, x->ix.nstall, x->out.nstall);
	rfm_set(m, x->ix.nfree, x->out.nfree);
}

static void ctrl_tick(rfm_model_t *m)
{
	rfm_srp_ctrl_t *x = (rfm_srp_ctrl_t *)m;
	unsigned w;
	x->freed_sect_q = 0;
	for (w = 0; w < m->cfg->sm_warps; w++)
		if ((x->out.freed >> w) & 1u)
			x->freed_sect_q |= 1ull << x->q.lut[w];
	if (x->in.launch)
		x->nsect_q = x->in.nsect;
	x->q = x->d;
}

static void ctrl_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_srp_ctrl_t *x = (rfm_srp_ctrl_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned k, n = c->sm_warps, phase = (unsigned)(cycle / 512) % 2;
	rfm_clear_inputs(m);
	if (cycle < 2)
		return;
	if (cycle == 2 || rfm_rng_chance(r, 1, 2048)) { /* a kernel: mostly the reference kernel's sections */
		unsigned ns = c->d.rm_sections;
		if (rfm_rng_chance(r, 1, 3))
			ns = (unsigned)rfm_rng_below(r, n + 1u);
		rfm_set(m, x->ix.launch, 1);
		if (c->regmutex_paired != RFM_ON)
			rfm_set(m, x->ix.nsect, ns);
		x->snsect = ns;
		if (!rfm_rng_chance(r, 1, 8))
			return;
	}
	/* phase 0 acquires more than it releases (the pool fills), phase 1 the other way round */
	for (k = 0; k < c->sm_schedulers; k++) {
		unsigned w = (unsigned)rfm_rng_below(r, n);
		if (!rfm_rng_chance(r, 2, 3))
			continue;
		if (k > 0 && rfm_rng_chance(r, 1, 16)) /* the same warp on two ports */
			w = (unsigned)rfm_get(m, x->ix.w[0]);
		rfm_set(m, x->ix.v[k], 1);
		rfm_set(m, x->ix.rel[k], rfm_rng_chance(r, phase ? 3 : 1, 4));
		rfm_set(m, x->ix.w[k], w);
	}
	if (rfm_rng_chance(r, 1, 32)) {
		rfm_set(m, x->ix.xv, 1);
		rfm_set(m, x->ix.xw, rfm_rng_below(r, n));
	}
}

static int ctrl_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_srp_ctrl_t *x = (rfm_srp_ctrl_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned k, grants = 0;
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst))
		return 0;
	if (rfm_srp_invariants(c, &x->q, x->nsect_q, cycle, "rf_srp_ctrl", err))
		return 1;
	for (k = 0; k < c->sm_schedulers; k++) {
		int noop = (int)((x->out.noop >> k) & 1u);
		if (x->out.grant[k] && x->out.stall[k]) {
			fprintf(err, "cycle %llu: rf_srp_ctrl: port %u grants and stalls\n", (unsigned long long)cycle, k);
			return 1;
		}
		if (!x->in.valid[k] || x->in.launch)
			continue;
		if ((x->out.ignored >> k) & 1u) {
			if (x->out.grant[k] || x->out.stall[k]) {
				fprintf(err, "cycle %llu: rf_srp_ctrl: ignored request on port %u answered\n",
					(unsigned long long)cycle, k);
				return 1;
			}
			rfm_cov_hit(m, CC_IGNORED);
			continue;
		}
		if (x->out.grant[k] && !x->in.rel[k] && !noop) {
			grants++;
			rfm_cov_hit(m, CC_GRANT);
			if ((x->freed_sect_q >> x->out.sect[k]) & 1u)
				rfm_cov_hit(m, CC_REUSE);
		}
		if (x->out.grant[k] && !x->in.rel[k] && noop)
			rfm_cov_hit(m, CC_NOOP_ACQ);
		if (x->out.stall[k])
			rfm_cov_hit(m, CC_STALL);
		if (x->in.rel[k])
			rfm_cov_hit(m, noop ? CC_NOOP_REL : CC_RELEASE);
	}
	if (grants >= 2)
		rfm_cov_hit(m, CC_TWO_GRANTS);
	if (x->in.exit_valid && !x->in.launch && ((x->q.status >> (x->in.exit_warp & 63u)) & 1u) &&
	    x->in.exit_warp < c->sm_warps)

		rfm_cov_hit(m, CC_EXIT);
	if (x->out.full && x->nsect_q)
		rfm_cov_hit(m, CC_FULL);
	if (x->in.launch)
		rfm_cov_hit(m, CC_LAUNCH);
	return 0;
}

/* What rfm_rf_srp_ctrl_create does after rfm_model_init: 0 on success. */
static int srp_ctrl_setup(rfm_model_t *m)
{
	rfm_srp_ctrl_t *x = (rfm_srp_ctrl_t *)m;
	const rfm_cfg_t *c = m->cfg;
	ctrl_reset(&x->m);
	if (c->regmutex_paired == RFM_ON) {
		rfm_cov_na(&x->m, CC_FULL);
		rfm_cov_na(&x->m, CC_REUSE);
	}
	if (c->sm_schedulers < 2)
		rfm_cov_na(&x->m, CC_TWO_GRANTS);
	return 0;
}

RFM_BLOCK(rf_srp_ctrl, rfm_srp_ctrl_t, ctrl_ix_t, ctrl_ports, cc_names, CC_N,
	  ctrl_reset, ctrl_eval, ctrl_tick, ctrl_stim, ctrl_check,
	  rfm_block_noop, srp_ctrl_setup)

/* ---- rf_srp_xlate --------------------------------------------------------------------------- */

#define RFM_MAXX (RFM_MAXW + RFM_MAXS * RFM_MAXOP) /* most translation ports */

typedef struct xl_ix {
	unsigned kw, kr, kb, ke, ks, status, lut, base, xbase;
	unsigned w[RFM_MAXX], r[RFM_MAXX], pack[RFM_MAXX], bank[RFM_MAXX], row[RFM_MAXX], err[RFM_MAXX],
		xerr[RFM_MAXX];
} xl_ix_t;

enum { XC_BASE, XC_EXT, XC_OUTSIDE, XC_NOSECT, XC_LAST_PACK, XC_N };
static const char *const xc_names[XC_N] = {"base_register", "extended_register", "outside_kernel",
					   "extended_without_set", "last_pack_of_kernel"};

typedef struct rfm_srp_xl {
	rfm_model_t m;
	xl_ix_t ix;
	unsigned nx;
	rfm_srp_kernel_t k;
	rfm_srp_state_t s;
	/* xlate = precomp: the kernel (with its tables) and the allocator state the stimulus made (Es,
	 * SRP_offset and the LUT are not inputs then; the checker's regions use them) */
	rfm_srp_kernel_t sk;
	rfm_srp_state_t ss;
} rfm_srp_xl_t;

/* Translation ports of a config: one per write-back port, then one per issued source operand. */
static unsigned xl_nports(const rfm_cfg_t *c) { return c->rf_write_ports + c->sm_schedulers * c->sm_operands; }

static int xl_ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	xl_ix_t *ix = ixv;
	unsigned p, n = c->sm_warps, lw = c->d.warp_w;
	int paired = c->regmutex_paired == RFM_ON, precomp = rfm_rm_precomp(c);
	rfm_ports_group(pt, "running kernel");
	ix->kw = rfm_ports_add(pt, RFM_IN, c->d.nwarps_w, "resident warps (0: none)", "kwarps_i");
	ix->kr = rfm_ports_add(pt, RFM_IN, c->d.nregs_w, "registers per thread R = Bs + Es", "kregs_i");
	ix->kb = rfm_ports_add(pt, RFM_IN, c->d.nregs_w, "base set size Bs", "kbase_i");
	if (precomp) {
		rfm_ports_group(pt, "translation tables (xlate = precomp)");
		ix->base = rfm_ports_add(pt, RFM_IN, rfm_srp_tab_n(c) * c->d.pack_w,
					 paired ? "base table: (W / 2) x (2 Bs + Es) + (W odd ? Bs : 0) in bits [W*P +: P]"
						: "base table: W x Bs in bits [W*P +: P]", "base_i");
		if (!paired)
			ix->xbase = rfm_ports_add(pt, RFM_IN, n * c->d.pack_w,
						  "extended base of warp W, SRP_offset - Bs + LUT[W] x Es, in bits [W*P +: P]",
						  "xbase_i");
	} else {
		ix->ke = rfm_ports_add(pt, RFM_IN, c->d.nregs_w, "extended set size Es", "kext_i");
		if (!paired)
			ix->ks = rfm_ports_add(pt, RFM_IN, c->d.pack_w + 1, "SRP_offset: first pack of the pool", "ksrp_i");
	}
	rfm_ports_group(pt, "allocator state");
	ix->status = rfm_ports_add(pt, RFM_IN, n, "warp-status bitmask", "status_i");
	if (!paired && !precomp)
		ix->lut = rfm_ports_add(pt, RFM_IN, n * lw, "LUT: section of warp w in bits [w*L +: L]", "lut_i");
	for (p = 0; p < xl_nports(c); p++) {
		if (p < c->rf_write_ports)
			rfm_ports_group(pt, "port %u (write-back %u)", p, p);
		else
			rfm_ports_group(pt, "port %u (issue %u, source %u)", p, (p - c->rf_write_ports) / c->sm_operands,
					(p - c->rf_write_ports) % c->sm_operands);
		ix->w[p] = rfm_ports_add(pt, RFM_IN, c->d.warp_w, "warp slot", "x%u_warp_i", p);
		ix->r[p] = rfm_ports_add(pt, RFM_IN, c->d.reg_w, "architected register", "x%u_reg_i", p);
		ix->pack[p] = rfm_ports_add(pt, RFM_OUT, c->d.pack_w, "physical warp register Y", "x%u_pack_o", p);
		ix->bank[p] = rfm_ports_add(pt, RFM_OUT, c->d.bank_w, "bank: Y % banks", "x%u_bank_o", p);
		ix->row[p] = rfm_ports_add(pt, RFM_OUT, c->d.entry_w, "row: Y / banks", "x%u_entry_o", p);
		ix->err[p] = rfm_ports_add(pt, RFM_OUT, 1, "outside the kernel (location 0)", "x%u_err_o", p);
		ix->xerr[p] = rfm_ports_add(pt, RFM_OUT, 1, "extended register, warp holds no set (location 0)",
					    "x%u_xerr_o", p);
	}
	return 0;
}

static void xl_eval(rfm_model_t *m)
{
	rfm_srp_xl_t *x = (rfm_srp_xl_t *)m;
	const rfm_cfg_t *c = m->cfg;
	int paired = c->regmutex_paired == RFM_ON, precomp = rfm_rm_precomp(c);
	unsigned p, w, lw = c->d.warp_w, pw = c->d.pack_w;
	if (precomp) { /* what the tables were made from; the inputs below overwrite the rest */
		x->k = x->sk;
		x->s = x->ss;
	}
	x->k.warps = (unsigned)rfm_get(m, x->ix.kw);
	x->k.regs = (unsigned)rfm_get(m, x->ix.kr);
	x->k.bs = (unsigned)rfm_get(m, x->ix.kb);
	if (precomp) {
		for (w = 0; w < rfm_srp_tab_n(c); w++)
			x->k.base[w] = (uint32_t)rfm_bits_get(rfm_wide(m, x->ix.base), w * pw, pw);
	} else {
		x->k.es = (unsigned)rfm_get(m, x->ix.ke);
		x->k.srp = paired ? 0 : (unsigned)rfm_get(m, x->ix.ks);
	}
	x->s.status = rfm_get(m, x->ix.status);
	if (!paired && precomp)
		for (w = 0; w < c->sm_warps; w++)
			x->k.xbase[w] = (uint32_t)rfm_bits_get(rfm_wide(m, x->ix.xbase), w * pw, pw);
	else if (!paired)
		for (w = 0; w < c->sm_warps; w++)
			x->s.lut[w] = (uint8_t)rfm_bits_get(rfm_wide(m, x->ix.lut), w * lw, lw);
	for (p = 0; p < x->nx; p++) {
		unsigned pack, bank, row;
		int res = rfm_srp_xlate_fn(c, &x->k, &x->s, (unsigned)rfm_get(m, x->ix.w[p]), (unsigned)rfm_get(m, x->ix.r[p]),
					   &pack, &bank, &row);
		rfm_set(m, x->ix.pack[p], pack);
		rfm_set(m, x->ix.bank[p], bank);
		rfm_set(m, x->ix.row[p], row);
		rfm_set(m, x->ix.err[p], res == RFM_XL_OUTSIDE);
		rfm_set(m, x->ix.xerr[p], res == RFM_XL_NOSECT);
	}
}

/* A random legal kernel and a legal allocator state for it. */
static void xl_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_srp_xl_t *x = (rfm_srp_xl_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned n = c->sm_warps, lw = c->d.warp_w, kw, kr, es, ns = 0, p, w, tries;
	int paired = c->regmutex_paired == RFM_ON;
	rfm_srp_state_t s;
	(void)cycle;
	rfm_clear_inputs(m);
	kw = c->d.rm_warps;
	kr = c->d.rm_regs;
	es = c->d.rm_es;
	for (tries = 0; tries < 16 && rfm_rng_chance(r, 1, 2); tries++) { /* now and then another kernel */
		unsigned tw = 1 + (unsigned)rfm_rng_below(r, n), tr = 1 + (unsigned)rfm_rng_below(r, c->sm_regs_per_thread);
		unsigned te = (unsigned)rfm_rng_below(r, tr), tn = paired ? 0 : rfm_rm_sections(c, tw, tr - te, te);
		if (rfm_rm_launch_fits(c, tw, tr, te, tn)) {
			kw = tw, kr = tr, es = te;
			break;
		}
	}
	ns = paired ? 0 : rfm_rm_sections(c, kw, kr - es, es);
	rfm_srp_kernel_set(c, &x->sk, kw, kr, es, ns);
	rfm_srp_launch_state(c, ns, &s);
	for (w = 0; w < kw; w++) { /* each warp holds a set with probability 1/2, as the allocator would give */
		unsigned f, nfree = 0, freel[RFM_MAXWARPS];
		if (!rfm_rng_chance(r, 1, 2))
			continue;
		if (paired) {
			if (!(w & 1u) || !((s.status >> (w - 1)) & 1u))
				s.status |= 1ull << w;
			continue;
		}
		for (f = 0; f < ns && f < n; f++)
			if (!((s.mask >> f) & 1u))
				freel[nfree++] = f;
		if (!nfree)
			continue;
		f = freel[rfm_rng_below(r, nfree)];
		s.status |= 1ull << w;
		s.lut[w] = (uint8_t)f;
		x->sk.xbase[w] = rfm_srp_sect_base(c, &x->sk, f);
		s.mask |= 1ull << f;
	}
	x->ss = s;
	rfm_set(m, x->ix.kw, kw);
	rfm_set(m, x->ix.kr, kr);
	rfm_set(m, x->ix.kb, kr - es);
	rfm_set(m, x->ix.status, s.status);
	if (rfm_rm_precomp(c)) { /* the tables rf_top and the allocator would hold */
		for (w = 0; w < rfm_srp_tab_n(c); w++)
			rfm_bits_set(rfm_wide(m, x->ix.base), w * c->d.pack_w, c->d.pack_w, x->sk.base[w]);
		for (w = 0; !paired && w < n; w++)
			rfm_bits_set(rfm_wide(m, x->ix.xbase), w * c->d.pack_w, c->d.pack_w, x->sk.xbase[w]);
	} else {
		rfm_set(m, x->ix.ke, es);
		if (!paired)
			rfm_set(m, x->ix.ks, (uint64_t)kw * (kr - es));
		for (w = 0; !paired && w < n; w++)
			rfm_bits_set(rfm_wide(m, x->ix.lut), w * lw, lw, s.lut[w]);
	}
	for (p = 0; p < x->nx; p++) {
		unsigned pw = (unsigned)rfm_rng_below(r, kw), pr = (unsigned)rfm_rng_below(r, kr);
		if (rfm_rng_chance(r, 1, 16)) { /* outside the kernel */
			pw = (unsigned)rfm_rng_below(r, 1u << c->d.warp_w);
			pr = (unsigned)rfm_rng_below(r, 1u << c->d.reg_w);
		} else if (rfm_rng_chance(r, 1, 16)) { /* the kernel's last register */
			pw = kw - 1;
			pr = kr - 1;
		}
		rfm_set(m, x->ix.w[p], pw);
		rfm_set(m, x->ix.r[p], pr);
	}
}

static int xl_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_srp_xl_t *x = (rfm_srp_xl_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned p, q, P = c->d.warp_regs;
	int paired = c->regmutex_paired == RFM_ON;
	uint64_t bs = x->k.bs, es = x->k.es, ns, last;
	ns = paired ? 0 : rfm_rm_sections(c, x->k.warps, x->k.bs, x->k.es);
	last = paired ? (uint64_t)((x->k.warps + 1) / 2) * (2 * bs + es) - 1
		      : ns ? x->k.srp + ns * es - 1 : (uint64_t)x->k.warps * bs - 1;
	for (p = 0; p < x->nx; p++) {
		unsigned w = (unsigned)rfm_get(m, x->ix.w[p]), r = (unsigned)rfm_get(m, x->ix.r[p]);
		uint64_t y = rfm_get(m, x->ix.pack[p]), lo, hi;
		if (rfm_get(m, x->ix.err[p])) {
			rfm_cov_hit(m, XC_OUTSIDE);
			continue;
		}
		if (rfm_get(m, x->ix.xerr[p])) {
			rfm_cov_hit(m, XC_NOSECT);
			continue;
		}
		if (y == last)
			rfm_cov_hit(m, XC_LAST_PACK);
		rfm_cov_hit(m, r < bs ? XC_BASE : XC_EXT);
		/* invariants 12-14 (19 when paired): the pack lies in the warp's own region */
		if (paired) {
			lo = (w >> 1) * (2 * bs + es) + (r < bs ? (w & 1u) * bs : 2 * bs);
			hi = lo + (r < bs ? bs : es);
		} else if (r < bs) {
			lo = w * bs;
			hi = lo + bs;
		} else {
			lo = x->k.srp + x->s.lut[w] * es;
			hi = lo + es;
		}
		if (y < lo || y >= hi || y >= P || (!paired && r < bs && y >= x->k.srp)) {
			fprintf(err, "cycle %llu: rf_srp_xlate invariant: warp %u r%u -> pack %llu, outside its region "
				"[%llu, %llu) or the file (%u packs)\n", (unsigned long long)cycle, w, r,
				(unsigned long long)y, (unsigned long long)lo, (unsigned long long)hi, P);
			return 1;
		}
		for (q = 0; q < p; q++) { /* different registers never share a pack */
			unsigned w2 = (unsigned)rfm_get(m, x->ix.w[q]), r2 = (unsigned)rfm_get(m, x->ix.r[q]);
			if (rfm_get(m, x->ix.err[q]) || rfm_get(m, x->ix.xerr[q]) || (w2 == w && r2 == r))
				continue;
			if (rfm_get(m, x->ix.pack[q]) == y) {
				fprintf(err, "cycle %llu: rf_srp_xlate invariant: warp %u r%u and warp %u r%u share pack %llu\n",
					(unsigned long long)cycle, w, r, w2, r2, (unsigned long long)y);
				return 1;
			}
		}
	}
	return 0;
}

/* What rfm_rf_srp_xlate_create does after rfm_model_init: 0 on success. */
static int srp_xlate_setup(rfm_model_t *m)
{
	rfm_srp_xl_t *x = (rfm_srp_xl_t *)m;
	const rfm_cfg_t *c = m->cfg;
	x->nx = xl_nports(c);
	return 0;
}

RFM_BLOCK(rf_srp_xlate, rfm_srp_xl_t, xl_ix_t, xl_ports, xc_names, XC_N,
	  rfm_block_noop, xl_eval, rfm_block_noop, xl_stim, xl_check,
	  rfm_block_noop, srp_xlate_setup)
