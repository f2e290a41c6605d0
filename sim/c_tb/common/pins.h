/* SPDX-License-Identifier: Apache-2.0 */
/* The scenario's expect_pin lines, checked on one side's outputs every cycle, and the pin
 * captures (--capture-swo, --capture-par): raw for the trace decoder (sim/decode), or
 * sigrok sessions (.sr) for sigrok-cli and PulseView. */
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

/* Pin captures: one sample per cycle out of reset, of the RTL's pins (the golden model's
 * with --mode golden), in one of two formats, chosen by the file name (pins_capture_name):
 *   raw (any name)  one byte per cycle: SWO the level 0/1; parallel the TRACEDATA value
 *                   (the input of tracedump, sim/decode).
 *   sigrok (*.sr)   a sigrok session (sr_write.h) at PINS_CAPTURE_RATE Hz (pins_capture_rate):
 *                   SWO one channel "SWO"; parallel the channels TRACECLK (bit 0) and
 *                   TRACEDATA0..TRACEDATA<W-1> (bits 1..W, W = TPIU_CFG_PORT_WIDTH), the
 *                   pins' levels in the same cycles as the raw capture. The samples go to the
 *                   file during the run (unitsize bytes per cycle); once the run has closed it,
 *                   pins_capture_finish rewrites the file as the session zip.
 * NULL files are skipped. Returns 0, or -1 on a write error. */
int pins_capture(FILE *swo, FILE *par, const struct sys_out *o);

enum pins_cap { PINS_CAP_SWO, PINS_CAP_PAR };
#define PINS_CAPTURE_RATE 48000000 /* default sample rate of .sr captures: one cycle, Hz */
/* The file name of capture k, as given on the command line (kept, not copied): a name
 * ending in ".sr" selects the sigrok format. Call before the run. */
void pins_capture_name(enum pins_cap k, const char *path);
/* The sample rate written into .sr captures (the harness clock, Hz; > 0). */
void pins_capture_rate(uint64_t hz);
/* Rewrites the .sr captures of this run as sigrok sessions, after their FILEs are closed:
 * each one pins_capture wrote at least one sample to (a file the run never wrote to is left
 * alone). Returns 0, or -1 after logging an error. */
int pins_capture_finish(void);

#endif
