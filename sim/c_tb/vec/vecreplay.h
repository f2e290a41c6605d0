/* SPDX-License-Identifier: Apache-2.0 */
/* vecreplay's check of the DWT, TPIU, FPB and system vectors (vecreplay_blk.c); vecreplay.c
 * checks the ITM's and hands the others over. */
#ifndef TRACEREF_SIM_C_TB_VEC_VECREPLAY_H
#define TRACEREF_SIM_C_TB_VEC_VECREPLAY_H

#include <stdbool.h>

/* True if DIR/vector.txt names a block other than the ITM (its "block" line). */
bool vecreplay_blk_owns(const char *dir);
/* Proves one such vector on the Verilated trace_top; true if it passes, else prints why. */
bool vecreplay_blk(const char *dir);

#endif
