/* replay.c - reading a trace back (trace.h): the self-consistency replay through a per-warp
 * architected register file, and the text dump (docs/trace.md, "Replay", "Text dump"). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace.h"

/* One warp slot's architected register file. */
typedef struct {
	uint32_t cta;       /* the CTA whose warp it holds (UINT32_MAX: none yet) */
	uint32_t *val;      /* [regs * 32]: value of register r in lane l at [r * 32 + l] */
	uint32_t *written;  /* [regs]: lanes written since the CTA started */
	uint64_t *last;     /* [regs]: the record that last wrote it */
} rfile_t;

/* Check record rec's sources against f, then apply its destinations; 0 or -1 with a message. */
static int replay_one(const char *path, const rt_header_t *h, const rt_record_t *rec, rfile_t *f,
		      rt_replay_t *out, char *msg, size_t n)
{
	const rt_insn_t *in = &h->insns[rec->pc];
	unsigned k, l;
	if (f->cta != rec->cta) { /* a new CTA in this warp slot: registers start at zero */
		f->cta = rec->cta;
		memset(f->val, 0, (size_t)h->regs * RT_LANES * sizeof(uint32_t));
		memset(f->written, 0, (size_t)h->regs * sizeof(uint32_t));
	}
	for (k = 0; k < in->n_src32; k++) {
		uint32_t r = in->src32[k];
		for (l = 0; l < RT_LANES; l++) {
			uint32_t want = f->val[(size_t)r * RT_LANES + l];
			if (!(rec->active >> l & 1))
				continue;
			out->src_values++;
			if (!(f->written[r] >> l & 1))
				out->unwritten++;
			if (rec->src[k][l] == want)
				continue;
			if (f->written[r] >> l & 1)
				snprintf(msg, n, "%s: record %" PRIu64 " (cta %u warp %u pc %u, line %u: %s): source R%u lane %u "
					 "is 0x%08x, the warp last wrote 0x%08x (record %" PRIu64 ")", path, rec->index,
					 rec->cta, rec->warp, rec->pc, in->line, in->text, r, l, rec->src[k][l], want,
					 f->last[r]);
			else
				snprintf(msg, n, "%s: record %" PRIu64 " (cta %u warp %u pc %u, line %u: %s): source R%u lane %u "
					 "is 0x%08x, but no record of the CTA wrote it (0 at the start)", path, rec->index,
					 rec->cta, rec->warp, rec->pc, in->line, in->text, r, l, rec->src[k][l]);
			return -1;
		}
	}
	for (k = 0; k < in->n_dst32; k++) {
		uint32_t r = in->dst32[k];
		if (!rec->executed)
			break;
		for (l = 0; l < RT_LANES; l++)
			if (rec->executed >> l & 1) {
				f->val[(size_t)r * RT_LANES + l] = rec->dst[k][l];
				out->dst_values++;
			}
		f->written[r] |= rec->executed;
		f->last[r] = rec->index;
	}
	return 0;
}

int rt_replay(const char *path, rt_plant_t plant, rt_replay_t *out, char *msg, size_t n)
{
	rt_reader_t *r = NULL;
	rt_record_t *rec = malloc(sizeof(*rec));
	rfile_t *files = NULL;
	const rt_header_t *h;
	unsigned w;
	int rc = -1, st;
	memset(out, 0, sizeof(*out));
	if (!rec) {
		snprintf(msg, n, "%s: out of memory", path);
		goto out;
	}
	if (rt_reader_open(path, plant, &r, msg, n) != 0)
		goto out;
	h = rt_reader_header(r);
	files = calloc(h->warps, sizeof(*files));
	for (w = 0; files && w < h->warps; w++) {
		size_t regs = h->regs ? h->regs : 1;
		files[w].cta = UINT32_MAX;
		files[w].val = calloc(regs * RT_LANES, sizeof(uint32_t));
		files[w].written = calloc(regs, sizeof(uint32_t));
		files[w].last = calloc(regs, sizeof(uint64_t));
		if (!files[w].val || !files[w].written || !files[w].last)
			break;
	}
	if (!files || w < h->warps) {
		snprintf(msg, n, "%s: out of memory", path);
		goto out;
	}
	while ((st = rt_read(r, rec, &out->end, msg, n)) == 1)
		if (replay_one(path, h, rec, &files[rec->warp], out, msg, n) != 0) {
			rc = 1;
			goto out;
		}
	rc = st == 0 ? 0 : -1;
out:
	for (w = 0; files && r && w < rt_reader_header(r)->warps; w++) {
		free(files[w].val);
		free(files[w].written);
		free(files[w].last);
	}
	free(files);
	rt_reader_close(r);
	free(rec);
	return rc;
}

/* ---- text dump ----------------------------------------------------------------------------- */

/* Operands o[0..n) as "R4:R5 R6", or "-". */
static void print_regs(FILE *f, const rt_opnd_t *o, unsigned n)
{
	unsigned k;
	if (!n)
		fputs(" -", f);
	for (k = 0; k < n; k++)
		if (o[k].width == 2)
			fprintf(f, " R%u:R%u", o[k].reg, o[k].reg + 1);
		else
			fprintf(f, " R%u", o[k].reg);
}

