#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Replays conformance vectors (vectors/README.md) on an RTL implementation under Icarus
# Verilog, in one command: for each vector it reads vector.txt (the block line gives the bench
# and the top, the param lines the parameters), compiles the block's replay bench
# tests/vectors/BLOCK_replay_tb.sv with those parameters around the module under test
# (-DDUT=NAME), once per block, parameter set and source list, and runs the vectors at the
# chosen level.
#
#   tests/vectors/replay.sh [OPTIONS] VECTOR_DIR...
#
#   tests/vectors/replay.sh vectors/itm                        # our RTL, every ITM vector
#   tests/vectors/replay.sh --level transaction --dut my_itm \
#       --rtl my/my_itm.sv vectors/itm/itm-0001-stim-byte-basic  # yours, with itm_top's ports
#
# Options:
#   --level cycle|transaction  cycle (default): every output equals outputs.hex in every
#                      cycle; transaction: what the interfaces define (vectors/README.md
#                      "Transaction level")
#   --dut NAME         the module under test (default the block's top: itm_top, dwt_top,
#                      tpiu_top, fpb_top, trace_top, etm_top); it needs that top's ports and
#                      parameters
#   --rtl FILE         a source file of the DUT (repeatable, in compile order); without --rtl
#                      and -f, this repository's RTL of the block
#   -f FILE            a file list: one source a line, "-I DIR" or "+incdir+DIR" lines add
#                      include directories, "#" starts a comment
#   -I DIR             an include directory (repeatable; the directories of the sources are
#                      always searched)
#   --lat N            transaction level: the latency bound of the event streams (default 16)
#   --evt-shift S      transaction level: the per-access pulses come S cycles after the
#                      contract's cycle (default 0)
#   --plusarg ARG      pass +ARG to vvp (repeatable), e.g. --plusarg events=FILE
#   --build DIR        where the compiled benches and the logs go (default build/replay)
#   -j N               simulations run in parallel (default 1)
#   -q                 print only failures and the summary
#   -h, --help         this text
# A VECTOR_DIR that holds vector directories (vectors/itm) stands for all of them.
# Output: "PASS ID" or "FAIL ID" per vector (a failure with its first messages; the whole log
# is BUILD/log/LEVEL-BLOCK-KEY.log), then "replay: N passed, M failed". Exit status 0 when every
# vector passed, 1 when one failed, 2 on a usage or compile error.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

usage() { sed -n '3,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
die() { echo "replay.sh: $*" >&2; exit 2; }

level=cycle; dut=""; lat=16; evt_shift=0; build=$root/build/replay; jobs=1; quiet=0
srcs=(); incs=(); plusargs=(); vecs=()
while [ $# -gt 0 ]; do
  case $1 in
    --level) level=${2:?}; shift 2 ;;
    --dut) dut=${2:?}; shift 2 ;;
    --rtl) srcs+=("$(readlink -f "${2:?}")"); shift 2 ;;
    -f)
      [ -f "${2:?}" ] || die "-f $2: no such file"
      fdir=$(cd "$(dirname "$2")" && pwd)
      while read -r a b; do
        case $a in
          ''|'#'*) ;;
          -I) incs+=("$(cd "$fdir" && readlink -f "$b")") ;;
          +incdir+*) incs+=("$(cd "$fdir" && readlink -f "${a#+incdir+}")") ;;
          *) srcs+=("$(cd "$fdir" && readlink -f "$a")") ;;
        esac
      done < "$2"
      shift 2 ;;
    -I) incs+=("$(readlink -f "${2:?}")"); shift 2 ;;
    -I*) incs+=("$(readlink -f "${1#-I}")"); shift ;;
    --lat) lat=${2:?}; shift 2 ;;
    --evt-shift) evt_shift=${2:?}; shift 2 ;;
    --plusarg) plusargs+=("+${2#+}"); shift 2 ;;
    --build) build=$(readlink -m "${2:?}"); shift 2 ;;
    -j) jobs=${2:?}; shift 2 ;;
    -q) quiet=1; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) usage >&2; die "unknown option $1" ;;
    *) vecs+=("$1"); shift ;;
  esac
