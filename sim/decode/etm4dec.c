/* SPDX-License-Identifier: Apache-2.0 */
/* ETMv4 packet decoder: docs/etm-contract.md section 9 (encodings), section 7 (address
 * history), [ETM-PKT-TS] (timestamp bits replaced), [ETM-PKT-CC] (count = field +
 * TRCCCCTLR.THRESHOLD from Trace Info's CYCT). */
#include "etm4dec.h"

#include <string.h>

#include "hwsrc.h"
#include "textput.h"

void etm4dec_init(struct etm4dec *d)
{
    memset(d, 0, sizeof *d);
}

bool etm4dec_busy(const struct etm4dec *d)
{
    return d->cur.nbytes != 0;
}

const char *etm4_type_name(enum etm4_type t)
{
    static const char *const names[ETM4_NTYPES] = {
        "NONE",      "A-SYNC",     "TRACE-INFO", "TRACE-ON",  "TIMESTAMP",
        "ADDR-MATCH", "ADDR-SHORT", "ADDR-LONG",  "ADDR-CTXT", "ATOM",
        "EXCEPTION", "EXC-RETURN", "CYCLE-COUNT", "OVERFLOW", "COMMIT",
        "CANCEL",    "MISPREDICT", "Q",          "UNKNOWN"};
    return (unsigned)t < ETM4_NTYPES ? names[t] : "?";
}

/* A ULEB-style field at b[i..n): 7 bits a byte, least significant first, bit 7 = more.
 * Returns the bytes it takes (> 0), 0 if more bytes are needed, -1 if it runs past max. */
static int uleb(const uint8_t *b, unsigned n, unsigned i, unsigned max, uint32_t *v)
{
    uint32_t x = 0;
    for (unsigned k = 0; k < max; k++) {
        if (i + k >= n)
            return 0;
        x |= (uint32_t)(b[i + k] & 0x7Fu) << (7 * k);
        if ((b[i + k] & 0x80u) == 0) {
            *v = x;
            return (int)k + 1;
        }
    }
    return -1;
}

static void hist_push(struct etm4dec *d, uint32_t a, uint8_t is)
{
    d->hist[2] = d->hist[1];
    d->hist_is[2] = d->hist_is[1];
    d->hist[1] = d->hist[0];
    d->hist_is[1] = d->hist_is[0];
    d->hist[0] = a;
    d->hist_is[0] = is;
}

/* Result of reading the bytes so far: more needed, a packet, or a malformed one. */
enum step { MORE = 0, DONE, BAD };

static enum step unknown(struct etm4_pkt *p, const char *why)
{
    p->type = ETM4_UNKNOWN;
    p->why = why;
    return DONE;
}

