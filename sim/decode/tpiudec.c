/* SPDX-License-Identifier: Apache-2.0 */
/* Streaming TPIU deformatter (packet-protocol-facts.md section 3). */
#include "tpiudec.h"

#include <string.h>

#define FSYNC_WORD 0xFFFFFF7Fu /* FF FF FF 7F, the first byte in bits [31:24] */

void tpiudec_init(struct tpiudec *d)
{
    memset(d, 0, sizeof *d);
    d->cur_id = TPIUDEC_ID_NONE;
}

uint64_t tpiudec_errors(const struct tpiudec_stats *s)
{
    return s->unsynced + s->no_id + s->reserved_id + s->fsync_in_frame + s->misaligned;
}

/* Pair, frame and lookahead state back to "at a frame boundary, right after a full sync".
 * The bytes so given up are counted in *count. */
static void realign(struct tpiudec *d, uint64_t *count)
{
    *count += d->fpos + (d->half ? 1u : 0u) + (d->ff_pend ? 2u : 0u);
    d->fpos = 0;
    d->half = false;
    d->ff_pend = false;
    d->nwin = 0;
}

static void emit(struct tpiudec *d, uint8_t data, struct tpiudec_byte *out, unsigned *n)
{
    if (d->cur_id == TPIUDEC_ID_NONE) {
        d->stats.no_id++;
        return;
    }
    if (d->cur_id == 0x00) {
        d->stats.padding++; /* facts section 3: data under ID 0 is padding */
        return;
    }
    d->stats.data++;
    d->stats.per_id[d->cur_id]++;
    out[*n].id = d->cur_id;
    out[*n].data = data;
    (*n)++;
}

/* Decodes a complete frame (facts section 3): byte 15 holds aux bit k for byte 2k. */
static unsigned frame_decode(struct tpiudec *d, struct tpiudec_byte *out)
{
    const uint8_t *f = d->frame;
    uint8_t aux = f[15];
    unsigned n = 0;
    d->stats.frames++;
    for (unsigned k = 0; k < 8; k++) {
        uint8_t e = f[2 * k];
        unsigned a = (aux >> k) & 1u;
        bool has_odd = k < 7; /* byte 15 is the aux byte, not data */
        if (e & 1u) {
            uint8_t id = (uint8_t)(e >> 1);
            d->stats.id_bytes++;
            if (id >= TPIUDEC_ID_RES_FIRST)
                d->stats.reserved_id++;
            if (has_odd && a) {
                /* Delayed change: byte 2k+1 still belongs to the previous ID. */
                emit(d, f[2 * k + 1], out, &n);
                d->cur_id = id;
            } else {
                /* Immediate change; in byte 14 the aux bit has no effect. */
                d->cur_id = id;
                if (has_odd)
                    emit(d, f[2 * k + 1], out, &n);
            }
        } else {
            emit(d, (uint8_t)((e & 0xFEu) | a), out, &n);
            if (has_odd)
                emit(d, f[2 * k + 1], out, &n);
        }
    }
    d->fpos = 0;
    return n;
}

static unsigned frame_pair(struct tpiudec *d, uint8_t b0, uint8_t b1, struct tpiudec_byte *out)
{
    d->frame[d->fpos++] = b0;
    d->frame[d->fpos++] = b1;
    return d->fpos == TPIUDEC_FRAME_BYTES ? frame_decode(d, out) : 0;
}

/* One pair of the synchronised stream. At most one frame completes per pair. */
static unsigned pair(struct tpiudec *d, uint8_t b0, uint8_t b1, struct tpiudec_byte *out)
{
    unsigned n = 0;
    if (d->ff_pend) {
        d->ff_pend = false;
        if (b0 == 0xFF && b1 == 0x7F) {
            d->stats.fsyncs++;
            if (d->fpos != 0) {
                /* OCSD-FRM treats a full sync inside a frame as an error. */
                d->stats.fsync_in_frame++;
                realign(d, &d->stats.dropped);
            }
            return 0;
        }
        /* Not a sync: FF FF was frame data (ID 0x7F, reserved, with data FF). */
        n = frame_pair(d, 0xFF, 0xFF, out);
    }
    if (b0 == 0xFF && b1 == 0x7F) {
        d->stats.hsyncs++;
        return n;
    }
    if (b0 == 0xFF && b1 == 0xFF) {
        d->ff_pend = true;
        return n;
    }
    /* n != 0 only if FF FF completed a frame, and then this pair starts the next one. */
    return n + frame_pair(d, b0, b1, out + n);
}

unsigned tpiudec_push(struct tpiudec *d, uint8_t byte, struct tpiudec_byte out[TPIUDEC_MAX_OUT])
{
    d->stats.bytes++;
    d->win = (d->win << 8) | byte;
    if (d->nwin < 4)
        d->nwin++;
    bool fsync = d->nwin == 4 && d->win == FSYNC_WORD;
    if (!d->synced) {
        d->stats.unsynced++;
        if (fsync) {
            d->stats.unsynced -= 4; /* the sync's own bytes */
            d->stats.fsyncs++;
            d->synced = true;
            d->cur_id = TPIUDEC_ID_NONE;
            d->fpos = 0;
            d->half = false;
            d->ff_pend = false;
            d->nwin = 0;
        }
        return 0;
    }
    if (!d->half) {
        if (fsync) {
            /* A full sync ending on the first byte of a pair: the stream slipped by a byte
             * (a legal stream cannot show this, facts section 3 inference). Its first three
             * bytes went into pairs already; give up what was collected and realign. */
            d->stats.fsyncs++;
            d->stats.misaligned++;
            realign(d, &d->stats.dropped);
            return 0;
        }
        d->pb = byte;
        d->half = true;
        return 0;
    }
    d->half = false;
    return pair(d, d->pb, byte, out);
}

void tpiudec_finish(struct tpiudec *d)
{
    if (d->synced)
        realign(d, &d->stats.truncated);
}
