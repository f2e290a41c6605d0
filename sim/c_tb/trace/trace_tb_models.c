/* SPDX-License-Identifier: Apache-2.0 */
/* --time-models (trace_tb_models.h): each model alone on the inputs of one run, without the
 * harness (generator, driver, ATB decoders) that both --mode golden and --mode rtl pay. */
#include "trace_tb_models.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build_cfg.h"
#include "compare.h"
#include "driver.h"
#include "dut_trace.h"
#include "log.h"
#include "sys_model.h"
#include "trace_tb.h"
#include "trace_tb_run.h"

/* The recorded run: every cycle's inputs, whether they equal the last cycle's but gts_i
 * (driver.h, in_same), and the golden model's outputs then. */
struct rec {
    size_t n;
    struct sys_in *in;
    bool *same;
    struct sys_out *out;
};

/* The run as trace_tb's loop makes it with the golden model alone (the driver reads the
 * model's outputs: APB waits, hw_ready, afready), every cycle recorded. */
static int record(struct tb *tb, struct rec *rc, size_t cap)
{
    struct driver *drv = &tb->drv;
    struct sys_in in;
    /* as the run loop: in kept from cycle to cycle, so that the driver says which cycles
     * change gts_i alone (in_same), and each cycle's inputs copied out whole */
    drv->in_place = true;
    drv->in_at = NULL;
    while (rc->n < cap) {
        enum driver_status st = driver_next(drv, &in);
        if (st == DRV_DONE)
            break;
        if (st == DRV_FAIL) {
            log_msg(LOG_ERROR, "trace_tb: --time-models: %s\n", drv->fail_msg);
            return -1;
        }
        struct sys_out *o = &rc->out[rc->n];
        sys_model_eval(&tb->gm, &in, o);
        rc->in[rc->n] = in;
        rc->same[rc->n] = drv->in_same;
        rc->n++;
        if (driver_observe(drv, &in, o, NULL) == DRV_FAIL) {
            log_msg(LOG_ERROR, "trace_tb: --time-models: %s\n", drv->fail_msg);
            return -1;
        }
        sys_model_step_evaluated(&tb->gm);
    }
    drv->in_place = false; /* in goes out of scope */
    drv->in_at = NULL;
    return 0;
}

/* time_golden and time_rtl are never inlined, so that callgrind can count each alone
 * (tests/bench_models.bash: --toggle-collect='time_golden*'). */

/* The golden model from reset on the recorded inputs, as the run loop steps it (an idle
 * cycle by sys_model_eval_same); its outputs into out. Returns the seconds taken. */
static __attribute__((noinline)) double time_golden(struct sys_model *m, const struct rec *rc,
                                                    struct sys_out *out)
{
    (void)sys_model_init(m, &build_sys_cfg); /* accepted once already, by tb_start */
    sys_model_reset(m);
    const double t0 = now_s();
    for (size_t i = 0; i < rc->n; i++) {
        if (rc->same[i])
            sys_model_eval_same(m, &rc->in[i], &out[i]);
        else
            sys_model_eval(m, &rc->in[i], &out[i]);
        sys_model_step_evaluated(m);
    }
    return now_s() - t0;
}

/* The Verilated model, new, on the recorded inputs, as the run loop drives it (an idle
 * cycle sets gts_i alone); its outputs into out. Returns the seconds taken, or -1 if the
 * RTL stopped ($stop, $fatal, a failed assertion). */
static __attribute__((noinline)) double time_rtl(struct dut_trace *d, const struct rec *rc,
                                                 struct sys_out *out)
{
    const double t0 = now_s();
    for (size_t i = 0; i < rc->n; i++) {
        if (rc->same[i])
            dut_trace_set_gts(d, rc->in[i].itm.gts);
        else
            dut_trace_set_inputs(d, &rc->in[i]);
        dut_trace_eval(d);
        dut_trace_get_outputs(d, &out[i]);
        if (dut_trace_tick(d))
            return -1.0;
    }
    return now_s() - t0;
}

