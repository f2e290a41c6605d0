/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the ITM packet encoders against docs/packet-formats.md worked examples. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "itm_pkt.h"

/* What a table row encodes. Port numbers >= 32 are sent the way the ITM does from page 0:
 * the page extension packet, then the instrumentation packet with A = port % 32. */
enum pkt_kind {
    PK_STIM,     /* a = port, b = size in bytes, v = data */
    PK_SYNC,
    PK_OVF,
    PK_LTS,      /* v = TS, a = TC */
    PK_GTS1,     /* v = value[25:0], a = payload bytes, b = Wrap, c = ClkCh */
    PK_GTS2,     /* v = GTS (full value), a = GTS width */
    PK_HW,       /* a = header, v = payload */
    PK_EXT       /* a = page */
};

struct pkt_case {
    const char *name;
    enum pkt_kind kind;
    uint64_t v;
    unsigned a, b, c;
    unsigned len;
    uint8_t exp[12];
};

/* Every row of the "Worked examples" table of docs/packet-formats.md, in order, then a
 * few extra rows (marked "extra") for encoder paths the table does not reach. */
static const struct pkt_case cases[] = {
    {"byte 0x41 to port 0", PK_STIM, 0x41u, 0u, 1u, 0u, 2u, {0x01, 0x41}},
    {"halfword 0xBEEF to port 31", PK_STIM, 0xBEEFu, 31u, 2u, 0u, 3u, {0xFA, 0xEF, 0xBE}},
    {"word 0x12345678 to port 5", PK_STIM, 0x12345678u, 5u, 4u, 0u, 5u,
     {0x2B, 0x78, 0x56, 0x34, 0x12}},
    {"word 0xDEADBEEF to port 33 (page 1)", PK_STIM, 0xDEADBEEFu, 33u, 4u, 0u, 6u,
     {0x18, 0x0B, 0xEF, 0xBE, 0xAD, 0xDE}},
    {"byte 0x00 to port 255", PK_STIM, 0x00u, 255u, 1u, 0u, 3u, {0x78, 0xF9, 0x00}},
    {"sync", PK_SYNC, 0u, 0u, 0u, 0u, 6u, {0x00, 0x00, 0x00, 0x00, 0x00, 0x80}},
    {"overflow", PK_OVF, 0u, 0u, 0u, 0u, 1u, {0x70}},
    {"LTS TS=1, TC=00", PK_LTS, 1u, 0u, 0u, 0u, 1u, {0x10}},
    {"LTS TS=6, TC=00", PK_LTS, 6u, 0u, 0u, 0u, 1u, {0x60}},
    {"LTS TS=7, TC=00", PK_LTS, 7u, 0u, 0u, 0u, 2u, {0xC0, 0x07}},
    {"LTS TS=300, TC=00", PK_LTS, 300u, 0u, 0u, 0u, 3u, {0xC0, 0xAC, 0x02}},
    {"LTS TS=5, TC=01", PK_LTS, 5u, 1u, 0u, 0u, 2u, {0xD0, 0x05}},
    {"LTS TS=0, TC=10", PK_LTS, 0u, 2u, 0u, 0u, 2u, {0xE0, 0x00}},
    {"LTS TS=2^28-1, TC=11", PK_LTS, 0x0FFFFFFFu, 3u, 0u, 0u, 5u,
     {0xF0, 0xFF, 0xFF, 0xFF, 0x7F}},
    {"LTS TS=128, TC=00", PK_LTS, 128u, 0u, 0u, 0u, 3u, {0xC0, 0x80, 0x01}},
    {"GTS1 low byte only, S[6:0]=0x15", PK_GTS1, 0x15u, 1u, 0u, 0u, 2u, {0x94, 0x15}},
    {"GTS1 full, S[25:0]=0x3FFFFFF, Wrap, ClkCh=0", PK_GTS1, 0x3FFFFFFu, 4u, 1u, 0u, 5u,
     {0x94, 0xFF, 0xFF, 0xFF, 0x5F}},
    {"GTS1 full, S[25:0]=0, Wrap, ClkCh=1", PK_GTS1, 0u, 4u, 1u, 1u, 5u,
     {0x94, 0x80, 0x80, 0x80, 0x60}},
    {"GTS2 48-bit, GTS[47:26] all ones", PK_GTS2, 0x0000FFFFFC000000ull, 48u, 0u, 0u, 5u,
     {0xB4, 0xFF, 0xFF, 0xFF, 0x01}},
    {"GTS2 64-bit, GTS[63:26] all ones", PK_GTS2, 0xFFFFFFFFFC000000ull, 64u, 0u, 0u, 7u,
     {0xB4, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x07}},
    {"GTS2 48-bit, GTS = 0x0000_8000_0000_0000 (bit 47)", PK_GTS2, 0x0000800000000000ull, 48u,
     0u, 0u, 5u, {0xB4, 0x80, 0x80, 0x80, 0x01}},
    {"GTS2 64-bit, GTS = 1<<26", PK_GTS2, 1ull << 26, 64u, 0u, 0u, 7u,
     {0xB4, 0x81, 0x80, 0x80, 0x80, 0x80, 0x00}},
    /* extra: hardware pass-through (header then payload as received) */
    {"extra: hw exception trace 0E 10 20", PK_HW, 0x2010u, 0x0Eu, 0u, 0u, 3u, {0x0E, 0x10, 0x20}},
    {"extra: hw PC sample 17 + 4 bytes", PK_HW, 0x08001234u, 0x17u, 0u, 0u, 5u,
     {0x17, 0x34, 0x12, 0x00, 0x08}},
    {"extra: hw header-only 0x04", PK_HW, 0xFFFFFFFFu, 0x04u, 0u, 0u, 1u, {0x04}},
    {"extra: ext page 0", PK_EXT, 0u, 0u, 0u, 0u, 1u, {0x08}},
    {"extra: LTS TS=0x200000 (4 groups), TC=00", PK_LTS, 0x200000u, 0u, 0u, 0u, 5u,
     {0xC0, 0x80, 0x80, 0x80, 0x01}},
    {"extra: LTS TS=6, TC=10 long form", PK_LTS, 6u, 2u, 0u, 0u, 2u, {0xE0, 0x06}},
    {"extra: GTS1 3 bytes, no Wrap", PK_GTS1, 0x1FFFFFu, 3u, 0u, 0u, 4u, {0x94, 0xFF, 0xFF, 0x7F}},
    {"extra: GTS1 4 bytes, not full", PK_GTS1, 0x2000000u, 4u, 0u, 0u, 5u,
     {0x94, 0x80, 0x80, 0x80, 0x10}},
};

