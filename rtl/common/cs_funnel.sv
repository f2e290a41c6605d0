// SPDX-License-Identifier: Apache-2.0
// Two-input ATB funnel (byte-wide ATB): input 0 the ITM, input 1 the ETM, one output to the
// TPIU. A granted source keeps the port for up to FunnelHold bytes while the other waits;
// an idle granted input loses the port after one cycle, so no input is starved. The
// outputs are a select by registered state of this cycle's inputs (the sources' ATB
// outputs and the sink's atready are registered, so there is no combinational loop).
// Spec: CoreSight ATB funnel behaviour as pinned by docs/etm-contract.md 13 ([ETM-FUN-1],
// [ETM-FUN-2]).

`default_nettype none

`include "cs_assert.svh"

module cs_funnel #(
  parameter int FunnelHold = 8  // longest burst of one input, 1..64
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  // ATB slave ports: index 0 the ITM, 1 the ETM
  input  logic [1:0] atvalid_i,
  output logic [1:0] atready_o,
  input  logic [7:0] atdata0_i,
  input  logic [6:0] atid0_i,
  input  logic [7:0] atdata1_i,
  input  logic [6:0] atid1_i,
  output logic [1:0] afvalid_o,
  input  logic [1:0] afready_i,
  // ATB master port, to the TPIU
  output logic       atvalid_o,
  input  logic       atready_i,
  output logic [7:0] atdata_o,
  output logic [6:0] atid_o,
  input  logic       afvalid_i,
  output logic       afready_o
);

  localparam int NW = 7;  // burst counter width: 0..64

  logic          g_q, g_d;      // granted input
  logic [NW-1:0] n_q, n_d;      // bytes of the current burst, saturating at FunnelHold
  logic [1:0]    got_q, got_d;  // flush answers held until both have answered
  logic          o, xfer, burst_end;

  assign o         = ~g_q;
  assign xfer      = atvalid_i[g_q] & atready_i;
  assign burst_end = ({1'b0, n_q} + 8'd1 >= 8'(FunnelHold));

  // [ETM-FUN-1] the grant: leave an idle input at once, a busy one after FunnelHold bytes
  // when the other is waiting; otherwise count the burst.
  always_comb begin
    g_d = g_q;
    n_d = n_q;
    if (!atvalid_i[g_q] && atvalid_i[o]) begin
      g_d = o;
      n_d = '0;
    end else if (xfer && burst_end && atvalid_i[o]) begin
      g_d = o;
      n_d = '0;
    end else if (xfer) begin
      n_d = burst_end ? NW'(FunnelHold) : n_q + 1'b1;
    end
  end

  assign atvalid_o    = atvalid_i[g_q];
  assign atdata_o     = g_q ? atdata1_i : atdata0_i;
  assign atid_o       = g_q ? atid1_i : atid0_i;
  assign atready_o[0] = ~g_q & atready_i;
  assign atready_o[1] = g_q & atready_i;

  // [ETM-FUN-2] the flush request goes to both sources; the funnel answers when both have
  // (an answer is held in got_q until the other arrives; cleared with the funnel's answer).
  logic [1:0] have;

  assign have      = got_q | afready_i;
  assign afvalid_o = {afvalid_i, afvalid_i};
  assign afready_o = afvalid_i & (&have);
  assign got_d     = (afready_o || !afvalid_i) ? 2'b00 : have;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      g_q   <= 1'b0;
      n_q   <= '0;
      got_q <= 2'b00;
    end else begin
      g_q   <= g_d;
      n_q   <= n_d;
      got_q <= got_d;
    end
  end

  // ---- Assertions ------------------------------------------------------------------------
  `CS_ASSERT_INIT(FunnelHoldRange_A, FunnelHold >= 1 && FunnelHold <= 64)
  `CS_ASSERT(BurstBound_A, n_q <= NW'(FunnelHold))
  `CS_ASSERT(OneReady_A, !(atready_o[0] && atready_o[1]))

endmodule
