/* launch.c - reader and validator of kernel launch files (the contract is launch.h; the format is
 * docs/kernels.md, "Launch files").
 *
 * Parsing uses inih r55 as Debian builds it (inline ';' comments after whitespace, ':' or '='
 * between key and value, 200-byte line buffer, keep going after an error). inih reads through
 * reader() below, which hands it one cleaned line at a time and classifies it, so that every
 * line inih rejects is reported here with its own message:
 *   - leading whitespace is dropped (no continuation lines), trailing whitespace too, CRLF is
 *     accepted, one UTF-8 byte order mark at the start of line 1 is skipped;
 *   - a line longer than 199 bytes, or with a NUL or a control byte other than tab, is reported
 *     and handed over empty (never truncated into a value);
 *   - section headers are checked here ([kernel], [buffer NAME], [scalar NAME]); the keys under
 *     a rejected header are skipped (its message covers them).
 * Keys are collected per section with their lines first and validated at the end, so a key's
 * type-dependent checks do not depend on the order of keys inside a section. Messages are sorted
 * by line (stable), messages about the whole file last, and printed only then. On any error the
 * caller's description is left empty.
 */
#define _POSIX_C_SOURCE 200809L

#include "launch.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <ini.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Longest line inih can hold (its buffer is 200 bytes with the NUL). */
#define LINE_BYTES 199
/* A line with every byte escaped as \xNN, and its NUL. */
#define ESC_MAX (LINE_BYTES * 4 + 1)
/* Keys of the section kind with the most keys. */
#define KEYS_MAX 4

/* Section kinds. */
enum { SEC_KERNEL, SEC_BUFFER, SEC_SCALAR, SEC_KINDS };

/* The keys of each section kind, in validation order. */
static const char *const sec_keys[SEC_KINDS][KEYS_MAX + 1] = {
	{"name", "grid", "block", "shared_bytes", NULL},
	{"type", "count", "init", "dir", NULL},
	{"type", "value", NULL},
};
/* Key indices. */
enum { K_NAME, K_GRID, K_BLOCK, K_SHARED };
enum { K_TYPE, K_COUNT, K_INIT, K_DIR };
enum { K_VALUE = 1 };

static const char *const type_names[KL_TYPE_COUNT + 1] = {"u32", "s32", "u64", "s64", "f32", "f64", NULL};
static const char *const dir_names[] = {"in", "out", "inout", NULL};

#define LEGAL_SECTIONS "[kernel], [buffer NAME], [scalar NAME]"
#define LEGAL_IDENT "a C identifier of at most 63 characters"
#define LEGAL_TYPES "u32|s32|u64|s64|f32|f64"
#define LEGAL_INIT "zero|iota|seed:<n>|seed:<n>:<bound>|const:<value>"
#define LEGAL_GRID "1 to 3 comma-separated integers: x 1..2147483647, y and z 1..65535"
#define LEGAL_BLOCK "1 to 3 comma-separated integers: x and y 1..1024, z 1..64, x * y * z <= 1024"

/* One section as read: its header and the raw value and line of each key. */
typedef struct {
	int kind;                              /* SEC_* */
	char name[KL_NAME_MAX + 1];            /* parameter name (SEC_BUFFER, SEC_SCALAR) */
	unsigned line;                         /* line of the header */
	int damaged;                           /* a line in it was rejected: keys may be unread */
	unsigned key_line[KEYS_MAX];           /* line of each key, 0 when absent */
	char val[KEYS_MAX][LINE_BYTES + 1];    /* value of each key */
} raw_t;

/* One message and the line it sorts by (0: about the whole file, sorts last). */
typedef struct {
	unsigned line;
	char *text;
} msg_t;

/* Parser state. */
typedef struct {
	const char *file;              /* name used in messages */
	FILE *fp;                      /* input file, or NULL for buf */
	const unsigned char *buf;      /* input text when fp is NULL */
	size_t len, pos;               /* its length and read position */
	unsigned line;                 /* current line (1-based) */
	int expect;                    /* the current line must be a key line */
	int handled;                   /* inih called the handler for the current line */
	unsigned first_syntax;         /* first line reported that inih also counts as an error */
	int state;                     /* index into raw, or S_NONE / S_SKIP */
	raw_t *raw;                    /* sections in file order */
	unsigned n_raw;                /* sections in raw */
	int kernel_sec;                /* index of [kernel] in raw, or -1 */
	char text[ESC_MAX];            /* the current line, escaped, for syntax errors */
	msg_t *msgs;                   /* messages so far */
	size_t n_msgs, cap_msgs;
	int nomem;                     /* an allocation failed */
} ctx_t;

/* ctx_t.state outside a section: before the first header, or under a rejected one. */
enum { S_NONE = -2, S_SKIP = -1 };

/* Most sections: [kernel] and one per parameter. */
#define SECS_MAX (KL_PARAMS_MAX + 1)

/* ---- messages ------------------------------------------------------------------------------ */

/* Write s[0..n) into dst with every byte outside printable ASCII as \xNN; returns dst. */
static char *esc_n(char *dst, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	size_t i, o = 0;
	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (ch >= 0x20 && ch < 0x7f) {
			dst[o++] = (char)ch;
		} else {
			dst[o++] = '\\';
			dst[o++] = 'x';
			dst[o++] = hex[ch >> 4];
			dst[o++] = hex[ch & 15];
		}
	}
	dst[o] = '\0';
	return dst;
}

