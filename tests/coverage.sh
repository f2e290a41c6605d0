#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make coverage: runs the regression (every scenario, SEEDS random seeds x CYCLES) on the
# coverage build of every configuration (BUILD/cov/tb/<cfg>/trace_tb: Verilator line+toggle
# coverage, gcov of the golden model and harness), then merges and reports:
#   BUILD/coverage/rtl.dat, rtl.info  Verilator coverage, merged; lcov form
#   BUILD/coverage/golden.info        gcov of sim/golden and sim/c_tb via lcov
#   BUILD/coverage/html/              genhtml of both (html/rtl, html/golden)
#   BUILD/coverage/fcov.json          functional coverage summed over all runs
# Usage: tests/coverage.sh BUILD_DIR SEEDS CYCLES CFG...
set -u
build=$1; seeds=$2; cycles=$3; shift 3
cov=$build/cov; out=$build/coverage
rm -rf "$cov/dat" "$out"; mkdir -p "$cov/dat" "$cov/fcov" "$out/html"
find "$cov/tb" -name '*.gcda' -delete 2>/dev/null
rm -f "$cov"/fcov/*.json
fail=0; n=0; start=$(date +%s)
for cfg in "$@"; do
  tb=$cov/tb/$cfg/trace_tb
  for scn in scenarios/*.scn; do
    n=$((n + 1))
    ITM_COV_FILE=$cov/dat/$cfg-$n.dat "$tb" --quiet --wave-dir "$cov/tb/$cfg" \
      --fcov-json "$cov/fcov/$cfg-$n.json" "$scn" > /dev/null 2>&1; rc=$?
    case $rc in 0|77) ;; *) echo "FAIL [$cfg] $scn (exit $rc)"; fail=$((fail + 1)) ;; esac
    [ $rc = 77 ] && rm -f "$cov/fcov/$cfg-$n.json"
  done
  for seed in $(seq 1 "$seeds"); do
    n=$((n + 1))
    ITM_COV_FILE=$cov/dat/$cfg-$n.dat "$tb" --quiet --seed "$seed" --cycles "$cycles" \
      --wave-dir "$cov/tb/$cfg" --fcov-json "$cov/fcov/$cfg-$n.json" > /dev/null 2>&1 ||
      { echo "FAIL [$cfg] seed $seed"; fail=$((fail + 1)); }
  done
  echo "coverage [$cfg]: scenarios and $seeds seeds x $cycles cycles done ($(( $(date +%s) - start )) s)"
done

# RTL: merge, per-type numbers from the merged data file, lcov .info, annotated sources
verilator_coverage --write "$out/rtl.dat" "$cov"/dat/*.dat > /dev/null
verilator_coverage --write-info "$out/rtl-all.info" "$out/rtl.dat" > /dev/null
lcov -q --remove "$out/rtl-all.info" '*/sim/c_tb/*' --output-file "$out/rtl.info" > /dev/null 2>&1
verilator_coverage --annotate "$out/annotated" --annotate-min 1 "$out/rtl.dat" \
  > "$out/annotate.log" 2>&1
python3 tests/cov_rtl_summary.py "$out/rtl.dat" | tee "$out/rtl-summary.txt"
printf 'coverage: RTL lines (lcov, line+branch points per source line): '
lcov --summary "$out/rtl.info" 2>&1 | grep -E 'lines' | sed 's/^ *lines\.*: *//'

# golden model and harness: gcov through lcov
lcov -q --capture --directory "$cov/tb" --output-file "$out/all-c.info" --rc lcov_branch_coverage=0 \
  > "$out/lcov.log" 2>&1
lcov -q --extract "$out/all-c.info" "$PWD/sim/golden/*" --output-file "$out/golden.info" >> "$out/lcov.log" 2>&1
lcov -q --extract "$out/all-c.info" "$PWD/sim/c_tb/*" --output-file "$out/harness.info" >> "$out/lcov.log" 2>&1
for k in golden harness; do
  printf 'coverage: %-8s C lines: ' "$k"
  lcov --summary "$out/$k.info" 2>&1 | grep -E 'lines' | sed 's/^ *lines\.*: *//'
done
genhtml -q --prefix "$PWD" -o "$out/html/rtl" -t "itm RTL (Verilator line+toggle)" "$out/rtl.info" \
  > "$out/genhtml.log" 2>&1 || echo "coverage: genhtml rtl failed (see $out/genhtml.log)"
genhtml -q --prefix "$PWD" -o "$out/html/golden" -t "golden model + harness (gcov)" \
  "$out/golden.info" "$out/harness.info" >> "$out/genhtml.log" 2>&1 ||
  echo "coverage: genhtml golden failed (see $out/genhtml.log)"
echo "coverage: HTML in $out/html/rtl/index.html and $out/html/golden/index.html"

# functional coverage over every run
python3 tests/fcov_merge.py --out "$out/fcov.json" "$cov"/fcov/*.json | tee "$out/fcov.txt"
echo "coverage: $n runs, $fail failed, $(( $(date +%s) - start )) s"
[ "$fail" = 0 ]
