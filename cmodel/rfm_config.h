/* rfm_config.h - the configuration of one register file: schema, parser, validation, derived values.
 *
 * The schema is declared once, in RFM_SCHEMA below. It drives the INI parser, the -s overrides,
 * range validation, `rtl_gen --list-params`, the config echo in generated files and docs/config.md.
 * Every other part of the project (generator, models, harnesses, reports) reads an rfm_cfg_t made
 * here and never re-derives a parameter on its own: derived values live in rfm_cfg_t.d.
 */
#ifndef RFM_CONFIG_H
#define RFM_CONFIG_H

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status of a config or model call: errors are values, never exit(). */
typedef enum rfm_status {
	RFM_OK = 0,      /* success */
	RFM_EINVAL = 2,  /* bad input: a config rule was violated (message printed) */
	RFM_EIO = 1,     /* a file could not be read or written */
	RFM_ENOMEM = 3,  /* out of memory */
} rfm_status_t;

/* Kinds of schema entries. */
typedef enum rfm_type {
	RFM_T_INT,  /* unsigned integer in [min, max] */
	RFM_T_ENUM, /* one of a list of names; stored as the index of the name */
	RFM_T_FRAC, /* a fraction 0..1 written as a decimal ("0.001", "1e-3"); stored in parts per 10^9 */
} rfm_type_t;

/* Enum value names (index order is the stored value). */
#define RFM_ENUM_LAYOUT "wid", "wshift"
#define RFM_ENUM_TARGET "generic", "ice40", "asic"
#define RFM_ENUM_WCONF "bank", "entry"
#define RFM_ENUM_ONOFF "off", "on"
#define RFM_ENUM_VPOLICY "consolidate", "spread"
#define RFM_ENUM_CALIGN "reg"
#define RFM_ENUM_CPARITY "entry", "reg"
#define RFM_ENUM_ZGATE "off", "active_mask", "in_lane", "cross_lane", "dynamic"
#define RFM_ENUM_ENODE "22nm", "16nm", "11nm"
#define RFM_ENUM_EDECAY "off", "paper", "retention"
#define RFM_ENUM_ETABLE "zero", "worst", "stress"
#define RFM_ENUM_RMXLATE "mul", "precomp"

/* Stored values of the enum keys. */
enum { RFM_LAYOUT_WID = 0, RFM_LAYOUT_WSHIFT = 1 };
enum { RFM_TARGET_GENERIC = 0, RFM_TARGET_ICE40 = 1, RFM_TARGET_ASIC = 2 };
enum { RFM_WCONF_BANK = 0, RFM_WCONF_ENTRY = 1 };
enum { RFM_OFF = 0, RFM_ON = 1 };
enum { RFM_VP_CONSOLIDATE = 0, RFM_VP_SPREAD = 1 };
enum { RFM_CALIGN_REG = 0 };
enum { RFM_CPARITY_ENTRY = 0, RFM_CPARITY_REG = 1 };
enum { RFM_EN_22NM = 0, RFM_EN_16NM = 1, RFM_EN_11NM = 2 };
enum { RFM_ED_OFF = 0, RFM_ED_PAPER = 1, RFM_ED_RETENTION = 2 };
enum { RFM_ET_ZERO = 0, RFM_ET_WORST = 1, RFM_ET_STRESS = 2 };
enum { RFM_RMX_MUL = 0, RFM_RMX_PRECOMP = 1 };
enum { RFM_ZG_OFF = 0, RFM_ZG_ACTIVE = 1, RFM_ZG_IN_LANE = 2, RFM_ZG_CROSS_LANE = 3, RFM_ZG_DYNAMIC = 4 };

/*
 * The schema: X(section, key, type, default, min, max, enum names, help).
 * For RFM_T_ENUM, min/max are 0 and the number of names minus one; default is an index.
 * The C field is cfg->section_key. Keep the order: it is the order of --list-params and the echo.
 */
