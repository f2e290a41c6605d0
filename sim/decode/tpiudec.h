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
 * IDs other than 0x7F.
 *
 * Alignment without a full sync (tpiudec_set_hunt; off after tpiudec_init): a capture that
 * starts mid-stream may hold no full sync at all (a TPIU sends one after reset and when a
 * periodic sync is due; facts section 3). Then, while no full sync has been seen, the
 * decoder holds the bytes (up to TPIUDEC_HUNT_BYTES) and tries the 16 candidate frame
 * starts among them, each read as the synchronised stream would be (pairs, half-word syncs
 * dropped), and chooses one by
 *   - idle gaps (TPIUDEC_HUNT_GAP): the line layer reports, with tpiudec_gap, that the line
 *     idled before a byte. A TPIU that sends each frame (or run of frames) as one burst
 *     starts a frame after every gap, so the candidate at a frame boundary at every gap
 *     wins: at least three gaps and none inside one of its frames, while every other
 *     candidate had one inside a frame. Once aligned so, a later gap inside a frame means
 *     the line lost bytes: the partial frame is dropped and the frame realigned to the
 *     gap (stats.gap_slips, an error).
 *   - the frame structure (TPIUDEC_HUNT_FRAME): each complete frame of a candidate is
 *     scored. Penalties: an even byte FF (ID 0x7F), a reserved ID 0x70..0x7E, a delayed ID
 *     change (aux bit 1) to the current ID or to an ID that gets no byte (an immediate
 *     change follows at once), an ID byte repeating the current ID after byte 0, aux bit 7
 *     set under an ID in byte 14, and non-zero data under ID 0 (padding is 0x00). A frame
 *     without any scores 1, or 2 if it opens with an ID byte after padding (a burst after a
 *     pause); every distinct ID named costs 2 (a trace carries few sources). Even data
 *     bytes have bit 0 clear, so at an odd offset the odd data bytes read as ID bytes and
 *     these rules fail; at a wrong even offset only the ID bytes, the padding and the aux
 *     bits they meet tell, so traffic of one ID without padding cannot be aligned this way
 *     (and is not: the hunt stays undecided). The best candidate wins once every candidate
 *     has 16 frames and it leads the next by 8 points, or 32 frames and 4 points (at the
 *     end of the stream: 4 frames and 4 points).
 * A full sync, when one comes, still wins: it (re)aligns as above. The bytes before the
 * chosen frame start are counted in stats.lead_in (the capture began inside that frame,
 * like stats.truncated at the end: no error); the held bytes after it are then
 * decoded, at most one frame per tpiudec_push (so the output bound holds), the rest at the
 * end of the stream by tpiudec_drain. If no candidate wins before the buffer is full, the
 * held bytes are counted as unsynced and the hunt starts again. */
#ifndef TRACEREF_SIM_DECODE_TPIUDEC_H
#define TRACEREF_SIM_DECODE_TPIUDEC_H

#include <stdbool.h>
#include <stdint.h>

#define TPIUDEC_FRAME_BYTES 16u
#define TPIUDEC_MAX_OUT 15u     /* data bytes one frame can carry */
#define TPIUDEC_NUM_IDS 128u    /* 7-bit trace IDs */
#define TPIUDEC_ID_NONE 0xFFu   /* no ID seen since the decoder synchronised */
#define TPIUDEC_ID_RES_FIRST 0x70u /* 0x70..0x7F are reserved (facts section 3) */
#define TPIUDEC_NUM_RES_IDS 16u
#define TPIUDEC_HUNT_BYTES 1024u /* bytes held while looking for the alignment */

/* tpiudec_set_hunt: ways to find the frame alignment besides a full sync. */
#define TPIUDEC_HUNT_GAP 1u   /* idle gaps on the line (tpiudec_gap) */
#define TPIUDEC_HUNT_FRAME 2u /* the frame structure */

