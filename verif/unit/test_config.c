/* test_config.c - CUnit suite "config": schema, parser messages, overrides, cross-field rules,
 * derived values, echo round-trip, hash and rfm_launch_fits (cmodel/config.c).
 *
 * Messages are captured with open_memstream and checked by substring, always including the
 * "file:line:" location and the "(legal: ...)" tail. File-based tests write small.ini into a
 * temporary directory made by the suite's init function.
 */
#define _POSIX_C_SOURCE 200809L

#include <CUnit/Basic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rfm_block.h"
#include "rfm_config.h"
#include "rfm_inventory.h"
#include "rfm_techniques.h"

/* Register the suite "config"; 0 on success, -1 on a CUnit error. */
int test_config_register(void);

/* Temporary directory of the suite (made in suite_init, removed in suite_clean). */
static char tmp_dir[64];

/* Path of the INI file the file-based tests write: tmp_dir/small.ini. */
static char tmp_ini[128];

/* The fermi config of the brief. */
static const char fermi_ini[] = "[rf]\n"
				"lanes = 32\n"
				"lane_bits = 32\n"
				"banks = 4\n"
				"entries = 256\n"
				"subbanks = 4\n"
				"read_ports = 1\n"
				"write_ports = 1\n"
				"[sm]\n"
				"warps = 48\n"
				"regs_per_thread = 63\n"
				"schedulers = 2\n"
				"collectors = 4\n"
				"operands = 3\n";

/* Assert that text msg contains want; print both when it does not. */
#define ASSERT_HAS(msg, want)                                                                      \
	do {                                                                                       \
		const char *m_ = (msg);                                                            \
		int found_ = m_ && strstr(m_, (want)) != NULL;                                     \
		if (!found_)                                                                       \
			fprintf(stderr, "\n  missing: %s\n  in: %s\n", (want), m_ ? m_ : "(null)"); \
		CU_ASSERT(found_);                                                                 \
	} while (0)

/* Make the temporary directory. */
static int suite_init(void)
{
	snprintf(tmp_dir, sizeof(tmp_dir), "/tmp/rfm_test_config_XXXXXX");
	if (!mkdtemp(tmp_dir))
		return -1;
	snprintf(tmp_ini, sizeof(tmp_ini), "%s/small.ini", tmp_dir);
	return 0;
}

/* Remove the temporary directory. */
static int suite_clean(void)
{
	unlink(tmp_ini);
	return rmdir(tmp_dir) == 0 ? 0 : -1;
}

/* Number of lines (messages) in msg. */
static unsigned count_lines(const char *msg)
{
	unsigned n = 0;
	for (; msg && *msg; msg++)
		n += *msg == '\n';
	return n;
}

/* Load len bytes of INI text named "small.ini"; *msg gets the messages (free it). */
static rfm_status_t load_n(rfm_cfg_t *cfg, const char *text, size_t len, char **msg)
{
	size_t size = 0;
	FILE *err = open_memstream(msg, &size);
	rfm_status_t st;
	CU_ASSERT_PTR_NOT_NULL_FATAL(err);
	st = rfm_cfg_load_string(cfg, "small.ini", text, len, err);
	fclose(err);
	return st;
}

/* load_n of a NUL-terminated text. */
static rfm_status_t load_s(rfm_cfg_t *cfg, const char *text, char **msg)
{
	return load_n(cfg, text, strlen(text), msg);
}

/* Write text to tmp_ini (NULL: load no file) and rfm_cfg_load it with overrides; *msg as load_n. */
static rfm_status_t load_f(rfm_cfg_t *cfg, const char *text, const char *const *ov, unsigned n, char **msg)
{
	size_t size = 0;
	FILE *err, *f;
	rfm_status_t st;
	if (text) {
		f = fopen(tmp_ini, "w");
		CU_ASSERT_PTR_NOT_NULL_FATAL(f);
		fputs(text, f);
		fclose(f);
	}
	err = open_memstream(msg, &size);
	CU_ASSERT_PTR_NOT_NULL_FATAL(err);
	st = rfm_cfg_load(cfg, text ? tmp_ini : NULL, ov, n, err);
	fclose(err);
	return st;
}

/* Load text, expect RFM_EINVAL and exactly `lines` messages, one containing want. */
static void expect_error(const char *text, size_t len, unsigned lines, const char *want)
{
	rfm_cfg_t cfg;
	char *msg = NULL;
	CU_ASSERT_EQUAL(load_n(&cfg, text, len, &msg), RFM_EINVAL);
	CU_ASSERT_EQUAL(count_lines(msg), lines);
	ASSERT_HAS(msg, want);
	free(msg);
}

/* expect_error of a NUL-terminated text with one message. */
static void expect_one(const char *text, const char *want) { expect_error(text, strlen(text), 1, want); }

/* 1 when every key and every derived value of a and b are equal. */
static int cfg_equal(const rfm_cfg_t *a, const rfm_cfg_t *b)
{
	int k;
	for (k = 0; k < RFM_K_COUNT; k++)
		if (rfm_cfg_get(a, (rfm_key_t)k) != rfm_cfg_get(b, (rfm_key_t)k))
			return 0;
#define SAME(f) (a->d.f == b->d.f)
	return SAME(wreg_bits) && SAME(sb_lanes) && SAME(sb_bits) && SAME(bank_w) && SAME(entry_w) &&
	       SAME(warp_w) && SAME(reg_w) && SAME(nwarps_w) && SAME(nregs_w) && SAME(nq) && SAME(q_w) &&
	       SAME(rport_w) && SAME(src_n) && SAME(src_w) && SAME(cu_w) && SAME(nq_cnt_w) && SAME(rf_bits) &&
	       SAME(rf_bytes) && SAME(warp_regs);
#undef SAME
}

/* Echo cfg with prefix into a malloc'd string (free it). */
static char *echo_str(const rfm_cfg_t *cfg, const char *prefix)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&buf, &size);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	rfm_cfg_echo(cfg, f, prefix);
	fclose(f);
	return buf;
}

/* The schema table mirrors RFM_SCHEMA and the enum lists are NULL-terminated. */
static void test_config_schema_table(void)
{
	int k;
	CU_ASSERT_EQUAL(RFM_K_COUNT, 63);
	CU_ASSERT_STRING_EQUAL(rfm_params[RFM_K_rf_lanes].section, "rf");
	CU_ASSERT_STRING_EQUAL(rfm_params[RFM_K_rf_lanes].key, "lanes");
	CU_ASSERT_EQUAL(rfm_params[RFM_K_rf_lanes].min, 1);
	CU_ASSERT_EQUAL(rfm_params[RFM_K_rf_lanes].max, 64);
	CU_ASSERT_STRING_EQUAL(rfm_params[RFM_K_target_kind].section, "target");
	CU_ASSERT_EQUAL(rfm_params[RFM_K_mapping_layout].type, RFM_T_ENUM);
	CU_ASSERT_PTR_EQUAL(rfm_params[RFM_K_mapping_layout].names, rfm_enum_layout);
	CU_ASSERT_STRING_EQUAL(rfm_enum_layout[1], "wshift");
	CU_ASSERT_PTR_NULL(rfm_enum_layout[2]);
	CU_ASSERT_STRING_EQUAL(rfm_enum_target[2], "asic");
	CU_ASSERT_PTR_NULL(rfm_enum_target[3]);
	CU_ASSERT_STRING_EQUAL(rfm_enum_wconf[1], "entry");
	CU_ASSERT_PTR_NULL(rfm_enum_wconf[2]);
	for (k = 0; k < RFM_K_COUNT; k++) {
		const rfm_param_t *p = &rfm_params[k];
		CU_ASSERT(p->min <= p->def && p->def <= p->max);
		CU_ASSERT(p->help && p->help[0]);
		if (p->type == RFM_T_ENUM) {
			unsigned n = 0;
			CU_ASSERT_PTR_NOT_NULL_FATAL(p->names);
			while (p->names[n])
				n++;
			CU_ASSERT_EQUAL(p->min, 0);
			CU_ASSERT_EQUAL(p->max, n - 1);
		} else {
			CU_ASSERT_PTR_NULL(p->names);
		}
	}
}

/* rfm_cfg_defaults gives every schema default, no origins, name "default", and is valid. */
static void test_config_defaults_match_schema(void)
{
	rfm_cfg_t cfg;
	int k;
	memset(&cfg, 0xa5, sizeof(cfg));
	rfm_cfg_defaults(&cfg);
	for (k = 0; k < RFM_K_COUNT; k++) {
		CU_ASSERT_EQUAL(rfm_cfg_get(&cfg, (rfm_key_t)k), rfm_params[k].def);
		CU_ASSERT_PTR_NULL(cfg.origin[k].file);
		CU_ASSERT_EQUAL(cfg.origin[k].line, 0);
	}
	CU_ASSERT_EQUAL(cfg.rf_lanes, 32);
	CU_ASSERT_EQUAL(cfg.mapping_layout, RFM_LAYOUT_WSHIFT);
	CU_ASSERT_EQUAL(cfg.target_kind, RFM_TARGET_GENERIC);
	CU_ASSERT_STRING_EQUAL(cfg.name, "default");
	CU_ASSERT_STRING_EQUAL(cfg.path, "");
	CU_ASSERT_EQUAL(rfm_cfg_validate(&cfg, NULL), RFM_OK);
}

/* The derived values of the fermi config. */
static void test_config_derived_fermi(void)
{
	rfm_cfg_t cfg;
	char *msg = NULL;
	CU_ASSERT_EQUAL(load_s(&cfg, fermi_ini, &msg), RFM_OK);
	CU_ASSERT_STRING_EQUAL(msg, "");
	CU_ASSERT_EQUAL(cfg.d.wreg_bits, 1024);
	CU_ASSERT_EQUAL(cfg.d.sb_lanes, 8);
	CU_ASSERT_EQUAL(cfg.d.sb_bits, 256);
	CU_ASSERT_EQUAL(cfg.d.bank_w, 2);
	CU_ASSERT_EQUAL(cfg.d.entry_w, 8);
	CU_ASSERT_EQUAL(cfg.d.warp_w, 6);
	CU_ASSERT_EQUAL(cfg.d.reg_w, 6);
	CU_ASSERT_EQUAL(cfg.d.nwarps_w, 6);
	CU_ASSERT_EQUAL(cfg.d.nregs_w, 6);
	CU_ASSERT_EQUAL(cfg.d.nq, 12);
	CU_ASSERT_EQUAL(cfg.d.q_w, 4);
	CU_ASSERT_EQUAL(cfg.d.rport_w, 1);
	CU_ASSERT_EQUAL(cfg.d.src_n, 4);
	CU_ASSERT_EQUAL(cfg.d.src_w, 2);
	CU_ASSERT_EQUAL(cfg.d.cu_w, 2);
	CU_ASSERT_EQUAL(cfg.d.nq_cnt_w, 4);
	CU_ASSERT_EQUAL(cfg.d.rf_bits, 1048576);
	CU_ASSERT_EQUAL(cfg.d.rf_bytes, 131072);
	CU_ASSERT_EQUAL(cfg.d.warp_regs, 1024);
	free(msg);
}

