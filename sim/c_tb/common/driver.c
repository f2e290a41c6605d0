/* SPDX-License-Identifier: Apache-2.0 */
/* Event list -> per-cycle inputs (timing of each event: driver.h, SCENARIO.md). */
#include "driver.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const bool level_default[SIG_NLEVELS] = {
    [SIG_ATREADY] = true, [SIG_TRCENA] = true,  [SIG_NIDEN] = true,
    [SIG_SPNIDEN] = true, [SIG_PE_PRIV] = true, [SIG_NIDEN_P] = true,
    [SIG_SPNIDEN_P] = true,
};

/* `wait_idle tpiu=1`: the TPIU holds nothing it has still to send in this cycle
 * (docs/tpiu-contract.md): its ATB input buffer (§5.1) and frame buffer (§5.4) are empty, no
 * frame is open and no full sync is pending or half sent (§5.2, [TPIU-SYNC-1]; formatted
 * modes), the port has sent its last bit (`port_empty` of [TPIU-FLUSH-2]) and no flush is in
 * progress (§8). An open frame is completed by the idle padding ([TPIU-IDLE-2]), so this
 * comes by itself once the ITM stops sending. */
static bool tpiu_drained(const struct tpiu_model *t)
{
    const bool par = (t->sppr & 3u) == TPIU_TXMODE_PARALLEL;
    const bool fmt_on = par || t->enfcont;
    const bool port_empty = par ? (!t->sh_data || t->left <= 1) : (!t->ser_busy && !t->ser_more);
    return t->n == 0 && t->fb_n == 0 && (!fmt_on || (t->p == 0 && !t->sync_pend && !t->fs2)) &&
           port_empty && t->fl_state == TPIU_FL_IDLE;
}

static void levels_default(struct driver *d)
{
    memcpy(d->lvl, level_default, sizeof d->lvl);
    d->lvl_dirty = true;
    d->gts = 0;
    d->gts_step = 1;
    memset(d->bg_pulse, 0, sizeof d->bg_pulse);
    d->bg_active = 0;
    d->bg_evt = 0;
    d->bg_evt_left = 0;
    d->bg_instr_left = 0;
}

void driver_init(struct driver *d, const struct ev_source *src, unsigned reset_cycles,
                 int64_t stop_cycle)
{
    memset(d, 0, sizeof *d);
    d->src = *src;
    d->reset_cycles = reset_cycles;
    d->stop_cycle = stop_cycle;
    d->fast_end = stop_cycle < 0 ? 0u : (uint64_t)stop_cycle;
    driver_restart(d);
}

void driver_restart(struct driver *d)
{
    if (d->src.rewind)
        d->src.rewind(d->src.ctx);
    d->cycle = -(int64_t)d->reset_cycles;
    d->cur = NULL;
    d->cur_n = 0;
    d->nevents = 0;
    d->events_done = false;
    d->fail_msg[0] = '\0';
    d->fail_cycle = 0;
    d->hist_n = 0;
    d->fx_ev = NULL;
    d->fast = DRV_FAST_NONE;
    d->in_extra = 0;
    d->in_same = false;
    d->in_at = NULL;
    levels_default(d);
}

void driver_hist_save(struct driver *d)
{
    const uint64_t n = d->nevents < DRIVER_HIST ? d->nevents : DRIVER_HIST;
    for (uint64_t i = d->nevents - n; i < d->nevents; i++) {
        struct driver_hist *h = &d->hist[i % DRIVER_HIST];
        h->ev = *d->hist_ev[i % DRIVER_HIST];
        h->index = i;
        h->cycle = d->hist_cycle[i % DRIVER_HIST];
    }
    d->hist_n = d->nevents;
}

const char *driver_where(const struct driver *d, const struct event *ev, uint64_t index, char *buf,
                         size_t n)
{
    if (ev->line && d->src.scen)
        snprintf(buf, n, "%s:%" PRIu32, d->src.scen->path, ev->line);
    else
        snprintf(buf, n, "event #%" PRIu64, index);
    return buf;
}

/* (out of line and cold: driver_fetch's common path then needs no stack frame for its
 * messages) */
