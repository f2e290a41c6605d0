// SPDX-License-Identifier: Apache-2.0
// etm_scn: writes the stimulus of one etm_decode run, cycle by cycle, as a lockstep-harness
// scenario (sim/c_tb/SCENARIO.md) for trace_tb on CFG=full, so that the RTL retires the
// same program in the same cycles (etm_decode --rtl): the APB writes (the ITM's, the TPIU's
// and the ETM's: PPB frames 0x00, 0x40, 0x41) become `write` lines, the PE trace interface's
// events `pe` and `pe_exc` lines (with the speculation inputs of their cycle,
// docs/etm-contract.md 18.2), a cycle with speculation inputs alone `pe_spec`, every other
// cycle `idle`.
#ifndef TRACEREF_TESTS_OPENCSD_ETM_SCN_H
#define TRACEREF_TESTS_OPENCSD_ETM_SCN_H

#include <stdint.h>
#include <stdio.h>

#include "etm_model.h"
#include "tpiu_model.h"

struct etm_scn {
    FILE *f;
    unsigned idle; // idle cycles not written yet
    uint64_t cycles;
};

// Starts the scenario: the config line (with max_spec > 0 also `maxspec=`: the harness of
// etmspec), gts_i = gts0 + cycle, SPNIDEN.
void etm_scn_open(struct etm_scn *s, FILE *f, uint64_t gts0, int spniden, unsigned max_spec);
// One cycle of the run, with the inputs the golden ETM and TPIU got in it.
void etm_scn_cycle(struct etm_scn *s, const struct etm_in *e, const struct tpiu_in *t);
// One cycle of --rtl's run: the inputs of the golden trace_top (struct sys_in), whose APB
// writes (ITM, TPIU, ETM frames) become `write` lines.
struct sys_in;
void etm_scn_cycle_sys(struct etm_scn *s, const struct sys_in *in);
// The `pe` or `pe_exc` line of the event on e's PE trace interface (pe_valid or exc_valid),
// opts (the cycle's speculation options, or "") appended; also etm_decode --emit-scn's.
void etm_scn_event(FILE *f, const struct etm_in *e, const char *opts);
// Ends it: the last idle cycles, a wait until the TPIU has sent everything.
void etm_scn_close(struct etm_scn *s);

#endif
