// SPDX-License-Identifier: Apache-2.0
// FPB instruction address comparators and breakpoint debug-event generation.
// Spec: Armv8-M B14.5.2 (FPB operation); docs/fpb-contract.md sections 5 and 6.

`default_nettype none

`include "cs_assert.svh"

module fpb_match #(
  parameter int NumCode    = 8,     // instruction address comparators: 0..32
  parameter int BothHalves = 1,     // a comparator on the second halfword also matches
  parameter int SecExt     = 1,     // Security Extension implemented
  parameter int Ude        = 1      // Unprivileged Debug Extension implemented
) (
  input  logic                                        clk_i,
  input  logic                                        rst_ni,
  // register values (FP_CTRL.ENABLE, FP_COMPn at [32n +: 32])
  input  logic                                        enable_i,
  input  logic [((NumCode > 0) ? NumCode : 1)*32-1:0] comp_i,
  // instruction-side access of this cycle
  input  logic                                        if_valid_i,
  input  logic [31:0]                                 if_addr_i,
  input  logic [1:0]                                  if_kind_i,
  input  logic                                        if_size32_i,
  input  logic                                        if_secure_i,
  input  logic                                        if_priv_i,
  // authentication and debug state of this cycle
  input  logic                                        hda_i,
  input  logic                                        uhda_i,
  input  logic                                        uhda_s_i,
  input  logic                                        c_debugen_i,
  input  logic                                        s_halt_i,
  input  logic                                        s_sde_i,
  input  logic                                        mon_en_i,
  input  logic                                        sdme_i,
  input  logic                                        umon_en_i,
  input  logic                                        mon_prio_i,
  // [FPB-TIME-1] one-cycle pulses in the cycle after the access
  output logic                                        match_o,
  output logic                                        bkpt_halt_o,
  output logic                                        bkpt_mon_o
);

  localparam int NumCodeW = (NumCode > 0) ? NumCode : 1;

  // ---- Comparators (contract section 5) --------------------------------------------------
  logic [30:0]         a_hw, a_hw_next;
  logic [NumCodeW-1:0] cmp_hit;
  logic                fetch_ok, match;

  // [FPB-MATCH-2] halfword granular: if_addr_i[0] is dropped.
  assign a_hw      = if_addr_i[31:1];
  // [FPB-MATCH-3] second halfword of a 32-bit instruction; wraps modulo 2^31.
  assign a_hw_next = a_hw + 31'd1;

  // The comparisons only in a cycle whose match they can make (match = enable_i && fetch_ok
  // && |cmp_hit is their only use): the same AND in hardware; the simulation skips them in
  // every other cycle.
  always_comb begin
    cmp_hit = '0;
    if (enable_i && fetch_ok) begin
      for (int n = 0; n < NumCode; n++) begin
        // [FPB-MATCH-4] BE[n] = 0 disables comparator n.
        cmp_hit[n] = comp_i[n*32 + fpb_pkg::CompBe] &&
                     ((comp_i[n*32 + fpb_pkg::CompBpAddrLsb +: 31] == a_hw) ||
                      ((BothHalves != 0) && if_size32_i &&
                       (comp_i[n*32 + fpb_pkg::CompBpAddrLsb +: 31] == a_hw_next)));
      end
    end
  end

  // [FPB-MATCH-1] only instruction fetches match; [FPB-MATCH-4] ENABLE gates everything and
  // TRCENA/trace authentication play no part.
  assign fetch_ok = if_valid_i && (if_kind_i == fpb_pkg::KindIFetch);
  assign match    = enable_i && fetch_ok && (|cmp_hit);

  // ---- Debug-event gating (contract section 6) -------------------------------------------
  // [FPB-CTX-1] every term uses the values of the fetch's own cycle.
  logic s, unpriv, halt80, halt81, halt, mon, mon_en;

  // With SecExt == 0 every instruction is Non-secure.
  assign s      = (SecExt != 0) && if_secure_i;
  assign unpriv = !if_priv_i;

  // [FPB-HALT-1] Armv8.0-M halting rule.
  assign halt80 = hda_i && c_debugen_i && !s_halt_i && (!s || s_sde_i);
  // [FPB-HALT-2] Armv8.1-M UDE rule for unprivileged code (no C_DEBUGEN term).
  assign halt81 = (Ude != 0) && unpriv && (hda_i || uhda_i) && !s_halt_i &&
                  (!s || uhda_s_i);
  assign halt   = match && (halt80 || halt81);

  // [FPB-MON-1] [FPB-MON-2] a match that does not halt pends DebugMonitor; [FPB-IGN-1]
  // otherwise it is ignored (match_o still shows it).
  assign mon_en = mon_en_i || ((Ude != 0) && umon_en_i && unpriv);
  assign mon    = match && !halt && mon_en && !s_halt_i && mon_prio_i && (!s || sdme_i);

  // ---- Output registers ------------------------------------------------------------------
  logic match_q, halt_q, mon_q;

  assign match_o     = match_q;
  assign bkpt_halt_o = halt_q;
  assign bkpt_mon_o  = mon_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      match_q <= 1'b0;
      halt_q  <= 1'b0;
      mon_q   <= 1'b0;
    end else begin
      match_q <= match;
      halt_q  <= halt;
      mon_q   <= mon;
    end
  end

  // Inputs a configuration does not use (SecExt == 0: if_secure_i; Ude == 0: uhda_i,
  // uhda_s_i, umon_en_i; NumCode == 0: the address and comparator words).
  logic unused_cfg;
  assign unused_cfg = ^{comp_i, if_addr_i, if_size32_i, if_secure_i, uhda_i, uhda_s_i,
                        umon_en_i};

  // ---- Assertions ------------------------------------------------------------------------
  `CS_ASSERT_INIT(params_A, (NumCode >= 0) && (NumCode <= 32) && (BothHalves >= 0) &&
                            (BothHalves <= 1) && (SecExt >= 0) && (SecExt <= 1) &&
                            (Ude >= 0) && (Ude <= 1))
  // [FPB-TIME-1] halt and DebugMonitor are exclusive; both need a match.
  `CS_ASSERT(halt_mon_excl_A, !(halt_q && mon_q))
  `CS_ASSERT(halt_needs_match_A, !halt_q || match_q)
  `CS_ASSERT(mon_needs_match_A, !mon_q || match_q)
  `CS_ASSERT_KNOWN(fetch_ctrl_known_A, {if_valid_i, enable_i})

endmodule

`default_nettype wire
