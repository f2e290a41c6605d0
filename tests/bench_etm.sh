#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# ETM trace bandwidth rows of `make bench` (issue #23 item 5), also run alone by `make etm-bw`:
# tests/opencsd/etm_bw on the golden ETM model (the RTL is not in the lockstep harness yet)
# over seeded synthetic T32 programs: bytes per retired instruction per trace configuration,
# address packets per taken indirect branch and by format (the address history can not be
# switched off in ETMv4), and the return stack's saving of indirect-branch target addresses
# against seed 004 section 4.2 "性能影响典型场景减少30-50%间接跳转跟踪" (30-50 % fewer
# indirect-branch traces, typical case), on the generator's mix and on three other mixes.
# Prints table lines in tests/bench.sh's format (a blank line and a section title first).
# Usage: tests/bench_etm.sh BUILD_DIR [--header]   (env: ETM_SEEDS, default 10; ETM_EVENTS,
#        retired instructions per program, default 200000)
set -euo pipefail
if [ "${1:-}" = "--help" ] || [ $# -lt 1 ]; then
  sed -n '3,12p' "$0" | sed 's/^# \{0,1\}//'; exit $(( $# < 1 ))
fi
build=$1
bw=$build/bench/etm_bw
seeds=${ETM_SEEDS:-10}
events=${ETM_EVENTS:-200000}
[ -x "$bw" ] || { echo "bench_etm.sh: $bw missing (make $bw)" >&2; exit 1; }
line() { printf '%-46s %14s %-9s %8s %-9s %s\n' "$@"; }
[ "${2:-}" = "--header" ] && line "measurement" "value" "unit" "ratio" "target" "verdict / note"

"$bw" --self-test > /dev/null || { echo "bench_etm.sh: FAIL: $bw --self-test" >&2; exit 1; }
# run [ETM_BW_ARGS...] -> the --rows output
run() { "$bw" --rows --seeds "$seeds" --events "$events" "$@" ||
          { echo "bench_etm.sh: FAIL: $bw $*" >&2; exit 1; }; }
# get OUTPUT NAME KEY -> the value of KEY on the row NAME
get() { awk -v n="$2" -v k="$3" '$1 == "row" && $2 == n { for (i = 3; i < NF; i += 2) if ($i == k) print $(i + 1) }' <<< "$1"; }
pct() { awk -v v="$1" 'BEGIN { printf "%.1f", 100 * v }'; }

out=$(run)
base=$(get "$out" default bytes_per_instr)
echo
echo "ETM trace bandwidth (golden model, not the RTL; RsDepth 3; $seeds programs x $((events / 1000))k instructions, tests/opencsd/etm_bw.c; ratio to default)"
while read -r name label; do
  b=$(get "$out" "$name" bytes_per_instr)
  note="$(get "$out" "$name" addr_per_ind) addr/indirect br; addr pkts exact $(get "$out" "$name" exact) %, short $(get "$out" "$name" short) %, long $(get "$out" "$name" long) %"
  [ "$name" = bb ] && note="$(get "$out" bb addr_per_taken_br) addr/taken br; $note"
  line "ETM golden: $label" "$b" "B/instr" "$(awk -v a="$b" -v c="$base" 'BEGIN { printf "%.2f", a / c }')" "" "$note"
done <<'EOF'
default default (RS on, address history)
rs-off RS off (TRCCONFIGR.RS 0)
bb branch broadcasting (BB 1: RS off)
cci-thr1 CCI, THRESHOLD 1
cci-thr16 CCI, THRESHOLD 16
ts TS (requests: exceptions, sync)
ts-every-p0 TS, TRCTSCTLR TRUE (every P0)
ts+cci-thr16 TS + CCI, THRESHOLD 16
sync1k A-Sync every 1 KiB (TRCSYNCPR 10)
f45 atom formats 4/5 (AtomF45 1, contract 19)
bb-f45 BB + atom formats 4/5
q Q elements (QSupp 1, QE)
q-cci-thr16 Q elements + CCI, THRESHOLD 16
q-ts Q elements + TS (exc, returns)
EOF
# atom packing per format (docs/etm-contract.md section 19): atoms per atom-packet byte,
# default packer (F1/F2/F3/F6) against AtomF45 (F4/F5 added); seed 004 section 4.3 table
atoms() { awk -v n="$2" -v k="$3" '$1 == "atoms" && $2 == n { for (i = 3; i < NF; i += 2) if ($i == k) print $(i + 1) }' <<< "$1"; }
fmts() { awk -v n="$2" '$1 == "atoms" && $2 == n { s = ""; for (f = 1; f <= 6; f++) for (i = 3; i < NF; i++) if ($i == "F" f) s = s sprintf(" F%d %d/%d", f, $(i + 1), $(i + 2)); print substr(s, 2) }' <<< "$1"; }
ad=$(atoms "$out" default atoms_per_atom_byte); af=$(atoms "$out" f45 atoms_per_atom_byte)
line "ETM atoms per atom byte, F1/F2/F3/F6" "$ad" "atoms/B" "1.00" "" "packets/atoms: $(fmts "$out" default)"
line "ETM atoms per atom byte, + F4/F5 (AtomF45)" "$af" "atoms/B" "$(awk -v a="$af" -v c="$ad" 'BEGIN { printf "%.2f", a / c }')" "" "packets/atoms: $(fmts "$out" f45)"
# the return stack's saving: same paths with RS on and off
verdict() { awk -v s="$1" 'BEGIN { s *= 100; print (s < 30) ? "below the claim" : (s > 50) ? "above the claim" : "within the claim" }'; }
saving_row() { # LABEL OUTPUT
  local s r p
  s=$(get "$2" rs-saving ind_addr_saving); r=$(get "$2" rs-saving return_share); p=$(get "$2" rs-saving popped_returns)
  line "$1" "$(pct "$s")" "% fewer" "" "30-50 %" \
    "$(verdict "$s"); returns $(pct "$r") % of indirect br, $(pct "$p") % popped; bytes -$(pct "$(get "$2" rs-saving byte_saving)") %"
}
saving_row "ETM RS saving, indirect-branch target addrs" "$out"
saving_row "  the same, no interrupts (--irq-period 0)" "$(run --only default --irq-period 0)"
saving_row "  the same, every call a BLX (--blx-pct 100)" "$(run --only default --blx-pct 100)"
saving_row "  the same, RsDepth 1 (--rs-depth 1)" "$(run --only default --rs-depth 1)"
# Q elements (docs/etm-contract.md section 20): the bytes they save against the same
# configuration with atoms, set against seed 004 section 5.2 "Q元素 带宽节省 极高" (very high:
# above the return stack's "高"); with and without interrupts (a Q ends at every exception)
q_row() { # LABEL OUTPUT
  local d q r
  d=$(get "$2" default bytes_per_instr); q=$(get "$2" q bytes_per_instr)
  r=$(awk -v d="$d" -v q="$q" 'BEGIN { printf "%.4f", 1 - q / d }')
  line "$1" "$(pct "$r")" "% fewer" "" "极高" \
    "$q vs $d B/instr; $(get "$2" q instr_per_q) instr per Q; RS saving on the same paths: bytes -$(pct "$(get "$2" rs-saving byte_saving)") %"
}
q_row "ETM Q saving, bytes (Q vs atoms, RS on)" "$out"
q_row "  the same, no interrupts (--irq-period 0)" "$(run --irq-period 0)"
