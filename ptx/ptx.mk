# ptx.mk - the PTX parser (docs/ptx.md; issue 16, item 3), included by the Makefile.
#   make ptx-check      the parser's CUnit tests, every kernels/ptx/*.ptx against its golden listing
#                       (verif/ptx/golden/) and against its own source text, the refusal table
#                       (verif/ptx/bad.txt), the fuzz replay; planted faults caught (sanitizers on)
#   make ptx-golden     rewrite verif/ptx/golden/<name>.dump from kernels/ptx/<name>.ptx
#   make fuzz-ptx       the parser under libFuzzer for FUZZ_SECONDS
#   make ptx-regs       rewrite verif/ptx/regs.expected: every kernel's register allocation
#   make ptx-survey SRC=DIR   other people's CUDA kernels (one folder per benchmark) compiled with nvcc,
#                       parsed, allocated, annotated, and with launch files simulated, traced and
#                       replayed: build/ptx-survey/survey.md (verif/ptx/survey.sh; docs/ptx.md)
.PHONY: ptx-check ptx-golden ptx-regs fuzz-ptx ptx-survey
PTX_LIB := ptx/ptx_lex.c ptx/ptx_parse.c ptx/ptx_insn.c ptx/ptx_dump.c ptx/flow.c ptx/regalloc.c
PTX_SRC := $(PTX_LIB) ptx/ptx.h ptx/ptx_int.h ptx/flow.h ptx/regalloc.h
PTX_BINS := $(B)/san/bin/ptx_dump $(B)/san/bin/ptx_regs $(B)/san/bin/test_ptx $(B)/san/bin/fuzz_replay_ptx

$(B)/bin/ptx_dump: ptx/ptx_main.c $(PTX_SRC) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Iptx ptx/ptx_main.c $(PTX_LIB) -o $@

$(B)/san/bin/ptx_dump: ptx/ptx_main.c $(PTX_SRC) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) -Iptx ptx/ptx_main.c $(PTX_LIB) -o $@

$(B)/bin/ptx_regs: ptx/ptx_regs_main.c $(PTX_SRC) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Iptx ptx/ptx_regs_main.c $(PTX_LIB) -o $@

$(B)/san/bin/ptx_regs: ptx/ptx_regs_main.c $(PTX_SRC) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) -Iptx ptx/ptx_regs_main.c $(PTX_LIB) -o $@

$(B)/san/bin/test_ptx: verif/ptx/test_ptx.c verif/ptx/test_flow.c $(PTX_SRC) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) -Iptx verif/ptx/test_ptx.c verif/ptx/test_flow.c $(PTX_LIB) -lcunit -o $@

$(B)/san/bin/fuzz_replay_ptx: verif/fuzz/replay.c verif/fuzz/fuzz_ptx.c $(PTX_SRC) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) -Iptx verif/fuzz/replay.c verif/fuzz/fuzz_ptx.c $(PTX_LIB) -o $@

ptx-check: $(PTX_BINS)
	@PTX_BIN=$(ROOT)/$(B)/san/bin verif/ptx/check.sh --selftest

ptx-golden: $(B)/bin/ptx_dump
	@mkdir -p verif/ptx/golden
	@for f in kernels/ptx/*.ptx; do n=$$(basename $$f .ptx); \
	  $(B)/bin/ptx_dump $$f > verif/ptx/golden/$$n.dump.tmp || { rm -f verif/ptx/golden/$$n.dump.tmp; exit 1; }; \
	  mv verif/ptx/golden/$$n.dump.tmp verif/ptx/golden/$$n.dump; echo "ptx-golden: verif/ptx/golden/$$n.dump"; done

ptx-regs: $(B)/bin/ptx_regs
	@for f in kernels/ptx/*.ptx; do $(B)/bin/ptx_regs --ptxas $${f%.ptx}.regs $$f || exit 1; done > verif/ptx/regs.expected.tmp \
	  && mv verif/ptx/regs.expected.tmp verif/ptx/regs.expected && echo "ptx-regs: verif/ptx/regs.expected"

fuzz-ptx: | $(DEPS_STAMP)
	@mkdir -p $(B)/fuzz/corpus_ptx $(B)/fuzz/artifacts
	clang -g -O1 -std=c11 -D_GNU_SOURCE -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Iptx \
	  verif/fuzz/fuzz_ptx.c $(PTX_LIB) -o $(B)/fuzz/fuzz_ptx
	$(B)/fuzz/fuzz_ptx -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -artifact_prefix=$(B)/fuzz/artifacts/ \
	  -dict=verif/ptx/ptx.dict $(B)/fuzz/corpus_ptx verif/fuzz/corpus_ptx verif/ptx/bad kernels/ptx
	@echo "fuzz-ptx: fix the bug behind any input in $(B)/fuzz/artifacts/, then copy it into verif/fuzz/corpus_ptx/"

ptx-survey: $(B)/bin/ptx_dump $(B)/bin/ptx_regs $(B)/bin/ptx_annotate $(B)/bin/ptx_sim $(B)/bin/ptx_trace \
	$(B)/bin/trace_replay
	@verif/ptx/survey.sh "$(SRC)" $(if $(OUT),"$(OUT)")
