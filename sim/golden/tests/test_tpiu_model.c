/* SPDX-License-Identifier: Apache-2.0 */
/* Unit test of the golden TPIU model. Every expected byte and cycle is derived by hand from
 * docs/tpiu-contract.md (the derivations are in the comments); nothing is recorded from the
 * model. */
#include <stdio.h>
#include <string.h>

#include "tpiu_model.h"

static unsigned passed, failed;
#define CHECK(c)                                                                                   \
    do {                                                                                           \
        if (c)                                                                                     \
            passed++;                                                                              \
        else {                                                                                     \
            failed++;                                                                              \
            printf("%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);                           \
        }                                                                                          \
    } while (0)
/* A check inside a loop over cycles: reports the cycle. */
#define CHECK_AT(c, t)                                                                             \
    do {                                                                                           \
        if (c)                                                                                     \
            passed++;                                                                              \
        else {                                                                                     \
            failed++;                                                                              \
            printf("%s:%d: cycle %u: check failed: %s\n", __FILE__, __LINE__, (unsigned)(t), #c);  \
        }                                                                                          \
    } while (0)

#define LOGN 1024u
#define QN 512u

/* Test bench: the model, an ATB source and a log of the outputs of every cycle. Cycle t is
 * the cycle before edge t; o[t] are its outputs. */
static struct bench {
    struct tpiu_model m;
    struct tpiu_out o[LOGN];
    unsigned t;
    uint8_t qid[QN], qd[QN]; /* ATB source: offers q[qh] while qh < qn */
    unsigned qh, qn;
    unsigned afready_at; /* afready_i = 1 in this cycle only */
} B;

static void bench_init(unsigned pw, unsigned depth)
{
    struct tpiu_cfg c = {pw, depth, 16};
    memset(&B, 0, sizeof B);
    CHECK(tpiu_model_init(&B.m, &c) == 0);
    B.afready_at = ~0u;
}

static void queue(uint8_t id, uint8_t d)
{
    B.qid[B.qn] = id;
    B.qd[B.qn] = d;
    B.qn++;
}

/* One cycle with optional APB inputs (psel, penable, pwrite, paddr, pwdata, pstrb). */
static void cycle(const struct tpiu_in *bus)
{
    struct tpiu_in in;
    memset(&in, 0, sizeof in);
    if (bus)
        in = *bus;
    in.rst_n = true;
    if (B.qh < B.qn) {
        in.atvalid = true;
        in.atid = B.qid[B.qh];
        in.atdata = B.qd[B.qh];
    }
    in.afready = B.t == B.afready_at;
    struct tpiu_out *o = &B.o[B.t < LOGN ? B.t : LOGN - 1];
    tpiu_model_eval(&B.m, &in, o);
    tpiu_model_step(&B.m, &in);
    if (in.atvalid && o->atready)
        B.qh++;
    B.t++;
}

static void run_to(unsigned t)
{
    while (B.t < t)
        cycle(NULL);
}

/* APB transfer: setup in cycle B.t, access in B.t+1. Returns the access cycle (its edge is
 * the write's access edge); rd and err get prdata and pslverr of the access cycle. */
static unsigned apb(bool wr, uint32_t off, uint32_t data, uint8_t strb, uint32_t *rd, bool *err)
{
    struct tpiu_in bus;
    memset(&bus, 0, sizeof bus);
    bus.psel = true;
    bus.pwrite = wr;
    bus.paddr = off;
    bus.pwdata = data;
    bus.pstrb = strb;
    unsigned s = B.t;
    cycle(&bus);
    CHECK(B.o[s].prdata == 0 && !B.o[s].pslverr && B.o[s].pready); /* setup cycle */
    bus.penable = true;
    cycle(&bus);
    if (rd)
        *rd = B.o[s + 1].prdata;
    if (err)
        *err = B.o[s + 1].pslverr;
    return s + 1;
}

static unsigned wr(uint32_t off, uint32_t data)
{
    bool err = true;
    unsigned a = apb(true, off, data, 0xF, NULL, &err);
    CHECK(!err);
    return a;
}

static uint32_t rd(uint32_t off)
{
    uint32_t v = 0xDEADBEEFu;
    bool err = true;
    apb(false, off, 0, 0, &v, &err);
    CHECK(!err);
    return v;
}

/* txb shows byte b in cycle t. */
static bool txb_is(unsigned t, uint8_t b) { return B.o[t].txb_valid && B.o[t].txb == b; }

/* Checks a byte stream on txb and (cw = 8) tracedata, one byte per cycle from t0. */
static void check_par8(unsigned t0, const uint8_t *exp, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        unsigned t = t0 + i;
        CHECK_AT(txb_is(t, exp[i]), t);
        CHECK_AT(B.o[t].tracedata == exp[i], t);
    }
}

/* Checks the cells of one SWO character: cell k on swo in cycles t0 + k*c .. t0 + k*c + c-1,
 * txb pulses in the first cycle only, async_idle is 0 throughout. */
static void check_char(unsigned t0, const char *cells, unsigned c, uint8_t byte)
{
    unsigned n = (unsigned)strlen(cells);
    for (unsigned k = 0; k < n; k++)
        for (unsigned j = 0; j < c; j++) {
            unsigned t = t0 + k * c + j;
            CHECK_AT(B.o[t].swo == (cells[k] == '1'), t);
            CHECK_AT(!B.o[t].async_idle, t);
            if (k == 0 && j == 0)
                CHECK_AT(txb_is(t, byte), t);
            else
                CHECK_AT(!B.o[t].txb_valid && B.o[t].txb == 0, t);
        }
}

/* ---- section 4: registers ---- */
static void test_regs(void)
{
    struct tpiu_model m;
    struct tpiu_cfg bad[] = {{3, 4, 16}, {0, 4, 16}, {16, 4, 16}, {4, 1, 16},
                             {4, 3, 16}, {4, 32, 16}, {4, 0, 16}};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&m, 0xA5, sizeof m);
        CHECK(tpiu_model_init(&m, &bad[i]) == -1);
        CHECK(m.cfg.port_width == 0xA5A5A5A5u && m.n == 0xA5A5A5A5u); /* untouched */
    }

    /* all outputs 0 while rst_n is low */
    bench_init(4, 4);
    struct tpiu_in in;
    struct tpiu_out o;
    memset(&in, 0xFF, sizeof in);
    in.rst_n = false;
    tpiu_model_eval(&B.m, &in, &o);
    CHECK(o.prdata == 0 && !o.pready && !o.pslverr && !o.atready && !o.afvalid && !o.traceclk &&
          o.tracedata == 0 && !o.swo && !o.txb_valid && o.txb == 0 && !o.ts_tick && !o.async_idle &&
          !o.sync_req);
    memset(&in, 0, sizeof in);
    in.rst_n = true;
    tpiu_model_eval(&B.m, &in, &o);
    CHECK(o.pready && o.atready && !o.afvalid && o.async_idle && o.ts_tick && !o.swo);

    /* reset values, `full` configuration */
    CHECK(rd(TPIU_SSPSR_OFF) == 0x0000000Bu);
    CHECK(rd(TPIU_CSPSR_OFF) == 0x1u);
    CHECK(rd(TPIU_ACPR_OFF) == 0);
    CHECK(rd(TPIU_SPPR_OFF) == 0x1u);
    CHECK(rd(TPIU_FFSR_OFF) == 0x8u);
    CHECK(rd(TPIU_FFCR_OFF) == 0x102u);
    CHECK(rd(TPIU_PSCR_OFF) == 0);
    CHECK(rd(TPIU_TRIGGER_OFF) == 0);
    CHECK(rd(TPIU_DEVID_OFF) == 0x00000C80u);
    CHECK(rd(TPIU_DEVTYPE_OFF) == 0x11u);
    static const uint32_t idoff[] = {0xFD0, 0xFD4, 0xFD8, 0xFDC, 0xFE0, 0xFE4,
                                     0xFE8, 0xFEC, 0xFF0, 0xFF4, 0xFF8, 0xFFC};
    static const uint32_t idval[] = {0x04, 0, 0, 0, 0x21, 0xBD, 0x0B, 0x00, 0x0D, 0x90, 0x05, 0xB1};
    for (unsigned i = 0; i < 12; i++)
        CHECK(rd(idoff[i]) == idval[i]);
    CHECK(rd(0xFE3) == 0x21); /* paddr[1:0] ignored */

    /* RAZ/WI: unmapped offsets, TRIGGER, RO registers */
    static const uint32_t raz[] = {0x008, 0x00C, 0x014, 0x0F4, 0x30C, 0xEEC, 0xF00,
                                   0xFA0, 0xFA4, 0xFB0, 0xFB4, 0xFBC, 0xFC4};
    for (unsigned i = 0; i < sizeof raz / sizeof raz[0]; i++) {
        wr(raz[i], 0xFFFFFFFFu);
        CHECK(rd(raz[i]) == 0);
    }
    wr(TPIU_TRIGGER_OFF, 0xFFFFFFFFu);
    CHECK(rd(TPIU_TRIGGER_OFF) == 0);
    wr(TPIU_SSPSR_OFF, 0);
    CHECK(rd(TPIU_SSPSR_OFF) == 0xBu);
    wr(TPIU_FFSR_OFF, 0xFFFFFFFFu);
    CHECK(rd(TPIU_FFSR_OFF) == 0x8u);
    wr(TPIU_DEVID_OFF, 0);
    CHECK(rd(TPIU_DEVID_OFF) == 0xC80u);

    /* [TPIU-APB-2] non-word write: error, no effect; reads never error */
    bool err = false;
    uint32_t v;
    for (unsigned s = 0; s < 0xF; s++) {
        apb(true, TPIU_ACPR_OFF, 0x1234, (uint8_t)s, NULL, &err);
        CHECK(err);
    }
    CHECK(rd(TPIU_ACPR_OFF) == 0);
    apb(false, TPIU_ACPR_OFF, 0, 0x3, &v, &err);
    CHECK(!err && v == 0);
    apb(true, TPIU_FFCR_OFF, 0x40, 0x1, NULL, &err); /* erroring FOnMan write: no flush */
    CHECK(err);
    CHECK(rd(TPIU_FFSR_OFF) == 0x8u);
    apb(true, TPIU_ACPR_OFF, 0xFFFF1234u, 0xF, NULL, &err);
    CHECK(!err);
    CHECK(rd(TPIU_ACPR_OFF) == 0x1234u); /* [15:0] only */
    wr(TPIU_ACPR_OFF, 0);

    /* [TPIU-REG-1] CSPSR: one-hot and supported (PortWidth 4: sizes 1, 2, 4) */
    wr(TPIU_CSPSR_OFF, 0x8);
    CHECK(rd(TPIU_CSPSR_OFF) == 0x8u);
    static const uint32_t badcs[] = {0x80, 0x4, 0x3, 0x0, 0x10, 0x9, 0x80000000u, 0xB};
    for (unsigned i = 0; i < sizeof badcs / sizeof badcs[0]; i++) {
        wr(TPIU_CSPSR_OFF, badcs[i]);
        CHECK(rd(TPIU_CSPSR_OFF) == 0x8u);
    }
    wr(TPIU_CSPSR_OFF, 0x2);
    CHECK(rd(TPIU_CSPSR_OFF) == 0x2u);
    CHECK(B.m.cspsr == 0x2u);

    /* [TPIU-REG-2] SPPR: TXMODE 3 ignored, other bits WI */
    wr(TPIU_SPPR_OFF, 0x3);
    CHECK(rd(TPIU_SPPR_OFF) == 0x1u);
    wr(TPIU_SPPR_OFF, 0xFFFFFFF2u);
    CHECK(rd(TPIU_SPPR_OFF) == 0x2u);

    /* [TPIU-REG-3] FFCR: EnFCont as stored in SWO, forced to 1 in parallel */
    wr(TPIU_FFCR_OFF, 0xFFFFFEBDu); /* bit 1 = 0, bit 6 = 0 */
    CHECK(rd(TPIU_FFCR_OFF) == 0x100u);
    wr(TPIU_SPPR_OFF, 0);
    CHECK(rd(TPIU_FFCR_OFF) == 0x102u);
    CHECK(!B.m.enfcont);
    wr(TPIU_SPPR_OFF, 1);
    CHECK(rd(TPIU_FFCR_OFF) == 0x100u); /* the programmed value again */
    wr(TPIU_FFCR_OFF, 0x2);
    CHECK(rd(TPIU_FFCR_OFF) == 0x102u);

    /* [TPIU-REG-5] PSCR [4:0] */
    wr(TPIU_PSCR_OFF, 0xFFFFFFFFu);
    CHECK(rd(TPIU_PSCR_OFF) == 0x1Fu);

    /* prdata only in the access cycle, captured at the setup edge */
    unsigned a = apb(false, TPIU_SPPR_OFF, 0, 0, &v, NULL);
    CHECK(v == 1 && B.o[a + 1].prdata == 0);

    /* reset through step */
    memset(&in, 0, sizeof in);
    tpiu_model_step(&B.m, &in);
    CHECK(B.m.pscr == 0 && B.m.cspsr == 1 && B.m.enfcont && B.m.sppr == 1 && B.m.pready_q &&
          B.m.sync_pend && B.m.fl_state == TPIU_FL_IDLE);

    /* configuration-dependent identification */
    struct {
        unsigned pw, d;
        uint32_t sspsr, devid;
    } cfgs[] = {{1, 2, 0x1, 0xC40}, {2, 4, 0x3, 0xC80}, {4, 8, 0xB, 0xCC0}, {8, 16, 0x8B, 0xD00}};
    for (unsigned i = 0; i < 4; i++) {
        bench_init(cfgs[i].pw, cfgs[i].d);
        CHECK(rd(TPIU_SSPSR_OFF) == cfgs[i].sspsr);
        CHECK(rd(TPIU_DEVID_OFF) == cfgs[i].devid);
    }
    /* PortWidth 8 accepts 0x80, PortWidth 1 only 0x1 */
    wr(TPIU_CSPSR_OFF, 0x80);
    CHECK(rd(TPIU_CSPSR_OFF) == 0x80u);
    bench_init(1, 2);
    wr(TPIU_CSPSR_OFF, 0x2);
    CHECK(rd(TPIU_CSPSR_OFF) == 0x1u);
}

/* Parallel mode at cw = 8 (PortWidth 8): CSPSR = 0x80 in cycles 0-1, SPPR = 0 in cycles 2-3,
 * restart at edge R = 3. From R+1 the port loads at every odd edge R+1+2k (units on the pins
 * in cycles R+2+2k, R+3+2k), the formatter loads at the even edge after each take:
 *   edge R+1: port hsync (FF 7F, cycles R+2, R+3); formatter FMT-2 (FF FF)
 *   edge R+3: port FF FF (R+4, R+5);  edge R+4: FMT-1 (FF 7F) -> R+6, R+7
 *   edge R+6: first data unit -> R+8, R+9, and so on every 2 cycles while data is ready.
 * The ATB source offers from cycle R+1: pushes at R+1..R+4 fill the 4-entry buffer. */
static unsigned par8_start(void)
{
    bench_init(8, 4);
    wr(TPIU_CSPSR_OFF, 0x80);
    unsigned r = wr(TPIU_SPPR_OFF, 0);
    CHECK(r == 3);
    return r;
}

static const uint8_t fsync_hdr[] = {0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0x7F};

/* Section 11 (a): ID 1 and 14 bytes 10..1D after the full sync. Buffer level at each
 * formatter edge: R+6 4 (FMT-5 pops 1), R+8 4, then 3 at every later formatter edge, so
 * the formatter never waits; FMT-3 at R+20; hsyncs from R+24. */
static void test_frame_a(void)
{
    unsigned r = par8_start();
    for (unsigned d = 0x10; d <= 0x1D; d++)
        queue(1, (uint8_t)d);
    run_to(r + 40);
    static const uint8_t frame[] = {0x03, 0x10, 0x10, 0x12, 0x12, 0x14, 0x14, 0x16,
                                    0x16, 0x18, 0x18, 0x1A, 0x1A, 0x1C, 0x1C, 0xFE};
    CHECK(!B.o[r + 1].txb_valid && B.o[r + 1].tracedata == 0 && !B.o[r + 1].traceclk);
    check_par8(r + 2, fsync_hdr, 6);
    check_par8(r + 8, frame, 16);
    for (unsigned t = r + 24; t < r + 40; t++)
        CHECK_AT(txb_is(t, (t - r) % 2 ? 0x7F : 0xFF), t); /* hsyncs when idle */
    for (unsigned t = r + 1; t < r + 40; t++) {
        CHECK_AT(B.o[t].traceclk == ((t - r) % 2 == 0), t); /* toggles at every edge */
        CHECK_AT(!B.o[t].ts_tick && B.o[t].async_idle && !B.o[t].swo, t);
    }
    CHECK(B.m.p == 0 && B.m.n == 0 && B.m.cur_id == 1 && B.m.cur_vld && !B.m.sync_pend);
}

/* Section 11 (b): current ID 1 at p = 2, {1:A0} {2:B0} {2:B1} -> 05 A0 (aux bit 1 = 1),
 * B0 B1 (aux bit 2 = 0); the frame is completed with {2:C1..C9}:
 * C1&FE C2 | C3&FE C4 | C5&FE C6 | C7&FE C8 | C9&FE aux, aux bits 3..7 = 1:
 * aux = 0b11111010 = FA. Buffer: R+8 holds A0 B0 B1 C1, R+10 B0 B1 C1 C2, then 3 entries at
 * every formatter edge, so one unit every 2 cycles. */
static void test_frame_b(void)
{
    unsigned r = par8_start();
    queue(1, 0x77);
    queue(1, 0xA0);
    queue(2, 0xB0);
    queue(2, 0xB1);
    for (unsigned d = 0xC1; d <= 0xC9; d++)
        queue(2, (uint8_t)d);
    run_to(r + 30);
    static const uint8_t frame[] = {0x03, 0x77, 0x05, 0xA0, 0xB0, 0xB1, 0xC0, 0xC2,
                                    0xC2, 0xC4, 0xC4, 0xC6, 0xC6, 0xC8, 0xC8, 0xFA};
    check_par8(r + 2, fsync_hdr, 6);
    check_par8(r + 8, frame, 16);
    CHECK(txb_is(r + 24, 0xFF) && txb_is(r + 25, 0x7F));
}

/* Section 11 (c): current ID 1 at p = 2, {2:B0} {2:B1} -> 05 B0 (aux bit 1 = 0), then B1
 * waits for a partner (FMT-10): hsyncs from R+12, p = 4, one entry left. */
static void test_frame_c(void)
{
    unsigned r = par8_start();
    queue(1, 0x77);
    queue(2, 0xB0);
    queue(2, 0xB1);
    run_to(r + 30);
    static const uint8_t units[] = {0x03, 0x77, 0x05, 0xB0};
    check_par8(r + 8, units, 4);
    for (unsigned t = r + 12; t < r + 30; t++)
        CHECK_AT(txb_is(t, (t - r) % 2 ? 0x7F : 0xFF), t);
    CHECK(B.m.p == 4 && B.m.n == 1 && B.m.cur_id == 2 && B.m.aux == 0 && !B.m.u_valid);
    CHECK(B.m.fifo[B.m.head].id == 2 && B.m.fifo[B.m.head].data == 0xB1);
}

/* [TPIU-FMT-4]: ID change landing on byte 14. Stream {1:77} {2:B0} {2:B1} {2:D3..DB}
 * {3:E1} {3:E2}: 03 77 | 05 B0 | B1&FE D3 | D4 D5 | D6 D7 | D8 D9 | DA DB | 07 aux with
 * aux bit 2 = B1[0] = 1, all others 0: aux = 04. The next frame starts with data under ID
 * 3: E1&FE E2 (aux bit 0 = 1). The formatter has 2 or more entries at every formatter edge
 * R+6+2k, so the units follow every 2 cycles. */
static void test_fmt4(void)
{
    unsigned r = par8_start();
    queue(1, 0x77);
    queue(2, 0xB0);
    queue(2, 0xB1);
    for (unsigned d = 0xD3; d <= 0xDB; d++)
        queue(2, (uint8_t)d);
    queue(3, 0xE1);
    queue(3, 0xE2);
    run_to(r + 30);
    static const uint8_t frame[] = {0x03, 0x77, 0x05, 0xB0, 0xB0, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7,
                                    0xD8, 0xD9, 0xDA, 0xDB, 0x07, 0x04, 0xE0, 0xE2, 0xFF, 0x7F};
    check_par8(r + 8, frame, 20);
    CHECK(B.m.p == 2 && B.m.cur_id == 3 && B.m.aux == 1 && B.m.n == 0);
}

/* Parallel port on PortWidth 4 at cw = 1, 2, 4. CSPSR in cycles 0-1, SPPR = 0 in 2-3:
 * restart at R = 3. Unit period P = 16/cw cycles; the port loads at edges R+1+kP and unit k
 * is on the pins in cycles R+2+kP .. R+1+(k+1)P: k = 0 hsync (the formatter was empty at
 * R+1), 1 FF FF (FMT-2 at R+1), 2 FF 7F (FMT-1 at R+2+P), 3 = 03 5A (FMT-5 with {1:5A} at
 * R+2+2P), 4 and 5 hsyncs ({1:C3} waits for a partner). */
static void test_par(unsigned cw, uint32_t cspsr)
{
    static const uint16_t unit[] = {0x7FFF, 0xFFFF, 0x7FFF, 0x5A03, 0x7FFF, 0x7FFF};
    bench_init(4, 4);
    wr(TPIU_CSPSR_OFF, cspsr);
    unsigned r = wr(TPIU_SPPR_OFF, 0);
    queue(1, 0x5A);
    queue(1, 0xC3);
    unsigned per = 16 / cw;
    run_to(r + 2 + 6 * per);
    for (unsigned t = 0; t <= r; t++) /* Manchester before the restart: no parallel output */
        CHECK_AT(!B.o[t].traceclk && B.o[t].tracedata == 0, t);
    CHECK(!B.o[r + 1].txb_valid && B.o[r + 1].tracedata == 0);
    for (unsigned t = r + 2; t < r + 2 + 6 * per; t++) {
        unsigned k = (t - r - 2) / per, j = (t - r - 2) % per;
        uint8_t chunk = (uint8_t)((unit[k] >> (j * cw)) & ((1u << cw) - 1u));
        CHECK_AT(B.o[t].tracedata == chunk, t);
        CHECK_AT(B.o[t].traceclk == ((t - r) % 2 == 0), t);
        if (j == 0)
            CHECK_AT(txb_is(t, (uint8_t)unit[k]), t);
        else if (j == per / 2)
            CHECK_AT(txb_is(t, (uint8_t)(unit[k] >> 8)), t);
        else
            CHECK_AT(!B.o[t].txb_valid && B.o[t].txb == 0, t);
        CHECK_AT(!B.o[t].ts_tick && B.o[t].async_idle && !B.o[t].swo, t);
    }
    CHECK(B.m.p == 2 && B.m.n == 1 && B.m.cw == cw);
}

/* The same, written out by hand for cw = 4 and cw = 2, to pin the chunk order. */
static void test_par_literal(void)
{
    /* cw = 4: nibbles LSB first; 03 5A = 3 0 A 5 */
    static const uint8_t n4[] = {0xF, 0xF, 0xF, 0x7, 0xF, 0xF, 0xF, 0xF, 0xF, 0xF,
                                 0xF, 0x7, 0x3, 0x0, 0xA, 0x5, 0xF, 0xF, 0xF, 0x7};
    bench_init(4, 4);
    wr(TPIU_CSPSR_OFF, 0x8);
    unsigned r = wr(TPIU_SPPR_OFF, 0);
    queue(1, 0x5A);
    queue(1, 0xC3);
    run_to(r + 30);
    for (unsigned i = 0; i < sizeof n4; i++)
        CHECK_AT(B.o[r + 2 + i].tracedata == n4[i], r + 2 + i);
    CHECK(txb_is(r + 14, 0x03) && txb_is(r + 16, 0x5A) && !B.o[r + 15].txb_valid &&
          !B.o[r + 17].txb_valid && txb_is(r + 18, 0xFF) && txb_is(r + 20, 0x7F));
    /* no restart: FFCR.EnFCont = 0 in the parallel mode leaves fmt_on = 1 */
    unsigned a = wr(TPIU_FFCR_OFF, 0);
    CHECK(a == r + 31);
    run_to(r + 44);
    for (unsigned t = r + 30; t < r + 44; t++) {
        CHECK_AT(B.o[t].traceclk == ((t - r) % 2 == 0), t);
        CHECK_AT(B.o[t].tracedata == ((t - r - 2) % 4 == 3 ? 0x7 : 0xF), t);
    }
    CHECK(rd(TPIU_FFCR_OFF) == 0x102u);

    /* cw = 2: 03 5A = 0b0101101000000011, pairs LSB first: 3 0 0 0 2 2 1 1 */
    static const uint8_t n2[] = {3, 0, 0, 0, 2, 2, 1, 1, 3, 3, 3, 3, 3, 3, 3, 1};
    bench_init(4, 4);
    wr(TPIU_CSPSR_OFF, 0x2);
    r = wr(TPIU_SPPR_OFF, 0);
    queue(1, 0x5A);
    queue(1, 0xC3);
    run_to(r + 50);
    for (unsigned i = 0; i < sizeof n2; i++)
        CHECK_AT(B.o[r + 26 + i].tracedata == n2[i], r + 26 + i);
    CHECK(txb_is(r + 26, 0x03) && txb_is(r + 30, 0x5A) && txb_is(r + 34, 0xFF) &&
          txb_is(r + 38, 0x7F));

    /* cw = 1: bits LSB first: 1 1 0 0 0 0 0 0 | 0 1 0 1 1 0 1 0, unit 3 at R+50..R+65 */
    static const uint8_t n1[] = {1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1, 0};
    bench_init(4, 4);
    r = wr(TPIU_SPPR_OFF, 0); /* CSPSR = 1 from reset */
    queue(1, 0x5A);
    queue(1, 0xC3);
    run_to(r + 70);
    for (unsigned i = 0; i < sizeof n1; i++)
        CHECK_AT(B.o[r + 50 + i].tracedata == n1[i], r + 50 + i);
    CHECK(txb_is(r + 50, 0x03) && txb_is(r + 58, 0x5A) && txb_is(r + 66, 0xFF));
}

/* [TPIU-FLUSH-1/2] with padding, parallel cw = 8. {1:10} {1:11} {1:12}: 03 10 (R+8), 10 12
 * (R+10), then p = 4 and the formatter waits; hsyncs from R+12. FFCR = 0x142 with access
 * edge R+13: REQ in R+14..R+16 (afvalid), afready in cycle R+16, DRAIN from R+17.
 * Edge R+17: the formatter pads {0:00}: ID change (FMT-5) 01 00, the port loads an hsync
 * (R+18, R+19) and takes 01 00 at R+19 (R+20, R+21); FMT-6 00 00 at R+20, 22, 24, 26
 * (p 6..12), FMT-3 00 aux at R+28 with aux = bit 1 (11[0]) = 02 -> R+30, R+31.
 * Completion: cycle R+31 has n = 0, no unit, p = 0, left = 1 -> IDLE from R+32. */
static void test_flush(void)
{
    unsigned r = par8_start();
    queue(1, 0x10);
    queue(1, 0x11);
    queue(1, 0x12);
    run_to(r + 12);
    CHECK(wr(TPIU_FFCR_OFF, 0x142) == r + 13);
    B.afready_at = r + 16;
    run_to(r + 18);
    uint32_t v = 0;
    unsigned a = apb(false, TPIU_FFSR_OFF, 0, 0, &v, NULL);
    CHECK(a == r + 19 && v == 0x9u);
    CHECK(rd(TPIU_FFCR_OFF) == 0x142u); /* FOnMan reads 1 until the flush completes */
    /* more bytes offered during DRAIN must wait */
    queue(1, 0x99);
    run_to(r + 40);
    static const uint8_t head[] = {0x03, 0x10, 0x10, 0x12, 0xFF, 0x7F, 0xFF, 0x7F,
                                   0xFF, 0x7F, 0xFF, 0x7F, 0x01, 0x00, 0x00, 0x00,
                                   0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02};
    check_par8(r + 8, head, sizeof head);
    for (unsigned t = r + 1; t < r + 34; t++) {
        CHECK_AT(B.o[t].afvalid == (t >= r + 14 && t <= r + 16), t);
        CHECK_AT(B.o[t].atready == (t < r + 17 || t >= r + 32), t);
    }
    /* {1:99} is accepted at edge R+32; at R+33 it is new against the pad ID 0: FMT-5
     * 03 99 (the port loads an hsync at R+33 and takes 03 99 at R+35) */
    CHECK(B.m.fl_state == TPIU_FL_IDLE && B.m.n == 0 && B.m.p == 2 && B.m.cur_id == 1);
    static const uint8_t tail[] = {0xFF, 0x7F, 0xFF, 0x7F, 0x03, 0x99, 0xFF, 0x7F};
    check_par8(r + 32, tail, sizeof tail);
    CHECK(rd(TPIU_FFSR_OFF) == 0x8u);
    CHECK(rd(TPIU_FFCR_OFF) == 0x102u);
}

/* Flush in bypass NRZ: FlInProg clears at the edge where the last character's stop cell
 * ends. Setup as in test_nrz: bypass from R2 = 3; {1:41} pushed at R2+1, loaded at R2+2,
 * character in R2+4..R2+13. FFCR = 0x40 (EnFCont stays 0: no restart) with access edge
 * R2+2, afready in cycle R2+4: DRAIN from R2+5; the engine is busy until edge R2+13 and
 * idle in cycle R2+14, so the flush completes at edge R2+14. */
static void test_flush_bypass(void)
{
    bench_init(4, 4);
    wr(TPIU_SPPR_OFF, 2);
    unsigned r2 = wr(TPIU_FFCR_OFF, 0);
    queue(1, 0x41);
    CHECK(wr(TPIU_FFCR_OFF, 0x40) == r2 + 2);
    B.afready_at = r2 + 4;
    run_to(r2 + 20);
    check_char(r2 + 4, "0100000101", 1, 0x41);
    for (unsigned t = r2 + 3; t < r2 + 20; t++) {
        CHECK_AT(B.o[t].afvalid == (t >= r2 + 3 && t <= r2 + 4), t);
        CHECK_AT(B.o[t].atready == (t < r2 + 5 || t >= r2 + 15), t);
    }
}

/* [TPIU-SWO-3] NRZ, bypass, SWOSCALER = 0. SPPR = 2 (restart R1 = 1, formatted NRZ),
 * FFCR = 0 (restart R2 = 3, bypass; the FF FF loaded at edge 2 is lost). {5:41} pushed at
 * R2+1, {9:C3} at R2+2; bypass loads 41 at R2+2; the engine starts it at R2+3 (tick every
 * cycle): cells in R2+4..R2+13; C3 (loaded at R2+4) starts at R2+13: R2+14..R2+23; idle
 * (high) from R2+24. IDs dropped, no syncs. */
static void test_nrz(void)
{
    bench_init(4, 4);
    CHECK(wr(TPIU_SPPR_OFF, 2) == 1);
    unsigned r2 = wr(TPIU_FFCR_OFF, 0);
    CHECK(r2 == 3);
    queue(5, 0x41);
    queue(9, 0xC3);
    run_to(r2 + 30);
    CHECK(!B.o[0].swo && !B.o[1].swo); /* Manchester idle low before */
    for (unsigned t = 2; t <= r2 + 3; t++)
        CHECK_AT(B.o[t].swo && B.o[t].async_idle && !B.o[t].txb_valid, t);
    check_char(r2 + 4, "0100000101", 1, 0x41);
    check_char(r2 + 14, "0110000111", 1, 0xC3);
    for (unsigned t = r2 + 24; t < r2 + 30; t++)
        CHECK_AT(B.o[t].swo && B.o[t].async_idle && !B.o[t].txb_valid, t);
    for (unsigned t = 0; t < r2 + 30; t++)
        CHECK_AT(B.o[t].ts_tick && !B.o[t].traceclk && B.o[t].tracedata == 0, t);
}

/* [TPIU-SWO-4] Manchester, bypass, SWOSCALER = 0: FFCR = 0 restart at R = 1; {1:41} pushed
 * at R+1, loaded R+2, started R+3: 20 cells in R+4..R+23, idle low from R+24. */
static void test_manchester(void)
{
    bench_init(4, 4);
    unsigned r = wr(TPIU_FFCR_OFF, 0);
    CHECK(r == 1);
    queue(1, 0x41);
    run_to(r + 30);
    for (unsigned t = r + 1; t <= r + 3; t++)
        CHECK_AT(!B.o[t].swo && B.o[t].async_idle, t);
    /* start 10 | bits 1 0 0 0 0 0 1 0: 10 01 01 01 01 01 10 01 | stop 00 */
    check_char(r + 4,
               "10"
               "1001010101011001"
               "00",
               1, 0x41);
    for (unsigned t = r + 24; t < r + 30; t++)
        CHECK_AT(!B.o[t].swo && B.o[t].async_idle && B.o[t].ts_tick, t);
}

/* SWOSCALER = 2, NRZ bypass: ACPR (0-1), SPPR (2-3), FFCR = 0 restart at R2 = 5: bc = 0.
 * bc = 0, 1, 2 in R2+1..R2+3: ticks in cycles R2+3k. {1:41} loaded at R2+2, started at the
 * tick edge R2+3: each cell lasts 3 cycles, R2+4..R2+33; idle high from R2+34. */
static void test_nrz_scaled(void)
{
    bench_init(4, 4);
    wr(TPIU_ACPR_OFF, 2);
    wr(TPIU_SPPR_OFF, 2);
    unsigned r2 = wr(TPIU_FFCR_OFF, 0);
    CHECK(r2 == 5);
    queue(1, 0x41);
    run_to(r2 + 40);
    check_char(r2 + 4, "0100000101", 3, 0x41);
    for (unsigned t = r2 + 1; t < r2 + 40; t++)
        CHECK_AT(B.o[t].ts_tick == ((t - r2) % 3 == 0), t);
    for (unsigned t = r2 + 34; t < r2 + 40; t++)
        CHECK_AT(B.o[t].swo && B.o[t].async_idle, t);
    CHECK(B.o[r2 + 3].async_idle && !B.o[r2 + 4].async_idle);
}

/* Formatted NRZ, SWOSCALER = 0: SPPR = 2, restart at R = 1 with sync_pend = 1. FMT-2 at
 * R+1 (the engine is idle at that tick: no unit yet), FF FF taken at R+2 (FF starts, FF in
 * ser_buf), FMT-1 at R+3. Characters back to back: FF R+3..R+12, FF (ser_buf) R+13..R+22,
 * FF (unit FF 7F) R+23..R+32, 7F R+33..R+42, idle from R+43.
 * Then [TPIU-MODE-2]: an SPPR write of the same TXMODE (access edge R+5) changes nothing;
 * FFCR = 0 with access edge R+13 restarts: the FF in ser_buf and the unit FF 7F are lost,
 * the line goes idle (high) in R+14, and the two bytes kept in the input buffer leave in
 * bypass: 41 loaded at R+14, started at R+15 (R+16..R+25), 42 (R+26..R+35). */
static void test_nrz_formatted_restart(void)
{
    bench_init(4, 4);
    unsigned r = wr(TPIU_SPPR_OFF, 2);
    run_to(r + 50);
    check_char(r + 3, "0111111111", 1, 0xFF);
    check_char(r + 13, "0111111111", 1, 0xFF);
    check_char(r + 23, "0111111111", 1, 0xFF);
    check_char(r + 33, "0111111101", 1, 0x7F);
    for (unsigned t = r + 43; t < r + 50; t++)
        CHECK_AT(B.o[t].swo && B.o[t].async_idle && !B.o[t].txb_valid, t);
    CHECK(B.o[r + 2].async_idle && B.o[r + 1].swo);

    bench_init(4, 4);
    r = wr(TPIU_SPPR_OFF, 2);
    queue(1, 0x41); /* pushed at R+1, R+2; the formatter is busy with syncs */
    queue(1, 0x42);
    run_to(r + 4);
    CHECK(wr(TPIU_SPPR_OFF, 2) == r + 5); /* same TXMODE: no restart */
    run_to(r + 12);
    CHECK(wr(TPIU_FFCR_OFF, 0) == r + 13);
    CHECK(B.m.n == 2 && !B.m.u_valid && !B.m.ser_busy && !B.m.ser_more && B.m.swo && B.m.p == 0 &&
          !B.m.sync_pend && !B.m.fs2 && B.m.bc == 0);
    run_to(r + 40);
    check_char(r + 3, "0111111111", 1, 0xFF);
    CHECK(txb_is(r + 13, 0xFF) && !B.o[r + 13].swo); /* start cell of the lost character */
    CHECK(B.o[r + 14].swo && B.o[r + 14].async_idle && !B.o[r + 14].txb_valid);
    check_char(r + 16, "0100000101", 1, 0x41);
    check_char(r + 26, "0010000101", 1, 0x42);
    CHECK(B.o[r + 36].swo && B.o[r + 36].async_idle);
    CHECK(rd(TPIU_FFCR_OFF) == 0x100u);
}

/* [TPIU-MODE-2] the formatter does not pop at the restart edge: bypass NRZ from R2 = 3,
 * {1:41} pushed at R2+1; FFCR = 2 with access edge R' = R2+2 (where bypass would load 41)
 * restarts into formatted NRZ with sync_pend = 1. As in test_nrz_formatted_restart from R':
 * FF at R'+3, FF R'+13, FF R'+23, 7F R'+33; FMT-5 (03 41) loads at R'+23 after the engine
 * took FF 7F at R'+22; 03 at R'+43, 41 at R'+53, idle from R'+63. */
static void test_restart_no_pop(void)
{
    bench_init(4, 4);
    wr(TPIU_SPPR_OFF, 2);
    unsigned r2 = wr(TPIU_FFCR_OFF, 0);
    queue(1, 0x41);
    unsigned rr = wr(TPIU_FFCR_OFF, 2);
    CHECK(rr == r2 + 2);
    CHECK(B.m.n == 1 && !B.m.u_valid && B.m.sync_pend && B.m.p == 0);
    run_to(rr + 70);
    check_char(rr + 3, "0111111111", 1, 0xFF);
    check_char(rr + 13, "0111111111", 1, 0xFF);
    check_char(rr + 23, "0111111111", 1, 0xFF);
    check_char(rr + 33, "0111111101", 1, 0x7F);
    check_char(rr + 43, "0110000001", 1, 0x03);
    check_char(rr + 53, "0100000101", 1, 0x41);
    CHECK(B.o[rr + 63].swo && B.o[rr + 63].async_idle);
}

/* [TPIU-SYNC-2] PSCount = 7: 128 bytes. PSCR (0-1), CSPSR (2-3), SPPR = 0 restart R = 5,
 * cw = 8, 200 bytes of ID 1 (data = index). Accepted bytes: R+1..R+4, R+7, then every edge
 * except R+22+16j (formatter at p = 0 pops 2 from a full buffer): 18 after R+21, 33 + 15j
 * after R+37+16j, 123 after R+133, the 128th at edge R+139 -> sync_req in cycle R+140.
 * Frames: formatter at p = 0 on edges R+22+16j; the frame at R+134 (p = 0: bytes 119, 120
 * -> 76 78 on R+136, R+137) ends with FMT-3 at R+148; FMT-2 at R+150, FMT-1 at R+152 ->
 * FF FF FF 7F in R+152..R+155; FMT-5 with byte 134 at R+154 -> 03 86 in R+156, R+157. */
static void test_periodic_sync(void)
{
    bench_init(8, 4);
    wr(TPIU_PSCR_OFF, 7);
    wr(TPIU_CSPSR_OFF, 0x80);
    unsigned r = wr(TPIU_SPPR_OFF, 0);
    CHECK(r == 5);
    for (unsigned i = 0; i < 200; i++)
        queue(1, (uint8_t)i);
    run_to(r + 170);
    for (unsigned t = 0; t < r + 170; t++)
        CHECK_AT(B.o[t].sync_req == (t == r + 140), t);
    static const uint8_t s[] = {0x76, 0x78};
    check_par8(r + 136, s, 2);
    static const uint8_t fs[] = {0xFF, 0xFF, 0xFF, 0x7F, 0x03, 0x86};
    check_par8(r + 152, fs, 6);
    CHECK(B.o[r + 139].atready && !B.o[r + 134].atready);

    /* PSCount 6 (reserved) and 0: no request */
    for (unsigned k = 0; k < 2; k++) {
        bench_init(8, 4);
        wr(TPIU_PSCR_OFF, k ? 6 : 0);
        wr(TPIU_CSPSR_OFF, 0x80);
        r = wr(TPIU_SPPR_OFF, 0);
        for (unsigned i = 0; i < 200; i++)
            queue(1, (uint8_t)i);
        run_to(r + 300);
        unsigned n = 0;
        for (unsigned t = 0; t < r + 300; t++)
            n += B.o[t].sync_req;
        CHECK(n == 0 && B.qh == 200 && B.m.ps == 0);
    }

    /* Bypass (NRZ, EnFCont = 0): the request is made, no sync is pending (no formatter) */
    bench_init(4, 16);
    wr(TPIU_PSCR_OFF, 7);
    wr(TPIU_SPPR_OFF, 2);
    wr(TPIU_FFCR_OFF, 0);
    for (unsigned i = 0; i < 130; i++)
        queue(1, (uint8_t)i);
    unsigned reqs = 0;
    while (B.qh < 128 && B.t < 5000) {
        cycle(NULL);
        reqs += B.m.sync_req; /* set by the edge that accepted the 128th byte only */
    }
    CHECK(reqs == 1 && B.m.ps == 0 && B.m.sync_req && !B.m.sync_pend);
    cycle(NULL);
    CHECK(!B.m.sync_req);
}

int main(void)
{
    test_regs();
    test_frame_a();
    test_frame_b();
    test_frame_c();
    test_fmt4();
    test_par(1, 0x1);
    test_par(2, 0x2);
    test_par(4, 0x8);
    test_par_literal();
    test_flush();
    test_flush_bypass();
    test_nrz();
    test_manchester();
    test_nrz_scaled();
    test_nrz_formatted_restart();
    test_restart_no_pop();
    test_periodic_sync();
    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}
