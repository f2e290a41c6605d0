#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `make test`: runs each stage (a make target: make lint, make scenarios, ...) in turn and
# prints one line per stage with its result, its count and its wall time:
#   scenarios      PASS   227 passed, 0 failed, 28 skipped    (2m14s)
# The stage's whole output (compiler and Verilator command lines included) goes to
# BUILD_DIR/logs/STAGE.log; a failed stage also shows the last TAIL lines of its log and the
# log's path. Every stage runs even after one failed, so one run shows every failure.
#
# Counts: a stage's own summary lines `N passed, M failed` (also after a `NAME: ` prefix,
# and the forms `N checks, M failed` and `M of N failed` of some unit tests), summed when it
# prints one per part (golden-test runs five unit-test programs, vectors-check reports each
# of its sub-stages); a stage without such a line counts as 1 passed or 1 failed; a stage
# that exits non-zero counts at least 1 failed. The last line is `N passed, M failed`,
# summed over the stages, alone on a line (CI parses it); the exit status is 1 if any stage
# failed.
# Lanes: with LANES=N (default 2) the stages run N at a time, after PREBUILD (a make
# target building every product more than one stage uses: the trace_tb binaries, the
# decoders, ...) has been built with make -jN; each lane takes the next stage not yet
# started, the longest first by the times of the previous run (BUILD_DIR/logs/times.txt,
# else in the order given). The lines are still printed in the order given, each as soon as
# its stage and every stage before it are done. LANES=1: one stage after the other, as given.
# The lockstep regression's rate: the stages' `N cycles in lockstep` lines (make random),
# summed, over the wall time of those stages, in the summary line.
# Usage: tests/stage.sh BUILD_DIR STAGE...   (env: MAKE, TAIL = log lines shown, default 40,
#        LANES, PREBUILD)
set -u
build=$1; shift
mk=${MAKE:-make}
tail_n=${TAIL:-40}
lanes=${LANES:-2}
prebuild=${PREBUILD:-}
logs=$build/logs
mkdir -p "$logs"

dur() { # seconds -> 2m14s / 7s
  if [ "$1" -ge 60 ]; then printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); else printf '%ds' "$1"; fi
}

# one stage: its log, and "RC SECONDS" in $logs/.STAGE.done when it has finished
run_stage() {
  local st=$1 log=$logs/$1.log t0 rc
  t0=$(date +%s)
  {
    echo "# make test stage $st: $mk --no-print-directory BUILD=$build $st   ($(date '+%F %T'))"
    $mk --no-print-directory BUILD="$build" "$st" < /dev/null 2>&1
  } > "$log" 2>&1
  rc=$?
  echo "$rc $(( $(date +%s) - t0 ))" > "$logs/.$st.done.tmp"
  mv "$logs/.$st.done.tmp" "$logs/.$st.done"
}

# a lane: claims (mkdir, atomic) and runs the stages of the queue in turn
lane() {
  local st
  for st in "${queue[@]}"; do
    mkdir "$logs/.$st.claim" 2> /dev/null && run_stage "$st"
  done
}

t_all=$(date +%s)
for st in "$@"; do rm -rf "$logs/.$st.claim" "$logs/.$st.done"; done
if [ "$lanes" -gt 1 ]; then
  echo "make test: $# stages in $lanes lanes, one line each; full output of each in $logs/STAGE.log"
  if [ -n "$prebuild" ]; then
    t0=$(date +%s)
    if ! $mk --no-print-directory -j"$lanes" BUILD="$build" "$prebuild" < /dev/null \
         > "$logs/prebuild.log" 2>&1; then
      echo "make test: building what the stages share failed ($mk $prebuild); the stages run"
      echo "  one after the other; last lines of $logs/prebuild.log:"
      tail -n "$tail_n" "$logs/prebuild.log" | sed 's/^/  | /'
      lanes=1
    else
      echo "  (shared build products: $(dur $(( $(date +%s) - t0 ))), log $logs/prebuild.log)"
    fi
  fi
else
  echo "make test: $# stages, one line each; full output of each in $logs/STAGE.log"
