#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Proves that the lockstep harness can fail: each mutant is a copy of rtl/ with one
# deliberate fault (tests/mutants.txt), Verilated on its configuration; the directed
# scenarios and a few random seeds must report a mismatch (exit 1) for every mutant.
# Usage: tests/broken_rtl.sh BUILD_DIR --all | MUTANT...
set -u
build=$1; shift
want=("$@")
if [ "${want[0]:-}" = --all ]; then want=(); fi
if [ $# = 0 ]; then echo "usage: $0 BUILD_DIR --all | MUTANT..." >&2; exit 2; fi
root=$(pwd)
killed=0; survived=0
while IFS='|' read -r spec file expr; do
  case "$spec" in ''|'#'*) continue ;; esac
  # NAME or NAME@CFG: the configuration the mutant is Verilated with (default base).
  name=${spec%@*}; cfg=base
  case "$spec" in *@*) cfg=${spec#*@} ;; esac
  if [ ${#want[@]} -gt 0 ] && ! printf '%s\n' "${want[@]}" | grep -qx "$name"; then continue; fi
  dir=$build/mut/$name
  rm -rf "$dir"; mkdir -p "$dir"
  cp -r rtl lint "$dir/"
  before=$(md5sum < "$dir/$file")
  sed -i -E "$expr" "$dir/$file"
  if [ "$before" = "$(md5sum < "$dir/$file")" ]; then
    echo "ERROR mutant $name: the edit '$expr' did not change $file (stale mutant)"; exit 2
  fi
  if ! make -s --no-print-directory RTL_DIR="$dir" BUILD="$dir/build" "$dir/build/tb/$cfg/trace_tb" \
       > "$dir/build.log" 2>&1; then
    echo "ERROR mutant $name does not build:"; tail -20 "$dir/build.log"; exit 2
  fi
  tb=$dir/build/tb/$cfg/trace_tb; caught=""
  for scn in scenarios/*.scn; do
    rc=0; "$tb" --quiet --wave-dir "$dir" "$scn" > "$dir/run.log" 2>&1 || rc=$?
    if [ $rc = 1 ]; then caught="scenario $scn"; break; fi
  done
  if [ -z "$caught" ]; then
    for seed in 1 2 3 4 5 6 7 8; do
      rc=0; "$tb" --quiet --seed $seed --cycles 50000 --wave-dir "$dir" > "$dir/run.log" 2>&1 || rc=$?
      if [ $rc = 1 ]; then caught="random seed $seed"; break; fi
    done
  fi
  if [ -n "$caught" ]; then
    killed=$((killed + 1)); echo "killed   $name  (by $caught)"
    # The report's first line and the first differing output (or the failed check).
    grep -A4 -m1 -E 'MISMATCH|CHECK FAILED' "$dir/run.log" | sed -n '1p;5p' | sed 's/^ */         /'
  else
    survived=$((survived + 1)); echo "SURVIVED $name: the harness did not notice the fault"
  fi
done < "$root/tests/mutants.txt"
total=$((killed + survived))
echo "broken-rtl: $killed of $total mutants killed (kill ratio $((100 * killed / (total ? total : 1)))%)"
echo "broken-rtl: $killed passed, $survived failed"
[ "$survived" = 0 ] && [ "$killed" -gt 0 ]
