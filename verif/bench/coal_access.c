/* coal_access.c - bank accesses and collector writes saved by the coalescing-aware register file on
 * a SYNTHETIC narrow-biased workload (docs/coalescing.md, "Access reduction"; make bench).
 *
 *   coal_access [--plant-fault] CONFIG.ini [INSTRUCTIONS] [DIST] [SEED]
 *
 * DIST is a width distribution of warp values (rfm_cw_dist_parse: fig3_3, full, or P1,P2,P3,P4[,NEG]).
 * The same instruction stream runs through two register-file models that differ only in the masks:
 *   baseline    every access takes the whole bank (mask 1111) and one bank port (the R side): the
 *               dissertation's baseline wrapped-wavefront arbiter, writes before reads;
 *   coalescing  every access takes only its sub-banks (the mask of its width code, reversed on odd
 *               registers) and its side; two accesses share a bank when their masks are disjoint.
 * Both use rfm_ca_arbitrate, the model of rf_coal_arbiter, and rfm_cw_detect, the model of
 * rf_width_detect, so the benchmark measures the blocks that are co-simulated against the RTL.
 *
 * Three more coalescing models compare the dissertation's alignment schemes (section 3.7.1; extract
 * section 2.11) on the same stream. Only reg_alignment (the one above) is built in RTL:
 *   wr          wr_alignment: a warp's writes alternate right, left, right, ... (a toggle per warp,
 *               advanced by each granted write); the register keeps the side of its last write (the
 *               4th mask-buffer bit), and its reads use it;
 *   ideal       alignment never causes a conflict, only size: two accesses share a bank when their
 *               widths add up to 4 bytes or less, a collector takes reads of at most 4 bytes a cycle;
 *   upper_bound any two accesses share a bank and a collector takes up to two reads a cycle,
 *               whatever their widths.
 * ideal and upper_bound arbitrate in rf_coal_arbiter's order (writes first, then the wave from
 * the same priority diagonal) with these byte budgets in place of sub-bank masks; a (bank,
 * collector) cell shows the collector's two oldest pending reads of the bank, whatever their parity.
 *
 * Workload (synthetic, not a trace of any program; printed with the results): a kernel of
 * min(16, regs_per_thread) registers and as many warps as fit on the config's mapping; each instruction has 1, 2 or 3 sources (20/50/30%)
 * and one destination, registers drawn uniformly from its warp; a free collector takes the next
 * instruction, is freed when every source is read, and its result reaches write-back LAT_EXEC
 * cycles later on the execution port, or LAT_MEM cycles later on the memory port for one
 * instruction in MEM_PCT percent (when the config has two write ports). Values are drawn from DIST
 * by rfm_cw_sample (all lanes active). A write that loses arbitration waits in its port's queue.
 * Registers start with values drawn from DIST. There is no scoreboard: the stream is an access
 * pattern, not a program, so the cycle counts are a bandwidth indication only.
 *
 * With DIST = full every mask is 1111 and the coalescing model must equal the baseline count for
 * count (docs/coalescing.md, "The baseline as a special case"); the program checks it and exits 1
 * otherwise (make test runs it; --plant-fault plants a fault in this program's coalescing access
 * model, a full value taken for 3 bytes, that the check must catch).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_coal.h"
#include "rfm_models.h"

#define KREGS_MAX 16u
#define LAT_EXEC 6u
#define LAT_MEM 24u
#define MEM_PCT 25u
#define MAXQ 4096u

typedef struct instr {
	unsigned warp, nsrc, src[3], dst, port, value_seed;
} instr_t;

typedef struct wb {
	uint64_t due;
	unsigned warp, reg, value_seed;
} wb_t;

typedef struct stats {
	uint64_t cycles, reads, writes, bank_acc, oc_writes, sb_acc, rr, ww, rw, wr_stall;
} stats_t;

/* The models: the baseline, and coalescing with each alignment scheme (reg is the RTL's). */
enum { SC_BASE, SC_REG, SC_WR, SC_IDEAL, SC_UPPER, SC_N };
static const char *const sc_names[SC_N] = {"baseline", "coalescing", "wr", "ideal", "upper_bound"};

