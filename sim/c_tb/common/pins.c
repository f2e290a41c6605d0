/* SPDX-License-Identifier: Apache-2.0 */
/* expect_pin checks and pin captures (pins.h). */
#include "pins.h"

#include <inttypes.h>
#include <string.h>

#include "log.h"
#include "sr_write.h"

#ifndef TPIU_CFG_PORT_WIDTH
#error "build with -DTPIU_CFG_PORT_WIDTH=.. (the configuration the RTL was Verilated with)"
#endif
#if TPIU_CFG_PORT_WIDTH < 1 || TPIU_CFG_PORT_WIDTH + 1 > SR_WRITE_MAX_PROBES
#error "TPIU_CFG_PORT_WIDTH out of range for a sigrok capture"
#endif
/* a .sr parallel sample: TRACECLK, then the port's TRACEDATA bits */
#define PAR_MASK ((1u << TPIU_CFG_PORT_WIDTH) - 1u)
#define PAR_UNIT ((TPIU_CFG_PORT_WIDTH + 1 + 7) / 8)

bool pins_any(const struct scenario *s)
{
    for (size_t i = 0; s && i < s->nseg; i++)
        if (s->seg[i].stream >= SEG_FIRST_PIN)
            return true;
    return false;
}

static uint64_t pin_value(const struct sys_out *o, unsigned stream)
{
    switch (stream) {
    case SEG_PIN_SWO:
        return o->swo;
    case SEG_PIN_TRACECLK:
        return o->traceclk;
    case SEG_PIN_TRACEDATA:
        return o->tracedata;
    case SEG_PIN_TXB_VALID:
        return o->txb_valid;
    case SEG_PIN_ATREADY:
        return o->atready;
    case SEG_PIN_CMPMATCH:
        return o->cmpmatch;
    case SEG_PIN_WPT_HALT:
        return o->wpt_halt;
    case SEG_PIN_WPT_MON:
        return o->wpt_mon;
    case SEG_PIN_DWT_HW_VALID:
        return o->dwt_hw_valid;
    case SEG_PIN_DWT_HW_DATA:
        return o->dwt_hw_data;
    case SEG_PIN_DWT_HW_OVF:
        return o->dwt_hw_ovf;
    case SEG_PIN_DWT_SYNC_REQ:
        return o->dwt_sync_req;
    default:
        return 0;
    }
}

bool pins_check(const struct scenario *s, int64_t c, const struct sys_out *o, const char *side,
                char *msg, size_t n)
{
    for (size_t i = 0; i < s->nseg; i++) {
        const struct expect_seg *g = &s->seg[i];
        if (g->stream < SEG_FIRST_PIN || c < g->cycle)
            continue;
        int64_t k = (c - g->cycle) / g->step;
        if ((c - g->cycle) % g->step != 0 || k >= (int64_t)g->len)
            continue;
        uint64_t want = seg_pin_value(s, g, (uint32_t)k), have = pin_value(o, g->stream);
        if (want != have) {
            snprintf(msg, n,
                     "%s:%" PRIu32 ": check failed at cycle %" PRId64 ": %s %s is 0x%" PRIx64
                     ", expected 0x%" PRIx64 " (value %" PRId64 " of the line)",
                     s->path, g->line, c, side, seg_stream_name[g->stream], have, want, k);
            return false;
        }
    }
    return true;
}

bool pins_finish(const struct scenario *s, int64_t end, char *msg, size_t n)
{
    for (size_t i = 0; s && i < s->nseg; i++) {
        const struct expect_seg *g = &s->seg[i];
        if (g->stream < SEG_FIRST_PIN)
            continue;
        int64_t last = g->cycle + (int64_t)(g->len - 1) * g->step;
        if (last >= end) {
            snprintf(msg, n,
                     "%s:%" PRIu32 ": check failed at the end of the run (cycle %" PRId64
                     "): expect_pin %s samples up to cycle %" PRId64 " were not reached",
                     s->path, g->line, end, seg_stream_name[g->stream], last);
            return false;
        }
    }
    return true;
}

/* The captures named on the command line. */
static struct {
    const char *path;
    bool sr;    /* the name ends in ".sr" */
    bool wrote; /* pins_capture wrote a sample to it */
} cap[2];
static uint64_t cap_rate = PINS_CAPTURE_RATE;

void pins_capture_name(enum pins_cap k, const char *path)
{
    size_t n = strlen(path);
    cap[k].path = path;
    cap[k].sr = n > 3 && strcmp(path + n - 3, ".sr") == 0;
}

void pins_capture_rate(uint64_t hz) { cap_rate = hz; }

int pins_capture(FILE *swo, FILE *par, const struct sys_out *o)
{
    if (swo) {
        cap[PINS_CAP_SWO].wrote = true;
        if (fputc(o->swo ? 1 : 0, swo) == EOF)
            return -1;
    }
    if (par) {
        cap[PINS_CAP_PAR].wrote = true;
        if (!cap[PINS_CAP_PAR].sr) {
            if (fputc(o->tracedata, par) == EOF)
                return -1;
        } else {
            unsigned v = (o->traceclk ? 1u : 0u) | ((unsigned)o->tracedata & PAR_MASK) << 1;
            if (fputc((int)(v & 0xFFu), par) == EOF ||
                (PAR_UNIT > 1 && fputc((int)(v >> 8), par) == EOF))
                return -1;
        }
    }
    return 0;
}

int pins_capture_finish(void)
{
    int rc = 0;
    for (unsigned k = 0; k < 2; k++) {
        if (!cap[k].sr)
            continue;
        /* a run that stopped before its first cycle out of reset (a usage or scenario
         * error) leaves the file as it was: never rewrite what this run did not write */
        if (!cap[k].wrote)
            continue;
        static const char *const data[] = {"TRACEDATA0", "TRACEDATA1", "TRACEDATA2",
                                           "TRACEDATA3", "TRACEDATA4", "TRACEDATA5",
                                           "TRACEDATA6", "TRACEDATA7", "TRACEDATA8",
                                           "TRACEDATA9", "TRACEDATA10", "TRACEDATA11",
                                           "TRACEDATA12", "TRACEDATA13", "TRACEDATA14"};
        struct sr_write_info info = {.nprobes = 1, .probe = {"SWO"}, .samplerate = cap_rate};
        if (k == PINS_CAP_PAR) {
            info.nprobes = TPIU_CFG_PORT_WIDTH + 1;
            info.probe[0] = "TRACECLK";
            for (unsigned b = 0; b < TPIU_CFG_PORT_WIDTH; b++)
                info.probe[b + 1] = data[b];
        }
        char err[600];
        if (sr_write_write(cap[k].path, cap[k].path, &info, err, sizeof err) != 0) {
            log_msg(LOG_ERROR, "trace_tb: error: cannot write the sigrok capture %s\n", err);
            rc = -1;
        }
    }
    return rc;
}
