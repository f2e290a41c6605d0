/* SPDX-License-Identifier: Apache-2.0 */
/* Turns a stream of events (scenario file or random generator) into one struct sys_in
 * per cycle. Events run one after the other:
 *   reset N      N cycles with rst_n low (also restores the level defaults, cancels
 *                background pulses)
 *   write/read   2 cycles: APB setup, access
 *   idle N       N cycles
 *   pulse        N cycles with the input high; with bg=1 it takes no cycles and runs
 *                alongside the following events
 *   hw           until hw_valid && hw_ready (or max= cycles)
 *   fetch        1 cycle with if_valid (expect= is checked in the cycle after it)
 *   instr        n= cycles with ia_valid; access, exc: 1 cycle; evt: n= cycles (with
 *                bg=1 none: its strobes run alongside the following events, as a pulse's)
 *   flush        until afready
 *   wait_idle    until busy == 0 && atvalid == 0 && dwt_hw_valid == 0 (at least one cycle);
 *                with tpiu=1 also until the golden TPIU holds nothing to send (d->gm)
 *   set, expect_atb, expect_cycle, end: no cycles
 * Cycle numbering: cycle 0 is the first cycle after the initial reset (which occupies
 * cycles -reset_cycles .. -1). */
#ifndef TRACEREF_SIM_C_TB_COMMON_DRIVER_H
#define TRACEREF_SIM_C_TB_COMMON_DRIVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sys_model.h"
#include "scenario.h"

/* Where events come from. next returns NULL at the end; rewind restarts the sequence
 * from the beginning (bit-identical), so that a run can be replayed. An event next returned
 * stays at its address, unchanged, until at least DRIVER_HIST more events have been returned
 * (or the source is rewound): the driver's history keeps only pointers (driver_hist_save). */
struct ev_source {
    const struct event *(*next)(void *ctx);
    void (*rewind)(void *ctx);
    void *ctx;
    const struct scenario *scen; /* for formatting and file:line; NULL for random */
};

/* An event source that walks a parsed scenario's event list; `it` must outlive the source. */
struct scen_iter {
    const struct scenario *s;
    size_t pos;
};
struct ev_source scen_source_get(struct scen_iter *it, const struct scenario *s);

/* Called for every event when it starts (history, --emit-scenario). */
typedef void (*driver_event_hook)(void *ctx, const struct event *ev, uint64_t index,
                                  int64_t cycle);

enum driver_status { DRV_CYCLE, DRV_DONE, DRV_FAIL };

/* The kinds an event of which just becomes the current one when it starts (driver_fetch;
 * an idle one if it takes cycles): a bit per enum ev_kind. */
#define DRV_CUR_KINDS                                                                        \
    ((1u << EV_WRITE) | (1u << EV_READ) | (1u << EV_IDLE) | (1u << EV_HW) | (1u << EV_FLUSH) | \
     (1u << EV_WAIT_IDLE) | (1u << EV_FETCH) | (1u << EV_ACCESS) | (1u << EV_EXC) |           \
     (1u << EV_PE) | (1u << EV_PE_EXC) | (1u << EV_EXPECT_STALL) | (1u << EV_PE_SPEC))

#define DRIVER_HIST 8u

/* an entry of the history as driver_hist_save writes it */
struct driver_hist {
    struct event ev;
    uint64_t index; /* 0-based event number */
    int64_t cycle;  /* cycle it started */
};

struct driver {
    struct ev_source src;
    unsigned reset_cycles;
    int64_t stop_cycle; /* first cycle not run (INT64_MAX: until the events end) */
    /* the short paths' cycles (driver_next): 0 <= cycle < fast_end, as one unsigned compare
     * (stop_cycle, 0 if it is negative; set by driver_init) */
    uint64_t fast_end;
    driver_event_hook hook;
    void *hook_ctx;
    /* the golden model, whose TPIU state `wait_idle tpiu=1` waits on; NULL: the tool has
     * none (the event then fails). Set after driver_init; kept by driver_restart. */
    const struct sys_model *gm;
    /* this cycle's PE event is held: it honours the ETM's stall request (PE_HONOUR) and the
     * golden model's pe_stall is 1 ([ETM-STALL-5]). Set by driver_next_any and read only in
     * the cycle it built (driver.c): the short paths leave it alone. */
    bool pe_held;