/* Derived values of a config with odd, non-power-of-two and degenerate sizes. */
static void test_config_derived_odd_sizes(void)
{
	static const char ini[] = "[rf]\nlanes = 6\nlane_bits = 5\nbanks = 3\nentries = 5\nsubbanks = 3\n"
				  "read_ports = 2\n[sm]\nwarps = 1\nregs_per_thread = 1\nschedulers = 1\n"
				  "collectors = 1\noperands = 1\n[mapping]\nlayout = wid\n";
	rfm_cfg_t cfg;
	char *msg = NULL;
	CU_ASSERT_EQUAL(load_s(&cfg, ini, &msg), RFM_OK);
	CU_ASSERT_STRING_EQUAL(msg, "");
	CU_ASSERT_EQUAL(cfg.d.wreg_bits, 30);
	CU_ASSERT_EQUAL(cfg.d.sb_lanes, 2);
	CU_ASSERT_EQUAL(cfg.d.sb_bits, 10);
	CU_ASSERT_EQUAL(cfg.d.bank_w, 2);
	CU_ASSERT_EQUAL(cfg.d.entry_w, 3);
	CU_ASSERT_EQUAL(cfg.d.warp_w, 1);
	CU_ASSERT_EQUAL(cfg.d.reg_w, 1);
	CU_ASSERT_EQUAL(cfg.d.nwarps_w, 1);
	CU_ASSERT_EQUAL(cfg.d.nregs_w, 1);
	CU_ASSERT_EQUAL(cfg.d.nq, 1);
	CU_ASSERT_EQUAL(cfg.d.q_w, 1);
	CU_ASSERT_EQUAL(cfg.d.rport_w, 1);
	CU_ASSERT_EQUAL(cfg.d.src_n, 6);
	CU_ASSERT_EQUAL(cfg.d.src_w, 3);
	CU_ASSERT_EQUAL(cfg.d.cu_w, 1);
	CU_ASSERT_EQUAL(cfg.d.nq_cnt_w, 1);
	CU_ASSERT_EQUAL(cfg.d.rf_bits, 450);
	CU_ASSERT_EQUAL(cfg.d.rf_bytes, 57);
	CU_ASSERT_EQUAL(cfg.d.warp_regs, 15);
	free(msg);
}

/* Empty text, blank lines and comments give the defaults. */
static void test_config_empty_text_gives_defaults(void)
{
	rfm_cfg_t cfg, def;
	char *msg = NULL;
	rfm_cfg_defaults(&def);
	CU_ASSERT_EQUAL(load_s(&cfg, "", &msg), RFM_OK);
	CU_ASSERT_STRING_EQUAL(msg, "");
	CU_ASSERT(cfg_equal(&cfg, &def));
	free(msg);
	CU_ASSERT_EQUAL(load_s(&cfg, "\n\n; nothing\n# here\n[rf]\n\n", &msg), RFM_OK);
	CU_ASSERT_STRING_EQUAL(msg, "");
	CU_ASSERT(cfg_equal(&cfg, &def));
	free(msg);
	CU_ASSERT_EQUAL(rfm_cfg_load_string(&cfg, NULL, NULL, 0, NULL), RFM_OK);
	CU_ASSERT(cfg_equal(&cfg, &def));
}

/* cfg->name is the base name without .ini, cfg->path the path as given; origins point at path. */
static void test_config_names_from_path(void)
{
	rfm_cfg_t cfg;
	char *msg = NULL;
	CU_ASSERT_EQUAL(load_f(&cfg, "[rf]\nlanes = 16\n", NULL, 0, &msg), RFM_OK);
	CU_ASSERT_STRING_EQUAL(cfg.name, "small");
	CU_ASSERT_STRING_EQUAL(cfg.path, tmp_ini);
	CU_ASSERT_EQUAL(cfg.rf_lanes, 16);
	CU_ASSERT_PTR_NOT_NULL(cfg.origin[RFM_K_rf_lanes].file);
	CU_ASSERT_STRING_EQUAL(cfg.origin[RFM_K_rf_lanes].file, tmp_ini);
	CU_ASSERT_EQUAL(cfg.origin[RFM_K_rf_lanes].line, 2);
	CU_ASSERT_PTR_NULL(cfg.origin[RFM_K_rf_banks].file);
	free(msg);
	CU_ASSERT_EQUAL(load_f(&cfg, NULL, NULL, 0, &msg), RFM_OK);
	CU_ASSERT_STRING_EQUAL(cfg.name, "default");
	CU_ASSERT_STRING_EQUAL(cfg.path, "");
	free(msg);
	CU_ASSERT_EQUAL(rfm_cfg_load_string(&cfg, "configs/fermi.ini", "", 0, NULL), RFM_OK);
	CU_ASSERT_STRING_EQUAL(cfg.name, "fermi");
	CU_ASSERT_STRING_EQUAL(cfg.path, "configs/fermi.ini");
	CU_ASSERT_EQUAL(rfm_cfg_load_string(&cfg, "a/b/tiny", "", 0, NULL), RFM_OK);
	CU_ASSERT_STRING_EQUAL(cfg.name, "tiny");
}

/* A file that does not exist gives RFM_EIO and "path: cannot open: reason". */
static void test_config_missing_file_eio(void)
{
	rfm_cfg_t cfg;
	char *msg = NULL, path[160];
	size_t size = 0;
	FILE *err = open_memstream(&msg, &size);
	CU_ASSERT_PTR_NOT_NULL_FATAL(err);
	snprintf(path, sizeof(path), "%s/nope.ini", tmp_dir);
	CU_ASSERT_EQUAL(rfm_cfg_load(&cfg, path, NULL, 0, err), RFM_EIO);
	fclose(err);
	ASSERT_HAS(msg, ": cannot open: No such file or directory\n");
	ASSERT_HAS(msg, "/nope.ini: cannot open");
	CU_ASSERT_EQUAL(count_lines(msg), 1);
	free(msg);
}

/* A directory opens but cannot be read: RFM_EIO and "path: read error: ...". */
static void test_config_directory_eio(void)
{
	rfm_cfg_t cfg;
	char *msg = NULL;
	size_t size = 0;
	FILE *err = open_memstream(&msg, &size);
	rfm_status_t st;
	CU_ASSERT_PTR_NOT_NULL_FATAL(err);
	st = rfm_cfg_load(&cfg, tmp_dir, NULL, 0, err);
	fclose(err);
	CU_ASSERT_EQUAL(st, RFM_EIO);
	CU_ASSERT_EQUAL(count_lines(msg), 1);
	free(msg);
}

/* What the parser accepts: ':' separator, inline ';' comments, '#' and ';' lines, CRLF, BOM,
 * indentation, hex, leading zeros (decimal), enum names. */
static void test_config_accepted_syntax(void)
{
	static const char ini[] = "\xef\xbb\xbf[rf]\r\n"
				  "lanes: 16 ; sixteen lanes\r\n"
				  "  banks = 0x2\r\n"
				  "\tentries = 0100\r\n"
				  "# hash comment\r\n"
				  "   ; indented comment\r\n"
				  "lane_bits=0X1f\r\n"
				  "[mapping] ; the mapping\r\n"
				  "layout\t=\twid\r\n"
				  "[target]\n"
				  "kind = asic\n"
				  "[rf]\n"
				  "write_conflict = entry";
	rfm_cfg_t cfg;
	char *msg = NULL;
	CU_ASSERT_EQUAL(load_s(&cfg, ini, &msg), RFM_OK);
	CU_ASSERT_STRING_EQUAL(msg, "");
	CU_ASSERT_EQUAL(cfg.rf_lanes, 16);
	CU_ASSERT_EQUAL(cfg.rf_banks, 2);
	CU_ASSERT_EQUAL(cfg.rf_entries, 100);
	CU_ASSERT_EQUAL(cfg.rf_lane_bits, 31);
	CU_ASSERT_EQUAL(cfg.mapping_layout, RFM_LAYOUT_WID);
	CU_ASSERT_EQUAL(cfg.target_kind, RFM_TARGET_ASIC);
	CU_ASSERT_EQUAL(cfg.rf_write_conflict, RFM_WCONF_ENTRY);
	CU_ASSERT_EQUAL(cfg.origin[RFM_K_rf_write_conflict].line, 13);
	CU_ASSERT_EQUAL(cfg.origin[RFM_K_rf_entries].line, 4);
	free(msg);
	/* indented key after a key is a key, not inih's continuation of the previous value */
	CU_ASSERT_EQUAL(load_s(&cfg, "[rf]\nlanes = 8\n    banks = 2\n", &msg), RFM_OK);
	CU_ASSERT_STRING_EQUAL(msg, "");
	CU_ASSERT_EQUAL(cfg.rf_lanes, 8);
	CU_ASSERT_EQUAL(cfg.rf_banks, 2);
	free(msg);
}

/* [foo]: unknown section, reported once at the header with the legal sections; its keys are skipped. */
static void test_config_err_unknown_section(void)
{
	expect_one("[rf]\nlanes = 8\n[foo]\nlanes = 9\nx = y\n",
		   "small.ini:3: [foo]: unknown section (legal: rf|sm|mapping|stats|target|regmutex|virtualization|coalescing|hold|edram|finereg)\n");
	expect_one("[ rf ]\nlanes = 8\n", "small.ini:1: [ rf ]: unknown section (legal: rf|sm|mapping|stats|target|regmutex|virtualization|coalescing|hold|edram|finereg)\n");
	expect_one("[]\n", "small.ini:1: []: unknown section (legal: rf|sm|mapping|stats|target|regmutex|virtualization|coalescing|hold|edram|finereg)\n");
}

/* An unknown key lists the keys of its section. */
static void test_config_err_unknown_key(void)
{
	expect_one("[rf]\nlanes = 8\nlanez = 4\n",
		   "small.ini:3: rf.lanez = 4: unknown key (legal: lanes|lane_bits|banks|entries|subbanks|"
		   "read_ports|write_ports|write_conflict)\n");
	expect_one("[sm]\n\nLanes = 4\n", "small.ini:3: sm.Lanes = 4: unknown key (legal: warps|regs_per_thread|"
					    "schedulers|collectors|operands|tag_bits)\n");
	expect_one("[stats]\n= 4\n", "small.ini:2: stats. = 4: missing key name (legal: counter_bits)\n");
}

/* A key before any section header. */
static void test_config_err_key_before_section(void)
{
	expect_one("lanes = 4\n[rf]\n", "small.ini:1: lanes = 4: key before any [section] header "
					 "(legal: rf|sm|mapping|stats|target|regmutex|virtualization|coalescing|hold|edram|finereg)\n");
}

/* A duplicate key names the line of the first setting; the first value stays. */
static void test_config_err_duplicate_key(void)
{
	rfm_cfg_t cfg;
	char *msg = NULL;
	CU_ASSERT_EQUAL(load_s(&cfg, "[rf]\nlanes = 16\n\n[sm]\n[rf]\nlanes = 8\n", &msg), RFM_EINVAL);
	ASSERT_HAS(msg, "small.ini:6: rf.lanes = 8: duplicate key, first set at line 2 (legal: 1..64)\n");
	CU_ASSERT_EQUAL(count_lines(msg), 1);
	CU_ASSERT_EQUAL(cfg.rf_lanes, 16);
	free(msg);
	/* a rejected first value still counts as the first setting */
	expect_error("[rf]\nlanes = x\nlanes = 8\n", 25, 2, "small.ini:3: rf.lanes = 8: duplicate key, first set at line 2");
}

/* A value that is not a number. */
static void test_config_err_not_a_number(void)
{
	expect_one("[rf]\nlanes = abc\n", "small.ini:2: rf.lanes = abc: not a number (legal: 1..64)\n");
	expect_one("[rf]\nlanes = 0x\n", "small.ini:2: rf.lanes = 0x: not a number (legal: 1..64)\n");
	expect_one("[rf]\nlanes = +4\n", "small.ini:2: rf.lanes = +4: not a number (legal: 1..64)\n");
	expect_one("[rf]\nlanes = 0xg\n", "small.ini:2: rf.lanes = 0xg: not a number (legal: 1..64)\n");
}

