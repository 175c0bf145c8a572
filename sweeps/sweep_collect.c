/* sweep_collect.c - a sweep's results table, summary and plot data (docs/sweeps.md, "Outputs").
 *
 * Reads what each point left under OUT/points/<id>/ (status, reason, figures, time; written by
 * sweeps/point.sh, or by `sweep plan` for a refused point) and resolves each point's
 * configuration with the model's loader, then writes, each through NAME.tmp and rename():
 *   results.csv   one row per point: the swept keys, the resolved keys that matter, the derived
 *                 sizes, every figure of the flows that ran (unit in the column name), status,
 *                 reason, log. No timings and no host names: the same sweep gives the same table
 *                 under every runner.
 *   times.csv     wall time and host of every point that ran (not part of the results).
 *   summary.md    counts, the table, the refused and the failed points, the plots.
 *   plots/        <key>.dat per integer swept key and plots.gp (gnuplot, SVG terminal).
 * Output is deterministic: points in plan order, columns in schema order.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_config.h"
#include "sweep.h"
#include "sweep_io.h"

/* The figures of each flow: name (its unit last), and whether it is plotted. */
static const struct {
	sw_flow_t flow;
	const char *name;
	int plot;
} figs[] = {
	{SW_GEN, "storage_bits", 1},
	{SW_COSIM, "reads_per_cycle", 1},
	{SW_COSIM, "denied_per_read", 1},
	{SW_COSIM, "stalls_per_dispatch", 0},
	{SW_COSIM, "dispatches_per_cycle", 1},
	{SW_SYNTH, "rf_top_area_um2", 1},
	{SW_SYNTH, "rf_top_cells", 0},
	{SW_SYNTH, "critical_path_ns", 1},
	{SW_SYNTH, "critical_path_fo4", 0},
	{SW_SYNTH, "overhead_area_pct", 1},
	{SW_SYNTH, "overhead_delay_pct", 0},
	{SW_POWER, "total_power_uW", 1},
	{SW_POWER, "energy_pJ_per_cycle", 0},
	{SW_POWER, "energy_pJ_per_dispatch", 1},
	{SW_FPGA, "fpga_luts", 1},
	{SW_FPGA, "fpga_dffs", 0},
	{SW_FPGA, "fpga_bram", 0},
	{SW_FPGA, "fpga_fmax_MHz", 1},
};
#define NFIGS (sizeof(figs) / sizeof(figs[0]))

/* Derived columns: name, and the technique section they need on ("" : always). */
enum { D_RF_BYTES, D_RM_ES, D_RM_BS, D_RM_WARPS, D_RM_SECTIONS, D_ED_P, D_COUNT };
static const char *const der_names[D_COUNT] = {
	"rf_bytes", "regmutex_es_regs", "regmutex_bs_regs", "regmutex_warps", "regmutex_sections",
	"edram_refresh_interval_cycles"};
static const char *const der_sec[D_COUNT] = {"", "regmutex", "regmutex", "regmutex", "regmutex", "edram"};

/* What is known of one point. */
typedef struct {
	char set[1024];
	char status[32];            /* done, failed, refused, or "not run" */
	char reason[1024];
	char time[128];             /* "wall_s host" */
	int resolved;               /* cfg holds the point's configuration */
	rfm_cfg_t cfg;
	char fig[NFIGS][32];        /* "" when absent */
} pt_t;

/* The whole table. */
typedef struct {
	const sw_sweep_t *sw;
	const char *out;
	pt_t *pt;
	int col_key[RFM_K_COUNT];   /* resolved key k is a column */
	int col_der[D_COUNT];
	int col_fig[NFIGS];
	unsigned n_done, n_failed, n_refused, n_notrun;
} tab_t;

/* ---- reading ------------------------------------------------------------------------------- */

/* The figures file of point i ("name,value" lines) into p->fig. */
static void read_figures(const tab_t *t, unsigned i, pt_t *p)
{
	char path[1024], id[16], line[256];
	FILE *f;
	size_t k;
	sw_point_id(i, id, sizeof(id));
	snprintf(path, sizeof(path), "%s/points/%s/figures", t->out, id);
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *comma = strchr(line, ',');
		line[strcspn(line, "\r\n")] = '\0';
		if (!comma)
			continue;
		*comma = '\0';
		for (k = 0; k < NFIGS; k++)
			if (strcmp(figs[k].name, line) == 0)
				snprintf(p->fig[k], sizeof(p->fig[k]), "%s", comma + 1);
	}
	fclose(f);
}

