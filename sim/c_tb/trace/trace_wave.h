/* SPDX-License-Identifier: Apache-2.0 */
/* The GTKWave view of a harness trace of trace_tb_top: the .gtkw save file with the signal
 * groups, the expected/actual pairs, the failure marker and the zoomed window, and the
 * translate filters for ATB packet headers and the ITM arbiter's selection. */
#ifndef TRACEREF_SIM_C_TB_ITM_TRACE_WAVE_H
#define TRACEREF_SIM_C_TB_ITM_TRACE_WAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "itm_model.h"

/* Hierarchical scope of the wrapper in the harness's FST. */
#define TRACE_WAVE_SCOPE "TOP.trace_tb_top"

/* Translate filter files written next to the .gtkw. */
#define TRACE_WAVE_HDR_FILTER "itm_hdr.txt"
#define TRACE_WAVE_SEL_FILTER "itm_arb_sel.txt"

struct trace_wave_info {
    const struct itm_cfg *cfg;       /* the configuration the RTL was Verilated with */
    const char *dir;                 /* absolute directory of the FST; the filters go there too */
    const char *fst;                 /* file name of the FST in dir */
    const char *gtkw;                /* file name of the .gtkw to write in dir */
    unsigned reset_cycles;           /* trace time of cycle c is 10 * (c + reset_cycles) */
    int64_t first_cycle, last_cycle; /* cycles the trace holds */
    int64_t fail_cycle;              /* cycle of the marker; INT64_MIN for none */
    const char *fail_kind;           /* e.g. "mismatch", for the marker's name */
    uint64_t diff;                   /* outputs that differ (bit = enum cmp_field) */
    unsigned tpiu_fifo_depth;        /* AtbFifoDepth of the TPIU; 0: no TPIU (no group) */
    unsigned tpiu_frame_idle_cycles; /* FrameIdleCycles of the TPIU (width of idle_q) */
    bool has_dwt;                    /* trace_top has a DWT (its group is shown) */
    unsigned dwt_fifo_depth;         /* DwtFifoDepth of a DWT with trace; 0: no internals group */
};

/* Writes dir/gtkw and the filter files. Returns 0, or -1 (an error was printed). */
int trace_wave_view_write(const struct trace_wave_info *wi);
/* The label of ATB byte h read as a packet header, e.g. "C0 LTS1 tc=0", "4B INST p9 2B"
 * (the view's translate filter; the failure report's packet in progress). */
#define TRACE_WAVE_HDR_LEN 24
/* The view's signal pane fits every name and this many characters of its value. */
#define TRACE_WAVE_VALUE_CHARS 21
#define TRACE_WAVE_CHAR_PX 8
void trace_wave_hdr_name(unsigned h, char *buf, size_t n);
/* Trace time at which the marker of cycle c is placed: inside the cycle after its inputs
 * changed and before its rising edge, so that GTKWave's value column shows the values the
 * harness compared. */
uint64_t trace_wave_marker_time(int64_t cycle, unsigned reset_cycles);

#endif
