/* ptx_int.h - internals shared by the PTX lexer (ptx_lex.c), the declaration parser
 * (ptx_parse.c) and the instruction parser (ptx_insn.c); not part of the contract (ptx.h). */
#ifndef PTX_PTX_INT_H
#define PTX_PTX_INT_H

#include "ptx.h"

/* Token kinds. */
typedef enum {
	TK_EOF,   /* end of the input */
	TK_WORD,  /* identifier, directive, register, opcode with modifiers: [A-Za-z_$%.][A-Za-z0-9_$.]* */
	TK_NUM,   /* literal starting with a digit: [0-9][A-Za-z0-9_.]* */
	TK_STR,   /* "string" (text without the quotes) */
	TK_PUNCT, /* one character of , ; : { } [ ] ( ) < > + - | ! @ = */
} ptx_tk_t;

/* The lexer: one token of lookahead in tok. */
typedef struct {
	const char *name;              /* input name for messages */
	const char *p;                 /* the text */
	size_t len;                    /* its length */
	size_t pos;                    /* next byte to read */
	unsigned line;                 /* line of pos */
	ptx_tk_t kind;                 /* current token's kind */
	unsigned tline;                /* current token's line */
	char text[PTX_TOKEN_MAX + 1];  /* current token's text (NUL-terminated) */
	char *msg;                     /* message buffer */
	size_t msg_len;                /* its size */
	int failed;                    /* a message has been written */
	ptx_status_t status;           /* status of the failure */
} ptx_lex_t;

/* Write "name:line: <fmt>" to the message buffer (first failure only); returns -1. */
int ptx_err(ptx_lex_t *lx, unsigned line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Report out of memory; returns -1. */
int ptx_nomem(ptx_lex_t *lx);
/* Start lexing text (checks the first line, reads the first token); 0 or -1. */
int ptx_lex_init(ptx_lex_t *lx, const char *name, const char *text, size_t len, char *msg, size_t msg_len);
/* Read the next token into lx; 0 or -1 (message written). */
int ptx_lex_next(ptx_lex_t *lx);
/* The current token is punctuation c. */
int ptx_is(const ptx_lex_t *lx, char c);
/* The current token is the word w. */
int ptx_is_word(const ptx_lex_t *lx, const char *w);
/* Expect punctuation c (what: the construct, for the message) and read past it; 0 or -1. */
int ptx_expect(ptx_lex_t *lx, char c, const char *what);
/* Describe the current token for a message ("\"x\"", "end of file") into buf. */
const char *ptx_tok_desc(const ptx_lex_t *lx, char *buf, size_t len);

/* Decode an integer literal (decimal, 0x hex, 0b binary, 0 octal, optional U suffix) into *v;
 * 0, or -1 when malformed or above 2^64 - 1. */
int ptx_decode_int(const char *s, uint64_t *v);
/* Decode 0fXXXXXXXX (*kind PTX_OPD_F32) or 0dXXXXXXXXXXXXXXXX (PTX_OPD_F64) into *bits; 0, 1 when
 * s is not a float literal, -1 when malformed. */
int ptx_decode_float(const char *s, uint64_t *bits, ptx_opdkind_t *kind);

/* A hash set of names: each slot holds a value + 1 (0: empty); the names themselves live in the
 * module's tables and are reached through a key function. Open addressing, at most half full. */
typedef struct {
	uint32_t *slot; /* cap slots */
	uint32_t cap;   /* a power of two, or 0 */
	uint32_t n;     /* values held */
} ptx_map_t;

/* Parser state. */
typedef struct ptx_parser ptx_parser_t;
/* The name of value v of a map. */
typedef const char *(*ptx_key_fn)(const ptx_parser_t *ps, uint32_t v);

struct ptx_parser {
	ptx_lex_t lx;             /* the lexer */
	ptx_module_t *m;          /* the module being built */
	ptx_func_t *fn;           /* the function being built (NULL at module level) */
	uint32_t cap_vars;        /* capacity of m->vars */
	uint32_t cap_funcs;       /* capacity of m->funcs */
	uint32_t cap_params;      /* capacity of fn->params */
	uint32_t cap_regdecls;    /* capacity of fn->regdecls */
	uint32_t cap_regs;        /* capacity of fn->regs */
	uint32_t cap_fvars;       /* capacity of fn->vars */
	uint32_t cap_labels;      /* capacity of fn->labels */
	uint32_t cap_insns;       /* capacity of fn->insns */
	uint32_t total_insns;     /* instructions of the module so far */
	uint32_t depth;           /* nested blocks { } open in the body */
	uint32_t total_vars;      /* variables of the module so far */
	uint32_t total_init;      /* initializer elements so far */
	uint32_t n_fix;           /* label uses to resolve in fix[] */
	uint32_t cap_fix;         /* capacity of fix[] */
	struct ptx_fix {          /* a label use: instruction, operand, name, line */
		uint32_t insn, op;
		unsigned line;
		char name[PTX_NAME_MAX + 1];
	} *fix;
	ptx_map_t mvars;          /* module variables by name */
	ptx_map_t params;         /* the function's parameters by name */
	ptx_map_t fvars;          /* the function's variables by name */
	ptx_map_t regdecls;       /* the function's register declarations by prefix */
	ptx_map_t labels;         /* the function's labels by name */
	void *grown;              /* PTX_GROW's result */
};

/* The value of name[0..len) in mp (keys through key), or PTX_NONE. */
uint32_t ptx_map_find(const ptx_parser_t *ps, const ptx_map_t *mp, ptx_key_fn key, const char *name, size_t len);
/* Add value v (its name is key(ps, v), not yet in mp); 0, or -1 when out of memory. */
int ptx_map_add(ptx_parser_t *ps, ptx_map_t *mp, ptx_key_fn key, uint32_t v);
/* Empty mp and free its slots. */
void ptx_map_clear(ptx_map_t *mp);
/* Key functions of the maps above. */
const char *ptx_key_mvar(const ptx_parser_t *ps, uint32_t v);
const char *ptx_key_param(const ptx_parser_t *ps, uint32_t v);
const char *ptx_key_fvar(const ptx_parser_t *ps, uint32_t v);

/* arr (elements of size elem, capacity *cap) grown to hold n + 1 elements, at most max: arr
 * itself or a reallocated copy; NULL (message: too many what, or out of memory; arr untouched). */
void *ptx_grow(ptx_parser_t *ps, void *arr, uint32_t *cap, uint32_t n, size_t elem, uint32_t max,
	       const char *what);
/* Grow the array lvalue arr as ptx_grow does and store the result in it; 0 or -1. */
#define PTX_GROW(ps, arr, cap, n, max, what)                                                      \
	(((ps)->grown = ptx_grow((ps), (arr), (cap), (n), sizeof(*(arr)), (max), (what))) != NULL \
		 ? ((arr) = (ps)->grown, 0)                                                        \
		 : -1)
/* Parse one instruction (the current token is the guard's '@' or the opcode) into a new entry of
 * ps->fn->insns; 0 or -1. */
int ptx_parse_insn(ptx_parser_t *ps);
/* Look up a type by its name without the dot; PTX_T_NONE if it is none. */
ptx_type_t ptx_type_lookup(const char *s);
/* Look up a register written name (with '%') in fn; its id, or PTX_NONE (message written). */
uint32_t ptx_reg_lookup(ptx_parser_t *ps, const char *name, unsigned line);

#endif
