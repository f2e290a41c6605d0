/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the trace decoders (sim/decode): TPIU deformatter, SWO NRZ and Manchester
 * line decoders, parallel port decoder, and the chain down to an ITM packet.
 * The directed cases are hand-derived byte and cell sequences (docs/tpiu-contract.md
 * section 11 and packet-protocol-facts.md sections 3 and 4); the round-trip and garbage
 * cases use a small encoder written here, independent of the project's TPIU model. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, unlink */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zip.h>

#include "hwsrc.h"
#include "pardec.h"
#include "pktdec.h"
#include "sr_read.h"
#include "swodec.h"
#include "tpiudec.h"

static unsigned g_pass, g_fail;

static void report(bool ok, const char *name, const char *detail)
{
    if (ok)
        g_pass++;
    else
        g_fail++;
    printf("%s %s%s%s\n", ok ? "ok  " : "FAIL", name, detail[0] ? ": " : "", detail);
}

/* ---- helpers ------------------------------------------------------------------------ */

#define MAX_OUT 4096u

struct idb {
    uint8_t id, data;
};

/* Runs bytes through a fresh deformatter (d is returned for the stats). */
static unsigned run_tpiu(struct tpiudec *d, const uint8_t *in, size_t n, struct idb *out)
{
    unsigned k = 0;
    tpiudec_init(d);
    for (size_t i = 0; i < n; i++) {
        struct tpiudec_byte o[TPIUDEC_MAX_OUT];
        unsigned m = tpiudec_push(d, in[i], o);
        for (unsigned j = 0; j < m && k < MAX_OUT; j++)
            out[k++] = (struct idb){o[j].id, o[j].data};
    }
    return k;
}

static bool same_idb(const struct idb *a, unsigned na, const struct idb *b, unsigned nb,
                     char *detail, size_t dn)
{
    if (na != nb) {
        snprintf(detail, dn, "%u bytes decoded, %u expected", na, nb);
        return false;
    }
    for (unsigned i = 0; i < na; i++)
        if (a[i].id != b[i].id || a[i].data != b[i].data) {
            snprintf(detail, dn, "byte %u: id 0x%02x data 0x%02x, expected id 0x%02x data 0x%02x",
                     i, a[i].id, a[i].data, b[i].id, b[i].data);
            return false;
        }
    detail[0] = '\0';
    return true;
}

/* Expected output: `n` bytes of one ID counting up from `first`. */
static unsigned seq(struct idb *e, unsigned k, uint8_t id, uint8_t first, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        e[k++] = (struct idb){id, (uint8_t)(first + i)};
    return k;
}

static size_t cat(uint8_t *dst, size_t k, const uint8_t *src, size_t n)
{
    memcpy(dst + k, src, n);
    return k + n;
}

#define CAT(dst, k, ...)                                                                      \
    do {                                                                                      \
        static const uint8_t cat_src_[] = {__VA_ARGS__};                                      \
        k = cat(dst, k, cat_src_, sizeof cat_src_);                                           \
    } while (0)

static const uint8_t FSYNC[4] = {0xFF, 0xFF, 0xFF, 0x7F};
/* docs/tpiu-contract.md section 11 (a): ID 1, bytes 10 .. 1D. */
static const uint8_t FRAME_A[16] = {0x03, 0x10, 0x10, 0x12, 0x12, 0x14, 0x14, 0x16,
                                    0x16, 0x18, 0x18, 0x1A, 0x1A, 0x1C, 0x1C, 0xFE};

/* ---- TPIU deformatter: hand-derived frames ----------------------------------------------- */

static void check_tpiu(const char *name, const uint8_t *in, size_t n, const struct idb *exp,
                       unsigned nexp, const struct tpiudec_stats *want)
{
    static struct idb got[MAX_OUT];
    struct tpiudec d;
    char detail[160];
    unsigned k = run_tpiu(&d, in, n, got);
    bool ok = same_idb(got, k, exp, nexp, detail, sizeof detail);
    const struct tpiudec_stats *s = &d.stats;
    if (ok && want) {
#define FIELD(f)                                                                              \
    if (ok && s->f != want->f) {                                                              \
        snprintf(detail, sizeof detail, #f " %llu, expected %llu", (unsigned long long)s->f,  \
                 (unsigned long long)want->f);                                                \
        ok = false;                                                                           \
    }
        FIELD(frames) FIELD(fsyncs) FIELD(hsyncs) FIELD(padding) FIELD(unsynced) FIELD(no_id)
        FIELD(reserved_id) FIELD(fsync_in_frame) FIELD(misaligned) FIELD(dropped)
#undef FIELD
    }
    report(ok, name, detail);
}

static void test_tpiu(void)
{
    static uint8_t in[512];
    static struct idb e[MAX_OUT];
    size_t n;
    unsigned k;

    /* (a): the worked frame of the contract. */
    n = cat(in, 0, FSYNC, 4);
    n = cat(in, n, FRAME_A, 16);
    k = seq(e, 0, 0x01, 0x10, 14);
    check_tpiu("tpiu: contract 11(a) frame", in, n, e, k,
               &(struct tpiudec_stats){.frames = 1, .fsyncs = 1});

    /* Delayed and immediate ID changes, padding, ID in byte 14, HSYNC inside a frame, FSYNC
     * and HSYNC between frames, data continuing under the byte-14 ID in the next frame. */
    n = cat(in, 0, FSYNC, 4);
    /* frame 1: b0 ID1 (aux0 0: immediate), b1 11; b2 ID2 with aux1 = 1 (delayed: b3 A0 still
     * ID1); b4 B0 (aux2 0) b5 B1; b6 B2 with aux3 = 1 -> B3, b7 B4; b8 ID3 (aux4 0) b9 C0;
     * b10 C2 (aux5 0) b11 C3; b12 ID0 (aux6 0) b13 00 = padding; b14 ID4 with aux7 = 1 (no
     * effect); aux = 0x02 | 0x08 | 0x80 = 0x8A */
    CAT(in, n, 0x03, 0x11, 0x05, 0xA0, 0xB0, 0xB1, 0xB2, 0xB4, 0x07, 0xC0, 0xC2, 0xC3, 0x01,
        0x00, 0x09, 0x8A);
    /* frame 2 under ID4, HSYNC after byte 3: b0 D0 aux0 1 -> D1, b14 E0 aux7 1 -> E1 */
    CAT(in, n, 0xD0, 0xD2, 0xD4, 0xD5, 0xFF, 0x7F, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xDB, 0xDC,
        0xDD, 0xDE, 0xDF, 0xE0, 0x81);
    CAT(in, n, 0xFF, 0xFF, 0xFF, 0x7F, 0xFF, 0x7F);
    /* frame 3: ID5 20, b2 22 aux1 1 -> 23, 23 .. 2D, b14 ID1, aux = 0x02 */
    CAT(in, n, 0x0B, 0x20, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C,
        0x2D, 0x03, 0x02);
    /* frame 4: no ID byte, all ID1: 40 .. 4E */
    CAT(in, n, 0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4A, 0x4B, 0x4C,
        0x4D, 0x4E, 0x00);
    k = 0;
    e[k++] = (struct idb){1, 0x11};
    e[k++] = (struct idb){1, 0xA0};
    e[k++] = (struct idb){2, 0xB0};
    e[k++] = (struct idb){2, 0xB1};
    e[k++] = (struct idb){2, 0xB3};
    e[k++] = (struct idb){2, 0xB4};
    e[k++] = (struct idb){3, 0xC0};
    e[k++] = (struct idb){3, 0xC2};
    e[k++] = (struct idb){3, 0xC3};
    e[k++] = (struct idb){4, 0xD1}; /* frame 2: D1 D2 D4 D5 D6 .. DF E1 */
    e[k++] = (struct idb){4, 0xD2};
    k = seq(e, k, 4, 0xD4, 12); /* D4 .. DF */
    e[k++] = (struct idb){4, 0xE1};
    e[k++] = (struct idb){5, 0x20};
    e[k++] = (struct idb){5, 0x23};
    k = seq(e, k, 5, 0x23, 11); /* 23 .. 2D */
    k = seq(e, k, 1, 0x40, 15); /* 40 .. 4E */
    check_tpiu("tpiu: ID changes, padding, ID in byte 14, HSYNC in and between frames", in, n,
               e, k,
               &(struct tpiudec_stats){.frames = 4, .fsyncs = 2, .hsyncs = 2, .padding = 1});

    /* Garbage before the first FSYNC: 00 FF 7F FF (an HSYNC look-alike, and an FF that is
     * not the sync's first byte) then FF FF FF 7F. */
    n = 0;
    CAT(in, n, 0x00, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F);
    n = cat(in, n, FRAME_A, 16);
    k = seq(e, 0, 0x01, 0x10, 14);
    check_tpiu("tpiu: 4 garbage bytes before the first FSYNC", in, n, e, k,
               &(struct tpiudec_stats){.frames = 1, .fsyncs = 1, .unsynced = 4});
    n = 0;
    CAT(in, n, 0x12, 0x34, 0x56);
    n = cat(in, n, FSYNC, 4);
    n = cat(in, n, FRAME_A, 16);
    check_tpiu("tpiu: 3 garbage bytes (odd offset) before the first FSYNC", in, n, e, k,
               &(struct tpiudec_stats){.frames = 1, .fsyncs = 1, .unsynced = 3});

    /* Data before any ID after synchronising: dropped and counted. */
    n = cat(in, 0, FSYNC, 4);
    CAT(in, n, 0x10, 0x11, 0x03, 0x20, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2A,
        0x2B, 0x2C, 0x00);
    k = 0;
    e[k++] = (struct idb){1, 0x20};
    k = seq(e, k, 1, 0x22, 11);
    check_tpiu("tpiu: data before the first ID", in, n, e, k,
               &(struct tpiudec_stats){.frames = 1, .fsyncs = 1, .no_id = 2});

    /* Reserved ID 0x70 (byte E1): decoded but counted. */
    n = cat(in, 0, FSYNC, 4);
    CAT(in, n, 0xE1, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x5B, 0x5C, 0x5D, 0x5E, 0x5F, 0x60,
        0x61, 0x62, 0x00);
    k = seq(e, 0, 0x70, 0x55, 14);
    check_tpiu("tpiu: reserved ID 0x70", in, n, e, k,
               &(struct tpiudec_stats){.frames = 1, .fsyncs = 1, .reserved_id = 1});

    /* A full sync inside a frame: the partial frame (4 bytes) is dropped, realigned. */
    n = cat(in, 0, FSYNC, 4);
    CAT(in, n, 0x03, 0x10, 0x10, 0x12);
    n = cat(in, n, FSYNC, 4);
    n = cat(in, n, FRAME_A, 16);
    k = seq(e, 0, 0x01, 0x10, 14);
    check_tpiu("tpiu: FSYNC inside a frame", in, n, e, k,
               &(struct tpiudec_stats){.frames = 1, .fsyncs = 2, .fsync_in_frame = 1,
                                       .dropped = 4});

    /* A byte lost: the next FSYNC ends on the first byte of a pair -> realigned. */
    n = cat(in, 0, FSYNC, 4);
    CAT(in, n, 0x03, 0x10, 0x10);
    n = cat(in, n, FSYNC, 4);
    n = cat(in, n, FRAME_A, 16);
    check_tpiu("tpiu: FSYNC at an odd offset (slipped byte)", in, n, e, k,
               &(struct tpiudec_stats){.frames = 1, .fsyncs = 2, .misaligned = 1, .dropped = 6});

    /* Partial frame at the end: nothing emitted, counted by tpiudec_finish. */
    {
        struct tpiudec d;
        static struct idb got[MAX_OUT];
        n = cat(in, 0, FSYNC, 4);
        n = cat(in, n, FRAME_A, 15);
        unsigned m = run_tpiu(&d, in, n, got);
        tpiudec_finish(&d);
        bool ok = m == 0 && d.stats.truncated == 15 && tpiudec_errors(&d.stats) == 0;
        report(ok, "tpiu: partial frame at the end", ok ? "" : "not truncated 15");
    }

    /* Never synchronised: every byte counted as unsynced. */
    {
        struct tpiudec d;
        static struct idb got[MAX_OUT];
        unsigned m = run_tpiu(&d, FRAME_A, 16, got);
        bool ok = m == 0 && d.stats.unsynced == 16 && !d.synced;
        report(ok, "tpiu: no FSYNC, nothing decoded", ok ? "" : "decoded or not counted");
    }
}

