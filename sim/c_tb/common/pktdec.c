/* SPDX-License-Identifier: Apache-2.0 */
/* Streaming ITM/DWT packet decoder (docs/packet-formats.md). */
#include "pktdec.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "textput.h"

/* Sync: at least 47 zero bits then a one, i.e. >= 5 zero bytes then 0x80 (B14.1.5). */
#define SYNC_MIN_ZERO_BYTES 5u

void pktdec_init(struct pktdec *d)
{
    memset(d, 0, sizeof *d);
}

void pktdec_reset_stream(struct pktdec *d)
{
    if (d->cur.nbytes)
        d->stats.truncated++;
    memset(&d->cur, 0, sizeof d->cur);
    d->need = 0;
    d->page = 0;
    d->gts = 0;
    d->zeros = 0;
}

bool pktdec_busy(const struct pktdec *d)
{
    return d->cur.nbytes != 0;
}

static void keep(struct pkt *p, uint8_t byte)
{
    if (p->len < PKTDEC_MAX_BYTES)
        p->b[p->len++] = byte;
    p->nbytes++;
}

static enum pkt_type finish(struct pktdec *d, enum pkt_type t, struct pkt *out)
{
    d->cur.type = t;
    d->stats.count[t]++;
    if (t == PKT_BAD)
        d->stats.lost += d->cur.nbytes;
    if (t == PKT_SYNC)
        d->page = 0; /* packet-formats.md: "The decoder's page is 0 after a sync" */
    *out = d->cur;
    memset(&d->cur, 0, sizeof d->cur);
    d->need = 0;
    return t;
}

/* Classifies a header byte and starts the packet; returns a completed 1-byte packet. */
static enum pkt_type start(struct pktdec *d, uint8_t h, struct pkt *out)
{
    struct pkt *p = &d->cur;
    keep(p, h);
    if (h == 0x00) {
        p->type = PKT_SYNC;
        return PKT_NONE;
    }
    if (h == 0x70)
        return finish(d, PKT_OVF, out);
    if ((h & 0x0F) == 0x00) {
        if ((h & 0x80) == 0) { /* 0TTT_0000, TTT 1..6 (0 is sync, 7 overflow) */
            p->ts = (h >> 4) & 7u;
            p->lts_short = true;
            return finish(d, PKT_LTS, out);
        }
        if ((h & 0xC0) == 0xC0) { /* 11TC_0000 */
            p->type = PKT_LTS;
            p->tc = (h >> 4) & 3u;
            return PKT_NONE;
        }
        return finish(d, PKT_BAD, out); /* 0x80, 0x90, 0xA0, 0xB0: reserved */
    }
    if ((h & 0x0F) == 0x04) { /* xxxx_0100 */
        if (h == 0x94) {
            p->type = PKT_GTS1;
            return PKT_NONE;
        }
        if (h == 0xB4) {
            p->type = PKT_GTS2;
            return PKT_NONE;
        }
        return finish(d, PKT_BAD, out);
    }
    if ((h & 0x0B) == 0x08) { /* CEEE_1S00: extension */
        p->data = (h >> 4) & 7u;
        p->sh = (h >> 2) & 1u;
        p->type = PKT_EXT;
        if (h & 0x80)
            return PKT_NONE;
        if (p->sh == 0)
            d->page = p->data;
        return finish(d, PKT_EXT, out);
    }
    pktdec_start_src(d, p, h); /* SS != 00 */
    return PKT_NONE;
}

