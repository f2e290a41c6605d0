/* SPDX-License-Identifier: Apache-2.0 */
/* ETM golden model: ETMv4 packet encoders, address history and atom packing
 * (docs/etm-contract.md sections 7, 8, 9). */
#include "etm_model_int.h"

void etm_buf_put(struct etm_buf *b, uint8_t v)
{
    if (b->n < ETM_MAX_DEMAND) {
        b->b[b->n] = v;
    }
    b->n++; /* an overrun shows as n > ETM_MAX_DEMAND; the model checks n */
}

/* 7 value bits per byte, least significant group first, bit 7 = continuation. */
void etm_pkt_uleb(struct etm_buf *b, uint32_t v)
{
    do {
        uint8_t byte = (uint8_t)(v & 0x7Fu);
        v >>= 7;
        etm_buf_put(b, (uint8_t)(byte | (v != 0u ? 0x80u : 0u)));
    } while (v != 0u);
}

void etm_pkt_async(struct etm_buf *b) /* [ETM-PKT-ASYNC] */
{
    for (unsigned i = 0; i < 11u; i++) {
        etm_buf_put(b, 0x00u);
    }
    etm_buf_put(b, 0x80u);
}

void etm_pkt_tinfo(struct etm_buf *b, bool cci, uint32_t threshold) /* [ETM-PKT-TINFO] */
{
    etm_buf_put(b, 0x01u);
    etm_buf_put(b, cci ? 0x09u : 0x01u); /* PLCTL: INFO, CYCT when CCI */
    etm_buf_put(b, cci ? 0x01u : 0x00u); /* INFO: bit 0 cycle counting */
    if (cci) {
        etm_pkt_uleb(b, threshold & 0xFFFu);
    }
}

/* [ETM-PKT-TS]: the low 7n bits that cover every bit changed since the last timestamp. */
void etm_pkt_ts(struct etm_buf *b, struct etm_trace *t, uint64_t v, bool cci, uint32_t report)
{
    uint64_t diff = v ^ t->ts_last;
    unsigned m = 0;
    while (m < 63u && (diff >> (m + 1u)) != 0u) {
        m++;
    }
    unsigned n = m / 7u + 1u;
    if (n >= 7u) {
        n = 9u;
    }
    etm_buf_put(b, cci ? 0x03u : 0x02u);
    for (unsigned i = 0; i < n && i < 8u; i++) {
        uint8_t byte = (uint8_t)((v >> (7u * i)) & 0x7Fu);
        etm_buf_put(b, (uint8_t)(byte | (i + 1u < n ? 0x80u : 0u)));
    }
    if (n == 9u) {
        etm_buf_put(b, (uint8_t)(v >> 56));
    }
    if (cci) {
        etm_pkt_uleb(b, report);
    }
    t->ts_last = v;
}

void etm_hist_reset(struct etm_trace *t) /* [ETM-ADDR-1] */
{
    for (unsigned i = 0; i < 3u; i++) {
        t->hist_addr[i] = 0u;
        t->hist_is[i] = 0u;
    }
}

static void etm_hist_push(struct etm_trace *t, uint32_t a)
{
    t->hist_addr[2] = t->hist_addr[1];
    t->hist_is[2] = t->hist_is[1];
    t->hist_addr[1] = t->hist_addr[0];
    t->hist_is[1] = t->hist_is[0];
    t->hist_addr[0] = a;
    t->hist_is[0] = 1u; /* IS1: T32 */
}

static void etm_put_a8(struct etm_buf *b, uint32_t a, bool cont)
{
    etm_buf_put(b, (uint8_t)(((a >> 1) & 0x7Fu) | (cont ? 0x80u : 0u))); /* A[7:1] */
}

static void etm_put_long(struct etm_buf *b, uint32_t a)
{
    etm_put_a8(b, a, false);
    etm_buf_put(b, (uint8_t)(a >> 8));
    etm_buf_put(b, (uint8_t)(a >> 16));
    etm_buf_put(b, (uint8_t)(a >> 24));
}

void etm_pkt_addr_ctxt(struct etm_buf *b, struct etm_trace *t, uint32_t a, bool ns)
{
    etm_buf_put(b, 0x83u); /* [ETM-ADDR-3] */
    etm_put_long(b, a);
    etm_buf_put(b, ns ? 0x20u : 0x00u); /* EL 0, SF 0, NS, no VMID, no CID */
    etm_hist_push(t, a);
}

void etm_pkt_addr(struct etm_buf *b, struct etm_trace *t, uint32_t a) /* [ETM-ADDR-2] */
{
    for (unsigned i = 0; i < 3u; i++) {
        if (t->hist_addr[i] == a && t->hist_is[i] == 1u) {
            etm_buf_put(b, (uint8_t)(0x90u | i));
            etm_hist_push(t, a);
            return;
        }
    }
    if ((a >> 8) == (t->hist_addr[0] >> 8)) {
        etm_buf_put(b, 0x96u);
        etm_put_a8(b, a, false);
    } else if ((a >> 16) == (t->hist_addr[0] >> 16)) {
        etm_buf_put(b, 0x96u);
        etm_put_a8(b, a, true);
        etm_buf_put(b, (uint8_t)(a >> 8));
    } else {
        etm_buf_put(b, 0x9Bu);
        etm_put_long(b, a);
    }
    etm_hist_push(t, a);
}

unsigned etm_exc_type(unsigned exc_num) /* [ETM-PKT-EXC] */
{
    return exc_num <= 23u ? exc_num : exc_num + 0x1F0u;
}

