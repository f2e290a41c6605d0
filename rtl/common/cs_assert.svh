// SPDX-License-Identifier: Apache-2.0
// Assertion macros for the CoreSight blocks: immediate asserts in clocked blocks.
// Spec: none (verification infrastructure; docs/itm-contract.md section 2 reset rule).
//
// CS_ASSERT(name, expr)      expr must hold at every rising clk_i edge while rst_ni is high.
// CS_ASSERT_KNOWN(name, sig) sig has no X/Z bits at every rising edge out of reset.
// CS_ASSERT_INIT(name, expr) elaboration-time (time 0) check, typically of parameters.
//
// They expand to nothing under SYNTHESIS (Yosys defines it). The name labels a named
// block (Icarus 11 rejects labelled assert statements) and appears in the message.
// The enclosing module must have clk_i and rst_ni. CS_ASSERT uses rst_ni as an asynchronous
// control, like the flops, so that Verilator sees no mixed sync/async use (SYNCASYNCNET).

`ifndef CS_ASSERT_SVH
`define CS_ASSERT_SVH

`ifndef SYNTHESIS

`define CS_ASSERT(name, expr) \
  always @(posedge clk_i or negedge rst_ni) begin : name \
    if (rst_ni) begin \
      assert (expr) else $error("%m: assertion failed"); \
    end \
  end

`ifdef __ICARUS__
// Icarus 11 gets $isunknown of a concatenation wrong; an X/Z bit makes the XOR reduction X.
`define CS_ASSERT_KNOWN(name, sig) \
  `CS_ASSERT(name, (^(sig)) !== 1'bx)
`else
`define CS_ASSERT_KNOWN(name, sig) \
  `CS_ASSERT(name, !$isunknown(sig))
`endif

`define CS_ASSERT_INIT(name, expr) \
  initial begin : name \
    assert (expr) else $fatal(1, "%m: parameter check failed"); \
  end

`else

`define CS_ASSERT(name, expr)
`define CS_ASSERT_KNOWN(name, sig)
`define CS_ASSERT_INIT(name, expr)

`endif

`endif  // CS_ASSERT_SVH