enum pkt_type pktdec_push(struct pktdec *d, uint8_t byte, struct pkt *out)
{
    struct pkt *p = &d->cur;
    d->stats.bytes++;
    if (byte == 0x80 && d->zeros >= SYNC_MIN_ZERO_BYTES &&
        !(p->type == PKT_SYNC && p->nbytes >= SYNC_MIN_ZERO_BYTES)) {
        /* A sync the byte-wise decode missed: its zeros were taken as payload (garbage or a
         * lost byte before them) or ended a packet before. Keep the zeros of the partial
         * packet as the sync's, count the rest of it as lost. */
        uint32_t z = p->nbytes;
        if (p->nbytes > 0 && p->type != PKT_SYNC) {
            z = p->nbytes < d->zeros ? p->nbytes : d->zeros;
            d->stats.lost += p->nbytes - z;
        }
        d->stats.resyncs++;
        d->zeros = 0;
        memset(p, 0, sizeof *p);
        for (uint32_t i = 0; i < z; i++)
            keep(p, 0x00);
        keep(p, byte);
        return finish(d, PKT_SYNC, out);
    }
    d->zeros = byte == 0x00 ? (d->zeros < UINT32_MAX ? d->zeros + 1 : d->zeros) : 0;
    if (p->nbytes == 0)
        return start(d, byte, out);
    unsigned i = p->nbytes - 1; /* payload byte index */
    keep(p, byte);
    switch (p->type) {
    case PKT_SYNC:
        if (byte == 0x00)
            return PKT_NONE;
        if (byte == 0x80 && p->nbytes - 1 >= SYNC_MIN_ZERO_BYTES)
            return finish(d, PKT_SYNC, out);
        return finish(d, PKT_BAD, out);
    case PKT_LTS:
        p->ts |= (uint32_t)(byte & 0x7F) << (7 * i);
        if (!(byte & 0x80))
            return finish(d, PKT_LTS, out);
        return i == 3 ? finish(d, PKT_BAD, out) : PKT_NONE; /* max 5 bytes */
    case PKT_GTS1: {
        uint64_t grp = (i < 3) ? (byte & 0x7Fu) : (byte & 0x1Fu);
        uint64_t gmask = (i < 3) ? 0x7Fu : 0x1Fu;
        p->gts_bits |= grp << (7 * i);
        d->gts = (d->gts & ~(gmask << (7 * i))) | (grp << (7 * i));
        if (i == 3) {
            p->clkch = (byte >> 5) & 1u;
            p->wrap = (byte >> 6) & 1u;
        }
        if (!(byte & 0x80)) {
            p->gts = d->gts;
            return finish(d, PKT_GTS1, out);
        }
        return i == 3 ? finish(d, PKT_BAD, out) : PKT_NONE;
    }
    case PKT_GTS2: {
        uint64_t grp = byte & 0x7Fu;
        unsigned sh = 26 + 7 * i;
        p->gts_bits |= grp << (7 * i);
        if (sh < 64)
            d->gts = (d->gts & ~(0x7Full << sh)) | (grp << sh);
        if (!(byte & 0x80)) {
            /* The last group holds the top bits: everything above it is zero. */
            if (sh + 7 < 64)
                d->gts &= (1ull << (sh + 7)) - 1;
            p->gts = d->gts;
            return finish(d, PKT_GTS2, out);
        }
        return i == 5 ? finish(d, PKT_BAD, out) : PKT_NONE; /* max 7 bytes */
    }
    case PKT_EXT:
        if (i < 3) {
            p->data |= (uint32_t)(byte & 0x7F) << (3 + 7 * i);
            if (byte & 0x80)
                return PKT_NONE;
        } else
            p->data |= (uint32_t)byte << 24; /* 5th byte: bit 7 is data */
        if (p->sh == 0)
            d->page = p->data;
        return finish(d, PKT_EXT, out);
    case PKT_INST:
    case PKT_HW:
        if (pktdec_src_payload(d, p, byte, i))
            return finish(d, p->type, out);
        return PKT_NONE;
    default:
        return finish(d, PKT_BAD, out);
    }
}

const char *pktdec_type_name(enum pkt_type t)
{
    static const char *const names[PKT_NTYPES] = {"NONE", "SYNC", "OVF",  "LTS", "GTS1",
                                                  "GTS2", "EXT",  "INST", "HW",  "BAD"};
    return (unsigned)t < PKT_NTYPES ? names[t] : "?";
}

char *pktdec_bytes_put(const struct pkt *p, char *o)
{
    o = tp_bytes(o, p->b, p->len);
    return p->nbytes > p->len ? tp_str(o, " ...") : o;
}

char *pktdec_put(const struct pkt *p, char *o)
{
    switch (p->type) {
    case PKT_LTS:
        o = tp_dec(tp_str(o, "LTS ts="), p->ts);
        return tp_dec(tp_str(o, " tc="), p->tc);
    case PKT_GTS1:
        o = tp_hex(tp_str(o, "GTS1 bits=0x"), p->gts_bits, 1);
        o = tp_dec(tp_str(o, " wrap="), p->wrap);
        return tp_dec(tp_str(o, " clkch="), p->clkch);
    case PKT_GTS2:
        o = tp_hex(tp_str(o, "GTS2 bits=0x"), p->gts_bits, 1);
        return tp_chr(tp_hex(tp_str(o, " (gts=0x"), p->gts, 1), ')');
    case PKT_EXT:
        if (p->sh == 0)
            return tp_dec(tp_str(o, "EXT page="), p->data);
        return tp_hex(tp_str(o, "EXT sh=1 value=0x"), p->data, 1);
    case PKT_INST:
    case PKT_HW:
        if (p->type == PKT_INST)
            o = tp_dec(tp_str(o, "INST port="), p->port);
        else
            o = tp_dec(tp_str(o, "HW disc="), p->disc);
        o = tp_dec(tp_str(o, " size="), p->size);
        return tp_hex(tp_str(o, " data=0x"), p->data, 2u * p->size);
    case PKT_BAD:
        return pktdec_bytes_put(p, tp_str(o, "BAD bytes="));
    default:
        return tp_str(o, pktdec_type_name(p->type));
    }
}

char *pktdec_format(const struct pkt *p, char *buf, size_t n)
{
    char t[PKTDEC_TEXT_MAX];
    return tp_end(buf, n, t, pktdec_put(p, t));
}

char *pktdec_format_bytes(const struct pkt *p, char *buf, size_t n)
{
    /* as many whole bytes as fit (each "xx" and its separator), then " ..." if it fits */
    size_t pos = 0;
    unsigned i = 0;
    for (; i < p->len && pos + 4 < n; i++)
        pos += i ? 3u : 2u;
    struct pkt q = *p;
    bool more = p->nbytes > p->len && pos + 4 < n;
    q.len = (uint8_t)i;
    q.nbytes = more ? q.len + 1u : q.len;
    char t[3 * PKTDEC_MAX_BYTES + 8];
    return tp_end(buf, n, t, pktdec_bytes_put(&q, t));
}
