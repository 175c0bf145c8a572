#!/usr/bin/env bash
# synth/asic.sh CONFIG - ASIC area and timing of every module of generated/CONFIG.
#
# Yosys 0.23 maps each module (as top, hierarchy flattened) onto the OSU 0.18 um standard cells,
# OpenSTA times the mapped netlist, and the results go to build/CONFIG/reports/{area,timing}.csv.
# The storage arrays (rf_sram, the coalescing back end's rf_coal_sram, virtualization's
# renaming-table banks rf_rt_bank: SRAM_ARRAY_MODULES) are either synthesized in flops or, above
# SRAM_FLOP_MAX_BITS bits per instance or for `[target] kind = asic`, kept as black boxes whose
# area and timing come from the SRAM model (synth/sram_model.sh). Method, constants and their sources: docs/flows.md (ASIC section).
#
# Outputs (all under build/CONFIG/):
#   synth/<module>.v      mapped netlist        synth/<module>.ys, .sta.tcl   the scripts run
#   synth/<module>.stat   Yosys stat -liberty   synth/rf_sram_model.lib        SRAM macro models
#   reports/area.csv, reports/timing.csv, reports/fo4.txt
#   logs/synth-<module>.log, logs/sta-<module>.log, logs/sta-fo4.log
# A warning in any tool log fails the run (see filter_warnings for the few that are not about
# the design). Run from the repository root.
set -euo pipefail

