/* sweep.c - reader, validator and expander of sweep files (the contract is sweep.h; the format
 * is docs/sweeps.md, "The sweep file").
 *
 * Parsing uses inih (Debian's r55: inline ';' comments after whitespace, '=' or ':' between key
 * and value, 200-byte lines). inih reads through reader() below, which hands it one cleaned line
 * at a time and classifies it, so that every line inih would reject gets its own message here:
 * leading and trailing whitespace and CR are dropped (no continuation lines), tabs become spaces,
 * a UTF-8 byte order mark at the start is skipped, and a line that is too long, holds a control byte, has no '='
 * or is an unclosed or unknown section header is reported and handed over empty. Keys are
 * collected with their lines and validated at the end, so the order of keys does not matter.
 * Messages come out in line order, the ones about the whole file last.
 */
#define _POSIX_C_SOURCE 200809L

#include "sweep.h"

#include <ctype.h>
#include <ini.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_config.h"

const char *const sw_flow_names[SW_FLOWS] = {"gen", "lint", "cosim", "synth", "power", "fpga"};

#define LINE_BYTES 198 /* longest line inih holds (200-byte buffer: the line, '\n', NUL) */
#define LEGAL_FLOWS "gen lint cosim synth power fpga"
#define LEGAL_SECTIONS "[sweep], [grid], [points], [slurm]"
#define LEGAL_KEY "a key of docs/config.md as section.key, e.g. rf.banks"
#define MSGS_MAX 64 /* messages kept; the rest are counted in one last line */

/* Sections. */
enum { SEC_NONE = -1, SEC_SKIP = -2, SEC_SWEEP = 0, SEC_GRID, SEC_POINTS, SEC_SLURM, SEC_COUNT };
static const char *const sec_names[SEC_COUNT] = {"sweep", "grid", "points", "slurm"};

/* The settings of [sweep] and [slurm], in validation order. */
enum { K_BASE, K_FLOWS, K_CYCLES, K_SEEDS, K_MODULES, K_JOBS, K_RUNNER, K_COVERAGE,
       K_PARTITION, K_ACCOUNT, K_QOS, K_TIME, K_MEM, K_CPUS, K_OPTIONS, K_COUNT };
static const char *const set_names[K_COUNT] = {
	"base", "flows", "cycles", "seeds", "modules", "jobs", "runner", "coverage",
	"partition", "account", "qos", "time", "mem", "cpus", "options"};
#define K_SLURM_FIRST K_PARTITION

/* One raw "key = value" line of [grid] or [points]. */
typedef struct {
	unsigned line;
	char key[LINE_BYTES + 1];
	char val[LINE_BYTES + 1];
} raw_line_t;

/* Parser state. */
typedef struct {
	const char *file;                  /* name used in messages */
	const char *buf;                   /* the text */
	size_t len, pos;                   /* its length and read position */
	unsigned line;                     /* line just handed to inih (1-based) */
	int expect;                        /* that line is a key line: inih must call the handler */
	int handled;                       /* inih called the handler for it */
	char text[LINE_BYTES + 1];         /* that line, for the message when inih rejects it */
	int sec;                           /* SEC_* of the current section */
	unsigned sec_line[SEC_COUNT];      /* line of each section's header, 0 when absent */
	unsigned set_line[K_COUNT];        /* line of each setting, 0 when absent */
	char set_val[K_COUNT][LINE_BYTES + 1];
	raw_line_t *raw;                   /* [grid] or [points] lines in file order */
	unsigned nraw, capraw;
	unsigned nmsgs, dropped;           /* messages printed, and not printed */
	char msgs[MSGS_MAX][LINE_BYTES * 2 + 256];
	unsigned msg_line[MSGS_MAX];
	int nomem;
	sw_sweep_t *sw;
} ctx_t;

/* ---- messages ------------------------------------------------------------------------------ */

/* Add "file:line: text" (line 0: "file: text"). */
static void msg(ctx_t *c, unsigned line, const char *fmt, ...)
{
	va_list ap;
	int h;
	if (c->nmsgs == MSGS_MAX) {
		c->dropped++;
		return;
	}
	h = line ? snprintf(c->msgs[c->nmsgs], sizeof(c->msgs[0]), "%s:%u: ", c->file, line)
		 : snprintf(c->msgs[c->nmsgs], sizeof(c->msgs[0]), "%s: ", c->file);
	if (h < 0 || (size_t)h >= sizeof(c->msgs[0]))
		h = 0;
	va_start(ap, fmt);
	vsnprintf(c->msgs[c->nmsgs] + h, sizeof(c->msgs[0]) - (size_t)h, fmt, ap);
	va_end(ap);
	c->msg_line[c->nmsgs++] = line;
}

