#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks the committed conformance vectors (vectors/README.md), in six stages:
#   regen     the golden model, rerun now, produces exactly the committed vectors/
#   coverage  every contract rule, every row of docs/rule-coverage.md and every packet form
#             has a vector; every configuration has one; no reserved hardware-source
#             encoding outside the "-reserved-hw-" vectors
#   verilator every vector replayed on the Verilated RTL (vecreplay: lockstep with the golden
#             model, inputs/outputs/ATB equal to the vector's files in every cycle)
#   icarus    every vector replayed by tests/vectors/itm_replay_tb.sv under Icarus Verilog
#   decoder   the harness's packet decoder turns every stream.bin into packets.txt
#   gts       every GTS packet equals its hand derivation in tests/vectors/gts_by_hand.txt
# Usage: tests/vectors_check.sh BUILD_DIR JOBS NAME:P,F,H,T,G...
set -u
build=$1; jobs=$2; shift 2
cfgspecs=("$@")
vd=vectors/itm
vb=$build/vec
failed_stages=0

now() { echo "$EPOCHREALTIME"; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }
report() { # STAGE PASS FAIL T0
  echo "vectors $1: $2 passed, $3 failed ($(since "$4"))"
  if [ "$3" != 0 ]; then failed_stages=$((failed_stages + 1)); fi
}
cfg_of() { sed -n 's/^config //p' "$1/vector.txt" | head -1; }

