/* vcd_activity: a VCD trace reduced to per-net switching activity, for the power flow.
 *
 *   vcd_activity [--scope A.B] [--clock NAME] [--skip N] FILE.vcd
 *
 * Reads a value change dump (IEEE 1364 section 18; fst2vcd's output of a Verilator trace) and
 * prints, for every bit of every variable under the scope --scope (default TOP.rf_top), the
 * number of times it changed value after the first N rising edges (--skip, default 2: reset) of
 * the clock variable NAME (--clock, default clk_i, looked up directly in the scope), and the
 * number of the rising edges after those N at which it was 1 (its value before the changes of the
 * edge's time: what a flop clocked by the edge samples):
 *
 *   # cycles 1998
 *   u_arbiter/grant_q[3] 412 1093
 *   _46_ 17 8
 *
 * A name is the scope path below --scope joined by '/', then the variable's name; a bit of a
 * vector is name[i] with the declared index. x and z read as 0 (Verilator is two-state).
 * Errors name the file and line; the exit code is 2 on bad input, nothing is printed then.
 * The method and its limits: docs/flows.md, "Power".
 */
#include "vcd_activity.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VA_MAX_SCOPE 64
#define VA_MAX_WIDTH 4096
#define VA_MAX_INDEX 1000000 /* largest bit index of a declared range */

typedef struct {
	char *path;      /* "u_arbiter/grant_q" */
	unsigned width;  /* bits */
	long msb, lsb;   /* declared range (msb = lsb = -1: a scalar) */
	unsigned first;  /* index of bit 0 (the lsb) in the id's bit arrays */
} va_name_t;

typedef struct {
	char *code;          /* identifier code */
	unsigned width;
	uint8_t *val;        /* current value, bit i = index i from the lsb */
	uint64_t *toggles;   /* per bit */
	uint64_t *high;      /* per bit: counted edges that sampled 1 (resolved ones) */
	uint32_t *rise;      /* per bit, while it is 1: the time block in which it became 1 */
	int is_clock;
	va_name_t *names;
	unsigned nnames;
} va_id_t;

typedef struct {
	va_id_t *ids;
	unsigned nids, cap;
	unsigned *hash; /* open addressing: index + 1, 0 = empty */
	unsigned hcap;
	uint64_t edges; /* rising edges of the clock seen */
	int have_clock;
	/* Time blocks (the changes of one #time) for the sampled-1 counts: a bit that became 1 in
	 * block r and 0 in block f was 1 at the counted edges after block r up to block f's own. */
	uint32_t block;      /* the current block */
	uint64_t *after;     /* after[b]: counted edges up to the end of block b */
	uint32_t acap;
	uint64_t counted;    /* counted edges so far */
	int edge_here;       /* a counted edge in the current block */
	struct va_fall { va_id_t *d; unsigned bit; } *falls; /* bits that became 0 in this block */
	size_t nfalls, fcap;
	unsigned long skip;  /* edges before counting (reset) */
	int oom;
} va_t;

/* FNV-1a, then a multiplicative mix: identifier codes are short runs of printable characters. */
static unsigned long va_hash_str(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ull;
	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ull;
	return (unsigned long)(h ^ (h >> 32));
}

static va_id_t *va_find(va_t *v, const char *code)
{
	unsigned long h;
	if (!v->hcap)
		return NULL;
	for (h = va_hash_str(code) & (v->hcap - 1); v->hash[h]; h = (h + 1) & (v->hcap - 1))
		if (!strcmp(v->ids[v->hash[h] - 1].code, code))
			return &v->ids[v->hash[h] - 1];
	return NULL;
}

static int va_rehash(va_t *v, unsigned cap)
{
	unsigned i;
	unsigned long h;
	unsigned *nh = calloc(cap, sizeof *nh);
	if (!nh)
		return -1;
	free(v->hash);
	v->hash = nh;
	v->hcap = cap;
	for (i = 0; i < v->nids; i++) {
		for (h = va_hash_str(v->ids[i].code) & (cap - 1); nh[h]; h = (h + 1) & (cap - 1))
			;
		nh[h] = i + 1;
	}
	return 0;
}

