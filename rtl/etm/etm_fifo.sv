// SPDX-License-Identifier: Apache-2.0
// ETM output FIFO: takes a cycle's bytes in order at one edge, offers one byte per cycle on
// ATB; the ATB flush acknowledge.
// Spec: docs/etm-contract.md 11 ([ETM-FIFO-1], [ETM-FLUSH-1]).

`default_nettype none

`include "cs_assert.svh"

module etm_fifo #(
  parameter int FifoDepth = 64  // bytes: 64, 128, 256
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // bytes of this cycle (etm_gen): the last in bits [7:0], the first in [8*len-1 -: 8]
  input  logic [etm_pkg::MaxBytes*8-1:0] push_data_i,
  input  logic [5:0]  push_len_i,
  output logic [8:0]  count_o,        // count_q
  // ATB master
  output logic        atvalid_o,
  input  logic        atready_i,
  output logic [7:0]  atdata_o,
  // flush handshake [ETM-FLUSH-1]
  input  logic        afvalid_i,
  input  logic        atoms_empty_i,  // no pending atoms in cycle t
  output logic        afready_o
);

  localparam int AW = $clog2(FifoDepth);

  logic [FifoDepth*8-1:0] mem_q, mem_d;     // storage, entry i in bits [8i+7:8i]: no reset
  logic [AW-1:0] rd_q, rd_d, wr_q, wr_d;
  logic [8:0]    count_q, count_d;
  logic          afready_q, afready_d;
  logic          pop;

  // [ETM-FIFO-1] pop the head, then append the cycle's bytes; free space excludes the pop.
  assign pop = (count_q != 9'd0) & atready_i;

  // Per entry, not per byte (far smaller in synthesis): entry e is written when its distance
  // from the write pointer, off, is below the cycle's byte count; it takes byte off of the
  // cycle, which etm_gen holds at position len-1-off (the last byte in bits [7:0]).
  // Only a cycle with bytes runs the per-entry loop and loads the storage (a branch the
  // Verilated model keeps: an idle cycle costs no pass over the FifoDepth entries).
  logic [AW-1:0] off;
  logic [5:0]    sel;
  logic          mem_we;

  assign mem_we = (push_len_i != 6'd0);

  always_comb begin
    mem_d = mem_q;
    off   = '0;
    sel   = '0;
    if (mem_we) begin
      for (int e = 0; e < FifoDepth; e++) begin
        off = AW'(e) - wr_q;
        sel = push_len_i - 6'd1 - 6'(off);
        if ({1'b0, off} < (AW+1)'(push_len_i)) begin
          mem_d[8*e +: 8] = push_data_i[{sel, 3'b000} +: 8];
        end
      end
    end
  end

  assign rd_d      = pop ? rd_q + 1'b1 : rd_q;
  assign wr_d      = wr_q + AW'(push_len_i);
  assign count_d   = count_q - {8'h0, pop} + {3'h0, push_len_i};
  assign afready_d = afvalid_i & ~afready_q & (count_q == 9'd0) & atoms_empty_i;

  always_ff @(posedge clk_i) begin
    if (mem_we) begin
      mem_q <= mem_d;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_q      <= '0;
      wr_q      <= '0;
      count_q   <= 9'd0;
      afready_q <= 1'b0;
    end else begin
      rd_q      <= rd_d;
      wr_q      <= wr_d;
      count_q   <= count_d;
      afready_q <= afready_d;
    end
  end

  assign count_o   = count_q;
  assign atvalid_o = (count_q != 9'd0);
  assign atdata_o  = atvalid_o ? mem_q[{rd_q, 3'b000} +: 8] : 8'h00;
  assign afready_o = afready_q;

  // ---- Assertions ------------------------------------------------------------------------
  `CS_ASSERT_INIT(FifoDepthRange_A, FifoDepth == 64 || FifoDepth == 128 || FifoDepth == 256)
  `CS_ASSERT(NoOverrun_A, {3'h0, push_len_i} + count_q <= 9'(FifoDepth))

endmodule
