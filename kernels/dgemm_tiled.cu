/* dgemm_tiled.cu - C = A * B in FP64 (row-major; A is M x K, B is K x N), 8 x 8 tiles in shared
 * memory. One thread per element of C, blocks of 8 x 8 threads; the K loop walks the tiles (the
 * last one padded with zeros) and accumulates with fma in k order. */
#define TILE 8

extern "C" __global__ void dgemm_tiled(const double *A, const double *B, double *C, int M, int N, int K)
{
	__shared__ double as[TILE][TILE];
	__shared__ double bs[TILE][TILE];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
	double acc = 0.0;

	for (int t = 0; t < K; t += TILE) {
		as[ty][tx] = (row < M && t + tx < K) ? A[row * K + t + tx] : 0.0;
		bs[ty][tx] = (col < N && t + ty < K) ? B[(t + ty) * N + col] : 0.0;
		__syncthreads();
		for (int k = 0; k < TILE; k++)
			acc = fma(as[ty][k], bs[k][tx], acc);
		__syncthreads();
	}
	if (row < M && col < N)
		C[row * N + col] = acc;
}
