/* SPDX-License-Identifier: Apache-2.0 */
/* Unit test of the golden TPIU model. Every expected byte and cycle is derived by hand from
 * docs/tpiu-contract.md (the derivations are in the comments); nothing is recorded from the
 * model. */
#include <stdio.h>
#include <string.h>

#include "tpiu_model.h"

#include "check.h"
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
    uint8_t qid[QN], qd[QN]; /* ATB source: offers q[qh] while qh < qn, from cycle q_at */
    unsigned qh, qn;
    unsigned gap;  /* cycles the source waits after each accepted byte */
    unsigned q_at; /* first cycle in which the source offers q[qh] */
    unsigned afready_at; /* afready_i = 1 in this cycle only */
} B;

/* FrameIdleCycles fic (section 1). */
static void bench_init_fic(unsigned pw, unsigned depth, unsigned fic)
{
    struct tpiu_cfg c = {pw, depth, fic};
    memset(&B, 0, sizeof B);
    CHECK(tpiu_model_init(&B.m, &c) == 0);
    B.afready_at = ~0u;
}

/* The `full` FrameIdleCycles, 16. */
static void bench_init(unsigned pw, unsigned depth) { bench_init_fic(pw, depth, 16); }

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
    if (B.qh < B.qn && B.t >= B.q_at) {
        in.atvalid = true;
        in.atid = B.qid[B.qh];
        in.atdata = B.qd[B.qh];
    }
    in.afready = B.t == B.afready_at;
    struct tpiu_out *o = &B.o[B.t < LOGN ? B.t : LOGN - 1];
    tpiu_model_eval(&B.m, &in, o);
    tpiu_model_step(&B.m, &in);
    if (in.atvalid && o->atready) {
        B.qh++;
        B.q_at = B.t + 1 + B.gap;
    }
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

/* NRZ cells of a byte [TPIU-SWO-3]: start 0, data bits LSB first, stop 1. */
static void nrz_cells(uint8_t byte, char cells[11])
{
    cells[0] = '0';
    for (unsigned i = 0; i < 8; i++)
        cells[1 + i] = (byte >> i) & 1u ? '1' : '0';
    cells[9] = '1';
    cells[10] = 0;
}

/* NRZ characters of bytes[0..n) back to back from cycle t0, c cycles per cell: no idle cell
 * between them [TPIU-BURST-2]. */
static void check_nrz_burst(unsigned t0, const uint8_t *bytes, unsigned n, unsigned c)
{
    char cells[11];
    for (unsigned k = 0; k < n; k++) {
        nrz_cells(bytes[k], cells);
        check_char(t0 + k * 10u * c, cells, c, bytes[k]);
    }
}

/* The NRZ line is idle (high, async_idle, no txb) in cycles t0 .. t1-1. */
static void check_nrz_idle(unsigned t0, unsigned t1)
{
    for (unsigned t = t0; t < t1; t++)
        CHECK_AT(B.o[t].swo && B.o[t].async_idle && !B.o[t].txb_valid, t);
}

/* Parallel port at chunk width cw after a restart at edge r: unit k (byte0 in [7:0]) on the
 * pins in cycles r+2+kP .. r+1+(k+1)P, P = 16/cw, cw bits per cycle LSB first; txb shows
 * each byte in the cycle its first chunk is on the pins [TPIU-PAR-1/2], [TPIU-TXB-1]. */
