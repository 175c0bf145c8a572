/* ptx_parse.c - the PTX module and declaration parser (docs/ptx.md): .version, .target,
 * .address_size, module-level variables, .entry/.func headers with parameters, and function
 * bodies (.reg, .local/.shared arrays, labels; instructions go to ptx_insn.c). Labels are resolved
 * to instruction indices when a body closes. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_int.h"

void *ptx_grow(ptx_parser_t *ps, void *arr, uint32_t *cap, uint32_t n, size_t elem, uint32_t max,
	       const char *what)
{
	void *na;
	uint32_t nc;
	if (n >= max) {
		ptx_err(&ps->lx, ps->lx.tline, "too many %s (limit %u)", what, max);
		return NULL;
	}
	if (n < *cap)
		return arr;
	nc = *cap ? *cap * 2 : 16;
	if (nc > max)
		nc = max;
	na = realloc(arr, (size_t)nc * elem);
	if (!na) {
		ptx_nomem(&ps->lx);
		return NULL;
	}
	memset((char *)na + (size_t)*cap * elem, 0, (size_t)(nc - *cap) * elem);
	*cap = nc;
	return na;
}

/* FNV-1a hash of name[0..len). */
static uint32_t hash(const char *name, size_t len)
{
	uint32_t h = 2166136261u;
	size_t i;
	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)name[i]) * 16777619u;
	return h;
}

uint32_t ptx_map_find(const ptx_parser_t *ps, const ptx_map_t *mp, ptx_key_fn key, const char *name, size_t len)
{
	uint32_t i;
	if (!mp->cap)
		return PTX_NONE;
	for (i = hash(name, len) & (mp->cap - 1); mp->slot[i]; i = (i + 1) & (mp->cap - 1)) {
		const char *k = key(ps, mp->slot[i] - 1);
		if (strncmp(k, name, len) == 0 && k[len] == '\0')
			return mp->slot[i] - 1;
	}
	return PTX_NONE;
}

int ptx_map_add(ptx_parser_t *ps, ptx_map_t *mp, ptx_key_fn key, uint32_t v)
{
	uint32_t i, k;
	const char *name;
	if (2 * (mp->n + 1) > mp->cap) {
		ptx_map_t nm = {NULL, mp->cap ? mp->cap * 2 : 64, 0};
		nm.slot = calloc(nm.cap, sizeof(*nm.slot));
		if (!nm.slot)
			return ptx_nomem(&ps->lx);
		for (k = 0; k < mp->cap; k++) {
			if (!mp->slot[k])
				continue;
			name = key(ps, mp->slot[k] - 1);
			for (i = hash(name, strlen(name)) & (nm.cap - 1); nm.slot[i]; i = (i + 1) & (nm.cap - 1))
				;
			nm.slot[i] = mp->slot[k];
		}
		nm.n = mp->n;
		free(mp->slot);
		*mp = nm;
	}
	name = key(ps, v);
	for (i = hash(name, strlen(name)) & (mp->cap - 1); mp->slot[i]; i = (i + 1) & (mp->cap - 1))
		;
	mp->slot[i] = v + 1;
	mp->n++;
	return 0;
}

void ptx_map_clear(ptx_map_t *mp)
{
	free(mp->slot);
	mp->slot = NULL;
	mp->cap = mp->n = 0;
}

const char *ptx_key_mvar(const ptx_parser_t *ps, uint32_t v) { return ps->m->vars[v].name; }
const char *ptx_key_param(const ptx_parser_t *ps, uint32_t v) { return ps->fn->params[v].name; }
const char *ptx_key_fvar(const ptx_parser_t *ps, uint32_t v) { return ps->fn->vars[v].name; }

/* Key functions of the function's register declarations and labels. */
static const char *key_regdecl(const ptx_parser_t *ps, uint32_t v) { return ps->fn->regdecls[v].prefix; }
static const char *key_label(const ptx_parser_t *ps, uint32_t v) { return ps->fn->labels[v].name; }

/* Copy identifier src (a word that must be a plain identifier) to dst; what names it; 0 or -1. */
static int copy_ident(ptx_parser_t *ps, char *dst, const char *src, const char *what)
{
	size_t i, n = strlen(src);
	if (n > PTX_NAME_MAX)
		return ptx_err(&ps->lx, ps->lx.tline, "%s \"%.32s...\" is %zu characters long (limit %u)", what, src, n,
			       PTX_NAME_MAX);
	for (i = 0; i < n; i++)
		if (src[i] == '.' || src[i] == '%' || (i == 0 && src[i] >= '0' && src[i] <= '9'))
			return ptx_err(&ps->lx, ps->lx.tline, "%s \"%s\" is not an identifier", what, src);
	if (n == 0)
		return ptx_err(&ps->lx, ps->lx.tline, "missing %s", what);
	memcpy(dst, src, n + 1);
	return 0;
}

