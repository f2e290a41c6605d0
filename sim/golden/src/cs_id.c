/* SPDX-License-Identifier: Apache-2.0 */
/* CoreSight component identification registers of every block (cs_id.h). */
#include "cs_id.h"

/* CIDR0..3: a CoreSight component, class 0x9 in CIDR1[7:4]. */
static const uint8_t cs_id_cidr[4] = {0x0Du, 0x90u, 0x05u, 0xB1u};

uint32_t cs_id_read(const struct cs_id *id, uint32_t off)
{
    off &= 0xFFCu;
    switch (off) {
    case 0xFBCu: return id->devarch;
    case 0xFCCu: return id->devtype;
    case 0xFD0u: return id->pidr[4];
    case 0xFE0u: case 0xFE4u: case 0xFE8u: case 0xFECu:
        return id->pidr[(off - 0xFE0u) / 4u];
    case 0xFF0u: case 0xFF4u: case 0xFF8u: case 0xFFCu:
        return cs_id_cidr[(off - 0xFF0u) / 4u];
    default:
        return 0u;
    }
}