#define RFM_SCHEMA(X)                                                                              \
	X(rf, lanes, RFM_T_INT, 32, 1, 64, NULL,                                                   \
	  "SIMT lanes per warp: a warp register holds one lane_bits value per lane")              \
	X(rf, lane_bits, RFM_T_INT, 32, 1, 64, NULL, "bits per lane of a warp register")            \
	X(rf, banks, RFM_T_INT, 4, 1, 32, NULL, "register-file banks; each holds whole warp registers") \
	X(rf, entries, RFM_T_INT, 256, 1, 4096, NULL, "warp registers (rows) per bank")             \
	X(rf, subbanks, RFM_T_INT, 4, 1, 64, NULL,                                                 \
	  "sub-banks per bank: each row is split into this many lane groups (must divide lanes)")  \
	X(rf, read_ports, RFM_T_INT, 1, 1, 2, NULL, "read ports per bank (reads granted per bank per cycle)") \
	X(rf, write_ports, RFM_T_INT, 1, 1, 2, NULL,                                               \
	  "write-back ports of the register file; every bank has this many write ports")           \
	X(rf, write_conflict, RFM_T_ENUM, RFM_WCONF_BANK, 0, 1, rfm_enum_wconf,                    \
	  "what a write-back blocks for one cycle: every read of its bank, or only reads of its entry") \
	X(sm, warps, RFM_T_INT, 48, 1, 64, NULL, "warp slots of the SM (hardware maximum of resident warps)") \
	X(sm, regs_per_thread, RFM_T_INT, 63, 1, 255, NULL,                                        \
	  "architected registers per thread (hardware maximum register id + 1)")                   \
	X(sm, schedulers, RFM_T_INT, 2, 1, 4, NULL,                                                \
	  "warp schedulers: one issue port and one dispatch port each")                            \
	X(sm, collectors, RFM_T_INT, 4, 1, 16, NULL, "operand collector units")                     \
	X(sm, operands, RFM_T_INT, 3, 1, 3, NULL, "source operands per instruction (collector slots)") \
	X(sm, tag_bits, RFM_T_INT, 8, 1, 16, NULL,                                                 \
	  "width of the instruction tag carried from issue to dispatch")                           \
	X(mapping, layout, RFM_T_ENUM, RFM_LAYOUT_WSHIFT, 0, 1, rfm_enum_layout,                   \
	  "register-to-bank layout: wid (a warp's registers in one bank) or wshift ((reg + warp) % banks)") \
	X(stats, counter_bits, RFM_T_INT, 32, 4, 64, NULL,                                         \
	  "width of the event counters on rf_top (they wrap around)")                              \
	X(target, kind, RFM_T_ENUM, RFM_TARGET_GENERIC, 0, 2, rfm_enum_target,                     \
	  "implementation target: generic, ice40 (block RAM attributes) or asic (SRAM macro storage)") \
	X(target, clock_ps, RFM_T_INT, 10000, 100, 1000000, NULL,                                  \
	  "clock period in ps that timing reports measure slack against")                          \
	X(regmutex, enable, RFM_T_ENUM, RFM_OFF, 0, 1, rfm_enum_onoff,                            \
	  "RegMutex: base register sets per warp plus a shared register pool of extended sets")      \
	X(regmutex, paired, RFM_T_ENUM, RFM_OFF, 0, 1, rfm_enum_onoff,                            \
	  "paired-warps mode: warps 2p and 2p+1 time-share one extended set (no LUT, no SRP bitmask)") \
	X(regmutex, regs, RFM_T_INT, 24, 1, 255, NULL,                                             \
	  "registers per thread of the reference kernel (base + extended set; reports and stimulus)") \
	X(regmutex, ext_regs, RFM_T_INT, 0, 0, 254, NULL,                                          \
	  "extended set size Es of the reference kernel; 0 picks it by the paper's rule from regs")  \
	X(regmutex, warps, RFM_T_INT, 0, 0, 64, NULL,                                              \
	  "resident warps of the reference kernel; 0: as many as the base sets allow")             \
	X(regmutex, xlate, RFM_T_ENUM, RFM_RMX_PRECOMP, 0, 1, rfm_enum_rmxlate,                   \
	  "translation: precomp (per-warp base tables: a mux and an add per access) or mul (multiplies by Bs and Es)") \
	X(virtualization, enable, RFM_T_ENUM, RFM_OFF, 0, 1, rfm_enum_onoff,                      \
	  "register file virtualization: renaming table, availability flags, release flags")       \
	X(virtualization, rt_budget_bits, RFM_T_INT, 0, 0, 1048576, NULL,                          \
	  "renaming-table budget in bits of physical ids; 0: unconstrained (warps x regs_per_thread entries)") \
	X(virtualization, rt_banks, RFM_T_INT, 4, 1, 8, NULL,                                      \
	  "renaming-table banks: one source lookup per bank per cycle")                           \
	X(virtualization, policy, RFM_T_ENUM, RFM_VP_CONSOLIDATE, 0, 1, rfm_enum_vpolicy,         \
	  "free-register choice: consolidate (lowest free id) or spread (one sub-array group further each time)") \
	X(virtualization, subarrays, RFM_T_INT, 4, 1, 64, NULL,                                    \
	  "sub-arrays per bank: power-gating domains (must divide rf.entries)")                   \
	X(virtualization, rfc_entries, RFM_T_INT, 0, 0, 64, NULL,                                  \
	  "release-flag-cache entries; 0: one per warp slot")                                      \
	X(virtualization, regs, RFM_T_INT, 21, 1, 255, NULL,                                       \
	  "registers per thread of the reference kernel (reports and stimulus)")                   \
	X(virtualization, exempt_regs, RFM_T_INT, 0, 0, 255, NULL,                                 \
	  "renaming-exempt registers of the reference kernel (the highest register ids)")          \
	X(virtualization, warps, RFM_T_INT, 0, 0, 64, NULL,                                        \
	  "resident warps of the reference kernel; 0: as many as fit")                             \
	X(coalescing, enable, RFM_T_ENUM, RFM_OFF, 0, 1, rfm_enum_onoff,                          \
	  "coalescing-aware register file: narrow values in fewer sub-banks, two accesses per bank") \
	X(coalescing, alignment, RFM_T_ENUM, RFM_CALIGN_REG, 0, 0, rfm_enum_calign,               \
	  "alignment scheme: reg (even registers right-aligned, odd registers byte-swapped)")      \
	X(coalescing, parity, RFM_T_ENUM, RFM_CPARITY_ENTRY, 0, 1, rfm_enum_cparity,              \
	  "what is even or odd: the physical row (entry) or the register id (reg)")                \
	X(coalescing, zero_gating, RFM_T_ENUM, RFM_ZG_OFF, 0, 4, rfm_enum_zgate,                  \
	  "zero-data gating: off, active_mask, in_lane, cross_lane or dynamic (each includes active_mask)") \
	X(hold, enable, RFM_T_ENUM, RFM_OFF, 0, 1, rfm_enum_onoff,                                \
	  "bank holds: rf_top ports hold_req_i / hold_gnt_o keep banks free of reads for a cycle")   \
	X(hold, force, RFM_T_ENUM, RFM_OFF, 0, 1, rfm_enum_onoff,                                 \
	  "forced holds: input hold_force_i; a forced hold also wins over write-backs (refused: wb<p>_ready_o = 0)") \
	X(edram, enable, RFM_T_ENUM, RFM_OFF, 0, 1, rfm_enum_onoff,                               \
	  "eDRAM approximate register file: critical and noncritical sub-arrays, per-row precision flags, refresh") \
	X(edram, crit_bits, RFM_T_INT, 16, 1, 63, NULL,                                            \
	  "upper bits of every lane refreshed every sweep (the critical segment); must be below rf.lane_bits") \
	X(edram, counter_bits, RFM_T_INT, 3, 1, 8, NULL,                                           \
	  "refresh-counter width M: an approximate row's noncritical bits are refreshed every 2^M sweeps") \
	X(edram, node, RFM_T_ENUM, RFM_EN_11NM, 0, 2, rfm_enum_enode,                              \
	  "technology node of the paper's Table 1: energies for the report, and the retention when retention = 0") \
	X(edram, retention, RFM_T_INT, 0, 0, 65535, NULL,                                          \
	  "retention T0 in cycles (the nominal refresh period); 0: the node's (2048, 1024, 512)") \
	X(edram, max_defer, RFM_T_INT, 0, 0, 255, NULL,                                            \
	  "cycles a due refresh may wait for its bank to be idle before it is forced") \
	X(edram, read_restores, RFM_T_ENUM, RFM_OFF, 0, 1, rfm_enum_onoff,                        \
	  "a read restores the row's cells like a refresh (decay overlay only; 3T1D reads do not)") \
	X(edram, decay, RFM_T_ENUM, RFM_ED_OFF, 0, 2, rfm_enum_edecay,                             \
	  "simulation-only decay overlay: off, paper (the paper's injection at a BER) or retention (a per-cell table)") \
	X(edram, table, RFM_T_ENUM, RFM_ET_STRESS, 0, 2, rfm_enum_etable,                          \
	  "retention table of decay = retention: zero (no cell fails), worst (every cell T0 + 1), stress") \
	X(edram, ber, RFM_T_FRAC, 1000000, 0, 1000000000, NULL,                                    \
	  "bit error rate of decay = paper over 2^M T0, a fraction (0.001 or 1e-3)")               \
	X(edram, seed, RFM_T_INT, 1, 0, 4294967295u, NULL, "seed of the decay overlay's cell draws and tables") \
	X(finereg, enable, RFM_T_ENUM, RFM_OFF, 0, 1, rfm_enum_onoff,                             \
	  "FineReg: the file split into an active-CTA file (ACRF, the banks) and a pending-CTA file (PCRF, live registers)") \
	X(finereg, acrf_regs, RFM_T_INT, 512, 1, 131072, NULL,                                      \
	  "warp registers of the ACRF, in the banks (rf.banks x rf.entries = acrf_regs + pcrf_regs)") \
	X(finereg, pcrf_regs, RFM_T_INT, 512, 1, 4096, NULL,                                        \
	  "warp registers (entries) of the PCRF, chained per pending CTA")                         \
	X(finereg, ptr_bits, RFM_T_INT, 0, 0, 16, NULL,                                             \
	  "width of a PCRF pointer (tag next field, pointer table head); 0: clog2(pcrf_regs)")      \
	X(finereg, resident_ctas, RFM_T_INT, 128, 1, 1024, NULL,                                    \
	  "resident-CTA limit: CTAs active or pending at once (pointer table and status monitor lines)") \
	X(finereg, active_ctas, RFM_T_INT, 32, 1, 1024, NULL,                                       \
	  "active-CTA limit: CTAs whose context is in the pipeline at once")                       \
	X(finereg, cta_warps, RFM_T_INT, 32, 1, 32, NULL,                                           \
	  "warps per CTA, maximum (the width of a PCRF tag's warp id)")                             \
	X(finereg, cache_entries, RFM_T_INT, 32, 1, 1024, NULL,                                     \
	  "live-register bit-vector cache entries, direct mapped (a power of two)")                \
	X(finereg, pcrf_latency, RFM_T_INT, 4, 4, 64, NULL,                                         \
	  "cycles of a PCRF access (tag and register), pipelined: one beat a cycle")               \
	X(finereg, beat_bytes, RFM_T_INT, 32, 4, 128, NULL,                                         \
	  "bytes a register move carries per cycle (the PCRF port and the ACRF bank port)")        \
	X(finereg, bv_latency, RFM_T_INT, 400, 1, 100000, NULL,                                     \
	  "cycles from a bit-vector cache miss to its fill from memory")                           \
	X(finereg, kernel_warps, RFM_T_INT, 4, 1, 32, NULL,                                         \
	  "warps per CTA of the reference kernel (ACRF slots, reports and stimulus)")              \
	X(finereg, kernel_regs, RFM_T_INT, 16, 1, 64, NULL,                                         \
	  "registers per thread of the reference kernel (at most 64: the live vector's width)")

