#!/usr/bin/env bash
# datasheets_listed.sh [--selftest] - every named config (rtl_gen/configs/*.ini) has a committed
# datasheet (docs/datasheets/<name>.md), or README.md lists it under "Named configs without a
# datasheet" with the reason ("  - `<name>`: why", continued on lines indented by 4); a listed config must not have one (a stale
# line). --selftest also plants both faults in copies (a datasheet taken away, a stale line), and
# checks make datasheet-check DATASHEET_POWER=skip on a copy without Power and with a changed area;
# it fails unless each is reported.
set -uo pipefail
cd "$(dirname "$0")/.."

# check README DATASHEET_DIR: prints every problem, exit 1 when there is one
check() {
	local readme=$1 dir=$2 c bad=0 listed
	listed=$(awk '/^Named configs without a datasheet/ { on = 1; next }
		on && /^  - `[a-z0-9_]+`: ./ { sub(/^  - `/, ""); sub(/`.*/, ""); print; next }
		on && /^    [^ ]/ { next } on { exit }' "$readme")  # an item may continue on lines indented by 4
	for c in $(ls rtl_gen/configs/*.ini | xargs -n1 basename | sed 's/\.ini$//'); do
		if [ -f "$dir/$c.md" ]; then
			if grep -qx "$c" <<<"$listed"; then
				echo "datasheets-listed: $readme lists $c as without a datasheet, but $dir/$c.md exists"; bad=1
			fi
		elif ! grep -qx "$c" <<<"$listed"; then
			echo "datasheets-listed: $c has no $dir/$c.md and $readme does not say why (\"Named configs without a datasheet\")"
			bad=1
		fi
	done
	return $bad
}

check README.md docs/datasheets || exit 1
n=$(ls docs/datasheets/*.md | grep -vc README.md)
echo "datasheets-listed: every named config has a datasheet ($n) or a reason in README.md"
[ "${1:-}" = --selftest ] || exit 0
tmp=build/test/datasheets-listed
rm -rf "$tmp" && mkdir -p "$tmp/ds"
first=$(ls docs/datasheets/*.md | grep -v README.md | head -1)
cp docs/datasheets/*.md "$tmp/ds/" && rm "$tmp/ds/$(basename "$first")"
if check README.md "$tmp/ds" >/dev/null; then
	echo "datasheets-listed: selftest: $(basename "$first") taken away was NOT reported"; exit 1
fi
echo "datasheets-listed: selftest: a named config without a datasheet or a reason is reported"
awk '{ print } /^Named configs without a datasheet/ { print "  - `small`: planted" }' README.md >"$tmp/README.md"
if check "$tmp/README.md" docs/datasheets >/dev/null; then
	echo "datasheets-listed: selftest: a stale line for small was NOT reported"; exit 1
fi
echo "datasheets-listed: selftest: a config listed as without a datasheet while it has one is reported"
# make datasheet-check DATASHEET_POWER=skip (make test, where it runs no power check): a fresh run
# without the power reports matches; a changed figure outside the Power section does not
ds=$(grep -l '^## Power' docs/datasheets/*.md | head -1) c=$(basename "$ds" .md)
mkdir -p "$tmp/b/$c/reports"
awk '/^## / { s = ($0 ~ /^## Power/) } /^- `rf_top` draws/ || /^make power / { next }
	/^\| .* the baseline twin.s energy per dispatched instruction/ { next } !s' "$ds" >"$tmp/b/$c/reports/DATASHEET.md"
if ! make -s datasheet-check CONFIG="$c" DATASHEET_POWER=skip B="$tmp/b" >"$tmp/skip.log" 2>&1; then
	echo "datasheets-listed: selftest: $c without its power reports does NOT match Power aside:"; cat "$tmp/skip.log"; exit 1
fi
if make -s datasheet-check CONFIG="$c" B="$tmp/b" >/dev/null 2>&1; then
	echo "datasheets-listed: selftest: $c without its Power section matched in full"; exit 1
fi
awk '/^## Area/ { a = 1 } a && /^\| rf_/ && !done { sub(/[0-9]/, "7"); done = 1 } { print }' "$tmp/b/$c/reports/DATASHEET.md" >"$tmp/planted.md"
cmp -s "$tmp/planted.md" "$tmp/b/$c/reports/DATASHEET.md" && { echo "datasheets-listed: selftest: no area figure to change in $ds"; exit 1; }
mv "$tmp/planted.md" "$tmp/b/$c/reports/DATASHEET.md"
if make -s datasheet-check CONFIG="$c" DATASHEET_POWER=skip B="$tmp/b" >/dev/null 2>&1; then
	echo "datasheets-listed: selftest: a changed area figure in $c was NOT reported Power aside"; exit 1
fi
echo "datasheets-listed: selftest: Power aside, $c matches without its power reports and a changed area figure is reported"
