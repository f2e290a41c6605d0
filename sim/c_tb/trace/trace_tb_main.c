/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep harness for the ITM: runs the Verilated itm_top and the golden model with
 * the same inputs every cycle and compares every output every cycle (docs/itm-contract.md,
 * sim/c_tb/SCENARIO.md). */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* realpath */

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "compare.h"
#include "driver.h"
#include "fcov.h"
#include "dut_trace.h"
#include "sys_model.h"
#include "trace_wave.h"
#include "build_cfg.h"
#include "log.h"
#include "pins.h"
#include "random.h"
#include "scenario.h"
#include "shrink.h"
#include "stream.h"


enum exit_code { EXIT_PASS = 0, EXIT_FAIL = 1, EXIT_USAGE = 2, EXIT_SKIP = 77 };
enum mode { MODE_LOCKSTEP, MODE_RTL, MODE_GOLDEN };
static const char *const mode_names[] = {"lockstep", "rtl", "golden"};

#define POST_FAIL_CYCLES 8 /* cycles traced after a failure */

struct opts {
    const char *scenario;
    uint64_t seed;
    bool seed_given;
    uint64_t cycles;
    bool cycles_given;
    unsigned reset_cycles;
    uint64_t max_cycles;
    const char *wave;
    uint64_t wave_window;
    const char *wave_dir;
    enum mode mode;
    bool progress;
    bool print_config;
    uint32_t rand_init;
    bool rand_init_given;
    const char *emit_scenario;
    bool shrink;
    uint64_t shrink_runs;
    bool fcov;             /* --fcov */
    const char *fcov_json; /* --fcov-json */
    const char *capture_swo, *capture_par; /* --capture-swo, --capture-par */
};

/* Events of a run as they started (for --shrink), with their start cycles. */
struct ev_list {
    struct event *ev;
    int64_t *cycle;
    size_t n, cap;
    bool overflow; /* more than SHRINK_MAX_EVENTS since the last reset */
};
#define SHRINK_MAX_EVENTS 4000000u

/* Everything one run needs; a replay re-initialises it from scratch. */
struct tb {
    const struct opts *o;
    int argc;
    char **argv;
    bool use_g, use_r;
    struct sys_model gm;
    struct dut_trace *dut;
    struct scenario scen;
    struct rgen *rg;
    struct driver drv;
    struct stream sg, sr;
    struct stream tg, tr;          /* TPIU formatter output (txb) of each side */
    bool pins;                     /* the expectations include expect_pin lines */
    FILE *cap_swo, *cap_par;       /* pin captures of the main run, or NULL */
    FILE *emit;
    const struct scenario *expect; /* expectations checked on the streams, or NULL */
    uint32_t rand_init;            /* Verilator initial values of the next model */
    struct ev_list col;            /* --shrink: the events of the main run */
    bool collect;
    struct fcov *fcov;             /* functional coverage of the main run, or NULL */
};

/* What the cycle loop does. */
struct run_ctl {
    bool checks;         /* compare and check expectations (off in a replay) */
    const char *trace;   /* FST path or NULL */
    int64_t trace_from;  /* first traced cycle */
    int64_t stop_after;  /* last cycle run (INT64_MAX: until the end) */
    int64_t verify_at;   /* replay: compare the outputs in this cycle (else INT64_MIN) */
};

enum fail_kind { F_NONE, F_MISMATCH, F_CHECK, F_RTL_STOP, F_TIMEOUT };

struct run_result {
    enum fail_kind fail;
    int64_t fail_cycle;
    unsigned diff;
    struct sys_in in;
    struct sys_out og, orr;
    char msg[600];
    int64_t last_cycle; /* last cycle run */
    bool snap_pending;  /* take the snapshot at the end of this cycle */
    struct driver drv;  /* state when the failure was seen (the run may go on for waves) */
    struct stream sg, sr;
    uint64_t cycles;    /* cycles run, reset included */
    double seconds;
    bool verified; /* replay: the outputs differed in cycle verify_at */
    bool trace_failed;
};

/* ---- CLI ------------------------------------------------------------------------------- */