static void check_par_units(unsigned r, unsigned cw, const uint16_t *unit, unsigned n)
{
    unsigned per = 16 / cw;
    for (unsigned t = r + 2; t < r + 2 + n * per; t++) {
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
}

#define HSYNC 0x7FFFu /* a half-word sync unit: FF then 7F [TPIU-PAR-2] */

/* Appends the 8 units of a 16-byte frame to unit[]. */
static unsigned frame_units(uint16_t *unit, unsigned k, const uint8_t *frame)
{
    for (unsigned i = 0; i < 8; i++)
        unit[k + i] = (uint16_t)(frame[2 * i] | (unsigned)frame[2 * i + 1] << 8);
    return k + 8;
}

/* ---- section 4: registers ---- */
static void test_regs(void)
{
    struct tpiu_model m;
    struct tpiu_cfg bad[] = {{3, 4, 16}, {0, 4, 16}, {16, 4, 16}, {4, 1, 16}, {4, 3, 16},
                             {4, 32, 16}, {4, 0, 16}, {4, 4, 0}, {4, 4, 65536}};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&m, 0xA5, sizeof m);
        CHECK(tpiu_model_init(&m, &bad[i]) == -1);
        CHECK(m.cfg.port_width == 0xA5A5A5A5u && m.n == 0xA5A5A5A5u); /* untouched */
    }
    /* FrameIdleCycles 1..65535 [section 1]; reset: idle_q = 0, frame buffer empty */
    struct tpiu_cfg good[] = {{4, 4, 1}, {4, 4, 65535}, {1, 2, 16}, {8, 16, 300}};
    for (unsigned i = 0; i < sizeof good / sizeof good[0]; i++) {
        memset(&m, 0xA5, sizeof m);
        CHECK(tpiu_model_init(&m, &good[i]) == 0);
        CHECK(m.cfg.frame_idle_cycles == good[i].frame_idle_cycles && m.idle == 0 &&
              m.fb_n == 0 && m.fb_bursts == 0 && m.n == 0);
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
 * restart at edge R = 3. The port loads at every odd edge R+1+2k (unit on the pins in cycles
 * R+2+2k, R+3+2k): the frame buffer's head while it holds a complete burst, else an hsync
 * [TPIU-PAR-2]. The formatter acts at every edge (room, [TPIU-BURST-3]); the ATB source
 * offers from cycle R+1, one byte accepted per edge:
 *   edge R+1: port hsync (R+2, R+3); FMT-2 pushes FF FF (last 0); b0 accepted
 *   edge R+2: FMT-1 pushes FF 7F (last 1): the sync burst is complete
 *   edge R+3: port takes FF FF (R+4, R+5); FMT-5 with b0, when there is one
 *   edge R+5: port takes FF 7F (R+6, R+7)
 * With a byte accepted at every edge the buffer holds b(2j-1) b(2j) at edge R+2+2j and the
 * formatter pairs them (FMT-6), waiting at the odd edges in between (one entry). */
static unsigned par8_start(void)
{
    bench_init(8, 4);
    wr(TPIU_CSPSR_OFF, 0x80);
    unsigned r = wr(TPIU_SPPR_OFF, 0);
    CHECK(r == 3);
    return r;
}

static const uint8_t fsync_hdr[] = {0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0x7F};

/* hsyncs on the pins (cw = 8) in cycles t0 .. t1-1, t0 - r even. */
static void check_hsyncs8(unsigned r, unsigned t0, unsigned t1)
{
    for (unsigned t = t0; t < t1; t++)
        CHECK_AT(txb_is(t, (t - r) % 2 ? 0x7F : 0xFF) && B.o[t].tracedata == B.o[t].txb, t);
}

/* Section 11 (a): ID 1 and 14 bytes 10..1D (b0..b13) after the full sync. FMT-5 03 10 at
 * R+3, pairs (b1 b2) .. (b11 b12) at R+4, R+6, .., R+14, FMT-3 with b13 at R+15: the frame
 * is one complete burst from cycle R+16 [TPIU-BURST-2]. The port loads hsyncs at R+7 ..
 * R+15 (the frame is not complete: no unit of it leaves early) and the frame's units at
 * R+17, R+19, .., R+31: the 16 bytes back to back in R+18..R+33, hsyncs again from R+34.
 * The last byte is accepted at edge R+14: idle_q = 16 in cycle R+31, with p = 0 and an
 * empty input buffer: nothing to pad [TPIU-IDLE-2]. */
static void test_frame_a(void)
{
    unsigned r = par8_start();
    for (unsigned d = 0x10; d <= 0x1D; d++)
        queue(1, (uint8_t)d);
    run_to(r + 50);
    static const uint8_t frame[] = {0x03, 0x10, 0x10, 0x12, 0x12, 0x14, 0x14, 0x16,
                                    0x16, 0x18, 0x18, 0x1A, 0x1A, 0x1C, 0x1C, 0xFE};
    CHECK(!B.o[r + 1].txb_valid && B.o[r + 1].tracedata == 0 && !B.o[r + 1].traceclk);
    check_par8(r + 2, fsync_hdr, 6);
    check_hsyncs8(r, r + 8, r + 18);
    check_par8(r + 18, frame, 16);
    check_hsyncs8(r, r + 34, r + 50);
    for (unsigned t = r + 1; t < r + 50; t++) {
        CHECK_AT(B.o[t].traceclk == ((t - r) % 2 == 0), t); /* toggles at every edge */
        CHECK_AT(!B.o[t].ts_tick && B.o[t].async_idle && !B.o[t].swo, t);
    }
    CHECK(B.m.p == 0 && B.m.n == 0 && B.m.cur_id == 1 && B.m.cur_vld && !B.m.sync_pend);
    CHECK(B.m.fb_n == 0 && B.m.fb_bursts == 0 && B.m.idle == 16);
}

/* Section 11 (b): current ID 1 at p = 2, {1:A0} {2:B0} {2:B1} -> 05 A0 (aux bit 1 = 1),
 * B0 B1 (aux bit 2 = 0); the frame is completed with {2:C1..C9}:
 * C1&FE C2 | C3&FE C4 | C5&FE C6 | C7&FE C8 | C9&FE aux, aux bits 3..7 = 1:
 * aux = 0b11111010 = FA. Units: 03 77 at R+3, FMT-7 05 A0 at R+4 (buffer A0 B0), FMT-6
 * B0 B1 at R+5 (B0 B1), then pairs at R+7, 9, 11, 13 and FMT-3 with C9 at R+14. Complete
 * from cycle R+15: the port loads it at R+15, on the pins R+16..R+31, an hsync after. */
static void test_frame_b(void)
{
    unsigned r = par8_start();
    queue(1, 0x77);
    queue(1, 0xA0);
    queue(2, 0xB0);
    queue(2, 0xB1);
    for (unsigned d = 0xC1; d <= 0xC9; d++)
        queue(2, (uint8_t)d);
    run_to(r + 40);
    static const uint8_t frame[] = {0x03, 0x77, 0x05, 0xA0, 0xB0, 0xB1, 0xC0, 0xC2,
                                    0xC2, 0xC4, 0xC4, 0xC6, 0xC6, 0xC8, 0xC8, 0xFA};
    check_par8(r + 2, fsync_hdr, 6);
    check_hsyncs8(r, r + 8, r + 16);
    check_par8(r + 16, frame, 16);
    CHECK(txb_is(r + 32, 0xFF) && txb_is(r + 33, 0x7F));
}

/* Section 11 (c): current ID 1 at p = 2, {2:B0} {2:B1} -> 05 B0 (aux bit 1 = 0) at R+4,
 * then B1 waits for a partner (FMT-10): p = 4, one entry, the open frame stays in the frame
 * buffer (no complete burst: hsyncs). The last byte is accepted at edge R+3, so idle_q = 16
 * in cycle R+20 (the sync burst left at R+5): idle completion [TPIU-IDLE-2] pairs B1 with
 * PAD, a delayed change to ID 0 (FMT-7: 01 B1, aux bit 2 = 1) at R+20, PAD pairs at R+21..
 * R+24 (p 6..12) and FMT-3 00 aux at R+25, aux = 04. Port: loads the frame at R+27, on the
 * pins R+28..R+43. */
static void test_frame_c(void)
{
    unsigned r = par8_start();
    queue(1, 0x77);
    queue(2, 0xB0);
    queue(2, 0xB1);
    run_to(r + 20);
    CHECK(B.m.p == 4 && B.m.n == 1 && B.m.cur_id == 2 && B.m.aux == 0 && B.m.idle == 16);
    CHECK(B.m.fb_n == 2 && B.m.fb_bursts == 0);
    CHECK(B.m.fifo[B.m.head].id == 2 && B.m.fifo[B.m.head].data == 0xB1);
    run_to(r + 50);
    static const uint8_t frame[] = {0x03, 0x77, 0x05, 0xB0, 0x01, 0xB1, 0x00, 0x00,
                                    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04};
    check_par8(r + 2, fsync_hdr, 6);
    check_hsyncs8(r, r + 8, r + 28);
    check_par8(r + 28, frame, 16);
    check_hsyncs8(r, r + 44, r + 50);
    CHECK(B.m.p == 0 && B.m.n == 0 && B.m.cur_id == 0 && B.m.fb_n == 0);
}

/* [TPIU-FMT-4]: ID change landing on byte 14. Stream {1:77} {2:B0} {2:B1} {2:D3..DB}
 * {3:E1} {3:E2}: 03 77 | 05 B0 | B1&FE D3 | D4 D5 | D6 D7 | D8 D9 | DA DB | 07 aux with
 * aux bit 2 = B1[0] = 1, all others 0: aux = 04. Units at R+3 (03 77), R+4 (05 B0), R+5
 * (B0 D3), R+7, 9, 11, 13 (pairs) and FMT-4 at R+14: the frame is complete from R+15, on
 * the pins R+16..R+31. The next frame starts with data under ID 3: E1&FE E2 (aux bit 0 = 1)
 * at R+15. The last byte is accepted at edge R+14: idle_q = 16 from cycle R+31, when the
 * first frame's last unit has been taken (R+29): idle completion with PAD, a new ID (FMT-5
 * 01 00, aux bit 1 = 0) at R+31, PAD pairs at R+32..R+36, FMT-3 00 aux at R+37, aux = 01.
 * Port: hsyncs loaded at R+31..R+37, the second frame at R+39: on the pins R+40..R+55. */
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
    CHECK(B.m.p == 2 && B.m.cur_id == 3 && B.m.aux == 1 && B.m.n == 0 && B.m.idle == 15);
    run_to(r + 60);
    static const uint8_t frame1[] = {0x03, 0x77, 0x05, 0xB0, 0xB0, 0xD3, 0xD4, 0xD5,
                                     0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xDB, 0x07, 0x04};
    static const uint8_t frame2[] = {0xE0, 0xE2, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00,
                                     0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01};
    check_par8(r + 16, frame1, 16);
    check_hsyncs8(r, r + 32, r + 40);
    check_par8(r + 40, frame2, 16);
    CHECK(B.m.p == 0 && B.m.cur_id == 0 && B.m.n == 0 && B.m.fb_n == 0);
}

