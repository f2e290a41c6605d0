// SPDX-License-Identifier: Apache-2.0
// Debug-trace subsystem: the ITM and the FPB on one APB4 port (PPB offsets from 0xE0000000).
// Spec: docs/fpb-contract.md section 7 (system map); block ports: docs/itm-contract.md
// section 3, docs/fpb-contract.md section 3.

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
  parameter int Ude           = 1
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
  output logic        atvalid_o,
  input  logic        atready_i,
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
  output logic        bkpt_mon_o
);

  localparam logic [7:0] FrameItm = 8'h00;
  localparam logic [7:0] FrameFpb = 8'h02;

  // ---- APB decode: one frame per block; other frames read as zero without error --------
  logic        itm_psel, fpb_psel;
  logic [31:0] itm_prdata, fpb_prdata;
  logic        itm_pready, fpb_pready, itm_pslverr, fpb_pslverr;

  assign itm_psel = psel_i && (paddr_i[19:12] == FrameItm);
  assign fpb_psel = psel_i && (paddr_i[19:12] == FrameFpb);

  // Each block drives prdata/pslverr only in its own access phase (ITM-APB-1, FPB-APB-1).
  assign prdata_o  = itm_prdata | fpb_prdata;
  assign pslverr_o = itm_pslverr | fpb_pslverr;
  assign pready_o  = itm_pready & fpb_pready;

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
    .atvalid_o       (atvalid_o),
    .atready_i       (atready_i),
    .atdata_o        (atdata_o),
    .atid_o          (atid_o),
    .afvalid_i       (afvalid_i),
    .afready_o       (afready_o),
    .hw_valid_i      (hw_valid_i),
    .hw_ready_o      (hw_ready_o),
    .hw_data_i       (hw_data_i),
    .hw_ovf_i        (hw_ovf_i),
    .dwt_sync_req_i  (dwt_sync_req_i),
    .tpiu_sync_req_i (tpiu_sync_req_i),
    .ts_async_tick_i (ts_async_tick_i),
    .async_idle_i    (async_idle_i),
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

endmodule

`default_nettype wire
