/* decay.c - the eDRAM file's deterministic decay overlay (rfm_edram.h; docs/edram.md, "Decay").
 *
 * Storage keeps ideal bits; a word reads as ideal & ~mask, mask = lost | decayed-by-age. Per word
 * (bank, row, lane) the overlay keeps the bits already lost and the cycles its critical and
 * noncritical segments were last restored. Cells are numbered
 * c = ((bank * rows + row) * lanes + lane) * word_bits + bit.
 *   paper mode: at every T0 (cycle > 0) N = BER x cells / 2^M errors (an integer accumulator carries
 *     the remainder), each a cell drawn uniformly from the whole file; a draw that hits a
 *     noncritical bit of an approximate row discharges it, any other draw is dropped. Age plays no
 *     part: the mode reproduces the paper's injection, not refresh timing.
 *   retention mode: every cell has a retention from a table; a bit whose segment was last restored
 *     more than its retention ago reads 0, and a refresh of its segment writes that 0 back (lost).
 *     Tables: zero (no cell fails), worst (every cell retains T0 + 1 cycles), stress (a fraction
 *     1e-3 of the cells, by hash, retain T0 + 1 .. 2^M T0 cycles in eight steps; the rest forever).
 * Writes restore the written lanes whole (nothing lost). Only discharge: a bit goes 1 -> 0. */
#include <stdlib.h>
#include <string.h>

#include "rfm_edram.h"

#define STRESS_STEPS 8u
#define STRESS_PMAX_Q32 4294967u /* 1e-3 of 2^32 */

struct rfm_edram_decay {
	rfm_edram_geom_t g;
	int mode, table, read_restores;
	uint64_t seed, ber_ppb;
	uint64_t prng;            /* paper mode: splitmix64 state */
	uint64_t acc;             /* paper mode: error accumulator */
	uint64_t draws;           /* paper mode: cells drawn so far (hits and dropped draws) */
	unsigned nwords;          /* banks * rows * lanes */
	uint64_t cells;           /* nwords * word_bits */
	uint32_t *lost;           /* per word: bits discharged */
	uint64_t *tc, *tnc;       /* per word: last restore of the critical, the noncritical segment */
	uint32_t *weak;           /* retention stress: per word, the bits with a finite retention */
	int32_t *retix;           /* their retentions: word w's at retpool + retix[w] * word_bits, or -1 */
	uint32_t *retpool;
	uint32_t uniform_ret;     /* retention worst: every cell's retention */
	uint32_t nc_mask;         /* the low (noncritical) bits of a word */
};

static uint64_t mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

uint32_t rfm_edram_cell_hash(uint64_t seed, uint64_t c)
{
	return (uint32_t)(mix(seed + (c + 1u) * 0x9E3779B97F4A7C15ull) >> 32);
}

static uint64_t next(rfm_edram_decay_t *d)
{
	d->prng += 0x9E3779B97F4A7C15ull;
	return mix(d->prng);
}

/* Retention of a stress cell with hash u (0: none, the cell never fails). */
static uint32_t stress_ret(const rfm_edram_geom_t *g, uint32_t u)
{
	uint64_t lo = (uint64_t)g->t0 + 1u, hi = (uint64_t)g->t0 << g->m;
	unsigned k;
	for (k = 0; k < STRESS_STEPS; k++)
		if (u < (uint32_t)(((uint64_t)STRESS_PMAX_Q32 * (k + 1u)) / STRESS_STEPS))
			return (uint32_t)(lo + (hi > lo ? (hi - lo) * k / (STRESS_STEPS - 1u) : 0));
	return 0;
}

static int build_stress(rfm_edram_decay_t *d)
{
	unsigned w, b, nweak = 0, wb = d->g.word_bits;
	d->weak = calloc(d->nwords, sizeof(*d->weak));
	d->retix = malloc(d->nwords * sizeof(*d->retix));
	if (!d->weak || !d->retix)
		return -1;
	for (w = 0; w < d->nwords; w++) {
		d->retix[w] = -1;
		for (b = 0; b < wb; b++)
			if (stress_ret(&d->g, rfm_edram_cell_hash(d->seed, (uint64_t)w * wb + b)))
				d->weak[w] |= 1u << b;
		nweak += d->weak[w] != 0;
	}
	d->retpool = calloc((size_t)(nweak ? nweak : 1) * wb, sizeof(*d->retpool));
	if (!d->retpool)
		return -1;
	for (w = 0, nweak = 0; w < d->nwords; w++) {
		if (!d->weak[w])
			continue;
		d->retix[w] = (int32_t)nweak++;
		for (b = 0; b < wb; b++)
			d->retpool[(size_t)d->retix[w] * wb + b] = stress_ret(&d->g, rfm_edram_cell_hash(d->seed, (uint64_t)w * wb + b));
	}
	return 0;
}

