# datasheet.sh - the eDRAM file's paragraph in a technique config's datasheet, below the overhead
# table. Sourced by synth/datasheet.sh (every rtl_gen/<technique>/datasheet.sh, in folder order) with
# $rp (the reports folder), $gen (generated/<config>) and $cfg; it prints nothing when eDRAM is off.
# The refresh figures come from rf_top's co-simulation (seed 1, 100 000 cycles, decay off), run here
# into $rp/edram-counters.csv (which paper.sh reads).
if grep -q '^rf_refresh_ctrl,' "$rp/overhead.csv"; then
	ecsv=$rp/edram-counters.csv
	make -s --no-print-directory cosim-build $carg MODULES=rf_top >&2
	build/$cfg/cosim/rf_top/Vcosim +config="$gen/config.ini" +seed=1 +cycles=100000 +decay=off +quiet \
		+counters="$ecsv" >/dev/null
	ev() { awk -F, -v k="$1" '$1 == k { print $2; exit }' "$ecsv"; }
	eB=$(cfgv rf banks) eR=$(cfgv rf entries) eM=$(cfgv edram counter_bits) enode=$(cfgv edram node)
	eL=$(cfgv rf lanes) eW=$(cfgv rf lane_bits)
	# the paper's transistor estimate for this geometry (docs/edram.md, "Energy and cost")
	etr=$(awk -v r="$eR" -v m="$eM" -v l="$eL" -v w="$eW" 'BEGIN { printf "%.2f", 100 * (r * 20 + 12 * m) / (r * l * w * 3) }')
	# added logic: the bank less its two sub-arrays (every bank), and the refresh controllers
	ebank=$(awk -F, '$1 == "rf_edram_bank" { print $3 }' "$rp/overhead.csv")
	earr=$(awk -F, '$1 == "rf_edram_crit" || $1 == "rf_edram_nc" { s += $3 } END { print s }' "$rp/overhead.csv")
	erc=$(awk -F, '$1 == "rf_refresh_ctrl" { print $3 }' "$rp/overhead.csv")
	eadd=$(awk -v b="$ebank" -v a="$earr" -v n="$eB" -v r="$erc" 'BEGIN { printf "%.0f", n * (b - a) + r }')
	eall=$(awk -v a="$earr" -v n="$eB" 'BEGIN { printf "%.0f", n * a }')
	echo
	echo "eDRAM (\`docs/edram.md\`): $(inv_bits rf_edram_bank) flag bits and $(inv_bits rf_refresh_ctrl) refresh-counter bits"
	echo "in the inventory; the paper's transistor estimate of the added logic (flag, AND2 and OR3 per row,"
	echo "an M-bit counter per bank, against 3T per cell) is $etr% of a bank for this geometry ($eR rows of"
	echo "$((eL * eW)) bits, M = $eM) and 0.67% for the paper's 64 rows of 1024 bits (\`fermi_edram\`). In OSU"
	echo "cells the added logic (flags, segmentation and counts of every \`rf_edram_bank\` less its two"
	echo "sub-arrays, plus \`rf_refresh_ctrl\`) takes $eadd um^2 beside $eall um^2 of sub-arrays. The library"
	echo "has no eDRAM cell and no 3T1D cell area is assumed: the sub-arrays are synthesized here as"
	echo "flip-flops, so their area is not an eDRAM array's and the ratio is not the paper's figure."
	echo
	echo "Refresh energy at $enode (the paper's Table 1), on a **synthetic** workload: \`rf_top\`'s random"
	echo "stimulus, 100 000 cycles, seed 1, decay off, its instruction classes drawn from Fermi opcodes in"
	echo "phases of mostly FP, mostly integer and mixed. Approximate rows: $(awk -v a="$(ev approx_rows_avg)" -v n="$((eB * eR))" 'BEGIN { printf "%.1f%%", 100 * a / n }') of the file on"
	echo "average; refreshes that restore the noncritical sub-row: $(awk -v a="$(ev refresh_nc_share)" 'BEGIN { printf "%.1f%%", 100 * a }'); refresh energy"
	echo "$(awk -v a="$(ev refresh_nj)" 'BEGIN { printf "%.3f", a }') nJ against $(awk -v a="$(ev refresh_precise_nj)" 'BEGIN { printf "%.3f", a }') nJ for a precise eDRAM file on the same refreshes:"
	echo "$(awk -v a="$(ev refresh_saving)" 'BEGIN { printf "%.1f%%", 100 * a }') saved. The saving follows the share of approximate rows, which the stimulus"
	echo "sets here, not a program; real kernels come with the kernel front end."
fi
