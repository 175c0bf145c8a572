/* trace.h - register traces (docs/trace.md; issue 16, item 6): per warp, per dynamic instruction,
 * the PC, the opcode and its class, the active and executed masks, the architected source and
 * destination registers and every lane's value, in a documented, versioned binary format that is
 * written and read one record at a time (a trace never has to fit in memory).
 *
 * A trace file is a header (the kernel, the launch, the register allocation and a table of the
 * static instructions with their architected register lists), one record per dynamic warp
 * instruction (masks and the values of the lanes in them), and an end record with the counts and
 * a checksum of every byte before it. Registers are architected 32-bit registers (ptx_alloc,
 * ptx/regalloc.h); a 64-bit value is an aligned pair, low word first. Predicates are not
 * register-file accesses: they are in no register list; a guard shows as the executed mask.
 *
 * Errors are values: 0 or -1 and one line "file: what" in the caller's buffer (RT_MSG_MAX bytes
 * hold any message); the library never exits and keeps no global state. */
#ifndef TRACE_TRACE_H
#define TRACE_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "launch.h"
#include "ptx.h"
#include "regalloc.h"
#include "sim.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RT_VERSION 1u          /* the format version this library writes and reads */
#define RT_MAGIC "RFTRACE"     /* the first 8 bytes of a trace (with the terminating NUL) */
#define RT_MSG_MAX 1024u       /* holds any message */
#define RT_NAME_MAX 255u       /* longest kernel name or PTX path in a header */
#define RT_TEXT_MAX 255u       /* longest instruction text in the static table */
#define RT_OPNDS_MAX 12u       /* most register operands on one side of one instruction */
#define RT_REGS_MAX 16u        /* most architected 32-bit registers on one side of one instruction */
#define RT_INSNS_MAX (1u << 19) /* most static instructions (PTX_INSNS_MAX) */
#define RT_LANES 32u           /* lanes per warp */

/* The class of an instruction (trace/classify.c, docs/trace.md "Classes"). */
typedef enum {
	RT_CLASS_INT = 0, /* integer and logic, moves, conversions without floats, shuffles, votes */
	RT_CLASS_FP32,    /* single (and half) precision arithmetic, comparisons, special functions */
	RT_CLASS_FP64,    /* double precision arithmetic, comparisons, special functions */
	RT_CLASS_MEM,     /* ld, st, atom, red */
	RT_CLASS_CTRL,    /* bra, ret, exit, bar */
	RT_CLASS_COUNT
} rt_class_t;

/* Planted faults, so that the checks can show they catch one (never set in a real run). */
typedef enum {
	RT_PLANT_NONE = 0,        /* exact behaviour */
	RT_PLANT_DEST_VALUE,      /* the writer records a wrong value for a record's first destination */
	RT_PLANT_ACCEPT_TRUNCATED, /* the reader takes the end of the file for the end record */
	RT_PLANT_COUNT
} rt_plant_t;

/* One register operand: an architected register, or an aligned pair for a 64-bit value. */
typedef struct {
	uint16_t reg;   /* first architected register */
	uint8_t width;  /* 1, or 2 for a pair (reg, reg + 1), low word in reg */
} rt_opnd_t;

/* One static instruction of the header's table. */
typedef struct {
	uint32_t line;                /* source line in the PTX file */
	uint8_t cls;                  /* rt_class_t */
	uint8_t op;                   /* ptx_opcode_t */
	uint8_t guarded;              /* it has a guard predicate (@%p or @!%p) */
	char text[RT_TEXT_MAX + 1];   /* the instruction in PTX syntax (virtual register names) */
	uint8_t n_src, n_dst;         /* operands in src[], dst[] */
	rt_opnd_t src[RT_OPNDS_MAX];  /* registers read, in operand order, each register once */
	rt_opnd_t dst[RT_OPNDS_MAX];  /* registers written, in operand order, each register once */
	uint8_t n_src32, n_dst32;     /* derived: 32-bit registers in src32[], dst32[] */
	uint16_t src32[RT_REGS_MAX];  /* derived: src[] as 32-bit registers (a pair: low, high) */
	uint16_t dst32[RT_REGS_MAX];  /* derived: dst[] as 32-bit registers */
} rt_insn_t;

/* A trace's header. */
typedef struct {
	uint32_t version;              /* format version (RT_VERSION) */
	char kernel[RT_NAME_MAX + 1];  /* kernel name */
	char ptx[RT_NAME_MAX + 1];     /* the PTX file the lines refer to */
	uint32_t grid[3], block[3];    /* launch geometry */
	uint32_t shared_bytes;         /* dynamic shared memory per CTA */
	uint64_t seed;                 /* the simulator's seed */
	uint32_t regs;                 /* architected registers per thread (the allocation's) */
	uint32_t limit;                /* the register limit it was allocated under */
	uint32_t max_live;             /* most 32-bit registers live at once */
	uint32_t values;               /* virtual registers holding values */
	uint32_t warps;                /* warps per CTA */
	uint32_t n_insns;              /* static instructions in insns[] */
	rt_insn_t *insns;              /* the table: insns[pc] */
} rt_header_t;

