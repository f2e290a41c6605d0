/* SPDX-License-Identifier: Apache-2.0 */
/* Unit test of the idle-tail step of shrinking (sim/c_tb/common/shrink.c,
 * shrink_tail_idle). The "run" of a list is a model: every event takes one cycle, an
 * `idle N` N cycles; the list fails if the write to address 0x50 (the cause) started and
 * at least 40 cycles passed by the end. Expected results are derived by hand below. */
#include <stdio.h>
#include <string.h>

#include "shrink.h"

static unsigned calls;

static bool model_fails(void *ctx, const struct event *ev, size_t n)
{
    (void)ctx;
    calls++;
    bool cause = false;
    unsigned long long t = 0;
    for (size_t i = 0; i < n; i++) {
        cause |= ev[i].kind == EV_WRITE && ev[i].addr == 0x50;
        t += ev[i].kind == EV_IDLE ? ev[i].count : 1u;
    }
    return cause && t >= 40;
}

static struct event wr(uint32_t addr)
{
    return (struct event){.kind = EV_WRITE, .addr = addr};
}

static int fails;
static unsigned first_calls;

static void expect(bool ok, const char *what)
{
    if (!ok) {
        printf("FAIL test_shrink: %s\n", what);
        fails++;
    }
}

int main(void)
{
    const struct event idle = {.kind = EV_IDLE, .count = 100};
    struct shrink_stats st;

    /* 3 writes, the cause at index 2, then 50 filler writes: the list fails (53 cycles).
     * Every tail from index 3 on can become the idle (the cause stays); from index 2 on it
     * cannot (the cause goes). Result: w0 w1 w50 idle, 4 events. */
    struct event ev[60];
    size_t n = 0;
    ev[n++] = wr(0x10);
    ev[n++] = wr(0x20);
    ev[n++] = wr(0x50);
    for (unsigned i = 0; i < 50; i++)
        ev[n++] = wr(0x100 + 4 * i);
    calls = 0;
    size_t m = shrink_tail_idle(ev, n, &idle, model_fails, NULL, 100, &st);
    expect(m == 4, "53 events -> 4");
    expect(m == 4 && ev[2].addr == 0x50 && ev[3].kind == EV_IDLE && ev[3].count == 100,
           "the cause kept, then the idle");
    expect(st.runs == calls && calls <= 8, "bisection: at most 1 + log2(53) + 1 runs");
    first_calls = calls;
    expect(model_fails(NULL, ev, m), "the result still fails");

    /* The cause is last: no tail can go. */
    n = 0;
    for (unsigned i = 0; i < 45; i++)
        ev[n++] = wr(0x100 + 4 * i);
    ev[n++] = wr(0x50);
    m = shrink_tail_idle(ev, n, &idle, model_fails, NULL, 100, &st);
    expect(m == 46 && ev[45].addr == 0x50, "cause last: unchanged");

    /* Already cause + idle: nothing to do, and no run. */
    ev[0] = wr(0x50);
    ev[1] = (struct event){.kind = EV_IDLE, .count = 39};
    calls = 0;
    m = shrink_tail_idle(ev, 2, &idle, model_fails, NULL, 100, &st);
    expect(m == 2 && ev[1].count == 39, "an idle tail is left as it is");

    /* The run budget: none left, the list is untouched. */
    n = 0;
    ev[n++] = wr(0x50);
    for (unsigned i = 0; i < 50; i++)
        ev[n++] = wr(0x100 + 4 * i);
    m = shrink_tail_idle(ev, n, &idle, model_fails, NULL, 0, &st);
    expect(m == 51 && st.exhausted && st.runs == 0, "max_runs 0: untouched, exhausted");

    if (!fails)
        printf("test_shrink: PASS (idle tails: 53 -> 4 events in %u runs)\n", first_calls);
    return fails ? 1 : 0;
}
