/* ptx_lex.c - the PTX lexer (docs/ptx.md, "Lexical rules"): tokens, comments, line checks and
 * literal decoding. Every line is checked before any of its bytes is read as a token: at most
 * PTX_LINE_MAX bytes of printable ASCII, tab or carriage return. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ptx_int.h"

int ptx_err(ptx_lex_t *lx, unsigned line, const char *fmt, ...)
{
	va_list ap;
	int n;
	if (lx->failed)
		return -1;
	lx->failed = 1;
	lx->status = PTX_EINVAL;
	if (!lx->msg || lx->msg_len == 0)
		return -1;
	n = snprintf(lx->msg, lx->msg_len, "%s:%u: ", lx->name, line);
	if (n >= 0 && (size_t)n < lx->msg_len) {
		va_start(ap, fmt);
		vsnprintf(lx->msg + n, lx->msg_len - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return -1;
}

int ptx_nomem(ptx_lex_t *lx)
{
	if (lx->failed)
		return -1;
	lx->failed = 1;
	lx->status = PTX_ENOMEM;
	if (lx->msg && lx->msg_len)
		snprintf(lx->msg, lx->msg_len, "%s: out of memory", lx->name);
	return -1;
}

/* Check the line starting at lx->pos (line lx->line): length and bytes; 0 or -1. */
static int check_line(ptx_lex_t *lx)
{
	size_t i, n = 0;
	for (i = lx->pos; i < lx->len && lx->p[i] != '\n'; i++, n++) {
		unsigned char c = (unsigned char)lx->p[i];
		if (c != '\t' && c != '\r' && (c < 0x20 || c > 0x7e))
			return ptx_err(lx, lx->line, "byte 0x%02x is not allowed in PTX text (printable ASCII, tab, "
				       "newline only)", c);
	}
	if (n > PTX_LINE_MAX)
		return ptx_err(lx, lx->line, "line is %zu bytes long (limit %u)", n, PTX_LINE_MAX);
	return 0;
}

/* Consume the newline at lx->pos and check the next line; 0 or -1. */
static int newline(ptx_lex_t *lx)
{
	lx->pos++;
	lx->line++;
	return check_line(lx);
}

/* Skip white space and comments; 0 or -1. */
static int skip_space(ptx_lex_t *lx)
{
	while (lx->pos < lx->len) {
		char c = lx->p[lx->pos];
		if (c == '\n') {
			if (newline(lx))
				return -1;
		} else if (c == ' ' || c == '\t' || c == '\r') {
			lx->pos++;
		} else if (c == '/' && lx->pos + 1 < lx->len && lx->p[lx->pos + 1] == '/') {
			while (lx->pos < lx->len && lx->p[lx->pos] != '\n')
				lx->pos++;
		} else if (c == '/' && lx->pos + 1 < lx->len && lx->p[lx->pos + 1] == '*') {
			unsigned start = lx->line;
			lx->pos += 2;
			for (;;) {
				if (lx->pos >= lx->len)
					return ptx_err(lx, start, "unterminated /* comment");
				if (lx->p[lx->pos] == '*' && lx->pos + 1 < lx->len && lx->p[lx->pos + 1] == '/') {
					lx->pos += 2;
					break;
				}
				if (lx->p[lx->pos] == '\n') {
					if (newline(lx))
						return -1;
				} else {
					lx->pos++;
				}
			}
		} else {
			break;
		}
	}
	return 0;
}

/* c may start a word. */
static int word_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c == '%' || c == '.';
}

/* c may continue a word or a number. */
static int word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
	       c == '$' || c == '.';
}

int ptx_lex_next(ptx_lex_t *lx)
{
	size_t start, n;
	char c;
	if (lx->failed)
		return -1;
	if (skip_space(lx))
		return -1;
	lx->tline = lx->line;
	lx->text[0] = '\0';
	if (lx->pos >= lx->len) {
		/* the end of a file that ends with a newline is on its last line */
		if (lx->len && lx->p[lx->len - 1] == '\n' && lx->line > 1)
			lx->tline = lx->line - 1;
		lx->kind = TK_EOF;
		return 0;
	}
	c = lx->p[lx->pos];
	start = lx->pos;
	if (word_start(c) || (c >= '0' && c <= '9')) {
		lx->kind = word_start(c) ? TK_WORD : TK_NUM;
		lx->pos++;
		while (lx->pos < lx->len && word_char(lx->p[lx->pos]))
			lx->pos++;
	} else if (c == '"') {
		lx->kind = TK_STR;
		lx->pos++;
		while (lx->pos < lx->len && lx->p[lx->pos] != '"' && lx->p[lx->pos] != '\n')
			lx->pos++;
		if (lx->pos >= lx->len || lx->p[lx->pos] != '"')
			return ptx_err(lx, lx->tline, "unterminated string");
		n = lx->pos - start - 1;
		lx->pos++;
		if (n > PTX_TOKEN_MAX)
			return ptx_err(lx, lx->tline, "string is %zu characters long (limit %u)", n, PTX_TOKEN_MAX);
		memcpy(lx->text, lx->p + start + 1, n);
		lx->text[n] = '\0';
		return 0;
	} else if (strchr(",;:{}[]()<>+-|!@=", c)) {
		lx->kind = TK_PUNCT;
		lx->pos++;
	} else {
		return ptx_err(lx, lx->tline, "unexpected character '%c'", c);
	}
	n = lx->pos - start;
	if (n > PTX_TOKEN_MAX)
		return ptx_err(lx, lx->tline, "token \"%.32s...\" is %zu characters long (limit %u)", lx->p + start, n,
			       PTX_TOKEN_MAX);
	memcpy(lx->text, lx->p + start, n);
	lx->text[n] = '\0';
	return 0;
}

