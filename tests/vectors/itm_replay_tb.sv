// SPDX-License-Identifier: Apache-2.0
// Replays one ITM conformance vector (vectors/README.md) on itm_top, or on any module with its
// ports and parameters, in any Verilog simulator: drives inputs.hex, one line per clock cycle,
// and compares the outputs with outputs.hex, at one of two levels (+level=cycle, the default:
// every output in every cycle; +level=transaction: what the interfaces define, rules in
// vectors/README.md "Transaction level"). Plain SystemVerilog-2012 (Icarus Verilog 11:
// iverilog -g2012); the file handling, the cycle loop and the transaction-level machinery are
// tests/vectors/vec_replay.svh. tests/vectors/replay.sh compiles and runs it in one command.
//
//   iverilog -g2012 -Itests/vectors -Irtl/common -Irtl/itm -s itm_replay_tb \
//     -P itm_replay_tb.NumStimPorts=64 ... [-DDUT=my_itm] -o base.vvp \
//     tests/vectors/itm_replay_tb.sv <rtl>
//   vvp base.vvp +vec=vectors/itm/itm-0001-stim-byte-basic [+level=transaction] [+lines=N]
//
// The parameters must be the vector's (vector.txt "param" lines; the bench checks them and
// stops with $fatal on a difference). -DDUT=NAME replaces the module under test (default
// itm_top). +lines defaults to the number in the vector's cycles.txt. Exit status 0 = pass;
// at the cycle level the first difference names the cycle and the outputs and $fatal ends the
// run, at the transaction level every problem is printed and the run fails at its end (vvp
// exit status 1 either way).

`timescale 1ns / 1ps
`default_nettype none

