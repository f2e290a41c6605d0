#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The mismatch-debugging flow end to end (README "Debugging a mismatch in GTKWave"): a copy of
# rtl/ with one deliberate fault (mutant prio_hw_over_stim of tests/mutants.txt) is Verilated,
# a failing random seed is run with --shrink, and the test checks that
#   - the run fails (exit 1) and writes the FST window, its .gtkw and the shrunk scenario;
#   - the FST opens (fst2vcd), holds the golden model's exp_* inputs beside the RTL's outputs
#     and the DUT's internals, and spans no more than the window asked for;
#   - every signal the .gtkw names is in the FST, the marker sits at the mismatch time, and
#     the translate filter files exist (tests/wave_check.py);
#   - the shrunk scenario has at most MAX_EVENTS events and fails (exit 1, MISMATCH) when run
#     the normal way, and its own FST and .gtkw pass the same checks;
#   - on each CFG's unmodified harness a failing check also gets a valid view (the signal
#     widths there depend on the configuration; the TPIU group only with a TPIU; the signal
#     pane fits every name and its value; one label form for every ATB header);
#   - the broken copy is built by `make tb RTL=DIR` apart from build/tb (build/rtl-HASH),
#     and the binary names DIR and a content hash other than the project's rtl/;
#   - the replay of a late mismatch (--inject-mismatch) from a checkpoint writes the same
#     trace as a replay from cycle 0, on base and full;
#   - shrinking a mismatch that needs nothing but time (--inject-mismatch 2000) leaves the
#     single event `idle 2001` (the idle starts at cycle 0 and must reach cycle 2000);
#   - the report decodes the packets in progress consistently ("HH TYPE", byte count);
#   - the failure path, shrinking and a checkpoint replay run clean under ASan+UBSan;
#   - `make wave` opens the view the last failure wrote (not the newest .gtkw).
# Usage: tests/wave_debug.sh BUILD_DIR CFG...
set -u
build=$1; shift
cfgs=("$@")
mutant=prio_hw_over_stim seed=5 cycles=50000 window=300
max_events=12 # seed 5 shrinks from 12 events (failure at cycle 15) to 6
root=$(pwd); out=$build/wave-test; dir=$out/mut; wd=$out/waves
start=$(date +%s); fails=0
fail() { echo "FAIL wave-test: $*"; fails=$((fails + 1)); }
scope=TOP.trace_tb_top
need=()
for p in prdata pready pslverr atvalid atdata atid afready hw_ready busy; do
  need+=("$scope.exp_${p}_i" "$scope.${p}_o")
done
need+=("$scope.mismatch_i" "$scope.cycle_i" "$scope.exp_atpkt_i" "$scope.rtl_atpkt_i"
       "$scope.u_dut.u_itm.u_arb.sel" "$scope.u_dut.u_itm.u_stim_fifo.cnt_q" "$scope.u_dut.u_itm.u_ts.ts_q")

# ---- the broken RTL ---------------------------------------------------------------------
expr=$(grep "^$mutant|" tests/mutants.txt | cut -d'|' -f3-)
file=$(grep "^$mutant|" tests/mutants.txt | cut -d'|' -f2)
[ -n "$expr" ] || { echo "ERROR wave-test: mutant $mutant not in tests/mutants.txt"; exit 2; }
rm -rf "$out"; mkdir -p "$dir" "$wd"
cp -r rtl lint "$dir/"
sed -i -E "$expr" "$dir/$file"
if cmp -s "$root/$file" "$dir/$file"; then echo "ERROR wave-test: '$expr' did not change $file"; exit 2; fi
if ! make -s --no-print-directory RTL="$dir/rtl" BUILD="$dir/build" CFG=base tb \
     > "$out/build.log" 2>&1; then
  echo "ERROR wave-test: the mutant does not build:"; tail -20 "$out/build.log"; exit 2
fi
tbdir=$(ls -d "$dir"/build/rtl-*/tb/base 2>/dev/null | head -1)
tb=$tbdir/trace_tb; vl=${tbdir%/tb/base}/vl/base
[ -x "$tb" ] && [ ! -e "$dir/build/tb/base" ] ||
  fail "make tb RTL=DIR did not build into BUILD/rtl-HASH/tb/base alone (see $out/build.log)"
