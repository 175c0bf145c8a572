/* annotate.h - the compiler side of the techniques on architected registers (docs/compiler.md):
 * virtualization's pir flags, pbr words and renaming exemption, RegMutex's base and extended set
 * sizes and acquire/release points, FineReg's live vectors, the eDRAM file's FP classes. The
 * analyses run on a program of architected-register instructions (an_prog_t), built from an
 * allocated PTX kernel (an_from_ptx) or by hand (the papers' worked examples in the unit tests). */
#ifndef COMPILER_ANNOTATE_H
#define COMPILER_ANNOTATE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "flow.h"
#include "ptx.h"
#include "regalloc.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AN_SLOTS 6u     /* most source operand slots of one instruction */
#define AN_SLOT_REGS 8u /* most architected registers of one operand (a vector of four pairs) */
#define AN_DSTS 8u      /* most architected registers one instruction writes */

/* One instruction over architected registers. */
typedef struct an_insn {
	uint8_t n_src;                           /* source operand slots (immediates included) */
	uint8_t src_n[AN_SLOTS];                 /* architected registers of each slot (0: none) */
	uint16_t src[AN_SLOTS][AN_SLOT_REGS];    /* those registers */
	uint8_t n_dst;                           /* architected registers written */
	uint16_t dst[AN_DSTS];                   /* those registers */
	uint8_t kills;                           /* the writes are unconditional and whole (not guarded) */
	uint8_t n_succ;                          /* successors in succ[] (0 .. 2) */
	uint32_t succ[2];                        /* successor instructions */
	uint8_t exit;                            /* control may leave the kernel here */
	uint8_t divergent;                       /* a guarded, non-uniform branch (two successors) */
	uint8_t barrier;                         /* a CTA-wide barrier (bar) */
	uint8_t fp;                              /* eDRAM FP class: 0 not FP, 32 FP32, 64 FP64 */
} an_insn_t;

/* A program: n instructions over nregs architected registers. */
typedef struct an_prog {
	char name[PTX_NAME_MAX + 1]; /* the kernel's name */
	unsigned n;                  /* instructions (>= 1) */
	unsigned nregs;              /* architected registers (>= 1) */
	an_insn_t *insns;            /* [n] */
} an_prog_t;

/* The program of kernel fn under allocation a (docs/compiler.md, "Input"). 0; -1 with a message
 * when out of memory or an instruction exceeds the bounds above. Free with an_prog_free. */
int an_from_ptx(const ptx_func_t *fn, const ptx_alloc_t *a, an_prog_t *p, char *msg, size_t len);
void an_prog_free(an_prog_t *p);
/* The eDRAM FP class of a PTX instruction: 32, 64 or 0 (docs/compiler.md, "eDRAM"). */
unsigned an_fp_class(const ptx_insn_t *in);

/* Liveness, post-dominators and divergent regions of a program (docs/compiler.md, "Flow"). Sets
 * are W 64-bit words per instruction, bit r = architected register r. */
typedef struct an_flow {
	const an_prog_t *p;  /* the program */
	unsigned n, nregs;   /* its sizes */
	unsigned W;          /* words per register set */
	pf_graph_t *g;       /* the flow graph with liveness and post-dominators */
	uint64_t *use;       /* [n*W] registers read */
	uint64_t *def;       /* [n*W] registers written */
	uint64_t *kill;      /* [n*W] registers written unconditionally */
	uint64_t *lin;       /* [n*W] live in (pf_live) */
	uint64_t *lout;      /* [n*W] live out (pf_live_out) */
	uint64_t *eg;        /* [n*W] union of Guard(b) = LiveOut(b) | LiveIn(ipdom(b)) over the
	                        divergent branches b whose region holds the instruction */
	int32_t *ipdom;      /* [n] pf_ipdom */
	uint8_t *leader;     /* [n] the instruction starts a basic block */
} an_flow_t;

/* Analyse p (which must outlive f). 0, or -1 out of memory. */
int an_flow(const an_prog_t *p, an_flow_t *f);
void an_flow_free(an_flow_t *f);
/* Is register r in the set at instruction i of array s. */
int an_in(const an_flow_t *f, const uint64_t *s, unsigned i, unsigned r);
/* Registers in the set at instruction i of array s. */
unsigned an_count(const an_flow_t *f, const uint64_t *s, unsigned i);

/* Region(b) of divergent branch b: the instructions reachable from b's successors without passing
 * through ipdom(b), marked 1 in mark[n] (the rest 0); stack holds n entries. Their number. */
unsigned an_region(const an_flow_t *f, unsigned b, uint8_t *mark, uint32_t *stack);

/* Planted faults for the checker's self-test (never set in normal use). */
typedef enum { AN_FAULT_NONE = 0, AN_FAULT_PIR_EVERY_READ } an_fault_t;

/* Virtualization (docs/compiler.md, "Virtualization"). */
typedef struct an_virt {
	uint64_t *pir;        /* [n*W] registers released after their read at i */
	uint8_t *pir_slots;   /* [n] the pir flag: bit j = source slot j releases (slots 0 .. 2 encode) */
	uint64_t *pbr;        /* [n*W] registers released by pbr words placed before i */
	unsigned pir_regs;    /* releases by pir, over every instruction */
	unsigned pir_unenc;   /* of those, releases no 3-bit flag can carry (left to the warp's exit) */
	unsigned pbr_regs;    /* releases by pbr */
	unsigned pbr_points;  /* reconvergence points with a pbr */
	unsigned pir_words;   /* pir words: one per 18 instructions of each basic block */
	unsigned pbr_words;   /* pbr words: nine registers each */
	unsigned blocks;      /* basic blocks */
} an_virt_t;

