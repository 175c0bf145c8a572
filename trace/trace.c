/* trace.c - the binary format of register traces (trace.h; byte layouts in docs/trace.md,
 * "Format"): little-endian fixed-width fields, written and read one record at a time, every byte
 * before the end record's checksum field covered by FNV-1a 64. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace.h"

#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull
#define TAG_INSN 0x49u  /* 'I': one dynamic warp instruction */
#define TAG_END 0x45u   /* 'E': the end record */
#define ENC_LANES 0u    /* one value per lane of the mask, lowest lane first */
#define ENC_UNIFORM 1u  /* one value for every lane of the mask */
#define BOM 0x01020304u /* the byte-order mark, written little-endian: 04 03 02 01 */
#define PATH_MAX_T 4096u

struct rt_writer {
	FILE *f;                  /* path.tmp */
	char path[PATH_MAX_T];    /* the final path */
	char tmp[PATH_MAX_T + 8]; /* path.tmp */
	const rt_header_t *h;     /* the header written (its table indexes the records) */
	uint64_t sum;             /* FNV-1a 64 so far */
	uint64_t bytes;           /* bytes written */
	uint64_t records;         /* records written */
	uint64_t thread_insns;    /* executed lanes so far */
	rt_plant_t plant;         /* planted fault */
};

struct rt_reader {
	FILE *f;               /* the trace */
	char path[PATH_MAX_T]; /* its path (messages) */
	rt_header_t h;         /* its header */
	uint64_t sum;          /* FNV-1a 64 so far */
	uint64_t bytes;        /* bytes read */
	uint64_t records;      /* records read */
	uint64_t thread_insns; /* executed lanes so far */
	rt_plant_t plant;      /* planted fault */
	int done;              /* the end record was read */
};

static uint64_t fnv(uint64_t h, const unsigned char *p, size_t n)
{
	size_t k;
	for (k = 0; k < n; k++)
		h = (h ^ p[k]) * FNV_PRIME;
	return h;
}

/* ---- header helpers ------------------------------------------------------------------------ */

void rt_header_derive(rt_header_t *h)
{
	uint32_t i;
	unsigned k, w;
	for (i = 0; i < h->n_insns; i++) {
		rt_insn_t *in = &h->insns[i];
		in->n_src32 = in->n_dst32 = 0;
		for (k = 0; k < in->n_src; k++)
			for (w = 0; w < in->src[k].width && in->n_src32 < RT_REGS_MAX; w++)
				in->src32[in->n_src32++] = (uint16_t)(in->src[k].reg + w);
		for (k = 0; k < in->n_dst; k++)
			for (w = 0; w < in->dst[k].width && in->n_dst32 < RT_REGS_MAX; w++)
				in->dst32[in->n_dst32++] = (uint16_t)(in->dst[k].reg + w);
	}
}

void rt_header_free(rt_header_t *h)
{
	free(h->insns);
	h->insns = NULL;
	h->n_insns = 0;
}

/* ---- writer -------------------------------------------------------------------------------- */

static void put(rt_writer_t *w, const void *p, size_t n)
{
	fwrite(p, 1, n, w->f);
	w->sum = fnv(w->sum, p, n);
	w->bytes += n;
}

static void put8(rt_writer_t *w, unsigned v)
{
	unsigned char b = (unsigned char)v;
	put(w, &b, 1);
}

static void put16(rt_writer_t *w, unsigned v)
{
	unsigned char b[2] = {(unsigned char)v, (unsigned char)(v >> 8)};
	put(w, b, 2);
}

static void put32(rt_writer_t *w, uint32_t v)
{
	unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
			      (unsigned char)(v >> 24)};
	put(w, b, 4);
}

static void put64(rt_writer_t *w, uint64_t v)
{
	put32(w, (uint32_t)v);
	put32(w, (uint32_t)(v >> 32));
}

static void putstr(rt_writer_t *w, const char *s)
{
	size_t n = strlen(s);
	put16(w, (unsigned)n);
	put(w, s, n);
}

