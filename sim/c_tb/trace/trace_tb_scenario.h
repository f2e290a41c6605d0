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
/* --warn-unmapped: a warning for every read and write of s to a PPB frame that has no block
 * in this binary's configuration (docs/fpb-contract.md section 7: it reads as zero and
 * ignores writes, so a mistyped address goes unnoticed). Returns the number of warnings. */
unsigned warn_unmapped(const struct scenario *s);

#endif