/* Reads cur.b[0..len) from the start; sets the packet's fields when it is complete. */
static enum step parse(struct etm4dec *d)
{
    struct etm4_pkt *p = &d->cur;
    const uint8_t *b = p->b;
    const unsigned n = p->len, h = b[0];
    int k;
    if (h == 0x00) { /* extension: A-Sync (00 x11 80) or Overflow (00 05) */
        if (n < 2)
            return MORE;
        if (b[1] == 0x05) {
            p->type = ETM4_OVF;
            return DONE;
        }
        if (b[1] != 0x00) {
            p->why = "extension";
            return BAD; /* the header 00 with an extension byte this decoder does not read */
        }
        if (b[n - 1] == 0x00)
            return n < 12 ? MORE : BAD; /* more zeros than an A-Sync has */
        if (b[n - 1] == 0x80 && n == 12) {
            p->type = ETM4_ASYNC;
            return DONE;
        }
        return BAD;
    }
    switch (h) {
    case 0x01: { /* Trace Info: PLCTL, then the sections it lists */
        if (n < 2)
            return MORE;
        if (b[1] & 0x80u)
            return BAD; /* PLCTL of more than one byte: not in the contract */
        p->plctl = b[1];
        unsigned i = 2;
        uint32_t *sec[4] = {&p->info, &p->key, &p->spec, &p->cyct};
        const unsigned max[4] = {5, 5, 5, 2};
        for (unsigned s = 0; s < 4; s++) {
            if (!((p->plctl >> s) & 1u))
                continue;
            if ((k = uleb(b, n, i, max[s], sec[s])) <= 0)
                return k == 0 ? MORE : BAD;
            i += (unsigned)k;
        }
        p->type = ETM4_TINFO;
        return DONE;
    }
    case 0x02:
    case 0x03: { /* Timestamp: up to 8 bytes of 7 bits, a 9th of 8; 03: a count */
        unsigned i = 1, groups = 0;
        uint64_t val = 0;
        for (;;) {
            if (i >= n)
                return MORE;
            if (groups == 8) { /* the 9th byte: 8 bits */
                val |= (uint64_t)b[i] << 56;
                groups = 9;
                i++;
                break;
            }
            val |= (uint64_t)(b[i] & 0x7Fu) << (7 * groups);
            groups++;
            if ((b[i++] & 0x80u) == 0)
                break;
        }
        if (h == 0x03) {
            if ((k = uleb(b, n, i, 3, &p->cc)) <= 0)
                return k == 0 ? MORE : BAD;
            p->has_cc = true;
        }
        p->ts_bits = (uint8_t)(groups == 9 ? 64 : 7 * groups);
        const uint64_t mask = p->ts_bits == 64 ? ~0ull : (1ull << p->ts_bits) - 1u;
        p->ts = (d->ts & ~mask) | (val & mask);
        p->type = ETM4_TS;
        return DONE;
    }
    case 0x04:
        p->type = ETM4_TRACE_ON;
        return DONE;
    case 0x06: /* Exception: C E1 TYPE[4:0] E0, then if C: 0 0 P TYPE[9:5] */
        if (n < 2 || ((b[1] & 0x80u) && n < 3))
            return MORE;
        p->exc_type = (uint16_t)((b[1] >> 1) & 0x1Fu);
        p->e1e0 = (uint8_t)(((b[1] >> 5) & 2u) | (b[1] & 1u));
        if (b[1] & 0x80u) {
            if (b[2] & 0x80u)
                return BAD; /* a third byte (ETMv4 A-profile forms): not in the contract */
            p->exc_type |= (uint16_t)((b[2] & 0x1Fu) << 5);
            p->p = (b[2] >> 5) & 1u;
        }
        /* [ETM-PKT-EXC]: TYPE = N for N <= 23, N + 0x1F0 for 24 <= N <= 511 */
        p->exc = p->exc_type <= 23u                                ? (int)p->exc_type
                 : p->exc_type >= 0x208u && p->exc_type <= 0x3EFu ? (int)p->exc_type - 0x1F0
                                                                  : -1;
        p->type = ETM4_EXC;
        return DONE;
    case 0x07:
        p->type = ETM4_ERET;
        return DONE;
    case 0x0E: /* Cycle Count F1, known count: the field (count - threshold) */
        if ((k = uleb(b, n, 1, 3, &p->cc_field)) <= 0)
            return k == 0 ? MORE : BAD;
        p->cc = p->cc_field + d->cyct;
        p->type = ETM4_CC;
        return DONE;
    case 0x0F:
        p->cc_unknown = true;
        p->type = ETM4_CC;
        return DONE;
    case 0x2D: /* Commit: the count as a field (section 18, [ETM-SPEC-6]) */
        if ((k = uleb(b, n, 1, 5, &p->commit)) <= 0)
            return k == 0 ? MORE : BAD;
        p->type = ETM4_COMMIT;
        return DONE;
    case 0x2E:
    case 0x2F: /* Cancel format 1: the count; 2F with a mispredict ([ETM-SPEC-5]) */
        if ((k = uleb(b, n, 1, 5, &p->cancel)) <= 0)
            return k == 0 ? MORE : BAD;
        p->fmt = 1;
        p->mispred = h == 0x2F;
        p->type = ETM4_CANCEL;
        return DONE;
    case 0x90:
    case 0x91:
    case 0x92:
        p->entry = (uint8_t)(h & 3u);
        p->addr = d->hist[p->entry];
        p->is = d->hist_is[p->entry];
        p->type = ETM4_ADDR_MATCH;
        return DONE;
    case 0x96: /* short IS1: A[7:1], then if bit 7: A[15:8] */
        if (n < 2 || ((b[1] & 0x80u) && n < 3))
            return MORE;
        if (b[1] & 0x80u) {
            p->addr_bits = 16;
            p->addr = (d->hist[0] & ~0xFFFFu) | ((uint32_t)b[2] << 8) | ((b[1] & 0x7Fu) << 1);
        } else {
            p->addr_bits = 8;
            p->addr = (d->hist[0] & ~0xFFu) | ((b[1] & 0x7Fu) << 1);
        }
        p->is = 1;
        p->type = ETM4_ADDR_S;
        return DONE;
    case 0x9B:
    case 0x83: { /* long 32-bit IS1: 0 A[7:1], A[15:8], A[23:16], A[31:24]; 83: INFO */
        const unsigned need = h == 0x83 ? 6 : 5;
        if (n < need)
            return MORE;
        p->addr = ((b[1] & 0x7Fu) << 1) | ((uint32_t)b[2] << 8) | ((uint32_t)b[3] << 16) |
                  ((uint32_t)b[4] << 24);
        p->addr_bits = 32;
        p->is = 1;
        if (h == 0x83) {
            p->ctxt_info = b[5];
            if (b[5] & 0xC0u) {
                p->why = "context with VMID or Context ID (sizes 0 in TRCIDR2)";
                return BAD;
            }
            p->el = b[5] & 3u;
            p->sf = (b[5] >> 4) & 1u;
            p->ns = (b[5] >> 5) & 1u;
            p->type = ETM4_ADDR_CTXT;
        } else {
            p->type = ETM4_ADDR_L;
        }
        return DONE;
    }
    default:
        break;
    }
    if (h >= 0xA0 && h <= 0xAF) { /* Q ([ETM-Q-PKT]): address payload, then the count */
        const unsigned t = h & 0xFu;
        unsigned i = 1;
        p->q_type = (uint8_t)t;
        if (t <= 2u) { /* exact match of hist[t] */
            p->entry = (uint8_t)t;
            p->addr = d->hist[t];
            p->is = d->hist_is[t];
            p->q_has_addr = true;
        } else if (t == 6u) { /* short IS1, as 96 */
            if (n < 2 || ((b[1] & 0x80u) && n < 3))
                return MORE;
            if (b[1] & 0x80u) {
                p->addr_bits = 16;
                p->addr = (d->hist[0] & ~0xFFFFu) | ((uint32_t)b[2] << 8) | ((b[1] & 0x7Fu) << 1);
                i = 3;
            } else {
                p->addr_bits = 8;
                p->addr = (d->hist[0] & ~0xFFu) | ((b[1] & 0x7Fu) << 1);
                i = 2;
            }
            p->is = 1;
            p->q_has_addr = true;
        } else if (t == 0xBu) { /* long 32-bit IS1, as 9B */
            if (n < 5)
                return MORE;
            p->addr = ((b[1] & 0x7Fu) << 1) | ((uint32_t)b[2] << 8) | ((uint32_t)b[3] << 16) |
                      ((uint32_t)b[4] << 24);
            p->addr_bits = 32;
            p->is = 1;
            p->q_has_addr = true;
            i = 5;
        } else if (t == 5u || t == 0xAu) {
            p->why = "Q with an IS0 address";
            return BAD;
        } else if (t != 0xCu && t != 0xFu) {
            return unknown(p, "header"); /* reserved Q types 3, 4, 7, 8, 9, D, E */
        }
        if (t != 0xFu) {
            if ((k = uleb(b, n, i, 5, &p->q_count)) <= 0)
                return k == 0 ? MORE : BAD;
            p->q_has_count = true;
        }
        p->type = ETM4_Q;
        return DONE;
    }
    if (h >= 0x30 && h <= 0x37) { /* Mispredict, Cancel F2: A[1:0] = -, E, EE, N */
        static const uint8_t na[4] = {0, 1, 2, 1}, at[4] = {0, 1, 3, 0};
        p->natoms = na[h & 3u];
        p->atoms = at[h & 3u];
        p->mispred = true;
        if (h >= 0x34) {
            p->fmt = 2;
            p->cancel = 1;
            p->type = ETM4_CANCEL;
        } else {
            p->type = ETM4_MISPRED;
        }
        return DONE;
    }
    if (h >= 0x38 && h <= 0x3F) { /* Cancel F3: cancel CC + 2, mispredict, A: one E atom */
        p->fmt = 3;
        p->cancel = ((h >> 1) & 3u) + 2u;
        p->mispred = true;
        p->natoms = (uint8_t)(h & 1u);
        p->atoms = h & 1u;
        p->type = ETM4_CANCEL;
        return DONE;
    }
    /* atoms ([ETM-PKT-ATOM]; F4 and F5: [ETM-ATOM-4], bit i = atom i, 1 = E) */
    if (h >= 0xDC && h <= 0xDF) {
        static const uint8_t f4[4] = {0x0E, 0x00, 0x0A, 0x05};
        p->fmt = 4, p->natoms = 4, p->atoms = f4[h & 3u];
        p->type = ETM4_ATOM;
        return DONE;
    }
    if (h == 0xF5 || (h >= 0xD5 && h <= 0xD7)) {
        p->fmt = 5, p->natoms = 5;
        p->atoms = h == 0xF5 ? 0x1Eu : h == 0xD5 ? 0x00u : h == 0xD6 ? 0x0Au : 0x15u;
        p->type = ETM4_ATOM;
        return DONE;
    }
    if (h == 0xF6 || h == 0xF7) {
        p->fmt = 1, p->natoms = 1, p->atoms = h & 1u;
    } else if (h >= 0xD8 && h <= 0xDB) {
        p->fmt = 2, p->natoms = 2, p->atoms = h & 3u;
    } else if (h >= 0xF8) {
        p->fmt = 3, p->natoms = 3, p->atoms = h & 7u;
    } else if ((h >= 0xC0 && h <= 0xD4) || (h >= 0xE0 && h <= 0xF4)) {
        const unsigned e = (h & 0x1Fu) + 3u; /* leading E atoms, then the final one */
        p->fmt = 6;
        p->natoms = (uint8_t)(e + 1u);
        p->atoms = ((1u << e) - 1u) | ((h & 0x20u) ? 0u : 1u << e);
    } else {
        return unknown(p, "header");
    }
    p->type = ETM4_ATOM;
    return DONE;
}