/* Every operand's values in the lanes of mask: "R4:R5=[v v ...]" in lane order, "R2=*v" uniform. */
static void print_values(FILE *f, const char *what, const rt_opnd_t *o, unsigned n, uint32_t (*v)[RT_LANES],
			 uint32_t mask)
{
	unsigned k, j, next = 0, l, first = mask ? (unsigned)__builtin_ctz(mask) : 0;
	for (k = 0; k < n; k++) {
		int wide = o[k].width == 2, uniform = 1;
		j = next;
		next += o[k].width;
		for (l = first; l < RT_LANES; l++)
			if ((mask >> l & 1) && (v[j][l] != v[j][first] || (wide && v[j + 1][l] != v[j + 1][first])))
				uniform = 0;
		if (wide)
			fprintf(f, " %sR%u:R%u=", what, o[k].reg, o[k].reg + 1);
		else
			fprintf(f, " %sR%u=", what, o[k].reg);
		if (!mask) {
			fputs("[]", f);
			continue;
		}
		fputs(uniform ? "*" : "[", f);
		for (l = first; l < RT_LANES; l++) {
			if (!(mask >> l & 1))
				continue;
			if (l != first && !uniform)
				fputc(' ', f);
			if (wide)
				fprintf(f, "%08x%08x", v[j + 1][l], v[j][l]);
			else
				fprintf(f, "%08x", v[j][l]);
			if (uniform)
				break;
		}
		if (!uniform)
			fputc(']', f);
	}
}

static void dump_header(FILE *f, const rt_header_t *h)
{
	uint32_t pc;
	fprintf(f, "trace format %u\n", h->version);
	fprintf(f, "kernel %s ptx %s seed %" PRIu64 "\n", h->kernel, h->ptx, h->seed);
	fprintf(f, "launch grid %u %u %u block %u %u %u shared_bytes %u warps_per_cta %u\n", h->grid[0], h->grid[1],
		h->grid[2], h->block[0], h->block[1], h->block[2], h->shared_bytes, h->warps);
	fprintf(f, "registers %u per thread (limit %u, most live %u, %u values)\n", h->regs, h->limit, h->max_live,
		h->values);
	fprintf(f, "instructions %u\n", h->n_insns);
	for (pc = 0; pc < h->n_insns; pc++) {
		const rt_insn_t *in = &h->insns[pc];
		fprintf(f, "insn pc %u line %u %s%s | %s | dst", pc, in->line, rt_class_name(in->cls),
			in->guarded ? " guarded" : "", in->text);
		print_regs(f, in->dst, in->n_dst);
		fputs(" src", f);
		print_regs(f, in->src, in->n_src);
		fputc('\n', f);
	}
}

static void dump_record(FILE *f, const rt_header_t *h, rt_record_t *rec)
{
	const rt_insn_t *in = &h->insns[rec->pc];
	fprintf(f, "#%" PRIu64 " cta %u warp %u pc %u line %u %s active %08x exec %08x | %s | dst", rec->index, rec->cta,
		rec->warp, rec->pc, in->line, rt_class_name(in->cls), rec->active, rec->executed, in->text);
	print_regs(f, in->dst, in->n_dst);
	fputs(" src", f);
	print_regs(f, in->src, in->n_src);
	fputs(" |", f);
	print_values(f, "<", in->src, in->n_src, rec->src, rec->active);
	print_values(f, ">", in->dst, in->n_dst, rec->dst, rec->executed);
	fputc('\n', f);
}

int rt_dump(const char *path, rt_plant_t plant, uint64_t max, FILE *f, char *msg, size_t n)
{
	rt_reader_t *r = NULL;
	rt_record_t *rec = malloc(sizeof(*rec));
	rt_end_t end;
	int rc = -1, st, pass;
	if (!rec) {
		snprintf(msg, n, "%s: out of memory", path);
		return -1;
	}
	/* pass 0 checks the whole file, so that a bad one prints nothing; pass 1 prints */
	for (pass = 0; pass < 2; pass++) {
		if (rt_reader_open(path, plant, &r, msg, n) != 0)
			goto out;
		if (pass)
			dump_header(f, rt_reader_header(r));
		while ((st = rt_read(r, rec, &end, msg, n)) == 1)
			if (pass && rec->index < max)
				dump_record(f, rt_reader_header(r), rec);
		if (st != 0)
			goto out;
		if (pass && end.records > max)
			fprintf(f, "... %" PRIu64 " more records\n", end.records - max);
		if (pass)
			fprintf(f, "end records %" PRIu64 " thread_insns %" PRIu64 " checksum %016" PRIx64 " bytes %" PRIu64 "\n",
				end.records, end.thread_insns, end.checksum, end.bytes);
		rt_reader_close(r);
		r = NULL;
	}
	rc = 0;
out:
	rt_reader_close(r);
	free(rec);
	return rc;
}
