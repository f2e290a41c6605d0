/* SPDX-License-Identifier: Apache-2.0 */
/* Unit test of the harness's packet decoder (sim/c_tb/common/pktdec.c): resynchronisation
 * on a sync packet after garbage, and the count of lost bytes. Table-driven. */
#include <stdio.h>
#include <string.h>

#include "pktdec.h"

struct tcase {
    const char *name;
    unsigned n;
    uint8_t b[40];
    const char *types; /* the packets decoded, one letter each: S sync, B bad, I inst, L lts,
                        * G gts2, O ovf */
    unsigned lost, resyncs;
};

static char letter(enum pkt_type t)
{
    static const char l[PKT_NTYPES] = {'-', 'S', 'O', 'L', 'g', 'G', 'E', 'I', 'H', 'B'};
    return l[t];
}

static const struct tcase cases[] = {
    {"valid: inst, sync, inst", 10, {0x01, 0x41, 0, 0, 0, 0, 0, 0x80, 0x01, 0x42}, "ISI", 0, 0},
    {"valid: inst with zero payload then sync", 8, {0x01, 0x00, 0, 0, 0, 0, 0, 0x80}, "IS", 0, 0},
    {"valid: long sync (20 zeros)", 21, {[20] = 0x80}, "S", 0, 0},
    {"garbage: INST4 header takes 3 of the sync's zeros", 10, {0x03, 0x11, 0, 0, 0, 0, 0, 0x80,
                                                              0x01, 0x41}, "ISI", 0, 1},
    {"garbage: reserved headers, then sync", 8, {0x80, 0x90, 0, 0, 0, 0, 0, 0x80}, "BBS", 2, 0},
    {"garbage: short sync is bad", 4, {0, 0, 0x80, 0x70}, "BO", 3, 0},
    {"garbage: partial GTS2 ends on a zero, sync still found", 9,
     {0xB4, 0x81, 0x82, 0, 0, 0, 0, 0, 0x80}, "GS", 0, 1},
    {"garbage: partial INST4 of zeros swallows the sync's zeros", 9,
     {0x03, 0x11, 0x00, 0, 0, 0, 0, 0, 0x80}, "IS", 0, 1},
    {"garbage: LTS with 5 continuation bytes, then sync", 11,
     {0xC0, 0x81, 0x82, 0x83, 0x84, 0, 0, 0, 0, 0, 0x80}, "BS", 5, 0},
};

int main(void)
{
    unsigned fails = 0;
    for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const struct tcase *t = &cases[c];
        struct pktdec d;
        struct pkt p;
        char got[64] = "";
        unsigned n = 0;
        pktdec_init(&d);
        for (unsigned i = 0; i < t->n; i++) {
            enum pkt_type ty = pktdec_push(&d, t->b[i], &p);
            if (ty != PKT_NONE && n + 1 < sizeof got)
                got[n++] = letter(ty);
        }
        got[n] = '\0';
        bool ok = strcmp(got, t->types) == 0 && d.stats.lost == t->lost &&
                  d.stats.resyncs == t->resyncs && !pktdec_busy(&d);
        printf("%s %s: packets %s lost %llu resyncs %llu\n", ok ? "ok  " : "FAIL", t->name, got,
               (unsigned long long)d.stats.lost, (unsigned long long)d.stats.resyncs);
        if (!ok) {
            printf("     expected packets %s lost %u resyncs %u\n", t->types, t->lost,
                   t->resyncs);
            fails++;
        }
    }
    printf("test_pktdec: %u of %zu failed\n", fails, sizeof cases / sizeof cases[0]);
    return fails != 0;
}