static va_id_t *va_add(va_t *v, const char *code, unsigned width)
{
	va_id_t *d;
	if (v->nids == v->cap) {
		unsigned nc = v->cap ? v->cap * 2 : 256;
		va_id_t *n = realloc(v->ids, nc * sizeof *n);
		if (!n)
			return NULL;
		v->ids = n;
		v->cap = nc;
	}
	d = &v->ids[v->nids];
	memset(d, 0, sizeof *d);
	d->code = strdup(code);
	d->width = width;
	d->val = calloc(width, 1);
	d->toggles = calloc(width, sizeof *d->toggles);
	d->high = calloc(width, sizeof *d->high);
	d->rise = calloc(width, sizeof *d->rise);
	if (!d->code || !d->val || !d->toggles || !d->high || !d->rise) {
		free(d->code);
		free(d->val);
		free(d->toggles);
		free(d->high);
		free(d->rise);
		return NULL;
	}
	v->nids++;
	if (v->nids * 2 > v->hcap && va_rehash(v, v->hcap ? v->hcap * 2 : 1024))
		return NULL;
	if (v->nids * 2 <= v->hcap && !va_find(v, code)) { /* not yet hashed: insert */
		unsigned long h;
		for (h = va_hash_str(code) & (v->hcap - 1); v->hash[h]; h = (h + 1) & (v->hcap - 1))
			;
		v->hash[h] = v->nids;
	}
	return d;
}

static void va_free(va_t *v)
{
	unsigned i, j;
	for (i = 0; i < v->nids; i++) {
		for (j = 0; j < v->ids[i].nnames; j++)
			free(v->ids[i].names[j].path);
		free(v->ids[i].names);
		free(v->ids[i].code);
		free(v->ids[i].val);
		free(v->ids[i].toggles);
		free(v->ids[i].high);
		free(v->ids[i].rise);
	}
	free(v->ids);
	free(v->hash);
	free(v->after);
	free(v->falls);
}

/* The end of the current time block: its count of counted edges is final, and a bit that became 0
 * in it was still 1 at its edge, if it had one. Then the next block starts. */
static void va_block_end(va_t *v)
{
	size_t k;
	if (v->block == v->acap) {
		uint32_t nc = v->acap ? v->acap * 2 : 1024;
		uint64_t *n = nc > v->acap ? realloc(v->after, nc * sizeof *n) : NULL;
		if (!n) {
			v->oom = 1;
			return;
		}
		v->after = n;
		v->acap = nc;
	}
	v->after[v->block] = v->counted;
	for (k = 0; k < v->nfalls && v->edge_here; k++)
		v->falls[k].d->high[v->falls[k].bit]++;
	v->nfalls = 0;
	v->edge_here = 0;
	v->block++;
}

/* Bit i of d became 0 in this block: one more sampled 1 if the block has an edge (va_block_end). */
static void va_fall(va_t *v, va_id_t *d, unsigned i)
{
	if (v->nfalls == v->fcap) {
		size_t nc = v->fcap ? v->fcap * 2 : 256;
		struct va_fall *f = realloc(v->falls, nc * sizeof *f);
		if (!f) {
			v->oom = 1;
			return;
		}
		v->falls = f;
		v->fcap = nc;
	}
	v->falls[v->nfalls].d = d;
	v->falls[v->nfalls++].bit = i;
}

