/* histogram.c - reference of kernels/histogram.cu: the grid-stride loop visits every sample
 * below n once, so each bin gains the count of its samples (bits 2..7) on top of its initial
 * value, whatever the order of the atomics. */
#include "ref.h"

#define BINS 64

int kr_histogram(kr_ctx_t *c)
{
	const uint32_t *in;
	uint32_t *hist;
	int32_t n, i;
	if (kr_params(c, 3) || kr_shape(c, 0, 1, 1, 1))
		return -1;
	n = kr_s32(c, 2, 0, (int32_t)KL_COUNT_MAX);
	if (c->bad)
		return -1;
	in = kr_buffer(c, 0, KL_U32, (uint64_t)n, 0);
	hist = kr_buffer(c, 1, KL_U32, BINS, 1);
	if (c->bad)
		return -1;
	for (i = 0; i < n; i++)
		hist[(in[i] >> 2) & (BINS - 1)] += 1u;
	return 0;
}