done
case $level in cycle|transaction) ;; *) die "--level $level: expected cycle or transaction" ;; esac
[ ${#vecs[@]} -gt 0 ] || { usage >&2; die "no vector directory given"; }
for f in "${srcs[@]}"; do [ -f "$f" ] || die "$f: no such file"; done
if ! command -v iverilog > /dev/null || ! command -v vvp > /dev/null; then
  die "needs Icarus Verilog (iverilog, vvp)"
fi

# the vector directories (absolute, so that the run may start anywhere)
dirs=()
for v in "${vecs[@]}"; do
  if [ -f "$v/vector.txt" ]; then dirs+=("$(readlink -f "$v")")
  elif [ -d "$v" ]; then
    mapfile -t sub < <(find "$v" -mindepth 2 -maxdepth 3 -name vector.txt -printf '%h\n' | sort)
    [ ${#sub[@]} -gt 0 ] || die "$v: no vector.txt in it or below it"
    for d in "${sub[@]}"; do dirs+=("$(readlink -f "$d")"); done
  else die "$v: not a vector directory"; fi
done

cd "$root" || exit 2
mkdir -p "$build/vvp" "$build/log" || exit 2

# this repository's RTL of a block, one file a line, in compile order (the Makefile's lists)
blk_rtl() {
  echo "rtl/$1/$1_pkg.sv"
  find "rtl/$1" -maxdepth 1 -name '*.sv' ! -name "$1_pkg.sv" | LC_ALL=C sort
}
our_rtl() {
  echo rtl/common/cs_pkg.sv
  [ "$1" = dwt ] || echo rtl/common/cs_fifo.sv
  case $1 in
    sys) for b in itm fpb tpiu dwt etm; do blk_rtl $b; done
         echo rtl/common/cs_funnel.sv; echo rtl/top/trace_top.sv ;;
    *) blk_rtl "$1" ;;
  esac
}
declare -A top_of=([itm]=itm_top [dwt]=dwt_top [tpiu]=tpiu_top [fpb]=fpb_top [sys]=trace_top
                   [etm]=etm_top)

# group the vectors by block and parameters: one compiled bench per group
declare -A gvecs gblock gparams
groups=()
declare -A gid
while IFS=$'\t' read -r d b p; do
  [ -n "${top_of[$b]:-}" ] || die "$d: block '$b' has no bench"
  g=${gid["$b $p"]:-}
  if [ -z "$g" ]; then
    g=${#groups[@]}; gid["$b $p"]=$g; groups+=("$g"); gblock[$g]=$b; gparams[$g]=$p
  fi
  gvecs[$g]+="$d"$'\n'
done < <(for d in "${dirs[@]}"; do echo "$d/vector.txt"; done | xargs -d '\n' awk '
  FNR == 1 {
    if (f != "") print f "\t" b "\t" p
    f = FILENAME; sub("/vector.txt$", "", f); b = ""; p = ""
  }
  $1 == "block" { b = $2 }
  $1 == "param" { p = p $2 "=" $3 " " }
  END { if (f != "") print f "\t" b "\t" p }')

compile() { # GROUP -> the path of its .vvp on stdout, or exit 2
  local g=$1 b=${gblock[$1]} tb name v key vvp out
  local -a s i P
  tb=tests/vectors/${b}_replay_tb.sv
  if [ ${#srcs[@]} -gt 0 ]; then s=("${srcs[@]}"); else mapfile -t s < <(our_rtl "$b"); fi
  i=(-Itests/vectors)
  if [ ${#srcs[@]} -eq 0 ]; then for x in common itm fpb tpiu dwt etm; do i+=("-Irtl/$x"); done; fi
  for x in "${incs[@]}"; do i+=("-I$x"); done
  for x in "${s[@]}"; do i+=("-I$(dirname "$x")"); done
  P=()
  for v in ${gparams[$g]}; do P+=(-P "${b}_replay_tb.$v"); done
  name=${dut:-${top_of[$b]}}
  key=$( { echo "$name ${P[*]} ${i[*]} ${s[*]}"; cat "$tb" tests/vectors/vec_replay.svh "${s[@]}"; } |
        md5sum | cut -c1-16)
  vvp=$build/vvp/$b-$key.vvp
  if [ ! -f "$vvp" ]; then
    if ! out=$(iverilog -g2012 -DDUT="$name" "${i[@]}" -s "${b}_replay_tb" "${P[@]}" \
                 -o "$vvp.tmp" "$tb" "${s[@]}" 2>&1); then
      echo "$out" | grep -v -E 'sorry: (constant selects|Case unique)' >&2
      echo "replay.sh: compiling the $b bench around $name failed (${gparams[$g]})" >&2
      return 2
    fi
    mv "$vvp.tmp" "$vvp"
  fi
  echo "$vvp"
}

# compile every group, then run each group's vectors in one simulation (+vecs)
declare -A gvvp
for g in "${groups[@]}"; do gvvp[$g]=$(compile "$g") || exit 2; done
logof() { echo "$build/log/$level-$(basename "${gvvp[$1]}" .vvp)"; }  # GROUP -> log (no .log)
run() { # GROUP
  local g=$1 l
  l=$(logof "$g")
  printf '%s' "${gvecs[$g]}" > "$l.list"
  vvp -n "${gvvp[$g]}" +vecs="$l.list" +level="$level" +lat="$lat" +evt_shift="$evt_shift" \
    "${plusargs[@]}" > "$l.log" 2>&1
}
for g in "${groups[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  run "$g" &
done
wait

# report: the bench prints each vector's messages, then its PASS or FAIL line
pass=0; fail=0
for g in "${groups[@]}"; do
  log=$(logof "$g").log
  b=${gblock[$g]}
  out=$(awk -v tb="${b}_replay_tb:" -v quiet=$quiet '
    $1 == tb && ($2 == "PASS" || $2 == "FAIL") {
      n = split($3, p, "/"); id = p[n]
      if ($2 == "PASS") { if (!quiet) print "PASS " id; npass++ }
      else {
        print "FAIL " id; nfail++
        for (i = 1; i <= nb && i <= 12; i++) print "  " buf[i]
      }
      nb = 0; next
    }
    $1 == tb && $3 == "passed," { next }
    { buf[++nb] = $0 }
    END { printf "#counts %d %d\n", npass, nfail }' "$log")
  grep -v '^#counts' <<< "$out"
  read -r _ np nf <<< "$(grep '^#counts' <<< "$out")"
  pass=$((pass + np)); fail=$((fail + nf))
  nvec=$(printf '%s' "${gvecs[$g]}" | grep -c .)
  if [ $((np + nf)) -ne "$nvec" ]; then
    echo "replay.sh: the $b bench stopped after $((np + nf)) of $nvec vectors ($log):"
    tail -5 "$log" | sed 's/^/  /'
    fail=$((fail + nvec - np - nf))
  fi
done
what="DUT ${dut:-of each block: its top}"
if [ ${#srcs[@]} -gt 0 ]; then what+=" from your sources"
else what+=" from this repository's RTL"; fi
echo "replay: $pass passed, $fail failed ($level level, $what)"
[ "$fail" = 0 ]
