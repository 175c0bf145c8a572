/* arbiter.c - model of rf_bank_arbiter (docs/semantics.md, "Bank arbitration").
 *
 * Requester q = c * operands + s (collector c, operand slot s). In one cycle:
 *  1. A read request is blocked by a write-back of this cycle to its bank (write_conflict = bank)
 *     or to its bank and row (write_conflict = entry): writes win.
 *  2. Each bank grants its read ports in order 0, 1, ...; port p takes the first unblocked,
 *     not yet granted requester of that bank in round-robin order starting at the bank's pointer.
 *  3. A bank that granted anything moves its pointer to one past the last requester granted.
 * nconf_o counts requests denied because other reads took the ports, nwconf_o those denied by a
 * write.
 */
#include <stdlib.h>

#include "rfm_fault_ids.h"
#include "rfm_models.h"

enum { COV_CONFLICT, COV_WBLOCK, COV_ALLPORTS, COV_WRAP, COV_N };
static const char *const cov_names[COV_N] = {"read_conflict", "write_blocks_read", "all_ports_granted",
					     "pointer_wraps"};

static int ports(const rfm_cfg_t *c, rfm_ports_t *pt, void *ixv)
{
	rfm_arb_ix_t *ix = ixv;
	unsigned q, p, b;
	rfm_ports_group(pt, "clock and reset");
	ix->clk = rfm_ports_add(pt, RFM_IN, 1, "clock", "clk_i");
	ix->rst = rfm_ports_add(pt, RFM_IN, 1, "asynchronous reset, active low", "rst_ni");
	for (q = 0; q < c->d.nq; q++) {
		rfm_ports_group(pt, "read request %u (collector %u, operand %u)", q, q / c->sm_operands,
				q % c->sm_operands);
		ix->req[q] = rfm_ports_add(pt, RFM_IN, 1, "operand read wanted", "q%u_req_i", q);
		ix->bank[q] = rfm_ports_add(pt, RFM_IN, c->d.bank_w, "its bank", "q%u_bank_i", q);
		ix->entry[q] = rfm_ports_add(pt, RFM_IN, c->d.entry_w, "its row", "q%u_entry_i", q);
	}
	for (p = 0; p < c->rf_write_ports; p++) {
		rfm_ports_group(pt, "write-back %u of this cycle", p);
		ix->wen[p] = rfm_ports_add(pt, RFM_IN, 1, "a bank is written", "w%u_en_i", p);
		ix->wbank[p] = rfm_ports_add(pt, RFM_IN, c->d.bank_w, "bank written", "w%u_bank_i", p);
		ix->wentry[p] = rfm_ports_add(pt, RFM_IN, c->d.entry_w, "row written", "w%u_entry_i", p);
	}
	rfm_ports_group(pt, "grants");
	for (q = 0; q < c->d.nq; q++) {
		ix->gnt[q] = rfm_ports_add(pt, RFM_OUT, 1, "request q granted this cycle", "q%u_gnt_o", q);
		ix->port[q] = rfm_ports_add(pt, RFM_OUT, c->d.rport_w, "read port granted (0 if none)", "q%u_port_o", q);
	}
	for (b = 0; b < c->rf_banks; b++) {
		rfm_ports_group(pt, "bank %u read controls", b);
		for (p = 0; p < c->rf_read_ports; p++) {
			ix->ren[b][p] = rfm_ports_add(pt, RFM_OUT, 1, "read enable", "b%u_r%u_en_o", b, p);
			ix->raddr[b][p] = rfm_ports_add(pt, RFM_OUT, c->d.entry_w, "row read (0 if idle)",
							"b%u_r%u_addr_o", b, p);
		}
	}
	rfm_ports_group(pt, "conflict counts of this cycle");
	ix->nconf = rfm_ports_add(pt, RFM_OUT, c->d.nq_cnt_w, "requests denied by other reads", "nconf_o");
	ix->nwconf = rfm_ports_add(pt, RFM_OUT, c->d.nq_cnt_w, "requests denied by a write-back", "nwconf_o");
	return 0;
}

