// SPDX-License-Identifier: Apache-2.0
// The APB part every formal wrapper shares (formal/itm_props.sv, tpiu_props.sv, fpb_props.sv,
// dwt_props.sv, top_props.sv), included in the wrapper's module body after its ports:
// reset in the first cycle, f_past, the setup/access phases, the previous cycle's APB
// signals (p_*), the legal APB master as _M assumptions (AMBA APB4: an access follows its
// setup with the same address, control, strobes and data, and a setup is always followed by
// its access; no access phase in the first cycle after reset) and PREADY always 1
// (docs/itm-contract.md [ITM-APB-1], tpiu-contract.md §4, fpb-contract.md §7, dwt-contract.md
// §4: no wait states).
// Needs: clk_i, rst_ni, psel_i, penable_i, pwrite_i, paddr_i, pwdata_i, pstrb_i, pprot_i and
// the wrapper's `pready` (the DUT's pready_o); `FV_APB_AW, the width of paddr_i, defaults to
// 12 (a block's own frame; trace_top's 20-bit PPB offset defines it first).

`ifndef FV_APB_AW
`define FV_APB_AW 12
`endif

  // ---- APB environment (formal/apb_props.svh) ----------------------------------------------
  initial begin
    reset_M: assume (!rst_ni);
  end

  logic f_past;  // 1 from the second cycle after reset on
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      f_past <= 1'b0;
    end else begin
      f_past <= 1'b1;
    end
  end

  logic                  setup, access;
  logic                  p_setup, p_access, p_pwrite;
  logic [`FV_APB_AW-1:0] p_paddr;
  logic [31:0]           p_pwdata;
  logic [3:0]            p_pstrb;
  logic [2:0]            p_pprot;

  assign setup  = psel_i && !penable_i;
  assign access = psel_i && penable_i;

  // Cycle t-1's APB signals, for the _M and _A checks of cycle t.
  always_ff @(posedge clk_i) begin
    p_setup  <= setup;
    p_access <= access;
    p_pwrite <= pwrite_i;
    p_paddr  <= paddr_i;
    p_pwdata <= pwdata_i;
    p_pstrb  <= pstrb_i;
    p_pprot  <= pprot_i;
  end

  always @(*) begin
    if (rst_ni && f_past) begin
      apb_access_M: assume (!access || (p_setup && (paddr_i == p_paddr) && (pwrite_i == p_pwrite) &&
                                        (pwdata_i == p_pwdata) && (pstrb_i == p_pstrb) &&
                                        (pprot_i == p_pprot)));
      apb_setup_M:  assume (!p_setup || access);
    end
    if (rst_ni && !f_past) begin
      apb_first_M: assume (!access);
    end
  end

  always @(posedge clk_i) begin
    if (rst_ni) begin
      pready_A: assert (pready);
    end
  end

`undef FV_APB_AW
