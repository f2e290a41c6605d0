/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the ETMv4 packet decoder (etm4dec): the hand-derived streams of
 * docs/etm-contract.md section 14 (E1..E5) and the examples of section 9, each decoded to
 * its text lines, the speculation packets of section 18; then headers the contract does not use, which must come out as
 * "unknown ETMv4 header" lines (nothing dropped), and a packet cut by the end. */
#include <stdio.h>
#include <string.h>

#include "etm4dec.h"

static unsigned g_pass, g_fail;

/* Decodes n bytes with a fresh decoder; the packets' text lines, '\n'-separated, into out
 * (ETM-INCOMPLETE bytes=.. for a packet cut by the end). */
static void decode(const uint8_t *b, size_t n, char *out, size_t cap)
{
    static struct etm4dec d;
    size_t pos = 0;
    etm4dec_init(&d);
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        struct etm4_pkt p;
        if (etm4dec_push(&d, b[i], &p) != ETM4_NONE) {
            char line[ETM4_TEXT_MAX];
            etm4_format(&p, d.stats.bytes - p.nbytes, line, sizeof line);
            pos += (size_t)snprintf(out + pos, cap - pos, "%s\n", line);
        }
    }
    if (etm4dec_busy(&d))
        pos += (size_t)snprintf(out + pos, cap - pos, "ETM-INCOMPLETE %u bytes\n", d.cur.nbytes);
}

static void check(const char *name, const uint8_t *b, size_t n, const char *want)
{
    static char got[1u << 14];
    decode(b, n, got, sizeof got);
    bool ok = strcmp(got, want) == 0;
    if (ok)
        g_pass++;
    else
        g_fail++;
    printf("%s %s\n", ok ? "ok  " : "FAIL", name);
    if (!ok)
        printf("--- want:\n%s--- got:\n%s", want, got);
}

#define ASYNC 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80
#define CHECK(name, want, ...)                                                             \
    do {                                                                                   \
        static const uint8_t b_[] = {__VA_ARGS__};                                         \
        check(name, b_, sizeof b_, want);                                                  \
    } while (0)

#define L_ASYNC "ETM-A-SYNC\n"
#define L_TINFO0 "ETM-TRACE-INFO plctl=0x01 info=0x00 cci=0\n"
#define L_TON "ETM-TRACE-ON\n"

