// SPDX-License-Identifier: Apache-2.0
// Replays one FPB conformance vector (vectors/README.md) on fpb_top, or on any module with its
// ports and parameters, in any Verilog simulator: drives inputs.hex, one line per clock cycle,
// and compares the outputs with outputs.hex, at one of two levels (+level=cycle, the default:
// every output in every cycle; +level=transaction: what the interfaces define, rules in
// vectors/README.md "Transaction level"). Plain SystemVerilog-2012 (Icarus Verilog 11:
// iverilog -g2012); the file handling, the cycle loop and the transaction-level machinery are
// tests/vectors/vec_replay.svh. tests/vectors/replay.sh compiles and runs it in one command.
//
//   iverilog -g2012 -Itests/vectors -Irtl/common -Irtl/fpb -s fpb_replay_tb \
//     -P fpb_replay_tb.NumCode=.. -P fpb_replay_tb.NumLit=.. ... [-DDUT=my_fpb] \
//     -o base.vvp tests/vectors/fpb_replay_tb.sv <rtl>
//   vvp base.vvp +vec=vectors/fpb/<id> [+level=transaction] [+lines=N]
//
// The parameters must be the vector's (vector.txt "param" lines; the bench checks them and
// stops with $fatal on a difference). -DDUT=NAME replaces the module under test (default
// fpb_top; it needs the ports and parameters of fpb_top, docs/fpb-contract.md section 3).
// +lines defaults to the number in the vector's cycles.txt. Exit status 0 = pass; at the cycle
// level the first difference names the cycle and the outputs, at the transaction level every
// problem is printed (vvp exit status 1 on a failure).

`timescale 1ns / 1ps
`default_nettype none

