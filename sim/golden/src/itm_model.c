/* SPDX-License-Identifier: Apache-2.0 */
/* Golden model of the Armv8-M ITM: init, reset, Moore outputs and the clock edge. */
#include <string.h>

#include "itm_model_int.h"

int itm_model_init(struct itm_model *m, const struct itm_cfg *cfg)
{
    if (cfg->num_stim_ports < 8u || cfg->num_stim_ports > ITM_MAX_STIM_PORTS ||
        cfg->num_stim_ports % 8u != 0u || cfg->stim_fifo_depth < 1u ||
        cfg->stim_fifo_depth > ITM_MAX_FIFO_DEPTH || cfg->hw_fifo_depth < 1u ||
        cfg->hw_fifo_depth > ITM_MAX_FIFO_DEPTH || cfg->ts_width < 1u || cfg->ts_width > 28u ||
        (cfg->gts_width != 48u && cfg->gts_width != 64u)) {
        return -1;
    }
    memset(m, 0, sizeof *m);
    m->cfg = *cfg;
    itm_model_reset(m);
    return 0;
}

void itm_model_reset(struct itm_model *m)
{
    struct itm_cfg cfg = m->cfg;

    memset(m, 0, sizeof *m);
    m->cfg = cfg;
    m->ts_mask = cfg.ts_width >= 32u ? 0xFFFFFFFFu : ((1u << cfg.ts_width) - 1u);
    m->gts_mask = cfg.gts_width >= 64u ? ~(uint64_t)0 : (((uint64_t)1 << cfg.gts_width) - 1u);
    itm_fifo_reset(&m->stim, cfg.stim_fifo_depth);
    itm_fifo_reset(&m->hw, cfg.hw_fifo_depth);
    /* pready_o is 1 in every cycle out of reset (zero wait states); eval forces it to 0
     * while rst_n is low, like every other output. */
    m->pready_q = true;
}

void itm_model_eval(const struct itm_model *m, const struct itm_in *in, struct itm_out *out)
{
    if (!in->rst_n) {
        /* While rst_ni is low every output is 0 (asynchronous reset). */
        out->prdata = 0u;
        out->pready = out->pslverr = out->atvalid = false;
        out->atdata = out->atid = 0u;
        out->afready = out->hw_ready = out->busy = false;
        return;
    }
    const bool atvalid = m->pkt_len != m->pkt_pos;
    out->prdata = m->prdata_q;
    out->pready = m->pready_q;
    out->pslverr = m->pslverr_q;
    out->atvalid = atvalid;
    out->atdata = atvalid ? m->pkt[m->pkt_pos] : 0u;
    out->atid = (uint8_t)ITM_TCR_TRACEBUSID(m->tcr);
    out->afready = m->afready_q;                /* [ITM-FLUSH-1] */
    out->hw_ready = !itm_fifo_full_get(&m->hw); /* section 7 */
    out->busy = itm_regs_busy_get(m);           /* [ITM-BUSY-1] */
}

/* Phase 1: every combinational value of the cycle, from the _q state and the inputs. */
static void itm_model_comb(const struct itm_model *q, const struct itm_in *in,
                           struct itm_comb *c)
{
    /* Not cleared as a whole: every field is set below but the conditional ones, which
     * start at 0 here, and the payloads (stim_e, hw_e, pkt), read only with their flags
     * (stim_push, hw_push, pkt_len). */
    c->tcr_wr = c->ter_wr = c->tpr_wr = false;
    c->stim_acc = c->stim_push = c->stim_drop = c->hw_push = false;
    c->p_aged = c->p_ovf_after = c->gts1_full = false;
    c->ext_page = 0u;
    /* [ITM-EN-1], [ITM-AUTH-1], section 12 gts_en. */
    c->itm_on = itm_on_get(q, in);
    c->auth_pe = itm_auth_pe_get(in);
    c->gts_en = itm_gts_en_get(q, c->itm_on);
    c->g = in->gts & itm_gts_mask_get(q);

    /* [ITM-APB-*], [ITM-STIM-1..5]: register file, stimulus acceptance. */
    itm_regs_comb(q, in, c);

    /* [ITM-HW-1] accept when hw_valid && hw_ready_o; keep only if itm_on && TXENA. */
    c->hw_push = itm_hw_push_get(q, in, c->itm_on, &c->hw_e);

    /* [ITM-ARB-*]: load slot, grant and the bytes of the packet loaded at this edge. */
    itm_arb_comb(q, in, c);

    /* [ITM-LTS-5..8]: prescaler tick, hold, wrap (needs the grant). */
    itm_ts_comb(q, in, c);

    /* [ITM-SYNC-1]: "first enabled": itm_on && SYNCENA is 1 now and was 0 in the previous
     * cycle (a TCR write acts from the cycle after its access edge). */
    c->sync_on = itm_sync_on_get(q, c->itm_on);
    c->sync_kind1 = c->sync_on && !q->sync_on_q;
    /* [ITM-SYNC-2] DWT / TPIU pulses, [ITM-SYNC-3] exit from Debug state. */
    c->sync_kind23 = in->dwt_sync_req || in->tpiu_sync_req || (q->halted_q && !in->halted);
}

