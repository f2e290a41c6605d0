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

/* lower-case hex, at least `digits` digits, zero-padded ("%0*" PRIx64; digits 1: "%x") */
static inline char *tp_hex(char *p, uint64_t v, unsigned digits)
{
    unsigned n = 1;
    while (n < 16 && (v >> (4 * n)) != 0)
        n++;
    if (n < digits)
        n = digits;
    for (unsigned i = n; i-- > 0;)
        *p++ = i < 16 ? "0123456789abcdef"[(v >> (4 * i)) & 0xFu] : '0';
    return p;
}

/* the bytes "%02x %02x ..." (space-separated) */
static inline char *tp_bytes(char *p, const uint8_t *b, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        if (i)
            *p++ = ' ';
        *p++ = "0123456789abcdef"[b[i] >> 4];
        *p++ = "0123456789abcdef"[b[i] & 0xFu];
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
