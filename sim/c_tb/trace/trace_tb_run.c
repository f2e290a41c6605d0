/* SPDX-License-Identifier: Apache-2.0 */
/* The cycle loop of trace_tb (trace_tb_run.h), and the event hook that feeds
 * --emit-scenario, --verbose and the --shrink collection. */
#include "trace_tb_run.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build_cfg.h"
#include "compare.h"
#include "driver.h"
#include "dut_trace.h"
#include "fcov.h"
#include "log.h"
#include "pins.h"
#include "stream.h"
#include "sys_model.h"
#include "trace_tb.h"
#include "trace_tb_ckpt.h"

static void ev_list_push(struct ev_list *l, const struct event *ev, int64_t cycle)
{
    if (l->overflow)
        return;
    if (ev->kind == EV_RESET && l->n >= SHRINK_MAX_EVENTS / 2) {
        /* Nothing before a reset can matter after it (every register has a reset value, the
         * driver restores its input defaults): keep memory bounded on long runs. */
        l->n = 0;
    }
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 4096;
        if (cap > SHRINK_MAX_EVENTS) {
            l->overflow = true;
            return;
        }
        struct event *e = realloc(l->ev, cap * sizeof *e);
        int64_t *c = e ? realloc(l->cycle, cap * sizeof *c) : NULL;
        if (e)
            l->ev = e;
        if (!e || !c) {
            l->overflow = true;
            return;
        }
        l->cycle = c;
        l->cap = cap;
    }
    l->ev[l->n] = *ev;
    l->cycle[l->n++] = cycle;
}

static void event_hook(void *ctx, const struct event *ev, uint64_t index, int64_t cycle)
{
    struct tb *tb = ctx;
    if (tb->collect)
        ev_list_push(&tb->col, ev, cycle);
    if (!tb->emit && !log_enabled(LOG_DEBUG))
        return;
    char txt[256];
    event_format(ev, tb->o->scenario ? &tb->scen : NULL, txt, sizeof txt);
    if (tb->emit)
        fprintf(tb->emit, "%s\n", txt);
    if (log_enabled(LOG_DEBUG)) {
        char where[160];
        log_msg(LOG_DEBUG, "cycle %8" PRId64 "  %-24s %s\n", cycle,
                driver_where(&tb->drv, ev, index, where, sizeof where), txt);
    }
}

int tb_start(struct tb *tb, bool replay)
{
    if (tb->use_g) {
        if (sys_model_init(&tb->gm, &build_sys_cfg) != 0) {
            char c[CFG_STR_LEN];
            cfg_string(&build_sys_cfg, c, sizeof c);
            log_msg(LOG_ERROR, "trace_tb: error: the golden model rejects the configuration %s\n",
                    c);
            return -1;
        }
        sys_model_reset(&tb->gm);
    }
    if (tb->use_r) {
        if (tb->dut)
            dut_trace_free(tb->dut);
        tb->dut = dut_trace_new_seeded(tb->rand_init);
        if (!tb->dut) {
            log_msg(LOG_ERROR, "trace_tb: error: cannot create the Verilated model\n");
            return -1;
        }
    }
    driver_restart(&tb->drv);
    tb->drv.hook =
        (replay || !(tb->emit || tb->collect || log_enabled(LOG_DEBUG))) ? NULL : event_hook;
    tb->drv.hook_ctx = tb;
    tb->drv.gm = tb->use_g ? &tb->gm : NULL; /* wait_idle tpiu=1 */
    stream_init(&tb->sg, "golden", tb->expect);
    stream_init(&tb->sr, "rtl", tb->expect);
    stream_init_kind(&tb->tg, "golden", tb->expect, SEG_TXB);
    stream_init_kind(&tb->tr, "rtl", tb->expect, SEG_TXB);
    stream_init_kind(&tb->eg, "golden", tb->expect, SEG_ETM);
    stream_init_kind(&tb->er, "rtl", tb->expect, SEG_ETM);
    tb->pins = pins_any(tb->expect);
    return 0;
}

