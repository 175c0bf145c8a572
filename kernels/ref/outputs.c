/* outputs.c - the output buffers' summary lines and element access shared by kernel_ref and the
 * simulator (contract: ref.h). */
#include "ref.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

/* FNV-1a, 64 bits, over the buffer's elements as little-endian bytes. */
static uint64_t fnv1a(const kl_param_t *p, const void *buf)
{
	const unsigned char *b = buf;
	size_t size = kl_type_size(p->type), i, k;
	uint64_t h = 0xcbf29ce484222325ull, v;
	uint32_t u;
	for (i = 0; i < p->count; i++) {
		if (size == 4) {
			memcpy(&u, b + i * 4, 4);
			v = u;
		} else {
			memcpy(&v, b + i * 8, 8);
		}
		for (k = 0; k < size; k++) {
			h ^= (v >> (8 * k)) & 0xff;
			h *= 0x100000001b3ull;
		}
	}
	return h;
}

/* Element i of buffer buf (type t) as a double (integers converted, exact below 2^53). */
double kr_elem_f(kl_type_t t, const void *buf, size_t i)
{
	const unsigned char *b = buf;
	float f;
	double d;
	uint32_t u;
	uint64_t v;
	switch (t) {
	case KL_F32:
		memcpy(&f, b + i * 4, 4);
		return f;
	case KL_F64:
		memcpy(&d, b + i * 8, 8);
		return d;
	case KL_U32:
		memcpy(&u, b + i * 4, 4);
		return u;
	case KL_S32:
		memcpy(&u, b + i * 4, 4);
		return (int32_t)u;
	case KL_U64:
		memcpy(&v, b + i * 8, 8);
		return (double)v;
	default:
		memcpy(&v, b + i * 8, 8);
		return (double)(int64_t)v;
	}
}

/* Bits of element i of buffer buf (type t). */
uint64_t kr_elem_bits(kl_type_t t, const void *buf, size_t i)
{
	uint32_t u;
	uint64_t v;
	if (kl_type_size(t) == 4) {
		memcpy(&u, (const unsigned char *)buf + i * 4, 4);
		return u;
	}
	memcpy(&v, (const unsigned char *)buf + i * 8, 8);
	return v;
}

/* One line per output buffer: name, type, count, checksum, sum, min, max. */
void kr_print_outputs(const kl_launch_t *l, void *const *bufs, int dump)
{
	char a[32], b[32], s[32];
	unsigned i;
	size_t k;
	for (i = 0; i < l->n_params; i++) {
		const kl_param_t *p = &l->params[i];
		int fp = p->type == KL_F32 || p->type == KL_F64;
		double sum = 0, mn = INFINITY, mx = -INFINITY;
		int64_t isum = 0;
		if (p->kind != KL_BUFFER || p->dir == KL_IN)
			continue;
		for (k = 0; k < p->count; k++) {
			double v = kr_elem_f(p->type, bufs[i], k);
			sum += v;
			if (p->type == KL_S32)
				isum += (int32_t)(uint32_t)kr_elem_bits(p->type, bufs[i], k);
			else
				isum = (int64_t)((uint64_t)isum + kr_elem_bits(p->type, bufs[i], k));
			mn = v < mn ? v : mn;
			mx = v > mx ? v : mx;
		}
		if (fp)
			snprintf(s, sizeof(s), "%.17g", sum);
		else
			snprintf(s, sizeof(s), p->type == KL_S32 || p->type == KL_S64 ? "%" PRId64 : "%" PRIu64, isum);
		snprintf(a, sizeof(a), fp ? "%.9g" : "%.0f", mn);
		snprintf(b, sizeof(b), fp ? "%.9g" : "%.0f", mx);
		printf("output %s %s %lu fnv1a64 %016" PRIx64 " sum %s min %s max %s\n", p->name, kl_type_name(p->type),
		       (unsigned long)p->count, fnv1a(p, bufs[i]), s, a, b);
		for (k = 0; dump && k < p->count; k++)
			printf("%s[%zu] = %s (0x%0*" PRIx64 ")\n", p->name, k,
			       kl_value_str(p->type, kr_elem_bits(p->type, bufs[i], k), a), (int)kl_type_size(p->type) * 2,
			       kr_elem_bits(p->type, bufs[i], k));
	}
}
