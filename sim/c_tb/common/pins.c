/* SPDX-License-Identifier: Apache-2.0 */
/* expect_pin checks and pin captures (pins.h). */
#include "pins.h"

#include <inttypes.h>

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

int pins_capture(FILE *swo, FILE *par, const struct sys_out *o)
{
    if (swo && fputc(o->swo ? 1 : 0, swo) == EOF)
        return -1;
    if (par && fputc(o->tracedata, par) == EOF)
        return -1;
    return 0;
}