static void put_header(rt_writer_t *w, const rt_header_t *h)
{
	uint32_t i;
	unsigned k;
	put(w, RT_MAGIC, 8);
	put32(w, RT_VERSION);
	put32(w, BOM);
	putstr(w, h->kernel);
	putstr(w, h->ptx);
	for (k = 0; k < 3; k++)
		put32(w, h->grid[k]);
	for (k = 0; k < 3; k++)
		put32(w, h->block[k]);
	put32(w, h->shared_bytes);
	put64(w, h->seed);
	put32(w, h->regs);
	put32(w, h->limit);
	put32(w, h->max_live);
	put32(w, h->values);
	put32(w, h->warps);
	put32(w, h->n_insns);
	for (i = 0; i < h->n_insns; i++) {
		const rt_insn_t *in = &h->insns[i];
		put32(w, in->line);
		put8(w, in->cls);
		put8(w, in->op);
		put8(w, in->guarded);
		putstr(w, in->text);
		put8(w, in->n_src);
		put8(w, in->n_dst);
		for (k = 0; k < in->n_src; k++) {
			put16(w, in->src[k].reg);
			put8(w, in->src[k].width);
		}
		for (k = 0; k < in->n_dst; k++) {
			put16(w, in->dst[k].reg);
			put8(w, in->dst[k].width);
		}
	}
}

int rt_writer_open(const char *path, const rt_header_t *h, rt_plant_t plant, rt_writer_t **out, char *msg,
		   size_t n)
{
	rt_writer_t *w;
	*out = NULL;
	if (strlen(path) >= PATH_MAX_T) {
		snprintf(msg, n, "%s: path too long", path);
		return -1;
	}
	w = calloc(1, sizeof(*w));
	if (!w) {
		snprintf(msg, n, "%s: out of memory", path);
		return -1;
	}
	snprintf(w->path, sizeof(w->path), "%s", path);
	snprintf(w->tmp, sizeof(w->tmp), "%s.tmp", path);
	w->f = fopen(w->tmp, "wb");
	if (!w->f) {
		snprintf(msg, n, "%s: cannot write: %s", w->tmp, strerror(errno));
		free(w);
		return -1;
	}
	setvbuf(w->f, NULL, _IOFBF, 1u << 16);
	w->h = h;
	w->sum = FNV_OFFSET;
	w->plant = plant;
	put_header(w, h);
	*out = w;
	return 0;
}

/* The values of nr registers in the lanes of mask: per register an encoding byte, then
 * one value (uniform) or one per lane; nothing at all for an empty mask. */
static void put_values(rt_writer_t *w, const uint32_t (*v)[RT_LANES], unsigned nr, uint32_t mask)
{
	unsigned k, l, first = mask ? (unsigned)__builtin_ctz(mask) : 0;
	if (!mask)
		return;
	for (k = 0; k < nr; k++) {
		int uniform = __builtin_popcount(mask) > 1;
		for (l = first; l < RT_LANES && uniform; l++)
			if ((mask >> l & 1) && v[k][l] != v[k][first])
				uniform = 0;
		put8(w, uniform ? ENC_UNIFORM : ENC_LANES);
		for (l = first; l < RT_LANES; l++) {
			if (!(mask >> l & 1))
				continue;
			put32(w, v[k][l]);
			if (uniform)
				break;
		}
	}
}

int rt_write(rt_writer_t *w, const rt_record_t *r, char *msg, size_t n)
{
	const rt_insn_t *in;
	if (r->pc >= w->h->n_insns || (r->executed & ~r->active)) {
		snprintf(msg, n, "%s: record %llu: pc %u or its masks out of range", w->tmp,
			 (unsigned long long)w->records, r->pc);
		return -1;
	}
	in = &w->h->insns[r->pc];
	put8(w, TAG_INSN);
	put32(w, r->cta);
	put32(w, r->warp);
	put32(w, r->pc);
	put32(w, r->active);
	put32(w, r->executed);
	put_values(w, r->src, in->n_src32, r->active);
	if (w->plant == RT_PLANT_DEST_VALUE && in->n_dst32 && r->executed) {
		uint32_t d[RT_REGS_MAX][RT_LANES];
		memcpy(d, r->dst, sizeof(d));
		d[0][__builtin_ctz(r->executed)] ^= 1u; /* planted: a wrong value in the lowest lane */
		put_values(w, (const uint32_t(*)[RT_LANES])d, in->n_dst32, r->executed);
	} else {
		put_values(w, r->dst, in->n_dst32, r->executed);
	}
	w->records++;
	w->thread_insns += (uint64_t)__builtin_popcount(r->executed);
	if (ferror(w->f)) {
		snprintf(msg, n, "%s: write error: %s", w->tmp, strerror(errno));
		return -1;
	}
	return 0;
}

