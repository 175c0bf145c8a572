#!/usr/bin/env bash
# test.sh - everything `make test` runs (and CI, through .ci/run), step by step, with a summary.
# Each step's output is kept in build/test/<step>.log and shown. The first three steps run one after
# another; then every other step runs, two at a time (TEST_JOBS), each log shown as its step ends.
# The last line reads "test: N passed, N failed" (steps).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/test
configs=$(ls rtl_gen/configs/*.ini | xargs -n1 basename | sed 's/\.ini$//')

steps=(
	# the shared tools, built once before anything runs in parallel (two makes never build one file),
	# with the model library's sanitizer build (the unit tests and the fuzz replay link it)
	"build|make -s -j2 build/bin/rtl_gen build/lib/librfm.a build/san/lib/librfm.a build/bin/vcd_activity \
		build/bin/coal_access build/bin/top_equiv build/bin/ptx_sim build/bin/ptx_trace"
	"gen-check|make -s gen-check"
	"docs-check|make -s docs-check"
	# the unit tests and the fuzz replay (sanitizer builds): each compiles on one core, so they run
	# beside the other steps (nothing else builds their binaries)
	"unit|make -s unit"
	"fuzz-replay|make -s fuzz-replay"
)
# Each block is linted and co-simulated once per shape: a block whose generated RTL (comments and
# blank lines aside) equals one already listed is linted in full and co-simulated in that config
# only (elsewhere Yosys reads it as a black box: its ports are still checked against the instance);
# rf_top in every config. Yosys's proc and check alone take minutes on a fermi-scale zero-mask
# buffer or renaming table, on one core.
shape() { grep -v '^[[:space:]]*//' "$1" | grep -v '^[[:space:]]*$' | sha1sum | cut -c1-16; }
declare -A first_of
lints=() cosims=()  # each cosim step builds its harnesses, then runs them on one core
for c in $configs; do
	mods=rf_top skipped="" shared=""
	for f in generated/$c/rf_*.sv; do
		m=$(basename "$f" .sv)
		[ "$m" = rf_top ] && continue
		# FineReg's blocks at the paper's geometry: here inside fermi_finereg's rf_top (in lock-step
		# at every port of the unit), alone in make regress (cosim-all); alone at the small and odd
		# shapes here
		case "$c:$m" in fermi_finereg:rf_fr_*) continue ;; esac
		k="$m:$(shape "$f")"
		if [ -n "${first_of[$k]:-}" ]; then
			skipped+=" $m(=${first_of[$k]})" shared+=" $m"
		else first_of[$k]=$c mods+=" $m"; fi
	done
	[ -n "$skipped" ] && echo "$c: same shape as in an earlier config, not linted or co-simulated again:$skipped"
	lints+=("lint-$c|make -s lint CONFIG=$c LINT_SHARED='${shared# }'")
	# the coalescing blocks run as long as rf_top: 100 000 cycles (docs/coalescing.md, "Verification")
	# and so do FineReg's (docs/finereg.md, "Blocks")
	case $c in *coalesce | *finereg) cosims+=("cosim-$c|make -s cosim CONFIG=$c MODULES='$mods' BLOCK_CYCLES=100000") ;;
	*) cosims+=("cosim-$c|make -s cosim CONFIG=$c MODULES='$mods'") ;; esac
done
# a small design-space sweep, locally and on a one-node Slurm cluster the check starts
# (docs/sweeps.md); listed here, as the longest of the steps that run last, to start first of them
steps+=("sweep-check|make -s sweep-check")
# RegMutex's multiplier translation (regmutex.xlate = mul), kept as an option: against the same model
steps+=("cosim-small_regmutex-mul|make -s cosim CONFIG=small_regmutex SET=regmutex.xlate=mul MODULES='rf_top rf_srp_xlate'")
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
# the refresh controller and the eDRAM bank, the virtualization free bitmap
steps+=("formal-small_edram|make -s formal CONFIG=small_edram")
steps+=("formal-small_virt|make -s formal CONFIG=small_virt")
steps+=("coal-equiv|make -s coal-equiv")
# FineReg's blocks beyond small_finereg's co-simulation (at the paper's geometry they run inside
# fermi_finereg's rf_top, alone in make regress): briefly at odd shapes (rtl_gen --block; docs/finereg.md, "Blocks"); the PCRF
# port and the engine again with one beat a register (the small file's 64-bit registers in 8-byte
# beats: in lock-step with their assertions on); the controller's assertions (the engine's with it)
# checked in simulation, the engine's proven
# from reset to a bound, those of the free-space and status monitors, the engine's register sets,
# the slot table and the PCRF port proven (one step: they share the small file's build folder)
frm="MODULES='rf_fr_lrc rf_fr_free rf_fr_tags rf_fr_status rf_fr_ptr rf_fr_dec rf_fr_live rf_fr_zero"
frm+=" rf_fr_slot rf_fr_pcrf rf_fr_port rf_fr_eng rf_fr_ctl'"
fro="BLOCK=rf_fr_ctl BLOCK_CYCLES=20000 $frm"
fr1="BLOCK=rf_fr_eng BLOCK_CYCLES=100000 MODULES='rf_fr_port rf_fr_eng' SET=finereg.beat_bytes=8"
frf="MODULES='rf_fr_free rf_fr_status rf_fr_live rf_fr_zero rf_fr_slot rf_fr_port rf_fr_eng'"
steps+=("blocks-small_finereg|make -s lint cosim CONFIG=verif/finereg/odd_finereg.ini $fro \
	&& make -s lint cosim-assert CONFIG=small_finereg $fr1 \
	&& make -s cosim-assert CONFIG=small_finereg BLOCK=rf_fr_ctl MODULES=rf_fr_ctl \
	&& make -s formal CONFIG=small_finereg BLOCK=rf_fr_ctl $frf")
