# Makefile - every entry point of the project (README.md).
#
#   make                 main job on CONFIG: build tools, generate, lint, short co-simulation, summary
#   make test            everything CI runs (unit tests, fuzz replay, generator checks, lint and
#                        co-simulation of every block for every named config, mutation tests)
#   make gen             regenerate generated/<name>/ for every named config
#   make lint            Verilator -Wall, Icarus -Wall and Yosys check on $(GEN)
#   make cosim           lock-step co-simulation of every block of $(CONFIG), two seeds
#   make cosim-assert    rf_top of $(CONFIG) in lock-step with the RTL's own assertions compiled in
#   make formal          prove the RTL's own assertions of $(CONFIG) (yosys-smtbmc, z3), and that a
#                        planted fault fails with a counterexample VCD: build/$(CONFIG)/formal/
#   make synth           ASIC area and timing (Yosys + OSU 0.18 um + OpenSTA): build/$(CONFIG)/reports/
#   make synth-check     the area and timing reports are sane, and their checker catches planted faults
#   make power           power per module of rf_top from the simulated OSU netlist: build/$(CONFIG)/reports/power.*
#   make power-check     three power runs (write-back rates) are sane and follow activity; planted faults caught
#   make fpga            iCE40 UP5K (iCEBreaker): synth_ice40, nextpnr-ice40, icepack -> build/$(CONFIG)/fpga/
#   make fpga-check      the FPGA report of the last `make fpga` is sane, and its checker catches planted faults
#   make datasheet       build/$(CONFIG)/reports/DATASHEET.md from the reports; make datasheets copies
#                        them to docs/datasheets/; make datasheet-check compares with the committed one
#   make sim-synth       co-simulate Yosys's gate-level netlist of rf_top against the model
#   make wave            co-simulate MODULE (default rf_top) with an FST trace and open GTKWave
#   make bench           benchmarks (docs/benchmarks.md)
#   make coal-equiv      coalescing with every mask full equals the baseline (docs/coalescing.md)
#   make docs            regenerate docs/config.md from the schema
#   make fuzz            run the config-parser fuzzer (libFuzzer) for FUZZ_SECONDS
#   make fuzz-vcd        run the power flow's VCD-reducer fuzzer (libFuzzer) for FUZZ_SECONDS
#   make kernels         the kernel suite's PTX and ptxas counts (nvcc, else clang-14); kernels-check
#                        checks the suite without a CUDA compiler (docs/kernels.md)
#   make ptx-check       the PTX parser, liveness and register allocation on the suite (docs/ptx.md);
#                        ptx-golden and ptx-regs rewrite their expected outputs; fuzz-ptx fuzzes
#   make sim-check       every suite kernel through the warp-level PTX simulator against its C
#                        reference, refusals, planted faults (docs/sim.md)
#   make trace           a register trace of a kernel: LAUNCH=kernels/<name>.ini, and KERNEL=a .ptx or
#                        .cu file (docs/trace.md); trace-check traces and replays the whole suite;
#                        trace-replay-check replays suite traces through rf_top's model (trace_replay)
#   make annotate-check  the compiler side of the techniques on the suite: virtualization's release
#                        flags and exemption, RegMutex's sets and acquire/release, FineReg's live
#                        vectors, eDRAM's FP classes (build/bin/ptx_annotate, docs/compiler.md)
#   make sweep           a design-space sweep: SWEEP=sweeps/<name>.ini through its flows, locally (JOBS)
#                        or on Slurm (RUNNER=slurm); DRY=1 lists the points (docs/sweeps.md);
#                        sweep-check runs the tool's own sweep locally and on a one-node Slurm cluster
#   make mutate          a random mutation campaign on $(CONFIG): N=40 operator mutants drawn with SEED=1
#                        (BLOCK=... MODULES="...": on blocks generated alone, each in its own harness)
#   make regress         the flows and datasheet checks of every config, mutation campaigns of the
#                        small configs and of FineReg's blocks (long; not in make test)
#   make clean           remove build/
# Every target takes CONFIG=<name> (a file rtl_gen/configs/<name>.ini) or CONFIG=path/to/file.ini,
# and SET="section.key=value ..." overrides: a user's configuration, built under build/<name>/
# (see "A user's own configuration" below and README.md); with a file, BLOCK=<module> runs the flows
# on that block alone (rtl_gen --block), also for a config whose rf_top is not built yet.

SHELL := /bin/bash
.DEFAULT_GOAL := all
.DELETE_ON_ERROR:
.SECONDEXPANSION:

CONFIG ?= fermi
MODULE ?= rf_top
SEEDS ?= 1 2
TOP_CYCLES ?= 100000
BLOCK_CYCLES ?= 20000
SHORT_CYCLES ?= 5000
FUZZ_SECONDS ?= 60

