/* SPDX-License-Identifier: Apache-2.0 */
/* The per-cycle port words of the DWT, TPIU, FPB, ETM and system conformance vectors
 * (vectors/README.md, "inputs.hex and outputs.hex" of each block): one table per block and
 * direction giving the ports of the block's top in RTL declaration order with their widths,
 * packed most significant field first into one hex number per cycle. The ITM's layout, older
 * and hand-packed, is vecfmt.h's. Shared by vecgen (writer), vecreplay (Verilator check) and
 * the README's layout tables (vecgen --layout). */
#ifndef TRACEREF_SIM_C_TB_VEC_VECPORT_H
#define TRACEREF_SIM_C_TB_VEC_VECPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sys_model.h"

/* The blocks with vectors; VEC_SYS is trace_top as a whole, VEC_ETM etm_top (recorded inside
 * trace_top, as the DWT, TPIU and FPB are). */
enum vec_block { VEC_ITM, VEC_DWT, VEC_TPIU, VEC_FPB, VEC_SYS, VEC_ETM, VEC_NBLOCKS };
/* "itm", "dwt", "tpiu", "fpb", "sys", "etm" */
extern const char *const vec_block_name[VEC_NBLOCKS];
/* The RTL module whose ports a vector of the block holds ("dwt_top", ..., "trace_top"). */
extern const char *const vec_block_top[VEC_NBLOCKS];
/* false if s names no block */
bool vec_block_parse(const char *s, enum vec_block *b);
/* vector.txt's "format" of block b's vectors (vecfmt.h: VEC_FORMAT_VERSION, and
 * VEC_FORMAT_VERSION_ETM for VEC_ETM). */
unsigned vec_format_version(enum vec_block b);

#define VEC_MAX_FIELDS 80u
#define VEC_MAX_DIGITS 128u

struct vec_field {
    const char *name; /* the RTL port, e.g. "paddr_i" */
    unsigned width;
};

/* A line of inputs.hex or outputs.hex: the fields in order, the first one in the most
 * significant bits; zero bits above the first field fill the last hex digit. */
struct vec_layout {
    const struct vec_field *f;
    unsigned n;      /* fields */
    unsigned bits;   /* the sum of their widths */
    unsigned digits; /* hex digits per line: ceil(bits / 4) */
};

/* The layout of block b's inputs (out = false) or outputs; NULL for VEC_ITM. */
const struct vec_layout *vec_layout_get(enum vec_block b, bool out);

/* One cycle's ports, as sys_model_blocks_get gives them (sin/sout: trace_top's). */
struct vec_ports {
    const struct sys_in *sin;
    const struct sys_out *sout;
    const struct sys_blocks *blk;
};
/* The field values of block b's input or output line, in layout order. */
void vec_port_vals(enum vec_block b, bool out, const struct vec_ports *p, uint64_t *v);

/* Packs v (masked to each field's width) into buf: l->digits hex digits and a NUL. */
void vec_hex_pack(const struct vec_layout *l, const uint64_t *v, char *buf);
/* Inverse of vec_hex_pack: false if s is not exactly l->digits hex digits. */
bool vec_hex_unpack(const struct vec_layout *l, const char *s, uint64_t *v);
/* The names of the fields whose values differ between the hex lines a and b, each with
 * both values ("atready_o 1/0"), space separated, into buf. */
char *vec_hex_diff(const struct vec_layout *l, const char *a, const char *b, char *buf,
                   size_t n);
/* The layout as a Markdown table of bit ranges and ports (the README's). */
void vec_layout_print(FILE *f, const struct vec_layout *l);

#endif