/* A number followed by junk: "4x", "4;x", "4 # x", "4 5". */
static void test_config_err_trailing_junk(void)
{
	expect_one("[rf]\nlanes = 4x\n", "small.ini:2: rf.lanes = 4x: trailing junk \"x\" after the number (legal: 1..64)\n");
	expect_one("[rf]\nlanes = 4;x\n", "small.ini:2: rf.lanes = 4;x: trailing junk \";x\" after the number (legal: 1..64)\n");
	expect_one("[rf]\nlanes = 4 # x\n",
		   "small.ini:2: rf.lanes = 4 # x: trailing junk \" # x\" after the number (legal: 1..64)\n");
	expect_one("[rf]\nbanks = 0x1g\n", "small.ini:2: rf.banks = 0x1g: trailing junk \"g\" after the number (legal: 1..32)\n");
	expect_one("[rf]\nbanks = 4 5\n", "small.ini:2: rf.banks = 4 5: trailing junk \" 5\" after the number (legal: 1..32)\n");
}

/* A negative count. */
static void test_config_err_negative(void)
{
	expect_one("[rf]\nentries = -1\n", "small.ini:2: rf.entries = -1: negative value (legal: 1..4096)\n");
	expect_one("[sm]\nwarps = -0x10\n", "small.ini:2: sm.warps = -0x10: negative value (legal: 1..64)\n");
}

/* An integer beyond 64 bits, and the largest 64-bit value (only out of range). */
static void test_config_err_too_big(void)
{
	expect_one("[rf]\nsubbanks = 99999999999999999999999\n",
		   "small.ini:2: rf.subbanks = 99999999999999999999999: integer does not fit in 64 bits (legal: 1..64)\n");
	expect_one("[rf]\nsubbanks = 0x10000000000000000\n",
		   "small.ini:2: rf.subbanks = 0x10000000000000000: integer does not fit in 64 bits (legal: 1..64)\n");
	expect_one("[rf]\nsubbanks = 18446744073709551615\n",
		   "small.ini:2: rf.subbanks = 18446744073709551615: out of range (legal: 1..64)\n");
	expect_one("[rf]\nsubbanks = 4294967297\n", "small.ini:2: rf.subbanks = 4294967297: out of range (legal: 1..64)\n");
}

/* Values outside [min, max]. */
static void test_config_err_out_of_range(void)
{
	expect_one("[rf]\n\n\n\n\n\nlanes = 0\n", "small.ini:7: rf.lanes = 0: out of range (legal: 1..64)\n");
	expect_one("[rf]\nlanes = 65\n", "small.ini:2: rf.lanes = 65: out of range (legal: 1..64)\n");
	expect_one("[stats]\ncounter_bits = 3\n", "small.ini:2: stats.counter_bits = 3: out of range (legal: 4..64)\n");
	expect_one("[sm]\noperands = 4\n", "small.ini:2: sm.operands = 4: out of range (legal: 1..3)\n");
}

/* An unknown enum name lists the names; names are case-sensitive and numbers are not names. */
static void test_config_err_unknown_enum(void)
{
	expect_one("[mapping]\nlayout = foo\n", "small.ini:2: mapping.layout = foo: unknown name (legal: wid|wshift)\n");
	expect_one("[mapping]\nlayout = WID\n", "small.ini:2: mapping.layout = WID: unknown name (legal: wid|wshift)\n");
	expect_one("[mapping]\nlayout = 1\n", "small.ini:2: mapping.layout = 1: unknown name (legal: wid|wshift)\n");
	expect_one("[target]\nkind = fpga\n", "small.ini:2: target.kind = fpga: unknown name (legal: generic|ice40|asic)\n");
	expect_one("[rf]\nwrite_conflict = row\n",
		   "small.ini:2: rf.write_conflict = row: unknown name (legal: bank|entry)\n");
}

/* An empty value, also one that is empty after an inline comment. */
static void test_config_err_empty_value(void)
{
	expect_one("[rf]\nlanes =\n", "small.ini:2: rf.lanes = \"\": empty value (legal: 1..64)\n");
	expect_one("[rf]\nlanes = ; none\n", "small.ini:2: rf.lanes = \"\": empty value (legal: 1..64)\n");
	expect_one("[mapping]\nlayout:\n", "small.ini:2: mapping.layout = \"\": empty value (legal: wid|wshift)\n");
}

/* Control bytes reject the whole line; other non-ASCII bytes are escaped in messages. */
static void test_config_err_binary_bytes(void)
{
	rfm_cfg_t cfg;
	char *msg = NULL;
	expect_one("[rf]\nlanes = \x01\x02\n", "small.ini:2: syntax error: control byte 0x01 in line (got \"lanes = \\x01\\x02\")\n");
	expect_one("[rf]\nlanes = 3\r4\n", "small.ini:2: syntax error: control byte 0x0d in line (got \"lanes = 3\\x0d4\")\n");
	expect_one("[rf]\nlanes = 4\x7f\n", "small.ini:2: syntax error: control byte 0x7f in line");
	expect_one("[rf]\nlanes = \xff\xfe\n", "small.ini:2: rf.lanes = \\xff\\xfe: not a number (legal: 1..64)\n");
	expect_one("[rf\x80]\n", "small.ini:1: [rf\\x80]: unknown section (legal: rf|sm|mapping|stats|target|regmutex|virtualization|coalescing|hold|edram|finereg)\n");
	/* a rejected header line: its keys are skipped, not blamed on the section before */
	expect_one("[sm]\n[rf]\x01\nlanes = 8\n", "small.ini:2: syntax error: control byte 0x01 in line");
	/* a rejected line never sets a value */
	CU_ASSERT_EQUAL(load_s(&cfg, "[rf]\nlanes = 8\x1b[0m\n", &msg), RFM_EINVAL);
	CU_ASSERT_EQUAL(cfg.rf_lanes, 32);
	CU_ASSERT_EQUAL(count_lines(msg), 1);
	free(msg);
	/* comments may hold UTF-8 */
	CU_ASSERT_EQUAL(load_s(&cfg, "; 1 \xc2\xb5s\n[rf]\n", &msg), RFM_OK);
	CU_ASSERT_STRING_EQUAL(msg, "");
	free(msg);
}

/* A NUL byte in the string variant rejects the line instead of cutting it short. */
static void test_config_err_nul_byte(void)
{
	static const char ini[] = "[rf]\nlanes = 3\0 2\nbanks = 2\n";
	rfm_cfg_t cfg;
	char *msg = NULL;
	CU_ASSERT_EQUAL(load_n(&cfg, ini, sizeof(ini) - 1, &msg), RFM_EINVAL);
	ASSERT_HAS(msg, "small.ini:2: syntax error: NUL byte in line (got \"lanes = 3\\x00 2\")\n");
	CU_ASSERT_EQUAL(count_lines(msg), 1);
	CU_ASSERT_EQUAL(cfg.rf_lanes, 32);
	CU_ASSERT_EQUAL(cfg.rf_banks, 2);
	free(msg);
}

/* A line that is neither a comment, a header nor key = value (inih's own syntax error). */
static void test_config_err_syntax_no_equals(void)
{
	expect_one("[rf]\nlanes 4\n",
		   "small.ini:2: syntax error: expected 'key = value', '[section]' or '; comment' (got \"lanes 4\")\n");
	expect_one("[rf]\nlanes ; = 4\n",
		   "small.ini:2: syntax error: expected 'key = value', '[section]' or '; comment' (got \"lanes ; = 4\")\n");
	/* every syntax error is reported, not only inih's first */
	expect_error("[rf]\nx\ny\nz\n", 11, 3, "small.ini:4: syntax error: expected 'key = value'");
}

/* Only one BOM, at the very start: a second one is an error, reported once (found by fuzzing). */
static void test_config_err_second_bom(void)
{
	expect_one("\xef\xbb\xbf\xef\xbb\xbf[rf]\nlanes = 8\n", /* the keys under it are skipped */
		   "small.ini:1: syntax error: second byte order mark (got \"\\xef\\xbb\\xbf[rf]\")\n");
	expect_one("[rf]\n\xef\xbb\xbflanes = 8\n",
		   "small.ini:2: rf.\\xef\\xbb\\xbflanes = 8: unknown key (legal: lanes|");
	expect_error("\xef\xbb\xbf\xef\xbb\xbf\t\n\xbb", 9, 2,
		     "small.ini:2: syntax error: expected 'key = value', '[section]' or '; comment' (got \"\\xbb\")\n");
}

/* Section headers: a missing ']' and text after ']'. */
static void test_config_err_section_brackets(void)
{
	/* the keys under a broken header are skipped, not blamed on the section before */
	expect_one("[sm]\n[rf\nlanes = 4\n", "small.ini:2: syntax error: '[' without ']' (got \"[rf\")\n");
	expect_one("[rf ;x]\n", "small.ini:1: syntax error: '[' without ']' (got \"[rf ;x]\")\n");
	expect_one("[rf] lanes = 4\n", "small.ini:1: syntax error: text after ']' (got \"[rf] lanes = 4\")\n");
}

/* Lines up to 199 bytes are read whole; longer lines are an error, never a truncated value. */
static void test_config_err_long_line(void)
{
	char line[400];
	rfm_cfg_t cfg;
	char *msg = NULL;
	size_t n;
	/* "[rf]\nlanes = 000...08\n" with a 199-byte second line */
	n = (size_t)snprintf(line, sizeof(line), "[rf]\nlanes = ");
	memset(line + n, '0', 199 - 8 - 1);
	n += 199 - 8 - 1;
	memcpy(line + n, "8\n", 3);
	CU_ASSERT_EQUAL(strlen(line), 5 + 199 + 1);
	CU_ASSERT_EQUAL(load_s(&cfg, line, &msg), RFM_OK);
	CU_ASSERT_STRING_EQUAL(msg, "");
	CU_ASSERT_EQUAL(cfg.rf_lanes, 8);
	free(msg);
	/* one byte more */
	memcpy(line + n, "08\n", 4);
	CU_ASSERT_EQUAL(load_s(&cfg, line, &msg), RFM_EINVAL);
	ASSERT_HAS(msg, "small.ini:2: syntax error: line is 200 bytes long (legal: at most 199) (got \"lanes = 000");
	CU_ASSERT_EQUAL(count_lines(msg), 1);
	CU_ASSERT_EQUAL(cfg.rf_lanes, 32);
	free(msg);
	/* a long line whose first 199 bytes would be a valid setting */
	memset(line, ' ', sizeof(line));
	memcpy(line, "[rf]\nlanes = 4", 14);
	memcpy(line + 300, "x\n[sm]\nwarps = 8\n", 18);
	CU_ASSERT_EQUAL(load_s(&cfg, line, &msg), RFM_EINVAL);
	ASSERT_HAS(msg, "small.ini:2: syntax error: line is 296 bytes long (legal: at most 199)");
	CU_ASSERT_EQUAL(count_lines(msg), 1);
	CU_ASSERT_EQUAL(cfg.rf_lanes, 32);
	CU_ASSERT_EQUAL(cfg.sm_warps, 8);
	free(msg);
}

/* All errors of a file are printed, each as one line, in file order, followed by rule violations. */
static void test_config_err_all_collected(void)
{
	static const char ini[] = "[rf]\nlanes = 0\nbanks = 4x\nentries = 99999999999999999999999\n"
				  "[sm]\nwarps = -1\nschedulers = 4\ncollectors = 2\n[mapping]\nlayout = foo\n";
	rfm_cfg_t cfg;
	char *msg = NULL;
	const char *a, *b;
	CU_ASSERT_EQUAL(load_s(&cfg, ini, &msg), RFM_EINVAL);
	CU_ASSERT_EQUAL(count_lines(msg), 6);
	ASSERT_HAS(msg, "small.ini:2: rf.lanes = 0: out of range (legal: 1..64)\n");
	ASSERT_HAS(msg, "small.ini:3: rf.banks = 4x: trailing junk \"x\" after the number (legal: 1..32)\n");
	ASSERT_HAS(msg, "small.ini:4: rf.entries = 99999999999999999999999: integer does not fit in 64 bits (legal: 1..4096)\n");
	ASSERT_HAS(msg, "small.ini:6: sm.warps = -1: negative value (legal: 1..64)\n");
	ASSERT_HAS(msg, "small.ini:10: mapping.layout = foo: unknown name (legal: wid|wshift)\n");
	ASSERT_HAS(msg, "small.ini:7: sm.schedulers = 4: more schedulers than sm.collectors = 2 (legal: 1..2)\n");
	a = strstr(msg, "small.ini:2:");
	b = strstr(msg, "small.ini:10:");
	CU_ASSERT(a && b && a < b);
	free(msg);
	/* a NULL err stream: same status, no output */
	CU_ASSERT_EQUAL(rfm_cfg_load_string(&cfg, "x", ini, sizeof(ini) - 1, NULL), RFM_EINVAL);
}

