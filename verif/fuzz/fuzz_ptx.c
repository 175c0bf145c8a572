/* fuzz_ptx.c - libFuzzer target for the PTX parser (ptx/; docs/ptx.md).
 *
 * Input: PTX text. Checked on every input:
 *   - the status is PTX_OK or PTX_EINVAL; PTX_EINVAL returns no module and one message: printable
 *     ASCII, no newline, starting with "fuzz.ptx:N: " where N is a line of the input;
 *   - parsing with no message buffer, and with a 16-byte one, gives the same status (the
 *     truncated message stays NUL-terminated);
 *   - a parsed module is consistent: every register id, symbol, label and target in range, labels
 *     resolved to their instruction, guards and predicate operands of class .pred, register
 *     declarations covering the register table exactly;
 *   - its listing is the same for a second parse of the same text.
 * A failed check calls abort() (allowed here: this is a test harness). Build: ptx/ptx.mk, target
 * fuzz-ptx (libFuzzer) and build/san/bin/fuzz_replay_ptx (replay.c, make ptx-check).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx.h"

/* The libFuzzer entry point (also called by replay.c). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Name the text is parsed under. */
#define FUZZ_NAME "fuzz.ptx"

/* Stop the run when cond is false, naming the check. */
#define CHECK(cond)                                                                             \
	do {                                                                                    \
		if (!(cond)) {                                                                  \
			fprintf(stderr, "fuzz_ptx: check failed: %s (line %d)\n", #cond, __LINE__); \
			abort();                                                                \
		}                                                                               \
	} while (0)

/* Check the message of a refused input of size bytes. */
static void check_message(const char *msg, const uint8_t *data, size_t size)
{
	const size_t name = strlen(FUZZ_NAME);
	unsigned long line, lines = 1;
	size_t i;
	char *end;
	for (i = 0; i < size; i++)
		lines += data[i] == '\n';
	CHECK(strncmp(msg, FUZZ_NAME ":", name + 1) == 0);
	CHECK(msg[name + 1] >= '1' && msg[name + 1] <= '9');
	line = strtoul(msg + name + 1, &end, 10);
	CHECK(end[0] == ':' && end[1] == ' ' && end[2] != '\0');
	CHECK(line >= 1 && line <= lines);
	for (i = 0; msg[i]; i++)
		CHECK(msg[i] >= 0x20 && msg[i] < 0x7f);
}

/* Register r (or PTX_NONE/PTX_SINK where allowed) is valid in fn; pred: it must be a .pred. */
static void check_reg(const ptx_func_t *fn, uint32_t r, int pred)
{
	CHECK(r < fn->n_regs);
	if (pred)
		CHECK(fn->regs[r].type == PTX_T_PRED);
}

/* Check one operand of instruction i of fn in module m. */
static void check_operand(const ptx_module_t *m, const ptx_func_t *fn, const ptx_operand_t *o)
{
	unsigned k;
	switch (o->kind) {
	case PTX_OPD_REG:
		check_reg(fn, o->reg, o->neg);
		if (o->reg2 != PTX_NONE)
			check_reg(fn, o->reg2, 1);
		break;
	case PTX_OPD_VEC:
		CHECK(o->n_vec == 2 || o->n_vec == 4);
		for (k = 0; k < o->n_vec; k++)
			if (o->vec[k] != PTX_SINK)
				check_reg(fn, o->vec[k], 0);
		break;
	case PTX_OPD_ADDR:
		if (o->reg != PTX_NONE)
			check_reg(fn, o->reg, 0);
		/* fall through */
	case PTX_OPD_SYM:
		if (o->kind == PTX_OPD_SYM || o->has_sym) {
			if (o->symkind == PTX_SYM_PARAM)
				CHECK(o->sym < fn->n_params);
			else if (o->symkind == PTX_SYM_FUNCVAR)
				CHECK(o->sym < fn->n_vars);
			else
				CHECK(o->sym < m->n_vars);
		}
		break;
	case PTX_OPD_SREG:
		CHECK((unsigned)o->sreg < PTX_SREG_COUNT && o->comp <= 3);
		break;
	case PTX_OPD_LABEL:
		CHECK(o->label < fn->n_labels && o->target == fn->labels[o->label].insn);
		break;
	case PTX_OPD_F32:
		CHECK(o->bits >> 32 == 0);
		break;
	default:
		break;
	}
}

/* Check the consistency of a parsed module. */
static void check_module(const ptx_module_t *m)
{
	uint32_t f, i, k, id;
	CHECK(m->address_size == 32 || m->address_size == 64);
	for (f = 0; f < m->n_funcs; f++) {
		const ptx_func_t *fn = &m->funcs[f];
		for (i = 0, id = 0; i < fn->n_regdecls; i++) {
			CHECK(fn->regdecls[i].first == id && fn->regdecls[i].count >= 1);
			for (k = 0; k < fn->regdecls[i].count; k++, id++)
				CHECK(fn->regs[id].decl == i && fn->regs[id].index == k &&
				      fn->regs[id].type == fn->regdecls[i].type);
		}
		CHECK(id == fn->n_regs);
		for (i = 0; i < fn->n_labels; i++)
			CHECK(fn->labels[i].insn <= fn->n_insns && (i == 0 || fn->labels[i - 1].insn <= fn->labels[i].insn));
		for (i = 0; i < fn->n_insns; i++) {
			const ptx_insn_t *in = &fn->insns[i];
			CHECK((unsigned)in->op < PTX_OP_COUNT && in->n_ops <= PTX_OPS_MAX);
			CHECK(in->vec == 1 || in->vec == 2 || in->vec == 4);
			CHECK(i == 0 || fn->insns[i - 1].line < in->line || fn->insns[i - 1].line == in->line);
			if (in->guard != PTX_NONE)
				check_reg(fn, in->guard, 1);
			for (k = 0; k < in->n_ops; k++)
				check_operand(m, fn, &in->ops[k]);
		}
	}
}

/* The listing of m, malloc'd, length in *n. */
static char *listing(const ptx_module_t *m, size_t *n)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, n);
	CHECK(f != NULL);
	ptx_dump(m, f, 0);
	ptx_dump(m, f, 1);
	CHECK(fclose(f) == 0);
	return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char msg[PTX_MSG_MAX], small[16];
	ptx_module_t *m = NULL, *m2 = NULL;
	ptx_status_t st;
	char *a, *b;
	size_t na, nb;
	st = ptx_parse_string(FUZZ_NAME, (const char *)data, size, &m, msg, sizeof(msg));
	CHECK(st == PTX_OK || st == PTX_EINVAL);
	CHECK(ptx_parse_string(FUZZ_NAME, (const char *)data, size, &m2, NULL, 0) == st);
	ptx_module_free(m2);
	m2 = NULL;
	CHECK(ptx_parse_string(FUZZ_NAME, (const char *)data, size, &m2, small, sizeof(small)) == st);
	CHECK(memchr(small, '\0', sizeof(small)) != NULL);
	if (st != PTX_OK) {
		CHECK(m == NULL && m2 == NULL);
		check_message(msg, data, size);
		return 0;
	}
	CHECK(m != NULL && m2 != NULL);
	check_module(m);
	a = listing(m, &na);
	b = listing(m2, &nb);
	CHECK(na == nb && memcmp(a, b, na) == 0);
	free(a);
	free(b);
	ptx_module_free(m);
	ptx_module_free(m2);
	return 0;
}
