/* ptx.h - a parser for the PTX that nvcc writes for the kernel suite (docs/ptx.md; issue 16,
 * item 3): a module (version, target, module-level variables) of functions (parameters, register
 * table, local and shared arrays, labels resolved to instruction indices) of instructions (guard,
 * opcode, every modifier as a typed field, operands with registers as ids into the function's
 * register table). The representation is meant for a warp-level simulator, a liveness-based
 * register allocator and register traces.
 *
 * Parsing stops at the first problem; its message is one line
 *   file:line: what is wrong or not supported
 * returned in the caller's buffer with PTX_EINVAL, and no module is returned. Every input size is
 * bounded (PTX_*_MAX below); exceeding a bound is a message of its own. */
#ifndef PTX_PTX_H
#define PTX_PTX_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PTX_INPUT_MAX (16u << 20) /* most bytes of one input */
#define PTX_LINE_MAX 4095u        /* longest line in bytes (without its newline) */
#define PTX_NAME_MAX 255u         /* longest identifier, register or label name (mangled C++ names run long) */
#define PTX_TOKEN_MAX 255u        /* longest token (an opcode with its modifiers, a literal) */
#define PTX_FUNCS_MAX 1024u       /* most functions of a module */
#define PTX_VARS_MAX 4096u        /* most variables of a module plus those of its functions */
#define PTX_PARAMS_MAX 1024u      /* most parameters of one function */
#define PTX_REGDECLS_MAX 4096u    /* most .reg declarations of one function */
#define PTX_REGS_MAX 65536u       /* most virtual registers of one function */
#define PTX_INSNS_MAX (1u << 19)  /* most instructions of a module (about 440 bytes each) */
#define PTX_INIT_MAX (1u << 20)   /* most initializer elements of a module */
#define PTX_OPS_MAX 5u            /* most operands of one instruction */
#define PTX_MSG_MAX 1024u         /* holds any message (for file names of up to 256 bytes) */

#define PTX_NONE UINT32_MAX /* no register (no guard, no second destination) */
#define PTX_SINK (UINT32_MAX - 1u) /* the sink `_` in place of a register */

/* Result of a parse. */
typedef enum {
	PTX_OK = 0, /* parsed; *out holds the module */
	PTX_EINVAL, /* the text is malformed or uses something not supported; message written */
	PTX_EIO,    /* the file could not be read; message written */
	PTX_ENOMEM, /* out of memory; message written */
} ptx_status_t;

/* Fundamental types, also the classes of registers. */
typedef enum {
	PTX_T_NONE = 0,
	PTX_T_PRED,
	PTX_T_B8, PTX_T_B16, PTX_T_B32, PTX_T_B64,
	PTX_T_U8, PTX_T_U16, PTX_T_U32, PTX_T_U64,
	PTX_T_S8, PTX_T_S16, PTX_T_S32, PTX_T_S64,
	PTX_T_F16, PTX_T_F32, PTX_T_F64,
	PTX_T_COUNT
} ptx_type_t;

/* State spaces. */
typedef enum {
	PTX_SP_NONE = 0, /* generic addressing (ld/st/atom without a space) */
	PTX_SP_PARAM,
	PTX_SP_GLOBAL,
	PTX_SP_SHARED,
	PTX_SP_LOCAL,
	PTX_SP_CONST,
	PTX_SP_COUNT
} ptx_space_t;

