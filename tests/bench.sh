#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make bench: performance of the lockstep flow and of the RTL, measured in one run and
# printed as one table (README "Performance" quotes it). Every rate is the best of REPS
# runs (minimum time); pairs that are compared are run interleaved, so a background job
# slows both alike. Rates of trace_tb are its own "cycles/s" (the run loop, without process
# start-up); other timings are wall clock around the process.
# Usage: tests/bench.sh BUILD_DIR   (environment from the Makefile's bench rule; REPS,
# CYCLES, GOLDEN_CYCLES, FST_CYCLES, SCALE_CYCLES, LONG_CYCLES, TM_CYCLES override the run
# lengths; ETM_SEEDS, ETM_EVENTS those of the ETM bandwidth rows, tests/bench_etm.sh)
set -euo pipefail
build=$1
bd=$build/bench
reps=${REPS:-3}
cycles=${CYCLES:-2000000}
golden_cycles=${GOLDEN_CYCLES:-6000000}
fst_cycles=${FST_CYCLES:-300000}
scale_cycles=${SCALE_CYCLES:-300000}
# the replay for a late mismatch starts at the last checkpoint, at most one interval (0.5 s
# of run) before it: the run must last well over 10 s for the ratio to measure the replay
# rather than the interval (10 M cycles took 2.5 s on base by 2026-12-05)
long_cycles=${LONG_CYCLES:-50000000}
tm_cycles=${TM_CYCLES:-1000000} # --time-models: recorded, then replayed on each model
jobs=${JOBS:-2}
mkdir -p "$bd"
t_start=$(date +%s)

