/* SPDX-License-Identifier: Apache-2.0 */
/* fast_scn: the golden model's fast paths (sys_model.h: fp_ok, fp_itm, itm_fast) on directed
 * scenarios. Each scenario that fits this binary's configuration (build_cfg.h) drives two
 * system models through the harness's driver: one as trace_tb drives it (eval, then
 * step_evaluated: the fast paths taken where they apply), one with every fast path cleared
 * before each call. Their outputs must agree in every cycle and their blocks' states after
 * every edge (sim/golden/tests/test_sys_fast.c does the same on random stimulus). The
 * fast model is also driven as trace_tb's golden mode drives it in idle stretches: inputs
 * built in place (sys_model_eval_same) and sys_model_idle_run, one cycle at a time.
 * Usage: fast_scn [--quiet] SCENARIO...   (make fast-path-test) */
#define _POSIX_C_SOURCE 200809L /* stat */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "build_cfg.h"
#include "driver.h"
#include "log.h"
#include "scen_cfg.h"
#include "scenario.h"
#include "sys_model.h"

#define MAX_CYCLES 50000000 /* as trace_tb with a scenario */

/* 0 pass, 1 a difference or a failed scenario check, 2 unreadable, 77 another configuration */
static int run_one(const char *path, bool quiet, uint64_t *cycles, uint64_t *fast_cycles,
                   uint64_t *itm_cycles)
{
    static struct scenario s;
    static struct sys_model fast, full;
    static struct driver d;
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "%s: error: cannot open scenario\n", path);
        return 2;
    }
    free(s.ev);
    free(s.seg);
    free(s.bytes);
    memset(&s, 0, sizeof s);
    s.cap_ev = s.cap_seg = s.cap_bytes = (size_t)st.st_size / 2 + 16; /* as trace_tb */
    s.ev = calloc(s.cap_ev, sizeof *s.ev);
    s.seg = calloc(s.cap_seg, sizeof *s.seg);
    s.bytes = calloc(s.cap_bytes, 1);
    if (!s.ev || !s.seg || !s.bytes || scenario_parse_file(&s, path) != 0) {
        fprintf(stderr, "%s: error: cannot parse the scenario\n", path);
        return 2;
    }
    char why[512];
    if (!scen_cfg_fits(&s, &build_sys_cfg, "skipped", "this binary is built with", why,
                       sizeof why))
        return 77;
    if (sys_model_init(&fast, &build_sys_cfg) != 0 || sys_model_init(&full, &build_sys_cfg) != 0) {
        fprintf(stderr, "fast_scn: error: the golden model rejects the configuration\n");
        return 2;
    }
    struct scen_iter it;
    struct ev_source src = scen_source_get(&it, &s);
    driver_init(&d, &src, 4, INT64_MAX);
    d.gm = &fast;
    d.in_place = true; /* as trace_tb: in is written only by driver_next */
    struct sys_in in;
    uint64_t n = 0, nf = 0, ni = 0, nr = 0;
    for (;;) {
        enum driver_status ds = driver_next(&d, &in);
        const int64_t c = d.cycle;
        if (ds == DRV_DONE)
            break;
        if (ds == DRV_FAIL || c >= MAX_CYCLES) {
            fprintf(stderr, "%s: cycle %" PRId64 ": %s\n", path, c,
                    ds == DRV_FAIL ? d.fail_msg : "the cycle limit reached");
            return 1;
        }
        struct sys_out of, ou;
        nf += fast.fp_ok;
        if (d.in_same) /* as trace_tb: an idle cycle's inputs built in place */
            sys_model_eval_same(&fast, &in, &of);
        else
            sys_model_eval(&fast, &in, &of);
        full.fp_ok = false;
        full.itm_fast.ok = false;
        full.out_ok = false;
        full.fpb_quiet = false;
        sys_model_eval(&full, &in, &ou);
        if (memcmp(&of, &ou, sizeof of) != 0) {
            fprintf(stderr, "%s: cycle %" PRId64 ": the outputs differ (fast path)\n", path, c);
            return 1;
        }
        if (driver_observe(&d, &in, &of, NULL) == DRV_FAIL) {
            fprintf(stderr, "%s: cycle %" PRId64 ": %s\n", path, c, d.fail_msg);
            return 1;
        }
        /* the ITM's own fast path taken: its memo (inputs with their gts_i) kept */
        const bool memo = !fast.fp_ok && fast.itm_fast.ok;
        const uint64_t memo_gts = fast.itm_fast.in.gts;
        /* trace_tb's idle runs (golden only), one cycle at a time: the edge they take is
         * the one step_evaluated would */
        const uint64_t ran = d.in_same ? sys_model_idle_run(&fast, 1) : 0;
        nr += ran;
        if (!ran)
            sys_model_step_evaluated(&fast);
        ni += memo && fast.itm_fast.in.gts == memo_gts && in.itm.gts != memo_gts;
        full.fp_ok = false;
        full.itm_fast.ok = false;
        full.out_ok = false;
        full.fpb_quiet = false;
        sys_model_step(&full, &in);
        if (memcmp(&fast.itm, &full.itm, sizeof fast.itm) != 0 ||
            memcmp(&fast.fpb, &full.fpb, sizeof fast.fpb) != 0 ||
            (fast.has_tpiu && memcmp(&fast.tpiu, &full.tpiu, sizeof fast.tpiu) != 0) ||
            (fast.has_dwt && memcmp(&fast.dwt, &full.dwt, sizeof fast.dwt) != 0)) {
            fprintf(stderr, "%s: cycle %" PRId64 ": the states differ after the edge (fast path)\n",
                    path, c);
            return 1;
        }
        n++;
    }
    if (!quiet)
        printf("%s: %" PRIu64 " cycles, fast path in %" PRIu64 ", the ITM's alone in %" PRIu64
               ", idle runs in %" PRIu64 "\n", path, n, nf, ni, nr);
    *cycles += n;
    *fast_cycles += nf;
    *itm_cycles += ni;
    return 0;
}

int main(int argc, char **argv)
{
    bool quiet = false;
    int first = 1;
    if (argc > 1 && strcmp(argv[1], "--help") == 0) {
        printf("Usage: %s [--quiet] SCENARIO...\n"
               "Runs each scenario that fits this binary's configuration on two golden models,\n"
               "one with the fast paths of sys_model (as trace_tb) and one without, and checks\n"
               "that their outputs agree in every cycle and their states after every edge.\n"
               "Exit status: 0 all agree, 1 a difference or a failed scenario check, 2 usage.\n",
               argv[0]);
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "--quiet") == 0) {
        quiet = true;
        first = 2;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: %s [--quiet] SCENARIO... (--help)\n", argv[0]);
        return 2;
    }
    log_set_level(LOG_ERROR);
    unsigned pass = 0, fail = 0, skip = 0;
    uint64_t cycles = 0, fast_cycles = 0, itm_cycles = 0;
    for (int i = first; i < argc; i++) {
        int rc = run_one(argv[i], quiet, &cycles, &fast_cycles, &itm_cycles);
        pass += rc == 0;
        skip += rc == 77;
        fail += rc != 0 && rc != 77;
    }
    printf("fast_scn: %u scenarios agree, %u differ or fail, %u skipped (another configuration); "
           "%" PRIu64 " cycles, fast path in %" PRIu64 ", the ITM's alone in %" PRIu64 "\n",
           pass, fail, skip, cycles, fast_cycles, itm_cycles);
    return fail != 0;
}
