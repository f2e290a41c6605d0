# SPDX-License-Identifier: Apache-2.0
# Sourced by tests/bench.sh and tests/bench_harness.sh: the models alone, without the harness
# (trace_tb --time-models, sim/c_tb/trace/trace_tb_models.h), on base's random run --seed 1.
# The golden model and a new Verilated model each run the recorded inputs of that run, best
# of three passes, interleaved, in one process, and must give its outputs in every cycle.
# Uses the caller's $bd.

# tm_rates BIN CYCLES -> "golden_rate rtl_rate" (cycles/s)
tm_rates() {
  local out
  out=$("$1" --time-models --quiet --seed 1 --cycles "$2" 2>&1) ||
    { echo "bench: FAIL: $1 --time-models --seed 1 --cycles $2" >&2
      echo "$out" | tail -20 >&2; exit 1; }
  sed -n 's/.* golden \([0-9]*\) cycles\/s .* RTL \([0-9]*\) cycles\/s .*/\1 \2/p' <<< "$out"
}

# tm_cg BIN -> "golden_instr rtl_instr golden_miss rtl_miss" a cycle under callgrind (its
# branch simulator: conditional + indirect mispredictions), counted inside time_golden and
# time_rtl alone (--toggle-collect, with the suffixes LTO may add), 100k cycles
tm_cg() {
  local f out n res=()
  for f in time_golden time_rtl; do
    out=$(valgrind --tool=callgrind --branch-sim=yes --toggle-collect="$f*" \
      --callgrind-out-file=/dev/null "$1" --time-models --quiet --seed 1 --cycles 100000 2>&1) ||
      { echo "bench: FAIL under callgrind: $1 --time-models" >&2; exit 1; }
    # cycles replayed: the recorded ones (reset included) times the passes
    n=$(sed -n 's/.* on \([0-9]*\) recorded cycles, best of \([0-9]*\):.*/\1 \2/p' <<< "$out")
    # Collected: Ir Bc Bcm Bi Bim
    res+=("$(awk -v n="$n" '/Collected :/ { split(n, c, " "); k = c[1] * c[2]
      printf "%.0f %.2f", $4 / k, ($6 + $8) / k }' <<< "$out")")
  done
  echo "${res[0]% *} ${res[1]% *} ${res[0]#* } ${res[1]#* }"
}
