/* test_launch.c - CUnit tests of the kernel launch-file parser (kernels/launch.c): the initial
 * patterns' values, value syntax at the edges of each type, messages and the canonical echo.
 * Run by make kernels-check (build/san/bin/test_launch); exit status non-zero on any failure. */
#define _POSIX_C_SOURCE 200809L

#include <CUnit/Basic.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch.h"

/* The [kernel] section every test text starts with. */
#define KERNEL "[kernel]\nname = k\ngrid = 1\nblock = 32\nshared_bytes = 0\n"

/* Load text; the first message (without its newline) goes to first[256]. */
static kl_status_t load(kl_launch_t *l, const char *text, char *first)
{
	char buf[4096] = "";
	FILE *f = fmemopen(buf, sizeof(buf), "w");
	kl_status_t st;
	CU_ASSERT_FATAL(f != NULL);
	st = kl_load_string(l, "t.ini", text, strlen(text), f);
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	buf[255] = '\0';
	strcpy(first, buf);
	return st;
}

/* The value bits of a one-scalar file of type type and value value; *st gets the status. */
static uint64_t scalar(const char *type, const char *value, kl_status_t *st)
{
	char text[512], first[256];
	kl_launch_t l;
	snprintf(text, sizeof(text), KERNEL "[scalar s]\ntype = %s\nvalue = %s\n", type, value);
	*st = load(&l, text, first);
	return *st == KL_OK ? l.params[0].value : 0;
}

/* A one-buffer description of type t, n elements, with pattern init. */
static void buffer(kl_launch_t *l, const char *type, const char *init, unsigned n)
{
	char text[512], first[256];
	snprintf(text, sizeof(text), KERNEL "[buffer b]\ntype = %s\ncount = %u\ninit = %s\ndir = in\n", type, n, init);
	if (load(l, text, first) != KL_OK)
		fprintf(stderr, "\n  %s\n", first);
	CU_ASSERT_FATAL(l->n_params == 1);
}

static void test_launch_seed_known_answer(void)
{
	kl_launch_t l;
	/* splitmix64 seeded with 0: its first output is 0xe220a8397b1dcdaf */
	buffer(&l, "u64", "seed:0", 4);
	CU_ASSERT_EQUAL(kl_element(&l.params[0], 0), 0xe220a8397b1dcdafull);
	buffer(&l, "u32", "seed:0", 4);
	CU_ASSERT_EQUAL(kl_element(&l.params[0], 0), 0xe220a839ull);
	buffer(&l, "s32", "seed:0", 4);
	CU_ASSERT_EQUAL(kl_element(&l.params[0], 0), 0xe220a839ull);
}

static void test_launch_seed_ranges(void)
{
	kl_launch_t l;
	uint32_t i, u;
	float f, lo = 1, hi = -1;
	buffer(&l, "f32", "seed:5", 4096);
	for (i = 0; i < 4096; i++) {
		u = (uint32_t)kl_element(&l.params[0], i);
		memcpy(&f, &u, 4);
		CU_ASSERT(f >= -1.0f && f < 1.0f && f * 0x1p23f == floorf(f * 0x1p23f));
		lo = f < lo ? f : lo;
		hi = f > hi ? f : hi;
	}
	CU_ASSERT(lo < -0.99f && hi > 0.99f);
	buffer(&l, "u32", "seed:5:3", 1000);
	for (i = 0, u = 0; i < 1000; i++) {
		CU_ASSERT(kl_element(&l.params[0], i) <= 3);
		u |= 1u << kl_element(&l.params[0], i);
	}
	CU_ASSERT_EQUAL(u, 15); /* every value 0..3 occurs */
	buffer(&l, "f64", "seed:5:0.5", 1000);
	for (i = 0; i < 1000; i++) {
		uint64_t v = kl_element(&l.params[0], i);
		double d;
		memcpy(&d, &v, 8);
		CU_ASSERT(d >= -0.5 && d < 0.5);
	}
}

static void test_launch_iota_const(void)
{
	kl_launch_t l;
	float f;
	uint32_t u, buf[3];
	buffer(&l, "f32", "iota", 16777216);
	u = (uint32_t)kl_element(&l.params[0], 16777215);
	memcpy(&f, &u, 4);
	CU_ASSERT_EQUAL(f, 16777215.0f);
	buffer(&l, "s32", "const:-7", 3);
	kl_fill(&l.params[0], buf);
	CU_ASSERT(buf[0] == (uint32_t)-7 && buf[2] == (uint32_t)-7);
	buffer(&l, "f32", "const:0.1", 3);
	CU_ASSERT_EQUAL(kl_element(&l.params[0], 1), 0x3dcccccd);
}

