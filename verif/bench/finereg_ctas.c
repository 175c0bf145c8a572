/* finereg_ctas.c - FineReg's resident CTAs against the baseline's on a SYNTHETIC stall model
 * (docs/finereg.md, "Synthetic benchmark"; make bench).
 *
 *   finereg_ctas [--waits MIN-MAX] [-s SECTION.KEY=VALUE]... CONFIG.ini
 *
 * Geometry and the unit's parameters come from CONFIG's [finereg] section (finereg.enable = on;
 * docs/finereg.md, "Configuration"): the ACRF's CTA slots of the reference kernel, the PCRF, the
 * resident and active CTAs, the bit-vector cache, the PCRF latency and beat, the miss latency; an
 * ACRF register's bank is the base mapping's (mapping.layout) of rf_top's warp slot x W + w. `make
 * bench` runs verif/bench/finereg_paper.ini, the paper's SM (Table I). The baseline keeps every
 * CTA's registers in the whole file (rf.banks x rf.entries): as many CTAs as fit, as the warp slots
 * take and as finereg.active_ctas allows, all active, no switching.
 *
 * Workload (synthetic, not a trace of any program: rfm_fr_wl_* in cmodel/finereg/workload.c): a
 * grid of 256 CTAs; each warp issues for 20 to 200 cycles, then waits on a load at the next of 4
 * load PCs of a 60-instruction loop, 4 times, then issues once more and finishes; a wait lasts MIN
 * to MAX cycles (--waits, 200-800 unless given); the live vector of a PC is a fixed pseudo-random
 * function of it with DENSITY in 16 registers live, DENSITY swept from 2 to 14. The engine's bank
 * holds are always granted: no operand traffic is modelled. Seed 1.
 *
 * Reports, per density: time-averaged resident CTAs (launched, not finished) and active CTAs, for
 * FineReg and for the baseline, their ratio (the paper's "2.47x concurrent CTAs" is on real
 * benchmarks with GPGPU-Sim: not comparable, see docs/finereg.md), the cycles to finish the grid,
 * FineReg's evictions and swaps, stall events (lookups started) and those dropped because a warp
 * issued again before the decision, depletion-stall cycles, the bit-vector cache's hit rate and
 * bytes fetched, and the engine's busy share. Exit 2 on bad arguments or a bad config. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_config.h"
#include "rfm_finereg.h"
#include "rfm_models.h"

/* What a run needs besides the unit's geometry. */
typedef struct setup {
	const rfm_cfg_t *cfg;
	unsigned mem_min, mem_max;
} setup_t;

/* A run's unit: its geometry and the config. */
typedef struct unit_ctx {
	const rfm_cfg_t *cfg;
	const rfm_fr_geom_t *g;
} unit_ctx_t;

/* ACRF bank of register (w, r) of slot s: the base mapping of rf_top's warp s x W + w. */
static unsigned bank_of(void *ctx, unsigned s, unsigned w, unsigned r)
{
	const unit_ctx_t *x = ctx;
	unsigned W = x->g->warps, bank = 0, row = 0;
	rfm_map_fn(x->cfg, x->g->acrf_slots * W, x->g->regs, s * W + w, r, &bank, &row);
	return bank;
}

typedef struct result {
	double resident, active;
	uint64_t cycles, evictions, swaps, depletion, hits, misses, bv_bytes, busy, stalls, gone;
} result_t;

static int run(const rfm_fr_geom_t *g, int no_switch, unsigned density, const setup_t *st, result_t *out)
{
	const rfm_cfg_t *c = st->cfg;
	unit_ctx_t x = {c, g};
	rfm_fr_eng_cfg_t ec = {.pcrf_lat = c->finereg_pcrf_latency, .beat_words = c->d.fr_beat_words,
		.banks = c->rf_banks, .bank = bank_of, .ctx = &x};
	rfm_fr_wl_cfg_t wc = {.grid = 256, .waits = 4, .issue_min = 20, .issue_max = 200, .mem_min = st->mem_min,
		.mem_max = st->mem_max, .kernel_len = 60, .loads = 4, .density = density, .bv_lat = c->finereg_bv_latency,
		.seed = 1};
	rfm_fr_t *u = rfm_fr_create(g);
	rfm_fr_ctl_t k;
	rfm_fr_wl_t l;
	char why[80];
	if (!u || rfm_fr_ctl_init(&k, u, &ec, c->finereg_cache_entries, why, sizeof(why)) || rfm_fr_wl_init(&l, u, &wc)) {
		fprintf(stderr, "finereg_ctas: cannot set up the run\n");
		return -1;
	}
	k.no_switch = no_switch;
	while (l.finished < wc.grid && l.cycles < 50000000) {
		rfm_fr_ctl_in_t in;
		rfm_fr_wl_inputs(&l, &k, &in);
		in.hold_gnt = ~(uint64_t)0;
		rfm_fr_ctl_cycle(&k, &in);
		rfm_fr_wl_tick(&l, &k);
	}
	*out = (result_t){(double)l.resident_sum / (double)l.cycles, (double)l.active_sum / (double)l.cycles, l.cycles,
		u->n.evictions, u->n.swaps, k.n.depletion_cycles, u->n.lrc_hits, u->n.lrc_misses, k.n.bv_bytes, k.e.n.busy,
		k.n.stall_events, k.n.stall_gone};
	rfm_fr_wl_free(&l);
	rfm_fr_ctl_free(&k);
	rfm_fr_destroy(u);
	return 0;
}

