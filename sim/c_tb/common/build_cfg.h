/* SPDX-License-Identifier: Apache-2.0 */
/* The ITM configuration a harness binary was built for (the parameters the RTL was
 * Verilated with, passed by the Makefile as -DITM_CFG_* macros). */
#ifndef TRACEREF_SIM_C_TB_COMMON_BUILD_CFG_H
#define TRACEREF_SIM_C_TB_COMMON_BUILD_CFG_H

#include "itm_model.h"

#if !defined(ITM_CFG_NUM_STIM_PORTS) || !defined(ITM_CFG_STIM_FIFO_DEPTH) || \
    !defined(ITM_CFG_HW_FIFO_DEPTH) || !defined(ITM_CFG_TS_WIDTH) || !defined(ITM_CFG_GTS_WIDTH)
#error "build with -DITM_CFG_NUM_STIM_PORTS=.. etc. (the configuration the RTL was Verilated with)"
#endif

static const struct itm_cfg build_cfg = {
    .num_stim_ports = ITM_CFG_NUM_STIM_PORTS,
    .stim_fifo_depth = ITM_CFG_STIM_FIFO_DEPTH,
    .hw_fifo_depth = ITM_CFG_HW_FIFO_DEPTH,
    .ts_width = ITM_CFG_TS_WIDTH,
    .gts_width = ITM_CFG_GTS_WIDTH,
};

#endif
