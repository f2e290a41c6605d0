// SPDX-License-Identifier: Apache-2.0
// Replays one TPIU conformance vector (vectors/README.md) on tpiu_top in any Verilog
// simulator: drives inputs.hex, one line per clock cycle, and compares every output with
// outputs.hex in every cycle. Plain SystemVerilog-2012 (Icarus Verilog 11: iverilog -g2012);
// the file handling and the cycle loop are tests/vectors/vec_replay.svh.
//
//   iverilog -g2012 -Itests/vectors -Irtl/common -Irtl/tpiu -s tpiu_replay_tb \
//     -P tpiu_replay_tb.PortWidth=.. -P tpiu_replay_tb.AtbFifoDepth=.. ... \
//     -o full.vvp tests/vectors/tpiu_replay_tb.sv <rtl>
//   vvp full.vvp +vec=vectors/tpiu/<id> [+lines=N]
//
// The parameters must be the vector's (vector.txt "param" lines; the bench checks them and
// stops with $fatal on a difference). +lines defaults to the number in the vector's
// cycles.txt. Exit status 0 = every output matched in every cycle; on the first difference
// the comparison section names the cycle and the outputs, and $fatal ends the run (vvp exit
// status 1). To check another implementation, compile it in place of the RTL: it needs the
// ports and parameters of tpiu_top (docs/tpiu-contract.md section 3).

`timescale 1ns / 1ps
`default_nettype none

module tpiu_replay_tb #(
  parameter int PortWidth       = 4,
  parameter int AtbFifoDepth    = 4,
  parameter int FrameIdleCycles = 16,
  parameter int MaxLines = 65536  // the longest vector this build holds (lines)
);

  localparam int InW    = 72;  // inputs.hex: 18 hex digits (72 bits used)
  localparam int OutW   = 60;  // outputs.hex: 15 hex digits (58 bits used)
  localparam int RstBit = 71;  // rst_ni in an inputs.hex word

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

  tpiu_top #(
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

  // ==== comparison: the one place where this bench checks the DUT ==========================
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
      $fatal(1, "tpiu_replay_tb: FAIL %s", dir);
    end
  endtask

endmodule

`default_nettype wire
