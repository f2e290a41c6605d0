// SPDX-License-Identifier: Apache-2.0
// TPIU parallel trace port engine: shifts frame-buffer units (or inserted half-word syncs) out
// on TRACEDATA, cw bits per clk_i cycle, with TRACECLK at half the clk_i rate (DDR).
// Spec: Armv8-M B14.4 (TPIU), packet-protocol-facts 3; docs/tpiu-contract.md section 6.

`default_nettype none

module tpiu_par #(
  parameter int PortWidth = 4  // TRACEDATA pins: 1, 2, 4, 8
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  // configuration (tpiu_regs)
  input  logic                 par_mode_i,   // TXMODE == 00
  input  logic [3:0]           cw_i,         // CSPSR size: 1, 2, 4, 8
  input  logic                 restart_i,    // [TPIU-MODE-2] restart at this edge
  // frame buffer head (tpiu_fbuf), valid only while a complete burst is in [TPIU-BURST-2]
  input  logic                 u_valid_i,
  input  logic [15:0]          u_data_i,
  output logic                 u_take_o,     // the unit is loaded (popped) at this edge
  // pins
  output logic                 traceclk_o,
  output logic [PortWidth-1:0] tracedata_o,
  // observation [TPIU-TXB-1]
  output logic                 txb_valid_o,
  output logic [7:0]           txb_o,
  // flush completion term [TPIU-FLUSH-2]
  output logic                 par_empty_o   // !sh_data || left <= 1
);

  // ---- Registers -------------------------------------------------------------------------
  logic [15:0] sh_q, sh_d;            // the unit being shifted out, LSBs on the pins
  logic [4:0]  left_q, left_d;        // chunks still to show, including the current one
  logic [3:0]  cw_q, cw_d;            // chunk width latched at load
  logic        sh_data_q, sh_data_d;  // the shifter holds a formatter unit (not an HSYNC)
  logic        traceclk_q, traceclk_d;
  logic        txb_valid_q, txb_valid_d;
  logic [7:0]  txb_q, txb_d;

  // Chunks per 16-bit unit, 16 / cw, for the one-hot sizes 1, 2, 4, 8: the bit-reversed
  // size shifted left by one (16, 8, 4, 2): plain wiring, no divider and no function call.
  logic [4:0] chunks_in, chunks_d, chunks_q;

  assign chunks_in = {cw_i[0], cw_i[1], cw_i[2], cw_i[3], 1'b0};
  assign chunks_d  = {cw_d[0], cw_d[1], cw_d[2], cw_d[3], 1'b0};
  assign chunks_q  = {cw_q[0], cw_q[1], cw_q[2], cw_q[3], 1'b0};

  // [TPIU-PAR-2], [TPIU-PAR-3]
  always_comb begin
    sh_d        = sh_q;
    left_d      = left_q;
    cw_d        = cw_q;
    sh_data_d   = sh_data_q;
    traceclk_d  = traceclk_q;
    u_take_o    = 1'b0;

    if (restart_i) begin
      // [TPIU-MODE-2] the engine restarts from its reset values.
      sh_d       = 16'h0000;
      left_d     = 5'd0;
      cw_d       = 4'd1;
      sh_data_d  = 1'b0;
      traceclk_d = 1'b0;
    end else if (par_mode_i) begin
      traceclk_d = ~traceclk_q;
      if (left_q > 5'd1) begin
        // next chunk of the current unit
        sh_d   = sh_q >> cw_q;
        left_d = left_q - 5'd1;
      end else begin
        // load: the head unit if a complete burst is in, else a half-word sync, so the port
        // never stops and syncs fall only between bursts; the chunk width is CSPSR now.
        if (u_valid_i) begin
          sh_d      = u_data_i;
          sh_data_d = 1'b1;
          u_take_o  = 1'b1;
        end else begin
          sh_d      = tpiu_pkg::HsyncWord;
          sh_data_d = 1'b0;
        end
        cw_d   = cw_i;
        left_d = chunks_in;
      end
    end else begin
      // [TPIU-PAR-3] TRACECLK is 0 outside the parallel mode.
      traceclk_d = 1'b0;
    end
  end

  // [TPIU-TXB-1] a byte's first chunk is on the pins after this edge: byte0 at a load
  // (left_d == 16/cw_d), byte1 half way through the unit (left_d == 8/cw_d). In its own
  // block, so that no always_comb reads a variable it writes (Icarus 11 re-triggers it).
  always_comb begin
    txb_valid_d = 1'b0;
    txb_d       = 8'h00;
    if (par_mode_i && !restart_i &&
        ((left_d == chunks_d) || (left_d == (chunks_d >> 1)))) begin
      txb_valid_d = 1'b1;
      txb_d       = sh_d[7:0];
    end
  end

  // [TPIU-PAR-1] cw_q bits per cycle, least significant first, 0 when not shifting.
  logic [PortWidth-1:0] cw_mask;  // pins [cw_q-1:0]

  assign cw_mask     = PortWidth'((16'h0001 << cw_q) - 16'h0001);
  assign tracedata_o = (par_mode_i && (left_q != 5'd0)) ? (sh_q[PortWidth-1:0] & cw_mask) : '0;

  assign traceclk_o  = traceclk_q;
  assign txb_valid_o = txb_valid_q;
  assign txb_o       = txb_q;
  assign par_empty_o = !sh_data_q || (left_q <= 5'd1);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sh_q        <= 16'h0000;
      left_q      <= 5'd0;
      cw_q        <= 4'd1;
      sh_data_q   <= 1'b0;
      traceclk_q  <= 1'b0;
      txb_valid_q <= 1'b0;
      txb_q       <= 8'h00;
    end else begin
      sh_q        <= sh_d;
      left_q      <= left_d;
      cw_q        <= cw_d;
      sh_data_q   <= sh_data_d;
      traceclk_q  <= traceclk_d;
      txb_valid_q <= txb_valid_d;
      txb_q       <= txb_d;
    end
  end

  // ---- Assertions ------------------------------------------------------------------------
`ifndef SYNTHESIS
  always @(posedge clk_i or negedge rst_ni) begin : chunk_state_A
    if (rst_ni) begin
      assert ((left_q <= chunks_q) && (int'(cw_q) <= PortWidth) &&
              ((cw_q == 4'd1) || (cw_q == 4'd2) || (cw_q == 4'd4) || (cw_q == 4'd8)))
        else $error("%m: parallel engine state illegal");
    end
  end
`endif

endmodule

`default_nettype wire
