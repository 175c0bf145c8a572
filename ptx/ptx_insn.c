/* ptx_insn.c - the PTX instruction parser (docs/ptx.md, "Instructions"): the opcode table (the
 * modifiers each opcode allows and its operand signature), the modifier table, operands, and the
 * checks that need the whole instruction (required modifiers, operand kinds, register classes). */
#include <string.h>

#include "ptx_int.h"

/* Modifier kinds, as bits of an opcode's allowed set. */
enum {
	M_TYPE = 1u << 0, M_CMP = 1u << 1, M_BOOL = 1u << 2, M_RND = 1u << 3, M_FTZ = 1u << 4,
	M_SAT = 1u << 5, M_PREC = 1u << 6, M_MODE = 1u << 7, M_SPACE = 1u << 8, M_VEC = 1u << 9,
	M_AOP = 1u << 10, M_SHFL = 1u << 11, M_VOTE = 1u << 12, M_SEM = 1u << 13, M_SCOPE = 1u << 14,
	M_UNI = 1u << 15, M_SYNC = 1u << 16, M_ALIGNED = 1u << 17, M_NC = 1u << 18, M_TO = 1u << 19,
	M_WARP = 1u << 20,
};

/* An opcode: its spelling, the modifier kinds it allows, its operand signature (ptx_insn.c,
 * check_operand: d dest, D dest with optional |pred, p pred dest with optional |pred, q pred
 * source, s value source, y source or symbol, a address, v ld dest or vector, w st source or
 * vector, l label, b register or immediate; operands after '?' are optional) and its type count. */
typedef struct {
	const char *name;
	ptx_opcode_t op;
	uint32_t mods;
	const char *sig;
	unsigned ntypes;
} opinfo_t;

#define ARITH (M_TYPE | M_RND | M_FTZ | M_SAT)
#define MEM (M_TYPE | M_SPACE | M_SEM | M_SCOPE)
static const opinfo_t OPS[] = {
	{"add", PTX_OP_ADD, ARITH, "dss", 1},
	{"sub", PTX_OP_SUB, ARITH, "dss", 1},
	{"mul", PTX_OP_MUL, ARITH | M_MODE, "dss", 1},
	{"mad", PTX_OP_MAD, ARITH | M_MODE, "dsss", 1},
	{"fma", PTX_OP_FMA, ARITH, "dsss", 1},
	{"div", PTX_OP_DIV, M_TYPE | M_RND | M_FTZ | M_PREC, "dss", 1},
	{"rem", PTX_OP_REM, M_TYPE, "dss", 1},
	{"abs", PTX_OP_ABS, M_TYPE | M_FTZ, "ds", 1},
	{"neg", PTX_OP_NEG, M_TYPE | M_FTZ, "ds", 1},
	{"min", PTX_OP_MIN, M_TYPE | M_FTZ, "dss", 1},
	{"max", PTX_OP_MAX, M_TYPE | M_FTZ, "dss", 1},
	{"and", PTX_OP_AND, M_TYPE, "dss", 1},
	{"or", PTX_OP_OR, M_TYPE, "dss", 1},
	{"xor", PTX_OP_XOR, M_TYPE, "dss", 1},
	{"not", PTX_OP_NOT, M_TYPE, "ds", 1},
	{"shl", PTX_OP_SHL, M_TYPE, "dss", 1},
	{"shr", PTX_OP_SHR, M_TYPE, "dss", 1},
	{"popc", PTX_OP_POPC, M_TYPE, "ds", 1},
	{"clz", PTX_OP_CLZ, M_TYPE, "ds", 1},
	{"brev", PTX_OP_BREV, M_TYPE, "ds", 1},
	{"bfe", PTX_OP_BFE, M_TYPE, "dsss", 1},
	{"bfi", PTX_OP_BFI, M_TYPE, "dssss", 1},
	{"setp", PTX_OP_SETP, M_TYPE | M_CMP | M_BOOL | M_FTZ, "pss", 1},
	{"selp", PTX_OP_SELP, M_TYPE, "dssq", 1},
	{"cvt", PTX_OP_CVT, M_TYPE | M_RND | M_FTZ | M_SAT, "ds", 2},
	{"cvta", PTX_OP_CVTA, M_TYPE | M_SPACE | M_TO, "dy", 1},
	{"mov", PTX_OP_MOV, M_TYPE, "dy", 1},
	{"ld", PTX_OP_LD, MEM | M_VEC | M_NC, "va", 1},
	{"st", PTX_OP_ST, MEM | M_VEC, "aw", 1},
	{"atom", PTX_OP_ATOM, MEM | M_AOP, "das", 1},
	{"red", PTX_OP_RED, MEM | M_AOP, "as", 1},
	{"bra", PTX_OP_BRA, M_UNI, "l", 0},
	{"ret", PTX_OP_RET, M_UNI, "", 0},
	{"exit", PTX_OP_EXIT, 0, "", 0},
	{"bar", PTX_OP_BAR, M_SYNC | M_ALIGNED | M_WARP, "b?b", 0},
	{"barrier", PTX_OP_BAR, M_SYNC | M_ALIGNED, "b?b", 0}, /* barrier.sync: bar.sync without .aligned */
	{"rcp", PTX_OP_RCP, M_TYPE | M_RND | M_FTZ | M_PREC, "ds", 1},
	{"sqrt", PTX_OP_SQRT, M_TYPE | M_RND | M_FTZ | M_PREC, "ds", 1},
	{"rsqrt", PTX_OP_RSQRT, M_TYPE | M_FTZ | M_PREC, "ds", 1},
	{"ex2", PTX_OP_EX2, M_TYPE | M_FTZ | M_PREC, "ds", 1},
	{"lg2", PTX_OP_LG2, M_TYPE | M_FTZ | M_PREC, "ds", 1},
	{"sin", PTX_OP_SIN, M_TYPE | M_FTZ | M_PREC, "ds", 1},
	{"cos", PTX_OP_COS, M_TYPE | M_FTZ | M_PREC, "ds", 1},
	{"shfl", PTX_OP_SHFL, M_TYPE | M_SYNC | M_SHFL, "Dssss", 1},
	{"vote", PTX_OP_VOTE, M_TYPE | M_SYNC | M_VOTE, "dqs", 1},
};