int rt_writer_finish(rt_writer_t *w, rt_end_t *end, char *msg, size_t n)
{
	uint64_t sum;
	int bad;
	put8(w, TAG_END);
	put64(w, w->records);
	put64(w, w->thread_insns);
	sum = w->sum;
	put64(w, sum);
	bad = ferror(w->f);
	if (fclose(w->f) != 0)
		bad = 1;
	w->f = NULL;
	if (bad || rename(w->tmp, w->path) != 0) {
		snprintf(msg, n, "%s: cannot write: %s", bad ? w->tmp : w->path, strerror(errno));
		rt_writer_abort(w);
		return -1;
	}
	if (end) {
		end->records = w->records;
		end->thread_insns = w->thread_insns;
		end->checksum = sum;
		end->bytes = w->bytes;
	}
	free(w);
	return 0;
}

void rt_writer_abort(rt_writer_t *w)
{
	if (!w)
		return;
	if (w->f)
		fclose(w->f);
	remove(w->tmp);
	free(w);
}

/* ---- reader -------------------------------------------------------------------------------- */

/* Read n bytes; 0, or -1 at the end of the file (the caller says where). */
static int get(rt_reader_t *r, void *p, size_t n)
{
	size_t got = fread(p, 1, n, r->f);
	r->sum = fnv(r->sum, p, got);
	r->bytes += got;
	return got == n ? 0 : -1;
}

static int get8(rt_reader_t *r, uint8_t *v)
{
	return get(r, v, 1);
}

static int get16(rt_reader_t *r, uint16_t *v)
{
	unsigned char b[2];
	if (get(r, b, 2))
		return -1;
	*v = (uint16_t)(b[0] | b[1] << 8);
	return 0;
}

static int get32(rt_reader_t *r, uint32_t *v)
{
	unsigned char b[4];
	if (get(r, b, 4))
		return -1;
	*v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
	return 0;
}

static int get64(rt_reader_t *r, uint64_t *v)
{
	uint32_t lo, hi;
	if (get32(r, &lo) || get32(r, &hi))
		return -1;
	*v = (uint64_t)hi << 32 | lo;
	return 0;
}

/* A string of at most max bytes into s; 0, -1 truncated, -2 too long. */
static int getstr(rt_reader_t *r, char *s, size_t max)
{
	uint16_t len;
	if (get16(r, &len))
		return -1;
	if (len > max)
		return -2;
	if (get(r, s, len))
		return -1;
	s[len] = 0;
	return 0;
}

/* One operand list of n entries; 0, -1 truncated, -2 malformed. */
static int get_opnds(rt_reader_t *r, rt_opnd_t *o, unsigned n, unsigned regs)
{
	unsigned k, total = 0;
	for (k = 0; k < n; k++) {
		if (get16(r, &o[k].reg) || get8(r, &o[k].width))
			return -1;
		if ((o[k].width != 1 && o[k].width != 2) || o[k].reg + o[k].width > regs)
			return -2;
		total += o[k].width;
	}
	return total > RT_REGS_MAX ? -2 : 0;
}

/* The static table; 0, -1 truncated, -2 malformed (*bad names the instruction). */
static int get_table(rt_reader_t *r, uint32_t *bad)
{
	rt_header_t *h = &r->h;
	uint32_t i;
	int st;
	for (i = 0; i < h->n_insns; i++) {
		rt_insn_t *in = &h->insns[i];
		*bad = i;
		if (get32(r, &in->line) || get8(r, &in->cls) || get8(r, &in->op) || get8(r, &in->guarded))
			return -1;
		if (in->cls >= RT_CLASS_COUNT || in->op >= PTX_OP_COUNT || in->guarded > 1)
			return -2;
		if ((st = getstr(r, in->text, RT_TEXT_MAX)) != 0 || get8(r, &in->n_src) || get8(r, &in->n_dst))
			return st == -2 ? -2 : -1;
		if (in->n_src > RT_OPNDS_MAX || in->n_dst > RT_OPNDS_MAX)
			return -2;
		if ((st = get_opnds(r, in->src, in->n_src, h->regs)) != 0 ||
		    (st = get_opnds(r, in->dst, in->n_dst, h->regs)) != 0)
			return st;
	}
	rt_header_derive(h);
	return 0;
}