int ptx_lex_init(ptx_lex_t *lx, const char *name, const char *text, size_t len, char *msg, size_t msg_len)
{
	memset(lx, 0, sizeof(*lx));
	lx->name = name;
	lx->p = text;
	lx->len = len;
	lx->line = 1;
	lx->msg = msg;
	lx->msg_len = msg_len;
	if (msg && msg_len)
		msg[0] = '\0';
	if (len > PTX_INPUT_MAX)
		return ptx_err(lx, 1, "input is %zu bytes long (limit %u)", len, PTX_INPUT_MAX);
	if (check_line(lx))
		return -1;
	return ptx_lex_next(lx);
}

int ptx_is(const ptx_lex_t *lx, char c) { return lx->kind == TK_PUNCT && lx->text[0] == c; }

int ptx_is_word(const ptx_lex_t *lx, const char *w) { return lx->kind == TK_WORD && strcmp(lx->text, w) == 0; }

const char *ptx_tok_desc(const ptx_lex_t *lx, char *buf, size_t len)
{
	char text[64 * 2 + 1];
	size_t i, n = 0;
	/* at most 64 characters; a tab or carriage return (the non-printable bytes a string may
	 * hold) as \t, \r */
	for (i = 0; i < 64 && lx->text[i]; i++) {
		char c = lx->text[i];
		if (c == '\t' || c == '\r') {
			text[n++] = '\\';
			text[n++] = c == '\t' ? 't' : 'r';
		} else {
			text[n++] = c;
		}
	}
	text[n] = '\0';
	if (lx->kind == TK_EOF)
		snprintf(buf, len, "end of file");
	else if (lx->kind == TK_STR)
		snprintf(buf, len, "string \"%s\"", text);
	else
		snprintf(buf, len, "\"%s\"", text);
	return buf;
}

int ptx_expect(ptx_lex_t *lx, char c, const char *what)
{
	char d[160];
	if (!ptx_is(lx, c))
		return ptx_err(lx, lx->tline, "expected '%c' %s, got %s", c, what, ptx_tok_desc(lx, d, sizeof(d)));
	return ptx_lex_next(lx);
}

/* Value of hex digit c, or -1. */
static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int ptx_decode_int(const char *s, uint64_t *v)
{
	unsigned base = 10, d;
	uint64_t x = 0;
	const char *q = s;
	int digits = 0;
	if (q[0] == '0' && (q[1] == 'x' || q[1] == 'X')) {
		base = 16;
		q += 2;
	} else if (q[0] == '0' && (q[1] == 'b' || q[1] == 'B')) {
		base = 2;
		q += 2;
	} else if (q[0] == '0' && q[1] >= '0' && q[1] <= '9') {
		base = 8;
		q++;
	}
	for (; *q && *q != 'U' && *q != 'u'; q++) {
		int h = hexval(*q);
		if (h < 0 || (unsigned)h >= base)
			return -1;
		d = (unsigned)h;
		if (x > (UINT64_MAX - d) / base)
			return -1;
		x = x * base + d;
		digits++;
	}
	if (!digits || (*q && q[1] != '\0'))
		return -1;
	*v = x;
	return 0;
}

int ptx_decode_float(const char *s, uint64_t *bits, ptx_opdkind_t *kind)
{
	size_t want, i;
	uint64_t x = 0;
	if (s[0] != '0' || (s[1] != 'f' && s[1] != 'F' && s[1] != 'd' && s[1] != 'D'))
		return 1;
	want = (s[1] == 'f' || s[1] == 'F') ? 8 : 16;
	for (i = 0; s[2 + i]; i++) {
		int h = hexval(s[2 + i]);
		if (h < 0 || i >= want)
			return -1;
		x = (x << 4) | (uint64_t)h;
	}
	if (i != want)
		return -1;
	*bits = x;
	*kind = want == 8 ? PTX_OPD_F32 : PTX_OPD_F64;
	return 0;
}
