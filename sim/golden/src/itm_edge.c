/* SPDX-License-Identifier: Apache-2.0 */
/* The ITM's edge by a direct path where it can (itm_model_step_direct, itm_model_int.h):
 * the common edges that load no packet and leave every request flag as it is (a stimulus
 * write's push, a hardware push, an APB read's capture, a byte sent, the counter's tick)
 * take only the rules that act there; every other edge is the full step (itm_model.c). */
#include "itm_model_int.h"

/* Whether the edge of state q with the inputs in loads no packet and keeps every request
 * flag and registered enable at its _q value, given the derived enables of the cycle.
 * Each term below stands for a rule that would change one of them otherwise:
 * - the load slot ([ITM-ATB-2]) finds nothing to load ([ITM-ARB-1]), or there is none;
 * - halted_q (registered halted_i) and the enables' _q copies (sync_on_q [ITM-SYNC-1],
 *   gts_en_q [ITM-GTS-1]) equal this cycle's values: so no "first enabled" sync request
 *   ([ITM-SYNC-1]), no exit from Debug state ([ITM-SYNC-3]), no rise of gts_en
 *   ([ITM-GTS-1]);
 * - no DWT / TPIU sync pulse ([ITM-SYNC-2]), no hw_ovf_i ([ITM-HW-2]), no gts_clkch_i
 *   ([ITM-GTS-1]): with the above, no sync request of any kind and no full-timestamp
 *   request ([ITM-GTS-4]);
 * - itm_on == 0 clears sync and overflow ([ITM-ARB-5]), gts_en == 0 the GTS flags
 *   (section 12): those must already be clear;
 * - afready_d equals afready_q ([ITM-FLUSH-1]).
 * Without a load no flag has another rule to change it: sync_d = sync_pending_q (itm_on),
 * ovf_d = ovf_pending_q (no pop [ITM-STIM-5], no hw_ovf, and no wrap: itm_ts_plain_get),
 * gts1/gts2 change only at a data load or a GTS load ([ITM-GTS-2], [ITM-GTS-3],
 * [ITM-GTS-6]); the LTS flags are itm_ts_plain_get's. */
static bool itm_edge_plain(const struct itm_model *q, const struct itm_in *in, bool itm_on,
                           bool sync_on, bool gts_en, bool load_en)
{
    /* (a FIFO holding an entry is granted at a load slot, [ITM-ARB-1], [ITM-ARB-4]: the
     * arbiter's chain is not needed to see that) */
    return (!load_en || (q->stim.count == 0u && q->hw.count == 0u &&
                         itm_arb_grant_get(q, itm_auth_pe_get(in)) == ITM_GRANT_NONE)) &&
           in->halted == q->halted_q && sync_on == q->sync_on_q && gts_en == q->gts_en_q &&
           !in->dwt_sync_req && !in->tpiu_sync_req && !in->hw_ovf && !in->gts_clkch &&
           (itm_on || !(q->sync_pending || q->ovf_pending)) &&
           (gts_en || !(q->gts1_pending || q->gts2_pending || q->gts_full_req || q->gts_clkch)) &&
           itm_afready_d_get(q, in) == q->afready_q;
}

/* The direct path's test: rst_n_i high, itm_edge_plain and itm_ts_plain_get (which gives
 * the counter's _d values). */
static inline bool itm_edge_test(const struct itm_model *q, const struct itm_in *in,
                                 bool itm_on, uint32_t *tsp_d, uint32_t *ts_d)
{
    const bool load_en = itm_load_en_get(q, in); /* [ITM-ATB-2] */
    return in->rst_n &&
           itm_edge_plain(q, in, itm_on, itm_sync_on_get(q, itm_on), itm_gts_en_get(q, itm_on),
                          load_en) &&
           itm_ts_plain_get(q, in, itm_on, tsp_d, ts_d);
}

bool itm_model_step_direct_taken(const struct itm_model *q, const struct itm_in *in)
{
    uint32_t tsp_d, ts_d;
    return itm_edge_test(q, in, itm_on_get(q, in), &tsp_d, &ts_d);
}

enum itm_step_kind itm_model_step_direct(struct itm_model *m, const struct itm_in *in)
{
    const bool itm_on = itm_on_get(m, in);
    uint32_t tsp_d, ts_d;
    if (!itm_edge_test(m, in, itm_on, &tsp_d, &ts_d))
        return itm_model_step(m, in);

    /* The rules that act at such an edge, as itm_model_step takes them (in the same order:
     * every _d from the _q values first). */
    const bool xfer = itm_xfer_get(m, in); /* [ITM-ATB-1] */
    struct itm_comb c;
    c.tcr_wr = c.ter_wr = c.tpr_wr = false;
    c.stim_acc = c.stim_push = c.stim_drop = false;
    itm_regs_comb(m, in, &c); /* [ITM-APB-*], [ITM-STIM-1..5] */
    struct itm_fifo_entry hw_e;
    const bool hw_push = itm_hw_push_get(m, in, itm_on, &hw_e); /* [ITM-HW-1] */
    const bool ts_moved = ts_d != m->ts || tsp_d != m->tsp;
    m->tsp = tsp_d;
    m->ts = ts_d;
    c.grant = ITM_GRANT_NONE;
    c.xfer = xfer;
    bool ch = itm_arb_commit(m, &c); /* a byte sent, [ITM-ATB-1], [ITM-ATB-2] */
    ch |= itm_regs_commit(m, &c);
    /* [ITM-STIM-4..6], [ITM-HW-1]: the FIFOs as itm_model_step steps them, without a pop */
    if (!itm_fifo_idle(&m->stim, false, c.stim_push, c.stim_drop) &&
        itm_fifo_step(&m->stim, false, c.stim_push, &c.stim_e, c.stim_drop) && c.stim_push)
        ch = true;
    if (!itm_fifo_idle(&m->hw, false, hw_push, false) &&
        itm_fifo_step(&m->hw, false, hw_push, &hw_e, false) && hw_push)
        ch = true;
    if (ch)
        return ITM_STEP_CHANGED;
    if (xfer)
        return ITM_STEP_XFER;
    return ts_moved ? ITM_STEP_TS : ITM_STEP_QUIET;
}
