/* conv2d.cu - 5 x 5 convolution of a w x h FP32 image (row-major) with zero padding:
 * out[y][x] = sum over i, j in row-major order of filt[i][j] * img[y + i - 2][x + j - 2], with
 * fmaf. Blocks of 16 x 16 threads stage the filter and their tile with its two-pixel halo in
 * shared memory; all threads share the halo loads (a strided loop over the 20 x 20 tile). */
#define R 2
#define F (2 * R + 1)
#define BX 16
#define BY 16
#define TW (BX + 2 * R)
#define TH (BY + 2 * R)

extern "C" __global__ void conv2d(const float *img, const float *filt, float *out, int w, int h)
{
	__shared__ float tile[TH][TW];
	__shared__ float f[F][F];
	int tx = threadIdx.x, ty = threadIdx.y, t = ty * BX + tx;
	int x0 = blockIdx.x * BX - R, y0 = blockIdx.y * BY - R;

	if (t < F * F)
		f[t / F][t % F] = filt[t];
	for (int k = t; k < TH * TW; k += BX * BY) {
		int yy = y0 + k / TW, xx = x0 + k % TW;
		tile[k / TW][k % TW] = (xx >= 0 && xx < w && yy >= 0 && yy < h) ? img[yy * w + xx] : 0.0f;
	}
	__syncthreads();

	int x = x0 + R + tx, y = y0 + R + ty;
	if (x >= w || y >= h)
		return;
	float acc = 0.0f;
	for (int i = 0; i < F; i++)
		for (int j = 0; j < F; j++)
			acc = fmaf(f[i][j], tile[ty + i][tx + j], acc);
	out[y * w + x] = acc;
}
