/* SPDX-License-Identifier: Apache-2.0 */
/* Internal interfaces shared by the golden-model ITM source files (not for the harness). */
#ifndef TRACEREF_SIM_GOLDEN_ITM_MODEL_INT_H
#define TRACEREF_SIM_GOLDEN_ITM_MODEL_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "itm_model.h"
#include "itm_pkt.h"

/* ITM_TCR fields (docs/itm-contract.md section 4). */
#define ITM_TCR_ITMENA (1u << 0)
#define ITM_TCR_TSENA (1u << 1)
#define ITM_TCR_SYNCENA (1u << 2)
#define ITM_TCR_TXENA (1u << 3)
#define ITM_TCR_SWOENA (1u << 4)
#define ITM_TCR_TSPRESCALE_SHIFT 8u
#define ITM_TCR_GTSFREQ_SHIFT 10u
#define ITM_TCR_TRACEBUSID_SHIFT 16u
#define ITM_TCR_BUSY (1u << 23)
#define ITM_TCR_WRITABLE 0x007F0F1Fu

/* Field extractors on a TCR value. */
#define ITM_TCR_TSPRESCALE(t) (((t) >> ITM_TCR_TSPRESCALE_SHIFT) & 3u)
#define ITM_TCR_GTSFREQ(t) (((t) >> ITM_TCR_GTSFREQ_SHIFT) & 3u)
#define ITM_TCR_TRACEBUSID(t) (((t) >> ITM_TCR_TRACEBUSID_SHIFT) & 0x7Fu)

/* Packet chosen by the arbiter at a load edge (docs/itm-contract.md section 8). */
enum itm_grant {
    ITM_GRANT_NONE,
    ITM_GRANT_SYNC,
    ITM_GRANT_OVF,
    ITM_GRANT_EXT,
    ITM_GRANT_INSTR,
    ITM_GRANT_HW,
    ITM_GRANT_LTS,
    ITM_GRANT_GTS1,
    ITM_GRANT_GTS2
};

/* Combinational values of one cycle, computed from the _q state and the cycle's inputs
 * before any register is updated. */
struct itm_comb {
    /* derived enables (section 6, 12) */
    bool itm_on;
    bool auth_pe;
    bool gts_en;
    /* APB (section 5) */
    bool setup;           /* psel && !penable */
    bool err;             /* this cycle's transfer is a write with an illegal strobe */
    uint32_t prdata_d;    /* [ITM-APB-1] captured read data (0 unless a setup read) */
    bool pslverr_d;       /* [ITM-APB-1] captured error (0 unless a setup cycle) */
    bool tcr_wr;          /* an ITM_TCR write commits at this edge */
    uint32_t tcr_wval;    /* its value, pwdata & writable mask */
    bool ter_wr;          /* an ITM_TERk write commits at this edge */
    unsigned ter_idx;     /* k */
    uint32_t ter_wval;    /* the complete new TERk value */
    bool tpr_wr;          /* an ITM_TPR write commits at this edge */
    uint32_t tpr_wval;    /* the new TPR value */
    /* stimulus writes (section 6) */
    bool stim_acc;        /* an accepted STIM write at this edge */
    struct itm_fifo_entry stim_e;
    bool stim_push;       /* accepted and stim_count_q < depth */
    bool stim_drop;       /* accepted and the FIFO is full: overflow */
    /* hardware source (section 7) */
    bool hw_push;
    struct itm_fifo_entry hw_e;
    /* output engine (section 8) */
    bool xfer;            /* atvalid && atready: one byte leaves */
    bool load_en;
    enum itm_grant grant;
    bool p_aged;          /* aged flag of the popped instrumentation/hardware entry */
    bool p_ovf_after;     /* ovf_after mark of the popped stimulus entry */
    unsigned pkt_len;
    unsigned ext_page;    /* page of an extension packet being loaded */
    /* synchronization requests (section 10) */
    bool sync_on;         /* itm_on && SYNCENA in this cycle */
    bool sync_kind1;      /* sync_on rises: on now, off in the previous cycle */
    bool sync_kind23;     /* dwt/tpiu pulse or debug-state exit (needs itm_on) */
    /* local timestamps (section 11) */
    bool tsena_eff;
    bool hold;
    bool src_tick;
    bool tick;
    bool wrap;
    bool half;            /* [ITM-LTS-10] !hold && ts_q[TsWidth-1] */
    /* global timestamps (section 12) */
    uint64_t g;           /* gts_i masked to GtsWidth */
    bool gts1_full;       /* the GTS1 loaded at this edge is a full one */
    /* last: not set per cycle (itm_model_comb), only pkt[0, pkt_len) is ever read */
    uint8_t pkt[ITM_MAX_PKT_BYTES];
};

