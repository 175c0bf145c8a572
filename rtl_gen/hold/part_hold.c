/* part_hold.c - the bank-hold port of rf_top in the generator: a SIDE part (rg_part.h) that joins
 * hold_req_i to the skeleton's bank holds, shows the grants on hold_gnt_o and counts them (model:
 * cmodel/hold/part_hold.c; docs/semantics.md, "Bank holds"). */
#include "rfm_techniques.h"
#include "rg_part.h"

static int hold_on(const rfm_cfg_t *c) { return rfm_tech_on(c, RFM_TECH_hold); }

static void hold_side(rg_top_t *t)
{
	rg_hold(t, "hold_req_i");
	if (t->c->hold_force == RFM_ON)
		rg_hold_force(t, "hold_force_i");
}

static void hold_status(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned cb = c->stats_counter_bits;
	em_section(e, "bank-hold port");
	rg_logic(t, cb, "held_n");
	em_table(e);
	em_line(e, "assign hold_gnt_o = hold_gnt;");
	rg_popcount(e, "held_n", "hold_gnt", c->rf_banks, cb);
	rg_counter(t, "held", "held_n");
	rg_counter(t, "hconflict", em_fmt(e, "%u'(nhold)", cb));
	if (c->hold_force == RFM_ON) { /* write-backs a forced hold refused (docs/semantics.md, "Bank holds") */
		em_str_t x = {0};
		unsigned p;
		for (p = 0; p < c->rf_write_ports; p++)
			em_add(&x, " + ", "%u'({wb%u_ok & hold_force[wb%u_bank]})", cb, p, p);
		rg_counter(t, "hrefused", em_str(&x));
		em_str_free(&x);
	}
}

/* No read request of a held bank is granted (both back ends name the grants aq<q>_gnt); with
 * forced holds, a write-back offered to a force-held bank is refused (wb<p>_ready_o low). */
static void hold_asserts(rg_top_t *t)
{
	em_str_t x = {0};
	rg_assert_begin(t->e, "bank holds");
	rg_assert(t->e, rg_none_granted(t, &x, "hold_gnt"), "rf_top", "bank holds", "docs/semantics.md, Bank holds",
		  "a read of a held bank is granted");
	if (t->c->hold_force == RFM_ON)
		rg_assert(t->e, rg_none_written(t, &x, "wb%1$u_ok & wb%1$u_ready_o", "hold_force"), "rf_top", "bank holds",
			  "docs/semantics.md, Bank holds", "a write-back to a force-held bank is not refused");
	rg_assert_end(t->e);
	em_str_free(&x);
}

const rg_part_t rg_part_hold = {
	.name = "hold", .slot = RG_SIDE, .active = hold_on, .side = hold_side, .status = hold_status,
	.asserts = hold_asserts,
};
