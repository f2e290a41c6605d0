/* SPDX-License-Identifier: Apache-2.0 */
/* One side's ATB byte stream: decode, history, expectations. */
#include "stream.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "log.h"

void stream_init_kind(struct stream *s, const char *name, const struct scenario *scen,
                      enum seg_stream which)
{
    memset(s, 0, sizeof *s);
    s->name = name;
    s->scen = scen;
    s->which = (uint8_t)which;
    s->what = which == SEG_TXB ? "TXB" : which == SEG_ETM ? "ETM" : "ATB";
    s->packets = which == SEG_ATB;
    s->quick = s->packets && !scen;
    pktdec_init(&s->dec);
}

void stream_init(struct stream *s, const char *name, const struct scenario *scen)
{
    stream_init_kind(s, name, scen, SEG_ATB);
}

void stream_reset(struct stream *s)
{
    pktdec_reset_stream(&s->dec);
}

/* The segment being checked: the next one of this stream (others are skipped). */
static const struct expect_seg *cur_seg(struct stream *s)
{
    if (!s->scen)
        return NULL;
    while (s->seg < s->scen->nseg && s->scen->seg[s->seg].stream != s->which)
        s->seg++;
    if (s->seg >= s->scen->nseg)
        return NULL;
    return &s->scen->seg[s->seg];
}

bool stream_push_any(struct stream *s, uint8_t byte, int64_t cycle)
{
    uint64_t index = s->dec.stats.bytes; /* 0-based byte number of this byte */
    if (!s->packets) { /* TPIU frames: counted, kept and checked, not decoded as packets */
        if (!pktdec_busy(&s->dec))
            s->pkt_start = cycle;
        s->last_cycle = cycle;
        s->bhist[index % STREAM_BYTE_HIST] = byte;
        s->bcycle[index % STREAM_BYTE_HIST] = cycle;
        s->dec.stats.bytes++;
        if (log_enabled(LOG_DEBUG)) {
            if (s->line_n == 0)
                s->line_cycle = cycle;
            s->line[s->line_n++] = byte;
            if (s->line_n == STREAM_LINE)
                stream_flush_verbose(s);
        }
    } else {
        const struct stream_hist *h = stream_decode(s, byte, cycle);
        if (h && log_enabled(LOG_DEBUG)) {
            char txt[128], hex[40];
            log_msg(LOG_DEBUG, "cycle %8" PRId64 "  %-6s packet %-40s [%s]\n", h->cycle,
                    s->name, pktdec_format(&h->p, txt, sizeof txt),
                    pktdec_format_bytes(&h->p, hex, sizeof hex));
        }
    }
    const struct expect_seg *g = cur_seg(s);
    if (!g)
        return true;
    uint8_t want = s->scen->bytes[g->off + s->seg_pos];
    if (s->seg_pos == 0 && g->has_cycle && cycle != g->cycle) {
        snprintf(s->fail_msg, sizeof s->fail_msg,
                 "%s:%" PRIu32 ": check failed at cycle %" PRId64 ": %s %s byte #%" PRIu64
                 " (0x%02x, expected 0x%02x) transferred at cycle %" PRId64
                 ", expected at cycle %" PRId64,
                 s->scen->path, g->line, cycle, s->name, s->what, index, byte, want, cycle, g->cycle);
        return false;
    }
    if (byte != want) {
        snprintf(s->fail_msg, sizeof s->fail_msg,
                 "%s:%" PRIu32 ": check failed at cycle %" PRId64 ": %s %s byte #%" PRIu64
                 " is 0x%02x, expected 0x%02x (byte %" PRIu32 " of the line)",
                 s->scen->path, g->line, cycle, s->name, s->what, index, byte, want, s->seg_pos);
        return false;
    }
    if (++s->seg_pos == g->len) {
        s->seg++;
        s->seg_pos = 0;
    }
    return true;
}

