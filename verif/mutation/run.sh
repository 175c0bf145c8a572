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
#
# RTL mutants that the comparison judges are built in bundles of up to RF_MUTANT_BUNDLE (default 8;
# 1: one build each) per harness: the mutated file holds the generated module, renamed, and each
# mutant's copy of it, renamed, under a wrapper of the module's own name and ports that shows the
# outputs of one of them, picked at run time by +mutant=N (0: the generated module). Every variant
# gets the same inputs and keeps its own state; the harness sees only the one picked, so each run
# still has one fault in it. A bundle's run with +mutant=0 must pass before its mutants are run; a
# mutant the bundle does not catch is built and run alone before it counts as missed, and so is
# every mutant of a bundle that does not build. A design that calls into the model through DPI-C
# (the eDRAM bank's decay overlay) is not bundled: the variants that are not picked would call too.
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

# run a mutant: 0 caught (its log shows the pattern), 1 the run passed, 2 failed without the pattern
try_fail() { # log pattern command...
	local log=$1 pat=$2
	shift 2
	if "$@" >"$log" 2>&1; then return 1; fi
	grep -q "$pat" "$log" && return 0
	return 2
}
expect_fail() { # name pattern command...
	local name=$1 pat=$2 log=$logs/mutation-$1.log rc=0
	shift 2
	try_fail "$log" "$pat" "$@" || rc=$?
	case $rc in
	0) echo "CAUGHT mutant $name: $(grep -m1 "$pat" "$log" | cut -c1-110)"; caught=$((caught + 1)) ;;
	1) echo "MISSED mutant $name: the run passed (log $log)"; missed=$((missed + 1)) ;;
	*) echo "MISSED mutant $name: failed without '$pat' (log $log)"; missed=$((missed + 1)) ;;
	esac
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
# build the harness of TOP from the sources in DIR, into DIR/obj
mutant_build() { # dir top log [verilator flags]
	local dir=$1 top=$2 log=$3
	shift 3
	# C++ at -O0: a mutant's run is 20 000 cycles of a small config (a fraction of a second either
	# way), its build is most of its time, and -O0 builds in about four fifths of -O1's. The glue
	# is the generated one, not the copy's (the same text): one compiled harness source for every
	# mutant of TOP (ccache; verif/cosim/build.sh).
	verif/cosim/build.sh "$gen/cosim/${top}_glue.h" "$dir/obj" "$log" \
		-O1 -Wno-fatal "$@" -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O2" \
		--top-module "$top" -F "$PWD/$dir/files.f"
}
bundle_max=${RF_MUTANT_BUNDLE:-8}
case $bundle_max in '' | *[!0-9]* | 0) echo "$0: RF_MUTANT_BUNDLE=$bundle_max: a count of 1 or more" >&2; exit 2 ;; esac
# the design calls into the model (DPI-C): no bundles
if grep -q 'import "DPI-C"' "$gen"/*.sv 2>/dev/null; then bundle_max=1; fi
q_name=() q_file=() q_top=()  # the RTL mutants waiting for a bundle (their copies: $b/mutants/NAME)
rtl_mutant() { # name file sed-expression [pattern [verilator flags [top module]]]: pattern defaults to MISMATCH
	local name=$1 file=$2 expr=$3 pat=${4:-MISMATCH} vflags=${5:-} top=${6:-rf_top} dir=$b/mutants/$1
	rm -rf "$dir" && mkdir -p "$dir" && cp -r "$gen/." "$dir/"
	sed -i "$expr" "$dir/$file"
	if cmp -s "$gen/$file" "$dir/$file"; then
		echo "MISSED mutant $name: the edit changed nothing (stale pattern)"; missed=$((missed + 1)); return
	fi
	if [ "$pat" = MISMATCH ] && [ -z "$vflags" ] && [ "$bundle_max" -gt 1 ]; then
		q_name+=("$name") q_file+=("$file") q_top+=("$top")
		return
	fi
	# shellcheck disable=SC2086
	rtl_mutant_alone "$name" "$top" "$pat" $vflags
}
# build and run one mutant from its copy $b/mutants/NAME
rtl_mutant_alone() { # name top pattern [verilator flags]
	local name=$1 top=$2 pat=$3 dir=$b/mutants/$1
	shift 3
	if ! mutant_build "$dir" "$top" "$logs/mutation-$name-build.log" "$@"; then
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

# the set's faults: model faults first, then RTL faults (SET may also be a mutants.sh file's path)
# shellcheck source=/dev/null
case $set in */*) . "$set" ;; *) . "cmodel/$set/mutants.sh" ;; esac

