#!/usr/bin/env bash
# bundle_selftest.sh - the mutant bundles of verif/mutation/run.sh can fail: on FineReg's
# live-register set (the harness `make mutation` builds for small_finereg),
#   1. a bundle of a real fault and an edit that changes nothing the ports show: the fault is
#      caught in the bundle, the edit is built alone and counts as missed;
#   2. the bundle's wrapper with a planted fault (its default shows the first mutant, not the
#      generated module): the run with +mutant=0 fails and the bundle counts as missed.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
cfg=small_finereg gen=generated/$cfg out=build/$cfg/bundle-selftest
[ -x "build/$cfg/cosim/rf_fr_live/Vcosim" ] || { echo "bundle selftest: build the FineReg blocks first (make mutation)"; exit 1; }
mkdir -p "$out"
cat >"$out/mutants.sh" <<'SET'
block_rtl_mutant bundle-live-dst-ignored rf_fr_live 's/assign pick = dst ? q_ix : lo;/assign pick = lo;/'
block_rtl_mutant bundle-live-spacing rf_fr_live 's/assign pick = dst ? q_ix : lo;/assign pick = dst ? q_ix : lo ;/'
SET
fail=0
run() { RF_MUTANT_BUNDLE=8 RF_GEN_DIR=$gen verif/mutation/run.sh "$cfg" "$out/mutants.sh" >"$out/$1.log" 2>&1; }
expect() { # case pattern
	if grep -q "$2" "$out/$1.log"; then echo "bundle selftest: $1: $2"
	else echo "bundle selftest: $1: no '$2' (log $out/$1.log)"; fail=1; fi
}
run two && { echo "bundle selftest: two: a mutant that changes nothing passed"; fail=1; }
expect two "CAUGHT mutant bundle-live-dst-ignored (bundle 1)"
expect two "mutant bundle-live-spacing not caught in bundle 1: built alone"
expect two "MISSED mutant bundle-live-spacing: the run passed"
RF_MUTANT_BUNDLE_FAULT=default-shows-first run wrapper && { echo "bundle selftest: wrapper: passed"; fail=1; }
expect wrapper "MISSED bundle 1: its unmutated variant fails"
[ $fail = 0 ] && echo "bundle selftest: both cases fail as they should"
exit $fail
