#!/usr/bin/env bash
# synth/technique_blocks.sh [FILES_F] - the technique blocks (cmodel/*/blocks.def, every feature
# but the base, sub-features such as zero gating included), one per line in registry order; with
# FILES_F (a config's files.f) only those the config generates. Used by synth/overhead.sh,
# synth/check_reports.sh and synth/compare.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
awk -F'[(), ]+' -v ff="${1:-}" '
	BEGIN { if (ff != "") while ((getline l < ff) > 0) listed[l] = 1 }
	/^X\(/ && $3 != "base" && (ff == "" || ($2 ".sv") in listed) { print $2 }' cmodel/*/blocks.def
