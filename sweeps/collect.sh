#!/usr/bin/env bash
# collect.sh OUT - the results of a sweep's points (docs/sweeps.md, "Outputs"): sweep collect
# writes OUT/results.csv, times.csv, summary.md and plots/plots.gp; gnuplot draws plots/*.svg.
# The local runner calls it after the last point, the Slurm runner as the job that depends on
# the array. Run from the repository root.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
. sweeps/lib.sh
out=$1
sw_load "$out"
mkdir -p "$out/plots"
rm -f "$out"/plots/*.svg "$out"/plots/*.dat
build/bin/sweep collect "$out/$SW_NAME.ini" "$out" || exit 1
if ! command -v gnuplot >/dev/null; then
	echo "sweep $SW_NAME: no gnuplot (make deps installs gnuplot-nox): no plots drawn" >&2
elif grep -q '^set output' "$out/plots/plots.gp"; then
	(cd "$out/plots" && gnuplot plots.gp) >"$out/plots/gnuplot.log" 2>&1 ||
		{ echo "sweep $SW_NAME: gnuplot failed ($out/plots/gnuplot.log)" >&2; exit 1; }
	echo "sweep $SW_NAME: $(ls "$out"/plots/*.svg | wc -l) plots in $out/plots/"
fi
echo "sweep $SW_NAME: summary $out/summary.md"
