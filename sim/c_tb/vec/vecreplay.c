/* SPDX-License-Identifier: Apache-2.0 */
/* vecreplay: proves conformance vectors (vectors/README.md) on the Verilated itm_top. For
 * each vector directory it runs the vector's stimulus.scn in lockstep (RTL and golden model,
 * every output compared every cycle, the scenario's own checks on the RTL's stream), and
 * checks that the RTL's inputs and outputs equal inputs.hex / outputs.hex in every cycle and
 * that its ATB transfers equal vector.txt's records, cycle, data and ATID. Built per
 * configuration like trace_tb. The vectors of the other blocks and of the whole system are
 * checked by vecreplay_blk.c. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "driver.h"
#include "dut_trace.h"
#include "sys_model.h"
#include "build_cfg.h"
#include "cli_opts.h"
#include "log.h"
#include "scenario.h"
#include "stream.h"
#include "vecfmt.h"
#include "vecreplay.h"


/* The data lines of a .hex file (comment lines dropped), each digits long. */
struct hex_lines {
    char *text;
    char **line;
    size_t n;
};

static bool hex_read(const char *path, unsigned digits, struct hex_lines *h)
{
    memset(h, 0, sizeof *h);
    FILE *f = fopen(path, "rb");
    if (!f) {
        log_msg(LOG_ERROR, "%s: error: cannot open: %s\n", path, strerror(errno));
        return false;
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    h->text = malloc((size_t)size + 1);
    h->line = malloc(((size_t)size / (digits + 1) + 1) * sizeof *h->line);
    if (!h->text || !h->line || fread(h->text, 1, (size_t)size, f) != (size_t)size) {
        fclose(f);
        log_msg(LOG_ERROR, "%s: error: cannot read\n", path);
        return false;
    }
    fclose(f);
    h->text[size] = '\0';
    unsigned ln = 0;
    for (char *s = strtok(h->text, "\n"); s; s = strtok(NULL, "\n")) {
        ln++;
        if (s[0] == '/' && s[1] == '/')
            continue;
        if (strlen(s) != digits) {
            log_msg(LOG_ERROR, "%s:%u: error: expected %u hex digits\n", path, ln, digits);
            return false;
        }
        h->line[h->n++] = s;
    }
    return true;
}

static void hex_free(struct hex_lines *h)
{
    free(h->text);
    free(h->line);
}

static bool load_scenario(struct scenario *s, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        log_msg(LOG_ERROR, "%s: error: cannot open: %s\n", path, strerror(errno));
        return false;
    }
    fseek(f, 0, SEEK_END);
    size_t size = (size_t)ftell(f);
    fclose(f);
    s->cap_ev = s->cap_seg = s->cap_bytes = size / 2 + 16;
    s->ev = calloc(s->cap_ev, sizeof *s->ev);
    s->seg = calloc(s->cap_seg, sizeof *s->seg);
    s->bytes = calloc(s->cap_bytes, 1);
    return s->ev && s->seg && s->bytes && scenario_parse_file(s, path) == 0;
}

static void free_scenario(struct scenario *s)
{
    free(s->ev);
    free(s->seg);
    free(s->bytes);
}