/* --progress: the cycle, the total (random mode: --cycles) and the time left. */
static void progress(const struct tb *tb, double t0, double *last, uint64_t cycles)
{
    double t = now_s();
    if (t - *last < 2.0)
        return;
    *last = t;
    double rate = (double)cycles / (t - t0);
    /* asked for explicitly, so shown even with --quiet (stderr, like errors) */
    if (tb->o->scenario || rate <= 0.0) {
        log_msg(LOG_ERROR, "trace_tb: cycle %" PRId64 ", %.0f cycles/s\n", tb->drv.cycle, rate);
        return;
    }
    int64_t total = (int64_t)tb->o->cycles, left = total - tb->drv.cycle;
    log_msg(LOG_ERROR,
            "trace_tb: cycle %" PRId64 " of %" PRId64 " (%.1f %%), %.0f cycles/s, ETA %.0f s\n",
            tb->drv.cycle, total, 100.0 * (double)tb->drv.cycle / (double)total, rate,
            left > 0 ? (double)left / rate : 0.0);
}

static void snapshot(const struct tb *tb, struct run_result *r)
{
    r->drv = tb->drv;
    driver_hist_save(&r->drv); /* its events, while the source still holds them */
    r->sg = tb->sg;
    r->sr = tb->sr;
    r->tg = tb->tg;
    r->tr = tb->tr;
    r->eg = tb->eg;
    r->er = tb->er;
    r->snap_pending = false;
}

static void set_fail(struct run_result *r, enum fail_kind k, int64_t cycle, const char *msg)
{
    if (r->fail != F_NONE)
        return;
    r->snap_pending = true;
    r->fail = k;
    r->fail_cycle = cycle;
    snprintf(r->msg, sizeof r->msg, "%s", msg);
}

/* Packet view for the trace: [8] a byte is offered on ATB in this cycle, [7:0] the header
 * of the packet it belongs to (the byte itself if the stream's decoder expects a header). */
static uint16_t atpkt_view(const struct stream *s, const struct sys_in *sin,
                           const struct sys_out *so)
{
    const struct itm_in *in = &sin->itm;
    const struct itm_out *o = &so->itm;
    if (!in->rst_n || !o->atvalid)
        return 0;
    return (uint16_t)(0x100u | (pktdec_busy(&s->dec) ? s->dec.cur.b[0] : o->atdata));
}

/* A golden-only run's loop may leave out what looks at single cycles: coverage, pin checks
 * and captures (the TXB capture file is only ever closed in the loop). */
static bool tb_plain(const struct tb *tb, const struct run_ctl *ctl)
{
    const bool capture = (tb->cap_swo || tb->cap_par) && ctl->checks;
    return tb->fcov == NULL && !tb->pins && !capture && !(tb->cap_txb && ctl->checks);
}

/* tb_run for one mode: use_g and use_r are constants in each of tb_run's calls, so each
 * mode's loop has none of the others' tests (docs/performance-history.md). So is plain
 * (golden only): nothing looks at single cycles, no coverage, pin checks or captures
 * (tb_plain); its loop has none of their tests. */
