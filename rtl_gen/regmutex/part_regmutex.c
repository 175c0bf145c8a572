/* part_regmutex.c - rf_top's RegMutex parts (rg_part.h): LOCATE by rf_srp_xlate (base set in
 * place, extended registers in the warp's SRP section; an extended register of a warp without a
 * set is dropped, xerr_o) and SIDE the SRP allocator rf_srp_ctrl (docs/regmutex.md, "rf_top with
 * RegMutex"; model: cmodel/regmutex/regmutex.c). */
#include "rfm_models.h"
#include "rfm_regmutex.h"
#include "rg_part.h"

static int rm_on(const rfm_cfg_t *c) { return c->regmutex_enable == RFM_ON; }
static int rm_paired(const rfm_cfg_t *c) { return c->regmutex_paired == RFM_ON; }

/* Products of counts: two more bits than the base's, and room for the file's warp registers. */
static unsigned rm_width(const rfm_cfg_t *c)
{
	unsigned w = c->d.nwarps_w + c->d.nregs_w + 2, ew = rfm_cntw(c->d.warp_regs);
	return (ew > w ? ew : w) + 1;
}

static void rm_consts(rg_top_t *t)
{
	em_t *e = t->e;
	em_row(e, 4, "localparam", em_fmt(e, "logic %s", em_rng(e, t->lw)), "Packs",
	       em_fmt(e, "= %s;  // warp registers of the file", em_lit(e, t->lw, t->c->d.warp_regs)));
}

/* Declare `logic [w-1:0] <pre><m*i>, ...;` for i < n, eight names to a declaration row. */
static void decl_names(rg_top_t *t, unsigned w, const char *pre, unsigned m, unsigned n)
{
	unsigned i, j;
	for (i = 0; i < n; i += 8) {
		em_str_t x = {0};
		for (j = i; j < n && j < i + 8; j++)
			em_add(&x, ", ", "%s%u", pre, m * j);
		rg_logic(t, w, "%s", em_str(&x));
		em_str_free(&x);
	}
}

/* Entry i of the base table in terms of its registers (rfm_srp_tab_stored) and Bs. */
static const char *bt_entry(em_t *e, const rfm_cfg_t *c, unsigned i)
{
	unsigned pw = c->d.pack_w, k, m;
	if (rfm_srp_tab_stored(c, i))
		return em_fmt(e, "kbt%u_q", i);
	if (i == 0)
		return em_fmt(e, "%u'd0", pw);
	if (i == 1)
		return em_fmt(e, "%u'(kbase_q)", pw);
	if (rm_paired(c)) { /* i = 2p, p = m x 2^k with m odd: entry 2m shifted */
		k = (unsigned)__builtin_ctz(i >> 1);
		m = (i >> 1) >> k;
		return em_fmt(e, "(kbt%u_q << %u)", 2 * m, k);
	}
	k = (unsigned)__builtin_ctz(i);
	m = i >> k;
	return m == 1 ? em_fmt(e, "(%u'(kbase_q) << %u)", pw, k) : em_fmt(e, "(kbt%u_q << %u)", m, k);
}

/* The base table as one expression, entry w in bits [w*P +: P] (into x): a concatenation, not a
 * signal, so that synthesis, which finds entry bits equal to others, never aliases bits of one
 * vector to each other (a netlist Verilator would refuse as circular). */
static const char *bt_concat(em_t *e, const rfm_cfg_t *c, em_str_t *x)
{
	unsigned i;
	em_clear(x);
	em_add(x, NULL, "{");
	for (i = rfm_srp_tab_n(c); i-- > 0;)
		em_add(x, i + 1 < rfm_srp_tab_n(c) ? ", " : NULL, "%s", bt_entry(e, c, i));
	em_add(x, NULL, "}");
	return em_str(x);
}

