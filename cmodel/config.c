/* config.c - the register-file configuration: schema table, INI parser, -s overrides, validation,
 * derived values, echo and hash (the contract is rfm_config.h), and the technique table
 * (rfm_techniques.h). This file names no technique: each one's rules and derived values are its
 * config_<tech>.c hooks, called through the table; the only rule between techniques is the slot
 * rule here (one provider per exclusive rf_top slot).
 *
 * Accepted INI syntax. Parsing uses inih r55 as Debian builds it (libinih-dev, runtime switches
 * left at their defaults: inline comments on, multi-line values on, BOM on, 200-byte line buffer,
 * no value-less keys, keep going after an error). This file reads every line itself (a reader
 * passed to ini_parse_stream) and hands inih one cleaned line at a time, so what is accepted is:
 *   - "[section]" headers. The name is taken verbatim between '[' and the first ']' (no trimming
 *     inside the brackets). After ']' only whitespace or a ';'/'#' comment may follow.
 *   - "key = value" or "key: value" (inih takes the first '=' or ':'); whitespace around the key
 *     and the value is trimmed.
 *   - Whole-line comments start with ';' or '#'. An inline comment starts with ';' preceded by
 *     whitespace ("lanes = 4 ; four"); "4;x" and "4 # x" are values with trailing junk.
 *   - Leading whitespace is ignored. This reader strips it, so inih's Python-style continuation
 *     lines (an indented line continuing the previous value) never happen.
 *   - One UTF-8 BOM at the start of line 1 is skipped (a second one is an error); CRLF line
 *     ends are accepted.
 *   - A line may be at most 199 bytes (inih's buffer holds 200 including the NUL); longer lines,
 *     NUL bytes and control bytes other than tab (a CR is allowed only right before the LF) are
 *     errors: the line is reported and then ignored, never truncated into a value.
 *   - The keys under an unknown section or a rejected header line are skipped: the one message
 *     about the header covers them.
 *   - Integers: decimal (leading zeros stay decimal, no octal) or 0x/0X hex, no sign, at most
 *     64 bits before the range check. Enums: the exact, case-sensitive name.
 *   - Each key at most once in the file. Overrides apply after the file, in order; a later
 *     override of the same key wins over an earlier one and over the file.
 *
 * Messages (one line each, to the err stream; err may be NULL to stay silent):
 *   file:line: section.key = value: what is wrong (legal: RANGE)
 *   -s[N]: section.key = value: what is wrong (legal: RANGE)         (N-th override, 1-based)
 *   file: section.key = value (default): what is wrong (legal: RANGE) (a rule on a default key)
 *   file:line: [name]: unknown section (legal: rf|sm|mapping|stats|target)
 *   file:line: syntax error: ... (got "text")
 * An empty value is shown as "", bytes outside printable ASCII as \xNN, long text cut with "...".
 *
 * rfm_origin_t.file is NULL (default), a pointer to this file's static "-s" (override) or
 * cfg->path of the same struct (INI file). rfm_cfg_validate re-points file origins at its own
 * cfg->path, so a cfg copied by value is self-contained again after validation.
 */
#include "rfm_config.h"
#include "rfm_techniques.h"
#include "rfm_util.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

const char *const rfm_enum_layout[] = {RFM_ENUM_LAYOUT, NULL};
const char *const rfm_enum_target[] = {RFM_ENUM_TARGET, NULL};
const char *const rfm_enum_wconf[] = {RFM_ENUM_WCONF, NULL};
const char *const rfm_enum_onoff[] = {RFM_ENUM_ONOFF, NULL};
const char *const rfm_enum_vpolicy[] = {RFM_ENUM_VPOLICY, NULL};
const char *const rfm_enum_calign[] = {RFM_ENUM_CALIGN, NULL};
const char *const rfm_enum_cparity[] = {RFM_ENUM_CPARITY, NULL};
const char *const rfm_enum_zgate[] = {RFM_ENUM_ZGATE, NULL};
const char *const rfm_enum_enode[] = {RFM_ENUM_ENODE, NULL};
const char *const rfm_enum_edecay[] = {RFM_ENUM_EDECAY, NULL};
const char *const rfm_enum_etable[] = {RFM_ENUM_ETABLE, NULL};
const char *const rfm_enum_rmxlate[] = {RFM_ENUM_RMXLATE, NULL};

const rfm_param_t rfm_params[RFM_K_COUNT] = {
#define X(sec, key, type, def, min, max, names, help) {#sec, #key, type, def, min, max, names, help},
	RFM_SCHEMA(X)
#undef X
};

/* Byte offset of every key's field in rfm_cfg_t, in schema order. */
static const size_t key_off[RFM_K_COUNT] = {
#define X(sec, key, ...) offsetof(rfm_cfg_t, sec##_##key),
	RFM_SCHEMA(X)
#undef X
};

/* Origin file of a command-line override; compared by address. */
static const char origin_override[] = "-s";

/* Storage limit of rule e, in bits (1 MiB). */
#define RFM_MAX_RF_BITS (8ull * 1048576ull)

/* Longest piece of user text echoed in a message before it is cut with "...". */
#define MSG_TEXT_MAX 64

/* Size of the buffers that hold a '|'-joined list of keys or sections. */
#define LIST_MAX RFM_LIST_MAX

/* Result of parsing one value. */
typedef enum vres {
	V_OK,    /* value stored */
	V_EMPTY, /* empty value */
	V_NAN,   /* not a number */
	V_NEG,   /* a minus sign */
	V_JUNK,  /* a number followed by other text */
	V_BIG,   /* more than 64 bits */
	V_RANGE, /* outside [min, max] */
	V_NAME,  /* not one of the enum names */
} vres_t;

/* State of one load: the line reader, the message sink and what the file has set so far. */
typedef struct ctx {
	rfm_cfg_t *cfg;                   /* the config being filled */
	FILE *err;                        /* message sink, may be NULL */
	const char *file;                 /* file name used in messages */
	FILE *fp;                         /* input file, or NULL when reading buf */
	const unsigned char *buf;         /* input text when fp is NULL */
	size_t len;                       /* bytes in buf */
	size_t pos;                       /* next byte of buf */
	unsigned line;                    /* current line (file) or override position (-s) */
	int override;                     /* 1 while applying -s overrides */
	int expect;                       /* current line is a key line: inih must call the handler */
	unsigned handled;                 /* handler calls for the current line */
	int in_bad_section;               /* the last header named an unknown section */
	unsigned first_syntax;            /* first line with a syntax error inih also sees, 0 if none */
	unsigned nerr;                    /* errors printed so far */
	char text[MSG_TEXT_MAX * 4 + 8];  /* escaped copy of the current line, for messages */
	unsigned set_line[RFM_K_COUNT];   /* line where the file set each key, 0 if not set */
	unsigned char bad[RFM_K_COUNT];   /* 1 when the key's last given value was rejected */
} ctx_t;

