/* SPDX-License-Identifier: Apache-2.0 */
/* ETM golden model: address range comparators, ViewInst include/exclude ranges and branch
 * broadcasting ranges (docs/etm-contract.md section 22). */
#include "etm_model_int.h"

/* The event's address A of section 6: the instruction's, or an exception's return address. */
static uint32_t etm_acmp_addr(const struct etm_in *ev)
{
    return (ev->exc_valid ? ev->exc_ret : ev->pe_addr) & ~1u;
}

unsigned etm_acmp_match(const struct etm_model *m, uint32_t a) /* [ETM-ACMP-3] */
{
    unsigned v = 0;
    for (unsigned k = 0; k < m->cfg.num_ac_pairs; k++) {
        if (m->acvr[2u * k] <= a && a <= m->acvr[2u * k + 1u]) {
            v |= 1u << k;
        }
    }
    return v;
}

bool etm_acmp_view_ok(const struct etm_model *m, const struct etm_in *ev) /* [ETM-VIEW-3] */
{
    unsigned r = etm_acmp_match(m, etm_acmp_addr(ev));
    unsigned inc = m->viiectlr & 0xFFu, exc = (m->viiectlr >> 16) & 0xFFu;
    return (inc == 0u || (inc & r) != 0u) && (exc & r) == 0u;
}

bool etm_acmp_q_in(const struct etm_model *m, const struct etm_in *ev) /* [ETM-Q-9] */
{
    bool hit = (etm_acmp_match(m, etm_acmp_addr(ev)) & m->qctlr & 0xFFu) != 0u;
    return (m->qctlr & 0x100u) != 0u ? hit : !hit;
}

bool etm_acmp_bb_in(const struct etm_model *m, const struct etm_in *ev) /* [ETM-BB-2] */
{
    bool hit = (etm_acmp_match(m, etm_acmp_addr(ev)) & m->bbctlr & 0xFFu) != 0u;
    return (m->bbctlr & 0x100u) != 0u ? hit : !hit;
}