/* Opcodes (ptx_opcode_name gives the PTX spelling). */
typedef enum {
	PTX_OP_ADD, PTX_OP_SUB, PTX_OP_MUL, PTX_OP_MAD, PTX_OP_FMA, PTX_OP_DIV, PTX_OP_REM,
	PTX_OP_ABS, PTX_OP_NEG, PTX_OP_MIN, PTX_OP_MAX,
	PTX_OP_AND, PTX_OP_OR, PTX_OP_XOR, PTX_OP_NOT, PTX_OP_SHL, PTX_OP_SHR,
	PTX_OP_POPC, PTX_OP_CLZ, PTX_OP_BREV, PTX_OP_BFE, PTX_OP_BFI,
	PTX_OP_SETP, PTX_OP_SELP, PTX_OP_CVT, PTX_OP_CVTA, PTX_OP_MOV,
	PTX_OP_LD, PTX_OP_ST, PTX_OP_ATOM, PTX_OP_RED,
	PTX_OP_BRA, PTX_OP_RET, PTX_OP_EXIT, PTX_OP_BAR,
	PTX_OP_RCP, PTX_OP_SQRT, PTX_OP_RSQRT, PTX_OP_EX2, PTX_OP_LG2, PTX_OP_SIN, PTX_OP_COS,
	PTX_OP_SHFL, PTX_OP_VOTE,
	PTX_OP_COUNT
} ptx_opcode_t;

/* setp comparison. */
typedef enum {
	PTX_CMP_NONE = 0,
	PTX_CMP_EQ, PTX_CMP_NE, PTX_CMP_LT, PTX_CMP_LE, PTX_CMP_GT, PTX_CMP_GE,
	PTX_CMP_LO, PTX_CMP_LS, PTX_CMP_HI, PTX_CMP_HS,
	PTX_CMP_EQU, PTX_CMP_NEU, PTX_CMP_LTU, PTX_CMP_LEU, PTX_CMP_GTU, PTX_CMP_GEU,
	PTX_CMP_NUM, PTX_CMP_NAN,
	PTX_CMP_COUNT
} ptx_cmp_t;

/* setp boolean combination with a second predicate. */
typedef enum { PTX_BOOL_NONE = 0, PTX_BOOL_AND, PTX_BOOL_OR, PTX_BOOL_XOR, PTX_BOOL_COUNT } ptx_bool_t;

/* Rounding modifier. */
typedef enum {
	PTX_RND_NONE = 0,
	PTX_RND_RN, PTX_RND_RZ, PTX_RND_RM, PTX_RND_RP,     /* floating-point result */
	PTX_RND_RNI, PTX_RND_RZI, PTX_RND_RMI, PTX_RND_RPI, /* round to an integer value */
	PTX_RND_COUNT
} ptx_rnd_t;

/* Integer multiply width: .wide, .lo, .hi. */
typedef enum { PTX_MODE_NONE = 0, PTX_MODE_WIDE, PTX_MODE_LO, PTX_MODE_HI, PTX_MODE_COUNT } ptx_mode_t;

/* Precision of approximate math and div: .approx or .full. */
typedef enum { PTX_PREC_NONE = 0, PTX_PREC_APPROX, PTX_PREC_FULL, PTX_PREC_COUNT } ptx_prec_t;

/* atom/red operation. */
typedef enum {
	PTX_AOP_NONE = 0,
	PTX_AOP_ADD, PTX_AOP_MIN, PTX_AOP_MAX, PTX_AOP_INC, PTX_AOP_DEC,
	PTX_AOP_AND, PTX_AOP_OR, PTX_AOP_XOR, PTX_AOP_EXCH, PTX_AOP_CAS,
	PTX_AOP_COUNT
} ptx_aop_t;

/* shfl mode. */
typedef enum {
	PTX_SHFL_NONE = 0, PTX_SHFL_UP, PTX_SHFL_DOWN, PTX_SHFL_BFLY, PTX_SHFL_IDX, PTX_SHFL_COUNT
} ptx_shfl_t;

/* vote mode. */
typedef enum {
	PTX_VOTE_NONE = 0, PTX_VOTE_ALL, PTX_VOTE_ANY, PTX_VOTE_UNI, PTX_VOTE_BALLOT, PTX_VOTE_COUNT
} ptx_vote_t;

/* Memory ordering of ld/st/atom/red. */
typedef enum {
	PTX_SEM_NONE = 0, PTX_SEM_VOLATILE, PTX_SEM_RELAXED, PTX_SEM_ACQUIRE, PTX_SEM_RELEASE,
	PTX_SEM_ACQ_REL, PTX_SEM_COUNT
} ptx_sem_t;

