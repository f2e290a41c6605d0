/* SPDX-License-Identifier: Apache-2.0 */
/* SWO line decoders: one pin sample per clock cycle (or logic-analyser sample) in, bytes out.
 * Written from ../shared/spec/packet-protocol-facts.md section 4 and docs/tpiu-contract.md
 * sections 7 and 10 (the pin-level choices), independently of the TPIU model and RTL.
 *
 * A line cell lasts P samples: P = div = SWOSCALER + 1 cycles for a capture of the pins
 * (swodec_init), or samplerate / bit rate (per half-bit in Manchester) for a logic-analyser
 * capture, where P need not be a whole number (swodec_init_rate; P is kept in 24-bit fixed
 * point). Cell k of a character is sampled once, at sample floor(k * P + P / 2) counted
 * from the first sample of the edge that started the character (sample 0): the sample
 * nearest the cell's centre when the edge itself lay anywhere in the half sample before
 * sample 0. For a whole P = div that is sample div / 2 of each cell. Every character
 * resynchronises on its own start edge, so the timing error is one sample plus the rate
 * error over ten bits, whatever the length of the capture.
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
 * does not decode garbage.
 *
 * Idle gaps: the decoder counts the samples the line stayed at its idle level before each
 * start edge (since the middle of the previous stop cell, or since the capture first showed
 * the idle level). A byte whose character followed at least `gap` bit times of idle
 * (swodec_set_gap; 10 = one character time by default) is flagged, swodec_gap(): a TPIU
 * that sends whole frames as bursts starts a frame there, which the deformatter can use to
 * find the frame alignment without a full sync (tpiudec_gap). Back-to-back characters
 * leave about half a bit of idle (the rest of the stop cell). */
#ifndef TRACEREF_SIM_DECODE_SWODEC_H
#define TRACEREF_SIM_DECODE_SWODEC_H

#include <stdbool.h>
#include <stdint.h>

#define SWODEC_DIV_MAX 65536u /* SWOSCALER is 16 bits (docs/tpiu-contract.md section 10) */
#define SWODEC_BURST_MAX 8u   /* bytes per Manchester burst before a stop is required */
#define SWODEC_FRAC 24u       /* fraction bits of the cell length */
#define SWODEC_GAP_BITS 10u   /* default idle gap: one character (start, 8 data, stop) */

enum swodec_mode {
    SWODEC_NRZ = 0,
    SWODEC_MANCHESTER,
};

struct swodec_stats {
    uint64_t samples;     /* cycles pushed */
    uint64_t bytes;       /* bytes emitted */
    uint64_t starts;      /* start edges recognised */
    uint64_t gaps;        /* bytes emitted after an idle gap (swodec_gap) */
    /* errors */
    uint64_t false_start; /* the start cell did not hold its level at its middle */
    uint64_t framing;     /* NRZ: stop cell 0; Manchester: no stop after the last byte */
    uint64_t symbol;      /* Manchester: a data bit cell pair other than "1 0" or "0 1" */
    /* not errors: the capture cut a character */
    uint64_t lead_in;     /* errors before the line first idled for a character time, with
                           * swodec_set_lead_in (the capture began inside a burst) */
    uint64_t truncated;   /* characters cut by swodec_finish */
};

struct swodec {
    enum swodec_mode mode;
    uint64_t period;  /* samples per cell, SWODEC_FRAC fraction bits; 0: not initialised */
    uint64_t gap_min; /* samples of idle that make a gap */
    uint64_t settle_min; /* samples of idle that show the line between characters */
    bool lead_in_on;  /* swodec_set_lead_in */
    bool settled;     /* the line idled for settle_min samples once */
    bool busy;        /* inside a character */
    uint8_t prev;     /* level of the previous sample (edge detection while idle) */
    uint64_t t;       /* sample within the current character (0 = the start edge) */
    uint64_t next;    /* the sample at which the current cell is read */
    uint32_t cell;    /* current cell of the character */
    uint8_t first;    /* Manchester: the first half of the current bit */
    uint32_t nbits;   /* data bits received of the current byte */
    uint32_t nbytes;  /* Manchester: bytes of the current burst */
    uint16_t sr;      /* bits received, LSB first */
    uint64_t idle;    /* samples at the idle level since the last character (or the start) */
    bool gap_start;   /* the current character followed an idle gap */
    bool gap;         /* the byte just returned followed an idle gap */
    struct swodec_stats stats;
};

/* `div` samples per cell. False (and d unusable) if div is 0 or above SWODEC_DIV_MAX, or
 * mode is unknown. */
bool swodec_init(struct swodec *d, enum swodec_mode mode, uint32_t div);
/* A capture at `samplerate` samples/s of a line at `baud` bit/s (NRZ: one cell per bit;
 * Manchester: two). False (and d unusable) if a cell would last less than one sample or
 * more than SWODEC_DIV_MAX, or an argument is 0. */
bool swodec_init_rate(struct swodec *d, enum swodec_mode mode, uint64_t samplerate,
                      uint64_t baud);
/* The idle gap: `bits` bit times (1..1000) of idle before a start edge (default
 * SWODEC_GAP_BITS). False if out of range. */
bool swodec_set_gap(struct swodec *d, uint32_t bits);
/* On: a line error before the line first idled for one character time (SWODEC_GAP_BITS)
 * is counted in stats.lead_in, not as an error: a capture that begins inside a burst can
 * take a data bit edge for a start edge. The bytes are delivered as ever. Off by default. */
void swodec_set_lead_in(struct swodec *d, bool on);
/* Feeds the pin level of one cycle (bit 0 of `level`). Returns true and sets *out when a
 * byte completes. */
bool swodec_push(struct swodec *d, uint8_t level, uint8_t *out);
/* True if the byte swodec_push just returned followed an idle gap (for a Manchester burst
 * of several bytes: its first byte only). */
bool swodec_gap(const struct swodec *d);
/* End of the capture: a character in progress is counted in stats.truncated. */
void swodec_finish(struct swodec *d);
/* Sum of the error counters (false_start, framing, symbol). */
uint64_t swodec_errors(const struct swodec_stats *s);

#endif
