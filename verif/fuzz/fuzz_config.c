/* fuzz_config.c - libFuzzer target for the config parser (cmodel/config.c).
 *
 * Input: INI text, optionally followed by a line "%%" and then one -s override per line.
 * The INI part goes through rfm_cfg_load_string, the override part through rfm_cfg_load with no
 * file. Checked on every input:
 *   - the status is RFM_OK or RFM_EINVAL; RFM_EINVAL prints errors, RFM_OK only warnings (keys that
 *     do nothing), as many as cfg->warnings;
 *   - every message is one line of printable ASCII that starts with the file name or "-s[";
 *   - a config that loads echoes to INI text that loads back to the same keys, derived values
 *     and hash, and echoes to the same text again.
 * A violated check calls abort() (allowed here: this is a test harness, not library code).
 * Build: see verif/fuzz/README.md.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_config.h"

/* The libFuzzer entry point (also called by replay.c). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Most overrides taken from one input. */
#define MAX_OVERRIDES 32

/* Name the INI text is loaded under. */
#define FUZZ_NAME "fuzz.ini"

/* Stop the run when cond is false, naming the check. */
#define CHECK(cond)                                                                                \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			fprintf(stderr, "fuzz_config: check failed: %s (line %d)\n", #cond, __LINE__); \
			abort();                                                                   \
		}                                                                                  \
	} while (0)

/* The message sink for loads whose messages are not inspected: /dev/null, opened once. */
static FILE *devnull(void)
{
	static FILE *f;
	if (!f)
		f = fopen("/dev/null", "w");
	CHECK(f != NULL);
	return f;
}

/*
 * Check the messages of one load: one printable line each, each starting with a location. For
 * INI text (ini = 1) every syntax error must quote its line: an unquoted one is config.c's
 * fallback for an inih error its reader did not predict, which means reader and inih disagree.
 */
static void check_messages(const char *msg, size_t len, rfm_status_t st, int ini, const rfm_cfg_t *cfg)
{
	size_t i = 0;
	unsigned warnings = 0;
	CHECK(st == RFM_OK || st == RFM_EINVAL);
	CHECK(st == RFM_OK || len > 0);
	while (i < len) {
		size_t start = i;
		/* a valid load prints warnings only (keys that do nothing): "warning: " right after the
		 * location, which has no space (an error may quote such text, so errors are not classified) */
		const char *nl = memchr(msg + i, '\n', len - i), *sp = memchr(msg + i, ' ', len - i);
		if (st == RFM_OK) {
			CHECK(nl && sp && sp < nl && (size_t)(nl - sp) > 9 && strncmp(sp + 1, "warning: ", 9) == 0);
			warnings++;
		}
		CHECK(strncmp(msg + i, FUZZ_NAME, strlen(FUZZ_NAME)) == 0 || strncmp(msg + i, "-s[", 3) == 0 ||
		      strncmp(msg + i, "<defaults>: ", 12) == 0);
		for (; i < len && msg[i] != '\n'; i++)
			CHECK(msg[i] >= 0x20 && msg[i] < 0x7f);
		CHECK(i < len);      /* every message ends with a newline */
		CHECK(i > start + 3); /* and is not empty */
		if (ini && i - start > 15 && memcmp(msg + i - 11, "'; comment'", 11) == 0)
			CHECK(!"syntax error without the line: reader and inih disagree");
		i++;
	}
	if (st == RFM_OK)
		CHECK(warnings == cfg->warnings);
}

/* Echo a (valid) cfg, load the echo back and compare; also exercise the "// " prefix. */
static void check_roundtrip(const rfm_cfg_t *a)
{
	rfm_cfg_t *b = malloc(sizeof(*b));
	char *echo = NULL, *echo2 = NULL;
	size_t n = 0, n2 = 0;
	FILE *f;
	int k;
	CHECK(b != NULL);
	f = open_memstream(&echo, &n);
	CHECK(f != NULL);
	rfm_cfg_echo(a, f, "");
	fclose(f);
	CHECK(rfm_cfg_load_string(b, "echo.ini", echo, n, devnull()) == RFM_OK);
	for (k = 0; k < RFM_K_COUNT; k++)
		CHECK(rfm_cfg_get(a, (rfm_key_t)k) == rfm_cfg_get(b, (rfm_key_t)k));
	CHECK(memcmp(&a->d, &b->d, sizeof(a->d)) == 0);
	CHECK(rfm_cfg_hash(a) == rfm_cfg_hash(b));
	f = open_memstream(&echo2, &n2);
	CHECK(f != NULL);
	rfm_cfg_echo(b, f, "");
	fclose(f);
	CHECK(n == n2 && memcmp(echo, echo2, n) == 0);
	rfm_cfg_echo(b, devnull(), "// ");
	free(echo);
	free(echo2);
	free(b);
}

/* Load the overrides in text (one per line) on top of the defaults. */
static void run_overrides(const uint8_t *text, size_t len)
{
	char *ov[MAX_OVERRIDES], *msg = NULL;
	size_t i = 0, msg_len = 0;
	unsigned n = 0, j;
	rfm_cfg_t *cfg = malloc(sizeof(*cfg));
	rfm_status_t st;
	FILE *err;
	CHECK(cfg != NULL);
	while (i < len && n < MAX_OVERRIDES) {
		size_t start = i;
		while (i < len && text[i] != '\n')
			i++;
		ov[n] = malloc(i - start + 1);
		CHECK(ov[n] != NULL);
		memcpy(ov[n], text + start, i - start);
		ov[n][i - start] = '\0';
		n++;
		i++;
	}
	err = open_memstream(&msg, &msg_len);
	CHECK(err != NULL);
	st = rfm_cfg_load(cfg, NULL, (const char *const *)ov, n, err);
	fclose(err);
	check_messages(msg, msg_len, st, 0, cfg);
	if (st == RFM_OK)
		check_roundtrip(cfg);
	for (j = 0; j < n; j++)
		free(ov[j]);
	free(msg);
	free(cfg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	rfm_cfg_t *cfg = malloc(sizeof(*cfg));
	size_t text_len = size, i, msg_len = 0;
	char *msg = NULL;
	rfm_status_t st;
	FILE *err;
	CHECK(cfg != NULL);
	/* the INI text ends at a line "%%" */
	for (i = 0; i + 2 <= size; i++) {
		if ((i == 0 || data[i - 1] == '\n') && data[i] == '%' && data[i + 1] == '%' &&
		    (i + 2 == size || data[i + 2] == '\n')) {
			text_len = i;
			break;
		}
	}
	err = open_memstream(&msg, &msg_len);
	CHECK(err != NULL);
	st = rfm_cfg_load_string(cfg, FUZZ_NAME, (const char *)data, text_len, err);
	fclose(err);
	check_messages(msg, msg_len, st, 1, cfg);
	if (st == RFM_OK)
		check_roundtrip(cfg);
	/* the same text with messages to /dev/null, and with no sink at all */
	CHECK(rfm_cfg_load_string(cfg, FUZZ_NAME, (const char *)data, text_len, devnull()) == st);
	CHECK(rfm_cfg_load_string(cfg, FUZZ_NAME, (const char *)data, text_len, NULL) == st);
	if (text_len < size) {
		size_t ov = text_len + 3 <= size ? text_len + 3 : size;
		run_overrides(data + ov, size - ov);
	}
	free(msg);
	free(cfg);
	return 0;
}
