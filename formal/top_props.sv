// SPDX-License-Identifier: Apache-2.0
// Formal properties of the system APB decode (trace_top): each block is selected only in its
// own 4 KiB frame, every other frame reads as zero without error, PREADY is 1.
// Spec: docs/fpb-contract.md section 7 (the system map), docs/tpiu-contract.md section 9,
// docs/dwt-contract.md section 17 ([DWT-TOP-1]).
//
// A wrapper: every trace_top input is free, constrained only by a legal APB master (_M). The
// fv_* wires are driven by formal/run.sh (formal/jobs.txt) from the blocks' psel inputs.

`default_nettype none

module trace_top_fv #(
  parameter int HasTpiu = 0,
  parameter int HasDwt  = 0
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        psel_i,
  input  logic        penable_i,
  input  logic        pwrite_i,
  input  logic [19:0] paddr_i,
  input  logic [31:0] pwdata_i,
  input  logic [3:0]  pstrb_i,
  input  logic [2:0]  pprot_i
);

  logic [31:0] prdata;
  logic        pready, pslverr;

  // The block parameters are trace_top's defaults (base), with the TPIU and the DWT of the
  // `full` configuration when present; the decode does not depend on them.
  trace_top #(
    .HasTpiu (HasTpiu),
    .HasDwt  (HasDwt)
  ) u_dut (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .psel_i (psel_i), .penable_i (penable_i), .pwrite_i (pwrite_i), .paddr_i (paddr_i),
    .pwdata_i (pwdata_i), .pstrb_i (pstrb_i), .pprot_i (pprot_i),
    .prdata_o (prdata), .pready_o (pready), .pslverr_o (pslverr),
    .atvalid_o (), .atready_i (1'b1), .atready_o (), .atdata_o (), .atid_o (),
    .afvalid_i (1'b0), .afready_o (),
    .hw_valid_i (1'b0), .hw_ready_o (), .hw_data_i (40'h0), .hw_ovf_i (1'b0),
    .dwt_sync_req_i (1'b0), .tpiu_sync_req_i (1'b0), .ts_async_tick_i (1'b0),
    .async_idle_i (1'b0), .gts_i (64'h0), .gts_clkch_i (1'b0),
    .trcena_i (1'b0), .niden_i (1'b0), .spniden_i (1'b0), .pe_secure_i (1'b0),
    .halted_i (1'b0), .busy_o (),
    .if_valid_i (1'b0), .if_addr_i (32'h0), .if_kind_i (2'd0), .if_size32_i (1'b0),
    .if_secure_i (1'b0), .if_priv_i (1'b0), .hda_i (1'b0), .uhda_i (1'b0), .uhda_s_i (1'b0),
    .c_debugen_i (1'b0), .s_halt_i (1'b0), .s_sde_i (1'b0), .mon_en_i (1'b0),
    .sdme_i (1'b0), .umon_en_i (1'b0), .mon_prio_i (1'b0),
    .match_o (), .bkpt_halt_o (), .bkpt_mon_o (),
    .traceclk_o (), .tracedata_o (), .swo_o (), .txb_valid_o (), .txb_o (),
    .ia_valid_i (1'b0), .ia_addr_i (32'h0), .ia_secure_i (1'b0), .ia_priv_i (1'b0),
    .da_valid_i (1'b0), .da_addr_i (32'h0), .da_size_i (2'd0), .da_write_i (1'b0),
    .da_data_i (32'h0), .da_pc_i (32'h0), .da_secure_i (1'b0), .da_priv_i (1'b0),
    .da_fault_i (1'b0), .da_lazyfp_i (1'b0), .exc_valid_i (1'b0), .exc_fn_i (2'd0),
    .exc_num_i (9'h0), .exc_secure_i (1'b0), .sleeping_i (1'b0), .evt_cpi_i (1'b0),
    .evt_exc_i (1'b0), .evt_sleep_i (1'b0), .evt_lsu_i (1'b0), .evt_fold_i (1'b0),
    .pe_priv_i (1'b0), .niden_p_i (1'b0), .spniden_p_i (1'b0), .monrdy_i (1'b0),
    .cmpmatch_o (), .wpt_halt_o (), .wpt_mon_o (), .dwt_hw_valid_o (), .dwt_hw_data_o (),
    .dwt_hw_ovf_o (), .dwt_sync_req_o ()
  );

  // The blocks' psel inputs, driven by formal/run.sh (not checked for an absent block: its frame is unmapped).
  logic fv_itm, fv_fpb, fv_tpiu, fv_dwt;

  // ---- Environment -----------------------------------------------------------------------
`define FV_APB_AW 20
`include "apb_props.svh"

  logic        p_unmapped;
  logic [7:0]  frame;
  logic        unmapped;
  assign frame    = paddr_i[19:12];
  assign unmapped = !((frame == 8'h00) || (frame == 8'h02) ||
                      ((HasDwt != 0) && (frame == 8'h01)) || ((HasTpiu != 0) && (frame == 8'h40)));

  always_ff @(posedge clk_i) begin
    p_unmapped <= unmapped;
  end

  // ---- Properties ------------------------------------------------------------------------
  always @(posedge clk_i) begin
    if (rst_ni) begin
      // FPB section 7: a block's psel is psel && frame == its frame (absent blocks never)
      itm_sel_A:  assert (fv_itm == (psel_i && (frame == 8'h00)));
      fpb_sel_A:  assert (fv_fpb == (psel_i && (frame == 8'h02)));
      dwt_sel_A:  assert ((HasDwt == 0) || (fv_dwt == (psel_i && (frame == 8'h01))));
      tpiu_sel_A: assert ((HasTpiu == 0) || (fv_tpiu == (psel_i && (frame == 8'h40))));
      if (f_past) begin
        // other frames: RAZ/WI without error
        raz_A:    assert (!(p_setup && p_unmapped) || ((prdata == 32'h0) && !pslverr));
      end
    end
  end

endmodule

`default_nettype wire