B := build
ROOT := $(CURDIR)
CONFIGS := $(sort $(basename $(notdir $(wildcard rtl_gen/configs/*.ini))))

# A user's own configuration: CONFIG=path/to/file.ini (any file), and/or SET="section.key=value
# ..." overrides (on a file or on a named config). Its name is the file's base name, plus "-" and
# a short hash of the overrides when there are any; its RTL goes to build/<name>/generated (never
# the committed generated/), every flow's outputs to build/<name>/ as for a named config. The
# scripts find the RTL through RF_GEN_DIR (exported here; unset for a named config).
# BLOCK=<module> (with a user's file): only that block and the blocks before it (rtl_gen --block),
# also of a config whose rf_top is not built yet; the flows then run that block alone.
ifneq ($(filter %.ini,$(CONFIG))$(strip $(SET)),)
USER_INI := $(if $(filter %.ini,$(CONFIG)),$(CONFIG),rtl_gen/configs/$(CONFIG).ini)
override CONFIG := $(basename $(notdir $(USER_INI)))$(if $(strip $(SET)),-$(shell printf '%s' '$(strip $(SET))' | sha1sum | cut -c1-8))
GEN := $(B)/$(CONFIG)/generated$(if $(BLOCK),-$(BLOCK))
export RF_GEN_DIR := $(GEN)
export RF_CONFIG_ARG := CONFIG=$(USER_INI)$(if $(strip $(SET)), SET="$(strip $(SET))")
else
GEN := generated/$(CONFIG)
endif
# the RTL folder of config $(1): $(GEN) for $(CONFIG), generated/$(1) for the other named configs
gen_of = $(if $(filter $(1),$(CONFIG)),$(GEN),generated/$(1))

# the blocks of $(CONFIG): $(GEN)/files.f lists the enabled ones (read when used); BLOCK alone
MODULES = $(if $(BLOCK),$(BLOCK),$(basename $(shell cat $(GEN)/files.f 2>/dev/null)))

CC := gcc
WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes -Werror
CFLAGS := -std=c11 -D_GNU_SOURCE -O2 -g $(WARN)
SANFLAGS := -std=c11 -D_GNU_SOURCE -O1 -g $(WARN) -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all

# shared code at the top of cmodel/ and rtl_gen/, one folder per technique below (docs/architecture.md);
# a technique's unit tests are its cmodel/<technique>/test_*.c
CMODEL_SRC := $(filter-out $(wildcard cmodel/*/test_*.c),$(wildcard cmodel/*.c cmodel/*/*.c))
CMODEL_HDR := $(wildcard cmodel/*.h cmodel/*.def cmodel/*/*.h cmodel/*/*.def)
CMODEL_INC := -Icmodel $(patsubst %/,-I%,$(wildcard cmodel/*/)) -I$(B)/gen
# per-technique tables, collected by the build into $(B)/gen/*_all.def (base first, then the other
# folders in name order): planted faults (faults.def), blocks (blocks.def) and rf_top parts
# (parts.def) of the model, rf_top parts of the generator (rtl_gen/<technique>/rg_parts.def)
tech_defs = $(wildcard $(1)/base/$(2)) $(sort $(filter-out $(1)/base/$(2),$(wildcard $(1)/*/$(2))))
GEN_DEFS := $(B)/gen/rfm_faults_all.def $(B)/gen/rfm_blocks_all.def $(B)/gen/rfm_parts_all.def
RG_DEFS := $(B)/gen/rg_parts_all.def
# the CUnit suites of the technique folders: cmodel/<technique>/test_<x>.c registers test_<x>
UNIT_SUITES := $(B)/gen/unit_suites.def
RTLGEN_SRC := $(wildcard rtl_gen/*.c rtl_gen/*/*.c)
RTLGEN_HDR := $(wildcard rtl_gen/*.h rtl_gen/*/*.h)
UNIT_SRC := $(wildcard verif/unit/*.c cmodel/*/test_*.c)

# Debian packages the flows need (make deps installs them as root, else prints the line).
DEB_PKGS := make gcc g++ verilator iverilog yosys libcunit1-dev libinih-dev opensta qflow-tech-osu018 \
	nextpnr-ice40 fpga-icestorm z3 gtkwave slurmctld slurmd munge gnuplot-nox ccache clang
DEPS_STAMP := $(B)/.deps-ok

# Harnesses are built by verif/cosim/build.sh (through ccache where installed). Their C++ is
# compiled at -O1: building dominates every co-simulation step, and -O1 builds in about three
# quarters of -O2's time, for runs of a few seconds either way (make bench builds its own at -O2).
# -fno-dfg: Verilator 5.006's DFG optimizer mis-evaluates rf_zero_detect's cross-lane counts inside
# fermi_virt_coalesce's rf_top (a stale cx_o; with the optimizer off the same RTL matches the model)
VERILATOR_FLAGS := -O3 --trace-fst -Wno-fatal -fno-dfg -MAKEFLAGS "OPT_FAST=-O1 OPT_SLOW=-O1 OPT_GLOBAL=-O2"
# verilator_harness MODULE,GEN-DIR,LOG,extra verilator flags: build $(@D)/Vcosim
verilator_harness = verif/cosim/build.sh $(2)/cosim/$(1)_glue.h $(@D) $(3) $(VERILATOR_FLAGS) $(4) \
	  --top-module $(1) -F $(ROOT)/$(2)/files.f || { tail -30 $(3); exit 1; }

.PHONY: all test gen gen-check lint lint-all cosim cosim-all cosim-short cosim-assert formal mutation mutate unit fuzz-replay \
	fuzz fuzz-vcd bench wave docs docs-check deps clean summary cosim-build coal-equiv sim-synth synth synth-check power power-check fpga fpga-check datasheet datasheet-if-ready \
	datasheets datasheet-check regress

# ---- dependencies -----------------------------------------------------------------------------

deps: $(DEPS_STAMP)

$(DEPS_STAMP): Makefile
	@missing=""; \
	for p in $(DEB_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "deps: installing$$missing"; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get update -qq && apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "deps: missing Debian packages. Run:"; \
	    echo "  sudo apt-get update && sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi
	@mkdir -p $(B) && touch $@

# ---- C: model library, generator, tests -------------------------------------------------------

# one line per prerequisite, written as `$(1)` with the file's path as $$f (shell), into $@
define collect
	@mkdir -p $(@D)
	@for f in $^; do $(1); done > $@.tmp && mv $@.tmp $@
endef

$(B)/gen/rfm_%_all.def: $$(call tech_defs,cmodel,$$*.def)
	$(call collect,echo "#include \"$${f#cmodel/}\"")

$(UNIT_SUITES): $(call tech_defs,cmodel,test_*.c)
	$(call collect,b=$${f##*/}; echo "X($${b%.c})")

$(RG_DEFS): $(call tech_defs,rtl_gen,rg_parts.def)
	$(call collect,echo "#include \"$${f#rtl_gen/}\"")

$(B)/obj/cmodel/%.o: cmodel/%.c $(CMODEL_HDR) $(GEN_DEFS) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(CMODEL_INC) -c $< -o $@

$(B)/lib/librfm.a: $(CMODEL_SRC:cmodel/%.c=$(B)/obj/cmodel/%.o)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

$(B)/bin/rtl_gen: $(RTLGEN_SRC) $(RTLGEN_HDR) $(wildcard rtl_gen/*/rg_parts.def) $(RG_DEFS) $(B)/lib/librfm.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(CMODEL_INC) -Irtl_gen $(RTLGEN_SRC) $(B)/lib/librfm.a -linih -o $@

# the power flow's VCD reducer (synth/power.sh)
$(B)/bin/vcd_activity: synth/vcd_activity.c synth/vcd_activity.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Isynth synth/vcd_activity.c -o $@

# sanitizer builds (ASan + UBSan) for the unit tests and the fuzz replay, on one sanitizer build of
# the model library
$(B)/san/obj/cmodel/%.o: cmodel/%.c $(CMODEL_HDR) $(GEN_DEFS) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) $(CMODEL_INC) -c $< -o $@

$(B)/san/lib/librfm.a: $(CMODEL_SRC:cmodel/%.c=$(B)/san/obj/cmodel/%.o)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

$(B)/san/bin/unit_tests: $(UNIT_SRC) synth/vcd_activity.c synth/vcd_activity.h $(B)/san/lib/librfm.a $(CMODEL_HDR) $(GEN_DEFS) $(UNIT_SUITES) $(wildcard verif/unit/*.h) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) $(CMODEL_INC) -Iverif/unit -Isynth -DVCD_ACTIVITY_NO_MAIN $(UNIT_SRC) synth/vcd_activity.c \
	  $(B)/san/lib/librfm.a -lcunit -linih -o $@

$(B)/san/bin/fuzz_replay: verif/fuzz/replay.c verif/fuzz/fuzz_config.c $(B)/san/lib/librfm.a $(CMODEL_HDR) $(GEN_DEFS) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) $(CMODEL_INC) verif/fuzz/replay.c verif/fuzz/fuzz_config.c $(B)/san/lib/librfm.a -linih -o $@

unit: $(B)/san/bin/unit_tests $(B)/bin/rtl_gen
	RTL_GEN=$(ROOT)/$(B)/bin/rtl_gen RF_ROOT=$(ROOT) $(B)/san/bin/unit_tests

$(B)/san/bin/fuzz_replay_vcd: verif/fuzz/replay.c verif/fuzz/fuzz_vcd.c synth/vcd_activity.c synth/vcd_activity.h
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) -Isynth -DVCD_ACTIVITY_NO_MAIN verif/fuzz/replay.c verif/fuzz/fuzz_vcd.c synth/vcd_activity.c -o $@

fuzz-replay: $(B)/san/bin/fuzz_replay $(B)/san/bin/fuzz_replay_vcd
	$(B)/san/bin/fuzz_replay verif/fuzz/corpus verif/fuzz/crashes
	$(B)/san/bin/fuzz_replay_vcd verif/fuzz/corpus_vcd

fuzz: $(GEN_DEFS) | $(DEPS_STAMP)
	@mkdir -p $(B)/fuzz/corpus
	@mkdir -p $(B)/fuzz/artifacts
	clang -g -O1 -std=c11 -D_GNU_SOURCE -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all $(CMODEL_INC) \
	  verif/fuzz/fuzz_config.c $(CMODEL_SRC) -linih -lm -o $(B)/fuzz/fuzz_config
	$(B)/fuzz/fuzz_config -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -artifact_prefix=$(B)/fuzz/artifacts/ \
	  $(B)/fuzz/corpus verif/fuzz/corpus
	@echo "fuzz: fix the bug behind any input in $(B)/fuzz/artifacts/, then copy it into verif/fuzz/crashes/"

# the power flow's VCD reducer under libFuzzer for FUZZ_SECONDS (crashes: verif/fuzz/corpus_vcd/)
fuzz-vcd:
	@mkdir -p $(B)/fuzz/corpus_vcd $(B)/fuzz/artifacts
	clang -g -O1 -std=c11 -D_GNU_SOURCE -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Isynth \
	  -DVCD_ACTIVITY_NO_MAIN verif/fuzz/fuzz_vcd.c synth/vcd_activity.c -o $(B)/fuzz/fuzz_vcd
	$(B)/fuzz/fuzz_vcd -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -artifact_prefix=$(B)/fuzz/artifacts/ \
	  $(B)/fuzz/corpus_vcd verif/fuzz/corpus_vcd
	@echo "fuzz-vcd: fix the bug behind any input in $(B)/fuzz/artifacts/, then copy it into verif/fuzz/corpus_vcd/"

# ---- generation -------------------------------------------------------------------------------

generated/%/files.f: rtl_gen/configs/%.ini $(B)/bin/rtl_gen
	$(B)/bin/rtl_gen -c $< -o generated/$*

ifdef USER_INI
# a user's configuration (CONFIG=path/file.ini, SET=...): its RTL under build/<name>/generated
$(GEN)/files.f: $(USER_INI) $(B)/bin/rtl_gen
	@mkdir -p $(B)/$(CONFIG)
	$(B)/bin/rtl_gen -c $(USER_INI) $(foreach s,$(SET),-s $(s)) $(if $(BLOCK),--block $(BLOCK)) -o $(GEN)
endif

gen: $(B)/bin/rtl_gen
	@for c in $(CONFIGS); do echo "rtl_gen -c rtl_gen/configs/$$c.ini -o generated/$$c"; \
	  $(B)/bin/rtl_gen -c rtl_gen/configs/$$c.ini -o generated/$$c || exit 1; done

# generated/ must equal a fresh generation, byte for byte, and generation must be deterministic
gen-check: $(B)/bin/rtl_gen
	@rm -rf $(B)/gencheck && mkdir -p $(B)/gencheck
	@for c in $(CONFIGS); do \
	  $(B)/bin/rtl_gen -c rtl_gen/configs/$$c.ini -o $(B)/gencheck/$$c.a || exit 1; \
	  $(B)/bin/rtl_gen -c rtl_gen/configs/$$c.ini -o $(B)/gencheck/$$c.b || exit 1; \
	  diff -r $(B)/gencheck/$$c.a $(B)/gencheck/$$c.b >/dev/null || { echo "gen-check: $$c: two runs differ"; exit 1; }; \
	  diff -r $(B)/gencheck/$$c.a generated/$$c || { echo "gen-check: generated/$$c is out of date: run make gen"; exit 1; }; \
	  echo "gen-check: generated/$$c in sync and deterministic"; done
	@extra=$$(ls generated | grep -vxF -f <(printf '%s\n' $(CONFIGS)) || true); \
	  if [ -n "$$extra" ]; then echo "gen-check: generated/ holds configs with no .ini: $$extra"; exit 1; fi

# ---- lint -------------------------------------------------------------------------------------

lint: $(GEN)/files.f | $(DEPS_STAMP)
	@LINT_SHARED="$(LINT_SHARED)" verif/lint.sh $(CONFIG) $(GEN) $(B)/$(CONFIG)/logs

lint-all:
	@for c in $(CONFIGS); do $(MAKE) --no-print-directory lint CONFIG=$$c || exit 1; done

# ---- co-simulation ----------------------------------------------------------------------------

# harness of one module: $(B)/<config>/cosim/<module>/Vcosim
$(B)/%/Vcosim: verif/cosim/harness.cpp verif/cosim/rfm_glue.h verif/cosim/build.sh $(B)/lib/librfm.a $$(wildcard $$(call gen_of,$$(word 1,$$(subst /, ,$$*)))/*.sv)
	@cfg=$(word 1,$(subst /, ,$*)); gen=$(call gen_of,$(word 1,$(subst /, ,$*))); mod=$(notdir $*); \
	mkdir -p $(@D) $(B)/$$cfg/logs; \
	echo "verilator: $$mod ($$cfg)"; \
	$(call verilator_harness,$${mod},$$gen,$(B)/$$cfg/logs/verilator-build-$$mod.log,)

# the same harness of rf_top with the RTL's simulation-only assertions compiled in (RFM_ASSERTIONS)
$(B)/%/assert/Vcosim: verif/cosim/harness.cpp verif/cosim/rfm_glue.h verif/cosim/build.sh $(B)/lib/librfm.a $$(wildcard $$(call gen_of,$$(word 1,$$(subst /, ,$$*)))/*.sv)
	@cfg=$(word 1,$(subst /, ,$*)); gen=$(call gen_of,$(word 1,$(subst /, ,$*))); \
	mkdir -p $(@D) $(B)/$$cfg/logs; \
	echo "verilator: rf_top with assertions ($$cfg)"; \
	$(call verilator_harness,rf_top,$$gen,$(B)/$$cfg/logs/verilator-build-assert.log,+define+RFM_ASSERTIONS --assert)

# a block's harness with the assertions compiled in (make cosim-assert with BLOCK=: blocks generated alone)
$(B)/%/Vcosim-assert: verif/cosim/harness.cpp verif/cosim/rfm_glue.h verif/cosim/build.sh $(B)/lib/librfm.a $$(wildcard $$(call gen_of,$$(word 1,$$(subst /, ,$$*)))/*.sv)
	@cfg=$(word 1,$(subst /, ,$*)); gen=$(call gen_of,$(word 1,$(subst /, ,$*))); mod=$(notdir $*); \
	mkdir -p $(@D)/assert $(B)/$$cfg/logs; \
	echo "verilator: $$mod with assertions ($$cfg)"; \
	verif/cosim/build.sh $$gen/cosim/$${mod}_glue.h $(@D)/assert $(B)/$$cfg/logs/verilator-build-assert-$$mod.log \
	  $(VERILATOR_FLAGS) +define+RFM_ASSERTIONS --assert --top-module $$mod -F $(ROOT)/$$gen/files.f \
	  || { tail -30 $(B)/$$cfg/logs/verilator-build-assert-$$mod.log; exit 1; }; \
	cp $(@D)/assert/Vcosim $@

HARNESSES = $(foreach m,$(MODULES),$(B)/$(CONFIG)/cosim/$(m)/Vcosim)

# the harnesses of every block of $(CONFIG), built and not run
cosim-build: $(GEN)/files.f
	@$(MAKE) --no-print-directory $(HARNESSES)

cosim: $(GEN)/files.f
	@$(MAKE) --no-print-directory $(HARNESSES)
	@verif/cosim/run.sh $(CONFIG) "$(SEEDS)" $(TOP_CYCLES) $(BLOCK_CYCLES) $(MODULES)

cosim-short: $(GEN)/files.f
	@$(MAKE) --no-print-directory $(HARNESSES)
	@COVFAIL=0 verif/cosim/run.sh $(CONFIG) "1" $(SHORT_CYCLES) $(SHORT_CYCLES) $(MODULES)

# rf_top in lock-step with the model, with the RTL's own assertions on (docs/verification.md)
cosim-assert: $(GEN)/files.f
ifneq ($(BLOCK),)
	@$(MAKE) --no-print-directory $(foreach m,$(MODULES),$(B)/$(CONFIG)/cosim/$(m)/Vcosim-assert)
	@for m in $(MODULES); do for s in $(SEEDS); do \
	  if $(B)/$(CONFIG)/cosim/$$m/Vcosim-assert +config=$(GEN)/config.ini +seed=$$s +cycles=$(BLOCK_CYCLES) +quiet \
	    > $(B)/$(CONFIG)/logs/cosim-assert-$$m-seed$$s.log 2>&1; then echo "PASS cosim-assert $$m $(CONFIG) seed $$s $(BLOCK_CYCLES) cycles"; \
	  else echo "FAIL cosim-assert $$m $(CONFIG) seed $$s (log $(B)/$(CONFIG)/logs/cosim-assert-$$m-seed$$s.log)"; exit 1; fi; done; done
else
	@$(MAKE) --no-print-directory $(B)/$(CONFIG)/assert/Vcosim
	@for s in $(SEEDS); do \
	  if $(B)/$(CONFIG)/assert/Vcosim +config=$(GEN)/config.ini +seed=$$s +cycles=$(TOP_CYCLES) +quiet \
	    > $(B)/$(CONFIG)/logs/cosim-assert-seed$$s.log 2>&1; then echo "PASS cosim-assert rf_top $(CONFIG) seed $$s $(TOP_CYCLES) cycles"; \
	  else echo "FAIL cosim-assert rf_top $(CONFIG) seed $$s (log $(B)/$(CONFIG)/logs/cosim-assert-seed$$s.log)"; exit 1; fi; done
endif

# the RTL's assertions proven by bounded model checking, and a planted fault caught (docs/verification.md)
formal: $(GEN)/files.f
	@$(if $(BLOCK),FORMAL_BLOCKS="$(MODULES)" )verif/formal/run.sh $(CONFIG) --selftest

cosim-all:
	@for c in $(CONFIGS); do $(MAKE) --no-print-directory cosim CONFIG=$$c || exit 1; done

# every technique folder's planted faults (cmodel/<technique>/mutants.sh: its configs and harnesses),
# then the mutant bundles' own planted faults (verif/mutation/bundle_selftest.sh)
mutation:
	@for f in $(call tech_defs,cmodel,mutants.sh); do \
	  t=$${f#cmodel/}; t=$${t%%/*}; m=$$(sed -n 's/^# harnesses: //p' $$f); \
	  b=$$(sed -n 's/^# block: //p' $$f); \
	  if [ -n "$$b" ]; then for c in $$(sed -n 's/^# config: //p' $$f); do n=$$(basename $$c .ini); \
	    $(MAKE) --no-print-directory cosim-build CONFIG=$$c BLOCK=$$b $${m:+MODULES="$$m"} || exit 1; \
	    RF_GEN_DIR=$(B)/$$n/generated-$$b verif/mutation/run.sh $$n $$t || exit 1; done; continue; fi; \
	  for c in $$(sed -n 's/^# config: //p' $$f); do \
	    if [ "$$m" = all ]; then $(MAKE) --no-print-directory cosim-build CONFIG=$$c || exit 1; \
	    else $(MAKE) --no-print-directory cosim-build CONFIG=$$c MODULES="$$m" || exit 1; fi; \
	    verif/mutation/run.sh $$c $$t || exit 1; done; done; \
	verif/mutation/bundle_selftest.sh

# a random mutation campaign: N operator mutants of CONFIG's RTL drawn with SEED, each co-simulated
# (verif/mutation/campaign.sh; report build/$(CONFIG)/mutate/report.md)
N ?= 40
SEED ?= 1
mutate: $(GEN)/files.f $(B)/lib/librfm.a | $(DEPS_STAMP)
	@$(if $(BLOCK),CAMPAIGN_BLOCK=$(BLOCK) CAMPAIGN_TOPS="$(strip $(MODULES))") \
	  verif/mutation/campaign.sh $(CONFIG) $(N) $(SEED)

# ---- implementation flows (docs/flows.md) -----------------------------------------------------

# ASIC area and timing of CONFIG: build/$(CONFIG)/reports/{area,timing,overhead}.csv; with BLOCK=
# (blocks generated alone, no rf_top): area.csv and timing.csv of those blocks only
synth: $(GEN)/files.f $(B)/bin/rtl_gen | $(DEPS_STAMP)
	@synth/asic.sh $(CONFIG)
ifeq ($(BLOCK),)
	@synth/overhead.sh $(CONFIG)
	@$(MAKE) --no-print-directory datasheet-if-ready
else
	@echo "synth: $(CONFIG): blocks alone (BLOCK=$(BLOCK)): $(B)/$(CONFIG)/reports/area.csv and timing.csv; no rf_top, so no overhead report or datasheet"
endif

# the reports of the last `make synth` are sane, and the checker catches planted faults
synth-check:
	@synth/check_reports.sh $(CONFIG)
	@synth/check_reports_test.sh $(CONFIG)

# iCE40 UP5K on the iCEBreaker: build/$(CONFIG)/fpga/rf_fpga_top.bin, build/$(CONFIG)/reports/fpga.csv
fpga: $(GEN)/files.f | $(DEPS_STAMP)
	@fpga/run.sh $(CONFIG)
	@$(MAKE) --no-print-directory datasheet-if-ready

# power per module instance of rf_top from the simulated OSU netlist: build/$(CONFIG)/reports/power.{csv,txt}
power: $(GEN)/files.f $(B)/lib/librfm.a $(B)/bin/vcd_activity | $(DEPS_STAMP)
	@synth/power.sh $(CONFIG)

# the power flow's figures are sane and follow activity, and its checker catches planted faults
power-check: $(GEN)/files.f $(B)/lib/librfm.a $(B)/bin/vcd_activity | $(DEPS_STAMP)
	@synth/check_power.sh $(CONFIG)

# the datasheet of CONFIG from the reports of `make synth fpga`: build/$(CONFIG)/reports/DATASHEET.md
datasheet:
	@synth/datasheet.sh $(CONFIG)

datasheet-if-ready:
	@if [ -f $(B)/$(CONFIG)/reports/area.csv ] && [ -f $(B)/$(CONFIG)/reports/fpga.csv ]; then \
	  synth/datasheet.sh $(CONFIG); fi

# copy the datasheets of every config with fresh reports into docs/datasheets/ (committed)
datasheets:
	@mkdir -p docs/datasheets
	@for c in $(CONFIGS); do \
	  if [ -f $(B)/$$c/reports/DATASHEET.md ]; then cp $(B)/$$c/reports/DATASHEET.md docs/datasheets/$$c.md; \
	    echo "datasheets: docs/datasheets/$$c.md"; fi; done
	@synth/compare.sh

# the committed datasheet of CONFIG equals a fresh run's
# DATASHEET_POWER=skip: compare all but what the power flow's reports make (the Power section, the
# summary's power line, the make power command, the paper table's energy rows), on both sides; make test does so where it runs no
# power check (verif/test.sh), make regress never
datasheet-check:
ifeq ($(DATASHEET_POWER),skip)
	@nopower='/^- `rf_top` draws .* mW/ { next } /^## / { skip = ($$0 ~ /^## Power/) } /^make power / { next } \
	  /^\| .* the baseline twin.s energy per dispatched instruction/ { next } !skip'; \
	  diff -u <(awk "$$nopower" docs/datasheets/$(CONFIG).md) <(awk "$$nopower" $(B)/$(CONFIG)/reports/DATASHEET.md) \
	  || { echo "datasheet-check: docs/datasheets/$(CONFIG).md differs from a fresh run (Power aside): make synth fpga datasheets CONFIG=$(CONFIG)"; exit 1; }
	@echo "datasheet-check: docs/datasheets/$(CONFIG).md matches a fresh run, Power aside (make power-check datasheet-check CONFIG=$(CONFIG) checks it)"
else
	@diff -u docs/datasheets/$(CONFIG).md $(B)/$(CONFIG)/reports/DATASHEET.md \
	  || { echo "datasheet-check: docs/datasheets/$(CONFIG).md differs from a fresh run: make synth fpga datasheets CONFIG=$(CONFIG)"; exit 1; }
	@echo "datasheet-check: docs/datasheets/$(CONFIG).md matches a fresh run"
endif

fpga-check:
	@fpga/check_report.sh $(CONFIG)
	@fpga/check_report_test.sh $(CONFIG)

# gate-level co-simulation of Yosys's generic-cell netlist of rf_top against the model
sim-synth: $(GEN)/files.f $(B)/lib/librfm.a | $(DEPS_STAMP)
	@verif/cosim/gate.sh $(CONFIG)

wave: $(GEN)/files.f
	@$(MAKE) --no-print-directory $(B)/$(CONFIG)/cosim/$(MODULE)/Vcosim
	@mkdir -p $(B)/$(CONFIG)/waves
	$(B)/$(CONFIG)/cosim/$(MODULE)/Vcosim +config=$(GEN)/config.ini +cycles=2000 +seed=1 \
	  +trace=$(B)/$(CONFIG)/waves/$(MODULE).fst +quiet
	@if [ -n "$$DISPLAY" ] && command -v gtkwave >/dev/null; then \
	  gtkwave $(B)/$(CONFIG)/waves/$(MODULE).fst $(GEN)/cosim/$(MODULE).gtkw & \
	else echo "wave: open with: gtkwave $(B)/$(CONFIG)/waves/$(MODULE).fst $(GEN)/cosim/$(MODULE).gtkw"; fi

# ---- docs, benchmarks -------------------------------------------------------------------------

docs: $(B)/bin/rtl_gen
	$(B)/bin/rtl_gen --list-params --markdown > docs/config.md.tmp && mv docs/config.md.tmp docs/config.md

docs-check: $(B)/bin/rtl_gen
	@$(B)/bin/rtl_gen --list-params --markdown | diff - docs/config.md >/dev/null \
	  || { echo "docs-check: docs/config.md is out of date: run make docs"; exit 1; }
	@echo "docs-check: docs/config.md matches the schema"

# the access-reduction model of the coalescing register file (verif/bench/coal_access.c)
$(B)/bin/coal_access: verif/bench/coal_access.c $(B)/lib/librfm.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(CMODEL_INC) $< $(B)/lib/librfm.a -linih -o $@

# the baseline twin's rf_top and the coalescing rf_top on one shared stimulus (verif/bench/top_equiv.c)
$(B)/bin/top_equiv: verif/bench/top_equiv.c $(B)/lib/librfm.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(CMODEL_INC) $< $(B)/lib/librfm.a -linih -o $@

# coalescing with every value full width: the access model equals the baseline count for count (a
# planted fault is caught), and rf_top runs in lock-step with no two accesses sharing a bank
coal-equiv: $(B)/bin/coal_access
	@$(B)/bin/coal_access rtl_gen/configs/fermi_coalesce.ini 50000 full
	@$(B)/bin/coal_access rtl_gen/configs/small_coalesce.ini 50000 full
	@if $(B)/bin/coal_access --plant-fault rtl_gen/configs/fermi_coalesce.ini 50000 full >/dev/null; then \
	  echo "coal-equiv: MISSED planted fault (a full value taken for 3 bytes)"; exit 1; \
	  else echo "coal-equiv: CAUGHT planted fault (a full value taken for 3 bytes)"; fi
	@for c in small_coalesce fermi_coalesce; do \
	  $(MAKE) --no-print-directory $(B)/$$c/cosim/rf_top/Vcosim CONFIG=$$c || exit 1; \
	  for s in 1 2; do \
	    if $(B)/$$c/cosim/rf_top/Vcosim +config=generated/$$c/config.ini +seed=$$s +cycles=50000 +quiet +width-dist=full \
	      > $(B)/$$c/logs/coal-equiv-seed$$s.log 2>&1; then \
	      echo "coal-equiv: rf_top $$c seed $$s, every value full width: 50000 cycles in lock-step, no access shares a bank"; \
	    else echo "coal-equiv: FAIL rf_top $$c seed $$s (log $(B)/$$c/logs/coal-equiv-seed$$s.log)"; exit 1; fi; done; done
	@if $(B)/small_coalesce/cosim/rf_top/Vcosim +config=generated/small_coalesce/config.ini +seed=1 \
	  +cycles=50000 +quiet +mutate=STIM_IGNORES_WIDTH +model-only +width-dist=full 2>&1 | grep -q "every value is full width, but"; then \
	  echo "coal-equiv: CAUGHT planted fault (the stimulus ignores the width knob): the full-width check fires"; \
	  else echo "coal-equiv: MISSED planted fault (the stimulus ignores the width knob)"; exit 1; fi
	@$(MAKE) --no-print-directory $(B)/bin/top_equiv
	@for c in small_coalesce fermi_coalesce; do mkdir -p $(B)/$$c/logs; for s in 1 2; do \
	  log=$(B)/$$c/logs/top-equiv-seed$$s.log; \
	  if $(B)/bin/top_equiv rtl_gen/configs/$$c.ini 50000 $$s > $$log 2>&1 && ! grep -q "NOT cycle-identical" $$log; then \
	    echo "coal-equiv: $$(tail -n 1 $$log)"; \
	  else echo "coal-equiv: FAIL top_equiv $$c seed $$s (log $$log)"; tail -n 1 $$log; exit 1; fi; done; done
	@for f in "small_coalesce mutate TOP_NO_UNSWAP_ON_READ the coalescing read path does not unswap odd registers" \
	  "small_coalesce mutate TOP_REFUSED_WRITE_READY a refused write-back reports ready" \
	  "fermi_coalesce mutate-base XBAR_SLOT0_NEIGHBOUR the baseline crossbar gives slot 0 the neighbouring source" \
	  "fermi_coalesce mutate-base SRAM_LANE_MASK_IGNORED the baseline storage ignores the lane mask"; do \
	  set -- $$f; c=$$1 o=$$2 n=$$3; shift 3; st=0; \
	  $(B)/bin/top_equiv --$$o=$$n rtl_gen/configs/$$c.ini 50000 1 > $(B)/$$c/logs/top-equiv-$$o-$$n.log 2>&1 || st=$$?; \
	  if [ $$st = 1 ]; then echo "coal-equiv: CAUGHT planted fault --$$o=$$n ($$*) on $$c: $$(tail -n 1 $(B)/$$c/logs/top-equiv-$$o-$$n.log | cut -c1-200)"; \
	  else echo "coal-equiv: MISSED planted fault --$$o=$$n ($$*) on $$c (exit $$st)"; exit 1; fi; done
	@log=$(B)/small_coalesce/logs/top-equiv-skew-1.log; \
	if $(B)/bin/top_equiv --skew=1 rtl_gen/configs/small_coalesce.ini 50000 1 > $$log 2>&1 && grep -q "NOT cycle-identical" $$log; then \
	  echo "coal-equiv: CAUGHT planted fault --skew=1 (the coalescing model sees each phase a cycle late): values and counts equal, phases without contention not cycle-identical"; \
	else echo "coal-equiv: MISSED planted fault --skew=1 (log $$log)"; exit 1; fi

# verif/bench/run.sh builds its own rf_top harnesses (no tracing) for small and every fermi-scale config
bench: $(B)/bin/rtl_gen $(B)/lib/librfm.a
	@verif/bench/run.sh

# ---- kernel suite (docs/kernels.md) -----------------------------------------------------------
# CUDA kernels with launch files and C references (kernels/); their PTX and ptxas register counts
# are committed in kernels/ptx/, so only `make kernels` needs a CUDA compiler.
#   make kernels            kernels/*.cu -> kernels/ptx/<name>.ptx and .regs (nvcc, else clang-14;
#                           KERNEL_CC=nvcc|clang picks one)
#   make kernels-check      every kernel's files, launch files, references against .expected,
#                           tolerances, the launch parser's refusals, the fuzz replay, the PTX
#                           rebuilt (when nvcc is there) and the clang path; planted faults caught
#   make kernels-expected   rewrite kernels/ref/<name>.expected from the references
#   make fuzz-launch        the launch-file parser under libFuzzer for FUZZ_SECONDS
.PHONY: kernels kernels-check kernels-expected fuzz-launch
KERNEL_CC ?=
KL_SRC := kernels/launch.c kernels/launch.h
KR_SRC := $(wildcard kernels/ref/*.c) kernels/ref/ref.h kernels/ref/refs.def
KERNEL_BINS := $(B)/san/bin/kernel_launch $(B)/san/bin/kernel_ref $(B)/san/bin/fuzz_replay_launch \
	$(B)/san/bin/test_launch

kernels:
	@kernels/build.sh $(if $(KERNEL_CC),--compiler $(KERNEL_CC))

$(B)/bin/kernel_launch: kernels/launch_main.c $(KL_SRC) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Ikernels kernels/launch_main.c kernels/launch.c -linih -o $@

# -ffp-contract=off: the references round every multiply and add on its own, as the PTX does
$(B)/bin/kernel_ref: $(KR_SRC) $(KL_SRC) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -ffp-contract=off -Ikernels -Ikernels/ref $(filter %.c,$(KR_SRC)) kernels/launch.c -linih -lm -o $@

$(B)/san/bin/kernel_launch: kernels/launch_main.c $(KL_SRC) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) -Ikernels kernels/launch_main.c kernels/launch.c -linih -o $@

$(B)/san/bin/kernel_ref: $(KR_SRC) $(KL_SRC) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) -ffp-contract=off -Ikernels -Ikernels/ref $(filter %.c,$(KR_SRC)) kernels/launch.c -linih -lm -o $@

$(B)/san/bin/fuzz_replay_launch: verif/fuzz/replay.c verif/fuzz/fuzz_launch.c $(KL_SRC) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) -Ikernels verif/fuzz/replay.c verif/fuzz/fuzz_launch.c kernels/launch.c -linih -o $@

$(B)/san/bin/test_launch: verif/kernels/test_launch.c $(KL_SRC) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) -Ikernels verif/kernels/test_launch.c kernels/launch.c -lcunit -linih -o $@

kernels-check: $(KERNEL_BINS)
	@KERNEL_BIN=$(ROOT)/$(B)/san/bin verif/kernels/check.sh --selftest

kernels-expected: $(B)/bin/kernel_ref
	@for f in kernels/*.cu; do n=$$(basename $$f .cu); \
	  $(B)/bin/kernel_ref kernels/$$n.ini > kernels/ref/$$n.expected.tmp || { rm -f kernels/ref/$$n.expected.tmp; exit 1; }; \
	  mv kernels/ref/$$n.expected.tmp kernels/ref/$$n.expected; echo "kernels-expected: kernels/ref/$$n.expected"; done

fuzz-launch: | $(DEPS_STAMP)
	@mkdir -p $(B)/fuzz/corpus_launch $(B)/fuzz/artifacts
	clang -g -O1 -std=c11 -D_GNU_SOURCE -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Ikernels \
	  verif/fuzz/fuzz_launch.c kernels/launch.c -linih -o $(B)/fuzz/fuzz_launch
	$(B)/fuzz/fuzz_launch -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -artifact_prefix=$(B)/fuzz/artifacts/ \
	  $(B)/fuzz/corpus_launch verif/fuzz/corpus_launch verif/kernels/bad
	@echo "fuzz-launch: fix the bug behind any input in $(B)/fuzz/artifacts/, then copy it into verif/fuzz/corpus_launch/"
# ---- end of the kernel suite ------------------------------------------------------------------
include ptx/ptx.mk
include sweeps/sweep.mk
include sim/sim.mk
include compiler/compiler.mk
include trace/trace.mk

# ---- the main job and the test suite ----------------------------------------------------------

all: $(B)/bin/rtl_gen $(GEN)/files.f
	@$(MAKE) --no-print-directory lint
	@$(MAKE) --no-print-directory cosim-short
	@$(MAKE) --no-print-directory summary

summary:
	@echo
	@echo "== $(CONFIG): done =="
	@echo "RTL:            $(GEN)/*.sv (file list $(GEN)/files.f)"
	@echo "resolved config $(GEN)/config.ini"
	@echo "storage:        $(GEN)/inventory.csv"
	@echo "co-simulation:  $(B)/$(CONFIG)/cosim/<module>/Vcosim +config=$(GEN)/config.ini +seed=N +cycles=N"
	@echo "logs:           $(B)/$(CONFIG)/logs/"
	@echo
	@$(B)/bin/rtl_gen -c $(GEN)/config.ini --report

test: $(DEPS_STAMP)
	@verif/test.sh

# long sweeps, outside `make test`'s budget: the flows of every config (fermi's synthesis takes
# minutes) and every committed datasheet against a fresh run
regress:
	@for c in $(CONFIGS); do \
	  if grep -q '^## Power' docs/datasheets/$$c.md 2>/dev/null; then \
	    $(MAKE) --no-print-directory power-check CONFIG=$$c || exit 1; fi; \
	  $(MAKE) --no-print-directory synth fpga synth-check fpga-check CONFIG=$$c || exit 1; \
	  if [ -f docs/datasheets/$$c.md ]; then $(MAKE) --no-print-directory datasheet-check CONFIG=$$c || exit 1; fi; done
	@for c in small small_regmutex small_virt small_coalesce small_hold small_edram small_finereg; do \
	  $(MAKE) --no-print-directory mutate CONFIG=$$c || exit 1; done
	@f=cmodel/finereg/mutants.sh; $(MAKE) --no-print-directory mutate CONFIG=$$(sed -n 's/^# config: //p' $$f) \
	  BLOCK=rf_fr_ctl MODULES="$$(sed -n 's/^# harnesses: //p' $$f | sed 's/ rf_top$$//')"
	@$(MAKE) --no-print-directory formal CONFIG=small_finereg BLOCK=rf_fr_ctl MODULES=rf_fr_ctl

clean:
	rm -rf $(B)
