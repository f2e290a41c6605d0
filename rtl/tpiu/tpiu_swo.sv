// SPDX-License-Identifier: Apache-2.0
// TPIU Serial Wire Output: ACPR baud counter and the NRZ (UART) and Manchester encoders,
// one byte per character, characters back to back while bytes are ready.
// Spec: Armv8-M B14.4 (TPIU), packet-protocol-facts 4; docs/tpiu-contract.md section 7.

`default_nettype none

module tpiu_swo (
  input  logic        clk_i,
  input  logic        rst_ni,
  // configuration (tpiu_regs)
  input  logic        swo_mode_i,     // TXMODE == 01 or 10
  input  logic        nrz_mode_i,     // TXMODE == 10 (else Manchester)
  input  logic [15:0] swoscaler_i,    // ACPR.SWOSCALER
  input  logic        restart_i,      // [TPIU-MODE-2] restart at this edge
  input  logic        restart_nrz_i,  // the new mode is NRZ (idle level 1)
  // frame buffer head (tpiu_fbuf), valid only while a complete burst is in [TPIU-BURST-2]
  input  logic        u_valid_i,
  input  logic [1:0]  u_len_i,        // 1 or 2 bytes
  input  logic [15:0] u_data_i,       // [7:0] is sent first
  output logic        u_take_o,       // the unit is taken (popped) at this edge
  // pin and ITM-side status
  output logic        swo_o,
  output logic        tick_o,         // [TPIU-SWO-2] one line cell per tick
  output logic        async_idle_o,   // [TPIU-SWO-7]
  // observation [TPIU-TXB-1]
  output logic        txb_valid_o,
  output logic [7:0]  txb_o,
  // flush completion term [TPIU-FLUSH-2]
  output logic        swo_empty_o     // !ser_busy && !ser_more
);

  // Line level of cell `cidx` (`cell` is a Verilog keyword) of the character of byte `b`.
  // [TPIU-SWO-3] NRZ: 0 (start), data bits 0..7, 1 (stop).
  // [TPIU-SWO-4] Manchester: 1 0 (start bit, a logic 1), per data bit b, !b, then 0 0 (stop).
  function automatic logic cell_level(input logic nrz, input logic [7:0] b,
                                      input logic [4:0] cidx);
    logic [2:0] nrz_bit, man_bit;
    nrz_bit = cidx[2:0] - 3'd1;  // data bit of NRZ cells 1..8
    man_bit = cidx[3:1] - 3'd1;  // data bit of Manchester cells 2..17
    if (nrz) begin
      if (cidx == 5'd0) begin
        cell_level = 1'b0;
      end else if (cidx <= 5'd8) begin
        cell_level = b[nrz_bit];
      end else begin
        cell_level = 1'b1;
      end
    end else begin
      if (cidx == 5'd0) begin
        cell_level = 1'b1;
      end else if (cidx == 5'd1) begin
        cell_level = 1'b0;
      end else if (cidx <= 5'd17) begin
        cell_level = b[man_bit] ^ cidx[0];
      end else begin
        cell_level = 1'b0;
      end
    end
  endfunction

  // ---- Registers -------------------------------------------------------------------------
  logic [15:0] bc_q, bc_d;                  // baud counter
  logic        ser_busy_q, ser_busy_d;      // a character is on the line
  logic [4:0]  ser_cell_q, ser_cell_d;      // the cell now on the line
  logic [7:0]  ser_byte_q, ser_byte_d;      // the byte of that character
  logic [7:0]  ser_buf_q, ser_buf_d;        // second byte of the unit
  logic        ser_more_q, ser_more_d;      // ser_buf_q waits to be sent
  logic        swo_q, swo_d;
  logic        txb_valid_q, txb_valid_d;
  logic [7:0]  txb_q, txb_d;

  logic       tick, idle_level, start;
  logic [4:0] last_cell;
  logic [7:0] start_byte;

  // [TPIU-SWO-1] one tick every SWOSCALER+1 cycles in an SWO mode.
  assign tick       = swo_mode_i && (bc_q >= swoscaler_i);
  assign idle_level = nrz_mode_i;  // NRZ idles high (mark), Manchester low
  assign last_cell  = nrz_mode_i ? tpiu_pkg::NrzLastCell : tpiu_pkg::ManLastCell;

  // [TPIU-SWO-5] a character starts at a tick edge when the line is idle or the last cell
  // ends, with the unit's second byte if one waits, else byte0 of the frame buffer's head.
  logic char_end;

  assign char_end = tick && !restart_i && (!ser_busy_q || (ser_cell_q == last_cell));

  always_comb begin
    start      = 1'b0;
    start_byte = 8'h00;
    u_take_o   = 1'b0;
    if (char_end && ser_more_q) begin
      start      = 1'b1;
      start_byte = ser_buf_q;
    end else if (char_end && u_valid_i) begin
      start      = 1'b1;
      start_byte = u_data_i[7:0];
      u_take_o   = 1'b1;
    end
  end

  // [TPIU-SWO-5] engine step at a tick (the start decision comes from the block above).
  always_comb begin
    bc_d        = 16'h0000;
    ser_busy_d  = ser_busy_q;
    ser_cell_d  = ser_cell_q;
    ser_byte_d  = ser_byte_q;
    ser_buf_d   = ser_buf_q;
    ser_more_d  = ser_more_q;
    swo_d       = swo_q;
    txb_valid_d = 1'b0;
    txb_d       = 8'h00;

    if (swo_mode_i && !tick) begin
      bc_d = bc_q + 16'd1;
    end

    if (restart_i) begin
      // [TPIU-MODE-2] engine and baud counter restart; the line goes to the new idle level.
      bc_d       = 16'h0000;
      ser_busy_d = 1'b0;
      ser_cell_d = 5'd0;
      ser_byte_d = 8'h00;
      ser_buf_d  = 8'h00;
      ser_more_d = 1'b0;
      swo_d      = restart_nrz_i;
    end else if (tick) begin
      if (ser_busy_q && (ser_cell_q != last_cell)) begin
        // next cell of the current character
        ser_cell_d = ser_cell_q + 5'd1;
        swo_d      = cell_level(nrz_mode_i, ser_byte_q, ser_cell_q + 5'd1);
      end else if (ser_more_q) begin
        // the unit's second byte follows back to back
        ser_more_d = 1'b0;
      end else if (u_valid_i) begin
        // a new unit: byte0 starts, byte1 (if any) waits in ser_buf
        if (u_len_i == 2'd2) begin
          ser_buf_d  = u_data_i[15:8];
          ser_more_d = 1'b1;
        end
      end else begin
        // nothing to send: idle
        ser_busy_d = 1'b0;
        swo_d      = idle_level;
      end
      if (start) begin
        ser_busy_d  = 1'b1;
        ser_cell_d  = 5'd0;
        ser_byte_d  = start_byte;
        swo_d       = cell_level(nrz_mode_i, start_byte, 5'd0);
        txb_valid_d = 1'b1;
        txb_d       = start_byte;
      end
    end
  end

  // [TPIU-SWO-6], [TPIU-SWO-2], [TPIU-SWO-7]
  assign swo_o        = swo_mode_i & swo_q;
  assign tick_o       = tick;
  assign async_idle_o = !swo_mode_i || !ser_busy_q;
  assign txb_valid_o  = txb_valid_q;
  assign txb_o        = txb_q;
  assign swo_empty_o  = !ser_busy_q && !ser_more_q;

  // Reset: idle, line at the Manchester idle level (the reset TXMODE is 01).
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      bc_q        <= 16'h0000;
      ser_busy_q  <= 1'b0;
      ser_cell_q  <= 5'd0;
      ser_byte_q  <= 8'h00;
      ser_buf_q   <= 8'h00;
      ser_more_q  <= 1'b0;
      swo_q       <= 1'b0;
      txb_valid_q <= 1'b0;
      txb_q       <= 8'h00;
    end else begin
      bc_q        <= bc_d;
      ser_busy_q  <= ser_busy_d;
      ser_cell_q  <= ser_cell_d;
      ser_byte_q  <= ser_byte_d;
      ser_buf_q   <= ser_buf_d;
      ser_more_q  <= ser_more_d;
      swo_q       <= swo_d;
      txb_valid_q <= txb_valid_d;
      txb_q       <= txb_d;
    end
  end

  // ---- Assertions ------------------------------------------------------------------------
`ifndef SYNTHESIS
  always @(posedge clk_i or negedge rst_ni) begin : cell_range_A
    if (rst_ni) begin
      assert ((ser_cell_q <= last_cell) && !(ser_more_q && !ser_busy_q))
        else $error("%m: SWO engine state illegal");
    end
  end
`endif

endmodule

`default_nettype wire
