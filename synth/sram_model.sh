# synth/sram_model.sh - the SRAM macro model (a model, not a layout), sourced by synth/asic.sh
# (area, timing) and synth/power.sh (energy, leakage). Constants and their sources:
# docs/flows.md, "SRAM model". Needs LIB (the OSU liberty) set by the caller.

# rf_sram instances with more bits than this (rows x bits per row) are modelled as SRAM macros:
# beyond it a flop array is far from what anyone would build, and Yosys/ABC time grows with it.
SRAM_FLOP_MAX_BITS=${SRAM_FLOP_MAX_BITS:-4096}
SRAM_CELL_UM2=5.59        # 6T bit cell, Intel 180 nm logic process (Yang et al., IEDM 1998)
SRAM_PORT_FACTOR=0.30     # extra cell area per port beyond the first (8T 1R1W cell ~1.3x 6T)
SRAM_ARRAY_EFF=0.70       # bit-cell area / macro area (periphery: decoders, sense amps, I/O)
SRAM_ACCESS_FO4=20        # clk -> read data of the macro, in FO4 of this library (assumption)
SRAM_SETUP_FO4=3          # setup time of the macro's input registers, in FO4 (assumption)

# Energy of one access (a read or a write of one row through one port): E0 + e_bit x row bits,
# the line through two CACTI 5.3 figures at 40 nm, 0.96 V (Jeon and Annavaram's Table 2, in
# docs/virtualization.md): a 4 KB bank read 128 bits at 4.68 pJ, a 1 KB four-bank table 10 bits
# at 1.14 pJ; scaled to 0.18 um, 1.8 V as C V^2 with C in proportion to the feature size.
SRAM_REF_WIDE_BITS=128
SRAM_REF_WIDE_PJ=4.68
SRAM_REF_NARROW_BITS=10
SRAM_REF_NARROW_PJ=1.14
SRAM_REF_NM=40
SRAM_REF_V=0.96
SRAM_NM=180
SRAM_V=1.8
# Leakage: a 6T cell holds two cross-coupled inverters, each taken as the library's INVX1; the
# macro leaks at its cells' density over its whole area (cell area x port factor / efficiency).
SRAM_LEAK_INVS=2

# sram_scale: the 40 nm -> 0.18 um energy factor (feature size x voltage squared)
sram_scale() {
	awk -v a="$SRAM_NM" -v b="$SRAM_REF_NM" -v v="$SRAM_V" -v w="$SRAM_REF_V" 'BEGIN { printf "%.6f", a / b * (v / w) ^ 2 }'
}
# sram_access_pj ROW_BITS: energy of one access of a row of ROW_BITS bits, pJ
sram_access_pj() {
	awk -v n="$1" -v s="$(sram_scale)" -v wb="$SRAM_REF_WIDE_BITS" -v we="$SRAM_REF_WIDE_PJ" \
		-v nb="$SRAM_REF_NARROW_BITS" -v ne="$SRAM_REF_NARROW_PJ" 'BEGIN {
			ebit = (we - ne) / (wb - nb); e0 = ne - ebit * nb
			printf "%.4f", s * (e0 + ebit * n)
		}'
}
# sram_area_um2 BITS PORTS
sram_area_um2() {
	awk -v b="$1" -v p="$2" -v c="$SRAM_CELL_UM2" -v k="$SRAM_PORT_FACTOR" -v e="$SRAM_ARRAY_EFF" \
		'BEGIN { printf "%.1f", b * c * (1 + k * (p - 1)) / e }'
}
# sram_leak_nw BITS PORTS: the macro's leakage, nW
sram_leak_nw() {
	local inv
	inv=$(awk '/cell \(INVX1\)/ { c = 1 } c && /cell_leakage_power/ { gsub(/;/, ""); print $3; exit }' "$LIB")
	awk -v b="$1" -v p="$2" -v i="$inv" -v n="$SRAM_LEAK_INVS" -v k="$SRAM_PORT_FACTOR" -v e="$SRAM_ARRAY_EFF" \
		'BEGIN { printf "%.3f", b * n * i * (1 + k * (p - 1)) / e }'
}