/* Overrides win over the file and record their origin. */
static void test_config_override_wins(void)
{
	static const char *const ov[] = {"rf.lanes=16", " sm.warps = 0x20 ", "mapping.layout=wid"};
	rfm_cfg_t cfg;
	char *msg = NULL;
	CU_ASSERT_EQUAL(load_f(&cfg, "[rf]\nlanes = 8\nbanks = 2\n[sm]\nwarps = 8\n", ov, 3, &msg), RFM_OK);
	CU_ASSERT_STRING_EQUAL(msg, "");
	CU_ASSERT_EQUAL(cfg.rf_lanes, 16);
	CU_ASSERT_EQUAL(cfg.rf_banks, 2);
	CU_ASSERT_EQUAL(cfg.sm_warps, 32);
	CU_ASSERT_EQUAL(cfg.mapping_layout, RFM_LAYOUT_WID);
	CU_ASSERT_STRING_EQUAL(cfg.origin[RFM_K_rf_lanes].file, "-s");
	CU_ASSERT_EQUAL(cfg.origin[RFM_K_rf_lanes].line, 1);
	CU_ASSERT_STRING_EQUAL(cfg.origin[RFM_K_sm_warps].file, "-s");
	CU_ASSERT_EQUAL(cfg.origin[RFM_K_sm_warps].line, 2);
	CU_ASSERT_STRING_EQUAL(cfg.origin[RFM_K_rf_banks].file, tmp_ini);
	CU_ASSERT_EQUAL(cfg.origin[RFM_K_rf_banks].line, 3);
	free(msg);
}

/* A later override of the same key wins; overrides without a file work on the defaults. */
static void test_config_override_later_wins(void)
{
	static const char *const ov[] = {"rf.lanes=16", "rf.lanes=8"};
	rfm_cfg_t cfg;
	char *msg = NULL;
	CU_ASSERT_EQUAL(load_f(&cfg, NULL, ov, 2, &msg), RFM_OK);
	CU_ASSERT_STRING_EQUAL(msg, "");
	CU_ASSERT_EQUAL(cfg.rf_lanes, 8);
	CU_ASSERT_EQUAL(cfg.origin[RFM_K_rf_lanes].line, 2);
	free(msg);
}

/* Overrides go through the same value parser and messages, located as -s[N]. */
static void test_config_override_validated(void)
{
	static const char *const ov[] = {"rf.banks=2", "rf.lanes=0", "mapping.layout=foo", "rf.entries=4x",
					 "foo.bar=1", "rf.lanez=3", "sm.warps="};
	rfm_cfg_t cfg;
	char *msg = NULL;
	CU_ASSERT_EQUAL(load_f(&cfg, "[rf]\nlanes = 8\n", ov, 7, &msg), RFM_EINVAL);
	ASSERT_HAS(msg, "-s[2]: rf.lanes = 0: out of range (legal: 1..64)\n");
	ASSERT_HAS(msg, "-s[3]: mapping.layout = foo: unknown name (legal: wid|wshift)\n");
	ASSERT_HAS(msg, "-s[4]: rf.entries = 4x: trailing junk \"x\" after the number (legal: 1..4096)\n");
	ASSERT_HAS(msg, "-s[5]: foo.bar = 1: unknown section (legal: rf|sm|mapping|stats|target|regmutex|virtualization|coalescing|hold|edram|finereg)\n");
	ASSERT_HAS(msg, "-s[6]: rf.lanez = 3: unknown key (legal: lanes|lane_bits|banks|entries|subbanks|"
			"read_ports|write_ports|write_conflict)\n");
	ASSERT_HAS(msg, "-s[7]: sm.warps = \"\": empty value (legal: 1..64)\n");
	CU_ASSERT_EQUAL(count_lines(msg), 6);
	CU_ASSERT_EQUAL(cfg.rf_lanes, 8);
	CU_ASSERT_EQUAL(cfg.rf_banks, 2);
	free(msg);
}

/* A malformed override (no '=' or no '.') gets its own message. */
static void test_config_override_malformed(void)
{
	static const char *const ov[] = {"rflanes=4", "rf.lanes", "lanes", "=4"};
	rfm_cfg_t cfg;
	char *msg = NULL;
	CU_ASSERT_EQUAL(load_f(&cfg, NULL, ov, 4, &msg), RFM_EINVAL);
	ASSERT_HAS(msg, "-s[1]: rflanes=4: syntax error: expected section.key=value\n");
	ASSERT_HAS(msg, "-s[2]: rf.lanes: syntax error: expected section.key=value\n");
	ASSERT_HAS(msg, "-s[3]: lanes: syntax error: expected section.key=value\n");
	ASSERT_HAS(msg, "-s[4]: =4: syntax error: expected section.key=value\n");
	CU_ASSERT_EQUAL(count_lines(msg), 4);
	free(msg);
}

/* Rule a: rf.subbanks divides rf.lanes; the legal list is the divisors of lanes. */
static void test_config_rule_a_subbanks_divide(void)
{
	static const char *const ov[] = {"rf.subbanks=5"};
	rfm_cfg_t cfg;
	char *msg = NULL;
	expect_one("[rf]\nsubbanks = 3\n", "small.ini:2: rf.subbanks = 3: does not divide rf.lanes = 32 (legal: 1|2|4|8|16|32)\n");
	expect_one("[rf]\nlanes = 12\nsubbanks = 8\n",
		   "small.ini:3: rf.subbanks = 8: does not divide rf.lanes = 12 (legal: 1|2|3|4|6|12)\n");
	/* the rule is reported on subbanks even when lanes is the key that changed */
	expect_one("[rf]\nlanes = 6\n", "small.ini: rf.subbanks = 4 (default): does not divide rf.lanes = 6 (legal: 1|2|3|6)\n");
	CU_ASSERT_EQUAL(load_f(&cfg, "[rf]\nsubbanks = 2\n", ov, 1, &msg), RFM_EINVAL);
	ASSERT_HAS(msg, "-s[1]: rf.subbanks = 5: does not divide rf.lanes = 32 (legal: 1|2|4|8|16|32)\n");
	free(msg);
	CU_ASSERT_EQUAL(load_s(&cfg, "[rf]\nlanes = 64\nsubbanks = 64\n", &msg), RFM_OK);
	free(msg);
}

/* Rule h: coalescing needs 4-byte lanes, a sub-bank per byte, groups of 4 lanes; it combines with RegMutex or virtualization. */
static void test_config_rule_h_coalescing(void)
{
	rfm_cfg_t cfg;
	char *msg = NULL;
	expect_one("[rf]\nlane_bits = 16\n[coalescing]\nenable = on\n",
		   "small.ini:2: rf.lane_bits = 16: coalescing stores byte k of every lane in sub-bank k: "
		   "coalescing.enable = on needs 4-byte lanes (legal: 32)\n");
	expect_one("[rf]\nsubbanks = 8\n[coalescing]\nenable = on\n",
		   "small.ini:2: rf.subbanks = 8: coalescing needs one sub-bank per byte of a lane (rf.lane_bits / 8) "
		   "(legal: 4)\n");
	/* coalescing is a back end: it combines with either placement scheme */
	CU_ASSERT_EQUAL(load_s(&cfg, "[regmutex]\nenable = on\n[coalescing]\nenable = on\n", &msg), RFM_OK);
	free(msg);
	msg = NULL;
	CU_ASSERT_EQUAL(load_s(&cfg, "[virtualization]\nenable = on\n[coalescing]\nenable = on\n", &msg), RFM_OK);
	free(msg);
	msg = NULL;
	static const char lanes6[] = "[rf]\nlanes = 6\n[coalescing]\nenable = on\n";
	expect_error(lanes6, strlen(lanes6), 2, /* rule a fires too: 4 sub-banks do not divide 6 lanes */
		     "small.ini:2: rf.lanes = 6: coalescing's cross-lane zero mask works on groups of 4 lanes "
		     "(legal: 4, 8, 12, ..., 64)\n");
	/* the same keys are fine with coalescing off, and the derived sizes are zero */
	CU_ASSERT_EQUAL(load_s(&cfg, "[rf]\nlane_bits = 16\nsubbanks = 8\n", &msg), RFM_OK);
	CU_ASSERT_EQUAL(cfg.d.cw_mb_bits, 0);
	free(msg);
	msg = NULL;
	CU_ASSERT_EQUAL(load_s(&cfg, "[coalescing]\nenable = on\nzero_gating = in_lane\n", &msg), RFM_OK);
	CU_ASSERT_EQUAL(cfg.d.cw_mb_bits, 4 * 256 * 3);
	CU_ASSERT_EQUAL(cfg.d.cz_mb_bits, 4 * 256 * 40);
	CU_ASSERT_EQUAL(cfg.d.cz_oc_bits, 152);
	free(msg);
}

/* Rule j: FineReg's split of the file, its pointer, cache, CTA limits, beat and reference kernel;
 * the paper's geometry derived and reported; rf_top built from it; the back end and storage it
 * cannot move registers through refused. */