/* Name lists of the enum keys (NULL-terminated). */
extern const char *const rfm_enum_layout[];
extern const char *const rfm_enum_target[];
extern const char *const rfm_enum_wconf[];
extern const char *const rfm_enum_onoff[];
extern const char *const rfm_enum_vpolicy[];
extern const char *const rfm_enum_calign[];
extern const char *const rfm_enum_cparity[];
extern const char *const rfm_enum_zgate[];
extern const char *const rfm_enum_enode[];
extern const char *const rfm_enum_edecay[];
extern const char *const rfm_enum_etable[];
extern const char *const rfm_enum_rmxlate[];

/* Index of every schema key, in schema order. */
typedef enum rfm_key {
#define X(sec, key, ...) RFM_K_##sec##_##key,
	RFM_SCHEMA(X)
#undef X
	RFM_K_COUNT /* number of keys */
} rfm_key_t;

/* One schema entry, as a table the parser and the tools walk. */
typedef struct rfm_param {
	const char *section;       /* INI section name */
	const char *key;           /* key name inside the section */
	rfm_type_t type;           /* integer or enum */
	uint64_t def;              /* default value (enum: index) */
	uint64_t min;              /* smallest legal value */
	uint64_t max;              /* largest legal value */
	const char *const *names;  /* enum names, NULL-terminated; NULL for integers */
	const char *help;          /* one line of meaning */
} rfm_param_t;

