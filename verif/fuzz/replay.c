/* replay.c - run inputs through the config fuzz target without libFuzzer.
 *
 * Every file named on the command line, and every regular file in a directory named on it (not
 * recursive), goes through LLVMFuzzerTestOneInput once. Build with gcc and
 * -fsanitize=address,undefined (see verif/fuzz/README.md); a sanitizer report or a failed check
 * aborts, otherwise it prints "replay: N inputs" and exits 0.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The fuzz target (verif/fuzz/fuzz_config.c). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Read the whole file at path and run it; returns 0, or -1 (message printed) when unreadable. */
static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL, *nb;
	size_t len = 0, cap = 0, got;
	int ret = -1;
	if (!f) {
		perror(path);
		return -1;
	}
	for (;;) {
		if (len == cap) {
			cap = cap ? cap * 2 : 4096;
			nb = realloc(buf, cap);
			if (!nb) {
				fprintf(stderr, "%s: out of memory\n", path);
				goto out;
			}
			buf = nb;
		}
		got = fread(buf + len, 1, cap - len, f);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		perror(path);
		goto out;
	}
	LLVMFuzzerTestOneInput(buf, len);
	ret = 0;
out:
	free(buf);
	fclose(f);
	return ret;
}

/* Compare two directory-entry names for qsort (a deterministic order). */
static int cmp_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Run every regular file of directory dir in name order; adds to *n. Returns 0 or -1. */
static int run_dir(const char *dir, unsigned *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL, **nn, path[4096];
	size_t count = 0, cap = 0, i;
	struct stat st;
	int ret = -1;
	if (!d) {
		perror(dir);
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (count == cap) {
			cap = cap ? cap * 2 : 64;
			nn = realloc(names, cap * sizeof(*names));
			if (!nn)
				goto out;
			names = nn;
		}
		names[count] = malloc(strlen(e->d_name) + 1);
		if (!names[count])
			goto out;
		strcpy(names[count++], e->d_name);
	}
	if (count)
		qsort(names, count, sizeof(*names), cmp_names);
	for (i = 0; i < count; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
			continue;
		if (run_file(path) != 0)
			goto out;
		(*n)++;
	}
	ret = 0;
out:
	for (i = 0; i < count; i++)
		free(names[i]);
	free(names);
	closedir(d);
	return ret;
}

int main(int argc, char **argv)
{
	unsigned n = 0;
	struct stat st;
	int i;
	for (i = 1; i < argc; i++) {
		if (stat(argv[i], &st) != 0) {
			perror(argv[i]);
			return 1;
		}
		if (S_ISDIR(st.st_mode)) {
			if (run_dir(argv[i], &n) != 0)
				return 1;
		} else {
			if (run_file(argv[i]) != 0)
				return 1;
			n++;
		}
	}
	printf("replay: %u inputs\n", n);
	return 0;
}
