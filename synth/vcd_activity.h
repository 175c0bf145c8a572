/* vcd_activity: a VCD trace reduced to per-net toggle and sampled-1 counts (synth/vcd_activity.c). */
#ifndef VCD_ACTIVITY_H
#define VCD_ACTIVITY_H

#include <stdio.h>

/* Reads the VCD `in` (named `file` in messages); prints "# cycles N" and one "path toggles high"
 * line per bit under `scope` (dot-separated) to `out`, counting after the first `skip` rising edges
 * of the 1-bit variable `clock` directly in `scope` (high: the counted edges at which the bit was 1
 * before the changes of the edge's time). Returns 0, or 2 after a message on `err` (then nothing
 * was printed to `out`). */
int vcd_activity_run(FILE *in, const char *file, const char *scope, const char *clock, unsigned long skip,
		     FILE *out, FILE *err);

#endif