/* Resolve point i's configuration (base plus overrides) into p->cfg. */
static void resolve(const sw_sweep_t *sw, unsigned i, pt_t *p, FILE *null)
{
	char sets[SW_AXES_MAX][SW_KEY_LEN + SW_VAL_LEN + 2];
	const char *ov[SW_AXES_MAX];
	unsigned a, n = 0;
	for (a = 0; a < sw->naxes; a++)
		if (sw->points[i].vals[a][0]) {
			snprintf(sets[n], sizeof(sets[n]), "%s=%s", sw->axes[a].key, sw->points[i].vals[a]);
			ov[n] = sets[n];
			n++;
		}
	p->resolved = rfm_cfg_load(&p->cfg, sw->base_ini, ov, n, null) == RFM_OK;
}

/* A technique section with an enable key that is on in some resolved point. */
static int section_on(const tab_t *t, const char *sec)
{
	unsigned i;
	int k;
	for (k = 0; k < RFM_K_COUNT; k++)
		if (strcmp(rfm_params[k].section, sec) == 0 && strcmp(rfm_params[k].key, "enable") == 0)
			break;
	if (k == RFM_K_COUNT)
		return 1;
	for (i = 0; i < t->sw->npoints; i++)
		if (t->pt[i].resolved && rfm_cfg_get(&t->pt[i].cfg, (rfm_key_t)k))
			return 1;
	return 0;
}

/* Which resolved keys, derived values and figures are columns. */
static void choose_columns(tab_t *t)
{
	static const char *const always[] = {"rf", "sm", "mapping", "target", NULL};
	unsigned a, j;
	int k;
	for (k = 0; k < RFM_K_COUNT; k++) {
		const char *sec = rfm_params[k].section;
		int on = 0;
		for (j = 0; always[j]; j++)
			on |= strcmp(always[j], sec) == 0;
		on |= strcmp(sec, "stats") != 0 && section_on(t, sec) && !on;
		for (a = 0; a < t->sw->naxes; a++)
			if (t->sw->axes[a].param == k)
				on = 0;
		t->col_key[k] = on;
	}
	for (j = 0; j < D_COUNT; j++)
		t->col_der[j] = !der_sec[j][0] || section_on(t, der_sec[j]);
	for (j = 0; j < NFIGS; j++)
		t->col_fig[j] = (t->sw->flows >> figs[j].flow) & 1;
}

/* A derived value of a resolved point. */
static unsigned long long derived(const rfm_cfg_t *c, unsigned j)
{
	switch (j) {
	case D_RF_BYTES:
		return c->d.rf_bytes;
	case D_RM_ES:
		return c->d.rm_es;
	case D_RM_BS:
		return c->d.rm_bs;
	case D_RM_WARPS:
		return c->d.rm_warps;
	case D_RM_SECTIONS:
		return c->d.rm_sections;
	default:
		return c->d.ed_p;
	}
}

/* ---- writing ------------------------------------------------------------------------------- */

/* s as one CSV field: quoted (quotes doubled) when it holds a comma, a quote or a space. */
static void csv_field(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\" ")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static int write_results(const tab_t *t)
{
	const sw_sweep_t *sw = t->sw;
	char path[1024], buf[64], id[16];
	unsigned i, a, j;
	int k;
	FILE *f;
	snprintf(path, sizeof(path), "%s/results.csv", t->out);
	if (!(f = sw_open_tmp(path)))
		return 1;
	fputs("point", f);
	for (a = 0; a < sw->naxes; a++)
		fprintf(f, ",%s", sw->axes[a].key);
	for (k = 0; k < RFM_K_COUNT; k++)
		if (t->col_key[k])
			fprintf(f, ",%s.%s", rfm_params[k].section, rfm_params[k].key);
	for (j = 0; j < D_COUNT; j++)
		if (t->col_der[j])
			fprintf(f, ",%s", der_names[j]);
	for (j = 0; j < NFIGS; j++)
		if (t->col_fig[j])
			fprintf(f, ",%s", figs[j].name);
	fputs(",status,reason,log\n", f);
	for (i = 0; i < sw->npoints; i++) {
		const pt_t *p = &t->pt[i];
		sw_point_id(i, id, sizeof(id));
		fputs(id, f);
		for (a = 0; a < sw->naxes; a++)
			fprintf(f, ",%s", sw->points[i].vals[a][0] || !p->resolved ? sw->points[i].vals[a]
				: rfm_cfg_value_str(&p->cfg, (rfm_key_t)sw->axes[a].param, buf));
		for (k = 0; k < RFM_K_COUNT; k++)
			if (t->col_key[k])
				fprintf(f, ",%s", p->resolved ? rfm_cfg_value_str(&p->cfg, (rfm_key_t)k, buf) : "");
		for (j = 0; j < D_COUNT; j++)
			if (t->col_der[j]) {
				if (p->resolved)
					fprintf(f, ",%llu", derived(&p->cfg, j));
				else
					fputc(',', f);
			}
		for (j = 0; j < NFIGS; j++)
			if (t->col_fig[j])
				fprintf(f, ",%s", p->fig[j]);
		fprintf(f, ",%s,", p->status);
		csv_field(f, p->reason);
		if (strcmp(p->status, "done") == 0 || strcmp(p->status, "failed") == 0)
			fprintf(f, ",points/%s/point.log\n", id);
		else
			fputs(",\n", f);
	}
	return sw_commit(f, path);
}

