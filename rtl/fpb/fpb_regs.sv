// SPDX-License-Identifier: Apache-2.0
// FPB APB4 slave and programmers' model: FP_CTRL, FP_REMAP, FP_COMPn and the ID registers.
// Spec: Armv8-M B14.5.1 (FPB programmers' model); docs/fpb-contract.md section 4.

`default_nettype none

`include "cs_assert.svh"

module fpb_regs #(
  parameter int NumCode = 8,  // instruction address comparators: 0..32
  parameter int NumLit  = 0   // literal comparators reported in NUM_LIT: 0..15 (RAZ/WI)
) (
  input  logic                           clk_i,
  input  logic                           rst_ni,
  // APB4 slave (pready is constant 1: driven by fpb_top)
  input  logic                           psel_i,
  input  logic                           penable_i,
  input  logic                           pwrite_i,
  input  logic [11:0]                    paddr_i,
  input  logic [31:0]                    pwdata_i,
  input  logic [3:0]                     pstrb_i,
  input  logic [2:0]                     pprot_i,
  output logic [31:0]                    prdata_o,
  output logic                           pslverr_o,
  // register values for the comparators (FP_COMPn at [32n +: 32]; one dummy word of zeros
  // when NumCode == 0)
  output logic                           enable_o,
  output logic [((NumCode > 0) ? NumCode : 1)*32-1:0] comp_o
);

  localparam int NumCodeW = (NumCode > 0) ? NumCode : 1;  // padded width, no zero-width nets

  // ---- Registers -------------------------------------------------------------------------
  logic                   fp_ctrl_enable_q, fp_ctrl_enable_d;
  logic [NumCodeW*32-1:0] fp_comp_q, fp_comp_d;
  logic [31:0]            prdata_q, prdata_d;
  logic                   pslverr_q, pslverr_d;

  // ---- Address decode --------------------------------------------------------------------
  logic       setup, access;
  logic       is_ctrl;
  logic       err, wr;
  logic [6:0] num_code;
  logic [3:0] num_lit;

  assign setup    = psel_i & ~penable_i;
  assign access   = psel_i & penable_i;
  assign is_ctrl  = (paddr_i[11:2] == fpb_pkg::OffCtrl[11:2]);
  assign num_code = 7'(NumCode);
  assign num_lit  = 4'(NumLit);

  // [FPB-APB-2] only a write with a partial strobe errors (at any offset); it has no effect.
  assign err = pwrite_i & (pstrb_i != 4'hF);
  // [FPB-APB-1] a write takes effect at the access edge; [FPB-APB-3] pprot is ignored.
  assign wr  = access & pwrite_i & (pstrb_i == 4'hF);

  // ---- FP_CTRL read value and write fields ----------------------------------------------
  // [31:28] REV, [14:12] NUM_CODE[6:4], [11:8] NUM_LIT, [7:4] NUM_CODE[3:0], [1] KEY reads 0,
  // [0] ENABLE; built with an assign (Icarus 11 notes constant selects in always_*).
  logic [31:0] ctrl_rdata;
  logic        ctrl_key, ctrl_enable_wdata;

  assign ctrl_rdata = {fpb_pkg::CtrlRevVal, 13'h0, num_code[6:4], num_lit, num_code[3:0],
                       3'b000, fp_ctrl_enable_q};
  assign ctrl_key          = pwdata_i[fpb_pkg::CtrlKey];
  assign ctrl_enable_wdata = pwdata_i[fpb_pkg::CtrlEnable];

  // ---- Read data (computed in the setup cycle) ------------------------------------------
  // FP_REMAP, the literal FP_COMPn (NumCode <= n < NumCode+NumLit, [FPB-LIT-1]), FP_COMPn
  // beyond them and every unlisted offset read as zero.
  logic [31:0] rdata;
  // The ID registers (cs_pkg::cs_id_words), read in the read map's last branch.
  localparam logic [1023:0] IdWords = cs_pkg::cs_id_words(
      fpb_pkg::DevArchVal, fpb_pkg::DevTypeVal, fpb_pkg::Pidr4Val, fpb_pkg::Pidr0Val,
      fpb_pkg::Pidr1Val, fpb_pkg::Pidr2Val, fpb_pkg::Pidr3Val);

  // Only in a read's setup cycle (the same AND in hardware as the capture below; the
  // simulation skips the map and the per-comparator loop in every other cycle).
  always_comb begin
    rdata = '0;
    if (setup && !pwrite_i) begin
      if (is_ctrl) begin
        rdata = ctrl_rdata;
      end else begin
        rdata = (paddr_i[11:7] == cs_pkg::IdWin) ? IdWords[32*paddr_i[6:2] +: 32]
                                                 : 32'h0;
        for (int n = 0; n < NumCode; n++) begin
          if (paddr_i[11:2] == (fpb_pkg::OffComp0[11:2] + 10'(n))) begin
            rdata = fp_comp_q[n*32 +: 32];
          end
        end
      end
    end
  end

  // [FPB-APB-1] read data and error are captured at the setup edge, 0 in every other cycle.
  // (rdata is 0 in every cycle but a read's setup cycle)
  assign prdata_d  = rdata;
  assign pslverr_d = setup & err;

  // ---- Register writes -------------------------------------------------------------------
  always_comb begin
    fp_ctrl_enable_d = fp_ctrl_enable_q;
    fp_comp_d        = fp_comp_q;
    // [FPB-KEY-1] a write to FP_CTRL with KEY == 0 is ignored entirely.
    if (wr && is_ctrl && ctrl_key) begin
      fp_ctrl_enable_d = ctrl_enable_wdata;
    end
    // (the per-comparator loop only in a write's access cycle; the same write enables)
    if (wr) begin
      for (int n = 0; n < NumCode; n++) begin
        if (paddr_i[11:2] == (fpb_pkg::OffComp0[11:2] + 10'(n))) begin
          fp_comp_d[n*32 +: 32] = pwdata_i;
        end
      end
    end
  end

  assign enable_o  = fp_ctrl_enable_q;
  assign comp_o    = fp_comp_q;
  assign prdata_o  = prdata_q;
  assign pslverr_o = pslverr_q;

  // FP_COMPn reset: the whole register to 0 (contract section 4; the architecture leaves
  // BPADDR UNKNOWN).
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fp_ctrl_enable_q <= 1'b0;
      fp_comp_q        <= '0;
      prdata_q         <= '0;
      pslverr_q        <= 1'b0;
    end else begin
      fp_ctrl_enable_q <= fp_ctrl_enable_d;
      fp_comp_q        <= fp_comp_d;
      prdata_q         <= prdata_d;
      pslverr_q        <= pslverr_d;
    end
  end

  // Address bits [1:0] and all of pprot are ignored by contract (sections 3 and [FPB-APB-3]).
  logic unused_apb;
  assign unused_apb = ^{paddr_i[1:0], pprot_i};

  // ---- Assertions ------------------------------------------------------------------------
  `CS_ASSERT_INIT(params_A, (NumCode >= 0) && (NumCode <= 32) && (NumLit >= 0) &&
                            (NumLit <= 15))
  `CS_ASSERT_KNOWN(apb_ctrl_known_A, {psel_i, penable_i})
  // ENABLE gates every comparator: it must never be X out of reset.
  `CS_ASSERT_KNOWN(ctrl_enable_known_A, fp_ctrl_enable_q)

endmodule

`default_nettype wire