rtl_line=$("$tb" --print-config 2>&1 >/dev/null)
own_hash=$("$build/tb/base/trace_tb" --print-config 2>&1 >/dev/null | sed -n 's/.*sha256 \([0-9a-f]*\))$/\1/p')
case "$rtl_line" in
  "rtl $(realpath "$dir/rtl") (sha256 "[0-9a-f]*")")
    [ "${rtl_line##* }" != "$own_hash)" ] || fail "the broken copy has the project's hash: $rtl_line" ;;
  *) fail "--print-config of the RTL=DIR build names '$rtl_line'" ;;
esac

# ---- one command: failing seed -> FST window, .gtkw, shrunk scenario --------------------
rc=0
"$tb" --quiet --seed $seed --cycles $cycles --wave-window $window --wave-dir "$wd" --shrink \
  > "$out/run.log" 2>&1 || rc=$?
[ $rc = 1 ] || fail "the mutant run exited $rc, expected 1 (see $out/run.log)"
grep -q 'MISMATCH at cycle' "$out/run.log" || fail "no MISMATCH report in $out/run.log"
for f in mismatch.fst mismatch.gtkw itm_hdr.txt itm_arb_sel.txt shrunk.scn shrunk.fst shrunk.gtkw; do
  [ -s "$wd/$f" ] || fail "$wd/$f was not written"
done
# "view: gtkwave DIR/NAME.gtkw (marker at cycle C, time T[; or: make wave])" -> T
marker() { sed -n "s|.*view:  gtkwave .*/$1 *(marker at cycle [-0-9]*, time \([0-9]*\)[;)].*|\1|p" \
           "$out/run.log" | head -1; }
m=$(marker mismatch.gtkw); s=$(marker shrunk.gtkw)
[ -n "$m" ] && [ -n "$s" ] || fail "the report does not print both views (see $out/run.log)"
python3 tests/wave_check.py "$wd/mismatch.fst" "$wd/mismatch.gtkw" --marker "${m:-0}" \
  --window-max $((10 * (window + 8 + 1))) --require "${need[@]}" || fail "mismatch.fst/.gtkw"
python3 tests/wave_check.py "$wd/shrunk.fst" "$wd/shrunk.gtkw" --marker "${s:-0}" \
  --require "${need[@]}" || fail "shrunk.fst/.gtkw"

# ---- the shrunk scenario ----------------------------------------------------------------
n=$(grep -v -E '^[[:space:]]*(#|$|config |end)' "$wd/shrunk.scn" | wc -l)
before=$(sed -n 's/.*shrink: \([0-9]*\) -> [0-9]* events.*/\1/p' "$out/run.log")
if [ "$n" -gt $max_events ] || [ "$n" -lt 1 ]; then
  fail "shrunk.scn has $n events, expected 1..$max_events"
fi
rc=0; "$tb" "$wd/shrunk.scn" > "$out/shrunk_run.log" 2>&1 || rc=$?
[ $rc = 1 ] && grep -q 'MISMATCH at cycle' "$out/shrunk_run.log" ||
  fail "the shrunk scenario run normally exited $rc without a MISMATCH (see $out/shrunk_run.log)"
repro=$(sed -n 's/^  reproduce: \(.*shrunk\.scn\)$/\1/p' "$out/run.log")
[ "$repro" = "$tb $wd/shrunk.scn" ] || fail "the printed reproduce command is '$repro'"
echo "wave-test: seed $seed of mutant $mutant: $before events -> $n in $wd/shrunk.scn, fails again"