/* The header; 0 or -1 with a message. */
static int get_header(rt_reader_t *r, char *msg, size_t n)
{
	rt_header_t *h = &r->h;
	char magic[8] = {0};
	uint32_t bom, i, bad = 0;
	int st = 0;
	if (get(r, magic, 8) || memcmp(magic, RT_MAGIC, 8) != 0) {
		snprintf(msg, n, "%s: not a register trace (no \"RFTRACE\" magic at byte 0)", r->path);
		return -1;
	}
	if (get32(r, &h->version) || get32(r, &bom))
		goto truncated;
	if (h->version != RT_VERSION) {
		snprintf(msg, n, "%s: trace format version %u, this reader reads version %u", r->path, h->version,
			 RT_VERSION);
		return -1;
	}
	if (bom != BOM) {
		snprintf(msg, n, "%s: byte-order mark 0x%08x, expected 0x%08x (little-endian)", r->path, bom, BOM);
		return -1;
	}
	if ((st = getstr(r, h->kernel, RT_NAME_MAX)) != 0 || (st = getstr(r, h->ptx, RT_NAME_MAX)) != 0)
		goto fail;
	for (i = 0; i < 3 && !st; i++)
		st = get32(r, &h->grid[i]);
	for (i = 0; i < 3 && !st; i++)
		st = get32(r, &h->block[i]);
	if (st || get32(r, &h->shared_bytes) || get64(r, &h->seed) || get32(r, &h->regs) || get32(r, &h->limit) ||
	    get32(r, &h->max_live) || get32(r, &h->values) || get32(r, &h->warps) || get32(r, &h->n_insns))
		goto truncated;
	if (h->n_insns > RT_INSNS_MAX || h->regs > UINT16_MAX || h->warps == 0 || h->warps > 64) {
		snprintf(msg, n, "%s: malformed header (%u instructions, %u registers, %u warps per CTA)", r->path,
			 h->n_insns, h->regs, h->warps);
		return -1;
	}
	h->insns = calloc(h->n_insns ? h->n_insns : 1, sizeof(*h->insns));
	if (!h->insns) {
		snprintf(msg, n, "%s: out of memory", r->path);
		return -1;
	}
	if ((st = get_table(r, &bad)) == 0)
		return 0;
	if (st == -2) {
		snprintf(msg, n, "%s: malformed header: static instruction %u", r->path, bad);
		return -1;
	}
fail:
	if (st == -2) {
		snprintf(msg, n, "%s: malformed header: a name longer than %u bytes", r->path, RT_NAME_MAX);
		return -1;
	}
truncated:
	snprintf(msg, n, "%s: truncated at byte %llu, inside the header", r->path, (unsigned long long)r->bytes);
	return -1;
}

int rt_reader_open(const char *path, rt_plant_t plant, rt_reader_t **out, char *msg, size_t n)
{
	rt_reader_t *r;
	*out = NULL;
	if (strlen(path) >= PATH_MAX_T) {
		snprintf(msg, n, "%s: path too long", path);
		return -1;
	}
	r = calloc(1, sizeof(*r));
	if (!r) {
		snprintf(msg, n, "%s: out of memory", path);
		return -1;
	}
	snprintf(r->path, sizeof(r->path), "%s", path);
	r->sum = FNV_OFFSET;
	r->plant = plant;
	r->f = fopen(path, "rb");
	if (!r->f) {
		snprintf(msg, n, "%s: cannot read: %s", path, strerror(errno));
		free(r);
		return -1;
	}
	setvbuf(r->f, NULL, _IOFBF, 1u << 16);
	if (get_header(r, msg, n) != 0) {
		rt_reader_close(r);
		return -1;
	}
	*out = r;
	return 0;
}

const rt_header_t *rt_reader_header(const rt_reader_t *r)
{
	return &r->h;
}

void rt_reader_close(rt_reader_t *r)
{
	if (!r)
		return;
	if (r->f)
		fclose(r->f);
	rt_header_free(&r->h);
	free(r);
}

/* The values of nr registers in the lanes of mask into v; 0, -1 truncated, -2 a bad encoding. */
static int get_values(rt_reader_t *r, uint32_t (*v)[RT_LANES], unsigned nr, uint32_t mask)
{
	unsigned k, l;
	uint8_t enc;
	uint32_t x = 0;
	for (k = 0; k < nr; k++) {
		memset(v[k], 0, sizeof(v[k]));
		if (!mask)
			continue;
		if (get8(r, &enc))
			return -1;
		if (enc != ENC_LANES && enc != ENC_UNIFORM)
			return -2;
		if (enc == ENC_UNIFORM && get32(r, &x))
			return -1;
		for (l = 0; l < RT_LANES; l++) {
			if (!(mask >> l & 1))
				continue;
			if (enc == ENC_UNIFORM)
				v[k][l] = x;
			else if (get32(r, &v[k][l]))
				return -1;
		}
	}
	return 0;
}

