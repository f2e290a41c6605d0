/* SPDX-License-Identifier: Apache-2.0 */
/* Unit test of scenario `config` lines (sim/c_tb/SCENARIO.md, issue 20): the parser's
 * forms key=V, key=LO..HI, key>=V, key<=V, their narrowing and errors (file:line), and
 * scen_cfg_fits against configurations: the full configuration and one parameter moved, as
 * a sweep point moves it (configs/sweep.txt). Table-driven; the parser's error messages are
 * read back from stderr (redirected to a file). */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scen_cfg.h"
#include "scenario.h"

/* configs/configs.txt row `full` */
static const struct sys_cfg full = {
    .itm = {32, 4, 2, 12, 64},
    .fpb = {8, 0, true, true, true},
    .has_tpiu = true,
    .tpiu = {4, 4, 16},
    .has_dwt = true,
    .dwt = {4, 1, true, true, true, true, true, true, true, true, true},
    .has_etm = true,
    .etm = {.fifo_depth = 64, .rs_depth = 3, .cc_size = 12, .num_pc = 4, .sec_ext = true},
    .funnel_hold = 8,
};

enum move { M_NONE, M_TS1, M_TS13, M_PW1, M_PW8, M_FIDLE, M_NOTPIU, M_NODWT, M_CODE0,
            M_NOETM, M_ETMFIFO128 };

struct tcase {
    const char *name;
    const char *text;
    unsigned errors;  /* parse errors */
    const char *msg;  /* a piece of the first error message, or of why it does not fit */
    enum move move;   /* the configuration: full, one parameter moved */
    int fits;         /* with no parse error: 1 fits, 0 does not */
};

static const struct tcase cases[] = {
    /* forms */
    {"one value fits", "config tpiu=1 ts=12\n", 0, NULL, M_NONE, 1},
    {"one value, another binary", "config tpiu=1 ts=12\n", 0,
     "s.scn:1: skipped: the scenario needs ts=12, built with ts=1", M_TS1, 0},
    {"range fits at both ends", "config tpiu=1 ts=2..28\n", 0, NULL, M_TS13, 1},
    {"range excludes below", "config tpiu=1 ts=2..28\n", 0, "needs ts=2..28, built with ts=1",
     M_TS1, 0},
    {">= form", "config tpiu=1\nconfig ts>=2\n", 0, "s.scn:2: skipped: the scenario needs ts>=2",
     M_TS1, 0},
    {"<= form", "config tpiu=1 portwidth<=4\n", 0, "needs portwidth<=4, built with portwidth=8",
     M_PW8, 0},
    {"<= form fits", "config tpiu=1 portwidth<=4\n", 0, NULL, M_PW1, 1},
    {"hex values", "config tpiu=1 frameidle=0x10\n", 0, NULL, M_NONE, 1},
    {"two constraints narrow", "config tpiu=1 ts>=2\nconfig ts<=12\n", 0,
     "s.scn:2: skipped: the scenario needs ts=2..12, built with ts=13", M_TS13, 0},
    {"narrowed to one value", "config tpiu=1 ts>=12 ts<=12\n", 0, NULL, M_NONE, 1},
    {"the same value twice", "config tpiu=1 ts=12\nconfig ts=12\n", 0, NULL, M_NONE, 1},
    /* TPIU keys */
    {"frameidle", "config tpiu=1 frameidle=16\n", 0,
     "needs frameidle=16, built with frameidle=7", M_FIDLE, 0},
    {"atbfifo range", "config tpiu=1 atbfifo=4..16\n", 0, NULL, M_NONE, 1},
    {"a TPIU key without a TPIU", "config tpiu=0..1 portwidth>=4\n", 0,
     "s.scn:1: skipped: the scenario needs a TPIU (portwidth>=4), built with tpiu=0", M_NOTPIU,
     0},
    {"tpiu=0..1 runs on both", "config tpiu=0..1\n", 0, NULL, M_NOTPIU, 1},
    {"tpiu not given means 0", "config ts=12\n", 0, "has no 'config tpiu=1' line", M_NONE, 0},
    {"a DWT key without a DWT", "config tpiu=1 comps>=1\n", 0,
     "needs a DWT (comps>=1), built with dwt=0", M_NODWT, 0},
    {"FPB code>=1", "config tpiu=1 code>=1\n", 0, "needs code>=1, built with code=0", M_CODE0,
     0},
    /* ETM keys (issue 23) */
    {"etmfifo fits", "config tpiu=1 etm=1 etmfifo=64 rsdepth>=1 numpc>=2\n", 0, NULL, M_NONE, 1},
    {"etmfifo, another binary", "config tpiu=1 etmfifo=64\n", 0,
     "needs etmfifo=64, built with etmfifo=128", M_ETMFIFO128, 0},
    {"an ETM key without an ETM", "config tpiu=1 ccsize=12\n", 0,
     "needs an ETM (ccsize=12), built with etm=0", M_NOETM, 0},
    /* errors, with file:line */
    {"empty range", "\nconfig ts=12..2\n", 1, "s.scn:2: error: config: ts: empty range 12..2",
     M_NONE, 0},
    {"conflict names the earlier line", "config ts>=13\nconfig ts<=12\n", 1,
     "s.scn:2: error: config: ts<=12 conflicts with ts>=13 on line 1", M_NONE, 0},
    {"conflicting values", "config ts=12\nconfig ts=6\n", 1,
     "config: ts=6 conflicts with ts=12 on line 1", M_NONE, 0},
    {"unknown key", "config PortWidth=4\n", 1, "config: unknown key 'PortWidth'", M_NONE, 0},
    {"not a number", "config ts=twelve\n", 1, "config: ts: expected a number, got 'twelve'",
     M_NONE, 0},
    {"open range end", "config ts=2..\n", 1, "config: ts: expected a number, got ''", M_NONE, 0},
    {"> without =", "config ts>2\n", 1, "config: '>' must be '>=' (key>=value), got 'ts>2'",
     M_NONE, 0},
    {"no operator", "config ts\n", 1, "config: expected key=value, key=lo..hi", M_NONE, 0},
    {"no key", "config =4\n", 1, "config: expected key=value", M_NONE, 0},
    {"too large", "config ts=4294967295\n", 1, "config: ts: expected a number", M_NONE, 0},
    {"nothing", "config\n", 1, "config: expected key=value, key=lo..hi, key>=value", M_NONE, 0},
};