/* ---- chain down to an ITM packet ------------------------------------------------------- */

static void test_chain_pkt(void)
{
    /* INST port 3 size 4 data 0x12345678 = 1B 78 56 34 12 under ID 1, then padding:
     * b0 ID1, b1 1B, b2 78 (aux 0), b3 56, b4 34 (aux 0), b5 12, b6 ID0 (aux 0), b7..b14 00
     * (8 padding bytes). */
    uint8_t in[20];
    size_t n = cat(in, 0, FSYNC, 4);
    static const uint8_t fr[16] = {0x03, 0x1B, 0x78, 0x56, 0x34, 0x12, 0x01, 0x00,
                                   0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
    n = cat(in, n, fr, 16);
    struct tpiudec d;
    struct pktdec pd;
    char text[128] = "";
    unsigned npk = 0;
    tpiudec_init(&d);
    pktdec_init(&pd);
    for (size_t i = 0; i < n; i++) {
        struct tpiudec_byte o[TPIUDEC_MAX_OUT];
        unsigned m = tpiudec_push(&d, in[i], o);
        for (unsigned j = 0; j < m; j++) {
            struct pkt p;
            if (o[j].id == 1 && pktdec_push(&pd, o[j].data, &p) != PKT_NONE) {
                pktdec_format(&p, text, sizeof text);
                npk++;
            }
        }
    }
    bool ok = npk == 1 && strcmp(text, "INST port=3 size=4 data=0x12345678") == 0 &&
              d.stats.padding == 8;
    report(ok, "chain: frame -> INST packet", ok ? "" : text);
}

/* ---- SWO ----------------------------------------------------------------------------------- */

/* Cells given as a string of '0'/'1' (other characters ignored), each repeated div times. */
static size_t cells(uint8_t *dst, size_t k, const char *c, unsigned div)
{
    for (; *c; c++)
        if (*c == '0' || *c == '1')
            for (unsigned i = 0; i < div; i++)
                dst[k++] = (uint8_t)(*c - '0');
    return k;
}

static void check_swo(const char *name, enum swodec_mode mode, unsigned div, const char *cellstr,
                      const uint8_t *exp, unsigned nexp, uint64_t errors)
{
    static uint8_t s[8192];
    uint8_t got[64];
    unsigned k = 0;
    char detail[160] = "";
    size_t n = cells(s, 0, cellstr, div);
    struct swodec d;
    bool ok = swodec_init(&d, mode, div);
    for (size_t i = 0; i < n; i++) {
        uint8_t b;
        if (swodec_push(&d, s[i], &b) && k < sizeof got)
            got[k++] = b;
    }
    swodec_finish(&d);
    if (k != nexp || memcmp(got, exp, k) != 0) {
        ok = false;
        int pos = snprintf(detail, sizeof detail, "decoded %u bytes:", k);
        for (unsigned i = 0; i < k && i < 8 && pos > 0 && (size_t)pos < sizeof detail; i++)
            pos += snprintf(detail + pos, sizeof detail - (size_t)pos, " %02x", got[i]);
    } else if (swodec_errors(&d.stats) != errors || d.stats.truncated != 0) {
        ok = false;
        snprintf(detail, sizeof detail, "errors %llu (expected %llu), truncated %llu",
                 (unsigned long long)swodec_errors(&d.stats), (unsigned long long)errors,
                 (unsigned long long)d.stats.truncated);
    }
    char full[128];
    snprintf(full, sizeof full, "%s, div %u", name, div);
    report(ok, full, detail);
}

static void test_swo(void)
{
    static const uint8_t b41[] = {0x41}, b41a5[] = {0x41, 0xA5};
    for (unsigned div = 1; div <= 3; div += 2) {
        /* contract 11(d): NRZ 0x41 = start 0, 1 0 0 0 0 0 1 0, stop 1; idle high around */
        check_swo("nrz: 0x41", SWODEC_NRZ, div, "11 0 10000010 1 111", b41, 1, 0);
        /* the line low from reset before idle: no start until it was high */
        check_swo("nrz: 0x41 after the reset level 0", SWODEC_NRZ, div,
                  "000 11 0 10000010 1 11", b41, 1, 0);
        /* back to back: 0x41 then 0xA5 (LSB first 1 0 1 0 0 1 0 1) */
        check_swo("nrz: 0x41 0xA5 back to back", SWODEC_NRZ, div,
                  "1 0 10000010 1 0 10100101 1 1", b41a5, 2, 0);
        /* stop bit 0: framing error, byte dropped; the next character still decodes */
        check_swo("nrz: framing error then 0x41", SWODEC_NRZ, div,
                  "1 0 10000010 0 11 0 10000010 1 1", b41, 1, 1);
        /* contract 11(d): Manchester 0x41 = 1 0 | 10 01 01 01 01 01 10 01 | 0 0, idle low */
        check_swo("manchester: 0x41", SWODEC_MANCHESTER, div,
                  "00 10 1001010101011001 00 000", b41, 1, 0);
        /* 0xA5: 10 01 10 01 01 10 01 10; back to back after the 0x41's stop */
        check_swo("manchester: 0x41 0xA5 back to back", SWODEC_MANCHESTER, div,
                  "0 10 1001010101011001 00 10 1001100101100110 00 0", b41a5, 2, 0);
        /* bit 2 sent as "1 1": symbol error, byte dropped. The rest of the character,
         * 0 1 0 1 0 1 1 0 0 1 0 0, gives two more: a start "1 0" at its second cell, then
         * "1 0", then "1 1"; a start "1 0" at its tenth cell, then "0 0". After the idle
         * the next character decodes. */
        check_swo("manchester: symbol error then 0x41", SWODEC_MANCHESTER, div,
                  "0 10 1001110101011001 00 0000 10 1001010101011001 00 0", b41, 1, 3);
        /* a burst of two bytes without a stop between them (facts section 4) */
        check_swo("manchester: two-byte burst", SWODEC_MANCHESTER, div,
                  "0 10 1001010101011001 1001100101100110 00 0", b41a5, 2, 0);
        /* a capture starting high (inside a character): not taken as a start (it would
         * be a false start "1 1") */
        check_swo("manchester: capture starts high", SWODEC_MANCHESTER, div,
                  "1 1 0 0 0 10 1001010101011001 00 0", b41, 1, 0);
    }
    /* div 2 samples in the second cycle of each cell */
    check_swo("nrz: 0x41", SWODEC_NRZ, 2, "11 0 10000010 1 1", b41, 1, 0);
    check_swo("manchester: 0x41", SWODEC_MANCHESTER, 2, "00 10 1001010101011001 00 0", b41, 1,
              0);
    struct swodec d;
    bool ok = !swodec_init(&d, SWODEC_NRZ, 0) && !swodec_init(&d, SWODEC_NRZ, 65537) &&
              swodec_init(&d, SWODEC_NRZ, 65536);
    uint8_t b;
    swodec_init(&d, SWODEC_NRZ, 0);
    ok = ok && !swodec_push(&d, 0, &b); /* unusable after a failed init, but safe */
    report(ok, "swo: div range 1..65536", ok ? "" : "bad range check");
}

/* ---- parallel ------------------------------------------------------------------------------ */

static void check_par(const char *name, unsigned width, const uint8_t *chunks, size_t n,
                      const uint8_t *exp, unsigned nexp)
{
    struct pardec d;
    uint8_t got[256];
    unsigned k = 0;
    char detail[160] = "";
    bool ok = pardec_init(&d, width);
    for (size_t i = 0; i < n; i++) {
        uint8_t o[PARDEC_MAX_OUT];
        unsigned m = pardec_push(&d, chunks[i], o);
        for (unsigned j = 0; j < m && k < sizeof got; j++)
            got[k++] = o[j];
    }
    if (k != nexp || memcmp(got, exp, k) != 0) {
        ok = false;
        int pos = snprintf(detail, sizeof detail, "decoded %u bytes:", k);
        for (unsigned i = 0; i < k && i < 10 && pos > 0 && (size_t)pos < sizeof detail; i++)
            pos += snprintf(detail + pos, sizeof detail - (size_t)pos, " %02x", got[i]);
    } else if (pardec_errors(&d.stats) != 0) {
        ok = false;
        snprintf(detail, sizeof detail, "realigns %llu", (unsigned long long)d.stats.realigns);
    }
    report(ok, name, detail);
}

static void test_par(void)
{
    static const uint8_t sync_03_10[6] = {0xFF, 0xFF, 0xFF, 0x7F, 0x03, 0x10};
    /* Width 1: garbage 1 0 1, then FF FF FF 7F 03 10, each byte LSB first. */
    static const uint8_t w1[] = {1, 0, 1,                       /* garbage */
                                 1, 1, 1, 1, 1, 1, 1, 1,        /* FF */
                                 1, 1, 1, 1, 1, 1, 1, 1,        /* FF */
                                 1, 1, 1, 1, 1, 1, 1, 1,        /* FF */
                                 1, 1, 1, 1, 1, 1, 1, 0,        /* 7F */
                                 1, 1, 0, 0, 0, 0, 0, 0,        /* 03 */
                                 0, 0, 0, 0, 1, 0, 0, 0,        /* 10 */
                                 1, 1};                         /* half a chunk of more */
    check_par("parallel: width 1, sync after 3 garbage bits", 1, w1, sizeof w1, sync_03_10, 6);
    /* Width 2: garbage 1 2, then 2-bit chunks LSB first: FF = 3 3 3 3, 7F = 3 3 3 1,
     * 03 = 3 0 0 0, 10 = 0 0 1 0. One FF chunk given as 0xFF: bits above 2 ignored. */
    static const uint8_t w2[] = {1, 2, 3, 3, 3, 3, 3, 0xFF, 3, 3, 3, 3, 3, 3,
                                 3, 3, 3, 1, 3, 0, 0, 0, 0, 0, 1, 0};
    check_par("parallel: width 2, sync after 2 garbage chunks", 2, w2, sizeof w2, sync_03_10, 6);
    /* Width 4, the whole chain: garbage 5 0 0, an HSYNC (FF 7F = F F F 7), the FSYNC,
     * frame (a) as nibbles low first, an HSYNC; deformatted: ID 1, 10 .. 1D. */
    static const uint8_t w4[] = {5,   0,   0,   0xF, 0xF, 0xF, 7,   0xF, 0xF, 0xF, 0xF,
                                 0xF, 0xF, 0xF, 7,   3,   0,   0,   1,   0,   1,   2,
                                 1,   2,   1,   4,   1,   4,   1,   6,   1,   6,   1,
                                 8,   1,   8,   1,   0xA, 1,   0xA, 1,   0xC, 1,   0xC,
                                 1,   0xE, 0xF, 0xF, 0xF, 0xF, 7};
    uint8_t exp4[22];
    size_t n4 = cat(exp4, 0, FSYNC, 4);
    n4 = cat(exp4, n4, FRAME_A, 16);
    exp4[n4++] = 0xFF;
    exp4[n4++] = 0x7F;
    check_par("parallel: width 4, HSYNC, FSYNC, frame (a), HSYNC", 4, w4, sizeof w4, exp4,
              (unsigned)n4);
    {
        struct pardec pd;
        struct tpiudec td;
        static struct idb got[MAX_OUT], e[16];
        unsigned k = 0;
        pardec_init(&pd, 4);
        tpiudec_init(&td);
        for (size_t i = 0; i < sizeof w4; i++) {
            uint8_t o[PARDEC_MAX_OUT];
            unsigned m = pardec_push(&pd, w4[i], o);
            for (unsigned j = 0; j < m; j++) {
                struct tpiudec_byte t[TPIUDEC_MAX_OUT];
                unsigned q = tpiudec_push(&td, o[j], t);
                for (unsigned r = 0; r < q; r++)
                    got[k++] = (struct idb){t[r].id, t[r].data};
            }
        }
        char detail[160];
        unsigned ne = seq(e, 0, 1, 0x10, 14);
        bool ok = same_idb(got, k, e, ne, detail, sizeof detail) && td.stats.hsyncs == 1 &&
                  tpiudec_errors(&td.stats) == 0;
        report(ok, "parallel: width 4 deformatted", detail);
    }
    struct pardec d;
    bool ok = !pardec_init(&d, 3) && !pardec_init(&d, 16) && !pardec_init(&d, 0) &&
              pardec_init(&d, 8);
    report(ok, "parallel: widths 1, 2, 4, 8 only", ok ? "" : "bad width check");
}

/* ---- test-only encoder and round trips ------------------------------------------------------ */

static uint32_t g_rnd = 12345u;
static uint32_t rnd(void)
{
    g_rnd = g_rnd * 1664525u + 1013904223u;
    return g_rnd >> 8;
}

/* Whether enc_frames sends syncs (off: frames only, frame n at byte 16 n). */
static bool g_enc_syncs = true;

/* A formatter after facts section 3: greedy, changes the ID only when it differs, delayed
 * change when the next byte of another ID meets an odd position; pads the last frame with
 * ID 0; inserts HSYNCs between pairs and FSYNCs between frames at random. */
static size_t enc_frames(const struct idb *q, unsigned nq, uint8_t *out, size_t cap)
{
    size_t k = 0;
    unsigned i = 0, p = 0;
    uint8_t aux = 0, cur = 0;
    bool cur_vld = false;
    const struct idb pad = {0, 0};
    if (g_enc_syncs)
        k = cat(out, k, FSYNC, 4);
    while ((i < nq || p != 0) && k + 8 < cap) {
        struct idb e1 = i < nq ? q[i] : pad;
        struct idb e2 = i + 1 < nq ? q[i + 1] : pad;
        uint8_t b0, b1;
        if (p == 14) {
            if (cur_vld && e1.id == cur) {
                b0 = e1.data & 0xFE;
                aux |= (uint8_t)((e1.data & 1u) << 7);
                i++;
            } else {
                b0 = (uint8_t)(e1.id << 1 | 1);
                cur = e1.id;
                cur_vld = true;
            }
            out[k++] = b0;
            out[k++] = aux;
            p = 0;
            aux = 0;
            if (g_enc_syncs && rnd() % 8 == 0) {
                k = cat(out, k, FSYNC, 4);
                cur_vld = false;
            }
        } else {
            if (!cur_vld || e1.id != cur) {
                b0 = (uint8_t)(e1.id << 1 | 1);
                b1 = e1.data;
                cur = e1.id;
                cur_vld = true;
                i++;
            } else if (e2.id == cur) {
                b0 = e1.data & 0xFE;
                aux |= (uint8_t)((e1.data & 1u) << (p / 2));
                b1 = e2.data;
                i += 2;
            } else {
                b0 = (uint8_t)(e2.id << 1 | 1);
                b1 = e1.data;
                aux |= (uint8_t)(1u << (p / 2));
                cur = e2.id;
                i++;
            }
            out[k++] = b0;
            out[k++] = b1;
            p += 2;
        }
        if (g_enc_syncs && rnd() % 6 == 0) {
            out[k++] = 0xFF;
            out[k++] = 0x7F;
        }
    }
    return k;
}

static size_t enc_swo(enum swodec_mode mode, unsigned div, const uint8_t *b, size_t n,
                      uint8_t *out, size_t cap)
{
    uint8_t idle = mode == SWODEC_NRZ ? 1 : 0;
    size_t k = 0;
    for (unsigned i = 0; i < 3 * div && k < cap; i++)
        out[k++] = idle;
    for (size_t j = 0; j < n; j++) {
        uint8_t c[20];
        unsigned nc = 0;
        if (mode == SWODEC_NRZ) {
            c[nc++] = 0;
            for (unsigned bit = 0; bit < 8; bit++)
                c[nc++] = (b[j] >> bit) & 1u;
            c[nc++] = 1;
        } else {
            c[nc++] = 1;
            c[nc++] = 0;
            for (unsigned bit = 0; bit < 8; bit++) {
                c[nc++] = (b[j] >> bit) & 1u;
                c[nc++] = !((b[j] >> bit) & 1u);
            }
            c[nc++] = 0;
            c[nc++] = 0;
        }
        unsigned gap = rnd() % 4 == 0 ? rnd() % (3 * div) : 0;
        for (unsigned i = 0; i < nc; i++)
            for (unsigned r = 0; r < div && k < cap; r++)
                out[k++] = c[i];
        for (unsigned i = 0; i < gap && k < cap; i++)
            out[k++] = idle;
    }
    for (unsigned i = 0; i < 3 * div && k < cap; i++)
        out[k++] = idle;
    return k;
}

static size_t enc_par(unsigned w, const uint8_t *b, size_t n, uint8_t *out, size_t cap)
{
    size_t k = 0;
    unsigned lead = rnd() % 7;
    for (unsigned i = 0; i < lead && k < cap; i++)
        out[k++] = 0;
    size_t j = 0;
    while (j < n) {
        uint16_t unit;
        if (rnd() % 5 == 0) {
            unit = 0x7FFF; /* an HSYNC unit inserted by the port */
        } else {
            unit = (uint16_t)(b[j] | (j + 1 < n ? b[j + 1] << 8 : 0x7F00));
            j += 2;
        }
        for (unsigned s = 0; s < 16 && k < cap; s += w)
            out[k++] = (uint8_t)((unit >> s) & ((1u << w) - 1u));
    }
    return k;
}

static void test_roundtrip(void)
{
    static struct idb q[600], got[MAX_OUT];
    static uint8_t bytes[4096], line[1u << 20];
    unsigned fails = 0, runs = 0;
    char detail[160] = "";
    for (unsigned run = 0; run < 60; run++) {
        unsigned nq = 1 + rnd() % 500;
        uint8_t ids[3] = {(uint8_t)(1 + rnd() % 0x6F), (uint8_t)(1 + rnd() % 0x6F),
                          (uint8_t)(1 + rnd() % 0x6F)};
        unsigned cur = 0;
        for (unsigned i = 0; i < nq; i++) {
            if (rnd() % 5 == 0)
                cur = rnd() % 3;
            q[i] = (struct idb){ids[cur], (uint8_t)rnd()};
        }
        size_t nb = enc_frames(q, nq, bytes, sizeof bytes);
        for (unsigned lm = 0; lm < 6; lm++) {
            /* 0 bytes, 1 NRZ, 2 Manchester, 3.. parallel widths */
            size_t nl = 0;
            struct swodec sd;
            struct pardec pd;
            struct tpiudec td;
            unsigned div = 1 + rnd() % 4, w = 1u << (rnd() % 4);
            if (lm == 1 || lm == 2) {
                enum swodec_mode m = lm == 1 ? SWODEC_NRZ : SWODEC_MANCHESTER;
                nl = enc_swo(m, div, bytes, nb, line, sizeof line);
                swodec_init(&sd, m, div);
            } else if (lm >= 3) {
                nl = enc_par(w, bytes, nb, line, sizeof line);
                pardec_init(&pd, w);
            }
            tpiudec_init(&td);
            unsigned k = 0;
            size_t nin = lm == 0 ? nb : nl;
            for (size_t i = 0; i < nin; i++) {
                uint8_t o[PARDEC_MAX_OUT];
                unsigned m = 0;
                if (lm == 0)
                    o[m++] = bytes[i];
                else if (lm <= 2)
                    m = swodec_push(&sd, line[i], &o[0]) ? 1 : 0;
                else
                    m = pardec_push(&pd, line[i], o);
                for (unsigned j = 0; j < m; j++) {
                    struct tpiudec_byte t[TPIUDEC_MAX_OUT];
                    unsigned r = tpiudec_push(&td, o[j], t);
                    for (unsigned x = 0; x < r && k < MAX_OUT; x++)
                        got[k++] = (struct idb){t[x].id, t[x].data};
                }
            }
            runs++;
            bool ok = same_idb(got, k, q, nq, detail, sizeof detail) &&
                      tpiudec_errors(&td.stats) == 0 &&
                      (lm == 0 || lm > 2 || swodec_errors(&sd.stats) == 0) &&
                      (lm <= 2 || pardec_errors(&pd.stats) == 0);
            if (!ok && fails++ == 0)
                printf("     run %u line mode %u div %u width %u: %s\n", run, lm, div, w,
                       detail[0] ? detail : "errors counted");
        }
    }
    snprintf(detail, sizeof detail, "%u of %u runs failed", fails, runs);
    report(fails == 0, "round trip: formatter -> bytes/NRZ/Manchester/parallel -> decoders",
           fails ? detail : "");
}

/* ---- garbage, then a clean stream: no crash, bounded output, resynchronisation ------------ */

static uint8_t biased_byte(void)
{
    static const uint8_t pick[] = {0xFF, 0x7F, 0xFF, 0x00, 0x03, 0x01, 0xFE};
    uint32_t r = rnd();
    return r % 3 == 0 ? (uint8_t)(r >> 4) : pick[(r >> 4) % sizeof pick];
}

static void test_garbage(void)
{
    unsigned bad_tpiu = 0, bad_swo = 0, bad_par = 0;
    static uint8_t line[1u << 16];
    for (unsigned run = 0; run < 300; run++) {
        /* deformatter */
        struct tpiudec td;
        tpiudec_init(&td);
        unsigned len = rnd() % 600;
        for (unsigned i = 0; i < len; i++) {
            struct tpiudec_byte t[TPIUDEC_MAX_OUT];
            if (tpiudec_push(&td, biased_byte(), t) > TPIUDEC_MAX_OUT)
                bad_tpiu++;
        }
        struct idb got[32];
        unsigned k = 0;
        for (unsigned i = 0; i < 4; i++) {
            struct tpiudec_byte t[TPIUDEC_MAX_OUT];
            tpiudec_push(&td, FSYNC[i], t); /* may complete a garbage frame */
        }
        for (unsigned i = 0; i < 16; i++) {
            struct tpiudec_byte t[TPIUDEC_MAX_OUT];
            unsigned m = tpiudec_push(&td, FRAME_A[i], t);
            for (unsigned j = 0; j < m && k < 32; j++)
                got[k++] = (struct idb){t[j].id, t[j].data};
        }
        struct idb e[14];
        char detail[160];
        seq(e, 0, 1, 0x10, 14);
        if (!same_idb(got, k, e, 14, detail, sizeof detail))
            bad_tpiu++;

        /* SWO: random runs of levels, then idle, then 0x41 */
        enum swodec_mode mode = run % 2 ? SWODEC_MANCHESTER : SWODEC_NRZ;
        unsigned div = 1 + rnd() % 5;
        struct swodec sd;
        swodec_init(&sd, mode, div);
        size_t n = 0;
        unsigned nruns = rnd() % 200;
        for (unsigned r = 0; r < nruns; r++) {
            uint8_t lvl = rnd() & 1u;
            unsigned rl = 1 + rnd() % (3 * div);
            for (unsigned i = 0; i < rl && n < sizeof line / 2; i++)
                line[n++] = lvl;
        }
        uint8_t b;
        for (size_t i = 0; i < n; i++)
            swodec_push(&sd, line[i], &b);
        uint8_t idle = mode == SWODEC_NRZ ? 1 : 0;
        for (unsigned i = 0; i < 40 * div; i++)
            if (swodec_push(&sd, idle, &b))
                break; /* a garbage character may end during the idle */
        n = cells(line, 0,
                  mode == SWODEC_NRZ ? "0 10000010 1 11" : "10 1001010101011001 00 00", div);
        unsigned nb = 0;
        uint8_t last = 0;
        for (size_t i = 0; i < n; i++)
            if (swodec_push(&sd, line[i], &b))
                nb++, last = b;
        if (nb != 1 || last != 0x41)
            bad_swo++;

        /* parallel: random chunks, then FSYNC and frame (a) */
        unsigned w = 1u << (rnd() % 4);
        struct pardec pd;
        pardec_init(&pd, w);
        unsigned nch = rnd() % 400;
        for (unsigned i = 0; i < nch; i++) {
            uint8_t o[PARDEC_MAX_OUT];
            if (pardec_push(&pd, (uint8_t)(rnd() % 3 ? 0xFF : rnd()), o) > PARDEC_MAX_OUT)
                bad_par++;
        }
        uint8_t clean[20];
        size_t nc = cat(clean, 0, FSYNC, 4);
        nc = cat(clean, nc, FRAME_A, 16);
        uint8_t outb[64];
        unsigned no = 0;
        for (size_t j = 0; j < nc; j++)
            for (unsigned s = 0; s < 8; s += w) {
                uint8_t o[PARDEC_MAX_OUT];
                unsigned m = pardec_push(&pd, (uint8_t)(clean[j] >> s), o);
                if (j >= 4)
                    for (unsigned x = 0; x < m && no < sizeof outb; x++)
                        outb[no++] = o[x];
            }
        if (no != 16 || memcmp(outb, FRAME_A, 16) != 0)
            bad_par++;
    }
    report(bad_tpiu == 0, "garbage: tpiu resynchronises on FSYNC (300 runs)", "");
    report(bad_swo == 0, "garbage: swo decodes the next character after idle (300 runs)", "");
    report(bad_par == 0, "garbage: parallel realigns on FSYNC (300 runs)", "");
}

/* ---- SWO: fractional bit timing, idle gaps ------------------------------------------------ */

/* NRZ or Manchester characters at `spb` samples per bit (any real number), the line's
 * time origin shifted by `phase` of a sample: sample i shows the level at time i + phase.
 * idle[j] bit times of idle before byte j (fractions allowed). Returns the samples. */
static size_t enc_swo_real(enum swodec_mode mode, double spb, double phase, const uint8_t *b,
                           const double *idle, size_t n, uint8_t *out, size_t cap)
{
    /* the line as (level, end time) segments, times in bits */
    static uint8_t lv[1u << 16];
    static double end[1u << 16];
    size_t ns = 0;
    double t = 0;
    const uint8_t idle_lvl = mode == SWODEC_NRZ ? 1 : 0;
    for (size_t j = 0; j < n && ns + 40 < sizeof lv; j++) {
        t += idle[j];
        lv[ns] = idle_lvl, end[ns++] = t;
        if (mode == SWODEC_NRZ) {
            lv[ns] = 0, end[ns++] = t += 1;
            for (unsigned bit = 0; bit < 8; bit++)
                lv[ns] = (b[j] >> bit) & 1u, end[ns++] = t += 1;
            lv[ns] = 1, end[ns++] = t += 1;
        } else {
            lv[ns] = 1, end[ns++] = t += 0.5;
            lv[ns] = 0, end[ns++] = t += 0.5;
            for (unsigned bit = 0; bit < 8; bit++) {
                uint8_t v = (b[j] >> bit) & 1u;
                lv[ns] = v, end[ns++] = t += 0.5;
                lv[ns] = !v, end[ns++] = t += 0.5;
            }
            lv[ns] = 0, end[ns++] = t += 1;
        }
    }
    lv[ns] = idle_lvl, end[ns++] = t += 12;
    size_t k = 0, seg = 0;
    for (size_t i = 0; k < cap; i++) {
        double ti = ((double)i + phase) / spb;
        while (seg < ns && end[seg] <= ti)
            seg++;
        if (seg == ns)
            break;
        out[k++] = lv[seg];
    }
    return k;
}

static void test_swo_rate(void)
{
    /* A whole number of samples per cell: swodec_init_rate gives swodec_init's cell. */
    bool ok = true;
    for (uint32_t div = 1; div <= 9; div++) {
        struct swodec a, b;
        ok = ok && swodec_init(&a, SWODEC_NRZ, div) &&
             swodec_init_rate(&b, SWODEC_NRZ, 1000u * div, 1000u) && a.period == b.period &&
             swodec_init(&a, SWODEC_MANCHESTER, div) &&
             swodec_init_rate(&b, SWODEC_MANCHESTER, 2000u * div, 1000u) && a.period == b.period;
    }
    struct swodec d;
    ok = ok && swodec_init_rate(&d, SWODEC_NRZ, 24000000u, 8000000u) &&
         d.period == 3ull << SWODEC_FRAC && !swodec_init_rate(&d, SWODEC_NRZ, 1000u, 1001u) &&
         !swodec_init_rate(&d, SWODEC_MANCHESTER, 1000u, 501u) &&
         !swodec_init_rate(&d, SWODEC_NRZ, 0, 1) && !swodec_init_rate(&d, SWODEC_NRZ, 1, 0) &&
         !swodec_init_rate(&d, SWODEC_NRZ, 1ull << 40, 1);
    report(ok, "swo: rate init, whole cells equal to div", ok ? "" : "period differs");

    /* Non-integer samples per bit, random phase, idle and a rate error: every byte. */
    static const double spbs[] = {2.5, 3.0, 3.3333, 4.7, 7.77, 10.01, 16.5};
    /* Manchester: samples per cell (half a bit) from the same list */
    static uint8_t line[1u << 20];
    unsigned bad = 0, runs = 0;
    char detail[160] = "";
    for (unsigned m = 0; m < 2; m++)
        for (unsigned si = 0; si < sizeof spbs / sizeof spbs[0]; si++)
            for (unsigned run = 0; run < 6; run++) {
                const enum swodec_mode mode = m ? SWODEC_MANCHESTER : SWODEC_NRZ;
                const double spb = spbs[si] * (m ? 2.0 : 1.0); /* samples per bit */
                uint8_t b[200];
                double idle[200];
                for (unsigned j = 0; j < 200; j++) {
                    b[j] = (uint8_t)rnd();
                    idle[j] = j == 0 ? 3 : rnd() % 3 == 0 ? (double)(rnd() % 1000) / 250.0 : 0;
                }
                /* the sender 0.5 % off the receiver's rate, either way */
                const double err = run & 1 ? 1.005 : 0.995;
                size_t n = enc_swo_real(mode, spb * err, (double)(rnd() % 1000) / 1000.0, b,
                                        idle, 200, line, sizeof line);
                /* rate: samplerate / baud = spb, at a resolution of 1e-4 */
                swodec_init_rate(&d, mode, (uint64_t)(spb * 10000.0 + 0.5), 10000u);
                unsigned k = 0;
                bool same = true;
                for (size_t i = 0; i < n; i++) {
                    uint8_t o;
                    if (swodec_push(&d, line[i], &o)) {
                        same = same && k < 200 && o == b[k];
                        k++;
                    }
                }
                runs++;
                if (!same || k != 200 || swodec_errors(&d.stats) != 0) {
                    if (bad++ == 0)
                        snprintf(detail, sizeof detail,
                                 "%s %.4f samples/bit: %u bytes, %s, %llu errors",
                                 m ? "manchester" : "nrz", spb, k, same ? "same" : "differ",
                                 (unsigned long long)swodec_errors(&d.stats));
                }
            }
    report(bad == 0, "swo: fractional samples per cell (2.5 .. 16.5), phase, +-0.5 % rate",
           detail);

    /* Idle gaps: 40 idle cells, 0x41, back to back 0xA5, 12 idle cells, 0x41, 5 idle cells,
     * 0x41: gaps before the first and the third byte only. */
    static uint8_t s[4096];
    for (unsigned div = 1; div <= 4; div++) {
        size_t n = cells(s, 0,
                         "1111111111111111111111111111111111111111 0 10000010 1 0 10100101 1 "
                         "111111111111 0 10000010 1 11111 0 10000010 1 11",
                         div);
        swodec_init(&d, SWODEC_NRZ, div);
        unsigned k = 0, gaps = 0;
        bool want[4] = {true, false, true, false};
        bool good = true;
        for (size_t i = 0; i < n; i++) {
            uint8_t o;
            if (swodec_push(&d, s[i], &o)) {
                good = good && k < 4 && swodec_gap(&d) == want[k];
                gaps += swodec_gap(&d);
                k++;
            }
        }
        good = good && k == 4 && gaps == 2 && d.stats.gaps == 2;
        /* --gap 13: the 12 idle cells are no gap any more */
        swodec_init(&d, SWODEC_NRZ, div);
        good = good && swodec_set_gap(&d, 13) && !swodec_set_gap(&d, 0) &&
               !swodec_set_gap(&d, 1001);
        for (size_t i = 0; i < n; i++) {
            uint8_t o;
            swodec_push(&d, s[i], &o);
        }
        good = good && d.stats.gaps == 1;
        char name[64];
        snprintf(name, sizeof name, "swo: idle gaps before bytes, div %u", div);
        report(good, name, good ? "" : "gap flags differ");
    }
    /* A capture that begins inside a character: 0x96 = LSB first 0 1 1 0 1 0 0 1 from its
     * third data bit on, then 0x41 back to back, 20 idle cells, 0x41 with a framing error,
     * 0x41. The data bit edges 1 -> 0 are taken for start edges (misread characters
     * running into the idle); with lead-in on their errors are lead-in, the later one is
     * not. */
    for (unsigned on = 0; on < 2; on++) {
        size_t n = cells(s, 0,
                         "101001 1 0 10000010 1 11111111111111111111 0 10000010 0 1111111111 0 "
                         "10000010 1 11",
                         3);
        swodec_init(&d, SWODEC_NRZ, 3);
        swodec_set_lead_in(&d, on);
        uint8_t o, last = 0;
        for (size_t i = 0; i < n; i++)
            if (swodec_push(&d, s[i], &o))
                last = o;
        const uint64_t early = on ? d.stats.lead_in : swodec_errors(&d.stats) - 1;
        bool good = last == 0x41 && early >= 1 && (on || d.stats.lead_in == 0) &&
                    swodec_errors(&d.stats) == (on ? 1u : 1u + early);
        char name[80];
        snprintf(name, sizeof name, "swo: capture begins inside a character, lead-in %s",
                 on ? "on" : "off");
        snprintf(detail, sizeof detail, "lead_in %llu errors %llu",
                 (unsigned long long)d.stats.lead_in,
                 (unsigned long long)swodec_errors(&d.stats));
        report(good, name, good ? "" : detail);
    }
    /* Manchester: a two-byte burst after a long idle: the first byte only */
    {
        size_t n = cells(s, 0,
                         "0000000000000000000000000 10 1001010101011001 1001100101100110 00 0", 2);
        swodec_init(&d, SWODEC_MANCHESTER, 2);
        unsigned k = 0;
        bool good = true;
        for (size_t i = 0; i < n; i++) {
            uint8_t o;
            if (swodec_push(&d, s[i], &o))
                good = good && swodec_gap(&d) == (k++ == 0);
        }
        good = good && k == 2;
        report(good, "swo: manchester burst, gap on its first byte", good ? "" : "flags differ");
    }
}

/* ---- TPIU: alignment without a full sync --------------------------------------------------- */

/* Runs bytes through a fresh deformatter with hunting `methods` (gaps[i]: the line idled
 * before byte i; NULL: none), drained at the end. *maxn: the most pairs one call gave. */
static unsigned run_hunt(struct tpiudec *d, unsigned methods, const uint8_t *in, size_t n,
                         const bool *gaps, struct idb *out, unsigned *maxn)
{
    unsigned k = 0, m;
    struct tpiudec_byte o[TPIUDEC_MAX_OUT];
    *maxn = 0;
    tpiudec_init(d);
    tpiudec_set_hunt(d, methods);
    for (size_t i = 0; i < n; i++) {
        if (gaps && gaps[i])
            tpiudec_gap(d);
        m = tpiudec_push(d, in[i], o);
        *maxn = m > *maxn ? m : *maxn;
        for (unsigned j = 0; j < m && k < MAX_OUT; j++)
            out[k++] = (struct idb){o[j].id, o[j].data};
    }
    while ((m = tpiudec_drain(d, o)) != 0) {
        *maxn = m > *maxn ? m : *maxn;
        for (unsigned j = 0; j < m && k < MAX_OUT; j++)
            out[k++] = (struct idb){o[j].id, o[j].data};
    }
    tpiudec_finish(d);
    return k;
}

/* Random traffic of 1..3 IDs as frames without syncs (frame n at byte 16 n). */
static size_t random_frames(uint8_t *bytes, size_t cap, unsigned nq)
{
    static struct idb q[2048];
    uint8_t ids[3] = {(uint8_t)(1 + rnd() % 0x6F), (uint8_t)(1 + rnd() % 0x6F),
                      (uint8_t)(1 + rnd() % 0x6F)};
    unsigned cur = 0, nid = 1 + rnd() % 3;
    for (unsigned i = 0; i < nq && i < 2048; i++) {
        if (rnd() % 5 == 0)
            cur = rnd() % nid;
        q[i] = (struct idb){ids[cur], (uint8_t)rnd()};
    }
    g_enc_syncs = false;
    size_t n = enc_frames(q, nq, bytes, cap);
    g_enc_syncs = true;
    return n;
}

/* Traffic as the STM32 capture sends it: bursts of a few bytes of 1..3 IDs, each burst
 * closed with ID 0 padding to a whole frame (frame n at byte 16 n). */
static size_t random_bursts(uint8_t *bytes, size_t cap, unsigned nbursts)
{
    static struct idb q[64];
    uint8_t ids[3] = {(uint8_t)(1 + rnd() % 0x6F), (uint8_t)(1 + rnd() % 0x6F),
                      (uint8_t)(1 + rnd() % 0x6F)};
    unsigned nid = 1 + rnd() % 3;
    size_t n = 0;
    g_enc_syncs = false;
    for (unsigned b = 0; b < nbursts && n + 128 < cap; b++) {
        unsigned nq = 1 + rnd() % 40, cur = rnd() % nid;
        for (unsigned i = 0; i < nq; i++) {
            if (rnd() % 6 == 0)
                cur = rnd() % nid;
            q[i] = (struct idb){ids[cur], (uint8_t)rnd()};
        }
        n += enc_frames(q, nq, bytes + n, cap - n);
    }
    g_enc_syncs = true;
    return n;
}

/* The reference: the same frames from byte `from` (a frame start) behind a full sync. */
static unsigned ref_decode(struct tpiudec *d, const uint8_t *bytes, size_t n, size_t from,
                           struct idb *out)
{
    static uint8_t in[1u << 15];
    size_t k = cat(in, 0, FSYNC, 4);
    k = cat(in, k, bytes + from, n - from);
    return run_tpiu(d, in, k, out);
}

static void test_hunt(void)
{
    static uint8_t bytes[1u << 14];
    static bool gaps[1u << 14];
    static struct idb got[MAX_OUT], want[MAX_OUT];
    char detail[200] = "";
    struct tpiudec d, r;
    unsigned maxn;

    /* Idle gaps, as the STM32 capture: bursts of 1..3 whole frames, the capture starting
     * inside the first frame (at byte `skip`, no gap there). */
    unsigned bad = 0;
    for (unsigned run = 0; run < 40; run++) {
        size_t n = random_frames(bytes, sizeof bytes, 100 + rnd() % 400);
        memset(gaps, 0, sizeof gaps);
        for (size_t f = 0; f < n; f += 16 * (1 + rnd() % 3))
            gaps[f] = true;
        unsigned skip = 1 + rnd() % 15;
        unsigned k = run_hunt(&d, TPIUDEC_HUNT_GAP | TPIUDEC_HUNT_FRAME, bytes + skip, n - skip,
                              gaps + skip, got, &maxn);
        unsigned nw = ref_decode(&r, bytes, n, 16, want);
        bool ok = same_idb(got, k, want, nw, detail, sizeof detail) &&
                  d.align == TPIUDEC_ALIGN_GAP && d.stats.aligned[TPIUDEC_ALIGN_GAP] == 1 &&
                  d.stats.unsynced == 0 && d.stats.lead_in == 16 - skip &&
                  d.stats.aligned_at == 16 - skip &&
                  tpiudec_errors(&d.stats) == tpiudec_errors(&r.stats) &&
                  maxn <= TPIUDEC_MAX_OUT;
        if (!ok && bad++ == 0)
            printf("     run %u skip %u: %s (align %s, unsynced %llu)\n", run, skip,
                   detail[0] ? detail : "stats differ", tpiudec_align_name(d.align),
                   (unsigned long long)d.stats.unsynced);
    }
    report(bad == 0, "tpiu hunt: idle gaps between bursts align the frames (40 runs)", "");

    /* The frame structure alone: bursts closed with padding, no gaps, no syncs, any
     * start: always found. */
    bad = 0;
    for (unsigned run = 0; run < 60; run++) {
        size_t n = random_bursts(bytes, sizeof bytes, 30 + rnd() % 60);
        unsigned skip = rnd() % 16;
        unsigned k = run_hunt(&d, TPIUDEC_HUNT_FRAME, bytes + skip, n - skip, NULL, got, &maxn);
        size_t from = skip ? 16 : 0;
        unsigned nw = ref_decode(&r, bytes, n, from, want);
        bool ok = same_idb(got, k, want, nw, detail, sizeof detail) &&
                  d.align == TPIUDEC_ALIGN_FRAME && d.stats.unsynced == 0 &&
                  d.stats.lead_in == from - skip && maxn <= TPIUDEC_MAX_OUT;
        if (!ok && bad++ == 0)
            printf("     run %u skip %u (%zu bytes): %s (align %s, unsynced %llu)\n", run, skip,
                   n, detail[0] ? detail : "stats differ", tpiudec_align_name(d.align),
                   (unsigned long long)d.stats.unsynced);
    }
    snprintf(detail, sizeof detail, "%u of 60 runs wrong", bad);
    report(bad == 0, "tpiu hunt: frame structure finds padded bursts (60 runs)", bad ? detail : "");

    /* Continuous traffic without padding: the frame structure may not tell the even
     * alignments apart (one ID and no ID bytes: nothing to tell), but it never chooses a
     * wrong one; undecided, every byte is unsynced and nothing is decoded. */
    bad = 0;
    unsigned decided = 0;
    for (unsigned run = 0; run < 100; run++) {
        size_t n = random_frames(bytes, sizeof bytes, 300 + rnd() % 700);
        unsigned skip = rnd() % 16;
        unsigned k = run_hunt(&d, TPIUDEC_HUNT_FRAME, bytes + skip, n - skip, NULL, got, &maxn);
        size_t from = skip ? 16 : 0;
        unsigned nw = ref_decode(&r, bytes, n, from, want);
        bool ok;
        if (d.synced) {
            decided++;
            ok = d.stats.aligned_at % 16 == from - skip && d.align == TPIUDEC_ALIGN_FRAME &&
                 k >= 1 && same_idb(got, k, want + (nw - k), k, detail, sizeof detail);
        } else {
            ok = k == 0 && d.stats.unsynced == n - skip;
        }
        if (!ok && bad++ == 0)
            printf("     run %u skip %u: %s, aligned at %llu\n", run, skip,
                   d.synced ? "decided" : "undecided", (unsigned long long)d.stats.aligned_at);
    }
    snprintf(detail, sizeof detail, "%u of 100 runs wrong; %u decided", bad, decided);
    report(bad == 0 && decided > 0, "tpiu hunt: continuous traffic: never a wrong alignment",
           detail);

    /* Gaps that contradict each other (a TPIU pausing inside frames): the frame structure
     * decides. */
    bad = 0;
    for (unsigned run = 0; run < 20; run++) {
        size_t n = random_bursts(bytes, sizeof bytes, 60);
        memset(gaps, 0, sizeof gaps);
        for (size_t i = 0; i < n; i += 1 + rnd() % 40)
            gaps[i] = true;
        unsigned k = run_hunt(&d, TPIUDEC_HUNT_GAP | TPIUDEC_HUNT_FRAME, bytes, n, gaps, got,
                              &maxn);
        unsigned nw = ref_decode(&r, bytes, n, 0, want);
        bool ok = same_idb(got, k, want, nw, detail, sizeof detail) &&
                  d.align == TPIUDEC_ALIGN_FRAME;
        if (!ok && bad++ == 0)
            printf("     run %u: %s (align %s)\n", run, detail[0] ? detail : "",
                   tpiudec_align_name(d.align));
    }
    report(bad == 0, "tpiu hunt: contradicting gaps, the frame structure decides (20 runs)", "");

    /* A full sync still wins: gaps point at byte 5 of each frame (wrong), a full sync at a
     * frame start later realigns; the frames after it decode exactly. */
    {
        size_t n = random_frames(bytes, sizeof bytes, 200);
        size_t cut = 16 * 6;
        static uint8_t in[1u << 14];
        size_t m = cat(in, 0, bytes, cut);
        m = cat(in, m, FSYNC, 4);
        m = cat(in, m, bytes + cut, n - cut);
        memset(gaps, 0, sizeof gaps);
        for (size_t i = 5; i < cut; i += 16)
            gaps[i] = true;
        unsigned k = run_hunt(&d, TPIUDEC_HUNT_GAP, in, m, gaps, got, &maxn);
        unsigned nw = ref_decode(&r, bytes, n, cut, want);
        bool ok = k >= nw && same_idb(got + (k - nw), nw, want, nw, detail, sizeof detail) &&
                  d.align == TPIUDEC_ALIGN_FSYNC && d.stats.aligned[TPIUDEC_ALIGN_GAP] == 1 &&
                  d.stats.aligned[TPIUDEC_ALIGN_FSYNC] == 1 && d.stats.fsyncs == 1;
        report(ok, "tpiu hunt: a full sync overrides a wrong gap alignment", detail);
        /* gaps at the right place, then the full sync: it confirms, nothing lost */
        for (size_t i = 0; i < cut; i++)
            gaps[i] = i % 16 == 0;
        k = run_hunt(&d, TPIUDEC_HUNT_GAP, in, m, gaps, got, &maxn);
        nw = ref_decode(&r, bytes, n, 0, want);
        /* the reference is the stream without the sync; that decodes to the same pairs */
        ok = same_idb(got, k, want, nw, detail, sizeof detail) && d.align == TPIUDEC_ALIGN_FSYNC &&
             tpiudec_errors(&d.stats) == tpiudec_errors(&r.stats) && d.stats.dropped == 0;
        report(ok, "tpiu hunt: a full sync confirms a gap alignment", detail);
    }

    /* A byte lost on the line inside burst 5 of 10 one-frame bursts (ID 1 + 14 bytes
     * each): the gap of burst 6 comes inside a frame; burst 5 is dropped (15 bytes), the
     * rest decodes. */
    {
        static uint8_t in[256];
        size_t m = 0;
        unsigned nw = 0;
        memset(gaps, 0, sizeof gaps);
        for (unsigned f = 0; f < 10; f++) {
            gaps[m] = true;
            uint8_t fr[16];
            memcpy(fr, FRAME_A, 16);
            for (unsigned i = 1; i < 15; i++)
                fr[i] = (uint8_t)(fr[i] + 0x20 * f);
            fr[15] = 0xFE;
            if (f == 4) {
                memmove(fr + 7, fr + 8, 8);
                m = cat(in, m, fr, 15);
                continue;
            }
            m = cat(in, m, fr, 16);
            for (unsigned i = 0; i < 14; i++)
                want[nw++] = (struct idb){1, (uint8_t)(0x10 + i + 0x20 * f)};
        }
        unsigned k = run_hunt(&d, TPIUDEC_HUNT_GAP, in, m, gaps, got, &maxn);
        bool ok = same_idb(got, k, want, nw, detail, sizeof detail) && d.stats.gap_slips == 1 &&
                  d.stats.dropped == 15 && d.align == TPIUDEC_ALIGN_GAP &&
                  tpiudec_errors(&d.stats) == 1;
        report(ok, "tpiu hunt: a gap inside a frame (a byte lost) realigns", detail);
    }

    /* The end of the stream decides: one burst of one frame after a gap. */
    {
        memset(gaps, 0, sizeof gaps);
        gaps[0] = true;
        unsigned k = run_hunt(&d, TPIUDEC_HUNT_GAP, FRAME_A, 16, gaps, got, &maxn);
        unsigned nw = seq(want, 0, 1, 0x10, 14);
        bool ok = same_idb(got, k, want, nw, detail, sizeof detail) && d.align == TPIUDEC_ALIGN_GAP;
        report(ok, "tpiu hunt: a single gap decides at the end of the stream", detail);
        /* no way to tell: nothing decoded, every byte unsynced */
        k = run_hunt(&d, TPIUDEC_HUNT_FRAME, FRAME_A, 16, NULL, got, &maxn);
        ok = d.stats.unsynced + d.stats.truncated + 14 * d.stats.frames + d.stats.no_id >= 1;
        report(ok, "tpiu hunt: one frame, no gap: accounted", "");
    }

    /* Garbage (with gaps anywhere), then a full sync and frame (a): whatever the hunt
     * decided on the garbage, the sync realigns and frame (a) comes out last. */
    bad = 0;
    for (unsigned run = 0; run < 300; run++) {
        static uint8_t in[4096];
        size_t m = 0;
        unsigned len = rnd() % 3000;
        memset(gaps, 0, sizeof gaps);
        for (unsigned i = 0; i < len; i++) {
            in[m] = biased_byte();
            gaps[m++] = rnd() % 8 == 0;
        }
        m = cat(in, m, FSYNC, 4);
        m = cat(in, m, FRAME_A, 16);
        unsigned k = run_hunt(&d, TPIUDEC_HUNT_GAP | TPIUDEC_HUNT_FRAME, in, m, gaps, got, &maxn);
        unsigned nw = seq(want, 0, 1, 0x10, 14);
        if (k < nw || !same_idb(got + (k - nw), nw, want, nw, detail, sizeof detail) ||
            maxn > TPIUDEC_MAX_OUT || d.align != TPIUDEC_ALIGN_FSYNC ||
            d.stats.data + d.stats.padding + d.stats.no_id > d.stats.bytes)
            bad++;
    }
    snprintf(detail, sizeof detail, "%u of 300 runs wrong", bad);
    report(bad == 0, "tpiu hunt: garbage, then a full sync realigns (300 runs)", bad ? detail : "");

    /* Without hunting, a gap changes nothing (the default of tpiudec_init). */
    {
        static uint8_t in[64];
        size_t m = cat(in, 0, FRAME_A, 16);
        m = cat(in, m, FSYNC, 4);
        m = cat(in, m, FRAME_A, 16);
        memset(gaps, 0, sizeof gaps);
        gaps[0] = gaps[16] = true;
        unsigned k = run_hunt(&d, 0, in, m, gaps, got, &maxn);
        unsigned nw = seq(want, 0, 1, 0x10, 14);
        bool ok = same_idb(got, k, want, nw, detail, sizeof detail) && d.stats.unsynced == 16 &&
                  d.stats.gaps == 2 && d.align == TPIUDEC_ALIGN_FSYNC;
        report(ok, "tpiu hunt: off by default, full syncs only", detail);
    }
}

/* ---- DWT hardware-source names (facts section 1.8) ----------------------------------------- */

static void check_hw(const char *bytes_hex, const char *want, const char *want_json)
{
    struct pktdec pd;
    struct pkt p = {.type = PKT_NONE};
    pktdec_init(&pd);
    unsigned n = 0;
    for (const char *c = bytes_hex; *c;) {
        char *end;
        unsigned long v = strtoul(c, &end, 16);
        if (end == c)
            break;
        c = end;
        n++;
        if (pktdec_push(&pd, (uint8_t)v, &p) != PKT_NONE)
            break;
    }
    struct hwsrc h;
    char text[192] = "", json[192] = "", detail[400] = "";
    bool ok = hwsrc_decode(&p, &h);
    if (ok) {
        hwsrc_format(&h, text, sizeof text);
        hwsrc_format_json(&h, json, sizeof json);
        ok = strcmp(text, want) == 0 && (!want_json || strcmp(json, want_json) == 0);
    }
    if (!ok)
        snprintf(detail, sizeof detail, "got '%s' %s", text, json);
    char name[96];
    snprintf(name, sizeof name, "dwt names: %s", bytes_hex);
    report(ok, name, detail);
}

static void test_hwsrc(void)
{
    check_hw("05 21", "EVENT-COUNTER wrapped=CPI,CYC",
             ",\"dwt\":\"EVENT_COUNTER\",\"wrapped\":[\"CPI\",\"CYC\"]");
    check_hw("05 1e", "EVENT-COUNTER wrapped=EXC,SLEEP,LSU,FOLD", NULL);
    check_hw("05 00", "EVENT-COUNTER wrapped=none", NULL);
    check_hw("05 40", "HW-RESERVED disc=0 size=1 data=0x40 (event counter bits 7:6 set)", NULL);
    check_hw("0e 2c 10", "EXCEPTION entry exc=44 (IRQ 28)",
             ",\"dwt\":\"EXCEPTION\",\"fn\":\"entry\",\"exc\":44,\"exc_name\":\"IRQ 28\"");
    check_hw("0e 2c 20", "EXCEPTION exit exc=44 (IRQ 28)", NULL);
    check_hw("0e 00 30", "EXCEPTION return exc=0 (Thread)", NULL);
    check_hw("0e 0f 10", "EXCEPTION entry exc=15 (SysTick)", NULL);
    check_hw("0e 07 20", "EXCEPTION exit exc=7 (SecureFault)", NULL);
    check_hw("0e 10 11", "EXCEPTION entry exc=272 (IRQ 256)", NULL);
    check_hw("0e 2c 00", "HW-RESERVED disc=1 size=2 data=0x002c (exception trace FN 00)", NULL);
    check_hw("0e 2c 12",
             "HW-RESERVED disc=1 size=2 data=0x122c (exception trace reserved bits of byte 2 set)",
             NULL);
    check_hw("17 18 02 00 08", "PC-SAMPLE pc=0x08000218",
             ",\"dwt\":\"PC_SAMPLE\",\"pc\":\"0x08000218\"");
    check_hw("15 00", "PC-SAMPLE sleep", ",\"dwt\":\"PC_SLEEP\"");
    check_hw("15 ff", "PC-SAMPLE prohibited", NULL);
    check_hw("15 12",
             "HW-RESERVED disc=2 size=1 data=0x12 (PC sample payload other than 4 bytes, 00 or FF)",
             NULL);
    check_hw("16 00 00", "HW-RESERVED disc=2 size=2 data=0x0000 (PC sample payload other than 4 "
                         "bytes, 00 or FF)",
             NULL);
    check_hw("1d 05", "PMU-OVERFLOW counters=0x05", NULL);
    check_hw("25 00", "HW-RESERVED disc=4 size=1 data=0x00 (reserved discriminator)",
             ",\"dwt\":\"HW_RESERVED\",\"reserved\":\"reserved discriminator\"");
    check_hw("c7 01 02 03 04",
             "HW-RESERVED disc=24 size=4 data=0x04030201 (reserved discriminator)", NULL);
    check_hw("47 00 00 00 80", "DATA-PC cmp=0 pc=0x80000000",
             ",\"dwt\":\"DATA_PC\",\"cmp\":0,\"pc\":\"0x80000000\"");
    check_hw("56 34 12", "DATA-PC cmp=1 pc=0x1234 (low bytes)", NULL);
    check_hw("45 01", "DATA-MATCH cmp=0", ",\"dwt\":\"DATA_MATCH\",\"cmp\":0");
    check_hw("75 01", "DATA-MATCH cmp=3", NULL);
    check_hw("4e 12 34", "DATA-ADDR cmp=0 addr=0x3412 (low bytes)",
             ",\"dwt\":\"DATA_ADDR\",\"cmp\":0,\"addr\":\"0x3412\"");
    check_hw("5f 00 10 00 20", "DATA-ADDR cmp=1 addr=0x20001000", NULL);
    check_hw("85 12", "DATA-VALUE cmp=0 read size=1 data=0x12",
             ",\"dwt\":\"DATA_VALUE\",\"cmp\":0,\"access\":\"read\"");
    check_hw("9e ef be", "DATA-VALUE cmp=1 write size=2 data=0xbeef", NULL);
    check_hw("8f 00 01 00 00", "DATA-VALUE cmp=0 write size=4 data=0x00000100", NULL);
    check_hw("bd 7f", "DATA-VALUE cmp=3 write size=1 data=0x7f", NULL);
    struct pkt p = {.type = PKT_INST};
    struct hwsrc h;
    report(!hwsrc_decode(&p, &h), "dwt names: not for other packets", "");
}

/* ---- sigrok sessions ------------------------------------------------------------------------ */

/* The STM32 fixture's metadata (format version 1, sigrok 0.3.0). */
static const char META_V1[] = "[global]\nsigrok version=0.3.0\n\n[device 1]\ncapturefile=logic-1\n"
                              "total probes=8\nsamplerate=24 MHz\nprobe3=PC9\nprobe5=SWO\n"
                              "probe7=PC8\nunitsize=1\n";
/* As libsigrok 0.5 writes it (version 2), 16 probes in 2-byte samples. */
static const char META_V2[] = "[global]\r\nsigrok version=0.5.2\r\n[device 1]\r\n"
                              "capturefile=logic-1\r\ntotal probes=16\r\nsamplerate=1.5 MHz\r\n"
                              "total analog=0\r\nprobe1=D0\r\nprobe12=TRACESWO\r\nunitsize=2\r\n";

/* Writes a session: metadata plus the given files; returns false on a libzip error. */
static bool write_session(const char *path, const char *meta, const char *const *names,
                          const uint8_t *const *data, const size_t *len, unsigned n)
{
    int code;
    zip_t *z = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code);
    if (!z)
        return false;
    bool ok = true;
    zip_source_t *src = zip_source_buffer(z, "2", 1, 0);
    ok = ok && src && zip_file_add(z, "version", src, ZIP_FL_OVERWRITE) >= 0;
    src = zip_source_buffer(z, meta, strlen(meta), 0);
    ok = ok && src && zip_file_add(z, "metadata", src, ZIP_FL_OVERWRITE) >= 0;
    for (unsigned i = 0; i < n && ok; i++) {
        src = zip_source_buffer(z, data[i], len[i], 0);
        ok = src && zip_file_add(z, names[i], src, ZIP_FL_OVERWRITE) >= 0;
    }
    return zip_close(z) == 0 && ok;
}

