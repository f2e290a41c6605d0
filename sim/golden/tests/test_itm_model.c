/* SPDX-License-Identifier: Apache-2.0 */
/* Directed cycle-level tests of the ITM golden model against docs/itm-contract.md. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "itm_model.h"

/*
 * Conventions. tb_cycle() is one cycle t: outputs are evaluated (and logged) with the
 * inputs of cycle t, then the rising edge t is applied. An ATB byte is "transferred in
 * cycle t" when atvalid_o and atready_i are both 1 in cycle t. apb_write() drives a setup
 * cycle s then an access cycle a = s + 1 and returns a; a write takes effect at edge a.
 *
 * Timing facts used in every derivation below (contract sections 5, 6, 8):
 *   - accepted STIM write, access cycle a: pushed at edge a; in cycle a+1 the FIFO is
 *     non-empty, and if the engine is idle (load_en) the packet is loaded at edge a+1;
 *     so its first byte is on ATB in cycle a+2 and the bytes follow in consecutive cycles.
 *   - in the cycle of a packet's last byte (pkt_rem == 1, atready 1) the next packet is
 *     loaded, so back-to-back packets have no idle cycle [ITM-ATB-2].
 *   - a TCR write in access cycle w is visible in tcr_q from cycle w+1.
 */

#define TB_HIST 4096u
#define TB_LOG 512u

#define PRIV 0x1u /* pprot[0] privileged; pprot[1] = 0 Secure */
#define NSEC 0x2u /* pprot[1] Non-secure */

#define A_STIM(n) (4u * (n))
#define A_TER(k) (0xE00u + 4u * (k))
#define A_TPR 0xE40u
#define A_TCR 0xE80u

#define TCR_ITMENA 0x001u
#define TCR_TSENA 0x002u
#define TCR_SYNCENA 0x004u
#define TCR_TXENA 0x008u
#define TCR_SWOENA 0x010u
#define TCR_PRESC4 0x100u
#define TCR_GTSFREQ(f) ((uint32_t)(f) << 10)

struct tb {
    struct itm_model m;
    struct itm_in in;
    struct itm_out out;           /* outputs of the last cycle run */
    unsigned cyc;                 /* number of the next cycle */
    struct itm_out hist[TB_HIST]; /* outputs per cycle */
    unsigned n;                   /* logged transfers */
    uint8_t byte[TB_LOG];
    unsigned at[TB_LOG];
};

static struct tb tbs;
static unsigned n_pass;
static unsigned n_fail;

static const struct itm_cfg cfg_base = {64u, 4u, 2u, 12u, 64u};
static const struct itm_cfg cfg_min = {8u, 1u, 1u, 28u, 48u};
static const struct itm_cfg cfg_max = {256u, 8u, 4u, 6u, 48u};

/* ---- checking ------------------------------------------------------------------------ */

static void check_eq(const char *test, const char *what, int line, uint64_t exp, uint64_t got)
{
    if (exp == got) {
        n_pass++;
        return;
    }
    n_fail++;
    printf("FAIL %s: %s (line %d): expected 0x%llX got 0x%llX\n", test, what, line,
           (unsigned long long)exp, (unsigned long long)got);
}

#define CHECK(test, what, exp, got) check_eq((test), (what), __LINE__, (exp), (got))

/* Logged transfers idx.. must be bytes exp[0..n-1] in the consecutive cycles c0, c0+1, ...
 * Returns idx + n. */
static unsigned expect_run(const char *test, const struct tb *t, unsigned idx, unsigned c0,
                           const uint8_t *exp, unsigned n, int line)
{
    for (unsigned i = 0; i < n; i++) {
        unsigned k = idx + i;

        if (k >= t->n) {
            n_fail++;
            printf("FAIL %s (line %d): transfer %u missing: expected 0x%02X in cycle %u\n", test,
                   line, k, exp[i], c0 + i);
            continue;
        }
        if (t->byte[k] == exp[i] && t->at[k] == c0 + i) {
            n_pass++;
        } else {
            n_fail++;
            printf("FAIL %s (line %d): transfer %u: expected 0x%02X in cycle %u, got 0x%02X in "
                   "cycle %u\n",
                   test, line, k, exp[i], c0 + i, t->byte[k], t->at[k]);
        }
    }
    return idx + n;
}

#define EXPECT_RUN(test, t, idx, c0, ...)                                                      \
    do {                                                                                       \
        static const uint8_t e_[] = {__VA_ARGS__};                                             \
        (idx) = expect_run((test), (t), (idx), (c0), e_, (unsigned)sizeof e_, __LINE__);       \
    } while (0)

#define EXPECT_TOTAL(test, t, total) CHECK((test), "number of ATB transfers", (total), (t)->n)

/* ---- driving ------------------------------------------------------------------------- */

static void tb_cycle(struct tb *t)
{
    itm_model_eval(&t->m, &t->in, &t->out);
    if (t->cyc < TB_HIST) {
        t->hist[t->cyc] = t->out;
    }
    if (t->out.atvalid && t->in.atready && t->n < TB_LOG) {
        t->byte[t->n] = t->out.atdata;
        t->at[t->n] = t->cyc;
        t->n++;
    }
    itm_model_step(&t->m, &t->in);
    t->cyc++;
}

static void tb_idle(struct tb *t, unsigned k)
{
    for (unsigned i = 0; i < k; i++) {
        tb_cycle(t);
    }
}

/* Runs cycles until the cycle number is c (the next cycle run will be cycle c). */
static void tb_until(struct tb *t, unsigned c)
{
    while (t->cyc < c) {
        tb_cycle(t);
    }
}

static void tb_log_clear(struct tb *t)
{
    t->n = 0;
}

static const struct itm_out *tb_hist(const struct tb *t, unsigned c)
{
    static const struct itm_out none;

    return c < TB_HIST ? &t->hist[c] : &none;
}

/* init, two reset cycles (cycles 0 and 1), then rst_n = 1 with quiet default inputs. */
static struct tb *tb_start(const struct itm_cfg *cfg)
{
    struct tb *t = &tbs;

    memset(t, 0, sizeof *t);
    if (itm_model_init(&t->m, cfg) != 0) {
        n_fail++;
        printf("FAIL tb_start: itm_model_init rejected a valid configuration\n");
    }
    t->in.rst_n = false;
    t->in.atready = true;
    t->in.trcena = true;
    t->in.niden = true;
    t->in.spniden = true;
    tb_idle(t, 2);
    t->in.rst_n = true;
    return t;
}

static void apb_idle_set(struct tb *t)
{
    t->in.psel = false;
    t->in.penable = false;
    t->in.pwrite = false;
    t->in.paddr = 0;
    t->in.pwdata = 0;
    t->in.pstrb = 0;
    t->in.pprot = 0;
}

/* Setup cycle then access cycle; returns the access cycle number. */
static unsigned apb_write(struct tb *t, uint32_t addr, uint32_t data, uint8_t strb, uint8_t prot)
{
    unsigned acc;

    t->in.psel = true;
    t->in.penable = false;
    t->in.pwrite = true;
    t->in.paddr = addr;
    t->in.pwdata = data;
    t->in.pstrb = strb;
    t->in.pprot = prot;
    tb_cycle(t);
    t->in.penable = true;
    acc = t->cyc;
    tb_cycle(t);
    apb_idle_set(t);
    return acc;
}

static unsigned wr32(struct tb *t, uint32_t addr, uint32_t data)
{
    return apb_write(t, addr, data, 0xFu, PRIV);
}

/* Read; returns prdata of the access cycle, *err its pslverr, *acc its cycle number. */
static uint32_t apb_read(struct tb *t, uint32_t addr, bool *err, unsigned *acc)
{
    t->in.psel = true;
    t->in.penable = false;
    t->in.pwrite = false;
    t->in.paddr = addr;
    t->in.pstrb = 0;
    t->in.pprot = PRIV;
    tb_cycle(t);
    t->in.penable = true;
    if (acc != NULL) {
        *acc = t->cyc;
    }
    tb_cycle(t);
    apb_idle_set(t);
    if (err != NULL) {
        *err = t->out.pslverr;
    }
    return t->out.prdata;
}

static uint32_t rd32(struct tb *t, uint32_t addr)
{
    return apb_read(t, addr, NULL, NULL);
}

/* TER0 and TCR, then idle until the ITM is quiet (BUSY 0) and the log is cleared. */
static void tb_itm_setup(struct tb *t, uint32_t ter0, uint32_t tcr)
{
    wr32(t, A_TER(0), ter0);
    wr32(t, A_TCR, tcr);
    /* The TCR value acts from the cycle after its access edge; a request made at that
     * cycle's edge shows in BUSY one cycle later. */
    tb_cycle(t);
    tb_cycle(t);
    for (unsigned i = 0; i < 64u && t->out.busy; i++) {
        tb_cycle(t);
    }
    tb_idle(t, 2);
    tb_log_clear(t);
}

/* ---- tests --------------------------------------------------------------------------- */

static bool out_all_zero(const struct itm_out *o)
{
    return o->prdata == 0u && !o->pready && !o->pslverr && !o->atvalid && o->atdata == 0u &&
           o->atid == 0u && !o->afready && !o->hw_ready && !o->busy;
}