    int64_t cycle; /* cycle being built / observed */
    const struct event *cur;
    uint64_t cur_n;      /* cycles of cur done */
    uint64_t nevents;    /* events started */
    bool events_done;
    /* level inputs */
    bool lvl[SIG_NLEVELS];
    uint64_t gts, gts_step;
    uint64_t bg_pulse[SIG_NPULSES]; /* background pulse cycles left */
    unsigned bg_active;             /* entries of bg_pulse that are non-zero */
    /* the inputs every cycle starts from: zero but for the levels (rebuilt when lvl
     * changes: lvl_dirty) */
    struct sys_in base;
    bool lvl_dirty;
    /* driver_next took a short path (DRV_FAST_*, below): so does driver_observe; 0: the
     * general ones */
    uint8_t fast;
    /* the short path's event ends (driver_observe, without a branch on its kind) after
     * fast_end_n cycles, or as the outputs say: a hw event's hw_valid accepted, a flush's
     * afvalid answered by afready (only these events set those inputs, the short paths' other
     * inputs have them 0) */
    uint64_t fast_end_n;
    /* in_place (set by a caller that never writes the inputs it is given, trace_tb's run
     * loop): in_at is where the previous cycle's inputs were written (NULL: unknown), and
     * in_extra which event fields stand there on top of the levels' base, rst_n 1 and
     * gts_i (DRV_X_*). A short path then writes only the fields that change: an idle
     * cycle after an idle cycle just gts_i. in_same says so for the cycle just built (its
     * inputs equal the previous cycle's but for gts_i). driver_restart and run starts
     * clear in_at. */
    bool in_place, in_same;
    uint8_t in_extra; /* a mask of DRV_X_* (driver.h, below) */
    const struct sys_in *in_at;
    unsigned bg_evt;                /* evt bg=1: strobes (EV_EVT val) for bg_evt_left cycles */
    uint64_t bg_evt_left;
    struct event bg_instr;          /* instr bg=1: a copy, presented for bg_instr_left cycles */
    uint64_t bg_instr_n, bg_instr_left; /* its cycles done and left */

    /* failure (DRV_FAIL): message includes file:line */
    char fail_msg[512];
    int64_t fail_cycle;

    /* the last DRIVER_HIST events started (event i at [i % DRIVER_HIST], i < nevents): where
     * the source holds them, and the cycle each started in; kept as pointers, so starting an
     * event costs two stores (struct ev_source: they stay valid that long) */
    const struct event *hist_ev[DRIVER_HIST];
    int64_t hist_cycle[DRIVER_HIST];
    /* the same as copies, hist_n = nevents: written by driver_hist_save only (a snapshot of
     * the driver at a failure, which outlives the source's events) */
    struct driver_hist hist[DRIVER_HIST];
    uint64_t hist_n;
    /* a fetch's expect=, checked in cycle fx_cycle */
    const struct event *fx_ev;
    uint64_t fx_index;
    int64_t fx_cycle;
};

void driver_init(struct driver *d, const struct ev_source *src, unsigned reset_cycles,
                 int64_t stop_cycle);
/* Back to the state right after driver_init (rewinds the source). */
void driver_restart(struct driver *d);
/* Builds the inputs of the next cycle. DRV_DONE: no more cycles; DRV_FAIL: an event
 * failed before any cycle (e.g. expect_cycle); see fail_msg. */
enum driver_status driver_next_any(struct driver *d, struct sys_in *in);
/* Reports this cycle's outputs. out is the reference (golden, or the only model);
 * other is the second model's or NULL. Ends the cycle (advances the cycle number).
 * Returns DRV_FAIL if a check of the current event failed (read expect=, wait_idle
 * timeout). */
enum driver_status driver_observe_any(struct driver *d, const struct sys_in *in,
                                      const struct sys_out *out, const struct sys_out *other);

