#!/usr/bin/env bash
# synth/check_power.sh CONFIG - the power flow on CONFIG gives sane figures that follow activity.
#
# Runs synth/power.sh three times on one netlist (same seed): 1/8 and 8/8 of a write-back per port
# and cycle, then the co-simulation's write-back rate (the report that stays in
# build/CONFIG/reports/; the only run that also simulates a technique config's baseline twin, so
# the lo and hi runs take POWER_NO_TWIN). Each report must be sane (check_report below), and the
# busy run must cost more: more write-backs done, more energy per cycle in the storage (module
# names ending in "bank"), and in all of rf_top when it read no less. Then planted faults in copies
# of the reports (a total that is not the sum, a module with no power, an energy that does not
# follow the clock, a busy run that costs no more, SRAM macros without their energy) must each be
# refused. A technique config's reports also carry its baseline twin's energies; a config whose
# arrays are SRAM macros, the macros' accesses and energy, per kind (synth/sram_model.sh).
# Run from the repository root; exit 1 on any failure.
set -uo pipefail
[ $# -eq 1 ] || { echo "usage: synth/check_power.sh CONFIG" >&2; exit 2; }
CONFIG=$1
OUT=${RF_OUT_DIR:-build/$CONFIG}
RP=$OUT/reports
WK=$OUT/power/check
mkdir -p "$WK"
fail=0

# check_report CSV TXT: 0 when sane, else 1 with the reasons on stdout.
check_report() {
	awk -F, -v txt="$2" '
		BEGIN {
			while ((getline l < txt) > 0) { split(l, kv, "="); t[kv[1]] = kv[2] }
			bad = 0
		}
		function no(msg) { print "  " msg; bad = 1 }
		function near(a, b) { return (a - b) ^ 2 <= 1e-4 + (b * 1e-4) ^ 2 }
		NR == 1 { next }
		$1 == "all" { all_c = $3; all_i = $5; all_s = $6; all_l = $7; all_t = $8; all_e = $9; all_m = $10; all_a = $11; all_md = $12; next }
		{
			n++; c += $3; si += $5; ss += $6; sl += $7; st += $8; sm += $10; sa += $11; smd += $12
			if ($3 < 1) no($1 ": no cells")
			if ($5 <= 0 || $6 <= 0 || $7 <= 0) no($1 ": internal, switching and leakage must all be above 0")
			if ($8 < $5 + $6 + $12 || $8 > $5 + $6 + $12 + ($7 + $13) / 1000 + 0.01)
				no($1 ": total is not internal + switching + leakage + the macros'"'"'")
			if (!near($9, $8 * t["clock_ns"] / 1000)) no($1 ": energy per cycle is not power x clock")
			# a macro row: its accesses at its macro module'"'"'s energy per access, and its leakage
			if ($10 > 0 && !(("sram_pJ_per_access_" $14) in t)) no($1 ": macros of " $14 ", which power.txt does not list")
			else if ($10 > 0 && ($11 <= 0 || !near($12, $11 * t["sram_pJ_per_access_" $14] / (t["cycles"] * t["clock_ns"]) * 1000) ||
					!near($13, $10 * t["sram_leakage_nW_per_macro_" $14])))
				no($1 ": " $10 " SRAM macros: " $11 " accesses do not give " $12 " uW and " $13 " nW")
			if ($10 == 0 && ($11 != 0 || $12 != 0 || $13 != 0)) no($1 ": macro power without a macro")
		}
		END {
			if (n < 2) no("fewer than two module instances")
			if (all_c != c) no("all: " all_c " cells, the rows hold " c)
			if (!near(all_t, st) || !near(all_i, si) || !near(all_s, ss) || !near(all_md, smd))
				no("all: its power is not the sum of the rows")
			if (all_m != sm || all_a != sa) no("all: its macros or macro accesses are not the sum of the rows")
			if (t["sram_macros"] + 0 != all_m + 0) no("power.txt sram_macros differs from the csv")
			nk = split(t["sram_kinds"], kl, " "); km = 0
			for (i = 1; i <= nk; i++) km += t["sram_macros_" kl[i]]
			if (km != all_m + 0) no("power.txt: the macros of each kind do not add up to sram_macros")
			if (all_m > 0 && (t["sram_reads"] <= 0 || t["sram_writes"] <= 0 || t["sram_reads"] + t["sram_writes"] != all_a))
				no("SRAM macros without reads and writes, or not the csv'"'"'s accesses")
			if ((t["total_uW"] - all_t) ^ 2 > 1e-4) no("power.txt total_uW differs from the csv")
			if (t["unannotated_outputs"] != 0) no(t["unannotated_outputs"] " cell outputs without simulated activity")
			if (t["cycles"] < 100) no("fewer than 100 cycles of activity")
			if (t["dispatches"] <= 0 || t["reads"] <= 0 || t["writes_done"] <= 0) no("no reads, writes or dispatches")
			if (t["leakage_nW"] / 1000 > all_t / 10) no("leakage above 10% of the total: not a switching design at this clock")
			if ("twin" in t && !(t["vs_twin_energy_pJ_per_dispatch"] > 0 && t["twin_energy_pJ_per_cycle"] > 0))
				no("a technique config without its baseline twin'"'"'s energies (twin_*, vs_twin_*)")
			exit bad
		}' "$1"
}

# storage_e CSV: energy per cycle of the storage (modules whose name ends in "bank").
storage_e() { awk -F, 'NR > 1 && $1 != "all" && $2 ~ /bank$/ { e += $9 } END { printf "%.4f", e }' "$1"; }
all_e() { awk -F, '$1 == "all" { print $9 }' "$1"; }
txt_get() { awk -F= -v k="$2" '$1 == k { print $2 }' "$1"; }

# check_response LO_CSV LO_TXT HI_CSV HI_TXT: the busy run costs more.
check_response() {
	local bad=0
	[ "$(txt_get "$4" writes_done)" -gt "$(txt_get "$2" writes_done)" ] \
		|| { echo "  the busy run did no more write-backs ($(txt_get "$4" writes_done) vs $(txt_get "$2" writes_done))"; bad=1; }
	if [ -n "$(txt_get "$2" sram_macros)" ] && [ "$(txt_get "$4" sram_writes)" -le "$(txt_get "$2" sram_writes)" ]; then
		echo "  the busy run wrote the SRAM macros no more ($(txt_get "$4" sram_writes) vs $(txt_get "$2" sram_writes))"; bad=1
	fi
	awk -v a="$(storage_e "$1")" -v b="$(storage_e "$3")" 'BEGIN { exit !(b > a * 1.01 && a > 0) }' \
		|| { echo "  storage energy per cycle did not rise by 1% with 8x the write-backs ($(storage_e "$1") -> $(storage_e "$3") pJ)"; bad=1; }
	# all of rf_top must cost more too, unless the busy run read less: write-backs take banks from
	# reads, and on a file whose writes cost little beside its collectors and crossbar (small_edram:
	# storage +14 pJ, collector -28, crossbar -8) fewer reads can outweigh them
	if [ "$(txt_get "$4" reads)" -ge "$(txt_get "$2" reads)" ]; then
		awk -v a="$(all_e "$1")" -v b="$(all_e "$3")" 'BEGIN { exit !(b > a) }' \
			|| { echo "  rf_top energy per cycle did not rise ($(all_e "$1") -> $(all_e "$3") pJ)"; bad=1; }
	fi
	return $bad
}

run() { # run NAME [WRITES]: synth/power.sh, reports copied to $WK/NAME.{csv,txt}
	if ! POWER_WRITES=${2:-} POWER_NO_TWIN=${2:+1} synth/power.sh "$CONFIG" > "$WK/$1.log" 2>&1; then
		echo "FAIL power $CONFIG ($1): synth/power.sh failed ($WK/$1.log)"; tail -5 "$WK/$1.log"; return 1
	fi
	cp "$RP/power.csv" "$WK/$1.csv"
	cp "$RP/power.txt" "$WK/$1.txt"
}

run lo 1 && run hi 8 && run default || exit 1
for r in default lo hi; do
	if out=$(check_report "$WK/$r.csv" "$WK/$r.txt"); then
		echo "PASS power $CONFIG ($r): $(txt_get "$WK/$r.txt" total_uW) uW, $(all_e "$WK/$r.csv") pJ/cycle," \
			"$(txt_get "$WK/$r.txt" energy_pJ_per_dispatch) pJ/dispatch, storage $(storage_e "$WK/$r.csv") pJ/cycle"
	else
		echo "FAIL power $CONFIG ($r): $WK/$r.csv"; echo "$out"; fail=1
	fi
done
if out=$(check_response "$WK/lo.csv" "$WK/lo.txt" "$WK/hi.csv" "$WK/hi.txt"); then
	echo "PASS power $CONFIG responds to activity: write-backs $(txt_get "$WK/lo.txt" writes_done) -> $(txt_get "$WK/hi.txt" writes_done)," \
		"storage $(storage_e "$WK/lo.csv") -> $(storage_e "$WK/hi.csv") pJ/cycle, rf_top $(all_e "$WK/lo.csv") -> $(all_e "$WK/hi.csv") pJ/cycle"
else
	echo "FAIL power $CONFIG does not follow activity:"; echo "$out"; fail=1
fi

# planted faults: each must be refused
plant() { # plant NAME AWK-PROGRAM (edits a copy of the default csv)
	awk -F, -v OFS=, "$2" "$WK/default.csv" > "$WK/fault-$1.csv"
	if check_report "$WK/fault-$1.csv" "$WK/default.txt" > /dev/null; then
		echo "MISSED planted fault $1"; fail=1
	else
		echo "CAUGHT planted fault $1: $(check_report "$WK/fault-$1.csv" "$WK/default.txt" | head -1 | sed 's/^ *//')"
	fi
}
plant total-not-sum 'NR == 2 { $8 = $8 * 2 } { print }'
plant module-no-power 'NR == 3 { $5 = 0; $6 = 0; $8 = $7 / 1000 } { print }'
plant energy-not-clock 'NR > 1 { $9 = $9 * 3 } { print }'
plant cells-not-sum '$1 == "all" { $3 = $3 + 1 } { print }'
if [ -n "$(txt_get "$WK/default.txt" sram_macros)" ]; then # the macros' energy left out, totals kept consistent
	plant macro-energy-dropped 'NR > 1 && $10 > 0 { r = ($8 - $12) / $8; $8 = $8 - $12; $9 = $9 * r; $12 = 0 } { print }'
fi
if check_response "$WK/lo.csv" "$WK/lo.txt" "$WK/lo.csv" "$WK/hi.txt" > /dev/null; then
	echo "MISSED planted fault busy-run-costs-no-more"; fail=1
else
	echo "CAUGHT planted fault busy-run-costs-no-more: $(check_response "$WK/lo.csv" "$WK/lo.txt" "$WK/lo.csv" "$WK/hi.txt" | head -1 | sed 's/^ *//')"
fi
exit $fail
