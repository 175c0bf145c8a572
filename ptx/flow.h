/* flow.h - flow analysis of one function for the compiler side of the techniques (docs/ptx.md,
 * "Flow analysis"): per-instruction register liveness (live-in sets, the paper definition FineReg
 * uses: a register is live from its last definition until its last use, the instruction's own
 * sources included) and immediate post-dominators (the reconvergence points of a SIMT stack).
 * Nodes are instructions; the caller lists each one's successors, uses and definitions, so the
 * analysis knows nothing of PTX or of any instruction set. */
#ifndef PTX_FLOW_H
#define PTX_FLOW_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pf_graph pf_graph_t;

/* A graph of n instructions (1 .. 1 000 000) over nregs registers (1 .. 65 536), with no edges,
 * uses or definitions yet; NULL when out of range or out of memory. */
pf_graph_t *pf_create(unsigned n, unsigned nregs);
void pf_destroy(pf_graph_t *g);

/* Instruction i may continue at s (at most two successors; a conditional branch has both its
 * target and the next instruction). -1 when i or s is out of range or i has two already. */
int pf_add_succ(pf_graph_t *g, unsigned i, unsigned s);
/* Control may leave the function at i (ret, exit, or a guarded one, which also falls through). */
int pf_set_exit(pf_graph_t *g, unsigned i);
/* Instruction i reads register r. */
int pf_add_use(pf_graph_t *g, unsigned i, unsigned r);
/* Instruction i writes register r; kills: every lane's whole register is written unconditionally
 * (a guarded write, a partial write such as a half register, do not end the liveness of the old
 * value). */
int pf_add_def(pf_graph_t *g, unsigned i, unsigned r, int kills);

/* Live-in sets to the fixed point: live_in(i) = use(i) | (live_out(i) & ~kill(i)), live_out(i) =
 * the union of its successors' live-in sets (none after an exit). 0, or -1 out of memory. */
int pf_liveness(pf_graph_t *g);
/* After pf_liveness: is r live into i; how many registers are live into i; the first 64 registers'
 * bits (bit r: register r), FineReg's live-register bit vector. */
int pf_live(const pf_graph_t *g, unsigned i, unsigned r);
unsigned pf_live_count(const pf_graph_t *g, unsigned i);
uint64_t pf_live_bits64(const pf_graph_t *g, unsigned i);
/* After pf_liveness: is r live out of i (live into one of its successors). */
int pf_live_out(const pf_graph_t *g, unsigned i, unsigned r);
/* The largest pf_live_count over every instruction (a lower bound on the registers an allocation
 * needs). */
unsigned pf_max_live(const pf_graph_t *g);

/* Immediate post-dominators (Cooper, Harvey and Kennedy's iteration on the reverse graph, with a
 * virtual exit node n after every exit). 0, or -1 out of memory. */
int pf_postdom(pf_graph_t *g);
/* After pf_postdom: the immediate post-dominator of i; n for the virtual exit (i reaches the end of
 * the function on no common instruction); -1 when i cannot reach an exit (an endless loop). */
int pf_ipdom(const pf_graph_t *g, unsigned i);

#ifdef __cplusplus
}
#endif

#endif /* PTX_FLOW_H */
