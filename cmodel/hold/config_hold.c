/* config_hold.c - the bank-hold port's part of the configuration ([hold], docs/semantics.md,
 * "Bank holds"). It has no rules of its own, no derived values and no storage: a hold request is
 * an input, its grant a combination of this cycle's inputs. The technique table
 * (rfm_techniques.def) names these hooks. */
#include "rfm_config.h"
#include "rfm_techniques.h"

static void report(const rfm_cfg_t *cfg, FILE *f)
{
	fprintf(f, "\nBank holds: hold_req_i / hold_gnt_o, %u banks; a granted hold keeps every read of its "
		   "bank from the arbiter for the cycle and yields to a write-back offered to the bank\n",
		cfg->rf_banks);
}

/* Its hooks (rfm_techniques.def). */
const rfm_tech_hooks_t rfm_hold_hooks = {.report = report};
