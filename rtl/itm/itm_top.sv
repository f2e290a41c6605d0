// SPDX-License-Identifier: Apache-2.0
// Armv8-M Instrumentation Trace Macrocell: top level (wiring only).
// Spec: Armv8-M B14.1 (ITM); docs/itm-contract.md (ports: section 3).

`default_nettype none

module itm_top #(
  parameter int NumStimPorts  = 64,  // implemented ITM_STIMn: 8..256, multiple of 8
  parameter int StimFifoDepth = 4,   // stimulus output buffer entries: 1..16
  parameter int HwFifoDepth   = 2,   // hardware-source input buffer entries: 1..16
  parameter int TsWidth       = 12,  // local timestamp counter bits: 1..28
  parameter int GtsWidth      = 64   // global timestamp bits: 48 or 64
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // APB4 slave, 4 KiB frame
  input  logic        psel_i,
  input  logic        penable_i,
  input  logic        pwrite_i,
  input  logic [11:0] paddr_i,
  input  logic [31:0] pwdata_i,
  input  logic [3:0]  pstrb_i,
  input  logic [2:0]  pprot_i,
  output logic [31:0] prdata_o,
  output logic        pready_o,
  output logic        pslverr_o,
  // ATB master, 8-bit
  output logic        atvalid_o,
  input  logic        atready_i,
  output logic [7:0]  atdata_o,
  output logic [6:0]  atid_o,
  input  logic        afvalid_i,
  output logic        afready_o,
  // hardware-source (DWT) packets
  input  logic        hw_valid_i,
  output logic        hw_ready_o,
  input  logic [39:0] hw_data_i,
  input  logic        hw_ovf_i,
  // synchronization requests
  input  logic        dwt_sync_req_i,
  input  logic        tpiu_sync_req_i,
  // timestamp sources
  input  logic        ts_async_tick_i,
  input  logic        async_idle_i,
  input  logic [63:0] gts_i,
  input  logic        gts_clkch_i,
  // debug enables and authentication, PE state
  input  logic        trcena_i,
  input  logic        niden_i,
  input  logic        spniden_i,
  input  logic        pe_secure_i,
  input  logic        halted_i,
  // status
  output logic        busy_o
);

  localparam int StimCntWidth = $clog2(StimFifoDepth + 1);
  localparam int HwCntWidth   = $clog2(HwFifoDepth + 1);

  // ---- Interconnect ----------------------------------------------------------------------
  logic                    itm_on, auth_pe, sync_en_rise, gts_en_rise;
  logic                    tsena, txena, swoena, syncena;
  logic [1:0]              tsprescale, gtsfreq;
  logic                    busy;

  logic                    stim_req;
  logic [7:0]              stim_port;
  logic [1:0]              stim_ss;
  logic [31:0]             stim_data;
  logic [StimCntWidth-1:0] stim_count;
  logic                    stim_head_valid, stim_pop, stim_mark_ovf;
  logic [41:0]             stim_head;
  logic [1:0]              stim_sb;  // {ovf_after, aged}
  logic                    stim_in_ready;

  logic                    hw_push_valid, hw_in_ready;
  logic [HwCntWidth-1:0]   hw_count;
  logic                    hw_head_valid, hw_pop, hw_aged;
  logic [39:0]             hw_head;

  logic                    lts_pending, wrap;
  logic [55:0]             lts_pkt, gts1_pkt, gts2_pkt;
  logic [2:0]              lts_len, gts1_len, gts2_len;
  logic                    gts1_pending, gts2_pending;
  logic                    sync_k23;
  logic                    load_src, src_aged, load_other, load_lts, load_gts1, load_gts2;

  // ---- Glue ------------------------------------------------------------------------------
  // pready and hw_ready are 1 out of reset and 0 while rst_ni is low (contract sections 2, 3),
  // in step with the asynchronous reset of all other state.
  assign pready_o      = rst_ni;
  assign hw_ready_o    = rst_ni & hw_in_ready;                // [ITM-HW-1] count < depth
  // [ITM-HW-1] an accepted packet is stored only while itm_on && TXENA, otherwise discarded.
  assign hw_push_valid = hw_valid_i & itm_on & txena;
  assign busy_o        = busy;

  // ---- Registers and APB -----------------------------------------------------------------
  itm_regs #(
    .NumStimPorts  (NumStimPorts),
    .StimFifoDepth (StimFifoDepth)
  ) u_regs (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .psel_i         (psel_i),
    .penable_i      (penable_i),
    .pwrite_i       (pwrite_i),
    .paddr_i        (paddr_i),
    .pwdata_i       (pwdata_i),
    .pstrb_i        (pstrb_i),
    .pprot_i        (pprot_i),
    .prdata_o       (prdata_o),
    .pslverr_o      (pslverr_o),
    .trcena_i       (trcena_i),
    .niden_i        (niden_i),
    .spniden_i      (spniden_i),
    .pe_secure_i    (pe_secure_i),
    .stim_count_i   (stim_count),
    .busy_i         (busy),
    .itm_on_o       (itm_on),
    .auth_pe_o      (auth_pe),
    .sync_en_rise_o (sync_en_rise),
    .gts_en_rise_o  (gts_en_rise),
    .tsena_o        (tsena),
    .txena_o        (txena),
    .swoena_o       (swoena),
    .tsprescale_o   (tsprescale),
    .gtsfreq_o      (gtsfreq),
    .trace_bus_id_o (atid_o),
    .syncena_o      (syncena),
    .stim_req_o     (stim_req),
    .stim_port_o    (stim_port),
    .stim_ss_o      (stim_ss),
    .stim_data_o    (stim_data)
  );

  // ---- Stimulus output buffer (shared by all ports) --------------------------------------
  // Side band: [0] aged (set at every edge an entry stays), [1] ovf_after (set on the tail
  // when a write is dropped). Entry = {data, ss, port}.
  cs_fifo #(
    .Width   (42),
    .Depth   (StimFifoDepth),
    .SbWidth (2)
  ) u_stim_fifo (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .clr_i         (1'b0),
    .in_valid_i    (stim_req),
    .in_ready_o    (stim_in_ready),
    .in_data_i     ({stim_data, stim_ss, stim_port}),
    .out_valid_o   (stim_head_valid),
    .out_ready_i   (stim_pop),
    .out_data_o    (stim_head),
    .depth_o       (stim_count),
    .sb_set_all_i  (2'b01),
    .sb_set_tail_i ({stim_mark_ovf, 1'b0}),
    .sb_head_o     (stim_sb)
  );

  // ---- Hardware-source input buffer ------------------------------------------------------
  cs_fifo #(
    .Width   (40),
    .Depth   (HwFifoDepth),
    .SbWidth (1)
  ) u_hw_fifo (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .clr_i         (1'b0),
    .in_valid_i    (hw_push_valid),
    .in_ready_o    (hw_in_ready),
    .in_data_i     (hw_data_i),
    .out_valid_o   (hw_head_valid),
    .out_ready_i   (hw_pop),
    .out_data_o    (hw_head),
    .depth_o       (hw_count),
    .sb_set_all_i  (1'b1),
    .sb_set_tail_i (1'b0),
    .sb_head_o     (hw_aged)
  );

  // ---- Local timestamps ------------------------------------------------------------------
  itm_ts #(
    .TsWidth (TsWidth)
  ) u_ts (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .itm_on_i        (itm_on),
    .tsena_i         (tsena),
    .swoena_i        (swoena),
    .tsprescale_i    (tsprescale),
    .halted_i        (halted_i),
    .ts_async_tick_i (ts_async_tick_i),
    .async_idle_i    (async_idle_i),
    .load_src_i      (load_src),
    .src_aged_i      (src_aged),
    .load_other_i    (load_other),
    .load_lts_i      (load_lts),
    .lts_pending_o   (lts_pending),
    .wrap_o          (wrap),
    .lts_pkt_o       (lts_pkt),
    .lts_len_o       (lts_len)
  );

  // ---- Global timestamps -----------------------------------------------------------------
  itm_gts #(
    .GtsWidth (GtsWidth)
  ) u_gts (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .itm_on_i       (itm_on),
    .gtsfreq_i      (gtsfreq),
    .gts_en_rise_i  (gts_en_rise),
    .sync_en_rise_i (sync_en_rise),
    .sync_k23_i     (sync_k23),
    .gts_i          (gts_i),
    .gts_clkch_i    (gts_clkch_i),
    .load_src_i     (load_src),
    .src_aged_i     (src_aged),
    .load_gts1_i    (load_gts1),
    .load_gts2_i    (load_gts2),
    .gts1_pending_o (gts1_pending),
    .gts2_pending_o (gts2_pending),
    .gts1_pkt_o     (gts1_pkt),
    .gts1_len_o     (gts1_len),
    .gts2_pkt_o     (gts2_pkt),
    .gts2_len_o     (gts2_len)
  );

  // ---- Packet engine ---------------------------------------------------------------------
  itm_arb #(
    .NumStimPorts  (NumStimPorts),
    .StimFifoDepth (StimFifoDepth),
    .HwFifoDepth   (HwFifoDepth)
  ) u_arb (
    .clk_i             (clk_i),
    .rst_ni            (rst_ni),
    .itm_on_i          (itm_on),
    .syncena_i         (syncena),
    .sync_en_rise_i    (sync_en_rise),
    .auth_pe_i         (auth_pe),
    .dwt_sync_req_i    (dwt_sync_req_i),
    .tpiu_sync_req_i   (tpiu_sync_req_i),
    .halted_i          (halted_i),
    .hw_ovf_i          (hw_ovf_i),
    .wrap_i            (wrap),
    .sync_k23_o        (sync_k23),
    .stim_req_i        (stim_req),
    .stim_count_i      (stim_count),
    .stim_head_valid_i (stim_head_valid),
    .stim_port_i       (stim_head[7:0]),
    .stim_ss_i         (stim_head[9:8]),
    .stim_data_i       (stim_head[41:10]),
    .stim_aged_i       (stim_sb[0]),
    .stim_ovf_after_i  (stim_sb[1]),
    .stim_pop_o        (stim_pop),
    .stim_mark_ovf_o   (stim_mark_ovf),
    .hw_count_i        (hw_count),
    .hw_head_valid_i   (hw_head_valid),
    .hw_head_i         (hw_head),
    .hw_aged_i         (hw_aged),
    .hw_pop_o          (hw_pop),
    .lts_pending_i     (lts_pending),
    .lts_pkt_i         (lts_pkt),
    .lts_len_i         (lts_len),
    .gts1_pending_i    (gts1_pending),
    .gts1_pkt_i        (gts1_pkt),
    .gts1_len_i        (gts1_len),
    .gts2_pending_i    (gts2_pending),
    .gts2_pkt_i        (gts2_pkt),
    .gts2_len_i        (gts2_len),
    .load_src_o        (load_src),
    .src_aged_o        (src_aged),
    .load_other_o      (load_other),
    .load_lts_o        (load_lts),
    .load_gts1_o       (load_gts1),
    .load_gts2_o       (load_gts2),
    .atready_i         (atready_i),
    .atvalid_o         (atvalid_o),
    .atdata_o          (atdata_o),
    .afvalid_i         (afvalid_i),
    .afready_o         (afready_o),
    .busy_o            (busy)
  );

  // The FIFO's own ready is not needed: the arbiter applies the full test (count only).
  logic unused_stim_ready;
  assign unused_stim_ready = stim_in_ready;

endmodule

`default_nettype wire
