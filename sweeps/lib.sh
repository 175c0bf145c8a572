# shellcheck shell=bash
# lib.sh - shell helpers of the sweep runners (sourced by sweeps/run.sh, point.sh, collect.sh).
# A results folder OUT holds settings.sh and plan.tsv (sweep plan) and points/<id>/ per point:
# spec (what the point ran with), status (done, failed or refused; written last), reason,
# figures ("name,value" lines), time ("wall_s host"), point.log.

# sw_load OUT: the sweep's settings into SW_* (settings.sh)
sw_load() {
	# shellcheck disable=SC1091
	. "$1/settings.sh"
}

# sw_set OUT ID: the point's overrides ("section.key=value ..."; plan.tsv column 2)
sw_set() {
	awk -F'\t' -v id="$2" '$1 == id { print $2 }' "$1/plan.tsv"
}

# sw_spec OUT ID: one line naming everything the point's results depend on: its overrides, the
# flows and co-simulation settings, and the base configuration's contents
sw_spec() {
	printf '%s|%s|%s|%s|%s|%s|%s\n' "$(sw_set "$1" "$2")" "$SW_FLOWS" "$SW_CYCLES" "$SW_SEEDS" \
		"$SW_MODULES" "$SW_COVERAGE" "$(sha1sum <"$SW_BASE_INI" | cut -c1-16)"
}

# sw_finished OUT ID: the point is done with the current spec (a rerun skips it)
sw_finished() {
	local d=$1/points/$2
	[ "$(cat "$d/status" 2>/dev/null)" = "done" ] && [ "$(cat "$d/spec" 2>/dev/null)" = "$(sw_spec "$1" "$2")" ]
}

# sw_todo OUT: the ids of the points to run (accepted by the rules, not finished)
sw_todo() {
	local id
	for id in $(awk -F'\t' '$3 == "ok" { print $1 }' "$1/plan.tsv"); do
		sw_finished "$1" "$id" || echo "$id"
	done
}

# sw_count OUT STATUS: points whose status is STATUS
sw_count() {
	cat "$1"/points/*/status 2>/dev/null | grep -cx "$2"
}