static void test_launch_value_edges(void)
{
	kl_status_t st;
	CU_ASSERT_EQUAL(scalar("s32", "-2147483648", &st), 0x80000000u);
	CU_ASSERT_EQUAL(st, KL_OK);
	scalar("s32", "-2147483649", &st);
	CU_ASSERT_EQUAL(st, KL_EINVAL);
	scalar("s32", "+1", &st);
	CU_ASSERT_EQUAL(st, KL_EINVAL);
	CU_ASSERT_EQUAL(scalar("u32", "0xFFFFFFFF", &st), 0xffffffffu);
	scalar("u32", "0x100000000", &st);
	CU_ASSERT_EQUAL(st, KL_EINVAL);
	scalar("u32", "-0", &st);
	CU_ASSERT_EQUAL(st, KL_EINVAL);
	CU_ASSERT_EQUAL(scalar("u32", "010", &st), 10); /* leading zeros stay decimal */
	CU_ASSERT_EQUAL(scalar("u64", "18446744073709551615", &st), UINT64_MAX);
	scalar("u64", "18446744073709551616", &st);
	CU_ASSERT_EQUAL(st, KL_EINVAL);
	CU_ASSERT_EQUAL(scalar("f64", "0.1", &st), 0x3fb999999999999aull);
	CU_ASSERT_EQUAL(scalar("f32", "0x1p-149", &st), 1); /* the smallest subnormal */
	CU_ASSERT_EQUAL(st, KL_OK);
	CU_ASSERT_EQUAL(scalar("f32", "-0", &st), 0x80000000u);
	scalar("f32", "3.5e38", &st);
	CU_ASSERT_EQUAL(st, KL_EINVAL);
	scalar("f64", "inf", &st);
	CU_ASSERT_EQUAL(st, KL_EINVAL);
	scalar("f32", "1.0f", &st);
	CU_ASSERT_EQUAL(st, KL_EINVAL);
}

static void test_launch_refusal_empty_and_sorted(void)
{
	static const kl_launch_t empty;
	char first[256];
	kl_launch_t l;
	/* the type (line 8) is checked before the direction (line 7): the messages come sorted by line */
	const char *text = KERNEL "[buffer b]\ndir = up\ntype = f16\ncount = 1\ninit = zero\n";
	memset(&l, 0xff, sizeof(l));
	CU_ASSERT_EQUAL(load(&l, text, first), KL_EINVAL);
	CU_ASSERT_STRING_EQUAL(first, "t.ini:7: b.dir = up: unknown direction (legal: in|out|inout)");
	CU_ASSERT(memcmp(&l, &empty, sizeof(l)) == 0);
	CU_ASSERT_EQUAL(load(&l, "", first), KL_EINVAL);
	CU_ASSERT_STRING_EQUAL(first, "t.ini: [kernel]: missing section (legal: one [kernel] section with name, grid, "
				      "block, shared_bytes)");
}

static void test_launch_echo_roundtrip(void)
{
	const char *text = "\xef\xbb\xbf[kernel]\r\nname: k ; comment\r\ngrid = 3,2\r\nblock = 16 , 8\r\n"
			   "shared_bytes = 0x40\r\n"
			   "[buffer x]\ndir = inout\ninit = seed:9:0.25\ncount = 5\ntype = f32\n"
			   "[scalar e]\ntype = f64\nvalue = 1e-300\n";
	char *echo = NULL, first[256];
	size_t n = 0;
	kl_launch_t a, b;
	FILE *f;
	CU_ASSERT_FATAL(load(&a, text, first) == KL_OK);
	CU_ASSERT(a.grid[0] == 3 && a.grid[1] == 2 && a.grid[2] == 1 && a.block[1] == 8 && a.shared_bytes == 64);
	CU_ASSERT(a.params[0].dir == KL_INOUT && a.params[0].bounded && a.params[0].line == 6);
	f = open_memstream(&echo, &n);
	CU_ASSERT_FATAL(f != NULL);
	kl_echo(&a, f);
	fclose(f);
	CU_ASSERT(strstr(echo, "grid = 3, 2, 1\n") && strstr(echo, "init = seed:9:0.25\n") &&
		  strstr(echo, "value = 1e-300\n"));
	CU_ASSERT_FATAL(load(&b, echo, first) == KL_OK);
	CU_ASSERT(b.params[1].value == a.params[1].value && b.params[0].bound == a.params[0].bound);
	free(echo);
}

int main(void)
{
	CU_pSuite s;
	unsigned fails;
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	s = CU_add_suite("launch", NULL, NULL);
	if (!s || !CU_add_test(s, "test_launch_seed_known_answer", test_launch_seed_known_answer) ||
	    !CU_add_test(s, "test_launch_seed_ranges", test_launch_seed_ranges) ||
	    !CU_add_test(s, "test_launch_iota_const", test_launch_iota_const) ||
	    !CU_add_test(s, "test_launch_value_edges", test_launch_value_edges) ||
	    !CU_add_test(s, "test_launch_refusal_empty_and_sorted", test_launch_refusal_empty_and_sorted) ||
	    !CU_add_test(s, "test_launch_echo_roundtrip", test_launch_echo_roundtrip)) {
		fprintf(stderr, "test_launch: cannot register the tests: %s\n", CU_get_error_msg());
		CU_cleanup_registry();
		return 1;
	}
	CU_basic_set_mode(CU_BRM_NORMAL);
	CU_basic_run_tests();
	fails = CU_get_number_of_failures();
	CU_cleanup_registry();
	return fails ? 1 : 0;
}
