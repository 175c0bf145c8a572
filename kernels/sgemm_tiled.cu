/* sgemm_tiled.cu - C = A * B in FP32 (row-major; A is M x K, B is K x N), 16 x 16 tiles in shared
 * memory. One thread per element of C, blocks of 16 x 16 threads; the K loop walks the tiles (the
 * last one padded with zeros) and accumulates with fmaf in k order. */
#define TILE 16

extern "C" __global__ void sgemm_tiled(const float *A, const float *B, float *C, int M, int N, int K)
{
	__shared__ float as[TILE][TILE];
	__shared__ float bs[TILE][TILE];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
	float acc = 0.0f;

	for (int t = 0; t < K; t += TILE) {
		as[ty][tx] = (row < M && t + tx < K) ? A[row * K + t + tx] : 0.0f;
		bs[ty][tx] = (col < N && t + ty < K) ? B[(t + ty) * N + col] : 0.0f;
		__syncthreads();
		for (int k = 0; k < TILE; k++)
			acc = fmaf(as[ty][k], bs[k][tx], acc);
		__syncthreads();
	}
	if (row < M && col < N)
		C[row * N + col] = acc;
}
