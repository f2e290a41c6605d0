#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Throughput of the lockstep flow, measured in one run on the base configuration:
# the Verilated RTL alone, the golden model alone and full lockstep, same seed and stimulus.
# Usage: tests/bench.sh BUILD_DIR [CYCLES]
set -euo pipefail
build=$1; cycles=${2:-2000000}
tb=$build/tb/base/itm_tb
rate() { # mode -> cycles per second
  local t0 t1
  t0=$(date +%s.%N)
  "$tb" --quiet --mode "$1" --seed 1 --cycles "$cycles" >/dev/null
  t1=$(date +%s.%N)
  awk -v c="$cycles" -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", c / (b - a) }'
}
rtl=$(rate rtl); gold=$(rate golden); lock=$(rate lockstep)
printf '%-28s %14s %8s\n' "mode (base, seed 1)" "cycles/s" "ratio"
printf '%-28s %14.0f %8.2f\n' "RTL alone (Verilator)" "$rtl" 1
printf '%-28s %14.0f %8.2f\n' "golden model alone" "$gold" "$(awk -v a="$gold" -v b="$rtl" 'BEGIN { print a / b }')"
printf '%-28s %14.0f %8.2f\n' "lockstep (RTL + golden)" "$lock" "$(awk -v a="$lock" -v b="$rtl" 'BEGIN { print a / b }')"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
