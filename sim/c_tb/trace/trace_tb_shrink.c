/* SPDX-License-Identifier: Apache-2.0 */
/* Shrinking of a failed run (--shrink, trace_tb_shrink.h): every trial run is a run of the
 * cycle loop on a candidate event list, judged by whether it fails the same way. */
#define _POSIX_C_SOURCE 200809L /* mkdir */

#include "trace_tb_shrink.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "build_cfg.h"
#include "compare.h"
#include "driver.h"
#include "log.h"
#include "scenario.h"
#include "shrink.h"
#include "trace_tb.h"
#include "trace_tb_ckpt.h"
#include "trace_tb_replay.h"
#include "trace_tb_report.h"
#include "trace_tb_run.h"
#include "trace_tb_scenario.h"

/* A candidate list as the driver's event source. */
struct arr_iter {
    const struct event *ev;
    size_t n, pos;
};

static const struct event *arr_next(void *ctx)
{
    struct arr_iter *it = ctx;
    return it->pos < it->n ? &it->ev[it->pos++] : NULL;
}

static void arr_rewind(void *ctx)
{
    ((struct arr_iter *)ctx)->pos = 0;
}

/* Makes ev[0..n) the event source of tb (no scenario: no expectations, "event #N"). */
static void use_events(struct tb *tb, struct arr_iter *it, const struct event *ev, size_t n)
{
    *it = (struct arr_iter){ev, n, 0};
    struct ev_source src = {arr_next, arr_rewind, it, NULL};
    driver_init(&tb->drv, &src, tb->o->reset_cycles, INT64_MAX);
    tb->expect = NULL;
}

struct shrink_ctx {
    struct tb *tb;
    enum fail_kind kind;
    cmp_mask diff;      /* F_MISMATCH: the differing outputs must be the same */
    int64_t best_fail;  /* failure cycle of the current smallest list */
    size_t best_n;
    unsigned runs;
    double t0, last;
    int64_t last_start; /* start cycle of the last event of the last failing list (or -1) */
};

/* Per-candidate cycle limit: a little past the failure of the list it came from. */
static int64_t shrink_limit(int64_t fail)
{
    return fail + fail / 8 + 1000;
}

static bool shrink_test(void *ctx, const struct event *ev, size_t n)
{
    struct shrink_ctx *x = ctx;
    struct tb *tb = x->tb;
    static struct arr_iter it;
    static struct run_result r;
    use_events(tb, &it, ev, n);
    if (tb_start(tb, true) != 0)
        return false;
    struct run_ctl ctl = {.checks = true, .trace = NULL, .trace_from = INT64_MIN,
                          .stop_after = shrink_limit(x->best_fail), .verify_at = INT64_MIN};
    enum log_level lvl = log_get_level();
    log_set_level(LOG_ERROR);
    tb_run(tb, &ctl, &r);
    log_set_level(lvl);
    x->runs++;
    bool same = r.fail == x->kind && (x->kind != F_MISMATCH || r.diff == x->diff);
    if (same) {
        x->best_fail = r.fail_cycle;
        x->best_n = n;
        x->last_start = -1;
        for (unsigned h = 0; h < DRIVER_HIST && h < r.drv.hist_n; h++)
            if (n && r.drv.hist[h].index == n - 1)
                x->last_start = r.drv.hist[h].cycle;
    }
    double t = now_s();
    if (t - x->last >= 2.0) {
        x->last = t;
        log_msg(LOG_ERROR, "trace_tb: shrink: %u runs, %zu events left, %.0f s\n", x->runs,
                x->best_n, t - x->t0);
    }
    return same;
}

/* Keeps the events that drive the DUT up to the failure: expectations are dropped (the
 * shrunk scenario fails by the comparison of the two models, not by a check). */
static size_t shrink_input(const struct ev_list *l, int64_t fail_cycle, struct event *out)
{
    size_t m = 0;
    for (size_t i = 0; i < l->n && l->cycle[i] <= fail_cycle; i++) {
        struct event e = l->ev[i];
        if (e.kind == EV_EXPECT_ATB || e.kind == EV_EXPECT_CYCLE || e.kind == EV_END)
            continue;
        if (e.kind == EV_READ)
            e.has_expect = false;
        e.line = 0;
        out[m++] = e;
    }
    return m;
}