# the techniques compared on one page, from the committed datasheets (docs/datasheets/README.md)
steps+=("datasheets-compare|synth/compare.sh --check")
# a user's own configuration file with overrides through lint and co-simulation (README.md)
steps+=("user-config|verif/user_config.sh")
# the kernel suite: launch files, references, refusals, committed PTX (docs/kernels.md)
steps+=("kernels-check|make -s kernels-check")
# the PTX parser, liveness and register allocation on the suite, refusals, fuzz replay (docs/ptx.md)
steps+=("ptx-check|make -s ptx-check")
# the compiler side of the techniques on the suite, cross-checked against liveness (docs/compiler.md)
steps+=("annotate-check|make -s annotate-check")
# the warp-level simulator runs every suite kernel against its C reference (docs/sim.md)
steps+=("sim-check|make -s sim-check")
# register traces of every suite kernel, read back and replayed for consistency (docs/trace.md)
steps+=("trace-check|make -s trace-check")
# suite traces replayed through rf_top's model, every operand checked (docs/trace.md)
steps+=("trace-replay-check|make -s trace-replay-check")
steps+=("sim-synth-small|make -s sim-synth CONFIG=small")
# the planted faults of every technique: long and mostly on one core, so they start first
heavy=("mutation|make -s mutation")
# the flows and datasheets of the small baseline and each technique's small config (small_<name>:
# one technique, default options); the variants and combinations (small_*_*) are in make regress.
# Power from the simulated OSU netlist (docs/flows.md, "Power"), first (long, on one core): the
# flow, its planted faults and its baseline twin once each, on `small` and on `small_hold` (the
# technique config whose netlists build fastest). The other datasheets' Power sections are checked
# by make regress; here the rest of those datasheets is (datasheet-check DATASHEET_POWER=skip).
POWER_IN_TEST=${POWER_IN_TEST:-small small_hold}
# small_finereg's flows (the PCRF and the unit's tables mapped cell by cell: about 4.5 minutes on both
# cores for synth and fpga) are checked by make regress, as the combinations' are
declare -A powered
for c in $configs; do
	case $c in small_*_* | small_finereg) continue ;; small | small_*) [ -f docs/datasheets/$c.md ] || continue ;;
	*) continue ;; esac
	dsflags=""
	if grep -q '^## Power' "docs/datasheets/$c.md"; then
		case " $POWER_IN_TEST " in
		*" $c "*) heavy+=("power-$c|make -s power-check CONFIG=$c") powered[$c]=1 ;;
		*) dsflags=" DATASHEET_POWER=skip" ;;
		esac
	fi
	steps+=("synth-$c|make -s synth CONFIG=$c && make -s synth-check CONFIG=$c")
	steps+=("fpga-$c|make -s fpga CONFIG=$c && make -s fpga-check CONFIG=$c")
	steps+=("datasheet-$c|make -s datasheet-check CONFIG=$c$dsflags")
done
# the power flow where the arrays are SRAM macros of two kinds (synth/sram_model.sh's energy and
# leakage: rf_sram, and the renaming table's flow-through rf_rt_bank; the fermi configs' Power
# sections are checked by make regress): small_virt as an ASIC target
heavy+=("power-virt-sram|make -s power-check CONFIG=small_virt SET=target.kind=asic")
# every named config has a committed datasheet or a reason in the README; the check's planted faults
steps+=("datasheets-listed|verif/datasheets_listed.sh --selftest")

# Shared tools, built once before anything runs in parallel (two makes must never build one file).
# Ordering constraints: a step starts only after the steps named here have finished.
declare -A after
for c in $configs; do
	case $c in small_*_coalesce | small_hold) after[wave-$c]="cosim-$c" ;; esac
	# the datasheet's Power section reads the power check's report
	[ -n "${powered[$c]:-}" ] && after[synth-$c]="power-$c"
	after[fpga-$c]="synth-$c" after[datasheet-$c]="fpga-$c"
