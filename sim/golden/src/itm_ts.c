/* SPDX-License-Identifier: Apache-2.0 */
/* ITM local timestamp counter, prescaler and LTS request flags (itm-contract 11). */
#include "itm_model_int.h"

static uint32_t itm_ts_mask_get(const struct itm_model *q)
{
    return q->ts_mask; /* TsWidth bits (itm_model_reset) */
}

/* div - 1 of [ITM-LTS-5]: the prescaler divides the asynchronous clock only; with the
 * synchronous clock (SWOENA 0) div = 1 whatever TSPrescale holds. */
static uint32_t itm_ts_div_m1_get(const struct itm_model *q)
{
    if ((q->tcr & ITM_TCR_SWOENA) == 0u) {
        return 0u;
    }
    return (1u << (2u * ITM_TCR_TSPRESCALE(q->tcr))) - 1u; /* 1, 4, 16, 64 */
}

/* Needs c->itm_on and c->grant. (inline: also the body of itm_ts_idle_step's test) */
static inline void itm_ts_comb_get(const struct itm_model *q, const struct itm_in *in,
                                   struct itm_comb *c)
{
    bool tsena = (q->tcr & ITM_TCR_TSENA) != 0u;
    bool swoena = (q->tcr & ITM_TCR_SWOENA) != 0u;
    uint32_t div_m1 = itm_ts_div_m1_get(q); /* [ITM-LTS-5] */
    bool lts_load = c->grant == ITM_GRANT_LTS;

    /* [ITM-LTS-8] Debug state with the synchronous clock disables local timestamps. */
    c->tsena_eff = c->itm_on && tsena && !(in->halted && !swoena);
    /* [ITM-LTS-7] held at zero while disabled or the async port is idle. */
    c->hold = !c->tsena_eff || (swoena && in->async_idle);
    c->src_tick = swoena ? in->ts_async_tick : true; /* [ITM-LTS-6] */
    c->tick = !c->hold && c->src_tick && q->tsp >= div_m1;
    c->wrap = !c->hold && !lts_load && c->tick && q->ts == itm_ts_mask_get(q);
    /* [ITM-LTS-10] the counter's top bit is set: ask for an LTS before it wraps. */
    c->half = !c->hold && q->ts > (itm_ts_mask_get(q) >> 1); /* bit TsWidth-1 (ts_q <= mask) */
}

void itm_ts_comb(const struct itm_model *q, const struct itm_in *in, struct itm_comb *c)
{
    itm_ts_comb_get(q, in, c);
}

/* Prescaler (tsp_q, 6 bits) and counter [ITM-LTS-5], [ITM-LTS-6], [ITM-LTS-7]: their _d
 * values. */
static inline void itm_ts_count(const struct itm_model *q, const struct itm_comb *c,
                                uint32_t *tsp, uint32_t *ts)
{
    uint32_t div_m1 = itm_ts_div_m1_get(q);
    bool lts_load = c->grant == ITM_GRANT_LTS;

    if (c->hold) {
        *tsp = 0u;
    } else if (!c->src_tick) {
        *tsp = q->tsp;
    } else {
        *tsp = q->tsp >= div_m1 ? 0u : q->tsp + 1u;
    }
    *ts = c->hold ? 0u : (((lts_load ? 0u : q->ts) + (c->tick ? 1u : 0u)) & itm_ts_mask_get(q));
}

