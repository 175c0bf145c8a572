/* vt_power.c - the power-gating view of register file virtualization on a SYNTHETIC workload
 * (docs/virtualization.md, "Power gating"; make bench).
 *
 *   vt_power CONFIG.ini [CYCLES]
 *
 * Workload (synthetic, not a trace of any program): the config's reference kernel (warps x regs,
 * the highest `exempt_regs` exempt from renaming and live throughout). Every renamed register
 * alternates between dead and live; each cycle a dead register becomes live (it is written) with
 * probability 1/DEAD_MEAN and a live one dies (its last read releases it) with probability
 * 1/LIVE_MEAN: geometric lifetimes with means LIVE_MEAN and DEAD_MEAN cycles. Seed 1.
 *
 * The same liveness sequence is placed four ways, and the bench reports the time-averaged live
 * (occupied) physical registers and live sub-arrays (power-gating domains holding one):
 *   consolidate   renaming, lowest free id (rfm_fb_comb, the model of rf_free_bitmap)
 *   spread        renaming, one sub-array group further each time
 *   static        no renaming, register (w, r) at w x regs + r, gated by liveness
 *   static-sticky no renaming, a sub-array stays on once written (the paper's baseline gating)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_models.h"
#include "rfm_virt.h"

#define LIVE_MEAN 200u
#define DEAD_MEAN 100u

typedef struct placement {
	const char *name;
	rfm_cfg_t cfg;
	rfm_fb_state_t fb;
	unsigned *pid;           /* renaming: physical register of (w, r) while live */
	double live_regs, live_doms;
} placement_t;

int main(int argc, char **argv)
{
	rfm_cfg_t base;
	rfm_rng_t rng;
	placement_t pl[2];
	uint8_t *live, *sticky;
	unsigned W, R, E, ren, P, D, i, w, r, d, n;
	uint64_t cyc, cycles = argc > 2 ? strtoull(argv[2], NULL, 0) : 200000, warm = 20000, meas = 0;
	double st_doms = 0, sticky_doms = 0, st_regs = 0;
	if (argc < 2 || rfm_cfg_load(&base, argv[1], NULL, 0, stderr) || base.virtualization_enable != RFM_ON) {
		fprintf(stderr, "usage: vt_power CONFIG.ini [CYCLES]   (a config with [virtualization] enable = on)\n");
		return 2;
	}
	W = base.d.vt_warps;
	R = base.virtualization_regs;
	E = base.virtualization_exempt_regs;
	ren = R - E;
	P = base.d.warp_regs;
	D = base.d.domains;
	live = calloc((size_t)W * R, 1);
	sticky = calloc(D, 1);
	for (i = 0; i < 2; i++) {
		pl[i].cfg = base;
		pl[i].cfg.virtualization_policy = i ? RFM_VP_SPREAD : RFM_VP_CONSOLIDATE;
		pl[i].name = i ? "spread" : "consolidate";
		pl[i].live_regs = pl[i].live_doms = 0;
		pl[i].pid = calloc((size_t)W * R, sizeof(unsigned));
		if (rfm_fb_init(&pl[i].cfg, &pl[i].fb) || !pl[i].pid)
			return 1;
		rfm_fb_launch(&pl[i].cfg, &pl[i].fb, W * E);
	}
	if (!live || !sticky)
		return 1;
	for (w = 0; w < W; w++)
		for (r = ren; r < R; r++)
			live[w * R + r] = 1; /* exempt: live throughout */
	rfm_rng_seed(&rng, 1);
	for (cyc = 0; cyc < cycles; cyc++) {
		for (w = 0; w < W; w++)
			for (r = 0; r < ren; r++) {
				unsigned k = w * R + r;
				int flip = live[k] ? rfm_rng_chance(&rng, 1, LIVE_MEAN) : rfm_rng_chance(&rng, 1, DEAD_MEAN);
				if (!flip)
					continue;
				for (i = 0; i < 2; i++) {
					rfm_fb_in_t in;
					rfm_fb_out_t out;
					memset(&in, 0, sizeof(in));
					if (live[k]) { /* released after its last read */
						in.rel[0] = 1;
						in.rpid[0] = pl[i].pid[k];
					} else { /* written: allocated */
						in.req[0] = 1;
					}
					rfm_fb_comb(&pl[i].cfg, &pl[i].fb, &in, &out, 0);
					rfm_fb_clock(&pl[i].cfg, &pl[i].fb, &in, &out);
					if (!live[k])
						pl[i].pid[k] = out.pid[0];
				}
				live[k] ^= 1u;
				if (live[k])
					sticky[rfm_vt_domain(&base, w * R + r)] = 1;
			}
		if (cyc < warm)
			continue;
		meas++;
		for (i = 0; i < 2; i++) {
			pl[i].live_regs += pl[i].fb.nocc;
			for (d = 0, n = 0; d < D; d++)
				n += pl[i].fb.dcount[d] != 0;
			pl[i].live_doms += n;
		}
		{ /* static placement: (w, r) at w x R + r */
			unsigned *cnt = calloc(D, sizeof(unsigned)), nl = 0;
			for (w = 0; w < W; w++)
				for (r = 0; r < R; r++)
					if (live[w * R + r]) {
						cnt[rfm_vt_domain(&base, w * R + r)]++;
						nl++;
					}
			for (d = 0, n = 0; d < D; d++)
				n += cnt[d] != 0;
			st_doms += n;
			st_regs += nl;
			for (d = 0, n = 0; d < D; d++)
				n += sticky[d];
			sticky_doms += n;
			free(cnt);
		}
	}
	printf("# vt_power %s: SYNTHETIC workload (no program trace): %u warps x %u registers (%u exempt, live "
	       "throughout), renamed registers live for geometric(mean %u) cycles and dead for geometric(mean %u); "
	       "%llu cycles after %llu of warm-up, seed 1\n", base.name, W, R, E, LIVE_MEAN, DEAD_MEAN,
	       (unsigned long long)meas, (unsigned long long)warm);
	printf("# %u physical registers in %u sub-arrays (power-gating domains) of %u\n", P, D, P / D);
	printf("%-14s %12s %12s %18s\n", "placement", "live regs", "live subarr", "subarr vs sticky");
	for (i = 0; i < 2; i++)
		printf("%-14s %12.1f %12.2f %17.1f%%\n", pl[i].name, pl[i].live_regs / meas, pl[i].live_doms / meas,
		       100.0 * pl[i].live_doms / sticky_doms);
	printf("%-14s %12.1f %12.2f %17.1f%%\n", "static", st_regs / meas, st_doms / meas, 100.0 * st_doms / sticky_doms);
	printf("%-14s %12s %12.2f %17.1f%%\n", "static-sticky", "-", sticky_doms / meas, 100.0);
	for (i = 0; i < 2; i++) {
		rfm_fb_fini(&pl[i].fb);
		free(pl[i].pid);
	}
	free(live);
	free(sticky);
	return 0;
}
