/* SPDX-License-Identifier: Apache-2.0 */
/* Pure ITM packet encoders (byte layouts of docs/packet-formats.md). */
#include "itm_pkt.h"

#define ITM_PKT_C 0x80u /* continuation bit */

unsigned itm_pkt_sync(uint8_t *buf)
{
    /* 47 zero bits then a 1: five 0x00 bytes and 0x80. */
    for (unsigned i = 0; i < 5u; i++) {
        buf[i] = 0x00u;
    }
    buf[5] = 0x80u;
    return 6u;
}

unsigned itm_pkt_overflow(uint8_t *buf)
{
    buf[0] = 0x70u;
    return 1u;
}

unsigned itm_pkt_ext_page(uint8_t *buf, unsigned page)
{
    /* C = 0, EX[2:0] = page, bit 3 = 1, SH = 0 (software source). */
    buf[0] = (uint8_t)(((page & 7u) << 4) | 0x08u);
    return 1u;
}

/* SS field for a payload length, 0 for an illegal length. */
static unsigned itm_pkt_ss_get(unsigned len)
{
    switch (len) {
    case 1u:
        return 1u;
    case 2u:
        return 2u;
    case 4u:
        return 3u;
    default:
        return 0u;
    }
}

/* Writes len payload bytes of data, least significant first, at buf. */
static void itm_pkt_payload_set(uint8_t *buf, unsigned len, uint32_t data)
{
    for (unsigned i = 0; i < len; i++) {
        buf[i] = (uint8_t)(data >> (8u * i));
    }
}

unsigned itm_pkt_instr(uint8_t *buf, unsigned port_in_page, unsigned len, uint32_t data)
{
    unsigned ss = itm_pkt_ss_get(len);

    if (ss == 0u) {
        return 0u;
    }
    buf[0] = (uint8_t)(((port_in_page & 31u) << 3) | ss);
    itm_pkt_payload_set(&buf[1], len, data);
    return 1u + len;
}

unsigned itm_pkt_hw_len(uint8_t header)
{
    static const unsigned len[4] = {0u, 1u, 2u, 4u};

    return len[header & 3u];
}

unsigned itm_pkt_hw(uint8_t *buf, uint8_t header, uint32_t data)
{
    unsigned len = itm_pkt_hw_len(header);

    buf[0] = header;
    itm_pkt_payload_set(&buf[1], len, data);
    return 1u + len;
}

unsigned itm_pkt_lts(uint8_t *buf, uint32_t value, unsigned tc)
{
    uint32_t v = value & 0x0FFFFFFFu;
    unsigned groups = 1u;

    tc &= 3u;
    if (tc == 0u && v >= 1u && v <= 6u) {
        buf[0] = (uint8_t)(v << 4);
        return 1u;
    }
    while (groups < 4u && (v >> (7u * groups)) != 0u) {
        groups++;
    }
    buf[0] = (uint8_t)(0xC0u | (tc << 4));
    for (unsigned i = 0; i < groups; i++) {
        uint8_t b = (uint8_t)((v >> (7u * i)) & 0x7Fu);
        buf[1u + i] = (i + 1u < groups) ? (uint8_t)(b | ITM_PKT_C) : b;
    }
    return 1u + groups;
}

unsigned itm_pkt_gts1_len(uint32_t diff26)
{
    uint32_t d = diff26 & 0x03FFFFFFu;

    if (d >> 21 != 0u) {
        return 4u;
    }
    if (d >> 14 != 0u) {
        return 3u;
    }
    if (d >> 7 != 0u) {
        return 2u;
    }
    return 1u;
}

unsigned itm_pkt_gts1(uint8_t *buf, uint32_t value26, unsigned nbytes, bool wrap, bool clkch)
{
    unsigned n = nbytes < 1u ? 1u : nbytes > 4u ? 4u : nbytes;

    buf[0] = 0x94u;
    for (unsigned i = 0; i < n; i++) {
        uint8_t b;

        if (i == 3u) {
            /* {0, Wrap, ClkCh, GTS[25:21]} */
            b = (uint8_t)(((value26 >> 21) & 0x1Fu) | (wrap ? 0x40u : 0u) |
                          (clkch ? 0x20u : 0u));
        } else {
            b = (uint8_t)((value26 >> (7u * i)) & 0x7Fu);
            if (i + 1u < n) {
                b |= ITM_PKT_C;
            }
        }
        buf[1u + i] = b;
    }
    return 1u + n;
}

unsigned itm_pkt_gts2(uint8_t *buf, uint64_t hi_bits, unsigned gts_width)
{
    /* 48-bit: 3 full groups + GTS[47] ; 64-bit: 5 full groups + GTS[63:61]. */
    unsigned full_groups = (gts_width == 48u) ? 3u : 5u;
    uint8_t last_mask = (gts_width == 48u) ? 0x01u : 0x07u;
    unsigned i;

    buf[0] = 0xB4u;
    for (i = 0; i < full_groups; i++) {
        buf[1u + i] = (uint8_t)(((hi_bits >> (7u * i)) & 0x7Fu) | ITM_PKT_C);
    }
    buf[1u + i] = (uint8_t)((hi_bits >> (7u * i)) & last_mask);
    return 2u + full_groups;
}