static void usage(FILE *f, const char *prog)
{
    fprintf(f,
"Usage: %s [options] [SCENARIO]\n"
"\n"
"Runs the Verilated trace_top (ITM, FPB; with dwt=1 the DWT, with tpiu=1 the TPIU) and\n"
"its golden model in lockstep: the same inputs every cycle, every output compared every\n"
"cycle. With SCENARIO (format: sim/c_tb/SCENARIO.md) the events come from the file;\n"
"without it from the constrained-random generator.\n"
"\n"
"Options:\n"
"  --seed N           random mode: generator seed (default: from the clock; always printed)\n"
"  --cycles N         random mode: cycles to run after the initial reset (default 100000)\n"
"  --reset-cycles N   cycles of the initial reset, numbered -N..-1 (default 4, min 1)\n"
"  --max-cycles N     hard timeout: fail if cycle N is reached (default 50000000)\n"
"  --mode M           lockstep (default) | rtl (Verilated model only) | golden (model only);\n"
"                     rtl and golden do not compare (benchmarking, single-model checks)\n"
"  --rand-init N      randomise the RTL's initial register values (Verilator\n"
"                     --x-initial/--x-assign unique) from seed N; 0 = all zero\n"
"                     (default: the --seed in random mode, 1 with a scenario)\n"
"  --wave FILE        trace every cycle into FILE (FST)\n"
"  --wave-window N    on a failure, replay the run and trace cycles [fail-N, fail+%d]\n"
"                     (default 2000)\n"
"  --wave-dir DIR     directory of that trace, mismatch.fst, and of its GTKWave view\n"
"                     mismatch.gtkw (default: the binary's directory)\n"
"  --shrink           on a mismatch, reduce the events to a minimal scenario that still\n"
"                     fails the same way (delta debugging), write it to DIR/shrunk.scn\n"
"                     with its waves DIR/shrunk.fst and DIR/shrunk.gtkw\n"
"  --shrink-runs N    at most N trial runs while shrinking (default 2000)\n"
"  --emit-scenario F  write every event run, in scenario syntax, to F (turns a random run\n"
"                     into a directed test: running F reproduces it)\n"
"  --progress         print cycles/s about every 2 s to stderr\n"
"  --fcov             print the functional coverage of the run (docs/coverage.md)\n"
"  --fcov-json FILE   write it as JSON to FILE (tests/fcov_merge.py sums such files)\n"
"  --capture-swo FILE write the SWO pin, one byte (0/1) per cycle out of reset, to FILE\n"
"  --capture-par FILE write TRACEDATA, one byte per cycle out of reset, to FILE (the RTL's\n"
"                     pins; the golden model's with --mode golden; decode: tracedump)\n"
"  --print-config     print this binary's configuration (scenario 'config' syntax), exit\n"
"  --quiet            errors only\n"
"  --verbose          also debug messages (every event as it starts)\n"
"  --help             this text\n"
"Options take their value as the next argument or after '=' (--seed=7).\n"
"\n"
"Exit status: 0 pass, 1 mismatch or failed check, 2 usage or scenario error,\n"
"77 the scenario needs another configuration (skipped).\n",
            prog, POST_FAIL_CYCLES);
}

static bool parse_num(const char *s, uint64_t *v)
{
    if (!s || !*s)
        return false;
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end || s[0] == '-')
        return false;
    *v = x;
    return true;
}

static bool need_num(const char *name, const char *val, bool ok, uint64_t n, uint64_t lo,
                     uint64_t hi)
{
    if (ok && n >= lo && n <= hi)
        return true;
    log_msg(LOG_ERROR, "trace_tb: error: %s: expected a number in %" PRIu64 "..%" PRIu64
                       ", got '%s'\n", name, lo, hi, val);
    return false;
}

/* Returns EXIT_PASS, or EXIT_USAGE after printing the reason. */
static int parse_args(int argc, char **argv, struct opts *o)
{
    memset(o, 0, sizeof *o);
    o->cycles = 100000;
    o->reset_cycles = 4;
    o->max_cycles = 50000000;
    o->wave_window = 2000;
    o->shrink_runs = 2000;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] == '\0') {
            if (o->scenario) {
                log_msg(LOG_ERROR, "trace_tb: error: more than one scenario ('%s', '%s')\n",
                        o->scenario, a);
                return EXIT_USAGE;
            }
            o->scenario = a;
            continue;
        }
        char name[64];
        const char *val = NULL;
        const char *eq = strchr(a, '=');
        if (eq) {
            snprintf(name, sizeof name, "%.*s", (int)(eq - a), a);
            val = eq + 1;
        } else
            snprintf(name, sizeof name, "%s", a);
        static const char *const flags[] = {"--help", "-h", "--progress", "--print-config",
                                            "--quiet", "--verbose", "--shrink", "--fcov"};
        static const char *const valued[] = {"--seed", "--cycles", "--reset-cycles",
                                             "--max-cycles", "--wave", "--wave-window",
                                             "--wave-dir", "--emit-scenario", "--rand-init",
                                             "--mode", "--shrink-runs", "--fcov-json",
                                             "--capture-swo", "--capture-par"};
        bool is_flag = false, known = false;
        for (unsigned k = 0; k < sizeof flags / sizeof flags[0]; k++)
            is_flag |= strcmp(name, flags[k]) == 0;
        for (unsigned k = 0; k < sizeof valued / sizeof valued[0]; k++)
            known |= strcmp(name, valued[k]) == 0;
        if (!is_flag && !known) {
            log_msg(LOG_ERROR, "trace_tb: error: unknown option '%s' (see --help)\n", name);
            return EXIT_USAGE;
        }
        if (is_flag && val) {
            log_msg(LOG_ERROR, "trace_tb: error: %s takes no value\n", name);
            return EXIT_USAGE;
        }
        if (!is_flag && !val) {
            if (i + 1 >= argc) {
                log_msg(LOG_ERROR, "trace_tb: error: %s needs a value (see --help)\n", name);
                return EXIT_USAGE;
            }
            val = argv[++i];
        }
        uint64_t n = 0;
        bool num_ok = !is_flag && parse_num(val, &n);
