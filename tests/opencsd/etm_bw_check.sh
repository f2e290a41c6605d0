#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make etm-bw-test, second part: the packet parse behind the ETM bandwidth rows (make bench,
# tests/opencsd/etm_bw.c) against OpenCSD's own ETMv4 packet processor. For every trace
# configuration of etm_bw, one synthetic program (seed 1, EVENTS retired instructions) is
# traced by the golden model; etm_bw's packet counts by kind and bytes must equal the ones
# etm_pktcount gets from OpenCSD on the same ATB bytes.
# Usage: tests/opencsd/etm_bw_check.sh BUILD_DIR   (env: EVENTS, default 50000)
set -euo pipefail
if [ "${1:-}" = "--help" ] || [ $# -lt 1 ]; then
  sed -n '3,8p' "$0" | sed 's/^# \{0,1\}//'; exit $(( $# < 1 ))
fi
build=$1
bw=$build/bench/etm_bw
pc=$build/opencsd/etm_pktcount
events=${EVENTS:-50000}
tmp=$(mktemp -d "$build/etm_bw_check.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
cfgs=$("$bw" --help | sed -n 's/.*--only CONFIG .*saving)://p')
for c in $cfgs; do
  out=$("$bw" --rows --seeds 1 --events "$events" --only "$c" --stream "$tmp/$c.bin") ||
    { echo "FAIL $c: etm_bw failed"; fail=$((fail + 1)); continue; }
  mine=$(awk -v n="$c" '$1 == "pkts" && $2 == n { $2 = ""; print }' <<< "$out" | tr -s ' ')
  configr=$(awk -v n="$c" '$1 == "row" && $2 == n { for (i = 3; i < NF; i += 2) if ($i == "configr") print $(i + 1) }' <<< "$out")
  theirs=$("$pc" --configr "$configr" "$tmp/$c.bin" | tr -s ' ') ||
    { echo "FAIL $c: etm_pktcount failed"; fail=$((fail + 1)); continue; }
  if [ -n "$mine" ] && [ "$mine" = "$theirs" ]; then
    pass=$((pass + 1)); echo "ok   $c: $(stat -c %s "$tmp/$c.bin") bytes, the same packets (${mine#pkts })"
  else
    fail=$((fail + 1)); echo "FAIL $c"; echo "  etm_bw:  $mine"; echo "  OpenCSD: $theirs"
  fi
done
echo "etm-bw-check: $pass passed, $fail failed (etm_bw's packet counts = OpenCSD's packet processor, $events instructions each)"
[ "$fail" = 0 ]
