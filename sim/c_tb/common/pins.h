/* SPDX-License-Identifier: Apache-2.0 */
/* The scenario's expect_pin lines, checked on one side's outputs every cycle, and the pin
 * captures (--capture-swo, --capture-par) that the trace decoder (sim/decode) reads. */
#ifndef TRACEREF_SIM_C_TB_COMMON_PINS_H
#define TRACEREF_SIM_C_TB_COMMON_PINS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "scenario.h"
#include "sys_model.h"

/* True if s has expect_pin lines (NULL: none). */
bool pins_any(const struct scenario *s);
/* Checks every expect_pin sample due in cycle c against o. Returns false and writes a
 * "file:line: check failed ..." message into msg on the first difference. */
bool pins_check(const struct scenario *s, int64_t c, const struct sys_out *o, const char *side,
                char *msg, size_t n);
/* End of the run at cycle end: false (and msg) if a sample of an expect_pin line lies
 * beyond it. */
bool pins_finish(const struct scenario *s, int64_t end, char *msg, size_t n);

/* Pin captures: one byte per cycle out of reset (SWO: the level 0/1; parallel: the
 * TRACEDATA value). NULL files are skipped. Returns 0, or -1 on a write error. */
int pins_capture(FILE *swo, FILE *par, const struct sys_out *o);

#endif
