// SPDX-License-Identifier: Apache-2.0
// ETM address range comparators: TRCACVRn/TRCACATRn, TRCVIIECTLR (ViewInst include/exclude
// ranges) and TRCBBCTLR (branch broadcasting ranges), with their APB reads.
// Spec: docs/etm-contract.md 20 ([ETM-ACMP-*], [ETM-VIEW-3], [ETM-BB-2]).

`default_nettype none

`include "cs_assert.svh"

module etm_acmp #(
  parameter int NumAcPairs = 0   // address range comparator pairs 0..4 [ETM-ACMP-1]
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // APB4 (decode of this module's registers; pslverr and pready are etm_regs'/etm_top's)
  input  logic        psel_i,
  input  logic        penable_i,
  input  logic        pwrite_i,
  input  logic [11:2] paddr_i,     // word address
  input  logic [31:0] pwdata_i,
  input  logic [3:0]  pstrb_i,
  input  logic        idle_i,      // TRCSTATR.IDLE: configuration writes only while idle
  output logic [31:0] prdata_o,    // read data of these registers (0 elsewhere), registered
  // the event's address A of contract 6
  input  logic        exc_valid_i,
  input  logic [31:0] pe_addr_i,
  input  logic [31:0] exc_ret_i,
  output logic [((NumAcPairs > 0) ? NumAcPairs : 1)-1:0] acmp_in_o,  // in_range[k] (TRCQCTLR hook)
  output logic        view_ok_o,   // [ETM-VIEW-3] inc_ok && !exc_hit
  output logic        bb_in_o      // [ETM-BB-2]
);

  localparam int NP = (NumAcPairs > 0) ? NumAcPairs : 1;
  localparam int NC = 2 * NP;

  logic [31:0] acvr_q [NC];
  logic [NP-1:0] inc_q, exc_q, rng_q;
  logic          mode_q;
  logic [31:0]   prdata_q, rdata;
  logic          wr;
  logic [31:0]   a;
  logic [NP-1:0] hit;

  assign wr = psel_i & penable_i & pwrite_i & (pstrb_i == 4'hF) & idle_i;   // [ETM-REG-1]
  assign a  = (exc_valid_i ? exc_ret_i : pe_addr_i) & 32'hFFFF_FFFE;

  // [ETM-ACMP-3] base <= A <= limit, both bounds included
  always_comb begin
    for (int k = 0; k < NP; k++) begin
      hit[k] = (NumAcPairs > 0) && (acvr_q[2*k] <= a) && (a <= acvr_q[2*k+1]);
    end
  end

  assign acmp_in_o = hit;
  assign view_ok_o = ((inc_q == '0) || ((inc_q & hit) != '0)) && ((exc_q & hit) == '0);
  assign bb_in_o   = mode_q ? ((rng_q & hit) != '0) : ((rng_q & hit) == '0);

  // reads [ETM-ACMP-2]: TRCACVRn[31:0] for n < 2*NumAcPairs; [63:32] and TRCACATRn RAZ
  always_comb begin
    rdata = '0;
    if (NumAcPairs > 0) begin
      if (paddr_i[11:2] == 10'(12'h084 >> 2)) rdata = {8'h0, 8'(exc_q), 8'h0, 8'(inc_q)};
      if (paddr_i[11:2] == 10'(12'h03C >> 2)) rdata = {23'h0, mode_q, 8'(rng_q)};
      for (int n = 0; n < NC; n++) begin
        if (n < 2 * NumAcPairs && paddr_i[11:2] == 10'((12'h400 + 12'(8 * n)) >> 2))
          rdata = acvr_q[n];
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int n = 0; n < NC; n++) acvr_q[n] <= '0;
      inc_q    <= '0;
      exc_q    <= '0;
      rng_q    <= '0;
      mode_q   <= 1'b0;
      prdata_q <= '0;
    end else begin
      prdata_q <= (psel_i && !penable_i && !pwrite_i) ? rdata : 32'h0;   // [ITM-APB-1]
      if (wr && NumAcPairs > 0) begin
        if (paddr_i[11:2] == 10'(12'h084 >> 2)) begin
          inc_q <= pwdata_i[NP-1:0];
          exc_q <= pwdata_i[16 +: NP];
        end
        if (paddr_i[11:2] == 10'(12'h03C >> 2)) begin
          rng_q  <= pwdata_i[NP-1:0];
          mode_q <= pwdata_i[8];
        end
        for (int n = 0; n < NC; n++) begin
          if (n < 2 * NumAcPairs && paddr_i[11:2] == 10'((12'h400 + 12'(8 * n)) >> 2))
            acvr_q[n] <= pwdata_i;
        end
      end
    end
  end

  assign prdata_o = prdata_q;

  `CS_ASSERT_INIT(NumAcPairsRange_A, NumAcPairs >= 0 && NumAcPairs <= 4)

endmodule
