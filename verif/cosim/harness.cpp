// harness.cpp - lock-step co-simulation of one generated module against its C model.
//
// Built once per (config, module) with the generated glue header forced in
// (-include generated/<config>/cosim/<module>_glue.h). Every cycle: the model's stimulus sets the
// inputs, the glue copies them into the Verilated RTL, both evaluate, every output is compared,
// the model's own checker (invariants, golden registers) runs, then both take the clock edge.
//
//   Vcosim +config=generated/<config>/config.ini [+seed=N] [+cycles=N] [+trace=FILE.fst]
//          [+mutate=N] [+model-only] [+covfail] [+quiet]
//
// +model-only skips the RTL comparison: only the model's own checker judges (used to show that the
// checker alone catches a fault planted in the model).
//
// A mismatch prints the cycle, port, expected and actual value, and the seed that replays it;
// the run stops at the first failing cycle. The last line is "N passed, N failed" (cycles).
// Exit status: 0 pass, 1 mismatch or uncovered event (with +covfail), 2 bad arguments.
#include <verilated.h>
#include <verilated_fst_c.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

extern "C" {
#include "rfm_block.h"
#include "rfm_config.h"
}

double sc_time_stamp() { return 0; }

namespace {

struct report_ctx {
	uint64_t cycle;
	uint64_t seed;
	uint64_t cycles;
	unsigned shown;
};

void print_hex(FILE *f, const uint32_t *w, unsigned width)
{
	unsigned words = rfm_words(width);
	fprintf(f, "0x");
	for (unsigned i = words; i-- > 0;) {
		uint32_t v = w[i];
		if (i == words - 1 && width % 32)
			v &= (uint32_t)rfm_mask64(width % 32);
		fprintf(f, i == words - 1 ? "%" PRIx32 : "%08" PRIx32, v);
	}
}

void report(void *vctx, const char *port, unsigned width, const uint32_t *exp, const uint32_t *got)
{
	report_ctx *ctx = static_cast<report_ctx *>(vctx);
	if (ctx->shown++ >= 8)
		return;
	fprintf(stderr, "MISMATCH cycle %" PRIu64 " port %s: expected ", ctx->cycle, port);
	print_hex(stderr, exp, width);
	fprintf(stderr, ", got ");
	print_hex(stderr, got, width);
	fprintf(stderr, " (replay: +seed=%" PRIu64 " +cycles=%" PRIu64 ")\n", ctx->seed, ctx->cycle + 1);
}

bool plus_u64(int argc, char **argv, const char *key, uint64_t *out)
{
	size_t n = strlen(key);
	for (int i = 1; i < argc; i++) {
		if (!strncmp(argv[i], key, n)) {
			char *end = nullptr;
			errno = 0;
			unsigned long long v = strtoull(argv[i] + n, &end, 0);
			if (errno || !*(argv[i] + n) || *end || argv[i][n] == '-') {
				fprintf(stderr, "cosim: bad value in %s\n", argv[i]);
				exit(2);
			}
			*out = v;
			return true;
		}
	}
	return false;
}

const char *plus_str(int argc, char **argv, const char *key)
{
	size_t n = strlen(key);
	for (int i = 1; i < argc; i++)
		if (!strncmp(argv[i], key, n))
			return argv[i] + n;
	return nullptr;
}

bool plus_flag(int argc, char **argv, const char *key)
{
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], key))
			return true;
	return false;
}

} // namespace

