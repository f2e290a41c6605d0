#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Mutants of the golden ETM's Q elements (docs/etm-contract.md section 20, issue #24 item 2):
# each breaks one [ETM-Q-*] rule in a copy of sim/golden and must be killed by the
# hand-derived streams Q1-Q8 of test_etm_model or by OpenCSD decoding the trace back to the
# retired path (etm_decode --q --seeds 2); both verdicts are printed. The RTL has QSupp = 0
# (no Q elements yet), so these are golden-model mutants and live here, not in
# tests/mutants.txt.
# Usage: tests/etm_q_mutants.sh BUILD_DIR   (env ONLY="NAME ...": just those mutants)
# The loop is tests/etm_golden_mutants.bash's, shared with tests/etm_spec_mutants.sh.
set -u
# shellcheck source=tests/etm_golden_mutants.bash
. tests/etm_golden_mutants.bash
# NAME | rule | file | sed expression
mutants=(
  "no-qsupp-idr0|ETM-Q-1|etm_regs.c|s/(cfg->q_supp ? 0x8000u : 0u)/0u/"
  "qe-not-writable|ETM-Q-1|etm_regs.c|s/(c->q_supp ? ETM_CFG_QE : 0u)/0u/"
  "bb-does-not-win|ETM-Q-2|etm_model.c|s/ \&\& (m->configr \& ETM_CFG_BB) == 0u;/;/"
  "exc-no-close|ETM-Q-3|etm_gen.c|s/(exc || full || /(full || /"
  "sync-no-close|ETM-Q-3|etm_gen.c|s/(exc || full || /(exc || /"
  "eret-no-close|ETM-Q-3|etm_gen.c|s/t->q_eret || t->q_cnt >= ETM_Q_MAX/t->q_cnt >= ETM_Q_MAX/"
  "no-q-max|ETM-Q-3|etm_gen.c|s/ || t->q_cnt >= ETM_Q_MAX || (!exc/ || (!exc/"
  "no-eret-packet|ETM-Q-3|etm_q.c|s/        etm_buf_put(b, 0x07u);//"
  "taken-next-known|ETM-Q-4|etm_q.c|s/t->q_nxt_ok = !(in->pe_br \&\& in->pe_taken);/t->q_nxt_ok = true;/"
  "sync-waits-at-wp|ETM-Q-5|etm_gen.c|s/(t->at_wp [|][|] t->q_cnt > 0u)/t->at_wp/"
  "close-no-p0|ETM-Q-5|etm_gen.c|s/        etm_q_close(b, t, a);\n        p0 = true;/        etm_q_close(b, t, a);/"
  "ovf-drops-q|ETM-Q-6|etm_model.c|s/        etm_q_close(\&o, \&m->t, [^\n]*/        m->t.q_cnt = 0;/"
  "ovf-q-at-nxt|ETM-Q-6|etm_model.c|s/etm_q_close(\&o, \&m->t, (in->exc_valid ? in->exc_ret : in->pe_addr) \& ~1u);/etm_q_close(\&o, \&m->t, m->t.q_nxt);/"
  "reserve-3|ETM-Q-6|etm_model.c|s/g.q_on ? 10u : 3u/3u/"
  "gap-keeps-q|ETM-Q-6|etm_model.c|s/                etm_q_close_alone(m, [^\n]*//"
  "disable-drops-q|ETM-Q-7|etm_model.c|s/        etm_q_tail(\&qb, \&m->t); \/\* \[ETM-Q-7\] \*\///"
  "afready-ignores-q|ETM-Q-7|etm_model.c|s/ \&\& m->t.q_cnt == 0u; \/\* \[ETM-Q-7\] \*\//; /"
  "tail-keeps-taken|ETM-Q-7|etm_q.c|s/etm_pkt_q(b, t, t->q_cnt - 1u, t->q_last);/etm_pkt_q(b, t, t->q_cnt, t->q_last);/"
  "exact-entry0|ETM-Q-PKT|etm_q.c|s/h = (uint8_t)(0xA0u | (h \& 0x3u));/h = 0xA0u;/"
  "count-minus-1|ETM-Q-PKT|etm_q.c|s/etm_pkt_q(b, t, t->q_cnt, a);/etm_pkt_q(b, t, t->q_cnt - 1u, a);/"
)
# shellcheck disable=SC2317 # called by golden_mutants (tests/etm_golden_mutants.bash)
ocsd_runs() { "$1/etm_decode" --q --seeds 2; }
golden_mutants_main etm-q-mutants etmqmut "-z" 20 10 ocsd_runs "$@"
