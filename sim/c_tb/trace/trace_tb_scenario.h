/* SPDX-License-Identifier: Apache-2.0 */
/* Loading a scenario file for trace_tb: parse it, and check that this binary has the
 * configuration its 'config' lines (and its kinds of events) need. */
#ifndef TRACEREF_SIM_C_TB_TRACE_TRACE_TB_SCENARIO_H
#define TRACEREF_SIM_C_TB_TRACE_TRACE_TB_SCENARIO_H

struct scenario;

/* Allocates s's arrays (the caller frees ev, seg and bytes) and parses path into it.
 * Returns EXIT_PASS, EXIT_USAGE (unreadable or malformed) or EXIT_SKIP (it needs another
 * configuration), the last two after printing why. */
int load_scenario(struct scenario *s, const char *path);

#endif
