/* em.c - the Verilog emitter API. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "em.h"

static void put_comment_rest(em_t *e, const char *rest, unsigned extra);

/* A string em_keep copied: a list, newest first. */
struct em_kept {
	struct em_kept *next;
	char s[];
};

int em_init(em_t *e)
{
	memset(e, 0, sizeof(*e));
	e->f = open_memstream(&e->buf, &e->len);
	return e->f ? 0 : -1;
}

void em_free(em_t *e)
{
	unsigned r, c;
	if (e->f)
		fclose(e->f);
	e->f = NULL;
	free(e->buf);
	e->buf = NULL;
	if (e->part)
		em_str_free(e->part);
	free(e->part);
	e->part = NULL;
	for (r = 0; r < e->rows; r++)
		for (c = 0; c < EM_COLS; c++)
			free(e->cells[r][c]);
	e->rows = 0;
	while (e->kept) {
		struct em_kept *k = e->kept;
		e->kept = k->next;
		free(k);
	}
}

static void indent(em_t *e, unsigned spaces)
{
	unsigned i;
	for (i = 0; i < spaces; i++)
		fputc(' ', e->f);
}

/* Where the // comment of a line starts (outside strings), or len. */
static size_t comment_at(const char *t, size_t len)
{
	size_t i;
	int str = 0;
	for (i = 0; i + 1 < len; i++) {
		if (t[i] == '"' && (i == 0 || t[i - 1] != '\\'))
			str = !str;
		else if (!str && t[i] == '/' && t[i + 1] == '/')
			return i;
	}
	return len;
}

/* The break of a code line of len characters that must fit in room: the space (outside strings)
 * of the shallowest bracket depth in the right half of room (else anywhere), rightmost; a space
 * before an operator or after a comma is preferred at equal depth. 0 when there is none. */
static size_t code_break(const char *t, size_t len, size_t room)
{
	size_t i, best = 0, half = room / 2;
	int str = 0, depth = 0, bd = 1 << 30, bg = 0, pass;
	for (pass = 0; pass < 2 && !best; pass++) {
		str = depth = 0;
		bd = 1 << 30;
		bg = 0;
		for (i = 0; i < len && i <= room; i++) {
			char ch = t[i];
			if (ch == '"' && (i == 0 || t[i - 1] != '\\'))
				str = !str;
			if (str)
				continue;
			if (ch == '(' || ch == '{' || ch == '[')
				depth++;
			else if (ch == ')' || ch == '}' || ch == ']')
				depth--;
			else if (ch == ' ' && i > 0 && (pass || i >= half)) {
				int good = t[i - 1] == ',' || (i + 1 < len && strchr("|&+?:^", t[i + 1]));
				if (depth < bd || (depth == bd && (good >= bg))) {
					best = i;
					bd = depth;
					bg = good;
				}
			}
		}
	}
	return best;
}

/* One line of text at the current indentation plus extra spaces, wrapped at e->wrap. */
static void put_text(em_t *e, const char *t, unsigned extra)
{
	size_t len = strlen(t), col = 2 * e->ind + extra, room, c, b;
	while (len && t[len - 1] == ' ')
		len--;
	room = e->wrap > col + 20 ? e->wrap - col : 20;
	if (!e->wrap || len <= room) {
		if (len)
			indent(e, (unsigned)col);
		fwrite(t, 1, len, e->f);
		fputc('\n', e->f);
		return;
	}
	c = comment_at(t, len);
	if (c == 0) { /* a comment line: continue as a comment */
		for (b = room; b > 3 && t[b] != ' '; b--)
			;
		if (b <= 3) {
			fwrite(t, 1, len, e->f);
			fputc('\n', e->f);
			return;
		}
		indent(e, (unsigned)col);
		fwrite(t, 1, b, e->f);
		fputc('\n', e->f);
		put_comment_rest(e, t + b + 1, extra);
		return;
	}
	if (c < len) { /* code with a trailing comment: the comment first, on its own line */
		char *code = strndup(t, c);
		if (!code) {
			e->err = 1;
			return;
		}
		put_text(e, t + c, extra);
		put_text(e, code, extra);
		free(code);
		return;
	}
	b = code_break(t, len, room);
	if (!b) {
		indent(e, (unsigned)col);
		fwrite(t, 1, len, e->f);
		fputc('\n', e->f);
		return;
	}
	{
		size_t end = b;
		while (end && t[end - 1] == ' ')
			end--;
		indent(e, (unsigned)col);
		fwrite(t, 1, end, e->f);
		fputc('\n', e->f);
	}
	while (t[b] == ' ')
		b++;
	put_text(e, t + b, extra ? extra : 4);
}

/* The rest of a wrapped comment line, prefixed with "// ". */
static void put_comment_rest(em_t *e, const char *rest, unsigned extra)
{
	char *s;
	if (asprintf(&s, "// %s", rest) < 0) {
		e->err = 1;
		return;
	}
	put_text(e, s, extra);
	free(s);
}

static void put(em_t *e, const char *fmt, va_list ap)
{
	char *s;
	if (vasprintf(&s, fmt, ap) < 0) {
		e->err = 1;
		return;
	}
	put_text(e, s, 0);
	free(s);
}

void em_blank(em_t *e) { fputc('\n', e->f); }

void em_line(em_t *e, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	put(e, fmt, ap);
	va_end(ap);
}

void em_open(em_t *e, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	put(e, fmt, ap);
	va_end(ap);
	e->ind++;
}

