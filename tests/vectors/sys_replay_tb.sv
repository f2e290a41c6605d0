// SPDX-License-Identifier: Apache-2.0
// Replays one system conformance vector (vectors/README.md) on trace_top, or on any module with
// its ports and parameters, in any Verilog simulator: drives inputs.hex, one line per clock
// cycle, and compares the outputs with outputs.hex, at one of two levels (+level=cycle, the
// default: every output in every cycle; +level=transaction: what the interfaces define, rules
// in vectors/README.md "Transaction level"). Plain SystemVerilog-2012 (Icarus Verilog 11:
// iverilog -g2012); the file handling, the cycle loop and the transaction-level machinery are
// tests/vectors/vec_replay.svh. tests/vectors/replay.sh compiles and runs it in one command.
//
//   iverilog -g2012 -Itests/vectors -Irtl/common -Irtl/itm -Irtl/fpb \
//     -Irtl/tpiu -Irtl/dwt -s sys_replay_tb \
//     -P sys_replay_tb.NumStimPorts=.. -P sys_replay_tb.StimFifoDepth=.. ... [-DDUT=my_top] \
//     -o full.vvp tests/vectors/sys_replay_tb.sv <rtl>
//   vvp full.vvp +vec=vectors/sys/<id> [+level=transaction] [+lines=N]
//
// The parameters must be the vector's (vector.txt "param" lines; the bench checks them and
// stops with $fatal on a difference). -DDUT=NAME replaces the module under test (default
// trace_top; it needs the ports and parameters of trace_top, docs/fpb-contract.md section 7
// and the sections 3 of the block contracts). +lines defaults to the number in the vector's
// cycles.txt. Exit status 0 = pass; at the cycle level the first difference names the cycle
// and the outputs, at the transaction level every problem is printed (vvp exit status 1 on a
// failure).

`timescale 1ns / 1ps
`default_nettype none