static inline __attribute__((always_inline)) void
run_mode(struct tb *tb, const struct run_ctl *ctl, struct run_result *r, const bool use_g,
         const bool use_r, const bool plain)
{
    const bool lockstep = use_g && use_r;
    const int64_t max_cycle = (int64_t)tb->o->max_cycles;
    struct driver *drv = &tb->drv;
    struct sys_in in;
    struct sys_out og, orr;
    struct dut_trace_tb tbv;
    memset(&og, 0, sizeof og);
    memset(&orr, 0, sizeof orr);
    memset(&tbv, 0, sizeof tbv);
    memset(r, 0, sizeof *r);
    r->early = INT64_MAX;
    bool checks = ctl->checks;
    bool tracing = false;
    bool trace_wanted = ctl->trace != NULL && use_r;
    int64_t stop_after = ctl->stop_after;
    double t0 = now_s(), last_progress = t0;
    uint64_t cycles = 0;
    /* Fixed for the run: read once here, not through tb at every cycle (the compiler cannot
     * know that the calls in the loop leave them alone). */
    const int64_t inject_at = tb->o->inject_at;
    const bool fcov = !plain && tb->fcov != NULL, pins = !plain && tb->pins;
    bool capture = !plain && (tb->cap_swo || tb->cap_par) && ctl->checks;
    /* the ATB streams' short path (stream_push_short): the log level stays for the run (its
     * callers set it), and so does quick (tb_start) */
    const bool debug = log_enabled(LOG_DEBUG) != 0;
    const bool sg_short = tb->sg.quick && !debug, sr_short = tb->sr.quick && !debug;
    /* the golden model's TXB and ETM bytes: a model without a TPIU and an ETM has their
     * outputs 0 for ever (sys_model.c, "an absent block's outputs") */
    const bool g_txb_etm = use_g && (tb->gm.has_tpiu || tb->gm.has_etm);
    /* in is written only by driver_next: in an idle stretch it writes just gts_i there, and
     * says so (in_same), so the model skips comparing the inputs (sys_model_eval_same) */
    drv->in_place = true;
    drv->in_at = NULL;
    /* golden only and nothing that looks at single cycles (coverage, pin checks or
     * captures): idle stretches at a fixed point of the model go at once (below); a model
     * with a TPIU, DWT or ETM has no fixed points (sys_model.c, step) */
    /* The first cycle whose iteration ends with the timeout's test (c + 1 >= max_cycle) or
     * the tick's, every 65536 cycles run (progress, checkpoints): cycles - drv->cycle stays
     * the same all run (an idle stretch moves both, and stops short of either, below). */
    int64_t slow_at = drv->cycle + 0xFFFF;
    if (max_cycle - 1 < slow_at)
        slow_at = max_cycle - 1;
    const bool idle_runs = use_g && !use_r && !fcov && !pins && !capture && !tb->cap_txb &&
                           !tb->gm.has_tpiu && !tb->gm.has_dwt && !tb->gm.has_etm;

    for (;;) {
        if (drv->cycle > stop_after)
            break;
        enum driver_status st = driver_next(drv, &in);
        const int64_t c = drv->cycle;
        if (st == DRV_DONE)
            break;
        if (st == DRV_FAIL) {
            if (checks) {
                set_fail(r, F_CHECK, c, drv->fail_msg);
                snapshot(tb, r);
                checks = false;
                stop_after = tracing ? c + POST_FAIL_CYCLES : c - 1;
            }
            continue; /* the failing event took no cycle; go on with the next */
        }
        if (trace_wanted && c >= ctl->trace_from) {
            trace_wanted = false;
            if (dut_trace_trace_open(tb->dut, ctl->trace) != 0) {
                log_msg(LOG_ERROR, "trace_tb: error: cannot write the trace %s\n", ctl->trace);
                r->trace_failed = true;
            } else
                tracing = true;
        }
        /* An idle stretch (inputs unchanged but gts_i) at a fixed point of the model
         * (sys_model_idle_run): its cycles keep the outputs, move no byte and check nothing,
         * so they go at once, up to the next cycle at which this loop does something
         * (stop_after, the timeout, --inject-mismatch, the progress and checkpoint tick). */
        if (drv->in_same && __builtin_expect(idle_runs, 1) && tb->gm.fp_ok &&
            tb->gm.fp_itm != ITM_STEP_XFER) {
            const struct sys_out *fo = &tb->gm.fp_out;
            uint64_t n = driver_idle_left(drv);
            const uint64_t lim[4] = {
                (uint64_t)(stop_after - c + 1),
                c + 1 < max_cycle ? (uint64_t)(max_cycle - 1 - c) : 0u,
                inject_at >= c ? (uint64_t)(inject_at - c) : UINT64_MAX,
                0xFFFFu - (cycles & 0xFFFFu),
            };
            for (unsigned i = 0; i < 4; i++)
                n = lim[i] < n ? lim[i] : n;
            if (n && !(fo->atready && fo->itm.atvalid) && !fo->txb_valid &&
                !(fo->etm_atvalid && fo->etm_atready)) {
                const uint64_t gts = drv->gts;
                const uint64_t k = sys_model_idle_run(&tb->gm, n);
                if (k) {
                    og = *fo;
                    tb->gm.wc_in.itm.gts = gts + (k - 1) * drv->gts_step; /* the last one's */
                    driver_idle_skip(drv, k);
                    r->last_cycle = c + (int64_t)k - 1;
                    cycles += k;
                    continue;
                }
            }
        }
        if (use_g) {
            if (drv->in_same)
                sys_model_eval_same(&tb->gm, &in, &og);
            else
                sys_model_eval(&tb->gm, &in, &og);
        }
        if (__builtin_expect(c == inject_at, 0)) /* --inject-mismatch (self-test) */
            og.itm.busy = !og.itm.busy;
        if (__builtin_expect(fcov, 0) && use_g)
            fcov_cycle(tb->fcov, &in, &og, &tb->gm);
        if (use_r) {
            /* an idle cycle's inputs stand in the model from the last one but gts_i */
            if (drv->in_same)
                dut_trace_set_gts(tb->dut, in.itm.gts);
            else
                dut_trace_set_inputs(tb->dut, &in);
            dut_trace_eval(tb->dut);
            dut_trace_get_outputs(tb->dut, &orr);
        }
        if (lockstep && c == ctl->verify_at)
            r->verified = cmp_outputs(&og, &orr) != 0;
        else if (lockstep && c < ctl->verify_at && r->early == INT64_MAX && !ctl->checks &&
                 cmp_outputs(&og, &orr) != 0)
            r->early = c; /* a replay that goes wrong before the failure */
        if (tracing) { /* the trace-only inputs of trace_tb_top, before the streams move on */
            tbv.exp = og;
            tbv.cycle = c;
            tbv.mismatch = lockstep && cmp_outputs(&og, &orr) != 0;
            tbv.exp_atpkt = use_g ? atpkt_view(&tb->sg, &in, &og) : 0;
            tbv.rtl_atpkt = atpkt_view(&tb->sr, &in, &orr);
        }
        if (lockstep && checks) {
            cmp_mask diff = cmp_outputs(&og, &orr);
            if (__builtin_expect(diff != 0, 0)) {
                set_fail(r, F_MISMATCH, c, "outputs differ");
                r->diff = diff;
                r->in = in;
                r->og = og;
                r->orr = orr;
                checks = false;
                stop_after = tracing ? c + POST_FAIL_CYCLES : c;
            }
        }
        if (!in.itm.rst_n) {
            stream_reset(&tb->sg);
            stream_reset(&tb->sr);
        } else {
            const char *fmsg = NULL;
            char pmsg[400];
            /* ATB bytes move where the ITM sees ATREADY: atready_i, or the TPIU's */
            if (use_g && og.atready && og.itm.atvalid &&
                !stream_push_short(&tb->sg, og.itm.atdata, c, sg_short))
                fmsg = tb->sg.fail_msg;
            if (use_r && orr.atready && orr.itm.atvalid &&
                !stream_push_short(&tb->sr, orr.itm.atdata, c, sr_short) && !fmsg)
                fmsg = tb->sr.fail_msg;
            if (use_r || g_txb_etm) { /* golden only: one test for both (g_txb_etm, above) */
                if (use_g && og.txb_valid && !stream_push_any(&tb->tg, og.txb, c) && !fmsg)
                    fmsg = tb->tg.fail_msg;
                if (use_r && orr.txb_valid && !stream_push_any(&tb->tr, orr.txb, c) && !fmsg)
                    fmsg = tb->tr.fail_msg;
                /* the ETM's bytes move where it sees the funnel's ATREADY */
                if (use_g && og.etm_atvalid && og.etm_atready &&
                    !stream_push_any(&tb->eg, og.etm_atdata, c) && !fmsg)
                    fmsg = tb->eg.fail_msg;
                if (use_r && orr.etm_atvalid && orr.etm_atready &&
                    !stream_push_any(&tb->er, orr.etm_atdata, c) && !fmsg)
                    fmsg = tb->er.fail_msg;
            }
            if (__builtin_expect(pins, 0) && !fmsg) {
                if (use_g && !pins_check(tb->expect, c, &og, "golden", pmsg, sizeof pmsg))
                    fmsg = pmsg;
                else if (use_r && !pins_check(tb->expect, c, &orr, "rtl", pmsg, sizeof pmsg))
                    fmsg = pmsg;
            }
            if (__builtin_expect(fmsg != NULL, 0) && checks) {
                set_fail(r, F_CHECK, c, fmsg);
                checks = false;
                stop_after = tracing ? c + POST_FAIL_CYCLES : c;
            }
            if (__builtin_expect(capture, 0) &&
                pins_capture(tb->cap_swo, tb->cap_par, use_r ? &orr : &og) != 0) {
                log_msg(LOG_ERROR, "trace_tb: error: cannot write a pin capture\n");
                tb->cap_swo = tb->cap_par = NULL;
                capture = false;
            }
            if (!plain && tb->cap_txb && ctl->checks) {
                const struct sys_out *ot = use_r ? &orr : &og;
                if (ot->txb_valid && fputc(ot->txb, tb->cap_txb) == EOF) {
                    log_msg(LOG_ERROR, "trace_tb: error: cannot write the --capture-txb file\n");
                    tb->cap_txb = NULL;
                }
            }
        }
        st = driver_observe(drv, &in, use_g ? &og : &orr, lockstep ? &orr : NULL);
        if (__builtin_expect(st == DRV_FAIL, 0) && checks) {
            set_fail(r, F_CHECK, c, drv->fail_msg);
            checks = false;
            stop_after = tracing ? c + POST_FAIL_CYCLES : c;
        }
        if (r->snap_pending)
            snapshot(tb, r);
        if (use_g) /* the inputs of this cycle's sys_model_eval above */
            sys_model_step_evaluated(&tb->gm);
        if (tracing) {
            /* The golden outputs after this edge (Moore: only rst_n matters, and it changes
             * at +1 of the next cycle, as the RTL sees it) go into the trace at the edge. */
            if (use_g)
                sys_model_eval(&tb->gm, &in, &tbv.exp_next);
            else
                tbv.exp_next = og;
            dut_trace_set_tb(tb->dut, &tbv);
        }
        if (use_r && dut_trace_tick(tb->dut) && checks) {
            char msg[160];
            snprintf(msg, sizeof msg,
                     "the RTL stopped ($stop/$fatal/$finish or a failed assertion, see the "
                     "%%Error line above) at the rising edge of cycle %" PRId64, c);
            set_fail(r, F_RTL_STOP, c, msg);
            snapshot(tb, r);
            checks = false;
            stop_after = tracing ? c + POST_FAIL_CYCLES : c;
        }
        r->last_cycle = c;
        cycles++;
        if (__builtin_expect(c >= slow_at, 0)) { /* the timeout's cycle, or a tick's */
            if (c + 1 >= max_cycle && checks && c + 1 <= stop_after) {
                char msg[160];
                snprintf(msg, sizeof msg, "timeout: --max-cycles %" PRId64 " reached",
                         max_cycle);
                set_fail(r, F_TIMEOUT, c, msg);
                snapshot(tb, r);
                break;
            }
            if ((cycles & 0xFFFF) == 0) {
                if (tb->o->progress && ctl->checks)
                    progress(tb, t0, &last_progress, cycles);
                if (tb->ckpt_on && checks) /* between two cycles: a checkpoint may be taken */
                    tb_ckpt_tick(tb);
            }
            slow_at = c + (int64_t)(0x10000u - (cycles & 0xFFFFu)); /* the next tick's */
            if (max_cycle - 1 < slow_at)
                slow_at = max_cycle - 1;
        }
    }
    drv->in_place = false; /* in goes out of scope */
    drv->in_at = NULL;
    if (tracing)
        dut_trace_trace_close(tb->dut);
    r->cycles = cycles;
    r->seconds = now_s() - t0;
    if (r->fail == F_NONE && ctl->checks) {
        int64_t end = drv->cycle;
        char pmsg[400];
        if (use_g && !stream_finish(&tb->sg, end))
            set_fail(r, F_CHECK, end, tb->sg.fail_msg);
        else if (use_r && !stream_finish(&tb->sr, end))
            set_fail(r, F_CHECK, end, tb->sr.fail_msg);
        else if (use_g && !stream_finish(&tb->tg, end))
            set_fail(r, F_CHECK, end, tb->tg.fail_msg);
        else if (use_r && !stream_finish(&tb->tr, end))
            set_fail(r, F_CHECK, end, tb->tr.fail_msg);
        else if (use_g && !stream_finish(&tb->eg, end))
            set_fail(r, F_CHECK, end, tb->eg.fail_msg);
        else if (use_r && !stream_finish(&tb->er, end))
            set_fail(r, F_CHECK, end, tb->er.fail_msg);
        else if (!pins_finish(tb->expect, end, pmsg, sizeof pmsg))
            set_fail(r, F_CHECK, end, pmsg);
        if (r->snap_pending)
            snapshot(tb, r);
    }
}

void tb_run(struct tb *tb, const struct run_ctl *ctl, struct run_result *r)
{
    if (tb->use_g && tb->use_r)
        run_mode(tb, ctl, r, true, true, false);
    else if (tb->use_g && tb_plain(tb, ctl))
        run_mode(tb, ctl, r, true, false, true);
    else if (tb->use_g)
        run_mode(tb, ctl, r, true, false, false);
    else
        run_mode(tb, ctl, r, false, true, false);
}
