/* SPDX-License-Identifier: Apache-2.0 */
/* ITM packet arbiter, packet register and page register (docs/itm-contract.md 8). */
#include "itm_model_int.h"

enum itm_grant itm_arb_grant_get(const struct itm_model *q, bool auth_pe)
{
    const struct itm_fifo_entry *sh = itm_fifo_head_get(&q->stim);

    /* [ITM-ARB-1] fixed priority, on cycle t's state; [ITM-ARB-2] overflow just below
     * sync; [ITM-ARB-4] only protocol packets wait for auth_pe, FIFOs always drain. */
    if (q->sync_pending && auth_pe)
        return ITM_GRANT_SYNC;
    if (q->ovf_pending && auth_pe)
        return ITM_GRANT_OVF;
    if (sh != NULL)
        return (sh->port / 32u != q->page) ? ITM_GRANT_EXT : ITM_GRANT_INSTR;
    if (itm_fifo_head_get(&q->hw) != NULL)
        return ITM_GRANT_HW;
    if (q->lts_pending && auth_pe)
        return ITM_GRANT_LTS;
    if (q->gts1_pending && auth_pe)
        return ITM_GRANT_GTS1;
    if (q->gts2_pending && auth_pe)
        return ITM_GRANT_GTS2;
    return ITM_GRANT_NONE;
}

void itm_arb_comb(const struct itm_model *q, const struct itm_in *in, struct itm_comb *c)
{
    const struct itm_fifo_entry *sh = itm_fifo_head_get(&q->stim);
    const struct itm_fifo_entry *hh = itm_fifo_head_get(&q->hw);

    c->xfer = itm_xfer_get(q, in);       /* [ITM-ATB-1] */
    c->load_en = itm_load_en_get(q, in); /* [ITM-ATB-2] */
    c->grant = ITM_GRANT_NONE;
    c->pkt_len = 0u;
    if (!c->load_en) {
        return;
    }
    c->grant = itm_arb_grant_get(q, c->auth_pe);

    switch (c->grant) {
    case ITM_GRANT_SYNC:
        c->pkt_len = itm_pkt_sync(c->pkt);
        break;
    case ITM_GRANT_OVF:
        c->pkt_len = itm_pkt_overflow(c->pkt);
        break;
    case ITM_GRANT_EXT: /* [ITM-PAGE-1] */
        c->ext_page = sh->port / 32u;
        c->pkt_len = itm_pkt_ext_page(c->pkt, c->ext_page);
        break;
    case ITM_GRANT_INSTR:
        c->p_aged = sh->aged;
        c->p_ovf_after = sh->ovf_after;
        c->pkt_len = itm_pkt_instr(c->pkt, sh->port % 32u, sh->len, sh->data);
        break;
    case ITM_GRANT_HW:
        c->p_aged = hh->aged;
        c->pkt_len = itm_pkt_hw(c->pkt, hh->header, hh->data);
        break;
    case ITM_GRANT_LTS: /* [ITM-LTS-4] v = ts_q, TC = {tc1, tc0} */
        c->pkt_len = itm_pkt_lts(c->pkt, q->ts,
                                 (q->lts_tc1 ? 2u : 0u) | (q->lts_tc0 ? 1u : 0u));
        break;
    case ITM_GRANT_GTS1: /* [ITM-GTS-3] */
        c->gts1_full = itm_gts1_full_get(q, c->g);
        c->pkt_len = itm_gts1_pkt_get(q, c->g, c->pkt);
        break;
    case ITM_GRANT_GTS2: /* [ITM-GTS-6] */
        c->pkt_len = itm_pkt_gts2(c->pkt, q->gts2_hi, q->cfg.gts_width);
        break;
    case ITM_GRANT_NONE:
    default:
        break;
    }
}

bool itm_arb_commit(struct itm_model *m, const struct itm_comb *c)
{
    bool ch = false;

    if (c->grant != ITM_GRANT_NONE) {
        /* [ITM-ARB-3] a loaded packet is sent whole (a load counts as a change). */
        for (unsigned i = 0; i < ITM_MAX_PKT_BYTES; i++) {
            m->pkt[i] = i < c->pkt_len ? c->pkt[i] : 0u;
        }
        m->pkt_len = c->pkt_len;
        m->pkt_pos = 0u;
        ch = true;
    } else if (c->xfer) {
        unsigned pos = m->pkt_pos + 1u;

        if (pos == m->pkt_len) { /* the last byte left: pkt_len_q != 0 becomes 0 */
            m->pkt_len = 0u;
            m->pkt_pos = 0u;
            ch = true;
        } else {
            m->pkt_pos = pos;
        }
    }
    /* Page register: [ITM-SYNC-4] sync resets it, [ITM-PAGE-1] extension sets it. */
    if (c->grant == ITM_GRANT_SYNC) {
        m->page = 0u;
    } else if (c->grant == ITM_GRANT_EXT) {
        m->page = c->ext_page;
    }
    return ch;
}
