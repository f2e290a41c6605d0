/* SPDX-License-Identifier: Apache-2.0 */
/* Golden model of the ETM: init, reset, Moore outputs and the clock edge
 * (docs/etm-contract.md sections 2, 5, 11). */
#include <string.h>

#include "etm_model_int.h"

int etm_model_init(struct etm_model *m, const struct etm_cfg *cfg)
{
    if ((cfg->fifo_depth != 64u && cfg->fifo_depth != 128u && cfg->fifo_depth != 256u) ||
        cfg->rs_depth > ETM_MAX_RS_DEPTH || cfg->cc_size < 12u || cfg->cc_size > 20u ||
        cfg->num_pc > ETM_MAX_NUM_PC || cfg->max_spec > ETM_MAX_SPEC ||
        cfg->num_ac_pairs > ETM_MAX_AC_PAIRS ||
        (cfg->q_supp && cfg->max_spec > 0u)) { /* [ETM-Q-2] */
        return -1;
    }
    memset(m, 0, sizeof *m);
    m->cfg = *cfg;
    etm_model_reset(m);
    return 0;
}

void etm_model_reset(struct etm_model *m)
{
    struct etm_cfg cfg = m->cfg;

    memset(m, 0, sizeof *m);
    m->cfg = cfg;
    m->victlr = 0x201u; /* EVENT = TRUE, SSSTATUS = started */
    m->t.f45 = cfg.atom_f45;
    m->pready_q = true;
}

void etm_model_eval(const struct etm_model *m, const struct etm_in *in, struct etm_out *out)
{
    bool rst = !in->rst_n;
    bool atvalid = m->count > 0u;

    out->prdata = rst ? 0u : m->prdata_q;
    out->pready = !rst && m->pready_q;
    out->pslverr = !rst && m->pslverr_q;
    out->atvalid = !rst && atvalid; /* [ETM-FIFO-1] */
    out->atdata = (rst || !atvalid) ? 0u : m->fifo[m->head];
    out->atid = rst ? 0u : (uint8_t)(m->traceidr & 0x7Fu);
    out->afready = !rst && m->afready_q; /* [ETM-FLUSH-1] */
    out->idle = !rst && etm_idle_get(m);
    out->pe_stall = !rst && etm_model_stall(m);
}

/* [ETM-STALL-3], [ETM-STALL-4]: EN && ISTALL && count >= (16 - LEVEL) * FifoDepth / 16. */
bool etm_model_stall(const struct etm_model *m)
{
    unsigned level = m->stallctlr & 0xFu;
    unsigned thr = (16u - level) * (m->cfg.fifo_depth / 16u);
    return m->cfg.has_stall && m->en && (m->stallctlr & 0x100u) != 0u && m->count >= thr;
}

/* Appends a cycle's bytes; every byte counts towards the periodic sync [ETM-SYNC-1]. */
void etm_fifo_push(struct etm_model *m, const struct etm_buf *b)
{
    unsigned depth = m->cfg.fifo_depth;
    for (unsigned i = 0; i < b->n && i < ETM_MAX_DEMAND && m->count < depth; i++) {
        m->fifo[(m->head + m->count) % depth] = b->b[i];
        m->count++;
    }
    m->t.sync_cnt += b->n;
    if (m->t.sync_cnt > (1u << 20)) {
        m->t.sync_cnt = 1u << 20;
    }
}

static void etm_flush_alone(struct etm_model *m) /* [ETM-ATOM-3], [ETM-OVF-4] */
{
    struct etm_buf b = {.n = 0};
    etm_atom_flush(&b, &m->t);
    etm_fifo_push(m, &b);
}

void etm_gen_ctx_fill(const struct etm_model *m, struct etm_gen_ctx *g)
{
    uint32_t max = (1u << m->cfg.cc_size) - 1u;

    g->configr = m->configr;
    g->ccctlr = m->ccctlr;
    g->rs_depth = m->cfg.rs_depth;
    g->report = m->cc_cnt + 1u > max ? max : m->cc_cnt + 1u; /* [ETM-CC-1] */
    g->sync_due = m->syncpr != 0u && m->t.sync_cnt >= (1u << m->syncpr);
    g->max_spec = m->cfg.max_spec;
    g->q_on = etm_q_on(m);
    g->bb_in = true;
    g->q_in = true;
}