static void test_config_rule_j_finereg(void)
{
	rfm_cfg_t cfg;
	rfm_inv_row_t rows[RFM_INV_MAX];
	char *msg = NULL;
	unsigned n, i, found = 0;
	/* the paper's 256 KB file split 128 KB / 128 KB; a CTA of 8 warps x 32 registers */
	static const char paper[] = "[rf]\nentries = 512\n[sm]\nwarps = 64\n[finereg]\nenable = on\n"
				    "acrf_regs = 1024\npcrf_regs = 1024\nkernel_warps = 8\nkernel_regs = 32\n";
	CU_ASSERT_EQUAL_FATAL(load_s(&cfg, paper, &msg), RFM_OK);
	free(msg);
	msg = NULL;
	CU_ASSERT_EQUAL(cfg.d.bank_rows, 256); /* the banks are the ACRF: acrf_regs / banks rows */
	CU_ASSERT_EQUAL(cfg.d.fr_slots, 4);  /* 1024 / (8 x 32) */
	CU_ASSERT_EQUAL(cfg.d.fr_active, 4); /* min(32, 4) */
	CU_ASSERT_EQUAL(cfg.d.fr_ptr_bits, 10);
	CU_ASSERT_EQUAL(cfg.d.fr_words, 32);
	CU_ASSERT_EQUAL(cfg.d.fr_beat_words, 8);
	CU_ASSERT_EQUAL(cfg.d.fr_in_depth, 3);
	CU_ASSERT_EQUAL(cfg.d.rf_bits, 2097152u); /* the whole budget: ACRF + PCRF */
	CU_ASSERT_EQUAL(cfg.d.entry_w, 8);          /* a bank's 256 rows */
	CU_ASSERT_EQUAL(rfm_cfg_buildable(&cfg, NULL), 0);
	{
		rfm_model_t *m = rfm_model_create("rf_top", &cfg);
		CU_ASSERT_PTR_NOT_NULL(m);
		rfm_model_destroy(m);
	}
	n = rfm_inventory(&cfg, rows);
	for (i = 0; i < n; i++) {
		if (!strcmp(rows[i].name, "register file banks"))
			found += rows[i].bits == 1048576u; /* the ACRF: 4 banks x 256 rows x 1024 bits */
		if (!strcmp(rows[i].name, "PCRF data array"))
			found += rows[i].bits == 1048576u && !strcmp(rows[i].module, "rf_fr_pcrf");
		if (!strcmp(rows[i].name, "FineReg PCRF tags"))
			found += rows[i].bits == 1024u * 23; /* valid, end, 10-bit pointer, 5-bit warp, 6-bit index */
		if (!strcmp(rows[i].name, "FineReg pointer table"))
			found += rows[i].bits == 128u * (10 + 11);
		if (!strcmp(rows[i].name, "FineReg CTA status monitor"))
			found += rows[i].bits == 2u * 256;
		if (!strcmp(rows[i].name, "FineReg bit-vector cache"))
			found += rows[i].bits == 32u * 97;
		if (!strcmp(rows[i].name, "FineReg live-register set"))
			found += rows[i].bits == 8u * 32 && !strcmp(rows[i].module, "rf_fr_live");
		if (!strcmp(rows[i].name, "FineReg written-register set"))
			found += rows[i].bits == 8u * 32 && !strcmp(rows[i].module, "rf_fr_zero");
	}
	CU_ASSERT_EQUAL(found, 8);
	/* a pointer of 11 bits and tags for CTAs of at most 16 warps */
	CU_ASSERT_EQUAL(load_s(&cfg, "[rf]\nentries = 512\n[sm]\nwarps = 64\n[finereg]\nenable = on\n"
				     "acrf_regs = 1024\npcrf_regs = 1024\nptr_bits = 11\ncta_warps = 16\n", &msg),
			RFM_OK);
	free(msg);
	msg = NULL;
	n = rfm_inventory(&cfg, rows);
	for (i = 0; i < n; i++)
		if (!strcmp(rows[i].name, "FineReg PCRF tags"))
			CU_ASSERT_EQUAL(rows[i].bits, 1024u * (2 + 11 + 4 + 6));
	/* the sensitivity points 64/192 and 192/64 KB */
	CU_ASSERT_EQUAL(load_s(&cfg, "[rf]\nentries = 512\n[finereg]\nenable = on\nacrf_regs = 512\n"
				     "pcrf_regs = 1536\n", &msg), RFM_OK);
	CU_ASSERT_EQUAL(cfg.d.fr_ptr_bits, 11);
	free(msg);
	msg = NULL;
	CU_ASSERT_EQUAL(load_s(&cfg, "[rf]\nentries = 512\n[finereg]\nenable = on\nacrf_regs = 1536\n"
				     "pcrf_regs = 512\n", &msg), RFM_OK);
	CU_ASSERT_EQUAL(cfg.d.bank_rows, 384);
	free(msg);
	msg = NULL;
	/* the slots: at most resident_ctas, at most sm.warps / kernel_warps */
	CU_ASSERT_EQUAL(load_s(&cfg, "[sm]\nwarps = 8\n[finereg]\nenable = on\nkernel_regs = 4\n", &msg), RFM_OK);
	CU_ASSERT_EQUAL(cfg.d.fr_slots, 2);
	free(msg);
	msg = NULL;
	CU_ASSERT_EQUAL(load_s(&cfg, "[finereg]\nenable = on\nkernel_regs = 4\nresident_ctas = 3\nactive_ctas = 2\n",
			       &msg), RFM_OK);
	CU_ASSERT_EQUAL(cfg.d.fr_slots, 3);
	CU_ASSERT_EQUAL(cfg.d.fr_active, 2);
	free(msg);
	msg = NULL;
	/* bad input: one message each, naming the key, its value and the legal range */
	expect_one("[finereg]\nenable = on\npcrf_regs = 256\n",
		   "small.ini:3: finereg.pcrf_regs = 256: ACRF + PCRF = 512 + 256 is not the register file of rf.banks x "
		   "rf.entries = 4 x 256 = 1024 warp registers (legal: 512)\n");
	expect_one("[finereg]\nenable = on\nacrf_regs = 1024\n",
		   "small.ini:3: finereg.acrf_regs = 1024: leaves no room for a PCRF in the register file of rf.banks x "
		   "rf.entries = 4 x 256 = 1024 warp registers (legal: 1..1023)\n");
	expect_one("[finereg]\nenable = on\nacrf_regs = 510\npcrf_regs = 514\n",
		   "small.ini:3: finereg.acrf_regs = 510: the ACRF is the banks: every bank holds acrf_regs / rf.banks "
		   "rows (legal: a multiple of rf.banks = 4)\n");
	expect_one("[finereg]\nenable = on\nptr_bits = 8\n",
		   "small.ini:3: finereg.ptr_bits = 8: a pointer of 8 bits cannot name the 512 entries of the PCRF "
		   "(legal: 0 or 9..16)\n");
	expect_one("[finereg]\nenable = on\ncache_entries = 24\n",
		   "small.ini:3: finereg.cache_entries = 24: a direct-mapped cache is indexed by PC bits: its entries are "
		   "a power of two (legal: 1|2|4|8|16|32|64|128|256|512|1024)\n");
	expect_one("[finereg]\nenable = on\nresident_ctas = 16\n",
		   "finereg.active_ctas = 32 (default): more active CTAs than resident ones (finereg.resident_ctas = 16) "
		   "(legal: 1..16)\n");
	expect_one("[finereg]\nenable = on\nbeat_bytes = 48\n",
		   "small.ini:3: finereg.beat_bytes = 48: a beat is whole 32-bit words and a register (128 bytes) is whole "
		   "beats (legal: 4|8|16|32|64|128)\n");
	expect_one("[rf]\nlanes = 4\nlane_bits = 4\n[finereg]\nenable = on\n",
		   "small.ini:3: rf.lane_bits = 4: a warp register of 4 x 4 = 16 bits: FineReg moves registers in 32-bit "
		   "words");
	expect_one("[finereg]\nenable = on\ncta_warps = 2\n",
		   "finereg.kernel_warps = 4 (default): more warps per CTA than a PCRF tag can name (finereg.cta_warps = 2) "
		   "(legal: 1..2)\n");
	expect_one("[sm]\nwarps = 2\n[finereg]\nenable = on\n",
		   "finereg.kernel_warps = 4 (default): a CTA of more warps than the SM's warp slots (sm.warps = 2) "
		   "(legal: 1..2)\n");
	expect_one("[sm]\nregs_per_thread = 8\n[finereg]\nenable = on\n",
		   "finereg.kernel_regs = 16 (default): more registers per thread than the SM's maximum "
		   "(sm.regs_per_thread = 8) (legal: 1..8)\n");
	expect_one("[finereg]\nenable = on\nkernel_warps = 16\nkernel_regs = 40\n",
		   "small.ini:4: finereg.kernel_regs = 40: a CTA of 16 warps x 40 registers = 640 warp registers does not "
		   "fit the ACRF (finereg.acrf_regs = 512) (legal: 1..32)\n");
	expect_one("[regmutex]\nenable = on\n[finereg]\nenable = on\n", "finereg.enable = on: ");
	expect_one("[coalescing]\nenable = on\n[finereg]\nenable = on\n",
		   "small.ini:2: coalescing.enable = on: FineReg's engine moves registers through the ports of the "
		   "baseline banks it holds; the coalescing file's dual sub-bank banks have no such path yet (legal: off)\n");
	/* on eDRAM storage the banks are the ACRF: the refresh interval counts its rows */
	CU_ASSERT_EQUAL(load_s(&cfg, "[rf]\nsubbanks = 1\n[edram]\nenable = on\n[finereg]\nenable = on\n", &msg), RFM_OK);
	CU_ASSERT_EQUAL(cfg.d.bank_rows, 128); /* acrf_regs 512 / 4 banks */
	CU_ASSERT_EQUAL(cfg.d.entry_w, 7);
	CU_ASSERT_EQUAL(cfg.d.ed_p, 4); /* 512 / 128 rows, not 512 / 256 entries */
	CU_ASSERT_EQUAL(rfm_cfg_buildable(&cfg, NULL), 0);
	free(msg);
	msg = NULL;
	expect_one("[rf]\nsubbanks = 1\n[edram]\nenable = on\nretention = 200\n[finereg]\nenable = on\n",
		   "small.ini:5: edram.retention = 200: T0 = 200 leaves a refresh interval P = floor((T0 - max_defer) / "
		   "rows per bank) = 1; P >= 2 is needed (max_defer = 0, rows per bank = 128) (legal: 256..65535)\n");
	expect_one("[finereg]\npcrf_latency = 3\n", "small.ini:2: finereg.pcrf_latency = 3: out of range (legal: 4..64)\n");
	expect_one("[finereg]\nkernel_regs = 65\n", "small.ini:2: finereg.kernel_regs = 65: out of range (legal: 1..64)\n");
	/* the same keys are fine with FineReg off, nothing is derived, and the config is buildable */
	CU_ASSERT_EQUAL(load_s(&cfg, "[finereg]\npcrf_regs = 3\ncache_entries = 24\n", &msg), RFM_OK);
	CU_ASSERT_EQUAL(cfg.d.fr_slots, 0);
	CU_ASSERT_EQUAL(cfg.d.bank_rows, 256);
	CU_ASSERT_EQUAL(rfm_cfg_buildable(&cfg, NULL), 0);
	free(msg);
}

/* Rule i: the eDRAM file's ports, row split, segments and refresh interval; bad values of its keys. */
static void test_config_rule_i_edram(void)
{
	rfm_cfg_t cfg;
	char *msg = NULL, buf[32];
	static const char ok[] = "[rf]\nsubbanks = 1\n[edram]\nenable = on\n";
	CU_ASSERT_EQUAL(load_s(&cfg, ok, &msg), RFM_OK);
	CU_ASSERT_EQUAL(cfg.d.ed_t0, 512); /* 11 nm */
	CU_ASSERT_EQUAL(cfg.d.ed_p, 2);    /* 512 / 256 rows */
	CU_ASSERT_EQUAL(cfg.d.ed_nc_bits, 16);
	CU_ASSERT_EQUAL(cfg.d.bank_force, 1);
	CU_ASSERT_EQUAL(cfg.edram_ber, 1000000u);
	CU_ASSERT_STRING_EQUAL(rfm_cfg_value_str(&cfg, RFM_K_edram_ber, buf), "0.001");
	free(msg);
	msg = NULL;
	CU_ASSERT_EQUAL(load_s(&cfg, "[rf]\nsubbanks = 1\n[edram]\nenable = on\nber = 2.5e-4\nnode = 22nm\n", &msg),
			RFM_OK);
	CU_ASSERT_EQUAL(cfg.edram_ber, 250000u);
	CU_ASSERT_EQUAL(cfg.d.ed_t0, 2048);
	CU_ASSERT_EQUAL(cfg.d.ed_p, 8);
	free(msg);
	expect_one("[edram]\nenable = on\n", "rf.subbanks = 4 (default): an eDRAM bank splits its rows by bit "
		   "significance (critical and noncritical sub-arrays), not by lanes (legal: 1)\n");
	expect_one("[rf]\nsubbanks = 1\nentries = 512\n[edram]\nenable = on\n",
		   "edram.retention = 0 (default): T0 = 512 leaves a refresh interval P = floor((T0 - max_defer) / "
		   "rows per bank) = 1; P >= 2 is needed (max_defer = 0, rows per bank = 512) (legal: 1024..65535)\n");
	expect_one("[rf]\nsubbanks = 1\n[edram]\nenable = on\nretention = 1024\nmax_defer = 4\n",
		   "small.ini:6: edram.max_defer = 4: a refresh may not wait a whole interval P = 3 (T0 = 1024, "
		   "rows per bank = 256) (legal: 0..2)\n");
	expect_one("[rf]\nsubbanks = 1\n[edram]\nenable = on\ncrit_bits = 32\n",
		   "small.ini:5: edram.crit_bits = 32: leaves no noncritical bits in a lane of rf.lane_bits = 32 "
		   "(legal: 1..31)\n");
	expect_one("[rf]\nsubbanks = 1\nread_ports = 2\n[edram]\nenable = on\n",
		   "small.ini:3: rf.read_ports = 2: a 3T1D eDRAM bank has one read port and one write port");
	expect_one("[rf]\nsubbanks = 1\nlane_bits = 48\n[edram]\nenable = on\n",
		   "small.ini:3: rf.lane_bits = 48: the eDRAM decay overlay keeps a lane in 32 bits");
	static const char coal[] = "[rf]\nsubbanks = 1\n[edram]\nenable = on\n[coalescing]\nenable = on\n";
	expect_error(coal, strlen(coal), 2, /* coalescing's own rule on rf.subbanks fires too */
		     "coalescing.enable = on: coalescing stores byte k of every lane in sub-bank k");
	expect_one("[edram]\ncounter_bits = 0\n", "small.ini:2: edram.counter_bits = 0: out of range (legal: 1..8)\n");
	expect_one("[edram]\nber = 2\n", "small.ini:2: edram.ber = 2: out of range (legal: a fraction 0..1)\n");
	expect_one("[edram]\nber = 1e-12\n", "small.ini:2: edram.ber = 1e-12: out of range (legal: a fraction 0..1)\n");
	expect_one("[edram]\nber = one\n", "small.ini:2: edram.ber = one: not a number (legal: a fraction 0..1)\n");
	expect_one("[edram]\nber = 0.5%\n", "small.ini:2: edram.ber = 0.5%: trailing junk \"%\" after the number");
	expect_one("[edram]\nber = -0.1\n", "small.ini:2: edram.ber = -0.1: negative value");
	expect_one("[edram]\nnode = 7nm\n", "small.ini:2: edram.node = 7nm: unknown name");
	expect_one("[edram]\ntable = best\n", "small.ini:2: edram.table = best: unknown name");
	/* the same keys are fine with eDRAM off, and nothing is derived */
	CU_ASSERT_EQUAL(load_s(&cfg, "[edram]\ncrit_bits = 40\n", &msg), RFM_OK);
	CU_ASSERT_EQUAL(cfg.d.ed_p, 0);
	CU_ASSERT_EQUAL(cfg.d.bank_force, 0);
	free(msg);
}

