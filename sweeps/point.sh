#!/usr/bin/env bash
# point.sh OUT ID - run one point of a planned sweep (docs/sweeps.md, "Runners"): the flows of
# OUT/settings.sh on the base configuration with the point's overrides, through the Makefile's
# user-configuration path (CONFIG=<base .ini> SET="<overrides>": RTL and flow outputs under
# build/<base>-<hash>/). Writes OUT/points/ID/{spec,figures,time,reason,point.log}, then status
# (done or failed) last. The flows stop at the first failure; the reason names the flow, the
# first telling line and its log. Both runners call it (the local one in parallel, Slurm as one
# array task). Run from the repository root.
#   SWEEP_PLANT=ID:FAULT   co-simulate point ID with the model's planted fault FAULT (+mutate;
#                          cmodel/*/faults.def): make sweep-check's check that a failing point is
#                          recorded and the others finish
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
. sweeps/lib.sh
out=$1 id=$2
sw_load "$out"
set_=$(sw_set "$out" "$id")
d=$out/points/$id
[ -n "$set_" ] || { echo "point: $id is not a point of $out/plan.tsv" >&2; exit 2; }
mkdir -p "$d"
rm -f "$d/status" "$d/reason" "$d/figures" "$d/time" "$d"/*.out
log=$d/point.log
start=$(date +%s)
cfg=$(basename "$SW_BASE_INI" .ini)-$(printf '%s' "$set_" | sha1sum | cut -c1-8)
gen=build/$cfg/generated
unset MAKEFLAGS MAKELEVEL MFLAGS
exec 3>&1 >"$log" 2>&1
echo "point $id: $set_ ($cfg): flows $SW_FLOWS"

# finish STATUS [REASON]: the point's last files, status last
finish() {
	[ -n "${2:-}" ] && printf '%s\n' "$2" >"$d/reason"
	echo "$(($(date +%s) - start)) $(hostname -s)" >"$d/time"
	sw_spec "$out" "$id" >"$d/spec"
	echo "$1" >"$d/status.tmp" && mv "$d/status.tmp" "$d/status"
	echo "point $id: $1${2:+: $2}"
	exit 0
}

# mk TARGET...: make on the point's configuration; on failure the point fails with its reason
mk() {
	local flow=$1
	shift
	echo "== $flow: make $* CONFIG=$SW_BASE_INI SET=\"$set_\""
	make --no-print-directory CONFIG="$SW_BASE_INI" SET="$set_" "$@" 2>&1 | tee "$d/$flow.out"
	local rc=${PIPESTATUS[0]}
	[ $rc = 0 ] && return 0
	local why
	why=$(grep -m1 -iE 'error|fail|mismatch|warning' "$d/$flow.out" | cut -c1-300)
	finish failed "$flow: make $* exited $rc: ${why:-see the log} (log points/$id/point.log)"
}

fig() { echo "$1,$2" >>"$d/figures"; }

# ---- the flows ---------------------------------------------------------------------------------
has() { [[ " $SW_FLOWS " == *" $1 "* ]]; }

mk gen "$gen/files.f"
fig storage_bits "$(awk -F, 'NR > 1 { s += $4 } END { print s }' "$gen/inventory.csv")"

has lint && mk lint lint

if has cosim; then
	mods=$SW_MODULES
	[ "$mods" = all ] && mods=$(sed 's/\.sv$//' "$gen/files.f" | xargs -n1 basename | tr '\n' ' ')
	mk cosim cosim-build MODULES="$mods"
	plant=${SWEEP_PLANT:-}
	for m in $mods; do
		for s in $SW_SEEDS; do
			l=build/$cfg/logs/cosim-$m-seed$s.log args=(+config="$gen/config.ini" +seed="$s" +cycles="$SW_CYCLES")
			[ "$SW_COVERAGE" = 1 ] && args+=(+covfail)
			[ "$m" = rf_top ] && args+=(+counters="build/$cfg/logs/cosim-$m-seed$s-counters.csv")
			[ "${plant%%:*}" = "$id" ] && args+=(+mutate="${plant#*:}")
			build/"$cfg"/cosim/"$m"/Vcosim "${args[@]}" >"$l" 2>&1
			rc=$?
			if [ $rc = 0 ]; then
				echo "PASS cosim $m $cfg seed $s $SW_CYCLES cycles"
			else
				why=$(grep -m1 -E "MISMATCH|CHECK|golden|recount|never hit|FAILED|error" "$l" | cut -c1-300)
				finish failed "cosim: $m seed $s: ${why:-exit $rc} (log $l)"
			fi
		done
	done
	if [[ " $mods " == *" rf_top "* ]]; then
		for f in reads_per_cycle denied_per_read stalls_per_dispatch dispatches_per_cycle; do
			fig "$f" "$(for s in $SW_SEEDS; do cat "build/$cfg/logs/cosim-rf_top-seed$s-counters.csv"; done |
				awk -F, -v k="$f" '$1 == k { s += $2; n++ } END { if (n) printf "%.6f", s / n }')"
		done
	fi
fi

if has synth; then
	mk synth synth
	r=build/$cfg/reports
	fig rf_top_area_um2 "$(awk -F, '$1 == "rf_top" { print $12 }' "$r/area.csv")"
	fig rf_top_cells "$(awk -F, '$1 == "rf_top" { print $3 }' "$r/area.csv")"
	fig critical_path_ns "$(awk -F, '$1 == "rf_top" { print $2 }' "$r/timing.csv")"
	fig critical_path_fo4 "$(awk -F, '$1 == "rf_top" { print $3 }' "$r/timing.csv")"
	# overhead.csv: row 2 is the baseline rf_top, row 3 rf_top with the technique (none: baseline)
	fig overhead_area_pct "$(awk -F, 'NR == 3 { printf "%.1f", $4 - 100 }' "$r/overhead.csv")"
	fig overhead_delay_pct "$(awk -F, 'NR == 2 { b = $5 } NR == 3 && b > 0 { printf "%.1f", ($5 / b - 1) * 100 }' \
		"$r/overhead.csv")"
fi

if has power; then
	mk power power
	for k in total_uW:total_power_uW energy_pJ_per_cycle:energy_pJ_per_cycle \
		energy_pJ_per_dispatch:energy_pJ_per_dispatch; do
		fig "${k#*:}" "$(sed -n "s/^${k%%:*}=//p" "build/$cfg/reports/power.txt" | head -n 1)"
	done
fi

if has fpga; then
	mk fpga fpga
	r=build/$cfg/reports/fpga.csv
	fig fpga_luts "$(awk -F, '$2 == "wrapped" { print $4 }' "$r")"
	fig fpga_dffs "$(awk -F, '$2 == "wrapped" { print $5 }' "$r")"
	fig fpga_bram "$(awk -F, '$2 == "wrapped" { print $7 }' "$r")"
	fig fpga_fmax_MHz "$(awk -F, '$2 == "wrapped" { print $10 }' "$r")"
fi
finish "done"