typedef struct sim {
	const rfm_cfg_t *c;
	const rfm_cw_dist_t *dist;
	unsigned kwarps, kregs, nb, noc, nwr, lanes;
	int scheme;           /* SC_* */
	uint8_t *al;          /* wr: per (warp, reg) the side of its last write */
	uint8_t tg[64];       /* wr: per warp the side of its next write */
	int full_as_3b;       /* --plant-fault: a full value is taken for 3 bytes (the equivalence check's mutation test) */
	uint8_t *enc;         /* per (warp, reg): width code of the stored value */
	uint8_t *sign;
	/* collectors: the instruction and which sources are still unread */
	int busy[16];
	instr_t ins[16];
	unsigned pend[16];    /* bit s: source s unread */
	uint64_t age[16];
	/* write-back queues per port (FIFO of due results) */
	wb_t q[2][MAXQ];
	unsigned qh[2], qt[2];
	stats_t st;
} sim_t;

static void locate(const sim_t *s, unsigned w, unsigned r, unsigned *bank, unsigned *row, unsigned *odd)
{
	rfm_map_fn(s->c, s->kwarps, s->kregs, w, r, bank, row);
	*odd = s->c->coalescing_parity == RFM_CPARITY_REG ? (r & 1u) : (*row & 1u);
	if (s->scheme == SC_WR)
		*odd = s->al[w * s->kregs + r];
}

static void value_code(const sim_t *s, unsigned seed, unsigned *enc, unsigned *sign)
{
	rfm_rng_t r;
	uint32_t v[64];
	rfm_cw_code_t cw;
	rfm_rng_seed(&r, seed);
	rfm_cw_sample(&r, s->dist, v, s->lanes);
	cw = rfm_cw_detect(v, s->lanes >= 64 ? ~0ull : (1ull << s->lanes) - 1u, s->lanes);
	*enc = cw.enc;
	*sign = cw.sign;
}

/* Physical mask and side of an access to (w, r) in this model. */
static void access_mask(const sim_t *s, unsigned w, unsigned r, unsigned enc, unsigned *bank, unsigned *side,
			unsigned *pmask)
{
	unsigned row, odd;
	locate(s, w, r, bank, &row, &odd);
	if (s->scheme == SC_BASE) {
		*side = RFM_CA_R;
		*pmask = 0xfu;
		return;
	}
	if (s->scheme >= SC_IDEAL)
		odd = 0; /* the mask stands for the width only */
	*side = odd ? RFM_CA_L : RFM_CA_R;
	if (s->full_as_3b && enc == 3)
		enc = 2; /* planted fault (--plant-fault, make coal-equiv): a full value taken for 3 bytes */
	*pmask = rfm_cw_pmask(enc, odd);
}

/* ideal and upper_bound: rf_coal_arbiter's order with byte budgets instead of sub-bank masks (see
 * the header); rm holds right-aligned masks, i.e. the widths. */
