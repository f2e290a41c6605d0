/* SPDX-License-Identifier: Apache-2.0 */
/* Per-cycle comparison of the golden model's and the RTL's outputs. */
#include "compare.h"

#include "log.h"

static const char *const field_names[CMP_NFIELDS] = {
    "prdata_o", "pready_o", "pslverr_o", "atvalid_o", "atdata_o",
    "atid_o",   "afready_o", "hw_ready_o", "busy_o", "match_o", "bkpt_halt_o", "bkpt_mon_o",
    "atready_o", "traceclk_o", "tracedata_o", "swo_o", "txb_valid_o", "txb_o",
    "cmpmatch_o", "wpt_halt_o", "wpt_mon_o", "dwt_hw_valid_o", "dwt_hw_data_o", "dwt_hw_ovf_o",
    "dwt_sync_req_o", "etm_atvalid_o", "etm_atdata_o", "etm_atid_o", "etm_idle_o",
    "fun_atvalid_o", "fun_atdata_o", "fun_atid_o", "etm_pe_stall_o",
};
static const unsigned field_digits[CMP_NFIELDS] = {8, 1, 1, 1, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1,
                                                   1, 2, 4, 1, 1, 1, 10, 1, 1, 1, 2, 2, 1, 1, 2, 2,
                                                   1};

const char *cmp_field_name(enum cmp_field f)
{
    return (unsigned)f < CMP_NFIELDS ? field_names[f] : "?";
}

unsigned long cmp_field_value(const struct sys_out *so, enum cmp_field f)
{
    const struct itm_out *o = &so->itm;
    switch (f) {
    case CMP_PRDATA:
        return o->prdata;
    case CMP_PREADY:
        return o->pready;
    case CMP_PSLVERR:
        return o->pslverr;
    case CMP_ATVALID:
        return o->atvalid;
    case CMP_ATDATA:
        return o->atdata;
    case CMP_ATID:
        return o->atid;
    case CMP_AFREADY:
        return o->afready;
    case CMP_HW_READY:
        return o->hw_ready;
    case CMP_BUSY:
        return o->busy;
    case CMP_MATCH:
        return so->match;
    case CMP_BKPT_HALT:
        return so->bkpt_halt;
    case CMP_BKPT_MON:
        return so->bkpt_mon;
    case CMP_ATREADY:
        return so->atready;
    case CMP_TRACECLK:
        return so->traceclk;
    case CMP_TRACEDATA:
        return so->tracedata;
    case CMP_SWO:
        return so->swo;
    case CMP_TXB_VALID:
        return so->txb_valid;
    case CMP_TXB:
        return so->txb;
    case CMP_CMPMATCH:
        return so->cmpmatch;
    case CMP_WPT_HALT:
        return so->wpt_halt;
    case CMP_WPT_MON:
        return so->wpt_mon;
    case CMP_DWT_HW_VALID:
        return so->dwt_hw_valid;
    case CMP_DWT_HW_DATA:
        return (unsigned long)so->dwt_hw_data;
    case CMP_DWT_HW_OVF:
        return so->dwt_hw_ovf;
    case CMP_DWT_SYNC_REQ:
        return so->dwt_sync_req;
    case CMP_ETM_ATVALID:
        return so->etm_atvalid;
    case CMP_ETM_ATDATA:
        return so->etm_atdata;
    case CMP_ETM_ATID:
        return so->etm_atid;
    case CMP_ETM_IDLE:
        return so->etm_idle;
    case CMP_FUN_ATVALID:
        return so->fun_atvalid;
    case CMP_FUN_ATDATA:
        return so->fun_atdata;
    case CMP_FUN_ATID:
        return so->fun_atid;
    case CMP_ETM_PE_STALL:
        return so->etm_pe_stall;
    default:
        return 0;
    }
}

void cmp_print(cmp_mask mask, const struct sys_out *g, const struct sys_out *r)
{
    log_msg(LOG_ERROR, "  %-14s %-14s %-14s\n", "output", "expected", "actual");
    log_msg(LOG_ERROR, "  %-14s %-14s %-14s\n", "", "(golden)", "(rtl)");
    for (unsigned f = 0; f < CMP_NFIELDS; f++)
        if (mask & CMP_BIT(f))
            log_msg(LOG_ERROR, "  %-14s 0x%0*lx%*s 0x%0*lx\n", field_names[f],
                    (int)field_digits[f], cmp_field_value(g, (enum cmp_field)f),
                    (int)(12 - field_digits[f]), "", (int)field_digits[f],
                    cmp_field_value(r, (enum cmp_field)f));
}

void cmp_print_outputs(const char *label, const struct sys_out *so)
{
    const struct itm_out *o = &so->itm;
    log_msg(LOG_ERROR,
            "  %-6s prdata=0x%08x pready=%d pslverr=%d atvalid=%d atdata=0x%02x atid=0x%02x "
            "afready=%d hw_ready=%d busy=%d match=%d bkpt_halt=%d bkpt_mon=%d\n"
            "         atready=%d traceclk=%d tracedata=0x%02x swo=%d txb_valid=%d txb=0x%02x\n"
            "         cmpmatch=0x%04x wpt_halt=%d wpt_mon=%d dwt_hw_valid=%d "
            "dwt_hw_data=0x%010llx dwt_hw_ovf=%d dwt_sync_req=%d\n"
            "         etm_atvalid=%d etm_atdata=0x%02x etm_atid=0x%02x etm_idle=%d "
            "fun_atvalid=%d fun_atdata=0x%02x fun_atid=0x%02x etm_pe_stall=%d\n",
            label, o->prdata, o->pready, o->pslverr, o->atvalid, o->atdata, o->atid, o->afready,
            o->hw_ready, o->busy, so->match, so->bkpt_halt, so->bkpt_mon, so->atready,
            so->traceclk, so->tracedata, so->swo, so->txb_valid, so->txb, so->cmpmatch,
            so->wpt_halt, so->wpt_mon, so->dwt_hw_valid, (unsigned long long)so->dwt_hw_data,
            so->dwt_hw_ovf, so->dwt_sync_req, so->etm_atvalid, so->etm_atdata, so->etm_atid,
            so->etm_idle, so->fun_atvalid, so->fun_atdata, so->fun_atid, so->etm_pe_stall);
}
