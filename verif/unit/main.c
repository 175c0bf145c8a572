/* main.c - the CUnit runner: every suite, exit status non-zero on any failure. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

int tu_cfg(rfm_cfg_t *cfg, const char *text)
{
	return rfm_cfg_load_string(cfg, "test.ini", text, strlen(text), stderr) == RFM_OK ? 0 : -1;
}

void tu_cfg_ok(rfm_cfg_t *cfg, const char *text) { CU_ASSERT_FATAL(tu_cfg(cfg, text) == 0); }

void tu_cfg_rejects(const char *text, const char *msg)
{
	char buf[1024] = "";
	FILE *f = fmemopen(buf, sizeof(buf), "w");
	rfm_cfg_t c;
	CU_ASSERT_FATAL(f != NULL);
	CU_ASSERT_EQUAL(rfm_cfg_load_string(&c, "t.ini", text, strlen(text), f), RFM_EINVAL);
	fclose(f);
	if (strcmp(buf, msg))
		fprintf(stderr, "\n  want: %s  got:  %s", msg, buf);
	CU_ASSERT_STRING_EQUAL(buf, msg);
}

static int find(rfm_model_t *m, const char *name)
{
	int i = rfm_ports_find(&m->ports, name);
	if (i < 0) {
		fprintf(stderr, "test: no port %s in %s\n", name, m->module);
		CU_FAIL_FATAL("unknown port");
	}
	return i;
}

void tu_set(rfm_model_t *m, const char *name, uint64_t v) { rfm_set(m, (unsigned)find(m, name), v); }
uint64_t tu_get(rfm_model_t *m, const char *name) { return rfm_get(m, (unsigned)find(m, name)); }
uint32_t *tu_wide(rfm_model_t *m, const char *name) { return rfm_wide(m, (unsigned)find(m, name)); }

void tu_clear_inputs(rfm_model_t *m)
{
	unsigned i;
	for (i = 0; i < m->ports.n; i++)
		if (m->ports.p[i].dir == RFM_IN)
			memset(m->io + m->ports.p[i].off, 0, m->ports.p[i].words * sizeof(uint32_t));
}

void tu_cycle(rfm_model_t *m)
{
	rfm_model_eval(m);
	rfm_model_tick(m);
}

uint64_t tu_run_checked(const char *text, const char *module, unsigned mutate, uint64_t cycles)
{
	rfm_cfg_t cfg;
	rfm_model_t *m;
	rfm_rng_t rng;
	uint64_t c, bad = 0;
	FILE *null = fopen("/dev/null", "w");
	if (tu_cfg(&cfg, text) || !null) {
		if (null)
			fclose(null);
		return 1;
	}
	m = rfm_model_create(module, &cfg);
	if (!m) {
		fclose(null);
		return 1;
	}
	m->mutate = mutate;
	rfm_rng_seed(&rng, 7);
	for (c = 0; c < cycles && !bad; c++) {
		m->ops->stim(m, &rng, c);
		if (m->rst >= 0)
			rfm_set(m, (unsigned)m->rst, c >= 2);
		rfm_model_eval(m);
		if (m->ops->check(m, c, null))
			bad = c ? c : 1;
		rfm_model_tick(m);
	}
	rfm_model_destroy(m);
	fclose(null);
	return bad;
}

/* The suites: the shared ones (verif/unit/), then every technique folder's (cmodel/<technique>/
 * test_<x>.c registers test_<x>, listed by the build in unit_suites.def). */
int test_vcd_register(void);
#define X(suite) int suite##_register(void);
#include "unit_suites.def"
#undef X
static int (*const suites[])(void) = {
	test_config_register, test_gen_register, test_faults_register, test_vcd_register,
#define X(suite) suite##_register,
#include "unit_suites.def"
#undef X
};

int main(void)
{
	unsigned failures, i;
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	for (i = 0; i < sizeof(suites) / sizeof(suites[0]); i++)
		if (suites[i]())
			break;
	if (i < sizeof(suites) / sizeof(suites[0])) {
		fprintf(stderr, "unit: cannot register the suites: %s\n", CU_get_error_msg());
		CU_cleanup_registry();
		return 2;
	}
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	failures = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
	printf("\nunit: %u asserts, %u tests run, %u failed\n", CU_get_number_of_asserts(),
	       CU_get_number_of_tests_run(), CU_get_number_of_tests_failed());
	CU_cleanup_registry();
	return failures ? 1 : 0;
}
