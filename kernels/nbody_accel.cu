/* nbody_accel.cu - gravitational acceleration of n bodies in FP32: pos[j] = (x, y, z, w), mass
 * |w|. For body i, acc[i] = sum over j in order of |w_j| * d / (|d|^2 + eps2)^(3/2), d = p_j - p_i,
 * with rsqrtf for the inverse distance. Blocks of 128 threads stage 128 bodies at a time in shared
 * memory (float4 loads); bodies past n are zero and add nothing. */
#define BLOCK 128

extern "C" __global__ void nbody_accel(const float4 *pos, float4 *acc, int n, float eps2)
{
	__shared__ float4 sp[BLOCK];
	int i = blockIdx.x * BLOCK + threadIdx.x;
	float4 p = pos[min(i, n - 1)];
	float ax = 0.0f, ay = 0.0f, az = 0.0f;

	for (int t = 0; t < n; t += BLOCK) {
		int j = t + threadIdx.x;
		sp[threadIdx.x] = j < n ? pos[j] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
		__syncthreads();
		for (int k = 0; k < BLOCK; k++) {
			float4 q = sp[k];
			float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
			float r2 = fmaf(dz, dz, fmaf(dy, dy, fmaf(dx, dx, eps2)));
			float inv = rsqrtf(r2);
			float s = fabsf(q.w) * (inv * inv * inv);
			ax = fmaf(dx, s, ax);
			ay = fmaf(dy, s, ay);
			az = fmaf(dz, s, az);
		}
		__syncthreads();
	}
	if (i < n)
		acc[i] = make_float4(ax, ay, az, 0.0f);
}