/* Memory scope of ld/st/atom/red. */
typedef enum { PTX_SCOPE_NONE = 0, PTX_SCOPE_CTA, PTX_SCOPE_GPU, PTX_SCOPE_SYS, PTX_SCOPE_COUNT } ptx_scope_t;

/* Special registers. */
typedef enum {
	PTX_SREG_TID, PTX_SREG_NTID, PTX_SREG_CTAID, PTX_SREG_NCTAID, PTX_SREG_LANEID, PTX_SREG_WARPID,
	PTX_SREG_COUNT
} ptx_sreg_t;

/* What a symbol operand or address names. */
typedef enum {
	PTX_SYM_PARAM,     /* a parameter of the function: index into func.params */
	PTX_SYM_MODVAR,    /* a module-level variable: index into module.vars */
	PTX_SYM_FUNCVAR,   /* a variable declared in the function: index into func.vars */
} ptx_symkind_t;

/* Kind of an operand. */
typedef enum {
	PTX_OPD_REG,     /* a register (reg; reg2 a second destination after '|', or PTX_NONE) */
	PTX_OPD_VEC,     /* a vector {r, r, ...} of n_vec registers in vec[] (PTX_SINK for `_`) */
	PTX_OPD_IMM,     /* an integer immediate: bits (two's complement) */
	PTX_OPD_F32,     /* a 0fXXXXXXXX immediate: bits (IEEE single in the low 32 bits) */
	PTX_OPD_F64,     /* a 0dXXXXXXXXXXXXXXXX immediate: bits (IEEE double) */
	PTX_OPD_ADDR,    /* [base+offset]: reg (PTX_NONE: none), or a symbol (has_sym), plus offset */
	PTX_OPD_SREG,    /* a special register sreg with component comp */
	PTX_OPD_SYM,     /* the address of a symbol (mov %rd, name) */
	PTX_OPD_LABEL,   /* a label: label (index into func.labels), target (instruction index) */
	PTX_OPD_SINK,    /* the sink `_` */
} ptx_opdkind_t;

/* One operand. */
typedef struct {
	ptx_opdkind_t kind;  /* what it is */
	uint8_t neg;         /* predicate source written !%p */
	uint8_t n_vec;       /* PTX_OPD_VEC: registers in vec[] (2 or 4) */
	uint8_t comp;        /* PTX_OPD_SREG: 0 x, 1 y, 2 z; 3 for registers without a component */
	uint8_t has_sym;     /* PTX_OPD_ADDR: the base is the symbol symkind/sym */
	ptx_sreg_t sreg;     /* PTX_OPD_SREG: which special register */
	ptx_symkind_t symkind; /* PTX_OPD_ADDR with has_sym, PTX_OPD_SYM: the table sym indexes */
	uint32_t sym;        /* index of the symbol in its table */
	uint32_t reg;        /* PTX_OPD_REG, PTX_OPD_ADDR: register id (PTX_NONE: none) */
	uint32_t reg2;       /* PTX_OPD_REG: second destination after '|' (PTX_NONE: none) */
	uint32_t vec[4];     /* PTX_OPD_VEC: register ids */
	uint32_t label;      /* PTX_OPD_LABEL: index into func.labels */
	uint32_t target;     /* PTX_OPD_LABEL: index of the instruction the label names */
	uint64_t bits;       /* PTX_OPD_IMM/F32/F64: the value's bits */
	int64_t offset;      /* PTX_OPD_ADDR: byte offset added to the base */
} ptx_operand_t;

