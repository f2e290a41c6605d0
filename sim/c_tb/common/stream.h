/* SPDX-License-Identifier: Apache-2.0 */
/* One side's ATB byte stream: decodes it, keeps the last packets for reports, and
 * checks the scenario's expect_atb / expect_atb_at lines against it. */
#ifndef TRACEREF_SIM_C_TB_COMMON_STREAM_H
#define TRACEREF_SIM_C_TB_COMMON_STREAM_H

#include <stdbool.h>
#include <stdint.h>

#include "log.h"
#include "pktdec.h"
#include "scenario.h"

#define STREAM_HIST 8u
#define STREAM_BYTE_HIST 32u /* bytes kept of a stream that is not decoded (TXB) */
#define STREAM_LINE 16u      /* --verbose: bytes per line of such a stream */

struct stream_hist {
    struct pkt p;
    int64_t cycle; /* cycle its first byte was transferred */
};

struct stream {
    const char *name; /* "golden" or "rtl" */
    struct pktdec dec;
    int64_t pkt_start; /* first-byte cycle of the packet being received */
    struct stream_hist hist[STREAM_HIST];
    uint64_t hist_n;
    /* a stream of bytes (TXB): its last bytes with their cycles, and the --verbose line */
    uint8_t bhist[STREAM_BYTE_HIST];
    int64_t bcycle[STREAM_BYTE_HIST];
    uint8_t line[STREAM_LINE];
    unsigned line_n;
    int64_t line_cycle;
    int64_t last_cycle; /* cycle of the last byte */
    /* expectations */
    const struct scenario *scen; /* NULL: nothing expected */
    uint8_t which;               /* enum seg_stream: SEG_ATB or SEG_TXB */
    const char *what;            /* "ATB" or "TXB", for messages */
    bool packets;                /* the bytes are ITM/DWT packets (ATB): decode them */
    bool quick;                  /* packets and nothing expected: stream_push's short path */
    uint32_t seg, seg_pos;
    char fail_msg[512];
};

void stream_init(struct stream *s, const char *name, const struct scenario *scen);
/* The same for another byte stream (SEG_TXB: the TPIU's formatter output); only the
 * scenario's segments of that stream are checked on it. */
void stream_init_kind(struct stream *s, const char *name, const struct scenario *scen,
                      enum seg_stream which);
/* The ITM was reset: the decoder drops a partial packet and its page. */
void stream_reset(struct stream *s);
/* One byte transferred at cycle (atvalid && atready). Returns false if it breaks an
 * expectation (see fail_msg). */
bool stream_push_any(struct stream *s, uint8_t byte, int64_t cycle)
    __attribute__((noinline));
/* A byte of a decoded stream (packets): decoded, and the packet it completes recorded in the
 * history (straight into its entry: pktdec_push_short writes out only then). Returns that entry,
 * or NULL. Both stream_push's short path and stream_push_any take it. */
static inline __attribute__((always_inline)) const struct stream_hist *
stream_decode(struct stream *s, uint8_t byte, int64_t cycle)
{
    if (!pktdec_busy_short(&s->dec))
        s->pkt_start = cycle;
    s->last_cycle = cycle;
    struct stream_hist *h = &s->hist[s->hist_n % STREAM_HIST];
    if (pktdec_push_short(&s->dec, byte, &h->p) == PKT_NONE)
        return NULL;
    h->cycle = s->pkt_start;
    s->hist_n++;
    return h;
}
/* The same as stream_push_any; a decoded stream with nothing to check (s->quick), without
 * --verbose, takes the short path: short = s->quick && !log_enabled(LOG_DEBUG), which a
 * caller may read once for many bytes (neither changes during a run). */
static inline __attribute__((always_inline)) bool
stream_push_short(struct stream *s, uint8_t byte, int64_t cycle, bool short_path)
{
    if (!short_path)
        return stream_push_any(s, byte, cycle);
    stream_decode(s, byte, cycle);
    return true;
}
static inline bool stream_push(struct stream *s, uint8_t byte, int64_t cycle)
{
    return stream_push_short(s, byte, cycle, s->quick && !log_enabled(LOG_DEBUG));
}
/* End of the run at cycle: false if expected bytes are missing (see fail_msg). */
bool stream_finish(struct stream *s, int64_t cycle);
/* --verbose: prints the bytes of a TXB stream not yet printed (the run ended). */
void stream_flush_verbose(struct stream *s);
/* Prints the last packets (newest last), and a packet in progress, at level lvl; for a TXB
 * stream its last bytes with the cycle each row started in. */
void stream_print_history(const struct stream *s, unsigned max, int lvl);

#endif
