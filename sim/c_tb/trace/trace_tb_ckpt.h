/* SPDX-License-Identifier: Apache-2.0 */
/* Checkpoints of a run, so that the wave replay of a failure starts near it instead of at
 * cycle 0. The main run saves the whole state of the harness (the golden model, the driver,
 * the event source, the stream decoders: plain C structs, copied; the Verilated model:
 * Verilator's --savable serialisation, dut_trace_save) at the end of a cycle, about every
 * --checkpoint-ms of run time; the two newest are kept. The replay restores the newest one
 * at or before the first traced cycle. */
#ifndef TRACEREF_SIM_C_TB_TRACE_TRACE_TB_CKPT_H
#define TRACEREF_SIM_C_TB_TRACE_TRACE_TB_CKPT_H

#include <stdbool.h>
#include <stdint.h>

struct tb;

/* Called by the cycle loop between two cycles (every 65536 cycles): saves a checkpoint if
 * --checkpoint-ms passed since the last one. */
void tb_ckpt_tick(struct tb *tb);
/* Restores the newest checkpoint at or before cycle 'from' into a freshly started tb
 * (tb_start(tb, true)); returns its cycle, or INT64_MIN (nothing restored: start at 0). */
int64_t tb_ckpt_restore(struct tb *tb, int64_t from);
/* Frees the checkpoints. */
void tb_ckpt_free(struct tb *tb);

#endif
