#!/usr/bin/env bash
# run.sh CONFIG [SET] - show that the checkers can fail. SET is base (the baseline register file's
# faults, default) or regmutex (RegMutex's faults; CONFIG must enable [regmutex]).
#   1. faults planted in the model (+mutate=N): the lock-step comparison catches each;
#   2. the same faults with +model-only: the model's golden checker alone catches them;
#   3. faults planted in a copy of the generated RTL (generated/ is untouched): the comparison
#      catches each.
# A mutant that survives fails this script. The unmutated design must pass (make cosim).
set -uo pipefail
cfg=${1:-small}
set=${2:-base}
b=build/$cfg
logs=$b/logs
mkdir -p "$logs"
caught=0 missed=0
harness=$b/cosim/rf_top/Vcosim
args=(+config=generated/$cfg/config.ini +seed=1 +cycles=20000 +quiet)

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

if [ "$set" = base ]; then
	# 1 and 2: model faults (cmodel/top.c, cmodel/arbiter.c: m->mutate)
	expect_fail model-arbiter-ignores-writes MISMATCH "$harness" "${args[@]}" +mutate=1
	expect_fail model-xbar-wrong-source MISMATCH "$harness" "${args[@]}" +mutate=2
	expect_fail model-bank-ignores-lane-mask MISMATCH "$harness" "${args[@]}" +mutate=3
	expect_fail golden-xbar-wrong-source "rf_top golden" "$harness" "${args[@]}" +mutate=2 +model-only
	expect_fail golden-bank-ignores-lane-mask "rf_top golden" "$harness" "${args[@]}" +mutate=3 +model-only
elif [ "$set" = virtualization ]; then
	# virtualization model faults (cmodel/virt.c rfm_fb_comb, rfm_rt_comb)
	expect_fail model-vt-allocation-skips-an-id MISMATCH "$harness" "${args[@]}" +mutate=7
	expect_fail model-vt-no-table-bank-conflicts MISMATCH "$harness" "${args[@]}" +mutate=8
	expect_fail model-vt-release-keeps-mapping "rf_top invariant" "$harness" "${args[@]}" +mutate=9
	expect_fail model-vt-lookup-misses-new-mapping "rf_top golden" "$harness" "${args[@]}" +mutate=10  # the golden checker fires first
	expect_fail invariant-vt-release-keeps-mapping "rf_top invariant" "$harness" "${args[@]}" +mutate=9 +model-only
	expect_fail golden-vt-lookup-misses-new-mapping "rf_top golden" "$harness" "${args[@]}" +mutate=10 +model-only
else
	# RegMutex model faults (cmodel/regmutex.c rfm_srp_comb)
	expect_fail model-srp-highest-free-section MISMATCH "$harness" "${args[@]}" +mutate=4
	expect_fail model-srp-release-leaks "rf_top invariant" "$harness" "${args[@]}" +mutate=5  # the checker fires before any port differs
	expect_fail model-srp-ports-share-section MISMATCH "$harness" "${args[@]}" +mutate=6
	expect_fail invariant-srp-release-leaks "rf_top invariant" "$harness" "${args[@]}" +mutate=5 +model-only
	expect_fail invariant-srp-ports-share-section "rf_top invariant" "$harness" "${args[@]}" +mutate=6 +model-only
fi