/* Starts the next events if none runs (driver_next_any's first step; no cycle taken). */
enum driver_status driver_fetch(struct driver *d);
/* A read's expect= (driver_observe's short path): DRV_FAIL with fail_msg if it fails. */
enum driver_status driver_check_read(struct driver *d, const struct event *ev,
                                     const struct itm_out *out, const struct itm_out *other);
/* The due fetch expect= (fx_ev, in cycle fx_cycle), checked on each model given; clears
 * fx_ev. */
enum driver_status driver_check_fetch(struct driver *d, const struct sys_out *out,
                                      const struct sys_out *other);
/* Copies the history (hist_ev, hist_cycle) into hist and hist_n, while the source still holds
 * the events: for a copy of the driver that is read later (failure reports, --shrink). */
void driver_hist_save(struct driver *d);
/* Rebuilds base from the levels (lvl_dirty). */
void driver_base_build(struct driver *d);

/* The short paths: cycles out of reset of an idle, write, read, hw, fetch, pulse or flush
 * event, background pulses or not (but no background strobe or instruction), before
 * stop_cycle. They give the same result as the general ones in driver.c (the inputs are the
 * levels' base, rebuilt if a level changed, rst_n 1, gts_i, the event's fields and the
 * background pulses'; a due fetch check is made, and the counts move on as there);
 * driver_next decides for both (fast): every driver_observe follows the driver_next of its
 * cycle. The groups of event fields that stand in the inputs (in_extra, a mask): */
enum { DRV_X_APB = 1, DRV_X_HW = 2, DRV_X_FETCH = 4, DRV_X_PULSE = 8, DRV_X_AF = 16 };
enum { DRV_FAST_NONE, DRV_FAST_IDLE, DRV_FAST_APB, DRV_FAST_HW, DRV_FAST_FETCH, DRV_FAST_PULSE,
       DRV_FAST_FLUSH };

/* A pulse's input (pulse, and background pulses) */
static inline void driver_set_pulse(struct itm_in *in, unsigned sig)
{
    switch (sig) {
    case SIG_DWT_SYNC:
        in->dwt_sync_req = true;
        break;
    case SIG_TPIU_SYNC:
        in->tpiu_sync_req = true;
        break;
    case SIG_HW_OVF:
        in->hw_ovf = true;
        break;
    case SIG_TS_TICK:
        in->ts_async_tick = true;
        break;
    case SIG_GTS_CLKCH:
        in->gts_clkch = true;
        break;
    default:
        break;
    }
}

/* A fetch event's instruction-fetch inputs (the short path and driver_next_any). */
static inline void driver_set_fetch(struct sys_in *in, const struct event *ev)
{
    in->if_valid = true;
    in->if_addr = ev->addr;
    in->if_kind = (uint8_t)(ev->val & FETCH_KIND_MASK);
    in->if_size32 = (ev->val & FETCH_SIZE32) != 0;
    in->if_secure = (ev->val & FETCH_SECURE) != 0;
    in->if_priv = (ev->val & FETCH_PRIV) != 0;
}

/* in holds the base, rst_n 1 and no event field but the groups in keep after this; false if
 * it held them already (then in_at == in) */
