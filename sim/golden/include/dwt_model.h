/* SPDX-License-Identifier: Apache-2.0 */
/* Golden model of the Armv8-M DWT, cycle-accurate to docs/dwt-contract.md.
 * The cfg/in/out structs are the interface fixed by the contract (sections 1 and 3); the
 * state struct is the model's own. */
#ifndef TRACEREF_SIM_GOLDEN_DWT_MODEL_H
#define TRACEREF_SIM_GOLDEN_DWT_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#define DWT_MAX_COMP 15u
#define DWT_MAX_FIFO_DEPTH 16u

/* Configuration (docs/dwt-contract.md section 1). */
struct dwt_cfg {
    unsigned num_comp;   /* 0..15 */
    unsigned fifo_depth; /* 1..16 */
    bool main_ext, trace, cyccnt, prfcnt, exttrig, vmask, pcsr;
    bool sec_ext, ude;
};

/* Inputs of one cycle; names follow the RTL ports of dwt_top without the _i suffix. */
struct dwt_in {
    bool rst_n;
    bool psel, penable, pwrite;
    uint32_t paddr; /* 12 bits used */
    uint32_t pwdata;
    uint8_t pstrb; /* 4 bits */
    uint8_t pprot; /* 3 bits, ignored */
    /* instruction observation */
    bool ia_valid;
    uint32_t ia_addr;
    bool ia_secure, ia_priv;
    /* data access observation */
    bool da_valid;
    uint32_t da_addr;
    uint8_t da_size; /* 2 bits */
    bool da_write;
    uint32_t da_data;
    uint32_t da_pc;
    bool da_secure, da_priv, da_fault, da_lazyfp;
    /* exceptions, sleep, event strobes */
    bool exc_valid;
    uint8_t exc_fn;   /* 2 bits */
    uint16_t exc_num; /* 9 bits */
    bool exc_secure;
    bool sleeping;
    bool evt_cpi, evt_exc, evt_sleep, evt_lsu, evt_fold;
    /* PE state and authentication */
    bool pe_secure, pe_priv, halted;
    bool trcena, niden, niden_p, spniden, spniden_p;
    bool hda, uhda, uhda_s, c_debugen, s_halt, s_sde;
    bool mon_en, sdme, umon_en, mon_prio, monrdy;
    /* hardware-source port, from the ITM */
    bool hw_ready;
};

/* Outputs of one cycle (Moore: functions of the state only). */
struct dwt_out {
    uint32_t prdata;
    bool pready, pslverr;
    uint16_t cmpmatch;
    bool wpt_halt, wpt_mon;
    bool hw_valid;
    uint64_t hw_data; /* 40 bits: [7:0] header, [39:8] payload LE */
    bool hw_ovf;
    bool sync_req;
};

/* Comparator roles (docs/dwt-contract.md 8.1), indexed by comparator: role (enum dwt_role),
 * pair (enum dwt_pair, FIRST/SECOND only) and emission (DWT_EM_*), all in dwt_model_int.h.
 * They are a function of the FUNCTIONn fields MATCH, ACTION, DATAVSIZE and the configuration
 * alone (8.1: sup(n, m) and the tables; no COMPn), so the model resolves them at reset and at
 * each FUNCTIONn write (dwt_match_roles), not every cycle. */
struct dwt_roles {
    uint8_t role[DWT_MAX_COMP];
    uint8_t pair[DWT_MAX_COMP];
    uint8_t em[DWT_MAX_COMP];
};

/* Complete state; caller-owned, no heap. The model may add fields. */
struct dwt_model {
    struct dwt_cfg cfg;
    /* registers */
    uint32_t ctrl;                    /* DWT_CTRL RW fields as stored (POSTINIT stored value) */
    uint32_t cyccnt;
    uint8_t cnt[5];                   /* CPI, EXC, SLEEP, LSU, FOLD */
    uint32_t comp[DWT_MAX_COMP];
    uint32_t func[DWT_MAX_COMP];      /* MATCH, ACTION, DATAVSIZE as written (RW bits only) */
    uint32_t vmask[DWT_MAX_COMP];
    bool matched[DWT_MAX_COMP];
    bool ir[DWT_MAX_COMP];            /* [DWT-IR-FIRST], indexed by the Second */
    uint8_t post;                     /* POSTCNT */
    uint32_t pc_last;
    bool pc_last_s, pc_last_p, pc_vld;
    bool pe_secure_q;                 /* pe_secure_i registered, [DWT-AUTH-5] cyc_s */
    /* output buffer */
    uint64_t ob[DWT_MAX_FIFO_DEPTH];
    unsigned ob_head, ob_cnt;
    /* registered outputs */
    uint32_t prdata_q;
    bool pslverr_q, pready_q;
    uint16_t cmpmatch_q;
    bool halt_q, mon_q, ovf_q, sync_req_q;
    /* derived, not a register: the roles of func[] (see struct dwt_roles) */
    struct dwt_roles roles;
};

/* Checks cfg ranges and constraints; returns 0 on success, -1 otherwise (model untouched). */
int dwt_model_init(struct dwt_model *m, const struct dwt_cfg *cfg);
/* Puts every register at its reset value. */
void dwt_model_reset(struct dwt_model *m);
/* Outputs of the current cycle (no state change); all zero while in->rst_n == 0. */
void dwt_model_eval(const struct dwt_model *m, const struct dwt_in *in, struct dwt_out *out);
/* Rising clock edge with the current cycle's inputs; in->rst_n == 0 resets instead. */
void dwt_model_step(struct dwt_model *m, const struct dwt_in *in);
/* DWT_FUNCTIONn.ID of comparator n for this configuration ([DWT-ID-1]). */
unsigned dwt_model_id(const struct dwt_cfg *cfg, unsigned n);

#endif
