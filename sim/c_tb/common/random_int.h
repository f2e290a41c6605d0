/* SPDX-License-Identifier: Apache-2.0 */
/* Helpers shared by the generator's files (random.c, random_dwt.c); not a public API. */
#ifndef TRACEREF_SIM_C_TB_COMMON_RANDOM_INT_H
#define TRACEREF_SIM_C_TB_COMMON_RANDOM_INT_H

#include "random.h"

/* An identification register and the value its reads are checked against. */
struct id_reg {
    uint32_t addr, value;
};

uint64_t rgen_rnd(struct rgen *g);
uint32_t rgen_below(struct rgen *g, uint32_t n);        /* uniform in [0, n), n >= 1 */
uint32_t rgen_range(struct rgen *g, uint32_t lo, uint32_t hi); /* uniform in [lo, hi] */
bool rgen_pct(struct rgen *g, unsigned p);                /* true with probability p/100 */
struct event *rgen_emit(struct rgen *g, enum ev_kind kind);
void rgen_emit_write(struct rgen *g, uint32_t addr, uint32_t data); /* privileged, strobe 0xF */
void rgen_emit_write_strb(struct rgen *g, uint32_t addr, uint32_t data, uint8_t strb);
void rgen_emit_read(struct rgen *g, uint32_t addr, bool expect, uint32_t value, uint32_t mask);
void rgen_emit_set(struct rgen *g, enum ev_sig sig, uint64_t v);

/* DWT actions (random_dwt.c, docs/dwt-contract.md). */
void rgen_dwt_reset(struct rgen *g);     /* the generator's view after a reset */
void rgen_dwt_program(struct rgen *g);   /* start of a run / after a reset */
void rgen_dwt_comp(struct rgen *g);      /* program a single comparator or a pair */
void rgen_dwt_single(struct rgen *g, unsigned n); /* comparator n as a single (§8.3) */
void rgen_dwt_pair(struct rgen *g, unsigned n);   /* the pair (n-1, n), n odd (§8.4-8.6) */
void rgen_dwt_ctrl(struct rgen *g);      /* DWT_CTRL, CYCCNT and event counter writes */
void rgen_dwt_instr(struct rgen *g);     /* instructions near the favourite addresses */
void rgen_dwt_access(struct rgen *g);    /* data accesses near the favourite addresses */
void rgen_dwt_exc(struct rgen *g);       /* exception events */
void rgen_dwt_evt(struct rgen *g);       /* event-counter strobes */
void rgen_dwt_read(struct rgen *g);      /* register reads (constants checked) */
void rgen_dwt_odd_write(struct rgen *g); /* PSLVERR strobes, read-only, unimplemented */
void rgen_dwt_level(struct rgen *g);     /* pe_priv, sleeping, niden_p, spniden_p, monrdy */

/* ETM actions (random_etm.c, docs/etm-contract.md). */
void rgen_etm_reset(struct rgen *g);   /* the program of the run; start of a run */
void rgen_etm_program(struct rgen *g); /* disable, configure, enable */
void rgen_etm_run(struct rgen *g);     /* retired events of the program, one per cycle */
void rgen_etm_misc(struct rgen *g);    /* EN toggles, register reads */

/* Biased actions (random_bias.c, docs/coverage.md "Biased stimulus"). */
void rgen_bias(struct rgen *g);

#endif
