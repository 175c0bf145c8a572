/* exec.c - the semantics of the non-control instructions, lane by lane (docs/sim.md,
 * "Instruction semantics"): integer wrap-around, .wide/.lo/.hi, clamped shifts, setp with NaN
 * semantics, cvt roundings and saturation, IEEE round-to-nearest FP32/FP64 (rounding modifiers
 * through the C floating-point environment), approximate math as the correctly rounded value,
 * .ftz, memory accesses, atomics (lanes in ascending order), shuffles and votes. */
#include <fenv.h>
#include <math.h>
#include <string.h>

#include "sim_int.h"

/* ---- values ------------------------------------------------------------------------------- */

static float f32_of(uint64_t b)
{
	uint32_t u = (uint32_t)b;
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static uint64_t bits_f32(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

static double f64_of(uint64_t b)
{
	double d;
	memcpy(&d, &b, 8);
	return d;
}

static uint64_t bits_f64(double d)
{
	uint64_t b;
	memcpy(&b, &d, 8);
	return b;
}

/* Width in bits of type t (1 for a predicate). */
static unsigned width(ptx_type_t t)
{
	return t == PTX_T_PRED ? 1 : ptx_type_size(t) * 8;
}

static uint64_t ones(unsigned bits)
{
	return bits >= 64 ? UINT64_MAX : (1ull << bits) - 1;
}

/* v's low bits bits, sign-extended. */
static int64_t sext(uint64_t v, unsigned bits)
{
	if (bits >= 64)
		return (int64_t)v;
	v &= ones(bits);
	return (int64_t)(v ^ (1ull << (bits - 1))) - (int64_t)(1ull << (bits - 1));
}

static int is_signed(ptx_type_t t)
{
	return t >= PTX_T_S8 && t <= PTX_T_S64;
}

static int is_float(ptx_type_t t)
{
	return t == PTX_T_F16 || t == PTX_T_F32 || t == PTX_T_F64;
}

/* A subnormal flushed to zero of the same sign (.ftz). */
static float ftz32(float f)
{
	return fpclassify(f) == FP_SUBNORMAL ? copysignf(0.0f, f) : f;
}

/* The C rounding direction of a rounding modifier (none: to nearest). */
static int fe_of(ptx_rnd_t r)
{
	switch (r) {
	case PTX_RND_RZ:
	case PTX_RND_RZI:
		return FE_TOWARDZERO;
	case PTX_RND_RM:
	case PTX_RND_RMI:
		return FE_DOWNWARD;
	case PTX_RND_RP:
	case PTX_RND_RPI:
		return FE_UPWARD;
	default:
		return FE_TONEAREST;
	}
}

uint64_t sim_operand(const sim_ctx_t *c, const sim_warp_t *w, const ptx_operand_t *o, unsigned lane)
{
	uint32_t tid = w->id * SIM_WARP + lane, comp = o->comp < 3 ? o->comp : 0;
	const uint32_t *v;
	switch (o->kind) {
	case PTX_OPD_REG:
		return w->regs[(size_t)o->reg * SIM_WARP + lane] ^ (uint64_t)(o->neg != 0);
	case PTX_OPD_IMM:
	case PTX_OPD_F32:
	case PTX_OPD_F64:
		return o->bits;
	case PTX_OPD_SYM:
		if (o->symkind == PTX_SYM_PARAM)
			return c->fn->params[o->sym].offset;
		return o->symkind == PTX_SYM_MODVAR ? c->modvar_addr[o->sym] : c->funcvar_addr[o->sym];
	case PTX_OPD_SREG:
		switch (o->sreg) {
		case PTX_SREG_TID:
			v = c->l->block;
			return comp == 0 ? tid % v[0] : comp == 1 ? tid / v[0] % v[1] : tid / v[0] / v[1];
		case PTX_SREG_NTID:
			return c->l->block[comp];
		case PTX_SREG_CTAID:
			return c->cta[comp];
		case PTX_SREG_NCTAID:
			return c->l->grid[comp];
		case PTX_SREG_LANEID:
			return lane;
		case PTX_SREG_WARPID:
			return w->id;
		default:
			return 0;
		}
	default:
		return 0;
	}
}

/* Write v (of type t) into register reg of lane: narrower signed types sign-extend into a wider
 * register, others zero-extend; the register keeps its class's width. */
static void wr(const sim_ctx_t *c, sim_warp_t *w, uint32_t reg, unsigned lane, uint64_t v, ptx_type_t t)
{
	unsigned rb, tb = width(t);
	if (reg >= c->fn->n_regs)
		return; /* the sink */
	rb = width(c->fn->regs[reg].type);
	if (tb && tb < 64)
		v = is_signed(t) ? (uint64_t)sext(v, tb) : v & ones(tb);
	w->regs[(size_t)reg * SIM_WARP + lane] = v & ones(rb ? rb : 64);
}

#define SRC(k) sim_operand(c, w, &in->ops[k], lane)
#define FOR_LANES for (lane = 0; lane < SIM_WARP; lane++) if (exec >> lane & 1)

/* ---- integer arithmetic --------------------------------------------------------------------- */

/* The high half of the 2w-bit product of a and b (w = bits). */
static uint64_t mul_hi(uint64_t a, uint64_t b, unsigned bits, int sgn)
{
	if (bits == 64) {
		if (sgn)
			return (uint64_t)(((__int128)(int64_t)a * (__int128)(int64_t)b) >> 64);
		return (uint64_t)(((unsigned __int128)a * b) >> 64);
	}
	if (sgn)
		return (uint64_t)((sext(a, bits) * sext(b, bits)) >> bits);
	return ((a & ones(bits)) * (b & ones(bits))) >> bits;
}

/* bfe: len bits of a from pos, zero- or sign-extended. */
static uint64_t bfe(uint64_t a, uint32_t pos, uint32_t len, unsigned bits, int sgn)
{
	uint64_t d = 0, sbit = 0;
	uint32_t i;
	pos &= 0xff;
	len &= 0xff;
	if (sgn && len)
		sbit = a >> (pos + len - 1 < bits - 1 ? pos + len - 1 : bits - 1) & 1;
	for (i = 0; i < bits; i++)
		d |= (i < len && pos + i < bits ? a >> (pos + i) & 1 : sbit) << i;
	return d;
}

/* bfi: b with len bits of a inserted at pos. */
static uint64_t bfi(uint64_t a, uint64_t b, uint32_t pos, uint32_t len, unsigned bits)
{
	uint32_t i;
	pos &= 0xff;
	len &= 0xff;
	for (i = 0; i < len && pos + i < bits; i++)
		b = (b & ~(1ull << (pos + i))) | ((a >> i & 1) << (pos + i));
	return b;
}

/* An integer (or bit) operation of the instruction's type on a, b, d3 (.wide: the 2w-bit result). */
static uint64_t int_op(const ptx_insn_t *in, uint64_t a, uint64_t b, uint64_t d3)
{
	ptx_type_t t = in->type;
	unsigned bits = width(t), sh;
	int sgn = is_signed(t);
	int64_t sa = sext(a, bits), sb = sext(b, bits), r;
	uint64_t ua = a & ones(bits), ub = b & ones(bits), p;
	switch (in->op) {
	case PTX_OP_ADD:
	case PTX_OP_SUB:
		p = in->op == PTX_OP_ADD ? ua + ub : ua - ub;
		if (in->sat && sgn && bits == 32) {
			r = in->op == PTX_OP_ADD ? sa + sb : sa - sb;
			return (uint64_t)(r > INT32_MAX ? INT32_MAX : r < INT32_MIN ? INT32_MIN : r);
		}
		return p;
	case PTX_OP_MUL:
	case PTX_OP_MAD:
		if (in->mode == PTX_MODE_WIDE)
			p = sgn ? (uint64_t)(sa * sb) : ua * ub;
		else if (in->mode == PTX_MODE_HI)
			p = mul_hi(a, b, bits, sgn);
		else
			p = ua * ub;
		return in->op == PTX_OP_MAD ? p + d3 : p;
	case PTX_OP_DIV:
		if (ub == 0)
			return UINT64_MAX;
		if (!sgn)
			return ua / ub;
		if (sb == -1)
			return (uint64_t)0 - ua;
		return (uint64_t)(sa / sb);
	case PTX_OP_REM:
		if (ub == 0)
			return ua;
		if (!sgn)
			return ua % ub;
		if (sb == -1)
			return 0;
		return (uint64_t)(sa % sb);
	case PTX_OP_ABS:
		return sa < 0 ? (uint64_t)0 - ua : ua;
	case PTX_OP_NEG:
		return (uint64_t)0 - ua;
	case PTX_OP_MIN:
		return sgn ? (uint64_t)(sa < sb ? sa : sb) : ua < ub ? ua : ub;
	case PTX_OP_MAX:
		return sgn ? (uint64_t)(sa > sb ? sa : sb) : ua > ub ? ua : ub;
	case PTX_OP_AND:
		return a & b;
	case PTX_OP_OR:
		return a | b;
	case PTX_OP_XOR:
		return a ^ b;
	case PTX_OP_NOT:
		return ~a;
	case PTX_OP_SHL:
		sh = (uint32_t)b;
		return sh >= bits ? 0 : ua << sh;
	case PTX_OP_SHR:
		sh = (uint32_t)b;
		if (sgn)
			return (uint64_t)(sh >= bits ? (sa < 0 ? -1 : 0) : sa >> sh);
		return sh >= bits ? 0 : ua >> sh;
	case PTX_OP_POPC:
		return (uint64_t)__builtin_popcountll(ua);
	case PTX_OP_CLZ:
		return ua ? (uint64_t)(__builtin_clzll(ua) - (64 - (int)bits)) : bits;
	case PTX_OP_BREV:
		for (p = 0, sh = 0; sh < bits; sh++)
			p |= (ua >> sh & 1) << (bits - 1 - sh);
		return p;
	case PTX_OP_BFE:
		return bfe(a, (uint32_t)b, (uint32_t)d3, bits, sgn);
	default:
		return 0;
	}
}

/* ---- floating point ------------------------------------------------------------------------- */

/* min/max of PTX: a NaN operand gives the other; -0 is less than +0. */
static double fminmax(double a, double b, int is_max)
{
	if (isnan(a))
		return b;
	if (isnan(b))
		return a;
	if (a == b)
		return is_max ? (signbit(a) ? b : a) : (signbit(a) ? a : b);
	return is_max ? (a > b ? a : b) : (a < b ? a : b);
}

/* An f32 arithmetic operation (the rounding mode already set). */
static float f32_op(const sim_ctx_t *c, const ptx_insn_t *in, float a, float b, float d3)
{
	volatile float x = a, y = b, z = d3, r;
	switch (in->op) {
	case PTX_OP_ADD:
		return x + y;
	case PTX_OP_SUB:
		return x - y;
	case PTX_OP_MUL:
		return x * y;
	case PTX_OP_MAD:
	case PTX_OP_FMA:
		if (c->o.plant == SIM_PLANT_FMA_UNFUSED) {
			r = x * y;
			return r + z;
		}
		return fmaf(x, y, z);
	case PTX_OP_DIV:
		if (in->prec != PTX_PREC_NONE)
			return (float)((double)x / (double)y); /* .approx/.full: correctly rounded */
		return x / y;
	case PTX_OP_ABS:
		return fabsf(x);
	case PTX_OP_NEG:
		return -x;
	case PTX_OP_MIN:
	case PTX_OP_MAX:
		return (float)fminmax(x, y, in->op == PTX_OP_MAX);
	default:
		return 0.0f;
	}
}

/* An f64 arithmetic operation (the rounding mode already set). */
static double f64_op(const sim_ctx_t *c, const ptx_insn_t *in, double a, double b, double d3)
{
	volatile double x = a, y = b, z = d3, r;
	switch (in->op) {
	case PTX_OP_ADD:
		return x + y;
	case PTX_OP_SUB:
		return x - y;
	case PTX_OP_MUL:
		return x * y;
	case PTX_OP_MAD:
	case PTX_OP_FMA:
		if (c->o.plant == SIM_PLANT_FMA_UNFUSED) {
			r = x * y;
			return r + z;
		}
		return fma(x, y, z);
	case PTX_OP_DIV:
		return x / y;
	case PTX_OP_ABS:
		return fabs(x);
	case PTX_OP_NEG:
		return -x;
	case PTX_OP_MIN:
	case PTX_OP_MAX:
		return fminmax(x, y, in->op == PTX_OP_MAX);
	default:
		return 0.0;
	}
}

/* add sub mul mad fma div rem abs neg min max and or xor not shl shr popc clz brev bfe bfi selp. */
static sim_status_t exec_arith(sim_ctx_t *c, sim_warp_t *w, uint32_t pc, uint32_t exec)
{
	const ptx_insn_t *in = &c->fn->insns[pc];
	ptx_type_t t = in->type, dt = t;
	unsigned lane, nsrc = in->n_ops - 1u;
	int fe = fe_of(in->rnd);
	if (in->mode == PTX_MODE_WIDE)
		dt = t == PTX_T_S32 ? PTX_T_S64 : t == PTX_T_U32 ? PTX_T_U64 : t == PTX_T_S16 ? PTX_T_S32 : PTX_T_U32;
	if (in->op == PTX_OP_POPC || in->op == PTX_OP_CLZ)
		dt = PTX_T_U32;
	if (t == PTX_T_F16)
		return sim_fail_at(c, w, (unsigned)__builtin_ctz(exec | 1), pc, "%s.f16 is not supported",
				   ptx_opcode_name(in->op));
	if (fe != FE_TONEAREST)
		fesetround(fe);
	FOR_LANES {
		uint64_t a = SRC(1), b = nsrc > 1 ? SRC(2) : 0, d3 = nsrc > 2 ? SRC(3) : 0, r;
		if (in->op == PTX_OP_SELP) {
			r = (d3 & 1) ? a : b;
		} else if (in->op == PTX_OP_BFI) {
			r = bfi(a, b, (uint32_t)d3, (uint32_t)SRC(4), width(t));
		} else if (t == PTX_T_F32) {
			float x = f32_of(a), y = f32_of(b), z = f32_of(d3), f;
			if (in->ftz)
				x = ftz32(x), y = ftz32(y), z = ftz32(z);
			f = f32_op(c, in, x, y, z);
			if (in->sat)
				f = isnan(f) ? 0.0f : f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
			r = bits_f32(in->ftz ? ftz32(f) : f);
		} else if (t == PTX_T_F64) {
			r = bits_f64(f64_op(c, in, f64_of(a), f64_of(b), f64_of(d3)));
		} else {
			r = int_op(in, a, b, d3);
		}
		wr(c, w, in->ops[0].reg, lane, r, dt);
	}
	if (fe != FE_TONEAREST)
		fesetround(FE_TONEAREST);
	return SIM_OK;
}

/* The comparison cmp of a and b of type t (NaN: ordered comparisons false, unordered true). */
static int compare(const sim_ctx_t *c, const ptx_insn_t *in, uint64_t a, uint64_t b)
{
	ptx_type_t t = in->type;
	unsigned bits = width(t);
	if (is_float(t)) {
		double x = t == PTX_T_F32 ? (in->ftz ? ftz32(f32_of(a)) : f32_of(a)) : f64_of(a);
		double y = t == PTX_T_F32 ? (in->ftz ? ftz32(f32_of(b)) : f32_of(b)) : f64_of(b);
		int nan = isnan(x) || isnan(y), u = c->o.plant == SIM_PLANT_SETP_ORDERED ? 0 : nan;
		switch (in->cmp) {
		case PTX_CMP_EQ: return !nan && x == y;
		case PTX_CMP_NE: return !nan && x != y;
		case PTX_CMP_LT: return !nan && x < y;
		case PTX_CMP_LE: return !nan && x <= y;
		case PTX_CMP_GT: return !nan && x > y;
		case PTX_CMP_GE: return !nan && x >= y;
		case PTX_CMP_EQU: return u || (!nan && x == y);
		case PTX_CMP_NEU: return u || (!nan && x != y);
		case PTX_CMP_LTU: return u || (!nan && x < y);
		case PTX_CMP_LEU: return u || (!nan && x <= y);
		case PTX_CMP_GTU: return u || (!nan && x > y);
		case PTX_CMP_GEU: return u || (!nan && x >= y);
		case PTX_CMP_NUM: return !nan;
		case PTX_CMP_NAN: return nan;
		default: return 0;
		}
	}
	if (is_signed(t)) {
		int64_t x = sext(a, bits), y = sext(b, bits);
		switch (in->cmp) {
		case PTX_CMP_EQ: return x == y;
		case PTX_CMP_NE: return x != y;
		case PTX_CMP_LT: return x < y;
		case PTX_CMP_LE: return x <= y;
		case PTX_CMP_GT: return x > y;
		case PTX_CMP_GE: return x >= y;
		default: break;
		}
	}
	a &= ones(bits);
	b &= ones(bits);
	switch (in->cmp) {
	case PTX_CMP_EQ: return a == b;
	case PTX_CMP_NE: return a != b;
	case PTX_CMP_LT: case PTX_CMP_LO: return a < b;
	case PTX_CMP_LE: case PTX_CMP_LS: return a <= b;
	case PTX_CMP_GT: case PTX_CMP_HI: return a > b;
	case PTX_CMP_GE: case PTX_CMP_HS: return a >= b;
	default: return 0;
	}
}

/* setp: p = (a cmp b) BOOL c, q = !(a cmp b) BOOL c. */
static sim_status_t exec_setp(sim_ctx_t *c, sim_warp_t *w, uint32_t pc, uint32_t exec)
{
	const ptx_insn_t *in = &c->fn->insns[pc];
	unsigned lane;
	FOR_LANES {
		int r = compare(c, in, SRC(1), SRC(2)), q = !r, p3;
		if (in->boolop != PTX_BOOL_NONE) {
			p3 = (int)(SRC(3) & 1);
			if (in->boolop == PTX_BOOL_AND)
				r = r & p3, q = q & p3;
			else if (in->boolop == PTX_BOOL_OR)
				r = r | p3, q = q | p3;
			else
				r = r ^ p3, q = q ^ p3;
		}
		wr(c, w, in->ops[0].reg, lane, (uint64_t)r, PTX_T_PRED);
		if (in->ops[0].reg2 != PTX_NONE)
			wr(c, w, in->ops[0].reg2, lane, (uint64_t)q, PTX_T_PRED);
	}
	return SIM_OK;
}

/* Round x to an integral value by rounding modifier r (none: to nearest even). */
static double round_int(double x, ptx_rnd_t r)
{
	switch (r) {
	case PTX_RND_RZI: return trunc(x);
	case PTX_RND_RMI: return floor(x);
	case PTX_RND_RPI: return ceil(x);
	default: return nearbyint(x); /* the mode is to-nearest here */
	}
}

/* cvt from a float: to an integer (rounded, saturated, NaN 0) or to a float. */
static uint64_t cvt_from_float(const ptx_insn_t *in, uint64_t a)
{
	ptx_type_t dt = in->type, st = in->type2;
	double x = st == PTX_T_F32 ? (in->ftz ? ftz32(f32_of(a)) : f32_of(a)) : f64_of(a);
	unsigned bits = width(dt);
	if (!is_float(dt)) {
		double lo, hi;
		if (isnan(x))
			return 0;
		x = round_int(x, in->rnd);
		lo = is_signed(dt) ? -ldexp(1.0, (int)bits - 1) : 0.0;
		hi = is_signed(dt) ? ldexp(1.0, (int)bits - 1) : ldexp(1.0, (int)bits);
		if (x <= lo)
			return is_signed(dt) ? (uint64_t)1 << (bits - 1) : 0;
		if (x >= hi)
			return is_signed(dt) ? ones(bits - 1) : ones(bits);
		return is_signed(dt) ? (uint64_t)(int64_t)x : (uint64_t)x;
	}
	if (in->rnd >= PTX_RND_RNI)
		x = round_int(x, in->rnd);
	if (dt == PTX_T_F32) {
		volatile double vx = x;
		float f = (float)vx; /* the rounding mode set by the caller */
		if (in->sat)
			f = isnan(f) ? 0.0f : f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
		return bits_f32(in->ftz ? ftz32(f) : f);
	}
	if (in->sat)
		x = isnan(x) ? 0.0 : x < 0.0 ? 0.0 : x > 1.0 ? 1.0 : x;
	return bits_f64(x);
}

/* cvt: integer to integer (.sat clamps), integer to float (rounded), float to anything. */
static sim_status_t exec_cvt(sim_ctx_t *c, sim_warp_t *w, uint32_t pc, uint32_t exec)
{
	const ptx_insn_t *in = &c->fn->insns[pc];
	ptx_type_t dt = in->type, st = in->type2;
	unsigned lane, db = width(dt), sb = width(st);
	int fe = in->rnd >= PTX_RND_RNI ? FE_TONEAREST : fe_of(in->rnd);
	if (dt == PTX_T_F16 || st == PTX_T_F16)
		return sim_fail_at(c, w, (unsigned)__builtin_ctz(exec | 1), pc, "cvt with .f16 is not supported");
	if (fe != FE_TONEAREST)
		fesetround(fe);
	FOR_LANES {
		uint64_t a = SRC(1), r;
		if (is_float(st)) {
			r = cvt_from_float(in, a);
		} else if (is_float(dt)) {
			volatile int64_t s = sext(a, sb);
			volatile uint64_t u = a & ones(sb);
			if (dt == PTX_T_F32) {
				float f = is_signed(st) ? (float)s : (float)u;
				if (in->sat)
					f = f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
				r = bits_f32(f);
			} else {
				double d = is_signed(st) ? (double)s : (double)u;
				if (in->sat)
					d = d < 0.0 ? 0.0 : d > 1.0 ? 1.0 : d;
				r = bits_f64(d);
			}
		} else {
			int64_t s = is_signed(st) ? sext(a, sb) : (int64_t)(a & ones(sb));
			r = (uint64_t)s;
			if (in->sat) {
				int64_t lo = is_signed(dt) ? sext(1ull << (db - 1), db) : 0;
				if (!is_signed(st) && (a & ones(sb)) > (uint64_t)INT64_MAX)
					r = is_signed(dt) ? ones(db - 1) : ones(db);
				else if (s < lo)
					r = (uint64_t)lo;
				else if (is_signed(dt) ? s > (int64_t)ones(db - 1) : (db < 64 && (uint64_t)s > ones(db)))
					r = is_signed(dt) ? ones(db - 1) : ones(db);
			}
		}
		wr(c, w, in->ops[0].reg, lane, r, dt);
	}
	if (fe != FE_TONEAREST)
		fesetround(FE_TONEAREST);
	return SIM_OK;
}

/* rcp sqrt rsqrt ex2 lg2 sin cos: IEEE for .rn (and the other roundings), the correctly rounded
 * value of the exact function for .approx (the hardware may differ within its documented bound). */
static sim_status_t exec_math(sim_ctx_t *c, sim_warp_t *w, uint32_t pc, uint32_t exec)
{
	const ptx_insn_t *in = &c->fn->insns[pc];
	unsigned lane;
	int fe = fe_of(in->rnd);
	if (in->type != PTX_T_F32 && in->type != PTX_T_F64)
		return sim_fail_at(c, w, (unsigned)__builtin_ctz(exec | 1), pc, "%s.%s is not supported",
				   ptx_opcode_name(in->op), ptx_type_name(in->type));
	if (fe != FE_TONEAREST)
		fesetround(fe);
	FOR_LANES {
		uint64_t a = SRC(1);
		volatile double x = in->type == PTX_T_F32 ? (in->ftz ? ftz32(f32_of(a)) : f32_of(a)) : f64_of(a), r;
		volatile float xf = (float)x;
		switch (in->op) {
		case PTX_OP_RCP:
			r = in->type == PTX_T_F32 && in->prec == PTX_PREC_NONE ? (double)(1.0f / xf) : 1.0 / x;
			break;
		case PTX_OP_SQRT:
			r = in->type == PTX_T_F32 ? (double)sqrtf(xf) : sqrt(x);
			break;
		case PTX_OP_RSQRT:
			r = 1.0 / sqrt(x);
			break;
		case PTX_OP_EX2:
			r = exp2(x);
			break;
		case PTX_OP_LG2:
			r = log2(x);
			break;
		case PTX_OP_SIN:
			r = sin(x);
			break;
		default:
			r = cos(x);
			break;
		}
		if (in->type == PTX_T_F32) {
			float f = (float)r;
			wr(c, w, in->ops[0].reg, lane, bits_f32(in->ftz ? ftz32(f) : f), PTX_T_F32);
		} else {
			wr(c, w, in->ops[0].reg, lane, bits_f64(r), PTX_T_F64);
		}
	}
	if (fe != FE_TONEAREST)
		fesetround(FE_TONEAREST);
	return SIM_OK;
}

/* mov (registers, immediates, special registers, symbol addresses) and cvta. */
static sim_status_t exec_mov(sim_ctx_t *c, sim_warp_t *w, uint32_t pc, uint32_t exec)
{
	const ptx_insn_t *in = &c->fn->insns[pc];
	unsigned lane;
	uint64_t win = in->space == PTX_SP_SHARED ? SIM_SHARED_WIN : in->space == PTX_SP_LOCAL ? SIM_LOCAL_WIN
		       : in->space == PTX_SP_CONST ? SIM_CONST_WIN : 0;
	if (in->ops[0].kind == PTX_OPD_VEC || in->ops[1].kind == PTX_OPD_VEC) {
		/* mov.b64 {a, b}, d splits d, element 0 the low bits; mov.b64 d, {a, b} joins them */
		const ptx_operand_t *v = in->ops[0].kind == PTX_OPD_VEC ? &in->ops[0] : &in->ops[1];
		unsigned n = v->n_vec, eb = width(in->type) / n, k;
		ptx_type_t et = eb == 16 ? PTX_T_B16 : PTX_T_B32;
		FOR_LANES {
			uint64_t a = 0;
			if (v == &in->ops[1]) {
				for (k = 0; k < n; k++) {
					ptx_operand_t r = *v;
					r.kind = PTX_OPD_REG;
					r.reg = v->vec[k];
					a |= (sim_operand(c, w, &r, lane) & ones(eb)) << (k * eb);
				}
				wr(c, w, in->ops[0].reg, lane, a, in->type);
			} else {
				a = SRC(1);
				for (k = 0; k < n; k++)
					wr(c, w, v->vec[k], lane, a >> (k * eb) & ones(eb), et);
			}
		}
		return SIM_OK;
	}
	if (in->ops[0].kind != PTX_OPD_REG)
		return sim_fail_at(c, w, (unsigned)__builtin_ctz(exec | 1), pc, "mov to this operand is not supported");
	FOR_LANES {
		uint64_t a = SRC(1);
		if (in->op == PTX_OP_CVTA)
			a = in->to ? a - win : a + win;
		wr(c, w, in->ops[0].reg, lane, a, in->type);
	}
	return SIM_OK;
}

/* The address of operand o (an address) for lane. */
static uint64_t address(const sim_ctx_t *c, const sim_warp_t *w, const ptx_operand_t *o, unsigned lane)
{
	uint64_t base = 0;
	if (o->has_sym) {
		ptx_operand_t s = *o;
		s.kind = PTX_OPD_SYM;
		base = sim_operand(c, w, &s, lane);
	} else if (o->reg != PTX_NONE) {
		base = w->regs[(size_t)o->reg * SIM_WARP + lane];
		if (width(c->fn->regs[o->reg].type) == 32) /* a 32-bit address register: the sum wraps in 32 bits */
			return (uint32_t)(base + (uint64_t)o->offset);
	}
	return base + (uint64_t)o->offset;
}

/* ld and st of every space, scalar and vector; the whole vector is one bounds-checked access. */
static sim_status_t exec_ldst(sim_ctx_t *c, sim_warp_t *w, uint32_t pc, uint32_t exec)
{
	const ptx_insn_t *in = &c->fn->insns[pc];
	int st = in->op == PTX_OP_ST;
	const ptx_operand_t *ad = &in->ops[st ? 0 : 1], *val = &in->ops[st ? 1 : 0];
	unsigned lane, es = ptx_type_size(in->type), n = in->vec ? in->vec : 1, k;
	for (lane = 0; lane < SIM_WARP; lane++) {
		unsigned char *p;
		if (!(exec >> lane & 1))
			continue;
		p = sim_mem_at(c, w, lane, pc, in->space, address(c, w, ad, lane), es * n, st);
		if (!p)
			return SIM_EFAULT;
		for (k = 0; k < n; k++) {
			uint32_t reg = val->kind == PTX_OPD_VEC ? val->vec[k] : val->reg;
			uint64_t v = 0;
			if (st) {
				if (val->kind == PTX_OPD_VEC)
					v = reg < c->fn->n_regs ? w->regs[(size_t)reg * SIM_WARP + lane] : 0;
				else
					v = sim_operand(c, w, val, lane);
				memcpy(p + k * es, &v, es); /* little-endian host */
			} else {
				memcpy(&v, p + k * es, es);
				wr(c, w, reg, lane, v, in->type);
			}
		}
	}
	return SIM_OK;
}

/* The new value of an atomic operation on old with operands b, d3. */
static uint64_t atom_op(const ptx_insn_t *in, uint64_t old, uint64_t b, uint64_t d3)
{
	ptx_type_t t = in->type;
	unsigned bits = width(t);
	uint64_t uo = old & ones(bits), ub = b & ones(bits);
	int sgn = is_signed(t);
	switch (in->aop) {
	case PTX_AOP_ADD:
		if (t == PTX_T_F32)
			return bits_f32(f32_of(old) + f32_of(b));
		if (t == PTX_T_F64)
			return bits_f64(f64_of(old) + f64_of(b));
		return uo + ub;
	case PTX_AOP_MIN:
	case PTX_AOP_MAX: {
		int lt = t == PTX_T_F32 ? f32_of(old) < f32_of(b) : t == PTX_T_F64 ? f64_of(old) < f64_of(b)
			 : sgn ? sext(old, bits) < sext(b, bits) : uo < ub;
		return (in->aop == PTX_AOP_MIN) == lt ? uo : ub;
	}
	case PTX_AOP_INC:
		return uo >= ub ? 0 : uo + 1;
	case PTX_AOP_DEC:
		return uo == 0 || uo > ub ? ub : uo - 1;
	case PTX_AOP_AND:
		return uo & ub;
	case PTX_AOP_OR:
		return uo | ub;
	case PTX_AOP_XOR:
		return uo ^ ub;
	case PTX_AOP_EXCH:
		return ub;
	case PTX_AOP_CAS:
		return uo == ub ? d3 : uo;
	default:
		return uo;
	}
}

/* atom and red: each lane's read-modify-write in ascending lane order. */
static sim_status_t exec_atom(sim_ctx_t *c, sim_warp_t *w, uint32_t pc, uint32_t exec)
{
	const ptx_insn_t *in = &c->fn->insns[pc];
	int red = in->op == PTX_OP_RED;
	unsigned lane, es = ptx_type_size(in->type), a0 = red ? 0 : 1;
	FOR_LANES {
		uint64_t old = 0, nv, b = SRC(a0 + 1), d3 = in->aop == PTX_AOP_CAS ? SRC(a0 + 2) : 0;
		unsigned char *p = sim_mem_at(c, w, lane, pc, in->space, address(c, w, &in->ops[a0], lane), es, 1);
		if (!p)
			return SIM_EFAULT;
		memcpy(&old, p, es);
		nv = atom_op(in, old, b, d3);
		memcpy(p, &nv, es);
		if (!red)
			wr(c, w, in->ops[0].reg, lane, old, in->type);
	}
	return SIM_OK;
}

/* shfl.sync: the PTX ISA's source lane, clamp and segment mask (operand c), predicate p. A source
 * lane that is not active gives its register's current value. */
static sim_status_t exec_shfl(sim_ctx_t *c, sim_warp_t *w, uint32_t pc, uint32_t exec)
{
	const ptx_insn_t *in = &c->fn->insns[pc];
	uint64_t src[SIM_WARP], val[SIM_WARP];
	uint32_t pv = 0;
	unsigned lane;
	for (lane = 0; lane < SIM_WARP; lane++)
		src[lane] = sim_operand(c, w, &in->ops[1], lane);
	FOR_LANES {
		uint32_t b = (uint32_t)SRC(2) & 31, cc = (uint32_t)SRC(3), seg = cc >> 8 & 31, cv = cc & 31;
		uint32_t maxl = (lane & seg) | (cv & ~seg), minl = lane & seg;
		int32_t j;
		int p;
		switch (in->shfl) {
		case PTX_SHFL_UP:
			j = (int32_t)lane - (int32_t)b;
			p = j >= (int32_t)maxl;
			break;
		case PTX_SHFL_DOWN:
			j = (int32_t)(lane + b);
			p = j <= (int32_t)maxl;
			break;
		case PTX_SHFL_BFLY:
			j = (int32_t)(lane ^ b);
			p = j <= (int32_t)maxl;
			break;
		default:
			j = (int32_t)(minl | (b & ~seg));
			p = j <= (int32_t)maxl;
			break;
		}
		if (!p)
			j = (int32_t)lane;
		val[lane] = src[j];
		if (!p && c->o.plant == SIM_PLANT_SHFL_NO_CLAMP && in->shfl == PTX_SHFL_DOWN)
			val[lane] = 0;
		pv |= (uint32_t)p << lane;
	}
	FOR_LANES {
		wr(c, w, in->ops[0].reg, lane, val[lane], PTX_T_B32);
		if (in->ops[0].reg2 != PTX_NONE)
			wr(c, w, in->ops[0].reg2, lane, pv >> lane & 1, PTX_T_PRED);
	}
	return SIM_OK;
}

/* vote.sync over the executing lanes of the member mask. */
static sim_status_t exec_vote(sim_ctx_t *c, sim_warp_t *w, uint32_t pc, uint32_t exec)
{
	const ptx_insn_t *in = &c->fn->insns[pc];
	uint32_t ballot = 0, members = 0, r;
	unsigned lane;
	FOR_LANES {
		members = exec & (uint32_t)SRC(2);
		ballot |= (uint32_t)(SRC(1) & 1) << lane;
	}
	ballot &= members;
	switch (in->vote) {
	case PTX_VOTE_ALL: r = ballot == members; break;
	case PTX_VOTE_ANY: r = ballot != 0; break;
	case PTX_VOTE_UNI: r = ballot == 0 || ballot == members; break;
	default: r = ballot; break;
	}
	FOR_LANES
		wr(c, w, in->ops[0].reg, lane, r, in->vote == PTX_VOTE_BALLOT ? PTX_T_B32 : PTX_T_PRED);
	return SIM_OK;
}

sim_status_t sim_exec(sim_ctx_t *c, sim_warp_t *w, uint32_t pc, uint32_t exec)
{
	const ptx_insn_t *in = &c->fn->insns[pc];
	if (!exec)
		return SIM_OK;
	switch (in->op) {
	case PTX_OP_SETP:
		return exec_setp(c, w, pc, exec);
	case PTX_OP_CVT:
		return exec_cvt(c, w, pc, exec);
	case PTX_OP_MOV:
	case PTX_OP_CVTA:
		return exec_mov(c, w, pc, exec);
	case PTX_OP_LD:
	case PTX_OP_ST:
		return exec_ldst(c, w, pc, exec);
	case PTX_OP_ATOM:
	case PTX_OP_RED:
		return exec_atom(c, w, pc, exec);
	case PTX_OP_RCP: case PTX_OP_SQRT: case PTX_OP_RSQRT: case PTX_OP_EX2: case PTX_OP_LG2:
	case PTX_OP_SIN: case PTX_OP_COS:
		return exec_math(c, w, pc, exec);
	case PTX_OP_SHFL:
		return exec_shfl(c, w, pc, exec);
	case PTX_OP_VOTE:
		return exec_vote(c, w, pc, exec);
	default:
		return exec_arith(c, w, pc, exec);
	}
}
