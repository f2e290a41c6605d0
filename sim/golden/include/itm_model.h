/* SPDX-License-Identifier: Apache-2.0 */
/* Golden model of the Armv8-M ITM, cycle-accurate to docs/itm-contract.md. */
#ifndef TRACEREF_SIM_GOLDEN_ITM_MODEL_H
#define TRACEREF_SIM_GOLDEN_ITM_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#define ITM_MAX_STIM_PORTS 256u
#define ITM_MAX_FIFO_DEPTH 16u
#define ITM_MAX_PKT_BYTES 7u

/* Configuration (docs/itm-contract.md section 1). */
struct itm_cfg {
    unsigned num_stim_ports;  /* 8..256, multiple of 8 */
    unsigned stim_fifo_depth; /* 1..16 */
    unsigned hw_fifo_depth;   /* 1..16 */
    unsigned ts_width;        /* 1..28 */
    unsigned gts_width;       /* 48 or 64 */
};

/* Inputs of one cycle; field names follow the RTL ports without the _i suffix. */
struct itm_in {
    bool rst_n;
    bool psel, penable, pwrite;
    uint32_t paddr; /* 12 bits used */
    uint32_t pwdata;
    uint8_t pstrb;  /* 4 bits */
    uint8_t pprot;  /* 3 bits */
    bool atready;
    bool afvalid;
    bool hw_valid;
    uint64_t hw_data; /* 40 bits: [7:0] header, [39:8] payload */
    bool hw_ovf;
    bool dwt_sync_req;
    bool tpiu_sync_req;
    bool ts_async_tick;
    bool async_idle;
    uint64_t gts;
    bool gts_clkch;
    bool trcena, niden, spniden, pe_secure, halted;
};

/* Outputs of one cycle (all Moore: functions of the state only). */
struct itm_out {
    uint32_t prdata;
    bool pready, pslverr;
    bool atvalid;
    uint8_t atdata;
    uint8_t atid;
    bool afready;
    bool hw_ready;
    bool busy;
};

/* No padding (rsvd0, rsvd1: always 0; itm_fifo.c asserts the size): an entry pushed by a
 * struct copy gives the FIFO the same bytes whichever edge built it (the states are
 * compared byte for byte). */
struct itm_fifo_entry {
    uint8_t port;     /* stimulus: port number; unused for hardware */
    uint8_t len;      /* payload bytes 0/1/2/4 */
    uint8_t header;   /* hardware: header byte as received */
    uint8_t rsvd0;
    uint32_t data;
    bool aged;
    bool ovf_after;
    uint8_t rsvd1[2];
};

struct itm_fifo {
    struct itm_fifo_entry e[ITM_MAX_FIFO_DEPTH];
    unsigned head, count, depth;
};

/* Complete model state; caller-owned, no heap. Fields are the contract's _q registers. */
struct itm_model {
    struct itm_cfg cfg;
    /* Not state: masks of the configuration's widths (itm_model_reset sets them from cfg),
     * ts_q's TsWidth bits and the GtsWidth bits of gts_i. */
    uint32_t ts_mask;
    uint64_t gts_mask;
    uint32_t ter[8];
    uint32_t tpr;
    uint32_t tcr;
    uint32_t prdata_q;
    bool pslverr_q;
    bool pready_q;
    uint8_t pkt[ITM_MAX_PKT_BYTES];
    unsigned pkt_len, pkt_pos; /* pkt_rem = pkt_len - pkt_pos */
    unsigned page;
    bool halted_q;
    bool sync_on_q; /* itm_on && SYNCENA in the previous cycle [ITM-SYNC-1] */
    bool gts_en_q;  /* gts_en in the previous cycle [ITM-GTS-1] */
    bool afready_q;
    bool sync_pending, ovf_pending;
    bool lts_pending, lts_tc0, lts_tc1;
    uint32_t ts, tsp;
    bool gts1_pending, gts2_pending, gts_full_req, gts_clkch;
    uint64_t gts_last, gts2_hi;
    /* The buffers: itm_model_step steps them in place after every other register's
     * commit (only their pointers and the written entries change; see itm_fifo_step). */
    struct itm_fifo stim, hw;
};

