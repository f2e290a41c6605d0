/* SPDX-License-Identifier: Apache-2.0 */
/* Functional coverage of a lockstep run, from the golden side: the ATB stream it sends
 * (decoded), the inputs and outputs of every cycle and the golden model's registers.
 * Bins: packet type x payload size, LTS form x TC x groups, GTS1 groups x wrap x clkch,
 * GTS2 48/64, extension page, ATREADY stalls per packet type, overflow causes, FIFO full,
 * flush, sync requests, reset in mid traffic, and with a TPIU its port modes, ID changes,
 * padding, flush and periodic sync, with a DWT the packets it hands to the ITM and its
 * other outputs, and the classes of the biased stimulus (random_bias.c): counter carries
 * across tap bits, operations one bit off a comparator, reserved values, aliased addresses,
 * same-edge accesses, linked-pair rewrites, and with the ETM its packets, return stack,
 * cycle counts, syncs and overflows and the funnel (fcov_etm.h; docs/coverage.md lists them). */
#ifndef TRACEREF_SIM_C_TB_COMMON_FCOV_H
#define TRACEREF_SIM_C_TB_COMMON_FCOV_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "sys_model.h"
#include "pktdec.h"
#include "fcov_etm.h"

#define FCOV_MAX_BINS 320u

struct fcov {
    uint64_t hit[FCOV_MAX_BINS];
    struct pktdec dec;
    bool stalled;          /* the packet being received was held by atready low */
    bool prev_valid;       /* prev_* hold the previous cycle */
    bool prev_hw_ovf, prev_ovf_pending, prev_sync_on, prev_halted;
    bool stim_drop_seen;   /* a stimulus write met a full FIFO since the last overflow */
    unsigned tp_p, tp_cur_id, tp_n, tp_fl; /* TPIU formatter state of the previous cycle */
    bool tp_cur_vld;
    bool tp_padded; /* the open frame had idle padding */
    /* biased-stimulus bins: the previous cycle's counters, a FUNCTIONn read's setup edge */
    uint64_t prev_gts;
    uint32_t prev_cyccnt;
    uint8_t prev_cnt[5];
    unsigned func_rd; /* n + 1 if the previous cycle was the setup cycle of a FUNCTIONn read */
    uint64_t cycles;
    struct fcov_etm etm; /* the ETM and funnel bins' state (fcov_etm.h) */
};

void fcov_init(struct fcov *f);
/* One cycle: in and out of the golden model, m its state before the clock edge. */
void fcov_cycle(struct fcov *f, const struct sys_in *in, const struct sys_out *out,
                const struct sys_model *m);
unsigned fcov_nbins(void);
const char *fcov_bin_name(unsigned i);
/* Prints "fcov: H/T bins hit" and each group's bins with their counts, holes marked. */
void fcov_print(const struct fcov *f, int lvl);
/* Writes {"format":1,"config":..,"cycles":..,"bins":{"name":count,..}}; 0 on success. */
int fcov_write_json(const struct fcov *f, const char *path, const char *config);

#endif