/* Pointer to the field of key k. */
static uint32_t *key_ptr(rfm_cfg_t *cfg, rfm_key_t k) { return (uint32_t *)(void *)((char *)cfg + key_off[k]); }

/* Copy at most cap-1 bytes of s (n bytes long) to dst, always NUL-terminated. */
static void copy_str(char *dst, size_t cap, const char *s, size_t n)
{
	if (n > cap - 1)
		n = cap - 1;
	memcpy(dst, s, n);
	dst[n] = '\0';
}

/*
 * Escape n bytes of s into out (at least MSG_TEXT_MAX * 4 + 8 bytes): printable ASCII as is,
 * other bytes as \xNN, cut after MSG_TEXT_MAX bytes with "...". Returns out.
 */
static char *esc_n(char *out, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	size_t i, o = 0;
	for (i = 0; i < n && i < MSG_TEXT_MAX; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (ch >= 0x20 && ch < 0x7f && ch != '\\') {
			out[o++] = (char)ch;
		} else {
			out[o++] = '\\';
			out[o++] = 'x';
			out[o++] = hex[ch >> 4];
			out[o++] = hex[ch & 15u];
		}
	}
	if (i < n) {
		memcpy(out + o, "...", 3);
		o += 3;
	}
	out[o] = '\0';
	return out;
}

/* esc_n of a NUL-terminated string. */
static char *esc(char *out, const char *s) { return esc_n(out, s, strlen(s)); }

/* Index of section sec in the schema (first key of it), or -1. */
static int find_section(const char *sec)
{
	int k;
	for (k = 0; k < RFM_K_COUNT; k++)
		if (strcmp(rfm_params[k].section, sec) == 0)
			return k;
	return -1;
}

/* Index of key sec.key, or -1. */
static int find_key(const char *sec, const char *key)
{
	int k;
	for (k = 0; k < RFM_K_COUNT; k++)
		if (strcmp(rfm_params[k].section, sec) == 0 && strcmp(rfm_params[k].key, key) == 0)
			return k;
	return -1;
}

void rfm_list_add(char *buf, size_t cap, const char *s)
{
	size_t n = strlen(buf);
	snprintf(buf + n, cap - n, "%s%s", n ? "|" : "", s);
}

/* The section names in schema order, '|'-joined, into buf (LIST_MAX bytes). */
static const char *sections_str(char *buf)
{
	int k;
	buf[0] = '\0';
	for (k = 0; k < RFM_K_COUNT; k++)
		if (find_section(rfm_params[k].section) == k)
			rfm_list_add(buf, LIST_MAX, rfm_params[k].section);
	return buf;
}

/* The keys of section sec, '|'-joined, into buf (LIST_MAX bytes). */
static const char *keys_str(const char *sec, char *buf)
{
	int k;
	buf[0] = '\0';
	for (k = 0; k < RFM_K_COUNT; k++)
		if (strcmp(rfm_params[k].section, sec) == 0)
			rfm_list_add(buf, LIST_MAX, rfm_params[k].key);
	return buf;
}

/* Print the location of the current line or override: "file:line: " or "-s[N]: ". */
static void put_loc(ctx_t *c)
{
	if (c->override)
		fprintf(c->err, "-s[%u]: ", c->line);
	else
		fprintf(c->err, "%s:%u: ", c->file, c->line);
}

/* Print one message about the current line: location, then the formatted text and a newline. */
static void line_msg(ctx_t *c, const char *fmt, ...)
{
	va_list ap;
	c->nerr++;
	if (!c->err)
		return;
	put_loc(c);
	va_start(ap, fmt);
	vfprintf(c->err, fmt, ap);
	va_end(ap);
	fputc('\n', c->err);
}

/*
 * Print one message about a key setting: "LOC sec.key = val: WHAT (legal: LEGAL)".
 * sec NULL prints the key alone (a key outside any section).
 */
static void key_msg(ctx_t *c, const char *sec, const char *key, const char *val, const char *legal,
		    const char *fmt, ...)
{
	char es[MSG_TEXT_MAX * 4 + 8], ek[MSG_TEXT_MAX * 4 + 8], ev[MSG_TEXT_MAX * 4 + 8];
	va_list ap;
	c->nerr++;
	if (!c->err)
		return;
	put_loc(c);
	if (sec)
		fprintf(c->err, "%s.", esc(es, sec));
	fprintf(c->err, "%s = %s: ", esc(ek, key), val[0] ? esc(ev, val) : "\"\"");
	va_start(ap, fmt);
	vfprintf(c->err, fmt, ap);
	va_end(ap);
	fprintf(c->err, " (legal: %s)\n", legal);
}

/* Parse an unsigned decimal or 0x-hex integer; *junk is set to the first byte after a number. */
static vres_t parse_int(const char *s, uint64_t *out, const char **junk)
{
	uint64_t v = 0;
	unsigned base = 10, d;
	int neg = 0, big = 0;
	if (!*s)
		return V_EMPTY;
	if (*s == '-') {
		neg = 1;
		s++;
	}
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		if (!isxdigit((unsigned char)s[2]))
			return V_NAN;
		base = 16;
		s += 2;
	} else if (!(*s >= '0' && *s <= '9')) {
		return V_NAN;
	}
	for (;; s++) {
		if (*s >= '0' && *s <= '9')
			d = (unsigned)(*s - '0');
		else if (base == 16 && *s >= 'a' && *s <= 'f')
			d = (unsigned)(*s - 'a' + 10);
		else if (base == 16 && *s >= 'A' && *s <= 'F')
			d = (unsigned)(*s - 'A' + 10);
		else
			break;
		if (v > (UINT64_MAX - d) / base)
			big = 1;
		else
			v = v * base + d;
	}
	*junk = s;
	if (*s)
		return V_JUNK;
	if (neg)
		return V_NEG;
	if (big)
		return V_BIG;
	*out = v;
	return V_OK;
}

/* Parse a fraction written as a decimal ("0.001", ".5", "1", "1e-3", "2.5E-4") into parts per 10^9,
 * rounded down to that resolution (a nonzero value below 1e-9 is out of range); *junk as in parse_int. */
