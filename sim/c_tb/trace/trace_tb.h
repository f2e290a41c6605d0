/* SPDX-License-Identifier: Apache-2.0 */
/* What the parts of the lockstep harness trace_tb share: the options, the state of one run
 * (struct tb), what the cycle loop is asked to do and what it found, and the exit codes.
 * The parts: trace_tb_cli (command line), trace_tb_scenario (loading a scenario),
 * trace_tb_run (the cycle loop), trace_tb_report (failure report, repro command, summary),
 * trace_tb_replay (wave replay and its GTKWave view), trace_tb_shrink (--shrink) and
 * trace_tb_main (main). */
#ifndef TRACEREF_SIM_C_TB_TRACE_TRACE_TB_H
#define TRACEREF_SIM_C_TB_TRACE_TRACE_TB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "driver.h"
#include "dut_trace.h"
#include "random.h"
#include "scenario.h"
#include "stream.h"
#include "sys_model.h"

struct fcov;
struct tb_ckpt;

enum exit_code { EXIT_PASS = 0, EXIT_FAIL = 1, EXIT_USAGE = 2, EXIT_SKIP = 77 };
enum mode { MODE_LOCKSTEP, MODE_RTL, MODE_GOLDEN };
extern const char *const mode_names[3]; /* indexed by enum mode, as --mode spells them */

#define POST_FAIL_CYCLES 8 /* cycles traced after a failure */

struct opts {
    const char *scenario;
    uint64_t seed;
    bool seed_given;
    uint64_t cycles;
    bool cycles_given;
    unsigned reset_cycles;
    uint64_t max_cycles;
    bool max_cycles_given;
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
    const char *capture_txb;               /* --capture-txb: the formatter output bytes */
    uint64_t capture_rate;                 /* --capture-rate: Hz recorded in .sr captures */
    bool warn_unmapped;                    /* --warn-unmapped */
    uint64_t ckpt_ms;  /* --checkpoint-ms: run time between checkpoints (0: none) */
    bool time_models;  /* --time-models (trace_tb_models.h) */
    int64_t inject_at; /* --inject-mismatch: golden busy inverted in this cycle (INT64_MAX: never) */
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
    struct stream eg, er;          /* the ETM's ATB bytes of each side */
    bool pins;                     /* the expectations include expect_pin lines */
    FILE *cap_swo, *cap_par;       /* pin captures of the main run, or NULL */
    FILE *cap_txb;                 /* --capture-txb of the main run, or NULL */
    FILE *emit;
    const struct scenario *expect; /* expectations checked on the streams, or NULL */
    uint32_t rand_init;            /* Verilator initial values of the next model */
    struct ev_list col;            /* --shrink: the events of the main run */
    bool collect;
    struct fcov *fcov;             /* functional coverage of the main run, or NULL */
    bool ckpt_on;                  /* the main run saves checkpoints (trace_tb_ckpt.h) */
    double ckpt_last;              /* now_s() of the last one (or of the run's start) */
    struct tb_ckpt *ckpt[2];       /* the newest, the one before */
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
/* indexed by enum fail_kind: the marker name in a view, the cause in a shrunk scenario */
extern const char *const fail_kind_name[5];

struct run_result {
    enum fail_kind fail;
    int64_t fail_cycle;
    uint64_t diff; /* cmp_mask */
    struct sys_in in;
    struct sys_out og, orr;
    char msg[600];
    int64_t last_cycle; /* last cycle run */
    bool snap_pending;  /* take the snapshot at the end of this cycle */
    struct driver drv;  /* state when the failure was seen (the run may go on for waves) */
    struct stream sg, sr;
    struct stream tg, tr; /* the TPIU formatter output (txb) of each side, then */
    struct stream eg, er; /* the ETM's ATB bytes of each side, then */
    uint64_t cycles;    /* cycles run, reset included */
    double seconds;
    bool verified; /* replay: the outputs differed in cycle verify_at */
    int64_t early; /* replay: first cycle before verify_at with differing outputs (or INT64_MAX) */
    bool trace_failed;
};

/* Room for cfg_string's longest output (every key of a configuration with a DWT). */
#define CFG_STR_LEN 384

/* This binary's configuration in scenario 'config' syntax (--print-config, reports). */
void cfg_string(const struct sys_cfg *s, char *buf, size_t n);
/* Monotonic seconds, for rates and the shrinker's progress. */
double now_s(void);

#endif
