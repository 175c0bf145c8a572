/* ctl_ports.c - the register management unit's shared ports (ctl_ports.h). */
#include <string.h>

#include "ctl_ports.h"
#include "rfm_finereg_int.h"
#include "rfm_models.h"
#include "rfm_util.h"

const char *const rfm_fr_ctl_cnt_names[RFM_FR_CTL_NCNT] = {
	"stalls",   "drops",	"stays",     "depletion", "bv_bytes", "launches", "exits",   "evictions",
	"restores", "swaps",	"switches",  "resumes",	  "hits",     "misses",	  "eng_busy", "eng_wait",
	"eng_ard",  "eng_awr", "eng_prd",   "eng_pwr",	  "eng_ops",  "eng_depleted"};
const char *const rfm_fr_ctl_cnt_help[RFM_FR_CTL_NCNT] = {
	"stall events: lookups started on a CTA whose warps all wait", "lookups and decisions dropped (the stall ended)",
	"decisions to stay", "depletion-stall cycles (per CTA that stayed for want of entries)",
	"bit-vector bytes fetched (8 a fill)", "CTAs launched", "CTAs finished", "evictions (a swap's too)",
	"restores (a swap's too)", "swaps", "context-only switches", "resumes of (1,2) CTAs", "bit-vector cache hits",
	"bit-vector cache misses", "engine: cycles with an operation in progress",
	"engine: cycles its ACRF queue waited for a bank", "engine: ACRF registers read",
	"engine: ACRF registers written (zeros too)", "engine: PCRF entries read", "engine: PCRF entries written",
	"engine: operations completed", "engine: starts refused for want of entries"};

static unsigned at_least1(unsigned n) { return n ? n : 1; }

unsigned rfm_fr_ix_bits(unsigned n) { return at_least1(rfm_clog2(n)); }

void rfm_fr_pack_owners(const int *owner, unsigned n, unsigned bits, uint32_t *out)
{
	unsigned s;
	memset(out, 0, (n * bits + 31) / 32 * 4u);
	for (s = 0; s < n; s++)
		if (owner[s] >= 0)
			rfm_bits_set(out, s * bits, bits, (uint64_t)owner[s]);
}

void rfm_fr_ctl_ports_sched(const rfm_cfg_t *c, rfm_ports_t *pt, rfm_fr_ctl_pix_t *ix, const char *pre,
	const char *group, unsigned vec_bits)
{
	rfm_fr_geom_t g;
	unsigned S, W, n;
	rfm_finereg_geom_of(c, &g);
	ix->S = S = at_least1(g.acrf_slots);
	ix->W = W = at_least1(g.warps);
	ix->n = n = at_least1(g.ctas);
	rfm_ports_group(pt, "%s", group);
	ix->stall = rfm_ports_add(pt, RFM_IN, S * W, "per warp of each slot (slot x W + warp): it waits", "%sstall_i", pre);
	ix->pc = rfm_ports_add(pt, RFM_IN, S * W * 32, "and its PC", "%spc_i", pre);
	ix->ready = rfm_ports_add(pt, RFM_IN, n, "per CTA line: none of its warps waits", "%sready_i", pre);
	ix->exit = rfm_ports_add(pt, RFM_IN, S, "per slot: its CTA's warps all finished", "%sexit_i", pre);
	ix->nl = rfm_ports_add(pt, RFM_IN, 1, "a CTA of the grid waits to be launched", "%snew_left_i", pre);
	ix->fv = rfm_ports_add(pt, RFM_IN, 1, "the bit-vector fill port: a vector from memory", "%sfill_valid_i", pre);
	ix->fpc = rfm_ports_add(pt, RFM_IN, 32, "its PC", "%sfill_pc_i", pre);
	ix->fvec = rfm_ports_add(pt, RFM_IN, vec_bits, "its live registers", "%sfill_vec_i", pre);
	ix->miss = rfm_ports_add(pt, RFM_OUT, 1, "a missed vector is awaited", "%smiss_o", pre);
	ix->mpc = rfm_ports_add(pt, RFM_OUT, 32, "its PC (0 when none)", "%smiss_pc_o", pre);
	ix->act = rfm_ports_add(pt, RFM_OUT, S, "per slot: its CTA is active and not being moved (its warps may issue)",
				"%sact_o", pre);
	ix->scta = rfm_ports_add(pt, RFM_OUT, S * rfm_fr_ix_bits(n),
				 "per slot: the CTA line holding it, [s*bits +: bits] (0 when none)", "%sslot_cta_o", pre);
}

