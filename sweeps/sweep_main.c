/* sweep_main.c - the sweep tool (docs/sweeps.md): plan a sweep's points, list them, collect
 * their results.
 *
 *   sweep list FILE [--rtl-gen BIN]          print every point, the refused ones with rtl_gen's
 *                                            message; nothing written
 *   sweep plan FILE OUT [--rtl-gen BIN]      the same, and write OUT/plan.tsv, OUT/settings.sh,
 *                                            OUT/<name>.ini (a copy of FILE) and the refused
 *                                            points' status
 *   sweep collect OUT/<name>.ini OUT         OUT/results.csv, OUT/times.csv, OUT/summary.md and
 *                                            OUT/plots/ (data and gnuplot script) from the points'
 *                                            files under OUT/points/<id>/
 *
 * A point is refused when `rtl_gen --strict --report` on the base configuration with the point's
 * overrides exits 2 (a configuration rule, or a key that does nothing); its stderr is the reason.
 * Exit status: 0 done, 2 bad sweep file (nothing written), 1 an I/O or tool error.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rfm_config.h"
#include "sweep.h"
#include "sweep_io.h"

#define SET_LEN 1024   /* a point's overrides as one string */
#define REASON_LEN 1024 /* a refusal or failure reason */

/* ---- refusals: rtl_gen on each point ------------------------------------------------------- */

/* Run `BIN -c base --strict -s ... --report` for point i; 0: accepted, 2: refused (reason filled,
 * the lines of stderr joined by " | "), 1: rtl_gen could not run (message printed). */
static int check_point(const char *bin, const sw_sweep_t *sw, unsigned i, char *reason, size_t size)
{
	const char *argv[4 + 2 * SW_AXES_MAX + 3];
	char sets[SW_AXES_MAX][SW_KEY_LEN + SW_VAL_LEN + 2];
	unsigned a, n = 0, o = 0;
	int fd[2], st;
	pid_t pid;
	FILE *f;
	char line[512];
	argv[n++] = bin;
	argv[n++] = "-c";
	argv[n++] = sw->base_ini;
	argv[n++] = "--strict";
	for (a = 0; a < sw->naxes; a++)
		if (sw->points[i].vals[a][0]) {
			snprintf(sets[a], sizeof(sets[a]), "%s=%s", sw->axes[a].key, sw->points[i].vals[a]);
			argv[n++] = "-s";
			argv[n++] = sets[a];
		}
	argv[n++] = "--report";
	argv[n] = NULL;
	if (pipe(fd) != 0)
		return perror("sweep: pipe"), 1;
	pid = fork();
	if (pid < 0)
		return perror("sweep: fork"), 1;
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		dup2(null, 1);
		dup2(fd[1], 2);
		close(fd[0]);
		execv(bin, (char *const *)argv);
		fprintf(stderr, "cannot run %s: %s\n", bin, strerror(errno));
		_exit(127);
	}
	close(fd[1]);
	f = fdopen(fd[0], "r");
	reason[0] = '\0';
	while (f && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (o < size)
			o += (unsigned)snprintf(reason + o, size - o, "%s%s", o ? " | " : "", line);
	}
	if (f)
		fclose(f);
	if (waitpid(pid, &st, 0) < 0)
		return perror("sweep: waitpid"), 1;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 0;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 2)
		return 2;
	fprintf(stderr, "sweep: %s failed on point %u: %s\n", bin, i + 1, reason);
	return 1;
}

/* Check the base file exists; 0, or 2 with the message printed. */
static int check_base(const char *file, const sw_sweep_t *sw)
{
	struct stat s;
	if (stat(sw->base_ini, &s) == 0 && S_ISREG(s.st_mode))
		return 0;
	fprintf(stderr, "%s:%u: sweep.base = %s: no such file %s (legal: a config name of rtl_gen/configs/, or a "
		"path to an .ini file, relative to the repository root)\n", file, sw->base_line, sw->base, sw->base_ini);
	return 2;
}

/* ---- list and plan ------------------------------------------------------------------------- */