/* The first cycle whose compared outputs differ between a and b, or n. */
static size_t first_diff(const struct sys_out *a, const struct sys_out *b, size_t n)
{
    size_t i = 0;
    while (i < n && cmp_outputs(&a[i], &b[i]) == 0)
        i++;
    return i;
}

#define TM_PASSES 3

int tb_time_models(struct tb *tb)
{
    const size_t cap = (size_t)tb->o->cycles + tb->o->reset_cycles;
    struct rec rc = {0};
    rc.in = malloc(cap * sizeof *rc.in);
    rc.same = malloc(cap * sizeof *rc.same);
    rc.out = malloc(cap * sizeof *rc.out);
    struct sys_out *og = malloc(cap * sizeof *og), *orr = malloc(cap * sizeof *orr);
    int rcode = EXIT_FAIL;
    if (!rc.in || !rc.same || !rc.out || !og || !orr) {
        log_msg(LOG_ERROR, "trace_tb: --time-models: out of memory for %zu cycles\n", cap);
        goto out;
    }
    /* Every page written before the clocks start, so that no pass pays its first use (not
     * with 0: the compiler may make malloc and memset a calloc, which leaves them unmapped). */
    memset(og, 0xA5, cap * sizeof *og);
    memset(orr, 0xA5, cap * sizeof *orr);
    if (tb_start(tb, false) != 0 || record(tb, &rc, cap) != 0)
        goto out;
    /* the best of TM_PASSES passes each, interleaved, as make bench's other rates */
    double tg = 1e300, tr = 1e300;
    for (unsigned k = 0; k < TM_PASSES; k++) {
        const double g = time_golden(&tb->gm, &rc, og);
        dut_trace_free(tb->dut);
        tb->dut = dut_trace_new_seeded(tb->rand_init);
        const double r = tb->dut ? time_rtl(tb->dut, &rc, orr) : -1.0;
        if (r < 0) {
            log_msg(LOG_ERROR, "trace_tb: --time-models: the Verilated model %s\n",
                    tb->dut ? "stopped (see the %Error line)" : "cannot be created");
            goto out;
        }
        tg = g < tg ? g : tg;
        tr = r < tr ? r : tr;
    }
    /* --inject-mismatch: the self-test of the comparison (tests/tb_diag.sh) */
    if (tb->o->inject_at != INT64_MAX) {
        const int64_t inj = tb->o->inject_at + (int64_t)tb->o->reset_cycles;
        if (inj < (int64_t)rc.n)
            og[inj].itm.busy = !og[inj].itm.busy;
    }
    const size_t dg = first_diff(rc.out, og, rc.n), dr = first_diff(rc.out, orr, rc.n);
    if (dg < rc.n || dr < rc.n) {
        const size_t i = dg < dr ? dg : dr;
        log_msg(LOG_ERROR,
                "trace_tb: --time-models: the %s model's outputs differ from the recorded "
                "run's in cycle %" PRId64 " (lockstep with this seed shows where)\n",
                dg <= dr ? "golden" : "Verilated", (int64_t)i - (int64_t)tb->o->reset_cycles);
        cmp_print_outputs("record", &rc.out[i]);
        cmp_print_outputs(dg <= dr ? "golden" : "rtl", dg <= dr ? &og[i] : &orr[i]);
        goto out;
    }
    const double n = (double)rc.n;
    /* the result itself: printed with --quiet too */
    printf("trace_tb: models alone on %zu recorded cycles, best of %u: golden %.0f cycles/s "
           "(%.2f ns a cycle), RTL %.0f cycles/s (%.2f ns), golden %.2fx the RTL; outputs "
           "equal in every cycle\n",
           rc.n, TM_PASSES, n / tg, 1e9 * tg / n, n / tr, 1e9 * tr / n, tr / tg);
    rcode = EXIT_PASS;
out:
    free(rc.in);
    free(rc.same);
    free(rc.out);
    free(og);
    free(orr);
    return rcode;
}
