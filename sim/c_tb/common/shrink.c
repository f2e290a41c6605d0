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