# The generated storage-array modules the flows keep as SRAM macros: the baseline's sub-bank array,
# the coalescing back end's byte sub-bank array (rf_dual_bank's four), a renaming-table bank of
# register file virtualization (rf_rename_table's rt_banks) and the zero-mask buffer's entries of
# the coalescing file's zero gating (rf_zmask_buffer's one) and FineReg's PCRF data array (one row a
# beat; its read register and pipeline stages inside the macro, pcrf_latency - 1 cycles).
SRAM_ARRAY_MODULES="rf_sram rf_coal_sram rf_rt_bank rf_zmask_array rf_fr_pcrf"
# Of those, the ones with flow-through reads (a register-file macro): read port p's data r<p>_*_o
# follow its r<p>_en_i and r<p>_row_i within the cycle (an arc of the access time, no clock).
SRAM_FLOWTHROUGH_MODULES="rf_rt_bank rf_zmask_array"

# sram_is_macro KIND BITS: 0 (true) when an array of BITS bits per instance is an SRAM macro for
# target kind KIND: an ASIC target, or more than SRAM_FLOP_MAX_BITS bits
sram_is_macro() { [ "$1" = asic ] || [ "$2" -gt "$SRAM_FLOP_MAX_BITS" ]; }

# sram_geom MODULE_SV: "rows row_bits ports" of a generated array: its rows (localparam Entries, or
# Rows for the PCRF's entries x beats), the width of its read data (the first output named
# <port>_data_o or rdata_o, else its first output) and its access ports (inputs named en_i or
# <port>_en_i).
sram_geom() {
	awk '
		function width(s) { return match(s, /\[[0-9]+:0\]/) ? substr(s, RSTART + 1, RLENGTH - 4) + 1 : 1 }
		/localparam int (Entries|Rows) *=/ { v = $0; sub(/;.*/, "", v); sub(/.*= */, "", v); rows = v }
		/^[ \t]*output[ \t]+logic/ {
			if (!first) first = width($0)
			if (!w && /[ \t](r[0-9]+_data_o|rdata_o),?[ \t]*(\/\/.*)?$/) w = width($0)
		}
		/^[ \t]*input[ \t]+logic/ && /[ \t](en_i|[a-z][0-9]*_en_i),?[ \t]*(\/\/.*)?$/ { p++ }
		END { if (!w) w = first; if (!rows || !w || !p) exit 1; print rows, w, p }' "$1"
}

