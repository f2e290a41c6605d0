// SPDX-License-Identifier: Apache-2.0
// ETM top: the ETMv4.5 instruction trace unit for Armv8-M (wiring only).
// Spec: Armv8-M B14.3 (Embedded Trace Macrocell); docs/etm-contract.md.

`default_nettype none

`include "cs_assert.svh"

module etm_top #(
  parameter int FifoDepth = 64,   // output FIFO bytes: 64, 128, 256 [ETM-OVF-1]
  parameter int RsDepth   = 3,    // return-stack entries 0..15
  parameter int CcSize    = 12,   // cycle counter width 12..20
  parameter int NumPc     = 4,    // DWT CMPMATCH inputs 0..4
  parameter int SecExt    = 1,    // Security Extension implemented, 0 or 1
  parameter int HasStall  = 0,    // TRCSTALLCTLR and pe_stall_o [ETM-STALL-1]
  parameter int NumAcPairs = 0,   // address range comparator pairs 0..4 [ETM-ACMP-1]
  parameter int AtomF45   = 0,    // 1: atom formats 4 and 5 (contract 19)
  parameter int MaxSpec   = 0,    // TRCIDR8.MAXSPEC 0..16, 0 = non-speculative [ETM-SPEC-1]
  parameter int QSupp     = 0     // 1: Q elements with instruction counts (contract 20)
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // APB4 slave, the 4 KiB ETM frame
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
  // PE trace interface [ETM-PE-*]
  input  logic        pe_valid_i,
  input  logic [31:0] pe_addr_i,
  input  logic        pe_size_i,
  input  logic        pe_br_i,
  input  logic        pe_ind_i,
  input  logic        pe_taken_i,
  input  logic        pe_link_i,
  input  logic        pe_excret_i,
  input  logic        pe_ns_i,
  input  logic        exc_valid_i,
  input  logic [8:0]  exc_num_i,
  input  logic [31:0] exc_ret_i,
  input  logic [((NumPc > 0) ? NumPc : 1)-1:0] cmpmatch_i,  // bit 0 unused when NumPc = 0
  // PE speculation [ETM-SPEC-PE-*] (ignored when MaxSpec = 0)
  input  logic [4:0]  spec_commit_i,
  input  logic        spec_flush_i,
  input  logic [4:0]  spec_cancel_i,
  input  logic        spec_mispred_i,
  // system inputs
  input  logic [63:0] gts_i,
  input  logic        niden_i,
  input  logic        spniden_i,
  // ATB master
  output logic        atvalid_o,
  input  logic        atready_i,
  output logic [7:0]  atdata_o,
  output logic [6:0]  atid_o,
  input  logic        afvalid_i,
  output logic        afready_o,
  output logic        idle_o,
  // stall request to the PE [ETM-STALL-4] (0 with HasStall = 0)
  output logic        pe_stall_o
);

  logic        en, en_set, cfg_bb, cfg_cci, cfg_ts, cfg_rs, ss, ss_we, ss_d, atoms_empty;
  logic [7:0]  tsctlr, vievent;
  logic [4:0]  syncpr;
  logic [11:0] ccthr;
  logic [6:0]  traceid;
  logic [3:0]  start, stop;
  logic [8:0]  count;
  logic [etm_pkg::MaxBytes*8-1:0] push_data;
  logic [5:0]  push_len;
  logic        unused_pprot, idle;
  logic [8:0]  stallctlr;   // TRCSTALLCTLR {ISTALL, 0000, LEVEL} [ETM-STALL-2]
  logic [31:0] regs_rdata, acmp_rdata;
  logic        view_ok, bb_in;
  logic [((NumAcPairs > 0) ? NumAcPairs : 1)-1:0] acmp_in;
  logic [31:0] q_rdata;
  logic        q_on, q_in, q_empty;   // [ETM-Q-2], [ETM-Q-9], [ETM-Q-7]
  logic        sd_zero, cp_zero;   // [ETM-SPEC-8] IDLE needs sd == 0, the flush ack cp == 0

  assign unused_pprot = ^pprot_i;   // [ETM-IMPL-5] pprot ignored
  assign pready_o     = rst_ni;     // pready 1 from the first cycle after reset

  etm_regs #(
    .RsDepth (RsDepth),
    .CcSize  (CcSize),
    .NumPc   (NumPc),
    .SecExt  (SecExt),
    .HasStall (HasStall),
    .NumAcPairs (NumAcPairs),
    .MaxSpec (MaxSpec)
  ) u_regs (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .psel_i         (psel_i),
    .penable_i      (penable_i),
    .pwrite_i       (pwrite_i),
    .paddr_i        (paddr_i),
    .pwdata_i       (pwdata_i),
    .pstrb_i        (pstrb_i),
    .prdata_o       (regs_rdata),
    .pslverr_o      (pslverr_o),
    .niden_i        (niden_i),
    .spniden_i      (spniden_i),
    .fifo_empty_i   (count == 9'd0),
    .atoms_empty_i  (atoms_empty & sd_zero),
    .ss_we_i        (ss_we),
    .ss_d_i         (ss_d),
    .en_o           (en),
    .en_set_o       (en_set),
    .idle_o         (idle),
    .cfg_bb_o       (cfg_bb),
    .cfg_cci_o      (cfg_cci),
    .cfg_ts_o       (cfg_ts),
    .cfg_rs_o       (cfg_rs),
    .tsctlr_o       (tsctlr),
    .syncpr_o       (syncpr),
    .ccthr_o        (ccthr),
    .traceid_o      (traceid),
    .victlr_event_o (vievent),
    .ss_o           (ss),
    .start_o        (start),
    .stop_o         (stop),
    .stallctlr_o    (stallctlr)
  );

  // [ETM-ACMP-*] address range comparators (contract section 22)
  etm_acmp #(
    .NumAcPairs (NumAcPairs)
  ) u_acmp (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .psel_i      (psel_i),
    .penable_i   (penable_i),
    .pwrite_i    (pwrite_i),
    .paddr_i     (paddr_i[11:2]),
    .pwdata_i    (pwdata_i),
    .pstrb_i     (pstrb_i),
    .idle_i      (idle),
    .prdata_o    (acmp_rdata),
    .exc_valid_i (exc_valid_i),
    .pe_addr_i   (pe_addr_i),
    .exc_ret_i   (exc_ret_i),
    .acmp_in_o   (acmp_in),
    .view_ok_o   (view_ok),
    .bb_in_o     (bb_in)
  );

  // [ETM-Q-1], [ETM-Q-2], [ETM-Q-9] Q elements: QE, TRCQCTLR over acmp_in, QSUPP/QFILT
  etm_q #(
    .QSupp      (QSupp),
    .NumAcPairs (NumAcPairs)
  ) u_q (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .psel_i    (psel_i),
    .penable_i (penable_i),
    .pwrite_i  (pwrite_i),
    .paddr_i   (paddr_i[11:2]),
    .pwdata_i  (pwdata_i),
    .pstrb_i   (pstrb_i),
    .idle_i    (idle),
    .prdata_o  (q_rdata),
    .cfg_bb_i  (cfg_bb),
    .acmp_in_i (acmp_in),
    .q_on_o    (q_on),
    .q_in_o    (q_in)
  );

  assign prdata_o = regs_rdata | acmp_rdata | q_rdata;   // each 0 outside its own bits

  etm_gen #(
    .FifoDepth (FifoDepth),
    .RsDepth   (RsDepth),
    .CcSize    (CcSize),
    .NumPc     (NumPc),
    .SecExt    (SecExt),
    .AtomF45   (AtomF45),
    .MaxSpec   (MaxSpec),
    .QSupp     (QSupp)
  ) u_gen (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .en_i           (en),
    .en_set_i       (en_set),
    .cfg_bb_i       (cfg_bb),
    .cfg_cci_i      (cfg_cci),
    .cfg_ts_i       (cfg_ts),
    .cfg_rs_i       (cfg_rs),
    .tsctlr_i       (tsctlr),
    .syncpr_i       (syncpr),
    .ccthr_i        (ccthr),
    .victlr_event_i (vievent),
    .ss_i           (ss),
    .start_i        (start),
    .stop_i         (stop),
    .view_ok_i      (view_ok),
    .bb_in_i        (bb_in),
    .q_on_i         (q_on),
    .q_in_i         (q_in),
    .pop_i          (atvalid_o & atready_i),
    .q_empty_o      (q_empty),
    .ss_we_o        (ss_we),
    .ss_d_o         (ss_d),
    .pe_valid_i     (pe_valid_i),
    .pe_addr_i      (pe_addr_i),
    .pe_size_i      (pe_size_i),
    .pe_br_i        (pe_br_i),
    .pe_ind_i       (pe_ind_i),
    .pe_taken_i     (pe_taken_i),
    .pe_link_i      (pe_link_i),
    .pe_excret_i    (pe_excret_i),
    .pe_ns_i        (pe_ns_i),
    .exc_valid_i    (exc_valid_i),
    .exc_num_i      (exc_num_i),
    .exc_ret_i      (exc_ret_i),
    .cmpmatch_i     (cmpmatch_i),
    .gts_i          (gts_i),
    .niden_i        (niden_i),
    .spniden_i      (spniden_i),
    .afvalid_i      (afvalid_i),
    .spec_commit_i  (spec_commit_i),
    .spec_flush_i   (spec_flush_i),
    .spec_cancel_i  (spec_cancel_i),
    .spec_mispred_i (spec_mispred_i),
    .spec_sd_zero_o (sd_zero),
    .spec_cp_zero_o (cp_zero),
    .fifo_count_i   (count),
    .push_data_o    (push_data),
    .push_len_o     (push_len),
    .atoms_empty_o  (atoms_empty)
  );

  etm_fifo #(
    .FifoDepth (FifoDepth)
  ) u_fifo (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .push_data_i   (push_data),
    .push_len_i    (push_len),
    .count_o       (count),
    .atvalid_o     (atvalid_o),
    .atready_i     (atready_i),
    .atdata_o      (atdata_o),
    .afvalid_i     (afvalid_i),
    .atoms_empty_i (atoms_empty & cp_zero & q_empty),   // [ETM-Q-7]
    .afready_o     (afready_o)
  );

  // [ETM-STALL-4] the stall request: registered state only

  logic unused_stallctlr;
  assign unused_stallctlr = ^stallctlr[7:4];  // RES0 bits of TRCSTALLCTLR, always 0

  etm_stall #(
    .FifoDepth (FifoDepth),
    .HasStall  (HasStall)
  ) u_stall (
    .en_i       (en),
    .istall_i   (stallctlr[8]),
    .level_i    (stallctlr[3:0]),
    .count_i    (count),
    .pe_stall_o (pe_stall_o)
  );

  // [ETM-FIFO-1] atid = TRCTRACEIDR in every cycle
  assign atid_o = traceid;
  // contract 2: every output 0 while rst_ni is low (TRCSTATR.IDLE would read 1)
  assign idle_o = idle & rst_ni;

  // ---- Assertions ------------------------------------------------------------------------
  `CS_ASSERT_KNOWN(AtValidKnown_A, atvalid_o)
  `CS_ASSERT(AtDataZeroIdle_A, atvalid_o || atdata_o == 8'h00)

endmodule