# A bundle's copy of FILE: the generated module MOD as MOD__m0, each mutant's copy as MOD__m<N>,
# and a wrapper named MOD, with MOD's ports (its header copied, its outputs from the generated glue's
# port table), that shows variant N's outputs under +mutant=N.
bundle_file() { # generated-file module N:mutant-file...
	local orig=$1 mod=$2 v sels
	shift 2
	sed "s/^module $mod (\$/module ${mod}__m0 (/" "$orig"
	for v in "$@"; do sed "s/^module $mod (\$/module ${mod}__m${v%%:*} (/" "${v#*:}"; done
	sels=$(printf '%s ' 0 "${@%%:*}")
	awk -v mod="$mod" -v sels="$sels" -v fault="${RF_MUTANT_BUNDLE_FAULT:-}" '
	# the glue: {"name", direction (1: output), width},
	FNR == NR { if ($0 ~ /^  \{"[a-z_0-9]+", 1, [0-9]+\},$/) {
			gsub(/[{}",]/, " "); no++; oname[no] = $1; owid[no] = $3 > 1 ? "[" $3 - 1 ":0] " : "" }
		next }
	$0 == "module " mod " (" { head = 1; print; next }
	head { print; if ($0 ~ /^\);/) { head = 0; found = 1 } }
	END {
		if (!found || no == 0) { print "bundle_file: no header or no outputs of " mod > "/dev/stderr"; exit 1 }
		nv = split(sels, sel, " ")
		print "  // a mutant bundle (verif/mutation/run.sh): +mutant=N shows variant N (0: as generated)"
		print "  int unsigned mutant_sel;"
		print "  initial begin"
		print "    if (!$value$plusargs(\"mutant=%d\", mutant_sel)) mutant_sel = 0;"
		print "  end"
		for (v = 1; v <= nv; v++) for (o = 1; o <= no; o++)
			print "  logic " owid[o] oname[o] "__m" sel[v] ";"
		for (v = 1; v <= nv; v++) {
			c = "  " mod "__m" sel[v] " u_m" sel[v] " (.*"
			for (o = 1; o <= no; o++) c = c ", ." oname[o] "(" oname[o] "__m" sel[v] ")"
			print c ");"
		}
		print "  always_comb begin"
		print "    case (mutant_sel)"
		for (v = 1; v <= nv; v++) {
			src = sel[v]
			# a planted fault (verif/mutation/bundle_selftest.sh): the default shows the first mutant
			if (fault == "default-shows-first" && sel[v] == 0) src = sel[2]
			print "      " (sel[v] == 0 ? "default" : sel[v]) ": begin"
			for (o = 1; o <= no; o++) print "        " oname[o] " = " oname[o] "__m" src ";"
			print "      end"
		}
		print "    endcase"
		print "  end"
		print "endmodule"
	}' "$(dirname "$orig")/cosim/${mod}_glue.h" "$orig"
}
# build one bundle of the queued mutants (indices into q_*, one harness) and run each of its mutants
run_bundle() { # bundle-number index...
	local k=$1 dir=$b/mutants/bundle-$1 top=${q_top[$2]} i f mod rc log n=0
	shift
	local -A files=()
	rm -rf "$dir" && mkdir -p "$dir" && cp -r "$gen/." "$dir/"
	for i in "$@"; do files[${q_file[$i]}]+=" $((++n)):$b/mutants/${q_name[$i]}/${q_file[$i]}"; done
	for f in "${!files[@]}"; do
		mod=$(basename "$f" .sv)
		# shellcheck disable=SC2086
		bundle_file "$gen/$f" "$mod" ${files[$f]} >"$dir/$f" || { rc=1; break; }
	done
	log=$logs/mutation-bundle-$k-build.log
	if [ "${rc:-0}" != 0 ] || ! mutant_build "$dir" "$top" "$log"; then
		echo "bundle $k ($# mutants of $top) did not build (log $log): each is built alone"
		for i in "$@"; do rtl_mutant_alone "${q_name[$i]}" "$top" MISMATCH; done
		return
	fi
	if ! "$dir/obj/Vcosim" "${args[@]}" +mutant=0 >"$logs/mutation-bundle-$k.log" 2>&1; then
		echo "MISSED bundle $k: its unmutated variant fails (log $logs/mutation-bundle-$k.log)"
		missed=$((missed + 1))
		return
	fi
	n=0
	for i in "$@"; do
		n=$((n + 1)) log=$logs/mutation-${q_name[$i]}.log rc=0
		try_fail "$log" MISMATCH "$dir/obj/Vcosim" "${args[@]}" +mutant=$n || rc=$?
		if [ $rc = 0 ]; then
			echo "CAUGHT mutant ${q_name[$i]} (bundle $k): $(grep -m1 MISMATCH "$log" | cut -c1-100)"
			caught=$((caught + 1))
		else
			echo "mutant ${q_name[$i]} not caught in bundle $k: built alone"
			rtl_mutant_alone "${q_name[$i]}" "$top" MISMATCH
		fi
	done
}
# the queued RTL mutants, in bundles of up to bundle_max per harness, in the order they were listed
nb=0
while [ ${#q_name[@]} -gt 0 ]; do
	top=${q_top[0]} pick=() rest=()
	for i in "${!q_name[@]}"; do
		if [ "${q_top[$i]}" = "$top" ] && [ ${#pick[@]} -lt "$bundle_max" ]; then pick+=("$i"); else rest+=("$i"); fi
	done
	run_bundle $((++nb)) "${pick[@]}"
	nn=() nf=() nt=()
	for i in "${rest[@]}"; do nn+=("${q_name[$i]}") nf+=("${q_file[$i]}") nt+=("${q_top[$i]}"); done
	q_name=("${nn[@]}") q_file=("${nf[@]}") q_top=("${nt[@]}")
done

echo "mutation: $caught caught, $missed missed"
echo "$caught passed, $missed failed"
[ $missed = 0 ]
