#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The decoder scorecard on our own decoder (make score-test, a make test stage):
#   stream    tracedump --bypass --json on every vector's stream.bin: 100 %, and its JSON
#             lines exactly in the written form of vectors/README.md (--exact)
#   pins      the pin path of the scorer, on captures the harness writes: each scenario
#             below runs on the `full` configuration with --capture-swo/--capture-par
#             FILE.sr; its vector (in BUILD/score/pins/NAME/) is that capture, declared by
#             a `capture` line in vector.txt, and the packets the RTL's ITM sent (the
#             harness's --verbose packet log, turned into packets.txt with pktdump);
#             tracedump on the pins, through the TPIU, must score 100 % (--exact) there
#             too, under DECODER_INPUT=swo and DECODER_INPUT=parallel.
# Usage: tests/score/selftest.sh BUILD_DIR   (needs BUILD_DIR/decode/tracedump,
# BUILD_DIR/vec/pktdump and BUILD_DIR/tb/full/trace_tb). Each score prints its count of
# vectors, "vectors-score: N passed, M failed" (make test sums them); exit 0 if all passed.
set -u
unset DECODER DECODER_INPUT # the scorer's defaults: our tracedump
build=${1:-build}
tb=$build/tb/full/trace_tb
pktdump=$build/vec/pktdump
out=$build/score/pins
pass=0; fail=0
rate=48000000 # the harness's default --capture-rate

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

# ---- 1. every stream.bin ---------------------------------------------------------------
score "tracedump on every stream.bin" --exact --work "$build/score/stream" vectors

# ---- 2. pin captures the harness writes ----------------------------------------------
# make_vector NAME PIN SCENARIO CAPTURE-KEYS...: runs the scenario with the pin captured
# as NAME/PIN.sr and writes NAME/vector.txt (a capture line with the keys) and
# NAME/packets.txt (the RTL's ATB packets, in the format of vectors/README.md)
make_vector() {
  local name=$1 pin=$2 scn=$3 d=$out/$1; shift 3
  mkdir -p "$d"
  if ! "$tb" --verbose --wave-dir "$d" --capture-"$pin" "$d/$pin.sr" "$scn" > "$d/run.log" 2>&1
  then
    result 1 "$name: the lockstep run of $scn failed ($d/run.log)"; return 1
  fi
  # "cycle N rtl packet TEXT [bytes]": the packets the RTL's ITM sent, in order
  sed -n 's/^cycle *\([0-9]*\) *rtl *packet .*\[\([0-9a-f ]*\)\] *$/\1 \2/p' "$d/run.log" \
    > "$d/atb.txt"
  python3 - "$d/atb.txt" "$d/stream.bin" << 'EOF'
import sys
rows = [l.split() for l in open(sys.argv[1])]
open(sys.argv[2], 'wb').write(bytes(int(b, 16) for r in rows for b in r[1:]))
EOF
  if ! "$pktdump" "$d/stream.bin" > "$d/pktdump.txt" ||
     [ "$(wc -l < "$d/pktdump.txt")" != "$(wc -l < "$d/atb.txt")" ] || [ ! -s "$d/atb.txt" ]; then
    result 1 "$name: the ATB packet log and its decode differ in length ($d)"; return 1
  fi
  { echo "# CYCLE<TAB>OFFSET<TAB>PACKET<TAB>BYTES (the RTL's ATB packets of $scn)"
    paste <(cut -d' ' -f1 "$d/atb.txt") "$d/pktdump.txt"; } > "$d/packets.txt"
  { echo "format 1"; echo "block system"; echo "id $name"; echo "source $scn"
    echo "capture $pin.sr $*"; } > "$d/vector.txt"
  echo "   $name: $tb --capture-$pin $d/$pin.sr $scn ($(grep -vc '^#' "$d/packets.txt") packets)"
}

rm -rf "$out"; mkdir -p "$out"
if [ ! -x "$tb" ] || [ ! -x "$pktdump" ]; then
  result 1 "pins: $tb and $pktdump are needed (make tb CFG=full $pktdump)"
else
  echo "== pin captures of the harness (configuration full), as vectors in $out"
  # formatted SWO, NRZ at SWOSCALER 1 (24 Mbit/s at 48 MHz), the ITM under ID 1
  make_vector fw-swo-nrz swo scenarios/firmware.scn input=swo tpiu=formatted id=1 channel=SWO \
    mode=nrz samplerate=$rate baud=$((rate / 2)) div=2
  # bypass SWO, NRZ at SWOSCALER 1
  make_vector text-swo-nrz-bypass swo scenarios/tpiu_nrz_bypass_text.scn input=swo tpiu=bypass \
    channel=SWO mode=nrz samplerate=$rate baud=$((rate / 2)) div=2
  # bypass SWO, Manchester at SWOSCALER 0 (a cell per cycle: 24 Mbit/s)
  make_vector man-swo-bypass swo scenarios/tpiu_manchester_bypass.scn input=swo tpiu=bypass \
    channel=SWO mode=manchester samplerate=$rate baud=$((rate / 2)) div=1
  # the parallel port, 4 bits, formatted (always), the ITM under ID 1
  make_vector par4 par scenarios/tpiu_parallel_bursts.scn input=parallel tpiu=formatted id=1 \
    width=4 clock=TRACECLK data=TRACEDATA0,TRACEDATA1,TRACEDATA2,TRACEDATA3 samplerate=$rate
  score "tracedump on the harness's SWO captures" --exact --input swo "$out"
  score "tracedump on the harness's parallel capture" --exact --input parallel "$out"
fi

if [ "$fail" = 0 ]; then echo "score-test: all $pass checks passed"
else echo "score-test: $fail of $((pass + fail)) checks FAILED (above)"; fi
[ "$fail" = 0 ]
