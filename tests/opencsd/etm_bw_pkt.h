// SPDX-License-Identifier: Apache-2.0
// etm_bw_pkt: the ETMv4 instruction-trace packets the golden ETM emits
// (docs/etm-contract.md section 9), as classes for the bandwidth counts of
// tests/opencsd/etm_bw.c, and a parser that finds one packet's class and length.
// tests/opencsd/etm_pktcount.c counts the same classes with OpenCSD's parser.
#ifndef TRACEREF_TESTS_OPENCSD_ETM_BW_PKT_H
#define TRACEREF_TESTS_OPENCSD_ETM_BW_PKT_H

#include <stdint.h>

enum pk {
    PK_ASYNC, PK_OVF, PK_TINFO, PK_TON, PK_TS, PK_EXC, PK_ERET, PK_CC, PK_ATOM,
    PK_Q, /* Q element (section 20): not an address packet, though it carries one */
    PK_EXACT, PK_SHORT1, PK_SHORT2, PK_LONG, PK_CTX, PK_N
};
extern const char *const k_pk_name[PK_N];
#define IS_ADDR(k) ((k) >= PK_EXACT)

/* One packet at b[0..n): its class and length; 0 on an unknown header or a short buffer. */
unsigned pkt_parse(const uint8_t *b, unsigned n, enum pk *kind);

#endif