/* A value change of id d to the bit string s (most significant first, left-extended). */
static void va_change(va_t *v, va_id_t *d, const char *s, size_t n, int counting)
{
	unsigned i;
	char ext = (n && (s[0] == 'x' || s[0] == 'X' || s[0] == 'z' || s[0] == 'Z')) ? s[0] : '0';
	for (i = 0; i < d->width; i++) {
		char c = i < n ? s[n - 1 - i] : ext;
		uint8_t b = c == '1';
		if (b != d->val[i]) {
			if (d->is_clock && i == 0 && b && ++v->edges > v->skip) {
				v->counted++;
				v->edge_here = 1;
			}
			if (counting)
				d->toggles[i]++;
			d->val[i] = b;
			if (b) {
				d->rise[i] = v->block;
			} else if (d->rise[i] != v->block) { /* 1 for at least one block: count its edges */
				d->high[i] += v->counted - v->edge_here - v->after[d->rise[i]];
				va_fall(v, d, i);
			}
		}
	}
}

/* Counted edges at which bit i of d was 1, once every block has ended (a bit still 1 at the end
 * counts the edges since it became 1). */
static uint64_t va_high(const va_t *v, const va_id_t *d, unsigned i)
{
	return d->high[i] + (d->val[i] ? v->counted - v->after[d->rise[i]] : 0);
}

/* Tokens of a declaration section, across lines. */
typedef struct {
	FILE *in;
	const char *file;
	unsigned long line;
	int c;
	int bad_byte; /* a token held a byte outside printable ASCII (33..126) */
} va_rd_t;

static int va_getc(va_rd_t *r)
{
	int c = getc(r->in);
	if (c == '\n')
		r->line++;
	return c;
}

/* Next whitespace-separated token into buf; 0 at end of file. */
static int va_token(va_rd_t *r, char *buf, size_t cap)
{
	int c;
	size_t n = 0;
	do
		c = va_getc(r);
	while (c != EOF && isspace(c));
	if (c == EOF)
		return 0;
	while (c != EOF && !isspace(c)) {
		if (c < 33 || c > 126)
			r->bad_byte = 1;
		if (n + 1 < cap)
			buf[n++] = (char)c;
		c = va_getc(r);
	}
	if (c == '\n') { /* the token's own line in messages */
		ungetc(c, r->in);
		r->line--;
	}
	buf[n] = 0;
	return 1;
}

static int va_err(const va_rd_t *r, FILE *err, const char *what)
{
	fprintf(err, "vcd_activity: %s:%lu: %s\n", r->file, r->line, what);
	return 2;
}

/* Parses "[msb:lsb]" or "[i]" (indices 0..VA_MAX_INDEX); returns 0 on success. */
static int va_range(const char *s, long *msb, long *lsb)
{
	char *e;
	long m, l;
	if (*s != '[')
		return -1;
	m = strtol(s + 1, &e, 10);
	if (e == s + 1)
		return -1;
	if (*e == ':') {
		const char *b = e + 1;
		l = strtol(b, &e, 10);
		if (e == b)
			return -1;
	} else {
		l = m;
	}
	if (m < 0 || l < 0 || m > VA_MAX_INDEX || l > VA_MAX_INDEX || *e != ']' || e[1])
		return -1;
	*msb = m; /* only on success: a failed parse leaves the caller's values */
	*lsb = l;
	return 0;
}

/* A declared name of a variable inside the wanted scope: its id (new, or an alias of one declared
 * before) gets the name; is_clock marks the clock. NULL, or what is wrong. */
static const char *va_record(va_t *v, const char *code, unsigned width, long msb, long lsb, const char *path,
			     int is_clock)
{
	va_id_t *d = va_find(v, code);
	va_name_t *nn;
	if (!d)
		d = va_add(v, code, width);
	if (!d)
		return "out of memory";
	if (d->width != width)
		return "$var: one identifier code declared with two widths";
	nn = realloc(d->names, (d->nnames + 1) * sizeof *nn);
	if (!nn)
		return "out of memory";
	d->names = nn;
	nn[d->nnames].path = strdup(path);
	nn[d->nnames].width = width;
	nn[d->nnames].msb = msb;
	nn[d->nnames].lsb = lsb;
	nn[d->nnames].first = 0;
	if (!nn[d->nnames].path)
		return "out of memory";
	d->nnames++;
	if (is_clock) {
		d->is_clock = 1;
		v->have_clock = 1;
	}
	return NULL;
}