/* Read a word token as an identifier into dst and advance; 0 or -1. */
static int ident(ptx_parser_t *ps, char *dst, const char *what)
{
	char d[160];
	if (ps->lx.kind != TK_WORD)
		return ptx_err(&ps->lx, ps->lx.tline, "expected %s, got %s", what, ptx_tok_desc(&ps->lx, d, sizeof(d)));
	if (copy_ident(ps, dst, ps->lx.text, what))
		return -1;
	return ptx_lex_next(&ps->lx);
}

/* Read an unsigned integer literal of at most max into *v and advance; 0 or -1. */
static int number(ptx_parser_t *ps, uint64_t max, uint64_t *v, const char *what)
{
	char d[160];
	if (ps->lx.kind != TK_NUM || ptx_decode_int(ps->lx.text, v) != 0)
		return ptx_err(&ps->lx, ps->lx.tline, "expected %s (an integer), got %s", what,
			       ptx_tok_desc(&ps->lx, d, sizeof(d)));
	if (*v > max)
		return ptx_err(&ps->lx, ps->lx.tline, "%s %s is out of range (limit %llu)", what, ps->lx.text,
			       (unsigned long long)max);
	return ptx_lex_next(&ps->lx);
}

/* The current token is a type directive (".b32"); its type and advance, or PTX_T_NONE (message). */
static ptx_type_t type_dir(ptx_parser_t *ps, const char *what)
{
	char d[160];
	ptx_type_t t = PTX_T_NONE;
	if (ps->lx.kind == TK_WORD && ps->lx.text[0] == '.')
		t = ptx_type_lookup(ps->lx.text + 1);
	if (t == PTX_T_NONE) {
		if (ps->lx.kind == TK_WORD && (strcmp(ps->lx.text, ".v2") == 0 || strcmp(ps->lx.text, ".v4") == 0))
			ptx_err(&ps->lx, ps->lx.tline, "vector %s (%s) is not supported", what, ps->lx.text);
		else
			ptx_err(&ps->lx, ps->lx.tline, "expected the type of the %s, got %s", what,
				ptx_tok_desc(&ps->lx, d, sizeof(d)));
		return PTX_T_NONE;
	}
	if (ptx_lex_next(&ps->lx))
		return PTX_T_NONE;
	return t;
}

/* Optional ".align N": *align gets N (a power of two) or stays; 0 or -1. */
static int opt_align(ptx_parser_t *ps, uint32_t *align)
{
	uint64_t v;
	unsigned line = ps->lx.tline;
	if (!ptx_is_word(&ps->lx, ".align"))
		return 0;
	if (ptx_lex_next(&ps->lx) || number(ps, 1u << 16, &v, ".align"))
		return -1;
	if (v == 0 || (v & (v - 1)))
		return ptx_err(&ps->lx, line, ".align %llu is not a power of two", (unsigned long long)v);
	*align = (uint32_t)v;
	return 0;
}

/* Optional array dimensions "[N][M]..." or "[]": *elems the product, *unsized for "[]"; 0 or -1. */
static int dims(ptx_parser_t *ps, uint64_t *elems, uint8_t *unsized)
{
	uint64_t v;
	*elems = 1;
	*unsized = 0;
	while (ptx_is(&ps->lx, '[')) {
		if (ptx_lex_next(&ps->lx))
			return -1;
		if (ptx_is(&ps->lx, ']') && !*unsized && *elems == 1) {
			*unsized = 1;
			*elems = 0;
		} else {
			if (*unsized)
				return ptx_err(&ps->lx, ps->lx.tline, "only the first dimension may be unsized");
			if (number(ps, 1u << 30, &v, "array dimension"))
				return -1;
			if (v == 0)
				return ptx_err(&ps->lx, ps->lx.tline, "array dimension 0");
			*elems *= v;
			if (*elems > (1ull << 30))
				return ptx_err(&ps->lx, ps->lx.tline, "array of %llu elements (limit %u)",
					       (unsigned long long)*elems, 1u << 30);
		}
		if (ptx_expect(&ps->lx, ']', "after the array dimension"))
			return -1;
	}
	return 0;
}

/* One initializer element (integer with optional '-', or 0f/0d float) into *bits; 0 or -1. */
static int init_value(ptx_parser_t *ps, uint64_t *bits)
{
	char d[160];
	ptx_opdkind_t k;
	int neg = 0, r;
	if (ptx_is(&ps->lx, '-')) {
		neg = 1;
		if (ptx_lex_next(&ps->lx))
			return -1;
	}
	if (ps->lx.kind != TK_NUM)
		return ptx_err(&ps->lx, ps->lx.tline, "initializer: expected a number, got %s",
			       ptx_tok_desc(&ps->lx, d, sizeof(d)));
	r = ptx_decode_float(ps->lx.text, bits, &k);
	if (r == 0 && neg)
		return ptx_err(&ps->lx, ps->lx.tline, "malformed immediate \"-%s\"", ps->lx.text);
	if (r == 1 && ptx_decode_int(ps->lx.text, bits) == 0)
		r = 0;
	if (r != 0)
		return ptx_err(&ps->lx, ps->lx.tline, "malformed immediate \"%s\"", ps->lx.text);
	if (neg)
		*bits = (uint64_t)0 - *bits;
	return ptx_lex_next(&ps->lx);
}

