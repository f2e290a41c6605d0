/* SPDX-License-Identifier: Apache-2.0 */
/* Delta debugging over an event list (shrink.h). */
#include "shrink.h"

#include <stdlib.h>
#include <string.h>

size_t shrink_events(struct event *ev, size_t n, shrink_test_fn test, void *ctx, unsigned max_runs,
                     struct shrink_stats *st)
{
    memset(st, 0, sizeof *st);
    struct event *cand = malloc((n ? n : 1) * sizeof *cand);
    if (!cand)
        return 0;
    /* Split the list into k chunks and try dropping each; a drop that still fails is kept
     * and the scan goes on at the same place. A full pass without progress doubles k;
     * with k == n (single events) it ends the search. */
    size_t k = 2;
    while (n >= 2) {
        if (k > n)
            k = n;
        size_t chunk = (n + k - 1) / k;
        bool progress = false;
        size_t start = 0;
        while (start < n) {
            if (st->runs >= max_runs) {
                st->exhausted = true;
                free(cand);
                return n;
            }
            size_t len = start + chunk <= n ? chunk : n - start;
            size_t m = n - len;
            if (m == 0)
                break;
            memcpy(cand, ev, start * sizeof *ev);
            memcpy(cand + start, ev + start + len, (n - start - len) * sizeof *ev);
            st->runs++;
            if (test(ctx, cand, m)) {
                memcpy(ev, cand, m * sizeof *ev);
                n = m;
                progress = true; /* the next chunk now starts at start */
            } else
                start += len;
        }
        if (!progress) {
            if (chunk == 1)
                break; /* 1-minimal */
            k *= 2;
        } else if (k > 2)
            k--; /* fewer, larger chunks again on the shorter list */
    }
    free(cand);
    return n;
}

size_t shrink_tail_idle(struct event *ev, size_t n, const struct event *idle, shrink_test_fn test,
                        void *ctx, unsigned max_runs, struct shrink_stats *st)
{
    memset(st, 0, sizeof *st);
    if (n == 0 || (n == 1 && ev[0].kind == EV_IDLE))
        return n;
    struct event *cand = malloc((n + 1) * sizeof *cand);
    if (!cand)
        return n;
    /* Invariant: replacing ev[hi..n) fails (hi == n: nothing replaced, the list as it is);
     * replacing ev[lo..n) is not known to (lo - 1 did not, or lo == 0 untried). */
    size_t lo = 0, hi = n;
    bool tried0 = false;
    while (lo < hi) {
        size_t mid = tried0 ? lo + (hi - lo) / 2 : 0;
        if (mid >= hi)
            break;
        /* the trailing idle alone is already what is wanted */
        if (mid == n - 1 && ev[n - 1].kind == EV_IDLE)
            break;
        if (st->runs >= max_runs) {
            st->exhausted = true;
            break;
        }
        memcpy(cand, ev, mid * sizeof *ev);
        cand[mid] = *idle;
        st->runs++;
        if (test(ctx, cand, mid + 1))
            hi = mid;
        else
            lo = mid + 1;
        tried0 = true;
    }
    if (hi < n) {
        ev[hi] = *idle;
        n = hi + 1;
    }
    free(cand);
    return n;
}
