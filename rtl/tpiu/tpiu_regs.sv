// SPDX-License-Identifier: Apache-2.0
// TPIU APB4 slave and programmers' model: port size, prescaler, protocol, formatter and
// flush control, periodic synchronization control, ID registers; the manual flush FSM.
// Spec: Armv8-M B14.4 (TPIU); docs/tpiu-contract.md sections 4 and 8.

`default_nettype none

module tpiu_regs #(
  parameter int PortWidth    = 4,  // TRACEDATA pins: 1, 2, 4, 8
  parameter int AtbFifoDepth = 4   // ATB input buffer entries: 2, 4, 8, 16 (DEVID.FIFOSZ)
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // APB4 slave (pready is constant 1: driven by tpiu_top)
  input  logic        psel_i,
  input  logic        penable_i,
  input  logic        pwrite_i,
  input  logic [11:0] paddr_i,
  input  logic [31:0] pwdata_i,
  input  logic [3:0]  pstrb_i,
  input  logic [2:0]  pprot_i,
  output logic [31:0] prdata_o,
  output logic        pslverr_o,
  // ATB flush handshake [TPIU-FLUSH-1]
  output logic        afvalid_o,
  input  logic        afready_i,
  // flush completion terms [TPIU-FLUSH-2]
  input  logic        fmt_empty_i,   // n == 0 && fb_n == 0 && (!fmt_on || p == 0)
  input  logic        par_empty_i,   // !sh_data || left <= 1
  input  logic        swo_empty_i,   // !ser_busy && !ser_more
  // derived configuration (contract section 4, "Derived values")
  output logic        par_mode_o,    // TXMODE == 00
  output logic        swo_mode_o,    // TXMODE == 01 or 10
  output logic        nrz_mode_o,    // TXMODE == 10
  output logic        fmt_on_o,      // [TPIU-MODE-1] par_mode || EnFCont
  output logic [3:0]  cw_o,          // port size selected by CSPSR: 1, 2, 4 or 8
  output logic [15:0] swoscaler_o,   // ACPR.SWOSCALER
  output logic [4:0]  pscount_o,     // PSCR.PSCount
  output logic        drain_o,       // fl_state_q == StDrain
  // output-path restart at this edge [TPIU-MODE-2], with the mode written
  output logic        restart_o,
  output logic        restart_fmt_on_o,  // fmt_on after the write
  output logic        restart_nrz_o      // TXMODE == 10 after the write
);

  // ---- Identification values depending on the parameters --------------------------------
  // SSPSR: bit w-1 for each supported size w <= PortWidth (full: 0x0B).
  localparam logic [31:0] SspsrVal = 32'h0000_0001 |
                                     ((PortWidth >= 2) ? 32'h0000_0002 : 32'h0) |
                                     ((PortWidth >= 4) ? 32'h0000_0008 : 32'h0) |
                                     ((PortWidth >= 8) ? 32'h0000_0080 : 32'h0);
  // DEVID: [11] NRZ, [10] Manchester, [9] 0 = parallel supported, [8:6] FIFOSZ =
  // log2(AtbFifoDepth), [5] 0 = synchronous TRACECLKIN, [4:0] 0 = one ATB input (full: 0xC80).
  localparam logic [2:0]  FifoSz   = 3'($clog2(AtbFifoDepth));
  localparam logic [31:0] DevIdVal = {20'h0, 1'b1, 1'b1, 1'b0, FifoSz, 1'b0, 5'h00};

  // ---- Flush state [TPIU-FLUSH-*] --------------------------------------------------------
  typedef enum logic [1:0] {
    StIdle  = 2'd0,  // no flush
    StReq   = 2'd1,  // AFVALID to the source, waiting for AFREADY
    StDrain = 2'd2   // ATB closed, formatter pads until the pins are empty
  } fl_state_e;

  // ---- Registers -------------------------------------------------------------------------
  logic [7:0]  tpiu_cspsr_q;                   // one-hot, bit w-1
  logic [15:0] tpiu_acpr_q;                    // SWOSCALER
  logic [1:0]  tpiu_txmode_q, tpiu_txmode_d;   // SPPR.TXMODE
  logic        tpiu_enfcont_q, tpiu_enfcont_d; // FFCR.EnFCont (programmed value)
  logic [4:0]  tpiu_pscount_q;                 // PSCR.PSCount
  fl_state_e   fl_state_q, fl_state_d;
  logic [31:0] prdata_q, prdata_d;
  logic        pslverr_q, pslverr_d;

  // ---- Derived values (from cycle t's registers, [TPIU-EVAL-1]) --------------------------
  logic par_mode, swo_mode, fmt_on, fl_in_prog;

  assign par_mode   = (tpiu_txmode_q == tpiu_pkg::TxModePar);
  assign swo_mode   = (tpiu_txmode_q == tpiu_pkg::TxModeMan) ||
                      (tpiu_txmode_q == tpiu_pkg::TxModeNrz);
  assign fmt_on     = par_mode | tpiu_enfcont_q;
  assign fl_in_prog = (fl_state_q != StIdle);

  // ---- Address decode --------------------------------------------------------------------
  logic setup, access, err, wr;
  logic is_cspsr, is_acpr, is_sppr, is_ffcr, is_pscr;

  assign setup    = psel_i & ~penable_i;
  assign access   = psel_i & penable_i;
  assign is_cspsr = (paddr_i[11:2] == tpiu_pkg::OffCspsr[11:2]);
  assign is_acpr  = (paddr_i[11:2] == tpiu_pkg::OffAcpr[11:2]);
  assign is_sppr  = (paddr_i[11:2] == tpiu_pkg::OffSppr[11:2]);
  assign is_ffcr  = (paddr_i[11:2] == tpiu_pkg::OffFfcr[11:2]);
  assign is_pscr  = (paddr_i[11:2] == tpiu_pkg::OffPscr[11:2]);

  // [TPIU-APB-2] only a write with a partial strobe errors (at any offset); it has no effect.
  assign err = pwrite_i & (pstrb_i != 4'hF);
  // [TPIU-APB-1] a write takes effect at the access edge (ITM-APB-2); pprot is ignored.
  assign wr  = access & pwrite_i & (pstrb_i == 4'hF);

  // ---- Read values -----------------------------------------------------------------------
  // FFCR [TPIU-REG-3]: [1] forced to 1 in the parallel mode, [6] FlInProg, [8] TrigIn RAO.
  // FFSR [TPIU-REG-4]: [3] FtNonStop = 1, [2] TCPresent = 0, [1] FtStopped = 0, [0] FlInProg.
  logic [31:0] ffcr_rdata, ffsr_rdata;

  // (an assign: Icarus 11 re-triggers an always_comb on its own constant bit selects)
  logic ffcr_enfcont_rd;  // [TPIU-REG-3] forced on for the parallel port

  assign ffcr_enfcont_rd = par_mode | tpiu_enfcont_q;
  assign ffcr_rdata = (32'(ffcr_enfcont_rd) << tpiu_pkg::FfcrEnFCont) |
                      (32'(fl_in_prog) << tpiu_pkg::FfcrFOnMan) |
                      (32'h1 << tpiu_pkg::FfcrTrigIn);
  assign ffsr_rdata = {28'h0, 1'b1, 1'b0, 1'b0, fl_in_prog};

  // The ID registers (cs_pkg::cs_id_words), read in the read map's default branch.
  localparam logic [1023:0] IdWords = cs_pkg::cs_id_words(
      tpiu_pkg::DevArchVal, tpiu_pkg::DevTypeVal, tpiu_pkg::Pidr4Val, tpiu_pkg::Pidr0Val,
      tpiu_pkg::Pidr1Val, tpiu_pkg::Pidr2Val, tpiu_pkg::Pidr3Val);

  // [TPIU-APB-1] read data and error are captured at the setup edge, 0 in every other cycle.
  // The read value is selected only in a read's setup cycle (the same AND in hardware; the
  // simulation skips the map in every other cycle).
  always_comb begin
    prdata_d = '0;
    if (setup && !pwrite_i) begin
      unique case (paddr_i[11:2])
        tpiu_pkg::OffSspsr[11:2]:   prdata_d = SspsrVal;
        tpiu_pkg::OffCspsr[11:2]:   prdata_d = {24'h0, tpiu_cspsr_q};
        tpiu_pkg::OffAcpr[11:2]:    prdata_d = {16'h0, tpiu_acpr_q};
        tpiu_pkg::OffSppr[11:2]:    prdata_d = {30'h0, tpiu_txmode_q};
        tpiu_pkg::OffFfsr[11:2]:    prdata_d = ffsr_rdata;
        tpiu_pkg::OffFfcr[11:2]:    prdata_d = ffcr_rdata;
        tpiu_pkg::OffPscr[11:2]:    prdata_d = {27'h0, tpiu_pscount_q};
        tpiu_pkg::OffDevId[11:2]:   prdata_d = DevIdVal;
        // The ID registers; TRIGGER, PIDR5..7, integration, ITCTRL, CLAIM, LAR/LSR and the
        // rest: RAZ.
        default: prdata_d = (paddr_i[11:7] == cs_pkg::IdWin) ? IdWords[32*paddr_i[6:2] +: 32]
                                                             : 32'h0;
      endcase
    end
  end

  assign pslverr_d = setup & err;

  // ---- Register writes -------------------------------------------------------------------
  // [TPIU-REG-1] CSPSR: stored only if exactly one bit is set, at a supported size.
  function automatic logic cspsr_ok(input logic [31:0] v);
    cspsr_ok = (v != 32'h0) && ((v & (v - 32'h1)) == 32'h0) && ((v & ~SspsrVal) == 32'h0);
  endfunction

  logic ffcr_wr, sppr_wr;
  assign ffcr_wr = wr & is_ffcr;
  // [TPIU-REG-2] a write of the reserved TXMODE 11 is ignored.
  assign sppr_wr = wr & is_sppr & (pwdata_i[1:0] != tpiu_pkg::TxModeRsv);

  // The programmed registers are flip-flops with write enables (below); the next values of
  // TXMODE and EnFCont are also needed for the restart terms, so they stay assigns.
  // (Assigns, one value per signal: in an always_comb the transient default value
  // re-triggers a ring of always_comb blocks in Icarus 11 at a restart: tpiu_par, tpiu_swo
  // read the restart terms derived from TXMODE.)
  assign tpiu_txmode_d  = sppr_wr ? pwdata_i[1:0] : tpiu_txmode_q;
  assign tpiu_enfcont_d = ffcr_wr ? pwdata_i[tpiu_pkg::FfcrEnFCont] : tpiu_enfcont_q;

  // ---- Output-path restart [TPIU-MODE-2] -------------------------------------------------
  // At the access edge of a write to SPPR that changes TXMODE, or of a write to FFCR that
  // changes fmt_on. The values after the write give the mode the path restarts in.
  logic new_fmt_on;

  assign new_fmt_on       = (tpiu_txmode_d == tpiu_pkg::TxModePar) | tpiu_enfcont_d;
  assign restart_o        = (sppr_wr && (pwdata_i[1:0] != tpiu_txmode_q)) ||
                            (ffcr_wr && (new_fmt_on != fmt_on));
  assign restart_fmt_on_o = new_fmt_on;
  assign restart_nrz_o    = (tpiu_txmode_d == tpiu_pkg::TxModeNrz);

  // ---- Manual flush [TPIU-FLUSH-1], [TPIU-FLUSH-2] ---------------------------------------
  logic port_empty;

  assign port_empty = par_mode ? par_empty_i : swo_empty_i;

  always_comb begin
    fl_state_d = fl_state_q;
    unique case (fl_state_q)
      // Idle: an FFCR write with FOnMan = 1 starts a flush [TPIU-REG-3].
      StIdle: begin
        if (ffcr_wr && pwdata_i[tpiu_pkg::FfcrFOnMan]) begin
          fl_state_d = StReq;
        end
      end
      // Request: AFVALID until the source acknowledges (it has sent all it held).
      StReq: begin
        if (afready_i) begin
          fl_state_d = StDrain;
        end
      end
      // Drain: done once every accepted byte and its frame's padding have left the pins
      // (a pending full sync does not delay completion; one already in the frame buffer
      // does, through fmt_empty_i).
      StDrain: begin
        if (fmt_empty_i && port_empty) begin
          fl_state_d = StIdle;
        end
      end
      default: fl_state_d = StIdle;
    endcase
  end

  // ---- Outputs ---------------------------------------------------------------------------
  // cw: the one-hot CSPSR as a size (CSPSR only ever holds a supported one-hot value).
  assign cw_o = tpiu_cspsr_q[7] ? 4'd8 :
                tpiu_cspsr_q[3] ? 4'd4 :
                tpiu_cspsr_q[1] ? 4'd2 : 4'd1;

  assign prdata_o    = prdata_q;
  assign pslverr_o   = pslverr_q;
  assign afvalid_o   = (fl_state_q == StReq);
  assign drain_o     = (fl_state_q == StDrain);
  assign par_mode_o  = par_mode;
  assign swo_mode_o  = swo_mode;
  assign nrz_mode_o  = (tpiu_txmode_q == tpiu_pkg::TxModeNrz);
  assign fmt_on_o    = fmt_on;
  assign swoscaler_o = tpiu_acpr_q;
  assign pscount_o   = tpiu_pscount_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tpiu_cspsr_q   <= tpiu_pkg::CspsrRst;
      tpiu_acpr_q    <= 16'h0;
      tpiu_txmode_q  <= tpiu_pkg::TxModeRst;
      tpiu_enfcont_q <= tpiu_pkg::EnFContRst;
      tpiu_pscount_q <= 5'h0;
      fl_state_q     <= StIdle;
      prdata_q       <= 32'h0;
      pslverr_q      <= 1'b0;
    end else begin
      fl_state_q     <= fl_state_d;
      prdata_q       <= prdata_d;
      pslverr_q      <= pslverr_d;
      // [TPIU-APB-1] a full-strobe write takes effect at its access edge
      if (wr) begin
        if (is_cspsr && cspsr_ok(pwdata_i)) begin  // [TPIU-REG-1]
          tpiu_cspsr_q <= pwdata_i[7:0];
        end
        if (is_acpr) begin
          tpiu_acpr_q <= pwdata_i[15:0];
        end
        tpiu_txmode_q  <= tpiu_txmode_d;
        tpiu_enfcont_q <= tpiu_enfcont_d;
        if (is_pscr) begin  // [TPIU-REG-5]
          tpiu_pscount_q <= pwdata_i[4:0];
        end
      end
    end
  end

  // Address bits [1:0] and all of pprot are ignored by contract (section 3, [TPIU-APB-2]).
  logic unused_apb;
  assign unused_apb = ^{paddr_i[1:0], pprot_i};

  // ---- Assertions ------------------------------------------------------------------------
`ifndef SYNTHESIS
  always @(posedge clk_i or negedge rst_ni) begin : fl_state_legal_A
    if (rst_ni) begin
      assert (fl_state_q != 2'd3) else $error("%m: illegal flush state");
    end
  end
  always @(posedge clk_i or negedge rst_ni) begin : cspsr_onehot_A
    if (rst_ni) begin
      assert ($onehot(tpiu_cspsr_q) && ((32'(tpiu_cspsr_q) & ~SspsrVal) == 32'h0))
        else $error("%m: CSPSR holds an unsupported size");
    end
  end
`endif

endmodule

`default_nettype wire