struct len_case {
    uint32_t diff;
    unsigned len;
};

/* gts1_len: groups [6:0] / [13:7] / [20:14] / [25:21]; bits above 25 ignored. */
static const struct len_case len_cases[] = {
    {0x0000000u, 1u}, {0x0000001u, 1u}, {0x000007Fu, 1u}, {0x0000080u, 2u},
    {0x0003FFFu, 2u}, {0x0004000u, 3u}, {0x01FFFFFu, 3u}, {0x0200000u, 4u},
    {0x3FFFFFFu, 4u}, {0x4000000u, 1u}, {0xFC000080u, 2u},
};

static unsigned n_pass;
static unsigned n_fail;

static unsigned case_encode(const struct pkt_case *pc, uint8_t *buf)
{
    unsigned n = 0;

    switch (pc->kind) {
    case PK_STIM:
        if (pc->a / 32u != 0u) {
            n = itm_pkt_ext_page(buf, pc->a / 32u);
        }
        return n + itm_pkt_instr(&buf[n], pc->a % 32u, pc->b, (uint32_t)pc->v);
    case PK_SYNC:
        return itm_pkt_sync(buf);
    case PK_OVF:
        return itm_pkt_overflow(buf);
    case PK_LTS:
        return itm_pkt_lts(buf, (uint32_t)pc->v, pc->a);
    case PK_GTS1:
        return itm_pkt_gts1(buf, (uint32_t)pc->v, pc->a, pc->b != 0u, pc->c != 0u);
    case PK_GTS2:
        return itm_pkt_gts2(buf, pc->v >> 26, pc->a);
    case PK_HW:
        return itm_pkt_hw(buf, (uint8_t)pc->a, (uint32_t)pc->v);
    case PK_EXT:
        return itm_pkt_ext_page(buf, pc->a);
    default:
        return 0;
    }
}

static void hex_print(const uint8_t *b, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        printf("%s%02X", i == 0u ? "" : " ", b[i]);
    }
}

int main(void)
{
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct pkt_case *pc = &cases[i];
        uint8_t buf[16];
        unsigned n;

        memset(buf, 0xA5, sizeof buf);
        n = case_encode(pc, buf);
        if (n == pc->len && memcmp(buf, pc->exp, n) == 0) {
            n_pass++;
        } else {
            n_fail++;
            printf("FAIL %s: expected ", pc->name);
            hex_print(pc->exp, pc->len);
            printf(" got ");
            hex_print(buf, n > sizeof buf ? (unsigned)sizeof buf : n);
            printf("\n");
        }
    }
    for (unsigned i = 0; i < sizeof len_cases / sizeof len_cases[0]; i++) {
        unsigned got = itm_pkt_gts1_len(len_cases[i].diff);

        if (got == len_cases[i].len) {
            n_pass++;
        } else {
            n_fail++;
            printf("FAIL gts1_len(0x%08X): expected 0x%X got 0x%X\n", (unsigned)len_cases[i].diff,
                   len_cases[i].len, got);
        }
    }
    printf("%u passed, %u failed\n", n_pass, n_fail);
    return n_fail > 255u ? 255 : (int)n_fail;
}
