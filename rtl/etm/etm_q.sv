// SPDX-License-Identifier: Apache-2.0
// ETM Q elements: the registers (TRCCONFIGR.QE, TRCQCTLR, TRCIDR0.QSUPP/QFILT), Q mode and
// the per-event TRCQCTLR range decision. The generation itself is in etm_gen (its blocks
// marked [ETM-Q-*]).
// Spec: docs/etm-contract.md 20 ([ETM-Q-1], [ETM-Q-2], [ETM-Q-9]).

`default_nettype none

`include "cs_assert.svh"

module etm_q #(
  parameter int QSupp      = 0,   // 1: Q elements with instruction counts [ETM-Q-1]
  parameter int NumAcPairs = 0    // address range comparator pairs 0..4 [ETM-ACMP-1]
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // APB4 (decode of this module's register bits; pslverr and pready are etm_regs'/etm_top's)
  input  logic        psel_i,
  input  logic        penable_i,
  input  logic        pwrite_i,
  input  logic [11:2] paddr_i,     // word address
  input  logic [31:0] pwdata_i,
  input  logic [3:0]  pstrb_i,
  input  logic        idle_i,      // TRCSTATR.IDLE: configuration writes only while idle
  output logic [31:0] prdata_o,    // these bits of TRCCONFIGR, TRCQCTLR, TRCIDR0 (else 0)
  // mode and ranges
  input  logic        cfg_bb_i,    // TRCCONFIGR.BB (branch broadcasting wins, [ETM-Q-2])
  input  logic [((NumAcPairs > 0) ? NumAcPairs : 1)-1:0] acmp_in_i,  // in_range[k]
  output logic        q_on_o,      // [ETM-Q-2] Q mode
  output logic        q_in_o       // [ETM-Q-9] Q elements permitted at the event's address
);

  localparam int NP = (NumAcPairs > 0) ? NumAcPairs : 1;
  localparam bit HasQ = (QSupp != 0);
  localparam bit HasFilt = (QSupp != 0) && (NumAcPairs > 0);

  localparam logic [11:0] OffConfigr = 12'h010;
  localparam logic [11:0] OffQctlr   = 12'h044;
  localparam logic [11:0] OffIdr0    = 12'h1E0;

  logic          qe_q;      // TRCCONFIGR.QE bit 13 (bit 14 RES0) [ETM-Q-1]
  logic [NP-1:0] rng_q;     // TRCQCTLR.RANGE [ETM-Q-9]
  logic          mode_q;    // TRCQCTLR.MODE: 1 include, 0 exclude
  logic [31:0]   prdata_q, rdata;
  logic          wr, hit;
  logic          unused_pwdata;

  assign unused_pwdata = ^{pwdata_i[31:14], pwdata_i[12:9], pwdata_i[7:0]};   // RES0 bits

  assign wr = psel_i & penable_i & pwrite_i & (pstrb_i == 4'hF) & idle_i;   // [ETM-REG-1]

  // [ETM-Q-2] Q mode; [ETM-Q-9] include: some selected range holds A, exclude: none does
  assign hit    = HasFilt && ((rng_q & acmp_in_i) != '0);
  assign q_on_o = HasQ && qe_q && !cfg_bb_i;
  assign q_in_o = mode_q ? hit : !hit;

  always_comb begin
    rdata = '0;
    if (HasQ) begin
      if (paddr_i[11:2] == OffConfigr[11:2]) rdata = {18'h0, qe_q, 13'h0};
      if (paddr_i[11:2] == OffIdr0[11:2])    rdata = {16'h0, 1'b1, HasFilt, 14'h0};
      if (HasFilt && paddr_i[11:2] == OffQctlr[11:2]) rdata = {23'h0, mode_q, 8'(rng_q)};
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      qe_q     <= 1'b0;
      rng_q    <= '0;
      mode_q   <= 1'b0;
      prdata_q <= '0;
    end else begin
      prdata_q <= (psel_i && !penable_i && !pwrite_i) ? rdata : 32'h0;   // [ITM-APB-1]
      if (wr && HasQ && paddr_i[11:2] == OffConfigr[11:2]) qe_q <= pwdata_i[13];
      if (wr && HasFilt && paddr_i[11:2] == OffQctlr[11:2]) begin
        rng_q  <= pwdata_i[NP-1:0];
        mode_q <= pwdata_i[8];
      end
    end
  end

  assign prdata_o = prdata_q;

  `CS_ASSERT_INIT(QSuppRange_A, QSupp == 0 || QSupp == 1)

endmodule