/* Print the messages in line order (stable), the whole-file ones last. */
static void print_msgs(ctx_t *c, FILE *err)
{
	unsigned i, j, order[MSGS_MAX];
	for (i = 0; i < c->nmsgs; i++) {
		unsigned key = c->msg_line[i] ? c->msg_line[i] : ~0u;
		for (j = i; j > 0 && (c->msg_line[order[j - 1]] ? c->msg_line[order[j - 1]] : ~0u) > key; j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	if (!err)
		return;
	for (i = 0; i < c->nmsgs; i++)
		fprintf(err, "%s\n", c->msgs[order[i]]);
	if (c->dropped)
		fprintf(err, "%s: %u more problems not shown\n", c->file, c->dropped);
}

/* ---- values -------------------------------------------------------------------------------- */

/* Decimal integer s (digits only) at most max into *v; 0 on success. */
static int parse_uint(const char *s, unsigned long max, unsigned long *v)
{
	unsigned long x = 0;
	if (!*s)
		return -1;
	for (; *s; s++) {
		if (!isdigit((unsigned char)*s) || x > (max - (unsigned long)(*s - '0')) / 10)
			return -1;
		x = x * 10 + (unsigned long)(*s - '0');
	}
	*v = x;
	return 0;
}

/* Split s into tokens separated by spaces, tabs or commas; returns the count (at most max). */
static unsigned split(char *s, char **tok, unsigned max)
{
	unsigned n = 0;
	char *save = NULL, *t;
	for (t = strtok_r(s, " \t,", &save); t; t = strtok_r(NULL, " \t,", &save)) {
		if (n == max)
			return max + 1;
		tok[n++] = t;
	}
	return n;
}

/* Every byte of s is in the set allowed, or alphanumeric; s is not empty. */
static int only(const char *s, const char *allowed)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr(allowed, *s))
			return 0;
	return 1;
}

/* Index of "section.key" in the schema, or -1. */
static int find_param(const char *sk)
{
	int k;
	for (k = 0; k < RFM_K_COUNT; k++) {
		size_t n = strlen(rfm_params[k].section);
		if (strncmp(sk, rfm_params[k].section, n) == 0 && sk[n] == '.' &&
		    strcmp(sk + n + 1, rfm_params[k].key) == 0)
			return k;
	}
	return -1;
}

/* What a value of schema key k may be, into buf. */
static const char *legal_value(int k, char *buf, size_t size)
{
	const rfm_param_t *p = &rfm_params[k];
	size_t o = 0;
	unsigned i;
	if (p->type == RFM_T_ENUM) {
		for (i = 0; p->names[i] && o + 2 < size; i++)
			o += (size_t)snprintf(buf + o, size - o, "%s%s", i ? "|" : "", p->names[i]);
	} else if (p->type == RFM_T_FRAC) {
		snprintf(buf, size, "a fraction 0..1, e.g. 0.001 or 1e-3");
	} else {
		snprintf(buf, size, "integers %llu..%llu, as a list or a range a..b or a..b:step",
			 (unsigned long long)p->min, (unsigned long long)p->max);
	}
	return buf;
}

/* One value tok of schema key k is well formed (its range is the configuration rules' part). */
static int value_ok(int k, const char *tok)
{
	unsigned long v;
	unsigned i;
	if (strlen(tok) >= SW_VAL_LEN)
		return 0;
	if (rfm_params[k].type == RFM_T_ENUM) {
		for (i = 0; rfm_params[k].names[i]; i++)
			if (strcmp(rfm_params[k].names[i], tok) == 0)
				return 1;
		return 0;
	}
	if (rfm_params[k].type == RFM_T_FRAC)
		return *tok && strspn(tok, "0123456789.eE+-") == strlen(tok);
	return parse_uint(tok, UINT32_MAX, &v) == 0;
}

/* ---- reading: inih's reader and handler ----------------------------------------------------- */