/* pir flags and pbr words of f. 0, or -1 out of memory. */
int an_virt(const an_flow_t *f, an_fault_t fault, an_virt_t *v);
void an_virt_free(an_virt_t *v);
/* The 64-bit pir word covering instructions first .. first + 17 (at most last) and the k-th pbr
 * word of point i (docs/virtualization.md, "Flag instructions"). */
uint64_t an_pir_word(const an_virt_t *v, unsigned first, unsigned last);
uint64_t an_pbr_word(const an_flow_t *f, const an_virt_t *v, unsigned i, unsigned k);

/* The renaming exemption of the paper's section 7.1 for w warps and a table of budget bits. */
typedef struct an_exempt {
	unsigned warps;        /* W */
	unsigned budget_bits;  /* the table budget */
	unsigned renamed;      /* R_ren */
	unsigned exempt;       /* E = R - R_ren */
	unsigned *order;       /* [nregs] registers by (L desc, F desc, id desc); the first E exempt */
	unsigned *life;        /* [nregs] L(r) */
	unsigned *writes;      /* [nregs] F(r) */
} an_exempt_t;

/* Registers renamed by the rule for W warps, R registers and budget bits (8192: the paper's 1 KB). */
unsigned an_exempt_renamed(unsigned warps, unsigned regs, unsigned budget_bits);
/* The exemption of a virtualized program. 0, or -1 out of memory. */
int an_exempt(const an_flow_t *f, const an_virt_t *v, unsigned warps, unsigned budget_bits, an_exempt_t *e);
void an_exempt_free(an_exempt_t *e);

/* RegMutex (docs/compiler.md, "RegMutex"), on a register file of warp_regs warp registers and
 * sm_warps warp slots (Fermi: 1024 and 48). */
typedef struct an_rm {
	unsigned R, es, bs;     /* registers, extended and base set sizes */
	unsigned ncand;         /* candidates for Es */
	unsigned cand[6];       /* the candidates, ascending */
	unsigned *press;        /* [n] registers live at i at warp level, its definitions included */
	uint8_t *acq;           /* [n] an acquire goes before i */
	uint8_t *rel;           /* [n] a release goes before i */
	unsigned n_acq, n_rel;  /* acquires and releases placed */
	unsigned in_a;          /* instructions whose press exceeds Bs */
	unsigned bar_press;     /* most press at a barrier (rule 2 asks Bs >= it) */
	unsigned outside_ext;   /* instructions outside the acquired regions that touch an extended
	                           register (left to index compaction, not done) */
} an_rm_t;

/* The paper's rule for Es: rfm_rm_choose_es (docs/regmutex.md "Choosing Es") for a file of warp_regs
 * warp registers and sm_warps warps. */
unsigned an_rm_choose_es(unsigned warp_regs, unsigned sm_warps, unsigned regs, unsigned *cand, unsigned *ncand);
/* RegMutex's annotation of f. 0, or -1 out of memory. */
int an_regmutex(const an_flow_t *f, unsigned warp_regs, unsigned sm_warps, an_rm_t *rm);
void an_rm_free(an_rm_t *rm);
/* A static renumbering of the registers (a restricted form of the paper's index compaction,
 * section III-A4: a permutation, no moves): every register that an instruction with press <= Bs
 * reads, writes or has live (live in, defined, or guarded by an enclosing divergent region) gets a
 * number below Bs, the others the numbers from there up, each group in ascending order; so no
 * instruction outside the acquired regions touches an extended register and no extended register
 * is live where a release can be. hw[R] receives the new numbers. The number of registers that
 * must stay below Bs; when it exceeds Bs no such permutation exists (hw is then the identity). */
unsigned an_rm_renumber(const an_flow_t *f, const an_rm_t *rm, unsigned *hw);
/* Every instruction whose press exceeds Bs is acquired on every path from the entry, the paths
 * a SIMT stack switches to included (a forward must-analysis of the placement). 1 yes, 0 no. */
int an_rm_brackets(const an_flow_t *f, const an_rm_t *rm);

/* FineReg: the live vector of instruction i (live in, its own sources included). */
uint64_t an_finereg_vector(const an_flow_t *f, unsigned i);

/* The eDRAM FP class of instruction i and the rows it marks (docs/compiler.md, "eDRAM"). */
unsigned an_edram_class(const an_flow_t *f, unsigned i);

/* Print each technique's section of the annotation (docs/compiler.md, "Output"). */
void an_print_virt(FILE *o, const an_flow_t *f, const an_virt_t *v, const an_exempt_t *e);
void an_print_regmutex(FILE *o, const an_flow_t *f, const an_rm_t *rm);
void an_print_finereg(FILE *o, const an_flow_t *f);
void an_print_edram(FILE *o, const an_flow_t *f);

/* The cross-checks of docs/compiler.md, "Checks": 0, or -1 with the first failure in msg. */
int an_check(const an_flow_t *f, const an_virt_t *v, const an_rm_t *rm, char *msg, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* COMPILER_ANNOTATE_H */