/* One instruction with every modifier decoded; fields whose modifier is absent are 0/NONE. */
typedef struct {
	unsigned line;          /* source line */
	ptx_opcode_t op;        /* opcode */
	uint32_t guard;         /* guard predicate register id, or PTX_NONE */
	uint8_t guard_neg;      /* guard written @!%p */
	ptx_type_t type;        /* the type (cvt: destination type) */
	ptx_type_t type2;       /* cvt: source type; otherwise PTX_T_NONE */
	ptx_cmp_t cmp;          /* setp comparison */
	ptx_bool_t boolop;      /* setp combination with the last (predicate) operand */
	ptx_rnd_t rnd;          /* rounding */
	ptx_mode_t mode;        /* .wide/.lo/.hi */
	ptx_prec_t prec;        /* .approx/.full */
	ptx_space_t space;      /* state space (ld/st/atom/red/cvta) */
	ptx_aop_t aop;          /* atom/red operation */
	ptx_shfl_t shfl;        /* shfl mode */
	ptx_vote_t vote;        /* vote mode */
	ptx_sem_t sem;          /* memory ordering */
	ptx_scope_t scope;      /* memory scope */
	uint8_t vec;            /* ld/st vector width: 1, 2 or 4 */
	uint8_t ftz;            /* .ftz */
	uint8_t sat;            /* .sat */
	uint8_t uni;            /* bra.uni */
	uint8_t sync;           /* .sync (bar, shfl, vote) */
	uint8_t warp;           /* bar.warp.sync: the lanes of a member mask, not the CTA's warps */
	uint8_t aligned;        /* .aligned */
	uint8_t nc;             /* ld.global.nc */
	uint8_t to;             /* cvta.to (generic to space; without it space to generic) */
	uint8_t n_ops;          /* operands in ops[] */
	ptx_operand_t ops[PTX_OPS_MAX]; /* operands in source order (destinations first) */
} ptx_insn_t;

/* A variable: module level (.global/.const/.shared) or in a function (.local/.shared). */
typedef struct {
	char name[PTX_NAME_MAX + 1]; /* identifier */
	unsigned line;               /* line of the declaration */
	ptx_space_t space;           /* state space */
	ptx_type_t type;             /* element type */
	uint8_t is_extern;           /* .extern */
	uint8_t is_visible;          /* .visible */
	uint8_t unsized;             /* declared with [] (dynamic shared memory): size 0 */
	uint32_t align;              /* alignment in bytes (the type's size if not given) */
	uint64_t elems;              /* elements (product of the dimensions; 1 for a scalar) */
	uint64_t size;               /* bytes: elems times the element size */
	uint32_t n_init;             /* initializer elements in init[] (0: none) */
	uint64_t *init;              /* initializer elements' bits (floats as 0f/0d bits) */
} ptx_var_t;

/* A parameter of a function. */
typedef struct {
	char name[PTX_NAME_MAX + 1]; /* identifier */
	unsigned line;               /* line of the declaration */
	ptx_type_t type;             /* element type */
	uint32_t align;              /* alignment in bytes */
	uint32_t size;               /* bytes */
	uint32_t offset;             /* byte offset in the parameter space (aligned) */
	uint8_t is_ret;              /* a return parameter of a .func */
} ptx_param_t;

/* One .reg declaration: `%name<count>` (ranged) or `%name` (a single register). */
typedef struct {
	char prefix[PTX_NAME_MAX + 1]; /* name without '%' and without the index */
	unsigned line;                 /* line of the declaration */
	ptx_type_t type;               /* register class */
	uint8_t ranged;                /* declared as %prefix<count> */
	uint8_t scoped;                /* declared in a nested block { } (every such block shares it) */
	uint32_t count;                /* registers declared */
	uint32_t first;                /* id of register %prefix0 (or %prefix) */
} ptx_regdecl_t;

/* A virtual register: ids index func.regs. */
typedef struct {
	ptx_type_t type; /* class */
	uint32_t decl;   /* index of its declaration in func.regdecls */
	uint32_t index;  /* index within the declaration (the N of %rN) */
} ptx_reg_t;

/* A label. */
typedef struct {
	char name[PTX_NAME_MAX + 1]; /* identifier, e.g. $L__BB0_2 */
	unsigned line;               /* line of its definition */
	uint32_t insn;               /* index of the instruction it names (n_insns: the end) */
} ptx_label_t;

