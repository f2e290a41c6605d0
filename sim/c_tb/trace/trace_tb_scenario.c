/* SPDX-License-Identifier: Apache-2.0 */
/* Scenario loading of trace_tb (trace_tb_scenario.h). */
#define _POSIX_C_SOURCE 200809L /* stat */

#include "trace_tb_scenario.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "build_cfg.h"
#include "log.h"
#include "scen_cfg.h"
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
    char why[512];
    if (!scen_cfg_fits(s, &build_sys_cfg, "skipped", "this binary is built with", why,
                       sizeof why)) {
        log_msg(LOG_ERROR, "%s\n", why);
        return EXIT_SKIP;
    }
    return EXIT_PASS;
}
