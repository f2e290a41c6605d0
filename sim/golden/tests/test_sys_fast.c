/* SPDX-License-Identifier: Apache-2.0 */
/* Unit test of sys_model's fast paths (sys_model.h: fp_ok, fp_itm, itm_fast; README
 * "Performance", issue #22): while the state is a fixed point of the inputs (gts_i aside),
 * or one but for the ITM's timestamp counter, prescaler and ATB byte position,
 * sys_model_eval returns the kept outputs and sys_model_step_evaluated takes no full step;
 * while only other blocks' inputs change, the ITM takes no full step. Two models run the
 * same inputs: one as trace_tb drives it (eval, then step_evaluated: the fast paths taken
 * where they apply), the other with fp_ok and itm_fast.ok cleared before every call (every
 * block evaluated and stepped). Their outputs must agree in every cycle (the ATB bytes, so
 * the timestamp packets' values, included) and their blocks' states after every edge, on
 * seeded random stimulus that holds its inputs for runs of cycles (so the fast paths are
 * taken often), in the ITM and FPB configurations of base, min and max, on several seeds:
 * the ITM's timestamps (prescaler, asynchronous tick held or pulsed, halted, async idle,
 * counter wraps and half-range requests during idle and during stalls), synchronization and
 * global timestamps on and off, stalls, FIFOs filling, FPB fetches (one address held, or a
 * new one every cycle), APB transfers to other frames, and resets. */
#include <stdio.h>
#include <inttypes.h>
#include <string.h>

#include "sys_model.h"

#include "check.h"

/* the ITM and FPB parameters of base, min and max (configs/configs.txt): no TPIU, no DWT,
 * where the fast paths apply; max's 6-bit counter wraps every 64 ticks */
static const struct {
    const char *name;
    struct sys_cfg cfg;
} cfgs[] = {
    {"base", {.itm = {64, 4, 2, 12, 64}, .fpb = {8, 0, true, true, true}}},
    {"min", {.itm = {8, 1, 1, 28, 48}, .fpb = {1, 2, false, false, false}}},
    {"max", {.itm = {256, 8, 4, 6, 48}, .fpb = {32, 15, true, true, false}}},
};

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint32_t rnd(uint32_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)((rng >> 32) % n);
}

/* fetch_walk: the FPB fetch address moves on every cycle of the run (only the FPB's inputs
 * change: the ITM's own fast path) */
static bool fetch_walk;

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
    n.itm.dwt_sync_req = n.itm.tpiu_sync_req = n.itm.gts_clkch = false;
    n.if_valid = false;
    fetch_walk = false;
    /* the asynchronous timestamp clock's tick: held high for a run now and then (the
     * counter then moves every cycle, or every div-th with the prescaler) */
    n.itm.ts_async_tick = rnd(3) == 0;
    *hold = 1 + rnd(4) * rnd(12); /* often long: the fixed points */
    switch (rnd(20)) {
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
    case 4: /* a register read: the ITM's, the FPB's, or an absent DWT's frame (reads 0) */
        n.itm.psel = true;
        n.itm.paddr = rnd(3) == 0 ? 0xE80 : rnd(2) ? 0x2000 : 0x1000 + 4 * rnd(16);
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
    case 13: /* local timestamps on: the synchronous clock, or the asynchronous one with a
              * prescaler (ITMENA, TSENA, TXENA; SWOENA and TSPrescale at random) */
        n.itm.psel = true;
        n.itm.pwrite = true;
        n.itm.paddr = 0xE80;
        n.itm.pwdata = 0x0001000Bu | (rnd(2) << 4) | (rnd(4) << 8);
        n.itm.pstrb = 0xF;
        n.itm.pprot = 1;
        *hold = 2;
        break;
    case 14: /* now and then a long idle run: the counter reaches its half range and
              * (stalled, or the LTS not allowed) wraps */
        if (rnd(4) == 0)
            *hold = 64 + rnd(1500);
        break;
    case 15: /* fetches of a new address every cycle (fetch_walk) */
        n.if_valid = true;
        n.if_addr = 4 * rnd(256);
        n.c_debugen = true;
        fetch_walk = true;
        *hold = 1 + rnd(40);
        break;
    default: /* idle */
        break;
    }
    *in = n;
}

/* One configuration on one seed: the counts of the fast paths taken, and the number of
 * cycles whose outputs or states differed (0). */