# ---- helpers ---------------------------------------------------------------------------
now() { date +%s.%N; }
fdiv() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "nan"; else printf "%.4g", a / b }'; }
# trace_tb rate: BIN ARGS... -> cycles/s of the run loop (fails the bench if the run fails)
tb_rate() {
  local out
  out=$("$@" 2>&1) || { echo "bench: FAIL: $*" >&2; echo "$out" | tail -20 >&2; exit 1; }
  sed -n 's/.* \([0-9][0-9]*\) cycles\/s$/\1/p' <<< "$out"
}
max() { awk -v a="$1" -v b="$2" 'BEGIN { print (b > a) ? b : a }'; } # A B -> the larger
# best of reps: CMD... -> max rate
best_rate() {
  local best=0 r
  for _ in $(seq "$reps"); do
    r=$(tb_rate "$@"); best=$(max "$best" "$r")
  done
  echo "$best"
}
# wall time of a command, best of reps: CMD... -> seconds
best_time() {
  local best=1e99 t0 t1
  for _ in $(seq "$reps"); do
    t0=$(now); "$@" > /dev/null 2>&1 || { echo "bench: FAIL: $*" >&2; exit 1; }; t1=$(now)
    best=$(awk -v a="$best" -v b="$t0" -v c="$t1" 'BEGIN { d = c - b; print (d < a) ? d : a }')
  done
  echo "$best"
}
# two trace_tb commands (separated by ::), interleaved, best of reps each -> "rateA rateB"
pair_rate() {
  local a=() b=() seen=0 x ba=0 bb=0 r
  for x in "$@"; do
    if [ "$x" = "::" ]; then seen=1; elif [ $seen = 0 ]; then a+=("$x"); else b+=("$x"); fi
  done
  for _ in $(seq "$reps"); do
    r=$(tb_rate "${a[@]}"); ba=$(awk -v p="$ba" -v q="$r" 'BEGIN { print (q > p) ? q : p }')
    r=$(tb_rate "${b[@]}"); bb=$(awk -v p="$bb" -v q="$r" 'BEGIN { print (q > p) ? q : p }')
  done
  echo "$ba $bb"
}
rows=()
# row NAME VALUE UNIT RATIO TARGET VERDICT
row() { rows+=("$(printf '%-46s %14s %-9s %8s %-9s %s' "$1" "$2" "$3" "$4" "$5" "$6")"); }
sect() { rows+=("" "$1"); }
meets() { # ratio op target -> met / NOT MET
  awk -v r="$1" -v t="$3" -v op="$2" 'BEGIN {
    ok = (op == ">=") ? (r >= t) : (r <= t); print ok ? "met" : "NOT MET" }'
}
mfmt() { awk -v v="$1" 'BEGIN { printf "%.2f M", v / 1e6 }'; }
# Instructions per cycle under callgrind (repeatable, unlike times on a shared machine): the
# difference of a 50k and a 150k-cycle run removes start-up. BIN ARGS... (without --cycles)
# -> "total model" (model: sys_model.c's sys_model_eval and step, inclusive: every block's
# evaluation and edge; the fast paths' tests inlined into the run loop are not counted)
have_cg=0; command -v valgrind > /dev/null && command -v callgrind_annotate > /dev/null && have_cg=1
cg_ipc() {
  local n out cgf t=() m=()
  for n in 50000 150000; do
    valgrind --tool=callgrind --callgrind-out-file="$bd/cg.out" "$@" --quiet --cycles $n \
      > /dev/null 2>&1 || { echo "bench: FAIL under callgrind: $*" >&2; exit 1; }
    # from /: run from the tree, callgrind_annotate shortens some file names and splits a
    # function's rows, and the patterns below would miss some
    cgf=$(realpath "$bd/cg.out") # before the cd: $bd may be relative to the tree
    out=$(cd / && callgrind_annotate --inclusive=yes --auto=no "$cgf" 2>/dev/null | awk '
      /PROGRAM TOTALS/ { gsub(",", "", $1); t = $1 }
      /sys_model\.c:sys_model_eval \[/ { gsub(",", "", $1); m += $1 }
      /sys_model\.[ch]:(sys_model_step[a-z_.0-9]*|step[.a-z_0-9]*) \[/ { gsub(",", "", $1); if ($1 + 0 > st) st = $1 + 0 }
      END { print t, m + st }')
    t+=("${out% *}"); m+=("${out#* }")
  done
  rm -f "$bd/cg.out"
  awk -v a="${t[0]}" -v b="${t[1]}" -v c="${m[0]}" -v d="${m[1]}" \
    'BEGIN { printf "%.0f %.0f", (b - a) / 100000, (d - c) / 100000 }'
}

# Mispredicted branches per cycle under callgrind's branch simulator (a simple predictor, not
# this CPU's; it shows where time goes that instructions do not: a golden cycle's fast-path
# tests depend on random stimulus). BIN ARGS... (without --cycles) -> conditional+indirect
cg_bmiss() {
  local n t=()
  for n in 50000 150000; do
    valgrind --tool=callgrind --branch-sim=yes --callgrind-out-file="$bd/cg.out" "$@" --quiet \
      --cycles $n > /dev/null 2>&1 || { echo "bench: FAIL under callgrind: $*" >&2; exit 1; }
    t+=("$(callgrind_annotate --show=Bcm,Bim "$(realpath "$bd/cg.out")" 2>/dev/null |
      awk '/PROGRAM TOTALS/ { gsub(",", ""); print $1 + ($2 ~ /^[0-9]/ ? $2 : $3) }')")
  done
  rm -f "$bd/cg.out"
  awk -v a="${t[0]}" -v b="${t[1]}" 'BEGIN { printf "%.1f", (b - a) / 100000 }'
}

# ---- builds (timed): Verilated min/base/max as make builds them, and base without tracing
echo "bench: building the Verilated models into $bd (timed) ..." >&2
# shellcheck source=tests/bench_models.bash
. tests/bench_models.bash # tm_rates, tm_cg: the models alone (--time-models)
# shellcheck source=tests/bench_build.bash
. tests/bench_build.bash # build_tb NAME CFG NOTRACE [EXTRA_VERILATOR_FLAGS]
declare -A btime
for spec in min:min:0 base:base:0 max:max:0 dwtmin:dwtmin:0 dwt:dwt:0 full:full:0 base-notrace:base:1; do
  IFS=: read -r name cfg nt extra <<< "$spec"
  t0=$(now); build_tb "$name" "$cfg" "$nt" "${extra:-}"; t1=$(now)
  btime[$name]=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
done
tb=$bd/base/trace_tb
cfgstr() { "$1" --print-config | sed 's/^config //'; }

# ---- 1. harness cost -------------------------------------------------------------------
echo "bench: harness cost ..." >&2
rtl=0; lock=0; gold=0; mg=0; mr=0
for _ in $(seq "$reps"); do
  tmo=$(tm_rates "$tb" "$tm_cycles"); read -r g r <<< "$tmo" # (a failure stops the bench)
  mg=$(max "$mg" "$g") mr=$(max "$mr" "$r")
  r=$(tb_rate "$tb" --mode rtl --seed 1 --cycles "$cycles"); rtl=$(max "$rtl" "$r")
  r=$(tb_rate "$tb" --mode golden --seed 1 --cycles "$golden_cycles"); gold=$(max "$gold" "$r")
  r=$(tb_rate "$tb" --mode lockstep --seed 1 --cycles "$cycles"); lock=$(max "$lock" "$r")
done
sect "Harness cost (base: $(cfgstr "$tb"); random stimulus --seed 1)"
row "(a) Verilated RTL alone (--mode rtl)" "$(mfmt "$rtl")" "cycles/s" "1.00" "" ""
gr=$(fdiv "$gold" "$rtl"); lr=$(fdiv "$lock" "$rtl")
row "(b) golden model alone (--mode golden)" "$(mfmt "$gold")" "cycles/s" "$gr" ">= 10" "by time: $(meets "$gr" ">=" 10)"
row "(c) full lockstep" "$(mfmt "$lock")" "cycles/s" "$lr" ">= 0.85" "by time: $(meets "$lr" ">=" 0.85)"
mgr=$(fdiv "$mg" "$mr")
row "(d) golden model alone, no harness" "$(mfmt "$mg")" "cycles/s" "$mgr" "" \
    "x (e), (b)'s inputs recorded (--time-models)"
row "(e) Verilated model alone, (d)'s inputs" "$(mfmt "$mr")" "cycles/s" "" "" ""
# ns a cycle; the harness as the difference of a mode and its model alone ((b) - (d) is low:
# --mode golden runs idle stretches at once, --time-models cycle by cycle)
hr=$(awk -v a="$rtl" -v b="$mr" 'BEGIN { printf "%.1f", 1e9 / a - 1e9 / b }')
hg=$(awk -v a="$gold" -v b="$mg" 'BEGIN { printf "%.1f", 1e9 / a - 1e9 / b }')
row "    the harness, ns/cycle: (a) - (e); (b) - (d)" "$hr; $hg" "ns" "" "" \
    "(b) >= 10 needs $(awk -v a="$rtl" 'BEGIN { printf "%.1f", 1e8 / a }') ns/cycle in all"
if [ $have_cg = 1 ]; then
  read -r i_rtl _ <<< "$(cg_ipc "$tb" --mode rtl --seed 1)"
  read -r i_gold i_model <<< "$(cg_ipc "$tb" --mode golden --seed 1)"
  read -r i_lock _ <<< "$(cg_ipc "$tb" --mode lockstep --seed 1)"
  row "    the same in instructions/cycle (callgrind)" "" "" "" "" \
      "rtl $i_rtl, golden $i_gold (model $i_model), lockstep $i_lock"
  ig=$(fdiv "$i_rtl" "$i_gold"); il=$(fdiv "$i_rtl" "$i_lock")
  row "    ratios by instructions" "" "" "" "" \
      "golden $ig x $(meets "$ig" ">=" 10), lockstep $il x $(meets "$il" ">=" 0.85)"
  row "    mispredicted branches/cycle (callgrind)" "" "" "" "" \
      "rtl $(cg_bmiss "$tb" --mode rtl --seed 1), golden $(cg_bmiss "$tb" --mode golden --seed 1)"
  cg=$(tm_cg "$tb"); read -r i_mg i_mr b_mg b_mr <<< "$cg"
  row "    (d), (e) in instructions/cycle (callgrind)" "" "" "" "" \
      "golden model $i_mg, Verilated $i_mr ($(fdiv "$i_mr" "$i_mg") x); mispredicted $b_mg, $b_mr"
fi

# ---- 2. tracing cost -------------------------------------------------------------------
echo "bench: tracing cost ..." >&2
reps_saved=$reps; reps=$((reps + 2)) # a small difference: more interleaved runs
read -r nt on <<< "$(pair_rate "$bd/base-notrace/trace_tb" --seed 1 --cycles "$cycles" :: \
                     "$tb" --seed 1 --cycles "$cycles")"
reps=$reps_saved
fst_rate=$(best_rate "$tb" --seed 1 --cycles "$fst_cycles" --wave "$bd/always_on.fst")
fst_size=$(stat -c %s "$bd/always_on.fst"); rm -f "$bd/always_on.fst"
sect "Tracing cost (lockstep, base)"
nt_note=""; on_note=""
if [ $have_cg = 1 ]; then
  read -r i_nt _ <<< "$(cg_ipc "$bd/base-notrace/trace_tb" --seed 1)"
  read -r i_on _ <<< "$(cg_ipc "$tb" --seed 1)"
  nt_note="$i_nt instr/cycle"
  ic=$(awk -v a="$i_on" -v b="$i_nt" 'BEGIN { printf "%.3f", a / b - 1 }')
  on_note="; by instructions $(awk -v c="$ic" 'BEGIN { printf "%.1f%%", 100 * c }') $(meets "$ic" "<=" 0.05) ($i_on instr/cycle)"
fi
row "lockstep, tracing not compiled in" "$(mfmt "$nt")" "cycles/s" "1.00" "" "$nt_note"
tc=$(awk -v a="$on" -v b="$nt" 'BEGIN { printf "%.3f", 1 - a / b }')
row "lockstep, --trace-fst compiled in, off" "$(mfmt "$on")" "cycles/s" "$(fdiv "$on" "$nt")" "cost<=5%" \
    "by time $(awk -v c="$tc" 'BEGIN { printf "%.1f%%", 100 * c }') $(meets "$tc" "<=" 0.05)$on_note"
row "lockstep, FST always on (--wave, $((fst_cycles / 1000))k cyc)" "$(mfmt "$fst_rate")" "cycles/s" \
    "$(fdiv "$fst_rate" "$nt")" "" "$(awk -v s="$fst_size" -v c="$fst_cycles" 'BEGIN { printf "%.1f bytes/cycle of FST", s / c }')"

# ---- 2b. a mismatch near the end of a long run: the run vs the replay for its waves --------
# --inject-mismatch N: a mismatch in cycle N of a random run (as from a broken RTL); the
# replay traces [N-2000, N+8] from the newest checkpoint before N-2000 (default every 0.5 s
# of run) or, with --checkpoint-ms 0, from cycle 0. One run each; the run's own time is the
# process's minus the replay's ("replayed ... in S s").
echo "bench: mismatch at cycle $long_cycles ..." >&2
late() { # CHECKPOINT_MS -> "run_seconds replay_seconds"
  local t0 t1 out
  t0=$(now)
  out=$("$tb" --seed 1 --cycles $((long_cycles + 1000)) --inject-mismatch "$long_cycles" \
        --checkpoint-ms "$1" --wave-dir "$bd/late_$1" 2>&1) && { echo "bench: FAIL: no mismatch" >&2; exit 1; }
  t1=$(now)
  awk -v a="$t0" -v b="$t1" -v r="$(sed -n 's/^ *replayed .* in \([0-9.]*\) s$/\1/p' <<< "$out")" \
    'BEGIN { printf "%.2f %.2f", b - a - r, r }'
}
read -r lrun lrep <<< "$(late 500)"
read -r zrun zrep <<< "$(late 0)"
sect "Mismatch at cycle $long_cycles of a random run (base, --inject-mismatch; waves of [N-2000, N+8])"
row "the run up to the mismatch" "$lrun" "s" "1.00" "" ""
row "the replay for the waves, from a checkpoint" "$lrep" "s" "$(fdiv "$lrep" "$lrun")" "<= 0.05" \
  "by time: $(meets "$(fdiv "$lrep" "$lrun")" "<=" 0.05)"
row "  the same from cycle 0 (--checkpoint-ms 0)" "$zrep" "s" "$(fdiv "$zrep" "$zrun")" "" "run $zrun s"
# a small difference too: more interleaved runs, each long enough for a few checkpoints
reps_saved=$reps; reps=$((reps + 2))
read -r ck nock <<< "$(pair_rate "$tb" --seed 1 --cycles $((3 * cycles)) :: "$tb" --seed 1 --cycles $((3 * cycles)) --checkpoint-ms 0)"
reps=$reps_saved
ck_note=""
if [ $have_cg = 1 ]; then
  # --checkpoint-ms 1: under callgrind a checkpoint at every 65536-cycle tick of the run
  # loop, far more than every 0.5 s at full speed: an upper bound of their cost
  read -r i_ck _ <<< "$(cg_ipc "$tb" --seed 1 --checkpoint-ms 1)"
  read -r i_nock _ <<< "$(cg_ipc "$tb" --seed 1 --checkpoint-ms 0)"
  ick=$(fdiv "$i_nock" "$i_ck")
  ck_note="; by instructions (a checkpoint every 65536 cycles) $ick $(meets "$ick" ">=" 0.98) ($i_ck against $i_nock instr/cycle)"
fi
row "lockstep with checkpoints (every 0.5 s)" "$(mfmt "$ck")" "cycles/s" "$(fdiv "$ck" "$nock")" ">= 0.98" \
  "vs none by time: $(meets "$(fdiv "$ck" "$nock")" ">=" 0.98)$ck_note"

# ---- 3. Icarus vs Verilator on the longest vector --------------------------------------
echo "bench: Icarus vs Verilator ..." >&2
vec=vectors/itm/itm-0022-lts-long
vcyc=$(awk '$1 == "lines" { print $2 }' "$vec/vector.txt")
ti=$(best_time vvp -n "$build/vec/icarus/min.vvp" +vec="$vec")
tv=$(best_time "$build/vec/min/vecreplay" --quiet "$vec")
tl=$(tb_rate "$bd/min/trace_tb" "$vec/stimulus.scn")
sect "Simulator comparison: vector $(basename "$vec") ($vcyc cycles, config min), whole process"
row "Icarus: tests/vectors/itm_replay_tb.sv (vvp)" "$(fdiv "$vcyc" "$ti")" "cycles/s" "1.00" "" "$(printf '%.3f s' "$ti")"
row "Verilator: vecreplay (same vector, compared)" "$(fdiv "$vcyc" "$tv")" "cycles/s" "$(fdiv "$ti" "$tv")" ">> 1" \
    "$(printf '%.3f s' "$tv")"
row "Verilator: trace_tb lockstep on its stimulus.scn" "$(mfmt "$tl")" "cycles/s" "" "" "run loop only"

# ---- 4. scale --------------------------------------------------------------------------
echo "bench: scaling ..." >&2
sect "Scale (lockstep, --seed 1, $((scale_cycles / 1000))k cycles, ratio to base; build = verilate + C++ -j$jobs + link)"
declare -A srate
for c in min base max dwtmin dwt full; do
  read -r r ra <<< "$(pair_rate "$bd/$c/trace_tb" --seed 1 --cycles "$scale_cycles" :: \
                       "$bd/$c/trace_tb" --mode rtl --seed 1 --cycles "$scale_cycles")"
  srate[$c]=$r; srate[$c-rtl]=$ra
done
for c in min base max; do
  row "$c: $(cfgstr "$bd/$c/trace_tb")" "$(mfmt "${srate[$c]}")" "cycles/s" \
      "$(fdiv "${srate[$c]}" "${srate[base]}")" "" \
      "RTL alone $(mfmt "${srate[$c-rtl]}"), build ${btime[$c]} s"
done
row "base without --trace-fst" "" "" "" "" "build ${btime[base-notrace]} s"
for c in dwtmin dwt; do # the DWT's cost: its ITM twin without a DWT is min / max
  twin=min; [ "$c" = dwt ] && twin=max
  row "$c: DWT, $("$bd/$c/trace_tb" --print-config | sed 's/.* comps=\([0-9]*\).*/\1/') comparators (ITM as $twin)" \
      "$(mfmt "${srate[$c]}")" "cycles/s" "$(fdiv "${srate[$c]}" "${srate[base]}")" "" \
      "x$(fdiv "${srate[$c]}" "${srate[$twin]}") of $twin; RTL alone $(mfmt "${srate[$c-rtl]}"), build ${btime[$c]} s"
done
# Issue #22's targets: dwt's RTL alone within 3x of base's, full in lockstep >= 0.8 M.
dr=$(fdiv "${srate[dwt-rtl]}" "${srate[base-rtl]}")
row "dwt RTL alone against base RTL alone" "$(mfmt "${srate[dwt-rtl]}")" "cycles/s" "$dr" ">= 0.333" \
    "by time: $(meets "$dr" ">=" 0.3333)"
row "full: ITM, DWT ($("$bd/full/trace_tb" --print-config | sed 's/.* comps=\([0-9]*\).*/\1/') comparators), TPIU" \
    "$(mfmt "${srate[full]}")" "cycles/s" "$(fdiv "${srate[full]}" "${srate[base]}")" ">= 0.8 M" \
    "by time: $(meets "${srate[full]}" ">=" 800000); RTL alone $(mfmt "${srate[full-rtl]}"), build ${btime[full]} s"
nseeds=8; scyc=500000
par() { # P -> wall seconds for nseeds lockstep runs, P at a time
  local t0 t1
  t0=$(now)
  seq 1 "$nseeds" | xargs -P "$1" -I{} sh -c "'$tb' --quiet --seed {} --cycles $scyc > /dev/null"
  t1=$(now); awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }'
}
p1=1e99; p2=1e99
for _ in $(seq "$reps"); do
  tt=$(par 1); p1=$(awk -v a="$p1" -v b="$tt" 'BEGIN { print (b < a) ? b : a }')
  tt=$(par 2); p2=$(awk -v a="$p2" -v b="$tt" 'BEGIN { print (b < a) ? b : a }')
done
tot=$((nseeds * scyc))
row "regression $nseeds seeds x $((scyc / 1000))k, 1 job" "$(mfmt "$(fdiv "$tot" "$p1")")" "cycles/s" "1.00" "" ""
row "regression $nseeds seeds x $((scyc / 1000))k, 2 jobs ($(nproc) cores)" "$(mfmt "$(fdiv "$tot" "$p2")")" \
    "cycles/s" "$(fdiv "$p1" "$p2")" "" "speed-up"

# ---- 5. RTL throughput at the limit ----------------------------------------------------
echo "bench: ATB limit ..." >&2
# Saturating stimulus, ATREADY high: (stim) word writes to ITM_STIM0 every 3 cycles (5
# bytes each: the FIFO stays full, the drops add overflow packets), (hw) back-to-back
# 5-byte hardware packets (hw waits for hw_ready_o, so its FIFO never runs empty). The
# busy interval runs from the first byte of the first packet to the last byte of the
# last, read from the RTL's decoded stream (--verbose prints each packet's first cycle).
{ echo "write 0xE80 0x00010001"; echo "write 0xE00 0xFFFFFFFF"
  for i in $(seq 2000); do printf 'write 0x000 0x%08X\nidle 1\n' $((0x10000000 + i)); done
  echo "wait_idle"; } > "$bd/sat_stim.scn"
{ echo "write 0xE80 0x00010009"
  for i in $(seq 2000); do printf 'hw 0x47 0x%08X\n' $((0x20000000 + i)); done
  echo "wait_idle"; } > "$bd/sat_hw.scn"
sect "RTL throughput at the limit (lockstep, base, ATREADY=1)"
for k in stim hw; do
  out=$("$tb" --verbose "$bd/sat_$k.scn" 2>&1) || { echo "$out" | tail >&2; exit 1; }
  read -r bytes span <<< "$(awk '/ rtl +packet / {
      c = $2 + 0; n = split(substr($0, index($0, "[") + 1), b, " "); if (!f) { f = 1; first = c }
      last = c + n - 1; bytes += n }
    END { print bytes, last - first + 1 }' <<< "$out")"
  ratio=$(awk -v b="$bytes" -v s="$span" 'BEGIN { printf "%.3f", b / s }')
  row "ATB 8-bit, $k saturating: $bytes B in $span cyc" "$ratio" "B/cycle" "$ratio" "1.00" \
      "$(meets "$ratio" ">=" 1.0), $((span - bytes)) bubbles"
done
# TPIU at the limit (config full): the ITM saturates its ATB (word writes every 3 cycles)
# and the port is the bottleneck. The RTL's pins are captured and decoded by tracedump:
# "pin use" = bytes the port carried x cycles per byte / cycles from the first byte to the
# end of the run (1.00: the port never idles), "data" = ITM bytes / bytes on the pins
# (the rest: IDs, aux bytes, syncs, padding and, on the parallel port, half-word syncs).
ftb=$build/tb/full/trace_tb
sect "TPIU at the limit (lockstep, full: the ITM saturating its ATB into the TPIU)"
# mode | SPPR | CSPSR | ACPR | capture | tracedump arguments | cycles per byte on the pins
for m in "parallel size 4|0|0x8|0|par|--parallel 4|2" "NRZ, 1 bit/cycle|2|0x1|0|swo|--swo-nrz 1|10" \
         "Manchester, 1 cell/cycle|1|0x1|0|swo|--swo-manchester 1|20"; do
  IFS='|' read -r name sppr cspsr acpr cap args cpb <<< "$m"
  { echo "config tpiu=1"; echo "write 0x40304 0x100"; echo "write 0x40004 $cspsr"
    echo "write 0x40010 $acpr"; echo "write 0x400F0 $sppr"; echo "write 0x40304 0x102"
    echo "write 0xE80 0x00010001"; echo "write 0xE00 0xFFFFFFFF"
    for i in $(seq 1000); do printf 'write 0x000 0x%08X\nidle 1\n' $((0x10000000 + i)); done
  } > "$bd/sat_tpiu.scn"
  "$ftb" --quiet "--capture-$cap" "$bd/sat_tpiu.cap" "$bd/sat_tpiu.scn" > /dev/null 2>&1 ||
    { echo "bench: FAIL: TPIU saturation run ($name)" >&2; exit 1; }
  st=$("$build/decode/tracedump" $args --stats "$bd/sat_tpiu.cap" 2>&1 > /dev/null)
  read -r pinb data <<< "$(awk '/^tpiu: / { for (i = 1; i < NF; i++) { if ($i == "bytes") b = $(i+1);
      if ($i == "data") d = $(i+1) } } END { print b, d }' <<< "$st")"
  # the span: from the first non-idle sample to the end of the capture
  span=$(python3 - "$bd/sat_tpiu.cap" "$sppr" <<'PY'
import sys
d = open(sys.argv[1], "rb").read()
mode = int(sys.argv[2])  # first cell of the first character: NRZ a 0 after a 1, else non-zero
if mode == 2:
    high = d.index(1)
    first = d.index(0, high)
else:
    first = next(i for i, v in enumerate(d) if v != 0)
print(len(d) - first)
PY
)
  use=$(awk -v b="$pinb" -v c="$cpb" -v s="$span" 'BEGIN { printf "%.3f", b * c / s }')
  eff=$(awk -v d="$data" -v b="$pinb" 'BEGIN { printf "%.3f", d / b }')
  row "$name: $pinb B on the pins in $span cyc" "$use" "pin use" "$eff" "1.00" \
      "$(meets "$use" ">=" 0.98); data share $eff"
