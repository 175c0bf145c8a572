/* rfm_edram_dpi.h - the twin decay overlay that the RTL's eDRAM banks drive through DPI-C
 * (dpi_edram.c; docs/edram.md, "Decay"). */
#ifndef RFM_EDRAM_DPI_H
#define RFM_EDRAM_DPI_H

#include <stdint.h>

#include "rfm_edram.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rfm_edram_twin {
	rfm_edram_geom_t g;     /* geometry */
	rfm_edram_decay_t *dk;  /* the overlay (NULL: decay off) */
	int paper;              /* paper mode: draws need the flags */
	uint64_t now;           /* the cycle (the model part's count) */
	uint8_t *flag;          /* banks x rows: the flags the RTL reported (1 precise) */
} rfm_edram_twin_t;

/* Bind tw as the overlay the DPI functions drive (NULL: none, nothing decays in the RTL). */
void rfm_edram_twin_bind(rfm_edram_twin_t *tw);
/* Cycle now begins: the paper mode's draws against the flags the RTL reported. */
void rfm_edram_twin_begin(rfm_edram_twin_t *tw, uint64_t now);

/* The DPI-C functions rf_edram_bank imports (simulation only): the bits of a word that read 0 now,
 * a bank's edge events, whether the flags are wanted at this edge, and a bank's flags. */
int rfm_dpi_edram_mask(int bank, int row, int lane);
void rfm_dpi_edram_edge(int bank, int ren, int raddr, int wen, int waddr, long long wmask, int ref, int rrow,
			int rnc);
int rfm_dpi_edram_want_flags(void);
void rfm_dpi_edram_flags(int bank, const uint32_t *flags);

#ifdef __cplusplus
}
#endif

#endif /* RFM_EDRAM_DPI_H */