`ifndef DUT
`define DUT fpb_top
`endif

module fpb_replay_tb #(
  parameter int NumCode    = 8,
  parameter int NumLit     = 0,
  parameter int BothHalves = 1,
  parameter int SecExt     = 1,
  parameter int Ude        = 1,
  parameter int MaxLines = 65536  // the longest vector this build holds (lines)
);

  localparam int InW    = 104;  // inputs.hex: 26 hex digits (103 bits used)
  localparam int OutW   = 40;  // outputs.hex: 10 hex digits (37 bits used)
  localparam int RstBit = 102;  // rst_ni in an inputs.hex word
  localparam int NumStreams = 0;  // (none: APB and the per-fetch results only)
  localparam int NumOffers  = 0;  // (none)

  `include "vec_replay.svh"

  function automatic int param_get(input string name);
    if (name == "NumCode") return NumCode;
    if (name == "NumLit") return NumLit;
    if (name == "BothHalves") return BothHalves;
    if (name == "SecExt") return SecExt;
    if (name == "Ude") return Ude;
    return -1;
  endfunction

  function automatic bit block_ok(input string name);
    return name == "fpb";
  endfunction

  // ---- DUT -------------------------------------------------------------------------------
  /* verilator lint_off UNUSEDSIGNAL */
  logic        in_pad;   // the 0 bits above the first field
  /* verilator lint_on UNUSEDSIGNAL */
  logic        in_rst_ni;
  logic        in_psel;
  logic        in_penable;
  logic        in_pwrite;
  logic [11:0] in_paddr;
  logic [31:0] in_pwdata;
  logic [3:0]  in_pstrb;
  logic [2:0]  in_pprot;
  logic        in_if_valid;
  logic [31:0] in_if_addr;
  logic [1:0]  in_if_kind;
  logic        in_if_size32;
  logic        in_if_secure;
  logic        in_if_priv;
  logic        in_hda;
  logic        in_uhda;
  logic        in_uhda_s;
  logic        in_c_debugen;
  logic        in_s_halt;
  logic        in_s_sde;
  logic        in_mon_en;
  logic        in_sdme;
  logic        in_umon_en;
  logic        in_mon_prio;
  logic [31:0] out_prdata;
  logic        out_pready;
  logic        out_pslverr;
  logic        out_match;
  logic        out_bkpt_halt;
  logic        out_bkpt_mon;

  // inputs.hex, most significant field first (vectors/README.md)
  assign {in_pad, in_rst_ni, in_psel, in_penable, in_pwrite, in_paddr, in_pwdata, in_pstrb,
          in_pprot, in_if_valid, in_if_addr, in_if_kind, in_if_size32, in_if_secure,
          in_if_priv, in_hda, in_uhda, in_uhda_s, in_c_debugen, in_s_halt, in_s_sde,
          in_mon_en, in_sdme, in_umon_en, in_mon_prio} = in_w;

  `DUT #(
    .NumCode    (NumCode),
    .NumLit     (NumLit),
    .BothHalves (BothHalves),
    .SecExt     (SecExt),
    .Ude        (Ude)
  ) u_dut (
    .clk_i       (clk),
    .rst_ni      (in_rst_ni),
    .psel_i      (in_psel),
    .penable_i   (in_penable),
    .pwrite_i    (in_pwrite),
    .paddr_i     (in_paddr),
    .pwdata_i    (in_pwdata),
    .pstrb_i     (in_pstrb),
    .pprot_i     (in_pprot),
    .if_valid_i  (in_if_valid),
    .if_addr_i   (in_if_addr),
    .if_kind_i   (in_if_kind),
    .if_size32_i (in_if_size32),
    .if_secure_i (in_if_secure),
    .if_priv_i   (in_if_priv),
    .hda_i       (in_hda),
    .uhda_i      (in_uhda),
    .uhda_s_i    (in_uhda_s),
    .c_debugen_i (in_c_debugen),
    .s_halt_i    (in_s_halt),
    .s_sde_i     (in_s_sde),
    .mon_en_i    (in_mon_en),
    .sdme_i      (in_sdme),
    .umon_en_i   (in_umon_en),
    .mon_prio_i  (in_mon_prio),
    .prdata_o    (out_prdata),
    .pready_o    (out_pready),
    .pslverr_o   (out_pslverr),
    .match_o     (out_match),
    .bkpt_halt_o (out_bkpt_halt),
    .bkpt_mon_o  (out_bkpt_mon)
  );

  // outputs.hex, most significant field first
  assign out_w = {3'b0, out_prdata, out_pready, out_pslverr, out_match, out_bkpt_halt,
                 out_bkpt_mon};

  // ==== comparison, cycle level: every output in every cycle =================================
  // exp_w is this cycle's line of outputs.hex; its fields, named like the outputs:
  /* verilator lint_off UNUSEDSIGNAL */
  logic [2:0]  exp_pad;  // the 0 bits above the first field
  /* verilator lint_on UNUSEDSIGNAL */
  logic [31:0] exp_prdata;
  logic        exp_pready;
  logic        exp_pslverr;
  logic        exp_match;
  logic        exp_bkpt_halt;
  logic        exp_bkpt_mon;
  assign {exp_pad, exp_prdata, exp_pready, exp_pslverr, exp_match, exp_bkpt_halt,
          exp_bkpt_mon} = exp_w;

  task automatic compare(input int k);
    if (out_w !== exp_w) begin
      $display("fpb_replay_tb: MISMATCH in %s at cycle %0d (line %0d of outputs.hex, from 0)",
               dir, k - reset_lines, k);
      $display("  output              expected, actual (hex)");
      if (exp_prdata !== out_prdata)
        $display("  prdata_o            %h  %h", exp_prdata, out_prdata);
      if (exp_pready !== out_pready)
        $display("  pready_o            %h  %h", exp_pready, out_pready);
      if (exp_pslverr !== out_pslverr)
        $display("  pslverr_o           %h  %h", exp_pslverr, out_pslverr);
      if (exp_match !== out_match)
        $display("  match_o             %h  %h", exp_match, out_match);
      if (exp_bkpt_halt !== out_bkpt_halt)
        $display("  bkpt_halt_o         %h  %h", exp_bkpt_halt, out_bkpt_halt);
      if (exp_bkpt_mon !== out_bkpt_mon)
        $display("  bkpt_mon_o          %h  %h", exp_bkpt_mon, out_bkpt_mon);
      $display("  inputs of that cycle: %h", in_mem[k]);
      vec_failed = 1'b1;
    end
  endtask

  // ==== comparison, transaction level (vectors/README.md "Transaction level", FPB) ===========
  // (Verilator's UNUSEDSIGNAL is off for this section, as in vec_replay.svh)
  /* verilator lint_off UNUSEDSIGNAL */
  // Bits of the .hex words (the layout tables of vectors/README.md):
  localparam int IPsel = 101, IPenable = 100, IIfValid = 47, OPslverr = 3;

  // No event streams and no input offers: APB, and the per-fetch results at their cycle.
  function automatic string stream_name(input int s);
    return "(none)";
  endfunction
  function automatic string event_text(input int s, input logic [63:0] v);
    return "";
  endfunction
  function automatic bit stream_slots(input int s);
    return 1'b0;
  endfunction
  function automatic bit slot_ready(input int k);
    return 1'b1;
  endfunction
  function automatic logic [64:0] exp_event(input int s, input int k);
    return 65'b0;
  endfunction
  function automatic logic [64:0] dut_event(input int s);
    return 65'b0;
  endfunction
  function automatic logic [64:0] offer_line(input int o, input int k);
    return 65'b0;
  endfunction
  function automatic bit offer_taken(input int o, input int k);
    return 1'b0;
  endfunction

  task automatic tx_drive(input int k);
    if (k >= lines) begin  // the drain: no APB access, no fetch
      in_w[IPsel] = 1'b0;
      in_w[IPenable] = 1'b0;
      in_w[IIfValid] = 1'b0;
    end
  endtask

  task automatic tx_start;
  endtask

  task automatic tx_check(input int k);
    logic [OutW-1:0] o;
    apb_check(k, in_psel, in_penable, in_pwrite, {8'b0, in_paddr}, out_pready, out_prdata,
              out_pslverr, out_mem[k][36:5], out_mem[k][OPslverr]);
    // match_o, bkpt_halt_o, bkpt_mon_o: the result of the fetch of the cycle before
    // ([FPB-TIME-1]), evt_shift cycles later
    if (k - evt_shift >= reset_lines && k - evt_shift < lines) begin
      o = out_mem[k - evt_shift];
      if ({out_match, out_bkpt_halt, out_bkpt_mon} !== o[2:0]) begin
        tx_fail(k, $sformatf({"match_o %b bkpt_halt_o %b bkpt_mon_o %b, the vector's (cycle ",
                              "%0d) %b %b %b"}, out_match, out_bkpt_halt, out_bkpt_mon,
                             cyc(k - evt_shift), o[2], o[1], o[0]));
      end
    end
  endtask

  function automatic bit tx_idle();
    return 1'b1;
  endfunction

  task automatic tx_final;
  endtask
  /* verilator lint_on UNUSEDSIGNAL */

endmodule

`default_nettype wire
