/* scan_block.cu - work-efficient exclusive scan (up-sweep, down-sweep) of u32 values, one segment
 * of 2 * blockDim.x elements per block: out[i] = sum of the segment's elements before i (mod 2^32),
 * sums[blockIdx.x] = the segment's total. blockDim.x is a power of two; the dynamic shared memory
 * holds 2 * blockDim.x words. Elements past n count as 0. */
extern "C" __global__ void scan_block(const unsigned *in, unsigned *out, unsigned *sums, int n)
{
	extern __shared__ unsigned s[];
	int tid = threadIdx.x, half = blockDim.x, m = 2 * half;
	int base = blockIdx.x * m, off = 1;

	s[tid] = base + tid < n ? in[base + tid] : 0u;
	s[tid + half] = base + tid + half < n ? in[base + tid + half] : 0u;
	for (int d = half; d > 0; d >>= 1) {
		__syncthreads();
		if (tid < d)
			s[off * (2 * tid + 2) - 1] += s[off * (2 * tid + 1) - 1];
		off <<= 1;
	}
	if (tid == 0) {
		sums[blockIdx.x] = s[m - 1];
		s[m - 1] = 0u;
	}
	for (int d = 1; d < m; d <<= 1) {
		off >>= 1;
		__syncthreads();
		if (tid < d) {
			int a = off * (2 * tid + 1) - 1, c = off * (2 * tid + 2) - 1;
			unsigned t = s[a];
			s[a] = s[c];
			s[c] += t;
		}
	}
	__syncthreads();
	if (base + tid < n)
		out[base + tid] = s[tid];
	if (base + tid + half < n)
		out[base + tid + half] = s[tid + half];
}
