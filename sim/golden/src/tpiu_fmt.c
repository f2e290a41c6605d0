/* SPDX-License-Identifier: Apache-2.0 */
/* Golden TPIU: continuous formatter and bypass (docs/tpiu-contract.md section 5). */
#include "tpiu_model_int.h"

/* A virtual input b1/b2 of section 5.2: a buffer entry or PAD. */
struct tpiu_vbyte {
    uint8_t id, d;
    bool real; /* from the buffer (popped when used), not PAD */
};

static struct tpiu_vbyte entry(const struct tpiu_model *m, unsigned k)
{
    const struct tpiu_atb_entry *e = &m->fifo[(m->head + k) % TPIU_MAX_FIFO_DEPTH];
    struct tpiu_vbyte v = {e->id, e->data, true};
    return v;
}

static uint8_t id_byte(uint8_t id) { return (uint8_t)((id << 1) | 1u); }

static void pop(struct tpiu_model *m, unsigned k)
{
    m->head = (m->head + k) % TPIU_MAX_FIFO_DEPTH;
    m->n -= k;
}

/* Pushes the unit (b0 sent first) with the "last" flag of its row [TPIU-BURST-1]. */
static void unit_push(struct tpiu_model *m, uint8_t b0, uint8_t b1, bool last)
{
    tpiu_fb_push(m, (uint16_t)(b0 | (unsigned)b1 << 8), last);
}

/* [TPIU-FMT-1..7]: the first applicable row gives the unit. pad = drain || idle_pad. */
static void fmt_step(struct tpiu_model *m, bool pad)
{
    static const struct tpiu_vbyte pad_byte = {0, 0, false};
    if (m->fs2) { /* [TPIU-FMT-1] */
        unit_push(m, 0xFF, 0x7F, true); /* [TPIU-FMT-8]: a full sync is a burst of its own */
        m->fs2 = false;
        m->cur_vld = false;
        return;
    }
    if (m->sync_pend && m->p == 0) { /* [TPIU-FMT-2] */
        unit_push(m, 0xFF, 0xFF, false);
        m->sync_pend = false;
        m->fs2 = true;
        return;
    }
    struct tpiu_vbyte b1, b2;
    bool have1 = true, have2 = true;
    if (m->n >= 1)
        b1 = entry(m, 0);
    else if (pad && m->p != 0)
        b1 = pad_byte;
    else
        have1 = false;
    if (m->n >= 2)
        b2 = entry(m, 1);
    else if (pad)
        b2 = pad_byte;
    else
        have2 = false;
    if (!have1)
        return; /* wait */
    bool new1 = !m->cur_vld || b1.id != m->cur_id;
    uint8_t bit = (uint8_t)(1u << (m->p / 2));
    if (m->p == 14) {
        if (!new1) { /* [TPIU-FMT-3] */
            unit_push(m, b1.d & 0xFEu, (uint8_t)(m->aux | (b1.d & 1u) << 7), true);
            pop(m, b1.real);
        } else { /* [TPIU-FMT-4]: aux bit 7 is 0 */
            unit_push(m, id_byte(b1.id), m->aux & 0x7Fu, true);
            m->cur_id = b1.id;
            m->cur_vld = true;
        }
        m->p = 0;
        m->aux = 0;
        return;
    }
    if (new1) { /* [TPIU-FMT-5] */
        unit_push(m, id_byte(b1.id), b1.d, false);
        m->aux &= (uint8_t)~bit;
        m->cur_id = b1.id;
        m->cur_vld = true;
        pop(m, b1.real);
    } else if (!have2) {
        return;                      /* [TPIU-FMT-10]: a lone byte waits for its partner */
    } else if (b2.id == m->cur_id) { /* [TPIU-FMT-6] */
        unit_push(m, b1.d & 0xFEu, b2.d, false);
        m->aux = (uint8_t)((m->aux & ~bit) | ((b1.d & 1u) ? bit : 0u));
        pop(m, (unsigned)b1.real + (unsigned)b2.real);
    } else { /* [TPIU-FMT-7]: delayed ID change, byte p+1 still of the old ID */
        unit_push(m, id_byte(b2.id), b1.d, false);
        m->aux |= bit;
        m->cur_id = b2.id;
        pop(m, b1.real);
    }
    m->p += 2;
}

void tpiu_fmt_step(struct tpiu_model *m, bool fmt_on, bool pad)
{
    if (fmt_on) {
        fmt_step(m, pad);
    } else if (m->n >= 1) { /* [TPIU-BYP-1]: IDs dropped, no syncs, no padding */
        unit_push(m, m->fifo[m->head].data, 0, true); /* a byte is a burst of its own */
        pop(m, 1);
    }
}