static __attribute__((noinline, cold)) enum driver_status
fail_at(struct driver *d, const struct event *ev, uint64_t index, const char *what)
{
    char where[256];
    driver_where(d, ev, index, where, sizeof where);
    snprintf(d->fail_msg, sizeof d->fail_msg, "%s: check failed at cycle %" PRId64 ": %s", where,
             d->cycle, what);
    d->fail_cycle = d->cycle;
    return DRV_FAIL;
}

static enum driver_status fail(struct driver *d, const struct event *ev, const char *what)
{
    return fail_at(d, ev, d->nevents - 1, what);
}

static __attribute__((noinline, cold)) enum driver_status
fail_expect_cycle(struct driver *d, const struct event *ev)
{
    char msg[128];
    snprintf(msg, sizeof msg, "expect_cycle %" PRId64 " reached at cycle %" PRId64, ev->cycle,
             d->cycle);
    return fail(d, ev, msg);
}

/* Starts the next events; runs the ones that take no cycles. */
enum driver_status driver_fetch(struct driver *d)
{
    while (!d->cur) {
        const struct event *ev = d->events_done ? NULL : d->src.next(d->src.ctx);
        if (!ev || ev->kind == EV_END) {
            if (d->fx_ev) {
                const struct event *fx = d->fx_ev;
                d->fx_ev = NULL;
                return fail_at(d, fx, d->fx_index,
                               "fetch expect= needs a cycle after the fetch (add idle 1)");
            }
        }
        if (!ev) {
            d->events_done = true;
            return DRV_DONE;
        }
        d->hist_ev[d->nevents % DRIVER_HIST] = ev; /* the source keeps it (driver.h) */
        d->hist_cycle[d->nevents % DRIVER_HIST] = d->cycle;
        if (d->hook)
            d->hook(d->hook_ctx, ev, d->nevents, d->cycle);
        d->nevents++;
        d->cur_n = 0;
        /* the most frequent kinds, which just become cur (an idle one if it takes cycles),
         * with one well-predicted test rather than the switch's jump */
        if (__builtin_expect((DRV_CUR_KINDS >> ev->kind) & 1u, 1)) {
            /* (an idle of no cycles: the next; one test, rarely taken) */
            if (__builtin_expect((ev->kind == EV_IDLE) & (ev->count == 0), 0))
                continue;
            d->cur = ev;
            return DRV_CYCLE;
        }
        switch (ev->kind) {
        case EV_SET:
            if (ev->sig == SIG_GTS)
                d->gts = ev->val;
            else if (ev->sig == SIG_GTS_STEP)
                d->gts_step = ev->val;
            else {
                d->lvl[ev->sig] = ev->val != 0;
                d->lvl_dirty = true;
            }
            break;
        case EV_PULSE:
            if (ev->bg) {
                uint64_t *left = &d->bg_pulse[ev->sig - SIG_NLEVELS];
                d->bg_active += (*left == 0) - (ev->count == 0);
                *left = ev->count;
            } else
                d->cur = ev;
            break;
        case EV_EVT:
            if (ev->bg) {
                d->bg_evt = (unsigned)ev->val;
                d->bg_evt_left = ev->count;
            } else
                d->cur = ev;
            break;
        case EV_INSTR:
            if (ev->bg) {
                d->bg_instr = *ev;
                d->bg_instr_n = 0;
                d->bg_instr_left = ev->count;
            } else
                d->cur = ev;
            break;
        case EV_EXPECT_ATB: /* checked on the byte streams (stream.h) */
            break;
        case EV_EXPECT_CYCLE:
            if (d->cycle != ev->cycle)
                return fail_expect_cycle(d, ev);
            break;
        case EV_END:
            d->events_done = true;
            return DRV_DONE;
        case EV_IDLE:
            if (ev->count)
                d->cur = ev;
            break;
        case EV_RESET:
            levels_default(d);
            d->cur = ev;
            break;
        default:
            d->cur = ev;
            break;
        }
    }
    return DRV_CYCLE;
}


static void driver_event_inputs(const struct driver *d, struct sys_in *sin);

