// SPDX-License-Identifier: Apache-2.0
// Simulation-only wrapper around trace_top (ITM + FPB) for the lockstep harness: the DUT plus trace-only
// inputs that carry the golden model's expected outputs and the harness's verdict, so that
// expected and actual values stand side by side in one FST (sim/c_tb/SCENARIO.md).
// Spec: none (harness); the DUT's ports are docs/itm-contract.md section 3 and
// docs/fpb-contract.md sections 3 and 7.

`default_nettype none

module trace_tb_top #(
  parameter int NumStimPorts  = 64,  // as itm_top
  parameter int StimFifoDepth = 4,
  parameter int HwFifoDepth   = 2,
  parameter int TsWidth       = 12,
  parameter int GtsWidth      = 64,
  parameter int NumCode       = 8,   // as trace_top
  parameter int NumLit        = 0,
  parameter int BothHalves    = 1,
  parameter int SecExt        = 1,
  parameter int Ude           = 1,
  parameter int HasTpiu       = 0,   // docs/tpiu-contract.md section 9
  parameter int PortWidth     = 4,
  parameter int AtbFifoDepth  = 4,
  parameter int FrameIdleCycles = 16,
  parameter int HasDwt        = 0,   // docs/dwt-contract.md sections 1 and 17
  parameter int NumComp       = 4,
  parameter int DwtFifoDepth  = 2,
  parameter int HasMain       = 1,
  parameter int HasTrace      = 1,
  parameter int HasCycCnt     = 1,
  parameter int HasPrfCnt     = 1,
  parameter int HasExtTrig    = 1,
  parameter int HasVmask      = 1,
  parameter int HasPcsr       = 1,
  parameter int HasEtm        = 0,   // docs/etm-contract.md sections 1 and 13
  parameter int EtmFifoDepth  = 64,
  parameter int RsDepth       = 3,
  parameter int CcSize        = 12,
  parameter int NumPc         = 4,
  parameter int FunnelHold    = 8,
  parameter int HasStall      = 0,   // docs/etm-contract.md section 21
  parameter int NumAcPairs    = 0,   // address range comparator pairs (etm-contract section 22)
  parameter int AtomF45       = 0,    // atom formats 4 and 5 (etm-contract section 19)
  parameter int MaxSpec       = 0,   // docs/etm-contract.md section 18
  parameter int QSupp         = 0    // Q elements (docs/etm-contract.md section 20)
) (
  // ---- the ports of trace_top, passed through unchanged ------------------------------------
  input  logic        clk_i,
  input  logic        rst_ni,
  // APB4 slave, PPB offsets (frame = paddr_i[19:12])
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
  // ATB master, 8-bit
  output logic        atvalid_o,
  input  logic        atready_i,
  output logic        atready_o,
  output logic [7:0]  atdata_o,
  output logic [6:0]  atid_o,
  input  logic        afvalid_i,
  output logic        afready_o,
  // hardware-source (DWT) packets
  input  logic        hw_valid_i,
  output logic        hw_ready_o,
  input  logic [39:0] hw_data_i,
  input  logic        hw_ovf_i,
  // synchronization requests
  input  logic        dwt_sync_req_i,
  input  logic        tpiu_sync_req_i,
  // timestamp sources
  input  logic        ts_async_tick_i,
  input  logic        async_idle_i,
  input  logic [63:0] gts_i,
  input  logic        gts_clkch_i,
  // debug enables and authentication, PE state
  input  logic        trcena_i,
  input  logic        niden_i,
  input  logic        spniden_i,
  input  logic        pe_secure_i,
  input  logic        halted_i,
  // status
  output logic        busy_o,
  // FPB
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
  // TPIU pins and formatter output
  output logic        traceclk_o,
  output logic [7:0]  tracedata_o,
  output logic        swo_o,
  output logic        txb_valid_o,
  output logic [7:0]  txb_o,
  // DWT observation port and outputs
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
  output logic        dwt_hw_valid_o,
  output logic [39:0] dwt_hw_data_o,
  output logic        dwt_hw_ovf_o,
  output logic        dwt_sync_req_o,
  // ETM PE trace interface, the ETM's ATB master and the funnel's output
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
  input  logic [4:0]  etm_spec_commit_i,
  input  logic        etm_spec_flush_i,
  input  logic [4:0]  etm_spec_cancel_i,
  input  logic        etm_spec_mispred_i,
  output logic        etm_atvalid_o,
  output logic        etm_atready_o,
  output logic [7:0]  etm_atdata_o,
  output logic [6:0]  etm_atid_o,
  output logic        etm_afready_o,
  output logic        etm_idle_o,
  output logic        fun_atvalid_o,
  output logic [7:0]  fun_atdata_o,
  output logic [6:0]  fun_atid_o,
  output logic        fun_afready_o,
  output logic        etm_pe_stall_o,   // [ETM-STALL-7]

  // ---- block ports that are not ports of trace_top ------------------------------------------
  // Read from inside u_dut, for the conformance vectors of one block (vectors/README.md: a
  // DWT, TPIU or FPB vector holds that block's own ports); 0 where the block does not exist.
  output logic [31:0] obs_dwt_prdata_o,     // dwt_top APB outputs
  output logic        obs_dwt_pready_o,
  output logic        obs_dwt_pslverr_o,
  output logic [31:0] obs_fpb_prdata_o,     // fpb_top APB outputs
  output logic        obs_fpb_pready_o,
  output logic        obs_fpb_pslverr_o,
  output logic [31:0] obs_tpiu_prdata_o,    // tpiu_top APB outputs
  output logic        obs_tpiu_pready_o,
  output logic        obs_tpiu_pslverr_o,
  output logic        obs_tpiu_afvalid_o,   // tpiu_top outputs to the ITM
  output logic        obs_tpiu_ts_tick_o,
  output logic        obs_tpiu_async_idle_o,
  output logic        obs_tpiu_sync_req_o,
  output logic [31:0] obs_etm_prdata_o,     // etm_top APB outputs (HasEtm)
  output logic        obs_etm_pready_o,
  output logic        obs_etm_pslverr_o,
  output logic        obs_etm_afvalid_o,    // etm_top's afvalid_i (the funnel's)

  // ---- trace-only inputs, read by nothing (lint/verilator.vlt) ----------------------------
  // The golden model's value of each output. They change at the same rising edge as the
  // RTL's outputs (and at the input change of a reset cycle), so a pair differs exactly
  // where the two models do.
  input  logic [31:0] exp_prdata_i,
  input  logic        exp_pready_i,
  input  logic        exp_pslverr_i,
  input  logic        exp_atvalid_i,
  input  logic [7:0]  exp_atdata_i,
  input  logic [6:0]  exp_atid_i,
  input  logic        exp_afready_i,
  input  logic        exp_hw_ready_i,
  input  logic        exp_busy_i,
  input  logic        exp_match_i,
  input  logic        exp_bkpt_halt_i,
  input  logic        exp_bkpt_mon_i,
  input  logic        exp_atready_i,
  input  logic        exp_traceclk_i,
  input  logic [7:0]  exp_tracedata_i,
  input  logic        exp_swo_i,
  input  logic        exp_txb_valid_i,
  input  logic [7:0]  exp_txb_i,
  input  logic [15:0] exp_cmpmatch_i,
  input  logic        exp_wpt_halt_i,
  input  logic        exp_wpt_mon_i,
  input  logic        exp_dwt_hw_valid_i,
  input  logic [39:0] exp_dwt_hw_data_i,
  input  logic        exp_dwt_hw_ovf_i,
  input  logic        exp_dwt_sync_req_i,
  input  logic        exp_etm_atvalid_i,
  input  logic [7:0]  exp_etm_atdata_i,
  input  logic [6:0]  exp_etm_atid_i,
  input  logic        exp_etm_idle_i,
  input  logic        exp_fun_atvalid_i,
  input  logic [7:0]  exp_fun_atdata_i,
  input  logic [6:0]  exp_fun_atid_i,
  // Harness values of the cycle; they change with the DUT inputs (cycle start + 1).
  input  logic [63:0] cycle_i,       // harness cycle number (two's complement, reset < 0)
  input  logic        mismatch_i,    // some output differs in this cycle
  input  logic [8:0]  exp_atpkt_i,   // golden ATB: [8] byte offered, [7:0] its packet header
  input  logic [8:0]  rtl_atpkt_i    // the same for the RTL's stream
);

  trace_top #(
    .NumStimPorts  (NumStimPorts),
    .StimFifoDepth (StimFifoDepth),
    .HwFifoDepth   (HwFifoDepth),
    .TsWidth       (TsWidth),
    .GtsWidth      (GtsWidth),
    .NumCode       (NumCode),
    .NumLit        (NumLit),
    .BothHalves    (BothHalves),
    .SecExt        (SecExt),
    .Ude           (Ude),
    .HasTpiu       (HasTpiu),
    .PortWidth     (PortWidth),
    .AtbFifoDepth  (AtbFifoDepth),
    .FrameIdleCycles (FrameIdleCycles),
    .HasDwt        (HasDwt),
    .NumComp       (NumComp),
    .DwtFifoDepth  (DwtFifoDepth),
    .HasMain       (HasMain),
    .HasTrace      (HasTrace),
    .HasCycCnt     (HasCycCnt),
    .HasPrfCnt     (HasPrfCnt),
    .HasExtTrig    (HasExtTrig),
    .HasVmask      (HasVmask),
    .HasPcsr       (HasPcsr),
    .HasEtm        (HasEtm),
    .EtmFifoDepth  (EtmFifoDepth),
    .RsDepth       (RsDepth),
    .CcSize        (CcSize),
    .NumPc         (NumPc),
    .FunnelHold    (FunnelHold),
    .HasStall      (HasStall),
    .NumAcPairs    (NumAcPairs),
    .AtomF45       (AtomF45),
    .MaxSpec       (MaxSpec),
    .QSupp         (QSupp)
  ) u_dut (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .psel_i          (psel_i),
    .penable_i       (penable_i),
    .pwrite_i        (pwrite_i),
    .paddr_i         (paddr_i),
    .pwdata_i        (pwdata_i),
    .pstrb_i         (pstrb_i),
    .pprot_i         (pprot_i),
    .prdata_o        (prdata_o),
    .pready_o        (pready_o),
    .pslverr_o       (pslverr_o),
    .atvalid_o       (atvalid_o),
    .atready_i       (atready_i),
    .atready_o       (atready_o),
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
    .busy_o          (busy_o),
    .if_valid_i      (if_valid_i),
    .if_addr_i       (if_addr_i),
    .if_kind_i       (if_kind_i),
    .if_size32_i     (if_size32_i),
    .if_secure_i     (if_secure_i),
    .if_priv_i       (if_priv_i),
    .hda_i           (hda_i),
    .uhda_i          (uhda_i),
    .uhda_s_i        (uhda_s_i),
    .c_debugen_i     (c_debugen_i),
    .s_halt_i        (s_halt_i),
    .s_sde_i         (s_sde_i),
    .mon_en_i        (mon_en_i),
    .sdme_i          (sdme_i),
    .umon_en_i       (umon_en_i),
    .mon_prio_i      (mon_prio_i),
    .match_o         (match_o),
    .bkpt_halt_o     (bkpt_halt_o),
    .bkpt_mon_o      (bkpt_mon_o),
    .traceclk_o      (traceclk_o),
    .tracedata_o     (tracedata_o),
    .swo_o           (swo_o),
    .txb_valid_o     (txb_valid_o),
    .ia_valid_i      (ia_valid_i),
    .ia_addr_i       (ia_addr_i),
    .ia_secure_i     (ia_secure_i),
    .ia_priv_i       (ia_priv_i),
    .da_valid_i      (da_valid_i),
    .da_addr_i       (da_addr_i),
    .da_size_i       (da_size_i),
    .da_write_i      (da_write_i),
    .da_data_i       (da_data_i),
    .da_pc_i         (da_pc_i),
    .da_secure_i     (da_secure_i),
    .da_priv_i       (da_priv_i),
    .da_fault_i      (da_fault_i),
    .da_lazyfp_i     (da_lazyfp_i),
    .exc_valid_i     (exc_valid_i),
    .exc_fn_i        (exc_fn_i),
    .exc_num_i       (exc_num_i),
    .exc_secure_i    (exc_secure_i),
    .sleeping_i      (sleeping_i),
    .evt_cpi_i       (evt_cpi_i),
    .evt_exc_i       (evt_exc_i),
    .evt_sleep_i     (evt_sleep_i),
    .evt_lsu_i       (evt_lsu_i),
    .evt_fold_i      (evt_fold_i),
    .pe_priv_i       (pe_priv_i),
    .niden_p_i       (niden_p_i),
    .spniden_p_i     (spniden_p_i),
    .monrdy_i        (monrdy_i),
    .cmpmatch_o      (cmpmatch_o),
    .wpt_halt_o      (wpt_halt_o),
    .wpt_mon_o       (wpt_mon_o),
    .dwt_hw_valid_o  (dwt_hw_valid_o),
    .dwt_hw_data_o   (dwt_hw_data_o),
    .dwt_hw_ovf_o    (dwt_hw_ovf_o),
    .dwt_sync_req_o  (dwt_sync_req_o),
    .txb_o           (txb_o),
    .etm_pe_valid_i  (etm_pe_valid_i),
    .etm_pe_addr_i   (etm_pe_addr_i),
    .etm_pe_size_i   (etm_pe_size_i),
    .etm_pe_br_i     (etm_pe_br_i),
    .etm_pe_ind_i    (etm_pe_ind_i),
    .etm_pe_taken_i  (etm_pe_taken_i),
    .etm_pe_link_i   (etm_pe_link_i),
    .etm_pe_excret_i (etm_pe_excret_i),
    .etm_pe_ns_i     (etm_pe_ns_i),
    .etm_exc_valid_i (etm_exc_valid_i),
    .etm_exc_num_i   (etm_exc_num_i),
    .etm_exc_ret_i   (etm_exc_ret_i),
    .etm_spec_commit_i  (etm_spec_commit_i),
    .etm_spec_flush_i   (etm_spec_flush_i),
    .etm_spec_cancel_i  (etm_spec_cancel_i),
    .etm_spec_mispred_i (etm_spec_mispred_i),
    .etm_atvalid_o   (etm_atvalid_o),
    .etm_atready_o   (etm_atready_o),
    .etm_atdata_o    (etm_atdata_o),
    .etm_atid_o      (etm_atid_o),
    .etm_afready_o   (etm_afready_o),
    .etm_idle_o      (etm_idle_o),
    .fun_atvalid_o   (fun_atvalid_o),
    .fun_atdata_o    (fun_atdata_o),
    .fun_atid_o      (fun_atid_o),
    .fun_afready_o   (fun_afready_o),
    .etm_pe_stall_o  (etm_pe_stall_o)
  );

  // ---- block ports (hierarchical references into trace_top; simulation only) -------------
  assign obs_fpb_prdata_o  = u_dut.fpb_prdata;
  assign obs_fpb_pready_o  = u_dut.fpb_pready;
  assign obs_fpb_pslverr_o = u_dut.fpb_pslverr;
  if (HasDwt != 0) begin : gen_obs_dwt
    assign obs_dwt_prdata_o  = u_dut.dwt_prdata;
    assign obs_dwt_pready_o  = u_dut.dwt_pready;
    assign obs_dwt_pslverr_o = u_dut.dwt_pslverr;
  end else begin : gen_obs_no_dwt
    assign obs_dwt_prdata_o  = 32'h0;
    assign obs_dwt_pready_o  = 1'b0;
    assign obs_dwt_pslverr_o = 1'b0;
  end
  if (HasTpiu != 0) begin : gen_obs_tpiu
    assign obs_tpiu_prdata_o     = u_dut.tpiu_prdata;
    assign obs_tpiu_pready_o     = u_dut.tpiu_pready;
    assign obs_tpiu_pslverr_o    = u_dut.tpiu_pslverr;
    assign obs_tpiu_afvalid_o    = u_dut.tpiu_afvalid_w;
    assign obs_tpiu_ts_tick_o    = u_dut.gen_tpiu.tpiu_ts_tick;
    assign obs_tpiu_async_idle_o = u_dut.gen_tpiu.tpiu_async_idle;
    assign obs_tpiu_sync_req_o   = u_dut.gen_tpiu.tpiu_sync_req;
  end else begin : gen_obs_no_tpiu
    assign obs_tpiu_prdata_o     = 32'h0;
    assign obs_tpiu_pready_o     = 1'b0;
    assign obs_tpiu_pslverr_o    = 1'b0;
    assign obs_tpiu_afvalid_o    = 1'b0;
    assign obs_tpiu_ts_tick_o    = 1'b0;
    assign obs_tpiu_async_idle_o = 1'b0;
    assign obs_tpiu_sync_req_o   = 1'b0;
  end
  if (HasEtm != 0) begin : gen_obs_etm
    assign obs_etm_prdata_o  = u_dut.etm_prdata;
    assign obs_etm_pready_o  = u_dut.etm_pready;
    assign obs_etm_pslverr_o = u_dut.etm_pslverr;
    assign obs_etm_afvalid_o = u_dut.gen_etm.etm_afvalid;
  end else begin : gen_obs_no_etm
    assign obs_etm_prdata_o  = 32'h0;
    assign obs_etm_pready_o  = 1'b0;
    assign obs_etm_pslverr_o = 1'b0;
    assign obs_etm_afvalid_o = 1'b0;
  end

endmodule

`default_nettype wire
