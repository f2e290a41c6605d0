/* SPDX-License-Identifier: Apache-2.0 */
/* Golden model of the non-speculative ETMv4 instruction trace unit, cycle-accurate to
 * docs/etm-contract.md. */
#ifndef TRACEREF_SIM_GOLDEN_ETM_MODEL_H
#define TRACEREF_SIM_GOLDEN_ETM_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#define ETM_MAX_FIFO_DEPTH 256u
#define ETM_MAX_RS_DEPTH 15u
#define ETM_MAX_NUM_PC 4u
#define ETM_MAX_AC_PAIRS 4u /* NumAcPairs limit of this unit ([ETM-ACMP-1]) */
#define ETM_MAX_SPEC 16u /* TRCIDR8.MAXSPEC limit of this unit ([ETM-SPEC-1]) */
#define ETM_MAX_DEMAND 64u /* byte buffer of one cycle's demand; the contract bounds it by 46 (54 with Q) */
#define ETM_Q_MAX 16383u  /* largest count of a Q element ([ETM-Q-3] (e)) */

/* Configuration (docs/etm-contract.md section 1). */
struct etm_cfg {
    unsigned fifo_depth; /* 64, 128, 256 */
    unsigned rs_depth;   /* 0..15 */
    unsigned cc_size;    /* 12..20 */
    unsigned num_pc;     /* 0..4 */
    bool sec_ext;
    unsigned max_spec; /* 0..16, TRCIDR8.MAXSPEC; 0 = non-speculative (section 18) */
    bool atom_f45;     /* atom formats 4 and 5 (section 19); false = section 8 alone */
    bool q_supp;       /* Q elements with instruction counts (section 20); needs max_spec 0 */
    bool has_stall;    /* TRCSTALLCTLR and pe_stall (section 21); false = no stall */
    unsigned num_ac_pairs; /* 0..4 address range comparator pairs (section 22) */
};

/* Inputs of one cycle; field names follow the RTL ports without the _i suffix. */
struct etm_in {
    bool rst_n;
    bool psel, penable, pwrite;
    uint32_t paddr; /* 12 bits used */
    uint32_t pwdata;
    uint8_t pstrb; /* 4 bits */
    uint8_t pprot; /* ignored */
    /* PE trace interface (section 4) */
    bool pe_valid;
    uint32_t pe_addr;
    bool pe_size; /* 1: 32-bit */
    bool pe_br, pe_ind, pe_taken, pe_link, pe_excret;
    bool pe_ns;
    bool exc_valid;
    uint16_t exc_num; /* 1..511 */
    uint32_t exc_ret;
    uint8_t cmpmatch; /* num_pc bits */
    uint64_t gts;
    bool niden, spniden;
    bool atready;
    bool afvalid;
    /* speculation (section 18.2; ignored when max_spec == 0) */
    uint8_t spec_commit; /* oldest outstanding P0 elements committed */
    bool spec_flush;     /* a recovery */
    uint8_t spec_cancel; /* with spec_flush: newest outstanding P0 elements cancelled */
    bool spec_mispred;   /* with spec_flush: the newest remaining atom flips */
};

/* Outputs of one cycle (Moore). */
struct etm_out {
    uint32_t prdata;
    bool pready, pslverr;
    bool atvalid;
    uint8_t atdata;
    uint8_t atid;
    bool afready;
    bool idle;
    bool pe_stall; /* stall request to the PE [ETM-STALL-4] */
};

/* need_addr values (section 6) */
#define ETM_NEED_NONE 0u
#define ETM_NEED_PLAIN 1u
#define ETM_NEED_IND 2u

/* Element-generation state: copied, stepped and committed only with an accepted demand
 * ([ETM-OVF-3]). */