/* Real PTX instructions outside the supported set (refused by name). */
static const char *const UNSUPPORTED_OPS[] = {
	"tex", "tld4", "txq", "suld", "sust", "sured", "suq", "mma", "wmma", "ldmatrix", "stmatrix", "call",
	"brx", "prmt", "lop3", "dp4a", "dp2a", "membar", "fence", "trap", "brkpt", "ldu", "prefetch", "prefetchu",
	"isspacep", "alloca", "activemask", "match", "redux", "cp", "mul24", "mad24", "sad", "copysign", "testp",
	"tanh", "nanosleep", "pmevent", "bfind", "fns", "elect", "mapa", "getctarank", "szext", "bmsk",
	"shf", "vadd", "vsub", "vmad", "vset", "vshl", "vshr", "vmin", "vmax", "vabsdiff", "cvt.pack", "stackrestore",
	"stacksave", "applypriority", "discard", "createpolicy", "multimem", "griddepcontrol", "setmaxnreg",
	"wgmma", "tensormap", "mbarrier", "cp.async", "st.async", "red.async", "clusterlaunchcontrol", "tcgen05",
};

/* A modifier: spelling without the dot, kind, value. */
typedef struct {
	const char *name;
	uint32_t kind;
	int value;
} modinfo_t;

static const modinfo_t MODS[] = {
	{"pred", M_TYPE, PTX_T_PRED}, {"b8", M_TYPE, PTX_T_B8}, {"b16", M_TYPE, PTX_T_B16},
	{"b32", M_TYPE, PTX_T_B32}, {"b64", M_TYPE, PTX_T_B64}, {"u8", M_TYPE, PTX_T_U8},
	{"u16", M_TYPE, PTX_T_U16}, {"u32", M_TYPE, PTX_T_U32}, {"u64", M_TYPE, PTX_T_U64},
	{"s8", M_TYPE, PTX_T_S8}, {"s16", M_TYPE, PTX_T_S16}, {"s32", M_TYPE, PTX_T_S32},
	{"s64", M_TYPE, PTX_T_S64}, {"f16", M_TYPE, PTX_T_F16}, {"f32", M_TYPE, PTX_T_F32},
	{"f64", M_TYPE, PTX_T_F64},
	{"eq", M_CMP, PTX_CMP_EQ}, {"ne", M_CMP, PTX_CMP_NE}, {"lt", M_CMP, PTX_CMP_LT},
	{"le", M_CMP, PTX_CMP_LE}, {"gt", M_CMP, PTX_CMP_GT}, {"ge", M_CMP, PTX_CMP_GE},
	{"lo", M_CMP, PTX_CMP_LO}, {"ls", M_CMP, PTX_CMP_LS}, {"hi", M_CMP, PTX_CMP_HI},
	{"hs", M_CMP, PTX_CMP_HS}, {"equ", M_CMP, PTX_CMP_EQU}, {"neu", M_CMP, PTX_CMP_NEU},
	{"ltu", M_CMP, PTX_CMP_LTU}, {"leu", M_CMP, PTX_CMP_LEU}, {"gtu", M_CMP, PTX_CMP_GTU},
	{"geu", M_CMP, PTX_CMP_GEU}, {"num", M_CMP, PTX_CMP_NUM}, {"nan", M_CMP, PTX_CMP_NAN},
	{"and", M_BOOL, PTX_BOOL_AND}, {"or", M_BOOL, PTX_BOOL_OR}, {"xor", M_BOOL, PTX_BOOL_XOR},
	{"rn", M_RND, PTX_RND_RN}, {"rz", M_RND, PTX_RND_RZ}, {"rm", M_RND, PTX_RND_RM},
	{"rp", M_RND, PTX_RND_RP}, {"rni", M_RND, PTX_RND_RNI}, {"rzi", M_RND, PTX_RND_RZI},
	{"rmi", M_RND, PTX_RND_RMI}, {"rpi", M_RND, PTX_RND_RPI},
	{"ftz", M_FTZ, 1}, {"sat", M_SAT, 1},
	{"approx", M_PREC, PTX_PREC_APPROX}, {"full", M_PREC, PTX_PREC_FULL},
	{"wide", M_MODE, PTX_MODE_WIDE}, {"lo", M_MODE, PTX_MODE_LO}, {"hi", M_MODE, PTX_MODE_HI},
	{"param", M_SPACE, PTX_SP_PARAM}, {"global", M_SPACE, PTX_SP_GLOBAL},
	{"shared", M_SPACE, PTX_SP_SHARED}, {"local", M_SPACE, PTX_SP_LOCAL}, {"const", M_SPACE, PTX_SP_CONST},
	{"v2", M_VEC, 2}, {"v4", M_VEC, 4},
	{"add", M_AOP, PTX_AOP_ADD}, {"min", M_AOP, PTX_AOP_MIN}, {"max", M_AOP, PTX_AOP_MAX},
	{"inc", M_AOP, PTX_AOP_INC}, {"dec", M_AOP, PTX_AOP_DEC}, {"and", M_AOP, PTX_AOP_AND},
	{"or", M_AOP, PTX_AOP_OR}, {"xor", M_AOP, PTX_AOP_XOR}, {"exch", M_AOP, PTX_AOP_EXCH},
	{"cas", M_AOP, PTX_AOP_CAS},
	{"up", M_SHFL, PTX_SHFL_UP}, {"down", M_SHFL, PTX_SHFL_DOWN}, {"bfly", M_SHFL, PTX_SHFL_BFLY},
	{"idx", M_SHFL, PTX_SHFL_IDX},
	{"all", M_VOTE, PTX_VOTE_ALL}, {"any", M_VOTE, PTX_VOTE_ANY}, {"uni", M_VOTE, PTX_VOTE_UNI},
	{"ballot", M_VOTE, PTX_VOTE_BALLOT},
	{"volatile", M_SEM, PTX_SEM_VOLATILE}, {"relaxed", M_SEM, PTX_SEM_RELAXED},
	{"acquire", M_SEM, PTX_SEM_ACQUIRE}, {"release", M_SEM, PTX_SEM_RELEASE},
	{"acq_rel", M_SEM, PTX_SEM_ACQ_REL},
	{"cta", M_SCOPE, PTX_SCOPE_CTA}, {"gpu", M_SCOPE, PTX_SCOPE_GPU}, {"sys", M_SCOPE, PTX_SCOPE_SYS},
	{"uni", M_UNI, 1}, {"sync", M_SYNC, 1}, {"aligned", M_ALIGNED, 1}, {"nc", M_NC, 1}, {"to", M_TO, 1},
	{"warp", M_WARP, 1},
};

