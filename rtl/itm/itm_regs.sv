// SPDX-License-Identifier: Apache-2.0
// ITM APB4 slave and programmers' model: ITM_STIMn/TERn/TPR/TCR and the ID registers.
// Spec: Armv8-M B14.1.2 (ITM operation); docs/itm-contract.md sections 4, 5 and 6.

`default_nettype none

`include "cs_assert.svh"

module itm_regs #(
  parameter int NumStimPorts  = 64,  // implemented ITM_STIMn, multiple of 8, 8..256
  parameter int StimFifoDepth = 4    // stimulus buffer entries (FIFOREADY threshold)
) (
  input  logic                               clk_i,
  input  logic                               rst_ni,
  // APB4 slave (pready is constant 1: driven by itm_top)
  input  logic                               psel_i,
  input  logic                               penable_i,
  input  logic                               pwrite_i,
  input  logic [11:0]                        paddr_i,
  input  logic [31:0]                        pwdata_i,
  input  logic [3:0]                         pstrb_i,
  input  logic [2:0]                         pprot_i,
  output logic [31:0]                        prdata_o,
  output logic                               pslverr_o,
  // authentication and DEMCR.TRCENA
  input  logic                               trcena_i,
  input  logic                               niden_i,
  input  logic                               spniden_i,
  input  logic                               pe_secure_i,
  // status shown in reads
  input  logic [$clog2(StimFifoDepth+1)-1:0] stim_count_i,
  input  logic                               busy_i,
  // derived enables (contract section 6) and edge events of an ITM_TCR write
  output logic                               itm_on_o,        // ITMENA && TRCENA (tcr_q)
  output logic                               auth_pe_o,       // trace allowed in PE state
  output logic                               sync_en_rise_o,  // itm_on && SYNCENA 0 -> 1
  output logic                               gts_en_rise_o,   // itm_on && GTSFREQ != 0 0 -> 1
  // ITM_TCR fields (register value)
  output logic                               syncena_o,
  output logic                               tsena_o,
  output logic                               txena_o,
  output logic                               swoena_o,
  output logic [1:0]                         tsprescale_o,
  output logic [1:0]                         gtsfreq_o,
  output logic [6:0]                         trace_bus_id_o,
  // accepted stimulus write (contract section 6), valid at its access edge
  output logic                               stim_req_o,
  output logic [7:0]                         stim_port_o,
  output logic [1:0]                         stim_ss_o,
  output logic [31:0]                        stim_data_o
);

  localparam int NumTer   = (NumStimPorts + 31) / 32;  // implemented ITM_TERk
  localparam int NumGrp   = NumStimPorts / 8;          // ITM_TPR.PRIVMASK bits
  localparam int CntWidth = $clog2(StimFifoDepth + 1);

  // ---- Registers -------------------------------------------------------------------------
  logic [31:0]             tcr_q, tcr_d;
  logic [NumStimPorts-1:0] ter_q, ter_d;
  logic [NumGrp-1:0]       tpr_q, tpr_d;
  logic [31:0]             prdata_q, prdata_d;
  logic                    pslverr_q, pslverr_d;

  // Views padded to the architectural maximum (256 ports, 32 groups); padding reads 0.
  logic [255:0] ter_pad;
  logic [31:0]  tpr_pad;

  assign ter_pad = 256'(ter_q);
  assign tpr_pad = 32'(tpr_q);

  // ---- Address decode --------------------------------------------------------------------
  logic       setup, access, priv;
  logic       in_stim, stim_impl, ter_impl, is_tpr, is_tcr;
  logic [7:0] stim_n;
  logic [2:0] ter_k;
  logic       strb_ok, err, wr;

  assign setup     = psel_i & ~penable_i;
  assign access    = psel_i & penable_i;
  assign priv      = pprot_i[0];
  assign stim_n    = paddr_i[9:2];
  assign ter_k     = paddr_i[4:2];
  // The whole 0x000..0x3FC window is the ITM_STIMn space; ports >= NumStimPorts are RAZ/WI.
  assign in_stim   = (paddr_i[11:10] == 2'b00);
  assign stim_impl = in_stim & ({1'b0, stim_n} < 9'(NumStimPorts));
  assign ter_impl  = (paddr_i[11:5] == itm_pkg::OffTer[11:5]) & ({1'b0, ter_k} < 4'(NumTer));
  assign is_tpr    = (paddr_i[11:2] == itm_pkg::OffTpr[11:2]);
  assign is_tcr    = (paddr_i[11:2] == itm_pkg::OffTcr[11:2]);

  // [ITM-APB-3] STIM accepts byte, halfword and word strobes; everything else needs 0xF.
  assign strb_ok = in_stim ? ((pstrb_i == 4'h1) | (pstrb_i == 4'h3) | (pstrb_i == 4'hF)) :
                             (pstrb_i == 4'hF);
  assign err     = pwrite_i & ~strb_ok;
  // [ITM-APB-2] a write takes effect at the access edge; an erroring write has no effect.
  assign wr      = access & pwrite_i & strb_ok;

  // ---- Read data (computed in the setup cycle) ------------------------------------------
  logic [31:0] rdata;

  // The ID registers (cs_pkg::cs_id_words), read in the read map's last branch.
  localparam logic [1023:0] IdWords = cs_pkg::cs_id_words(
      itm_pkg::DevArchVal, itm_pkg::DevTypeVal, itm_pkg::Pidr4Val, itm_pkg::Pidr0Val,
      itm_pkg::Pidr1Val, itm_pkg::Pidr2Val, itm_pkg::Pidr3Val);

  // Only in a read's setup cycle (the same AND in hardware as the capture below; the
  // simulation skips the map in every other cycle).
  always_comb begin
    rdata = '0;
    if (setup && !pwrite_i) begin
      if (stim_impl) begin
        if (tcr_q[itm_pkg::TcrItmEna] && ter_pad[stim_n]) begin
          rdata[0] = (stim_count_i < CntWidth'(StimFifoDepth));  // FIFOREADY
        end else begin
          rdata[1] = 1'b1;                                       // DISABLED
        end
      end else if (ter_impl) begin
        for (int k = 0; k < NumTer; k++) begin
          if (ter_k == 3'(k)) begin
            rdata = ter_pad[k*32 +: 32];
          end
        end
      end else if (is_tpr) begin
        rdata = tpr_pad;
      end else if (is_tcr) begin
        rdata                   = tcr_q;
        rdata[itm_pkg::TcrBusy] = busy_i;
      end else begin
        rdata = (paddr_i[11:7] == cs_pkg::IdWin) ? IdWords[32*paddr_i[6:2] +: 32]
                                                 : 32'h0;
      end
    end
  end

  // [ITM-APB-1] read data and error are captured at the setup edge, 0 in every other cycle.
  // (rdata is 0 in every cycle but a read's setup cycle)
  assign prdata_d  = rdata;
  assign pslverr_d = setup & err;

  // ---- Register writes -------------------------------------------------------------------
  // [ITM-APB-5] unprivileged writes to TPR/TCR are ignored; to TER they only reach ports of
  // groups with TPR[g] == 0.
  // Only in a write's access cycle (wr), and the per-port TER loop only for a TER write: the
  // simulation skips them in every other cycle; in hardware the same write enables.
  always_comb begin
    tcr_d = tcr_q;
    tpr_d = tpr_q;
    ter_d = ter_q;
    if (wr) begin
      if (priv && is_tcr) begin
        tcr_d = pwdata_i & itm_pkg::TcrWrMask;
      end
      if (priv && is_tpr) begin
        tpr_d = pwdata_i[NumGrp-1:0];
      end
      if (ter_impl) begin
        for (int p = 0; p < NumStimPorts; p++) begin
          if ((ter_k == 3'(p / 32)) && (priv || !tpr_q[p/8])) begin
            ter_d[p] = pwdata_i[p%32];
          end
        end
      end
    end
  end

  // ---- Stimulus write acceptance (contract section 6) ------------------------------------
  logic stim_auth;

  // [ITM-STIM-2] authentication of the write's own security state (pprot[1] = Non-secure).
  assign stim_auth  = pprot_i[1] ? niden_i : spniden_i;
  assign stim_req_o = wr & stim_impl &
                      tcr_q[itm_pkg::TcrItmEna] & ter_pad[stim_n] &  // [ITM-STIM-1]
                      trcena_i & stim_auth &                         // [ITM-STIM-2]
                      (priv | ~tpr_pad[stim_n[7:3]]);                // [ITM-STIM-3]
  assign stim_port_o = stim_n;

  always_comb begin
    unique case (pstrb_i)
      4'h1: begin
        stim_ss_o   = itm_pkg::Ss1;
        stim_data_o = {24'h0, pwdata_i[7:0]};
      end
      4'h3: begin
        stim_ss_o   = itm_pkg::Ss2;
        stim_data_o = {16'h0, pwdata_i[15:0]};
      end
      default: begin
        stim_ss_o   = itm_pkg::Ss4;
        stim_data_o = pwdata_i;
      end
    endcase
  end

  // ---- Derived enables -------------------------------------------------------------------
  assign itm_on_o       = tcr_q[itm_pkg::TcrItmEna] & trcena_i;                  // [ITM-EN-1]
  assign auth_pe_o      = pe_secure_i ? spniden_i : niden_i;                     // [ITM-AUTH-1]
  // [ITM-SYNC-1] [ITM-GTS-1] "first enabled": the enable is on in this cycle, off in the last.
  logic sync_on, sync_on_q, gts_en, gts_en_q;
  assign sync_on        = itm_on_o & tcr_q[itm_pkg::TcrSyncEna];
  assign gts_en         = itm_on_o & (tcr_q[itm_pkg::TcrGtsFreqLsb +: 2] != 2'b00);
  assign sync_en_rise_o = sync_on & ~sync_on_q;
  assign gts_en_rise_o  = gts_en & ~gts_en_q;

  assign tsena_o        = tcr_q[itm_pkg::TcrTsEna];
  assign txena_o        = tcr_q[itm_pkg::TcrTxEna];
  assign swoena_o       = tcr_q[itm_pkg::TcrSwoEna];
  assign tsprescale_o   = tcr_q[itm_pkg::TcrTsPrescLsb +: 2];
  assign gtsfreq_o      = tcr_q[itm_pkg::TcrGtsFreqLsb +: 2];
  assign trace_bus_id_o = tcr_q[itm_pkg::TcrBusIdLsb +: 7];
  assign syncena_o      = tcr_q[itm_pkg::TcrSyncEna];

  assign prdata_o  = prdata_q;
  assign pslverr_o = pslverr_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tcr_q     <= '0;
      ter_q     <= '0;
      tpr_q     <= '0;
      prdata_q  <= '0;
      pslverr_q <= 1'b0;
      sync_on_q <= 1'b0;
      gts_en_q  <= 1'b0;
    end else begin
      tcr_q     <= tcr_d;
      ter_q     <= ter_d;
      tpr_q     <= tpr_d;
      prdata_q  <= prdata_d;
      pslverr_q <= pslverr_d;
      sync_on_q <= sync_on;
      gts_en_q  <= gts_en;
    end
  end

  // Address bits [1:0] and pprot[2] are ignored by contract (section 3).
  logic unused_apb;
  assign unused_apb = ^{paddr_i[1:0], pprot_i[2]};

  // ---- Assertions ------------------------------------------------------------------------
  `CS_ASSERT_INIT(params_A, (NumStimPorts >= 8) && (NumStimPorts <= 256) &&
                            (NumStimPorts % 8 == 0) && (StimFifoDepth >= 1) &&
                            (StimFifoDepth <= 16))
  `CS_ASSERT(tcr_mask_A, (tcr_q & ~itm_pkg::TcrWrMask) == 32'h0)
  `CS_ASSERT_KNOWN(apb_ctrl_known_A, {psel_i, penable_i})

endmodule

`default_nettype wire