/* The decoder state a completed packet changes. */
static void apply(struct etm4dec *d, struct etm4_pkt *p)
{
    switch (p->type) {
    case ETM4_TINFO: /* [ETM-ADDR-1]: history to (0, IS0); [ETM-PKT-TS]: timestamp from 0 */
        memset(d->hist, 0, sizeof d->hist);
        memset(d->hist_is, 0, sizeof d->hist_is);
        d->ts = 0;
        d->cyct = (p->plctl & 8u) ? p->cyct : 0;
        break;
    case ETM4_TS:
        d->ts = p->ts;
        break;
    case ETM4_ADDR_MATCH:
    case ETM4_ADDR_S:
    case ETM4_ADDR_L:
    case ETM4_ADDR_CTXT:
        hist_push(d, p->addr, p->is);
        break;
    case ETM4_Q: /* [ETM-Q-8]: the Q's address pushes like an address packet */
        if (p->q_has_addr)
            hist_push(d, p->addr, p->is);
        break;
    default:
        break;
    }
}

enum etm4_type etm4dec_push(struct etm4dec *d, uint8_t byte, struct etm4_pkt *out)
{
    struct etm4_pkt *p = &d->cur;
    d->stats.bytes++;
    if (p->nbytes == 0)
        memset(p, 0, sizeof *p);
    if (p->len < ETM4_MAX_BYTES)
        p->b[p->len++] = byte;
    p->nbytes++;
    enum step s = parse(d);
    if (s == MORE && p->len == ETM4_MAX_BYTES)
        s = BAD; /* cannot happen: every field has a maximum length */
    if (s == MORE)
        return ETM4_NONE;
    if (s == BAD) {
        /* A malformed packet (or one of a form the contract does not use): reported whole as
         * unknown, its bytes in the raw list; decoding goes on at the next byte. */
        p->type = ETM4_UNKNOWN;
        if (!p->why)
            p->why = "malformed";
    }
    apply(d, p);
    d->stats.count[p->type]++;
    *out = *p;
    p->nbytes = 0;
    return out->type;
}