static int write_times(const tab_t *t)
{
	char path[1024], id[16];
	unsigned i;
	FILE *f;
	snprintf(path, sizeof(path), "%s/times.csv", t->out);
	if (!(f = sw_open_tmp(path)))
		return 1;
	fputs("point,wall_s,host\n", f);
	for (i = 0; i < t->sw->npoints; i++) {
		char wall[64] = "", host[64] = "";
		if (!t->pt[i].time[0])
			continue;
		sscanf(t->pt[i].time, "%63s %63s", wall, host);
		sw_point_id(i, id, sizeof(id));
		fprintf(f, "%s,%s,%s\n", id, wall, host);
	}
	return sw_commit(f, path);
}

/* The point's figure j is plotted against axis a: there is at least one value. */
static int plottable(const tab_t *t, unsigned j)
{
	unsigned i;
	if (!t->col_fig[j] || !figs[j].plot)
		return 0;
	for (i = 0; i < t->sw->npoints; i++)
		if (strcmp(t->pt[i].status, "done") == 0 && t->pt[i].fig[j][0])
			return 1;
	return 0;
}

/* The done points hold at least two values of axis a (a plot against it says something). */
static int varies(const tab_t *t, unsigned a)
{
	unsigned i, seen = 0;
	uint32_t first = 0, v;
	for (i = 0; i < t->sw->npoints; i++) {
		if (strcmp(t->pt[i].status, "done") != 0 || !t->pt[i].resolved)
			continue;
		v = rfm_cfg_get(&t->pt[i].cfg, (rfm_key_t)t->sw->axes[a].param);
		if (seen++ && v != first)
			return 1;
		first = v;
	}
	return 0;
}

/* The group label of resolved point i for plots against axis a: the other swept keys' values. */
static void group_of(const tab_t *t, unsigned i, unsigned a, char *buf, size_t size)
{
	const sw_sweep_t *sw = t->sw;
	char v[64];
	unsigned b;
	size_t o = 0;
	buf[0] = '\0';
	for (b = 0; b < sw->naxes && o < size; b++)
		if (b != a)
			o += (size_t)snprintf(buf + o, size - o, "%s%s=%s", o ? " " : "", sw->axes[b].key,
					      rfm_cfg_value_str(&t->pt[i].cfg, (rfm_key_t)sw->axes[b].param, v));
	if (!buf[0])
		snprintf(buf, size, "%s", sw->name);
}

static int cmp_x(const void *x, const void *y)
{
	const unsigned long long *p = x, *q = y;
	return p[0] < q[0] ? -1 : p[0] > q[0] ? 1 : p[1] < q[1] ? -1 : p[1] > q[1];
}

/* plots/<key>.dat for integer axis a: one block per group, rows sorted by the key's resolved
 * value; the group labels into labels (count returned). */
