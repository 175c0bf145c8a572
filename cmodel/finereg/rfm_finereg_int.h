/* rfm_finereg_int.h - helpers shared by the register management unit's whole operations (rmu.c)
 * and its cycle-level engine (engine.c); not part of the unit's interface. */
#ifndef RFM_FINEREG_INT_H
#define RFM_FINEREG_INT_H

#include "rfm_finereg.h"

/* Words of ACRF register (w, r) of slot s; of PCRF entry e. */
uint32_t *rfm_fr_areg(const rfm_fr_t *u, unsigned s, unsigned w, unsigned r);
uint32_t *rfm_fr_preg(const rfm_fr_t *u, unsigned e);
/* CTAs whose context is in the pipeline. */
unsigned rfm_fr_in_pipe(const rfm_fr_t *u);
/* Link entries order[0 .. n-1] into CTA c's chain and set its pointer line. */
void rfm_fr_link_chain(rfm_fr_t *u, unsigned c, const unsigned *order, unsigned n);
/* Read entry e out of the PCRF and empty it: its tag into *t, its data into buf. */
void rfm_fr_take_entry(rfm_fr_t *u, unsigned e, rfm_fr_tag_t *t, uint32_t *buf);
/* CTA c owns slot s (-1: none); its former slot is freed. */
void rfm_fr_own(rfm_fr_t *u, unsigned c, int s);

#endif /* RFM_FINEREG_INT_H */
