/* SPDX-License-Identifier: Apache-2.0 */
/* trace_top's ETM and its ITM/ETM funnel in the golden system model (docs/etm-contract.md
 * section 13): the glue sys_model.c calls when has_etm. */
#ifndef TRACEREF_SIM_GOLDEN_SYS_ETM_H
#define TRACEREF_SIM_GOLDEN_SYS_ETM_H

#include "sys_model.h"

/* Checks and takes the ETM part of cfg (has_etm needs has_tpiu; the ETM's sec_ext is the
 * FPB's); 0 or -1. Leaves m untouched on failure. */
int sys_etm_init(struct sys_model *m, const struct sys_cfg *cfg);
void sys_etm_reset(struct sys_model *m);
/* Before the ITM is evaluated: the ETM's Moore outputs and the funnel's ready/flush towards
 * the ITM (w->to and w->dout already hold the TPIU's and the DWT's outputs). Sets the ITM's
 * atready and afvalid in w->ii. */
void sys_etm_wire(const struct sys_model *m, const struct sys_in *in, struct sys_wires *w);
/* After the ITM: the funnel with the ITM's ATB master (w->io); the ETM's atready/afvalid. */
void sys_etm_wire_back(const struct sys_model *m, struct sys_wires *w);
void sys_etm_step(struct sys_model *m, const struct sys_wires *w);
/* The ETM's and the funnel's outputs of struct sys_out. */
void sys_etm_outputs(const struct sys_wires *w, struct sys_out *o);

#endif