struct run_counts {
    unsigned out_bad, state_bad, first_bad;
    unsigned hits, hits_ts, hits_xfer, hits_presc, hits_halted, itm_only, wraps, atb;
    unsigned idle_bad, idle_runs, idle_ts_runs;
    uint64_t idle_cycles;
};

/* sys_model_idle_run (trace_tb's golden mode in idle stretches) from a copy of m, whose last
 * edge took the inputs in, for up to want cycles with those inputs (gts_i from gts on): its
 * outputs and the state after the cycles it took must be the full model's, evaluated and
 * stepped cycle by cycle from another copy. */
static void idle_run_check(const struct sys_model *m, const struct sys_in *in, uint64_t gts,
                           uint64_t want, struct run_counts *n)
{
    static struct sys_model a, b;
    a = *m;
    b = *m;
    const uint64_t k = sys_model_idle_run(&a, want);
    struct sys_in bin = *in;
    for (uint64_t i = 0; i < k; i++) {
        struct sys_out ob;
        bin.itm.gts = gts + i;
        b.fp_ok = false;
        b.itm_fast.ok = false;
        b.out_ok = false;
        b.fpb_quiet = false;
        sys_model_eval(&b, &bin, &ob);
        n->idle_bad += memcmp(&ob, &a.fp_out, sizeof ob) != 0;
        b.fp_ok = false;
        b.itm_fast.ok = false;
        b.out_ok = false;
        b.fpb_quiet = false;
        sys_model_step(&b, &bin);
    }
    n->idle_bad += k > want || memcmp(&a.itm, &b.itm, sizeof a.itm) != 0 ||
                   memcmp(&a.fpb, &b.fpb, sizeof a.fpb) != 0;
    n->idle_runs += k != 0;
    n->idle_ts_runs += k != 0 && m->fp_itm == ITM_STEP_TS;
    n->idle_cycles += k;
}

static struct run_counts run(const struct sys_cfg *cfg, uint64_t seed, unsigned cycles)
{
    /* bare: stepped by sys_model_step alone, never evaluated (its inputs are never the memo's
     * of an eval: the edge from inputs it copies itself) */
    static struct sys_model fast, full, bare;
    struct run_counts n = {.first_bad = ~0u};
    rng = seed;
    if (sys_model_init(&fast, cfg) != 0 || sys_model_init(&full, cfg) != 0 ||
        sys_model_init(&bare, cfg) != 0) {
        n.out_bad = 1;
        return n;
    }
    sys_model_reset(&fast);
    sys_model_reset(&full);
    sys_model_reset(&bare);
    struct sys_in in;
    memset(&in, 0, sizeof in);
    in.itm.atready = in.itm.trcena = in.itm.niden = in.itm.spniden = true;
    in.pe_priv = in.niden_p = in.spniden_p = true;
    unsigned hold = 0;
    uint64_t gts = 0;
    for (unsigned c = 0; c < cycles; c++) {
        if (hold == 0)
            next_inputs(&in, &hold);
        else if (fetch_walk)
            in.if_addr += 4;
        /* the second cycle of an APB transfer is its access phase */
        in.itm.penable = in.itm.psel && hold == 1;
        hold--;
        in.itm.gts = gts++; /* changes every cycle: the fast path must not depend on it */
        struct sys_out of, ou;
        const bool fp = fast.fp_ok;
        const uint32_t tcr = fast.itm.tcr, ts = fast.itm.ts;
        n.hits += fp;
        n.hits_ts += fp && fast.fp_itm == ITM_STEP_TS;
        n.hits_xfer += fp && fast.fp_itm == ITM_STEP_XFER;
        n.hits_presc += fp && fast.fp_itm != ITM_STEP_QUIET && (tcr & 0x10u) && (tcr & 0x300u);
        n.hits_halted += fp && fast.fp_itm != ITM_STEP_QUIET && in.itm.halted;
        sys_model_eval(&fast, &in, &of);
        full.fp_ok = false;
        full.itm_fast.ok = false;
        full.out_ok = false;
        full.fpb_quiet = false;
        sys_model_eval(&full, &in, &ou);
        n.out_bad += memcmp(&of, &ou, sizeof of) != 0;
        n.atb += in.itm.rst_n && ou.itm.atvalid && in.itm.atready;
        /* the ITM's own fast path (the system's not taken): its memo's inputs are kept, so
         * their gts_i, which moves every cycle, stays */
        const bool itm_memo = !fp && fast.itm_fast.ok;
        const uint64_t memo_gts = fast.itm_fast.in.gts;
        sys_model_step_evaluated(&fast);
        full.fp_ok = false;
        full.itm_fast.ok = false;
        full.out_ok = false;
        full.fpb_quiet = false;
        sys_model_step(&full, &in);
        sys_model_step(&bare, &in);
        n.state_bad += memcmp(&bare.itm, &full.itm, sizeof bare.itm) != 0 ||
                       memcmp(&bare.fpb, &full.fpb, sizeof bare.fpb) != 0;
        n.itm_only += itm_memo && fast.itm_fast.in.gts == memo_gts;
        /* the counter went back (a wrap or an LTS load) at an edge after a fast one */
        n.wraps += fp && fast.itm.ts < ts;
        if (memcmp(&fast.itm, &full.itm, sizeof fast.itm) != 0 ||
            memcmp(&fast.fpb, &full.fpb, sizeof fast.fpb) != 0)
            n.state_bad++;
        if (fast.fp_ok && c % 97u == 0u) /* run lengths 1..64, not drawn (same stimulus) */
            idle_run_check(&fast, &in, gts, 1u + (c / 97u) % 64u, &n);
        if (n.idle_bad != 0 && n.first_bad == ~0u)
            n.first_bad = c;
        if (n.out_bad + n.state_bad != 0 && n.first_bad == ~0u)
            n.first_bad = c;
    }
    return n;
}