/* Rule b: one warp's registers fit (wid: regs <= entries; wshift: ceil(regs / banks) <= entries). */
static void test_config_rule_b_warp_regs_fit(void)
{
	rfm_cfg_t cfg;
	char *msg = NULL;
	expect_one("[rf]\nentries = 62\n[mapping]\nlayout = wid\n",
		   "small.ini: sm.regs_per_thread = 63 (default): one warp's registers do not fit: layout wid "
		   "needs 63 rows in one bank, rf.entries = 62 (legal: 1..62)\n");
	CU_ASSERT_EQUAL(load_s(&cfg, "[rf]\nentries = 63\n[mapping]\nlayout = wid\n", &msg), RFM_OK);
	free(msg);
	/* wshift: 63 registers over 4 banks need 16 rows; 48 warps need entries >= 48 (rule d) */
	expect_one("[rf]\nentries = 63\n[sm]\nregs_per_thread = 255\n",
		   "small.ini:4: sm.regs_per_thread = 255: one warp's registers do not fit: layout wshift needs "
		   "ceil(255 / 4 banks) = 64 rows per bank, rf.entries = 63 (legal: 1..252)\n");
	CU_ASSERT_EQUAL(load_s(&cfg, "[rf]\nentries = 64\n[sm]\nregs_per_thread = 255\n", &msg), RFM_OK);
	free(msg);
	expect_one("[rf]\nentries = 63\nbanks = 1\n[sm]\nregs_per_thread = 64\nwarps = 2\n",
		   "small.ini:5: sm.regs_per_thread = 64: one warp's registers do not fit: layout wshift needs "
		   "ceil(64 / 1 banks) = 64 rows per bank, rf.entries = 63 (legal: 1..63)\n");
	CU_ASSERT_EQUAL(load_s(&cfg, "[rf]\nentries = 64\nbanks = 1\n[sm]\nregs_per_thread = 64\nwarps = 2\n", &msg),
			RFM_OK);
	free(msg);
}

/* Rule c: sm.schedulers <= sm.collectors, reported on schedulers even at its default. */
static void test_config_rule_c_schedulers(void)
{
	expect_one("[sm]\ncollectors = 1\n",
		   "small.ini: sm.schedulers = 2 (default): more schedulers than sm.collectors = 1 (legal: 1..1)\n");
	expect_one("[sm]\nschedulers = 4\ncollectors = 3\n",
		   "small.ini:2: sm.schedulers = 4: more schedulers than sm.collectors = 3 (legal: 1..3)\n");
}

/* Rule d: all warp slots fit with one register each (wid: ceil(warps / banks); wshift: warps). */
static void test_config_rule_d_warps_fit(void)
{
	rfm_cfg_t cfg;
	char *msg = NULL;
	expect_one("[rf]\nentries = 47\nbanks = 1\n[sm]\nregs_per_thread = 47\n",
		   "small.ini: sm.warps = 48 (default): warp slots do not fit: layout wshift needs 48 rows per "
		   "bank, rf.entries = 47 (legal: 1..47)\n");
	expect_one("[rf]\nentries = 63\n[sm]\nwarps = 64\nregs_per_thread = 8\n",
		   "small.ini:4: sm.warps = 64: warp slots do not fit: layout wshift needs 64 rows per bank, "
		   "rf.entries = 63 (legal: 1..63)\n");
	expect_one("[rf]\nentries = 11\n[sm]\nregs_per_thread = 8\n[mapping]\nlayout = wid\n",
		   "small.ini: sm.warps = 48 (default): warp slots do not fit: layout wid needs ceil(48 / 4 banks) "
		   "= 12 rows per bank, rf.entries = 11 (legal: 1..44)\n");
	CU_ASSERT_EQUAL(load_s(&cfg, "[rf]\nentries = 12\n[sm]\nregs_per_thread = 8\n[mapping]\nlayout = wid\n", &msg),
			RFM_OK);
	free(msg);
	CU_ASSERT_EQUAL(load_s(&cfg, "[rf]\nentries = 48\n[sm]\nregs_per_thread = 8\n", &msg), RFM_OK);
	free(msg);
}

/* Rule e: storage at most 1 MiB, reported on rf.entries with the largest entries that fit. */
static void test_config_rule_e_storage(void)
{
	rfm_cfg_t cfg;
	char *msg = NULL;
	expect_one("[rf]\nentries = 2049\n",
		   "small.ini:2: rf.entries = 2049: storage of 4 banks x 2049 entries x 32 lanes x 32 bits = "
		   "1049088 bytes exceeds 1 MiB (legal: 1..2048)\n");
	CU_ASSERT_EQUAL(load_s(&cfg, "[rf]\nentries = 2048\n", &msg), RFM_OK);
	CU_ASSERT_EQUAL(cfg.d.rf_bytes, 1048576);
	free(msg);
	expect_one("[rf]\nbanks = 32\nlanes = 64\nlane_bits = 64\n",
		   "small.ini: rf.entries = 256 (default): storage of 32 banks x 256 entries x 64 lanes x 64 bits "
		   "= 4194304 bytes exceeds 1 MiB (legal: 1..64)\n");
}

/* Rules that involve a rejected key are skipped (no division by a bad value, no noise). */
static void test_config_rules_skip_bad_keys(void)
{
	expect_one("[rf]\nlanes = 0\nsubbanks = 3\n", "small.ini:2: rf.lanes = 0: out of range (legal: 1..64)\n");
	expect_one("[rf]\nbanks = 0\nentries = 1\n", "small.ini:2: rf.banks = 0: out of range (legal: 1..32)\n");
	expect_one("[sm]\ncollectors = x\n", "small.ini:2: sm.collectors = x: not a number (legal: 1..16)\n");
}

/* rfm_cfg_validate re-checks the ranges of a cfg filled by code (default origin). */
static void test_config_validate_code_filled(void)
{
	rfm_cfg_t cfg;
	char *msg = NULL;
	size_t size = 0;
	FILE *err = open_memstream(&msg, &size);
	CU_ASSERT_PTR_NOT_NULL_FATAL(err);
	rfm_cfg_defaults(&cfg);
	cfg.rf_lanes = 0;
	cfg.rf_subbanks = 0;
	cfg.mapping_layout = 7;
	cfg.sm_warps = 100000;
	CU_ASSERT_EQUAL(rfm_cfg_validate(&cfg, err), RFM_EINVAL);
	fclose(err);
	ASSERT_HAS(msg, "<defaults>: rf.lanes = 0 (default): out of range (legal: 1..64)\n");
	ASSERT_HAS(msg, "<defaults>: rf.subbanks = 0 (default): out of range (legal: 1..64)\n");
	ASSERT_HAS(msg, "<defaults>: mapping.layout = 7 (default): out of range (legal: wid|wshift)\n");
	ASSERT_HAS(msg, "<defaults>: sm.warps = 100000 (default): out of range (legal: 1..64)\n");
	CU_ASSERT_EQUAL(count_lines(msg), 4);
	free(msg);
	rfm_cfg_defaults(&cfg);
	cfg.rf_lanes = 8;
	CU_ASSERT_EQUAL(rfm_cfg_validate(&cfg, NULL), RFM_OK);
	CU_ASSERT_EQUAL(cfg.d.wreg_bits, 256);
	CU_ASSERT_EQUAL(cfg.d.sb_lanes, 2);
}

/* A cfg copied by value and validated reports and points at its own path. */
static void test_config_validate_copy_origin(void)
{
	rfm_cfg_t *a = malloc(sizeof(*a)), b;
	char *msg = NULL;
	size_t size = 0;
	FILE *err;
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(load_s(a, "[sm]\n\nschedulers = 3\n", &msg), RFM_OK);
	free(msg);
	b = *a;
	free(a);
	b.sm_collectors = 2;
	err = open_memstream(&msg, &size);
	CU_ASSERT_PTR_NOT_NULL_FATAL(err);
	CU_ASSERT_EQUAL(rfm_cfg_validate(&b, err), RFM_EINVAL);
	fclose(err);
	ASSERT_HAS(msg, "small.ini:3: sm.schedulers = 3: more schedulers than sm.collectors = 2 (legal: 1..2)\n");
	CU_ASSERT_PTR_EQUAL(b.origin[RFM_K_sm_schedulers].file, b.path);
	free(msg);
}

/* Echo -> load gives the same keys, derived values and hash (defaults, fermi, every enum set). */
static void test_config_echo_roundtrip(void)
{
	static const char *const texts[] = {
		"",
		fermi_ini,
		"[rf]\nlanes = 6\nlane_bits = 5\nbanks = 3\nentries = 5\nsubbanks = 3\nread_ports = 2\n"
		"write_ports = 2\nwrite_conflict = entry\n[sm]\nwarps = 1\nregs_per_thread = 1\nschedulers = 1\n"
		"collectors = 1\noperands = 1\ntag_bits = 16\n[mapping]\nlayout = wid\n[stats]\ncounter_bits = 4\n"
		"[target]\nkind = ice40\n",
	};
	unsigned i;
	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		rfm_cfg_t a, b;
		char *msg = NULL, *echo, *echo2;
		CU_ASSERT_EQUAL(load_s(&a, texts[i], &msg), RFM_OK);
		free(msg);
		echo = echo_str(&a, "");
		CU_ASSERT_EQUAL(load_s(&b, echo, &msg), RFM_OK);
		CU_ASSERT_STRING_EQUAL(msg, "");
		free(msg);
		CU_ASSERT(cfg_equal(&a, &b));
		CU_ASSERT_EQUAL(rfm_cfg_hash(&a), rfm_cfg_hash(&b));
		echo2 = echo_str(&b, "");
		CU_ASSERT_STRING_EQUAL(echo, echo2);
		free(echo);
		free(echo2);
	}
}

