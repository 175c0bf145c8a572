# paper.sh - RegMutex's claims against this run: rows of the datasheet's "The paper against this
# tool" table (synth/datasheet.sh sources it with $rp, $gen and its helpers; nothing when RegMutex
# is off). The paper's figures: docs/regmutex.md, "Cost".
if grep -q '^rf_srp_ctrl,' "$rp/overhead.csv"; then
	W=$(cfgv sm warps)
	inv=$(inv_bits rf_srp_ctrl)
	if [ "$(cfgv regmutex paired)" = on ]; then
		why="paired-warps mode (\`docs/regmutex.md\`, \"Paired warps\"): the warp-status bitmask alone, no SRP bitmask or LUT; $W warps"
	elif [ "$W" = 48 ]; then
		why="none: the same three structures and widths"
	else
		why="the same three structures, warps x (2 + clog2(warps)) bits: this config has $W warps, the paper 48"
	fi
	if [ "$(cfgv regmutex xlate)" = precomp ]; then
		xl="the paper gives no delay; the translation reads per-warp base tables written at launch and at acquire (\`regmutex.xlate = precomp\`), a table read and an add per write-back and source"
	else
		xl="the paper gives no delay; the translation multiplies by Bs and Es at run time, on every write-back and source"
	fi
	echo "| RegMutex: allocator storage (warp-status bitmask, SRP bitmask, warp-to-section LUT) | 384 bits for 48 warps | $inv bits for $W warps | $(awk -v a="$inv" 'BEGIN { printf "%.2f", a / 384 }') | $why |"
	echo "| RegMutex: area | not reported | \`rf_top\` $(ovh rf_top 4)% of the baseline's (\`rf_srp_ctrl\` $(ovh rf_srp_ctrl 4)%, \`rf_srp_xlate\` $(ovh rf_srp_xlate 4)%) | - | the paper gives no area |"
	echo "| RegMutex: delay | not reported | \`rf_top\` critical path $(top_path); \`rf_srp_xlate\` $(ovh rf_srp_xlate 5) ns | - | $xl |"
	if [ -n "$(pwr vs_twin_energy_pJ_per_dispatch)" ]; then
		echo "| RegMutex: energy | not reported (the paper reports cycles: 13% fewer on average) | \`rf_top\` $(pwr vs_twin_energy_pJ_per_dispatch) x the baseline twin's energy per dispatched instruction (\`make power\`, the co-simulation's stimulus) | - | the paper gives no energy; this is the allocator's and the translation's logic on a random stimulus, which does not show the cycles RegMutex saves by keeping more warps resident |"
	fi
fi