static void budget_arb(const sim_t *s, unsigned pri, const rfm_ca_wr_t *wr, const uint8_t *rv, const uint8_t *rm,
		       uint8_t *wg, uint8_t *rg)
{
	unsigned n = rfm_ca_n(s->nb, s->noc), bb[32] = {0}, bn[32] = {0}, ob[16] = {0}, on[16] = {0}, p, q, i, j, k;
	int upper = s->scheme == SC_UPPER;
	memset(rg, 0, (size_t)s->nb * 2u * s->noc);
	for (p = 0; p < s->nwr; p++) {
		unsigned w = (unsigned)__builtin_popcount(wr[p].pmask), b = wr[p].bank;
		wg[p] = wr[p].valid && bn[b] < 2 && (upper || bb[b] + w <= 4);
		if (wg[p]) {
			bb[b] += w;
			bn[b]++;
		}
	}
	for (q = 0; q < n; q++) {
		unsigned d = (pri + q) % n;
		for (i = 0; i < s->nb; i++) {
			j = (d + n - i) % n;
			if (j >= s->noc)
				continue;
			for (k = 0; k < 2; k++) {
				unsigned c = rfm_ca_cell(s->noc, i, k, j), w = (unsigned)__builtin_popcount(rm[c]);
				if (!rv[c] || bn[i] >= 2 || (!upper && bb[i] + w > 4))
					continue;
				if (upper ? on[j] >= 2 : ob[j] + w > 4)
					continue;
				rg[c] = 1;
				bb[i] += w;
				bn[i]++;
				ob[j] += w;
				on[j]++;
			}
		}
	}
}

