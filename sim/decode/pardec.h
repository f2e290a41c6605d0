/* SPDX-License-Identifier: Apache-2.0 */
/* Parallel trace port capture decoder: one TRACEDATA sample per clock cycle in, the
 * formatter's bytes out (to be deformatted by tpiudec). Written from docs/tpiu-contract.md
 * section 6 and ../shared/spec/packet-protocol-facts.md section 3, independently of the
 * TPIU model and RTL.
 *
 * Each sample is one chunk of `width` bits (1, 2, 4 or 8; the bits above are ignored).
 * The port sends 16-bit units least-significant chunk first, byte0 bits [w-1:0] first, so
 * the bit stream is every byte LSB first, in byte order. The unit alignment is unknown
 * until the full sync FF FF FF 7F (31 ones then a zero in that bit stream) is found; it is
 * searched at every chunk offset. The sync's bytes are emitted when it is found, then one
 * byte per 8 / width samples. A full sync seen later off the byte grid (a slipped chunk) is
 * an error and realigns (the sync's bytes are emitted again, so the deformatter
 * realigns too); one on the byte grid but in the middle of a unit only re-phases the unit
 * count (the deformatter sees it as misaligned). */
#ifndef TRACEREF_SIM_DECODE_PARDEC_H
#define TRACEREF_SIM_DECODE_PARDEC_H

#include <stdbool.h>
#include <stdint.h>

#define PARDEC_MAX_OUT 4u /* bytes one sample can complete (the full sync when found) */

struct pardec_stats {
    uint64_t samples;   /* chunks pushed */
    uint64_t bytes;     /* bytes emitted */
    uint64_t unaligned; /* chunks before the first full sync (reset level, half-word syncs) */
    uint64_t fsyncs;    /* full syncs found on the unit grid (including the first) */
    /* errors */
    uint64_t realigns;  /* full syncs off the byte or unit grid: alignment changed */
};

struct pardec {
    unsigned width; /* bits per chunk: 1, 2, 4, 8 */
    uint8_t mask;
    bool aligned;
    uint32_t sr;    /* the last 32 bits, the newest in bit 31 */
    uint16_t acc;   /* bits of the byte being assembled */
    unsigned nacc;  /* bits in acc, 0..7 between samples */
    unsigned ubits; /* bits of the current 16-bit unit, 0..15 between samples */
    struct pardec_stats stats;
};

/* False (and d unusable) if width is not 1, 2, 4 or 8. */
bool pardec_init(struct pardec *d, unsigned width);
/* Feeds one TRACEDATA sample. Returns the number of bytes completed, 0..PARDEC_MAX_OUT,
 * written to out[] in stream order. */
unsigned pardec_push(struct pardec *d, uint8_t sample, uint8_t out[PARDEC_MAX_OUT]);
/* Error counter sum (realigns). A capture that never aligned is reported by the caller. */
uint64_t pardec_errors(const struct pardec_stats *s);

#endif