/* esc_n of a NUL-terminated string; an empty one is shown as "". */
static char *esc(char *dst, const char *s)
{
	if (!*s) {
		strcpy(dst, "\"\"");
		return dst;
	}
	return esc_n(dst, s, strlen(s));
}

/* Add a message sorted by line (0: the whole file): "file:line: " or "file: " and the text. */
static void add_msg(ctx_t *c, unsigned line, const char *fmt, ...)
{
	char head[64];
	va_list ap;
	int n, h;
	char *t;
	if (c->nomem)
		return;
	if (c->n_msgs == c->cap_msgs) {
		size_t cap = c->cap_msgs ? c->cap_msgs * 2 : 16;
		msg_t *m = realloc(c->msgs, cap * sizeof(*m));
		if (!m) {
			c->nomem = 1;
			return;
		}
		c->msgs = m;
		c->cap_msgs = cap;
	}
	if (line)
		snprintf(head, sizeof(head), ":%u: ", line);
	else
		strcpy(head, ": ");
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	h = (int)(strlen(c->file) + strlen(head));
	t = n < 0 ? NULL : malloc((size_t)h + (size_t)n + 1);
	if (!t) {
		c->nomem = 1;
		return;
	}
	strcpy(t, c->file);
	strcat(t, head);
	va_start(ap, fmt);
	vsnprintf(t + h, (size_t)n + 1, fmt, ap);
	va_end(ap);
	c->msgs[c->n_msgs].line = line;
	c->msgs[c->n_msgs].text = t;
	c->n_msgs++;
}

/* Sort the messages by line, stably, the whole-file ones (line 0) last. */
static void sort_msgs(ctx_t *c)
{
	size_t i, j;
	for (i = 1; i < c->n_msgs; i++) {
		msg_t m = c->msgs[i];
		unsigned key = m.line ? m.line : ~0u;
		for (j = i; j > 0 && (c->msgs[j - 1].line ? c->msgs[j - 1].line : ~0u) > key; j--)
			c->msgs[j] = c->msgs[j - 1];
		c->msgs[j] = m;
	}
}

/* Report a syntax error on the current line; inih_too says inih counts it as an error too. */
static void syntax_error(ctx_t *c, int inih_too, const char *what)
{
	if (inih_too && !c->first_syntax)
		c->first_syntax = c->line;
	if (c->state >= 0)
		c->raw[c->state].damaged = 1;
	add_msg(c, c->line, "syntax error: %s (got \"%s\")", what, c->text);
}

/* ---- values -------------------------------------------------------------------------------- */

/* Outcome of parsing a number. */
typedef enum { P_OK, P_EMPTY, P_NAN, P_JUNK, P_RANGE, P_NEG } pres_t;

/* What each outcome says (P_JUNK is formatted with the junk). */
static const char *pres_what(pres_t r)
{
	switch (r) {
	case P_EMPTY:
		return "empty value";
	case P_NAN:
		return "not a number";
	case P_RANGE:
		return "out of range";
	case P_NEG:
		return "negative value";
	default:
		return "trailing junk";
	}
}

/* Unsigned integer: decimal (leading zeros stay decimal) or 0x/0X hex, at most max. *end is the
 * first byte not consumed. */
static pres_t parse_uint(const char *s, uint64_t max, uint64_t *v, const char **end)
{
	int base = 10, any = 0, big = 0;
	uint64_t x = 0;
	*end = s;
	if (!*s)
		return P_EMPTY;
	if (*s == '-')
		return P_NEG;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && isxdigit((unsigned char)s[2])) {
		base = 16;
		s += 2;
	}
	for (;; s++) {
		unsigned d;
		if (*s >= '0' && *s <= '9')
			d = (unsigned)(*s - '0');
		else if (base == 16 && isxdigit((unsigned char)*s))
			d = (unsigned)(tolower((unsigned char)*s) - 'a' + 10);
		else
			break;
		any = 1;
		if (x > (UINT64_MAX - d) / base)
			big = 1;
		else
			x = x * base + d;
	}
	*end = s;
	if (!any)
		return P_NAN;
	if (*s)
		return P_JUNK;
	if (big || x > max)
		return P_RANGE;
	*v = x;
	return P_OK;
}

/* Signed integer in [-(max + 1), max]: an optional '-' and parse_uint's forms. */
static pres_t parse_sint(const char *s, uint64_t max, int64_t *v, const char **end)
{
	int neg = *s == '-';
	uint64_t m = 0;
	pres_t r = parse_uint(s + neg, neg ? max + 1 : max, &m, end);
	if (r == P_NEG || (neg && r == P_EMPTY))
		r = P_NAN;
	if (r != P_OK)
		return r;
	*v = neg ? (int64_t)(0 - m) : (int64_t)m;
	return P_OK;
}

/* Largest magnitude of each integer type. */
static uint64_t int_max(kl_type_t t)
{
	switch (t) {
	case KL_U32:
		return UINT32_MAX;
	case KL_S32:
		return INT32_MAX;
	case KL_U64:
		return UINT64_MAX;
	default:
		return INT64_MAX;
	}
}

