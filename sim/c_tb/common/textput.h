/* SPDX-License-Identifier: Apache-2.0 */
/* Text appended at a cursor without printf: the decoders' output path (pktdump, tracedump)
 * formats millions of packets, and one snprintf per field costs more than decoding them
 * (docs/performance-history.md). Each function writes at p and returns the new end; the caller
 * provides the room (a few dozen bytes per call at most) and writes no terminating NUL
 * unless it calls tp_end. The output is the same as printf's for the conversion named. */
#ifndef TRACEREF_SIM_C_TB_COMMON_TEXTPUT_H
#define TRACEREF_SIM_C_TB_COMMON_TEXTPUT_H

#include <stdint.h>
#include <string.h>

/* a string ("%s") */
static inline char *tp_str(char *p, const char *s)
{
    size_t n = strlen(s);
    memcpy(p, s, n);
    return p + n;
}

static inline char *tp_chr(char *p, char c)
{
    *p = c;
    return p + 1;
}

/* "00" .. "99" */
static const char tp_digits2[201] = "00010203040506070809101112131415161718192021222324252627282930"
                                    "31323334353637383940414243444546474849505152535455565758596061"
                                    "62636465666768697071727374757677787980818283848586878889909192"
                                    "93949596979899";

/* decimal of a 32-bit value: the digits counted, then written two at a time from the last */
static inline char *tp_dec32(char *p, uint32_t v)
{
    unsigned n = v < 10u ? 1 : v < 100u ? 2 : v < 1000u ? 3 : v < 10000u ? 4 : v < 100000u ? 5
               : v < 1000000u ? 6 : v < 10000000u ? 7 : v < 100000000u ? 8
               : v < 1000000000u ? 9 : 10;
    char *q = p + n;
    while (v >= 100u) {
        uint32_t r = v % 100u;
        v /= 100u;
        q -= 2;
        q[0] = tp_digits2[2 * r];
        q[1] = tp_digits2[2 * r + 1];
    }
    if (v >= 10u) {
        q[-2] = tp_digits2[2 * v];
        q[-1] = tp_digits2[2 * v + 1];
    } else {
        q[-1] = (char)('0' + v);
    }
    return p + n;
}

/* decimal ("%" PRIu64, "%u", "%d" of a value >= 0) */
static inline char *tp_dec(char *p, uint64_t v)
{
    if (v <= UINT32_MAX)
        return tp_dec32(p, (uint32_t)v);
    /* the digits above the last nine, then those nine zero-padded */
    p = tp_dec(p, v / 1000000000u);
    uint32_t lo = (uint32_t)(v % 1000000000u);
    for (unsigned i = 9; i-- > 0;) {
        p[i] = (char)('0' + lo % 10u);
        lo /= 10u;
    }
    return p + 9;
}

/* The decimal text of a value that mostly grows by small steps (a stream offset): kept, and
 * moved on by the difference with carries, instead of being divided out each time. */
struct tp_count {
    uint64_t v;   /* the value of txt */
    unsigned n;   /* its digits, txt[0, n) */
    char txt[20]; /* the digits of a uint64_t: at most 20 */
};

static inline void tp_count_init(struct tp_count *c)
{
    c->v = 0;
    c->n = 1;
    c->txt[0] = '0';
}

/* decimal of v ("%" PRIu64), through c */
static inline char *tp_count_put(char *p, struct tp_count *c, uint64_t v)
{
    uint64_t d = v - c->v;
    if (v < c->v || d > 99u) {
        c->n = (unsigned)(tp_dec(c->txt, v) - c->txt);
        c->v = v;
    } else if (d != 0) {
        /* add d (< 100) at the last digit, carrying; a carry out of the first digit adds one */
        unsigned carry = (unsigned)d;
        for (unsigned i = c->n; carry != 0 && i-- > 0;) {
            unsigned s = (unsigned)(c->txt[i] - '0') + carry;
            if (s < 10u) { /* the common end: no carry on */
                c->txt[i] = (char)('0' + s);
                carry = 0;
            } else {
                c->txt[i] = (char)('0' + s % 10u);
                carry = s / 10u;
            }
        }
        for (; carry != 0; carry /= 10u) { /* new leading digits (at most two) */
            memmove(c->txt + 1, c->txt, c->n);
            c->txt[0] = (char)('0' + carry % 10u);
            c->n++;
        }
        c->v = v;
    }
    memcpy(p, c->txt, 20); /* whole: a constant size (the caller's room covers it) */
    return p + c->n;
}

