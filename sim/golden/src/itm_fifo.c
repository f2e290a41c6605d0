/* SPDX-License-Identifier: Apache-2.0 */
/* Stimulus and hardware-source buffers with aged / ovf_after marks (itm-contract 6, 7). */
#include "itm_model_int.h"

void itm_fifo_reset(struct itm_fifo *f, unsigned depth)
{
    for (unsigned i = 0; i < ITM_MAX_FIFO_DEPTH; i++) {
        f->e[i].port = 0u;
        f->e[i].len = 0u;
        f->e[i].header = 0u;
        f->e[i].data = 0u;
        f->e[i].aged = false;
        f->e[i].ovf_after = false;
    }
    f->head = 0u;
    f->count = 0u;
    f->depth = depth;
}

bool itm_fifo_full_get(const struct itm_fifo *f)
{
    return f->count >= f->depth;
}

/* Oldest entry, or NULL when empty. */
const struct itm_fifo_entry *itm_fifo_head_get(const struct itm_fifo *f)
{
    return f->count == 0u ? NULL : &f->e[f->head];
}

/* One edge: d from q. pop removes the head (caller guarantees non-empty); push appends e
 * (caller guarantees q not full, [ITM-STIM-4]); mark_tail_ovf sets ovf_after on the most
 * recently pushed entry still present unless it is the one being popped ([ITM-STIM-5];
 * the caller handles that case). */
void itm_fifo_step(const struct itm_fifo *q, struct itm_fifo *d, bool pop, bool push,
                   const struct itm_fifo_entry *e, bool mark_tail_ovf)
{
    unsigned depth = q->depth;

    *d = *q;
    /* [ITM-STIM-6] aged: set at every edge at which an entry stays in the FIFO. */
    for (unsigned i = pop ? 1u : 0u; i < q->count; i++) {
        d->e[(q->head + i) % depth].aged = true;
    }
    if (mark_tail_ovf && q->count != 0u) {
        unsigned tail = (q->head + q->count - 1u) % depth;

        if (!(pop && tail == q->head && q->count == 1u)) {
            d->e[tail].ovf_after = true;
        }
    }
    if (pop && q->count != 0u) {
        d->head = (q->head + 1u) % depth;
        d->count = q->count - 1u;
    }
    if (push && q->count < depth) {
        unsigned slot = (q->head + q->count) % depth;

        d->e[slot] = *e;
        d->e[slot].aged = false;
        d->e[slot].ovf_after = false; /* pushing into a slot clears its ovf_after mark */
        d->count++;
    }
}
