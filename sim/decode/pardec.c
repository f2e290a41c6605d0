/* SPDX-License-Identifier: Apache-2.0 */
/* Parallel trace port capture decoder (docs/tpiu-contract.md [TPIU-PAR-1]). */
#include "pardec.h"

#include <string.h>

#define FSYNC_BITS 0x7FFFFFFFu /* FF FF FF 7F as a little-endian word, the last bit in [31] */
#define UNIT_BITS 16u

static const uint8_t fsync_bytes[4] = {0xFF, 0xFF, 0xFF, 0x7F};

bool pardec_init(struct pardec *d, unsigned width)
{
    memset(d, 0, sizeof *d);
    if (width != 1 && width != 2 && width != 4 && width != 8)
        return false;
    d->width = width;
    d->mask = (uint8_t)((1u << width) - 1u);
    return true;
}

uint64_t pardec_errors(const struct pardec_stats *s)
{
    return s->realigns;
}

unsigned pardec_push(struct pardec *d, uint8_t sample, uint8_t out[PARDEC_MAX_OUT])
{
    unsigned n = 0;
    d->stats.samples++;
    if (d->width == 0)
        return 0; /* not initialised successfully */
    uint32_t c = sample & d->mask;
    d->sr = (d->sr >> d->width) | (c << (32u - d->width));
    if (d->aligned) {
        d->acc = (uint16_t)(d->acc | (c << d->nacc));
        d->nacc += d->width;
        d->ubits = (d->ubits + d->width) % UNIT_BITS;
        if (d->nacc == 8) {
            out[n++] = (uint8_t)d->acc;
            d->stats.bytes++;
            d->acc = 0;
            d->nacc = 0;
        }
    } else {
        d->stats.unaligned++;
    }
    if (d->sr != FSYNC_BITS)
        return n;
    if (d->aligned && d->nacc == 0 && d->ubits == 0) {
        d->stats.fsyncs++; /* on the grid already: its bytes went out normally */
        return n;
    }
    if (d->aligned) {
        d->stats.realigns++;
        if (d->nacc == 0) {
            d->ubits = 0; /* a unit slip only: the bytes are right, the deformatter realigns */
            return n;
        }
    } else {
        d->stats.fsyncs++;
    }
    /* First alignment, or a slip off the byte grid: n == 0 here (no byte completed). */
    d->aligned = true;
    d->acc = 0;
    d->nacc = 0;
    d->ubits = 0;
    memcpy(out, fsync_bytes, sizeof fsync_bytes);
    d->stats.bytes += sizeof fsync_bytes;
    return sizeof fsync_bytes;
}
