/* backprop_forward.cu - the forward pass of one fully connected layer with a logistic activation:
 * out[j] = 1 / (1 + expf(-(sum_i wt[j n_in + i] in[i] + bias[j]))). Blocks of 16 x 16 threads
 * compute 16 outputs: thread (tx, ty) accumulates the products of output blockIdx.x 16 + ty for
 * i = tx, tx + 16, ... with fmaf, then a tree in shared memory (strides 8, 4, 2, 1) adds the 16
 * partial sums of each row, and column 0 applies the activation. */
#define W 16

extern "C" __global__ void backprop_forward(const float *in, const float *wt, const float *bias, float *out,
					    int n_in, int n_out)
{
	__shared__ float part[W][W + 1];
	int tx = threadIdx.x, ty = threadIdx.y, j = blockIdx.x * W + ty;
	float s = 0.0f;

	if (j < n_out)
		for (int i = tx; i < n_in; i += W)
			s = fmaf(wt[j * n_in + i], in[i], s);
	part[ty][tx] = s;
	__syncthreads();
	for (int st = W / 2; st > 0; st >>= 1) {
		if (tx < st)
			part[ty][tx] += part[ty][tx + st];
		__syncthreads();
	}
	if (tx == 0 && j < n_out)
		out[j] = 1.0f / (1.0f + expf(-(part[ty][0] + bias[j])));
}