fi
# the queue: longest first by the previous run's times (unknown ones first, in order)
queue=("$@")
if [ "$lanes" -gt 1 ] && [ -f "$logs/times.txt" ]; then
  mapfile -t queue < <(for st in "$@"; do
      t=$(awk -v s="$st" '$1 == s { t = $2 } END { print (t == "") ? 1e9 : t }' "$logs/times.txt")
      echo "$t $st"; done | sort -s -k1,1 -rn | cut -d' ' -f2)
fi
pids=()
if [ "$lanes" -gt 1 ]; then
  for _ in $(seq "$lanes"); do lane & pids+=($!); done
fi
sum_p=0; sum_f=0; failed=(); times=""; lock_cyc=0; lock_secs=0
for st in "$@"; do
  log=$logs/$st.log
  if [ "$lanes" -gt 1 ]; then
    while [ ! -f "$logs/.$st.done" ]; do sleep 1; done
  else
    run_stage "$st"
  fi
  read -r rc secs < "$logs/.$st.done"
  times+="$st $secs"$'\n'
  c=$(sed -n -E 's/^[^:]*: ([0-9]+) cycles in lockstep over .*/\1/p' "$log" | awk '{ s += $1 } END { print s + 0 }')
  if [ "$c" -gt 0 ]; then lock_cyc=$((lock_cyc + c)); lock_secs=$((lock_secs + secs)); fi
  # the stage's summary lines (not lines that merely quote one)
  # as "PASSED FAILED" pairs: `N passed, M failed`, `N checks, M failed`, `M of N failed`
  counts=$(sed -n -E -e 's/^([^:]*: )?([0-9]+) passed, ([0-9]+) failed.*/\2 \3/p' \
                    -e 's/^([^:]*: )?([0-9]+) checks, ([0-9]+) failed.*/\2 \3 checks/p' \
                    -e 's/^([^:]*: )?([0-9]+) of ([0-9]+) failed.*/\3 \2 of/p' "$log")
  p=0; f=0; skipped=""
  if [ -n "$counts" ]; then
    while read -r n nf kind; do
      if [ -n "$kind" ]; then p=$((p + n - nf)); else p=$((p + n)); fi
      f=$((f + nf))
    done <<< "$counts"
    s=$(grep -oE '^([^:]*: )?[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped' "$log" |
        tail -1 | grep -oE '[0-9]+ skipped$')
    [ -n "$s" ] && skipped=", $s"
    detail="$p passed, $f failed$skipped"
    if [ "$rc" != 0 ] && [ "$f" = 0 ]; then f=1; detail="$detail, exit status $rc"; fi
  elif [ "$rc" = 0 ]; then
    p=1; detail=""
  else
    f=1; detail="exit status $rc"
  fi
  sum_p=$((sum_p + p)); sum_f=$((sum_f + f))
  if [ "$rc" = 0 ] && [ "$f" = 0 ]; then res=PASS; else res=FAIL; failed+=("$st"); fi
  printf '  %-14s %-4s   %-36s (%s)\n' "$st" "$res" "$detail" "$(dur "$secs")"
  if [ "$res" = FAIL ]; then
    echo "  ---- last $tail_n lines of $log:"
    tail -n "$tail_n" "$log" | sed 's/^/  | /'
    echo "  ---- full log: $log"
  fi
done
[ ${#pids[@]} -gt 0 ] && wait "${pids[@]}"
for st in "$@"; do rm -rf "$logs/.$st.claim" "$logs/.$st.done"; done
printf '%s' "$times" > "$logs/times.txt"
total=$(( $(date +%s) - t_all ))
rate=""
if [ "$lock_cyc" -gt 0 ]; then
  rate="; lockstep $lock_cyc cycles at $(awk -v c="$lock_cyc" -v s="$lock_secs" \
    'BEGIN { printf "%.0f", (s > 0) ? c / s : 0 }') cycles/s"
fi
if [ ${#failed[@]} = 0 ]; then
  echo "make test: all $# stages passed in $(dur "$total")$rate"
else
  echo "make test: ${#failed[@]} of $# stages failed in $(dur "$total")$rate: ${failed[*]} (logs in $logs/)"
fi
echo "$sum_p passed, $sum_f failed"
[ ${#failed[@]} = 0 ]