/* The initializer after '=' of v: a value or a flat {list}; 0 or -1. */
static int initializer(ptx_parser_t *ps, ptx_var_t *v)
{
	uint32_t cap = 0;
	int list = ptx_is(&ps->lx, '{');
	if (list && ptx_lex_next(&ps->lx))
		return -1;
	for (;;) {
		if (ps->total_init >= PTX_INIT_MAX)
			return ptx_err(&ps->lx, ps->lx.tline, "too many initializer elements (limit %u)", PTX_INIT_MAX);
		if (v->n_init >= cap) {
			uint64_t *ni;
			cap = cap ? cap * 2 : 16;
			ni = realloc(v->init, (size_t)cap * sizeof(*ni));
			if (!ni)
				return ptx_nomem(&ps->lx);
			v->init = ni;
		}
		if (init_value(ps, &v->init[v->n_init]))
			return -1;
		v->n_init++;
		ps->total_init++;
		if (!list || !ptx_is(&ps->lx, ','))
			break;
		if (ptx_lex_next(&ps->lx))
			return -1;
	}
	if (list && ptx_expect(&ps->lx, '}', "at the end of the initializer"))
		return -1;
	if (v->unsized) {
		v->unsized = 0;
		v->elems = v->n_init;
	}
	if (v->n_init > v->elems)
		return ptx_err(&ps->lx, v->line, "%u initializers for %llu elements of %s", v->n_init,
			       (unsigned long long)v->elems, v->name);
	return 0;
}

/* A variable declaration after its space directive (the current token is .align or the type):
 * into a new entry of the module's (fn NULL) or the function's variables; 0 or -1. */
static int var_decl(ptx_parser_t *ps, ptx_space_t space, int is_extern, int is_visible, unsigned line)
{
	ptx_var_t *v, *list;
	ptx_map_t *mp;
	uint32_t *n, *cap, i;
	if (ps->fn) {
		list = ps->fn->vars;
		n = &ps->fn->n_vars;
		cap = &ps->cap_fvars;
	} else {
		list = ps->m->vars;
		n = &ps->m->n_vars;
		cap = &ps->cap_vars;
	}
	if (ps->total_vars >= PTX_VARS_MAX)
		return ptx_err(&ps->lx, line, "too many variables (limit %u)", PTX_VARS_MAX);
	if (PTX_GROW(ps, list, cap, *n, PTX_VARS_MAX, "variables"))
		return -1;
	if (ps->fn)
		ps->fn->vars = list;
	else
		ps->m->vars = list;
	v = &list[*n];
	memset(v, 0, sizeof(*v));
	v->line = line;
	v->space = space;
	v->is_extern = (uint8_t)is_extern;
	v->is_visible = (uint8_t)is_visible;
	if (opt_align(ps, &v->align))
		return -1;
	if ((v->type = type_dir(ps, "variable")) == PTX_T_NONE)
		return -1;
	if (v->type == PTX_T_PRED)
		return ptx_err(&ps->lx, line, "a .pred variable is not supported");
	if (ident(ps, v->name, "variable name") || dims(ps, &v->elems, &v->unsized))
		return -1;
	(*n)++; /* owned by the list from here on (its init is freed with it) */
	ps->total_vars++;
	if (!v->align)
		v->align = ptx_type_size(v->type);
	mp = ps->fn ? &ps->fvars : &ps->mvars;
	i = ptx_map_find(ps, mp, ps->fn ? ptx_key_fvar : ptx_key_mvar, v->name, strlen(v->name));
	if (i != PTX_NONE)
		return ptx_err(&ps->lx, line, "duplicate variable %s (first at line %u)", v->name, list[i].line);
	if (ptx_map_add(ps, mp, ps->fn ? ptx_key_fvar : ptx_key_mvar, *n - 1))
		return -1;
	if (v->unsized && !is_extern)
		return ptx_err(&ps->lx, line, "unsized array %s without .extern", v->name);
	if (ptx_is(&ps->lx, '=')) {
		if (space != PTX_SP_GLOBAL && space != PTX_SP_CONST)
			return ptx_err(&ps->lx, line, "initializer of .%s variable %s", ptx_space_name(space), v->name);
		if (ptx_lex_next(&ps->lx) || initializer(ps, v))
			return -1;
	}
	v->size = v->elems * ptx_type_size(v->type);
	return ptx_expect(&ps->lx, ';', "after the variable declaration");
}

