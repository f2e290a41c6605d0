#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks the committed conformance vectors (vectors/README.md) of every block (itm, dwt,
# tpiu, fpb, sys, etm), in nine stages:
#   regen     the golden model, rerun now, produces exactly the committed vectors/
#   coverage  every contract rule a vector can show (ITM, DWT, TPIU, FPB) is in some
#             vector's rules, the others are in tests/vectors/unshown.txt with the reason;
#             every row of docs/rule-coverage.md names existing vectors, each of them killing
#             a mutant of the row's rules (tests/vectors/rule_proof.py); every ITM packet
#             form, every configuration with a block, every TPIU port mode has a vector; no
#             reserved hardware-source encoding outside the "-reserved-hw-" vectors
#   verilator every vector's stimulus in lockstep on the Verilated trace_top of its
#             configuration (vecreplay: ports, streams and records equal to the vector's files)
#   icarus    every vector through its block's replay bench (tests/vectors/*_replay_tb.sv)
#             under Icarus Verilog at the cycle level, each bench compiled once per block
#             and configuration and replaying all its vectors in one simulation (+vecs)
#   transaction  the same at the transaction level (+level=transaction)
#   variants  the transaction level proven on changed copies of our ITM, made in
#             build/vec/variants/ (tests/vectors/variants.py): an APB-legal one and one with
#             more ATB latency pass it where they must, one with late PRDATA fails it
#   decoder   the harness's packet decoder turns every stream.bin into packets.txt; tracedump
#             turns every pin capture into the packets of idpackets.txt (packets.txt in bypass);
#             ETM: tracedump decodes every ETM stream.bin into its packets.txt, OpenCSD's
#             ETMv4 packet processor finds the same packets (tests/opencsd/etm_pkt_check.py),
#             and the stream of each synthetic program (tests/vectors/random/etm-*) equals
#             the run of etm_decode that OpenCSD decodes back to the program's retired path
#   gts       every GTS packet equals its hand derivation in tests/vectors/gts_by_hand.txt
#   sigrok    sigrok-cli --show opens every .sr capture with the vector's sample count
#             (skipped, and said so, without sigrok-cli)
# Usage: tests/vectors_check.sh BUILD_DIR JOBS NAME:P,F,H,T,G...
# (BUILD_DIR/opencsd/etm_decode must exist: the Makefile builds it first)
set -u
build=$1; jobs=$2; shift 2
cfgspecs=("$@")
vb=$build/vec
blocks=(itm dwt tpiu fpb sys etm)
failed_stages=0

now() { echo "$EPOCHREALTIME"; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }
report() { # STAGE PASS FAIL T0 [NOTE]
  echo "vectors $1: $2 passed, $3 failed ($(since "$4"))${5:+, $5}"
  if [ "$3" != 0 ]; then failed_stages=$((failed_stages + 1)); fi
}
cfg_of() { sed -n 's/^config //p' "$1/vector.txt" | head -1; }