/* Close the line handed over last: a key line inih did not hand to the handler had no '=' before
 * an inline comment. */
static void finish_line(ctx_t *c)
{
	if (c->expect && !c->handled)
		msg(c, c->line, "syntax error: expected 'key = value', '[section]' or '; comment' (got \"%s\")", c->text);
	c->expect = 0;
	c->handled = 0;
}

/* Next line into str for inih (num bytes); NULL at the end of the text. */
static char *reader(char *str, int num, void *stream)
{
	ctx_t *c = stream;
	size_t start = c->pos, end, n, i;
	char *s;
	finish_line(c);
	if (c->pos >= c->len)
		return NULL;
	while (c->pos < c->len && c->buf[c->pos] != '\n')
		c->pos++;
	end = c->pos;
	if (c->pos < c->len)
		c->pos++;
	c->line++;
	if (c->line == 1 && end - start >= 3 && memcmp(c->buf + start, "\xef\xbb\xbf", 3) == 0)
		start += 3;
	while (start < end && (c->buf[start] == ' ' || c->buf[start] == '\t'))
		start++;
	while (end > start && (c->buf[end - 1] == ' ' || c->buf[end - 1] == '\t' || c->buf[end - 1] == '\r'))
		end--;
	n = end - start;
	str[0] = '\n';
	str[1] = '\0';
	if (n > LINE_BYTES || n + 2 > (size_t)num) {
		msg(c, c->line, "line too long (legal: at most %d characters)", LINE_BYTES);
		return str;
	}
	for (i = start; i < end; i++)
		if (((unsigned char)c->buf[i] < 0x20 && c->buf[i] != '\t') || (unsigned char)c->buf[i] >= 0x7f) {
			msg(c, c->line, "a byte 0x%02x in the line (legal: printable ASCII text)",
			    (unsigned char)c->buf[i]);
			return str;
		}
	s = str;
	memcpy(s, c->buf + start, n);
	s[n] = '\0';
	for (i = 0; i < n; i++)
		if (s[i] == '\t')
			s[i] = ' '; /* white space either way; messages quote the line without tabs */
	if (n == 0 || s[0] == ';' || s[0] == '#') {
		strcpy(str, "\n");
		return str;
	}
	if (s[0] == '[') {
		char *close = strchr(s, ']');
		const char *rest = close ? close + 1 + strspn(close + 1, " \t") : NULL;
		int k;
		if (!close || (*rest && *rest != ';' && *rest != '#')) {
			msg(c, c->line, "syntax error: expected '[section]' (got \"%s\")", s);
			c->sec = SEC_SKIP;
			strcpy(str, "\n");
			return str;
		}
		*close = '\0';
		for (k = 0; k < SEC_COUNT && strcmp(sec_names[k], s + 1) != 0; k++)
			;
		if (k == SEC_COUNT) {
			msg(c, c->line, "[%s]: unknown section (legal: %s)", s + 1, LEGAL_SECTIONS);
			c->sec = SEC_SKIP;
		} else if (c->sec_line[k]) {
			msg(c, c->line, "[%s]: section given twice (first on line %u)", s + 1, c->sec_line[k]);
			c->sec = SEC_SKIP;
		} else {
			c->sec = k;
			c->sec_line[k] = c->line;
		}
		strcpy(str, "\n");
		return str;
	}
	if (!strchr(s, '=')) {
		msg(c, c->line, "syntax error: expected 'key = value', '[section]' or '; comment' (got \"%s\")", s);
		strcpy(str, "\n");
		return str;
	}
	if (c->sec == SEC_NONE) {
		msg(c, c->line, "a key outside any section (legal: %s)", LEGAL_SECTIONS);
		strcpy(str, "\n");
		return str;
	}
	if (c->sec == SEC_SKIP) {
		strcpy(str, "\n");
		return str;
	}
	strcpy(c->text, s);
	c->expect = 1;
	strcat(s, "\n");
	return str;
}

