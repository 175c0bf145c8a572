/* transcend.cu - transcendental functions in a loop whose trip count comes from the data:
 * thread i iterates iters[i] times (lanes of a warp diverge) v = 0.5 sinf(v) + 0.25 (a
 * contraction, so rounding differences shrink) and acc += expf(v) logf(1 + v^2); then it halves
 * acc until it is below 1 (a second value-dependent loop) and writes acc and the halvings. */
extern "C" __global__ void transcend(const float *x, const unsigned *iters, float *out, int *halvings, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float v = x[i], acc = 0.0f;
	int e = 0;

	for (unsigned k = iters[i]; k > 0; k--) {
		v = fmaf(0.5f, sinf(v), 0.25f);
		acc = fmaf(expf(v), logf(fmaf(v, v, 1.0f)), acc);
	}
	while (acc >= 1.0f) {
		acc *= 0.5f;
		e++;
	}
	out[i] = acc;
	halvings[i] = e;
}
