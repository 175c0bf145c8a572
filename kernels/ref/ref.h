/* ref.h - C references of the suite's kernels (docs/kernels.md, "Reference").
 *
 * A reference computes a kernel's output buffers from a launch description and the buffers'
 * initial contents the way the kernel does: the same threads, the same guards, and for floating
 * point the same operations in the same order (explicit fmaf/fma where the kernel has them, no
 * contraction anywhere else). The device's approximate operations (rsqrtf, and the libdevice
 * sinf, expf, logf) are replaced by the correctly rounded value; kr_kernel_t gives the tolerance
 * that covers them. With kr_ctx_t.perturb set, each approximate result is moved by a pseudo-random
 * number of ulps within the device's documented error bound, which is how the tolerances are
 * checked (kernel_ref --perturb).
 *
 * A launch the reference does not model (another block shape, a parameter of the wrong kind or
 * type, a buffer smaller than the kernel's accesses) is refused with one line
 * "file:line: ...: what is wrong (legal: ...)".
 */
#ifndef KERNELS_REF_H
#define KERNELS_REF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "launch.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KR_THREADS_MAX (1u << 20)   /* most threads (grid times block) a reference runs */
#define KR_PERTURB_UP UINT64_MAX      /* kr_ctx_t.perturb: every approximate result high by its bound */
#define KR_PERTURB_DOWN (UINT64_MAX - 1) /* kr_ctx_t.perturb: every one low by its bound */

/* One run of a reference. */
typedef struct {
	const kl_launch_t *l;         /* the launch */
	const char *file;             /* its file name, for messages */
	FILE *err;                    /* where refusals go (NULL: silent) */
	void *buf[KL_PARAMS_MAX];     /* each buffer's contents (initial, then final); NULL for scalars */
	uint64_t perturb;             /* 0: exact; KR_PERTURB_UP/DOWN; otherwise a seed */
	unsigned perturb_scale;       /* the perturbation's bound in multiples of the documented one */
	uint64_t approx_ops;          /* approximate operations executed so far */
	int bad;                      /* a precondition failed (message printed) */
} kr_ctx_t;

/* A reference and the tolerance of its floating-point outputs against the committed PTX. */
typedef struct {
	const char *name;             /* kernel name, as in the launch file */
	int (*run)(kr_ctx_t *c);      /* compute the outputs in c->buf; 0, or -1 (refused, message printed) */
	double rtol, atol;            /* |got - want| <= atol + rtol |want|; both 0: bit-exact */
	const char *why;              /* one line: where results may differ and why */
} kr_kernel_t;

/* Every reference (refs.def), and how many. */
extern const kr_kernel_t kr_kernels[];
extern const unsigned kr_n_kernels;
/* The reference of kernel name, or NULL. */
const kr_kernel_t *kr_lookup(const char *name);

/* ---- preconditions: each returns 0, or -1 with the message printed and c->bad set ---- */

/* Refuse the launch: "file:line: " (line 0: "file: ") and the formatted text. */
int kr_fail(kr_ctx_t *c, unsigned line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The launch has exactly n parameters. */
int kr_params(kr_ctx_t *c, unsigned n);
/* The block is x by y by z threads (x == 0: any x) and the grid uses only its first dims dimensions. */
int kr_shape(kr_ctx_t *c, uint32_t x, uint32_t y, uint32_t z, unsigned dims);
/* Parameter i is a buffer of type t with at least min elements, written (out or inout) or only read
 * (in) by the kernel; its contents, or NULL. */
void *kr_buffer(kr_ctx_t *c, unsigned i, kl_type_t t, uint64_t min, int written);
/* Parameter i is an s32 scalar in lo..hi; its value (0 when refused). */
int32_t kr_s32(kr_ctx_t *c, unsigned i, int32_t lo, int32_t hi);
/* Parameter i is a finite f32 scalar; its value. */
float kr_f32(kr_ctx_t *c, unsigned i);

/* ---- the device's approximate operations, correctly rounded (perturbed when c->perturb) ---- */

float kr_rsqrtf(kr_ctx_t *c, float x); /* rsqrt.approx.f32: 1 / sqrt(x) */
float kr_sinf(kr_ctx_t *c, float x);   /* libdevice sinf */
float kr_expf(kr_ctx_t *c, float x);   /* libdevice expf */
float kr_logf(kr_ctx_t *c, float x);   /* libdevice logf */

/* ---- outputs (outputs.c), shared with the simulator ---- */

/* Element i of buffer buf (type t) as a double (integers converted, exact below 2^53). */
double kr_elem_f(kl_type_t t, const void *buf, size_t i);
/* Bits of element i of buffer buf (type t). */
uint64_t kr_elem_bits(kl_type_t t, const void *buf, size_t i);
/* On stdout, one line per output buffer of l (bufs[i]: parameter i's contents): name, type, count,
 * FNV-1a 64 checksum, sum, min, max; with dump, then every element. */
void kr_print_outputs(const kl_launch_t *l, void *const *bufs, int dump);

/* The references (kernels/ref/<name>.c). */
#define X(name, rtol, atol, why) int kr_##name(kr_ctx_t *c);
#include "refs.def"
#undef X

#ifdef __cplusplus
}
#endif

#endif