/* settings.sh: the sweep's settings as shell assignments (values are validated tokens). */
static int write_settings(const sw_sweep_t *sw, const char *out)
{
	char path[1024];
	unsigned i, f;
	FILE *o;
	snprintf(path, sizeof(path), "%s/settings.sh", out);
	o = sw_open_tmp(path);
	if (!o)
		return 1;
	fprintf(o, "# the settings of sweep %s (sweep plan); read by sweeps/run.sh and sweeps/point.sh\n", sw->name);
	fprintf(o, "SW_NAME='%s'\nSW_BASE_INI='%s'\nSW_FLOWS='", sw->name, sw->base_ini);
	for (f = 0, i = 0; f < SW_FLOWS; f++)
		if (sw->flows & (1u << f))
			fprintf(o, "%s%s", i++ ? " " : "", sw_flow_names[f]);
	fprintf(o, "'\nSW_CYCLES=%u\nSW_SEEDS='", sw->cycles);
	for (i = 0; i < sw->nseeds; i++)
		fprintf(o, "%s%lu", i ? " " : "", sw->seeds[i]);
	fprintf(o, "'\nSW_MODULES='%s'\nSW_COVERAGE=%d\nSW_JOBS=%u\nSW_RUNNER='%s'\nSW_NPOINTS=%u\n", sw->modules,
		sw->coverage, sw->jobs, sw->runner, sw->npoints);
	fprintf(o, "SW_PARTITION='%s'\nSW_ACCOUNT='%s'\nSW_QOS='%s'\nSW_TIME='%s'\nSW_MEM='%s'\nSW_CPUS=%u\n"
		"SW_OPTIONS='%s'\n", sw->partition, sw->account, sw->qos, sw->time, sw->mem, sw->cpus, sw->options);
	return sw_commit(o, path);
}

/* list (out == NULL) or plan (out: the results folder). */
static int cmd_plan(const char *file, const char *out, const char *bin)
{
	sw_sweep_t *sw = malloc(sizeof(*sw));
	char set[SET_LEN], reason[REASON_LEN], id[16], path[1024], old[64];
	unsigned i, refused = 0;
	int ret = 1, r;
	FILE *plan = NULL;
	if (!sw)
		return 1;
	ret = sw_parse_file(sw, file, stderr);
	if (ret == 0)
		ret = check_base(file, sw);
	if (ret != 0)
		goto out;
	ret = 1;
	if (out) {
		if (sw_mkdirs(out))
			goto out;
		snprintf(path, sizeof(path), "%s/plan.tsv", out);
		if (!(plan = sw_open_tmp(path)))
			goto out;
	}
	for (i = 0; i < sw->npoints; i++) {
		sw_point_set(sw, i, set, sizeof(set));
		sw_point_id(i, id, sizeof(id));
		r = check_point(bin, sw, i, reason, sizeof(reason));
		if (r == 1)
			goto out;
		refused += r == 2;
		if (!out) {
			printf("%s %-7s %s%s%s\n", id, r ? "refused" : "ok", set, r ? ": " : "", r ? reason : "");
			continue;
		}
		fprintf(plan, "%s\t%s\t%s\t%s\n", id, set, r ? "refused" : "ok", r ? reason : "");
		sw_read_point_file(out, i, "status", old, sizeof(old));
		if (r && (sw_write_point_file(out, i, "status", "refused") || sw_write_point_file(out, i, "reason", reason)))
			goto out;
		if (!r && strcmp(old, "refused") == 0)
			sw_write_point_file(out, i, "status", "");
	}
	if (out) {
		snprintf(path, sizeof(path), "%s/plan.tsv", out);
		if (sw_commit(plan, path))
			goto out_noplan;
		plan = NULL;
		snprintf(path, sizeof(path), "%s/%s.ini", out, sw->name);
		if (write_settings(sw, out) || sw_copy_file(file, path))
			goto out;
	}
	printf("sweep %s: %u points, %u refused by the configuration rules, %u to run\n", sw->name, sw->npoints,
	       refused, sw->npoints - refused);
	ret = 0;
out:
	if (plan)
		fclose(plan);
out_noplan:
	free(sw);
	return ret;
}

int main(int argc, char **argv)
{
	const char *bin = "build/bin/rtl_gen";
	if (argc >= 5 && strcmp(argv[argc - 2], "--rtl-gen") == 0) {
		bin = argv[argc - 1];
		argc -= 2;
	}
	if (argc == 3 && strcmp(argv[1], "list") == 0)
		return cmd_plan(argv[2], NULL, bin);
	if (argc == 4 && strcmp(argv[1], "plan") == 0)
		return cmd_plan(argv[2], argv[3], bin);
	if (argc == 4 && strcmp(argv[1], "collect") == 0) {
		sw_sweep_t *sw = malloc(sizeof(*sw));
		int ret = sw ? sw_parse_file(sw, argv[2], stderr) : 1;
		if (ret == 0)
			ret = sw_collect(sw, argv[3]);
		free(sw);
		return ret;
	}
	fprintf(stderr, "usage: sweep list FILE [--rtl-gen BIN]\n"
			"       sweep plan FILE OUT [--rtl-gen BIN]\n"
			"       sweep collect OUT/NAME.ini OUT\n"
			"(docs/sweeps.md)\n");
	return 2;
}
