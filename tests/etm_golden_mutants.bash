# SPDX-License-Identifier: Apache-2.0
# Sourced by tests/etm_spec_mutants.sh and tests/etm_q_mutants.sh: the loop they share over
# golden-model mutants of the ETM. Each mutant is applied with sed to a copy of sim/golden
# (src and include); test_etm_model and etm_decode are built against the copy; the mutant
# is killed if the unit test fails or the caller's OpenCSD runs fail. Both verdicts are
# printed, then "TAG: K killed, A not"; returns 0 when none is alive.
#
# golden_mutants TAG WORK SED_OPTS NAME_WIDTH RULE_WIDTH OCSD_FN
#   mutants   (array, caller's) "NAME|rule|file in sim/golden/src|sed expression"
#   WORK      each mutant's copy, binaries and logs go to WORK/NAME
#   SED_OPTS  sed's options before -e (for example -z: the expressions see the whole file)
#   OCSD_FN   a function given the mutant's directory: runs "$1/etm_decode" and fails when
#             OpenCSD's decode does not match (its output goes to DIR/ocsd.log)
#   env ONLY="NAME ...": just those mutants; CC: the compiler (cc)
#
# golden_mutants_applies TAG SED_OPTS
#   only checks that every mutant's edit changes its file (tests/mutants_apply.sh); no build
#
# golden_mutants_main TAG SUBDIR SED_OPTS NAME_WIDTH RULE_WIDTH OCSD_FN BUILD_DIR
#   the scripts' entry: usage on -h, --help or no BUILD_DIR (exit 2); --applies in place of
#   BUILD_DIR: golden_mutants_applies; else golden_mutants with WORK = BUILD_DIR/SUBDIR,
#   exiting with its status

golden_mutants() {
  local tag=$1 work=$2 sed_opts=$3 nw=$4 rw=$5 ocsd_fn=$6
  local cc=${CC:-cc} killed=0 alive=0 m name rule file expr d u o v
  # shellcheck disable=SC2154 # mutants: the caller's array
  for m in "${mutants[@]}"; do
    IFS='|' read -r name rule file expr <<< "$m"
    if [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $name "* ]]; then continue; fi
    d=$work/$name
    rm -rf "$d"; mkdir -p "$d"; cp -r sim/golden/src sim/golden/include "$d/"
    # shellcheck disable=SC2086
    sed -i $sed_opts -e "$expr" "$d/src/$file"
    if cmp -s "sim/golden/src/$file" "$d/src/$file"; then
      echo "ERROR $name: the mutation did not apply"; alive=$((alive + 1)); continue
    fi
    if ! $cc -std=c11 -O2 -I"$d/include" sim/golden/tests/test_etm_model.c "$d"/src/*.c \
           -o "$d/test_etm_model" 2> "$d/build.log" ||
       ! $cc -std=c11 -O2 -I"$d/include" tests/opencsd/etm_decode.c tests/opencsd/etm_prog.c \
           tests/opencsd/etm_spec_pe.c tests/opencsd/etm_scn.c tests/opencsd/etm_scnprog.c \
           tests/opencsd/ocsd_etm.c "$d"/src/*.c -o "$d/etm_decode" \
           -lopencsd_c_api -lopencsd 2>> "$d/build.log"; then
      echo "ERROR $name: does not build ($d/build.log)"; alive=$((alive + 1)); continue
    fi
    u=killed; "$d/test_etm_model" > "$d/unit.log" 2>&1 && u=alive
    o=killed; "$ocsd_fn" "$d" > "$d/ocsd.log" 2>&1 && o=alive
    if [ $u = killed ] || [ $o = killed ]; then killed=$((killed + 1)); v=ok; else alive=$((alive + 1)); v=FAIL; fi
    printf "%-4s %-${nw}s %-${rw}s unit test %-6s OpenCSD %s\n" "$v" "$name" "$rule" "$u" "$o"
  done
  echo "$tag: $killed killed, $alive not"
  [ "$alive" = 0 ]
}

golden_mutants_applies() {
  local tag=$1 sed_opts=$2 m name rule file expr n=0 bad=0
  # shellcheck disable=SC2154 # mutants: the caller's array
  for m in "${mutants[@]}"; do
    IFS='|' read -r name rule file expr <<< "$m"
    n=$((n + 1))
    # shellcheck disable=SC2086
    if sed $sed_opts -e "$expr" "sim/golden/src/$file" | cmp -s - "sim/golden/src/$file"; then
      echo "ERROR $0: mutant $name: the edit does not change sim/golden/src/$file (stale)"
      bad=$((bad + 1))
    fi
  done
  echo "$tag: $n mutants, $((n - bad)) apply"
  [ "$bad" = 0 ]
}

golden_mutants_main() {
  case "${7:-}" in -h|--help|'') echo "usage: $0 BUILD_DIR | --applies"; exit 2 ;; esac
  if [ "$7" = --applies ]; then golden_mutants_applies "$1" "$3"; exit $?; fi
  golden_mutants "$1" "$7/$2" "$3" "$4" "$5" "$6"
  exit $?
}
