#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Seeded random lockstep regression: seeds 1..SEEDS, CYCLES cycles each, on every configuration.
# Usage: tests/run_random.sh BUILD_DIR SEEDS CYCLES CFG...
# Environment:
#   SHARD=i/N      run only seeds i, i+N, i+2N, ... of 1..SEEDS (1 <= i <= N; default 1/1), so
#                  a batch system (SLURM array job, CI matrix) can spread one regression
#   SUITE=name     report name (default random); reports go to BUILD_DIR/reports/:
#                  <suite>-<i>of<N>.xml (JUnit, one testcase per config x seed) and .json
#   PROGRESS=S     print a progress line (seeds done, cycles/s) every S seconds (default 30)
#   TB_ARGS=...    extra trace_tb options for every run (e.g. --fcov-json is added per run
#                  when FCOV_DIR is set)
#   FCOV_DIR=dir   write each run's functional coverage to dir/<cfg>-<seed>.json
# Each seed's command line is printed on failure, so any failure reproduces with one command.
# Merge the shards' reports with tests/merge_reports.py.
set -u
build=$1; seeds=$2; cycles=$3; shift 3
shard=${SHARD:-1/1}; suite=${SUITE:-random}; every=${PROGRESS:-30}
if ! [[ $shard =~ ^([0-9]+)/([0-9]+)$ ]] || [ "${BASH_REMATCH[1]}" -lt 1 ] ||
   [ "${BASH_REMATCH[1]}" -gt "${BASH_REMATCH[2]}" ]; then
  echo "run_random.sh: error: SHARD='$shard': expected i/N with 1 <= i <= N" >&2; exit 2
fi
si=${BASH_REMATCH[1]}; sn=${BASH_REMATCH[2]}
reports=$build/reports; mkdir -p "$reports"
tag=$suite-${si}of$sn; xml=$reports/$tag.xml; json=$reports/$tag.json
[ -n "${FCOV_DIR:-}" ] && mkdir -p "$FCOV_DIR"

xml_esc() { sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/"/\&quot;/g' |
            tr -d '\000-\010\013\014\016-\037'; }
sub() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.3f", a-b}'; }
json_esc() { sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' | tr -d '\000-\037'; }

my_seeds=$(seq "$si" "$sn" "$seeds")
nmine=$(echo "$my_seeds" | grep -c . || true)
pass=0; fail=0; total=0; start=$(date +%s.%N); last=$(date +%s); cases=""; failures=""
for cfg in "$@"; do
  tb=$build/tb/$cfg/trace_tb; done_cfg=0
  for seed in $my_seeds; do
    extra=()
    [ -n "${FCOV_DIR:-}" ] && extra=(--fcov-json "$FCOV_DIR/$cfg-$seed.json")
    t0=$(date +%s.%N)
    # shellcheck disable=SC2086
    out=$("$tb" --quiet --seed "$seed" --cycles "$cycles" --wave-dir "$build/tb/$cfg" \
          ${TB_ARGS:-} "${extra[@]}" 2>&1); rc=$?
    dt=$(sub "$(date +%s.%N)" "$t0")
    total=$((total + cycles)); done_cfg=$((done_cfg + 1))
    repro="$tb --seed $seed --cycles $cycles${TB_ARGS:+ $TB_ARGS}"
    name="$cfg seed $seed"
    if [ $rc = 0 ]; then
      pass=$((pass + 1))
      cases+="  <testcase classname=\"$suite.$cfg\" name=\"seed $seed\" time=\"$dt\"/>"$'\n'
    else
      fail=$((fail + 1)); echo "FAIL [$cfg] seed $seed: $repro (exit $rc)"
      echo "$out" | head -60
      first=$(echo "$out" | grep -m1 -E 'MISMATCH|CHECK FAILED|RTL STOPPED|TIMEOUT|error' ||
              echo "exit $rc")
      cases+="  <testcase classname=\"$suite.$cfg\" name=\"seed $seed\" time=\"$dt\">"$'\n'
      cases+="    <failure message=\"$(echo "$first" | xml_esc)\">reproduce: $(echo "$repro" | xml_esc)"$'\n'
      cases+="$(echo "$out" | head -40 | xml_esc)</failure>"$'\n'"  </testcase>"$'\n'
      failures+="${failures:+,}{\"config\":\"$cfg\",\"seed\":$seed,\"exit\":$rc,"
      failures+="\"first\":\"$(echo "$first" | json_esc)\",\"reproduce\":\"$(echo "$repro" | json_esc)\"}"
    fi
    now=$(date +%s)
    if [ $((now - last)) -ge "$every" ]; then
      last=$now; el=$(sub "$(date +%s.%N)" "$start")
      printf '%s [%s]: %d/%d seeds, %d cycles, %.0f cycles/s, %d failed\n' "$suite" "$cfg" \
        "$done_cfg" "$nmine" "$total" "$(awk -v a="$total" -v b="$el" 'BEGIN{print (b>0)?a/b:0}')" "$fail"
    fi
  done
  printf '%s [%s]: %d seeds (shard %s of 1..%d) x %d cycles done (%.0f s so far)\n' "$suite" \
    "$cfg" "$done_cfg" "$shard" "$seeds" "$cycles" "$(sub "$(date +%s.%N)" "$start")"
done
secs=$(sub "$(date +%s.%N)" "$start")
cps=$(awk -v a="$total" -v b="$secs" 'BEGIN{printf "%.0f", (b>0)?a/b:0}')
runs=$((pass + fail))
{
  echo '<?xml version="1.0" encoding="UTF-8"?>'
  echo "<testsuites name=\"$suite\" tests=\"$runs\" failures=\"$fail\" time=\"$secs\">"
  echo "<testsuite name=\"$tag\" tests=\"$runs\" failures=\"$fail\" errors=\"0\" time=\"$secs\">"
  printf '%s' "$cases"
  echo "</testsuite>"
  echo "</testsuites>"
} > "$xml"
cfgs_json=$(printf '"%s",' "$@"); cfgs_json=${cfgs_json%,}
cat > "$json" <<EOF
{"suite":"$suite","shard":"$shard","configs":[$cfgs_json],"seeds":$seeds,"seeds_run":$nmine,
 "cycles_per_seed":$cycles,"runs":$runs,"passed":$pass,"failed":$fail,"cycles":$total,
 "seconds":$secs,"cycles_per_s":$cps,"failures":[$failures]}
EOF
echo "$suite: $total cycles in lockstep over $runs runs ($cps cycles/s)"
echo "$suite: $pass passed, $fail failed, $total cycles at $cps cycles/s on $# configurations (reports: $xml, $json)"
[ "$fail" = 0 ]
