#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Decodes the one trace here that came out of real Arm silicon: an STM32F105 (Cortex-M3)
# SWO capture, a sigrok session (../shared/fixtures/stm32f105-swo/, see its README.md):
# 24 MHz samples, SWO on probe 5, NRZ 8 Mbit/s, TPIU formatter on, ITM/DWT on trace ID 1,
# ETM on ID 2, no full sync, whole-frame bursts. tracedump reads the session itself, finds
# the frames from the idle gaps, and --id 1 --strict must pass; then what the capture
# holds on ID 1 is asserted exactly (counts taken from this decode, checked against the
# README: 50 ms, "On"/"Off" about every 10 ms, IRQ 28 printing "Sort" and its results).
# Usage: tests/fixture_decode.sh TRACEDUMP [FIXTURE]
#   (make fixture-test; FIXTURE defaults to ../shared/fixtures/stm32f105-swo/trace_example.sr)
set -u
dump=${1:?usage: tests/fixture_decode.sh TRACEDUMP [FIXTURE]}
sr=${2:-../shared/fixtures/stm32f105-swo/trace_example.sr}
if [ ! -f "$sr" ]; then
  echo "FAIL fixture-test: the fixture $sr is missing (CI keeps shared/ beside the checkout;"
  echo "     give its path as the second argument, or DEC_FIXTURE=... to make)"
  exit 1
fi
if [ ! -x "$dump" ]; then
  echo "FAIL fixture-test: no tracedump at $dump (make build/decode/tracedump)"; exit 1
fi
out=$(dirname "$dump")/fixture
mkdir -p "$out"
pass=0; fail=0
check() { # name, condition result (0 = ok), detail shown on failure
  if [ "$2" = 0 ]; then pass=$((pass + 1)); echo "ok   $1"
  else fail=$((fail + 1)); echo "FAIL $1${3:+: $3}"; fi
}
count() { grep -c -- "$1" "$out/id1.txt"; }
text() { # the bytes of port $1's byte writes on ID 1, as text
  local h s=""
  while read -r h; do
    s+=$(printf '%b' "\\x$h")
  done < <(sed -n "s/^id=0x01 INST port=$1 size=1 data=0x\(..\)\$/\1/p" "$out/id1.txt")
  printf '%s' "$s"
}

# 1. The decode: channel by name, rate from the metadata, --baud; strict on ID 1 only.
"$dump" --sr-channel SWO --baud 8M --id 1 --strict --stats "$sr" > "$out/id1.txt" 2> "$out/id1.stats"
rc=$?
check "tracedump --sr-channel SWO --baud 8M --id 1 --strict: exit 0" "$([ $rc = 0 ]; echo $?)" \
      "exit $rc; $(tail -3 "$out/id1.stats" | tr '\n' ' ')"
grep -q "^input: 1200000 samples (sigrok session: probe 5 'SWO' = bit 4, unitsize 1, 24000000 Hz)" \
  "$out/id1.stats"
check "the session: 1200000 samples at 24 MHz (50 ms), SWO = probe 5 (bit 4)" $?
grep -q "^swo nrz 8000000 bit/s (3.0000 samples per cell): bytes 7856 starts 7856 false_start 0 framing 0 symbol 0" \
  "$out/id1.stats"
check "UART: 7856 bytes, no line errors" $? "$(grep '^swo nrz' "$out/id1.stats")"
grep -q "^tpiu alignment: idle gap (first frame at byte 0, lead_in 0); found by full sync 0, idle gap 1, frame structure 0" \
  "$out/id1.stats"
check "TPIU frames aligned by the idle gaps (no full sync in the capture)" $? \
      "$(grep '^tpiu alignment' "$out/id1.stats")"
grep -q "^tpiu: bytes 7856 frames 491 fsyncs 0 hsyncs 0 .* truncated 0" "$out/id1.stats" &&
  grep -q "^tpiu errors: unsynced 0 no_id 0 reserved_id 8 fsync_in_frame 0 misaligned 0 gap_slips 0 dropped 0" \
    "$out/id1.stats"
check "491 whole frames, every byte in one; the only TPIU error: 8 reserved-ID bytes" $? \
      "$(grep '^tpiu' "$out/id1.stats" | tr '\n' ' ')"