enum driver_status driver_next_any(struct driver *d, struct sys_in *sin)
{
    if (d->cycle >= d->stop_cycle)
        return DRV_DONE;
    if (d->cycle >= 0) {
        enum driver_status st = driver_fetch(d);
        if (st != DRV_CYCLE)
            return st;
    }
    if (d->lvl_dirty)
        driver_base_build(d);
    *sin = d->base; /* one copy; the event's fields go on top */
    struct itm_in *in = &sin->itm;
    in->rst_n = d->cycle >= 0;
    d->pe_held = d->cur &&
                 (d->cur->kind == EV_PE || d->cur->kind == EV_PE_EXC || d->cur->kind == EV_PE_SPEC) &&
                 (d->cur->val & PE_HONOUR) && d->gm && d->gm->has_etm &&
                 etm_model_stall(&d->gm->etm);
    if (d->bg_active || d->bg_evt_left || d->bg_instr_left || d->cur)
        driver_event_inputs(d, sin);
    if (!in->rst_n)
        d->gts = 0; /* gts counts cycles since the end of the last reset unless set */
    in->gts = d->gts;
    /* in_place: which event fields now stand in sin for the short paths (driver.h) */
    d->in_at = NULL;
    if (d->in_place && in->rst_n && d->cur && !d->bg_evt_left && !d->bg_instr_left) {
        unsigned x = d->bg_active ? DRV_X_PULSE : 0u;
        switch (d->cur->kind) {
        case EV_IDLE:
        case EV_WAIT_IDLE: /* no fields of its own */
            break;
        case EV_WRITE:
        case EV_READ:
            x |= DRV_X_APB;
            break;
        case EV_HW:
            x |= DRV_X_HW;
            break;
        case EV_FETCH:
            x |= DRV_X_FETCH;
            break;
        case EV_PULSE:
            x |= DRV_X_PULSE;
            break;
        case EV_FLUSH:
            x |= DRV_X_AF;
            break;
        default:
            x = 0xFFu; /* other fields: not known */
            break;
        }
        if (x != 0xFFu) {
            d->in_extra = (uint8_t)x;
            d->in_at = sin;
        }
    }
    return DRV_CYCLE;
}

/* The inputs that depend only on the levels: every other field 0. */
void driver_base_build(struct driver *d)
{
    struct sys_in *sin = &d->base;
    struct itm_in *in = &sin->itm;
    memset(sin, 0, sizeof *sin);
    d->lvl_dirty = false;
    in->atready = d->lvl[SIG_ATREADY];
    in->trcena = d->lvl[SIG_TRCENA];
    in->niden = d->lvl[SIG_NIDEN];
    in->spniden = d->lvl[SIG_SPNIDEN];
    in->pe_secure = d->lvl[SIG_PE_SECURE];
    in->halted = d->lvl[SIG_HALTED];
    in->async_idle = d->lvl[SIG_ASYNC_IDLE];
    sin->hda = d->lvl[SIG_HDA];
    sin->uhda = d->lvl[SIG_UHDA];
    sin->uhda_s = d->lvl[SIG_UHDA_S];
    sin->c_debugen = d->lvl[SIG_C_DEBUGEN];
    sin->s_halt = d->lvl[SIG_S_HALT];
    sin->s_sde = d->lvl[SIG_S_SDE];
    sin->mon_en = d->lvl[SIG_MON_EN];
    sin->sdme = d->lvl[SIG_SDME];
    sin->umon_en = d->lvl[SIG_UMON_EN];
    sin->mon_prio = d->lvl[SIG_MON_PRIO];
    sin->pe_priv = d->lvl[SIG_PE_PRIV];
    sin->sleeping = d->lvl[SIG_SLEEPING];
    sin->niden_p = d->lvl[SIG_NIDEN_P];
    sin->spniden_p = d->lvl[SIG_SPNIDEN_P];
    sin->monrdy = d->lvl[SIG_MONRDY];
}

