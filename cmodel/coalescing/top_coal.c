/* top_coal.c - rf_top with [coalescing] enable = on: the coalescing-aware register file (Radaideh
 * 2020, chapter 3; the notes behind docs/coalescing.md: sections 2.1-2.10, 5 A9) inside the SM register
 * file, in place of the baseline banks, rf_bank_arbiter and rf_xbar. It composes the functions of
 * the coalescing blocks as the RTL composes their modules:
 *
 * Cycle t (combinational):
 *  - every write-back p inside the kernel with at least one lane goes through rf_map and
 *    rf_width_detect (old code from rf_mask_buffer's old-value lookup; side = parity of the row
 *    (parity = entry) or of the register id (parity = reg)) and becomes the write request
 *    {bank, pmask}; a write with no lane is no request;
 *  - every collector shows, per (bank, side) cell, its oldest pending operand (lowest index) not
 *    yet granted, with the physical mask of the code it captured at issue;
 *  - rf_coal_arbiter grants (writes first, port 0 first; then the wave from pri);
 *  - wb<p>_ready_o = no request or granted: a refused write-back must be held the next cycle;
 *  - issue lookups: the code {sign, enc} of each source, forwarding a write granted this cycle to
 *    the same (bank, row) (its final code).
 * Edge t: a granted write writes its side port of rf_dual_bank (wdata, bwe) and updates
 * rf_mask_buffer; a granted read reads its side port (registered data), its crossbar selects and
 * operand index registered with the grant. Edge t+1: rf_subbank_xbar delivers the slices into
 * rf_coal_collector (unswap, sign fill and TI -> BI at dispatch); the operand is ready from t+2.
 * Here the read value is assembled at edge t (the slices the bank registered) and handed to the
 * collector at edge t+1, the same cycle the RTL's slice write happens.
 *
 * Zero gating (zero_gating in_lane and above; docs/coalescing.md, "Zero gating in rf_top"): a write
 * goes through rf_zero_detect too (old entry from rf_zmask_buffer); its byte enables lose the bytes
 * of words the new entry calls zero and gain the B4 materialized zeros; the entry is updated with
 * the mask-buffer code. Each source captures its entry at issue (forwarded like the code), and each
 * collector the instruction's active mask (iss<k>_amask_i); a read drives only the bytes of its
 * mask that are in a word an active lane needs and that is not zero (rf_zero_read), and the others
 * come out as 0. Three counters: bytes not written, bytes not read (a cycle after the grant),
 * bytes of the granted sub-banks.
 *
 * Planted faults (m->mutate, cmodel/coalescing/faults.def, make mutation): the RFM_FAULT_TOP_* of
 * rf_top (an odd register's write data not byte-swapped, a partial write ignoring the stored code,
 * no forwarding at issue, no unswap on reads, a sign fill of 0x00, a refused write-back reporting
 * ready, a stuck priority diagonal, cnt_coal_rr_o counting read-write pairs, port 1's mask-buffer
 * update lost, and the zero-gating ones). RFM_FAULT_STIM_IGNORES_WIDTH (cmodel/coalescing/part_coal.c,
 * the stimulus) ignores +width-dist, so the full-width checks must fire (make coal-equiv).
 */
#include <stdlib.h>

#include "rfm_fault_ids.h"
#include "rfm_models.h"
#include "rfm_top_coal.h"

#define X(name, help) #name,
const char *const rfm_tco_cnt_names[RFM_TCO_N] = {RFM_TCO_COUNTERS};
#undef X
#define X(name, help) help,
const char *const rfm_tco_cnt_help[RFM_TCO_N] = {RFM_TCO_COUNTERS};
#undef X

unsigned rfm_tco_ncnt(const rfm_cfg_t *c)
{
	return c->coalescing_zero_gating >= RFM_ZG_IN_LANE ? RFM_TCO_N : RFM_TCO_N_BASE;
}

rfm_tco_t *rfm_tco_create(const rfm_cfg_t *c)
{
	rfm_tco_t *x = calloc(1, sizeof(*x));
	unsigned p;
	if (!x)
		return NULL;
	x->c = c;
	x->nb = c->rf_banks;
	x->noc = c->sm_collectors;
	x->ops = c->sm_operands;
	x->lanes = c->rf_lanes;
	x->rows = c->rf_entries;
	x->nwr = c->rf_write_ports;
	x->n = rfm_ca_n(x->nb, x->noc);
	x->dist = rfm_cw_dist_fig3_3;
	x->full = 0;
	x->zmode = c->coalescing_zero_gating;
	x->zg = x->zmode >= RFM_ZG_IN_LANE;
	x->ncnt = rfm_tco_ncnt(c);
	x->zmb = calloc((size_t)x->nb * x->rows, sizeof(*x->zmb));
	x->store = calloc((size_t)x->nb * 4 * x->rows * x->lanes, 1);
	x->mb = calloc((size_t)x->nb * x->rows, 1);
	x->ever = calloc((size_t)x->nb * x->rows, 1);
	x->rd_q = calloc((size_t)c->d.nq * x->lanes, 4);
	if (!x->store || !x->mb || !x->ever || !x->rd_q || !x->zmb)
		goto fail;
	for (p = 0; p < x->nwr; p++)
		if (!(x->wphys[p] = calloc(x->lanes, 4)))
			goto fail;
	return x;
fail:
	rfm_tco_destroy(x);
	return NULL;
}

