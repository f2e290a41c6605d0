/* SPDX-License-Identifier: Apache-2.0 */
/* Internal interfaces shared by the golden-model TPIU source files (not for the harness). */
#ifndef TRACEREF_SIM_GOLDEN_TPIU_MODEL_INT_H
#define TRACEREF_SIM_GOLDEN_TPIU_MODEL_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "tpiu_model.h"

/* Derived values of one cycle, from the registers (section 4 "Derived values"). */
static inline bool tpiu_par_mode(const struct tpiu_model *m)
{
    return m->sppr == TPIU_TXMODE_PARALLEL;
}
static inline bool tpiu_swo_mode(const struct tpiu_model *m)
{
    return m->sppr == TPIU_TXMODE_MANCHESTER || m->sppr == TPIU_TXMODE_NRZ;
}
static inline bool tpiu_fmt_on(const struct tpiu_model *m) /* [TPIU-MODE-1] */
{
    return tpiu_par_mode(m) || m->enfcont;
}
/* [TPIU-SWO-1] tick of cycle t. */
static inline bool tpiu_tick(const struct tpiu_model *m)
{
    return tpiu_swo_mode(m) && m->bc >= (m->acpr & 0xFFFFu);
}
/* SWO idle level of a TXMODE: NRZ high, Manchester low [TPIU-SWO-3/4]. */
static inline bool tpiu_swo_idle(uint32_t txmode) { return txmode == TPIU_TXMODE_NRZ; }

/* Output path to reset values for a mode ([TPIU-MODE-2] restart, and reset). */
void tpiu_path_reset(struct tpiu_model *m, uint32_t txmode, bool fmt_on);

/* Frame buffer (section 5.4). [TPIU-BURST-2]: the port engines see the head unit only while
 * a complete burst is in the buffer (u_valid). */
static inline bool tpiu_fb_ready(const struct tpiu_model *m) { return m->fb_bursts != 0; }
/* Appends a unit with its last flag [TPIU-BURST-1]; the caller has checked the room. */
void tpiu_fb_push(struct tpiu_model *m, uint16_t data, bool last);
/* A port engine takes the head unit (only while tpiu_fb_ready); returns its data. */
uint16_t tpiu_fb_pop(struct tpiu_model *m);

/* Formatter (section 5.2) or bypass loader (section 5.3) at an edge where it may act: no
 * restart, and room in cycle t's frame buffer [TPIU-BURST-3]. pad is cycle t's
 * `drain || idle_pad`. Pops the input buffer in place and pushes its unit. */
void tpiu_fmt_step(struct tpiu_model *m, bool fmt_on, bool pad);

/* [TPIU-PAR-2/3], [TPIU-TXB-1] at an edge in the parallel mode without restart. */
void tpiu_par_step(struct tpiu_model *m);
/* [TPIU-SWO-1/5], [TPIU-TXB-1] at an edge in an SWO mode without restart. */
void tpiu_swo_step(struct tpiu_model *m);
/* port_empty of [TPIU-FLUSH-2]. */
bool tpiu_port_empty(const struct tpiu_model *m);

#endif
