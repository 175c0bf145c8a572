/* test_util.h - helpers shared by the CUnit suites: configs from text, ports by name, cycles. */
#ifndef TEST_UTIL_H
#define TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>

#include "rfm_block.h"
#include "rfm_config.h"

/* Load a config from INI text; returns 0 on success (messages go to stderr). */
int tu_cfg(rfm_cfg_t *cfg, const char *text);
/* Load a config from INI text; a failure ends the current test. */
void tu_cfg_ok(rfm_cfg_t *cfg, const char *text);
/* Loading INI text (named "t.ini") is refused with exactly the messages msg. */
void tu_cfg_rejects(const char *text, const char *msg);
/* Set a port (width <= 64) by name; fails the current test if the port does not exist. */
void tu_set(rfm_model_t *m, const char *name, uint64_t v);
/* Read a port (width <= 64) by name. */
uint64_t tu_get(rfm_model_t *m, const char *name);
/* Words of a port by name. */
uint32_t *tu_wide(rfm_model_t *m, const char *name);
/* Zero every input of a model. */
void tu_clear_inputs(rfm_model_t *m);
/* One clock cycle: eval, then tick. */
void tu_cycle(rfm_model_t *m);

/* Run a model of module under its own stimulus and checker for cycles cycles (reset in cycles 0
 * and 1) with planted fault mutate; returns 0, or the first cycle the checker failed (1 if the
 * config or the model could not be made). */
uint64_t tu_run_checked(const char *text, const char *module, unsigned mutate, uint64_t cycles);

/* Suite registration functions, one per file. */
int test_config_register(void);
int test_gen_register(void);
int test_faults_register(void);

#endif /* TEST_UTIL_H */