static inline bool driver_in_clear(struct driver *d, struct sys_in *in, unsigned keep)
{
    if (d->in_at != in) {
        *in = d->base;
        in->itm.rst_n = true;
        d->in_at = d->in_place ? in : NULL;
        d->in_extra = 0;
        return true;
    }
    const unsigned x = d->in_extra & ~keep;
    if (!x)
        return false;
    const struct sys_in *b = &d->base;
    if (x & DRV_X_APB) {
        in->itm.psel = b->itm.psel;
        in->itm.penable = b->itm.penable;
        in->itm.pwrite = b->itm.pwrite;
        in->itm.paddr = b->itm.paddr;
        in->itm.pwdata = b->itm.pwdata;
        in->itm.pstrb = b->itm.pstrb;
        in->itm.pprot = b->itm.pprot;
    }
    if (x & DRV_X_HW) {
        in->itm.hw_valid = b->itm.hw_valid;
        in->itm.hw_data = b->itm.hw_data;
    }
    if (x & DRV_X_FETCH) {
        in->if_valid = b->if_valid;
        in->if_addr = b->if_addr;
        in->if_kind = b->if_kind;
        in->if_size32 = b->if_size32;
        in->if_secure = b->if_secure;
        in->if_priv = b->if_priv;
    }
    if (x & DRV_X_PULSE) {
        in->itm.dwt_sync_req = b->itm.dwt_sync_req;
        in->itm.tpiu_sync_req = b->itm.tpiu_sync_req;
        in->itm.hw_ovf = b->itm.hw_ovf;
        in->itm.ts_async_tick = b->itm.ts_async_tick;
        in->itm.gts_clkch = b->itm.gts_clkch;
    }
    if (x & DRV_X_AF)
        in->itm.afvalid = b->itm.afvalid;
    d->in_extra &= (uint8_t)keep;
    return true;
}

static inline __attribute__((always_inline)) enum driver_status
driver_next(struct driver *d, struct sys_in *in)
{
    if (__builtin_expect((uint64_t)d->cycle >= d->fast_end, 0)) /* in reset, or stop_cycle */
        goto general;
    if (!d->cur) {
        enum driver_status st = driver_fetch(d);
        if (st != DRV_CYCLE) {
            d->fast = DRV_FAST_NONE;
            d->in_same = false;
            return st;
        }
    }
    /* (one test for the three: all are 0 but after some events' start) */
    if (__builtin_expect((d->bg_evt_left | d->bg_instr_left | d->lvl_dirty) != 0, 0)) {
        if (d->bg_evt_left || d->bg_instr_left)
            goto general;
        driver_base_build(d); /* a level changed: the inputs are built again from the new base */
        d->in_at = NULL;
    }
    const struct event *ev = d->cur;
    bool changed = true;
    switch (ev->kind) {
    case EV_IDLE:
        changed = driver_in_clear(d, in, 0);
        d->fast = DRV_FAST_IDLE;
        d->fast_end_n = ev->count;
        break;
    case EV_WRITE:
    case EV_READ: {
        if (d->cur_n == 1 && d->in_at == in && d->in_extra == DRV_X_APB) {
            /* the access cycle after the setup one, whose fields stand in in */
            in->itm.penable = true;
            d->fast = DRV_FAST_APB;
            d->fast_end_n = 2;
            break;
        }
        const bool w = ev->kind == EV_WRITE;
        driver_in_clear(d, in, DRV_X_APB);
        /* every APB field: a read's pwrite, pwdata and pstrb are 0 (base_build) */
        in->itm.psel = true;
        in->itm.penable = d->cur_n == 1;
        in->itm.pwrite = w;
        in->itm.paddr = ev->addr;
        in->itm.pwdata = w ? ev->data : 0u;
        in->itm.pstrb = w ? ev->strb : 0u;
        in->itm.pprot = ev->prot;
        d->in_extra |= DRV_X_APB;
        d->fast = DRV_FAST_APB;
        d->fast_end_n = 2;
        break;
    }
    case EV_HW:
        driver_in_clear(d, in, 0);
        in->itm.hw_valid = true;
        in->itm.hw_data = ev->val;
        d->in_extra |= DRV_X_HW;
        d->fast = DRV_FAST_HW;
        d->fast_end_n = ev->count ? ev->count : UINT64_MAX;
        break;
    case EV_FETCH:
        driver_in_clear(d, in, 0);
        driver_set_fetch(in, ev);
        d->in_extra |= DRV_X_FETCH;
        d->fast = DRV_FAST_FETCH;
        d->fast_end_n = 1;
        break;
    case EV_PULSE: /* a foreground one (a background one is never cur) */
        driver_in_clear(d, in, 0);
        driver_set_pulse(&in->itm, ev->sig);
        d->in_extra |= DRV_X_PULSE;
        d->fast = DRV_FAST_PULSE;
        d->fast_end_n = ev->count;
        break;
    case EV_FLUSH:
        driver_in_clear(d, in, 0);
        in->itm.afvalid = true;
        d->in_extra |= DRV_X_AF;
        d->fast = DRV_FAST_FLUSH;
        d->fast_end_n = UINT64_MAX;
        break;
    default:
        goto general;
    }
    if (__builtin_expect(d->bg_active != 0, 0)) { /* the background pulses' inputs, on top */
        for (unsigned k = 0; k < SIG_NPULSES; k++)
            if (d->bg_pulse[k])
                driver_set_pulse(&in->itm, SIG_NLEVELS + k);
        d->in_extra |= DRV_X_PULSE;
        changed = true;
    }
    /* (a due fetch check keeps the cycle from an idle stretch skipped whole, trace_tb) */
    d->in_same = !changed && !d->fx_ev; /* changed: always but for an idle cycle */
    in->itm.gts = d->gts;
    return DRV_CYCLE;
general:
    d->fast = DRV_FAST_NONE;
    d->in_same = false;
    return driver_next_any(d, in);
}

