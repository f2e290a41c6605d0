// SPDX-License-Identifier: Apache-2.0
// Replays one system conformance vector (vectors/README.md) on trace_top in any Verilog
// simulator: drives inputs.hex, one line per clock cycle, and compares every output with
// outputs.hex in every cycle. Plain SystemVerilog-2012 (Icarus Verilog 11: iverilog -g2012);
// the file handling and the cycle loop are tests/vectors/vec_replay.svh.
//
//   iverilog -g2012 -Itests/vectors -Irtl/common -Irtl/itm -Irtl/fpb \
//     -Irtl/tpiu -Irtl/dwt -s sys_replay_tb \
//     -P sys_replay_tb.NumStimPorts=.. -P sys_replay_tb.StimFifoDepth=.. ... \
//     -o full.vvp tests/vectors/sys_replay_tb.sv <rtl>
//   vvp full.vvp +vec=vectors/sys/<id> [+lines=N]
//
// The parameters must be the vector's (vector.txt "param" lines; the bench checks them and
// stops with $fatal on a difference). +lines defaults to the number in the vector's
// cycles.txt. Exit status 0 = every output matched in every cycle; on the first difference
// the comparison section names the cycle and the outputs, and $fatal ends the run (vvp exit
// status 1). To check another implementation, compile it in place of the RTL: it needs the
// ports and parameters of trace_top (docs/fpb-contract.md section 7 and
// the sections 3 of the block contracts).

`timescale 1ns / 1ps
`default_nettype none