int main(void)
{
    const unsigned seeds = 6, cycles = 200000;
    for (unsigned k = 0; k < sizeof cfgs / sizeof cfgs[0]; k++) {
        struct run_counts t = {0};
        for (unsigned s = 0; s < seeds; s++) {
            struct run_counts n = run(&cfgs[k].cfg, 0x2545F4914F6CDD1Dull * (s + 1), cycles);
            if (n.out_bad + n.state_bad + n.idle_bad != 0)
                printf("%s seed %u: first difference in cycle %u (%u outputs, %u states, %u "
                       "idle runs)\n",
                       cfgs[k].name, s, n.first_bad, n.out_bad, n.state_bad, n.idle_bad);
            t.idle_bad += n.idle_bad;
            t.idle_runs += n.idle_runs;
            t.idle_ts_runs += n.idle_ts_runs;
            t.idle_cycles += n.idle_cycles;
            t.out_bad += n.out_bad;
            t.state_bad += n.state_bad;
            t.hits += n.hits;
            t.hits_ts += n.hits_ts;
            t.hits_xfer += n.hits_xfer;
            t.hits_presc += n.hits_presc;
            t.hits_halted += n.hits_halted;
            t.itm_only += n.itm_only;
            t.wraps += n.wraps;
            t.atb += n.atb;
        }
        const unsigned all = seeds * cycles;
        CHECK(t.out_bad == 0);
        CHECK(t.state_bad == 0);
        /* every fast path was taken in a good share of the cycles, with trace going out;
         * the counter moved under the fast path with the prescaler and while halted, and
         * went back (wrap, LTS) at an edge after a fast one */
        CHECK(t.hits > all / 10);
        CHECK(t.hits_ts > all / 100);
        CHECK(t.hits_xfer > all / 200);
        CHECK(t.hits_presc > all / 1000);
        CHECK(t.hits_halted > all / 1000);
        CHECK(t.itm_only > all / 1000);
        CHECK(t.wraps > 100);
        CHECK(t.atb > all / 40);
        /* sys_model_idle_run: many runs taken, some with the counter moving */
        CHECK(t.idle_bad == 0);
        CHECK(t.idle_runs > all / 1000);
        CHECK(t.idle_ts_runs > all / 10000);
        printf("%s: %u seeds x %u cycles: fast path in %u (counter moving %u, a byte sent %u; "
               "with the prescaler %u, halted %u), the ITM's alone %u, counter back after a "
               "fast edge %u, %u ATB bytes\n",
               cfgs[k].name, seeds, cycles, t.hits, t.hits_ts, t.hits_xfer, t.hits_presc,
               t.hits_halted, t.itm_only, t.wraps, t.atb);
        printf("%s: idle runs %u (counter moving %u), %" PRIu64 " cycles\n", cfgs[k].name,
               t.idle_runs, t.idle_ts_runs, t.idle_cycles);
    }
    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}