/* inih's handler: one key of the current section. */
static int handler(void *user, const char *section, const char *name, const char *value)
{
	ctx_t *c = user;
	const char *sec = sec_names[c->sec];
	int k;
	(void)section;
	c->handled = 1;
	if (c->sec == SEC_SWEEP || c->sec == SEC_SLURM) {
		int first = c->sec == SEC_SWEEP ? 0 : K_SLURM_FIRST, last = c->sec == SEC_SWEEP ? K_SLURM_FIRST : K_COUNT;
		for (k = first; k < last && strcmp(set_names[k], name) != 0; k++)
			;
		if (k == last) {
			char legal[256];
			size_t o = 0;
			int j;
			for (j = first; j < last; j++)
				o += (size_t)snprintf(legal + o, sizeof(legal) - o, "%s%s", j > first ? ", " : "",
						      set_names[j]);
			msg(c, c->line, "%s.%s = %s: unknown key (legal: %s)", sec, name, value, legal);
		} else if (c->set_line[k]) {
			msg(c, c->line, "%s.%s = %s: set twice (first on line %u)", sec, name, value, c->set_line[k]);
		} else {
			c->set_line[k] = c->line;
			strcpy(c->set_val[k], value);
		}
		return 1;
	}
	if (c->nraw == c->capraw) {
		unsigned cap = c->capraw ? c->capraw * 2 : 16;
		raw_line_t *r = realloc(c->raw, cap * sizeof(*r));
		if (!r) {
			c->nomem = 1;
			return 0;
		}
		c->raw = r;
		c->capraw = cap;
	}
	c->raw[c->nraw].line = c->line;
	strcpy(c->raw[c->nraw].key, name);
	strcpy(c->raw[c->nraw].val, value);
	c->nraw++;
	return 1;
}

/* ---- validation ---------------------------------------------------------------------------- */

/* Index of the axis named key, adding it (with line) when absent; -1 when there is no room. */
static int axis_of(sw_sweep_t *sw, const char *key, int param, unsigned line)
{
	unsigned a;
	for (a = 0; a < sw->naxes; a++)
		if (strcmp(sw->axes[a].key, key) == 0)
			return (int)a;
	if (sw->naxes == SW_AXES_MAX)
		return -1;
	strcpy(sw->axes[a].key, key);
	sw->axes[a].param = param;
	sw->axes[a].line = line;
	sw->naxes++;
	return (int)a;
}

/* Expand one [grid] value list (tokens of key k) into axis a; 0 or -1 (reported). */
static int grid_values(ctx_t *c, const raw_line_t *r, int k, sw_axis_t *ax)
{
	char tmp[LINE_BYTES + 1], legal[256], *tok[SW_VALS_MAX + 1];
	unsigned n, i, j;
	int too_many;
	strcpy(tmp, r->val);
	n = split(tmp, tok, SW_VALS_MAX);
	too_many = n > SW_VALS_MAX;
	if (n == 0) {
		msg(c, r->line, "grid.%s = : empty value (legal: %s)", r->key, legal_value(k, legal, sizeof(legal)));
		return -1;
	}
	for (i = 0; i < n && !too_many; i++) {
		char *dots = strstr(tok[i], "..");
		unsigned long lo, hi, step = 1, v;
		if (dots && rfm_params[k].type == RFM_T_INT) {
			char *colon = strchr(dots + 2, ':');
			*dots = '\0';
			if (colon)
				*colon = '\0';
			if (parse_uint(tok[i], UINT32_MAX, &lo) || parse_uint(dots + 2, UINT32_MAX, &hi) || lo > hi ||
			    (colon && (parse_uint(colon + 1, UINT32_MAX, &step) || step == 0))) {
				msg(c, r->line, "grid.%s = %s: a bad range (legal: %s, a <= b, step >= 1)", r->key,
				    r->val, legal_value(k, legal, sizeof(legal)));
				return -1;
			}
			for (v = lo; v <= hi; v += step) {
				if (ax->nvals == SW_VALS_MAX) {
					too_many = 1;
					break;
				}
				snprintf(ax->vals[ax->nvals++], SW_VAL_LEN, "%lu", v);
			}
		} else if (!value_ok(k, tok[i])) {
			msg(c, r->line, "grid.%s = %s: \"%s\" is not a value of %s (legal: %s)", r->key, r->val,
			    tok[i], r->key, legal_value(k, legal, sizeof(legal)));
			return -1;
		} else if (ax->nvals == SW_VALS_MAX) {
			too_many = 1;
		} else {
			strcpy(ax->vals[ax->nvals++], tok[i]);
		}
	}
	if (too_many) {
		msg(c, r->line, "grid.%s = %s: too many values (legal: at most %d values per key)", r->key, r->val,
		    SW_VALS_MAX);
		return -1;
	}
	for (i = 1; i < ax->nvals; i++)
		for (j = 0; j < i; j++)
			if (strcmp(ax->vals[i], ax->vals[j]) == 0) {
				msg(c, r->line, "grid.%s = %s: the value %s is given twice (legal: distinct values)",
				    r->key, r->val, ax->vals[i]);
				return -1;
			}
	return 0;
}