rfm_edram_decay_t *rfm_edram_decay_create(const rfm_edram_geom_t *g, int mode, int table, uint64_t ber_ppb,
					  uint64_t seed, int read_restores)
{
	rfm_edram_decay_t *d = calloc(1, sizeof(*d));
	if (!d)
		return NULL;
	d->g = *g;
	d->mode = mode;
	d->table = table;
	d->ber_ppb = ber_ppb;
	d->seed = d->prng = seed;
	d->read_restores = read_restores;
	d->nwords = g->banks * g->rows * g->lanes;
	d->cells = (uint64_t)d->nwords * g->word_bits;
	d->nc_mask = (1u << rfm_edram_nc_bits(g)) - 1u;
	d->lost = calloc(d->nwords, sizeof(*d->lost));
	d->tc = calloc(d->nwords, sizeof(*d->tc));
	d->tnc = calloc(d->nwords, sizeof(*d->tnc));
	if (!d->lost || !d->tc || !d->tnc || (mode == RFM_DECAY_RETENTION && table == RFM_RET_STRESS && build_stress(d))) {
		rfm_edram_decay_destroy(d);
		return NULL;
	}
	if (mode == RFM_DECAY_RETENTION && table == RFM_RET_WORST)
		d->uniform_ret = g->t0 + 1u;
	return d;
}

void rfm_edram_decay_destroy(rfm_edram_decay_t *d)
{
	if (!d)
		return;
	free(d->lost);
	free(d->tc);
	free(d->tnc);
	free(d->weak);
	free(d->retix);
	free(d->retpool);
	free(d);
}

static unsigned word_of(const rfm_edram_decay_t *d, unsigned bank, unsigned row, unsigned lane)
{
	return (bank * d->g.rows + row) * d->g.lanes + lane;
}

void rfm_edram_decay_tick(rfm_edram_decay_t *d, uint64_t now, int (*flag)(void *ctx, unsigned bank, unsigned row),
			  void *ctx)
{
	uint64_t den, n, i;
	unsigned ncb = rfm_edram_nc_bits(&d->g);
	if (d->mode != RFM_DECAY_PAPER || !now || now % d->g.t0)
		return;
	den = 1000000000ull << d->g.m;
	d->acc += d->ber_ppb * d->cells;
	n = d->acc / den;
	d->acc %= den;
	d->draws += n;
	for (i = 0; i < n; i++) {
		uint64_t c = ((next(d) >> 32) * d->cells) >> 32; /* uniform over the cells (cells < 2^32) */
		unsigned bit = (unsigned)(c % d->g.word_bits), w = (unsigned)(c / d->g.word_bits);
		unsigned row = (w / d->g.lanes) % d->g.rows, bank = w / d->g.lanes / d->g.rows;
		if (bit < ncb && !flag(ctx, bank, row))
			d->lost[w] |= 1u << bit;
	}
}

/* Bits of word w decayed by age at cycle now (retention mode). */
static uint32_t aged(const rfm_edram_decay_t *d, uint64_t now, unsigned w)
{
	uint64_t ac = now - d->tc[w], anc = now - d->tnc[w];
	uint32_t m = 0, full = d->g.word_bits == 32 ? ~0u : (1u << d->g.word_bits) - 1u;
	unsigned b;
	if (d->mode != RFM_DECAY_RETENTION)
		return 0;
	if (d->uniform_ret)
		return (ac > d->uniform_ret ? full & ~d->nc_mask : 0) | (anc > d->uniform_ret ? d->nc_mask : 0);
	if (!d->weak || !d->weak[w])
		return 0;
	for (b = 0; b < d->g.word_bits; b++)
		if ((d->weak[w] >> b) & 1u) {
			uint32_t r = d->retpool[(size_t)d->retix[w] * d->g.word_bits + b];
			if (((d->nc_mask >> b) & 1u ? anc : ac) > r)
				m |= 1u << b;
		}
	return m;
}

uint32_t rfm_edram_decay_mask(const rfm_edram_decay_t *d, uint64_t now, unsigned bank, unsigned row, unsigned lane)
{
	unsigned w = word_of(d, bank, row, lane);
	return d->lost[w] | aged(d, now, w);
}

void rfm_edram_decay_write(rfm_edram_decay_t *d, uint64_t now, unsigned bank, unsigned row, uint64_t mask)
{
	unsigned l;
	for (l = 0; l < d->g.lanes && l < 64; l++)
		if ((mask >> l) & 1u) {
			unsigned w = word_of(d, bank, row, l);
			d->lost[w] = 0;
			d->tc[w] = d->tnc[w] = now;
		}
}

void rfm_edram_decay_refresh(rfm_edram_decay_t *d, uint64_t now, unsigned bank, unsigned row, int nc)
{
	unsigned l;
	for (l = 0; l < d->g.lanes; l++) {
		unsigned w = word_of(d, bank, row, l);
		uint32_t a = aged(d, now, w); /* what the sense amplifiers read is written back */
		d->lost[w] |= a & ~d->nc_mask;
		d->tc[w] = now;
		if (nc) {
			d->lost[w] |= a & d->nc_mask;
			d->tnc[w] = now;
		}
	}
}

void rfm_edram_decay_read(rfm_edram_decay_t *d, uint64_t now, unsigned bank, unsigned row)
{
	if (d->read_restores)
		rfm_edram_decay_refresh(d, now, bank, row, 1);
}

uint64_t rfm_edram_decay_lost_bits(const rfm_edram_decay_t *d)
{
	uint64_t n = 0;
	unsigned w;
	for (w = 0; w < d->nwords; w++)
		n += (uint64_t)__builtin_popcount(d->lost[w]);
	return n;
}

uint64_t rfm_edram_decay_draws(const rfm_edram_decay_t *d) { return d->draws; }
