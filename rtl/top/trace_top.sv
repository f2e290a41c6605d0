// SPDX-License-Identifier: Apache-2.0
// Debug-trace subsystem: the ITM, the FPB and (HasTpiu) the TPIU on one APB4 port (PPB offsets
// from 0xE0000000).
// Spec: docs/fpb-contract.md section 7 (system map), docs/tpiu-contract.md section 9 (the
// ITM -> TPIU connection); block ports: docs/itm-contract.md section 3,
// docs/fpb-contract.md section 3, docs/tpiu-contract.md section 3.

`default_nettype none

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
  parameter int AtbFifoDepth  = 4
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
  output logic [7:0]  txb_o
);

  localparam logic [7:0] FrameItm = 8'h00;
  localparam logic [7:0] FrameFpb = 8'h02;
  localparam logic [7:0] FrameTpiu = 8'h40;

  // ---- APB decode: one frame per block; other frames read as zero without error --------
  logic        itm_psel, fpb_psel, tpiu_psel;
  logic [31:0] itm_prdata, fpb_prdata, tpiu_prdata;
  logic        itm_pready, fpb_pready, tpiu_pready, itm_pslverr, fpb_pslverr, tpiu_pslverr;

  assign itm_psel  = psel_i && (paddr_i[19:12] == FrameItm);
  assign fpb_psel  = psel_i && (paddr_i[19:12] == FrameFpb);
  assign tpiu_psel = psel_i && (paddr_i[19:12] == FrameTpiu);

  // Each block drives prdata/pslverr only in its own access phase (ITM-APB-1, FPB-APB-1,
  // TPIU-APB-1).
  assign prdata_o  = itm_prdata | fpb_prdata | tpiu_prdata;
  assign pslverr_o = itm_pslverr | fpb_pslverr | tpiu_pslverr;
  assign pready_o  = itm_pready & fpb_pready & tpiu_pready;

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
    .hw_valid_i      (hw_valid_i),
    .hw_ready_o      (hw_ready_o),
    .hw_data_i       (hw_data_i),
    .hw_ovf_i        (hw_ovf_i),
    .dwt_sync_req_i  (dwt_sync_req_i),
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
    logic tpiu_atready, tpiu_afvalid, tpiu_sync_req, tpiu_ts_tick, tpiu_async_idle;
    // The harness-side TPIU inputs of the ITM are replaced by the TPIU's outputs.
    logic unused_ports;
    assign unused_ports = ^{atready_i, tpiu_sync_req_i, ts_async_tick_i, async_idle_i};

    assign itm_atready    = tpiu_atready;
    assign itm_afvalid    = afvalid_i | tpiu_afvalid;
    assign itm_tpiu_sync  = tpiu_sync_req;
    assign itm_ts_tick    = tpiu_ts_tick;
    assign itm_async_idle = tpiu_async_idle;
    assign tracedata_o    = 8'(tracedata);

    tpiu_top #(
      .PortWidth    (PortWidth),
      .AtbFifoDepth (AtbFifoDepth)
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
      .atvalid_i    (itm_atvalid),
      .atready_o    (tpiu_atready),
      .atdata_i     (itm_atdata),
      .atid_i       (itm_atid),
      .afvalid_o    (tpiu_afvalid),
      .afready_i    (itm_afready),
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

endmodule

`default_nettype wire