/* The schema table, RFM_K_COUNT entries. */
extern const rfm_param_t rfm_params[RFM_K_COUNT];

/* Values derived from the keys: computed once, in rfm_cfg_derive(). */
typedef struct rfm_derived {
	unsigned wreg_bits;      /* bits of one warp register: lanes * lane_bits */
	unsigned sb_lanes;       /* lanes per sub-bank: lanes / subbanks */
	unsigned sb_bits;        /* bits per sub-bank row: sb_lanes * lane_bits */
	unsigned bank_w;         /* width of a bank index: clog2(banks) */
	unsigned entry_w;        /* width of a row index: clog2(entries) */
	unsigned warp_w;         /* width of a warp id: clog2(warps) */
	unsigned reg_w;          /* width of a register id: clog2(regs_per_thread) */
	unsigned nwarps_w;       /* width of a warp count 0..warps: clog2(warps + 1) */
	unsigned nregs_w;        /* width of a register count 0..regs_per_thread */
	unsigned nq;             /* read requesters: collectors * operands (q = c * operands + s) */
	unsigned q_w;            /* width of a requester index: clog2(nq) */
	unsigned rport_w;        /* width of a read-port index: clog2(read_ports) */
	unsigned src_n;          /* bank read ports in all: banks * read_ports */
	unsigned src_w;          /* width of a crossbar source index: clog2(src_n) */
	unsigned cu_w;           /* width of a collector index: clog2(collectors) */
	unsigned nq_cnt_w;       /* width of a count 0..nq */
	uint64_t rf_bits;        /* storage bits: banks * entries * lanes * lane_bits */
	uint64_t rf_bytes;       /* rf_bits / 8, rounded up */
	unsigned bank_rows;      /* rows a bank holds: rf.entries, or FineReg's ACRF rows (the rest of the
	                          * file is its PCRF) */
	unsigned warp_regs;      /* warp registers the file holds: banks * entries */
	unsigned pack_w;         /* width of a warp-register (pack) index: clog2(warp_regs) */
	/* RegMutex reference kernel (docs/regmutex.md); 0 when [regmutex] is off */
	unsigned rm_regs;        /* R: registers per thread */
	unsigned rm_es;          /* Es: extended set size (given, or by the paper's rule) */
	unsigned rm_bs;          /* Bs = R - Es */
	unsigned rm_warps;       /* resident warps */
	unsigned rm_srp_off;     /* first pack of the shared register pool: warps * Bs */
	unsigned rm_sections;    /* SRP sections: min(sm.warps, (warp_regs - srp_off) / Es) */
	unsigned rm_state_bits;  /* allocator state: warps x (2 + clog2(warps)); paired: warps */
	/* register file virtualization (docs/virtualization.md); 0 when [virtualization] is off */
	unsigned rt_depth;       /* renaming-table entries */
	unsigned rt_bank_depth;  /* entries per renaming-table bank: rt_depth / rt_banks */
	unsigned rt_idx_w;       /* width of a table index: clog2(rt_depth) */
	unsigned rfc_entries;    /* release-flag-cache entries */
	unsigned sa_rows;        /* rows per sub-array: entries / subarrays */
	unsigned domains;        /* power-gating domains: banks x subarrays */
	unsigned vt_warps;       /* reference kernel: resident warps */
	unsigned vt_ren;         /* reference kernel: renamed registers per thread (regs - exempt) */
	const char *array_mod;   /* the storage array module the banks instantiate: rf_sram, or rf_coal_sram (coalescing) */
	unsigned coll_ext_ops;   /* 1: rf_collector keeps no operand values: a buffer outside it holds them (q<i>_op_i),
	                          * and it shows its issue and dispatch choices (set by coalescing's derive) */
	unsigned bank_force;     /* 1: a part can force bank holds (hold.force; eDRAM refresh): a write-back to a
	                          * force-held bank is refused and write-backs have a ready output, wb<p>_ready_o */
	unsigned ctag_w;         /* collector tag: tag_bits, plus (virtualization) per operand a release flag and the register */
	/* coalescing-aware register file (docs/coalescing.md); 0 when [coalescing] is off */
	unsigned cw_bytes;       /* bytes per lane = sub-banks of a bank (4) */
	unsigned cw_mb_bits;     /* mask buffer: warp_regs x {sign, enc[1:0]} = 3 bits */
	unsigned cz_groups;      /* cross-lane groups of 4 lanes: lanes / 4 */
	unsigned cz_mb_bits;     /* zero-mask buffer (zero_gating in_lane and up): warp_regs x (lanes + lanes / 4) */
	unsigned cz_oc_bits;     /* zero-mask fields per collector: lanes + operands x (lanes + lanes / 4) */
	/* eDRAM approximate register file (docs/edram.md); 0 when [edram] is off */
	unsigned ed_t0;          /* retention T0 in cycles (edram.retention, or the node's) */
	unsigned ed_p;           /* refresh interval P = floor((T0 - max_defer) / entries) */
	unsigned ed_nc_bits;     /* noncritical bits per lane: lane_bits - crit_bits */
	unsigned ed_timer_w;     /* width of the refresh timer 0..P-1: clog2(P) */
	unsigned ed_defer_w;     /* width of the defer counter 0..max_defer: clog2(max_defer + 1) */
	/* FineReg (docs/finereg.md); 0 when [finereg] is off */
	unsigned fr_slots;       /* ACRF CTA slots: min(acrf_regs / (kernel_warps x kernel_regs), resident_ctas,
	                          * sm.warps / kernel_warps) */
	unsigned fr_active;      /* active CTAs at most: min(active_ctas, fr_slots) */
	unsigned fr_ptr_bits;    /* PCRF pointer: ptr_bits, or clog2(pcrf_regs) when 0 */
	unsigned fr_words;       /* 32-bit words of a warp register: rf.lanes x rf.lane_bits / 32 */
	unsigned fr_beat_words;  /* 32-bit words of a move beat: beat_bytes / 4 */
	unsigned fr_in_depth;    /* registers of the engine's in buffer (rfm_fr_eng_in_depth) */
} rfm_derived_t;

