/* rfm_util.h - bit vectors, masks and the seeded random generator shared by the models.
 *
 * Values wider than 64 bits are arrays of uint32_t, least significant word first (the layout of
 * Verilator's WData), so two values compare with memcmp. Every helper masks its result to the
 * declared width, so the unused high bits of the top word are always zero.
 */
#ifndef RFM_UTIL_H
#define RFM_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Number of 32-bit words that hold a value of `bits` bits (at least one). */
static inline unsigned rfm_words(unsigned bits) { return bits ? (bits + 31u) / 32u : 1u; }

/* Smallest n with 2^n >= v, and at least 1: the width of an index into v things. */
static inline unsigned rfm_clog2(uint64_t v)
{
	unsigned n = 0;
	while (n < 64 && (1ull << n) < v)
		n++;
	return n ? n : 1u;
}

/* Width of a count that runs from 0 to v inclusive. */
static inline unsigned rfm_cntw(uint64_t v) { return rfm_clog2(v + 1); }

/* Mask of the low `bits` bits of a 64-bit value. */
static inline uint64_t rfm_mask64(unsigned bits) { return bits >= 64 ? ~0ull : ((1ull << bits) - 1u); }

/* Read bits [lo, lo+n) of a word array (n <= 64). */
static inline uint64_t rfm_bits_get(const uint32_t *w, unsigned lo, unsigned n)
{
	uint64_t v = 0;
	unsigned i;
	for (i = 0; i < n;) {
		unsigned bit = lo + i, word = bit / 32u, off = bit % 32u, take = 32u - off;
		if (take > n - i)
			take = n - i;
		v |= (uint64_t)((w[word] >> off) & (uint32_t)rfm_mask64(take)) << i;
		i += take;
	}
	return v;
}

/* Write bits [lo, lo+n) of a word array (n <= 64); other bits are kept. */
static inline void rfm_bits_set(uint32_t *w, unsigned lo, unsigned n, uint64_t v)
{
	unsigned i;
	for (i = 0; i < n;) {
		unsigned bit = lo + i, word = bit / 32u, off = bit % 32u, take = 32u - off;
		uint32_t m;
		if (take > n - i)
			take = n - i;
		m = (uint32_t)rfm_mask64(take) << off;
		w[word] = (w[word] & ~m) | (((uint32_t)(v >> i) << off) & m);
		i += take;
	}
}

/* Copy bits [slo, slo+n) of src to [dlo, dlo+n) of dst, any n. */
static inline void rfm_bits_copy(uint32_t *dst, unsigned dlo, const uint32_t *src, unsigned slo, unsigned n)
{
	unsigned i;
	if (dlo % 32u == 0 && slo % 32u == 0) {
		unsigned full = n / 32u;
		memcpy(dst + dlo / 32u, src + slo / 32u, full * sizeof(uint32_t));
		i = full * 32u;
	} else {
		i = 0;
	}
	for (; i < n; i += 32u) {
		unsigned take = n - i < 32u ? n - i : 32u;
		rfm_bits_set(dst, dlo + i, take, rfm_bits_get(src, slo + i, take));
	}
}

/* Zero the bits of the top word above `bits`. */
static inline void rfm_trim(uint32_t *w, unsigned bits)
{
	if (bits % 32u)
		w[bits / 32u] &= (uint32_t)rfm_mask64(bits % 32u);
}

/* Number of set bits. */
static inline unsigned rfm_popcount64(uint64_t v)
{
	/* bit-parallel: without -mpopcnt, __builtin_popcountll is a libgcc call on every use */
	v -= (v >> 1) & 0x5555555555555555ull;
	v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
	v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0full;
	return (unsigned)((v * 0x0101010101010101ull) >> 56);
}

/* Seeded generator (splitmix64 seeding a xoshiro256** stream): one per harness, replayable. */
typedef struct rfm_rng {
	uint64_t s[4]; /* generator state */
} rfm_rng_t;

/* Seed the generator; the same seed always gives the same stream. */
void rfm_rng_seed(rfm_rng_t *r, uint64_t seed);
/* Next 64 random bits. */
uint64_t rfm_rng_next(rfm_rng_t *r);
/* Value in [0, n) (n >= 1), uniform to within n / 2^64. */
uint64_t rfm_rng_below(rfm_rng_t *r, uint64_t n);
/* 1 with probability num/den. */
int rfm_rng_chance(rfm_rng_t *r, unsigned num, unsigned den);
/* Fill `bits` bits of w with random data (top word trimmed). */
void rfm_rng_fill(rfm_rng_t *r, uint32_t *w, unsigned bits);

#ifdef __cplusplus
}
#endif

#endif /* RFM_UTIL_H */