int main(int argc, char **argv)
{
	uint64_t seed = 1, cycles = 10000, mutate = 0;
	const char *cfg_path = plus_str(argc, argv, "+config=");
	const char *trace = plus_str(argc, argv, "+trace=");
	bool covfail = plus_flag(argc, argv, "+covfail"), quiet = plus_flag(argc, argv, "+quiet");
	bool model_only = plus_flag(argc, argv, "+model-only");
	plus_u64(argc, argv, "+seed=", &seed);
	plus_u64(argc, argv, "+cycles=", &cycles);
	plus_u64(argc, argv, "+mutate=", &mutate);
	if (plus_flag(argc, argv, "+trace"))
		trace = "cosim.fst";
	if (!cfg_path) {
		fprintf(stderr, "usage: %s +config=generated/<config>/config.ini [+seed=N] [+cycles=N] [+trace=FILE.fst] "
				"[+mutate=N] [+model-only] [+covfail] [+quiet]\n", argv[0]);
		return 2;
	}

	static rfm_cfg_t cfg;
	if (rfm_cfg_load(&cfg, cfg_path, nullptr, 0, stderr) != RFM_OK)
		return 2;
	if (rfm_cfg_hash(&cfg) != GLUE_HASH) {
		fprintf(stderr, "cosim: %s does not match the configuration this harness was generated for (%s); "
				"rebuild it\n", cfg_path, GLUE_CONFIG);
		return 2;
	}
	rfm_model_t *m = rfm_model_create(GLUE_MODULE, &cfg);
	if (!m) {
		fprintf(stderr, "cosim: cannot create the model of %s\n", GLUE_MODULE);
		return 2;
	}
	// the glue's port table must be the model's, port for port
	if (m->ports.n != glue_nports) {
		fprintf(stderr, "cosim: %s: model has %u ports, glue %u\n", GLUE_MODULE, m->ports.n, glue_nports);
		return 2;
	}
	for (unsigned i = 0; i < glue_nports; i++) {
		const rfm_port_t *p = &m->ports.p[i];
		if (strcmp(p->name, glue_ports[i].name) || (int)p->dir != glue_ports[i].dir ||
		    p->width != glue_ports[i].width) {
			fprintf(stderr, "cosim: %s: port %u differs: model %s/%u, glue %s/%u\n", GLUE_MODULE, i, p->name,
				p->width, glue_ports[i].name, glue_ports[i].width);
			return 2;
		}
	}
	m->mutate = (unsigned)mutate;

	auto ctx = std::make_unique<VerilatedContext>();
	ctx->commandArgs(argc, argv);
	auto top = std::make_unique<glue_top_t>(ctx.get());
	std::unique_ptr<VerilatedFstC> tfp;
	if (trace) {
		ctx->traceEverOn(true);
		tfp = std::make_unique<VerilatedFstC>();
		top->trace(tfp.get(), 99);
		tfp->open(trace);
	}

	rfm_rng_t rng;
	rfm_rng_seed(&rng, seed);
	report_ctx rc = {0, seed, cycles, 0};
	uint64_t passed = 0, failed = 0;
	if (!quiet)
		printf("cosim %s config %s seed %" PRIu64 " cycles %" PRIu64 "%s%s\n", GLUE_MODULE, GLUE_CONFIG, seed,
		       cycles, mutate ? " (planted fault)" : "", model_only ? " (model checker only)" : "");
	for (uint64_t cyc = 0; cyc < cycles; cyc++) {
		rc.cycle = cyc;
		m->ops->stim(m, &rng, cyc);
		if (m->rst >= 0)
			rfm_set(m, (unsigned)m->rst, cyc >= 2);
		glue_in(top.get(), m);
#if GLUE_HAS_CLK
		top->clk_i = 0;
#endif
		top->eval();
		rfm_model_eval(m);
		unsigned bad = model_only ? 0 : glue_out(top.get(), m, report, &rc);
		if (!bad && m->ops->check(m, cyc, stderr)) {
			fprintf(stderr, "CHECK FAILED cycle %" PRIu64 " (replay: +seed=%" PRIu64 " +cycles=%" PRIu64 ")\n", cyc,
				seed, cyc + 1);
			bad = 1;
		}
		if (tfp)
			tfp->dump(2 * cyc);
		if (bad) {
			failed++;
			break;
		}
		passed++;
#if GLUE_HAS_CLK
		top->clk_i = 1;
		top->eval();
		if (tfp)
			tfp->dump(2 * cyc + 1);
#endif
		rfm_model_tick(m);
	}
	if (tfp)
		tfp->close();
	top->final();
	unsigned missed = 0;
	if (!quiet || covfail)
		missed = rfm_cov_report(m, stdout);
	if (covfail && missed && !failed) {
		printf("cosim: %u coverage event(s) never hit\n", missed);
		failed++;
	}
	if (failed)
		printf("cosim FAILED: %s config %s seed %" PRIu64 " (replay: +seed=%" PRIu64 " +cycles=%" PRIu64 ")\n",
		       GLUE_MODULE, GLUE_CONFIG, seed, seed, rc.cycle + 1);
	printf("%" PRIu64 " passed, %" PRIu64 " failed\n", passed, failed);
	rfm_model_destroy(m);
	return failed ? 1 : 0;
}