/* Where a key's value came from, for error messages. */
typedef struct rfm_origin {
	const char *file; /* file name, "-s" for a command-line override, NULL for the default */
	unsigned line;    /* line in the file, or the override's position (1-based); 0 for default */
} rfm_origin_t;

/* A resolved configuration. */
typedef struct rfm_cfg {
#define X(sec, key, ...) uint32_t sec##_##key; /* see RFM_SCHEMA */
	RFM_SCHEMA(X)
#undef X
	rfm_derived_t d;                    /* derived values */
	rfm_origin_t origin[RFM_K_COUNT];   /* where each key was set */
	char name[64];                      /* config name: the INI file's base name without .ini */
	char path[512];                     /* the INI file path as given ("" if none) */
	unsigned warnings;                  /* keys set that do nothing, warned about at load */
} rfm_cfg_t;

/* Fill cfg with the schema defaults and derive. */
void rfm_cfg_defaults(rfm_cfg_t *cfg);

/*
 * Load an INI file on top of the defaults, apply the overrides ("section.key=value" strings, in
 * order), validate every rule and derive. Every violated rule is printed to err as one line:
 *   file:line: section.key = value: what is wrong (legal: ...)
 * Returns RFM_OK, RFM_EINVAL (a rule was violated) or RFM_EIO (the file could not be read).
 * path may be NULL (defaults plus overrides only).
 */
