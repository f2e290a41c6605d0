/* SPDX-License-Identifier: Apache-2.0 */
/* Test-case reduction of an event list by delta debugging: the complement-only variant of
 * ddmin (Zeller and Hildebrandt, "Simplifying and Isolating Failure-Inducing Input", IEEE
 * TSE 2002). The result is 1-minimal (removing any single event makes the test pass)
 * unless the run budget ran out first. */
#ifndef TRACEREF_SIM_C_TB_COMMON_SHRINK_H
#define TRACEREF_SIM_C_TB_COMMON_SHRINK_H

#include <stdbool.h>
#include <stddef.h>

#include "scenario.h"

/* Runs the candidate list; true if it still fails the way being preserved. */
typedef bool (*shrink_test_fn)(void *ctx, const struct event *ev, size_t n);

struct shrink_stats {
    unsigned runs;  /* calls of the test */
    bool exhausted; /* stopped by max_runs before reaching a 1-minimal list */
};

/* Reduces ev[0..n) in place (ev must already fail the test) and returns the new length.
 * At most max_runs calls of test. Returns 0 with the list untouched if out of memory
 * (st->runs == 0). */
size_t shrink_events(struct event *ev, size_t n, shrink_test_fn test, void *ctx, unsigned max_runs,
                     struct shrink_stats *st);

/* Then the cause alone: finds the longest tail ev[i..n) that can be replaced by the single
 * event *idle (an `idle N` long enough to reach the failure) with the list still failing,
 * by bisection over i (about log2(n) calls of test, at most max_runs), and makes the
 * replacement. Returns the new length (n if no tail of two or more events, or of one event
 * that is not already an idle, could be replaced). */
size_t shrink_tail_idle(struct event *ev, size_t n, const struct event *idle, shrink_test_fn test,
                        void *ctx, unsigned max_runs, struct shrink_stats *st);

#endif