/* The launch's entry i of the base table (lbt<i>), and the entries it is built from, in need[]. */
static void bt_need(const rfm_cfg_t *c, unsigned i, unsigned char *need)
{
	if (need[i])
		return;
	need[i] = 1;
	if (rm_paired(c) && (i & 1u))
		bt_need(c, i - 1, need); /* entry 2p + 1 = entry 2p + Bs */
	else if (rm_paired(c) && ((i >> 1) & ((i >> 1) - 1)))
		bt_need(c, 2 * ((i >> 1) & ((i >> 1) - 1)), need); /* pair p from pair p without its lowest one */
	else if (!rm_paired(c) && (i & (i - 1)))
		bt_need(c, i & (i - 1), need);
}

/* xlate = precomp: the launch computes the per-warp base table in its own cycle (docs/regmutex.md,
 * "Translation"), by shifts and adds from Bs (paired: from 2 Bs + Es and Bs), one adder per entry
 * that is not a power of two, and registers the entries that are not wiring from others; it
 * registers Es and SRP_offset - Bs for the extended bases. */
static void rm_launch_precomp(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned lw = t->lw, K = c->sm_schedulers, pw = c->d.pack_w, nt = rfm_srp_tab_n(c), i;
	unsigned char need[2 * RFM_MAXWARPS] = {0};
	int paired = rm_paired(c);
	em_str_t x = {0};
	for (i = 0; i < nt; i++)
		if (rfm_srp_tab_stored(c, i))
			bt_need(c, i, need);
	em_line(e, "// RegMutex: the running kernel's sets and per-warp base table (docs/regmutex.md)");
	rg_field(t, "kbase", c->d.nregs_w, "launch_base");
	if (!paired) {
		rg_field(t, "kext", c->d.nregs_w, "launch_ext_i");
		rg_field(t, "kxoff", pw, "launch_xoff");
	}
	rg_flop(t, c->d.nregs_w, "kbase");
	if (!paired) {
		rg_flop(t, c->d.nregs_w, "kext");
		rg_flop(t, pw, "kxoff");
	}
	for (i = 0; i < nt; i++)
		if (rfm_srp_tab_stored(c, i))
			rg_flop(t, pw, em_fmt(e, "kbt%u", i));
	if (!paired) {
		rg_logic(t, lw, "ls_x, srp_x, xoff_x");
		rg_logic(t, pw, "launch_xoff");
		rg_logic(t, c->sm_warps * c->d.warp_w, "srp_lut");
		rg_logic(t, c->sm_warps, "srp_mask");
	} else {
		rg_logic(t, lw, "lst_x");
		rg_logic(t, pw, "lst_p");
	}
	rg_logic(t, lw, "le_x, lb_x");
	rg_logic(t, c->d.nregs_w, "launch_base");
	rg_logic(t, pw, "lb_p");
	for (i = 0; i < nt; i++) { /* eight to a declaration row */
		if (need[i])
			em_add(&x, ", ", "lbt%u", i);
		if (x.n && (i + 1 == nt || (i + 1) % 8 == 0)) {
			rg_logic(t, pw, "%s", em_str(&x));
			em_clear(&x);
		}
	}
	rg_logic(t, 1, "srp_launch");
	rg_logic(t, c->sm_warps, "srp_status");
	rg_logic(t, rfm_cntw(K + 1u), "srp_nacq, srp_nstall, srp_nfree");
	em_table(e);
	em_line(e, "assign le_x = %u'(launch_ext_i);", lw);
	em_line(e, "assign lb_x = lr_x - le_x;  // base set (meaningful when Es < regs)");
	rg_fit(t, "(le_x < lr_x)");
	if (paired) {
		em_line(e, "assign lst_x = lb_x + lb_x + le_x;  // a pair's warp registers");
		em_line(e, "assign need_x = ((lw_x + %s) >> 1) * lst_x;  // ceil(warps / 2) pairs", em_lit(e, lw, 1));
	} else {
		em_line(e, "assign ls_x = %u'(launch_sections_i);", lw);
		em_line(e, "assign srp_x = lw_x * lb_x;  // SRP_offset");
		em_line(e, "assign need_x = srp_x + ls_x * le_x;");
		rg_fit(t, "((le_x == '0) ? (ls_x == '0) : ((ls_x != '0) & (ls_x <= Warps)))");
		em_line(e, "assign xoff_x = srp_x - lb_x;  // SRP_offset - Bs: section 0's extended base");
		em_line(e, "assign launch_xoff = %s;", rg_part(e, "xoff_x", lw, pw - 1, 0));
	}
	rg_fit(t, "(need_x <= Packs)");
	em_line(e, "assign srp_launch = launch_valid_i & launch_fits;");
	em_line(e, "assign launch_base = %s;", rg_part(e, "lb_x", lw, c->d.nregs_w - 1, 0));
	if (paired) {
		em_line(e, "// base table: entry 2p = p x (2 Bs + Es), entry 2p + 1 = entry 2p + Bs (its extended set");
		em_line(e, "// starts one Bs later, so an extended register reads entry W | 1); the launch computes");
		em_line(e, "// them by shifts and adds and registers entries 2m (m odd) and the odd ones from 3:");
		em_line(e, "// entry 1 is Bs and entry 4m is entry 2m shifted");
	} else {
		em_line(e, "// base table: entry w = w x Bs; the launch computes the odd ones from 3 by shifts and");
		em_line(e, "// adds and registers them: entry 1 is Bs and entry 2m is entry m shifted");
	}
	em_line(e, "assign lb_p = %u'(lb_x);", pw);
	if (paired)
		em_line(e, "assign lst_p = %u'(lst_x);", pw);
	for (i = 1; i < nt; i++) {
		unsigned q = paired ? i >> 1 : i, k, rest;
		const char *step = paired ? "lst_p" : "lb_p";
		if (!need[i])
			continue;
		if (paired && (i & 1u)) {
			em_line(e, "assign lbt%u = %s + lb_p;", i, i == 1 ? em_fmt(e, "%u'd0", pw) : em_fmt(e, "lbt%u", i - 1));
			continue;
		}
		k = (unsigned)__builtin_ctz(q);
		rest = q & (q - 1);
		if (!rest)
			em_line(e, "assign lbt%u = %s;", i, k ? em_fmt(e, "%s << %u", step, k) : step);
		else
			em_line(e, "assign lbt%u = lbt%u + %s;", i, paired ? 2 * rest : rest,
				k ? em_fmt(e, "(%s << %u)", step, k) : step);
	}
	for (i = 0; i < nt; i++)
		if (rfm_srp_tab_stored(c, i))
			em_line(e, "assign kbt%u_d = srp_launch ? lbt%u : kbt%u_q;", i, i, i);
	em_str_free(&x);
	rg_unused(e, "launch_x", paired ? em_fmt(e, "lb_x[%u:%u], lst_x[%u:%u]", lw - 1, c->d.nregs_w, lw - 1, pw)
					: em_fmt(e, "lb_x[%u:%u], xoff_x[%u:%u]", lw - 1, c->d.nregs_w, lw - 1, pw));
}

