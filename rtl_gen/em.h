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
	char scratch[EM_SCRATCH][160];   /* rotating scratch strings for em_fmt / em_rng */
	unsigned next;                   /* next scratch string */
	char *cells[EM_ROWS][EM_COLS];   /* pending aligned-table rows */
	unsigned rows;                   /* rows pending */
	int err;                         /* set when anything failed */
} em_t;

/* Start emitting into memory. Returns 0 on success. */
int em_init(em_t *e);
/* Release the emitter (after em_take or on error). */
void em_free(em_t *e);

/* An empty line. */
void em_blank(em_t *e);
/* One line at the current indentation (printf format). */
void em_line(em_t *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A line, then one level deeper. */
void em_open(em_t *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* One level shallower, then a line. */
void em_close(em_t *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Raw text, no indentation or newline added. */
void em_raw(em_t *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Add a row to the aligned table (n cells; NULL ends early). */
void em_row(em_t *e, unsigned n, ...);
/* Print the pending table rows with every column padded to its widest cell. */
void em_table(em_t *e);

/* A scratch string (printf format), valid for the next EM_SCRATCH - 1 calls. */
const char *em_fmt(em_t *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Packed range of a w-bit signal: "" for 1 bit, else "[w-1:0]". */
const char *em_rng(em_t *e, unsigned w);
/* Sized decimal literal: "8'd5". */
const char *em_lit(em_t *e, unsigned w, unsigned long long v);

#endif /* RG_EM_H */