/* Replays one vector; returns true if it passes, else prints why. */
static bool replay(const char *dir)
{
    char path[1200], msg[600] = "";
    static struct vec_file v;
    static struct scenario s;
    static struct hex_lines hin, hout;
    bool ok = false;
    struct dut_trace *dut = NULL;
    memset(&s, 0, sizeof s);
    memset(&hin, 0, sizeof hin);
    memset(&hout, 0, sizeof hout);
    if (vecreplay_blk_owns(dir))
        return vecreplay_blk(dir);

    snprintf(path, sizeof path, "%s/vector.txt", dir);
    if (!vec_file_read(path, &v))
        return false;
    if (memcmp(&v.cfg, &build_cfg, sizeof build_cfg) != 0) {
        log_msg(LOG_ERROR,
                "vecreplay: FAIL %s: vector configuration %s (ports=%u fifo=%u hwfifo=%u "
                "ts=%u gts=%u) is not this binary's\n",
                dir, v.config, v.cfg.num_stim_ports, v.cfg.stim_fifo_depth, v.cfg.hw_fifo_depth,
                v.cfg.ts_width, v.cfg.gts_width);
        goto out;
    }
    snprintf(path, sizeof path, "%s/stimulus.scn", dir);
    if (!load_scenario(&s, path))
        goto out;
    snprintf(path, sizeof path, "%s/inputs.hex", dir);
    if (!hex_read(path, VEC_IN_DIGITS, &hin))
        goto out;
    snprintf(path, sizeof path, "%s/outputs.hex", dir);
    if (!hex_read(path, VEC_OUT_DIGITS, &hout))
        goto out;
    if (hin.n != v.lines || hout.n != v.lines) {
        snprintf(msg, sizeof msg,
                 "inputs.hex has %zu lines, outputs.hex %zu, vector.txt says %" PRIu64, hin.n,
                 hout.n, v.lines);
        goto fail;
    }

    static struct sys_model gm;
    sys_model_init(&gm, &build_sys_cfg);
    dut = dut_trace_new_seeded(1);
    if (!dut) {
        snprintf(msg, sizeof msg, "cannot create the Verilated model");
        goto fail;
    }
    struct scen_iter it;
    struct ev_source src = scen_source_get(&it, &s);
    static struct driver d;
    static struct stream sr;
    driver_init(&d, &src, v.reset_cycles, INT64_MAX);
    stream_init(&sr, "rtl", &s);
    size_t k = 0, natb = 0;
    struct sys_in in;
    struct sys_out og, orr, ov = {0};
    for (;; k++) {
        enum driver_status ds = driver_next(&d, &in);
        int64_t c = d.cycle;
        if (ds == DRV_DONE)
            break;
        if (ds == DRV_FAIL) {
            snprintf(msg, sizeof msg, "%s", d.fail_msg);
            goto fail;
        }
        if (k >= v.lines) {
            snprintf(msg, sizeof msg, "the stimulus runs past the vector's %" PRIu64 " lines",
                     v.lines);
            goto fail;
        }
        char hx[VEC_IN_DIGITS + 1];
        vec_in_hex(&in.itm, hx);
        if (strcmp(hx, hin.line[k]) != 0) {
            struct itm_in vin;
            char names[256] = "(unparsable line)";
            if (vec_in_parse(hin.line[k], &vin))
                vec_in_diff(&in.itm, &vin, names, sizeof names);
            snprintf(msg, sizeof msg,
                     "cycle %" PRId64 ": the stimulus gives inputs %s, inputs.hex "
                     "has %s (differ: %s)",
                     c, hx, hin.line[k], names);
            goto fail;
        }
        sys_model_eval(&gm, &in, &og);
        dut_trace_set_inputs(dut, &in);
        dut_trace_eval(dut);
        dut_trace_get_outputs(dut, &orr);
        vec_out_parse(hout.line[k], &ov.itm); /* FPB outputs: 0 (ITM vectors) */
        /* atready_o is atready_i passed through (no TPIU in a vector's configuration) */
        ov.atready = in.itm.atready;
        cmp_mask dv = cmp_outputs(&ov, &orr), dg = cmp_outputs(&og, &orr);
        if (dv || dg) {
            cmp_mask mask = dv ? dv : dg;
            int pos = snprintf(msg, sizeof msg, "cycle %" PRId64 ": the RTL differs from %s:", c,
                               dv ? "outputs.hex" : "the golden model");
            for (unsigned f = 0; f < CMP_NFIELDS && pos < (int)sizeof msg; f++)
                if (mask & CMP_BIT(f))
                    pos += snprintf(msg + pos, sizeof msg - (size_t)pos,
                                    " %s expected 0x%lx actual 0x%lx",
                                    cmp_field_name((enum cmp_field)f),
                                    cmp_field_value(dv ? &ov : &og, (enum cmp_field)f),
                                    cmp_field_value(&orr, (enum cmp_field)f));
            goto fail;
        }
        if (in.itm.rst_n && in.itm.atready && orr.itm.atvalid) {
            const struct vec_atb *a = natb < v.natb ? &v.atb[natb] : NULL;
            if (!a || a->cycle != c || a->data != orr.itm.atdata || a->id != orr.itm.atid) {
                if (a)
                    snprintf(msg, sizeof msg,
                             "ATB transfer #%zu: RTL cycle %" PRId64 " data %02x id "
                             "%02x, vector.txt %" PRId64 " %02x %02x",
                             natb, c, orr.itm.atdata, orr.itm.atid, a->cycle, a->data, a->id);
                else
                    snprintf(msg, sizeof msg,
                             "ATB transfer #%zu at cycle %" PRId64 " (data %02x): "
                             "vector.txt has only %zu",
                             natb, c, orr.itm.atdata, v.natb);
                goto fail;
            }
            natb++;
            if (!stream_push(&sr, orr.itm.atdata, c)) {
                snprintf(msg, sizeof msg, "%s", sr.fail_msg);
                goto fail;
            }
        }
        if (driver_observe(&d, &in, &og, &orr) == DRV_FAIL) {
            snprintf(msg, sizeof msg, "%s", d.fail_msg);
            goto fail;
        }
        sys_model_step(&gm, &in);
        if (dut_trace_tick(dut)) {
            snprintf(msg, sizeof msg,
                     "cycle %" PRId64 ": the RTL stopped ($stop/$fatal or a failed "
                     "assertion)",
                     c);
            goto fail;
        }
    }
    if (k != v.lines || natb != v.natb) {
        snprintf(msg, sizeof msg,
                 "the run has %zu lines and %zu ATB transfers, vector.txt %" PRIu64 " and %zu", k,
                 natb, v.lines, v.natb);
        goto fail;
    }
    if (!stream_finish(&sr, d.cycle)) {
        snprintf(msg, sizeof msg, "%s", sr.fail_msg);
        goto fail;
    }
    ok = true;
    log_msg(LOG_INFO, "vecreplay: PASS %s (%zu cycles, %zu ATB transfers)\n", dir, k, natb);
    goto out;
fail:
    log_msg(LOG_ERROR, "vecreplay: FAIL %s: %s\n", dir, msg);
out:
    if (dut) {
        dut_trace_final(dut);
        dut_trace_free(dut);
    }
    free_scenario(&s);
    hex_free(&hin);
    hex_free(&hout);
    vec_file_free(&v);
    return ok;
}