/* [grid]: one axis per line, the cartesian product as points (first key slowest). */
static void check_grid(ctx_t *c)
{
	sw_sweep_t *sw = c->sw;
	unsigned i, a, bad = 0;
	unsigned long total = 1;
	for (i = 0; i < c->nraw; i++) {
		const raw_line_t *r = &c->raw[i];
		int k = find_param(r->key), ai;
		if (k < 0) {
			msg(c, r->line, "grid.%s = %s: no such configuration key (legal: %s)", r->key, r->val, LEGAL_KEY);
			bad = 1;
			continue;
		}
		for (a = 0; a < sw->naxes; a++)
			if (strcmp(sw->axes[a].key, r->key) == 0)
				break;
		if (a < sw->naxes) {
			msg(c, r->line, "grid.%s = %s: set twice (first on line %u)", r->key, r->val, sw->axes[a].line);
			bad = 1;
			continue;
		}
		ai = axis_of(sw, r->key, k, r->line);
		if (ai < 0) {
			msg(c, r->line, "grid.%s = %s: too many swept keys (legal: at most %d)", r->key, r->val,
			    SW_AXES_MAX);
			bad = 1;
			continue;
		}
		if (grid_values(c, r, k, &sw->axes[ai]) != 0)
			bad = 1;
	}
	if (bad || sw->naxes == 0)
		return;
	for (a = 0; a < sw->naxes; a++)
		total *= sw->axes[a].nvals;
	if (total > SW_POINTS_MAX) {
		msg(c, c->sec_line[SEC_GRID], "[grid]: %lu points (legal: at most %d)", total, SW_POINTS_MAX);
		return;
	}
	for (i = 0; i < total; i++) {
		unsigned long rest = i;
		for (a = sw->naxes; a-- > 0;) {
			strcpy(sw->points[i].vals[a], sw->axes[a].vals[rest % sw->axes[a].nvals]);
			rest /= sw->axes[a].nvals;
		}
	}
	sw->npoints = (unsigned)total;
}

/* One [points] line: "point = section.key=value ..."; 0 or -1 (reported). */
static int listed_point(ctx_t *c, const raw_line_t *r, sw_point_t *pt)
{
	char tmp[LINE_BYTES + 1], legal[256], *tok[SW_AXES_MAX + 2];
	unsigned n, i;
	sw_sweep_t *sw = c->sw;
	memset(pt, 0, sizeof(*pt));
	pt->line = r->line;
	if (strcmp(r->key, "point") != 0) {
		msg(c, r->line, "points.%s = %s: unknown key (legal: point)", r->key, r->val);
		return -1;
	}
	strcpy(tmp, r->val);
	n = split(tmp, tok, SW_AXES_MAX + 1);
	if (n == 0 || n > SW_AXES_MAX) {
		msg(c, r->line, "points.point = %s: %s (legal: 1 to %d section.key=value overrides)", r->val,
		    n ? "too many overrides" : "empty value", SW_AXES_MAX);
		return -1;
	}
	for (i = 0; i < n; i++) {
		char *eq = strchr(tok[i], '=');
		int k, a;
		if (eq)
			*eq = '\0';
		k = eq ? find_param(tok[i]) : -1;
		if (k < 0) {
			msg(c, r->line, "points.point = %s: \"%s\" is not an override (legal: section.key=value with "
			    "%s)", r->val, tok[i], LEGAL_KEY);
			return -1;
		}
		if (!value_ok(k, eq + 1)) {
			msg(c, r->line, "points.point = %s: \"%s\" is not a value of %s (legal: %s)", r->val, eq + 1,
			    tok[i], legal_value(k, legal, sizeof(legal)));
			return -1;
		}
		a = axis_of(sw, tok[i], k, r->line);
		if (a < 0) {
			msg(c, r->line, "points.point = %s: too many swept keys in all points (legal: at most %d)",
			    r->val, SW_AXES_MAX);
			return -1;
		}
		if (pt->vals[a][0]) {
			msg(c, r->line, "points.point = %s: %s is set twice (legal: each key once)", r->val, tok[i]);
			return -1;
		}
		strcpy(pt->vals[a], eq + 1);
	}
	return 0;
}