# sram_lib TACC_NS TSU_NS SV AREA LEAK_NW [SV AREA LEAK_NW ...]: a liberty library with one cell
# per generated array module (named as the module, with its ports), the model's area and leakage, a
# setup check on every input and a clock to read-data arc; a flow-through array
# (SRAM_FLOWTHROUGH_MODULES) has, for each read port p, an arc from r<p>_en_i and r<p>_row_i to its
# data instead (its read inputs have no setup check).
sram_lib() {
	local cap tacc=$1 tsu=$2 args=()  # cap: the D-pin load of one DFFPOSX1 (its input register), pF
	shift 2
	cap=$(awk '/cell \(DFFPOSX1\)/ { c = 1 } c && /pin\(D\)/ { d = 1 } d && /capacitance :/ { gsub(/;/, ""); print $3; exit }' "$LIB")
	while [ $# -ge 3 ]; do args+=("area=$2" "leak=$3" "$1"); shift 3; done
	awk -v tacc="$tacc" -v tsu="$tsu" -v cap="$cap" -v ftmods=" $SRAM_FLOWTHROUGH_MODULES " '
		function timing_in(   s) {
			return "      timing () { related_pin : \"clk_i\"; timing_type : setup_rising;\n" \
			       "        rise_constraint (scalar) { values (\"" tsu "\"); }\n" \
			       "        fall_constraint (scalar) { values (\"" tsu "\"); } }\n"
		}
		function timing_comb(rel) {
			return "      timing () { related_pin : \"" rel "\"; timing_type : combinational;\n" \
			       "        cell_rise (scalar) { values (\"" tacc "\"); }\n" \
			       "        cell_fall (scalar) { values (\"" tacc "\"); }\n" \
			       "        rise_transition (scalar) { values (\"0.2\"); }\n" \
			       "        fall_transition (scalar) { values (\"0.2\"); } }\n"
		}
		# the inputs of read port rp of cell c, each bit on its own (a bus-to-bus arc would pair
		# the bits one to one)
		function related(c, rp,   i, k, r) {
			r = rp "_en_i"
			for (i = 1; i <= np[c]; i++) {
				if (names[c, i] != rp "_row_i") continue
				if (widths[c, i] == 1) r = r " " rp "_row_i"
				else for (k = 0; k < widths[c, i]; k++) r = r " " rp "_row_i[" k "]"
			}
			return r
		}
		function timing_out() {
			return "      timing () { related_pin : \"clk_i\"; timing_type : rising_edge;\n" \
			       "        cell_rise (scalar) { values (\"" tacc "\"); }\n" \
			       "        cell_fall (scalar) { values (\"" tacc "\"); }\n" \
			       "        rise_transition (scalar) { values (\"0.2\"); }\n" \
			       "        fall_transition (scalar) { values (\"0.2\"); } }\n"
		}
		FNR == 1 { nc++; carea[nc] = area; cleak[nc] = leak }
		/^module [a-z_0-9]+/ { v = $2; sub(/[ (].*/, "", v); cname[nc] = v }
		/^[ \t]*(input|output)[ \t]+logic/ {
			line = $0; sub(/\/\/.*/, "", line); gsub(/,/, "", line)
			dir = (line ~ /input/) ? "input" : "output"
			w = 1
			if (match(line, /\[[0-9]+:0\]/)) w = substr(line, RSTART + 1, RLENGTH - 4) + 1
			n = split(line, t, /[ \t\]]+/); name = t[n]
			np[nc]++; names[nc, np[nc]] = name; dirs[nc, np[nc]] = dir; widths[nc, np[nc]] = w; used[w] = 1
		}
		END {
			print "/* Generated by synth/sram_model.sh: SRAM macro MODELS of the generated arrays, not layouts."
			print "   Area, timing and leakage constants and their sources: docs/flows.md. */"
			print "library (rf_sram_model) {"
			print "  delay_model : table_lookup; time_unit : \"1ns\"; voltage_unit : \"1V\";"
			print "  current_unit : \"1uA\"; capacitive_load_unit (1,pf); pulling_resistance_unit : \"1kohm\";"
			print "  leakage_power_unit : \"1nW\"; nom_process : 1; nom_voltage : 1.8; nom_temperature : 25;"
			print "  input_threshold_pct_rise : 50; input_threshold_pct_fall : 50;"
			print "  output_threshold_pct_rise : 50; output_threshold_pct_fall : 50;"
			print "  slew_lower_threshold_pct_rise : 20; slew_upper_threshold_pct_rise : 80;"
			print "  slew_lower_threshold_pct_fall : 20; slew_upper_threshold_pct_fall : 80;"
			for (w in used) if (w > 1)
				printf "  type (bus%d) { base_type : array; data_type : bit; bit_width : %d; bit_from : %d; bit_to : 0; downto : true; }\n", w, w, w - 1
			for (c = 1; c <= nc; c++) {
				print "  cell (" cname[c] ") {"
				print "    area : " carea[c] ";"
				print "    cell_leakage_power : " cleak[c] ";"
				print "    dont_touch : true; dont_use : true;"
				for (i = 1; i <= np[c]; i++) {
					if (names[c, i] == "clk_i") {
						print "    pin (clk_i) { direction : input; clock : true; capacitance : " cap * 8 "; }"
						continue
					}
					if (widths[c, i] > 1) printf "    bus (%s) { bus_type : bus%d; direction : %s;\n", names[c, i], widths[c, i], dirs[c, i]
					else printf "    pin (%s) { direction : %s;\n", names[c, i], dirs[c, i]
					ft = index(ftmods, " " cname[c] " ") > 0
					rp = names[c, i]; isr = ft && sub(/_[a-z]+_[io]$/, "", rp) && rp ~ /^r[0-9]+$/
					if (dirs[c, i] == "input") printf "      capacitance : %s;\n%s", cap, isr ? "" : timing_in()
					else if (isr) printf "      max_capacitance : 0.5;\n%s", timing_comb(related(c, rp))
					else printf "      max_capacitance : 0.5;\n%s", timing_out()
					print "    }"
				}
				print "  }"
			}
			print "}"
		}' "${args[@]}"
}
