/* stencil3d.cu - one Jacobi step of a 7-point stencil on an nx x ny x nz FP32 grid (x fastest):
 * out = c0 * centre + c1 * (((((west + east) + north) + south) + below) + above) inside,
 * out = in on the border. Each thread of a 16 x 8 block owns one (x, y) column and marches up z,
 * keeping the planes below, at and above it in registers (nz >= 2). */
#define BX 16
#define BY 8

extern "C" __global__ void stencil3d(const float *in, float *out, int nx, int ny, int nz, float c0, float c1)
{
	int x = blockIdx.x * BX + threadIdx.x, y = blockIdx.y * BY + threadIdx.y;
	if (x >= nx || y >= ny)
		return;
	int plane = nx * ny, i = y * nx + x;
	bool edge = x == 0 || y == 0 || x == nx - 1 || y == ny - 1;
	float below = in[i], cur = in[i + plane];

	out[i] = below;
	for (int z = 1; z < nz - 1; z++) {
		int j = i + z * plane;
		float above = in[j + plane];
		if (edge) {
			out[j] = cur;
		} else {
			float s = ((((in[j - 1] + in[j + 1]) + in[j - nx]) + in[j + nx]) + below) + above;
			out[j] = fmaf(c0, cur, c1 * s);
		}
		below = cur;
		cur = above;
	}
	out[i + (nz - 1) * plane] = cur;
}
