/* SPDX-License-Identifier: Apache-2.0 */
/* Unit test of the scenario parser's rules from issue 21 (sim/c_tb/SCENARIO.md): a byte or
 * pin-value list takes 0x-hex or one decimal digit, a bare number of more digits is an error
 * whose message gives both readings; `wait_idle [MAX] [tpiu=0|1]`. Table-driven; the error
 * messages are read back from stderr (redirected to a file). */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

struct tcase {
    const char *name;
    const char *text;
    unsigned errors;
    const char *msg;   /* a piece of the first error message, or NULL */
    const char *bytes; /* the expected bytes as hex pairs, or NULL */
};

static const struct tcase cases[] = {
    {"hex bytes", "expect_atb 0x01 0x41\n", 0, NULL, "0141"},
    {"single digits are the same in both readings", "expect_atb 1 9 0\n", 0, NULL, "010900"},
    {"a hex-dump byte list is an error", "expect_atb 01 41\n", 1,
     "s.scn:1: error: expect_atb: byte '01' has no 0x: bare numbers are decimal (01 = 0x1)",
     NULL},
    {"the message gives both readings", "expect_atb 0x01 41\n", 1,
     "byte '41' has no 0x: bare numbers are decimal (41 = 0x29), which in a list copied from a "
     "hex dump is a trap; write 0x41 for hex, or 0x29 for decimal 41", NULL},
    {"expect_atb_at: the cycle stays decimal", "expect_atb_at 11 0x01 0x41\n", 0, NULL, "0141"},
    {"expect_atb_at: its bytes are checked", "expect_atb_at 11 0x01 10\n", 1,
     "byte '10' has no 0x", NULL},
    {"expect_txb", "expect_txb 0xFF 255\n", 1, "byte '255' has no 0x", NULL},
    {"expect_pin values", "expect_pin tracedata 5 1 0x3 12\n", 1, "value '12' has no 0x", NULL},
    {"expect_pin single digits", "expect_pin swo 5 10 0 1 1\n", 0, NULL, "000101"},
    {"underscores do not hide the digits", "expect_atb 1_0\n", 1, "byte '1_0' has no 0x", NULL},
    {"not a number", "expect_atb 0x01 zz\n", 1, "expected byte (a decimal or 0x-hex number), got 'zz'",
     NULL},
    {"wait_idle", "wait_idle\nwait_idle 50\nwait_idle tpiu=1\nwait_idle 7 tpiu=1\nwait_idle tpiu=0\n",
     0, NULL, NULL},
    {"wait_idle tpiu=2", "wait_idle 5 tpiu=2\n", 1, "option tpiu=2 out of range (expected 0..1)",
     NULL},
    {"wait_idle unknown option", "wait_idle max=5\n", 1, "unknown option 'max' (expected tpiu)",
     NULL},
    /* ETM lines (SCENARIO.md "ETM lines") */
    {"pe lines", "pe 0x1000\npe 0x1002 br=n\npe 0x1004 size=32 br=e link=1\n"
     "pe 0x1102 br=ind excret=1 ns=1\npe 0x2000 n=4\npe_exc 11 ret=0x2002\n"
     "expect_etm 0x00 0x80\nexpect_etm_at 5 0x04\n", 0, NULL, "008004"},
    {"pe link needs a taken branch", "pe 0x1000 link=1\n", 1,
     "pe: link=1 needs a taken branch (br=e or br=ind) ([ETM-PE-1])", NULL},
    {"pe excret needs br=ind", "pe 0x1000 br=e excret=1\n", 1, "pe: excret=1 needs br=ind", NULL},
    {"pe br names", "pe 0x1000 br=x\n", 1, "pe: br=x: expected one of none, n, e, ind", NULL},
    {"pe n= only without a branch", "pe 0x1000 br=n n=2\n", 1,
     "pe: n= is for non-branch instructions (br=none)", NULL},
    {"pe size", "pe 0x1000 size=8\n", 1, "option size=8 out of range", NULL},
    {"pe_exc needs ret=", "pe_exc 11\n", 1, "pe_exc: expected ret=ADDR", NULL},
    {"pe_exc number 0", "pe_exc 0 ret=0x10\n", 1, "pe_exc: ", NULL},
    {"expect_etm bytes", "expect_etm 0x01 41\n", 1, "byte '41' has no 0x", NULL},
};

