/* test_faults.c - the planted-fault table (cmodel/rfm_faults.h): names, ids, lookups. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>

#include "rfm_block.h"
#include "rfm_fault_ids.h"
#include "rfm_faults.h"
#include "test_util.h"

/* Every fault has a unique id and name, a known block and a description. */
static void test_faults_table_consistent(void)
{
	unsigned i, j;
	CU_ASSERT_FATAL(rfm_fault_count >= 60);
	for (i = 0; i < rfm_fault_count; i++) {
		const rfm_fault_desc_t *f = &rfm_faults[i];
		CU_ASSERT(f->id > 0);
		CU_ASSERT(strlen(f->what) > 10);
		if (!rfm_block_find(f->block))
			CU_FAIL("a fault names a block that is not in the registry");
		for (j = 0; j < i; j++) {
			CU_ASSERT(rfm_faults[j].id != f->id);
			CU_ASSERT(strcmp(rfm_faults[j].name, f->name) != 0);
		}
	}
}

/* Lookups by id, by the enum's name and by the lower-case dashed spelling. */
static void test_faults_find(void)
{
	const rfm_fault_desc_t *f = rfm_fault_find("2");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_STRING_EQUAL(f->name, "XBAR_SLOT0_NEIGHBOUR");
	CU_ASSERT_EQUAL(f->id, RFM_FAULT_XBAR_SLOT0_NEIGHBOUR);
	CU_ASSERT_PTR_EQUAL(rfm_fault_find("XBAR_SLOT0_NEIGHBOUR"), f);
	CU_ASSERT_PTR_EQUAL(rfm_fault_find("xbar-slot0-neighbour"), f);
	f = rfm_fault_find("top-refused-write-ready");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL(f->id, 66);
	CU_ASSERT_STRING_EQUAL(f->block, "rf_top");
	CU_ASSERT_PTR_NULL(rfm_fault_find("xbar-slot0"));
	CU_ASSERT_PTR_NULL(rfm_fault_find("xbar-slot0-neighbour-"));
	CU_ASSERT_PTR_NULL(rfm_fault_find("9999"));
	CU_ASSERT_PTR_NULL(rfm_fault_find("0"));
	CU_ASSERT_PTR_NULL(rfm_fault_find(""));
	CU_ASSERT_PTR_NULL(rfm_fault_find("2x"));
}

/* The list of names a tool shows for an unknown one: every name once, lines of at most 100 characters. */
static void test_faults_print_names(void)
{
	static char buf[8192];
	char line[256];
	FILE *f = tmpfile();
	size_t n;
	unsigned i;
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	rfm_fault_print_names(f);
	rewind(f);
	while (fgets(line, sizeof(line), f))
		CU_ASSERT(strlen(line) <= 101 && strncmp(line, "  ", 2) == 0 && line[2] != ' ');
	rewind(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = 0;
	fclose(f);
	CU_ASSERT(n > 0 && n < sizeof(buf) - 1 && buf[n - 1] == '\n');
	for (i = 0; i < rfm_fault_count; i++) {
		char want[80];
		const char *at;
		snprintf(want, sizeof(want), " %s%s", rfm_faults[i].name, i + 1 < rfm_fault_count ? "," : "\n");
		at = strstr(buf, want);
		CU_ASSERT_PTR_NOT_NULL(at);
		if (at)
			CU_ASSERT_PTR_NULL(strstr(at + 1, want));
	}
}

int test_faults_register(void)
{
	CU_pSuite s = CU_add_suite("faults", NULL, NULL);
	if (!s || !CU_add_test(s, "test_faults_table_consistent", test_faults_table_consistent) ||
	    !CU_add_test(s, "test_faults_find", test_faults_find) ||
	    !CU_add_test(s, "test_faults_print_names", test_faults_print_names))
		return -1;
	return 0;
}