/* "NEE": the atoms oldest first */
static char *atoms_put(const struct etm4_pkt *p, char *o)
{
    for (unsigned i = 0; i < p->natoms; i++)
        *o++ = ((p->atoms >> i) & 1u) ? 'E' : 'N';
    return o;
}

static char *hex32_put(char *o, uint32_t v)
{
    return tp_hex(tp_str(o, "0x"), v, 8);
}

/* the exception number's name (hwsrc_exc_name's, the IPSR numbering) */
static char *exc_put(const struct etm4_pkt *p, char *o)
{
    char name[32];
    return tp_str(o, hwsrc_exc_name((uint16_t)p->exc, name, sizeof name));
}

char *etm4_put(const struct etm4_pkt *p, uint64_t offset, char *o)
{
    if (p->type == ETM4_UNKNOWN) {
        o = tp_hex(tp_str(o, "unknown ETMv4 header 0x"), p->b[0], 2);
        o = tp_dec(tp_str(o, " at byte offset "), offset);
        if (p->nbytes > 1 || (p->why && strcmp(p->why, "header") != 0)) {
            o = tp_str(tp_str(tp_str(o, " ("), p->why ? p->why : "malformed"), ": bytes=");
            o = tp_bytes(o, p->b, p->len);
            o = tp_chr(o, ')');
        }
        return o;
    }
    o = tp_str(tp_str(o, "ETM-"), etm4_type_name(p->type));
    switch (p->type) {
    case ETM4_TINFO:
        o = tp_hex(tp_str(o, " plctl=0x"), p->plctl, 2);
        if (p->plctl & 1u)
            o = tp_dec(tp_str(tp_hex(tp_str(o, " info=0x"), p->info, 2), " cci="), p->info & 1u);
        if (p->plctl & 2u)
            o = tp_dec(tp_str(o, " key="), p->key);
        if (p->plctl & 4u)
            o = tp_dec(tp_str(o, " spec="), p->spec);
        if (p->plctl & 8u)
            o = tp_dec(tp_str(o, " cyct="), p->cyct);
        return o;
    case ETM4_TS:
        o = tp_hex(tp_str(o, " ts=0x"), p->ts, 1);
        o = tp_dec(tp_str(o, " bits="), p->ts_bits);
        return p->has_cc ? tp_dec(tp_str(o, " cc="), p->cc) : o;
    case ETM4_ADDR_MATCH:
        o = tp_dec(tp_str(o, " entry="), p->entry);
        o = hex32_put(tp_str(o, " addr="), p->addr);
        return tp_dec(tp_str(o, " is="), p->is);
    case ETM4_ADDR_S:
    case ETM4_ADDR_L:
        o = hex32_put(tp_str(o, " addr="), p->addr);
        o = tp_dec(tp_str(o, " is="), p->is);
        return p->type == ETM4_ADDR_S ? tp_dec(tp_str(o, " bits="), p->addr_bits) : o;
    case ETM4_ADDR_CTXT:
        o = hex32_put(tp_str(o, " addr="), p->addr);
        o = tp_dec(tp_str(o, " is="), p->is);
        o = tp_dec(tp_str(o, " el="), p->el);
        o = tp_dec(tp_str(o, " sf="), p->sf);
        return tp_dec(tp_str(o, " ns="), p->ns);
    case ETM4_ATOM:
        o = tp_dec(tp_str(o, " f"), p->fmt);
        return atoms_put(p, tp_str(o, " atoms="));
    case ETM4_EXC:
        o = tp_hex(tp_str(o, " type=0x"), p->exc_type, 3);
        if (p->exc >= 0)
            o = tp_chr(exc_put(p, tp_str(tp_dec(tp_str(o, " exc="), (unsigned)p->exc), " (")),
                       ')');
        o = tp_dec(tp_str(o, " e1e0="), p->e1e0);
        return tp_dec(tp_str(o, " p="), p->p);
    case ETM4_CC:
        if (p->cc_unknown)
            return tp_str(o, " unknown");
        return tp_dec(tp_str(tp_dec(tp_str(o, " count="), p->cc), " field="), p->cc_field);
    case ETM4_COMMIT:
        return tp_dec(tp_str(o, " count="), p->commit);
    case ETM4_CANCEL:
    case ETM4_MISPRED:
        if (p->type == ETM4_CANCEL) {
            o = tp_dec(tp_str(o, " f"), p->fmt);
            o = tp_dec(tp_str(o, " count="), p->cancel);
            o = tp_dec(tp_str(o, " mispredict="), p->mispred ? 1u : 0u);
        }
        return p->natoms ? atoms_put(p, tp_str(o, " atoms=")) : o;
    case ETM4_Q:
        o = tp_hex(tp_str(o, " type=0x"), p->q_type, 1);
        if (p->q_has_count)
            o = tp_dec(tp_str(o, " count="), p->q_count);
        if (p->q_has_addr) {
            o = hex32_put(tp_str(o, " addr="), p->addr);
            o = tp_dec(tp_str(o, " is="), p->is);
            if (p->q_type <= 2u)
                o = tp_dec(tp_str(o, " entry="), p->entry);
            else if (p->q_type == 6u)
                o = tp_dec(tp_str(o, " bits="), p->addr_bits);
        }
        return o;
    default:
        return o;
    }
}