static void run(sim_t *s, const instr_t *prog, unsigned n)
{
	unsigned next = 0, done = 0, j, p, k, side;
	uint64_t cyc = 0, seq = 0;
	unsigned ncell = s->nb * 2u * s->noc, pri = 0, N = rfm_ca_n(s->nb, s->noc);
	uint8_t *rv = calloc(ncell, 1), *rm = calloc(ncell, 1), *rg = calloc(ncell, 1);
	uint8_t *rop = calloc(ncell, 1);
	rfm_ca_wr_t wr[2];
	uint8_t wg[2], wside[2] = {0, 0};
	while (done < n || s->qh[0] != s->qt[0] || s->qh[1] != s->qt[1]) {
		/* allocate free collectors */
		for (j = 0; j < s->noc && next < n; j++) {
			if (s->busy[j])
				continue;
			s->busy[j] = 1;
			s->ins[j] = prog[next++];
			s->pend[j] = (1u << s->ins[j].nsrc) - 1u;
			s->age[j] = seq++;
		}
		/* the request matrix: per (bank, side, collector) the collector's lowest unread source */
		memset(rv, 0, ncell);
		for (j = 0; j < s->noc; j++) {
			if (!s->busy[j])
				continue;
			for (k = 0; k < s->ins[j].nsrc; k++) {
				unsigned bank, pm, w = s->ins[j].warp, r = s->ins[j].src[k], cell;
				if (!(s->pend[j] >> k & 1u))
					continue;
				access_mask(s, w, r, s->enc[w * s->kregs + r], &bank, &side, &pm);
				cell = rfm_ca_cell(s->noc, bank, side, j);
				if (s->scheme >= SC_IDEAL && rv[cell]) /* parity-free: the two oldest of the bank */
					cell = rfm_ca_cell(s->noc, bank, 1, j);
				if (!rv[cell]) {
					rv[cell] = 1;
					rm[cell] = (uint8_t)pm;
					rop[cell] = (uint8_t)k;
				}
			}
		}
		/* write requests: the head of each port's queue */
		memset(wr, 0, sizeof(wr));
		for (p = 0; p < s->nwr; p++) {
			if (s->qh[p] != s->qt[p] && s->q[p][s->qh[p] % MAXQ].due <= cyc) {
				wb_t *b = &s->q[p][s->qh[p] % MAXQ];
				unsigned enc, sg, bank, pm;
				value_code(s, b->value_seed, &enc, &sg);
				if (s->scheme == SC_WR) { /* the warp's next side; port 0's write of this cycle goes first */
					unsigned row, odd, t = s->tg[b->warp];
					if (p && wr[0].valid && s->q[0][s->qh[0] % MAXQ].warp == b->warp)
						t ^= 1u;
					locate(s, b->warp, b->reg, &bank, &row, &odd);
					side = t;
					pm = rfm_cw_pmask(enc, t);
				} else
					access_mask(s, b->warp, b->reg, enc, &bank, &side, &pm);
				wr[p].valid = 1;
				wside[p] = (uint8_t)side;
				wr[p].bank = (uint8_t)bank;
				wr[p].pmask = (uint8_t)pm;
			}
		}
		if (s->scheme >= SC_IDEAL)
			budget_arb(s, pri, wr, rv, rm, wg, rg);
		else
			rfm_ca_arbitrate(s->nb, s->noc, pri, wr, s->nwr, rv, rm, wg, rg);
		pri = (pri + 1u) % N;
		/* count and apply */
		{
			unsigned b, nr[32] = {0}, nw[32] = {0}, ocw[16] = {0};
			for (p = 0; p < s->nwr; p++) {
				if (!wr[p].valid)
					continue;
				if (!wg[p]) {
					s->st.wr_stall++;
					continue;
				}
				{
					wb_t *bq = &s->q[p][s->qh[p]++ % MAXQ];
					unsigned enc, sg;
					value_code(s, bq->value_seed, &enc, &sg);
					s->enc[bq->warp * s->kregs + bq->reg] = (uint8_t)enc;
					s->sign[bq->warp * s->kregs + bq->reg] = (uint8_t)sg;
					if (s->scheme == SC_WR) {
						s->al[bq->warp * s->kregs + bq->reg] = wside[p];
						s->tg[bq->warp] ^= 1u;
					}
				}
				nw[wr[p].bank]++;
				s->st.writes++;
				s->st.sb_acc += (unsigned)__builtin_popcount(wr[p].pmask);
			}
			for (b = 0; b < s->nb; b++)
				for (side = 0; side < 2; side++)
					for (j = 0; j < s->noc; j++) {
						unsigned cell = rfm_ca_cell(s->noc, b, side, j);
						if (!rg[cell])
							continue;
						nr[b]++;
						ocw[j] = 1;
						s->pend[j] &= ~(1u << rop[cell]);
						s->st.reads++;
						s->st.sb_acc += (unsigned)__builtin_popcount(rm[cell]);
					}
			for (b = 0; b < s->nb; b++) {
				unsigned g = nr[b] + nw[b];
				s->st.bank_acc += g > 0;
				if (g == 2) {
					s->st.rr += nr[b] == 2;
					s->st.ww += nw[b] == 2;
					s->st.rw += nr[b] == 1;
				}
			}
			for (j = 0; j < s->noc; j++)
				s->st.oc_writes += ocw[j];
		}
		/* collectors with every source read dispatch; their results go to write-back */
		for (j = 0; j < s->noc; j++) {
			if (s->busy[j] && !s->pend[j]) {
				instr_t *in = &s->ins[j];
				unsigned port = s->nwr > 1 ? in->port : 0;
				wb_t *b;
				if (s->qt[port] - s->qh[port] >= MAXQ)
					continue; /* write-back queue full: hold the collector */
				b = &s->q[port][s->qt[port]++ % MAXQ];
				b->due = cyc + (port ? LAT_MEM : LAT_EXEC);
				b->warp = in->warp;
				b->reg = in->dst;
				b->value_seed = in->value_seed;
				s->busy[j] = 0;
				done++;
			}
		}
		cyc++;
	}
	s->st.cycles = cyc;
	free(rv);
	free(rm);
	free(rg);
	free(rop);
}

