/* part_regmutex.c - rf_top's RegMutex parts (rg_part.h): LOCATE by rf_srp_xlate (base set in
 * place, extended registers in the warp's SRP section; an extended register of a warp without a
 * set is dropped, xerr_o) and SIDE the SRP allocator rf_srp_ctrl (docs/regmutex.md, "rf_top with
 * RegMutex"; model: cmodel/regmutex/regmutex.c). */
#include "rfm_models.h"
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

/* The running kernel's sets: base set Bs = regs - Es in place, extended sets in SRP sections. */
static void rm_launch(rg_top_t *t)
{
	const rfm_cfg_t *c = t->c;
	em_t *e = t->e;
	unsigned lw = t->lw, K = c->sm_schedulers;
	int paired = rm_paired(c);
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
	int paired = rm_paired(c);
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
	rg_conn(e, "kext_i", "kext_q");
	if (!paired)
		rg_conn(e, "ksrp_i", "ksrp_q");
	rg_conn(e, "status_i", "srp_status");
	if (!paired)
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

const rg_part_t rg_part_srp_xlate = {
	.name = "regmutex", .slot = RG_LOCATE, .active = rm_on, .fit_width = rm_width, .consts = rm_consts,
	.launch = rm_launch, .locate = xlate_locate, .status = xlate_status,
};
