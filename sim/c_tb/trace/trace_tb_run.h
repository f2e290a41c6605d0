/* SPDX-License-Identifier: Apache-2.0 */
/* The cycle loop of trace_tb: both models get the same inputs every cycle and every output
 * is compared every cycle (docs/itm-contract.md, sim/c_tb/SCENARIO.md "Cycles"). The main
 * run, the wave replay and every trial run of the shrinker are runs of this loop. */
#ifndef TRACEREF_SIM_C_TB_TRACE_TRACE_TB_RUN_H
#define TRACEREF_SIM_C_TB_TRACE_TRACE_TB_RUN_H

#include <stdbool.h>

struct tb;
struct run_ctl;
struct run_result;

/* Makes tb ready to run its event source from the first reset cycle: a fresh golden model,
 * a new Verilated model with tb->rand_init, the driver rewound, empty streams. A replay
 * gets no event hook (--emit-scenario, --verbose and the --shrink collection see the main
 * run only). Returns 0, or -1 after printing why. */
int tb_start(struct tb *tb, bool replay);
/* Runs the cycles ctl asks for (after tb_start) and tells in r how the run ended. */
void tb_run(struct tb *tb, const struct run_ctl *ctl, struct run_result *r);

#endif
