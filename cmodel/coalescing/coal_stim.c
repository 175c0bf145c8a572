/* coal_stim.c - narrow-biased warp values for the coalescing stimulus and benchmark (rfm_coal.h). */
#include <stdio.h>
#include <string.h>

#include "rfm_coal.h"

const rfm_cw_dist_t rfm_cw_dist_fig3_3 = {{45, 20, 6, 29}, 10};
const rfm_cw_dist_t rfm_cw_dist_full = {{0, 0, 0, 100}, 0};

int rfm_cw_dist_parse(const char *s, rfm_cw_dist_t *d)
{
	unsigned p[5] = {0, 0, 0, 0, 0};
	int n = 0, used = 0;
	if (!s)
		return -1;
	if (!strcmp(s, "fig3_3")) {
		*d = rfm_cw_dist_fig3_3;
		return 0;
	}
	if (!strcmp(s, "full")) {
		*d = rfm_cw_dist_full;
		return 0;
	}
	n = sscanf(s, "%u,%u,%u,%u%n,%u%n", &p[0], &p[1], &p[2], &p[3], &used, &p[4], &used);
	if (n < 4 || s[used] != '\0' || p[0] + p[1] + p[2] + p[3] != 100 || p[4] > 100)
		return -1;
	memcpy(d->pct, p, sizeof(d->pct));
	d->neg_pct = n == 5 ? p[4] : 0;
	return 0;
}

/* A lane value that fits w bytes with sign neg (upper bytes 0x00, or 0xFF when neg); exact: byte
 * w - 1 differs from the fill, so the value needs exactly w bytes. w = 4 values are positive. */
static uint32_t lane_value(rfm_rng_t *r, unsigned w, int neg, int exact)
{
	uint32_t u = (uint32_t)rfm_rng_next(r) & (w == 4 ? 0x7fffffffu : (1u << (8 * w)) - 1u);
	if (exact && w > 1)
		u |= 1u << (8 * (w - 1) + (unsigned)rfm_rng_below(r, w == 4 ? 7 : 8));
	return neg ? ~u : u;
}

unsigned rfm_cw_sample(rfm_rng_t *r, const rfm_cw_dist_t *d, uint32_t *v, unsigned lanes)
{
	unsigned roll = (unsigned)rfm_rng_below(r, 100), w = 4, acc = 0, k, t, star;
	int neg;
	for (k = 0; k < 4; k++) {
		acc += d->pct[k];
		if (roll < acc) {
			w = k + 1;
			break;
		}
	}
	neg = w < 4 && rfm_rng_chance(r, d->neg_pct, 100);
	star = (unsigned)rfm_rng_below(r, lanes ? lanes : 1);
	for (t = 0; t < lanes; t++)
		v[t] = lane_value(r, w, neg, t == star);
	return w;
}
