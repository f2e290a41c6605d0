// SPDX-License-Identifier: Apache-2.0
// Armv8-M Data Watchpoint and Trace unit: top level (wiring only).
// Spec: Armv8-M B14.2 (DWT); docs/dwt-contract.md (parameters: section 1, ports: section 3).

`default_nettype none

`include "cs_assert.svh"

module dwt_top #(
  parameter int NumComp      = 4,  // comparators: 0..15 (DWT_CTRL.NUMCOMP)
  parameter int DwtFifoDepth = 4,  // output buffer entries, one packet each: 1..16
  parameter int HasMain      = 1,  // Main Extension
  parameter int HasTrace     = 1,  // trace packets (NOTRCPKT = !HasTrace)
  parameter int HasCycCnt    = 1,  // CYCCNT, POSTCNT, SYNCTAP (NOCYCCNT = !HasCycCnt)
  parameter int HasPrfCnt    = 1,  // five event counters (NOPRFCNT = !HasPrfCnt)
  parameter int HasExtTrig   = 1,  // CMPMATCH outputs (NOEXTTRIG = !HasExtTrig)
  parameter int HasVmask     = 1,  // DWT_VMASKn (DEVARCH.REVISION = 1)
  parameter int HasPcsr      = 1,  // DWT_PCSR
  parameter int SecExt       = 1,  // Security Extension
  parameter int Ude          = 1   // Unprivileged Debug Extension
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // APB4 slave, 4 KiB frame
  input  logic        psel_i,
  input  logic        penable_i,
  input  logic        pwrite_i,
  input  logic [11:0] paddr_i,
  input  logic [31:0] pwdata_i,
  input  logic [3:0]  pstrb_i,
  input  logic [2:0]  pprot_i,
  output logic [31:0] prdata_o,
  output logic        pready_o,
  output logic        pslverr_o,
  // instruction observation
  input  logic        ia_valid_i,
  input  logic [31:0] ia_addr_i,
  input  logic        ia_secure_i,
  input  logic        ia_priv_i,
  // data access observation
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
  // exceptions, sleep, counters
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
  input  logic        pe_secure_i,
  input  logic        pe_priv_i,
  input  logic        halted_i,
  // authentication and debug control
  input  logic        trcena_i,
  input  logic        niden_i,
  input  logic        niden_p_i,
  input  logic        spniden_i,
  input  logic        spniden_p_i,
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
  input  logic        monrdy_i,
  // comparator triggers and watchpoint debug events (one-cycle pulses)
  output logic [15:0] cmpmatch_o,
  output logic        wpt_halt_o,
  output logic        wpt_mon_o,
  // hardware-source port to the ITM
  output logic        hw_valid_o,
  input  logic        hw_ready_i,
  output logic [39:0] hw_data_o,
  output logic        hw_ovf_o,
  output logic        sync_req_o
);

  localparam int NumCompW = (NumComp > 0) ? NumComp : 1;
  localparam int NumSlots = 12;  // 9 comparator slots + exception, PC sample, event counter

  // ---- Comparator identification [DWT-ID-1] ---------------------------------------------
  logic [NumCompW*5-1:0] id;
  for (genvar n = 0; n < NumCompW; n++) begin : gen_id
    assign id[5*n +: 5] = dwt_pkg::func_id(n, HasMain, HasCycCnt);
  end

  // ---- Authentication (contract section 7) -----------------------------------------------
  // NoninvasiveDebugAllowed(FALSE / TRUE), SecureNoninvasiveDebugAllowed(FALSE / TRUE);
  // without UDE privilege is ignored, without the Security Extension Secure is allowed.
  logic nid_u, nid_p, snid_u, snid_p;
  assign nid_u  = niden_i;
  assign nid_p  = (Ude != 0) ? niden_p_i : niden_i;
  assign snid_u = (SecExt != 0) ? spniden_i : 1'b1;
  assign snid_p = (SecExt != 0) ? ((Ude != 0) ? spniden_p_i : spniden_i) : 1'b1;

  // pready is 1 out of reset and 0 while rst_ni is low (contract section 2).
  assign pready_o = rst_ni;

  // ---- Interconnect ----------------------------------------------------------------------
  logic                   cyccntena, pcsamplena, exctrcena, cycevtena, cycdiss, cyctap;
  logic [3:0]             postpreset, postinit;
  logic [1:0]             synctap;
  logic [4:0]             evtena, cnt_wr, cnt_clr;
  logic [NumCompW*32-1:0] comp, vmask;
  logic [NumCompW*4-1:0]  fmatch_d;
  logic [NumCompW*2-1:0]  fdvsize, faction_d, fdvsize_d;
  logic [NumCompW-1:0]    cfg_wr, matched, matched_clr;
  logic [31:0]            wdata, cyccnt, pcsr, cyc_next, pc_last;
  logic [39:0]            evcnt;
  logic                   cyccnt_wr, post_load, cyc_inc, pc_last_tok;
  logic [8:0]             cmp_pkt_vld;
  logic [359:0]           cmp_pkt_data;
  logic [2:0]             cnt_pkt_vld;
  logic [119:0]           cnt_pkt_data;

  // ---- Registers and APB -----------------------------------------------------------------
  dwt_regs #(
    .NumComp    (NumComp),
    .HasMain    (HasMain),
    .HasTrace   (HasTrace),
    .HasCycCnt  (HasCycCnt),
    .HasPrfCnt  (HasPrfCnt),
    .HasExtTrig (HasExtTrig),
    .HasVmask   (HasVmask),
    .HasPcsr    (HasPcsr),
    .SecExt     (SecExt)
  ) u_regs (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .psel_i        (psel_i),
    .penable_i     (penable_i),
    .pwrite_i      (pwrite_i),
    .paddr_i       (paddr_i),
    .pwdata_i      (pwdata_i),
    .pstrb_i       (pstrb_i),
    .pprot_i       (pprot_i),
    .prdata_o      (prdata_o),
    .pslverr_o     (pslverr_o),
    .id_i          (id),
    .matched_i     (matched),
    .matched_clr_o (matched_clr),
    .cyccnt_i      (cyccnt),
    .evcnt_i       (evcnt),
    .pcsr_i        (pcsr),
    .cyccntena_o   (cyccntena),
    .postpreset_o  (postpreset),
    .postinit_o    (postinit),
    .cyctap_o      (cyctap),
    .synctap_o     (synctap),
    .pcsamplena_o  (pcsamplena),
    .exctrcena_o   (exctrcena),
    .evtena_o      (evtena),
    .cycevtena_o   (cycevtena),
    .cycdiss_o     (cycdiss),
    .comp_o        (comp),
    .fdvsize_o     (fdvsize),
    .vmask_o       (vmask),
    .cfg_wr_o      (cfg_wr),
    .fmatch_d_o    (fmatch_d),
    .faction_d_o   (faction_d),
    .fdvsize_d_o   (fdvsize_d),
    .wdata_o       (wdata),
    .cyccnt_wr_o   (cyccnt_wr),
    .cnt_wr_o      (cnt_wr),
    .cnt_clr_o     (cnt_clr),
    .post_load_o   (post_load)
  );

  // ---- Counters, PC sampling, exception trace --------------------------------------------
  dwt_cnt #(
    .HasTrace  (HasTrace),
    .HasCycCnt (HasCycCnt),
    .HasPrfCnt (HasPrfCnt),
    .SecExt    (SecExt),
    .Ude       (Ude)
  ) u_cnt (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .cyccntena_i   (cyccntena),
    .postpreset_i  (postpreset),
    .postinit_i    (postinit),
    .cyctap_i      (cyctap),
    .synctap_i     (synctap),
    .pcsamplena_i  (pcsamplena),
    .exctrcena_i   (exctrcena),
    .evtena_i      (evtena),
    .cycevtena_i   (cycevtena),
    .cycdiss_i     (cycdiss),
    .wdata_i       (wdata),
    .cyccnt_wr_i   (cyccnt_wr),
    .cnt_wr_i      (cnt_wr),
    .cnt_clr_i     (cnt_clr),
    .post_load_i   (post_load),
    .ia_valid_i    (ia_valid_i),
    .ia_addr_i     (ia_addr_i),
    .ia_secure_i   (ia_secure_i),
    .ia_priv_i     (ia_priv_i),
    .exc_valid_i   (exc_valid_i),
    .exc_fn_i      (exc_fn_i),
    .exc_num_i     (exc_num_i),
    .exc_secure_i  (exc_secure_i),
    .sleeping_i    (sleeping_i),
    .evt_i         ({evt_fold_i, evt_lsu_i, evt_sleep_i, evt_exc_i, evt_cpi_i}),
    .pe_secure_i   (pe_secure_i),
    .pe_priv_i     (pe_priv_i),
    .halted_i      (halted_i),
    .trcena_i      (trcena_i),
    .nid_u_i       (nid_u),
    .nid_p_i       (nid_p),
    .snid_u_i      (snid_u),
    .snid_p_i      (snid_p),
    .cyccnt_o      (cyccnt),
    .evcnt_o       (evcnt),
    .pcsr_o        (pcsr),
    .cyc_inc_o     (cyc_inc),
    .cyc_next_o    (cyc_next),
    .pc_last_o     (pc_last),
    .pc_last_tok_o (pc_last_tok),
    .pkt_vld_o     (cnt_pkt_vld),
    .pkt_data_o    (cnt_pkt_data),
    .sync_req_o    (sync_req_o)
  );

  // ---- Comparators, debug events, data trace packets -------------------------------------
  dwt_cmp #(
    .NumComp    (NumComp),
    .HasMain    (HasMain),
    .HasTrace   (HasTrace),
    .HasExtTrig (HasExtTrig),
    .SecExt     (SecExt),
    .Ude        (Ude)
  ) u_cmp (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .id_i          (id),
    .comp_i        (comp),
    .fdvsize_i     (fdvsize),
    .vmask_i       (vmask),
    .cfg_wr_i      (cfg_wr),
    .fmatch_d_i    (fmatch_d),
    .faction_d_i   (faction_d),
    .fdvsize_d_i   (fdvsize_d),
    .ia_valid_i    (ia_valid_i),
    .ia_addr_i     (ia_addr_i),
    .ia_secure_i   (ia_secure_i),
    .ia_priv_i     (ia_priv_i),
    .da_valid_i    (da_valid_i),
    .da_addr_i     (da_addr_i),
    .da_size_i     (da_size_i),
    .da_write_i    (da_write_i),
    .da_data_i     (da_data_i),
    .da_pc_i       (da_pc_i),
    .da_secure_i   (da_secure_i),
    .da_priv_i     (da_priv_i),
    .da_fault_i    (da_fault_i),
    .da_lazyfp_i   (da_lazyfp_i),
    .cyc_inc_i     (cyc_inc),
    .cyc_next_i    (cyc_next),
    .pc_last_i     (pc_last),
    .pc_last_tok_i (pc_last_tok),
    .pe_secure_i   (pe_secure_i),
    .trcena_i      (trcena_i),
    .nid_u_i       (nid_u),
    .nid_p_i       (nid_p),
    .snid_u_i      (snid_u),
    .snid_p_i      (snid_p),
    .hda_i         (hda_i),
    .uhda_i        (uhda_i),
    .uhda_s_i      (uhda_s_i),
    .c_debugen_i   (c_debugen_i),
    .s_halt_i      (s_halt_i),
    .s_sde_i       (s_sde_i),
    .mon_en_i      (mon_en_i),
    .sdme_i        (sdme_i),
    .umon_en_i     (umon_en_i),
    .mon_prio_i    (mon_prio_i),
    .monrdy_i      (monrdy_i),
    .matched_clr_i (matched_clr),
    .matched_o     (matched),
    .cmpmatch_o    (cmpmatch_o),
    .wpt_halt_o    (wpt_halt_o),
    .wpt_mon_o     (wpt_mon_o),
    .pkt_vld_o     (cmp_pkt_vld),
    .pkt_data_o    (cmp_pkt_data)
  );

  // ---- Output buffer ---------------------------------------------------------------------
  // [DWT-BUF-1] list order: instruction, data access, cycle match (comparator slots 0-8),
  // then exception trace, periodic PC sample, event counter (dwt_cnt slots 0-2).
  dwt_buf #(
    .Depth    (DwtFifoDepth),
    .HasTrace (HasTrace),
    .NumSlots (NumSlots)
  ) u_buf (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .slot_vld_i  ({cnt_pkt_vld, cmp_pkt_vld}),
    .slot_data_i ({cnt_pkt_data, cmp_pkt_data}),
    .hw_valid_o  (hw_valid_o),
    .hw_ready_i  (hw_ready_i),
    .hw_data_o   (hw_data_o),
    .hw_ovf_o    (hw_ovf_o)
  );

  // ---- Assertions ------------------------------------------------------------------------
  `CS_ASSERT_INIT(params_A,
                  (NumComp >= 0) && (NumComp <= 15) && (DwtFifoDepth >= 1) &&
                  (DwtFifoDepth <= 16) &&
                  // B14.2.1: without the Main Extension no cycle counter, value compare, trace.
                  ((HasMain != 0) || ((HasTrace == 0) && (HasCycCnt == 0) &&
                                      (HasPrfCnt == 0) && (HasVmask == 0))))
  `CS_ASSERT(pready_A, pready_o)
  `CS_ASSERT(wpt_excl_A, !(wpt_halt_o && wpt_mon_o))
  `CS_ASSERT(cmpmatch_range_A, (cmpmatch_o >> NumComp) == 16'h0)

endmodule

`default_nettype wire
