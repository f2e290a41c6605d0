/* SPDX-License-Identifier: Apache-2.0 */
/* Golden TPIU: the frame buffer between the formatter and the port engines
 * (docs/tpiu-contract.md section 5.4). */
#include "tpiu_model_int.h"

void tpiu_fb_push(struct tpiu_model *m, uint16_t data, bool last)
{
    struct tpiu_fb_entry *e = &m->fb[(m->fb_head + m->fb_n) % TPIU_FB_DEPTH];
    e->data = data;
    e->last = last;
    m->fb_n++;
    m->fb_bursts += last;
}

uint16_t tpiu_fb_pop(struct tpiu_model *m)
{
    const struct tpiu_fb_entry *e = &m->fb[m->fb_head];
    m->fb_head = (m->fb_head + 1u) % TPIU_FB_DEPTH;
    m->fb_n--;
    m->fb_bursts -= e->last; /* [TPIU-BURST-2] */
    return e->data;
}
