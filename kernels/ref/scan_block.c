/* scan_block.c - reference of kernels/scan_block.cu. The up-sweep and down-sweep compute the
 * exclusive prefix sums of each segment of 2 blockDim.x words (mod 2^32, an associative sum, so
 * the tree's order does not matter); elements past n count as 0. */
#include "ref.h"

int kr_scan_block(kr_ctx_t *c)
{
	const kl_launch_t *l = c->l;
	uint32_t half = l->block[0], m = 2 * half, gx = l->grid[0], blk, k, acc;
	const uint32_t *in;
	uint32_t *out, *sums;
	int32_t n;
	if (kr_params(c, 4) || kr_shape(c, 0, 1, 1, 1))
		return -1;
	if (half & (half - 1))
		return kr_fail(c, l->line, "kernel.block = %lu, 1, 1: x must be a power of two (legal: 1, 2, 4, ... 1024)",
			       (unsigned long)half);
	if (l->shared_bytes < 4 * m)
		return kr_fail(c, l->line, "kernel.shared_bytes = %lu: the kernel keeps 2 blockDim.x words (legal: >= %lu)",
			       (unsigned long)l->shared_bytes, (unsigned long)(4 * m));
	n = kr_s32(c, 3, 0, (int32_t)KL_COUNT_MAX);
	if (c->bad)
		return -1;
	in = kr_buffer(c, 0, KL_U32, (uint64_t)n, 0);
	out = kr_buffer(c, 1, KL_U32, (uint64_t)n, 1);
	sums = kr_buffer(c, 2, KL_U32, gx, 1);
	if (c->bad)
		return -1;
	for (blk = 0; blk < gx; blk++) {
		acc = 0;
		for (k = 0; k < m; k++) {
			uint64_t i = (uint64_t)blk * m + k;
			if (i < (uint64_t)n) {
				out[i] = acc;
				acc += in[i];
			}
		}
		sums[blk] = acc;
	}
	return 0;
}
