#!/usr/bin/env bash
# decay_modes.sh CONFIG_INI - the decay modes rf_top of this config is co-simulated in: "off paper
# retention" for an eDRAM config (docs/edram.md, "Decay in the co-simulation"), nothing otherwise.
# Used by verif/cosim/run.sh and verif/mutation/campaign.sh.
awk '/^\[/ { s = $0 } s == "[edram]" && /^enable = on/ { f = 1 } END { if (f) print "off paper retention" }' "$1" 2>/dev/null