static void arb_reset(rfm_model_t *m)
{
	rfm_arb_t *a = (rfm_arb_t *)m;
	memset(a->ptr_q, 0, sizeof(a->ptr_q));
}

void rfm_arb_comb(rfm_arb_t *a, const rfm_arb_in_t *in, rfm_arb_out_t *out)
{
	rfm_model_t *m = &a->m;
	const rfm_cfg_t *c = m->cfg;
	unsigned q, p, b, nq = c->d.nq, R = c->rf_read_ports;
	/* every bank number the ports can carry, the file's and those past it */
	const unsigned nbz = c->d.bank_w >= 5 ? RFM_MAXB : 1u << (c->d.bank_w ? c->d.bank_w : 1);
	uint64_t req = in->req & rfm_mask64(nq), blk = 0, granted = 0, mine[RFM_MAXB], r;

	memset(mine, 0, nbz * sizeof(*mine));

	for (r = req; r; r &= r - 1) { /* the requesters of each bank (bank numbers < RFM_MAXB) */
		q = (unsigned)__builtin_ctzll(r);
		mine[in->bank[q]] |= 1ull << q;
	}
	for (p = 0; p < c->rf_write_ports; p++) { /* the requests a write-back blocks */
		if (!in->wen[p])
			continue;
		if (c->rf_write_conflict == RFM_WCONF_BANK)
			blk |= mine[in->wbank[p]];
		else
			for (r = mine[in->wbank[p]]; r; r &= r - 1)
				if (in->wentry[p] == in->entry[__builtin_ctzll(r)])
					blk |= r & -r;
	}
	if (m->mutate == RFM_FAULT_ARB_WRITES_BLOCK_NOTHING) /* planted fault: writes block nothing */
		blk = 0;
	memset(out->port, 0, sizeof(out->port));
	for (b = 0; b < c->rf_banks; b++) {
		int last = -1;
		if (!(mine[b] & ~blk)) { /* nothing to grant in this bank */
			for (p = 0; p < R; p++)
				out->ren[b][p] = 0, out->raddr[b][p] = 0;
			a->ptr_d[b] = a->ptr_q[b];
			continue;
		}
		for (p = 0; p < R; p++) {
			int w = rfm_rr_pick(mine[b] & ~blk & ~granted, nq, a->ptr_q[b]);
			out->ren[b][p] = w >= 0;
			out->raddr[b][p] = w >= 0 ? in->entry[w] : 0;
			if (w < 0)
				continue;
			granted |= 1ull << w;
			out->port[w] = (uint8_t)p;
			last = w;
			if (p == R - 1)
				rfm_cov_hit(m, COV_ALLPORTS);
		}
		a->ptr_d[b] = last < 0 ? a->ptr_q[b] : (unsigned)last + 1u == nq ? 0 : (unsigned)last + 1u;
		if (last >= 0 && a->ptr_d[b] < a->ptr_q[b])
			rfm_cov_hit(m, COV_WRAP);
	}
	out->gnt = granted;
	out->nwconf = rfm_popcount64(req & blk);
	out->nconf = rfm_popcount64(req & ~blk & ~granted);
	if (out->nconf)
		rfm_cov_hit(m, COV_CONFLICT);
	if (out->nwconf)
		rfm_cov_hit(m, COV_WBLOCK);
}

void rfm_arb_clock(rfm_arb_t *a) { memcpy(a->ptr_q, a->ptr_d, a->m.cfg->rf_banks * sizeof(*a->ptr_q)); }

