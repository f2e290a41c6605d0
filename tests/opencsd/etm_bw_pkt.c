// SPDX-License-Identifier: Apache-2.0
// etm_bw_pkt: ETMv4 packet classes and lengths (see etm_bw_pkt.h; layouts from
// docs/etm-contract.md section 9).
#include "etm_bw_pkt.h"

const char *const k_pk_name[PK_N] = {
    "async", "overflow", "trace-info", "trace-on", "timestamp", "exception", "exc-return",
    "cycle-count", "atom", "q", "exact", "short1", "short2", "long", "addr+ctx"};

// ULEB field of at most max bytes; returns its length or 0 if it runs past n.
static unsigned uleb_len(const uint8_t *b, unsigned n, unsigned max)
{
    for (unsigned i = 0; i < n && i < max; i++) {
        if ((b[i] & 0x80u) == 0u) {
            return i + 1u;
        }
    }
    return n < max ? 0u : max;
}

unsigned pkt_parse(const uint8_t *b, unsigned n, enum pk *kind)
{
    uint8_t h = b[0];
    unsigned l;
    if (h == 0x00u) {
        if (n >= 2u && b[1] == 0x05u) {
            *kind = PK_OVF;
            return 2u;
        }
        for (l = 1; l < n && l < 12u && b[l] == 0x00u; l++) {
        }
        if (l != 11u || n < 12u || b[11] != 0x80u) {
            return 0;
        }
        *kind = PK_ASYNC;
        return 12u;
    }
    if (h == 0x01u) { // Trace Info: PLCTL, then INFO / KEY / SPEC / CYCT sections
        if (n < 2u) return 0;
        uint8_t pl = b[1];
        l = 2u;
        for (unsigned s = 0; s < 4u; s++) {
            if (pl & (1u << s)) {
                unsigned f = uleb_len(b + l, n - l, s == 3u ? 2u : 5u);
                if (f == 0u) return 0;
                l += f;
            }
        }
        *kind = PK_TINFO;
        return l;
    }
    if (h == 0x02u || h == 0x03u) { // timestamp: up to 8 bytes with C, a 9th of 8 bits
        l = 1u;
        unsigned i = 0;
        while (l < n && i < 8u && (b[l] & 0x80u)) {
            l++;
            i++;
        }
        if (l >= n) return 0;
        l++; // the last timestamp byte (the 9th one has no C bit)
        if (h == 0x03u) {
            unsigned f = uleb_len(b + l, n - l, 3u);
            if (f == 0u) return 0;
            l += f;
        }
        *kind = PK_TS;
        return l;
    }
    if (h == 0x04u) { *kind = PK_TON; return 1u; }
    if (h == 0x06u) {
        if (n < 2u) return 0;
        l = (b[1] & 0x80u) ? 3u : 2u;
        if (n < l) return 0;
        *kind = PK_EXC;
        return l;
    }
    if (h == 0x07u) { *kind = PK_ERET; return 1u; }
    if (h == 0x0Eu) {
        unsigned f = n > 1u ? uleb_len(b + 1, n - 1u, 3u) : 0u;
        if (f == 0u) return 0;
        *kind = PK_CC;
        return 1u + f;
    }
    if (h == 0x0Fu) { *kind = PK_CC; return 1u; }
    if (h >= 0x90u && h <= 0x92u) { *kind = PK_EXACT; return 1u; }
    if (h <= 0xA2u && h >= 0xA0u) { // Q: exact-match address, then the count ([ETM-Q-PKT])
        *kind = PK_Q;
        l = uleb_len(b + 1, n - 1u, 5u);
        return l ? 1u + l : 0u;
    }
    if (h == 0xA6u || h == 0xABu) { // Q: short / long IS1 address, then the count
        unsigned a = h == 0xABu ? 4u : (n >= 2u && (b[1] & 0x80u)) ? 2u : 1u;
        *kind = PK_Q;
        if (n < 1u + a + 1u) {
            return 0u;
        }
        l = uleb_len(b + 1 + a, n - 1u - a, 5u);
        return l ? 1u + a + l : 0u;
    }
    if (h == 0x96u) {
        if (n < 2u) return 0;
        *kind = (b[1] & 0x80u) ? PK_SHORT2 : PK_SHORT1;
        l = (b[1] & 0x80u) ? 3u : 2u;
        return n < l ? 0u : l;
    }
    if (h == 0x9Bu) { *kind = PK_LONG; return n < 5u ? 0u : 5u; }
    if (h == 0x83u) { *kind = PK_CTX; return n < 6u ? 0u : 6u; } // INFO: no V/C bytes here
    if (h >= 0xC0u && h <= 0xD4u) { *kind = PK_ATOM; return 1u; } // F6, final E
    if (h >= 0xD5u && h <= 0xD7u) { *kind = PK_ATOM; return 1u; } // F5 (section 19)
    if (h >= 0xD8u && h <= 0xDBu) { *kind = PK_ATOM; return 1u; } // F2
    if (h >= 0xDCu && h <= 0xDFu) { *kind = PK_ATOM; return 1u; } // F4 (section 19)
    if (h == 0xF5u) { *kind = PK_ATOM; return 1u; }                 // F5 (section 19)
    if (h >= 0xE0u && h <= 0xF4u) { *kind = PK_ATOM; return 1u; } // F6, final N
    if (h >= 0xF6u) { *kind = PK_ATOM; return 1u; }                 // F1, F3
    return 0;
}
