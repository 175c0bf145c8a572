# paper.sh - register file virtualization's claims against this run: rows of the datasheet's "The
# paper against this tool" table (synth/datasheet.sh sources it with $rp, $gen and its helpers;
# nothing when virtualization is off). The paper's figures: docs/virtualization.md, "Storage", and
# the technique's paragraph of the datasheet.
if grep -q '^rf_rename_table,' "$rp/overhead.csv"; then
	inv=$(( $(inv_bits rf_rename_table) + $(inv_bits rf_rt_bank) ))
	# the table's ids: SRAM macros (rf_rt_bank) or flip-flops
	# the ids' share: the table's storage area (macros or their flops) against the baseline rf_top
	ids=$(awk -F, -v b="$(awk -F, '$1 == "baseline rf_top" { print $3; exit }' "$rp/overhead.csv")" \
		'$1 == "rf_rename_table" { printf "%.1f", 100 * $10 / b; exit }' "$rp/area.csv")
	if [ "$(awk -F, '$1 == "rf_rename_table" { print $2; exit }' "$rp/area.csv")" = sram_model ]; then
		how="the ids in $(cfgv virtualization rt_banks) flow-through SRAM-model macros ($ids%), one read port per lookup operand, write-back and release (the paper's banks serve lookups only); the rest the valid bits and each port's index arithmetic and bank selection; 0.18 um against CACTI's 40 nm"
	else
		how="the ids in flip-flop banks ($ids%) with a read port per lookup operand, write-back and release, and each port's index arithmetic and bank selection, in 0.18 um standard cells against an SRAM macro"
	fi
	cp=$(ovh rf_rename_table 5)
	echo "| virtualization: renaming table storage | 8160 bits (816 entries x 10-bit ids in a 1 KB budget, 48 warps, 128 KB file) | $inv bits | $(awk -v a="$inv" 'BEGIN { printf "%.2f", a / 8160 }') | a valid bit per entry and the bank pointer, which the paper does not count; the entries and id width follow this config's budget (\`virtualization.rt_budget_bits\` = $(cfgv virtualization rt_budget_bits)) and file |"
	echo "| virtualization: renaming table area | about 1% of the 128 KB register file (SRAM) | $(ovh rf_rename_table 4)% of the baseline \`rf_top\` | $(awk -v a="$(ovh rf_rename_table 4)" 'BEGIN { printf "%.1f", a / 1 }') | $how, on a $(file_size) file (the paper's: 128 KB): the smaller the file, the larger the table's share |"
	if [ -n "$(pwr vs_twin_energy_pJ_per_dispatch)" ]; then
		echo "| virtualization: register-file static power | 23% lower with sub-array gating, 26% with register gating (40 nm, CACTI-P; \`docs/virtualization.md\`, \"Power gating\") | not measured: \`rf_top\` spends $(pwr vs_twin_energy_pJ_per_dispatch) x the baseline twin's energy per dispatched instruction, nothing gated | - | this flow gates no power (no power switches in the OSU library; leakage under 1% at 0.18 um); the sub-arrays each policy could gate are counted on a synthetic workload in \`docs/benchmarks.md\` |"
	fi
	echo "| virtualization: table lookup delay | 0.22 ns, 17.6% of a 1.25 ns cycle (40 nm, CACTI) | $cp ns ($(ovh rf_rename_table 6) FO4), $(awk -v a="$cp" -v c="$clock_ns" 'BEGIN { printf "%.1f", 100 * a / c }')% of the $clock_ns ns clock | $(awk -v a="$cp" -v c="$clock_ns" 'BEGIN { printf "%.1f", 100 * a / c / 17.6 }') | the block's critical path (a lookup: index arithmetic, then the table's read) in 0.18 um against an SRAM access at 40 nm: compare the cycle fractions |"
fi