done
# the planted faults use the harnesses that their configs' co-simulations build
# (a set of blocks alone: the step that co-simulates them, blocks-<config file's name>)
after[mutation]=$(for f in cmodel/*/mutants.sh; do
	if grep -q '^# block: ' "$f"; then sed -n 's|^# config: \(.*/\)*\(.*\)\.ini$|blocks-\2|p' "$f"
	else sed -n 's/^# config: /cosim-/p' "$f"; fi; done | sort -u | tr '\n' ' ')

pass=0 fail=0 summary=()
t0=$(date +%s)
rm -f build/test/*.rc
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
	echo "$? $(($(date +%s) - t))" >"build/test/$name.tmp" && mv "build/test/$name.tmp" "build/test/$name.rc"
}
# show a finished background step's log and count it
report() { # name|cmd
	local name=${1%%|*} rc secs status
	echo "== $name: ${1#*|}"
	cat "build/test/$name.log"
	read -r rc secs <"build/test/$name.rc"
	if [ "$rc" = 0 ]; then status=PASS pass=$((pass + 1)); else status=FAIL fail=$((fail + 1)); fi
	summary+=("$(printf '%-4s %-22s %4ss' "$status" "$name" "$secs")")
	echo "== $name: $status in ${secs}s ($((++finished)) of $total done, $(($(date +%s) - t0)) s so far)"
}
# every step on stdin (name|cmd lines, most important first), TEST_JOBS (default 2) at a time: each
# free slot takes the first step whose predecessors (the array `after`) have finished; a log is
# shown as its step ends
schedule() {
	local -a todo running
	local s name d ready i j n busy
	mapfile -t todo
	total=${#todo[@]} finished=0
	while [ ${#todo[@]} -gt 0 ] || [ ${#running[@]} -gt 0 ]; do
		# collect the finished steps, in the order they were started
		for i in "${!running[@]}"; do
			name=${running[$i]%%|*}
			[ -f "build/test/$name.rc" ] || continue
			report "${running[$i]}"
			unset "running[$i]"
		done
		running=("${running[@]}")
		busy=${#running[@]}
		for i in "${!todo[@]}"; do
			[ "$busy" -lt "${TEST_JOBS:-2}" ] || break
			name=${todo[$i]%%|*} ready=1
			for d in ${after[$name]:-}; do [ -f "build/test/$d.rc" ] || ready=0; done
			[ $ready = 1 ] || continue
			bg "${todo[$i]}" &
			running+=("${todo[$i]}")
			unset "todo[$i]"
			busy=$((busy + 1))
		done
		todo=("${todo[@]}")
		if [ ${#running[@]} = 0 ] && [ ${#todo[@]} -gt 0 ]; then
			echo "test: steps wait for predecessors that never run: ${todo[*]%%|*}" >&2
			for s in "${todo[@]}"; do summary+=("$(printf 'FAIL %-22s never ran' "${s%%|*}")"); fail=$((fail + 1)); done
			return
		fi
		sleep 0.2
	done
}
for s in "${steps[@]:0:3}"; do run "$s"; done
# Then everything else, two at a time (a step's time follows its size, so the longest go first and
# the short ones fill the end): the power checks (long and on one core), the co-simulations of the
# configs whose planted faults run next and the blocks run alone, the planted faults, the linters
# and the other co-simulations (the largest generated RTL first), and the remaining steps in the
# order listed.
bysize() { # prefix: name|cmd lines on stdin, the largest generated/<config> first
	while IFS= read -r s; do n=${s%%|*}; echo "$(cat "generated/${n#"$1"}"/*.sv | wc -c) $s"; done |
		sort -k1,1nr | cut -d' ' -f2-
}
{
	for s in "${heavy[@]}"; do case $s in power-*) echo "$s" ;; esac; done
	for s in "${cosims[@]}"; do case " ${after[mutation]} " in *" ${s%%|*} "*) echo "$s" ;; esac; done | bysize cosim-
	for s in "${steps[@]:3}"; do case $s in blocks-*) echo "$s" ;; esac; done
	for s in "${heavy[@]}"; do case $s in power-*) ;; *) echo "$s" ;; esac; done
	printf '%s\n' "${lints[@]}" | bysize lint-
	for s in "${cosims[@]}"; do case " ${after[mutation]} " in *" ${s%%|*} "*) ;; *) echo "$s" ;; esac; done | bysize cosim-
	for s in "${steps[@]:3}"; do case $s in synth-* | fpga-*) echo "$s" ;; esac; done
	for s in "${steps[@]:3}"; do case $s in synth-* | fpga-* | blocks-*) ;; *) echo "$s" ;; esac; done
} > build/test/order
schedule < build/test/order
echo
echo "== summary ($(($(date +%s) - t0)) s)"
printf '%s\n' "${summary[@]}"
echo "test: $pass passed, $fail failed"
[ "$fail" = 0 ]