rfm_status_t rfm_cfg_load(rfm_cfg_t *cfg, const char *path, const char *const *overrides,
			  unsigned n_overrides, FILE *err);

/*
 * A valid load also warns, one line each, about keys that do nothing: a key of a technique's
 * section set (in the file or by an override) to a value other than its default while the
 * technique is off:
 *   file:line: warning: section.key = value does nothing: section.enable = off (...)
 * cfg->warnings counts them (rtl_gen --strict refuses the configuration when it is not 0).
 */

/* Same as rfm_cfg_load, from INI text in memory (name is used in messages). For tests and fuzzing. */
rfm_status_t rfm_cfg_load_string(rfm_cfg_t *cfg, const char *name, const char *text, size_t len,
				 FILE *err);

/* Check every per-key and cross-field rule of an already filled cfg; print violations; derive. */
rfm_status_t rfm_cfg_validate(rfm_cfg_t *cfg, FILE *err);

/* Compute cfg->d from the keys (called by load and validate). */
void rfm_cfg_derive(rfm_cfg_t *cfg);

/* The name of a key type: "int", "enum", "fraction". */
static inline const char *rfm_type_name(rfm_type_t t)
{
	return t == RFM_T_INT ? "int" : t == RFM_T_ENUM ? "enum" : "fraction";
}
/* A fraction in parts per 10^9 as a decimal ("0.001", "1"); buf must hold 32 bytes. Returns buf. */
const char *rfm_frac_str(uint32_t ppb, char *buf);
/* Value of key k as text (enum: its name); buf must hold 32 bytes. Returns buf. */
const char *rfm_cfg_value_str(const rfm_cfg_t *cfg, rfm_key_t k, char *buf);