/* The parameter list "( .param ... , ... )" into fn->params (is_ret marks them); 0 or -1. */
static int params(ptx_parser_t *ps, int is_ret)
{
	ptx_func_t *fn = ps->fn;
	uint32_t offset = 0, i, first = fn->n_params;
	if (ptx_expect(&ps->lx, '(', "before the parameters"))
		return -1;
	while (!ptx_is(&ps->lx, ')')) {
		ptx_param_t *p;
		uint64_t elems;
		uint8_t unsized;
		char d[160];
		if (fn->n_params > first && ptx_expect(&ps->lx, ',', "between parameters"))
			return -1;
		if (!ptx_is_word(&ps->lx, ".param"))
			return ptx_err(&ps->lx, ps->lx.tline, "expected .param, got %s", ptx_tok_desc(&ps->lx, d, sizeof(d)));
		if (PTX_GROW(ps, fn->params, &ps->cap_params, fn->n_params, PTX_PARAMS_MAX, "parameters"))
			return -1;
		p = &fn->params[fn->n_params];
		memset(p, 0, sizeof(*p));
		p->line = ps->lx.tline;
		p->is_ret = (uint8_t)is_ret;
		if (ptx_lex_next(&ps->lx) || opt_align(ps, &p->align))
			return -1;
		if ((p->type = type_dir(ps, "parameter")) == PTX_T_NONE)
			return -1;
		if (p->type == PTX_T_PRED)
			return ptx_err(&ps->lx, p->line, "a .pred parameter is not supported");
		if (ident(ps, p->name, "parameter name") || dims(ps, &elems, &unsized))
			return -1;
		if (unsized || elems * ptx_type_size(p->type) > 65536)
			return ptx_err(&ps->lx, p->line, "parameter %s: size must be 1..65536 bytes", p->name);
		i = ptx_map_find(ps, &ps->params, ptx_key_param, p->name, strlen(p->name));
		if (i != PTX_NONE)
			return ptx_err(&ps->lx, p->line, "duplicate parameter %s (first at line %u)", p->name,
				       fn->params[i].line);
		if (ptx_map_add(ps, &ps->params, ptx_key_param, fn->n_params))
			return -1;
		if (!p->align)
			p->align = ptx_type_size(p->type);
		p->size = (uint32_t)(elems * ptx_type_size(p->type));
		offset = (offset + p->align - 1) & ~(p->align - 1);
		p->offset = offset;
		offset += p->size;
		if (!is_ret)
			fn->param_bytes = offset;
		fn->n_params++;
	}
	return ptx_lex_next(&ps->lx);
}

/* Performance directives between the header and the body; 0 or -1. */
static int perf_dirs(ptx_parser_t *ps)
{
	ptx_func_t *fn = ps->fn;
	while (ps->lx.kind == TK_WORD && ps->lx.text[0] == '.') {
		uint32_t *dst, n = 1, k;
		uint64_t v;
		if (ptx_is_word(&ps->lx, ".maxntid")) {
			dst = fn->maxntid;
			n = 3;
		} else if (ptx_is_word(&ps->lx, ".reqntid")) {
			dst = fn->reqntid;
			n = 3;
		} else if (ptx_is_word(&ps->lx, ".minnctapersm")) {
			dst = &fn->minnctapersm;
		} else if (ptx_is_word(&ps->lx, ".maxnreg")) {
			dst = &fn->maxnreg;
		} else {
			return ptx_err(&ps->lx, ps->lx.tline, "directive %s is not supported", ps->lx.text);
		}
		if (ptx_lex_next(&ps->lx))
			return -1;
		for (k = 0; k < n; k++) {
			if (k && !ptx_is(&ps->lx, ','))
				break;
			if (k && ptx_lex_next(&ps->lx))
				return -1;
			if (number(ps, 1u << 30, &v, "directive value"))
				return -1;
			dst[k] = (uint32_t)v;
		}
	}
	return 0;
}