/* Section 2: while rst_ni is low every output is 0; state at reset value afterwards. */
static void test_reset(void)
{
    const char *T = "reset";
    struct tb *t = tb_start(&cfg_base);
    unsigned a;

    CHECK(T, "cycle 0 in reset: all outputs 0", 1u, out_all_zero(tb_hist(t, 0)));
    CHECK(T, "cycle 1 in reset: all outputs 0", 1u, out_all_zero(tb_hist(t, 1)));
    tb_cycle(t); /* cycle 2: first cycle out of reset */
    /* pready_o = 1 after reset; hw_ready_o = (hw_count_q 0 < 2) = 1; everything else 0. */
    CHECK(T, "pready after reset", 1u, tb_hist(t, 2)->pready);
    CHECK(T, "hw_ready after reset", 1u, tb_hist(t, 2)->hw_ready);
    CHECK(T, "atvalid after reset", 0u, tb_hist(t, 2)->atvalid);
    CHECK(T, "busy after reset", 0u, tb_hist(t, 2)->busy);
    CHECK(T, "atid after reset", 0u, tb_hist(t, 2)->atid);
    /* Traffic, then reset in the middle of a packet: outputs 0 during reset, afterwards the
     * registers are back at 0 (TCR reads 0, nothing is sent). */
    wr32(t, A_TER(0), 1u);
    wr32(t, A_TCR, TCR_ITMENA | (0x22u << 16));
    a = apb_write(t, A_STIM(0), 0x12345678u, 0xFu, PRIV);
    tb_until(t, a + 3); /* cycle a+3: second byte of 03 78 56 34 12 on ATB */
    t->in.rst_n = false;
    tb_idle(t, 3);
    CHECK(T, "mid-packet reset: all outputs 0", 1u, out_all_zero(tb_hist(t, a + 3)));
    CHECK(T, "mid-packet reset, 3rd cycle: all outputs 0", 1u, out_all_zero(tb_hist(t, a + 5)));
    t->in.rst_n = true;
    tb_log_clear(t);
    tb_idle(t, 2);
    CHECK(T, "after reset: atid 0", 0u, t->out.atid);
    CHECK(T, "after reset: TCR 0", 0u, rd32(t, A_TCR));
    CHECK(T, "after reset: TER0 0", 0u, rd32(t, A_TER(0)));
    tb_idle(t, 8);
    EXPECT_TOTAL(T, t, 0u);
}

/* Section 4/5: ID registers, read/err capture timing, write masks, strobes. */
static void test_apb_regs(void)
{
    const char *T = "apb_regs";
    struct tb *t = tb_start(&cfg_base);
    static const struct {
        uint32_t addr, val;
    } ids[] = {
        {0xFBCu, 0x47701A01u}, {0xFCCu, 0x43u}, {0xFD0u, 0x04u}, {0xFD4u, 0u}, {0xFDCu, 0u},
        {0xFE0u, 0x21u},       {0xFE4u, 0xBDu}, {0xFE8u, 0x0Bu}, {0xFECu, 0u}, {0xFF0u, 0x0Du},
        {0xFF4u, 0x90u},       {0xFF8u, 0x05u}, {0xFFCu, 0xB1u}, {0xF00u, 0u}, {0xFB0u, 0u},
    };
    unsigned acc;
    bool err;
    uint32_t v;

    for (unsigned i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        CHECK(T, "ID/unmapped register value", ids[i].val, apb_read(t, ids[i].addr, &err, &acc));
        CHECK(T, "read never errors", 0u, err);
    }
    /* [ITM-APB-1]: prdata is non-zero only in the access phase. */
    v = apb_read(t, 0xFBCu, NULL, &acc);
    CHECK(T, "DEVARCH in access cycle", 0x47701A01u, v);
    CHECK(T, "prdata 0 in setup cycle", 0u, tb_hist(t, acc - 1u)->prdata);
    tb_cycle(t);
    CHECK(T, "prdata 0 after access cycle", 0u, tb_hist(t, acc + 1u)->prdata);
    /* bits [1:0] of paddr ignored */
    CHECK(T, "PIDR1 at 0xFE7", 0xBDu, rd32(t, 0xFE7u));
    /* TCR writable mask 0x007F0F1F. trcena = 0 so that no sync/GTS request is made and
     * BUSY stays 0; atid follows TraceBusID from the cycle after the access cycle. */
    t->in.trcena = false;
    acc = wr32(t, A_TCR, 0xFFFFFFFFu);
    CHECK(T, "TCR after writing all ones", 0x007F0F1Fu, rd32(t, A_TCR));
    CHECK(T, "atid in access cycle still 0", 0u, tb_hist(t, acc)->atid);
    CHECK(T, "atid = TraceBusID after the write", 0x7Fu, tb_hist(t, acc + 1u)->atid);
    /* [ITM-APB-3]: TCR byte write errors, in the access cycle only, and has no effect. */
    acc = apb_write(t, A_TCR, 0u, 0x1u, PRIV);
    CHECK(T, "pslverr in setup cycle", 0u, tb_hist(t, acc - 1u)->pslverr);
    CHECK(T, "pslverr in access cycle", 1u, tb_hist(t, acc)->pslverr);
    tb_cycle(t);
    CHECK(T, "pslverr after access", 0u, tb_hist(t, acc + 1u)->pslverr);
    CHECK(T, "TCR unchanged by erroring write", 0x007F0F1Fu, rd32(t, A_TCR));
    acc = wr32(t, A_TCR, 0u);
    CHECK(T, "word TCR write no error", 0u, tb_hist(t, acc)->pslverr);
    t->in.trcena = true;
    /* TPR: PRIVMASK[64/8-1:0] = 8 bits. */
    wr32(t, A_TPR, 0xFFFFFFFFu);
    CHECK(T, "TPR mask (64 ports)", 0xFFu, rd32(t, A_TPR));
    wr32(t, A_TPR, 0u);
    /* TER0, TER1 exist (64 ports); TER2 is unmapped: RAZ/WI, word write no error. */
    wr32(t, A_TER(1), 0xFFFFFFFFu);
    CHECK(T, "TER1", 0xFFFFFFFFu, rd32(t, A_TER(1)));
    acc = wr32(t, A_TER(2), 0xFFFFFFFFu);
    CHECK(T, "TER2 word write no error", 0u, tb_hist(t, acc)->pslverr);
    CHECK(T, "TER2 RAZ", 0u, rd32(t, A_TER(2)));
    /* Unmapped offset with a byte strobe: pstrb != 0xF -> error. */
    acc = apb_write(t, 0xF00u, 0u, 0x1u, PRIV);
    CHECK(T, "unmapped byte write errors", 1u, tb_hist(t, acc)->pslverr);
    /* STIM legal strobes never error, illegal ones (0x2, 0xC, 0x0) do. */
    acc = apb_write(t, A_STIM(0), 0u, 0x3u, PRIV);
    CHECK(T, "STIM halfword no error", 0u, tb_hist(t, acc)->pslverr);
    acc = apb_write(t, A_STIM(0), 0u, 0x2u, PRIV);
    CHECK(T, "STIM strobe 0x2 errors", 1u, tb_hist(t, acc)->pslverr);
    acc = apb_write(t, A_STIM(0), 0u, 0xCu, PRIV);
    CHECK(T, "STIM strobe 0xC errors", 1u, tb_hist(t, acc)->pslverr);
    acc = apb_write(t, A_STIM(0), 0u, 0x0u, PRIV);
    CHECK(T, "STIM strobe 0x0 errors", 1u, tb_hist(t, acc)->pslverr);

    /* Minimum configuration: 8 ports -> TER0 bits [7:0], TPR bit 0, TER1 unmapped. */
    t = tb_start(&cfg_min);
    wr32(t, A_TER(0), 0xFFFFFFFFu);
    CHECK(T, "TER0 mask (8 ports)", 0xFFu, rd32(t, A_TER(0)));
    wr32(t, A_TPR, 0xFFFFFFFFu);
    CHECK(T, "TPR mask (8 ports)", 0x1u, rd32(t, A_TPR));
    wr32(t, A_TER(1), 0xFFFFFFFFu);
    CHECK(T, "TER1 RAZ (8 ports)", 0u, rd32(t, A_TER(1)));
    /* Maximum configuration: 256 ports -> 32 TPR bits, TER7 exists. */
    t = tb_start(&cfg_max);
    wr32(t, A_TPR, 0xFFFFFFFFu);
    CHECK(T, "TPR mask (256 ports)", 0xFFFFFFFFu, rd32(t, A_TPR));
    wr32(t, A_TER(7), 0x80000001u);
    CHECK(T, "TER7 (256 ports)", 0x80000001u, rd32(t, A_TER(7)));
}

/* Sections 6 and 8: byte, halfword, word writes; first byte 2 cycles after the access. */
static void test_stim_sizes(void)
{
    const char *T = "stim_sizes";
    struct tb *t = tb_start(&cfg_base);
    unsigned a, b, c, k = 0;

    tb_itm_setup(t, 0xFFFFFFFFu, TCR_ITMENA);
    /* Byte 0x41 (pwdata upper bits ignored) to port 0, access a: pushed at edge a, loaded
     * at edge a+1, header 0x01 in cycle a+2, 0x41 in cycle a+3. */
    a = apb_write(t, A_STIM(0), 0xFFFFFF41u, 0x1u, PRIV);
    tb_idle(t, 8);
    CHECK(T, "no atvalid in cycle a+1", 0u, tb_hist(t, a + 1u)->atvalid);
    CHECK(T, "atvalid in cycle a+2", 1u, tb_hist(t, a + 2u)->atvalid);
    CHECK(T, "atdata 0 when atvalid 0", 0u, tb_hist(t, a + 4u)->atdata);
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x41);
    EXPECT_TOTAL(T, t, 2u);
    /* [ITM-BUSY-1]: busy in a+1 (stim_count 1), a+2 and a+3 (pkt_rem != 0), not in a or
     * a+4. */
    CHECK(T, "busy in access cycle", 0u, tb_hist(t, a)->busy);
    CHECK(T, "busy a+1", 1u, tb_hist(t, a + 1u)->busy);
    CHECK(T, "busy a+2", 1u, tb_hist(t, a + 2u)->busy);
    CHECK(T, "busy a+3", 1u, tb_hist(t, a + 3u)->busy);
    CHECK(T, "busy a+4", 0u, tb_hist(t, a + 4u)->busy);

    /* Word 0x12345678 to port 5 (access b): 2B 78 56 34 12 in b+2..b+6. Byte 0x42 to port
     * 0 in the very next APB transfer (access b+2): pushed at b+2, loaded at edge b+6 (last
     * byte of the word packet), so 01 42 in b+7, b+8 with no idle cycle. */
    tb_log_clear(t);
    k = 0;
    b = apb_write(t, A_STIM(5), 0x12345678u, 0xFu, PRIV);
    apb_write(t, A_STIM(0), 0x42u, 0x1u, PRIV);
    tb_idle(t, 10);
    EXPECT_RUN(T, t, k, b + 2u, 0x2B, 0x78, 0x56, 0x34, 0x12, 0x01, 0x42);
    EXPECT_TOTAL(T, t, 7u);

    /* Halfword 0xBEEF (pwdata 0xCAFEBEEF, strobe 0x3) to port 31: FA EF BE. */
    tb_log_clear(t);
    k = 0;
    c = apb_write(t, A_STIM(31), 0xCAFEBEEFu, 0x3u, PRIV);
    tb_idle(t, 8);
    EXPECT_RUN(T, t, k, c + 2u, 0xFA, 0xEF, 0xBE);
    EXPECT_TOTAL(T, t, 3u);
}

