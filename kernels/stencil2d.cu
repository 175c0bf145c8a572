/* stencil2d.cu - one Jacobi step of a 5-point stencil on an nx x ny FP32 grid (row-major):
 * out = c0 * centre + c1 * (((west + east) + north) + south) inside, out = in on the border.
 * Blocks of 16 x 8 threads stage their tile and its one-cell halo in shared memory; the threads on
 * the tile's edges load the halo (divergent loads), loads past the grid are clamped to it. */
#define BX 16
#define BY 8

extern "C" __global__ void stencil2d(const float *in, float *out, int nx, int ny, float c0, float c1)
{
	__shared__ float t[BY + 2][BX + 2];
	int tx = threadIdx.x, ty = threadIdx.y;
	int x = blockIdx.x * BX + tx, y = blockIdx.y * BY + ty;
	int xc = min(x, nx - 1), yc = min(y, ny - 1);

	t[ty + 1][tx + 1] = in[yc * nx + xc];
	if (tx == 0)
		t[ty + 1][0] = in[yc * nx + max(xc - 1, 0)];
	if (tx == BX - 1)
		t[ty + 1][BX + 1] = in[yc * nx + min(xc + 1, nx - 1)];
	if (ty == 0)
		t[0][tx + 1] = in[max(yc - 1, 0) * nx + xc];
	if (ty == BY - 1)
		t[BY + 1][tx + 1] = in[min(yc + 1, ny - 1) * nx + xc];
	__syncthreads();

	if (x >= nx || y >= ny)
		return;
	float c = t[ty + 1][tx + 1];
	if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1) {
		out[y * nx + x] = c;
		return;
	}
	float s = ((t[ty + 1][tx] + t[ty + 1][tx + 2]) + t[ty][tx + 1]) + t[ty + 2][tx + 1];
	out[y * nx + x] = fmaf(c0, c, c1 * s);
}
