// SPDX-License-Identifier: Apache-2.0
// Replays one TPIU conformance vector (vectors/README.md) on tpiu_top, or on any module with
// its ports and parameters, in any Verilog simulator: drives inputs.hex, one line per clock
// cycle, and compares the outputs with outputs.hex, at one of two levels (+level=cycle, the
// default: every output in every cycle; +level=transaction: what the interfaces define, rules
// in vectors/README.md "Transaction level"). Plain SystemVerilog-2012 (Icarus Verilog 11:
// iverilog -g2012); the file handling, the cycle loop and the transaction-level machinery are
// tests/vectors/vec_replay.svh. tests/vectors/replay.sh compiles and runs it in one command.
//
//   iverilog -g2012 -Itests/vectors -Irtl/common -Irtl/tpiu -s tpiu_replay_tb \
//     -P tpiu_replay_tb.PortWidth=.. -P tpiu_replay_tb.AtbFifoDepth=.. ... [-DDUT=my_tpiu] \
//     -o full.vvp tests/vectors/tpiu_replay_tb.sv <rtl>
//   vvp full.vvp +vec=vectors/tpiu/<id> [+level=transaction] [+lines=N]
//
// The parameters must be the vector's (vector.txt "param" lines; the bench checks them and
// stops with $fatal on a difference). -DDUT=NAME replaces the module under test (default
// tpiu_top; it needs the ports and parameters of tpiu_top, docs/tpiu-contract.md section 3).
// +lines defaults to the number in the vector's cycles.txt. Exit status 0 = pass; at the cycle
// level the first difference names the cycle and the outputs, at the transaction level every
// problem is printed (vvp exit status 1 on a failure).

`timescale 1ns / 1ps
`default_nettype none