void rfm_fr_ctl_ports_show(const rfm_cfg_t *c, rfm_ports_t *pt, rfm_fr_ctl_pix_t *ix, const char *pre,
	const char *gpre)
{
	rfm_fr_geom_t g;
	unsigned pb = at_least1(c->d.fr_ptr_bits), cb, lb, sb, gb, k, nb = c->stats_counter_bits;
	rfm_finereg_geom_of(c, &g);
	cb = rfm_fr_count_bits(&g);
	lb = rfm_fr_ix_bits(ix->n);
	sb = rfm_fr_ix_bits(ix->S);
	gb = rfm_clog2((uint64_t)ix->n + 1);
	rfm_ports_group(pt, "%swhat happens at the edge", gpre);
	ix->state = rfm_ports_add(pt, RFM_OUT, 3, "0 idle, 1 lookup, 2 miss, 3 decide, 4 move", "%sstate_o", pre);
	ix->lslot = rfm_ports_add(pt, RFM_OUT, sb, "lookup, miss, decide: the stalled slot (0 else)", "%slook_slot_o", pre);
	ix->go = rfm_ports_add(pt, RFM_OUT, 1, "an engine operation starts", "%sgo_o", pre);
	ix->op = rfm_ports_add(pt, RFM_OUT, 2, "0 launch, 1 eviction, 2 restore, 3 swap (0 when none)", "%sop_o", pre);
	ix->slot = rfm_ports_add(pt, RFM_OUT, sb, "its slot (0 when none)", "%sslot_o", pre);
	ix->ca = rfm_ports_add(pt, RFM_OUT, lb, "its CTA (a swap's stalled one), the switch's outgoing CTA, the CTA resumed",
			       "%sa_o", pre);
	ix->cb = rfm_ports_add(pt, RFM_OUT, lb, "a swap's pending CTA, the switch's incoming CTA (0 else)", "%sb_o", pre);
	ix->pipe = rfm_ports_add(pt, RFM_OUT, 1, "a launch's context goes into the pipeline", "%spipe_o", pre);
	ix->done = rfm_ports_add(pt, RFM_OUT, 1, "the engine's operation ends", "%sdone_o", pre);
	ix->csw = rfm_ports_add(pt, RFM_OUT, 1, "a context-only switch", "%scsw_o", pre);
	ix->stay = rfm_ports_add(pt, RFM_OUT, 2, "a decision to stay: 1 nothing to switch to, 2 too few PCRF entries",
				 "%sstay_o", pre);
	ix->resume = rfm_ports_add(pt, RFM_OUT, 1, "a (1,2) CTA resumes into the pipeline (a_o)", "%sresume_o", pre);
	ix->ex = rfm_ports_add(pt, RFM_OUT, 1, "a CTA finishes", "%sexit_o", pre);
	ix->excta = rfm_ports_add(pt, RFM_OUT, lb, "which (0 when none)", "%sexit_cta_o", pre);
	rfm_ports_group(pt, "%sthe state", gpre);
	ix->pcta = rfm_ports_add(pt, RFM_IN, lb, "a CTA line to show", "%sp_cta_i", pre);
	ix->px = rfm_ports_add(pt, RFM_OUT, 2, "its context field", "%sp_ctx_o", pre);
	ix->pr = rfm_ports_add(pt, RFM_OUT, 2, "its register field", "%sp_reg_o", pre);
	ix->ph = rfm_ports_add(pt, RFM_OUT, pb, "its chain's head", "%sp_head_o", pre);
	ix->pn = rfm_ports_add(pt, RFM_OUT, cb, "its live count", "%sp_count_o", pre);
	ix->fcnt = rfm_ports_add(pt, RFM_OUT, cb, "empty PCRF entries", "%sfree_count_o", pre);
	ix->res = rfm_ports_add(pt, RFM_OUT, gb, "resident CTAs", "%sresident_o", pre);
	ix->pend = rfm_ports_add(pt, RFM_OUT, gb, "pending CTAs (1,1)", "%spending_o", pre);
	ix->actn = rfm_ports_add(pt, RFM_OUT, gb, "CTAs with their context in the pipeline", "%sactive_o", pre);
	rfm_ports_group(pt, "%scounters (wrapping)", gpre);
	for (k = 0; k < RFM_FR_CTL_NCNT; k++)
		ix->cnt[k] = rfm_ports_add(pt, RFM_OUT, nb, rfm_fr_ctl_cnt_help[k], "%scnt_%s_o", pre, rfm_fr_ctl_cnt_names[k]);
}

