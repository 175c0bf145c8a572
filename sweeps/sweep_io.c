/* sweep_io.c - files of a sweep's results folder (sweep_io.h). */
#define _POSIX_C_SOURCE 200809L

#include "sweep_io.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "sweep.h"

/* ---- files --------------------------------------------------------------------------------- */

/* Open path.tmp for writing (the caller renames it with sw_commit()). */
FILE *sw_open_tmp(const char *path)
{
	char tmp[1024];
	FILE *f;
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f)
		fprintf(stderr, "sweep: cannot write %s: %s\n", tmp, strerror(errno));
	return f;
}

/* Close f and rename path.tmp to path; 0 or 1 (message printed). */
int sw_commit(FILE *f, const char *path)
{
	char tmp[1024];
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		fprintf(stderr, "sweep: cannot write %s: %s\n", path, strerror(errno));
		return 1;
	}
	return 0;
}

/* mkdir -p of path; 0 or 1. */
int sw_mkdirs(const char *path)
{
	char p[1024];
	size_t i;
	snprintf(p, sizeof(p), "%s", path);
	for (i = 1; p[i]; i++)
		if (p[i] == '/') {
			p[i] = '\0';
			if (mkdir(p, 0777) != 0 && errno != EEXIST)
				return 1;
			p[i] = '/';
		}
	return mkdir(p, 0777) != 0 && errno != EEXIST;
}

/* The first line of OUT/points/<id>/<what> into buf ("" when absent). */
void sw_read_point_file(const char *out, unsigned i, const char *what, char *buf, size_t size)
{
	char path[1024], id[16];
	FILE *f;
	sw_point_id(i, id, sizeof(id));
	snprintf(path, sizeof(path), "%s/points/%s/%s", out, id, what);
	buf[0] = '\0';
	f = fopen(path, "r");
	if (!f)
		return;
	if (!fgets(buf, (int)size, f))
		buf[0] = '\0';
	buf[strcspn(buf, "\r\n")] = '\0';
	fclose(f);
}

/* Write text as the only line of OUT/points/<id>/<what>; 0 or 1. */
int sw_write_point_file(const char *out, unsigned i, const char *what, const char *text)
{
	char path[1024], id[16];
	FILE *f;
	sw_point_id(i, id, sizeof(id));
	snprintf(path, sizeof(path), "%s/points/%s", out, id);
	if (sw_mkdirs(path))
		return 1;
	snprintf(path, sizeof(path), "%s/points/%s/%s", out, id, what);
	f = sw_open_tmp(path);
	if (!f)
		return 1;
	fprintf(f, "%s\n", text);
	return sw_commit(f, path);
}

/* Copy src to dst (through dst.tmp); 0 or 1. */
int sw_copy_file(const char *src, const char *dst)
{
	FILE *in = fopen(src, "rb"), *out;
	char buf[4096];
	size_t n;
	if (!in)
		return 1;
	out = sw_open_tmp(dst);
	if (!out) {
		fclose(in);
		return 1;
	}
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		fwrite(buf, 1, n, out);
	fclose(in);
	return sw_commit(out, dst);
}