char *etm4_json_put(const struct etm4_pkt *p, uint64_t offset, char *o)
{
    o = tp_str(o, ",\"type\":\"ETM_");
    for (const char *s = etm4_type_name(p->type); *s; s++)
        *o++ = *s == '-' ? '_' : *s;
    o = tp_chr(o, '"');
    switch (p->type) {
    case ETM4_UNKNOWN:
        o = tp_hex(tp_str(o, ",\"header\":\"0x"), p->b[0], 2);
        o = tp_str(tp_str(tp_str(o, "\",\"why\":\""), p->why ? p->why : "header"), "\"");
        o = tp_dec(tp_str(o, ",\"at\":"), offset);
        return o;
    case ETM4_TINFO:
        o = tp_dec(tp_str(o, ",\"plctl\":"), p->plctl);
        if (p->plctl & 1u)
            o = tp_dec(tp_str(tp_dec(tp_str(o, ",\"info\":"), p->info), ",\"cci\":"),
                       p->info & 1u);
        if (p->plctl & 2u)
            o = tp_dec(tp_str(o, ",\"key\":"), p->key);
        if (p->plctl & 4u)
            o = tp_dec(tp_str(o, ",\"spec\":"), p->spec);
        if (p->plctl & 8u)
            o = tp_dec(tp_str(o, ",\"cyct\":"), p->cyct);
        return o;
    case ETM4_TS:
        o = tp_chr(tp_hex(tp_str(o, ",\"ts\":\"0x"), p->ts, 1), '"');
        o = tp_dec(tp_str(o, ",\"bits\":"), p->ts_bits);
        return p->has_cc ? tp_dec(tp_str(o, ",\"cc\":"), p->cc) : o;
    case ETM4_ADDR_MATCH:
    case ETM4_ADDR_S:
    case ETM4_ADDR_L:
    case ETM4_ADDR_CTXT:
        if (p->type == ETM4_ADDR_MATCH)
            o = tp_dec(tp_str(o, ",\"entry\":"), p->entry);
        o = tp_chr(hex32_put(tp_str(o, ",\"addr\":\""), p->addr), '"');
        o = tp_dec(tp_str(o, ",\"is\":"), p->is);
        if (p->type == ETM4_ADDR_S)
            o = tp_dec(tp_str(o, ",\"bits\":"), p->addr_bits);
        if (p->type == ETM4_ADDR_CTXT) {
            o = tp_dec(tp_str(o, ",\"el\":"), p->el);
            o = tp_dec(tp_str(o, ",\"sf\":"), p->sf);
            o = tp_dec(tp_str(o, ",\"ns\":"), p->ns);
        }
        return o;
    case ETM4_ATOM:
        o = tp_dec(tp_str(o, ",\"fmt\":"), p->fmt);
        return tp_chr(atoms_put(p, tp_str(o, ",\"atoms\":\"")), '"');
    case ETM4_EXC:
        o = tp_dec(tp_str(o, ",\"exc_type\":"), p->exc_type);
        if (p->exc >= 0) {
            o = tp_dec(tp_str(o, ",\"exc\":"), (unsigned)p->exc);
            o = tp_chr(exc_put(p, tp_str(o, ",\"exc_name\":\"")), '"');
        }
        o = tp_dec(tp_str(o, ",\"e1e0\":"), p->e1e0);
        return tp_dec(tp_str(o, ",\"p\":"), p->p);
    case ETM4_CC:
        if (p->cc_unknown)
            return tp_str(o, ",\"unknown\":true");
        return tp_dec(tp_str(tp_dec(tp_str(o, ",\"count\":"), p->cc), ",\"field\":"),
                      p->cc_field);
    case ETM4_COMMIT:
        return tp_dec(tp_str(o, ",\"count\":"), p->commit);
    case ETM4_CANCEL:
    case ETM4_MISPRED:
        if (p->type == ETM4_CANCEL) {
            o = tp_dec(tp_str(o, ",\"fmt\":"), p->fmt);
            o = tp_dec(tp_str(o, ",\"count\":"), p->cancel);
            o = tp_dec(tp_str(o, ",\"mispredict\":"), p->mispred ? 1u : 0u);
        }
        return tp_chr(atoms_put(p, tp_str(o, ",\"atoms\":\"")), '"');
    case ETM4_Q:
        o = tp_dec(tp_str(o, ",\"qtype\":"), p->q_type);
        if (p->q_has_count)
            o = tp_dec(tp_str(o, ",\"count\":"), p->q_count);
        if (p->q_has_addr) {
            o = tp_chr(hex32_put(tp_str(o, ",\"addr\":\""), p->addr), '"');
            o = tp_dec(tp_str(o, ",\"is\":"), p->is);
            if (p->q_type <= 2u)
                o = tp_dec(tp_str(o, ",\"entry\":"), p->entry);
            else if (p->q_type == 6u)
                o = tp_dec(tp_str(o, ",\"bits\":"), p->addr_bits);
        }
        return o;
    default:
        return o;
    }
}

char *etm4_format(const struct etm4_pkt *p, uint64_t offset, char *buf, size_t n)
{
    char t[ETM4_TEXT_MAX];
    return tp_end(buf, n, t, etm4_put(p, offset, t));
}
