#!/usr/bin/env bash
# synth/power.sh CONFIG - power and energy of rf_top of generated/CONFIG from simulated activity.
#
#  1. Yosys maps rf_top onto the OSU 0.18 um cells as synth/asic.sh does, but keeps the hierarchy
#     (one netlist module per generated module), so power can be told per module instance.
#  2. Verilator runs that netlist (cell models made by Yosys from the same liberty) in lock-step
#     against the C model on the co-simulation's seeded stimulus: a mismatch fails the run.
#  3. The trace (FST, then VCD) is reduced to toggles per net (build/bin/vcd_activity).
#  4. OpenSTA gives every cell's power at activity 0 and at 1 toggle per cycle on all its non-clock
#     pins (clock pins at the clock's rate); the cell's power at its output net's simulated activity
#     a is P(0) + a (P(1) - P(0)), exact for OpenSTA's model, which is linear in activity.
#  5. The cells are summed per module instance of rf_top: reports/power.csv, reports/power.txt.
#     Where the storage arrays are SRAM macros (synth/sram_model.sh: [target] kind = asic, or more
#     bits per instance than SRAM_FLOP_MAX_BITS), the netlist keeps them as black boxes, the
#     simulation runs their generated models, and each macro adds its model energy per enabled port
#     and edge (the trace's count of edges at which r<p>_en_i or w<p>_en_i of rf_sram or of a
#     renaming-table bank rf_rt_bank, en_i of the one-port rf_coal_sram, was 1) and its model
#     leakage, each array module at its own energy per access.
# Method, limits and why not set_power_activity -pins: docs/flows.md, "Power".
#
#  6. With a technique on, the baseline twin (every technique off, as synth/overhead.sh makes it)
#     goes through steps 1-5 with the same seed, cycles and write-back rate: power.txt gets its
#     energies (twin_*) and the ratios (vs_twin_*).
# Environment: POWER_SEED (1), POWER_CYCLES (4000), POWER_WRITES (unset: the co-simulation's rate;
# K: a new write-back per port and cycle with chance K/8), POWER_NO_TWIN (set: no step 6),
# RF_GEN_DIR and RF_OUT_DIR as for asic.sh.
# Outputs under build/CONFIG/: power/ (netlist, scripts, activity), reports/power.{csv,txt},
# logs/power-*.log. Exit 2 on a config the flow does not cover; 1 on a tool failure or mismatch.
set -euo pipefail

