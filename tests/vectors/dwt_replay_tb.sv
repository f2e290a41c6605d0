// SPDX-License-Identifier: Apache-2.0
// Replays one DWT conformance vector (vectors/README.md) on dwt_top, or on any module with its
// ports and parameters, in any Verilog simulator: drives inputs.hex, one line per clock cycle,
// and compares the outputs with outputs.hex, at one of two levels (+level=cycle, the default:
// every output in every cycle; +level=transaction: what the interfaces define, rules in
// vectors/README.md "Transaction level"). Plain SystemVerilog-2012 (Icarus Verilog 11:
// iverilog -g2012); the file handling, the cycle loop and the transaction-level machinery are
// tests/vectors/vec_replay.svh. tests/vectors/replay.sh compiles and runs it in one command.
//
//   iverilog -g2012 -Itests/vectors -Irtl/common -Irtl/dwt -s dwt_replay_tb \
//     -P dwt_replay_tb.NumComp=.. -P dwt_replay_tb.DwtFifoDepth=.. ... [-DDUT=my_dwt] \
//     -o dwt.vvp tests/vectors/dwt_replay_tb.sv <rtl>
//   vvp dwt.vvp +vec=vectors/dwt/<id> [+level=transaction] [+lines=N]
//
// The parameters must be the vector's (vector.txt "param" lines; the bench checks them and
// stops with $fatal on a difference). -DDUT=NAME replaces the module under test (default
// dwt_top; it needs the ports and parameters of dwt_top, docs/dwt-contract.md section 3).
// +lines defaults to the number in the vector's cycles.txt. Exit status 0 = pass; at the cycle
// level the first difference names the cycle and the outputs, at the transaction level every
// problem is printed (vvp exit status 1 on a failure).

`timescale 1ns / 1ps
`default_nettype none

