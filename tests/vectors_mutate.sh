#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make vectors-mutate: do the conformance vectors catch the faults of tests/mutants.txt?
# Each mutant is a copy of rtl/ with its sed edit applied (as tests/broken_rtl.sh does; a
# stale edit is refused) in BUILD/vmut/NAME/, beside links to the rest of the tree, so the
# Makefile's own rules compile the Icarus replay benches of tests/vectors/ on the mutated
# RTL (BUILD/vmut/NAME/build/vec/icarus/*.vvp, once per block and configuration). Every
# vector of the mutant's blocks is then replayed, on every configuration of the block that
# has vectors (a fault can show on several, whatever configuration its @cfg names):
#   rtl/itm   -> itm (base, min, max) and sys     rtl/fpb           -> fpb
#   rtl/dwt   -> dwt (full, dwt, dwtmin) and sys  rtl/common, rtl/top -> every block
#   rtl/tpiu  -> tpiu and sys                     rtl/etm           -> etm
# A vector kills a mutant when its bench reports a MISMATCH; a run that neither passes nor
# mismatches (a bench or compile error) stops the script. An RTL assertion message does not
# count: a vector is a contract on the ports.
#
# Writes tests/vectors/mutant_kills.txt (the proof that docs/rule-coverage.md's vector
# citations rest on, read by tests/vectors/rule_proof.py in make vectors-check): one line
# per mutant, block and configuration, with the vectors that kill it there. Prints, per
# block and configuration, the mutants no vector kills. A mutant must be killed on every
# configuration of its own block (sys only for rtl/common and rtl/top), unless
# tests/vectors/mutant_rules.txt declares the fault absent or invisible there (`equiv`) or
# too slow to show in a vector (`toolong`);
# the exit status is 1 if one is not.
# Usage: tests/vectors_mutate.sh [--merge] BUILD_DIR JOBS [MUTANT...]
#   with MUTANT names: only those are run, the proof file is not written (a look at a few);
#   --merge (make vectors-mutate MUTANTS=... VMUT_MERGE=1): their lines replace theirs in the
#   proof file and every other mutant's lines are kept, for a new or changed mutant
set -u
merge=0
if [ "${1:-}" = --merge ]; then merge=1; shift; fi
if [ "${1:-}" = --one ]; then mode=one; shift; else mode=all; fi
build=$1; jobs=$2; shift 2
root=$(pwd)
vm=$build/vmut
proof=tests/vectors/mutant_kills.txt
notes=tests/vectors/mutant_rules.txt
blocks=(itm dwt tpiu fpb sys etm)

