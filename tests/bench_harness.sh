#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make bench-harness: the harness rows of make bench alone (issue #22), each by time and by
# instructions: RTL alone, golden alone and lockstep on base; tracing compiled in but off
# against a build without it; checkpoints against none; the two models alone on the same
# recorded inputs (--time-models), and the harness as the difference. Builds base and base
# without --trace-fst (the shim with -DDUT_NO_TRACE) into BUILD/bench_harness as
# tests/bench.sh does, about a minute each, then measures for about two minutes.
# Times: trace_tb's own cycles/s, the pair of each comparison interleaved, best of REPS (5).
# Instructions: callgrind, the difference of a 50k and a 150k-cycle run (--seed 1), per
# cycle. Checkpoints by instructions: --checkpoint-ms 1, under callgrind a checkpoint at
# every 65536-cycle tick of the run loop, against --checkpoint-ms 0: an upper bound of the
# cost at 0.5 s (one per about 1.5 M cycles at full speed).
# Usage: tests/bench_harness.sh BUILD_DIR   (environment from the Makefile's bench-harness
# rule; REPS, CYCLES, GOLDEN_CYCLES, CKPT_CYCLES, TM_CYCLES override; NO_BUILD=1 reuses the
# binaries, BUILD_ONLY=1 only builds them)
set -euo pipefail
case "${1:-}" in -h|--help|"") sed -n '3,16p' "$0" | sed 's/^# \{0,1\}//'; [ -n "${1:-}" ]; exit;; esac
build=$1
bd=$build/bench_harness
reps=${REPS:-5}
cycles=${CYCLES:-2000000}
golden_cycles=${GOLDEN_CYCLES:-6000000}
ckpt_cycles=${CKPT_CYCLES:-6000000}
tm_cycles=${TM_CYCLES:-1000000}
mkdir -p "$bd"
command -v valgrind > /dev/null && command -v callgrind_annotate > /dev/null ||
  { echo "bench_harness: error: valgrind (callgrind) is needed" >&2; exit 1; }

tb_rate() { # trace_tb ARGS... -> its cycles/s
  local out
  out=$("$@" 2>&1) || { echo "bench_harness: FAIL: $*" >&2; echo "$out" | tail -20 >&2; exit 1; }
  sed -n 's/.* \([0-9][0-9]*\) cycles\/s$/\1/p' <<< "$out"
}
max() { awk -v a="$1" -v b="$2" 'BEGIN { print (b > a) ? b : a }'; }
best_rates() { # CMD_A... :: CMD_B... [:: CMD_C...] -> best rate of each, interleaved
  local cmds=() cur="" x i r best=()
  for x in "$@"; do
    if [ "$x" = "::" ]; then cmds+=("$cur"); cur=""; else cur+="$(printf '%q ' "$x")"; fi
  done
  cmds+=("$cur")
  for i in "${!cmds[@]}"; do best[i]=0; done
  for _ in $(seq "$reps"); do
    for i in "${!cmds[@]}"; do
      r=$(eval "tb_rate ${cmds[i]}")
      best[i]=$(max "${best[i]}" "$r")
    done
  done
  echo "${best[*]}"
}
ipc() { # trace_tb ARGS... (no --cycles) -> instructions per cycle
  local n t=()
  for n in 50000 150000; do
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" --quiet --cycles $n \
      > /dev/null 2> "$bd/cg.err" || { echo "bench_harness: FAIL under callgrind: $*" >&2; exit 1; }
    t+=("$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$bd/cg.err")")
  done
  awk -v a="${t[0]}" -v b="${t[1]}" 'BEGIN { printf "%.1f", (b - a) / 100000 }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / b }'; }
cost() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f %%", 100 * (a / b - 1) }'; } # A over B
mrate() { awk -v v="$1" 'BEGIN { printf "%.2f M", v / 1e6 }'; }

# shellcheck source=tests/bench_models.bash
. tests/bench_models.bash # tm_rates, tm_cg: the models alone (--time-models)
# shellcheck source=tests/bench_build.bash
. tests/bench_build.bash # build_tb NAME CFG NOTRACE: as tests/bench.sh builds its variants
if [ "${NO_BUILD:-0}" != 1 ]; then
  echo "bench_harness: building base and base without --trace-fst into $bd ..." >&2
  build_tb base base 0
  build_tb base-notrace base 1
fi
[ "${BUILD_ONLY:-0}" = 1 ] && exit 0
tb=$bd/base/trace_tb nt=$bd/base-notrace/trace_tb
load0=$(cut -d' ' -f1-3 /proc/loadavg)