/* The current event's and the background pulses' and strobes' fields of this cycle's inputs. */
static void driver_event_inputs(const struct driver *d, struct sys_in *sin)
{
    struct itm_in *in = &sin->itm;
    for (unsigned k = 0; d->bg_active && k < SIG_NPULSES; k++)
        if (d->bg_pulse[k])
            driver_set_pulse(in, SIG_NLEVELS + k);
    const struct event *ev = d->cur;
    if (ev) {
        /* the ETM PE's speculation inputs, in the event's first cycle ([ETM-SPEC-PE-*]);
         * none while the PE holds its interface for the stall ([ETM-SPEC-13]) */
        if (((ev->kind == EV_PE && d->cur_n == 0) || ev->kind == EV_PE_EXC ||
             ev->kind == EV_PE_SPEC) && !d->pe_held) {
            sin->etm_spec_commit = (uint8_t)PE_SPEC_COMMIT(ev->mask);
            sin->etm_spec_flush = (ev->mask & PE_SPEC_FLUSH) != 0;
            sin->etm_spec_cancel = (uint8_t)PE_SPEC_CANCEL(ev->mask);
            sin->etm_spec_mispred = (ev->mask & PE_SPEC_MISPRED) != 0;
        }
        switch (ev->kind) {
        case EV_RESET:
            in->rst_n = false;
            break;
        case EV_WRITE:
            in->psel = true;
            in->penable = d->cur_n == 1;
            in->pwrite = true;
            in->paddr = ev->addr;
            in->pwdata = ev->data;
            in->pstrb = ev->strb;
            in->pprot = ev->prot;
            break;
        case EV_READ:
            in->psel = true;
            in->penable = d->cur_n == 1;
            in->paddr = ev->addr;
            in->pprot = ev->prot;
            break;
        case EV_PULSE:
            driver_set_pulse(in, ev->sig);
            break;
        case EV_HW:
            in->hw_valid = true;
            in->hw_data = ev->val;
            break;
        case EV_FLUSH:
            in->afvalid = true;
            break;
        case EV_FETCH:
            driver_set_fetch(sin, ev);
            break;
        case EV_INSTR:
            sin->ia_valid = true;
            sin->ia_addr = ev->addr + (uint32_t)d->cur_n * ev->mask;
            sin->ia_secure = (ev->val & OP_SECURE) != 0;
            sin->ia_priv = (ev->val & OP_PRIV) != 0;
            break;
        case EV_ACCESS:
            sin->da_valid = true;
            sin->da_addr = ev->addr;
            sin->da_size = (uint8_t)(ev->val & 3);
            sin->da_write = (ev->val & OP_WRITE) != 0;
            sin->da_data = ev->data;
            sin->da_pc = ev->mask;
            sin->da_secure = (ev->val & OP_SECURE) != 0;
            sin->da_priv = (ev->val & OP_PRIV) != 0;
            sin->da_fault = (ev->val & OP_FAULT) != 0;
            sin->da_lazyfp = (ev->val & OP_LAZYFP) != 0;
            if (ev->val & OP_INSTR) {
                sin->ia_valid = true;
                sin->ia_addr = (uint32_t)ev->cycle;
                sin->ia_secure = sin->da_secure;
                sin->ia_priv = sin->da_priv;
            }
            break;
        case EV_EXC:
            sin->exc_valid = true;
            sin->exc_fn = (uint8_t)(ev->val & 3);
            sin->exc_num = (uint16_t)ev->data;
            sin->exc_secure = (ev->val & OP_SECURE) != 0;
            break;
        case EV_PE: {
            const unsigned v = (unsigned)ev->val;
            if (d->pe_held) /* [ETM-STALL-5]: no event while the stall is requested */
                break;
            sin->etm_pe_valid = true;
            sin->etm_pe_addr = ev->addr + (uint32_t)d->cur_n * ((v & PE_SIZE32) ? 4u : 2u);
            sin->etm_pe_size = (v & PE_SIZE32) != 0;
            sin->etm_pe_br = (v & PE_BR) != 0;
            sin->etm_pe_ind = (v & PE_IND) != 0;
            sin->etm_pe_taken = (v & PE_TAKEN) != 0;
            sin->etm_pe_link = (v & PE_LINK) != 0;
            sin->etm_pe_excret = (v & PE_EXCRET) != 0;
            sin->etm_pe_ns = (v & PE_NS) != 0;
            break;
        }
        case EV_PE_EXC:
            if (d->pe_held)
                break;
            sin->etm_exc_valid = true;
            sin->etm_exc_num = (uint16_t)ev->data;
            sin->etm_exc_ret = ev->addr;
            sin->etm_pe_ns = (ev->val & PE_NS) != 0;
            break;
        case EV_PE_SPEC:
            break;
        case EV_EVT:
            sin->evt_cpi = (ev->val & 1) != 0;
            sin->evt_exc = (ev->val & 2) != 0;
            sin->evt_sleep = (ev->val & 4) != 0;
            sin->evt_lsu = (ev->val & 8) != 0;
            sin->evt_fold = (ev->val & 16) != 0;
            break;
        default:
            break;
        }
    }
    if (d->bg_evt_left) {
        sin->evt_cpi |= (d->bg_evt & 1) != 0;
        sin->evt_exc |= (d->bg_evt & 2) != 0;
        sin->evt_sleep |= (d->bg_evt & 4) != 0;
        sin->evt_lsu |= (d->bg_evt & 8) != 0;
        sin->evt_fold |= (d->bg_evt & 16) != 0;
    }
    if (d->bg_instr_left && !sin->ia_valid) { /* a foreground instruction wins */
        const struct event *e = &d->bg_instr;
        sin->ia_valid = true;
        sin->ia_addr = e->addr + (uint32_t)d->bg_instr_n * e->mask;
        sin->ia_secure = (e->val & OP_SECURE) != 0;
        sin->ia_priv = (e->val & OP_PRIV) != 0;
    }
}

