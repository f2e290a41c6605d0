/* SPDX-License-Identifier: Apache-2.0 */
/* Unit test of sys_model's fast path (sys_model.h, fp_ok; README "Performance", issue #22):
 * while the state is a fixed point of the inputs (gts_i aside), sys_model_eval returns the
 * last outputs and sys_model_step_evaluated changes nothing. Two models run the same inputs:
 * one as trace_tb drives it (eval, then step_evaluated: the fast path taken where it
 * applies), the other with fp_ok cleared before every call (every block evaluated and
 * stepped). Their outputs must agree in every cycle and their blocks' states after every
 * edge, on seeded random stimulus that holds its inputs for runs of cycles (so the fast
 * path is taken often) with the ITM's timestamps, synchronization and global timestamps on
 * and off, stalls, FIFOs filling, FPB fetches and resets. */
#include <stdio.h>
#include <string.h>

#include "sys_model.h"

static unsigned passed, failed;
#define CHECK(c)                                                                           \
    do {                                                                                   \
        if (c)                                                                             \
            passed++;                                                                      \
        else {                                                                             \
            failed++;                                                                      \
            printf("%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);                   \
        }                                                                                  \
    } while (0)

/* the `base` configuration (configs/configs.txt): no TPIU, no DWT, where the fast path
 * applies */
static const struct sys_cfg base = {
    .itm = {64, 4, 2, 12, 64},
    .fpb = {8, 0, true, true, true},
};

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint32_t rnd(uint32_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)((rng >> 32) % n);
}

/* The inputs of the next run of cycles: levels and at most one event, held for `hold`
 * cycles (an APB transfer: its setup and access cycles). */
static void next_inputs(struct sys_in *in, unsigned *hold)
{
    struct sys_in n = *in;
    n.itm.rst_n = true;
    n.itm.psel = n.itm.penable = n.itm.pwrite = false;
    n.itm.paddr = n.itm.pwdata = 0;
    n.itm.pstrb = n.itm.pprot = 0;
    n.itm.hw_valid = n.itm.hw_ovf = n.itm.afvalid = false;
    n.itm.dwt_sync_req = n.itm.tpiu_sync_req = n.itm.ts_async_tick = n.itm.gts_clkch = false;
    n.if_valid = false;
    *hold = 1 + rnd(4) * rnd(12); /* often long: the fixed points */
    switch (rnd(16)) {
    case 0: /* ITM_TCR: ITMENA with TSENA / SYNCENA / TXENA / SWOENA / GTSFREQ at random */
        n.itm.psel = true;
        n.itm.pwrite = true;
        n.itm.paddr = 0xE80;
        n.itm.pwdata = 0x00010001u | (rnd(16) << 1) | (rnd(4) << 8) | (rnd(4) << 10);
        n.itm.pstrb = 0xF;
        n.itm.pprot = 1;
        *hold = 2;
        break;
    case 1: /* ITM_TER0 */
    case 2: /* a stimulus write, bytes / halfword / word */
    case 3: {
        const bool ter = rnd(3) == 0;
        n.itm.psel = true;
        n.itm.pwrite = true;
        n.itm.paddr = ter ? 0xE00 : 4 * rnd(4);
        n.itm.pwdata = ter ? 0xFu : (uint32_t)rng;
        n.itm.pstrb = ter ? 0xF : (uint8_t)(rnd(3) == 0 ? 0x1 : rnd(2) ? 0x3 : 0xF);
        n.itm.pprot = 1;
        *hold = 2;
        break;
    }
    case 4: /* a register read */
        n.itm.psel = true;
        n.itm.paddr = rnd(2) ? 0xE80 : 0x2000;
        n.itm.pprot = 1;
        *hold = 2;
        break;
    case 5: /* a hardware-source packet */
        n.itm.hw_valid = true;
        n.itm.hw_data = 0x47u | ((uint64_t)rng << 8 & 0xFFFFFFFF00ull);
        break;
    case 6: /* a stall (held), or its end */
        n.itm.atready = !n.itm.atready;
        break;
    case 7: /* pulses: synchronization requests, overflow, clock change, async tick */
        n.itm.dwt_sync_req = rnd(4) == 0;
        n.itm.hw_ovf = rnd(4) == 0;
        n.itm.gts_clkch = rnd(4) == 0;
        n.itm.ts_async_tick = rnd(2) == 0;
        *hold = 1;
        break;
    case 8: /* levels: halted, async idle, authentication */
        n.itm.halted = rnd(4) == 0;
        n.itm.async_idle = rnd(4) == 0;
        n.itm.niden = rnd(8) != 0;
        break;
    case 9: /* FPB: enable and a comparator, then fetches of its address */
        n.itm.psel = true;
        n.itm.pwrite = true;
        n.itm.paddr = rnd(2) ? 0x2000 : 0x2008;
        n.itm.pwdata = n.itm.paddr == 0x2000 ? 0x3u : 0x101u;
        n.itm.pstrb = 0xF;
        n.itm.pprot = 1;
        *hold = 2;
        break;
    case 10:
        n.if_valid = true;
        n.if_addr = rnd(2) ? 0x100 : 0x200;
        n.hda = rnd(2) == 0;
        n.c_debugen = true;
        break;
    case 11: /* a flush request */
        n.itm.afvalid = true;
        break;
    case 12: /* a reset, now and then */
        n.itm.rst_n = rnd(8) != 0;
        break;
    default: /* idle */
        break;
    }
    *in = n;
}

int main(void)
{
    static struct sys_model fast, full;
    CHECK(sys_model_init(&fast, &base) == 0 && sys_model_init(&full, &base) == 0);
    sys_model_reset(&fast);
    sys_model_reset(&full);
    struct sys_in in;
    memset(&in, 0, sizeof in);
    in.itm.atready = in.itm.trcena = in.itm.niden = in.itm.spniden = true;
    in.pe_priv = in.niden_p = in.spniden_p = true;
    unsigned hold = 0, hits = 0, out_bad = 0, state_bad = 0, atb = 0;
    uint64_t gts = 0;
    const unsigned cycles = 400000;
    for (unsigned c = 0; c < cycles; c++) {
        if (hold == 0)
            next_inputs(&in, &hold);
        /* the second cycle of an APB transfer is its access phase */
        in.itm.penable = in.itm.psel && hold == 1;
        hold--;
        in.itm.gts = gts++; /* changes every cycle: the fast path must not depend on it */
        struct sys_out of, ou;
        hits += fast.fp_ok;
        sys_model_eval(&fast, &in, &of);
        full.fp_ok = false;
        sys_model_eval(&full, &in, &ou);
        out_bad += memcmp(&of, &ou, sizeof of) != 0;
        atb += in.itm.rst_n && ou.itm.atvalid && in.itm.atready;
        sys_model_step_evaluated(&fast);
        full.fp_ok = false;
        sys_model_step(&full, &in);
        state_bad += memcmp(&fast.itm, &full.itm, sizeof fast.itm) != 0 ||
                     memcmp(&fast.fpb, &full.fpb, sizeof fast.fpb) != 0;
        if (out_bad + state_bad == 1 && failed == 0) {
            printf("first difference in cycle %u\n", c);
            failed++; /* reported once; the counts below say how many */
        }
    }
    CHECK(out_bad == 0);
    CHECK(state_bad == 0);
    /* the fast path was taken in a good share of the cycles, with trace going out */
    CHECK(hits > cycles / 10);
    CHECK(atb > cycles / 20);
    printf("fast path in %u of %u cycles, %u ATB bytes\n", hits, cycles, atb);
    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}
