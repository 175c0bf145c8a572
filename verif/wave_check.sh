#!/usr/bin/env bash
# wave_check.sh CONFIG [MODULE] - `make wave` on CONFIG (MODULE, default rf_top), then every signal
# that the generated GTKWave layout (generated/CONFIG/cosim/MODULE.gtkw) names must be in the trace
# it opens: ports and the internal signals grouped by section and instance (rtl_gen/glue.c). A copy
# of the layout with a planted name the RTL lacks must be rejected. Needs fst2vcd (gtkwave).
set -uo pipefail
cd "$(dirname "$0")/.."
cfg=$1 mod=${2:-rf_top}
gen=${RF_GEN_DIR:-generated/$cfg} out=build/$cfg/waves
fst=$out/$mod.fst gtkw=$gen/cosim/$mod.gtkw
command -v fst2vcd >/dev/null || { echo "wave-check: fst2vcd not found (Debian package gtkwave; make deps)"; exit 1; }
make -s wave CONFIG="$cfg" MODULE="$mod" >"$out-$mod-wave.log" 2>&1 || { cat "$out-$mod-wave.log"; exit 1; }
# the full names in the trace: scopes joined with dots, a vector's range dropped
fst2vcd -f "$fst" | sed '/\$enddefinitions/q' | awk '
	$1 == "$scope" { s[++d] = $3 } $1 == "$upscope" { d-- }
	$1 == "$var" { n = s[1]; for (i = 2; i <= d; i++) n = n "." s[i]; print n "." $5 }' | sort -u >"$out/$mod.names"

# the names LAYOUT lists that the trace lacks, one per line
missing() { grep '^TOP\.' "$1" | sed 's/\[[0-9]*:0\]$//' | sort -u | comm -23 - "$out/$mod.names"; }
n=$(grep -c '^TOP\.' "$gtkw")
internal=$(grep -c "^TOP\.$mod\." "$gtkw")
if missing "$gtkw" | grep -q .; then
	echo "wave-check: $gtkw names signals that $fst lacks:"
	missing "$gtkw" | head -20 | sed 's/^/  /'
	exit 1
fi
[ "$internal" -gt 0 ] || { echo "wave-check: $gtkw names no internal signal of $mod"; exit 1; }
# planted: a layout naming a signal the RTL does not have is rejected
bad=$out/$mod-planted.gtkw
{ cat "$gtkw"; echo "@28"; echo "TOP.$mod.no_such_signal"; } >"$bad"
if [ "$(missing "$bad")" = "TOP.$mod.no_such_signal" ]; then
	echo "wave-check: planted: a layout naming TOP.$mod.no_such_signal is rejected"
else
	echo "wave-check: planted: a layout naming TOP.$mod.no_such_signal was NOT rejected"; exit 1
fi
echo "wave-check: $cfg $mod: all $n signals of the layout ($internal internal, $((n - internal)) ports) are in the trace"
