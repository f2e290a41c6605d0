#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Cross-check of our TPIU formatter against a deformatter we did not write: OpenCSD's
# (Debian libopencsd, the CoreSight decode library Linux perf uses), issue 18 item 4.
#
# For each stream: the lockstep harness runs a TPIU scenario on CFG=full with --wave and a
# pin capture; from the wave, tests/opencsd/wave_streams.py takes the formatter output
# txb_o (every byte that starts on the pins, docs/tpiu-contract.md [TPIU-TXB-1]) and what
# the ITM put on ATB ({atid, atdata} in every transfer). ocsd_deframe (OpenCSD's
# deformatter, OCSD_DFRMTR_HAS_FSYNCS, plus OCSD_DFRMTR_HAS_HSYNCS on the parallel port)
# splits txb_o by trace ID, and every ID's bytes must be exactly the ATB bytes of that ID.
# Also checked, so that the reference is what the ITM sent:
#   * the ATB bytes from the wave are the harness's own ATB packet list (trace_tb --verbose,
#     RTL and golden model), and for tests/tpiu_loop.sh's scenarios the payloads written;
#   * our tracedump (sim/decode) gives the same bytes per ID, from txb_o (--bytes) and
#     from the captured pins (SWO NRZ/Manchester, TRACEDATA);
#   * OpenCSD reports no error, resets nothing, leaves no data without an ID, and its ID
#     0x00 (padding) data are all 0x00.
# Streams: tests/tpiu_loop.sh's scenarios in each formatted port mode (its bypass modes
# have no frames), the directed TPIU scenarios (scenarios/tpiu_*.scn with the formatter on
# and trace on ATB, a flush appended), and two generated here for each of tpiu_loop's
# formatted port modes: several trace IDs (the TraceBusID rewritten between bursts, so ID
# changes land on odd and even frame positions) and periodic full syncs after idle time.
# A stream that OpenCSD 1.3.3 rejects only because a full sync follows a half-word sync
# (ocsd_deframe.c, "Findings") is fed again in blocks split at its full syncs, and passes
# with a NOTE if that run is right; for every other stream the split run must give the
# same output as the whole one.
# Usage: tests/opencsd/run.sh BUILD_DIR
#   (needs BUILD_DIR/tb/full/trace_tb, BUILD_DIR/decode/tracedump, BUILD_DIR/opencsd/ocsd_deframe,
#    fst2vcd from GTKWave, python3)
set -u
if [ $# != 1 ] || [ ! -d "$1" ]; then echo "usage: $0 BUILD_DIR" >&2; exit 2; fi
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.." || exit 2     # the repository: tests/tpiu_loop.sh, scenarios/
for t in fst2vcd python3; do
  command -v $t > /dev/null || { echo "FAIL: $t not found (make deps: gtkwave, python3)"; echo "opencsd: 0 passed, 1 failed"; exit 1; }
done
tb=$build/tb/full/trace_tb
dump=$build/decode/tracedump
deframe=$build/opencsd/ocsd_deframe
out=$build/opencsd/run
rm -rf "$out"
mkdir -p "$out"
pass=0; fail=0; known=0

# ---- the port set-up of a scenario: the last value written to each TPIU register ---------
# sets sppr acpr cspsr ffcr (reset values: Manchester, SWOSCALER 0, port size 1, EnFCont|TrigIn)
# and byp_trace=1 if the scenario writes a stimulus port while FFCR.EnFCont is 0 and turns
# the formatter on later: that stretch of its stream is bypassed, with no frames to deframe
port_of() {
  sppr=1; acpr=0; cspsr=1; ffcr=0x102; byp_trace=0
  local a v stim_byp=0
  while read -r _ a v _; do
    case ${a,,} in
      0x40004) cspsr=$((v)) ;;
      0x40010) acpr=$((v)) ;;
      0x400f0) sppr=$((v)) ;;
      0x40304) ffcr=$((v & ~0x40)) ;;
      *) [ $((a)) -lt 1024 ] && [ $((ffcr & 2)) = 0 ] && stim_byp=1 ;;
    esac
  done < <(grep -E '^write +0x[0-9a-fA-F]+ ' "$1")
  [ "$stim_byp" = 1 ] && [ $((ffcr & 2)) != 0 ] && byp_trace=1
}

