#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Formal proofs (make formal, make formal-quick). Yosys 0.23 `read_verilog -formal` builds a
# model of each job's property wrapper (formal/*_props.sv around the RTL); SymbiYosys is not
# packaged in Debian 12, so this script drives the engines itself:
#   ind K   k-induction with yosys-smtbmc: the base case (every trace of K cycles from reset)
#           and the induction step of depth K; a proof for every reachable state. Solver
#           $SOLVER, default cvc4 (Debian's z3 4.8.12 hangs on these models and its boolector
#           1.5.118 does not read smtbmc's SMT-LIB2; README "Formal proofs").
#   pdr     IC3/PDR (yosys-abc `pdr` on the AIGER model): an unbounded proof that needs no
#           hand-written invariant, for the wrappers whose state is too wide for k-induction.
#   bmc N   every trace of N cycles from reset (yosys-abc `bmc3`): a bounded proof.
# A failed proof writes the counterexample as a VCD (BUILD_DIR/formal/JOB/cex.vcd) and names
# the assertions that fail in it.
#
# formal/jobs.txt lists the jobs, one per line:
#   NAME|GROUP|TOP|PROPS|RTL|PARAMS|METHOD|CONNECT
#   GROUP   quick (make test's formal stage and make formal) or full (make formal only)
#   TOP     the wrapper module; PROPS its file(s)
#   RTL     the RTL files, with $RTL_COMMON, $RTL_ITM, ... (the Makefile's lists)
#   PARAMS  NAME=VALUE ... of the wrapper (hierarchy -chparam)
#   METHOD  as above
#   CONNECT WIRE=PATH ...: Yosys 0.23 has no `bind`, so a wrapper reads the RTL's internal
#           state through undriven fv_* wires that are connected here, after `flatten`, to
#           the flattened instance's signals (`connect -set`); @mem(PATH,N,W) stands for the
#           N words of W bits of a memory, word i at [i*W +: W]. A missing PATH fails the job.
# Usage: formal/run.sh BUILD_DIR --quick | --all | JOB...
#        env: RTL_DIR (the tree the RTL is read from, default .), SOLVER, RTL_* file lists,
#        FORMAL_JOBS (another jobs file), FORMAL_NO_VCD=1 (name the failing assertions of a
#        counterexample but write no VCD: the smtbmc replay can take minutes).
# Prints one line per job and `N passed, M failed`.
set -u
build=$1; shift
solver=${SOLVER:-cvc4}
rtl_dir=${RTL_DIR:-.}
out=$build/formal
mkdir -p "$out"
root=$(pwd)
jobs=${FORMAL_JOBS:-$root/formal/jobs.txt}
case "${1:-}" in
  --quick) sel=quick; shift ;;
  --all)   sel=all; shift ;;
  '')      echo "usage: $0 BUILD_DIR --quick | --all | JOB..." >&2; exit 2 ;;
  *)       sel=names ;;
esac
want=" $* "

now() { date +%s.%N; }
fmt_t() { awk -v s="$1" 'BEGIN { if (s >= 60) printf "%dm%02ds", s / 60, s % 60; else printf "%.1fs", s }'; }

