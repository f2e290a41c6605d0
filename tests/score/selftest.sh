#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The decoder scorecard on our own decoder (make score-test, a make test stage):
#   stream    tracedump --bypass --json on every vector's stream.bin: 100 %, and its JSON
#             lines exactly in the written form of vectors/README.md (--exact)
#   pins      the pin path of the scorer, on the committed TPIU and system vectors' pin
#             captures (their `capture PORT RAW SR MODE ARG FMT END` lines): tracedump on
#             each sigrok session (.sr), through the TPIU deformatter, must score 100 %
#             (--exact) under DECODER_INPUT=swo and DECODER_INPUT=parallel, against
#             packets.txt (bypass) or each trace ID's packets of idpackets.txt (formatted);
#             and a decoder that prints nothing must fail there, so that the pin path
#             scores packets at all.
# Usage: tests/score/selftest.sh BUILD_DIR   (needs BUILD_DIR/decode/tracedump). Each score
# prints its count of runs, "vectors-score: N passed, M failed" (make test sums them); exit
# 0 if all passed.
set -u
unset DECODER DECODER_INPUT # the scorer's defaults: our tracedump
build=${1:-build}
pass=0; fail=0

result() { # RC NAME: one check
  if [ "$1" = 0 ]; then pass=$((pass + 1)); echo "ok    $2"
  else fail=$((fail + 1)); echo "FAIL  $2"; fi
}
score() { # NAME ARGS...: the scorer, its table shown
  local name=$1 rc; shift
  echo "== $name: tests/score/score.py $*"
  tests/score/score.py --build "$build" "$@" 2>&1 | sed 's/^/   /'
  rc=${PIPESTATUS[0]}
  result "$rc" "$name"
}
score_fails() { # NAME ARGS...: the scorer must report a failure (exit 1), table not shown
  local name=$1 rc; shift
  tests/score/score.py --build "$build" "$@" > "$build/score/fails.log" 2>&1
  rc=$?
  echo "== $name: tests/score/score.py $* (exit $rc;" \
    "$(sed -n 's/^score: //p' "$build/score/fails.log"))"
  [ "$rc" = 1 ]
  result $? "$name"
}

mkdir -p "$build/score"
# ---- 1. every stream.bin ---------------------------------------------------------------
score "tracedump on every stream.bin" --exact --work "$build/score/stream" vectors

# ---- 2. the committed pin captures -----------------------------------------------------
score "tracedump on the SWO captures" --exact --input swo --work "$build/score/swo" vectors
score "tracedump on the parallel captures" --exact --input parallel \
  --work "$build/score/parallel" vectors
for kind in swo parallel; do
  score_fails "a decoder that prints nothing fails on the $kind captures" --input $kind \
    --decoder true --work "$build/score/nothing-$kind" vectors
done

if [ "$fail" = 0 ]; then echo "score-test: all $pass checks passed"
else echo "score-test: $fail of $((pass + fail)) checks FAILED (above)"; fi
[ "$fail" = 0 ]
