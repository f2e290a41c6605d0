/* SPDX-License-Identifier: Apache-2.0 */
/* Per-cycle comparison of the golden model's and the RTL's outputs. */
#ifndef TRACEREF_SIM_C_TB_COMMON_COMPARE_H
#define TRACEREF_SIM_C_TB_COMMON_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

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
    CMP_ETM_PE_STALL, /* the ETM's stall request ([ETM-STALL-7]); 0 without one */
    CMP_NFIELDS
};
/* the mask of cmp_outputs is a uint64_t: at most 64 fields */
_Static_assert(CMP_NFIELDS <= 64, "cmp_outputs: more fields than bits of its mask");
typedef uint64_t cmp_mask;
#define CMP_BIT(f) ((cmp_mask)1 << (f))

/* Bit f set = field f differs. Every field of struct sys_out is compared but etm_atready
 * (the ETM's share of the funnel's grant: a difference there moves the ETM's FIFO and shows
 * in etm_atvalid/etm_atdata and the funnel's output; the mask has no bit left for it). */
static inline cmp_mask cmp_outputs_mask(const struct sys_out *gs, const struct sys_out *rs)
{
    const struct itm_out *g = &gs->itm, *r = &rs->itm;
    return (cmp_mask)(g->prdata != r->prdata) << CMP_PRDATA |
           (cmp_mask)(g->pready != r->pready) << CMP_PREADY |
           (cmp_mask)(g->pslverr != r->pslverr) << CMP_PSLVERR |
           (cmp_mask)(g->atvalid != r->atvalid) << CMP_ATVALID |
           (cmp_mask)(g->atdata != r->atdata) << CMP_ATDATA |
           (cmp_mask)(g->atid != r->atid) << CMP_ATID |
           (cmp_mask)(g->afready != r->afready) << CMP_AFREADY |
           (cmp_mask)(g->hw_ready != r->hw_ready) << CMP_HW_READY |
           (cmp_mask)(g->busy != r->busy) << CMP_BUSY |
           (cmp_mask)(gs->match != rs->match) << CMP_MATCH |
           (cmp_mask)(gs->bkpt_halt != rs->bkpt_halt) << CMP_BKPT_HALT |
           (cmp_mask)(gs->bkpt_mon != rs->bkpt_mon) << CMP_BKPT_MON |
           (cmp_mask)(gs->atready != rs->atready) << CMP_ATREADY |
           (cmp_mask)(gs->traceclk != rs->traceclk) << CMP_TRACECLK |
           (cmp_mask)(gs->tracedata != rs->tracedata) << CMP_TRACEDATA |
           (cmp_mask)(gs->swo != rs->swo) << CMP_SWO |
           (cmp_mask)(gs->txb_valid != rs->txb_valid) << CMP_TXB_VALID |
           (cmp_mask)(gs->txb != rs->txb) << CMP_TXB |
           (cmp_mask)(gs->cmpmatch != rs->cmpmatch) << CMP_CMPMATCH |
           (cmp_mask)(gs->wpt_halt != rs->wpt_halt) << CMP_WPT_HALT |
           (cmp_mask)(gs->wpt_mon != rs->wpt_mon) << CMP_WPT_MON |
           (cmp_mask)(gs->dwt_hw_valid != rs->dwt_hw_valid) << CMP_DWT_HW_VALID |
           (cmp_mask)(gs->dwt_hw_data != rs->dwt_hw_data) << CMP_DWT_HW_DATA |
           (cmp_mask)(gs->dwt_hw_ovf != rs->dwt_hw_ovf) << CMP_DWT_HW_OVF |
           (cmp_mask)(gs->dwt_sync_req != rs->dwt_sync_req) << CMP_DWT_SYNC_REQ |
           (cmp_mask)(gs->etm_atvalid != rs->etm_atvalid) << CMP_ETM_ATVALID |
           (cmp_mask)(gs->etm_atdata != rs->etm_atdata) << CMP_ETM_ATDATA |
           (cmp_mask)(gs->etm_atid != rs->etm_atid) << CMP_ETM_ATID |
           (cmp_mask)(gs->etm_idle != rs->etm_idle) << CMP_ETM_IDLE |
           (cmp_mask)(gs->fun_atvalid != rs->fun_atvalid) << CMP_FUN_ATVALID |
           (cmp_mask)(gs->fun_atdata != rs->fun_atdata) << CMP_FUN_ATDATA |
           (cmp_mask)(gs->fun_atid != rs->fun_atid) << CMP_FUN_ATID |
           (cmp_mask)(gs->etm_pe_stall != rs->etm_pe_stall) << CMP_ETM_PE_STALL;
}