/* [ITM-PAGE-1], [ITM-SYNC-4]: extension packets and the page register. */
static void test_stim_page(void)
{
    const char *T = "stim_page";
    struct tb *t = tb_start(&cfg_base);
    unsigned a, k = 0, w;

    wr32(t, A_TER(1), 0xFFFFFFFFu);
    tb_itm_setup(t, 0xFFFFFFFFu, TCR_ITMENA);
    /* Word 0xDEADBEEF to port 33, access a. Cycle a+1: head port 33, page_q 0 -> extension
     * 0x18 loaded at edge a+1 (page_d = 1), on ATB in a+2; in a+2 (last byte) the
     * instrumentation packet (A = 1 -> 0x0B) is loaded: a+3..a+7. */
    a = apb_write(t, A_STIM(33), 0xDEADBEEFu, 0xFu, PRIV);
    tb_idle(t, 10);
    EXPECT_RUN(T, t, k, a + 2u, 0x18, 0x0B, 0xEF, 0xBE, 0xAD, 0xDE);
    EXPECT_TOTAL(T, t, 6u);
    /* Port 34, page still 1: no extension. Header 2<<3|1 = 0x11. */
    tb_log_clear(t);
    k = 0;
    a = apb_write(t, A_STIM(34), 0x77u, 0x1u, PRIV);
    tb_idle(t, 6);
    EXPECT_RUN(T, t, k, a + 2u, 0x11, 0x77);
    EXPECT_TOTAL(T, t, 2u);
    /* Port 1 (page 0): extension 0x08 then 0x09 0x55. */
    tb_log_clear(t);
    k = 0;
    a = apb_write(t, A_STIM(1), 0x55u, 0x1u, PRIV);
    tb_idle(t, 6);
    EXPECT_RUN(T, t, k, a + 2u, 0x08, 0x09, 0x55);
    EXPECT_TOTAL(T, t, 3u);
    /* Back to page 1, then a sync resets the page: port 33 again needs 0x18.
     * TCR 0x1 -> 0x5 (access w) makes ITMENA && SYNCENA 1 from cycle w+1, 0 in w:
     * sync_pending at edge w+1, loaded at edge w+2 (page_d = 0), bytes w+3..w+8. Byte 0x5A
     * to port 33, access w+2, waits in the FIFO; at edge w+8 (last sync byte) head port
     * 33 / 32 = 1 != page 0: extension 0x18 in w+9, then 0x09 0x5A in w+10, w+11. */
    a = apb_write(t, A_STIM(33), 0x66u, 0x1u, PRIV);
    tb_idle(t, 6);
    tb_log_clear(t);
    k = 0;
    w = wr32(t, A_TCR, TCR_ITMENA | TCR_SYNCENA);
    apb_write(t, A_STIM(33), 0x5Au, 0x1u, PRIV);
    tb_idle(t, 12);
    EXPECT_RUN(T, t, k, w + 3u, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x18, 0x09, 0x5A);
    EXPECT_TOTAL(T, t, 9u);

    /* 256 ports: byte 0x00 to port 255 -> 78 F9 00. */
    t = tb_start(&cfg_max);
    wr32(t, A_TER(7), 0x80000000u);
    tb_itm_setup(t, 0u, TCR_ITMENA);
    k = 0;
    a = apb_write(t, A_STIM(255), 0x00u, 0x1u, PRIV);
    tb_idle(t, 8);
    EXPECT_RUN(T, t, k, a + 2u, 0x78, 0xF9, 0x00);
    EXPECT_TOTAL(T, t, 3u);
}

/* Writes that must be ignored ([ITM-STIM-1..3], [ITM-APB-3]); nothing may come out and
 * BUSY stays 0. Returns the access cycle. */
static unsigned ignored_write(struct tb *t, const char *T, const char *what, unsigned port,
                              uint8_t strb, uint8_t prot)
{
    unsigned a = apb_write(t, A_STIM(port), 0x99u, strb, prot);

    tb_idle(t, 6);
    CHECK(T, what, 0u, t->n);
    CHECK(T, what, 0u, tb_hist(t, a + 1u)->busy);
    tb_log_clear(t);
    return a;
}

static void test_stim_gating(void)
{
    const char *T = "stim_gating";
    struct tb *t = tb_start(&cfg_base);
    unsigned a, k = 0;

    tb_itm_setup(t, 0x1u, TCR_ITMENA); /* only port 0 enabled */
    ignored_write(t, T, "TER bit 0 -> ignored", 3u, 0x1u, PRIV);
    t->in.trcena = false;
    ignored_write(t, T, "trcena 0 -> ignored", 0u, 0x1u, PRIV);
    t->in.trcena = true;
    t->in.niden = false; /* Non-secure write needs niden */
    ignored_write(t, T, "NS write, niden 0 -> ignored", 0u, 0x1u, PRIV | NSEC);
    t->in.niden = true;
    t->in.spniden = false; /* Secure write needs spniden */
    ignored_write(t, T, "S write, spniden 0 -> ignored", 0u, 0x1u, PRIV);
    a = ignored_write(t, T, "illegal strobe 0x2 -> ignored", 0u, 0x2u, PRIV);
    CHECK(T, "illegal strobe pslverr", 1u, tb_hist(t, a)->pslverr);
    /* NS write with niden 1, spniden 0: accepted. PE Secure with spniden 0 gives
     * auth_pe = 0, which does not stop source packets [ITM-ARB-4]. */
    t->in.pe_secure = true;
    a = apb_write(t, A_STIM(0), 0x99u, 0x1u, PRIV | NSEC);
    tb_idle(t, 6);
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x99);
    EXPECT_TOTAL(T, t, 2u);
    t->in.pe_secure = false;
    t->in.spniden = true;
    tb_log_clear(t);
    wr32(t, A_TCR, 0u);
    ignored_write(t, T, "ITMENA 0 -> ignored", 0u, 0x1u, PRIV);
    /* STIM of an unimplemented port (64 in a 64-port ITM), word write: RAZ/WI. */
    wr32(t, A_TCR, TCR_ITMENA);
    wr32(t, A_TER(1), 0xFFFFFFFFu);
    ignored_write(t, T, "port 64 not implemented -> ignored", 64u, 0xFu, PRIV);
}

/* [ITM-STIM-3], [ITM-APB-5]: ITM_TPR privilege. */
static void test_tpr(void)
{
    const char *T = "tpr";
    struct tb *t = tb_start(&cfg_base);
    unsigned a, k = 0;

    wr32(t, A_TPR, 0x1u); /* ports 0..7 privileged only */
    tb_itm_setup(t, 0xFFFFFFFFu, TCR_ITMENA);
    ignored_write(t, T, "unprivileged write to port 0 (TPR[0]) ignored", 0u, 0x1u, 0u);
    /* port 8 is in group 1 (TPR[1] = 0): header 8<<3|1 = 0x41, payload 0x88. */
    a = apb_write(t, A_STIM(8), 0x88u, 0x1u, 0u);
    tb_idle(t, 6);
    EXPECT_RUN(T, t, k, a + 2u, 0x41, 0x88);
    EXPECT_TOTAL(T, t, 2u);
    /* Unprivileged TER0 = 0: only ports 8..31 (groups 1..3) change -> 0x000000FF. */
    apb_write(t, A_TER(0), 0u, 0xFu, 0u);
    CHECK(T, "unprivileged TER write keeps group 0", 0xFFu, rd32(t, A_TER(0)));
    apb_write(t, A_TPR, 0u, 0xFu, 0u);
    CHECK(T, "unprivileged TPR write ignored", 0x1u, rd32(t, A_TPR));
    apb_write(t, A_TCR, 0u, 0xFu, 0u);
    CHECK(T, "unprivileged TCR write ignored", TCR_ITMENA, rd32(t, A_TCR));
    /* privileged write to port 0 accepted: 01 33 */
    tb_log_clear(t);
    k = 0;
    a = apb_write(t, A_STIM(0), 0x33u, 0x1u, PRIV);
    tb_idle(t, 6);
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x33);
    EXPECT_TOTAL(T, t, 2u);
}

/* Section 5: STIM read = FIFOREADY / DISABLED, stimulus buffer only. */
static void test_stim_read(void)
{
    const char *T = "stim_read";
    struct tb *t = tb_start(&cfg_base);
    unsigned h;

    tb_itm_setup(t, 0x1u, TCR_ITMENA | TCR_TXENA);
    CHECK(T, "enabled port, empty FIFO: FIFOREADY", 0x1u, rd32(t, A_STIM(0)));
    CHECK(T, "port with TER 0: DISABLED", 0x2u, rd32(t, A_STIM(1)));
    CHECK(T, "unimplemented port 64: RAZ", 0x0u, rd32(t, A_STIM(64)));
    /* Fill the hardware FIFO (atready 0): packets in cycles h, h+1, h+2; the first goes
     * to the packet register at edge h+1, the other two fill the 2-entry FIFO, so
     * hw_ready_o is 0 from cycle h+3. STIM0 still reads FIFOREADY. */
    t->in.atready = false;
    h = t->cyc;
    t->in.hw_valid = true;
    t->in.hw_data = 0x2005u;
    tb_idle(t, 3);
    t->in.hw_valid = false;
    tb_cycle(t);
    CHECK(T, "hw_ready 1 in h+2", 1u, tb_hist(t, h + 2u)->hw_ready);
    CHECK(T, "hw_ready 0 in h+3", 0u, tb_hist(t, h + 3u)->hw_ready);
    CHECK(T, "hw FIFO full: STIM0 still FIFOREADY", 0x1u, rd32(t, A_STIM(0)));
    t->in.atready = true;
    tb_idle(t, 12);
    /* Fill the stimulus FIFO (depth 4) with atready 0: the first write is loaded into the
     * packet register, the next 4 fill the FIFO -> FIFOREADY 0, DISABLED 0. */
    t->in.atready = false;
    for (unsigned i = 0; i < 5u; i++) {
        apb_write(t, A_STIM(0), i, 0x1u, PRIV);
    }
    CHECK(T, "full FIFO: FIFOREADY 0", 0x0u, rd32(t, A_STIM(0)));
    wr32(t, A_TCR, 0u);
    CHECK(T, "ITMENA 0: DISABLED", 0x2u, rd32(t, A_STIM(0)));
    /* TCR read with data still queued: BUSY (bit 23) set. */
    CHECK(T, "TCR BUSY while queued", 0x00800000u, rd32(t, A_TCR));
    t->in.atready = true;
    tb_idle(t, 16);
    CHECK(T, "TCR BUSY clear when drained", 0x0u, rd32(t, A_TCR));
}