enum driver_status driver_check_read(struct driver *d, const struct event *ev,
                                     const struct itm_out *out, const struct itm_out *other)
{
    uint32_t m = ev->mask;
    bool ok = (out->prdata & m) == (ev->data & m) && (!other || (other->prdata & m) == (ev->data & m));
    if (ok)
        return DRV_CYCLE;
    char msg[256];
    if (other)
        snprintf(msg, sizeof msg,
                 "read 0x%03x: expected 0x%08x (mask 0x%08x), golden prdata 0x%08x, rtl prdata "
                 "0x%08x",
                 ev->addr, ev->data, m, out->prdata, other->prdata);
    else
        snprintf(msg, sizeof msg, "read 0x%03x: expected 0x%08x (mask 0x%08x), prdata 0x%08x",
                 ev->addr, ev->data, m, out->prdata);
    return fail(d, ev, msg);
}

static const char *const fx_names[4] = {"none", "match", "halt", "mon"};

/* The outputs a fetch's expect= names, checked on each model given. */
enum driver_status driver_check_fetch(struct driver *d, const struct sys_out *out,
                                      const struct sys_out *other)
{
    const struct event *ev = d->fx_ev;
    unsigned x = ev->data & 3;
    bool want_match = x != FX_NONE, want_halt = x == FX_HALT, want_mon = x == FX_MON;
    const struct sys_out *o[2] = {out, other};
    const char *who[2] = {other ? "golden" : "model", "rtl"};
    d->fx_ev = NULL;
    for (unsigned k = 0; k < 2 && o[k]; k++) {
        if (o[k]->match == want_match && o[k]->bkpt_halt == want_halt &&
            o[k]->bkpt_mon == want_mon)
            continue;
        char msg[200];
        snprintf(msg, sizeof msg,
                 "fetch expect=%s: %s has match=%d bkpt_halt=%d bkpt_mon=%d in the cycle after "
                 "the fetch",
                 fx_names[x], who[k], o[k]->match, o[k]->bkpt_halt, o[k]->bkpt_mon);
        return fail_at(d, ev, d->fx_index, msg);
    }
    return DRV_CYCLE;
}