declare -A bdirs # block -> its vector directories
dirs=()
for b in "${blocks[@]}"; do
  mapfile -t d < <(find "vectors/$b" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | sort)
  if [ ${#d[@]} = 0 ]; then echo "vectors: no vectors in vectors/$b (run make vectors)"; exit 1; fi
  bdirs[$b]="${d[*]}"
  dirs+=("${d[@]}")
done
declare -A dcfg # directory -> configuration
for d in "${dirs[@]}"; do dcfg[$d]=$(cfg_of "$d"); done

# ---- regen ----------------------------------------------------------------------------
t0=$(now); pass=0; fail=0
gen=$vb/gen
if ! tests/vectors_gen.sh "$vb/vecgen" "$gen" "${cfgspecs[@]}" > "$vb/gen.log" 2>&1; then
  cat "$vb/gen.log"; fail=1
else
  for b in "${blocks[@]}"; do
    for d in "$gen/$b"/*/; do
      id=$(basename "$d")
      if diff -rq "vectors/$b/$id" "$d" > /dev/null 2>&1; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
    done
    if cmp -s "vectors/$b/index.txt" "$gen/$b/index.txt"; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
  done
  if cmp -s vectors/README.md "$gen/README.md"; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
  if [ $fail != 0 ] || ! diff -rq vectors "$gen" > /dev/null 2>&1; then
    first=$(diff -rq vectors "$gen" 2>&1 | head -1)
    [ $fail = 0 ] && fail=1
    echo "FAIL the committed vectors differ from what the golden model produces now."
    echo "     first difference: $first"
    echo "     If the change is intended, run 'make vectors', review 'git diff vectors/', commit."
  fi
fi
report regen $pass $fail "$t0"

# ---- coverage -------------------------------------------------------------------------
t0=$(now); pass=0; fail=0
lists=(tests/vectors/vectors.list tests/vectors/dwt.list tests/vectors/tpiu.list
       tests/vectors/fpb.list tests/vectors/sys.list tests/vectors/etm.list)
unshown=tests/vectors/unshown.txt
rules=$(cat "${lists[@]}" | grep -v '^#' | awk 'NF >= 4 { for (i = 4; i <= NF; i++) print $i }' | sort -u)
# ITM: every contract rule in a vector (as before the other blocks had vectors)
for r in $(grep -o 'ITM-[A-Z]*-[0-9][0-9]*' docs/itm-contract.md | sort -u); do
  if grep -qx -- "$r" <<< "$rules"; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL coverage: contract rule $r has no vector (tests/vectors/vectors.list)"; fi
done
# DWT, TPIU, FPB, ETM: every rule of the contract in a vector, or in unshown.txt with the reason
# (the lookups are bash arrays: one grep per contract, none per rule)
declare -A inlist unshown_r known
for r in $rules; do inlist[$r]=1; done
while read -r r why; do
  case "$r" in ''|'#'*) continue ;; esac
  [ -n "$why" ] && unshown_r[$r]=1
done < "$unshown"
nshow=0
for bp in dwt:DWT tpiu:TPIU fpb:FPB etm:ETM; do
  doc=docs/${bp%%:*}-contract.md; p=${bp#*:}
  for r in $(grep -o "\[$p-[A-Z0-9]*\(-[A-Z0-9]\+\)*\]" "$doc" | tr -d '[]' | sort -u); do
    known[$r]=1
    if [ -n "${inlist[$r]:-}" ] && [ -n "${unshown_r[$r]:-}" ]; then
      fail=$((fail + 1)); echo "FAIL coverage: $r is in $unshown but vectors show it"
    elif [ -n "${inlist[$r]:-}" ]; then pass=$((pass + 1))
    elif [ -n "${unshown_r[$r]:-}" ]; then pass=$((pass + 1)); nshow=$((nshow + 1))
    else fail=$((fail + 1)); echo "FAIL coverage: contract rule $r ($doc) has no vector and no reason in $unshown"; fi
  done
done
for r in "${!unshown_r[@]}" "${!inlist[@]}"; do
  case "$r" in DWT-*|TPIU-*|FPB-*|ETM-*) ;; *) continue ;; esac
  [ -n "${known[$r]:-}" ] || { fail=$((fail + 1)); echo "FAIL coverage: $r (a list or $unshown) is no rule of the contracts"; }
done
# every row of every table of docs/rule-coverage.md names a vector that exists, or says why not
idre='(itm|dwt|tpiu|fpb|sys|etm)-[0-9]{4}-[a-z0-9-]*[a-z0-9]'
while IFS= read -r row; do
  rest=$row; ids=(); ok=1
  while [[ $rest =~ $idre ]]; do ids+=("${BASH_REMATCH[0]}"); rest=${rest#*"${BASH_REMATCH[0]}"}; done
  if [ ${#ids[@]} = 0 ]; then
    if [[ $row == *'no vector'* ]]; then pass=$((pass + 1)); continue; fi
    fail=$((fail + 1)); echo "FAIL coverage: docs/rule-coverage.md row without a vector: ${row:0:90}"
    continue
  fi
  for id in "${ids[@]}"; do
    if [ ! -d "vectors/${id%%-*}/$id" ]; then ok=0; echo "FAIL coverage: docs/rule-coverage.md names $id, not in vectors/"; fi
  done
  if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done < <(sed '/^## Mutants/,$d' docs/rule-coverage.md | grep -E '^\| ' | grep -vE '^\| *(spec rule|table|---)')
# ... and cites only vectors that kill a mutant of the row's rules: the proof of the last make
# vectors-mutate run (tests/vectors/mutant_kills.txt), current with tests/mutants.txt
out=$(python3 tests/vectors/rule_proof.py 2>&1)
s=$(grep '^[0-9]* passed, [0-9]* failed$' <<< "$out")
grep -v '^[0-9]* passed, [0-9]* failed$' <<< "$out"
if [ -z "$s" ]; then fail=$((fail + 1)); else
  pass=$((pass + $(awk '{ print $1 }' <<< "$s"))); fail=$((fail + $(awk '{ print $3 }' <<< "$s"))); fi
forms=$(cat vectors/itm/*/vector.txt | sed -n 's/^forms //p' | tr ' ' '\n' | sort -u)
for f in SYNC OVF EXT INST1 INST2 INST4 HW1 HW2 HW4 LTS-short LTS-long-1 LTS-long-2 LTS-long-3 \
         GTS1-1 GTS1-2 GTS1-3 GTS1-4 GTS1-full GTS1-full-clkch GTS2-48 GTS2-64; do
  if grep -qx -- "$f" <<< "$forms"; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL coverage: no ITM vector has a packet of form $f"; fi
done
need=()
for spec in "${cfgspecs[@]}"; do need+=("itm:${spec%%:*}"); done
need+=(dwt:full dwt:dwt dwt:dwtmin tpiu:full fpb:base fpb:min fpb:max sys:full etm:full etm:etmx etm:etmspec)
for bc in "${need[@]}"; do
  if grep -q "^config ${bc#*:}\$" vectors/"${bc%%:*}"/*/vector.txt; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL coverage: no ${bc%%:*} vector for configuration ${bc#*:}"; fi
done
# the TPIU's port modes: NRZ and Manchester at SWOSCALER 0..3, parallel at sizes 1, 2, 4,
# formatted and bypass
modes=$(cat vectors/tpiu/*/vector.txt | sed -n 's/^capture [a-z]* [^ ]* [^ ]* //p')
for m in "nrz 1 " "nrz 2 " "nrz 3 " "nrz 4 " "manchester 1 " "manchester 2 " "manchester 3 " \
         "manchester 4 " "parallel 1 " "parallel 2 " "parallel 4 " " formatted" " bypass"; do
  if grep -q -- "$m" <<< "$modes"; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL coverage: no TPIU vector captures the port mode '$m'"; fi
