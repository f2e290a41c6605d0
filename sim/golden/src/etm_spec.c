/* SPDX-License-Identifier: Apache-2.0 */
/* ETM golden model: one clock edge of a speculative unit, max_spec > 0
 * (docs/etm-contract.md section 18): the PE's recovery and commit, the cycle's event, the
 * Commit/Cancel/Mispredict packets, and the 5-byte overflow reserve. */
#include "etm_model_int.h"

#define ETM_SPEC_RESERVE 5u /* atom flush 1, Commit 2, Overflow 2 [ETM-SPEC-10] */

static unsigned popcount32(uint32_t v)
{
    unsigned n = 0;
    for (; v != 0u; v &= v - 1u) {
        n++;
    }
    return n;
}

static uint32_t low_mask(unsigned n)
{
    return n >= 32u ? 0xFFFFFFFFu : (1u << n) - 1u;
}

void etm_pkt_commit(struct etm_buf *b, struct etm_trace *t) /* [ETM-SPEC-6] */
{
    etm_atom_flush(b, t);
    etm_buf_put(b, 0x2Du);
    etm_pkt_uleb(b, t->spec_cp);
    t->spec_sd -= t->spec_cp <= t->spec_sd ? t->spec_cp : t->spec_sd;
    t->spec_cp = 0;
}

/* The recovery of this cycle ([ETM-SPEC-5], [ETM-SPEC-7], [ETM-SPEC-8]). */
static void etm_spec_recover(const struct etm_model *m, const struct etm_in *ev,
                             struct etm_spec *sp, struct etm_trace *t, struct etm_buf *b)
{
    unsigned k = ev->spec_cancel < sp->n ? ev->spec_cancel : sp->n;
    uint32_t cut = low_mask(sp->n) & ~low_mask(sp->n - k);
    unsigned kc = popcount32(sp->tr & cut);
    bool mp = false;
    uint8_t need;

    sp->n -= k;
    sp->tr &= ~cut;
    sp->atom &= ~cut;
    sp->e &= ~cut;
    sp->bb &= ~cut;
    sp->gp &= ~cut;
    if (ev->spec_mispred && sp->n > 0u && ((sp->atom >> (sp->n - 1u)) & 1u) != 0u) {
        uint32_t bit = 1u << (sp->n - 1u);
        sp->e ^= bit; /* the last Mispredict decides */
        mp = (sp->tr & bit) != 0u;
        /* [ETM-SPEC-11]: the flipped branch's own bb_in, kept since it was presented */
        need = ((sp->e & bit) != 0u && (m->configr & ETM_CFG_BB) != 0u &&
                (sp->bb & bit) != 0u) ? ETM_NEED_PLAIN : ETM_NEED_NONE;
        sp->na[sp->n - 1u] = need;
    } else {
        need = sp->n > 0u ? sp->na[sp->n - 1u] : sp->na_base;
    }
    /* [ETM-SPEC-12]: the discarded path left a gap (an untraced event, so maybe a Trace On
     * and an Address with Context that no Cancel removes): restart with Trace On */
    bool gap = sp->n > 0u ? ((sp->gp >> (sp->n - 1u)) & 1u) != 0u : sp->gp_base;
    if (kc > 0u || mp) {
        etm_atom_flush(b, t);
        if (kc > 0u) {
            etm_buf_put(b, (uint8_t)(0x2Eu | (mp ? 1u : 0u))); /* Cancel format 1 */
            etm_pkt_uleb(b, kc);
        } else {
            etm_buf_put(b, 0x30u); /* Mispredict, no atoms */
        }
    }
    t->spec_sd -= kc <= t->spec_sd ? kc : t->spec_sd;
    if (gap) {
        t->ton_pend = true;
        need = ETM_NEED_NONE;
    }
    t->need_addr = need;
    t->at_wp = true;
    t->rs_n = 0;
}

/* The PE's commit of this cycle; returns the traced elements among them. */
static unsigned etm_spec_commit(struct etm_spec *sp, unsigned c)
{
    if (c > sp->n) {
        c = sp->n;
    }
    if (c == 0u) {
        return 0u;
    }
    unsigned tc = popcount32(sp->tr & low_mask(c));
    sp->na_base = sp->na[c - 1u];
    sp->gp_base = ((sp->gp >> (c - 1u)) & 1u) != 0u;
    for (unsigned i = c; i < sp->n; i++) {
        sp->na[i - c] = sp->na[i];
    }
    sp->n -= c;
    sp->tr >>= c;
    sp->atom >>= c;
    sp->e >>= c;
    sp->bb >>= c;
    sp->gp >>= c;
    return tc;
}

