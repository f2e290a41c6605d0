/* SPDX-License-Identifier: Apache-2.0 */
/* Stimulus and hardware-source buffers with aged / ovf_after marks (itm-contract 6, 7). */
#include "itm_model_int.h"

_Static_assert(sizeof(struct itm_fifo_entry) == 12, "struct itm_fifo_entry has padding");

void itm_fifo_reset(struct itm_fifo *f, unsigned depth)
{
    for (unsigned i = 0; i < ITM_MAX_FIFO_DEPTH; i++) {
        f->e[i] = (struct itm_fifo_entry){0};
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

/* Slot of the i-th oldest entry (head + i modulo depth, with head, i < depth). */
static inline unsigned itm_fifo_slot_get_at(unsigned head, unsigned i, unsigned depth)
{
    unsigned s = head + i;

    return s >= depth ? s - depth : s;
}

/* One edge, in place. pop removes the head (caller guarantees non-empty); push appends e
 * (caller guarantees not full, [ITM-STIM-4]); mark_tail_ovf sets ovf_after on the most
 * recently pushed entry still present unless it is the one being popped ([ITM-STIM-5];
 * the caller handles that case). head_d/count_d are computed from head_q/count_q first;
 * the entry storage is then written with an enable, like the RTL's storage flops: only
 * the marks of the tail and the pushed slot change, and no entry is read after its
 * write. Returns true if any of its registers changed (head, count, an entry, a mark). */
bool itm_fifo_step(struct itm_fifo *f, bool pop, bool push, const struct itm_fifo_entry *e,
                   bool mark_tail_ovf)
{
    const unsigned head_q = f->head, count_q = f->count, depth = f->depth;
    bool changed = false;

    if (count_q == 0u) {
        if (!push) {
            return false; /* empty and nothing pushed: no register changes */
        }
    } else {
        if (pop) { /* head_d, count_d: the head leaves (count_d != count_q: a change) */
            f->head = head_q + 1u >= depth ? head_q + 1u - depth : head_q + 1u;
            f->count = count_q - 1u;
            changed = true;
        }
        if (!(pop && count_q == 1u)) { /* the tail stays (it is not the head being popped) */
            struct itm_fifo_entry *tail = &f->e[itm_fifo_slot_get_at(head_q, count_q - 1u,
                                                                        depth)];

            /* [ITM-STIM-6] aged: set at every edge at which an entry stays in the FIFO.
             * Every entry but the tail already stayed at an earlier edge (each edge ages
             * all entries but the one it pushes), so only the tail can still be unmarked. */
            changed |= !tail->aged || (mark_tail_ovf && !tail->ovf_after);
            tail->aged = true;
            if (mark_tail_ovf) {
                tail->ovf_after = true;
            }
        }
    }
    if (push && count_q < depth) {
        struct itm_fifo_entry *slot = &f->e[itm_fifo_slot_get_at(head_q, count_q, depth)];

        *slot = *e;
        slot->aged = false;
        slot->ovf_after = false; /* pushing into a slot clears its ovf_after mark */
        f->count++;
        changed = true;
    }
    return changed;
}
