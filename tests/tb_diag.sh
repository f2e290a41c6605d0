#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# trace_tb's diagnostics from issue 21 (part of make scenarios, ~1 s): a pin capture asked of
# a binary without a TPIU is refused; --warn-unmapped names every access to a PPB frame with
# no block; a bare multi-digit byte is a scenario error; `wait_idle tpiu=1` needs the golden
# model; --verbose prints the TPIU's bytes and a failure report shows their history;
# --time-models replays a run on both models, finds an inverted output, refuses --mode. Each
# case checks the exit status and a piece of the output.
# Usage: tests/tb_diag.sh BUILD_DIR   (needs BUILD_DIR/tb/{base,full}/trace_tb)
set -u
build=${1:-build}
base=$build/tb/base/trace_tb full=$build/tb/full/trace_tb
work=$build/tb_diag
mkdir -p "$work"
pass=0; fail=0

# case_ NAME RC 'PIECE' CMD...: CMD must exit RC with PIECE in its stdout+stderr ('' = any);
# case_not NAME 'PIECE' checks that the last case's output lacks PIECE
case_() {
  local name=$1 want_rc=$2 piece=$3 rc; shift 3
  "$@" > "$work/out" 2>&1; rc=$?
  if [ "$rc" != "$want_rc" ]; then why="exit $rc, expected $want_rc"
  elif [ -n "$piece" ] && ! grep -qF -- "$piece" "$work/out"; then why="output lacks '$piece'"
  else pass=$((pass + 1)); echo "ok    $name"; return; fi
  fail=$((fail + 1)); echo "FAIL  $name: $why ($*)"; head -20 "$work/out" | sed 's/^/      /'
}
case_not() {
  if grep -qF -- "$2" "$work/out"; then
    fail=$((fail + 1)); echo "FAIL  $1: the output has '$2'"
  else pass=$((pass + 1)); echo "ok    $1"; fi
}

# ---- pin captures need a TPIU
rm -f "$work/none.bin"
case_ "--capture-swo without a TPIU: refused" 2 \
  "--capture-swo $work/none.bin: this binary has no TPIU (tpiu=0 in config" \
  "$base" --capture-swo "$work/none.bin" scenarios/default.scn
if [ -e "$work/none.bin" ]; then fail=$((fail + 1)); echo "FAIL  the refused capture was written"
else pass=$((pass + 1)); echo "ok    the refused capture is not written"; fi
case_ "--capture-par without a TPIU: refused" 2 "so there is no TRACEDATA port to capture" \
  "$base" --capture-par "$work/none.bin" scenarios/default.scn

# ---- --warn-unmapped (PPB frames of docs/fpb-contract.md section 7)
printf '%s\n' 'write 0x01000 0x1        # the DWT: no block on base' \
  'read 0x03004             # no block anywhere' 'write 0x40304 0x142      # the TPIU: none on base' \
  'write 0x02000 0x3        # the FPB' 'write 0x00E80 0x10009    # the ITM' > "$work/unmapped.scn"
case_ "--warn-unmapped: the DWT frame on base" 0 \
  "unmapped.scn:1: warning: write 0x01000: no block at PPB frame 0x01 in this configuration (the ITM 0x00xxx, the FPB 0x02xxx)" \
  "$base" --warn-unmapped "$work/unmapped.scn"
case_ "--warn-unmapped: frame 0x03" 0 "unmapped.scn:2: warning: read 0x03004: no block at PPB frame 0x03" \
  "$base" --warn-unmapped "$work/unmapped.scn"
case_ "--warn-unmapped: the TPIU frame on base" 0 "unmapped.scn:3: warning: write 0x40304" \
  "$base" --warn-unmapped "$work/unmapped.scn"