# Real silicon sends ID 0x7D (reserved in facts section 3; believed the trigger ID): it
# counts against ID 0x7D, as the ETM's bytes decoded as ITM (BAD) count against ID 2, and
# neither against ID 1.
grep -q "^errors id 0x7d: 8 (reserved ID bytes 8" "$out/id1.stats" &&
  grep -q "^errors id 0x02: .* not judged (--id)" "$out/id1.stats" &&
  grep -q "^errors: 0 (the stream 0 and ID 0x01 0; all IDs: " "$out/id1.stats"
check "errors per ID: ID 1 none, the stream none; ID 0x7D (reserved) and ID 2 (ETM) apart" $? \
      "$(grep '^errors' "$out/id1.stats" | tr '\n' ' ')"
grep -q "^packets id 0x01: bytes 2619 OVF 14 INST 97 HW 475 lost 0 resyncs 0 incomplete 0" \
  "$out/id1.stats"
check "ID 1: 2619 bytes in 14 OVF, 97 INST, 475 HW packets, none lost or cut" $? \
      "$(grep '^packets id 0x01' "$out/id1.stats")"

# 2. Nothing reserved, undecodable or cut on ID 1.
n=$(grep -c -e 'BAD' -e 'HW-RESERVED' -e 'INCOMPLETE' -e 'HW disc=' "$out/id1.txt")
check "ID 1: no BAD, HW-RESERVED or INCOMPLETE packet" "$([ "$n" = 0 ]; echo $?)" "$n found"
n=$(grep -c -v '^id=0x01 ' "$out/id1.txt")
check "--id 1 prints ID 1 only" "$([ "$n" = 0 ]; echo $?)" "$n other lines"

# 3. ITM port 0: the main loop's byte writes "On" / "Off", five of each in 50 ms (one about
#    every 10 ms), alternating.
p0=$(text 0)
check "port 0: byte writes 'On' 'Off' x5 = $p0" "$([ "$p0" = OnOffOnOffOnOffOnOffOnOff ]; echo $?)"
n=$(grep -c '^id=0x01 INST port=0 size=[24]' "$out/id1.txt")
check "port 0: byte writes only" "$([ "$n" = 0 ]; echo $?)" "$n wider writes"

# 4. ITM port 1: the timer interrupt's "Sort" (byte writes) and its five results (word
#    writes, sorted: 2 2 11 35 235), eight times.
p1=$(text 1)
check "port 1: byte writes 'Sort' x8" "$([ "$p1" = SortSortSortSortSortSortSortSort ]; echo $?)" "$p1"
words=$(sed -n 's/^id=0x01 INST port=1 size=4 data=\(0x[0-9a-f]*\)$/\1/p' "$out/id1.txt" | tr '\n' ' ')
want=""; for _ in 1 2 3 4 5 6 7 8; do want+="0x00000002 0x00000002 0x0000000b 0x00000023 0x000000eb "; done
check "port 1: word writes 2 2 11 35 235 (the sort result) x8" "$([ "$words" = "$want" ]; echo $?)" "$words"
n=$(grep -c '^id=0x01 INST port=[^01] ' "$out/id1.txt")
check "no other stimulus port" "$([ "$n" = 0 ]; echo $?)" "$n"

# 5. Exception trace of IRQ 28 (TIM2, exception 44): 8 entries, 8 returns to Thread. The
#    capture holds no exit packet: the DWT lost each exit in an overflow, and the overflow
#    packet stands right before every return.
n=$(count '^id=0x01 EXCEPTION entry exc=44 (IRQ 28)$')
check "exception entry of IRQ 28 (exc 44): 8" "$([ "$n" = 8 ]; echo $?)" "$n"
n=$(count '^id=0x01 EXCEPTION return exc=0 (Thread)$')
check "exception return to Thread: 8" "$([ "$n" = 8 ]; echo $?)" "$n"
n=$(count '^id=0x01 EXCEPTION exit')
check "exception exit: none in the capture (lost to overflows)" "$([ "$n" = 0 ]; echo $?)" "$n"
n=$(grep -B1 '^id=0x01 EXCEPTION return' "$out/id1.txt" | grep -c '^id=0x01 OVF$')
check "an overflow right before each of the 8 returns" "$([ "$n" = 8 ]; echo $?)" "$n"
n=$(count '^id=0x01 EXCEPTION')
check "exception packets: 16, no other exception" "$([ "$n" = 16 ]; echo $?)" "$n"