/* [ITM-STIM-5], [ITM-ARB-2]: overflow with a 4-entry FIFO and its place in the stream;
 * [ITM-ATB-1] the byte is held while atready is 0. */
static void test_overflow_depth4(void)
{
    const char *T = "overflow_depth4";
    struct tb *t = tb_start(&cfg_base);
    unsigned a1, r, k = 0;

    tb_itm_setup(t, 0x1u, TCR_ITMENA);
    t->in.atready = false;
    /* W1..W6 bytes 0xA1..0xA6 at accesses a1, a1+2, ..., a1+10. W1 is loaded into the
     * packet register at edge a1+1 (load_en: pkt_rem 0) and its header stays on ATB.
     * W2..W5 fill the FIFO (count 4 after edge a1+8); W6 (count_q 4) is dropped and the
     * tail W5 gets ovf_after. */
    a1 = apb_write(t, A_STIM(0), 0xA1u, 0x1u, PRIV);
    for (unsigned i = 2; i <= 6u; i++) {
        apb_write(t, A_STIM(0), 0xA0u + i, 0x1u, PRIV);
    }
    tb_idle(t, 2);
    r = t->cyc; /* = a1 + 13 */
    for (unsigned c = a1 + 2u; c < r; c++) {
        CHECK(T, "stalled: atvalid held", 1u, tb_hist(t, c)->atvalid);
        CHECK(T, "stalled: atdata held", 0x01u, tb_hist(t, c)->atdata);
    }
    /* atready 1 from cycle r: W1 r, r+1; W2 r+2, r+3; ... W5 r+8, r+9. W5 is popped at edge
     * r+7 -> ovf_pending; in r+9 (last byte of W5) the overflow wins: 0x70 in r+10.
     * W7, access r+1: count_q is 4 (W2 is popped at that same edge, which makes no room):
     * dropped, merged into the same overflow (tail W5 already marked). W8, access r+3:
     * count_q 3 -> pushed behind W5, sent after the overflow in r+11, r+12. */
    t->in.atready = true;
    CHECK(T, "W7 access r+1", r + 1u, apb_write(t, A_STIM(0), 0xA7u, 0x1u, PRIV));
    CHECK(T, "W8 access r+3", r + 3u, apb_write(t, A_STIM(0), 0xA8u, 0x1u, PRIV));
    tb_idle(t, 14);
    EXPECT_RUN(T, t, k, r, 0x01, 0xA1, 0x01, 0xA2, 0x01, 0xA3, 0x01, 0xA4, 0x01, 0xA5, 0x70,
               0x01, 0xA8);
    EXPECT_TOTAL(T, t, 13u);
}

/* [ITM-STIM-5] with StimFifoDepth 1, both the marked-tail and the tail-popped cases. */
static void test_overflow_depth1(void)
{
    const char *T = "overflow_depth1";
    struct tb *t = tb_start(&cfg_min);
    unsigned a, k = 0;

    tb_itm_setup(t, 0x1u, TCR_ITMENA);
    /* W1 word 0x44332211 (access a): loaded a+1, bytes 03 11 22 33 44 in a+2..a+6.
     * W2 byte 0xB2 (access a+2): FIFO empty -> pushed. W3 byte 0xB3 (access a+4): count_q 1
     * = depth -> dropped; W2 is not popped at edge a+4 (pkt_rem 3) -> W2.ovf_after. W2
     * loaded at edge a+6 -> ovf_pending; 01 B2 in a+7, a+8; 0x70 in a+9. */
    a = apb_write(t, A_STIM(0), 0x44332211u, 0xFu, PRIV);
    apb_write(t, A_STIM(0), 0xB2u, 0x1u, PRIV);
    apb_write(t, A_STIM(0), 0xB3u, 0x1u, PRIV);
    tb_idle(t, 10);
    EXPECT_RUN(T, t, k, a + 2u, 0x03, 0x11, 0x22, 0x33, 0x44, 0x01, 0xB2, 0x70);
    EXPECT_TOTAL(T, t, 8u);
    /* Same, but W3's access is a+6, the edge at which W2 (the tail) is popped: the mark
     * cannot be set, ovf_pending_d = 1 directly. Cycle a+7..a+8: 01 B2 (overflow has
     * priority, but the packet register is busy until a+8); 0x70 in a+9. */
    tb_log_clear(t);
    k = 0;
    a = apb_write(t, A_STIM(0), 0x44332211u, 0xFu, PRIV);
    apb_write(t, A_STIM(0), 0xB2u, 0x1u, PRIV);
    tb_idle(t, 2);
    CHECK(T, "W3 access at a+6", a + 5u, t->cyc);
    apb_write(t, A_STIM(0), 0xB3u, 0x1u, PRIV);
    tb_idle(t, 8);
    EXPECT_RUN(T, t, k, a + 2u, 0x03, 0x11, 0x22, 0x33, 0x44, 0x01, 0xB2, 0x70);
    EXPECT_TOTAL(T, t, 8u);
}

/* [ITM-ATB-1]: the byte stays on atdata until atready. */
static void test_atready_stall(void)
{
    const char *T = "atready_stall";
    struct tb *t = tb_start(&cfg_base);
    unsigned a, r, k = 0;

    tb_itm_setup(t, 0x1u, TCR_ITMENA);
    t->in.atready = false;
    a = apb_write(t, A_STIM(0), 0x41u, 0x1u, PRIV);
    tb_idle(t, 6); /* cycles a+1 .. a+6 */
    r = t->cyc;    /* a + 7 */
    for (unsigned c = a + 2u; c < r; c++) {
        CHECK(T, "header held on ATB", 0x01u, tb_hist(t, c)->atdata);
        CHECK(T, "atvalid held", 1u, tb_hist(t, c)->atvalid);
    }
    t->in.atready = true;
    tb_cycle(t); /* r: 0x01 transferred */
    t->in.atready = false;
    tb_idle(t, 3); /* 0x41 held in r+1..r+3 */
    CHECK(T, "second byte held", 0x41u, tb_hist(t, r + 2u)->atdata);
    t->in.atready = true;
    tb_idle(t, 3); /* 0x41 transferred in r+4 */
    EXPECT_RUN(T, t, k, r, 0x01);
    EXPECT_RUN(T, t, k, r + 4u, 0x41);
    EXPECT_TOTAL(T, t, 2u);
    CHECK(T, "idle after", 0u, tb_hist(t, r + 5u)->atvalid);
    /* Last byte held while another packet waits: load_en needs atready when pkt_rem is 1,
     * so W2 must not replace the held 0x41. W1 (access a) and W2 (access a+2) with
     * atready 0; one transfer in r, held 0x41 in r+1..r+3, atready from r+4: 0x41 in r+4,
     * W2 loaded at that edge, 01 42 in r+5, r+6. */
    tb_log_clear(t);
    k = 0;
    t->in.atready = false;
    a = apb_write(t, A_STIM(0), 0x41u, 0x1u, PRIV);
    apb_write(t, A_STIM(0), 0x42u, 0x1u, PRIV);
    tb_idle(t, 2);
    r = t->cyc;
    t->in.atready = true;
    tb_cycle(t);
    t->in.atready = false;
    tb_idle(t, 3);
    t->in.atready = true;
    tb_idle(t, 5);
    for (unsigned c = r + 1u; c < r + 4u; c++) {
        CHECK(T, "last byte held with a packet queued", 0x41u, tb_hist(t, c)->atdata);
    }
    EXPECT_RUN(T, t, k, r, 0x01);
    EXPECT_RUN(T, t, k, r + 4u, 0x41, 0x01, 0x42);
    EXPECT_TOTAL(T, t, 4u);
    CHECK(T, "r = a + 5", a + 5u, r);
}

/* [ITM-SYNC-1]: sync when ITMENA && SYNCENA first becomes 1. */
static void test_sync_enable(void)
{
    const char *T = "sync_enable";
    struct tb *t = tb_start(&cfg_base);
    unsigned w, k = 0;

    wr32(t, A_TER(0), 1u);
    tb_log_clear(t);
    /* TCR 0 -> 0x5 in access w: sync_on is 1 from cycle w+1 (0 in w), so sync_pending at
     * edge w+1, loaded at edge w+2, bytes w+3..w+8. */
    w = wr32(t, A_TCR, TCR_ITMENA | TCR_SYNCENA);
    tb_idle(t, 10);
    EXPECT_RUN(T, t, k, w + 3u, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80);
    EXPECT_TOTAL(T, t, 6u);
    CHECK(T, "busy in w+1 (nothing pending yet)", 0u, tb_hist(t, w + 1u)->busy);
    CHECK(T, "busy in w+2 (sync pending)", 1u, tb_hist(t, w + 2u)->busy);
    /* Writing the same value again: no 0 -> 1 edge, no sync. */
    tb_log_clear(t);
    wr32(t, A_TCR, TCR_ITMENA | TCR_SYNCENA);
    tb_idle(t, 10);
    EXPECT_TOTAL(T, t, 0u);
    /* SYNCENA 1 -> 0 -> 1 with ITMENA kept: sync again. */
    wr32(t, A_TCR, TCR_ITMENA);
    w = wr32(t, A_TCR, TCR_ITMENA | TCR_SYNCENA);
    tb_idle(t, 10);
    k = 0;
    EXPECT_RUN(T, t, k, w + 3u, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80);
    EXPECT_TOTAL(T, t, 6u);
    /* Enabling with trcena 0 (cycles w-1, w): itm_on is 0 until trcena rises in w+1, which
     * is when itm_on && SYNCENA first becomes 1: sync at edge w+1, bytes w+3..w+8. */
    wr32(t, A_TCR, 0u);
    tb_log_clear(t);
    k = 0;
    t->in.trcena = false;
    w = wr32(t, A_TCR, TCR_ITMENA | TCR_SYNCENA);
    t->in.trcena = true;
    tb_idle(t, 10);
    EXPECT_RUN(T, t, k, w + 3u, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80);
    EXPECT_TOTAL(T, t, 6u);
}