int rfm_tco_set_dist(rfm_tco_t *x, const char *name)
{
	rfm_cw_dist_t d;
	if (rfm_cw_dist_parse(name, &d))
		return -1;
	x->dist = d;
	x->full = d.pct[3] == 100;
	return 0;
}

void rfm_tco_destroy(rfm_tco_t *x)
{
	unsigned p;
	if (!x)
		return;
	for (p = 0; p < RFM_MAXW; p++)
		free(x->wphys[p]);
	free(x->zmb);
	free(x->store);
	free(x->mb);
	free(x->ever);
	free(x->rd_q);
	free(x);
}

void rfm_tco_reset(rfm_tco_t *x)
{
	unsigned q;
	size_t i;
	rfm_cz_entry_t z0 = rfm_cz_reset_entry(x->lanes, x->zmode);
	/* A11: mask buffer {0, 00}, storage zero (the RTL's simulation initialisation); zero-mask
	 * buffer: every word zero */
	for (i = 0; i < (size_t)x->nb * x->rows; i++)
		x->zmb[i] = z0;
	for (q = 0; q < RFM_MAXQ; q++)
		x->zq[q] = z0;
	memset(x->store, 0, (size_t)x->nb * 4 * x->rows * x->lanes);
	memset(x->mb, 0, (size_t)x->nb * x->rows);
	memset(x->rd_q, 0, (size_t)x->c->d.nq * x->lanes * 4);
	memset(x->odd_q, 0, sizeof(x->odd_q));
	memset(x->enc_q, 0, sizeof(x->enc_q));
	memset(x->sign_q, 0, sizeof(x->sign_q));
	x->pri_q = 0;
	x->zrd_q = 0;
	memset(x->stale, 0, sizeof(x->stale));
	for (q = 0; q < RFM_MAXQ; q++)
		x->since[q] = UINT64_MAX;
}

unsigned rfm_tco_odd(const rfm_cfg_t *c, unsigned reg, unsigned row)
{
	return (c->coalescing_parity == RFM_CPARITY_REG ? reg : row) & 1u;
}

static uint8_t *sb_at(rfm_tco_t *x, unsigned b, unsigned k, unsigned r)
{
	return x->store + (((size_t)b * 4 + k) * x->rows + r) * x->lanes;
}

static rfm_cw_code_t mb_code(const rfm_tco_t *x, unsigned b, unsigned r)
{
	rfm_cw_code_t cd = {0, 0};
	uint8_t v = x->mb[(size_t)b * x->rows + r];
	cd.sign = v >> 2;
	cd.enc = v & 3u;
	return cd;
}

/* Write p's stored bytes (after the merge): the lanes words as the banks hold them (inactive lanes
 * carry the old sign fill, an odd register is byte-swapped) and the byte enables per physical
 * sub-bank: chapter 3's (active lanes k <= enc, inactive lanes old enc < k <= enc); with zero
 * gating, minus the bytes of words the new zero-mask entry calls zero, plus the B4 materialized
 * zeros inside the write's sub-banks. */
static void wr_bytes(rfm_tco_t *x, unsigned p, const rfm_tco_wb_t *w, unsigned mutate)
{
	uint64_t full = rfm_mask64(x->lanes), act = w->mask & full;
	rfm_cw_code_t f = x->wfin[p], o = x->wold[p];
	unsigned odd = x->wodd[p] && mutate != RFM_FAULT_TOP_ODD_WRITE_NOT_SWAPPED, t, k, ph;
	for (t = 0; t < x->lanes; t++)
		x->wphys[p][t] = (act >> t) & 1u ? w->data[t] : o.sign ? 0xffffffffu : 0u;
	rfm_bswap_lanes(x->wphys[p], x->wphys[p], x->lanes, odd);
	memset(x->wbe[p], 0, sizeof(x->wbe[p]));
	memset(x->wfill[p], 0, sizeof(x->wfill[p]));
	for (t = 0; t < x->lanes; t++)
		for (k = 0; k <= f.enc; k++)
			if ((act >> t) & 1u || k > o.enc)
				x->wbe[p][odd ? 3 - k : k] |= 1ull << t;
	x->wznew[p] = x->wzold[p];
	if (!x->zg)
		return;
	{
		rfm_cz_wr_t z;
		rfm_cz_write(x->wphys[p], act, 1, x->wzold[p], x->lanes, x->zmode, &z);
		x->wznew[p] = z.e;
		for (ph = 0; ph < 4; ph++) {
			uint64_t zb = 0;
			for (t = 0; t < x->lanes; t++)
				zb |= (uint64_t)rfm_tco_zbyte(x->zmode, mutate == RFM_FAULT_TOP_ZERO_WRITE_OLD_ENTRY ? x->wzold[p] : z.e,
							      t, ph) << t;
			x->wfill[p][ph] = (x->wr[p].pmask >> ph) & 1u ? z.fill[ph] : 0;
			x->wbe[p][ph] &= ~zb;
			x->wbe[p][ph] |= x->wfill[p][ph];
		}
	}
}