done

# TPIU idle completion ([TPIU-IDLE-3]): latency from a one-byte stimulus write to the end of
# its frame on the SWO pin, and the ID-0 padding share of the frame bytes, for three values of
# FrameIdleCycles, on the golden model of full (the RTL agrees with it cycle for cycle in
# make test). Workloads (tests/tpiu_latency.c): a lone write; strings of 1..24 characters
# (FIFOREADY polled) with pauses of up to 4000 cycles; single characters up to 400 apart.
echo "bench: TPIU idle completion ..." >&2
for sc in 0 8; do
  sect "TPIU idle completion (golden model of full, SWO NRZ, SWOSCALER $sc: $((sc + 1)) cycles a bit; latency in cycles)"
  for n in 1 16 64; do
    out=$("$build/bench/tpiu_latency" --idle "$n" --swoscaler "$sc") ||
      { echo "bench: FAIL: tpiu_latency --idle $n --swoscaler $sc" >&2; exit 1; }
    lone=$(awk '$1 == "lone" { print $6 }' <<< "$out")
    read -r smean smax spad <<< "$(awk '$1 == "strings" { print $6, $8, $11 }' <<< "$out")"
    read -r pmean pmax ppad <<< "$(awk '$1 == "sparse" { print $6, $8, $11 }' <<< "$out")"
    note=""; [ "$n" = 16 ] && note=" (the default)"
    row "FrameIdleCycles $n$note: lone write" "$lone" "cycles" "" "" \
        "strings: mean $smean max $smax, padding $spad %; sparse: mean $pmean max $pmax, padding $ppad %"
  done
