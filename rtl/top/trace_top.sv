// SPDX-License-Identifier: Apache-2.0
// Debug-trace subsystem: the ITM, the FPB, (HasDwt) the DWT, (HasTpiu) the TPIU and (HasEtm)
// the ETM with its funnel on one APB4 port (PPB offsets from 0xE0000000).
// Spec: docs/fpb-contract.md section 7 (system map), docs/tpiu-contract.md section 9 (the
// ITM -> TPIU connection), docs/dwt-contract.md section 17 (the DWT -> ITM connection),
// docs/etm-contract.md section 13 (the ETM and the ITM/ETM -> TPIU funnel); block ports:
// section 3 of each block's contract.

`default_nettype none

`include "cs_assert.svh"

module trace_top #(
  // ITM (docs/itm-contract.md section 1)
  parameter int NumStimPorts  = 64,
  parameter int StimFifoDepth = 4,
  parameter int HwFifoDepth   = 2,
  parameter int TsWidth       = 12,
  parameter int GtsWidth      = 64,
  // FPB (docs/fpb-contract.md section 1)
  parameter int NumCode       = 8,
  parameter int NumLit        = 0,
  parameter int BothHalves    = 1,
  parameter int SecExt        = 1,
  parameter int Ude           = 1,
  // TPIU (docs/tpiu-contract.md section 1)
  parameter int HasTpiu       = 0,
  parameter int PortWidth     = 4,
  parameter int AtbFifoDepth  = 4,
  parameter int FrameIdleCycles = 16,
  // DWT (docs/dwt-contract.md section 1)
  parameter int HasDwt        = 0,
  parameter int NumComp       = 4,
  parameter int DwtFifoDepth  = 2,
  parameter int HasMain       = 1,
  parameter int HasTrace      = 1,
  parameter int HasCycCnt     = 1,
  parameter int HasPrfCnt     = 1,
  parameter int HasExtTrig    = 1,
  parameter int HasVmask      = 1,
  parameter int HasPcsr       = 1,
  // ETM and funnel (docs/etm-contract.md section 1; EtmFifoDepth is etm_top's FifoDepth;
  // HasEtm needs HasTpiu: the funnel feeds the TPIU, [ETM-FUN-1])
  parameter int HasEtm        = 0,
  parameter int EtmFifoDepth  = 64,
  parameter int RsDepth       = 3,
  parameter int CcSize        = 12,
  parameter int NumPc         = 4,
  parameter int FunnelHold    = 8,
  parameter int HasStall      = 0,   // ETM TRCSTALLCTLR and etm_pe_stall_o [ETM-STALL-7]
  parameter int NumAcPairs    = 0,   // address range comparator pairs (etm-contract section 22)
  parameter int AtomF45       = 0,    // etm_top's AtomF45 (atom formats 4 and 5, section 19)
  parameter int MaxSpec       = 0,   // TRCIDR8.MAXSPEC 0..16 (docs/etm-contract.md 18)
  parameter int QSupp         = 0    // etm_top's QSupp (Q elements, section 20; needs MaxSpec 0)
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // APB4 slave, PPB offsets 0x00000..0xFFFFF; frame = paddr_i[19:12]
  input  logic        psel_i,
  input  logic        penable_i,
  input  logic        pwrite_i,
  input  logic [19:0] paddr_i,
  input  logic [31:0] pwdata_i,
  input  logic [3:0]  pstrb_i,
  input  logic [2:0]  pprot_i,
  output logic [31:0] prdata_o,
  output logic        pready_o,
  output logic        pslverr_o,
  // ITM: ATB master, hardware-source port, sync and timestamp sources, enables
  // (with HasTpiu the ITM's ATB goes to the TPIU: atready_i, tpiu_sync_req_i,
  // ts_async_tick_i and async_idle_i are unused and the ATB outputs show the internal bus)
  output logic        atvalid_o,
  input  logic        atready_i,
  output logic        atready_o,     // the ATREADY the ITM sees
  output logic [7:0]  atdata_o,
  output logic [6:0]  atid_o,
  input  logic        afvalid_i,
  output logic        afready_o,
  // (with HasDwt the DWT drives the hardware-source port and the DWT sync request:
  // hw_valid_i, hw_data_i, hw_ovf_i and dwt_sync_req_i are unused)
  input  logic        hw_valid_i,
  output logic        hw_ready_o,
  input  logic [39:0] hw_data_i,
  input  logic        hw_ovf_i,
  input  logic        dwt_sync_req_i,
  input  logic        tpiu_sync_req_i,
  input  logic        ts_async_tick_i,
  input  logic        async_idle_i,
  input  logic [63:0] gts_i,
  input  logic        gts_clkch_i,
  input  logic        trcena_i,
  input  logic        niden_i,
  input  logic        spniden_i,
  input  logic        pe_secure_i,
  input  logic        halted_i,
  output logic        busy_o,
  // FPB: instruction-side access port, debug state, breakpoint events
  input  logic        if_valid_i,
  input  logic [31:0] if_addr_i,
  input  logic [1:0]  if_kind_i,
  input  logic        if_size32_i,
  input  logic        if_secure_i,
  input  logic        if_priv_i,
  input  logic        hda_i,
  input  logic        uhda_i,
  input  logic        uhda_s_i,
  input  logic        c_debugen_i,
  input  logic        s_halt_i,
  input  logic        s_sde_i,
  input  logic        mon_en_i,
  input  logic        sdme_i,
  input  logic        umon_en_i,
  input  logic        mon_prio_i,
  output logic        match_o,
  output logic        bkpt_halt_o,
  output logic        bkpt_mon_o,
  // TPIU pins and formatter output (0 without HasTpiu)
  output logic        traceclk_o,
  output logic [7:0]  tracedata_o,   // bits [PortWidth-1:0] used
  output logic        swo_o,
  output logic        txb_valid_o,
  output logic [7:0]  txb_o,
  // DWT observation port, extra authentication inputs and outputs (0 without HasDwt)
  input  logic        ia_valid_i,
  input  logic [31:0] ia_addr_i,
  input  logic        ia_secure_i,
  input  logic        ia_priv_i,
  input  logic        da_valid_i,
  input  logic [31:0] da_addr_i,
  input  logic [1:0]  da_size_i,
  input  logic        da_write_i,
  input  logic [31:0] da_data_i,
  input  logic [31:0] da_pc_i,
  input  logic        da_secure_i,
  input  logic        da_priv_i,
  input  logic        da_fault_i,
  input  logic        da_lazyfp_i,
  input  logic        exc_valid_i,
  input  logic [1:0]  exc_fn_i,
  input  logic [8:0]  exc_num_i,
  input  logic        exc_secure_i,
  input  logic        sleeping_i,
  input  logic        evt_cpi_i,
  input  logic        evt_exc_i,
  input  logic        evt_sleep_i,
  input  logic        evt_lsu_i,
  input  logic        evt_fold_i,
  input  logic        pe_priv_i,
  input  logic        niden_p_i,
  input  logic        spniden_p_i,
  input  logic        monrdy_i,
  output logic [15:0] cmpmatch_o,
  output logic        wpt_halt_o,
  output logic        wpt_mon_o,
  output logic        dwt_hw_valid_o,   // the DWT -> ITM hardware-source port, observed
  output logic [39:0] dwt_hw_data_o,
  output logic        dwt_hw_ovf_o,
  output logic        dwt_sync_req_o,
  // ETM PE trace interface (docs/etm-contract.md section 4; unused without HasEtm): each
  // instruction one cycle after it is on the DWT observation port ([ETM-PE-6], [ETM-TOP-2])
  input  logic        etm_pe_valid_i,
  input  logic [31:0] etm_pe_addr_i,
  input  logic        etm_pe_size_i,
  input  logic        etm_pe_br_i,
  input  logic        etm_pe_ind_i,
  input  logic        etm_pe_taken_i,
  input  logic        etm_pe_link_i,
  input  logic        etm_pe_excret_i,
  input  logic        etm_pe_ns_i,
  input  logic        etm_exc_valid_i,
  input  logic [8:0]  etm_exc_num_i,
  input  logic [31:0] etm_exc_ret_i,
  // the PE's speculation inputs ([ETM-SPEC-PE-*]; unused without HasEtm or with MaxSpec = 0)
  input  logic [4:0]  etm_spec_commit_i,
  input  logic        etm_spec_flush_i,
  input  logic [4:0]  etm_spec_cancel_i,
  input  logic        etm_spec_mispred_i,
  // the ETM's ATB master and the funnel's output into the TPIU, observed (0 without HasEtm)
  output logic        etm_atvalid_o,
  output logic        etm_atready_o,    // the ATREADY the ETM sees
  output logic [7:0]  etm_atdata_o,
  output logic [6:0]  etm_atid_o,
  output logic        etm_afready_o,
  output logic        etm_idle_o,
  output logic        fun_atvalid_o,
  output logic [7:0]  fun_atdata_o,
  output logic [6:0]  fun_atid_o,
  output logic        fun_afready_o,
  // the ETM's stall request to the PE [ETM-STALL-7] (0 without HasEtm or HasStall)
  output logic        etm_pe_stall_o
);

  localparam logic [7:0] FrameItm = 8'h00;
  localparam logic [7:0] FrameFpb = 8'h02;
  localparam logic [7:0] FrameDwt = 8'h01;
  localparam logic [7:0] FrameTpiu = 8'h40;
  localparam logic [7:0] FrameEtm = 8'h41;

  // ---- APB decode: one frame per block; other frames read as zero without error --------
  logic        itm_psel, fpb_psel, tpiu_psel, dwt_psel, etm_psel;
  logic [31:0] itm_prdata, fpb_prdata, tpiu_prdata, dwt_prdata, etm_prdata;
  logic        itm_pready, fpb_pready, tpiu_pready, dwt_pready, etm_pready;
  logic        itm_pslverr, fpb_pslverr, tpiu_pslverr, dwt_pslverr, etm_pslverr;

  assign itm_psel  = psel_i && (paddr_i[19:12] == FrameItm);
  assign fpb_psel  = psel_i && (paddr_i[19:12] == FrameFpb);
  assign tpiu_psel = psel_i && (paddr_i[19:12] == FrameTpiu);
  assign dwt_psel  = psel_i && (paddr_i[19:12] == FrameDwt);
  assign etm_psel  = psel_i && (paddr_i[19:12] == FrameEtm);

  // Each block drives prdata/pslverr only in its own access phase (ITM-APB-1, FPB-APB-1,
  // TPIU-APB-1).
  assign prdata_o  = itm_prdata | fpb_prdata | tpiu_prdata | dwt_prdata | etm_prdata;
  assign pslverr_o = itm_pslverr | fpb_pslverr | tpiu_pslverr | dwt_pslverr | etm_pslverr;
  assign pready_o  = itm_pready & fpb_pready & tpiu_pready & dwt_pready & etm_pready;

  // ---- DWT -> ITM (docs/dwt-contract.md section 17) ------------------------------------
  logic        itm_hw_valid, itm_hw_ready, itm_hw_ovf, itm_dwt_sync;
  logic [39:0] itm_hw_data;
  assign hw_ready_o = itm_hw_ready;

  // ---- ITM <-> TPIU (docs/tpiu-contract.md section 9) ----------------------------------
  logic       itm_atready, itm_afvalid, itm_tpiu_sync, itm_ts_tick, itm_async_idle;
  logic       itm_atvalid, itm_afready;
  logic [7:0] itm_atdata;
  logic [6:0] itm_atid;

  assign atvalid_o = itm_atvalid;
  assign atdata_o  = itm_atdata;
  assign atid_o    = itm_atid;
  assign afready_o = itm_afready;
  assign atready_o = itm_atready;

  // ---- the TPIU's ATB slave: the ITM's master, or with HasEtm the funnel's output -------
  // (docs/etm-contract.md section 13, [ETM-FUN-1], [ETM-FUN-2])
  logic       snk_atvalid, snk_afready;    // into the TPIU
  logic [7:0] snk_atdata;
  logic [6:0] snk_atid;
  logic       tpiu_atready_w, tpiu_afvalid_w;  // out of the TPIU (0 without HasTpiu)
  logic       itm_snk_atready, itm_snk_afvalid;  // the ITM's share of them

  itm_top #(
    .NumStimPorts  (NumStimPorts),
    .StimFifoDepth (StimFifoDepth),
    .HwFifoDepth   (HwFifoDepth),
    .TsWidth       (TsWidth),
    .GtsWidth      (GtsWidth)
  ) u_itm (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .psel_i          (itm_psel),
    .penable_i       (penable_i),
    .pwrite_i        (pwrite_i),
    .paddr_i         (paddr_i[11:0]),
    .pwdata_i        (pwdata_i),
    .pstrb_i         (pstrb_i),
    .pprot_i         (pprot_i),
    .prdata_o        (itm_prdata),
    .pready_o        (itm_pready),
    .pslverr_o       (itm_pslverr),
    .atvalid_o       (itm_atvalid),
    .atready_i       (itm_atready),
    .atdata_o        (itm_atdata),
    .atid_o          (itm_atid),
    .afvalid_i       (itm_afvalid),
    .afready_o       (itm_afready),
    .hw_valid_i      (itm_hw_valid),
    .hw_ready_o      (itm_hw_ready),
    .hw_data_i       (itm_hw_data),
    .hw_ovf_i        (itm_hw_ovf),
    .dwt_sync_req_i  (itm_dwt_sync),
    .tpiu_sync_req_i (itm_tpiu_sync),
    .ts_async_tick_i (itm_ts_tick),
    .async_idle_i    (itm_async_idle),
    .gts_i           (gts_i),
    .gts_clkch_i     (gts_clkch_i),
    .trcena_i        (trcena_i),
    .niden_i         (niden_i),
    .spniden_i       (spniden_i),
    .pe_secure_i     (pe_secure_i),
    .halted_i        (halted_i),
    .busy_o          (busy_o)
  );

  fpb_top #(
    .NumCode    (NumCode),
    .NumLit     (NumLit),
    .BothHalves (BothHalves),
    .SecExt     (SecExt),
    .Ude        (Ude)
  ) u_fpb (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .psel_i      (fpb_psel),
    .penable_i   (penable_i),
    .pwrite_i    (pwrite_i),
    .paddr_i     (paddr_i[11:0]),
    .pwdata_i    (pwdata_i),
    .pstrb_i     (pstrb_i),
    .pprot_i     (pprot_i),
    .prdata_o    (fpb_prdata),
    .pready_o    (fpb_pready),
    .pslverr_o   (fpb_pslverr),
    .if_valid_i  (if_valid_i),
    .if_addr_i   (if_addr_i),
    .if_kind_i   (if_kind_i),
    .if_size32_i (if_size32_i),
    .if_secure_i (if_secure_i),
    .if_priv_i   (if_priv_i),
    .hda_i       (hda_i),
    .uhda_i      (uhda_i),
    .uhda_s_i    (uhda_s_i),
    .c_debugen_i (c_debugen_i),
    .s_halt_i    (s_halt_i),
    .s_sde_i     (s_sde_i),
    .mon_en_i    (mon_en_i),
    .sdme_i      (sdme_i),
    .umon_en_i   (umon_en_i),
    .mon_prio_i  (mon_prio_i),
    .match_o     (match_o),
    .bkpt_halt_o (bkpt_halt_o),
    .bkpt_mon_o  (bkpt_mon_o)
  );

  if (HasTpiu != 0) begin : gen_tpiu
    logic [PortWidth-1:0] tracedata;
    logic tpiu_sync_req, tpiu_ts_tick, tpiu_async_idle;
    logic tpiu_afvalid;  // the flush request as the ITM gets it (the funnel passes it on)
    // The harness-side TPIU inputs of the ITM are replaced by the TPIU's outputs.
    logic unused_ports;
    assign unused_ports = ^{atready_i, tpiu_sync_req_i, ts_async_tick_i, async_idle_i};

    assign itm_atready    = itm_snk_atready;
    assign tpiu_afvalid   = itm_snk_afvalid;
    assign itm_afvalid    = afvalid_i | tpiu_afvalid;
    assign itm_tpiu_sync  = tpiu_sync_req;
    assign itm_ts_tick    = tpiu_ts_tick;
    assign itm_async_idle = tpiu_async_idle;
    assign tracedata_o    = 8'(tracedata);

    tpiu_top #(
      .PortWidth       (PortWidth),
      .AtbFifoDepth    (AtbFifoDepth),
      .FrameIdleCycles (FrameIdleCycles)
    ) u_tpiu (
      .clk_i        (clk_i),
      .rst_ni       (rst_ni),
      .psel_i       (tpiu_psel),
      .penable_i    (penable_i),
      .pwrite_i     (pwrite_i),
      .paddr_i      (paddr_i[11:0]),
      .pwdata_i     (pwdata_i),
      .pstrb_i      (pstrb_i),
      .pprot_i      (pprot_i),
      .prdata_o     (tpiu_prdata),
      .pready_o     (tpiu_pready),
      .pslverr_o    (tpiu_pslverr),
      .atvalid_i    (snk_atvalid),
      .atready_o    (tpiu_atready_w),
      .atdata_i     (snk_atdata),
      .atid_i       (snk_atid),
      .afvalid_o    (tpiu_afvalid_w),
      .afready_i    (snk_afready),
      .traceclk_o   (traceclk_o),
      .tracedata_o  (tracedata),
      .swo_o        (swo_o),
      .txb_valid_o  (txb_valid_o),
      .txb_o        (txb_o),
      .ts_tick_o    (tpiu_ts_tick),
      .async_idle_o (tpiu_async_idle),
      .sync_req_o   (tpiu_sync_req)
    );
  end else begin : gen_no_tpiu
    // The frame reads as zero; the ITM's TPIU-side inputs are trace_top's ports.
    assign itm_atready     = atready_i;
    assign itm_afvalid     = afvalid_i;
    assign itm_tpiu_sync   = tpiu_sync_req_i;
    assign itm_ts_tick     = ts_async_tick_i;
    assign itm_async_idle  = async_idle_i;
    assign tpiu_atready_w  = 1'b0;
    assign tpiu_afvalid_w  = 1'b0;
    logic unused_snk;
    assign unused_snk = ^{snk_atvalid, snk_atdata, snk_atid, snk_afready, itm_snk_atready,
                          itm_snk_afvalid};
    assign tpiu_prdata     = 32'h0;
    assign tpiu_pready     = 1'b1;
    assign tpiu_pslverr    = 1'b0;
    logic unused_psel;
    assign unused_psel = tpiu_psel;
    assign traceclk_o      = 1'b0;
    assign tracedata_o     = 8'h00;
    assign swo_o           = 1'b0;
    assign txb_valid_o     = 1'b0;
    assign txb_o           = 8'h00;
  end

  if (HasDwt != 0) begin : gen_dwt
    // The harness-side hardware-source inputs of the ITM are replaced by the DWT's outputs.
    logic unused_ports;
    assign unused_ports = ^{hw_valid_i, hw_data_i, hw_ovf_i, dwt_sync_req_i};
    assign itm_hw_valid   = dwt_hw_valid_o;
    assign itm_hw_data    = dwt_hw_data_o;
    assign itm_hw_ovf     = dwt_hw_ovf_o;
    assign itm_dwt_sync   = dwt_sync_req_o;

    dwt_top #(
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
    ) u_dwt (
      .clk_i        (clk_i),
      .rst_ni       (rst_ni),
      .psel_i       (dwt_psel),
      .penable_i    (penable_i),
      .pwrite_i     (pwrite_i),
      .paddr_i      (paddr_i[11:0]),
      .pwdata_i     (pwdata_i),
      .pstrb_i      (pstrb_i),
      .pprot_i      (pprot_i),
      .prdata_o     (dwt_prdata),
      .pready_o     (dwt_pready),
      .pslverr_o    (dwt_pslverr),
      .ia_valid_i   (ia_valid_i),
      .ia_addr_i    (ia_addr_i),
      .ia_secure_i  (ia_secure_i),
      .ia_priv_i    (ia_priv_i),
      .da_valid_i   (da_valid_i),
      .da_addr_i    (da_addr_i),
      .da_size_i    (da_size_i),
      .da_write_i   (da_write_i),
      .da_data_i    (da_data_i),
      .da_pc_i      (da_pc_i),
      .da_secure_i  (da_secure_i),
      .da_priv_i    (da_priv_i),
      .da_fault_i   (da_fault_i),
      .da_lazyfp_i  (da_lazyfp_i),
      .exc_valid_i  (exc_valid_i),
      .exc_fn_i     (exc_fn_i),
      .exc_num_i    (exc_num_i),
      .exc_secure_i (exc_secure_i),
      .sleeping_i   (sleeping_i),
      .evt_cpi_i    (evt_cpi_i),
      .evt_exc_i    (evt_exc_i),
      .evt_sleep_i  (evt_sleep_i),
      .evt_lsu_i    (evt_lsu_i),
      .evt_fold_i   (evt_fold_i),
      .pe_secure_i  (pe_secure_i),
      .pe_priv_i    (pe_priv_i),
      .halted_i     (halted_i),
      .trcena_i     (trcena_i),
      .niden_i      (niden_i),
      .niden_p_i    (niden_p_i),
      .spniden_i    (spniden_i),
      .spniden_p_i  (spniden_p_i),
      .hda_i        (hda_i),
      .uhda_i       (uhda_i),
      .uhda_s_i     (uhda_s_i),
      .c_debugen_i  (c_debugen_i),
      .s_halt_i     (s_halt_i),
      .s_sde_i      (s_sde_i),
      .mon_en_i     (mon_en_i),
      .sdme_i       (sdme_i),
      .umon_en_i    (umon_en_i),
      .mon_prio_i   (mon_prio_i),
      .monrdy_i     (monrdy_i),
      .cmpmatch_o   (cmpmatch_o),
      .wpt_halt_o   (wpt_halt_o),
      .wpt_mon_o    (wpt_mon_o),
      .hw_valid_o   (dwt_hw_valid_o),
      .hw_ready_i   (itm_hw_ready),
      .hw_data_o    (dwt_hw_data_o),
      .hw_ovf_o     (dwt_hw_ovf_o),
      .sync_req_o   (dwt_sync_req_o)
    );
  end else begin : gen_no_dwt
    // The frame reads as zero; the ITM's hardware-source inputs are trace_top's ports.
    assign itm_hw_valid   = hw_valid_i;
    assign itm_hw_data    = hw_data_i;
    assign itm_hw_ovf     = hw_ovf_i;
    assign itm_dwt_sync   = dwt_sync_req_i;
    assign dwt_prdata     = 32'h0;
    assign dwt_pready     = 1'b1;
    assign dwt_pslverr    = 1'b0;
    assign cmpmatch_o     = 16'h0;
    assign wpt_halt_o     = 1'b0;
    assign wpt_mon_o      = 1'b0;
    assign dwt_hw_valid_o = 1'b0;
    assign dwt_hw_data_o  = 40'h0;
    assign dwt_hw_ovf_o   = 1'b0;
    assign dwt_sync_req_o = 1'b0;
    logic unused_dwt;
    assign unused_dwt = ^{dwt_psel, ia_valid_i, ia_addr_i, ia_secure_i, ia_priv_i, da_valid_i,
                          da_addr_i, da_size_i, da_write_i, da_data_i, da_pc_i, da_secure_i,
                          da_priv_i, da_fault_i, da_lazyfp_i, exc_valid_i, exc_fn_i, exc_num_i,
                          exc_secure_i, sleeping_i, evt_cpi_i, evt_exc_i, evt_sleep_i,
                          evt_lsu_i, evt_fold_i, pe_priv_i, niden_p_i, spniden_p_i, monrdy_i};
  end

  // ---- ETM and funnel (docs/etm-contract.md section 13) --------------------------------
  `CS_ASSERT_INIT(EtmNeedsTpiu_A, HasEtm == 0 || HasTpiu != 0)

  if (HasEtm != 0) begin : gen_etm
    localparam int PcW = (NumPc > 0) ? NumPc : 1;
    logic [1:0] fun_atready, fun_afvalid;
    logic       etm_atready, etm_afvalid;

    // [ETM-FUN-1] input 0 the ITM, input 1 the ETM; [ETM-FUN-2] the flush goes to both
    cs_funnel #(
      .FunnelHold (FunnelHold)
    ) u_funnel (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .atvalid_i  ({etm_atvalid_o, itm_atvalid}),
      .atready_o  (fun_atready),
      .atdata0_i  (itm_atdata),
      .atid0_i    (itm_atid),
      .atdata1_i  (etm_atdata_o),
      .atid1_i    (etm_atid_o),
      .afvalid_o  (fun_afvalid),
      .afready_i  ({etm_afready_o, itm_afready}),
      .atvalid_o  (snk_atvalid),
      .atready_i  (tpiu_atready_w),
      .atdata_o   (snk_atdata),
      .atid_o     (snk_atid),
      .afvalid_i  (tpiu_afvalid_w),
      .afready_o  (snk_afready)
    );
    assign itm_snk_atready = fun_atready[0];
    assign itm_snk_afvalid = fun_afvalid[0];
    assign etm_atready     = fun_atready[1];
    assign etm_afvalid     = fun_afvalid[1];
    assign etm_atready_o   = etm_atready;
    assign fun_atvalid_o   = snk_atvalid;
    assign fun_atdata_o    = snk_atdata;
    assign fun_atid_o      = snk_atid;
    assign fun_afready_o   = snk_afready;

    // [ETM-TOP-2] gts, authentication and the DWT's CMPMATCH (0 without HasDwt)
    etm_top #(
      .FifoDepth (EtmFifoDepth),
      .RsDepth   (RsDepth),
      .CcSize    (CcSize),
      .NumPc     (NumPc),
      .SecExt    (SecExt),
      .HasStall  (HasStall),
      .NumAcPairs (NumAcPairs),
      .AtomF45   (AtomF45),
      .MaxSpec   (MaxSpec),
      .QSupp     (QSupp)
    ) u_etm (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .psel_i      (etm_psel),
      .penable_i   (penable_i),
      .pwrite_i    (pwrite_i),
      .paddr_i     (paddr_i[11:0]),
      .pwdata_i    (pwdata_i),
      .pstrb_i     (pstrb_i),
      .pprot_i     (pprot_i),
      .prdata_o    (etm_prdata),
      .pready_o    (etm_pready),
      .pslverr_o   (etm_pslverr),
      .pe_valid_i  (etm_pe_valid_i),
      .pe_addr_i   (etm_pe_addr_i),
      .pe_size_i   (etm_pe_size_i),
      .pe_br_i     (etm_pe_br_i),
      .pe_ind_i    (etm_pe_ind_i),
      .pe_taken_i  (etm_pe_taken_i),
      .pe_link_i   (etm_pe_link_i),
      .pe_excret_i (etm_pe_excret_i),
      .pe_ns_i     (etm_pe_ns_i),
      .exc_valid_i (etm_exc_valid_i),
      .exc_num_i   (etm_exc_num_i),
      .exc_ret_i   (etm_exc_ret_i),
      .cmpmatch_i  (cmpmatch_o[PcW-1:0]),
      .spec_commit_i  (etm_spec_commit_i),
      .spec_flush_i   (etm_spec_flush_i),
      .spec_cancel_i  (etm_spec_cancel_i),
      .spec_mispred_i (etm_spec_mispred_i),
      .gts_i       (gts_i),
      .niden_i     (niden_i),
      .spniden_i   (spniden_i),
      .atvalid_o   (etm_atvalid_o),
      .atready_i   (etm_atready),
      .atdata_o    (etm_atdata_o),
      .atid_o      (etm_atid_o),
      .afvalid_i   (etm_afvalid),
      .afready_o   (etm_afready_o),
      .idle_o      (etm_idle_o),
      .pe_stall_o  (etm_pe_stall_o)
    );
  end else begin : gen_no_etm
    // The frame reads as zero; the ITM's ATB goes straight to the TPIU.
    assign snk_atvalid     = itm_atvalid;
    assign snk_atdata      = itm_atdata;
    assign snk_atid        = itm_atid;
    assign snk_afready     = itm_afready;
    assign itm_snk_atready = tpiu_atready_w;
    assign itm_snk_afvalid = tpiu_afvalid_w;
    assign etm_prdata      = 32'h0;
    assign etm_pready      = 1'b1;
    assign etm_pslverr     = 1'b0;
    assign etm_atvalid_o   = 1'b0;
    assign etm_atready_o   = 1'b0;
    assign etm_atdata_o    = 8'h00;
    assign etm_atid_o      = 7'h00;
    assign etm_afready_o   = 1'b0;
    assign etm_idle_o      = 1'b0;
    assign etm_pe_stall_o  = 1'b0;
    assign fun_atvalid_o   = 1'b0;
    assign fun_atdata_o    = 8'h00;
    assign fun_atid_o      = 7'h00;
    assign fun_afready_o   = 1'b0;
    logic unused_etm;
    assign unused_etm = ^{etm_psel, etm_pe_valid_i, etm_pe_addr_i, etm_pe_size_i, etm_pe_br_i,
                          etm_pe_ind_i, etm_pe_taken_i, etm_pe_link_i, etm_pe_excret_i,
                          etm_pe_ns_i, etm_exc_valid_i, etm_exc_num_i, etm_exc_ret_i,
                          etm_spec_commit_i, etm_spec_flush_i, etm_spec_cancel_i,
                          etm_spec_mispred_i};
  end

endmodule

`default_nettype wire
