/* test_gen.c - CUnit suite "generator": rtl_gen as a user runs it (the binary named by $RTL_GEN,
 * the repository at $RF_ROOT): determinism, generated/ in sync, the storage report, and what bad
 * input gets (exit status, message, nothing written). */
#include <CUnit/Basic.h>
#include <glob.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test_util.h"

static char tmpdir[256];

static const char *gen(void)
{
	const char *g = getenv("RTL_GEN");
	return g ? g : "build/bin/rtl_gen";
}

static const char *root(void)
{
	const char *r = getenv("RF_ROOT");
	return r ? r : ".";
}

/* Run a shell command; its output (stdout and stderr) into out (may be NULL); returns exit status. */
static int run(char *out, size_t outsz, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int run(char *out, size_t outsz, const char *fmt, ...)
{
	char cmd[2048];
	va_list ap;
	FILE *p;
	size_t n = 0;
	int st;
	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	strncat(cmd, " 2>&1", sizeof(cmd) - strlen(cmd) - 1);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	if (out) {
		n = fread(out, 1, outsz - 1, p);
		out[n] = 0;
	}
	{ /* the rest unread: the command runs to its end (no broken pipe), its output past outsz lost */
		char sink[4096];
		while (fread(sink, 1, sizeof(sink), p) > 0)
			;
	}
	st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

static int suite_init(void)
{
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/rf_test_gen.XXXXXX");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int suite_clean(void)
{
	char cmd[300];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

static void test_gen_deterministic(void)
{
	CU_ASSERT(run(NULL, 0, "%s -c %s/rtl_gen/configs/fermi.ini -o %s/det_a", gen(), root(), tmpdir) == 0);
	CU_ASSERT(run(NULL, 0, "%s -c %s/rtl_gen/configs/fermi.ini -o %s/det_b", gen(), root(), tmpdir) == 0);
	CU_ASSERT(run(NULL, 0, "diff -r %s/det_a %s/det_b", tmpdir, tmpdir) == 0);
}

static void test_gen_generated_in_sync(void)
{
	glob_t g;
	char pat[512];
	size_t i;
	snprintf(pat, sizeof(pat), "%s/rtl_gen/configs/*.ini", root());
	CU_ASSERT_FATAL(glob(pat, 0, NULL, &g) == 0);
	CU_ASSERT(g.gl_pathc >= 3); /* fermi, small and a degenerate one at least */
	for (i = 0; i < g.gl_pathc; i++) {
		char name[128], *dot;
		const char *base = strrchr(g.gl_pathv[i], '/') + 1;
		snprintf(name, sizeof(name), "%s", base);
		dot = strrchr(name, '.');
		*dot = 0;
		CU_ASSERT(run(NULL, 0, "%s -c %s -o %s/sync_%s", gen(), g.gl_pathv[i], tmpdir, name) == 0);
		if (run(NULL, 0, "diff -r %s/sync_%s %s/generated/%s", tmpdir, name, root(), name) != 0) {
			fprintf(stderr, "generated/%s is out of date: run make gen\n", name);
			CU_FAIL("generated/ out of sync");
		}
	}
	globfree(&g);
}

static void test_gen_report_fermi_storage(void)
{
	char out[8192];
	CU_ASSERT_FATAL(run(out, sizeof(out), "%s -c %s/rtl_gen/configs/fermi.ini --report", gen(), root()) == 0);
	/* 128 KB: 4 banks x 256 entries x 32 lanes x 32 bits */
	CU_ASSERT(strstr(out, "register file banks") != NULL);
	CU_ASSERT(strstr(out, "1048576     131072  banks x entries x lanes x lane_bits = 4 x 256 x 32 x 32") != NULL);
	/* 4 collectors x 3 operands x 1024 bits */
	CU_ASSERT(strstr(out, "12288       1536  collectors x operands") != NULL);
}

/* Split one CSV record (RFC 4180) into at most max fields of fsz bytes; returns the count. */
static unsigned csv_split(const char *l, char f[][128], unsigned max)
{
	unsigned n = 0, k = 0;
	int q = 0;
	for (; *l && *l != '\n'; l++) {
		if (q && *l == '"' && l[1] == '"')
			f[n][k < 127 ? k++ : k] = *l++;
		else if (*l == '"')
			q = !q;
		else if (!q && *l == ',') {
			f[n][k] = 0;
			if (++n == max)
				return n;
			k = 0;
		} else if (k < 127)
			f[n][k++] = *l;
	}
	f[n][k] = 0;
	return n + 1;
}

/* inventory.csv: six fields in every record, a structure name with a comma quoted (it split the
 * datasheet's storage table before), and the datasheet's reader (synth/csv2tsv.awk) agrees. */
static void test_gen_inventory_csv_quoted(void)
{
	static const char *const cfgs[] = {"small_regmutex", "small_virt"};
	char line[1024], f[8][128], out[256];
	unsigned i, rows, comma_rows = 0;
	for (i = 0; i < 2; i++) {
		char path[512];
		FILE *in;
		CU_ASSERT_FATAL(run(NULL, 0, "%s -c %s/rtl_gen/configs/%s.ini -o %s/csv_%s", gen(), root(), cfgs[i],
				    tmpdir, cfgs[i]) == 0);
		snprintf(path, sizeof(path), "%s/csv_%s/inventory.csv", tmpdir, cfgs[i]);
		in = fopen(path, "r");
		CU_ASSERT_FATAL(in != NULL);
		for (rows = 0; fgets(line, sizeof(line), in); rows++) {
			CU_ASSERT(csv_split(line, f, 8) == 6);
			comma_rows += strchr(f[0], ',') != NULL;
		}
		fclose(in);
		CU_ASSERT(rows > 5);
		CU_ASSERT(run(out, sizeof(out), "awk -f %s/synth/csv2tsv.awk %s | awk -F'\\t' 'NF != 6'", root(), path) == 0);
		CU_ASSERT_STRING_EQUAL(out, "");
	}
	CU_ASSERT(comma_rows >= 2); /* "RegMutex kernel sets, offset", "release flag cache tags, valid", ... */
}

static void test_gen_files_carry_banner_and_config(void)
{
	glob_t g;
	char pat[512], line[256];
	size_t i;
	snprintf(pat, sizeof(pat), "%s/generated/fermi/*.sv", root());
	CU_ASSERT_FATAL(glob(pat, 0, NULL, &g) == 0);
	{ /* every base block, no technique block */
		unsigned b, nbase = 0;
		for (b = 0; b < rfm_block_count; b++)
			nbase += !strcmp(rfm_blocks[b].feature, "base");
		CU_ASSERT(g.gl_pathc == nbase);
	}
	for (i = 0; i < g.gl_pathc; i++) {
		FILE *f = fopen(g.gl_pathv[i], "r");
		CU_ASSERT_FATAL(f != NULL);
		CU_ASSERT(fgets(line, sizeof(line), f) && !strncmp(line, "// Code generated by rtl_gen from config 'fermi'", 48));
		fclose(f);
	}
	globfree(&g);
}

static void test_gen_bad_config_exit_2_nothing_written(void)
{
	char path[512], out[4096];
	FILE *f;
	snprintf(path, sizeof(path), "%s/bad.ini", tmpdir);
	f = fopen(path, "w");
	CU_ASSERT_FATAL(f != NULL);
	fputs("[rf]\nbanks = 2\nlanes = 0\n", f);
	fclose(f);
	CU_ASSERT(run(out, sizeof(out), "%s -c %s -o %s/bad_out", gen(), path, tmpdir) == 2);
	CU_ASSERT(strstr(out, "bad.ini:3: rf.lanes = 0") != NULL);
	CU_ASSERT(strstr(out, "(legal: 1..64)") != NULL);
	snprintf(path, sizeof(path), "%s/bad_out", tmpdir);
	CU_ASSERT(!exists(path));
}

static void test_gen_bad_override_exit_2(void)
{
	char out[4096];
	CU_ASSERT(run(out, sizeof(out), "%s -c %s/rtl_gen/configs/small.ini -s rf.banks=0 -o %s/ovr", gen(), root(),
		      tmpdir) == 2);
	CU_ASSERT(strstr(out, "rf.banks = 0") != NULL);
	CU_ASSERT(run(out, sizeof(out), "%s -c %s/rtl_gen/configs/small.ini -s nosuch.key=1 --report", gen(), root()) == 2);
	CU_ASSERT(run(out, sizeof(out), "%s --bogus", gen()) == 2);
	CU_ASSERT(run(out, sizeof(out), "%s -c %s/rtl_gen/configs/small.ini", gen(), root()) == 2); /* no -o */
}

/* A key that does nothing: a warning and a normal run; with --strict, exit 2 and nothing written. */
static void test_gen_idle_key_warns_strict_refuses(void)
{
	char out[4096], path[512];
	CU_ASSERT(run(out, sizeof(out), "%s -c %s/rtl_gen/configs/small.ini -s coalescing.zero_gating=dynamic -o %s/idle",
		      gen(), root(), tmpdir) == 0);
	CU_ASSERT(strstr(out, "-s[1]: warning: coalescing.zero_gating = dynamic does nothing: coalescing.enable = off") !=
		  NULL);
	snprintf(path, sizeof(path), "%s/idle/rf_top.sv", tmpdir);
	CU_ASSERT(exists(path));
	CU_ASSERT(run(out, sizeof(out), "%s -c %s/rtl_gen/configs/small.ini -s coalescing.zero_gating=dynamic --strict -o "
		      "%s/idle_strict", gen(), root(), tmpdir) == 2);
	CU_ASSERT(strstr(out, "rtl_gen: --strict: 1 key(s) above do nothing; nothing written") != NULL);
	snprintf(path, sizeof(path), "%s/idle_strict", tmpdir);
	CU_ASSERT(!exists(path));
	/* the named configs have no such key */
	CU_ASSERT(run(out, sizeof(out), "for f in %s/rtl_gen/configs/*.ini; do %s -c $f --strict --report >/dev/null || "
		      "exit 1; done", root(), gen()) == 0);
}

static void test_gen_io_errors_exit_1(void)
{
	char out[4096];
	CU_ASSERT(run(out, sizeof(out), "%s -c %s/nonexistent.ini --report", gen(), tmpdir) == 1);
	CU_ASSERT(strstr(out, "nonexistent.ini") != NULL);
	CU_ASSERT(run(out, sizeof(out), "%s -c %s/rtl_gen/configs/small.ini -o /proc/rf_no_such_dir/out", gen(), root()) == 1);
	CU_ASSERT(strstr(out, "cannot write") != NULL);
}

static void test_gen_failed_run_keeps_old_output(void)
{
	char path[512], out[8192];
	CU_ASSERT_FATAL(run(NULL, 0, "%s -c %s/rtl_gen/configs/small.ini -o %s/keep", gen(), root(), tmpdir) == 0);
	CU_ASSERT(run(out, sizeof(out), "%s -c %s/rtl_gen/configs/small.ini -s sm.collectors=1 -o %s/keep", gen(), root(),
		      tmpdir) == 2); /* 2 schedulers need 2 collectors */
	CU_ASSERT(run(NULL, 0, "diff -r %s/keep %s/generated/small", tmpdir, root()) == 0);
	/* a valid FineReg config: reported, and rf_top generated with the register management unit; with
	 * the coalescing back end it is refused and nothing is written */
	static const char fr[] = "-s finereg.enable=on -s finereg.acrf_regs=16 -s finereg.pcrf_regs=16 "
				 "-s finereg.kernel_warps=2 -s finereg.kernel_regs=4 -s finereg.beat_bytes=4";
	CU_ASSERT(run(out, sizeof(out), "%s -c %s/rtl_gen/configs/small.ini %s --report", gen(), root(), fr) == 0);
	CU_ASSERT(strstr(out, "FineReg storage beside the paper's section V-F") != NULL);
	CU_ASSERT(run(out, sizeof(out), "%s -c %s/rtl_gen/configs/small.ini %s -s coalescing.enable=on -o %s/keep", gen(),
		      root(), fr, tmpdir) == 2);
	CU_ASSERT(strstr(out, "coalescing.enable = on: FineReg's engine moves registers") != NULL);
	CU_ASSERT(run(NULL, 0, "diff -r %s/keep %s/generated/small", tmpdir, root()) == 0);
	CU_ASSERT(run(out, sizeof(out), "%s -c %s/rtl_gen/configs/small.ini %s -o %s/fr", gen(), root(), fr, tmpdir) == 0);
	CU_ASSERT(run(NULL, 0, "grep -q 'rf_fr_ctl u_fr (' %s/fr/rf_top.sv && tail -1 %s/fr/files.f | grep -qx rf_top.sv",
		      tmpdir, tmpdir) == 0);
	/* one block of it alone: the block, the blocks before it, files.f and config.ini */
	CU_ASSERT(run(out, sizeof(out), "%s -c %s/rtl_gen/configs/small.ini %s --block rf_fr_lrc -o %s/block", gen(), root(),
		      fr, tmpdir) == 0);
	CU_ASSERT(run(NULL, 0, "tail -1 %s/block/files.f | grep -qx rf_fr_lrc.sv && test -f %s/block/rf_fr_lrc.sv && "
			       "test -f %s/block/cosim/rf_fr_lrc_glue.h && test -f %s/block/config.ini && "
			       "test ! -e %s/block/rf_top.sv && test ! -e %s/block/inventory.csv", tmpdir, tmpdir, tmpdir,
		      tmpdir, tmpdir, tmpdir) == 0);
	CU_ASSERT(run(out, sizeof(out), "%s -c %s/rtl_gen/configs/small.ini %s --block rf_top -o %s/block3", gen(), root(),
		      fr, tmpdir) == 0);
	CU_ASSERT(run(out, sizeof(out), "%s -c %s/rtl_gen/configs/small.ini %s --block rf_nope -o %s/block2", gen(), root(),
		      fr, tmpdir) == 2);
	CU_ASSERT(strstr(out, "--block rf_nope: not a block of config 'small' (legal: rf_sram|rf_bank|rf_map|rf_bank_arbiter|"
			      "rf_xbar|rf_collector|rf_fr_lrc|rf_fr_free|rf_fr_tags|"
			      "rf_fr_status|rf_fr_ptr|rf_fr_dec|rf_fr_live|rf_fr_zero|rf_fr_slot|rf_fr_pcrf|"
			      "rf_fr_port|rf_fr_eng|rf_fr_ctl|rf_top); nothing written") != NULL);
	CU_ASSERT(run(out, sizeof(out), "%s -c %s/rtl_gen/configs/small.ini --block rf_fr_lrc -o %s/block2", gen(), root(),
		      tmpdir) == 2); /* FineReg off: not a block of small */
	snprintf(path, sizeof(path), "%s/block2", tmpdir);
	CU_ASSERT(!exists(path));
	snprintf(path, sizeof(path), "%s/keep.tmp", tmpdir);
	CU_ASSERT(!exists(path));
}

static void test_gen_list_params_names_every_key(void)
{
	char out[16384], key[64];
	unsigned k;
	CU_ASSERT_FATAL(run(out, sizeof(out), "%s --list-params", gen()) == 0);
	for (k = 0; k < RFM_K_COUNT; k++) {
		snprintf(key, sizeof(key), "%s.%s ", rfm_params[k].section, rfm_params[k].key);
		CU_ASSERT(strstr(out, key) != NULL);
	}
}

int test_gen_register(void)
{
	CU_pSuite s = CU_add_suite("generator", suite_init, suite_clean);
	if (!s)
		return -1;
	if (!CU_add_test(s, "test_gen_deterministic", test_gen_deterministic) ||
	    !CU_add_test(s, "test_gen_generated_in_sync", test_gen_generated_in_sync) ||
	    !CU_add_test(s, "test_gen_report_fermi_storage", test_gen_report_fermi_storage) ||
	    !CU_add_test(s, "test_gen_inventory_csv_quoted", test_gen_inventory_csv_quoted) ||
	    !CU_add_test(s, "test_gen_files_carry_banner_and_config", test_gen_files_carry_banner_and_config) ||
	    !CU_add_test(s, "test_gen_bad_config_exit_2_nothing_written", test_gen_bad_config_exit_2_nothing_written) ||
	    !CU_add_test(s, "test_gen_bad_override_exit_2", test_gen_bad_override_exit_2) ||
	    !CU_add_test(s, "test_gen_idle_key_warns_strict_refuses", test_gen_idle_key_warns_strict_refuses) ||
	    !CU_add_test(s, "test_gen_io_errors_exit_1", test_gen_io_errors_exit_1) ||
	    !CU_add_test(s, "test_gen_failed_run_keeps_old_output", test_gen_failed_run_keeps_old_output) ||
	    !CU_add_test(s, "test_gen_list_params_names_every_key", test_gen_list_params_names_every_key))
		return -1;
	return 0;
}