/* [points]: one point per line, in file order. */
static void check_points(ctx_t *c)
{
	sw_sweep_t *sw = c->sw;
	unsigned i, j;
	for (i = 0; i < c->nraw; i++) {
		sw_point_t *pt;
		if (sw->npoints == SW_POINTS_MAX) {
			msg(c, c->raw[i].line, "points.%s = %s: too many points (legal: at most %d)", c->raw[i].key,
			    c->raw[i].val, SW_POINTS_MAX);
			return;
		}
		pt = &sw->points[sw->npoints];
		if (listed_point(c, &c->raw[i], pt) != 0)
			continue;
		for (j = 0; j < sw->npoints; j++)
			if (memcmp(sw->points[j].vals, pt->vals, sizeof(pt->vals)) == 0)
				break;
		if (j < sw->npoints) {
			msg(c, pt->line, "points.point = %s: the same point as line %u (legal: distinct points)",
			    c->raw[i].val, sw->points[j].line);
			continue;
		}
		sw->npoints++;
	}
}

/* Copy a setting value into dst when it is at most size - 1 bytes of allowed characters. */
static int text_setting(ctx_t *c, int k, char *dst, size_t size, const char *allowed, const char *legal)
{
	const char *v = c->set_val[k];
	const char *sec = k >= K_SLURM_FIRST ? "slurm" : "sweep";
	if (!c->set_line[k])
		return 0;
	if (strlen(v) >= size || (*v && !only(v, allowed)) || (!*v && k < K_SLURM_FIRST)) {
		msg(c, c->set_line[k], "%s.%s = %s: %s (legal: %s)", sec, set_names[k], v,
		    strlen(v) >= size ? "too long" : *v ? "a character that is not allowed" : "empty value", legal);
		return -1;
	}
	strcpy(dst, v);
	return 0;
}

/* An integer setting in min..max (default def). */
static void int_setting(ctx_t *c, int k, unsigned long min, unsigned long max, unsigned *dst, unsigned def)
{
	unsigned long v;
	const char *sec = k >= K_SLURM_FIRST ? "slurm" : "sweep";
	*dst = def;
	if (!c->set_line[k])
		return;
	if (parse_uint(c->set_val[k], max, &v) || v < min)
		msg(c, c->set_line[k], "%s.%s = %s: not an integer %lu..%lu (legal: %lu..%lu)", sec, set_names[k],
		    c->set_val[k], min, max, min, max);
	else
		*dst = (unsigned)v;
}

/* flows: names of sw_flow_names; eval is refused by name. */
static void check_flows(ctx_t *c)
{
	char tmp[LINE_BYTES + 1], *tok[16];
	unsigned n, i;
	int f;
	c->sw->flows = 1u << SW_GEN;
	if (!c->set_line[K_FLOWS])
		return;
	strcpy(tmp, c->set_val[K_FLOWS]);
	n = split(tmp, tok, 15);
	if (n == 0 || n > 15) {
		msg(c, c->set_line[K_FLOWS], "sweep.flows = %s: %s (legal: some of %s)", c->set_val[K_FLOWS],
		    n ? "too many names" : "empty value", LEGAL_FLOWS);
		return;
	}
	for (i = 0; i < n; i++) {
		for (f = 0; f < SW_FLOWS && strcmp(sw_flow_names[f], tok[i]) != 0; f++)
			;
		if (strcmp(tok[i], "eval") == 0)
			msg(c, c->set_line[K_FLOWS], "sweep.flows = %s: eval does not exist yet: no flow runs kernels "
			    "on a point (legal: %s)", c->set_val[K_FLOWS], LEGAL_FLOWS);
		else if (f == SW_FLOWS)
			msg(c, c->set_line[K_FLOWS], "sweep.flows = %s: \"%s\" is not a flow (legal: %s)",
			    c->set_val[K_FLOWS], tok[i], LEGAL_FLOWS);
		else
			c->sw->flows |= 1u << f;
	}
}

