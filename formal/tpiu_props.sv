// SPDX-License-Identifier: Apache-2.0
// Formal properties of the TPIU (tpiu_top): the ATB slave (ATREADY, the input buffer), the
// flush handshake and its completion, the formatter and frame-buffer invariants, and the APB
// slave rules.
// Spec: docs/tpiu-contract.md sections 4 ([TPIU-APB-1..2], [TPIU-REG-1..5]), 5.1
// ([TPIU-ATB-1..2]), 5.2, 5.4 ([TPIU-BURST-3]), 8 ([TPIU-FLUSH-1..2]).
//
// A wrapper: every tpiu_top input is free, constrained only by a legal APB master and a legal
// ATB source (_M assumptions). The fv_* wires are driven by formal/run.sh (formal/jobs.txt)
// from the TPIU's registers and buffer state.

`default_nettype none

module tpiu_top_fv #(
  parameter int PortWidth       = 4,
  parameter int AtbFifoDepth    = 4,
  parameter int FrameIdleCycles = 16
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
  input  logic        atvalid_i,
  input  logic [7:0]  atdata_i,
  input  logic [6:0]  atid_i,
  input  logic        afready_i
);

  localparam int CntW  = $clog2(AtbFifoDepth + 1);
  localparam int PtrW  = $clog2(AtbFifoDepth);
  localparam int IdleW = $clog2(FrameIdleCycles + 1);
  localparam int FbW   = tpiu_pkg::FbCntW;

  logic [31:0]          prdata;
  logic                 pready, pslverr, atready, afvalid, traceclk, swo, txb_valid;
  logic                 ts_tick, async_idle, sync_req;
  logic [PortWidth-1:0] tracedata;
  logic [7:0]           txb;

  tpiu_top #(
    .PortWidth       (PortWidth),
    .AtbFifoDepth    (AtbFifoDepth),
    .FrameIdleCycles (FrameIdleCycles)
  ) u_dut (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .psel_i       (psel_i),
    .penable_i    (penable_i),
    .pwrite_i     (pwrite_i),
    .paddr_i      (paddr_i),
    .pwdata_i     (pwdata_i),
    .pstrb_i      (pstrb_i),
    .pprot_i      (pprot_i),
    .prdata_o     (prdata),
    .pready_o     (pready),
    .pslverr_o    (pslverr),
    .atvalid_i    (atvalid_i),
    .atready_o    (atready),
    .atdata_i     (atdata_i),
    .atid_i       (atid_i),
    .afvalid_o    (afvalid),
    .afready_i    (afready_i),
    .traceclk_o   (traceclk),
    .tracedata_o  (tracedata),
    .swo_o        (swo),
    .txb_valid_o  (txb_valid),
    .txb_o        (txb),
    .ts_tick_o    (ts_tick),
    .async_idle_o (async_idle),
    .sync_req_o   (sync_req)
  );

  // Internal state, driven by formal/run.sh.
  logic [7:0]       fv_cspsr;     // u_regs.tpiu_cspsr_q
  logic [15:0]      fv_acpr;      // u_regs.tpiu_acpr_q
  logic [1:0]       fv_txmode;    // u_regs.tpiu_txmode_q
  logic             fv_enfcont;   // u_regs.tpiu_enfcont_q
  logic [4:0]       fv_pscount;   // u_regs.tpiu_pscount_q
  logic [1:0]       fv_fl;        // u_regs.fl_state_q: 0 IDLE, 1 REQ, 2 DRAIN
  logic [CntW-1:0]  fv_n;         // u_fmt.n_q: bytes in the input buffer
  logic [PtrW-1:0]  fv_wr, fv_rd;  // u_fmt.wr_ptr_q, rd_ptr_q
  logic [3:0]       fv_p;         // u_fmt.p_q
  logic             fv_fs2;       // u_fmt.fs2_q
  logic [IdleW-1:0] fv_idle;      // u_fmt.idle_q
  logic [FbW-1:0]   fv_fb_n;      // the frame buffer's units
  logic             fv_sh_data;   // u_par.sh_data_q
  logic [4:0]       fv_left;      // u_par.left_q
  logic             fv_ser_busy;  // u_swo.ser_busy_q
  logic             fv_ser_more;  // u_swo.ser_more_q

  // ---- Environment -----------------------------------------------------------------------
`include "apb_props.svh"

  // Cycle t-1's values beyond the APB's.
  logic        p_atvalid, p_atready, p_afvalid, p_afready;
  logic [31:0] p_rdata;
  logic [7:0]  p_atdata, p_cspsr;
  logic [6:0]  p_atid;
  logic [15:0] p_acpr;
  logic [1:0]  p_txmode, p_fl;
  logic        p_enfcont, p_done;
  logic [4:0]  p_pscount;

  // ---- Expected read value (contract section 4) ------------------------------------------
  localparam logic [31:0] Sspsr = 32'h1 | ((PortWidth >= 2) ? 32'h2 : 32'h0) |
                                  ((PortWidth >= 4) ? 32'h8 : 32'h0) |
                                  ((PortWidth >= 8) ? 32'h80 : 32'h0);
  localparam logic [31:0] DevId = 32'hC00 | (32'($clog2(AtbFifoDepth)) << 6);
  logic        f_par, f_flip;
  logic [31:0] f_rdata;
  assign f_par  = (fv_txmode == 2'b00);
  assign f_flip = (fv_fl != 2'd0);

  always_comb begin
    case (paddr_i[11:2])
      10'h000: f_rdata = Sspsr;                                           // SSPSR
      10'h001: f_rdata = {24'h0, fv_cspsr};                               // CSPSR
      10'h004: f_rdata = {16'h0, fv_acpr};                                // ACPR
      10'h03C: f_rdata = {30'h0, fv_txmode};                              // SPPR
      10'h0C0: f_rdata = {28'h0, 1'b1, 2'b00, f_flip};                    // FFSR
      10'h0C1: f_rdata = {23'h0, 1'b1, 1'b0, f_flip, 4'h0,               // FFCR
                          f_par || fv_enfcont, 1'b0};
      10'h0C2: f_rdata = {27'h0, fv_pscount};                             // PSCR
      10'h3F2: f_rdata = DevId;                                           // DEVID
      10'h3F3: f_rdata = 32'h11;                                          // DEVTYPE
      10'h3F4: f_rdata = 32'h04;                                          // PIDR4
      10'h3F8: f_rdata = 32'h21;                                          // PIDR0
      10'h3F9: f_rdata = 32'hBD;                                          // PIDR1
      10'h3FA: f_rdata = 32'h0B;                                          // PIDR2
      10'h3FC: f_rdata = 32'h0D;                                          // CIDR0
      10'h3FD: f_rdata = 32'h90;                                          // CIDR1
      10'h3FE: f_rdata = 32'h05;                                          // CIDR2
      10'h3FF: f_rdata = 32'hB1;                                          // CIDR3
      default: f_rdata = 32'h0;                                           // RAZ (TRIGGER too)
    endcase
  end

  // [TPIU-FLUSH-2] the completion condition of the contract, from the blocks' state.
  logic f_empty;
  assign f_empty = (fv_n == '0) && (fv_fb_n == '0) && (!(f_par || fv_enfcont) || (fv_p == 4'd0)) &&
                   (f_par ? (!fv_sh_data || (fv_left <= 5'd1)) : (!fv_ser_busy && !fv_ser_more));

  always_ff @(posedge clk_i) begin
    p_rdata   <= f_rdata;
    p_atvalid <= atvalid_i;
    p_atready <= atready;
    p_atdata  <= atdata_i;
    p_atid    <= atid_i;
    p_afvalid <= afvalid;
    p_afready <= afready_i;
    p_cspsr   <= fv_cspsr;
    p_acpr    <= fv_acpr;
    p_txmode  <= fv_txmode;
    p_enfcont <= fv_enfcont;
    p_pscount <= fv_pscount;
    p_fl      <= fv_fl;
    p_done    <= f_empty;
  end

  always @(*) begin
    if (rst_ni && f_past) begin
      // a legal ATB source: an offered byte stays, unchanged, until it is accepted
      atb_src_M:    assume (!(p_atvalid && !p_atready) ||
                            (atvalid_i && (atdata_i == p_atdata) && (atid_i == p_atid)));
    end
    if (rst_ni) begin
      // the source acknowledges a flush only while it is requested
      afready_M: assume (!afready_i || afvalid);
    end
  end

  // ---- Properties ------------------------------------------------------------------------
  logic wr_ok;
  assign wr_ok = p_access && p_pwrite && (p_pstrb == 4'hF);

  always @(posedge clk_i) begin
    if (rst_ni) begin
      // [TPIU-ATB-1] ATREADY: room in the input buffer (its count only), closed in DRAIN
      atready_A:  assert (atready == ((32'(fv_n) < 32'(AtbFifoDepth)) && (fv_fl != 2'd2)));
      // the input buffer: count in range, (rd + n) mod depth == wr
      inbuf_A:    assert ((32'(fv_n) <= 32'(AtbFifoDepth)) && (PtrW'(fv_rd + PtrW'(fv_n)) == fv_wr));
      // formatter state (section 5.2): even position up to 14, a sync's second half only at a
      // frame boundary, the open frame's units are in the frame buffer [TPIU-BURST-3]
      fmt_A:      assert ((fv_p[0] == 1'b0) && (fv_p <= 4'd14) && (!fv_fs2 || (fv_p == 4'd0)) &&
                          (FbW'(fv_p >> 1) <= fv_fb_n) && (32'(fv_fb_n) <= 32'd16) &&
                          (32'(fv_idle) <= 32'(FrameIdleCycles)));
      // flush state legal, AFVALID exactly in REQ
      fl_A:       assert ((fv_fl != 2'd3) && (afvalid == (fv_fl == 2'd1)));
      // registers hold legal values [TPIU-REG-1], [TPIU-REG-2]
      reg_A:      assert ($onehot(fv_cspsr) && ((32'(fv_cspsr) & ~Sspsr) == 32'h0) &&
                          (fv_txmode != 2'b11));
      if (f_past) begin
        // [TPIU-FLUSH-1] AFVALID held until AFREADY, dropped after it
        afvalid_A: assert (!(p_afvalid && !p_afready) || afvalid);
        afdrop_A:  assert (!(p_afvalid && p_afready) || !afvalid);
        // [TPIU-FLUSH-2] a flush completes (DRAIN -> IDLE) only when every byte accepted
        // before it, and its frame's padding, has left the pins
        done_A:    assert (!((p_fl == 2'd2) && (fv_fl == 2'd0)) || p_done);
        // the flush starts only by an FFCR write with FOnMan = 1
        start_A:   assert (!((p_fl == 2'd0) && (fv_fl != 2'd0)) ||
                           (wr_ok && (p_paddr[11:2] == 10'h0C1) && p_pwdata[6] && (fv_fl == 2'd1)));
        // [TPIU-APB-1] read data of the setup cycle, 0 in every other cycle (PREADY: apb_props)
        prdata_A:  assert (prdata == ((p_setup && !p_pwrite) ? p_rdata : 32'h0));
        // [TPIU-APB-2] an error only for a write with a partial strobe
        pslverr_A: assert (pslverr == (p_setup && p_pwrite && (p_pstrb != 4'hF)));
        // no register change without its write [TPIU-REG-1..5]
        cspsr_A:   assert ((fv_cspsr == p_cspsr) ||
                           (wr_ok && (p_paddr[11:2] == 10'h001) && (32'(fv_cspsr) == p_pwdata)));
        acpr_A:    assert ((fv_acpr == p_acpr) ||
                           (wr_ok && (p_paddr[11:2] == 10'h004) && (fv_acpr == p_pwdata[15:0])));
        sppr_A:    assert ((fv_txmode == p_txmode) ||
                           (wr_ok && (p_paddr[11:2] == 10'h03C) && (fv_txmode == p_pwdata[1:0])));
        ffcr_A:    assert ((fv_enfcont == p_enfcont) ||
                           (wr_ok && (p_paddr[11:2] == 10'h0C1) && (fv_enfcont == p_pwdata[1])));
        pscr_A:    assert ((fv_pscount == p_pscount) ||
                           (wr_ok && (p_paddr[11:2] == 10'h0C2) && (fv_pscount == p_pwdata[4:0])));
      end
    end
  end

endmodule

`default_nettype wire
