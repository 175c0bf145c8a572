/* em.h - the Verilog emitter API: indentation, banners, aligned tables, scratch strings.
 *
 * Emitters never count spaces: em_open/em_close own the indentation and em_table aligns columns.
 * Output goes to a memory buffer; rg_write_file() moves it into place atomically.
 */
#ifndef RG_EM_H
#define RG_EM_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#define EM_SCRATCH 16   /* scratch strings alive at once */
#define EM_COLS 6       /* columns of an aligned table */
#define EM_ROWS 4096    /* rows of an aligned table */

/* An emitter: an output stream plus indentation and an aligned-table buffer. */
typedef struct em {
	FILE *f;                         /* output (a memory stream) */
	char *buf;                       /* its buffer */
	size_t len;                      /* its length */
	unsigned ind;                    /* indentation level (2 spaces each) */
	unsigned wrap;                   /* 0, or the column a line is wrapped at (Verilog output) */
	char scratch[EM_SCRATCH][160];   /* rotating scratch strings for em_fmt / em_rng */
	unsigned next;                   /* next scratch string */
	char *cells[EM_ROWS][EM_COLS];   /* pending aligned-table rows */
	unsigned rows;                   /* rows pending */
	struct em_str *part;             /* the line em_part is building, or NULL */
	struct em_kept *kept;            /* strings em_keep copied, freed by em_free */
	int err;                         /* set when anything failed */
} em_t;

/* Start emitting into memory. Returns 0 on success. */
int em_init(em_t *e);
/* Release the emitter (after em_take or on error). */
void em_free(em_t *e);

/* An empty line. */
void em_blank(em_t *e);
/* One line at the current indentation (printf format). With e->wrap set, a longer line is broken
 * at a space outside strings, preferring the shallowest parenthesis depth, and continued two levels
 * deeper; a trailing comment that does not fit moves to its own line above the code. */
void em_line(em_t *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A line, then one level deeper. */
void em_open(em_t *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* One level shallower, then a line. */
void em_close(em_t *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* One level shallower for this line only ("end else begin"). */
void em_reopen(em_t *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Text appended to the line being built; a newline in it ends the line, which is then written at
 * the current indentation (and wrapped) like em_line's. */
void em_part(em_t *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Add a row to the aligned table (n cells; NULL ends early). */
void em_row(em_t *e, unsigned n, ...);
/* Print the pending table rows with every column padded to its widest cell. */
void em_table(em_t *e);

/* A section banner: an empty line, then "// ---- title ----". */
void em_section(em_t *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A growing string (an expression joined from terms), heap-allocated. */
typedef struct em_str {
	char *s;    /* the text, "" when empty (after the first em_add) */
	size_t n;   /* its length */
	size_t cap; /* bytes allocated */
	int err;    /* an allocation failed */
} em_str_t;

/* Append sep (when the string is not empty and sep is not NULL), then the formatted term. */
void em_add(em_str_t *x, const char *sep, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The text ("" when nothing was added). */
const char *em_str(const em_str_t *x);
/* Empty the string (keeps its buffer). */
void em_clear(em_str_t *x);
/* Release the buffer. */
void em_str_free(em_str_t *x);

/* A scratch string (printf format), valid for the next EM_SCRATCH - 1 calls. */
const char *em_fmt(em_t *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Packed range of a w-bit signal: "" for 1 bit, else "[w-1:0]". */
const char *em_rng(em_t *e, unsigned w);
/* Sized decimal literal: "8'd5". */
const char *em_lit(em_t *e, unsigned w, unsigned long long v);
/* A copy of s that lives until em_free (a scratch string kept past EM_SCRATCH - 1 calls); "" with
 * e->err set when the copy cannot be made. */
const char *em_keep(em_t *e, const char *s);

#endif /* RG_EM_H */
