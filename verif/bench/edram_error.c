/* edram_error.c - the eDRAM file's refresh-energy saving and storage error on a synthetic FP32
 * workload (make bench; docs/benchmarks.md, "eDRAM approximate register file"). Not a program trace:
 * every word of the file holds a random normal FP32 value (either sign, exponent 2^-8 .. 2^8), a
 * fraction f of the rows is approximate (static flags, rows chosen by hash), nothing is written
 * during the run, and the banks' refresh controllers (rfm_edram_rctl_*) run with no accesses for
 * 8 noncritical periods (8 x 2^M x T0 cycles) while the decay overlay injects errors in the paper's
 * mode at a BER. Printed per f: refresh energy against a precise eDRAM file (the node of the
 * config, the paper's Table 1), then per BER the words that lost bits and their relative error
 * (mean and max over the approximate words; the paper's error figures are application outputs, not
 * stored words). Deterministic (seed 1).
 *
 *   edram_error CONFIG.ini
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_config.h"
#include "rfm_edram.h"

static const rfm_edram_geom_t *geom;
static unsigned approx_pct;

/* Row r of bank b is approximate: a hash of the row below the fraction (static flags). */
static int flag_of(void *ctx, unsigned bank, unsigned row)
{
	(void)ctx;
	return (rfm_edram_cell_hash(99, (uint64_t)bank * geom->rows + row) % 100u) >= approx_pct;
}

/* The value of word w: a normal FP32, sign and exponent 2^-8 .. 2^8 and mantissa by hash. */
static uint32_t value_of(uint64_t w)
{
	uint32_t h = rfm_edram_cell_hash(1, w), e = rfm_edram_cell_hash(2, w) % 17u;
	return (h & 0x80000000u) | (uint32_t)(127u - 8u + e) << 23 | (h & 0x7fffffu);
}

int main(int argc, char **argv)
{
	static const unsigned fracs[] = {0, 25, 50, 75, 100};
	static const uint64_t bers[] = {100000, 1000000, 10000000, 100000000, 1000000000}; /* ppb */
	rfm_cfg_t cfg;
	rfm_edram_geom_t g;
	const rfm_edram_node_t *node;
	unsigned fi, bi;
	if (argc != 2) {
		fprintf(stderr, "usage: edram_error CONFIG.ini\n");
		return 2;
	}
	if (rfm_cfg_load(&cfg, argv[1], NULL, 0, stderr) != RFM_OK)
		return 2;
	if (cfg.edram_enable != RFM_ON) {
		fprintf(stderr, "edram_error: %s: edram.enable is off\n", argv[1]);
		return 2;
	}
	rfm_edram_geom_of(&cfg, &g);
	geom = &g;
	node = &rfm_edram_nodes[cfg.edram_node];
	printf("# edram_error %s: SYNTHETIC workload (no program trace): every word a random normal FP32 "
	       "(exponent 2^-8 .. 2^8), static flags, no accesses, %u banks x %u rows x %u lanes x %u bits, "
	       "%u critical bits, M = %u, T0 = %u, %s; %u cycles (8 x 2^M x T0), paper-mode decay, seed 1\n",
	       cfg.name, g.banks, g.rows, g.lanes, g.word_bits, g.crit_bits, g.m, g.t0, node->name,
	       (8u << g.m) * g.t0);
	printf("approx rows  refresh saving      BER  words hit  mean rel err  max rel err\n");
	for (fi = 0; fi < sizeof(fracs) / sizeof(fracs[0]); fi++) {
		uint64_t cycles = (uint64_t)(8u << g.m) * g.t0, t;
		rfm_edram_acts_t acts = {0, 0};
		rfm_edram_rctl_t rc[32]; /* rf.banks <= 32 */
		unsigned b, napprox = 0, r;
		approx_pct = fracs[fi];
		for (b = 0; b < g.banks; b++) {
			rfm_edram_rctl_reset(&g, b, &rc[b]);
			for (r = 0; r < g.rows; r++)
				napprox += !flag_of(NULL, b, r);
		}
		for (t = 0; t < cycles; t++) /* the controllers alone: refresh and noncritical counts */
			for (b = 0; b < g.banks; b++) {
				rfm_edram_rout_t o;
				rfm_edram_rctl_comb(&g, &rc[b], 0, &o);
				if (o.issue) {
					acts.refreshes++;
					acts.nc_rows += (uint64_t)rfm_edram_swl_nc(1, 1, flag_of(NULL, b, o.row), o.cnt_zero);
				}
				rfm_edram_rctl_clock(&g, &rc[b], &o);
			}
		for (bi = 0; bi < sizeof(bers) / sizeof(bers[0]); bi++) {
			rfm_edram_decay_t *d = rfm_edram_decay_create(&g, RFM_DECAY_PAPER, 0, bers[bi], 1, 0);
			uint64_t w = 0, hit = 0, n = 0;
			double sum = 0, max = 0;
			if (!d)
				return 3;
			for (t = 0; t <= cycles; t++)
				rfm_edram_decay_tick(d, t, flag_of, NULL);
			for (b = 0; b < g.banks; b++)
				for (r = 0; r < g.rows; r++) {
					unsigned l;
					for (l = 0; l < g.lanes; l++, w++) {
						uint32_t v = value_of(w), o = v & ~rfm_edram_decay_mask(d, cycles, b, r, l);
						float fv, fo;
						double e;
						if (flag_of(NULL, b, r))
							continue;
						memcpy(&fv, &v, 4);
						memcpy(&fo, &o, 4);
						e = fabs((double)fv - (double)fo) / fabs((double)fv);
						n++;
						hit += o != v;
						sum += e;
						if (e > max)
							max = e;
					}
				}
			printf("%10.1f%%  %13.1f%%  %7.0e  %8.3f%%  %12.2e  %11.2e\n", 100.0 * napprox / (g.banks * g.rows),
			       100.0 * (1.0 - rfm_edram_refresh_fj(&g, node, &acts) / rfm_edram_precise_refresh_fj(&g, node, &acts)),
			       (double)bers[bi] / 1e9, n ? 100.0 * (double)hit / (double)n : 0.0, n ? sum / (double)n : 0.0, max);
			rfm_edram_decay_destroy(d);
		}
	}
	return 0;
}
