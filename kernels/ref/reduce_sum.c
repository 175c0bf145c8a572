/* reduce_sum.c - reference of kernels/reduce_sum.cu: per block, each thread's grid-stride sum,
 * the shared-memory tree down to 32 values, then the shuffle steps of the first warp (a lane whose
 * source is past lane 31 adds its own value, as shfl.down returns it). */
#include "ref.h"

#include <stdlib.h>

int kr_reduce_sum(kr_ctx_t *c)
{
	const kl_launch_t *l = c->l;
	uint32_t b = l->block[0], gx = l->grid[0], blk, tid, stride, off;
	int32_t n, i;
	const float *in;
	float *partial, *s, w[32], nw[32];
	if (kr_params(c, 3) || kr_shape(c, 0, 1, 1, 1))
		return -1;
	if (b < 64 || (b & (b - 1)))
		return kr_fail(c, l->line, "kernel.block = %lu, 1, 1: x must be a power of two (legal: 64, 128, 256, 512, 1024)",
			       (unsigned long)b);
	if (l->shared_bytes < 4 * b)
		return kr_fail(c, l->line, "kernel.shared_bytes = %lu: the kernel keeps blockDim.x floats (legal: >= %lu)",
			       (unsigned long)l->shared_bytes, (unsigned long)(4 * b));
	n = kr_s32(c, 2, 0, (int32_t)KL_COUNT_MAX);
	if (c->bad)
		return -1;
	in = kr_buffer(c, 0, KL_F32, (uint64_t)n, 0);
	partial = kr_buffer(c, 1, KL_F32, gx, 1);
	if (c->bad)
		return -1;
	s = malloc(b * sizeof(*s));
	if (!s)
		return kr_fail(c, 0, "out of memory");
	for (blk = 0; blk < gx; blk++) {
		for (tid = 0; tid < b; tid++) {
			float v = 0.0f;
			for (i = (int32_t)(blk * 2 * b + tid); i < n; i += (int32_t)(gx * 2 * b)) {
				v += in[i];
				if (i + (int32_t)b < n)
					v += in[i + b];
			}
			s[tid] = v;
		}
		for (stride = b / 2; stride >= 32; stride >>= 1)
			for (tid = 0; tid < stride; tid++)
				s[tid] = s[tid] + s[tid + stride];
		for (tid = 0; tid < 32; tid++)
			w[tid] = s[tid];
		for (off = 16; off > 0; off >>= 1) {
			for (tid = 0; tid < 32; tid++)
				nw[tid] = w[tid] + (tid + off < 32 ? w[tid + off] : w[tid]);
			for (tid = 0; tid < 32; tid++)
				w[tid] = nw[tid];
		}
		partial[blk] = w[0];
	}
	free(s);
	return 0;
}