usage() { echo "usage: synth/asic.sh CONFIG   (run from the repository root)" >&2; exit 2; }
[ $# -eq 1 ] || usage
CONFIG=$1
GEN=${RF_GEN_DIR:-generated/$CONFIG}   # RF_GEN_DIR: a user config (Makefile); RF_OUT_DIR, RF_ONLY: synth/overhead.sh
[ -f "$GEN/files.f" ] && [ -f "$GEN/config.ini" ] || { echo "asic: no $GEN/files.f or config.ini (make gen)" >&2; exit 2; }

LIB=${LIB:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
JOBS=${JOBS:-$(nproc)}

# ---- documented constants (docs/flows.md, "SRAM model"): SRAM_* and sram_* -------------------
# shellcheck source=synth/sram_model.sh
. "$(dirname "$0")/sram_model.sh"
FLOP_CELLS='DFFPOSX1|DFFNEGX1|DFFSR|LATCH'

OUT=${RF_OUT_DIR:-build/$CONFIG}
SY=$OUT/synth
RP=$OUT/reports
LG=$OUT/logs
mkdir -p "$SY" "$RP" "$LG"

# ini_get SECTION KEY: a value of the resolved config.
ini_get() {
	awk -F' *= *' -v s="[$1]" -v k="$2" '
		/^\[/ { in_s = ($0 == s) } in_s && $1 == k { print $2; found = 1; exit }
		END { if (!found) exit 1 }' "$GEN/config.ini" \
		|| { echo "asic: $GEN/config.ini has no [$1] $2" >&2; exit 2; }
}

KIND=$(ini_get target kind)
CLOCK_PS=$(ini_get target clock_ps)
CLOCK_NS=$(awk -v p="$CLOCK_PS" 'BEGIN { printf "%.4f", p / 1000 }')
mapfile -t FILES < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$GEN/files.f")
MODULES=()
for f in "${FILES[@]}"; do
	m=$(basename "$f" .sv)
	# RF_ONLY="a b": only these modules (and the storage arrays, whose figures the others' storage uses)
	if [ -z "${RF_ONLY:-}" ] || [[ " $SRAM_ARRAY_MODULES " == *" $m "* ]] || [[ " $RF_ONLY " == *" $m "* ]]; then
		MODULES+=("$m")
	fi
done
SRCS=()
for f in "${FILES[@]}"; do SRCS+=("$GEN/$f"); done

# the storage arrays of this config (synth/sram_model.sh): rows, bits per row, access ports; they
# are SRAM macros when the target is an ASIC or one holds more than SRAM_FLOP_MAX_BITS bits
ARRAYS=()
declare -A A_ROWS A_ROWBITS A_PORTS A_BITS
STORAGE=flops
for m in "${MODULES[@]}"; do
	[[ " $SRAM_ARRAY_MODULES " == *" $m "* ]] || continue
	read -r rows rowbits ports < <(sram_geom "$GEN/$m.sv") \
		|| { echo "asic: $GEN/$m.sv: no Entries, read data or enables (synth/sram_model.sh, sram_geom)" >&2; exit 1; }
	A_ROWS[$m]=$rows A_ROWBITS[$m]=$rowbits A_PORTS[$m]=$ports
	A_BITS[$m]=$((A_ROWS[$m] * A_ROWBITS[$m]))
	ARRAYS+=("$m")
	if sram_is_macro "$KIND" "${A_BITS[$m]}"; then STORAGE=sram_model; fi
done
is_array() { [[ " ${ARRAYS[*]} " == *" $1 "* ]]; }

echo "asic: $CONFIG: ${#MODULES[@]} modules, clock ${CLOCK_NS} ns, $(for m in "${ARRAYS[@]}"; do
	printf '%s %sx%s = %s bits per instance; ' "$m" "${A_ROWS[$m]}" "${A_ROWBITS[$m]}" "${A_BITS[$m]}"; done)-> $STORAGE"

# filter_warnings LOG: print every warning/error line of LOG that is about the design.
# Filtered, each for the reason given:
#  - ABC "Detected N multi-output gates": ABC notes that the library has FAX1/HAX1 (two outputs),
#    which its mapper cannot use; a property of the library, not of the design.
filter_warnings() {
	grep -iE 'warning|error' "$1" \
		| grep -vE 'ABC: Warning: Detected [0-9]+ multi-output gates' \
		|| true
}
check_log() {
	local bad
	bad=$(filter_warnings "$1")
	if [ -n "$bad" ]; then
		echo "asic: warnings or errors in $1:" >&2
		echo "$bad" | head -20 >&2
		return 1
	fi
}

# ---- FO4 of the library: INVX1 chains, each stage driving 4 INVX1 inputs ----------------------
# Two chains (4 and 12 stages) from the same driver; FO4 = (t12 - t4) / 8, averaged over a rising
# and a falling output, so edge rates at the input and the unloaded end cancel out.
fo4_measure() {
	local v=$SY/fo4_chain.v tcl=$SY/fo4.sta.tcl
	{
		echo "module fo4_chain (input a4, input a12, output y4, output y12);"
		for n in 4 12; do
			echo "  wire [$n:0] n$n;"
			echo "  assign n$n[0] = a$n;"
			echo "  assign y$n = n$n[$n];"
			for ((i = 1; i <= n; i++)); do
				echo "  INVX1 s${n}_$i (.A(n$n[$((i - 1))]), .Y(n$n[$i]));"
				for l in 1 2 3; do echo "  INVX1 l${n}_${i}_$l (.A(n$n[$i]), .Y());"; done
			done
		done
		echo "endmodule"
	} > "$v"
	cat > "$tcl" <<-EOF
		read_liberty $LIB
		read_verilog $v
		link_design fo4_chain
		create_clock -name vclk -period 100
		set_driving_cell -lib_cell INVX1 -pin Y [all_inputs]
		set_input_delay 0 -clock vclk [all_inputs]
		set_output_delay 0 -clock vclk [all_outputs]
		# a 4-INVX1 load on the chain ends too, so the last stage is an FO4 stage like the others
		set_load [expr 4 * [get_property [get_lib_pins osu018_stdcells/INVX1/A] capacitance]] [all_outputs]
		foreach o {y4 y12} {
		  foreach e {rise fall} {
		    set p [find_timing_paths -\${e}_to [get_ports \$o] -path_delay max]
		    puts "FO4ARR \$o \$e [expr 100.0 - [get_property \$p slack]]"
		  }
		}
		exit
	EOF
	sta -no_init -no_splash "$tcl" > "$LG/sta-fo4.log" 2>&1 || { tail "$LG/sta-fo4.log" >&2; return 1; }
	check_log "$LG/sta-fo4.log"
	awk '/^FO4ARR/ { a[$2 "," $3] = $4 }
		END {
			r = a["y12,rise"] - a["y4,rise"]; f = a["y12,fall"] - a["y4,fall"]
			if (r <= 0 || f <= 0) exit 1
			printf "%.4f\n", (r + f) / 16
		}' "$LG/sta-fo4.log"
}
FO4_NS=$(fo4_measure) || { echo "asic: FO4 measurement failed ($LG/sta-fo4.log)" >&2; exit 1; }
{
	echo "fo4_ns=$FO4_NS"
	echo "method=INVX1 chains of 4 and 12 stages, each stage loaded by 4 INVX1 inputs; (t12-t4)/8, mean of rise and fall"
	echo "liberty=$LIB"
} > "$RP/fo4.txt"
echo "asic: FO4 = $FO4_NS ns (INVX1 driving 4 INVX1, OpenSTA)"

# ---- SRAM macro model: a liberty cell per storage array, with the ports of the generated module ---
declare -A A_AREA
for m in "${ARRAYS[@]}"; do A_AREA[$m]=$(sram_area_um2 "${A_BITS[$m]}" "${A_PORTS[$m]}"); done
SRAM_ACCESS_NS=$(awk -v f="$FO4_NS" -v n="$SRAM_ACCESS_FO4" 'BEGIN { printf "%.4f", f * n }')
SRAM_SETUP_NS=$(awk -v f="$FO4_NS" -v n="$SRAM_SETUP_FO4" 'BEGIN { printf "%.4f", f * n }')
if [ "$STORAGE" = sram_model ]; then
	cells=()
	for m in "${ARRAYS[@]}"; do
		cells+=("$GEN/$m.sv" "${A_AREA[$m]}" "$(sram_leak_nw "${A_BITS[$m]}" "${A_PORTS[$m]}")")
	done
	sram_lib "$SRAM_ACCESS_NS" "$SRAM_SETUP_NS" "${cells[@]}" > "$SY/rf_sram_model.lib"
fi

# ---- synthesis ---------------------------------------------------------------------------------
# synth_one M: Yosys on module M; writes $SY/M.v, $SY/M.stat, $SY/M.hier, $LG/synth-M.log.
synth_one() {
	local m=$1 ys=$SY/$1.ys reads
	if [ "$STORAGE" = sram_model ]; then
		# the storage arrays are macros: read only their interfaces (-lib makes them black boxes)
		reads=
		for f in "${SRCS[@]}"; do
			if is_array "$(basename "$f" .sv)"; then reads+="read_verilog -sv -lib $f"$'\n'
			else reads+="read_verilog -sv $f"$'\n'; fi
		done
	else
		reads="read_verilog -sv ${SRCS[*]}"$'\n'
	fi
	cat > "$ys" <<-EOF
		# generated by synth/asic.sh for $CONFIG / $m
		# the library cells as black boxes with port directions, so check -assert sees the drivers
		read_liberty -lib $LIB
		$reads
		hierarchy -check -top $m
		# instance counts per module, before flattening (how many storage arrays the module holds)
		tee -q -o $SY/$m.hier stat -top $m
		synth -top $m -flatten
		# OSU 0.18 has DFFPOSX1 (plain) and DFFSR (async set + reset, both active low), no enable
		# flops: turn enables into muxes and async resets into DFFSR with set tied off.
		dfflegalize -cell \$_DFF_P_ 01 -cell \$_DFFSR_PNN_ 01
		dfflibmap -liberty $LIB
		# each flip-flop named after the RTL register bit it holds (kbase_q[2]_reg), while the names
		# are still there: the timing reports' start and end points then name RTL registers
		rename -wire -suffix _reg t:DFFPOSX1 t:DFFSR
		# ABC maps, then buffers (max fanout 8) and sizes against the clock period; the constraint
		# file gives ABC the input drive and output load the STA run uses.
		abc -liberty $LIB -constr $SY/abc.constr -D $CLOCK_PS -script +strash;&get,-n;&fraig,-x;&put;dc2;strash;&get,-n;&dch,-f;&nf,{D};&put;buffer,-N,8;upsize,{D};dnsize,{D};stime,-p
		opt_clean -purge
		check -assert
		tee -q -o $SY/$m.stat stat -liberty $LIB
		# -simple-lhs: a net that several bits of one vector name (flops merged, wiring) is written
		# as one assign per bit; OpenSTA's reader takes no concatenation on the left of an assign
		write_verilog -noattr -noexpr -nohex -nodec -simple-lhs $SY/$m.v
	EOF
	yosys -q -l "$LG/synth-$m.log" -s "$ys" > /dev/null 2>&1 \
		|| { echo "asic: yosys failed on $m ($LG/synth-$m.log):" >&2; grep -m5 -i error "$LG/synth-$m.log" >&2; return 1; }
	check_log "$LG/synth-$m.log"
}

# load of an output port and the drive of an input port, shared by ABC and OpenSTA
INV_CAP=$(awk '/cell \(INVX1\)/ { c = 1 } c && /capacitance :/ { gsub(/;/, ""); print $3; exit }' "$LIB")
OUT_LOAD=$(awk -v c="$INV_CAP" 'BEGIN { printf "%.5f", 4 * c }')
printf 'set_driving_cell INVX1\nset_load %s\n' "$OUT_LOAD" > "$SY/abc.constr"

# ---- timing ------------------------------------------------------------------------------------
# sta_one M: OpenSTA on $SY/M.v; writes $LG/sta-M.log.
sta_one() {
	local m=$1 tcl=$SY/$1.sta.tcl clk extra=
	[ "$STORAGE" = sram_model ] && extra="read_liberty $SY/rf_sram_model.lib"
	cat > "$tcl" <<-EOF
		# generated by synth/asic.sh for $CONFIG / $m
		read_liberty $LIB
		$extra
		read_verilog $SY/$m.v
		link_design $m
		set clk_ports [get_ports -quiet clk_i]
		if {[llength \$clk_ports]} {
		  create_clock -name clk -period $CLOCK_NS \$clk_ports
		} else {
		  # combinational module: a virtual clock, so in -> out paths are timed against the period
		  create_clock -name clk -period $CLOCK_NS
		}
		set ins [all_inputs]
		foreach p {clk_i rst_ni} {
		  set ins [delete_from_list \$ins [get_ports -quiet \$p]]
		}
		set_input_delay 0 -clock clk \$ins
		set_output_delay 0 -clock clk [all_outputs]
		set_driving_cell -lib_cell INVX1 -pin Y \$ins
		set_load $OUT_LOAD [all_outputs]
		# rst_ni, like clk_i, is a distributed tree in a real layout (not modelled here): its
		# recovery/removal checks are left out, only the clk path group is reported.
		report_checks -path_delay max -group_count 1 -path_group clk -format full \\
		  -fields {fanout cap slew nets} -digits 3
		report_checks -path_delay max -group_count 1 -path_group clk -format end -digits 3
		exit
	EOF
	sta -no_init -no_splash "$tcl" > "$LG/sta-$m.log" 2>&1 \
		|| { echo "asic: sta failed on $m ($LG/sta-$m.log)" >&2; tail -5 "$LG/sta-$m.log" >&2; return 1; }
	check_log "$LG/sta-$m.log"
}

# run_module M: synthesis and timing of one module (a storage array in SRAM mode is a macro: no run).
run_module() {
	local m=$1
	if is_array "$m" && [ "$STORAGE" = sram_model ]; then return 0; fi
	synth_one "$m" && sta_one "$m"
}

t0=$(date +%s)
pids=() names=() fail=0
# the storage arrays first: in flop mode their area is the storage area of every module that holds them
for m in "${ARRAYS[@]}"; do run_module "$m" || fail=1; done
for m in "${MODULES[@]}"; do
	is_array "$m" && continue
	while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n || true; done
	run_module "$m" &
	pids+=($!) names+=("$m")
done
for i in "${!pids[@]}"; do
	wait "${pids[$i]}" || { echo "asic: ${names[$i]} failed" >&2; fail=1; }
done
[ $fail -eq 0 ] || exit 1

# ---- reports -----------------------------------------------------------------------------------
NAND2_AREA=$(awk '/cell \(NAND2X1\)/ { c = 1 } c && /area :/ { gsub(/;/, ""); print $3; exit }' "$LIB")
[ -n "$NAND2_AREA" ] || { echo "asic: no NAND2X1 area in $LIB" >&2; exit 1; }

# stat_field M: "cells flops area flop_area" of the mapped netlist (standard cells only: the
# storage arrays' macro instances are not counted); the flop area uses the per-cell areas of the
# liberty.
stat_field() {
	awk -v flops="^($FLOP_CELLS)\$" -v lib="$LIB" -v arrays=" ${ARRAYS[*]} " '
		BEGIN {
			while ((getline l < lib) > 0) {
				if (l ~ /^ *cell *\(/) { c = l; gsub(/.*\( *| *\).*/, "", c) }
				if (l ~ /^ *area *:/) { a = l; gsub(/[^0-9.]/, "", a); ca[c] = a }
			}
		}
		/Number of cells:/ { cells = $4 }
		/^ +[A-Za-z_][A-Za-z0-9_]* +[0-9]+$/ {
			if ($1 ~ flops) { f += $2; fa += $2 * ca[$1] }
			if (index(arrays, " " $1 " ")) sram += $2
		}
		/Chip area for module/ { area = $NF }
		END { printf "%d %d %s %s\n", cells - sram, f, area, fa + 0 }' "$SY/$1.stat"
}
# array_count M A: instances of storage array A under M (whole hierarchy). Yosys lists each
# module under its parent with the count per parent instance, indented by depth: the instances of A
# are the products of the counts along each path to it, summed over the paths.
array_count() {
	[ "$1" = "$2" ] && { echo 1; return; }
	awk -v a="$2" '
		/design hierarchy/ { h = 1; next }
		h && /^ *$/ && d { exit }
		h && NF == 2 && $2 ~ /^[0-9]+$/ {
			ind = match($0, /[^ ]/); d++
			while (sp > 0 && si[sp] >= ind) sp--
			mult = (sp > 0 ? sm[sp] : 1) * $2
			si[++sp] = ind; sm[sp] = mult
			if ($1 == a) n += mult
		}
		END { print n + 0 }' "$SY/$1.hier"
}
# with one level of hierarchy below (no "design hierarchy" section), count the cells directly
array_count_flat() {
	awk -v a="$2" '$1 == a && $2 ~ /^[0-9]+$/ { n = $2 } END { print n + 0 }' "$SY/$1.hier"
}

# per storage array: its flops and their area (flop mode: the array rows and read register; its
# decoders and read multiplexers are logic, so the split cannot be blurred by optimization across
# instances), or the SRAM model's area
declare -A A_FLOPS A_UNIT
for a in "${ARRAYS[@]}"; do
	if [ "$STORAGE" = flops ]; then
		read -r _ fl _ un < <(stat_field "$a")
		A_FLOPS[$a]=$fl A_UNIT[$a]=$un
	else
		A_FLOPS[$a]=0 A_UNIT[$a]=${A_AREA[$a]}
	fi
done

AREA_CSV=$RP/area.csv
{
	echo "module,storage_kind,cells,flops,logic_area_um2,logic_nand2_eq,sram_instances,storage_bits,storage_flops,storage_area_um2,storage_nand2_eq,total_area_um2"
	for m in "${MODULES[@]}"; do
		if is_array "$m" && [ "$STORAGE" = sram_model ]; then
			cells=0 flops=0 area=0
		else
			read -r cells flops area _ < <(stat_field "$m")
		fi
		# the arrays it holds: instances, bits, flops (flop mode) and storage area
		n=0 bits=0 sflops=0 st=0
		for a in "${ARRAYS[@]}"; do
			if is_array "$m" && [ "$m" != "$a" ]; then continue; fi   # an array holds no other array
			k=$(array_count "$m" "$a")
			[ "$k" -gt 0 ] || k=$(array_count_flat "$m" "$a")
			[ "$k" -gt 0 ] || continue
			n=$((n + k)) bits=$((bits + k * A_BITS[$a])) sflops=$((sflops + k * A_FLOPS[$a]))
			st=$(awk -v s="$st" -v k="$k" -v u="${A_UNIT[$a]}" 'BEGIN { printf "%.1f", s + k * u }')
		done
		awk -v m="$m" -v kind="$STORAGE" -v cells="$cells" -v flops="$flops" -v area="$area" \
			-v n="$n" -v bits="$bits" -v sflops="$sflops" -v st="$st" \
			-v nand="$NAND2_AREA" 'BEGIN {
				# flop mode: the storage flops are inside the flattened netlist; take them out
				logic = (kind == "flops") ? area - st : area
				printf "%s,%s,%d,%d,%.1f,%.1f,%d,%d,%d,%.1f,%.1f,%.1f\n", m, (n ? kind : "none"),
					cells, flops, logic, logic / nand, n, bits, sflops, st, st / nand, logic + st
			}'
	done
} > "$AREA_CSV.tmp"
mv "$AREA_CSV.tmp" "$AREA_CSV"

# sta_parse M: "cp_ns slack_ns start end levels max_fanout" from the first clk path in the log
sta_parse() {
	awk '
		# a long name pushes "(rising edge-triggered ...)" to the next, indented line: join it
		cont == "sp" && /^ +\(/ { sub(/^ +/, " "); sp = sp $0; cont = ""; next }
		cont == "ep" && /^ +\(/ { sub(/^ +/, " "); ep = ep $0; cont = ""; next }
		{ cont = "" }
		/^Startpoint:/ && !sp { sub(/^Startpoint: /, ""); sp = $0; cont = "sp" }
		/^Endpoint:/ && !ep { sub(/^Endpoint: /, ""); ep = $0; cont = "ep" }
		sp && !done && /data arrival time/ && NF == 4 { arr = $1; done = 1 }
		sp && !sl && /slack \(/ { sl = $1 }
		sp && !done && / [v^] [^ ]+\/(Y|YC|YS) \(/ { lv++ }
		sp && !done && /\(net\)/ { if ($1 + 0 > fo) fo = $1 + 0 }
		END {
			if (sl == "") exit 1
			gsub(/,/, ";", sp); gsub(/,/, ";", ep)
			printf "%s\t%s\t%s\t%s\t%d\t%d\n", arr, sl, sp, ep, lv, fo
		}' "$LG/sta-$1.log"
}

TIMING_CSV=$RP/timing.csv
{
	echo "module,critical_path_ns,critical_path_fo4,clock_ns,slack_ns,logic_levels,max_fanout,startpoint,endpoint"
	for m in "${MODULES[@]}"; do
		if is_array "$m" && [ "$STORAGE" = sram_model ]; then
			cp=$SRAM_ACCESS_NS
			sl=$(awk -v c="$CLOCK_NS" -v a="$SRAM_ACCESS_NS" 'BEGIN { printf "%.3f", c - a }')
			lv=0 fo=0
			if [[ " $SRAM_FLOWTHROUGH_MODULES " == *" $m "* ]]; then sp="$m macro r0_row_i (flow-through SRAM model)"
			else sp="$m macro clk_i (SRAM model)"; fi
			ep="$(awk '/^[ \t]*output[ \t]+logic/ { print $NF; exit }' "$GEN/$m.sv" | tr -d ',') (SRAM model access time)"
		else
			IFS=$'\t' read -r cp sl sp ep lv fo < <(sta_parse "$m") \
				|| { echo "asic: no clk path in $LG/sta-$m.log" >&2; exit 1; }
		fi
		awk -v m="$m" -v cp="$cp" -v fo4="$FO4_NS" -v c="$CLOCK_NS" -v sl="$sl" -v lv="$lv" \
			-v fo="$fo" -v sp="$sp" -v ep="$ep" 'BEGIN {
				printf "%s,%.3f,%.1f,%.3f,%.3f,%d,%d,\"%s\",\"%s\"\n", m, cp, cp / fo4, c, sl, lv, fo, sp, ep
			}'
	done
} > "$TIMING_CSV.tmp"
mv "$TIMING_CSV.tmp" "$TIMING_CSV"

echo "asic: $CONFIG done in $(($(date +%s) - t0)) s; storage $STORAGE; FO4 $FO4_NS ns"
column -s, -t "$AREA_CSV"
echo
column -s, -t "$TIMING_CSV"
