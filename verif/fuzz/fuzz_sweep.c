/* fuzz_sweep.c - libFuzzer target for the sweep-file parser (sweeps/sweep.c).
 *
 * Input: the text of a sweep file. Checked on every input:
 *   - the status is 0 or 2 (text in memory cannot fail to be read); 2 prints at least one
 *     message and leaves the sweep zeroed, 0 prints nothing;
 *   - every message is one line of printable ASCII that starts with "fuzz.ini:N: " or, for the
 *     file as a whole, "fuzz.ini: ", and the line numbers never decrease (whole-file ones last);
 *   - parsing with no message sink gives the same status;
 *   - a valid sweep has 1..SW_POINTS_MAX points and 1..SW_AXES_MAX swept keys; every point's
 *     overrides are "section.key=value" words naming swept keys, a grid point sets every key, no
 *     two points are the same, and the flows include gen.
 * A failed check calls abort() (allowed here: this is a test harness). Build: sweeps/sweep.mk,
 * targets fuzz-sweep (libFuzzer) and build/san/bin/fuzz_replay_sweep (replay.c, make sweep-check).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep.h"

/* Every message line is well formed and the line numbers never decrease. */
static void check_messages(const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	unsigned last = 0;
	int whole = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *q;
		unsigned line = 0;
		if (!nl)
			abort();
		for (q = p; q < nl; q++)
			if ((unsigned char)*q < 0x20 || (unsigned char)*q > 0x7e)
				abort();
		if (strncmp(p, "fuzz.ini:", 9) != 0)
			abort();
		if (p[9] == ' ') {
			whole = 1;
		} else if (sscanf(p + 9, "%u: ", &line) == 1 && line > 0) {
			if (whole || line < last)
				abort();
			last = line;
		} else if (strncmp(p + 9, " ", 1) != 0) {
			abort();
		}
		p = nl + 1;
	}
}

/* A valid sweep keeps the promises of sweep.h. */
static void check_sweep(const sw_sweep_t *sw)
{
	char set[2048], *save = NULL, *w;
	unsigned i, j, a, n;
	if (sw->npoints < 1 || sw->npoints > SW_POINTS_MAX || sw->naxes < 1 || sw->naxes > SW_AXES_MAX)
		abort();
	if (!(sw->flows & 1u) || !sw->base_ini[0] || sw->nseeds < 1)
		abort();
	for (i = 0; i < sw->npoints; i++) {
		sw_point_set(sw, i, set, sizeof(set));
		for (n = 0, w = strtok_r(set, " ", &save); w; w = strtok_r(NULL, " ", &save), n++) {
			char *eq = strchr(w, '=');
			if (!eq || eq == w || !eq[1])
				abort();
			*eq = '\0';
			for (a = 0; a < sw->naxes && strcmp(sw->axes[a].key, w) != 0; a++)
				;
			if (a == sw->naxes)
				abort();
		}
		if (n == 0 || (sw->grid && n != sw->naxes))
			abort();
		for (j = 0; j < i; j++)
			if (memcmp(sw->points[i].vals, sw->points[j].vals, sizeof(sw->points[i].vals)) == 0)
				abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static sw_sweep_t sw, sw2;
	char *msgs = NULL;
	size_t mlen = 0;
	FILE *err = open_memstream(&msgs, &mlen);
	int st, st2;
	if (!err)
		abort();
	st = sw_parse_string(&sw, "fuzz.ini", (const char *)data, size, err);
	fclose(err);
	if (st != 0 && st != 2)
		abort();
	if ((st == 2) != (mlen > 0))
		abort();
	check_messages(msgs, mlen);
	free(msgs);
	st2 = sw_parse_string(&sw2, "fuzz.ini", (const char *)data, size, NULL);
	if (st2 != st)
		abort();
	if (st == 0)
		check_sweep(&sw);
	else if (sw.npoints || sw.naxes || sw.flows)
		abort();
	return 0;
}
