/* SPDX-License-Identifier: Apache-2.0 */
/* Golden DWT: configuration check, cycle evaluation and the output buffer
 * (docs/dwt-contract.md sections 1, 2, 15, 16). */
#include "dwt_model_int.h"

#include <string.h>

int dwt_model_init(struct dwt_model *m, const struct dwt_cfg *cfg) {
    if (cfg->num_comp > DWT_MAX_COMP || cfg->fifo_depth < 1u ||
        cfg->fifo_depth > DWT_MAX_FIFO_DEPTH)
        return -1;
    /* HasMain == 0 => no trace, cycle counter, event counters or VMASK (section 1) */
    if (!cfg->main_ext && (cfg->trace || cfg->cyccnt || cfg->prfcnt || cfg->vmask))
        return -1;
    memset(m, 0, sizeof *m);
    m->cfg = *cfg;
    dwt_model_reset(m);
    return 0;
}

void dwt_model_reset(struct dwt_model *m) {
    struct dwt_cfg cfg = m->cfg;
    memset(m, 0, sizeof *m);
    m->cfg = cfg;
    m->pready_q = true;
    dwt_match_roles(m, &m->roles); /* 8.1: from the reset FUNCTIONn values */
}

void dwt_model_eval(const struct dwt_model *m, const struct dwt_in *in, struct dwt_out *out) {
    memset(out, 0, sizeof *out);
    if (!in->rst_n)
        return;
    out->prdata = m->prdata_q;
    out->pready = m->pready_q;
    out->pslverr = m->pslverr_q;
    out->cmpmatch = m->cfg.exttrig ? m->cmpmatch_q : 0u; /* [DWT-CMPM-1] */
    out->wpt_halt = m->halt_q;
    out->wpt_mon = m->mon_q;
    if (m->cfg.trace) { /* [DWT-BUF-3], [DWT-BUF-4] */
        out->hw_valid = m->ob_cnt != 0u;
        out->hw_data = m->ob_cnt != 0u ? m->ob[m->ob_head] : 0u;
        out->hw_ovf = m->ovf_q;
    }
    out->sync_req = m->sync_req_q;
}

/* [DWT-BUF-2]: pop at this edge, then push the list's first `free` packets. */
static bool buffer_step(struct dwt_model *m, const struct dwt_in *in, const struct dwt_pkts *l) {
    unsigned depth = m->cfg.fifo_depth;
    unsigned free_n = depth - m->ob_cnt; /* before this edge's pop */
    unsigned push = l->n < free_n ? l->n : free_n;
    if (m->ob_cnt != 0u && in->hw_ready) {
        m->ob_head = (m->ob_head + 1u) % depth;
        m->ob_cnt--;
    }
    for (unsigned i = 0; i < push; i++) {
        m->ob[(m->ob_head + m->ob_cnt) % depth] = l->e[i];
        m->ob_cnt++;
    }
    return l->n > free_n;
}

static void apply_write(struct dwt_model *m, const struct dwt_wr *w) {
    switch (w->reg) {
    case DWT_WR_CTRL:
        m->ctrl = w->val;
        break;
    case DWT_WR_COMP:
        m->comp[w->idx] = w->val;
        break;
    case DWT_WR_FUNC:
        m->func[w->idx] = w->val;
        dwt_match_roles(m, &m->roles); /* 8.1: roles of cycle t+1 from FUNCTIONn */
        break;
    case DWT_WR_VMASK:
        m->vmask[w->idx] = w->val;
        break;
    default:
        break;
    }
}

void dwt_model_step(struct dwt_model *m, const struct dwt_in *in) {
    if (!in->rst_n) {
        dwt_model_reset(m);
        return;
    }
    /* APB [DWT-APB-1], [DWT-APB-2] */
    bool setup = in->psel && !in->penable;
    bool rd = setup && !in->pwrite;
    uint32_t prdata_d = rd ? dwt_regs_read(m, in, in->paddr) : 0u;
    bool pslverr_d = setup && in->pwrite && (in->pstrb & 0xFu) != 0xFu;
    int clr = rd ? dwt_regs_func_idx(m, in->paddr) : -1; /* [DWT-MATCHED-2] */
    struct dwt_wr w;
    memset(&w, 0, sizeof w);
    dwt_regs_write(m, in, &w);

    /* everything below looks at cycle t's registers only [DWT-EVAL-1] */
    struct dwt_pkts l;
    struct dwt_cmp_res cr;
    struct dwt_cnt_res nr;
    l.n = 0;
    dwt_match_eval(m, in, dwt_count_cyc_inc(m, in), &cr, &l);
    dwt_count_eval(m, in, &w, &nr, &l);
    bool ovf = buffer_step(m, in, &l);

    /* comparators num_comp and up: never matched, no IR state (cr has none for them, and
     * reset clears them), so only the implemented ones are updated */
    for (unsigned n = 0; n < m->cfg.num_comp; n++) {
        /* [DWT-EVAL-2]: a match at the clearing edge wins */
        m->matched[n] = (m->matched[n] && (int)n != clr) || (cr.matched >> n & 1u);
        m->ir[n] = cr.ir_d[n];
    }
    if (w.reg == DWT_WR_COMP || w.reg == DWT_WR_FUNC) { /* [DWT-IR-FIRST] write wins */
        m->ir[w.idx] = false;
        if (w.idx + 1u < DWT_MAX_COMP)
            m->ir[w.idx + 1u] = false;
    }
    if (in->ia_valid) { /* 10.3 */
        m->pc_last = in->ia_addr & ~1u;
        m->pc_last_s = m->cfg.sec_ext && in->ia_secure;
        m->pc_last_p = in->ia_priv;
        m->pc_vld = true;
    }
    m->pe_secure_q = in->pe_secure; /* [DWT-AUTH-5], updated at every edge */
    m->cyccnt = nr.cyccnt_d;
    m->post = nr.post_d;
    memcpy(m->cnt, nr.cnt_d, sizeof m->cnt);
    apply_write(m, &w);

    m->prdata_q = prdata_d;
    m->pslverr_q = pslverr_d;
    m->pready_q = true;
    m->cmpmatch_q = cr.cmpmatch;
    m->halt_q = cr.halt;
    m->mon_q = cr.mon;
    m->ovf_q = ovf;
    m->sync_req_q = nr.sync;
}
