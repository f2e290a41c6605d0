/* SPDX-License-Identifier: Apache-2.0 */
/* Seeded constrained-random event generator. Produces events lazily, a chunk at a time,
 * so any run length needs the same memory; the same seed always gives the same events. */
#ifndef TRACEREF_SIM_C_TB_COMMON_RANDOM_H
#define TRACEREF_SIM_C_TB_COMMON_RANDOM_H

#include <stdbool.h>
#include <stdint.h>

#include "../../../tests/opencsd/etm_prog.h"
#include "../../../tests/opencsd/etm_spec_pe.h"
#include "sys_model.h"
#include "scenario.h"

#define RGEN_CHUNK 512u

/* xoshiro256** seeded through splitmix64 (own PRNG: independent of libc rand()). */
struct rgen_prng {
    uint64_t s[4];
};
void rgen_prng_seed(struct rgen_prng *p, uint64_t seed);
uint64_t rgen_prng_next(struct rgen_prng *p);

/* room for every action's weight (random.c's enum action) */
#define RGEN_NW 48u
/* The action weights of one state (random.c: weights_key), kept for the next time the state
 * is seen: their running sums, and for each group of 2^sh draws the first action the group
 * holds, from where a short walk finds the action (random.c: action). A run sees some tens
 * of states (base, seed 1: 40 in 150k cycles, 72 in 1M); once RGEN_WSLOTS are taken they
 * are all forgotten and filled again. */
#define RGEN_WSLOTS 64u
#define RGEN_WIDX 128u
#define RGEN_WKEYS 1024u /* weights_key < 2^10 */
struct rgen_wslot {
    uint32_t total, sh;
    uint32_t cum[RGEN_NW];
    uint8_t first[RGEN_WIDX];
};

struct rgen {
    uint64_t seed;
    struct itm_cfg cfg;
    struct fpb_cfg fcfg;
    bool itm_only; /* no FPB or other-frame events (ITM conformance vectors) */
    bool has_tpiu; /* program the TPIU (docs/tpiu-contract.md) */
    struct tpiu_cfg tcfg;
    uint32_t sppr; /* TPIU_SPPR.TXMODE as last written */
    bool has_dwt;  /* the DWT owns the ITM's hardware-source port (docs/dwt-contract.md) */
    struct dwt_cfg dcfg;
    uint32_t dctrl;     /* DWT_CTRL as last written */
    uint32_t difav[4];  /* favourite instruction addresses (comparators and instructions) */
    uint32_t ddfav[4];  /* favourite data addresses */
    uint32_t ddval[4];  /* favourite data values */
    bool has_etm;       /* the ETM's PE trace interface (docs/etm-contract.md, random_etm.c) */
    bool etm_en;        /* TRCPRGCTLR.EN as last written */
    bool has_stall;     /* the ETM has TRCSTALLCTLR (docs/etm-contract.md §21) */
    bool etm_honour;    /* this run's PE honours the stall request ([ETM-STALL-5]) */
    unsigned etm_acpairs; /* NumAcPairs: program the address comparators (section 22) */
    bool etm_qsupp;       /* QSupp: TRCCONFIGR.QE and TRCQCTLR (section 20) */
    struct prog_walk etm_walk; /* the synthetic program's retired path */
    /* MaxSpec > 0: a speculative PE in front of the walker ([ETM-SPEC-PE-1..5],
     * tests/opencsd/etm_spec_pe.c), the walker's next event (the real successor of a
     * mispredicted target) and a recovery not yet presented */
    unsigned etm_max_spec;
    struct spec_pe etm_spe;
    struct prog_event etm_next;
    bool etm_next_ok, etm_rec_pend;
    uint32_t etm_rec_mask;
    struct rgen_prng prng;
    /* what the generator believes the DUT's registers and inputs are (guides choices) */
    uint32_t tcr, tpr, ter[8];
    bool lvl[SIG_NLEVELS];
    unsigned fav[4]; /* favourite ports: many packets on few ports and page changes */
    uint32_t bp[4];  /* favourite breakpoint addresses (FP_COMPn values and fetches) */
    bool fp_enable;  /* FP_CTRL.ENABLE as last written */
    /* registers as last written (word writes), for the biased actions (random_bias.c) */
    uint32_t dcomp[16], dfunc[16];  /* DWT_COMPn, DWT_FUNCTIONn */
    uint32_t fpcomp[FPB_MAX_CODE];  /* FP_COMPn of the code comparators */
    /* round-robin positions of the biased actions' value lists */
    bool bias_started; /* the positions below were drawn (first biased action of a run) */
    unsigned bias_tap, bias_bit, bias_rsv, bias_pscr, bias_addr, bias_edge, bias_relink;
    uint64_t actions;
    /* the action weights: w_cur, the slot of the weights of the state (random.c:
     * weights_key), w_stale set by every change of a field the key is computed from (lvl,
     * tcr, ter, fp_enable, dctrl) so that the next action looks them up again; w_map[key],
     * 1 + the slot of a key's weights (0: none), w_used the slots taken */
    bool w_stale;
    unsigned w_cur, w_used;
    unsigned w_key; /* the key of w_cur (RGEN_CHECK_WEIGHTS: the next action checks it) */
    uint8_t w_map[RGEN_WKEYS];
    struct rgen_wslot wslot[RGEN_WSLOTS];
    /* chunks of generated events, two that take turns: chunk[pos..n) not yet taken (chunk,
     * buf[half]); wp, where refill writes the next. A refill writes the other half, so an
     * event given out stays where it is, unchanged, until the whole next chunk (at least
     * RGEN_CHUNK - RGEN_ACTION_MAX events) has been given out too (the driver's history,
     * driver.h: struct ev_source). */
    struct event buf[2][RGEN_CHUNK];
    struct event *chunk;
    unsigned n, pos, half;
    struct event *wp;
};

void rgen_init(struct rgen *g, uint64_t seed, const struct sys_cfg *cfg);
/* The same for the ITM alone (sets itm_only). */
void rgen_init_itm(struct rgen *g, uint64_t seed, const struct itm_cfg *cfg);
/* ev_source callbacks (ctx = struct rgen *). */
const struct event *rgen_next(void *ctx);
void rgen_rewind(void *ctx);

#endif