/* Parallel port on PortWidth 4 at cw = 1, 2, 4. CSPSR in cycles 0-1, SPPR = 0 in 2-3:
 * restart at R = 3. Unit period P = 16/cw cycles; the port loads at edges R+1+kP and unit k
 * is on the pins in cycles R+2+kP .. R+1+(k+1)P: k = 0 hsync (the buffer was empty at R+1),
 * 1 FF FF, 2 FF 7F (the sync burst, complete from R+3). {1:5A} {1:C3} are accepted at R+1,
 * R+2: FMT-5 03 5A at R+3, then C3 waits for a partner. idle_q = 16 from cycle R+19; the
 * sync burst's last unit leaves at R+1+2P (R+33, R+17, R+9), so idle completion starts at
 * edge S = R+34 (cw 1) or R+19 (cw 2, 4): FMT-7 01 C3 (delayed change to ID 0, aux bit 1 =
 * 1), five PAD pairs, FMT-3 00 aux (aux = 02) at S+6. The frame is complete from S+7 and
 * loaded at the first load edge from then: unit K = 3 (R+49, cw 1), 4 (R+33, cw 2), 7
 * (R+29, cw 4); hsyncs before it and after it. */
static void test_par(unsigned cw, uint32_t cspsr, unsigned kf)
{
    static const uint8_t frame[] = {0x03, 0x5A, 0x01, 0xC3, 0x00, 0x00, 0x00, 0x00,
                                    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02};
    uint16_t unit[32];
    unsigned k = 0;
    unit[k++] = HSYNC;
    unit[k++] = 0xFFFF; /* the full sync's two units */
    unit[k++] = 0x7FFF;
    while (k < kf)
        unit[k++] = HSYNC;
    k = frame_units(unit, k, frame);
    unit[k++] = HSYNC;
    unit[k++] = HSYNC;
    bench_init(4, 4);
    wr(TPIU_CSPSR_OFF, cspsr);
    unsigned r = wr(TPIU_SPPR_OFF, 0);
    queue(1, 0x5A);
    queue(1, 0xC3);
    unsigned per = 16 / cw;
    run_to(r + 2 + k * per);
    for (unsigned t = 0; t <= r; t++) /* Manchester before the restart: no parallel output */
        CHECK_AT(!B.o[t].traceclk && B.o[t].tracedata == 0, t);
    CHECK(!B.o[r + 1].txb_valid && B.o[r + 1].tracedata == 0);
    check_par_units(r, cw, unit, k);
    CHECK(B.m.p == 0 && B.m.n == 0 && B.m.cur_id == 0 && B.m.cw == cw && B.m.fb_n == 0);
}

/* The same, written out by hand for cw = 4, 2, 1, to pin the chunk order. */
static void test_par_literal(void)
{
    /* cw = 4: nibbles LSB first; units 0..4 hsync, FF FF, FF 7F, hsync, hsync; the frame
     * from unit 7 (R+30): 03 5A 01 C3 = 3 0 A 5 1 0 3 C */
    static const uint8_t n4[] = {0xF, 0xF, 0xF, 0x7, 0xF, 0xF, 0xF, 0xF, 0xF, 0xF,
                                 0xF, 0x7, 0xF, 0xF, 0xF, 0x7, 0xF, 0xF, 0xF, 0x7};
    static const uint8_t f4[] = {0x3, 0x0, 0xA, 0x5, 0x1, 0x0, 0x3, 0xC};
    bench_init(4, 4);
    wr(TPIU_CSPSR_OFF, 0x8);
    unsigned r = wr(TPIU_SPPR_OFF, 0);
    queue(1, 0x5A);
    queue(1, 0xC3);
    run_to(r + 62);
    for (unsigned i = 0; i < sizeof n4; i++)
        CHECK_AT(B.o[r + 2 + i].tracedata == n4[i], r + 2 + i);
    for (unsigned i = 0; i < sizeof f4; i++)
        CHECK_AT(B.o[r + 30 + i].tracedata == f4[i], r + 30 + i);
    CHECK(txb_is(r + 30, 0x03) && txb_is(r + 32, 0x5A) && !B.o[r + 31].txb_valid &&
          !B.o[r + 33].txb_valid && txb_is(r + 34, 0x01) && txb_is(r + 36, 0xC3));
    /* the frame's last unit 00 02 in R+58..R+61; no restart: FFCR.EnFCont = 0 in the
     * parallel mode leaves fmt_on = 1, the hsyncs from R+62 continue */
    CHECK(txb_is(r + 58, 0x00) && txb_is(r + 60, 0x02));
    unsigned a = wr(TPIU_FFCR_OFF, 0);
    CHECK(a == r + 63);
    run_to(r + 78);
    for (unsigned t = r + 62; t < r + 78; t++) {
        CHECK_AT(B.o[t].traceclk == ((t - r) % 2 == 0), t);
        CHECK_AT(B.o[t].tracedata == ((t - r - 2) % 4 == 3 ? 0x7 : 0xF), t);
    }
    CHECK(rd(TPIU_FFCR_OFF) == 0x102u);

    /* cw = 2: unit 3 (R+26) hsync, the frame from unit 4 (R+34): 03 5A 01 C3 =
     * 0b0101101000000011, 0b1100001100000001, pairs LSB first: 3 0 0 0 2 2 1 1 1 0 0 0 3 0 0 3 */
    static const uint8_t n2[] = {3, 0, 0, 0, 2, 2, 1, 1, 1, 0, 0, 0, 3, 0, 0, 3};
    bench_init(4, 4);
    wr(TPIU_CSPSR_OFF, 0x2);
    r = wr(TPIU_SPPR_OFF, 0);
    queue(1, 0x5A);
    queue(1, 0xC3);
    run_to(r + 60);
    for (unsigned i = 0; i < sizeof n2; i++)
        CHECK_AT(B.o[r + 34 + i].tracedata == n2[i], r + 34 + i);
    CHECK(txb_is(r + 26, 0xFF) && txb_is(r + 30, 0x7F) && txb_is(r + 34, 0x03) &&
          txb_is(r + 38, 0x5A) && txb_is(r + 42, 0x01) && txb_is(r + 46, 0xC3));

    /* cw = 1: bits LSB first: 1 1 0 0 0 0 0 0 | 0 1 0 1 1 0 1 0, the frame's first unit
     * 03 5A at R+50..R+65, then 01 C3 */
    static const uint8_t n1[] = {1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1, 0};
    bench_init(4, 4);
    r = wr(TPIU_SPPR_OFF, 0); /* CSPSR = 1 from reset */
    queue(1, 0x5A);
    queue(1, 0xC3);
    run_to(r + 90);
    for (unsigned i = 0; i < sizeof n1; i++)
        CHECK_AT(B.o[r + 50 + i].tracedata == n1[i], r + 50 + i);
    CHECK(txb_is(r + 50, 0x03) && txb_is(r + 58, 0x5A) && txb_is(r + 66, 0x01) &&
          txb_is(r + 74, 0xC3));
}

