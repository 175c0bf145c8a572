/* stencil3d.c - reference of kernels/stencil3d.cu: each covered (x, y) column, bottom to top. */
#include "ref.h"

#include <math.h>

#define BX 16
#define BY 8

int kr_stencil3d(kr_ctx_t *c)
{
	const kl_launch_t *l = c->l;
	int32_t nx, ny, nz, x, y, z, plane, i, j;
	uint32_t bx, by, tx, ty;
	const float *in;
	float *out, c0, c1;
	if (kr_params(c, 7) || kr_shape(c, BX, BY, 1, 2))
		return -1;
	nx = kr_s32(c, 2, 1, 4096);
	ny = kr_s32(c, 3, 1, 4096);
	nz = kr_s32(c, 4, 2, 4096);
	c0 = kr_f32(c, 5);
	c1 = kr_f32(c, 6);
	if (c->bad)
		return -1;
	in = kr_buffer(c, 0, KL_F32, (uint64_t)nx * ny * nz, 0);
	out = kr_buffer(c, 1, KL_F32, (uint64_t)nx * ny * nz, 1);
	if (c->bad)
		return -1;
	plane = nx * ny;
	for (by = 0; by < l->grid[1]; by++)
		for (bx = 0; bx < l->grid[0]; bx++)
			for (ty = 0; ty < BY; ty++)
				for (tx = 0; tx < BX; tx++) {
					int edge;
					x = (int32_t)(bx * BX + tx);
					y = (int32_t)(by * BY + ty);
					if (x >= nx || y >= ny)
						continue;
					i = y * nx + x;
					edge = x == 0 || y == 0 || x == nx - 1 || y == ny - 1;
					out[i] = in[i];
					for (z = 1; z < nz - 1; z++) {
						float s;
						j = i + z * plane;
						if (edge) {
							out[j] = in[j];
							continue;
						}
						s = ((((in[j - 1] + in[j + 1]) + in[j - nx]) + in[j + nx]) + in[j - plane]) +
						    in[j + plane];
						out[j] = fmaf(c0, in[j], c1 * s);
					}
					out[i + (nz - 1) * plane] = in[i + (nz - 1) * plane];
				}
	return 0;
}
