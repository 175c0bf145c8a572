#!/usr/bin/env bash
# test.sh - everything `make test` runs (and CI, through .ci/run), step by step, with a summary.
# Each step's output is shown and kept in build/test/<step>.log; the linters, the co-simulations,
# and the planted faults with the power checks, run two at a time (their logs shown when the group
# is done). The
# last line reads "test: N passed, N failed" (steps).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/test
configs=$(ls rtl_gen/configs/*.ini | xargs -n1 basename | sed 's/\.ini$//')

steps=(
	"build|make -s build/bin/rtl_gen"
	"gen-check|make -s gen-check"
	"docs-check|make -s docs-check"
	"unit|make -s unit"
	"fuzz-replay|make -s fuzz-replay"
)
# the linters (Yosys's proc and check alone take minutes on the fermi-scale coalescing files, on
# one core) run two configs at a time, after the first five steps
lints=()
for c in $configs; do lints+=("lint-$c|make -s lint CONFIG=$c"); done
# Each block is co-simulated once per shape: a block whose generated RTL (comments and blank lines
# aside) equals one already listed runs in that config only; rf_top runs in every config.
shape() { grep -v '^[[:space:]]*//' "$1" | grep -v '^[[:space:]]*$' | sha1sum | cut -c1-16; }
declare -A first_of
cosims=()  # two at a time, after the linters (each builds its harnesses, then runs them on one core)
for c in $configs; do
	mods=rf_top skipped=""
	for f in generated/$c/rf_*.sv; do
		m=$(basename "$f" .sv)
		[ "$m" = rf_top ] && continue
		k="$m:$(shape "$f")"
		if [ -n "${first_of[$k]:-}" ]; then skipped+=" $m(=${first_of[$k]})"; else first_of[$k]=$c mods+=" $m"; fi
	done
	[ -n "$skipped" ] && echo "cosim-$c: same shape as in an earlier config, not run again:$skipped"
	# the coalescing blocks run as long as rf_top: 100 000 cycles (docs/coalescing.md, "Verification")
	case $c in *coalesce) cosims+=("cosim-$c|make -s cosim CONFIG=$c MODULES='$mods' BLOCK_CYCLES=100000") ;;
	*) cosims+=("cosim-$c|make -s cosim CONFIG=$c MODULES='$mods'") ;; esac
done
# the wave layouts name only signals the trace has: the combinations and the bank-hold port (every
# part of rf_top's sections once), after their co-simulation built the harness
for c in $configs; do
	case $c in small_*_coalesce | small_hold) steps+=("wave-$c|verif/wave_check.sh $c") ;; esac