static unsigned write_plot_data(const tab_t *t, unsigned a, char labels[][256], unsigned max)
{
	const sw_sweep_t *sw = t->sw;
	unsigned long long (*rows)[2] = malloc(sw->npoints * sizeof(*rows));
	unsigned i, g, n, ng = 0, j;
	char path[1024], lab[256];
	FILE *f;
	snprintf(path, sizeof(path), "%s/plots/%s.dat", t->out, sw->axes[a].key);
	if (!rows || !(f = sw_open_tmp(path))) {
		free(rows);
		return 0;
	}
	fprintf(f, "# %s against %s: one block per value of the other swept keys; '?': no value\n",
		sw->name, sw->axes[a].key);
	for (i = 0; i < sw->npoints; i++) {
		if (strcmp(t->pt[i].status, "done") != 0 || !t->pt[i].resolved)
			continue;
		group_of(t, i, a, lab, sizeof(lab));
		for (g = 0; g < ng && strcmp(labels[g], lab) != 0; g++)
			;
		if (g == ng && ng < max)
			strcpy(labels[ng++], lab);
	}
	for (g = 0; g < ng; g++) {
		for (i = 0, n = 0; i < sw->npoints; i++) {
			if (strcmp(t->pt[i].status, "done") != 0 || !t->pt[i].resolved)
				continue;
			group_of(t, i, a, lab, sizeof(lab));
			if (strcmp(lab, labels[g]) == 0) {
				rows[n][0] = rfm_cfg_get(&t->pt[i].cfg, (rfm_key_t)sw->axes[a].param);
				rows[n++][1] = i;
			}
		}
		qsort(rows, n, sizeof(*rows), cmp_x);
		fprintf(f, "%s# group %u: %s\n", g ? "\n\n" : "", g, labels[g]);
		for (i = 0; i < n; i++) {
			fprintf(f, "%llu", rows[i][0]);
			for (j = 0; j < NFIGS; j++)
				if (t->col_fig[j])
					fprintf(f, " %s", t->pt[rows[i][1]].fig[j][0] ? t->pt[rows[i][1]].fig[j] : "?");
			fputc('\n', f);
		}
	}
	free(rows);
	return sw_commit(f, path) ? 0 : ng;
}

/* plots/plots.gp: one SVG per plotted figure and integer swept key; the plot names to list. */
static int write_plots(const tab_t *t, FILE *list)
{
	const sw_sweep_t *sw = t->sw;
	char path[1024], (*labels)[256] = malloc(64 * sizeof(*labels));
	unsigned a, j, g, ng, col;
	FILE *f;
	snprintf(path, sizeof(path), "%s/plots", t->out);
	if (!labels || sw_mkdirs(path)) {
		free(labels);
		return 1;
	}
	snprintf(path, sizeof(path), "%s/plots/plots.gp", t->out);
	if (!(f = sw_open_tmp(path))) {
		free(labels);
		return 1;
	}
	fprintf(f, "# plots of sweep %s (sweep collect): run in this folder with gnuplot plots.gp\n"
		"set terminal svg size 720,440 dynamic background rgb 'white' font 'sans,11'\n"
		"set datafile missing '?'\nset grid\nset key outside right top\nset pointsize 1.2\n", sw->name);
	for (a = 0; a < sw->naxes; a++) {
		if (rfm_params[sw->axes[a].param].type != RFM_T_INT || !varies(t, a))
			continue;
		ng = write_plot_data(t, a, labels, 64);
		for (j = 0, col = 1; j < NFIGS; j++) {
			if (!t->col_fig[j])
				continue;
			col++;
			if (!plottable(t, j) || ng == 0)
				continue;
			fprintf(f, "\nset output '%s-vs-%s.svg'\nset title \"%s: %s against %s\" noenhanced\n"
				"set xlabel '%s' noenhanced\nset ylabel '%s' noenhanced\nplot ", figs[j].name,
				sw->axes[a].key, sw->name, figs[j].name, sw->axes[a].key, sw->axes[a].key, figs[j].name);
			for (g = 0; g < ng; g++)
				fprintf(f, "%s'%s.dat' index %u using 1:%u with linespoints title \"%s\" noenhanced",
					g ? ", \\\n     " : "", sw->axes[a].key, g, col, labels[g]);
			fputc('\n', f);
			fprintf(list, "- `plots/%s-vs-%s.svg`: %s against %s\n", figs[j].name, sw->axes[a].key,
				figs[j].name, sw->axes[a].key);
		}
	}
	free(labels);
	return sw_commit(f, path);
}

