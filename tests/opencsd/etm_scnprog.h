// SPDX-License-Identifier: Apache-2.0
// etm_scnprog: a directed ETM scenario (scenarios/etm_*.scn) read as a program for OpenCSD
// (etm_decode --rtl TB --scn FILE): its `pe` and `pe_exc` lines are the retired path, each
// with the cycle it runs in (every line's cycles as sim/c_tb/SCENARIO.md gives them), and a
// T32 code image is built from them: a plain instruction is a NOP of its size, `br=n` a
// B<cond>, `br=e` a B or BL to the next line's address, `br=ind` a BX LR (BLX r1 with
// link=1). Its writes give TRCCONFIGR, TRCCCCTLR, TRCTSCTLR, TRCSYNCPR, TRCTRACEIDR and the
// enable edge; `set gts`/`gts_step` the timestamp of each cycle.
#ifndef TRACEREF_TESTS_OPENCSD_ETM_SCNPROG_H
#define TRACEREF_TESTS_OPENCSD_ETM_SCNPROG_H

#include <stdbool.h>
#include <stdint.h>

#include "etm_prog.h"

#define SCNPROG_MAXEV 256u

struct scnprog {
    struct prog p;
    struct prog_event ev[SCNPROG_MAXEV];
    uint64_t cyc[SCNPROG_MAXEV]; // the cycle of each event
    unsigned nev;
    uint32_t configr, ccctlr, tsctlr, syncpr, traceidr;
    uint64_t en_cyc;                    // the access cycle of the enabling write
    uint64_t gts_base, gts_at, gts_step; // gts_i(c) = gts_base + (c - gts_at) * gts_step
    char why[256];                      // scnprog_load 1: why the scenario is not decoded
};

// 0: loaded; 1: not a program OpenCSD can be given (why says which line and why); -1: the
// file cannot be read (message on stderr).
int scnprog_load(const char *path, struct scnprog *s);
uint64_t scnprog_gts(const struct scnprog *s, uint64_t cyc);

#endif