done
# each technique's small config (small_<technique>): rf_top with the RTL's assertions, when it has any
for c in $configs; do
	case $c in small_*_*) continue ;; small_*) ;; *) continue ;; esac
	grep -q RFM_ASSERTIONS generated/$c/*.sv && steps+=("cosim-assert-$c|make -s cosim-assert CONFIG=$c")
done
# the blocks' assertions proven from reset, and planted faults caught (docs/verification.md): the
# RegMutex allocator and the collector in small_regmutex, the coalescing arbiter and the collector
# with external operands in small_coalesce (the other small configs' checked blocks share a shape)
steps+=("formal-small_regmutex|make -s formal CONFIG=small_regmutex")
steps+=("formal-small_coalesce|make -s formal CONFIG=small_coalesce")
steps+=("coal-equiv|make -s coal-equiv")
# the techniques compared on one page, from the committed datasheets (docs/datasheets/README.md)
steps+=("datasheets-compare|synth/compare.sh --check")
# a user's own configuration file with overrides through lint and co-simulation (README.md)
steps+=("user-config|verif/user_config.sh")
# the kernel suite: launch files, references, refusals, committed PTX (docs/kernels.md)
steps+=("kernels-check|make -s kernels-check")
steps+=("sim-synth-small|make -s sim-synth CONFIG=small")
# the planted faults of every technique, and power from the simulated OSU netlist (docs/flows.md,
# "Power": the baseline and one technique, whose committed datasheets have a Power section, which
# the datasheet steps below check): long and mostly on one core, so two at a time, like the linters
heavy=("mutation|make -s mutation" "power-small_regmutex|make -s power-check CONFIG=small_regmutex"
	"power-small|make -s power-check CONFIG=small")
nheavy=${#steps[@]}  # they run before the steps listed from here on
# the flows and datasheets of the small baseline and each technique's small config (small_<name>:
# one technique, default options); the variants and combinations (small_*_*) are in make regress
for c in $configs; do
	case $c in small_*_*) continue ;; small | small_*) [ -f docs/datasheets/$c.md ] || continue ;; *) continue ;; esac
	steps+=("synth-$c|make -s synth CONFIG=$c && make -s synth-check CONFIG=$c")
	steps+=("fpga-$c|make -s fpga CONFIG=$c && make -s fpga-check CONFIG=$c")
	steps+=("datasheet-$c|make -s datasheet-check CONFIG=$c")
done
# every named config has a committed datasheet or a reason in the README; the check's planted faults
steps+=("datasheets-listed|verif/datasheets_listed.sh --selftest")

pass=0 fail=0 summary=()
t0=$(date +%s)
# one step in the foreground: its output shown and kept in build/test/<name>.log
run() { # name|cmd
	local name=${1%%|*} cmd=${1#*|} t status
	echo "== $name: $cmd"
	t=$(date +%s)
	if bash -c "$cmd" 2>&1 | tee "build/test/$name.log"; then
		status=PASS pass=$((pass + 1))
	else
		status=FAIL fail=$((fail + 1))
	fi
	summary+=("$(printf '%-4s %-22s %4ss' "$status" "$name" "$(($(date +%s) - t))")")
}
# one step in the background: its log, then its exit code and seconds in build/test/<name>.rc
bg() { # name|cmd
	local name=${1%%|*} t
	t=$(date +%s)
	bash -c "${1#*|}" >"build/test/$name.log" 2>&1
	echo "$? $(($(date +%s) - t))" >"build/test/$name.rc"
}
# steps two at a time, in the order given (name|cmd lines on stdin), then every log shown in the
# order of the array named by $1
pool() {
	local -n list=$1
	local s name rc secs status
	while IFS= read -r s; do
		[ "$(jobs -rp | wc -l)" -ge 2 ] && wait -n
		bg "$s" &
	done
	wait
	for s in "${list[@]}"; do
		name=${s%%|*}
		echo "== $name: ${s#*|}"
		cat "build/test/$name.log"
		read -r rc secs <"build/test/$name.rc"
		if [ "$rc" = 0 ]; then status=PASS pass=$((pass + 1)); else status=FAIL fail=$((fail + 1)); fi
		summary+=("$(printf '%-4s %-22s %4ss' "$status" "$name" "$secs")")
	done
}
for s in "${steps[@]:0:5}"; do run "$s"; done
# the linters, the largest generated RTL first (Yosys's time follows its size)
pool lints < <(for s in "${lints[@]}"; do
	n=${s%%|*}; echo "$(cat "generated/${n#lint-}"/*.sv | wc -c) $s"
done | sort -k1,1nr | cut -d' ' -f2-)
pool cosims < <(for s in "${cosims[@]}"; do
	n=${s%%|*}; echo "$(cat "generated/${n#cosim-}"/*.sv | wc -c) $s"
done | sort -k1,1nr | cut -d' ' -f2-)
for s in "${steps[@]:5:nheavy-5}"; do run "$s"; done
pool heavy < <(printf '%s\n' "${heavy[@]}")
for s in "${steps[@]:nheavy}"; do run "$s"; done
echo
echo "== summary ($(($(date +%s) - t0)) s)"
printf '%s\n' "${summary[@]}"
echo "test: $pass passed, $fail failed"
[ "$fail" = 0 ]
