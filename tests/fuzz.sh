#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs the libFuzzer targets of fuzz/ for SECONDS each, from a seed corpus made of the
# committed scenarios and vectors. A crash, sanitizer report or failed invariant stops the
# target; its reproducer (crash-*) and the log are kept under BUILD_DIR/fuzz/.
# Usage: tests/fuzz.sh BUILD_DIR SECONDS TARGET...
set -u
build=$1; secs=$2; shift 2
dir=$build/fuzz; fail=0
for t in "$@"; do
  corpus=$dir/corpus/$t; mkdir -p "$corpus" "$dir/artifacts"
  case $t in  # seeds (copied once; the fuzzer adds its finds to the same directory)
    fuzz_scenario) cp -n scenarios/*.scn "$corpus"/
                   for f in vectors/itm/*/stimulus.scn; do
                     cp -n "$f" "$corpus/$(basename "$(dirname "$f")").scn"; done ;;
    fuzz_pktdec)   for f in vectors/itm/*/stream.bin; do
                     head -c 4096 "$f" > "$corpus/$(basename "$(dirname "$f")").bin"; done ;;
    fuzz_vector)   for f in vectors/itm/*/vector.txt; do
                     head -c 4096 "$f" > "$corpus/$(basename "$(dirname "$f")").txt"; done
                   for f in vectors/itm/*/inputs.hex; do
                     head -c 2048 "$f" > "$corpus/$(basename "$(dirname "$f")").hex"; done ;;
  esac
  log=$dir/$t.log
  # -close_fd_mask=3: the targets' own output (parse errors) is dropped; libFuzzer and the
  # sanitizers still report on a duplicate of stderr.
  "$dir/$t" -max_total_time="$secs" -max_len=4096 -timeout=10 -rss_limit_mb=2048 -close_fd_mask=3 \
    -artifact_prefix="$dir/artifacts/$t-" -print_final_stats=1 "$corpus" > "$log" 2>&1; rc=$?
  execs=$(grep -m1 -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$')
  cov=$(grep -E '^#[0-9]+' "$log" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9/]+[a-zA-Z]*')
  if [ $rc = 0 ]; then
    echo "fuzz $t: ${execs:-?} runs in $secs s, no crash ($cov)"
  else
    fail=$((fail + 1))
    echo "FAIL fuzz $t (exit $rc): log $log"
    grep -E -A30 'ERROR: |runtime error|==ABORTING|deadly signal' "$log" | head -40
    ls "$dir/artifacts/$t-"* 2>/dev/null | sed 's/^/  reproducer: /'
    echo "  reproduce: $dir/$t $dir/artifacts/$t-<crash file>"
  fi
done
[ "$fail" = 0 ]
