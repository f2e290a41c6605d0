/* SPDX-License-Identifier: Apache-2.0 */
/* Golden model of trace_top's two-input ATB funnel (docs/etm-contract.md section 13). */
#include "funnel_model.h"

int funnel_model_init(struct funnel_model *f, unsigned hold)
{
    if (hold < 1u || hold > 64u) {
        return -1;
    }
    f->hold = hold;
    funnel_model_reset(f);
    return 0;
}

void funnel_model_reset(struct funnel_model *f)
{
    f->g = 0;
    f->n = 0;
    f->af_seen[0] = f->af_seen[1] = false;
}

void funnel_model_eval(const struct funnel_model *f, const struct funnel_in *in,
                       struct funnel_out *out)
{
    bool rst = !in->rst_n;
    const struct funnel_port *g = &in->p[f->g];

    /* [ETM-FUN-1] "the TPIU sees input g_q's atvalid, atdata, atid": a select, its atid
     * too when that input offers nothing (its atdata is then 0 by its own contract) */
    out->atvalid = !rst && g->atvalid;
    out->atdata = rst ? 0u : g->atdata;
    out->atid = rst ? 0u : g->atid;
    for (unsigned p = 0; p < 2u; p++) {
        out->atready[p] = !rst && p == f->g && in->atready;
    }
    /* [ETM-FUN-2]: the request goes to both; the answer when both have answered */
    out->afvalid = !rst && in->afvalid;
    out->afready = !rst && (f->af_seen[0] || in->p[0].afready) &&
                   (f->af_seen[1] || in->p[1].afready);
}

void funnel_model_step(struct funnel_model *f, const struct funnel_in *in) /* [ETM-FUN-1] */
{
    if (!in->rst_n) {
        funnel_model_reset(f);
        return;
    }
    unsigned o = 1u - f->g;
    bool xfer = in->p[f->g].atvalid && in->atready;
    bool both = (f->af_seen[0] || in->p[0].afready) && (f->af_seen[1] || in->p[1].afready);

    if (!in->p[f->g].atvalid && in->p[o].atvalid) {
        f->g = o;
        f->n = 0;
    } else if (xfer && f->n + 1u >= f->hold && in->p[o].atvalid) {
        f->g = o;
        f->n = 0;
    } else if (xfer) {
        f->n = f->n + 1u < f->hold ? f->n + 1u : f->hold;
    }
    for (unsigned p = 0; p < 2u; p++) {
        f->af_seen[p] = in->afvalid && !both && (f->af_seen[p] || in->p[p].afready);
    }
}
