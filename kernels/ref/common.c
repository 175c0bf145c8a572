/* common.c - the reference table, the launch preconditions and the approximate operations shared
 * by the kernels' references (contract: ref.h). */
#include "ref.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

const kr_kernel_t kr_kernels[] = {
#define X(name, rtol, atol, why) {#name, kr_##name, rtol, atol, why},
#include "refs.def"
#undef X
};
const unsigned kr_n_kernels = sizeof(kr_kernels) / sizeof(kr_kernels[0]);

const kr_kernel_t *kr_lookup(const char *name)
{
	unsigned i;
	for (i = 0; i < kr_n_kernels; i++)
		if (strcmp(kr_kernels[i].name, name) == 0)
			return &kr_kernels[i];
	return NULL;
}

/* ---- preconditions ------------------------------------------------------------------------- */

int kr_fail(kr_ctx_t *c, unsigned line, const char *fmt, ...)
{
	va_list ap;
	c->bad = 1;
	if (!c->err)
		return -1;
	if (line)
		fprintf(c->err, "%s:%u: ", c->file, line);
	else
		fprintf(c->err, "%s: ", c->file);
	va_start(ap, fmt);
	vfprintf(c->err, fmt, ap);
	va_end(ap);
	fputc('\n', c->err);
	return -1;
}

int kr_params(kr_ctx_t *c, unsigned n)
{
	if (c->l->n_params == n)
		return 0;
	return kr_fail(c, c->l->line, "kernel.name = %s: the kernel takes %u parameters, the launch has %u (legal: %u)",
		       c->l->name, n, c->l->n_params, n);
}

int kr_shape(kr_ctx_t *c, uint32_t x, uint32_t y, uint32_t z, unsigned dims)
{
	const kl_launch_t *l = c->l;
	unsigned d;
	if ((x && l->block[0] != x) || l->block[1] != y || l->block[2] != z) {
		char want[48];
		if (x)
			snprintf(want, sizeof(want), "%lu, %lu, %lu", (unsigned long)x, (unsigned long)y, (unsigned long)z);
		else
			snprintf(want, sizeof(want), "any x, %lu, %lu", (unsigned long)y, (unsigned long)z);
		return kr_fail(c, l->line, "kernel.block = %lu, %lu, %lu: the kernel is written for this block shape (legal: %s)",
			       (unsigned long)l->block[0], (unsigned long)l->block[1], (unsigned long)l->block[2], want);
	}
	for (d = dims; d < 3; d++)
		if (l->grid[d] != 1)
			return kr_fail(c, l->line,
				       "kernel.grid = %lu, %lu, %lu: the kernel uses %u grid dimension%s (legal: the others 1)",
				       (unsigned long)l->grid[0], (unsigned long)l->grid[1], (unsigned long)l->grid[2],
				       dims, dims == 1 ? "" : "s");
	return 0;
}

/* Parameter i exists and is of kind k and type t; its description, or NULL (refused). */
static const kl_param_t *param(kr_ctx_t *c, unsigned i, kl_kind_t k, kl_type_t t)
{
	const kl_param_t *p;
	if (i >= c->l->n_params) {
		kr_fail(c, c->l->line, "kernel.name = %s: parameter %u is missing", c->l->name, i + 1);
		return NULL;
	}
	p = &c->l->params[i];
	if (p->kind != k || p->type != t) {
		kr_fail(c, p->line, "[%s %s]: parameter %u of %s is a %s of %s (legal: [%s %s] with type = %s)",
			p->kind == KL_BUFFER ? "buffer" : "scalar", p->name, i + 1, c->l->name,
			k == KL_BUFFER ? "buffer" : "scalar", kl_type_name(t), k == KL_BUFFER ? "buffer" : "scalar",
			p->name, kl_type_name(t));
		return NULL;
	}
	return p;
}

void *kr_buffer(kr_ctx_t *c, unsigned i, kl_type_t t, uint64_t min, int written)
{
	const kl_param_t *p = param(c, i, KL_BUFFER, t);
	if (!p)
		return NULL;
	if (p->count < min) {
		kr_fail(c, p->line, "[buffer %s]: %lu elements, the kernel uses %llu (legal: count >= %llu)", p->name,
			(unsigned long)p->count, (unsigned long long)min, (unsigned long long)min);
		return NULL;
	}
	if (written != (p->dir != KL_IN)) {
		kr_fail(c, p->line, "[buffer %s]: the kernel %s it (legal: dir = %s)", p->name,
			written ? "writes" : "only reads", written ? "out or inout" : "in");
		return NULL;
	}
	return c->buf[i];
}

int32_t kr_s32(kr_ctx_t *c, unsigned i, int32_t lo, int32_t hi)
{
	const kl_param_t *p = param(c, i, KL_SCALAR, KL_S32);
	int32_t v;
	if (!p)
		return 0;
	v = (int32_t)(uint32_t)p->value;
	if (v < lo || v > hi) {
		kr_fail(c, p->line, "[scalar %s]: value %ld is outside what the reference models (legal: %ld..%ld)",
			p->name, (long)v, (long)lo, (long)hi);
		return 0;
	}
	return v;
}

float kr_f32(kr_ctx_t *c, unsigned i)
{
	const kl_param_t *p = param(c, i, KL_SCALAR, KL_F32);
	uint32_t u;
	float f;
	if (!p)
		return 0.0f;
	u = (uint32_t)p->value;
	memcpy(&f, &u, 4);
	return f;
}

/* ---- approximate operations ---------------------------------------------------------------- */

/*
 * The correctly rounded result r of an operation the device computes to within ulps units in the
 * last place; when c->perturb is set, r moved by a whole number of ulps in [-span, span], span =
 * ulps * scale: by +span (KR_PERTURB_UP) or -span (KR_PERTURB_DOWN) every time, a systematic
 * error, or by a pseudo-random number drawn from splitmix64(perturb) at the operation's index.
 */
static float approx(kr_ctx_t *c, float r, unsigned ulps)
{
	uint64_t z;
	long k, span;
	if (!c->perturb) {
		c->approx_ops++;
		return r;
	}
	z = c->perturb + 0x9e3779b97f4a7c15ull * ++c->approx_ops;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	z ^= z >> 31;
	span = (long)ulps * (long)(c->perturb_scale ? c->perturb_scale : 1);
	if (c->perturb == KR_PERTURB_UP)
		k = span;
	else if (c->perturb == KR_PERTURB_DOWN)
		k = -span;
	else
		k = (long)(z % (uint64_t)(2 * span + 1)) - span;
	for (; k > 0; k--)
		r = nextafterf(r, INFINITY);
	for (; k < 0; k++)
		r = nextafterf(r, -INFINITY);
	return r;
}

/*
 * Correctly rounded f32 results: the f64 function rounded once to f32. The f64 result is within
 * one f64 ulp, so the f32 rounding is right unless the exact value lies within 2^-29 f32 ulps of
 * a rounding boundary; glibc's f32 functions are not used because their last bit may depend on
 * the CPU (FMA or not).
 */
float kr_rsqrtf(kr_ctx_t *c, float x) { return approx(c, (float)(1.0 / sqrt((double)x)), 2); }
float kr_sinf(kr_ctx_t *c, float x) { return approx(c, (float)sin((double)x), 2); }
float kr_expf(kr_ctx_t *c, float x) { return approx(c, (float)exp((double)x), 2); }
float kr_logf(kr_ctx_t *c, float x) { return approx(c, (float)log((double)x), 1); }