case_not "--warn-unmapped: nothing about the FPB and ITM frames" "unmapped.scn:4"
case_ "no warning without --warn-unmapped" 0 "" "$base" "$work/unmapped.scn"
case_not "no warning without --warn-unmapped (checked)" "warning"
{ echo "config tpiu=1"; cat "$work/unmapped.scn"; } > "$work/unmapped_full.scn"
case_ "--warn-unmapped on full: only frame 0x03" 0 \
  "unmapped_full.scn:3: warning: read 0x03004: no block at PPB frame 0x03 in this configuration (the ITM 0x00xxx, the DWT 0x01xxx, the FPB 0x02xxx, the TPIU 0x40xxx, the ETM 0x41xxx)" \
  "$full" --warn-unmapped "$work/unmapped_full.scn"
case_not "--warn-unmapped on full: the DWT and TPIU frames are mapped" "warning: write"

# ---- a byte list written as a hex dump
printf 'expect_atb 01 41\n' > "$work/hexdump.scn"
case_ "bare multi-digit bytes: scenario error" 2 \
  "hexdump.scn:1: error: expect_atb: byte '01' has no 0x" "$base" "$work/hexdump.scn"

# ---- wait_idle tpiu=1 and the TPIU's bytes
case_ "wait_idle tpiu=1 without the golden model" 1 \
  "wait_idle tpiu=1: the TPIU's state comes from the golden model" \
  "$full" --mode rtl scenarios/tpiu_wait_idle.scn
case_ "--verbose: the TPIU's bytes, 16 a line" 0 \
  "cycle        5  golden TXB bytes ff ff ff 7f 03 01 01 41 00 00 00 00 00 00 00 00" \
  "$full" --verbose scenarios/tpiu_wait_idle.scn
case_ "--verbose: the rest at the end of the run" 0 "cycle      165  rtl    TXB bytes 00 00 00 02" \
  "$full" --verbose scenarios/tpiu_wait_idle.scn
# the scenario up to its txb expectations, with a plain wait_idle
sed -n -e '1,/^expect_txb_at/p' scenarios/tpiu_wait_idle.scn |
  sed -e 's/^wait_idle tpiu=1/wait_idle/' -e '/^expect_cycle 206/d' > "$work/no_tpiu_wait.scn"
case_ "plain wait_idle ends the run before the TPIU: the failure says so" 1 \
  "golden TXB stream ended after 1 bytes; still expected: 0xff 0xff 0x7f" \
  "$full" --wave-dir "$work" "$work/no_tpiu_wait.scn"
case_ "... and names wait_idle tpiu=1" 1 "\`wait_idle tpiu=1\` waits until the TPIU has sent everything" \
  "$full" --wave-dir "$work" "$work/no_tpiu_wait.scn"
case_ "the failure report shows the TPIU's last bytes" 1 \
  "last 1 bytes of the rtl TPIU formatter output (txb_o; 1 bytes in all):" \
  "$full" --wave-dir "$work" "$work/no_tpiu_wait.scn"
case_ "... with their cycles" 1 "cycles 5..5             byte #0        [ff]" \
  "$full" --wave-dir "$work" "$work/no_tpiu_wait.scn"

# ---- --time-models (make bench): both models replay the recorded run and match it
case_ "--time-models on base: both models give the recorded outputs" 0 \
  "outputs equal in every cycle" "$base" --time-models --quiet --seed 1 --cycles 20000
case_ "--time-models on full (DWT, TPIU)" 0 "outputs equal in every cycle" \
  "$full" --time-models --quiet --seed 2 --cycles 20000
case_ "--time-models finds an output that differs (--inject-mismatch 5000)" 1 \
  "the golden model's outputs differ from the recorded run's in cycle 5000" \
  "$base" --time-models --quiet --seed 1 --cycles 20000 --inject-mismatch 5000
case_ "--time-models with --mode: refused" 2 "--time-models makes a random run" \
  "$base" --time-models --mode golden

echo "trace_tb diagnostics: $pass passed, $fail failed"
[ "$fail" = 0 ]
