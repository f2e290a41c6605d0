// SPDX-License-Identifier: Apache-2.0
// TPIU ATB input buffer, Continuous formatter (16-byte frames), Bypass, idle completion of an
// open frame and the periodic synchronization counter. Units go to the frame buffer.
// Spec: Armv8-M B14.4 (TPIU), packet-protocol-facts 3; docs/tpiu-contract.md 5 and 8.

`default_nettype none

module tpiu_fmt #(
  parameter int AtbFifoDepth    = 4,  // ATB input buffer entries: 2, 4, 8, 16
  parameter int FrameIdleCycles = 16  // [TPIU-IDLE-1] idle cycles before padding: 1..65535
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,
  // ATB slave, 8-bit [TPIU-ATB-*]
  input  logic                        atvalid_i,
  output logic                        atready_o,
  input  logic [7:0]                  atdata_i,
  input  logic [6:0]                  atid_i,
  // configuration and control (tpiu_regs)
  input  logic                        fmt_on_i,          // Continuous formatting (else Bypass)
  input  logic                        drain_i,           // flush in DRAIN: close ATB, pad
  input  logic [4:0]                  pscount_i,         // PSCR.PSCount
  input  logic                        restart_i,         // [TPIU-MODE-2] restart at this edge
  input  logic                        restart_fmt_on_i,  // fmt_on after the restart
  // frame buffer (tpiu_fbuf) [TPIU-BURST-*]
  input  logic [tpiu_pkg::FbCntW-1:0] fb_n_i,            // units in it, cycle t's count
  input  logic                        fb_burst_i,        // it holds a complete burst
  output logic                        unit_push_o,       // a unit is pushed at this edge
  output logic                        unit_last_o,       // ... and it ends its burst
  output logic [15:0]                 unit_data_o,       // [7:0] is sent first
  // status
  output logic                        fmt_empty_o,       // [TPIU-FLUSH-2] formatter part
  output logic                        sync_req_o         // [TPIU-SYNC-2] periodic request
);

  localparam int PtrW  = $clog2(AtbFifoDepth);      // AtbFifoDepth is a power of two
  localparam int CntW  = $clog2(AtbFifoDepth + 1);
  localparam int FbW   = tpiu_pkg::FbCntW;
  localparam int IdleW = $clog2(FrameIdleCycles + 1);

  // ==== Input buffer [TPIU-ATB-1], [TPIU-ATB-2] ============================================
  // A circular buffer of {id, data}; the first two entries are visible, and 0, 1 or 2 of
  // them leave per edge. Payload storage has no reset (never visible while n_q == 0).
  logic [14:0]     mem_q [AtbFifoDepth];  // {atid[6:0], atdata[7:0]}
  logic [PtrW-1:0] rd_ptr_q, rd_ptr_d;
  logic [PtrW-1:0] wr_ptr_q, wr_ptr_d;
  logic [CntW-1:0] n_q, n_d;
  logic            push;
  logic [1:0]      pops;                  // entries popped at this edge: 0, 1, 2
  logic [PtrW-1:0] rd_ptr_e1;             // slot of the second entry
  logic [14:0]     e0, e1;

  // [TPIU-ATB-1] the full test uses n_q only; ATB is closed while draining a flush.
  assign atready_o = (n_q < CntW'(AtbFifoDepth)) && !drain_i;
  assign push      = atvalid_i & atready_o;
  // Pointers wrap: the depth is 2^PtrW. The sum is a PtrW-bit signal of its own, since
  // Icarus 11 evaluates an index expression wider than PtrW (no wrap: e1 read X).
  assign rd_ptr_e1 = rd_ptr_q + PtrW'(1);
  assign e0        = mem_q[rd_ptr_q];
  assign e1        = mem_q[rd_ptr_e1];

  always_comb begin
    wr_ptr_d = wr_ptr_q;
    rd_ptr_d = rd_ptr_q + PtrW'(pops);
    n_d      = n_q - CntW'(pops);
    if (push) begin
      wr_ptr_d = wr_ptr_q + PtrW'(1);
      n_d      = n_q - CntW'(pops) + CntW'(1);
    end
  end

  always_ff @(posedge clk_i) begin
    if (push) begin
      mem_q[wr_ptr_q] <= {atid_i, atdata_i};
    end
  end

  // ==== Idle completion [TPIU-IDLE-1], [TPIU-IDLE-2] =======================================
  // idle_q counts the cycles since the last accepted byte, saturating at FrameIdleCycles; in
  // every mode, and with its normal update at a restart edge ([TPIU-MODE-2] keeps it).
  logic [IdleW-1:0] idle_q, idle_d;
  logic             idle_full, idle_pad;

  assign idle_full = (idle_q == IdleW'(FrameIdleCycles));
  assign idle_d    = push ? IdleW'(0) : (idle_full ? idle_q : (idle_q + IdleW'(1)));
  // Pad the open frame only while the port has no complete burst left to send.
  assign idle_pad  = fmt_on_i && idle_full && !fb_burst_i;

  // ==== Formatter [TPIU-FMT-*], Bypass [TPIU-BYP-1] ========================================
  // State: p_q next even position, aux_q aux bits so far, cur_id_q/cur_vld_q current ID,
  // sync_pend_q full sync wanted at the next frame boundary, fs2_q second half due.
  logic [3:0]  p_q, p_d;
  logic [7:0]  aux_q, aux_d;
  logic [6:0]  cur_id_q, cur_id_d;
  logic        cur_vld_q, cur_vld_d;
  logic        sync_pend_q, sync_pend_d;
  logic        fs2_q, fs2_d;
  // the unit formed at this edge, pushed into the frame buffer [TPIU-BURST-1]
  logic        unit_push, unit_last;
  logic [15:0] unit_data;
  // periodic synchronization
  logic [27:0] ps_q, ps_d;
  logic        sync_req_q, sync_req_d;

  // Virtual inputs b1, b2: the buffer head, or PAD {id 0, data 0} while padding (a flush
  // draining, or idle completion): pad = drain || idle_pad (contract 5.2).
  logic       pad;
  logic       b1_vld, b1_real, b2_vld, b2_real, b1_new;
  logic [6:0] b1_id, b2_id;
  logic [7:0] b1_d, b2_d;

  assign pad     = drain_i || idle_pad;
  assign b1_real = (n_q >= CntW'(1));
  assign b2_real = (n_q >= CntW'(2));
  assign b1_vld  = b1_real || (pad && (p_q != 4'd0));
  assign b2_vld  = b2_real || pad;
  assign b1_id   = b1_real ? e0[14:8] : 7'h00;
  assign b1_d    = b1_real ? e0[7:0]  : 8'h00;
  assign b2_id   = b2_real ? e1[14:8] : 7'h00;
  assign b2_d    = b2_real ? e1[7:0]  : 8'h00;
  // new(b1): no ID since the last full sync, or a different ID.
  assign b1_new  = !cur_vld_q || (b1_id != cur_id_q);

  logic        fmt_act;   // the formatter may push a unit at this edge
  logic        byp_act;   // Bypass pushes e0 at this edge
  logic        ps_on, ps_hit;
  logic [27:0] ps_period;
  logic [28:0] ps_inc;

  // [TPIU-BURST-3] room from cycle t's count (a pop at this edge makes none); formatted:
  // fb_n < 16, Bypass: an empty buffer. Nothing at a restart edge [TPIU-MODE-2].
  assign fmt_act = fmt_on_i && (fb_n_i < FbW'(tpiu_pkg::FbDepth)) && !restart_i;
  assign byp_act = !fmt_on_i && (fb_n_i == FbW'(0)) && !restart_i && b1_real;

  // The aux bit of the even byte at p_q (bit p/2). Updated by whole-vector masks rather
  // than a bit select on aux_d, which Icarus 11 would re-trigger the block on.
  logic [7:0] aux_bit;
  assign aux_bit = 8'h01 << p_q[3:1];

  // [TPIU-SYNC-2] period 2^PSCount bytes for PSCount 7..27, otherwise disabled.
  assign ps_on     = (pscount_i >= tpiu_pkg::PsCountMin) && (pscount_i <= tpiu_pkg::PsCountMax);
  assign ps_period = 28'd1 << pscount_i;
  assign ps_inc    = {1'b0, ps_q} + 29'd1;
  assign ps_hit    = ps_on && push && (ps_inc >= {1'b0, ps_period});

  // One rule table, first applicable row wins (contract 5.2 order). The unit of a rule is
  // pushed at this edge with the rule's `last` flag: the unit that ends a burst [TPIU-FMT-8].
  always_comb begin
    p_d         = p_q;
    aux_d       = aux_q;
    cur_id_d    = cur_id_q;
    cur_vld_d   = cur_vld_q;
    sync_pend_d = sync_pend_q;
    fs2_d       = fs2_q;
    unit_push   = 1'b0;
    unit_last   = 1'b0;
    unit_data   = 16'h0000;
    pops        = 2'd0;

    if (fmt_act) begin
      if (fs2_q) begin
        // [TPIU-FMT-1] second half of a full sync, which ends its burst; the next byte
        // starts with an ID.
        unit_push = 1'b1;
        unit_last = 1'b1;
        unit_data = {tpiu_pkg::Sync7f, tpiu_pkg::SyncFf};
        fs2_d     = 1'b0;
        cur_vld_d = 1'b0;
      end else if (sync_pend_q && (p_q == 4'd0)) begin
        // [TPIU-FMT-2] first half of a full sync, only at a frame boundary [TPIU-SYNC-1].
        unit_push   = 1'b1;
        unit_data   = {tpiu_pkg::SyncFf, tpiu_pkg::SyncFf};
        sync_pend_d = 1'b0;
        fs2_d       = 1'b1;
      end else if ((p_q == 4'd14) && b1_vld && !b1_new) begin
        // [TPIU-FMT-3] byte 14 is data of the current ID, byte 15 the aux byte: frame done.
        unit_push = 1'b1;
        unit_last = 1'b1;
        unit_data = {b1_d[0], aux_q[6:0], b1_d & 8'hFE};
        pops      = b1_real ? 2'd1 : 2'd0;
        p_d       = 4'd0;
        aux_d     = 8'h00;
      end else if ((p_q == 4'd14) && b1_vld) begin
        // [TPIU-FMT-4] byte 14 is an ID (aux bit 7 = 0, no data after it in this frame).
        unit_push = 1'b1;
        unit_last = 1'b1;
        unit_data = {1'b0, aux_q[6:0], b1_id, 1'b1};
        cur_id_d  = b1_id;
        cur_vld_d = 1'b1;
        p_d       = 4'd0;
        aux_d     = 8'h00;
      end else if (b1_vld && b1_new) begin
        // [TPIU-FMT-5] immediate ID change: ID, then b1's data under it (aux bit 0).
        unit_push        = 1'b1;
        unit_data        = {b1_d, b1_id, 1'b1};
        pops             = b1_real ? 2'd1 : 2'd0;
        aux_d            = aux_q & ~aux_bit;
        cur_id_d         = b1_id;
        cur_vld_d        = 1'b1;
        p_d              = p_q + 4'd2;
      end else if (b1_vld && b2_vld && (b2_id == cur_id_q)) begin
        // [TPIU-FMT-6] two data bytes of the current ID; b1's bit 0 goes to the aux byte.
        unit_push        = 1'b1;
        unit_data        = {b2_d, b1_d & 8'hFE};
        pops             = 2'(b1_real) + 2'(b2_real);
        aux_d            = b1_d[0] ? (aux_q | aux_bit) : (aux_q & ~aux_bit);
        p_d              = p_q + 4'd2;
      end else if (b1_vld && b2_vld) begin
        // [TPIU-FMT-7] delayed ID change: ID(b2), then b1's data still under the old ID
        // (aux bit 1). b2 stays in the buffer; its data follows under the new ID.
        unit_push        = 1'b1;
        unit_data        = {b1_d, b2_id, 1'b1};
        pops             = b1_real ? 2'd1 : 2'd0;
        aux_d            = aux_q | aux_bit;
        cur_id_d         = b2_id;
        p_d              = p_q + 4'd2;
      end
      // otherwise: wait (no padding unless pad holds [TPIU-FMT-10]).
    end else if (byp_act) begin
      // [TPIU-BYP-1] Bypass: one raw byte per unit, a burst of its own; IDs dropped, no
      // sync, no padding.
      unit_push = 1'b1;
      unit_last = 1'b1;
      unit_data = {8'h00, e0[7:0]};
      pops      = 2'd1;
    end

    // [TPIU-SYNC-2] a periodic request asks for a full sync at the next frame boundary.
    // [TPIU-EVAL-2] it wins over the clear of [TPIU-FMT-2] at the same edge (set wins), so
    // a request landing on a full sync's first half gives a second full sync.
    if (ps_hit && fmt_on_i) begin
      sync_pend_d = 1'b1;
    end

    // [TPIU-MODE-2] restart: the formatter to its reset values (pending full sync as the
    // new fmt_on; [TPIU-EVAL-2] this wins over a periodic request); no pop and no push at
    // this edge (fmt_act and byp_act are 0); tpiu_fbuf empties the frame buffer.
    if (restart_i) begin
      p_d         = 4'd0;
      aux_d       = 8'h00;
      cur_id_d    = 7'h00;
      cur_vld_d   = 1'b0;
      sync_pend_d = restart_fmt_on_i;
      fs2_d       = 1'b0;
    end
  end

  // [TPIU-SYNC-2] counter of accepted bytes; cleared while disabled.
  // [TPIU-EVAL-2] ps_q and sync_req_q keep their normal update at a restart edge ("kept"),
  // and ps_d = 0 at every edge while the period is disabled.
  always_comb begin
    ps_d       = ps_q;
    sync_req_d = 1'b0;
    if (!ps_on) begin
      ps_d = 28'h0;
    end else if (push) begin
      if (ps_hit) begin
        ps_d       = 28'h0;
        sync_req_d = 1'b1;
      end else begin
        ps_d = ps_inc[27:0];
      end
    end
  end

  assign unit_push_o = unit_push;
  assign unit_last_o = unit_last;
  assign unit_data_o = unit_data;
  // [TPIU-FLUSH-2] n == 0 && fb_n == 0 && (!fmt_on || p == 0): every accepted byte and its
  // frame's padding has left the formatter and the frame buffer.
  assign fmt_empty_o = (n_q == CntW'(0)) && (fb_n_i == FbW'(0)) && (!fmt_on_i || (p_q == 4'd0));
  assign sync_req_o  = sync_req_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_ptr_q    <= '0;
      wr_ptr_q    <= '0;
      n_q         <= '0;
      idle_q      <= '0;
      p_q         <= 4'd0;
      aux_q       <= 8'h00;
      cur_id_q    <= 7'h00;
      cur_vld_q   <= 1'b0;
      sync_pend_q <= 1'b1;
      fs2_q       <= 1'b0;
      ps_q        <= 28'h0;
      sync_req_q  <= 1'b0;
    end else begin
      rd_ptr_q    <= rd_ptr_d;
      wr_ptr_q    <= wr_ptr_d;
      n_q         <= n_d;
      idle_q      <= idle_d;
      p_q         <= p_d;
      aux_q       <= aux_d;
      cur_id_q    <= cur_id_d;
      cur_vld_q   <= cur_vld_d;
      sync_pend_q <= sync_pend_d;
      fs2_q       <= fs2_d;
      ps_q        <= ps_d;
      sync_req_q  <= sync_req_d;
    end
  end

  // ---- Assertions ------------------------------------------------------------------------
`ifndef SYNTHESIS
  always @(posedge clk_i or negedge rst_ni) begin : buffer_state_A
    if (rst_ni) begin
      assert ((int'(n_q) <= AtbFifoDepth) && (int'(pops) <= int'(n_q)))
        else $error("%m: input buffer count out of range");
    end
  end
  always @(posedge clk_i or negedge rst_ni) begin : fmt_state_A
    if (rst_ni) begin
      assert ((p_q[0] == 1'b0) && (p_q <= 4'd14) && !(fs2_q && (p_q != 4'd0)) &&
              (int'(idle_q) <= FrameIdleCycles))
        else $error("%m: formatter state illegal");
    end
  end
  // [TPIU-BURST-3] an open frame has at most 7 units in the buffer, so it always has room
  // once the complete bursts have left; no push without room.
  always @(posedge clk_i or negedge rst_ni) begin : fmt_room_A
    if (rst_ni) begin
      assert ((int'(p_q) / 2 <= int'(fb_n_i)) &&
              !(unit_push && (int'(fb_n_i) >= tpiu_pkg::FbDepth)))
        else $error("%m: formatter pushed without room");
    end
  end
`endif

endmodule

`default_nettype wire
