/* SPDX-License-Identifier: Apache-2.0 */
/* C interface of the Verilated debug-trace subsystem rtl/top/trace_top (ITM, DWT, FPB, TPIU),
 * wrapped in the harness top trace_tb_top (sim/c_tb/trace/trace_tb_top.sv; the shim is
 * sim/c_tb/trace/dut_trace.cpp, the only C++ in the harness). One cycle: dut_trace_set_inputs,
 * dut_trace_eval, dut_trace_get_outputs, optionally dut_trace_set_tb, dut_trace_tick. Trace time advances 10 units per cycle: inputs change at
 * 10n+1, rising edge at 10n+5, falling edge at 10n+10. */
#ifndef TRACEREF_SIM_C_TB_COMMON_DUT_TRACE_H
#define TRACEREF_SIM_C_TB_COMMON_DUT_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "sys_model.h"

#ifdef __cplusplus
extern "C" {
#endif

struct dut_trace;

/* New model; initial register values are all zero. NULL on failure. */
struct dut_trace *dut_trace_new(void);
/* Same with --x-initial unique / --x-assign unique values randomised from seed
 * (seed 0: all zero, as dut_trace_new). The same seed gives the same values. */
struct dut_trace *dut_trace_new_seeded(uint32_t seed);
void dut_trace_free(struct dut_trace *d);
/* Drives every input port (clk_i stays low). */
void dut_trace_set_inputs(struct dut_trace *d, const struct sys_in *in);
/* Drives gts_i only: the caller's inputs equal the last dut_trace_set_inputs's but for it
 * (the driver's in_same), so the other ports already hold them. */
void dut_trace_set_gts(struct dut_trace *d, uint64_t gts);
/* Settles the logic after an input change (clk_i low). */
void dut_trace_eval(struct dut_trace *d); /* also the falling edge that dut_trace_tick left pending */
void dut_trace_get_outputs(const struct dut_trace *d, struct sys_out *out);

/* The outputs of the blocks inside trace_top that are not outputs of trace_top (the
 * wrapper's obs_* ports): with sys_out they give every output of dwt_top, tpiu_top and
 * fpb_top (the conformance vectors of one block, vectors/README.md). 0 where the
 * configuration has no such block. */
struct dut_trace_blk {
    uint32_t dwt_prdata;
    bool dwt_pready, dwt_pslverr;
    uint32_t fpb_prdata;
    bool fpb_pready, fpb_pslverr;
    uint32_t tpiu_prdata;
    bool tpiu_pready, tpiu_pslverr;
    bool tpiu_afvalid, tpiu_ts_tick, tpiu_async_idle, tpiu_sync_req;
    uint32_t etm_prdata;
    bool etm_pready, etm_pslverr, etm_afvalid, etm_afready;
};
void dut_trace_get_blocks(const struct dut_trace *d, struct dut_trace_blk *b);

/* The wrapper's trace-only inputs (they do not affect the RTL; only a trace shows them). */
struct dut_trace_tb {
    struct sys_out exp;      /* the golden model's outputs in this cycle */
    struct sys_out exp_next; /* its outputs after this cycle's rising edge */
    int64_t cycle;           /* harness cycle number */
    bool mismatch;           /* the outputs differ in this cycle */
    uint16_t exp_atpkt;      /* golden ATB: [8] a byte offered, [7:0] header of its packet */
    uint16_t rtl_atpkt;      /* the same for the RTL */
};
/* Sets the trace-only inputs of the current cycle; call after dut_trace_eval. All but
 * exp_next are traced from the input change (10n+1); exp_next from the rising edge, so the
 * expected outputs change at the same edge as the RTL's. */
void dut_trace_set_tb(struct dut_trace *d, const struct dut_trace_tb *tb);

/* Rising then falling edge of clk_i (with a trace open, first the cycle's input-change
 * values are dumped). Returns 0, or non-zero if the RTL executed $stop/$fatal/$finish or a
 * failed assertion (Verilator --assert) during the cycle. */
int dut_trace_tick(struct dut_trace *d);
/* Starts an FST trace (closing any open one); returns 0 on success. */
int dut_trace_trace_open(struct dut_trace *d, const char *path);
void dut_trace_trace_close(struct dut_trace *d);
/* Checkpoints of the model's whole state (a model Verilated with --savable), held in
 * memory. dut_trace_save writes the state into *c (allocated if NULL, reused otherwise);
 * it fails (-1) while a trace is open. dut_trace_restore puts a saved state into a model
 * of the same build (closing its trace). */
struct dut_ckpt;
int dut_trace_save(struct dut_trace *d, struct dut_ckpt **c);
int dut_trace_restore(struct dut_trace *d, const struct dut_ckpt *c);
size_t dut_ckpt_bytes(const struct dut_ckpt *c);
void dut_ckpt_free(struct dut_ckpt *c);
/* The RTL tree the model was Verilated from and a hash of its sources' contents
 * (Makefile TB_RULES; "unknown" in builds that do not record them). */
const char *dut_trace_rtl_path(void);
const char *dut_trace_rtl_hash(void);

/* Runs final blocks; call once at the end. */
void dut_trace_final(struct dut_trace *d);

#ifdef __cplusplus
}
#endif

#endif