/* [ITM-SYNC-2], [ITM-SYNC-3], [ITM-ARB-4], [ITM-ARB-5]. */
static void test_sync_sources(void)
{
    const char *T = "sync_sources";
    struct tb *t = tb_start(&cfg_base);
    unsigned p, h, k = 0;

    tb_itm_setup(t, 0x1u, TCR_ITMENA | TCR_SYNCENA);
    /* dwt_sync_req in cycle p: sync_pending at edge p, loaded at p+1, bytes p+2..p+7. */
    p = t->cyc;
    t->in.dwt_sync_req = true;
    tb_cycle(t);
    t->in.dwt_sync_req = false;
    tb_idle(t, 9);
    EXPECT_RUN(T, t, k, p + 2u, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80);
    /* tpiu_sync_req in cycle p: same timing. */
    p = t->cyc;
    t->in.tpiu_sync_req = true;
    tb_cycle(t);
    t->in.tpiu_sync_req = false;
    tb_idle(t, 9);
    EXPECT_RUN(T, t, k, p + 2u, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80);
    /* Debug exit: halted 1 in cycles h..h+4, 0 from h+5. halted_q2 = 1 in h+5 with
     * halted_i 0 -> request at edge h+5, bytes h+7..h+12. */
    h = t->cyc;
    t->in.halted = true;
    tb_idle(t, 5);
    t->in.halted = false;
    tb_idle(t, 10);
    EXPECT_RUN(T, t, k, h + 7u, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80);
    EXPECT_TOTAL(T, t, 18u);
    /* auth_pe 0 (PE Non-secure, niden 0): the request waits; niden back to 1 in cycle
     * p+5 -> loaded at edge p+5, bytes p+6..p+11. */
    tb_log_clear(t);
    k = 0;
    t->in.niden = false;
    p = t->cyc;
    t->in.dwt_sync_req = true;
    tb_cycle(t);
    t->in.dwt_sync_req = false;
    tb_idle(t, 4);
    t->in.niden = true;
    tb_idle(t, 10);
    CHECK(T, "held sync: busy", 1u, tb_hist(t, p + 3u)->busy);
    EXPECT_RUN(T, t, k, p + 6u, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80);
    EXPECT_TOTAL(T, t, 6u);
    /* A held request is cleared by itm_on == 0 [ITM-ARB-5]: trcena 0 in cycle p+3 clears
     * it at that edge (busy 0 from p+4); nothing when auth returns. */
    tb_log_clear(t);
    t->in.niden = false;
    p = t->cyc;
    t->in.dwt_sync_req = true;
    tb_cycle(t);
    t->in.dwt_sync_req = false;
    tb_idle(t, 2);
    t->in.trcena = false;
    tb_cycle(t);
    t->in.trcena = true;
    tb_idle(t, 2);
    t->in.niden = true;
    tb_idle(t, 10);
    CHECK(T, "pending in p+3", 1u, tb_hist(t, p + 3u)->busy);
    CHECK(T, "cleared in p+4", 0u, tb_hist(t, p + 4u)->busy);
    /* trcena back in p+4 makes itm_on && SYNCENA rise again [ITM-SYNC-1]: a new request,
     * held until niden returns, gives one sync. */
    CHECK(T, "re-enable request in p+5", 1u, tb_hist(t, p + 5u)->busy);
    EXPECT_TOTAL(T, t, 6u);
    /* SYNCENA 0: DWT and TPIU requests do nothing. */
    wr32(t, A_TCR, TCR_ITMENA);
    tb_log_clear(t);
    t->in.dwt_sync_req = true;
    t->in.tpiu_sync_req = true;
    tb_cycle(t);
    t->in.dwt_sync_req = false;
    t->in.tpiu_sync_req = false;
    tb_idle(t, 10);
    EXPECT_TOTAL(T, t, 0u);
}

/* [ITM-LTS-1], [ITM-LTS-3], [ITM-LTS-4], [ITM-LTS-9]: value, compression and TC. */
static void test_lts_basic(void)
{
    const char *T = "lts_basic";
    struct tb *t = tb_start(&cfg_base);
    unsigned w, a, b, c, k = 0;

    wr32(t, A_TER(0), 1u);
    tb_log_clear(t);
    /* TCR = ITMENA|TSENA, access w. Cycle w: hold (TSENA 0 in tcr_q) -> ts_d = 0; from
     * w+1 ts counts every cycle: ts_q(x) = x - w - 1.
     * Byte 0x41, access a = w+2: loaded at edge a+1 with ts_q = 2 != 0 -> LTS pending, TC
     * = {aged 0, 0}. Bytes a+2, a+3; in a+3 the LTS is loaded: v = ts_q(a+3) = w+4-w-1...
     * = a+3-w-1 = 4 -> 1-byte form 0x40 in a+4. The counter restarts: ts_q(x) = x-a-3. */
    w = wr32(t, A_TCR, TCR_ITMENA | TCR_TSENA);
    a = apb_write(t, A_STIM(0), 0x41u, 0x1u, PRIV);
    CHECK(T, "a = w + 2", w + 2u, a);
    tb_idle(t, 8);
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x41, 0x40);
    EXPECT_TOTAL(T, t, 3u);
    /* Access b = a + 300: LTS loaded at edge b+3, v = (b+3) - a - 3 = 300 -> C0 AC 02. */
    tb_log_clear(t);
    k = 0;
    tb_until(t, a + 299u);
    b = apb_write(t, A_STIM(0), 0x41u, 0x1u, PRIV);
    CHECK(T, "b = a + 300", a + 300u, b);
    tb_idle(t, 8);
    EXPECT_RUN(T, t, k, b + 2u, 0x01, 0x41, 0xC0, 0xAC, 0x02);
    EXPECT_TOTAL(T, t, 5u);
    /* TC = 01: back-to-back bytes, accesses c and c+2 with c = b + 10. W1 triggers at edge
     * c+1 (ts_q(c+1) = c+1-b-3 = 8 != 0). W2 is pushed at edge c+2 and loaded at edge c+3
     * (first cycle present: not delayed) while lts_pending_q = 1 -> tc0 = 1, tc1 = 0. The
     * LTS is loaded in c+5 with v = c+5-b-3 = 12 -> D0 0C in c+6, c+7. */
    tb_log_clear(t);
    k = 0;
    tb_until(t, b + 9u);
    c = apb_write(t, A_STIM(0), 0x41u, 0x1u, PRIV);
    apb_write(t, A_STIM(0), 0x42u, 0x1u, PRIV);
    CHECK(T, "c = b + 10", b + 10u, c);
    tb_idle(t, 8);
    EXPECT_RUN(T, t, k, c + 2u, 0x01, 0x41, 0x01, 0x42, 0xD0, 0x0C);
    EXPECT_TOTAL(T, t, 6u);
    /* TC = 11: W1 word (5 bytes), W2 byte in the next APB transfer: W2 waits in the FIFO
     * from edge c+2 to c+6 (aged) and is loaded while the LTS is pending -> tc1 = tc0 = 1.
     * c = this access; last LTS loaded at edge (old c)+5, so ts_q(x) = x - oldc - 5.
     * W1 bytes c+2..c+6, W2 c+7, c+8, LTS loaded at c+8: v = c + 3 - oldc. */
    {
        unsigned oldc = c;

        tb_log_clear(t);
        k = 0;
        tb_until(t, oldc + 19u);
        c = apb_write(t, A_STIM(0), 0x04030201u, 0xFu, PRIV);
        apb_write(t, A_STIM(0), 0x42u, 0x1u, PRIV);
        CHECK(T, "c = oldc + 20", oldc + 20u, c);
        tb_idle(t, 12);
        /* v = 23 */
        EXPECT_RUN(T, t, k, c + 2u, 0x03, 0x01, 0x02, 0x03, 0x04, 0x01, 0x42, 0xF0, 0x17);
        EXPECT_TOTAL(T, t, 9u);
    }
}

/* [ITM-LTS-1], [ITM-LTS-11]: an LTS triggered by a delayed packet (it waited in its FIFO
 * behind a sync) is TC = 11, never TC = 10: its value is the counter at the LTS load. */
static void test_lts_tc_delayed(void)
{
    const char *T = "lts_tc_delayed";
    struct tb *t = tb_start(&cfg_base);
    unsigned w, k = 0;

    wr32(t, A_TER(0), 1u);
    tb_log_clear(t);
    /* TCR 0 -> ITMENA|TSENA|SYNCENA, access w: sync_on rises in w+1, sync loaded at edge
     * w+2 (bytes w+3..w+8); ts_q(x) = x - w - 1. Byte 0x41, access w+2, waits (aged) until
     * the load edge w+8, where lts_pending_q = 0 and ts_q = 7: pending, tc0 = aged = 1,
     * tc1 = aged = 1. Bytes w+9, w+10; LTS loaded at w+10, v = 9, TC = 11 -> F0 09 in
     * w+11, w+12. (Before issue #16 this was TC = 10, E0 09.) */
    w = wr32(t, A_TCR, TCR_ITMENA | TCR_TSENA | TCR_SYNCENA);
    apb_write(t, A_STIM(0), 0x41u, 0x1u, PRIV);
    tb_idle(t, 13);
    EXPECT_RUN(T, t, k, w + 3u, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x01, 0x41, 0xF0, 0x09);
    EXPECT_TOTAL(T, t, 10u);

    /* The same with a hardware packet: 05 20 offered in cycle w+1 (tcr_q has TXENA from
     * w+1), pushed at edge w+1, waits behind the sync (aged) and is loaded at edge w+8 with
     * ts_q = 7 and no LTS pending: TC = 11. 05 20 in w+9, w+10; LTS loaded at w+10 with
     * v = 9 -> F0 09 in w+11, w+12. */
    t = tb_start(&cfg_base);
    wr32(t, A_TER(0), 1u);
    tb_log_clear(t);
    k = 0;
    w = wr32(t, A_TCR, TCR_ITMENA | TCR_TSENA | TCR_SYNCENA | TCR_TXENA);
    t->in.hw_valid = true;
    t->in.hw_data = 0x2005u;
    tb_cycle(t);
    t->in.hw_valid = false;
    tb_idle(t, 13);
    EXPECT_RUN(T, t, k, w + 3u, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x05, 0x20, 0xF0, 0x09);
    EXPECT_TOTAL(T, t, 10u);
}