bool etm_spec_cycle(struct etm_model *m, const struct etm_in *ev, unsigned free_bytes,
                    bool traced)
{
    struct etm_spec sp2 = m->sp;
    struct etm_trace t2 = m->t;
    struct etm_buf b = {.n = 0};
    struct etm_gen_res r = {.cc_emitted = false, .async = false};
    bool has_p0 = ev->exc_valid || (ev->pe_valid && ev->pe_br);
    bool demand = traced;
    bool untraced_ev = false;
    unsigned tc;

    /* [ETM-SPEC-2]: recovery, commit, event */
    if (ev->spec_flush) {
        etm_spec_recover(m, ev, &sp2, &t2, &b);
    }
    tc = etm_spec_commit(&sp2, ev->spec_commit);
    t2.spec_cp += tc;
    if (traced) {
        struct etm_gen_ctx g;
        etm_gen_ctx_fill(m, &g);
        g.bb_in = etm_acmp_bb_in(m, ev); /* [ETM-BB-2] */
        etm_gen_event(&b, &t2, &g, ev, &r);
    } else if (m->en && (ev->pe_valid || ev->exc_valid)) { /* [ETM-VIEW-2] */
        etm_atom_flush(&b, &t2);
        t2.ton_pend = true;
        t2.need_addr = ETM_NEED_NONE;
        t2.at_wp = true;
        untraced_ev = true;
    }
    if (!m->en || ev->afvalid) { /* [ETM-ATOM-3] after a disable or at an ATB flush */
        if (t2.spec_cp > 0u) {
            etm_pkt_commit(&b, &t2); /* flushes the atoms first */
        } else {
            etm_atom_flush(&b, &t2);
        }
    }
    if (has_p0) { /* the PE's new outstanding element [ETM-SPEC-3] */
        unsigned i = sp2.n < ETM_MAX_SPEC ? sp2.n : ETM_MAX_SPEC;
        uint32_t bit = 1u << i;
        sp2.atom = ev->exc_valid ? (sp2.atom & ~bit) : (sp2.atom | bit);
        sp2.e = (!ev->exc_valid && ev->pe_taken) ? (sp2.e | bit) : (sp2.e & ~bit);
        sp2.tr &= ~bit;
        sp2.bb = (!ev->exc_valid && etm_acmp_bb_in(m, ev)) ? (sp2.bb | bit) : (sp2.bb & ~bit);
        sp2.gp &= ~bit;
        sp2.na[i] = t2.need_addr;
        sp2.n = i + 1u;
    }
    if (untraced_ev) { /* [ETM-SPEC-12]: a gap at or after every outstanding element */
        sp2.gp = low_mask(sp2.n);
        sp2.gp_base = true;
    }
    demand = demand || b.n > 0u;
    if (traced) {
        m->last_demand = b.n;
    }
    if (!demand || b.n + ETM_SPEC_RESERVE <= free_bytes) {
        if (traced) {
            t2.ovf = false;
            if (has_p0) {
                sp2.tr |= 1u << (sp2.n - 1u);
            }
        }
        m->t = t2;
        m->sp = sp2;
        etm_fifo_push(m, &b);
        if (r.async) {
            m->t.sync_cnt = 0;
        }
        return r.cc_emitted;
    }
    /* [ETM-SPEC-10]: the demand does not fit */
    if (!m->t.ovf) {
        struct etm_buf o = {.n = 0};
        m->t.spec_cp += tc;
        if (m->t.spec_cp > 0u) {
            etm_pkt_commit(&o, &m->t);
        } else {
            etm_atom_flush(&o, &m->t);
        }
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
    m->t.spec_sd = 0;
    m->t.spec_cp = 0;
    sp2.tr = 0; /* the decoder discards everything uncommitted */
    /* [ETM-SPEC-15]: a dropped demand is a gap like an untraced event ([ETM-SPEC-12]): the
     * resync may fall on a wrong path whose recovery the stream cannot show */
    sp2.gp = low_mask(sp2.n);
    sp2.gp_base = true;
    m->sp = sp2;
    return false;
}