echo "bench_harness: instructions (callgrind) ..." >&2
i_rtl=$(ipc "$tb" --mode rtl --seed 1)
i_gold=$(ipc "$tb" --mode golden --seed 1)
i_lock=$(ipc "$tb" --mode lockstep --seed 1)
i_nt=$(ipc "$nt" --mode lockstep --seed 1)
i_ck=$(ipc "$tb" --mode lockstep --seed 1 --checkpoint-ms 1)
i_nock=$(ipc "$tb" --mode lockstep --seed 1 --checkpoint-ms 0)

echo "bench_harness: times (best of $reps, interleaved) ..." >&2
# RTL, golden, lockstep and the models alone (--time-models, its own line) in one loop, so
# that the harness rows' differences of (a) - (e) and (b) - (d) are of interleaved runs
t_rtl=0 t_gold=0 t_lock=0 mg=0 mr=0
for _ in $(seq "$reps"); do
  r=$(tb_rate "$tb" --mode rtl --seed 1 --cycles "$cycles"); t_rtl=$(max "$t_rtl" "$r")
  r=$(tb_rate "$tb" --mode golden --seed 1 --cycles "$golden_cycles"); t_gold=$(max "$t_gold" "$r")
  r=$(tb_rate "$tb" --mode lockstep --seed 1 --cycles "$cycles"); t_lock=$(max "$t_lock" "$r")
  tmo=$(tm_rates "$tb" "$tm_cycles"); read -r g r <<< "$tmo"
  mg=$(max "$mg" "$g") mr=$(max "$mr" "$r")
done
read -r t_nt t_on <<< "$(best_rates "$nt" --seed 1 --cycles "$cycles" :: "$tb" --seed 1 --cycles "$cycles")"
read -r t_ck t_nock <<< "$(best_rates "$tb" --seed 1 --cycles "$ckpt_cycles" :: \
  "$tb" --seed 1 --cycles "$ckpt_cycles" --checkpoint-ms 0)"
cg=$(tm_cg "$tb"); read -r i_mg i_mr b_mg b_mr <<< "$cg"
load1=$(cut -d' ' -f1-3 /proc/loadavg)

printf '%-52s %14s %14s  %s\n' "base, --seed 1" "cycles/s" "instr/cycle" "ratio (goal): by time; by instructions"
printf '%-52s %14s %14s\n' "(a) RTL alone (--mode rtl)" "$(mrate "$t_rtl")" "$i_rtl"
printf '%-52s %14s %14s  %s\n' "(b) golden alone (--mode golden)" "$(mrate "$t_gold")" "$i_gold" \
  "x RTL (>= 10): $(ratio "$t_gold" "$t_rtl"); $(ratio "$i_rtl" "$i_gold")"
printf '%-52s %14s %14s  %s\n' "(c) lockstep" "$(mrate "$t_lock")" "$i_lock" \
  "x RTL (>= 0.85): $(ratio "$t_lock" "$t_rtl"); $(ratio "$i_rtl" "$i_lock")"
printf '%-52s %14s %14s  %s\n' "(d) golden model alone, no harness (--time-models)" "$(mrate "$mg")" \
  "$i_mg" "x (e): $(ratio "$mg" "$mr"); $(ratio "$i_mr" "$i_mg") (mispredicted/cycle $b_mg)"
printf '%-52s %14s %14s  %s\n' "(e) Verilated model alone, (d)'s inputs" "$(mrate "$mr")" "$i_mr" \
  "(mispredicted/cycle $b_mr)"
printf '%-52s %14s %14s  %s\n' "the harness: (a) - (e); (b) - (d)" \
  "$(awk -v a="$t_rtl" -v b="$mr" -v c="$t_gold" -v d="$mg" \
    'BEGIN { printf "%.1f; %.1f", 1e9 / a - 1e9 / b, 1e9 / c - 1e9 / d }')" "ns/cycle" \
  "(b) >= 10 needs $(awk -v a="$t_rtl" 'BEGIN { printf "%.1f", 1e8 / a }') ns/cycle in all"
printf '%-52s %14s %14s\n' "lockstep, tracing not compiled in" "$(mrate "$t_nt")" "$i_nt"
printf '%-52s %14s %14s  %s\n' "lockstep, --trace-fst compiled in, off" "$(mrate "$t_on")" "$i_lock" \
  "cost (<= 5 %): $(cost "$t_nt" "$t_on"); $(cost "$i_lock" "$i_nt")"
printf '%-52s %14s %14s\n' "lockstep, no checkpoints (--checkpoint-ms 0)" "$(mrate "$t_nock")" "$i_nock"
printf '%-52s %14s %14s  %s\n' "lockstep, checkpoints (time: 0.5 s; instr.: 1 ms)" "$(mrate "$t_ck")" "$i_ck" \
  "of none (>= 0.98): $(ratio "$t_ck" "$t_nock"); $(ratio "$i_nock" "$i_ck")"
echo "time runs: $cycles cycles ($golden_cycles golden, $ckpt_cycles with/without checkpoints); load average $load0 before, $load1 after"
