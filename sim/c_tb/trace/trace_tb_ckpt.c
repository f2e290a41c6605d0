/* SPDX-License-Identifier: Apache-2.0 */
/* Checkpoints of a run for the wave replay (trace_tb_ckpt.h). */
#include "trace_tb_ckpt.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "dut_trace.h"
#include "log.h"
#include "random.h"
#include "trace_tb.h"

/* One saved state: everything tb_run reads or changes from one cycle to the next. The
 * driver's pointers (the current event, the source) point into the event source's state,
 * which a restore copies back into the same object, so they stay valid. */
struct tb_ckpt {
    bool valid;
    int64_t cycle; /* the next cycle to run */
    struct sys_model gm;
    struct driver drv;
    struct rgen rg;       /* random mode */
    struct scen_iter it;  /* scenario mode */
    struct stream sg, sr, tg, tr, eg, er;
    struct dut_ckpt *dut; /* NULL with --mode golden */
};

static void *src_state(struct tb *tb, size_t *n)
{
    if (tb->rg) {
        *n = sizeof(struct rgen);
        return tb->rg;
    }
    *n = sizeof(struct scen_iter);
    return tb->drv.src.ctx;
}

static bool save(struct tb *tb, struct tb_ckpt *k)
{
    if (tb->use_r && dut_trace_save(tb->dut, &k->dut) != 0)
        return false;
    size_t n;
    void *src = src_state(tb, &n);
    memcpy(tb->rg ? (void *)&k->rg : (void *)&k->it, src, n);
    k->cycle = tb->drv.cycle;
    if (tb->use_g)
        k->gm = tb->gm;
    k->drv = tb->drv;
    k->sg = tb->sg;
    k->sr = tb->sr;
    k->tg = tb->tg;
    k->tr = tb->tr;
    k->eg = tb->eg;
    k->er = tb->er;
    k->valid = true;
    return true;
}

void tb_ckpt_tick(struct tb *tb)
{
    double t = now_s();
    if (t - tb->ckpt_last < 1e-3 * (double)tb->o->ckpt_ms)
        return;
    tb->ckpt_last = t;
    if (!tb->ckpt[0])
        tb->ckpt[0] = calloc(1, sizeof *tb->ckpt[0]);
    if (!tb->ckpt[1])
        tb->ckpt[1] = calloc(1, sizeof *tb->ckpt[1]);
    if (!tb->ckpt[0] || !tb->ckpt[1])
        return;
    /* overwrite the older one: ckpt[0] stays the newer */
    struct tb_ckpt *k = tb->ckpt[1];
    tb->ckpt[1] = tb->ckpt[0];
    tb->ckpt[0] = k;
    k->valid = false;
    if (!save(tb, k))
        log_msg(LOG_DEBUG, "trace_tb: checkpoint at cycle %" PRId64 " failed\n", tb->drv.cycle);
    else
        log_msg(LOG_DEBUG, "trace_tb: checkpoint at cycle %" PRId64 " (%zu bytes of RTL state)\n",
                k->cycle, dut_ckpt_bytes(k->dut));
}

int64_t tb_ckpt_restore(struct tb *tb, int64_t from)
{
    for (unsigned i = 0; i < 2; i++) {
        const struct tb_ckpt *k = tb->ckpt[i];
        if (!k || !k->valid || k->cycle > from)
            continue;
        if (tb->use_r && dut_trace_restore(tb->dut, k->dut) != 0)
            return INT64_MIN;
        size_t n;
        void *src = src_state(tb, &n);
        memcpy(src, tb->rg ? (const void *)&k->rg : (const void *)&k->it, n);
        if (tb->use_g)
            tb->gm = k->gm;
        driver_event_hook hook = tb->drv.hook; /* the replay's (none) */
        void *hook_ctx = tb->drv.hook_ctx;
        tb->drv = k->drv;
        tb->drv.hook = hook;
        tb->drv.hook_ctx = hook_ctx;
        tb->drv.in_at = NULL; /* the saved run's inputs are gone */
        tb->sg = k->sg;
        tb->sr = k->sr;
        tb->tg = k->tg;
        tb->tr = k->tr;
        tb->eg = k->eg;
        tb->er = k->er;
        return k->cycle;
    }
    return INT64_MIN;
}

void tb_ckpt_free(struct tb *tb)
{
    for (unsigned i = 0; i < 2; i++) {
        if (!tb->ckpt[i])
            continue;
        dut_ckpt_free(tb->ckpt[i]->dut);
        free(tb->ckpt[i]);
        tb->ckpt[i] = NULL;
    }
}