done
# hardware-source packets: architected DWT encodings only, but in the "-reserved-hw-" set
if out=$(python3 tests/vectors/hwsrc_check.py --self-test 2>&1); then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "$out"; fi
mapfile -t pdirs < <(for d in "${dirs[@]}"; do
  case $d in */etm-*) ;; *) [ -f "$d/packets.txt" ] && echo "$d" ;; esac; done)
out=$(python3 tests/vectors/hwsrc_check.py "${pdirs[@]}" 2>&1)
s=$(grep '^[0-9]* passed, [0-9]* failed$' <<< "$out")
grep -v '^[0-9]* passed, [0-9]* failed$' <<< "$out"
if [ -z "$s" ]; then fail=$((fail + 1)); else
  pass=$((pass + $(awk '{ print $1 }' <<< "$s"))); fail=$((fail + $(awk '{ print $3 }' <<< "$s"))); fi
report coverage $pass $fail "$t0" "$nshow rules no vector can show ($unshown)"

# ---- verilator ------------------------------------------------------------------------
t0=$(now); pass=0; fail=0
cfgs=$(for d in "${dirs[@]}"; do echo "${dcfg[$d]}"; done | sort -u)
rm -f "$vb"/replay-*.log
for c in $cfgs; do
  sel=()
  for d in "${dirs[@]}"; do [ "${dcfg[$d]}" = "$c" ] && sel+=("$d"); done
  echo "$c ${sel[*]}"
done | xargs -P "$jobs" -L 1 bash -c 'c=$1; shift; "'"$vb"'/$c/vecreplay" --quiet "$@" > "'"$vb"'/replay-$c.log" 2>&1' _
for c in $cfgs; do
  log=$vb/replay-$c.log
  grep -v '^vecreplay: [0-9]* passed' "$log" | sed "s/^/[$c] /"
  s=$(grep -o '^vecreplay: [0-9]* passed, [0-9]* failed' "$log" | tail -1)
  if [ -z "$s" ]; then fail=$((fail + 1)); echo "FAIL [$c] vecreplay did not finish"; continue; fi
  pass=$((pass + $(awk '{ print $2 }' <<< "$s"))); fail=$((fail + $(awk '{ print $4 }' <<< "$s")))
done
rm -f "$vb"/replay-*.log
report verilator $pass $fail "$t0"

# ---- icarus, transaction -------------------------------------------------------------
# The ITM's bench is build/vec/icarus/CONFIG.vvp, the others' BLOCK-CONFIG.vvp; each runs the
# vectors of its configuration in one simulation, printing "BLOCK_replay_tb: PASS DIR (...)"
# or FAIL per vector after that vector's messages.
declare -A dvvp # directory -> the name of its bench
for d in "${dirs[@]}"; do
  b=${d%/*}; b=${b##*/}
  if [ "$b" = itm ]; then dvvp[$d]=${dcfg[$d]}; else dvvp[$d]=$b-${dcfg[$d]}; fi
