/* test_finereg.h - helpers of the FineReg CUnit suites (test_finereg*.c): a random draw, a random
 * CTA of a given status, the checker of the state at rest as an assertion. */
#ifndef TEST_FINEREG_H
#define TEST_FINEREG_H

#include <CUnit/CUnit.h>
#include <stdio.h>

#include "rfm_finereg.h"

/* xorshift64 */
static inline uint64_t fr_rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* A random CTA with status (ctx, reg), or -1. */
static inline int fr_pick(const rfm_fr_t *u, uint64_t *seed, unsigned ctx, unsigned reg)
{
	unsigned c, n = 0, k;
	for (c = 0; c < u->g.ctas; c++)
		n += u->ctx[c] == ctx && u->reg[c] == reg;
	if (!n)
		return -1;
	k = (unsigned)(fr_rnd(seed) % n);
	for (c = 0; c < u->g.ctas; c++)
		if (u->ctx[c] == ctx && u->reg[c] == reg && k-- == 0)
			break;
	return (int)c;
}

/* Every invariant of the state at rest holds (rfm_fr_check), else the broken one is printed. */
static inline void fr_ok(const rfm_fr_t *u)
{
	char why[160] = "";
	int rc = rfm_fr_check(u, why, sizeof(why));
	if (rc)
		fprintf(stderr, "\n  finereg check: %s\n", why);
	CU_ASSERT_EQUAL_FATAL(rc, 0);
}

#endif /* TEST_FINEREG_H */