static int usage(void)
{
	fprintf(stderr, "usage: finereg_ctas [--waits MIN-MAX] [-s SECTION.KEY=VALUE]... CONFIG.ini\n");
	return 2;
}

int main(int argc, char **argv)
{
	const char *ovr[32], *path = NULL;
	unsigned novr = 0, density, cta, base_slots, file, i;
	setup_t st = {.mem_min = 200, .mem_max = 800};
	rfm_cfg_t cfg;
	rfm_fr_geom_t fg, bg;
	for (i = 1; i < (unsigned)argc; i++) {
		char tail;
		if (!strcmp(argv[i], "--waits") && i + 1 < (unsigned)argc) {
			if (sscanf(argv[++i], "%u-%u%c", &st.mem_min, &st.mem_max, &tail) != 2 || st.mem_min < 1 ||
			    st.mem_max < st.mem_min || st.mem_max > 1000000) {
				fprintf(stderr, "finereg_ctas: --waits %s: not MIN-MAX cycles (legal: 1 <= MIN <= MAX <= "
						"1000000)\n", argv[i]);
				return 2;
			}
		} else if (!strcmp(argv[i], "-s") && i + 1 < (unsigned)argc && novr < 32)
			ovr[novr++] = argv[++i];
		else if (argv[i][0] != '-' && !path)
			path = argv[i];
		else
			return usage();
	}
	if (!path)
		return usage();
	if (rfm_cfg_load(&cfg, path, ovr, novr, stderr) != RFM_OK)
		return 2;
	if (cfg.finereg_enable != RFM_ON) {
		fprintf(stderr, "finereg_ctas: %s: finereg.enable = off (legal: on)\n", path);
		return 2;
	}
	st.cfg = &cfg;
	rfm_finereg_geom_of(&cfg, &fg);
	cta = fg.warps * fg.regs;
	file = cfg.rf_banks * cfg.rf_entries;
	base_slots = file / cta;
	if (base_slots > cfg.sm_warps / fg.warps)
		base_slots = cfg.sm_warps / fg.warps;
	if (base_slots > cfg.finereg_active_ctas)
		base_slots = cfg.finereg_active_ctas;
	bg = fg;
	bg.pcrf_entries = 1;
	bg.ptr_bits = 0;
	bg.acrf_slots = bg.active_ctas = base_slots;
	printf("# finereg_ctas %s: SYNTHETIC stall model (no program): CTAs of %u warps x %u registers; FineReg ACRF "
	       "%u slots + PCRF %u entries, %u resident, %u active at most; baseline %u CTAs in %u warp registers; "
	       "grid 256 CTAs, 4 waits per warp at 4 load PCs of a 60-instruction loop, issue runs of 20-200 cycles, "
	       "vectors from memory in %u cycles, PCRF latency %u, holds always granted, seed 1\n",
		cfg.name, fg.warps, fg.regs, fg.acrf_slots, fg.pcrf_entries, fg.ctas, fg.active_ctas, base_slots, file,
		(unsigned)cfg.finereg_bv_latency, (unsigned)cfg.finereg_pcrf_latency);
	printf("# waits of %u-%u cycles, PCRF beats of %u bytes\n", st.mem_min, st.mem_max,
	       (unsigned)cfg.finereg_beat_bytes);
	printf("# density | resident FineReg / baseline = ratio | active FineReg / baseline | cycles FineReg / "
	       "baseline | evictions swaps | stalls (dropped) | depletion cycles | BV hit rate, bytes | engine busy\n");
	for (density = 2; density <= 14; density += 2) {
		result_t f, b;
		if (run(&fg, 0, density, &st, &f) || run(&bg, 1, density, &st, &b))
			return 1;
		printf("%2u/16 | %6.2f / %5.2f = %4.2fx | %5.2f / %5.2f | %7llu / %7llu | %4llu %4llu | %4llu (%3llu) | "
		       "%6llu | %5.1f%%, %5llu B | %4.1f%%\n",
			density, f.resident, b.resident, f.resident / b.resident, f.active, b.active,
			(unsigned long long)f.cycles, (unsigned long long)b.cycles, (unsigned long long)f.evictions,
			(unsigned long long)f.swaps, (unsigned long long)f.stalls, (unsigned long long)f.gone,
			(unsigned long long)f.depletion,
			100.0 * (double)f.hits / (double)((f.hits + f.misses) ? f.hits + f.misses : 1),
			(unsigned long long)f.bv_bytes, 100.0 * (double)f.busy / (double)f.cycles);
	}
	return 0;
}
