# sim.mk - the warp-level PTX simulator (docs/sim.md; issue 16, item 4), included by the Makefile.
#   make build/bin/ptx_sim   the simulator: ptx_sim [--seed N] [--dump] [--check] kernels/<name>.ini
#   make sim-check           every suite kernel against its C reference (seeds 1 and 2), the
#                            bit-exact kernels against kernels/ref/<name>.expected, the refusal table
#                            (verif/sim/bad.txt), the CUnit tests (verif/sim/test_sim.c, sanitizers
#                            on); planted faults caught (verif/sim/check.sh --selftest)
# -ffp-contract=off: every PTX add and mul rounds on its own; -frounding-math: the rounding
# modifiers switch the C rounding mode around an operation, which must not be folded across it.
.PHONY: sim-check
SIM_LIB := sim/exec.c sim/mem.c sim/run.c sim/warp.c
SIM_SRC := $(SIM_LIB) sim/sim.h sim/sim_int.h
SIM_FLAGS := -ffp-contract=off -frounding-math -Isim -Iptx -Ikernels -Ikernels/ref
SIM_REF := $(filter-out kernels/ref/main.c,$(wildcard kernels/ref/*.c))

$(B)/bin/ptx_sim: sim/sim_main.c $(SIM_SRC) $(PTX_SRC) $(KR_SRC) $(KL_SRC) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SIM_FLAGS) sim/sim_main.c $(SIM_LIB) $(PTX_LIB) $(SIM_REF) kernels/launch.c -linih -lm -o $@

$(B)/san/bin/ptx_sim: sim/sim_main.c $(SIM_SRC) $(PTX_SRC) $(KR_SRC) $(KL_SRC) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) $(SIM_FLAGS) sim/sim_main.c $(SIM_LIB) $(PTX_LIB) $(SIM_REF) kernels/launch.c -linih -lm -o $@

$(B)/san/bin/test_sim: verif/sim/test_sim.c $(SIM_SRC) $(PTX_SRC) $(KL_SRC) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(SANFLAGS) $(SIM_FLAGS) verif/sim/test_sim.c $(SIM_LIB) $(PTX_LIB) kernels/launch.c -lcunit -linih -lm -o $@

sim-check: $(B)/bin/ptx_sim $(B)/san/bin/ptx_sim $(B)/san/bin/test_sim
	@SIM_BIN=$(ROOT)/$(B)/bin SIM_SAN_BIN=$(ROOT)/$(B)/san/bin verif/sim/check.sh --selftest
