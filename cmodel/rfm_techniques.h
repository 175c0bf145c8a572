/* rfm_techniques.h - the technique table (rfm_techniques.def) and the rf_top slots it fills.
 *
 * rf_top is a skeleton with fixed slots; a technique fills one of them (docs/architecture.md):
 *   ADMIT    launch fields and launch fit           exactly one: base unless a technique fills it
 *   LOCATE   (warp, reg) -> (bank, row) per access  exactly one: base mapping unless ...
 *   BACKEND  banks, arbiter, crossbar               exactly one: baseline unless ...
 *   STORAGE  the sub-bank array                     exactly one: SRAM unless ...
 *   SIDE     side-band parts                        any number
 * The only exclusion rule between techniques is one provider per exclusive slot (config.c refuses
 * a second one, naming the slot and both techniques); everything else a technique refuses is a
 * physical constraint of its own, checked by its validation hook.
 *
 * The table (config.c) is the one place that maps a technique's name to "is it on" and to its
 * slot: rfm_block_enabled asks rfm_technique_on, and code outside a technique's folder asks
 * rfm_tech_on / rfm_slot_provider rather than testing a section's enable key.
 */
#ifndef RFM_TECHNIQUES_H
#define RFM_TECHNIQUES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rfm_config.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The slots of rf_top: X(slot, exclusive, what it does, provider when no technique fills it). */
#define RFM_SLOTS(X)                                                                               \
	X(NONE, 0, "a sub-feature inside its parent's part", "-")                                  \
	X(ADMIT, 1, "launch fields and launch fit", "base")                                        \
	X(LOCATE, 1, "register placement", "base mapping")                                         \
	X(BACKEND, 1, "banks, arbiter and crossbar", "baseline")                                   \
	X(STORAGE, 1, "sub-bank storage array", "SRAM")                                            \
	X(SIDE, 0, "side-band part", "-")

/* A slot of rf_top (RFM_SLOT_<slot>). */
typedef enum rfm_top_slot {
#define X(s, ...) RFM_SLOT_##s,
	RFM_SLOTS(X)
#undef X
	RFM_SLOT_COUNT /* number of slots */
} rfm_top_slot_t;

/* One slot's description. */
typedef struct rfm_top_slot_info {
	const char *name;     /* "LOCATE" */
	int exclusive;        /* 1: exactly one provider; 0: any number (or none, for NONE) */
	const char *what;     /* what the slot does, as messages say it */
	const char *baseline; /* the provider when no technique fills the slot ("-": none) */
} rfm_top_slot_info_t;

/* The slots, indexed by rfm_top_slot_t. */
extern const rfm_top_slot_info_t rfm_top_slots[RFM_SLOT_COUNT];

/* A technique (RFM_TECH_<name>, in table order); RFM_TECH_none is "no technique". */
typedef enum rfm_tech {
	RFM_TECH_none = -1, /* no technique: the baseline */
#define X(name, ...) RFM_TECH_##name,
#include "rfm_techniques.def"
#undef X
	RFM_TECH_COUNT /* number of techniques */
} rfm_tech_t;

struct rfm_inv_row; /* rfm_inventory.h */

/* A limit on a key beyond its own range, from a rule across keys: the key and the rule in words. */
typedef struct rfm_param_limit {
	rfm_key_t key;    /* the key limited */
	const char *text; /* the rule, e.g. "divides rf.lanes" */
} rfm_param_limit_t;

/* A technique's hooks (each may be NULL), defined in its cmodel/<folder>/config_<tech>.c and called
 * only while it is on. */
typedef struct rfm_tech_hooks {
	/* print every violated rule of its own (via rfm_rule_msg), skipping rules on keys marked in
	 * bad[RFM_K_COUNT]; returns the number printed */
	unsigned (*check)(rfm_cfg_t *cfg, FILE *err, const unsigned char *bad);
	/* fill its fields of cfg->d (zero before the call) from the keys and the base fields of cfg->d */
	void (*derive)(rfm_cfg_t *cfg);
	/* a LOCATE technique that places registers in fewer rows of a bank than rf.entries: those
	 * rows, from its keys; 0 while a key it needs is marked in bad[RFM_K_COUNT] (bad may be NULL:
	 * every key good). The rows every other part builds on (rfm_cfg_bank_rows, cfg->d.bank_rows). */
	unsigned (*bank_rows)(const rfm_cfg_t *cfg, const unsigned char *bad);
	/* append its storage rows (rfm_inv_add) to rows[0..n); returns the new count */
	unsigned (*inventory)(const rfm_cfg_t *cfg, struct rfm_inv_row *rows, unsigned n);
	/* its notes after the storage inventory of `rtl_gen --report` */
	void (*report)(const rfm_cfg_t *cfg, FILE *f);
	/* its rules across keys, Markdown list lines for docs/config.md ("Rules across keys") */
	const char *rules_md;
	/* the limits its rules put on keys (its own and shared ones), ended by {RFM_K_COUNT, NULL};
	 * rtl_gen --list-params shows them beside each key's range */
	const rfm_param_limit_t *limits;
	/* NULL when rf_top has its parts; else why not: its config is validated and reported
	 * (rtl_gen --report), and whatever builds rf_top refuses it (rfm_cfg_buildable) */
	const char *no_rtl;
} rfm_tech_hooks_t;