/* The end record after its tag; 0 or -1 with a message. */
static int get_end(rt_reader_t *r, rt_end_t *end, char *msg, size_t n)
{
	uint64_t records, lanes, sum, want;
	unsigned char extra;
	if (get64(r, &records) || get64(r, &lanes))
		goto truncated;
	want = r->sum;
	if (get64(r, &sum))
		goto truncated;
	if (records != r->records || lanes != r->thread_insns) {
		snprintf(msg, n, "%s: the end record counts %llu records and %llu lanes, the file holds %llu and %llu",
			 r->path, (unsigned long long)records, (unsigned long long)lanes,
			 (unsigned long long)r->records, (unsigned long long)r->thread_insns);
		return -1;
	}
	if (sum != want) {
		snprintf(msg, n, "%s: checksum mismatch (end record 0x%016llx, contents 0x%016llx): the file is corrupted",
			 r->path, (unsigned long long)sum, (unsigned long long)want);
		return -1;
	}
	if (fread(&extra, 1, 1, r->f) == 1) {
		snprintf(msg, n, "%s: data after the end record at byte %llu", r->path, (unsigned long long)r->bytes);
		return -1;
	}
	r->done = 1;
	if (end) {
		end->records = records;
		end->thread_insns = lanes;
		end->checksum = sum;
		end->bytes = r->bytes;
	}
	return 0;
truncated:
	snprintf(msg, n, "%s: truncated at byte %llu, inside the end record", r->path, (unsigned long long)r->bytes);
	return -1;
}

int rt_read(rt_reader_t *r, rt_record_t *rec, rt_end_t *end, char *msg, size_t n)
{
	const rt_insn_t *in;
	uint64_t at = r->bytes;
	uint8_t tag;
	int st;
	if (r->done) {
		snprintf(msg, n, "%s: read past the end record", r->path);
		return -1;
	}
	if (get8(r, &tag)) {
		if (r->plant == RT_PLANT_ACCEPT_TRUNCATED) { /* planted: the end of the file taken for the end */
			r->done = 1;
			if (end)
				*end = (rt_end_t){r->records, r->thread_insns, r->sum, r->bytes};
			return 0;
		}
		snprintf(msg, n, "%s: truncated at byte %llu after %llu records: no end record", r->path,
			 (unsigned long long)at, (unsigned long long)r->records);
		return -1;
	}
	if (tag == TAG_END)
		return get_end(r, end, msg, n) ? -1 : 0;
	if (tag != TAG_INSN) {
		snprintf(msg, n, "%s: byte %llu: record %llu has unknown tag 0x%02x: the file is corrupted", r->path,
			 (unsigned long long)at, (unsigned long long)r->records, tag);
		return -1;
	}
	rec->index = r->records;
	if (get32(r, &rec->cta) || get32(r, &rec->warp) || get32(r, &rec->pc) || get32(r, &rec->active) ||
	    get32(r, &rec->executed))
		goto truncated;
	if (rec->pc >= r->h.n_insns || rec->warp >= r->h.warps || (rec->executed & ~rec->active)) {
		snprintf(msg, n, "%s: byte %llu: record %llu: pc %u, warp %u or its masks out of range: the file is corrupted",
			 r->path, (unsigned long long)at, (unsigned long long)r->records, rec->pc, rec->warp);
		return -1;
	}
	in = &r->h.insns[rec->pc];
	if ((st = get_values(r, rec->src, in->n_src32, rec->active)) != 0 ||
	    (st = get_values(r, rec->dst, in->n_dst32, rec->executed)) != 0) {
		if (st == -1)
			goto truncated;
		snprintf(msg, n, "%s: byte %llu: record %llu: unknown value encoding: the file is corrupted", r->path,
			 (unsigned long long)at, (unsigned long long)r->records);
		return -1;
	}
	r->records++;
	r->thread_insns += (uint64_t)__builtin_popcount(rec->executed);
	return 1;
truncated:
	snprintf(msg, n, "%s: truncated at byte %llu, inside record %llu", r->path, (unsigned long long)r->bytes,
		 (unsigned long long)r->records);
	return -1;
}
