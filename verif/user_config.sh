#!/usr/bin/env bash
# user_config.sh - a user's own configuration file, outside the repository, through the flows
# (README.md, "Your own configuration"): make lint and a short rf_top co-simulation with
# CONFIG=path/file.ini and SET overrides. Checks that the RTL and the outputs land in
# build/<name>-<hash>/, that generated/ is not touched, that the resolved config carries the
# override, that the named flows still work beside it, and that a bad override is refused with
# exit 2 and nothing generated.
set -uo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d /tmp/rfm-user.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "user-config: FAIL: $*"; exit 1; }

cp rtl_gen/configs/small.ini "$tmp/mine.ini"
set_="rf.entries=32 sm.warps=2"
name=mine-$(printf '%s' "$set_" | sha1sum | cut -c1-8)
out=build/$name
rm -rf "$out"
touch "$tmp/stamp"
make -s lint CONFIG="$tmp/mine.ini" SET="$set_" || fail "make lint"
make -s cosim-short CONFIG="$tmp/mine.ini" SET="$set_" MODULES=rf_top || fail "make cosim-short"
[ -f "$out/generated/rf_top.sv" ] || fail "no $out/generated/rf_top.sv"
grep -q '^entries = 32$' "$out/generated/config.ini" || fail "the override rf.entries=32 is not in $out/generated/config.ini"
grep -q '^warps = 2$' "$out/generated/config.ini" || fail "the override sm.warps=2 is not in $out/generated/config.ini"
[ -f "$out/logs/cosim-rf_top-seed1-counters.csv" ] || fail "no counters CSV in $out/logs/"
[ -z "$(find generated -newer "$tmp/stamp" -print -quit)" ] || fail "generated/ was written"
[ ! -e generated/mine ] && [ ! -e "generated/$name" ] || fail "a user config landed in generated/"
echo "user-config: $tmp/mine.ini with SET=\"$set_\": RTL in $out/generated, lint and co-simulation passed"

# a bad override: exit 2 from make's rtl_gen, the message names it, nothing generated
bad_out=$(make -s lint CONFIG="$tmp/mine.ini" SET="rf.banks=0" 2>&1) && fail "SET=rf.banks=0 was accepted"
grep -q -- '-s\[1\]: rf.banks = 0' <<<"$bad_out" || fail "the refusal does not name the override: $bad_out"
bad_name=mine-$(printf '%s' "rf.banks=0" | sha1sum | cut -c1-8)
[ ! -e "build/$bad_name/generated" ] || fail "a refused config left build/$bad_name/generated"
echo "user-config: SET=rf.banks=0 refused: $(grep -m1 -- '-s\[1\]' <<<"$bad_out")"

# a named config right after, in the same tree
make -s lint CONFIG=small >/dev/null || fail "make lint CONFIG=small after the user config"
echo "user-config: passed"