static void shrink_cmd(const struct tb *tb, const char *scn, char *buf, size_t n)
{
    size_t pos = 0;
    char v[32];
    buf[0] = '\0';
    append_arg(buf, n, &pos, tb->argv[0]);
    if (tb->o->reset_cycles != 4) {
        snprintf(v, sizeof v, "%u", tb->o->reset_cycles);
        append_arg(buf, n, &pos, "--reset-cycles");
        append_arg(buf, n, &pos, v);
    }
    if (tb->o->rand_init_given) {
        snprintf(v, sizeof v, "%" PRIu32, tb->o->rand_init);
        append_arg(buf, n, &pos, "--rand-init");
        append_arg(buf, n, &pos, v);
    }
    if (tb->o->inject_at != INT64_MAX) {
        snprintf(v, sizeof v, "%" PRId64, tb->o->inject_at);
        append_arg(buf, n, &pos, "--inject-mismatch");
        append_arg(buf, n, &pos, v);
    }
    append_arg(buf, n, &pos, scn);
}

static int write_shrunk(const struct tb *tb, const char *path, const struct event *ev, size_t n,
                        size_t n0, const struct shrink_ctx *x, bool minimal)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    char c[CFG_STR_LEN], txt[256];
    cfg_string(&build_sys_cfg, c, sizeof c);
    if (tb->o->scenario)
        fprintf(f, "# shrunk by trace_tb --shrink from scenario %s", tb->o->scenario);
    else
        fprintf(f, "# shrunk by trace_tb --shrink from --seed %" PRIu64 " --cycles %" PRIu64,
                tb->o->seed, tb->o->cycles);
    fprintf(f, ": %zu of %zu events.\n# Fails by %s at cycle %" PRId64, n, n0,
            fail_kind_name[x->kind], x->best_fail);
    if (x->kind == F_MISMATCH) {
        fprintf(f, " (");
        for (unsigned k = 0, first = 1; k < CMP_NFIELDS; k++)
            if (x->diff & CMP_BIT(k)) {
                fprintf(f, "%s%s", first ? "" : " ", cmp_field_name((enum cmp_field)k));
                first = 0;
            }
        fprintf(f, " differ)");
    }
    if (minimal)
        fprintf(f, "; without any one of these events it does not.\n");
    else
        fprintf(f, "; the trial-run budget ran out before the list was minimal.\n");
    fprintf(f, "config %s\n", c);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s\n", event_format(&ev[i], NULL, txt, sizeof txt));
    fprintf(f, "end\n");
    bool bad = ferror(f) != 0;
    if (fclose(f) != 0)
        bad = true;
    return bad ? -1 : 0;
}

