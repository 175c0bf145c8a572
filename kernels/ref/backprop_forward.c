/* backprop_forward.c - reference of kernels/backprop_forward.cu: per output, the 16 partial
 * fmaf chains (inputs tx, tx + 16, ...), the shared-memory tree over them (strides 8, 4, 2, 1),
 * then 1 / (1 + expf(-(sum + bias))) with expf correctly rounded (kr_expf). */
#include "ref.h"

#include <math.h>

#define W 16

int kr_backprop_forward(kr_ctx_t *c)
{
	const kl_launch_t *l = c->l;
	uint32_t blk, ty, tx, st;
	int32_t n_in, n_out, i, j;
	const float *in, *wt, *bias;
	float *out, part[W];
	if (kr_params(c, 6) || kr_shape(c, W, W, 1, 1))
		return -1;
	n_in = kr_s32(c, 4, 1, 4096);
	n_out = kr_s32(c, 5, 1, 4096);
	if (c->bad)
		return -1;
	in = kr_buffer(c, 0, KL_F32, (uint64_t)n_in, 0);
	wt = kr_buffer(c, 1, KL_F32, (uint64_t)n_in * n_out, 0);
	bias = kr_buffer(c, 2, KL_F32, (uint64_t)n_out, 0);
	out = kr_buffer(c, 3, KL_F32, (uint64_t)n_out, 1);
	if (c->bad)
		return -1;
	for (blk = 0; blk < l->grid[0]; blk++)
		for (ty = 0; ty < W; ty++) {
			j = (int32_t)(blk * W + ty);
			if (j >= n_out)
				continue;
			for (tx = 0; tx < W; tx++) {
				float s = 0.0f;
				for (i = (int32_t)tx; i < n_in; i += W)
					s = fmaf(wt[j * n_in + i], in[i], s);
				part[tx] = s;
			}
			for (st = W / 2; st > 0; st >>= 1)
				for (tx = 0; tx < st; tx++)
					part[tx] += part[tx + st];
			out[j] = 1.0f / (1.0f + kr_expf(c, -(part[0] + bias[j])));
		}
	return 0;
}
