// harness.cpp - lock-step co-simulation of one generated module against its C model.
//
// Built once per (config, module): the build's one source, cosim_main.cpp (written by the
// Makefile), includes generated/<config>/cosim/<module>_glue.h and then this file. Every cycle: the
// model's stimulus sets the inputs, the glue copies them into the Verilated RTL, both evaluate,
// every output is compared,
// the model's own checker (invariants, golden registers) runs (on a mismatching cycle too, so both
// verdicts print), then both take the clock edge.
//
//   Vcosim +config=generated/<config>/config.ini [+seed=N] [+cycles=N] [+trace=FILE.fst]
//          [+mutate=FAULT] [+model-only] [+rtl-only] [+covfail] [+quiet] [+bench[=REPEATS]]
//          [+width-dist=NAME] [+writes=K] [+decay=MODE] [+counters=FILE.csv]
//
// +mutate=FAULT plants a fault in the model (make mutation, docs/verification.md): FAULT is a
// name of cmodel/<technique>/faults.def (XBAR_SLOT0_NEIGHBOUR, or xbar-slot0-neighbour) or its
// numeric id, looked up with rfm_fault_find (cmodel/rfm_faults.h); an unknown one is refused
// (exit 2) with the list of known names.
//
// +bench times the loop instead (make bench, docs/benchmarks.md): the stimulus of +cycles cycles is
// recorded once, then REPEATS times each (median reported): the Verilated RTL alone replaying it,
// RTL and model in lock-step replaying it (compare every output), and the full loop (stimulus,
// RTL, model, compare, model checker), the three side by side in timed chunks of 2000 cycles.
//
// +model-only skips the RTL comparison: only the model's own checker judges (used to show that the
// checker alone catches a fault planted in the model). +rtl-only skips the comparison and the
// model's verdict: rf_top's checker runs its bookkeeping only (what the stimulus and the golden
// registers need; rfm_top_option "verdict" "off"), other blocks' checkers run with their output
// discarded; only the RTL's own assertions judge (a harness built with +define+RFM_ASSERTIONS
// --assert, make cosim-assert; a failed assertion stops the run with an error).
// +width-dist=NAME sets rf_top's stimulus value widths with coalescing (fig3_3, full, or
// P1,P2,P3,P4[,NEG]; docs/coalescing.md). +writes=K offers a new write-back per port and cycle
// with chance K/8 (K/16 in busy phases; 1..8) instead of 1/2 (1/4): the power flow's activity check.
// +decay=off|paper|retention sets the eDRAM decay overlay's mode over edram.decay (docs/edram.md,
// "Decay"): one build co-simulates every mode.
//
// A run that passes ends with the totals of the counter outputs (cnt_*_o, not wrapped) and the
// rates derived from them (reads and dispatches per cycle, denied reads per read, stalled issue
// offers per dispatch); +counters=FILE writes them as CSV (name,value), also with +quiet.
//
// A mismatch prints the cycle, port, expected and actual value, and the seed that replays it;
// the run stops at the first failing cycle. The last line is "N passed, N failed" (cycles).
// Exit status: 0 pass, 1 mismatch or uncovered event (with +covfail), 2 bad arguments.
#include <verilated.h>
#if VM_TRACE
#include <verilated_fst_c.h>
#endif

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <chrono>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

extern "C" {
#include "rfm_block.h"
#include "rfm_config.h"
#include "edram/rfm_edram.h"
#include "rfm_faults.h"
#include "rfm_part.h"
}

double sc_time_stamp() { return 0; }

