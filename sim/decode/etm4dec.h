/* SPDX-License-Identifier: Apache-2.0 */
/* ETMv4 instruction-trace packet decoder (packet level), for tracedump: one byte at a time,
 * every packet of docs/etm-contract.md section 9 (the packets our ETM emits), with the
 * decoder state the packets need to be read (the three-entry address history of [ETM-ADDR-1],
 * the timestamp, the cycle-count threshold of the last Trace Info). Any other header is an
 * ETM4_UNKNOWN packet of that one byte ("unknown ETMv4 header 0xNN at byte offset X"), and
 * decoding goes on at the next byte: nothing is dropped silently. Written from the contract,
 * apart from the golden model and the RTL. */
#ifndef TRACEREF_SIM_DECODE_ETM4DEC_H
#define TRACEREF_SIM_DECODE_ETM4DEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum etm4_type {
    ETM4_NONE = 0,   /* no packet completed by this byte */
    ETM4_ASYNC,      /* 00 x11, 80 */
    ETM4_TINFO,      /* 01 PLCTL [INFO] [KEY] [SPEC] [CYCT] */
    ETM4_TRACE_ON,   /* 04 */
    ETM4_TS,         /* 02 / 03: timestamp (03: with a cycle count) */
    ETM4_ADDR_MATCH, /* 90..92: exact match, history entry 0..2 */
    ETM4_ADDR_S,     /* 96: short address IS1, 1 or 2 payload bytes */
    ETM4_ADDR_L,     /* 9B: long 32-bit address IS1 */
    ETM4_ADDR_CTXT,  /* 83: long 32-bit address IS1 with context */
    ETM4_ATOM,       /* F1 F6..F7, F2 D8..DB, F3 F8..FF, F4 DC..DF, F5 D5..D7 F5, F6 C0..D4 E0..F4 */
    ETM4_EXC,        /* 06: exception */
    ETM4_ERET,       /* 07: exception return */
    ETM4_CC,         /* 0E / 0F: cycle count format 1 (COMMOPT = 1: no commit section) */
    ETM4_OVF,        /* 00 05: overflow */
    ETM4_COMMIT,     /* 2D COMMIT: commit (section 18) */
    ETM4_CANCEL,     /* 2E/2F COUNT (F1, 2F: with mispredict), 34..37 (F2), 38..3F (F3) */
    ETM4_MISPRED,    /* 30..33: mispredict, 31..33 with atoms */
    ETM4_Q,          /* A0..A2 A6 AB AC AF: Q element (section 20, [ETM-Q-PKT]) */
    ETM4_UNKNOWN,    /* a header (or extension byte) this decoder does not read */
    ETM4_NTYPES
};

#define ETM4_MAX_BYTES 24u /* bytes of the longest packet read (Trace Info with every section: 19) */

struct etm4_pkt {
    enum etm4_type type;
    uint8_t len;                /* bytes kept in b[] */
    uint32_t nbytes;            /* bytes of the packet */
    uint8_t b[ETM4_MAX_BYTES];  /* raw bytes, header first */
    const char *why;            /* ETM4_UNKNOWN: what was not understood */
    /* addresses (ADDR_*): the full address after the packet, its instruction set, the
     * address bits the packet carried (ADDR_S: 8 or 16; ADDR_L, ADDR_CTXT: 32; MATCH: 0) */
    uint32_t addr;
    uint8_t is, entry, addr_bits;
    uint8_t ctxt_info, el, sf, ns; /* ADDR_CTXT: the INFO byte and its fields */
    /* TINFO */
    uint32_t plctl, info, key, spec, cyct;
    /* TS: the timestamp after the packet and the low bits it replaced; has_cc: 03 */
    uint64_t ts;
    uint8_t ts_bits;
    bool has_cc;
    /* TS (03) and CC: the count; CC: field = the payload (count - threshold), unknown: 0F */
    uint32_t cc, cc_field;
    bool cc_unknown;
    /* ATOM: format 1, 2, 3 or 6, atoms (bit i = atom i, oldest first, 1 = E) */
    uint8_t fmt, natoms;
    uint32_t atoms;
    /* EXC: TYPE[9:0], E1:E0, P; exc = the M-profile exception number (-1: none for TYPE) */
    uint16_t exc_type;
    uint8_t e1e0, p;
    int exc;
    /* COMMIT: elements committed; CANCEL: elements cancelled, format (fmt 1..3), with a
     * mispredict; CANCEL F2/F3 and MISPRED: the atoms the packet carries (natoms, atoms) */
    uint32_t commit, cancel;
    bool mispred;
    /* Q: header type A[3:0], the instruction count (has_count: all but AF), has_addr: the
     * address fields above hold the Q's address (A0..A2 entry, A6 bits 8/16, AB 32) */
    uint8_t q_type;
    bool q_has_count, q_has_addr;
    uint32_t q_count;
};

struct etm4dec_stats {
    uint64_t bytes;
    uint64_t count[ETM4_NTYPES];
};

struct etm4dec {
    struct etm4_pkt cur;     /* the packet being read (cur.nbytes 0: none) */
    uint32_t hist[3];        /* address history, [0] newest ([ETM-ADDR-1]) */
    uint8_t hist_is[3];
    uint64_t ts;             /* the timestamp so far */
    uint32_t cyct;           /* the cycle-count threshold of the last Trace Info */
    struct etm4dec_stats stats;
};

void etm4dec_init(struct etm4dec *d);
/* Feeds one byte; returns the type of the packet it completes (copied to *out), or
 * ETM4_NONE. */
enum etm4_type etm4dec_push(struct etm4dec *d, uint8_t byte, struct etm4_pkt *out);
/* A packet is being read (bytes of an incomplete packet at the end of the input). */
bool etm4dec_busy(const struct etm4dec *d);
/* "A-SYNC", "TRACE-INFO", ... (the text names, after "ETM-"); JSON: "ETM_" and '_' */
const char *etm4_type_name(enum etm4_type t);

/* The text of a packet written at o (sim/c_tb/common/textput.h: no NUL), at most
 * ETM4_TEXT_MAX bytes; `offset`: of its first byte, for the unknown-header line. Returns the
 * new end. Text: "ETM-ATOM f3 atoms=NEE"; JSON fields: ,"type":"ETM_ATOM","fmt":3,... */
#define ETM4_TEXT_MAX 200
char *etm4_put(const struct etm4_pkt *p, uint64_t offset, char *o);
char *etm4_json_put(const struct etm4_pkt *p, uint64_t offset, char *o);
/* The same into buf (NUL-terminated, truncated to n). */
char *etm4_format(const struct etm4_pkt *p, uint64_t offset, char *buf, size_t n);

#endif