/* Real PTX modifiers outside the supported set, and what they are (for the message). */
static const struct {
	const char *name, *what;
} UNSUPPORTED_MODS[] = {
	{"tex", "state space"}, {"surf", "state space"}, {"sreg", "state space"}, {"ca", "cache operator"},
	{"cg", "cache operator"}, {"cs", "cache operator"}, {"lu", "cache operator"}, {"cv", "cache operator"},
	{"wb", "cache operator"}, {"wt", "cache operator"}, {"weak", "memory order"}, {"mmio", "memory order"},
	{"cluster", "scope"}, {"arrive", "barrier mode"}, {"red", "barrier mode"},
	{"bf16", "type"}, {"bf16x2", "type"}, {"f16x2", "type"}, {"tf32", "type"}, {"e4m3", "type"},
	{"e5m2", "type"}, {"u16x2", "type"}, {"s16x2", "type"}, {"b128", "type"}, {"v8", "vector width"},
	{"cc", "carry"}, {"relu", "modifier"}, {"satfinite", "modifier"}, {"noftz", "modifier"},
	{"shiftamt", "modifier"}, {"clamp", "modifier"}, {"wrap", "modifier"}, {"unified", "modifier"},
};

const char *ptx_opcode_name(ptx_opcode_t op)
{
	size_t i;
	for (i = 0; i < sizeof(OPS) / sizeof(OPS[0]); i++)
		if (OPS[i].op == op)
			return OPS[i].name;
	return "?";
}

ptx_type_t ptx_type_lookup(const char *s)
{
	size_t i;
	for (i = 0; i < sizeof(MODS) / sizeof(MODS[0]) && MODS[i].kind == M_TYPE; i++)
		if (strcmp(MODS[i].name, s) == 0)
			return (ptx_type_t)MODS[i].value;
	return PTX_T_NONE;
}

/* The type is a floating-point type. */
static int is_float(ptx_type_t t) { return t == PTX_T_F16 || t == PTX_T_F32 || t == PTX_T_F64; }

/* Apply modifier mod (without the dot) to ins, allowed kinds mask; seen[] counts kinds; 0 or -1. */
static int apply_mod(ptx_lex_t *lx, ptx_insn_t *ins, const opinfo_t *oi, const char *opw, const char *mod,
		     int seen[24], unsigned *ntypes)
{
	size_t i;
	int known = 0, v, tmp;
	uint32_t k;
	for (i = 0; i < sizeof(MODS) / sizeof(MODS[0]); i++) {
		if (strcmp(MODS[i].name, mod) != 0)
			continue;
		known = 1;
		if (MODS[i].kind & oi->mods)
			break;
	}
	if (i == sizeof(MODS) / sizeof(MODS[0])) {
		for (i = 0; i < sizeof(UNSUPPORTED_MODS) / sizeof(UNSUPPORTED_MODS[0]); i++)
			if (strcmp(UNSUPPORTED_MODS[i].name, mod) == 0)
				return ptx_err(lx, lx->tline, "%s: %s .%s is not supported", opw, UNSUPPORTED_MODS[i].what, mod);
		if (known)
			return ptx_err(lx, lx->tline, "%s: modifier .%s is not allowed on %s", opw, mod, oi->name);
		return ptx_err(lx, lx->tline, "%s: unknown modifier .%s", opw, mod);
	}
	k = MODS[i].kind;
	v = MODS[i].value;
	if (k == M_TYPE) {
		if (*ntypes >= oi->ntypes)
			return ptx_err(lx, lx->tline, "%s: %s takes %u type%s, got another .%s", opw, oi->name, oi->ntypes,
				       oi->ntypes == 1 ? "" : "s", mod);
		if (*ntypes == 0)
			ins->type = (ptx_type_t)v;
		else
			ins->type2 = (ptx_type_t)v;
		(*ntypes)++;
		return 0;
	}
	for (tmp = 0; !((k >> tmp) & 1u); tmp++)
		;
	if (seen[tmp])
		return ptx_err(lx, lx->tline, "%s: conflicting or repeated modifier .%s", opw, mod);
	seen[tmp] = 1;
	switch (k) {
	case M_CMP: ins->cmp = (ptx_cmp_t)v; break;
	case M_BOOL: ins->boolop = (ptx_bool_t)v; break;
	case M_RND: ins->rnd = (ptx_rnd_t)v; break;
	case M_PREC: ins->prec = (ptx_prec_t)v; break;
	case M_MODE: ins->mode = (ptx_mode_t)v; break;
	case M_SPACE: ins->space = (ptx_space_t)v; break;
	case M_AOP: ins->aop = (ptx_aop_t)v; break;
	case M_SHFL: ins->shfl = (ptx_shfl_t)v; break;
	case M_VOTE: ins->vote = (ptx_vote_t)v; break;
	case M_SEM: ins->sem = (ptx_sem_t)v; break;
	case M_SCOPE: ins->scope = (ptx_scope_t)v; break;
	case M_VEC: ins->vec = (uint8_t)v; break;
	case M_FTZ: ins->ftz = 1; break;
	case M_SAT: ins->sat = 1; break;
	case M_UNI: ins->uni = 1; break;
	case M_SYNC: ins->sync = 1; break;
	case M_ALIGNED: ins->aligned = 1; break;
	case M_NC: ins->nc = 1; break;
	case M_WARP: ins->warp = 1; break;
	default: ins->to = 1; break;
	}
	return 0;
}

