/* config_hold.c - the bank-hold port's part of the configuration ([hold], docs/semantics.md,
 * "Bank holds"). It has no rules of its own and no storage: a hold request is an input, its grant
 * a combination of this cycle's inputs. With hold.force on its holds can be forced
 * (cfg->d.bank_force). The technique table (rfm_techniques.def) names these hooks. */
#include "rfm_config.h"
#include "rfm_techniques.h"

static void derive(rfm_cfg_t *cfg)
{
	if (cfg->hold_force == RFM_ON)
		cfg->d.bank_force = 1;
}

static void report(const rfm_cfg_t *cfg, FILE *f)
{
	fprintf(f, "\nBank holds: hold_req_i / hold_gnt_o, %u banks; a granted hold keeps every read of its "
		   "bank from the arbiter for the cycle and yields to a write-back offered to the bank\n",
		cfg->rf_banks);
	if (cfg->hold_force == RFM_ON)
		fprintf(f, "Forced holds: hold_force_i; a forced hold is always granted and refuses the write-backs "
			   "offered to its bank (wb<p>_ready_o = 0, offered again)\n");
}

/* Its hooks (rfm_techniques.def). */
const rfm_tech_hooks_t rfm_hold_hooks = {.derive = derive, .report = report};
