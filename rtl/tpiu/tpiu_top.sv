// SPDX-License-Identifier: Apache-2.0
// Armv8-M Trace Port Interface Unit: top level (wiring only).
// Spec: Armv8-M B14.4 (TPIU); docs/tpiu-contract.md (ports: section 3).

`default_nettype none

module tpiu_top #(
  parameter int PortWidth       = 4,  // TRACEDATA pins: 1, 2, 4, 8
  parameter int AtbFifoDepth    = 4,  // ATB input buffer entries: 2, 4, 8, 16
  parameter int FrameIdleCycles = 16  // [TPIU-IDLE-1] idle cycles before padding: 1..65535
) (
  input  logic                 clk_i,         // TRACECLKIN = the system clock
  input  logic                 rst_ni,
  // APB4 slave, 4 KiB frame
  input  logic                 psel_i,
  input  logic                 penable_i,
  input  logic                 pwrite_i,
  input  logic [11:0]          paddr_i,
  input  logic [31:0]          pwdata_i,
  input  logic [3:0]           pstrb_i,
  input  logic [2:0]           pprot_i,
  output logic [31:0]          prdata_o,
  output logic                 pready_o,
  output logic                 pslverr_o,
  // ATB slave, 8-bit, with flush
  input  logic                 atvalid_i,
  output logic                 atready_o,
  input  logic [7:0]           atdata_i,
  input  logic [6:0]           atid_i,
  output logic                 afvalid_o,
  input  logic                 afready_i,
  // parallel trace port
  output logic                 traceclk_o,
  output logic [PortWidth-1:0] tracedata_o,
  // serial wire output
  output logic                 swo_o,
  // observation: a byte starts on the pins
  output logic                 txb_valid_o,
  output logic [7:0]           txb_o,
  // to the ITM
  output logic                 ts_tick_o,
  output logic                 async_idle_o,
  output logic                 sync_req_o
);

  // ---- Interconnect ----------------------------------------------------------------------
  logic        par_mode, swo_mode, nrz_mode, fmt_on, drain;
  logic [3:0]  cw;
  logic [15:0] swoscaler;
  logic [4:0]  pscount;
  logic        restart, restart_fmt_on, restart_nrz;
  logic        fmt_empty, par_empty, swo_empty;
  logic        unit_push, unit_last;
  logic [15:0] unit_data;
  logic [tpiu_pkg::FbCntW-1:0] fb_n;
  logic        u_valid, par_take, swo_take;
  logic [1:0]  u_len;
  logic [15:0] u_data;
  logic        fmt_atready, swo_tick, swo_async_idle;
  logic        par_txb_valid, swo_txb_valid;
  logic [7:0]  par_txb, swo_txb;

  // ---- Glue ------------------------------------------------------------------------------
  // Outputs that are combinational functions of the state are forced to 0 while rst_ni is
  // low (contract section 2; pready is 1 from the first cycle after reset), in step with
  // the asynchronous reset of all other state.
  assign pready_o     = rst_ni;
  assign atready_o    = rst_ni & fmt_atready;
  assign ts_tick_o    = rst_ni & swo_tick;
  assign async_idle_o = rst_ni & swo_async_idle;
  // [TPIU-TXB-1] only the engine of the current mode ever sets its txb (both are 0 else).
  assign txb_valid_o  = par_txb_valid | swo_txb_valid;
  assign txb_o        = par_txb | swo_txb;

  // ---- Registers, APB and flush ----------------------------------------------------------
  tpiu_regs #(
    .PortWidth    (PortWidth),
    .AtbFifoDepth (AtbFifoDepth)
  ) u_regs (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .psel_i           (psel_i),
    .penable_i        (penable_i),
    .pwrite_i         (pwrite_i),
    .paddr_i          (paddr_i),
    .pwdata_i         (pwdata_i),
    .pstrb_i          (pstrb_i),
    .pprot_i          (pprot_i),
    .prdata_o         (prdata_o),
    .pslverr_o        (pslverr_o),
    .afvalid_o        (afvalid_o),
    .afready_i        (afready_i),
    .fmt_empty_i      (fmt_empty),
    .par_empty_i      (par_empty),
    .swo_empty_i      (swo_empty),
    .par_mode_o       (par_mode),
    .swo_mode_o       (swo_mode),
    .nrz_mode_o       (nrz_mode),
    .fmt_on_o         (fmt_on),
    .cw_o             (cw),
    .swoscaler_o      (swoscaler),
    .pscount_o        (pscount),
    .drain_o          (drain),
    .restart_o        (restart),
    .restart_fmt_on_o (restart_fmt_on),
    .restart_nrz_o    (restart_nrz)
  );

  // ---- Input buffer, formatter, bypass, idle completion, periodic sync -------------------
  tpiu_fmt #(
    .AtbFifoDepth    (AtbFifoDepth),
    .FrameIdleCycles (FrameIdleCycles)
  ) u_fmt (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .atvalid_i        (atvalid_i),
    .atready_o        (fmt_atready),
    .atdata_i         (atdata_i),
    .atid_i           (atid_i),
    .fmt_on_i         (fmt_on),
    .drain_i          (drain),
    .pscount_i        (pscount),
    .restart_i        (restart),
    .restart_fmt_on_i (restart_fmt_on),
    .fb_n_i           (fb_n),
    .fb_burst_i       (u_valid),
    .unit_push_o      (unit_push),
    .unit_last_o      (unit_last),
    .unit_data_o      (unit_data),
    .fmt_empty_o      (fmt_empty),
    .sync_req_o       (sync_req_o)
  );

  // ---- Frame buffer: the ports see only complete bursts ----------------------------------
  tpiu_fbuf u_fbuf (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .fmt_on_i  (fmt_on),
    .restart_i (restart),
    .push_i    (unit_push),
    .last_i    (unit_last),
    .data_i    (unit_data),
    .fb_n_o    (fb_n),
    .u_valid_o (u_valid),
    .u_len_o   (u_len),
    .u_data_o  (u_data),
    .u_take_i  (par_take | swo_take)
  );

  // ---- Parallel port ---------------------------------------------------------------------
  tpiu_par #(
    .PortWidth (PortWidth)
  ) u_par (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .par_mode_i  (par_mode),
    .cw_i        (cw),
    .restart_i   (restart),
    .u_valid_i   (u_valid),
    .u_data_i    (u_data),
    .u_take_o    (par_take),
    .traceclk_o  (traceclk_o),
    .tracedata_o (tracedata_o),
    .txb_valid_o (par_txb_valid),
    .txb_o       (par_txb),
    .par_empty_o (par_empty)
  );

  // ---- SWO -------------------------------------------------------------------------------
  tpiu_swo u_swo (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .swo_mode_i    (swo_mode),
    .nrz_mode_i    (nrz_mode),
    .swoscaler_i   (swoscaler),
    .restart_i     (restart),
    .restart_nrz_i (restart_nrz),
    .u_valid_i     (u_valid),
    .u_len_i       (u_len),
    .u_data_i      (u_data),
    .u_take_o      (swo_take),
    .swo_o         (swo_o),
    .tick_o        (swo_tick),
    .async_idle_o  (swo_async_idle),
    .txb_valid_o   (swo_txb_valid),
    .txb_o         (swo_txb),
    .swo_empty_o   (swo_empty)
  );

  // ---- Assertions ------------------------------------------------------------------------
`ifndef SYNTHESIS
  initial begin : params_A
    assert (((PortWidth == 1) || (PortWidth == 2) || (PortWidth == 4) || (PortWidth == 8)) &&
            ((AtbFifoDepth == 2) || (AtbFifoDepth == 4) || (AtbFifoDepth == 8) ||
             (AtbFifoDepth == 16)) && (FrameIdleCycles >= 1) && (FrameIdleCycles <= 65535))
      else $fatal(1, {"%m: parameter check failed (PortWidth 1/2/4/8, AtbFifoDepth 2/4/8/16, ",
                      "FrameIdleCycles 1..65535)"});
  end
  // Only one port engine takes the unit at an edge.
  always @(posedge clk_i or negedge rst_ni) begin : one_taker_A
    if (rst_ni) begin
      assert (!(par_take && swo_take)) else $error("%m: both engines took the unit");
    end
  end
`endif

endmodule

`default_nettype wire