unsigned rfm_fr_count_status(const rfm_fr_t *u, int ctx, int reg)
{
	unsigned c, n = 0;
	for (c = 0; c < u->g.ctas; c++)
		n += (ctx < 0 ? u->ctx[c] || u->reg[c] : u->ctx[c] == ctx && u->reg[c] == reg);
	return n;
}

int rfm_fr_ctl_active(const rfm_fr_ctl_t *k, unsigned s)
{
	const rfm_fr_t *u = k->u;
	int o = u->owner[s];
	return o >= 0 && u->ctx[o] == RFM_FR_CTX_PIPE && u->reg[o] == RFM_FR_REG_ACRF &&
	       !rfm_fr_eng_moving(&k->e, (unsigned)o);
}

void rfm_fr_ctl_show(rfm_model_t *m, const rfm_fr_ctl_pix_t *ix, const rfm_fr_ctl_t *k, const rfm_fr_ctl_act_t *a)
{
	const rfm_fr_t *u = k->u;
	uint64_t cm = rfm_mask64(m->cfg->stats_counter_bits), p = rfm_get(m, ix->pcta);
	uint32_t *act = rfm_wide(m, ix->act);
	int go = a->op >= 0, look = k->st >= RFM_FR_CTL_LOOKUP && k->st <= RFM_FR_CTL_DECIDE;
	unsigned s, i;
	const uint64_t cnt[RFM_FR_CTL_NCNT] = {k->n.stall_events, k->n.stall_gone, k->n.stays, k->n.depletion_cycles,
		k->n.bv_bytes, u->n.launches, u->n.exits, u->n.evictions, u->n.restores, u->n.swaps, u->n.ctx_switches,
		u->n.resumes, u->n.lrc_hits, u->n.lrc_misses, k->e.n.busy, k->e.n.hold_waits, k->e.n.acrf_reads,
		k->e.n.acrf_writes, k->e.n.pcrf_reads, k->e.n.pcrf_writes, k->e.n.ops, u->n.depleted};
	rfm_set(m, ix->state, k->st);
	rfm_set(m, ix->lslot, look ? k->s : 0);
	rfm_set(m, ix->miss, k->st == RFM_FR_CTL_MISS);
	rfm_set(m, ix->mpc, k->st == RFM_FR_CTL_MISS ? k->miss_pc : 0);
	memset(act, 0, (ix->S + 31) / 32 * 4u);
	for (s = 0; s < ix->S; s++)
		rfm_bits_set(act, s, 1, (uint64_t)rfm_fr_ctl_active(k, s));
	rfm_fr_pack_owners(u->owner, ix->S, rfm_fr_ix_bits(ix->n), rfm_wide(m, ix->scta));
	rfm_set(m, ix->go, go);
	rfm_set(m, ix->op, go ? (unsigned)a->op - RFM_FR_OP_LAUNCH : 0);
	rfm_set(m, ix->slot, go ? a->slot : 0);
	rfm_set(m, ix->ca, go || a->csw ? a->a : a->resume >= 0 ? (unsigned)a->resume : 0);
	rfm_set(m, ix->cb, (go && a->op == RFM_FR_OP_SWAP) || a->csw ? a->b : 0);
	rfm_set(m, ix->pipe, go && a->op == RFM_FR_OP_LAUNCH && a->pipe);
	rfm_set(m, ix->done, a->done);
	rfm_set(m, ix->csw, a->csw);
	rfm_set(m, ix->stay, a->stay == 1 + RFM_FR_STAY_NOTHING ? 1 : a->stay == 1 + RFM_FR_STAY_DEPLETED ? 2 : 0);
	rfm_set(m, ix->resume, a->resume >= 0);
	rfm_set(m, ix->ex, a->exit_slot >= 0);
	rfm_set(m, ix->excta, a->exit_slot >= 0 ? a->exit_cta : 0);
	rfm_set(m, ix->px, p < ix->n ? u->ctx[p] : 0);
	rfm_set(m, ix->pr, p < ix->n ? u->reg[p] : 0);
	rfm_set(m, ix->ph, p < ix->n ? u->ptr[p].head : 0);
	rfm_set(m, ix->pn, p < ix->n ? u->ptr[p].count : 0);
	rfm_set(m, ix->fcnt, u->free_count);
	rfm_set(m, ix->res, rfm_fr_count_status(u, -1, 0));
	rfm_set(m, ix->pend, rfm_fr_count_status(u, RFM_FR_CTX_SHMEM, RFM_FR_REG_PCRF));
	rfm_set(m, ix->actn, rfm_fr_in_pipe(u));
	for (i = 0; i < RFM_FR_CTL_NCNT; i++)
		rfm_set(m, ix->cnt[i], cnt[i] & cm);
}
