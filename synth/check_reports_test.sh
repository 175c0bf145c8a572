#!/usr/bin/env bash
# synth/check_reports_test.sh CONFIG - show that synth/check_reports.sh catches planted faults.
#
# Copies build/CONFIG/reports to a scratch folder, checks the clean copy passes, then plants one
# fault at a time (each in a fresh copy) and requires the checker to fail on every one.
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: synth/check_reports_test.sh CONFIG" >&2; exit 2; }
CONFIG=$1
SRC=build/$CONFIG/reports
[ -f "$SRC/area.csv" ] && [ -f "$SRC/timing.csv" ] || { echo "check_reports_test: run synth/asic.sh $CONFIG first" >&2; exit 2; }
WORK=build/$CONFIG/reports-mutants
rm -rf "$WORK"
mkdir -p "$WORK"

synth/check_reports.sh "$CONFIG" "$SRC" > /dev/null || { echo "check_reports_test: the real reports fail"; exit 1; }

# name | file | sed script applied to that file (line 1 is the header)
faults=(
	'area-zero|area.csv|2s/,[^,]*$/,0.0/'
	'area-text|area.csv|3s/^\([^,]*,[^,]*,[^,]*,[^,]*\),[^,]*/\1,nan/'
	'area-row-missing|area.csv|4d'
	'area-row-duplicate|area.csv|2p'
	'area-header|area.csv|1s/total_area_um2/total/'
	'timing-slack-text|timing.csv|2s/^\(\([^,]*,\)\{4\}\)[^,]*/\1n\/a/'
	'timing-path-zero|timing.csv|3s/^\([^,]*\),[^,]*/\1,0.000/'
	'timing-row-missing|timing.csv|2d'
	'timing-empty|timing.csv|2,$d'
	'timing-private-name|timing.csv|2s/,"[^" ]*/,"_1234_/'
	'timing-point-no-kind|timing.csv|$s/ ([^)]*)"$/"/'
	'overhead-header|overhead.csv|1s/item/name/'
)
# a config with a wiring-only module: it must show no cells
if grep -q '^rf_ti_convert,' "$SRC/area.csv"; then
	faults+=('wiring-module-has-cells|area.csv|/^rf_ti_convert,/s/^\([^,]*,[^,]*\),0,/\1,3,/')
fi
# a config with a technique: its overhead rows must agree with the area and the baseline
if [ "$(wc -l < "$SRC/overhead.csv")" -gt 1 ]; then
	faults+=(
		'overhead-pct-wrong|overhead.csv|3s/,[0-9.]*,\([0-9.]*,[0-9.]*\)$/,1.0,\1/'
		'overhead-block-missing|overhead.csv|$d'
		'overhead-area-differs|overhead.csv|2s/^\([^,]*,[^,]*\),[0-9]*/\1,1/'
	)
else
	faults+=('overhead-row-without-technique|overhead.csv|1p')
fi
# rf_top with storage arrays: they must hold the whole register file (not one bank's arrays)
if grep -q '^rf_top,\(flops\|sram_model\),' "$SRC/area.csv"; then
	faults+=('top-storage-short|area.csv|/^rf_top,/s/^\(\([^,]*,\)\{7\}\)[0-9]*,/\11,/')
fi
fail=0
for f in "${faults[@]}"; do
	IFS='|' read -r name file prog <<< "$f"
	d=$WORK/$name
	cp -r "$SRC" "$d"
	sed -e "$prog" "$SRC/$file" > "$d/$file"
	if cmp -s "$SRC/$file" "$d/$file"; then echo "check_reports_test: $name planted nothing"; fail=1; continue; fi
	if synth/check_reports.sh "$CONFIG" "$d" > "$d/check.log" 2>&1; then
		echo "check_reports_test: $name NOT caught"; fail=1
	else
		echo "check_reports_test: $name caught: $(head -1 "$d/check.log")"
	fi
done
[ $fail -eq 0 ] && echo "check_reports_test: all ${#faults[@]} planted faults caught"
exit $fail