/* Raw value of key k. */
uint32_t rfm_cfg_get(const rfm_cfg_t *cfg, rfm_key_t k);

/*
 * Write the resolved config as a replayable INI (every key, schema order, one comment line of
 * help per key), each line prefixed by `prefix` (e.g. "// " for Verilog, "" for INI).
 */
void rfm_cfg_echo(const rfm_cfg_t *cfg, FILE *out, const char *prefix);

/* 64-bit FNV-1a hash of the resolved config (the echo text without comments). */
uint64_t rfm_cfg_hash(const rfm_cfg_t *cfg);

/* Legal range of key k as text ("1..64" or "wid|wshift"); buf must hold 128 bytes. */
const char *rfm_param_range_str(rfm_key_t k, char *buf);

/*
 * Register-to-bank mapping of the running kernel: the single definition the RTL emitter and the
 * model both follow (docs/semantics.md section "Register-to-bank mapping").
 * Returns 1 when a kernel of nwarps warps and nregs registers per thread fits the file.
 */
int rfm_launch_fits(const rfm_cfg_t *cfg, unsigned nwarps, unsigned nregs);

/* The technique rules below are defined in the technique's folder: rfm_rm_* in
 * cmodel/regmutex/config_regmutex.c, rfm_vt_* in cmodel/virtualization/config_virt.c. */

