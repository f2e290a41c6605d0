/* SPDX-License-Identifier: Apache-2.0 */
/* Golden model of trace_top's two-input ATB funnel (ITM, ETM) in front of the TPIU,
 * docs/etm-contract.md [ETM-FUN-1], [ETM-FUN-2]. */
#ifndef TRACEREF_SIM_GOLDEN_FUNNEL_MODEL_H
#define TRACEREF_SIM_GOLDEN_FUNNEL_MODEL_H

#include <stdbool.h>
#include <stdint.h>

/* One ATB master as the funnel sees it (input 0: ITM, input 1: ETM). */
struct funnel_port {
    bool atvalid;
    uint8_t atdata, atid;
    bool afready;
};

struct funnel_in {
    bool rst_n;
    struct funnel_port p[2];
    bool atready; /* from the TPIU */
    bool afvalid; /* from the TPIU */
};

struct funnel_out {
    bool atvalid; /* to the TPIU: input g's */
    uint8_t atdata, atid;
    bool atready[2]; /* to the inputs */
    bool afvalid;    /* to both inputs */
    bool afready;    /* to the TPIU */
};

struct funnel_model {
    unsigned hold; /* FunnelHold, 1..64 */
    unsigned g, n; /* grant, bytes of the current burst */
    bool af_seen[2];
};

int funnel_model_init(struct funnel_model *f, unsigned hold);
void funnel_model_reset(struct funnel_model *f);
/* The funnel is combinational between its ports (a select by the registered grant):
 * the outputs depend on this cycle's inputs. */
void funnel_model_eval(const struct funnel_model *f, const struct funnel_in *in,
                       struct funnel_out *out);
void funnel_model_step(struct funnel_model *f, const struct funnel_in *in);

#endif