bool etm_q_on(const struct etm_model *m) /* [ETM-Q-2] */
{
    return m->cfg.q_supp && (m->configr & ETM_CFG_QE) != 0u && (m->configr & ETM_CFG_BB) == 0u;
}

/* [ETM-Q-6]: the pending Q closed at the address of an untraced or dropped event. */
static void etm_q_close_alone(struct etm_model *m, uint32_t a)
{
    struct etm_buf b = {.n = 0};
    etm_q_close(&b, &m->t, a);
    etm_fifo_push(m, &b);
}

/* One traced event: its demand enters the FIFO or overflows ([ETM-OVF-1], [ETM-OVF-2]). */
static bool etm_traced_event(struct etm_model *m, const struct etm_in *in, unsigned free_bytes)
{
    struct etm_trace t2 = m->t;
    struct etm_buf b = {.n = 0};
    struct etm_gen_ctx g;
    struct etm_gen_res r;

    etm_gen_ctx_fill(m, &g);
    g.bb_in = etm_acmp_bb_in(m, in); /* [ETM-BB-2] */
    g.q_in = etm_acmp_q_in(m, in);   /* [ETM-Q-9] */
    etm_gen_event(&b, &t2, &g, in, &r);
    m->last_demand = b.n;
    unsigned reserve = g.q_on ? 10u : 3u; /* [ETM-OVF-1], [ETM-Q-6] */
    if (b.n + reserve <= free_bytes) {
        t2.ovf = false;
        m->t = t2;
        etm_fifo_push(m, &b);
        if (r.async) {
            m->t.sync_cnt = 0;
        }
        return r.cc_emitted;
    }
    if (!m->t.ovf) {
        struct etm_buf o = {.n = 0};
        etm_atom_flush(&o, &m->t);
        etm_q_close(&o, &m->t, (in->exc_valid ? in->exc_ret : in->pe_addr) & ~1u); /* [ETM-Q-6] */
        etm_buf_put(&o, 0x00u);
        etm_buf_put(&o, 0x05u);
        etm_fifo_push(m, &o);
        m->t.ovf = true;
        m->t.resync_pend = true;
        m->t.ton_pend = true;
        m->t.need_addr = ETM_NEED_NONE;
        m->t.cc_unknown = (m->configr & ETM_CFG_CCI) != 0u;
        m->last_ovf = true;
    }
    return false;
}