/* The running kernel's sets: base set Bs = regs - Es in place, extended sets in SRP sections. */
static void rm_launch(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned lw = t->lw, K = c->sm_schedulers;
	int paired = rm_paired(c);
	if (rfm_rm_precomp(c)) {
		rm_launch_precomp(t);
		return;
	}
	em_line(e, "// RegMutex: the running kernel's sets (docs/regmutex.md)");
	rg_field(t, "kext", c->d.nregs_w, "launch_ext_i");
	rg_field(t, "kbase", c->d.nregs_w, "launch_base");
	rg_flop(t, c->d.nregs_w, "kext");
	rg_flop(t, c->d.nregs_w, "kbase");
	if (!paired) {
		rg_field(t, "ksrp", c->d.pack_w + 1, "launch_srp");
		rg_flop(t, c->d.pack_w + 1, "ksrp");
		rg_logic(t, c->d.pack_w + 1, "launch_srp");
		rg_logic(t, lw, "ls_x, srp_x");
		rg_logic(t, c->sm_warps * c->d.warp_w, "srp_lut");
		rg_logic(t, c->sm_warps, "srp_mask");
	}
	rg_logic(t, lw, "le_x, lb_x");
	rg_logic(t, c->d.nregs_w, "launch_base");
	rg_logic(t, 1, "srp_launch");
	rg_logic(t, c->sm_warps, "srp_status");
	rg_logic(t, rfm_cntw(K + 1u), "srp_nacq, srp_nstall, srp_nfree");
	em_table(e);
	em_line(e, "assign le_x = %u'(launch_ext_i);", lw);
	em_line(e, "assign lb_x = lr_x - le_x;  // base set (meaningful when Es < regs)");
	rg_fit(t, "(le_x < lr_x)");
	if (paired) {
		em_line(e, "assign need_x = ((lw_x + %s) >> 1) * (lb_x + lb_x + le_x);  // ceil(warps / 2) pairs",
			em_lit(e, lw, 1));
	} else {
		em_line(e, "assign ls_x = %u'(launch_sections_i);", lw);
		em_line(e, "assign srp_x = lw_x * lb_x;  // SRP_offset");
		em_line(e, "assign need_x = srp_x + ls_x * le_x;");
		rg_fit(t, "((le_x == '0) ? (ls_x == '0) : ((ls_x != '0) & (ls_x <= Warps)))");
		em_line(e, "assign launch_srp = %s;", rg_part(e, "srp_x", lw, c->d.pack_w, 0));
	}
	rg_fit(t, "(need_x <= Packs)");
	em_line(e, "assign srp_launch = launch_valid_i & launch_fits;");
	em_line(e, "assign launch_base = %s;", rg_part(e, "lb_x", lw, c->d.nregs_w - 1, 0));
	rg_unused(e, "launch_x", paired ? em_fmt(e, "lb_x[%u:%u]", lw - 1, c->d.nregs_w)
					: em_fmt(e, "lb_x[%u:%u], srp_x[%u:%u]", lw - 1, c->d.nregs_w, lw - 1, c->d.pack_w + 1));
}