static vres_t parse_frac(const char *s, uint64_t *out, const char **junk)
{
	uint64_t mant = 0;
	int digits = 0, frac = 0, exp = 0, eneg = 0, e10, seen = 0;
	if (*s == '-')
		return V_NEG;
	for (; (*s >= '0' && *s <= '9') || (*s == '.' && !frac); s++) {
		if (*s == '.') {
			frac = 1;
			continue;
		}
		seen = 1;
		if (mant > 100000000000000000ull) { /* more digits than the resolution needs: drop them */
			if (!frac)
				return V_RANGE;
			continue;
		}
		mant = mant * 10u + (uint64_t)(*s - '0');
		digits += frac;
	}
	if (!seen)
		return V_NAN;
	if ((*s == 'e' || *s == 'E') && (s[1] == '-' || s[1] == '+' || (s[1] >= '0' && s[1] <= '9'))) {
		s++;
		if (*s == '-' || *s == '+')
			eneg = *s++ == '-';
		if (!(*s >= '0' && *s <= '9'))
			return V_NAN;
		for (; *s >= '0' && *s <= '9'; s++)
			if (exp < 1000)
				exp = exp * 10 + (*s - '0');
	}
	*junk = s;
	if (*s)
		return V_JUNK;
	e10 = 9 - digits + (eneg ? -exp : exp);
	for (; e10 > 0 && mant; e10--) {
		if (mant > 1000000000ull)
			return V_RANGE;
		mant *= 10u;
	}
	for (; e10 < 0 && mant; e10++) {
		mant /= 10u;
		if (!mant) /* below the resolution of 1e-9 */
			return V_RANGE;
	}
	*out = mant;
	return V_OK;
}

/* Parse the value of key k from s into *out (range checked); *junk as in parse_int. */
static vres_t parse_value(rfm_key_t k, const char *s, uint32_t *out, const char **junk)
{
	const rfm_param_t *p = &rfm_params[k];
	uint64_t v = 0;
	vres_t r;
	unsigned i;
	if (!*s)
		return V_EMPTY;
	if (p->type == RFM_T_ENUM) {
		for (i = 0; p->names[i]; i++) {
			if (strcmp(p->names[i], s) == 0) {
				*out = i;
				return V_OK;
			}
		}
		return V_NAME;
	}
	r = p->type == RFM_T_FRAC ? parse_frac(s, &v, junk) : parse_int(s, &v, junk);
	if (r != V_OK)
		return r;
	if (v < p->min || v > p->max)
		return V_RANGE;
	*out = (uint32_t)v;
	return V_OK;
}

/* Apply sec.key = val from the current line or override: check everything, store, record origin. */
static void set_key(ctx_t *c, const char *sec, const char *key, const char *val)
{
	char legal[LIST_MAX], ej[MSG_TEXT_MAX * 4 + 8];
	const char *junk = "";
	uint32_t v = 0;
	vres_t r;
	int k;
	if (find_section(sec) < 0) {
		if (!c->override && !sec[0])
			key_msg(c, NULL, key, val, sections_str(legal), "key before any [section] header");
		else
			key_msg(c, sec, key, val, sections_str(legal), "unknown section");
		return;
	}
	k = find_key(sec, key);
	if (k < 0) {
		key_msg(c, sec, key, val, keys_str(sec, legal), key[0] ? "unknown key" : "missing key name");
		return;
	}
	rfm_param_range_str((rfm_key_t)k, legal);
	if (!c->override && c->set_line[k]) {
		key_msg(c, sec, key, val, legal, "duplicate key, first set at line %u", c->set_line[k]);
		return;
	}
	if (!c->override)
		c->set_line[k] = c->line;
	r = parse_value((rfm_key_t)k, val, &v, &junk);
	switch (r) {
	case V_OK:
		*key_ptr(c->cfg, (rfm_key_t)k) = v;
		c->bad[k] = 0;
		c->cfg->origin[k].file = c->override ? origin_override : c->cfg->path;
		c->cfg->origin[k].line = c->line;
		return;
	case V_EMPTY:
		key_msg(c, sec, key, val, legal, "empty value");
		break;
	case V_NAN:
		key_msg(c, sec, key, val, legal, "not a number");
		break;
	case V_NEG:
		key_msg(c, sec, key, val, legal, "negative value");
		break;
	case V_JUNK:
		key_msg(c, sec, key, val, legal, "trailing junk \"%s\" after the number", esc(ej, junk));
		break;
	case V_BIG:
		key_msg(c, sec, key, val, legal, "integer does not fit in 64 bits");
		break;
	case V_RANGE:
		key_msg(c, sec, key, val, legal, "out of range");
		break;
	case V_NAME:
		key_msg(c, sec, key, val, legal, "unknown name");
		break;
	}
	c->bad[k] = 1;
}

/* Report a syntax error on the current line; inih_too says inih counts it as an error too. */
static void syntax_error(ctx_t *c, int inih_too, const char *what)
{
	if (inih_too && !c->first_syntax)
		c->first_syntax = c->line;
	line_msg(c, "syntax error: %s (got \"%s\")", what, c->text);
}

/* Close the current line: a key line inih did not hand to the handler had no '=' or ':'. */
static void finish_line(ctx_t *c)
{
	if (c->expect && !c->handled)
		syntax_error(c, 1, "expected 'key = value', '[section]' or '; comment'");
	c->expect = 0;
	c->handled = 0;
}

/* Whitespace as inih's lskip/rstrip see it (same isspace, so reader and inih agree). */
static int is_space(unsigned char ch) { return isspace(ch) != 0; }

/* Next input byte, or EOF. */
static int src_getc(ctx_t *c)
{
	if (c->fp)
		return getc(c->fp);
	if (c->pos >= c->len)
		return EOF;
	return c->buf[c->pos++];
}

/* Check a "[section]" line the way inih reads it and note whether the section is known. */
static void section_line(ctx_t *c, const char *s)
{
	char legal[LIST_MAX], name[MSG_TEXT_MAX * 4 + 8];
	const char *p = s + 1, *rest;
	int was_space = 0;
	size_t n;
	int k;
	/* inih's find_chars_or_comment(s + 1, "]"): stop at ']' or at ';' after whitespace. */
	while (*p && *p != ']' && !(was_space && *p == ';')) {
		was_space = isspace((unsigned char)*p);
		p++;
	}
	if (*p != ']') {
		/* the keys below belong to no known section: skip them, this message covers them */
		syntax_error(c, 1, "'[' without ']'");
		c->in_bad_section = 1;
		return;
	}
	n = (size_t)(p - (s + 1));
	for (rest = p + 1; *rest == ' ' || *rest == '\t'; rest++)
		;
	if (*rest && *rest != ';' && *rest != '#')
		syntax_error(c, 0, "text after ']'");
	for (k = 0; k < RFM_K_COUNT; k++)
		if (strlen(rfm_params[k].section) == n && memcmp(rfm_params[k].section, s + 1, n) == 0)
			break;
	c->in_bad_section = k == RFM_K_COUNT;
	if (c->in_bad_section)
		line_msg(c, "[%s]: unknown section (legal: %s)", esc_n(name, s + 1, n), sections_str(legal));
}

