// SPDX-License-Identifier: Apache-2.0
// ITM global timestamps: request/pending state, last sent value and GTS1/GTS2 encoders.
// Spec: Armv8-M B14.1.3 (global timestamps); docs/itm-contract.md section 12.

`default_nettype none

`include "cs_assert.svh"

module itm_gts #(
  parameter int GtsWidth = 64  // global timestamp bits, 48 or 64
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // enables: register value and value after this edge (ITM_TCR write)
  input  logic        itm_on_i,
  input  logic [1:0]  gtsfreq_i,
  input  logic        gts_en_rise_i,   // gts_en is 1 in this cycle and was 0 in the last
  input  logic        sync_en_rise_i,  // sync request kind 1 (sync enabled in this cycle)
  input  logic        sync_k23_i,      // sync request kinds 2 and 3
  // external timestamp interface
  input  logic [63:0] gts_i,
  input  logic        gts_clkch_i,
  // packet engine events at this edge
  input  logic        load_src_i,      // loads an instrumentation or hardware packet P
  input  logic        src_aged_i,      // aged(P): P is delayed
  input  logic        load_gts1_i,
  input  logic        load_gts2_i,
  // state and packets for the arbiter
  output logic        gts1_pending_o,
  output logic        gts2_pending_o,
  output logic [55:0] gts1_pkt_o,
  output logic [2:0]  gts1_len_o,
  output logic [55:0] gts2_pkt_o,
  output logic [2:0]  gts2_len_o
);

  localparam int HiWidth = GtsWidth - 26;  // bits [GtsWidth-1:26] carried by GTS2

  // ---- State -----------------------------------------------------------------------------
  logic [GtsWidth-1:0] gts_last_q, gts_last_d;  // sample of the last GTS1 sent
  logic [HiWidth-1:0]  gts2_hi_q, gts2_hi_d;    // high bits for the pending GTS2
  logic                gts1_pending_q, gts1_pending_d;
  logic                gts2_pending_q, gts2_pending_d;
  logic                gts_full_req_q, gts_full_req_d;
  logic                gts_clkch_q, gts_clkch_d;

  // ---- Derived values --------------------------------------------------------------------
  logic [GtsWidth-1:0] g;  // G = gts_i masked to GtsWidth bits
  logic                gts_en;
  logic                hi_chg, req_cond, gts1_req, full_set, full;

  assign g          = gts_i[GtsWidth-1:0];
  assign gts_en     = itm_on_i & (gtsfreq_i != 2'b00);
  assign hi_chg     = (g[GtsWidth-1:26] != gts_last_q[GtsWidth-1:26]);

  // [ITM-GTS-2] request a GTS1 after a not delayed instrumentation or hardware packet.
  assign req_cond = gts_full_req_q | hi_chg |
                    ((gtsfreq_i == 2'b01) & (g[GtsWidth-1:7] != gts_last_q[GtsWidth-1:7])) |
                    ((gtsfreq_i == 2'b10) & (g[GtsWidth-1:13] != gts_last_q[GtsWidth-1:13])) |
                    (gtsfreq_i == 2'b11);
  assign gts1_req = load_src_i & ~src_aged_i & gts_en & ~gts1_pending_q & req_cond;

  // [ITM-GTS-1] full-timestamp requests: GTS just enabled, clock change, any sync request
  // ([ITM-GTS-4]: kinds 2/3 count even when SYNCENA is 0).
  assign full_set = gts_en & (gts_en_rise_i | sync_en_rise_i | gts_clkch_i | sync_k23_i);

  // [ITM-GTS-3] the GTS1 loaded in this cycle samples S = G and is full when the high bits
  // changed, a full timestamp was requested, or a GTS2 is still pending ([ITM-GTS-5]).
  assign full = gts_full_req_q | hi_chg | gts2_pending_q;

  always_comb begin
    gts1_pending_d = gts1_pending_q;
    gts2_pending_d = gts2_pending_q;
    gts_full_req_d = gts_full_req_q;
    gts_clkch_d    = gts_clkch_q;
    gts_last_d     = gts_last_q;
    gts2_hi_d      = gts2_hi_q;
    if (load_gts1_i) begin
      gts_last_d     = g;
      gts1_pending_d = 1'b0;
      gts_clkch_d    = 1'b0;
      if (full) begin
        gts2_pending_d = 1'b1;
        gts2_hi_d      = g[GtsWidth-1:26];
        gts_full_req_d = 1'b0;
      end
    end
    if (load_gts2_i) begin
      gts2_pending_d = 1'b0;  // [ITM-GTS-6]
    end
    if (gts1_req) begin
      gts1_pending_d = 1'b1;
    end
    if (gts_en && gts_clkch_i) begin
      gts_clkch_d = 1'b1;
    end
    // When gts_en == 0 every GTS flag is cleared (gts_last is kept) ...
    if (!gts_en) begin
      gts1_pending_d = 1'b0;
      gts2_pending_d = 1'b0;
      gts_full_req_d = 1'b0;
      gts_clkch_d    = 1'b0;
    end
    // ... but a request raised at this edge (possibly by the enabling write itself) is set.
    if (full_set) begin
      gts_full_req_d = 1'b1;
    end
  end

  assign gts1_pending_o = gts1_pending_q;
  assign gts2_pending_o = gts2_pending_q;

  // ---- GTS1 encoder ----------------------------------------------------------------------
  logic [25:7] diff;  // changed bits above the first payload group
  logic [2:0]  nb;    // payload bytes 1..4

  assign diff = g[25:7] ^ gts_last_q[25:7];

  always_comb begin
    if (full || (diff[25:21] != 5'd0)) begin
      nb = 3'd4;
    end else if (diff[20:14] != 7'd0) begin
      nb = 3'd3;
    end else if (diff[13:7] != 7'd0) begin
      nb = 3'd2;
    end else begin
      nb = 3'd1;
    end
  end

  // Payload: GTS[6:0], [13:7], [20:14] with C when more follow, then {0, Wrap, ClkCh, [25:21]}.
  assign gts1_pkt_o = {16'h0,
                       1'b0, full, full & gts_clkch_q, g[25:21],
                       (nb > 3'd3), g[20:14],
                       (nb > 3'd2), g[13:7],
                       (nb > 3'd1), g[6:0],
                       itm_pkg::HdrGts1};
  assign gts1_len_o = 3'd1 + nb;

  // ---- GTS2 encoder [ITM-GTS-6] ----------------------------------------------------------
  logic [37:0] h;

  assign h = 38'(gts2_hi_q);

  if (GtsWidth == 64) begin : gen_gts2_64
    // 7 bytes: GTS[32:26] .. GTS[60:54] with C = 1, then {00000, GTS[63:61]}
    assign gts2_pkt_o = {5'h0, h[37:35],
                         1'b1, h[34:28],
                         1'b1, h[27:21],
                         1'b1, h[20:14],
                         1'b1, h[13:7],
                         1'b1, h[6:0],
                         itm_pkg::HdrGts2};
    assign gts2_len_o = 3'd7;
  end else begin : gen_gts2_48
    // 5 bytes: GTS[32:26], [39:33], [46:40] with C = 1, then {0000000, GTS[47]}
    assign gts2_pkt_o = {16'h0,
                         7'h0, h[21],
                         1'b1, h[20:14],
                         1'b1, h[13:7],
                         1'b1, h[6:0],
                         itm_pkg::HdrGts2};
    assign gts2_len_o = 3'd5;
    // Bits of the zero-extended high part that a 48-bit GTS2 does not carry (always 0).
    logic unused_h;
    assign unused_h = ^h[37:22];
  end

  if (GtsWidth < 64) begin : gen_gts_unused
    // Bits of gts_i above GtsWidth are ignored (contract section 3).
    logic unused_gts;
    assign unused_gts = ^gts_i[63:GtsWidth];
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      gts_last_q     <= '0;
      gts2_hi_q      <= '0;
      gts1_pending_q <= 1'b0;
      gts2_pending_q <= 1'b0;
      gts_full_req_q <= 1'b0;
      gts_clkch_q    <= 1'b0;
    end else begin
      gts_last_q     <= gts_last_d;
      gts2_hi_q      <= gts2_hi_d;
      gts1_pending_q <= gts1_pending_d;
      gts2_pending_q <= gts2_pending_d;
      gts_full_req_q <= gts_full_req_d;
      gts_clkch_q    <= gts_clkch_d;
    end
  end

  // ---- Assertions ------------------------------------------------------------------------
  `CS_ASSERT_INIT(params_A, (GtsWidth == 48) || (GtsWidth == 64))
  `CS_ASSERT(gts_one_load_A, !(load_gts1_i && load_gts2_i))
  `CS_ASSERT(gts_clkch_full_A, !gts_clkch_q || gts_full_req_q)

endmodule

`default_nettype wire