# ---- the same failure path (report, replay, views, shrinking) under ASan+UBSan ----------
asan=$out/asan; mkdir -p "$asan"
san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
defs=$(make -s --no-print-directory c-params-base)
objs=()
for src in sim/c_tb/common/*.c sim/c_tb/trace/*.c sim/golden/src/*.c tests/opencsd/etm_prog.c tests/opencsd/etm_spec_pe.c \
           sim/decode/etm4dec.c sim/decode/hwsrc.c sim/decode/tpiudec.c; do
  o=$asan/$(echo "$src" | tr / _).o
  cc -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -O1 -g $san $defs \
     -Isim/golden/include -Isim/c_tb/common -c "$src" -o "$o" || fail "asan: $src does not compile"
  objs+=("$o")
done
g++ $san -o "$asan/trace_tb" "${objs[@]}" "$tbdir/dut_trace.o" "$vl/Vtrace_tb_top__ALL.a" \
    "$vl/verilated.o" "$vl/verilated_fst_c.o" "$vl/verilated_threads.o" -lzip -lz -lpthread ||
  fail "asan: link"
rc=0
"$asan/trace_tb" --quiet --seed $seed --cycles $cycles --wave-window $window --wave-dir "$asan/w" \
  --shrink > "$asan/run.log" 2>&1 || rc=$?
[ $rc = 1 ] && grep -q 'shrink: .* -> .* events' "$asan/run.log" &&
  ! grep -q -E 'Sanitizer|runtime error' "$asan/run.log" ||
  fail "asan: the failing run with --shrink exited $rc (see $asan/run.log)"
# checkpoints saved (at cycles 65536 and 131072) and one restored, under the sanitizers (the
# project's RTL: the broken copy fails early)
bvl=$build/vl/base
g++ $san -o "$asan/trace_tb_base" "${objs[@]}" "$build/tb/base/dut_trace.o" "$bvl/Vtrace_tb_top__ALL.a" \
    "$bvl/verilated.o" "$bvl/verilated_fst_c.o" "$bvl/verilated_threads.o" -lzip -lz -lpthread ||
  fail "asan: link with the project's RTL"
rc=0
"$asan/trace_tb_base" --seed 3 --cycles 140000 --inject-mismatch 135000 --checkpoint-ms 1 \
  --wave-window 100 --wave-dir "$asan/ck" > "$asan/ckpt.log" 2>&1 || rc=$?
[ $rc = 1 ] && grep -q 'replayed from the checkpoint at cycle' "$asan/ckpt.log" &&
  ! grep -q -E 'Sanitizer|runtime error|warning' "$asan/ckpt.log" ||
  fail "asan: the checkpoint replay exited $rc (see $asan/ckpt.log)"

# ---- the view on every configuration ----------------------------------------------------
printf 'read 0xFBC expect=0x0   # ITM_DEVARCH is 0x47701A01: a failing check\nidle 4\n' \
  > "$out/check_fails.scn"
# (a configuration with a TPIU runs only scenarios that say so: the same with that line)
{ echo "config tpiu=1"; cat "$out/check_fails.scn"; } > "$out/check_fails_tpiu.scn"
for c in "${cfgs[@]}"; do
  scn=$out/check_fails.scn
  [ "$("$build/tb/$c/trace_tb" --print-config 2>/dev/null | grep -o 'tpiu=1')" ] && scn=$out/check_fails_tpiu.scn
  tpiu=--no-group; [ "$scn" = "$out/check_fails_tpiu.scn" ] && tpiu=--group
  rc=0; "$build/tb/$c/trace_tb" --quiet --wave-dir "$out/cfg_$c" "$scn" \
    > "$out/cfg_$c.log" 2>&1 || rc=$?
  [ $rc = 1 ] || fail "[$c] the failing check exited $rc"
  t=$(sed -n 's/.*(marker at cycle [-0-9]*, time \([0-9]*\);.*/\1/p' "$out/cfg_$c.log")
  python3 tests/wave_check.py "$out/cfg_$c/mismatch.fst" "$out/cfg_$c/mismatch.gtkw" \
    --marker "${t:-0}" --require "${need[@]}" --value-chars 21 $tpiu "TPIU pins" | sed "s/^/[$c] /"
  [ "${PIPESTATUS[0]}" = 0 ] || fail "[$c] view of a failing check"
done

