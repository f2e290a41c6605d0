/* SPDX-License-Identifier: Apache-2.0 */
/* Streaming TPIU deformatter (packet-protocol-facts.md section 3). */
#include "tpiudec.h"

#include <string.h>

#define FSYNC_WORD 0xFFFFFF7Fu /* FF FF FF 7F, the first byte in bits [31:24] */
#define HELD_GAP 0x100u        /* held[]: the byte followed an idle gap */

/* Hunt decisions (tpiudec.h): frames per candidate and the lead needed. */
#define GAP_HITS 3u
#define FRAME_FRAMES 16u
#define FRAME_LEAD 8
#define FRAME_FRAMES_LONG 32u
#define FRAME_LEAD_LONG 4
#define FRAME_FRAMES_FINAL 4u /* at the end of the stream */

/* Frame structure penalties (tpiudec.h). */
#define PEN_ID_7F 4
#define PEN_ID_RESERVED 1
#define PEN_DELAYED_SAME 2
#define PEN_DELAYED_EMPTY 2
#define PEN_AUX7 1
#define PEN_REPEATED_ID 1
#define PEN_PADDING 1
#define PEN_PER_ID 2 /* per distinct ID named: a trace carries few sources */

static void hunt_reset(struct tpiudec *d)
{
    d->hn = 0;
    d->qpos = 0;
    memset(d->cand, 0, sizeof d->cand);
    for (unsigned c = 0; c < TPIUDEC_FRAME_BYTES; c++)
        d->cand[c].cur_id = TPIUDEC_ID_NONE;
}

void tpiudec_init(struct tpiudec *d)
{
    memset(d, 0, sizeof *d);
    d->cur_id = TPIUDEC_ID_NONE;
    hunt_reset(d);
}

void tpiudec_set_hunt(struct tpiudec *d, unsigned methods)
{
    d->hunt = methods & (TPIUDEC_HUNT_GAP | TPIUDEC_HUNT_FRAME);
}

void tpiudec_gap(struct tpiudec *d)
{
    d->gap_pend = true;
}

uint64_t tpiudec_stream_errors(const struct tpiudec_stats *s)
{
    return s->unsynced + s->no_id + s->fsync_in_frame + s->misaligned + s->gap_slips;
}

uint64_t tpiudec_errors(const struct tpiudec_stats *s)
{
    return tpiudec_stream_errors(s) + s->reserved_id;
}

