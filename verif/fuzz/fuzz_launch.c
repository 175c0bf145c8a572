/* fuzz_launch.c - libFuzzer target for the kernel launch-file parser (kernels/launch.c).
 *
 * Input: the text of a launch file. Checked on every input:
 *   - the status is KL_OK or KL_EINVAL; KL_EINVAL prints at least one message and leaves the
 *     description empty (all zero), KL_OK prints nothing;
 *   - every message is one line of printable ASCII that starts with the file name and a line
 *     number ("fuzz.ini:N: ") or, for the file as a whole, "fuzz.ini: ", and the line numbers
 *     never decrease (the whole-file messages come last);
 *   - loading with no message sink gives the same status;
 *   - a valid description echoes (kl_echo) to text that loads back to the same description (header
 *     lines aside) and echoes to the same text again;
 *   - the initial contents of small buffers keep their pattern's promises: iota is the index,
 *     const the value, a bounded integer seed at most the bound, a float seed in [-1, 1) (times
 *     the bound) and finite.
 * A failed check calls abort() (allowed here: this is a test harness). Build: Makefile, target
 * fuzz-launch (libFuzzer) and build/san/bin/fuzz_replay_launch (replay.c, make kernels-check).
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch.h"

/* The libFuzzer entry point (also called by replay.c). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Name the text is loaded under. */
#define FUZZ_NAME "fuzz.ini"

/* Largest buffer whose contents are checked element by element. */
#define FILL_MAX 4096u

/* Stop the run when cond is false, naming the check. */
#define CHECK(cond)                                                                                \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			fprintf(stderr, "fuzz_launch: check failed: %s (line %d)\n", #cond, __LINE__); \
			abort();                                                                   \
		}                                                                                  \
	} while (0)

/* Check the messages of one failed load: printable lines, each with the location, sorted. */
static void check_messages(const char *msg, size_t len)
{
	const size_t name = strlen(FUZZ_NAME);
	unsigned long last = 0;
	int whole = 0;
	size_t i = 0;
	CHECK(len > 0);
	while (i < len) {
		size_t start = i;
		CHECK(len - i > name + 2 && memcmp(msg + i, FUZZ_NAME, name) == 0);
		i += name;
		if (msg[i] == ':' && msg[i + 1] == ' ') {
			whole = 1; /* about the whole file: only such messages may follow */
		} else {
			char *end;
			unsigned long line;
			CHECK(msg[i] == ':' && msg[i + 1] >= '1' && msg[i + 1] <= '9');
			line = strtoul(msg + i + 1, &end, 10);
			CHECK(*end == ':' && end[1] == ' ');
			CHECK(!whole && line >= last);
			last = line;
		}
		for (; i < len && msg[i] != '\n'; i++)
			CHECK(msg[i] >= 0x20 && msg[i] < 0x7f);
		CHECK(i < len);           /* every message ends with a newline */
		CHECK(i > start + name + 4); /* and says something */
		i++;
	}
}

/* a and b describe the same launch (the lines of their headers aside). */
static void check_same(const kl_launch_t *a, const kl_launch_t *b)
{
	unsigned i;
	CHECK(strcmp(a->name, b->name) == 0);
	CHECK(memcmp(a->grid, b->grid, sizeof(a->grid)) == 0 && memcmp(a->block, b->block, sizeof(a->block)) == 0);
	CHECK(a->shared_bytes == b->shared_bytes && a->n_params == b->n_params);
	for (i = 0; i < a->n_params; i++) {
		const kl_param_t *p = &a->params[i], *q = &b->params[i];
		CHECK(p->kind == q->kind && strcmp(p->name, q->name) == 0 && p->type == q->type);
		CHECK(p->count == q->count && p->dir == q->dir && p->init == q->init && p->seed == q->seed);
		CHECK(p->bounded == q->bounded && p->bound == q->bound && p->value == q->value);
	}
}

/* Element i of p's initial contents keeps the pattern's promise. */
static void check_element(const kl_param_t *p, uint32_t i)
{
	uint64_t v = kl_element(p, i);
	float f, fb;
	double d, db;
	uint32_t u;
	if (kl_type_size(p->type) == 4)
		CHECK(v >> 32 == 0);
	if (p->init == KL_ZERO)
		CHECK(v == 0);
	else if (p->init == KL_CONST)
		CHECK(v == p->value);
	if (p->type == KL_F32) {
		u = (uint32_t)v;
		memcpy(&f, &u, 4);
		CHECK(isfinite(f));
		if (p->init == KL_IOTA)
			CHECK(f == (float)i);
		if (p->init == KL_SEED) {
			u = (uint32_t)p->bound;
			memcpy(&fb, &u, 4);
			fb = p->bounded ? fb : 1.0f;
			CHECK(f >= -fb && f < fb);
		}
	} else if (p->type == KL_F64) {
		memcpy(&d, &v, 8);
		CHECK(isfinite(d));
		if (p->init == KL_IOTA)
			CHECK(d == (double)i);
		if (p->init == KL_SEED) {
			memcpy(&db, &p->bound, 8);
			db = p->bounded ? db : 1.0;
			CHECK(d >= -db && d < db);
		}
	} else {
		if (p->init == KL_IOTA)
			CHECK(v == i);
		if (p->init == KL_SEED && p->bounded)
			CHECK(v <= p->bound);
	}
}

/* Echo a (valid) description, load it back, compare, echo again; check small buffers' contents. */
static void check_valid(const kl_launch_t *a)
{
	kl_launch_t *b = malloc(sizeof(*b));
	char *echo = NULL, *echo2 = NULL;
	size_t n = 0, n2 = 0;
	unsigned i;
	uint32_t k;
	FILE *f;
	CHECK(b != NULL);
	f = open_memstream(&echo, &n);
	CHECK(f != NULL);
	kl_echo(a, f);
	fclose(f);
	CHECK(kl_load_string(b, "echo.ini", echo, n, stderr) == KL_OK);
	check_same(a, b);
	f = open_memstream(&echo2, &n2);
	CHECK(f != NULL);
	kl_echo(b, f);
	fclose(f);
	CHECK(n == n2 && memcmp(echo, echo2, n) == 0);
	for (i = 0; i < a->n_params; i++) {
		const kl_param_t *p = &a->params[i];
		CHECK(kl_find(a, p->name) == (int)i);
		if (p->kind != KL_BUFFER || p->count > FILL_MAX)
			continue;
		for (k = 0; k < p->count; k++)
			check_element(p, k);
	}
	free(echo);
	free(echo2);
	free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const kl_launch_t empty;
	kl_launch_t *l = malloc(sizeof(*l));
	char *msg = NULL;
	size_t msg_len = 0;
	kl_status_t st;
	FILE *err;
	CHECK(l != NULL);
	err = open_memstream(&msg, &msg_len);
	CHECK(err != NULL);
	st = kl_load_string(l, FUZZ_NAME, (const char *)data, size, err);
	fclose(err);
	CHECK(st == KL_OK || st == KL_EINVAL);
	if (st == KL_OK) {
		CHECK(msg_len == 0);
		check_valid(l);
	} else {
		check_messages(msg, msg_len);
		CHECK(memcmp(l, &empty, sizeof(*l)) == 0);
	}
	CHECK(kl_load_string(l, FUZZ_NAME, (const char *)data, size, NULL) == st);
	free(msg);
	free(l);
	return 0;
}
