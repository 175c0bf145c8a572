/* rt_bank.c - model of rf_rt_bank, one bank of the renaming table's physical ids
 * (docs/virtualization.md, "Renaming table"): rt_bank_depth rows of pack_w bits; table entry e is
 * row e / rt_banks of bank e % rt_banks. Reads are flow-through: r<p>_pid_o shows row r<p>_row_i
 * as it was at the start of the cycle (0 when the port is not enabled); writes take effect at the
 * edge, a later write port winning on one row. Rows outside the bank are illegal input: a write is
 * dropped, a read returns zero. Not reset (the valid bits in rf_rename_table say which rows hold a
 * mapping); the RTL simulation starts it at zero (--x-initial 0), as the model does. The ASIC
 * flow keeps it as an SRAM macro (docs/flows.md, "SRAM model").
 */
#include "rfm_blocks.h"
#include "rfm_fault_ids.h"
#include "rfm_ftarray.h"
#include "rfm_virt.h"

unsigned rfm_rt_bank_nread(const rfm_cfg_t *c) { return c->sm_operands + c->rf_write_ports + rfm_rt_ninv(c); }
unsigned rfm_rt_bank_nwrite(const rfm_cfg_t *c) { return c->rf_write_ports; }
unsigned rfm_rt_bank_row_w(const rfm_cfg_t *c) { return rfm_clog2(c->d.rt_bank_depth); }

typedef struct rfm_rtb {
	rfm_model_t m;
	rfm_fta_ix_t ix;
	rfm_fta_t a;
} rfm_rtb_t;

static void rtb_group(rfm_ports_t *pt, const void *ctx, unsigned p, int write)
{
	const rfm_cfg_t *c = ctx;
	unsigned S = c->sm_operands, A = c->rf_write_ports;
	if (write)
		rfm_ports_group(pt, "write port %u: write-back port %u", p, p);
	else if (p < S)
		rfm_ports_group(pt, "read port %u: operand %u of the holder", p, p);
	else if (p < S + A)
		rfm_ports_group(pt, "read port %u: write-back port %u", p, p - S);
	else
		rfm_ports_group(pt, "read port %u: invalidation port %u", p, p - S - A);
}

void rfm_rt_bank_geom(const rfm_cfg_t *c, rfm_fta_geom_t *g)
{
	g->rows = c->d.rt_bank_depth ? c->d.rt_bank_depth : 1;
	g->row_w = rfm_rt_bank_row_w(c);
	g->nr = rfm_rt_bank_nread(c);
	g->nw = rfm_rt_bank_nwrite(c);
	g->dw = c->d.pack_w;
	g->data = "pid";
	g->rrhelp = "row (table entry / banks)";
	g->rhelp = "the row's id at the start of the cycle (flow-through)";
	g->whelp = "the id to store";
	g->group = rtb_group;
	g->ctx = c;
}

RFM_FTA_BLOCK(rf_rt_bank, rfm_rtb_t, rfm_rt_bank_geom, RFM_FAULT_RTB_READ_SEES_WRITE)