# 3: RTL faults, each in its own copy of generated/$cfg
rtl_mutant() { # name file sed-expression [pattern [verilator flags]]: pattern defaults to MISMATCH
	local name=$1 file=$2 expr=$3 pat=${4:-MISMATCH} vflags=${5:-} dir=$b/mutants/$1
	rm -rf "$dir" && mkdir -p "$dir" && cp -r generated/$cfg/. "$dir/"
	sed -i "$expr" "$dir/$file"
	if cmp -s "generated/$cfg/$file" "$dir/$file"; then
		echo "MISSED mutant $name: the edit changed nothing (stale pattern)"; missed=$((missed + 1)); return
	fi
	# shellcheck disable=SC2086
	if ! verilator --cc --exe --build -j 2 -O1 --x-assign 0 --x-initial 0 -Wno-fatal $vflags --top-module rf_top \
		-F "$PWD/$dir/files.f" \
		-CFLAGS "-O1 -I$PWD/cmodel -I$PWD/verif/cosim -include $PWD/$dir/cosim/rf_top_glue.h" \
		-LDFLAGS "$PWD/build/lib/librfm.a -linih" --Mdir "$dir/obj" -o Vcosim "$PWD/verif/cosim/harness.cpp" \
		>"$logs/mutation-$name-build.log" 2>&1; then
		echo "MISSED mutant $name: did not build (log $logs/mutation-$name-build.log)"; missed=$((missed + 1)); return
	fi
	if [ "$pat" = MISMATCH ]; then
		expect_fail "$name" MISMATCH "$dir/obj/Vcosim" "${args[@]}"
	else # the RTL's own assertions, with the comparison off: the model never sees the fault
		expect_fail "$name" "$pat" "$dir/obj/Vcosim" "${args[@]}" +rtl-only
	fi
}
if [ "$set" = base ]; then
	rtl_mutant rtl-write-does-not-block-read rf_bank_arbiter.sv 's/assign b0_p0_cand = req & ~blk & b0_mine;/assign b0_p0_cand = req \& b0_mine;/'
	rtl_mutant rtl-lane-mask-ignored rf_sram.sv 's/if (w0_mask_i\[1\])/if (1'"'"'b1)/'
	rtl_mutant rtl-dispatch-pointer-stuck rf_collector.sv 's/dptr_q <= dptr_d;/dptr_q <= dptr_q;/'
elif [ "$set" = virtualization ]; then
	rtl_mutant rtl-vt-lookup-without-bypass rf_rename_table.sv "0,/l0_byp = 1'b1;/s//l0_byp = 1'b0;/"
	rtl_mutant rtl-vt-invalidation-ignored rf_rename_table.sv "s/if (i0_eff) valid_d\[i0_ix\] = 1'b0;/if (1'b0) valid_d[i0_ix] = 1'b0;/"
	rtl_mutant rtl-vt-release-not-freed rf_free_bitmap.sv "s/if (r0_free) occ_d\[r0_pid_i\] = 1'b0;/if (1'b0) occ_d[r0_pid_i] = 1'b0;/"
	rtl_mutant rtl-vt-walker-stuck rf_top.sv "s/wk_cnt_d = wk_next;/wk_cnt_d = wk_cnt_q;/"
	# the optional assertion build (RFM_ASSERTIONS) catches a leak in the RTL alone
	rtl_mutant assert-vt-release-not-freed rf_free_bitmap.sv "s/if (r0_free) occ_d\[r0_pid_i\] = 1'b0;/if (1'b0) occ_d[r0_pid_i] = 1'b0;/" \
		"rf_top invariant 3" "+define+RFM_ASSERTIONS --assert"
else
	# the paper's literal Y = X + B with B = SRP_offset + LUT x Es: extended registers overrun the section
	rtl_mutant rtl-srp-offset-without-minus-bs rf_srp_xlate.sv 's/+ (x0_r - bs_x)/+ x0_r/'
	rtl_mutant rtl-srp-release-keeps-section rf_srp_ctrl.sv "s/mk\\[req0_cur\\] = 1'b0;/mk[req0_cur] = 1'b1;/"
	rtl_mutant rtl-srp-port1-ignores-port0-grant rf_srp_ctrl.sv '0,/taken\[f\] = 1'"'"'b1;/s//taken[f] = 1'"'"'b0;/'
	rtl_mutant assert-srp-port1-ignores-port0-grant rf_srp_ctrl.sv '0,/taken\[f\] = 1'"'"'b1;/s//taken[f] = 1'"'"'b0;/' \
		"rf_srp_ctrl invariant 1" "+define+RFM_ASSERTIONS --assert"
fi

echo "mutation: $caught caught, $missed missed"
echo "$caught passed, $missed failed"
[ $missed = 0 ]
