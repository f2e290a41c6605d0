/* SPDX-License-Identifier: Apache-2.0 */
/* Directed tests of the funnel golden model against docs/etm-contract.md [ETM-FUN-1]:
 * hand-derived transfer sequences (input 0 = ITM bytes 0xA0.., input 1 = ETM bytes 0xE0..). */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check_msg.h"
#include "funnel_model.h"

/* Runs `cycles` cycles; input p offers n[p] bytes from cycle start[p]; atready_low gives the
 * cycles with the TPIU's atready at 0. Writes the transferred bytes (0 for none) per cycle. */
static void run(unsigned hold, const unsigned n[2], const unsigned start[2], unsigned cycles,
                unsigned atready_low_until, uint8_t *got)
{
    struct funnel_model f;
    unsigned sent[2] = {0, 0};
    funnel_model_init(&f, hold);
    for (unsigned c = 0; c < cycles; c++) {
        struct funnel_in in;
        struct funnel_out o;
        memset(&in, 0, sizeof in);
        in.rst_n = true;
        in.atready = c >= atready_low_until;
        for (unsigned p = 0; p < 2u; p++) {
            in.p[p].atvalid = c >= start[p] && sent[p] < n[p];
            in.p[p].atdata = (uint8_t)((p ? 0xE0u : 0xA0u) + sent[p]);
            in.p[p].atid = (uint8_t)(p ? 0x10u : 0x01u);
        }
        funnel_model_eval(&f, &in, &o);
        got[c] = (o.atvalid && in.atready) ? o.atdata : 0u;
        for (unsigned p = 0; p < 2u; p++) {
            if (o.atready[p] && in.p[p].atvalid) {
                CHECK(o.atid == in.p[p].atid, "atid follows the granted input");
                sent[p]++;
            }
        }
        funnel_model_step(&f, &in);
    }
}

static void expect(const char *name, const uint8_t *got, const uint8_t *exp, unsigned n)
{
    bool ok = memcmp(got, exp, n) == 0;
    CHECK(ok, "%s", name);
    if (!ok) {
        for (unsigned i = 0; i < n; i++) {
            printf(" %02X/%02X", got[i], exp[i]);
        }
        printf("\n");
    }
}

int main(void)
{
    uint8_t got[16];
    {   /* hold 2, both busy: bursts of two, alternating */
        const unsigned n[2] = {4, 4}, st[2] = {0, 0};
        static const uint8_t exp[10] = {0xA0, 0xA1, 0xE0, 0xE1, 0xA2, 0xA3, 0xE2, 0xE3, 0, 0};
        run(2, n, st, 10, 0, got);
        expect("hold 2 alternation", got, exp, 10);
    }
    {   /* the granted input is idle: one lost cycle, then the other gets the port */
        const unsigned n[2] = {0, 2}, st[2] = {0, 0};
        static const uint8_t exp[4] = {0, 0xE0, 0xE1, 0};
        run(8, n, st, 4, 0, got);
        expect("idle grant", got, exp, 4);
    }
    {   /* atready low holds the grant; hold 1 alternates per byte */
        const unsigned n[2] = {2, 2}, st[2] = {0, 0};
        static const uint8_t exp[8] = {0, 0, 0, 0xA0, 0xE0, 0xA1, 0xE1, 0};
        run(1, n, st, 8, 3, got);
        expect("atready low, hold 1", got, exp, 8);
    }
    {   /* a lone source keeps the port past the hold count */
        const unsigned n[2] = {5, 0}, st[2] = {0, 0};
        static const uint8_t exp[6] = {0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0};
        run(2, n, st, 6, 0, got);
        expect("lone source", got, exp, 6);
    }
    return check_report("test_funnel_model");
}