/* A function: a kernel (.entry) or a device function (.func). */
typedef struct {
	char name[PTX_NAME_MAX + 1]; /* identifier */
	unsigned line;               /* line of .entry/.func */
	uint8_t is_entry;            /* .entry (else .func) */
	uint8_t is_visible;          /* .visible */
	uint32_t maxntid[3];         /* .maxntid (0: not given) */
	uint32_t reqntid[3];         /* .reqntid (0: not given) */
	uint32_t minnctapersm;       /* .minnctapersm (0: not given) */
	uint32_t maxnreg;            /* .maxnreg (0: not given) */
	uint32_t n_params;           /* parameters (return parameters first) */
	ptx_param_t *params;         /* the parameters */
	uint32_t param_bytes;        /* size of the (input) parameter space */
	uint32_t n_regdecls;         /* .reg declarations */
	ptx_regdecl_t *regdecls;     /* the declarations in source order */
	uint32_t n_regs;             /* virtual registers */
	ptx_reg_t *regs;             /* the register table: id -> class */
	uint32_t n_vars;             /* .local/.shared variables declared in the body */
	ptx_var_t *vars;             /* the variables */
	uint32_t n_labels;           /* labels */
	ptx_label_t *labels;         /* the labels in source order */
	uint32_t n_insns;            /* instructions */
	ptx_insn_t *insns;           /* the instructions in source order */
} ptx_func_t;

/* A module: one PTX file. */
typedef struct {
	char name[PTX_NAME_MAX + 1];   /* the file name it was parsed under (truncated) */
	unsigned version_major;        /* .version major */
	unsigned version_minor;        /* .version minor */
	char target[PTX_NAME_MAX + 1]; /* .target, comma-separated as written (e.g. "sm_75") */
	unsigned address_size;         /* .address_size (32 or 64; 64 when not given) */
	uint32_t n_vars;               /* module-level variables */
	ptx_var_t *vars;               /* the variables */
	uint32_t n_funcs;              /* functions */
	ptx_func_t *funcs;             /* the functions in source order */
} ptx_module_t;

/* Parse len bytes of text named name (used in messages). On PTX_OK *out is a new module (free
 * with ptx_module_free); otherwise *out is NULL and msg (msg_len bytes, PTX_MSG_MAX suffice) holds
 * the one-line message without a newline. */
ptx_status_t ptx_parse_string(const char *name, const char *text, size_t len, ptx_module_t **out,
			      char *msg, size_t msg_len);
/* Read the file at path and parse it as ptx_parse_string does, naming it path. */
ptx_status_t ptx_parse_file(const char *path, ptx_module_t **out, char *msg, size_t msg_len);
/* Free a module (NULL is fine). */
void ptx_module_free(ptx_module_t *m);

/* Print the canonical listing of m to f: per function its summary, parameters, declarations,
 * labels and one line per instruction. check_only: only one summary line per function. */
void ptx_dump(const ptx_module_t *m, FILE *f, int check_only);
/* Print instruction i of function fn in PTX syntax with canonical modifier order (no newline). */
void ptx_print_insn(const ptx_module_t *m, const ptx_func_t *fn, const ptx_insn_t *i, FILE *f);
/* Write the name of register id of fn (e.g. "%r12", "%SP") into buf (PTX_NAME_MAX + 16 bytes). */
void ptx_reg_name(const ptx_func_t *fn, uint32_t id, char *buf, size_t len);

/* PTX spelling of an opcode ("add"). */
const char *ptx_opcode_name(ptx_opcode_t op);
/* PTX spelling of a type without the dot ("s32"); "" for PTX_T_NONE. */
const char *ptx_type_name(ptx_type_t t);
/* Size of a type in bytes (0 for PTX_T_NONE and PTX_T_PRED). */
unsigned ptx_type_size(ptx_type_t t);
/* PTX spelling of a state space ("global"); "" for PTX_SP_NONE. */
const char *ptx_space_name(ptx_space_t s);
/* PTX spelling of a special register ("tid"). */
const char *ptx_sreg_name(ptx_sreg_t s);
/* Number of registers of class t in fn. */
uint32_t ptx_count_regs(const ptx_func_t *fn, ptx_type_t t);

#ifdef __cplusplus
}
#endif

#endif
