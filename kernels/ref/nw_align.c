/* nw_align.c - reference of kernels/nw_align.cu: the Needleman-Wunsch recurrence row by row.
 * The wavefront computes each cell after its three neighbours (the barrier after every
 * anti-diagonal), so the matrix is the recurrence's, in any order. */
#include "ref.h"

#include <stdlib.h>

/* Larger of a and b. */
static int32_t imax(int32_t a, int32_t b) { return a > b ? a : b; }

int kr_nw_align(kr_ctx_t *c)
{
	const kl_launch_t *l = c->l;
	uint32_t gx = l->grid[0], blk;
	int32_t len, w, gap, match, mismatch, i, j, *m;
	const uint32_t *a, *b;
	int32_t *score;
	if (kr_params(c, 7) || kr_shape(c, 0, 1, 1, 1))
		return -1;
	len = kr_s32(c, 3, 1, 1024);
	gap = kr_s32(c, 4, 0, 1000);
	match = kr_s32(c, 5, 0, 1000);
	mismatch = kr_s32(c, 6, 0, 1000);
	if (c->bad)
		return -1;
	w = len + 1;
	if (l->block[0] != (uint32_t)len)
		return kr_fail(c, l->line, "kernel.block = %lu, 1, 1: one thread per row (legal: x = len = %ld)",
			       (unsigned long)l->block[0], (long)len);
	if (l->shared_bytes < 4u * (uint32_t)(w * w))
		return kr_fail(c, l->line, "kernel.shared_bytes = %lu: the kernel keeps (len + 1)^2 ints (legal: >= %lu)",
			       (unsigned long)l->shared_bytes, (unsigned long)(4u * (uint32_t)(w * w)));
	a = kr_buffer(c, 0, KL_U32, (uint64_t)gx * len, 0);
	b = kr_buffer(c, 1, KL_U32, (uint64_t)gx * len, 0);
	score = kr_buffer(c, 2, KL_S32, (uint64_t)gx * w * w, 1);
	if (c->bad)
		return -1;
	for (blk = 0; blk < gx; blk++) {
		const uint32_t *sa = a + (uint64_t)blk * len, *sb = b + (uint64_t)blk * len;
		m = score + (uint64_t)blk * w * w;
		for (i = 0; i < w; i++) {
			m[i] = -i * gap;
			m[i * w] = -i * gap;
		}
		for (i = 1; i < w; i++)
			for (j = 1; j < w; j++) {
				int32_t s = sa[i - 1] == sb[j - 1] ? match : -mismatch;
				m[i * w + j] = imax(m[(i - 1) * w + j - 1] + s, imax(m[(i - 1) * w + j], m[i * w + j - 1]) - gap);
			}
	}
	return 0;
}