/* Bytes of sub-bank ph a read of operand q drives: the read's physical mask, minus (zero gating)
 * the words its captured entry calls zero and the words no active lane of its instruction needs
 * (rf_zero_read with the active mask captured at issue). */
static uint64_t rd_bytes(const rfm_tco_t *x, unsigned q, unsigned ph, unsigned mutate)
{
	unsigned pm = rfm_cw_pmask(x->enc_q[q], x->odd_q[q]);
	rfm_cz_rd_t z;
	if (!((pm >> ph) & 1u))
		return 0;
	if (!x->zg || mutate == RFM_FAULT_TOP_ZERO_READ_NOT_GATED)
		return rfm_mask64(x->lanes);
	rfm_cz_read(mutate == RFM_FAULT_TOP_ZERO_READ_IGNORES_ACTIVE ? rfm_mask64(x->lanes) : x->am_q[q / x->ops], x->zq[q],
		    pm, x->lanes, x->zmode, &z);
	return z.ren[ph];
}

void rfm_tco_eval(rfm_tco_t *x, const rfm_coll_t *u, const rfm_tco_wb_t *wb, const rfm_coll_in_t *cin,
		  const unsigned reg[RFM_MAXS][RFM_MAXOP], unsigned mutate)
{
	const rfm_cfg_t *c = x->c;
	uint64_t full = rfm_mask64(x->lanes);
	unsigned p, j, s, i, k, ncell = x->nb * 2 * x->noc;
	uint8_t wclaim[RFM_MAXB];

	/* write requests: rf_map, then rf_width_detect with the old-value lookup */
	memset(wclaim, 0, sizeof(wclaim));
	for (p = 0; p < x->nwr; p++) {
		uint64_t act = wb[p].mask & full;
		rfm_cw_code_t nw;
		memset(&x->wr[p], 0, sizeof(x->wr[p]));
		x->wforced[p] = 0;
		x->wodd[p] = rfm_tco_odd(c, wb[p].reg, wb[p].row);
		x->wold[p] = mb_code(x, wb[p].bank, wb[p].row);
		x->wfin[p] = x->wold[p];
		if (x->zg)
			x->wzold[p] = x->wznew[p] = rfm_tco_zentry(x, wb[p].bank, wb[p].row);
		/* a forced bank hold refuses it, lanes or not: no request (docs/semantics.md, "Bank holds") */
		x->wforced[p] = (uint8_t)(wb[p].valid && ((x->force >> wb[p].bank) & 1u));
		if (!wb[p].valid || !act || x->wforced[p])
			continue;
		nw = rfm_cw_detect(wb[p].data, act, x->lanes);
		x->wfin[p] = mutate == RFM_FAULT_TOP_MERGE_IGNORES_OLD_CODE ? nw : rfm_cw_merge(nw, x->wold[p], act == full);
		x->wr[p].valid = 1;
		x->wr[p].bank = (uint8_t)wb[p].bank;
		x->wr[p].pmask = (uint8_t)rfm_cw_pmask(x->wfin[p].enc, x->wodd[p]);
		wr_bytes(x, p, &wb[p], mutate);
	}
	/* the request matrix: per cell the collector's oldest pending operand not yet granted */
	memset(x->rd_valid, 0, ncell);
	memset(x->rd_pmask, 0, ncell);
	for (i = 0; i < ncell; i++)
		x->rd_op[i] = -1;
	for (j = 0; j < x->noc; j++)
		for (s = 0; s < x->ops; s++) {
			unsigned q = j * x->ops + s, cell;
			if (!u->busy_q[j] || !u->pend_q[q] || u->fly_q[q])
				continue;
			cell = rfm_ca_cell(x->noc, u->bank_q[q], x->odd_q[q], j);
			if (x->rd_valid[cell])
				continue;
			x->rd_valid[cell] = 1;
			x->rd_pmask[cell] = (uint8_t)rfm_cw_pmask(x->enc_q[q], x->odd_q[q]);
			x->rd_op[cell] = (int)q;
		}
	/* a granted bank hold keeps every cell of its bank from the arbiter */
	x->nhold = 0;
	for (i = 0; i < ncell; i++)
		if (x->rd_valid[i] && ((x->hold >> (i / (2 * x->noc))) & 1u)) {
			x->nhold++;
			x->rd_valid[i] = mutate == RFM_FAULT_HOLD_READS_PASS;
		}
	rfm_ca_arbitrate(x->nb, x->noc, x->pri_q, x->wr, x->nwr, x->rd_valid, x->rd_pmask, x->wgnt, x->rgnt);
	/* grants per operand; refused reads, and those a granted write blocks */
	for (p = 0; p < x->nwr; p++) {
		if (x->wgnt[p])
			wclaim[x->wr[p].bank] |= x->wr[p].pmask;
		/* wb<p>_ready_o: no request, or granted (a forced hold's refusal is no request, not ready) */
		x->wrdy[p] = (uint8_t)((!x->wforced[p] && (!x->wr[p].valid || x->wgnt[p])) ||
				       mutate == RFM_FAULT_TOP_REFUSED_WRITE_READY);
	}
	x->gnt = 0;
	x->nconf = x->nwconf = 0;
	for (i = 0; i < ncell; i++) {
		if (!x->rd_valid[i])
			continue;
		if (x->rgnt[i]) {
			x->gnt |= 1ull << x->rd_op[i];
			continue;
		}
		x->nconf++;
		if (wclaim[i / (2 * x->noc)] & x->rd_pmask[i])
			x->nwconf++;
	}
	/* issue lookups (rf_mask_buffer l<i>), forwarding a write granted this cycle */
	for (k = 0; k < c->sm_schedulers; k++)
		for (s = 0; s < x->ops; s++) {
			unsigned b = cin->sb[k][s], r = cin->se[k][s];
			rfm_cw_code_t cd = mb_code(x, b, r);
			rfm_cz_entry_t ze = {0, 0};
			if (x->zg)
				ze = rfm_tco_zentry(x, b, r);
			for (p = 0; p < x->nwr; p++)
				if (x->wgnt[p] && wb[p].bank == b && wb[p].row == r && mutate != RFM_FAULT_TOP_NO_FORWARDING_AT_ISSUE) {
					cd = x->wfin[p];
					if (mutate != RFM_FAULT_TOP_ZERO_NO_FORWARDING)
						ze = x->wznew[p];
				}
			x->lk_z[k][s] = ze;
			x->lk_odd[k][s] = (uint8_t)rfm_tco_odd(c, reg[k][s], r);
			x->lk_sign[k][s] = (uint8_t)cd.sign;
			x->lk_enc[k][s] = (uint8_t)cd.enc;
		}
	/* counters of this cycle (A15) */
	memset(x->cnt_d, 0, sizeof(x->cnt_d));
	for (i = 0; i < x->nb; i++) {
		unsigned nr = 0, nwg = 0;
		for (p = 0; p < x->nwr; p++)
			nwg += x->wgnt[p] && x->wr[p].bank == i;
		for (s = 0; s < 2; s++)
			for (j = 0; j < x->noc; j++)
				nr += x->rgnt[rfm_ca_cell(x->noc, i, s, j)];
		x->cnt_d[RFM_TCO_BANK_ACC] += nr + nwg > 0;
		x->cnt_d[RFM_TCO_COAL_RR] += nr == 2 || (mutate == RFM_FAULT_TOP_RR_COUNTS_RD_WR && nr + nwg == 2);
		x->cnt_d[RFM_TCO_COAL_WW] += nwg == 2;
		x->cnt_d[RFM_TCO_COAL_RW] += nr == 1 && nwg == 1;
	}
	for (j = 0; j < x->noc; j++) {
		unsigned any = 0;
		for (i = 0; i < x->nb; i++)
			for (s = 0; s < 2; s++)
				any |= x->rgnt[rfm_ca_cell(x->noc, i, s, j)];
		x->cnt_d[RFM_TCO_OCW] += any;
	}
	for (p = 0; p < x->nwr; p++)
		x->cnt_d[RFM_TCO_WB_STALL] += x->wr[p].valid && !x->wgnt[p];
	/* zero gating: bytes of the granted sub-banks not driven, and all bytes of them */
	if (!x->zg)
		return;
	for (p = 0; p < x->nwr; p++) {
		if (!x->wgnt[p])
			continue;
		for (k = 0; k < 4; k++)
			if ((x->wr[p].pmask >> k) & 1u) {
				x->cnt_d[RFM_TCO_ZG_WR] += x->lanes - rfm_popcount64(x->wbe[p][k] & full);
				x->cnt_d[RFM_TCO_SB_BYTES] += x->lanes;
			}
	}
	/* bytes not read: counted in the cycle after the grant, when the bank's data is gated */
	x->cnt_d[RFM_TCO_ZG_RD] = mutate == RFM_FAULT_TOP_ZERO_READ_COUNT_LOST ? 0 : x->zrd_q;
	x->zrd_d = 0;
	for (i = 0; i < c->d.nq; i++) {
		unsigned pm = rfm_cw_pmask(x->enc_q[i], x->odd_q[i]);
		if (!((x->gnt >> i) & 1u))
			continue;
		for (k = 0; k < 4; k++)
			if ((pm >> k) & 1u) {
				unsigned rdm = mutate == RFM_FAULT_TOP_ZERO_READ_NOT_GATED ? RFM_FAULT_NONE : mutate;
				unsigned nrd = rfm_popcount64(rd_bytes(x, i, k, rdm) & full);
				x->zrd_d += x->lanes - nrd;
				x->cnt_d[RFM_TCO_SB_BYTES] += x->lanes;
			}
	}
}

