// SPDX-License-Identifier: Apache-2.0
// TPIU frame buffer: up to two frames of formatter units between the formatter and the port
// engines, which see a unit only once its whole burst is in, so a burst leaves back to back.
// Spec: Armv8-M B14.4 (TPIU); docs/tpiu-contract.md 5.4 ([TPIU-BURST-*]), [TPIU-IMPL-6].

`default_nettype none

module tpiu_fbuf (
  input  logic                        clk_i,
  input  logic                        rst_ni,
  // configuration and control (tpiu_regs)
  input  logic                        fmt_on_i,   // Continuous formatting (else Bypass)
  input  logic                        restart_i,  // [TPIU-MODE-2] empty the buffer at this edge
  // formatter side [TPIU-BURST-1]
  input  logic                        push_i,     // a unit is pushed at this edge
  input  logic                        last_i,     // ... and it ends its burst
  input  logic [15:0]                 data_i,     // [7:0] is sent first
  output logic [tpiu_pkg::FbCntW-1:0] fb_n_o,     // units in the buffer (room, flush)
  // port engine side [TPIU-BURST-2]
  output logic                        u_valid_o,  // fb_bursts != 0 (also to idle completion)
  output logic [1:0]                  u_len_o,    // 2 (formatter) or 1 (Bypass)
  output logic [15:0]                 u_data_o,   // the head unit
  input  logic                        u_take_i    // a port engine pops the head at this edge
);

  localparam int CntW = tpiu_pkg::FbCntW;
  localparam int BurW = tpiu_pkg::FbBurW;

  // ---- Unit FIFO: {last, data[15:0]} -----------------------------------------------------
  // cs_fifo gives exactly the count rule of [TPIU-BURST-3]: a push and a pop at one edge are
  // both done, and its clear (the restart) wins over both. The formatter does its own room
  // test on fb_n (cycle t's count), so in_ready is only checked below. The side-band flags
  // are not used: tied off and not kept (HasSb 0).
  logic            in_ready, head_valid;
  logic [16:0]     head;
  logic [CntW-1:0] fb_n;
  logic            unused_sb;

  cs_fifo #(
    .Width   (17),
    .Depth   (tpiu_pkg::FbDepth),
    .SbWidth (1),
    .HasSb   (1'b0)
  ) u_fifo (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .clr_i         (restart_i),
    .in_valid_i    (push_i),
    .in_ready_o    (in_ready),
    .in_data_i     ({last_i, data_i}),
    .out_valid_o   (head_valid),
    .out_ready_i   (u_take_i),
    .out_data_o    (head),
    .depth_o       (fb_n),
    .sb_set_all_i  (1'b0),
    .sb_set_tail_i (1'b0),
    .sb_head_o     (unused_sb)
  );

  // ---- Complete bursts [TPIU-BURST-1], [TPIU-BURST-2] ------------------------------------
  // fb_bursts_q counts the units with last = 1: up by a pushed last unit, down by a popped
  // one (both at one edge: unchanged); a restart empties the buffer [TPIU-MODE-2].
  logic [BurW-1:0] fb_bursts_q, fb_bursts_d;

  always_comb begin
    fb_bursts_d = fb_bursts_q + BurW'(push_i && last_i) - BurW'(u_take_i && head[16]);
    if (restart_i) begin
      fb_bursts_d = '0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fb_bursts_q <= '0;
    end else begin
      fb_bursts_q <= fb_bursts_d;
    end
  end

  // [TPIU-BURST-2] the engines see the head only while a complete burst is in; the unit
  // length follows the mode (a restart empties the buffer whenever fmt_on changes).
  assign u_valid_o = (fb_bursts_q != BurW'(0));
  assign u_data_o  = head[15:0];
  assign u_len_o   = fmt_on_i ? 2'd2 : 2'd1;
  assign fb_n_o    = fb_n;

  // ---- Assertions ------------------------------------------------------------------------
`ifndef SYNTHESIS
  // Bookkeeping for the checks only: units of the open burst (pushed since the last `last`).
  // They are never popped (the head belongs to a complete burst while one is in).
  logic [3:0] open_q, open_d;

  assign open_d = (restart_i || (push_i && last_i)) ? 4'd0 : (open_q + 4'(push_i));

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      open_q <= 4'd0;
    end else begin
      open_q <= open_d;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin : fb_count_A
    if (rst_ni) begin
      assert ((int'(fb_n) <= tpiu_pkg::FbDepth) && (int'(fb_bursts_q) <= tpiu_pkg::FbDepth / 2) &&
              (int'(fb_bursts_q) + int'(open_q) <= int'(fb_n)) && (open_q <= 4'd7))
        else $error("%m: frame buffer count out of range");
    end
  end
  // [TPIU-BURST-3] the formatter pushes only with room (cycle t's count), in Bypass only
  // into an empty buffer, and a Bypass unit is a burst of its own.
  always @(posedge clk_i or negedge rst_ni) begin : fb_push_A
    if (rst_ni && push_i) begin
      assert (in_ready && !restart_i && (fmt_on_i || ((fb_n == CntW'(0)) && last_i)))
        else $error("%m: frame buffer push without room");
    end
  end
  // [TPIU-FMT-8] every formatted burst is a full sync (2 units) or a frame (8 units).
  always @(posedge clk_i or negedge rst_ni) begin : fb_burst_len_A
    if (rst_ni && push_i && last_i && fmt_on_i) begin
      assert ((open_q == 4'd1) || (open_q == 4'd7))
        else $error("%m: formatted burst of %0d units", int'(open_q) + 1);
    end
  end
  // [TPIU-BURST-2] no take without a complete burst, none at a restart.
  always @(posedge clk_i or negedge rst_ni) begin : fb_take_A
    if (rst_ni && u_take_i) begin
      assert (u_valid_o && head_valid && !restart_i)
        else $error("%m: frame buffer taken without a complete burst");
    end
  end
`endif

endmodule

`default_nettype wire
