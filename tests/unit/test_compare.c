/* SPDX-License-Identifier: Apache-2.0 */
/* Unit test of the per-cycle comparison (sim/c_tb/common/compare.h): cmp_outputs, with its
 * fast test cmp_same over byte spans, gives exactly cmp_outputs_mask, the field-by-field
 * mask. Both sides start from different random bytes (padding included), every field is
 * then set to the same random value on both: mask 0, whatever the padding and etm_atready
 * hold; then each field alone is changed on one side (every bit of it in turn, both
 * sides): exactly its bit. Built and run by make unit-test (under ASan+UBSan). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"

/* Sets field f of o to v (bool fields to v & 1, narrower fields to v's low bits); returns
 * the field's width in bits. */
static unsigned set_field(struct sys_out *o, enum cmp_field f, uint64_t v)
{
    struct itm_out *i = &o->itm;
    switch (f) {
    case CMP_PRDATA: i->prdata = (uint32_t)v; return 32;
    case CMP_PREADY: i->pready = v & 1; return 1;
    case CMP_PSLVERR: i->pslverr = v & 1; return 1;
    case CMP_ATVALID: i->atvalid = v & 1; return 1;
    case CMP_ATDATA: i->atdata = (uint8_t)v; return 8;
    case CMP_ATID: i->atid = (uint8_t)v; return 8;
    case CMP_AFREADY: i->afready = v & 1; return 1;
    case CMP_HW_READY: i->hw_ready = v & 1; return 1;
    case CMP_BUSY: i->busy = v & 1; return 1;
    case CMP_MATCH: o->match = v & 1; return 1;
    case CMP_BKPT_HALT: o->bkpt_halt = v & 1; return 1;
    case CMP_BKPT_MON: o->bkpt_mon = v & 1; return 1;
    case CMP_ATREADY: o->atready = v & 1; return 1;
    case CMP_TRACECLK: o->traceclk = v & 1; return 1;
    case CMP_TRACEDATA: o->tracedata = (uint8_t)v; return 8;
    case CMP_SWO: o->swo = v & 1; return 1;
    case CMP_TXB_VALID: o->txb_valid = v & 1; return 1;
    case CMP_TXB: o->txb = (uint8_t)v; return 8;
    case CMP_CMPMATCH: o->cmpmatch = (uint16_t)v; return 16;
    case CMP_WPT_HALT: o->wpt_halt = v & 1; return 1;
    case CMP_WPT_MON: o->wpt_mon = v & 1; return 1;
    case CMP_DWT_HW_VALID: o->dwt_hw_valid = v & 1; return 1;
    case CMP_DWT_HW_DATA: o->dwt_hw_data = v; return 64;
    case CMP_DWT_HW_OVF: o->dwt_hw_ovf = v & 1; return 1;
    case CMP_DWT_SYNC_REQ: o->dwt_sync_req = v & 1; return 1;
    case CMP_ETM_ATVALID: o->etm_atvalid = v & 1; return 1;
    case CMP_ETM_ATDATA: o->etm_atdata = (uint8_t)v; return 8;
    case CMP_ETM_ATID: o->etm_atid = (uint8_t)v; return 8;
    case CMP_ETM_IDLE: o->etm_idle = v & 1; return 1;
    case CMP_FUN_ATVALID: o->fun_atvalid = v & 1; return 1;
    case CMP_FUN_ATDATA: o->fun_atdata = (uint8_t)v; return 8;
    case CMP_FUN_ATID: o->fun_atid = (uint8_t)v; return 8;
    case CMP_ETM_PE_STALL: o->etm_pe_stall = v & 1; return 1;
    case CMP_NFIELDS: break;
    }
    return 0;
}

static uint64_t rnd(void)
{
    return (uint64_t)rand() << 42 ^ (uint64_t)rand() << 21 ^ (uint64_t)rand();
}

static void random_bytes(void *p, size_t n)
{
    unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        b[i] = (unsigned char)rand();
}

int main(void)
{
    unsigned fails = 0, checks = 0;
    srand(22);
    for (unsigned round = 0; round < 200; round++) {
        struct sys_out g, r;
        random_bytes(&g, sizeof g); /* padding differs between the sides */
        random_bytes(&r, sizeof r);
        uint64_t val[CMP_NFIELDS];
        for (unsigned f = 0; f < CMP_NFIELDS; f++) {
            val[f] = rnd();
            set_field(&g, (enum cmp_field)f, val[f]);
            set_field(&r, (enum cmp_field)f, val[f]);
        }
        g.etm_atready = round & 1; /* not compared */
        r.etm_atready = (round >> 1) & 1;
        checks++;
        if (cmp_outputs(&g, &r) != 0 || cmp_outputs_mask(&g, &r) != 0) {
            printf("FAIL test_compare: round %u: equal fields reported as different\n", round);
            fails++;
        }
        for (unsigned f = 0; f < CMP_NFIELDS; f++) {
            unsigned w = set_field(&g, (enum cmp_field)f, val[f]);
            for (unsigned bit = 0; bit < w; bit++) {
                for (unsigned side = 0; side < 2; side++) {
                    struct sys_out *o = side ? &r : &g;
                    set_field(o, (enum cmp_field)f, val[f] ^ (uint64_t)1 << bit);
                    cmp_mask fast = cmp_outputs(&g, &r), slow = cmp_outputs_mask(&g, &r);
                    checks++;
                    if (fast != CMP_BIT(f) || slow != CMP_BIT(f)) {
                        printf("FAIL test_compare: %s bit %u (side %u): mask 0x%llx, field by "
                               "field 0x%llx, expected 0x%llx\n",
                               cmp_field_name((enum cmp_field)f), bit, side,
                               (unsigned long long)fast, (unsigned long long)slow,
                               (unsigned long long)CMP_BIT(f));
                        fails++;
                    }
                    set_field(o, (enum cmp_field)f, val[f]);
                }
            }
        }
    }
    if (fails) {
        printf("test_compare: %u of %u checks failed\n", fails, checks);
        return 1;
    }
    printf("test_compare: %u checks passed\n", checks);
    return 0;
}