#define NEED_NUM(lo, hi)                                                                        \
    do {                                                                                        \
        if (!need_num(name, val, num_ok, n, (lo), (hi)))                                        \
            return EXIT_USAGE;                                                                  \
    } while (0)
        if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
            usage(stdout, argv[0]);
            exit(EXIT_PASS);
        } else if (strcmp(name, "--progress") == 0)
            o->progress = true;
        else if (strcmp(name, "--print-config") == 0)
            o->print_config = true;
        else if (strcmp(name, "--shrink") == 0)
            o->shrink = true;
        else if (strcmp(name, "--fcov") == 0)
            o->fcov = true;
        else if (strcmp(name, "--fcov-json") == 0)
            o->fcov_json = val;
        else if (strcmp(name, "--capture-swo") == 0)
            o->capture_swo = val;
        else if (strcmp(name, "--capture-par") == 0)
            o->capture_par = val;
        else if (strcmp(name, "--shrink-runs") == 0) {
            NEED_NUM(1, 1000000);
            o->shrink_runs = n;
        }
        else if (strcmp(name, "--quiet") == 0)
            log_set_level(LOG_ERROR);
        else if (strcmp(name, "--verbose") == 0)
            log_set_level(LOG_DEBUG);
        else if (strcmp(name, "--seed") == 0) {
            NEED_NUM(0, UINT64_MAX);
            o->seed = n;
            o->seed_given = true;
        } else if (strcmp(name, "--cycles") == 0) {
            NEED_NUM(1, (uint64_t)INT64_MAX / 2);
            o->cycles = n;
            o->cycles_given = true;
        } else if (strcmp(name, "--reset-cycles") == 0) {
            NEED_NUM(1, 1000000);
            o->reset_cycles = (unsigned)n;
        } else if (strcmp(name, "--max-cycles") == 0) {
            NEED_NUM(1, (uint64_t)INT64_MAX / 2);
            o->max_cycles = n;
        } else if (strcmp(name, "--wave") == 0)
            o->wave = val;
        else if (strcmp(name, "--wave-window") == 0) {
            NEED_NUM(0, (uint64_t)INT64_MAX / 4);
            o->wave_window = n;
        } else if (strcmp(name, "--wave-dir") == 0)
            o->wave_dir = val;
        else if (strcmp(name, "--emit-scenario") == 0)
            o->emit_scenario = val;
        else if (strcmp(name, "--rand-init") == 0) {
            NEED_NUM(0, 0x7FFFFFFF);
            o->rand_init = (uint32_t)n;
            o->rand_init_given = true;
        } else if (strcmp(name, "--mode") == 0) {
            unsigned m;
            for (m = 0; m < 3 && strcmp(val, mode_names[m]) != 0; m++)
                ;
            if (m == 3) {
                log_msg(LOG_ERROR, "trace_tb: error: --mode: expected lockstep, rtl or golden, got "
                                   "'%s'\n", val);
                return EXIT_USAGE;
            }
            o->mode = (enum mode)m;
        } else {
            log_msg(LOG_ERROR, "trace_tb: error: unknown option '%s' (see --help)\n", name);
            return EXIT_USAGE;
        }
#undef NEED_NUM
    }
    if (o->scenario && (o->seed_given || o->cycles_given)) {
        log_msg(LOG_ERROR, "trace_tb: error: --seed/--cycles are for random mode; a scenario "
                           "(%s) defines its own events\n", o->scenario);
        return EXIT_USAGE;
    }
    if (o->shrink && o->mode != MODE_LOCKSTEP) {
        log_msg(LOG_ERROR, "trace_tb: error: --shrink needs --mode lockstep (it shrinks to a "
                           "mismatch)\n");
        return EXIT_USAGE;
    }
    if (o->wave && o->mode == MODE_GOLDEN) {
        log_msg(LOG_ERROR, "trace_tb: error: --wave traces the RTL, not available with --mode "
                           "golden\n");
        return EXIT_USAGE;
    }
    return EXIT_PASS;
}

/* Room for cfg_string's longest output (every key of a configuration with a DWT). */
#define CFG_STR_LEN 256

