/* SPDX-License-Identifier: Apache-2.0 */
/* The waves of a failure: the run is replayed from its newest checkpoint before the window
 * (trace_tb_ckpt.h; else from cycle 0) with tracing in a window around the failure (or the
 * --wave trace is used), and a GTKWave view with a marker at the failure is written beside
 * the trace (README "Debugging a mismatch in GTKWave"); the path of the view goes into
 * TRACE_TB_LAST_VIEW beside the binary, for make wave. */
#ifndef TRACEREF_SIM_C_TB_TRACE_TRACE_TB_REPLAY_H
#define TRACEREF_SIM_C_TB_TRACE_TRACE_TB_REPLAY_H

#include <stddef.h>

struct tb;
struct run_result;

#define TRACE_TB_LAST_VIEW "last_view.txt"

/* The directory of a failure's files into buf: --wave-dir, else the binary's. */
void wave_dir(const struct tb *tb, char *buf, size_t n);
/* Replays the events of the current source (from a checkpoint) with tracing in
 * [fail - window, fail + 8] into dir/NAME.fst, and writes dir/NAME.gtkw. */
void write_fail_wave(struct tb *tb, const struct run_result *orig, const char *dir,
                     const char *name);
/* The waves of a failed run: its --wave trace, or a replay into DIR/mismatch.fst. */
void write_mismatch_wave(struct tb *tb, const struct run_result *orig);

#endif
