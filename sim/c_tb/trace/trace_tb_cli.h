/* SPDX-License-Identifier: Apache-2.0 */
/* The command line of trace_tb: one option table that both getopt_long and --help are
 * built from (STYLE.md "Command lines"). */
#ifndef TRACEREF_SIM_C_TB_TRACE_TRACE_TB_CLI_H
#define TRACEREF_SIM_C_TB_TRACE_TRACE_TB_CLI_H

struct opts;

/* Fills o from the command line (the defaults for what is not given); --quiet and
 * --verbose set the log level at once, --help prints the usage and exits 0. Returns
 * EXIT_PASS, or EXIT_USAGE after printing the reason. */
int parse_args(int argc, char **argv, struct opts *o);

#endif