/* [ITM-LTS-5]: TSPrescale divides the asynchronous clock only. */
static void test_lts_prescale(void)
{
    const char *T = "lts_prescale";
    struct tb *t = tb_start(&cfg_base);
    unsigned w, a, k = 0;

    /* Synchronous clock (SWOENA 0) with TSPrescale 01: div = 1, the counter counts every
     * cycle. TCR = ITMENA|TSENA|TSPrescale 01, access w: ts_q(x) = x - w - 1, tsp_q 0.
     * Write 1, access w+2: loaded at edge w+3 with ts_q = 2 -> trigger (TC 00); 01 41 in
     * w+4, w+5; LTS loaded at edge w+5, v = 4 -> 0x40 in w+6; ts_q(x) = x - w - 5 after.
     * Write 2, access a = w+40: loaded at edge w+41 with ts_q = 36 -> trigger; 01 42 in
     * a+2, a+3; LTS loaded at edge a+3 = w+43, v = 38 -> C0 26 in a+4, a+5. (A /4
     * prescaler would have given no LTS for write 1 and C0 0A for write 2.) */
    wr32(t, A_TER(0), 1u);
    tb_log_clear(t);
    w = wr32(t, A_TCR, TCR_ITMENA | TCR_TSENA | TCR_PRESC4);
    apb_write(t, A_STIM(0), 0x41u, 0x1u, PRIV);
    tb_until(t, w + 39u);
    a = apb_write(t, A_STIM(0), 0x42u, 0x1u, PRIV);
    CHECK(T, "sync clock: a = w + 40", w + 40u, a);
    tb_idle(t, 8);
    EXPECT_RUN(T, t, k, w + 4u, 0x01, 0x41, 0x40);
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x42, 0xC0, 0x26);
    EXPECT_TOTAL(T, t, 7u);
    CHECK(T, "sync clock: tsp_q stays 0", 0u, t->m.tsp);
    /* TSPrescale is still stored and read back. */
    CHECK(T, "TSPrescale read back", TCR_ITMENA | TCR_TSENA | TCR_PRESC4, rd32(t, A_TCR));

    /* Asynchronous clock (SWOENA 1), a tick every cycle, port not idle, TSPrescale 01:
     * div = 4. tsp_q: 0 in w+1, 1, 2, 3 in w+4 (tick, tsp_d 0) ...:
     * ts_q(x) = floor((x - w - 1) / 4).
     * Write 1, access w+2: ts_q(w+3) = 0 at its load -> no LTS, counter not reset.
     * Write 2, access a = w+40: ts_q(a+1) = floor(40/4) = 10 -> trigger; LTS at a+3 with
     * v = floor(42/4) = 10 -> C0 0A. */
    t = tb_start(&cfg_base);
    k = 0;
    wr32(t, A_TER(0), 1u);
    t->in.ts_async_tick = true;
    t->in.async_idle = false;
    tb_log_clear(t);
    w = wr32(t, A_TCR, TCR_ITMENA | TCR_TSENA | TCR_SWOENA | TCR_PRESC4);
    apb_write(t, A_STIM(0), 0x41u, 0x1u, PRIV);
    tb_until(t, w + 39u);
    a = apb_write(t, A_STIM(0), 0x42u, 0x1u, PRIV);
    tb_idle(t, 8);
    EXPECT_RUN(T, t, k, w + 4u, 0x01, 0x41);
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x42, 0xC0, 0x0A);
    EXPECT_TOTAL(T, t, 6u);
}

/* [ITM-LTS-6], [ITM-LTS-7]: SWOENA clock from ts_async_tick, held while async_idle. */
static void test_lts_swo(void)
{
    const char *T = "lts_swo";
    struct tb *t = tb_start(&cfg_base);
    unsigned a, i, k = 0;

    wr32(t, A_TER(0), 1u);
    t->in.async_idle = true;
    wr32(t, A_TCR, TCR_ITMENA | TCR_TSENA | TCR_SWOENA);
    tb_log_clear(t);
    /* Ticks while the async port is idle are not counted (hold): write -> no LTS. */
    for (i = 0; i < 4u; i++) {
        t->in.ts_async_tick = true;
        tb_cycle(t);
        t->in.ts_async_tick = false;
        tb_cycle(t);
    }
    a = apb_write(t, A_STIM(0), 0x41u, 0x1u, PRIV);
    tb_idle(t, 6);
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x41);
    EXPECT_TOTAL(T, t, 2u);
    /* Not idle: 3 ticks (cycles i+1, i+3, i+5) -> ts_q = 3; no tick after that, so the LTS
     * for the next write has v = 3 -> 0x30. */
    tb_log_clear(t);
    k = 0;
    t->in.async_idle = false;
    tb_cycle(t);
    for (i = 0; i < 3u; i++) {
        t->in.ts_async_tick = true;
        tb_cycle(t);
        t->in.ts_async_tick = false;
        tb_cycle(t);
    }
    a = apb_write(t, A_STIM(0), 0x42u, 0x1u, PRIV);
    tb_idle(t, 6);
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x42, 0x30);
    EXPECT_TOTAL(T, t, 3u);
    /* Debug state does not disable the async-clocked counter [ITM-LTS-8]: halted 1, 2
     * ticks, write -> LTS v = 2 (0x20). */
    tb_log_clear(t);
    k = 0;
    t->in.halted = true;
    for (i = 0; i < 2u; i++) {
        t->in.ts_async_tick = true;
        tb_cycle(t);
        t->in.ts_async_tick = false;
        tb_cycle(t);
    }
    a = apb_write(t, A_STIM(0), 0x43u, 0x1u, PRIV);
    tb_idle(t, 6);
    t->in.halted = false;
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x43, 0x20);
    EXPECT_TOTAL(T, t, 3u);
}

/* [ITM-LTS-8]: Debug state with the synchronous clock disables local timestamps. */
static void test_lts_halted(void)
{
    const char *T = "lts_halted";
    struct tb *t = tb_start(&cfg_base);
    unsigned a, x, k = 0;

    tb_itm_setup(t, 0x1u, TCR_ITMENA | TCR_TSENA);
    /* Halted: tsena_eff 0 -> counter held at 0 -> no LTS for a write during the halt. */
    t->in.halted = true;
    tb_idle(t, 3);
    a = apb_write(t, A_STIM(0), 0x41u, 0x1u, PRIV);
    tb_idle(t, 6);
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x41);
    EXPECT_TOTAL(T, t, 2u);
    /* halted 0 from cycle x (SYNCENA 0: no sync): ts_q(x) = 0, ts_q(y) = y - x. Write access
     * a = x + 10: LTS loaded at a+3 with v = 13 -> C0 0D. */
    tb_log_clear(t);
    k = 0;
    t->in.halted = false;
    x = t->cyc;
    tb_until(t, x + 9u);
    a = apb_write(t, A_STIM(0), 0x42u, 0x1u, PRIV);
    tb_idle(t, 8);
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x42, 0xC0, 0x0D);
    EXPECT_TOTAL(T, t, 4u);
}

