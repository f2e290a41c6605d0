/* SPDX-License-Identifier: Apache-2.0 */
/* ETM golden model internals shared by sim/golden/src/etm_*.c. */
#ifndef TRACEREF_SIM_GOLDEN_ETM_MODEL_INT_H
#define TRACEREF_SIM_GOLDEN_ETM_MODEL_INT_H

#include "etm_model.h"

/* Register offsets (docs/etm-contract.md section 12). */
#define ETM_TRCPRGCTLR 0x004u
#define ETM_TRCSTATR 0x00Cu
#define ETM_TRCCONFIGR 0x010u
#define ETM_TRCSTALLCTLR 0x02Cu
#define ETM_TRCTSCTLR 0x030u
#define ETM_TRCSYNCPR 0x034u
#define ETM_TRCCCCTLR 0x038u
#define ETM_TRCTRACEIDR 0x040u
#define ETM_TRCVICTLR 0x080u
#define ETM_TRCVIPCSSCTLR 0x08Cu
#define ETM_TRCBBCTLR 0x03Cu   /* section 22 */
#define ETM_TRCQCTLR 0x044u    /* [ETM-Q-9] */
#define ETM_TRCVIIECTLR 0x084u
#define ETM_TRCACVR0 0x400u    /* + 8n */

#define ETM_CFG_BB (1u << 3)
#define ETM_CFG_CCI (1u << 4)
#define ETM_CFG_TS (1u << 11)
#define ETM_CFG_RS (1u << 12)
#define ETM_CFG_QE (1u << 13) /* [ETM-Q-1]: Q elements with instruction counts */

#define ETM_VICTLR_SSSTATUS (1u << 9)

/* One cycle's demand (section 6), built in order. */
struct etm_buf {
    uint8_t b[ETM_MAX_DEMAND];
    unsigned n;
};

/* What etm_gen_event did besides the bytes. */
struct etm_gen_res {
    bool cc_emitted; /* a Cycle Count element: cc_cnt := 0 at this edge */
    bool async;      /* an A-Sync: sync_cnt := 0 after this cycle */
};

/* etm_pkt.c: encoders (section 9), address history (section 7), atoms (section 8). */
void etm_buf_put(struct etm_buf *b, uint8_t v);
void etm_pkt_uleb(struct etm_buf *b, uint32_t v);
void etm_pkt_async(struct etm_buf *b);
void etm_pkt_tinfo(struct etm_buf *b, bool cci, uint32_t threshold);
void etm_pkt_commit(struct etm_buf *b, struct etm_trace *t); /* [ETM-SPEC-6] */
void etm_pkt_ts(struct etm_buf *b, struct etm_trace *t, uint64_t v, bool cci, uint32_t report);
void etm_pkt_addr_ctxt(struct etm_buf *b, struct etm_trace *t, uint32_t a, bool ns);
void etm_pkt_addr(struct etm_buf *b, struct etm_trace *t, uint32_t a);
void etm_pkt_exc(struct etm_buf *b, unsigned exc_num);
void etm_hist_reset(struct etm_trace *t);
void etm_atom_add(struct etm_buf *b, struct etm_trace *t, bool e);
void etm_atom_flush(struct etm_buf *b, struct etm_trace *t);

/* etm_gen.c: section 6 for one traced event, on a copy of the trace state. */
struct etm_gen_ctx {
    uint32_t configr, ccctlr;
    unsigned rs_depth;
    uint32_t report;
    bool sync_due;
    unsigned max_spec; /* [ETM-SPEC-6]: implicit commit above it */
    bool q_on;         /* [ETM-Q-2] */
    bool bb_in;        /* [ETM-BB-2]: branch broadcasting applies at this event's address */
    bool q_in;         /* [ETM-Q-9]: Q elements permitted at this event's address */
};
void etm_gen_event(struct etm_buf *b, struct etm_trace *t, const struct etm_gen_ctx *g,
                   const struct etm_in *in, struct etm_gen_res *r);
bool etm_res(uint32_t sel); /* the fixed resource pair: TRUE iff TYPE = 0 and SEL = 1 */

/* etm_q.c: section 20 (Q elements) */
void etm_pkt_q(struct etm_buf *b, struct etm_trace *t, uint32_t cnt, uint32_t a);
void etm_q_close(struct etm_buf *b, struct etm_trace *t, uint32_t a);
void etm_q_tail(struct etm_buf *b, struct etm_trace *t);
void etm_q_count(struct etm_trace *t, const struct etm_in *in, uint32_t a, bool ts_en);
bool etm_q_on(const struct etm_model *m);

/* etm_spec.c: section 18, one cycle of a unit with max_spec > 0; returns cc_emitted. */
bool etm_spec_cycle(struct etm_model *m, const struct etm_in *ev, unsigned free_bytes,
                    bool traced);

/* etm_model.c: shared by etm_spec.c */
void etm_fifo_push(struct etm_model *m, const struct etm_buf *b);
void etm_gen_ctx_fill(const struct etm_model *m, struct etm_gen_ctx *g);

/* etm_acmp.c: section 22 (ViewInst ranges [ETM-VIEW-3], BB ranges [ETM-BB-2]). */
bool etm_acmp_view_ok(const struct etm_model *m, const struct etm_in *ev);
bool etm_acmp_bb_in(const struct etm_model *m, const struct etm_in *ev);
bool etm_acmp_q_in(const struct etm_model *m, const struct etm_in *ev); /* [ETM-Q-9] */

/* etm_regs.c: APB reads and writes (section 12). */
uint32_t etm_regs_read(const struct etm_model *m, const struct etm_in *in, uint32_t off);
void etm_regs_write(struct etm_model *m, uint32_t off, uint32_t v, bool idle);
bool etm_idle_get(const struct etm_model *m);

#endif