static struct event ev[64];
static struct expect_seg seg[16];
static uint8_t bytes[256];

/* The parse's stderr, from the file it went to. */
static void read_back(FILE *f, char *buf, size_t n)
{
    fflush(stderr);
    rewind(f);
    size_t got = fread(buf, 1, n - 1, f);
    buf[got] = '\0';
}

int main(void)
{
    unsigned fails = 0;
    char path[] = "/tmp/test_scenario_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) {
        printf("FAIL cannot make a temporary file\n");
        return 1;
    }
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const struct tcase *t = &cases[k];
        struct scenario s = {.ev = ev, .cap_ev = 64, .seg = seg, .cap_seg = 16, .bytes = bytes,
                             .cap_bytes = sizeof bytes};
        if (!freopen(path, "w+", stderr)) { /* empty, for this case's messages */
            printf("FAIL cannot redirect stderr\n");
            return 1;
        }
        unsigned e = scenario_parse_string(&s, "s.scn", t->text);
        char err[2048];
        read_back(stderr, err, sizeof err);
        char hex[600] = "";
        for (size_t i = 0; i < s.nbytes && 2 * i + 3 < sizeof hex; i++)
            snprintf(hex + 2 * i, 3, "%02X", s.bytes[i]);
        char want[600] = "";
        for (size_t i = 0; t->bytes && t->bytes[i]; i++)
            want[i] = (char)(t->bytes[i] >= 'a' ? t->bytes[i] - 32 : t->bytes[i]);
        const char *why = NULL;
        if (e != t->errors)
            why = "error count";
        else if (t->msg && !strstr(err, t->msg))
            why = "message";
        else if (t->bytes && strcmp(hex, want) != 0)
            why = "bytes";
        if (why) {
            fails++;
            printf("FAIL %s: %s (errors %u, expected %u; bytes %s; stderr: %s)\n", t->name, why, e,
                   t->errors, hex, err);
        } else
            printf("ok   %s\n", t->name);
    }
    /* wait_idle: the option lands in val, and event_format writes it back */
    struct scenario s = {.ev = ev, .cap_ev = 64, .seg = seg, .cap_seg = 16, .bytes = bytes,
                         .cap_bytes = sizeof bytes};
    scenario_parse_string(&s, "w.scn", "wait_idle 7 tpiu=1\nwait_idle\n");
    char a[64], b[64];
    event_format(&s.ev[0], &s, a, sizeof a);
    event_format(&s.ev[1], &s, b, sizeof b);
    if (s.nev != 2 || s.ev[0].count != 7 || s.ev[0].val != WAIT_TPIU || s.ev[1].count != 10000 ||
        s.ev[1].val != 0 || strcmp(a, "wait_idle 7 tpiu=1") != 0 || strcmp(b, "wait_idle 10000") != 0) {
        fails++;
        printf("FAIL wait_idle events: '%s', '%s'\n", a, b);
    } else
        printf("ok   wait_idle events: '%s', '%s'\n", a, b);
    /* instr bg=1 (issue 20): parsed, and written back by event_format */
    scenario_parse_string(&s, "i.scn", "instr 0x100 n=2 step=0x10 bg=1\ninstr 0x200\n");
    event_format(&s.ev[0], &s, a, sizeof a);
    event_format(&s.ev[1], &s, b, sizeof b);
    if (s.nev != 2 || !s.ev[0].bg || s.ev[1].bg ||
        strcmp(a, "instr 0x00000100 secure=0 priv=1 n=2 step=16 bg=1") != 0 ||
        strcmp(b, "instr 0x00000200 secure=0 priv=1") != 0) {
        fails++;
        printf("FAIL instr bg=1: '%s', '%s'\n", a, b);
    } else
        printf("ok   instr bg=1: '%s', '%s'\n", a, b);
    remove(path);
    printf("test_scenario: %u of %zu failed\n", fails, sizeof cases / sizeof cases[0] + 2);
    return fails ? 1 : 0;
}
