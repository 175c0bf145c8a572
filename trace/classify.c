/* classify.c - the class of a PTX instruction (trace.h, docs/trace.md "Classes"): one table,
 * opcode -> a fixed class, or "by type" (the instruction's floating-point type decides). */
#include "trace.h"

#define BY_TYPE RT_CLASS_COUNT /* the class follows the type: f64 FP64, f32/f16 FP32, else INT */

/* The table: every opcode the parser knows. */
static const unsigned char cls_of[PTX_OP_COUNT] = {
	/* arithmetic: by type */
	[PTX_OP_ADD] = BY_TYPE, [PTX_OP_SUB] = BY_TYPE, [PTX_OP_MUL] = BY_TYPE, [PTX_OP_MAD] = BY_TYPE,
	[PTX_OP_FMA] = BY_TYPE, [PTX_OP_DIV] = BY_TYPE, [PTX_OP_REM] = BY_TYPE, [PTX_OP_ABS] = BY_TYPE,
	[PTX_OP_NEG] = BY_TYPE, [PTX_OP_MIN] = BY_TYPE, [PTX_OP_MAX] = BY_TYPE,
	/* comparisons and conversions: by type (cvt: either type) */
	[PTX_OP_SETP] = BY_TYPE, [PTX_OP_CVT] = BY_TYPE,
	/* logic, bit manipulation, selection, moves, address conversion: the integer unit */
	[PTX_OP_AND] = RT_CLASS_INT, [PTX_OP_OR] = RT_CLASS_INT, [PTX_OP_XOR] = RT_CLASS_INT,
	[PTX_OP_NOT] = RT_CLASS_INT, [PTX_OP_SHL] = RT_CLASS_INT, [PTX_OP_SHR] = RT_CLASS_INT,
	[PTX_OP_POPC] = RT_CLASS_INT, [PTX_OP_CLZ] = RT_CLASS_INT, [PTX_OP_BREV] = RT_CLASS_INT,
	[PTX_OP_BFE] = RT_CLASS_INT, [PTX_OP_BFI] = RT_CLASS_INT, [PTX_OP_SELP] = RT_CLASS_INT,
	[PTX_OP_CVTA] = RT_CLASS_INT, [PTX_OP_MOV] = RT_CLASS_INT,
	/* memory */
	[PTX_OP_LD] = RT_CLASS_MEM, [PTX_OP_ST] = RT_CLASS_MEM, [PTX_OP_ATOM] = RT_CLASS_MEM,
	[PTX_OP_RED] = RT_CLASS_MEM,
	/* control, the barrier included */
	[PTX_OP_BRA] = RT_CLASS_CTRL, [PTX_OP_RET] = RT_CLASS_CTRL, [PTX_OP_EXIT] = RT_CLASS_CTRL,
	[PTX_OP_BAR] = RT_CLASS_CTRL,
	/* special functions: by type (rcp.f64, sqrt.f64 FP64, the rest FP32) */
	[PTX_OP_RCP] = BY_TYPE, [PTX_OP_SQRT] = BY_TYPE, [PTX_OP_RSQRT] = BY_TYPE, [PTX_OP_EX2] = BY_TYPE,
	[PTX_OP_LG2] = BY_TYPE, [PTX_OP_SIN] = BY_TYPE, [PTX_OP_COS] = BY_TYPE,
	/* warp-wide data movement and reductions of predicates: the integer unit */
	[PTX_OP_SHFL] = RT_CLASS_INT, [PTX_OP_VOTE] = RT_CLASS_INT,
};

static rt_class_t of_type(ptx_type_t t)
{
	if (t == PTX_T_F64)
		return RT_CLASS_FP64;
	if (t == PTX_T_F32 || t == PTX_T_F16)
		return RT_CLASS_FP32;
	return RT_CLASS_INT;
}

rt_class_t rt_classify(const ptx_insn_t *in)
{
	rt_class_t a, b;
	if ((unsigned)in->op >= PTX_OP_COUNT)
		return RT_CLASS_COUNT;
	if (cls_of[in->op] != BY_TYPE)
		return (rt_class_t)cls_of[in->op];
	a = of_type(in->type);
	b = of_type(in->type2);
	return a == RT_CLASS_FP64 || b == RT_CLASS_FP64 ? RT_CLASS_FP64 : a == RT_CLASS_FP32 ? a : b;
}

const char *rt_class_name(unsigned cls)
{
	static const char *const names[RT_CLASS_COUNT] = {"int", "fp32", "fp64", "mem", "ctrl"};
	return cls < RT_CLASS_COUNT ? names[cls] : "?";
}