/* How the current frame alignment was found. */
enum tpiudec_align {
    TPIUDEC_ALIGN_NONE = 0, /* not aligned */
    TPIUDEC_ALIGN_FSYNC,    /* a full sync */
    TPIUDEC_ALIGN_GAP,      /* idle gaps between bursts */
    TPIUDEC_ALIGN_FRAME,    /* the frame structure */
};

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
    uint64_t gaps;           /* idle gaps reported by tpiudec_gap */
    uint64_t aligned[4];     /* alignments found, by enum tpiudec_align (a full sync that
                              * confirms an alignment counts too) */
    uint64_t aligned_at;     /* byte offset (in the stream) of the first frame start found */
    /* errors */
    uint64_t unsynced;       /* bytes before the first alignment (not counting a full sync) */
    uint64_t no_id;          /* data bytes before any ID byte since synchronising, dropped */
    uint64_t reserved_id;    /* ID bytes naming a reserved ID 0x70..0x7F */
    uint64_t reserved_per_id[TPIUDEC_NUM_RES_IDS]; /* reserved_id by ID, [id - 0x70] */
    uint64_t fsync_in_frame; /* full syncs inside a frame (partial frame dropped) */
    uint64_t misaligned;     /* full syncs at an odd byte offset while synchronised */
    uint64_t gap_slips;      /* idle gaps inside a frame after a gap alignment (realigned) */
    uint64_t dropped;        /* frame bytes dropped by those three realignments */
    /* not errors: the capture cut a frame */
    uint64_t lead_in;        /* bytes before the first frame start a hunt found (fewer than
                              * a frame: the capture began inside one) */
    uint64_t truncated;      /* bytes of a partial frame left by tpiudec_finish */
};

/* A candidate frame start while hunting: the stream from there read as frames. */
struct tpiudec_cand {
    uint8_t frame[TPIUDEC_FRAME_BYTES];
    uint8_t fpos;        /* bytes of the frame received */
    bool half;           /* pb holds the first byte of a pair */
    uint8_t pb;
    uint8_t cur_id;      /* the ID the frames so far leave current */
    uint64_t ids[2];     /* the IDs its ID bytes named */
    int32_t score;       /* frame structure score, without the IDs' share */
    uint32_t frames;     /* complete frames */
    uint32_t gap_hits;   /* gaps at one of its frame boundaries */
    uint32_t gap_misses; /* gaps inside one of its frames */
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
    unsigned hunt;      /* TPIUDEC_HUNT_* */
    enum tpiudec_align align;
    bool gap_pend;      /* tpiudec_gap: the next byte followed an idle gap */
    /* Held bytes (bits [7:0], bit 8 = it followed a gap): while hunting, those since the
     * hunt (re)started, candidate c starting at held[c]; after a decision, the queue
     * held[qpos..hn) still to decode. */
    uint16_t held[TPIUDEC_HUNT_BYTES];
    unsigned hn, qpos;
    uint64_t hbase;     /* stream offset of held[0] */
    struct tpiudec_cand cand[TPIUDEC_FRAME_BYTES];
    struct tpiudec_stats stats;
};

void tpiudec_init(struct tpiudec *d);
/* Enables alignment without a full sync: TPIUDEC_HUNT_GAP and/or TPIUDEC_HUNT_FRAME (0:
 * full syncs only, the default). Call before the first byte. */
void tpiudec_set_hunt(struct tpiudec *d, unsigned methods);
/* The line idled (for the line layer's idle-gap time) before the byte pushed next. */
void tpiudec_gap(struct tpiudec *d);
/* Feeds one byte. Returns the number of (ID, data) pairs it completes, 0..TPIUDEC_MAX_OUT,
 * written to out[] in stream order. Bytes come out only when their frame is complete. */
unsigned tpiudec_push(struct tpiudec *d, uint8_t byte, struct tpiudec_byte out[TPIUDEC_MAX_OUT]);
/* End of the stream, before tpiudec_finish, when hunting is enabled: a hunt still
 * undecided chooses with what it has (a single candidate with gaps at its boundaries only,
 * or the end-of-stream lead), and the held bytes are decoded, one frame per call. Call
 * until it returns 0. */
unsigned tpiudec_drain(struct tpiudec *d, struct tpiudec_byte out[TPIUDEC_MAX_OUT]);
/* End of the stream: the bytes of a partial frame (and of a pending pair, and any held
 * bytes not drained) are counted in stats.truncated and dropped; bytes of an undecided
 * hunt in stats.unsynced. The decoder stays synchronised. */
void tpiudec_finish(struct tpiudec *d);
/* Sum of the error counters (unsynced, no_id, reserved_id, fsync_in_frame, misaligned,
 * gap_slips). */
uint64_t tpiudec_errors(const struct tpiudec_stats *s);
/* The errors no single trace ID owns: tpiudec_errors without reserved_id. */
uint64_t tpiudec_stream_errors(const struct tpiudec_stats *s);
/* "full sync", "idle gap", "frame structure" or "none". */
const char *tpiudec_align_name(enum tpiudec_align a);

#endif