/* One dynamic warp instruction. Values of lanes outside the mask are 0. */
typedef struct {
	uint64_t index;                      /* records before this one (the simulator's step) */
	uint32_t cta;                        /* linear CTA index */
	uint32_t warp;                       /* warp within the CTA */
	uint32_t pc;                         /* index into the header's insns[] */
	uint32_t active;                     /* lanes that issue it (before the guard) */
	uint32_t executed;                   /* lanes whose guard held (a subset of active) */
	uint32_t src[RT_REGS_MAX][RT_LANES]; /* src32[k]'s value in each active lane, read before */
	uint32_t dst[RT_REGS_MAX][RT_LANES]; /* dst32[k]'s value in each executed lane, written after */
} rt_record_t;

/* The end record's counts. */
typedef struct {
	uint64_t records;       /* dynamic warp instructions */
	uint64_t thread_insns;  /* sum of the executed masks' lane counts */
	uint64_t checksum;      /* FNV-1a 64 of every byte before the checksum field */
	uint64_t bytes;         /* the file's size */
} rt_end_t;

/* ---- classes (classify.c) ---- */

/* The class of instruction in. */
rt_class_t rt_classify(const ptx_insn_t *in);
/* "int", "fp32", "fp64", "mem", "ctrl"; "?" out of range. */
const char *rt_class_name(unsigned cls);

/* ---- the format (trace.c) ---- */

typedef struct rt_writer rt_writer_t;
typedef struct rt_reader rt_reader_t;

/* Fill the derived src32/dst32 lists of every instruction of h from its operands. */
void rt_header_derive(rt_header_t *h);
/* Free h's table (not h). */
void rt_header_free(rt_header_t *h);

/* Start a trace at path: writes path.tmp (the header now); rt_writer_finish renames it to path.
 * 0, or -1 with a message (nothing left behind). */
int rt_writer_open(const char *path, const rt_header_t *h, rt_plant_t plant, rt_writer_t **w, char *msg,
		   size_t n);
/* Append record r (r->pc indexes the header's table; values outside the masks are ignored). */
int rt_write(rt_writer_t *w, const rt_record_t *r, char *msg, size_t n);
/* Write the end record, close and rename to the final path; frees w. 0 or -1 (nothing left). */
int rt_writer_finish(rt_writer_t *w, rt_end_t *end, char *msg, size_t n);
/* Drop an unfinished trace: close and remove path.tmp; frees w (NULL is fine). */
void rt_writer_abort(rt_writer_t *w);

/* Open the trace at path and read its header. 0, or -1 with a message (wrong magic or version,
 * truncated, a malformed header). */
int rt_reader_open(const char *path, rt_plant_t plant, rt_reader_t **r, char *msg, size_t n);
/* The header of an open trace. */
const rt_header_t *rt_reader_header(const rt_reader_t *r);
/* Read the next record into rec: 1 a record; 0 the end record, checked (its counts and checksum
 * into *end, and nothing after it); -1 with a message (truncated, corrupted, malformed). */
int rt_read(rt_reader_t *r, rt_record_t *rec, rt_end_t *end, char *msg, size_t n);
/* Close (NULL is fine). */
void rt_reader_close(rt_reader_t *r);

/* ---- tracing a simulator run (tracer.c) ---- */

typedef struct rt_tracer rt_tracer_t;

/* Build the header of function fn (named file in it) under allocation a, launch l and seed:
 * the static table with each instruction's class, text and architected register lists. 0, or -1
 * with a message (an instruction beyond the format's bounds, out of memory). */
int rt_header_build(const ptx_module_t *m, const ptx_func_t *fn, const ptx_alloc_t *a, unsigned limit,
		    const kl_launch_t *l, const char *file, uint64_t seed, rt_header_t *h, char *msg, size_t n);
/* A tracer writing to w for function fn under allocation a (both outlive it); NULL out of memory.
 * rt_tracer_hook with it as the user pointer is a sim_hook_t. */
rt_tracer_t *rt_tracer_create(const ptx_func_t *fn, const ptx_alloc_t *a, const rt_header_t *h, rt_writer_t *w);
void rt_tracer_hook(void *user, const sim_event_t *ev);
/* After the run: 0, or -1 and the first write error's message. */
int rt_tracer_status(const rt_tracer_t *t, char *msg, size_t n);
void rt_tracer_destroy(rt_tracer_t *t);

/* ---- reading a trace back (replay.c) ---- */

/* Counts of a replay. */
typedef struct {
	rt_end_t end;            /* the end record */
	uint64_t src_values;     /* source lane values checked */
	uint64_t dst_values;     /* destination lane values applied */
	uint64_t unwritten;      /* source lane values of registers not yet written in their CTA */
} rt_replay_t;

/* Read the trace at path through a per-warp architected register file (32 lanes of every
 * register, zero at a CTA's start as the simulator does): every source value a record carries
 * must equal the last value its warp wrote to that register (0 if none yet). 0 consistent; 1
 * inconsistent, with a message naming the first record, register and lane that differ; -1 the
 * reader's error (truncated, corrupted, ...) with its message. */
int rt_replay(const char *path, rt_plant_t plant, rt_replay_t *out, char *msg, size_t n);
/* Print the trace at path as text to f: the header, the first max records (UINT64_MAX: all), one
 * line each, then the end record's counts; every record is read and checked. 0, or -1 with a
 * message (f may hold a partial dump). */
int rt_dump(const char *path, rt_plant_t plant, uint64_t max, FILE *f, char *msg, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* TRACE_TRACE_H */
