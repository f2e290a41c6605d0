/* SPDX-License-Identifier: Apache-2.0 */
/* Functional coverage of the ETM and the ITM/ETM funnel (docs/coverage.md, groups "ETM
 * packet", "ETM", "funnel"): the packets the golden ETM sends on its ATB (read back by
 * tracedump's ETMv4 decoder, sim/decode/etm4dec.c), what an accepted event did to the
 * golden ETM's trace state (return stack, branch broadcasting, cycle-count threshold,
 * periodic sync, overflow), and the funnel's grant and the trace IDs of each TPIU frame
 * (read back by tracedump's deformatter, sim/decode/tpiudec.c). Part of fcov.c's bins. */
#ifndef TRACEREF_SIM_C_TB_COMMON_FCOV_ETM_H
#define TRACEREF_SIM_C_TB_COMMON_FCOV_ETM_H

#include <stdbool.h>
#include <stdint.h>

#include "sys_model.h"
#include "../../decode/etm4dec.h"
#include "../../decode/tpiudec.h"

enum {
    /* ETM packet */
    FE_ASYNC, FE_TINFO, FE_TINFO_CC, FE_TON, FE_TS, FE_TS_CC,
    FE_ADDR_MATCH,                    /* + entry 0..2 */
    FE_ADDR_S8 = FE_ADDR_MATCH + 3, FE_ADDR_S16, FE_ADDR_L, FE_ADDR_CTXT_S, FE_ADDR_CTXT_NS,
    FE_ATOM_F1, FE_ATOM_F2, FE_ATOM_F3, FE_ATOM_F6_E, FE_ATOM_F6_N,
    FE_EXC1, FE_EXC2, FE_ERET, FE_CC, FE_CC_UNKNOWN, FE_OVF_PKT,
    /* ETM */
    FE_RS_HIT, FE_RS_MISS, FE_RS_FULL, FE_BB_ADDR, FE_CC_BELOW, FE_CC_AT, FE_CC_SAT,
    FE_PSYNC, FE_OVF, FE_OVF_DROP, FE_UNTRACED, FE_CTX_CHANGE, FE_STALL,
    /* funnel */
    FE_FUN_TO_ETM, FE_FUN_TO_ITM, FE_FUN_HOLD, FE_FRAME_2IDS,
    FE_N
};
#define FE_FIRST_ETM FE_RS_HIT
#define FE_FIRST_FUNNEL FE_FUN_TO_ETM

struct fcov_etm {
    struct etm4dec dec;
    struct tpiudec td;
    bool prev_valid;
    struct etm_model prev; /* the golden ETM before the previous cycle's edge */
    bool prev_ev, prev_exc, prev_br, prev_ind, prev_taken, prev_link, prev_ns;
    uint32_t prev_addr;
    unsigned prev_g, prev_n; /* the funnel's grant and burst count then */
    bool prev_g_valid;       /* its granted input offered a byte then */
};

void fcov_etm_init(struct fcov_etm *e);
/* A reset: the decoders start again. */
void fcov_etm_reset(struct fcov_etm *e);
/* One cycle out of reset on a system with the ETM (fcov_cycle's arguments); hit has FE_N
 * counters. */
void fcov_etm_cycle(struct fcov_etm *e, uint64_t *hit, const struct sys_in *in,
                    const struct sys_out *out, const struct sys_model *sm);
const char *fcov_etm_bin_name(unsigned i);

#endif