# ---- one stream -----------------------------------------------------------------------
# check NAME SCENARIO [WANT [EMPTY_OK]]: WANT, if not empty, lists the payloads written
# (tpiu_loop's .want: 'INST port=P size=S data=0x..'), all under trace ID 5; EMPTY_OK: a
# scenario without trace on ATB is skipped (else it fails).
check() {
  local name=$1 scn=$2 want=${3:-} empty_ok=${4:-} p=$out/$1
  port_of "$scn"
  local cap dargs dfl=""
  case $sppr in
    0) cap=par; dfl=--hsyncs
       case $cspsr in 1) dargs="--parallel 1" ;; 2) dargs="--parallel 2" ;;
                      8) dargs="--parallel 4" ;; 128) dargs="--parallel 8" ;;
                      *) echo "FAIL $name: port size CSPSR=$cspsr not handled"; fail=$((fail + 1)); return ;;
       esac ;;
    1) cap=swo; dargs="--swo-manchester $((acpr + 1))" ;;
    2) cap=swo; dargs="--swo-nrz $((acpr + 1))" ;;
    *) echo "FAIL $name: SPPR=$sppr"; fail=$((fail + 1)); return ;;
  esac
  if [ "$sppr" != 0 ] && [ $((ffcr & 2)) = 0 ]; then
    echo "skip $name: formatter bypassed (no frames to deframe)"; return
  fi
  if [ "$byp_trace" = 1 ]; then
    echo "skip $name: trace written while the formatter is bypassed, then the formatter turned on (the bypassed bytes have no frames)"; return
  fi
  local why=()
  if ! "$tb" --verbose --wave "$p.fst" "--capture-$cap" "$p.cap" "$scn" > "$p.tb.log" 2>&1; then
    echo "FAIL $name: the lockstep run failed:"; grep -v '^cycle' "$p.tb.log" | head -20
    fail=$((fail + 1)); return
  fi
  if ! fst2vcd -f "$p.fst" > "$p.vcd" 2> "$p.vcd.err" ||
     ! python3 "$here/wave_streams.py" "$p.vcd" "$p" > "$p.ws.log" 2>&1; then
    echo "FAIL $name: cannot take the streams from the wave:"; cat "$p.vcd.err" "$p.ws.log" | head -5
    fail=$((fail + 1)); return
  fi
  # OpenCSD, on the stream fed whole. OpenCSD 1.3.3 stops at a full sync that follows a
  # half-word sync (see the report in the header of ocsd_deframe.c); then the stream is fed
  # again in blocks that each start at a full sync, and that run is the one checked.
  local note=""
  # shellcheck disable=SC2086
  if ! "$deframe" $dfl "$p.txb" > "$p.ocsd" 2> "$p.ocsd.err"; then
    if grep -q 'half-word syncs followed by a full sync' "$p.ocsd.err" &&
       grep -q 'Bad FSYNC start in frame' "$p.ocsd.err"; then
      note=" NOTE: OpenCSD fed the whole stream stops at a half-word sync + full sync ($(grep -o '[0-9]* half-word syncs followed by a full sync (first at byte [0-9]*)' "$p.ocsd.err")), so it was fed in blocks split at the full syncs"
      known=$((known + 1))
      mv "$p.ocsd" "$p.ocsd_whole"; mv "$p.ocsd.err" "$p.ocsd_whole.err"
      # shellcheck disable=SC2086
      "$deframe" $dfl --split-at-fsyncs "$p.txb" > "$p.ocsd" 2> "$p.ocsd.err" ||
        why+=("OpenCSD reported errors (stream split at the full syncs): $(grep -v 'half-word syncs' "$p.ocsd.err" | head -3 | tr '\n' ' ')")
    else
      why+=("OpenCSD reported errors: $(head -3 "$p.ocsd.err" | tr '\n' ' ')")
    fi
  fi
  # feeding the stream in blocks that start at the full syncs must change nothing
  if [ -z "$note" ] && [ ${#why[@]} = 0 ]; then
    # shellcheck disable=SC2086
    "$deframe" $dfl --split-at-fsyncs "$p.txb" > "$p.ocsd_split" 2> "$p.ocsd_split.err" &&
      cmp -s "$p.ocsd" "$p.ocsd_split" || why+=("OpenCSD's output changes when the stream is fed in blocks split at the full syncs: $p.ocsd_split")
  fi
  grep '^id=0x' "$p.ocsd" | grep -v '^id=0x00 ' > "$p.ocsd_ids"
  diff -u "$p.atb_ids" "$p.ocsd_ids" > "$p.ocsd.diff" || why+=("OpenCSD's bytes per ID differ from ATB's (< ATB, > OpenCSD): $p.ocsd.diff")
  local pad
  pad=$(sed -n 's/^id=0x00 n=[0-9]*//p' "$p.ocsd" | tr -d ' 0')
  [ -z "$pad" ] || why+=("OpenCSD's ID 0x00 (padding) data are not all 0x00")
  grep -q '^id=none\|^resets=' "$p.ocsd" && why+=("OpenCSD: data before any ID, or decoder resets: $(grep '^id=none\|^resets=' "$p.ocsd" | cut -c1-80)")
  # the reference: the harness's ATB packet list (both models), the payloads written
  local atb
  atb=$(awk '{printf " %s", $3}' "$p.atb")
  for side in golden rtl; do
    [ "$atb" = "$(sed -n "s/^cycle *[0-9]*  $side *packet .*\[\(.*\)\]$/\1/p" "$p.tb.log" | awk '{for(i=1;i<=NF;i++) printf " %s", $i}')" ] ||
      why+=("the ATB bytes in the wave are not the $side model's packet list (trace_tb --verbose)")
  done
  if [ -n "$want" ]; then
    local wb
    wb=$(awk '{ split($2, a, "="); split($3, s, "="); split($4, d, "="); size = s[2]; v = d[2]
                printf " %02x", a[2] * 8 + (size == 4 ? 3 : size)
                for (i = 0; i < size; i++) printf " %s", substr(v, length(v) - 2 * i - 1, 2) }' "$want")
    printf 'id=0x05 n=%d%s\n' "$(wc -w <<< "$wb")" "$wb" > "$p.want_ids"
    diff -u "$p.want_ids" "$p.atb_ids" > "$p.want.diff" || why+=("the ATB bytes are not the payloads written (< written, > ATB): $p.want.diff")
  fi
  # our own decoder, on the same bytes and on the pins
  local src
  for src in txb pins; do
    # (--etm-id none: the ITM is also sent under 0x10 here, tracedump's default ETM ID)
    if [ $src = txb ]; then "$dump" --bytes --json --etm-id none "$p.txb"; else
      # shellcheck disable=SC2086
      "$dump" $dargs --json --etm-id none "$p.cap"; fi 2> "$p.dump_$src.err" |
      sed -n 's/^{"id":\([0-9]*\),.*"raw":"\([^"]*\)"}$/\1 \2/p' |
      awk '{ id = $1; for (i = 2; i <= NF; i++) { b[id] = b[id] " " $i; n[id]++ } }
           END { for (id in b) printf "id=0x%02x n=%d%s\n", id, n[id], b[id] }' | sort > "$p.dump_$src"
    diff -u "$p.atb_ids" "$p.dump_$src" > "$p.dump_$src.diff" || why+=("tracedump ($src) differs from ATB: $p.dump_$src.diff")
  done
  local ids bytes frames
  ids=$(awk '{printf "%s%s", sep, substr($1, 4); sep=","}' "$p.atb_ids")
  bytes=$(awk '{split($2, a, "="); s += a[2]} END {print s + 0}' "$p.atb_ids")
  frames=$(( $(wc -c < "$p.txb") ))
  if [ "$bytes" = 0 ] && [ -n "$empty_ok" ]; then
    echo "skip $name: no trace on ATB"; return
  fi
  if [ ${#why[@]} = 0 ] && [ "$bytes" -gt 0 ]; then
    pass=$((pass + 1))
    echo "ok   $name: $bytes ATB bytes of IDs $ids, OpenCSD got every ID's bytes from the $frames formatter bytes ($cap ${dargs%% *} ${dargs#* })$note"
  else
    fail=$((fail + 1))
    [ "$bytes" -gt 0 ] || why+=("no ATB bytes at all")
    echo "FAIL $name:"; printf '       %s\n' "${why[@]}"
    [ -s "$p.ocsd.diff" ] && head -12 "$p.ocsd.diff" | sed 's/^/       /'
  fi
}

# ---- streams 1: tests/tpiu_loop.sh's scenarios ------------------------------------------
# It writes them (with the payloads each sends, .want) under ITS_BUILD/tpiu_loop; run it on a
# build directory of links to ours so that its files land in $out.
lb=$out/loop
mkdir -p "$lb/tb/full" "$lb/decode"
ln -sf "$(cd "$(dirname "$tb")" && pwd)/trace_tb" "$lb/tb/full/trace_tb"
ln -sf "$(cd "$(dirname "$dump")" && pwd)/tracedump" "$lb/decode/tracedump"
tests/tpiu_loop.sh "$lb" > "$out/tpiu_loop.log" 2>&1 || echo "note: tests/tpiu_loop.sh itself failed (see $out/tpiu_loop.log)"
loop_scns=$(ls "$lb"/tpiu_loop/*.scn 2>/dev/null)
[ -n "$loop_scns" ] || { echo "FAIL tpiu-loop: tests/tpiu_loop.sh wrote no scenarios"; fail=$((fail + 1)); }
for scn in $loop_scns; do
  n=$(basename "$scn" .scn)
  check "loop-$n" "$scn" "${scn%.scn}.want"
done

# ---- streams 2: the directed TPIU scenarios, with a flush appended ------------------------
for scn in scenarios/tpiu_*.scn; do
  n=$(basename "$scn" .scn)
  port_of "$scn"
  {
    grep -v -E '^end( |$)' "$scn"
    echo "# appended by tests/opencsd/run.sh: flush the last frame out"
    echo "wait_idle"
    echo "write 0x40304 $((ffcr | 0x40))"
    echo "idle 3000"
  } > "$out/$n.scn"
  check "$n" "$out/$n.scn" "" empty-ok
done

# ---- streams 3: several trace IDs in each port mode ----------------------------------------
# The port set-up is tests/tpiu_loop.sh's (the lines of its scenario before ITM_TCR); then
# bursts of 1 to 3 packets of 1, 2 and 4 bytes (values that look like syncs included), the
# TraceBusID changed between bursts (after wait_idle: the ITM has sent everything, the TPIU
# may still hold bytes of the old ID), and a flush.
ids=(0x01 0x6f 0x02 0x40 0x05 0x10 0x3f 0x6e 0x11)
vals=(0x41 0xFF 0x7F 0x00 0x80 0x1234 0xFFFF 0x7FFF 0xDEADBEEF 0x7FFFFFFF 0xFFFFFF7F
      0x01 0x03 0xA5A5 0x0102 0x00000000 0x12345678 0x55 0xFE 0x8000 0xFF7F 0x7FFFFF)
for scn in $loop_scns; do
  n=$(basename "$scn" .scn)
  port_of "$scn"
  [ "$sppr" != 0 ] && [ $((ffcr & 2)) = 0 ] && continue   # bypass
  m=$out/ids-$n.scn
  {
    echo "# generated by tests/opencsd/run.sh: trace ID changes, port set-up of $n"
    sed -n '/^write 0x00E80/q; /^write/p; /^config/p' "$scn"
    echo "write 0x00E00 0xFFFFFFFF"
    k=0
    for g in $(seq 0 26); do
      id=${ids[$((g % ${#ids[@]}))]}
      echo "write 0x00E80 $(printf '0x%08x' $(( (id << 16) | 1 )))   # ITMENA, TraceBusID $id"
      for _ in $(seq 0 $(( (g * 5) % 3 ))); do
        v=${vals[$((k % ${#vals[@]}))]}
        case ${#v} in 4) size=1 ;; 6) size=2 ;; *) size=4 ;; esac
        printf 'write 0x%05x %s size=%d\n' $(( ((k * 11) % 32) * 4 )) "$v" "$size"
        k=$((k + 1))
      done
      echo "wait_idle"
    done
    echo "write 0x40304 $((ffcr | 0x40))   # FOnMan: flush the last frame out"
    echo "idle 3000"
  } > "$m"
  check "ids-$n" "$m"
done

# ---- streams 4: periodic full syncs after idle time, in each port mode ----------------------
# PSCR.PSCount = 7 (a full sync every 128 ATB bytes) and a flush after every packet, so that
# the formatter is at a frame boundary when the byte that requests the sync arrives: the
# sync then follows idle time (nothing on SWO, half-word syncs on the parallel port). The
# first packet has 3 bytes and the rest 2, so the 128th byte starts a packet. Two trace
# IDs, changed every 8 packets.
for scn in $loop_scns; do
  n=$(basename "$scn" .scn)
  port_of "$scn"
  [ "$sppr" != 0 ] && [ $((ffcr & 2)) = 0 ] && continue   # bypass
  m=$out/psync-$n.scn
  {
    echo "# generated by tests/opencsd/run.sh: periodic syncs after idle, port set-up of $n"
    sed -n '/^write 0x00E80/q; /^write/p; /^config/p' "$scn"
    echo "write 0x40308 0x7   # PSCR.PSCount 7: every 128 bytes"
    echo "write 0x00E00 0xFFFFFFFF"
    echo "write 0x00E80 0x00010001"
    echo "write 0x00000 0x7FFF size=2"
    echo "wait_idle"
    echo "write 0x40304 $((ffcr | 0x40))"
    echo "idle 400"
    for i in $(seq 1 140); do
      [ $((i % 8)) = 0 ] && echo "write 0x00E80 $(printf '0x%08x' $(( ((i / 8) % 2 ? 0x6f : 0x01) << 16 | 1 )))"
      printf 'write 0x%05x 0x%02x size=1\nwait_idle\nwrite 0x40304 %d\nidle 400\n' $(( (i % 32) * 4 )) $(( (i * 37) & 255 )) $((ffcr | 0x40))
    done
    echo "idle 3000"
  } > "$m"
  check "psync-$n" "$m"
done

[ "$known" = 0 ] || echo "note: $known streams have a full sync right after a half-word sync, which OpenCSD 1.3.3 rejects when fed whole (see ocsd_deframe.c)"
echo "opencsd: $pass passed, $fail failed"
[ "$fail" = 0 ]