/* What a value of type t may be. */
static const char *value_legal(kl_type_t t)
{
	switch (t) {
	case KL_U32:
		return "an integer 0..4294967295, decimal or 0x hex";
	case KL_S32:
		return "an integer -2147483648..2147483647, decimal or 0x hex";
	case KL_U64:
		return "an integer 0..18446744073709551615, decimal or 0x hex";
	case KL_S64:
		return "an integer -9223372036854775808..9223372036854775807, decimal or 0x hex";
	case KL_F32:
		return "a finite f32, decimal or C hex float, rounded to nearest";
	default:
		return "a finite f64, decimal or C hex float, rounded to nearest";
	}
}

/* Parse s as a value of type t into *bits. Returns NULL, or what is wrong (in buf when formatted). */
static const char *parse_value(kl_type_t t, const char *s, uint64_t *bits, char *buf, size_t size)
{
	char junk[ESC_MAX];
	const char *end = s;
	pres_t r;
	if (t == KL_F32 || t == KL_F64) {
		char *e;
		double d;
		if (!*s)
			return pres_what(P_EMPTY);
		if (isspace((unsigned char)*s))
			return pres_what(P_NAN);
		errno = 0;
		if (t == KL_F32) {
			float f = strtof(s, &e);
			uint32_t u;
			d = f;
			memcpy(&u, &f, 4);
			*bits = u;
		} else {
			d = strtod(s, &e);
			memcpy(bits, &d, 8);
		}
		if (e == s)
			return pres_what(P_NAN);
		if (*e) {
			snprintf(buf, size, "trailing junk \"%s\" after the number", esc(junk, e));
			return buf;
		}
		if (!isfinite(d)) {
			snprintf(buf, size, "not a finite %s value", type_names[t]);
			return buf;
		}
		return NULL;
	}
	if (t == KL_U32 || t == KL_U64) {
		r = parse_uint(s, int_max(t), bits, &end);
	} else {
		int64_t v = 0;
		r = parse_sint(s, int_max(t), &v, &end);
		*bits = t == KL_S32 ? (uint64_t)(uint32_t)(int32_t)v : (uint64_t)v;
	}
	if (r == P_OK)
		return NULL;
	if (r == P_JUNK) {
		snprintf(buf, size, "trailing junk \"%s\" after the number", esc(junk, end));
		return buf;
	}
	return pres_what(r);
}