`ifndef DUT
`define DUT trace_top
`endif

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
  // the ETM and its funnel (docs/etm-contract.md section 13): a system vector has no PE trace
  // columns, so the ETM is idle here (its inputs 0, its outputs not recorded)
  parameter int HasEtm          = 0,
  parameter int EtmFifoDepth    = 64,
  parameter int RsDepth         = 3,
  parameter int CcSize          = 12,
  parameter int NumPc           = 4,
  parameter int FunnelHold      = 8,
  parameter int HasStall        = 0,  // ETM TRCSTALLCTLR (etm-contract section 21)
  parameter int NumAcPairs      = 0,  // address range comparator pairs (etm-contract section 22)
  parameter int AtomF45         = 0,
  parameter int MaxSpec         = 0,  // the sys vectors have no speculation inputs: tied 0
  parameter int QSupp           = 0,  // Q elements (etm-contract section 20)
  parameter int MaxLines = 65536  // the longest vector this build holds (lines)
);

  localparam int InW    = 392;  // inputs.hex: 98 hex digits (391 bits used)
  localparam int OutW   = 140;  // outputs.hex: 35 hex digits (137 bits used)
  localparam int RstBit = 390;  // rst_ni in an inputs.hex word
  localparam int NumStreams = 6;  // ATB, AFREADY, DWT packets, DWT overflow, DWT sync, txb
  localparam int NumOffers  = 1;  // flush requests (afvalid_i)

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
    if (name == "HasEtm") return HasEtm;
    if (name == "EtmFifoDepth") return EtmFifoDepth;
    if (name == "RsDepth") return RsDepth;
    if (name == "CcSize") return CcSize;
    if (name == "NumPc") return NumPc;
    if (name == "FunnelHold") return FunnelHold;
    if (name == "HasStall") return HasStall;
    if (name == "NumAcPairs") return NumAcPairs;
    if (name == "AtomF45") return AtomF45;
    if (name == "MaxSpec") return MaxSpec;
    if (name == "QSupp") return QSupp;
    return -1;
  endfunction

  function automatic bit block_ok(input string name);
    return name == "sys";
  endfunction

  // ---- DUT -------------------------------------------------------------------------------
  /* verilator lint_off UNUSEDSIGNAL */
  logic        in_pad;   // the 0 bits above the first field
  logic [36:0] etm_unused;  // the ETM's and the funnel's outputs: not in a system vector
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

  `DUT #(
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
    .HasPcsr         (HasPcsr),
    .HasEtm          (HasEtm),
    .EtmFifoDepth    (EtmFifoDepth),
    .RsDepth         (RsDepth),
    .CcSize          (CcSize),
    .NumPc           (NumPc),
    .FunnelHold      (FunnelHold),
    .HasStall        (HasStall),
    .NumAcPairs      (NumAcPairs),
    .AtomF45         (AtomF45),
    .MaxSpec         (MaxSpec),
    .QSupp           (QSupp)
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
    .dwt_sync_req_o  (out_dwt_sync_req),
    .etm_pe_valid_i  (1'b0),
    .etm_pe_addr_i   (32'h0),
    .etm_pe_size_i   (1'b0),
    .etm_pe_br_i     (1'b0),
    .etm_pe_ind_i    (1'b0),
    .etm_pe_taken_i  (1'b0),
    .etm_pe_link_i   (1'b0),
    .etm_pe_excret_i (1'b0),
    .etm_pe_ns_i     (1'b0),
    .etm_exc_valid_i (1'b0),
    .etm_exc_num_i   (9'h0),
    .etm_exc_ret_i   (32'h0),
    .etm_spec_commit_i  (5'h0),
    .etm_spec_flush_i   (1'b0),
    .etm_spec_cancel_i  (5'h0),
    .etm_spec_mispred_i (1'b0),
    .etm_atvalid_o   (etm_unused[0]),
    .etm_atready_o   (etm_unused[1]),
    .etm_atdata_o    (etm_unused[9:2]),
    .etm_atid_o      (etm_unused[16:10]),
    .etm_afready_o   (etm_unused[17]),
    .etm_idle_o      (etm_unused[18]),
    .fun_atvalid_o   (etm_unused[19]),
    .fun_atdata_o    (etm_unused[27:20]),
    .fun_atid_o      (etm_unused[34:28]),
    .fun_afready_o   (etm_unused[35]),
    .etm_pe_stall_o  (etm_unused[36])
  );

  // outputs.hex, most significant field first
  assign out_w = {3'b0, out_prdata, out_pready, out_pslverr, out_atvalid, out_atready,
                 out_atdata, out_atid, out_afready, out_hw_ready, out_busy, out_match,
                 out_bkpt_halt, out_bkpt_mon, out_traceclk, out_tracedata, out_swo,
                 out_txb_valid, out_txb, out_cmpmatch, out_wpt_halt, out_wpt_mon,
                 out_dwt_hw_valid, out_dwt_hw_data, out_dwt_hw_ovf, out_dwt_sync_req};

  // ==== comparison, cycle level: every output in every cycle =================================
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
      vec_failed = 1'b1;
    end
  endtask

  // ==== comparison, transaction level (vectors/README.md "Transaction level", system) ========
  // (Verilator's UNUSEDSIGNAL is off for this section, as in vec_replay.svh)
  /* verilator lint_off UNUSEDSIGNAL */
  // Bits of the .hex words (the layout tables of vectors/README.md):
  localparam int IPsel = 389, IPenable = 388, IAfValid = 326, IHwValid = 325;
  localparam int OPslverr = 103, OAtValid = 102, OAtReady = 101, OAfReady = 85;
  localparam int OHwReady = 84, OBusy = 83, OTxbValid = 69, ODwtHwValid = 42, ODwtHwOvf = 1;
  localparam int ODwtSync = 0;

  // Streams (latency in cycles): 0 the transfers of the ITM's ATB inside (at*_o); 1 the ITM's
  // flush acknowledges (afready_o); 2 the packets the ITM takes from the DWT (dwt_hw_data_o
  // with hw_ready_o); 3 dwt_hw_ovf_o pulses; 4 dwt_sync_req_o pulses; 5 the TPIU's formatter
  // bytes (txb_o).
  function automatic string stream_name(input int s);
    case (s)
      0: return "ATB transfer (atdata_o, atid_o)";
      1: return "flush acknowledge (afready_o)";
      2: return "DWT packet taken (dwt_hw_data_o)";
      3: return "DWT overflow (dwt_hw_ovf_o)";
      4: return "DWT sync request (dwt_sync_req_o)";
      default: return "formatter byte (txb_o)";
    endcase
  endfunction

  function automatic string event_text(input int s, input logic [63:0] v);
    case (s)
      0: return $sformatf("byte 0x%h ID 0x%h", v[7:0], v[14:8]);
      2: return $sformatf("packet 0x%h", v[39:0]);
      5: return $sformatf("byte 0x%h", v[7:0]);
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
    logic [OutW-1:0] o;
    o = out_mem[k];
    case (s)
      0: return {o[OAtValid] && o[OAtReady], 49'b0, o[92:86], o[100:93]};
      1: return {o[OAfReady], 64'b0};
      2: return {o[ODwtHwValid] && o[OHwReady], 24'b0, o[41:2]};
      3: return {o[ODwtHwOvf], 64'b0};
      4: return {o[ODwtSync], 64'b0};
      default: return {o[OTxbValid], 56'b0, o[68:61]};
    endcase
  endfunction

  function automatic logic [64:0] dut_event(input int s);
    case (s)
      0: return {out_atvalid && out_atready, 49'b0, out_atid, out_atdata};
      1: return {out_afready, 64'b0};
      2: return {out_dwt_hw_valid && out_hw_ready, 24'b0, out_dwt_hw_data};
      3: return {out_dwt_hw_ovf, 64'b0};
      4: return {out_dwt_sync_req, 64'b0};
      default: return {out_txb_valid, 56'b0, out_txb};
    endcase
  endfunction

  // Offer 0: flush requests on afvalid_i (answered with afready_o), as the ITM bench's.
  function automatic logic [64:0] offer_line(input int o, input int k);
    return {in_mem[k][IAfValid], 64'b0};
  endfunction
  function automatic bit offer_taken(input int o, input int k);
    return out_mem[k][OAfReady];
  endfunction

  task automatic tx_drive(input int k);
    if (k >= lines) begin  // the drain: no APB access, nothing observed or fetched, no pulses
      in_w[IPsel] = 1'b0;
      in_w[IPenable] = 1'b0;
      in_w[IHwValid] = 1'b0;
      in_w[284:281] = 4'b0;  // hw_ovf_i, dwt_sync_req_i, tpiu_sync_req_i, ts_async_tick_i
      in_w[215] = 1'b0;      // gts_clkch_i
      in_w[209] = 1'b0;      // if_valid_i
      in_w[161] = 1'b0;      // ia_valid_i
      in_w[126] = 1'b0;      // da_valid_i
      in_w[22] = 1'b0;       // exc_valid_i
      in_w[8:4] = 5'b0;      // evt_cpi_i .. evt_fold_i
    end
    in_w[IAfValid] = offer_active(0, k);
  endtask

  logic        at_hold;   // ATVALID was 1 without ATREADY in the cycle before
  logic [7:0]  at_hold_data;
  logic        hw_hold;   // dwt_hw_valid_o was 1 without hw_ready_o in the cycle before
  logic [39:0] hw_hold_data;
  bit          x_seen;    // X on a control output was reported

  task automatic tx_start;
    at_hold = 1'b0;
    at_hold_data = '0;
    hw_hold = 1'b0;
    hw_hold_data = '0;
    x_seen = 1'b0;
  endtask

  task automatic tx_check(input int k);
    logic [OutW-1:0] o;
    apb_check(k, in_psel, in_penable, in_pwrite, in_paddr, out_pready, out_prdata, out_pslverr,
              out_mem[k][136:105], out_mem[k][OPslverr]);
    if (!x_seen && (^{out_atvalid, out_atready, out_afready, out_hw_ready, out_busy,
                      out_txb_valid, out_dwt_hw_valid, out_dwt_hw_ovf,
                      out_dwt_sync_req}) === 1'bx) begin
      tx_fail(k, "X on a valid, ready, pulse or busy output");
      x_seen = 1'b1;
    end
    // the ITM's ATB: ATVALID, once 1, stays 1 with ATDATA until ATREADY (ATID: as the ITM
    // bench, compared in the transfer)
    if (at_hold && (out_atvalid !== 1'b1 || out_atdata !== at_hold_data)) begin
      tx_fail(k, $sformatf({"ATB: ATVALID %b ATDATA 0x%h; the cycle before offered 0x%h ",
                            "without ATREADY"}, out_atvalid, out_atdata, at_hold_data));
    end
    at_hold = out_atvalid === 1'b1 && out_atready !== 1'b1;
    at_hold_data = out_atdata;
    // the DWT's port into the ITM: held until taken
    if (hw_hold && (out_dwt_hw_valid !== 1'b1 || out_dwt_hw_data !== hw_hold_data)) begin
      tx_fail(k, $sformatf({"dwt_hw_valid_o %b dwt_hw_data_o 0x%h; the cycle before offered ",
                            "0x%h without hw_ready_o"}, out_dwt_hw_valid, out_dwt_hw_data,
                           hw_hold_data));
    end
    hw_hold = out_dwt_hw_valid === 1'b1 && out_hw_ready !== 1'b1;
    hw_hold_data = out_dwt_hw_data;
    // the FPB's and the DWT's per-access results: at the contracts' cycle plus evt_shift
    if (k - evt_shift >= reset_lines && k - evt_shift < lines) begin
      o = out_mem[k - evt_shift];
      if ({out_match, out_bkpt_halt, out_bkpt_mon} !== o[82:80] ||
          {out_cmpmatch, out_wpt_halt, out_wpt_mon} !== o[60:43]) begin
        tx_fail(k, $sformatf({"match_o %b bkpt_halt_o %b bkpt_mon_o %b cmpmatch_o 0x%h ",
                              "wpt_halt_o %b wpt_mon_o %b, the vector's (cycle %0d) %b %b %b ",
                              "0x%h %b %b"}, out_match, out_bkpt_halt, out_bkpt_mon,
                             out_cmpmatch, out_wpt_halt, out_wpt_mon, cyc(k - evt_shift),
                             o[82], o[81], o[80], o[60:45], o[44], o[43]));
      end
    end
    offer_observe(0, k, out_afready === 1'b1);
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