module sys_replay_tb #(
  parameter int NumStimPorts    = 64,
  parameter int StimFifoDepth   = 4,
  parameter int HwFifoDepth     = 2,
  parameter int TsWidth         = 12,
  parameter int GtsWidth        = 64,
  parameter int NumCode         = 8,
  parameter int NumLit          = 0,
  parameter int BothHalves      = 1,
  parameter int SecExt          = 1,
  parameter int Ude             = 1,
  parameter int HasTpiu         = 0,
  parameter int PortWidth       = 4,
  parameter int AtbFifoDepth    = 4,
  parameter int FrameIdleCycles = 16,
  parameter int HasDwt          = 0,
  parameter int NumComp         = 4,
  parameter int DwtFifoDepth    = 2,
  parameter int HasMain         = 1,
  parameter int HasTrace        = 1,
  parameter int HasCycCnt       = 1,
  parameter int HasPrfCnt       = 1,
  parameter int HasExtTrig      = 1,
  parameter int HasVmask        = 1,
  parameter int HasPcsr         = 1,
  parameter int MaxLines = 65536  // the longest vector this build holds (lines)
);

  localparam int InW    = 392;  // inputs.hex: 98 hex digits (391 bits used)
  localparam int OutW   = 140;  // outputs.hex: 35 hex digits (137 bits used)
  localparam int RstBit = 390;  // rst_ni in an inputs.hex word

  `include "vec_replay.svh"

  function automatic int param_get(input string name);
    if (name == "NumStimPorts") return NumStimPorts;
    if (name == "StimFifoDepth") return StimFifoDepth;
    if (name == "HwFifoDepth") return HwFifoDepth;
    if (name == "TsWidth") return TsWidth;
    if (name == "GtsWidth") return GtsWidth;
    if (name == "NumCode") return NumCode;
    if (name == "NumLit") return NumLit;
    if (name == "BothHalves") return BothHalves;
    if (name == "SecExt") return SecExt;
    if (name == "Ude") return Ude;
    if (name == "HasTpiu") return HasTpiu;
    if (name == "PortWidth") return PortWidth;
    if (name == "AtbFifoDepth") return AtbFifoDepth;
    if (name == "FrameIdleCycles") return FrameIdleCycles;
    if (name == "HasDwt") return HasDwt;
    if (name == "NumComp") return NumComp;
    if (name == "DwtFifoDepth") return DwtFifoDepth;
    if (name == "HasMain") return HasMain;
    if (name == "HasTrace") return HasTrace;
    if (name == "HasCycCnt") return HasCycCnt;
    if (name == "HasPrfCnt") return HasPrfCnt;
    if (name == "HasExtTrig") return HasExtTrig;
    if (name == "HasVmask") return HasVmask;
    if (name == "HasPcsr") return HasPcsr;
    return -1;
  endfunction

  function automatic bit block_ok(input string name);
    return name == "sys";
  endfunction

  // ---- DUT -------------------------------------------------------------------------------
  /* verilator lint_off UNUSEDSIGNAL */
  logic        in_pad;   // the 0 bits above the first field
  /* verilator lint_on UNUSEDSIGNAL */
  logic        in_rst_ni;
  logic        in_psel;
  logic        in_penable;
  logic        in_pwrite;
  logic [19:0] in_paddr;
  logic [31:0] in_pwdata;
  logic [3:0]  in_pstrb;
  logic [2:0]  in_pprot;
  logic        in_atready;
  logic        in_afvalid;
  logic        in_hw_valid;
  logic [39:0] in_hw_data;
  logic        in_hw_ovf;
  logic        in_dwt_sync_req;
  logic        in_tpiu_sync_req;
  logic        in_ts_async_tick;
  logic        in_async_idle;
  logic [63:0] in_gts;
  logic        in_gts_clkch;
  logic        in_trcena;
  logic        in_niden;
  logic        in_spniden;
  logic        in_pe_secure;
  logic        in_halted;
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
  logic        in_pe_priv;
  logic        in_niden_p;
  logic        in_spniden_p;
  logic        in_monrdy;
  logic [31:0] out_prdata;
  logic        out_pready;
  logic        out_pslverr;
  logic        out_atvalid;
  logic        out_atready;
  logic [7:0]  out_atdata;
  logic [6:0]  out_atid;
  logic        out_afready;
  logic        out_hw_ready;
  logic        out_busy;
  logic        out_match;
  logic        out_bkpt_halt;
  logic        out_bkpt_mon;
  logic        out_traceclk;
  logic [7:0]  out_tracedata;
  logic        out_swo;
  logic        out_txb_valid;
  logic [7:0]  out_txb;
  logic [15:0] out_cmpmatch;
  logic        out_wpt_halt;
  logic        out_wpt_mon;
  logic        out_dwt_hw_valid;
  logic [39:0] out_dwt_hw_data;
  logic        out_dwt_hw_ovf;
  logic        out_dwt_sync_req;

  // inputs.hex, most significant field first (vectors/README.md)
  assign {in_pad, in_rst_ni, in_psel, in_penable, in_pwrite, in_paddr, in_pwdata, in_pstrb,
          in_pprot, in_atready, in_afvalid, in_hw_valid, in_hw_data, in_hw_ovf,
          in_dwt_sync_req, in_tpiu_sync_req, in_ts_async_tick, in_async_idle, in_gts,
          in_gts_clkch, in_trcena, in_niden, in_spniden, in_pe_secure, in_halted,
          in_if_valid, in_if_addr, in_if_kind, in_if_size32, in_if_secure, in_if_priv,
          in_hda, in_uhda, in_uhda_s, in_c_debugen, in_s_halt, in_s_sde, in_mon_en,
          in_sdme, in_umon_en, in_mon_prio, in_ia_valid, in_ia_addr, in_ia_secure,
          in_ia_priv, in_da_valid, in_da_addr, in_da_size, in_da_write, in_da_data,
          in_da_pc, in_da_secure, in_da_priv, in_da_fault, in_da_lazyfp, in_exc_valid,
          in_exc_fn, in_exc_num, in_exc_secure, in_sleeping, in_evt_cpi, in_evt_exc,
          in_evt_sleep, in_evt_lsu, in_evt_fold, in_pe_priv, in_niden_p, in_spniden_p,
          in_monrdy} = in_w;

  trace_top #(
    .NumStimPorts    (NumStimPorts),
    .StimFifoDepth   (StimFifoDepth),
    .HwFifoDepth     (HwFifoDepth),
    .TsWidth         (TsWidth),
    .GtsWidth        (GtsWidth),
    .NumCode         (NumCode),
    .NumLit          (NumLit),
    .BothHalves      (BothHalves),
    .SecExt          (SecExt),
    .Ude             (Ude),
    .HasTpiu         (HasTpiu),
    .PortWidth       (PortWidth),
    .AtbFifoDepth    (AtbFifoDepth),
    .FrameIdleCycles (FrameIdleCycles),
    .HasDwt          (HasDwt),
    .NumComp         (NumComp),
    .DwtFifoDepth    (DwtFifoDepth),
    .HasMain         (HasMain),
    .HasTrace        (HasTrace),
    .HasCycCnt       (HasCycCnt),
    .HasPrfCnt       (HasPrfCnt),
    .HasExtTrig      (HasExtTrig),
    .HasVmask        (HasVmask),
    .HasPcsr         (HasPcsr)
  ) u_dut (
    .clk_i           (clk),
    .rst_ni          (in_rst_ni),
    .psel_i          (in_psel),
    .penable_i       (in_penable),
    .pwrite_i        (in_pwrite),
    .paddr_i         (in_paddr),
    .pwdata_i        (in_pwdata),
    .pstrb_i         (in_pstrb),
    .pprot_i         (in_pprot),
    .atready_i       (in_atready),
    .afvalid_i       (in_afvalid),
    .hw_valid_i      (in_hw_valid),
    .hw_data_i       (in_hw_data),
    .hw_ovf_i        (in_hw_ovf),
    .dwt_sync_req_i  (in_dwt_sync_req),
    .tpiu_sync_req_i (in_tpiu_sync_req),
    .ts_async_tick_i (in_ts_async_tick),
    .async_idle_i    (in_async_idle),
    .gts_i           (in_gts),
    .gts_clkch_i     (in_gts_clkch),
    .trcena_i        (in_trcena),
    .niden_i         (in_niden),
    .spniden_i       (in_spniden),
    .pe_secure_i     (in_pe_secure),
    .halted_i        (in_halted),
    .if_valid_i      (in_if_valid),
    .if_addr_i       (in_if_addr),
    .if_kind_i       (in_if_kind),
    .if_size32_i     (in_if_size32),
    .if_secure_i     (in_if_secure),
    .if_priv_i       (in_if_priv),
    .hda_i           (in_hda),
    .uhda_i          (in_uhda),
    .uhda_s_i        (in_uhda_s),
    .c_debugen_i     (in_c_debugen),
    .s_halt_i        (in_s_halt),
    .s_sde_i         (in_s_sde),
    .mon_en_i        (in_mon_en),
    .sdme_i          (in_sdme),
    .umon_en_i       (in_umon_en),
    .mon_prio_i      (in_mon_prio),
    .ia_valid_i      (in_ia_valid),
    .ia_addr_i       (in_ia_addr),
    .ia_secure_i     (in_ia_secure),
    .ia_priv_i       (in_ia_priv),
    .da_valid_i      (in_da_valid),
    .da_addr_i       (in_da_addr),
    .da_size_i       (in_da_size),
    .da_write_i      (in_da_write),
    .da_data_i       (in_da_data),
    .da_pc_i         (in_da_pc),
    .da_secure_i     (in_da_secure),
    .da_priv_i       (in_da_priv),
    .da_fault_i      (in_da_fault),
    .da_lazyfp_i     (in_da_lazyfp),
    .exc_valid_i     (in_exc_valid),
    .exc_fn_i        (in_exc_fn),
    .exc_num_i       (in_exc_num),
    .exc_secure_i    (in_exc_secure),
    .sleeping_i      (in_sleeping),
    .evt_cpi_i       (in_evt_cpi),
    .evt_exc_i       (in_evt_exc),
    .evt_sleep_i     (in_evt_sleep),
    .evt_lsu_i       (in_evt_lsu),
    .evt_fold_i      (in_evt_fold),
    .pe_priv_i       (in_pe_priv),
    .niden_p_i       (in_niden_p),
    .spniden_p_i     (in_spniden_p),
    .monrdy_i        (in_monrdy),
    .prdata_o        (out_prdata),
    .pready_o        (out_pready),
    .pslverr_o       (out_pslverr),
    .atvalid_o       (out_atvalid),
    .atready_o       (out_atready),
    .atdata_o        (out_atdata),
    .atid_o          (out_atid),
    .afready_o       (out_afready),
    .hw_ready_o      (out_hw_ready),
    .busy_o          (out_busy),
    .match_o         (out_match),
    .bkpt_halt_o     (out_bkpt_halt),
    .bkpt_mon_o      (out_bkpt_mon),
    .traceclk_o      (out_traceclk),
    .tracedata_o     (out_tracedata),
    .swo_o           (out_swo),
    .txb_valid_o     (out_txb_valid),
    .txb_o           (out_txb),
    .cmpmatch_o      (out_cmpmatch),
    .wpt_halt_o      (out_wpt_halt),
    .wpt_mon_o       (out_wpt_mon),
    .dwt_hw_valid_o  (out_dwt_hw_valid),
    .dwt_hw_data_o   (out_dwt_hw_data),
    .dwt_hw_ovf_o    (out_dwt_hw_ovf),
    .dwt_sync_req_o  (out_dwt_sync_req)
  );

  // outputs.hex, most significant field first
  assign out_w = {3'b0, out_prdata, out_pready, out_pslverr, out_atvalid, out_atready,
                 out_atdata, out_atid, out_afready, out_hw_ready, out_busy, out_match,
                 out_bkpt_halt, out_bkpt_mon, out_traceclk, out_tracedata, out_swo,
                 out_txb_valid, out_txb, out_cmpmatch, out_wpt_halt, out_wpt_mon,
                 out_dwt_hw_valid, out_dwt_hw_data, out_dwt_hw_ovf, out_dwt_sync_req};

  // ==== comparison: the one place where this bench checks the DUT ==========================
  // exp_w is this cycle's line of outputs.hex; its fields, named like the outputs:
  /* verilator lint_off UNUSEDSIGNAL */
  logic [2:0]  exp_pad;  // the 0 bits above the first field
  /* verilator lint_on UNUSEDSIGNAL */
  logic [31:0] exp_prdata;
  logic        exp_pready;
  logic        exp_pslverr;
  logic        exp_atvalid;
  logic        exp_atready;
  logic [7:0]  exp_atdata;
  logic [6:0]  exp_atid;
  logic        exp_afready;
  logic        exp_hw_ready;
  logic        exp_busy;
  logic        exp_match;
  logic        exp_bkpt_halt;
  logic        exp_bkpt_mon;
  logic        exp_traceclk;
  logic [7:0]  exp_tracedata;
  logic        exp_swo;
  logic        exp_txb_valid;
  logic [7:0]  exp_txb;
  logic [15:0] exp_cmpmatch;
  logic        exp_wpt_halt;
  logic        exp_wpt_mon;
  logic        exp_dwt_hw_valid;
  logic [39:0] exp_dwt_hw_data;
  logic        exp_dwt_hw_ovf;
  logic        exp_dwt_sync_req;
  assign {exp_pad, exp_prdata, exp_pready, exp_pslverr, exp_atvalid, exp_atready,
          exp_atdata, exp_atid, exp_afready, exp_hw_ready, exp_busy, exp_match,
          exp_bkpt_halt, exp_bkpt_mon, exp_traceclk, exp_tracedata, exp_swo, exp_txb_valid,
          exp_txb, exp_cmpmatch, exp_wpt_halt, exp_wpt_mon, exp_dwt_hw_valid,
          exp_dwt_hw_data, exp_dwt_hw_ovf, exp_dwt_sync_req} = exp_w;

  task automatic compare(input int k);
    if (out_w !== exp_w) begin
      $display("sys_replay_tb: MISMATCH in %s at cycle %0d (line %0d of outputs.hex, from 0)",
               dir, k - reset_lines, k);
      $display("  output              expected, actual (hex)");
      if (exp_prdata !== out_prdata)
        $display("  prdata_o            %h  %h", exp_prdata, out_prdata);
      if (exp_pready !== out_pready)
        $display("  pready_o            %h  %h", exp_pready, out_pready);
      if (exp_pslverr !== out_pslverr)
        $display("  pslverr_o           %h  %h", exp_pslverr, out_pslverr);
      if (exp_atvalid !== out_atvalid)
        $display("  atvalid_o           %h  %h", exp_atvalid, out_atvalid);
      if (exp_atready !== out_atready)
        $display("  atready_o           %h  %h", exp_atready, out_atready);
      if (exp_atdata !== out_atdata)
        $display("  atdata_o            %h  %h", exp_atdata, out_atdata);
      if (exp_atid !== out_atid)
        $display("  atid_o              %h  %h", exp_atid, out_atid);
      if (exp_afready !== out_afready)
        $display("  afready_o           %h  %h", exp_afready, out_afready);
      if (exp_hw_ready !== out_hw_ready)
        $display("  hw_ready_o          %h  %h", exp_hw_ready, out_hw_ready);
      if (exp_busy !== out_busy)
        $display("  busy_o              %h  %h", exp_busy, out_busy);
      if (exp_match !== out_match)
        $display("  match_o             %h  %h", exp_match, out_match);
      if (exp_bkpt_halt !== out_bkpt_halt)
        $display("  bkpt_halt_o         %h  %h", exp_bkpt_halt, out_bkpt_halt);
      if (exp_bkpt_mon !== out_bkpt_mon)
        $display("  bkpt_mon_o          %h  %h", exp_bkpt_mon, out_bkpt_mon);
      if (exp_traceclk !== out_traceclk)
        $display("  traceclk_o          %h  %h", exp_traceclk, out_traceclk);
      if (exp_tracedata !== out_tracedata)
        $display("  tracedata_o         %h  %h", exp_tracedata, out_tracedata);
      if (exp_swo !== out_swo)
        $display("  swo_o               %h  %h", exp_swo, out_swo);
      if (exp_txb_valid !== out_txb_valid)
        $display("  txb_valid_o         %h  %h", exp_txb_valid, out_txb_valid);
      if (exp_txb !== out_txb)
        $display("  txb_o               %h  %h", exp_txb, out_txb);
      if (exp_cmpmatch !== out_cmpmatch)
        $display("  cmpmatch_o          %h  %h", exp_cmpmatch, out_cmpmatch);
      if (exp_wpt_halt !== out_wpt_halt)
        $display("  wpt_halt_o          %h  %h", exp_wpt_halt, out_wpt_halt);
      if (exp_wpt_mon !== out_wpt_mon)
        $display("  wpt_mon_o           %h  %h", exp_wpt_mon, out_wpt_mon);
      if (exp_dwt_hw_valid !== out_dwt_hw_valid)
        $display("  dwt_hw_valid_o      %h  %h", exp_dwt_hw_valid, out_dwt_hw_valid);
      if (exp_dwt_hw_data !== out_dwt_hw_data)
        $display("  dwt_hw_data_o       %h  %h", exp_dwt_hw_data, out_dwt_hw_data);
      if (exp_dwt_hw_ovf !== out_dwt_hw_ovf)
        $display("  dwt_hw_ovf_o        %h  %h", exp_dwt_hw_ovf, out_dwt_hw_ovf);
      if (exp_dwt_sync_req !== out_dwt_sync_req)
        $display("  dwt_sync_req_o      %h  %h", exp_dwt_sync_req, out_dwt_sync_req);
      $display("  inputs of that cycle: %h", in_mem[k]);
      $fatal(1, "sys_replay_tb: FAIL %s", dir);
    end
  endtask

endmodule

`default_nettype wire