void rfm_tco_edge(rfm_tco_t *x, rfm_coll_edge_t *e)
{
	unsigned q;
	e->gnt = x->gnt;
	for (q = 0; q < x->c->d.nq; q++) {
		e->port[q] = 0;
		e->data[q] = x->rd_q + (size_t)q * x->lanes;
	}
}

/* The value a granted read of operand q delivers: its bank's sub-banks in pmask at row, unswapped
 * for an odd register (logical byte k in physical sub-bank 3 - k), sign-filled above enc. */
static void read_value(rfm_tco_t *x, unsigned q, unsigned b, unsigned r, unsigned mutate, uint32_t *out)
{
	unsigned t, k, odd = x->odd_q[q];
	uint64_t ren[4];
	rfm_cw_code_t cd;
	cd.sign = mutate == RFM_FAULT_TOP_SIGN_FILL_ZERO ? 0 : x->sign_q[q];
	cd.enc = x->enc_q[q];
	for (k = 0; k < 4; k++) /* zero gating: bytes not read (zero words, no active lane) come out as 0 */
		ren[k] = rd_bytes(x, q, k, mutate);
	for (t = 0; t < x->lanes; t++) {
		uint32_t v = 0;
		for (k = 0; k < 4; k++) {
			unsigned ph = odd && mutate != RFM_FAULT_TOP_NO_UNSWAP_ON_READ ? 3 - k : k;
			if ((ren[ph] >> t) & 1u)
				v |= (uint32_t)sb_at(x, b, ph, r)[t] << (8 * k);
		}
		out[t] = rfm_cw_fill(v, cd);
	}
}