/* Special registers with an .x/.y/.z component (first) and without (after). */
static const struct {
	const char *name;
	ptx_sreg_t sreg;
	int comp;
} SREGS[] = {
	{"%tid", PTX_SREG_TID, 1}, {"%ntid", PTX_SREG_NTID, 1}, {"%ctaid", PTX_SREG_CTAID, 1},
	{"%nctaid", PTX_SREG_NCTAID, 1}, {"%laneid", PTX_SREG_LANEID, 0}, {"%warpid", PTX_SREG_WARPID, 0},
};

/* Real special registers outside the supported set. */
static const char *const UNSUPPORTED_SREGS[] = {
	"%clock", "%clock64", "%smid", "%nsmid", "%gridid", "%nwarpid", "%lanemask_eq", "%lanemask_le",
	"%lanemask_lt", "%lanemask_ge", "%lanemask_gt", "%globaltimer", "%globaltimer_lo", "%globaltimer_hi",
	"%dynamic_smem_size", "%total_smem_size", "%aggr_smem_size", "%is_explicit_cluster", "%clusterid",
	"%nclusterid", "%cluster_ctaid", "%cluster_nctaid", "%cluster_ctarank", "%cluster_nctarank",
	"%reserved_smem_offset_begin", "%reserved_smem_offset_end", "%reserved_smem_offset_cap",
	"%current_graph_exec",
};

const char *ptx_sreg_name(ptx_sreg_t s) { return (unsigned)s < PTX_SREG_COUNT ? SREGS[s].name + 1 : "?"; }

/* Register or special register word w into o (reg2 PTX_NONE); 0 or -1. */
static int reg_operand(ptx_parser_t *ps, const char *w, ptx_operand_t *o)
{
	size_t i, n = strcspn(w, ".");
	for (i = 0; i < sizeof(SREGS) / sizeof(SREGS[0]); i++) {
		if (strlen(SREGS[i].name) != n || memcmp(SREGS[i].name, w, n) != 0)
			continue;
		o->kind = PTX_OPD_SREG;
		o->sreg = SREGS[i].sreg;
		o->comp = 3;
		if (SREGS[i].comp && w[n] == '.' && w[n + 1] >= 'x' && w[n + 1] <= 'z' && w[n + 2] == '\0')
			o->comp = (uint8_t)(w[n + 1] - 'x');
		else if (SREGS[i].comp || w[n])
			return ptx_err(&ps->lx, ps->lx.tline, "special register %s: %s", w,
				       SREGS[i].comp ? "expected a component .x, .y or .z" : "takes no component");
		return 0;
	}
	for (i = 0; i < sizeof(UNSUPPORTED_SREGS) / sizeof(UNSUPPORTED_SREGS[0]); i++)
		if (strlen(UNSUPPORTED_SREGS[i]) == n && memcmp(UNSUPPORTED_SREGS[i], w, n) == 0)
			return ptx_err(&ps->lx, ps->lx.tline, "special register %s is not supported", w);
	o->kind = PTX_OPD_REG;
	o->reg2 = PTX_NONE;
	o->reg = ptx_reg_lookup(ps, w, ps->lx.tline);
	return o->reg == PTX_NONE ? -1 : 0;
}

/* Look up symbol name (parameter, function variable, module variable); 0 or -1 if none. */
static int symbol(const ptx_parser_t *ps, const char *name, ptx_symkind_t *kind, uint32_t *idx)
{
	size_t n = strlen(name);
	if ((*idx = ptx_map_find(ps, &ps->params, ptx_key_param, name, n)) != PTX_NONE)
		*kind = PTX_SYM_PARAM;
	else if ((*idx = ptx_map_find(ps, &ps->fvars, ptx_key_fvar, name, n)) != PTX_NONE)
		*kind = PTX_SYM_FUNCVAR;
	else if ((*idx = ptx_map_find(ps, &ps->mvars, ptx_key_mvar, name, n)) != PTX_NONE)
		*kind = PTX_SYM_MODVAR;
	else
		return -1;
	return 0;
}

/* An integer or 0f/0d literal (the current token; neg: after '-') into o; 0 or -1. */
static int immediate(ptx_parser_t *ps, ptx_operand_t *o, int neg)
{
	ptx_lex_t *lx = &ps->lx;
	int r = ptx_decode_float(lx->text, &o->bits, &o->kind);
	if (r == 0 && !neg)
		return ptx_lex_next(lx);
	if (r == 1 && ptx_decode_int(lx->text, &o->bits) == 0) {
		if (neg && o->bits > (uint64_t)1 << 63)
			return ptx_err(lx, lx->tline, "integer immediate -%s is out of range", lx->text);
		o->kind = PTX_OPD_IMM;
		if (neg)
			o->bits = (uint64_t)0 - o->bits;
		return ptx_lex_next(lx);
	}
	if (r == 1 && strchr(lx->text, '.') && lx->text[strspn(lx->text, "0123456789.eE")] == '\0')
		return ptx_err(lx, lx->tline, "decimal floating-point immediate \"%s\" is not supported (0f/0d hex only)",
			       lx->text);
	return ptx_err(lx, lx->tline, "malformed immediate \"%s%s\"", neg ? "-" : "", lx->text);
}