static inline __attribute__((always_inline)) enum driver_status
driver_observe(struct driver *d, const struct sys_in *in, const struct sys_out *out,
               const struct sys_out *other)
{
    const struct event *ev = d->cur;
    enum driver_status st = DRV_CYCLE;
    const unsigned fast = d->fast;
    if (fast == DRV_FAST_NONE) /* the general path also takes cycles the short ones could */
        return driver_observe_any(d, in, out, other);
    if (__builtin_expect(d->fx_ev != NULL, 0) && d->cycle == d->fx_cycle)
        st = driver_check_fetch(d, out, other);
    const uint64_t n = ++d->cur_n;
    /* whether the event ends, without a branch on its kind (fast_end_n; the same as
     * driver_observe_any's tests: hw ends when accepted or after count cycles if count,
     * flush at afready, the others after their cycles) */
    const bool done = (n >= d->fast_end_n) | (in->itm.hw_valid & out->itm.hw_ready) |
                      (in->itm.afvalid & out->itm.afready);
    if (__builtin_expect(done & ev->has_expect, 0)) {
        if (fast == DRV_FAST_APB) { /* a read's expect= */
            if (ev->kind == EV_READ && st == DRV_CYCLE)
                st = driver_check_read(d, ev, &out->itm, other ? &other->itm : NULL);
        } else if (fast == DRV_FAST_FETCH) {
            /* a fetch's expect=, checked in the next cycle (in->rst_n: out of reset) */
            d->fx_ev = ev;
            d->fx_index = d->nevents - 1;
            d->fx_cycle = d->cycle + 1;
        }
    }
    d->cur = done ? NULL : ev;
    if (__builtin_expect(d->bg_active != 0, 0))
        for (unsigned k = 0; k < SIG_NPULSES; k++)
            if (d->bg_pulse[k] && --d->bg_pulse[k] == 0)
                d->bg_active--;
    d->gts += d->gts_step; /* in->rst_n: out of reset */
    d->cycle++;
    return st;
}
/* After a driver_next that took the idle short path: how many cycles, this one included,
 * the short paths would take from here (the idle event's cycles left, up to stop_cycle). */
static inline uint64_t driver_idle_left(const struct driver *d)
{
    uint64_t left = d->cur->count - d->cur_n, stop = (uint64_t)(d->stop_cycle - d->cycle);
    return left < stop ? left : stop;
}

/* Ends this cycle and k - 1 more of the idle stretch (1 <= k <= driver_idle_left) as k
 * times driver_observe and driver_next's short paths would, their inputs not built (a
 * caller that needs none: gts_i of the last of them is in->itm.gts + (k - 1) * gts_step). */
static inline void driver_idle_skip(struct driver *d, uint64_t k)
{
    d->cur_n += k;
    if (d->cur_n >= d->cur->count)
        d->cur = NULL;
    d->gts += k * d->gts_step;
    d->cycle += (int64_t)k;
}

/* Event location for messages: "file:line" or "event #N". */
const char *driver_where(const struct driver *d, const struct event *ev, uint64_t index,
                         char *buf, size_t n);

#endif
