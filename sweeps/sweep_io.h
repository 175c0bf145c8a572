/* sweep_io.h - files of a sweep's results folder (docs/sweeps.md, "Outputs"): every file is
 * written to NAME.tmp and renamed, so an interrupted run never leaves half a file. */
#ifndef SWEEP_IO_H
#define SWEEP_IO_H

#include <stddef.h>
#include <stdio.h>

#include "sweep.h"

/* Open path.tmp for writing (message printed on failure); sw_commit() renames it to path. */
FILE *sw_open_tmp(const char *path);

/* Close f and rename path.tmp to path; 0, or 1 with a message. */
int sw_commit(FILE *f, const char *path);

/* mkdir -p path; 0 or 1. */
int sw_mkdirs(const char *path);

/* The first line of OUT/points/<id of point i>/<what> into buf ("" when absent). */
void sw_read_point_file(const char *out, unsigned i, const char *what, char *buf, size_t size);

/* Write text as the only line of OUT/points/<id of point i>/<what>; 0 or 1. */
int sw_write_point_file(const char *out, unsigned i, const char *what, const char *text);

/* Copy src to dst through dst.tmp; 0 or 1. */
int sw_copy_file(const char *src, const char *dst);

/* Write OUT/results.csv, OUT/times.csv, OUT/summary.md and OUT/plots/ (data files and plots.gp)
 * from OUT/points/<id>/{status,reason,figures,time}; 0 or 1 (sweep_collect.c). */
int sw_collect(const sw_sweep_t *sw, const char *out);

#endif /* SWEEP_IO_H */
