/* SPDX-License-Identifier: Apache-2.0 */
/* Wave replay of a failure and the writing of its GTKWave view (trace_tb_replay.h). */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* realpath */

#include "trace_tb_replay.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "build_cfg.h"
#include "log.h"
#include "trace_tb.h"
#include "trace_tb_ckpt.h"
#include "trace_tb_run.h"
#include "trace_wave.h"

/* The directory of a failure's files: --wave-dir, else the binary's. */
void wave_dir(const struct tb *tb, char *buf, size_t n)
{
    if (tb->o->wave_dir) {
        snprintf(buf, n, "%s", tb->o->wave_dir);
        return;
    }
    const char *slash = strrchr(tb->argv[0], '/');
    if (slash)
        snprintf(buf, n, "%.*s", (int)(slash - tb->argv[0]), tb->argv[0]);
    else
        snprintf(buf, n, ".");
    if (buf[0] == '\0')
        snprintf(buf, n, "/");
}

/* Creates dir if needed and returns its absolute path in buf (false: error printed). */
static bool abs_dir(const char *dir, char *buf, size_t n)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        log_msg(LOG_ERROR, "trace_tb: error: cannot create %s: %s\n", dir, strerror(errno));
        return false;
    }
    char *rp = realpath(dir, NULL);
    if (!rp) {
        log_msg(LOG_ERROR, "trace_tb: error: %s: %s\n", dir, strerror(errno));
        return false;
    }
    snprintf(buf, n, "%s", rp);
    free(rp);
    return true;
}

/* Records the view of the run's failure for `make wave`: its absolute path in the file
 * TRACE_TB_LAST_VIEW beside the binary (make wave opens the newest such record under
 * build/, wherever --wave-dir put the view). */
static void record_view(const struct tb *tb, const char *dir, const char *gtkw)
{
    char bin[1024], path[1200];
    const char *slash = strrchr(tb->argv[0], '/');
    if (slash)
        snprintf(bin, sizeof bin, "%.*s", (int)(slash - tb->argv[0]), tb->argv[0]);
    else
        snprintf(bin, sizeof bin, ".");
    snprintf(path, sizeof path, "%s/%s", bin[0] ? bin : "/", TRACE_TB_LAST_VIEW);
    FILE *f = fopen(path, "w");
    bool bad = !f || fprintf(f, "%s/%s\n", dir, gtkw) < 0;
    if (f && fclose(f) != 0)
        bad = true;
    if (bad)
        log_msg(LOG_DEBUG, "trace_tb: cannot record the view in %s\n", path);
}

/* Writes the GTKWave view (shown_dir/gtkw, translate filters beside it) of the trace
 * shown_dir/fst holding cycles first..last, with the failure of r as its marker; record:
 * it is the run's failure view (record_view). */
static void write_view(const struct tb *tb, const char *shown_dir, const char *fst,
                       const char *gtkw, int64_t first, int64_t last, const struct run_result *r,
                       bool record)
{
    char dir[1024];
    if (!abs_dir(shown_dir, dir, sizeof dir))
        return;
    struct trace_wave_info wi = {
        .cfg = &build_cfg,
        .tpiu_fifo_depth = build_sys_cfg.has_tpiu ? build_sys_cfg.tpiu.atb_fifo_depth : 0,
        .tpiu_frame_idle_cycles = build_sys_cfg.tpiu.frame_idle_cycles,
        .has_dwt = build_sys_cfg.has_dwt,
        .dwt_fifo_depth = build_sys_cfg.has_dwt && build_sys_cfg.dwt.trace
                              ? build_sys_cfg.dwt.fifo_depth : 0,
        .dir = dir,
        .fst = fst,
        .gtkw = gtkw,
        .reset_cycles = tb->o->reset_cycles,
        .first_cycle = first,
        .last_cycle = last,
        .fail_cycle = r->fail != F_NONE ? r->fail_cycle : INT64_MIN,
        .fail_kind = fail_kind_name[r->fail],
        .diff = r->fail == F_MISMATCH ? r->diff : 0u,
    };
    if (trace_wave_view_write(&wi) != 0)
        return;
    if (record)
        record_view(tb, dir, gtkw);
    log_msg(LOG_ERROR, "  view:  gtkwave %s/%s   (marker at cycle %" PRId64 ", time %" PRIu64
                       "%s)\n", shown_dir, gtkw, r->fail_cycle,
            trace_wave_marker_time(r->fail_cycle, tb->o->reset_cycles),
            record ? "; or: make wave" : "");
}

