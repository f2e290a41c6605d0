/* SPDX-License-Identifier: Apache-2.0 */
/* Conformance-vector file format (vectors/README.md): the packed per-cycle input and output
 * words of inputs.hex / outputs.hex, the packet-list text of packets.txt, and a reader of
 * vector.txt. Shared by vecgen (writer), vecreplay (Verilator check) and pktdump (decoder
 * check). */
#ifndef TRACEREF_SIM_C_TB_VEC_VECFMT_H
#define TRACEREF_SIM_C_TB_VEC_VECFMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "itm_model.h"
#include "pktdec.h"

#define VEC_FORMAT_VERSION 1u /* vector.txt "format"; bumped on any incompatible change */
/* The ETM vectors' format (vec_format_version): 2 since issue #24 added the speculation
 * inputs and pe_stall_o to their inputs.hex / outputs.hex; every other block stays at 1. */
#define VEC_FORMAT_VERSION_ETM 2u
#define VEC_GEN_VERSION 1u    /* vector.txt "generator vecgen N" */

/* inputs.hex: 176 bits = 44 hex digits per line; outputs.hex: 56 bits = 14 digits. */
#define VEC_IN_DIGITS 44u
#define VEC_OUT_DIGITS 14u

/* Packs one cycle's inputs / outputs into their hex line (no newline; buf holds at least
 * DIGITS + 1 characters). Layouts: vectors/README.md "inputs.hex" / "outputs.hex". */
void vec_in_hex(const struct itm_in *in, char *buf);
void vec_out_hex(const struct itm_out *out, char *buf);
/* Inverse of vec_out_hex / vec_in_hex; false if s is not exactly DIGITS hex digits. */
bool vec_out_parse(const char *s, struct itm_out *out);
bool vec_in_parse(const char *s, struct itm_in *in);
/* Names of the input fields that differ between a and b, space separated, into buf. */
char *vec_in_diff(const struct itm_in *a, const struct itm_in *b, char *buf, size_t n);

/* One packet of packets.txt, as the format document defines its fields. vecgen fills it
 * from the golden model's packet engine, pktdump from the decoder (pktdec). */
struct vec_pkt {
    enum pkt_type type;
    uint32_t port;    /* INST: port including the page (32 * page + A) */
    unsigned size;    /* INST, HW: payload bytes 1, 2 or 4 */
    uint32_t data;    /* INST, HW: payload */
    unsigned disc;    /* HW: discriminator (header bits [7:3]) */
    unsigned page;    /* EXT: stimulus page */
    uint32_t ts;      /* LTS: value */
    unsigned tc;      /* LTS: TC */
    uint64_t bits;    /* GTS1: GTS[25:0] bits carried; GTS2: GTS[63:26] carried (>> 26) */
    bool wrap, clkch; /* GTS1 */
    uint64_t gts;     /* GTS2: the global timestamp it completes */
    unsigned len;     /* bytes of the packet */
    uint8_t b[8];     /* the bytes, header first */
};

/* The packet column of packets.txt, e.g. "INST port=33 size=4 data=0xdeadbeef". */
char *vec_pkt_format(const struct vec_pkt *p, char *buf, size_t n);
/* The bytes column, e.g. "0b ef be ad de". */
char *vec_pkt_bytes(const struct vec_pkt *p, char *buf, size_t n);
/* The same two columns written at o without a NUL (textput.h): returns the new end. The
 * packet column takes at most VEC_PKT_TEXT_MAX bytes, the bytes column 3 * 8. */
#define VEC_PKT_TEXT_MAX 64
char *vec_pkt_put(const struct vec_pkt *p, char *o);
char *vec_pkt_bytes_put(const struct vec_pkt *p, char *o);
/* The form name used by vector.txt "forms" (e.g. "LTS-long-2", "GTS2-64"). */
char *vec_pkt_form(const struct vec_pkt *p, char *buf, size_t n);
/* From a packet completed by pktdec. */
void vec_pkt_from_dec(const struct pkt *d, struct vec_pkt *v);

/* One ATB transfer of vector.txt. */
struct vec_atb {
    int64_t cycle;
    uint8_t data, id;
};

/* The parts of vector.txt the checkers need. */
struct vec_file {
    unsigned format;
    char id[256];
    char config[256];
    struct itm_cfg cfg;
    unsigned reset_cycles;
    int64_t cycles;
    uint64_t lines;
    struct vec_atb *atb; /* malloc'ed, natb entries */
    size_t natb;
};

/* Reads path; on error prints "path:line: error: ..." and returns false. */
bool vec_file_read(const char *path, struct vec_file *v);
void vec_file_free(struct vec_file *v);

#endif
