/* nbody_accel.c - reference of kernels/nbody_accel.cu: for each body below n, the terms of every
 * body j in index order, including the zero bodies that pad the last tile of 128 (they add
 * fmaf(d, 0, a) = a unless eps2 = 0 makes the term NaN, as on the device), with rsqrtf
 * correctly rounded (kr_rsqrtf). */
#include "ref.h"

#include <math.h>

#define BLOCK 128

int kr_nbody_accel(kr_ctx_t *c)
{
	const kl_launch_t *l = c->l;
	const float *pos;
	float *acc, eps2;
	int32_t n, i, j;
	uint64_t threads = (uint64_t)l->grid[0] * BLOCK;
	if (kr_params(c, 4) || kr_shape(c, BLOCK, 1, 1, 1))
		return -1;
	n = kr_s32(c, 2, 1, (int32_t)(KL_COUNT_MAX / 4));
	eps2 = kr_f32(c, 3);
	if (c->bad)
		return -1;
	pos = kr_buffer(c, 0, KL_F32, (uint64_t)n * 4, 0);
	acc = kr_buffer(c, 1, KL_F32, (uint64_t)n * 4, 1);
	if (c->bad)
		return -1;
	for (i = 0; i < n && (uint64_t)i < threads; i++) {
		const float *p = pos + 4 * i;
		float ax = 0.0f, ay = 0.0f, az = 0.0f;
		for (j = 0; j < (n + BLOCK - 1) / BLOCK * BLOCK; j++) {
			static const float zero[4];
			const float *q = j < n ? pos + 4 * j : zero;
			float dx = q[0] - p[0], dy = q[1] - p[1], dz = q[2] - p[2];
			float r2 = fmaf(dz, dz, fmaf(dy, dy, fmaf(dx, dx, eps2)));
			float inv = kr_rsqrtf(c, r2);
			float s = fabsf(q[3]) * (inv * inv * inv);
			ax = fmaf(dx, s, ax);
			ay = fmaf(dy, s, ay);
			az = fmaf(dz, s, az);
		}
		acc[4 * i] = ax;
		acc[4 * i + 1] = ay;
		acc[4 * i + 2] = az;
		acc[4 * i + 3] = 0.0f;
	}
	return 0;
}
