#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Every mutant still applies: each edit of tests/mutants.txt (RTL, sed -E) and of the
# golden and decoder mutant scripts (tests/etm_spec_mutants.sh, tests/etm_q_mutants.sh,
# tests/etm4dec_mutants.sh: their --applies mode) changes its file, and each RTL mutant's
# @CFG is a configuration of configs/configs.txt. A mutant whose edit no longer matches
# the source is not a test; make mutate, vectors-mutate and the golden mutant targets
# would report it only when run (they are not stages of make test). Seconds; no build.
# Usage: tests/mutants_apply.sh   (from the project root; exit 0 when all apply)
set -u
case "${1:-}" in -h|--help) sed -n '3,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
[ -f tests/mutants.txt ] || { echo "$0: run from the project root" >&2; exit 2; }
cfgs=" $(awk '!/^#/ && NF { printf "%s ", $1 }' configs/configs.txt)"
bad=0; n=0; lineno=0
while IFS='|' read -r spec file expr; do
  lineno=$((lineno + 1))
  case "$spec" in ''|'#'*) continue ;; esac
  n=$((n + 1)); name=${spec%@*}; cfg=base
  case "$spec" in *@*) cfg=${spec#*@} ;; esac
  if [[ "$cfgs" != *" $cfg "* ]]; then
    echo "ERROR tests/mutants.txt:$lineno: mutant $name: no configuration '$cfg' in configs/configs.txt"
    bad=$((bad + 1)); continue
  fi
  if [ ! -f "$file" ]; then
    echo "ERROR tests/mutants.txt:$lineno: mutant $name: no file $file"; bad=$((bad + 1)); continue
  fi
  if ! out=$(sed -E "$expr" "$file" 2>&1); then
    echo "ERROR tests/mutants.txt:$lineno: mutant $name: sed failed: $out"; bad=$((bad + 1))
  elif [ "$out" = "$(cat "$file")" ]; then
    echo "ERROR tests/mutants.txt:$lineno: mutant $name: the edit does not change $file (stale)"
    bad=$((bad + 1))
  fi
done < tests/mutants.txt
echo "tests/mutants.txt: $n mutants, $((n - bad)) apply"
for s in tests/etm_spec_mutants.sh tests/etm_q_mutants.sh tests/etm4dec_mutants.sh; do
  "$s" --applies || bad=$((bad + 1))
done
echo "mutants-apply: $([ "$bad" = 0 ] && echo "all apply" || echo "$bad failed")"
[ "$bad" = 0 ]
