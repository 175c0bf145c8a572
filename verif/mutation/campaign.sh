#!/usr/bin/env bash
# campaign.sh CONFIG [N] [SEED] - a random mutation campaign on CONFIG's generated RTL (make mutate):
# N operator mutants (& <-> |, == <-> !=, + <-> -, < <-> >=, > -> <=, a dropped ~ or !, 1'b0 <->
# 1'b1), drawn with SEED from every statement of rf_top and every module below it (declarations,
# comments and the simulation-only blocks excluded: assertions, the eDRAM decay overlay), each
# planted alone in a copy of generated/CONFIG, built, and co-simulated against the unmutated model
# (rf_top, seeds 1 and 2, CYCLES cycles each; an eDRAM config in every decay mode). With
# CAMPAIGN_TOPS="a b" (make mutate BLOCK=... MODULES=...: blocks generated alone) the tops are those
# blocks' own harnesses instead of rf_top: a mutant in a module runs every top that holds it. A
# mutant is caught (a run fails: comparison or checker), survived (every run passes) or stillborn
# (Verilator does not build it; not scored). Report: build/CONFIG/mutate/report.md with every survivor by file,
# line and operator. docs/verification.md keeps the latest scores and the review of each survivor.
# First the unmutated RTL is built and run the same way: if it fails, nothing is scored (exit 2).
set -uo pipefail
cfg=${1:?usage: campaign.sh CONFIG [N] [SEED]}
n=${2:-40} seed=${3:-1} cycles=${CYCLES:-20000}
gen=${RF_GEN_DIR:-generated/$cfg} out=build/$cfg/mutate  # RF_GEN_DIR: a user config (Makefile)
[ -f "$gen/files.f" ] || { echo "campaign: $gen/files.f: no such config (make gen)" >&2; exit 2; }
case $n$seed in *[!0-9]*) echo "campaign: N and SEED must be numbers (got N=$n SEED=$seed)" >&2; exit 2 ;; esac
rm -rf "$out" && mkdir -p "$out"

tops=${CAMPAIGN_TOPS:-rf_top}
# the modules TOP instantiates, itself included (instances are `rf_<name> u_<name> (`)
reachable() {
	local todo=$1 seen=" $1 " m sub
	while [ -n "$todo" ]; do
		set -- $todo
		m=$1
		shift
		todo="$*"
		for sub in $(sed -n 's/^ *\(rf_[a-z0-9_]*\) u_[a-z0-9_]* (.*/\1/p' "$gen/$m.sv" | sort -u); do
			case $seen in *" $sub "*) ;; *) seen+="$sub " todo+=" $sub" ;; esac
		done
	done
	for m in $seen; do echo "$m.sv"; done
}

for t in $tops; do
	[ -f "$gen/$t.sv" ] || { echo "campaign: $gen/$t.sv: no such module (CAMPAIGN_TOPS)" >&2; exit 2; }
	reachable "$t" >"$out/reach-$t.txt"
done
# the files of the tops' modules, each once
files() { sort -u "$out"/reach-*.txt; }
# the tops that hold FILE
tops_of() {
	local t
	for t in $tops; do grep -qx "$1" "$out/reach-$t.txt" && echo "$t"; done
}
# every mutation site: file, line, column, old text, new text (tab separated)
sites() {
	local f
	for f in $(files); do
		awk -v file="$f" '
		function site(re, new,   s, off, p) {
			s = code; off = 0
			while ((p = match(s, re)) > 0) {
				printf "%s\t%d\t%d\t%s\t%s\n", file, NR, off + RSTART, substr(s, RSTART, RLENGTH), new
				off += RSTART + RLENGTH - 1; s = substr(s, RSTART + RLENGTH)
			}
		}
		# the eDRAM decay overlay (DPI-C, simulation only; the other branch is never simulated)
		/^ *`ifdef VERILATOR/ { skip = 3; next }
		skip == 3 && /^ *`endif/ { skip = 0; next }
		/^ *\/\/ ---- assertions:/ { skip = 1 }
		/`undef RFM_CHECKS/ { skip = 2; next }
		skip == 2 && /`endif/ { skip = 0; next }
		skip { next }
		{
			code = $0; sub(/\/\/.*/, "", code)
			if (code ~ /^[ \t]*(input|output|logic|localparam|module|genvar|function|\)|\.)/) next
			if (code !~ /assign |[^<>=!]=[^=]|<=|if \(|\?/) next
			site(" & ", " | "); site(" \\| ", " & "); site(" == ", " != "); site(" != ", " == ")
			site(" \\+ ", " - "); site(" - ", " + "); site(" < ", " >= "); site(" >= ", " < ")
			site(" > ", " <= "); site("~[a-z(]", ""); site("![a-z(]", ""); site("1\047b0", "1\047b1")
			site("1\047b1", "1\047b0")
		}' "$gen/$f"
	done
}
sites >"$out/sites.tsv"
total=$(wc -l <"$out/sites.tsv")
[ "$total" -gt 0 ] || { echo "campaign: no mutation sites in $gen" >&2; exit 2; }
# N distinct sites drawn with SEED
awk -v seed="$seed" 'BEGIN { srand(seed) } { print rand() "\t" $0 }' "$out/sites.tsv" | sort -g | cut -f2- |
	head -n "$n" >"$out/drawn.tsv"