enum opt_id { OPT_QUIET = CLI_ID_BASE, OPT_HELP };

#define USAGE_LINE "Usage: vecreplay [--quiet] VECTOR_DIR...\n"

static const struct cli_opt cli_table[] = {
    CLI_TEXT("Options:", 0),
    CLI_FLAG("quiet", OPT_QUIET,
             "errors only: no PASS line per vector (the totals are still printed)"),
    CLI_FLAG("help", OPT_HELP, "this text"),
    {0},
};

static void usage(FILE *f)
{
    fputs(USAGE_LINE "Proves each vector on the Verilated trace_top of this configuration (see the\n"
                     "headers of sim/c_tb/vec/vecreplay.c and vecreplay_blk.c).\n"
                     "\n",
          f);
    cli_opts_print(f, cli_table);
    fputs("\n"
          "Exit 0 all passed, 1 some failed.\n",
          f);
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    /* the vector directories, in order */
    const char **dirs = calloc((size_t)argc, sizeof *dirs);
    int ndirs = 0;
    if (!dirs)
        return 2;
    struct cli_opts cli;
    cli_opts_init(&cli, "vecreplay", USAGE_LINE, cli_table, argc, argv);
    int c;
    const char *val;
    while ((c = cli_opts_get(&cli, &val)) != CLI_END) {
        switch (c) {
        case CLI_USAGE:
            return 2;
        case CLI_OPERAND:
            if (strcmp(val, "-") == 0) { /* a directory, not stdin */
                usage(stderr);
                return 2;
            }
            dirs[ndirs++] = val;
            break;
        case OPT_QUIET:
            log_set_level(LOG_ERROR);
            break;
        case OPT_HELP:
            usage(stdout);
            return 0;
        }
    }
    if (ndirs == 0) {
        usage(stderr);
        return 2;
    }
    unsigned pass = 0, fail = 0;
    for (int i = 0; i < ndirs; i++) {
        if (replay(dirs[i]))
            pass++;
        else
            fail++;
    }
    printf("vecreplay: %u passed, %u failed\n", pass, fail);
    free(dirs);
    return fail ? 1 : 0;
}
