/* workload.c - a synthetic stall model around FineReg's controller (rfm_finereg.h, docs/finereg.md,
 * "Synthetic workload"): it plays the warp scheduler (warps of active CTAs issue, then wait on a
 * load, then issue again, then finish) and the memory system (loads return after a random wait,
 * missed live vectors after a fixed latency). Synthetic: no instruction stream, no kernel. */
#include <stdlib.h>
#include <string.h>

#include "rfm_finereg_int.h"

enum { ISSUE, WAIT, FINISHED };

static uint64_t mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ull;
	x ^= x >> 33;
	return x;
}

static unsigned draw(rfm_fr_wl_t *l, unsigned lo, unsigned hi)
{
	l->rng = mix(l->rng + 0x9e3779b97f4a7c15ull);
	return lo + (unsigned)(l->rng % (hi - lo + 1));
}

int rfm_fr_wl_init(rfm_fr_wl_t *l, const rfm_fr_t *u, const rfm_fr_wl_cfg_t *cfg)
{
	size_t lines = u->g.ctas, slots = u->g.acrf_slots, W = u->g.warps;
	memset(l, 0, sizeof(*l));
	if (!cfg->grid || !cfg->kernel_len || cfg->loads < 1 || cfg->loads > cfg->kernel_len || cfg->issue_min < 1 || cfg->issue_max < cfg->issue_min || cfg->mem_min < 1 ||
	    cfg->mem_max < cfg->mem_min || cfg->density > 16)
		return -1;
	l->cfg = *cfg;
	l->u = u;
	l->rng = cfg->seed;
	l->warp = calloc(lines * W, sizeof(*l->warp));
	l->launched = calloc(lines, 1);
	l->stall = calloc(slots * W, 1);
	l->pc = calloc(slots * W, sizeof(uint32_t));
	l->ready = calloc(lines, 1);
	l->exit = calloc(slots, 1);
	l->wb = calloc(lines * W, sizeof(*l->wb));
	if (!l->warp || !l->launched || !l->stall || !l->pc || !l->ready || !l->exit || !l->wb) {
		rfm_fr_wl_free(l);
		return -1;
	}
	return 0;
}

void rfm_fr_wl_free(rfm_fr_wl_t *l)
{
	free(l->warp);
	free(l->launched);
	free(l->stall);
	free(l->pc);
	free(l->ready);
	free(l->exit);
	free(l->wb);
	memset(l, 0, sizeof(*l));
}

uint64_t rfm_fr_wl_bv(const rfm_fr_wl_t *l, uint32_t pc)
{
	uint64_t bv = 0;
	unsigned r;
	for (r = 0; r < l->u->g.regs; r++)
		if ((mix(l->cfg.seed ^ ((uint64_t)pc << 8 | r)) & 15) < l->cfg.density)
			bv |= (uint64_t)1 << r;
	return bv;
}

/* The register a load at pc writes. */
static unsigned dest(const rfm_fr_wl_t *l, uint32_t pc) { return (pc / 8 * 7 + 3) % l->u->g.regs; }

static rfm_fr_wl_warp_t *warp(const rfm_fr_wl_t *l, unsigned c, unsigned w) { return &l->warp[c * l->u->g.warps + w]; }

void rfm_fr_wl_inputs(rfm_fr_wl_t *l, const rfm_fr_ctl_t *k, rfm_fr_ctl_in_t *in)
{
	const rfm_fr_t *u = l->u;
	unsigned s, c, w, W = u->g.warps;
	l->nwb = 0;
	for (s = 0; s < u->g.acrf_slots; s++) {
		int o = u->owner[s];
		unsigned fin = 0;
		for (w = 0; w < W; w++) {
			const rfm_fr_wl_warp_t *x = o >= 0 ? warp(l, (unsigned)o, w) : NULL;
			l->stall[s * W + w] = x && x->state != ISSUE;
			l->pc[s * W + w] = x ? x->pc : 0;
			fin += x && x->state == FINISHED;
		}
		l->exit[s] = o >= 0 && fin == W;
	}
	for (c = 0; c < u->g.ctas; c++) {
		unsigned waiting = 0;
		for (w = 0; w < W; w++) {
			const rfm_fr_wl_warp_t *x = warp(l, c, w);
			waiting += x->state == WAIT;
			if (l->launched[c] && x->state == WAIT && x->timer == 1 && !rfm_fr_eng_moving(&k->e, c))
				l->wb[l->nwb++] = (rfm_fr_wl_wb_t){c, w, dest(l, x->pc)};
		}
		l->ready[c] = u->ctx[c] == RFM_FR_CTX_SHMEM && !waiting;
	}
	in->stall = l->stall;
	in->pc = l->pc;
	in->ready = l->ready;
	in->exit = l->exit;
	in->new_left = l->started < l->cfg.grid;
	in->fill_valid = l->fill_pending && l->fill_timer == 0;
	in->fill_pc = l->fill_pc;
	in->fill_bv = in->fill_valid ? rfm_fr_wl_bv(l, l->fill_pc) : 0;
}

void rfm_fr_wl_tick(rfm_fr_wl_t *l, const rfm_fr_ctl_t *k)
{
	const rfm_fr_t *u = l->u;
	unsigned c, w;
	uint32_t pc;
	l->cycles++;
	for (c = 0; c < u->g.ctas; c++) {
		int now = u->reg[c] != RFM_FR_NONE, active = u->ctx[c] == RFM_FR_CTX_PIPE && u->reg[c] == RFM_FR_REG_ACRF;
		int moving = rfm_fr_eng_moving(&k->e, c);
		if (now && !l->launched[c]) { /* launched at this edge: its warps start at PC 0 */
			l->started++;
			for (w = 0; w < u->g.warps; w++)
				*warp(l, c, w) = (rfm_fr_wl_warp_t){ISSUE, draw(l, l->cfg.issue_min, l->cfg.issue_max), 0, 0};
		} else if (!now && l->launched[c])
			l->finished++;
		l->launched[c] = (uint8_t)now;
		l->resident_sum += (unsigned)now;
		l->active_sum += (unsigned)active;
		if (!now)
			continue;
		for (w = 0; w < u->g.warps; w++) {
			rfm_fr_wl_warp_t *x = warp(l, c, w);
			if (x->state == ISSUE && active && !moving) {
				x->pc = (x->pc + 8) % (8 * l->cfg.kernel_len);
				if (--x->timer == 0) {
					if (x->done_waits < l->cfg.waits) { /* on to the next load, and wait there */
						uint32_t gap = l->cfg.kernel_len / l->cfg.loads * 8;
						x->pc = (x->pc + gap - 1) / gap * gap % (8 * l->cfg.kernel_len);
						x->state = WAIT, x->timer = draw(l, l->cfg.mem_min, l->cfg.mem_max);
					} else
						x->state = FINISHED;
				}
			} else if (x->state == WAIT && !(x->timer == 1 && moving) && --x->timer == 0) {
				x->done_waits++;
				x->state = ISSUE;
				x->timer = draw(l, l->cfg.issue_min, l->cfg.issue_max);
			}
		}
	}
	if (l->fill_pending) {
		if (l->fill_timer == 0)
			l->fill_pending = 0; /* delivered this cycle */
		else
			l->fill_timer--;
	} else if (rfm_fr_ctl_miss(k, &pc)) {
		l->fill_pending = 1;
		l->fill_pc = pc;
		l->fill_timer = l->cfg.bv_lat;
	}
}
