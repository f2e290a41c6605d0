/* SPDX-License-Identifier: Apache-2.0 */
/* The recorder of the DWT, TPIU, FPB and system conformance vectors (vectors/README.md):
 * fed one cycle of ports at a time, it builds the text and binary files that follow from
 * the ports alone (inputs.hex, outputs.hex, the records of vector.txt, stream.bin, txb.txt,
 * txb.bin, pins.hex, the raw pin captures, hwsrc.txt, events.txt, apb.txt). vecgen feeds
 * it the golden model's ports and writes the files; vecreplay feeds it the Verilated RTL's
 * and compares what it built with the files. */
#ifndef TRACEREF_SIM_C_TB_VEC_VECREC_H
#define TRACEREF_SIM_C_TB_VEC_VECREC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vecfmt.h"
#include "vecport.h"

/* A growable byte buffer. */
struct vbuf {
    char *p;
    size_t len, cap;
};
void vbuf_add(struct vbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void vbuf_put(struct vbuf *b, const void *p, size_t n);
void vbuf_free(struct vbuf *b);
/* Appends the whole file path; false (after logging why) if it cannot be read. */
bool vbuf_load(struct vbuf *b, const char *path);

/* The TPIU's port mode in a cycle, from its registers (the golden model's: the ports do not
 * show it); it decides which pin captures a vector has and how they decode. */
struct vec_tpiu_mode {
    unsigned txmode; /* TPIU_SPPR.TXMODE: 0 parallel, 1 Manchester, 2 NRZ */
    unsigned div;    /* TPIU_ACPR.SWOSCALER + 1 */
    unsigned cw;     /* port size selected by TPIU_CSPSR */
    bool fmt_on;     /* formatter on (Continuous) */
};

enum vec_cap { VEC_CAP_SWO, VEC_CAP_PAR, VEC_NCAPS };
extern const char *const vec_cap_name[VEC_NCAPS]; /* "swo", "par" */

struct vec_rec {
    enum vec_block blk;
    unsigned port_width; /* TPIU PortWidth: TRACEDATA pins in the .sr capture */
    const struct vec_layout *li, *lo;
    struct vbuf in_hex, out_hex, pins;
    struct vbuf records; /* vector.txt's record lines */
    struct vbuf txb_txt, txb_bin, hwsrc, events, apb;
    struct vbuf cap[VEC_NCAPS];        /* raw: one byte per cycle out of reset */
    bool cap_used[VEC_NCAPS];          /* a byte started on that port */
    struct vec_tpiu_mode cap_mode[VEC_NCAPS]; /* the mode of that port's last byte */
    struct vec_atb *atb;               /* ATB transfers (DWT, TPIU, system) */
    size_t natb, cap_atb;
    size_t ntxb, nhw, nevents, napb, nfetch;
    bool fetch_pend; /* FPB: a fetch in the previous cycle, its result due now */
    int64_t fetch_cycle;
    struct fpb_in fetch;
};

void vec_rec_init(struct vec_rec *r, enum vec_block blk, unsigned port_width);
void vec_rec_free(struct vec_rec *r);
/* Cycle c (negative in the initial reset): its ports and the TPIU's mode. */
void vec_rec_cycle(struct vec_rec *r, int64_t c, const struct vec_ports *p,
                   const struct vec_tpiu_mode *mode);
/* The end of the run (after the last cycle), with the TPIU's mode then: a vector holds the
 * capture of the port it ends in (a byte cut by the restart that left the other is not
 * trace), if a byte started there. */
void vec_rec_finish(struct vec_rec *r, const struct vec_tpiu_mode *mode);

#endif