int main(void)
{
    /* section 14, E1: atoms, short address */
    CHECK("E1 atoms, short address",
          L_ASYNC L_TINFO0 L_TON "ETM-ADDR-CTXT addr=0x00001000 is=1 el=0 sf=0 ns=0\n"
          "ETM-ATOM f3 atoms=NEE\n"
          "ETM-ADDR-SHORT addr=0x00001008 is=1 bits=8\n",
          ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10, 0x00, 0x00, 0x00, 0xFE, 0x96, 0x04);
    /* E2: exception entry and return; exact match on history entry 1 */
    CHECK("E2 exception, return, exact match",
          L_ASYNC L_TINFO0 L_TON "ETM-ADDR-CTXT addr=0x00002000 is=1 el=0 sf=0 ns=0\n"
          "ETM-EXCEPTION type=0x00b exc=11 (SVCall) e1e0=1 p=0\n"
          "ETM-ADDR-SHORT addr=0x00002002 is=1 bits=8\n"
          "ETM-ADDR-SHORT addr=0x00003000 is=1 bits=16\n"
          "ETM-ATOM f1 atoms=E\n"
          "ETM-EXC-RETURN\n"
          "ETM-ADDR-MATCH entry=1 addr=0x00002002 is=1\n",
          ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x20, 0x00, 0x00, 0x00, 0x06, 0x17, 0x96,
          0x01, 0x96, 0x80, 0x30, 0xF7, 0x07, 0x91);
    /* E3: F6 with a final N */
    CHECK("E3 F6, final N",
          L_ASYNC L_TINFO0 L_TON "ETM-ADDR-CTXT addr=0x00001000 is=1 el=0 sf=0 ns=0\n"
          "ETM-ATOM f6 atoms=EEEEN\n"
          "ETM-ATOM f1 atoms=E\n",
          ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10, 0x00, 0x00, 0x00, 0xE1, 0xF7);
    /* E4: Trace Info with CYCT, Timestamp with a count, Cycle Count = field + threshold */
    CHECK("E4 timestamp and cycle count",
          L_ASYNC "ETM-TRACE-INFO plctl=0x09 info=0x01 cci=1 cyct=4\n"
          "ETM-TIMESTAMP ts=0x1234 bits=14 cc=1\n" L_TON
          "ETM-ADDR-CTXT addr=0x00001000 is=1 el=0 sf=0 ns=0\n"
          "ETM-ATOM f2 atoms=EE\n"
          "ETM-CYCLE-COUNT count=7 field=3\n",
          ASYNC, 0x01, 0x09, 0x01, 0x04, 0x03, 0xB4, 0x24, 0x01, 0x04, 0x83, 0x00, 0x10, 0x00,
          0x00, 0x00, 0xDB, 0x0E, 0x03);
    /* E5: overflow after eight exact-match / exception rounds */
    CHECK("E5 overflow",
          L_ASYNC L_TINFO0 L_TON "ETM-ADDR-CTXT addr=0x00001000 is=1 el=0 sf=0 ns=0\n"
          "ETM-EXCEPTION type=0x00b exc=11 (SVCall) e1e0=1 p=0\n"
          "ETM-ADDR-SHORT addr=0x00001002 is=1 bits=8\n"
#define R5 "ETM-ADDR-MATCH entry=0 addr=0x00001002 is=1\n"                                  \
           "ETM-EXCEPTION type=0x00b exc=11 (SVCall) e1e0=1 p=0\n"                          \
           "ETM-ADDR-MATCH entry=0 addr=0x00001002 is=1\n"
          R5 R5 R5 R5 R5 R5 R5 R5 "ETM-OVERFLOW\n",
#define B5 0x90, 0x06, 0x17, 0x90
          ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10, 0x00, 0x00, 0x00, 0x06, 0x17, 0x96,
          0x01, B5, B5, B5, B5, B5, B5, B5, B5, 0x00, 0x05);
    /* section 9 examples */
    CHECK("9.2 Trace Info CCI, THRESHOLD 0x100",
          "ETM-TRACE-INFO plctl=0x09 info=0x01 cci=1 cyct=256\n", 0x01, 0x09, 0x01, 0x80, 0x02);
    CHECK("9.4 Timestamp 0x1234 after Trace Info", L_TINFO0 "ETM-TIMESTAMP ts=0x1234 bits=14\n",
          0x01, 0x01, 0x00, 0x02, 0xB4, 0x24);
    CHECK("9.4 Timestamp: low bits replaced",
          "ETM-TIMESTAMP ts=0x1234 bits=14\nETM-TIMESTAMP ts=0x1205 bits=7\n", 0x02, 0xB4, 0x24,
          0x02, 0x05);
    CHECK("9.4 Timestamp: Trace Info resets the value to 0 (P = 0)",
          "ETM-TIMESTAMP ts=0x1234 bits=14\n" L_TINFO0 "ETM-TIMESTAMP ts=0x5 bits=7\n", 0x02,
          0xB4, 0x24, 0x01, 0x01, 0x00, 0x02, 0x05);
    CHECK("9.5 Short address replaces A[7:1] whole (bit 7 of hist[0] set)",
          "ETM-ADDR-LONG addr=0x00001080 is=1\nETM-ADDR-SHORT addr=0x00001004 is=1 bits=8\n",
          0x9B, 0x40, 0x10, 0x00, 0x00, 0x96, 0x02);
    CHECK("9.4 Timestamp of 9 bytes (64 bits)", "ETM-TIMESTAMP ts=0xff00000000000001 bits=64\n",
          0x02, 0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0xFF);
    CHECK("9.5 Long address 32-bit IS1", "ETM-ADDR-LONG addr=0x12345678 is=1\n", 0x9B, 0x3C,
          0x56, 0x34, 0x12);
    CHECK("9.5 Address with Context, Non-secure",
          "ETM-ADDR-CTXT addr=0x00001000 is=1 el=0 sf=0 ns=1\n", 0x83, 0x00, 0x10, 0x00, 0x00,
          0x20);
    CHECK("9.6 F6 23 E's, final E (C0 | 20)", "ETM-ATOM f6 atoms=EEEEEEEEEEEEEEEEEEEEEEEE\n",
          0xD4);
    CHECK("9.6 F2 N E", "ETM-ATOM f2 atoms=NE\n", 0xDA);
    CHECK("9.7 SysTick, IRQ0, IRQ8",
          "ETM-EXCEPTION type=0x00f exc=15 (SysTick) e1e0=1 p=0\n"
          "ETM-EXCEPTION type=0x010 exc=16 (IRQ 0) e1e0=1 p=0\n"
          "ETM-EXCEPTION type=0x208 exc=24 (IRQ 8) e1e0=1 p=0\n",
          0x06, 0x1F, 0x06, 0x21, 0x06, 0x91, 0x10);
    CHECK("9.9 Cycle Count unknown", "ETM-CYCLE-COUNT unknown\n", 0x0F);
    /* what the contract does not use: one line each, decoding goes on */
    /* section 18: S1 of test_etm_model (Cancel with Mispredict, Commit), then the
     * speculation packets the unit does not send but ETMv4 defines (OpenCSD's layouts) */
    CHECK("18 S1: cancel with mispredict, commit",
          L_ASYNC L_TINFO0 L_TON "ETM-ADDR-CTXT addr=0x00001000 is=1 el=0 sf=0 ns=0\n"
          "ETM-ATOM f3 atoms=ENE\nETM-CANCEL f1 count=2 mispredict=1\nETM-ATOM f2 atoms=NE\n"
          "ETM-ADDR-SHORT addr=0x00002000 is=1 bits=16\nETM-COMMIT count=3\n",
          ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x10, 0x00, 0x00, 0x00, 0xFD, 0x2F, 0x02,
          0xDA, 0x96, 0x80, 0x20, 0x2D, 0x03);
    CHECK("18 Mispredict 30..33, Cancel F1 2E (2-byte count), F2 37, F3 3A/3F",
          "ETM-MISPREDICT\nETM-MISPREDICT atoms=E\nETM-MISPREDICT atoms=EE\n"
          "ETM-MISPREDICT atoms=N\nETM-CANCEL f1 count=129 mispredict=0\n"
          "ETM-CANCEL f2 count=1 mispredict=1 atoms=N\n"
          "ETM-CANCEL f3 count=3 mispredict=1\nETM-CANCEL f3 count=5 mispredict=1 atoms=E\n",
          0x30, 0x31, 0x32, 0x33, 0x2E, 0x81, 0x01, 0x37, 0x3A, 0x3F);
    /* section 19: F4 DC..DF, F5 F5 D5 D6 D7 ([ETM-ATOM-4], oldest first) */
    CHECK("19 atom formats 4 and 5",
          "ETM-ATOM f4 atoms=NEEE\nETM-ATOM f4 atoms=NNNN\nETM-ATOM f4 atoms=NENE\n"
          "ETM-ATOM f4 atoms=ENEN\nETM-ATOM f5 atoms=NEEEE\nETM-ATOM f5 atoms=NNNNN\n"
          "ETM-ATOM f5 atoms=NENEN\nETM-ATOM f5 atoms=ENENE\n",
          0xDC, 0xDD, 0xDE, 0xDF, 0xF5, 0xD5, 0xD6, 0xD7);
    /* section 20: Q2 of test_etm_model (A6 short, exact match A1 and 07), then the Q forms
     * the unit does not send: AB long, AC count only, AF no count, a 2-byte count, reserved
     * A3 and IS0 A5 ([ETM-Q-PKT]) */
    CHECK("20 Q2: Q elements with short and exact-match addresses",
          L_ASYNC L_TINFO0 L_TON "ETM-ADDR-CTXT addr=0x00002000 is=1 el=0 sf=0 ns=0\n"
          "ETM-Q type=0x6 count=1 addr=0x00002002 is=1 bits=8\n"
          "ETM-EXCEPTION type=0x00b exc=11 (SVCall) e1e0=1 p=0\n"
          "ETM-ADDR-MATCH entry=0 addr=0x00002002 is=1\n"
          "ETM-ADDR-SHORT addr=0x00003000 is=1 bits=16\n"
          "ETM-Q type=0x1 count=2 addr=0x00002002 is=1 entry=1\nETM-EXC-RETURN\n"
          "ETM-Q type=0x6 count=1 addr=0x00002004 is=1 bits=8\n",
          ASYNC, 0x01, 0x01, 0x00, 0x04, 0x83, 0x00, 0x20, 0x00, 0x00, 0x00, 0xA6, 0x01, 0x01,
          0x06, 0x17, 0x90, 0x96, 0x80, 0x30, 0xA1, 0x02, 0x07, 0xA6, 0x02, 0x01);
    CHECK("20 Q AB long, AC, AF, 2-byte count, A3 reserved, A5 IS0",
          "ETM-Q type=0xb count=300 addr=0x12345678 is=1\nETM-Q type=0xc count=5\n"
          "ETM-Q type=0xf\nETM-Q type=0x6 count=16383 addr=0x12345500 is=1 bits=16\n"
          "unknown ETMv4 header 0xa3 at byte offset 15\n"
          "unknown ETMv4 header 0xa5 at byte offset 16 (Q with an IS0 address: bytes=a5)\n"
          "ETM-TRACE-ON\n",
          0xAB, 0x3C, 0x56, 0x34, 0x12, 0xAC, 0x02, 0xAC, 0x05, 0xAF, 0xA6, 0x80, 0x55, 0xFF,
          0x7F, 0xA3, 0xA5, 0x04);
    CHECK("unknown headers: Function Return 05, Event 71, Context 80",
          "unknown ETMv4 header 0x05 at byte offset 0\n"
          "unknown ETMv4 header 0x71 at byte offset 1\n"
          "unknown ETMv4 header 0x80 at byte offset 2\n"
          "ETM-TRACE-ON\n",
          0x05, 0x71, 0x80, 0x04);
    CHECK("Discard 00 03: unknown extension, whole",
          "unknown ETMv4 header 0x00 at byte offset 0 (extension: bytes=00 03)\nETM-TRACE-ON\n",
          0x00, 0x03, 0x04);
    CHECK("A-Sync with 12 zeros: malformed",
          "unknown ETMv4 header 0x00 at byte offset 0 (malformed: bytes=00 00 00 00 00 00 00 00 "
          "00 00 00 00)\nETM-TRACE-ON\n",
          0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x04);
    CHECK("a packet cut by the end", "ETM-TRACE-ON\nETM-INCOMPLETE 3 bytes\n", 0x04, 0x9B, 0x00,
          0x10);
    printf("etm4dec: %u passed, %u failed\n", g_pass, g_fail);
    return g_fail ? 1 : 0;
}
