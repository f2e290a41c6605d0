/* SPDX-License-Identifier: Apache-2.0 */
/* Text appended at a cursor without printf: the decoders' output path (pktdump, tracedump)
 * formats millions of packets, and one snprintf per field costs more than decoding them
 * (README "Performance"). Each function writes at p and returns the new end; the caller
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
    char *q = p + n;
    for (char *s = p + pad; q > s; v >>= 4)
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
