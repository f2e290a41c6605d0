/* SPDX-License-Identifier: Apache-2.0 */
/* Names the DWT hardware-source packets (the ITM/DWT packet decoder's PKT_HW) the way a
 * user reads them: event counter wraps, exception trace, periodic PC samples, data trace.
 * Layouts from ../shared/spec/packet-protocol-facts.md section 1.8 and docs/packet-formats.md
 * ("Hardware source"); the Armv8-M additions (data trace match, truncated PC and address
 * payloads, the "prohibited" PC sample) are read as that section gives them. A
 * discriminator or payload shape the architecture does not define is HWSRC_RESERVED, with
 * the reason, and is never silently renamed. */
#ifndef TRACEREF_SIM_DECODE_HWSRC_H
#define TRACEREF_SIM_DECODE_HWSRC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pktdec.h"

enum hwsrc_kind {
    HWSRC_EVENT = 0,     /* disc 0: event counters wrapped, flags in value */
    HWSRC_EXCEPTION,     /* disc 1: exception entry / exit / return */
    HWSRC_PC_SAMPLE,     /* disc 2, 4 bytes: periodic PC sample */
    HWSRC_PC_SLEEP,      /* disc 2, 1 byte 0x00: sampled while the core slept */
    HWSRC_PC_PROHIBITED, /* disc 2, 1 byte 0xFF: sampling prohibited (Armv8-M, facts "?") */
    HWSRC_PMU,           /* disc 3, 1 byte: PMU counter overflow (Armv8.1-M) */
    HWSRC_DT_PC,         /* disc 8..15 even: data trace PC value (1, 2 or 4 low bytes) */
    HWSRC_DT_MATCH,      /* disc 8..15 even, 1 byte with bit 0 set: data trace match (v8-M) */
    HWSRC_DT_ADDR,       /* disc 8..15 odd: data trace data address (1, 2 or 4 low bytes) */
    HWSRC_DT_VALUE,      /* disc 16..23: data trace data value, read or write */
    HWSRC_RESERVED,      /* a reserved discriminator or payload; see why */
    HWSRC_NKINDS
};

/* Event counter flags (facts section 1.8), bit i of the payload. */
#define HWSRC_EVENT_FLAGS 6u

struct hwsrc {
    enum hwsrc_kind kind;
    const char *why; /* HWSRC_RESERVED: what the architecture reserves */
    uint8_t disc;    /* discriminator, header bits [7:3] */
    uint8_t size;    /* payload bytes 1, 2 or 4 */
    uint32_t value;  /* payload (PC, address, data value, flags) */
    uint8_t cmp;     /* HWSRC_DT_*: comparator 0..3 */
    bool write;      /* HWSRC_DT_VALUE: the access was a write */
    uint16_t exc;    /* HWSRC_EXCEPTION: exception number 0..511 */
    uint8_t fn;      /* HWSRC_EXCEPTION: 1 entry, 2 exit, 3 return */
};

/* Fills *h from a PKT_HW packet; false (h untouched) for any other packet type. */
bool hwsrc_decode(const struct pkt *p, struct hwsrc *h);
/* "EVENT_COUNTER", "EXCEPTION", "PC_SAMPLE", ..., as --json's "dwt" and the --stats keys. */
const char *hwsrc_kind_name(enum hwsrc_kind k);
/* "IRQ 28", "SysTick", "Thread" (exception 0), "exception 9" (reserved numbers). */
const char *hwsrc_exc_name(uint16_t exc, char *buf, size_t n);
/* The text line, e.g. "EXCEPTION entry exc=44 (IRQ 28)", "PC-SAMPLE pc=0x08000218",
 * "DATA-VALUE cmp=0 write size=4 data=0x00000100". Returns buf. */
char *hwsrc_format(const struct hwsrc *h, char *buf, size_t n);
/* The named fields for --json, each with a leading comma (the raw disc/size/data are the
 * caller's), e.g. ,"dwt":"EXCEPTION","fn":"entry","exc":44. Returns buf. */
char *hwsrc_format_json(const struct hwsrc *h, char *buf, size_t n);
/* The same texts written at o without a NUL (sim/c_tb/common/textput.h), at most
 * HWSRC_TEXT_MAX bytes: return the new end. */
#define HWSRC_TEXT_MAX 160
char *hwsrc_put(const struct hwsrc *h, char *o);
char *hwsrc_json_put(const struct hwsrc *h, char *o);

#endif
