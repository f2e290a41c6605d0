/* SPDX-License-Identifier: Apache-2.0 */
/* What trace_tb prints at the end of a run: the failure report with the command that
 * reproduces it, or the summary of a pass. */
#ifndef TRACEREF_SIM_C_TB_TRACE_TRACE_TB_REPORT_H
#define TRACEREF_SIM_C_TB_TRACE_TRACE_TB_REPORT_H

#include <stddef.h>

struct tb;
struct run_result;

/* The failure of r: what differed or failed, the inputs, the last packets and events,
 * and the command line that reproduces it with waves. */
void report_failure(struct tb *tb, const struct run_result *r);
/* PASS, the run's identity, its rate, and the packet counts. */
void print_summary(const struct tb *tb, const struct run_result *r);
/* Appends s, shell-quoted if it needs it, to the command line in buf (n bytes) at *pos. */
void append_arg(char *buf, size_t n, size_t *pos, const char *s);

#endif
