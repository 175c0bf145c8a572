/* launch.h - a kernel launch description (kernels/<name>.ini, docs/kernels.md "Launch files"):
 * the kernel's name, grid, block and dynamic shared memory, and its parameters in order, each a
 * buffer (element type, count, initial pattern, direction) or a scalar (type, value).
 *
 * A file is read with inih and validated strictly: every problem is one line
 *   file:line: section.key = value: what is wrong (legal: ...)
 * (or "file:line: [header]: ...", "file:line: NAME.key: missing key (legal: ...)",
 * "file: ..." for the file as a whole), sorted by line, and the description is left empty. */
#ifndef KERNELS_LAUNCH_H
#define KERNELS_LAUNCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KL_NAME_MAX 63                 /* longest kernel or parameter name */
#define KL_PARAMS_MAX 32               /* most parameters of one kernel */
#define KL_COUNT_MAX (1u << 24)        /* most elements of one buffer */
#define KL_BYTES_MAX (64u << 20)       /* most bytes of all buffers together */
#define KL_SHARED_MAX 49152u           /* most bytes of dynamic shared memory */
#define KL_THREADS_MAX 1024u           /* most threads of one block */

/* Result of a load. */
typedef enum {
	KL_OK = 0,  /* valid; the description is filled */
	KL_EINVAL,  /* invalid; messages printed, the description is empty */
	KL_EIO,     /* the file could not be read; message printed */
	KL_ENOMEM,  /* out of memory */
} kl_status_t;

/* Element type of a buffer or type of a scalar. */
typedef enum { KL_U32, KL_S32, KL_U64, KL_S64, KL_F32, KL_F64, KL_TYPE_COUNT } kl_type_t;

/* What a parameter is. */
typedef enum { KL_BUFFER, KL_SCALAR } kl_kind_t;

/* How the kernel uses a buffer. */
typedef enum { KL_IN, KL_OUT, KL_INOUT } kl_dir_t;

/* Initial contents of a buffer. */
typedef enum {
	KL_ZERO,  /* every element 0 */
	KL_IOTA,  /* element i is i */
	KL_SEED,  /* pseudo-random from a seed (kl_element), optionally bounded */
	KL_CONST, /* every element the same value */
} kl_init_t;

/* One kernel parameter. Values are kept as the type's bits: u32/s32/f32 in the low 32 bits
 * (s32 two's complement, f32 IEEE single), u64/s64/f64 in all 64. */
typedef struct {
	kl_kind_t kind;              /* buffer or scalar */
	char name[KL_NAME_MAX + 1];  /* from the section header: [buffer NAME] / [scalar NAME] */
	unsigned line;               /* line of the section header */
	kl_type_t type;              /* element type (buffer) or type (scalar) */
	uint32_t count;              /* buffer: elements, 1..KL_COUNT_MAX */
	kl_dir_t dir;                /* buffer: in, out or inout */
	kl_init_t init;              /* buffer: initial pattern */
	uint64_t seed;               /* KL_SEED: the seed */
	int bounded;                 /* KL_SEED: a bound was given */
	uint64_t bound;              /* KL_SEED with bound: its bits (integers 0..bound, floats [-b, b)) */
	uint64_t value;              /* KL_CONST: the element's bits; scalar: the value's bits */
} kl_param_t;

/* A launch: the kernel and its parameters in order. */
typedef struct {
	char name[KL_NAME_MAX + 1];       /* kernel name (a C identifier) */
	unsigned line;                    /* line of the [kernel] header */
	uint32_t grid[3];                 /* CTAs in x, y, z */
	uint32_t block[3];                /* threads per CTA in x, y, z */
	uint32_t shared_bytes;            /* dynamic shared memory per CTA */
	unsigned n_params;                /* parameters in params[] */
	kl_param_t params[KL_PARAMS_MAX]; /* in the order of their sections */
} kl_launch_t;

/* Load and validate the file at path; messages go to err (NULL: silent). */
kl_status_t kl_load(kl_launch_t *l, const char *path, FILE *err);
/* The same for text[0..len) given the file name name (used in messages). */
kl_status_t kl_load_string(kl_launch_t *l, const char *name, const char *text, size_t len, FILE *err);
/* Write l in the canonical form: a launch file that loads back to the same description. */
void kl_echo(const kl_launch_t *l, FILE *out);

/* Bytes of one element of type t (4 or 8). */
size_t kl_type_size(kl_type_t t);
/* Name of type t ("u32", ...). */
const char *kl_type_name(kl_type_t t);
/* Index of the parameter called name, or -1. */
int kl_find(const kl_launch_t *l, const char *name);
/* Bits of element i of buffer p's initial contents (docs/kernels.md, "Initial patterns"). */
uint64_t kl_element(const kl_param_t *p, uint32_t i);
/* Fill buf (p->count elements of kl_type_size(p->type) bytes, host order) with the initial contents. */
void kl_fill(const kl_param_t *p, void *buf);
/* Allocate every buffer parameter of l into bufs[i] (NULL for scalars) and fill it with its initial
 * contents (kl_fill); 0, or -1 out of memory (what was allocated stays for kl_free_buffers). */
int kl_alloc_buffers(const kl_launch_t *l, void **bufs);
/* Free bufs[0 .. l->n_params - 1] and set them to NULL. */
void kl_free_buffers(const kl_launch_t *l, void **bufs);
/* Write value bits v of type t as text (the canonical form: integers in decimal, f32 with 9 and
 * f64 with 17 significant digits); returns buf. */
char *kl_value_str(kl_type_t t, uint64_t v, char buf[32]);

#ifdef __cplusplus
}
#endif

#endif
