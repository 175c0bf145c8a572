/* rfm_blocks.h - port-table and create functions of every registered block (rfm_blocks.def). */
#ifndef RFM_BLOCKS_H
#define RFM_BLOCKS_H

#include "rfm_block.h"

#ifdef __cplusplus
extern "C" {
#endif

#define X(mod, feat, help)                                                                             \
	int rfm_##mod##_ports(const rfm_cfg_t *cfg, rfm_ports_t *pt); /* build the port table */   \
	rfm_model_t *rfm_##mod##_create(const rfm_cfg_t *cfg);        /* new model */
#include "rfm_blocks.def"
#undef X

#ifdef __cplusplus
}
#endif

#endif /* RFM_BLOCKS_H */
