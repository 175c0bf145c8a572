# trace.mk - register traces (docs/trace.md; issue 16, item 6), included by the Makefile.
#   make build/bin/ptx_trace   ptx_trace [--seed N] [--limit-regs N] [-o FILE.rft] kernels/<name>.ini;
#                              ptx_trace --dump FILE.rft [--max N]; ptx_trace --replay FILE.rft
#   make trace KERNEL=kernels/<name>.ini          the trace of one launch -> build/trace/<name>.rft
#   make trace KERNEL=path.ptx LAUNCH=path.ini    another PTX file for the launch
#   make trace KERNEL=path.cu LAUNCH=path.ini     a CUDA file compiled to PTX first (nvcc, else clang-14)
#   make trace LAUNCH=kernels/<name>.ini          as KERNEL=kernels/<name>.ini
#   make trace-check     every suite kernel traced (seed 1) and replayed, the step counts, the golden
#                        dumps, the refusal table (verif/trace/bad.txt), the CUnit tests
#                        (verif/trace/test_trace.c); planted faults caught (verif/trace/check.sh --selftest)
#   make trace-golden    rewrite verif/trace/golden/<name>.txt
#   make build/bin/trace_replay   trace_replay [--ctas N] [--max-records N] CONFIG.ini TRACE.rft: a trace
#                        replayed through rf_top's model, every operand checked (docs/trace.md,
#                        "Replay through rf_top")
#   make trace-replay-check   small suite kernels replayed through fermi, fermi_coalesce, fermi_virt and
#                        fermi_regmutex (the compiler's annotations driving the technique), planted
#                        faults caught, refusals (verif/trace/replay_check.sh)
.PHONY: trace trace-check trace-golden trace-replay-check
TRACE_LIB := trace/trace.c trace/classify.c trace/tracer.c trace/replay.c
TRACE_SRC := $(TRACE_LIB) trace/trace.h
TRACE_FLAGS := $(SIM_FLAGS) -Itrace
TRACE_DEPS := $(TRACE_SRC) $(SIM_SRC) $(PTX_SRC) $(KL_SRC)
TRACE_LINK := $(TRACE_LIB) $(SIM_LIB) $(PTX_LIB) kernels/launch.c -linih -lm

$(B)/bin/ptx_trace: trace/trace_main.c $(TRACE_DEPS) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(TRACE_FLAGS) trace/trace_main.c $(TRACE_LINK) -o $@

$(B)/san/bin/ptx_trace: trace/trace_main.c $(TRACE_DEPS) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) $(TRACE_FLAGS) trace/trace_main.c $(TRACE_LINK) -o $@

$(B)/san/bin/test_trace: verif/trace/test_trace.c $(TRACE_DEPS) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) $(TRACE_FLAGS) verif/trace/test_trace.c $(TRACE_LINK) -lcunit -o $@

trace: $(B)/bin/ptx_trace
	@TRACE_BIN=$(ROOT)/$(B)/bin trace/run.sh "$(KERNEL)" "$(LAUNCH)"

trace-check: $(B)/bin/ptx_trace $(B)/bin/ptx_sim $(B)/san/bin/ptx_trace $(B)/san/bin/test_trace
	@TRACE_BIN=$(ROOT)/$(B)/bin TRACE_SAN_BIN=$(ROOT)/$(B)/san/bin verif/trace/check.sh --selftest

trace-golden: $(B)/bin/ptx_trace
	@TRACE_BIN=$(ROOT)/$(B)/bin verif/trace/check.sh --golden

$(B)/bin/trace_replay: trace/rf_replay.c trace/rf_annot.c trace/rf_annot.h $(TRACE_DEPS) $(AN_SRC) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(TRACE_FLAGS) $(CMODEL_INC) -Icompiler trace/rf_replay.c trace/rf_annot.c $(AN_LIB) \
		$(B)/lib/librfm.a $(TRACE_LINK) -o $@

trace-replay-check: $(B)/bin/ptx_trace $(B)/bin/trace_replay
	@TRACE_BIN=$(ROOT)/$(B)/bin verif/trace/replay_check.sh