/*
 * RegMutex launch rule (docs/regmutex.md, "Kernel launch"): a kernel of nwarps warps, nregs
 * registers per thread of which es are extended, with nsect SRP sections (ignored when paired),
 * fits the file. Returns 1 when it does.
 */
int rfm_rm_launch_fits(const rfm_cfg_t *cfg, unsigned nwarps, unsigned nregs, unsigned es, unsigned nsect);

/* SRP sections of a RegMutex kernel: min(sm.warps, (warp_regs - nwarps * bs) / es); 0 if es = 0
 * or the base sets do not fit. */
unsigned rfm_rm_sections(const rfm_cfg_t *cfg, unsigned nwarps, unsigned bs, unsigned es);

/* Resident warps with base sets of bs registers: min(sm.warps, warp_regs / bs) (paired:
 * pairs of 2 bs + es registers). */
unsigned rfm_rm_occupancy(const rfm_cfg_t *cfg, unsigned bs, unsigned es);

/*
 * Virtualization launch rule (docs/virtualization.md, "Kernel launch"): nwarps warps of nregs
 * registers per thread, the highest nexempt of them exempt from renaming: every register fits the
 * file (nwarps x nregs <= banks x entries) and the renamed ones fit the table
 * (nwarps x (nregs - nexempt) <= rt_depth). Returns 1 when it fits.
 */
int rfm_vt_launch_fits(const rfm_cfg_t *cfg, unsigned nwarps, unsigned nregs, unsigned nexempt);

/* Renaming-table entries for a budget of bits physical-id bits: rt_banks x
 * floor(floor(bits / clog2(warp registers)) / rt_banks); 0 bits: sm.warps x sm.regs_per_thread. */
unsigned rfm_vt_rt_depth(const rfm_cfg_t *cfg, unsigned bits);

/* The eDRAM geometry (cmodel/edram/rfm_edram.h) of cfg: banks, entries, lanes, lane bits, critical
 * bits, M, T0 (edram.retention or the node's) and max_defer (cmodel/edram/config_edram.c). */
struct rfm_edram_geom;
void rfm_edram_geom_of(const rfm_cfg_t *cfg, struct rfm_edram_geom *g);

/* FineReg's register management unit geometry (cmodel/finereg/rfm_finereg.h) of cfg: PCRF entries,
 * ACRF slots (cfg->d.fr_slots), resident and active CTAs, the reference kernel, the words of a warp
 * register, the pointer and warp-id widths (cmodel/finereg/config_finereg.c). */
struct rfm_fr_geom;
void rfm_finereg_geom_of(const rfm_cfg_t *cfg, struct rfm_fr_geom *g);

/* Resident warps chosen for a reference kernel with warps = 0: the occupancy, lowered one warp at
 * a time until at least one SRP section is left (the paper's deadlock rule 1). */
unsigned rfm_rm_auto_warps(const rfm_cfg_t *cfg, unsigned bs, unsigned es);

/*
 * The paper's choice of Es for a kernel of regs registers per thread (docs/regmutex.md,
 * "Choosing Es"): candidates are the even values >= 2 of floor(regs x {10, 15, ..., 35} / 100);
 * each gets the highest occupancy its base sets allow, lowered one warp at a time until at least
 * one section exists; keep those of the highest occupancy; among them the smallest with more
 * sections than half the warps, else the one with the most sections (the smallest on ties).
 * Returns 0 when the kernel is not limited by registers or no candidate is left. If cand is not NULL it receives the candidates
 * considered (before filtering, ascending, without duplicates) and *ncand their number (<= 6).
 */
unsigned rfm_rm_choose_es(const rfm_cfg_t *cfg, unsigned regs, unsigned *cand, unsigned *ncand);

#ifdef __cplusplus
}
#endif

#endif /* RFM_CONFIG_H */
