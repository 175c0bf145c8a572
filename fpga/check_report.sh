#!/usr/bin/env bash
# check_report.sh CONFIG [CSV] - fail unless the FPGA report of CONFIG (default
# build/CONFIG/reports/fpga.csv, written by fpga/run.sh) parses and holds sane values:
#   - the exact header, one "wrapped" row (top rf_fpga_top) and one "unwrapped" row (top rf_top),
#     both for CONFIG;
#   - counts are non-negative integers, LUTs > 0, flip-flops > 0;
#   - placed and fits are yes/no; a placed design has logic_cells > 0 and fmax_mhz > 0, was within
#     the UP5K (LUTs, logic cells <= 5280, BRAM <= 30, SPRAM <= 4) and fits; an unplaced one has
#     neither logic_cells nor fmax_mhz;
#   - logic preservation: the wrapped design has at least the unwrapped DFFs, BRAM and SPRAM, and at
#     least 85% of its LUTs (LUT mapping is not monotonic).
# Exit status: 0 sane, 1 not, 2 usage.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: fpga/check_report.sh CONFIG [CSV]" >&2
	exit 2
fi
cfg=$1
csv=${2:-build/$cfg/reports/fpga.csv}
[ -f "$csv" ] || { echo "check_report: $csv: missing (run fpga/run.sh $cfg)" >&2; exit 1; }

awk -F, -v cfg="$cfg" -v file="$csv" '
function bad(msg) { printf "check_report: %s:%d: %s\n", file, NR, msg > "/dev/stderr"; err = 1 }
function uint(v) { return v ~ /^[0-9]+$/ }
function pos(v) { return v ~ /^[0-9]+(\.[0-9]+)?$/ && v + 0 > 0 }
NR == 1 {
	if ($0 != "config,design,top,luts,dffs,carries,bram,spram,logic_cells,fmax_mhz,placed,fits")
		bad("unexpected header: " $0)
	next
}
{
	if (NF != 12) { bad("expected 12 fields, got " NF); next }
	if ($1 != cfg) bad("config " $1 ", expected " cfg)
	d = $2
	if (d == "wrapped" && $3 != "rf_fpga_top" || d == "unwrapped" && $3 != "rf_top")
		bad("design " d " with top " $3)
	else if (d != "wrapped" && d != "unwrapped")
		bad("unknown design " d)
	if (seen[d]++) bad("second row for " d)
	for (i = 4; i <= 8; i++)
		if (!uint($i)) bad("field " i " (" $i ") is not a count")
	if (!($4 > 0)) bad(d ": no LUTs")
	if (!($5 > 0)) bad(d ": no flip-flops")
	if ($11 != "yes" && $11 != "no") bad(d ": placed is " $11 ", not yes/no")
	if ($12 != "yes" && $12 != "no") bad(d ": fits is " $12 ", not yes/no")
	if ($11 == "yes") {
		if (!uint($9) || !($9 > 0)) bad(d ": placed, but logic_cells is " $9)
		if (!pos($10)) bad(d ": placed, but fmax_mhz is " $10)
		if ($12 != "yes") bad(d ": placed, but fits is " $12)
		if ($4 > 5280 || $9 > 5280 || $7 > 30 || $8 > 4) bad(d ": placed, but exceeds the UP5K")
	} else if ($9 != "" || $10 != "")
		bad(d ": not placed, but logic_cells/fmax_mhz are set")
	if ($12 == "yes" && ($4 > 5280 || $5 > 5280 || $7 > 30 || $8 > 4)) bad(d ": fits, but exceeds the UP5K")
	for (i = 4; i <= 8; i++) v[d, i] = $i
}
END {
	if (NR < 1) bad("empty")
	if (!seen["wrapped"]) bad("no wrapped row")
	if (!seen["unwrapped"]) bad("no unwrapped row")
	if (seen["wrapped"] && seen["unwrapped"])
		for (i = 4; i <= 8; i++)
			if (i != 6 && (i == 4 ? 20 * v["wrapped", i] < 17 * v["unwrapped", i] : v["wrapped", i] + 0 < v["unwrapped", i] + 0))
				bad("wrapped field " i " (" v["wrapped", i] ") < unwrapped (" v["unwrapped", i] "): the wrapper lost logic")
	exit err
}' "$csv" || exit 1
echo "check_report: $csv: sane"
