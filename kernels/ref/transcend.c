/* transcend.c - reference of kernels/transcend.cu, with sinf, expf and logf correctly rounded
 * (kr_sinf, kr_expf, kr_logf). The total trip count is bounded so that a launch cannot make the
 * reference (or a simulator) run for ever. */
#include "ref.h"

#include <math.h>

#define TRIPS_MAX (1u << 24)

int kr_transcend(kr_ctx_t *c)
{
	const kl_launch_t *l = c->l;
	uint64_t threads = (uint64_t)l->grid[0] * l->block[0], trips = 0;
	const float *x;
	const uint32_t *iters;
	float *out;
	int32_t n, i, *halvings;
	if (kr_params(c, 5) || kr_shape(c, 0, 1, 1, 1))
		return -1;
	n = kr_s32(c, 4, 1, (int32_t)KL_COUNT_MAX);
	if (c->bad)
		return -1;
	x = kr_buffer(c, 0, KL_F32, (uint64_t)n, 0);
	iters = kr_buffer(c, 1, KL_U32, (uint64_t)n, 0);
	out = kr_buffer(c, 2, KL_F32, (uint64_t)n, 1);
	halvings = kr_buffer(c, 3, KL_S32, (uint64_t)n, 1);
	if (c->bad)
		return -1;
	for (i = 0; i < n && (uint64_t)i < threads; i++)
		trips += iters[i];
	if (trips > TRIPS_MAX)
		return kr_fail(c, l->params[1].line, "[buffer %s]: the loops take %llu steps in all (legal: at most %u; "
			       "bound the pattern, e.g. seed:<n>:15)", l->params[1].name, (unsigned long long)trips, TRIPS_MAX);
	for (i = 0; i < n && (uint64_t)i < threads; i++) {
		float v = x[i], acc = 0.0f;
		int32_t e = 0;
		uint32_t k;
		for (k = iters[i]; k > 0; k--) {
			v = fmaf(0.5f, kr_sinf(c, v), 0.25f);
			acc = fmaf(kr_expf(c, v), kr_logf(c, fmaf(v, v, 1.0f)), acc);
		}
		while (acc >= 1.0f) {
			acc *= 0.5f;
			e++;
		}
		out[i] = acc;
		halvings[i] = e;
	}
	return 0;
}