`ifndef DUT
`define DUT itm_top
`endif

module itm_replay_tb #(
  parameter int NumStimPorts  = 64,
  parameter int StimFifoDepth = 4,
  parameter int HwFifoDepth   = 2,
  parameter int TsWidth       = 12,
  parameter int GtsWidth      = 64,
  parameter int MaxLines      = 32768  // the longest vector this build holds (lines)
);

  localparam int InW        = 176;  // inputs.hex: 44 hex digits
  localparam int OutW       = 56;   // outputs.hex: 14 hex digits
  localparam int RstBit     = 19;   // rst_ni in an inputs.hex word
  localparam int NumStreams = 3;    // ATB transfers, hardware-source packets, flush acks
  localparam int NumOffers  = 2;    // hardware-source packets, flush requests

  `include "vec_replay.svh"

  function automatic int param_get(input string name);
    if (name == "NumStimPorts") return NumStimPorts;
    if (name == "StimFifoDepth") return StimFifoDepth;
    if (name == "HwFifoDepth") return HwFifoDepth;
    if (name == "TsWidth") return TsWidth;
    if (name == "GtsWidth") return GtsWidth;
    return -1;
  endfunction

  function automatic bit block_ok(input string name);
    return name == "itm";
  endfunction

  // ---- DUT -------------------------------------------------------------------------------
  /* verilator lint_off UNUSEDSIGNAL */
  logic        in_pad23;  // the 0 bits of the layout
  logic [1:0]  in_pad1;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [63:0] in_gts;
  logic [39:0] in_hw_data;
  logic [31:0] in_pwdata;
  logic [11:0] in_paddr;
  logic [3:0]  in_pstrb;
  logic [2:0]  in_pprot;
  logic        in_rst_ni;
  logic        in_psel;
  logic        in_penable;
  logic        in_pwrite;
  logic        in_atready;
  logic        in_afvalid;
  logic        in_hw_valid;
  logic        in_hw_ovf;
  logic        in_dwt_sync_req;
  logic        in_tpiu_sync_req;
  logic        in_ts_async_tick;
  logic        in_async_idle;
  logic        in_gts_clkch;
  logic        in_trcena;
  logic        in_niden;
  logic        in_spniden;
  logic        in_pe_secure;
  logic        in_halted;
  logic [31:0] out_prdata;
  logic        out_pready;
  logic        out_pslverr;
  logic        out_atvalid;
  logic [7:0]  out_atdata;
  logic [6:0]  out_atid;
  logic        out_afready;
  logic        out_hw_ready;
  logic        out_busy;

  // inputs.hex, most significant field first (vectors/README.md)
  assign {in_gts, in_hw_data, in_pwdata, in_paddr, in_pstrb, in_pad23, in_pprot, in_rst_ni,
          in_psel, in_penable, in_pwrite, in_atready, in_afvalid, in_hw_valid, in_hw_ovf,
          in_dwt_sync_req, in_tpiu_sync_req, in_ts_async_tick, in_async_idle, in_gts_clkch,
          in_trcena, in_niden, in_spniden, in_pe_secure, in_halted, in_pad1} = in_w;

  `DUT #(
    .NumStimPorts (NumStimPorts),
    .StimFifoDepth(StimFifoDepth),
    .HwFifoDepth  (HwFifoDepth),
    .TsWidth      (TsWidth),
    .GtsWidth     (GtsWidth)
  ) u_dut (
    .clk_i          (clk),
    .rst_ni         (in_rst_ni),
    .gts_i          (in_gts),
    .hw_data_i      (in_hw_data),
    .pwdata_i       (in_pwdata),
    .paddr_i        (in_paddr),
    .pstrb_i        (in_pstrb),
    .pprot_i        (in_pprot),
    .psel_i         (in_psel),
    .penable_i      (in_penable),
    .pwrite_i       (in_pwrite),
    .atready_i      (in_atready),
    .afvalid_i      (in_afvalid),
    .hw_valid_i     (in_hw_valid),
    .hw_ovf_i       (in_hw_ovf),
    .dwt_sync_req_i (in_dwt_sync_req),
    .tpiu_sync_req_i(in_tpiu_sync_req),
    .ts_async_tick_i(in_ts_async_tick),
    .async_idle_i   (in_async_idle),
    .gts_clkch_i    (in_gts_clkch),
    .trcena_i       (in_trcena),
    .niden_i        (in_niden),
    .spniden_i      (in_spniden),
    .pe_secure_i    (in_pe_secure),
    .halted_i       (in_halted),
    .prdata_o       (out_prdata),
    .pready_o       (out_pready),
    .pslverr_o      (out_pslverr),
    .atvalid_o      (out_atvalid),
    .atdata_o       (out_atdata),
    .atid_o         (out_atid),
    .afready_o      (out_afready),
    .hw_ready_o     (out_hw_ready),
    .busy_o         (out_busy)
  );

  // outputs.hex, most significant field first
  assign out_w = {out_prdata, out_atdata, 1'b0, out_atid, out_pready, out_pslverr, out_atvalid,
                  out_afready, out_hw_ready, out_busy, 2'b00};

  // ==== comparison, cycle level: every output in every cycle =================================
  // exp_w is this cycle's line of outputs.hex; its fields, named like the outputs:
  /* verilator lint_off UNUSEDSIGNAL */
  logic        exp_pad15;  // the 0 bits of the layout
  logic [1:0]  exp_pad1;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [31:0] exp_prdata;
  logic [7:0]  exp_atdata;
  logic [6:0]  exp_atid;
  logic        exp_pready;
  logic        exp_pslverr;
  logic        exp_atvalid;
  logic        exp_afready;
  logic        exp_hw_ready;
  logic        exp_busy;
  assign {exp_prdata, exp_atdata, exp_pad15, exp_atid, exp_pready, exp_pslverr, exp_atvalid,
          exp_afready, exp_hw_ready, exp_busy, exp_pad1} = exp_w;

  task automatic compare(input int k);
    if (out_w !== exp_w) begin
      $display("itm_replay_tb: MISMATCH in %s at cycle %0d (word %0d of outputs.hex, from 0)",
               dir, k - reset_lines, k);
      $display("  output      expected   actual");
      if (exp_prdata !== out_prdata)
        $display("  prdata_o    0x%h 0x%h", exp_prdata, out_prdata);
      if (exp_atdata !== out_atdata)
        $display("  atdata_o    0x%h       0x%h", exp_atdata, out_atdata);
      if (exp_atid !== out_atid)
        $display("  atid_o      0x%h       0x%h", exp_atid, out_atid);
      if (exp_pready !== out_pready)
        $display("  pready_o    %b          %b", exp_pready, out_pready);
      if (exp_pslverr !== out_pslverr)
        $display("  pslverr_o   %b          %b", exp_pslverr, out_pslverr);
      if (exp_atvalid !== out_atvalid)
        $display("  atvalid_o   %b          %b", exp_atvalid, out_atvalid);
      if (exp_afready !== out_afready)
        $display("  afready_o   %b          %b", exp_afready, out_afready);
      if (exp_hw_ready !== out_hw_ready)
        $display("  hw_ready_o  %b          %b", exp_hw_ready, out_hw_ready);
      if (exp_busy !== out_busy)
        $display("  busy_o      %b          %b", exp_busy, out_busy);
      $display("  inputs of that cycle: %h", in_mem[k]);
      vec_failed = 1'b1;
    end
  endtask

  // ==== comparison, transaction level (vectors/README.md "Transaction level", ITM) ===========
  // (Verilator's UNUSEDSIGNAL is off for this section, as in vec_replay.svh)
  /* verilator lint_off UNUSEDSIGNAL */
  // Bits of the .hex words (the layout tables of vectors/README.md):
  localparam int IPsel = 18, IPenable = 17, IAtReady = 15, IAfValid = 14;
  localparam int IHwValid = 13, OAtValid = 5, OAfReady = 4, OHwReady = 3, OBusy = 2;
  localparam int OPslverr = 6;

  // Streams: 0 ATB transfers {ATID, ATDATA} (latency in ready slots: cycles with ATREADY, which
  // the vector's sink gives whatever the DUT does); 1 hardware-source packets taken; 2 flush
  // acknowledges.
  function automatic string stream_name(input int s);
    case (s)
      0: return "ATB transfer (atdata_o, atid_o)";
      1: return "hw packet taken (hw_ready_o)";
      default: return "flush acknowledge (afready_o)";
    endcase
  endfunction

  function automatic string event_text(input int s, input logic [63:0] v);
    case (s)
      0: return $sformatf("byte 0x%h ID 0x%h", v[7:0], v[14:8]);
      1: return $sformatf("packet 0x%h", v[39:0]);
      default: return "AFREADY";
    endcase
  endfunction

  function automatic bit stream_slots(input int s);
    return s == 0;
  endfunction

  function automatic bit slot_ready(input int k);
    return in_mem[k][IAtReady];
  endfunction

  function automatic logic [64:0] exp_event(input int s, input int k);
    logic [InW-1:0]  i;
    logic [OutW-1:0] o;
    i = in_mem[k];
    o = out_mem[k];
    case (s)
      0: return {i[IAtReady] && o[OAtValid], 49'b0, o[14:8], o[23:16]};
      1: return {i[IHwValid] && o[OHwReady], 24'b0, i[111:72]};
      default: return {o[OAfReady], 64'b0};
    endcase
  endfunction

  function automatic logic [64:0] dut_event(input int s);
    case (s)
      0: return {out_atvalid && in_atready, 49'b0, out_atid, out_atdata};
      1: return {in_hw_valid && out_hw_ready, 24'b0, in_hw_data};
      default: return {out_afready, 64'b0};
    endcase
  endfunction

  // Offers: 0 the hardware-source packets (hw_valid_i, hw_data_i; taken with hw_ready_o),
  // 1 the flush requests (afvalid_i; answered with afready_o).
  function automatic logic [64:0] offer_line(input int o, input int k);
    if (o == 0) return {in_mem[k][IHwValid], 24'b0, in_mem[k][111:72]};
    return {in_mem[k][IAfValid], 64'b0};
  endfunction

  function automatic bit offer_taken(input int o, input int k);
    return out_mem[k][o == 0 ? OHwReady : OAfReady];
  endfunction

  // the vector's ATB transfers before line k
  function automatic int xfers_before(input int k);
    logic [64:0] x;
    int c;
    c = 0;
    for (int j = reset_lines; j < k && j < lines; j++) begin
      x = exp_event(0, j);
      c += int'(x[64]);
    end
    return c;
  endfunction

  task automatic tx_drive(input int k);
    if (k >= lines) begin  // the drain: no APB access, no pulses, the sink ready
      in_w[IPsel] = 1'b0;
      in_w[IPenable] = 1'b0;
      in_w[IAtReady] = 1'b1;
      in_w[12:9] = 4'b0;   // hw_ovf_i, dwt_sync_req_i, tpiu_sync_req_i, ts_async_tick_i
      in_w[7] = 1'b0;      // gts_clkch_i
    end
    in_w[IHwValid] = offer_active(0, k);
    in_w[111:72] = offer_active(0, k) ? of_d[0][39:0] : 40'b0;
    in_w[IAfValid] = offer_active(1, k);
  endtask

  logic       at_hold;       // ATVALID was 1 without ATREADY in the cycle before
  logic [7:0] at_hold_data;
  bit         x_seen;        // X on a control output was reported

  task automatic tx_start;
    at_hold = 1'b0;
    at_hold_data = '0;
    x_seen = 1'b0;
  endtask

  task automatic tx_check(input int k);
    int n_before;
    apb_check(k, in_psel, in_penable, in_pwrite, {8'b0, in_paddr}, out_pready, out_prdata,
              out_pslverr, out_mem[k][55:24], out_mem[k][OPslverr]);
    if (!x_seen && (^{out_atvalid, out_afready, out_hw_ready, out_busy}) === 1'bx) begin
      tx_fail(k, "X on atvalid_o, afready_o, hw_ready_o or busy_o");
      x_seen = 1'b1;
    end
    // ATB: once ATVALID is 1 it stays 1, with ATDATA, until a cycle with ATREADY. (Not ATID:
    // the contract drives it from ITM_TCR.TraceBusID in every cycle, and itm-0036 rewrites
    // that under a stalled byte; ATID is compared in the transfer.)
    if (at_hold && (out_atvalid !== 1'b1 || out_atdata !== at_hold_data)) begin
      tx_fail(k, $sformatf({"ATB: ATVALID %b ATDATA 0x%h; the cycle before offered 0x%h ",
                            "without ATREADY"}, out_atvalid, out_atdata, at_hold_data));
    end
    at_hold = out_atvalid === 1'b1 && in_atready !== 1'b1;
    at_hold_data = out_atdata;
    // flush: AFREADY answers the bench's AFVALID, once every byte sent before the request
    // has been transferred ([ITM-FLUSH-1]: the bytes accepted before it)
    if (out_afready === 1'b1) begin
      if (!offer_active(1, k)) begin
        tx_fail(k, "AFREADY = 1 without a flush request (AFVALID 0)");
      end else begin
        n_before = xfers_before(of_s[1]);
        if (st_n[0] < n_before) begin
          tx_fail(k, $sformatf({"AFREADY after %0d ATB bytes; the vector had sent %0d before ",
                                "the flush request (cycle %0d)"}, st_n[0], n_before,
                               cyc(of_s[1])));
        end
      end
    end
    offer_observe(0, k, out_hw_ready === 1'b1);
    offer_observe(1, k, out_afready === 1'b1);
  endtask

  // the vector ends with the ITM idle: so must the DUT, within lat cycles
  function automatic bit tx_idle();
    return out_mem[lines - 1][OBusy] !== 1'b0 || out_busy === 1'b0;
  endfunction

  task automatic tx_final;
    if (!tx_idle()) tx_fail(lines + drain, "busy_o is still 1 after the drain");
  endtask
  /* verilator lint_on UNUSEDSIGNAL */

endmodule

`default_nettype wire
