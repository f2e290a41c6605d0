// SPDX-License-Identifier: Apache-2.0
// Formal properties of the TPIU frame buffer (tpiu_fbuf): complete bursts counted against the
// units it holds, the port side sees a unit only while a complete burst is in, unit length.
// Spec: docs/tpiu-contract.md 5.4 [TPIU-BURST-1..3], 5.3 [TPIU-BYP-1], [TPIU-MODE-2].
//
// A wrapper: the formatter and port-engine sides are free inputs, constrained only by what
// the contract makes the formatter and the engines do (the _M assumptions). A shadow queue of
// the units' `last` flags, written apart from the RTL, gives the number of complete bursts.
// The fv_* wires are driven by formal/run.sh (formal/jobs.txt) from the buffer's internal
// state; they are the induction invariants.

`default_nettype none

module tpiu_fbuf_fv (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        fmt_on_i,
  input  logic        restart_i,
  input  logic        push_i,
  input  logic        last_i,
  input  logic [15:0] data_i,
  input  logic        u_take_i
);

  localparam int Depth = tpiu_pkg::FbDepth;  // 16 units
  localparam int CntW  = tpiu_pkg::FbCntW;
  localparam int BurW  = tpiu_pkg::FbBurW;

  logic [CntW-1:0] fb_n;
  logic            u_valid;
  logic [1:0]      u_len;
  logic [15:0]     u_data;

  tpiu_fbuf u_dut (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .fmt_on_i  (fmt_on_i),
    .restart_i (restart_i),
    .push_i    (push_i),
    .last_i    (last_i),
    .data_i    (data_i),
    .fb_n_o    (fb_n),
    .u_valid_o (u_valid),
    .u_len_o   (u_len),
    .u_data_o  (u_data),
    .u_take_i  (u_take_i)
  );

  // Internal state, driven by formal/run.sh: the burst counter, the unit FIFO's pointers and
  // its slots ({last, data}, slot i at [17i +: 17]).
  logic [BurW-1:0]    fv_bursts;
  logic [3:0]         fv_wr, fv_rd;
  logic [Depth*17-1:0] fv_mem;

  // ---- Environment: the formatter and the port engines ---------------------------------
  logic f_past;  // a previous cycle exists (out of reset)

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      f_past <= 1'b0;
    end else begin
      f_past <= 1'b1;
    end
  end

  initial begin
    reset_M: assume (!rst_ni);
  end

  always @(*) begin
    if (rst_ni) begin
      // [TPIU-BURST-3] the formatter pushes only with room (cycle t's count), never at a
      // restart; [TPIU-BYP-1] in Bypass only into an empty buffer, a burst of its own.
      push_room_M:   assume (!push_i || ((fb_n < CntW'(Depth)) && !restart_i));
      push_bypass_M: assume (!push_i || fmt_on_i || ((fb_n == '0) && last_i));
      // [TPIU-BURST-2] an engine takes the head only while a complete burst is in, and not at
      // a restart edge.
      take_M:        assume (!u_take_i || (u_valid && !restart_i));
    end
  end

  // [TPIU-MODE-2] fmt_on changes only with a restart at the edge of the change.
  logic fmt_on_q, restart_q;
  always_ff @(posedge clk_i) begin
    fmt_on_q  <= fmt_on_i;
    restart_q <= restart_i;
  end
  always @(*) begin
    if (rst_ni && f_past) begin
      mode_M: assume ((fmt_on_i == fmt_on_q) || restart_q);
    end
  end

  // [TPIU-FMT-8] a formatted burst is a full sync (2 units) or a frame (8 units): f_open counts
  // the units pushed since the last `last` (the open burst).
  logic [3:0] f_open_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      f_open_q <= 4'd0;
    end else if (restart_i || (push_i && last_i)) begin
      f_open_q <= 4'd0;
    end else if (push_i) begin
      f_open_q <= f_open_q + 4'd1;
    end
  end
  always @(*) begin
    if (rst_ni) begin
      burst_len_M: assume (!(push_i && fmt_on_i) ||
                           (last_i ? ((f_open_q == 4'd1) || (f_open_q == 4'd7)) : (f_open_q < 4'd7)));
    end
  end

  // ---- Shadow queue of the units' last flags --------------------------------------------
  logic [Depth-1:0] f_last_q, f_last_d;  // unit i from the head at bit i
  logic [CntW-1:0]  f_n_q, f_n_d;
  logic [CntW-1:0]  f_keep;             // units that stay after a take

  assign f_keep = f_n_q - CntW'(u_take_i);

  always_comb begin
    f_last_d = u_take_i ? (f_last_q >> 1) : f_last_q;
    f_n_d    = f_keep;
    if (push_i) begin
      f_last_d = f_last_d | (Depth'(last_i) << f_keep);
      f_n_d    = f_keep + CntW'(1);
    end
    if (restart_i) begin
      f_last_d = '0;
      f_n_d    = '0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      f_last_q <= '0;
      f_n_q    <= '0;
    end else begin
      f_last_q <= f_last_d;
      f_n_q    <= f_n_d;
    end
  end

  // complete bursts = the last flags of the units held
  logic [BurW:0] f_bursts;
  always_comb begin
    f_bursts = '0;
    for (int i = 0; i < Depth; i++) begin
      f_bursts = f_bursts + (BurW+1)'(f_last_q[i]);
    end
  end

  // ---- Properties ------------------------------------------------------------------------
  always @(posedge clk_i) begin
    if (rst_ni) begin
      // [TPIU-BURST-1] fb_n counts the units, at most two frames
      count_A:   assert ((fb_n == f_n_q) && (f_n_q <= CntW'(Depth)));
      // bursts counted against the units held: fb_bursts is the number of last units
      bursts_A:  assert ((BurW+1)'(fv_bursts) == f_bursts);
      // [TPIU-BURST-2] the engines see the head only while a complete burst is in
      valid_A:   assert (u_valid == (f_bursts != '0));
      len_A:     assert (u_len == (fmt_on_i ? 2'd2 : 2'd1));
      // a held formatted burst has 2 or 8 units, or is the head's rest: no two last units
      // follow each other in the formatted mode, so at most 8 bursts
      adjacent_A: assert (!fmt_on_i || ((f_last_q & (f_last_q >> 1)) == '0));
      bursts_max_A: assert (f_bursts <= (BurW+1)'(Depth / 2));
      // the open burst's units are all held, behind the complete bursts
      open_A:    assert ((f_open_q <= 4'd7) && (CntW'(f_open_q) <= f_n_q) &&
                         (fmt_on_i || (f_open_q == 4'd0)));
      open_last_A: assert (((f_last_q >> (f_n_q - CntW'(f_open_q))) == '0) &&
                           ((f_n_q == CntW'(f_open_q)) ||
                            f_last_q[f_n_q - CntW'(f_open_q) - CntW'(1)]));
      // [TPIU-BYP-1] in Bypass the buffer holds at most one unit
      bypass_A:  assert (fmt_on_i || (f_n_q <= CntW'(1)));
      // shadow flags only for held units (induction invariant)
      shadow_A:  assert ((f_last_q >> f_n_q) == '0);
      // the unit FIFO: (rd + count) mod 16 == wr, and each held slot's last flag is the
      // shadow's (induction invariants)
      ptr_A:     assert (4'(fv_rd + 4'(f_n_q)) == fv_wr);
      for (int i = 0; i < Depth; i++) begin
        if (CntW'(i) < f_n_q) begin
          assert (fv_mem[17 * 4'(fv_rd + 4'(i)) + 16] == f_last_q[i]);
        end
      end
    end
  end

endmodule

`default_nettype wire