/* The address "[base+offset]" (the current token is '['); 0 or -1. */
static int address(ptx_parser_t *ps, ptx_operand_t *o)
{
	ptx_lex_t *lx = &ps->lx;
	char d[160];
	uint64_t v;
	o->kind = PTX_OPD_ADDR;
	o->reg = PTX_NONE;
	if (ptx_lex_next(lx))
		return -1;
	if (lx->kind == TK_WORD && lx->text[0] == '%') {
		if ((o->reg = ptx_reg_lookup(ps, lx->text, lx->tline)) == PTX_NONE || ptx_lex_next(lx))
			return -1;
	} else if (lx->kind == TK_WORD) {
		if (symbol(ps, lx->text, &o->symkind, &o->sym))
			return ptx_err(lx, lx->tline, "undeclared symbol %s", lx->text);
		o->has_sym = 1;
		if (ptx_lex_next(lx))
			return -1;
	} else if (lx->kind == TK_NUM) {
		if (ptx_decode_int(lx->text, &v) || v > INT64_MAX)
			return ptx_err(lx, lx->tline, "malformed address \"%s\"", lx->text);
		o->offset = (int64_t)v;
		return ptx_lex_next(lx) ? -1 : ptx_expect(lx, ']', "to close the address");
	} else {
		return ptx_err(lx, lx->tline, "address: expected a register or a name, got %s", ptx_tok_desc(lx, d, sizeof(d)));
	}
	if (ptx_is(lx, '+') || ptx_is(lx, '-')) {
		int neg = ptx_is(lx, '-');
		if (ptx_lex_next(lx))
			return -1;
		if (!neg && ptx_is(lx, '-')) {
			neg = 1;
			if (ptx_lex_next(lx))
				return -1;
		}
		if (lx->kind != TK_NUM || ptx_decode_int(lx->text, &v) || v > ((uint64_t)1 << 40))
			return ptx_err(lx, lx->tline, "address: malformed offset %s", ptx_tok_desc(lx, d, sizeof(d)));
		o->offset = neg ? -(int64_t)v : (int64_t)v;
		if (ptx_lex_next(lx))
			return -1;
	}
	return ptx_expect(lx, ']', "to close the address");
}

/* The vector "{a, b, ...}" (the current token is '{'); 0 or -1. */
static int vector(ptx_parser_t *ps, ptx_operand_t *o)
{
	ptx_lex_t *lx = &ps->lx;
	char d[160];
	o->kind = PTX_OPD_VEC;
	if (ptx_lex_next(lx))
		return -1;
	for (;;) {
		if (o->n_vec == 4)
			return ptx_err(lx, lx->tline, "vector of more than 4 elements");
		if (ptx_is_word(lx, "_")) {
			o->vec[o->n_vec++] = PTX_SINK;
		} else if (lx->kind == TK_WORD && lx->text[0] == '%') {
			if ((o->vec[o->n_vec] = ptx_reg_lookup(ps, lx->text, lx->tline)) == PTX_NONE)
				return -1;
			o->n_vec++;
		} else {
			return ptx_err(lx, lx->tline, "vector: expected a register, got %s", ptx_tok_desc(lx, d, sizeof(d)));
		}
		if (ptx_lex_next(lx))
			return -1;
		if (!ptx_is(lx, ','))
			break;
		if (ptx_lex_next(lx))
			return -1;
	}
	return ptx_expect(lx, '}', "to close the vector");
}

/* One operand into o; a bare name goes to name (resolved later as a label or symbol); 0 or -1. */
static int operand(ptx_parser_t *ps, ptx_operand_t *o, char *name)
{
	ptx_lex_t *lx = &ps->lx;
	char d[160];
	memset(o, 0, sizeof(*o));
	o->reg = o->reg2 = PTX_NONE;
	name[0] = '\0';
	if (ptx_is(lx, '{'))
		return vector(ps, o);
	if (ptx_is(lx, '['))
		return address(ps, o);
	if (ptx_is(lx, '-')) {
		if (ptx_lex_next(lx))
			return -1;
		if (lx->kind != TK_NUM)
			return ptx_err(lx, lx->tline, "malformed immediate: '-' before %s", ptx_tok_desc(lx, d, sizeof(d)));
		return immediate(ps, o, 1);
	}
	if (lx->kind == TK_NUM)
		return immediate(ps, o, 0);
	if (ptx_is(lx, '!')) {
		o->neg = 1;
		if (ptx_lex_next(lx))
			return -1;
		if (lx->kind != TK_WORD || lx->text[0] != '%')
			return ptx_err(lx, lx->tline, "expected a predicate register after '!', got %s",
				       ptx_tok_desc(lx, d, sizeof(d)));
	}
	if (lx->kind != TK_WORD)
		return ptx_err(lx, lx->tline, "expected an operand, got %s", ptx_tok_desc(lx, d, sizeof(d)));
	if (strcmp(lx->text, "_") == 0) {
		o->kind = PTX_OPD_SINK;
		return ptx_lex_next(lx);
	}
	if (strcmp(lx->text, "WARP_SZ") == 0) { /* the predefined constant: the warp size */
		o->kind = PTX_OPD_IMM;
		o->bits = 32;
		return ptx_lex_next(lx);
	}
	if (lx->text[0] != '%') {
		if (lx->text[0] == '.' || strlen(lx->text) > PTX_NAME_MAX || strchr(lx->text, '.'))
			return ptx_err(lx, lx->tline, "expected an operand, got %s", ptx_tok_desc(lx, d, sizeof(d)));
		o->kind = PTX_OPD_SYM;
		strcpy(name, lx->text);
		return ptx_lex_next(lx);
	}
	if (reg_operand(ps, lx->text, o) || ptx_lex_next(lx))
		return -1;
	if (ptx_is(lx, '|') && o->kind == PTX_OPD_REG && !o->neg) {
		if (ptx_lex_next(lx))
			return -1;
		if (lx->kind != TK_WORD || lx->text[0] != '%')
			return ptx_err(lx, lx->tline, "expected a predicate register after '|', got %s",
				       ptx_tok_desc(lx, d, sizeof(d)));
		if ((o->reg2 = ptx_reg_lookup(ps, lx->text, lx->tline)) == PTX_NONE || ptx_lex_next(lx))
			return -1;
	}
	return 0;
}

/* Register id r of fn is a predicate. */
static int is_pred(const ptx_func_t *fn, uint32_t r) { return r < fn->n_regs && fn->regs[r].type == PTX_T_PRED; }

/* Check register r (operand k) against the class it must have (pred or not); 0 or -1. */
static int check_class(ptx_parser_t *ps, const ptx_insn_t *ins, const char *opw, unsigned k, uint32_t r, int pred)
{
	char n[PTX_NAME_MAX + 16];
	if (r == PTX_NONE || r == PTX_SINK || is_pred(ps->fn, r) == pred)
		return 0;
	ptx_reg_name(ps->fn, r, n, sizeof(n));
	if (pred)
		return ptx_err(&ps->lx, ins->line, "%s: operand %u: %s is not a predicate register", opw, k + 1, n);
	return ptx_err(&ps->lx, ins->line, "%s: operand %u: predicate register %s where a value is expected", opw,
		       k + 1, n);
}

