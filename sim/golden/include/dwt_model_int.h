/* SPDX-License-Identifier: Apache-2.0 */
/* Internal interfaces shared by the golden-model DWT source files (not for the harness). */
#ifndef TRACEREF_SIM_GOLDEN_DWT_MODEL_INT_H
#define TRACEREF_SIM_GOLDEN_DWT_MODEL_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "dwt_model.h"

/* DWT_CTRL fields (docs/dwt-contract.md 4.1). */
#define DWT_CTRL_CYCCNTENA (1u << 0)
#define DWT_CTRL_POSTPRESET_SHIFT 1u
#define DWT_CTRL_POSTINIT_SHIFT 5u
#define DWT_CTRL_POSTINIT_MASK (0xFu << 5)
#define DWT_CTRL_CYCTAP (1u << 9)
#define DWT_CTRL_SYNCTAP_SHIFT 10u
#define DWT_CTRL_PCSAMPLENA (1u << 12)
#define DWT_CTRL_EXCTRCENA (1u << 16)
#define DWT_CTRL_EVTENA_SHIFT 17u /* CPI, EXC, SLEEP, LSU, FOLD at bits 17..21 */
#define DWT_CTRL_CYCEVTENA (1u << 22)
#define DWT_CTRL_CYCDISS (1u << 23)

#define DWT_CTRL_POSTPRESET(c) (((c) >> DWT_CTRL_POSTPRESET_SHIFT) & 0xFu)
#define DWT_CTRL_POSTINIT(c) (((c) >> DWT_CTRL_POSTINIT_SHIFT) & 0xFu)
#define DWT_CTRL_SYNCTAP(c) (((c) >> DWT_CTRL_SYNCTAP_SHIFT) & 3u)

/* DWT_FUNCTIONn (4.2). */
#define DWT_FUNC_RW_MASK 0x00000C3Fu
#define DWT_FUNC_MATCH(f) ((f)&0xFu)
#define DWT_FUNC_ACTION(f) (((f) >> 4) & 3u)
#define DWT_FUNC_DATAVSIZE(f) (((f) >> 10) & 3u)

#define DWT_NUM_CNT 5u   /* CPI, EXC, SLEEP, LSU, FOLD */
#define DWT_MAX_PKTS 11u /* [DWT-BUF-1] */

/* Emission set of a comparator (tables of section 8). */
#define DWT_EM_DBG 1u
#define DWT_EM_MATCH 2u
#define DWT_EM_PC 4u
#define DWT_EM_ADDR 8u
#define DWT_EM_VALUE 16u

enum dwt_role { DWT_ROLE_OFF, DWT_ROLE_SINGLE, DWT_ROLE_FIRST, DWT_ROLE_SECOND };
enum dwt_pair { DWT_PAIR_NONE, DWT_PAIR_IR, DWT_PAIR_DR, DWT_PAIR_LV };

/* Roles of cycle t (8.1): struct dwt_roles in dwt_model.h, kept in the model's state. */

/* Ordered packet list of one edge; entries are hw_data values. */
struct dwt_pkts {
    uint64_t e[DWT_MAX_PKTS];
    unsigned n;
};

/* Comparator results of one edge (sections 8-10). */
struct dwt_cmp_res {
    uint16_t matched;        /* [DWT-MATCHED-1] */
    uint16_t cmpmatch;       /* [DWT-CMPM-1] */
    bool halt, mon;          /* [DWT-DBG-1] */
    bool ir_d[DWT_MAX_COMP]; /* [DWT-IR-FIRST], before APB write clears */
};

/* Effects of the APB write committing at this edge (section 5). */
enum dwt_wr_reg { DWT_WR_NONE, DWT_WR_CTRL, DWT_WR_COMP, DWT_WR_FUNC, DWT_WR_VMASK };
struct dwt_wr {
    enum dwt_wr_reg reg; /* a register stored in struct dwt_model */
    unsigned idx;        /* comparator of COMP/FUNC/VMASK */
    uint32_t val;        /* new register value (CTRL: complete stored value) */
    bool cyc, post;      /* [DWT-CYC-2], [DWT-POST-3] loads */
    uint32_t cyc_v;
    uint8_t post_v;
    bool cnt[DWT_NUM_CNT]; /* [DWT-CNT-1] write or enable clear */
    uint8_t cnt_v[DWT_NUM_CNT];
};

/* Counter results of one edge (sections 11-14). */
struct dwt_cnt_res {
    uint32_t cyccnt_d;
    uint8_t post_d;
    uint8_t cnt_d[DWT_NUM_CNT];
    bool sync;
};

static inline uint64_t dwt_pkt(uint8_t hdr, uint32_t payload) {
    return (uint64_t)payload << 8 | hdr;
}

static inline void dwt_pkts_add(struct dwt_pkts *l, uint64_t p) {
    if (l->n < DWT_MAX_PKTS)
        l->e[l->n++] = p;
}

/* dwt_auth.c: section 7 and [DWT-DBG-HALT], [DWT-DBG-MON]. */
bool dwt_auth_trace_ok(const struct dwt_cfg *c, const struct dwt_in *in, bool s, bool p);
bool dwt_auth_snid_p(const struct dwt_cfg *c, const struct dwt_in *in);
bool dwt_auth_allowed(const struct dwt_cfg *c, const struct dwt_in *in, bool s, bool p,
                      unsigned action);
bool dwt_auth_halt(const struct dwt_cfg *c, const struct dwt_in *in, bool s, bool p);
bool dwt_auth_mon(const struct dwt_cfg *c, const struct dwt_in *in, bool p, bool lazy);

/* dwt_match.c: roles, match conditions, emission, data trace packets. */
void dwt_match_roles(const struct dwt_model *m, struct dwt_roles *r);
void dwt_match_eval(const struct dwt_model *m, const struct dwt_in *in, bool cyc_inc,
                    struct dwt_cmp_res *res, struct dwt_pkts *l);

/* dwt_count.c: CYCCNT, POSTCNT, SYNCTAP, PC sample, event counters, exception trace. */
bool dwt_count_cyc_inc(const struct dwt_model *m, const struct dwt_in *in);
void dwt_count_eval(const struct dwt_model *m, const struct dwt_in *in, const struct dwt_wr *w,
                    struct dwt_cnt_res *res, struct dwt_pkts *l);

/* dwt_regs.c: register map and APB. */
uint32_t dwt_regs_ctrl_mask(const struct dwt_cfg *c);
uint32_t dwt_regs_read(const struct dwt_model *m, const struct dwt_in *in, uint32_t off);
void dwt_regs_write(const struct dwt_model *m, const struct dwt_in *in, struct dwt_wr *w);
/* Index of the comparator whose FUNCTION register is at off, or -1. */
int dwt_regs_func_idx(const struct dwt_model *m, uint32_t off);

#endif
