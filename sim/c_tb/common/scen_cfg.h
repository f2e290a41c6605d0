/* SPDX-License-Identifier: Apache-2.0 */
/* Whether a scenario can run on a configuration of trace_top: its `config` lines and the
 * kinds of its events (sim/c_tb/SCENARIO.md) against a struct sys_cfg. Shared by trace_tb
 * (which skips a scenario that does not fit, exit 77) and vecgen (which refuses it). */
#ifndef TRACEREF_SIM_C_TB_COMMON_SCEN_CFG_H
#define TRACEREF_SIM_C_TB_COMMON_SCEN_CFG_H

#include <stdbool.h>
#include <stddef.h>

#include "scenario.h"
#include "sys_model.h"

/* True if s fits cfg. Otherwise false, and why holds "PATH:LINE: VERDICT: REASON, HAVE
 * key=value" (or "PATH: VERDICT: ..." for a missing line), where VERDICT is what the caller
 * does about it ("skipped", "error") and HAVE says whose configuration it is (e.g. "this
 * binary is built with"). */
bool scen_cfg_fits(const struct scenario *s, const struct sys_cfg *cfg, const char *verdict,
                   const char *have, char *why, size_t n);

#endif
