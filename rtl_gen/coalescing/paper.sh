# paper.sh - the coalescing-aware register file's claims against this run: rows of the datasheet's
# "The paper against this tool" table (synth/datasheet.sh sources it with $rp, $gen and its helpers;
# nothing when coalescing is off). The dissertation's figures: docs/coalescing.md, "Cost".
if grep -q '^rf_coal_arbiter,' "$rp/overhead.csv"; then
	inv=$(inv_bits rf_mask_buffer)
	bits=$(file_bits)
	echo "| coalescing: mask buffer storage | 384 B (3072 bits) for a 128 KB file, 0.29% of its bits | $inv bits for a $(file_size) file, $(awk -v a="$inv" -v b="$bits" 'BEGIN { printf "%.2f", 100 * a / b }')% of its bits | $(awk -v a="$inv" -v b="$bits" 'BEGIN { printf "%.2f", (a / b) / (3072 / 1048576) }') (as shares of the file) | the same 3 bits per warp register; the share differs when the register width differs from 1024 bits |"
	echo "| coalescing: pipelining | no extra pipeline stage | none: the same cycle timing as the baseline twin (\`docs/coalescing.md\`); \`rf_top\` critical path $(top_path) | - | no stage is added, but the arbiter and the zero-mask path lengthen the cycle (the datasheet's timing table) |"
	echo "| coalescing: area | not reported | \`rf_top\` $(ovh rf_top 4)% of the baseline's | - | the dissertation gives no area |"
	if [ -n "$(pwr vs_twin_energy_pJ_per_dispatch)" ]; then
		echo "| coalescing: energy | register-file dynamic power 27% lower with zero gating (the arrays only), GPU dynamic energy 32.2% lower (GPUWattch, real kernels) | \`rf_top\` $(pwr vs_twin_energy_pJ_per_dispatch) x the baseline twin's energy per dispatched instruction | - | here the arrays are flip-flops clocked every cycle, and the collectors, mask buffers and arbiter are flip-flop logic beside 16-row arrays; with the arrays as SRAM macros, \`small_coalesce\` accesses 35% fewer sub-banks than its twin on the same kind of stimulus (\`docs/coalescing.md\`, \"Cost\") |"
	fi
fi