/* The LTS request flags' _d values [ITM-LTS-1..4], [ITM-LTS-10], [ITM-LTS-11], from _q. */
static void itm_ts_flags(const struct itm_model *q, const struct itm_comb *c, bool *pend_d,
                         bool *tc0_d, bool *tc1_d)
{
    bool lts_load = c->grant == ITM_GRANT_LTS;
    bool pkt_load = c->grant != ITM_GRANT_NONE;
    bool data_load = c->grant == ITM_GRANT_INSTR || c->grant == ITM_GRANT_HW;
    bool pend = q->lts_pending;
    bool tc0 = q->lts_tc0;
    bool tc1 = q->lts_tc1;

    if (!c->tsena_eff) {
        /* Disabled (includes [ITM-ARB-5] itm_on == 0): flags cleared, no new request. */
        *pend_d = false;
        *tc0_d = false;
        *tc1_d = false;
        return;
    }
    if (lts_load) {
        /* [ITM-LTS-4] emission clears the request. */
        pend = false;
        tc0 = false;
        tc1 = false;
    } else if (pkt_load && q->lts_pending) {
        /* [ITM-LTS-3] another packet delays the pending LTS. */
        tc0 = true;
    }
    if (data_load) {
        /* [ITM-LTS-1] trigger on an instrumentation or hardware load; [ITM-LTS-11] an LTS
         * for a delayed packet is TC 11 (its value is the counter at the LTS load). */
        if (!q->lts_pending && q->ts != 0u) {
            pend = true;
            tc0 = c->p_aged;
            tc1 = c->p_aged;
        } else if (q->lts_pending) {
            tc0 = true;
            tc1 = q->lts_tc1 || c->p_aged;
        }
    }
    if (c->half && !q->lts_pending && !pend) {
        /* [ITM-LTS-10] half-range request (TC 00); a trigger at the same edge wins. */
        pend = true;
        tc0 = false;
        tc1 = false;
    }
    if (c->wrap && !q->lts_pending && !pend) {
        /* [ITM-LTS-2] wrap requests an LTS (TC 00) unless a trigger already did; it never
         * changes the TC bits of a pending one. The overflow is set in itm_model.c. (With
         * no LTS pending a wrap edge is also a half-range edge, ts_q being all ones, so the
         * request above has already been made; kept as the contract states the rule.) */
        pend = true;
        tc0 = false;
        tc1 = false;
    }
    *pend_d = pend;
    *tc0_d = tc0;
    *tc1_d = tc1;
}

/* In place (itm_model_int.h): every _d value from _q first, then the writes. ts_q and
 * tsp_q do not count as a change. */
bool itm_ts_commit(struct itm_model *m, const struct itm_comb *c)
{
    uint32_t tsp_d, ts_d;
    bool pend, tc0, tc1, ch = false;

    itm_ts_count(m, c, &tsp_d, &ts_d);
    itm_ts_flags(m, c, &pend, &tc0, &tc1);
    m->tsp = tsp_d;
    m->ts = ts_d;
    ITM_UPD(ch, m->lts_pending, pend);
    ITM_UPD(ch, m->lts_tc0, tc0);
    ITM_UPD(ch, m->lts_tc1, tc1);
    return ch;
}

/* itm_model_idle_step's counter part: the edge of a state whose last edge, with the same
 * inputs but gts_i, loaded no packet and changed no register but ts_q, tsp_q and
 * pkt_pos_q. Every other _d value is a function of the other registers, the inputs and,
 * through wrap and half only, of ts_q ([ITM-LTS-2], [ITM-LTS-10]); so unless this edge
 * wraps or makes a half-range request, it changes only the counter and the prescaler (by
 * itm_ts_commit's rules) and returns true; otherwise it changes nothing, false. */
bool itm_ts_idle_step(struct itm_model *m, const struct itm_in *in)
{
    struct itm_comb c;
    uint32_t tsp, ts;

    c.itm_on = itm_on_get(m, in); /* [ITM-EN-1] */
    c.grant = ITM_GRANT_NONE; /* no load: the grant does not depend on ts_q */
    itm_ts_comb_get(m, in, &c);
    if (c.wrap || (c.half && !m->lts_pending)) {
        return false;
    }
    itm_ts_count(m, &c, &tsp, &ts);
    m->tsp = tsp;
    m->ts = ts;
    return true;
}

/* itm_model_step_direct's counter part (itm_edge.c): the _d values of ts_q and tsp_q at an
 * edge of state q with the inputs in that loads no packet, and whether the LTS request
 * flags keep their _q values there: itm_ts_flags without a load ([ITM-LTS-1], [ITM-LTS-3],
 * [ITM-LTS-4] need one) changes them only when local timestamps are disabled (cleared) or
 * for a half-range or wrap request ([ITM-LTS-10], [ITM-LTS-2]). A wrap (which also sets
 * the overflow, [ITM-LTS-2]) counts as a change here. Changes nothing. */
bool itm_ts_plain_get(const struct itm_model *q, const struct itm_in *in, bool itm_on,
                      uint32_t *tsp, uint32_t *ts)
{
    struct itm_comb c;

    c.itm_on = itm_on;
    c.grant = ITM_GRANT_NONE;
    itm_ts_comb_get(q, in, &c);
    if (c.wrap || (c.half && !q->lts_pending) ||
        (!c.tsena_eff && (q->lts_pending || q->lts_tc0 || q->lts_tc1)))
        return false;
    itm_ts_count(q, &c, tsp, ts);
    return true;
}