static void cfg_string(const struct sys_cfg *s, char *buf, size_t n)
{
    const struct itm_cfg *c = &s->itm;
    const struct fpb_cfg *f = &s->fpb;
    const struct dwt_cfg *w = &s->dwt;
    int len = snprintf(buf, n,
                       "ports=%u fifo=%u hwfifo=%u ts=%u gts=%u code=%u lit=%u both=%d sec=%d "
                       "ude=%d tpiu=%d dwt=%d",
                       c->num_stim_ports, c->stim_fifo_depth, c->hw_fifo_depth, c->ts_width,
                       c->gts_width, f->num_code, f->num_lit, f->both_halves, f->sec_ext, f->ude,
                       s->has_tpiu, s->has_dwt);
    if (s->has_dwt && len > 0 && (size_t)len < n)
        snprintf(buf + len, n - (size_t)len,
                 " comps=%u dfifo=%u main=%d trace=%d cyccnt=%d prfcnt=%d exttrig=%d vmask=%d "
                 "pcsr=%d",
                 w->num_comp, w->fifo_depth, w->main_ext, w->trace, w->cyccnt, w->prfcnt,
                 w->exttrig, w->vmask, w->pcsr);
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- scenario loading ------------------------------------------------------------------ */

static int load_scenario(struct scenario *s, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        log_msg(LOG_ERROR, "%s: error: cannot open scenario: %s\n", path, strerror(errno));
        return EXIT_USAGE;
    }
    /* Every event and every expected byte needs at least two characters of the file. */
    size_t size = (size_t)st.st_size;
    s->cap_ev = size / 2 + 16;
    s->cap_seg = size / 2 + 16;
    s->cap_bytes = size / 2 + 16;
    s->ev = calloc(s->cap_ev, sizeof *s->ev);
    s->seg = calloc(s->cap_seg, sizeof *s->seg);
    s->bytes = calloc(s->cap_bytes, 1);
    if (!s->ev || !s->seg || !s->bytes) {
        log_msg(LOG_ERROR, "%s: error: out of memory\n", path);
        return EXIT_USAGE;
    }
    unsigned errors = scenario_parse_file(s, path);
    if (errors) {
        log_msg(LOG_ERROR, "%s: %u error%s\n", path, errors, errors == 1 ? "" : "s");
        return EXIT_USAGE;
    }
    /* config lines: this binary must have the configuration the scenario needs */
    const struct fpb_cfg *fc = &build_sys_cfg.fpb;
    const struct dwt_cfg *wc = &build_sys_cfg.dwt;
    const unsigned have[SCFG_NKEYS] = {build_cfg.num_stim_ports, build_cfg.stim_fifo_depth,
                                       build_cfg.hw_fifo_depth, build_cfg.ts_width,
                                       build_cfg.gts_width, fc->num_code, fc->num_lit,
                                       fc->both_halves, fc->sec_ext, fc->ude,
                                       build_sys_cfg.has_tpiu, build_sys_cfg.has_dwt,
                                       wc->num_comp, wc->fifo_depth, wc->main_ext, wc->trace,
                                       wc->cyccnt, wc->prfcnt, wc->exttrig, wc->vmask,
                                       wc->pcsr};
    bool skip = false;
    /* The DWT owns the ITM's hardware-source port (docs/dwt-contract.md [DWT-TOP-1]); the
     * observation lines need a DWT. */
    for (size_t i = 0; i < s->nev; i++) {
        const struct event *e = &s->ev[i];
        bool hw = e->kind == EV_HW ||
                  (e->kind == EV_PULSE && (e->sig == SIG_HW_OVF || e->sig == SIG_DWT_SYNC));
        bool obs = e->kind == EV_INSTR || e->kind == EV_ACCESS || e->kind == EV_EXC ||
                   e->kind == EV_EVT;
        if ((hw && build_sys_cfg.has_dwt) || (obs && !build_sys_cfg.has_dwt)) {
            log_msg(LOG_ERROR,
                    "%s:%" PRIu32 ": skipped: %s, this binary is built with dwt=%d\n", path,
                    e->line,
                    hw ? "the scenario drives the ITM's hardware-source port, which the DWT owns"
                       : "the scenario drives the DWT's observation port",
                    build_sys_cfg.has_dwt);
            skip = true;
            break;
        }
    }
    /* DWT parameter keys only make sense with a DWT */
    for (unsigned k = SCFG_COMPS; k < SCFG_NKEYS && !build_sys_cfg.has_dwt; k++)
        if (s->cfg.given[k] && !skip) {
            log_msg(LOG_ERROR, "%s:%" PRIu32 ": skipped: the scenario needs a DWT (%s=), this "
                    "binary is built with dwt=0\n", path, s->cfg.line[k], scen_cfg_key_name[k]);
            skip = true;
        }
    /* tpiu not given means tpiu=0: such a scenario expects the ATB of a free sink */
    if (!s->cfg.given[SCFG_TPIU] && build_sys_cfg.has_tpiu) {
        log_msg(LOG_ERROR,
                "%s: skipped: the scenario has no 'config tpiu=1' line (it needs tpiu=0), "
                "this binary is built with tpiu=1\n",
                path);
        skip = true;
    }
    for (unsigned k = 0; k < SCFG_NKEYS; k++) {
        if (k >= SCFG_COMPS && !build_sys_cfg.has_dwt)
            continue;
        if (s->cfg.given[k] && s->cfg.value[k] != have[k]) {
            log_msg(LOG_ERROR,
                    "%s:%" PRIu32 ": skipped: the scenario needs %s=%u, this binary is built "
                    "with %s=%u\n",
                    path, s->cfg.line[k], scen_cfg_key_name[k], s->cfg.value[k],
                    scen_cfg_key_name[k], have[k]);
            skip = true;
        }
    }
    return skip ? EXIT_SKIP : EXIT_PASS;
}

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

/* ---- the cycle loop -------------------------------------------------------------------- */

static int tb_start(struct tb *tb, bool replay)
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
    stream_init(&tb->sg, "golden", tb->expect);
    stream_init(&tb->sr, "rtl", tb->expect);
    stream_init_kind(&tb->tg, "golden", tb->expect, SEG_TXB);
    stream_init_kind(&tb->tr, "rtl", tb->expect, SEG_TXB);
    tb->pins = pins_any(tb->expect);
    return 0;
}

static void progress(const struct tb *tb, double t0, double *last, uint64_t cycles)
{
    double t = now_s();
    if (t - *last < 2.0)
        return;
    *last = t;
    /* asked for explicitly, so shown even with --quiet (stderr, like errors) */
    log_msg(LOG_ERROR, "trace_tb: cycle %" PRId64 ", %.0f cycles/s\n", tb->drv.cycle,
            (double)cycles / (t - t0));
}

