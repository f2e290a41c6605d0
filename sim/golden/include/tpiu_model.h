/* SPDX-License-Identifier: Apache-2.0 */
/* Golden model of the Armv8-M TPIU, cycle-accurate to docs/tpiu-contract.md. */
#ifndef TRACEREF_SIM_GOLDEN_TPIU_MODEL_H
#define TRACEREF_SIM_GOLDEN_TPIU_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#define TPIU_MAX_FIFO_DEPTH 16u
#define TPIU_FB_DEPTH 16u /* frame buffer units: two frames [TPIU-BURST-*] */
#define TPIU_MAX_FRAME_IDLE_CYCLES 65535u

/* Register offsets in the 4 KiB frame (docs/tpiu-contract.md section 4). */
#define TPIU_SSPSR_OFF 0x000u
#define TPIU_CSPSR_OFF 0x004u
#define TPIU_ACPR_OFF 0x010u
#define TPIU_SPPR_OFF 0x0F0u
#define TPIU_FFSR_OFF 0x300u
#define TPIU_FFCR_OFF 0x304u
#define TPIU_PSCR_OFF 0x308u
#define TPIU_TRIGGER_OFF 0xEE8u
#define TPIU_DEVID_OFF 0xFC8u
#define TPIU_DEVTYPE_OFF 0xFCCu

/* Register fields. */
#define TPIU_FFCR_ENFCONT (1u << 1)
#define TPIU_FFCR_FONMAN (1u << 6)
#define TPIU_FFCR_TRIGIN (1u << 8)
#define TPIU_FFSR_FLINPROG (1u << 0)
#define TPIU_FFSR_FTNONSTOP (1u << 3)

/* SPPR.TXMODE values. */
#define TPIU_TXMODE_PARALLEL 0u
#define TPIU_TXMODE_MANCHESTER 1u
#define TPIU_TXMODE_NRZ 2u

/* Configuration (docs/tpiu-contract.md section 1). */
struct tpiu_cfg {
    unsigned port_width;        /* 1, 2, 4, 8 */
    unsigned atb_fifo_depth;    /* 2, 4, 8, 16 */
    unsigned frame_idle_cycles; /* 1..65535 [TPIU-IDLE-1] */
};

/* Inputs of one cycle; names follow the RTL ports without the _i suffix. */
struct tpiu_in {
    bool rst_n;
    bool psel, penable, pwrite;
    uint32_t paddr; /* 12 bits used: offset in the TPIU's 4 KiB frame */
    uint32_t pwdata;
    uint8_t pstrb, pprot; /* 4 and 3 bits; pprot ignored */
    bool atvalid;
    uint8_t atdata;
    uint8_t atid; /* 7 bits */
    bool afready;
};

/* Outputs of one cycle (Moore: functions of the state only). */
struct tpiu_out {
    uint32_t prdata;
    bool pready, pslverr;
    bool atready, afvalid;
    bool traceclk;
    uint8_t tracedata; /* port_width bits used */
    bool swo;
    bool txb_valid;
    uint8_t txb;
    bool ts_tick, async_idle, sync_req;
};

/* Flush state fl_state_q (section 8). */
enum tpiu_fl_state { TPIU_FL_IDLE = 0, TPIU_FL_REQ = 1, TPIU_FL_DRAIN = 2 };

/* One entry of the ATB input buffer. */
struct tpiu_atb_entry {
    uint8_t id; /* 7 bits */
    uint8_t data;
};

/* One unit of the frame buffer (section 5.4). */
struct tpiu_fb_entry {
    uint16_t data; /* [7:0] is sent first; bypass units use [7:0] only */
    bool last;     /* the unit ends a burst [TPIU-BURST-1] */
};

/* Complete state; caller-owned, no heap. Fields are the contract's _q registers without the
 * suffix. */
struct tpiu_model {
    struct tpiu_cfg cfg;
    /* programmer's registers (section 4) */
    uint32_t cspsr; /* one-hot current port size */
    uint32_t acpr;  /* [15:0] SWOSCALER */
    uint32_t sppr;  /* [1:0] TXMODE, never 3 */
    bool enfcont;   /* FFCR.EnFCont as stored (reads forced to 1 in the parallel mode) */
    uint32_t pscr;  /* [4:0] PSCount */
    uint32_t prdata_q;
    bool pslverr_q, pready_q;
    /* ATB input buffer (section 5.1): n entries from fifo[head], indices modulo 16 */
    struct tpiu_atb_entry fifo[TPIU_MAX_FIFO_DEPTH];
    unsigned head, n;
    /* formatter (section 5.2) */
    unsigned p; /* position of the next even byte: 0, 2, .., 14 */
    uint8_t aux;
    uint8_t cur_id;
    bool cur_vld, sync_pend, fs2;
    /* frame buffer (section 5.4): fb_n units from fb[fb_head], indices modulo 16 */
    struct tpiu_fb_entry fb[TPIU_FB_DEPTH];
    unsigned fb_head, fb_n; /* fb_n 0..16 */
    unsigned fb_bursts;     /* 0..8 units with last = 1: complete bursts */
    /* idle completion (section 5.5): cycles without an accepted ATB byte, saturating */
    unsigned idle; /* 0..frame_idle_cycles */
    /* parallel port (section 6) */
    uint16_t sh;
    unsigned left; /* 0..16 */
    unsigned cw;   /* chunk width latched at load */
    bool sh_data, traceclk;
    /* SWO (section 7) */
    uint32_t bc; /* 16-bit baud counter */
    bool ser_busy;
    unsigned ser_cell;
    uint8_t ser_byte, ser_buf;
    bool ser_more, swo;
    /* txb observation registers [TPIU-TXB-1] */
    bool txb_valid;
    uint8_t txb;
    /* flush and periodic synchronization (section 8) */
    enum tpiu_fl_state fl_state;
    uint32_t ps; /* 28 bits */
    bool sync_req;
};

/* Checks cfg ranges; returns 0 on success, -1 if out of range (model untouched). Also resets. */
int tpiu_model_init(struct tpiu_model *m, const struct tpiu_cfg *cfg);
/* Puts every register at its reset value. */
void tpiu_model_reset(struct tpiu_model *m);
/* Outputs of the current cycle (no state change); all zero while in->rst_n == 0. */
void tpiu_model_eval(const struct tpiu_model *m, const struct tpiu_in *in, struct tpiu_out *out);
/* Rising clock edge with the current cycle's inputs; in->rst_n == 0 resets instead. */
void tpiu_model_step(struct tpiu_model *m, const struct tpiu_in *in);

/* Register read value at a 12-bit offset, from the current state (what a read whose setup
 * phase is in this cycle returns). No side effects. */
uint32_t tpiu_model_reg_get(const struct tpiu_model *m, uint32_t off);
/* The port size selected by CSPSR: 1, 2, 4 or 8. */
unsigned tpiu_model_cw_get(const struct tpiu_model *m);

#endif
