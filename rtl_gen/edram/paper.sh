# paper.sh - the eDRAM file's claims against this run: rows of the datasheet's "The paper against
# this tool" table (synth/datasheet.sh sources it with $rp, $gen and its helpers, after datasheet.sh,
# which leaves the refresh counters in $rp/edram-counters.csv; nothing when eDRAM is off). The
# paper's figures: docs/edram.md.
if grep -q '^rf_refresh_ctrl,' "$rp/overhead.csv" && [ -s "$rp/edram-counters.csv" ]; then
	ev() { awk -F, -v k="$1" '$1 == k { print $2; exit }' "$rp/edram-counters.csv"; }
	sv=$(awk -v a="$(ev refresh_saving)" 'BEGIN { printf "%.1f", 100 * a }')
	echo "| eDRAM: refresh energy saved against a precise eDRAM file | 16% (FP32), 22% (FP64) geometric mean, up to 32% (11 nm, benchmarks) | $sv% (synthetic stimulus, $(cfgv edram node)) | $(awk -v s="$sv" 'BEGIN { printf "%.2f", s / 16 }') (of 16%) | synthetic: the share of approximate rows is the stimulus's, not a program's (\`docs/edram.md\`) |"
	echo "| eDRAM: storage added (flags, counters) | 128 B of flags and 48 counter bits per SM (16 x 64 rows, M = 3) | $(inv_bits rf_edram_bank) flag bits, $(inv_bits rf_refresh_ctrl) counter bits | - | this config's geometry: $(cfgv rf banks) banks x $(cfgv rf entries) rows, M = $(cfgv edram counter_bits) |"
fi