/* The value changes after $enddefinitions, into v: 0, or 2 after a message on err. */
static int va_changes(va_t *v, va_rd_t *r, FILE *err)
{
	char tok[1024];
	while (va_token(r, tok, sizeof tok)) {
		char c = tok[0];
		int counting = v->edges >= v->skip;
		if (r->bad_byte)
			return va_err(r, err, "a byte outside printable ASCII in a value change");
		if (c == '#') {
			char *e;
			(void)strtoull(tok + 1, &e, 10);
			if (e == tok + 1 || *e)
				return va_err(r, err, "a time must be #DIGITS");
			va_block_end(v);
		} else if (c == '0' || c == '1' || c == 'x' || c == 'X' || c == 'z' || c == 'Z') {
			va_id_t *d = va_find(v, tok + 1);
			if (!tok[1])
				return va_err(r, err, "a scalar change needs an identifier code after the value");
			if (d)
				va_change(v, d, tok, 1, counting);
		} else if (c == 'b' || c == 'B') {
			char code[256];
			size_t n = strlen(tok + 1);
			va_id_t *d;
			if (!va_token(r, code, sizeof code))
				return va_err(r, err, "a vector change needs an identifier code");
			if (strspn(tok + 1, "01xXzZ") != n || !n)
				return va_err(r, err, "a vector value must be b followed by 0, 1, x or z");
			d = va_find(v, code);
			if (d && n > d->width)
				return va_err(r, err, "a vector value is wider than its variable");
			if (d)
				va_change(v, d, tok + 1, n, counting);
		} else if (c == 'r' || c == 'R' || c == 's' || c == 'S') {
			if (!va_token(r, tok, sizeof tok)) { /* real or string: its code, ignored */
				return va_err(r, err, "a real or string change needs an identifier code");
			}
		} else if (!strcmp(tok, "$dumpvars") || !strcmp(tok, "$dumpon") || !strcmp(tok, "$dumpoff") ||
			   !strcmp(tok, "$dumpall") || !strcmp(tok, "$end")) {
			/* section markers around initial values */
		} else if (!strcmp(tok, "$comment")) {
			int found = 0;
			while (!found && va_token(r, tok, sizeof tok))
				found = !strcmp(tok, "$end");
			if (!found)
				return va_err(r, err, "$comment without $end");
		} else {
			return va_err(r, err, "not a value change, a time or a $dump keyword");
		}
	}
	if (r->bad_byte)
		return va_err(r, err, "a byte outside printable ASCII in a value change");
	if (ferror(r->in))
		return va_err(r, err, "read error");
	return 0;
}

/* The report: "# cycles N", then a line per bit of every variable (not the clock). */
static void va_print(const va_t *v, FILE *out)
{
	unsigned i, j;
	fprintf(out, "# cycles %llu\n", (unsigned long long)(v->edges - v->skip));
	for (i = 0; i < v->nids; i++) {
		const va_id_t *d = &v->ids[i];
		if (d->is_clock)
			continue;
		for (j = 0; j < d->nnames; j++) {
			const va_name_t *nm = &d->names[j];
			unsigned b;
			if (nm->msb < 0) {
				fprintf(out, "%s %llu %llu\n", nm->path, (unsigned long long)d->toggles[0],
					(unsigned long long)va_high(v, d, 0));
				continue;
			}
			for (b = 0; b < d->width; b++) {
				long idx = nm->msb >= nm->lsb ? nm->lsb + (long)b : nm->lsb - (long)b;
				fprintf(out, "%s[%ld] %llu %llu\n", nm->path, idx, (unsigned long long)d->toggles[b],
					(unsigned long long)va_high(v, d, b));
			}
		}
	}
}