/* xlate = precomp (docs/regmutex.md, "Translation"): the extended-base table. A granted acquire
 * writes its section's base, SRP_offset - Bs + section x Es, into its warp's entry, the step the
 * paper calls passing the section to the operand collector; every section's base comes from the
 * kernel's registers by shifts and adds, so it is ready before find-first-free has chosen. */
static void xbase_table(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned n = c->sm_warps, pw = c->d.pack_w, xiw = rfm_clog2((uint64_t)n * pw), K = c->sm_schedulers, k, i;
	em_str_t x = {0};
	em_section(e, "RegMutex extended-base table (xlate = precomp): written at a granted acquire");
	em_line(e, "// section s's registers X >= Bs are at sb<s> + X, sb<s> = (SRP_offset - Bs) + s x Es: a lower");
	em_line(e, "// section's plus Es shifted, one adder each; warp w's entry in bits [w*%u +: %u] is read while", pw,
		pw);
	em_line(e, "// it holds a set (a no-op acquire rewrites the same value; release, exit and launch leave it)");
	rg_flop(t, n * pw, "xbase");
	rg_logic(t, n * pw, "sbase");
	rg_logic(t, pw, "es_p");
	decl_names(t, pw, "sb", 1, n);
	for (k = 0; k < K; k++) {
		rg_logic(t, xiw, "acq%u_xi", k);
		rg_logic(t, pw, "acq%u_xb", k);
	}
	em_table(e);
	em_line(e, "assign es_p = %u'(kext_q);", pw);
	rg_multiples(e, "sb", 1, n, "kxoff_q", "es_p");
	for (i = n; i-- > 0;)
		em_add(&x, ", ", "sb%u", i);
	em_line(e, "assign sbase = {%s};", em_str(&x));
	em_str_free(&x);
	rg_pick_function(e, n, pw, c->d.warp_w);
	for (k = 0; k < K; k++) { /* pick outside always_comb: Icarus takes its constant selects there */
		em_line(e, "assign acq%u_xi = %u'(acq%u_warp_i) * %s;  // the warp's entry", k, xiw, k, em_lit(e, xiw, pw));
		em_line(e, "assign acq%u_xb = pick(sbase, acq%u_sect_o);  // its section's extended base", k, k);
	}
	em_open(e, "always_comb begin");
	em_line(e, "xbase_d = xbase_q;");
	for (k = 0; k < K; k++)
		em_line(e, "if (acq%u_valid_i & ~acq%u_release_i & acq%u_grant_o) xbase_d[acq%u_xi +: %u] = acq%u_xb;", k,
			k, k, k, pw, k);
	em_close(e, "end");
}

