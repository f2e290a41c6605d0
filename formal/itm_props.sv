// SPDX-License-Identifier: Apache-2.0
// Formal properties of the ITM (itm_top): the ATB master (ATVALID held with ATDATA and ATID
// stable until ATREADY, ATDATA 0 when idle), the flush acknowledge, and the APB slave rules.
// Spec: docs/itm-contract.md sections 3, 4, 5 ([ITM-APB-1..5]), 8 ([ITM-ATB-1]), 13
// ([ITM-FLUSH-1]); B14.1.2 (TraceBusID is changed only with the ITM disabled and not busy).
//
// A wrapper: every itm_top input is free, constrained only by a legal APB master and by the
// software rule of B14.1.2 (_M assumptions). The fv_* wires are driven by formal/run.sh
// (formal/jobs.txt) from the ITM's registers and buffer counts.

`default_nettype none

module itm_top_fv #(
  parameter int NumStimPorts  = 64,
  parameter int StimFifoDepth = 4,
  parameter int HwFifoDepth   = 2,
  parameter int TsWidth       = 12,
  parameter int GtsWidth      = 64
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
  input  logic        atready_i,
  input  logic        afvalid_i,
  input  logic        hw_valid_i,
  input  logic [39:0] hw_data_i,
  input  logic        hw_ovf_i,
  input  logic        dwt_sync_req_i,
  input  logic        tpiu_sync_req_i,
  input  logic        ts_async_tick_i,
  input  logic        async_idle_i,
  input  logic [63:0] gts_i,
  input  logic        gts_clkch_i,
  input  logic        trcena_i,
  input  logic        niden_i,
  input  logic        spniden_i,
  input  logic        pe_secure_i,
  input  logic        halted_i
);

  localparam int NumTer   = (NumStimPorts + 31) / 32;
  localparam int NumGrp   = NumStimPorts / 8;
  localparam int StimCntW = $clog2(StimFifoDepth + 1);
  localparam int HwCntW   = $clog2(HwFifoDepth + 1);

  logic [31:0] prdata;
  logic        pready, pslverr, atvalid, afready, hw_ready, busy;
  logic [7:0]  atdata;
  logic [6:0]  atid;

  itm_top #(
    .NumStimPorts  (NumStimPorts),
    .StimFifoDepth (StimFifoDepth),
    .HwFifoDepth   (HwFifoDepth),
    .TsWidth       (TsWidth),
    .GtsWidth      (GtsWidth)
  ) u_dut (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .psel_i          (psel_i),
    .penable_i       (penable_i),
    .pwrite_i        (pwrite_i),
    .paddr_i         (paddr_i),
    .pwdata_i        (pwdata_i),
    .pstrb_i         (pstrb_i),
    .pprot_i         (pprot_i),
    .prdata_o        (prdata),
    .pready_o        (pready),
    .pslverr_o       (pslverr),
    .atvalid_o       (atvalid),
    .atready_i       (atready_i),
    .atdata_o        (atdata),
    .atid_o          (atid),
    .afvalid_i       (afvalid_i),
    .afready_o       (afready),
    .hw_valid_i      (hw_valid_i),
    .hw_ready_o      (hw_ready),
    .hw_data_i       (hw_data_i),
    .hw_ovf_i        (hw_ovf_i),
    .dwt_sync_req_i  (dwt_sync_req_i),
    .tpiu_sync_req_i (tpiu_sync_req_i),
    .ts_async_tick_i (ts_async_tick_i),
    .async_idle_i    (async_idle_i),
    .gts_i           (gts_i),
    .gts_clkch_i     (gts_clkch_i),
    .trcena_i        (trcena_i),
    .niden_i         (niden_i),
    .spniden_i       (spniden_i),
    .pe_secure_i     (pe_secure_i),
    .halted_i        (halted_i),
    .busy_o          (busy)
  );

  // Internal state, driven by formal/run.sh: the programmers' model and the buffer counts.
  logic [31:0]             fv_tcr;         // u_regs.tcr_q
  logic [NumStimPorts-1:0] fv_ter;         // u_regs.ter_q
  logic [NumGrp-1:0]       fv_tpr;         // u_regs.tpr_q
  logic [StimCntW-1:0]     fv_stim_count;  // stimulus FIFO entries
  logic [HwCntW-1:0]       fv_hw_count;    // hardware FIFO entries

  // ---- Environment -----------------------------------------------------------------------
`include "apb_props.svh"

  // Cycle t-1's values beyond the APB's, for the _A checks of cycle t.
  logic        p_atvalid, p_atready, p_afready, p_afvalid, p_busy, p_empty;
  logic [31:0] p_prdata, p_rdata;
  logic [7:0]  p_atdata;
  logic [6:0]  p_atid;
  logic [31:0] p_tcr;
  logic [NumStimPorts-1:0] p_ter;
  logic [NumGrp-1:0]       p_tpr;

  // ---- Expected read value, from the contract's register map (section 4) ---------------
  logic [31:0] f_rdata;
  logic [7:0]  f_stim_n;
  logic [255:0] f_ter_pad;
  logic [31:0]  f_tpr_pad;

  assign f_stim_n  = paddr_i[9:2];
  assign f_ter_pad = 256'(fv_ter);
  assign f_tpr_pad = 32'(fv_tpr);

  always_comb begin
    f_rdata = 32'h0;
    if ((paddr_i[11:10] == 2'b00) && ({1'b0, f_stim_n} < 9'(NumStimPorts))) begin
      // ITM_STIMn: FIFOREADY / DISABLED
      if (fv_tcr[0] && f_ter_pad[f_stim_n]) begin
        f_rdata = {31'h0, (32'(fv_stim_count) < 32'(StimFifoDepth))};
      end else begin
        f_rdata = 32'h2;
      end
    end else if ((paddr_i[11:5] == 7'h70) && (32'(paddr_i[4:2]) < 32'(NumTer))) begin
      f_rdata = f_ter_pad[32 * paddr_i[4:2] +: 32];                   // ITM_TERk
    end else begin
      case (paddr_i[11:2])
        10'h390: f_rdata = f_tpr_pad;                                  // ITM_TPR 0xE40
        10'h3A0: f_rdata = {fv_tcr[31:24], busy, fv_tcr[22:0]};        // ITM_TCR 0xE80
        10'h3EF: f_rdata = 32'h4770_1A01;                              // DEVARCH 0xFBC
        10'h3F3: f_rdata = 32'h43;                                     // DEVTYPE 0xFCC
        10'h3F4: f_rdata = 32'h04;                                     // PIDR4
        10'h3F8: f_rdata = 32'h21;                                     // PIDR0
        10'h3F9: f_rdata = 32'hBD;                                     // PIDR1
        10'h3FA: f_rdata = 32'h0B;                                     // PIDR2
        10'h3FC: f_rdata = 32'h0D;                                     // CIDR0
        10'h3FD: f_rdata = 32'h90;                                     // CIDR1
        10'h3FE: f_rdata = 32'h05;                                     // CIDR2
        10'h3FF: f_rdata = 32'hB1;                                     // CIDR3
        default: f_rdata = 32'h0;                                      // RAZ
      endcase
    end
  end

  // [ITM-APB-3] legal strobes: byte, halfword or word in the stimulus window, word elsewhere.
  logic f_strb_ok;
  assign f_strb_ok = (paddr_i[11:10] == 2'b00) ?
                     ((pstrb_i == 4'h1) || (pstrb_i == 4'h3) || (pstrb_i == 4'hF)) :
                     (pstrb_i == 4'hF);

  always_ff @(posedge clk_i) begin
    p_prdata  <= prdata;
    p_rdata   <= f_rdata;
    p_atvalid <= atvalid;
    p_atready <= atready_i;
    p_atdata  <= atdata;
    p_atid    <= atid;
    p_afready <= afready;
    p_afvalid <= afvalid_i;
    p_busy    <= busy;
    p_empty   <= (fv_stim_count == '0) && (fv_hw_count == '0) && !atvalid;
    p_tcr     <= fv_tcr;
    p_ter     <= fv_ter;
    p_tpr     <= fv_tpr;
  end


  always @(*) begin
    // B14.1.2: the debugger changes TraceBusID only with ITMENA 0 and BUSY 0.
    if (rst_ni) begin
      busid_M: assume (!(access && pwrite_i && (paddr_i[11:2] == 10'h3A0) && pprot_i[0] &&
                         (pstrb_i == 4'hF) && (pwdata_i[22:16] != fv_tcr[22:16])) ||
                       (!fv_tcr[0] && !busy));
    end
  end

  // ---- Properties ------------------------------------------------------------------------
  always @(posedge clk_i) begin
    if (rst_ni) begin
      // ATB master [ITM-ATB-1]
      atdata_idle_A: assert (atvalid || (atdata == 8'h00));
      atid_A:        assert (atid == fv_tcr[22:16]);
      if (f_past) begin
        atb_hold_A:  assert (!(p_atvalid && !p_atready) ||
                             (atvalid && (atdata == p_atdata) && (atid == p_atid)));
        // [ITM-FLUSH-1] a one-cycle AFREADY, only for a requested flush, only when every byte
        // accepted before it has been sent (both buffers empty, no packet on ATB)
        afready_A:   assert (!afready || (p_afvalid && !p_afready && p_empty));
        // [ITM-APB-1] read data and error captured at the setup edge, 0 in every other cycle;
        // the read value is the register of the setup cycle (section 4 map)
        prdata_A:    assert (prdata == ((p_setup && !p_pwrite) ? p_rdata : 32'h0));
        // [ITM-APB-3] an error only for a write with an illegal strobe
        pslverr_A:   assert (pslverr == (p_setup && p_pwrite &&
                                         !((p_paddr[11:10] == 2'b00) ?
                                           ((p_pstrb == 4'h1) || (p_pstrb == 4'h3) ||
                                            (p_pstrb == 4'hF)) : (p_pstrb == 4'hF))));
        // No state change without an access [ITM-APB-2], [ITM-APB-5]: ITM_TCR only by a
        // privileged word write to it (value masked), ITM_TPR likewise, ITM_TERk only by a word
        // write to it.
        tcr_A:       assert ((fv_tcr == p_tcr) ||
                             (p_access && p_pwrite && (p_paddr[11:2] == 10'h3A0) &&
                              p_pprot[0] && (p_pstrb == 4'hF) &&
                              (fv_tcr == (p_pwdata & 32'h007F_0F1F))));
        tpr_A:       assert ((fv_tpr == p_tpr) ||
                             (p_access && p_pwrite && (p_paddr[11:2] == 10'h390) &&
                              p_pprot[0] && (p_pstrb == 4'hF) &&
                              (fv_tpr == p_pwdata[NumGrp-1:0])));
        ter_A:       assert ((fv_ter == p_ter) ||
                             (p_access && p_pwrite && (p_paddr[11:5] == 7'h70) &&
                              (p_pstrb == 4'hF)));
      end
    end
  end

endmodule

`default_nettype wire
