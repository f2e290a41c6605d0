/* SPDX-License-Identifier: Apache-2.0 */
/* Which PPB addresses hold a register (random_map.h). */
#include "random_map.h"

bool ppb_frame_mapped(const struct ppb_map *m, uint32_t f)
{
    return f == 0x00u || f == 0x02u || (f == 0x01u && m->has_dwt) || (f == 0x40u && m->has_tpiu) ||
           (f == 0x41u && m->has_etm);
}

/* The identification block every frame has (PIDR4..7, PIDR0..3, CIDR0..3, DEVTYPE). */
static bool id_reg(uint32_t o)
{
    return o >= 0xFCCu;
}

bool ppb_reg_mapped(const struct ppb_map *m, uint32_t paddr)
{
    uint32_t f = (paddr >> 12) & 0xFFu, o = paddr & 0xFFCu;
    if (!ppb_frame_mapped(m, f))
        return false;
    switch (f) {
    case 0x00u: /* ITM (itm-contract section 4): STIM array, TER0..7, TPR, TCR, IDs */
        return o < 0x400u || (o >= 0xE00u && o < 0xE20u) || o == 0xE40u || o == 0xE80u ||
               o == 0xFBCu || id_reg(o);
    case 0x01u: /* DWT (dwt-contract section 4): CTRL..PCSR, 16 comparator slots of 16
                 * bytes from 0x020 (up to 0x11C), IDs */
        return o < 0x120u || o == 0xFBCu || id_reg(o);
    case 0x41u: /* ETM (etm-contract section 12): every offset counts as mapped (no RAZ
                 * expectations in its frame: its unimplemented registers are RAZ/WI too) */
        return true;
    case 0x02u: /* FPB (fpb-contract section 4) */
        return o < 0x008u + 4u * (m->fpb_code + m->fpb_lit) || o == 0xFBCu || id_reg(o);
    default: /* TPIU (tpiu-contract section 4) */
        return o == 0x000u || o == 0x004u || o == 0x010u || o == 0x0F0u || o == 0x300u ||
               o == 0x304u || o == 0x308u || o == 0xEE8u || o == 0xFC8u || id_reg(o);
    }
}