/* --shrink: delta debugging over the events of the failed run. */
void shrink_run(struct tb *tb, const struct run_result *orig)
{
    tb->ckpt_on = false; /* the main run's checkpoints are not of these runs */
    tb_ckpt_free(tb);
    if (orig->fail != F_MISMATCH && orig->fail != F_RTL_STOP) {
        log_msg(LOG_ERROR, "trace_tb: shrink: only mismatches and RTL stops are shrunk (this is "
                           "a %s)\n", fail_kind_name[orig->fail]);
        return;
    }
    if (tb->col.overflow) {
        log_msg(LOG_ERROR, "trace_tb: shrink: more than %u events without a reset before the "
                           "failure; not shrunk\n", SHRINK_MAX_EVENTS);
        return;
    }
    struct event *ev = malloc((tb->col.n ? tb->col.n : 1) * sizeof *ev);
    if (!ev)
        return;
    size_t n0 = shrink_input(&tb->col, orig->fail_cycle, ev), n = n0;
    /* Trial runs use the settings the shrunk scenario will be run with. */
    tb->rand_init = tb->o->rand_init_given ? tb->o->rand_init : 1;
    struct shrink_ctx x = {.tb = tb, .kind = orig->fail, .diff = orig->diff,
                           .best_fail = orig->fail_cycle, .best_n = n, .t0 = now_s()};
    x.last = x.t0;
    log_msg(LOG_ERROR, "trace_tb: shrink: %zu events up to the failure at cycle %" PRId64
                       " (at most %" PRIu64 " trial runs)\n", n0, orig->fail_cycle,
            tb->o->shrink_runs);
    if (!shrink_test(&x, ev, n)) {
        log_msg(LOG_ERROR, "trace_tb: shrink: the events alone do not fail the same way (with "
                           "--rand-init %" PRIu32 "); not shrunk\n", tb->rand_init);
        free(ev);
        return;
    }
    /* Nothing before a completed reset matters after it (every register has a reset
     * value): try the events from the last such reset first. */
    size_t cut = 0;
    for (size_t i = 0, j = 0; i < tb->col.n && tb->col.cycle[i] <= orig->fail_cycle; i++) {
        const struct event *e = &tb->col.ev[i];
        bool kept = !(e->kind == EV_EXPECT_ATB || e->kind == EV_EXPECT_CYCLE || e->kind == EV_END);
        if (e->kind == EV_RESET && tb->col.cycle[i] + (int64_t)e->count <= orig->fail_cycle)
            cut = j;
        j += kept;
    }
    if (cut > 0 && shrink_test(&x, ev + cut, n - cut)) {
        memmove(ev, ev + cut, (n - cut) * sizeof *ev);
        n -= cut;
    }
    struct shrink_stats st;
    unsigned budget = (unsigned)tb->o->shrink_runs > x.runs ? (unsigned)tb->o->shrink_runs - x.runs
                                                            : 0u;
    size_t m = shrink_events(ev, n, shrink_test, &x, budget, &st);
    if (st.runs > 0 || n < 2)
        n = m;
    /* Only the cause: a tail that only lets time pass becomes one idle, as short as the
     * failure allows. */
    unsigned left = (unsigned)tb->o->shrink_runs > x.runs ? (unsigned)tb->o->shrink_runs - x.runs
                                                          : 0u;
    struct event idle = {.kind = EV_IDLE, .count = (uint64_t)x.best_fail + 1u};
    struct shrink_stats st2;
    size_t n2 = shrink_tail_idle(ev, n, &idle, shrink_test, &x, left, &st2);
    if (n2 != n || ev[n2 - 1].kind == EV_IDLE) {
        n = n2;
        if (x.runs < tb->o->shrink_runs && shrink_test(&x, ev, n) && x.last_start >= 0 &&
            ev[n - 1].kind == EV_IDLE) {
            uint64_t want = (uint64_t)(x.best_fail - x.last_start) + 1u, was = ev[n - 1].count;
            ev[n - 1].count = want;
            if (want >= was || x.runs >= tb->o->shrink_runs || !shrink_test(&x, ev, n))
                ev[n - 1].count = was;
        }
        if (!shrink_test(&x, ev, n)) /* best_fail of ev[0..n) as written */
            log_msg(LOG_ERROR, "trace_tb: shrink: the list with its idle tail does not fail "
                               "(bug)\n");
    }
    /* best_fail belongs to the last list that failed, which is ev[0..n) */
    char dir[1024], path[1100], cmd[4096];
    wave_dir(tb, dir, sizeof dir);
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        log_msg(LOG_ERROR, "trace_tb: error: cannot create %s: %s\n", dir, strerror(errno));
        free(ev);
        return;
    }
    snprintf(path, sizeof path, "%s/shrunk.scn", dir);
    if (write_shrunk(tb, path, ev, n, n0, &x, !st.exhausted) != 0) {
        log_msg(LOG_ERROR, "trace_tb: error: cannot write %s: %s\n", path, strerror(errno));
        free(ev);
        return;
    }
    log_msg(LOG_ERROR, "trace_tb: shrink: %zu -> %zu events, %s at cycle %" PRId64 ", %u trial "
                       "runs in %.1f s%s\n", n0, n, fail_kind_name[x.kind], x.best_fail, x.runs,
            now_s() - x.t0, st.exhausted ? " (run budget used up: not 1-minimal)" : "");
    log_msg(LOG_ERROR, "  shrunk: %s\n", path);
    shrink_cmd(tb, path, cmd, sizeof cmd);
    log_msg(LOG_ERROR, "  reproduce: %s\n", cmd);

    /* Its waves, from a run of the file as written (which checks it once more). */
    static struct scenario shrunk;
    static struct scen_iter it;
    static struct run_result r;
    memset(&shrunk, 0, sizeof shrunk);
    if (load_scenario(&shrunk, path) != EXIT_PASS) {
        log_msg(LOG_ERROR, "trace_tb: error: shrink: %s does not load (bug)\n", path);
        free(ev);
        return;
    }
    struct ev_source src = scen_source_get(&it, &shrunk);
    driver_init(&tb->drv, &src, tb->o->reset_cycles, INT64_MAX);
    tb->expect = &shrunk;
    if (tb_start(tb, true) == 0) {
        struct run_ctl ctl = {.checks = true, .trace = NULL, .trace_from = INT64_MIN,
                              .stop_after = shrink_limit(x.best_fail), .verify_at = INT64_MIN};
        enum log_level lvl = log_get_level();
        log_set_level(LOG_ERROR);
        tb_run(tb, &ctl, &r);
        log_set_level(lvl);
        if (r.fail != x.kind)
            log_msg(LOG_ERROR, "trace_tb: error: shrink: %s does not fail the same way (bug)\n",
                    path);
        else
            write_fail_wave(tb, &r, dir, "shrunk");
    }
    free(shrunk.ev);
    free(shrunk.seg);
    free(shrunk.bytes);
    free(ev);
}