/*
 * inih reader: one whole input line per call, like fgets but never split. Leading and trailing
 * whitespace and a BOM are removed; an over-long line or one with NUL or control bytes is
 * reported and handed over as an empty line. Also classifies the line for finish_line().
 */
static char *reader(char *str, int num, void *stream)
{
	ctx_t *c = stream;
	size_t cap = num > 0 ? (size_t)num - 1 : 0, n = 0, raw = 0;
	int ch, got = 0, cr = 0, nul = 0, ctrl = -1, bom = 0;
	const char *hdr;
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
			if (n < cap)
				str[n++] = '\r';
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
		if (n == 0 && is_space((unsigned char)ch))
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
		while (is_space((unsigned char)str[skip]))
			skip++;
		n -= skip;
		memmove(str, str + skip, n + 1);
		/* inih would strip a second BOM here too: never hand it one (bom is checked below) */
		bom = n >= 3 && memcmp(str, "\xef\xbb\xbf", 3) == 0;
	}
	while (n && is_space((unsigned char)str[n - 1]))
		str[--n] = '\0';
	esc_n(c->text, str, n);
	/* a rejected header line: skip the keys below it, the message covers them */
	for (hdr = str; n - (size_t)(hdr - str) >= 3 && memcmp(hdr, "\xef\xbb\xbf", 3) == 0; hdr += 3)
		;
	if (*hdr == '[' && (raw > cap || nul || ctrl >= 0 || bom))
		c->in_bad_section = 1;
	if (raw > cap) {
		snprintf(what, sizeof(what), "line is %zu bytes long (legal: at most %zu)", raw, cap);
		syntax_error(c, 0, what);
		str[0] = '\0';
	} else if (nul) {
		syntax_error(c, 0, "NUL byte in line");
		str[0] = '\0';
	} else if (ctrl >= 0) {
		snprintf(what, sizeof(what), "control byte 0x%02x in line", (unsigned)ctrl);
		syntax_error(c, 0, what);
		str[0] = '\0';
	} else if (bom) {
		syntax_error(c, 0, "second byte order mark");
		str[0] = '\0';
	} else if (str[0] == '[') {
		section_line(c, str);
	} else if (str[0] && str[0] != ';' && str[0] != '#') {
		c->expect = 1;
	}
	return str;
}

/* inih handler: one name=value pair of the current line. Always returns 1 (errors are ours). */
static int handler(void *user, const char *section, const char *name, const char *value)
{
	ctx_t *c = user;
	c->handled++;
	if (!c->in_bad_section)
		set_key(c, section, name, value ? value : "");
	return 1;
}

/* Duplicate NUL-terminated s into malloc'd memory, or NULL. */
static char *dup_str(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);
	if (d)
		memcpy(d, s, n);
	return d;
}

/* Trim spaces and tabs at both ends of s in place; returns the new start. */
static char *trim(char *s)
{
	size_t n;
	while (*s == ' ' || *s == '\t')
		s++;
	n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
	return s;
}

/* Apply the overrides in order. Returns RFM_OK or RFM_ENOMEM. */
static rfm_status_t apply_overrides(ctx_t *c, const char *const *overrides, unsigned n)
{
	char e[MSG_TEXT_MAX * 4 + 8];
	unsigned i;
	c->override = 1;
	for (i = 0; i < n; i++) {
		char *copy, *eq, *dot, *lhs;
		c->line = i + 1;
		if (!overrides || !overrides[i]) {
			line_msg(c, "(null): syntax error: expected section.key=value");
			continue;
		}
		copy = dup_str(overrides[i]);
		if (!copy)
			return RFM_ENOMEM;
		eq = strchr(copy, '=');
		dot = eq ? memchr(copy, '.', (size_t)(eq - copy)) : NULL;
		if (!dot) {
			line_msg(c, "%s: syntax error: expected section.key=value", esc(e, overrides[i]));
		} else {
			*eq = '\0';
			*dot = '\0';
			lhs = trim(copy);
			set_key(c, lhs, trim(dot + 1), trim(eq + 1));
		}
		free(copy);
	}
	c->override = 0;
	return RFM_OK;
}

/* Base name of path without directories and without a trailing ".ini", into name (64 bytes). */
static void set_names(rfm_cfg_t *cfg, const char *path)
{
	const char *base;
	size_t n;
	if (!path) {
		copy_str(cfg->name, sizeof(cfg->name), "default", 7);
		cfg->path[0] = '\0';
		return;
	}
	copy_str(cfg->path, sizeof(cfg->path), path, strlen(path));
	base = strrchr(path, '/');
	base = base ? base + 1 : path;
	n = strlen(base);
	if (n > 4 && strcmp(base + n - 4, ".ini") == 0)
		n -= 4;
	copy_str(cfg->name, sizeof(cfg->name), base, n);
}

/* Print the origin of key k for a rule message: "file:line: ", "-s[N]: " or "file: ". */
static void put_origin(const rfm_cfg_t *cfg, rfm_key_t k, FILE *err)
{
	const rfm_origin_t *o = &cfg->origin[k];
	if (o->file == origin_override && o->line)
		fprintf(err, "-s[%u]: ", o->line);
	else if (o->file && o->line)
		fprintf(err, "%s:%u: ", cfg->path[0] ? cfg->path : "<config>", o->line);
	else
		fprintf(err, "%s: ", cfg->path[0] ? cfg->path : "<defaults>");
}

void rfm_rule_msg(const rfm_cfg_t *cfg, FILE *err, rfm_key_t k, const char *legal, const char *fmt, ...)
{
	const rfm_origin_t *o = &cfg->origin[k];
	char vbuf[32];
	va_list ap;
	if (!err)
		return;
	put_origin(cfg, k, err);
	fprintf(err, "%s.%s = %s%s: ", rfm_params[k].section, rfm_params[k].key, rfm_cfg_value_str(cfg, k, vbuf),
		o->file && o->line ? "" : " (default)");
	va_start(ap, fmt);
	vfprintf(err, fmt, ap);
	va_end(ap);
	fprintf(err, " (legal: %s)\n", legal);
}

