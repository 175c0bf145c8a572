#!/usr/bin/env bash
# fpga/check_report_test.sh CONFIG - show that fpga/check_report.sh can fail: plant faults in
# copies of build/CONFIG/reports/fpga.csv (build/CONFIG/reports-mutants/fpga-<fault>.csv) and
# require the checker to reject every one, and to accept the real report.
set -uo pipefail
cfg=${1:?usage: fpga/check_report_test.sh CONFIG}
real=build/$cfg/reports/fpga.csv
dir=build/$cfg/reports-mutants
mkdir -p "$dir"
[ -f "$real" ] || { echo "check_report_test: no $real (make fpga CONFIG=$cfg)"; exit 2; }
fpga/check_report.sh "$cfg" "$real" >/dev/null || { echo "check_report_test: the real report fails"; exit 1; }

caught=0 missed=0
plant() { # name awk-program (edits the data rows of the CSV)
	local name=$1 prog=$2 out=$dir/fpga-$1.csv
	awk -F, -v OFS=, "$prog" "$real" >"$out"
	if cmp -s "$real" "$out"; then
		echo "check_report_test: $name changed nothing"; missed=$((missed + 1)); return
	fi
	if fpga/check_report.sh "$cfg" "$out" >"$out.log" 2>&1; then
		echo "check_report_test: $name NOT caught"; missed=$((missed + 1))
	else
		echo "check_report_test: $name caught: $(tail -1 "$out.log" | cut -c1-100)"; caught=$((caught + 1))
	fi
}
plant luts-zero 'NR > 1 && $2 == "wrapped" { $4 = 0 } { print }'
if awk -F, 'NR > 1 && $11 == "yes" { found = 1 } END { exit !found }' "$real"; then
	plant fmax-zero 'NR > 1 && $11 == "yes" { $10 = "0.00" } { print }'
else
	echo "check_report_test: fmax-zero n/a: nothing was placed ($cfg does not fit)"
fi
plant row-missing 'NR == 1 || $2 != "unwrapped" { print }'
plant dffs-lost 'NR > 1 && $2 == "wrapped" { $5 = 1 } { print }'
plant luts-halved 'NR > 1 && $2 == "wrapped" { $4 = int($4 / 2) } { print }'
plant not-a-number 'NR > 1 && $2 == "wrapped" { $4 = "many" } { print }'
plant empty 'NR == 1 { print }'
echo "check_report_test: $caught caught, $missed missed"
[ $missed = 0 ]