/* The settings of [sweep] and [slurm]. */
static void check_settings(ctx_t *c)
{
	sw_sweep_t *sw = c->sw;
	char tmp[LINE_BYTES + 1], *tok[SW_SEEDS_MAX + 1];
	unsigned n, i;
	const char *b = c->set_val[K_BASE];
	size_t bl = strlen(b);
	if (!c->set_line[K_BASE]) {
		msg(c, 0, "sweep.base: missing (legal: a config name of rtl_gen/configs/, or a path to an .ini file)");
	} else if (bl >= sizeof(sw->base) || !only(b, bl > 4 && strcmp(b + bl - 4, ".ini") == 0 ? "_-./" : "_-")) {
		msg(c, c->set_line[K_BASE], "sweep.base = %s: not a config name or an .ini path (legal: a config "
		    "name of rtl_gen/configs/, or a path to an .ini file: letters, digits, _ - . /)", b);
	} else {
		strcpy(sw->base, b);
		sw->base_line = c->set_line[K_BASE];
		if (bl > 4 && strcmp(b + bl - 4, ".ini") == 0)
			strcpy(sw->base_ini, b);
		else
			snprintf(sw->base_ini, sizeof(sw->base_ini), "rtl_gen/configs/%s.ini", b);
	}
	check_flows(c);
	int_setting(c, K_CYCLES, 1, 100000000, &sw->cycles, 2000);
	sw->nseeds = 1;
	sw->seeds[0] = 1;
	if (c->set_line[K_SEEDS]) {
		strcpy(tmp, c->set_val[K_SEEDS]);
		n = split(tmp, tok, SW_SEEDS_MAX);
		for (i = 0; i < n && i < SW_SEEDS_MAX; i++)
			if (parse_uint(tok[i], UINT32_MAX, &sw->seeds[i]))
				break;
		if (n == 0 || n > SW_SEEDS_MAX || i < n)
			msg(c, c->set_line[K_SEEDS], "sweep.seeds = %s: not a list of seeds (legal: 1 to %d integers "
			    "0..4294967295)", c->set_val[K_SEEDS], SW_SEEDS_MAX);
		else
			sw->nseeds = n;
	}
	strcpy(sw->modules, "rf_top");
	text_setting(c, K_MODULES, sw->modules, sizeof(sw->modules), "_ ",
		     "block names of the point's files.f, e.g. rf_top rf_bank, or all");
	int_setting(c, K_JOBS, 1, 256, &sw->jobs, 1);
	strcpy(sw->runner, "local");
	if (c->set_line[K_RUNNER]) {
		if (strcmp(c->set_val[K_RUNNER], "local") && strcmp(c->set_val[K_RUNNER], "slurm"))
			msg(c, c->set_line[K_RUNNER], "sweep.runner = %s: unknown runner (legal: local|slurm)",
			    c->set_val[K_RUNNER]);
		else
			strcpy(sw->runner, c->set_val[K_RUNNER]);
	}
	if (c->set_line[K_COVERAGE]) {
		if (strcmp(c->set_val[K_COVERAGE], "on") && strcmp(c->set_val[K_COVERAGE], "off"))
			msg(c, c->set_line[K_COVERAGE], "sweep.coverage = %s: not on or off (legal: off|on)",
			    c->set_val[K_COVERAGE]);
		else
			sw->coverage = strcmp(c->set_val[K_COVERAGE], "on") == 0;
	}
	text_setting(c, K_PARTITION, sw->partition, sizeof(sw->partition), "_-.,", "a Slurm partition name");
	text_setting(c, K_ACCOUNT, sw->account, sizeof(sw->account), "_-.", "a Slurm account name");
	text_setting(c, K_QOS, sw->qos, sizeof(sw->qos), "_-.", "a Slurm QOS name");
	text_setting(c, K_TIME, sw->time, sizeof(sw->time), ":-",
		     "a Slurm time limit: minutes, h:mm:ss or d-hh:mm:ss");
	text_setting(c, K_MEM, sw->mem, sizeof(sw->mem), "", "megabytes, or a number and K, M, G or T");
	if (sw->mem[0] && strspn(sw->mem, "0123456789") < strlen(sw->mem) - 1)
		msg(c, c->set_line[K_MEM], "slurm.mem = %s: not a size (legal: megabytes, or a number and K, M, "
		    "G or T)", sw->mem);
	int_setting(c, K_CPUS, 1, 256, &sw->cpus, 1);
	text_setting(c, K_OPTIONS, sw->options, sizeof(sw->options), " _-=.,:/%+@",
		     "sbatch options without shell quoting or control characters");
}