static struct event ev[64];
static struct expect_seg seg[16];
static uint8_t bytes[256];

static void read_back(FILE *f, char *buf, size_t n)
{
    fflush(stderr);
    rewind(f);
    size_t got = fread(buf, 1, n - 1, f);
    buf[got] = '\0';
}

static struct sys_cfg moved(enum move m)
{
    struct sys_cfg c = full;
    switch (m) {
    case M_TS1:
        c.itm.ts_width = 1;
        break;
    case M_TS13:
        c.itm.ts_width = 13;
        break;
    case M_PW1:
        c.tpiu.port_width = 1;
        break;
    case M_PW8:
        c.tpiu.port_width = 8;
        break;
    case M_FIDLE:
        c.tpiu.frame_idle_cycles = 7;
        break;
    case M_NOTPIU:
        c.has_tpiu = false;
        break;
    case M_NODWT:
        c.has_dwt = false;
        break;
    case M_CODE0:
        c.fpb.num_code = 0;
        break;
    case M_NOETM:
        c.has_etm = false;
        break;
    case M_ETMFIFO128:
        c.etm.fifo_depth = 128;
        break;
    default:
        break;
    }
    return c;
}

int main(void)
{
    unsigned fails = 0;
    char path[] = "/tmp/test_scen_cfg_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) {
        printf("FAIL cannot make a temporary file\n");
        return 1;
    }
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const struct tcase *t = &cases[k];
        struct scenario s = {.ev = ev, .cap_ev = 64, .seg = seg, .cap_seg = 16, .bytes = bytes,
                             .cap_bytes = sizeof bytes, .path = "s.scn"};
        if (!freopen(path, "w+", stderr)) {
            printf("FAIL cannot redirect stderr\n");
            return 1;
        }
        unsigned e = scenario_parse_string(&s, "s.scn", t->text);
        char err[2048];
        read_back(stderr, err, sizeof err);
        const char *bad = NULL;
        char why[512] = "";
        if (e != t->errors)
            bad = "error count";
        else if (e == 0) {
            struct sys_cfg c = moved(t->move);
            bool fits = scen_cfg_fits(&s, &c, "skipped", "built with", why, sizeof why);
            if (fits != (t->fits != 0))
                bad = fits ? "fits, expected not to" : "does not fit, expected to";
            else if (t->msg && !strstr(why, t->msg))
                bad = "message";
        } else if (t->msg && !strstr(err, t->msg))
            bad = "message";
        if (bad) {
            fails++;
            printf("FAIL %s: %s (errors %u, expected %u; stderr: %s; why: %s)\n", t->name, bad,
                   e, t->errors, err, why);
        } else
            printf("ok   %s%s%s\n", t->name, why[0] ? ": " : "", why);
    }
    remove(path);
    printf("test_scen_cfg: %u of %zu failed\n", fails, sizeof cases / sizeof cases[0]);
    return fails ? 1 : 0;
}
