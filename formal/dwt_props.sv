// SPDX-License-Identifier: Apache-2.0
// Formal properties of the DWT (dwt_top): the APB slave rules and MATCHED's clear-on-read.
// Spec: docs/dwt-contract.md sections 4 (register map, [DWT-ID-1..2], [DWT-REG-2]), 5
// ([DWT-APB-1..2], [DWT-MATCHED-2]), 9 ([DWT-MATCHED-1]) and 2 ([DWT-EVAL-2]).
//
// A wrapper: every dwt_top input is free, constrained only by a legal APB master (_M). The
// fv_* wires are driven by formal/run.sh (formal/jobs.txt) from the DWT's registers.

`default_nettype none

module dwt_top_fv #(
  parameter int NumComp      = 4,
  parameter int DwtFifoDepth = 1,
  parameter int HasMain      = 1,
  parameter int HasTrace     = 1,
  parameter int HasCycCnt    = 1,
  parameter int HasPrfCnt    = 1,
  parameter int HasExtTrig   = 0,
  parameter int HasVmask     = 1,
  parameter int HasPcsr      = 1,
  parameter int SecExt       = 1,
  parameter int Ude          = 1
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
  input  logic        ia_valid_i,
  input  logic [31:0] ia_addr_i,
  input  logic        ia_secure_i,
  input  logic        ia_priv_i,
  input  logic        da_valid_i,
  input  logic [31:0] da_addr_i,
  input  logic [1:0]  da_size_i,
  input  logic        da_write_i,
  input  logic [31:0] da_data_i,
  input  logic [31:0] da_pc_i,
  input  logic        da_secure_i,
  input  logic        da_priv_i,
  input  logic        da_fault_i,
  input  logic        da_lazyfp_i,
  input  logic        exc_valid_i,
  input  logic [1:0]  exc_fn_i,
  input  logic [8:0]  exc_num_i,
  input  logic        exc_secure_i,
  input  logic        sleeping_i,
  input  logic        evt_cpi_i,
  input  logic        evt_exc_i,
  input  logic        evt_sleep_i,
  input  logic        evt_lsu_i,
  input  logic        evt_fold_i,
  input  logic        pe_secure_i,
  input  logic        pe_priv_i,
  input  logic        halted_i,
  input  logic        trcena_i,
  input  logic        niden_i,
  input  logic        niden_p_i,
  input  logic        spniden_i,
  input  logic        spniden_p_i,
  input  logic        hda_i,
  input  logic        uhda_i,
  input  logic        uhda_s_i,
  input  logic        c_debugen_i,
  input  logic        s_halt_i,
  input  logic        s_sde_i,
  input  logic        mon_en_i,
  input  logic        sdme_i,
  input  logic        umon_en_i,
  input  logic        mon_prio_i,
  input  logic        monrdy_i,
  input  logic        hw_ready_i
);

  localparam int NumCompW = (NumComp > 0) ? NumComp : 1;

  logic [31:0] prdata;
  logic        pready, pslverr, wpt_halt, wpt_mon, hw_valid, hw_ovf, sync_req;
  logic [15:0] cmpmatch;
  logic [39:0] hw_data;

  dwt_top #(
    .NumComp      (NumComp),
    .DwtFifoDepth (DwtFifoDepth),
    .HasMain      (HasMain),
    .HasTrace     (HasTrace),
    .HasCycCnt    (HasCycCnt),
    .HasPrfCnt    (HasPrfCnt),
    .HasExtTrig   (HasExtTrig),
    .HasVmask     (HasVmask),
    .HasPcsr      (HasPcsr),
    .SecExt       (SecExt),
    .Ude          (Ude)
  ) u_dut (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .psel_i (psel_i), .penable_i (penable_i), .pwrite_i (pwrite_i), .paddr_i (paddr_i),
    .pwdata_i (pwdata_i), .pstrb_i (pstrb_i), .pprot_i (pprot_i), .prdata_o (prdata),
    .pready_o (pready), .pslverr_o (pslverr),
    .ia_valid_i (ia_valid_i), .ia_addr_i (ia_addr_i), .ia_secure_i (ia_secure_i),
    .ia_priv_i (ia_priv_i),
    .da_valid_i (da_valid_i), .da_addr_i (da_addr_i), .da_size_i (da_size_i),
    .da_write_i (da_write_i), .da_data_i (da_data_i), .da_pc_i (da_pc_i),
    .da_secure_i (da_secure_i), .da_priv_i (da_priv_i), .da_fault_i (da_fault_i),
    .da_lazyfp_i (da_lazyfp_i),
    .exc_valid_i (exc_valid_i), .exc_fn_i (exc_fn_i), .exc_num_i (exc_num_i),
    .exc_secure_i (exc_secure_i), .sleeping_i (sleeping_i),
    .evt_cpi_i (evt_cpi_i), .evt_exc_i (evt_exc_i), .evt_sleep_i (evt_sleep_i),
    .evt_lsu_i (evt_lsu_i), .evt_fold_i (evt_fold_i),
    .pe_secure_i (pe_secure_i), .pe_priv_i (pe_priv_i), .halted_i (halted_i),
    .trcena_i (trcena_i), .niden_i (niden_i), .niden_p_i (niden_p_i), .spniden_i (spniden_i),
    .spniden_p_i (spniden_p_i), .hda_i (hda_i), .uhda_i (uhda_i), .uhda_s_i (uhda_s_i),
    .c_debugen_i (c_debugen_i), .s_halt_i (s_halt_i), .s_sde_i (s_sde_i),
    .mon_en_i (mon_en_i), .sdme_i (sdme_i), .umon_en_i (umon_en_i),
    .mon_prio_i (mon_prio_i), .monrdy_i (monrdy_i),
    .cmpmatch_o (cmpmatch), .wpt_halt_o (wpt_halt), .wpt_mon_o (wpt_mon),
    .hw_valid_o (hw_valid), .hw_ready_i (hw_ready_i), .hw_data_o (hw_data),
    .hw_ovf_o (hw_ovf), .sync_req_o (sync_req)
  );

  // Internal state, driven by formal/run.sh.
  logic [31:0]            fv_ctrl;     // u_regs.ctrl_q (writable DWT_CTRL bits)
  logic [NumCompW*32-1:0] fv_comp;     // u_regs.comp_q
  logic [NumCompW*4-1:0]  fv_fmatch;   // u_regs.fmatch_q
  logic [NumCompW*2-1:0]  fv_faction;  // u_regs.faction_q
  logic [NumCompW*2-1:0]  fv_fdvsize;  // u_regs.fdvsize_q
  logic [NumCompW*32-1:0] fv_vmask;    // u_regs.vmask_q
  logic [NumCompW-1:0]    fv_matched;  // u_cmp.matched_q
  logic [31:0]            fv_cyccnt;   // u_cnt.cyccnt_q
  logic [39:0]            fv_cnt;      // u_cnt.cnt_q, counter k at [8k +: 8]
  logic [NumCompW-1:0]    fv_mset;     // u_cmp's `upd`: the match computed at this edge
                                       // (comparators matching now; the block's next value)

  // ---- Environment -----------------------------------------------------------------------
`include "apb_props.svh"

  // ---- Expected read value (contract section 4), except DWT_PCSR (section 12) -----------
  logic [31:0] f_rdata;
  logic        f_is_pcsr;
  assign f_is_pcsr = (paddr_i[11:2] == 10'h007);

  // [DWT-ID-1] the ID of comparator n
  function automatic logic [4:0] f_id(int n);
    f_id = {((n % 2) == 1), 1'b1, (HasMain != 0) && ((n % 2) == 1), 1'b1,
            (HasCycCnt != 0) && (n == 0)};
  endfunction

  always_comb begin
    case (paddr_i[11:2])
      10'h000: f_rdata = fv_ctrl | (32'(NumComp) << 28) | (32'(HasTrace == 0) << 27) |
                         (32'(HasExtTrig == 0) << 26) | (32'(HasCycCnt == 0) << 25) |
                         (32'(HasPrfCnt == 0) << 24);
      10'h001: f_rdata = (HasCycCnt != 0) ? fv_cyccnt : 32'h0;
      10'h002: f_rdata = (HasPrfCnt != 0) ? {24'h0, fv_cnt[7:0]} : 32'h0;
      10'h003: f_rdata = (HasPrfCnt != 0) ? {24'h0, fv_cnt[15:8]} : 32'h0;
      10'h004: f_rdata = (HasPrfCnt != 0) ? {24'h0, fv_cnt[23:16]} : 32'h0;
      10'h005: f_rdata = (HasPrfCnt != 0) ? {24'h0, fv_cnt[31:24]} : 32'h0;
      10'h006: f_rdata = (HasPrfCnt != 0) ? {24'h0, fv_cnt[39:32]} : 32'h0;
      10'h3EF: f_rdata = 32'h4770_1A02 | (32'(HasVmask != 0) << 16);   // DEVARCH
      10'h3F4: f_rdata = 32'h04;
      10'h3F8: f_rdata = 32'h21;
      10'h3F9: f_rdata = 32'hBD;
      10'h3FA: f_rdata = 32'h0B;
      10'h3FC: f_rdata = 32'h0D;
      10'h3FD: f_rdata = 32'h90;
      10'h3FE: f_rdata = 32'h05;
      10'h3FF: f_rdata = 32'hB1;
      default: f_rdata = 32'h0;                                        // RAZ, DEVTYPE 0
    endcase
    for (int n = 0; n < NumComp; n++) begin
      if (paddr_i[11:4] == 8'(2 + n)) begin
        case (paddr_i[3:2])
          2'd0: f_rdata = fv_comp[32*n +: 32];
          2'd2: f_rdata = (32'(f_id(n)) << 27) | (32'(fv_matched[n]) << 24) |
                          (32'(fv_fdvsize[2*n +: 2]) << 10) | (32'(fv_faction[2*n +: 2]) << 4) |
                          32'(fv_fmatch[4*n +: 4]);
          2'd3: f_rdata = ((HasVmask != 0) && ((f_id(n) & 5'b00100) != 5'b0)) ? fv_vmask[32*n +: 32] : 32'h0;
          default: f_rdata = 32'h0;
        endcase
      end
    end
  end

  // Cycle t-1's values beyond the APB's.
  logic        p_pcsr;
  logic [31:0] p_rdata, p_ctrl;
  logic [NumCompW*32-1:0] p_comp, p_vmask;
  logic [NumCompW*4-1:0]  p_fmatch;
  logic [NumCompW*2-1:0]  p_faction, p_fdvsize;
  logic [NumCompW-1:0]    p_matched, p_mset;

  always_ff @(posedge clk_i) begin
    p_rdata   <= f_rdata;
    p_pcsr    <= f_is_pcsr;
    p_ctrl    <= fv_ctrl;
    p_comp    <= fv_comp;
    p_vmask   <= fv_vmask;
    p_fmatch  <= fv_fmatch;
    p_faction <= fv_faction;
    p_fdvsize <= fv_fdvsize;
    p_matched <= fv_matched;
    p_mset    <= fv_mset;
  end

  // ---- Properties ------------------------------------------------------------------------
  logic wr_ok;
  assign wr_ok = p_access && p_pwrite && (p_pstrb == 4'hF);

  always @(posedge clk_i) begin
    if (rst_ni && f_past) begin
      // [DWT-APB-1] read data of the setup cycle (DWT_PCSR excepted), 0 otherwise (PREADY:
      // apb_props)
      prdata_A:  assert ((p_setup && !p_pwrite && p_pcsr) ||
                         (prdata == ((p_setup && !p_pwrite) ? p_rdata : 32'h0)));
      // [DWT-APB-2] an error only for a write with a partial strobe
      pslverr_A: assert (pslverr == (p_setup && p_pwrite && (p_pstrb != 4'hF)));
      // no register change without its write: DWT_CTRL, and per comparator COMPn,
      // FUNCTIONn (MATCH, ACTION, DATAVSIZE as written [DWT-REG-2]), VMASKn
      ctrl_A:    assert ((fv_ctrl == p_ctrl) || (wr_ok && (p_paddr[11:2] == 10'h000)));
      for (int n = 0; n < NumComp; n++) begin
        assert ((fv_comp[32*n +: 32] == p_comp[32*n +: 32]) ||
                (wr_ok && (p_paddr[11:2] == 10'(8 + 4 * n)) && (fv_comp[32*n +: 32] == p_pwdata)));
        assert (((fv_fmatch[4*n +: 4] == p_fmatch[4*n +: 4]) &&
                 (fv_faction[2*n +: 2] == p_faction[2*n +: 2]) &&
                 (fv_fdvsize[2*n +: 2] == p_fdvsize[2*n +: 2])) ||
                (wr_ok && (p_paddr[11:2] == 10'(10 + 4 * n)) &&
                 (fv_fmatch[4*n +: 4] == p_pwdata[3:0]) && (fv_faction[2*n +: 2] == p_pwdata[5:4]) &&
                 (fv_fdvsize[2*n +: 2] == p_pwdata[11:10])));
        assert ((fv_vmask[32*n +: 32] == p_vmask[32*n +: 32]) ||
                (wr_ok && (p_paddr[11:2] == 10'(11 + 4 * n)) && (fv_vmask[32*n +: 32] == p_pwdata)));
        // [DWT-MATCHED-2] MATCHED falls only at the setup edge of a read of its FUNCTIONn
        assert (!(p_matched[n] && !fv_matched[n]) ||
                (p_setup && !p_pwrite && (p_paddr[11:2] == 10'(10 + 4 * n))));
        // [DWT-MATCHED-1], [DWT-EVAL-2] a match sets MATCHED, also at the edge of a read
        assert (!p_mset[n] || fv_matched[n]);
      end
    end
  end

endmodule

`default_nettype wire
