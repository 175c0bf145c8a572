/* regalloc.h - a PTX function's flow graph, the liveness of its virtual registers, and their
 * allocation onto architected 32-bit registers (docs/ptx.md, "Flow analysis and register
 * allocation"): 64-bit values take aligned pairs, predicates do not live in the register file. */
#ifndef PTX_REGALLOC_H
#define PTX_REGALLOC_H

#include <stddef.h>
#include <stdint.h>

#include "flow.h"
#include "ptx.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The flow graph of fn: one node per instruction, the registers fn's virtual register ids;
 * branches to their targets (and on, when guarded), ret and exit leave (and go on, when guarded),
 * the last instruction and a branch to the end leave. A guarded definition does not kill. NULL
 * when out of memory. */
pf_graph_t *ptx_flow_graph(const ptx_func_t *fn);

/* Most registers ptx_insn_regs lists for one instruction (a guard and five operands of at most
 * four registers each). */
#define PTX_INSN_REGS_MAX 24u

/* The virtual registers instruction in reads (uses) and writes (defs), as ptx_flow_graph sees them:
 * the guard first among the uses, then every operand's registers in operand order (an address
 * register is read; the first operand is written, with its second predicate after '|', by every
 * opcode but st, red, bra, ret, exit and bar); predicates included, PTX_NONE and sinks left out,
 * duplicates kept. uses and defs hold PTX_INSN_REGS_MAX ids each; *nu and *nd get the counts. */
void ptx_insn_regs(const ptx_insn_t *in, uint32_t *uses, unsigned *nu, uint32_t *defs, unsigned *nd);

/* Architected 32-bit registers a virtual register of class t takes: 2 for 64-bit classes, 0 for
 * predicates, else 1. */
unsigned ptx_reg_width(ptx_type_t t);

/* An allocation of one function. */
typedef struct ptx_alloc {
	uint32_t n_regs;     /* fn's virtual registers */
	int32_t *phys;       /* [n_regs] first architected register, -1 for a predicate or an unused one */
	unsigned used;       /* architected registers used (the highest one + 1) */
	unsigned max_live;   /* most 32-bit registers live at once, over every instruction (a lower bound) */
	unsigned live_regs;  /* virtual registers that hold values (neither predicates nor unused) */
} ptx_alloc_t;

/* Allocate fn's registers: each virtual register in the order of its first definition takes the
 * lowest architected register (a pair aligned to 2 for a 64-bit one) free of every register it
 * interferes with (both live out of, or defined at, one instruction). 0; or -1 with a message when
 * more than limit registers are needed ("needs N registers, the limit is M") or memory runs out.
 * Free with ptx_alloc_free. */
int ptx_alloc(const ptx_func_t *fn, unsigned limit, ptx_alloc_t *a, char *msg, size_t n);
void ptx_alloc_free(ptx_alloc_t *a);

#ifdef __cplusplus
}
#endif

#endif /* PTX_REGALLOC_H */
