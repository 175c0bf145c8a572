# compiler.mk - the compiler side of the techniques (docs/compiler.md; issue 16, item 7), included
# by the Makefile.
#   make build/bin/ptx_annotate   the annotation tool
#   make annotate-check           the CUnit tests (sanitizers on), every suite kernel annotated and
#                                 compared with verif/compiler/golden/<name>.txt, the cross-checks,
#                                 planted faults caught (verif/compiler/check.sh --selftest)
#   make annotate-golden          rewrite verif/compiler/golden/<name>.txt
.PHONY: annotate-check annotate-golden
AN_LIB := compiler/program.c compiler/virt.c compiler/regmutex.c compiler/finereg.c compiler/edram.c \
	compiler/check.c
AN_SRC := $(AN_LIB) compiler/annotate.h $(PTX_SRC) $(B)/lib/librfm.a
AN_INC := -Iptx -Icompiler $(CMODEL_INC)
# the RegMutex rule for Es is the model's (rfm_rm_choose_es)
AN_LINK := $(B)/lib/librfm.a -linih -lm

$(B)/bin/ptx_annotate: compiler/annotate_main.c $(AN_SRC) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(AN_INC) compiler/annotate_main.c $(AN_LIB) $(PTX_LIB) $(AN_LINK) -o $@

$(B)/san/bin/ptx_annotate: compiler/annotate_main.c $(AN_SRC) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) $(AN_INC) compiler/annotate_main.c $(AN_LIB) $(PTX_LIB) $(AN_LINK) -o $@

$(B)/san/bin/test_compiler: verif/compiler/test_compiler.c $(AN_SRC) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) $(AN_INC) verif/compiler/test_compiler.c $(AN_LIB) $(PTX_LIB) $(AN_LINK) -lcunit -o $@

annotate-check: $(B)/san/bin/ptx_annotate $(B)/san/bin/test_compiler
	@AN_BIN=$(ROOT)/$(B)/san/bin verif/compiler/check.sh --selftest

annotate-golden: $(B)/bin/ptx_annotate
	@mkdir -p verif/compiler/golden
	@for f in kernels/ptx/*.ptx; do n=$$(basename $$f .ptx); \
	  $(B)/bin/ptx_annotate $$f > verif/compiler/golden/$$n.txt.tmp || { rm -f verif/compiler/golden/$$n.txt.tmp; exit 1; }; \
	  mv verif/compiler/golden/$$n.txt.tmp verif/compiler/golden/$$n.txt; echo "annotate-golden: verif/compiler/golden/$$n.txt"; done
