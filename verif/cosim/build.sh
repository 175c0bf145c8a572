#!/usr/bin/env bash
# verif/cosim/build.sh - build one lock-step harness (Vcosim) with Verilator: the one place that
# says how, for make cosim, make cosim-assert, the mutation tests and campaigns, the gate-level
# co-simulation, the power flow and make bench.
#
#   verif/cosim/build.sh GLUE_HEADER MDIR LOG [verilator arguments: top module, sources, flags]
#
# Writes MDIR/cosim_main.cpp, which includes GLUE_HEADER (generated/<config>/cosim/<module>_glue.h)
# and then verif/cosim/harness.cpp, and builds MDIR/Vcosim from it and the caller's sources. The
# glue is included by that one source, not forced into every Verilated file.
# Verilator's output goes to LOG; the exit status is Verilator's. Optimization levels are the
# caller's (-O3, -MAKEFLAGS "OPT_FAST=..."). With ccache installed, every C++ compile goes through
# it (Verilator's runtime is the same in every harness, so it is compiled once; so is the harness
# source of one glue header), into CCACHE_DIR or else build/ccache.
# The C++ compiler is RF_CXX, else clang++ where installed, else g++. Verilator's output is a few
# very large functions, which clang++ 14 compiles in 55% to 85% of g++ 12's time at -O1 (fermi-scale
# rf_top harnesses; the runs take about as long either way: docs/verification.md, "Harness builds").
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 GLUE_HEADER MDIR LOG [verilator arguments]" >&2; exit 2; }
glue=$1 mdir=$2 log=$3
shift 3
[ -f "$glue" ] || { echo "$0: no glue header $glue" >&2; exit 2; }
case $glue in /*) ;; *) glue=$PWD/$glue ;; esac
mkdir -p "$mdir"
case $mdir in /*) ;; *) mdir=$PWD/$mdir ;; esac
printf '#include "%s"\n#include "%s"\n' "$glue" "$PWD/verif/cosim/harness.cpp" >"$mdir/cosim_main.cpp"
# CCACHE_BASEDIR: paths under the checkout are hashed relative to the build folder, so harnesses
# built alike in different folders (the mutants of one module) share the harness's compiled object
if command -v ccache >/dev/null; then
	export OBJCACHE=ccache CCACHE_DIR=${CCACHE_DIR:-$PWD/build/ccache} CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD}
fi
cxx=${RF_CXX:-}
if [ -z "$cxx" ]; then
	if command -v clang++ >/dev/null; then cxx=clang++; else cxx=g++; fi
fi
rm -f "$mdir/Vcosim" # Verilator's own makefile does not relink when only librfm.a changed
exec verilator --cc --exe --build -j 2 --x-assign 0 --x-initial 0 "$@" -MAKEFLAGS "CXX=$cxx LINK=$cxx" \
	-CFLAGS "-I$PWD/cmodel -I$PWD/build/gen -I$PWD/verif/cosim" \
	-LDFLAGS "$PWD/build/lib/librfm.a -linih" --Mdir "$mdir" -o Vcosim "$mdir/cosim_main.cpp" \
	>"$log" 2>&1