mapfile -t dirs < <(find "$vd" -mindepth 1 -maxdepth 1 -type d | sort)
if [ ${#dirs[@]} = 0 ]; then echo "vectors: no vectors in $vd (run make vectors)"; exit 1; fi

# ---- regen ----------------------------------------------------------------------------
t0=$(now); pass=0; fail=0
gen=$vb/gen
if ! tests/vectors_gen.sh "$vb/vecgen" "$gen" "${cfgspecs[@]}" > "$vb/gen.log" 2>&1; then
  cat "$vb/gen.log"; fail=1
else
  for d in "$gen"/itm/*/; do
    id=$(basename "$d")
    if diff -rq "$vd/$id" "$d" > /dev/null 2>&1; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
  done
  for f in itm/index.txt README.md; do
    if cmp -s "vectors/$f" "$gen/$f"; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
  done
  if [ $fail != 0 ] || ! diff -rq vectors "$gen" > /dev/null 2>&1; then
    first=$(diff -rq vectors "$gen" 2>&1 | head -1)
    [ $fail = 0 ] && fail=1
    echo "FAIL the committed vectors differ from what the golden model produces now."
    echo "     first difference: $first"
    echo "     If the change is intended, run 'make vectors', review 'git diff vectors/', commit."
  fi
fi
report regen $pass $fail "$t0"

# ---- coverage -------------------------------------------------------------------------
t0=$(now); pass=0; fail=0
list=tests/vectors/vectors.list
rules=$(grep -v '^#' "$list" | awk 'NF >= 4 { for (i = 4; i <= NF; i++) print $i }' | sort -u)
for r in $(grep -o 'ITM-[A-Z]*-[0-9][0-9]*' docs/itm-contract.md | sort -u); do
  if grep -qx -- "$r" <<< "$rules"; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL coverage: contract rule $r has no vector ($list)"; fi
done
while IFS= read -r row; do
  ids=$(grep -o 'itm-[0-9]\{4\}-[a-z0-9-]*[a-z0-9]' <<< "$row" | sort -u)
  if [ -z "$ids" ]; then
    fail=$((fail + 1)); echo "FAIL coverage: docs/rule-coverage.md row without a vector: ${row:0:90}"
    continue
  fi
  ok=1
  for id in $ids; do
    if [ ! -d "$vd/$id" ]; then ok=0; echo "FAIL coverage: docs/rule-coverage.md names $id, not in $vd"; fi
  done
  if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done < <(sed '/^## FPB/,$d' docs/rule-coverage.md | grep -E '^\| ([0-9]\.[0-9]|contract only)') # ITM rows
forms=$(cat "$vd"/*/vector.txt | sed -n 's/^forms //p' | tr ' ' '\n' | sort -u)
for f in SYNC OVF EXT INST1 INST2 INST4 HW1 HW2 HW4 LTS-short LTS-long-1 LTS-long-2 LTS-long-3 \
         GTS1-1 GTS1-2 GTS1-3 GTS1-4 GTS1-full GTS1-full-clkch GTS2-48 GTS2-64; do
  if grep -qx -- "$f" <<< "$forms"; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL coverage: no vector has a packet of form $f"; fi
done
for spec in "${cfgspecs[@]}"; do
  c=${spec%%:*}
  if grep -q "^config $c\$" "$vd"/*/vector.txt; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL coverage: no vector for configuration $c"; fi
done
# hardware-source packets: architected DWT encodings only, but in the "-reserved-hw-" set
if out=$(python3 tests/vectors/hwsrc_check.py --self-test 2>&1); then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "$out"; fi
out=$(python3 tests/vectors/hwsrc_check.py "${dirs[@]}" 2>&1)
s=$(grep '^[0-9]* passed, [0-9]* failed$' <<< "$out")
grep -v '^[0-9]* passed, [0-9]* failed$' <<< "$out"
if [ -z "$s" ]; then fail=$((fail + 1)); else
  pass=$((pass + $(awk '{ print $1 }' <<< "$s"))); fail=$((fail + $(awk '{ print $3 }' <<< "$s"))); fi
report coverage $pass $fail "$t0"

# ---- verilator ------------------------------------------------------------------------
t0=$(now); pass=0; fail=0
for spec in "${cfgspecs[@]}"; do
  c=${spec%%:*}; sel=()
  for d in "${dirs[@]}"; do [ "$(cfg_of "$d")" = "$c" ] && sel+=("$d"); done
  [ ${#sel[@]} = 0 ] && continue
  "$vb/$c/vecreplay" --quiet "${sel[@]}" > "$vb/replay-$c.log" 2>&1 &
done
wait
for spec in "${cfgspecs[@]}"; do
  c=${spec%%:*}; log=$vb/replay-$c.log
  [ -f "$log" ] || continue
  grep -v '^vecreplay: [0-9]* passed' "$log" | sed "s/^/[$c] /"
  s=$(grep -o '^vecreplay: [0-9]* passed, [0-9]* failed' "$log" | tail -1)
  if [ -z "$s" ]; then fail=$((fail + 1)); echo "FAIL [$c] vecreplay did not finish"; continue; fi
  pass=$((pass + $(awk '{ print $2 }' <<< "$s"))); fail=$((fail + $(awk '{ print $4 }' <<< "$s")))
done
rm -f "$vb"/replay-*.log
report verilator $pass $fail "$t0"

# ---- icarus ---------------------------------------------------------------------------
t0=$(now); pass=0; fail=0
mkdir -p "$vb/icarus/log"; rm -f "$vb"/icarus/log/*
for d in "${dirs[@]}"; do echo "$(cfg_of "$d") $d"; done |
  xargs -P "$jobs" -L 1 bash -c 'id=$(basename "$2"); rc=0
    vvp -n "'"$vb"'/icarus/$1.vvp" +vec="$2" > "'"$vb"'/icarus/log/$id.log" 2>&1 || rc=$?
    echo $rc > "'"$vb"'/icarus/log/$id.rc"' _
for d in "${dirs[@]}"; do
  id=$(basename "$d"); log=$vb/icarus/log/$id.log
  if [ "$(cat "$vb/icarus/log/$id.rc" 2>/dev/null)" = 0 ] && grep -q '^itm_replay_tb: PASS' "$log"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL icarus $id:"; head -20 "$log"
  fi
done
report icarus $pass $fail "$t0"

# ---- decoder --------------------------------------------------------------------------
t0=$(now); pass=0; fail=0
for d in "${dirs[@]}"; do
  got=$("$vb/pktdump" "$d/stream.bin")
  want=$(grep -v '^#' "$d/packets.txt" | cut -f2-)
  if [ "$got" = "$want" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL decoder $(basename "$d"): pktdump stream.bin differs from packets.txt:"
    diff <(echo "$want") <(echo "$got") | head -6
  fi
done
report decoder $pass $fail "$t0"

# ---- gts ------------------------------------------------------------------------------
t0=$(now); pass=0; fail=0
out=$(python3 tests/vectors/gts_check.py tests/vectors/gts_by_hand.txt "${dirs[@]}" 2>&1)
grep -v '^[0-9]* passed, [0-9]* failed$' <<< "$out"
s=$(grep '^[0-9]* passed, [0-9]* failed$' <<< "$out")
if [ -z "$s" ]; then fail=1; else pass=$(awk '{ print $1 }' <<< "$s"); fail=$(awk '{ print $3 }' <<< "$s"); fi
report gts $pass $fail "$t0"

if [ $failed_stages != 0 ]; then echo "vectors-check: $failed_stages stage(s) failed"; exit 1; fi
echo "vectors-check: all stages passed (${#dirs[@]} vectors)"
