/* conv2d.c - reference of kernels/conv2d.cu: each covered pixel is the fmaf chain over the 5 x 5
 * filter in row-major order, pixels outside the image being 0. */
#include "ref.h"

#include <math.h>

#define R 2
#define F (2 * R + 1)
#define BX 16
#define BY 16

int kr_conv2d(kr_ctx_t *c)
{
	const kl_launch_t *l = c->l;
	int32_t w, h, x, y, i, j, xx, yy;
	uint32_t bx, by, tx, ty;
	const float *img, *filt;
	float *out;
	if (kr_params(c, 5) || kr_shape(c, BX, BY, 1, 2))
		return -1;
	w = kr_s32(c, 3, 1, 4096);
	h = kr_s32(c, 4, 1, 4096);
	if (c->bad)
		return -1;
	img = kr_buffer(c, 0, KL_F32, (uint64_t)w * h, 0);
	filt = kr_buffer(c, 1, KL_F32, F * F, 0);
	out = kr_buffer(c, 2, KL_F32, (uint64_t)w * h, 1);
	if (c->bad)
		return -1;
	for (by = 0; by < l->grid[1]; by++)
		for (bx = 0; bx < l->grid[0]; bx++)
			for (ty = 0; ty < BY; ty++)
				for (tx = 0; tx < BX; tx++) {
					float acc = 0.0f;
					x = (int32_t)(bx * BX + tx);
					y = (int32_t)(by * BY + ty);
					if (x >= w || y >= h)
						continue;
					for (i = 0; i < F; i++)
						for (j = 0; j < F; j++) {
							yy = y + i - R;
							xx = x + j - R;
							acc = fmaf(filt[i * F + j],
								   xx >= 0 && xx < w && yy >= 0 && yy < h ? img[yy * w + xx] : 0.0f,
								   acc);
						}
					out[y * w + x] = acc;
				}
	return 0;
}