/* Record a use of label name in operand k of the instruction being parsed; 0 or -1. */
static int label_use(ptx_parser_t *ps, unsigned k, const char *name, unsigned line)
{
	struct ptx_fix *f;
	if (PTX_GROW(ps, ps->fix, &ps->cap_fix, ps->n_fix, PTX_INSNS_MAX, "label uses"))
		return -1;
	f = &ps->fix[ps->n_fix++];
	f->insn = ps->fn->n_insns;
	f->op = k;
	f->line = line;
	snprintf(f->name, sizeof(f->name), "%s", name);
	return 0;
}

/* Check operand k of ins against its signature character c (see opinfo_t); name is the bare name
 * it was written as (labels, symbols); 0 or -1. */
static int check_operand(ptx_parser_t *ps, ptx_insn_t *ins, const char *opw, unsigned k, char c, const char *name)
{
	ptx_lex_t *lx = &ps->lx;
	ptx_operand_t *o = &ins->ops[k];
	int value_pred = ins->type == PTX_T_PRED && ins->op != PTX_OP_VOTE, ok;
	unsigned i;
	if (o->neg && c != 'q')
		return ptx_err(lx, ins->line, "%s: operand %u: '!' is only allowed on a predicate source", opw, k + 1);
	if (o->reg2 != PTX_NONE && c != 'D' && c != 'p')
		return ptx_err(lx, ins->line, "%s: operand %u: '|' is only allowed on setp and shfl destinations", opw, k + 1);
	if (c == 'l') {
		if (o->kind != PTX_OPD_SYM)
			return ptx_err(lx, ins->line, "%s: operand %u: expected a label", opw, k + 1);
		o->kind = PTX_OPD_LABEL;
		return label_use(ps, k, name, ins->line);
	}
	if (o->kind == PTX_OPD_SYM) {
		if (c != 'y')
			return ptx_err(lx, ins->line, "%s: operand %u: name %s is not allowed here", opw, k + 1, name);
		if (symbol(ps, name, &o->symkind, &o->sym))
			return ptx_err(lx, ins->line, "undeclared symbol %s", name);
		return 0;
	}
	if (ins->op == PTX_OP_MOV && o->kind == PTX_OPD_VEC) { /* mov.b64 {%r1,%r2}, %fd1 and back */
		if (ins->type != PTX_T_B32 && ins->type != PTX_T_B64)
			return ptx_err(lx, ins->line, "%s: operand %u: a vector needs mov.b32 or mov.b64", opw, k + 1);
		if (o->n_vec != 2 && !(o->n_vec == 4 && ins->type == PTX_T_B64))
			return ptx_err(lx, ins->line, "%s: operand %u: a vector of %u registers does not split .%s", opw,
				       k + 1, o->n_vec, ins->type == PTX_T_B32 ? "b32" : "b64");
		for (i = 0; i < o->n_vec; i++) {
			if (o->vec[i] == PTX_SINK && k > 0)
				return ptx_err(lx, ins->line, "%s: operand %u: '_' in a source vector", opw, k + 1);
			if (check_class(ps, ins, opw, k, o->vec[i], 0))
				return -1;
		}
		if (ins->ops[0].kind == PTX_OPD_VEC && k > 0 && o->kind == PTX_OPD_VEC)
			return ptx_err(lx, ins->line, "%s: a vector on both sides", opw);
		return 0;
	}
	if ((c == 'v' || c == 'w') && (ins->vec > 1 || o->kind == PTX_OPD_VEC)) {
		if (ins->vec <= 1)
			return ptx_err(lx, ins->line, "%s: operand %u: a vector needs .v2 or .v4", opw, k + 1);
		if (o->kind != PTX_OPD_VEC)
			return ptx_err(lx, ins->line, "%s: operand %u: expected a vector of %u registers, got a scalar", opw,
				       k + 1, ins->vec);
		if (o->n_vec != ins->vec)
			return ptx_err(lx, ins->line, "%s: operand %u: expected a vector of %u registers, got %u", opw, k + 1,
				       ins->vec, o->n_vec);
		for (i = 0; i < o->n_vec; i++) {
			if (o->vec[i] == PTX_SINK && c == 'w')
				return ptx_err(lx, ins->line, "%s: operand %u: '_' in a stored vector", opw, k + 1);
			if (check_class(ps, ins, opw, k, o->vec[i], 0))
				return -1;
		}
		return 0;
	}
	switch (c) {
	case 'd': ok = o->kind == PTX_OPD_REG || o->kind == PTX_OPD_SINK; break;
	case 'D': case 'p': case 'q': case 'v': ok = o->kind == PTX_OPD_REG; break;
	case 'a': ok = o->kind == PTX_OPD_ADDR; break;
	case 'b': ok = o->kind == PTX_OPD_REG || o->kind == PTX_OPD_IMM; break;
	case 'w':
		ok = o->kind == PTX_OPD_REG || o->kind == PTX_OPD_IMM || o->kind == PTX_OPD_F32 ||
		     o->kind == PTX_OPD_F64;
		break;
	default: ok = o->kind == PTX_OPD_REG || o->kind == PTX_OPD_IMM || o->kind == PTX_OPD_F32 ||
		      o->kind == PTX_OPD_F64 || o->kind == PTX_OPD_SREG; break;
	}
	if (!ok)
		return ptx_err(lx, ins->line, "%s: operand %u: expected %s", opw, k + 1,
			       c == 'a' ? "an address [...]" : c == 'd' || c == 'D' || c == 'p' || c == 'q' || c == 'v'
			       ? "a register" : c == 'b' ? "a register or an integer" : "a register or an immediate");
	if (o->kind == PTX_OPD_ADDR)
		return check_class(ps, ins, opw, k, o->reg, 0);
	if (o->kind != PTX_OPD_REG)
		return 0;
	if (check_class(ps, ins, opw, k, o->reg2, 1))
		return -1;
	if (c == 'p' || c == 'q')
		return check_class(ps, ins, opw, k, o->reg, 1);
	if (c == 'D' || c == 'b' || (ins->op == PTX_OP_VOTE && c == 's'))
		return check_class(ps, ins, opw, k, o->reg, 0);
	if (ins->op == PTX_OP_VOTE && c == 'd')
		return check_class(ps, ins, opw, k, o->reg, ins->type == PTX_T_PRED);
	return check_class(ps, ins, opw, k, o->reg, value_pred);
}

