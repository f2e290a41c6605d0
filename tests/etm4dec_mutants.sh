#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Mutants of the ETMv4 packet decoder (sim/decode/etm4dec.c, docs/etm-contract.md §9.11):
# each breaks one rule of [ETM-DEC-2]/[ETM-DEC-3] or of the §9 encodings in a copy of
# sim/decode, and must be killed by the unit test (test_etm4dec, the §14 and §9 examples)
# or the OpenCSD packet check (etm_pkt_check.py on the streams of `make etm-pkt-test`); both
# verdicts are printed (the golden streams never make a one-byte short address against a
# hist[0] with bit 7 set, nor a timestamp that goes down after a Trace Info, so two mutants
# are the unit test's alone). The RTL mutants of tests/mutants.txt cannot reach a decoder,
# so these live here.
# Usage: tests/etm4dec_mutants.sh BUILD_DIR   (after make etm-pkt-test: BUILD_DIR/opencsd/pkt)
#        tests/etm4dec_mutants.sh --applies   (only: every edit changes etm4dec.c; no build)
set -u
build=${1:?usage: tests/etm4dec_mutants.sh BUILD_DIR | --applies}
# NAME | rule | sed expression on etm4dec.c
mutants=(
  "no-push-on-match|ETM-ADDR-1 (every address packet pushes)|/case ETM4_ADDR_MATCH:\$/d"
  "short-keeps-bit8|ETM-PKT-ADDR (short: A[7:1] replaced)|s/(d->hist\\[0\\] \\& ~0xFFu)/(d->hist[0] \\& ~0x7Fu)/"
  "f6-final-inverted|ETM-PKT-ATOM (F6 bit 5: final N)|s/((h \\& 0x20u) ? 0u : 1u << e)/((h \\& 0x20u) ? 1u << e : 0u)/"
  "cc-no-threshold|ETM-DEC-3 (count = field + CYCT)|s/p->cc = p->cc_field + d->cyct;/p->cc = p->cc_field;/"
  "ts-no-reset|ETM-DEC-3 (Trace Info: timestamp 0)|s/        d->ts = 0;//"
  "exc-e1e0-swapped|ETM-PKT-EXC (E1 bit 6, E0 bit 0)|s/p->e1e0 = (uint8_t)(((b\\[1\\] >> 5) \\& 2u) | (b\\[1\\] \\& 1u));/p->e1e0 = (uint8_t)(((b[1] >> 6) \\& 1u) | ((b[1] \\& 1u) << 1));/"
)
if [ "$build" = --applies ]; then
  bad=0
  for m in "${mutants[@]}"; do
    IFS='|' read -r name rule expr <<< "$m"
    if sed -e "$expr" sim/decode/etm4dec.c | cmp -s - sim/decode/etm4dec.c; then
      echo "ERROR $0: mutant $name: the edit does not change sim/decode/etm4dec.c (stale)"
      bad=$((bad + 1))
    fi
  done
  echo "etm-dec-mutants: ${#mutants[@]} mutants, $((${#mutants[@]} - bad)) apply"
  [ "$bad" = 0 ]; exit $?
fi
pkt=$build/opencsd/pkt
[ -d "$pkt" ] || { echo "etm-dec-mutants: no $pkt: run make etm-pkt-test first" >&2; exit 2; }
work=$build/etm4mut
CC=${CC:-cc}
killed=0; alive=0
for m in "${mutants[@]}"; do
  IFS='|' read -r name rule expr <<< "$m"
  d=$work/$name
  rm -rf "$d"; mkdir -p "$d"; cp sim/decode/*.c sim/decode/*.h "$d/"
  sed -i -e "$expr" "$d/etm4dec.c"
  if cmp -s sim/decode/etm4dec.c "$d/etm4dec.c"; then
    echo "ERROR $name: the mutation did not apply"; alive=$((alive + 1)); continue
  fi
  inc="-I$d -Isim/c_tb/common"
  lib="$d/etm4dec.c $d/tpiudec.c $d/swodec.c $d/pardec.c $d/hwsrc.c $d/sr_read.c sim/c_tb/common/pktdec.c sim/c_tb/common/log.c"
  # shellcheck disable=SC2086
  if ! $CC -std=c11 -O2 $inc "$d/tracedump.c" $lib -o "$d/tracedump" -lzip 2> "$d/build.log" ||
     ! $CC -std=c11 -O2 $inc "$d/test_etm4dec.c" "$d/etm4dec.c" "$d/hwsrc.c" \
         sim/c_tb/common/pktdec.c -o "$d/test_etm4dec" 2>> "$d/build.log"; then
    echo "ERROR $name: does not build ($d/build.log)"; alive=$((alive + 1)); continue
  fi
  u=killed; "$d/test_etm4dec" > "$d/unit.log" 2>&1 && u=alive
  o=killed; tests/opencsd/etm_pkt_check.py "$d/tracedump" "$pkt" > "$d/ocsd.log" 2>&1 && o=alive
  if [ $u = killed ] || [ $o = killed ]; then killed=$((killed + 1)); v=ok; else alive=$((alive + 1)); v=FAIL; fi
  printf '%-4s %-18s %-44s unit test %-6s OpenCSD check %s\n' "$v" "$name" "$rule" "$u" "$o"
done
echo "etm-dec-mutants: $killed killed, $alive not"
[ "$alive" = 0 ]