/* [ITM-LTS-10]: an LTS before the counter wraps (the counter's top bit is set). */
static void test_lts_half(void)
{
    const char *T = "lts_half";
    static const struct itm_cfg cfg3 = {64u, 4u, 2u, 3u, 64u}; /* TsWidth 3: half at 4 */
    struct tb *t = tb_start(&cfg3);
    unsigned w, w2, a, k = 0;

    /* Idle, synchronous clock, TsWidth 3. TCR = ITMENA|TSENA, access w: ts_q(x) = x - w - 1.
     * ts_q = 4 in w+5: half -> request (TC 00) at edge w+5; loaded at edge w+6 with
     * v = ts_q(w+6) = 5 -> 1-byte form 0x50 in w+7. The load resets the counter:
     * ts_q(w+7) = 1, 4 in w+10, request at w+10, 0x50 in w+12; again 0x50 in w+17: one LTS
     * every 2^(3-1) + 1 = 5 cycles, no overflow packet. */
    wr32(t, A_TER(0), 1u);
    tb_log_clear(t);
    w = wr32(t, A_TCR, TCR_ITMENA | TCR_TSENA);
    tb_until(t, w + 20u);
    EXPECT_RUN(T, t, k, w + 7u, 0x50);
    EXPECT_RUN(T, t, k, w + 12u, 0x50);
    EXPECT_RUN(T, t, k, w + 17u, 0x50);
    EXPECT_TOTAL(T, t, 3u);
    CHECK(T, "TsWidth 3: not busy before the request", 0u, tb_hist(t, w + 5u)->busy);
    CHECK(T, "TsWidth 3: busy with the request pending", 1u, tb_hist(t, w + 6u)->busy);

    /* The contract's example: base (TsWidth 12), synchronous clock, idle. ts_q(x) =
     * x - w - 1 is 2048 in cycle c = w+2049: request at edge c, LTS loaded at edge c+1 with
     * v = 2049 = 0x801 -> groups 0x01, 0x10 -> C0 81 10 in c+2..c+4. ts_q(c+2) = 1, 2048
     * in c+2049: the next C0 81 10 2049 cycles later, in c+2051..c+2053. No 0x70. */
    t = tb_start(&cfg_base);
    k = 0;
    wr32(t, A_TER(0), 1u);
    tb_log_clear(t);
    w = wr32(t, A_TCR, TCR_ITMENA | TCR_TSENA);
    tb_until(t, w + 4110u);
    EXPECT_RUN(T, t, k, w + 2051u, 0xC0, 0x81, 0x10);
    EXPECT_RUN(T, t, k, w + 4100u, 0xC0, 0x81, 0x10);
    EXPECT_TOTAL(T, t, 6u);

    /* A trigger at the half-range edge wins. TsWidth 3. TCR = ITMENA|SYNCENA, access w: sync
     * pending at edge w+1, loaded at w+2, bytes w+3..w+8. TCR = ITMENA|SYNCENA|TSENA,
     * access w2 = w+3 (no new sync: sync_on stays 1): ts_q(x) = x - w - 4. Byte 0x41,
     * access w+5, waits behind the sync (aged) and is loaded at edge w+8 with ts_q = 4:
     * half and trigger at the same edge, no LTS pending -> the trigger's TC = {aged, aged}
     * = 11. 01 41 in w+9, w+10; LTS loaded at w+10 with v = 6 -> F0 06 in w+11, w+12 (the
     * half request alone would have given 0x60). Then ts_q(w+11) = 1, 4 in w+14: 0x50 in
     * w+16. */
    t = tb_start(&cfg3);
    k = 0;
    wr32(t, A_TER(0), 1u);
    tb_log_clear(t);
    w = wr32(t, A_TCR, TCR_ITMENA | TCR_SYNCENA);
    tb_cycle(t);
    w2 = wr32(t, A_TCR, TCR_ITMENA | TCR_SYNCENA | TCR_TSENA);
    a = apb_write(t, A_STIM(0), 0x41u, 0x1u, PRIV);
    CHECK(T, "w2 = w + 3", w + 3u, w2);
    CHECK(T, "a = w + 5", w + 5u, a);
    tb_until(t, w + 20u);
    EXPECT_RUN(T, t, k, w + 3u, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x01, 0x41, 0xF0, 0x06);
    EXPECT_RUN(T, t, k, w + 16u, 0x50);
    EXPECT_TOTAL(T, t, 11u);
}

/* [ITM-LTS-2]: the counter still wraps when the ITM is held off for 2^(TsWidth-1) ticks:
 * overflow, then the pending LTS with TC = 01. */
static void test_lts_wrap(void)
{
    const char *T = "lts_wrap";
    static const struct itm_cfg cfg = {64u, 4u, 2u, 3u, 64u}; /* TsWidth 3: wraps at 7 */
    struct tb *t = tb_start(&cfg);
    unsigned w, k = 0;

    wr32(t, A_TER(0), 1u);
    tb_log_clear(t);
    /* auth_pe = 0 (PE Secure, spniden 0) holds the protocol packets. ts_q(x) = x - w - 1:
     * 4 in w+5 -> half request (TC 00) at edge w+5, held; 7 in w+8 -> wrap at edge w+8:
     * ovf_pending, the pending LTS keeps TC 00. ts_q(w+9) = 0, ts_q(w+12) = 3.
     * spniden 1 from cycle w+12: the overflow (priority 2) is loaded at edge w+12 while
     * the LTS is pending -> tc0 = 1 [ITM-LTS-3]. 0x70 in w+13, and the LTS is loaded at
     * that edge: v = ts_q(w+13) = 4, TC = 01 -> D0 04 in w+14, w+15. ts_q(w+14) = 1, 4 in
     * w+17 -> half request, loaded at w+18 with v = 5 -> 0x50 in w+19. */
    t->in.pe_secure = true;
    t->in.spniden = false;
    w = wr32(t, A_TCR, TCR_ITMENA | TCR_TSENA);
    tb_until(t, w + 12u);
    t->in.spniden = true;
    tb_until(t, w + 22u);
    t->in.pe_secure = false;
    EXPECT_RUN(T, t, k, w + 13u, 0x70, 0xD0, 0x04);
    EXPECT_RUN(T, t, k, w + 19u, 0x50);
    EXPECT_TOTAL(T, t, 4u);
    CHECK(T, "no ATB before w+13", w + 13u, t->n != 0u ? t->at[0] : 0u);
    CHECK(T, "busy while the LTS is held", 1u, tb_hist(t, w + 7u)->busy);
}

/* [ITM-GTS-1..3], [ITM-GTS-6]: full GTS1+GTS2 on GTSFREQ enable, then partial GTS1. */
static void test_gts(void)
{
    const char *T = "gts";
    struct tb *t = tb_start(&cfg_base);
    /* G0 groups: [6:0] 0x33, [13:7] 0x22, [20:14] 0x11, [25:21] 0x1F, hi = G[63:26] = 5. */
    const uint64_t g0 = (5ull << 26) | (0x1Full << 21) | (0x11ull << 14) | (0x22ull << 7) | 0x33u;
    const uint64_t g1 = g0 + (1ull << 7); /* [13:7] -> 0x23 */
    const uint64_t g2 = g1 + (1ull << 26); /* hi -> 6 */
    unsigned a, k = 0;

    wr32(t, A_TER(0), 1u);
    t->in.gts = g0;
    /* GTSFREQ 00 -> 01 with ITMENA (written values): gts_full_req. */
    wr32(t, A_TCR, TCR_ITMENA | TCR_GTSFREQ(1));
    tb_idle(t, 4);
    tb_log_clear(t);
    /* Byte 0x41, access a: loaded at edge a+1, not delayed, gts_full_req_q -> GTS1 pending.
     * Bytes a+2, a+3; GTS1 loaded at edge a+3 (no LTS: TSENA 0): full (gts_full_req_q), 4
     * payload bytes, Wrap 1, ClkCh 0: 94 B3 A2 91 5F (0x40|0x1F) in a+4..a+8; GTS2 with
     * hi = 5 loaded at a+8 (64-bit, 7 bytes): B4 85 80 80 80 80 00 in a+9..a+15. */
    a = apb_write(t, A_STIM(0), 0x41u, 0x1u, PRIV);
    tb_idle(t, 18);
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x41, 0x94, 0xB3, 0xA2, 0x91, 0x5F, 0xB4, 0x85, 0x80,
               0x80, 0x80, 0x80, 0x00);
    EXPECT_TOTAL(T, t, 14u);
    /* G1 differs in [13:7] only: GTSFREQ 01 requests (G[63:7] changed); not full (no full
     * request, hi equal, no GTS2 pending); S ^ last = 1 << 7 -> 2 payload bytes:
     * 94 B3 23. */
    tb_log_clear(t);
    k = 0;
    t->in.gts = g1;
    a = apb_write(t, A_STIM(0), 0x42u, 0x1u, PRIV);
    tb_idle(t, 10);
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x42, 0x94, 0xB3, 0x23);
    EXPECT_TOTAL(T, t, 5u);
    /* Same G: no GTS. */
    tb_log_clear(t);
    k = 0;
    a = apb_write(t, A_STIM(0), 0x43u, 0x1u, PRIV);
    tb_idle(t, 10);
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x43);
    EXPECT_TOTAL(T, t, 2u);
    /* Only bits [6:0] change: GTSFREQ 01 compares [63:7] -> no GTS. */
    tb_log_clear(t);
    k = 0;
    t->in.gts = g1 + 1u;
    a = apb_write(t, A_STIM(0), 0x44u, 0x1u, PRIV);
    tb_idle(t, 10);
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x44);
    EXPECT_TOTAL(T, t, 2u);
    /* High bits change (G2 = G1 + 2^26): request and full GTS1: 94 B3 A3 91 5F, then GTS2
     * hi = 6: B4 86 80 80 80 80 00. */
    tb_log_clear(t);
    k = 0;
    t->in.gts = g2;
    a = apb_write(t, A_STIM(0), 0x45u, 0x1u, PRIV);
    tb_idle(t, 18);
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x45, 0x94, 0xB3, 0xA3, 0x91, 0x5F, 0xB4, 0x86, 0x80,
               0x80, 0x80, 0x80, 0x00);
    EXPECT_TOTAL(T, t, 14u);
    /* gts_clkch pulse: full request + ClkCh. Next write: GTS1 full, byte 4 = 0x40 | 0x20 |
     * 0x1F = 0x7F, then GTS2 hi 6 again. */
    tb_log_clear(t);
    k = 0;
    t->in.gts_clkch = true;
    tb_cycle(t);
    t->in.gts_clkch = false;
    a = apb_write(t, A_STIM(0), 0x46u, 0x1u, PRIV);
    tb_idle(t, 18);
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x46, 0x94, 0xB3, 0xA3, 0x91, 0x7F, 0xB4, 0x86, 0x80,
               0x80, 0x80, 0x80, 0x00);
    EXPECT_TOTAL(T, t, 14u);
    /* A sync request with SYNCENA 0 still asks for a full GTS [ITM-GTS-4]. */
    tb_log_clear(t);
    k = 0;
    t->in.dwt_sync_req = true;
    tb_cycle(t);
    t->in.dwt_sync_req = false;
    a = apb_write(t, A_STIM(0), 0x47u, 0x1u, PRIV);
    tb_idle(t, 18);
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x47, 0x94, 0xB3, 0xA3, 0x91, 0x5F, 0xB4, 0x86, 0x80,
               0x80, 0x80, 0x80, 0x00);
    EXPECT_TOTAL(T, t, 14u);
}