void rfm_tco_tick(rfm_tco_t *x, const rfm_coll_t *u, const rfm_tco_wb_t *wb, const rfm_coll_in_t *cin,
		  unsigned mutate)
{
	const rfm_cfg_t *c = x->c;
	unsigned cu, s, p, i, t, k;
	/* codes of the units filled at this edge */
	for (cu = 0; cu < x->noc; cu++) {
		unsigned kk;
		if (u->alloc_port[cu] < 0 || u->disp[cu])
			continue;
		kk = (unsigned)u->alloc_port[cu];
		for (s = 0; s < x->ops; s++) {
			unsigned q = cu * x->ops + s;
			x->stale[q] = 0;
			x->odd_q[q] = x->lk_odd[kk][s];
			x->sign_q[q] = x->lk_sign[kk][s];
			x->enc_q[q] = x->lk_enc[kk][s];
			x->zq[q] = x->lk_z[kk][s];
		}
		x->am_q[cu] = cin->amask[kk] & rfm_mask64(x->lanes);
	}
	/* reads granted this cycle: the bank registers its sub-banks (before this edge's writes,
	 * which never touch a sub-bank a read of the cycle holds) */
	for (i = 0; i < x->nb * 2 * x->noc; i++)
		if (x->rgnt[i]) {
			unsigned q = (unsigned)x->rd_op[i];
			read_value(x, q, u->bank_q[q], u->entry_q[q], mutate, x->rd_q + (size_t)q * x->lanes);
		}
	/* granted writes: rf_width_detect's data and byte enables (zero gating: rf_zero_detect's) into
	 * the side port; mask buffer, zero-mask buffer */
	for (p = 0; p < x->nwr; p++) {
		if (!x->wgnt[p])
			continue;
		for (k = 0; k < 4; k++)
			for (t = 0; t < x->lanes; t++)
				if ((x->wbe[p][k] >> t) & 1u)
					sb_at(x, wb[p].bank, k, wb[p].row)[t] =
						(x->wfill[p][k] >> t) & 1u ? 0 : (uint8_t)(x->wphys[p][t] >> (8 * k));
		if (x->zg && !(mutate == RFM_FAULT_TOP_ZERO_PORT1_UPDATE_LOST && p == 1))
			x->zmb[(size_t)wb[p].bank * x->rows + wb[p].row] = x->wznew[p];
		x->ever[(size_t)wb[p].bank * x->rows + wb[p].row] = 1;
		for (i = 0; i < c->d.nq; i++) /* a pending read of it now holds an out-of-date code (a hazard) */
			if (u->pend_q[i] && u->bank_q[i] == wb[p].bank && u->entry_q[i] == wb[p].row)
				x->stale[i] = 1;
		if (mutate == RFM_FAULT_TOP_PORT1_MASK_UPDATE_LOST && p == 1)
			continue;
		x->mb[(size_t)wb[p].bank * x->rows + wb[p].row] = (uint8_t)(x->wfin[p].sign << 2 | x->wfin[p].enc);
	}
	x->zrd_q = x->zrd_d;
	if (mutate != RFM_FAULT_TOP_PRIORITY_STUCK)
		x->pri_q = (x->pri_q + 1) % x->n;
}

