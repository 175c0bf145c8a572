/* util.c - the seeded random generator (xoshiro256**, seeded by splitmix64). */
#include "rfm_util.h"

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

void rfm_rng_seed(rfm_rng_t *r, uint64_t seed)
{
	unsigned i;
	for (i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

uint64_t rfm_rng_next(rfm_rng_t *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5u, 7) * 9u;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint64_t rfm_rng_below(rfm_rng_t *r, uint64_t n)
{
	if (n <= 1)
		return 0;
	/* multiply-high range reduction: no division; the bias is below n / 2^64 */
	return (uint64_t)(((unsigned __int128)rfm_rng_next(r) * n) >> 64);
}

int rfm_rng_chance(rfm_rng_t *r, unsigned num, unsigned den)
{
	return rfm_rng_below(r, den) < num;
}

void rfm_rng_fill(rfm_rng_t *r, uint32_t *w, unsigned bits)
{
	unsigned i, n = rfm_words(bits);
	for (i = 0; i < n; i += 2) {
		uint64_t v = rfm_rng_next(r);
		w[i] = (uint32_t)v;
		if (i + 1 < n)
			w[i + 1] = (uint32_t)(v >> 32);
	}
	rfm_trim(w, bits);
}