done
icarus_stage() { # LEVEL STAGE
  local level=$1 stage=$2 t0 pass=0 fail=0 d id log
  t0=$(now)
  mkdir -p "$vb/icarus/log"; rm -f "$vb/icarus/log/$level-"*
  for d in "${dirs[@]}"; do echo "$d" >> "$vb/icarus/log/$level-${dvvp[$d]}.list"; done
  for f in "$vb/icarus/log/$level-"*.list; do basename "$f" .list; done |
    xargs -P "$jobs" -L 1 bash -c 'vb=$1 level=$2 n=$3
      vvp -n "$vb/icarus/${n#*-}.vvp" +vecs="$vb/icarus/log/$n.list" +level="$level" \
        > "$vb/icarus/log/$n.log" 2>&1' _ "$vb" "$level"
  for d in "${dirs[@]}"; do
    id=${d##*/}; log=$vb/icarus/log/$level-${dvvp[$d]}.log
    if grep -q -F "_replay_tb: PASS $d (" "$log"; then pass=$((pass + 1)); else
      fail=$((fail + 1)); echo "FAIL $stage $id:"
      # its messages: the lines after the verdict of the vector before it
      awk -v d="$d" '
        $2 == "PASS" || $2 == "FAIL" {
          if ($3 != d) { n = 0; next }
          for (i = 0; i < n; i++) print "  " buf[i]
          print "  " $0; found = 1; exit
        }
        { if (n < 20) buf[n++] = $0 }
        END { if (!found) print "  (no verdict: the bench stopped, " FILENAME ")" }' "$log"
    fi
  done
  report "$stage" $pass $fail "$t0"
}
icarus_stage cycle icarus
icarus_stage transaction transaction

# ---- variants -------------------------------------------------------------------------
t0=$(now)
out=$(python3 tests/vectors/variants.py "$build" "$jobs" 2>&1)
grep -v '^variants: [0-9]* passed, [0-9]* failed$' <<< "$out"
s=$(grep '^variants: [0-9]* passed, [0-9]* failed$' <<< "$out")
if [ -z "$s" ]; then pass=0; fail=1; else
  pass=$(awk '{ print $2 }' <<< "$s"); fail=$(awk '{ print $4 }' <<< "$s"); fi
report variants "$pass" "$fail" "$t0"

# ---- decoder --------------------------------------------------------------------------
t0=$(now); pass=0; fail=0
for d in "${dirs[@]}"; do
  [ -f "$d/stream.bin" ] || continue
  case $d in */etm-*) continue ;; esac # ETMv4 packets: below
  got=$("$vb/pktdump" "$d/stream.bin")
  want=$(grep -v '^#' "$d/packets.txt" | cut -f2-)
  if [ "$got" = "$want" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL decoder $(basename "$d"): pktdump stream.bin differs from packets.txt:"
    diff <(echo "$want") <(echo "$got") | head -6
  fi
done
# shellcheck disable=SC2086 # the directory lists are word lists
out=$(tests/vectors/decode_check.py "$build/decode/tracedump" ${bdirs[tpiu]} ${bdirs[sys]} 2>&1)
grep -v '^decode: ' <<< "$out"
s=$(grep -o '^decode: [0-9]* passed, [0-9]* failed' <<< "$out")
if [ -z "$s" ]; then fail=$((fail + 1)); else
  pass=$((pass + $(awk '{ print $2 }' <<< "$s"))); fail=$((fail + $(awk '{ print $4 }' <<< "$s")))
fi
# ETM: tracedump's ETMv4 packets of every stream.bin = the PACKET column of packets.txt;
# each synthetic program's stream (its scenario's header names the etm_decode run) equals
# that run, which etm_decode has just decoded with OpenCSD back to the retired path (exit 0
# only then); OpenCSD's packet processor finds tracedump's packets in every stream
# (etm_pkt_check.py, on the runs' and the directed vectors' streams, named as --pkt-out
# names them).
ed=$build/opencsd/etm_decode
pk=$vb/etm-pkt; rm -rf "$pk"; mkdir -p "$pk"
for d in ${bdirs[etm]}; do
  id=${d##*/}
  want=$(grep -v '^#' "$d/packets.txt" | cut -f3)
  got= # an empty stream (a register vector): no packets, nothing for tracedump to read
  [ -s "$d/stream.bin" ] && got=$("$build/decode/tracedump" --bytes --bypass --etm "$d/stream.bin" 2>&1)
  if [ "$got" = "$want" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL decoder $id: tracedump --etm stream.bin differs from packets.txt:"
    diff <(echo "$want") <(echo "$got") | head -6
  fi
  run=; seed=; nev=
  read -r run seed nev < <(sed -n 's/^#   etm_decode --only \([^ ]*\) --seed \([0-9]*\) --events \([0-9]*\) .*/\1 \2 \3/p' \
                           "$d/stimulus.scn")
  if [ -n "$run" ]; then # a synthetic program: OpenCSD decoded its run back to the path
    if out=$("$ed" --only "$run" --seed "$seed" --events "$nev" --pkt-out "$pk" 2>&1) &&
       cmp -s "$pk/$run-$seed.bin" "$d/stream.bin"; then pass=$((pass + 1)); else
      fail=$((fail + 1))
      echo "FAIL decoder $id: stream.bin is not etm_decode's run $run seed $seed ($nev events) that OpenCSD decodes to the path:"
      echo "$out" | tail -3; cmp "$pk/$run-$seed.bin" "$d/stream.bin" 2>&1 | head -1
    fi
  else # a directed vector: OpenCSD's packets of its stream, for etm_pkt_check.py below
    cfgr=$(sed -n 's/^write 0x41010 \(0x[0-9A-Fa-f]*\|[0-9]*\).*/\1/p' "$d/stimulus.scn" | tail -1)
    qopt=(); grep -q '^param QSupp 1$' "$d/vector.txt" && qopt=(--q) # TRCIDR0.QSUPP for OpenCSD
    if "$ed" --pkts-of "$d/stream.bin" --configr "${cfgr:-0}" "${qopt[@]}" > "$pk/vec-$id.ocsd" \
         2> "$pk/vec-$id.err"; then
      cp "$d/stream.bin" "$pk/vec-$id.bin"; pass=$((pass + 1))
    else
      fail=$((fail + 1)); echo "FAIL decoder $id: OpenCSD's packet processor:"; head -3 "$pk/vec-$id.err"
    fi
  fi
done
# every ETM stream: OpenCSD's packets = tracedump's (type, fields, offset)
if out=$(tests/opencsd/etm_pkt_check.py "$build/decode/tracedump" "$pk" 2>&1); then
  pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL decoder: OpenCSD's ETMv4 packets differ from tracedump's:"
  echo "$out" | tail -8
fi
report decoder $pass $fail "$t0"

# ---- gts ------------------------------------------------------------------------------
t0=$(now); pass=0; fail=0
mapfile -t idirs < <(for d in "${dirs[@]}"; do case $d in */itm-*) echo "$d" ;; esac; done)
out=$(python3 tests/vectors/gts_check.py tests/vectors/gts_by_hand.txt "${idirs[@]}" 2>&1)
grep -v '^[0-9]* passed, [0-9]* failed$' <<< "$out"
s=$(grep '^[0-9]* passed, [0-9]* failed$' <<< "$out")
if [ -z "$s" ]; then fail=1; else pass=$(awk '{ print $1 }' <<< "$s"); fail=$(awk '{ print $3 }' <<< "$s"); fi
report gts $pass $fail "$t0"

# ---- sigrok ---------------------------------------------------------------------------
t0=$(now); pass=0; fail=0
mapfile -t srs < <(for d in "${dirs[@]}"; do ls "$d"/*.sr 2>/dev/null; done)
if ! command -v sigrok-cli > /dev/null; then
  report sigrok 0 0 "$t0" "skipped: no sigrok-cli (${#srs[@]} captures not opened)"
else
  for f in "${srs[@]}"; do
    d=$(dirname "$f")
    want=$(sed -n 's/^cycles //p' "$d/vector.txt")
    show=$(sigrok-cli -i "$f" --show 2>&1)
    got=$(sed -n 's/^Logic sample count: //p' <<< "$show")
    if [ "$got" = "$want" ]; then pass=$((pass + 1)); else
      fail=$((fail + 1)); echo "FAIL sigrok $f: sigrok-cli --show gives ${got:-no} samples, the vector has $want cycles"
      head -5 <<< "$show"
    fi
  done
  report sigrok $pass $fail "$t0"
fi

if [ $failed_stages != 0 ]; then echo "vectors-check: $failed_stages stage(s) failed"; exit 1; fi
echo "vectors-check: all stages passed (${#dirs[@]} vectors)"
