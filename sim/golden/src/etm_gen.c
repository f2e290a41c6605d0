/* SPDX-License-Identifier: Apache-2.0 */
/* ETM golden model: element generation for one traced event (docs/etm-contract.md
 * section 6, steps 1-6), on a copy of the trace state. */
#include "etm_model_int.h"

bool etm_res(uint32_t sel) /* resource pair 0: FALSE (0) / TRUE (1); TYPE = bit 7 */
{
    return (sel & 0x80u) == 0u && (sel & 0x1Fu) == 1u;
}

static void etm_rs_push(struct etm_trace *t, unsigned depth, uint32_t a) /* [ETM-RS-2] */
{
    if (t->rs_n == depth) {
        for (unsigned i = 1; i < depth; i++) {
            t->rs[i - 1u] = t->rs[i];
        }
        t->rs_n--;
    }
    t->rs[t->rs_n++] = a;
}

void etm_gen_event(struct etm_buf *b, struct etm_trace *t, const struct etm_gen_ctx *g,
                   const struct etm_in *in, struct etm_gen_res *r)
{
    bool ts_en = (g->configr & ETM_CFG_TS) != 0u;
    bool cci = (g->configr & ETM_CFG_CCI) != 0u;
    bool bb = (g->configr & ETM_CFG_BB) != 0u;
    bool rs_on = (g->configr & ETM_CFG_RS) != 0u && !bb && g->rs_depth > 0u; /* [ETM-RS-1] */
    bool exc = in->exc_valid;
    uint32_t a = (exc ? in->exc_ret : in->pe_addr) & ~1u;
    bool ns = in->pe_ns;
    /* [ETM-SYNC-1]; speculative: only when the PE has committed every element [ETM-SPEC-9] */
    bool sync_ok = g->max_spec == 0u || t->spec_sd == t->spec_cp;
    bool full = t->resync_pend || (g->sync_due && (t->at_wp || t->q_cnt > 0u) && sync_ok); /* [ETM-Q-5] */
    bool q_count = g->q_on && g->q_in && !exc; /* [ETM-Q-9] */
    bool ts_done = false, p0 = false;

    r->cc_emitted = false;
    r->async = false;
    /* step 0: close the pending Q element at this event's address [ETM-Q-3] */
    if (t->q_cnt > 0u &&
        (exc || full || t->resync_pend || t->ton_pend || !t->ctx_valid || ns != t->ctx_ns ||
         t->q_eret || t->q_cnt >= ETM_Q_MAX || (!exc && !q_count))) { /* (f) [ETM-Q-9] */
        etm_q_close(b, t, a);
        p0 = true;
    }
    /* step 1: A-Sync, Trace Info, immediate Timestamp [ETM-SYNC-1], [ETM-TS-2] */
    if (full) {
        if (t->spec_cp > 0u) {
            etm_pkt_commit(b, t); /* the decoder's return stack moves before Trace Info */
        }
        etm_atom_flush(b, t);
        etm_pkt_async(b);
        etm_pkt_tinfo(b, cci, g->ccctlr);
        etm_hist_reset(t);
        t->rs_n = 0;
        t->ts_last = 0;
        r->async = true;
        if (ts_en) {
            etm_pkt_ts(b, t, in->gts, cci, g->report);
            t->ts_req = false;
            ts_done = true;
        }
    }
    /* step 2: Trace On */
    if (t->resync_pend || t->ton_pend) {
        etm_atom_flush(b, t);
        etm_buf_put(b, 0x04u);
        t->rs_n = 0; /* [ETM-RS-4] */
    }
    /* step 3: the address of this event when it has to be traced */
    if (full || t->ton_pend || !t->ctx_valid || ns != t->ctx_ns) { /* [ETM-CTX-1] */
        etm_atom_flush(b, t);
        etm_pkt_addr_ctxt(b, t, a, ns);
        t->ctx_valid = true;
        t->ctx_ns = ns;
    } else if (t->need_addr == ETM_NEED_IND && rs_on && t->rs_n > 0u &&
               t->rs[t->rs_n - 1u] == a) { /* [ETM-RS-3] */
        t->rs_n--;
    } else if (t->need_addr != ETM_NEED_NONE) { /* [ETM-ADDR-1] */
        etm_atom_flush(b, t);
        etm_pkt_addr(b, t, a);
    }
    t->resync_pend = false;
    t->ton_pend = false;
    t->need_addr = ETM_NEED_NONE;
    /* step 4: the event's own element */
    if (exc) { /* [ETM-EXC-1] */
        etm_atom_flush(b, t);
        etm_pkt_exc(b, in->exc_num);
        etm_pkt_addr(b, t, a);
        t->need_addr = ETM_NEED_PLAIN;
        p0 = true;
        if (ts_en) {
            t->ts_req = true;
        }
    } else if (q_count) { /* [ETM-Q-4] */
        etm_atom_flush(b, t); /* atoms from outside the Q ranges first [ETM-Q-9] */
        etm_q_count(t, in, a, ts_en);
    } else if (in->pe_br) {
        p0 = true;
        if (in->pe_taken && in->pe_link && rs_on) {
            etm_rs_push(t, g->rs_depth, a + (in->pe_size ? 4u : 2u));
        }
        etm_atom_add(b, t, in->pe_taken);
        if (in->pe_taken && in->pe_ind) {
            t->need_addr = ETM_NEED_IND;
        } else if (in->pe_taken && bb && g->bb_in) { /* [ETM-BB-1], [ETM-BB-2] */
            t->need_addr = ETM_NEED_PLAIN;
        }
        if (in->pe_excret) { /* [ETM-EXC-2] */
            etm_atom_flush(b, t);
            etm_buf_put(b, 0x07u);
            if (ts_en) {
                t->ts_req = true;
            }
        }
    }
    t->at_wp = p0;
    if (p0 && g->max_spec > 0u) { /* [ETM-SPEC-6]: one more uncommitted element */
        t->spec_sd++;
        if (t->spec_sd > g->max_spec) { /* the decoder commits the oldest implicitly */
            t->spec_sd = g->max_spec;
            if (t->spec_cp > 0u) {
                t->spec_cp--;
            }
        }
    }
    /* step 5: a deferred timestamp after the P0 element [ETM-TS-3] */
    if (p0 && t->ts_req && !ts_done) {
        etm_atom_flush(b, t);
        etm_pkt_ts(b, t, in->gts, cci, g->report);
        t->ts_req = false;
    }
    /* step 6: cycle count [ETM-CC-2] */
    if (p0 && cci && (t->cc_unknown || g->report >= (g->ccctlr & 0xFFFu))) {
        etm_atom_flush(b, t);
        if (t->cc_unknown) {
            etm_buf_put(b, 0x0Fu);
        } else {
            etm_buf_put(b, 0x0Eu);
            etm_pkt_uleb(b, g->report - (g->ccctlr & 0xFFFu));
        }
        t->cc_unknown = false;
        r->cc_emitted = true;
    }
}