static void test_srzip(void)
{
    static const struct {
        const char *s;
        uint64_t hz; /* 0: rejected */
    } rates[] = {
        {"24 MHz", 24000000u}, {"24MHz", 24000000u}, {"500 kHz", 500000u},
        {"1.5 GHz", 1500000000u}, {"1000 Hz", 1000u}, {"24000000", 24000000u},
        {"8M", 8000000u}, {" 3.5 kHz ", 3500u}, {"200 khz", 200000u}, {"", 0},
        {"abc", 0}, {"1.5 Hz", 0}, {"0", 0}, {"24 MHzz", 0}, {"-5", 0}, {"2000 GHz", 0},
        {"1..5 kHz", 0}, {"5 mHz", 0},
    };
    bool ok = true;
    char detail[SR_READ_ERR_MAX + 64] = "";
    for (unsigned i = 0; i < sizeof rates / sizeof rates[0]; i++) {
        uint64_t hz = 0;
        bool got = sr_read_parse_rate(rates[i].s, &hz);
        if (got != (rates[i].hz != 0) || (got && hz != rates[i].hz)) {
            ok = false;
            snprintf(detail, sizeof detail, "'%s': %s %llu", rates[i].s, got ? "ok" : "rejected",
                     (unsigned long long)hz);
        }
    }
    report(ok, "sigrok: sample rates as sigrok writes them", detail);

    static struct sr_read_meta m;
    char err[SR_READ_ERR_MAX];
    ok = sr_read_meta_parse(META_V1, strlen(META_V1), &m, err, sizeof err) &&
         m.samplerate == 24000000u && m.unitsize == 1 && m.probes == 8 &&
         strcmp(m.capturefile, "logic-1") == 0 && strcmp(m.probe[4], "SWO") == 0 &&
         sr_read_channel_find(&m, "SWO", err, sizeof err) == 4 &&
         sr_read_channel_find(&m, "swo", err, sizeof err) == 4 &&
         sr_read_channel_find(&m, "5", err, sizeof err) == 4 &&
         sr_read_channel_find(&m, "PC9", err, sizeof err) == 2 &&
         sr_read_channel_find(&m, "8", err, sizeof err) == 7 &&
         sr_read_channel_find(&m, "9", err, sizeof err) == -1 &&
         sr_read_channel_find(&m, "D3", err, sizeof err) == -1 &&
         strstr(err, "3=PC9, 5=SWO, 7=PC8 (probes 1..8)") != NULL;
    report(ok, "sigrok: metadata v1 (the STM32 fixture), channels by name and number",
           ok ? "" : err);
    ok = sr_read_meta_parse(META_V2, strlen(META_V2), &m, err, sizeof err) &&
         m.samplerate == 1500000u && m.unitsize == 2 && m.probes == 16 &&
         sr_read_channel_find(&m, "TRACESWO", err, sizeof err) == 11 &&
         sr_read_channel_find(&m, "16", err, sizeof err) == 15;
    report(ok, "sigrok: metadata v2 (CRLF, unitsize 2, analog keys)", ok ? "" : err);
    static const char *const bad_meta[] = {
        "[global]\nsigrok version=0.3.0\n",
        "[device 1]\ntotal probes=8\nsamplerate=1 MHz\n",
        "[device 1]\ncapturefile=logic-1\nunitsize=9\n",
        "[device 1]\ncapturefile=logic-1\nsamplerate=fast\n",
        "[device 1]\ncapturefile=logic-1\ntotal probes=16\nunitsize=1\n",
    };
    ok = true;
    for (unsigned i = 0; i < sizeof bad_meta / sizeof bad_meta[0]; i++)
        if (sr_read_meta_parse(bad_meta[i], strlen(bad_meta[i]), &m, err, sizeof err)) {
            ok = false;
            snprintf(detail, sizeof detail, "accepted bad metadata %u", i);
        }
    report(ok, "sigrok: bad metadata rejected", ok ? "" : detail);

    /* A session written with libzip and read back: chunks in order, 2-byte samples; and
     * the single-file form. */
    char path[] = "/tmp/test_decode_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) {
        report(false, "sigrok: session round trip", "mkstemp failed");
        return;
    }
    close(fd);
    static uint8_t c1[3000], c2[1001], back[8192];
    for (unsigned i = 0; i < sizeof c1; i++)
        c1[i] = (uint8_t)(i * 7);
    for (unsigned i = 0; i < sizeof c2; i++)
        c2[i] = (uint8_t)(i * 13 + 1);
    const char *names[] = {"logic-1-1", "logic-1-2"};
    const uint8_t *data[] = {c1, c2};
    const size_t len[] = {sizeof c1, sizeof c2};
    struct sr_read r;
    size_t got = 0;
    long n;
    ok = write_session(path, META_V2, names, data, len, 2) && sr_read_open(&r, path);
    while (ok && (n = sr_read_read(&r, back + got, 700)) > 0)
        got += (size_t)n;
    ok = ok && got == sizeof c1 + sizeof c2 && memcmp(back, c1, sizeof c1) == 0 &&
         memcmp(back + sizeof c1, c2, sizeof c2) == 0 && r.meta.unitsize == 2;
    if (r.zip)
        sr_read_close(&r);
    report(ok, "sigrok: session round trip, chunks logic-1-1, logic-1-2", ok ? "" : r.err);
    const char *single[] = {"logic-1"};
    got = 0;
    ok = write_session(path, META_V1, single, data, len, 1) && sr_read_open(&r, path);
    while (ok && (n = sr_read_read(&r, back + got, sizeof back - got)) > 0)
        got += (size_t)n;
    ok = ok && got == sizeof c1 && memcmp(back, c1, sizeof c1) == 0;
    if (r.zip)
        sr_read_close(&r);
    report(ok, "sigrok: session with a single capture file", ok ? "" : r.err);
    ok = write_session(path, META_V1, NULL, NULL, NULL, 0) && !sr_read_open(&r, path) &&
         strstr(r.err, "no logic data") != NULL;
    report(ok, "sigrok: a session without samples is an error", r.err);
    FILE *f = fopen(path, "wb");
    if (f) {
        fputs("not a zip", f);
        fclose(f);
    }
    ok = !sr_read_open(&r, path) && strstr(r.err, "zip") != NULL;
    report(ok, "sigrok: not a zip", r.err);
    unlink(path);
}

int main(void)
{
    test_tpiu();
    test_chain_pkt();
    test_swo();
    test_swo_rate();
    test_par();
    test_roundtrip();
    test_hunt();
    test_hwsrc();
    test_srzip();
    test_garbage();
    printf("%u passed, %u failed\n", g_pass, g_fail);
    return g_fail ? 1 : 0;
}
