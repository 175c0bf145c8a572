/* faults.c - the table of planted faults (rfm_faults.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_fault_ids.h"
#include "rfm_faults.h"

const rfm_fault_desc_t rfm_faults[] = {
#define X(id, name, block, what) {id, #name, #block, what},
#include "rfm_faults_all.def"
#undef X
};
const unsigned rfm_fault_count = sizeof(rfm_faults) / sizeof(rfm_faults[0]);

/* a equals the upper-case name b, with '-' standing for '_' and letters in either case */
static int same_name(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char ca = *a == '-' ? '_' : (char)toupper((unsigned char)*a);
		if (ca != *b)
			return 0;
	}
	return *a == *b;
}

const rfm_fault_desc_t *rfm_fault_find(const char *name_or_id)
{
	unsigned i;
	char *end;
	unsigned long id;
	if (!name_or_id || !*name_or_id)
		return NULL;
	id = strtoul(name_or_id, &end, 10);
	for (i = 0; i < rfm_fault_count; i++)
		if (*end ? same_name(name_or_id, rfm_faults[i].name) : rfm_faults[i].id == id)
			return &rfm_faults[i];
	return NULL;
}

void rfm_fault_print_names(FILE *out)
{
	unsigned i;
	size_t col = 0;
	for (i = 0; i < rfm_fault_count; i++) {
		size_t w = strlen(rfm_faults[i].name) + (i + 1 < rfm_fault_count); /* the name and its comma */
		if (col && col + 1 + w > 100) {
			fputc('\n', out);
			col = 0;
		}
		fprintf(out, "%s%s%s", col ? " " : "  ", rfm_faults[i].name, i + 1 < rfm_fault_count ? "," : "");
		col += (col ? 1 : 2) + w;
	}
	if (col)
		fputc('\n', out);
}

/* Two faults with one id fail to compile (duplicate case labels). */
static inline void rfm_fault_ids_unique(unsigned id)
{
	switch (id) {
#define X(fid, name, block, what) case fid:
#include "rfm_faults_all.def"
#undef X
	default: break;
	}
}
