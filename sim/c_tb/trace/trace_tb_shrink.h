/* SPDX-License-Identifier: Apache-2.0 */
/* --shrink: reduces the events of a failed run to a small scenario that still fails the
 * same way (delta debugging, common/shrink.h), writes it with its waves, and prints the
 * command that runs it. */
#ifndef TRACEREF_SIM_C_TB_TRACE_TRACE_TB_SHRINK_H
#define TRACEREF_SIM_C_TB_TRACE_TRACE_TB_SHRINK_H

struct tb;
struct run_result;

/* Shrinks the failure orig of the main run, whose events tb->col collected, into
 * DIR/shrunk.scn with DIR/shrunk.fst and DIR/shrunk.gtkw (DIR: wave_dir). Only mismatches
 * and RTL stops are shrunk; anything else, and every problem, is reported and skipped. */
void shrink_run(struct tb *tb, const struct run_result *orig);

#endif
