/* stencil2d.c - reference of kernels/stencil2d.cu. The kernel's shared tile holds, for every
 * point it computes, exactly the grid neighbours (the clamped halo loads only feed points on the
 * border or outside the grid), so the reference reads them from in directly. */
#include "ref.h"

#include <math.h>

#define BX 16
#define BY 8

int kr_stencil2d(kr_ctx_t *c)
{
	const kl_launch_t *l = c->l;
	int32_t nx, ny, x, y;
	uint32_t bx, by, tx, ty;
	const float *in;
	float *out, c0, c1;
	if (kr_params(c, 6) || kr_shape(c, BX, BY, 1, 2))
		return -1;
	nx = kr_s32(c, 2, 1, 4096);
	ny = kr_s32(c, 3, 1, 4096);
	c0 = kr_f32(c, 4);
	c1 = kr_f32(c, 5);
	if (c->bad)
		return -1;
	in = kr_buffer(c, 0, KL_F32, (uint64_t)nx * ny, 0);
	out = kr_buffer(c, 1, KL_F32, (uint64_t)nx * ny, 1);
	if (c->bad)
		return -1;
	for (by = 0; by < l->grid[1]; by++)
		for (bx = 0; bx < l->grid[0]; bx++)
			for (ty = 0; ty < BY; ty++)
				for (tx = 0; tx < BX; tx++) {
					float ctr, s;
					x = (int32_t)(bx * BX + tx);
					y = (int32_t)(by * BY + ty);
					if (x >= nx || y >= ny)
						continue;
					ctr = in[y * nx + x];
					if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1) {
						out[y * nx + x] = ctr;
						continue;
					}
					s = ((in[y * nx + x - 1] + in[y * nx + x + 1]) + in[(y - 1) * nx + x]) +
					    in[(y + 1) * nx + x];
					out[y * nx + x] = fmaf(c0, ctr, c1 * s);
				}
	return 0;
}
