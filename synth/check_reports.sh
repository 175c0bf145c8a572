#!/usr/bin/env bash
# synth/check_reports.sh CONFIG [REPORT_DIR] - fail unless the ASIC reports of CONFIG are sane.
#
# Checks build/CONFIG/reports/{area,timing}.csv (or REPORT_DIR/...) written by synth/asic.sh:
# both parse, the header is the expected one, there is exactly one row per module of
# generated/CONFIG/files.f (in that order), every area is numeric, total area > 0, every
# critical path is numeric and > 0 and every slack is numeric (it may be negative: a failing
# timing run is reported, not hidden). REPORT_DIR lets the mutation check point it at a doctored
# copy (docs/flows.md). Exit 0 when sane, 1 with one line per problem otherwise.
set -euo pipefail

[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: synth/check_reports.sh CONFIG [REPORT_DIR]" >&2; exit 2; }
CONFIG=$1
RP=${2:-build/$CONFIG/reports}
FILES=generated/$CONFIG/files.f
[ -f "$FILES" ] || { echo "check_reports: no $FILES" >&2; exit 2; }

AREA_HDR="module,storage_kind,cells,flops,logic_area_um2,logic_nand2_eq,sram_instances,storage_bits,storage_flops,storage_area_um2,storage_nand2_eq,total_area_um2"
TIMING_HDR="module,critical_path_ns,critical_path_fo4,clock_ns,slack_ns,logic_levels,max_fanout,startpoint,endpoint"

modules=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' -e 's/\.sv$//' -e 's#.*/##' "$FILES" | paste -sd' ')

fail=0
for f in area timing; do
	[ -s "$RP/$f.csv" ] || { echo "check_reports: $RP/$f.csv missing or empty"; fail=1; }
done
[ $fail -eq 0 ] || exit 1

# area.csv: 12 plain fields; numbers in fields 3..12; total > 0; logic + storage = total
awk -F, -v hdr="$AREA_HDR" -v mods="$modules" -v f="$RP/area.csv" '
	function num(x) { return x ~ /^-?[0-9]+(\.[0-9]+)?$/ }
	function bad(msg) { print "check_reports: " f ":" NR ": " msg; err = 1 }
	NR == 1 { if ($0 != hdr) bad("header is not: " hdr); next }
	{
		n++
		if (NF != 12) { bad(NF " fields, expected 12"); next }
		got[n] = $1
		for (i = 3; i <= 12; i++) if (!num($i)) bad("field " i " (" $i ") is not a number")
		if ($12 + 0 <= 0) bad($1 ": total area " $12 " is not > 0")
		if ($5 + 0 < 0 || $10 + 0 < 0) bad($1 ": negative area")
		d = $5 + $10 - $12; if (d < 0) d = -d
		if (d > 1) bad($1 ": logic + storage area != total")
		if ($2 != "flops" && $2 != "sram_model" && $2 != "none") bad($1 ": storage_kind " $2)
	}
	END {
		m = split(mods, want, " ")
		if (n != m) bad(n + 0 " module rows, expected " m " (" mods ")")
		for (i = 1; i <= m && i <= n; i++) if (got[i] != want[i]) bad("row " i " is " got[i] ", expected " want[i])
		exit err
	}' "$RP/area.csv" || fail=1

# timing.csv: startpoint/endpoint are quoted and may hold spaces, never commas
awk -v hdr="$TIMING_HDR" -v mods="$modules" -v f="$RP/timing.csv" '
	function num(x) { return x ~ /^-?[0-9]+(\.[0-9]+)?$/ }
	function bad(msg) { print "check_reports: " f ":" NR ": " msg; err = 1 }
	NR == 1 { if ($0 != hdr) bad("header is not: " hdr); next }
	{
		n++
		line = $0
		if (!match(line, /,"[^"]*","[^"]*"$/)) { bad("startpoint/endpoint not two quoted fields"); next }
		k = split(substr(line, 1, RSTART - 1), a, ",")
		if (k != 7) { bad(k + 2 " fields, expected 9"); next }
		got[n] = a[1]
		for (i = 2; i <= 7; i++) if (!num(a[i])) bad("field " i " (" a[i] ") is not a number")
		if (a[2] + 0 <= 0) bad(a[1] ": critical path " a[2] " ns is not > 0")
		if (a[4] + 0 <= 0) bad(a[1] ": clock " a[4] " ns is not > 0")
		d = a[4] - a[2] - a[5]; if (d < 0) d = -d
		# slack = clock - path - setup: the difference is a setup time, well under 1 ns here
		if (d > 1) bad(a[1] ": slack " a[5] " far from clock - critical path")
	}
	END {
		m = split(mods, want, " ")
		if (n != m) bad(n + 0 " module rows, expected " m " (" mods ")")
		for (i = 1; i <= m && i <= n; i++) if (got[i] != want[i]) bad("row " i " is " got[i] ", expected " want[i])
		exit err
	}' "$RP/timing.csv" || fail=1

if [ $fail -ne 0 ]; then exit 1; fi
echo "check_reports: $RP: area.csv and timing.csv sane ($(echo "$modules" | wc -w) modules)"
