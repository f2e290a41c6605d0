/* SPDX-License-Identifier: Apache-2.0 */
/* Streaming ITM/DWT packet decoder, written independently from docs/packet-formats.md:
 * push one byte, get a completed packet. */
#ifndef TRACEREF_SIM_C_TB_COMMON_PKTDEC_H
#define TRACEREF_SIM_C_TB_COMMON_PKTDEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

enum pkt_type {
    PKT_NONE = 0, /* no packet completed by this byte */
    PKT_SYNC,
    PKT_OVF,
    PKT_LTS,  /* local timestamp (1-byte or multi-byte form) */
    PKT_GTS1, /* global timestamp 1 */
    PKT_GTS2, /* global timestamp 2 */
    PKT_EXT,  /* extension (stimulus page when sh == 0) */
    PKT_INST, /* instrumentation */
    PKT_HW,   /* hardware source */
    PKT_BAD,  /* reserved header or malformed packet */
    PKT_NTYPES
};

#define PKTDEC_MAX_BYTES 8u /* bytes kept per packet (a sync may be longer; the rest is counted) */

struct pkt {
    enum pkt_type type;
    uint8_t len;                 /* bytes kept in b[] */
    uint32_t nbytes;             /* bytes of the packet (== len except for long syncs) */
    uint8_t b[PKTDEC_MAX_BYTES]; /* raw bytes, header first */
    uint32_t port;               /* INST: port including the page (32 * page + A) */
    uint8_t size;                /* INST/HW: payload bytes 1/2/4 */
    uint32_t data;               /* INST/HW: payload; EXT: extension value */
    uint8_t disc;                /* HW: discriminator */
    uint32_t ts;                 /* LTS: timestamp value */
    uint8_t tc;                  /* LTS: TC bits */
    bool lts_short;              /* LTS: 1-byte form */
    uint64_t gts_bits;           /* GTS1: GTS[25:0] bits sent; GTS2: GTS[63:26] (value >> 26) */
    bool wrap, clkch;            /* GTS1 */
    uint64_t gts;                /* GTS1/GTS2: global timestamp reconstructed so far */
    uint8_t sh;                  /* EXT: source (0 = stimulus page) */
};

struct pktdec_stats {
    uint64_t bytes;
    uint64_t count[PKT_NTYPES];
    uint64_t truncated; /* partial packets dropped by pktdec_reset_stream */
    uint64_t lost;      /* bytes in no packet: those of BAD packets and of partial packets
                         * abandoned by a resynchronisation */
    uint64_t resyncs;   /* syncs found where the byte-wise decode did not expect one */
};

struct pktdec {
    struct pkt cur; /* packet being collected; cur.nbytes == 0 when between packets */
    unsigned need;  /* fixed-length packets: bytes still expected */
    unsigned page;  /* stimulus page, 0 after reset and after a sync */
    uint64_t gts;   /* reconstructed global timestamp */
    uint32_t zeros; /* consecutive 0x00 bytes just received, whatever packet they were in */
    struct pktdec_stats stats;
};

void pktdec_init(struct pktdec *d);
/* The stream restarted (the source was reset): drop a partial packet (counted as
 * truncated), page and timestamp state back to 0. Statistics are kept. */
void pktdec_reset_stream(struct pktdec *d);
/* True if a packet is partly received. */
bool pktdec_busy(const struct pktdec *d);
/* The same inline (the harness's ATB streams, stream.h). */
static inline bool pktdec_busy_short(const struct pktdec *d)
{
    return d->cur.nbytes != 0;
}
/* The start of an instrumentation or hardware-source packet (its header h has SS != 00:
 * AAAA_A0SS instrumentation, DDDD_D1SS hardware source; kept in p by the caller): its type,
 * payload size, port or discriminator, and the payload bytes it needs. pktdec_push and
 * pktdec_push_short both start such packets here. */
static inline void pktdec_start_src(struct pktdec *d, struct pkt *p, uint8_t h)
{
    static const uint8_t pktdec_len_of_ss[4] = {0, 1, 2, 4};
    p->size = pktdec_len_of_ss[h & 3u];
    if (h & 4u) {
        p->type = PKT_HW;
        p->disc = h >> 3;
    } else {
        p->type = PKT_INST;
        p->port = 32u * d->page + (h >> 3);
    }
    d->need = p->size;
}
/* A payload byte of such a packet, its i-th (0-based), into its data: whether it was the
 * last one. */
static inline bool pktdec_src_payload(struct pktdec *d, struct pkt *p, uint8_t byte, unsigned i)
{
    p->data |= (uint32_t)byte << (8u * i);
    return --d->need == 0;
}
/* Feeds one byte. Returns the type of the packet it completes (and fills *out; nothing else
 * is written there), or PKT_NONE. Resynchronisation: 0x80 after at least 5 zero bytes is a
 * sync packet whatever the decoder was in the middle of (after garbage, or a byte lost); the
 * partial packet it ends is dropped and its bytes counted in stats.lost, as are those of BAD
 * packets. */
enum pkt_type pktdec_push(struct pktdec *d, uint8_t byte, struct pkt *out)
    __attribute__((noinline));
/* The same, with short paths for the common bytes inline (the harness's ATB streams,
 * stream.h); they give pktdec_push's result: a byte other than 0x80 (which may end a
 * sync, or resynchronise) that is
 * - a payload byte of an instrumentation or hardware-source packet (need > 0 only there):
 *   kept (such a packet has at most 5 bytes), the data's next byte; the last one ends it;
 * - or, between packets, a header with SS != 00 (AAAA_A0SS instrumentation, DDDD_D1SS
 *   hardware source; every other header has SS == 00): the packet starts.
 * Neither is 0x00, but a payload byte may be: zeros counts it. */
static inline __attribute__((always_inline)) enum pkt_type
pktdec_push_short(struct pktdec *d, uint8_t byte, struct pkt *out)
{
    struct pkt *p = &d->cur;
    if (__builtin_expect(byte == 0x80, 0))
        return pktdec_push(d, byte, out);
    if (d->need) {
        d->stats.bytes++;
        d->zeros = byte ? 0u : d->zeros + (d->zeros < UINT32_MAX);
        const bool last = pktdec_src_payload(d, p, byte, p->nbytes - 1u);
        p->b[p->len++] = byte;
        p->nbytes++;
        if (!last)
            return PKT_NONE;
        const enum pkt_type t = p->type; /* finish: the packet out, the decoder between ones */
        d->stats.count[t]++;
        *out = *p;
        memset(p, 0, sizeof *p);
        return t;
    }
    if (p->nbytes || !(byte & 3u))
        return pktdec_push(d, byte, out);
    d->stats.bytes++;
    d->zeros = 0;
    p->b[0] = byte;
    p->len = 1;
    p->nbytes = 1;
    pktdec_start_src(d, p, byte);
    return PKT_NONE;
}

const char *pktdec_type_name(enum pkt_type t);
/* One line of text, e.g. "INST port=33 size=4 data=0xdeadbeef". Returns buf. */
char *pktdec_format(const struct pkt *p, char *buf, size_t n);
/* The raw bytes as "0b ef be ad de" (long syncs end in "..."). Returns buf. */
char *pktdec_format_bytes(const struct pkt *p, char *buf, size_t n);
/* The same texts written at o without a NUL (textput.h): return the new end. The line
 * takes at most PKTDEC_TEXT_MAX bytes, the raw bytes 3 * PKTDEC_MAX_BYTES + 4. */
#define PKTDEC_TEXT_MAX 64
char *pktdec_put(const struct pkt *p, char *o);
char *pktdec_bytes_put(const struct pkt *p, char *o);

#endif
