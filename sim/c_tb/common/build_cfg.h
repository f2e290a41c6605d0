/* SPDX-License-Identifier: Apache-2.0 */
/* The configuration a harness binary was built for (the parameters the RTL was
 * Verilated with, passed by the Makefile as -DITM_CFG_* and -DFPB_CFG_* macros). */
#ifndef TRACEREF_SIM_C_TB_COMMON_BUILD_CFG_H
#define TRACEREF_SIM_C_TB_COMMON_BUILD_CFG_H

#include "sys_model.h"

#if !defined(ITM_CFG_NUM_STIM_PORTS) || !defined(ITM_CFG_STIM_FIFO_DEPTH) || \
    !defined(ITM_CFG_HW_FIFO_DEPTH) || !defined(ITM_CFG_TS_WIDTH) || !defined(ITM_CFG_GTS_WIDTH)
#error "build with -DITM_CFG_NUM_STIM_PORTS=.. etc. (the configuration the RTL was Verilated with)"
#endif
#if !defined(FPB_CFG_NUM_CODE) || !defined(FPB_CFG_NUM_LIT) || !defined(FPB_CFG_BOTH_HALVES) || \
    !defined(FPB_CFG_SEC_EXT) || !defined(FPB_CFG_UDE)
#error "build with -DFPB_CFG_NUM_CODE=.. etc. (the configuration the RTL was Verilated with)"
#endif

#if !defined(SYS_CFG_HAS_TPIU) || !defined(TPIU_CFG_PORT_WIDTH) ||                         \
    !defined(TPIU_CFG_ATB_FIFO_DEPTH) || !defined(TPIU_CFG_FRAME_IDLE_CYCLES)
#error "build with -DSYS_CFG_HAS_TPIU=.. -DTPIU_CFG_PORT_WIDTH=.. -DTPIU_CFG_ATB_FIFO_DEPTH=.. etc."
#endif

#if !defined(SYS_CFG_HAS_DWT) || !defined(DWT_CFG_NUM_COMP) || !defined(DWT_CFG_FIFO_DEPTH) ||   \
    !defined(DWT_CFG_MAIN) || !defined(DWT_CFG_TRACE) || !defined(DWT_CFG_CYCCNT) ||           \
    !defined(DWT_CFG_PRFCNT) || !defined(DWT_CFG_EXTTRIG) || !defined(DWT_CFG_VMASK) ||         \
    !defined(DWT_CFG_PCSR)
#error "build with -DSYS_CFG_HAS_DWT=.. -DDWT_CFG_NUM_COMP=.. etc."
#endif

#if !defined(SYS_CFG_HAS_ETM) || !defined(ETM_CFG_FIFO_DEPTH) || !defined(ETM_CFG_RS_DEPTH) ||  \
    !defined(ETM_CFG_CC_SIZE) || !defined(ETM_CFG_NUM_PC) || !defined(ETM_CFG_FUNNEL_HOLD) ||  \
    !defined(ETM_CFG_HAS_STALL) || !defined(ETM_CFG_NUM_AC_PAIRS) || !defined(ETM_CFG_ATOM_F45) || \
    !defined(ETM_CFG_MAX_SPEC) || !defined(ETM_CFG_Q_SUPP)
#error "build with -DSYS_CFG_HAS_ETM=.. -DETM_CFG_FIFO_DEPTH=.. etc."
#endif

#define BUILD_ITM_CFG                                                                      \
    {                                                                                      \
        .num_stim_ports = ITM_CFG_NUM_STIM_PORTS, .stim_fifo_depth = ITM_CFG_STIM_FIFO_DEPTH, \
        .hw_fifo_depth = ITM_CFG_HW_FIFO_DEPTH, .ts_width = ITM_CFG_TS_WIDTH,              \
        .gts_width = ITM_CFG_GTS_WIDTH,                                                    \
    }

/* The ITM part (also what vectors record). */
static const struct itm_cfg build_cfg = BUILD_ITM_CFG;

static const struct sys_cfg build_sys_cfg = {
    .itm = BUILD_ITM_CFG,
    .fpb = {
        .num_code = FPB_CFG_NUM_CODE,
        .num_lit = FPB_CFG_NUM_LIT,
        .both_halves = FPB_CFG_BOTH_HALVES,
        .sec_ext = FPB_CFG_SEC_EXT,
        .ude = FPB_CFG_UDE,
    },
    .has_tpiu = SYS_CFG_HAS_TPIU != 0,
    .tpiu = {
        .port_width = TPIU_CFG_PORT_WIDTH,
        .atb_fifo_depth = TPIU_CFG_ATB_FIFO_DEPTH,
        .frame_idle_cycles = TPIU_CFG_FRAME_IDLE_CYCLES,
    },
    .has_dwt = SYS_CFG_HAS_DWT != 0,
    .dwt = {
        .num_comp = DWT_CFG_NUM_COMP,
        .fifo_depth = DWT_CFG_FIFO_DEPTH,
        .main_ext = DWT_CFG_MAIN != 0,
        .trace = DWT_CFG_TRACE != 0,
        .cyccnt = DWT_CFG_CYCCNT != 0,
        .prfcnt = DWT_CFG_PRFCNT != 0,
        .exttrig = DWT_CFG_EXTTRIG != 0,
        .vmask = DWT_CFG_VMASK != 0,
        .pcsr = DWT_CFG_PCSR != 0,
        .sec_ext = FPB_CFG_SEC_EXT != 0,
        .ude = FPB_CFG_UDE != 0,
    },
    .has_etm = SYS_CFG_HAS_ETM != 0,
    .etm = {
        .fifo_depth = ETM_CFG_FIFO_DEPTH,
        .rs_depth = ETM_CFG_RS_DEPTH,
        .cc_size = ETM_CFG_CC_SIZE,
        .num_pc = ETM_CFG_NUM_PC,
        .sec_ext = FPB_CFG_SEC_EXT != 0,
        .has_stall = ETM_CFG_HAS_STALL != 0,
        .num_ac_pairs = ETM_CFG_NUM_AC_PAIRS,
        .atom_f45 = ETM_CFG_ATOM_F45 != 0,
        .max_spec = ETM_CFG_MAX_SPEC,
        .q_supp = ETM_CFG_Q_SUPP != 0,
    },
    .funnel_hold = ETM_CFG_FUNNEL_HOLD,
};

#endif