/* ---- checker ------------------------------------------------------------------------------- */

#define FAIL(...)                                                                                   \
	do {                                                                                        \
		fprintf(err, "cycle %llu: rf_top coalescing ", (unsigned long long)cycle);          \
		fprintf(err, __VA_ARGS__);                                                          \
		fputc('\n', err);                                                                   \
		return 1;                                                                           \
	} while (0)

/* Per-bank and per-collector tallies of one cycle's grants, shared by the two halves of the check. */
typedef struct tally {
	uint8_t sb[RFM_MAXB];    /* sub-banks granted per bank */
	uint8_t nrd[RFM_MAXB];   /* read grants per bank */
	uint8_t nwg[RFM_MAXB];   /* write grants per bank */
	uint8_t ocn[RFM_MAXC];   /* read grants per collector */
	uint64_t rec[RFM_TCO_N]; /* this cycle's recount */
	uint64_t wbank;          /* banks with a granted write */
} tally_t;

/* The ready handshake and the grants' claims, rebuilt from the grants and the operands' own codes;
 * the tallies for check_counts. */
static int check_claims(rfm_tco_t *x, const rfm_coll_t *u, const rfm_tco_wb_t *wb, const uint8_t *wrdy, tally_t *ty,
			uint64_t cycle, FILE *err, unsigned *cov)
{
	const rfm_cfg_t *c = x->c;
	unsigned i, s, p, q, nq = c->d.nq, ncell = x->nb * 2 * x->noc;
	uint8_t oc[RFM_MAXC], side[RFM_MAXB];

	/* claims, rebuilt from the grants and the operands' own codes: sub-banks per bank and slices
	 * per collector disjoint, one grant per bank side */
	memset(oc, 0, sizeof(oc));
	memset(side, 0, sizeof(side));
	for (p = 0; p < x->nwr; p++) {
		unsigned ready = !x->wforced[p] && (!x->wr[p].valid || x->wgnt[p]);
		if (wrdy[p] != ready)
			FAIL("wb%u_ready_o = %u, but the write is %s", p, wrdy[p],
			     x->wforced[p] ? "refused by a forced hold" : !x->wr[p].valid ? "no request"
			     : x->wgnt[p] ? "granted" : "refused");
		if (!x->wgnt[p])
			continue;
		if (!x->wr[p].valid)
			FAIL("write %u granted without a request", p);
		if (ty->sb[wb[p].bank] & x->wr[p].pmask)
			FAIL("write %u (bank %u, mask %x) overlaps sub-banks %x already granted", p, wb[p].bank, x->wr[p].pmask,
			     ty->sb[wb[p].bank]);
		if ((side[wb[p].bank] >> x->wodd[p]) & 1u)
			FAIL("bank %u side %c granted twice", wb[p].bank, "RL"[x->wodd[p]]);
		ty->sb[wb[p].bank] |= x->wr[p].pmask;
		side[wb[p].bank] |= (uint8_t)(1u << x->wodd[p]);
		ty->nwg[wb[p].bank]++;
		ty->wbank |= 1ull << wb[p].bank;
		if (x->full && x->wr[p].pmask != 15)
			FAIL("every value is full width, but write %u has mask %x", p, x->wr[p].pmask);
	}
	for (q = 0; q < nq; q++) {
		unsigned b, pm, jj, cell;
		if (!((x->gnt >> q) & 1u))
			continue;
		jj = q / x->ops;
		b = u->bank_q[q];
		pm = rfm_cw_pmask(x->enc_q[q], x->odd_q[q]);
		if (!u->busy_q[jj] || !u->pend_q[q] || u->fly_q[q])
			FAIL("collector %u operand %u granted, but it is not waiting for a read", jj, q % x->ops);
		for (s = 0; s < q % x->ops; s++) { /* the oldest of its cell */
			unsigned o = jj * x->ops + s;
			if (u->pend_q[o] && !u->fly_q[o] && u->bank_q[o] == b && x->odd_q[o] == x->odd_q[q])
				FAIL("collector %u operand %u granted before its older operand %u of the same bank and side", jj,
				     q % x->ops, s);
		}
		if ((ty->sb[b] & pm) || ((side[b] >> x->odd_q[q]) & 1u))
			FAIL("read of collector %u operand %u (bank %u, mask %x) overlaps sub-banks %x or its side",
			     jj, q % x->ops, b, pm, ty->sb[b]);
		if (oc[jj] & pm)
			FAIL("collector %u: slices %x granted twice", jj, oc[jj] & pm);
		ty->sb[b] |= (uint8_t)pm;
		oc[jj] |= (uint8_t)pm;
		side[b] |= (uint8_t)(1u << x->odd_q[q]);
		ty->nrd[b]++;
		ty->ocn[jj]++;
		/* the captured code is the register's code, unless a write overtook the read (a hazard) */
		if (!x->stale[q] && x->mb[(size_t)b * x->rows + u->entry_q[q]] != (x->sign_q[q] << 2 | x->enc_q[q]))
			FAIL("collector %u operand %u (bank %u row %u) captured {%u, %u}, the mask buffer holds {%u, %u}", jj,
			     q % x->ops, b, u->entry_q[q], x->sign_q[q], x->enc_q[q],
			     x->mb[(size_t)b * x->rows + u->entry_q[q]] >> 2, x->mb[(size_t)b * x->rows + u->entry_q[q]] & 3u);
		if (x->full && pm != 15)
			FAIL("every value is full width, but collector %u operand %u reads mask %x", jj, q % x->ops, pm);
		if (x->zg) { /* zero gating: the captured entry is the register's; bytes of zero words not read */
			rfm_cz_entry_t ze = rfm_tco_zentry(x, b, u->entry_q[q]);
			unsigned ph, t;
			if (!x->stale[q] && (ze.zm != x->zq[q].zm || ze.r != x->zq[q].r))
				FAIL("collector %u operand %u (bank %u row %u) captured zero mask %llx R %x, the zero-mask buffer "
				     "holds %llx R %x", jj, q % x->ops, b, u->entry_q[q], (unsigned long long)x->zq[q].zm,
				     x->zq[q].r, (unsigned long long)ze.zm, ze.r);
			for (ph = 0; ph < 4; ph++)
				for (t = 0; (pm >> ph) & 1u && t < x->lanes; t++) {
					/* needed (B10): its lane is active (R = 0) or a lane of its group is (R = 1) */
					uint64_t am = x->am_q[jj], grp = am >> (t & ~3u) & 15u;
					unsigned need = rfm_cz_group_r(x->zmode, x->zq[q].r, t / 4) ? grp != 0 : (unsigned)(am >> t & 1u);
					if (!(am >> t & 1u))
						*cov |= 1u << 8;
					ty->rec[RFM_TCO_ZG_RD] += !need || rfm_tco_zbyte(x->zmode, x->zq[q], t, ph);
				}
		}
		cell = rfm_ca_cell(x->noc, b, x->odd_q[q], jj);
		if (!x->rgnt[cell])
			FAIL("collector %u operand %u granted outside its cell", jj, q % x->ops);
	}
	for (i = 0; i < ncell; i++)
		if (x->rgnt[i] && (x->rd_op[i] < 0 || !((x->gnt >> x->rd_op[i]) & 1u)))
			FAIL("cell %u granted without its operand", i);
	return 0;
}

