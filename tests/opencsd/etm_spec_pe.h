// SPDX-License-Identifier: Apache-2.0
// etm_spec_pe: a speculative PE in front of the ETM (docs/etm-contract.md section 18): it
// presents each architectural event of tests/opencsd/etm_prog.c's walker, sometimes after
// a mispredicted conditional branch or a mispredicted indirect-branch target with a wrong
// path behind it, then recovers (spec_flush, spec_cancel, spec_mispred), and commits the
// outstanding P0 elements in order, never more than MaxSpec outstanding.
#ifndef TRACEREF_TESTS_OPENCSD_ETM_SPEC_PE_H
#define TRACEREF_TESTS_OPENCSD_ETM_SPEC_PE_H

#include <stdbool.h>
#include <stdint.h>

#include "etm_prog.h"

// One cycle on the ETM's PE trace interface.
struct spec_step {
    bool has_ev;          // an event is presented
    bool wrong;           // it is on a wrong path (the decoder must never show it)
    struct prog_event e;  // the event as presented (a mispredicted branch: the predicted outcome)
    unsigned commit;      // spec_commit_i
    bool flush, mispred;  // spec_flush_i, spec_mispred_i
    unsigned cancel;      // spec_cancel_i
};

struct spec_pe {
    const struct prog *p;
    unsigned max_spec;
    unsigned out;  // outstanding P0 elements
    unsigned lock; // the newest `lock` of them may not be committed yet (unresolved)
    uint32_t rng;
    unsigned pct;  // a conditional branch / an indirect target is mispredicted with pct %
    // statistics
    unsigned dir_mispredicts, tgt_mispredicts, flips, wrong_events, cancelled;
};

void spec_pe_init(struct spec_pe *s, const struct prog *p, unsigned max_spec, unsigned seed);
// The cycles that present architectural event e (next: the event after it, whose address
// is e's real successor). Returns the number of steps written (at most max).
unsigned spec_pe_expand(struct spec_pe *s, const struct prog_event *e,
                        const struct prog_event *next, struct spec_step *st, unsigned max);
// spec_commit_i for an idle cycle (a random commit of resolved elements).
unsigned spec_pe_idle_commit(struct spec_pe *s);
// Commits everything outstanding (the end of a run); returns spec_commit_i.
unsigned spec_pe_commit_all(struct spec_pe *s);

#endif
