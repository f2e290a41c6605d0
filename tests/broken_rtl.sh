#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Proves that the lockstep harness can fail: each mutant is a copy of rtl/ with one
# deliberate fault (tests/mutants.txt), Verilated on its configuration. A directed scenario
# (scenarios/*.scn) must report a mismatch or failed check (exit 1) for every mutant; the
# first one that does is recorded. A mutant no scenario kills fails, and random seeds then
# run on it as an extra report only (killed by a seed or not at all).
set -u
usage() {
  cat <<EOF
usage: $0 [--seeds N] BUILD_DIR --all | MUTANT...
  Builds each mutant of tests/mutants.txt (or the named ones) under BUILD_DIR/mut/NAME and
  runs every scenarios/*.scn on it until one kills it (exit 1 of trace_tb).
  One line per mutant:
    killed   NAME  (by scenario FILE)        a directed scenario kills it (pass)
    RANDOM   NAME  (only by random seed S)   no scenario does; a random seed does (fail)
    SURVIVED NAME                            nothing kills it (fail)
  --seeds N  random seeds 1..N x 50000 cycles for the mutants no scenario kills (default 8;
             0: none, such a mutant is then reported SURVIVED ... by no scenario)
  Writes BUILD_DIR/mut/kills.txt (NAME|scenario FILE, NAME|random seed S or NAME|none).
  Exit 0 when every mutant is killed by a scenario, 1 otherwise, 2 on a stale or broken mutant.
EOF
}
seeds=8
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --seeds) seeds=${2:-}; shift 2 ;;
    --seeds=*) seeds=${1#--seeds=}; shift ;;
    *) break ;;
  esac
done
case "$seeds" in ''|*[!0-9]*) echo "$0: --seeds needs a number" >&2; exit 2 ;; esac
if [ $# -lt 2 ]; then usage >&2; exit 2; fi
build=$1; shift
want=("$@")
if [ "${want[0]}" = --all ]; then want=(); fi
root=$(pwd)
# Every named mutant must exist (a typo would otherwise pass with nothing run).
for w in "${want[@]}"; do
  if ! grep -qE "^$w(@[a-z]+)?\|" tests/mutants.txt; then
    echo "$0: no mutant '$w' in tests/mutants.txt" >&2; exit 2
  fi
done
mkdir -p "$build/mut"; kills=$build/mut/kills.txt; : > "$kills"
directed=0; randomonly=0; survived=0; lineno=0
while IFS='|' read -r spec file expr; do
  lineno=$((lineno + 1))
  case "$spec" in ''|'#'*) continue ;; esac
  # NAME or NAME@CFG: the configuration the mutant is Verilated with (default base).
  name=${spec%@*}; cfg=base
  case "$spec" in *@*) cfg=${spec#*@} ;; esac
  if [ ${#want[@]} -gt 0 ] && ! printf '%s\n' "${want[@]}" | grep -qx "$name"; then continue; fi
  dir=$build/mut/$name
  rm -rf "$dir"; mkdir -p "$dir"
  cp -r rtl lint "$dir/"
  if [ ! -f "$dir/$file" ]; then
    echo "ERROR tests/mutants.txt:$lineno: mutant $name: no file $file"; exit 2
  fi
  before=$(md5sum < "$dir/$file")
  sed -i -E "$expr" "$dir/$file"
  if [ "$before" = "$(md5sum < "$dir/$file")" ]; then
    echo "ERROR tests/mutants.txt:$lineno: mutant $name: the edit '$expr' did not change $file (stale mutant)"; exit 2
  fi
  if ! make -s --no-print-directory RTL_DIR="$dir" BUILD="$dir/build" "$dir/build/tb/$cfg/trace_tb" \
       > "$dir/build.log" 2>&1; then
    echo "ERROR tests/mutants.txt:$lineno: mutant $name does not build:"; tail -20 "$dir/build.log"; exit 2
  fi
  tb=$dir/build/tb/$cfg/trace_tb; caught=""
  for scn in scenarios/*.scn; do
    rc=0; "$tb" --quiet --wave-dir "$dir" "$scn" > "$dir/run.log" 2>&1 || rc=$?
    if [ $rc = 1 ]; then caught="scenario $scn"; break; fi
  done
  if [ -n "$caught" ]; then
    directed=$((directed + 1)); echo "killed   $name  (by $caught)"
  else
    seed=1
    while [ $seed -le "$seeds" ]; do
      rc=0; "$tb" --quiet --seed $seed --cycles 50000 --wave-dir "$dir" > "$dir/run.log" 2>&1 || rc=$?
      if [ $rc = 1 ]; then caught="random seed $seed"; break; fi
      seed=$((seed + 1))
    done
    if [ -n "$caught" ]; then
      randomonly=$((randomonly + 1))
      echo "RANDOM   $name  (only by $caught: no directed scenario kills it, cfg $cfg)"
    else
      survived=$((survived + 1)); caught=none
      echo "SURVIVED $name  (no scenario, no random seed of 1..$seeds kills it, cfg $cfg)"
    fi
  fi
  echo "$name|$caught" >> "$kills"
  if [ "$caught" != none ]; then
    # The report's first line and the first differing output (or the failed check).
    grep -A4 -m1 -E 'MISMATCH|CHECK FAILED' "$dir/run.log" | sed -n '1p;5p' | sed 's/^ */         /'
  fi
done < "$root/tests/mutants.txt"
total=$((directed + randomonly + survived))
pct() { echo $((100 * $1 / (total ? total : 1))); }
echo "broken-rtl: $directed of $total mutants killed by a directed scenario (directed-kill ratio $(pct $directed)%)," \
     "$randomonly by a random seed only, $survived not at all"
echo "broken-rtl: $directed passed, $((randomonly + survived)) failed"
[ "$total" -gt 0 ] && [ "$directed" = "$total" ]
