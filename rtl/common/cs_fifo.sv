// SPDX-License-Identifier: Apache-2.0
// Synchronous valid/ready FIFO with per-slot side-band flags, for the trace blocks.
// Spec: Armv8-M B14.1.2 output buffers; docs/itm-contract.md sections 6-7 (aged, ovf_after).
//
// * No fall-through: in_ready_o = (depth_o < Depth), computed from the registered count
//   only, so a pop at the same edge never makes room. out_valid_o = (depth_o != 0) and
//   out_data_o is the head entry, both from registered state.
// * Side-band flags: SbWidth bits per slot. Writing a slot (push) clears its flags; at every
//   edge sb_set_all_i is ORed into every other slot and sb_set_tail_i into the tail (the
//   most recently pushed entry). sb_head_o shows the head slot's flags. Flags of empty
//   slots are meaningless (they are cleared when the slot is next written).
//   HasSb = 0: no flags are kept (a user that ties sb_set_*_i to 0 and ignores sb_head_o);
//   sb_head_o is 0. The payload, pointers and count are the same.
// * clr_i empties the FIFO synchronously (it wins over push and pop).
// * Payload storage has no reset; pointers, count and flags do.

`default_nettype none

`include "cs_assert.svh"

module cs_fifo #(
  parameter int Width   = 8,  // payload bits per entry
  parameter int Depth   = 4,  // entries, >= 1
  parameter int SbWidth = 1,  // side-band flag bits per entry, >= 1
  parameter bit HasSb   = 1'b1  // keep the side-band flags (0: sb_head_o is 0)
) (
  input  logic                         clk_i,
  input  logic                         rst_ni,
  input  logic                         clr_i,
  // write side
  input  logic                         in_valid_i,
  output logic                         in_ready_o,
  input  logic [Width-1:0]             in_data_i,
  // read side
  output logic                         out_valid_o,
  input  logic                         out_ready_i,
  output logic [Width-1:0]             out_data_o,
  // fill level (entries)
  output logic [$clog2(Depth+1)-1:0]   depth_o,
  // side-band flags
  input  logic [SbWidth-1:0]           sb_set_all_i,
  input  logic [SbWidth-1:0]           sb_set_tail_i,
  output logic [SbWidth-1:0]           sb_head_o
);

  localparam int CntWidth = $clog2(Depth + 1);

  logic                push;
  logic                pop;
  logic [CntWidth-1:0] cnt_q, cnt_d;

  assign in_ready_o  = (cnt_q < CntWidth'(Depth));
  assign out_valid_o = (cnt_q != '0);
  assign push        = in_valid_i & in_ready_o;
  assign pop         = out_valid_o & out_ready_i;
  assign depth_o     = cnt_q;

  always_comb begin
    cnt_d = cnt_q;
    if (clr_i) begin
      cnt_d = '0;
    end else if (push && !pop) begin
      cnt_d = cnt_q + CntWidth'(1);
    end else if (pop && !push) begin
      cnt_d = cnt_q - CntWidth'(1);
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt_q <= '0;
    end else begin
      cnt_q <= cnt_d;
    end
  end

  if (Depth == 1) begin : gen_depth1
    // A single register slot: head, tail and write slot coincide.
    logic [Width-1:0]   mem_q;

    always_ff @(posedge clk_i) begin
      if (push) begin
        mem_q <= in_data_i;
      end
    end

    assign out_data_o = mem_q;

    if (HasSb) begin : gen_sb
      logic [SbWidth-1:0] sb_q, sb_d;

      always_comb begin
        sb_d = sb_q | sb_set_all_i | sb_set_tail_i;
        if (push) begin
          sb_d = '0;
        end
      end

      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          sb_q <= '0;
        end else begin
          sb_q <= sb_d;
        end
      end

      assign sb_head_o = sb_q;
    end else begin : gen_no_sb
      logic unused_sb;
      assign unused_sb = ^{sb_set_all_i, sb_set_tail_i};
      assign sb_head_o = '0;
    end

  end else begin : gen_depthn
    // Circular buffer; pointers wrap at Depth (any Depth, not only powers of two).
    localparam int PtrWidth = $clog2(Depth);

    logic [Width-1:0]    mem_q [Depth];
    logic [PtrWidth-1:0] wr_ptr_q, wr_ptr_d;
    logic [PtrWidth-1:0] rd_ptr_q, rd_ptr_d;

    // Pointer after ptr, wrapping at Depth.
    function automatic logic [PtrWidth-1:0] ptr_inc(input logic [PtrWidth-1:0] ptr);
      if (ptr == PtrWidth'(Depth - 1)) begin
        ptr_inc = '0;
      end else begin
        ptr_inc = ptr + PtrWidth'(1);
      end
    endfunction

    always_comb begin
      wr_ptr_d = wr_ptr_q;
      rd_ptr_d = rd_ptr_q;
      if (clr_i) begin
        wr_ptr_d = '0;
        rd_ptr_d = '0;
      end else begin
        if (push) begin
          wr_ptr_d = ptr_inc(wr_ptr_q);
        end
        if (pop) begin
          rd_ptr_d = ptr_inc(rd_ptr_q);
        end
      end
    end

    always_ff @(posedge clk_i) begin
      if (push) begin
        mem_q[wr_ptr_q] <= in_data_i;
      end
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        wr_ptr_q <= '0;
        rd_ptr_q <= '0;
      end else begin
        wr_ptr_q <= wr_ptr_d;
        rd_ptr_q <= rd_ptr_d;
      end
    end

    assign out_data_o = mem_q[rd_ptr_q];

    if (HasSb) begin : gen_sb
      logic [Depth*SbWidth-1:0] sb_q, sb_d;  // slot i in [i*SbWidth +: SbWidth]
      logic [PtrWidth-1:0]      tail_ptr;

      // The tail is the slot before the write pointer.
      assign tail_ptr = (wr_ptr_q == '0) ? PtrWidth'(Depth - 1) : (wr_ptr_q - PtrWidth'(1));

      // Written slot: cleared; others: OR in sb_set_all_i, and sb_set_tail_i on the tail.
      // (sb_d is never read here: Icarus would re-trigger the block on its own part-selects.)
      always_comb begin
        for (int i = 0; i < Depth; i++) begin
          if (push && (wr_ptr_q == PtrWidth'(i))) begin
            sb_d[i*SbWidth +: SbWidth] = '0;
          end else if (tail_ptr == PtrWidth'(i)) begin
            sb_d[i*SbWidth +: SbWidth] = sb_q[i*SbWidth +: SbWidth] | sb_set_all_i | sb_set_tail_i;
          end else begin
            sb_d[i*SbWidth +: SbWidth] = sb_q[i*SbWidth +: SbWidth] | sb_set_all_i;
          end
        end
      end

      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          sb_q <= '0;
        end else begin
          sb_q <= sb_d;
        end
      end

      always_comb begin
        sb_head_o = '0;
        for (int i = 0; i < Depth; i++) begin
          if (rd_ptr_q == PtrWidth'(i)) begin
            sb_head_o = sb_q[i*SbWidth +: SbWidth];
          end
        end
      end
    end else begin : gen_no_sb
      logic unused_sb;
      assign unused_sb = ^{sb_set_all_i, sb_set_tail_i};
      assign sb_head_o = '0;
    end

    // ---- Assertions -----------------------------------------------------------------------
    `CS_ASSERT(ptr_range_A, (int'(wr_ptr_q) < Depth) && (int'(rd_ptr_q) < Depth))
    `CS_ASSERT(ptr_count_A, ((int'(rd_ptr_q) + int'(cnt_q)) % Depth) == int'(wr_ptr_q))
  end

  // ---- Assertions ---------------------------------------------------------------------------
  `CS_ASSERT_INIT(params_A, (Depth >= 1) && (Width >= 1) && (SbWidth >= 1))
  `CS_ASSERT(count_range_A, int'(cnt_q) <= Depth)
  `CS_ASSERT_KNOWN(ctrl_known_A, {in_valid_i, out_ready_i, clr_i})

endmodule

`default_nettype wire
