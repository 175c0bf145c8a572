/* vcd_activity: a VCD trace reduced to per-net toggle counts (synth/vcd_activity.c). */
#ifndef VCD_ACTIVITY_H
#define VCD_ACTIVITY_H

#include <stdio.h>

/* Reads the VCD `in` (named `file` in messages); prints "# cycles N" and one "path toggles" line
 * per bit under `scope` (dot-separated) to `out`, counting after the first `skip` rising edges of
 * the 1-bit variable `clock` directly in `scope`. Returns 0, or 2 after a message on `err`
 * (then nothing was printed to `out`). */
int vcd_activity_run(FILE *in, const char *file, const char *scope, const char *clock, unsigned long skip,
		     FILE *out, FILE *err);

#endif
