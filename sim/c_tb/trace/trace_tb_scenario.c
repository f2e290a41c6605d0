/* SPDX-License-Identifier: Apache-2.0 */
/* Scenario loading of trace_tb (trace_tb_scenario.h). */
#define _POSIX_C_SOURCE 200809L /* stat */

#include "trace_tb_scenario.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "build_cfg.h"
#include "log.h"
#include "scen_cfg.h"
#include "scenario.h"
#include "sys_model.h"
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
    char why[512];
    if (!scen_cfg_fits(s, &build_sys_cfg, "skipped", "this binary is built with", why,
                       sizeof why)) {
        log_msg(LOG_ERROR, "%s\n", why);
        return EXIT_SKIP;
    }
    return EXIT_PASS;
}

unsigned warn_unmapped(const struct scenario *s)
{
    const bool dwt = build_sys_cfg.has_dwt, tpiu = build_sys_cfg.has_tpiu;
    const bool etm = build_sys_cfg.has_etm;
    char map[160];
    snprintf(map, sizeof map, "the ITM 0x00xxx, %sthe FPB 0x02xxx%s%s",
             dwt ? "the DWT 0x01xxx, " : "", tpiu ? ", the TPIU 0x40xxx" : "",
             etm ? ", the ETM 0x41xxx" : "");
    unsigned n = 0;
    for (size_t i = 0; i < s->nev; i++) {
        const struct event *e = &s->ev[i];
        if (e->kind != EV_WRITE && e->kind != EV_READ)
            continue;
        const uint32_t frame = (e->addr >> 12) & 0xFFu;
        if (frame == SYS_FRAME_ITM || frame == SYS_FRAME_FPB || (dwt && frame == SYS_FRAME_DWT) ||
            (tpiu && frame == SYS_FRAME_TPIU) || (etm && frame == SYS_FRAME_ETM))
            continue;
        n++;
        log_msg(LOG_WARN,
                "%s:%" PRIu32 ": warning: %s 0x%05" PRIx32 ": no block at PPB frame 0x%02" PRIx32
                " in this configuration (%s); it reads as 0 and ignores writes "
                "(docs/fpb-contract.md section 7)\n",
                s->path, e->line, e->kind == EV_WRITE ? "write" : "read", e->addr, frame, map);
    }
    return n;
}