# ---- checkpoints: the replay from one writes the trace a replay from cycle 0 writes ------
# (fst2vcd output without its $date; --checkpoint-ms 20 takes several before the failure)
for spec in base:300000 full:100000; do
  c=${spec%:*} n=${spec#*:}
  [ -x "$build/tb/$c/trace_tb" ] || continue
  for ms in 20 0; do
    rc=0; "$build/tb/$c/trace_tb" --seed 3 --cycles $((n + 1000)) --inject-mismatch $n \
      --checkpoint-ms $ms --wave-window 500 --wave-dir "$out/ckpt_${c}_$ms" > "$out/ckpt_${c}_$ms.log" 2>&1 || rc=$?
    [ $rc = 1 ] || fail "[$c] --inject-mismatch $n --checkpoint-ms $ms exited $rc"
    fst2vcd -f "$out/ckpt_${c}_$ms/mismatch.fst" 2>/dev/null | sed '/^\$date/,/\$end/d' > "$out/ckpt_${c}_$ms.vcd"
  done
  grep -q 'replayed from the checkpoint at cycle' "$out/ckpt_${c}_20.log" ||
    fail "[$c] the replay did not start from a checkpoint (see $out/ckpt_${c}_20.log)"
  grep -q 'replayed from cycle -4 ' "$out/ckpt_${c}_0.log" ||
    fail "[$c] --checkpoint-ms 0 did not replay from cycle -4 (see $out/ckpt_${c}_0.log)"
  grep -q 'warning' "$out/ckpt_${c}_20.log" && fail "[$c] the checkpoint replay warns"
  if [ -s "$out/ckpt_${c}_0.vcd" ] && cmp -s "$out/ckpt_${c}_20.vcd" "$out/ckpt_${c}_0.vcd"; then
    echo "wave-test: [$c] $(sed -n 's/^ *replayed \(from the checkpoint at cycle [0-9]*\) in \(.*\)$/\1 (\2)/p' \
      "$out/ckpt_${c}_20.log"): the same trace as from cycle -4 ($(sed -n 's/^ *replayed from cycle -4 in //p' \
      "$out/ckpt_${c}_0.log"))"
  else
    fail "[$c] the traces replayed from a checkpoint and from cycle -4 differ"
  fi
done

# ---- shrinking keeps only the cause: time ------------------------------------------------
rc=0; "$build/tb/base/trace_tb" --quiet --seed 3 --cycles 3000 --inject-mismatch 2000 --shrink \
  --wave-dir "$out/idle" > "$out/idle.log" 2>&1 || rc=$?
ev=$(grep -v -E '^[[:space:]]*(#|$|config |end)' "$out/idle/shrunk.scn" 2>/dev/null)
[ $rc = 1 ] && [ "$ev" = "idle 2001" ] ||
  fail "shrinking --inject-mismatch 2000 left '$ev' (exit $rc), expected the one event 'idle 2001'"

# ---- the packets in progress in the report ----------------------------------------------
# "NAME packet in progress since cycle C: HH TYPE ..., K [of M] bytes [HH ..]": the label's
# byte is the first one, K the number of bytes listed
# (the first failure cycles from 1300 on whose report shows one, until 4 reports are seen:
# where trace is busy depends on the random generator)
seen=0
for n in $(seq 1300 1500); do
  [ $seen -ge 4 ] && break
  "$build/tb/base/trace_tb" --quiet --seed 3 --cycles 3000 --inject-mismatch $n --checkpoint-ms 0 \
    --wave-window 0 --wave-dir "$out/pip" > "$out/pip.log" 2>&1
  while IFS= read -r l; do
    seen=$((seen + 1))
    hh=$(sed -n 's/.*since cycle [0-9]*: \([0-9A-F][0-9A-F]\) .*/\1/p' <<< "$l")
    k=$(sed -n 's/.*, \([0-9]*\)\( of [0-9]*\)\? bytes \[.*/\1/p' <<< "$l")
    bytes=$(sed -n 's/.*\[\(.*\)\]$/\1/p' <<< "$l")
    first=$(awk '{ print toupper($1) }' <<< "$bytes")
    [ -n "$hh" ] && [ "$hh" = "$first" ] && [ "$k" = "$(wc -w <<< "$bytes")" ] ||
      fail "inconsistent packet in progress: $l"
  done < <(grep 'packet in progress since' "$out/pip.log")
done
[ $seen -ge 4 ] || fail "fewer than 4 packets in progress reported for failures at cycles 1300..1500 of seed 3"

# ---- make wave: the view of the last failure, wherever --wave-dir put it -----------------
"$tb" --quiet --seed $seed --cycles $cycles --wave-window $window --wave-dir "$out/last" \
  > /dev/null 2>&1
sleep 1; touch "$wd/shrunk.gtkw" # a newer .gtkw of an older failure
w=$(DISPLAY='' WAYLAND_DISPLAY='' make -s --no-print-directory BUILD="$out" wave 2>&1)
echo "$w" | grep -q "wave: $(realpath "$out/last")/mismatch.gtkw" && echo "$w" | grep -q 'no display' ||
  fail "make wave printed: $w"

echo "wave-test: $(( $(date +%s) - start )) s, $fails failed"
[ $fails = 0 ]
