/* block_acrf.h - the ACRF side of FineReg's engine as ports, shared by the blocks that carry it
 * (rf_fr_eng, rf_fr_ctl; docs/finereg.md, "Blocks"): bank holds, the engine's reads (ARD) with
 * their data a cycle later, its writes (AWR) and its zeros. */
#ifndef RFM_FR_BLOCK_ACRF_H
#define RFM_FR_BLOCK_ACRF_H

#include "rfm_block.h"
#include "rfm_finereg.h"

typedef struct rfm_fr_acrf_ix {
	unsigned gnt, req, ard, ardw, ardr, rdd, awr, awrw, awrr, awrd, z, zw, zr; /* port indices */
	unsigned banks, wbits, words; /* banks, warp-index bits, 32-bit words of a warp register */
} rfm_fr_acrf_ix_t;

/* The ACRF bank of register (w, r) of slot s under config ctx (a const rfm_cfg_t *): the base
 * mapping of rf_top's warp s x kernel_warps + w (the engine's bank function, rfm_fr_eng_cfg_t). */
unsigned rfm_fr_acrf_bank(void *ctx, unsigned s, unsigned w, unsigned r);
/* The ports, in their order (hold_gnt_i .. z_ridx_o), with wb warp-index bits. */
void rfm_fr_acrf_ports(const rfm_cfg_t *c, rfm_ports_t *pt, rfm_fr_acrf_ix_t *ix, unsigned wb);
/* This cycle's ACRF outputs of engine e: its hold request and the accesses of a (busy: an operation
 * in progress; else all 0). */
void rfm_fr_acrf_show(rfm_model_t *m, const rfm_fr_acrf_ix_t *ix, const rfm_fr_eng_t *e, const rfm_fr_eng_act_t *a,
	int busy);
/* The ACRF writes the outputs show (the last evaluation's), applied to a slot's registers: slot
 * points at its register (0, 0), R registers a warp. */
void rfm_fr_acrf_apply(rfm_model_t *m, const rfm_fr_acrf_ix_t *ix, uint32_t *slot, unsigned R);

#endif