static void snapshot(const struct tb *tb, struct run_result *r)
{
    r->drv = tb->drv;
    r->sg = tb->sg;
    r->sr = tb->sr;
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

static void run(struct tb *tb, const struct run_ctl *ctl, struct run_result *r)
{
    const bool use_g = tb->use_g, use_r = tb->use_r, lockstep = use_g && use_r;
    const int64_t max_cycle = (int64_t)tb->o->max_cycles;
    struct driver *drv = &tb->drv;
    struct sys_in in;
    struct sys_out og, orr;
    struct dut_trace_tb tbv;
    memset(&og, 0, sizeof og);
    memset(&orr, 0, sizeof orr);
    memset(&tbv, 0, sizeof tbv);
    memset(r, 0, sizeof *r);
    bool checks = ctl->checks;
    bool tracing = false;
    bool trace_wanted = ctl->trace != NULL && use_r;
    int64_t stop_after = ctl->stop_after;
    double t0 = now_s(), last_progress = t0;
    uint64_t cycles = 0;

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
        if (use_g)
            sys_model_eval(&tb->gm, &in, &og);
        if (tb->fcov && use_g)
            fcov_cycle(tb->fcov, &in, &og, &tb->gm);
        if (use_r) {
            dut_trace_set_inputs(tb->dut, &in);
            dut_trace_eval(tb->dut);
            dut_trace_get_outputs(tb->dut, &orr);
        }
        if (lockstep && c == ctl->verify_at)
            r->verified = cmp_outputs(&og, &orr) != 0;
        if (tracing) { /* the trace-only inputs of trace_tb_top, before the streams move on */
            tbv.exp = og;
            tbv.cycle = c;
            tbv.mismatch = lockstep && cmp_outputs(&og, &orr) != 0;
            tbv.exp_atpkt = use_g ? atpkt_view(&tb->sg, &in, &og) : 0;
            tbv.rtl_atpkt = atpkt_view(&tb->sr, &in, &orr);
        }
        if (lockstep && checks) {
            unsigned diff = cmp_outputs(&og, &orr);
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
            if (use_g && og.atready && og.itm.atvalid && !stream_push(&tb->sg, og.itm.atdata, c))
                fmsg = tb->sg.fail_msg;
            if (use_r && orr.atready && orr.itm.atvalid &&
                !stream_push(&tb->sr, orr.itm.atdata, c) && !fmsg)
                fmsg = tb->sr.fail_msg;
            if (use_g && og.txb_valid && !stream_push(&tb->tg, og.txb, c) && !fmsg)
                fmsg = tb->tg.fail_msg;
            if (use_r && orr.txb_valid && !stream_push(&tb->tr, orr.txb, c) && !fmsg)
                fmsg = tb->tr.fail_msg;
            if (__builtin_expect(tb->pins, 0) && !fmsg) {
                if (use_g && !pins_check(tb->expect, c, &og, "golden", pmsg, sizeof pmsg))
                    fmsg = pmsg;
                else if (use_r && !pins_check(tb->expect, c, &orr, "rtl", pmsg, sizeof pmsg))
                    fmsg = pmsg;
            }
            if (fmsg && checks) {
                set_fail(r, F_CHECK, c, fmsg);
                checks = false;
                stop_after = tracing ? c + POST_FAIL_CYCLES : c;
            }
            if ((tb->cap_swo || tb->cap_par) && ctl->checks &&
                pins_capture(tb->cap_swo, tb->cap_par, use_r ? &orr : &og) != 0) {
                log_msg(LOG_ERROR, "trace_tb: error: cannot write a pin capture\n");
                tb->cap_swo = tb->cap_par = NULL;
            }
        }
        st = driver_observe(drv, &in, use_g ? &og : &orr, lockstep ? &orr : NULL);
        if (st == DRV_FAIL && checks) {
            set_fail(r, F_CHECK, c, drv->fail_msg);
            checks = false;
            stop_after = tracing ? c + POST_FAIL_CYCLES : c;
        }
        if (r->snap_pending)
            snapshot(tb, r);
        if (use_g)
            sys_model_step(&tb->gm, &in);
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
        if (c + 1 >= max_cycle && checks && c + 1 <= stop_after) {
            char msg[160];
            snprintf(msg, sizeof msg, "timeout: --max-cycles %" PRId64 " reached", max_cycle);
            set_fail(r, F_TIMEOUT, c, msg);
            snapshot(tb, r);
            break;
        }
        if (__builtin_expect((cycles & 0xFFFF) == 0, 0) && tb->o->progress && ctl->checks)
            progress(tb, t0, &last_progress, cycles);
    }
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
        else if (!pins_finish(tb->expect, end, pmsg, sizeof pmsg))
            set_fail(r, F_CHECK, end, pmsg);
        if (r->snap_pending)
            snapshot(tb, r);
    }
}

/* ---- reports --------------------------------------------------------------------------- */

static void print_inputs(const struct sys_in *s)
{
    const struct itm_in *i = &s->itm;
    log_msg(LOG_ERROR,
            "  inputs: rst_n=%d psel=%d penable=%d pwrite=%d paddr=0x%03x pwdata=0x%08x "
            "pstrb=0x%x pprot=%u\n"
            "          atready=%d afvalid=%d hw_valid=%d hw_data=0x%010" PRIx64 " hw_ovf=%d "
            "dwt_sync=%d tpiu_sync=%d\n"
            "          ts_tick=%d async_idle=%d gts=0x%016" PRIx64 " gts_clkch=%d trcena=%d "
            "niden=%d spniden=%d pe_secure=%d halted=%d\n"
            "          if_valid=%d if_addr=0x%08x if_kind=%u if_size32=%d if_secure=%d "
            "if_priv=%d\n"
            "          hda=%d uhda=%d uhda_s=%d c_debugen=%d s_halt=%d s_sde=%d mon_en=%d "
            "sdme=%d umon_en=%d mon_prio=%d\n",
            i->rst_n, i->psel, i->penable, i->pwrite, i->paddr, i->pwdata, i->pstrb, i->pprot,
            i->atready, i->afvalid, i->hw_valid, i->hw_data, i->hw_ovf, i->dwt_sync_req,
            i->tpiu_sync_req, i->ts_async_tick, i->async_idle, i->gts, i->gts_clkch, i->trcena,
            i->niden, i->spniden, i->pe_secure, i->halted, s->if_valid, s->if_addr, s->if_kind,
            s->if_size32, s->if_secure, s->if_priv, s->hda, s->uhda, s->uhda_s, s->c_debugen,
            s->s_halt, s->s_sde, s->mon_en, s->sdme, s->umon_en, s->mon_prio);
    if (!build_sys_cfg.has_dwt)
        return;
    log_msg(LOG_ERROR,
            "          ia_valid=%d ia_addr=0x%08x ia_secure=%d ia_priv=%d pe_priv=%d niden_p=%d "
            "spniden_p=%d monrdy=%d\n"
            "          da_valid=%d da_addr=0x%08x da_size=%u da_write=%d da_data=0x%08x "
            "da_pc=0x%08x da_secure=%d da_priv=%d da_fault=%d da_lazyfp=%d\n"
            "          exc_valid=%d exc_fn=%u exc_num=%u exc_secure=%d sleeping=%d evt "
            "cpi=%d exc=%d sleep=%d lsu=%d fold=%d\n",
            s->ia_valid, s->ia_addr, s->ia_secure, s->ia_priv, s->pe_priv, s->niden_p,
            s->spniden_p, s->monrdy, s->da_valid, s->da_addr, s->da_size, s->da_write, s->da_data,
            s->da_pc, s->da_secure, s->da_priv, s->da_fault, s->da_lazyfp, s->exc_valid,
            s->exc_fn, s->exc_num, s->exc_secure, s->sleeping, s->evt_cpi, s->evt_exc,
            s->evt_sleep, s->evt_lsu, s->evt_fold);
}

