/* fuzz_vcd.c - libFuzzer target for the power flow's VCD reducer (synth/vcd_activity.c).
 *
 * Input: VCD text, read with scope TOP.dut, clock clk and 1 skipped edge. Checked on every input:
 *   - the exit code is 0 or 2;
 *   - 2: nothing on the output, one line on the error stream that starts "vcd_activity: fuzz.vcd";
 *   - 0: nothing on the error stream; the output starts "# cycles N" with N >= 1, then lines
 *     "NAME TOGGLES HIGH" with TOGGLES at most the number of value changes the input can hold and
 *     HIGH (edges that sampled the bit as 1) at most N.
 * A violated check calls abort(). Build: see verif/fuzz/README.md.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vcd_activity.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *out = NULL, *err = NULL, *line, *save = NULL;
	size_t on = 0, en = 0;
	FILE *in, *o, *e;
	int rc;
	if (!size)
		return 0;
	in = fmemopen((void *)data, size, "r");
	o = open_memstream(&out, &on);
	e = open_memstream(&err, &en);
	if (!in || !o || !e)
		abort();
	rc = vcd_activity_run(in, "fuzz.vcd", "TOP.dut", "clk", 1, o, e);
	fclose(in);
	fclose(o);
	fclose(e);
	if (rc == 2) {
		if (on || strncmp(err, "vcd_activity: fuzz.vcd", 22) || !strchr(err, '\n') || strchr(err, '\n')[1])
			abort();
	} else if (rc == 0) {
		unsigned long long cyc;
		if (en || sscanf(out, "# cycles %llu", &cyc) != 1 || cyc < 1)
			abort();
		for (line = strtok_r(strchr(out, '\n') + 1, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
			char *sp = strrchr(line, ' '), *sp2;
			unsigned long long n, h;
			if (!sp || sp == line || sscanf(sp + 1, "%llu", &h) != 1 || h > cyc)
				abort();
			*sp = 0;
			sp2 = strrchr(line, ' ');
			if (!sp2 || sp2 == line || sscanf(sp2 + 1, "%llu", &n) != 1 || n > size)
				abort();
		}
	} else {
		abort();
	}
	free(out);
	free(err);
	return 0;
}
