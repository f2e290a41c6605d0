/* SPDX-License-Identifier: Apache-2.0 */
/* Golden model of rtl/top/trace_top: the ITM, the FPB and (has_tpiu) the TPIU on one APB
 * port (docs/fpb-contract.md section 7, docs/tpiu-contract.md section 9). The harness
 * drives and compares this. */
#ifndef TRACEREF_SIM_GOLDEN_SYS_MODEL_H
#define TRACEREF_SIM_GOLDEN_SYS_MODEL_H

#include "fpb_model.h"
#include "itm_model.h"
#include "tpiu_model.h"

struct sys_cfg {
    struct itm_cfg itm;
    struct fpb_cfg fpb;
    bool has_tpiu; /* trace_top HasTpiu: the ITM's ATB feeds the TPIU */
    struct tpiu_cfg tpiu;
};

/* Inputs of one cycle: the ports of trace_top without the _i suffix. The APB fields are
 * shared; paddr is a 20-bit PPB offset (frame = paddr[19:12]). */
struct sys_in {
    struct itm_in itm; /* shared APB (20-bit paddr) and the ITM's own inputs */
    /* FPB-only inputs (struct fpb_in without its APB fields) */
    bool if_valid;
    uint32_t if_addr;
    uint8_t if_kind;
    bool if_size32, if_secure, if_priv;
    bool hda, uhda, uhda_s;
    bool c_debugen, s_halt, s_sde;
    bool mon_en, sdme, umon_en, mon_prio;
};

/* Outputs of one cycle. itm.prdata/pready/pslverr are the system's APB outputs; itm.at*
 * and itm.afready show the ITM's ATB master (with has_tpiu: the bus into the TPIU). */
struct sys_out {
    struct itm_out itm;
    bool atready; /* the ATREADY the ITM sees: in.itm.atready, or the TPIU's */
    bool match, bkpt_halt, bkpt_mon;
    /* TPIU pins and formatter output (0 without has_tpiu) */
    bool traceclk;
    uint8_t tracedata;
    bool swo, txb_valid;
    uint8_t txb;
};

struct sys_model {
    bool has_tpiu;
    struct itm_model itm;
    struct fpb_model fpb;
    struct tpiu_model tpiu;
};

#define SYS_FRAME_ITM 0x00u
#define SYS_FRAME_FPB 0x02u
#define SYS_FRAME_TPIU 0x40u

int sys_model_init(struct sys_model *m, const struct sys_cfg *cfg);
void sys_model_reset(struct sys_model *m);
void sys_model_eval(const struct sys_model *m, const struct sys_in *in, struct sys_out *out);
void sys_model_step(struct sys_model *m, const struct sys_in *in);

#endif
