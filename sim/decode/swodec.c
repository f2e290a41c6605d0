/* SPDX-License-Identifier: Apache-2.0 */
/* SWO NRZ and Manchester line decoders (packet-protocol-facts.md section 4,
 * docs/tpiu-contract.md [TPIU-SWO-3], [TPIU-SWO-4]). */
#include "swodec.h"

#include <string.h>

#define NRZ_STOP_CELL 9u /* start, 8 data cells, stop */
#define FIXED_ONE (1ull << SWODEC_FRAC)

static unsigned cells_per_bit(enum swodec_mode mode)
{
    return mode == SWODEC_MANCHESTER ? 2u : 1u;
}

/* Common part of the two inits: period in SWODEC_FRAC fixed point, checked. */
static bool init_period(struct swodec *d, enum swodec_mode mode, uint64_t period)
{
    memset(d, 0, sizeof *d);
    if (period < FIXED_ONE || period > (uint64_t)SWODEC_DIV_MAX << SWODEC_FRAC ||
        (mode != SWODEC_NRZ && mode != SWODEC_MANCHESTER))
        return false;
    d->mode = mode;
    d->period = period;
    /* The level opposite to idle: a start edge needs the idle level seen first. */
    d->prev = mode == SWODEC_NRZ ? 0 : 1;
    return swodec_set_gap(d, SWODEC_GAP_BITS);
}

bool swodec_init(struct swodec *d, enum swodec_mode mode, uint32_t div)
{
    return init_period(d, mode, (uint64_t)div << SWODEC_FRAC);
}

bool swodec_init_rate(struct swodec *d, enum swodec_mode mode, uint64_t samplerate,
                      uint64_t baud)
{
    /* samplerate << SWODEC_FRAC must not overflow: rates up to 2^40 samples/s. */
    if (samplerate == 0 || baud == 0 || samplerate >> (64 - SWODEC_FRAC) != 0 ||
        baud > UINT64_MAX / 2) {
        memset(d, 0, sizeof *d);
        return false;
    }
    uint64_t cells = baud * cells_per_bit(mode);
    return init_period(d, mode, ((samplerate << SWODEC_FRAC) + cells / 2) / cells);
}

bool swodec_set_gap(struct swodec *d, uint32_t bits)
{
    if (bits == 0 || bits > 1000 || d->period == 0)
        return false;
    d->gap_min = (bits * cells_per_bit(d->mode) * d->period) >> SWODEC_FRAC;
    d->settle_min = (SWODEC_GAP_BITS * cells_per_bit(d->mode) * d->period) >> SWODEC_FRAC;
    return true;
}

bool swodec_gap(const struct swodec *d)
{
    return d->gap;
}

uint64_t swodec_errors(const struct swodec_stats *s)
{
    return s->false_start + s->framing + s->symbol;
}

void swodec_set_lead_in(struct swodec *d, bool on)
{
    d->lead_in_on = on;
}

/* Counts a line error in *counter, or in stats.lead_in while the capture may have begun
 * inside a character (swodec_set_lead_in). */
static void line_error(struct swodec *d, uint64_t *counter)
{
    if (d->lead_in_on && !d->settled)
        d->stats.lead_in++;
    else
        (*counter)++;
}

/* A byte is complete: returned with its gap flag. */
static bool deliver(struct swodec *d, uint8_t *out)
{
    *out = (uint8_t)d->sr;
    d->gap = d->gap_start;
    d->gap_start = false; /* the following bytes of a Manchester burst did not follow one */
    d->stats.bytes++;
    if (d->gap)
        d->stats.gaps++;
    return true;
}

/* NRZ: the middle of cell d->cell reads s. */
static bool nrz_cell(struct swodec *d, uint8_t s, uint8_t *out)
{
    if (d->cell == 0) {
        if (s != 0) {
            line_error(d, &d->stats.false_start);
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
        line_error(d, &d->stats.framing);
        return false;
    }
    return deliver(d, out);
}

/* Manchester: the middle of cell d->cell reads s. */
static bool man_cell(struct swodec *d, uint8_t s, uint8_t *out)
{
    if (d->cell < 2) { /* the start bit, cells "1 0" */
        if (s != (d->cell == 0 ? 1 : 0)) {
            line_error(d, &d->stats.false_start);
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
            line_error(d, &d->stats.symbol);
            d->busy = false;
            return false;
        }
        d->sr |= (uint16_t)(h0 << d->nbits); /* logic 1 = high then low */
        if (++d->nbits < 8)
            return false;
        d->nbytes++;
        return deliver(d, out);
    }
    /* After a byte: the stop "0 0", or the first bit of another byte of the burst. */
    if (h0 == 0 && h1 == 0) {
        d->busy = false;
        return false;
    }
    if (h0 == h1 || d->nbytes >= SWODEC_BURST_MAX) {
        line_error(d, &d->stats.framing);
        d->busy = false;
        return false;
    }
    d->sr = h0;
    d->nbits = 1;
    return false;
}

/* The sample of cell d->cell, counted from the start edge (see swodec.h). */
static uint64_t cell_sample(const struct swodec *d)
{
    return (d->cell * d->period + d->period / 2) >> SWODEC_FRAC;
}

bool swodec_push(struct swodec *d, uint8_t level, uint8_t *out)
{
    uint8_t s = level & 1u;
    const uint8_t idle = d->mode == SWODEC_NRZ ? 1 : 0;
    d->stats.samples++;
    if (d->period == 0)
        return false; /* not initialised successfully */
    if (!d->busy) {
        bool start = d->prev == idle && s != idle;
        d->prev = s;
        if (!start) {
            d->idle = s == idle ? d->idle + 1 : 0;
            return false;
        }
        d->busy = true;
        d->gap_start = d->idle >= d->gap_min;
        d->settled |= d->idle >= d->settle_min;
        d->idle = 0;
        d->t = 0;
        d->cell = 0;
        d->next = cell_sample(d);
        d->nbits = 0;
        d->nbytes = 0;
        d->sr = 0;
        d->stats.starts++;
    }
    d->prev = s;
    bool got = false;
    if (d->t == d->next) {
        got = d->mode == SWODEC_NRZ ? nrz_cell(d, s, out) : man_cell(d, s, out);
        d->cell++;
        d->next = cell_sample(d);
    }
    d->t++;
    return got;
}

void swodec_finish(struct swodec *d)
{
    /* A Manchester burst waiting only for its stop has delivered its bytes. */
    if (d->busy && !(d->mode == SWODEC_MANCHESTER && d->nbits == 8))
        d->stats.truncated++;
    d->busy = false;
}
