# sweep.mk - design-space sweeps (docs/sweeps.md; issue 18), included by the Makefile.
#   make sweep SWEEP=sweeps/<name>.ini   plan the sweep's points, run their flows with the sweep's
#                                        runner (RUNNER=local|slurm overrides it, JOBS=N the points
#                                        at once), collect build/sweep/<name>/results.csv,
#                                        summary.md and plots/; DRY=1 lists the points and the
#                                        refused ones without running a flow; OUT=dir elsewhere
#   make sweep-check                     a small sweep under the local runner and, as root with
#                                        Slurm installed, on a one-node Slurm cluster started for
#                                        the test; both tables equal; every named sweep validates;
#                                        refusal table, fuzz replay; planted faults caught
#   make fuzz-sweep                      the sweep-file parser under libFuzzer for FUZZ_SECONDS
.PHONY: sweep sweep-check fuzz-sweep
SWEEP ?=
SW_SRC := sweeps/sweep.c sweeps/sweep_io.c sweeps/sweep_collect.c sweeps/sweep_main.c
SW_HDR := sweeps/sweep.h sweeps/sweep_io.h
SW_TOOLS := $(B)/bin/sweep $(B)/bin/rtl_gen $(B)/lib/librfm.a $(B)/bin/vcd_activity

$(B)/bin/sweep: $(SW_SRC) $(SW_HDR) $(B)/lib/librfm.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(CMODEL_INC) -Isweeps $(SW_SRC) $(B)/lib/librfm.a -linih -o $@

$(B)/san/bin/fuzz_replay_sweep: verif/fuzz/replay.c verif/fuzz/fuzz_sweep.c sweeps/sweep.c sweeps/sweep.h \
		$(CMODEL_SRC) $(CMODEL_HDR) $(GEN_DEFS) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) $(CMODEL_INC) -Isweeps verif/fuzz/replay.c verif/fuzz/fuzz_sweep.c sweeps/sweep.c \
	  $(CMODEL_SRC) -linih -o $@

sweep: $(SW_TOOLS) | $(DEPS_STAMP)
	@[ -n "$(SWEEP)" ] || { echo "sweep: name a sweep file: make sweep SWEEP=sweeps/<name>.ini (docs/sweeps.md)"; exit 2; }
	@sweeps/run.sh $(if $(DRY),--dry) $(if $(OUT),--out $(OUT)) $(SWEEP)

sweep-check: $(SW_TOOLS) $(B)/san/bin/fuzz_replay_sweep | $(DEPS_STAMP)
	@verif/sweep/check.sh --selftest

fuzz-sweep: $(GEN_DEFS) | $(DEPS_STAMP)
	@mkdir -p $(B)/fuzz/corpus_sweep $(B)/fuzz/artifacts
	clang -g -O1 -std=c11 -D_GNU_SOURCE -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	  $(CMODEL_INC) -Isweeps verif/fuzz/fuzz_sweep.c sweeps/sweep.c $(CMODEL_SRC) -linih -o $(B)/fuzz/fuzz_sweep
	$(B)/fuzz/fuzz_sweep -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -artifact_prefix=$(B)/fuzz/artifacts/ \
	  $(B)/fuzz/corpus_sweep verif/fuzz/corpus_sweep verif/sweep/bad
	@echo "fuzz-sweep: fix the bug behind any input in $(B)/fuzz/artifacts/, then copy it into verif/fuzz/corpus_sweep/"
