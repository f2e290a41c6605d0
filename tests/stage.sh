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
# Usage: tests/stage.sh BUILD_DIR STAGE...   (env: MAKE, TAIL = log lines shown, default 40)
set -u
build=$1; shift
mk=${MAKE:-make}
tail_n=${TAIL:-40}
logs=$build/logs
mkdir -p "$logs"

dur() { # seconds -> 2m14s / 7s
  if [ "$1" -ge 60 ]; then printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); else printf '%ds' "$1"; fi
}

echo "make test: $# stages, one line each; full output of each in $logs/STAGE.log"
sum_p=0; sum_f=0; failed=(); t_all=$(date +%s)
for st in "$@"; do
  log=$logs/$st.log
  t0=$(date +%s)
  {
    echo "# make test stage $st: $mk --no-print-directory BUILD=$build $st   ($(date '+%F %T'))"
    $mk --no-print-directory BUILD="$build" "$st" < /dev/null 2>&1
  } > "$log" 2>&1
  rc=$?
  secs=$(( $(date +%s) - t0 ))
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
total=$(( $(date +%s) - t_all ))
if [ ${#failed[@]} = 0 ]; then
  echo "make test: all $# stages passed in $(dur "$total")"
else
  echo "make test: ${#failed[@]} of $# stages failed in $(dur "$total"): ${failed[*]} (logs in $logs/)"
fi
echo "$sum_p passed, $sum_f failed"
[ ${#failed[@]} = 0 ]
