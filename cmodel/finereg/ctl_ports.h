/* ctl_ports.h - the register management unit's ports that rf_fr_ctl (block_ctl.c) and rf_top's
 * FineReg part (part_finereg.c) both carry: the scheduler and memory, what happens at each edge,
 * the state and the counters (docs/finereg.md, "Blocks" and "rf_top integration"). rf_top's names
 * carry the prefix "fr_". */
#ifndef RFM_FR_CTL_PORTS_H
#define RFM_FR_CTL_PORTS_H

#include "rfm_block.h"
#include "rfm_finereg.h"

/* The unit's counters: the controller's own 14 first, then the engine's 8, named "eng_<name>" here
 * and "<name>" on rf_fr_eng's ports. */
enum { RFM_FR_CTL_NCNT = 22, RFM_FR_CTL_NOWN = 14 };
/* The unit's counters: names (cnt_<name>_o) and one line of meaning each. */
extern const char *const rfm_fr_ctl_cnt_names[RFM_FR_CTL_NCNT];
extern const char *const rfm_fr_ctl_cnt_help[RFM_FR_CTL_NCNT];

typedef struct rfm_fr_ctl_pix {
	unsigned stall, pc, ready, exit, nl, fv, fpc, fvec, miss, mpc, act, scta;     /* scheduler, memory */
	unsigned state, lslot, go, op, slot, ca, cb, pipe, done, csw, stay, resume, ex, excta; /* the edge */
	unsigned pcta, px, pr, ph, pn, fcnt, res, pend, actn;                            /* the state */
	unsigned cnt[RFM_FR_CTL_NCNT];                                                   /* counters */
	unsigned S, W, n;                                                                /* slots, warps, lines */
} rfm_fr_ctl_pix_t;

/* Per slot s of n, owner[s] (-1: none) as bits [s*bits +: bits] of out (0 for none). */
void rfm_fr_pack_owners(const int *owner, unsigned n, unsigned bits, uint32_t *out);
/* Index bits of n things (at least 1). */
unsigned rfm_fr_ix_bits(unsigned n);
/* The scheduler and memory group (stall_i .. act_o), names prefixed with pre, in group `group`; the
 * fill port's vector has vec_bits bits (64: every register a vector can name; rf_top: the reference
 * kernel's registers, the only ones the unit keeps). */
void rfm_fr_ctl_ports_sched(const rfm_cfg_t *c, rfm_ports_t *pt, rfm_fr_ctl_pix_t *ix, const char *pre,
	const char *group, unsigned vec_bits);
/* What happens at the edge, the state and the counters (state_o .. cnt_*_o), names prefixed with
 * pre, group names prefixed with gpre. */
void rfm_fr_ctl_ports_show(const rfm_cfg_t *c, rfm_ports_t *pt, rfm_fr_ctl_pix_t *ix, const char *pre,
	const char *gpre);
/* The outputs of both groups for this cycle's actions a of controller k (the ACRF's are the
 * caller's). */
void rfm_fr_ctl_show(rfm_model_t *m, const rfm_fr_ctl_pix_t *ix, const rfm_fr_ctl_t *k, const rfm_fr_ctl_act_t *a);
/* Slot s's CTA is active (in the pipeline, its registers in the ACRF) and not being moved: its
 * warps may issue (act_o). */
int rfm_fr_ctl_active(const rfm_fr_ctl_t *k, unsigned s);
/* CTAs of status (ctx, reg) in u; ctx < 0: every resident one. */
unsigned rfm_fr_count_status(const rfm_fr_t *u, int ctx, int reg);

#endif
