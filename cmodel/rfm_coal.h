/* rfm_coal.h - the coalescing-aware register file (docs/coalescing.md): the pure functions its
 * block models, unit tests and benchmark share.
 *
 * Conventions (docs/coalescing.md, "Formats"): lane t < lanes, byte k < 4 (byte 0 = bits 7..0).
 * Byte-interleaved (BI), the format outside the register file: byte (t, k) at bit 32t + 8k.
 * Thread-interleaved (TI), the format inside banks and collectors: byte (t, k) at bit 8*lanes*k + 8t,
 * so TI slice k (lanes bytes) is sub-bank k. Masks are 4 bits, bit k = sub-bank k = collector slice k.
 * A logical mask is right-aligned (0001, 0011, 0111, 1111); an odd register's physical mask is its
 * reverse (1000, 1100, 1110, 1111), because odd registers are byte-swapped inside each lane.
 */
#ifndef RFM_COAL_H
#define RFM_COAL_H

#include <stdint.h>

#include "rfm_config.h"
#include "rfm_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- width detection and the mask-buffer entry (rf_width_detect, rf_mask_buffer) ------------- */

/* A mask-buffer entry: the sign of the stored value and enc = width in bytes - 1. */
typedef struct rfm_cw_code {
	unsigned sign; /* 1: the stripped upper bytes are 0xFF */
	unsigned enc;  /* 0..3: 00 -> 0001, 01 -> 0011, 10 -> 0111, 11 -> 1111 (logical mask) */
} rfm_cw_code_t;

/* Width code of a write-back value: v[lanes] 32-bit lane values, active the lanes that write
 * (bit t = lane t). sign = OR of bit 31 over active lanes; per upper byte k, need[k] = some active
 * lane's byte k differs from the sign fill; the mask is the thermometer of need (docs/coalescing.md,
 * "Width detection"). active == 0 gives {0, 0}. */
rfm_cw_code_t rfm_cw_detect(const uint32_t *v, uint64_t active, unsigned lanes);

/* Logical mask of a code: (2 << enc) - 1. */
static inline unsigned rfm_cw_lmask(unsigned enc) { return (2u << (enc & 3u)) - 1u; }

/* Reverse the 4 bits of a mask (bit k <-> bit 3 - k). */
static inline unsigned rfm_cw_rev4(unsigned m)
{
	return ((m & 1u) << 3) | ((m & 2u) << 1) | ((m & 4u) >> 1) | ((m & 8u) >> 3);
}

/* Physical sub-bank mask of a code on an even (odd = 0) or odd (odd = 1) register. */
static inline unsigned rfm_cw_pmask(unsigned enc, unsigned odd)
{
	return odd ? rfm_cw_rev4(rfm_cw_lmask(enc)) : rfm_cw_lmask(enc);
}

/* Final code of a partial write (docs/coalescing.md, "Partial writes"): nw the new value's code over
 * its active lanes, old the stored code, all = every lane active. all: nw. Same sign: the wider
 * width, sign nw.sign. Different signs: width 4, sign nw.sign. */
rfm_cw_code_t rfm_cw_merge(rfm_cw_code_t nw, rfm_cw_code_t old, int all);

/* Sign-fill a stored lane value: logical bytes k > enc become 0x00 or 0xFF (sign). */
uint32_t rfm_cw_fill(uint32_t v, rfm_cw_code_t c);

/* ---- formats and the byte swap (rf_ti_convert, rf_byte_swap) ---------------------------------- */

/* Byte k of lane t of a BI vector of `lanes` lanes (words: lanes 32-bit words, lane t in word t). */
static inline unsigned rfm_bi_byte(const uint32_t *bi, unsigned t, unsigned k) { return (bi[t] >> (8 * k)) & 0xffu; }

/* BI (lanes words) to TI (lanes words: byte (t, k) at byte index lanes*k + t) and back. */
void rfm_bi_to_ti(const uint32_t *bi, uint32_t *ti, unsigned lanes);
void rfm_ti_to_bi(const uint32_t *ti, uint32_t *bi, unsigned lanes);