/* ".reg .type %a<N>, %b, ...;" (the current token is .reg); 0 or -1. */
static int reg_decl(ptx_parser_t *ps)
{
	ptx_func_t *fn = ps->fn;
	unsigned line = ps->lx.tline;
	ptx_type_t t;
	uint32_t i, k;
	if (ptx_lex_next(&ps->lx))
		return -1;
	if ((t = type_dir(ps, "register")) == PTX_T_NONE)
		return -1;
	for (;;) {
		ptx_regdecl_t *rd;
		uint64_t count = 1;
		char d[160];
		size_t n;
		if (ps->lx.kind != TK_WORD || ps->lx.text[0] != '%')
			return ptx_err(&ps->lx, ps->lx.tline, "expected a register name, got %s",
				       ptx_tok_desc(&ps->lx, d, sizeof(d)));
		if (PTX_GROW(ps, fn->regdecls, &ps->cap_regdecls, fn->n_regdecls, PTX_REGDECLS_MAX,
			     "register declarations"))
			return -1;
		rd = &fn->regdecls[fn->n_regdecls];
		memset(rd, 0, sizeof(*rd));
		rd->line = line;
		rd->type = t;
		if (copy_ident(ps, rd->prefix, ps->lx.text + 1, "register name") || ptx_lex_next(&ps->lx))
			return -1;
		n = strlen(rd->prefix);
		if (ptx_is(&ps->lx, '<')) {
			if (rd->prefix[n - 1] >= '0' && rd->prefix[n - 1] <= '9')
				return ptx_err(&ps->lx, line, "register range %%%s<...>: the name may not end in a digit",
					       rd->prefix);
			if (ptx_lex_next(&ps->lx) || number(ps, PTX_REGS_MAX, &count, "register count") ||
			    ptx_expect(&ps->lx, '>', "after the register count"))
				return -1;
			if (count == 0)
				return ptx_err(&ps->lx, line, "register range %%%s<0> declares no register", rd->prefix);
			rd->ranged = 1;
		}
		i = ptx_map_find(ps, &ps->regdecls, key_regdecl, rd->prefix, n);
		if (i != PTX_NONE && ps->depth && fn->regdecls[i].scoped && fn->regdecls[i].type == t &&
		    fn->regdecls[i].ranged == rd->ranged && fn->regdecls[i].count == count) {
			/* the same declaration in another nested block: one register for all of them (a
			   block's register is dead outside it) */
			if (!ptx_is(&ps->lx, ','))
				break;
			if (ptx_lex_next(&ps->lx))
				return -1;
			continue;
		}
		if (i != PTX_NONE && ps->depth)
			return ptx_err(&ps->lx, line, "register %%%s in a nested block shadows the declaration at line %u "
				       "(not supported)", rd->prefix, fn->regdecls[i].line);
		if (i != PTX_NONE)
			return ptx_err(&ps->lx, line, "register %%%s declared twice (first at line %u)", rd->prefix,
				       fn->regdecls[i].line);
		rd->scoped = ps->depth > 0;
		if (ptx_map_add(ps, &ps->regdecls, key_regdecl, fn->n_regdecls))
			return -1;
		if (fn->n_regs + count > PTX_REGS_MAX)
			return ptx_err(&ps->lx, line, "too many registers (limit %u)", PTX_REGS_MAX);
		rd->count = (uint32_t)count;
		rd->first = fn->n_regs;
		for (k = 0; k < rd->count; k++) {
			if (PTX_GROW(ps, fn->regs, &ps->cap_regs, fn->n_regs, PTX_REGS_MAX, "registers"))
				return -1;
			fn->regs[fn->n_regs].type = t;
			fn->regs[fn->n_regs].decl = fn->n_regdecls;
			fn->regs[fn->n_regs].index = k;
			fn->n_regs++;
		}
		fn->n_regdecls++;
		if (!ptx_is(&ps->lx, ','))
			break;
		if (ptx_lex_next(&ps->lx))
			return -1;
	}
	return ptx_expect(&ps->lx, ';', "after the register declaration");
}

uint32_t ptx_reg_lookup(ptx_parser_t *ps, const char *name, unsigned line)
{
	const ptx_func_t *fn = ps->fn;
	size_t n = strlen(name), k, j;
	uint32_t d, idx = 0;
	if (n < 2 || name[0] != '%') {
		ptx_err(&ps->lx, line, "expected a register, got \"%s\"", name);
		return PTX_NONE;
	}
	d = ptx_map_find(ps, &ps->regdecls, key_regdecl, name + 1, n - 1);
	if (d != PTX_NONE && !fn->regdecls[d].ranged)
		return fn->regdecls[d].first;
	for (k = n; k > 1 && name[k - 1] >= '0' && name[k - 1] <= '9'; k--)
		;
	/* %<prefix><index>: a non-empty prefix, 1 to 9 digits without a leading zero */
	if (k < n && k > 1 && n - k <= 9 && !(name[k] == '0' && n - k > 1)) {
		for (j = k; j < n; j++)
			idx = idx * 10 + (uint32_t)(name[j] - '0');
		d = ptx_map_find(ps, &ps->regdecls, key_regdecl, name + 1, k - 1);
		if (d != PTX_NONE && fn->regdecls[d].ranged) {
			const ptx_regdecl_t *rd = &fn->regdecls[d];
			if (idx < rd->count)
				return rd->first + idx;
			ptx_err(&ps->lx, line, "register %s is out of the declared range %%%s<%u> (line %u)", name, rd->prefix,
				rd->count, rd->line);
			return PTX_NONE;
		}
	}
	ptx_err(&ps->lx, line, "undeclared register %s", name);
	return PTX_NONE;
}

/* A label definition "name:" (the current token is the name); 0 or -1. */
static int label_def(ptx_parser_t *ps)
{
	ptx_func_t *fn = ps->fn;
	ptx_label_t *l;
	uint32_t i;
	if (PTX_GROW(ps, fn->labels, &ps->cap_labels, fn->n_labels, PTX_INSNS_MAX, "labels"))
		return -1;
	l = &fn->labels[fn->n_labels];
	memset(l, 0, sizeof(*l));
	l->line = ps->lx.tline;
	l->insn = fn->n_insns;
	if (copy_ident(ps, l->name, ps->lx.text, "label"))
		return -1;
	i = ptx_map_find(ps, &ps->labels, key_label, l->name, strlen(l->name));
	if (i != PTX_NONE)
		return ptx_err(&ps->lx, l->line, "duplicate label %s (first at line %u)", l->name, fn->labels[i].line);
	if (ptx_map_add(ps, &ps->labels, key_label, fn->n_labels))
		return -1;
	fn->n_labels++;
	if (ptx_lex_next(&ps->lx))
		return -1;
	return ptx_expect(&ps->lx, ':', "after the label");
}

