#!/usr/bin/env bash
# synth/overhead.sh CONFIG - area and timing of CONFIG's register-file techniques against the same
# register file without them. Run after synth/asic.sh CONFIG (make synth does both).
#
# The baseline twin is generated from CONFIG's resolved config with every technique section
# switched off (rtl_gen -s <section>.enable=off), into build/CONFIG/baseline/generated, and its
# rf_top goes through the same flow (synth/asic.sh with RF_GEN_DIR, RF_OUT_DIR, RF_ONLY=rf_top).
# Writes build/CONFIG/reports/overhead.csv:
#   item,module,area_um2,area_pct_of_baseline,critical_path_ns,critical_path_fo4
# with one row for the baseline rf_top, one for CONFIG's rf_top and one per technique block it
# generates, sub-features such as zero gating included (percentages of the baseline rf_top's
# total area). A config without techniques gets the header
# only.
set -euo pipefail
cfg=${1:?usage: synth/overhead.sh CONFIG}
gen=${RF_GEN_DIR:-generated/$cfg}  # RF_GEN_DIR: a user config (Makefile)
rp=build/$cfg/reports
base=build/$cfg/baseline
for f in "$gen/config.ini" "$rp/area.csv" "$rp/timing.csv"; do
	[ -f "$f" ] || { echo "overhead: no $f (run: make synth CONFIG=$cfg)" >&2; exit 2; }
done
out=$rp/overhead.csv
header="item,module,area_um2,area_pct_of_baseline,critical_path_ns,critical_path_fo4"
# technique sections enabled in the resolved config, and their blocks (cmodel/<technique>/blocks.def)
techs=$(awk -F' *= *' '/^\[/ { sec = substr($0, 2, length($0) - 2) } $1 == "enable" && $2 == "on" { print sec }' \
	"$gen/config.ini")
if [ -z "$techs" ]; then
	echo "$header" > "$out"
	echo "overhead: $cfg enables no technique"
	exit 0
fi
sets=()
for t in $techs; do
	sets+=(-s "$t.enable=off")
done
# every technique block the config generates, sub-features such as zero gating included
mapfile -t blocks < <(synth/technique_blocks.sh "$gen/files.f")
rm -rf "$base"
mkdir -p "$base"
build/bin/rtl_gen -c "$gen/config.ini" "${sets[@]}" -o "$base/generated" > "$base/rtl_gen.log" 2>&1 \
	|| { cat "$base/rtl_gen.log" >&2; exit 1; }
echo "overhead: $cfg: synthesizing the baseline twin's rf_top (${techs//$'\n'/ } off)"
RF_GEN_DIR=$base/generated RF_OUT_DIR=$base RF_ONLY=rf_top synth/asic.sh "$cfg" > "$base/asic.log" 2>&1 \
	|| { tail -20 "$base/asic.log" >&2; exit 1; }

# row ITEM MODULE AREA_CSV TIMING_CSV BASE_AREA
row() {
	local a t
	a=$(awk -F, -v m="$2" '$1 == m { print $12 }' "$3")
	t=$(awk -F, -v m="$2" '$1 == m { print $2 "," $3 }' "$4")
	[ -n "$a" ] && [ -n "$t" ] || { echo "overhead: no $2 in $3 or $4" >&2; exit 1; }
	awk -v i="$1" -v m="$2" -v a="$a" -v b="$5" -v t="$t" 'BEGIN { printf "%s,%s,%.1f,%.1f,%s\n", i, m, a, 100 * a / b, t }'
}
b_area=$(awk -F, '$1 == "rf_top" { print $12 }' "$base/reports/area.csv")
{
	echo "$header"
	row "baseline rf_top" rf_top "$base/reports/area.csv" "$base/reports/timing.csv" "$b_area"
	row "rf_top with ${techs//$'\n'/ + }" rf_top "$rp/area.csv" "$rp/timing.csv" "$b_area"
	for b in "${blocks[@]}"; do row "$b" "$b" "$rp/area.csv" "$rp/timing.csv" "$b_area"; done
} > "$out.tmp"
mv "$out.tmp" "$out"
echo "overhead: $out"
column -s, -t "$out"
