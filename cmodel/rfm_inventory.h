/* rfm_inventory.h - the storage inventory of a configuration: every state-holding structure with
 * its size in bits and the formula that gives it. Read by `rtl_gen --report`, inventory.csv and
 * the datasheets; the single place where structure sizes are computed. */
#ifndef RFM_INVENTORY_H
#define RFM_INVENTORY_H

#include <stdint.h>

#include "rfm_config.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RFM_INV_MAX 32 /* most rows */

/* One structure. */
typedef struct rfm_inv_row {
	char name[48];      /* structure name, e.g. "register file banks" */
	char module[24];    /* RTL module holding it */
	char kind[8];       /* "array" (RAM-like storage) or "flops" (registers) */
	uint64_t bits;      /* size in bits */
	char formula[200];  /* symbolic = numeric formula */
} rfm_inv_row_t;

/* Append a row to rows[0..*n) (nothing when RFM_INV_MAX are full); returns it or NULL. */
rfm_inv_row_t *rfm_inv_add(rfm_inv_row_t *rows, unsigned *n, const char *name, const char *module,
			   const char *kind, uint64_t bits, const char *fmt, ...) __attribute__((format(printf, 7, 8)));

/* The name of a bank's rows in a formula: "entries" (rf.entries), or "rows" when a LOCATE
 * technique gives the banks fewer (cfg->d.bank_rows). */
static inline const char *rfm_inv_rows_word(const rfm_cfg_t *c)
{
	return c->d.bank_rows == c->rf_entries ? "entries" : "rows";
}

/* Fill rows (at most RFM_INV_MAX) for cfg; returns the number of rows. */
unsigned rfm_inventory(const rfm_cfg_t *cfg, rfm_inv_row_t *rows);

#ifdef __cplusplus
}
#endif

#endif /* RFM_INVENTORY_H */