/* Ceiling of a / b (b > 0). */
static uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

/* The values of key k below min, as a "(legal: ...)" text into buf (LIST_MAX bytes): the ones that
 * leave a technique off. */
static const char *below_str(rfm_key_t k, uint32_t min, char *buf)
{
	const rfm_param_t *p = &rfm_params[k];
	uint32_t i;
	buf[0] = '\0';
	if (p->type != RFM_T_ENUM) {
		snprintf(buf, LIST_MAX, "%llu..%llu", (unsigned long long)p->min, (unsigned long long)min - 1);
		return buf;
	}
	for (i = 0; i < min && p->names[i]; i++)
		rfm_list_add(buf, LIST_MAX, p->names[i]);
	return buf;
}

/*
 * The slot rule, the only exclusion between techniques: an exclusive slot of rf_top has one
 * provider. Technique t, when on, is refused if a technique before it in the table that is on
 * fills the same exclusive slot. Returns the number of violations printed (0 or 1).
 */
static unsigned check_slot(rfm_cfg_t *cfg, FILE *err, rfm_tech_t t)
{
	const rfm_technique_t *x = &rfm_techniques[t];
	const rfm_top_slot_info_t *s = &rfm_top_slots[x->slot];
	char legal[LIST_MAX];
	int u;
	if (!s->exclusive || !rfm_tech_on(cfg, t))
		return 0;
	for (u = 0; u < (int)t; u++) {
		if (rfm_techniques[u].slot != x->slot || !rfm_tech_on(cfg, (rfm_tech_t)u))
			continue;
		rfm_rule_msg(cfg, err, x->on_key, below_str(x->on_key, x->on_min, legal),
			 "%s and %s both fill the %s slot (%s); enable one of them", rfm_techniques[u].name, x->name,
			 s->name, s->what);
		return 1;
	}
	return 0;
}

/*
 * Check the per-key ranges, the cross-field rules a..e of docs/config.md, each technique's rules
 * (its check hook, when it is on) and the slot rule; rules that involve a key already known bad
 * (bad_in, or out of range here) are skipped. Derives. Returns the number of violations printed.
 */
static unsigned check_rules(rfm_cfg_t *cfg, FILE *err, const unsigned char *bad_in)
{
	unsigned char bad[RFM_K_COUNT];
	char legal[LIST_MAX];
	unsigned nerr = 0;
	int k;
	if (bad_in)
		memcpy(bad, bad_in, sizeof(bad));
	else
		memset(bad, 0, sizeof(bad));
	for (k = 0; k < RFM_K_COUNT; k++) {
		uint32_t v = rfm_cfg_get(cfg, (rfm_key_t)k);
		if (cfg->origin[k].file && cfg->origin[k].file != origin_override)
			cfg->origin[k].file = cfg->path;
		if (v < rfm_params[k].min || v > rfm_params[k].max) {
			rfm_rule_msg(cfg, err, (rfm_key_t)k, rfm_param_range_str((rfm_key_t)k, legal), "out of range");
			bad[k] = 1;
			nerr++;
		}
	}
#define GOOD(key) (!bad[RFM_K_##key])
	uint64_t lanes = cfg->rf_lanes, bits = cfg->rf_lane_bits, banks = cfg->rf_banks, entries = cfg->rf_entries;
	uint64_t sub = cfg->rf_subbanks, warps = cfg->sm_warps, regs = cfg->sm_regs_per_thread;
	int wid = cfg->mapping_layout == RFM_LAYOUT_WID;
	/* a. sub-banks split the lanes evenly */
	if (GOOD(rf_lanes) && GOOD(rf_subbanks) && lanes % sub != 0) {
		uint64_t d;
		legal[0] = '\0';
		for (d = 1; d <= lanes; d++) {
			if (lanes % d == 0) {
				char num[24];
				snprintf(num, sizeof(num), "%llu", (unsigned long long)d);
				rfm_list_add(legal, sizeof(legal), num);
			}
		}
		rfm_rule_msg(cfg, err, RFM_K_rf_subbanks, legal, "does not divide rf.lanes = %llu", (unsigned long long)lanes);
		nerr++;
	}
	/* b. one warp's registers fit */
	if (GOOD(sm_regs_per_thread) && GOOD(rf_entries) && GOOD(rf_banks) && GOOD(mapping_layout)) {
		uint64_t need = wid ? regs : ceil_div(regs, banks);
		if (need > entries) {
			uint64_t max = wid ? entries : entries * banks;
			if (max > rfm_params[RFM_K_sm_regs_per_thread].max)
				max = rfm_params[RFM_K_sm_regs_per_thread].max;
			snprintf(legal, sizeof(legal), "1..%llu", (unsigned long long)max);
			if (wid)
				rfm_rule_msg(cfg, err, RFM_K_sm_regs_per_thread, legal,
					 "one warp's registers do not fit: layout wid needs %llu rows in one bank, "
					 "rf.entries = %llu", (unsigned long long)need, (unsigned long long)entries);
			else
				rfm_rule_msg(cfg, err, RFM_K_sm_regs_per_thread, legal,
					 "one warp's registers do not fit: layout wshift needs ceil(%llu / %llu banks) = "
					 "%llu rows per bank, rf.entries = %llu", (unsigned long long)regs,
					 (unsigned long long)banks, (unsigned long long)need, (unsigned long long)entries);
			nerr++;
		}
	}
	/* c. every scheduler can own a collector */
	if (GOOD(sm_schedulers) && GOOD(sm_collectors) && cfg->sm_schedulers > cfg->sm_collectors) {
		snprintf(legal, sizeof(legal), "1..%u", (unsigned)cfg->sm_collectors);
		rfm_rule_msg(cfg, err, RFM_K_sm_schedulers, legal, "more schedulers than sm.collectors = %u",
			 (unsigned)cfg->sm_collectors);
		nerr++;
	}
	/* d. all warp slots with one register each fit */
	if (GOOD(sm_warps) && GOOD(rf_entries) && GOOD(rf_banks) && GOOD(mapping_layout)) {
		uint64_t need = wid ? ceil_div(warps, banks) : warps;
		if (need > entries) {
			uint64_t max = wid ? entries * banks : entries;
			if (max > rfm_params[RFM_K_sm_warps].max)
				max = rfm_params[RFM_K_sm_warps].max;
			snprintf(legal, sizeof(legal), "1..%llu", (unsigned long long)max);
			if (wid)
				rfm_rule_msg(cfg, err, RFM_K_sm_warps, legal,
					 "warp slots do not fit: layout wid needs ceil(%llu / %llu banks) = %llu rows "
					 "per bank, rf.entries = %llu", (unsigned long long)warps, (unsigned long long)banks,
					 (unsigned long long)need, (unsigned long long)entries);
			else
				rfm_rule_msg(cfg, err, RFM_K_sm_warps, legal,
					 "warp slots do not fit: layout wshift needs %llu rows per bank, rf.entries = %llu",
					 (unsigned long long)need, (unsigned long long)entries);
			nerr++;
		}
	}
	/* e. storage at most 1 MiB */
	if (GOOD(rf_banks) && GOOD(rf_entries) && GOOD(rf_lanes) && GOOD(rf_lane_bits)) {
		uint64_t row = banks * lanes * bits, total = row * entries;
		if (total > RFM_MAX_RF_BITS) {
			uint64_t max = RFM_MAX_RF_BITS / row;
			if (max > rfm_params[RFM_K_rf_entries].max)
				max = rfm_params[RFM_K_rf_entries].max;
			snprintf(legal, sizeof(legal), "1..%llu", (unsigned long long)max);
			rfm_rule_msg(cfg, err, RFM_K_rf_entries, legal,
				 "storage of %llu banks x %llu entries x %llu lanes x %llu bits = %llu bytes exceeds "
				 "1 MiB", (unsigned long long)banks, (unsigned long long)entries,
				 (unsigned long long)lanes, (unsigned long long)bits, (unsigned long long)(total / 8));
			nerr++;
		}
	}
	/* f, g, h, ...: each technique's own rules (its config_<tech>.c), then the slot rule */
	for (k = 0; k < RFM_TECH_COUNT; k++) {
		if (rfm_tech_on(cfg, (rfm_tech_t)k) && rfm_techniques[k].hooks->check)
			nerr += rfm_techniques[k].hooks->check(cfg, err, bad);
		nerr += check_slot(cfg, err, (rfm_tech_t)k);
	}
#undef GOOD
	rfm_cfg_derive(cfg);
	return nerr;
}