done

# ---- 6. decoder ------------------------------------------------------------------------
echo "bench: decoder ..." >&2
raw=$bd/decoder.bin
want=$((32 * 1000 * 1000))
if [ ! -f "$raw" ] || [ "$(stat -c %s "$raw")" -lt $want ]; then
  cat vectors/itm/*/stream.bin > "$raw.0"
  while [ "$(stat -c %s "$raw.0")" -lt $want ]; do cat "$raw.0" "$raw.0" > "$raw.1"; mv "$raw.1" "$raw.0"; done
  mv "$raw.0" "$raw"
fi
mb=$(awk -v s="$(stat -c %s "$raw")" 'BEGIN { printf "%.1f", s / 1e6 }')
# CPU time (user + system) of a command, best of reps: CMD... -> seconds (the decoder rows:
# their output goes to /dev/null, so the process's CPU time is all of it, and unlike the wall
# time it does not depend on what else the machine runs)
best_cpu() {
  local best=1e99 t
  for _ in $(seq "$reps"); do
    t=$( { TIMEFORMAT='%U %S'; time "$@" > /dev/null 2>&1; } 2>&1 | tail -1) ||
      { echo "bench: FAIL: $*" >&2; exit 1; }
    best=$(awk -v a="$best" -v t="$t" 'BEGIN { split(t, x, " "); d = x[1] + x[2]; print (d < a) ? d : a }')
  done
  echo "$best"
}
td=$(best_cpu "$build/vec/pktdump" --count "$raw")
head -c 8000000 "$raw" > "$raw.8mb"
tp=$(best_cpu "$build/vec/pktdump" "$raw.8mb")
tt=$(best_cpu "$build/decode/tracedump" --bytes --bypass "$raw.8mb")
tj=$(best_cpu "$build/decode/tracedump" --bytes --bypass --json "$raw.8mb")
npk=$("$build/vec/pktdump" --count "$raw" | awk '{ print $4 }')
sect "Decoder: pktdump on $mb MB (vector streams replicated, $npk packets), CPU time; ratio to decode only"
rd=$(fdiv "$mb" "$td")
row "decode only (pktdump --count)" "$rd" "MB/s" "1.00" "" "$(printf '%.3f s' "$td")"
dec_row() { # NAME SECONDS (of the first 8 MB)
  local r; r=$(fdiv 8 "$2")
  row "$1" "$r" "MB/s" "$(fdiv "$r" "$rd")" ">= 0.5" \
      "$(printf '%.3f s' "$2"), $(meets "$(fdiv "$r" "$rd")" ">=" 0.5)"
}
dec_row "decode + print packets.txt lines (first 8 MB)" "$tp"
dec_row "tracedump --bytes --bypass, text (first 8 MB)" "$tt"
dec_row "tracedump --bytes --bypass --json (first 8 MB)" "$tj"

# ---- 7. synthesis ----------------------------------------------------------------------
echo "bench: synthesis ..." >&2
declare -A cells
for c in min max; do
  p=$(make -s --no-print-directory synth-params-$c)
  yosys -q -l "$bd/synth_$c.log" -p "read_verilog -sv -DSYNTHESIS $RTL_INC $RTL_SRCS; $p;
    synth -top itm_top; tee -q -o $bd/synth_$c.stat stat; tee -q -o $bd/synth_$c.top dump itm_top"
  # paramod name -> instance name (u_stim_fifo, ...) from the top's cells
  while read -r blk n; do cells[$c:$blk]=$n; done < <(awk '
    FNR == NR { if ($1 == "cell" && $3 ~ /^\\u_/) { inst[$2] = substr($3, 4); ni++ }; next }
    /^=== / { m = $2; if (m == "design") h = 1; next }
    /Number of cells:/ && m != "" {
      if (m == "itm_top") print "top_glue", $4 - ni
      else if (m != "design") print ((m in inst) ? inst[m] : m), $4
      m = "" }
    h && /Number of cells:/ { print "total", $4 }' \
    "$bd/synth_$c.top" "$bd/synth_$c.stat")
done
sect "Synthesis: Yosys generic cells per block (synth -top itm_top)"
row "block" "min" "" "max" "" ""
for blk in regs stim_fifo hw_fifo ts gts arb top_glue total; do
  row "  $blk" "${cells[min:$blk]:-?}" "cells" "${cells[max:$blk]:-?}" "cells" ""
done

# ---- 8. ETM trace bandwidth (golden model; tests/bench_etm.sh, also make etm-bw) --------------
echo "bench: ETM trace bandwidth ..." >&2
etm_rows=$(tests/bench_etm.sh "$build") || exit 1
mapfile -t etm_lines <<< "$etm_rows"
rows+=("${etm_lines[@]}")

# ---- 9. TRCSTALLCTLR (issue #24 item 3; golden model, etmx's ETM; also make etm-stall-bench) --
echo "bench: ETM stall against overflow ..." >&2
stall_out=$("$build/bench/etm_stall_bench" --seeds 10 --events 100000 --ready 25) || exit 1
sect "ETM stall vs overflow (etm_stall_bench, sink 25 %, 10 x 100000 events)"
while read -r mode ovf compl cpe share; do
  row "  $mode: overflows" "$ovf" "" "" "" "completeness $compl, $cpe cycles/event, stall requested in $share of cycles"
done < <(grep -v '^#' <<< "$stall_out" | tail -n +2)

# ---- the table ---------------------------------------------------------------------------
echo
printf '%-46s %14s %-9s %8s %-9s %s\n' "measurement" "value" "unit" "ratio" "target" "verdict / note"
printf '%s\n' "${rows[@]}"
echo
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -sr); load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
echo "tools: $("$VERILATOR" --version | head -1), $(iverilog -V 2>&1 | head -1 | cut -d' ' -f1-4), $(yosys -V | cut -d' ' -f1-2), $(${CC:-cc} --version | head -1)"
echo "bench: best of $reps runs each; $(($(date +%s) - t_start)) s in all"
