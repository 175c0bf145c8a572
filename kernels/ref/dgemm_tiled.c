/* dgemm_tiled.c - reference of kernels/dgemm_tiled.cu: every covered element of C is the fma
 * chain over the K tiles in k order, the padding past K adding fma(0, 0, acc) = acc. */
#include "ref.h"

#include <math.h>

#define TILE 8

int kr_dgemm_tiled(kr_ctx_t *c)
{
	const kl_launch_t *l = c->l;
	int32_t M, N, K, row, col, t, k;
	const double *A, *B;
	double *C;
	uint32_t bx, by, tx, ty;
	if (kr_params(c, 6) || kr_shape(c, TILE, TILE, 1, 2))
		return -1;
	M = kr_s32(c, 3, 1, 4096);
	N = kr_s32(c, 4, 1, 4096);
	K = kr_s32(c, 5, 1, 4096);
	if (c->bad)
		return -1;
	A = kr_buffer(c, 0, KL_F64, (uint64_t)M * K, 0);
	B = kr_buffer(c, 1, KL_F64, (uint64_t)K * N, 0);
	C = kr_buffer(c, 2, KL_F64, (uint64_t)M * N, 1);
	if (c->bad)
		return -1;
	for (by = 0; by < l->grid[1]; by++)
		for (bx = 0; bx < l->grid[0]; bx++)
			for (ty = 0; ty < TILE; ty++)
				for (tx = 0; tx < TILE; tx++) {
					double acc = 0.0;
					row = (int32_t)(by * TILE + ty);
					col = (int32_t)(bx * TILE + tx);
					if (row >= M || col >= N)
						continue;
					for (t = 0; t < K; t += TILE)
						for (k = 0; k < TILE; k++) {
							double a = t + k < K ? A[row * K + t + k] : 0.0;
							double b = t + k < K ? B[(t + k) * N + col] : 0.0;
							acc = fma(a, b, acc);
						}
					C[row * N + col] = acc;
				}
	return 0;
}