/*
 * Warn about keys that do nothing: a key of a technique's section, other than the technique's own
 * switch, set explicitly to a value other than its default while the technique is off. Returns
 * the number of warnings printed.
 */
static unsigned warn_idle_keys(const rfm_cfg_t *cfg, FILE *err)
{
	unsigned n = 0;
	int k, t;
	for (k = 0; k < RFM_K_COUNT; k++) {
		const rfm_param_t *p = &rfm_params[k];
		char vbuf[32], obuf[32];
		if (!cfg->origin[k].line || rfm_cfg_get(cfg, (rfm_key_t)k) == (uint32_t)p->def)
			continue;
		for (t = 0; t < RFM_TECH_COUNT; t++) {
			const rfm_technique_t *x = &rfm_techniques[t];
			if (x->parent != RFM_TECH_none || strcmp(x->section, p->section) != 0 ||
			    x->on_key == (rfm_key_t)k || rfm_tech_on(cfg, (rfm_tech_t)t))
				continue;
			n++;
			if (!err)
				break;
			put_origin(cfg, (rfm_key_t)k, err);
			fprintf(err, "warning: %s.%s = %s does nothing: %s.%s = %s (turn %s on, or drop the key)\n",
				p->section, p->key, rfm_cfg_value_str(cfg, (rfm_key_t)k, vbuf),
				rfm_params[x->on_key].section, rfm_params[x->on_key].key,
				rfm_cfg_value_str(cfg, x->on_key, obuf), x->name);
			break;
		}
	}
	return n;
}

/* Shared body of rfm_cfg_load and rfm_cfg_load_string: fp or (text, len) is the INI input. */
static rfm_status_t load_common(rfm_cfg_t *cfg, const char *path, FILE *fp, const char *text, size_t len,
				const char *const *overrides, unsigned n_overrides, FILE *err)
{
	ctx_t c;
	rfm_status_t st = RFM_OK;
	int ret;
	memset(&c, 0, sizeof(c));
	c.cfg = cfg;
	c.err = err;
	c.file = path ? path : "<defaults>";
	c.fp = fp;
	c.buf = (const unsigned char *)text;
	c.len = text ? len : 0;
	if (fp || text) {
		ret = ini_parse_stream(reader, &c, handler, &c);
		finish_line(&c);
		if (ret == -2) {
			st = RFM_ENOMEM;
			goto out;
		}
		if (fp && ferror(fp)) {
			if (err)
				fprintf(err, "%s: read error: %s\n", c.file, strerror(errno));
			st = RFM_EIO;
			goto out;
		}
		if (ret > 0 && (unsigned)ret != c.first_syntax) {
			/* inih saw a syntax error this reader did not predict: report it anyway */
			c.line = (unsigned)ret;
			c.text[0] = '\0';
			line_msg(&c, "syntax error: expected 'key = value', '[section]' or '; comment'");
		}
	}
	st = apply_overrides(&c, overrides, n_overrides);
	if (st != RFM_OK)
		goto out;
	c.nerr += check_rules(cfg, err, c.bad);
	st = c.nerr ? RFM_EINVAL : RFM_OK;
	if (st == RFM_OK)
		cfg->warnings = warn_idle_keys(cfg, err);
out:
	rfm_cfg_derive(cfg);
	return st;
}

void rfm_cfg_defaults(rfm_cfg_t *cfg)
{
	int k;
	memset(cfg, 0, sizeof(*cfg));
	for (k = 0; k < RFM_K_COUNT; k++)
		*key_ptr(cfg, (rfm_key_t)k) = (uint32_t)rfm_params[k].def;
	set_names(cfg, NULL);
	rfm_cfg_derive(cfg);
}

rfm_status_t rfm_cfg_load(rfm_cfg_t *cfg, const char *path, const char *const *overrides,
			  unsigned n_overrides, FILE *err)
{
	rfm_status_t st;
	FILE *fp = NULL;
	rfm_cfg_defaults(cfg);
	set_names(cfg, path);
	if (path) {
		fp = fopen(path, "r");
		if (!fp) {
			if (err)
				fprintf(err, "%s: cannot open: %s\n", path, strerror(errno));
			return RFM_EIO;
		}
	}
	st = load_common(cfg, path, fp, NULL, 0, overrides, n_overrides, err);
	if (fp)
		fclose(fp);
	return st;
}

