/* rg.h - the generator: module emitters, file output, glue and wave-layout emitters. */
#ifndef RG_H
#define RG_H

#include "../cmodel/rfm_block.h"
#include "../cmodel/rfm_blocks.h"
#include "em.h"

/* Emit the body of a module (everything between the port list and endmodule). */
typedef void (*rg_body_fn)(em_t *e, const rfm_cfg_t *cfg, const rfm_ports_t *pt);

/* Body emitters, one per registered block (rfm_blocks.def). */
#define X(mod, help) void rg_emit_##mod(em_t *e, const rfm_cfg_t *cfg, const rfm_ports_t *pt);
#include "../cmodel/rfm_blocks.def"
#undef X

/* Emit a whole module file: banner, config, port table, port list, body, endmodule. 0 on success. */
int rg_module(em_t *e, const rfm_cfg_t *cfg, const rfm_block_desc_t *blk, rg_body_fn body);

/* Build the port table of blk for cfg into pt (zeroed first). 0 on success; pt freed on failure. */
int rg_ports(const rfm_cfg_t *cfg, const rfm_block_desc_t *blk, rfm_ports_t *pt);

/* Body emitter of a module, or NULL. */
rg_body_fn rg_body_of(const char *module);

/* Emit the C++ co-simulation glue of a module (port copy and compare, from the port table). */
int rg_glue(em_t *e, const rfm_cfg_t *cfg, const rfm_block_desc_t *blk);

/* Emit the GTKWave layout of a module (signals grouped as in the port table). */
int rg_gtkw(em_t *e, const rfm_cfg_t *cfg, const rfm_block_desc_t *blk);

/* Helpers for body emitters. */

/* Emit `logic unused_<name>; assign unused_<name> = ^{<list>};`: the named sink of signals that
 * a configuration leaves unread (lint-clean without waivers). */
void rg_unused(em_t *e, const char *name, const char *list);

/* Same, for the list fmt(0), fmt(1), ..., fmt(n-1) of a pattern with one %u. */
void rg_unused_n(em_t *e, const char *name, unsigned n, const char *fmt);

/* Round-robin pick in RTL (see cmodel rfm_rr_pick): <prefix>_sel/_any/_oh from _cand and _hi. */
void rg_rr_pick(em_t *e, const char *prefix, unsigned n, unsigned w);
/* assign lhs = {(ptr <= n-1), ..., (ptr <= 0)} with always-true comparisons written as 1'b1. */
void rg_ge_vector(em_t *e, const char *lhs, const char *ptr, unsigned n, unsigned w);
/* assign lhs = w'(vec[0]) + w'(vec[1]) + ... (n terms). */
void rg_popcount(em_t *e, const char *lhs, const char *vec, unsigned n, unsigned w);
/* Bit i of a width-bit signal: "sig[i]", or "sig" when the signal has one bit. */
const char *rg_bit(em_t *e, const char *sig, unsigned width, unsigned i);
/* Bits [hi:lo] of a width-bit signal: "sig[hi:lo]", or "sig" when that is the whole signal. */
const char *rg_part(em_t *e, const char *sig, unsigned width, unsigned hi, unsigned lo);

/* Width of the rf_map arithmetic. */
unsigned rg_map_width(const rfm_cfg_t *cfg);

#endif /* RG_H */
