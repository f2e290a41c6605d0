/* SPDX-License-Identifier: Apache-2.0 */
/* Streaming TPIU deformatter: formatter-output bytes in, (trace ID, data byte) pairs out.
 * Written from ../shared/spec/packet-protocol-facts.md section 3 and docs/tpiu-contract.md
 * sections 10 and 11 only (independently of the TPIU model and RTL).
 *
 * Synchronisation: while unsynchronised the decoder looks for the full sync FF FF FF 7F at
 * every byte offset; the byte after it starts a frame. Once synchronised the stream is read
 * as 16-bit pairs aligned to that sync:
 *   - FF 7F is a half-word sync (within or between frames) and is dropped;
 *   - FF FF followed by FF 7F is a full sync: dropped between frames; inside a frame it
 *     is an error (the partial frame is dropped) and realigns the frame to it;
 *   - any other pair is two frame bytes.
 * A full sync that ends on the first byte of a pair (the stream slipped by one byte) is an
 * error too and realigns the pairs and the frame to it. A legal frame never has FF at an
 * even position (that would be the reserved ID 0x7F), so none of these is ambiguous for
 * IDs other than 0x7F. */
#ifndef TRACEREF_SIM_DECODE_TPIUDEC_H
#define TRACEREF_SIM_DECODE_TPIUDEC_H

#include <stdbool.h>
#include <stdint.h>

#define TPIUDEC_FRAME_BYTES 16u
#define TPIUDEC_MAX_OUT 15u     /* data bytes one frame can carry */
#define TPIUDEC_NUM_IDS 128u    /* 7-bit trace IDs */
#define TPIUDEC_ID_NONE 0xFFu   /* no ID seen since the decoder synchronised */
#define TPIUDEC_ID_RES_FIRST 0x70u /* 0x70..0x7F are reserved (facts section 3) */

/* One deformatted byte. */
struct tpiudec_byte {
    uint8_t id;   /* trace source ID, 0x01..0x7F (ID 0 is padding and never emitted) */
    uint8_t data;
};

struct tpiudec_stats {
    uint64_t bytes;          /* bytes pushed */
    uint64_t frames;         /* complete frames decoded */
    uint64_t fsyncs;         /* full syncs (including the one that synchronised) */
    uint64_t hsyncs;         /* half-word syncs */
    uint64_t data;           /* data bytes emitted (sum of per_id[]) */
    uint64_t padding;        /* data bytes under ID 0x00, dropped */
    uint64_t id_bytes;       /* ID bytes read */
    uint64_t per_id[TPIUDEC_NUM_IDS]; /* data bytes emitted per ID */
    /* errors */
    uint64_t unsynced;       /* bytes before the first full sync (not counting it) */
    uint64_t no_id;          /* data bytes before any ID byte since synchronising, dropped */
    uint64_t reserved_id;    /* ID bytes naming a reserved ID 0x70..0x7F */
    uint64_t fsync_in_frame; /* full syncs inside a frame (partial frame dropped) */
    uint64_t misaligned;     /* full syncs at an odd byte offset while synchronised */
    uint64_t dropped;        /* frame bytes dropped by those two realignments */
    /* not an error: the stream simply stopped */
    uint64_t truncated;      /* bytes of a partial frame left by tpiudec_finish */
};

struct tpiudec {
    bool synced;
    uint32_t win;       /* the last four bytes, the newest in bits [7:0] */
    unsigned nwin;      /* bytes in win (0..4), counted from the last (re)alignment */
    bool half;          /* pb holds the first byte of a pair */
    uint8_t pb;
    bool ff_pend;       /* a pair FF FF was read: a full sync if FF 7F follows */
    uint8_t frame[TPIUDEC_FRAME_BYTES];
    unsigned fpos;      /* bytes of the frame received (even, 0..14, between pairs) */
    uint8_t cur_id;     /* current ID, or TPIUDEC_ID_NONE */
    struct tpiudec_stats stats;
};

void tpiudec_init(struct tpiudec *d);
/* Feeds one byte. Returns the number of (ID, data) pairs it completes, 0..TPIUDEC_MAX_OUT,
 * written to out[] in stream order. Bytes come out only when their frame is complete. */
unsigned tpiudec_push(struct tpiudec *d, uint8_t byte, struct tpiudec_byte out[TPIUDEC_MAX_OUT]);
/* End of the stream: the bytes of a partial frame (and of a pending pair) are counted in
 * stats.truncated and dropped. The decoder stays synchronised. */
void tpiudec_finish(struct tpiudec *d);
/* Sum of the error counters (unsynced, no_id, reserved_id, fsync_in_frame, misaligned). */
uint64_t tpiudec_errors(const struct tpiudec_stats *s);

#endif
