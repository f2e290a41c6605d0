/* SPDX-License-Identifier: Apache-2.0 */
/* Pure ITM packet encoders (byte layouts of docs/packet-formats.md). */
#ifndef TRACEREF_SIM_GOLDEN_ITM_PKT_H
#define TRACEREF_SIM_GOLDEN_ITM_PKT_H

#include <stdbool.h>
#include <stdint.h>

/* Longest packet the ITM sends (GTS2, 64-bit form). Every encoder writes at most this
 * many bytes into buf and returns how many it wrote. */
#define ITM_PKT_MAX_BYTES 7u

/* Synchronization: 00 00 00 00 00 80. */
unsigned itm_pkt_sync(uint8_t *buf);
/* Overflow: 70. */
unsigned itm_pkt_overflow(uint8_t *buf);
/* Stimulus-port page extension: {0, page[2:0], 1000}. */
unsigned itm_pkt_ext_page(uint8_t *buf, unsigned page);
/* Instrumentation: header {A[4:0], 0, SS}, then len (1, 2 or 4) payload bytes LSB first.
 * Returns 0 (nothing written) for any other len. */
unsigned itm_pkt_instr(uint8_t *buf, unsigned port_in_page, unsigned len, uint32_t data);
/* Payload bytes implied by a hardware-source header: [1:0] 01 -> 1, 10 -> 2, 11 -> 4,
 * 00 -> 0. */
unsigned itm_pkt_hw_len(uint8_t header);
/* Hardware source: the header byte then itm_pkt_hw_len(header) payload bytes of data. */
unsigned itm_pkt_hw(uint8_t *buf, uint8_t header, uint32_t data);
/* Local timestamp, value (28 bits used) and TC (2 bits): 1-byte form if TC == 0 and
 * 1 <= value <= 6, else header {11, TC, 0000} and the fewest 7-bit groups (1..4). */
unsigned itm_pkt_lts(uint8_t *buf, uint32_t value, unsigned tc);
/* Fewest GTS1 payload bytes (1..4) whose groups [6:0], [13:7], [20:14], [25:21] cover
 * every set bit of diff26 (bits above 25 ignored); 1 when diff26 is 0. */
unsigned itm_pkt_gts1_len(uint32_t diff26);
/* Global timestamp 1: 0x94 then nbytes (1..4, clamped) payload bytes of value26[25:0];
 * wrap and clkch go in the 4th payload byte (bits 6 and 5) and are dropped if
 * nbytes < 4. */
unsigned itm_pkt_gts1(uint8_t *buf, uint32_t value26, unsigned nbytes, bool wrap, bool clkch);
/* Global timestamp 2: 0xB4 then the high timestamp bits, hi_bits = GTS >> 26 (bit 0 is
 * GTS[26]): 4 payload bytes for gts_width 48 (GTS[47:26]), otherwise 6 (GTS[63:26]). */
unsigned itm_pkt_gts2(uint8_t *buf, uint64_t hi_bits, unsigned gts_width);

#endif
