#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs every directed scenario (scenarios/*.scn) on the lockstep harness of each configuration.
# Usage: tests/run_scenarios.sh BUILD_DIR CFG...
# A scenario whose `config` line does not match a binary exits 77 there and counts as skipped;
# every scenario must pass on at least one configuration.
set -u
build=$1; shift
pass=0; fail=0; skip=0; failed=()
declare -A ran
for scn in scenarios/*.scn; do ran[$scn]=0; done
for cfg in "$@"; do
  tb=$build/tb/$cfg/trace_tb
  for scn in scenarios/*.scn; do
    out=$("$tb" --quiet --wave-dir "$build/tb/$cfg" "$scn" 2>&1); rc=$?
    case $rc in
      0) pass=$((pass + 1)); ran[$scn]=1 ;;
      77) skip=$((skip + 1)) ;;
      *) fail=$((fail + 1)); failed+=("$cfg:$scn"); echo "FAIL [$cfg] $scn (exit $rc)"; echo "$out" | head -40 ;;
    esac
  done
done
for scn in "${!ran[@]}"; do
  if [ "${ran[$scn]}" = 0 ] && ! printf '%s\n' "${failed[@]:-}" | grep -q ":$scn\$"; then
    echo "FAIL $scn ran on no configuration"; fail=$((fail + 1))
  fi
done
echo "scenarios: $pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
