#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the lockstep harness (harness C code and golden model) with AddressSanitizer and
# UBSan on the base configuration, then runs the directed scenarios, a few random seeds and
# --time-models once.
# Usage: tests/tb_asan.sh BUILD_DIR
set -euo pipefail
build=$1
make -s --no-print-directory "$build/tb/base/dut_trace.o"
out=$build/asan/tb; mkdir -p "$out"
san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
defs=$(make -s --no-print-directory c-params-base)
objs=()
for src in sim/c_tb/common/*.c sim/c_tb/trace/*.c sim/golden/src/*.c tests/opencsd/etm_prog.c tests/opencsd/etm_spec_pe.c \
           sim/decode/etm4dec.c sim/decode/hwsrc.c sim/decode/tpiudec.c; do
  o=$out/$(echo "$src" | tr / _).o
  # RGEN_CHECK_WEIGHTS: the generator checks its kept action weights at every action
  cc -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -O1 -g $san $defs -DRGEN_CHECK_WEIGHTS \
     -Isim/golden/include -Isim/c_tb/common -c "$src" -o "$o"
  objs+=("$o")
done
vl=$build/vl/base
g++ $san -o "$out/trace_tb" "${objs[@]}" "$build/tb/base/dut_trace.o" "$vl/Vtrace_tb_top__ALL.a" \
    "$vl/verilated.o" "$vl/verilated_fst_c.o" "$vl/verilated_threads.o" -lzip -lz -lpthread
pass=0; fail=0
for scn in scenarios/*.scn; do
  rc=0; "$out/trace_tb" --quiet --wave-dir "$out" "$scn" >"$out/last.log" 2>&1 || rc=$?
  if [ $rc = 0 ] || [ $rc = 77 ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL asan $scn (exit $rc)"; tail -20 "$out/last.log"; fi
done
for seed in 1 2 3; do
  rc=0; "$out/trace_tb" --quiet --seed $seed --cycles 20000 --wave-dir "$out" >"$out/last.log" 2>&1 || rc=$?
  if [ $rc = 0 ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL asan seed $seed (exit $rc)"; tail -20 "$out/last.log"; fi
done
# --time-models (make bench): its recording, passes and comparison
rc=0; "$out/trace_tb" --time-models --quiet --seed 1 --cycles 20000 >"$out/last.log" 2>&1 || rc=$?
if [ $rc = 0 ]; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL asan --time-models (exit $rc)"; tail -20 "$out/last.log"; fi
echo "tb-asan: $pass passed, $fail failed"
[ "$fail" = 0 ]
