/* kmeans_assign.cu - the assignment step of k-means: n points of 4 FP32 features (feature-major:
 * pts[d n + i]) against 8 centroids (cent[k 4 + d], staged in shared memory). member[i] is the
 * centroid with the smallest squared distance (sum over d in order of (p_d - c_d)^2 with fmaf;
 * the first one wins a tie), dist[i] that distance. Blocks of at least 32 threads. */
#define D 4
#define K 8

extern "C" __global__ void kmeans_assign(const float *pts, const float *cent, int *member, float *dist, int n)
{
	__shared__ float c[K * D];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (threadIdx.x < K * D)
		c[threadIdx.x] = cent[threadIdx.x];
	__syncthreads();
	if (i >= n)
		return;
	float p[D];
	for (int d = 0; d < D; d++)
		p[d] = pts[d * n + i];
	int best = 0;
	float bestd = 3.402823466e38f;
	for (int k = 0; k < K; k++) {
		float s = 0.0f;
		for (int d = 0; d < D; d++) {
			float t = p[d] - c[k * D + d];
			s = fmaf(t, t, s);
		}
		if (s < bestd) {
			bestd = s;
			best = k;
		}
	}
	member[i] = best;
	dist[i] = bestd;
}