/*
 * The limits of key k beyond its own range, from the rules across keys of the base and of every
 * technique (each prefixed "with <technique> on: "), "; "-separated, into buf (cap bytes).
 * Returns buf ("" when the range is the whole story).
 */
const char *rfm_param_limits(rfm_key_t k, char *buf, size_t cap);

/* The rows of a bank that rf_top's banks have: rf.entries, or the LOCATE technique's own
 * (rfm_tech_hooks_t.bank_rows); 0 while a key they come from is marked in bad (NULL: all good).
 * A STORAGE or SIDE rule on the banks' rows uses it, since it runs before rfm_cfg_derive. */
unsigned rfm_cfg_bank_rows(const rfm_cfg_t *cfg, const unsigned char *bad);

/* 0 when every technique on in cfg has its rf_top parts; else -1 after one line per technique
 * that has none ("ORIGIN sec.enable = on: WHY (legal: off)") on err. */
int rfm_cfg_buildable(const rfm_cfg_t *cfg, FILE *err);

/* One line of the technique table. */
typedef struct rfm_technique {
	const char *name;    /* technique name, the feature of its blocks in rfm_blocks.def */
	const char *section; /* its config section */
	rfm_top_slot_t slot; /* the slot it fills (RFM_SLOT_NONE: a sub-feature of parent) */
	rfm_tech_t parent;   /* the technique it refines, or RFM_TECH_none */
	rfm_key_t on_key;    /* the key that turns it on */
	uint32_t on_min;     /* it is on when on_key >= on_min */
	const rfm_tech_hooks_t *hooks; /* its rules, derived values, inventory and report */
} rfm_technique_t;

/* The technique table, indexed by rfm_tech_t. */
extern const rfm_technique_t rfm_techniques[RFM_TECH_COUNT];

/* 1 when technique t is on in cfg (its key reaches on_min and its parent is on); 0 for none. */
int rfm_tech_on(const rfm_cfg_t *cfg, rfm_tech_t t);

/* The technique called name, or RFM_TECH_none. */
rfm_tech_t rfm_tech_find(const char *name);

/* 1 when name is "base" (always on) or a technique that is on in cfg; 0 for unknown names. */
int rfm_technique_on(const rfm_cfg_t *cfg, const char *name);

/* The first technique (table order) on in cfg that fills slot s, or RFM_TECH_none (the
 * baseline provider); for an exclusive slot a valid cfg has at most one. */
rfm_tech_t rfm_slot_provider(const rfm_cfg_t *cfg, rfm_top_slot_t s);

/* The hooks named in rfm_techniques.def (each in its technique's config_<tech>.c). */
#define X(name, sec, slot, parent, key, min, hooks) extern const rfm_tech_hooks_t hooks;
#include "rfm_techniques.def"
#undef X

/* Helpers for the hooks. */

/* Size of a buffer for a "(legal: ...)" text or a '|'-joined list. */
#define RFM_LIST_MAX 512

/* 1 when key sec_key was not already found bad (bad as passed to a validation hook). */
#define RFM_GOOD(bad, key) (!(bad)[RFM_K_##key])

/* Print one rule violation on key k: "ORIGIN sec.key = v[ (default)]: WHAT (legal: LEGAL)", where
 * ORIGIN is "file:line: ", "-s[N]: " or "file: " (the message format of rfm_config.h). */
void rfm_rule_msg(const rfm_cfg_t *cfg, FILE *err, rfm_key_t k, const char *legal, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* Append s to the '|'-joined list in buf (cap bytes). */
void rfm_list_add(char *buf, size_t cap, const char *s);

#ifdef __cplusplus
}
#endif

#endif /* RFM_TECHNIQUES_H */