/* The fast test of cmp_outputs (issue #22): the compared fields of struct sys_out lie in
 * four byte spans without padding, and equal bytes of bool and uintN_t fields are equal
 * values, so the spans' bytes equal on both sides <=> every compared field equal (mask 0).
 * The spans are read as a few overlapping 4- or 8-byte words. The asserts pin the layout
 * they rest on: a field added to struct sys_out or to the mask must be placed in a span. */
#define CMP_OFF_(f) offsetof(struct sys_out, f)
#define CMP_END_(f) (offsetof(struct sys_out, f) + sizeof(((struct sys_out *)0)->f))
_Static_assert(CMP_NFIELDS == 33 && sizeof(struct sys_out) == 56,
               "compare.h: a new output: put it into a span of cmp_same");
/* span 1: itm_out (9 fields) .. txb; span 2: cmpmatch .. dwt_hw_valid; span 3: dwt_hw_data ..
 * etm_atvalid; span 4: etm_atdata .. fun_atid (etm_atready, between 3 and 4, not compared) */
_Static_assert(CMP_OFF_(itm) == 0 && sizeof(struct itm_out) == 12 && CMP_OFF_(atready) == 12 &&
                   CMP_END_(txb) == 21,
               "compare.h: span 1 of cmp_same");
_Static_assert(CMP_OFF_(cmpmatch) == 22 && CMP_END_(dwt_hw_valid) == 27,
               "compare.h: span 2 of cmp_same");
_Static_assert(CMP_OFF_(dwt_hw_data) == 32 && CMP_END_(etm_atvalid) == 43 &&
                   CMP_OFF_(etm_atready) == 43,
               "compare.h: span 3 of cmp_same");
_Static_assert(CMP_OFF_(etm_atdata) == 44 && CMP_END_(fun_atid) == 51,
               "compare.h: span 4 of cmp_same");
_Static_assert(sizeof(((struct sys_out *)0)->cmpmatch) == 2 &&
                   sizeof(((struct sys_out *)0)->dwt_hw_data) == 8,
               "compare.h: the spans' field sizes");

static inline uint64_t cmp_ld8_(const unsigned char *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}
static inline uint32_t cmp_ld4_(const unsigned char *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
}
/* OR of the differences of bytes [off, off + n) of a and b, 4 <= n <= 24 (a constant here) */
static inline uint64_t cmp_span_(const unsigned char *a, const unsigned char *b, size_t off,
                                 size_t n)
{
    a += off;
    b += off;
    if (n < 8)
        return (uint64_t)((cmp_ld4_(a) ^ cmp_ld4_(b)) | (cmp_ld4_(a + n - 4) ^ cmp_ld4_(b + n - 4)));
    uint64_t x = (cmp_ld8_(a) ^ cmp_ld8_(b)) | (cmp_ld8_(a + n - 8) ^ cmp_ld8_(b + n - 8));
    if (n > 16)
        x |= cmp_ld8_(a + 8) ^ cmp_ld8_(b + 8);
    return x;
}
static inline bool cmp_same(const struct sys_out *gs, const struct sys_out *rs)
{
    const unsigned char *a = (const unsigned char *)gs, *b = (const unsigned char *)rs;
    return (cmp_span_(a, b, 0, 21) | cmp_span_(a, b, 22, 5) | cmp_span_(a, b, 32, 11) |
            cmp_span_(a, b, 44, 7)) == 0;
}
#undef CMP_OFF_
#undef CMP_END_

/* cmp_outputs_mask, 0 at once when every compared field is equal (nearly every cycle) */
static inline cmp_mask cmp_outputs(const struct sys_out *gs, const struct sys_out *rs)
{
    if (__builtin_expect(cmp_same(gs, rs), 1))
        return 0;
    return cmp_outputs_mask(gs, rs);
}

/* Port name of a field (the RTL's, e.g. "atdata_o"). */
const char *cmp_field_name(enum cmp_field f);
/* Value of a field as an integer. */
unsigned long cmp_field_value(const struct sys_out *o, enum cmp_field f);
/* Prints one line per field in mask: name, expected (golden), actual (rtl), in hex. */
void cmp_print(cmp_mask mask, const struct sys_out *g, const struct sys_out *r);
/* Prints all outputs of one side on one line. */
void cmp_print_outputs(const char *label, const struct sys_out *o);

#endif