/* Check the modifiers of ins that need the whole instruction (required ones, type classes); ntypes
 * types were given; 0 or -1. */
static int check_mods(ptx_lex_t *lx, const ptx_insn_t *ins, const opinfo_t *oi, const char *opw, unsigned ntypes)
{
	unsigned line = lx->tline, sz = ptx_type_size(ins->type);
	int fl = is_float(ins->type);
	if (ntypes < oi->ntypes)
		return ptx_err(lx, line, oi->ntypes == 2 ? "%s: missing type (cvt takes a destination and a source type)"
			       : "%s: missing type", opw);
	switch (ins->op) {
	case PTX_OP_SETP:
		if (!ins->cmp)
			return ptx_err(lx, line, "%s: missing comparison (.eq, .lt, ...)", opw);
		if (ins->cmp >= PTX_CMP_EQU && !fl)
			return ptx_err(lx, line, "%s: an unordered comparison needs a floating-point type", opw);
		if (ins->cmp >= PTX_CMP_LO && ins->cmp <= PTX_CMP_HS && fl)
			return ptx_err(lx, line, "%s: .lo/.ls/.hi/.hs need an integer type", opw);
		break;
	case PTX_OP_MUL:
	case PTX_OP_MAD:
		if (fl && ins->mode)
			return ptx_err(lx, line, "%s: .wide/.lo/.hi need an integer type", opw);
		if (!fl && !ins->mode)
			return ptx_err(lx, line, "%s: missing .lo, .hi or .wide", opw);
		if (ins->mode == PTX_MODE_WIDE && sz != 2 && sz != 4)
			return ptx_err(lx, line, "%s: .wide needs a 16- or 32-bit type", opw);
		if (ins->op == PTX_OP_MAD && fl && !ins->rnd)
			return ptx_err(lx, line, "%s: missing rounding modifier (.rn, .rz, .rm, .rp)", opw);
		break;
	case PTX_OP_FMA:
		if (!fl)
			return ptx_err(lx, line, "%s: fma needs a floating-point type", opw);
		if (!ins->rnd)
			return ptx_err(lx, line, "%s: missing rounding modifier (.rn, .rz, .rm, .rp)", opw);
		break;
	case PTX_OP_DIV:
	case PTX_OP_RCP:
	case PTX_OP_SQRT:
		if (!fl && (ins->op != PTX_OP_DIV || ins->rnd || ins->prec || ins->ftz))
			return ptx_err(lx, line, "%s: rounding, .approx, .full and .ftz need a floating-point type", opw);
		if (fl && !ins->rnd && !ins->prec)
			return ptx_err(lx, line, "%s: missing .approx, .full or a rounding modifier", opw);
		if (ins->prec == PTX_PREC_FULL && ins->op != PTX_OP_DIV)
			return ptx_err(lx, line, "%s: .full is only defined for div", opw);
		break;
	case PTX_OP_RSQRT:
	case PTX_OP_EX2:
	case PTX_OP_LG2:
	case PTX_OP_SIN:
	case PTX_OP_COS:
		if (!fl || ins->prec != PTX_PREC_APPROX)
			return ptx_err(lx, line, "%s: needs .approx and a floating-point type", opw);
		break;
	case PTX_OP_CVTA:
		if (!ins->space || ins->space == PTX_SP_PARAM)
			return ptx_err(lx, line, "%s: missing state space (.global, .shared, .local, .const)", opw);
		if (ins->type != PTX_T_U32 && ins->type != PTX_T_U64)
			return ptx_err(lx, line, "%s: cvta takes .u32 or .u64", opw);
		break;
	case PTX_OP_LD:
	case PTX_OP_ST:
		if (ins->nc && (ins->op != PTX_OP_LD || ins->space != PTX_SP_GLOBAL))
			return ptx_err(lx, line, "%s: .nc is only defined for ld.global", opw);
		if (ins->type == PTX_T_PRED)
			return ptx_err(lx, line, "%s: a .pred type is not allowed", opw);
		break;
	case PTX_OP_ATOM:
	case PTX_OP_RED:
		if (!ins->aop)
			return ptx_err(lx, line, "%s: missing operation (.add, .min, .exch, ...)", opw);
		if (ins->aop == PTX_AOP_CAS && ins->op == PTX_OP_RED)
			return ptx_err(lx, line, "%s: red has no .cas", opw);
		if (ins->space != PTX_SP_NONE && ins->space != PTX_SP_GLOBAL && ins->space != PTX_SP_SHARED)
			return ptx_err(lx, line, "%s: state space .%s is not allowed (.global, .shared or generic)", opw,
				       ptx_space_name(ins->space));
		break;
	case PTX_OP_SHFL:
		if (!ins->sync)
			return ptx_err(lx, line, "%s: shfl without .sync is not supported", opw);
		if (!ins->shfl || ins->type != PTX_T_B32)
			return ptx_err(lx, line, "%s: needs a mode (.up, .down, .bfly, .idx) and .b32", opw);
		break;
	case PTX_OP_VOTE:
		if (!ins->sync)
			return ptx_err(lx, line, "%s: vote without .sync is not supported", opw);
		if (!ins->vote || (ins->vote == PTX_VOTE_BALLOT) != (ins->type == PTX_T_B32) ||
		    (ins->type != PTX_T_B32 && ins->type != PTX_T_PRED))
			return ptx_err(lx, line, "%s: needs .all, .any or .uni with .pred, or .ballot with .b32", opw);
		break;
	case PTX_OP_BAR:
		if (!ins->sync)
			return ptx_err(lx, line, "%s: bar needs .sync", opw);
		if (ins->warp && ins->aligned)
			return ptx_err(lx, line, "%s: bar.warp.sync takes no .aligned", opw);
		break;
	default:
		break;
	}
	return 0;
}

