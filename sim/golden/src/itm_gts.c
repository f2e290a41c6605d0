/* SPDX-License-Identifier: Apache-2.0 */
/* ITM global timestamps: GTS1/GTS2 requests, full/partial choice, state (itm-contract 12). */
#include "itm_model_int.h"

#define ITM_GTS_LO_MASK 0x03FFFFFFu /* bits [25:0], carried by GTS1 */

uint64_t itm_gts_mask_get(const struct itm_model *q)
{
    return q->gts_mask; /* GtsWidth bits (itm_model_reset) */
}

/* hi(x) = x[GtsWidth-1:26], right-aligned. */
static uint64_t itm_gts_hi_get(const struct itm_model *q, uint64_t x)
{
    return (x & itm_gts_mask_get(q)) >> 26;
}

/* [ITM-GTS-3] / [ITM-GTS-5]: is the GTS1 loaded with sample s a full one? */
bool itm_gts1_full_get(const struct itm_model *q, uint64_t s)
{
    return q->gts_full_req || itm_gts_hi_get(q, s) != itm_gts_hi_get(q, q->gts_last) ||
           q->gts2_pending;
}

/* [ITM-GTS-3] bytes of the GTS1 loaded with sample s. */
unsigned itm_gts1_pkt_get(const struct itm_model *q, uint64_t s, uint8_t *buf)
{
    uint32_t lo = (uint32_t)(s & ITM_GTS_LO_MASK);

    if (itm_gts1_full_get(q, s)) {
        return itm_pkt_gts1(buf, lo, 4u, true, q->gts_clkch);
    }
    return itm_pkt_gts1(buf, lo, itm_pkt_gts1_len((uint32_t)((s ^ q->gts_last) & ITM_GTS_LO_MASK)),
                        false, false);
}

/* [ITM-GTS-2] does the packet loaded now request a GTS1? (gts_en, not delayed and
 * gts1_pending_q == 0 are checked by the caller) */
static bool itm_gts_req_get(const struct itm_model *q, uint64_t g)
{
    unsigned freq = ITM_TCR_GTSFREQ(q->tcr);
    uint64_t last = q->gts_last;

    return q->gts_full_req || itm_gts_hi_get(q, g) != itm_gts_hi_get(q, last) ||
           (freq == 1u && (g >> 7) != (last >> 7)) ||
           (freq == 2u && (g >> 13) != (last >> 13)) || freq == 3u;
}

/* In place (itm_model_int.h): the flags' _d values from _q first, then the writes; gts_last
 * and gts2_hi change only at a GTS1 load, which reads neither. */
bool itm_gts_commit(struct itm_model *m, const struct itm_in *in, const struct itm_comb *c)
{
    const struct itm_model *q = m;
    bool data_load = c->grant == ITM_GRANT_INSTR || c->grant == ITM_GRANT_HW;
    bool p1 = q->gts1_pending, p2 = q->gts2_pending, full = q->gts_full_req;
    bool clkch = q->gts_clkch, ch = false;

    /* [ITM-GTS-2] request after a not-delayed instrumentation or hardware packet. */
    if (data_load && !c->p_aged && c->gts_en && !p1 && itm_gts_req_get(q, c->g)) {
        p1 = true;
    }
    /* [ITM-GTS-3] GTS1 emission (a load: a change). */
    if (c->grant == ITM_GRANT_GTS1) {
        if (c->gts1_full) {
            p2 = true;
            m->gts2_hi = itm_gts_hi_get(q, c->g);
            full = false;
        }
        m->gts_last = c->g;
        p1 = false;
        clkch = false;
        ch = true;
    }
    /* [ITM-GTS-6] GTS2 emission. */
    if (c->grant == ITM_GRANT_GTS2) {
        p2 = false;
    }
    /* gts_en == 0 (includes [ITM-ARB-5] itm_on == 0): flags cleared, gts_last kept. */
    if (!c->gts_en) {
        p1 = false;
        p2 = false;
        full = false;
        clkch = false;
    } else {
        /* [ITM-GTS-1] full-timestamp requests: gts_en rises, clock change, any sync
         * request ([ITM-GTS-4]: kinds 2/3 even with SYNCENA 0). A set wins over the clears
         * above. */
        if (!q->gts_en_q || in->gts_clkch || c->sync_kind1 || c->sync_kind23) {
            full = true;
        }
        if (in->gts_clkch) {
            clkch = true;
        }
    }
    ITM_UPD(ch, m->gts1_pending, p1);
    ITM_UPD(ch, m->gts2_pending, p2);
    ITM_UPD(ch, m->gts_full_req, full);
    ITM_UPD(ch, m->gts_clkch, clkch);
    return ch;
}