/* The SRP allocator: acquire/release at issue, release at warp exit. */
static void srp_ctrl_side(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned K = c->sm_schedulers, k;
	int paired = rm_paired(c);
	em_section(e, "RegMutex allocator: acquire/release at issue, release at warp exit");
	em_open(e, "rf_srp_ctrl u_srp_ctrl (");
	rg_conn(e, "clk_i", "clk_i");
	rg_conn(e, "rst_ni", "rst_ni");
	rg_conn(e, "launch_i", "srp_launch");
	if (!paired)
		rg_conn(e, "launch_sections_i", "launch_sections_i");
	for (k = 0; k < K; k++) {
		rg_conn(e, em_fmt(e, "req%u_valid_i", k), em_fmt(e, "acq%u_valid_i", k));
		rg_conn(e, em_fmt(e, "req%u_release_i", k), em_fmt(e, "acq%u_release_i", k));
		rg_conn(e, em_fmt(e, "req%u_warp_i", k), em_fmt(e, "acq%u_warp_i", k));
		rg_conn(e, em_fmt(e, "req%u_grant_o", k), em_fmt(e, "acq%u_grant_o", k));
		rg_conn(e, em_fmt(e, "req%u_stall_o", k), em_fmt(e, "acq%u_stall_o", k));
		rg_conn(e, em_fmt(e, "req%u_sect_o", k), em_fmt(e, "acq%u_sect_o", k));
	}
	rg_conn(e, "exit_valid_i", "exit_valid_i");
	rg_conn(e, "exit_warp_i", "exit_warp_i");
	rg_conn(e, "status_o", "srp_status");
	if (!paired) {
		rg_conn(e, "mask_o", "srp_mask");
		rg_conn(e, "lut_o", "srp_lut");
		rg_conn(e, "full_o", "srp_full_o");
	}
	rg_conn(e, "nacq_o", "srp_nacq");
	rg_conn(e, "nstall_o", "srp_nstall");
	rg_conn(e, "nfree_o", "srp_nfree");
	rg_conn_end(e);
	if (!paired && rfm_rm_precomp(c))
		xbase_table(t);
}

static void srp_ctrl_status(rg_top_t *t)
{
	unsigned cb = t->c->stats_counter_bits;
	rg_counter(t, "acquire", em_fmt(t->e, "%u'(srp_nacq)", cb));
	rg_counter(t, "acq_stall", em_fmt(t->e, "%u'(srp_nstall)", cb));
	rg_counter(t, "release", em_fmt(t->e, "%u'(srp_nfree)", cb));
}

const rg_part_t rg_part_srp_ctrl = {
	.name = "regmutex-allocator", .slot = RG_SIDE, .active = rm_on, .side = srp_ctrl_side,
	.status = srp_ctrl_status,
};

/* Access x of the translation block: write-back x < P, then issue k source s at P + k * S + s. */
static const char *acc_name(em_t *e, const rfm_cfg_t *c, unsigned x)
{
	unsigned P = c->rf_write_ports, S = c->sm_operands;
	return x < P ? em_fmt(e, "wb%u", x) : em_fmt(e, "iss%u_s%u", (x - P) / S, (x - P) % S);
}

static void xlate_decls(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	unsigned P = c->rf_write_ports, K = c->sm_schedulers, S = c->sm_operands, x;
	for (x = 0; x < P + K * S; x++) {
		char pre[24];
		snprintf(pre, sizeof(pre), "%s", acc_name(t->e, c, x));
		rg_logic(t, c->d.bank_w, "%s_bank", pre);
		rg_logic(t, c->d.entry_w, "%s_row", pre);
		rg_logic(t, 1, x < P ? "%s_err, %s_xerr, %s_ok" : "%s_err, %s_xerr", pre, pre, pre);
		rg_logic(t, c->d.pack_w, "xl%u_pack", x);
	}
	em_table(t->e);
}