int vcd_activity_run(FILE *in, const char *file, const char *scope, const char *clock, unsigned long skip,
		     FILE *out, FILE *err)
{
	va_t v;
	va_rd_t r = {in, file, 1, 0, 0};
	char tok[1024], scopes[VA_MAX_SCOPE][256], want[VA_MAX_SCOPE][256];
	unsigned depth = 0, nwant = 0, i, j;
	int rc = 0, in_defs = 1;
	unsigned long line_at;
	char *sc = NULL, *p;
	memset(&v, 0, sizeof v);
	v.skip = skip;

	/* the wanted scope, split at '.' (an escaped name holding '.' is matched whole as well) */
	if (strlen(scope) >= sizeof tok)
		return va_err(&r, err, "--scope is too long");
	sc = strdup(scope);
	if (!sc)
		return va_err(&r, err, "out of memory");
	for (p = strtok(sc, "."); p; p = strtok(NULL, ".")) {
		if (nwant == VA_MAX_SCOPE || strlen(p) >= sizeof want[0]) {
			free(sc);
			return va_err(&r, err, "--scope has too many or too long parts");
		}
		strcpy(want[nwant++], p);
	}
	free(sc);
	if (!nwant)
		return va_err(&r, err, "--scope is empty");

	/* declarations */
	while (in_defs) {
		if (r.bad_byte) {
			rc = va_err(&r, err, "a byte outside printable ASCII in a keyword, name or code");
			goto out;
		}
		if (!va_token(&r, tok, sizeof tok)) {
			rc = va_err(&r, err, "end of file before $enddefinitions");
			goto out;
		}
		if (!strcmp(tok, "$scope")) {
			char kind[64], name[256];
			if (!va_token(&r, kind, sizeof kind) || !va_token(&r, name, sizeof name) ||
			    !va_token(&r, tok, sizeof tok) || strcmp(tok, "$end")) {
				rc = va_err(&r, err, "$scope: expected '$scope KIND NAME $end'");
				goto out;
			}
			if (depth == VA_MAX_SCOPE) {
				rc = va_err(&r, err, "$scope: nested deeper than 64");
				goto out;
			}
			strcpy(scopes[depth++], name);
		} else if (!strcmp(tok, "$upscope")) {
			if (!va_token(&r, tok, sizeof tok) || strcmp(tok, "$end") || !depth) {
				rc = va_err(&r, err, "$upscope: no open scope, or no $end");
				goto out;
			}
			depth--;
		} else if (!strcmp(tok, "$var")) {
			char type[64], width_s[32], code[256], name[256], rng[64], end[16];
			long msb = -1, lsb = -1, width;
			int inside = depth >= nwant;
			char *e;
			line_at = r.line;
			if (!va_token(&r, type, sizeof type) || !va_token(&r, width_s, sizeof width_s) ||
			    !va_token(&r, code, sizeof code) || !va_token(&r, name, sizeof name) ||
			    !va_token(&r, rng, sizeof rng)) {
				rc = va_err(&r, err, "$var: expected '$var TYPE WIDTH CODE NAME [RANGE] $end'");
				goto out;
			}
			width = strtol(width_s, &e, 10);
			if (e == width_s || *e || width < 1 || width > VA_MAX_WIDTH) {
				r.line = line_at;
				fprintf(err, "vcd_activity: %s:%lu: $var %s: width '%s' (legal: 1..%d)\n", file, r.line,
					name, width_s, VA_MAX_WIDTH);
				rc = 2;
				goto out;
			}
			if (strcmp(rng, "$end")) {
				/* "name [3:0]" or "name[3:0]" */
				if (va_range(rng, &msb, &lsb) || !va_token(&r, end, sizeof end) || strcmp(end, "$end")) {
					rc = va_err(&r, err, "$var: a range must look like [MSB:LSB] or [I] (indices 0..1000000), then $end");
					goto out;
				}
			} else if ((p = strchr(name, '[')) && p != name && !va_range(p, &msb, &lsb)) {
				*p = 0;
			}
			if (msb >= 0 && (msb - lsb + 1 != width && lsb - msb + 1 != width)) {
				r.line = line_at;
				fprintf(err, "vcd_activity: %s:%lu: $var %s: range [%ld:%ld] does not hold %ld bits\n", file,
					r.line, name, msb, lsb, width);
				rc = 2;
				goto out;
			}
			for (i = 0; inside && i < nwant; i++)
				inside = !strcmp(scopes[i], want[i]);
			if (inside) {
				char path[4096];
				size_t len = 0;
				const char *bad;
				for (j = nwant; j < depth; j++)
					len += (size_t)snprintf(path + len, sizeof path - len, "%s/", scopes[j]);
				snprintf(path + len, sizeof path - len, "%s", name);
				bad = va_record(&v, code, (unsigned)width, msb, lsb, path,
						depth == nwant && width == 1 && !strcmp(name, clock));
				if (bad) {
					rc = va_err(&r, err, bad);
					goto out;
				}
			}
		} else if (!strcmp(tok, "$enddefinitions")) {
			if (!va_token(&r, tok, sizeof tok) || strcmp(tok, "$end")) {
				rc = va_err(&r, err, "$enddefinitions: no $end");
				goto out;
			}
			in_defs = 0;
		} else if (tok[0] == '$') {
			/* $date, $version, $timescale, $comment: skip to $end */
			int found = 0;
			while (!found && va_token(&r, tok, sizeof tok))
				found = !strcmp(tok, "$end");
			if (!found) {
				rc = va_err(&r, err, "a $ section without $end");
				goto out;
			}
		} else {
			rc = va_err(&r, err, "expected a $ keyword in the declarations");
			goto out;
		}
	}
	if (!v.have_clock) {
		fprintf(err, "vcd_activity: %s: no 1-bit variable '%s' directly in scope '%s'\n", file, clock, scope);
		rc = 2;
		goto out;
	}
	if (depth) {
		rc = va_err(&r, err, "$enddefinitions inside an open $scope");
		goto out;
	}

	/* value changes */
	rc = va_changes(&v, &r, err);
	if (rc)
		goto out;
	va_block_end(&v);
	if (v.oom) {
		rc = va_err(&r, err, "out of memory");
		goto out;
	}
	if (v.edges <= skip) {
		fprintf(err, "vcd_activity: %s: %llu rising edges of %s, not more than --skip %lu\n", file,
			(unsigned long long)v.edges, clock, skip);
		rc = 2;
		goto out;
	}

	va_print(&v, out);
out:
	va_free(&v);
	return rc;
}

