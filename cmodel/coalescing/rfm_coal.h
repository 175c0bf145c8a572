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

/* ---- zero-data gating (rf_zero_detect, rf_zero_read, rf_zmask_buffer) -------------------------- */

/* Chapter 4 on thread-interleaved storage (docs/coalescing.md, "Zero gating"). The zero mask has
 * one bit per 4-byte word, lanes bits; group g is lanes 4g..4g+3 and owns words 4g..4g+3. With the
 * group's R-bit 0, word 4g+i is lane 4g+i (its byte k in sub-bank k); with R = 1, word 4g+s is the
 * cross-lane word (g, s): byte s of the group's four lanes, which in TI storage is bytes 4g..4g+3
 * of sub-bank s (the transpose is the BI -> TI wiring). Zero-mask bit 1 = the word is zero: it is
 * not written, not read, and reads as 0. Byte masks hold one bit per TI byte: b[k] bit t = byte
 * (t, k), byte t of sub-bank k. Values are as the banks store them (after an odd register's swap). */

#define RFM_CZ_MAXLANES 64 /* most lanes (rf.lanes) */
#define RFM_CZ_MAXG 16     /* most groups of 4 lanes */

/* A zero-mask buffer entry. */
typedef struct rfm_cz_entry {
	uint64_t zm; /* zero mask, bit w = word w is zero (lanes bits) */
	uint32_t r;  /* R-bits, bit g = group g holds the cross-lane order (lanes / 4 bits) */
} rfm_cz_entry_t;

/* The R-bit group g of an entry uses: fixed by the static modes (in_lane 0, cross_lane 1), the
 * entry's own bit r >> g under dynamic. Modes below in_lane keep no zero mask (callers skip them). */
static inline unsigned rfm_cz_group_r(unsigned mode, uint32_t r, unsigned g)
{
	return mode == RFM_ZG_CROSS_LANE ? 1u : mode == RFM_ZG_DYNAMIC ? (unsigned)(r >> g) & 1u : 0u;
}

/* Entry of a register never written since reset: every word zero (zm all ones), so it reads as 0
 * whatever the banks hold; R = 1 in cross_lane mode (R never changes there), else 0. Modes below
 * in_lane keep no zero mask: {0, 0}. mode: cfg->coalescing_zero_gating. */
rfm_cz_entry_t rfm_cz_reset_entry(unsigned lanes, unsigned mode);
/* rf_zmask_array's read ports: the issue lookups (schedulers x operands), then one old-entry
 * lookup per write-back port; one write port per write-back port. */
unsigned rfm_zmask_array_nread(const rfm_cfg_t *cfg);

/* Cross-lane word (g, s) of a BI value v (lane t in v[t]): byte i is byte s of lane 4g + i. */
static inline uint32_t rfm_cz_xword(const uint32_t *v, unsigned g, unsigned s)
{
	uint32_t x = 0;
	unsigned i;
	for (i = 0; i < 4; i++)
		x |= ((v[4 * g + i] >> (8 * s)) & 0xffu) << (8 * i);
	return x;
}

/* What one write-back does to its destination (rf_zero_detect). */
typedef struct rfm_cz_wr {
	rfm_cz_entry_t e;                 /* the new entry (the old one when nothing is written) */
	uint64_t wen[4];                  /* bytes written: wen[k] bit t = byte (t, k) */
	uint64_t fill[4];                 /* of those, bytes of inactive lanes written as 0x00 (B4 slot rule) */
	uint8_t cin[RFM_CZ_MAXG];         /* per group: lanes of the value that are zero (all 4 lanes) */
	uint8_t cx[RFM_CZ_MAXG];          /* per group: cross-lane words of the value that are zero */
	unsigned gated_inactive;          /* words not written: no active lane has a byte in them */
	unsigned gated_zero;              /* words not written: needed, and zero (new zm bit 1) */
} rfm_cz_wr_t;

/* Write-back of value v (BI, lanes words) by the lanes in active to a register whose entry is old
 * (docs/coalescing.md, "Zero gating: write"). valid = 0: nothing is written, e = old, counts 0.
 * Per group: no active lane: unchanged. All 4 active: R = mode's choice (in_lane 0, cross_lane 1,
 * dynamic cx > cin), zm = the chosen order's zero words, every non-zero word written. Some active:
 * R = R_old; R_old = 0: active lanes as above, inactive lanes' bits and bytes untouched; R_old = 1:
 * the slot rule (B4): per word s, zm_old = 0: write the active bytes, zm stays 0; zm_old = 1:
 * active bytes all zero: stays 1, nothing written; else write the word with 0x00 in the inactive
 * lanes' bytes (fill) and clear the bit. */
void rfm_cz_write(const uint32_t *v, uint64_t active, int valid, rfm_cz_entry_t old, unsigned lanes,
		  unsigned mode, rfm_cz_wr_t *out);

/* What one operand read does (rf_zero_read). */
typedef struct rfm_cz_rd {
	uint64_t ren[4];         /* bytes read: ren[k] bit t = byte (t, k) */
	uint64_t zlane;          /* lane t is zero by the mask: R = 0: zm[t]; R = 1: all 4 words of its group (B8) */
	unsigned gated_inactive; /* words not read: no active lane has a byte in them */
	unsigned gated_zero;     /* words not read: needed, and zero */
} rfm_cz_rd_t;

/* Read of a register with entry e and physical sub-bank mask pmask by the lanes in active
 * (docs/coalescing.md, "Zero gating: read"): byte (t, k) is read when pmask bit k is set, its word
 * is needed (R = 0: lane t active; R = 1: some lane of the group active, B10) and not zero. Bytes
 * not read come out as 0. Counts ignore pmask (item 27: per word, popcount(zm & need) and
 * popcount(~need)). mode as in rfm_cz_write: the static modes use their R, not e.r; modes below
 * in_lane ignore e. */
void rfm_cz_read(uint64_t active, rfm_cz_entry_t e, unsigned pmask, unsigned lanes, unsigned mode,
		 rfm_cz_rd_t *out);

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