int main(int argc, char **argv)
{
	rfm_cfg_t c;
	rfm_cw_dist_t dist;
	rfm_rng_t rng;
	instr_t *prog;
	sim_t *s[SC_N];
	const char *pos[4] = {NULL, NULL, NULL, NULL};
	unsigned n, i, k, m, npos = 0;
	const char *dname;
	uint64_t seed;
	int ret = 0, a, plant = 0, bad = 0;
	for (a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "--plant-fault"))
			plant = 1;
		else if (argv[a][0] == '-' || npos == 4)
			bad = 1;
		else
			pos[npos++] = argv[a];
	}
	n = pos[1] ? (unsigned)strtoul(pos[1], NULL, 0) : 200000u;
	dname = pos[2] ? pos[2] : "fig3_3";
	seed = pos[3] ? strtoull(pos[3], NULL, 0) : 1;
	if (bad || !pos[0] || rfm_cfg_load(&c, pos[0], NULL, 0, stderr) || c.coalescing_enable != RFM_ON ||
	    rfm_cw_dist_parse(dname, &dist) || !n || c.sm_collectors > 16 || c.rf_banks > 32 || c.sm_warps > 64) {
		fprintf(stderr, "usage: coal_access [--plant-fault] CONFIG.ini [INSTRUCTIONS] [fig3_3|full|P1,P2,P3,P4[,NEG]]\n"
				"                   [SEED]\n"
				"       (a config with [coalescing] enable = on; --plant-fault: a full value taken for 3 bytes)\n");
		return 2;
	}
	rfm_rng_seed(&rng, seed);
	prog = calloc(n, sizeof(*prog));
	for (m = 0; m < SC_N; m++) {
		s[m] = calloc(1, sizeof(sim_t));
		s[m]->c = &c;
		s[m]->dist = &dist;
		s[m]->nb = c.rf_banks;
		s[m]->noc = c.sm_collectors;
		s[m]->nwr = c.rf_write_ports;
		s[m]->lanes = c.rf_lanes;
		s[m]->scheme = (int)m;
		s[m]->full_as_3b = plant;
		s[m]->kregs = c.sm_regs_per_thread < KREGS_MAX ? c.sm_regs_per_thread : KREGS_MAX;
		s[m]->kwarps = c.sm_warps;
		while (s[m]->kwarps > 1 && !rfm_launch_fits(&c, s[m]->kwarps, s[m]->kregs))
			s[m]->kwarps--;
		s[m]->enc = calloc((size_t)c.sm_warps * KREGS_MAX, 1);
		s[m]->sign = calloc((size_t)c.sm_warps * KREGS_MAX, 1);
		s[m]->al = calloc((size_t)c.sm_warps * KREGS_MAX, 1);
	}
	for (i = 0; i < s[0]->kwarps * s[0]->kregs; i++) {
		unsigned enc, sg;
		value_code(s[0], (unsigned)rfm_rng_next(&rng), &enc, &sg);
		for (m = 0; m < SC_N; m++) {
			unsigned b, row, odd;
			s[m]->enc[i] = (uint8_t)enc;
			s[m]->sign[i] = (uint8_t)sg;
			locate(s[SC_REG], i / s[0]->kregs, i % s[0]->kregs, &b, &row, &odd);
			s[m]->al[i] = (uint8_t)odd; /* wr: start from reg_alignment's sides */
		}
	}
	for (i = 0; i < n; i++) {
		unsigned roll = (unsigned)rfm_rng_below(&rng, 10);
		prog[i].warp = (unsigned)rfm_rng_below(&rng, s[0]->kwarps);
		prog[i].nsrc = roll < 2 ? 1 : roll < 7 ? 2 : 3;
		for (k = 0; k < prog[i].nsrc; k++)
			prog[i].src[k] = (unsigned)rfm_rng_below(&rng, s[0]->kregs);
		prog[i].dst = (unsigned)rfm_rng_below(&rng, s[0]->kregs);
		prog[i].port = rfm_rng_chance(&rng, MEM_PCT, 100) ? 1 : 0;
		prog[i].value_seed = (unsigned)rfm_rng_next(&rng);
	}
	for (m = 0; m < SC_N; m++)
		run(s[m], prog, n);
	{
		const stats_t *b = &s[0]->st, *q = &s[1]->st;
		uint64_t pairs = q->rr + q->ww + q->rw;
		printf("coal_access %s: %u instructions, kernel %u warps x %u registers (%s layout, parity %s), "
		       "sources 1/2/3 = 20/50/30%%, %u write port%s (memory %u%%), widths 1/2/3/4 B = %u/%u/%u/%u%% (%s), "
		       "%u%% of narrow values negative, seed %llu; synthetic workload\n",
		       c.name, n, s[0]->kwarps, s[0]->kregs, c.mapping_layout == RFM_LAYOUT_WID ? "wid" : "wshift",
		       c.coalescing_parity == RFM_CPARITY_REG ? "reg" : "entry", c.rf_write_ports,
		       c.rf_write_ports > 1 ? "s" : "", c.rf_write_ports > 1 ? MEM_PCT : 0, dist.pct[0], dist.pct[1],
		       dist.pct[2], dist.pct[3], dname, dist.neg_pct, (unsigned long long)seed);
		printf("  %-10s %9s %9s %10s %10s %10s %9s\n", "model", "reads", "writes", "bank acc", "OC writes",
		       "sub-banks", "cycles");
		for (m = 0; m < 2; m++) {
			const stats_t *x = &s[m]->st;
			printf("  %-10s %9llu %9llu %10llu %10llu %10llu %9llu\n", sc_names[m],
			       (unsigned long long)x->reads, (unsigned long long)x->writes,
			       (unsigned long long)x->bank_acc, (unsigned long long)x->oc_writes,
			       (unsigned long long)x->sb_acc, (unsigned long long)x->cycles);
		}
		printf("  bank accesses saved %.1f%%, collector writes saved %.1f%%, sub-bank accesses saved %.1f%%, "
		       "cycles %+.1f%%\n",
		       100.0 * (1.0 - (double)q->bank_acc / (double)b->bank_acc),
		       100.0 * (1.0 - (double)q->oc_writes / (double)b->oc_writes),
		       100.0 * (1.0 - (double)q->sb_acc / (double)b->sb_acc),
		       100.0 * ((double)q->cycles / (double)b->cycles - 1.0));
		printf("  coalesced bank accesses: read-read %.1f%%, write-write %.1f%%, read-write %.1f%% (of %llu)\n",
		       pairs ? 100.0 * (double)q->rr / (double)pairs : 0.0, pairs ? 100.0 * (double)q->ww / (double)pairs : 0.0,
		       pairs ? 100.0 * (double)q->rw / (double)pairs : 0.0, (unsigned long long)pairs);
		printf("  alignment schemes (section 3.7.1; only reg is built in RTL; ideal and upper_bound are bounds):\n");
		printf("  %-12s %15s %16s %16s %8s\n", "scheme", "bank acc saved", "OC writes saved", "sub-banks saved",
		       "cycles");
		for (m = SC_REG; m < SC_N; m++) {
			const stats_t *x = &s[m]->st;
			printf("  %-12s %14.1f%% %15.1f%% %15.1f%% %+7.1f%%\n", m == SC_REG ? "reg" : sc_names[m],
			       100.0 * (1.0 - (double)x->bank_acc / (double)b->bank_acc),
			       100.0 * (1.0 - (double)x->oc_writes / (double)b->oc_writes),
			       100.0 * (1.0 - (double)x->sb_acc / (double)b->sb_acc),
			       100.0 * ((double)x->cycles / (double)b->cycles - 1.0));
		}
	}
	/* Every value full width: the coalescing model must be the baseline, count for count. */
	if (dist.pct[3] == 100) {
		const stats_t *b = &s[0]->st, *q = &s[1]->st;
		int same = b->cycles == q->cycles && b->reads == q->reads && b->writes == q->writes &&
			   b->bank_acc == q->bank_acc && b->oc_writes == q->oc_writes && b->sb_acc == q->sb_acc &&
			   b->wr_stall == q->wr_stall && q->rr + q->ww + q->rw == 0;
		printf("  baseline equivalence (every mask full): %s\n", same ? "every count equal" : "COUNTS DIFFER");
		if (!same)
			ret = 1;
	}
	for (m = 0; m < SC_N; m++) {
		free(s[m]->enc);
		free(s[m]->sign);
		free(s[m]->al);
		free(s[m]);
	}
	free(prog);
	return ret;
}