/* The commits (phase 3 of itm_model_step) write the _d values into the model in place,
 * each after reading every _q value it needs: a register is read as _q by its own commit
 * only, except TCR (read by the timestamp commits, itm_ts.c and itm_gts.c, so the register
 * file commits last), gts_en_q (itm_gts.c, before itm_model.c sets it) and the FIFOs'
 * counts (stepped after every commit). Each returns whether it changed a register other
 * than ts_q, tsp_q and pkt_pos_q (itm_model_step's kinds, itm_model.h). ITM_UPD sets one
 * register and notes a change (v: a local or a constant, evaluated twice). */
#define ITM_UPD(ch, lv, v) ((ch) |= (lv) != (v), (lv) = (v))

bool itm_fifo_full_get(const struct itm_fifo *f);

/* The derived enables of one cycle (section 6, 12), shared by every edge that needs them. */
static inline bool itm_on_get(const struct itm_model *q, const struct itm_in *in)
{
    return (q->tcr & ITM_TCR_ITMENA) != 0u && in->trcena; /* [ITM-EN-1] */
}
static inline bool itm_auth_pe_get(const struct itm_in *in)
{
    return in->pe_secure ? in->spniden : in->niden; /* [ITM-AUTH-1] */
}
static inline bool itm_gts_en_get(const struct itm_model *q, bool itm_on)
{
    return itm_on && ITM_TCR_GTSFREQ(q->tcr) != 0u; /* section 12 gts_en */
}
static inline bool itm_sync_on_get(const struct itm_model *q, bool itm_on)
{
    return itm_on && (q->tcr & ITM_TCR_SYNCENA) != 0u; /* [ITM-SYNC-1] itm_on && SYNCENA */
}
/* [ITM-ATB-1] a byte of the packet register leaves only on the handshake. */
static inline bool itm_xfer_get(const struct itm_model *q, const struct itm_in *in)
{
    return q->pkt_len != q->pkt_pos && in->atready;
}
/* [ITM-ATB-2] load slot: the packet register is idle, or its last byte leaves at this edge. */
static inline bool itm_load_en_get(const struct itm_model *q, const struct itm_in *in)
{
    const unsigned rem = q->pkt_len - q->pkt_pos;
    return rem == 0u || (rem == 1u && in->atready);
}
/* [ITM-FLUSH-1] afready_d (reads afready_q, the FIFOs' counts and pkt_rem_q). */
static inline bool itm_afready_d_get(const struct itm_model *q, const struct itm_in *in)
{
    return in->afvalid && !q->afready_q && q->stim.count == 0u && q->hw.count == 0u &&
           q->pkt_len == q->pkt_pos;
}
/* [ITM-HW-1] accept when hw_valid && hw_ready_o; keep only if itm_on && TXENA: whether the
 * hardware FIFO pushes at this edge, and (if so) the entry e it pushes. */
static inline bool itm_hw_push_get(const struct itm_model *q, const struct itm_in *in,
                                   bool itm_on, struct itm_fifo_entry *e)
{
    if (!(in->hw_valid && !itm_fifo_full_get(&q->hw) && itm_on &&
          (q->tcr & ITM_TCR_TXENA) != 0u))
        return false;
    *e = (struct itm_fifo_entry){0};
    e->header = (uint8_t)(in->hw_data & 0xFFu);
    e->len = (uint8_t)itm_pkt_hw_len(e->header);
    e->data = (uint32_t)((in->hw_data >> 8) & 0xFFFFFFFFu);
    return true;
}

/* itm_edge.c: itm_model_step by a direct path for the common edges that load no packet and
 * change no request flag (the same state and kind, byte for byte: test_idle_edges.c), the
 * full step for the others. */