/* Byte-swap every lane of a BI vector when sel (out may equal in). */
void rfm_bswap_lanes(const uint32_t *in, uint32_t *out, unsigned lanes, unsigned sel);

/* ---- the coalescing arbiter (rf_coal_arbiter) ---------------------------------------------------- */

/* A write request: the exec ports come first in index order, memory write-back last. */
typedef struct rfm_ca_wr {
	uint8_t valid;
	uint8_t bank;
	uint8_t pmask; /* physical sub-bank mask */
} rfm_ca_wr_t;

/* Side of a read cell: R (even register, right-aligned) is served before L inside a cell. */
enum { RFM_CA_R = 0, RFM_CA_L = 1 };

/* Index of read cell (bank i, side s, collector j) in the nb x 2 x noc request matrix. */
static inline unsigned rfm_ca_cell(unsigned noc, unsigned i, unsigned s, unsigned j) { return (i * 2u + s) * noc + j; }

/* One cycle of the coalescing-aware wrapped-wavefront arbiter (docs/coalescing.md, "Arbiter").
 * wr[nwr] in priority order; rd_valid/rd_pmask[nb * 2 * noc] the oldest pending read of each cell;
 * pri the diagonal with priority this cycle (0..N-1, N = max(nb, noc)). Writes take their
 * sub-banks first, in order; then the reads, diagonal d = pri, pri+1, ... ((i + j) mod N == d),
 * R before L, each granted all-or-nothing when its sub-banks in bank i and its slices of collector
 * j are free. Outputs wgnt[nwr], rgnt[nb * 2 * noc] (0/1). With every mask 1111 and one side used
 * this is the baseline wrapped-wavefront arbiter. */
void rfm_ca_arbitrate(unsigned nb, unsigned noc, unsigned pri, const rfm_ca_wr_t *wr, unsigned nwr,
		      const uint8_t *rd_valid, const uint8_t *rd_pmask, uint8_t *wgnt, uint8_t *rgnt);

/* N of the wavefront: max(nb, noc); pri counts modulo it. */
static inline unsigned rfm_ca_n(unsigned nb, unsigned noc) { return nb > noc ? nb : noc; }

/* ---- narrow-biased values (stimulus and benchmark) ---------------------------------------------- */

/* Width distribution of warp values: percent of warps whose value needs 1, 2, 3 and 4 bytes
 * (sum 100), and percent of narrow warps that are negative (every active lane below zero). */
typedef struct rfm_cw_dist {
	unsigned pct[4];
	unsigned neg_pct;
} rfm_cw_dist_t;

/* Preset "fig3_3": 29% of warp values need 4 bytes (the dissertation's Figure 3.3: 29.2% of
 * destination operands); the split of the narrow rest over 1, 2 and 3 bytes (45/20/6) is ours,
 * the figure is not in the text. 10% of narrow values negative. */
extern const rfm_cw_dist_t rfm_cw_dist_fig3_3;
/* Preset "full": every value needs 4 bytes (coalescing never applies). */
extern const rfm_cw_dist_t rfm_cw_dist_full;

/* Parse "fig3_3", "full" or "P1,P2,P3,P4[,NEG]" (percentages). 0 on success, -1 on bad text. */
int rfm_cw_dist_parse(const char *s, rfm_cw_dist_t *d);

/* A warp value: v[lanes] with width class drawn from d (returned, 1..4 bytes), every lane fitting
 * that width with the class's sign and at least one lane needing exactly that width, so
 * rfm_cw_detect over all lanes gives enc = width - 1. */
unsigned rfm_cw_sample(rfm_rng_t *r, const rfm_cw_dist_t *d, uint32_t *v, unsigned lanes);

#ifdef __cplusplus
}
#endif

#endif /* RFM_COAL_H */