static void print_events(const struct tb *tb, const struct driver *d)
{
    uint64_t n = d->hist_n < DRIVER_HIST ? d->hist_n : DRIVER_HIST;
    log_msg(LOG_ERROR, "  last %" PRIu64 " events (of %" PRIu64 "):\n", n, d->nevents);
    for (uint64_t i = d->hist_n - n; i < d->hist_n; i++) {
        const struct driver_hist *h = &d->hist[i % DRIVER_HIST];
        char where[160], txt[256];
        log_msg(LOG_ERROR, "    cycle %8" PRId64 "  %-24s %s\n", h->cycle,
                driver_where(d, &h->ev, h->index, where, sizeof where),
                event_format(&h->ev, tb->o->scenario ? &tb->scen : NULL, txt, sizeof txt));
    }
}

/* Shell-quotes s into the buffer at *pos. */
static void append_arg(char *buf, size_t n, size_t *pos, const char *s)
{
    bool plain = *s != '\0';
    for (const char *c = s; *c; c++)
        plain &= strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=./,:@%",
                        *c) != NULL;
    if (*pos + 4 >= n)
        return;
    *pos += (size_t)snprintf(buf + *pos, n - *pos, "%s", *pos ? " " : "");
    if (plain) {
        *pos += (size_t)snprintf(buf + *pos, n - *pos, "%s", s);
        return;
    }
    buf[(*pos)++] = '\'';
    for (const char *c = s; *c && *pos + 6 < n; c++) {
        if (*c == '\'')
            *pos += (size_t)snprintf(buf + *pos, n - *pos, "'\\''");
        else
            buf[(*pos)++] = *c;
    }
    buf[(*pos)++] = '\'';
    buf[*pos] = '\0';
}

/* The same command line without the wave and shrink options, plus --seed if it was
 * implicit and --wave FILE. */
static void repro_command(const struct tb *tb, const char *wave, char *buf, size_t n)
{
    size_t pos = 0;
    buf[0] = '\0';
    append_arg(buf, n, &pos, tb->argv[0]);
    for (int i = 1; i < tb->argc; i++) {
        const char *a = tb->argv[i];
        bool with_val = strcmp(a, "--wave") == 0 || strcmp(a, "--wave-window") == 0 ||
                        strcmp(a, "--wave-dir") == 0 || strcmp(a, "--shrink-runs") == 0;
        if (with_val) {
            i++;
            continue;
        }
        if (strncmp(a, "--wave=", 7) == 0 || strncmp(a, "--wave-window=", 14) == 0 ||
            strncmp(a, "--wave-dir=", 11) == 0 || strncmp(a, "--shrink-runs=", 14) == 0 ||
            strcmp(a, "--shrink") == 0)
            continue;
        append_arg(buf, n, &pos, a);
    }
    if (!tb->o->scenario && !tb->o->seed_given) {
        char s[32];
        snprintf(s, sizeof s, "%" PRIu64, tb->o->seed);
        append_arg(buf, n, &pos, "--seed");
        append_arg(buf, n, &pos, s);
    }
    if (tb->o->mode == MODE_GOLDEN)
        return; /* nothing to trace */
    append_arg(buf, n, &pos, "--wave");
    append_arg(buf, n, &pos, wave);
}

static void wave_dir(const struct tb *tb, char *buf, size_t n)
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

static void print_run_id(const struct tb *tb)
{
    char c[CFG_STR_LEN];
    cfg_string(&build_sys_cfg, c, sizeof c);
    if (tb->o->scenario)
        log_msg(LOG_ERROR, "  config %s, mode %s, scenario %s\n", c, mode_names[tb->o->mode],
                tb->o->scenario);
    else
        log_msg(LOG_ERROR, "  config %s, mode %s, seed %" PRIu64 ", cycles %" PRIu64 "\n", c,
                mode_names[tb->o->mode], tb->o->seed, tb->o->cycles);
}

