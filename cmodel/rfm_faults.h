/* rfm_faults.h - the planted faults of every technique, by name (docs/verification.md).
 *
 * Each technique lists its faults in cmodel/<technique>/faults.def: X(id, NAME, block, what it
 * breaks); the build collects every such file (rfm_faults_all.def, made by the Makefile), so a new
 * technique adds its list without touching shared code. A model carries fault id while
 * m->mutate == id and names it RFM_FAULT_<NAME> (rfm_fault_ids.h).
 * `make mutation` plants each one and requires the co-simulation or the model's own checker to
 * catch it; the harness takes +mutate=ID or +mutate=NAME.
 */
#ifndef RFM_FAULTS_H
#define RFM_FAULTS_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One planted fault. */
typedef struct rfm_fault_desc {
	unsigned id;       /* m->mutate value */
	const char *name;  /* NAME, as in RFM_FAULT_<NAME> */
	const char *block; /* RTL module whose model carries it */
	const char *what;  /* what it breaks */
} rfm_fault_desc_t;

/* Every planted fault, in id order within each technique; rfm_fault_count entries. */
extern const rfm_fault_desc_t rfm_faults[];
extern const unsigned rfm_fault_count;

/* The fault called name (either spelling: "XBAR_SLOT0_NEIGHBOUR" or "xbar-slot0-neighbour") or
 * with that decimal id; NULL when there is none. */
const rfm_fault_desc_t *rfm_fault_find(const char *name_or_id);

/* Print every fault's NAME to out, comma-separated, on lines of at most 100 characters that start
 * with two spaces, each line ended by a newline (the list a tool shows for an unknown name). */
void rfm_fault_print_names(FILE *out);

#ifdef __cplusplus
}
#endif

#endif /* RFM_FAULTS_H */