void etm_pkt_exc(struct etm_buf *b, unsigned exc_num)
{
    unsigned type = etm_exc_type(exc_num) & 0x3FFu;
    bool c = type >= 32u;
    etm_buf_put(b, 0x06u);
    /* C | E1 = 0 | TYPE[4:0] | E0 = 1 */
    etm_buf_put(b, (uint8_t)((c ? 0x80u : 0u) | ((type & 0x1Fu) << 1) | 0x01u));
    if (c) {
        etm_buf_put(b, (uint8_t)(type >> 5)); /* P = 0 */
    }
}

/* [ETM-ATOM-4]: F4 patterns by A, F5 patterns with their headers (bit i = atom i, 1 = E) */
static const uint8_t k_f4[4] = {0x0Eu, 0x00u, 0x0Au, 0x05u};
static const uint8_t k_f5[4] = {0x1Eu, 0x00u, 0x0Au, 0x15u};
static const uint8_t k_f5_hdr[4] = {0xF5u, 0xD5u, 0xD6u, 0xD7u};

/* The F4 A value of a 4-atom list, or -1. */
static int etm_f4_index(uint32_t p)
{
    for (int i = 0; i < 4; i++) {
        if (p == k_f4[i]) {
            return i;
        }
    }
    return -1;
}

/* n atoms p (n <= 5) are a prefix of one of the eight F4/F5 patterns. */
static bool etm_f45_prefix(uint32_t p, unsigned n)
{
    uint32_t mask = (1u << n) - 1u;
    for (unsigned i = 0; i < 4u; i++) {
        if ((p & mask) == (k_f4[i] & mask) && n <= 4u) {
            return true;
        }
        if ((p & mask) == (k_f5[i] & mask)) {
            return true;
        }
    }
    return false;
}

/* [ETM-ATOM-3], [ETM-ATOM-6] */
void etm_atom_flush(struct etm_buf *b, struct etm_trace *t)
{
    unsigned n = t->n_atoms;
    uint32_t p = t->atoms;
    if (t->f45 && n == 4u && etm_f4_index(p) >= 0) {
        etm_buf_put(b, (uint8_t)(0xDCu | (unsigned)etm_f4_index(p)));
    } else if (n == 1u) {
        etm_buf_put(b, (uint8_t)(0xF6u | (p & 1u)));
    } else if (n == 2u) {
        etm_buf_put(b, (uint8_t)(0xD8u | (p & 3u)));
    } else if (n == 3u) {
        etm_buf_put(b, (uint8_t)(0xF8u | (p & 7u)));
    } else if (n >= 4u) { /* all E: n-1 E's, final E */
        etm_buf_put(b, (uint8_t)(0xC0u | (n - 1u - 3u)));
    }
    t->n_atoms = 0;
    t->atoms = 0;
}

/* [ETM-ATOM-5]: with atom formats 4 and 5 */
static void etm_atom_add_f45(struct etm_buf *b, struct etm_trace *t, bool e)
{
    if (e) {
        t->atoms |= 1u << t->n_atoms;
    }
    t->n_atoms++;
    unsigned n = t->n_atoms;
    uint32_t p = t->atoms;
    uint32_t all_e = (1u << n) - 1u;
    uint32_t prev_e = (1u << (n - 1u)) - 1u;
    if (p == all_e && n == 24u) { /* 1 */
        etm_buf_put(b, (uint8_t)(0xC0u | (23u - 3u)));
    } else if (!e && n - 1u >= 3u && (p & prev_e) == prev_e) { /* 2 */
        etm_buf_put(b, (uint8_t)(0xE0u | (n - 1u - 3u)));
    } else if (p == all_e || (n < 5u && etm_f45_prefix(p, n))) { /* 3, 5 */
        return;
    } else if (n == 5u && etm_f45_prefix(p, 5u)) { /* 4 */
        for (unsigned i = 0; i < 4u; i++) {
            if (p == k_f5[i]) {
                etm_buf_put(b, k_f5_hdr[i]);
            }
        }
    } else if (n <= 3u) { /* 6 */
        etm_buf_put(b, (uint8_t)(n == 3u ? (0xF8u | (p & 7u)) : (0xD8u | (p & 3u))));
    } else { /* 6: n = 4 or 5: pack all but the new atom, which starts a new list */
        t->n_atoms = n - 1u;
        t->atoms = p & prev_e;
        etm_atom_flush(b, t);
        etm_atom_add_f45(b, t, e);
        return;
    }
    t->n_atoms = 0;
    t->atoms = 0;
}

/* [ETM-ATOM-2] */
void etm_atom_add(struct etm_buf *b, struct etm_trace *t, bool e)
{
    if (t->f45) {
        etm_atom_add_f45(b, t, e);
        return;
    }
    if (e) {
        t->atoms |= 1u << t->n_atoms;
    }
    t->n_atoms++;
    unsigned n = t->n_atoms;
    uint32_t all_e = (n >= 32u) ? 0xFFFFFFFFu : ((1u << n) - 1u);
    uint32_t prev_e = (1u << (n - 1u)) - 1u;
    bool is_all_e = t->atoms == all_e;
    if (is_all_e && n == 24u) {
        etm_buf_put(b, (uint8_t)(0xC0u | (23u - 3u)));
        t->n_atoms = 0;
        t->atoms = 0;
    } else if (!e && n - 1u >= 3u && (t->atoms & prev_e) == prev_e) {
        etm_buf_put(b, (uint8_t)(0xE0u | (n - 1u - 3u)));
        t->n_atoms = 0;
        t->atoms = 0;
    } else if (!is_all_e && n == 3u) {
        etm_buf_put(b, (uint8_t)(0xF8u | (t->atoms & 7u)));
        t->n_atoms = 0;
        t->atoms = 0;
    }
}
