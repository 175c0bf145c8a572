#!/usr/bin/env bash
# run.sh CONFIG [SET] - show that the checkers can fail. SET is a technique folder (base, the
# default, regmutex, virtualization, coalescing): its cmodel/SET/mutants.sh lists the faults, and
# CONFIG must enable the technique (`make mutation` takes the config named in that file):
#   1. faults planted in the model (+mutate=NAME, a name of cmodel/<technique>/faults.def): the
#      lock-step comparison catches each;
#   2. the same faults with +model-only: the model's golden checker alone catches them;
#   3. faults planted in a copy of the generated RTL (generated/ is untouched): the comparison
#      catches each.
# A mutant that survives fails this script. The unmutated design must pass (make cosim).
set -uo pipefail
cfg=${1:-small}
set=${2:-base}
b=build/$cfg
gen=${RF_GEN_DIR:-generated/$cfg}  # RF_GEN_DIR: a user's file (a set's "# block:" config)
logs=$b/logs
mkdir -p "$logs"
caught=0 missed=0
harness=$b/cosim/rf_top/Vcosim
args=("+config=$gen/config.ini" +seed=1 +cycles=20000 +quiet)

expect_fail() { # name pattern command...
	local name=$1 pat=$2
	shift 2
	local log=$logs/mutation-$name.log
	if "$@" >"$log" 2>&1; then
		echo "MISSED mutant $name: the run passed (log $log)"; missed=$((missed + 1))
	elif grep -q "$pat" "$log"; then
		echo "CAUGHT mutant $name: $(grep -m1 "$pat" "$log" | cut -c1-110)"; caught=$((caught + 1))
	else
		echo "MISSED mutant $name: failed without '$pat' (log $log)"; missed=$((missed + 1))
	fi
}

# A block's own harness (the coalescing blocks are co-simulated one by one).
block() { echo "$b/cosim/$1/Vcosim"; }
# model fault FAULT in block MODULE: caught by the comparison, and by the block's checker alone
block_model_mutant() { # name module FAULT checker-pattern
	expect_fail "model-$1" MISMATCH "$(block "$2")" "${args[@]}" +mutate="$3"
	expect_fail "checker-$1" "$4" "$(block "$2")" "${args[@]}" +mutate="$3" +model-only
}


# RTL faults, each in its own copy of generated/$cfg
# stmt 'assign X' VALUE: a sed program that replaces the whole statement `assign X = ...;` (which the
# generator may wrap over several lines) by `assign X = VALUE;`
stmt() {
	printf '%s' "/^  $1 = /{:a;/;\$/!{N;ba};s/.*/  $1 = $2;/}"
}
rtl_mutant() { # name file sed-expression [pattern [verilator flags [top module]]]: pattern defaults to MISMATCH
	local name=$1 file=$2 expr=$3 pat=${4:-MISMATCH} vflags=${5:-} top=${6:-rf_top} dir=$b/mutants/$1
	rm -rf "$dir" && mkdir -p "$dir" && cp -r "$gen/." "$dir/"
	sed -i "$expr" "$dir/$file"
	if cmp -s "$gen/$file" "$dir/$file"; then
		echo "MISSED mutant $name: the edit changed nothing (stale pattern)"; missed=$((missed + 1)); return
	fi
	# C++ at -O0: a mutant's run is 20 000 cycles of a small config (a fraction of a second either
	# way), its build is most of its time, and -O0 builds in about four fifths of -O1's
	# shellcheck disable=SC2086
	if ! verif/cosim/build.sh "$dir/cosim/${top}_glue.h" "$dir/obj" "$logs/mutation-$name-build.log" \
		-O1 -Wno-fatal $vflags -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O2" \
		--top-module "$top" -F "$PWD/$dir/files.f"; then
		echo "MISSED mutant $name: did not build (log $logs/mutation-$name-build.log)"; missed=$((missed + 1)); return
	fi
	if [ "$pat" = MISMATCH ]; then
		expect_fail "$name" MISMATCH "$dir/obj/Vcosim" "${args[@]}"
	else # the RTL's own assertions, with the comparison off: the model never sees the fault
		expect_fail "$name" "$pat" "$dir/obj/Vcosim" "${args[@]}" +rtl-only
	fi
}
# an RTL fault in block MODULE (its own harness), caught by the comparison
block_rtl_mutant() { # name module sed-expression
	rtl_mutant "$1" "$2.sv" "$3" MISMATCH "" "$2"
}

# a fault in the text of a block's assertions (which synthesis, simulation and lint's three front
# ends leave out), caught by lint's own check of that text
lint_mutant() { # name module sed-expression
	local name=$1 m=$2 expr=$3 dir=$b/mutants/$1 others
	rm -rf "$dir" && mkdir -p "$dir" && cp -r "$gen/." "$dir/"
	sed -i "$expr" "$dir/$m.sv"
	if cmp -s "$gen/$m.sv" "$dir/$m.sv"; then
		echo "MISSED mutant $name: the edit changed nothing (stale pattern)"; missed=$((missed + 1)); return
	fi
	others=$(sed 's/\.sv$//' "$dir/files.f" | grep -vx "$m" | tr '\n' ' ')
	expect_fail "$name" "assertion blocks" env LINT_SHARED="$others" verif/lint.sh "$cfg" "$dir" "$logs/mutation-$name"
}

# the set's faults: model faults first, then RTL faults
# shellcheck source=/dev/null
. "cmodel/$set/mutants.sh"

echo "mutation: $caught caught, $missed missed"
echo "$caught passed, $missed failed"
[ $missed = 0 ]
