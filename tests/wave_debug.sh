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
#     widths there depend on the configuration);
#   - `make wave` finds the newest view.
# Usage: tests/wave_debug.sh BUILD_DIR CFG...
set -u
build=$1; shift
cfgs=("$@")
mutant=prio_hw_over_stim seed=5 cycles=50000 window=300
max_events=12 # seed 5 shrinks from 224 events (failure at cycle 762) to 7
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
if ! make -s --no-print-directory RTL_DIR="$dir" BUILD="$dir/build" "$dir/build/tb/base/trace_tb" \
     > "$out/build.log" 2>&1; then
  echo "ERROR wave-test: the mutant does not build:"; tail -20 "$out/build.log"; exit 2
fi
tb=$dir/build/tb/base/trace_tb

# ---- one command: failing seed -> FST window, .gtkw, shrunk scenario --------------------
rc=0
"$tb" --quiet --seed $seed --cycles $cycles --wave-window $window --wave-dir "$wd" --shrink \
  > "$out/run.log" 2>&1 || rc=$?
[ $rc = 1 ] || fail "the mutant run exited $rc, expected 1 (see $out/run.log)"
grep -q 'MISMATCH at cycle' "$out/run.log" || fail "no MISMATCH report in $out/run.log"
for f in mismatch.fst mismatch.gtkw itm_hdr.txt itm_arb_sel.txt shrunk.scn shrunk.fst shrunk.gtkw; do
  [ -s "$wd/$f" ] || fail "$wd/$f was not written"
done
# "view: gtkwave DIR/NAME.gtkw (marker at cycle C, time T; ...)" -> T
marker() { sed -n "s|.*view:  gtkwave .*/$1 *(marker at cycle [-0-9]*, time \([0-9]*\);.*|\1|p" \
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
for src in sim/c_tb/common/*.c sim/c_tb/trace/*.c sim/golden/src/*.c; do
  o=$asan/$(echo "$src" | tr / _).o
  cc -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -O1 -g $san $defs \
     -Isim/golden/include -Isim/c_tb/common -c "$src" -o "$o" || fail "asan: $src does not compile"
  objs+=("$o")
done
vl=$dir/build/vl/base
g++ $san -o "$asan/trace_tb" "${objs[@]}" "$dir/build/tb/base/dut_trace.o" "$vl/Vtrace_tb_top__ALL.a" \
    "$vl/verilated.o" "$vl/verilated_fst_c.o" "$vl/verilated_threads.o" -lzip -lz -lpthread ||
  fail "asan: link"
rc=0
"$asan/trace_tb" --quiet --seed $seed --cycles $cycles --wave-window $window --wave-dir "$asan/w" \
  --shrink > "$asan/run.log" 2>&1 || rc=$?
[ $rc = 1 ] && grep -q 'shrink: .* -> .* events' "$asan/run.log" &&
  ! grep -q -E 'Sanitizer|runtime error' "$asan/run.log" ||
  fail "asan: the failing run with --shrink exited $rc (see $asan/run.log)"

# ---- the view on every configuration ----------------------------------------------------
printf 'read 0xFBC expect=0x0   # ITM_DEVARCH is 0x47701A01: a failing check\nidle 4\n' \
  > "$out/check_fails.scn"
# (a configuration with a TPIU runs only scenarios that say so: the same with that line)
{ echo "config tpiu=1"; cat "$out/check_fails.scn"; } > "$out/check_fails_tpiu.scn"
for c in "${cfgs[@]}"; do
  scn=$out/check_fails.scn
  [ "$("$build/tb/$c/trace_tb" --print-config | grep -o 'tpiu=1')" ] && scn=$out/check_fails_tpiu.scn
  rc=0; "$build/tb/$c/trace_tb" --quiet --wave-dir "$out/cfg_$c" "$scn" \
    > "$out/cfg_$c.log" 2>&1 || rc=$?
  [ $rc = 1 ] || fail "[$c] the failing check exited $rc"
  t=$(sed -n 's/.*(marker at cycle [-0-9]*, time \([0-9]*\);.*/\1/p' "$out/cfg_$c.log")
  python3 tests/wave_check.py "$out/cfg_$c/mismatch.fst" "$out/cfg_$c/mismatch.gtkw" \
    --marker "${t:-0}" --require "${need[@]}" | sed "s/^/[$c] /"
  [ "${PIPESTATUS[0]}" = 0 ] || fail "[$c] view of a failing check"
done

# ---- make wave --------------------------------------------------------------------------
touch "$wd/mismatch.gtkw"
w=$(DISPLAY='' WAYLAND_DISPLAY='' make -s --no-print-directory BUILD="$out" wave 2>&1)
echo "$w" | grep -q "wave: $out/waves/mismatch.gtkw" && echo "$w" | grep -q 'no display' ||
  fail "make wave printed: $w"

echo "wave-test: $(( $(date +%s) - start )) s, $fails failed"
[ $fails = 0 ]