/* Index of s in the NULL-terminated list names, or -1. */
static int lookup(const char *const *names, const char *s)
{
	int i;
	for (i = 0; names[i]; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return -1;
}

/* s is a C identifier of at most KL_NAME_MAX characters. */
static int is_ident(const char *s, size_t n)
{
	size_t i;
	if (n == 0 || n > KL_NAME_MAX || isdigit((unsigned char)s[0]))
		return 0;
	for (i = 0; i < n; i++)
		if (!(isalnum((unsigned char)s[i]) || s[i] == '_') || (unsigned char)s[i] >= 0x80)
			return 0;
	return 1;
}

/* ---- reading: inih's reader and handler ----------------------------------------------------- */

/* Close the current line: a key line inih did not hand to the handler had no '=' or ':'. */
static void finish_line(ctx_t *c)
{
	if (c->expect && !c->handled)
		syntax_error(c, 1, "expected 'key = value', '[section]' or '; comment'");
	c->expect = 0;
	c->handled = 0;
}

/* Next input byte, or EOF. */
static int src_getc(ctx_t *c)
{
	if (c->fp)
		return getc(c->fp);
	if (c->pos >= c->len)
		return EOF;
	return c->buf[c->pos++];
}

/* Start a new section (kind, name) at the current line, or reject it. */
static void open_section(ctx_t *c, int kind, const char *name, const char *hdr)
{
	unsigned i;
	raw_t *r;
	if (kind == SEC_KERNEL && c->kernel_sec >= 0) {
		add_msg(c, c->line, "[%s]: duplicate section, first at line %u (legal: one [kernel] section)", hdr,
			c->raw[c->kernel_sec].line);
		return;
	}
	for (i = 0; kind != SEC_KERNEL && i < c->n_raw; i++) {
		if (c->raw[i].kind != SEC_KERNEL && strcmp(c->raw[i].name, name) == 0) {
			add_msg(c, c->line, "[%s]: duplicate parameter name, first at line %u (legal: distinct names)",
				hdr, c->raw[i].line);
			return;
		}
	}
	if (c->n_raw - (c->kernel_sec >= 0) >= KL_PARAMS_MAX && kind != SEC_KERNEL) {
		add_msg(c, c->line, "[%s]: one parameter too many (legal: at most %u parameters)", hdr, KL_PARAMS_MAX);
		return;
	}
	r = &c->raw[c->n_raw];
	memset(r, 0, sizeof(*r));
	r->kind = kind;
	r->line = c->line;
	strcpy(r->name, name);
	if (kind == SEC_KERNEL)
		c->kernel_sec = (int)c->n_raw;
	c->state = (int)c->n_raw++;
}

/* A "[...]" line, seen the way inih reads it: the header ends at ']' (or inih rejects it). */
static void section_line(ctx_t *c, const char *s)
{
	char hdr[ESC_MAX];
	const char *p = s + 1, *rest, *name;
	int was_space = 0, kind;
	size_t n;
	c->state = S_SKIP;
	/* inih's find_chars_or_comment(s + 1, "]"): stop at ']' or at ';' after whitespace */
	while (*p && *p != ']' && !(was_space && *p == ';')) {
		was_space = isspace((unsigned char)*p);
		p++;
	}
	if (*p != ']') {
		syntax_error(c, 1, "'[' without ']'");
		return;
	}
	n = (size_t)(p - (s + 1));
	esc_n(hdr, s + 1, n);
	for (rest = p + 1; *rest == ' ' || *rest == '\t'; rest++)
		;
	if (*rest && *rest != ';' && *rest != '#') {
		syntax_error(c, 0, "text after ']'");
		return;
	}
	if (n == 6 && memcmp(s + 1, "kernel", 6) == 0) {
		open_section(c, SEC_KERNEL, "", hdr);
		return;
	}
	kind = n >= 6 && memcmp(s + 1, "buffer", 6) == 0   ? SEC_BUFFER
	       : n >= 6 && memcmp(s + 1, "scalar", 6) == 0 ? SEC_SCALAR
							   : -1;
	if (kind < 0 || (n > 6 && s[7] != ' ')) {
		add_msg(c, c->line, "[%s]: unknown section (legal: %s)", hdr, LEGAL_SECTIONS);
		return;
	}
	name = s + 8;
	if (n <= 7) {
		add_msg(c, c->line, "[%s]: missing parameter name (legal: [%s NAME], NAME %s)", hdr,
			kind == SEC_BUFFER ? "buffer" : "scalar", LEGAL_IDENT);
		return;
	}
	if (!is_ident(name, n - 7)) {
		add_msg(c, c->line, "[%s]: parameter name is not a C identifier (legal: %s)", hdr, LEGAL_IDENT);
		return;
	}
	{
		char nm[KL_NAME_MAX + 1];
		memcpy(nm, name, n - 7);
		nm[n - 7] = '\0';
		open_section(c, kind, nm, hdr);
	}
}

/*
 * inih reader: one whole input line per call, like fgets but never split. Leading and trailing
 * whitespace and a BOM at the start of line 1 are removed; an over-long line or one with NUL or
 * control bytes is reported and handed over empty. Also classifies the line for finish_line().
 */
static char *reader(char *str, int num, void *stream)
{
	ctx_t *c = stream;
	size_t cap = num > 0 ? (size_t)num - 1 : 0, n = 0, raw = 0;
	int ch, got = 0, cr = 0, nul = 0, ctrl = -1;
	char what[96];
	finish_line(c);
	if (num <= 0)
		return NULL;
	for (;;) {
		ch = src_getc(c);
		if (ch == EOF)
			break;
		got = 1;
		if (ch == '\n')
			break;
		if (cr) {
			/* a CR not followed by LF */
			cr = 0;
			raw++;
			if (ctrl < 0)
				ctrl = '\r';
		}
		if (ch == '\r') {
			cr = 1;
			continue;
		}
		raw++;
		if (ch == 0)
			nul = 1;
		else if ((ch < 0x20 && ch != '\t') || ch == 0x7f)
			ctrl = ctrl < 0 ? ch : ctrl;
		if (n == 0 && (ch == ' ' || ch == '\t'))
			continue;
		if (n < cap)
			str[n++] = (char)ch;
	}
	if (!got)
		return NULL;
	c->line++;
	str[n] = '\0';
	if (c->line == 1 && n >= 3 && memcmp(str, "\xef\xbb\xbf", 3) == 0) {
		size_t skip = 3;
		while (str[skip] == ' ' || str[skip] == '\t')
			skip++;
		n -= skip;
		memmove(str, str + skip, n + 1);
	}
	while (n && (str[n - 1] == ' ' || str[n - 1] == '\t'))
		str[--n] = '\0';
	esc_n(c->text, str, n);
	if (raw > cap || nul || ctrl >= 0) {
		if (str[0] == '[')
			c->state = S_SKIP; /* a header we cannot read: skip its keys */
		if (raw > cap)
			snprintf(what, sizeof(what), "line is %zu bytes long (legal: at most %zu)", raw, cap);
		else if (nul)
			snprintf(what, sizeof(what), "NUL byte in line");
		else
			snprintf(what, sizeof(what), "control byte 0x%02x in line", (unsigned)ctrl);
		syntax_error(c, 0, what);
		str[0] = '\0';
	} else if (str[0] == '[') {
		section_line(c, str);
	} else if (str[0] && str[0] != ';' && str[0] != '#') {
		c->expect = 1;
	}
	return str;
}

/* inih handler: one key of the current line (inih's section is ignored: ours is c->state). */
static int handler(void *user, const char *section, const char *key, const char *value)
{
	ctx_t *c = user;
	char ek[ESC_MAX], ev[ESC_MAX], legal[64];
	const char *const *keys;
	raw_t *r;
	int k, i;
	(void)section;
	c->handled++;
	if (!value)
		value = "";
	if (c->state == S_SKIP)
		return 1;
	if (c->state == S_NONE) {
		add_msg(c, c->line, "%s = %s: key before any section header (legal: %s)", esc(ek, key),
			esc(ev, value), LEGAL_SECTIONS);
		return 1;
	}
	r = &c->raw[c->state];
	keys = sec_keys[r->kind];
	k = lookup(keys, key);
	if (k < 0) {
		legal[0] = '\0';
		for (i = 0; keys[i]; i++) {
			strcat(legal, i ? "|" : "");
			strcat(legal, keys[i]);
		}
		add_msg(c, c->line, "%s.%s = %s: %s (legal: %s)", r->kind == SEC_KERNEL ? "kernel" : r->name,
			esc(ek, key), esc(ev, value), key[0] ? "unknown key" : "missing key name", legal);
		return 1;
	}
	if (r->key_line[k]) {
		add_msg(c, c->line, "%s.%s = %s: duplicate key, first set at line %u (legal: each key once)",
			r->kind == SEC_KERNEL ? "kernel" : r->name, key, esc(ev, value), r->key_line[k]);
		return 1;
	}
	r->key_line[k] = c->line;
	snprintf(r->val[k], sizeof(r->val[k]), "%s", value);
	return 1;
}

/* ---- validation ------------------------------------------------------------------------------ */

/* Report key k of section r: "sec.key = value: what (legal: legal)". */
static void key_msg(ctx_t *c, const raw_t *r, int k, const char *legal, const char *fmt, ...)
{
	char ev[ESC_MAX], what[ESC_MAX + 128];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	add_msg(c, r->key_line[k], "%s.%s = %s: %s (legal: %s)", r->kind == SEC_KERNEL ? "kernel" : r->name,
		sec_keys[r->kind][k], esc(ev, r->val[k]), what, legal);
}

/* Every key of r is present; reports each missing one at the header's line, unless a rejected line
 * in the section (already reported) may have held it. Returns 0 if all are. */
static int check_present(ctx_t *c, const raw_t *r, const char *const *legal)
{
	int k, bad = 0;
	for (k = 0; sec_keys[r->kind][k]; k++) {
		if (r->key_line[k])
			continue;
		bad = 1;
		if (r->damaged)
			continue;
		add_msg(c, r->line, "%s.%s: missing key (legal: %s)", r->kind == SEC_KERNEL ? "kernel" : r->name,
			sec_keys[r->kind][k], legal[k]);
	}
	return bad ? -1 : 0;
}

/* Parse key k of r as x[, y[, z]] into d with the limits max[3]; 0 or -1 (reported). */
static int check_dim3(ctx_t *c, const raw_t *r, int k, const uint32_t max[3], const char *legal, uint32_t d[3])
{
	static const char axis[] = "xyz";
	const char *s = r->val[k];
	char part[LINE_BYTES + 1], je[ESC_MAX];
	unsigned n = 0;
	d[0] = d[1] = d[2] = 1;
	for (;;) {
		const char *comma = strchr(s, ','), *b = s, *e = comma ? comma : s + strlen(s), *end;
		uint64_t v = 0;
		pres_t pr;
		while (b < e && (*b == ' ' || *b == '\t'))
			b++;
		while (e > b && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		if (n == 3) {
			key_msg(c, r, k, legal, "more than 3 components");
			return -1;
		}
		memcpy(part, b, (size_t)(e - b));
		part[e - b] = '\0';
		pr = parse_uint(part, max[n], &v, &end);
		if (pr == P_OK && v == 0)
			pr = P_RANGE;
		if (pr == P_JUNK) {
			key_msg(c, r, k, legal, "%c: trailing junk \"%s\" after the number", axis[n], esc(je, end));
			return -1;
		}
		if (pr != P_OK) {
			key_msg(c, r, k, legal, "%c: %s", axis[n], pr == P_EMPTY ? "empty component" : pres_what(pr));
			return -1;
		}
		d[n++] = (uint32_t)v;
		if (!comma)
			return 0;
		s = comma + 1;
	}
}

/* Validate [kernel] into l. */
static void check_kernel(ctx_t *c, const raw_t *r, kl_launch_t *l)
{
	static const char *const legal[] = {LEGAL_IDENT, LEGAL_GRID, LEGAL_BLOCK, "0..49152"};
	static const uint32_t grid_max[3] = {INT32_MAX, 65535, 65535}, block_max[3] = {1024, 1024, 64};
	const char *end;
	uint64_t v = 0;
	pres_t pr;
	check_present(c, r, legal);
	if (r->key_line[K_NAME]) {
		if (is_ident(r->val[K_NAME], strlen(r->val[K_NAME])))
			strcpy(l->name, r->val[K_NAME]);
		else
			key_msg(c, r, K_NAME, legal[K_NAME], "not a C identifier");
	}
	if (r->key_line[K_GRID])
		check_dim3(c, r, K_GRID, grid_max, legal[K_GRID], l->grid);
	if (r->key_line[K_BLOCK] && check_dim3(c, r, K_BLOCK, block_max, legal[K_BLOCK], l->block) == 0) {
		uint64_t t = (uint64_t)l->block[0] * l->block[1] * l->block[2];
		if (t > KL_THREADS_MAX)
			key_msg(c, r, K_BLOCK, legal[K_BLOCK], "%llu threads in a block", (unsigned long long)t);
	}
	if (r->key_line[K_SHARED]) {
		pr = parse_uint(r->val[K_SHARED], KL_SHARED_MAX, &v, &end);
		if (pr == P_OK)
			l->shared_bytes = (uint32_t)v;
		else
			key_msg(c, r, K_SHARED, legal[K_SHARED], "%s", pres_what(pr));
	}
}

/* Validate the init key of buffer r (type t, or KL_TYPE_COUNT when unknown) into p. */
static void check_init(ctx_t *c, const raw_t *r, kl_type_t t, kl_param_t *p)
{
	const char *s = r->val[K_INIT], *end, *what;
	char buf[ESC_MAX + 64], legal[160];
	pres_t pr;
	if (strcmp(s, "zero") == 0) {
		p->init = KL_ZERO;
	} else if (strcmp(s, "iota") == 0) {
		p->init = KL_IOTA;
	} else if (strncmp(s, "const:", 6) == 0) {
		p->init = KL_CONST;
		if (t == KL_TYPE_COUNT)
			return;
		what = parse_value(t, s + 6, &p->value, buf, sizeof(buf));
		if (what) {
			snprintf(legal, sizeof(legal), "const:<value>, value %s", value_legal(t));
			key_msg(c, r, K_INIT, legal, "value: %s", what);
		}
	} else if (strncmp(s, "seed:", 5) == 0) {
		const char *colon = strchr(s + 5, ':');
		char num[LINE_BYTES + 1];
		size_t n = colon ? (size_t)(colon - (s + 5)) : strlen(s + 5);
		p->init = KL_SEED;
		memcpy(num, s + 5, n);
		num[n] = '\0';
		pr = parse_uint(num, UINT64_MAX, &p->seed, &end);
		if (pr != P_OK) {
			key_msg(c, r, K_INIT, "seed:<n>[:<bound>], n 0..18446744073709551615, decimal or 0x hex",
				"seed: %s", pr == P_JUNK ? "trailing junk after the number" : pres_what(pr));
			return;
		}
		if (!colon || t == KL_TYPE_COUNT)
			return;
		p->bounded = 1;
		if (t == KL_F32 || t == KL_F64) {
			double b;
			what = parse_value(t, colon + 1, &p->bound, buf, sizeof(buf));
			if (t == KL_F32) {
				float f;
				uint32_t u = (uint32_t)p->bound;
				memcpy(&f, &u, 4);
				b = f;
			} else {
				memcpy(&b, &p->bound, 8);
			}
			if (!what && !(b > 0))
				what = "not positive";
			else if (!what && b < (t == KL_F32 ? FLT_MIN : DBL_MIN))
				what = "subnormal: the values could reach the bound";
			snprintf(legal, sizeof(legal),
				 "seed:<n>:<bound>, bound a finite normal %s > 0, decimal or C hex float", type_names[t]);
		} else {
			pr = parse_uint(colon + 1, int_max(t), &p->bound, &end);
			what = pr == P_OK ? NULL : pr == P_JUNK ? "trailing junk after the number" : pres_what(pr);
			snprintf(legal, sizeof(legal), "seed:<n>:<bound>, bound 0..%llu, decimal or 0x hex",
				 (unsigned long long)int_max(t));
		}
		if (what)
			key_msg(c, r, K_INIT, legal, "bound: %s", what);
	} else {
		key_msg(c, r, K_INIT, LEGAL_INIT, "unknown pattern");
	}
}

/* Validate a [buffer] or [scalar] section into p; adds a buffer's bytes to *bytes. */
static void check_param(ctx_t *c, const raw_t *r, kl_param_t *p, uint64_t *bytes)
{
	static const char *const legal_buf[] = {LEGAL_TYPES, "1..16777216", LEGAL_INIT, "in|out|inout"};
	kl_type_t t = KL_TYPE_COUNT;
	char buf[ESC_MAX + 64];
	const char *end, *what;
	uint64_t v = 0;
	pres_t pr;
	int i;
	p->kind = r->kind == SEC_BUFFER ? KL_BUFFER : KL_SCALAR;
	strcpy(p->name, r->name);
	p->line = r->line;
	if (r->key_line[K_TYPE]) {
		i = lookup(type_names, r->val[K_TYPE]);
		if (i < 0)
			key_msg(c, r, K_TYPE, LEGAL_TYPES, "unknown type");
		else
			t = (kl_type_t)i;
	}
	if (r->kind == SEC_BUFFER) {
		check_present(c, r, legal_buf);
	} else {
		const char *legal_scalar[] = {LEGAL_TYPES, t == KL_TYPE_COUNT ? "a value of the type" : value_legal(t)};
		check_present(c, r, legal_scalar);
	}
	p->type = t == KL_TYPE_COUNT ? KL_U32 : t;
	if (r->kind == SEC_SCALAR) {
		if (r->key_line[K_VALUE] && t != KL_TYPE_COUNT) {
			what = parse_value(t, r->val[K_VALUE], &p->value, buf, sizeof(buf));
			if (what)
				key_msg(c, r, K_VALUE, value_legal(t), "%s", what);
		}
		return;
	}
	if (r->key_line[K_COUNT]) {
		pr = parse_uint(r->val[K_COUNT], KL_COUNT_MAX, &v, &end);
		if (pr == P_OK && v == 0)
			pr = P_RANGE;
		if (pr != P_OK) {
			key_msg(c, r, K_COUNT, legal_buf[K_COUNT], "%s", pres_what(pr));
		} else {
			p->count = (uint32_t)v;
			if (t != KL_TYPE_COUNT) {
				*bytes += (uint64_t)p->count * kl_type_size(t);
				if (*bytes > KL_BYTES_MAX)
					key_msg(c, r, K_COUNT, "at most 67108864 bytes in all buffers",
						"the buffers so far take %llu bytes", (unsigned long long)*bytes);
			}
		}
	}
	if (r->key_line[K_INIT])
		check_init(c, r, t, p);
	if (r->key_line[K_DIR]) {
		i = lookup(dir_names, r->val[K_DIR]);
		if (i < 0)
			key_msg(c, r, K_DIR, legal_buf[K_DIR], "unknown direction");
		else
			p->dir = (kl_dir_t)i;
	}
}

/* ---- loading ------------------------------------------------------------------------------- */

/* Shared body of kl_load and kl_load_string: fp or (text, len) is the input. */
static kl_status_t load_common(kl_launch_t *l, const char *file, FILE *fp, const char *text, size_t len,
			       FILE *err)
{
	kl_launch_t *tmp = NULL;
	kl_status_t st = KL_OK;
	uint64_t bytes = 0;
	unsigned i;
	ctx_t c;
	int ret;
	memset(l, 0, sizeof(*l));
	memset(&c, 0, sizeof(c));
	c.file = file;
	c.fp = fp;
	c.buf = (const unsigned char *)text;
	c.len = text ? len : 0;
	c.state = S_NONE;
	c.kernel_sec = -1;
	c.raw = malloc(SECS_MAX * sizeof(*c.raw));
	tmp = calloc(1, sizeof(*tmp));
	if (!c.raw || !tmp) {
		st = KL_ENOMEM;
		goto out;
	}
	ret = ini_parse_stream(reader, &c, handler, &c);
	finish_line(&c);
	if (ret == -2) {
		st = KL_ENOMEM;
		goto out;
	}
	if (fp && ferror(fp)) {
		if (err)
			fprintf(err, "%s: read error: %s\n", file, strerror(errno));
		st = KL_EIO;
		goto out;
	}
	if (ret > 0 && (unsigned)ret != c.first_syntax) {
		/* inih saw a syntax error this reader did not predict: report it anyway */
		add_msg(&c, (unsigned)ret, "syntax error: expected 'key = value', '[section]' or '; comment'");
	}
	if (c.kernel_sec < 0)
		add_msg(&c, 0, "[kernel]: missing section (legal: one [kernel] section with name, grid, block, "
			"shared_bytes)");
	for (i = 0; i < c.n_raw; i++) {
		if (c.raw[i].kind == SEC_KERNEL) {
			tmp->line = c.raw[i].line;
			check_kernel(&c, &c.raw[i], tmp);
		}
		else
			check_param(&c, &c.raw[i], &tmp->params[tmp->n_params++], &bytes);
	}
	if (c.nomem) {
		st = KL_ENOMEM;
		goto out;
	}
	if (c.n_msgs) {
		sort_msgs(&c);
		for (i = 0; err && i < c.n_msgs; i++)
			fprintf(err, "%s\n", c.msgs[i].text);
		st = KL_EINVAL;
		goto out;
	}
	*l = *tmp;
out:
	for (i = 0; i < c.n_msgs; i++)
		free(c.msgs[i].text);
	free(c.msgs);
	free(c.raw);
	free(tmp);
	return st;
}

kl_status_t kl_load(kl_launch_t *l, const char *path, FILE *err)
{
	kl_status_t st;
	FILE *fp = fopen(path, "rb");
	if (!fp) {
		memset(l, 0, sizeof(*l));
		if (err)
			fprintf(err, "%s: cannot open: %s\n", path, strerror(errno));
		return KL_EIO;
	}
	st = load_common(l, path, fp, NULL, 0, err);
	fclose(fp);
	return st;
}

kl_status_t kl_load_string(kl_launch_t *l, const char *name, const char *text, size_t len, FILE *err)
{
	return load_common(l, name, NULL, text ? text : "", text ? len : 0, err);
}

/* ---- the description ----------------------------------------------------------------------- */

size_t kl_type_size(kl_type_t t) { return t == KL_U32 || t == KL_S32 || t == KL_F32 ? 4 : 8; }

const char *kl_type_name(kl_type_t t) { return t < KL_TYPE_COUNT ? type_names[t] : "?"; }

int kl_find(const kl_launch_t *l, const char *name)
{
	unsigned i;
	for (i = 0; i < l->n_params; i++)
		if (strcmp(l->params[i].name, name) == 0)
			return (int)i;
	return -1;
}

char *kl_value_str(kl_type_t t, uint64_t v, char buf[32])
{
	float f;
	double d;
	uint32_t u = (uint32_t)v;
	switch (t) {
	case KL_U32:
		snprintf(buf, 32, "%lu", (unsigned long)u);
		break;
	case KL_S32:
		snprintf(buf, 32, "%ld", (long)(int32_t)u);
		break;
	case KL_U64:
		snprintf(buf, 32, "%llu", (unsigned long long)v);
		break;
	case KL_S64:
		snprintf(buf, 32, "%lld", (long long)(int64_t)v);
		break;
	case KL_F32:
		memcpy(&f, &u, 4);
		snprintf(buf, 32, "%.9g", (double)f);
		break;
	default:
		memcpy(&d, &v, 8);
		snprintf(buf, 32, "%.17g", d);
		break;
	}
	return buf;
}

void kl_echo(const kl_launch_t *l, FILE *out)
{
	char a[32], b[32];
	unsigned i;
	fprintf(out, "[kernel]\nname = %s\ngrid = %lu, %lu, %lu\nblock = %lu, %lu, %lu\nshared_bytes = %lu\n", l->name,
		(unsigned long)l->grid[0], (unsigned long)l->grid[1], (unsigned long)l->grid[2],
		(unsigned long)l->block[0], (unsigned long)l->block[1], (unsigned long)l->block[2],
		(unsigned long)l->shared_bytes);
	for (i = 0; i < l->n_params; i++) {
		const kl_param_t *p = &l->params[i];
		if (p->kind == KL_SCALAR) {
			fprintf(out, "\n[scalar %s]\ntype = %s\nvalue = %s\n", p->name, type_names[p->type],
				kl_value_str(p->type, p->value, a));
			continue;
		}
		fprintf(out, "\n[buffer %s]\ntype = %s\ncount = %lu\n", p->name, type_names[p->type],
			(unsigned long)p->count);
		switch (p->init) {
		case KL_ZERO:
			fprintf(out, "init = zero\n");
			break;
		case KL_IOTA:
			fprintf(out, "init = iota\n");
			break;
		case KL_CONST:
			fprintf(out, "init = const:%s\n", kl_value_str(p->type, p->value, a));
			break;
		case KL_SEED:
			if (p->bounded)
				fprintf(out, "init = seed:%llu:%s\n", (unsigned long long)p->seed,
					kl_value_str(p->type, p->bound, b));
			else
				fprintf(out, "init = seed:%llu\n", (unsigned long long)p->seed);
			break;
		}
		fprintf(out, "dir = %s\n", dir_names[p->dir]);
	}
}

/* ---- initial contents ---------------------------------------------------------------------- */

/* Output i of the splitmix64 generator seeded with seed (its state after i + 1 steps, mixed). */
static uint64_t splitmix(uint64_t seed, uint32_t i)
{
	uint64_t z = seed + 0x9e3779b97f4a7c15ull * ((uint64_t)i + 1);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* A seed pattern's element from the random word r. */
static uint64_t seed_element(const kl_param_t *p, uint64_t r)
{
	float f, fb;
	double d, db;
	uint32_t u;
	switch (p->type) {
	case KL_U32:
	case KL_S32:
		if (p->bounded)
			return r % (p->bound + 1);
		return r >> 32;
	case KL_U64:
	case KL_S64:
		if (p->bounded && p->bound != UINT64_MAX)
			return r % (p->bound + 1);
		return r;
	case KL_F32:
		/* 24 random bits: a multiple of 2^-23 in [-1, 1), exact in f32 */
		f = (float)((int32_t)(r >> 40) - (1 << 23)) * 0x1p-23f;
		if (p->bounded) {
			u = (uint32_t)p->bound;
			memcpy(&fb, &u, 4);
			f = f * fb;
		}
		memcpy(&u, &f, 4);
		return u;
	default:
		/* 53 random bits: a multiple of 2^-52 in [-1, 1), exact in f64 */
		d = (double)((int64_t)(r >> 11) - ((int64_t)1 << 52)) * 0x1p-52;
		if (p->bounded) {
			memcpy(&db, &p->bound, 8);
			d = d * db;
		}
		memcpy(&r, &d, 8);
		return r;
	}
}

uint64_t kl_element(const kl_param_t *p, uint32_t i)
{
	float f;
	double d;
	uint32_t u;
	uint64_t v;
	switch (p->init) {
	case KL_ZERO:
		return 0;
	case KL_CONST:
		return p->value;
	case KL_SEED:
		return seed_element(p, splitmix(p->seed, i));
	default:
		break;
	}
	/* iota: i in the element type (exact: counts stay below 2^24) */
	switch (p->type) {
	case KL_F32:
		f = (float)i;
		memcpy(&u, &f, 4);
		return u;
	case KL_F64:
		d = (double)i;
		memcpy(&v, &d, 8);
		return v;
	default:
		return i;
	}
}

void kl_fill(const kl_param_t *p, void *buf)
{
	unsigned char *b = buf;
	uint32_t i, u;
	uint64_t v;
	for (i = 0; i < p->count; i++) {
		v = kl_element(p, i);
		if (kl_type_size(p->type) == 4) {
			u = (uint32_t)v;
			memcpy(b + (size_t)i * 4, &u, 4);
		} else {
			memcpy(b + (size_t)i * 8, &v, 8);
		}
	}
}

int kl_alloc_buffers(const kl_launch_t *l, void **bufs)
{
	unsigned i;
	for (i = 0; i < l->n_params; i++)
		bufs[i] = NULL;
	for (i = 0; i < l->n_params; i++) {
		if (l->params[i].kind != KL_BUFFER)
			continue;
		bufs[i] = malloc((size_t)l->params[i].count * kl_type_size(l->params[i].type));
		if (!bufs[i])
			return -1;
		kl_fill(&l->params[i], bufs[i]);
	}
	return 0;
}

void kl_free_buffers(const kl_launch_t *l, void **bufs)
{
	unsigned i;
	for (i = 0; i < l->n_params; i++) {
		free(bufs[i]);
		bufs[i] = NULL;
	}
}