usage() { echo "usage: synth/power.sh CONFIG   (run from the repository root)" >&2; exit 2; }
[ $# -eq 1 ] || usage
CONFIG=$1
GEN=${RF_GEN_DIR:-generated/$CONFIG}
[ -f "$GEN/files.f" ] && [ -f "$GEN/config.ini" ] || { echo "power: no $GEN/files.f or config.ini (make gen)" >&2; exit 2; }
LIB=${LIB:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
SEED=${POWER_SEED:-1}
CYCLES=${POWER_CYCLES:-4000}
WRITES=${POWER_WRITES:-}
SKIP=2   # reset cycles left out of the activity
for v in SEED CYCLES; do
	[[ ${!v} =~ ^[0-9]+$ ]] || { echo "power: POWER_$v = '${!v}': not a number" >&2; exit 2; }
done
[ "$CYCLES" -gt $((SKIP + 100)) ] || { echo "power: POWER_CYCLES = $CYCLES (legal: $((SKIP + 101)) and up)" >&2; exit 2; }
if [ -n "$WRITES" ] && ! [[ $WRITES =~ ^[1-8]$ ]]; then
	echo "power: POWER_WRITES = '$WRITES' (legal: 1..8, eighths of a write-back per port and cycle)" >&2; exit 2
fi

OUT=${RF_OUT_DIR:-build/$CONFIG}
PW=$OUT/power
RP=$OUT/reports
LG=$OUT/logs
mkdir -p "$PW" "$RP" "$LG"
VCD_ACTIVITY=${VCD_ACTIVITY:-build/bin/vcd_activity}
[ -x "$VCD_ACTIVITY" ] || { echo "power: $VCD_ACTIVITY missing (make build/bin/vcd_activity)" >&2; exit 1; }

ini_get() {
	awk -F' *= *' -v s="[$1]" -v k="$2" '
		/^\[/ { in_s = ($0 == s) } in_s && $1 == k { print $2; found = 1; exit }
		END { if (!found) exit 1 }' "$GEN/config.ini" \
		|| { echo "power: $GEN/config.ini has no [$1] $2" >&2; exit 2; }
}
KIND=$(ini_get target kind)
CLOCK_PS=$(ini_get target clock_ps)
CLOCK_NS=$(awk -v p="$CLOCK_PS" 'BEGIN { printf "%.4f", p / 1000 }')
# shellcheck source=synth/sram_model.sh
. "$(dirname "$0")/sram_model.sh"
mapfile -t FILES < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' -e "s|^|$GEN/|" "$GEN/files.f")
echo "power: $CONFIG: rf_top at ${CLOCK_NS} ns, seed $SEED, $CYCLES cycles${WRITES:+, write-backs at $WRITES/8}"
# the storage arrays of this config (rows, bits per row, ports): SRAM macros when the target is an
# ASIC or one holds more than SRAM_FLOP_MAX_BITS bits, as in synth/asic.sh
MACRO=0 ARRAYS=()
declare -A A_GEOM
for f in "${FILES[@]}"; do
	m=$(basename "$f" .sv)
	[[ " $SRAM_ARRAY_MODULES " == *" $m "* ]] || continue
	A_GEOM[$m]=$(sram_geom "$f") || { echo "power: $f: no Entries, read data or enables (sram_geom)" >&2; exit 1; }
	ARRAYS+=("$m")
	read -r rows rowbits _ <<< "${A_GEOM[$m]}"
	if sram_is_macro "$KIND" $((rows * rowbits)); then MACRO=1; fi
done
READS="read_verilog -sv ${FILES[*]}"
if [ $MACRO = 1 ]; then # the arrays are macros: read only their interfaces (-lib makes them black boxes)
	READS=$(for f in "${FILES[@]}"; do
		if [[ " ${ARRAYS[*]} " == *" $(basename "$f" .sv) "* ]]; then echo "read_verilog -sv -lib $f"
		else echo "read_verilog -sv $f"; fi
	done)
fi

check_log() { # any warning but ABC's note on multi-output library cells fails
	local bad
	bad=$(grep -iE 'warning|error' "$1" | grep -vE 'ABC: Warning: Detected [0-9]+ multi-output gates' || true)
	[ -z "$bad" ] || { echo "power: warnings or errors in $1:" >&2; echo "$bad" | head >&2; return 1; }
}

# The netlist and its simulator are rebuilt only when what they are made of changed (a second run
# with another seed or write rate reuses them).
KEY=$(cat "${FILES[@]}" "$0" "$(dirname "$0")/sram_model.sh" verif/cosim/harness.cpp verif/cosim/rfm_glue.h verif/cosim/build.sh build/lib/librfm.a \
	"$GEN/cosim/rf_top_glue.h" "$LIB" | sha256sum | cut -c1-16)
REUSE=0
if [ -x "$PW/obj/Vcosim" ] && [ -f "$PW/rf_top.v" ] && [ "$(cat "$PW/build.key" 2>/dev/null)" = "$KEY" ]; then
	REUSE=1
fi
rm -f "$PW/build.key"

# ---- 1. hierarchical netlist -------------------------------------------------------------------
printf 'set_driving_cell INVX1\nset_load %s\n' \
	"$(awk '/cell \(INVX1\)/ { c = 1 } c && /capacitance :/ { gsub(/;/, ""); print 4 * $3; exit }' "$LIB")" > "$PW/abc.constr"
OUT_LOAD=$(awk '{ if ($1 == "set_load") print $2 }' "$PW/abc.constr")
cat > "$PW/rf_top.ys" <<-EOF
	# generated by synth/power.sh for $CONFIG: synth/asic.sh's mapping, hierarchy kept
	read_liberty -lib $LIB
	$READS
	hierarchy -check -top rf_top
	synth -top rf_top
	dfflegalize -cell \$_DFF_P_ 01 -cell \$_DFFSR_PNN_ 01
	dfflibmap -liberty $LIB
	abc -liberty $LIB -constr $PW/abc.constr -D $CLOCK_PS -script +strash;&get,-n;&fraig,-x;&put;dc2;strash;&get,-n;&dch,-f;&nf,{D};&put;buffer,-N,8;upsize,{D};dnsize,{D};stime,-p
	opt_clean -purge
	rename -enumerate
	check -assert
	tee -q -o $PW/rf_top.stat stat -liberty $LIB
	write_verilog -noattr -noexpr -nohex -nodec -simple-lhs $PW/rf_top.v
EOF
[ $REUSE = 1 ] || yosys -q -l "$LG/power-synth.log" -s "$PW/rf_top.ys" > /dev/null 2>&1 \
	|| { echo "power: yosys failed ($LG/power-synth.log)" >&2; grep -m5 -i error "$LG/power-synth.log" >&2; exit 1; }
check_log "$LG/power-synth.log"
# with SRAM macros: the array modules rf_top instantiates (SRAM_ARRAY_MODULES order: the register
# file's first), each with its energy per access and leakage
MACRO_MODS=() KINDS=
declare -A M_PJ M_LEAK M_AREA
if [ $MACRO = 1 ]; then
	for m in $SRAM_ARRAY_MODULES; do
		[[ " ${ARRAYS[*]} " == *" $m "* ]] && grep -qE "^ *$m " "$PW/rf_top.v" && MACRO_MODS+=("$m")
	done
	[ ${#MACRO_MODS[@]} -gt 0 ] || { echo "power: $CONFIG: its storage arrays would be SRAM macros (kind $KIND), but rf_top holds none" >&2; exit 2; }
	for m in "${MACRO_MODS[@]}"; do
		read -r rows rowbits ports <<< "${A_GEOM[$m]}"
		M_PJ[$m]=$(sram_access_pj "$rowbits")
		M_LEAK[$m]=$(sram_leak_nw $((rows * rowbits)) "$ports")
		M_AREA[$m]=$(sram_area_um2 $((rows * rowbits)) "$ports")
		KINDS+="$m:${M_PJ[$m]}:${M_LEAK[$m]} "
		echo "power: $m is an SRAM macro ($rows x $rowbits bits, $ports ports): ${M_PJ[$m]} pJ per access," \
			"${M_LEAK[$m]} nW leakage (synth/sram_model.sh)"
	done
fi
# cells whose simulation model or power model the method does not cover: none may appear
bad=$(grep -oE '^ *(LATCH|TBUFX[12]|FAX1|HAX1) ' "$PW/rf_top.v" | sort -u | tr -d ' ' | tr '\n' ' ' || true)
[ -z "$bad" ] || { echo "power: the netlist uses $bad(latch, tri-state or multi-output cells): not covered" >&2; exit 1; }

# ---- 2. lock-step simulation of the netlist ----------------------------------------------------
SRAM_SIM=()   # the macros' behaviour in the simulation: their generated models
for m in "${MACRO_MODS[@]}"; do
	f=$GEN/$m.sv
	[[ $f == /* ]] || f=$PWD/$f
	SRAM_SIM+=("$f")
done
if [ $REUSE = 0 ]; then
{
	echo "// generated by synth/power.sh: Yosys read_liberty of $LIB, simulation models of the cells"
	echo "/*verilator tracing_off*/"
	yosys -q -p "read_liberty $LIB; write_verilog -noattr -" 2> "$LG/power-cells.log"
} > "$PW/cells_sim.v"
check_log "$LG/power-cells.log"
# -fno-const-bit-op-tree: Verilator 5.006's bit-op-tree optimization computes some Yosys netlists
# wrongly (verilator/verilator#4059, fixed in later releases); seen here on small_regmutex's
# rf_srp_xlate, where Icarus and Yosys's SAT agree with the RTL and Verilator did not without it.
# The netlist's C++ (tens of megabytes with every net traced) is compiled at -O0: a run is a few
# thousand cycles, so compiling dominates (docs/flows.md, "Power", step 2: times, same reports).
# -Wno-UNOPTFLAT: where Yosys merged flops, a vector's bit is assigned from another bit of the same
# vector (fermi_regmutex's kbt3_q), which Verilator reports as a loop at vector granularity; it
# settles the bits in order, and the lock-step comparison checks the result.
if ! verif/cosim/build.sh "$GEN/cosim/rf_top_glue.h" "$PW/obj" "$LG/power-verilator.log" \
	-O1 -fno-const-bit-op-tree -Wno-UNOPTFLAT --trace-fst --trace-underscore \
	-MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O2" \
	--top-module rf_top "$PWD/$PW/cells_sim.v" "$PWD/$PW/rf_top.v" "${SRAM_SIM[@]}" || grep -q '%Warning' "$LG/power-verilator.log"; then
	echo "power: verilator build of the netlist failed or warned ($LG/power-verilator.log)" >&2; exit 1
fi
fi
echo "$KEY" > "$PW/build.key"
rm -f "$PW/trace.fst" "$PW/counters.csv"
if ! "$PW/obj/Vcosim" +config="$GEN/config.ini" +seed="$SEED" +cycles="$CYCLES" +quiet \
	+trace="$PW/trace.fst" +counters="$PW/counters.csv" ${WRITES:++writes=$WRITES} > "$LG/power-cosim.log" 2>&1; then
	echo "power: the netlist disagrees with the model or the run failed ($LG/power-cosim.log):" >&2
	grep -m3 -E 'MISMATCH|error' "$LG/power-cosim.log" >&2 || tail -3 "$LG/power-cosim.log" >&2
	exit 1
fi
echo "power: netlist and model agree over $CYCLES cycles (lock-step, $(grep -c . "$PW/rf_top.v") netlist lines)"

# ---- 3. activity -------------------------------------------------------------------------------
fst2vcd "$PW/trace.fst" -o "$PW/trace.vcd" > "$LG/power-fst2vcd.log" 2>&1 \
	|| { echo "power: fst2vcd failed ($LG/power-fst2vcd.log)" >&2; exit 1; }
"$VCD_ACTIVITY" --scope TOP.rf_top --clock clk_i --skip $SKIP "$PW/trace.vcd" > "$PW/activity.txt"
rm -f "$PW/trace.vcd"

# ---- 4. OpenSTA: every cell's power at activity 0 and 1 ----------------------------------------
SRAM_LIB_READ=
if [ ${#MACRO_MODS[@]} -gt 0 ]; then # the macros' cells for linking (their power is the model's, step 5)
	cells=()
	for m in "${MACRO_MODS[@]}"; do cells+=("$GEN/$m.sv" "${M_AREA[$m]}" "${M_LEAK[$m]}"); done
	sram_lib 1 0 "${cells[@]}" > "$PW/rf_sram_model.lib"
	SRAM_LIB_READ="read_liberty $PW/rf_sram_model.lib"
fi
cat > "$PW/power.sta.tcl" <<-EOF
	# generated by synth/power.sh for $CONFIG
	read_liberty $LIB
	$SRAM_LIB_READ
	read_verilog $PW/rf_top.v
	link_design rf_top
	create_clock -name clk -period $CLOCK_NS [get_ports clk_i]
	set ins [delete_from_list [all_inputs] [get_ports clk_i]]
	set_input_delay 0 -clock clk \$ins
	set_output_delay 0 -clock clk [all_outputs]
	set_driving_cell -lib_cell INVX1 -pin Y \$ins
	set_load $OUT_LOAD [all_outputs]
	set corner [sta::cmd_corner]
	set leaves {}
	foreach c [get_cells -hierarchical *] {
	  if {[llength [get_lib_cells -quiet osu018_stdcells/[get_property \$c ref_name]]]} {
	    lappend leaves \$c
	  } else {
	    puts "MODULE [get_full_name \$c] [get_property \$c ref_name]"
	  }
	}
	foreach a {0 1} {
	  sta::set_power_global_activity \$a 0.5
	  foreach c \$leaves { set p(\$a,[get_full_name \$c]) [sta::instance_power \$c \$corner] }
	}
	foreach c \$leaves {
	  set n [get_full_name \$c]
	  set outs {}
	  foreach q [get_pins -of_objects \$c] {
	    if {[get_property \$q direction] == "output"} { lappend outs [get_full_name [get_nets -of_objects \$q]] }
	  }
	  if {[llength \$outs] != 1} { puts "ERROR \$n has [llength \$outs] outputs"; continue }
	  puts "CELL \$n [get_property \$c ref_name] [lindex \$outs 0] [lrange \$p(0,\$n) 0 2] [lrange \$p(1,\$n) 0 2]"
	}
	exit
EOF
sta -no_init -no_splash "$PW/power.sta.tcl" > "$LG/power-sta.log" 2>&1 \
	|| { echo "power: sta failed ($LG/power-sta.log)" >&2; tail -5 "$LG/power-sta.log" >&2; exit 1; }
check_log "$LG/power-sta.log"

# ---- 5. per module instance --------------------------------------------------------------------
awk -v clk_ns="$CLOCK_NS" -v cfg="$CONFIG" -v seed="$SEED" -v writes="${WRITES:-default}" \
    -v kinds="$KINDS" \
    -v csv="$RP/power.csv.tmp" -v txt="$RP/power.txt.tmp" -v unmatched="$PW/unmatched.txt" '
	BEGIN { nk = split(kinds, kl, " "); for (i = 1; i <= nk; i++) { split(kl[i], kv, ":"); kname[i] = kv[1]; mpj[kv[1]] = kv[2]; mleak[kv[1]] = kv[3] } }
	function norm(s) { gsub(/\\/, "", s); return s }
	function group(inst,   g) { g = inst; if (sub(/\/.*/, "", g) == 0) g = "rf_top"; if (!(g in seen)) { seen[g] = 1; order[++ng] = g }; return g }
	FNR == 1 { f++ }
	f == 1 && /^# cycles/ { cycles = $3; next }
	f == 1 { tog[$1] = $2; high[$1] = $3; next }
	f == 2 { cnt[$1] = $2; next }   # counters.csv, split on ","
	f == 3 && /^MODULE/ && ($3 in mpj) { macro[++nm] = norm($2); mkind[nm] = $3; next }   # a macro cell
	f == 3 && /^MODULE/ { n = norm($2); if (n !~ /\//) modof[n] = $3; next }
	f == 3 && /^ERROR/ { print "power: " $0 > "/dev/stderr"; err = 1; next }
	f == 3 && /^CELL/ {
		inst = norm($2); net = norm($4)
		if (!(net in tog)) { nun++; print inst, $3, net > unmatched; a = 0 } else a = tog[net] / cycles
		grp = group(inst)
		cells[grp]++
		pint[grp] += $5 + a * ($8 - $5); psw[grp] += $6 + a * ($9 - $6); plk[grp] += $7
		clkint += $5   # at activity 0 only clock pins draw internal power
		if ($3 ~ /^DFF/) flops[grp]++
		ncell++
	}
	END {
		if (err) exit 1
		if (!cycles || !ncell) { print "power: no cycles or no cells" > "/dev/stderr"; exit 1 }
		if (nun > ncell / 100) {
			printf "power: %d of %d cell outputs have no net in the trace (%s)\n", nun, ncell, unmatched > "/dev/stderr"
			exit 1
		}
		# each macro: its ports enabled at an edge, from the trace of its generated model
		for (i = 1; i <= nm; i++) {
			m = macro[i]; k = mkind[i]; g = group(m); np = 0; acc = 0
			for (p = 0; p < 64; p++) {
				if ((m "/r" p "_en_i") in high) { mr += high[m "/r" p "_en_i"]; acc += high[m "/r" p "_en_i"]; np++ }
				if ((m "/w" p "_en_i") in high) { mw += high[m "/w" p "_en_i"]; acc += high[m "/w" p "_en_i"]; np++ }
			}
			if ((m "/en_i") in high && (m "/we_i") in high) { # one port: a write is an access with we_i
				acc += high[m "/en_i"]; mw += high[m "/we_i"]; mr += high[m "/en_i"] - high[m "/we_i"]; np++
			}
			if (!np) { printf "power: macro %s has no r<p>_en_i, w<p>_en_i or en_i in the trace\n", m > "/dev/stderr"; exit 1 }
			if ((g in gkind) && gkind[g] != k) { printf "power: %s holds macros of two kinds (%s, %s)\n", g, gkind[g], k > "/dev/stderr"; exit 1 }
			gkind[g] = k; macc[g] += acc; mpjs[g] += acc * mpj[k]; mlkn[g] += mleak[k]
			nmac[g]++; kcount[k]++
		}
		for (i = 1; i <= nk; i++)
			if (!kcount[kname[i]]) { print "power: " kname[i] " is a macro, but OpenSTA sees none" > "/dev/stderr"; exit 1 }
		print "instance,module,cells,flops,internal_uW,switching_uW,leakage_nW,total_uW,energy_pJ_per_cycle,macros,macro_accesses,macro_dynamic_uW,macro_leakage_nW,macro_module" > csv
		for (i = 1; i <= ng; i++) {
			g = order[i]; m = (g == "rf_top") ? "rf_top (own logic)" : modof[g]
			mdyn[g] = mpjs[g] / (cycles * clk_ns) * 1e-3   # pJ / ns = mW; in W
			mlk[g] = mlkn[g] * 1e-9
			tot = pint[g] + psw[g] + plk[g] + mdyn[g] + mlk[g]
			printf "%s,%s,%d,%d,%.3f,%.3f,%.3f,%.3f,%.4f,%d,%d,%.3f,%.3f,%s\n", g, m, cells[g], flops[g] + 0, pint[g] * 1e6, psw[g] * 1e6,
				plk[g] * 1e9, tot * 1e6, tot * clk_ns * 1e3, nmac[g], macc[g], mdyn[g] * 1e6, mlk[g] * 1e9, (g in gkind) ? gkind[g] : "-" > csv
			TI += pint[g]; TS += psw[g]; TL += plk[g]; TC += cells[g]; TF += flops[g]
			TM += nmac[g]; TA += macc[g]; TMD += mdyn[g]; TML += mlk[g]
		}
		T = TI + TS + TL + TMD + TML
		printf "all,rf_top,%d,%d,%.3f,%.3f,%.3f,%.3f,%.4f,%d,%d,%.3f,%.3f,-\n", TC, TF, TI * 1e6, TS * 1e6, TL * 1e9, T * 1e6, T * clk_ns * 1e3,
			TM, TA, TMD * 1e6, TML * 1e9 > csv
		e = T * clk_ns * 1e3            # pJ per cycle
		E = e * cnt["cycles"]           # pJ over the run
		printf "config=%s\nseed=%s\ncycles=%d\nwrites=%s\nclock_ns=%s\n", cfg, seed, cycles, writes, clk_ns > txt
		printf "total_uW=%.3f\ninternal_uW=%.3f\nswitching_uW=%.3f\nleakage_nW=%.3f\n", T * 1e6, TI * 1e6, TS * 1e6, TL * 1e9 > txt
		printf "clock_pins_internal_uW=%.3f\n", clkint * 1e6 > txt
		if (nm) {
			# the register file arrays (the first kind), then every kind on its own
			printf "sram_macros=%d\nsram_pJ_per_access=%s\nsram_leakage_nW_per_macro=%s\n", nm, mpj[kname[1]], mleak[kname[1]] > txt
			printf "sram_kinds=" > txt
			for (i = 1; i <= nk; i++) printf "%s%s", (i > 1 ? " " : ""), kname[i] > txt
			printf "\n" > txt
			for (i = 1; i <= nk; i++)
				printf "sram_macros_%s=%d\nsram_pJ_per_access_%s=%s\nsram_leakage_nW_per_macro_%s=%s\n", kname[i], kcount[kname[i]],
					kname[i], mpj[kname[i]], kname[i], mleak[kname[i]] > txt
			printf "sram_reads=%d\nsram_writes=%d\nsram_dynamic_uW=%.3f\nsram_leakage_nW=%.3f\n", mr, mw, TMD * 1e6, TML * 1e9 > txt
		}
		printf "energy_pJ_per_cycle=%.4f\n", e > txt
		printf "reads=%d\nwrites_done=%d\ndispatches=%d\n", cnt["cnt_read_o"], cnt["cnt_write_o"], cnt["cnt_dispatch_o"] > txt
		if (cnt["cnt_dispatch_o"] > 0) printf "energy_pJ_per_dispatch=%.4f\n", E / cnt["cnt_dispatch_o"] > txt
		if (cnt["cnt_read_o"] + cnt["cnt_write_o"] > 0)
			printf "energy_pJ_per_access=%.4f\n", E / (cnt["cnt_read_o"] + cnt["cnt_write_o"]) > txt
		printf "unannotated_outputs=%d\n", nun > txt
	}' "$PW/activity.txt" FS=, "$PW/counters.csv" FS=' ' "$LG/power-sta.log"

# ---- 6. the baseline twin ----------------------------------------------------------------------
# A config with a technique on: the same register file with every technique section switched off
# (as synth/overhead.sh builds it) through this flow with the same seed, cycles and write-back
# rate; its energies go into power.txt as twin_* and the ratios as vs_twin_*.
techs=$(awk -F' *= *' '/^\[/ { sec = substr($0, 2, length($0) - 2) } $1 == "enable" && $2 == "on" { print sec }' \
	"$GEN/config.ini")
if [ -n "$techs" ] && [ -z "${POWER_NO_TWIN:-}" ]; then
	TW=$PW/twin
	sets=()
	for t in $techs; do sets+=(-s "$t.enable=off"); done
	mkdir -p "$TW"
	build/bin/rtl_gen -c "$GEN/config.ini" "${sets[@]}" -o "$TW/generated.new" > "$LG/power-twin-gen.log" 2>&1 \
		|| { echo "power: generating the baseline twin failed ($LG/power-twin-gen.log)" >&2; exit 1; }
	# keep the old copy when nothing changed, so its netlist and simulator are reused
	if [ -d "$TW/generated" ] && diff -rq "$TW/generated" "$TW/generated.new" > /dev/null; then
		rm -rf "$TW/generated.new"
	else
		rm -rf "$TW/generated"
		mv "$TW/generated.new" "$TW/generated"
	fi
	echo "power: $CONFIG: the baseline twin (${techs//$'\n'/ } off), same seed and cycles"
	RF_GEN_DIR=$TW/generated RF_OUT_DIR=$TW POWER_NO_TWIN=1 "$0" "$CONFIG" > "$LG/power-twin.log" 2>&1 \
		|| { echo "power: the baseline twin's run failed ($LG/power-twin.log)" >&2; tail -5 "$LG/power-twin.log" >&2; exit 1; }
	awk -F= -v techs="${techs//$'\n'/ }" '
		FNR == 1 { f++ }
		f == 1 { t[$1] = $2; next }
		{ print }
		END {
			printf "twin=%s off\n", techs
			for (k in t) if (k ~ /^energy_pJ_per_/) {
				printf "twin_%s=%s\n", k, t[k]
			}
		}' "$TW/reports/power.txt" "$RP/power.txt.tmp" > "$RP/power.txt.tmp2"
	awk -F= '{ v[$1] = $2; print }
		END {
			n = split("cycle dispatch access", q, " ")
			for (i = 1; i <= n; i++) {
				k = "energy_pJ_per_" q[i]
				if (v[k] != "" && v["twin_" k] > 0) printf "vs_twin_%s=%.4f\n", k, v[k] / v["twin_" k]
			}
		}' "$RP/power.txt.tmp2" > "$RP/power.txt.tmp"
	rm -f "$RP/power.txt.tmp2"
fi
mv "$RP/power.csv.tmp" "$RP/power.csv"
mv "$RP/power.txt.tmp" "$RP/power.txt"
column -s, -t "$RP/power.csv"
grep -E '^(total_uW|energy_pJ_per_(cycle|dispatch|access)|vs_twin_energy_pJ_per_dispatch)=' "$RP/power.txt" | tr '\n' ' '; echo
echo "power: $RP/power.csv, $RP/power.txt"