/* Resolve the label uses of the function just closed; 0 or -1. */
static int resolve_labels(ptx_parser_t *ps)
{
	ptx_func_t *fn = ps->fn;
	uint32_t i, k;
	for (i = 0; i < ps->n_fix; i++) {
		const struct ptx_fix *f = &ps->fix[i];
		k = ptx_map_find(ps, &ps->labels, key_label, f->name, strlen(f->name));
		if (k == PTX_NONE)
			return ptx_err(&ps->lx, f->line, "undefined label %s", f->name);
		fn->insns[f->insn].ops[f->op].label = k;
		fn->insns[f->insn].ops[f->op].target = fn->labels[k].insn;
	}
	ps->n_fix = 0;
	return 0;
}

/* The next non-blank byte on the current line after the current token is c. */
static int next_char_is(const ptx_lex_t *lx, char c)
{
	size_t i = lx->pos;
	while (i < lx->len && (lx->p[i] == ' ' || lx->p[i] == '\t'))
		i++;
	return i < lx->len && lx->p[i] == c;
}

/* Skip ".loc a b c" / ".file n "name" [, a, b]" (debug information, ignored); 0 or -1. */
static int debug_dir(ptx_parser_t *ps)
{
	int loc = ptx_is_word(&ps->lx, ".loc");
	uint64_t v;
	if (ptx_lex_next(&ps->lx) || number(ps, UINT32_MAX, &v, loc ? ".loc file" : ".file number"))
		return -1;
	if (loc)
		return number(ps, UINT32_MAX, &v, ".loc line") || number(ps, UINT32_MAX, &v, ".loc column") ? -1 : 0;
	if (ps->lx.kind != TK_STR)
		return ptx_err(&ps->lx, ps->lx.tline, ".file: expected a string");
	if (ptx_lex_next(&ps->lx))
		return -1;
	while (ptx_is(&ps->lx, ','))
		if (ptx_lex_next(&ps->lx) || number(ps, UINT64_MAX, &v, ".file value"))
			return -1;
	return 0;
}

/* ".pragma "text";" (ignored); 0 or -1. */
static int pragma(ptx_parser_t *ps)
{
	if (ptx_lex_next(&ps->lx))
		return -1;
	if (ps->lx.kind != TK_STR)
		return ptx_err(&ps->lx, ps->lx.tline, ".pragma: expected a string");
	if (ptx_lex_next(&ps->lx))
		return -1;
	return ptx_expect(&ps->lx, ';', "after .pragma");
}

/* The body "{ ... }" of ps->fn (the current token is '{'); 0 or -1. */
static int body(ptx_parser_t *ps)
{
	ptx_lex_t *lx = &ps->lx;
	ps->depth = 0;
	if (ptx_lex_next(lx))
		return -1;
	for (;;) {
		if (lx->kind == TK_EOF)
			return ptx_err(lx, lx->tline, "end of file inside the body of %s (missing '}')", ps->fn->name);
		if (ptx_is(lx, '}') && !ps->depth)
			break;
		if (ptx_is(lx, '{') || ptx_is(lx, '}')) { /* a nested block: a scope for .reg declarations */
			if (ptx_is(lx, '{') && ps->depth == 16)
				return ptx_err(lx, lx->tline, "nested blocks { } deeper than 16");
			ps->depth += ptx_is(lx, '{') ? 1u : (uint32_t)-1;
			if (ptx_lex_next(lx))
				return -1;
			continue;
		}
		if (ptx_is_word(lx, ".reg")) {
			if (reg_decl(ps))
				return -1;
		} else if (ptx_is_word(lx, ".local") || ptx_is_word(lx, ".shared")) {
			unsigned line = lx->tline;
			ptx_space_t sp = lx->text[1] == 'l' ? PTX_SP_LOCAL : PTX_SP_SHARED;
			if (ptx_lex_next(lx) || var_decl(ps, sp, 0, 0, line))
				return -1;
		} else if (ptx_is_word(lx, ".pragma")) {
			if (pragma(ps))
				return -1;
		} else if (ptx_is_word(lx, ".loc")) {
			if (debug_dir(ps))
				return -1;
		} else if (lx->kind == TK_WORD && lx->text[0] == '.') {
			return ptx_err(lx, lx->tline, "directive %s is not supported in a function body", lx->text);
		} else if (lx->kind == TK_WORD && lx->text[0] != '%' && next_char_is(lx, ':')) {
			if (label_def(ps))
				return -1;
		} else if (lx->kind == TK_WORD || ptx_is(lx, '@')) {
			if (ptx_parse_insn(ps))
				return -1;
		} else {
			char d[160];
			return ptx_err(lx, lx->tline, "expected an instruction, label or declaration, got %s",
				       ptx_tok_desc(lx, d, sizeof(d)));
		}
	}
	if (resolve_labels(ps))
		return -1;
	return ptx_lex_next(lx);
}

