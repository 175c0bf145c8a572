#!/usr/bin/env bash
# synth/check_reports.sh CONFIG [REPORT_DIR] - fail unless the ASIC reports of CONFIG are sane.
#
# Checks build/CONFIG/reports/{area,timing}.csv (or REPORT_DIR/...) written by synth/asic.sh:
# both parse, the header is the expected one, there is exactly one row per module of
# generated/CONFIG/files.f (in that order), every area is numeric, total area > 0 (exactly 0 cells
# and 0 area for the modules that are wiring only: rf_ti_convert, docs/coalescing.md), every
# critical path is numeric and > 0 and every slack is numeric (it may be negative: a failing
# timing run is reported, not hidden), every start and end point is an RTL name (a register
# bit's flip-flop, kbase_q[2]_reg, or a port), never a net name Yosys made up (_123_), and rf_top's
# storage arrays, if any, hold the register file's bits (generated/CONFIG/inventory.csv). REPORT_DIR lets the mutation check point it at a doctored
# copy (docs/flows.md). Exit 0 when sane, 1 with one line per problem otherwise.
set -euo pipefail

[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: synth/check_reports.sh CONFIG [REPORT_DIR]" >&2; exit 2; }
CONFIG=$1
RP=${2:-build/$CONFIG/reports}
FILES=${RF_GEN_DIR:-generated/$CONFIG}/files.f  # RF_GEN_DIR: a user config (Makefile)
[ -f "$FILES" ] || { echo "check_reports: no $FILES" >&2; exit 2; }

AREA_HDR="module,storage_kind,cells,flops,logic_area_um2,logic_nand2_eq,sram_instances,storage_bits,storage_flops,storage_area_um2,storage_nand2_eq,total_area_um2"
TIMING_HDR="module,critical_path_ns,critical_path_fo4,clock_ns,slack_ns,logic_levels,max_fanout,startpoint,endpoint"

modules=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' -e 's/\.sv$//' -e 's#.*/##' "$FILES" | paste -sd' ')

fail=0
for f in area timing; do
	[ -s "$RP/$f.csv" ] || { echo "check_reports: $RP/$f.csv missing or empty"; fail=1; }
done
[ $fail -eq 0 ] || exit 1

# area.csv: 12 plain fields; numbers in fields 3..12; total > 0 (0 and no cells for a block of wires
# only: the coalescing thread-interleave converter, the eDRAM wire shuffler); logic + storage = total
WIRING_ONLY="rf_ti_convert rf_wire_shuffle"
awk -F, -v hdr="$AREA_HDR" -v mods="$modules" -v wiring="$WIRING_ONLY" -v f="$RP/area.csv" '
	function num(x) { return x ~ /^-?[0-9]+(\.[0-9]+)?$/ }
	function bad(msg) { print "check_reports: " f ":" NR ": " msg; err = 1 }
	NR == 1 { if ($0 != hdr) bad("header is not: " hdr); next }
	{
		n++
		if (NF != 12) { bad(NF " fields, expected 12"); next }
		got[n] = $1
		for (i = 3; i <= 12; i++) if (!num($i)) bad("field " i " (" $i ") is not a number")
		if ((" " wiring " ") ~ (" " $1 " ")) {
			if ($3 + 0 != 0 || $12 + 0 != 0) bad($1 ": wiring only, but " $3 " cells, total area " $12)
		} else if ($12 + 0 <= 0) bad($1 ": total area " $12 " is not > 0")
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

# rf_top's storage arrays, when it has any, hold the whole register file and a technique's arrays
# (SRAM_ARRAY_MODULES: the renaming table's banks): its storage bits are the inventory's array rows
# of those modules (every instance counted through the hierarchy, not only one bank's)
INV=${RF_GEN_DIR:-generated/$CONFIG}/inventory.csv
if [ -f "$INV" ]; then
	# shellcheck source=synth/sram_model.sh
	. "$(dirname "$0")/sram_model.sh"
	rfbits=$(awk -f "$(dirname "$0")/csv2tsv.awk" "$INV" | awk -F'\t' -v mods=" $SRAM_ARRAY_MODULES " '
		$3 == "array" && index(mods, " " $2 " ") { s += $4 } END { print s + 0 }')
	awk -F, -v want="$rfbits" -v f="$RP/area.csv" '
		$1 == "rf_top" && $2 != "none" && $8 + 0 != want + 0 {
			print "check_reports: " f ":" NR ": rf_top: storage arrays of " $8 " bits, the inventory arrays hold " want \
				" (inventory.csv)"; bad = 1 }
		END { exit bad }' "$RP/area.csv" || fail=1
fi

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
		# a start or end point names an RTL register bit or a port, not a net Yosys made up (_123_)
		split(substr(line, RSTART + 1), pt, "\",\"")
		for (i = 1; i <= 2; i++) {
			sub(/^"/, "", pt[i]); sub(/"$/, "", pt[i])
			# and says what it is: "(rising edge-triggered flip-flop ...)", "(input port ...)"
			if (pt[i] !~ / \(.*\)$/)
				bad(a[1] ": " (i == 1 ? "startpoint" : "endpoint") " \"" pt[i] "\" lacks its kind in parentheses")
			sub(/ .*/, "", pt[i])
			if (pt[i] ~ /^_[0-9]+_$/ || pt[i] == "") bad(a[1] ": " (i == 1 ? "startpoint" : "endpoint") " \"" pt[i] "\" is not an RTL name")
		}
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

# overhead.csv (synth/overhead.sh): a config with a technique has the baseline row (100%), its own
# rf_top and every technique block it generates; each percentage is the area over the baseline's; each row's
# figures equal area.csv's and timing.csv's
OVH_HDR="item,module,area_um2,area_pct_of_baseline,critical_path_ns,critical_path_fo4"
techs=$(awk -F' *= *' '/^\[/ { sec = substr($0, 2, length($0) - 2) } $1 == "enable" && $2 == "on" { print sec }' \
	"${RF_GEN_DIR:-generated/$CONFIG}/config.ini" | paste -sd' ')
if [ ! -s "$RP/overhead.csv" ]; then
	echo "check_reports: $RP/overhead.csv missing or empty"; fail=1
else
	# every technique block the config generates (sub-features such as zero gating included)
	tblocks=$(synth/technique_blocks.sh "$FILES" | paste -sd' ')
	awk -F, -v hdr="$OVH_HDR" -v techs="$techs" -v tb="$tblocks" -v f="$RP/overhead.csv" -v ac="$RP/area.csv" -v tc="$RP/timing.csv" '
		function num(x) { return x ~ /^-?[0-9]+(\.[0-9]+)?$/ }
		function bad(msg) { print "check_reports: " f ":" FNR ": " msg; err = 1 }
		FILENAME == ac && FNR > 1 { area[$1] = $12; next }
		FILENAME == tc && FNR > 1 { split($0, t, ","); path[t[1]] = t[2]; next }
		FILENAME == ac || FILENAME == tc { next }
		FNR == 1 { if ($0 != hdr) bad("header is not: " hdr); next }
		{
			n++
			if (NF != 6) { bad(NF " fields, expected 6"); next }
			for (i = 3; i <= 6; i++) if (!num($i)) bad("field " i " (" $i ") is not a number")
			if (n == 1) {
				base = $3
				if ($1 != "baseline rf_top" || $4 != "100.0") bad("row 1 is not the baseline rf_top at 100.0%")
				if ($3 + 0 <= 0) bad("baseline area " $3 " is not > 0")
				next
			}
			seen[$2] = 1
			if (!($2 in area)) { bad($2 " is not in area.csv"); next }
			d = $3 - area[$2]; if (d < 0) d = -d
			if (d > 0.1) bad($2 ": area " $3 " differs from area.csv (" area[$2] ")")
			if ($5 != path[$2]) bad($2 ": critical path " $5 " differs from timing.csv (" path[$2] ")")
			p = 100 * $3 / base; d = p - $4; if (d < 0) d = -d
			if (d > 0.06) bad($2 ": " $4 "% is not area / baseline area (" p ")")
		}
		END {
			if (techs == "") { if (n) bad(n " rows for a config without techniques"); exit err }
			if (!seen["rf_top"]) bad("no row for rf_top with " techs)
			m = split(tb, want, " ")
			for (i = 1; i <= m; i++) if (!seen[want[i]]) bad("no row for technique block " want[i])
			exit err
		}' "$RP/area.csv" "$RP/timing.csv" "$RP/overhead.csv" || fail=1
fi

if [ $fail -ne 0 ]; then exit 1; fi
echo "check_reports: $RP: area.csv, timing.csv and overhead.csv sane ($(echo "$modules" | wc -w) modules${techs:+, techniques: $techs})"