static void report_failure(struct tb *tb, const struct run_result *r)
{
    static const char *const kind[] = {"", "MISMATCH", "CHECK FAILED", "RTL STOPPED", "TIMEOUT"};
    log_msg(LOG_ERROR, "trace_tb: %s at cycle %" PRId64 "\n", kind[r->fail], r->fail_cycle);
    print_run_id(tb);
    if (r->fail == F_MISMATCH) {
        cmp_print(r->diff, &r->og, &r->orr);
        log_msg(LOG_ERROR, "  all outputs in cycle %" PRId64 ":\n", r->fail_cycle);
        cmp_print_outputs("golden", &r->og);
        cmp_print_outputs("rtl", &r->orr);
        print_inputs(&r->in);
    } else
        log_msg(LOG_ERROR, "  %s\n", r->msg);
    if (tb->use_g)
        stream_print_history(&r->sg, STREAM_HIST, LOG_ERROR);
    if (tb->use_r)
        stream_print_history(&r->sr, STREAM_HIST, LOG_ERROR);
    print_events(tb, &r->drv);
    char dir[1024], path[1100], cmd[4096];
    wave_dir(tb, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/repro.fst", dir);
    repro_command(tb, path, cmd, sizeof cmd);
    log_msg(LOG_ERROR, "  reproduce: %s\n", cmd);
}

static const char *const fail_kind_name[] = {"", "mismatch", "check failed", "RTL stopped",
                                             "timeout"};

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

/* Writes the GTKWave view (shown_dir/gtkw, translate filters beside it) of the trace
 * shown_dir/fst holding cycles first..last, with the failure of r as its marker. */
static void write_view(const struct tb *tb, const char *shown_dir, const char *fst,
                       const char *gtkw, int64_t first, int64_t last, const struct run_result *r)
{
    char dir[1024];
    if (!abs_dir(shown_dir, dir, sizeof dir))
        return;
    struct trace_wave_info wi = {
        .cfg = &build_cfg,
        .tpiu_fifo_depth = build_sys_cfg.has_tpiu ? build_sys_cfg.tpiu.atb_fifo_depth : 0,
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
    log_msg(LOG_ERROR, "  view:  gtkwave %s/%s   (marker at cycle %" PRId64 ", time %" PRIu64
                       "; or: make wave)\n", shown_dir, gtkw, r->fail_cycle,
            trace_wave_marker_time(r->fail_cycle, tb->o->reset_cycles));
}

/* Replays the events of the current source from cycle 0 with tracing in
 * [fail - window, fail + 8] into dir/NAME.fst, and writes dir/NAME.gtkw. */
static void write_fail_wave(struct tb *tb, const struct run_result *orig, const char *dir,
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
    static struct run_result rr;
    enum log_level lvl = log_get_level();
    if (lvl > LOG_INFO)
        log_set_level(LOG_INFO); /* the replay's packets were printed by the run already */
    run(tb, &ctl, &rr);
    log_set_level(lvl);
    if (rr.trace_failed)
        return;
    log_msg(LOG_ERROR, "  waves: %s (cycles %" PRId64 "..%" PRId64 ", time = 10 * (cycle + %u))\n",
            path, from, rr.last_cycle, tb->o->reset_cycles);
    if (orig->fail == F_MISMATCH && !rr.verified)
        log_msg(LOG_ERROR, "  warning: the replay did not show the mismatch at cycle %" PRId64
                           " (non-deterministic RTL or model?)\n", orig->fail_cycle);
    write_view(tb, dir, fst, gtkw, from, rr.last_cycle, orig);
}

/* The waves of a failed run: its --wave trace, or a replay into DIR/mismatch.fst. */
static void write_mismatch_wave(struct tb *tb, const struct run_result *orig)
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
        write_view(tb, dir, fst, gtkw, -(int64_t)tb->o->reset_cycles, orig->last_cycle, orig);
        return;
    }
    char dir[1024];
    wave_dir(tb, dir, sizeof dir);
    write_fail_wave(tb, orig, dir, "mismatch");
}