/* A function after its linkage (the current token is .entry or .func); 0 or -1. */
static int function(ptx_parser_t *ps, int is_visible, unsigned line)
{
	ptx_module_t *m = ps->m;
	ptx_func_t *fn;
	uint32_t i;
	int is_entry = ptx_is_word(&ps->lx, ".entry");
	if (PTX_GROW(ps, m->funcs, &ps->cap_funcs, m->n_funcs, PTX_FUNCS_MAX, "functions"))
		return -1;
	fn = &m->funcs[m->n_funcs++];
	memset(fn, 0, sizeof(*fn));
	ps->fn = fn;
	ps->cap_params = ps->cap_regdecls = ps->cap_regs = ps->cap_fvars = ps->cap_labels = ps->cap_insns = 0;
	ptx_map_clear(&ps->params);
	ptx_map_clear(&ps->fvars);
	ptx_map_clear(&ps->regdecls);
	ptx_map_clear(&ps->labels);
	fn->line = line;
	fn->is_entry = (uint8_t)is_entry;
	fn->is_visible = (uint8_t)is_visible;
	if (ptx_lex_next(&ps->lx))
		return -1;
	if (!is_entry && ptx_is(&ps->lx, '(') && params(ps, 1))
		return -1;
	if (ident(ps, fn->name, "function name"))
		return -1;
	for (i = 0; i + 1 < m->n_funcs; i++)
		if (strcmp(m->funcs[i].name, fn->name) == 0)
			return ptx_err(&ps->lx, line, "duplicate function %s (first at line %u)", fn->name, m->funcs[i].line);
	if ((is_entry || ptx_is(&ps->lx, '(')) && params(ps, 0))
		return -1;
	if (perf_dirs(ps))
		return -1;
	if (ptx_is(&ps->lx, ';'))
		return ptx_err(&ps->lx, line, "function declaration %s without a body is not supported", fn->name);
	if (!ptx_is(&ps->lx, '{'))
		return ptx_expect(&ps->lx, '{', "to open the body");
	if (body(ps))
		return -1;
	ps->fn = NULL;
	return 0;
}

/* ".version X.Y", ".target ...", ".address_size N"; 0 or -1. */
static int header_dir(ptx_parser_t *ps)
{
	ptx_lex_t *lx = &ps->lx;
	ptx_module_t *m = ps->m;
	char d[160];
	uint64_t v = 0;
	if (ptx_is_word(lx, ".version")) {
		unsigned a, b;
		char c;
		if (ptx_lex_next(lx))
			return -1;
		if (lx->kind != TK_NUM || sscanf(lx->text, "%3u.%3u%c", &a, &b, &c) != 2 ||
		    strspn(lx->text, "0123456789.") != strlen(lx->text))
			return ptx_err(lx, lx->tline, ".version: expected MAJOR.MINOR, got %s", ptx_tok_desc(lx, d, sizeof(d)));
		m->version_major = a;
		m->version_minor = b;
		return ptx_lex_next(lx);
	}
	if (ptx_is_word(lx, ".target")) {
		size_t n = 0, k;
		if (ptx_lex_next(lx))
			return -1;
		for (;;) {
			if (lx->kind != TK_WORD)
				return ptx_err(lx, lx->tline, ".target: expected a target name, got %s",
					       ptx_tok_desc(lx, d, sizeof(d)));
			k = strlen(lx->text);
			if (n + k + 2 > sizeof(m->target))
				return ptx_err(lx, lx->tline, ".target: too long (limit %u characters)", PTX_NAME_MAX);
			if (n)
				m->target[n++] = ',';
			memcpy(m->target + n, lx->text, k + 1);
			n += k;
			if (ptx_lex_next(lx))
				return -1;
			if (!ptx_is(lx, ','))
				return 0;
			if (ptx_lex_next(lx))
				return -1;
		}
	}
	if (ptx_lex_next(lx) || number(ps, 64, &v, ".address_size"))
		return -1;
	if (v != 32 && v != 64)
		return ptx_err(lx, lx->tline, ".address_size %llu (legal: 32, 64)", (unsigned long long)v);
	m->address_size = (unsigned)v;
	return 0;
}

