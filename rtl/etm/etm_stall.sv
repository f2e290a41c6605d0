// SPDX-License-Identifier: Apache-2.0
// ETM stall request to the PE (TRCSTALLCTLR.ISTALL, LEVEL): a comparison of registered state
// only (EN_q, TRCSTALLCTLR, the FIFO's count_q), so no input of the cycle reaches pe_stall_o.
// Spec: docs/etm-contract.md 20 ([ETM-STALL-3], [ETM-STALL-4]).

`default_nettype none

module etm_stall #(
  parameter int FifoDepth = 64,  // bytes: 64, 128, 256
  parameter int HasStall  = 0    // 0: pe_stall_o is constant 0 [ETM-STALL-1]
) (
  input  logic       en_i,       // TRCPRGCTLR.EN (EN_q)
  input  logic       istall_i,   // TRCSTALLCTLR.ISTALL (register)
  input  logic [3:0] level_i,    // TRCSTALLCTLR.LEVEL (register)
  input  logic [8:0] count_i,    // the FIFO's count_q
  output logic       pe_stall_o
);

  localparam int Step = FifoDepth / 16;  // 4, 8, 16: thr(L) = (16 - L) * Step

  logic [9:0] thr;

  // [ETM-STALL-3] thr(LEVEL) = (16 - LEVEL) * FifoDepth / 16
  assign thr = (10'd16 - {6'h0, level_i}) * 10'(Step);

  // [ETM-STALL-4] EN_q && ISTALL && count_q >= thr(LEVEL)
  assign pe_stall_o = (HasStall != 0) && en_i && istall_i && ({1'b0, count_i} >= thr);

endmodule
