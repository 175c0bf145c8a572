/* block.c - port tables, the model instance head, coverage and the block registry. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rfm_block.h"
#include "rfm_blocks.h"
#include "rfm_techniques.h"

void rfm_ports_group(rfm_ports_t *pt, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(pt->group, sizeof(pt->group), fmt, ap);
	va_end(ap);
}

unsigned rfm_ports_add(rfm_ports_t *pt, rfm_dir_t dir, unsigned width, const char *help,
		       const char *fmt, ...)
{
	rfm_port_t *p;
	va_list ap;

	if (pt->n == pt->cap) {
		unsigned cap = pt->cap ? pt->cap * 2 : 32;
		rfm_port_t *np = realloc(pt->p, cap * sizeof(*np));
		if (!np) {
			pt->oom = 1;
			return 0;
		}
		pt->p = np;
		pt->cap = cap;
	}
	p = &pt->p[pt->n];
	memset(p, 0, sizeof(*p));
	va_start(ap, fmt);
	vsnprintf(p->name, sizeof(p->name), fmt, ap);
	va_end(ap);
	p->dir = dir;
	p->width = width ? width : 1;
	p->off = pt->io_words;
	p->words = rfm_words(p->width);
	memcpy(p->group, pt->group, sizeof(p->group));
	snprintf(p->help, sizeof(p->help), "%s", help);
	pt->io_words += p->words;
	return pt->n++;
}

int rfm_ports_find(const rfm_ports_t *pt, const char *name)
{
	unsigned i;
	for (i = 0; i < pt->n; i++)
		if (!strcmp(pt->p[i].name, name))
			return (int)i;
	return -1;
}

void rfm_ports_free(rfm_ports_t *pt)
{
	free(pt->p);
	memset(pt, 0, sizeof(*pt));
}

int rfm_model_init(rfm_model_t *m, const rfm_model_ops_t *ops, const rfm_cfg_t *cfg,
		   const char *module, rfm_ports_fn ports, void *ix,
		   const char *const *cov_names, unsigned n_cov)
{
	m->ops = ops;
	m->cfg = cfg;
	m->module = module;
	if (ports(cfg, &m->ports, ix) || m->ports.oom)
		return -1;
	m->io = calloc(m->ports.io_words + 1, sizeof(uint32_t));
	m->slot = calloc(m->ports.n + 1, sizeof(*m->slot));
	if (!m->slot)
		return -1;
	m->in_span = calloc(2 * m->ports.n + 2, sizeof(uint32_t));
	if (!m->in_span)
		return -1;
	for (unsigned i = 0; i < m->ports.n; i++) {
		const rfm_port_t *p = &m->ports.p[i];
		if (p->dir == RFM_IN) {
			unsigned k = m->n_in_span;
			if (k && m->in_span[2 * k - 2] + m->in_span[2 * k - 1] == p->off) {
				m->in_span[2 * k - 1] += p->words;
			} else {
				m->in_span[2 * k] = p->off;
				m->in_span[2 * k + 1] = p->words;
				m->n_in_span++;
			}
		}
		m->slot[i].off = m->ports.p[i].off;
		m->slot[i].words = (uint16_t)m->ports.p[i].words;
		m->slot[i].width = (uint16_t)m->ports.p[i].width;
		m->slot[i].mask = rfm_mask64(m->ports.p[i].width);
	}
	m->cov.names = cov_names;
	m->cov.n = n_cov;
	m->cov.count = calloc(n_cov + 1, sizeof(uint64_t));
	m->cov.na = calloc(n_cov + 1, 1);
	if (!m->io || !m->cov.count || !m->cov.na)
		return -1;
	m->clk = rfm_ports_find(&m->ports, "clk_i");
	m->rst = rfm_ports_find(&m->ports, "rst_ni");
	return 0;
}

void rfm_model_fini(rfm_model_t *m)
{
	rfm_ports_free(&m->ports);
	free(m->io);
	free(m->slot);
	m->slot = NULL;
	free(m->in_span);
	m->in_span = NULL;
	free(m->cov.count);
	free(m->cov.na);
	m->cov.na = NULL;
	m->io = NULL;
	m->cov.count = NULL;
}

const rfm_block_desc_t *rfm_block_find(const char *module)
{
	unsigned i;
	for (i = 0; i < rfm_block_count; i++)
		if (!strcmp(rfm_blocks[i].module, module))
			return &rfm_blocks[i];
	return NULL;
}

int rfm_block_enabled(const rfm_block_desc_t *blk, const rfm_cfg_t *cfg)
{
	return rfm_technique_on(cfg, blk->feature);
}

rfm_model_t *rfm_model_create(const char *module, const rfm_cfg_t *cfg)
{
	const rfm_block_desc_t *b = rfm_block_find(module);
	return b ? b->create(cfg) : NULL;
}

void rfm_model_destroy(rfm_model_t *m)
{
	if (m)
		m->ops->destroy(m);
}

void rfm_model_eval(rfm_model_t *m)
{
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst))
		m->ops->reset(m);
	m->ops->eval(m);
}

void rfm_model_tick(rfm_model_t *m)
{
	if (m->rst >= 0 && !rfm_get(m, (unsigned)m->rst))
		m->ops->reset(m);
	else
		m->ops->tick(m);
}

unsigned rfm_cov_report(const rfm_model_t *m, FILE *out)
{
	unsigned i, missed = 0;
	for (i = 0; i < m->cov.n; i++) {
		if (m->cov.na[i]) {
			fprintf(out, "coverage %s.%-28s n/a in this config\n", m->module, m->cov.names[i]);
			continue;
		}
		fprintf(out, "coverage %s.%-28s %llu%s\n", m->module, m->cov.names[i],
			(unsigned long long)m->cov.count[i], m->cov.count[i] ? "" : "  (never hit)");
		if (!m->cov.count[i])
			missed++;
	}
	return missed;
}

#define X(mod, feat, help) {#mod, #feat, help, rfm_##mod##_ports, rfm_##mod##_create},
const rfm_block_desc_t rfm_blocks[] = {
#include "rfm_blocks.def"
};
#undef X
const unsigned rfm_block_count = sizeof(rfm_blocks) / sizeof(rfm_blocks[0]);