rfm_status_t rfm_cfg_load_string(rfm_cfg_t *cfg, const char *name, const char *text, size_t len, FILE *err)
{
	if (!name)
		name = "<string>";
	rfm_cfg_defaults(cfg);
	set_names(cfg, name);
	return load_common(cfg, name, NULL, text ? text : "", text ? len : 0, NULL, 0, err);
}

rfm_status_t rfm_cfg_validate(rfm_cfg_t *cfg, FILE *err)
{
	return check_rules(cfg, err, NULL) ? RFM_EINVAL : RFM_OK;
}

unsigned rfm_cfg_bank_rows(const rfm_cfg_t *cfg, const unsigned char *bad)
{
	int t;
	for (t = 0; t < RFM_TECH_COUNT; t++)
		if (rfm_tech_on(cfg, (rfm_tech_t)t) && rfm_techniques[t].hooks->bank_rows)
			return rfm_techniques[t].hooks->bank_rows(cfg, bad);
	return bad && bad[RFM_K_rf_entries] ? 0 : cfg->rf_entries;
}

void rfm_cfg_derive(rfm_cfg_t *cfg)
{
	rfm_derived_t *d = &cfg->d;
	uint64_t lanes = cfg->rf_lanes, bits = cfg->rf_lane_bits, banks = cfg->rf_banks;
	uint64_t nq = (uint64_t)cfg->sm_collectors * cfg->sm_operands;
	int t;
	memset(d, 0, sizeof(*d));
	d->wreg_bits = (unsigned)(lanes * bits);
	d->sb_lanes = cfg->rf_subbanks ? (unsigned)(lanes / cfg->rf_subbanks) : 0;
	d->sb_bits = (unsigned)((uint64_t)d->sb_lanes * bits);
	d->array_mod = "rf_sram";
	d->bank_w = rfm_clog2(banks);
	d->bank_rows = rfm_cfg_bank_rows(cfg, NULL);
	d->entry_w = rfm_clog2(d->bank_rows);
	d->warp_w = rfm_clog2(cfg->sm_warps);
	d->reg_w = rfm_clog2(cfg->sm_regs_per_thread);
	d->nwarps_w = rfm_cntw(cfg->sm_warps);
	d->nregs_w = rfm_cntw(cfg->sm_regs_per_thread);
	d->nq = (unsigned)nq;
	d->q_w = rfm_clog2(nq);
	d->rport_w = rfm_clog2(cfg->rf_read_ports);
	d->src_n = (unsigned)(banks * cfg->rf_read_ports);
	d->src_w = rfm_clog2(d->src_n);
	d->cu_w = rfm_clog2(cfg->sm_collectors);
	d->nq_cnt_w = rfm_cntw(nq);
	d->rf_bits = banks * cfg->rf_entries * lanes * bits;
	d->rf_bytes = d->rf_bits / 8 + (d->rf_bits % 8 != 0);
	d->warp_regs = (unsigned)(banks * cfg->rf_entries);
	d->pack_w = rfm_clog2(d->warp_regs);
	d->ctag_w = cfg->sm_tag_bits;
	/* each technique that is on adds its own values (its config_<tech>.c); the others stay 0 */
	for (t = 0; t < RFM_TECH_COUNT; t++)
		if (rfm_tech_on(cfg, (rfm_tech_t)t) && rfm_techniques[t].hooks->derive)
			rfm_techniques[t].hooks->derive(cfg);
}

const char *rfm_frac_str(uint32_t ppb, char *buf)
{
	int n;
	if (ppb % 1000000000u == 0) {
		snprintf(buf, 32, "%u", ppb / 1000000000u);
		return buf;
	}
	n = snprintf(buf, 32, "0.%09u", ppb % 1000000000u);
	while (n > 2 && buf[n - 1] == '0')
		buf[--n] = '\0';
	return buf;
}

const char *rfm_cfg_value_str(const rfm_cfg_t *cfg, rfm_key_t k, char *buf)
{
	const rfm_param_t *p;
	uint32_t v;
	unsigned i;
	if ((unsigned)k >= RFM_K_COUNT) {
		snprintf(buf, 32, "?");
		return buf;
	}
	p = &rfm_params[k];
	v = rfm_cfg_get(cfg, k);
	if (p->type == RFM_T_ENUM) {
		for (i = 0; p->names[i]; i++) {
			if (i == v) {
				snprintf(buf, 32, "%s", p->names[i]);
				return buf;
			}
		}
	}
	if (p->type == RFM_T_FRAC)
		return rfm_frac_str(v, buf);
	snprintf(buf, 32, "%u", (unsigned)v);
	return buf;
}

uint32_t rfm_cfg_get(const rfm_cfg_t *cfg, rfm_key_t k)
{
	uint32_t v;
	if ((unsigned)k >= RFM_K_COUNT)
		return 0;
	memcpy(&v, (const char *)cfg + key_off[k], sizeof(v));
	return v;
}

void rfm_cfg_echo(const rfm_cfg_t *cfg, FILE *out, const char *prefix)
{
	const char *sec = NULL;
	char vbuf[32], range[128];
	size_t blank;
	int k;
	if (!prefix)
		prefix = "";
	/* a blank line carries the prefix without its trailing whitespace */
	blank = strlen(prefix);
	while (blank && (prefix[blank - 1] == ' ' || prefix[blank - 1] == '\t'))
		blank--;
	for (k = 0; k < RFM_K_COUNT; k++) {
		const rfm_param_t *p = &rfm_params[k];
		if (!sec || strcmp(sec, p->section) != 0) {
			if (sec)
				fprintf(out, "%.*s\n", (int)blank, prefix);
			fprintf(out, "%s[%s]\n", prefix, p->section);
			sec = p->section;
		}
		fprintf(out, "%s; %s (legal: %s)\n", prefix, p->help, rfm_param_range_str((rfm_key_t)k, range));
		fprintf(out, "%s%s = %s\n", prefix, p->key, rfm_cfg_value_str(cfg, (rfm_key_t)k, vbuf));
	}
}

/* Fold the bytes of s into the FNV-1a hash h. */
static uint64_t fnv1a(uint64_t h, const char *s)
{
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ull;
	}
	return h;
}