/* The echo layout: sections in schema order, a help comment per key, prefixed lines. */
static void test_config_echo_format(void)
{
	rfm_cfg_t cfg;
	char *echo, *line, *save = NULL;
	unsigned n = 0, blank = 0;
	rfm_cfg_defaults(&cfg);
	echo = echo_str(&cfg, "");
	CU_ASSERT_EQUAL(strncmp(echo, "[rf]\n; SIMT lanes per warp: a warp register holds one lane_bits value per lane "
				      "(legal: 1..64)\nlanes = 32\n", 96), 0);
	ASSERT_HAS(echo, "\n\n[mapping]\n; register-to-bank layout: wid (a warp's registers in one bank) or wshift "
			 "((reg + warp) % banks) (legal: wid|wshift)\nlayout = wshift\n\n[stats]\n");
	ASSERT_HAS(echo, "kind = generic\n");
	free(echo);
	echo = echo_str(&cfg, "// ");
	for (line = strtok_r(echo, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		n++;
		CU_ASSERT_EQUAL(strncmp(line, "//", 2), 0);
		blank += strcmp(line, "//") == 0;
	}
	/* 11 headers, a comment and a line per key, 10 blank lines between sections */
	CU_ASSERT_EQUAL(n, 11 + 2 * RFM_K_COUNT + 10);
	CU_ASSERT_EQUAL(blank, 10);
	free(echo);
}

/* The hash is FNV-1a 64 of "section.key=value\n" lines in schema order. */
static void test_config_hash(void)
{
	static const char text[] = "rf.lanes=32\nrf.lane_bits=32\nrf.banks=4\nrf.entries=256\nrf.subbanks=4\n"
				   "rf.read_ports=1\nrf.write_ports=1\nrf.write_conflict=bank\nsm.warps=48\n"
				   "sm.regs_per_thread=63\nsm.schedulers=2\nsm.collectors=4\nsm.operands=3\n"
				   "sm.tag_bits=8\nmapping.layout=wshift\nstats.counter_bits=32\ntarget.kind=generic\n"
				   "target.clock_ps=10000\nregmutex.enable=off\nregmutex.paired=off\nregmutex.regs=24\n"
				   "regmutex.ext_regs=0\nregmutex.warps=0\nregmutex.xlate=precomp\nvirtualization.enable=off\n"
				   "virtualization.rt_budget_bits=0\nvirtualization.rt_banks=4\nvirtualization.policy=consolidate\n"
				   "virtualization.subarrays=4\nvirtualization.rfc_entries=0\nvirtualization.regs=21\n"
				   "virtualization.exempt_regs=0\nvirtualization.warps=0\ncoalescing.enable=off\n"
				   "coalescing.alignment=reg\ncoalescing.parity=entry\ncoalescing.zero_gating=off\nhold.enable=off\nhold.force=off\n"
				   "edram.enable=off\nedram.crit_bits=16\nedram.counter_bits=3\nedram.node=11nm\n"
				   "edram.retention=0\nedram.max_defer=0\nedram.read_restores=off\nedram.decay=off\n"
				   "edram.table=stress\nedram.ber=0.001\nedram.seed=1\nfinereg.enable=off\n"
				   "finereg.acrf_regs=512\nfinereg.pcrf_regs=512\nfinereg.ptr_bits=0\nfinereg.resident_ctas=128\n"
				   "finereg.active_ctas=32\nfinereg.cta_warps=32\nfinereg.cache_entries=32\n"
				   "finereg.pcrf_latency=4\nfinereg.beat_bytes=32\nfinereg.bv_latency=400\n"
				   "finereg.kernel_warps=4\nfinereg.kernel_regs=16\n";
	uint64_t h = 0xcbf29ce484222325ull;
	rfm_cfg_t cfg;
	const char *s;
	for (s = text; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
	rfm_cfg_defaults(&cfg);
	CU_ASSERT_EQUAL(rfm_cfg_hash(&cfg), h);
	cfg.target_kind = RFM_TARGET_ASIC;
	CU_ASSERT_NOT_EQUAL(rfm_cfg_hash(&cfg), h);
	rfm_cfg_defaults(&cfg);
	cfg.origin[0].line = 99; /* origins and names are not hashed */
	snprintf(cfg.name, sizeof(cfg.name), "other");
	CU_ASSERT_EQUAL(rfm_cfg_hash(&cfg), h);
}

/* rfm_launch_fits: bounds, exact fit, one over, and where wid and wshift differ. */
static void test_config_launch_fits(void)
{
	rfm_cfg_t cfg;
	rfm_cfg_defaults(&cfg); /* wshift, 4 banks x 256 entries, 48 warps, 63 regs */
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 1, 1), 1);
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 0, 1), 0);
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 1, 0), 0);
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 49, 1), 0);
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 1, 64), 0);
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 48, 1), 1);
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 16, 63), 1);  /* 16 * ceil(63/4) = 256: exact */
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 17, 63), 0);  /* 272 */
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 42, 21), 1);  /* 42 * ceil(21/4) = 252 */
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 48, 21), 0);  /* 48 * 6 = 288 */
	cfg.mapping_layout = RFM_LAYOUT_WID;
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 16, 63), 1);  /* ceil(16/4) * 63 = 252 */
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 17, 63), 0);  /* 5 * 63 = 315 */
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 0, 63), 0);
	cfg.sm_regs_per_thread = 128;
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 16, 64), 1);  /* 4 * 64 = 256: exact */
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 16, 65), 0);  /* 260 */
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 13, 64), 1);  /* ceil(13/4) * 64 = 256 */
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 17, 64), 0);  /* 5 * 64 = 320 */
	/* where the layouts disagree: 4 banks x 10 entries */
	rfm_cfg_defaults(&cfg);
	cfg.rf_entries = 10;
	cfg.mapping_layout = RFM_LAYOUT_WID;
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 5, 6), 0);    /* wid: 2 * 6 = 12 */
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 8, 5), 1);    /* wid: 2 * 5 = 10 */
	cfg.mapping_layout = RFM_LAYOUT_WSHIFT;
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 5, 6), 1);    /* wshift: 5 * 2 = 10 */
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 8, 5), 0);    /* wshift: 8 * 2 = 16 */
	cfg.rf_entries = 4;
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 4, 1), 1);
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 5, 1), 0);    /* wshift: 5 rows */
	cfg.mapping_layout = RFM_LAYOUT_WID;
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 16, 1), 1);   /* wid: 4 rows */
	CU_ASSERT_EQUAL(rfm_launch_fits(&cfg, 17, 1), 0);
}

/* The technique table: every line names a schema section and a key of it, every block's feature is
 * "base" or a technique, and rfm_technique_on follows the enable keys (zero gating: in_lane and up,
 * only while coalescing is on). */
static void test_config_technique_table(void)
{
	rfm_cfg_t cfg;
	unsigned i;
	int t;
	for (t = 0; t < RFM_TECH_COUNT; t++) {
		const rfm_technique_t *x = &rfm_techniques[t];
		CU_ASSERT_STRING_EQUAL(rfm_params[x->on_key].section, x->section);
		CU_ASSERT(x->on_min >= 1 && x->on_min <= rfm_params[x->on_key].max);
		CU_ASSERT_EQUAL(rfm_tech_find(x->name), (rfm_tech_t)t);
		CU_ASSERT((x->slot == RFM_SLOT_NONE) == (x->parent != RFM_TECH_none));
		CU_ASSERT(x->parent < (rfm_tech_t)t); /* a parent comes first */
	}
	for (i = 0; i < rfm_block_count; i++)
		CU_ASSERT(!strcmp(rfm_blocks[i].feature, "base") || rfm_tech_find(rfm_blocks[i].feature) != RFM_TECH_none);
	CU_ASSERT_EQUAL(rfm_tech_find("base"), RFM_TECH_none);
	CU_ASSERT_EQUAL(rfm_tech_find("nonesuch"), RFM_TECH_none);
	rfm_cfg_defaults(&cfg);
	CU_ASSERT_EQUAL(rfm_technique_on(&cfg, "base"), 1);
	CU_ASSERT_EQUAL(rfm_technique_on(&cfg, "nonesuch"), 0);
	for (t = 0; t < RFM_TECH_COUNT; t++)
		CU_ASSERT_EQUAL(rfm_tech_on(&cfg, (rfm_tech_t)t), 0);
	CU_ASSERT_EQUAL(rfm_tech_on(&cfg, RFM_TECH_none), 0);
	CU_ASSERT_EQUAL(rfm_slot_provider(&cfg, RFM_SLOT_LOCATE), RFM_TECH_none);
	CU_ASSERT_EQUAL(rfm_slot_provider(&cfg, RFM_SLOT_BACKEND), RFM_TECH_none);
	cfg.regmutex_enable = RFM_ON;
	CU_ASSERT_EQUAL(rfm_technique_on(&cfg, "regmutex"), 1);
	CU_ASSERT_EQUAL(rfm_technique_on(&cfg, "virtualization"), 0);
	CU_ASSERT_EQUAL(rfm_slot_provider(&cfg, RFM_SLOT_LOCATE), RFM_TECH_regmutex);
	cfg.regmutex_enable = RFM_OFF;
	cfg.virtualization_enable = RFM_ON;
	CU_ASSERT_EQUAL(rfm_slot_provider(&cfg, RFM_SLOT_LOCATE), RFM_TECH_virtualization);
	cfg.coalescing_zero_gating = RFM_ZG_IN_LANE;
	CU_ASSERT_EQUAL(rfm_technique_on(&cfg, "zero_gating"), 0); /* coalescing is off */
	cfg.coalescing_enable = RFM_ON;
	CU_ASSERT_EQUAL(rfm_technique_on(&cfg, "coalescing"), 1);
	CU_ASSERT_EQUAL(rfm_technique_on(&cfg, "zero_gating"), 1);
	CU_ASSERT_EQUAL(rfm_slot_provider(&cfg, RFM_SLOT_BACKEND), RFM_TECH_coalescing);
	cfg.coalescing_zero_gating = RFM_ZG_ACTIVE;
	CU_ASSERT_EQUAL(rfm_technique_on(&cfg, "zero_gating"), 0);
	cfg.coalescing_zero_gating = RFM_ZG_DYNAMIC;
	CU_ASSERT_EQUAL(rfm_technique_on(&cfg, "zero_gating"), 1);
	cfg.coalescing_zero_gating = 9; /* outside the legal range: not on */
	CU_ASSERT_EQUAL(rfm_technique_on(&cfg, "zero_gating"), 0);
	CU_ASSERT_STRING_EQUAL(rfm_top_slots[RFM_SLOT_LOCATE].name, "LOCATE");
	CU_ASSERT_EQUAL(rfm_top_slots[RFM_SLOT_SIDE].exclusive, 0);
}

/* The value that turns technique x on, as INI text, into buf (32 bytes). */
static const char *on_value(const rfm_technique_t *x, char *buf)
{
	if (rfm_params[x->on_key].names)
		snprintf(buf, 32, "%s", rfm_params[x->on_key].names[x->on_min]);
	else
		snprintf(buf, 32, "%u", (unsigned)x->on_min);
	return buf;
}

/* The slot rule: any two techniques of the table that fill one exclusive slot are refused together,
 * on the later one's key, naming the slot and both; each alone loads. */
