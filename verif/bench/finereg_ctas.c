/* finereg_ctas.c - FineReg's resident CTAs against the baseline's on a SYNTHETIC stall model
 * (docs/finereg.md, "Synthetic benchmark"; make bench).
 *
 *   finereg_ctas [WARPS REGS]      the reference kernel: warps per CTA, registers per thread (8 32)
 *
 * Geometry: the paper's SM (Table I): a 256 KB register file of 2048 warp registers (32 lanes x
 * 32 bits); FineReg splits it 128 KB / 128 KB: an ACRF of 1024 warp registers in CTA slots and a
 * PCRF of 1024 entries; 128 resident CTAs; a 32-entry bit-vector cache; the pipeline takes at most
 * 32 CTAs and 64 warps. The baseline keeps every CTA's registers in the whole file: as many CTAs
 * as fit (and as the pipeline takes), all active, no switching.
 *
 * Workload (synthetic, not a trace of any program: rfm_fr_wl_* in cmodel/finereg/workload.c): a
 * grid of 256 CTAs; each warp issues for 20 to 200 cycles, then waits on a load at the next of 4
 * load PCs of a 60-instruction loop, 4 times, then issues once more and finishes; the live vector
 * of a PC is a fixed pseudo-random function of it with DENSITY in 16 registers live, DENSITY swept
 * from 2 to 14; missed vectors come back from memory after 200 cycles; PCRF access latency 4. Two
 * scenarios: waits of 200 to 800 cycles with PCRF beats of 32 bytes (4 per register), and waits of
 * 1000 to 3000 cycles with beats of 128 bytes (a register per beat). The engine's bank holds are
 * always granted: no operand traffic is modelled. Seed 1.
 *
 * Reports, per density: time-averaged resident CTAs (launched, not finished) and active CTAs, for
 * FineReg and for the baseline, their ratio (the paper's "2.47x concurrent CTAs" is on real
 * benchmarks with GPGPU-Sim: not comparable, see docs/finereg.md), the cycles to finish the grid,
 * FineReg's evictions and swaps, stall events (lookups started) and those dropped because a warp
 * issued again before the decision, depletion-stall cycles, the bit-vector cache's hit rate and
 * bytes fetched, and the engine's busy share. */
#include <stdio.h>
#include <stdlib.h>

#include "rfm_finereg.h"

/* ACRF bank of a register: 16 banks, (warp + register) mod 16 like the base mapping. */
static unsigned bank_of(void *ctx, unsigned s, unsigned w, unsigned r)
{
	(void)ctx;
	(void)s;
	return (w + r) % 16;
}

/* A scenario: how long the waits last, how wide a PCRF beat is. */
typedef struct scenario {
	unsigned mem_min, mem_max, beat_words;
} scenario_t;

typedef struct result {
	double resident, active;
	uint64_t cycles, evictions, swaps, depletion, hits, misses, bv_bytes, busy, stalls, gone;
} result_t;

static int run(const rfm_fr_geom_t *g, int no_switch, unsigned density, const scenario_t *sc, result_t *out)
{
	static unsigned banks = 16;
	rfm_fr_eng_cfg_t ec = {.pcrf_lat = 4, .beat_words = sc->beat_words, .banks = banks, .bank = bank_of, .ctx = &banks};
	rfm_fr_wl_cfg_t wc = {.grid = 256, .waits = 4, .issue_min = 20, .issue_max = 200, .mem_min = sc->mem_min,
		.mem_max = sc->mem_max, .kernel_len = 60, .loads = 4, .density = density, .bv_lat = 200, .seed = 1};
	rfm_fr_t *u = rfm_fr_create(g);
	rfm_fr_ctl_t k;
	rfm_fr_wl_t l;
	char why[80];
	if (!u || rfm_fr_ctl_init(&k, u, &ec, 32, why, sizeof(why)) || rfm_fr_wl_init(&l, u, &wc)) {
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

int main(int argc, char **argv)
{
	static const scenario_t scenarios[2] = {{200, 800, 8}, {1000, 3000, 32}};
	unsigned warps = argc > 2 ? (unsigned)atoi(argv[1]) : 8, regs = argc > 2 ? (unsigned)atoi(argv[2]) : 32;
	unsigned cta, fr_slots, base_slots, pipe, density, i;
	if (warps < 1 || warps > 32 || regs < 1 || regs > 64 || warps * regs > 1024) {
		fprintf(stderr, "finereg_ctas: WARPS must be 1 .. 32, REGS 1 .. 64, and a CTA must fit 1024 warp registers\n");
		return 2;
	}
	cta = warps * regs;
	pipe = 64 / warps < 32 ? 64 / warps : 32; /* the pipeline: 64 warps, 32 CTAs */
	fr_slots = 1024 / cta;
	base_slots = 2048 / cta < pipe ? 2048 / cta : pipe;
	printf("# finereg_ctas: SYNTHETIC stall model (no program): CTAs of %u warps x %u registers; FineReg ACRF "
	       "%u slots + PCRF 1024 entries, 128 resident, pipeline %u CTAs; baseline %u CTAs in 2048 warp "
	       "registers; grid 256 CTAs, 4 waits per warp at 4 load PCs of a 60-instruction loop, issue runs of "
	       "20-200 cycles, vectors from memory in 200 cycles, PCRF latency 4, holds always granted, seed 1\n",
		warps, regs, fr_slots, fr_slots < pipe ? fr_slots : pipe, base_slots);
	for (i = 0; i < 2; i++) {
		const scenario_t *sc = &scenarios[i];
		printf("# waits of %u-%u cycles, PCRF beats of %u bytes\n", sc->mem_min, sc->mem_max, 4 * sc->beat_words);
		printf("# density | resident FineReg / baseline = ratio | active FineReg / baseline | cycles FineReg / "
		       "baseline | evictions swaps | stalls (dropped) | depletion cycles | BV hit rate, bytes | engine busy\n");
		for (density = 2; density <= 14; density += 2) {
			rfm_fr_geom_t fg = {.pcrf_entries = 1024, .acrf_slots = fr_slots, .ctas = 128,
				.active_ctas = fr_slots < pipe ? fr_slots : pipe, .warps = warps, .regs = regs, .words = 32};
			rfm_fr_geom_t bg = {.pcrf_entries = 1, .acrf_slots = base_slots, .ctas = 128, .active_ctas = base_slots,
				.warps = warps, .regs = regs, .words = 32};
			result_t f, b;
			if (run(&fg, 0, density, sc, &f) || run(&bg, 1, density, sc, &b))
				return 1;
			printf("%2u/16 | %6.2f / %5.2f = %4.2fx | %5.2f / %5.2f | %7llu / %7llu | %4llu %4llu | %4llu (%3llu) | "
			       "%6llu | %5.1f%%, %5llu B | %4.1f%%\n",
				density, f.resident, b.resident, f.resident / b.resident, f.active, b.active,
				(unsigned long long)f.cycles, (unsigned long long)b.cycles, (unsigned long long)f.evictions,
				(unsigned long long)f.swaps, (unsigned long long)f.stalls, (unsigned long long)f.gone,
				(unsigned long long)f.depletion,
				100.0 * (double)f.hits / (double)(f.hits + f.misses ? f.hits + f.misses : 1),
				(unsigned long long)f.bv_bytes, 100.0 * (double)f.busy / (double)f.cycles);
		}
	}
	return 0;
}