/* One translation block, a port per write-back port and per issued source operand. */
static void xlate_locate(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned P = c->rf_write_ports, K = c->sm_schedulers, S = c->sm_operands, p, x;
	int paired = rm_paired(c), precomp = rfm_rm_precomp(c);
	em_str_t un = {0};
	t->drop = 1;
	em_section(e, "locate: RegMutex translation, port p < %u is write-back p, then issue k source s", P);
	em_line(e, "// is %u + k * %u + s (an access outside the kernel, or to an extended register without", P, S);
	em_line(e, "// a set, is dropped)");
	xlate_decls(t);
	em_open(e, "rf_srp_xlate u_srp_xlate (");
	rg_conn(e, "kwarps_i", "kwarps_q");
	rg_conn(e, "kregs_i", "kregs_q");
	rg_conn(e, "kbase_i", "kbase_q");
	if (precomp) {
		em_str_t bt = {0}, conn = {0};
		em_add(&conn, NULL, "(%s),", bt_concat(e, c, &bt)); /* rg_conn's row, longer than a scratch string */
		em_row(e, 2, ".base_i", em_str(&conn));
		em_str_free(&bt);
		em_str_free(&conn);
	} else {
		rg_conn(e, "kext_i", "kext_q");
		if (!paired)
			rg_conn(e, "ksrp_i", "ksrp_q");
	}
	rg_conn(e, "status_i", "srp_status");
	if (!paired && precomp)
		rg_conn(e, "xbase_i", "xbase_q");
	else if (!paired)
		rg_conn(e, "lut_i", "srp_lut");
	for (x = 0; x < P + K * S; x++) {
		char pre[24];
		snprintf(pre, sizeof(pre), "%s", acc_name(e, c, x));
		if (x < P) {
			rg_conn(e, em_fmt(e, "x%u_warp_i", x), em_fmt(e, "wb%u_warp_i", x));
			rg_conn(e, em_fmt(e, "x%u_reg_i", x), em_fmt(e, "wb%u_reg_i", x));
		} else {
			rg_conn(e, em_fmt(e, "x%u_warp_i", x), em_fmt(e, "iss%u_warp_i", (x - P) / S));
			rg_conn(e, em_fmt(e, "x%u_reg_i", x), em_fmt(e, "iss%u_src%u_reg_i", (x - P) / S, (x - P) % S));
		}
		rg_conn(e, em_fmt(e, "x%u_pack_o", x), em_fmt(e, "xl%u_pack", x));
		rg_conn(e, em_fmt(e, "x%u_bank_o", x), em_fmt(e, "%s_bank", pre));
		rg_conn(e, em_fmt(e, "x%u_entry_o", x), em_fmt(e, "%s_row", pre));
		rg_conn(e, em_fmt(e, "x%u_err_o", x), em_fmt(e, "%s_err", pre));
		rg_conn(e, em_fmt(e, "x%u_xerr_o", x), em_fmt(e, "%s_xerr", pre));
	}
	rg_conn_end(e);
	for (p = 0; p < P; p++)
		em_line(e, "assign wb%u_ok = wb%u_valid_i & ~wb%u_err & ~wb%u_xerr;", p, p, p, p);
	if (!paired)
		em_add(&un, ", ", "srp_mask");
	if (!paired && precomp)
		em_add(&un, ", ", "srp_lut");
	for (x = 0; x < P + K * S; x++)
		em_add(&un, ", ", "xl%u_pack", x);
	rg_unused(e, "srp", em_str(&un));
	em_str_free(&un);
}