/* This cycle's counts from the tallies, coverage, the starvation bound. */
static int check_counts(rfm_tco_t *x, const rfm_coll_t *u, const rfm_tco_wb_t *wb, tally_t *ty, uint64_t cycle,
			FILE *err, unsigned *cov)
{
	const rfm_cfg_t *c = x->c;
	unsigned i, j, p, q, n, nq = c->d.nq;

	/* this cycle's counts, recounted from the per-bank and per-collector tallies */
	for (i = 0; i < x->nb; i++) {
		ty->rec[RFM_TCO_BANK_ACC] += ty->nrd[i] || ty->nwg[i];
		ty->rec[RFM_TCO_COAL_RR] += ty->nrd[i] == 2;
		ty->rec[RFM_TCO_COAL_WW] += ty->nwg[i] == 2;
		ty->rec[RFM_TCO_COAL_RW] += ty->nrd[i] == 1 && ty->nwg[i] == 1;
		if (x->full && ty->nrd[i] + ty->nwg[i] == 2)
			FAIL("every value is full width, but bank %u granted two requests", i);
	}
	for (j = 0; j < x->noc; j++) {
		ty->rec[RFM_TCO_OCW] += ty->ocn[j] > 0;
		if (ty->ocn[j] >= 2)
			*cov |= 1u << 4;
	}
	for (p = 0; p < x->nwr; p++)
		ty->rec[RFM_TCO_WB_STALL] += x->wr[p].valid && !x->wgnt[p];
	if (x->zg) { /* bytes of the granted sub-banks; of a write's, those it leaves alone */
		for (i = 0; i < x->nb; i++)
			ty->rec[RFM_TCO_SB_BYTES] += (uint64_t)rfm_popcount64(ty->sb[i]) * x->lanes;
		for (p = 0; p < x->nwr; p++) {
			uint64_t act = wb[p].mask & rfm_mask64(x->lanes);
			unsigned ph, t, lk;
			if (!x->wgnt[p])
				continue;
			for (ph = 0; ph < 4; ph++)
				for (t = 0; (x->wr[p].pmask >> ph) & 1u && t < x->lanes; t++) {
					lk = x->wodd[p] ? 3 - ph : ph; /* the logical byte the sub-bank holds */
					if ((x->wfill[p][ph] >> t) & 1u) {
						*cov |= 1u << 7; /* a materialized zero is written */
						continue;
					}
					if (rfm_tco_zbyte(x->zmode, x->wznew[p], t, ph))
						*cov |= 1u << 6;
					ty->rec[RFM_TCO_ZG_WR] += rfm_tco_zbyte(x->zmode, x->wznew[p], t, ph) ||
							      (!((act >> t) & 1u) && lk <= x->wold[p].enc);
				}
		}
	}
	{ /* the gated read bytes count one cycle after the grant */
		uint64_t now = ty->rec[RFM_TCO_ZG_RD];
		ty->rec[RFM_TCO_ZG_RD] = x->zrec_q;
		x->zrec_q = now;
	}
	for (n = 0; n < x->ncnt; n++)
		x->shadow[n] += ty->rec[n];
	if (ty->rec[RFM_TCO_COAL_RR])
		*cov |= 1u << 0;
	if (ty->rec[RFM_TCO_COAL_WW])
		*cov |= 1u << 1;
	if (ty->rec[RFM_TCO_COAL_RW])
		*cov |= 1u << 2;
	if (ty->rec[RFM_TCO_WB_STALL])
		*cov |= 1u << 3;
	if (x->zrec_q)
		*cov |= 1u << 5;
	/* starvation bound (rf_coal_arbiter invariant 17): a read waiting for its bank is granted
	 * within operands x N cycles unless a write is granted in its bank, or its bank is held,
	 * meanwhile */
	for (q = 0; q < nq; q++) {
		unsigned jj = q / x->ops;
		if (!u->busy_q[jj] || !u->pend_q[q] || u->fly_q[q]) {
			x->since[q] = UINT64_MAX;
			continue;
		}
		if (x->since[q] == UINT64_MAX) {
			x->since[q] = cycle;
			x->wseen[q] = 0;
		}
		if (((ty->wbank | x->hold) >> u->bank_q[q]) & 1u) /* a write or a hold in its bank */
			x->wseen[q] = 1;
		if ((x->gnt >> q) & 1u) {
			x->since[q] = UINT64_MAX;
			continue;
		}
		if (!x->wseen[q] && cycle - x->since[q] + 1 >= (uint64_t)x->ops * x->n)
			FAIL("collector %u operand %u (bank %u) waited %llu cycles with no write to its bank (bound %u x %u)",
			     jj, q % x->ops, u->bank_q[q], (unsigned long long)(cycle - x->since[q] + 1), x->ops, x->n);
	}
	return 0;
}

int rfm_tco_check(rfm_tco_t *x, const rfm_coll_t *u, const rfm_tco_wb_t *wb, const uint8_t *wrdy,
		  const uint64_t *cnt_out, uint64_t cycle, FILE *err, unsigned *cov)
{
	const rfm_cfg_t *c = x->c;
	unsigned n;
	tally_t ty;

	*cov = 0;
	/* counters: the outputs show the recount of the cycles before this one */
	for (n = 0; n < x->ncnt; n++)
		if (cnt_out[n] != (x->shadow[n] & rfm_mask64(c->stats_counter_bits)))
			FAIL("recount: cnt_%s_o = %llu, recounted %llu", rfm_tco_cnt_names[n], (unsigned long long)cnt_out[n],
			     (unsigned long long)(x->shadow[n] & rfm_mask64(c->stats_counter_bits)));
	memset(&ty, 0, sizeof(ty));
	return check_claims(x, u, wb, wrdy, &ty, cycle, err, cov) || check_counts(x, u, wb, &ty, cycle, err, cov);
}