/* Checks cfg ranges; returns 0 on success, -1 if out of range (model untouched). */
int itm_model_init(struct itm_model *m, const struct itm_cfg *cfg);
/* Puts every register at its reset value. */
void itm_model_reset(struct itm_model *m);
/* Outputs of the current cycle (no state change). All zero while in->rst_n == 0
 * (the RTL reset is asynchronous). */
void itm_model_eval(const struct itm_model *m, const struct itm_in *in, struct itm_out *out);
/* What an edge changed (itm_model_step), for sys_model's fast path. gts_i is sampled only
 * when a packet is loaded ([ITM-GTS-2], [ITM-GTS-3]); no output reads ts_q or tsp_q, and
 * only atdata_o reads pkt_pos_q while a packet is being sent. "A register" below counts
 * every FIFO entry, head and count, but not the marks (aged, ovf_after) an edge without a
 * pop or a push sets on a FIFO's tail: set once, so the same inputs do not set them again,
 * and read by no output, only by the pop (a packet load) of their entry. */
enum itm_step_kind {
    ITM_STEP_CHANGED, /* a packet loaded, or a register changed but those below */
    ITM_STEP_QUIET,   /* no packet loaded and no register changed: the same inputs, gts_i
                       * excepted, leave the state unchanged again, with the same outputs */
    ITM_STEP_TS,      /* as QUIET, but the timestamp counter or prescaler (ts_q, tsp_q)
                       * moved: the same inputs, gts_i excepted, give the same outputs */
    ITM_STEP_XFER     /* a byte of the packet register left, not its last one, and no
                       * register changed but pkt_pos_q, ts_q and tsp_q: the same inputs,
                       * gts_i excepted, give the same outputs but atdata_o */
};
/* Rising clock edge with the current cycle's inputs. in->rst_n == 0 resets instead
 * (ITM_STEP_CHANGED). */
enum itm_step_kind itm_model_step(struct itm_model *m, const struct itm_in *in);
/* The edge after an ITM_STEP_TS or ITM_STEP_XFER one, with the same inputs (gts_i aside):
 * if it changes only ts_q, tsp_q and pkt_pos_q again (the same kind of edge), takes it and
 * returns true; if it would do more (the packet's last byte leaves, [ITM-ATB-2]; the
 * counter wraps, [ITM-LTS-2]; a half-range request, [ITM-LTS-10]), changes nothing and
 * returns false: the caller then takes it with itm_model_step. */
bool itm_model_idle_step(struct itm_model *m, const struct itm_in *in);

/* A memo for itm_fast_step (itm_fast.c): the ITM's inputs at its last edge and what that
 * edge did. Not state: with ok cleared the next step is a full one. */
struct itm_fast {
    bool ok; /* in and kind hold, and the edge changed at most ts_q, tsp_q, pkt_pos_q */
    enum itm_step_kind kind;
    struct itm_in in;
    /* With ok: whether in_idle holds itm_regs_apb_idle of in (itm_fast.c), which no edge of
     * a fast kind changes; set at its first use after in is stored. */
    bool in_idle_known, in_idle;
};
/* itm_model_step (taken by its direct path where that applies, itm_edge.c: the same state
 * and kind), or, when the inputs are the memo's (gts_i aside, and the APB fields
 * equal or both those of an idle bus's edge: itm_fast.c) and its edge was of a fast kind, the
 * same edge again without the full step (nothing for ITM_STEP_QUIET, itm_model_idle_step
 * for the others, as long as it can). The memo must have seen every edge of m since its ok
 * was last cleared (an edge taken by itm_model_idle_step with the memo's inputs counts). */
enum itm_step_kind itm_fast_step(struct itm_fast *f, struct itm_model *m,
                                 const struct itm_in *in);

#endif
