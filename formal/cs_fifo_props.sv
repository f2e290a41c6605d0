// SPDX-License-Identifier: Apache-2.0
// Formal properties of cs_fifo: count, pointers, full/empty, side-band flags, no loss, order.
// Spec: rtl/common/cs_fifo.sv header (the FIFO contract); docs/itm-contract.md sections 6-7
// (no fall-through, the full test on the registered count, aged/ovf_after flags).
//
// A wrapper: the FIFO's ports are free inputs, so every push/pop/clear pattern is explored.
// Yosys 0.23 has no `bind`; the fv_* wires below are driven by formal/run.sh (`connect`
// after `flatten`) to the FIFO's internal state, as formal/jobs.txt lists per job. Those
// are the induction invariants; the checks of the ports stand without them.
//
// No loss and order: one entry, chosen freely (f_track_i) when it is pushed, is followed with
// f_pos = the entries ahead of it; it must be the head, with its data and flags, after exactly
// f_pos pops, and stay in its slot until then. Since any entry may be the one followed,
// every entry leaves once, in push order, unchanged.

`default_nettype none

module cs_fifo_fv #(
  parameter int Depth   = 4,  // entries under proof
  parameter int Width   = 4,  // payload bits (the data path is uniform in the width)
  parameter int SbWidth = 2   // side-band flag bits
) (
  input  logic                             clk_i,
  input  logic                             rst_ni,
  input  logic                             clr_i,
  input  logic                             in_valid_i,
  input  logic [Width-1:0]                 in_data_i,
  input  logic                             out_ready_i,
  input  logic [SbWidth-1:0]               sb_set_all_i,
  input  logic [SbWidth-1:0]               sb_set_tail_i,
  input  logic                             f_track_i      // follow the entry pushed now
);

  localparam int CntW = $clog2(Depth + 1);
  localparam int PtrW = $clog2(Depth > 1 ? Depth : 2);

  // Internal state of the FIFO, driven by formal/run.sh (formal/jobs.txt): the pointers of
  // gen_depthn (Depth > 1 only), the slots' flags and payload (slot i at [i*SbWidth],
  // [i*Width]). Used only as induction invariants.
  logic [PtrW-1:0]          fv_wr, fv_rd;
  logic [Depth*SbWidth-1:0] fv_sb;
  logic [Depth*Width-1:0]   fv_mem;

  logic               in_ready, out_valid;
  logic [Width-1:0]   out_data;
  logic [CntW-1:0]    depth;
  logic [SbWidth-1:0] sb_head;

  cs_fifo #(
    .Width   (Width),
    .Depth   (Depth),
    .SbWidth (SbWidth)
  ) u_dut (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .clr_i         (clr_i),
    .in_valid_i    (in_valid_i),
    .in_ready_o    (in_ready),
    .in_data_i     (in_data_i),
    .out_valid_o   (out_valid),
    .out_ready_i   (out_ready_i),
    .out_data_o    (out_data),
    .depth_o       (depth),
    .sb_set_all_i  (sb_set_all_i),
    .sb_set_tail_i (sb_set_tail_i),
    .sb_head_o     (sb_head)
  );

  // ---- Environment -----------------------------------------------------------------------
  // The run starts in reset; rst_ni may fall again at any cycle.
  initial begin
    reset_M: assume (!rst_ni);
  end

  // ---- Reference model: count and one followed entry --------------------------------------
  // The count follows the contract's definition (no fall-through: ready from the count only;
  // a clear wins over push and pop), written apart from the RTL.
  logic               f_push, f_pop;
  logic [CntW:0]      f_cnt_q, f_cnt_d;
  logic               f_trk_q, f_trk_d;          // an entry is followed
  logic [CntW:0]      f_pos_q, f_pos_d;          // entries ahead of it
  logic [Width-1:0]   f_data_q, f_data_d;        // its payload
  logic [SbWidth-1:0] f_sb_q, f_sb_d;            // the flags it must carry
  logic               f_tail;                    // it is the most recently pushed entry

  assign f_push = in_valid_i && (f_cnt_q < (CntW+1)'(Depth));
  assign f_pop  = (f_cnt_q != '0) && out_ready_i;
  assign f_tail = f_trk_q && (f_pos_q + (CntW+1)'(1) == f_cnt_q);

  always_comb begin
    f_cnt_d  = f_cnt_q + (CntW+1)'(f_push) - (CntW+1)'(f_pop);
    f_trk_d  = f_trk_q;
    f_pos_d  = f_pos_q;
    f_data_d = f_data_q;
    // every edge ORs sb_set_all into each stored entry, sb_set_tail into the tail
    f_sb_d   = f_sb_q | sb_set_all_i | (f_tail ? sb_set_tail_i : '0);
    if (f_trk_q && f_pop) begin
      if (f_pos_q == '0) begin
        f_trk_d = 1'b0;                          // the followed entry leaves
      end else begin
        f_pos_d = f_pos_q - (CntW+1)'(1);
      end
    end
    if (!f_trk_q && f_push && f_track_i) begin
      f_trk_d  = 1'b1;                           // follow the entry pushed at this edge
      f_pos_d  = f_cnt_q - (CntW+1)'(f_pop);     // entries that stay ahead of it
      f_data_d = in_data_i;
      f_sb_d   = '0;                             // a pushed slot starts with no flags
    end
    if (clr_i) begin
      f_cnt_d = '0;
      f_trk_d = 1'b0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      f_cnt_q  <= '0;
      f_trk_q  <= 1'b0;
      f_pos_q  <= '0;
      f_data_q <= '0;
      f_sb_q   <= '0;
    end else begin
      f_cnt_q  <= f_cnt_d;
      f_trk_q  <= f_trk_d;
      f_pos_q  <= f_pos_d;
      f_data_q <= f_data_d;
      f_sb_q   <= f_sb_d;
    end
  end

  // ---- Properties ------------------------------------------------------------------------
  // The slot of the followed entry (Depth > 1): f_pos entries after the read pointer.
  logic [PtrW:0] f_slot_sum;
  logic [PtrW-1:0] f_slot;
  assign f_slot_sum = (PtrW+1)'(fv_rd) + (PtrW+1)'(f_pos_q);
  assign f_slot     = (f_slot_sum >= (PtrW+1)'(Depth)) ? PtrW'(f_slot_sum - (PtrW+1)'(Depth))
                                                         : PtrW'(f_slot_sum);
  logic [PtrW:0] f_wr_sum;
  assign f_wr_sum = (PtrW+1)'(fv_rd) + (PtrW+1)'(f_cnt_q);

  always @(posedge clk_i) begin
    if (rst_ni) begin
      // count and full/empty: depth_o is the number of entries, ready/valid follow it
      count_A:      assert ((CntW+1)'(depth) == f_cnt_q);
      count_max_A:  assert (f_cnt_q <= (CntW+1)'(Depth));
      full_A:       assert (in_ready == (depth < CntW'(Depth)));
      empty_A:      assert (out_valid == (depth != '0));
      // no loss, order, flags: the followed entry is the head after f_pos pops
      trk_in_A:     assert (!f_trk_q || (f_pos_q < f_cnt_q));
      trk_head_A:   assert (!(f_trk_q && (f_pos_q == '0)) ||
                            (out_valid && (out_data == f_data_q) && (sb_head == f_sb_q)));
      if (Depth > 1) begin
        // pointers in range and (rd + count) mod Depth == wr
        ptr_range_A: assert (((PtrW+1)'(fv_wr) < (PtrW+1)'(Depth)) && ((PtrW+1)'(fv_rd) < (PtrW+1)'(Depth)));
        ptr_count_A: assert ((f_wr_sum == (PtrW+1)'(fv_wr)) ||
                             (f_wr_sum == (PtrW+1)'(fv_wr) + (PtrW+1)'(Depth)));
        // induction invariant: the followed entry sits unchanged in its slot
        trk_slot_A:  assert (!f_trk_q ||
                             ((fv_mem[f_slot*Width +: Width] == f_data_q) &&
                              (fv_sb[f_slot*SbWidth +: SbWidth] == f_sb_q)));
      end else begin
        trk_slot1_A: assert (!f_trk_q ||
                             ((fv_mem[Width-1:0] == f_data_q) &&
                              (fv_sb[SbWidth-1:0] == f_sb_q)));
      end
    end
  end

endmodule

`default_nettype wire