# 6. Periodic PC samples: 393, all in the STM32F105's flash 0x08000000..0x0803FFFF; no
#    sleep samples (the main loop polls).
n=$(count '^id=0x01 PC-SAMPLE pc=0x0800[0-3][0-9a-f][0-9a-f][0-9a-f]$')
m=$(count '^id=0x01 PC-SAMPLE')
check "PC samples: 393, all in flash 0x08000000..0x0803FFFF" \
      "$([ "$n" = 393 ] && [ "$m" = 393 ]; echo $?)" "$n in flash of $m"

# 7. Data trace: comparator 0 on the addresses ...1010 / ...1014 (2-byte address offsets)
#    with word writes 0x100 / 0x200; comparator 1 with PC values and word writes of a
#    counter 0x1abde .. 0x1abe2.
n=$(count '^id=0x01 DATA-ADDR cmp=0 addr=0x101[04] (low bytes)$')
check "data trace: 26 data addresses on comparator 0 (0x1010, 0x1014)" "$([ "$n" = 26 ]; echo $?)" "$n"
n=$(count '^id=0x01 DATA-VALUE cmp=0 write size=4 data=0x00000[12]00$')
check "data trace: 26 word writes 0x100 / 0x200 on comparator 0" "$([ "$n" = 26 ]; echo $?)" "$n"
n=$(count '^id=0x01 DATA-PC cmp=1 pc=0x0800028[c]$\|^id=0x01 DATA-PC cmp=1 pc=0x08000290$')
check "data trace: 9 PC values on comparator 1, in flash" "$([ "$n" = 9 ]; echo $?)" "$n"
v=$(sed -n 's/^id=0x01 DATA-VALUE cmp=1 write size=4 data=\(0x[0-9a-f]*\)$/\1/p' "$out/id1.txt" | tr '\n' ' ')
check "data trace: comparator 1 writes 0x1abde .. 0x1abe2" \
      "$([ "$v" = "0x0001abde 0x0001abdf 0x0001abe0 0x0001abe1 0x0001abe2 " ]; echo $?)" "$v"
n=$(count '^id=0x01 DATA-')
check "data trace packets: 66 in all" "$([ "$n" = 66 ]; echo $?)" "$n"

# 8. Overflow packets: 14.
n=$(count '^id=0x01 OVF$')
check "overflow packets: 14" "$([ "$n" = 14 ]; echo $?)" "$n"

# 9. The same decode by the other ways in: the channel by number and a whole DIV, and the
#    frame structure alone (no gaps used); a full sync alone finds nothing here.
"$dump" --sr-channel 5 --swo-nrz 3 --id 1 --strict "$sr" > "$out/id1_div.txt" 2>&1
check "--sr-channel 5 --swo-nrz 3: the same decode" "$(cmp -s "$out/id1.txt" "$out/id1_div.txt"; echo $?)"
"$dump" --sr-channel SWO --baud 8M --align frame --id 1 --strict --stats "$sr" > "$out/id1_frame.txt" \
  2> "$out/id1_frame.stats" && grep -q '^tpiu alignment: frame structure (first frame at byte 0, lead_in 0)' \
  "$out/id1_frame.stats" && cmp -s "$out/id1.txt" "$out/id1_frame.txt"
check "--align frame: the frame structure alone finds the same frames" $? \
      "$(grep '^tpiu alignment' "$out/id1_frame.stats")"
"$dump" --sr-channel SWO --baud 8M --align fsync --id 1 --stats "$sr" > "$out/id1_fsync.txt" \
  2> "$out/id1_fsync.stats"
