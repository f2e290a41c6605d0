/* SPDX-License-Identifier: Apache-2.0 */
/* The small pieces every part of trace_tb uses (trace_tb.h): the names of the modes and
 * failure kinds, the configuration string and the clock. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include "trace_tb.h"

#include <time.h>

const char *const mode_names[3] = {"lockstep", "rtl", "golden"};

const char *const fail_kind_name[5] = {"", "mismatch", "check failed", "RTL stopped",
                                       "timeout"};

void cfg_string(const struct sys_cfg *s, char *buf, size_t n)
{
    const struct itm_cfg *c = &s->itm;
    const struct fpb_cfg *f = &s->fpb;
    const struct dwt_cfg *w = &s->dwt;
    const struct tpiu_cfg *t = &s->tpiu;
    int len = snprintf(buf, n,
                       "ports=%u fifo=%u hwfifo=%u ts=%u gts=%u code=%u lit=%u both=%d sec=%d "
                       "ude=%d tpiu=%d",
                       c->num_stim_ports, c->stim_fifo_depth, c->hw_fifo_depth, c->ts_width,
                       c->gts_width, f->num_code, f->num_lit, f->both_halves, f->sec_ext, f->ude,
                       s->has_tpiu);
    if (s->has_tpiu && len > 0 && (size_t)len < n)
        len += snprintf(buf + len, n - (size_t)len, " portwidth=%u atbfifo=%u frameidle=%u",
                        t->port_width, t->atb_fifo_depth, t->frame_idle_cycles);
    if (len > 0 && (size_t)len < n)
        len += snprintf(buf + len, n - (size_t)len, " dwt=%d", s->has_dwt);
    if (s->has_dwt && len > 0 && (size_t)len < n)
        len += snprintf(buf + len, n - (size_t)len,
                        " comps=%u dfifo=%u main=%d trace=%d cyccnt=%d prfcnt=%d exttrig=%d "
                        "vmask=%d pcsr=%d",
                        w->num_comp, w->fifo_depth, w->main_ext, w->trace, w->cyccnt,
                        w->prfcnt, w->exttrig, w->vmask, w->pcsr);
    if (len > 0 && (size_t)len < n)
        len += snprintf(buf + len, n - (size_t)len, " etm=%d", s->has_etm);
    if (s->has_etm && len > 0 && (size_t)len < n)
        snprintf(buf + len, n - (size_t)len,
                 " etmfifo=%u rsdepth=%u ccsize=%u numpc=%u funnelhold=%u stall=%d acpairs=%u"
                 " atomf45=%d maxspec=%u qsupp=%d",
                 s->etm.fifo_depth, s->etm.rs_depth, s->etm.cc_size, s->etm.num_pc,
                 s->funnel_hold, s->etm.has_stall, s->etm.num_ac_pairs, s->etm.atom_f45,
                 s->etm.max_spec, s->etm.q_supp);
}

double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