/* Synchronization and overflow requests, in place (itm_model_int.h). */
static bool itm_model_flags_commit(struct itm_model *m, const struct itm_in *in,
                                   const struct itm_comb *c)
{
    const struct itm_model *q = m;
    bool sync_set = c->sync_on && (c->sync_kind1 || c->sync_kind23);
    bool pop_stim = c->grant == ITM_GRANT_INSTR;
    bool ovf_set, sync_d, ovf_d, ch = false;

    /* [ITM-SYNC-1..3]: loading the sync clears it; [ITM-ARB-5] itm_on == 0 clears it;
     * a request at the same edge wins. */
    sync_d = q->sync_pending && c->grant != ITM_GRANT_SYNC && c->itm_on;
    if (sync_set) {
        sync_d = true;
    }

    /* Overflow sources: popping an entry marked ovf_after, a dropped write whose tail entry
     * is popped at this edge [ITM-STIM-5], hw_ovf_i [ITM-HW-2], counter wrap [ITM-LTS-2]. */
    ovf_set = (pop_stim && c->p_ovf_after) ||
              (c->stim_drop && pop_stim && q->stim.count == 1u) || in->hw_ovf || c->wrap;
    ovf_d = q->ovf_pending && c->grant != ITM_GRANT_OVF;
    if (!c->itm_on) {
        ovf_d = false; /* [ITM-ARB-5] cleared, no new request */
    } else if (ovf_set) {
        ovf_d = true;
    }
    ITM_UPD(ch, m->sync_pending, sync_d);
    ITM_UPD(ch, m->ovf_pending, ovf_d);
    return ch;
}

enum itm_step_kind itm_model_step(struct itm_model *m, const struct itm_in *in)
{
    struct itm_comb c;
    const uint32_t ts_q = m->ts, tsp_q = m->tsp;
    bool pop_stim, pop_hw, afready_d, ch;

    if (!in->rst_n) {
        itm_model_reset(m);
        return ITM_STEP_CHANGED;
    }

    /* Phase 1: combinational values from the _q state and this cycle's inputs. */
    itm_model_comb(m, in, &c);

    /* Phases 2 and 3: every _d from _q and c, committed in place, each register after its
     * last reader as _q (itm_model_int.h): the request flags and the timestamps first, the
     * packet register, then the register file (TCR, read by the timestamps), then the
     * registered inputs and enables, the FIFOs last. ch: a register changed but ts_q,
     * tsp_q and pkt_pos_q (a load counts as a change). */
    /* [ITM-FLUSH-1] (reads afready_q and the FIFOs' counts) */
    afready_d = itm_afready_d_get(m, in);
    ch = itm_model_flags_commit(m, in, &c);
    ch |= itm_ts_commit(m, &c);
    ch |= itm_gts_commit(m, in, &c);
    ch |= itm_arb_commit(m, &c);
    ch |= itm_regs_commit(m, &c);
    /* [ITM-SYNC-3] halted_q2: halted_i registered. */
    ITM_UPD(ch, m->halted_q, in->halted);
    /* [ITM-SYNC-1] / [ITM-GTS-1] enables of this cycle, for the rising-edge tests. */
    ITM_UPD(ch, m->sync_on_q, c.sync_on);
    ITM_UPD(ch, m->gts_en_q, c.gts_en);
    ITM_UPD(ch, m->afready_q, afready_d);

    pop_stim = c.grant == ITM_GRANT_INSTR;
    pop_hw = c.grant == ITM_GRANT_HW;
    /* [ITM-STIM-4..6] stimulus FIFO: pop on an instrumentation load, push or mark (an edge
     * that changes nothing, itm_fifo_idle, here without the call). Without a pop or a push
     * an edge sets at most the tail's marks (aged [ITM-STIM-6], ovf_after [ITM-STIM-5]):
     * set once, read by no output and only by the pop of their entry (a load), so the same
     * inputs change nothing there again; not a change for the kinds (itm_model.h). */
    if (!itm_fifo_idle(&m->stim, pop_stim, c.stim_push, c.stim_drop) &&
        itm_fifo_step(&m->stim, pop_stim, c.stim_push, &c.stim_e, c.stim_drop) &&
        (pop_stim || c.stim_push))
        ch = true;
    /* [ITM-HW-1] hardware FIFO (its tail's aged mark as above). */
    if (!itm_fifo_idle(&m->hw, pop_hw, c.hw_push, false) &&
        itm_fifo_step(&m->hw, pop_hw, c.hw_push, &c.hw_e, false) && (pop_hw || c.hw_push))
        ch = true;
    /* The fast path's kinds (itm_model.h): no packet loaded (so gts_i, read only at a
     * load, was not used) and no register changed but pkt_pos (a byte sent that was not
     * the packet's last: pkt_len kept), ts and tsp. */
    if (ch)
        return ITM_STEP_CHANGED;
    if (c.xfer)
        return ITM_STEP_XFER;
    return m->ts == ts_q && m->tsp == tsp_q ? ITM_STEP_QUIET : ITM_STEP_TS;
}

bool itm_model_idle_step(struct itm_model *m, const struct itm_in *in)
{
    unsigned rem = m->pkt_len - m->pkt_pos;
    bool xfer = rem != 0u && in->atready; /* [ITM-ATB-1] */

    /* [ITM-ATB-2] the last byte leaves: a load slot, the full step. Otherwise no packet is
     * loaded and only the counter (itm_ts.c) and the byte position move. */
    if ((xfer && rem == 1u) || !itm_ts_idle_step(m, in)) {
        return false;
    }
    if (xfer) {
        m->pkt_pos++;
    }
    return true;
}
