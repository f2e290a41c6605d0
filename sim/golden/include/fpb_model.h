/* SPDX-License-Identifier: Apache-2.0 */
/* Golden model of the Armv8-M FPB, cycle-accurate to docs/fpb-contract.md. */
#ifndef TRACEREF_SIM_GOLDEN_FPB_MODEL_H
#define TRACEREF_SIM_GOLDEN_FPB_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#define FPB_MAX_CODE 32u
#define FPB_MAX_LIT 15u

/* Configuration (docs/fpb-contract.md section 1). */
struct fpb_cfg {
    unsigned num_code; /* 0..32 */
    unsigned num_lit;  /* 0..15 */
    bool both_halves;
    bool sec_ext;
    bool ude;
};

/* Access kinds on the if_* port (docs/fpb-contract.md section 3). */
enum fpb_kind { FPB_KIND_FETCH = 0, FPB_KIND_VECTOR = 1, FPB_KIND_DAP = 2, FPB_KIND_STACK = 3 };

/* Inputs of one cycle; names follow the RTL ports without the _i suffix. */
struct fpb_in {
    bool rst_n;
    bool psel, penable, pwrite;
    uint32_t paddr; /* 12 bits used */
    uint32_t pwdata;
    uint8_t pstrb; /* 4 bits */
    uint8_t pprot; /* 3 bits, ignored */
    bool if_valid;
    uint32_t if_addr;
    uint8_t if_kind; /* enum fpb_kind, 2 bits */
    bool if_size32, if_secure, if_priv;
    bool hda, uhda, uhda_s;
    bool c_debugen, s_halt, s_sde;
    bool mon_en, sdme, umon_en, mon_prio;
};

/* Outputs of one cycle (Moore). */
struct fpb_out {
    uint32_t prdata;
    bool pready, pslverr;
    bool match, bkpt_halt, bkpt_mon;
};

/* Complete state; caller-owned, no heap. */
struct fpb_model {
    struct fpb_cfg cfg;
    bool enable;
    uint32_t comp[FPB_MAX_CODE]; /* FP_COMPn as read: [31:1] BPADDR, [0] BE */
    uint32_t prdata_q;
    bool pslverr_q, pready_q;
    bool match_q, halt_q, mon_q;
};

/* Checks cfg ranges; returns 0 on success, -1 if out of range (model untouched). */
int fpb_model_init(struct fpb_model *m, const struct fpb_cfg *cfg);
/* Puts every register at its reset value. */
void fpb_model_reset(struct fpb_model *m);
/* Outputs of the current cycle (no state change); all zero while in->rst_n == 0. */
void fpb_model_eval(const struct fpb_model *m, const struct fpb_in *in, struct fpb_out *out);
/* Rising clock edge with the current cycle's inputs; in->rst_n == 0 resets instead.
 * Returns false if no register changed (sys_model's fast path), true otherwise. */
bool fpb_model_step(struct fpb_model *m, const struct fpb_in *in);
/* The comparator match of a cycle (docs/fpb-contract.md section 5, [FPB-MATCH-1..4]):
 * fetch is if_valid && if_kind == FPB_KIND_FETCH. For a caller that then need not build
 * struct fpb_in unless the FPB is selected or a comparator hits (sys_model.c). */
bool fpb_model_hit(const struct fpb_model *m, bool fetch, uint32_t if_addr, bool if_size32);
/* fpb_model_step for an edge out of reset (rst_n 1) with no APB transfer to the FPB (psel 0:
 * the setup-phase captures take their idle values, prdata_q 0, pslverr_q 0, pready_q 1,
 * [FPB-APB-1]) and no comparator hit (fpb_model_hit false: match_q, halt_q, mon_q 0,
 * [FPB-TIME-1]): no other input matters. Returns what fpb_model_step would. */
bool fpb_model_step_nohit(struct fpb_model *m);
/* fpb_model_step with hit = fpb_model_hit of in's fetch port (computed once by a caller that
 * tested it already). */
bool fpb_model_step_hit(struct fpb_model *m, const struct fpb_in *in, bool hit);
/* Whether fpb_model_step would change nothing, from the few inputs that decide it, for a
 * caller that then need not build struct fpb_in (sys_model.c): out of reset (rst_n), no APB
 * transfer to the FPB's frame (psel 0: nothing captured, [FPB-APB-1]), no fetch that can
 * match (fetch: if_valid with if_kind FPB_KIND_FETCH; with the unit off none can,
 * [FPB-MATCH-1]), and every captured register already at what such an edge captures:
 * prdata_q 0, pslverr_q 0, pready_q 1, match_q, halt_q and mon_q 0 ([FPB-TIME-1]). */
static inline bool fpb_model_edge_idle(const struct fpb_model *m, bool rst_n, bool psel,
                                       bool fetch)
{
    return rst_n && !psel && !(fetch && m->enable) && m->prdata_q == 0u && !m->pslverr_q &&
           m->pready_q && !m->match_q && !m->halt_q && !m->mon_q;
}

#endif