`ifndef DUT
`define DUT tpiu_top
`endif

module tpiu_replay_tb #(
  parameter int PortWidth       = 4,
  parameter int AtbFifoDepth    = 4,
  parameter int FrameIdleCycles = 16,
  parameter int MaxLines = 65536  // the longest vector this build holds (lines)
);

  localparam int InW    = 72;  // inputs.hex: 18 hex digits (72 bits used)
  localparam int OutW   = 60;  // outputs.hex: 15 hex digits (58 bits used)
  localparam int RstBit = 71;  // rst_ni in an inputs.hex word
  localparam int NumStreams = 6;  // ATB bytes taken, AFVALID, txb, ts_tick, async_idle, sync
  localparam int NumOffers  = 1;  // the ATB bytes of the vector's source

  `include "vec_replay.svh"

  function automatic int param_get(input string name);
    if (name == "PortWidth") return PortWidth;
    if (name == "AtbFifoDepth") return AtbFifoDepth;
    if (name == "FrameIdleCycles") return FrameIdleCycles;
    return -1;
  endfunction

  function automatic bit block_ok(input string name);
    return name == "tpiu";
  endfunction

  // ---- DUT -------------------------------------------------------------------------------
  logic        in_rst_ni;
  logic        in_psel;
  logic        in_penable;
  logic        in_pwrite;
  logic [11:0] in_paddr;
  logic [31:0] in_pwdata;
  logic [3:0]  in_pstrb;
  logic [2:0]  in_pprot;
  logic        in_atvalid;
  logic [7:0]  in_atdata;
  logic [6:0]  in_atid;
  logic        in_afready;
  logic [31:0] out_prdata;
  logic        out_pready;
  logic        out_pslverr;
  logic        out_atready;
  logic        out_afvalid;
  logic        out_traceclk;
  logic [PortWidth-1:0] out_tracedata;
  logic [7:0] out_tracedata8;  // TRACEDATA, zero-extended to the 8 bits of outputs.hex
  assign out_tracedata8 = 8'(out_tracedata);
  logic        out_swo;
  logic        out_txb_valid;
  logic [7:0]  out_txb;
  logic        out_ts_tick;
  logic        out_async_idle;
  logic        out_sync_req;

  // inputs.hex, most significant field first (vectors/README.md)
  assign {in_rst_ni, in_psel, in_penable, in_pwrite, in_paddr, in_pwdata, in_pstrb,
          in_pprot, in_atvalid, in_atdata, in_atid, in_afready} = in_w;

  `DUT #(
    .PortWidth       (PortWidth),
    .AtbFifoDepth    (AtbFifoDepth),
    .FrameIdleCycles (FrameIdleCycles)
  ) u_dut (
    .clk_i        (clk),
    .rst_ni       (in_rst_ni),
    .psel_i       (in_psel),
    .penable_i    (in_penable),
    .pwrite_i     (in_pwrite),
    .paddr_i      (in_paddr),
    .pwdata_i     (in_pwdata),
    .pstrb_i      (in_pstrb),
    .pprot_i      (in_pprot),
    .atvalid_i    (in_atvalid),
    .atdata_i     (in_atdata),
    .atid_i       (in_atid),
    .afready_i    (in_afready),
    .prdata_o     (out_prdata),
    .pready_o     (out_pready),
    .pslverr_o    (out_pslverr),
    .atready_o    (out_atready),
    .afvalid_o    (out_afvalid),
    .traceclk_o   (out_traceclk),
    .tracedata_o  (out_tracedata),
    .swo_o        (out_swo),
    .txb_valid_o  (out_txb_valid),
    .txb_o        (out_txb),
    .ts_tick_o    (out_ts_tick),
    .async_idle_o (out_async_idle),
    .sync_req_o   (out_sync_req)
  );

  // outputs.hex, most significant field first
  assign out_w = {2'b0, out_prdata, out_pready, out_pslverr, out_atready, out_afvalid,
                 out_traceclk, out_tracedata8, out_swo, out_txb_valid, out_txb,
                 out_ts_tick, out_async_idle, out_sync_req};

  // ==== comparison, cycle level: every output in every cycle =================================
  // exp_w is this cycle's line of outputs.hex; its fields, named like the outputs:
  /* verilator lint_off UNUSEDSIGNAL */
  logic [1:0]  exp_pad;  // the 0 bits above the first field
  /* verilator lint_on UNUSEDSIGNAL */
  logic [31:0] exp_prdata;
  logic        exp_pready;
  logic        exp_pslverr;
  logic        exp_atready;
  logic        exp_afvalid;
  logic        exp_traceclk;
  logic [7:0]  exp_tracedata;
  logic        exp_swo;
  logic        exp_txb_valid;
  logic [7:0]  exp_txb;
  logic        exp_ts_tick;
  logic        exp_async_idle;
  logic        exp_sync_req;
  assign {exp_pad, exp_prdata, exp_pready, exp_pslverr, exp_atready, exp_afvalid,
          exp_traceclk, exp_tracedata, exp_swo, exp_txb_valid, exp_txb, exp_ts_tick,
          exp_async_idle, exp_sync_req} = exp_w;

  task automatic compare(input int k);
    if (out_w !== exp_w) begin
      $display("tpiu_replay_tb: MISMATCH in %s at cycle %0d (line %0d of outputs.hex, from 0)",
               dir, k - reset_lines, k);
      $display("  output              expected, actual (hex)");
      if (exp_prdata !== out_prdata)
        $display("  prdata_o            %h  %h", exp_prdata, out_prdata);
      if (exp_pready !== out_pready)
        $display("  pready_o            %h  %h", exp_pready, out_pready);
      if (exp_pslverr !== out_pslverr)
        $display("  pslverr_o           %h  %h", exp_pslverr, out_pslverr);
      if (exp_atready !== out_atready)
        $display("  atready_o           %h  %h", exp_atready, out_atready);
      if (exp_afvalid !== out_afvalid)
        $display("  afvalid_o           %h  %h", exp_afvalid, out_afvalid);
      if (exp_traceclk !== out_traceclk)
        $display("  traceclk_o          %h  %h", exp_traceclk, out_traceclk);
      if (exp_tracedata !== out_tracedata8)
        $display("  tracedata_o         %h  %h", exp_tracedata, out_tracedata8);
      if (exp_swo !== out_swo)
        $display("  swo_o               %h  %h", exp_swo, out_swo);
      if (exp_txb_valid !== out_txb_valid)
        $display("  txb_valid_o         %h  %h", exp_txb_valid, out_txb_valid);
      if (exp_txb !== out_txb)
        $display("  txb_o               %h  %h", exp_txb, out_txb);
      if (exp_ts_tick !== out_ts_tick)
        $display("  ts_tick_o           %h  %h", exp_ts_tick, out_ts_tick);
      if (exp_async_idle !== out_async_idle)
        $display("  async_idle_o        %h  %h", exp_async_idle, out_async_idle);
      if (exp_sync_req !== out_sync_req)
        $display("  sync_req_o          %h  %h", exp_sync_req, out_sync_req);
      $display("  inputs of that cycle: %h", in_mem[k]);
      vec_failed = 1'b1;
    end
  endtask

  // ==== comparison, transaction level (vectors/README.md "Transaction level", TPIU) ==========
  // (Verilator's UNUSEDSIGNAL is off for this section, as in vec_replay.svh)
  /* verilator lint_off UNUSEDSIGNAL */
  // Bits of the .hex words (the layout tables of vectors/README.md):
  localparam int IPsel = 70, IPenable = 69, IAtValid = 16, IAfReady = 0;
  localparam int OPslverr = 24, OAtReady = 23, OAfValid = 22, OTxbValid = 11, OTsTick = 2;
  localparam int OAsyncIdle = 1, OSyncReq = 0;

  // Streams: 0 the ATB bytes the DUT takes {ATID, ATDATA}; 1 afvalid_o (flush request) level
  // changes; 2 the formatter's bytes (txb_o); 3 ts_tick_o pulses; 4 async_idle_o level
  // changes; 5 sync_req_o pulses. Latency in cycles.
  function automatic string stream_name(input int s);
    case (s)
      0: return "ATB byte taken (atready_o)";
      1: return "flush request (afvalid_o) change";
      2: return "formatter byte (txb_o)";
      3: return "line clock tick (ts_tick_o)";
      4: return "port idle (async_idle_o) change";
      default: return "sync request (sync_req_o)";
    endcase
  endfunction

  function automatic string event_text(input int s, input logic [63:0] v);
    case (s)
      0: return $sformatf("byte 0x%h ID 0x%h", v[7:0], v[14:8]);
      2: return $sformatf("byte 0x%h", v[7:0]);
      1, 4: return $sformatf("to %0d", v[0]);
      default: return "a pulse";
    endcase
  endfunction

  function automatic bit stream_slots(input int s);
    return 1'b0;
  endfunction
  function automatic bit slot_ready(input int k);
    return 1'b1;
  endfunction

  function automatic logic [64:0] exp_event(input int s, input int k);
    logic [OutW-1:0] o, p;
    logic [InW-1:0]  i;
    o = out_mem[k];
    p = k > 0 ? out_mem[k - 1] : '0;
    i = in_mem[k];
    case (s)
      0: return {i[IAtValid] && o[OAtReady], 49'b0, i[7:1], i[15:8]};
      1: return {o[OAfValid] != p[OAfValid], 63'b0, o[OAfValid]};
      2: return {o[OTxbValid], 56'b0, o[10:3]};
      3: return {o[OTsTick], 64'b0};
      4: return {o[OAsyncIdle] != p[OAsyncIdle], 63'b0, o[OAsyncIdle]};
      default: return {o[OSyncReq], 64'b0};
    endcase
  endfunction

  logic afvalid_was, async_idle_was;  // the DUT's levels in the cycle before

  function automatic logic [64:0] dut_event(input int s);
    case (s)
      0: return {in_atvalid && out_atready, 49'b0, in_atid, in_atdata};
      1: return {out_afvalid !== afvalid_was, 63'b0, out_afvalid};
      2: return {out_txb_valid, 56'b0, out_txb};
      3: return {out_ts_tick, 64'b0};
      4: return {out_async_idle !== async_idle_was, 63'b0, out_async_idle};
      default: return {out_sync_req, 64'b0};
    endcase
  endfunction

  // Offer 0: the ATB bytes of the vector's source (atvalid_i, atdata_i, atid_i; taken with
  // atready_o), replayed by the bench as the ATB master.
  function automatic logic [64:0] offer_line(input int o, input int k);
    return {in_mem[k][IAtValid], 49'b0, in_mem[k][7:1], in_mem[k][15:8]};
  endfunction
  function automatic bit offer_taken(input int o, input int k);
    return out_mem[k][OAtReady];
  endfunction

  // The flush acknowledge (afready_i): the bench answers as the ITM does ([ITM-FLUSH-1]),
  // the cycle after one with AFVALID, no AFREADY and no byte held by the master, and not
  // before the vector's own acknowledge.
  int af_xp;       // line of the vector's next AFREADY not yet given (lines: none)
  bit af_req;      // the cycle before: AFVALID, no AFREADY, the master empty
  bit af_hold;     // the cycle before: AFVALID without AFREADY (it must stay)
  bit x_seen;      // X on a control output was reported

  task automatic af_next(input int from);
    af_xp = from;
    while (af_xp < lines && in_mem[af_xp][IAfReady] !== 1'b1) af_xp++;
  endtask

  task automatic tx_start;
    afvalid_was = 1'b0;
    async_idle_was = 1'b0;
    af_req = 1'b0;
    af_hold = 1'b0;
    x_seen = 1'b0;
    af_next(0);
  endtask

  task automatic tx_drive(input int k);
    if (k >= lines) begin  // the drain: no APB access
      in_w[IPsel] = 1'b0;
      in_w[IPenable] = 1'b0;
    end
    in_w[IAtValid] = offer_active(0, k);
    in_w[15:8] = offer_active(0, k) ? of_d[0][7:0] : 8'h0;
    if (offer_active(0, k)) in_w[7:1] = of_d[0][14:8];
    in_w[IAfReady] = af_req && af_xp < lines && k >= af_xp;
    if (in_w[IAfReady]) af_next(af_xp + 1);
  endtask

  task automatic tx_check(input int k);
    apb_check(k, in_psel, in_penable, in_pwrite, {8'b0, in_paddr}, out_pready, out_prdata,
              out_pslverr, out_mem[k][57:26], out_mem[k][OPslverr]);
    if (!x_seen && (^{out_atready, out_afvalid, out_txb_valid, out_ts_tick, out_async_idle,
                      out_sync_req}) === 1'bx) begin
      tx_fail(k, "X on atready_o, afvalid_o, txb_valid_o, ts_tick_o, async_idle_o or sync_req_o");
      x_seen = 1'b1;
    end
    // ATB flush: AFVALID, once 1, stays 1 until AFREADY
    if (af_hold && out_afvalid !== 1'b1) begin
      tx_fail(k, "afvalid_o fell before afready_i");
    end
    af_hold = out_afvalid === 1'b1 && in_afready !== 1'b1;
    af_req = af_hold && !offer_busy(0, k);
    offer_observe(0, k, out_atready === 1'b1);
  endtask

  // (after the streams of cycle k: the levels of this cycle become the ones before)
  always @(posedge clk) begin
    afvalid_was <= out_afvalid;
    async_idle_was <= out_async_idle;
  end

  function automatic bit tx_idle();
    return 1'b1;
  endfunction

  task automatic tx_final;
  endtask
  /* verilator lint_on UNUSEDSIGNAL */

endmodule

`default_nettype wire
