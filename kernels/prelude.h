/* prelude.h - the CUDA device built-ins the suite's kernels use, for compiling them with clang-14
 * without the CUDA toolkit's headers (kernels/build.sh, clang path: -nocudainc -nocudalib
 * -include kernels/prelude.h). nvcc never sees this file.
 *
 * Everything maps onto clang's NVPTX builtins. With no libdevice, sinf, expf and logf become the
 * hardware approximations (sin.approx, ex2.approx, lg2.approx: what nvcc's __sinf, __expf and
 * __logf give); nvcc's PTX uses libdevice's accurate versions instead (docs/kernels.md,
 * "Tolerances"). sqrtf and division stay IEEE round-to-nearest, as with nvcc's defaults. */
#ifndef KERNELS_PRELUDE_H
#define KERNELS_PRELUDE_H

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __forceinline__ inline __attribute__((always_inline))

/* A CUDA vector of three unsigned ints (threadIdx and friends). */
struct uint3 {
	unsigned int x, y, z;
};

/* A CUDA float4: 16-byte aligned, so loads and stores of one are vector accesses. */
struct __attribute__((aligned(16))) float4 {
	float x, y, z, w;
};

static __device__ __forceinline__ float4 make_float4(float x, float y, float z, float w)
{
	float4 r = {x, y, z, w};
	return r;
}

/* The special registers: one read per component used. */
static __device__ __forceinline__ uint3 kp_tid(void)
{
	uint3 r = {(unsigned)__nvvm_read_ptx_sreg_tid_x(), (unsigned)__nvvm_read_ptx_sreg_tid_y(),
		   (unsigned)__nvvm_read_ptx_sreg_tid_z()};
	return r;
}
static __device__ __forceinline__ uint3 kp_ntid(void)
{
	uint3 r = {(unsigned)__nvvm_read_ptx_sreg_ntid_x(), (unsigned)__nvvm_read_ptx_sreg_ntid_y(),
		   (unsigned)__nvvm_read_ptx_sreg_ntid_z()};
	return r;
}
static __device__ __forceinline__ uint3 kp_ctaid(void)
{
	uint3 r = {(unsigned)__nvvm_read_ptx_sreg_ctaid_x(), (unsigned)__nvvm_read_ptx_sreg_ctaid_y(),
		   (unsigned)__nvvm_read_ptx_sreg_ctaid_z()};
	return r;
}
static __device__ __forceinline__ uint3 kp_nctaid(void)
{
	uint3 r = {(unsigned)__nvvm_read_ptx_sreg_nctaid_x(), (unsigned)__nvvm_read_ptx_sreg_nctaid_y(),
		   (unsigned)__nvvm_read_ptx_sreg_nctaid_z()};
	return r;
}
#define threadIdx (kp_tid())
#define blockDim (kp_ntid())
#define blockIdx (kp_ctaid())
#define gridDim (kp_nctaid())

/* Warp shuffle and atomics (__syncthreads is a clang builtin already). */
static __device__ __forceinline__ float __shfl_down_sync(unsigned mask, float v, unsigned delta)
{
	return __nvvm_shfl_sync_down_f32(mask, v, delta, 0x1f);
}
static __device__ __forceinline__ unsigned atomicAdd(unsigned *p, unsigned v)
{
	return (unsigned)__nvvm_atom_add_gen_i((int *)p, (int)v);
}

/* Integer min and max (nvcc's overloads for int and unsigned). */
static __device__ __forceinline__ int min(int a, int b) { return a < b ? a : b; }
static __device__ __forceinline__ int max(int a, int b) { return a > b ? a : b; }
static __device__ __forceinline__ unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
static __device__ __forceinline__ unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }

/* Math: fused multiply-add and IEEE operations as nvcc emits them, the rest approximate. */
#define fmaf(a, b, c) __nvvm_fma_rn_f((a), (b), (c))
#define fma(a, b, c) __nvvm_fma_rn_d((a), (b), (c))
#define fabsf(a) __nvvm_fabs_f(a)
#define sqrtf(a) __nvvm_sqrt_rn_f(a)
#define rsqrtf(a) __nvvm_rsqrt_approx_f(a)
#define sinf(a) __nvvm_sin_approx_f(a)
#define expf(a) __nvvm_ex2_approx_f((a) * 1.4426950408889634f)
#define logf(a) (__nvvm_lg2_approx_f(a) * 0.6931471805599453f)

#endif
