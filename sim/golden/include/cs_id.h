/* SPDX-License-Identifier: Apache-2.0 */
/* CoreSight component identification registers, the same map in every block: DEVARCH 0xFBC,
 * DEVTYPE 0xFCC, PIDR4 0xFD0, PIDR0..3 0xFE0..0xFEC, CIDR0..3 0xFF0..0xFFC (the register
 * maps of docs/itm-contract.md 4, fpb-contract.md 4, tpiu-contract.md 4, dwt-contract.md 4,
 * etm-contract.md 12). */
#ifndef CS_ID_H
#define CS_ID_H

#include <stdint.h>

/* A block's own ID values; CIDR0..3 are the CoreSight component's, the same in every block. */
struct cs_id {
    uint32_t devarch; /* 0xFBC; 0 for a block without one (the TPIU: RAZ) */
    uint8_t devtype;  /* 0xFCC */
    uint8_t pidr[5];  /* PIDR0..3 at 0xFE0..0xFEC, PIDR4 at 0xFD0 */
};

/* The ID register at byte offset off (bits [1:0] ignored); 0 at every other offset, which
 * every block reads as zero where its own map has nothing (PIDR5..7 included). */
uint32_t cs_id_read(const struct cs_id *id, uint32_t off);

#endif
