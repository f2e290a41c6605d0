// SPDX-License-Identifier: Apache-2.0
// Formal properties of the FPB (fpb_top): the APB slave rules and the comparator timing.
// Spec: docs/fpb-contract.md sections 4 ([FPB-KEY-1], [FPB-LIT-1], [FPB-APB-1..3]), 5
// ([FPB-MATCH-1..4]) and 6 ([FPB-TIME-1]).
//
// A wrapper: every fpb_top input is free, constrained only by a legal APB master (_M). The
// fv_* wires are driven by formal/run.sh (formal/jobs.txt) from the FPB's registers.

`default_nettype none

module fpb_top_fv #(
  parameter int NumCode    = 8,
  parameter int NumLit     = 0,
  parameter int BothHalves = 1,
  parameter int SecExt     = 1,
  parameter int Ude        = 1
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        psel_i,
  input  logic        penable_i,
  input  logic        pwrite_i,
  input  logic [11:0] paddr_i,
  input  logic [31:0] pwdata_i,
  input  logic [3:0]  pstrb_i,
  input  logic [2:0]  pprot_i,
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
  input  logic        mon_prio_i
);

  localparam int NumCodeW = (NumCode > 0) ? NumCode : 1;

  logic [31:0] prdata;
  logic        pready, pslverr, match, bkpt_halt, bkpt_mon;

  fpb_top #(
    .NumCode    (NumCode),
    .NumLit     (NumLit),
    .BothHalves (BothHalves),
    .SecExt     (SecExt),
    .Ude        (Ude)
  ) u_dut (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .psel_i      (psel_i),
    .penable_i   (penable_i),
    .pwrite_i    (pwrite_i),
    .paddr_i     (paddr_i),
    .pwdata_i    (pwdata_i),
    .pstrb_i     (pstrb_i),
    .pprot_i     (pprot_i),
    .prdata_o    (prdata),
    .pready_o    (pready),
    .pslverr_o   (pslverr),
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
    .match_o     (match),
    .bkpt_halt_o (bkpt_halt),
    .bkpt_mon_o  (bkpt_mon)
  );

  // Internal state, driven by formal/run.sh.
  logic                   fv_enable;  // u_regs.fp_ctrl_enable_q
  logic [NumCodeW*32-1:0] fv_comp;    // u_regs.fp_comp_q, FP_COMPn at [32n +: 32]

  // ---- Environment -----------------------------------------------------------------------
`include "apb_props.svh"


  // ---- Expected values (contract sections 4 and 5) ---------------------------------------
  logic [31:0] f_rdata;
  logic [6:0]  f_nc;
  logic [3:0]  f_nl;
  assign f_nc = 7'(NumCode);
  assign f_nl = 4'(NumLit);

  always_comb begin
    f_rdata = 32'h0;
    case (paddr_i[11:2])
      10'h000: f_rdata = {4'h1, 13'h0, f_nc[6:4], f_nl, f_nc[3:0], 3'b000, fv_enable};
      10'h3EF: f_rdata = 32'h4770_1A03;                      // DEVARCH
      10'h3F4: f_rdata = 32'h04;                             // PIDR4
      10'h3F8: f_rdata = 32'h21;
      10'h3F9: f_rdata = 32'hBD;
      10'h3FA: f_rdata = 32'h0B;
      10'h3FC: f_rdata = 32'h0D;
      10'h3FD: f_rdata = 32'h90;
      10'h3FE: f_rdata = 32'h05;
      10'h3FF: f_rdata = 32'hB1;
      default: f_rdata = 32'h0;                              // REMAP, literals, DEVTYPE: 0
    endcase
    for (int n = 0; n < NumCode; n++) begin
      if (paddr_i[11:2] == 10'(2 + n)) begin
        f_rdata = fv_comp[32*n +: 32];                       // FP_COMPn
      end
    end
  end

  // [FPB-MATCH-1..4]: some enabled comparator on the fetched halfword (or, BothHalves, on the
  // second halfword of a 32-bit instruction).
  logic f_match;
  logic [30:0] f_a, f_a2;
  assign f_a  = if_addr_i[31:1];
  assign f_a2 = f_a + 31'd1;
  always_comb begin
    f_match = 1'b0;
    for (int n = 0; n < NumCode; n++) begin
      if (fv_comp[32*n] && ((fv_comp[32*n+1 +: 31] == f_a) ||
                            ((BothHalves != 0) && if_size32_i && (fv_comp[32*n+1 +: 31] == f_a2)))) begin
        f_match = 1'b1;
      end
    end
    f_match = f_match && fv_enable && if_valid_i && (if_kind_i == 2'd0);
  end

  // Cycle t-1's values beyond the APB's.
  logic        p_match, p_enable;
  logic [31:0] p_rdata;
  logic [NumCodeW*32-1:0] p_comp;

  always_ff @(posedge clk_i) begin
    p_rdata  <= f_rdata;
    p_match  <= f_match;
    p_enable <= fv_enable;
    p_comp   <= fv_comp;
  end

  // ---- Properties ------------------------------------------------------------------------
  logic wr_ok;
  assign wr_ok = p_access && p_pwrite && (p_pstrb == 4'hF);

  always @(posedge clk_i) begin
    if (rst_ni) begin
      // [FPB-TIME-1] halt and DebugMonitor exclusive, both only on a match
      excl_A:       assert (!(bkpt_halt && bkpt_mon) && (!bkpt_halt || match) && (!bkpt_mon || match));
      if (f_past) begin
        // [FPB-APB-1] read data of the setup cycle, 0 in every other cycle (PREADY: apb_props)
        prdata_A:   assert (prdata == ((p_setup && !p_pwrite) ? p_rdata : 32'h0));
        // [FPB-APB-2] an error only for a write with a partial strobe; pprot ignored
        pslverr_A:  assert (pslverr == (p_setup && p_pwrite && (p_pstrb != 4'hF)));
        // no register change without its write: ENABLE only with KEY [FPB-KEY-1], FP_COMPn
        // only by a word write to it (literal comparators are RAZ/WI [FPB-LIT-1])
        enable_A:   assert ((fv_enable == p_enable) ||
                            (wr_ok && (p_paddr[11:2] == 10'h000) && p_pwdata[1] &&
                             (fv_enable == p_pwdata[0])));
        for (int n = 0; n < NumCode; n++) begin
          assert ((fv_comp[32*n +: 32] == p_comp[32*n +: 32]) ||
                  (wr_ok && (p_paddr[11:2] == 10'(2 + n)) && (fv_comp[32*n +: 32] == p_pwdata)));
        end
        // [FPB-TIME-1] match_o shows the previous cycle's match
        match_A:    assert (match == p_match);
      end
    end
  end

endmodule

`default_nettype wire