/* Port wrapper: io -> rfm_arb_comb -> io. */
static void arb_eval(rfm_model_t *m)
{
	rfm_arb_t *a = (rfm_arb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	rfm_arb_in_t *in = &a->in;
	rfm_arb_out_t *out = &a->out;
	unsigned q, p, b;
	in->req = 0;
	for (q = 0; q < c->d.nq; q++) {
		in->req |= rfm_get(m, a->ix.req[q]) << q;
		in->bank[q] = (uint8_t)rfm_get(m, a->ix.bank[q]);
		in->entry[q] = (uint16_t)rfm_get(m, a->ix.entry[q]);
	}
	for (p = 0; p < c->rf_write_ports; p++) {
		in->wen[p] = (uint8_t)rfm_get(m, a->ix.wen[p]);
		in->wbank[p] = (uint8_t)rfm_get(m, a->ix.wbank[p]);
		in->wentry[p] = (uint16_t)rfm_get(m, a->ix.wentry[p]);
	}
	rfm_arb_comb(a, in, out);
	for (q = 0; q < c->d.nq; q++) {
		rfm_set(m, a->ix.gnt[q], (out->gnt >> q) & 1u);
		rfm_set(m, a->ix.port[q], out->port[q]);
	}
	for (b = 0; b < c->rf_banks; b++)
		for (p = 0; p < c->rf_read_ports; p++) {
			rfm_set(m, a->ix.ren[b][p], out->ren[b][p]);
			rfm_set(m, a->ix.raddr[b][p], out->raddr[b][p]);
		}
	rfm_set(m, a->ix.nconf, out->nconf);
	rfm_set(m, a->ix.nwconf, out->nwconf);
}

static void arb_tick(rfm_model_t *m) { rfm_arb_clock((rfm_arb_t *)m); }

static void arb_stim(rfm_model_t *m, rfm_rng_t *r, uint64_t cycle)
{
	rfm_arb_t *a = (rfm_arb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned q, p, hot = (unsigned)rfm_rng_below(r, c->rf_entries);
	(void)cycle;
	for (q = 0; q < c->d.nq; q++) {
		rfm_set(m, a->ix.req[q], rfm_rng_chance(r, 2, 3));
		rfm_set(m, a->ix.bank[q], rfm_rng_below(r, c->rf_banks));
		rfm_set(m, a->ix.entry[q], rfm_rng_chance(r, 1, 3) ? hot : rfm_rng_below(r, c->rf_entries));
	}
	for (p = 0; p < c->rf_write_ports; p++) {
		rfm_set(m, a->ix.wen[p], rfm_rng_chance(r, 1, 3));
		rfm_set(m, a->ix.wbank[p], rfm_rng_below(r, c->rf_banks));
		rfm_set(m, a->ix.wentry[p], rfm_rng_chance(r, 1, 2) ? hot : rfm_rng_below(r, c->rf_entries));
	}
}

static int arb_check(rfm_model_t *m, uint64_t cycle, FILE *err)
{
	rfm_arb_t *a = (rfm_arb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	unsigned b, q, n[RFM_MAXB] = {0};
	for (q = 0; q < c->d.nq; q++)
		if (rfm_get(m, a->ix.gnt[q]))
			n[rfm_get(m, a->ix.bank[q])]++;
	for (b = 0; b < c->rf_banks; b++)
		if (n[b] > c->rf_read_ports) {
			fprintf(err, "cycle %llu: rf_bank_arbiter: bank %u granted %u reads (ports %u)\n",
				(unsigned long long)cycle, b, n[b], c->rf_read_ports);
			return 1;
		}
	return 0;
}

/* What rfm_rf_bank_arbiter_create does after rfm_model_init: 0 on success. */
static int bank_arbiter_setup(rfm_model_t *m)
{
	rfm_arb_t *a = (rfm_arb_t *)m;
	const rfm_cfg_t *c = m->cfg;
	if (c->d.nq <= c->rf_read_ports) /* every request always finds a port */
		rfm_cov_na(&a->m, COV_CONFLICT);
	if (c->d.nq < 2)
		rfm_cov_na(&a->m, COV_WRAP);
	return 0;
}

RFM_BLOCK(rf_bank_arbiter, rfm_arb_t, rfm_arb_ix_t, ports, cov_names, COV_N,
	  arb_reset, arb_eval, arb_tick, arb_stim, arb_check,
	  rfm_block_noop, bank_arbiter_setup)