/* Split opcode word opw into ins's opcode and modifiers; *oi gets its table entry; 0 or -1. */
static int opcode(ptx_lex_t *lx, ptx_insn_t *ins, const char *opw, const opinfo_t **oi, unsigned *ntypes)
{
	char part[PTX_TOKEN_MAX + 1];
	int seen[24] = {0};
	size_t n = strcspn(opw, "."), i, k;
	const char *p;
	for (i = 0; i < sizeof(OPS) / sizeof(OPS[0]); i++)
		if (strlen(OPS[i].name) == n && memcmp(OPS[i].name, opw, n) == 0)
			break;
	if (i == sizeof(OPS) / sizeof(OPS[0])) {
		for (k = 0; k < sizeof(UNSUPPORTED_OPS) / sizeof(UNSUPPORTED_OPS[0]); k++) {
			size_t u = strlen(UNSUPPORTED_OPS[k]);
			if ((u == n || (u > n && opw[n] == '.' && (opw[u] == '.' || opw[u] == '\0'))) &&
			    memcmp(UNSUPPORTED_OPS[k], opw, u) == 0)
				return ptx_err(lx, lx->tline, "instruction %s is not supported (%s)", UNSUPPORTED_OPS[k], opw);
		}
		return ptx_err(lx, lx->tline, "unknown opcode \"%.*s\"", (int)n, opw);
	}
	*oi = &OPS[i];
	ins->op = OPS[i].op;
	ins->vec = 1;
	*ntypes = 0;
	for (p = opw + n; *p == '.'; p += k) {
		p++;
		k = strcspn(p, ".");
		if (k == 0)
			return ptx_err(lx, lx->tline, "%s: empty modifier", opw);
		memcpy(part, p, k);
		part[k] = '\0';
		if (apply_mod(lx, ins, *oi, opw, part, seen, ntypes))
			return -1;
	}
	return 0;
}

int ptx_parse_insn(ptx_parser_t *ps)
{
	ptx_lex_t *lx = &ps->lx;
	ptx_func_t *fn = ps->fn;
	const opinfo_t *oi = NULL;
	char opw[PTX_TOKEN_MAX + 1], names[PTX_OPS_MAX][PTX_NAME_MAX + 1], sig[PTX_OPS_MAX + 2], d[96];
	unsigned ntypes = 0, min, max, k;
	ptx_insn_t *ins;
	if (ps->total_insns >= PTX_INSNS_MAX)
		return ptx_err(lx, lx->tline, "too many instructions (limit %u)", PTX_INSNS_MAX);
	if (PTX_GROW(ps, fn->insns, &ps->cap_insns, fn->n_insns, PTX_INSNS_MAX, "instructions"))
		return -1;
	ins = &fn->insns[fn->n_insns];
	memset(ins, 0, sizeof(*ins));
	ins->line = lx->tline;
	ins->guard = PTX_NONE;
	if (ptx_is(lx, '@')) {
		if (ptx_lex_next(lx))
			return -1;
		if (ptx_is(lx, '!')) {
			ins->guard_neg = 1;
			if (ptx_lex_next(lx))
				return -1;
		}
		if (lx->kind != TK_WORD || lx->text[0] != '%')
			return ptx_err(lx, lx->tline, "expected a guard predicate after '@', got %s", ptx_tok_desc(lx, d, sizeof(d)));
		if ((ins->guard = ptx_reg_lookup(ps, lx->text, lx->tline)) == PTX_NONE)
			return -1;
		if (!is_pred(fn, ins->guard))
			return ptx_err(lx, lx->tline, "guard %s is not a predicate register", lx->text);
		if (ptx_lex_next(lx))
			return -1;
	}
	if (lx->kind != TK_WORD || lx->text[0] == '.' || lx->text[0] == '%')
		return ptx_err(lx, lx->tline, "expected an opcode, got %s", ptx_tok_desc(lx, d, sizeof(d)));
	strcpy(opw, lx->text);
	if (opcode(lx, ins, opw, &oi, &ntypes) || check_mods(lx, ins, oi, opw, ntypes) || ptx_lex_next(lx))
		return -1;
	while (!ptx_is(lx, ';') && lx->kind != TK_EOF) {
		if (ins->n_ops == PTX_OPS_MAX)
			return ptx_err(lx, ins->line, "%s: more than %u operands", opw, PTX_OPS_MAX);
		if (operand(ps, &ins->ops[ins->n_ops], names[ins->n_ops]))
			return -1;
		ins->n_ops++;
		if (!ptx_is(lx, ','))
			break;
		if (ptx_lex_next(lx))
			return -1;
	}
	if (!ptx_is(lx, ';'))
		return ptx_err(lx, ins->line, "missing ';' after %s (got %s)", opw, ptx_tok_desc(lx, d, sizeof(d)));
	snprintf(sig, sizeof(sig), "%s%s", oi->sig,
		 ins->boolop ? "q" : ins->aop == PTX_AOP_CAS && ins->op == PTX_OP_ATOM ? "s" : "");
	max = (unsigned)strlen(sig) - (strchr(sig, '?') ? 1u : 0u);
	min = strchr(sig, '?') ? (unsigned)(strchr(sig, '?') - sig) : max;
	if (ins->n_ops < min || ins->n_ops > max) {
		if (min == max)
			return ptx_err(lx, ins->line, "%s takes %u operand%s, got %u", opw, min, min == 1 ? "" : "s", ins->n_ops);
		return ptx_err(lx, ins->line, "%s takes %u to %u operands, got %u", opw, min, max, ins->n_ops);
	}
	for (k = 0; k < ins->n_ops; k++)
		if (check_operand(ps, ins, opw, k, sig[k + (min < k + 1 && min < max ? 1 : 0)], names[k]))
			return -1;
	fn->n_insns++;
	ps->total_insns++;
	return ptx_lex_next(lx);
}