/* xerr_o: last cycle dropped an extended register of a warp without a set. */
static void xlate_status(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	rg_flag_t *f = rg_flag(t, "xerr");
	unsigned p, k, s;
	for (p = 0; p < c->rf_write_ports; p++)
		rg_flag_term(f, em_fmt(t->e, "(wb%u_valid_i & wb%u_xerr)", p, p));
	for (k = 0; k < c->sm_schedulers; k++)
		for (s = 0; s < c->sm_operands; s++)
			rg_flag_term(f, em_fmt(t->e, "(iss%u_valid_i & iss%u_ready_o & iss%u_src%u_valid_i & iss%u_s%u_xerr)",
					       k, k, k, s, k, s));
}

/* Invariant 17 (docs/regmutex.md, "Invariants"), xlate = precomp: the base table equals the
 * formula it replaces, w x Bs (paired: p x entry 2 + (w odd ? Bs : 0), entry 2 being 2 Bs + Es). */
static void xlate_asserts(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned pw = c->d.pack_w, nt = rfm_srp_tab_n(c);
	em_str_t x = {0};
	if (!rfm_rm_precomp(c))
		return;
	rg_assert_begin(e, "RegMutex invariant 17, the base table");
	em_line(e, "// an entry of the base table that is not what the multipliers would give");
	em_open(e, "function automatic logic bt_bad(input logic %s bt, input logic %s bs);", em_rng(e, nt * pw),
		em_rng(e, c->d.nregs_w));
	em_line(e, "bt_bad = 1'b0;");
	em_open(e, "for (int w = 0; w < %u; w++) begin", nt);
	if (rm_paired(c))
		em_line(e, "if (bt[w*%u +: %u] != %u'(%u'(w / 2) * bt[%u +: %u] + ((w %% 2 == 1) ? %u'(bs) : '0)))",
			pw, pw, pw, pw, nt > 2 ? 2 * pw : 0, pw, pw);
	else
		em_line(e, "if (bt[w*%u +: %u] != %u'(%u'(w) * %u'(bs)))", pw, pw, pw, pw, pw);
	em_line(e, "  bt_bad = 1'b1;");
	em_close(e, "end");
	em_close(e, "endfunction");
	em_line(e, "logic bt_inv;");
	em_line(e, "assign bt_inv = bt_bad(%s, kbase_q);", bt_concat(e, c, &x));
	em_str_free(&x);
	rg_assert(e, "!bt_inv", "rf_top", "invariant 17", "docs/regmutex.md, Invariants",
		  "a base-table entry differs from W x Bs (or its paired form)");
	if (!rm_paired(c)) {
		unsigned n = c->sm_warps, lw = c->d.warp_w;
		em_line(e, "// a holding warp whose extended base is not SRP_offset - Bs + LUT x Es");
		em_open(e, "function automatic logic xb_bad(input logic %s status, input logic %s lut,", em_rng(e, n),
			em_rng(e, n * lw));
		em_line(e, "input logic %s xb, input logic %s es, input logic %s xoff);", em_rng(e, n * pw),
			em_rng(e, c->d.nregs_w), em_rng(e, pw));
		em_line(e, "xb_bad = 1'b0;");
		em_open(e, "for (int w = 0; w < %u; w++) begin", n);
		em_line(e, "if (status[w] && xb[w*%u +: %u] != %u'(xoff + %u'(lut[w*%u +: %u]) * %u'(es)))", pw, pw, pw,
			pw, lw, lw, pw);
		em_line(e, "  xb_bad = 1'b1;");
		em_close(e, "end");
		em_close(e, "endfunction");
		em_line(e, "logic xb_inv;");
		em_line(e, "assign xb_inv = xb_bad(srp_status, srp_lut, xbase_q, kext_q, kxoff_q);");
		rg_assert(e, "!xb_inv", "rf_top", "invariant 17", "docs/regmutex.md, Invariants",
			  "an extended base differs from SRP_offset - Bs + LUT x Es");
	}
	rg_assert_end(e);
}

const rg_part_t rg_part_srp_xlate = {
	.name = "regmutex", .slot = RG_LOCATE, .active = rm_on, .fit_width = rm_width, .consts = rm_consts,
	.launch = rm_launch, .locate = xlate_locate, .status = xlate_status, .asserts = xlate_asserts,
};
