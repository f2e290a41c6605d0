/* SPDX-License-Identifier: Apache-2.0 */
/* --time-models: what each model costs alone, without the harness that both --mode golden
 * and --mode rtl pay (issue #22, make bench). The random run (or scenario) is made once with
 * the golden model, as --mode golden makes it, and every cycle's inputs and outputs are
 * recorded; then the golden model from reset and a new Verilated model each run those
 * inputs, timed, with nothing else in the loop. Both must give the recorded outputs in
 * every cycle (a lockstep comparison after the fact), so the two did the same work. The
 * recording takes about 320 bytes a cycle (--cycles 1000000: 320 MB). */
#ifndef TRACEREF_SIM_C_TB_TRACE_TRACE_TB_MODELS_H
#define TRACEREF_SIM_C_TB_TRACE_TRACE_TB_MODELS_H

struct tb;

/* After the event source and the driver are set up (tb_start is called here); prints one
 * line with both rates. Returns EXIT_PASS, or EXIT_FAIL after printing why (the run's own
 * checks failed, the outputs differ, the RTL stopped, out of memory). */
int tb_time_models(struct tb *tb);

#endif
