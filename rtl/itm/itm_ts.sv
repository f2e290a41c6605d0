// SPDX-License-Identifier: Apache-2.0
// ITM local timestamps: prescaler, delta counter, LTS pending/TC state and LTS encoder.
// Spec: Armv8-M B14.1.3 (local timestamps); docs/itm-contract.md section 11.

`default_nettype none

`include "cs_assert.svh"

module itm_ts #(
  parameter int TsWidth = 12  // local timestamp counter bits, 1..28
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // configuration (ITM_TCR register value) and enables
  input  logic        itm_on_i,
  input  logic        tsena_i,
  input  logic        swoena_i,
  input  logic [1:0]  tsprescale_i,
  // PE and TPIU state
  input  logic        halted_i,
  input  logic        ts_async_tick_i,
  input  logic        async_idle_i,
  // packet engine events at this edge
  input  logic        load_src_i,    // loads an instrumentation or hardware packet P
  input  logic        src_aged_i,    // aged(P)
  input  logic        load_other_i,  // loads any packet other than the LTS
  input  logic        load_lts_i,    // loads the LTS packet
  // state and packet for the arbiter
  output logic        lts_pending_o,
  output logic        wrap_o,        // counter overflow at this edge: overflow packet
  output logic [55:0] lts_pkt_o,     // byte 0 = header, in [7:0]
  output logic [2:0]  lts_len_o
);

  // ---- Prescaler and counter [ITM-LTS-5..8] ----------------------------------------------
  logic               tsena_eff, hold, src_tick, presc_done, tick;
  logic [5:0]         div_m1;
  logic [5:0]         tsp_q, tsp_d;
  logic [TsWidth-1:0] ts_q, ts_d;

  assign tsena_eff = itm_on_i & tsena_i & ~(halted_i & ~swoena_i);  // [ITM-LTS-8]
  assign hold      = ~tsena_eff | (swoena_i & async_idle_i);        // [ITM-LTS-7]
  assign src_tick  = swoena_i ? ts_async_tick_i : 1'b1;             // [ITM-LTS-6]

  // [ITM-LTS-5] the prescaler divides the asynchronous clock only: with SWOENA = 0 the
  // counter ticks every clk_i cycle (div = 1, tsp_q stays 0) whatever TSPrescale holds
  // (B14.1.3: the counter increments on every PE clock cycle); TSPrescale is still stored
  // and read back in itm_regs.
  always_comb begin
    div_m1 = 6'd0;
    if (swoena_i) begin
      unique case (tsprescale_i)
        2'b00:   div_m1 = 6'd0;
        2'b01:   div_m1 = 6'd3;
        2'b10:   div_m1 = 6'd15;
        default: div_m1 = 6'd63;
      endcase
    end
  end

  assign presc_done = (tsp_q >= div_m1);
  assign tick       = ~hold & src_tick & presc_done;

  always_comb begin
    if (hold) begin
      tsp_d = '0;
    end else if (!src_tick) begin
      tsp_d = tsp_q;
    end else if (presc_done) begin
      tsp_d = '0;
    end else begin
      tsp_d = tsp_q + 6'd1;
    end
  end

  // Every tick is counted once, also in the cycle that loads an LTS (counter restarts at 0).
  always_comb begin
    if (hold) begin
      ts_d = '0;
    end else begin
      ts_d = (load_lts_i ? '0 : ts_q) + TsWidth'(tick);
    end
  end

  assign wrap_o = ~hold & ~load_lts_i & tick & (ts_q == {TsWidth{1'b1}});  // [ITM-LTS-2]

  // [ITM-LTS-10] half-range request: the counter's top bit is set (cycle t's ts_q), so an
  // LTS goes out before the counter wraps (B14.1.3: Arm recommends an LTS before overflow).
  logic half;
  assign half = ~hold & ts_q[TsWidth-1];

  // ---- Pending LTS and its TC bits [ITM-LTS-1..4] ----------------------------------------
  logic lts_pending_q, lts_pending_d;
  logic lts_tc0_q, lts_tc0_d;
  logic lts_tc1_q, lts_tc1_d;

  always_comb begin
    lts_pending_d = lts_pending_q;
    lts_tc0_d     = lts_tc0_q;
    lts_tc1_d     = lts_tc1_q;
    if (!tsena_eff) begin
      lts_pending_d = 1'b0;
      lts_tc0_d     = 1'b0;
      lts_tc1_d     = 1'b0;
    end else if (load_lts_i) begin
      // [ITM-LTS-4] emission clears the request (TC bits are don't-care while idle).
      lts_pending_d = 1'b0;
      lts_tc0_d     = 1'b0;
      lts_tc1_d     = 1'b0;
    end else if (!lts_pending_q) begin
      // [ITM-LTS-10] the half-range request and [ITM-LTS-2] a wrap open an LTS with TC 00;
      // [ITM-LTS-1] a trigger at the same edge sets its own TC values and wins.
      if (half || wrap_o) begin
        lts_pending_d = 1'b1;
        lts_tc0_d     = 1'b0;
        lts_tc1_d     = 1'b0;
      end
      // [ITM-LTS-1], [ITM-LTS-11] an LTS for a delayed packet (aged(P)) is TC 11, never 10:
      // its value, taken at the LTS load, includes the packet's wait.
      if (load_src_i && (ts_q != '0)) begin
        lts_pending_d = 1'b1;
        lts_tc0_d     = src_aged_i;
        lts_tc1_d     = src_aged_i;
      end
    end else begin
      // [ITM-LTS-1] second bullet and [ITM-LTS-3]: any other packet delays the pending LTS.
      if (load_other_i) begin
        lts_tc0_d = 1'b1;
      end
      if (load_src_i) begin
        lts_tc1_d = lts_tc1_q | src_aged_i;
      end
    end
  end

  assign lts_pending_o = lts_pending_q;

  // ---- LTS encoder [ITM-LTS-9] -----------------------------------------------------------
  logic [27:0] v;
  logic [1:0]  tc;
  logic [2:0]  ngrp;

  assign v  = 28'(ts_q);
  assign tc = {lts_tc1_q, lts_tc0_q};

  always_comb begin
    if (v[27:21] != 7'd0) begin
      ngrp = 3'd4;
    end else if (v[20:14] != 7'd0) begin
      ngrp = 3'd3;
    end else if (v[13:7] != 7'd0) begin
      ngrp = 3'd2;
    end else begin
      ngrp = 3'd1;
    end
  end

  always_comb begin
    if ((tc == 2'b00) && (v >= 28'd1) && (v <= 28'd6)) begin
      // 1-byte form {0, TS[2:0], 0000}
      lts_pkt_o = {48'h0, 1'b0, v[2:0], 4'h0};
      lts_len_o = 3'd1;
    end else begin
      // header {11, TC, 0000} then 7-bit groups, least significant first, C on all but last
      lts_pkt_o = {16'h0,
                   1'b0,               v[27:21],
                   (ngrp > 3'd3),      v[20:14],
                   (ngrp > 3'd2),      v[13:7],
                   (ngrp > 3'd1),      v[6:0],
                   itm_pkg::LtsLongHi, tc, 4'h0};
      lts_len_o = 3'd1 + ngrp;
    end
  end

  // ---- State -----------------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tsp_q         <= '0;
      ts_q          <= '0;
      lts_pending_q <= 1'b0;
      lts_tc0_q     <= 1'b0;
      lts_tc1_q     <= 1'b0;
    end else begin
      tsp_q         <= tsp_d;
      ts_q          <= ts_d;
      lts_pending_q <= lts_pending_d;
      lts_tc0_q     <= lts_tc0_d;
      lts_tc1_q     <= lts_tc1_d;
    end
  end

  // ---- Assertions ------------------------------------------------------------------------
  `CS_ASSERT_INIT(params_A, (TsWidth >= 1) && (TsWidth <= 28))
  `CS_ASSERT(lts_len_A, (lts_len_o >= 3'd1) && (lts_len_o <= 3'd5))
  `CS_ASSERT(lts_one_load_A, !(load_lts_i && load_src_i))
  `CS_ASSERT(lts_hold_zero_A, !hold || (ts_d == '0 && tsp_d == '0))
  // [ITM-LTS-5] with the synchronous clock the prescaler does not divide.
  `CS_ASSERT(tsp_sync_A, swoena_i || (tsp_d == '0))

endmodule

`default_nettype wire
