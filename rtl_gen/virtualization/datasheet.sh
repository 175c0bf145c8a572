# datasheet.sh - Register file virtualization's paragraph in a technique config's datasheet, below the overhead table.
# Sourced by synth/datasheet.sh (every rtl_gen/<technique>/datasheet.sh, in folder order) with
# $rp (the reports folder) and $gen (generated/<config>); it prints nothing when the technique is off.
if grep -q '^rf_rename_table,' "$rp/overhead.csv"; then
	echo
	echo "Register file virtualization (\`docs/virtualization.md\`): \`rf_rename_table\`'s critical path"
	echo "is a lookup, \`rf_free_bitmap\`'s a find-free-and-set. The paper: a 1 KB table, about 1% of a"
	echo "128 KB register file, with a 0.22 ns lookup, 17.6% of a 1.25 ns cycle at 40 nm (SRAM, CACTI);"
	if [ "$(awk -F, '$1 == "rf_rename_table" { print $2; exit }' "$rp/area.csv")" = sram_model ]; then
		echo "here the table's ids are $(cfgv virtualization rt_banks) \`rf_rt_bank\` macros of the SRAM model (flow-through, one"
		echo "read port per lookup operand, write-back and release), in a 0.18 um library, so compare bit counts"
		echo "and FO4. Table: $(( $(inv_bits rf_rename_table) + $(inv_bits rf_rt_bank) )) bits in the inventory."
	else
		echo "here the table is flip-flops in a 0.18 um library, so compare bit counts and FO4. Table:"
		echo "$(( $(inv_bits rf_rename_table) + $(inv_bits rf_rt_bank) )) bits in the inventory."
	fi
fi
