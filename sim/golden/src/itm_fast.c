/* SPDX-License-Identifier: Apache-2.0 */
/* The ITM's edge with a memo of its last inputs (itm_model.h, struct itm_fast): the same
 * fast path as sys_model's, for the ITM alone, in cycles where only other blocks' inputs
 * change (an FPB fetch, an APB transfer to another frame). */
#include "itm_model_int.h"

/* Equal as the ITM's next state depends on them: gts_i is read only at a packet load (none
 * in a memo's kind of edge, itm_model.h); the APB fields are equal, or both give the edge
 * of an idle bus (itm_regs_apb_idle: [ITM-APB-1..5], [ITM-STIM-1..5]). b is the memo's
 * inputs: their class at q, a state its edges have reached, is the one they had at the memo's
 * own edge (itm_regs_apb_idle reads no register such an edge changes). */
_Static_assert(sizeof(struct itm_in) == 56, "struct itm_in changed: compare its new fields in "
                                             "itm_fast_same");

static bool itm_fast_same(const struct itm_model *q, const struct itm_in *a,
                          struct itm_fast *f)
{
    const struct itm_in *b = &f->in;
    if (!(a->rst_n == b->rst_n && a->atready == b->atready && a->afvalid == b->afvalid &&
          a->hw_valid == b->hw_valid && a->hw_data == b->hw_data && a->hw_ovf == b->hw_ovf &&
          a->dwt_sync_req == b->dwt_sync_req && a->tpiu_sync_req == b->tpiu_sync_req &&
          a->ts_async_tick == b->ts_async_tick && a->async_idle == b->async_idle &&
          a->gts_clkch == b->gts_clkch && a->trcena == b->trcena && a->niden == b->niden &&
          a->spniden == b->spniden && a->pe_secure == b->pe_secure && a->halted == b->halted))
        return false;
    if (a->psel == b->psel &&
        (!a->psel || (a->penable == b->penable && a->pwrite == b->pwrite &&
                      a->paddr == b->paddr && a->pwdata == b->pwdata && a->pstrb == b->pstrb &&
                      a->pprot == b->pprot)))
        return true;
    if (!itm_regs_apb_idle(q, a))
        return false;
    if (!f->in_idle_known) { /* b's class: the same at every state the memo's edges reach */
        f->in_idle = itm_regs_apb_idle(q, b);
        f->in_idle_known = true;
    }
    return f->in_idle;
}

enum itm_step_kind itm_fast_step(struct itm_fast *f, struct itm_model *m,
                                 const struct itm_in *in)
{
    if (f->ok && itm_fast_same(m, in, f) &&
        (f->kind == ITM_STEP_QUIET || itm_model_idle_step(m, in)))
        return f->kind; /* the same kind of edge again */
    f->kind = itm_model_step_direct(m, in);
    f->ok = f->kind != ITM_STEP_CHANGED;
    if (f->ok) { /* in and in_idle are read only with ok */
        f->in = *in;
        f->in_idle_known = false;
    }
    return f->kind;
}
