/* kmeans_assign.c - reference of kernels/kmeans_assign.cu: for each covered point, the squared
 * distance to each centroid (fmaf over the features in order) and the first smallest. */
#include "ref.h"

#include <math.h>

#define D 4
#define K 8

int kr_kmeans_assign(kr_ctx_t *c)
{
	const kl_launch_t *l = c->l;
	uint64_t threads = (uint64_t)l->grid[0] * l->block[0];
	const float *pts, *cent;
	float *dist;
	int32_t n, i, k, d, *member;
	if (kr_params(c, 5) || kr_shape(c, 0, 1, 1, 1))
		return -1;
	if (l->block[0] < K * D)
		return kr_fail(c, l->line, "kernel.block = %lu, 1, 1: the first 32 threads load the centroids (legal: x >= 32)",
			       (unsigned long)l->block[0]);
	n = kr_s32(c, 4, 1, (int32_t)(KL_COUNT_MAX / D));
	if (c->bad)
		return -1;
	pts = kr_buffer(c, 0, KL_F32, (uint64_t)n * D, 0);
	cent = kr_buffer(c, 1, KL_F32, K * D, 0);
	member = kr_buffer(c, 2, KL_S32, (uint64_t)n, 1);
	dist = kr_buffer(c, 3, KL_F32, (uint64_t)n, 1);
	if (c->bad)
		return -1;
	for (i = 0; i < n && (uint64_t)i < threads; i++) {
		int32_t best = 0;
		float bestd = 3.402823466e38f;
		for (k = 0; k < K; k++) {
			float s = 0.0f;
			for (d = 0; d < D; d++) {
				float t = pts[d * n + i] - cent[k * D + d];
				s = fmaf(t, t, s);
			}
			if (s < bestd) {
				bestd = s;
				best = k;
			}
		}
		member[i] = best;
		dist[i] = bestd;
	}
	return 0;
}
