/* rf_annot.h - the compiler side of a technique for a trace replayed through rf_top (docs/trace.md,
 * "Replay with RegMutex and virtualization"): the annotations of compiler/annotate.h computed for
 * the trace's kernel (its PTX parsed and allocated again under the trace's register limit), turned
 * into what rf_top's ports take per static instruction (PC): virtualization's release flags per
 * source register, pbr words and the renumbering that puts the exempt registers on top; RegMutex's
 * extended set size, the acquires and releases placed before an instruction and the renumbering
 * that keeps the extended registers inside the acquired regions (an_rm_renumber); the eDRAM
 * file's FP class per instruction. */
#ifndef TRACE_RF_ANNOT_H
#define TRACE_RF_ANNOT_H

#include <stddef.h>
#include <stdint.h>

#include "rfm_config.h"
#include "trace.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RA_PBR_MAX 8u /* most pbr words placed before one instruction */

typedef enum { RA_NONE = 0, RA_VIRT, RA_REGMUTEX } ra_tech_t;

/* A kernel's annotation for one config. Register numbers in the per-PC tables are the trace's
 * (architected); ra_hw maps one to the number rf_top is given. */
typedef struct ra {
	ra_tech_t tech;
	unsigned n;          /* static instructions (the trace's) */
	unsigned R;          /* registers per thread */
	unsigned W;          /* 64-bit words per register set */
	/* virtualization */
	uint64_t *pir;       /* [n*W] registers a pir flag releases after their read at the PC */
	uint64_t *pbr;       /* [n*W] registers released by pbr words placed before the PC */
	unsigned *order;     /* [R] registers, the exemption order (the first E are exempt) */
	uint16_t *hw;        /* [R] the register rf_top is given: exempt ones on top, the rest in order */
	unsigned exempt;     /* E of the launch (ra_virt_exempt) */
	/* RegMutex */
	unsigned es, bs;     /* extended and base set sizes (Es 0: nothing is acquired) */
	uint8_t *acq, *rel;  /* [n] an acquire / a release goes before the PC */
	unsigned low;        /* registers that must stay below Bs (an_rm_renumber); > Bs: refused */
	/* eDRAM (with any of the above) */
	uint8_t *fp;         /* [n] the instruction is floating point (an_edram_class): its write-backs
	                        make their rows approximate, its reads its source rows; NULL: no eDRAM */
} ra_t;

/* The annotation of the trace with header h for config c (RA_NONE and no fp table when none of
 * RegMutex, virtualization and eDRAM is on: nothing is parsed). ptx: the PTX file, or NULL for the one the header names.
 * every_read (a planted fault, test only): the compiler's AN_FAULT_PIR_EVERY_READ, a pir flag on
 * every read.
 * 0, or -1 with one line in msg (a PTX file that does not parse, has no such kernel, or does not
 * allocate to the trace's registers and instructions; out of memory). */
int ra_build(ra_t *a, const rfm_cfg_t *c, const rt_header_t *h, const char *ptx, int every_read, char *msg,
	     size_t n);
void ra_free(ra_t *a);

/* Is register r in row pc of set s. */
int ra_in(const ra_t *a, const uint64_t *s, unsigned pc, unsigned r);
/* Virtualization: the exempt registers for a launch of w warps on c (the fewest that let the
 * renamed ones fit the table: R - min(R, rt_depth / w)); sets a->exempt and the renumbering. */
unsigned ra_virt_exempt(ra_t *a, const rfm_cfg_t *c, unsigned w);
/* Register r as rf_top sees it (virtualization: exempt on top; RegMutex: an_rm_renumber). */
unsigned ra_hw(const ra_t *a, unsigned r);
/* Virtualization: the pbr words placed before pc, in the hardware's numbering, exempt registers
 * left out (they are never renamed); their number (<= RA_PBR_MAX), into words. */
unsigned ra_pbr_words(const ra_t *a, unsigned pc, uint64_t *words);

#ifdef __cplusplus
}
#endif

#endif /* TRACE_RF_ANNOT_H */