const char *tpiudec_align_name(enum tpiudec_align a)
{
    static const char *const names[] = {"none", "full sync", "idle gap", "frame structure"};
    return (unsigned)a < sizeof names / sizeof names[0] ? names[a] : "?";
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

/* The stream is aligned from here on, found by `how`. */
static void set_aligned(struct tpiudec *d, enum tpiudec_align how, uint64_t at)
{
    if (d->stats.aligned[1] + d->stats.aligned[2] + d->stats.aligned[3] == 0)
        d->stats.aligned_at = at;
    d->stats.aligned[how]++;
    d->align = how;
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
            if (id >= TPIUDEC_ID_RES_FIRST) {
                d->stats.reserved_id++;
                d->stats.reserved_per_id[id - TPIUDEC_ID_RES_FIRST]++;
            }
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

/* A full sync was read while synchronised; it confirms or replaces the alignment. */
static void note_fsync(struct tpiudec *d)
{
    d->stats.fsyncs++;
    if (d->align != TPIUDEC_ALIGN_FSYNC)
        set_aligned(d, TPIUDEC_ALIGN_FSYNC, d->stats.bytes);
}

/* One pair of the synchronised stream. At most one frame completes per pair. */
static unsigned pair(struct tpiudec *d, uint8_t b0, uint8_t b1, struct tpiudec_byte *out)
{
    unsigned n = 0;
    if (d->ff_pend) {
        d->ff_pend = false;
        if (b0 == 0xFF && b1 == 0x7F) {
            note_fsync(d);
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

/* One byte of the synchronised stream; `gap`: the line idled before it. */
static unsigned sync_push(struct tpiudec *d, uint8_t byte, bool gap, struct tpiudec_byte *out)
{
    if (gap && d->align == TPIUDEC_ALIGN_GAP && (d->fpos != 0 || d->half || d->ff_pend)) {
        /* Aligned by gaps, a gap inside a frame: bytes were lost on the line (a TPIU that
         * bursts whole frames does not pause inside one). The frame starts here. */
        d->stats.gap_slips++;
        realign(d, &d->stats.dropped);
    }
    d->win = (d->win << 8) | byte;
    if (d->nwin < 4)
        d->nwin++;
    bool fsync = d->nwin == 4 && d->win == FSYNC_WORD;
    if (!d->half) {
        if (fsync) {
            /* A full sync ending on the first byte of a pair: the stream slipped by a byte
             * (a legal stream cannot show this, facts section 3 inference). Its first three
             * bytes went into pairs already; give up what was collected and realign. */
            note_fsync(d);
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

/* Synchronised at a full sync just read (or at a hunt's chosen frame start). */
static void start_frames(struct tpiudec *d)
{
    d->synced = true;
    d->cur_id = TPIUDEC_ID_NONE;
    d->fpos = 0;
    d->half = false;
    d->ff_pend = false;
    d->nwin = 0;
}

/* ---- hunting: alignment without a full sync ------------------------------------------ */

/* Frame structure score of a candidate's complete frame (tpiudec.h); updates its ID. */
static int32_t frame_score(struct tpiudec_cand *k)
{
    const uint8_t *f = k->frame;
    const uint8_t aux = f[15];
    const bool after_padding = k->cur_id == 0;
    int32_t pen = 0;
    for (unsigned i = 0; i < 8; i++) {
        const uint8_t e = f[2 * i];
        const unsigned a = (aux >> i) & 1u;
        if (!(e & 1u)) {
            if (k->cur_id == 0 && ((e & 0xFEu) | a) != 0)
                pen += PEN_PADDING;
            if (i < 7 && k->cur_id == 0 && f[2 * i + 1] != 0)
                pen += PEN_PADDING;
            continue;
        }
        const uint8_t id = (uint8_t)(e >> 1);
        k->ids[id / 64] |= 1ull << (id % 64);
        if (id == 0x7F)
            pen += PEN_ID_7F;
        else if (id >= TPIUDEC_ID_RES_FIRST)
            pen += PEN_ID_RESERVED;
        if (i < 7 && a) { /* delayed change: byte 2i+1 belongs to the old ID */
            if (id == k->cur_id)
                pen += PEN_DELAYED_SAME;
            /* the new ID gets no byte if an immediate change follows at once (a delayed
             * one is fine: its odd byte still goes to this ID) */
            if (i < 7 && (f[2 * i + 2] & 1u) && (i + 1 == 7 || !((aux >> (i + 1)) & 1u)))
                pen += PEN_DELAYED_EMPTY;
            if (k->cur_id == 0 && f[2 * i + 1] != 0)
                pen += PEN_PADDING;
            k->cur_id = id;
        } else {
            if (i == 7 && a)
                pen += PEN_AUX7;
            if (i > 0 && id == k->cur_id)
                pen += PEN_REPEATED_ID;
            k->cur_id = id;
            if (i < 7 && id == 0 && f[2 * i + 1] != 0)
                pen += PEN_PADDING;
        }
    }
    return pen == 0 ? 1 + (after_padding && (f[0] & 1u)) : -pen;
}

/* Held byte i (held[i] = byte, gap flag) read by every candidate that has started. */
static void cands_push(struct tpiudec *d, unsigned i)
{
    const uint8_t byte = (uint8_t)d->held[i];
    const bool gap = d->held[i] & HELD_GAP;
    for (unsigned c = 0; c < TPIUDEC_FRAME_BYTES && c <= i; c++) {
        struct tpiudec_cand *k = &d->cand[c];
        if (gap) {
            if (k->fpos == 0 && !k->half)
                k->gap_hits++;
            else
                k->gap_misses++;
        }
        if (!k->half) {
            k->pb = byte;
            k->half = true;
            continue;
        }
        k->half = false;
        if (k->pb == 0xFF && byte == 0x7F)
            continue; /* half-word sync */
        k->frame[k->fpos++] = k->pb;
        k->frame[k->fpos++] = byte;
        if (k->fpos == TPIUDEC_FRAME_BYTES) {
            k->score += frame_score(k);
            k->frames++;
            k->fpos = 0;
        }
    }
}

static unsigned popcount64(uint64_t v)
{
    unsigned n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

/* A candidate's frame structure score, its IDs' share included. */
static int32_t cand_score(const struct tpiudec_cand *k)
{
    return k->score - PEN_PER_ID * (int32_t)(popcount64(k->ids[0]) + popcount64(k->ids[1]));
}

/* The candidate the hunt chooses now (or -1), and how; `final`: the stream ended. */
static int hunt_decide(const struct tpiudec *d, bool final, enum tpiudec_align *how)
{
    const unsigned started = d->hn < TPIUDEC_FRAME_BYTES ? d->hn : TPIUDEC_FRAME_BYTES;
    if (d->hunt & TPIUDEC_HUNT_GAP) {
        int pick = -1;
        unsigned eligible = 0;
        for (unsigned c = 0; c < started; c++)
            if (d->cand[c].gap_hits > 0 && d->cand[c].gap_misses == 0) {
                eligible++;
                pick = (int)c;
            }
        if (eligible == 1 && (final || d->cand[pick].gap_hits >= GAP_HITS)) {
            *how = TPIUDEC_ALIGN_GAP;
            return pick;
        }
    }
    if ((d->hunt & TPIUDEC_HUNT_FRAME) && started == TPIUDEC_FRAME_BYTES) {
        uint32_t minf = UINT32_MAX;
        int best = 0;
        int32_t sc[TPIUDEC_FRAME_BYTES];
        for (unsigned c = 0; c < TPIUDEC_FRAME_BYTES; c++) {
            if (d->cand[c].frames < minf)
                minf = d->cand[c].frames;
            sc[c] = cand_score(&d->cand[c]);
            if (sc[c] > sc[best])
                best = (int)c;
        }
        int32_t second = INT32_MIN;
        for (unsigned c = 0; c < TPIUDEC_FRAME_BYTES; c++)
            if ((int)c != best && sc[c] > second)
                second = sc[c];
        const int32_t lead = sc[best] - second;
        bool ok = final ? minf >= FRAME_FRAMES_FINAL && lead >= FRAME_LEAD_LONG
                        : (minf >= FRAME_FRAMES && lead >= FRAME_LEAD) ||
                              (minf >= FRAME_FRAMES_LONG && lead >= FRAME_LEAD_LONG);
        if (ok) {
            *how = TPIUDEC_ALIGN_FRAME;
            return best;
        }
    }
    return -1;
}

/* Decodes held bytes from the queue until a frame completes (at most TPIUDEC_MAX_OUT
 * outputs) or the queue is empty. */
static unsigned queue_drain(struct tpiudec *d, struct tpiudec_byte *out)
{
    unsigned n = 0;
    while (n == 0 && d->qpos < d->hn) {
        const uint16_t v = d->held[d->qpos++];
        n = sync_push(d, (uint8_t)v, v & HELD_GAP, out);
    }
    if (d->qpos == d->hn)
        d->qpos = d->hn = 0;
    return n;
}

/* The hunt chose candidate c: the bytes before it (a cut frame) are lost, those from it
 * are queued. */
static unsigned hunt_commit(struct tpiudec *d, int c, enum tpiudec_align how,
                            struct tpiudec_byte *out)
{
    d->stats.lead_in += (unsigned)c;
    start_frames(d);
    set_aligned(d, how, d->hbase + (unsigned)c);
    d->qpos = (unsigned)c;
    memset(d->cand, 0, sizeof d->cand);
    return queue_drain(d, out);
}

static unsigned hunt_push(struct tpiudec *d, uint8_t byte, bool gap, struct tpiudec_byte *out)
{
    d->win = (d->win << 8) | byte;
    if (d->nwin < 4)
        d->nwin++;
    if (d->nwin == 4 && d->win == FSYNC_WORD) {
        /* The held bytes are lost, but for the sync's first three (one hunt restart may
         * have counted some of those already: they are counted once either way). */
        d->stats.unsynced += d->hn;
        d->stats.unsynced -= 3;
        d->stats.fsyncs++;
        hunt_reset(d);
        start_frames(d);
        set_aligned(d, TPIUDEC_ALIGN_FSYNC, d->stats.bytes);
        return 0;
    }
    if (d->hn == 0)
        d->hbase = d->stats.bytes - 1;
    d->held[d->hn] = (uint16_t)(byte | (gap ? HELD_GAP : 0u));
    cands_push(d, d->hn++);
    enum tpiudec_align how;
    int c = hunt_decide(d, false, &how);
    if (c >= 0)
        return hunt_commit(d, c, how, out);
    if (d->hn == TPIUDEC_HUNT_BYTES) {
        d->stats.unsynced += d->hn;
        hunt_reset(d);
    }
    return 0;
}

/* ---- the byte interface ----------------------------------------------------------------- */

unsigned tpiudec_push(struct tpiudec *d, uint8_t byte, struct tpiudec_byte out[TPIUDEC_MAX_OUT])
{
    const bool gap = d->gap_pend;
    d->gap_pend = false;
    d->stats.bytes++;
    if (gap)
        d->stats.gaps++;
    if (!d->synced && d->hunt)
        return hunt_push(d, byte, gap, out);
    if (!d->synced) {
        d->win = (d->win << 8) | byte;
        if (d->nwin < 4)
            d->nwin++;
        d->stats.unsynced++;
        if (d->nwin == 4 && d->win == FSYNC_WORD) {
            d->stats.unsynced -= 4; /* the sync's own bytes */
            d->stats.fsyncs++;
            start_frames(d);
            set_aligned(d, TPIUDEC_ALIGN_FSYNC, d->stats.bytes);
        }
        return 0;
    }
    if (d->qpos < d->hn) {
        /* Held bytes still queued: this one goes behind them. A frame or more was decoded
         * from the queue at every push since, so there is room once the queue is moved. */
        if (d->hn == TPIUDEC_HUNT_BYTES) {
            memmove(d->held, d->held + d->qpos, (d->hn - d->qpos) * sizeof d->held[0]);
            d->hn -= d->qpos;
            d->qpos = 0;
        }
        d->held[d->hn++] = (uint16_t)(byte | (gap ? HELD_GAP : 0u));
        return queue_drain(d, out);
    }
    return sync_push(d, byte, gap, out);
}

unsigned tpiudec_drain(struct tpiudec *d, struct tpiudec_byte out[TPIUDEC_MAX_OUT])
{
    if (!d->synced && d->hunt && d->hn > 0) {
        enum tpiudec_align how;
        int c = hunt_decide(d, true, &how);
        if (c < 0)
            return 0;
        return hunt_commit(d, c, how, out);
    }
    return d->synced ? queue_drain(d, out) : 0;
}

void tpiudec_finish(struct tpiudec *d)
{
    if (!d->synced) {
        d->stats.unsynced += d->hn; /* an undecided hunt */
        hunt_reset(d);
        return;
    }
    d->stats.truncated += d->hn - d->qpos; /* held bytes not drained */
    d->hn = d->qpos = 0;
    realign(d, &d->stats.truncated);
}