uint64_t rfm_cfg_hash(const rfm_cfg_t *cfg)
{
	uint64_t h = 0xcbf29ce484222325ull;
	char vbuf[32];
	int k;
	for (k = 0; k < RFM_K_COUNT; k++) {
		h = fnv1a(h, rfm_params[k].section);
		h = fnv1a(h, ".");
		h = fnv1a(h, rfm_params[k].key);
		h = fnv1a(h, "=");
		h = fnv1a(h, rfm_cfg_value_str(cfg, (rfm_key_t)k, vbuf));
		h = fnv1a(h, "\n");
	}
	return h;
}

const char *rfm_param_range_str(rfm_key_t k, char *buf)
{
	const rfm_param_t *p;
	unsigned i;
	if ((unsigned)k >= RFM_K_COUNT) {
		snprintf(buf, 128, "?");
		return buf;
	}
	p = &rfm_params[k];
	if (p->type == RFM_T_ENUM) {
		buf[0] = '\0';
		for (i = 0; p->names[i]; i++)
			rfm_list_add(buf, 128, p->names[i]);
	} else if (p->type == RFM_T_FRAC) {
		char lo[32], hi[32];
		snprintf(buf, 128, "a fraction %s..%s", rfm_frac_str((uint32_t)p->min, lo), rfm_frac_str((uint32_t)p->max, hi));
	} else {
		snprintf(buf, 128, "%llu..%llu", (unsigned long long)p->min, (unsigned long long)p->max);
	}
	return buf;
}

int rfm_launch_fits(const rfm_cfg_t *cfg, unsigned nwarps, unsigned nregs)
{
	uint64_t banks = cfg->rf_banks, rows;
	if (nwarps < 1 || nwarps > cfg->sm_warps || nregs < 1 || nregs > cfg->sm_regs_per_thread || !banks)
		return 0;
	if (cfg->mapping_layout == RFM_LAYOUT_WID)
		rows = ceil_div(nwarps, banks) * nregs;
	else
		rows = (uint64_t)nwarps * ceil_div(nregs, banks);
	return rows <= cfg->rf_entries;
}

const rfm_top_slot_info_t rfm_top_slots[RFM_SLOT_COUNT] = {
#define X(s, excl, what, base) {#s, excl, what, base},
	RFM_SLOTS(X)
#undef X
};

const rfm_technique_t rfm_techniques[RFM_TECH_COUNT] = {
#define X(name, sec, slot, parent, key, min, hooks)                                                         \
	{#name, #sec, RFM_SLOT_##slot, RFM_TECH_##parent, RFM_K_##key, min, &hooks},
#include "rfm_techniques.def"
#undef X
};

int rfm_tech_on(const rfm_cfg_t *cfg, rfm_tech_t t)
{
	/* the technique's key, then its parent's, up to a technique of its own */
	while ((int)t >= 0 && t < RFM_TECH_COUNT) {
		const rfm_technique_t *x = &rfm_techniques[t];
		uint32_t v;
		if ((unsigned)x->on_key >= RFM_K_COUNT)
			return 0;
		v = rfm_cfg_get(cfg, x->on_key);
		if (v < x->on_min || v > rfm_params[x->on_key].max)
			return 0;
		if (x->parent == RFM_TECH_none)
			return 1;
		t = x->parent;
	}
	return 0;
}

/* The base rules across keys (check_rules, docs/config.md "Rules across keys") as key limits. */
static const rfm_param_limit_t base_limits[] = {
	{RFM_K_rf_lanes, "a multiple of rf.subbanks; the file at most 1 MiB (banks x entries x lanes x lane_bits / 8)"},
	{RFM_K_rf_lane_bits, "the file at most 1 MiB"},
	{RFM_K_rf_banks, "the file at most 1 MiB; one warp's registers and every warp slot fit (mapping.layout)"},
	{RFM_K_rf_entries, "the file at most 1 MiB; at least the rows one warp's registers and the warp slots need "
			   "(mapping.layout)"},
	{RFM_K_rf_subbanks, "divides rf.lanes"},
	{RFM_K_sm_warps, "every warp slot fits: wid ceil(warps / banks) <= entries, wshift warps <= entries"},
	{RFM_K_sm_regs_per_thread, "one warp's registers fit: wid regs <= entries, wshift ceil(regs / banks) <= entries"},
	{RFM_K_sm_schedulers, "at most sm.collectors"},
	{RFM_K_sm_collectors, "at least sm.schedulers"},
	{RFM_K_COUNT, NULL},
};

static void limits_add(const rfm_param_limit_t *l, rfm_key_t k, const char *tech, char *buf, size_t cap)
{
	size_t n;
	for (; l && l->text; l++) {
		if (l->key != k)
			continue;
		n = strlen(buf);
		snprintf(buf + n, cap - n, "%s%s%s%s", n ? "; " : "", tech ? "with " : "", tech ? tech : "",
			 tech ? " on: " : "");
		n = strlen(buf);
		snprintf(buf + n, cap - n, "%s", l->text);
	}
}

const char *rfm_param_limits(rfm_key_t k, char *buf, size_t cap)
{
	int t;
	if (!cap)
		return buf;
	buf[0] = '\0';
	limits_add(base_limits, k, NULL, buf, cap);
	for (t = 0; t < RFM_TECH_COUNT; t++)
		limits_add(rfm_techniques[t].hooks->limits, k, rfm_techniques[t].name, buf, cap);
	return buf;
}

rfm_tech_t rfm_tech_find(const char *name)
{
	int t;
	for (t = 0; t < RFM_TECH_COUNT; t++)
		if (strcmp(rfm_techniques[t].name, name) == 0)
			return (rfm_tech_t)t;
	return RFM_TECH_none;
}

int rfm_technique_on(const rfm_cfg_t *cfg, const char *name)
{
	return strcmp(name, "base") == 0 || rfm_tech_on(cfg, rfm_tech_find(name));
}

rfm_tech_t rfm_slot_provider(const rfm_cfg_t *cfg, rfm_top_slot_t s)
{
	int t;
	for (t = 0; t < RFM_TECH_COUNT; t++)
		if (rfm_techniques[t].slot == s && rfm_tech_on(cfg, (rfm_tech_t)t))
			return (rfm_tech_t)t;
	return RFM_TECH_none;
}

int rfm_cfg_buildable(const rfm_cfg_t *cfg, FILE *err)
{
	int t, rc = 0;
	for (t = 0; t < RFM_TECH_COUNT; t++)
		if (rfm_tech_on(cfg, (rfm_tech_t)t) && rfm_techniques[t].hooks->no_rtl) {
			rfm_rule_msg(cfg, err, rfm_techniques[t].on_key, "off", "%s", rfm_techniques[t].hooks->no_rtl);
			rc = -1;
		}
	return rc;
}