# A counterexample found by yosys-abc (cex.aiw, at frame F): Yosys' simulator replays it on the
# AIGER netlist to name the failing assertions; yosys-smtbmc replays it (BMC of F+2 steps,
# at most 10 minutes) to write the trace as a VCD with the design's signal names.
smt_model() { # DIR
  [ -f "$1/model.smt2" ] ||
    yosys -q -p "read_rtlil $1/model_prep.il; dffunmap; write_smt2 -wires $1/model.smt2" > /dev/null 2>&1
}
aig_model() { # DIR
  yosys -q -l "$1/aiger.log" -p "read_rtlil $1/model_prep.il; setundef -undriven -anyseq; \
    opt -fast; techmap; opt -fast; dffunmap; abc -g AND -fast; opt_clean; \
    write_rtlil $1/model_aig.il; write_aiger -zinit -map $1/model.aim $1/model.aig" > /dev/null 2>&1
}
cex_report() { # DIR FRAME
  local names
  yosys -q -l "$1/sim.log" -p "read_rtlil $1/model_aig.il; sim -clock clk_i -zinit \
    -r $1/cex.aiw -map $1/model.aim" > /dev/null 2>&1
  names=$(grep -o -E 'Assert [^ ]* ' "$1/sim.log" | sed -E 's/Assert [^.]*\.//' | sort -u | tr '\n' ' ')
  if [ -n "${FORMAL_NO_VCD:-}" ]; then echo "$names"; return; fi
  smt_model "$1"
  if timeout 600 yosys-smtbmc -s "$solver" -t $(($2 + 2)) --dump-vcd "$1/cex.vcd" "$1/model.smt2" \
       > "$1/cex.log" 2>&1 || grep -q 'Assert failed' "$1/cex.log"; then
    [ -n "$names" ] || names=$(grep -o -E 'Assert failed in [^ ]*: [^ ]*' "$1/cex.log" | sed 's/.*: //' | sort -u | tr '\n' ' ')
    echo "${names}(trace $1/cex.vcd)"
  else
    echo "${names}(no VCD: the replay took too long)"
  fi
}

