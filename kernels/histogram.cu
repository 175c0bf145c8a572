/* histogram.cu - 64-bin histogram of u32 samples, bin = bits 2..7 of the sample. Each block
 * counts its grid-stride share into a private copy in shared memory with shared atomics, then adds
 * its non-zero bins to hist (inout: counts accumulate onto its initial contents) with global
 * atomics. */
#define BINS 64

extern "C" __global__ void histogram(const unsigned *in, unsigned *hist, int n)
{
	__shared__ unsigned h[BINS];

	for (int b = threadIdx.x; b < BINS; b += blockDim.x)
		h[b] = 0u;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
		atomicAdd(&h[(in[i] >> 2) & (BINS - 1)], 1u);
	__syncthreads();
	for (int b = threadIdx.x; b < BINS; b += blockDim.x)
		if (h[b] != 0u)
			atomicAdd(&hist[b], h[b]);
}
