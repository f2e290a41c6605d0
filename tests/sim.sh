#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `make sim`: one lockstep run of a scenario on one configuration, shown end to end. The
# harness runs the Verilated RTL and the golden model on the same inputs and compares every
# output in every cycle (and the scenario's own expectations). If the scenario has a line
#   # tracedump: MODE ARGS          (e.g. "# tracedump: --swo-nrz 2")
# and the configuration has a TPIU, the RTL's trace pins are captured during the run
# (--capture-swo, or --capture-par for --parallel) and decoded back to packets by
# tracedump (sim/decode), then printed with their meaning (tests/trace_explain.py).
# Usage: tests/sim.sh BUILD_DIR CFG SCENARIO
set -u
build=$1; cfg=$2; scn=$3
tb=$build/tb/$cfg/trace_tb
dump=$build/decode/tracedump
out=$build/sim/$cfg
mkdir -p "$out"
t0=$(date +%s.%N)

config=$("$tb" --print-config)
dec=$(sed -n 's/^# tracedump: *//p' "$scn" | head -1)
cap=()
if [ -n "$dec" ] && [[ " $config " == *" tpiu=1 "* ]]; then
  case " $dec " in
    *" --parallel "*) cap=(--capture-par "$out/pins.cap"); pin="TRACEDATA pins" ;;
    *) cap=(--capture-swo "$out/pins.cap"); pin="SWO pin" ;;
  esac
fi

echo "== make sim: $scn on configuration $cfg"
# the scenario's opening comment: what it does
awk '/^#/ { sub(/^# ?/, ""); if ($0 == "") exit; print "   " $0; next } { exit }' "$scn"
echo "== 1. lockstep: RTL (Verilated trace_top) and golden model, every output compared every cycle"
echo "   $tb${cap[*]:+ ${cap[*]}} $scn"
"$tb" "${cap[@]}" --wave-dir "$out" "$scn" 2>&1 | tee "$out/run.log" | sed 's/^/   /'
rc=${PIPESTATUS[0]}
if [ "$rc" != 0 ]; then
  echo "FAIL: the lockstep run exited $rc (report above; log $out/run.log)"
  exit 1
fi
cycles=$(sed -n 's/^ *cycles *\([0-9]*\) .*/\1/p' "$out/run.log" | head -1)

if [ ${#cap[@]} -gt 0 ]; then
  echo "== 2. the RTL's $pin, captured every cycle, decoded back to packets"
  # shellcheck disable=SC2086
  echo "   $dump $dec $out/pins.cap"
  # shellcheck disable=SC2086
  if ! "$dump" $dec --json --stats --strict "$out/pins.cap" > "$out/trace.jsonl" 2> "$out/decode.log"; then
    echo "FAIL: tracedump counted decode errors:"; sed 's/^/   /' "$out/decode.log"
    exit 1
  fi
  python3 tests/trace_explain.py "$out/trace.jsonl" > "$out/trace.txt" || exit 1
  sed 's/^/   /' "$out/trace.txt"
  errs=$(sed -n 's/^errors: //p' "$out/decode.log")
  echo "   decode errors: ${errs:-?} (counters: $out/decode.log)"
fi

secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
echo "== done in $secs s"
extra=""
[ ${#cap[@]} -gt 0 ] && extra="; the $pin decoded back without errors"
echo "PASS: the RTL and the golden model agreed on every output in every cycle (${cycles:-all} cycles), every expectation in $scn held$extra"