enum driver_status driver_observe_any(struct driver *d, const struct sys_in *sin,
                                      const struct sys_out *sout, const struct sys_out *sother)
{
    const struct itm_in *in = &sin->itm;
    const struct itm_out *out = &sout->itm;
    const struct itm_out *other = sother ? &sother->itm : NULL;
    enum driver_status st = DRV_CYCLE;
    if (d->fx_ev && d->cycle == d->fx_cycle)
        st = driver_check_fetch(d, sout, sother);
    const struct event *ev = d->cur;
    bool done = false;
    if (ev) {
        d->cur_n++;
        switch (ev->kind) {
        case EV_RESET:
        case EV_IDLE:
        case EV_PULSE:
        case EV_INSTR:
        case EV_EVT:
            done = d->cur_n >= ev->count;
            break;
        case EV_PE:
        case EV_PE_EXC:
            if (d->pe_held) /* held: this cycle presented nothing */
                d->cur_n--;
            done = ev->kind == EV_PE ? d->cur_n >= ev->count : d->cur_n >= 1;
            break;
        case EV_PE_SPEC: /* held too: the speculation inputs wait ([ETM-SPEC-13]) */
            done = !d->pe_held;
            break;
        case EV_EXPECT_STALL: {
            done = true;
            const struct sys_out *o2[2] = {sout, sother};
            for (unsigned k = 0; k < 2 && st == DRV_CYCLE; k++) {
                if (!o2[k] || o2[k]->etm_pe_stall == (ev->val != 0))
                    continue;
                char msg[160];
                snprintf(msg, sizeof msg, "expect_stall %u: %s has etm_pe_stall_o = %d",
                         (unsigned)ev->val, k == 0 ? (sother ? "golden" : "model") : "rtl",
                         o2[k]->etm_pe_stall);
                st = fail(d, ev, msg);
            }
            break;
        }
        case EV_WRITE:
            done = d->cur_n == 2;
            break;
        case EV_READ:
            done = d->cur_n == 2;
            if (done && ev->has_expect && st == DRV_CYCLE)
                st = driver_check_read(d, ev, out, other);
            break;
        case EV_HW:
            done = (in->hw_valid && out->hw_ready) || (ev->count && d->cur_n >= ev->count);
            break;
        case EV_FLUSH:
            done = out->afready;
            break;
        case EV_FETCH:
            done = true;
            if (ev->has_expect && in->rst_n) {
                d->fx_ev = ev;
                d->fx_index = d->nevents - 1;
                d->fx_cycle = d->cycle + 1;
            }
            break;
        case EV_WAIT_IDLE: {
            const bool want_tpiu = (ev->val & WAIT_TPIU) != 0;
            if (want_tpiu && !d->gm) {
                done = true;
                if (st == DRV_CYCLE)
                    st = fail(d, ev, "wait_idle tpiu=1: the TPIU's state comes from the golden "
                                     "model, which this run does not have (trace_tb --mode "
                                     "rtl, or an ITM-only tool)");
                break;
            }
            const bool tpiu_busy = want_tpiu && d->gm->has_tpiu && !tpiu_drained(&d->gm->tpiu);
            done = !out->busy && !out->atvalid && !sout->dwt_hw_valid && !sout->etm_atvalid &&
                   !tpiu_busy;
            if (!done && d->cur_n >= ev->count) {
                char msg[200];
                snprintf(msg, sizeof msg,
                         "wait_idle: still busy=%d atvalid=%d dwt_hw_valid=%d etm_atvalid=%d%s "
                         "after %" PRIu64 " cycles",
                         out->busy, out->atvalid, sout->dwt_hw_valid, sout->etm_atvalid,
                         !want_tpiu ? "" : tpiu_busy ? " tpiu=busy" : " tpiu=empty", ev->count);
                if (st == DRV_CYCLE)
                    st = fail(d, ev, msg);
            }
            break;
        }
        default:
            done = true;
            break;
        }
    }
    if (done)
        d->cur = NULL;
    for (unsigned k = 0; d->bg_active && k < SIG_NPULSES; k++)
        if (d->bg_pulse[k] && --d->bg_pulse[k] == 0)
            d->bg_active--;
    if (d->bg_evt_left)
        d->bg_evt_left--;
    if (d->bg_instr_left) {
        d->bg_instr_left--;
        d->bg_instr_n++;
    }
    if (in->rst_n)
        d->gts += d->gts_step;
    d->cycle++;
    return st;
}

static const struct event *scen_next(void *ctx)
{
    struct scen_iter *it = ctx;
    return it->pos < it->s->nev ? &it->s->ev[it->pos++] : NULL;
}

static void scen_rewind(void *ctx)
{
    ((struct scen_iter *)ctx)->pos = 0;
}

struct ev_source scen_source_get(struct scen_iter *it, const struct scenario *s)
{
    it->s = s;
    it->pos = 0;
    return (struct ev_source){scen_next, scen_rewind, it, s};
}