static int write_summary(const tab_t *t)
{
	const sw_sweep_t *sw = t->sw;
	char path[1024], id[16];
	unsigned i, j, f;
	FILE *o;
	int ret;
	snprintf(path, sizeof(path), "%s/summary.md", t->out);
	if (!(o = sw_open_tmp(path)))
		return 1;
	fprintf(o, "# Sweep %s\n\nBase configuration `%s`; flows", sw->name, sw->base_ini);
	for (f = 0; f < SW_FLOWS; f++)
		if (sw->flows & (1u << f))
			fprintf(o, " %s", sw_flow_names[f]);
	if (sw->flows & (1u << SW_COSIM)) {
		fprintf(o, "; co-simulation of %s, %u cycles, seeds", sw->modules, sw->cycles);
		for (i = 0; i < sw->nseeds; i++)
			fprintf(o, " %lu", sw->seeds[i]);
	}
	fprintf(o, ".\n\n%u points: %u done, %u failed, %u refused by the configuration rules, %u not run.\n\n",
		sw->npoints, t->n_done, t->n_failed, t->n_refused, t->n_notrun);
	fputs("| point | overrides | status |", o);
	for (j = 0; j < NFIGS; j++)
		if (t->col_fig[j])
			fprintf(o, " %s |", figs[j].name);
	fputs("\n|---|---|---|", o);
	for (j = 0; j < NFIGS; j++)
		if (t->col_fig[j])
			fputs("---|", o);
	fputc('\n', o);
	for (i = 0; i < sw->npoints; i++) {
		sw_point_id(i, id, sizeof(id));
		fprintf(o, "| %s | `%s` | %s |", id, t->pt[i].set, t->pt[i].status);
		for (j = 0; j < NFIGS; j++)
			if (t->col_fig[j])
				fprintf(o, " %s |", t->pt[i].fig[j]);
		fputc('\n', o);
	}
	for (f = 0; f < 2; f++) {
		const char *want = f ? "failed" : "refused";
		fprintf(o, "\n## %s\n\n", f ? "Failed" : "Refused by the configuration rules");
		for (i = 0, j = 0; i < sw->npoints; i++)
			if (strcmp(t->pt[i].status, want) == 0) {
				sw_point_id(i, id, sizeof(id));
				fprintf(o, "- %s `%s`: %s%s%s%s\n", id, t->pt[i].set, t->pt[i].reason, f ? " (log `points/" : "",
					f ? id : "", f ? "/point.log`)" : "");
				j++;
			}
		if (!j)
			fputs("None.\n", o);
	}
	fputs("\n## Files\n\n- `results.csv`: one row per point (docs/sweeps.md, \"Outputs\")\n"
	      "- `times.csv`: wall time and host of each point that ran; not part of the results\n"
	      "- `points/<id>/point.log`: the flows' output of each point\n\n## Plots\n\n", o);
	ret = write_plots(t, o);
	return sw_commit(o, path) || ret;
}

/* Point i was started: it has a log (a point without a status then ended abnormally). */
static int started(const char *out, unsigned i)
{
	char path[1024], id[16];
	FILE *f;
	sw_point_id(i, id, sizeof(id));
	snprintf(path, sizeof(path), "%s/points/%s/point.log", out, id);
	f = fopen(path, "r");
	if (f)
		fclose(f);
	return f != NULL;
}

int sw_collect(const sw_sweep_t *sw, const char *out)
{
	tab_t t;
	unsigned i;
	int ret = 1;
	FILE *null = fopen("/dev/null", "w");
	memset(&t, 0, sizeof(t));
	t.sw = sw;
	t.out = out;
	t.pt = calloc(sw->npoints, sizeof(*t.pt));
	if (!t.pt || !null)
		goto out;
	for (i = 0; i < sw->npoints; i++) {
		pt_t *p = &t.pt[i];
		sw_point_set(sw, i, p->set, sizeof(p->set));
		sw_read_point_file(out, i, "status", p->status, sizeof(p->status));
		if (strcmp(p->status, "done") && strcmp(p->status, "failed") && strcmp(p->status, "refused"))
			strcpy(p->status, started(out, i) ? "failed" : "not run");
		if (strcmp(p->status, "done") != 0)
			sw_read_point_file(out, i, "reason", p->reason, sizeof(p->reason));
		if (strcmp(p->status, "failed") == 0 && !p->reason[0])
			snprintf(p->reason, sizeof(p->reason), "the point ended without a status (killed, or a time "
				 "limit): see its log");
		sw_read_point_file(out, i, "time", p->time, sizeof(p->time));
		read_figures(&t, i, p);
		if (strcmp(p->status, "refused") != 0)
			resolve(sw, i, p, null);
		t.n_done += strcmp(p->status, "done") == 0;
		t.n_failed += strcmp(p->status, "failed") == 0;
		t.n_refused += strcmp(p->status, "refused") == 0;
		t.n_notrun += strcmp(p->status, "not run") == 0;
	}
	choose_columns(&t);
	if (write_results(&t) || write_times(&t) || write_summary(&t))
		goto out;
	printf("sweep %s: %u points: %u done, %u failed, %u refused, %u not run: %s/results.csv\n", sw->name,
	       sw->npoints, t.n_done, t.n_failed, t.n_refused, t.n_notrun, out);
	ret = 0;
out:
	if (null)
		fclose(null);
	free(t.pt);
	return ret;
}
