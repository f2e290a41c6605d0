/* SPDX-License-Identifier: Apache-2.0 */
/* Per-cycle comparison of the golden model's and the RTL's outputs. */
#ifndef TRACEREF_SIM_C_TB_COMMON_COMPARE_H
#define TRACEREF_SIM_C_TB_COMMON_COMPARE_H

#include "sys_model.h"

enum cmp_field {
    CMP_PRDATA,
    CMP_PREADY,
    CMP_PSLVERR,
    CMP_ATVALID,
    CMP_ATDATA,
    CMP_ATID,
    CMP_AFREADY,
    CMP_HW_READY,
    CMP_BUSY,
    CMP_MATCH,
    CMP_BKPT_HALT,
    CMP_BKPT_MON,
    CMP_ATREADY, /* TPIU (docs/tpiu-contract.md section 9); 0 or pass-through without one */
    CMP_TRACECLK,
    CMP_TRACEDATA,
    CMP_SWO,
    CMP_TXB_VALID,
    CMP_TXB,
    CMP_CMPMATCH, /* DWT (docs/dwt-contract.md section 3); 0 without one */
    CMP_WPT_HALT,
    CMP_WPT_MON,
    CMP_DWT_HW_VALID,
    CMP_DWT_HW_DATA,
    CMP_DWT_HW_OVF,
    CMP_DWT_SYNC_REQ,
    CMP_ETM_ATVALID, /* ETM and funnel (docs/etm-contract.md section 13); 0 without one */
    CMP_ETM_ATDATA,
    CMP_ETM_ATID,
    CMP_ETM_IDLE,
    CMP_FUN_ATVALID,
    CMP_FUN_ATDATA,
    CMP_FUN_ATID,
    CMP_NFIELDS
};
/* the mask of cmp_outputs is an unsigned: at most 32 fields */
_Static_assert(CMP_NFIELDS <= 32, "cmp_outputs: more fields than bits of its mask");

/* Bit f set = field f differs. Every field of struct sys_out is compared but etm_atready
 * (the ETM's share of the funnel's grant: a difference there moves the ETM's FIFO and shows
 * in etm_atvalid/etm_atdata and the funnel's output; the mask has no bit left for it). */
static inline unsigned cmp_outputs(const struct sys_out *gs, const struct sys_out *rs)
{
    const struct itm_out *g = &gs->itm, *r = &rs->itm;
    return (unsigned)(g->prdata != r->prdata) << CMP_PRDATA |
           (unsigned)(g->pready != r->pready) << CMP_PREADY |
           (unsigned)(g->pslverr != r->pslverr) << CMP_PSLVERR |
           (unsigned)(g->atvalid != r->atvalid) << CMP_ATVALID |
           (unsigned)(g->atdata != r->atdata) << CMP_ATDATA |
           (unsigned)(g->atid != r->atid) << CMP_ATID |
           (unsigned)(g->afready != r->afready) << CMP_AFREADY |
           (unsigned)(g->hw_ready != r->hw_ready) << CMP_HW_READY |
           (unsigned)(g->busy != r->busy) << CMP_BUSY |
           (unsigned)(gs->match != rs->match) << CMP_MATCH |
           (unsigned)(gs->bkpt_halt != rs->bkpt_halt) << CMP_BKPT_HALT |
           (unsigned)(gs->bkpt_mon != rs->bkpt_mon) << CMP_BKPT_MON |
           (unsigned)(gs->atready != rs->atready) << CMP_ATREADY |
           (unsigned)(gs->traceclk != rs->traceclk) << CMP_TRACECLK |
           (unsigned)(gs->tracedata != rs->tracedata) << CMP_TRACEDATA |
           (unsigned)(gs->swo != rs->swo) << CMP_SWO |
           (unsigned)(gs->txb_valid != rs->txb_valid) << CMP_TXB_VALID |
           (unsigned)(gs->txb != rs->txb) << CMP_TXB |
           (unsigned)(gs->cmpmatch != rs->cmpmatch) << CMP_CMPMATCH |
           (unsigned)(gs->wpt_halt != rs->wpt_halt) << CMP_WPT_HALT |
           (unsigned)(gs->wpt_mon != rs->wpt_mon) << CMP_WPT_MON |
           (unsigned)(gs->dwt_hw_valid != rs->dwt_hw_valid) << CMP_DWT_HW_VALID |
           (unsigned)(gs->dwt_hw_data != rs->dwt_hw_data) << CMP_DWT_HW_DATA |
           (unsigned)(gs->dwt_hw_ovf != rs->dwt_hw_ovf) << CMP_DWT_HW_OVF |
           (unsigned)(gs->dwt_sync_req != rs->dwt_sync_req) << CMP_DWT_SYNC_REQ |
           (unsigned)(gs->etm_atvalid != rs->etm_atvalid) << CMP_ETM_ATVALID |
           (unsigned)(gs->etm_atdata != rs->etm_atdata) << CMP_ETM_ATDATA |
           (unsigned)(gs->etm_atid != rs->etm_atid) << CMP_ETM_ATID |
           (unsigned)(gs->etm_idle != rs->etm_idle) << CMP_ETM_IDLE |
           (unsigned)(gs->fun_atvalid != rs->fun_atvalid) << CMP_FUN_ATVALID |
           (unsigned)(gs->fun_atdata != rs->fun_atdata) << CMP_FUN_ATDATA |
           (unsigned)(gs->fun_atid != rs->fun_atid) << CMP_FUN_ATID;
}

/* Port name of a field (the RTL's, e.g. "atdata_o"). */
const char *cmp_field_name(enum cmp_field f);
/* Value of a field as an integer. */
unsigned long cmp_field_value(const struct sys_out *o, enum cmp_field f);
/* Prints one line per field in mask: name, expected (golden), actual (rtl), in hex. */
void cmp_print(unsigned mask, const struct sys_out *g, const struct sys_out *r);
/* Prints all outputs of one side on one line. */
void cmp_print_outputs(const char *label, const struct sys_out *o);

#endif
