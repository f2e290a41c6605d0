#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tracedump's diagnostics (issue 21 item 1; part of make decode-test): a request that cannot
# be met says why on stderr and exits 1, a capture without trace says so and exits 0, and
# counted errors are summed up on stderr without --stats/--strict. Each case checks the exit
# status and a piece of the message; the inputs are committed vectors or bytes written here.
# Usage: tests/tracedump_diag.sh TRACEDUMP [WORKDIR]
set -u
dump=${1:?usage: tests/tracedump_diag.sh TRACEDUMP [WORKDIR]}
work=${2:-$(dirname "$dump")/diag}
mkdir -p "$work"
V=vectors/tpiu
pass=0; fail=0

# case NAME RC 'STDERR PIECE' ARGS...: tracedump ARGS must exit RC with the piece on stderr
# (an empty piece: stderr must be empty)
case_() {
  local name=$1 want_rc=$2 piece=$3 rc; shift 3
  "$dump" "$@" > "$work/out" 2> "$work/err"; rc=$?
  if [ "$rc" != "$want_rc" ]; then why="exit $rc, expected $want_rc"
  elif [ -z "$piece" ] && [ -s "$work/err" ]; then why="stderr not empty"
  elif [ -n "$piece" ] && ! grep -qF -- "$piece" "$work/err"; then why="stderr lacks '$piece'"
  else pass=$((pass + 1)); echo "ok    $name"; return; fi
  fail=$((fail + 1)); echo "FAIL  $name: $why (tracedump $*)"; sed 's/^/      /' "$work/err"
}

: > "$work/empty.bin"
head -c 3000 /dev/zero > "$work/zeros.bin"
# TPIU frames of padding only: a full sync, then a frame of ID 0x00 (ID byte 01) and zeros
printf '\xff\xff\xff\x7f\x01' > "$work/pad.bin"; head -c 15 /dev/zero >> "$work/pad.bin"

# the request met: nothing on stderr
case_ "a good NRZ capture: packets, quiet stderr" 0 "" --swo-nrz 1 $V/tpiu-0001-nrz-frame-flush/swo.bin
# nothing decoded: why, exit 1
case_ "all-zero file as NRZ (no TPIU, or the wrong pin)" 1 \
  "no NRZ character in 3000 cycles: the line is 0 in every one" --swo-nrz 4 "$work/zeros.bin"
case_ "NRZ capture read as Manchester" 1 "22 Manchester start bits, no valid character" \
  --swo-manchester 1 $V/tpiu-0001-nrz-frame-flush/swo.bin
case_ "NRZ capture with a wrong DIV" 1 "1 bytes but no TPIU frame alignment" \
  --swo-nrz 3 $V/tpiu-0001-nrz-frame-flush/swo.bin
case_ "the DIV hint names the SWO decoder's start bits" 1 "made them of 11 start bits" \
  --swo-nrz 3 $V/tpiu-0001-nrz-frame-flush/swo.bin
case_ "a pin capture read with --bytes" 1 "213 bytes but no TPIU frame alignment" \
  --bytes $V/tpiu-0001-nrz-frame-flush/swo.bin
case_ "a 2-bit parallel capture at width 4" 1 "no full sync FF FF FF 7F in 122 cycles at --parallel 4" \
  --parallel 4 $V/tpiu-0015-parallel-size2/par.bin
case_ "--id of an ID that carried nothing" 1 \
  "no data under trace ID 0x05 (--id); the IDs with data: 0x01 (2 bytes)" \
  --id 5 --swo-nrz 1 $V/tpiu-0001-nrz-frame-flush/swo.bin
# no trace in the input: a note, exit 0
case_ "an empty file" 0 "is empty: nothing to decode" "$work/empty.bin"
case_ "frames of padding only" 0 "1 TPIU frames (1 full syncs), only padding (ID 0x00)" "$work/pad.bin"
# errors without --stats/--strict: one line; --stats shows the counters instead; --strict fails
itm=vectors/itm/itm-0043-reserved-hw-encodings/stream.bin
case_ "errors summed up without --stats" 0 "10 decode errors (most: 10 HW-RESERVED packets)" --bypass $itm
case_ "--stats: the counters" 0 "errors: 10" --bypass --stats $itm
if grep -qF "decode errors (most" "$work/err"; then
  fail=$((fail + 1)); echo "FAIL  --stats: the one-line summary is printed too"
else pass=$((pass + 1)); echo "ok    --stats: no summary line"; fi
case_ "--strict: exit 1" 1 "" --bypass --strict $itm

# ETMv4 (--etm-id, --etm): an unknown header is a line and a decode error; option misuse
printf '\x04\x05\x04' > "$work/etm.bin"
case_ "ETMv4: an unknown header is counted" 0 "1 decode errors (most: 1 unknown ETMv4 packets)" \
  --bypass --etm "$work/etm.bin"
if grep -qF "unknown ETMv4 header 0x05 at byte offset 1" "$work/out"; then
  pass=$((pass + 1)); echo "ok    ETMv4: the unknown header's line"
else fail=$((fail + 1)); echo "FAIL  ETMv4: no 'unknown ETMv4 header 0x05 at byte offset 1' line"; fi
case_ "ETMv4: --strict fails on an unknown header" 1 "" --bypass --etm --strict "$work/etm.bin"
case_ "--etm without --bypass" 2 "--etm is for a bare stream (--bypass)" --etm "$work/etm.bin"
case_ "--etm-id with --bypass" 2 "--etm-id with --bypass" --bypass --etm-id 0x10 "$work/etm.bin"
case_ "--etm-id 0" 2 "--etm-id needs N 1..127" --etm-id 0 "$work/etm.bin"

echo "tracedump diagnostics: $pass passed, $fail failed"
[ "$fail" = 0 ]
