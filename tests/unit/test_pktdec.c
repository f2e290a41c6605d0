/* SPDX-License-Identifier: Apache-2.0 */
/* Unit test of the harness's packet decoder (sim/c_tb/common/pktdec.c): resynchronisation
 * on a sync packet after garbage, and the count of lost bytes. Table-driven. And
 * pktdec_push_short (pktdec.h) against pktdec_push on random streams. */
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

static bool pkt_same(const struct pkt *a, const struct pkt *b)
{
    return a->type == b->type && a->len == b->len && a->nbytes == b->nbytes &&
           memcmp(a->b, b->b, sizeof a->b) == 0 && a->port == b->port && a->size == b->size &&
           a->data == b->data && a->disc == b->disc && a->ts == b->ts && a->tc == b->tc &&
           a->lts_short == b->lts_short && a->gts_bits == b->gts_bits && a->wrap == b->wrap &&
           a->clkch == b->clkch && a->gts == b->gts && a->sh == b->sh;
}

static bool dec_same(const struct pktdec *a, const struct pktdec *b)
{
    return pkt_same(&a->cur, &b->cur) && a->need == b->need && a->page == b->page &&
           a->gts == b->gts && a->zeros == b->zeros &&
           memcmp(&a->stats, &b->stats, sizeof a->stats) == 0;
}

/* pktdec_push_short and pktdec_push byte for byte: the same packets, the same
 * decoder state. The bytes: packets' headers and payloads, runs of zeros, 0x80, any byte. */
static unsigned diff_test(void)
{
    static const uint8_t pick[] = {0x01, 0x02, 0x03, 0x05, 0x06, 0x07, 0x09, 0x0b, 0x41, 0x8f,
                                   0x00, 0x80, 0x70, 0x94, 0xb4, 0xc0, 0x10, 0x08, 0x88, 0xf9};
    uint64_t x = 88172645463325252ull;
    struct pktdec a, b;
    struct pkt pa, pb;
    pktdec_init(&a);
    pktdec_init(&b);
    for (unsigned i = 0; i < 2000000; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        unsigned r = (unsigned)(x >> 32);
        uint8_t byte = (r & 3) ? pick[(r >> 8) % sizeof pick] : (uint8_t)(r >> 16);
        if ((r >> 24) % 7 == 0)
            byte = 0;
        if (i % 100003 == 0) {
            pktdec_reset_stream(&a);
            pktdec_reset_stream(&b);
        }
        memset(&pa, 0x5a, sizeof pa);
        memset(&pb, 0x5a, sizeof pb);
        enum pkt_type ta = pktdec_push_short(&a, byte, &pa), tb = pktdec_push(&b, byte, &pb);
        if (ta != tb || (ta != PKT_NONE && !pkt_same(&pa, &pb)) ||
            (ta == PKT_NONE && memcmp(&pa, &pb, sizeof pa) != 0) || !dec_same(&a, &b)) {
            printf("FAIL short paths: byte #%u 0x%02x: %s against %s\n", i, byte,
                   pktdec_type_name(ta), pktdec_type_name(tb));
            return 1;
        }
    }
    printf("ok   short paths: %llu bytes, %llu INST %llu HW %llu BAD, as pktdec_push\n",
           (unsigned long long)a.stats.bytes, (unsigned long long)a.stats.count[PKT_INST],
           (unsigned long long)a.stats.count[PKT_HW], (unsigned long long)a.stats.count[PKT_BAD]);
    return 0;
}

int main(void)
{
    unsigned fails = diff_test();
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
    printf("test_pktdec: %u of %zu failed\n", fails, sizeof cases / sizeof cases[0] + 1);
    return fails != 0;
}