enum itm_step_kind itm_model_step_direct(struct itm_model *m, const struct itm_in *in);
/* Whether itm_model_step_direct takes its direct path at state q with the inputs in. */
bool itm_model_step_direct_taken(const struct itm_model *q, const struct itm_in *in);

/* itm_regs.c: APB register file. */
bool itm_regs_busy_get(const struct itm_model *q);
void itm_regs_comb(const struct itm_model *q, const struct itm_in *in, struct itm_comb *c);
bool itm_regs_commit(struct itm_model *m, const struct itm_comb *c);
/* Whether the APB inputs of in (psel_i, penable_i, pwrite_i, paddr_i, pwdata_i, pstrb_i,
 * pprot_i) give every _d value of the edge from q that an idle bus (psel_i 0) gives
 * ([ITM-APB-1..5], [ITM-STIM-1..5]): no psel; a write's setup cycle with a legal strobe; a
 * read's setup cycle whose register reads 0; a read's access cycle; a write's access cycle
 * with an illegal strobe, to no writable register, an ignored one (unprivileged TPR/TCR, a
 * stimulus write not accepted), or one with the value the register holds. Reads only the
 * registers a fast edge (itm_model.h: ITM_STEP_QUIET/_TS/_XFER) keeps: its answer for
 * the same inputs is the same before and after such an edge (itm_fast.c). */
bool itm_regs_apb_idle(const struct itm_model *q, const struct itm_in *in);

/* itm_fifo.c: stimulus and hardware buffers. */
void itm_fifo_reset(struct itm_fifo *f, unsigned depth);
bool itm_fifo_full_get(const struct itm_fifo *f);
const struct itm_fifo_entry *itm_fifo_head_get(const struct itm_fifo *f);
bool itm_fifo_step(struct itm_fifo *f, bool pop, bool push, const struct itm_fifo_entry *e,
                   bool mark_tail_ovf);
/* Whether itm_fifo_step(f, pop, push, ..., mark_tail_ovf) would change nothing (and return
 * false), for a caller that then skips the call: no pop and no push, and the FIFO empty or
 * its tail already aged ([ITM-STIM-6]) and, with mark_tail_ovf, already marked
 * ([ITM-STIM-5]): itm_fifo_step changes only the tail's marks then. */
static inline bool itm_fifo_idle(const struct itm_fifo *f, bool pop, bool push,
                                 bool mark_tail_ovf)
{
    if (pop || push)
        return false;
    if (f->count == 0u)
        return true;
    unsigned s = f->head + f->count - 1u; /* the tail's slot, as itm_fifo_step finds it */
    const struct itm_fifo_entry *tail = &f->e[s >= f->depth ? s - f->depth : s];
    return tail->aged && (!mark_tail_ovf || tail->ovf_after);
}

/* itm_arb.c: arbiter and packet register. */
/* [ITM-ARB-1], [ITM-ARB-2], [ITM-ARB-4]: the packet a load slot of state q loads. */
enum itm_grant itm_arb_grant_get(const struct itm_model *q, bool auth_pe);
void itm_arb_comb(const struct itm_model *q, const struct itm_in *in, struct itm_comb *c);
bool itm_arb_commit(struct itm_model *m, const struct itm_comb *c);

/* itm_ts.c: local timestamp counter and LTS flags. */
void itm_ts_comb(const struct itm_model *q, const struct itm_in *in, struct itm_comb *c);
bool itm_ts_commit(struct itm_model *m, const struct itm_comb *c);
bool itm_ts_idle_step(struct itm_model *m, const struct itm_in *in);
bool itm_ts_plain_get(const struct itm_model *q, const struct itm_in *in, bool itm_on,
                      uint32_t *tsp, uint32_t *ts);

/* itm_gts.c: global timestamps. */
uint64_t itm_gts_mask_get(const struct itm_model *q);
bool itm_gts1_full_get(const struct itm_model *q, uint64_t s);
unsigned itm_gts1_pkt_get(const struct itm_model *q, uint64_t s, uint8_t *buf);
bool itm_gts_commit(struct itm_model *m, const struct itm_in *in, const struct itm_comb *c);

#endif