/* [TPIU-BURST-2] at cw = 1, 4, 8 (PortWidth 8): a frame leaves only when complete, so no
 * hsync enters it even when its bytes arrive slowly; hsyncs fill the time between bursts.
 * The source waits 12 cycles after each byte: b_i = 10 + i (ID 1) accepted at edge
 * R+1+13i (idle_q never above 12: no idle completion). FMT-2, FMT-1 at R+1, R+2; FMT-5
 * 03 10 at R+3; pairs at R+2+26j (j = 1..6); FMT-3 with b13 at R+171. Frame 2: b14 waits
 * at p = 0, pairs (b14+2j, b15+2j) at R+197+26j (j = 0..6), FMT-3 with b28 (2C) at R+366.
 * Complete from cycles R+172 and R+367; loaded at the first load edge R+1+kP from then:
 * frame 1 at k = 86 / 43 / 11 (cw 8 / 4 / 1), frame 2 at k = 183 / 92 / 23. Units 0..2 are
 * hsync, FF FF, FF 7F; every other unit is an hsync. */
static void test_par_bursts(unsigned cw, uint32_t cspsr, unsigned k1, unsigned k2)
{
    static const uint8_t frame1[] = {0x03, 0x10, 0x10, 0x12, 0x12, 0x14, 0x14, 0x16,
                                     0x16, 0x18, 0x18, 0x1A, 0x1A, 0x1C, 0x1C, 0xFE};
    static const uint8_t frame2[] = {0x1E, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x24, 0x25,
                                     0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x00};
    static uint16_t unit[256];
    unsigned k = 0;
    unit[k++] = HSYNC;
    unit[k++] = 0xFFFF; /* the full sync's two units */
    unit[k++] = 0x7FFF;
    while (k < k1)
        unit[k++] = HSYNC;
    k = frame_units(unit, k, frame1);
    while (k < k2)
        unit[k++] = HSYNC;
    k = frame_units(unit, k, frame2);
    for (unsigned i = 0; i < 10; i++)
        unit[k++] = HSYNC;
    bench_init(8, 4);
    wr(TPIU_CSPSR_OFF, cspsr);
    unsigned r = wr(TPIU_SPPR_OFF, 0);
    CHECK(r == 3);
    B.gap = 12;
    for (unsigned i = 0; i < 29; i++)
        queue(1, (uint8_t)(0x10 + i));
    run_to(r + 2 + k * (16 / cw));
    check_par_units(r, cw, unit, k);
    CHECK(B.qh == 29 && B.m.p == 0 && B.m.n == 0 && B.m.fb_n == 0);
}

/* Section 11 (e), idle completion of a short frame: {1:17 18 02 00 08} after the full sync
 * (parallel, cw = 8). FMT-5 03 17 at R+3, FMT-6 18 02 at R+4, 00 08 at R+6; the last byte
 * is accepted at edge R+5, so idle_q = 16 in cycle R+22 (no complete burst left since R+6):
 * PAD is a new ID, FMT-5 01 00 at R+22, PAD pairs at R+23..R+25, FMT-3 00 00 at R+26.
 * Complete from R+27, loaded at R+27: on the pins R+28..R+43, byte for byte the frame of
 * the contract (and of the silicon). */