/* ---- entry points -------------------------------------------------------------------------- */

/* The base name of path without .ini into name. */
static void name_of(const char *path, char *name, size_t size)
{
	const char *s = strrchr(path, '/');
	size_t n;
	s = s ? s + 1 : path;
	n = strlen(s);
	if (n > 4 && strcmp(s + n - 4, ".ini") == 0)
		n -= 4;
	if (n >= size)
		n = size - 1;
	memcpy(name, s, n);
	name[n] = '\0';
}

int sw_parse_string(sw_sweep_t *sw, const char *name, const char *text, size_t len, FILE *err)
{
	ctx_t *c = calloc(1, sizeof(*c));
	int ret = 2;
	memset(sw, 0, sizeof(*sw));
	if (!c) {
		if (err)
			fprintf(err, "%s: out of memory\n", name);
		return 1;
	}
	c->file = name;
	c->buf = text;
	c->len = len;
	c->sec = SEC_NONE;
	c->sw = sw;
	name_of(name, sw->name, sizeof(sw->name));
	ini_parse_stream(reader, c, handler, c);
	if (c->nomem) {
		if (err)
			fprintf(err, "%s: out of memory\n", name);
		ret = 1;
		goto out;
	}
	check_settings(c);
	if (c->sec_line[SEC_GRID] && c->sec_line[SEC_POINTS])
		msg(c, c->sec_line[SEC_GRID] > c->sec_line[SEC_POINTS] ? c->sec_line[SEC_GRID] : c->sec_line[SEC_POINTS],
		    "[%s]: a sweep has [grid] or [points], not both", c->sec_line[SEC_GRID] > c->sec_line[SEC_POINTS]
		    ? "grid" : "points");
	else if (!c->sec_line[SEC_GRID] && !c->sec_line[SEC_POINTS])
		msg(c, 0, "no [grid] or [points] section: nothing to sweep (legal: one of them)");
	else if (c->sec_line[SEC_GRID])
		sw->grid = 1, check_grid(c);
	else
		check_points(c);
	if (!c->nmsgs && sw->npoints == 0)
		msg(c, c->sec_line[SEC_GRID] | c->sec_line[SEC_POINTS], "[%s]: no %s (legal: at least one)",
		    sw->grid ? "grid" : "points", sw->grid ? "key to vary" : "point");
	if (c->nmsgs) {
		print_msgs(c, err);
		memset(sw, 0, sizeof(*sw));
		goto out;
	}
	ret = 0;
out:
	free(c->raw);
	free(c);
	return ret;
}

int sw_parse_file(sw_sweep_t *sw, const char *path, FILE *err)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, got;
	int ret = 1;
	memset(sw, 0, sizeof(*sw));
	if (!f) {
		if (err)
			fprintf(err, "%s: cannot open the sweep file\n", path);
		return 1;
	}
	for (;;) {
		if (len + 4096 > cap) {
			char *nb = realloc(buf, cap = cap * 2 + 8192);
			if (!nb)
				goto out;
			buf = nb;
		}
		got = fread(buf + len, 1, cap - len, f);
		if (got == 0)
			break;
		len += got;
		if (len > (1u << 20)) {
			if (err)
				fprintf(err, "%s: larger than 1 MiB (legal: a sweep file of at most 1 MiB)\n", path);
			ret = 2;
			goto out;
		}
	}
	if (ferror(f)) {
		if (err)
			fprintf(err, "%s: read error\n", path);
		goto out;
	}
	ret = sw_parse_string(sw, path, buf, len, err);
out:
	free(buf);
	fclose(f);
	return ret;
}

void sw_point_set(const sw_sweep_t *sw, unsigned i, char *buf, size_t size)
{
	unsigned a;
	size_t o = 0;
	buf[0] = '\0';
	for (a = 0; a < sw->naxes && o < size; a++)
		if (sw->points[i].vals[a][0])
			o += (size_t)snprintf(buf + o, size - o, "%s%s=%s", o ? " " : "", sw->axes[a].key,
					      sw->points[i].vals[a]);
}

void sw_point_id(unsigned i, char *buf, size_t size)
{
	snprintf(buf, size, "p%04u", i + 1);
}