# the configurations each block has vectors for (vector.txt "config" lines)
declare -A bcfgs
for b in "${blocks[@]}"; do
  bcfgs[$b]=$(sed -n 's/^config //p' vectors/"$b"/*/vector.txt | sort -u | tr '\n' ' ')
done

# mutant_blocks FILE: the blocks whose vectors are replayed on a mutant of FILE
mutant_blocks() {
  case "$1" in
    rtl/itm/*) echo "itm sys" ;; rtl/dwt/*) echo "dwt sys" ;; rtl/tpiu/*) echo "tpiu sys" ;;
    rtl/fpb/*) echo "fpb" ;; rtl/etm/*) echo "etm" ;; *) echo "${blocks[*]}" ;;
  esac
}
# home_blocks FILE: the blocks whose vectors must kill it (sys only for shared or top RTL)
home_blocks() {
  case "$1" in
    rtl/itm/*) echo itm ;; rtl/dwt/*) echo dwt ;; rtl/tpiu/*) echo tpiu ;; rtl/fpb/*) echo fpb ;;
    rtl/etm/*) echo etm ;;
    *) echo "${blocks[*]}" ;;
  esac
}
# bench BLOCK CFG: the replay bench's .vvp, as the Makefile names it
bench() { if [ "$1" = itm ]; then echo "build/vec/icarus/$2.vvp"; else echo "build/vec/icarus/$1-$2.vvp"; fi; }

# ---- one mutant: BUILD/vmut/NAME/result.txt, lines "BLOCK CFG VECTOR killed|survived" ----
if [ $mode = one ]; then
  name=$1
  line=$(grep -E "^$name(@[a-z]+)?\|" tests/mutants.txt | head -1)
  IFS='|' read -r _ file expr <<< "$line"
  dir=$vm/$name
  rm -rf "$dir"; mkdir -p "$dir"
  cp -r rtl "$dir/"
  for e in "$root"/*; do
    case "$(basename "$e")" in rtl|build) ;; *) ln -s "$e" "$dir/" ;; esac
  done
  before=$(md5sum < "$dir/$file")
  sed -i -E "$expr" "$dir/$file"
  if [ "$before" = "$(md5sum < "$dir/$file")" ]; then
    echo "ERROR mutant $name: the edit '$expr' did not change $file (stale mutant)"; exit 2
  fi
  targets=()
  for b in $(mutant_blocks "$file"); do
    for c in ${bcfgs[$b]}; do targets+=("$(bench "$b" "$c")"); done
  done
  if ! make -s --no-print-directory -C "$dir" BUILD=build "${targets[@]}" > "$dir/build.log" 2>&1; then
    echo "ERROR mutant $name: the replay benches do not compile:"; tail -20 "$dir/build.log"; exit 2
  fi
  mkdir -p "$dir/log"
  : > "$dir/result.tmp"
  for b in $(mutant_blocks "$file"); do
    for d in vectors/"$b"/*/; do
      d=${d%/}; id=$(basename "$d")
      c=$(sed -n 's/^config //p' "$d/vector.txt")
      log=$dir/log/$id.log; rc=0
      timeout 300 vvp -n "$dir/$(bench "$b" "$c")" +vec="$root/$d" > "$log" 2>&1 || rc=$?
      if grep -q '_replay_tb: MISMATCH' "$log"; then st=killed
      elif [ $rc = 0 ] && grep -q '_replay_tb: PASS' "$log"; then st=survived
      else echo "ERROR mutant $name: vector $id neither passed nor mismatched (exit $rc):"
           head -5 "$log"; exit 2; fi
      echo "$b $c $id $st" >> "$dir/result.tmp"
    done
  done
  mv "$dir/result.tmp" "$dir/result.txt"
  exit 0
fi

# ---- every mutant (or the named ones), JOBS at a time ------------------------------------
t0=$EPOCHREALTIME
want=("$@")
names=(); declare -A mfile mhash
while IFS= read -r line; do
  case "$line" in ''|'#'*) continue ;; esac
  IFS='|' read -r spec file _ <<< "$line"
  n=${spec%@*}
  if [ ${#want[@]} -gt 0 ] && ! printf '%s\n' "${want[@]}" | grep -qx "$n"; then continue; fi
  names+=("$n"); mfile[$n]=$file
  mhash[$n]=$(printf '%s' "$line" | md5sum | cut -c1-8)
done < tests/mutants.txt
if [ ${#names[@]} = 0 ]; then echo "vectors-mutate: no such mutant: ${want[*]}"; exit 2; fi
if [ ${#want[@]} -gt 0 ] && [ ${#names[@]} != ${#want[@]} ]; then
  echo "vectors-mutate: not every name is a mutant of tests/mutants.txt: ${want[*]}"; exit 2
fi
mkdir -p "$vm"
echo "vectors-mutate: ${#names[@]} mutants, the vectors of their blocks on Icarus ($jobs jobs)"
printf '%s\n' "${names[@]}" | xargs -P "$jobs" -I{} "$0" --one "$build" "$jobs" {} || {
  echo "vectors-mutate: a mutant could not be run (see above)"; exit 2; }

# equiv|toolong NAME BLOCK:CFG[,BLOCK:CFG...] WHY: the fault is absent or invisible there, or
# shows only after more cycles than a vector may have
declare -A equiv
while read -r kw n where _; do
  case "$kw" in equiv|toolong) ;; *) continue ;; esac
  for bc in ${where//,/ }; do equiv[$n.$bc]=$kw; done
done < "$notes"

# the proof, and the survivors per block and configuration
declare -A surv eqv lng
out=$vm/mutant_kills.txt
{
  echo "# Generated by make vectors-mutate (tests/vectors_mutate.sh); do not edit."
  echo "# Which conformance vectors kill each mutant of tests/mutants.txt, replayed under Icarus"
  echo "# on the mutated RTL: MUTANT HASH BLOCK CONFIG VECTOR... ('-': none). HASH is the first"
  echo "# 8 hex digits of the md5 of the mutant's catalogue line (without its newline): a"
  echo "# changed or new mutant needs a new run. The mutant's contract rules, and the"
  echo "# configurations where its fault cannot show, are in tests/vectors/mutant_rules.txt."
} > "$out"
bad=0; need=0
for n in "${names[@]}"; do
  home=" $(home_blocks "${mfile[$n]}") "
  for b in $(mutant_blocks "${mfile[$n]}"); do
    for c in ${bcfgs[$b]}; do
      k=$(awk -v b="$b" -v c="$c" '$1 == b && $2 == c && $4 == "killed" { printf " %s", $3 }' \
            "$vm/$n/result.txt")
      echo "$n ${mhash[$n]} $b $c${k:- -}" >> "$out"
      [[ $home == *" $b "* ]] || continue
      need=$((need + 1))
      if [ -n "${equiv[$n.$b:$c]:-}" ]; then
        if [ -n "$k" ]; then
          echo "FAIL $n is declared ${equiv[$n.$b:$c]} on $b:$c ($notes) but is killed there by$k"
          bad=$((bad + 1))
        fi
        if [ "${equiv[$n.$b:$c]}" = equiv ]; then eqv[$b:$c]+=" $n"; else lng[$b:$c]+=" $n"; fi
      elif [ -z "$k" ]; then surv[$b:$c]+=" $n"; bad=$((bad + 1)); fi
    done
  done
done
# shellcheck disable=SC2016 # the backquotes are Markdown
mdlist() { if [ $# = 0 ]; then echo "–"; else printf '`%s`, ' "$@" | sed 's/, $//'; fi; }
echo
echo "Mutants no vector kills, per block and configuration (the mutants of that block):"
echo
echo "| block | config | vectors | not killed | equivalent there | too long for a vector |"
echo "|---|---|--:|---|---|---|"
for b in "${blocks[@]}"; do
  for c in ${bcfgs[$b]}; do
    nv=$(grep -l "^config $c\$" vectors/"$b"/*/vector.txt | wc -l)
    # shellcheck disable=SC2086 # the lists are word lists
    echo "| $b | $c | $nv | $(mdlist ${surv[$b:$c]:-}) | $(mdlist ${eqv[$b:$c]:-}) | $(mdlist ${lng[$b:$c]:-}) |"
  done
done
echo
if [ ${#want[@]} = 0 ]; then
  cp "$out" "$proof"
  echo "vectors-mutate: wrote $proof"
elif [ $merge = 1 ]; then
  # the catalogue's order; a mutant run now takes its new lines, any other keeps its old ones
  { grep '^#' "$out"
    while IFS= read -r line; do
      case "$line" in ''|'#'*) continue ;; esac
      spec=${line%%|*}; n=${spec%@*}
      if printf '%s\n' "${names[@]}" | grep -qx "$n"; then src=$out; else src=$proof; fi
      awk -v n="$n" '$1 == n' "$src"
    done < tests/mutants.txt
  } > "$vm/merged.txt"
  mv "$vm/merged.txt" "$proof"
  echo "vectors-mutate: merged the lines of ${#names[@]} mutants into $proof"
fi
t=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%d", b - a }')
echo "vectors-mutate: ${#names[@]} mutants in $((t / 60))m$(printf %02d $((t % 60)))s"
echo "vectors-mutate: $((need - bad)) passed, $bad failed (mutant and configuration pairs of its block"
echo "                killed by a vector, or declared equivalent or too long; failed: neither)"
[ $bad = 0 ]