static void test_example_e(void)
{
    unsigned r = par8_start();
    static const uint8_t in[] = {0x17, 0x18, 0x02, 0x00, 0x08};
    for (unsigned i = 0; i < sizeof in; i++)
        queue(1, in[i]);
    run_to(r + 22);
    CHECK(B.m.p == 6 && B.m.n == 0 && B.m.idle == 16 && B.m.fb_bursts == 0 && B.m.fb_n == 3);
    cycle(NULL);
    CHECK(B.m.p == 8 && B.m.cur_id == 0 && B.m.fb_n == 4);
    run_to(r + 50);
    static const uint8_t frame[] = {0x03, 0x17, 0x18, 0x02, 0x00, 0x08, 0x01, 0x00,
                                    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
    check_par8(r + 2, fsync_hdr, 6);
    check_hsyncs8(r, r + 8, r + 28);
    check_par8(r + 28, frame, 16);
    check_hsyncs8(r, r + 44, r + 50);
}

/* Section 11 (f), idle completion of a lone byte at an even position: ID 1 bytes 4E 10 10
 * 8F 00 01 00 00 01 4F 01 6E, accepted at R+1..R+12. FMT-5 03 4E at R+3, pairs at R+4,
 * R+6, .., R+12 (p 12), 6E waits alone. idle_q = 16 in cycle R+29: FMT-7 01 6E (b2 = PAD,
 * delayed change to ID 0, aux bit 6 = 1) at R+29, FMT-3 00 aux at R+30, aux = 6C. Loaded
 * at R+31: on the pins R+32..R+47. */
static void test_example_f(void)
{
    unsigned r = par8_start();
    static const uint8_t in[] = {0x4E, 0x10, 0x10, 0x8F, 0x00, 0x01,
                                 0x00, 0x00, 0x01, 0x4F, 0x01, 0x6E};
    for (unsigned i = 0; i < sizeof in; i++)
        queue(1, in[i]);
    run_to(r + 29);
    CHECK(B.m.p == 12 && B.m.n == 1 && B.m.idle == 16 && B.m.fb_bursts == 0);
    cycle(NULL);
    CHECK(B.m.p == 14 && B.m.n == 0 && B.m.cur_id == 0);
    run_to(r + 50);
    static const uint8_t frame[] = {0x03, 0x4E, 0x10, 0x10, 0x8E, 0x00, 0x00, 0x00,
                                    0x00, 0x01, 0x4E, 0x01, 0x01, 0x6E, 0x00, 0x6C};
    check_hsyncs8(r, r + 8, r + 32);
    check_par8(r + 32, frame, 16);
    check_hsyncs8(r, r + 48, r + 50);
}

/* [TPIU-IDLE-1/2]: the edge S at which idle completion starts, for FrameIdleCycles F.
 * Parallel cw = 8 as par8_start, one byte {1:41} accepted at edge R+1: FMT-5 03 41 at R+3
 * (p = 2), idle_q = min(t - R - 2, F) in cycle t >= R+2. The sync burst is in the frame
 * buffer until the port takes FF 7F at R+5, so idle_pad holds from cycle
 * S = max(R+2+F, R+6): F = 1 -> R+6 (the queued burst holds the padding back), F = 16 ->
 * R+18, F = 300 -> R+302, F = 65535 -> R+65537. At S: FMT-5 01 00 (PAD is a new ID), PAD
 * pairs at S+1..S+5, FMT-3 00 00 at S+6; complete from S+7, a load edge: on the pins from
 * S+8 (checked while the output log reaches). */
static void test_idle_start(unsigned fic)
{
    unsigned r = 3, s = r + 2 + fic < r + 6 ? r + 6 : r + 2 + fic;
    bench_init_fic(8, 4, fic);
    wr(TPIU_CSPSR_OFF, 0x80);
    CHECK(wr(TPIU_SPPR_OFF, 0) == r);
    queue(1, 0x41);
    run_to(r + 6);
    CHECK(B.m.p == 2 && B.m.fb_n == 1 && B.m.fb_bursts == 0 && B.m.idle == (fic < 4 ? fic : 4));
    run_to(s);
    CHECK(B.m.p == 2 && B.m.idle == fic && B.m.fb_bursts == 0);
    cycle(NULL);
    CHECK(B.m.p == 4 && B.m.cur_id == 0 && B.m.fb_n == 2 && B.m.idle == fic);
    run_to(s + 7);
    CHECK(B.m.p == 0 && B.m.fb_n == 8 && B.m.fb_bursts == 1);
    run_to(s + 24);
    static const uint8_t frame[] = {0x03, 0x41, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00,
                                    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
    if (s + 24 <= LOGN) {
        check_hsyncs8(r, r + 8, s + 8);
        check_par8(s + 8, frame, 16);
    }
    CHECK(B.m.fb_n == 0 && B.m.idle == fic);
}

/* [TPIU-FLUSH-1/2] with padding, parallel cw = 8. {1:10} {1:11} {1:12}: 03 10 at R+3,
 * 10 12 at R+4, then p = 4 and the formatter waits (the frame is not complete: hsyncs from
 * R+8). FFCR = 0x142 with access edge R+13: REQ in R+14..R+16 (afvalid), afready in cycle
 * R+16, DRAIN from R+17 (before idle_q reaches 16 in R+20). Edge R+17: the formatter pads
 * {0:00}: ID change (FMT-5) 01 00; FMT-6 00 00 at R+18..R+21 (p 6..12), FMT-3 00 aux at
 * R+22 with aux = bit 1 (11[0]) = 02. Complete from R+23: cycle R+23 has n = 0, p = 0 and
 * an hsync in the shifter, but 8 units in the frame buffer: no completion yet. The port
 * loads the frame at R+23, .., R+37: on the pins R+24..R+39. Completion: cycle R+39 has
 * fb_n = 0, left = 1 -> IDLE from R+40. */
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
    run_to(r + 23);
    CHECK(B.m.fl_state == TPIU_FL_DRAIN && B.m.n == 0 && B.m.p == 0 && B.m.fb_n == 8 &&
          B.m.fb_bursts == 1 && !B.m.sh_data);
    run_to(r + 39);
    CHECK(B.m.fl_state == TPIU_FL_DRAIN && B.m.fb_n == 0 && B.m.left == 1 && B.m.sh_data);
    run_to(r + 44);
    static const uint8_t frame[] = {0x03, 0x10, 0x10, 0x12, 0x01, 0x00, 0x00, 0x00,
                                    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02};
    check_hsyncs8(r, r + 8, r + 24);
    check_par8(r + 24, frame, sizeof frame);
    for (unsigned t = r + 1; t < r + 44; t++) {
        CHECK_AT(B.o[t].afvalid == (t >= r + 14 && t <= r + 16), t);
        CHECK_AT(B.o[t].atready == (t < r + 17 || t >= r + 40), t);
    }
    /* {1:99} is accepted at edge R+40; at R+41 it is new against the pad ID 0: FMT-5
     * 03 99. It waits in the open frame until idle_q = 16 in cycle R+57: FMT-5 01 00,
     * PAD pairs at R+58..R+62, FMT-3 00 00 at R+63; loaded at R+65, on the pins R+66. */
    CHECK(B.m.fl_state == TPIU_FL_IDLE && B.m.n == 0 && B.m.p == 2 && B.m.cur_id == 1);
    run_to(r + 85);
    static const uint8_t tail[] = {0x03, 0x99, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00,
                                   0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
    check_hsyncs8(r, r + 40, r + 66);
    check_par8(r + 66, tail, sizeof tail);
    CHECK(rd(TPIU_FFSR_OFF) == 0x8u);
    CHECK(rd(TPIU_FFCR_OFF) == 0x102u);
}

/* Flush in bypass NRZ: FlInProg clears at the edge where the last character's stop cell
 * ends. Setup as in test_nrz: bypass from R2 = 3; {1:41} accepted at R2+1, pushed into the
 * frame buffer at R2+2, character in R2+4..R2+13. FFCR = 0x40 (EnFCont stays 0: no restart) with access edge
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
 * FFCR = 0 (restart R2 = 3, bypass; the FF FF pushed at edge 2 is lost). {5:41} accepted
 * at R2+1, {9:C3} at R2+2; bypass pushes 41 (last = 1) at R2+2; the engine takes it at
 * R2+3 (tick every cycle): cells in R2+4..R2+13. [TPIU-BYP-1] one unit of capacity: at
 * R2+3 the frame buffer still holds 41 (fb_n_q = 1), so C3 is pushed at R2+4, and starts
 * at R2+13: R2+14..R2+23; idle (high) from R2+24. IDs dropped, no syncs, and idle_q = 16
 * from R2+19 pads nothing (idle_pad needs fmt_on). */
static void test_nrz(void)
{
    bench_init(4, 4);
    CHECK(wr(TPIU_SPPR_OFF, 2) == 1);
    unsigned r2 = wr(TPIU_FFCR_OFF, 0);
    CHECK(r2 == 3);
    CHECK(B.m.fb_n == 0 && B.m.fb_bursts == 0);
    queue(5, 0x41);
    queue(9, 0xC3);
    run_to(r2 + 3);
    CHECK(B.m.fb_n == 1 && B.m.fb_bursts == 1 && B.m.n == 1 && !B.m.ser_busy);
    cycle(NULL);
    CHECK(B.m.fb_n == 0 && B.m.n == 1 && B.m.ser_busy);
    cycle(NULL);
    CHECK(B.m.fb_n == 1 && B.m.fb_bursts == 1 && B.m.n == 0);
    run_to(r2 + 30);
    CHECK(B.m.fb_n == 0 && B.m.idle == 16 && B.m.p == 0 && !B.m.cur_vld);
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

/* [TPIU-SWO-4] Manchester, bypass, SWOSCALER = 0: FFCR = 0 restart at R = 1; {1:41} accepted
 * at R+1, pushed into the frame buffer at R+2, started R+3: 20 cells in R+4..R+23, idle low
 * from R+24. */
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
 * bc = 0, 1, 2 in R2+1..R2+3: ticks in cycles R2+3k. {1:41} pushed at R2+2, started at the
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
 * R+1, FMT-1 at R+2: the full sync is a burst of its own, complete from R+3 [TPIU-FMT-8].
 * The engine takes FF FF at R+3 (FF starts, FF in ser_buf), FF 7F at R+23. Characters back
 * to back: FF R+4..R+13, FF (ser_buf) R+14..R+23, FF R+24..R+33, 7F R+34..R+43, idle from
 * R+44. Then [TPIU-MODE-2]: {1:41} {1:42} accepted at R+1, R+2; FMT-5 03 41 at R+3, 42 waits
 * alone. An SPPR write of the same TXMODE (access edge R+5) changes nothing; FFCR = 0 with
 * access edge R+13 restarts: the FF in ser_buf and the frame buffer (FF 7F, 03 41) are
 * lost, idle_q (11 in R+14) and the input buffer (42) are kept; the line goes idle (high)
 * in R+14, and 42 leaves in bypass: pushed at R+14, started at R+15 (R+16..R+25). */
static void test_nrz_formatted_restart(void)
{
    static const uint8_t fsync[] = {0xFF, 0xFF, 0xFF, 0x7F};
    bench_init(4, 4);
    unsigned r = wr(TPIU_SPPR_OFF, 2);
    CHECK(r == 1);
    run_to(r + 3);
    CHECK(B.m.fb_n == 2 && B.m.fb_bursts == 1 && !B.m.fb[B.m.fb_head].last &&
          B.m.fb[B.m.fb_head].data == 0xFFFF && B.m.fb[(B.m.fb_head + 1) % 16].last &&
          B.m.fb[(B.m.fb_head + 1) % 16].data == 0x7FFF);
    run_to(r + 50);
    check_nrz_idle(r + 1, r + 4);
    check_nrz_burst(r + 4, fsync, 4, 1);
    check_nrz_idle(r + 44, r + 50);

    bench_init(4, 4);
    r = wr(TPIU_SPPR_OFF, 2);
    queue(1, 0x41);
    queue(1, 0x42);
    run_to(r + 4);
    CHECK(wr(TPIU_SPPR_OFF, 2) == r + 5); /* same TXMODE: no restart */
    run_to(r + 12);
    CHECK(B.m.n == 1 && B.m.p == 2 && B.m.fb_n == 2 && B.m.fb_bursts == 1 && B.m.ser_more &&
          B.m.idle == 9);
    CHECK(wr(TPIU_FFCR_OFF, 0) == r + 13);
    CHECK(B.m.n == 1 && B.m.fb_n == 0 && B.m.fb_bursts == 0 && !B.m.ser_busy && !B.m.ser_more &&
          B.m.swo && B.m.p == 0 && !B.m.sync_pend && !B.m.fs2 && B.m.bc == 0 && B.m.idle == 11);
    run_to(r + 40);
    check_char(r + 4, "0111111111", 1, 0xFF);
    check_nrz_idle(r + 14, r + 16);
    check_char(r + 16, "0010000101", 1, 0x42);
    check_nrz_idle(r + 26, r + 40);
    CHECK(rd(TPIU_FFCR_OFF) == 0x100u);
}

/* [TPIU-MODE-2] the formatter does not pop at the restart edge: bypass NRZ from R2 = 3,
 * {1:41} accepted at R2+1; FFCR = 2 with access edge R' = R2+2 (where bypass would push
 * 41) restarts into formatted NRZ with sync_pend = 1; idle_q is kept (1 in R'+1). As in
 * test_nrz_formatted_restart from R': FF at R'+4, FF R'+14, FF R'+24, 7F R'+34; FMT-5
 * (03 41) at R'+3. [TPIU-IDLE-2] idle_q = 16 from cycle R'+16, but the sync burst is still
 * in the frame buffer until the engine takes FF 7F at R'+23: padding starts at R'+24
 * (FMT-5 01 00), PAD pairs R'+25..R'+29, FMT-3 00 00 at R'+30. The frame follows the 7F
 * back to back: 16 characters from R'+44, idle from R'+204. */
static void test_restart_no_pop(void)
{
    bench_init(4, 4);
    wr(TPIU_SPPR_OFF, 2);
    unsigned r2 = wr(TPIU_FFCR_OFF, 0);
    queue(1, 0x41);
    unsigned rr = wr(TPIU_FFCR_OFF, 2);
    CHECK(rr == r2 + 2);
    CHECK(B.m.n == 1 && B.m.fb_n == 0 && B.m.sync_pend && B.m.p == 0 && B.m.idle == 1);
    run_to(rr + 23);
    CHECK(B.m.p == 2 && B.m.idle == 16 && B.m.fb_bursts == 1 && B.m.fb_n == 2);
    cycle(NULL);
    CHECK(B.m.p == 2 && B.m.fb_bursts == 0 && B.m.fb_n == 1);
    cycle(NULL);
    CHECK(B.m.p == 4 && B.m.cur_id == 0 && B.m.fb_n == 2);
    run_to(rr + 210);
    static const uint8_t fsync[] = {0xFF, 0xFF, 0xFF, 0x7F};
    static const uint8_t frame[] = {0x03, 0x41, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00,
                                    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
    check_nrz_burst(rr + 4, fsync, 4, 1);
    check_nrz_burst(rr + 44, frame, 16, 1);
    check_nrz_idle(rr + 204, rr + 210);
}

/* [TPIU-BURST-2] on SWO: a frame's characters follow back to back even when its bytes
 * arrive slowly. Formatted NRZ at SWOSCALER s: ACPR (0-1), SPPR = 2 (2-3), restart R = 3,
 * ticks in cycles R+m(s+1); a character lasts C = 10(s+1) cycles. The sync burst starts at
 * the tick edge R+3: FF FF FF 7F from R+4, the line idle from R+4+4C. The source waits 12
 * cycles after each byte: b_i = 10 + i (ID 1, i = 0..13) accepted at R+1+13i; FMT-5 at
 * R+3, pairs at R+2+26j, FMT-3 with b13 at R+171: the frame of section 11 (a) is complete
 * from R+172 and starts at the first tick edge from then (R+172 for s = 0, R+174 for
 * s = 2): 16 characters back to back from t_frame, then the line is idle. */
static void test_swo_burst(unsigned s, unsigned t_frame)
{
    static const uint8_t fsync[] = {0xFF, 0xFF, 0xFF, 0x7F};
    static const uint8_t frame[] = {0x03, 0x10, 0x10, 0x12, 0x12, 0x14, 0x14, 0x16,
                                    0x16, 0x18, 0x18, 0x1A, 0x1A, 0x1C, 0x1C, 0xFE};
    unsigned c = s + 1, r = 3;
    bench_init(4, 4);
    wr(TPIU_ACPR_OFF, s);
    CHECK(wr(TPIU_SPPR_OFF, 2) == r);
    B.gap = 12;
    for (unsigned i = 0; i < 14; i++)
        queue(1, (uint8_t)(0x10 + i));
    unsigned end = r + t_frame + 160 * c + 10;
    run_to(end);
    check_nrz_idle(r + 1, r + 4);
    check_nrz_burst(r + 4, fsync, 4, c);
    check_nrz_idle(r + 4 + 40 * c, r + t_frame);
    check_nrz_burst(r + t_frame, frame, 16, c);
    check_nrz_idle(r + t_frame + 160 * c, end);
    CHECK(B.qh == 14 && B.m.fb_n == 0 && B.m.p == 0 && B.m.n == 0);
}

/* [TPIU-IDLE-2]: no padding while a complete burst is still queued for the port. Parallel
 * cw = 1 (PortWidth 4, 16 cycles a unit), restart R = 3; b_i = 10 + i (i = 0..14, ID 1)
 * accepted at R+1..R+15: the frame of section 11 (a) complete at R+15 (as test_frame_a),
 * then b14 = 1E waits alone at p = 0. idle_q = 16 from R+32, but the port loads hsync,
 * FF FF, FF 7F at R+1, R+17, R+33 and the frame's units at R+49 .. R+161 (units 3..10), so
 * the frame buffer holds a complete burst until R+161: padding starts at R+162 with FMT-7
 * 01 1E (delayed change to ID 0, aux bit 0 = 1), PAD pairs at R+163..R+168, FMT-3 00 aux
 * at R+169 (aux = 01). The second frame is loaded at R+177 (unit 11), right after the
 * first: no hsync between or inside them. */
static void test_idle_waits_for_burst(void)
{
    static const uint8_t frame1[] = {0x03, 0x10, 0x10, 0x12, 0x12, 0x14, 0x14, 0x16,
                                     0x16, 0x18, 0x18, 0x1A, 0x1A, 0x1C, 0x1C, 0xFE};
    static const uint8_t frame2[] = {0x01, 0x1E, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                                     0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01};
    uint16_t unit[32];
    unsigned k = 0;
    unit[k++] = HSYNC;
    unit[k++] = 0xFFFF;
    unit[k++] = 0x7FFF;
    k = frame_units(unit, k, frame1);
    k = frame_units(unit, k, frame2);
    unit[k++] = HSYNC;
    unit[k++] = HSYNC;
    bench_init(4, 4);
    wr(TPIU_CSPSR_OFF, 0x1); /* the reset value: only to place the restart at edge 3 */
    unsigned r = wr(TPIU_SPPR_OFF, 0);
    CHECK(r == 3);
    for (unsigned i = 0; i < 15; i++)
        queue(1, (uint8_t)(0x10 + i));
    run_to(r + 161);
    CHECK(B.m.p == 0 && B.m.n == 1 && B.m.idle == 16 && B.m.fb_bursts == 1 && B.m.fb_n == 1);
    cycle(NULL);
    CHECK(B.m.p == 0 && B.m.n == 1 && B.m.fb_bursts == 0 && B.m.fb_n == 0);
    cycle(NULL);
    CHECK(B.m.p == 2 && B.m.n == 0 && B.m.cur_id == 0 && B.m.fb_n == 1);
    run_to(r + 2 + k * 16);
    check_par_units(r, 1, unit, k);
}

/* [TPIU-BURST-3] room: the formatter stalls while the frame buffer holds 16 units, and a
 * pop does not make room at its own edge. Formatted NRZ at SWOSCALER 4 (one unit per 100
 * cycles), AtbFifoDepth 16, a byte offered in every cycle: ACPR (0-1), SPPR = 2 (2-3),
 * restart R = 3, ticks in cycles R+5m. Units pushed: FF FF R+1, FF 7F R+2, frame 1 at
 * R+3, 4, 6, .., 14, 15 (as test_frame_a), frame 2 pairs at R+17, 19, .., 29 (p 14 after
 * R+29). The engine takes FF FF at R+5 and FF 7F at R+105 (third character). So fb_n = 15
 * in R+29, 16 from R+30: FMT-3 of frame 2 waits; the input buffer fills (n = 1 in R+30,
 * 16 in R+45: atready = 0 from R+45). The pop at R+105 leaves 15 units in R+106 but the
 * formatter did not act at R+105 (cycle t's count was 16); it acts at R+106 (FMT-3):
 * 16 units again in R+107. */
static void test_room(void)
{
    bench_init(4, 16);
    wr(TPIU_ACPR_OFF, 4);
    unsigned r = wr(TPIU_SPPR_OFF, 2);
    CHECK(r == 3);
    for (unsigned i = 0; i < 100; i++)
        queue(1, (uint8_t)i);
    run_to(r + 29);
    CHECK(B.m.fb_n == 15 && B.m.p == 12);
    cycle(NULL);
    CHECK(B.m.fb_n == 16 && B.m.p == 14 && B.m.fb_bursts == 2 && B.m.n == 1);
    while (B.t < r + 105) {
        cycle(NULL);
        CHECK_AT(B.m.fb_n == 16 && B.m.p == 14, B.t);
    }
    CHECK(B.m.n == 16);
    cycle(NULL);
    CHECK(B.m.fb_n == 15 && B.m.p == 14 && B.m.n == 16);
    cycle(NULL);
    CHECK(B.m.fb_n == 16 && B.m.p == 0 && B.m.n == 15 && B.m.fb_bursts == 2);
    run_to(r + 160);
    for (unsigned t = r + 1; t < r + 107; t++)
        CHECK_AT(B.o[t].atready == (t < r + 45), t);
    CHECK(B.o[r + 107].atready);
    check_char(r + 106, "0111111111", 5, 0xFF); /* FF 7F taken at R+105 */
}

/* [TPIU-BYP-1] one unit of capacity, seen on ATREADY: bypass NRZ (R2 = 3), AtbFifoDepth 2,
 * four bytes offered from R2+1. b0 accepted at R2+1, pushed at R2+2 (b1 accepted); the
 * engine takes b0 at R2+3 (b2 accepted, n = 2), the frame buffer was not empty in R2+3, so
 * b1 is pushed at R2+4 (atready = 0: n_q = 2); b3 accepted at R2+5; then the buffer holds
 * b1 until the engine takes it at R2+13 and b2 is pushed at R2+14: atready = 0 in R2+6 ..
 * R2+14. Characters back to back from R2+4 (a byte is a burst of its own). */
static void test_bypass_capacity(void)
{
    static const uint8_t bytes[] = {0x41, 0x42, 0x43, 0x44};
    bench_init(4, 2);
    wr(TPIU_SPPR_OFF, 2);
    unsigned r2 = wr(TPIU_FFCR_OFF, 0);
    CHECK(r2 == 3);
    for (unsigned i = 0; i < 4; i++)
        queue(1, bytes[i]);
    run_to(r2 + 50);
    for (unsigned t = r2 + 1; t < r2 + 20; t++)
        CHECK_AT(B.o[t].atready == (t <= r2 + 3 || t == r2 + 5 || t >= r2 + 15), t);
    check_nrz_burst(r2 + 4, bytes, 4, 1);
    check_nrz_idle(r2 + 44, r2 + 50);
}

/* [TPIU-MODE-2], [TPIU-IDLE-1]: idle_q is kept at a restart, seen in the padding time.
 * PortWidth 8: CSPSR = 0x80 (0-1), SPPR = 2 (2-3), FFCR = 0 (4-5): bypass NRZ from R2 = 5.
 * Bytes 41 42 43 accepted at R2+1..R2+3 (last accept at R2+3: idle_q = 16 from R2+20); 41
 * pushed at R2+2 and taken at R2+3, 42 pushed at R2+4, 43 waits in the input buffer. SPPR
 * = 0 with access edge X = R2+10 restarts into the parallel mode: 42 and the engine are
 * lost, 43 is kept. FMT-2, FMT-1 at X+1, X+2, FMT-5 03 43 at X+3; the port loads hsync,
 * FF FF, FF 7F at X+1, X+3, X+5. idle_pad from X+10 = R2+20 (the counter was not restarted):
 * FMT-5 01 00 at X+10, PAD pairs X+11..X+15, FMT-3 00 00 at X+16; loaded at X+17, on the
 * pins X+18..X+33. */
static void test_restart_keeps_idle(void)
{
    bench_init(8, 4);
    wr(TPIU_CSPSR_OFF, 0x80);
    wr(TPIU_SPPR_OFF, 2);
    unsigned r2 = wr(TPIU_FFCR_OFF, 0);
    CHECK(r2 == 5);
    queue(1, 0x41);
    queue(1, 0x42);
    queue(1, 0x43);
    run_to(r2 + 9);
    CHECK(B.m.n == 1 && B.m.fb_n == 1 && B.m.ser_busy && B.m.idle == 5);
    unsigned x = wr(TPIU_SPPR_OFF, 0);
    CHECK(x == r2 + 10);
    CHECK(B.m.n == 1 && B.m.fb_n == 0 && B.m.idle == 7 && B.m.sync_pend && !B.m.ser_busy);
    run_to(x + 10);
    CHECK(B.m.p == 2 && B.m.idle == 16 && B.m.fb_bursts == 0);
    cycle(NULL);
    CHECK(B.m.p == 4 && B.m.cur_id == 0);
    run_to(x + 40);
    static const uint8_t frame[] = {0x03, 0x43, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00,
                                    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
    check_par8(x + 2, fsync_hdr, 6);
    check_hsyncs8(x, x + 8, x + 18);
    check_par8(x + 18, frame, 16);
    check_hsyncs8(x, x + 34, x + 40);
}

/* [TPIU-FLUSH-2] with a full sync: "a pending full sync does not delay completion; one whose
 * first unit is in the frame buffer does". Formatted NRZ from R1 = 1, its sync sent by
 * cycle 44. FFCR = 0x142 (EnFCont stays 1) with access edge 61: REQ from 62. SPPR = 1 with
 * access edge X = 63 restarts into formatted Manchester (sync_pend = 1, frame buffer
 * empty); the flush state is kept. afready in cycle X + d:
 *  d = 0: DRAIN from X+1, where n = 0, fb_n = 0, p = 0 and the engine is idle: the flush
 *         completes at edge X+1 (IDLE from X+2) although FMT-2 pushes FF FF at that edge.
 *  d = 1: DRAIN from X+2, where FF FF is in the frame buffer (fb_n = 1, no complete burst):
 *         no completion until the sync has left the pins. The engine takes FF FF at X+3 and
 *         FF 7F at X+43: Manchester characters (20 cells) from X+4, X+24, X+44, X+64; idle
 *         in X+84 -> completion at edge X+84, IDLE from X+85.
 * The sync goes out in full in both cases. */
static void test_flush_sync(unsigned d)
{
    static const char *ff = "10"
                            "1010101010101010"
                            "00";
    static const char *x7f = "10"
                             "1010101010101001"
                             "00";
    bench_init(4, 4);
    CHECK(wr(TPIU_SPPR_OFF, 2) == 1);
    run_to(60);
    CHECK(wr(TPIU_FFCR_OFF, 0x142) == 61);
    unsigned x = 63;
    B.afready_at = x + d;
    CHECK(wr(TPIU_SPPR_OFF, 1) == x);
    unsigned done = d == 0 ? x + 1 : x + 84; /* the completing edge */
    run_to(x + 2);
    CHECK(B.m.fb_n == 1 && B.m.fb_bursts == 0 && B.m.n == 0 && B.m.p == 0 && !B.m.ser_busy);
    run_to(x + 100);
    for (unsigned t = 62; t < x + 100; t++) {
        CHECK_AT(B.o[t].afvalid == (t <= x + d), t);
        CHECK_AT(B.o[t].atready == (t < x + d + 1 || t > done), t);
    }
    check_char(x + 4, ff, 1, 0xFF);
    check_char(x + 24, ff, 1, 0xFF);
    check_char(x + 44, ff, 1, 0xFF);
    check_char(x + 64, x7f, 1, 0x7F);
    for (unsigned t = x + 84; t < x + 100; t++)
        CHECK_AT(!B.o[t].swo && B.o[t].async_idle && !B.o[t].txb_valid, t);
    CHECK(B.m.fl_state == TPIU_FL_IDLE && B.m.fb_n == 0);
    CHECK(rd(TPIU_FFSR_OFF) == 0x8u);
}

/* [TPIU-SYNC-2] PSCount = 7: 128 bytes. PSCR (0-1), CSPSR (2-3), SPPR = 0 restart R = 5,
 * cw = 8, 200 bytes of ID 1 (data = index). The formatter keeps up with one byte per edge
 * (frame 1 holds b0..b13 and completes at R+15, frame k >= 2 holds 15 bytes and completes
 * at R+15k), and the frame buffer stays below 16 units until R+164, so a byte is accepted
 * at every edge: byte i at R+1+i, the 128th at R+128 -> sync_req in cycle R+129 only.
 * The port sends frame k from cycle R+18+16(k-1) (frame 9 = b119..b133: 76 78 on R+146,
 * R+147). Frame 9 completes at R+135: FMT-2 at R+136, FMT-1 at R+137, FMT-5 with b134 at
 * R+138 (03 86), that frame complete at R+149. After frame 9 (R+161) the port sends
 * FF FF FF 7F in R+162..R+165 and 03 86 in R+166, R+167. */
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
        CHECK_AT(B.o[t].sync_req == (t == r + 129), t);
    for (unsigned t = r + 1; t < r + 170; t++)
        CHECK_AT(B.o[t].atready, t);
    static const uint8_t s[] = {0x76, 0x78};
    check_par8(r + 146, s, 2);
    static const uint8_t fs[] = {0xFF, 0xFF, 0xFF, 0x7F, 0x03, 0x86};
    check_par8(r + 162, fs, 6);
    /* frames back to back from R+18: no unit starts with FF (no hsync) before the sync */
    for (unsigned t = r + 18; t < r + 162; t += 2)
        CHECK_AT(B.o[t].txb_valid && B.o[t].txb != 0xFF, t);

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
    test_par(1, 0x1, 3);
    test_par(2, 0x2, 4);
    test_par(4, 0x8, 7);
    test_par_literal();
    test_par_bursts(1, 0x1, 11, 23);
    test_par_bursts(4, 0x8, 43, 92);
    test_par_bursts(8, 0x80, 86, 183);
    test_example_e();
    test_example_f();
    test_idle_start(1);
    test_idle_start(16);
    test_idle_start(300);
    test_idle_start(65535);
    test_idle_waits_for_burst();
    test_flush();
    test_flush_bypass();
    test_nrz();
    test_manchester();
    test_nrz_scaled();
    test_nrz_formatted_restart();
    test_restart_no_pop();
    test_swo_burst(0, 173);
    test_swo_burst(2, 175);
    test_room();
    test_bypass_capacity();
    test_restart_keeps_idle();
    test_flush_sync(0);
    test_flush_sync(1);
    test_periodic_sync();
    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}
