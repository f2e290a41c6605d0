// SPDX-License-Identifier: Apache-2.0
// ETM APB4 slave and programmers' model: TRCPRGCTLR, configuration, ViewInst and start/stop
// control, the ID registers and the CoreSight identification.
// Spec: Armv8-M B14.3; docs/etm-contract.md 5 and 12 ([ETM-REG-*], [ETM-EN-1]).

`default_nettype none

`include "cs_assert.svh"

module etm_regs #(
  parameter int RsDepth = 3,   // return-stack entries 0..15 (TRCIDR0.RETSTACK)
  parameter int CcSize  = 12,  // cycle counter width 12..20 (TRCIDR2.CCSIZE)
  parameter int NumPc   = 4,   // PE comparator inputs 0..4 (TRCIDR4.NUMPC)
  parameter int SecExt  = 1,  // Security Extension, 0 or 1
  parameter int HasStall = 0,  // TRCSTALLCTLR, TRCIDR3.STALLCTL [ETM-STALL-1]
  parameter int NumAcPairs = 0, // address comparator pairs (TRCIDR4.NUMACPAIRS) [ETM-ACMP-4]
  parameter int MaxSpec = 0   // TRCIDR8.MAXSPEC 0..16 [ETM-SPEC-1]
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // APB4 slave (pready is constant 1: driven by etm_top; pprot ignored [ETM-IMPL-5])
  input  logic        psel_i,
  input  logic        penable_i,
  input  logic        pwrite_i,
  input  logic [11:0] paddr_i,
  input  logic [31:0] pwdata_i,
  input  logic [3:0]  pstrb_i,
  output logic [31:0] prdata_o,
  output logic        pslverr_o,
  // authentication, for TRCAUTHSTATUS
  input  logic        niden_i,
  input  logic        spniden_i,
  // idle terms [ETM-REG-2]
  input  logic        fifo_empty_i,    // count_q == 0
  input  logic        atoms_empty_i,   // no pending atoms
  // SSSTATUS update by the start/stop logic [ETM-VIEW-1]
  input  logic        ss_we_i,
  input  logic        ss_d_i,
  // programmed state
  output logic        en_o,            // TRCPRGCTLR.EN (EN_q)
  output logic        en_set_o,        // a write of EN = 1 while EN_q = 0, at this edge
  output logic        idle_o,          // TRCSTATR.IDLE
  output logic        cfg_bb_o,
  output logic        cfg_cci_o,
  output logic        cfg_ts_o,
  output logic        cfg_rs_o,
  output logic [7:0]  tsctlr_o,        // [7] TYPE, [4:0] SEL
  output logic [4:0]  syncpr_o,        // PERIOD
  output logic [11:0] ccthr_o,         // TRCCCCTLR.THRESHOLD
  output logic [6:0]  traceid_o,
  output logic [7:0]  victlr_event_o,  // [7] TYPE, [4:0] SEL
  output logic        ss_o,            // TRCVICTLR.SSSTATUS
  output logic [3:0]  start_o,         // TRCVIPCSSCTLR.START (NumPc bits used)
  output logic [3:0]  stop_o,
  output logic [8:0]  stallctlr_o      // TRCSTALLCTLR: [8] ISTALL, [3:0] LEVEL ([7:4] 0)
);

  // ---- Identification values depending on the parameters [contract 12] -------------------
  localparam logic [31:0] Idr0Val = (RsDepth > 0) ? 32'h2800_02A1 : 32'h2800_00A1;
  localparam logic [31:0] Idr2Val = 32'h4 | (32'(CcSize - 12) << 25);
  localparam logic [31:0] Idr3Val = 32'h1 | (32'(SecExt) << 16) | (32'h1 << 20) |
                                    (32'(HasStall != 0) << 26);  // STALLCTL [ETM-STALL-1]
  localparam logic [31:0] Idr4Val = 32'(NumAcPairs) | (32'(NumPc) << 12);
  localparam logic [3:0]  PcMask  = 4'((1 << NumPc) - 1);

  // ---- Registers ---------------------------------------------------------------------------
  logic        en_q, en_d;
  logic [3:0]  cfg_q, cfg_d;        // {RS, TS, CCI, BB}: bits 12, 11, 4, 3 of TRCCONFIGR
  logic [7:0]  tsctlr_q, tsctlr_d;
  logic [4:0]  syncpr_q, syncpr_d;
  logic [11:0] ccthr_q, ccthr_d;
  logic [6:0]  traceid_q, traceid_d;
  logic [7:0]  vievent_q, vievent_d;
  logic        ss_q, ss_d;
  logic [3:0]  start_q, start_d, stop_q, stop_d;
  logic [31:0] prdata_q, prdata_d;
  logic        pslverr_q, pslverr_d;

  // ---- Address decode ------------------------------------------------------------------
  logic setup, access, err, wr, idle, cwr;

  logic unused_paddr;
  assign unused_paddr = ^paddr_i[1:0];   // word registers: paddr_i[1:0] ignored
  assign setup  = psel_i & ~penable_i;
  assign access = psel_i & penable_i;
  // [ETM-REG-*] as [TPIU-APB-2]: only a write with a partial strobe errors; it has no effect.
  assign err    = pwrite_i & (pstrb_i != 4'hF);
  assign wr     = access & pwrite_i & (pstrb_i == 4'hF);
  // [ETM-REG-2]
  assign idle   = ~en_q & fifo_empty_i & atoms_empty_i;
  // [ETM-REG-1] configuration writes only while idle in the access cycle
  assign cwr    = wr & idle;

  // ---- Read values ---------------------------------------------------------------------
  logic [31:0] configr_rd, victlr_rd, vipcss_rd, auth_rd;
  logic [1:0]  snid;

  assign configr_rd = (32'(cfg_q[0]) << etm_pkg::CfgBb) | (32'(cfg_q[1]) << etm_pkg::CfgCci) |
                      (32'(cfg_q[2]) << etm_pkg::CfgTs) | (32'(cfg_q[3]) << etm_pkg::CfgRs);
  assign victlr_rd  = {22'h0, ss_q, 1'b0, vievent_q};
  assign vipcss_rd  = {12'h0, stop_q, 12'h0, start_q};
  assign snid       = (SecExt != 0) ? ((niden_i && spniden_i) ? 2'b11 : 2'b10) : 2'b00;
  assign auth_rd    = {24'h0, snid, 2'b00, (niden_i ? 2'b11 : 2'b10), 2'b00};

  logic [31:0] rdata;
  // The ID registers (cs_pkg::cs_id_words), read in the read map's default branch.
  localparam logic [1023:0] IdWords = cs_pkg::cs_id_words(
      etm_pkg::DevarchVal, etm_pkg::DevtypeVal, etm_pkg::Pidr4Val, etm_pkg::Pidr0Val,
      etm_pkg::Pidr1Val, etm_pkg::Pidr2Val, etm_pkg::Pidr3Val);

  always_comb begin
    rdata = '0;
    unique case (paddr_i[11:2])
      etm_pkg::OffPrgctlr[11:2]:    rdata = {31'h0, en_q};
      etm_pkg::OffStatr[11:2]:      rdata = {30'h0, idle, idle};
      etm_pkg::OffConfigr[11:2]:    rdata = configr_rd;
      etm_pkg::OffStallctlr[11:2]:  rdata = {23'h0, stallctlr_q};
      etm_pkg::OffTsctlr[11:2]:     rdata = {24'h0, tsctlr_q};
      etm_pkg::OffSyncpr[11:2]:     rdata = {27'h0, syncpr_q};
      etm_pkg::OffCcctlr[11:2]:     rdata = {20'h0, ccthr_q};
      etm_pkg::OffTraceidr[11:2]:   rdata = {25'h0, traceid_q};
      etm_pkg::OffVictlr[11:2]:     rdata = victlr_rd;
      etm_pkg::OffVipcssctlr[11:2]: rdata = vipcss_rd;
      etm_pkg::OffIdr0[11:2]:       rdata = Idr0Val;
      etm_pkg::OffIdr1[11:2]:       rdata = etm_pkg::Idr1Val;
      etm_pkg::OffIdr2[11:2]:       rdata = Idr2Val;
      etm_pkg::OffIdr3[11:2]:       rdata = Idr3Val;
      etm_pkg::OffIdr4[11:2]:       rdata = Idr4Val;
      etm_pkg::OffIdr5[11:2]:       rdata = etm_pkg::Idr5Val;
      etm_pkg::OffIdr8[11:2]:       rdata = 32'(MaxSpec);    // [ETM-SPEC-1]
      etm_pkg::OffPdsr[11:2]:       rdata = 32'h1;
      etm_pkg::OffAuthstatus[11:2]: rdata = auth_rd;
      // The ID registers; TRCIDR6..13, TRCOSLSR, TRCDEVID and everything not implemented: RAZ.
      default: rdata = (paddr_i[11:7] == cs_pkg::IdWin) ? IdWords[32*paddr_i[6:2] +: 32]
                                                        : 32'h0;
    endcase
  end

  // [ITM-APB-1] read data and error captured at the setup edge, 0 in every other cycle.
  assign prdata_d  = (setup && !pwrite_i) ? rdata : 32'h0;
  assign pslverr_d = setup & err;

  // ---- Register writes -----------------------------------------------------------------
  logic is_prg, syncpr_ok;

  assign is_prg    = (paddr_i[11:2] == etm_pkg::OffPrgctlr[11:2]);
  assign syncpr_ok = (pwdata_i[31:0] == 32'h0) ||
                     ((pwdata_i[31:5] == 27'h0) && (pwdata_i[4:0] >= 5'd8) &&
                      (pwdata_i[4:0] <= 5'd20));

  // [ETM-REG-1] TRCPRGCTLR writable at any time; [ETM-EN-1] the enabling write.
  assign en_d     = (wr && is_prg) ? pwdata_i[0] : en_q;
  assign en_set_o = wr & is_prg & pwdata_i[0] & ~en_q;

  assign cfg_d = (cwr && paddr_i[11:2] == etm_pkg::OffConfigr[11:2]) ?
                 {pwdata_i[etm_pkg::CfgRs] & (RsDepth > 0), pwdata_i[etm_pkg::CfgTs],
                  pwdata_i[etm_pkg::CfgCci], pwdata_i[etm_pkg::CfgBb]} : cfg_q;
  assign tsctlr_d  = (cwr && paddr_i[11:2] == etm_pkg::OffTsctlr[11:2]) ?
                     {pwdata_i[7], 2'b00, pwdata_i[4:0]} : tsctlr_q;
  // TRCSYNCPR: 0 or 8..20 stored, any other value ignored
  assign syncpr_d  = (cwr && paddr_i[11:2] == etm_pkg::OffSyncpr[11:2] && syncpr_ok) ?
                     pwdata_i[4:0] : syncpr_q;
  assign ccthr_d   = (cwr && paddr_i[11:2] == etm_pkg::OffCcctlr[11:2]) ?
                     pwdata_i[11:0] : ccthr_q;
  assign traceid_d = (cwr && paddr_i[11:2] == etm_pkg::OffTraceidr[11:2]) ?
                     pwdata_i[6:0] : traceid_q;
  assign vievent_d = (cwr && paddr_i[11:2] == etm_pkg::OffVictlr[11:2]) ?
                     {pwdata_i[7], 2'b00, pwdata_i[4:0]} : vievent_q;
  // SSSTATUS: programmed while idle, else moved by the start/stop logic (EN_q = 1 only, so
  // the two never coincide).
  assign ss_d = (cwr && paddr_i[11:2] == etm_pkg::OffVictlr[11:2]) ? pwdata_i[9] :
                ss_we_i ? ss_d_i : ss_q;
  assign start_d = (cwr && paddr_i[11:2] == etm_pkg::OffVipcssctlr[11:2]) ?
                   (pwdata_i[3:0] & PcMask) : start_q;
  assign stop_d  = (cwr && paddr_i[11:2] == etm_pkg::OffVipcssctlr[11:2]) ?
                   (pwdata_i[19:16] & PcMask) : stop_q;

  // [ETM-STALL-2] TRCSTALLCTLR: LEVEL and ISTALL, a configuration register ([ETM-REG-1]);
  // RAZ/WI with HasStall = 0
  logic [8:0] stallctlr_q, stallctlr_d;

  assign stallctlr_d = (HasStall != 0 && cwr &&
                        paddr_i[11:2] == etm_pkg::OffStallctlr[11:2]) ?
                       {pwdata_i[8], 4'h0, pwdata_i[3:0]} : stallctlr_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      stallctlr_q <= '0;
    end else begin
      stallctlr_q <= stallctlr_d;
    end
  end

  assign stallctlr_o = stallctlr_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      en_q      <= 1'b0;
      cfg_q     <= '0;
      tsctlr_q  <= '0;
      syncpr_q  <= '0;
      ccthr_q   <= '0;
      traceid_q <= '0;
      vievent_q <= 8'h01;
      ss_q      <= 1'b1;
      start_q   <= '0;
      stop_q    <= '0;
      prdata_q  <= '0;
      pslverr_q <= 1'b0;
    end else begin
      en_q      <= en_d;
      cfg_q     <= cfg_d;
      tsctlr_q  <= tsctlr_d;
      syncpr_q  <= syncpr_d;
      ccthr_q   <= ccthr_d;
      traceid_q <= traceid_d;
      vievent_q <= vievent_d;
      ss_q      <= ss_d;
      start_q   <= start_d;
      stop_q    <= stop_d;
      prdata_q  <= prdata_d;
      pslverr_q <= pslverr_d;
    end
  end

  assign prdata_o       = prdata_q;
  assign pslverr_o      = pslverr_q;
  assign en_o           = en_q;
  assign idle_o         = idle;
  assign cfg_bb_o       = cfg_q[0];
  assign cfg_cci_o      = cfg_q[1];
  assign cfg_ts_o       = cfg_q[2];
  assign cfg_rs_o       = cfg_q[3];
  assign tsctlr_o       = tsctlr_q;
  assign syncpr_o       = syncpr_q;
  assign ccthr_o        = ccthr_q;
  assign traceid_o      = traceid_q;
  assign victlr_event_o = vievent_q;
  assign ss_o           = ss_q;
  assign start_o        = start_q;
  assign stop_o         = stop_q;

  // ---- Assertions ------------------------------------------------------------------------
  `CS_ASSERT_INIT(RsDepthRange_A, RsDepth >= 0 && RsDepth <= 15)
  `CS_ASSERT_INIT(CcSizeRange_A, CcSize >= 12 && CcSize <= 20)
  `CS_ASSERT_INIT(NumPcRange_A, NumPc >= 0 && NumPc <= 4)
  `CS_ASSERT(SsOnlyWhileEnabled_A, !(ss_we_i && cwr))

endmodule