grep -q 'unsynced 7856 .*(no full sync found)' "$out/id1_fsync.stats" && [ ! -s "$out/id1_fsync.txt" ]
check "--align fsync: no full sync in the capture, nothing decoded" $?
# 10. Fractional bit timing on this trace: its bytes and bursts re-timed onto an ideal
#     8 Mbit/s line sampled at 20 MHz (2.5 samples per bit), 27.3 MHz (3.4125) and
#     41.7 MHz (5.2125), written as sessions: the same decode.
for rate in 20000000 27300000 41700000; do
  python3 - "$sr" "$out/retimed_$rate.sr" "$rate" <<'PY'
import sys, zipfile
src, dst, rate = sys.argv[1], sys.argv[2], int(sys.argv[3])
z = zipfile.ZipFile(src)
lv = [(b >> 4) & 1 for i in range(1, 6) for b in z.read("logic-1-%d" % i)]
# UART at 3 samples per bit: (start time in s, byte); a character within a burst starts
# exactly one character time after the one before (the 24 MHz edges are 1/3 bit coarse)
chars, i, bit = [], 1, 1 / 8e6
while i < len(lv) - 30:
    if lv[i - 1] == 1 and lv[i] == 0:
        t = i / 24e6
        if chars and t - chars[-1][0] < 11 * bit:
            t = chars[-1][0] + 10 * bit
        chars.append((t, sum(lv[i + 1 + 3 * (b + 1)] << b for b in range(8))))
        i += 28
    i += 1
out = bytearray()
k, n = 0, int(len(lv) * rate / 24e6)
for s in range(n):
    t = s / rate
    while k + 1 < len(chars) and chars[k + 1][0] <= t:
        k += 1
    t0, b = chars[k]
    j = int((t - t0) / bit) if t >= t0 else -1
    out.append(0x10 * (0 if j == 0 else (b >> (j - 1)) & 1 if 1 <= j <= 8 else 1))
meta = z.read("metadata").decode().replace("samplerate=24 MHz", "samplerate=%d Hz" % rate)
with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as o:
    o.writestr("version", "2")
    o.writestr("metadata", meta)
    o.writestr("logic-1-1", bytes(out))
PY
  "$dump" --sr-channel SWO --baud 8M --id 1 --strict "$out/retimed_$rate.sr" > "$out/id1_$rate.txt" 2>&1
  check "re-timed to $rate samples/s: the same decode" "$(cmp -s "$out/id1.txt" "$out/id1_$rate.txt"; echo $?)" \
        "$(diff "$out/id1.txt" "$out/id1_$rate.txt" | head -3 | tr '\n' ' ')"
done
# 11. A capture that begins inside a burst (cut at sample 2600, 6 characters into the first
#     frame, inside a character): the cut frame is lead-in, not an error; the rest decodes
#     as before (all but the first frame's PC sample).
python3 - "$sr" "$out/cut.sr" <<'PY'
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
data = b"".join(z.read("logic-1-%d" % i) for i in range(1, 6))
with zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED) as o:
    o.writestr("version", "2")
    o.writestr("metadata", z.read("metadata"))
    o.writestr("logic-1-1", data[2600:])
PY
"$dump" --sr-channel SWO --baud 8M --id 1 --strict --stats "$out/cut.sr" > "$out/id1_cut.txt" \
  2> "$out/id1_cut.stats" && tail -n +2 "$out/id1.txt" | cmp -s - "$out/id1_cut.txt" &&
  grep -q 'lead_in 1 (errors before the first idle)' "$out/id1_cut.stats" &&
  grep -q '^tpiu alignment: idle gap (first frame at byte 8, lead_in 8)' "$out/id1_cut.stats"
check "capture cut inside the first burst: lead-in, --strict passes, the rest decodes" $? \
      "$(grep 'lead_in\|^errors' "$out/id1_cut.stats" | tr '\n' ' ')"
# JSON keeps the raw fields and adds the names (offset: in ID 1's byte stream)
grep -q '^{"id":1,"offset":217,"type":"HW","disc":1,"size":2,"data":"0x102c","dwt":"EXCEPTION","fn":"entry","exc":44,"exc_name":"IRQ 28","raw":"0e 2c 10"}$' \
  <("$dump" --sr-channel SWO --baud 8M --id 1 --json "$sr")
check "--json: raw disc/size/data and the named fields" $?

echo "fixture-test: $pass passed, $fail failed"
[ "$fail" = 0 ]
