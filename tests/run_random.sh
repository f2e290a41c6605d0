#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Seeded random lockstep regression: seeds 1..SEEDS, CYCLES cycles each, on every configuration.
# Usage: tests/run_random.sh BUILD_DIR SEEDS CYCLES CFG...
# Each seed's command line is printed on failure, so any failure reproduces with one command.
set -u
build=$1; seeds=$2; cycles=$3; shift 3
pass=0; fail=0; total=0; start=$(date +%s)
for cfg in "$@"; do
  tb=$build/tb/$cfg/itm_tb
  for seed in $(seq 1 "$seeds"); do
    out=$("$tb" --quiet --seed "$seed" --cycles "$cycles" --wave-dir "$build/tb/$cfg" 2>&1); rc=$?
    total=$((total + cycles))
    if [ $rc = 0 ]; then pass=$((pass + 1)); else
      fail=$((fail + 1)); echo "FAIL [$cfg] seed $seed: $tb --seed $seed --cycles $cycles (exit $rc)"
      echo "$out" | head -60
    fi
  done
  echo "random [$cfg]: $seeds seeds x $cycles cycles done ($(( $(date +%s) - start )) s so far)"
done
echo "random: $total cycles in lockstep over $((pass + fail)) runs"
echo "random: $pass passed, $fail failed"
[ "$fail" = 0 ]