void em_close(em_t *e, const char *fmt, ...)
{
	va_list ap;
	if (e->ind)
		e->ind--;
	va_start(ap, fmt);
	put(e, fmt, ap);
	va_end(ap);
}

void em_reopen(em_t *e, const char *fmt, ...)
{
	va_list ap;
	if (e->ind)
		e->ind--;
	va_start(ap, fmt);
	put(e, fmt, ap);
	va_end(ap);
	e->ind++;
}

void em_part(em_t *e, const char *fmt, ...)
{
	va_list ap;
	char *t, *p, *nl;
	va_start(ap, fmt);
	if (vasprintf(&t, fmt, ap) < 0) {
		e->err = 1;
		va_end(ap);
		return;
	}
	va_end(ap);
	if (!e->part && !(e->part = calloc(1, sizeof(*e->part)))) {
		e->err = 1;
		free(t);
		return;
	}
	for (p = t; (nl = strchr(p, '\n')); p = nl + 1) {
		*nl = 0;
		em_add(e->part, NULL, "%s", p);
		put_text(e, em_str(e->part), 0);
		em_clear(e->part);
	}
	em_add(e->part, NULL, "%s", p);
	if (e->part->err)
		e->err = 1;
	free(t);
}

void em_row(em_t *e, unsigned n, ...)
{
	va_list ap;
	unsigned c;
	if (e->rows == EM_ROWS) {
		e->err = 1;
		return;
	}
	va_start(ap, n);
	for (c = 0; c < EM_COLS; c++) {
		const char *s = c < n ? va_arg(ap, const char *) : NULL;
		e->cells[e->rows][c] = s ? strdup(s) : NULL;
		if (s && !e->cells[e->rows][c])
			e->err = 1;
		if (!s)
			n = c;
	}
	va_end(ap);
	e->rows++;
}

void em_table(em_t *e)
{
	size_t wid[EM_COLS] = {0};
	unsigned r, c;
	for (r = 0; r < e->rows; r++)
		for (c = 0; c < EM_COLS; c++)
			if (e->cells[r][c] && strlen(e->cells[r][c]) > wid[c])
				wid[c] = strlen(e->cells[r][c]);
	for (r = 0; r < e->rows; r++) {
		unsigned last = 0;
		em_str_t row = {0};
		for (c = 0; c < EM_COLS; c++)
			if (e->cells[r][c] && *e->cells[r][c])
				last = c;
		for (c = 0; c <= last; c++) {
			const char *s = e->cells[r][c] ? e->cells[r][c] : "";
			if (c < last)
				em_add(&row, NULL, "%-*s ", (int)wid[c], s);
			else
				em_add(&row, NULL, "%s", s);
		}
		if (row.err)
			e->err = 1;
		put_text(e, em_str(&row), 0);
		em_str_free(&row);
		for (c = 0; c < EM_COLS; c++) {
			free(e->cells[r][c]);
			e->cells[r][c] = NULL;
		}
	}
	e->rows = 0;
}

void em_section(em_t *e, const char *fmt, ...)
{
	va_list ap;
	char *s;
	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0) {
		e->err = 1;
		va_end(ap);
		return;
	}
	va_end(ap);
	em_blank(e);
	em_line(e, "// ---- %s ----", s);
	free(s);
}

void em_add(em_str_t *x, const char *sep, const char *fmt, ...)
{
	va_list ap;
	char *t;
	int n;
	size_t need;
	va_start(ap, fmt);
	n = vasprintf(&t, fmt, ap);
	va_end(ap);
	if (n < 0) {
		x->err = 1;
		return;
	}
	need = x->n + (x->n && sep ? strlen(sep) : 0) + (size_t)n + 1;
	if (need > x->cap) {
		size_t cap = x->cap ? x->cap : 256;
		char *s;
		while (cap < need)
			cap *= 2;
		s = realloc(x->s, cap);
		if (!s) {
			x->err = 1;
			free(t);
			return;
		}
		x->s = s;
		x->cap = cap;
	}
	if (x->n && sep) {
		memcpy(x->s + x->n, sep, strlen(sep));
		x->n += strlen(sep);
	}
	memcpy(x->s + x->n, t, (size_t)n + 1);
	x->n += (size_t)n;
	free(t);
}

const char *em_str(const em_str_t *x) { return x->s ? x->s : ""; }

void em_clear(em_str_t *x)
{
	x->n = 0;
	if (x->s)
		x->s[0] = 0;
}

void em_str_free(em_str_t *x)
{
	free(x->s);
	memset(x, 0, sizeof(*x));
}

const char *em_fmt(em_t *e, const char *fmt, ...)
{
	va_list ap;
	char *s = e->scratch[e->next++ % EM_SCRATCH];
	va_start(ap, fmt);
	vsnprintf(s, sizeof(e->scratch[0]), fmt, ap);
	va_end(ap);
	return s;
}

const char *em_rng(em_t *e, unsigned w)
{
	return w <= 1 ? "" : em_fmt(e, "[%u:0]", w - 1);
}

const char *em_lit(em_t *e, unsigned w, unsigned long long v)
{
	return em_fmt(e, "%u'd%llu", w, v);
}

const char *em_keep(em_t *e, const char *s)
{
	size_t n = strlen(s) + 1;
	struct em_kept *k = malloc(sizeof(*k) + n);
	if (!k) {
		e->err = 1;
		return "";
	}
	memcpy(k->s, s, n);
	k->next = e->kept;
	e->kept = k;
	return k->s;
}
