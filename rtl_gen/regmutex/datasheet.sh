# datasheet.sh - RegMutex's paragraph in a technique config's datasheet, below the overhead table.
# Sourced by synth/datasheet.sh (every rtl_gen/<technique>/datasheet.sh, in folder order) with
# $rp (the reports folder) and $gen (generated/<config>); it prints nothing when the technique is off.
if grep -q '^rf_srp_ctrl,' "$rp/overhead.csv"; then
	inv=$(inv_bits rf_srp_ctrl)
	ff=$(awk -F, '$1 == "rf_srp_ctrl" { print $4 }' "$rp/area.csv")
	echo
	echo "RegMutex (\`docs/regmutex.md\`): \`rf_srp_ctrl\` is the allocator (its critical path is an"
	echo "acquire: find-first-free through the port cascade, then the LUT write); \`rf_srp_xlate\` is"
	echo "the translation of every write-back and source operand. The paper reports no area or delay,"
	echo "only storage: 384 bits for 48 warps against 31,264 for register file virtualization (1.23%)."
	echo "Allocator state here: $inv bits in the inventory, $ff flip-flops in the synthesized"
	echo "\`rf_srp_ctrl\`."
	if [ "$(cfgv regmutex xlate)" = precomp ]; then
		tab=$(awk -f synth/csv2tsv.awk "$gen/inventory.csv" |
			awk -F'\t' '$1 ~ /^RegMutex (base|extended-base) table$/ { s += $4 } END { print s + 0 }')
		when="at launch and at acquire"
		[ "$(cfgv regmutex paired)" = on ] && when="at launch"
		echo "The translation is precomputed (\`regmutex.xlate = precomp\`): \`rf_top\` keeps per-warp base"
		echo "tables, written $when ($tab bits in the inventory); an access reads a table"
		echo "and adds, where the paper's Figure 6b multiplies by \`Bs\` and \`Es\`."
	else
		echo "The translation multiplies at run time (\`regmutex.xlate = mul\`, the paper's Figure 6b)."
	fi
fi