/* The module: directives, variables and functions up to the end of the text; 0 or -1. */
static int module(ptx_parser_t *ps)
{
	ptx_lex_t *lx = &ps->lx;
	while (lx->kind != TK_EOF) {
		int is_visible = 0, is_extern = 0;
		unsigned line = lx->tline;
		if (ptx_is_word(lx, ".version") || ptx_is_word(lx, ".target") || ptx_is_word(lx, ".address_size")) {
			if (header_dir(ps))
				return -1;
			continue;
		}
		if (ptx_is_word(lx, ".file")) {
			if (debug_dir(ps))
				return -1;
			continue;
		}
		if (ptx_is_word(lx, ".pragma")) {
			if (pragma(ps))
				return -1;
			continue;
		}
		while (ptx_is_word(lx, ".visible") || ptx_is_word(lx, ".extern") || ptx_is_word(lx, ".weak")) {
			if (lx->text[1] == 'v')
				is_visible = 1;
			else if (lx->text[1] == 'e')
				is_extern = 1;
			if (ptx_lex_next(lx))
				return -1;
		}
		if (ptx_is_word(lx, ".entry") || ptx_is_word(lx, ".func")) {
			if (function(ps, is_visible, line))
				return -1;
		} else if (ptx_is_word(lx, ".global") || ptx_is_word(lx, ".const") || ptx_is_word(lx, ".shared")) {
			ptx_space_t sp = lx->text[1] == 'g' ? PTX_SP_GLOBAL : lx->text[1] == 'c' ? PTX_SP_CONST : PTX_SP_SHARED;
			if (ptx_lex_next(lx) || var_decl(ps, sp, is_extern, is_visible, line))
				return -1;
		} else if (ptx_is_word(lx, ".tex") || ptx_is_word(lx, ".surfref") || ptx_is_word(lx, ".texref") ||
			   ptx_is_word(lx, ".samplerref") || ptx_is_word(lx, ".local") || ptx_is_word(lx, ".param")) {
			return ptx_err(lx, lx->tline, "state space %s is not supported at module level", lx->text);
		} else if (lx->kind == TK_WORD && lx->text[0] == '.') {
			return ptx_err(lx, lx->tline, "directive %s is not supported", lx->text);
		} else {
			char d[160];
			return ptx_err(lx, lx->tline, "expected a directive at module level, got %s",
				       ptx_tok_desc(lx, d, sizeof(d)));
		}
	}
	if (!ps->m->version_major && !ps->m->target[0])
		return ptx_err(lx, lx->tline, "no .version and .target: not a PTX module");
	return 0;
}

void ptx_module_free(ptx_module_t *m)
{
	uint32_t i, k;
	if (!m)
		return;
	for (i = 0; i < m->n_vars; i++)
		free(m->vars[i].init);
	free(m->vars);
	for (i = 0; i < m->n_funcs; i++) {
		ptx_func_t *fn = &m->funcs[i];
		for (k = 0; k < fn->n_vars; k++)
			free(fn->vars[k].init);
		free(fn->vars);
		free(fn->params);
		free(fn->regdecls);
		free(fn->regs);
		free(fn->labels);
		free(fn->insns);
	}
	free(m->funcs);
	free(m);
}

ptx_status_t ptx_parse_string(const char *name, const char *text, size_t len, ptx_module_t **out, char *msg,
			      size_t msg_len)
{
	ptx_parser_t ps;
	ptx_status_t st;
	memset(&ps, 0, sizeof(ps));
	*out = NULL;
	ps.m = calloc(1, sizeof(*ps.m));
	if (!ps.m) {
		if (msg && msg_len)
			snprintf(msg, msg_len, "%s: out of memory", name);
		return PTX_ENOMEM;
	}
	snprintf(ps.m->name, sizeof(ps.m->name), "%s", name);
	ps.m->address_size = 64;
	if (ptx_lex_init(&ps.lx, name, text, len, msg, msg_len) || module(&ps))
		goto out;
	*out = ps.m;
	ps.m = NULL;
out:
	st = ps.lx.failed ? ps.lx.status : PTX_OK;
	ptx_module_free(ps.m);
	free(ps.fix);
	ptx_map_clear(&ps.mvars);
	ptx_map_clear(&ps.params);
	ptx_map_clear(&ps.fvars);
	ptx_map_clear(&ps.regdecls);
	ptx_map_clear(&ps.labels);
	return st;
}

ptx_status_t ptx_parse_file(const char *path, ptx_module_t **out, char *msg, size_t msg_len)
{
	FILE *f;
	char *buf = NULL;
	size_t len = 0, cap = 0, got;
	ptx_status_t st = PTX_EIO;
	*out = NULL;
	f = fopen(path, "rb");
	if (!f) {
		if (msg && msg_len)
			snprintf(msg, msg_len, "%s: cannot open: %s", path, strerror(errno));
		return PTX_EIO;
	}
	for (;;) {
		if (len == cap) {
			char *nb;
			if (cap > PTX_INPUT_MAX) {
				if (msg && msg_len)
					snprintf(msg, msg_len, "%s:1: input is longer than %u bytes", path, PTX_INPUT_MAX);
				st = PTX_EINVAL;
				goto out;
			}
			cap = cap ? cap * 2 : 65536;
			nb = realloc(buf, cap);
			if (!nb) {
				if (msg && msg_len)
					snprintf(msg, msg_len, "%s: out of memory", path);
				st = PTX_ENOMEM;
				goto out;
			}
			buf = nb;
		}
		got = fread(buf + len, 1, cap - len, f);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		if (msg && msg_len)
			snprintf(msg, msg_len, "%s: cannot read: %s", path, strerror(errno));
		goto out;
	}
	st = ptx_parse_string(path, buf ? buf : "", len, out, msg, msg_len);
out:
	free(buf);
	fclose(f);
	return st;
}
