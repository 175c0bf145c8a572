/* reduce_sum.cu - per-block FP32 sums of in[0..n): partial[blockIdx.x]. blockDim.x is a power of
 * two >= 64 and the dynamic shared memory holds blockDim.x floats. Each thread first adds its
 * elements in grid-stride order (two per step, blockDim.x apart), then a tree in shared memory
 * halves the block down to 32 values and the first warp finishes with shuffles. */
extern "C" __global__ void reduce_sum(const float *in, float *partial, int n)
{
	extern __shared__ float s[];
	int tid = threadIdx.x, b = blockDim.x;
	float v = 0.0f;

	for (int i = blockIdx.x * 2 * b + tid; i < n; i += gridDim.x * 2 * b) {
		v += in[i];
		if (i + b < n)
			v += in[i + b];
	}
	s[tid] = v;
	__syncthreads();
	for (int stride = b / 2; stride >= 32; stride >>= 1) {
		if (tid < stride)
			s[tid] = v = v + s[tid + stride];
		__syncthreads();
	}
	if (tid < 32) {
		for (int off = 16; off > 0; off >>= 1)
			v += __shfl_down_sync(0xffffffffu, v, off);
		if (tid == 0)
			partial[blockIdx.x] = v;
	}
}
