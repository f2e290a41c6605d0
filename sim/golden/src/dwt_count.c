/* SPDX-License-Identifier: Apache-2.0 */
/* Golden DWT counters: CYCCNT, POSTCNT, SYNCTAP, periodic PC sample, event counters and
 * exception trace (docs/dwt-contract.md sections 11-14). */
#include "dwt_model_int.h"

/* cyc_inc of section 11 */
bool dwt_count_cyc_inc(const struct dwt_model *m, const struct dwt_in *in) {
    const struct dwt_cfg *c = &m->cfg;
    return c->cyccnt && (m->ctrl & DWT_CTRL_CYCCNTENA) && in->trcena && !in->halted &&
           !(c->sec_ext && (m->ctrl & DWT_CTRL_CYCDISS) && in->pe_secure);
}

static bool bit_changes(uint32_t a, uint32_t b, unsigned bit) { return ((a ^ b) >> bit & 1u) != 0; }

/* [DWT-EXC-1] */
static void exc_trace(const struct dwt_model *m, const struct dwt_in *in, struct dwt_pkts *l) {
    const struct dwt_cfg *c = &m->cfg;
    unsigned fn = in->exc_fn & 3u;
    unsigned num = in->exc_num & 0x1FFu;
    if (!in->exc_valid || fn == 0u || !c->trace || !(m->ctrl & DWT_CTRL_EXCTRCENA) || !in->trcena ||
        !in->niden)
        return;
    if (c->sec_ext && in->exc_secure && !in->spniden)
        return;
    dwt_pkts_add(l, dwt_pkt(0x0Eu, (num & 0xFFu) | (fn << 4 | num >> 8) << 8));
}

/* [DWT-PCS-1] */
static void pc_sample(const struct dwt_model *m, const struct dwt_in *in, struct dwt_pkts *l) {
    const struct dwt_cfg *c = &m->cfg;
    if (in->sleeping && dwt_auth_trace_ok(c, in, in->pe_secure, in->pe_priv))
        dwt_pkts_add(l, dwt_pkt(0x15u, 0x00u));
    else if (m->pc_vld && dwt_auth_trace_ok(c, in, m->pc_last_s, m->pc_last_p))
        dwt_pkts_add(l, dwt_pkt(0x17u, m->pc_last));
}

void dwt_count_eval(const struct dwt_model *m, const struct dwt_in *in, const struct dwt_wr *w,
                    struct dwt_cnt_res *res, struct dwt_pkts *l) {
    const struct dwt_cfg *c = &m->cfg;
    uint32_t ctrl = m->ctrl;
    bool inc = dwt_count_cyc_inc(m, in);
    uint32_t next = m->cyccnt + 1u;

    /* [DWT-CYC-1], [DWT-CYC-2] */
    res->cyccnt_d = w->cyc ? w->cyc_v : inc ? next : m->cyccnt;

    /* [DWT-POST-1], [DWT-POST-2] */
    unsigned tap = (ctrl & DWT_CTRL_CYCTAP) ? 10u : 6u;
    bool tap_ev = inc && bit_changes(m->cyccnt, next, tap);
    bool pcs = (ctrl & DWT_CTRL_PCSAMPLENA) != 0, cev = (ctrl & DWT_CTRL_CYCEVTENA) != 0;
    bool fire = false;
    res->post_d = m->post;
    if (tap_ev && (pcs || cev)) {
        if (m->post != 0u) {
            res->post_d = (uint8_t)(m->post - 1u);
        } else {
            res->post_d = (uint8_t)DWT_CTRL_POSTPRESET(ctrl);
            fire = true;
        }
    }
    if (w->post) /* [DWT-POST-3] wins */
        res->post_d = w->post_v;

    /* [DWT-SYNC-1] */
    unsigned st = DWT_CTRL_SYNCTAP(ctrl);
    res->sync = inc && st != 0u && bit_changes(m->cyccnt, next, 22u + 2u * st);

    /* [DWT-CNT-1..4] */
    bool pe_ok = dwt_auth_trace_ok(c, in, in->pe_secure, in->pe_priv);
    bool cnt_ok = pe_ok && !(c->sec_ext && in->pe_secure && !dwt_auth_snid_p(c, in));
    const bool evt[DWT_NUM_CNT] = {in->evt_cpi, in->evt_exc, in->evt_sleep, in->evt_lsu,
                                   in->evt_fold};
    unsigned flags = 0;
    for (unsigned k = 0; k < DWT_NUM_CNT; k++) {
        bool ena = (ctrl >> (DWT_CTRL_EVTENA_SHIFT + k) & 1u) != 0;
        bool ik = c->prfcnt && ena && cnt_ok && !in->halted && evt[k];
        if (w->cnt[k]) {
            res->cnt_d[k] = w->cnt_v[k];
        } else {
            res->cnt_d[k] = (uint8_t)(m->cnt[k] + (ik ? 1u : 0u));
            if (ik && m->cnt[k] == 0xFFu)
                flags |= 1u << k;
        }
    }

    /* packets, [DWT-BUF-1] items 4-6 */
    exc_trace(m, in, l);
    if (fire && pcs && c->trace)
        pc_sample(m, in, l);
    if (fire && cev && pe_ok) /* [DWT-CNT-5] cyc_f */
        flags |= 1u << 5;
    if (c->trace && flags != 0u)
        dwt_pkts_add(l, dwt_pkt(0x05u, flags));
}