static void test_config_slot_rule(void)
{
	rfm_cfg_t cfg;
	char *msg = NULL, text[256], want[256], name[32];
	unsigned pairs = 0;
	int a, b;
	for (a = 0; a < RFM_TECH_COUNT; a++) {
		for (b = a + 1; b < RFM_TECH_COUNT; b++) {
			const rfm_technique_t *x = &rfm_techniques[a], *y = &rfm_techniques[b];
			const rfm_top_slot_info_t *sl = &rfm_top_slots[y->slot];
			rfm_cfg_defaults(&cfg);
			if (x->slot != y->slot || !sl->exclusive)
				continue;
			pairs++;
			snprintf(text, sizeof(text), "[%s]\n%s = %s\n", x->section, rfm_params[x->on_key].key,
				 on_value(x, name));
			CU_ASSERT_EQUAL(load_s(&cfg, text, &msg), RFM_OK); /* alone: fine */
			free(msg);
			msg = NULL;
			snprintf(text + strlen(text), sizeof(text) - strlen(text), "[%s]\n%s = %s\n", y->section,
				 rfm_params[y->on_key].key, on_value(y, name));
			CU_ASSERT_EQUAL(load_s(&cfg, text, &msg), RFM_EINVAL);
			snprintf(want, sizeof(want), "small.ini:4: %s.%s = %s: %s and %s both fill the %s slot (%s); enable "
				 "one of them (legal: ", y->section, rfm_params[y->on_key].key,
				 rfm_cfg_value_str(&cfg, y->on_key, name), x->name, y->name, sl->name, sl->what);
			ASSERT_HAS(msg, want);
			free(msg);
			msg = NULL;
		}
	}
	CU_ASSERT(pairs >= 1); /* regmutex and virtualization both fill LOCATE */
	/* the message in full, on the later technique's key; an override is named as such */
	expect_one("[regmutex]\nenable = on\n[virtualization]\nenable = on\n",
		   "small.ini:4: virtualization.enable = on: regmutex and virtualization both fill the LOCATE slot "
		   "(register placement); enable one of them (legal: off)\n");
	{
		static const char *const ov[] = {"regmutex.enable=on", "virtualization.enable=on"};
		CU_ASSERT_EQUAL(load_f(&cfg, NULL, ov, 2, &msg), RFM_EINVAL);
		CU_ASSERT_EQUAL(count_lines(msg), 1);
		ASSERT_HAS(msg, "-s[2]: virtualization.enable = on: regmutex and virtualization both fill the LOCATE "
				"slot (register placement); enable one of them (legal: off)\n");
		free(msg);
		msg = NULL;
	}
	/* different slots combine: a placement scheme on the coalescing back end */
	CU_ASSERT_EQUAL(load_s(&cfg, "[virtualization]\nenable = on\n[coalescing]\nenable = on\n", &msg), RFM_OK);
	free(msg);
}

/* rfm_param_range_str for integers and enums. */
static void test_config_range_str(void)
{
	char buf[128];
	CU_ASSERT_STRING_EQUAL(rfm_param_range_str(RFM_K_rf_lanes, buf), "1..64");
	CU_ASSERT_STRING_EQUAL(rfm_param_range_str(RFM_K_rf_entries, buf), "1..4096");
	CU_ASSERT_STRING_EQUAL(rfm_param_range_str(RFM_K_stats_counter_bits, buf), "4..64");
	CU_ASSERT_STRING_EQUAL(rfm_param_range_str(RFM_K_mapping_layout, buf), "wid|wshift");
	CU_ASSERT_STRING_EQUAL(rfm_param_range_str(RFM_K_target_kind, buf), "generic|ice40|asic");
	CU_ASSERT_STRING_EQUAL(rfm_param_range_str(RFM_K_rf_write_conflict, buf), "bank|entry");
	CU_ASSERT_PTR_EQUAL(rfm_param_range_str(RFM_K_rf_lanes, buf), buf);
}

/* rfm_cfg_value_str and rfm_cfg_get. */
static void test_config_value_str_get(void)
{
	rfm_cfg_t cfg;
	char buf[32];
	rfm_cfg_defaults(&cfg);
	CU_ASSERT_STRING_EQUAL(rfm_cfg_value_str(&cfg, RFM_K_rf_entries, buf), "256");
	CU_ASSERT_STRING_EQUAL(rfm_cfg_value_str(&cfg, RFM_K_mapping_layout, buf), "wshift");
	CU_ASSERT_STRING_EQUAL(rfm_cfg_value_str(&cfg, RFM_K_target_kind, buf), "generic");
	cfg.target_kind = 9;
	CU_ASSERT_STRING_EQUAL(rfm_cfg_value_str(&cfg, RFM_K_target_kind, buf), "9");
	CU_ASSERT_EQUAL(rfm_cfg_get(&cfg, RFM_K_target_kind), 9);
	CU_ASSERT_EQUAL(rfm_cfg_get(&cfg, RFM_K_sm_tag_bits), 8);
	CU_ASSERT_EQUAL(rfm_cfg_get(&cfg, RFM_K_sm_regs_per_thread), 63);
}

/* rfm_param_limits: the rules across keys as limits, the base's first, then each technique's. */
static void test_config_param_limits(void)
{
	char buf[512];
	ASSERT_HAS(rfm_param_limits(RFM_K_rf_entries, buf, sizeof(buf)), "the file at most 1 MiB");
	CU_ASSERT_STRING_EQUAL(rfm_param_limits(RFM_K_rf_subbanks, buf, sizeof(buf)),
			       "divides rf.lanes; with coalescing on: 4 (one sub-bank per byte of a lane); with edram on: 1 "
			       "(rows split by bit significance, not by lanes)");
	CU_ASSERT_STRING_EQUAL(rfm_param_limits(RFM_K_sm_schedulers, buf, sizeof(buf)), "at most sm.collectors");
	ASSERT_HAS(rfm_param_limits(RFM_K_sm_warps, buf, sizeof(buf)), "; with regmutex on: at least 2");
	ASSERT_HAS(rfm_param_limits(RFM_K_virtualization_exempt_regs, buf, sizeof(buf)),
		   "with virtualization on: at most virtualization.regs");
	CU_ASSERT_STRING_EQUAL(rfm_param_limits(RFM_K_sm_tag_bits, buf, sizeof(buf)), "");
	/* a short buffer is cut, never overrun */
	CU_ASSERT_EQUAL(strlen(rfm_param_limits(RFM_K_rf_lanes, buf, 8)), 7);
}

/* A key of a technique that is off, set to a value other than its default, is one warning line
 * naming the file, line, key, value and the switch; the load still succeeds. At its default, with
 * the technique on, or for the switch itself, no warning. Overrides are named by position. */
static void test_config_warn_idle_keys(void)
{
	static const char *const ov[] = {"rf.banks=2", "regmutex.paired=on"};
	rfm_cfg_t cfg;
	char *msg = NULL;
	CU_ASSERT_EQUAL(load_s(&cfg, "[coalescing]\nenable = off\nzero_gating = dynamic\n", &msg), RFM_OK);
	CU_ASSERT_EQUAL(cfg.warnings, 1);
	CU_ASSERT_EQUAL(count_lines(msg), 1);
	ASSERT_HAS(msg, "small.ini:3: warning: coalescing.zero_gating = dynamic does nothing: coalescing.enable = off "
			"(turn coalescing on, or drop the key)");
	free(msg);
	msg = NULL;
	CU_ASSERT_EQUAL(load_s(&cfg, "[virtualization]\nregs = 8\nexempt_regs = 2\n[hold]\nenable = off\n", &msg),
			RFM_OK);
	CU_ASSERT_EQUAL(cfg.warnings, 2);
	CU_ASSERT_EQUAL(count_lines(msg), 2);
	ASSERT_HAS(msg, "small.ini:2: warning: virtualization.regs = 8 does nothing: virtualization.enable = off");
	ASSERT_HAS(msg, "small.ini:3: warning: virtualization.exempt_regs = 2 does nothing");
	free(msg);
	msg = NULL;
	/* the same keys with the technique on; a key at its default; the switch alone */
	CU_ASSERT_EQUAL(load_s(&cfg, "[coalescing]\nenable = on\nzero_gating = dynamic\n", &msg), RFM_OK);
	CU_ASSERT_EQUAL(cfg.warnings, 0);
	CU_ASSERT_STRING_EQUAL(msg, "");
	free(msg);
	msg = NULL;
	CU_ASSERT_EQUAL(load_s(&cfg, "[coalescing]\nzero_gating = off\n[regmutex]\nenable = off\n", &msg), RFM_OK);
	CU_ASSERT_EQUAL(cfg.warnings, 0);
	CU_ASSERT_STRING_EQUAL(msg, "");
	free(msg);
	msg = NULL;
	CU_ASSERT_EQUAL(load_f(&cfg, NULL, ov, 2, &msg), RFM_OK);
	CU_ASSERT_EQUAL(cfg.warnings, 1);
	ASSERT_HAS(msg, "-s[2]: warning: regmutex.paired = on does nothing: regmutex.enable = off");
	free(msg);
	msg = NULL;
	/* an invalid load reports its errors only */
	CU_ASSERT_EQUAL(load_s(&cfg, "[coalescing]\nzero_gating = dynamic\n[rf]\nlanes = 0\n", &msg), RFM_EINVAL);
	CU_ASSERT_PTR_NULL(strstr(msg, "warning"));
	free(msg);
}

int test_config_register(void)
{
	static const struct {
		const char *name;   /* test name */
		CU_TestFunc fn;     /* test body */
	} tests[] = {
#define T(f) {#f, f}
		T(test_config_schema_table),
		T(test_config_defaults_match_schema),
		T(test_config_derived_fermi),
		T(test_config_derived_odd_sizes),
		T(test_config_empty_text_gives_defaults),
		T(test_config_names_from_path),
		T(test_config_missing_file_eio),
		T(test_config_directory_eio),
		T(test_config_accepted_syntax),
		T(test_config_err_unknown_section),
		T(test_config_err_unknown_key),
		T(test_config_err_key_before_section),
		T(test_config_err_duplicate_key),
		T(test_config_err_not_a_number),
		T(test_config_err_trailing_junk),
		T(test_config_err_negative),
		T(test_config_err_too_big),
		T(test_config_err_out_of_range),
		T(test_config_err_unknown_enum),
		T(test_config_err_empty_value),
		T(test_config_err_binary_bytes),
		T(test_config_err_nul_byte),
		T(test_config_err_syntax_no_equals),
		T(test_config_err_second_bom),
		T(test_config_err_section_brackets),
		T(test_config_err_long_line),
		T(test_config_err_all_collected),
		T(test_config_override_wins),
		T(test_config_override_later_wins),
		T(test_config_override_validated),
		T(test_config_override_malformed),
		T(test_config_rule_a_subbanks_divide),
		T(test_config_rule_b_warp_regs_fit),
		T(test_config_rule_h_coalescing),
		T(test_config_rule_i_edram),
		T(test_config_rule_j_finereg),
		T(test_config_rule_c_schedulers),
		T(test_config_rule_d_warps_fit),
		T(test_config_rule_e_storage),
		T(test_config_rules_skip_bad_keys),
		T(test_config_validate_code_filled),
		T(test_config_validate_copy_origin),
		T(test_config_echo_roundtrip),
		T(test_config_echo_format),
		T(test_config_hash),
		T(test_config_launch_fits),
		T(test_config_technique_table),
		T(test_config_slot_rule),
		T(test_config_range_str),
		T(test_config_value_str_get),
		T(test_config_warn_idle_keys),
		T(test_config_param_limits),
#undef T
	};
	CU_pSuite s = CU_add_suite("config", suite_init, suite_clean);
	size_t i;
	if (!s)
		return -1;
	for (i = 0; i < sizeof(tests) / sizeof(tests[0]); i++)
		if (!CU_add_test(s, tests[i].name, tests[i].fn))
			return -1;
	return 0;
}

#ifdef TEST_CONFIG_MAIN
/* Run the config suite alone (temporary; the project runner is verif/unit/main.c). */
int main(void)
{
	unsigned fails;
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	if (test_config_register() != 0) {
		CU_cleanup_registry();
		return 2;
	}
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	fails = CU_get_number_of_failures();
	CU_cleanup_registry();
	return fails ? 1 : 0;
}
#endif
