/* sweep.h - design-space sweep files: reading, validation and expansion into points
 * (docs/sweeps.md, "The sweep file").
 *
 * A sweep file names a base configuration, the keys to vary (a full grid, [grid], or listed
 * points, [points]), the flows each point goes through and the runner settings. sw_parse reads
 * and validates it; every problem is one message "file:line: section.key = value: what is wrong
 * (legal: ...)" ("file: ..." for the file as a whole). A valid sweep is expanded into points: the
 * grid's cartesian product (first key slowest) or the listed points in file order. Whether a
 * point's configuration obeys the configuration rules is not decided here: sweep_main.c runs
 * rtl_gen on it and lists the refused points with rtl_gen's message.
 */
#ifndef SWEEP_H
#define SWEEP_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SW_AXES_MAX 8      /* swept keys */
#define SW_VALS_MAX 64     /* values per swept key */
#define SW_POINTS_MAX 1024 /* points per sweep */
#define SW_SEEDS_MAX 16    /* co-simulation seeds */
#define SW_VAL_LEN 24      /* longest value of a swept key, with its NUL */
#define SW_KEY_LEN 48      /* longest "section.key", with its NUL */
#define SW_TEXT_LEN 200    /* longest free-text setting, with its NUL */

/* Flows a point can go through, in the order they run. */
typedef enum { SW_GEN, SW_LINT, SW_COSIM, SW_SYNTH, SW_POWER, SW_FPGA, SW_FLOWS } sw_flow_t;

/* Names of the flows, indexed by sw_flow_t. */
extern const char *const sw_flow_names[SW_FLOWS];

/* One swept key and its values. */
typedef struct {
	char key[SW_KEY_LEN];                /* "section.key" of docs/config.md */
	int param;                           /* its index in rfm_params */
	unsigned line;                       /* line that named it first */
	unsigned nvals;                      /* values (grid) */
	char vals[SW_VALS_MAX][SW_VAL_LEN];  /* values in file order (grid) */
} sw_axis_t;

/* One point: a value for each axis, or "" (the base configuration's value). */
typedef struct {
	char vals[SW_AXES_MAX][SW_VAL_LEN];
	unsigned line; /* line of a listed point; 0 for a grid point */
} sw_point_t;

/* A validated sweep. */
typedef struct {
	char name[64];                 /* the file's base name without .ini */
	char base[SW_TEXT_LEN];        /* sweep.base as written */
	char base_ini[SW_TEXT_LEN + 32]; /* the base's INI path: rtl_gen/configs/<base>.ini or base */
	unsigned base_line;            /* line of sweep.base */
	unsigned flows;                /* bit (1 << sw_flow_t) per flow */
	unsigned cycles;               /* co-simulation cycles of each block */
	unsigned nseeds;               /* co-simulation seeds */
	unsigned long seeds[SW_SEEDS_MAX];
	char modules[SW_TEXT_LEN];     /* co-simulated blocks, space-separated, or "all" */
	unsigned jobs;                 /* points at once (both runners; JOBS= overrides) */
	char runner[8];                /* local or slurm (RUNNER= overrides) */
	int coverage;                  /* 1: a coverage event never hit fails the co-simulation */
	char partition[64], account[64], qos[64], time[32], mem[16]; /* [slurm] */
	unsigned cpus;                 /* [slurm] cpus per task */
	char options[SW_TEXT_LEN];     /* [slurm] further sbatch options, verbatim */
	int grid;                      /* 1: [grid], 0: [points] */
	unsigned naxes;                /* swept keys */
	sw_axis_t axes[SW_AXES_MAX];
	unsigned npoints;              /* points */
	sw_point_t points[SW_POINTS_MAX];
} sw_sweep_t;

/*
 * Read and validate the sweep file at path (name: the name used in messages, usually path).
 * Returns 0 and fills *sw, or prints every problem to err (when not NULL) one line each and
 * returns 2 (bad input) or 1 (the file cannot be read). On error *sw is left zeroed.
 */
int sw_parse_file(sw_sweep_t *sw, const char *path, FILE *err);

/* Same from text in memory (fuzzing and tests); name is used in messages. */
int sw_parse_string(sw_sweep_t *sw, const char *name, const char *text, size_t len, FILE *err);

/* The overrides of point i, "section.key=value" separated by single spaces, into buf. */
void sw_point_set(const sw_sweep_t *sw, unsigned i, char *buf, size_t size);

/* The point's id: "p" and its 1-based number in four digits. */
void sw_point_id(unsigned i, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* SWEEP_H */