bool stream_finish(struct stream *s, int64_t cycle)
{
    stream_flush_verbose(s);
    const struct expect_seg *g = cur_seg(s);
    if (!g)
        return true;
    char rest[96] = "";
    size_t pos = 0;
    for (uint32_t i = s->seg_pos; i < g->len && pos + 8 < sizeof rest; i++)
        pos += (size_t)snprintf(rest + pos, sizeof rest - pos, " 0x%02x", s->scen->bytes[g->off + i]);
    if (g->len - s->seg_pos > 12)
        snprintf(rest + pos, sizeof rest - pos, " ...");
    snprintf(s->fail_msg, sizeof s->fail_msg,
             "%s:%" PRIu32 ": check failed at the end of the run (cycle %" PRId64
             "): %s %s stream ended after %" PRIu64 " bytes; still expected:%s%s",
             s->scen->path, g->line, cycle, s->name, s->what, s->dec.stats.bytes, rest,
             s->which == SEG_TXB ? " (the run ends with its last event; `wait_idle tpiu=1` "
                                   "waits until the TPIU has sent everything)"
                                 : "");
    return false;
}

void stream_flush_verbose(struct stream *s)
{
    if (s->line_n == 0 || !log_enabled(LOG_DEBUG))
        return;
    char hex[3 * STREAM_LINE + 1];
    for (unsigned i = 0; i < s->line_n; i++) /* "xx", then " xx" each */
        snprintf(hex + (i ? 3 * i - 1 : 0), sizeof hex - (i ? 3 * i - 1 : 0), "%s%02x",
                 i ? " " : "", s->line[i]);
    log_msg(LOG_DEBUG, "cycle %8" PRId64 "  %-6s %s bytes %s\n", s->line_cycle, s->name, s->what,
            hex);
    s->line_n = 0;
}

/* The last bytes of a TXB stream, 8 a row, each row with the cycle its first byte started. */
static void print_byte_history(const struct stream *s, int lvl)
{
    const uint64_t total = s->dec.stats.bytes;
    const uint64_t n = total < STREAM_BYTE_HIST ? total : STREAM_BYTE_HIST;
    log_msg((enum log_level)lvl,
            "  last %" PRIu64 " bytes of the %s TPIU formatter output (txb_o; %" PRIu64
            " bytes in all):\n", n, s->name, total);
    for (uint64_t i = total - n; i < total; i += 8) {
        char hex[3 * 8 + 1];
        unsigned k = 0;
        for (; k < 8 && i + k < total; k++) /* "xx", then " xx" each */
            snprintf(hex + (k ? 3 * k - 1 : 0), sizeof hex - (k ? 3 * k - 1 : 0), "%s%02x",
                     k ? " " : "", s->bhist[(i + k) % STREAM_BYTE_HIST]);
        char cyc[48];
        snprintf(cyc, sizeof cyc, "%" PRId64 "..%" PRId64, s->bcycle[i % STREAM_BYTE_HIST],
                 s->bcycle[(i + k - 1) % STREAM_BYTE_HIST]);
        log_msg((enum log_level)lvl, "    cycles %-16s byte #%-8" PRIu64 " [%s]\n", cyc, i, hex);
    }
}

void stream_print_history(const struct stream *s, unsigned max, int lvl)
{
    if (!s->packets) {
        print_byte_history(s, lvl);
        return;
    }
    uint64_t n = s->hist_n < max ? s->hist_n : max;
    if (n > STREAM_HIST)
        n = STREAM_HIST;
    log_msg((enum log_level)lvl, "  last %" PRIu64 " packets on the %s ATB stream (%" PRIu64
            " bytes, %" PRIu64 " packets in all):\n", n, s->name, s->dec.stats.bytes,
            s->hist_n);
    for (uint64_t i = s->hist_n - n; i < s->hist_n; i++) {
        const struct stream_hist *h = &s->hist[i % STREAM_HIST];
        char txt[128], hex[40];
        log_msg((enum log_level)lvl, "    cycle %8" PRId64 "  %-52s [%s]\n", h->cycle,
                pktdec_format(&h->p, txt, sizeof txt), pktdec_format_bytes(&h->p, hex, sizeof hex));
    }
    if (pktdec_busy(&s->dec)) {
        char hex[40];
        log_msg((enum log_level)lvl, "    cycle %8" PRId64 "  %-52s [%s]\n",
                s->pkt_start, "(in progress)", pktdec_format_bytes(&s->dec.cur, hex, sizeof hex));
    }
}
