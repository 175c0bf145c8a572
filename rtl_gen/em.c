/* em.c - the Verilog emitter API. */
#include <stdlib.h>
#include <string.h>

#include "em.h"

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
	for (r = 0; r < e->rows; r++)
		for (c = 0; c < EM_COLS; c++)
			free(e->cells[r][c]);
	e->rows = 0;
}

static void put(em_t *e, const char *fmt, va_list ap)
{
	unsigned i;
	if (*fmt) /* no trailing spaces on empty lines */
		for (i = 0; i < e->ind; i++)
			fputs("  ", e->f);
	if (vfprintf(e->f, fmt, ap) < 0)
		e->err = 1;
	fputc('\n', e->f);
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

void em_raw(em_t *e, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (vfprintf(e->f, fmt, ap) < 0)
		e->err = 1;
	va_end(ap);
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
	unsigned r, c, i;
	for (r = 0; r < e->rows; r++)
		for (c = 0; c < EM_COLS; c++)
			if (e->cells[r][c] && strlen(e->cells[r][c]) > wid[c])
				wid[c] = strlen(e->cells[r][c]);
	for (r = 0; r < e->rows; r++) {
		unsigned last = 0;
		for (c = 0; c < EM_COLS; c++)
			if (e->cells[r][c] && *e->cells[r][c])
				last = c;
		for (i = 0; i < e->ind; i++)
			fputs("  ", e->f);
		for (c = 0; c <= last; c++) {
			const char *s = e->cells[r][c] ? e->cells[r][c] : "";
			if (c < last)
				fprintf(e->f, "%-*s ", (int)wid[c], s);
			else
				fputs(s, e->f);
		}
		fputc('\n', e->f);
		for (c = 0; c < EM_COLS; c++) {
			free(e->cells[r][c]);
			e->cells[r][c] = NULL;
		}
	}
	e->rows = 0;
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
