/* SPDX-License-Identifier: Apache-2.0 */
/* Unit test of sys_model_blocks_get: the blocks' ports it reports are the ones the system
 * model wires (docs/fpb-contract.md §7, docs/tpiu-contract.md §9, docs/dwt-contract.md §17)
 * and agree with sys_model_eval's outputs, cycle by cycle, on a system with a DWT and a TPIU
 * carrying trace; asking for them changes nothing. */
#include <stdio.h>
#include <string.h>

#include "sys_model.h"

#include "check.h"

/* the `full` configuration (configs/configs.txt) */
static const struct sys_cfg full = {
    .itm = {32, 4, 2, 12, 64},
    .fpb = {8, 0, true, true, true},
    .has_tpiu = true,
    .tpiu = {4, 4, 16},
    .has_dwt = true,
    .dwt = {4, 1, true, true, true, true, false, true, true, true, true},
};

/* An APB access in cycle c of a two-cycle transfer starting at cycle t0. */
struct acc {
    int t0;
    uint32_t addr, data;
};
static const struct acc accs[] = {
    {0, 0x400F0, 0x2},         /* TPIU_SPPR: NRZ */
    {2, 0x00E80, 0x00010009},  /* ITM_TCR: ITMENA, TXENA, TraceBusID 1 */
    {4, 0x00E00, 0x1},         /* ITM_TER0 */
    {6, 0x01000, 0x00010001},  /* DWT_CTRL: EXCTRCENA, CYCCNTENA */
    {8, 0x00000, 0x41},        /* ITM_STIM0 */
    {10, 0x02000, 0x3},        /* FP_CTRL: KEY, ENABLE */
    {12, 0x01000, 0x0},        /* DWT_CTRL read below */
};

static struct sys_in input(int c)
{
    struct sys_in in;
    memset(&in, 0, sizeof in);
    in.itm.rst_n = c >= 0;
    in.itm.atready = true;
    in.itm.trcena = in.itm.niden = in.itm.spniden = true;
    in.pe_priv = in.niden_p = in.spniden_p = true;
    in.itm.gts = c > 0 ? (uint64_t)c : 0;
    for (size_t k = 0; k < sizeof accs / sizeof accs[0]; k++)
        if (c == accs[k].t0 || c == accs[k].t0 + 1) {
            in.itm.psel = true;
            in.itm.penable = c == accs[k].t0 + 1;
            in.itm.pwrite = k != 6;
            in.itm.paddr = accs[k].addr;
            in.itm.pwdata = accs[k].data;
            in.itm.pstrb = in.itm.pwrite ? 0xF : 0;
            in.itm.pprot = 1; /* privileged */
        }
    if (c == 20 || c == 24) { /* exception entries: two DWT packets (DwtFifoDepth 1) */
        in.exc_valid = true;
        in.exc_fn = 1;
        in.exc_num = (uint16_t)(16 + c);
    }
    in.if_valid = c == 30;
    in.if_addr = 0x100;
    return in;
}

int main(void)
{
    static struct sys_model m, copy;
    CHECK(sys_model_init(&m, &full) == 0);
    sys_model_reset(&m);
    unsigned atb = 0, hw = 0, txb = 0;
    for (int c = -4; c < 400; c++) {
        struct sys_in in = input(c);
        struct sys_out o;
        struct sys_blocks b;
        sys_model_eval(&m, &in, &o);
        copy = m;
        sys_model_blocks_get(&m, &in, &b);
        CHECK(memcmp(&copy, &m, sizeof m) == 0);
        unsigned frame = (in.itm.paddr >> 12) & 0xFFu;
        /* each block's psel only in its own frame, a 12-bit offset */
        CHECK(b.itm_in.psel == (in.itm.psel && frame == SYS_FRAME_ITM));
        CHECK(b.dwt_in.psel == (in.itm.psel && frame == SYS_FRAME_DWT));
        CHECK(b.fpb_in.psel == (in.itm.psel && frame == SYS_FRAME_FPB));
        CHECK(b.tpiu_in.psel == (in.itm.psel && frame == SYS_FRAME_TPIU));
        CHECK(b.dwt_in.paddr == (in.itm.paddr & 0xFFFu) && b.tpiu_in.paddr == b.dwt_in.paddr);
        /* the APB outputs are the blocks' ORed */
        CHECK(o.itm.prdata == (b.itm_out.prdata | b.fpb_out.prdata | b.tpiu_out.prdata |
                               b.dwt_out.prdata));
        /* DWT -> ITM, and the ITM's hw_ready back */
        CHECK(b.itm_in.hw_valid == b.dwt_out.hw_valid && b.itm_in.hw_data == b.dwt_out.hw_data);
        CHECK(b.itm_in.hw_ovf == b.dwt_out.hw_ovf && b.itm_in.dwt_sync_req == b.dwt_out.sync_req);
        CHECK(b.dwt_in.hw_ready == o.itm.hw_ready && b.dwt_in.exc_valid == in.exc_valid);
        CHECK(o.cmpmatch == b.dwt_out.cmpmatch && o.dwt_hw_valid == b.dwt_out.hw_valid);
        /* ITM -> TPIU, and the TPIU's outputs back */
        CHECK(b.tpiu_in.atvalid == o.itm.atvalid && b.tpiu_in.atdata == o.itm.atdata &&
              b.tpiu_in.atid == o.itm.atid && b.tpiu_in.afready == o.itm.afready);
        CHECK(b.itm_in.atready == b.tpiu_out.atready && o.atready == b.tpiu_out.atready);
        CHECK(b.itm_in.ts_async_tick == b.tpiu_out.ts_tick &&
              b.itm_in.async_idle == b.tpiu_out.async_idle &&
              b.itm_in.tpiu_sync_req == b.tpiu_out.sync_req);
        CHECK(o.txb_valid == b.tpiu_out.txb_valid && o.txb == b.tpiu_out.txb &&
              o.swo == b.tpiu_out.swo);
        /* the FPB */
        CHECK(b.fpb_in.if_valid == in.if_valid && o.match == b.fpb_out.match);
        CHECK(b.itm_out.atvalid == o.itm.atvalid && b.itm_out.busy == o.itm.busy);
        atb += in.itm.rst_n && b.itm_out.atvalid && b.itm_in.atready;
        hw += in.itm.rst_n && b.dwt_out.hw_valid && b.dwt_in.hw_ready;
        txb += b.tpiu_out.txb_valid;
        sys_model_step(&m, &in);
    }
    /* the run carried trace through every connection */
    CHECK(atb >= 2 + 2 * 3);
    CHECK(hw == 2);
    CHECK(txb >= 4);
    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}
