// SPDX-License-Identifier: Apache-2.0
// DWT output buffer: the per-edge packet list (up to 11 packets in 12 ordered slots) is
// pushed in order at one edge; what does not fit is lost with one overflow pulse.
// Spec: Armv8-M B14.2.7, B14.2.9; docs/dwt-contract.md section 15.
//
// The buffer is a shift register: entry 0 is the head (hw_data_o straight from a flop),
// a pop shifts every entry down by one, and the list is written behind the entries that
// remain. Entries at or above the fill level are kept at 0, so hw_data_o is 0 when empty.
// Built from continuous assignments and always_comb blocks that read only inputs of the
// module and registers (Icarus re-evaluates looped always_comb blocks on every transient).

`default_nettype none

`include "cs_assert.svh"

module dwt_buf #(
  parameter int Depth    = 4,   // entries (DwtFifoDepth): 1..16
  parameter int HasTrace = 1,   // without trace packets the buffer does not exist
  parameter int NumSlots = 12   // packet slots of one edge, in list order
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  // packet list of this edge ([DWT-BUF-1]); slot i at [40i +: 40]
  input  logic [NumSlots-1:0]    slot_vld_i,
  input  logic [NumSlots*40-1:0] slot_data_i,
  // hardware-source port to the ITM
  output logic                   hw_valid_o,
  input  logic                   hw_ready_i,
  output logic [39:0]            hw_data_o,
  output logic                   hw_ovf_o
);

  localparam int CntW  = $clog2(Depth + 1);
  localparam int RankW = $clog2(NumSlots + 1);
  // Wide enough for cnt + rank without wrapping.
  localparam int PosW  = ((CntW > RankW) ? CntW : RankW) + 1;

  if (HasTrace != 0) begin : gen_buf
    logic [CntW-1:0]     cnt_q, cnt_d;
    logic [Depth*40-1:0] mem_q;
    logic                valid_q, valid_d, ovf_q, ovf_d;

    // ---- Length of the list (the valid slots) -------------------------------------------
    logic [RankW-1:0] nvld;
    assign nvld = RankW'($countones(slot_vld_i));

    // ---- [DWT-BUF-2] free entries, pushes and loss -------------------------------------
    logic            pop;
    logic [PosW-1:0] free, total, base, npush;

    // [DWT-BUF-4] the head is popped when offered and accepted.
    assign pop   = valid_q && hw_ready_i;
    // A pop at the same edge does not make room.
    assign free  = PosW'(Depth) - PosW'(cnt_q);
    assign total = PosW'(nvld);
    assign npush = (total <= free) ? total : free;
    assign base  = PosW'(cnt_q) - PosW'(pop);  // entries that stay
    // The packet at position `free` is lost and the rest of the list is not generated.
    assign ovf_d = (total > free);

    // New entry k: a kept entry (shifted by the pop), else the list packet of rank k - base
    // if that rank is pushed, else 0. Only a cycle with a packet selects list packets: entry
    // k takes the slot whose rank r (valid slots below it) is pushed (r < npush) and lands on
    // it (base + r == k); at most one slot does (ranks are distinct). A select per entry
    // over the slots (a 12:1 mux each), not a write at a computed index (a shifter over the
    // whole entry array in synthesis).
    // The entries' next values feed only the entry flip-flops, so they are computed in the
    // flip-flops' own block (blocking temporaries, from the inputs and registers at the
    // edge): a simulator evaluates them once, at the edge, and not again whenever an input
    // changes (README, issue #22 item 1). The same next-state logic as a separate block.
    assign cnt_d   = CntW'(base + npush);
    assign valid_d = (base + npush) != '0;

    always_ff @(posedge clk_i or negedge rst_ni) begin : push_list
      logic [Depth*40-1:0]      mem_d;
      logic [NumSlots*PosW-1:0] rk;    // rank of slot i at [PosW*i +: PosW]
      logic [PosW-1:0]          acc;
      if (!rst_ni) begin
        cnt_q   <= '0;
        mem_q   <= '0;
        valid_q <= 1'b0;
        ovf_q   <= 1'b0;
      end else begin
        for (int k = 0; k < Depth; k++) begin
          if (PosW'(k) >= base) begin
            mem_d[40*k +: 40] = 40'h0;
          end else if (pop && (k + 1 < Depth)) begin
            mem_d[40*k +: 40] = mem_q[40*((k + 1 < Depth) ? k + 1 : k) +: 40];
          end else begin
            mem_d[40*k +: 40] = mem_q[40*k +: 40];
          end
        end
        if (slot_vld_i != '0) begin
          acc = '0;
          for (int i = 0; i < NumSlots; i++) begin
            rk[PosW*i +: PosW] = acc;
            acc = acc + PosW'(slot_vld_i[i]);
          end
          for (int k = 0; k < Depth; k++) begin
            for (int i = 0; i < NumSlots; i++) begin
              if (slot_vld_i[i] && (rk[PosW*i +: PosW] < npush) &&
                  ((base + rk[PosW*i +: PosW]) == PosW'(k))) begin
                mem_d[40*k +: 40] = slot_data_i[40*i +: 40];
              end
            end
          end
        end
        cnt_q   <= cnt_d;
        mem_q   <= mem_d;
        valid_q <= valid_d;
        ovf_q   <= ovf_d;
      end
    end

    assign hw_valid_o = valid_q;
    assign hw_data_o  = mem_q[39:0];
    assign hw_ovf_o   = ovf_q;

    // ---- Assertions ----------------------------------------------------------------------
    if ((2 ** CntW) - 1 > Depth) begin : gen_cnt_range_a
      `CS_ASSERT(cnt_range_A, cnt_q <= CntW'(Depth))
    end
    `CS_ASSERT(valid_cnt_A, valid_q == (cnt_q != '0))
    `CS_ASSERT(empty_zero_A, valid_q || (hw_data_o == 40'h0))
  end else begin : gen_no_buf
    // [DWT-BUF-4] with HasTrace == 0 there are no packets and no buffer.
    assign hw_valid_o = 1'b0;
    assign hw_data_o  = '0;
    assign hw_ovf_o   = 1'b0;

    logic unused_in;
    assign unused_in = ^{slot_vld_i, slot_data_i, hw_ready_i, clk_i, rst_ni};
  end

  // ---- Assertions --------------------------------------------------------------------------
  `CS_ASSERT_INIT(params_A, (Depth >= 1) && (Depth <= 16))

endmodule

`default_nettype wire