/* ---- shrinking (--shrink) ------------------------------------------------------------- */

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
    unsigned diff;      /* F_MISMATCH: the differing outputs must be the same */
    int64_t best_fail;  /* failure cycle of the current smallest list */
    size_t best_n;
    unsigned runs;
    double t0, last;
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
    run(tb, &ctl, &r);
    log_set_level(lvl);
    x->runs++;
    bool same = r.fail == x->kind && (x->kind != F_MISMATCH || r.diff == x->diff);
    if (same) {
        x->best_fail = r.fail_cycle;
        x->best_n = n;
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
            if (x->diff & (1u << k)) {
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
static void shrink_run(struct tb *tb, const struct run_result *orig)
{
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
        run(tb, &ctl, &r);
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

static void print_summary(const struct tb *tb, const struct run_result *r)
{
    const struct stream *s = tb->use_g ? &tb->sg : &tb->sr;
    const struct pktdec_stats *st = &s->dec.stats;
    char c[CFG_STR_LEN];
    cfg_string(&build_sys_cfg, c, sizeof c);
    log_msg(LOG_INFO, "trace_tb: PASS\n");
    log_msg(LOG_INFO, "  config  %s, mode %s\n", c, mode_names[tb->o->mode]);
    if (tb->o->scenario)
        log_msg(LOG_INFO, "  scenario %s (%zu events)\n", tb->o->scenario, tb->scen.nev);
    else
        log_msg(LOG_INFO, "  seed    %" PRIu64 " (%" PRIu64 " events)\n", tb->o->seed,
                tb->drv.nevents);
    log_msg(LOG_INFO, "  cycles  %" PRId64 " (+%u reset) in %.2f s, %.0f cycles/s\n",
            r->last_cycle + 1, tb->o->reset_cycles, r->seconds,
            r->seconds > 0 ? (double)r->cycles / r->seconds : 0.0);
    uint64_t total = 0;
    for (unsigned t = PKT_NONE + 1; t < PKT_NTYPES; t++)
        total += st->count[t];
    log_msg(LOG_INFO, "  ATB     %" PRIu64 " bytes, %" PRIu64 " packets:", st->bytes, total);
    for (unsigned t = PKT_NONE + 1; t < PKT_NTYPES; t++)
        log_msg(LOG_INFO, " %s %" PRIu64, pktdec_type_name((enum pkt_type)t), st->count[t]);
    log_msg(LOG_INFO, " (cut by reset %" PRIu64 ")\n", st->truncated);
    if (build_sys_cfg.has_tpiu) /* bytes the formatter sent to the pins (txb_o) */
        log_msg(LOG_INFO, "  TPIU    %" PRIu64 " bytes started on the pins\n",
                (tb->use_g ? &tb->tg : &tb->tr)->dec.stats.bytes);
}

/* ---- main ------------------------------------------------------------------------------ */

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    struct opts o;
    int rc = parse_args(argc, argv, &o);
    if (rc != EXIT_PASS)
        return rc;
    if (o.print_config) {
        char c[CFG_STR_LEN];
        cfg_string(&build_sys_cfg, c, sizeof c);
        printf("%s\n", c);
        return EXIT_PASS;
    }
    static struct tb tb;
    tb.o = &o;
    tb.collect = o.shrink;
    tb.argc = argc;
    tb.argv = argv;
    tb.use_g = o.mode != MODE_RTL;
    tb.use_r = o.mode != MODE_GOLDEN;

    struct ev_source src;
    static struct scen_iter it;
    if (o.scenario) {
        rc = load_scenario(&tb.scen, o.scenario);
        if (rc != EXIT_PASS)
            return rc;
        it.s = &tb.scen;
        tb.expect = &tb.scen;
        src = scen_source_get(&it, &tb.scen);
        if (!o.rand_init_given)
            o.rand_init = 1;
    } else {
        if (!o.seed_given)
            o.seed = ((uint64_t)time(NULL) * 1000003u) ^ ((uint64_t)getpid() << 16);
        tb.rg = malloc(sizeof *tb.rg);
        if (!tb.rg)
            return EXIT_USAGE;
        rgen_init(tb.rg, o.seed, &build_sys_cfg);
        src = (struct ev_source){rgen_next, rgen_rewind, tb.rg, NULL};
        if (!o.rand_init_given)
            o.rand_init = (uint32_t)(o.seed % 0x7FFFFFFFu) + 1;
    }
    driver_init(&tb.drv, &src, o.reset_cycles,
                o.scenario ? INT64_MAX : (int64_t)o.cycles);
    tb.rand_init = o.rand_init;

    char c[CFG_STR_LEN];
    cfg_string(&build_sys_cfg, c, sizeof c);
    if (o.scenario)
        log_msg(LOG_INFO, "trace_tb: config %s, mode %s, scenario %s\n", c, mode_names[o.mode],
                o.scenario);
    else
        log_msg(LOG_INFO, "trace_tb: config %s, mode %s, seed %" PRIu64 ", cycles %" PRIu64 "\n",
                c, mode_names[o.mode], o.seed, o.cycles);

    if (o.emit_scenario) {
        tb.emit = fopen(o.emit_scenario, "w");
        if (!tb.emit) {
            log_msg(LOG_ERROR, "trace_tb: error: cannot write %s: %s\n", o.emit_scenario,
                    strerror(errno));
            return EXIT_USAGE;
        }
        if (o.scenario)
            fprintf(tb.emit, "# events of scenario %s", o.scenario);
        else
            fprintf(tb.emit, "# events of the random run --seed %" PRIu64 " --cycles %" PRIu64,
                    o.seed, o.cycles);
        fprintf(tb.emit, " (run it with --reset-cycles %u)\nconfig %s\n", o.reset_cycles, c);
    }

    if (tb_start(&tb, false) != 0)
        return EXIT_FAIL;
    struct run_ctl ctl = {.checks = true, .trace = o.wave, .trace_from = INT64_MIN,
                          .stop_after = INT64_MAX, .verify_at = INT64_MIN};
    struct run_result r;
    static struct fcov fc;
    if (o.fcov || o.fcov_json) {
        fcov_init(&fc);
        tb.fcov = &fc;
    }
    const char *cap_path[2] = {o.capture_swo, o.capture_par};
    FILE **cap_file[2] = {&tb.cap_swo, &tb.cap_par};
    for (unsigned k = 0; k < 2; k++) {
        if (!cap_path[k])
            continue;
        *cap_file[k] = fopen(cap_path[k], "wb");
        if (!*cap_file[k]) {
            log_msg(LOG_ERROR, "trace_tb: error: cannot write %s: %s\n", cap_path[k],
                    strerror(errno));
            return EXIT_USAGE;
        }
    }
    run(&tb, &ctl, &r);
    for (unsigned k = 0; k < 2; k++) {
        if (*cap_file[k] && fclose(*cap_file[k]) != 0)
            log_msg(LOG_ERROR, "trace_tb: error: cannot write %s\n", cap_path[k]);
        *cap_file[k] = NULL;
    }
    tb.fcov = NULL; /* replays and shrink runs are not counted */
    if (o.fcov)
        fcov_print(&fc, LOG_INFO);
    if (o.fcov_json && fcov_write_json(&fc, o.fcov_json, c) != 0)
        log_msg(LOG_ERROR, "trace_tb: error: cannot write %s: %s\n", o.fcov_json, strerror(errno));
    if (tb.emit) {
        fprintf(tb.emit, "end\n");
        fclose(tb.emit);
        tb.emit = NULL;
    }
    if (r.fail != F_NONE) {
        report_failure(&tb, &r);
        write_mismatch_wave(&tb, &r);
        if (o.shrink)
            shrink_run(&tb, &r);
        rc = EXIT_FAIL;
    } else {
        print_summary(&tb, &r);
        if (o.shrink)
            log_msg(LOG_INFO, "trace_tb: shrink: the run passed, nothing to shrink\n");
        rc = EXIT_PASS;
    }
    free(tb.col.ev);
    free(tb.col.cycle);
    if (tb.dut) {
        dut_trace_final(tb.dut);
        dut_trace_free(tb.dut);
    }
    return rc;
}
