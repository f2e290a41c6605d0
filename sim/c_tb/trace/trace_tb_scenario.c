/* SPDX-License-Identifier: Apache-2.0 */
/* Scenario loading of trace_tb (trace_tb_scenario.h). */
#define _POSIX_C_SOURCE 200809L /* stat */

#include "trace_tb_scenario.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "build_cfg.h"
#include "log.h"
#include "scenario.h"
#include "trace_tb.h"

int load_scenario(struct scenario *s, const char *path)
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
