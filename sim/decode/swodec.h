/* SPDX-License-Identifier: Apache-2.0 */
/* SWO line decoders: one pin sample per clock cycle in, bytes out. Written from
 * ../shared/spec/packet-protocol-facts.md section 4 and docs/tpiu-contract.md sections 7
 * and 10 (the pin-level choices), independently of the TPIU model and RTL.
 *
 * A line cell lasts `div` = SWOSCALER + 1 cycles; each cell is sampled once, in its
 * middle (cycle div / 2 of the cell, counted from the edge that started the character).
 *   NRZ (UART 8N1): idle high; a character starts at a falling edge: start cell 0, eight
 *     data cells LSB first, stop cell 1. A stop cell read as 0 is a framing error and the
 *     byte is dropped.
 *   Manchester: idle low; a character starts at a rising edge: start bit cells "1 0",
 *     data bit b = cells "b, !b" (LSB first), then the stop "0 0" (the line held low for a
 *     bit time). Resynchronises on every start bit. Any other pair of cells where a data
 *     bit is due is a symbol error and the byte is dropped. A valid data symbol where the
 *     stop is due continues the burst with another byte (facts section 4: a burst may
 *     carry 1 to 8 bytes; this project's TPIU sends one byte per burst).
 * In both modes a start edge counts only after the line was seen at its idle level, so a
 * capture that begins in the middle of a character (or with the reset level 0 in NRZ)
 * does not decode garbage. */
#ifndef TRACEREF_SIM_DECODE_SWODEC_H
#define TRACEREF_SIM_DECODE_SWODEC_H

#include <stdbool.h>
#include <stdint.h>

#define SWODEC_DIV_MAX 65536u /* SWOSCALER is 16 bits (docs/tpiu-contract.md section 10) */
#define SWODEC_BURST_MAX 8u   /* bytes per Manchester burst before a stop is required */

enum swodec_mode {
    SWODEC_NRZ = 0,
    SWODEC_MANCHESTER,
};

struct swodec_stats {
    uint64_t samples;     /* cycles pushed */
    uint64_t bytes;       /* bytes emitted */
    uint64_t starts;      /* start edges recognised */
    /* errors */
    uint64_t false_start; /* the start cell did not hold its level at its middle */
    uint64_t framing;     /* NRZ: stop cell 0; Manchester: no stop after the last byte */
    uint64_t symbol;      /* Manchester: a data bit cell pair other than "1 0" or "0 1" */
    /* not an error: the capture stopped inside a character */
    uint64_t truncated;   /* characters cut by swodec_finish */
};

struct swodec {
    enum swodec_mode mode;
    uint32_t div;     /* cycles per cell, 1..SWODEC_DIV_MAX */
    bool busy;        /* inside a character */
    uint8_t prev;     /* level of the previous sample (edge detection while idle) */
    uint32_t phase;   /* cycle within the current cell, 0..div-1 */
    uint32_t cell;    /* current cell of the character */
    uint8_t first;    /* Manchester: the first half of the current bit */
    uint32_t nbits;   /* data bits received of the current byte */
    uint32_t nbytes;  /* Manchester: bytes of the current burst */
    uint16_t sr;      /* bits received, LSB first */
    struct swodec_stats stats;
};

/* False (and d unusable) if div is 0 or above SWODEC_DIV_MAX, or mode is unknown. */
bool swodec_init(struct swodec *d, enum swodec_mode mode, uint32_t div);
/* Feeds the pin level of one cycle (bit 0 of `level`). Returns true and sets *out when a
 * byte completes. */
bool swodec_push(struct swodec *d, uint8_t level, uint8_t *out);
/* End of the capture: a character in progress is counted in stats.truncated. */
void swodec_finish(struct swodec *d);
/* Sum of the error counters (false_start, framing, symbol). */
uint64_t swodec_errors(const struct swodec_stats *s);

#endif
