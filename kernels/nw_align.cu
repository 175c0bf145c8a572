/* nw_align.cu - Needleman-Wunsch global alignment scores, one pair of sequences per block: block b
 * aligns a[b len .. b len + len) with b[...] (symbols compared for equality) and writes the
 * (len + 1) x (len + 1) score matrix to score[b (len + 1)^2 ...]: row and column 0 are -k * gap,
 * cell (i, j) = max(diag + (a_i == b_j ? match : -mismatch), up - gap, left - gap). blockDim.x is
 * len; thread t owns row t + 1 and the block sweeps the 2 len - 1 anti-diagonals (a wavefront) with
 * a barrier after each. The matrix lives in dynamic shared memory ((len + 1)^2 ints). */
extern "C" __global__ void nw_align(const unsigned *a, const unsigned *b, int *score, int len, int gap,
				    int match, int mismatch)
{
	extern __shared__ int m[];
	int t = threadIdx.x, w = len + 1;
	const unsigned *sb = b + blockIdx.x * len;
	unsigned ai = a[blockIdx.x * len + t];

	for (int k = t; k < w; k += blockDim.x) {
		m[k] = -k * gap;
		m[k * w] = -k * gap;
	}
	__syncthreads();
	for (int d = 0; d < 2 * len - 1; d++) {
		int i = t + 1, j = d + 1 - t;
		if (j >= 1 && j <= len) {
			int s = ai == sb[j - 1] ? match : -mismatch;
			int v = max(m[(i - 1) * w + j - 1] + s, max(m[(i - 1) * w + j], m[i * w + j - 1]) - gap);
			m[i * w + j] = v;
		}
		__syncthreads();
	}
	int *out = score + blockIdx.x * w * w;
	for (int k = t; k < w * w; k += blockDim.x)
		out[k] = m[k];
}
