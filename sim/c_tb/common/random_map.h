/* SPDX-License-Identifier: Apache-2.0 */
/* Which PPB addresses hold a register: the frames of docs/fpb-contract.md section 7 and the
 * register maps of the ITM, DWT, FPB and TPIU contracts (section 4 of each). Shared by the
 * random generator (aliased-address accesses, random_bias.c) and the functional coverage
 * (fcov.c), so both agree on what "one bit away from a register" means. */
#ifndef TRACEREF_SIM_C_TB_COMMON_RANDOM_MAP_H
#define TRACEREF_SIM_C_TB_COMMON_RANDOM_MAP_H

#include <stdbool.h>
#include <stdint.h>

struct ppb_map {
    unsigned stim_ports;         /* NumStimPorts */
    unsigned fpb_code, fpb_lit;  /* NumCode, NumLit */
    bool has_dwt, has_tpiu;
    unsigned dwt_comp;           /* NumComp */
    bool has_etm;                /* HasEtm: frame 0x41 (docs/etm-contract.md [ETM-TOP-1]) */
};

/* True if frame f (paddr[19:12]) is decoded to a block. */
bool ppb_frame_mapped(const struct ppb_map *m, uint32_t f);
/* True if the word at paddr (20 bits, [1:0] ignored) is a register of its block (RO, RW or
 * RAZ/WI registers the contract names, implemented or not); false where the contract says
 * "unmapped" or "any other": such an access must read 0 and write nothing. */
bool ppb_reg_mapped(const struct ppb_map *m, uint32_t paddr);

#endif