/* Replays the events of the current source from cycle 0 with tracing in
 * [fail - window, fail + 8] into dir/NAME.fst, and writes dir/NAME.gtkw. */
void write_fail_wave(struct tb *tb, const struct run_result *orig, const char *dir,
                     const char *name)
{
    char path[1100], fst[64], gtkw[64];
    snprintf(fst, sizeof fst, "%s.fst", name);
    snprintf(gtkw, sizeof gtkw, "%s.gtkw", name);
    snprintf(path, sizeof path, "%s/%s", dir, fst);
    int64_t from = orig->fail_cycle - (int64_t)tb->o->wave_window;
    if (from < -(int64_t)tb->o->reset_cycles)
        from = -(int64_t)tb->o->reset_cycles;
    struct run_ctl ctl = {.checks = false, .trace = path, .trace_from = from,
                          .stop_after = orig->fail_cycle + POST_FAIL_CYCLES,
                          .verify_at = orig->fail == F_MISMATCH ? orig->fail_cycle : INT64_MIN};
    char adir[1024];
    if (!abs_dir(dir, adir, sizeof adir) || tb_start(tb, true) != 0)
        return;
    double t0 = now_s();
    int64_t start = tb_ckpt_restore(tb, from);
    static struct run_result rr;
    enum log_level lvl = log_get_level();
    if (lvl > LOG_INFO)
        log_set_level(LOG_INFO); /* the replay's packets were printed by the run already */
    tb_run(tb, &ctl, &rr);
    log_set_level(lvl);
    if (rr.trace_failed)
        return;
    char how[96];
    if (start == INT64_MIN)
        snprintf(how, sizeof how, "from cycle -%u", tb->o->reset_cycles);
    else
        snprintf(how, sizeof how, "from the checkpoint at cycle %" PRId64, start);
    log_msg(LOG_ERROR, "  waves: %s (cycles %" PRId64 "..%" PRId64 ", time = 10 * (cycle + %u))\n"
                       "         replayed %s in %.2f s\n",
            path, from, rr.last_cycle, tb->o->reset_cycles, how, now_s() - t0);
    if (orig->fail == F_MISMATCH && rr.early < orig->fail_cycle)
        log_msg(LOG_ERROR, "  warning: the replay's outputs differ already at cycle %" PRId64
                           " (%s; non-deterministic RTL or model, or a bad checkpoint?)\n",
                rr.early, how);
    else if (orig->fail == F_MISMATCH && !rr.verified)
        log_msg(LOG_ERROR, "  warning: the replay did not show the mismatch at cycle %" PRId64
                           " (non-deterministic RTL or model?)\n", orig->fail_cycle);
    write_view(tb, dir, fst, gtkw, from, rr.last_cycle, orig, strcmp(name, "mismatch") == 0);
}

/* The waves of a failed run: its --wave trace, or a replay into DIR/mismatch.fst. */
void write_mismatch_wave(struct tb *tb, const struct run_result *orig)
{
    if (!tb->use_r) {
        log_msg(LOG_ERROR, "  waves: none (--mode golden has no RTL)\n");
        return;
    }
    if (tb->o->wave && orig->trace_failed)
        return;
    if (tb->o->wave) {
        log_msg(LOG_ERROR, "  waves: %s (every cycle, up to cycle %" PRId64 ")\n", tb->o->wave,
                orig->last_cycle);
        /* The view goes beside the trace: FILE.fst -> FILE.gtkw. */
        const char *slash = strrchr(tb->o->wave, '/');
        char dir[1024], fst[256], gtkw[256];
        if (slash)
            snprintf(dir, sizeof dir, "%.*s", (int)(slash - tb->o->wave), tb->o->wave);
        else
            snprintf(dir, sizeof dir, ".");
        if (dir[0] == '\0')
            snprintf(dir, sizeof dir, "/");
        snprintf(fst, sizeof fst, "%s", slash ? slash + 1 : tb->o->wave);
        size_t len = strlen(fst);
        int stem = (int)(len > 4 && strcmp(fst + len - 4, ".fst") == 0 ? len - 4 : len);
        snprintf(gtkw, sizeof gtkw, "%.*s.gtkw", stem, fst);
        write_view(tb, dir, fst, gtkw, -(int64_t)tb->o->reset_cycles, orig->last_cycle, orig,
                   true);
        return;
    }
    char dir[1024];
    wave_dir(tb, dir, sizeof dir);
    write_fail_wave(tb, orig, dir, "mismatch");
}