/* "00" .. "ff": the two lower-case hex digits of a byte */
static const char tp_hex2[513] = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
                                "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
                                "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
                                "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
                                "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
                                "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
                                "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
                                "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

/* lower-case hex, at least `digits` digits, zero-padded ("%0*" PRIx64; digits 1: "%x"):
 * the digits counted, then written from the last */
static inline char *tp_hex(char *p, uint64_t v, unsigned digits)
{
    unsigned n = 1, pad = 0;
    for (uint64_t t = v >> 4; t != 0; t >>= 4)
        n++;
    if (n < digits)
        n = digits;
    if (n > 16) { /* zeros above the 16 digits of a 64-bit value */
        pad = n - 16;
        memset(p, '0', pad);
    }
    char *q = p + n, *s = p + pad;
    for (; q - s >= 2; v >>= 8) {
        q -= 2;
        memcpy(q, &tp_hex2[2 * (v & 0xFFu)], 2);
    }
    if (q > s)
        *--q = "0123456789abcdef"[v & 0xFu];
    return p + n;
}

/* the bytes "%02x %02x ..." (space-separated) */
static inline char *tp_bytes(char *p, const uint8_t *b, unsigned n)
{
    if (n == 0)
        return p;
    memcpy(p, &tp_hex2[2 * b[0]], 2);
    p += 2;
    for (unsigned i = 1; i < n; i++) {
        p[0] = ' ';
        memcpy(p + 1, &tp_hex2[2 * b[i]], 2);
        p += 3;
    }
    return p;
}

/* " 00" .. " ff": a space and the two hex digits of a byte, 3 characters each */
static const char tp_sphex[769] = " 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10 11 12 13 14"
                                 " 15 16 17 18 19 1a 1b 1c 1d 1e 1f 20 21 22 23 24 25 26 27 28 29"
                                 " 2a 2b 2c 2d 2e 2f 30 31 32 33 34 35 36 37 38 39 3a 3b 3c 3d 3e"
                                 " 3f 40 41 42 43 44 45 46 47 48 49 4a 4b 4c 4d 4e 4f 50 51 52 53"
                                 " 54 55 56 57 58 59 5a 5b 5c 5d 5e 5f 60 61 62 63 64 65 66 67 68"
                                 " 69 6a 6b 6c 6d 6e 6f 70 71 72 73 74 75 76 77 78 79 7a 7b 7c 7d"
                                 " 7e 7f 80 81 82 83 84 85 86 87 88 89 8a 8b 8c 8d 8e 8f 90 91 92"
                                 " 93 94 95 96 97 98 99 9a 9b 9c 9d 9e 9f a0 a1 a2 a3 a4 a5 a6 a7"
                                 " a8 a9 aa ab ac ad ae af b0 b1 b2 b3 b4 b5 b6 b7 b8 b9 ba bb bc"
                                 " bd be bf c0 c1 c2 c3 c4 c5 c6 c7 c8 c9 ca cb cc cd ce cf d0 d1"
                                 " d2 d3 d4 d5 d6 d7 d8 d9 da db dc dd de df e0 e1 e2 e3 e4 e5 e6"
                                 " e7 e8 e9 ea eb ec ed ee ef f0 f1 f2 f3 f4 f5 f6 f7 f8 f9 fa fb"
                                 " fc fd fe ff";

/* tp_bytes, but it may write one character past the end it returns (the caller's room
 * must cover it): each byte is one 4-character copy */
static inline char *tp_bytes_over(char *p, const uint8_t *b, unsigned n)
{
    if (n == 0)
        return p;
    memcpy(p, &tp_hex2[2 * b[0]], 2);
    p += 2;
    for (unsigned i = 1; i < n; i++, p += 3)
        memcpy(p, &tp_sphex[3 * b[i]], 4); /* the 4th: the next entry's space, or the NUL */
    return p;
}

/* copies the text [t, e) into buf of n bytes like snprintf("%s"): truncated, NUL-ended */
static inline char *tp_end(char *buf, size_t n, const char *t, const char *e)
{
    size_t len = (size_t)(e - t);
    if (n == 0)
        return buf;
    if (len > n - 1)
        len = n - 1;
    memmove(buf, t, len);
    buf[len] = '\0';
    return buf;
}

#endif
