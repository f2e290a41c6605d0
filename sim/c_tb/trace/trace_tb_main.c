/* SPDX-License-Identifier: Apache-2.0 */
/* Lockstep harness for the trace subsystem: runs the Verilated trace_top and the golden
 * model with the same inputs every cycle and compares every output every cycle
 * (docs/itm-contract.md, sim/c_tb/SCENARIO.md). main() sets up the event source (a
 * scenario or the random generator), makes the main run, then reports, replays the waves
 * and shrinks; the parts are named in trace_tb.h. */
#define _POSIX_C_SOURCE 200809L /* getpid */

#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "build_cfg.h"
#include "driver.h"
#include "dut_trace.h"
#include "fcov.h"
#include "log.h"
#include "pins.h"
#include "random.h"
#include "scenario.h"
#include "trace_tb.h"
#include "trace_tb_ckpt.h"
#include "trace_tb_cli.h"
#include "trace_tb_models.h"
#include "trace_tb_replay.h"
#include "trace_tb_report.h"
#include "trace_tb_run.h"
#include "trace_tb_scenario.h"
#include "trace_tb_shrink.h"

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
        fprintf(stderr, "rtl %s (sha256 %s)\n", dut_trace_rtl_path(), dut_trace_rtl_hash());
        return EXIT_PASS;
    }
    if (!build_sys_cfg.has_tpiu && o.capture_txb && !o.capture_swo && !o.capture_par) {
        log_msg(LOG_ERROR,
                "trace_tb: error: --capture-txb %s: this binary has no TPIU, so there is no "
                "formatter output to capture; use a configuration with tpiu=1 (make tb "
                "CFG=full)\n",
                o.capture_txb);
        return EXIT_USAGE;
    }
    if (!build_sys_cfg.has_tpiu && (o.capture_swo || o.capture_par)) {
        char c[CFG_STR_LEN];
        cfg_string(&build_sys_cfg, c, sizeof c);
        log_msg(LOG_ERROR,
                "trace_tb: error: %s %s: this binary has no TPIU (tpiu=0 in config %s), so "
                "there is no %s to capture; use a configuration with tpiu=1 (make tb CFG=full)\n",
                o.capture_swo ? "--capture-swo" : "--capture-par",
                o.capture_swo ? o.capture_swo : o.capture_par, c,
                o.capture_swo ? "SWO pin" : "TRACEDATA port");
        return EXIT_USAGE;
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
        if (o.warn_unmapped)
            (void)warn_unmapped(&tb.scen);
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

    if (o.time_models) {
        rc = tb_time_models(&tb);
        if (tb.dut) {
            dut_trace_final(tb.dut);
            dut_trace_free(tb.dut);
        }
        return rc;
    }
    if (tb_start(&tb, false) != 0)
        return EXIT_FAIL;
    /* checkpoints: a failure's replay starts near it (trace_tb_ckpt.h) */
    tb.ckpt_on = tb.use_r && !o.wave && o.ckpt_ms > 0;
    tb.ckpt_last = now_s();
    struct run_ctl ctl = {.checks = true, .trace = o.wave, .trace_from = INT64_MIN,
                          .stop_after = INT64_MAX, .verify_at = INT64_MIN};
    struct run_result r;
    static struct fcov fc;
    if (o.fcov || o.fcov_json) {
        fcov_init(&fc);
        tb.fcov = &fc;
    }
    const char *cap_path[3] = {o.capture_swo, o.capture_par, o.capture_txb};
    FILE **cap_file[3] = {&tb.cap_swo, &tb.cap_par, &tb.cap_txb};
    pins_capture_rate(o.capture_rate);
    for (unsigned k = 0; k < 3; k++) {
        if (!cap_path[k])
            continue;
        if (k < 2)
            pins_capture_name(k == 0 ? PINS_CAP_SWO : PINS_CAP_PAR, cap_path[k]);
        *cap_file[k] = fopen(cap_path[k], "wb");
        if (!*cap_file[k]) {
            log_msg(LOG_ERROR, "trace_tb: error: cannot write %s: %s\n", cap_path[k],
                    strerror(errno));
            return EXIT_USAGE;
        }
    }
    tb_run(&tb, &ctl, &r);
    for (unsigned k = 0; k < 3; k++) {
        if (*cap_file[k] && fclose(*cap_file[k]) != 0)
            log_msg(LOG_ERROR, "trace_tb: error: cannot write %s\n", cap_path[k]);
        *cap_file[k] = NULL;
    }
    (void)pins_capture_finish(); /* the .sr captures become sigrok sessions; logs its errors */
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
    tb_ckpt_free(&tb);
    free(tb.col.ev);
    free(tb.col.cycle);
    if (tb.dut) {
        dut_trace_final(tb.dut);
        dut_trace_free(tb.dut);
    }
    return rc;
}