struct etm_trace {
    bool resync_pend, ton_pend, ovf;
    bool ctx_valid, ctx_ns;
    bool ts_req, cc_unknown;
    bool at_wp; /* the next event starts an instruction range ([ETM-SYNC-1]) */
    uint8_t need_addr;
    uint32_t hist_addr[3];
    uint8_t hist_is[3];
    uint32_t rs[ETM_MAX_RS_DEPTH]; /* rs[0] oldest, rs[rs_n-1] top */
    unsigned rs_n;
    uint32_t atoms; /* bit i = atom i (0 oldest), 1 = E */
    unsigned n_atoms;
    uint64_t ts_last;
    uint32_t sync_cnt;
    unsigned spec_sd, spec_cp; /* [ETM-SPEC-4] */
    bool f45; /* the packer's copy of cfg.atom_f45 (set at reset and at [ETM-EN-1]) */
    /* section 20: the pending Q element [ETM-Q-3..7] */
    uint32_t q_cnt, q_last, q_nxt;
    bool q_nxt_ok, q_eret;
};

/* Outstanding P0 elements as the PE presented them, oldest first ([ETM-SPEC-3]). */
struct etm_spec {
    unsigned n;
    uint32_t tr, atom, e; /* bit i: in the stream / an atom / the atom is E */
    uint32_t bb;          /* bit i: bb_in at the branch's address [ETM-SPEC-11] */
    uint32_t gp;          /* bit i: an untraced event at or after it [ETM-SPEC-12] */
    uint8_t na[ETM_MAX_SPEC + 1u];
    uint8_t na_base;
    bool gp_base;         /* gp of the newest committed element [ETM-SPEC-12] */
};

/* Complete model state; caller-owned, no heap, no pointers. */
struct etm_model {
    struct etm_cfg cfg;
    /* registers (section 12) */
    bool en;
    uint32_t configr, tsctlr, syncpr, ccctlr, traceidr, victlr, vipcssctlr;
    uint32_t stallctlr; /* TRCSTALLCTLR: LEVEL [3:0], ISTALL [8] (has_stall) [ETM-STALL-2] */
    uint32_t acvr[2u * ETM_MAX_AC_PAIRS], viiectlr, bbctlr; /* section 22 */
    uint32_t qctlr; /* TRCQCTLR RANGE/MODE [ETM-Q-9] */
    uint32_t prdata_q;
    bool pslverr_q, pready_q, afready_q;
    uint32_t cc_cnt;
    struct etm_trace t;
    struct etm_spec sp;
    uint8_t fifo[ETM_MAX_FIFO_DEPTH];
    unsigned head, count;
    /* observation for tests: bytes of the last edge's demand and whether it overflowed */
    unsigned last_demand;
    bool last_ovf;
};

/* Checks cfg ranges; returns 0 on success, -1 if out of range (model untouched). */
int etm_model_init(struct etm_model *m, const struct etm_cfg *cfg);
/* Puts every register at its reset value. */
void etm_model_reset(struct etm_model *m);
/* Outputs of the current cycle (no state change); all zero while in->rst_n == 0. */
void etm_model_eval(const struct etm_model *m, const struct etm_in *in, struct etm_out *out);
/* Rising clock edge with the current cycle's inputs. in->rst_n == 0 resets instead. */
void etm_model_step(struct etm_model *m, const struct etm_in *in);
/* pe_stall of the current cycle ([ETM-STALL-4]): a function of the state alone, so a PE
 * that honours the stall can read it before it presents the cycle's event. */
bool etm_model_stall(const struct etm_model *m);
/* TRCIDRn / ID register values of a configuration (section 12). */
uint32_t etm_model_idr(const struct etm_cfg *cfg, unsigned n);
/* ETMv4 M-profile exception TYPE of an exception number ([ETM-PKT-EXC]). */
unsigned etm_exc_type(unsigned exc_num);
/* in_range[k] of pair k for address a ([ETM-ACMP-3]); the hook for TRCQCTLR ranges. */
unsigned etm_acmp_match(const struct etm_model *m, uint32_t a);

#endif
