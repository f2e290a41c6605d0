#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Mutants of the golden ETM's speculation and atom formats 4/5 (docs/etm-contract.md
# sections 18, 19, issue #24): each breaks one [ETM-SPEC-*] or [ETM-ATOM-4..6] rule in a copy
# of sim/golden and must be killed by the hand-derived streams S1-S6 and F1 of
# test_etm_model or by OpenCSD decoding the trace (etm_decode --spec 4 --seeds 3, --spec 1
# --spec-ovf --seeds 3 (the overflow configurations, [ETM-SPEC-15]), then --f45 --seeds 2);
# both verdicts are printed. The RTL has MaxSpec = 0
# (no speculation yet), so these are golden-model mutants and live here, not in
# tests/mutants.txt.
# Usage: tests/etm_spec_mutants.sh BUILD_DIR   (env ONLY="NAME ...": just those mutants)
# The loop is tests/etm_golden_mutants.bash's, shared with tests/etm_q_mutants.sh.
set -u
# shellcheck source=tests/etm_golden_mutants.bash
. tests/etm_golden_mutants.bash
# NAME | rule | file | sed expression
mutants=(
  "no-cancel-packet|ETM-SPEC-5|etm_spec.c|s/if (kc > 0u [|][|] mp) {/if (false) {/"
  "cancel-no-mispred|ETM-SPEC-5|etm_spec.c|s/(uint8_t)(0x2Eu | (mp ? 1u : 0u))/0x2Eu/"
  "no-implicit-commit|ETM-SPEC-6|etm_gen.c|s/                t->spec_cp--;//"
  "no-afvalid-commit|ETM-SPEC-6|etm_spec.c|s/if (!m->en [|][|] ev->afvalid) {/if (!m->en) {/"
  "no-flip|ETM-SPEC-7|etm_spec.c|s/sp->e ^= bit;/sp->e ^= 0u;/"
  "need-none|ETM-SPEC-8|etm_spec.c|s/    t->need_addr = need;/    t->need_addr = ETM_NEED_NONE;/"
  "no-rs-clear|ETM-SPEC-8|etm_spec.c|s/^    t->rs_n = 0;\$//"
  "idle-ignores-spec|ETM-SPEC-8|etm_regs.c|s/ \\&\\& m->t.spec_sd == 0u; /; /"
  "sync-regardless|ETM-SPEC-9|etm_gen.c|s/bool sync_ok = g->max_spec == 0u || t->spec_sd == t->spec_cp;/bool sync_ok = true;/"
  "reserve-3|ETM-SPEC-10|etm_spec.c|s/#define ETM_SPEC_RESERVE 5u/#define ETM_SPEC_RESERVE 3u/"
  "ovf-commit-without-cycle|ETM-SPEC-10|etm_spec.c|s/        m->t.spec_cp += tc;//"
  "ovf-no-gap|ETM-SPEC-15|etm_spec.c|/^    sp2[.]gp = low_mask(sp2[.]n);$/,/^    sp2[.]gp_base = true;$/d"
  "f4-pattern-eeen|ETM-ATOM-4|etm_pkt.c|s/k_f4\[4\] = {0x0Eu,/k_f4[4] = {0x07u,/"
  "f5-headers-swapped|ETM-ATOM-4|etm_pkt.c|s/0xD6u, 0xD7u}/0xD7u, 0xD6u}/"
  "f45-rule6-splits-3|ETM-ATOM-5|etm_pkt.c|s/} else if (n <= 3u) { \/\* 6 \*\//} else if (n <= 2u) {/"
  "no-f4-at-flush|ETM-ATOM-6|etm_pkt.c|s/if (t->f45 \&\& n == 4u \&\& etm_f4_index(p) >= 0) {/if (false) {/"
)
# shellcheck disable=SC2317 # called by golden_mutants (tests/etm_golden_mutants.bash)
ocsd_runs() { "$1/etm_decode" --spec 4 --seeds 3 && "$1/etm_decode" --spec 1 --spec-ovf --seeds 3 &&
              "$1/etm_decode" --f45 --seeds 2; }
golden_mutants_main etm-spec-mutants etmspecmut "" 26 12 ocsd_runs "$@"