namespace {

// The model's counter outputs (cnt_<name>_o), totalled over the run without wrapping: each cycle
// adds the difference of the registered value modulo 2^width (a counter adds less than 2^width
// per cycle). Printed at the end of a run with the rates derived from them, and written as CSV
// with +counters=FILE.
struct counter_t {
	unsigned port;
	uint64_t prev, total;
};

std::vector<counter_t> counters_find(const rfm_model_t *m)
{
	std::vector<counter_t> cs;
	for (unsigned i = 0; i < m->ports.n; i++) {
		const rfm_port_t *p = &m->ports.p[i];
		size_t n = strlen(p->name);
		if (p->dir == RFM_OUT && p->width <= 64 && n > 6 && !strncmp(p->name, "cnt_", 4) &&
		    !strcmp(p->name + n - 2, "_o"))
			cs.push_back({i, 0, 0});
	}
	return cs;
}

void counters_sample(std::vector<counter_t> &cs, const rfm_model_t *m)
{
	for (auto &c : cs) {
		uint64_t v = rfm_get(m, c.port);
		c.total += (v - c.prev) & m->slot[c.port].mask;
		c.prev = v;
	}
}

// Total of counter cnt_<name>_o, or -1 when the module has none.
double counter_total(const std::vector<counter_t> &cs, const rfm_model_t *m, const char *name)
{
	std::string want = std::string("cnt_") + name + "_o";
	for (const auto &c : cs)
		if (want == m->ports.p[c.port].name)
			return (double)c.total;
	return -1;
}

// Print the totals and the derived rates; write them as CSV (name,value) to path when given.
int counters_report(const std::vector<counter_t> &cs, const rfm_model_t *m, uint64_t cycles, const char *path)
{
	if (cs.empty())
		return 0;
	for (const auto &c : cs) // each total wraps to the last value sampled (the unwrapping is sound)
		if ((c.total & m->slot[c.port].mask) != c.prev) {
			fprintf(stderr, "cosim: counter %s: total %" PRIu64 " does not wrap to its value %" PRIu64 "\n",
				m->ports.p[c.port].name, c.total, c.prev);
			return 1;
		}
	FILE *csv = nullptr;
	if (path && !(csv = fopen(path, "w"))) {
		fprintf(stderr, "cosim: cannot write %s: %s\n", path, strerror(errno));
		return 1;
	}
	printf("counters over %" PRIu64 " cycles (totals, not wrapped):\n", cycles);
	if (csv)
		fprintf(csv, "name,value\ncycles,%" PRIu64 "\n", cycles);
	for (const auto &c : cs) {
		printf("  %-22s %12" PRIu64 "\n", m->ports.p[c.port].name, c.total);
		if (csv)
			fprintf(csv, "%s,%" PRIu64 "\n", m->ports.p[c.port].name, c.total);
	}
	double rd = counter_total(cs, m, "read"), cf = counter_total(cs, m, "conflict");
	double wc = counter_total(cs, m, "wconflict"), st = counter_total(cs, m, "stall");
	double dp = counter_total(cs, m, "dispatch"), cyc = (double)(cycles ? cycles : 1);
	struct {
		const char *name, *what;
		double v;
	} rates[] = {
		{"reads_per_cycle", "bank reads granted per cycle", rd >= 0 ? rd / cyc : -1},
		{"denied_per_read", "read requests denied (by reads or writes) per read granted",
		 rd > 0 && cf >= 0 && wc >= 0 ? (cf + wc) / rd : -1},
		{"stalls_per_dispatch", "issue offers not accepted per instruction dispatched",
		 dp > 0 && st >= 0 ? st / dp : -1},
		{"dispatches_per_cycle", "instructions dispatched per cycle", dp >= 0 ? dp / cyc : -1},
	};
	for (const auto &r : rates) {
		if (r.v < 0)
			continue;
		printf("  %-22s %12.4f  %s\n", r.name, r.v, r.what);
		if (csv)
			fprintf(csv, "%s,%.6f\n", r.name, r.v);
	}
	double rf = counter_total(cs, m, "refresh"), rnc = counter_total(cs, m, "refresh_nc");
	double ap = counter_total(cs, m, "approx_rows");
	if (m->cfg->edram_enable == RFM_ON && rf > 0 && rnc >= 0 && ap >= 0) { // docs/edram.md, "Energy"
		rfm_edram_geom_t g;
		rfm_edram_geom_of(m->cfg, &g);
		rfm_edram_acts_t a = {(uint64_t)rf, (uint64_t)rnc};
		const rfm_edram_node_t *n = &rfm_edram_nodes[m->cfg->edram_node];
		double fj = rfm_edram_refresh_fj(&g, n, &a), pfj = rfm_edram_precise_refresh_fj(&g, n, &a);
		struct {
			const char *name, *what;
			double v;
		} ed[] = {
			{"crit_subrows", "eDRAM: critical sub-rows activated (refreshes, reads, writes)",
			 rf + (rd > 0 ? rd : 0) + std::max(counter_total(cs, m, "write"), 0.0)},
			{"nc_subrows", "eDRAM: noncritical sub-rows activated (their refreshes, reads, writes)",
			 rnc + (rd > 0 ? rd : 0) + std::max(counter_total(cs, m, "write"), 0.0)},
			{"approx_rows_avg", "eDRAM: approximate rows, time average", ap / cyc},
			{"refresh_nc_share", "eDRAM: refreshes that restore the noncritical sub-row", rnc / rf},
			{"refresh_nj", "eDRAM: refresh energy in nJ at the config's node (Table 1)", fj / 1e6},
			{"refresh_precise_nj", "eDRAM: the same refreshes on a precise eDRAM file, nJ", pfj / 1e6},
			{"refresh_saving", "eDRAM: refresh energy saved against the precise file (fraction)",
			 pfj > 0 ? 1.0 - fj / pfj : 0},
		};
		for (const auto &r : ed) {
			printf("  %-22s %12.4f  %s\n", r.name, r.v, r.what);
			if (csv)
				fprintf(csv, "%s,%.6f\n", r.name, r.v);
		}
	}
	if (csv && fclose(csv)) {
		fprintf(stderr, "cosim: cannot write %s\n", path);
		return 1;
	}
	return 0;
}

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

// The planted fault of +mutate=FAULT (a name or id, rfm_fault_find), or nullptr without +mutate;
// an unknown one exits 2 with the list of known names.
const rfm_fault_desc_t *plus_fault(int argc, char **argv)
{
	const char *v = plus_str(argc, argv, "+mutate=");
	if (!v)
		return nullptr;
	const rfm_fault_desc_t *f = rfm_fault_find(v);
	if (f)
		return f;
	fprintf(stderr, "cosim: +mutate=%s: no such planted fault; known:\n", v);
	rfm_fault_print_names(stderr);
	fprintf(stderr, "(the names of cmodel/<technique>/faults.def, also in lower case with dashes, or their ids)\n");
	exit(2);
}

void null_report(void *, const char *, unsigned, const uint32_t *, const uint32_t *) {}

double now_s()
{
	return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double median(std::vector<double> v)
{
	std::sort(v.begin(), v.end());
	return v.empty() ? 0 : v[v.size() / 2];
}

void reset_inputs(rfm_model_t *m, const std::vector<uint32_t> &rec, uint64_t cyc, unsigned in_words)
{
	unsigned k = 0;
	for (unsigned i = 0; i < m->ports.n; i++)
		if (m->ports.p[i].dir == RFM_IN)
			for (unsigned w = 0; w < m->ports.p[i].words; w++)
				m->io[m->ports.p[i].off + w] = rec[cyc * in_words + k++];
}

// The model's options from the plusargs (rf_top only): +width-dist=NAME, +writes=K (new write-backs
// per port and cycle in eighths, 1..8), +decay=off|paper|retention (the eDRAM decay overlay), and
// with +rtl-only no verdict. Returns 0, or 2 on a bad value.
int model_options(rfm_model_t *m, int argc, char **argv, bool rtl_only)
{
	const char *wd = plus_str(argc, argv, "+width-dist="), *wr = plus_str(argc, argv, "+writes=");
	const char *dc = plus_str(argc, argv, "+decay=");
	if (strcmp(m->module, "rf_top")) {
		if (wd || wr || dc)
			fprintf(stderr, "cosim: +width-dist, +writes and +decay are options of rf_top\n");
		return wd || wr || dc ? 2 : 0;
	}
	if (dc) { // the eDRAM decay overlay's mode, over edram.decay (docs/edram.md, "Decay")
		int d = rfm_top_option(m, "decay", dc, stderr);
		if (d > 0)
			fprintf(stderr, "cosim: +decay: this rf_top has no eDRAM storage\n");
		if (d)
			return 2;
	}
	int r = wd ? rfm_top_option(m, "width-dist", wd, stderr) : 0;
	if (r > 0)
		fprintf(stderr, "cosim: +width-dist: this rf_top has no coalescing back end\n");
	if (r)
		return 2;
	if (wr && rfm_top_option(m, "writes", wr, stderr))
		return 2;
	if (rtl_only)
		rfm_top_option(m, "verdict", "off", stderr);
	return 0;
}

// make bench: time Verilator alone, lock-step on replayed stimulus, and the full loop.
int bench(rfm_cfg_t *cfg, uint64_t seed, uint64_t cycles, unsigned repeats, int argc, char **argv)
{
	unsigned in_words = 0;
	rfm_model_t *m = rfm_model_create(GLUE_MODULE, cfg);
	if (!m || model_options(m, argc, argv, false))
		return 2;
	for (unsigned i = 0; i < m->ports.n; i++)
		if (m->ports.p[i].dir == RFM_IN)
			in_words += m->ports.p[i].words;
	std::vector<uint32_t> rec((size_t)cycles * in_words);
	rfm_rng_t rng;
	rfm_rng_seed(&rng, seed);
	for (uint64_t cyc = 0; cyc < cycles; cyc++) { // record the stimulus (model only, not timed)
		m->ops->stim(m, &rng, cyc);
		if (m->rst >= 0)
			rfm_set(m, (unsigned)m->rst, cyc >= 2);
		unsigned k = 0;
		for (unsigned i = 0; i < m->ports.n; i++)
			if (m->ports.p[i].dir == RFM_IN)
				for (unsigned w = 0; w < m->ports.p[i].words; w++)
					rec[cyc * in_words + k++] = m->io[m->ports.p[i].off + w];
		rfm_model_eval(m);
		m->ops->check(m, cyc, stderr);
		rfm_model_tick(m);
	}
	rfm_model_destroy(m);
	// The three runs advance side by side in chunks of cycles, each chunk timed, the order of the
	// runs rotated from chunk to chunk: a slow spell of a shared machine then falls on all three
	// alike instead of on whichever run was going (docs/benchmarks.md).
	const uint64_t chunk = 2000;
	std::vector<double> t_rtl, t_lock, t_full;
	unsigned long bad = 0;
	for (unsigned r = 0; r < repeats; r++) {
		std::unique_ptr<VerilatedContext> ctx[3];
		std::unique_ptr<glue_top_t> top[3];
		rfm_model_t *mm[3];
		rfm_rng_t rngs[3];
		double dt[3] = {0, 0, 0};
		for (int mode = 0; mode < 3; mode++) {
			ctx[mode] = std::make_unique<VerilatedContext>();
			top[mode] = std::make_unique<glue_top_t>(ctx[mode].get());
			mm[mode] = rfm_model_create(GLUE_MODULE, cfg);
			if (!mm[mode] || model_options(mm[mode], argc, argv, false))
				return 2;
			rfm_rng_seed(&rngs[mode], seed);
		}
		for (uint64_t c0 = 0, n = 0; c0 < cycles; c0 += chunk, n++) {
			uint64_t c1 = c0 + chunk < cycles ? c0 + chunk : cycles;
			for (int j = 0; j < 3; j++) {
				int mode = (int)((n + (uint64_t)j) % 3);
				glue_top_t *tp = top[mode].get();
				m = mm[mode];
				double t0 = now_s();
				for (uint64_t cyc = c0; cyc < c1; cyc++) {
					if (mode == 2) {
						m->ops->stim(m, &rngs[mode], cyc);
						if (m->rst >= 0)
							rfm_set(m, (unsigned)m->rst, cyc >= 2);
					} else {
						reset_inputs(m, rec, cyc, in_words);
					}
					glue_in(tp, m);
#if GLUE_HAS_CLK
					tp->clk_i = 0;
#endif
					tp->eval();
					if (mode >= 1) {
						rfm_model_eval(m);
						bad += glue_out(tp, m, null_report, nullptr);
					}
					if (mode == 2)
						bad += m->ops->check(m, cyc, stderr);
#if GLUE_HAS_CLK
					tp->clk_i = 1;
					tp->eval();
#endif
					if (mode >= 1)
						rfm_model_tick(m);
				}
				dt[mode] += now_s() - t0;
			}
		}
		t_rtl.push_back((double)cycles / dt[0]);
		t_lock.push_back((double)cycles / dt[1]);
		t_full.push_back((double)cycles / dt[2]);
		for (int mode = 0; mode < 3; mode++) {
			top[mode]->final();
			rfm_model_destroy(mm[mode]);
		}
	}
	double a = median(t_rtl), b = median(t_lock), c = median(t_full);
	printf("bench %s config %s cycles %" PRIu64 " repeats %u (median cycles/s)\n", GLUE_MODULE, GLUE_CONFIG, cycles,
	       repeats);
	printf("  verilator alone (replayed stimulus)     %12.0f\n", a);
	printf("  lock-step: RTL + model + compare        %12.0f  (%.0f%% over Verilator alone)\n", b,
	       100.0 * (a / b - 1.0));
	printf("  full loop: + stimulus + model checker   %12.0f  (%.0f%% over Verilator alone)\n", c,
	       100.0 * (a / c - 1.0));
	printf("BENCH %s %s rtl=%.0f lockstep=%.0f full=%.0f mismatches=%lu\n", GLUE_MODULE, GLUE_CONFIG, a, b, c, bad);
	return bad ? 1 : 0;
}

} // namespace

int main(int argc, char **argv)
{
	uint64_t seed = 1, cycles = 10000;
	const char *cfg_path = plus_str(argc, argv, "+config=");
	const char *trace = plus_str(argc, argv, "+trace=");
	const char *counters_csv = plus_str(argc, argv, "+counters=");
	bool covfail = plus_flag(argc, argv, "+covfail"), quiet = plus_flag(argc, argv, "+quiet");
	bool model_only = plus_flag(argc, argv, "+model-only"), rtl_only = plus_flag(argc, argv, "+rtl-only");
	plus_u64(argc, argv, "+seed=", &seed);
	plus_u64(argc, argv, "+cycles=", &cycles);
	const rfm_fault_desc_t *fault = plus_fault(argc, argv);
	if (plus_flag(argc, argv, "+trace"))
		trace = "cosim.fst";
	if (!cfg_path) {
		fprintf(stderr, "usage: %s +config=generated/<config>/config.ini [+seed=N] [+cycles=N] [+trace=FILE.fst] "
				"[+mutate=FAULT] [+model-only] [+rtl-only] [+covfail] [+quiet] [+width-dist=NAME] "
				"[+counters=FILE.csv]\n", argv[0]);
		return 2;
	}

	static rfm_cfg_t cfg;
	if (rfm_cfg_load(&cfg, cfg_path, nullptr, 0, stderr) != RFM_OK)
		return 2;
	if (rfm_cfg_hash(&cfg) != GLUE_HASH) {
		fprintf(stderr, "cosim: %s does not match the configuration this harness was generated for (%s); "
				"rebuild it: make cosim CONFIG=%s (your own file: the CONFIG=path/file.ini and SET=... "
				"you built it with)\n", cfg_path, GLUE_CONFIG, GLUE_CONFIG);
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
	m->mutate = fault ? fault->id : 0;
	if (plus_str(argc, argv, "+bench")) {
		uint64_t repeats = 5;
		plus_u64(argc, argv, "+bench=", &repeats);
		rfm_model_destroy(m);
		return bench(&cfg, seed, cycles, (unsigned)(repeats ? repeats : 1), argc, argv);
	}
	if (model_options(m, argc, argv, rtl_only))
		return 2;

	auto ctx = std::make_unique<VerilatedContext>();
	ctx->commandArgs(argc, argv);
	auto top = std::make_unique<glue_top_t>(ctx.get());
#if VM_TRACE
	std::unique_ptr<VerilatedFstC> tfp;
	if (trace) {
		ctx->traceEverOn(true);
		tfp = std::make_unique<VerilatedFstC>();
		top->trace(tfp.get(), 99);
		tfp->open(trace);
	}
#define TRACE_DUMP(t) do { if (tfp) tfp->dump(t); } while (0)
#else
	if (trace) {
		fprintf(stderr, "cosim: this harness was built without tracing (verilator --trace-fst)\n");
		return 2;
	}
#define TRACE_DUMP(t) do { } while (0)
#endif

	rfm_rng_t rng;
	rfm_rng_seed(&rng, seed);
	report_ctx rc = {0, seed, cycles, 0};
	uint64_t passed = 0, failed = 0;
	if (!quiet)
		printf("cosim %s config %s seed %" PRIu64 " cycles %" PRIu64 "%s%s%s%s\n", GLUE_MODULE, GLUE_CONFIG, seed,
		       cycles, fault ? " (planted fault " : "", fault ? fault->name : "", fault ? ")" : "",
		       model_only ? " (model checker only)" : rtl_only ? " (RTL assertions only)" : "");
	std::vector<counter_t> counters = counters_find(m);
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
		counters_sample(counters, m);
		unsigned bad = model_only || rtl_only ? 0 : glue_out(top.get(), m, report, &rc);
		if (rtl_only) { // the checker keeps its books (the stimulus follows what it tracks), no verdict
			static FILE *devnull = fopen("/dev/null", "w");
			m->ops->check(m, cyc, devnull ? devnull : stderr);
		} else if (m->ops->check(m, cyc, stderr)) { // on a mismatching cycle too: both verdicts print
			if (!bad)
				fprintf(stderr, "CHECK FAILED cycle %" PRIu64 " (replay: +seed=%" PRIu64 " +cycles=%" PRIu64 ")\n",
					cyc, seed, cyc + 1);
			bad = 1;
		}
		TRACE_DUMP(2 * cyc);
		if (bad) {
			failed++;
			break;
		}
		passed++;
#if GLUE_HAS_CLK
		top->clk_i = 1;
		top->eval();
		TRACE_DUMP(2 * cyc + 1);
#endif
		rfm_model_tick(m);
	}
#if VM_TRACE
	if (tfp)
		tfp->close();
#endif
	top->final();
	unsigned missed = 0;
	if (!quiet || covfail)
		missed = rfm_cov_report(m, stdout);
	if (covfail && missed && !failed) {
		printf("cosim: %u coverage event(s) never hit\n", missed);
		failed++;
	}
	if (!failed && (!quiet || counters_csv) && counters_report(counters, m, passed, counters_csv))
		failed++;
	if (failed)
		printf("cosim FAILED: %s config %s seed %" PRIu64 " (replay: +seed=%" PRIu64 " +cycles=%" PRIu64 ")\n",
		       GLUE_MODULE, GLUE_CONFIG, seed, seed, rc.cycle + 1);
	printf("%" PRIu64 " passed, %" PRIu64 " failed\n", passed, failed);
	rfm_model_destroy(m);
	return failed ? 1 : 0;
}
