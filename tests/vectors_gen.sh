#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Generates the conformance vectors (vectors/README.md) with the golden model (vecgen) into
# OUTDIR: the ITM's listed in tests/vectors/vectors.list (OUTDIR/itm/ID/...) and the other
# blocks' listed in tests/vectors/BLOCK.list (OUTDIR/BLOCK/ID/..., BLOCK = dwt tpiu fpb sys etm),
# an index.txt per block, and OUTDIR/README.md: vectors/README.md with its generated parts
# (the vector tables, the port layouts of the .hex files) rewritten between their marker
# lines. The ITM vectors take their configuration as vecgen --params P,F,H,T,G (the NAME:...
# arguments); the others as the -D list of `make c-params-NAME`, read from the Makefile like
# every harness build. With --install, OUTDIR then replaces vectors/.
# Usage: tests/vectors_gen.sh [--install] VECGEN OUTDIR NAME:P,F,H,T,G...
set -euo pipefail
install=0
if [ "${1:-}" = --install ]; then install=1; shift; fi
vecgen=$1; out=$2; shift 2
declare -A params defs
for spec in "$@"; do params[${spec%%:*}]=${spec#*:}; done
readme=vectors/README.md
blocks=(dwt tpiu fpb sys etm)

rm -rf "$out"; mkdir -p "$out/itm"
declare -A seen
ids=()          # ITM
declare -A bids # per block: its ids, space separated

# list_lines FILE: "ID CONFIG SOURCE RULES..." lines without comments
list_lines() { grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$1" || true; }

# ---- ITM -------------------------------------------------------------------------------
list=tests/vectors/vectors.list
while read -r id cfg src rules; do
  if [ -n "${seen[$id]:-}" ]; then echo "vectors: $list: $id listed twice"; exit 1; fi
  seen[$id]=1
  if ! [[ $id =~ ^itm-[0-9]{4}-[a-z0-9-]+$ ]]; then echo "vectors: $list: bad id '$id'"; exit 1; fi
  p=${params[$cfg]:-}
  if [ -z "$p" ]; then echo "vectors: $list: $id: unknown configuration '$cfg'"; exit 1; fi
  args=(--out "$out/itm/$id" --id "$id" --config "$cfg" --params "$p" --rules "${rules:-none}"
        "$src")
  if ! "$vecgen" "${args[@]}"; then echo "vectors: generating $id failed (see above)"; exit 1; fi
  ids+=("$id")
done < <(list_lines "$list")

# ---- the other blocks --------------------------------------------------------------------
cfgdefs() { # the -D list of a configuration, as the Makefile builds the harness with it
  if [ -z "${defs[$1]:-}" ]; then
    defs[$1]=$(make -s --no-print-directory "c-params-$1") || return 1
    [ -n "${defs[$1]}" ] || return 1
  fi
}
for b in "${blocks[@]}"; do
  list=tests/vectors/$b.list
  mkdir -p "$out/$b"
  bids[$b]=""
  while read -r id cfg src rules; do
    if [ -n "${seen[$id]:-}" ]; then echo "vectors: $list: $id listed twice"; exit 1; fi
    seen[$id]=1
    if ! [[ $id =~ ^$b-[0-9]{4}-[a-z0-9-]+$ ]]; then echo "vectors: $list: bad id '$id'"; exit 1; fi
    if ! cfgdefs "$cfg"; then echo "vectors: $list: $id: unknown configuration '$cfg'"; exit 1; fi
    args=(--block "$b" --defs "${defs[$cfg]}" --out "$out/$b/$id" --id "$id" --config "$cfg"
          --rules "${rules:-none}" "$src")
    if ! "$vecgen" "${args[@]}"; then echo "vectors: generating $id failed (see above)"; exit 1; fi
    bids[$b]+=" $id"
  done < <(list_lines "$list")
done

# The header of every vector.txt, read once (with bash's read: no process per value).
declare -A hdr
for b in itm "${blocks[@]}"; do
  for d in "$out/$b"/*/; do
    id=$(basename "$d")
    while read -r key val; do
      case "$key" in ''|'#'*|[0-9]*) continue ;; esac
      if [ "$key" = capture ]; then # shortened: "nrz/2 formatted, parallel/4 formatted"
        read -r _ _ _ mode arg fmt <<< "$val"
        hdr[$id.capture]+="${hdr[$id.capture]:+, }$mode/$arg $fmt"
      elif [ -z "${hdr[$id.$key]+x}" ]; then hdr[$id.$key]=$val; fi
    done < "$d/vector.txt"
  done
done

{
  echo "# Index of the ITM conformance vectors (format: vectors/README.md)."
  echo "# ID CONFIG CYCLES BYTES PACKETS | RULES | FORMS"
  for id in "${ids[@]}"; do
    echo "$id ${hdr[$id.config]:-} ${hdr[$id.cycles]:-} ${hdr[$id.bytes]:-} ${hdr[$id.packets]:-}" \
         "| ${hdr[$id.rules]:-} | ${hdr[$id.forms]:-}"
  done
} > "$out/itm/index.txt"
for b in "${blocks[@]}"; do
  {
    echo "# Index of the $b conformance vectors (format: vectors/README.md)."
    echo "# ID CONFIG CYCLES SOURCE | RULES"
    for id in ${bids[$b]}; do
      echo "$id ${hdr[$id.config]:-} ${hdr[$id.cycles]:-} ${hdr[$id.source]:-} | ${hdr[$id.rules]:-}"
    done
  } > "$out/$b/index.txt"
done

# ---- the README's generated parts --------------------------------------------------------
itm_table() {
  echo "| id | config | cycles | bytes | source | spec (B14.1.x) | rules (docs/itm-contract.md) | packet forms |"
  echo "|---|---|---|---|---|---|---|---|"
  for id in "${ids[@]}"; do
    src=${hdr[$id.source]:-}
    seed=${hdr[$id.seed]:-}
    if [ "$seed" = none ]; then src="\`$src\`"; else src="random, seed $seed: \`$src\`"; fi
    # the spec sections of the docs/rule-coverage.md rows that name this vector
    spec=$({ grep -F -- "\`$id\`" docs/rule-coverage.md || true; } | { grep -o '^| [0-9]\.[0-9]' || true; } |
           cut -c3- | sort -u | paste -sd ' ')
    [ "$seed" = none ] || spec="mixed"
    [ -z "$spec" ] && spec="–"
    echo "| \`$id\` | ${hdr[$id.config]:-} | ${hdr[$id.cycles]:-} | ${hdr[$id.bytes]:-} | $src | $spec" \
         "| ${hdr[$id.rules]:-} | ${hdr[$id.forms]:-} |"
  done
}
blk_table() { # BLOCK
  local b=$1 id
  case $b in
    dwt)  echo "| id | config | cycles | ATB bytes | DWT port events | source | rules (docs/dwt-contract.md) |"
          echo "|---|---|---|---|---|---|---|" ;;
    tpiu) echo "| id | config | cycles | ATB bytes | txb bytes | pin captures | source | rules (docs/tpiu-contract.md) |"
          echo "|---|---|---|---|---|---|---|---|" ;;
    fpb)  echo "| id | config | cycles | fetches | APB accesses | source | rules (docs/fpb-contract.md) |"
          echo "|---|---|---|---|---|---|---|" ;;
    sys)  echo "| id | config | cycles | ATB bytes | DWT port events | txb bytes | pin captures | source | rules |"
          echo "|---|---|---|---|---|---|---|---|---|" ;;
    etm)  echo "| id | config | cycles | ATB bytes | APB accesses | source | rules (docs/etm-contract.md) |"
          echo "|---|---|---|---|---|---|---|" ;;
  esac
  for id in ${bids[$b]}; do
    local c="| \`$id\` | ${hdr[$id.config]:-} | ${hdr[$id.cycles]:-}"
    local s="\`${hdr[$id.source]:-}\` | ${hdr[$id.rules]:-} |"
    case $b in
      dwt)  echo "$c | ${hdr[$id.bytes]:-} | ${hdr[$id.hwsrc]:-} | $s" ;;
      tpiu) echo "$c | ${hdr[$id.bytes]:-} | ${hdr[$id.txb]:-} | ${hdr[$id.capture]:-} | $s" ;;
      fpb)  echo "$c | ${hdr[$id.fetches]:-} | ${hdr[$id.apb]:-} | $s" ;;
      sys)  echo "$c | ${hdr[$id.bytes]:-} | ${hdr[$id.hwsrc]:-} | ${hdr[$id.txb]:-} | ${hdr[$id.capture]:-} | $s" ;;
      etm)  echo "$c | ${hdr[$id.bytes]:-} | ${hdr[$id.apb]:-} | $s" ;;
    esac
  done
}
# Rewrites every generated part of the README on stdin: the lines between a start marker
#   <!-- vector-table: BLOCK, generated ... -->  or  <!-- layout: BLOCK-in|out, generated ... -->
# (the ITM's table marker has no block) and the next "<!-- ... end -->" line.
gen_part() { # the marker line
  local m=$1
  case "$m" in
    '<!-- vector-table: generated by make vectors from tests/vectors/vectors.list -->') itm_table ;;
    '<!-- vector-table: '*) blk_table "$(sed 's/^<!-- vector-table: \([a-z]*\),.*/\1/' <<< "$m")" ;;
    '<!-- layout: '*) "$vecgen" --layout "$(sed 's/^<!-- layout: \([a-z]*-[a-z]*\),.*/\1/' <<< "$m")" ;;
  esac
}
skip=0; nparts=0
while IFS= read -r line; do
  if [ $skip = 1 ]; then
    case "$line" in '<!-- '*' end -->') skip=0; echo ""; echo "$line" ;; esac
    continue
  fi
  echo "$line"
  case "$line" in
    '<!-- vector-table: '*|'<!-- layout: '*)
      echo ""; gen_part "$line"; skip=1; nparts=$((nparts + 1)) ;;
  esac
done < "$readme" > "$out/README.md"
if [ $skip = 1 ] || [ $nparts = 0 ]; then
  echo "vectors: $readme: a generated part has no end marker (or there is none)"; exit 1
fi

n=${#ids[@]}
for b in "${blocks[@]}"; do n=$((n + $(wc -w <<< "${bids[$b]}"))); done
if [ $install = 1 ]; then
  for b in itm "${blocks[@]}"; do rm -rf "vectors/$b"; cp -r "$out/$b" "vectors/$b"; done
  cp "$out/README.md" "$readme"
  echo "vectors: wrote $n vectors to vectors/ ($(du -sb vectors | cut -f1) bytes)"
else
  echo "vectors: generated $n vectors in $out"
fi
