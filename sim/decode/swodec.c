/* SPDX-License-Identifier: Apache-2.0 */
/* SWO NRZ and Manchester line decoders (packet-protocol-facts.md section 4,
 * docs/tpiu-contract.md [TPIU-SWO-3], [TPIU-SWO-4]). */
#include "swodec.h"

#include <string.h>

#define NRZ_STOP_CELL 9u /* start, 8 data cells, stop */

bool swodec_init(struct swodec *d, enum swodec_mode mode, uint32_t div)
{
    memset(d, 0, sizeof *d);
    if (div == 0 || div > SWODEC_DIV_MAX || (mode != SWODEC_NRZ && mode != SWODEC_MANCHESTER))
        return false;
    d->mode = mode;
    d->div = div;
    /* The level opposite to idle: a start edge needs the idle level seen first. */
    d->prev = mode == SWODEC_NRZ ? 0 : 1;
    return true;
}

uint64_t swodec_errors(const struct swodec_stats *s)
{
    return s->false_start + s->framing + s->symbol;
}

/* NRZ: the middle of cell d->cell reads s. */
static bool nrz_cell(struct swodec *d, uint8_t s, uint8_t *out)
{
    if (d->cell == 0) {
        if (s != 0) {
            d->stats.false_start++;
            d->busy = false;
        }
        return false;
    }
    if (d->cell < NRZ_STOP_CELL) {
        d->sr |= (uint16_t)(s << (d->cell - 1)); /* data bit cell-1, LSB first */
        return false;
    }
    d->busy = false; /* back to idle in the middle of the stop cell */
    if (s == 0) {
        d->stats.framing++;
        return false;
    }
    *out = (uint8_t)d->sr;
    d->stats.bytes++;
    return true;
}

/* Manchester: the middle of cell d->cell reads s. */
static bool man_cell(struct swodec *d, uint8_t s, uint8_t *out)
{
    if (d->cell < 2) { /* the start bit, cells "1 0" */
        if (s != (d->cell == 0 ? 1 : 0)) {
            d->stats.false_start++;
            d->busy = false;
        }
        return false;
    }
    if ((d->cell & 1u) == 0) {
        d->first = s;
        return false;
    }
    uint8_t h0 = d->first, h1 = s;
    if (d->nbits < 8) {
        if (h0 == h1) {
            d->stats.symbol++;
            d->busy = false;
            return false;
        }
        d->sr |= (uint16_t)(h0 << d->nbits); /* logic 1 = high then low */
        if (++d->nbits < 8)
            return false;
        *out = (uint8_t)d->sr;
        d->stats.bytes++;
        d->nbytes++;
        return true;
    }
    /* After a byte: the stop "0 0", or the first bit of another byte of the burst. */
    if (h0 == 0 && h1 == 0) {
        d->busy = false;
        return false;
    }
    if (h0 == h1 || d->nbytes >= SWODEC_BURST_MAX) {
        d->stats.framing++;
        d->busy = false;
        return false;
    }
    d->sr = h0;
    d->nbits = 1;
    return false;
}

bool swodec_push(struct swodec *d, uint8_t level, uint8_t *out)
{
    uint8_t s = level & 1u;
    d->stats.samples++;
    if (d->div == 0)
        return false; /* not initialised successfully */
    if (!d->busy) {
        bool start = d->mode == SWODEC_NRZ ? (d->prev == 1 && s == 0) : (d->prev == 0 && s == 1);
        d->prev = s;
        if (!start)
            return false;
        d->busy = true;
        d->phase = 0;
        d->cell = 0;
        d->nbits = 0;
        d->nbytes = 0;
        d->sr = 0;
        d->stats.starts++;
    }
    d->prev = s;
    bool got = false;
    if (d->phase == d->div / 2)
        got = d->mode == SWODEC_NRZ ? nrz_cell(d, s, out) : man_cell(d, s, out);
    if (d->busy && ++d->phase == d->div) {
        d->phase = 0;
        d->cell++;
    }
    return got;
}

void swodec_finish(struct swodec *d)
{
    /* A Manchester burst waiting only for its stop has delivered its bytes. */
    if (d->busy && !(d->mode == SWODEC_MANCHESTER && d->nbits == 8))
        d->stats.truncated++;
    d->busy = false;
}