passed=0; failed=0; t_all=$(now)
while IFS='|' read -r name group top props rtl params method connect; do
  case "$name" in ''|'#'*) continue ;; esac
  case $sel in
    quick) [ "$group" = quick ] || continue ;;
    names) [[ "$want" == *" $name "* ]] || continue ;;
  esac
  case $out in /*) d=$out/$name ;; *) d=$root/$out/$name ;; esac
  rm -rf "$d"; mkdir -p "$d"
  files=""
  for f in $(eval echo "$rtl"); do files="$files $rtl_dir/$f"; done
  chp=""; for p in $params; do chp="$chp -chparam ${p%%=*} ${p#*=}"; done
  con=""
  for c in $connect; do
    w=${c%%=*}; path=${c#*=}
    con="${con}select -assert-count 1 w:$w"$'\n'
    if [[ "$path" == @mem\(* ]]; then
      m=${path#@mem(}; m=${m%)}
      IFS=, read -r mp mn mw <<< "$m"
      for ((i = 0; i < mn; i++)); do
        con="${con}connect -set $w[$((i * mw + mw - 1)):$((i * mw))] \\$mp[$i]"$'\n'
      done
    else
      con="${con}connect -set $w $path"$'\n'
    fi
  done
  # An fv_* wire left undriven (not listed in CONNECT) fails the job; other undriven bits (a
  # memory read beyond a non-power-of-two depth) become free inputs (setundef -anyseq).
  # -DSYNTHESIS leaves out the RTL's own simulation assertions (CS_ASSERT): the wrappers state
  # what is proven. async2sync: the asynchronous reset takes effect at the clock edge.
  cat > "$d/model.ys" <<YS
read_verilog -sv -formal -DSYNTHESIS -DFORMAL -I$root/formal -I$rtl_dir/rtl/common -I$rtl_dir/rtl/itm -I$rtl_dir/rtl/fpb -I$rtl_dir/rtl/tpiu -I$rtl_dir/rtl/dwt $files $props
hierarchy -check -top $top $chp
proc
flatten
memory -nomap
memory_map
$con
prep -top $top
check
setundef -undriven -anyseq
check -assert
async2sync
write_rtlil $d/model_prep.il
YS
  t0=$(now)
  set -- $method
  kind=$1; k=${2:-0}
  res=PASS; why=""
  if ! (cd "$root" && yosys -q -l "$d/yosys.log" -s "$d/model.ys") > /dev/null 2>&1; then
    res=FAIL; why="yosys failed (log $d/yosys.log): $(grep -m1 -E 'ERROR' "$d/yosys.log")"
  elif grep -q -E 'Wire [^ ]*\.fv_[^ ]* is used but has no driver' "$d/yosys.log"; then
    res=FAIL; why="an fv_* wire is not connected: $(grep -m1 -o -E 'Wire [^ ]*\.fv_[^ ]*' "$d/yosys.log")"
  elif [ "$kind" = ind ]; then
    smt_model "$d"
    if ! yosys-smtbmc -s "$solver" -t "$k" --dump-vcd "$d/cex.vcd" "$d/model.smt2" \
         > "$d/bmc.log" 2>&1; then
      res=FAIL
      why="base case fails (trace $d/cex.vcd): $(grep -E 'Assert failed|rror' "$d/bmc.log" | sort -u | tr '\n' ' ')"
    elif ! yosys-smtbmc -s "$solver" -i -t "$k" --dump-vcd "$d/step.vcd" "$d/model.smt2" \
         > "$d/ind.log" 2>&1; then
      res=FAIL
      why="induction step fails at k=$k (trace $d/step.vcd): $(grep -E 'Assert failed|rror' "$d/ind.log" | sort -u | tr '\n' ' ')"
    fi
  else
    aig_model "$d"
    if [ "$kind" = pdr ]; then eng="pdr"; else eng="bmc3 -F $k"; fi
    yosys-abc -c "read_aiger $d/model.aig; fold; strash; $eng; write_cex -a $d/cex.aiw" \
      > "$d/abc.log" 2>&1
    if grep -q -E 'was asserted' "$d/abc.log"; then
      res=FAIL
      f=$(grep -m1 -o -E 'was asserted in frame [0-9]+' "$d/abc.log" | grep -o -E '[0-9]+$')
      why="counterexample from reset, $((f + 1)) cycles; fails: $(cex_report "$d" "$f")"
    elif [ "$kind" = pdr ] && grep -q -E 'Property proved' "$d/abc.log"; then
      :
    elif [ "$kind" = bmc ] && grep -q -E 'No output asserted in [0-9]+ frames' "$d/abc.log"; then
      :
    else
      res=FAIL; why="no result (log $d/abc.log): $(tail -1 "$d/abc.log")"
    fi
  fi
  secs=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { print b - a }')
  # An induction step that fails may be a real bug or too weak an invariant: look for a
  # counterexample from reset with BMC (yosys-abc bmc3, 30 cycles).
  if [ $res = FAIL ] && [ "$kind" = ind ] && [ -f "$d/model.smt2" ] && [[ "$why" == induction* ]]; then
    aig_model "$d"
    yosys-abc -c "read_aiger $d/model.aig; fold; strash; bmc3 -F 30; write_cex -a $d/cex.aiw" \
      > "$d/abc.log" 2>&1
    if grep -q 'was asserted' "$d/abc.log"; then
      f=$(grep -m1 -o -E 'was asserted in frame [0-9]+' "$d/abc.log" | grep -o -E '[0-9]+$')
      why="$why; a counterexample from reset, $((f + 1)) cycles, fails: $(cex_report "$d" "$f")"
    else
      why="$why; no counterexample from reset within 30 cycles"
    fi
  fi
  case $kind in
    ind) m="k-induction, k=$k" ;;
    pdr) m="IC3/PDR, unbounded" ;;
    *)   m="BMC, depth $k" ;;
  esac
  printf '  %-4s %-22s %-20s %-40s (%s)\n' "$res" "$name" "$m" "${params:--}" "$(fmt_t "$secs")"
  if [ $res = PASS ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "       $why"; fi
done < "$jobs"
total=$(awk -v a="$t_all" -v b="$(now)" 'BEGIN { print b - a }')
echo "formal: $((passed + failed)) jobs in $(fmt_t "$total") (k-induction: $solver; IC3 and BMC: yosys-abc)"
echo "formal: $passed passed, $failed failed"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