void etm_model_step(struct etm_model *m, const struct etm_in *in)
{
    if (!in->rst_n) {
        etm_model_reset(m);
        return;
    }
    const struct etm_cfg *c = &m->cfg;
    bool setup = in->psel && !in->penable;
    bool wr = in->psel && in->penable && in->pwrite && (in->pstrb & 0xFu) == 0xFu;
    uint32_t off = in->paddr & 0xFFCu;
    uint32_t prdata_d = 0;
    bool pslverr_d = false;
    bool idle = etm_idle_get(m);
    bool cc_emitted = false;
    unsigned free_bytes = c->fifo_depth - m->count;
    uint32_t pcm = (1u << c->num_pc) - 1u;
    struct etm_in ev = *in;

    if (setup) { /* [ITM-APB-1] */
        pslverr_d = in->pwrite && (in->pstrb & 0xFu) != 0xFu;
        prdata_d = in->pwrite ? 0u : etm_regs_read(m, in, off);
    }
    bool afready_d = in->afvalid && !m->afready_q && m->count == 0u && m->t.n_atoms == 0u &&
                     m->t.spec_cp == 0u /* [ETM-SPEC-8] */ && m->t.q_cnt == 0u; /* [ETM-Q-7] */
    if (m->count > 0u && in->atready) { /* ATB pop */
        m->head = (m->head + 1u) % c->fifo_depth;
        m->count--;
    }
    m->last_demand = 0;
    m->last_ovf = false;
    if (!c->sec_ext) {
        ev.pe_ns = true;
    }
    if (c->max_spec > 0u) { /* section 18 */
        bool traced = false;
        if (m->en && (m->configr & ETM_CFG_TS) != 0u && etm_res(m->tsctlr)) {
            m->t.ts_req = true;
        }
        bool ss = (m->victlr & ETM_VICTLR_SSSTATUS) != 0u;
        bool start = in->pe_valid && (in->cmpmatch & m->vipcssctlr & pcm) != 0u;
        bool stop = in->pe_valid && (in->cmpmatch & (m->vipcssctlr >> 16) & pcm) != 0u;
        if (m->en && (in->pe_valid || in->exc_valid)) {
            bool prohib = !in->niden || (c->sec_ext && !ev.pe_ns && !in->spniden);
            traced = etm_res(m->victlr) && (ss || start) && !prohib && etm_acmp_view_ok(m, &ev);
        }
        cc_emitted = etm_spec_cycle(m, &ev, free_bytes, traced);
        if (m->en) {
            if (in->pe_valid) {
                bool ss_d = (ss || start) && !stop;
                m->victlr = (m->victlr & ~ETM_VICTLR_SSSTATUS) | (ss_d ? ETM_VICTLR_SSSTATUS : 0u);
            }
            uint32_t max = (1u << c->cc_size) - 1u;
            m->cc_cnt = cc_emitted ? 0u : (m->cc_cnt + 1u > max ? max : m->cc_cnt + 1u);
        }
    } else if (m->en) {
        if ((m->configr & ETM_CFG_TS) != 0u && etm_res(m->tsctlr)) { /* [ETM-TS-1] */
            m->t.ts_req = true;
        }
        if (in->pe_valid || in->exc_valid) { /* [ETM-VIEW-1] */
            bool ss = (m->victlr & ETM_VICTLR_SSSTATUS) != 0u;
            bool start = in->pe_valid && (in->cmpmatch & m->vipcssctlr & pcm) != 0u;
            bool stop = in->pe_valid && (in->cmpmatch & (m->vipcssctlr >> 16) & pcm) != 0u;
            bool prohib = !in->niden || (c->sec_ext && !ev.pe_ns && !in->spniden);
            bool traced = etm_res(m->victlr) && (ss || start) && !prohib &&
                          etm_acmp_view_ok(m, &ev); /* [ETM-VIEW-3] */
            if (traced) {
                cc_emitted = etm_traced_event(m, &ev, free_bytes);
            } else { /* [ETM-VIEW-2] */
                etm_flush_alone(m);
                etm_q_close_alone(m, (in->exc_valid ? in->exc_ret : in->pe_addr) & ~1u);
                m->t.ton_pend = true;
                m->t.need_addr = ETM_NEED_NONE;
                m->t.at_wp = true;
            }
            if (in->pe_valid) {
                bool ss_d = (ss || start) && !stop;
                m->victlr = (m->victlr & ~ETM_VICTLR_SSSTATUS) | (ss_d ? ETM_VICTLR_SSSTATUS : 0u);
            }
        }
        uint32_t max = (1u << c->cc_size) - 1u; /* [ETM-CC-1] */
        m->cc_cnt = cc_emitted ? 0u : (m->cc_cnt + 1u > max ? max : m->cc_cnt + 1u);
    } else if (m->t.n_atoms > 0u || m->t.q_cnt > 0u) {
        etm_flush_alone(m); /* after a disable */
        struct etm_buf qb = {.n = 0};
        etm_q_tail(&qb, &m->t); /* [ETM-Q-7] */
        etm_fifo_push(m, &qb);
        m->t.q_cnt = 0;
        m->t.q_eret = false;
    }
    if (c->max_spec == 0u && in->afvalid && m->t.n_atoms > 0u) {
        etm_flush_alone(m);
    }
    if (in->afvalid && m->t.q_cnt > 0u) { /* [ETM-Q-7]: only if it fits with the reserve */
        struct etm_trace t2 = m->t;
        struct etm_buf qb = {.n = 0};
        etm_q_tail(&qb, &t2);
        if (qb.n + 10u <= c->fifo_depth - m->count) {
            m->t = t2;
            etm_fifo_push(m, &qb);
        }
    }
    if (wr) {
        etm_regs_write(m, off, in->pwdata, idle);
    }
    m->prdata_q = prdata_d;
    m->pslverr_q = pslverr_d;
    m->afready_q = afready_d;
}