#ifndef VCD_ACTIVITY_NO_MAIN
static int usage(void)
{
	fprintf(stderr, "usage: vcd_activity [--scope A.B] [--clock NAME] [--skip N] FILE.vcd\n");
	return 2;
}

int main(int argc, char **argv)
{
	const char *scope = "TOP.rf_top", *clock = "clk_i", *file = NULL;
	unsigned long skip = 2;
	int i, rc;
	FILE *in;
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--scope") && i + 1 < argc) {
			scope = argv[++i];
		} else if (!strcmp(argv[i], "--clock") && i + 1 < argc) {
			clock = argv[++i];
		} else if (!strcmp(argv[i], "--skip") && i + 1 < argc) {
			char *e;
			skip = strtoul(argv[++i], &e, 10);
			if (!*argv[i] || *e) {
				fprintf(stderr, "vcd_activity: --skip '%s': not a count (legal: 0 and up)\n", argv[i]);
				return 2;
			}
		} else if (argv[i][0] == '-' || file) {
			return usage();
		} else {
			file = argv[i];
		}
	}
	if (!file)
		return usage();
	in = fopen(file, "r");
	if (!in) {
		fprintf(stderr, "vcd_activity: %s: cannot open\n", file);
		return 2;
	}
	rc = vcd_activity_run(in, file, scope, clock, skip, stdout, stderr);
	fclose(in);
	return rc;
}
#endif