# rf_top of an eDRAM config runs each seed in every decay mode, as make cosim does: the decay twin
# judges the refreshed rows and the flags, which rf_top's ports show only in part (docs/edram.md,
# "Decay in the co-simulation")
decays=$(verif/cosim/decay_modes.sh "$gen/config.ini") runs="seeds 1 and 2"
[ "$tops" = rf_top ] || decays=
[ -n "$decays" ] && runs="seeds 1 and 2 in decay modes ${decays// /, }" || decays=-
# build DIR TOP: DIR/obj-TOP/Vcosim from the copy of the config in DIR/src (log DIR/build-TOP.log)
build() {
	verif/cosim/build.sh "$1/src/cosim/$2_glue.h" "$1/obj-$2" "$1/build-$2.log" \
		-O1 -Wno-fatal -fno-dfg -MAKEFLAGS "OPT_FAST=-O1 OPT_SLOW=-O1 OPT_GLOBAL=-O2" \
		--top-module "$2" -F "$PWD/$1/src/files.f"
}
# runs DIR TOP: every seed and decay mode against the model; on the first failing run, its log in
# $failed and status 1
runs() {
	local s d args
	for s in 1 2; do
		for d in $decays; do
			failed=$1/$2-seed$s.log args=(+config="$gen/config.ini" +seed="$s" +cycles="$cycles" +quiet)
			[ "$d" != - ] && failed=$1/$2-seed$s-decay-$d.log args+=(+decay="$d")
			timeout "$limit" "$1/obj-$2/Vcosim" "${args[@]}" >"$failed" 2>&1
			case $? in
			0) ;;
			124) echo "TIMEOUT: the run did not end in $limit s (the control's took ${ctl}s)" >>"$failed"; return 1 ;;
			*) return 1 ;;
			esac
		done
	done
}
# the control: the unmutated RTL builds and passes every run, so that a mutant's failure is the
# mutant's, not the set-up's
mkdir -p "$out/m0" && cp -r "$gen/." "$out/m0/src/"
# a mutant can make a run loop for ever (a loop's step turned around): runs are stopped after 30 s
# plus 20 times the control's runs, and such a mutant counts as caught (the suite would not pass)
limit=3600 ctl=0
for t in $tops; do
	build "$out/m0" "$t" || { echo "campaign: the unmutated $t of $cfg does not build (log $out/m0/build-$t.log)" >&2; exit 2; }
	SECONDS=0
	if ! runs "$out/m0" "$t"; then
		echo "campaign: the unmutated $t of $cfg fails a run, no mutant can be judged (log $failed):" >&2
		tail -3 "$failed" >&2; exit 2
	fi
	[ "$SECONDS" -gt "$ctl" ] && ctl=$SECONDS
done
limit=$((30 + 20 * ctl))
rm -rf "$out/m0"
caught=0 survived=0 stillborn=0 i=0
{
	echo "# Mutation campaign: $cfg"
	echo
	echo "\`make mutate ${RF_CONFIG_ARG:-CONFIG=$cfg}${CAMPAIGN_BLOCK:+ BLOCK=$CAMPAIGN_BLOCK MODULES=\"$tops\"} N=$n SEED=$seed\`"
	echo "($total sites; ${tops// /, } co-simulated, $runs,"
	echo "$cycles cycles each)."
	echo
	echo "| # | file:line | mutation | result | first failure |"
	echo "|---|---|---|---|---|"
} >"$out/report.md"
while IFS=$'\t' read -r file line col old new; do
	i=$((i + 1))
	dir=$out/m$i
	mkdir -p "$dir" && cp -r "$gen/." "$dir/src/"
	# the old text's ~ or ! is dropped by keeping only its last character
	[ -z "$new" ] && new=${old:1}
	awk -v l="$line" -v c="$col" -v o="$old" -v n="$new" \
		'NR == l { $0 = substr($0, 1, c - 1) n substr($0, c + length(o)) } { print }' \
		"$gen/$file" >"$dir/src/$file"
	desc="\`$old\` -> \`$new\`"
	result=survived why="" these=$(tops_of "$file")
	[ -n "$these" ] || { echo "campaign: $file is in no top's modules" >&2; exit 2; }
	for t in $these; do
		if ! build "$dir" "$t"; then
			result=stillborn why="does not build (log $dir/build-$t.log)"
			break
		fi
		if ! runs "$dir" "$t"; then
			result=caught why=$(grep -m1 -E "MISMATCH|CHECK|golden|rf_top|Assertion|TIMEOUT" "$failed" | cut -c1-90)
			break
		fi
	done
	rm -rf "$dir"/obj-*
	case $result in
	caught) caught=$((caught + 1)) ;;
	survived) survived=$((survived + 1)) ;;
	*) stillborn=$((stillborn + 1)) ;;
	esac
	printf '%-9s m%-3s %s:%s %s\n' "$result" "$i" "$file" "$line" "$old -> $new"
	echo "| $i | \`$file:$line\` | ${desc//|/\\|} | $result | ${why//|/\\|} |" >>"$out/report.md"
	[ $result = survived ] || rm -rf "$dir" # survivors stay for review
done <"$out/drawn.tsv"
scored=$((caught + survived))
score=$(awk -v c=$caught -v s=$scored 'BEGIN { printf "%.1f", s ? 100 * c / s : 0 }')
{
	echo
	echo "Caught $caught of $scored scored mutants ($score%), $survived survived, $stillborn stillborn (not scored)."
} >>"$out/report.md"
echo "campaign $cfg: $caught caught, $survived survived, $stillborn stillborn: $score% of $scored scored (report $out/report.md)"