/* 48-bit GTS, GTSFREQ 11, with LTS in the same stream: order instr, LTS, GTS1, GTS2. */
static void test_gts48(void)
{
    const char *T = "gts48";
    struct tb *t = tb_start(&cfg_min);
    const uint64_t g = (1ull << 47) | 0x15u | 0xFFFF000000000000ull; /* bits >= 48 ignored */
    unsigned w, a, k = 0;

    wr32(t, A_TER(0), 1u);
    t->in.gts = g;
    tb_log_clear(t);
    /* TCR = ITMENA|TSENA|GTSFREQ 11 (access w): ts_q(x) = x - w - 1, full GTS request.
     * Byte 0x41, access a = w+2: at edge a+1 both LTS (ts 2) and GTS1 are requested.
     * Bytes a+2, a+3; LTS (priority 6) loaded at a+3 with v = 4 -> 0x40 in a+4, then GTS1
     * full: S[25:0] = 0x15 -> 94 95 80 80 40 in a+5..a+9, then GTS2 48-bit, hi = 1 << 21:
     * B4 80 80 80 01 in a+10..a+14. */
    w = wr32(t, A_TCR, TCR_ITMENA | TCR_TSENA | TCR_GTSFREQ(3));
    a = apb_write(t, A_STIM(0), 0x41u, 0x1u, PRIV);
    CHECK(T, "a = w + 2", w + 2u, a);
    tb_idle(t, 16);
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x41, 0x40, 0x94, 0x95, 0x80, 0x80, 0x40, 0xB4, 0x80,
               0x80, 0x80, 0x01);
    EXPECT_TOTAL(T, t, 13u);
    /* GTSFREQ 11, same G: GTS1 after every eligible packet, not full, diff 0 -> 1 byte:
     * 94 15. TSENA off first so that only the GTS follows. */
    wr32(t, A_TCR, TCR_ITMENA | TCR_GTSFREQ(3));
    tb_log_clear(t);
    k = 0;
    a = apb_write(t, A_STIM(0), 0x42u, 0x1u, PRIV);
    tb_idle(t, 8);
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x42, 0x94, 0x15);
    EXPECT_TOTAL(T, t, 4u);
}

/* Section 7: hardware packets, TXENA, priority against stimulus, hw_ovf. */
static void test_hw(void)
{
    const char *T = "hw";
    struct tb *t = tb_start(&cfg_base);
    unsigned h, a, r, o, k = 0;

    tb_itm_setup(t, 0x1u, TCR_ITMENA | TCR_TXENA);
    /* Exception trace 0E 10 20 offered in cycle h: pushed at h, loaded at h+1, h+2..h+4. */
    h = t->cyc;
    t->in.hw_valid = true;
    t->in.hw_data = 0x2010u << 8 | 0x0Eu;
    tb_cycle(t);
    /* PC sample 17 34 12 00 08 offered in h+1: pushed at h+1, loaded at h+4 -> h+5..h+9. */
    t->in.hw_data = (uint64_t)0x08001234u << 8 | 0x17u;
    tb_cycle(t);
    t->in.hw_valid = false;
    tb_idle(t, 10);
    EXPECT_RUN(T, t, k, h + 2u, 0x0E, 0x10, 0x20, 0x17, 0x34, 0x12, 0x00, 0x08);
    EXPECT_TOTAL(T, t, 8u);
    /* TXENA 0: accepted (hw_ready 1) and discarded; BUSY stays 0. */
    wr32(t, A_TCR, TCR_ITMENA);
    tb_log_clear(t);
    h = t->cyc;
    t->in.hw_valid = true;
    t->in.hw_data = 0x2005u;
    tb_cycle(t);
    t->in.hw_valid = false;
    tb_idle(t, 8);
    CHECK(T, "TXENA 0: hw_ready", 1u, tb_hist(t, h)->hw_ready);
    CHECK(T, "TXENA 0: not busy", 0u, tb_hist(t, h + 1u)->busy);
    EXPECT_TOTAL(T, t, 0u);
    /* Priority: with atready 0, P1 (05 20) offered in h goes to the packet register at
     * edge h+1; P2 (0E 10 20) and P3 (15 07) in h+1, h+2 fill the hw FIFO; a STIM byte
     * (access a = h+4) is queued too. From cycle r: P1 r, r+1; stimulus (priority 4 over
     * hardware 5) r+2, r+3; P2 r+4..r+6; P3 r+7, r+8. */
    wr32(t, A_TCR, TCR_ITMENA | TCR_TXENA);
    tb_log_clear(t);
    k = 0;
    t->in.atready = false;
    h = t->cyc;
    t->in.hw_valid = true;
    t->in.hw_data = 0x2005u;
    tb_cycle(t);
    t->in.hw_data = 0x20100Eu;
    tb_cycle(t);
    t->in.hw_data = 0x0715u;
    tb_cycle(t);
    t->in.hw_valid = false;
    a = apb_write(t, A_STIM(0), 0x41u, 0x1u, PRIV);
    CHECK(T, "a = h + 4", h + 4u, a);
    CHECK(T, "hw_ready 0 with FIFO full", 0u, tb_hist(t, h + 3u)->hw_ready);
    tb_idle(t, 2);
    r = t->cyc;
    t->in.atready = true;
    tb_idle(t, 12);
    EXPECT_RUN(T, t, k, r, 0x05, 0x20, 0x01, 0x41, 0x0E, 0x10, 0x20, 0x15, 0x07);
    EXPECT_TOTAL(T, t, 9u);
    /* hw_ovf in cycle o: ovf_pending at edge o, loaded at o+1, 0x70 in o+2 [ITM-HW-2]. */
    tb_log_clear(t);
    k = 0;
    o = t->cyc;
    t->in.hw_ovf = true;
    tb_cycle(t);
    t->in.hw_ovf = false;
    tb_idle(t, 5);
    EXPECT_RUN(T, t, k, o + 2u, 0x70);
    EXPECT_TOTAL(T, t, 1u);
    /* hw_ovf while itm_on 0 (trcena 0) is ignored. */
    tb_log_clear(t);
    t->in.trcena = false;
    t->in.hw_ovf = true;
    tb_cycle(t);
    t->in.hw_ovf = false;
    t->in.trcena = true;
    tb_idle(t, 5);
    EXPECT_TOTAL(T, t, 0u);
}

/* [ITM-FLUSH-1]: AFREADY one-cycle pulse once everything accepted has been sent. */
static void test_flush(void)
{
    const char *T = "flush";
    struct tb *t = tb_start(&cfg_base);
    unsigned a, c;

    tb_itm_setup(t, 0x1u, TCR_ITMENA);
    /* Idle ITM: afvalid in cycle c -> afready_d = 1 at edge c -> afready in c+1 only. */
    c = t->cyc;
    t->in.afvalid = true;
    tb_cycle(t);
    t->in.afvalid = false;
    tb_idle(t, 3);
    CHECK(T, "idle flush: afready in c", 0u, tb_hist(t, c)->afready);
    CHECK(T, "idle flush: afready in c+1", 1u, tb_hist(t, c + 1u)->afready);
    CHECK(T, "idle flush: afready in c+2", 0u, tb_hist(t, c + 2u)->afready);
    /* Byte write, access a; afvalid from a+1 until the sink sees afready. FIFO non-empty in
     * a+1, bytes a+2, a+3, all empty in a+4 -> afready in a+5; afready_q blocks a+6. */
    a = apb_write(t, A_STIM(0), 0x41u, 0x1u, PRIV);
    t->in.afvalid = true;
    for (unsigned i = 0; i < 12u && !t->out.afready; i++) {
        tb_cycle(t);
    }
    t->in.afvalid = false;
    tb_idle(t, 3);
    for (unsigned cc = a + 1u; cc <= a + 4u; cc++) {
        CHECK(T, "no afready before drained", 0u, tb_hist(t, cc)->afready);
    }
    CHECK(T, "afready in a+5", 1u, tb_hist(t, a + 5u)->afready);
    CHECK(T, "afready pulse ends in a+6", 0u, tb_hist(t, a + 6u)->afready);
    CHECK(T, "last byte sent before afready", a + 3u, t->at[1]);
    /* afvalid held high: afready alternates (afready_d needs !afready_q). */
    c = t->cyc;
    t->in.afvalid = true;
    tb_idle(t, 4);
    t->in.afvalid = false;
    CHECK(T, "held afvalid c+1", 1u, tb_hist(t, c + 1u)->afready);
    CHECK(T, "held afvalid c+2", 0u, tb_hist(t, c + 2u)->afready);
    CHECK(T, "held afvalid c+3", 1u, tb_hist(t, c + 3u)->afready);
}

/* [ITM-ARB-4]: pending protocol packets wait for auth_pe, source packets do not. */
static void test_auth_hold(void)
{
    const char *T = "auth_hold";
    struct tb *t = tb_start(&cfg_base);
    unsigned a, o, k = 0;

    tb_itm_setup(t, 0x1u, TCR_ITMENA);
    /* PE Secure, spniden 0: auth_pe 0. hw_ovf in cycle o: overflow pending but held. A
     * Non-secure STIM write (niden 1) at access a is sent at a+2, a+3 regardless. Then
     * spniden 1 in cycle a+6: the overflow is loaded at edge a+6 -> 0x70 in a+7. */
    t->in.pe_secure = true;
    t->in.spniden = false;
    o = t->cyc;
    t->in.hw_ovf = true;
    tb_cycle(t);
    t->in.hw_ovf = false;
    a = apb_write(t, A_STIM(0), 0x41u, 0x1u, PRIV | NSEC);
    CHECK(T, "a = o + 2", o + 2u, a);
    tb_until(t, a + 6u);
    t->in.spniden = true;
    tb_idle(t, 4);
    t->in.pe_secure = false;
    EXPECT_RUN(T, t, k, a + 2u, 0x01, 0x41);
    EXPECT_RUN(T, t, k, a + 7u, 0x70);
    EXPECT_TOTAL(T, t, 3u);
    CHECK(T, "busy while overflow held", 1u, tb_hist(t, a + 5u)->busy);
}

int main(void)
{
    test_reset();
    test_apb_regs();
    test_stim_sizes();
    test_stim_page();
    test_stim_gating();
    test_tpr();
    test_stim_read();
    test_overflow_depth4();
    test_overflow_depth1();
    test_atready_stall();
    test_sync_enable();
    test_sync_sources();
    test_lts_basic();
    test_lts_tc_delayed();
    test_lts_prescale();
    test_lts_swo();
    test_lts_halted();
    test_lts_half();
    test_lts_wrap();
    test_gts();
    test_gts48();
    test_hw();
    test_flush();
    test_auth_hold();
    printf("%u passed, %u failed\n", n_pass, n_fail);
    return n_fail > 255u ? 255 : (int)n_fail;
}
