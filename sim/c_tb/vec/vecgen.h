/* SPDX-License-Identifier: Apache-2.0 */
/* The two halves of vecgen: the ITM vectors (vecgen.c, which also parses the command line)
 * and the vectors of the other blocks and of the whole system (vecgen_blk.c). */
#ifndef TRACEREF_SIM_C_TB_VEC_VECGEN_H
#define TRACEREF_SIM_C_TB_VEC_VECGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "itm_model.h"
#include "vecfmt.h"
#include "vecport.h"

/* The packet the ITM loaded at the edge from state q to state d with inputs in, from the
 * model's packet engine (vecgen.c); false with the reason if the loaded bytes are not the
 * packet the contract's priority table picks. */
bool vecgen_itm_packet_get(const struct itm_model *q, const struct itm_in *in,
                           const struct itm_model *d, struct vec_pkt *p, char *why, size_t n);

/* One vector of a block other than the ITM. */
struct vecgen_blk_args {
    enum vec_block blk;
    const char *out, *id, *config, *rules, *scenario;
    const char *defs; /* the configuration's -D list (make c-params-<config>) */
    unsigned reset_cycles;
    uint64_t max_cycles;
};
/* Writes the vector; exit status as vecgen's (0, 1 the stimulus fails, 2 usage). */
int vecgen_blk_run(const struct vecgen_blk_args *a);
/* Prints the layout of inputs.hex or outputs.hex of a block (spec "dwt-in", "sys-out", ...)
 * as a Markdown table; 2 if spec names none. */
int vecgen_layout(const char *spec);

#endif
