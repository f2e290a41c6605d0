// SPDX-License-Identifier: Apache-2.0
// Armv8-M Flash Patch and Breakpoint unit (breakpoint-only FPBv2): top level (wiring only).
// Spec: Armv8-M B14.5 (FPB); docs/fpb-contract.md (ports: section 3).

`default_nettype none

`include "cs_assert.svh"

module fpb_top #(
  parameter int NumCode    = 8,     // address comparators FP_COMP0..NumCode-1: 0..32
  parameter int NumLit     = 0,     // literal comparators in FP_CTRL.NUM_LIT (RAZ/WI): 0..15
  parameter int BothHalves = 1,     // a comparator on the second halfword of a T32 matches
  parameter int SecExt     = 1,     // Security Extension implemented
  parameter int Ude        = 1      // Unprivileged Debug Extension implemented (Armv8.1-M)
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
  // instruction-side access presented this cycle
  input  logic        if_valid_i,
  input  logic [31:0] if_addr_i,
  input  logic [1:0]  if_kind_i,
  input  logic        if_size32_i,
  input  logic        if_secure_i,
  input  logic        if_priv_i,
  // authentication: HaltingDebugAllowed(), UnprivHaltingDebugAllowed(FALSE / TRUE)
  input  logic        hda_i,
  input  logic        uhda_i,
  input  logic        uhda_s_i,
  // DHCSR.C_DEBUGEN, S_HALT, S_SDE and DEMCR.MON_EN, SDME, UMON_EN
  input  logic        c_debugen_i,
  input  logic        s_halt_i,
  input  logic        s_sde_i,
  input  logic        mon_en_i,
  input  logic        sdme_i,
  input  logic        umon_en_i,
  // DebugMonitor group priority above the current execution priority
  input  logic        mon_prio_i,
  // comparator match and breakpoint debug events (cycle after the access)
  output logic        match_o,
  output logic        bkpt_halt_o,
  output logic        bkpt_mon_o
);

  localparam int NumCodeW = (NumCode > 0) ? NumCode : 1;

  // ---- Interconnect ----------------------------------------------------------------------
  logic                   enable;
  logic [NumCodeW*32-1:0] comp;

  // pready is 1 out of reset and 0 while rst_ni is low (contract section 2, [FPB-APB-1]).
  assign pready_o = rst_ni;

  // ---- Registers and APB -----------------------------------------------------------------
  fpb_regs #(
    .NumCode (NumCode),
    .NumLit  (NumLit)
  ) u_regs (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .psel_i    (psel_i),
    .penable_i (penable_i),
    .pwrite_i  (pwrite_i),
    .paddr_i   (paddr_i),
    .pwdata_i  (pwdata_i),
    .pstrb_i   (pstrb_i),
    .pprot_i   (pprot_i),
    .prdata_o  (prdata_o),
    .pslverr_o (pslverr_o),
    .enable_o  (enable),
    .comp_o    (comp)
  );

  // ---- Comparators and debug events ------------------------------------------------------
  fpb_match #(
    .NumCode    (NumCode),
    .BothHalves (BothHalves),
    .SecExt     (SecExt),
    .Ude        (Ude)
  ) u_match (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .enable_i    (enable),
    .comp_i      (comp),
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

  // ---- Assertions ------------------------------------------------------------------------
  `CS_ASSERT_INIT(params_A, (NumCode >= 0) && (NumCode <= 32) && (NumLit >= 0) &&
                            (NumLit <= 15))
  // [FPB-TIME-1] halt and DebugMonitor are never both signalled.
  `CS_ASSERT(bkpt_excl_A, !(bkpt_halt_o && bkpt_mon_o))
  `CS_ASSERT(pready_A, pready_o)

endmodule

`default_nettype wire