`ifndef DUT
`define DUT dwt_top
`endif

module dwt_replay_tb #(
  parameter int NumComp      = 4,
  parameter int DwtFifoDepth = 4,
  parameter int HasMain      = 1,
  parameter int HasTrace     = 1,
  parameter int HasCycCnt    = 1,
  parameter int HasPrfCnt    = 1,
  parameter int HasExtTrig   = 1,
  parameter int HasVmask     = 1,
  parameter int HasPcsr      = 1,
  parameter int SecExt       = 1,
  parameter int Ude          = 1,
  parameter int MaxLines = 65536  // the longest vector this build holds (lines)
);

  localparam int InW    = 236;  // inputs.hex: 59 hex digits (233 bits used)
  localparam int OutW   = 96;  // outputs.hex: 24 hex digits (95 bits used)
  localparam int RstBit = 232;  // rst_ni in an inputs.hex word
  localparam int NumStreams = 3;  // hardware-source packets, overflow pulses, sync requests
  localparam int NumOffers  = 0;  // (none)

  `include "vec_replay.svh"

  function automatic int param_get(input string name);
    if (name == "NumComp") return NumComp;
    if (name == "DwtFifoDepth") return DwtFifoDepth;
    if (name == "HasMain") return HasMain;
    if (name == "HasTrace") return HasTrace;
    if (name == "HasCycCnt") return HasCycCnt;
    if (name == "HasPrfCnt") return HasPrfCnt;
    if (name == "HasExtTrig") return HasExtTrig;
    if (name == "HasVmask") return HasVmask;
    if (name == "HasPcsr") return HasPcsr;
    if (name == "SecExt") return SecExt;
    if (name == "Ude") return Ude;
    return -1;
  endfunction

  function automatic bit block_ok(input string name);
    return name == "dwt";
  endfunction

  // ---- DUT -------------------------------------------------------------------------------
  /* verilator lint_off UNUSEDSIGNAL */
  logic [2:0]  in_pad;   // the 0 bits above the first field
  /* verilator lint_on UNUSEDSIGNAL */
  logic        in_rst_ni;
  logic        in_psel;
  logic        in_penable;
  logic        in_pwrite;
  logic [11:0] in_paddr;
  logic [31:0] in_pwdata;
  logic [3:0]  in_pstrb;
  logic [2:0]  in_pprot;
  logic        in_ia_valid;
  logic [31:0] in_ia_addr;
  logic        in_ia_secure;
  logic        in_ia_priv;
  logic        in_da_valid;
  logic [31:0] in_da_addr;
  logic [1:0]  in_da_size;
  logic        in_da_write;
  logic [31:0] in_da_data;
  logic [31:0] in_da_pc;
  logic        in_da_secure;
  logic        in_da_priv;
  logic        in_da_fault;
  logic        in_da_lazyfp;
  logic        in_exc_valid;
  logic [1:0]  in_exc_fn;
  logic [8:0]  in_exc_num;
  logic        in_exc_secure;
  logic        in_sleeping;
  logic        in_evt_cpi;
  logic        in_evt_exc;
  logic        in_evt_sleep;
  logic        in_evt_lsu;
  logic        in_evt_fold;
  logic        in_pe_secure;
  logic        in_pe_priv;
  logic        in_halted;
  logic        in_trcena;
  logic        in_niden;
  logic        in_niden_p;
  logic        in_spniden;
  logic        in_spniden_p;
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
  logic        in_monrdy;
  logic        in_hw_ready;
  logic [31:0] out_prdata;
  logic        out_pready;
  logic        out_pslverr;
  logic [15:0] out_cmpmatch;
  logic        out_wpt_halt;
  logic        out_wpt_mon;
  logic        out_hw_valid;
  logic [39:0] out_hw_data;
  logic        out_hw_ovf;
  logic        out_sync_req;

  // inputs.hex, most significant field first (vectors/README.md)
  assign {in_pad, in_rst_ni, in_psel, in_penable, in_pwrite, in_paddr, in_pwdata, in_pstrb,
          in_pprot, in_ia_valid, in_ia_addr, in_ia_secure, in_ia_priv, in_da_valid,
          in_da_addr, in_da_size, in_da_write, in_da_data, in_da_pc, in_da_secure,
          in_da_priv, in_da_fault, in_da_lazyfp, in_exc_valid, in_exc_fn, in_exc_num,
          in_exc_secure, in_sleeping, in_evt_cpi, in_evt_exc, in_evt_sleep, in_evt_lsu,
          in_evt_fold, in_pe_secure, in_pe_priv, in_halted, in_trcena, in_niden,
          in_niden_p, in_spniden, in_spniden_p, in_hda, in_uhda, in_uhda_s, in_c_debugen,
          in_s_halt, in_s_sde, in_mon_en, in_sdme, in_umon_en, in_mon_prio, in_monrdy,
          in_hw_ready} = in_w;

  `DUT #(
    .NumComp      (NumComp),
    .DwtFifoDepth (DwtFifoDepth),
    .HasMain      (HasMain),
    .HasTrace     (HasTrace),
    .HasCycCnt    (HasCycCnt),
    .HasPrfCnt    (HasPrfCnt),
    .HasExtTrig   (HasExtTrig),
    .HasVmask     (HasVmask),
    .HasPcsr      (HasPcsr),
    .SecExt       (SecExt),
    .Ude          (Ude)
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
    .ia_valid_i   (in_ia_valid),
    .ia_addr_i    (in_ia_addr),
    .ia_secure_i  (in_ia_secure),
    .ia_priv_i    (in_ia_priv),
    .da_valid_i   (in_da_valid),
    .da_addr_i    (in_da_addr),
    .da_size_i    (in_da_size),
    .da_write_i   (in_da_write),
    .da_data_i    (in_da_data),
    .da_pc_i      (in_da_pc),
    .da_secure_i  (in_da_secure),
    .da_priv_i    (in_da_priv),
    .da_fault_i   (in_da_fault),
    .da_lazyfp_i  (in_da_lazyfp),
    .exc_valid_i  (in_exc_valid),
    .exc_fn_i     (in_exc_fn),
    .exc_num_i    (in_exc_num),
    .exc_secure_i (in_exc_secure),
    .sleeping_i   (in_sleeping),
    .evt_cpi_i    (in_evt_cpi),
    .evt_exc_i    (in_evt_exc),
    .evt_sleep_i  (in_evt_sleep),
    .evt_lsu_i    (in_evt_lsu),
    .evt_fold_i   (in_evt_fold),
    .pe_secure_i  (in_pe_secure),
    .pe_priv_i    (in_pe_priv),
    .halted_i     (in_halted),
    .trcena_i     (in_trcena),
    .niden_i      (in_niden),
    .niden_p_i    (in_niden_p),
    .spniden_i    (in_spniden),
    .spniden_p_i  (in_spniden_p),
    .hda_i        (in_hda),
    .uhda_i       (in_uhda),
    .uhda_s_i     (in_uhda_s),
    .c_debugen_i  (in_c_debugen),
    .s_halt_i     (in_s_halt),
    .s_sde_i      (in_s_sde),
    .mon_en_i     (in_mon_en),
    .sdme_i       (in_sdme),
    .umon_en_i    (in_umon_en),
    .mon_prio_i   (in_mon_prio),
    .monrdy_i     (in_monrdy),
    .hw_ready_i   (in_hw_ready),
    .prdata_o     (out_prdata),
    .pready_o     (out_pready),
    .pslverr_o    (out_pslverr),
    .cmpmatch_o   (out_cmpmatch),
    .wpt_halt_o   (out_wpt_halt),
    .wpt_mon_o    (out_wpt_mon),
    .hw_valid_o   (out_hw_valid),
    .hw_data_o    (out_hw_data),
    .hw_ovf_o     (out_hw_ovf),
    .sync_req_o   (out_sync_req)
  );

  // outputs.hex, most significant field first
  assign out_w = {1'b0, out_prdata, out_pready, out_pslverr, out_cmpmatch, out_wpt_halt,
                 out_wpt_mon, out_hw_valid, out_hw_data, out_hw_ovf, out_sync_req};

  // ==== comparison, cycle level: every output in every cycle =================================
  // exp_w is this cycle's line of outputs.hex; its fields, named like the outputs:
  /* verilator lint_off UNUSEDSIGNAL */
  logic        exp_pad;  // the 0 bits above the first field
  /* verilator lint_on UNUSEDSIGNAL */
  logic [31:0] exp_prdata;
  logic        exp_pready;
  logic        exp_pslverr;
  logic [15:0] exp_cmpmatch;
  logic        exp_wpt_halt;
  logic        exp_wpt_mon;
  logic        exp_hw_valid;
  logic [39:0] exp_hw_data;
  logic        exp_hw_ovf;
  logic        exp_sync_req;
  assign {exp_pad, exp_prdata, exp_pready, exp_pslverr, exp_cmpmatch, exp_wpt_halt,
          exp_wpt_mon, exp_hw_valid, exp_hw_data, exp_hw_ovf, exp_sync_req} = exp_w;

  task automatic compare(input int k);
    if (out_w !== exp_w) begin
      $display("dwt_replay_tb: MISMATCH in %s at cycle %0d (line %0d of outputs.hex, from 0)",
               dir, k - reset_lines, k);
      $display("  output              expected, actual (hex)");
      if (exp_prdata !== out_prdata)
        $display("  prdata_o            %h  %h", exp_prdata, out_prdata);
      if (exp_pready !== out_pready)
        $display("  pready_o            %h  %h", exp_pready, out_pready);
      if (exp_pslverr !== out_pslverr)
        $display("  pslverr_o           %h  %h", exp_pslverr, out_pslverr);
      if (exp_cmpmatch !== out_cmpmatch)
        $display("  cmpmatch_o          %h  %h", exp_cmpmatch, out_cmpmatch);
      if (exp_wpt_halt !== out_wpt_halt)
        $display("  wpt_halt_o          %h  %h", exp_wpt_halt, out_wpt_halt);
      if (exp_wpt_mon !== out_wpt_mon)
        $display("  wpt_mon_o           %h  %h", exp_wpt_mon, out_wpt_mon);
      if (exp_hw_valid !== out_hw_valid)
        $display("  hw_valid_o          %h  %h", exp_hw_valid, out_hw_valid);
      if (exp_hw_data !== out_hw_data)
        $display("  hw_data_o           %h  %h", exp_hw_data, out_hw_data);
      if (exp_hw_ovf !== out_hw_ovf)
        $display("  hw_ovf_o            %h  %h", exp_hw_ovf, out_hw_ovf);
      if (exp_sync_req !== out_sync_req)
        $display("  sync_req_o          %h  %h", exp_sync_req, out_sync_req);
      $display("  inputs of that cycle: %h", in_mem[k]);
      vec_failed = 1'b1;
    end
  endtask

  // ==== comparison, transaction level (vectors/README.md "Transaction level", DWT) ===========
  // (Verilator's UNUSEDSIGNAL is off for this section, as in vec_replay.svh)
  /* verilator lint_off UNUSEDSIGNAL */
  // Bits of the .hex words (the layout tables of vectors/README.md):
  localparam int IPsel = 231, IPenable = 230, IHwReady = 0;
  localparam int OHwValid = 42, OHwOvf = 1, OSyncReq = 0, OPslverr = 61;

  // Streams: 0 the packets the ITM takes from the hardware-source port (latency in ready
  // slots: cycles with hw_ready_i, which the vector gives whatever the DUT does); 1 hw_ovf_o
  // pulses; 2 sync_req_o pulses.
  function automatic string stream_name(input int s);
    case (s)
      0: return "hw packet taken (hw_data_o)";
      1: return "overflow pulse (hw_ovf_o)";
      default: return "sync request (sync_req_o)";
    endcase
  endfunction

  function automatic string event_text(input int s, input logic [63:0] v);
    if (s == 0) return $sformatf("packet 0x%h", v[39:0]);
    return "a pulse";
  endfunction

  function automatic bit stream_slots(input int s);
    return s == 0;
  endfunction

  function automatic bit slot_ready(input int k);
    return in_mem[k][IHwReady];
  endfunction

  function automatic logic [64:0] exp_event(input int s, input int k);
    logic [OutW-1:0] o;
    o = out_mem[k];
    case (s)
      0: return {in_mem[k][IHwReady] && o[OHwValid], 24'b0, o[41:2]};
      1: return {o[OHwOvf], 64'b0};
      default: return {o[OSyncReq], 64'b0};
    endcase
  endfunction

  function automatic logic [64:0] dut_event(input int s);
    case (s)
      0: return {out_hw_valid && in_hw_ready, 24'b0, out_hw_data};
      1: return {out_hw_ovf, 64'b0};
      default: return {out_sync_req, 64'b0};
    endcase
  endfunction

  function automatic logic [64:0] offer_line(input int o, input int k);
    return 65'b0;  // no input offers: the DWT's inputs do not wait for its outputs
  endfunction
  function automatic bit offer_taken(input int o, input int k);
    return 1'b0;
  endfunction

  task automatic tx_drive(input int k);
    if (k >= lines) begin  // the drain: no APB access, nothing observed, the ITM ready
      in_w[IPsel] = 1'b0;
      in_w[IPenable] = 1'b0;
      in_w[177] = 1'b0;     // ia_valid_i
      in_w[142] = 1'b0;     // da_valid_i
      in_w[38] = 1'b0;      // exc_valid_i
      in_w[24:20] = 5'b0;   // evt_cpi_i .. evt_fold_i
      in_w[IHwReady] = 1'b1;
    end
  endtask

  logic        hw_hold;   // hw_valid_o was 1 without hw_ready_i in the cycle before
  logic [39:0] hw_hold_data;
  bit          x_seen;    // X on a control output was reported

  task automatic tx_start;
    hw_hold = 1'b0;
    hw_hold_data = '0;
    x_seen = 1'b0;
  endtask

  task automatic tx_check(input int k);
    logic [OutW-1:0] o;
    apb_check(k, in_psel, in_penable, in_pwrite, {8'b0, in_paddr}, out_pready, out_prdata,
              out_pslverr, out_mem[k][94:63], out_mem[k][OPslverr]);
    if (!x_seen && (^{out_cmpmatch, out_wpt_halt, out_wpt_mon, out_hw_valid, out_hw_ovf,
                      out_sync_req}) === 1'bx) begin
      tx_fail(k, "X on cmpmatch_o, wpt_halt_o, wpt_mon_o, hw_valid_o, hw_ovf_o or sync_req_o");
      x_seen = 1'b1;
    end
    // the hardware-source port: hw_valid_o, once 1, stays 1 with hw_data_o until hw_ready_i
    if (hw_hold && (out_hw_valid !== 1'b1 || out_hw_data !== hw_hold_data)) begin
      tx_fail(k, $sformatf({"hw_valid_o %b hw_data_o 0x%h; the cycle before offered 0x%h ",
                            "without hw_ready_i"}, out_hw_valid, out_hw_data, hw_hold_data));
    end
    hw_hold = out_hw_valid === 1'b1 && in_hw_ready !== 1'b1;
    hw_hold_data = out_hw_data;
    // CMPMATCH and the watchpoint debug events: the result of the operation observed evt_shift
    // cycles before the contract's cycle ([DWT-TIME-1]: t + 1)
    if (k - evt_shift >= reset_lines && k - evt_shift < lines) begin
      o = out_mem[k - evt_shift];
      if ({out_cmpmatch, out_wpt_halt, out_wpt_mon} !== o[60:43]) begin
        tx_fail(k, $sformatf({"cmpmatch_o 0x%h wpt_halt_o %b wpt_mon_o %b, the vector's ",
                              "(cycle %0d) 0x%h %b %b"}, out_cmpmatch, out_wpt_halt,
                             out_wpt_mon, cyc(k - evt_shift), o[60:45], o[44], o[43]));
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
